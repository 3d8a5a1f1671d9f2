// Selecting a card changes no card's size or place. A selected card had a
// 3 px border where the others have 1 px: it grew 4 px wider and moved
// every card to its right (on a phone it could wrap the hand onto another
// line). Its wider edge is now drawn inside its box.
//
// The player selects every card of a hand of 7, one at a time, then lets
// them go one at a time, at a phone's and a desktop's size, and after each
// press every card's box is where it was with nothing selected. A selected
// card is raised (a transform, which moves no box and nothing around it):
// its place is read without the raise, the transform's own translation
// taken off, so a raise still under way (its 0.1 s transition) reads the
// same as one done. The table is the player's and a computer player's,
// and the turn hers (the first seat starts the first round): nothing else
// changes the page while she selects, and no turn timer runs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, fullTable, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

// Each card's box, in px rounded to the hundredth: its left edge, its top
// without the raise, its width and its height, and its border's and its
// padding's widths; and the hand's own box. (A card's width changed with
// its border only where its label is wider than the card's least width,
// a 10 for instance, which a deal may not give: the border's width is
// compared whatever the deal.)
function boxes(page) {
  return page.evaluate(() => {
    const r2 = (x) => Math.round(x * 100) / 100;
    const cards = [...document.querySelectorAll('.hand .card')].map((b) => {
      const r = b.getBoundingClientRect();
      const raise = new DOMMatrixReadOnly(getComputedStyle(b).transform === 'none' ? undefined
        : getComputedStyle(b).transform).m42;
      const cs = getComputedStyle(b);
      const edge = (what) => ['Top', 'Right', 'Bottom', 'Left'].map((s) => cs[what.replace('*', s)]).join(' ');
      return `${b.dataset.card} x=${r2(r.x)} y=${r2(r.y - raise)} w=${r2(r.width)} h=${r2(r.height)}`
        + ` border=${edge('border*Width')} padding=${edge('padding*')}`;
    });
    const hand = document.querySelector('.hand').getBoundingClientRect();
    return { cards, hand: `hand x=${r2(hand.x)} y=${r2(hand.y)} w=${r2(hand.width)} h=${r2(hand.height)}` };
  });
}

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`selecting and letting go cards moves no card and changes no card's size (${size})`, async (t) => {
    await openPages(t, env.browser, [viewport], async (page) => {
      await fullTable(page, env.server.url, `Sela${size === 'phone' ? 'P' : 'D'}`, 2, { hand_size: 7 });
      await page.waitForSelector('.hand-panel[data-act] .hand .card', { timeout: 30000 });
      await page.evaluate(() => document.fonts.ready);
      const cards = await page.$$eval('.hand .card', (bs) => bs.map((b) => b.dataset.card));
      assert.equal(cards.length, 7);
      const before = await boxes(page);
      const press = async (c, selected, step) => {
        await page.click(`.hand .card[data-card="${c}"]`);
        assert.equal(await page.getAttribute(`.hand .card[data-card="${c}"]`, 'aria-pressed'), String(selected), step);
        assert.deepEqual(await boxes(page), before, step);
      };
      for (const [i, c] of cards.entries()) await press(c, true, `${i + 1} card(s) selected, the last ${c}`);
      for (const [i, c] of cards.entries()) await press(c, false, `${c} let go, ${cards.length - i - 1} still selected`);
    });
  });
}
