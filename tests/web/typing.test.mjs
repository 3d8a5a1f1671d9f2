// A page drawn anew under a field being typed in keeps the keyboard there,
// with the caret where it was: the network that drops while a player types
// her name (the banner that says so draws the page again), a keyboard
// player who changes the number of seats with the arrow keys (the seats'
// row is drawn again). The page drew the fields anew and the focus went
// to the document: the keys typed next went nowhere, and a test that
// filled in the name as the page connected once found the name empty.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, DESKTOP, PHONE } from './helpers.mjs';

const env = setup();

const focused = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

test('a name being typed keeps the keyboard and the caret while the page is drawn again', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await page.click('#name');
    await page.keyboard.type('Ceo');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft'); // the caret between C and e
    // The phone's network goes: the page says so (and is drawn again).
    await page.context().setOffline(true);
    await page.waitForSelector('#offline', { timeout: 10000 });
    assert.equal(await focused(page), 'name');
    await page.keyboard.type('l');
    assert.equal(await page.inputValue('#name'), 'Cleo');
    // Back online: drawn again, and the caret is still after the l.
    await page.context().setOffline(false);
    await page.waitForSelector('#offline', { state: 'detached', timeout: 30000 });
    assert.equal(await focused(page), 'name');
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('eo!');
    assert.equal(await page.inputValue('#name'), 'Cleo!');
    assert.deepEqual(page.errors, []);
  });
});

test('the number of seats changed with the arrow keys keeps the keyboard on it', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await page.waitForSelector('#seats', { timeout: 10000 });
    const before = await page.locator('select.seat-kind').count();
    await page.focus('#seats');
    await page.keyboard.press('ArrowDown'); // one seat more: its row is drawn
    await page.waitForFunction((n) => document.querySelectorAll('select.seat-kind').length === n + 1, before,
      { timeout: 10000 });
    assert.equal(await focused(page), 'seats');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((n) => document.querySelectorAll('select.seat-kind').length === n + 2, before,
      { timeout: 10000 });
    assert.equal(await focused(page), 'seats');
    // Tab goes on to the next field, not back to the top of the page.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.seat), '1');
    assert.deepEqual(page.errors, []);
  });
});
