// The table's header on a tablet, held upright or on its side, and in
// any window from 600 px wide that is not a phone on its side or a short
// window (those have rules of their own, fit.test.mjs, fitshort.test.mjs): the title, the
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

// The states the page is sent say match 12, round 17, and 12 watching
// (with canDeclare, that the player may declare: Declare is shown).
// (canDeclare 'first': Declare shown, the match's number and the round's
// left as they are, the first match's.)
function lateMatch(canDeclare) {
  const first = canDeclare === 'first';
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      super.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'state' && msg.view?.status === 'playing') {
          if (!first) Object.assign(msg.view, { match: 12, round: 17 });
          if (canDeclare) msg.view.can_declare = true;
        }
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
  // count of watchers may stand one over the other between them). On a
  // phone held upright (under 600 px wide, over 480 high) the buttons
  // have a line of their own, and the rest stands beside the title, on
  // its last line.
  const upright = innerWidth < 600 && innerHeight > 480;
  const name = (el) => el.className || el.tagName;
  const boxes = parts.map((el) => [el, el.getBoundingClientRect()]);
  const row = boxes.filter(([el]) => el.matches(upright ? 'h1' : 'h1, .tools'));
  for (const [a, ra] of boxes) {
    for (const [b, rb] of row) {
      if (a !== b && !(upright && a.matches('.tools')) && (ra.bottom <= rb.top || rb.bottom <= ra.top)) out.push(`${name(a)} ${at(ra)} under or over ${name(b)} ${at(rb)}`);
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
  // The turn: the hand's cards, the open cards, the line under the
  // hand, Draw, Declare and the turn line, on the screen.
  for (const el of document.querySelectorAll('.hand button, #open button, #selection, #draw, #declare, .turn-line')) {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom >= innerHeight + 0.5 || r.right >= innerWidth + 0.5) out.push(`${el.dataset.card || el.id || el.className} ${at(r)} off the screen`);
  }
  return out;
}

// Sets each size in turn and returns what misfits() finds, each line
// begun by the size.
async function sweep(page, sizes) {
  const bad = [];
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const m of await page.evaluate(misfits)) bad.push(`${width}x${height}: ${m}`);
  }
  return bad;
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
    // Upright, 600 to 1024 px wide; on its side, 1024 and 1366 px wide
    // and 768 or 800 high; a desktop window from 600 px wide, 700 high.
    const sizes = [];
    for (let w = 600; w <= 1024; w += 8) sizes.push([w, Math.max(1024, Math.round(w * 4 / 3))]);
    for (let w = 600; w <= 1100; w += 20) sizes.push([w, 700]);
    sizes.push([1024, 768], [1280, 800], [1366, 1024], [800, 1280], [834, 1194], [820, 1180]);
    const bad = await sweep(page, sizes);
    assert.deepEqual(bad, [], bad.join('\n'));
  });
});

