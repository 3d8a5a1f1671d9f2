// The keyboard's place through a match. A person who plays from the
// keyboard starts the match with Enter and lands in the hand; after each
// move (Enter to the pick-up, Enter to take) the focus is back in the
// hand, not at the page's top, so that the next turn needs no Tab at all;
// when a round ends it is on Next round, and after Next round in the new
// hand. The focus used to fall to the page's top after every move (the
// pick-up pressed is disabled, then gone), and the player had to Tab
// back into the hand four or five times a turn.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, hostTable, playTurn, playUntilDeclare, dropConnection, longHint, DESKTOP, PHONE } from './helpers.mjs';

// A long round pause: a round's result stays until the player moves on.
const env = setup(['--round-pause', '60', '--bot-delay', '100']);

// Where the keyboard is: 'hand', 'next', or what else has the focus.
const place = (page) => page.evaluate(() => {
  const a = document.activeElement;
  if (a?.closest('.hand')) return 'hand';
  if (a?.id === 'next') return 'next';
  return a ? `${a.tagName.toLowerCase()}#${a.id}` : 'none';
});

test('a keyboard player keeps the keyboard\'s place from move to move and round to round', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Kay');
    await createTable(page, { seats: 2, kinds: ['greedy'], threshold: 100 });
    await page.focus('#start');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.hand button', { timeout: 30000 });
    assert.equal(await place(page), 'hand', 'Start leaves the keyboard in the hand');

    let moves = 0;
    let rounds = 0;
    const deadline = Date.now() + 120000;
    while (rounds < 2 || moves < 3) {
      assert.ok(Date.now() < deadline, `${moves} moves and ${rounds} rounds in 120 s`);
      await page.waitForSelector('.hand-panel[data-act], #next, #rematch', { timeout: 30000 });
      if (await page.$('#rematch')) break; // (100 points in two rounds: not likely, but the match is over)
      if (await page.$('#next')) {
        assert.equal(await place(page), 'next', `round ${rounds + 1} ended: the keyboard is on Next round`);
        await page.keyboard.press('Enter');
        await page.waitForSelector('#next', { state: 'detached', timeout: 30000 });
        await page.waitForSelector('.hand button', { timeout: 30000 });
        assert.equal(await place(page), 'hand', 'the next round begins in the hand');
        rounds++;
        continue;
      }
      // The turn: the keyboard is in the hand already. Space selects the
      // card it is on; a lone card may always go; Enter moves on to the
      // pick-up and Enter there takes or draws.
      assert.equal(await place(page), 'hand', `move ${moves + 1}: the turn finds the keyboard in the hand`);
      const before = await page.locator('#log li').count();
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
      assert.notEqual(await place(page), 'hand', 'Enter moved on to the pick-up');
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, before, { timeout: 30000 });
      moves++;
      // Played: back in the hand, or on Next round if the round ended.
      await page.waitForFunction(() => document.activeElement?.closest('.hand') || document.activeElement?.id === 'next',
        null, { timeout: 10000 }).catch(() => {});
      assert.ok(['hand', 'next'].includes(await place(page)), `after move ${moves} the keyboard is at ${await place(page)}`);
    }
    assert.ok(moves >= 3, `${moves} moves played by keyboard`);
    assert.deepEqual(page.errors, []);
  });
});

// A friend who joins from the link with the keyboard: Join draws the
// lobby, and the focus, which fell to the page's top there (Join was gone)
// and stayed there for the whole match, is on the lobby's title, read out
// by a screen reader; when the host starts, it is in the friend's hand.
// A spectator's Watch lands on the table's title the same way.
test('Join and Watch leave the keyboard on the new screen\'s title, and the match\'s start in the hand', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE, PHONE], async (host, friend, watcher) => {
    await host.goto(env.server.url + '/');
    await setName(host, 'Hal');
    const code = await createTable(host, { seats: 2, kinds: ['open'], threshold: 100 });
    const title = (page) => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : ''));
    assert.equal(await title(host), `Table ${code}`, 'Create table lands on the lobby\'s title');

    await friend.goto(`${env.server.url}/t/${code}`);
    await setName(friend, 'Kim');
    await friend.focus('#join');
    await friend.keyboard.press('Enter');
    await friend.waitForSelector('.code', { timeout: 30000 });
    assert.equal(await title(friend), `Table ${code}`, 'Join lands on the lobby\'s title');

    await watcher.goto(`${env.server.url}/t/${code}`);
    await watcher.focus('#watch');
    await watcher.keyboard.press('Enter');
    await watcher.waitForSelector('.code', { timeout: 30000 });
    assert.equal(await title(watcher), `Table ${code}`, 'Watch lands on the lobby\'s title');

    await host.click('#start');
    await friend.waitForSelector('.hand button', { timeout: 30000 });
    await friend.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 5000 });
    await watcher.waitForSelector('.seats', { timeout: 30000 });
    assert.match(await title(watcher), /^Round 1/, 'the spectator is on the table\'s title');
    assert.deepEqual(friend.errors, []);
  });
});

