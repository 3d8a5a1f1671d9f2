// Late in a match on the smallest phone held upright, 320x568: the hand,
// the line under it and the turn's controls on the first screen, the page
// unscrolled. The title on two lines ("Match 12 · Round 27 · out above
// 100"), three watchers, every player at 100 points or near with 12 wins,
// every panel full (two cards known, five thrown) and five open cards: on
// a later turn, Declare on the screen, three cards selected that may not
// go together (the longest reason: not a run, three lines), the line under
// the hand ended 15 px below the screen at a table of 7 with 7 cards, and
// as much with a hand of 5. The states the page is sent are changed so
// (helpers.mjs's fullPanels and lateMatch below), the worst a match gives
// on every run, not by the deal's chance.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, fullTable, fullPanels } from './helpers.mjs';
import { checkDiscard } from '../../web/rules.js';

const env = setup();

// For a page's init script: every state the page is sent is the 27th
// round of the 12th match, each player at 100 points or just under, with
// 12 wins; three watch.
function lateMatch() {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      super.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'state' && msg.view && Array.isArray(msg.view.seats)) {
          msg.view.round = 27;
          msg.view.match = 12;
          msg.view.seats.forEach((seat, i) => { if (seat) Object.assign(seat, { score: 100 - i, wins: 12 }); });
        }
        fn(new MessageEvent('message', { data: JSON.stringify(msg) }));
        if (msg.type === 'state') fn(new MessageEvent('message', { data: JSON.stringify({ type: 'watchers', count: 3 }) }));
      };
    }
  };
}

// What of the turn is off the first screen (or the page scrolled): the
// hand's cards, the open cards, the turn's line, Draw, Declare and the
// line under the hand, each as 'what [left top right bottom]'. Half a
// pixel past the foot is no part of the screen lost (a line may end at
// 568.3 by the deal's words).
const offScreen = (page) => page.evaluate(() => {
  const out = [];
  if (window.scrollY) out.push(`the page scrolled ${window.scrollY} px`);
  const els = [...document.querySelectorAll('.hand button, #open button, .turn-line, #draw, #declare, #selection')];
  for (const el of els) {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom >= innerHeight + 0.5 || r.right >= innerWidth + 0.5) {
      out.push(`${el.dataset.card || el.id || el.className} [${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`);
    }
  }
  return out;
});

// The player's second turn, her hand as large as it was dealt: on her
// first she throws one card away, her highest, and draws. (The first
// seat begins the first round, and nobody may declare on a first turn,
// rule D7: her second turn comes, with Declare.)
async function secondTurn(page) {
  const hand = await page.$$eval('.hand button', (bs) => bs.map((b) => b.dataset.card));
  await page.click(`.hand button[data-card="${hand[hand.length - 1]}"]`);
  await page.click('#draw');
  await page.waitForFunction(() => document.querySelector('.hand-panel[data-act]') && document.querySelector('#declare:not([disabled])'),
    null, { timeout: 30000 });
}

for (const [seats, cards] of [[7, 7], [4, 5]]) {
  test(`320x568, a late match, ${seats} seats, ${cards} cards: the hand and the turn on the first screen`, async (t) => {
    await openPages(t, env.browser, [{ width: 320, height: 568 }], async (page) => {
      await page.context().addInitScript(lateMatch);
      await page.context().addInitScript(fullPanels);
      await fullTable(page, env.server.url, `Late${seats}`, seats, { hand_size: cards });
      await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
      await page.waitForSelector('#watchers', { timeout: 10000 });
      assert.equal(await page.evaluate(() => document.querySelector('h1').getClientRects().length > 0
        && document.querySelector('h1').getBoundingClientRect().height > 30), true, 'the title on two lines');
      assert.deepEqual(await offScreen(page), [], 'the first turn');
      await secondTurn(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const hand = await page.$$eval('.hand button', (bs) => bs.map((b) => b.dataset.card));
      assert.equal(hand.length, cards);
      assert.deepEqual(await offScreen(page), [], `a later turn, a hand of ${hand.length}, Declare`);
      await page.click(`.hand button[data-card="${hand[0]}"]`);
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.deepEqual(await offScreen(page), [], `a later turn, ${hand[0]} selected`);
      await page.click(`.hand button[data-card="${hand[0]}"]`);
      const three = [];
      for (let a = 0; a < hand.length; a++) {
        for (let b = a + 1; b < hand.length; b++) for (let c = b + 1; c < hand.length; c++) three.push([hand[a], hand[b], hand[c]]);
      }
      const pick = three.find((x) => checkDiscard(x, 'any').reason === 'notRun3');
      assert.ok(pick, `three cards of ${hand} that are not a run`);
      for (const c of pick) await page.click(`.hand button[data-card="${c}"]`);
      await page.waitForFunction(() => /^Not allowed: 3 cards/.test(document.getElementById('selection').textContent), null, { timeout: 3000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const at = await page.evaluate(() => Math.round(document.getElementById('selection').getBoundingClientRect().bottom));
      t.diagnostic(`a hand of ${hand.length}, three refused: the line under it ends at ${at} px of 568`);
      assert.deepEqual(await offScreen(page), [], `three cards selected that are not a run (${pick})`);
    });
  });
}
