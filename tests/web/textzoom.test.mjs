// The browser's text at 200% (a phone's or a browser's larger text, which
// scales every rem of the page): no page is wider than the screen, so
// that nothing is read by scrolling sideways. On a 390 px phone the first
// page was 572 px wide: the rules options' columns of 15rem, the fields
// at an input's own width, and the fieldset around them, which is as
// wide as its content unless told otherwise.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, fullTable, playTurn, playUntilDeclare, fullPanels, declareAsked, PHONE } from './helpers.mjs';

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
    // (every panel as full as it gets and five open cards, as fitdesk.test's
    // desktop windows have them: the worst turn a match gives, each run)
    await page.context().addInitScript(fullPanels);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 20 } });
    await fullTable(page, env.server.url, 'Text24', 8);
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), '24px');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(page, -1), 'move');
    await playUntilDeclare(page);
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

// What a person with larger text needs where the turn cannot fit the
// first screen (640x360 with the browser's text at 24 px, or the page
// zoomed to 200% there: a screen of 320x180): the page scrolls to it,
// and every part of it is there to be scrolled to, whole, on the screen
// and clear of the Chat button once brought into view, none over another,
// nothing scrolling sideways; the help under the hand is seen too; and
// Declare's question has Yes (with the keyboard) and No on the screen,
// clear of the Chat button. The help there was kept for a screen reader
// alone (app.js's fitFoot(): no room for a line of it on the first
// screen, which the turn overran anyway: Declare ended 15 px below it).
const reachable = () => {
  const out = [];
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const name = (el) => el.dataset.card || el.id || el.className;
  const els = [...document.querySelectorAll('.hand button, #open button, #selection, #select-help, #draw, #declare, .turn-line, #hint, #rules, #leave, .seat.turn')];
  if (document.documentElement.scrollWidth > innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const el of els) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) out.push(`${name(el)} is not drawn ${at(r)}`);
  }
  for (const [i, a] of els.entries()) {
    for (const b of els.slice(i + 1)) {
      if (a.contains(b) || b.contains(a)) continue;
      const p = a.getBoundingClientRect();
      const q = b.getBoundingClientRect();
      if (p.right > q.left + 1 && q.right > p.left + 1 && p.bottom > q.top + 1 && q.bottom > p.top + 1) out.push(`${name(a)} ${at(p)} over ${name(b)} ${at(q)}`);
    }
  }
  // (the lines under the hand keep room for the button at their right)
  for (const el of els) {
    el.scrollIntoView({ block: 'nearest' });
    const r = el.getBoundingClientRect();
    const c = document.querySelector('#chat-toggle').getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < 0 || r.right > innerWidth + 0.5) out.push(`${name(el)} ${at(r)} cannot be scrolled onto the screen`);
    else if (!el.matches('#selection, #select-help') && !(r.right <= c.left || r.left >= c.right || r.bottom <= c.top - 9 || r.top >= c.bottom)) out.push(`${name(el)} ${at(r)} under the Chat button ${at(c)}`);
  }
  scrollTo(0, 0);
  return out;
};

for (const [what, size, font] of [['the text at 24 px', { width: 640, height: 360 }, 24], ['the page at 200%', { width: 320, height: 180 }, 16]]) {
  test(`640x360, ${what}, 8 seats: every part of a later turn can be scrolled to, none over another`, async (t) => {
    await openPages(t, env.browser, [size], async (page) => {
      await page.context().addInitScript(fullPanels);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: font, fixed: font - 4 } });
      await fullTable(page, env.server.url, `Zoom${font}`, 8);
      await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
      assert.equal(await playTurn(page, -1), 'move');
      await playUntilDeclare(page);
      await page.waitForSelector('#declare:not([disabled])', { timeout: 5000 });
      assert.deepEqual(await page.evaluate(reachable), [], 'a later turn');
      await page.evaluate(() => document.querySelector('#declare').focus());
      await page.keyboard.press('Enter');
      await page.waitForSelector('#declare-yes', { timeout: 5000 });
      // (half a pixel allowed past the foot and the right edge, as
      // reachable() allows)
      assert.deepEqual(await declareAsked(page, 0.5), [], 'Declare\'s question');
    });
  });
}
