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
// over 25, and the two friends play on. (It used to be played against
// three computer players, whose declarations the deal decided: a match
// could end before Bold was out, and the test played up to five
// matches hoping for one that did not, and could still fail.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, joinFromLink, playTurn, declare, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

const value = (c) => Math.min(10, ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
  .indexOf(c.slice(0, -1)) + 1);

// What a page shows: whether the player is out, whether a round is in
// play, her hand's total, the seat to move (or -1), and whether the page
// may declare and whose turn it is.
function look(page) {
  return page.evaluate(() => ({
    out: !!document.querySelector('.seat.me.out'),
    playing: !!document.querySelector('.center'),
    myTurn: !!document.querySelector('.hand-panel[data-act]'),
    declare: !!document.querySelector('#declare:not([disabled])'),
    turn: Number(document.querySelector('.seat.turn')?.dataset.seat ?? -1),
    hand: [...document.querySelectorAll('.hand button')].map((b) => b.dataset.card),
    open: [...document.querySelectorAll('#open button')].map((b) => b.dataset.card),
  }));
}
const total = (hand) => hand.reduce((a, c) => a + value(c), 0);

// One of Bold's turns: Declare when both friends' pages show his turn
// (so their hands are the ones he declares against) and one of them
// holds less than he does; else his lowest card away, the highest open
// card taken if it is higher, or a card drawn.
async function boldTurn(bold, st, friends) {
  if (st.declare) {
    const them = await Promise.all(friends.map(look));
    if (them.every((f) => f.turn === 0) && them.some((f) => total(f.hand) < total(st.hand))) {
      await declare(bold);
      return;
    }
  }
  const low = [...st.hand].sort((a, b) => value(a) - value(b))[0];
  await bold.click(`.hand button[data-card="${low}"]`);
  const high = [...st.open].sort((a, b) => value(b) - value(a))[0];
  if (high && value(high) > value(low)) await bold.click(`#open button[data-card="${high}"]`);
  else await bold.click('#draw');
}

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
    const deadline = Date.now() + 120000;
    for (;;) {
      assert.ok(Date.now() < deadline, 'Bold out, with the match going on, within 120 s');
      const st = await look(bold);
      assert.ok(!(await bold.$('.winner')), 'the match ended: nobody but Bold scores, and he alone can go out');
      if (st.out && st.playing) break;
      let did = null;
      if (st.myTurn) {
        await boldTurn(bold, st, [cleo, dax]).catch(() => {}); // (a round's end may take the turn meanwhile)
        did = 'move';
      } else if (await bold.isVisible('#next')) did = await playTurn(bold, -1);
      for (const friend of [cleo, dax]) did = (await playTurn(friend, -1)) || did;
      await bold.waitForTimeout(did ? 150 : 50);
    }
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
