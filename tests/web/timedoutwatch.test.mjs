// Whose turn's time ran out (the computer played it), told to a page
// with no hand: a spectator's, and a player's out of the match. They
// read it only in the player's panel and in the moves' log, which on a
// phone may be scrolled out of view; the seated players read it under
// their hand. Now it is a line in the hand's place, under the open
// cards (#timed-out-note), on the screen of a phone, until that player
// moves again; a screen reader hears it once, with the move.
// Bold is brought out of the match as out.test.mjs does (playUntilOut in
// helpers.mjs: at a table of three with two friends, Cleo and Dax, who
// never declare, he declares falsely until he is over 25); the table has
// a turn time of 20 s
// (Bold's and the friends' moves are made at once). Then Cleo lets her
// turn's time run out while Bold and Zed, a spectator, both on phones,
// look on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, joinFromLink, playTurn, playUntilOut, seatedState as look, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

// The note in the hand's place: its text, whether it is within the
// screen (the page not scrolled), and whether the page has a hand.
const note = (page) => page.evaluate(() => {
  const el = document.getElementById('timed-out-note');
  const r = el?.getBoundingClientRect();
  return { text: el?.textContent ?? null, seen: !!r && r.top >= 0 && r.bottom <= innerHeight, hand: !!document.querySelector('.hand') };
});

// Records what the page's live region says (window.said).
const listen = (page) => page.evaluate(() => {
  window.said = [];
  const el = document.getElementById('announce');
  new MutationObserver(() => { if (el.textContent) window.said.push(el.textContent); })
    .observe(el, { childList: true, characterData: true, subtree: true });
});

test('a spectator and a player out of the match read whose time ran out where the hand would be', async (t) => {
  await openPages(t, env.browser, [PHONE, DESKTOP, DESKTOP, PHONE], async (bold, cleo, dax, zed) => {
    await bold.goto(env.server.url + '/');
    await setName(bold, 'Bold');
    const code = await createTable(bold, { seats: 3, kinds: ['open', 'open'], threshold: 25, turn_time: 20 });
    await joinFromLink(cleo, env.server.url, code, 'Cleo');
    await joinFromLink(dax, env.server.url, code, 'Dax');
    await bold.waitForSelector('#start:not([disabled])', { timeout: 10000 });
    await bold.click('#start');
    await bold.waitForSelector('.hand button', { timeout: 30000 });
    await playUntilOut(bold, [cleo, dax], 150000);
    // Zed watches.
    await zed.goto(env.server.url + '/');
    await zed.fill('#code', code);
    await zed.click('#watch');
    await zed.waitForSelector('.center', { timeout: 30000 });
    // Dax plays until it is Cleo's turn; then nobody moves.
    let cleoTurn = false;
    for (let i = 0; i < 200 && !cleoTurn; i++) {
      cleoTurn = (await look(cleo)).myTurn;
      if (!cleoTurn && !(await playTurn(dax, -1))) await dax.waitForTimeout(100);
    }
    assert.ok(cleoTurn, 'Cleo\'s turn');
    assert.ok(!(await look(cleo)).declare, 'Cleo\'s first turn of the round');
    for (const page of [bold, zed]) {
      await listen(page);
      assert.deepEqual(await note(page), { text: null, seen: false, hand: false });
    }
    // Her time runs out: the computer plays for her.
    for (const page of [bold, zed]) {
      await page.waitForSelector('#timed-out-note', { timeout: 40000 });
      const shown = await note(page);
      assert.equal(shown.text, 'Time ran out for Cleo: the computer played.');
      assert.ok(shown.seen, 'the note is on the phone\'s screen');
      const said = (await page.evaluate(() => window.said)).filter((x) => /time ran out/i.test(x));
      assert.equal(said.length, 1, `said: ${JSON.stringify(said)}`);
    }
    // Dax moves: still there. Cleo moves: gone.
    await dax.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(dax, -1), 'move');
    await cleo.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    for (const page of [bold, zed]) assert.equal((await note(page)).text, 'Time ran out for Cleo: the computer played.');
    assert.equal(await playTurn(cleo, -1), 'move');
    for (const page of [bold, zed]) await page.waitForFunction(() => !document.getElementById('timed-out-note'), null, { timeout: 30000 });
  });
});
