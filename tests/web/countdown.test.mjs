// The turn's countdown ("to play · 20 s left") in the panel of the
// player to move changed width with its digits: on a phone the row of
// panels moved sideways by 9 px as 10 s became 9 s (each panel after
// the one to move too), and where the panel's line of cards thrown and
// "to play" was within a digit of the row's width, "to play · N s left"
// went under the cards, or back beside them, as the seconds passed: the
// panel gained or lost a line, and the hand below moved by it. The
// countdown's figures now keep the width of the table's turn time's
// (tabular figures in a box of that many digits).
// A table of three (Ada and two computers), a turn time of 120 s (the
// widest countdown, and time enough for the test), every panel as full
// as a match makes it (fullPanels()); Ada's page's clock is the test's:
// at 100, 20 and 9 s left, at every width from 300 to 440 px (phones
// upright: fit and textzoom's sizes among them), each panel's box and
// the hand's top are the same.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, fullTable, fullPanels } from './helpers.mjs';

const env = setup();

const WIDTHS = [];
for (let w = 300; w <= 440; w += 2) WIDTHS.push(w);
const HEIGHT = 740;

// Each panel's box in the row and the hand's top, at the page's width.
const measure = (page) => page.evaluate(() => {
  const box = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top + scrollY, b.width, b.height].map(Math.round).join(','); };
  return `panels ${[...document.querySelectorAll('.play > .seats .seat')].map(box).join(' ')}; hand top ${box(document.querySelector('.hand')).split(',')[1]}`;
});

// The countdown's seconds, as Ada's panel shows them.
const secondsLeft = (page) => page.evaluate(() => Number(/(\d+) s left/.exec(document.querySelector('.seat.turn .timer')?.textContent || '')?.[1]));

test('the panels and the hand do not move as the turn\'s countdown runs down, on a phone', async (t) => {
  await openPages(t, env.browser, [{ width: 390, height: HEIGHT }], async (page) => {
    await page.context().addInitScript(fullPanels);
    await page.clock.install();
    await fullTable(page, env.server.url, 'Ada', 3, { turn_time: 120 });
    await page.waitForSelector('.hand-panel[data-act] .hand', { timeout: 60000 });
    await page.waitForFunction(() => /\d+ s left/.test(document.querySelector('.seat.turn .timer')?.textContent || ''), null, { timeout: 10000 });
    const version = await page.evaluate(() => document.querySelectorAll('#log li').length);
    await page.clock.pauseAt(await page.evaluate(() => Date.now()) + 1000);
    const seen = {}; // width -> [what is seen at each time]
    for (const at of [100, 20, 9]) {
      // (the page's clock on to `at` seconds left, a second at a time:
      // bounded by the turn's 120)
      for (let i = 0; i < 125 && (await secondsLeft(page)) > at; i++) await page.clock.runFor(1000);
      assert.equal(await secondsLeft(page), at);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        (seen[width] ||= []).push(`${at} s left: ${await measure(page)}`);
      }
    }
    // (Nothing came from the server meanwhile: the turn is still Ada's.)
    assert.equal(await page.evaluate(() => document.querySelectorAll('#log li').length), version);
    const moved = WIDTHS.filter((w) => new Set(seen[w].map((x) => x.replace(/^\d+ s left: /, ''))).size > 1);
    assert.deepEqual(moved.map((w) => `${w}px: ${seen[w].join(' | ')}`), []);
  });
});
