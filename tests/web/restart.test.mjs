// Nothing lost, as a person sees it (issue 11's story): a player plays a
// match in the browser, the server is killed (kill -9) in the middle of
// it and started again on the same store and port; the page reconnects by
// itself to the same seat with the same hand and the log of the moves
// seen before, the player finishes the match, follows the link at its end
// to the replay, and finds the match in the history with its rating
// change.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launch, newPage, withShots, setName, createTable, playMoves, playToEnd, DESKTOP, closeRestart,
} from './helpers.mjs';

let first;
let second;
let browser;
after(() => closeRestart(browser, first, second));

const hand = (page) => page.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.dataset.card));

test('a match survives kill -9 of the server and ends in the history with its replay and rating change', async (t) => {
  first = await startServer([], { db: true });
  browser = await launch();
  const page = await newPage(browser, DESKTOP);
  await withShots(t, [page], async () => {
    await page.goto(first.url + '/');
    await setName(page, 'Ada');
    const code = await createTable(page, { seats: 2, kinds: ['greedy'], threshold: 50 });
    await page.click('#start');
    // Ada starts round 1: her first hand is the one dealt.
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const dealt = await hand(page);
    // A few moves of Ada's (never declaring), then her turn again.
    await playMoves(page, 3);
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const before = await hand(page);
    const round = await page.textContent('h1');
    const seen = await page.locator('#log li').allTextContents();

    await first.kill9();
    await page.waitForSelector('.banner', { timeout: 15000 });
    second = await startServer([], { db: true, dataDir: first.dataDir, port: first.port });

    // The page comes back by itself to the same seat, hand and turn.
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(new URL(page.url()).pathname, `/t/${code}`);
    assert.deepEqual(await hand(page), before);
    assert.equal(await page.textContent('h1'), round);
    // The moves seen before the kill are still in the log, under what
    // came after (the server's snapshot has nothing from before the
    // restart; the log used to start again from it, empty).
    const log = await page.locator('#log li').allTextContents();
    assert.ok(seen.filter((l) => /^You discarded/.test(l)).length >= 3, `moves before the kill: ${seen}`);
    assert.deepEqual(log.slice(-seen.length), seen, `the log after the restart: ${log}`);

    await playToEnd(page);
    await page.waitForSelector('#see-replay', { timeout: 15000 });
    await page.click('#see-replay');
    await page.waitForSelector('#replay-step', { timeout: 15000 });
    const id = /\/matches\/(\d+)$/.exec(new URL(page.url()).pathname)[1];
    const rows = await page.locator('#match-players tbody tr').allTextContents();
    assert.ok(rows.some((r) => /Ada/.test(r) && /→/.test(r)), `Ada's rating change: ${rows}`);
    // The replay holds what was played before the kill: it starts with
    // the hand Ada was dealt.
    const first0 = await page.locator('.replay-seat[data-seat="0"] .card').evaluateAll((cs) => cs.map((c) => c.dataset.card));
    assert.deepEqual([...first0].sort(), [...dealt].sort());
    await page.click('#replay-last');
    assert.match(await page.textContent('#replay-move'), /won the match/);

    await page.goto(`${second.url}/players/Ada`);
    await page.waitForSelector('#history', { timeout: 15000 });
    assert.equal(await page.getAttribute('#history tbody tr', 'data-match'), id);
    assert.equal(await page.locator('#rating-history tbody tr').count(), 1);
    assert.deepEqual(page.errors, []);
  });
});