// The friend types a name on the table's link and presses Enter: that
// joins (the name is in no form, and Enter there did nothing).
test('Enter in the name on a table\'s link joins the table', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, friend) => {
    await host.goto(env.server.url + '/');
    await setName(host, 'Hil');
    const code = await createTable(host, { seats: 2, kinds: ['open'], threshold: 100 });
    await friend.goto(`${env.server.url}/t/${code}`);
    await friend.focus('#name');
    await friend.keyboard.type('Lou');
    await friend.keyboard.press('Enter');
    await friend.waitForSelector('.code', { timeout: 5000 });
    await host.waitForSelector('#start:not([disabled])', { timeout: 5000 });
    assert.match(await host.textContent('.seat-list'), /Lou/);
    assert.deepEqual(friend.errors, []);
  });
});

// Enter in the name on the first page, with no table's code: the page's
// other main button, Create table, with the options as they stand (the
// name is in no form, and Enter did nothing). With a code, Enter joins
// (as on a table's link).
test('Enter in the name with no code creates a table, as Create table does', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    await page.goto(env.server.url + '/');
    await page.selectOption('#seats', '3');
    await page.focus('#name');
    await page.keyboard.type('Enid');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.code', { timeout: 10000 });
    assert.match(await page.textContent('h1'), /^Table /);
    assert.match(await page.textContent('main'), / of 3 seats taken/, 'the seats chosen');
    assert.deepEqual(page.errors, []);
  });
});

// A control that stands in for the focused one (the hand's card for
// Draw, pressed and disabled) takes the focus without scrolling the page
// when it is on the screen and clear of the Chat button, though it lies
// in the strip at the screen's foot kept clear for that button: the page
// scrolled to bring it above the strip, as it did for the same control
// given its focus back before 5f89f97.
//
// (An upright phone 360 px wide: the window made short here is under 480
// px high, and from 380 px wide such a window has the layout of a phone
// on its side (2cdba59), where the hand is not at the screen's foot.)
const UPRIGHT = { width: 360, height: 740 };
test('a control standing in for the focused one, in the Chat button\'s strip, scrolls nothing', async (t) => {
  await openPages(t, env.browser, [UPRIGHT], async (page) => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Strip');
    await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    // The screen is made to end 30 px under the hand's cards, in the
    // strip of 4.5rem kept for Chat. A short window has a layout of its
    // own (from 480 to 600 px high, 3a195a2: each status beside its
    // name, the line under the hand in the smaller type), which moves
    // the hand up: the hand is measured again in the window made short,
    // until the window ends 30 px under it.
    const handBottom = () => page.evaluate(() => Math.ceil(document.querySelector('.hand button').getBoundingClientRect().bottom + window.scrollY));
    let height = 0;
    for (let i = 0; i < 4 && height !== (await handBottom()) + 30; i++) {
      height = (await handBottom()) + 30;
      await page.setViewportSize({ width: UPRIGHT.width, height });
    }
    assert.equal(await handBottom() + 30, height, 'the window ends 30 px under the hand');
    await page.evaluate(() => window.scrollTo(0, 0));
    // (Selected from the keyboard: a click scrolls the card above the
    // strip first.)
    await page.$$eval('.hand button', (bs) => bs.at(-1).focus({ preventScroll: true }));
    await page.keyboard.press('Space');
    await page.focus('#draw');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'Draw is on the screen');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 10000 });
    const seen = await page.evaluate(() => {
      const r = document.activeElement.getBoundingClientRect();
      const c = document.getElementById('chat-toggle').getBoundingClientRect();
      const clear = r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom;
      return { scrollY: window.scrollY, inStrip: r.bottom > window.innerHeight - 72, onScreen: r.top >= 0 && r.bottom <= window.innerHeight, clear };
    });
    assert.deepEqual(seen, { scrollY: 0, inStrip: true, onScreen: true, clear: true });
  });
});

