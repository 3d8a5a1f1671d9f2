// A full table of 8 on a phone held upright or on its side: on the player's turn her
// hand, the line under it and the turn's controls (the open cards, Draw,
// Declare) are all on the first screen, with the seat to move, so that
// she plays without scrolling. The eight players' panels made four rows
// of two, and the hand began below the screen (at 320x640 some 150 px
// below it on the first turn, more once the panels showed the last
// discards). The panels are now one row that scrolls sideways on a
// phone, which a keyboard can scroll too (it is a stop of the Tab key
// with a name), and which keeps the seat to move in view.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, playTurn, playUntilDeclare, fullTable, longHint, fullPanels, declareAsked, PHONES } from './helpers.mjs';
import { checkDiscard } from '../../web/rules.js';

// (Every table of this file is made from one address, more than the
// server's 10 by default, and a table lives on after its page closes,
// until its match ends: how many are alive at once depends on how fast
// the computers finish the matches left behind. 60 was once 44 tables and
// room; with the tests added since, a run in make test hit it ("The server
// cannot open more tables now.", the 61st test's table refused). The
// limit is not what this file tests: 1000 is far above the tables it makes.)
const env = setup(['--max-tables-per-address', '1000']);

// The tests run CONCURRENCY at a time, each with its own page and table
// on the file's one server and browser: each waits mostly on the page's
// start and the computer players' moves, and the file took 120 to 195 s
// one at a time. test() here records a test; the describe() at the
// file's end runs them.
const CONCURRENCY = 3;
const tests = [];
const test = (name, fn) => tests.push({ name, fn });

