// Text pasted into the chat: a line copied from elsewhere often holds
// tabs or line breaks, which the server refuses in a chat line (control
// characters), so that a player who only pasted read 'character 5 is a
// control character (U+0009)'. The page turns each run of blanks that
// holds a tab, a line break or another such control (U+0009 to U+000D,
// U+0085, U+2028, U+2029) into one space and trims the line before it
// sends it; what the server refuses still (a direction control, another
// control character) is refused with its words, the line back in the box.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, DESKTOP } from './helpers.mjs';

const env = setup();

const shown = (page) => page.$$eval('#chat-lines li[data-n] .chat-text', (ls) => ls.map((l) => l.textContent));

test('a pasted line\'s tabs and line breaks are sent as spaces; a direction control is still refused', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (ada) => {
    await ada.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    await createTable(ada, { seats: 2, kinds: ['greedy'] });
    await ada.click('#chat-toggle');
    // A real paste (Ctrl+V) of text with tabs and a Windows line break,
    // then Enter.
    const paste = async (text) => {
      await ada.evaluate((t) => navigator.clipboard.writeText(t), text);
      await ada.fill('#chat-input', '');
      await ada.focus('#chat-input');
      await ada.keyboard.press('Control+V');
    };
    await paste('\tName\tScore\r\nAda\t 12 \n');
    await ada.keyboard.press('Enter');
    await ada.waitForFunction(() => document.querySelectorAll('#chat-lines li[data-n]').length === 1
      || document.querySelector('#chat-status').textContent !== '', null, { timeout: 10000 });
    assert.equal(await ada.textContent('#chat-status'), '', 'nothing refused');
    assert.deepEqual(await shown(ada), ['Name Score Ada 12']);
    assert.equal(await ada.inputValue('#chat-input'), '');

    // The other blank controls a copied text may hold (a vertical tab, a
    // form feed, NEL, the line and paragraph separators), typed into the
    // box as a script would; spaces typed on purpose between words stay.
    await ada.fill('#chat-input', 'one\u000Btwo\u000Cthree\u0085four\u2028five \u2029 six  seven');
    await ada.press('#chat-input', 'Enter');
    await ada.waitForFunction(() => document.querySelectorAll('#chat-lines li[data-n]').length === 2
      || document.querySelector('#chat-status').textContent !== '', null, { timeout: 10000 });
    assert.equal(await ada.textContent('#chat-status'), '', 'nothing refused');
    assert.deepEqual((await shown(ada))[1], 'one two three four five six  seven');

    // A direction control is refused as before, in the server's words,
    // and the line (its tab made a space) is back in the box.
    await ada.fill('#chat-input', 'a\tb\u202Ec');
    await ada.press('#chat-input', 'Enter');
    await ada.waitForFunction(() => document.querySelector('#chat-status').textContent !== '', null, { timeout: 10000 });
    assert.match(await ada.textContent('#chat-status'), /character 4 is a control character \(U\+202E\)/);
    assert.equal(await ada.inputValue('#chat-input'), 'a b\u202Ec');
    assert.equal((await shown(ada)).length, 2);
    // A line of blanks and breaks alone is nothing to send.
    await ada.fill('#chat-input', '\t \u2028\t');
    await ada.press('#chat-input', 'Enter');
    await ada.waitForTimeout(300);
    assert.equal((await shown(ada)).length, 2);
  });
});
