// Join or Create pressed again on a slow connection, before the answer
// came. The page used to send each press: a new player's second `player`
// was refused (the name was taken by the first), but the browser kept the
// token it had sent last, which the server never knew, and forgot its
// player at the next visit; a player's second Create made a second table;
// the host's second Start, or Rematch, was refused, and the match began
// under "The server said: the match has already started". Now a request
// is sent once and the buttons wait for its answer. The
// server's answers are held back here for as long as the test likes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, newPage, withShots, setName, createTable, playToEnd, slowNetwork, PHONE, DESKTOP,
} from './helpers.mjs';

const env = setup();

// Presses `button` three times while the answers are held, then lets them
// through; resolves to the messages sent meanwhile and whether the button
// was disabled, waiting.
async function pressThrice(page, button) {
  await page.evaluate(() => { window.sent = {}; window.holding = true; });
  await page.click(button);
  for (let i = 0; i < 2; i++) await page.click(button, { force: true, timeout: 3000 }).catch(() => {});
  await page.waitForFunction(() => window.held.length > 0, null, { timeout: 10000 });
  const sent = await page.evaluate(() => ({ ...window.sent }));
  const waiting = await page.isDisabled(button);
  await page.evaluate(() => window.release());
  return { sent, waiting };
}

test('Join pressed three times on a slow connection makes one player and one seat', async (t) => {
  const ada = await newPage(env.browser, DESKTOP);
  const ben = await newPage(env.browser, PHONE);
  await ben.context().addInitScript(slowNetwork);
  await withShots(t, [ada, ben], async () => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 3, kinds: ['open', 'open'] });
    await ben.goto(`${env.server.url}/t/${code}`);
    await ben.waitForFunction(() => window.sockets.some((ws) => ws.readyState === 1), null, { timeout: 10000 });
    await setName(ben, 'Ben');
    const { sent, waiting } = await pressThrice(ben, '#join');
    assert.deepEqual(sent, { player: 1 }, 'one player asked for, the join waiting for it');
    assert.equal(waiting, true);
    await ben.waitForSelector('.seat-list', { timeout: 30000 });
    await ada.waitForSelector('.seat-list li:nth-child(2)', { timeout: 30000 });
    assert.deepEqual(await ada.locator('.seat-list .name').allTextContents(), ['Ada', 'Ben']);
    assert.deepEqual(await ben.evaluate(() => ({ ...window.sent })), { player: 1, join: 1 });
    assert.equal(await ben.isVisible('#message'), false, 'no error');

    // The browser still knows its player on the next visit.
    await ben.goto(env.server.url + '/');
    await ben.waitForSelector('#player-h', { timeout: 10000 });
    assert.equal(await ben.textContent('#player-h'), 'You play as Ben');
    for (const p of [ada, ben]) assert.deepEqual(p.errors, []);
  });
  for (const p of [ada, ben]) await p.context().close();
});

test('Create pressed three times by a player on a slow connection makes one table', async (t) => {
  const cleo = await newPage(env.browser, PHONE);
  await cleo.context().addInitScript(slowNetwork);
  await withShots(t, [cleo], async () => {
    await cleo.goto(env.server.url + '/');
    await setName(cleo, 'Cleo');
    // A first table makes Cleo a player; she leaves it.
    await createTable(cleo, { seats: 2, kinds: ['greedy'] });
    await cleo.click('#leave');
    await cleo.waitForSelector('#create', { timeout: 10000 });
    await cleo.waitForSelector('#player-h', { timeout: 10000 });
    const { sent, waiting } = await pressThrice(cleo, '#create');
    assert.deepEqual(sent, { create: 1 });
    assert.equal(waiting, true);
    await cleo.waitForSelector('.code', { timeout: 30000 });
    assert.deepEqual(await cleo.evaluate(() => ({ ...window.sent })), { create: 1 });
    assert.equal(await cleo.isVisible('#message'), false, 'no error');
    assert.deepEqual(cleo.errors, []);
  });
  await cleo.context().close();
});

test('Start and Rematch pressed three times on a slow connection are sent once, with no error', async (t) => {
  const dee = await newPage(env.browser, DESKTOP);
  await dee.context().addInitScript(slowNetwork);
  await withShots(t, [dee], async () => {
    await dee.goto(env.server.url + '/');
    await setName(dee, 'Dee');
    await createTable(dee, { seats: 2, kinds: ['greedy'], threshold: 25 });
    const start = await pressThrice(dee, '#start');
    assert.deepEqual(start, { sent: { start: 1 }, waiting: true });
    await dee.waitForSelector('.hand button', { timeout: 30000 });
    await playToEnd(dee);
    const rematch = await pressThrice(dee, '#rematch');
    assert.deepEqual(rematch, { sent: { rematch: 1 }, waiting: true });
    await dee.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
    // (A refusal would come with the state that starts match 2, or before.)
    assert.deepEqual(await dee.evaluate(() => ({ ...window.sent })), { rematch: 1 });
    assert.equal(await dee.isVisible('#message'), false, 'no error');
    assert.deepEqual(dee.errors, []);
  });
  await dee.context().close();
});
