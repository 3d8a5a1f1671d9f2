// The moves under the Chat button: the button floats at the screen's
// bottom corner, and on a phone the moves' panel runs under it, so that
// the last move (the moves' list starts with it) or any other lay under
// the button: at 390x844 the seventh line, with the page at its top, and
// any line that came to the screen's foot as the page scrolled. Checked
// by each line's words (a box per line of text) against the button's,
// and the pill of its count of new lines 9 px above it, with the page at
// its top and each line brought into view from there, at every size the
// fit and textzoom tests lay out (and the text at 24 px).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, fullTable, playMoves, PHONES } from './helpers.mjs';

const env = setup();

const SIZES = [...PHONES, { width: 360, height: 640 }, { width: 320, height: 568 }, { width: 280, height: 653 },
  { width: 320, height: 180 }, { width: 640, height: 360 }, { width: 568, height: 320 }, { width: 915, height: 412 },
  { width: 533, height: 320 }, { width: 480, height: 320 }, { width: 512, height: 280 }, { width: 900, height: 481 },
  { width: 1093, height: 510 }, { width: 1024, height: 600 }, { width: 1366, height: 657 }, { width: 1280, height: 720 },
  { width: 1024, height: 700 }, { width: 1440, height: 789 }, { width: 1280, height: 800 }];

// The lines of the moves whose words lie under the Chat button, as
// 'i "words" [l t r b] under [l t r b]', with the page at its top, then
// each line brought into view from there as far as needed (it comes in at
// the screen's foot). Words scrolled out of the list's box are not seen,
// and not counted.
const covered = () => {
  const out = [];
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const list = document.getElementById('log');
  const check = (when) => {
    const c = document.getElementById('chat-toggle').getBoundingClientRect();
    const box = list.getBoundingClientRect();
    for (const [i, li] of [...list.children].entries()) {
      const range = document.createRange();
      range.selectNodeContents(li);
      for (const r of range.getClientRects()) {
        if (r.bottom <= box.top || r.top >= box.bottom || r.bottom <= 0 || r.top >= innerHeight) continue;
        if (r.right > c.left && r.left < c.right && r.bottom > c.top - 9 && r.top < c.bottom) {
          out.push(`${when}: line ${i + 1} "${li.textContent}" ${at(r)} under ${at(c)}`);
        }
      }
    }
  };
  scrollTo(0, 0);
  list.scrollTop = 0;
  check('the page at its top');
  for (const [i, li] of [...list.children].entries()) {
    scrollTo(0, 0);
    list.scrollTop = 0;
    li.scrollIntoView({ block: 'nearest' });
    check(`line ${i + 1} brought into view`);
  }
  scrollTo(0, 0);
  list.scrollTop = 0;
  return [...new Set(out)];
};

// A round with moves enough to fill the list (eight seats: seven moves of
// the computer players for each of hers), at each size in turn.
async function checkSizes(t, font) {
  await openPages(t, env.browser, [SIZES[0]], async (page) => {
    if (font) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: font, fixed: font - 4 } });
    }
    await fullTable(page, env.server.url, `Log${font || 16}`, 8);
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await playMoves(page, 6);
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 40, null, { timeout: 30000 });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // (the layout of the new size drawn: a frame, then the check)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.deepEqual(await page.evaluate(covered), [], `${size.width}x${size.height}${font ? `, the text at ${font} px` : ''}`);
    }
  });
}

test('at every size, no line of the moves lies under the Chat button', async (t) => {
  await checkSizes(t, 0);
});

test('the browser\'s text at 24 px: no line of the moves lies under the Chat button', async (t) => {
  await checkSizes(t, 24);
});
