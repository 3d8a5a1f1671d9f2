// Back to the lobby after a match: the host, instead of a rematch, takes
// the table back to the lobby; a friend who came late joins from the same
// link, and both play the next match. A player who is not the host sees
// who may decide.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, playToEnd, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

test('the host takes the table back to the lobby and a late friend joins the next match', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, late) => {
    await host.goto(env.server.url + '/');
    await setName(host, 'Ada');
    const code = await createTable(host, { seats: 3, kinds: ['greedy', 'open'], threshold: 25 });
    const link = await host.inputValue('#link');
    await host.click('#start');
    await host.waitForSelector('.hand button', { timeout: 30000 });
    await playToEnd(host);
    assert.match(await host.textContent('#reopen-help'), /the lobby lets friends join from the link/);
    await host.click('#reopen');
    await host.waitForSelector('.seat-list', { timeout: 30000 });
    assert.deepEqual(await host.locator('.seat-list .name').allTextContents(), ['Ada', 'Greedy']);
    await host.waitForFunction(() => /The table is back in the lobby/.test(document.getElementById('announce').textContent),
      null, { timeout: 10000 });
    assert.equal(await host.inputValue('#link'), link, 'the same link');

    await late.goto(link);
    await setName(late, 'Ben');
    await late.click('#join');
    await late.waitForSelector('.seat-list li:nth-child(3)', { timeout: 30000 });
    await host.waitForSelector('.seat-list li:nth-child(3)', { timeout: 30000 });
    assert.match(await late.textContent('main'), /Waiting for Ada to start the match/);
    await host.click('#start');
    for (const p of [host, late]) await p.waitForSelector('.hand button', { timeout: 30000 });
    assert.equal(await late.locator('.hand button').count(), 5);
    assert.equal(new URL(late.url()).pathname, `/t/${code}`);
    for (const p of [host, late]) assert.deepEqual(p.errors, []);
  });
});