// What of the turn is not on the screen as it is: each as 'what [l t r b]'.
const offScreen = (page) => page.evaluate(() => {
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
const hintPlace = (page, sel = '.hint') => page.evaluate((sel) => {
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
const clearOfChat = (page, sel) => page.evaluate((sel) => {
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
const toDeclare = (page) => playUntilDeclare(page);

// A later turn, Declare allowed, with three open cards (or the faces
// given) drawn in the page's open cards (the deal seldom gives three):
// plays the person's turns until Declare may be pressed, then returns how
// many open cards and cards of the hand the page shows.
async function laterTurnThreeOpen(page, faces = ['10♠', '10♥', 'Q♦']) {
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
const deadLine = (page) => page.evaluate(() => {
  const r = document.querySelector('.pile:has(#draw) > .help:last-child').getBoundingClientRect();
  return `the dead pile's line [${[r.left, r.top, r.right, r.bottom].map(Math.round)}] in ${window.innerWidth}x${window.innerHeight}`
    + (r.bottom > window.innerHeight || r.right > window.innerWidth ? ': off the screen' : '');
});

const underChat = (page) => page.evaluate(() => {
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const c = document.querySelector('#chat-toggle').getBoundingClientRect();
  // (its count of new lines, a pill, reaches 0.55rem above it)
  const top = c.top - 9;
  return [...document.querySelectorAll('.hand button, #open button, #draw, #declare')].filter((el) => {
    const r = el.getBoundingClientRect();
    return !(r.right <= c.left || r.left >= c.right || r.bottom <= top || r.top >= c.bottom);
  }).map((el) => `${el.dataset.card || el.id} ${at(el.getBoundingClientRect())} under the Chat button ${at(c)}`);
});

// (and 640x360, a 360x640 phone on its side: the open cards and Draw
// took their column's 24rem, and the hand, squeezed beside them, took two
// lines, its line under the screen's foot; and 568x320, a small phone on
// its side, where Draw was under the screen's foot, the open cards, the
// deck and Declare one above the other beside the hand; and 915x412, a
// large phone on its side, where the moves' column at the right left the
// hand 190 px, its cards on three lines, the line under it below the
// screen; and 533x320 and 480x320, smaller phones on their side, where
// the turn stood under the players' row, the hand under the open cards,
// 180 px below the screen). On a phone on its side the hint is read on
// the first screen too. So on short desktop windows (900x481, and
// 1093x510: a 1366x768 laptop at 125% zoom, the browser's bars taken),
// where the hand was pushed below the screen and the page scrolled 164
// to 315 px on the turn, and 1024x600, where the help under the hand
// ended 5 px below it.
// (short: the sizes where the table is the compact one, style.css.)
const SHORT = (size) => size.height <= 480 || (size.width >= 601 && size.height <= 620);
for (const size of [...PHONES, { width: 640, height: 360 }, { width: 568, height: 320 }, { width: 915, height: 412 },
  { width: 533, height: 320 }, { width: 480, height: 320 }, { width: 900, height: 481 }, { width: 1093, height: 510 },
  { width: 1024, height: 600 }]) {
  test(`${size.width}x${size.height}, 8 seats: the hand and the turn's controls are on the first screen`, async (t) => {
    await openPages(t, env.browser, [size], async (page) => {
      await page.context().addInitScript(longHint);
      await fullTable(page, env.server.url, `Ada${size.width}`, 8);
      for (const turn of ['the first turn', 'the second turn']) {
        await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
        await page.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
        assert.deepEqual(await offScreen(page), [], `${turn}, as the page stands`);
        assert.equal(await page.evaluate(() => window.scrollY), 0, `${turn}: the page did not need to scroll`);
        // On a phone on its side the help under the hand is read on the
        // first screen, in its box, its first line whole (at 568x320 and
        // under its last lines ran below the screen's foot), and a
        // screen reader has it as the hand's description.
        if (SHORT(size)) {
          assert.deepEqual(await hintPlace(page, '#select-help'), [], `${turn}: the help`);
          assert.equal(await page.getAttribute('.hand', 'aria-describedby'), 'select-help');
        }
        assert.deepEqual(await underChat(page), [], `${turn}: the Chat button`);
        if (turn === 'the first turn') assert.equal(await playTurn(page, -1), 'move');
      }
      // A later turn, with Declare: the turn on the first screen (the
      // page at its top: the test's clicks may have scrolled it), none
      // of its cards and buttons under the Chat button.
      await toDeclare(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.deepEqual(await offScreen(page), [], 'a later turn, Declare there');
      assert.deepEqual(await underChat(page), [], 'a later turn: the Chat button');
      // On a phone on its side Declare's question, Yes (which has the
      // keyboard) and No are on the screen, clear of the Chat button,
      // the page unscrolled; Escape puts Declare back, scrolling nothing.
      // Under the deck they ran 35 to 50 px below the screen's foot, and
      // Yes scrolled the page 150 to 210 px.
      if (SHORT(size)) {
        await toDeclare(page);
        await page.evaluate(() => document.querySelector('#declare').focus({ preventScroll: true }));
        await page.keyboard.press('Enter');
        await page.waitForSelector('#declare-yes', { timeout: 5000 });
        assert.deepEqual(await declareAsked(page), [], 'Declare\'s question');
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'Declare\'s question: the page did not scroll');
        await page.keyboard.press('Escape');
        await page.waitForSelector('#declare', { timeout: 5000 });
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'Declare back: the page did not scroll');
        // With the chat open and a line half typed in it, Declare's
        // question is not under the chat's panel (which covered it on a
        // phone on its side): the panel stands aside while it is asked,
        // and is back, the line as it was, once it is gone.
        await page.click('#chat-toggle');
        await page.fill('#chat-input', 'half a li');
        await page.evaluate(() => document.querySelector('#declare').focus({ preventScroll: true }));
        await page.keyboard.press('Enter');
        await page.waitForSelector('#declare-yes', { timeout: 5000 });
        const covered = await page.evaluate(() => {
          const out = [];
          const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
          for (const chat of document.querySelectorAll('#chat-panel, #chat-toggle')) {
            const c = chat.getBoundingClientRect();
            if (!c.width) continue;
            for (const el of document.querySelectorAll('#declare-q, #declare-yes, #declare-no')) {
              const r = el.getBoundingClientRect();
              if (!(r.right <= c.left || r.left >= c.right || r.bottom <= c.top - 9 || r.top >= c.bottom)) out.push(`${el.id} ${at(r)} under ${chat.id} ${at(c)}`);
            }
          }
          if (document.activeElement?.id !== 'declare-yes') out.push(`the keyboard on ${document.activeElement?.id}`);
          return out;
        });
        assert.deepEqual(covered, [], 'Declare\'s question, the chat open');
        await page.keyboard.press('Escape');
        await page.waitForSelector('#chat-panel', { state: 'visible', timeout: 5000 });
        assert.equal(await page.inputValue('#chat-input'), 'half a li', 'the line being typed is kept');
        // Escape gave Declare back the keyboard under the chat's panel,
        // which scrolled the page to it (29 to 163 px as the deal fell);
        // closed, the chat leaves the page where it stood when it was
        // opened, at its top: it stayed scrolled, the hand partly above
        // the screen (568x320).
        await page.click('#chat-close');
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'the chat closed: the page where it stood');
      }
      // On a phone on its side the hint can be read on the first screen,
      // under the turn's controls (at 740x360 and 568x320 its lines ran
      // 40 to 100 px below the screen's foot).
      if (SHORT(size)) {
        await page.click('#hint');
        await page.waitForSelector('.hint >> text=Why', { timeout: 10000 });
        assert.deepEqual(await hintPlace(page), [], 'the hint');
        assert.deepEqual(await offScreen(page), [], 'the hint shown');
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'the hint shown: the page did not need to scroll');
        // A card selected, the move (the hint's first line) is read
        // without scrolling the box or the page, and the line on the
        // selection over it is clear of the Chat button (at 480x320 and
        // 533x320 that line took a line more, and the box, too short
        // for the move's three lines, showed two of them).
        await page.$$eval('.hand button', (bs) => bs[0].focus({ preventScroll: true }));
        await page.keyboard.press('Space');
        await page.waitForSelector('.hand button.selected', { timeout: 5000 });
        assert.equal(await page.evaluate(() => document.querySelector('.hint').scrollTop), 0, 'a card selected: the box unscrolled');
        assert.deepEqual(await hintPlace(page), [], 'the hint, a card selected');
        assert.deepEqual(await offScreen(page), [], 'the hint shown, a card selected');
        assert.deepEqual(await clearOfChat(page, '#selection'), [], 'the line on the selection, the hint shown');
        await page.keyboard.press('Space');
        await page.waitForSelector('.hand button.selected', { state: 'detached', timeout: 5000 });
        // Scrolled to its end, the box stays there when a card selected
        // draws the page anew (it went back to its first line), and on
        // the screen (the longer line under the hand pushed it below the
        // screen's foot at 568x320).
        const kept = await page.evaluate(() => {
          const box = document.querySelector('.hint');
          if (box.scrollHeight <= box.clientHeight + 1) return 'whole';
          box.scrollTop = box.scrollHeight;
          return box.scrollTop;
        });
        if (kept !== 'whole') {
          await page.$$eval('.hand button', (bs) => bs[0].focus({ preventScroll: true }));
          await page.keyboard.press('Space');
          await page.waitForSelector('.hand button.selected', { timeout: 5000 });
          assert.equal(await page.evaluate(() => Math.round(document.querySelector('.hint').scrollTop)), Math.round(kept),
            'the hint\'s box kept its place');
          assert.deepEqual(await hintPlace(page), [], 'the hint, a card selected, the box scrolled');
          await page.keyboard.press('Space');
        }
      }
      // The widest faces a deal gives (four 10s and a queen): the hand on
      // one line, and the focus that a redraw gives back to a card of it
      // scrolls nothing. At 740x360 a hand with three 10s took two lines,
      // the card the focus went to after Draw lay in the screen's foot
      // kept for the Chat button, and the page scrolled 23 px.
      const widest = await page.evaluate(() => {
        const hand = [...document.querySelectorAll('.hand button')];
        ['10♠', '10♥', '10♦', '10♣', 'Q♦'].forEach((face, i) => { if (hand[i]) hand[i].textContent = face; });
        document.activeElement?.blur();
        hand.at(-1).focus();
        return { lines: new Set(hand.map((b) => Math.round(b.getBoundingClientRect().top))).size, scrollY: window.scrollY };
      });
      assert.deepEqual(widest, { lines: 1, scrollY: 0 }, 'four 10s in the hand');
      assert.deepEqual(await offScreen(page), [], 'four 10s in the hand');
      // The most open cards there are (a run or a flush of five thrown),
      // drawn in the page's open cards and measured at once (before any
      // redraw): the deck stays beside them, the hand on the screen.
      const five = await page.evaluate(() => {
        const open = document.getElementById('open');
        const card = open.querySelector('button');
        open.replaceChildren(card);
        ['10♠', '10♥', 'Q♦', 'Q♣', '10♦'].forEach((face, i) => {
          const c = i ? open.appendChild(card.cloneNode()) : card;
          c.textContent = face;
          c.dataset.card = `five${i}`;
        });
        return open.children.length;
      });
      assert.equal(five, 5);
      assert.deepEqual(await offScreen(page), [], 'five open cards');
      // Every panel is there, in one row that scrolls sideways, named,
      // and the keyboard reaches it.
      const row = await page.evaluate(() => {
        const el = document.querySelector('.seats');
        return { seats: el.querySelectorAll('.seat').length, scrolls: el.scrollWidth > el.clientWidth,
          label: el.getAttribute('aria-label') || document.getElementById(el.getAttribute('aria-labelledby'))?.textContent, tab: el.tabIndex };
      });
      assert.equal(row.seats, 8);
      assert.ok(row.scrolls, 'the panels scroll sideways');
      assert.ok(row.label, 'the row has a name');
      assert.equal(row.tab, 0, 'the keyboard reaches the row');
    });
  });
}

// A later turn in a desktop window (1366x657, a laptop's browser
// window; 1280x720; 1024x700; 1440x789), at every table size: the hand,
// the line under it, the open cards, the deck, Declare and the turn line
// on the first screen. The players' panels grow during the match, with
// the cards each is known to hold and last threw, and in rows of up to
// six they put the hand below the screen: at a table of 7 the line under
// the hand ended at 737 px in 1366x657, at 714 in 1024x700. The page is
// sent every panel as full as it gets (two cards known, five thrown) and
// five open cards from the deal on (fullPanels() in helpers.mjs), so
// that the turn measured is the worst a match gives, on every run; the
// turn is a real later one, Declare allowed, measured at each size in
// turn.
const WINDOWS = [{ width: 1366, height: 657 }, { width: 1280, height: 720 }, { width: 1024, height: 700 }, { width: 1440, height: 789 }];
for (const seats of [2, 3, 4, 5, 6, 7, 8]) {
  test(`desktop windows, ${seats} seats: a later turn, every panel full and five open cards, on the first screen`, async (t) => {
    await openPages(t, env.browser, [WINDOWS[0]], async (page) => {
      await page.context().addInitScript(fullPanels);
      await fullTable(page, env.server.url, `Desk${seats}`, seats);
      await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
      assert.equal(await playTurn(page, -1), 'move');
      // (a move always draws: the open cards shown are not the table's)
      await toDeclare(page);
      const shown = await page.evaluate(() => ({
        open: document.querySelectorAll('#open button').length,
        thrown: [...document.querySelectorAll('.seat .seat-cards')].length,
      }));
      assert.deepEqual(shown, { open: 5, thrown: 2 * seats }, 'the open cards and the panels\' cards drawn');
      for (const size of WINDOWS) {
        await page.setViewportSize(size);
        await page.evaluate(() => window.scrollTo(0, 0));
        assert.deepEqual(await offScreen(page), [], `${size.width}x${size.height}: a later turn`);
        assert.deepEqual(await underChat(page), [], `${size.width}x${size.height}: the Chat button`);
      }
    });
  });
}

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

// Every size of a range, on one page at a later turn of a full table
// (every panel full, five open cards, the deck's and the dead pile's
// counts at two digits): with n cards selected for each n of ns, what
// of the turn (offScreen()) and the dead pile's line is off the screen
// at each size, as 'n card(s), WxH: what'. The cards selected are the
// hand's first n (a single card, then a pair that is not one: the line
// on the selection at its longest, and the open cards not to be taken).
async function sweep(page, widths, heights, ns) {
  await page.context().addInitScript(fullPanels);
  await fullTable(page, env.server.url, `Sweep${widths[0]}x${heights[0]}`, 8, { guest: true });
  await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
  assert.equal((await laterTurnThreeOpen(page, ['10♠', '10♥', 'Q♦', 'Q♣', '10♦'])).open, 5);
  await page.evaluate(() => {
    for (const sel of ['.pile:has(#draw) > h2', '.pile:has(#draw) > .help:last-child']) {
      const el = document.querySelector(sel);
      el.textContent = el.textContent.replace(/\d+/, '44');
    }
  });
  const out = [];
  for (const n of ns) {
    await page.$$eval('.hand button', (bs, i) => bs[i].focus({ preventScroll: true }), n - 1);
    await page.keyboard.press('Space');
    await page.waitForFunction((n) => document.querySelectorAll('.hand button.selected').length === n, n, { timeout: 5000 });
    if (n === 1) assert.equal(await page.locator('#open button:not(:disabled)').count(), 5, 'five open cards to take');
    for (const width of widths) {
      for (const height of heights) {
        await page.setViewportSize({ width, height });
        // (the page's resize handler has run by the second frame)
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await page.evaluate(() => window.scrollTo(0, 0));
        const off = await offScreen(page);
        const dead = await deadLine(page);
        if (/off the screen/.test(dead)) off.push(dead);
        out.push(...off.map((o) => `${n} card(s), ${width}x${height}: ${o}`));
      }
    }
  }
  return out;
}
const range = (from, to, step) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

// Windows on their side 380 to 440 px wide, 262 to 300 px high, every
// 4 px, a card selected and then two: the turn and the dead pile's line
// on the screen. At 400 px wide, one card selected, the five open cards
// (which may be taken, their border wider) took two rows, and Draw and
// Declare ended 36 px below the screen's foot (400x262 to 400x298).
test('380 to 440 x 262 to 300, every 4 px, 8 seats: a later turn with a card or two selected on the first screen', async (t) => {
  await openPages(t, env.browser, [{ width: 400, height: 270 }], async (page) => {
    assert.deepEqual(await sweep(page, range(380, 440, 4), range(262, 300, 4), [1, 2]), []);
  });
});

// And from 301 to 371 px high, 380 to 1100 px wide, a card selected.
// Up to 340 px high nothing fell off the screen when this sweep was
// written (every 8 px wide and 3 px high, one and two cards selected)
// but at 400 px wide, as lower (the test above): Draw and Declare ended
// up to 11 px below the screen's foot at 400x301.
// From 341 to 365 px high, 480 to 751 px wide (640x360: a 360x640 phone
// on its side), the turn line took three lines and a player's status a
// line of its own, and Declare or the dead pile's line under Draw ended
// up to 15 px below the screen's foot, a card selected or none.
test('380 to 1100 x 301 to 371, 8 seats: a later turn with a card selected on the first screen', async (t) => {
  await openPages(t, env.browser, [{ width: 568, height: 320 }], async (page) => {
    assert.deepEqual(await sweep(page, range(380, 1100, 20), range(301, 371, 7).concat(340, 345, 360, 365), [1]), []);
  });
});

// The most cards a hand may hold (7, at a table of 7 seats: 7 x 7 + 1
// of the 52 cards) on the smallest phone held upright, 320x568: the hand
// on two lines, the line under it and the turn's controls on the first
// screen, the page unscrolled, on the first turn. The line under the
// hand ended 3 px below the screen. So on a later turn, with Declare and
// three open cards (drawn in the page's open cards, measured at once),
// a hand of 6 or 7, and none of it under the Chat button: the turn line's
// three lines, the open cards, the deck and Declare on a line of its own
// put the line under the hand 89 px below the screen, the hand's second
// line under the Chat button. And three cards selected that may not go
// together (the longest reason: not a run) put that line on three lines,
// its foot 12 px below the screen; the hand's two lines of cards are
// lower there now (44 px, each card 44 px wide at least).
test('320x568, 7 seats, 7 cards in the hand: the hand and the turn on the first screen', async (t) => {
  await openPages(t, env.browser, [{ width: 320, height: 568 }], async (page) => {
    await fullTable(page, env.server.url, 'Seven320', 7, { hand_size: 7 });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
    assert.equal(await page.locator('.hand button').count(), 7);
    assert.deepEqual(await offScreen(page), []);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not need to scroll');
    assert.deepEqual(await underChat(page), [], 'the Chat button');
    const { cards } = await laterTurnThreeOpen(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.ok(cards >= 6, `a hand of ${cards}`);
    assert.deepEqual(await offScreen(page), [], `a later turn, a hand of ${cards}, Declare and three open cards`);
    assert.deepEqual(await underChat(page), [], 'a later turn: the Chat button');
    if (cards === 7) {
      const hand = await page.$$eval('.hand button', (bs) => bs.map((b) => b.dataset.card));
      const three = [];
      for (let a = 0; a < 7; a++) for (let b = a + 1; b < 7; b++) for (let c = b + 1; c < 7; c++) three.push([hand[a], hand[b], hand[c]]);
      const pick = three.find((x) => checkDiscard(x, 'any').reason === 'notRun3');
      assert.ok(pick, `three cards of ${hand} that are not a run`);
      for (const c of pick) await page.click(`.hand button[data-card="${c}"]`);
      await page.waitForFunction(() => /^Not allowed: 3 cards/.test(document.getElementById('selection').textContent), null, { timeout: 3000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.deepEqual(await offScreen(page), [], `three cards selected that are not a run (${pick})`);
    }
  });
});

// A friend at the last of 8 seats: on her own turn her seat, the last of
// the row, is scrolled into the row's view; on the host's page too.
test('390x844, 8 seats: the seat to move is scrolled into the row, for every page', async (t) => {
  const size = { width: 390, height: 844 };
  await openPages(t, env.browser, [size, size], async (host, friend) => {
    await host.goto(env.server.url + '/');
    await setName(host, 'Hostess');
    const code = await createTable(host, { seats: 8, kinds: [...Array(6).fill('greedy'), 'open'] });
    await friend.goto(`${env.server.url}/t/${code}`);
    await setName(friend, 'Lastseat');
    await friend.click('#join');
    await host.waitForSelector('.seat-list li:nth-child(8)', { timeout: 30000 });
    await host.click('#start');
    await host.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(host, -1), 'move');
    await friend.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await friend.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
    assert.deepEqual(await offScreen(friend), [], 'the friend\'s turn on her page');
    await host.waitForSelector('.seat.turn[data-seat="7"]', { timeout: 30000 });
    assert.deepEqual(await offScreen(host).then((o) => o.filter((x) => /seat to move/.test(x))), [],
      'the friend\'s turn on the host\'s page');
  });
});

// A folding phone folded, 280x653: the hand's five cards, four 10s among
// them (the widest faces), on one line, and the turn on the first screen.
// They took two lines, and the line under the hand was cut by the
// screen's foot.
test('280x653, 8 seats: five cards of the hand on one line, four 10s among them', async (t) => {
  await openPages(t, env.browser, [{ width: 280, height: 653 }], async (page) => {
    await fullTable(page, env.server.url, 'Fold280', 8);
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
    const lines = await page.evaluate(() => {
      const hand = [...document.querySelectorAll('.hand button')];
      ['10♠', '10♥', '10♦', '10♣', 'Q♦'].forEach((face, i) => { hand[i].textContent = face; });
      return new Set(hand.map((b) => Math.round(b.getBoundingClientRect().top))).size;
    });
    assert.equal(lines, 1, 'the hand on one line');
    assert.deepEqual(await offScreen(page), []);
  });
});

// The longest name of the widest letters, on a folded phone: her panel
// stays inside the players' row, the name broken in it, and with the
// cards she is known to hold and five thrown, "to play" too. It was 295 px
// wide in a row of 264, its "you" cut at the screen's edge, and the seat
// to move out of the row's view.
test('280x653, 8 seats, a 16-letter name of wide letters: her panel is inside the row', async (t) => {
  await openPages(t, env.browser, [{ width: 280, height: 653 }], async (page) => {
    await fullTable(page, env.server.url, 'WWWWWWWWWWWWWWWW', 8);
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
    assert.deepEqual(await offScreen(page), []);
    const you = await page.evaluate(() => {
      const tag = document.querySelector('.seat.me .tag').getBoundingClientRect();
      const row = document.querySelector('.seats').getBoundingClientRect();
      return tag.right <= row.right + 0.5 && tag.left >= row.left - 0.5;
    });
    assert.ok(you, 'her "you" is inside the row');
    // Her panel with a card known and five thrown, drawn and measured at
    // once: "to play" is inside the row, on a line of its own (it was at
    // [357, 407] past the row's edge at 272).
    const toPlay = await page.evaluate(() => {
      const me = document.querySelector('.seat.me');
      const line = (label, n) => {
        const p = document.createElement('p');
        p.className = 'seat-cards';
        const cards = document.createElement('span');
        cards.className = 'cards';
        for (let i = 0; i < n; i++) cards.append(Object.assign(document.createElement('span'), { className: 'card', textContent: '10♠' }));
        p.append(`${label}: `, cards);
        return p;
      };
      me.querySelectorAll('.seat-cards').forEach((x) => x.remove());
      const to = me.querySelector('.to-move');
      me.insertBefore(line('known', 1), to);
      me.insertBefore(line('last threw', 5), to);
      const r = to.getBoundingClientRect();
      return { right: Math.round(r.right), row: Math.round(document.querySelector('.seats').getBoundingClientRect().right) };
    });
    assert.ok(toPlay.right <= toPlay.row, `"to play" ends at ${toPlay.right}, the row at ${toPlay.row}`);
  });
});

// Every name of a table of 8 the longest there is, 16 of the widest
// letter ('W' 15 times and the seat's digit; the page is sent the table's
// state with them), at every size: the turn is on the first screen, each
// panel inside the players' row, and nothing scrolls sideways.
function longNames() {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      super.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'state' && Array.isArray(msg.view?.seats)) {
          msg.view.seats.forEach((seat, i) => { if (seat) seat.name = `${'W'.repeat(15)}${i}`; });
        }
        fn(new MessageEvent('message', { data: JSON.stringify(msg) }));
      };
    }
  };
}

// (One page, resized to each size in turn: the layout is the window's
// alone, and the focus the turn gives a card of the hand is given again
// at each size, the page at its top, to see that it scrolls nothing.)
const LONG_SIZES = [...PHONES, { width: 640, height: 360 }, { width: 568, height: 320 }, { width: 915, height: 412 },
  { width: 533, height: 320 }, { width: 480, height: 320 }, { width: 280, height: 653 }, { width: 1280, height: 800 }];
test(`${LONG_SIZES.map((z) => `${z.width}x${z.height}`).join(', ')}, 8 seats, every name 16 wide letters: the turn on the first screen`, async (t) => {
  await openPages(t, env.browser, [LONG_SIZES[0]], async (page) => {
    await page.context().addInitScript(longNames);
    await fullTable(page, env.server.url, 'LongNames', 8);
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
    assert.match(await page.textContent('.seat.me h3'), /^W{15}0/, 'the names are the long ones');
    for (const size of LONG_SIZES) {
      const at = `${size.width}x${size.height}`;
      await page.setViewportSize(size);
      const scrolled = await page.evaluate(() => {
        const card = document.activeElement?.closest('.hand button') || document.querySelector('.hand button');
        window.scrollTo(0, 0);
        card.blur();
        card.focus();
        return window.scrollY;
      });
      assert.deepEqual(await offScreen(page), [], at);
      assert.equal(scrolled, 0, `${at}: the page did not need to scroll`);
      const out = await page.evaluate(() => {
        const row = document.querySelector('.seats').getBoundingClientRect();
        return [...document.querySelectorAll('.seat')].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > row.width + 0.5;
        }).map((el) => el.dataset.seat);
      });
      assert.deepEqual(out, [], `${at}: panels wider than the row`);
    }
  });
});

