// The host's lobby on a phone: Start is what the host came for, and it
// must be on the first screen (the focus is on the page's title at the
// top). With three seats it was below it at 390x844, under the table's
// link, its code, the seats and the rules. Checked by Start's box against
// the viewport, the page at its top.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, hostTable, PHONES } from './helpers.mjs';

// (18 tables from one address: more than the server's 10 by default.)
const env = setup(['--max-tables-per-address', '20']);

// (Phones held upright, from 320x640, where a full table's Add computer
// player, which the server would refuse, put Start some 50 px below the
// screen; on its side a phone's 360 px hold the link and the seats, and
// the page scrolls to Start.)
// (And 8 seats: the seats' rows came before Start, and at 320x640 seven
// of them put it at [1039, 1083], at 390x844 [863, 907].)
const TABLES = [['greedy', 'greedy'], ['open', 'greedy'], ['open', 'open'],
  Array(7).fill('greedy'), ['open', ...Array(6).fill('greedy')], Array(7).fill('open')];
for (const size of PHONES.filter((p) => p.height > p.width)) {
  for (const [i, kinds] of TABLES.entries()) {
    const seats = kinds.length + 1;
    const shown = seats === 3 ? kinds : [...new Set(kinds)];
    test(`${size.width}x${size.height}, ${seats} seats (${shown}): Start is on the lobby's first screen`, async (t) => {
      await openPages(t, env.browser, [size], async (page) => {
        await hostTable(page, env.server.url, `Ada${size.width}t${i}`, { seats, kinds });
        await page.waitForSelector('#start', { timeout: 10000 });
        await page.evaluate(() => window.scrollTo(0, 0));
        const box = await page.evaluate(() => {
          const r = document.getElementById('start').getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, height: window.innerHeight };
        });
        assert.ok(box.top >= 0 && box.bottom <= box.height,
          `Start [${Math.round(box.top)}, ${Math.round(box.bottom)}] in ${size.width}x${box.height}`);
      });
    });
  }
}
