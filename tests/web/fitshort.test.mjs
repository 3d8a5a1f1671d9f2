// Short windows on their side (262 to 371 px high), a table of 8: the
// first turn and a later one on the first screen. (Split from
// fit.test.mjs, whose opening says what the fit tests ask; the measures
// are in fitcheck.mjs.)

import assert from 'node:assert/strict';
import { setup, openPages, fullTable, fullPanels } from './helpers.mjs';
import { fitSuite, offScreen, laterTurnThreeOpen, deadLine } from './fitcheck.mjs';


// (Every table of this file is made from one address, more than the
// server's 10 by default, and a table lives on after its page closes,
// until its match ends: how many are alive at once depends on how fast
// the computers finish the matches left behind. 60 was once 44 tables and
// room; with the tests added since, a run in make test hit it ("The server
// cannot open more tables now.", the 61st test's table refused). The
// limit is not what this file tests: 1000 is far above the tables it makes.)
const env = setup(['--max-tables-per-address', '1000']);

const { test, run } = fitSuite('the turn on the first screen: short windows');

// Small windows on their side, 440x320 and 512x280: on the first turn
// the hand, the line under it, the open card, Draw and the seat to move
// are on the screen, the page unscrolled. At 440x320 the turn stood
// above the hand, which was 268 px below the screen's top; at 512x280
// the page stayed scrolled by the lobby's scroll down to Start (20 px).
// A later turn, with Declare and three open cards beside the hand (drawn
// in the page's open cards and measured at once), is on the first screen
// too: at 440x320 the column of the turn line, the open cards, the deck
// and Declare ran 57 px below the screen's foot, at 512x280 Declare 16 px;
// at 568x320 the dead pile's line under Draw ended 4 px below it (the
// phones' test above met it only when the deal gave three open cards);
// at 400x320 and 420x320 the header took two lines and Declare ended
// 9 px below it. Every panel is as full as it gets (fullPanels(): two
// cards known, five thrown), as it may be on a later turn. Lower still
// (280 to 300 px high), from 400 to 424 px wide Declare, under Draw,
// ended up to 31 px below the screen's foot with five open cards (at
// 400, 416 and 424 px wide; at 404 to 412 it stood beside Draw); from
// 568 to 751 px wide the dead pile's line under Draw ended 3 to 11 px
// below it (at 744x290 with five open cards alone). Under 400 px wide
// (380x262 to 399x300) the table was a phone's held upright: the hand
// began 442 px below the screen's top, Draw, Declare and the dead pile's
// line under it, in a 270 px screen; and from 428 to 440 px wide, 262 px
// high, Draw and Declare ended 1 px below the screen's foot. At 279 px
// high or less from 480 to 751 px wide Declare and the dead pile's line
// under Draw ended 3 px (480 to 567) to 8 px (568 to 751) below it; and
// from 752 px wide (752x262 to 1100x275), where the deck stands beside
// the open cards, Declare, on a row of its own under them, 6 px.
for (const size of [{ width: 440, height: 320 }, { width: 512, height: 280 }, { width: 568, height: 320 },
  { width: 533, height: 320 }, { width: 480, height: 320 }, { width: 400, height: 320 }, { width: 420, height: 320 },
  { width: 424, height: 320 }, { width: 448, height: 320 }, { width: 464, height: 320 }, { width: 544, height: 320 },
  { width: 560, height: 320 }, { width: 400, height: 262 }, { width: 400, height: 280 }, { width: 416, height: 300 }, { width: 424, height: 288 },
  { width: 568, height: 280 }, { width: 656, height: 280 }, { width: 744, height: 290 }, { width: 380, height: 270 },
  { width: 390, height: 270 }, { width: 396, height: 270 }, { width: 384, height: 262 }, { width: 388, height: 300 },
  { width: 440, height: 262 }, { width: 480, height: 270 }, { width: 568, height: 270 }, { width: 640, height: 276 },
  { width: 744, height: 262 }, { width: 752, height: 270 }, { width: 800, height: 262 }, { width: 844, height: 275 },
  { width: 960, height: 270 }, { width: 1024, height: 268 }, { width: 488, height: 270 }]) {
  test(`${size.width}x${size.height}, 8 seats: the first turn and a later one on the first screen`, async (t) => {
    await openPages(t, env.browser, [size], async (page) => {
      await page.context().addInitScript(fullPanels);
      // (a guest: the file's tables from one address outran the server's
      // count of new players, and the last of them were refused)
      await fullTable(page, env.server.url, `Small${size.width}x${size.height}`, 8, { guest: true });
      await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
      await page.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
      assert.deepEqual(await offScreen(page), [], 'the first turn, as the page stands');
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not need to scroll');
      const { open } = await laterTurnThreeOpen(page);
      assert.equal(open, 3);
      // (at the page's top: the test's clicks, which bring what they
      // press above the foot kept for the Chat button, may have scrolled it)
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.deepEqual(await offScreen(page), [], 'a later turn, Declare and three open cards');
      assert.doesNotMatch(await deadLine(page), /off the screen/, 'a later turn, Declare and three open cards');
      // Five open cards (a run or a flush of five thrown), at every
      // size: at 440x320 they took two rows and Declare ended 40 px
      // below the screen's foot; from 400 to 424 px wide they took two
      // rows still, and her panel, full, a fourth line for "to play":
      // Declare ended up to 58 px below it; at 512x280, 2 px; at
      // 448x320 and 464x320 (the header on two lines, five open cards
      // in two rows) up to 78 px, at 544x320 and 560x320 (the header on
      // two lines, Declare under Draw) 49 px.
      assert.equal((await laterTurnThreeOpen(page, ['10♠', '10♥', 'Q♦', 'Q♣', '10♦'])).open, 5);
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.deepEqual(await offScreen(page), [], 'a later turn, Declare and five open cards');
      assert.doesNotMatch(await deadLine(page), /off the screen/, 'a later turn, Declare and five open cards');
      // A card selected, the five open cards may be taken (their border
      // wider): from 752 px wide the deck went under them, and Draw and
      // the dead pile's line ended up to 29 px below the screen's foot,
      // the line on the selection (two lines) 1 px at 262 px high. Two
      // cards selected too: from 380 to 751 px wide, 300 px high or
      // less, the line on the selection took up to four lines and ended
      // up to 31 px below it; under 440 px wide the open cards, wider,
      // took two rows, and Draw and Declare ended up to 47 px below it;
      // at 400 px wide, a card selected, they took two rows still, and
      // Draw and Declare ended 36 px below it (400x262 to 400x300).
      for (const n of [1, 2]) {
        await page.$$eval('.hand button', (bs, i) => bs[i].focus({ preventScroll: true }), n - 1);
        await page.keyboard.press('Space');
        await page.waitForFunction((n) => document.querySelectorAll('.hand button.selected').length === n, n, { timeout: 5000 });
        await page.evaluate(() => window.scrollTo(0, 0));
        if (n === 1) assert.equal(await page.locator('#open button:not(:disabled)').count(), 5, 'five open cards to take');
        assert.deepEqual(await offScreen(page), [], `a later turn, ${n} card(s) selected`);
        assert.doesNotMatch(await deadLine(page), /off the screen/, `a later turn, ${n} card(s) selected`);
      }
      for (const i of [1, 0]) {
        await page.$$eval('.hand button', (bs, i) => bs[i].focus({ preventScroll: true }), i);
        await page.keyboard.press('Space');
      }
      await page.waitForSelector('.hand button.selected', { state: 'detached', timeout: 5000 });
      // Under 400 px wide the hand's cards are narrowest: the widest faces
      // (four 10s and a queen) on one line (two 10s took two at 396x270).
      if (size.width < 400) {
        const tops = await page.locator('.hand button').evaluateAll((bs) => {
          ['10♦', '10♣', '10♥', '10♠', 'Q♦'].forEach((face, i) => { if (bs[i]) bs[i].textContent = face; });
          return bs.map((b) => Math.round(b.getBoundingClientRect().top));
        });
        assert.equal(new Set(tops).size, 1, `four 10s and a queen: the cards' tops ${tops}`);
        assert.deepEqual(await offScreen(page), [], 'four 10s and a queen');
      }
    });
  });
}


run();
