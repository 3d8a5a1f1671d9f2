// The create form refused: what was wrong and how to mend it is on the
// screen where the person is, under Create, not only at the page's top.
// 8 seats with 7 cards each need 57 cards, more than the deck's 52: the
// page refused them with a clear sentence, but drew it at the top of
// the page, 1209 px above the screen at 320x568 (91 px above it even at
// 1280x800), and pressing Create seemed to do nothing (a probe that
// waited for the table timed out). A refusal from the server (here: no
// more tables from this address) is told under Create too: the page
// jumped to its top to show it, the form out of sight.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable } from './helpers.mjs';

const env = setup(['--max-tables-per-address', '1']);

// Where the page's message is: its text, and 'on the screen' or its box.
const message = (page) => page.evaluate(() => {
  const m = document.getElementById('message');
  if (!m) return null;
  const r = m.getBoundingClientRect();
  const on = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  return { text: m.textContent, where: on ? 'on the screen' : `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}] in ${innerWidth}x${innerHeight}` };
});

for (const size of [{ width: 320, height: 568 }, { width: 390, height: 844 }, { width: 740, height: 360 }, { width: 1280, height: 800 }]) {
  test(`${size.width}x${size.height}: 8 seats of 7 cards are refused on the screen, saying what and how to mend it`, async (t) => {
    await openPages(t, env.browser, [size], async (page) => {
      await page.goto(env.server.url + '/');
      await setName(page, `Ada${size.width}`);
      await page.uncheck('#keep');
      await page.selectOption('#seats', '8');
      await page.selectOption('#opt-hand_size', '7');
      await page.click('#create');
      assert.deepEqual(await message(page), {
        text: '8 players with 7 cards each need 57 cards; the deck has 52. Choose fewer seats or cards.',
        where: 'on the screen',
      });
      assert.equal(await page.locator('.code').count(), 0, 'no table');
      assert.deepEqual([await page.inputValue('#seats'), await page.inputValue('#opt-hand_size')], ['8', '7'], 'the form kept');
    });
  });
}

test('a create the server refuses is told under Create, on the screen', async (t) => {
  await openPages(t, env.browser, [{ width: 320, height: 568 }, { width: 320, height: 568 }], async (first, second) => {
    await first.goto(env.server.url + '/');
    await setName(first, 'Firsthost');
    await first.uncheck('#keep');
    await createTable(first, { seats: 2 });
    await second.goto(env.server.url + '/');
    await setName(second, 'Secondhost');
    await second.uncheck('#keep');
    await second.selectOption('#seats', '2');
    await second.click('#create');
    await second.waitForSelector('#message', { timeout: 15000 });
    const m = await message(second);
    assert.equal(m.where, 'on the screen', m.text);
    // (with the next step a player can take: it said only what failed)
    assert.equal(m.text, 'The server cannot open more tables now: join a table with its code, or try again in a few minutes.');
    // (under Create: the page no longer jumps to its top, the form out
    // of sight)
    assert.equal(await second.locator('#create ~ #message').count(), 1, 'the message under Create');
    assert.equal(await second.locator('.code').count(), 0, 'no table');
  });
});
