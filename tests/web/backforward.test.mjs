// The browser's Back and Forward. Leave table gives the first page an
// address of its own after the table's link; the page is then always the
// one for the address it shows. Back after Leave table showed the first
// page, with no code, under the table's link (and Join there said to type
// the code); Back from a table to another table's link showed the table
// under that address. Now a table's link is the page for joining that
// table, an address that is not the table's leaves it as Leave table does,
// and Forward to a table where the page keeps a seat takes it back, as a
// reload there does. The leaderboard, a page of its own, comes back to
// the first page with Back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, DESKTOP } from './helpers.mjs';

const env = setup(['--max-tables-per-address', '20']);

// What the page shows: its address, its title, the code field, and
// whether Create table and the hand are there.
const shown = (page) => page.evaluate(() => ({
  path: location.pathname,
  title: document.querySelector('h1')?.textContent,
  code: document.querySelector('#code')?.value ?? null,
  create: !!document.querySelector('#create'),
  hand: !!document.querySelector('.hand button'),
}));

test('Back and Forward between the first page, a table\'s link and a table show the page of the address', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    await page.goto(env.server.url + '/leaderboard');
    await page.click('a[href="/"]');
    await page.waitForSelector('#name', { timeout: 10000 });
    await setName(page, 'Backer');
    const a = await createTable(page, { seats: 2, kinds: ['open'] });
    await page.click('#leave');
    await page.waitForSelector('#create', { timeout: 5000 });
    assert.equal(await page.evaluate(() => location.pathname), '/');

    await page.goBack();
    await page.waitForFunction(() => location.pathname !== '/', null, { timeout: 5000 });
    assert.deepEqual(await shown(page), { path: `/t/${a}`, title: 'Least Score', code: a, create: false, hand: false },
      'Back after Leave table: the page for joining the table');
    await page.goForward();
    await page.waitForFunction(() => location.pathname === '/', null, { timeout: 5000 });
    assert.equal((await shown(page)).create, true, 'Forward: the first page, with Create table');

    // A table of one's own, started; Back goes to the other table's
    // link: that page, the match left (and kept to take back).
    await page.fill('#code', '');
    const b = await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand button', { timeout: 30000 });
    await page.goBack();
    await page.waitForFunction((a) => location.pathname === `/t/${a}`, a, { timeout: 5000 });
    await page.waitForSelector('#join', { timeout: 5000 });
    assert.deepEqual(await shown(page), { path: `/t/${a}`, title: 'Least Score', code: a, create: false, hand: false },
      'Back from a table to another\'s link: the page for joining that one');
    assert.match(await page.textContent('main'), new RegExp(b), 'the seat at the table left is offered back');
    await page.goForward();
    await page.waitForSelector('.hand button', { timeout: 30000 });
    assert.equal((await shown(page)).path, `/t/${b}`, 'Forward: the table, its seat taken back');

    // Back to the leaderboard, a page loaded of its own, and Forward.
    await page.goBack();
    await page.waitForFunction((a) => location.pathname === `/t/${a}`, a, { timeout: 5000 });
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/leaderboard', null, { timeout: 5000 });
    await page.waitForSelector('h1:has-text("Leaderboard")', { timeout: 10000 });
    await page.goForward();
    await page.waitForFunction(() => location.pathname !== '/leaderboard', null, { timeout: 5000 });
    await page.waitForSelector('#join', { timeout: 10000 });
    assert.deepEqual(await shown(page), { path: `/t/${a}`, title: 'Least Score', code: a, create: false, hand: false },
      'Forward from the leaderboard: the page for joining the table');
  });
});
