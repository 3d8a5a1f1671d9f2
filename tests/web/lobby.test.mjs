// The host's lobby between redraws. The level chosen for the next computer
// player was kept by the lobby's drawing only: a friend sitting down (or
// anything else that redrew the lobby) put the list back to greedy, and
// Add computer player then added a greedy one where the host had chosen
// expert.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, openPages, hostTable, setName, createTable, joinFromLink, DESKTOP, PHONE,
} from './helpers.mjs';
import { s } from '../../web/strings.js';

const env = setup();

test('the level chosen for a computer player stays chosen when a friend sits down', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, friend) => {
    const code = await hostTable(host, env.server.url, 'Hana', { seats: 4, kinds: ['open', 'open', 'open'] });
    await host.selectOption('#bot-level', 'expert');
    await joinFromLink(friend, env.server.url, code, 'Ivo');
    await host.waitForFunction(() => document.querySelector('.seat-list')?.textContent.includes('Ivo'), null, { timeout: 10000 });
    assert.equal(await host.inputValue('#bot-level'), 'expert', 'the list still says expert after the redraw');
    await host.click('#add-bot');
    await host.waitForSelector('.seat-list li:nth-child(3)', { timeout: 10000 });
    assert.match(await host.textContent('.seat-list li:nth-child(3)'), /^Expert.*computer, expert/);
  }, { errorsOf: [0] });
});

// The table's code, big in the lobby, is read out letter by letter: it
// had an aria-label on a paragraph, which a screen reader does not read,
// and the code was read as a word ("RRSBP").
test('a screen reader reads the table\'s code letter by letter', async (t) => {
  await openPages(t, env.browser, [PHONE], async (host) => {
    const code = await hostTable(host, env.server.url, 'Jo', { seats: 2, kinds: ['open'] });
    assert.match(code, /^[A-Z0-9]{5}$/);
    const heard = await host.locator('.code').ariaSnapshot();
    assert.match(heard, new RegExp(`Table code: ${code.split('').join(' ')}`), heard);
    assert.doesNotMatch(heard, new RegExp(code), heard);
  }, { errorsOf: [] });
});

// A friend who opens a table's link came to join it: the page showed the
// whole Create table form under Join. Now Join and Watch come alone, with
// Create behind "Or create a table of your own", which opens it with the
// keyboard on its title. The first page itself still shows the form.
test('a table\'s link shows Join and Watch, with Create behind a button', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, friend) => {
    await host.goto(env.server.url + '/');
    assert.equal(await host.isVisible('#create'), true, 'the first page has the form');
    assert.equal(await host.$('#show-create'), null);
    await setName(host, 'Kim');
    const code = await createTable(host, { seats: 2, kinds: ['open'] });
    await friend.goto(`${env.server.url}/t/${code}`);
    await friend.waitForSelector('#join', { timeout: 10000 });
    assert.equal(await friend.inputValue('#code'), code);
    assert.equal(await friend.isVisible('#watch'), true);
    assert.equal(await friend.$('#create'), null, 'no Create table form on a table\'s link');
    assert.equal(await friend.$('#seats'), null);
    assert.equal(await friend.textContent('#show-create'), 'Or create a table of your own');
    await friend.focus('#show-create');
    await friend.keyboard.press('Enter');
    await friend.waitForSelector('#create', { timeout: 3000 });
    assert.equal(await friend.evaluate(() => document.activeElement?.id), 'create-h', 'the keyboard is on the form\'s title');
    assert.equal(await friend.$('#show-create'), null);
  });
});

// A friend who pressed Watch on the table's link, in the lobby, can still
// play: Take a seat joins the table under the name typed (without one,
// the first page asks for it, the table's code filled in). A full table
// offers no seat.
test('a spectator in the lobby takes a free seat', async (t) => {
  const watch = async (page, code, name) => {
    await page.goto(`${env.server.url}/t/${code}`);
    if (name) await setName(page, name);
    await page.click('#watch');
    await page.waitForSelector('text=You are watching this table.', { timeout: 30000 });
  };
  await openPages(t, env.browser, [DESKTOP, PHONE, PHONE, PHONE], async (host, ben, cleo, dan) => {
    const code = await hostTable(host, env.server.url, 'Ivy', { seats: 3, kinds: ['open', 'open'] });

    await watch(ben, code, 'Jon');
    await ben.click('#sit-down');
    await host.waitForSelector('.seat-list li:nth-child(2)', { timeout: 30000 });
    assert.deepEqual(await host.locator('.seat-list .name').allTextContents(), ['Ivy', 'Jon']);
    await ben.waitForSelector('.seat-list .tag:has-text("you")', { timeout: 30000 });
    assert.equal(new URL(ben.url()).pathname, `/t/${code}`);

    // No name yet: the first page asks for one, the code filled in.
    await watch(cleo, code, '');
    await cleo.click('#sit-down');
    await cleo.waitForSelector('#message', { timeout: 10000 });
    assert.match(await cleo.textContent('#message'), /Choose a name/);
    assert.equal(await cleo.inputValue('#code'), code);
    await setName(cleo, 'Kit');
    await cleo.click('#join');
    await host.waitForSelector('.seat-list li:nth-child(3)', { timeout: 30000 });

    // The table is full: a spectator is offered no seat.
    await watch(dan, code, 'Lea');
    assert.equal(await dan.isVisible('#sit-down'), false);
  });
});

