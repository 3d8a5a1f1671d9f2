// The list of moves, newest first, scrolled down to read older ones: it
// was drawn anew with every move and jumped back to its top, so that a
// player reading how the round went lost the place at each move. The same
// moves now stay where they were in the list's window as new ones come in
// above them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, playTurn, PHONE } from './helpers.mjs';

const env = setup();

test('the moves scrolled down to older ones stay in view as new ones come in', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Lea');
    // (Nobody may declare above 1: the round goes on, and the list grows
    // by moves alone.)
    await page.fill('#opt-declare_max', '1');
    await createTable(page, { seats: 4, kinds: ['greedy', 'greedy', 'greedy'], threshold: 100 });
    await page.click('#start');
    await page.waitForSelector('#log li', { timeout: 30000 });
    // Moves until the list scrolls well (the phone's list is 8 lines high).
    const deadline = Date.now() + 60000;
    while (await page.$eval('#log', (l) => l.scrollHeight < l.clientHeight * 2.5)) {
      assert.ok(Date.now() < deadline, 'the list of moves grew long enough in 60 s');
      await page.waitForSelector('.hand-panel[data-act], #next', { timeout: 30000 });
      await playTurn(page, -1);
      await page.waitForTimeout(200);
    }
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    // Scroll down and note the move at the list's top edge, and where.
    // (A move is known by its place counted from the oldest: the same
    // words come again, "Greedy declared" in each round.)
    const seen = await page.$eval('#log', (l) => {
      l.scrollTop = l.clientHeight;
      const top = l.getBoundingClientRect().top;
      const all = [...l.children];
      const li = all.find((x) => x.getBoundingClientRect().bottom > top + 1);
      return {
        text: li.textContent, fromOldest: all.length - 1 - all.indexOf(li),
        offset: li.getBoundingClientRect().top - top, count: all.length,
      };
    });
    assert.equal(await playTurn(page, -1), 'move');
    // (Mine and the next player's, drawn; then the list is still scrolled.)
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length >= n + 2, seen.count, { timeout: 10000 });
    await page.waitForFunction(() => document.querySelector('#log').scrollTop > 0, null, { timeout: 3000 })
      .catch(() => {});
    const now = await page.$eval('#log', (l, i) => {
      const li = l.children[l.children.length - 1 - i];
      return {
        scrollTop: l.scrollTop, text: li.textContent, offset: li.getBoundingClientRect().top - l.getBoundingClientRect().top,
      };
    }, seen.fromOldest);
    assert.equal(now.text, seen.text);
    assert.ok(now.scrollTop > 0, 'the list is not back at its top');
    assert.ok(Math.abs(now.offset - seen.offset) < 2, `'${seen.text}' was ${seen.offset} px from the list's top, is ${now.offset}`);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
