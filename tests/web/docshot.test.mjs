// The phone's screenshot of docs/play-online.md: a turn at a table of
// four, two cards of different ranks selected, and the line under the
// hand saying why they may not go. The test checks that page (the line,
// the hand and Draw on the first screen); LS_DOC_SHOTS=1 also writes it
// to docs/play-online-phone.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { setup, newPage, withShots, hostTable, ROOT, PHONE } from './helpers.mjs';
import { s } from '../../web/strings.js';
import { checkDiscard } from '../../web/rules.js';

const env = setup();

test('a turn on a phone: two cards selected, and why they may not go', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    await hostTable(page, env.server.url, 'Ada', { seats: 4, kinds: ['greedy', 'expert', 'greedy'], threshold: 25, start: true });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const hand = await page.$$eval('.hand button', (bs) => bs.map((b) => b.dataset.card));
    const rank = (c) => c.slice(0, -1);
    const a = hand[0];
    const b = hand.find((c) => rank(c) !== rank(a) && !checkDiscard([a, c], 'any').ok);
    assert.ok(b, `two cards that may not go together in ${hand}`);
    await page.click(`.hand button[data-card="${a}"]`);
    await page.click(`.hand button[data-card="${b}"]`);
    const why = s.selectionBad(s.reasons[checkDiscard([a, b], 'any').reason]);
    await page.waitForFunction((x) => document.getElementById('selection')?.textContent === x, why, { timeout: 3000 });
    // (the page at its top, as it is first seen)
    await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
    const off = await page.evaluate(() => [...document.querySelectorAll('.hand button, #selection, #draw')]
      .filter((el) => el.getBoundingClientRect().bottom > window.innerHeight).map((el) => el.dataset.card || el.id));
    assert.deepEqual(off, [], 'the hand, its line and Draw on the first screen');
    if (process.env.LS_DOC_SHOTS) await page.screenshot({ path: path.join(ROOT, 'docs', 'play-online-phone.png') });
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
