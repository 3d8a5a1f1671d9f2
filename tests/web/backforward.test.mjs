// The browser's Back and Forward. Leave table gives the first page an
// address of its own after the table's link; the page is then always the
// one for the address it shows. Back after Leave table showed the first
// page, with no code, under the table's link (and Join there said to type
// the code); Back from a table to another table's link showed the table
// under that address. Now a table's link is the page for joining that
// table, an address that is not the table's leaves it as Leave table does,
// and Forward to a table where the page keeps a seat takes it back, as a
// reload there does. The leaderboard, a page of its own, comes back to
// the first page with Back. Back at a table in a running match asks
// first (the second test): the first Back is the question, the second
// leaves.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, DESKTOP, PHONE } from './helpers.mjs';

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

// Back at a table in a running match: the page stays at the table,
// asking (the question open, the hand there), the address the table's.
async function backAsked(page) {
  await page.waitForFunction(() => history.state?.guard, null, { timeout: 5000 });
  const path = await page.evaluate(() => location.pathname);
  await page.goBack();
  await page.waitForSelector('#back-dialog[open] #back-stay', { timeout: 5000 });
  assert.equal(await page.evaluate(() => location.pathname), path, 'the question asked at the table\'s address');
  assert.ok(await page.$('.hand button'), 'the question asked over the table');
}

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

    // A table of one's own, started; Back asks first, then Back again
    // goes to the other table's link: that page, the match left (and
    // kept to take back).
    await page.fill('#code', '');
    const b = await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand button', { timeout: 30000 });
    await backAsked(page);
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
    await backAsked(page);
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

// A player's Back at a table in a running match (a phone's swipe, by
// mistake) left the table at once: the computer played her seat until
// she found the way back from the first page. Now the first Back asks
// (Stay at the table has the keyboard), nothing sent to the table;
// Stay, or Escape, keeps the table, and Back asks again; Leave the
// table leaves, the seat kept to take back; so does Back pressed again,
// to where Back would have gone. Forward to the question's table is Stay.
test('Back at a table in a running match asks first, and Back again leaves', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    // (the leaderboard first, for a page before the table's to go back to)
    await page.goto(env.server.url + '/leaderboard');
    await page.click('a[href="/"]');
    await page.waitForSelector('#name', { timeout: 10000 });
    await setName(page, 'Swiper');
    const code = await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand button', { timeout: 30000 });
    const hand = await page.$$eval('.hand button', (bs) => bs.map((b) => b.dataset.card).join(' '));

    await backAsked(page);
    const asked = await page.evaluate(() => ({
      focus: document.activeElement?.id,
      title: document.querySelector('#back-title')?.textContent,
      text: document.querySelector('#back-text')?.textContent,
      away: document.querySelector('.seat.me')?.textContent,
    }));
    assert.equal(asked.focus, 'back-stay', 'Stay has the keyboard');
    assert.equal(asked.title, 'Leave the table?');
    assert.match(asked.text, new RegExp(`table ${code} goes on without you.*Back again leaves`));
    assert.doesNotMatch(asked.away, /away/, 'the table was not told to leave');
    // Escape is Stay: the table as it was, and Back asks again.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#back-dialog').open, null, { timeout: 5000 });
    assert.equal(await page.$$eval('.hand button', (bs) => bs.map((b) => b.dataset.card).join(' ')), hand, 'the same hand');
    await backAsked(page);
    // Forward is Stay too.
    await page.goForward();
    await page.waitForFunction(() => !document.querySelector('#back-dialog').open, null, { timeout: 5000 });
    assert.equal(await page.evaluate(() => history.state?.guard), code);
    // Leave the table: the first page, the seat offered back.
    await backAsked(page);
    await page.click('#back-leave');
    await page.waitForSelector('#create', { timeout: 5000 });
    assert.equal(await page.evaluate(() => location.pathname), '/');
    await page.click(`text=Back to table ${code}`);
    await page.waitForSelector('.hand button', { timeout: 30000 });
    // Back, and Back again: the page before the table's (the
    // leaderboard, past the entry of the table's link that Back to table
    // took back), the seat kept, offered back on the first page.
    await backAsked(page);
    await page.goBack();
    await page.waitForSelector('h1:has-text("Leaderboard")', { timeout: 10000 });
    assert.equal(await page.evaluate(() => location.pathname), '/leaderboard');
    await page.click('a[href="/"]');
    await page.waitForSelector(`text=Back to table ${code}`, { timeout: 10000 });
  });
});

// Chromium's Back button skips a history entry that a page left by
// pushState with no user activation (the history manipulation
// intervention): a page reloaded at a running match's table pushed its
// guard at once, with no press on it, and the table's own entry under
// the guard was such an entry, so that Back went past it to the page
// before and left the table without asking. (Playwright's goBack goes
// to the entry before, skipped or not, as history.back() does: the test
// checks that no guard is pushed without an activation, and that the
// first real press, of the mouse or of a key, pushes it.) Without any
// press, Back leaves, the seat kept, as before the guard.
test('after a reload into a running match the guard waits for a press on the page', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    // (the leaderboard first, for a page before the table's to go back to)
    await page.goto(env.server.url + '/leaderboard');
    await page.click('a[href="/"]');
    await page.waitForSelector('#name', { timeout: 10000 });
    await setName(page, 'Reloader');
    const code = await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand button', { timeout: 30000 });
    const reloaded = async () => {
      // Back asks, on the table's own entry; a reload there: a page with
      // no activation at a running match (drawn: guardBack() has run).
      await backAsked(page);
      await page.reload();
      await page.waitForSelector('.hand button', { timeout: 30000 });
      assert.equal(await page.evaluate(() => history.state?.guard ?? null), null, 'no entry pushed by a page with no press on it');
    };
    // A click on the page's heading (nothing to do there) pushes it:
    // Back asks.
    await reloaded();
    const box = await page.locator('h1').first().boundingBox();
    await page.mouse.click(box.x + 2, box.y + box.height / 2);
    await page.waitForFunction((c) => history.state?.guard === c, code, { timeout: 5000 });
    await backAsked(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#back-dialog').open, null, { timeout: 5000 });
    // So does a key.
    await reloaded();
    await page.keyboard.press('Tab');
    await page.waitForFunction((c) => history.state?.guard === c, code, { timeout: 5000 });
    await backAsked(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#back-dialog').open, null, { timeout: 5000 });
    // No press at all: Back leaves for the page before, the seat kept.
    await reloaded();
    await page.goBack();
    await page.waitForSelector('h1:has-text("Leaderboard")', { timeout: 10000 });
    assert.equal(await page.evaluate(() => location.pathname), '/leaderboard');
    await page.click('a[href="/"]');
    await page.waitForSelector(`text=Back to table ${code}`, { timeout: 10000 });
  });
});
