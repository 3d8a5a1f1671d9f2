// The browser's text at 200% (a phone's or a browser's larger text, which
// scales every rem of the page): no page is wider than the screen, so
// that nothing is read by scrolling sideways. On a 390 px phone the first
// page was 572 px wide: the rules options' columns of 15rem, the fields
// at an input's own width, and the fieldset around them, which is as
// wide as its content unless told otherwise.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, fullTable, playTurn, fullPanels, PHONE } from './helpers.mjs';

const env = setup();

function largeText() {
  document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '200%'; });
}

// What is wider than the screen: each as 'tag#id.class right'.
const tooWide = (page) => page.evaluate(() => {
  const out = [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('.seats'))
    .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  if (document.documentElement.scrollWidth > window.innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return out;
});

test('with the text at 200% on a phone, the first page, the lobby and the table are no wider than the screen', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    await page.context().addInitScript(largeText);
    await page.goto(env.server.url + '/');
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), '32px');
    await page.click('#login-box summary');
    assert.deepEqual(await tooWide(page), [], 'the first page, Log in open');
    await setName(page, 'Big');
    await createTable(page, { seats: 2, kinds: ['greedy'] });
    assert.deepEqual(await tooWide(page), [], 'the lobby');
    await page.click('#start');
    await page.waitForSelector('.hand-panel', { timeout: 30000 });
    assert.deepEqual(await tooWide(page), [], 'the table');
  });
});

// The browser's default text set to 24 px (Chromium's font settings,
// set here through the DevTools protocol), at 1280x720, a table of 8: a
// later turn, Declare there, every panel full and five open cards, is on
// the first screen, and no card or
// button of it lies over another. The style sheet's media queries were in
// px, which larger text leaves as they are: the desktop's layout, one and
// a half times as large, put the hand 6 px and the line under it 41 px
// below the screen.
test('the browser\'s text at 24 px, 1280x720, 8 seats: a later turn on the first screen', async (t) => {
  await openPages(t, env.browser, [{ width: 1280, height: 720 }], async (page) => {
    // (every panel as full as it gets and five open cards, as fit.test's
    // desktop windows have them: the worst turn a match gives, each run)
    await page.context().addInitScript(fullPanels);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 20 } });
    await fullTable(page, env.server.url, 'Text24', 8);
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), '24px');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(page, -1), 'move');
    for (let i = 0; i < 40 && !(await page.$('#declare:not([disabled])')); i++) {
      if (!(await playTurn(page, -1))) await page.waitForTimeout(100);
    }
    await page.waitForSelector('#declare:not([disabled])', { timeout: 5000 });
    const out = await page.evaluate(() => {
      window.scrollTo(0, 0);
      const res = [];
      const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
      const els = [...document.querySelectorAll('.hand button, #open button, #selection, #draw, #declare, .turn-line, #hint, #rules, #leave, .seat.turn, #chat-toggle')];
      const name = (el) => el.dataset.card || el.id || el.className;
      for (const el of els) {
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.left < 0 || r.bottom >= window.innerHeight + 0.5 || r.right >= window.innerWidth + 0.5) res.push(`${name(el)} ${at(r)} off the screen`);
      }
      for (const [i, a] of els.entries()) {
        for (const b of els.slice(i + 1)) {
          const p = a.getBoundingClientRect();
          const q = b.getBoundingClientRect();
          if (p.right > q.left + 1 && q.right > p.left + 1 && p.bottom > q.top + 1 && q.bottom > p.top + 1) res.push(`${name(a)} over ${name(b)}`);
        }
      }
      return res;
    });
    assert.deepEqual(out, [], 'a later turn, the text at 24 px');
  });
});
