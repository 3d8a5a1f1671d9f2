// A person plays a whole match against computer players, at a phone's size
// and at a desktop's: create the table with options, start, play every turn
// through the page (clicking cards, taking or drawing, declaring), read each
// round's result, and reach the winner and the rematch button. Threshold 25
// keeps a match to a few rounds.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launch, newPage, withShots, setName, createTable, playTurn, PHONE, DESKTOP,
} from './helpers.mjs';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function playMatch(t, viewport, name) {
  const page = await newPage(browser, viewport);
  await withShots(t, [page], async () => {
    await page.goto(server.url + '/');
    await setName(page, name);
    const code = await createTable(page, { seats: 3, kinds: ['greedy', 'random'], threshold: 25 });
    assert.match(code, /^[A-Z0-9]+$/);
    assert.equal(new URL(page.url()).pathname, `/t/${code}`);
    // The lobby lists the three seats; the host starts.
    assert.equal(await page.locator('.seat-list li').count(), 3);
    await page.click('#start');
    await page.waitForSelector('.hand button', { timeout: 10000 });
    assert.equal(await page.locator('.hand button').count(), 5);

    let rounds = 0;
    let moves = 0;
    const deadline = Date.now() + 60000;
    for (;;) {
      assert.ok(Date.now() < deadline, 'the match did not end within 60 s');
      const did = await playTurn(page);
      if (did === 'over') break;
      if (did === 'next') rounds++;
      if (did === 'move' || did === 'declare') moves++;
      await page.waitForTimeout(did ? 150 : 50);
    }
    const winner = await page.textContent('.winner');
    assert.ok(winner && winner.length > 0);
    assert.equal(await page.locator('#rematch').count(), 1, 'the host gets a rematch button');
    assert.ok(moves > 0, 'the person made moves');
    const log = await page.locator('#log li').allTextContents();
    assert.ok(log.some((l) => /won the match/.test(l)), 'the log ends with the winner');
    assert.ok(log.some((l) => /discarded .*, (drew|took)/.test(l)), 'moves are written as sentences');
    assert.deepEqual(page.errors, []);
    t.diagnostic(`${name}: ${rounds} rounds dismissed, ${moves} moves`);
  });
  await page.context().close();
}

test('a person plays a whole match against computer players on a phone', async (t) => {
  await playMatch(t, PHONE, 'Ada');
});

test('a person plays a whole match against computer players on a desktop', async (t) => {
  await playMatch(t, DESKTOP, 'Ben');
});
