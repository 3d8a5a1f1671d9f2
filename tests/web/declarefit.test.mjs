// Declare's question and the hand it declares with, both on the first
// screen of a phone held upright. The question ("Declare with N
// points?", Yes, No) took rows of its own above the hand and pushed it
// down (81 px at 320x568, 43 to 101 px at the other sizes here, at a
// table of 8; about 120 px in a later match, seen before): a player
// deciding whether to declare could lose sight of the
// cards she declared with. The question now stands over the open cards
// and the deck, in Declare's place, and the hand stays where it was.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, fullTable, playUntilDeclare, declareAsked } from './helpers.mjs';

const env = setup();

// The hand's cards that are not on the screen, and the top of the hand.
const hand = (page) => page.evaluate(() => {
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const cards = [...document.querySelectorAll('.hand button')];
  const off = cards.filter((el) => {
    const r = el.getBoundingClientRect();
    return r.top < 0 || r.left < 0 || r.bottom >= innerHeight + 0.5 || r.right >= innerWidth + 0.5;
  }).map((el) => `${el.dataset.card} ${at(el.getBoundingClientRect())} in ${innerWidth}x${innerHeight}`);
  return { off, top: Math.round(document.querySelector('.hand').getBoundingClientRect().top), count: cards.length };
});

for (const size of [{ width: 320, height: 568 }, { width: 280, height: 653 }, { width: 320, height: 640 },
  { width: 360, height: 740 }, { width: 390, height: 844 }]) {
  test(`${size.width}x${size.height}, 8 seats: Declare's question and the hand are both on the first screen`, async (t) => {
    await openPages(t, env.browser, [size], async (page) => {
      await fullTable(page, env.server.url, `Dee${size.width}x${size.height}`, 8);
      await playUntilDeclare(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const before = await hand(page);
      assert.ok(before.count > 0, 'a hand');
      await page.evaluate(() => document.querySelector('#declare').focus({ preventScroll: true }));
      await page.keyboard.press('Enter');
      await page.waitForSelector('#declare-yes', { timeout: 5000 });
      assert.deepEqual(await declareAsked(page), [], 'Declare\'s question');
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not scroll');
      const asked = await hand(page);
      assert.deepEqual(asked.off, [], 'the hand, the question asked');
      assert.equal(asked.top, before.top, 'the hand where it was before Declare was pressed');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#declare', { timeout: 5000 });
      assert.equal((await hand(page)).top, before.top, 'the hand where it was, Declare back');
    });
  });
}

// On a desktop the question took rows of its own under the open cards
// and the deck, and pushed the hand 106 px down (1280x800, 1366x657,
// 1440x900, measured); it now stands beside the deck, in Declare's
// place, and the hand stays (it may move a few px when five open cards
// leave the question a third line; 106 px is what this guards against).
for (const size of [{ width: 1280, height: 800 }, { width: 1366, height: 657 }, { width: 1440, height: 900 }]) {
  test(`${size.width}x${size.height}, 4 seats: Declare's question stands beside the deck, the hand where it was`, async (t) => {
    await openPages(t, env.browser, [size], async (page) => {
      await fullTable(page, env.server.url, `Dee${size.width}x${size.height}`, 4);
      await playUntilDeclare(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const before = await hand(page);
      await page.evaluate(() => document.querySelector('#declare').focus({ preventScroll: true }));
      await page.keyboard.press('Enter');
      await page.waitForSelector('#declare-yes', { timeout: 5000 });
      assert.deepEqual(await declareAsked(page), [], 'Declare\'s question');
      const beside = await page.evaluate(() => {
        const draw = document.querySelector('#draw').getBoundingClientRect();
        const ask = document.querySelector('.declare-ask').getBoundingClientRect();
        return { left: Math.round(ask.left), drawRight: Math.round(draw.right), top: Math.round(ask.top), drawBottom: Math.round(draw.bottom) };
      });
      assert.ok(beside.left >= beside.drawRight && beside.top < beside.drawBottom,
        `the question beside the deck: ${JSON.stringify(beside)}`);
      const asked = await hand(page);
      assert.deepEqual(asked.off, [], 'the hand, the question asked');
      assert.ok(asked.top - before.top < 20, `the hand moved ${asked.top - before.top} px (${before.top} to ${asked.top})`);
    });
  });
}
