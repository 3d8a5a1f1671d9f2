// The Chat button floats at the bottom corner of a phone's screen. The
// hand and the lines under it (the selection's line, the help) must never
// lie under it when they are brought into view: by the keyboard moving in
// the hand, or by scrolling to them (a hand at the foot of the screen).
// Checked by the boxes of each card and line against the button's, on a
// small phone, a large one and a phone on its side.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable } from './helpers.mjs';

const env = setup();

const SIZES = [{ width: 320, height: 640 }, { width: 390, height: 844 }, { width: 740, height: 360 }];

// The boxes under the Chat button: each of the hand's cards and lines
// whose box meets the button's, as 'what [l t r b]'.
const covered = (page) => page.evaluate(() => {
  const box = (el) => el.getBoundingClientRect();
  const b = box(document.getElementById('chat-toggle'));
  const at = (x) => `[${[x.left, x.top, x.right, x.bottom].map(Math.round)}]`;
  const meets = (r) => r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
  const out = [];
  for (const el of document.querySelectorAll('.hand button')) {
    if (meets(box(el))) out.push(`${el.dataset.card} ${at(box(el))} under the button ${at(b)}`);
  }
  // A line's words, each of its lines' box (its own box spans the width).
  for (const el of document.querySelectorAll('#selection, #select-help')) {
    const range = document.createRange();
    range.selectNodeContents(el);
    for (const r of range.getClientRects()) {
      if (meets(r)) out.push(`#${el.id} '${el.textContent}' ${at(r)} under the button ${at(b)}`);
    }
  }
  return out;
});

for (const size of SIZES) {
  test(`${size.width}x${size.height}: nothing of the hand or its lines lies under the Chat button`, async (t) => {
    const page = await newPage(env.browser, size);
    await withShots(t, [page], async () => {
      await page.goto(env.server.url + '/');
      await setName(page, `Ada${size.width}`);
      await createTable(page, { seats: 2, kinds: ['greedy'] });
      await page.click('#start');
      await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
      // The match's start leaves the keyboard in the hand, in view.
      await page.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
      assert.deepEqual(await covered(page), [], 'at the start');
      // The keyboard to the last card, from the page scrolled to its top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.keyboard.press('End');
      await page.waitForFunction(() => document.activeElement === [...document.querySelectorAll('.hand button')].pop(),
        null, { timeout: 10000 });
      assert.deepEqual(await covered(page), [], 'the keyboard on the last card');
      // Each card and line scrolled into view from above, as far as needed
      // (not to the middle): it comes in at the foot of the screen.
      const parts = await page.$$('.hand button, #selection, #select-help');
      for (const el of parts) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await el.evaluate((e) => e.scrollIntoView({ block: 'nearest' }));
        assert.deepEqual(await covered(page), [],
          `scrolled to ${await el.evaluate((e) => e.dataset.card || e.id)}`);
      }
      // And the page scrolled to its end.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      assert.deepEqual(await covered(page), [], 'at the end of the page');
      // With new lines counted on the button, as chat.js draws the count
      // ('· 12 new', its number for a pill): at 740x360 the words made the
      // button 154 px wide, over the 128 px the lines kept for it.
      await page.evaluate(() => {
        const badge = document.getElementById('chat-unread');
        badge.textContent = ' · 12 new';
        badge.dataset.n = '12';
        badge.hidden = false;
      });
      for (const el of parts) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await el.evaluate((e) => e.scrollIntoView({ block: 'nearest' }));
        assert.deepEqual(await covered(page), [],
          `12 new lines, scrolled to ${await el.evaluate((e) => e.dataset.card || e.id)}`);
      }
      // The lines keep no more room than the button needs: their words
      // may run to within 1rem of its left edge. (They kept 8rem, the
      // button's width with the count in words, which a phone draws as a
      // pill since: 4.5rem is enough, 3.9 to 4.2 measured.)
      const room = await page.evaluate(() => {
        const b = document.getElementById('chat-toggle').getBoundingClientRect();
        const line = document.getElementById('select-help');
        const end = line.getBoundingClientRect().right - parseFloat(getComputedStyle(line).paddingRight);
        return Math.round(b.left - end);
      });
      assert.ok(room >= 0 && room <= 16, `the help under the hand ends ${room} px before the Chat button`);
      assert.deepEqual(page.errors, []);
    });
    await page.context().close();
  });
}