// The hint's box, held to the screen's foot on a phone on its side, is a
// stop of the Tab key; drawn anew with room enough (here the players' row
// hidden by the test, as a shorter row would leave it), it scrolls no
// more and can take the focus no more. The focus it had goes to the hand,
// as for any control gone: it fell to the page (document.body), as
// render() gave it to the new box, which took nothing. (740x320: from
// 341 to 368 px high the table is as compact as at 340, and at 740x360
// the hint's box had room enough from the first.)
test('the hint\'s box had the focus, and a redraw leaves it too short to scroll: the keyboard is in the hand', async (t) => {
  await openPages(t, env.browser, [{ width: 740, height: 320 }, PHONE], async (page, watcher) => {
    await page.context().addInitScript(longHint);
    const code = await hostTable(page, env.server.url, 'Hinted', { seats: 2, kinds: ['greedy'], start: true });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.click('#hint');
    await page.waitForSelector('.hint >> text=Why', { timeout: 10000 });
    assert.equal(await page.getAttribute('.hint', 'tabindex'), '0', 'the box scrolls, a stop of the Tab key');
    await page.focus('.hint');
    await page.evaluate(() => document.styleSheets[0].insertRule('.play > .seats { display: none; }', document.styleSheets[0].cssRules.length));
    // A redraw: someone comes to watch.
    await watcher.goto(`${env.server.url}/t/${code}`);
    await watcher.click('#watch');
    await page.waitForSelector('text=1 watching', { timeout: 10000 });
    assert.equal(await page.getAttribute('.hint', 'tabindex'), null, 'drawn anew, the box scrolls no more');
    assert.equal(await place(page), 'hand');
  });
});

// Declare pressed from the keyboard, Yes has the keyboard; the connection
// drops, Yes is disabled, and the hand's card stands in for it. Once the
// connection is back, Yes has the keyboard again, so that Enter declares
// as it would have: it stayed on the card, where Enter goes to the
// pick-up.
test('Declare\'s Yes has the keyboard back once a dropped connection is', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    await hostTable(page, env.server.url, 'Yeskey', { seats: 2, kinds: ['greedy'], start: true });
    await playUntilDeclare(page);
    await page.focus('#declare');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'declare-yes');
    await dropConnection(page);
    await page.waitForSelector('#declare-yes[disabled]', { timeout: 5000 });
    assert.equal(await place(page), 'hand', 'offline: the hand stands in for Yes');
    await page.waitForSelector('#declare-yes:not([disabled])', { timeout: 15000 });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'declare-yes', 'back: Yes has the keyboard');
  });
});

// Leave table pressed from the keyboard, in the lobby and in a match: the
// keyboard goes on to the first page's title, and Tab from there to the
// page's controls. It fell to the page's body (Leave table is gone with
// the table), and Tab began again at the browser's own controls. Back to
// table (the match left) by Enter puts it in the hand; it fell to the
// body too.
test('Leave table from the keyboard leaves the keyboard on the first page\'s title', async (t) => {
  await openPages(t, env.browser, [DESKTOP, DESKTOP], async (...pages) => {
    for (const [i, where] of ['the lobby', 'a match'].entries()) {
      const page = pages[i];
      const title = () => page.evaluate(() => {
        const a = document.activeElement;
        return a === document.body || !a ? 'body' : a.matches('h1') ? `h1: ${a.textContent}` : `${a.tagName.toLowerCase()}#${a.id}`;
      });
      await hostTable(page, env.server.url, `Leaver${i}`, { seats: 2, kinds: ['greedy'], start: where === 'a match' });
      await page.waitForSelector(where === 'a match' ? '.hand button' : '#start', { timeout: 30000 });
      await page.focus('#leave');
      await page.keyboard.press('Enter');
      await page.waitForSelector('h1 >> text=Least Score', { timeout: 10000 });
      assert.equal(await title(), 'h1: Least Score', `left from ${where}`);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => !!document.activeElement?.closest('#app')), true, `left from ${where}: Tab goes to the page's controls`);
    }
    // Back to the table left in its match, by Enter: the keyboard is in
    // the hand (it fell to the page's body). Her seat is played for her
    // while she is away, so the round (or, at worst, the match) may have
    // ended by then, on a loaded machine: then the keyboard is on Next
    // round, under the round's result, or on the table's title, under
    // the match's end; never on the body.
    const page = pages[1];
    await page.getByRole('button', { name: /^Back to table/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.hand button, #next, #rematch', { timeout: 30000 });
    await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, { timeout: 5000 }).catch(() => {});
    const at = await place(page);
    if (at === 'next') {
      assert.equal(await page.isVisible('#next'), true, 'back at the table: Next round is there');
      assert.equal(await page.isVisible('.result-cards >> nth=0'), true, 'back at the table: the keyboard on Next round, the round\'s result shown');
    } else if (at !== 'hand' && await page.$('#rematch')) {
      assert.equal(await page.evaluate(() => document.activeElement?.matches('h1[data-focus="title"]')), true, `back at the table, the match over: the keyboard on the title, not ${at}`);
    } else {
      assert.equal(at, 'hand', 'back at the table');
    }
  });
});