// A full table offers no Add computer player (the server refuses it: "The
// table is full"), and the keyboard that added the last one is on Start,
// not thrown back to the page's title. A seat that frees offers it again.
test('a full table offers no Add computer player; the keyboard goes on to Start', async (t) => {
  await openPages(t, env.browser, [PHONE], async (host) => {
    await hostTable(host, env.server.url, 'Lin', { seats: 3, kinds: ['open', 'open'] });
    await host.focus('#add-bot');
    await host.keyboard.press('Enter');
    await host.waitForSelector('.seat-list li:nth-child(2)', { timeout: 10000 });
    assert.equal(await host.evaluate(() => document.activeElement?.id), 'add-bot', 'a seat still free: Add keeps the keyboard');
    await host.keyboard.press('Enter');
    await host.waitForSelector('.seat-list li:nth-child(3)', { timeout: 10000 });
    assert.equal(await host.$('#add-bot'), null, 'a full table offers no Add computer player');
    assert.equal(await host.$('#bot-level'), null, 'nor a level for one');
    assert.equal(await host.evaluate(() => document.activeElement?.id), 'start', 'the keyboard is on Start');
    assert.equal(await host.$('#message'), null, 'nothing was refused');
    await host.click('.seat-list li:nth-child(3) button');
    await host.waitForSelector('#add-bot', { timeout: 10000 });
    assert.equal(await host.locator('.seat-list li').count(), 2);
  });
});

// A friend pastes the table's link, as it was sent to her, into the
// code field of the first page: the field keeps the code of it, and Join
// takes her to that table. (The field took the link's first 12
// characters, "HTTP://127.0", and Join said to type the table's code.)
test('the table\'s link pasted in the code field gives its code', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, friend) => {
    const code = await hostTable(host, env.server.url, 'Pia', { seats: 2, kinds: ['open'] });
    const link = await host.inputValue('#link');
    await friend.goto(env.server.url + '/');
    await setName(friend, 'Quin');
    await friend.fill('#code', ` ${link} `);
    assert.equal(await friend.inputValue('#code'), code);
    await friend.click('#join');
    await friend.waitForSelector('.seat-list', { timeout: 10000 });
    assert.match(await friend.textContent('.seat-list'), /Quin/);
  }, { errorsOf: [1] });
});

// The keyboard that removes a seat stays among the seats: on Add
// computer player (there again, the table no longer full). It fell to
// the page's title, and the host tabbed back past the link to go on.
test('the keyboard that removes a seat is left on Add computer player', async (t) => {
  await openPages(t, env.browser, [PHONE], async (host) => {
    await hostTable(host, env.server.url, 'Rem', { seats: 3, kinds: ['greedy', 'greedy'] });
    await host.focus('.seat-list li:nth-child(3) button');
    await host.keyboard.press('Enter');
    await host.waitForFunction(() => document.querySelectorAll('.seat-list li').length === 2, null, { timeout: 10000 });
    await host.waitForSelector('#add-bot', { timeout: 10000 });
    assert.equal(await host.evaluate(() => document.activeElement?.id), 'add-bot');
  });
});

// A table's code typed on the first page as the lobby shows it, its
// letters apart ("A H Y 6 C"), is that code; one that is no code is
// refused saying why, before it is sent (300 characters went to the
// server, which answered "code: longer than 31 characters").
test('a table\'s code typed with blanks is taken; one that is none says why', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, friend) => {
    const code = await hostTable(host, env.server.url, 'Sol', { seats: 2, kinds: ['open'] });
    await friend.goto(env.server.url + '/');
    await setName(friend, 'Tam');
    for (const [typed, why] of [['Z'.repeat(300), s.codeTooLong(300)], ['ABC-DE', s.badCodeChar('-')], ['', s.badCode]]) {
      await friend.fill('#code', typed);
      await friend.click('#join');
      await friend.waitForFunction((x) => document.getElementById('message')?.textContent === x, why, { timeout: 5000 })
        .catch(() => {});
      assert.equal(await friend.textContent('#message'), why, typed.slice(0, 20));
    }
    await friend.fill('#code', ` ${code.split('').join(' ')} `);
    await friend.click('#join');
    await friend.waitForSelector('.seat-list', { timeout: 10000 });
    assert.match(await friend.textContent('.seat-list'), /Tam/);
  }, { errorsOf: [1] });
});
