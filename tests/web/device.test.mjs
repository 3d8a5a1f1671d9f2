// Going on with a match on another device. Ada adds a password, plays on
// her laptop, and in the middle of the match picks up her phone: she logs
// in there, opens the table's link and presses Join, and has her seat back
// with the same hand (the match had answered "has already started"). The
// laptop says the seat is now played elsewhere and offers to take it back,
// which it does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, DESKTOP, PHONE } from './helpers.mjs';

const env = setup(['--bot-delay', '300'], { db: true });

const hand = (page) => page.$$eval('.hand button', (bs) => bs.map((b) => b.dataset.card));

test('a player logged in on a second device takes the seat back there, and back again', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (laptop, phone) => {
    await laptop.goto(env.server.url + '/');
    await setName(laptop, 'Ada');
    // Ada becomes a player with her first table; back on the first page
    // she adds a password, then plays.
    await createTable(laptop, { seats: 2, kinds: ['open'] });
    await laptop.click('#leave');
    await laptop.waitForSelector('#new-password', { timeout: 15000 });
    await laptop.fill('#new-password', 'a long enough password');
    await laptop.click('#set-password');
    await laptop.waitForSelector('text=You have a password', { timeout: 15000 });
    const code = await createTable(laptop, { seats: 2, kinds: ['greedy'] });
    await laptop.click('#start');
    await laptop.waitForSelector('.hand button', { timeout: 30000 });

    await phone.goto(env.server.url + '/');
    await phone.click('#login-box summary');
    await phone.fill('#login-name', 'Ada');
    await phone.fill('#login-password', 'a long enough password');
    await phone.click('#login');
    await phone.waitForSelector('text=You play as Ada', { timeout: 30000 });
    await phone.goto(`${env.server.url}/t/${code}`);
    await phone.waitForSelector('#join', { timeout: 15000 });
    await phone.click('#join');
    await phone.waitForSelector('.hand button', { timeout: 30000 });
    assert.equal(await phone.isVisible('.hand-panel'), true, 'the phone plays the seat');
    const seen = await hand(phone);
    assert.ok(seen.length >= 1, 'the phone shows the seat\'s hand');

    // Back on the laptop: it was told, and takes the seat back from the
    // phone, with the same hand (nobody plays it meanwhile: it is not away).
    await laptop.waitForSelector('text=/now played in another tab, window or device/', { timeout: 30000 });
    await laptop.getByRole('button', { name: `Back to table ${code}` }).click();
    await laptop.waitForFunction((h) => JSON.stringify([...document.querySelectorAll('.hand button')]
      .map((b) => b.dataset.card)) === JSON.stringify(h), seen, { timeout: 30000 });
    await phone.waitForSelector('text=/now played in another tab, window or device/', { timeout: 30000 });
    for (const p of [laptop, phone]) assert.deepEqual(p.errors, []);
  });
});
