// Muting a player in the chat: Zed mutes Ada. Her lines are hidden on
// Zed's page (a note counts them), are not counted as new on the closed
// chat and are not read out; Cleo, who did not mute her, sees every line,
// and Zed's own lines still reach everyone. The mute is kept in this
// browser across a reload and at another table; unmuting shows the lines
// again. The list of names keeps the keyboard's place when a line comes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, newPage, withShots, setName, createTable, DESKTOP, PHONE, joinFromLink } from './helpers.mjs';

const env = setup();

const shown = (page) => page.$$eval('#chat-lines li[data-n]', (ls) => ls.map((l) => l.textContent));
const note = (page) => page.$eval('#chat-lines', (l) => l.querySelector('.chat-hidden')?.textContent || '');
const say = async (page, text) => {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
};
// Waits until the page holds n lines in all, shown or hidden.
const held = (page, n) => page.waitForFunction((k) => {
  const lis = document.querySelectorAll('#chat-lines li[data-n]').length;
  const m = /(\d+) lines? from (?:a )?muted/.exec(document.querySelector('#chat-lines .chat-hidden')?.textContent || '');
  return lis + (m ? Number(m[1]) : 0) === k;
}, n, { timeout: 10000 });

test('a muted player\'s lines are hidden in this browser only, until unmuted', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE, DESKTOP], async (ada, zed, cleo) => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 3, kinds: ['open', 'open'] });
    for (const [p, name] of [[zed, 'Zed'], [cleo, 'Cleo']]) {
      await joinFromLink(p, env.server.url, code, name);
    }
    await ada.click('#chat-toggle');
    await say(ada, 'hello all');
    await zed.click('#chat-toggle');
    await held(zed, 1);

    // Zed opens the mute list: Ada, the one other who wrote, unmarked.
    await zed.click('#chat-mute-toggle');
    assert.equal(await zed.getAttribute('#chat-mute-toggle', 'aria-expanded'), 'true');
    assert.deepEqual(await zed.$$eval('#chat-mute input', (bs) => bs.map((b) => [b.dataset.name, b.checked])),
      [['Ada', false]]);
    await zed.check('#chat-mute input[data-name="Ada"]');
    assert.deepEqual(await shown(zed), []);
    assert.equal(await note(zed), '1 line from a muted player is hidden.');

    // Zed still writes to everyone; the box keeps the keyboard when a line
    // comes (the list is not drawn anew while its names stay the same).
    await zed.focus('#chat-mute input[data-name="Ada"]');
    await cleo.click('#chat-toggle');
    await say(cleo, 'hi from Cleo');
    await held(zed, 2);
    assert.deepEqual(await zed.$$eval('#chat-mute input', (bs) => bs.map((b) => b.dataset.name)), ['Ada', 'Cleo']);
    assert.equal(await zed.evaluate(() => document.activeElement?.dataset.name), 'Ada', 'the focus stays on Ada\'s box');
    await say(zed, 'from Zed');
    for (const p of [ada, cleo]) await held(p, 3);
    assert.deepEqual(await shown(cleo), ['Ada hello all', 'Cleo hi from Cleo', 'Zed from Zed'], 'Cleo muted no one');
    assert.deepEqual(await shown(zed), ['Cleo hi from Cleo', 'Zed from Zed']);

    // With the chat closed, Ada's new line is neither counted nor read out
    // on Zed's page; Cleo's is both.
    await zed.click('#chat-close');
    await zed.evaluate(() => { document.querySelector('#chat-announce').textContent = ''; });
    await say(ada, 'secret');
    await held(zed, 4);
    assert.equal(await zed.isVisible('#chat-unread'), false, 'a muted line is not new');
    assert.equal(await zed.textContent('#chat-announce'), '');
    await say(cleo, 'loud');
    await held(zed, 5);
    assert.match(await zed.textContent('#chat-toggle'), /1 new/);
    assert.equal(await zed.textContent('#chat-announce'), 'Cleo says: loud');

    // After a reload Ada is still muted on Zed's page.
    await zed.reload();
    await zed.waitForSelector('#chat-toggle, #chat-panel', { state: 'visible', timeout: 30000 });
    if (await zed.isVisible('#chat-toggle')) await zed.click('#chat-toggle');
    await held(zed, 5);
    assert.deepEqual(await shown(zed), ['Cleo hi from Cleo', 'Zed from Zed', 'Cleo loud']);
    assert.equal(await note(zed), '2 lines from muted players are hidden.');

    // Unmuting shows her lines again, in their places.
    await zed.click('#chat-mute-toggle');
    await zed.uncheck('#chat-mute input[data-name="Ada"]');
    assert.deepEqual(await shown(zed),
      ['Ada hello all', 'Cleo hi from Cleo', 'Zed from Zed', 'Ada secret', 'Cleo loud']);
    assert.equal(await note(zed), '');

    // Muted again, she stays muted at another table (the same browser),
    // where the list offers her before she writes.
    await zed.check('#chat-mute input[data-name="Ada"]');
    await zed.click('#chat-close'); // (on a phone the open chat lies over the page's foot)
    await zed.click('#leave');
    await zed.waitForSelector('#create', { timeout: 30000 });
    await createTable(zed, { seats: 2, kinds: ['open'] });
    await zed.click('#chat-toggle');
    if (!(await zed.isVisible('#chat-mute input'))) await zed.click('#chat-mute-toggle');
    assert.deepEqual(await zed.$$eval('#chat-mute input', (bs) => bs.map((b) => [b.dataset.name, b.checked])),
      [['Ada', true]]);
    for (const p of [ada, zed, cleo]) assert.deepEqual(p.errors, []);
  });
});

