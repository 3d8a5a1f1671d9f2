// The list of moves, newest first, scrolled down to read older ones: it
// was drawn anew with every move and jumped back to its top, so that a
// player reading how the round went lost the place at each move. The same
// moves now stay where they were in the list's window as new ones come in
// above them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, hostTable, joinFromLink, playTurn, PHONE } from './helpers.mjs';

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

// The page scrolled down to the moves (on a phone on its side they are
// below the table) stays there as the others play: each move drew the
// page anew, gave the focus back to the card of the hand that had it, and
// the browser scrolled the page back up to that card (from 263 to 69 at
// 740x360), so that the moves could not be read while others played.
test('the page scrolled down to the moves stays there when a move draws it anew', async (t) => {
  const size = { width: 740, height: 360 };
  const host = await newPage(env.browser, size);
  const friend = await newPage(env.browser, size);
  await withShots(t, [host, friend], async () => {
    const code = await hostTable(host, env.server.url, 'Host', { seats: 2, kinds: ['open'], threshold: 100 });
    await joinFromLink(friend, env.server.url, code, 'Friend');
    await host.waitForSelector('.seat-list li:nth-child(2)', { timeout: 30000 });
    await host.click('#start');
    await host.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    // The friend's keyboard is on a card of her hand; she scrolls down
    // to the moves, the card half above the screen.
    await friend.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
    const before = await friend.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const card = document.activeElement.getBoundingClientRect();
      return { y: window.scrollY, cardTop: card.top, log: document.getElementById('log').textContent };
    });
    assert.ok(before.y > 0 && before.cardTop < 0, `the page scrolled down, the card above the screen (${before.y}, ${before.cardTop})`);
    assert.equal(await playTurn(host, -1), 'move');
    await friend.waitForFunction((log) => document.getElementById('log').textContent !== log, before.log, { timeout: 10000 });
    const after = await friend.evaluate(() => ({ y: window.scrollY, focus: !!document.activeElement?.closest('.hand') }));
    assert.deepEqual(after, { y: before.y, focus: true }, 'the page where she left it, the keyboard on her hand');
    assert.deepEqual(host.errors, []);
    assert.deepEqual(friend.errors, []);
  });
  await host.context().close();
  await friend.context().close();
});