// A short desktop window with the chat open, a table of 8: the hand, the
// line under it and the turn's controls are on the first screen, none of
// them under the chat's panel, on the first turn and on a later one with
// Declare. At 900x481 and 1024x600 the panel, which floats at the
// window's foot, covered part of the hand; at 1366x657 the column the
// open chat takes put the players in three rows, and the line under the
// hand went below the screen. On phones on their side from 601 px wide
// (740x360, 812x375, 844x390) the panel floated over the hand, the line
// under it and the turn line; at 1024x700 over the end of the line under
// the hand. (1100x700 and 1280x720: the chat a column of its own.) At
// 640x360, the chat a column there too, the header took two lines and
// Declare ended 2 px below the screen on a later turn.
// (One page, resized to each size in turn: the layout is the window's
// alone. The turns are played at the first size.)
const CHAT_SIZES = [{ width: 900, height: 481 }, { width: 1024, height: 600 }, { width: 1366, height: 657 },
  { width: 740, height: 360 }, { width: 812, height: 375 }, { width: 844, height: 390 }, { width: 1024, height: 700 },
  { width: 1100, height: 700 }, { width: 1280, height: 720 }, { width: 640, height: 360 }, { width: 667, height: 375 }];
test(`${CHAT_SIZES.map((z) => `${z.width}x${z.height}`).join(', ')}, 8 seats, the chat open: the hand and the line under it are seen`, async (t) => {
  await openPages(t, env.browser, [CHAT_SIZES[0]], async (page) => {
    await fullTable(page, env.server.url, 'ChatOpen', 8);
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
    await page.click('#chat-toggle');
    await page.waitForSelector('#chat-panel', { state: 'visible', timeout: 5000 });
    const covered = () => page.evaluate(() => {
      const out = [];
      const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
      const c = document.querySelector('#chat-panel').getBoundingClientRect();
      for (const el of document.querySelectorAll('.hand button, #open button, #draw, #declare, #selection, .turn-line')) {
        const r = el.getBoundingClientRect();
        if (!(r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom)) {
          out.push(`${el.dataset.card || el.id || el.className} ${at(r)} under the chat ${at(c)}`);
        }
      }
      return out;
    });
    for (const turn of ['the first turn', 'a later turn, Declare there']) {
      if (turn !== 'the first turn') {
        await page.setViewportSize(CHAT_SIZES[0]);
        await toDeclare(page);
        assert.ok(await page.isVisible('#chat-panel'), 'the chat is still open');
      }
      for (const size of CHAT_SIZES) {
        const at = `${size.width}x${size.height}`;
        await page.setViewportSize(size);
        await page.evaluate(() => window.scrollTo(0, 0));
        // (A later turn in a desktop window over 620 px high is on the
        // first screen too, now that the players' panels are one row
        // there: taller with the cards each threw, in rows, they pushed
        // the hand down.)
        assert.deepEqual(await offScreen(page), [], `${at}: ${turn}, the chat open`);
        assert.deepEqual(await covered(), [], `${at}: ${turn}: the turn clear of the chat`);
      }
    }
    // The most open cards there are, five, drawn in the page's open
    // cards and measured at once, and the deck's and the dead pile's
    // counts at their widest: the turn still on the screen, the hand's
    // five cards on one line. At 640x360, 667x375, 740x360 and 812x375
    // the fifth took a row of its own and Declare ended 34 px below
    // the screen's foot (the deal gave five now and then: this test
    // failed so once in a while).
    const fiveOpen = () => page.evaluate(() => {
      const open = document.getElementById('open');
      const card = open.querySelector('button');
      open.replaceChildren(card);
      ['10♠', '10♥', 'Q♦', 'Q♣', '10♦'].forEach((face, i) => {
        const c = i ? open.appendChild(card.cloneNode()) : card;
        c.textContent = face;
        c.dataset.card = `five${i}`;
      });
      const deck = document.querySelector('.pile:has(#draw) > h2');
      deck.textContent = deck.textContent.replace(/\d+/, '44');
      const dead = document.querySelector('.pile:has(#draw) > .help:last-child');
      dead.textContent = dead.textContent.replace(/\d+/, '44');
      return open.children.length;
    });
    let open = await fiveOpen();
    for (const size of CHAT_SIZES) {
      const at = `${size.width}x${size.height}`;
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      const lines = await page.evaluate(() => new Set([...document.querySelectorAll('.hand button')].map((b) => Math.round(b.getBoundingClientRect().top))).size);
      assert.deepEqual({ open, lines }, { open: 5, lines: 1 }, `${at}: five open cards, the chat open`);
      assert.deepEqual(await offScreen(page), [], `${at}: five open cards, the chat open`);
      assert.deepEqual(await covered(), [], `${at}: five open cards: the turn clear of the chat`);
    }
    // And a card selected: the five may be taken, their border wider.
    // At 640x360 they took two rows (with every panel full, Declare then
    // ended 14 to 23 px below the screen's foot).
    // (The last card: the turns played to reach Declare may have thrown
    // a pair, and the hand holds four; a fifth, nth=4, was waited for
    // 30 s and the test failed.)
    await page.setViewportSize(CHAT_SIZES[0]);
    await page.click('.hand button >> nth=-1');
    await page.waitForSelector('#open .card.pick:not(:disabled)', { timeout: 5000 });
    open = await fiveOpen();
    for (const size of CHAT_SIZES) {
      const at = `${size.width}x${size.height}`;
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      const rows = await page.evaluate(() => new Set([...document.querySelectorAll('#open button')].map((b) => Math.round(b.getBoundingClientRect().top))).size);
      assert.deepEqual({ open, rows }, { open: 5, rows: 1 }, `${at}: five open cards to take, in one row, the chat open`);
      assert.deepEqual(await offScreen(page), [], `${at}: five open cards to take, the chat open`);
      assert.deepEqual(await covered(), [], `${at}: five open cards to take: the turn clear of the chat`);
    }
  });
});

describe('the turn on the first screen', { concurrency: CONCURRENCY }, () => {
  for (const { name, fn } of tests) it(name, fn);
});
