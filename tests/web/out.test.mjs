// A player who is out of the match while the others play on is told so.
// The page used to show the table without a hand and without a word of
// why (only a small "out" tag on the player's panel), and a Hint button
// that could never be pressed.
//
// Whatever the deal, the test brings it about in one match: Bold plays
// at a table of three with two friends, Cleo and Dax, whose pages the
// test plays too. The friends never declare, so that nobody scores but
// by Bold's declarations. Bold keeps high cards (he throws his lowest
// away and takes the highest open card when it is higher) and declares
// only when his total is above a friend's, as both friends' pages show
// it on his turn: a declaration that is false for certain (R7), 20
// points and more each, while the friends score 0. Two at most put him
// over 25, and the two friends play on (playUntilOut in helpers.mjs, which
// timedoutwatch.test.mjs uses too). (It used to be played against
// three computer players, whose declarations the deal decided: a match
// could end before Bold was out, and the test played up to five
// matches hoping for one that did not, and could still fail.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, joinFromLink, playUntilOut, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

test('a player who is out while the match goes on is told so, with no hint to ask for', async (t) => {
  await openPages(t, env.browser, [PHONE, DESKTOP, DESKTOP], async (bold, cleo, dax) => {
    await bold.goto(env.server.url + '/');
    await setName(bold, 'Bold');
    const code = await createTable(bold, { seats: 3, kinds: ['open', 'open'], threshold: 25 });
    await joinFromLink(cleo, env.server.url, code, 'Cleo');
    await joinFromLink(dax, env.server.url, code, 'Dax');
    await bold.waitForSelector('#start:not([disabled])', { timeout: 10000 });
    await bold.click('#start');
    await bold.waitForSelector('.hand button', { timeout: 30000 });
    await playUntilOut(bold, [cleo, dax], 120000);
    const note = await bold.textContent('#out-note');
    assert.match(note, /^You are out of this match: \d+ points is over 25\. The others play on/);
    t.diagnostic(note);
    assert.equal(await bold.$('#hint'), null, 'no hint for a player with no hand');
    // The log (and what a screen reader heard) says so at the round's
    // end: Bold declared falsely, and he alone went out.
    assert.match(await bold.textContent('#log'), /round \d+ is over\. You are out of the match\./);
    // The friends play on, and see him out.
    for (const friend of [cleo, dax]) {
      assert.equal(await friend.locator('.seat.out').count(), 1, 'one player out on a friend\'s page');
      assert.ok(await friend.isVisible('.hand button'), 'a friend still has a hand');
    }
  });
});
