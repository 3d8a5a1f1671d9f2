// A turn whose time ran out, played by the computer for the seat: the
// player, back at her phone, read it only in the moves' log, under her
// hand ("(time ran out: the computer played)"), and saw her cards changed
// without a word where her eye is; the others saw nothing of who had
// been slow. Now the line under her hand says it (while nothing is
// selected), the line under the others' hands says whose time ran out
// (on a phone her panel may be out of the row's view), and her panel
// says *time ran out* in place of *online* on every page, until she
// moves again (or a minute passes); nothing is
// added above the hand for it, and a screen reader hears it once, with
// the move.
// A phone (390x844) and a desktop (1280x800) at a table of three with
// a turn time of 20 s (the steps of a turn have 20 s under a sanitizer)
// and declaring allowed at 1 point or less, so that no computer player
// ends the round between the test's steps by declaring (the last could,
// and then shows no hand).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, joinFromLink, playTurn, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

// What a page shows of a time run out: the line under its hand, each
// player's panel's status, and the hand's box (left, top).
const shown = (page) => page.evaluate(() => ({
  line: document.getElementById('selection')?.textContent,
  lineMarked: !!document.querySelector('#selection.timed-out'),
  status: [...document.querySelectorAll('.seat')].map((el) => `${el.querySelector('h3').firstChild.textContent}: ${el.querySelector('.status').textContent}`),
  hand: (() => { const r = document.querySelector('.hand')?.getBoundingClientRect(); return r && [r.left, r.top + scrollY]; })(),
  // (the line's top less the hand's foot: the line is under the hand)
  below: document.querySelector('.hand')
    && document.getElementById('selection').getBoundingClientRect().top - document.querySelector('.hand').getBoundingClientRect().bottom,
  // (each panel's status line's height: one line each)
  heights: [...document.querySelectorAll('.seat .status')].map((el) => Math.round(el.getBoundingClientRect().height)),
}));

// Records what the page's live region says (window.said).
const listen = (page) => page.evaluate(() => {
  window.said = [];
  const el = document.getElementById('announce');
  new MutationObserver(() => { if (el.textContent) window.said.push(el.textContent); })
    .observe(el, { childList: true, characterData: true, subtree: true });
});

const YOU = 'Time ran out: the computer played your turn.';

test('a turn played by the computer as its time ran out is told by the hand and in the player\'s panel, until she moves', async (t) => {
  await openPages(t, env.browser, [PHONE, DESKTOP], async (ada, bob) => {
    await ada.clock.install();
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 3, kinds: ['open', 'greedy'], turn_time: 20, declare_max: 1 });
    await joinFromLink(bob, env.server.url, code, 'Bob');
    await ada.click('#start');
    await ada.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await bob.waitForSelector('.hand-panel', { timeout: 30000 });
    await listen(ada);
    await listen(bob);
    const before = { ada: await shown(ada), bob: await shown(bob) };
    assert.equal(before.ada.line, 'Select the cards to throw away.');
    assert.ok(before.bob.status.includes('Ada: online'), before.bob.status.join(', '));
    // Ada lets her time run out; the computer plays for her.
    await ada.waitForSelector('#log li >> text=(time ran out: the computer played)', { timeout: 30000 });
    await bob.waitForSelector('#log li >> text=(time ran out: the computer played)', { timeout: 30000 });
    // Bob's turn (Greedy's came between): nobody has moved since but the
    // computer.
    await bob.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const after = { ada: await shown(ada), bob: await shown(bob) };
    assert.equal(after.ada.line, YOU, 'the line under Ada\'s hand');
    assert.ok(after.ada.lineMarked);
    assert.ok(after.bob.status.includes('Ada: time ran out'), `Bob's page: ${after.bob.status.join(', ')}`);
    assert.equal(after.bob.line, 'Time ran out for Ada: the computer played.', 'the line under Bob\'s hand');
    assert.ok(after.bob.lineMarked);
    assert.ok(after.bob.below >= 0, `the line under Bob's hand is ${after.bob.below} px below it`);
    // Nothing was added above the hand, nor a line to a panel.
    assert.ok(after.ada.below >= 0, `the line under Ada's hand is ${after.ada.below} px below it`);
    assert.equal(new Set(after.bob.heights).size, 1, `the panels' status lines on Bob's page: ${after.bob.heights}`);
    // Heard once on each page, with the move.
    for (const [who, page] of [['Ada', ada], ['Bob', bob]]) {
      const said = (await page.evaluate(() => window.said)).filter((x) => /time ran out/i.test(x));
      assert.equal(said.length, 1, `${who}'s page said: ${JSON.stringify(said)}`);
    }
    // Bob moves: still told (Ada has not moved again).
    assert.equal(await playTurn(bob, -1), 'move');
    await ada.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal((await shown(ada)).line, YOU, 'Ada\'s turn again');
    assert.ok((await shown(bob)).status.includes('Ada: time ran out'));
    // A card selected: the line says what it says of the selection.
    const card = await ada.getAttribute('.hand button', 'data-card');
    await ada.click(`.hand button[data-card="${card}"]`);
    assert.notEqual((await shown(ada)).line, YOU);
    await ada.click(`.hand button[data-card="${card}"]`);
    assert.equal((await shown(ada)).line, YOU);
    // (and the card let go did not say it again)
    await ada.waitForFunction(() => window.said.at(-1) === 'Select the cards to throw away.', null, { timeout: 10000 });
    const again = (await ada.evaluate(() => window.said)).filter((x) => /time ran out/i.test(x));
    assert.equal(again.length, 1, `Ada's page said: ${JSON.stringify(again)}`);
    // A minute later on her page's clock, the line under her hand is
    // back (her turn's time has not run out at the server).
    await ada.clock.fastForward(61000);
    await ada.waitForFunction(() => document.getElementById('selection')?.textContent === 'Select the cards to throw away.',
      null, { timeout: 10000 });
    const unmarked = await shown(ada);
    assert.ok(!unmarked.lineMarked);
    // (The hand's place is not compared across that minute: in a clean
    // run of the whole suite it was 16.6 px higher after it, and once in
    // a run of this file 21 px lower after a card's selection. The first
    // is likely the turn's countdown, which changed width with its
    // figures and could take a line from above the hand (16 px at
    // 350-376 px wide: countdown.test.mjs, fixed); the second is not yet
    // found. That the notice adds nothing above the hand is checked
    // above, on Bob's page and by the line's place under Ada's hand.)
    assert.ok((await shown(bob)).status.includes('Ada: time ran out'), 'Bob\'s page, on its own clock');
    // Ada moves: gone from Bob's page too.
    assert.equal(await playTurn(ada, -1), 'move');
    await bob.waitForFunction(() => [...document.querySelectorAll('.seat .status')].every((el) => el.textContent !== 'time ran out'),
      null, { timeout: 30000 });
    // (The computer's move after hers may have declared: then the round's
    // result is shown, and no hand.)
    const end = await shown(bob);
    assert.ok(end.status.includes('Ada: online'), end.status.join(', '));
    if (end.hand) assert.equal(end.line, 'Select the cards to throw away.');
    assert.ok(!end.lineMarked);
  });
});