// A line is one's own by its writer's name, not by the seat it was written
// from: in the lobby the seats move up when one is freed, and a muted
// player's lines, written from the seat one then moves into, came back
// on one's page as one's own (shown, and set as one's own lines are).
test('a muted player\'s lines stay hidden when the seats move up in the lobby', async (t) => {
  const pages = [];
  for (let i = 0; i < 4; i++) pages.push(await newPage(env.browser, DESKTOP));
  const [ivy, jon, kit, lou] = pages;
  await withShots(t, pages, async () => {
    await ivy.goto(env.server.url + '/');
    await setName(ivy, 'Ivy');
    const code = await createTable(ivy, { seats: 4, kinds: ['open', 'open', 'open'] });
    for (const [p, name] of [[jon, 'Jon'], [kit, 'Kit'], [lou, 'Lou']]) {
      await joinFromLink(p, env.server.url, code, name);
    }
    await kit.click('#chat-toggle');
    await say(kit, 'from seat 3');
    await lou.click('#chat-toggle');
    await held(lou, 1);
    await lou.click('#chat-mute-toggle');
    await lou.check('#chat-mute input[data-name="Kit"]');
    assert.deepEqual(await shown(lou), []);

    // Jon leaves: Kit moves up to the second seat, Lou into her third.
    await jon.click('#leave');
    await lou.waitForFunction(() => !document.getElementById('app').textContent.includes('Jon'),
      null, { timeout: 30000 });
    await say(lou, 'from Lou');
    await held(lou, 2);
    assert.deepEqual(await shown(lou), ['Lou from Lou'], 'Kit\'s line stays hidden');
    assert.equal(await note(lou), '1 line from a muted player is hidden.');
    assert.deepEqual(await lou.$$eval('#chat-lines li.mine', (ls) => ls.map((l) => l.textContent)), ['Lou from Lou']);
    assert.deepEqual(await lou.$$eval('#chat-mute input', (bs) => bs.map((b) => [b.dataset.name, b.checked])),
      [['Kit', true]]);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
});

// Many names in the mute list (seven others at a table of 8, and 300
// muted in this browser at other tables) on a small phone: the list
// scrolls inside the chat's panel, and the box to write in and Send stay
// in it, on the screen. The list pushed them below the panel's foot and
// the screen's (the box at [700,744] in a panel ending at 632 at
// 320x640), where nothing could reach them.
test('a long mute list scrolls in the panel; the box to write in stays on the screen', async (t) => {
  await openPages(t, env.browser, [{ width: 320, height: 640 }], async (ada) => {
    await ada.context().addInitScript(() => {
      if (!localStorage.getItem('leastscore.chatMuted')) {
        localStorage.setItem('leastscore.chatMuted', JSON.stringify(Array.from({ length: 300 }, (_, i) => `Muted${i}`)));
      }
    });
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Many');
    await createTable(ada, { seats: 8, kinds: Array(7).fill('open') });
    await ada.click('#chat-toggle');
    // Lines from seven others (16 wide letters each), as the server
    // would send them.
    await ada.evaluate(() => {
      const lines = Array.from({ length: 7 }, (_, i) => ({ n: i + 1, seat: i + 1, name: `${'W'.repeat(15)}${i}`, text: `hello ${i}` }));
      window.sockets.at(-1).dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'chat', lines }) }));
    });
    await ada.click('#chat-mute-toggle');
    await ada.waitForSelector('#chat-mute input[data-name]', { timeout: 5000 });
    assert.equal(await ada.locator('#chat-mute input[data-name]').count(), 307);
    const out = await ada.evaluate(() => {
      const res = [];
      const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
      const p = document.querySelector('#chat-panel').getBoundingClientRect();
      for (const id of ['chat-input', 'chat-send', 'chat-mute']) {
        const r = document.getElementById(id).getBoundingClientRect();
        if (r.top < p.top - 0.5 || r.bottom > p.bottom + 0.5 || r.bottom > window.innerHeight) res.push(`${id} ${at(r)} out of the panel ${at(p)} or the screen`);
      }
      // The last box, given the keyboard, is scrolled into the list's view.
      const boxes = document.querySelectorAll('#chat-mute input[data-name]');
      boxes[boxes.length - 1].focus();
      const list = document.getElementById('chat-mute').getBoundingClientRect();
      const last = boxes[boxes.length - 1].getBoundingClientRect();
      if (last.top < list.top - 0.5 || last.bottom > list.bottom + 0.5) res.push(`the last name's box ${at(last)} out of the list's view ${at(list)}`);
      return res;
    });
    assert.deepEqual(out, []);
    await ada.fill('#chat-input', 'still here');
    await ada.press('#chat-input', 'Enter');
    await ada.waitForFunction(() => [...document.querySelectorAll('#chat-lines li[data-n]')].some((l) => /still here/.test(l.textContent)), null, { timeout: 10000 });
  });
});
