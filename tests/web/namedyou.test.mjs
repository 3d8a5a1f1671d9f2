// A player may be named "You" (or "you"), the page's own word for the
// person reading it. On everyone else's page that name goes with its
// seat ("You (seat 2) discarded K♦"), in the log, the players' panels, the
// turn line, the tab's title and the chat, so that it never reads as the page's
// own "You"; on that player's own page "You" is she, as for anyone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, joinFromLink, playTurn, DESKTOP } from './helpers.mjs';

const env = setup();

const logOf = (page) => page.locator('#log li').allTextContents();

test('another player named You is shown with her seat, never as the page\'s own You', async (t) => {
  const host = await newPage(env.browser, DESKTOP);
  const friend = await newPage(env.browser, DESKTOP);
  // The host's page "in the background" when the test says so: the tab's
  // title then tells who sat down.
  await host.context().addInitScript(() => {
    const hasFocus = Document.prototype.hasFocus;
    Document.prototype.hasFocus = function () { return window.background ? false : hasFocus.call(this); };
  });
  await withShots(t, [host, friend], async () => {
    await host.goto(env.server.url + '/');
    await setName(host, 'Ada');
    const code = await createTable(host, { seats: 2, kinds: ['open'] });
    await host.evaluate(() => { window.background = true; });
    await joinFromLink(friend, env.server.url, code, 'You');
    await host.waitForSelector('.seat-list li:nth-child(2)', { timeout: 30000 });
    assert.match(await host.textContent('.seat-list li:nth-child(2) .name'), /^You \(seat 2\)$/);
    await host.waitForFunction(() => /sat down/.test(document.title), null, { timeout: 10000 });
    assert.match(await host.title(), /^● You \(seat 2\) sat down · /);
    await host.evaluate(() => { window.background = false; });
    await host.click('#start');
    // The host plays her first turn; then it is the friend's.
    await host.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(host, -1), 'move');
    await host.waitForFunction(() => /^You \(seat 2\) to play\./.test(document.querySelector('.turn-line')?.textContent),
      null, { timeout: 20000 });
    await friend.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(friend, -1), 'move');
    await host.waitForFunction(() => [...document.querySelectorAll('#log li')].some((li) => /^You \(seat 2\) discarded/.test(li.textContent)),
      null, { timeout: 20000 }).catch(() => {});
    const hostLog = await logOf(host);
    assert.ok(hostLog.includes('You (seat 2) sat down.'), hostLog.join('\n'));
    assert.ok(hostLog.includes('You sat down.'), 'the host\'s own sitting down is still hers');
    assert.ok(hostLog.some((l) => /^You \(seat 2\) discarded/.test(l)), hostLog.join('\n'));
    assert.ok(hostLog.some((l) => /^You discarded/.test(l)), 'the host\'s own move reads You');
    assert.equal(hostLog.filter((l) => /^You discarded/.test(l)).length, 1, 'only the host\'s one move reads You');
    // The players' panels: the friend's says her seat; the host's own is hers.
    assert.equal(await host.textContent('.seat[data-seat="1"] h3'), 'You (seat 2)');
    assert.deepEqual(await host.$eval('.seat[data-seat="0"] h3', (e) => [e.firstChild.textContent, e.querySelector('.tag').textContent]),
      ['Ada', 'you']);
    // On the friend's own page she is "You", as anyone is on theirs.
    await friend.waitForFunction(() => [...document.querySelectorAll('#log li')].some((li) => /^You discarded/.test(li.textContent)),
      null, { timeout: 20000 });
    const friendLog = await logOf(friend);
    assert.ok(!friendLog.some((l) => /seat 2/.test(l)), friendLog.join('\n'));
    assert.ok(friendLog.includes('You sat down.'), friendLog.join('\n'));
    assert.ok(friendLog.includes('Ada sat down.'), friendLog.join('\n'));
    // Her line in the chat: by her name and seat on the host's page, by
    // her name on her own (where her lines are always under her name).
    await friend.click('#chat-toggle');
    await friend.fill('#chat-input', 'hello');
    await friend.press('#chat-input', 'Enter');
    const chatLines = (page) => page.$$eval('#chat-lines li:not(.chat-empty)', (ls) => ls.map((l) => l.textContent));
    await host.click('#chat-toggle');
    await host.waitForFunction(() => document.querySelectorAll('#chat-lines li:not(.chat-empty)').length === 1, null, { timeout: 10000 });
    assert.deepEqual(await chatLines(host), ['You (seat 2) hello']);
    // The host's Mute list: "Hide the lines of: You (seat 2)", not of "You".
    await host.click('#chat-mute-toggle');
    await host.waitForSelector('#chat-mute input[data-name="You"]', { timeout: 10000 });
    assert.equal((await host.textContent('#chat-mute label.chat-mute-name')).trim(), 'You (seat 2)');
    await friend.waitForFunction(() => document.querySelectorAll('#chat-lines li:not(.chat-empty)').length === 1, null, { timeout: 10000 });
    assert.deepEqual(await chatLines(friend), ['You hello']);
    assert.deepEqual(host.errors, []);
    assert.deepEqual(friend.errors, []);
  });
  await host.context().close();
  await friend.context().close();
});
