// A move on a slow connection. The page sends a move once and waits for
// the table's next state; until it comes, the turn line says the move is
// on its way and the cards thrown away stay selected (pressing them does
// nothing). The page used to clear the selection at once and keep saying
// "Your turn: select cards to throw away", as if the move had not been
// played. Here the server's messages to the page are held back for as long
// as the test likes, as a slow network would.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, newPage, withShots, setName, createTable, joinFromLink, slowNetwork, dropConnection, PHONE,
} from './helpers.mjs';

const env = setup();

test('a move waiting for its answer says so and keeps its cards selected', async (t) => {
  const ada = await newPage(env.browser, PHONE);
  await ada.context().addInitScript(slowNetwork);
  await withShots(t, [ada], async () => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    await createTable(ada, { seats: 2, kinds: ['greedy'] });
    await ada.click('#start');
    await ada.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.match(await ada.textContent('.turn-line'), /^Your turn: select cards/);
    const hand = await ada.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.dataset.card));
    const card = hand[hand.length - 1];
    const button = `.hand button[data-card="${card}"]`;
    await ada.click(button);

    await ada.evaluate(() => { window.holding = true; });
    await ada.click('#draw');
    await ada.waitForFunction(() => window.held.length > 0, null, { timeout: 10000 });
    assert.equal((await ada.textContent('.turn-line')).trim(), 'Your move is on its way…');
    assert.equal(await ada.getAttribute(button, 'aria-pressed'), 'true');
    assert.match(await ada.textContent('#selection'), /^You may throw these away/);
    await ada.click(button);
    assert.equal(await ada.getAttribute(button, 'aria-pressed'), 'true', 'a card of the move on its way stays selected');
    assert.equal(await ada.isDisabled('#draw'), true);

    // The answer: the card is gone from the hand, nothing is selected.
    await ada.evaluate(() => window.release());
    await ada.waitForSelector(button, { state: 'detached', timeout: 10000 });
    assert.equal(await ada.locator('.hand button[aria-pressed="true"]').count(), 0);
    assert.doesNotMatch(await ada.textContent('.turn-line'), /on its way/);
    assert.match(await ada.locator('#log li').first().textContent(), /^(You discarded|Greedy)/);
    assert.deepEqual(ada.errors, []);
  });
  await ada.context().close();
});

// A move that reaches the table after another event (a friend's connection
// lost or back, a hurry) is refused as stale: it was made on an older
// version, though the turn is the same. The page went back to "Your
// turn" without a word, the move unplayed, on a slow network at a table
// with a friend's phone coming and going. The table's next state shows
// the same turn, so the page sends the same move again on it.
test('a move refused as stale on the same turn is sent again and played', async (t) => {
  const ada = await newPage(env.browser, PHONE);
  const ben = await newPage(env.browser, PHONE);
  await ada.context().addInitScript(() => {
    const Native = window.WebSocket;
    window.holdMoves = false;
    window.outHeld = [];
    window.sentMoves = 0;
    window.releaseOut = () => {
      window.holdMoves = false;
      for (const [ws, data] of window.outHeld.splice(0)) Native.prototype.send.call(ws, data);
    };
    window.WebSocket = class extends Native {
      send(data) {
        if (JSON.parse(data).type === 'move') {
          window.sentMoves++;
          if (window.holdMoves) {
            window.outHeld.push([this, data]);
            return;
          }
        }
        super.send(data);
      }
    };
  });
  await withShots(t, [ada, ben], async () => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ava');
    const code = await createTable(ada, { seats: 2, kinds: ['open'] });
    await joinFromLink(ben, env.server.url, code, 'Bo');
    await ada.waitForSelector('#start:not([disabled])', { timeout: 30000 });
    await ada.click('#start');
    await ada.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await ben.waitForSelector('.hand button', { timeout: 30000 });
    const hand = await ada.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.dataset.card));
    const card = hand[hand.length - 1];
    const button = `.hand button[data-card="${card}"]`;
    await ada.click(button);

    // Ava's move is held on its way while Bo's connection drops (an event:
    // the table's version moves on); then it reaches the table.
    await ada.evaluate(() => { window.holdMoves = true; });
    await ada.click('#draw');
    await ada.waitForFunction(() => window.outHeld.length === 1, null, { timeout: 10000 });
    await dropConnection(ben);
    await ada.waitForSelector('#log li >> text=Bo lost the connection.', { timeout: 30000 });
    await ada.evaluate(() => window.releaseOut());

    await ada.waitForSelector(button, { state: 'detached', timeout: 30000 }).catch(() => {});
    assert.equal(await ada.isVisible(button), false, 'the move was played');
    // (Once more, or again if Bo's return came in between.)
    assert.equal((await ada.locator('#log li').allTextContents()).filter((l) => /^You discarded/.test(l)).length, 1);
    assert.ok(await ada.evaluate(() => window.sentMoves) >= 2, 'sent again');
    assert.deepEqual(ada.errors, []);
    assert.deepEqual(ben.errors, []);
  });
  await ada.context().close();
  await ben.context().close();
});
