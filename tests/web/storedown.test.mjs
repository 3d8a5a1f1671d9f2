// The server's store of players out of reach for a moment: it answers
// `player` with the error store_unavailable (retry later). The page says
// so in its own words, keeps what was typed, and loses nothing: the
// player this browser already is stays its player. The answer is faked
// in the page (the server's store cannot be taken away from a test that
// drives a browser): while window.storeDown, a `player` sent is answered
// by that error and not sent.
//
// A browser whose player could not be told to the server at the start
// (its `player` with the saved token answered so) made a new player of
// the same name when Create table was pressed: refused, 'The name Ada
// belongs to another player', and its own player looked lost. It now
// asks again for the player it has.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, PHONE } from './helpers.mjs';

const env = setup([], { db: true });

function storeDown() {
  const Native = window.WebSocket;
  window.storeDown = false;
  window.playerSent = [];
  window.WebSocket = class extends Native {
    send(data) {
      const msg = JSON.parse(data);
      if (msg.type === 'player') window.playerSent.push(msg);
      if (msg.type === 'player' && window.noPlayer && !msg.name) {
        const err = { type: 'error', request: 'player', code: 'no_player', message: 'no such player' };
        setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(err) })), 10);
        return;
      }
      if (msg.type === 'player' && window.storeDown) {
        const err = { type: 'error', request: 'player', code: 'store_unavailable', message: 'the store is out of reach; retry later' };
        setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(err) })), 10);
        return;
      }
      super.send(data);
    }
  };
}

const alertText = (page) => page.evaluate(() => document.getElementById('alert')?.textContent || '');

test('store_unavailable for a player: said in the page\'s words, nothing typed or kept is lost', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await page.context().addInitScript(storeDown);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await page.evaluate(() => { window.storeDown = true; });
    await setName(page, 'Ada');
    await page.selectOption('#seats', '3');
    await page.click('#create');
    await page.waitForFunction(() => document.getElementById('alert')?.textContent, null, { timeout: 10000 });
    assert.match(await alertText(page), /try again/i);
    assert.doesNotMatch(await alertText(page), /The server said/, 'in the page\'s own words');
    assert.equal(await page.inputValue('#name'), 'Ada');
    assert.equal(await page.inputValue('#seats'), '3');
    assert.equal(await page.isEnabled('#create'), true, 'Create table waits no more');
    // The store back: Create table makes the player and the table.
    await page.evaluate(() => { window.storeDown = false; });
    await page.click('#create');
    await page.waitForSelector('.code', { timeout: 30000 });
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('leastscore.player')).token);
    assert.ok(token);
    await page.click('#leave');
    await page.waitForSelector('#create', { timeout: 30000 });

    // A reload with the store away: the player is not told to the server.
    await page.evaluate(() => sessionStorage.setItem('storeDownAtLoad', '1'));
    await page.context().addInitScript(() => { if (sessionStorage.getItem('storeDownAtLoad')) window.storeDown = true; });
    await page.reload();
    await page.waitForFunction(() => window.playerSent.length > 0, null, { timeout: 10000 });
    await page.evaluate(() => { window.storeDown = false; sessionStorage.removeItem('storeDownAtLoad'); });
    await page.fill('#name', 'Ada');
    await page.click('#create');
    await page.waitForSelector('.code', { timeout: 30000 });
    assert.doesNotMatch(await alertText(page), /belongs to another player/);
    const sent = await page.evaluate(() => window.playerSent);
    assert.deepEqual(sent.map((m) => [m.token === token, m.name ?? null]), [[true, null], [true, null]],
      'the player asked for again, with the token this browser has, not a new one');
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('leastscore.player')).token), token);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

// The player asked for again is one the server no longer knows (no_player,
// faked): the table asked for is made under a new player of the name typed.
test('a player the server no longer knows: Create table makes a new one and the table', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await page.context().addInitScript(storeDown);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await page.evaluate(() => {
      localStorage.setItem('leastscore.player', JSON.stringify({ token: 'ab'.repeat(16), name: 'Cleo' }));
      window.storeDown = true;
    });
    await page.reload();
    await page.waitForFunction(() => window.playerSent.length > 0, null, { timeout: 10000 });
    await page.evaluate(() => { window.storeDown = false; window.noPlayer = true; });
    await setName(page, 'Cleo');
    await page.click('#create');
    await page.waitForSelector('.code', { timeout: 30000 });
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('leastscore.player')));
    assert.equal(kept.name, 'Cleo');
    assert.notEqual(kept.token, 'ab'.repeat(16), 'a new player, with a token of its own');
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
