// A player who is out of the match while the others play on is told so.
// The page used to show the table without a hand and without a word of
// why (only a small "out" tag on the player's panel), and a Hint button
// that could never be pressed. The player here declares at every chance,
// so that false declarations (20 points and more each) put them out
// above 25 while the three computer players, paced so that a round lasts
// a few seconds, play on. The server deals from the operating system's
// randomness, so a deal can end the match before the player is out (a
// declaration that turns out right, or two others out in the same round):
// then the host starts a rematch, up to five matches in all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, playTurn, PHONE } from './helpers.mjs';

const env = setup(['--bot-delay', '1500']);

test('a player who is out while the match goes on is told so, with no hint to ask for', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Bold');
    await createTable(page, { seats: 4, kinds: ['greedy', 'greedy', 'greedy'], threshold: 25 });
    await page.click('#start');
    const deadline = Date.now() + 200000;
    let matches = 1;
    for (;;) {
      assert.ok(Date.now() < deadline, 'out, with the match going on, within 200 s');
      const st = await page.evaluate(() => ({
        out: !!document.querySelector('.seat.me.out'),
        playing: !!document.querySelector('.center'),
        over: !!document.querySelector('.winner'),
      }));
      if (st.over) {
        assert.ok(matches < 5, 'in five matches the player was never out while the others played on');
        await page.click('#rematch');
        await page.waitForSelector('.winner', { state: 'detached' });
        matches++;
        continue;
      }
      if (st.out && st.playing) break;
      await playTurn(page, 99);
      await page.waitForTimeout(100);
    }
    const note = await page.textContent('#out-note');
    assert.match(note, /^You are out of this match: \d+ points is over 25\. The others play on/);
    assert.equal(await page.$('#hint'), null, 'no hint for a player with no hand');
    // The log (and what a screen reader heard) says so at the round's end,
    // with whoever else went out in the same round ('You and Greedy-2 are
    // out of the match.').
    assert.match(await page.textContent('#log'),
                 /(round \d+ is over|the lowest hand)\. You( and [^.]+|, [^.]+)? are out of the match\./);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
