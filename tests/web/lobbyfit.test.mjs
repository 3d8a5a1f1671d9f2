// The host's lobby on a phone: Start is what the host came for, and it
// must be on the first screen (the focus is on the page's title at the
// top). With three seats it was below it at 390x844, under the table's
// link, its code, the seats and the rules. Checked by Start's box against
// the viewport, the page at its top.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, hostTable, PHONES } from './helpers.mjs';

const env = setup();

// (Phones held upright, from 320x640, where a full table's Add computer
// player, which the server would refuse, put Start some 50 px below the
// screen; on its side a phone's 360 px hold the link and the seats, and
// the page scrolls to Start.)
for (const size of PHONES.filter((p) => p.height > p.width)) {
  for (const kinds of [['greedy', 'greedy'], ['open', 'greedy'], ['open', 'open']]) {
    test(`${size.width}x${size.height}, 3 seats (${kinds}): Start is on the lobby's first screen`, async (t) => {
      const page = await newPage(env.browser, size);
      await withShots(t, [page], async () => {
        await hostTable(page, env.server.url, `Ada${size.width}${kinds.join('').length}`, { seats: 3, kinds });
        await page.waitForSelector('#start', { timeout: 10000 });
        await page.evaluate(() => window.scrollTo(0, 0));
        const box = await page.evaluate(() => {
          const r = document.getElementById('start').getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, height: window.innerHeight };
        });
        assert.ok(box.top >= 0 && box.bottom <= box.height,
          `Start [${Math.round(box.top)}, ${Math.round(box.bottom)}] in ${size.width}x${box.height}`);
        assert.deepEqual(page.errors, []);
      });
      await page.context().close();
    });
  }
}
