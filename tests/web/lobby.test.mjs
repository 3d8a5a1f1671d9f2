// The host's lobby between redraws. The level chosen for the next computer
// player was kept by the lobby's drawing only: a friend sitting down (or
// anything else that redrew the lobby) put the list back to greedy, and
// Add computer player then added a greedy one where the host had chosen
// expert.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, joinFromLink, DESKTOP, PHONE } from './helpers.mjs';

const env = setup();

test('the level chosen for a computer player stays chosen when a friend sits down', async (t) => {
  const host = await newPage(env.browser, DESKTOP);
  const friend = await newPage(env.browser, PHONE);
  await withShots(t, [host, friend], async () => {
    await host.goto(env.server.url + '/');
    await setName(host, 'Hana');
    const code = await createTable(host, { seats: 4, kinds: ['open', 'open', 'open'] });
    await host.selectOption('#bot-level', 'expert');
    await joinFromLink(friend, env.server.url, code, 'Ivo');
    await host.waitForFunction(() => document.querySelector('.seat-list')?.textContent.includes('Ivo'), null, { timeout: 10000 });
    assert.equal(await host.inputValue('#bot-level'), 'expert', 'the list still says expert after the redraw');
    await host.click('#add-bot');
    await host.waitForSelector('.seat-list li:nth-child(3)', { timeout: 10000 });
    assert.match(await host.textContent('.seat-list li:nth-child(3)'), /^Expert.*computer, expert/);
    assert.deepEqual(host.errors, []);
  });
  await host.context().close();
  await friend.context().close();
});

// The table's code, big in the lobby, is read out letter by letter: it
// had an aria-label on a paragraph, which a screen reader does not read,
// and the code was read as a word ("RRSBP").
test('a screen reader reads the table\'s code letter by letter', async (t) => {
  const host = await newPage(env.browser, PHONE);
  await withShots(t, [host], async () => {
    await host.goto(env.server.url + '/');
    await setName(host, 'Jo');
    const code = await createTable(host, { seats: 2, kinds: ['open'] });
    assert.match(code, /^[A-Z0-9]{5}$/);
    const heard = await host.locator('.code').ariaSnapshot();
    assert.match(heard, new RegExp(`Table code: ${code.split('').join(' ')}`), heard);
    assert.doesNotMatch(heard, new RegExp(code), heard);
  });
  await host.context().close();
});
