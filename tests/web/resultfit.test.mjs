// A round's result at a table of 8 on a phone held upright. The result
// lists eight hands, each score explained, and is some 1200 px long; the
// focus goes to Next round, and the browser scrolled the page to that
// button at the result's foot, leaving the round's heading and what
// happened (who declared, whether it was right) above the screen. Now the
// heading, the sentence of what happened and Next round are all on the
// screen when the result appears, with the focus on Next round.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, playToRoundEnd, fullTable, PHONES } from './helpers.mjs';

const env = setup();

for (const size of PHONES) {
  test(`${size.width}x${size.height}, 8 seats: the round's outcome and Next round are on the screen`, async (t) => {
    const page = await newPage(env.browser, size);
    await withShots(t, [page], async () => {
      await fullTable(page, env.server.url, `Eve${size.width}`, 8);
      // Ada declares as soon as she may, whatever her hand: the round ends.
      await playToRoundEnd(page);
      await page.waitForFunction(() => document.activeElement?.id === 'next', null, { timeout: 10000 });
      const off = await page.evaluate(() => {
        const out = [];
        const head = document.getElementById('result-h');
        const what = head?.nextElementSibling;
        for (const [el, name] of [[head, 'the heading'], [what, 'what happened'], [document.getElementById('next'), 'Next round']]) {
          if (!el) { out.push(`no ${name}`); continue; }
          const r = el.getBoundingClientRect();
          if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5) out.push(`${name} [${Math.round(r.top)}, ${Math.round(r.bottom)}] in ${window.innerHeight}`);
        }
        return out;
      });
      assert.deepEqual(off, []);
      assert.deepEqual(page.errors, []);
    });
    await page.context().close();
  });
}
