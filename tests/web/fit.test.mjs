// A full table of 8 on a phone held upright or on its side: on the player's turn her
// hand, the line under it and the turn's controls (the open cards, Draw,
// Declare) are all on the first screen, with the seat to move, so that
// she plays without scrolling. The eight players' panels made four rows
// of two, and the hand began below the screen (at 320x640 some 150 px
// below it on the first turn, more once the panels showed the last
// discards). The panels are now one row that scrolls sideways on a
// phone, which a keyboard can scroll too (it is a stop of the Tab key
// with a name), and which keeps the seat to move in view.
//
// This file: phones held upright and on their side, and three short
// desktop windows (fitshort.test.mjs: short windows on their side, size
// by size; fitdesk.test.mjs: desktop windows, the chat open, and the
// sweeps of the short windows on their side).

import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, playTurn, fullTable, longHint, declareAsked, PHONES } from './helpers.mjs';
import { fitSuite, offScreen, hintPlace, clearOfChat, toDeclare, laterTurnThreeOpen, underChat } from './fitcheck.mjs';
import { checkDiscard } from '../../web/rules.js';


// (Every table of this file is made from one address, more than the
// server's 10 by default, and a table lives on after its page closes,
// until its match ends: how many are alive at once depends on how fast
// the computers finish the matches left behind. 60 was once 44 tables and
// room; with the tests added since, a run in make test hit it ("The server
// cannot open more tables now.", the 61st test's table refused). The
// limit is not what this file tests: 1000 is far above the tables it makes.)
const env = setup(['--max-tables-per-address', '1000']);

const { test, run } = fitSuite('the turn on the first screen: phones');

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

run();