// On a phone, the header of a late match leaves the whole turn on the
// first screen, as fit.test.mjs and fitshort.test.mjs check it in the first: upright, the
// code and the count of watchers follow the title as words do (they
// began a line of their own, and at 320x640 the line under the hand
// ended 12 px below the screen); on its side, the header is one row as
// on a tablet (it took two, and Draw, Declare or the line under the
// hand ended up to 17 px below the screen from 380x262 to 820x298, and
// at 660x370; 320x568, a small phone, is checked too). A later turn:
// Declare shown, five open cards, every panel full, a card selected.
// So from 262 to 285 px high: there the late match's title took two or
// three lines, 40 to 48 px of header for 36 of buttons, and Draw,
// Declare or the line under the hand ended up to 10 px below the screen
// (380x262 to 480x262, 480x282, 640x262, 700x262).
test('on a phone, upright or on its side, the header of a late match leaves the turn on the screen', async (t) => {
  await openPages(t, env.browser, [{ width: 390, height: 844 }], async (page) => {
    await page.context().addInitScript(lateMatch, true);
    await page.context().addInitScript(fullPanels);
    await page.goto(env.server.url + '/');
    await setName(page, 'MMMMMMMMMMMMMMMM'); // (a name the first test's player has not taken)
    await createTable(page, { seats: 8, kinds: Array(7).fill('expert') });
    await page.click('#start');
    await page.waitForSelector('#declare');
    await page.waitForSelector('#watchers');
    await page.click('.hand button >> nth=4');
    const sizes = [[320, 640], [360, 740], [390, 844], [412, 915], [640, 360], [568, 320], [740, 360], [812, 375],
      [844, 390], [915, 412], [480, 320], [533, 320], [667, 375], [320, 568]];
    for (let w = 380; w <= 1100; w += 40) for (let h = 286; h <= 370; h += 12) sizes.push([w, h]);
    for (let w = 380; w <= 1100; w += 20) for (let h = 262; h <= 285; h += 4) sizes.push([w, h]);
    for (let w = 384; w <= 476; w += 4) sizes.push([w, 262]);
    sizes.push([384, 285], [440, 266], [480, 282], [500, 282], [700, 262]);
    const bad = await sweep(page, sizes);
    assert.deepEqual(bad, [], bad.join('\n'));
    // A folding phone folded (280x653): the header's buttons are one
    // line (Leave table took a second, 51 px more of header), and the
    // hand's cards are on the screen (they ended 20 px below it), and
    // so is the rest of the turn: the line under the hand, three lines
    // there beside the Chat button, ended 31 px below it in this late
    // match. (The count of watchers takes a line under the title's two
    // there: that is not counted.)
    await page.setViewportSize({ width: 280, height: 653 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const folded = await page.evaluate(() => ({
      buttonLines: new Set([...document.querySelectorAll('header.top .tools button')].map((b) => Math.round(b.getBoundingClientRect().top))).size,
      hand: [...document.querySelectorAll('.hand button')].filter((b) => b.getBoundingClientRect().bottom > innerHeight + 0.5).map((b) => b.dataset.card),
    }));
    assert.deepEqual(folded, { buttonLines: 1, hand: [] }, '280x653: the header\'s buttons on one line, the hand on the screen');
    const off = (await page.evaluate(misfits)).filter((m) => /off the screen/.test(m));
    assert.deepEqual(off, [], '280x653: the turn on the screen');
  });
});

// A small phone, 320x568, in a late match with a hand of 6 (the
// table's hand size 6), Declare shown, five open cards, every panel
// full, a card selected: the hand took two lines and the line under it
// ended 71 px below the screen. Now six cards on one line, each at
// least 44 px wide, the turn on the screen and no card of the turn
// under the Chat button. (A hand of 7 keeps two lines there:
// docs/play-online.md says why.)
test('320x568, a late match, a hand of 6: one line of cards, the turn on the screen', async (t) => {
  await openPages(t, env.browser, [{ width: 320, height: 568 }], async (page) => {
    await page.context().addInitScript(lateMatch, true);
    await page.context().addInitScript(fullPanels);
    await page.goto(env.server.url + '/');
    await setName(page, 'SSSSSSSSSSSSSSSS');
    await createTable(page, { seats: 8, kinds: Array(7).fill('expert'), hand_size: 6 });
    await page.click('#start');
    await page.waitForSelector('#declare');
    await page.waitForSelector('#watchers');
    await page.click('.hand button >> nth=4');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.evaluate(() => window.scrollTo(0, 0));
    const hand = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('.hand button')].map((b) => b.getBoundingClientRect());
      const c = document.querySelector('#chat-toggle').getBoundingClientRect();
      const top = c.top - 9; // (its count of new lines, a pill, reaches 0.55rem above it)
      return {
        cards: cards.length,
        // (a card below the first line's foot begins a second)
        lines: cards.some((r) => r.top >= Math.min(...cards.map((x) => x.bottom))) ? 2 : 1,
        narrow: cards.filter((r) => r.width < 44 - 0.01).length,
        underChat: [...document.querySelectorAll('.hand button, #open button, #draw, #declare')].filter((el) => {
          const r = el.getBoundingClientRect();
          return !(r.right <= c.left || r.left >= c.right || r.bottom <= top || r.top >= c.bottom);
        }).map((el) => el.dataset.card || el.id),
      };
    });
    assert.deepEqual(hand, { cards: 6, lines: 1, narrow: 0, underChat: [] }, 'the hand: six cards, one line, none under 44 px wide, none under Chat');
    const off = (await page.evaluate(misfits)).filter((m) => /off the screen/.test(m));
    assert.deepEqual(off, [], '320x568, a late match, a hand of 6: the turn on the screen');
  });
});

// And a hand of 7 there (7 seats, hand size 7): seven cards of 44 px do
// not fit one line of the 288 px there are, and on two lines of cards
// 67 px high the line under the hand, a card selected, ended 47 px below
// the screen. The two lines of cards are 44 px high there, each card 44
// px wide at least: the line under the hand is on the screen.
test('320x568, a late match, a hand of 7: the cards 44 px at least, the turn on the screen', async (t) => {
  await openPages(t, env.browser, [{ width: 320, height: 568 }], async (page) => {
    await page.context().addInitScript(lateMatch, true);
    await page.context().addInitScript(fullPanels);
    await page.goto(env.server.url + '/');
    await setName(page, 'SSSSSSSSSSSSSSSZ'); // (the hand of 6's name is another player of this server)
    await createTable(page, { seats: 7, kinds: Array(6).fill('expert'), hand_size: 7 });
    await page.click('#start');
    await page.waitForSelector('#declare');
    await page.waitForSelector('#watchers');
    await page.click('.hand button >> nth=4');
    await page.waitForFunction(() => /^You may/.test(document.getElementById('selection').textContent), null, { timeout: 3000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const small = await page.evaluate(() => [...document.querySelectorAll('.hand button')]
      .filter((b) => b.getBoundingClientRect().width < 44 - 0.01 || b.getBoundingClientRect().height < 44 - 0.01).length);
    assert.equal(await page.locator('.hand button').count(), 7);
    assert.equal(small, 0, 'no card of the hand under 44 px wide or high');
    const off = (await page.evaluate(misfits)).filter((m) => /off the screen/.test(m));
    assert.deepEqual(off, [], '320x568, a late match, a hand of 7: the turn on the screen');
  });
});

// The same folded phone (280x653) in the first match, Declare shown,
// five open cards, every panel full, a card selected: the line under the
// hand ended 12 px below the screen.
test('a folding phone folded, the first match: the turn on the screen', async (t) => {
  await openPages(t, env.browser, [{ width: 280, height: 653 }], async (page) => {
    await page.context().addInitScript(lateMatch, 'first');
    await page.context().addInitScript(fullPanels);
    await page.goto(env.server.url + '/');
    await setName(page, 'FFFFFFFFFFFFFFFF');
    await createTable(page, { seats: 8, kinds: Array(7).fill('expert') });
    await page.click('#start');
    await page.waitForSelector('#declare');
    await page.click('.hand button >> nth=4');
    await page.evaluate(() => window.scrollTo(0, 0));
    const off = (await page.evaluate(misfits)).filter((m) => /off the screen/.test(m));
    assert.deepEqual(off, [], '280x653, the first match: the turn on the screen');
  });
});
