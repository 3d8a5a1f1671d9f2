// A move on a slow connection. The page sends a move once and waits for
// the table's next state; until it comes, the turn line says the move is
// on its way and the cards thrown away stay selected (pressing them does
// nothing). The page used to clear the selection at once and keep saying
// "Your turn: select cards to throw away", as if the move had not been
// played. Here the server's messages to the page are held back for as long
// as the test likes, as a slow network would.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, slowNetwork, PHONE } from './helpers.mjs';

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
