// An open card that may be taken changes no box's size or place. Such a
// card had a 3 px border where the others have 1 px: when a selection
// made the open cards takeable they grew (a card with a wide label, a
// 10 for instance, 4 px wider, and every card to its right moved), and
// several short windows narrowed their padding or their gaps to make up
// for it. Its wider edge is now drawn inside its box, as a selected
// hand card's is.
//
// On her first turn the player selects a card of her hand (the open
// card may then be taken), lets it go (it may not), selects it again and
// points at the open card; after each step every open card's box, the
// Draw button's and every hand card's is where it was before the first,
// and every open card's border and padding are as wide. The table is the
// player's and a computer player's, and the turn hers (the first seat
// starts the first round): nothing else changes the page meanwhile, and
// no turn timer runs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, fullTable, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

// Each open card's box, the Draw button's and each hand card's, in the
// page's px (a click may scroll a window 280 px high: a box is where it
// was when it has not moved in the page), rounded to the hundredth (a
// hand card's top without its raise), with an open card's border and
// padding widths.
function boxes(page) {
  return page.evaluate(() => {
    const r2 = (x) => Math.round(x * 100) / 100;
    const box = (b, name) => {
      const r = b.getBoundingClientRect();
      const t = getComputedStyle(b).transform;
      const raise = t === 'none' ? 0 : new DOMMatrixReadOnly(t).m42;
      return `${name} x=${r2(r.x + scrollX)} y=${r2(r.y - raise + scrollY)} w=${r2(r.width)} h=${r2(r.height)}`;
    };
    const edges = (b) => {
      const cs = getComputedStyle(b);
      const edge = (what) => ['Top', 'Right', 'Bottom', 'Left'].map((s) => cs[what.replace('*', s)]).join(' ');
      return ` border=${edge('border*Width')} padding=${edge('padding*')}`;
    };
    return [
      ...[...document.querySelectorAll('#open .card')].map((b) => box(b, `open ${b.dataset.card}`) + edges(b)),
      box(document.querySelector('#draw'), 'draw'),
      ...[...document.querySelectorAll('.hand .card')].map((b) => box(b, `hand ${b.dataset.card}`)),
    ];
  });
}

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP], ['short, on its side', { width: 800, height: 280 }]]) {
  test(`open cards becoming takeable or not move and resize nothing (${size})`, async (t) => {
    await openPages(t, env.browser, [viewport], async (page) => {
      await fullTable(page, env.server.url, `Pick${viewport.width}`, 2, { hand_size: 5 });
      await page.waitForSelector('.hand-panel[data-act] .hand .card', { timeout: 30000 });
      await page.evaluate(() => document.fonts.ready);
      const open = page.locator('#open .card');
      assert.ok(await open.count() >= 1);
      const takeable = async () => page.$$eval('#open .card', (bs) => bs.map((b) => !b.disabled));
      assert.deepEqual(await takeable(), (await takeable()).map(() => false), 'nothing selected: none takeable');
      const before = await boxes(page);
      const card = (await page.$$eval('.hand .card', (bs) => bs.map((b) => b.dataset.card)))[0];
      const step = async (what, want) => {
        assert.deepEqual(await takeable(), (await takeable()).map(() => want), what);
        assert.deepEqual(await boxes(page), before, what);
      };
      await page.click(`.hand .card[data-card="${card}"]`);
      await step(`${card} selected: the open cards takeable`, true);
      await page.click(`.hand .card[data-card="${card}"]`);
      await step(`${card} let go: none takeable`, false);
      await page.click(`.hand .card[data-card="${card}"]`);
      await open.first().hover();
      await open.first().focus();
      await step(`${card} selected again, the first open card pointed at and focused`, true);
    });
  });
}
