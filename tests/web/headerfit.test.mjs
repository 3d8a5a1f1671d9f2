// The table's header on a tablet, held upright or on its side, and in
// any window from 600 px wide that is not a phone on its side or a short
// window (those have rules of their own, fit.test.mjs): the title, the
// table's code, the count of watchers and the buttons (Hint, Rules,
// Leave table) keep to one row, the title breaking between its parts
// (never inside one) where it is longer than the room beside the
// buttons. From the second match on the title grows ("Match 12 · Round
// 17 · out above 100"): at 768x1024 the buttons went to a line of their
// own under it, 95 px of header for 46 of title, and so at every width
// from 600 to 900 px (in a window 1024 px high).
//
// The match and round numbers and the count of watchers are set in the
// page (the states it is sent are changed so): a real match 12 would
// take an hour. The table is of 8 seats (the most), the player's name
// 16 letters, every panel as full as it gets (fullPanels), so that the
// hand below the header is as low as a match puts it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, fullPanels } from './helpers.mjs';

const env = setup(['--bot-delay', '60000']);

// The states the page is sent say match 12, round 17, and 12 watching.
function lateMatch() {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      super.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'state' && msg.view?.status === 'playing') Object.assign(msg.view, { match: 12, round: 17 });
        if (msg.type === 'watchers') msg.count = 12;
        fn(new MessageEvent('message', { data: JSON.stringify(msg) }));
        if (msg.type === 'state') fn(new MessageEvent('message', { data: JSON.stringify({ type: 'watchers', count: 12 }) }));
      };
    }
  };
}

// What of the header is not on its one row, cut, or past the screen's
// edge, and what of the turn is below the screen: each as 'what [l t r
// b]'. [] when all is well.
function misfits() {
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const out = [];
  const top = document.querySelector('header.top');
  const parts = [...top.children];
  // One row: every part of the header stands beside the title and the
  // buttons, none under them (their heights overlap; the code and the
  // count of watchers may stand one over the other between them).
  const name = (el) => el.className || el.tagName;
  const boxes = parts.map((el) => [el, el.getBoundingClientRect()]);
  const row = boxes.filter(([el]) => el.matches('h1, .tools'));
  for (const [a, ra] of boxes) {
    for (const [b, rb] of row) {
      if (a !== b && (ra.bottom <= rb.top || rb.bottom <= ra.top)) out.push(`${name(a)} ${at(ra)} under or over ${name(b)} ${at(rb)}`);
    }
    if (ra.left < 0 || ra.right > innerWidth + 0.5) out.push(`${name(a)} ${at(ra)} past the screen's edge`);
  }
  const h1 = top.querySelector('h1');
  if (h1.scrollWidth > h1.clientWidth + 0.5) out.push(`the title cut: ${h1.scrollWidth} px in ${h1.clientWidth}`);
  // A part of the title is never broken: each of its lines begins a part.
  const text = h1.textContent;
  if (!/^Match 12 · Round 17 · out above 100$/.test(text)) out.push(`the title reads '${text}'`);
  const range = document.createRange();
  for (const part of h1.querySelectorAll('span')) {
    range.selectNodeContents(part);
    if (range.getClientRects().length > 1) out.push(`the title's part '${part.textContent}' broken over lines`);
  }
  if (document.documentElement.scrollWidth > innerWidth) out.push(`the page ${document.documentElement.scrollWidth} px wide`);
  for (const sel of ['.hand', '#draw', '.hand-panel .selection']) {
    const r = document.querySelector(sel).getBoundingClientRect();
    if (r.bottom > innerHeight + 0.5) out.push(`${sel} ${at(r)} below the screen`);
  }
  return out;
}

test('the table header is one row on a tablet, from match 2 on, with the count of watchers', async (t) => {
  await openPages(t, env.browser, [{ width: 768, height: 1024 }], async (page) => {
    await page.context().addInitScript(lateMatch);
    await page.context().addInitScript(fullPanels);
    await page.goto(env.server.url + '/');
    await setName(page, 'WWWWWWWWWWWWWWWW');
    await createTable(page, { seats: 8, kinds: Array(7).fill('expert') });
    await page.click('#start');
    await page.waitForSelector('.hand button');
    await page.waitForSelector('#watchers');
    const bad = [];
    // Upright, 600 to 1024 px wide; on its side, 1024 and 1366 px wide
    // and 768 or 800 high; a desktop window from 600 px wide, 700 high.
    const sizes = [];
    for (let w = 600; w <= 1024; w += 8) sizes.push([w, Math.max(1024, Math.round(w * 4 / 3))]);
    for (let w = 600; w <= 1100; w += 20) sizes.push([w, 700]);
    sizes.push([1024, 768], [1280, 800], [1366, 1024], [800, 1280], [834, 1194], [820, 1180]);
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (const m of await page.evaluate(misfits)) bad.push(`${width}x${height}: ${m}`);
    }
    await page.setViewportSize({ width: 768, height: 1024 });
    assert.deepEqual(bad, [], bad.join('\n'));
  });
});
