// A chat line sent just as the connection drops, which the table never
// got: the page gives it back to the box when the connection returns,
// saying it was not sent, so that it can go again. A line sent then that
// the table did get (its own echo lost with the connection) is in the
// chat's backlog at the return, and is neither given back nor shown
// twice. Before, state.pending (the lines sent and not yet seen back)
// was emptied at the return: the lost line was gone with nothing said.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, hostTable, dropConnection, slowNetwork, DESKTOP } from './helpers.mjs';
import { s } from '../../web/strings.js';

const env = setup();

// A network that loses what the page sends while window.lose is set
// (the line never reaches the server), for a page's init script.
function losing() {
  const Native = window.WebSocket;
  window.lose = false;
  window.WebSocket = class extends Native {
    send(data) {
      if (!window.lose) super.send(data);
    }
  };
}

const lines = (page) => page.$$eval('#chat-lines li[data-n] .chat-text', (ls) => ls.map((l) => l.textContent));
const say = async (page, text) => {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
};

test('a line the table never got, sent as the connection dropped, is back in the box saying so', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (ada) => {
    await ada.context().addInitScript(slowNetwork);
    await ada.context().addInitScript(losing);
    await hostTable(ada, env.server.url, 'Ada', { seats: 2, kinds: ['greedy'] });
    await ada.click('#chat-toggle');
    await say(ada, 'hello');
    await ada.waitForFunction(() => document.querySelectorAll('#chat-lines li[data-n]').length === 1, null, { timeout: 10000 });

    // 'got it' reaches the table, its echo held (then lost with the
    // connection); 'lost line' never leaves the page.
    await ada.evaluate(() => { window.holding = true; });
    await say(ada, 'got it');
    await ada.waitForFunction(() => window.sent.chat === 2, null, { timeout: 5000 });
    await ada.waitForTimeout(300); // (the server has it, and its echo waits in window.held)
    await ada.evaluate(() => { window.lose = true; });
    await say(ada, 'lost line');
    assert.equal(await ada.inputValue('#chat-input'), '', 'the box emptied as the line went');
    const resumes = await ada.evaluate(() => window.sockets.length);
    await ada.evaluate(() => {
      window.held = [];
      window.holding = false;
      window.lose = false;
    });
    await dropConnection(ada);
    await ada.waitForFunction((n) => window.sockets.length > n && window.sockets.at(-1).readyState === 1, resumes, { timeout: 30000 });
    await ada.waitForFunction(() => document.querySelector('#chat-status')?.textContent, null, { timeout: 10000 }).catch(() => {});

    assert.deepEqual(await lines(ada), ['hello', 'got it'], 'the line the table got is shown once');
    assert.equal(await ada.inputValue('#chat-input'), 'lost line', 'the lost line is back in the box');
    assert.equal(await ada.textContent('#chat-status'), s.chatLost(1));
    assert.equal(await ada.isVisible('#chat-panel'), true);

    // Send sends it.
    await ada.press('#chat-input', 'Enter');
    await ada.waitForFunction(() => document.querySelectorAll('#chat-lines li[data-n]').length === 3, null, { timeout: 10000 });
    assert.deepEqual(await lines(ada), ['hello', 'got it', 'lost line']);
    assert.equal(await ada.inputValue('#chat-input'), '');
  });
});
