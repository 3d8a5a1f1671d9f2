// Two people in two browser contexts play a whole match at one table: the
// host creates it and sends the link, the friend opens the link and joins,
// a third context watches. Each sees the other's moves; the spectator sees
// no hand; a dropped connection is shown to the others and resumed.
// Options that cannot make a table, a wrong code and a bad name are refused
// with a message.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, openPages, setName, createTable, playBoth, dropConnection, PHONE, DESKTOP,
} from './helpers.mjs';

const env = setup();

test('two people play each other at one table through the link, a third watches', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE, DESKTOP], async (host, friend, watcher) => {
    await host.goto(env.server.url + '/');
    await setName(host, 'Ada');
    // Options that cannot make a table are refused before anything is sent.
    await host.selectOption('#seats', '8');
    await host.selectOption('#opt-hand_size', '7');
    await host.click('#create');
    assert.match(await host.textContent('#message'), /8 players with 7 cards each need 57 cards/);
    await host.selectOption('#opt-hand_size', '5');
    await host.fill('#opt-declare_max', '99');
    await host.click('#create'); // the browser's own check of the field refuses it
    assert.notEqual(await host.$eval('#opt-declare_max', (e) => e.validationMessage), '');
    assert.equal(await host.locator('.code').count(), 0, 'no table was created');
    await host.fill('#opt-declare_max', '0');
    const code = await createTable(host, { seats: 3, kinds: ['open', 'open'], threshold: 25 });
    const link = await host.inputValue('#link');
    assert.equal(link, `${env.server.url}/t/${code}`);

    // A wrong code first, then a bad name: each refused with a message.
    await friend.goto(env.server.url + '/');
    await setName(friend, 'Ben');
    // Ben plays as a guest (the box unticked): a player's page shows the
    // player instead of the name field (history.test.mjs tests players).
    await friend.uncheck('#keep');
    await friend.fill('#code', 'NOSUCH1');
    await friend.click('#join');
    await friend.waitForSelector('#message', { timeout: 30000 });
    // A link with a slash added, or with a code that is no table's, still
    // opens the page (it was a bare 404) with the code filled in.
    for (const [path, want] of [[`/t/${code}/`, code], ['/t/nosuch1', 'NOSUCH1']]) {
      const res = await friend.goto(env.server.url + path);
      assert.equal(res.status(), 200, path);
      await friend.waitForSelector('#code', { timeout: 30000 });
      assert.equal(await friend.inputValue('#code'), want, path);
    }
    await friend.goto(link);
    assert.equal(await friend.inputValue('#code'), code, 'the link fills in the code');
    assert.equal(await friend.inputValue('#name'), 'Ben', 'the name is remembered');
    await setName(friend, 'Ben!');
    await friend.click('#join');
    assert.match(await friend.textContent('#message'), /1 to 16/);
    // A computer player's name is no person's, a guest's neither.
    await setName(friend, 'greedy-2');
    await friend.click('#join');
    await friend.waitForSelector('#message >> text=The name greedy-2 belongs to a computer player. Choose another name.', { timeout: 15000 });
    await setName(friend, 'Ben');
    await friend.click('#join');
    await friend.waitForSelector('.seat-list li:nth-child(2)', { timeout: 30000 });
    await host.waitForSelector('.seat-list li:nth-child(2)', { timeout: 30000 });
    assert.match(await host.textContent('.seat-list'), /Ben/);
    assert.equal(await friend.locator('#start').count(), 0, 'only the host may start');

    // The host adds a computer player and removes it. Cleo joins and the
    // host removes her: she is told so; she joins again, leaves, and
    // watches instead.
    await host.selectOption('#bot-level', 'random');
    await host.click('#add-bot');
    await host.waitForSelector('.seat-list li:nth-child(3) >> text=computer, random', { timeout: 30000 });
    await friend.waitForSelector('.seat-list li:nth-child(3)', { timeout: 30000 });
    const botName = (await host.textContent('.seat-list li:nth-child(3) .name')).trim();
    assert.equal(botName, 'Random', 'a computer player is named after its level');
    await host.click(`text=Remove ${botName}`);
    await host.waitForSelector('.seat-list li:nth-child(3)', { state: 'detached', timeout: 30000 });
    await watcher.goto(link);
    await setName(watcher, 'Cleo');
    await watcher.uncheck('#keep');
    await watcher.click('#join');
    await host.waitForSelector('.seat-list li:nth-child(3) >> text=Cleo', { timeout: 30000 });
    await host.click('text=Remove Cleo');
    await watcher.waitForSelector('#create', { timeout: 30000 });
    assert.match(await watcher.textContent('#message'), /You left the table: the host removed you/);
    await host.waitForSelector('.seat-list li:nth-child(3)', { state: 'detached', timeout: 30000 });
    // She may join again, and leaves the seat herself before the start.
    await watcher.click('#join');
    await host.waitForSelector('.seat-list li:nth-child(3) >> text=Cleo', { timeout: 30000 });
    await watcher.waitForSelector('.seat-list li:nth-child(3)', { timeout: 30000 });
    await watcher.click('#leave');
    await host.waitForSelector('.seat-list li:nth-child(3)', { state: 'detached', timeout: 30000 });
    await watcher.click('#watch');
    await watcher.waitForSelector('.seat-list', { timeout: 30000 });

    await host.click('#start');
    await host.waitForSelector('.hand button', { timeout: 30000 });
    await friend.waitForSelector('.hand button', { timeout: 30000 });
    await watcher.waitForSelector('.seats .seat', { timeout: 30000 });
    assert.equal(await watcher.locator('.hand button').count(), 0, 'a spectator has no hand');
    // A spectator's reload stays at the table it watches, log and all.
    const watchedLog = await watcher.locator('#log li').count();
    await watcher.reload();
    await watcher.waitForSelector('.seats .seat', { timeout: 30000 });
    assert.equal(new URL(watcher.url()).pathname, new URL(link).pathname, 'the reload keeps the table\'s address');
    await watcher.waitForSelector('text=You are watching this table.', { timeout: 30000 });
    assert.equal(await watcher.locator('.hand button').count(), 0, 'still no hand after the reload');
    assert.ok(await watcher.locator('#log li').count() >= watchedLog, 'the log is back after the reload');

    // The friend's connection drops and comes back: the others are told.
    const hand = await friend.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.dataset.card));
    await dropConnection(friend);
    await host.waitForSelector('#log li >> text=Ben lost the connection.', { timeout: 30000 });
    await host.waitForSelector('#log li >> text=Ben is back.', { timeout: 15000 });
    await watcher.waitForSelector('#log li >> text=Ben is back.', { timeout: 30000 });
    await friend.waitForSelector('.hand button', { timeout: 30000 });
    assert.deepEqual(await friend.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.dataset.card)), hand);

    await playBoth(host, friend, 150000, 15);
    const hostLog = await host.locator('#log li').allTextContents();
    const friendLog = await friend.locator('#log li').allTextContents();
    assert.ok(hostLog.some((l) => /^Ben (discarded|declared)/.test(l)), 'the host sees the friend\'s moves');
    assert.ok(friendLog.some((l) => /^Ada (discarded|declared)/.test(l)), 'the friend sees the host\'s moves');
    const winnerHost = await host.textContent('.winner');
    const winnerFriend = await friend.textContent('.winner');
    assert.ok(/You won/.test(winnerHost) !== /You won/.test(winnerFriend), 'exactly one of them won');
    await watcher.waitForSelector('.winner', { timeout: 30000 });
    assert.equal(await friend.locator('#rematch').count(), 0, 'only the host gets the rematch button');
    for (const p of [host, friend, watcher]) assert.deepEqual(p.errors, []);

    // The first match's title says no match number.
    assert.equal(await host.textContent('h1'), 'Match over');
    // The host's rematch deals a new match to both; the title says which
    // (it said 'Round 1' as in the first).
    await host.click('#rematch');
    await host.waitForSelector('.hand button', { timeout: 30000 });
    await friend.waitForSelector('.hand button', { timeout: 30000 });
    for (const p of [host, friend, watcher]) {
      await p.waitForSelector('h1:has-text("Round 1")', { timeout: 30000 });
      assert.match(await p.textContent('h1'), /^Match 2 · Round 1 · out above \d+$/);
    }
  });
});
