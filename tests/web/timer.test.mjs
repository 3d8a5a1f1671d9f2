// The turn timer: a player who does not move sees the seconds count down,
// hears a warning 10 seconds before the end, and when the time runs out
// the computer plays the turn, which the log says. 15 s is the shortest
// turn time a table may have.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, PHONE } from './helpers.mjs';

const env = setup();

test('a turn left to run out is warned of, then played by the computer', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Ada');
    await createTable(page, { seats: 2, kinds: ['greedy'], turn_time: 15 });
    await page.evaluate(() => {
      window.said = [];
      const el = document.getElementById('announce');
      new MutationObserver(() => window.said.push(el.textContent))
        .observe(el, { childList: true, characterData: true, subtree: true });
    });
    await page.click('#start');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const hand = await page.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.dataset.card));
    assert.match(await page.textContent('.turn-line .timer'), /1[0-5] s left/);
    await page.waitForFunction(() => window.said.some((x) => /^(10|9|8) seconds left to play\.$/.test(x)),
      null, { timeout: 30000 });
    await page.waitForSelector('#log li >> text=(time ran out: the computer played)', { timeout: 30000 });
    const line = await page.textContent('#log li >> text=(time ran out: the computer played)');
    assert.match(line, /^You discarded .*, (drew|took) .* \(time ran out: the computer played\)$/);
    // The hand changed by the computer's move for this seat.
    await page.waitForFunction((h) => {
      const now = [...document.querySelectorAll('.hand button')].map((b) => b.dataset.card);
      return now.length > 0 && now.join() !== h.join();
    }, hand, { timeout: 30000 });
    assert.deepEqual(page.errors, []);
  });
});
