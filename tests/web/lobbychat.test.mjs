// The Chat button floats at the foot of a phone's screen, over the page.
// In the host's lobby on a 320x640 phone it covered the end of Add
// computer player at the screen's foot, the page at its top. No control
// of the page (a button, a list, a field, a link) may lie under it,
// whatever the page is scrolled to: checked by the boxes of each against
// the button's, the page scrolled from its top to its end, on the phones
// held upright, with the seats that put Add computer player and the
// seats' Remove at the screen's foot.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, hostTable, joinFromLink, PHONES } from './helpers.mjs';

// (Twelve lobbies from one address, none left.)
const env = setup(['--max-tables-per-address', '20']);

// The controls under the Chat button at each place the page may be
// scrolled to, 10 px apart, as 'what [l t r b] at y'.
const covered = (page) => page.evaluate(() => {
  const out = [];
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const end = document.documentElement.scrollHeight - window.innerHeight;
  for (let y = 0; y <= end + 9; y += 10) {
    window.scrollTo(0, Math.min(y, end));
    const b = document.getElementById('chat-toggle').getBoundingClientRect();
    for (const el of document.querySelectorAll('main :is(button, select, input, a, summary, [tabindex="0"])')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) {
        out.push(`${el.id || el.textContent} ${at(r)} under the button ${at(b)} at ${window.scrollY}`);
      }
    }
  }
  return [...new Set(out)];
});

for (const size of PHONES.filter((p) => p.height > p.width)) {
  for (const [i, kinds] of [['greedy', 'greedy'], ['open', 'greedy'], ['greedy', 'greedy', 'greedy', 'open'],
    ['greedy', 'expert', 'random', 'greedy', 'greedy', 'open', 'open']].entries()) {
    test(`${size.width}x${size.height}, the host's lobby of ${kinds.length + 1} seats (${kinds}): no control under the Chat button`, async (t) => {
      await openPages(t, env.browser, [size], async (page) => {
        await hostTable(page, env.server.url, `Bo${size.width}-${i}`, { seats: kinds.length + 1, kinds });
        await page.waitForSelector('#chat-toggle', { state: 'visible', timeout: 10000 });
        assert.deepEqual(await covered(page), []);
        assert.deepEqual(page.errors, []);
      });
    });
  }
}

// Two 16-letter names of one word: each name and the Remove that names
// it break inside the list's line, rather than run out of it into the
// room kept for the button (the host's ran to 303 px of 320, Remove
// MMMMMMMMMMMMMMMM to 272).
test('320x640, names of 16 wide letters: the seats stay inside their list, nothing under the Chat button', async (t) => {
  await openPages(t, env.browser, [{ width: 320, height: 640 }, { width: 320, height: 640 }], async (host, friend) => {
    const code = await hostTable(host, env.server.url, 'WWWWWWWWWWWWWWWW', { seats: 4, kinds: ['open', 'open', 'greedy'] });
    await joinFromLink(friend, env.server.url, code, 'MMMMMMMMMMMMMMMM');
    await host.waitForSelector('.seat-list li:nth-child(3)', { timeout: 10000 });
    const out = await host.evaluate(() => {
      const list = document.querySelector('.seat-list');
      const right = list.getBoundingClientRect().right - parseFloat(getComputedStyle(list).paddingRight);
      return [...list.querySelectorAll('li > *')].filter((el) => el.getBoundingClientRect().right > right + 0.5)
        .map((el) => `${el.textContent} to ${Math.round(el.getBoundingClientRect().right)} of ${Math.round(right)}`);
    });
    assert.deepEqual(out, []);
    assert.deepEqual(await covered(host), []);
    assert.deepEqual(host.errors, []);
  });
});

// With lines come: "Chat · 3 new" made the button twice as wide (at 320
// px from 173 to 312), and it covered Add computer player and Start. On
// a phone the count is a pill on the button's corner, the number alone;
// a screen reader still hears "Chat · 3 new".
test('320x640, three new lines in the chat: the button still covers nothing, and says how many', async (t) => {
  const size = { width: 320, height: 640 };
  await openPages(t, env.browser, [size, size], async (host, friend) => {
    const code = await hostTable(host, env.server.url, 'Nia', { seats: 5, kinds: ['greedy', 'greedy', 'open', 'open'] });
    await joinFromLink(friend, env.server.url, code, 'Ole');
    await friend.click('#chat-toggle');
    for (const line of ['hi', 'ready?', 'go']) {
      const n = await friend.locator('#chat-lines li:not(.chat-empty)').count();
      await friend.fill('#chat-input', line);
      await friend.press('#chat-input', 'Enter');
      await friend.waitForFunction((k) => document.querySelectorAll('#chat-lines li:not(.chat-empty)').length > k, n, { timeout: 5000 });
    }
    await host.waitForFunction(() => /3 new/.test(document.getElementById('chat-toggle').textContent), null, { timeout: 10000 });
    assert.deepEqual(await covered(host), []);
    assert.match(await host.locator('#chat-toggle').ariaSnapshot(), /button "Chat · 3 new"/);
    const pill = await host.$eval('#chat-unread', (el) => getComputedStyle(el, '::after').content);
    assert.match(pill, /^"3"/, `the count drawn: ${pill}`);
    assert.deepEqual(host.errors, []);
  });
});
