// Moves that arrive back to back (a server whose computer players do
// not wait: --bot-delay 0) are all heard. The live region was cleared
// and written 30 ms after each text it was given, so a text given
// within those 30 ms replaced the one before it before a screen reader
// read it: at a table with two computer players, of the three moves
// after the player's own only the last was heard. Now what comes
// meanwhile is written together, in order, once.
// The page's clock is the test's: it stands still while the moves come
// (so that they come "within 30 ms" on any machine, however slow), then
// runs on by a second, and the region then says every move, each once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, hostTable, playTurn, DESKTOP } from './helpers.mjs';

const env = setup();

test('moves that arrive back to back are each heard once', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    await page.clock.install();
    await hostTable(page, env.server.url, 'Ray', { seats: 3, kinds: ['greedy', 'greedy'], start: true });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const names = await page.$$eval('.seat h3', (hs) => hs.map((x) => x.firstChild.textContent));
    assert.equal(names.length, 3);
    const logged = () => page.$$eval('#log li', (lis) => lis.length);
    const before = await logged();
    await page.clock.pauseAt(await page.evaluate(() => Date.now()) + 1000);
    await page.clock.runFor(1000); // (what was said at the deal is out of the way)
    // Ray moves; both computer players move; Ray's turn again (or the
    // round ended: then there is nothing to test, and the test says so).
    assert.equal(await playTurn(page, -1), 'move');
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length >= n + 3, before, { timeout: 30000 });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await logged(), before + 3, 'three moves, no more: the round goes on');
    await page.clock.runFor(1000);
    const said = await page.textContent('#announce');
    t.diagnostic(said);
    // Each player's move, once (Ray's as "You").
    for (const who of ['You', names[1], names[2]]) {
      const moves = said.split(/(?<=\.) /).filter((x) => x.startsWith(`${who} `) && /discarded|took/.test(x));
      assert.equal(moves.length, 1, `${who}'s move in: ${said}`);
    }
    assert.match(said, /Your turn/);
  });
});
