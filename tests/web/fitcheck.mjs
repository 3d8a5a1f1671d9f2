// The measures the fit tests share (fit.test.mjs, fitshort.test.mjs,
// fitdesk.test.mjs: one file once, split so that each ends within the
// runner's time for a file under load), and their way of running:
// fitSuite() gives test(), which records a test, and run(), which runs
// them CONCURRENCY at a time, each with its own page and table on the
// file's one server and browser (each waits mostly on the page's start
// and the computer players' moves; the one file took 120 to 195 s one
// at a time).

import { describe, it } from 'node:test';
import { playUntilDeclare } from './helpers.mjs';

const CONCURRENCY = 3;
export function fitSuite(name) {
  const tests = [];
  return {
    test: (title, fn) => tests.push({ title, fn }),
    run: () => describe(name, { concurrency: CONCURRENCY }, () => {
      for (const { title, fn } of tests) it(title, fn);
    }),
  };
}

// What of the turn is not on the screen as it is: each as 'what [l t r b]'.
export const offScreen = (page) => page.evaluate(() => {
  const out = [];
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  // (A part of a pixel past the foot is no part of the screen lost: a
  // line of text may end at 568.3 in 568 by the deal's words, which a
  // person never sees; half a pixel or more is counted.)
  const check = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom >= window.innerHeight + 0.5 || r.right >= window.innerWidth + 0.5) {
      out.push(`${what} ${at(r)} in ${window.innerWidth}x${window.innerHeight}`);
    }
  };
  const need = [...document.querySelectorAll('.hand button, #open button')]
    .concat([...document.querySelectorAll('#selection, #draw, #declare, .turn-line')]);
  for (const el of need) check(el, el.dataset.card || el.id || el.className);
  // The seat to move: on the screen, and inside the row that holds it.
  const turn = document.querySelector('.seat.turn');
  if (!turn) out.push('no seat to move');
  else {
    check(turn, 'the seat to move');
    const row = turn.parentElement.getBoundingClientRect();
    const r = turn.getBoundingClientRect();
    if (r.left < row.left - 0.5 || r.right > row.right + 0.5) out.push(`the seat to move ${at(r)} is scrolled out of its row ${at(row)}`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return out;
});

// Where the hint's box is (or the help's under the hand: sel), and what
// of it can be read: each as 'what [l t r b]' when it is off the screen;
// its first line (the hint's move, its first paragraph) whole inside the
// box; and, when the box holds less than its text, whether it scrolls to
// its last line and the keyboard reaches it.
export const hintPlace = (page, sel = '.hint') => page.evaluate((sel) => {
  const out = [];
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const box = document.querySelector(sel);
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()];
  };
  box.scrollTop = 0;
  const r = box.getBoundingClientRect();
  if (r.width <= 1 || r.height <= 1) return [`${sel} is not seen (${at(r)})`];
  if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight + 0.5 || r.right > window.innerWidth) {
    out.push(`${sel} ${at(r)} in ${window.innerWidth}x${window.innerHeight}`);
  }
  const first = box.querySelector('p')?.getBoundingClientRect() || lines(box)[0];
  if (first.top < r.top - 0.5 || first.bottom > r.bottom + 0.5) out.push(`its first line ${at(first)} in its box ${at(r)}`);
  if (box.scrollHeight > box.clientHeight + 1) {
    if (box.tabIndex !== 0) out.push('it scrolls, and the keyboard does not reach it');
    box.scrollTop = box.scrollHeight;
    const last = box.lastElementChild?.getBoundingClientRect() || lines(box).at(-1);
    const now = box.getBoundingClientRect();
    if (last.bottom > now.bottom + 0.5) out.push(`its last line ${at(last)} cannot be scrolled into its box ${at(now)}`);
    box.scrollTop = 0;
  }
  return out;
}, sel);

// What of el (a selector) lies under the Chat button: 'what [l t r b]'.
export const clearOfChat = (page, sel) => page.evaluate((sel) => {
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const r = document.querySelector(sel).getBoundingClientRect();
  const c = document.querySelector('#chat-toggle').getBoundingClientRect();
  // (its count of new lines, a pill, reaches 0.55rem above it)
  const top = c.top - 9;
  return r.right <= c.left || r.left >= c.right || r.bottom <= top || r.top >= c.bottom ? []
    : [`${sel} ${at(r)} under the Chat button ${at(c)}`];
}, sel);

// What card or button of the turn (the hand's, the open cards, Draw,
// Declare) lies under the Chat button, which floats at the screen's
// foot: each as 'what [l t r b]'.
// Plays the person's turns, never declaring, until Declare may be
// pressed (playUntilDeclare(): bounded by the clock, and saying so if
// the match ends first).
export const toDeclare = (page) => playUntilDeclare(page);

// A later turn, Declare allowed, with three open cards (or the faces
// given) drawn in the page's open cards (the deal seldom gives three):
// plays the person's turns until Declare may be pressed, then returns how
// many open cards and cards of the hand the page shows.
export async function laterTurnThreeOpen(page, faces = ['10♠', '10♥', 'Q♦']) {
  await toDeclare(page);
  return page.evaluate((faces) => {
    const open = document.getElementById('open');
    const card = open.querySelector('button');
    open.replaceChildren(card);
    faces.forEach((face, i) => {
      const c = i ? open.appendChild(card.cloneNode()) : card;
      c.textContent = face;
      c.dataset.card = `open${i}`;
    });
    // The deck's and the dead pile's counts at two digits each, the
    // widest they get, whatever the deal: at 480x270 and 488x270
    // "Deck: 11 Dead pile: 12", as a deal fell once, left Declare no
    // room beside the deck, and under Draw it ended 30 and 31 px below
    // the screen's foot.
    const pile = document.querySelector('.pile:has(#draw)');
    pile.querySelector(':scope > h2').textContent = 'Deck: 11';
    pile.querySelector(':scope > .help:last-child').textContent = 'Dead pile: 12';
    return { open: open.children.length, cards: document.querySelectorAll('.hand button').length };
  }, faces);
}

// Where the dead pile's line (under Draw, or beside the deck's count)
// is: 'the dead pile's line [l t r b] in WxH', ': off the screen' added
// when it ends below the screen's foot or past its right edge.
export const deadLine = (page) => page.evaluate(() => {
  const r = document.querySelector('.pile:has(#draw) > .help:last-child').getBoundingClientRect();
  return `the dead pile's line [${[r.left, r.top, r.right, r.bottom].map(Math.round)}] in ${window.innerWidth}x${window.innerHeight}`
    + (r.bottom > window.innerHeight || r.right > window.innerWidth ? ': off the screen' : '');
});

export const underChat = (page) => page.evaluate(() => {
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const c = document.querySelector('#chat-toggle').getBoundingClientRect();
  // (its count of new lines, a pill, reaches 0.55rem above it)
  const top = c.top - 9;
  return [...document.querySelectorAll('.hand button, #open button, #draw, #declare')].filter((el) => {
    const r = el.getBoundingClientRect();
    return !(r.right <= c.left || r.left >= c.right || r.bottom <= top || r.top >= c.bottom);
  }).map((el) => `${el.dataset.card || el.id} ${at(el.getBoundingClientRect())} under the Chat button ${at(c)}`);
});
