// Why Declare is not there. Declaring is allowed from a player's second
// turn of a round (docs/rules.md, D7), and on the first turn the page
// showed no Declare and nothing saying why: a newcomer who had heard of
// declaring looked for it and found nothing. A line in Declare's place
// now says "Declare from your second turn." (and, at a table with a
// declare limit, a hand above it: "Declare with 1 point or less."): on
// the screen at every size here, clear of the cards and buttons of the
// turn, read by a screen reader as any text, and gone once Declare is
// offered.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, fullTable, playTurn, PHONES, DESKTOP } from './helpers.mjs';

const env = setup();

// The line, and what of the turn is off the screen or under it.
const line = (page) => page.evaluate(() => {
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const el = document.querySelector('#declare-later');
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const out = [];
  const off = (q) => q.top < 0 || q.left < 0 || q.bottom > innerHeight + 0.5 || q.right > innerWidth + 0.5;
  if (!r.width || !r.height || getComputedStyle(el).visibility !== 'visible') out.push('the line is not shown');
  if (off(r)) out.push(`the line ${at(r)} off the screen`);
  if (el.closest('[aria-hidden="true"]')) out.push('the line is hidden from a screen reader');
  const chat = document.querySelector('#chat-toggle').getBoundingClientRect();
  const parts = [...document.querySelectorAll('.hand button, #open button, #draw, #selection, .turn-line, .pile h2')];
  for (const p of parts) {
    const q = p.getBoundingClientRect();
    if (off(q)) out.push(`${p.id || p.dataset.card || p.className} ${at(q)} off the screen`);
    if (!(q.right <= r.left || q.left >= r.right || q.bottom <= r.top || q.top >= r.bottom)) {
      out.push(`the line ${at(r)} over ${p.id || p.dataset.card || p.className} ${at(q)}`);
    }
  }
  if (!(r.right <= chat.left || r.left >= chat.right || r.bottom <= chat.top || r.top >= chat.bottom)) out.push(`the line ${at(r)} under the Chat button`);
  return { text: el.textContent, out };
});

for (const size of [...PHONES, { width: 320, height: 568 }, { width: 280, height: 653 }, { width: 568, height: 320 }, DESKTOP]) {
  test(`${size.width}x${size.height}, 8 seats: the first turn says when Declare comes, on the screen`, async (t) => {
    await openPages(t, env.browser, [size], async (page) => {
      await fullTable(page, env.server.url, `Dee${size.width}x${size.height}`, 8);
      await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.equal(await page.$('#declare'), null, 'no Declare on the first turn');
      const first = await line(page);
      assert.ok(first, 'a line in Declare\'s place says why it is not there');
      assert.equal(first.text, 'Declare from your second turn.');
      assert.deepEqual(first.out, []);
      // Played: the next turn offers Declare, and the line is gone.
      assert.equal(await playTurn(page, -1), 'move');
      await page.waitForSelector('#declare:not([disabled])', { timeout: 30000 });
      assert.equal(await line(page), null, 'the line gone once Declare is offered');
    });
  });
}

test('a table with a declare limit says so where Declare would be, on a hand above it', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    // (no hand of 5 is as low as 1: 4 aces and a 2 make 6)
    await fullTable(page, env.server.url, 'Lim', 2, { declare_max: 1 });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal((await line(page))?.text, 'Declare from your second turn.');
    assert.equal(await playTurn(page, -1), 'move');
    await page.waitForFunction(() => document.querySelector('.hand-panel[data-act]')
      && document.querySelector('#declare-later')?.textContent !== 'Declare from your second turn.', null, { timeout: 30000 });
    const later = await line(page);
    assert.equal(later?.text, 'Declare with 1 point or less.');
    assert.deepEqual(later.out, []);
    assert.equal(await page.$('#declare'), null);
  });
});