// The turn comes round to a keyboard player whose keyboard is on nothing
// (the page reloaded during a friend's turn): it goes to the hand, and
// the page does not scroll; it stayed on the page's body, and the hand
// was five Tabs away. A line being typed in the chat keeps the keyboard
// (an h typed there is a letter); Escape closes the chat and takes the
// keyboard to the hand (it was seven Tabs away). No single letter is a
// shortcut (WCAG 2.1.4: H was one, and speech input or a screen reader's
// browse mode set it off): H on the Chat button leaves the keyboard there.
test('the turn comes with the keyboard on nothing: it goes to the hand; Escape in the chat goes there too', async (t) => {
  await openPages(t, env.browser, [DESKTOP, DESKTOP], async (kay, friend) => {
    await kay.goto(env.server.url + '/');
    await setName(kay, 'Kai');
    const code = await createTable(kay, { seats: 2, kinds: ['open'], threshold: 100 });
    await friend.goto(`${env.server.url}/t/${code}`);
    await setName(friend, 'Fen');
    await friend.click('#join');
    await kay.waitForSelector('#start:not([disabled])', { timeout: 10000 });
    await kay.focus('#start');
    await kay.keyboard.press('Enter');
    const turn = async (page) => page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const byKeyboard = async () => { // (a lone card may always go: Space, Enter, Enter)
      assert.equal(await place(kay), 'hand');
      await kay.keyboard.press('Space');
      await kay.keyboard.press('Enter');
      await kay.keyboard.press('Enter');
      await turn(friend);
    };
    await turn(kay);
    await byKeyboard();

    // Reloaded during the friend's turn: the keyboard is on nothing.
    await kay.reload();
    await kay.waitForSelector('.hand button', { timeout: 30000 });
    assert.equal(await kay.evaluate(() => document.activeElement === document.body), true, 'reloaded: the keyboard on nothing');
    assert.equal(await playTurn(friend, -1), 'move');
    await turn(kay);
    await kay.waitForFunction(() => document.activeElement?.closest('.hand'), null, { timeout: 5000 }).catch(() => {});
    assert.equal(await place(kay), 'hand', 'the turn came: the keyboard is in the hand');
    assert.equal(await kay.evaluate(() => window.scrollY), 0, 'the page did not scroll');
    await byKeyboard();

    // Typing in the chat when the turn comes: the keyboard stays there.
    for (let i = 0; i < 40 && await kay.evaluate(() => document.activeElement?.id) !== 'chat-toggle'; i++) await kay.keyboard.press('Tab');
    await kay.keyboard.press('Enter');
    assert.equal(await kay.evaluate(() => document.activeElement?.id), 'chat-input');
    await kay.keyboard.type('oh hi');
    assert.equal(await playTurn(friend, -1), 'move');
    await turn(kay);
    assert.equal(await kay.evaluate(() => document.activeElement?.id), 'chat-input', 'the chat being typed in keeps the keyboard');
    assert.equal(await kay.inputValue('#chat-input'), 'oh hi', 'an h typed in the chat is a letter');
    await kay.keyboard.press('Escape');
    assert.equal(await kay.isVisible('#chat-panel'), false, 'Escape closed the chat');
    assert.equal(await place(kay), 'hand', 'Escape in the chat: the keyboard is in the hand');
    // No letter is a shortcut (WCAG 2.1.4): H on the Chat button stays there.
    await kay.focus('#chat-toggle');
    await kay.keyboard.press('h');
    assert.equal(await kay.evaluate(() => document.activeElement?.id), 'chat-toggle', 'H is no shortcut');
    await kay.keyboard.press('Enter');
    assert.equal(await kay.evaluate(() => document.activeElement?.id), 'chat-input');
    await kay.keyboard.press('Escape');
    assert.equal(await place(kay), 'hand', 'Escape in the chat again: the hand');
    await byKeyboard();
  });
});
