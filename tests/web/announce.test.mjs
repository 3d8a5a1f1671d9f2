// What a screen reader hears: every text the page puts in its live region
// (#announce) is recorded as it comes. Pressing a card reads out the line
// under the hand (whether the selection may go, or why not): that line
// was a live region of its own, drawn anew with the page on each redraw,
// and a screen reader reads only a change to a region it already knew,
// so it was never heard. Sentences read together have one stop between
// them ("The match started.. Round 1 dealt" had two). Back after a reload,
// the moves made meanwhile go to the log, and only the last is read out
// with the turn (they were all read out in one long paragraph). A lost
// connection, and a device gone offline, are read out once each: the
// banner that says so is drawn anew with the page, and was never heard.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, newTab, withShots, playToRoundEnd, hostTable, playTurn, dropConnection, DESKTOP } from './helpers.mjs';
import { s } from '../../web/strings.js';
import { checkDiscard, handTotal } from '../../web/rules.js';

// (The computer players take 0.4 s a move: a reload comes before theirs.
// A long round pause: a round's result stays until the player moves on,
// so that the test reads it before the next round is dealt, however slow
// the machine.)
const env = setup(['--bot-delay', '400', '--round-pause', '60']);

// Keeps in window.heard every text the live region is given, across
// reloads.
const recordHeard = (page) => page.context().addInitScript(() => {
  window.heard = [];
  new MutationObserver(() => {
    const text = document.getElementById('announce')?.textContent;
    if (text) window.heard.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
});

test('a screen reader hears the selection\'s line on each card pressed, and one stop between sentences', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await recordHeard(page);
  await withShots(t, [page], async () => {
    await hostTable(page, env.server.url, 'Ray', { seats: 2, kinds: ['greedy'], threshold: 100, start: true });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.waitForFunction(() => window.heard.some((x) => x.includes(' dealt')), null, { timeout: 5000 });
    const start = (await page.evaluate(() => window.heard)).find((x) => x.includes(' dealt'));
    assert.match(start, /^The match started\. Round 1 dealt\. /);
    const all = await page.evaluate(() => window.heard);
    assert.deepEqual(all.filter((x) => /\.\./.test(x)), [], 'no sentence ends twice');

    const hand = await page.$$eval('.hand button', (bs) => bs.map((b) => b.dataset.card));
    const heardLast = () => page.evaluate(() => window.heard[window.heard.length - 1]);
    await page.click(`.hand button[data-card="${hand[0]}"]`);
    const one = s.selectionOk(s.shapes.single, handTotal([hand[0]]));
    await page.waitForFunction((x) => window.heard[window.heard.length - 1] === x, one, { timeout: 3000 })
      .catch(() => {});
    assert.equal(await heardLast(), one, 'one card pressed: its line is read out');
    // A second card of another rank makes no pair: why not is read out.
    const other = hand.find((c) => c.slice(0, -1) !== hand[0].slice(0, -1));
    await page.click(`.hand button[data-card="${other}"]`);
    const check = checkDiscard([hand[0], other], 'any');
    const why = check.ok ? s.selectionOk(s.shapes[check.shape], handTotal([hand[0], other]))
      : s.selectionBad(s.reasons[check.reason]);
    await page.waitForFunction((x) => window.heard[window.heard.length - 1] === x, why, { timeout: 3000 })
      .catch(() => {});
    assert.equal(await heardLast(), why, 'two cards pressed: why they may not go is read out');
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

// After each move the ear hears whose turn it is now: the outlined panel
// says so to the eye, and a newcomer does not know the seats' order. (It
// heard 'You discarded 9 of clubs, drew a card.' and then nothing until
// the next move.)
test('after each move a screen reader hears who plays next', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await recordHeard(page);
  await withShots(t, [page], async () => {
    await hostTable(page, env.server.url, 'Roy', { seats: 3, kinds: ['greedy', 'greedy'], threshold: 100, start: true });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(page, -1), 'move');
    const after = async (re) => page.waitForFunction((src) => window.heard.some((x) => new RegExp(src).test(x)), re.source,
      { timeout: 10000 }).then(() => true, () => false);
    const heard = () => page.evaluate(() => window.heard);
    assert.ok(await after(/^You discarded [^.]*\. Greedy to play\.$/), `after Roy's move: ${JSON.stringify(await heard())}`);
    assert.ok(await after(/^Greedy discarded [^.]*\. Greedy-2 to play\.$/), `after Greedy's move: ${JSON.stringify(await heard())}`);
    // Her own turn is said as before, not as 'Roy to play'.
    assert.ok(await after(/^Greedy-2 discarded [^.]*\. Your turn: /), `after Greedy-2's move: ${JSON.stringify(await heard())}`);
    assert.ok(!(await heard()).some((x) => /Roy to play/.test(x)));
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

test('back after a reload, a screen reader hears where things stand, not every move missed', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await recordHeard(page);
  await withShots(t, [page], async () => {
    await hostTable(page, env.server.url, 'Rex', { seats: 3, kinds: ['greedy', 'greedy'], threshold: 100, start: true });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    // Rex moves and reloads at once; the page's script is held back a
    // moment, while both computer players move.
    await page.route('**/app.js', async (route) => {
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue();
    });
    assert.equal(await playTurn(page, -1), 'move');
    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.waitForFunction(() => window.heard.some((x) => x.includes('Your turn')), null, { timeout: 5000 })
      .catch(() => {});
    const log = await page.locator('#log li').allTextContents();
    assert.ok(log.some((l) => /^Greedy discarded/.test(l)) && log.some((l) => /^Greedy-2 discarded/.test(l)),
      'both moves are in the log');
    const heard = await page.evaluate(() => window.heard);
    const told = heard.find((x) => x.includes('Your turn'));
    assert.ok(told, `the turn is told: ${JSON.stringify(heard)}`);
    assert.ok((told.match(/discarded/g) || []).length <= 1, `one move read out, not all: ${told}`);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

test('a lost connection and a device gone offline are read out, once each', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await recordHeard(page);
  await withShots(t, [page], async () => {
    await hostTable(page, env.server.url, 'Rue', { seats: 2, kinds: ['greedy'], threshold: 100, start: true });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    // (what comes at once is said together: each within a text heard)
    const heard = (text) => page.waitForFunction((x) => window.heard.some((y) => y.includes(x)), text, { timeout: 10000 })
      .then(() => true, () => false);

    // The connection drops; the page reconnects by itself.
    await dropConnection(page);
    assert.ok(await heard(s.reconnecting), 'the lost connection is read out');
    await page.waitForSelector('.banner', { state: 'detached', timeout: 30000 });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });

    // The device goes offline: said once, however long it stays so.
    await page.context().setOffline(true);
    assert.ok(await heard(s.offline), 'the device offline is read out');
    await page.waitForTimeout(1000);
    assert.equal((await page.evaluate(() => window.heard)).filter((x) => x.includes(s.offline)).length, 1);
    await page.context().setOffline(false);
    await page.waitForSelector('.banner', { state: 'detached', timeout: 30000 });
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

// The seat taken over by another tab of the same browser: the first tab
// goes to the first page, which says where the seat went; a screen reader
// is told it too (the page changed under it without a word).
test('a seat taken over by another tab is told to a screen reader on the first', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await page.context().addInitScript(() => {
    window.alerted = [];
    new MutationObserver(() => {
      const text = document.getElementById('alert')?.textContent;
      if (text) window.alerted.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await withShots(t, [page], async () => {
    const code = await hostTable(page, env.server.url, 'Roo', { seats: 2, kinds: ['greedy'], threshold: 100, start: true });
    await page.waitForSelector('.hand-panel', { timeout: 30000 });
    const other = await newTab(page);
    await other.goto(`${env.server.url}/t/${code}`);
    await other.waitForSelector('.hand-panel', { timeout: 30000 });
    await page.waitForSelector('#message', { timeout: 30000 });
    assert.equal(await page.textContent('#message'), s.seatElsewhere(code));
    await page.waitForFunction((x) => window.alerted.includes(x), s.seatElsewhere(code), { timeout: 5000 })
      .catch(() => {});
    assert.deepEqual(await page.evaluate(() => window.alerted), [s.seatElsewhere(code)]);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(other.errors, [], 'the other tab\'s errors');
  });
  await page.context().close();
});

// The end of a round is read out with the player's own score and total,
// as her row of the result shows them: the outcome alone ("Ray declared
// correctly: round 1 is over.") left her to look for them in the table.
// And the declaration that ended it is said once, by the round's end (it
// was heard twice: "You declared. You declared falsely: ...").
test('at a round\'s end a screen reader hears the player\'s own score and total', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await recordHeard(page);
  await withShots(t, [page], async () => {
    await hostTable(page, env.server.url, 'Rio', { seats: 2, kinds: ['greedy'], threshold: 100, start: true });
    await playToRoundEnd(page);
    // Her row of the result: its score (+N) and its total.
    const row = await page.evaluate(() => {
      const tr = [...document.querySelectorAll('table.result tbody tr')].find((r) => r.querySelector('th').firstChild.textContent === 'Rio');
      const cells = [...tr.querySelectorAll('td')].map((td) => td.firstChild.textContent.trim());
      return { score: Number(cells[1].replace('+', '')), total: Number(cells[cells.length - 1]) };
    });
    // (the round whose result is shown: playTurn() may have pressed Next
    // round on the first)
    const round = Number((await page.textContent('#result-h')).match(/\d+/)[0]);
    const over = `round ${round} is over`;
    await page.waitForFunction((x) => window.heard.some((y) => y.includes(x)), over, { timeout: 5000 });
    const heard = (await page.evaluate((x) => window.heard.find((y) => y.includes(x)), over));
    assert.ok(heard.includes(s.yourRoundScore(row.score, row.total)), `${JSON.stringify(heard)} says ${JSON.stringify(row)}`);
    // The declaration is said once: the round's end says who declared
    // (it was heard 'You declared. You declared falsely: ...').
    assert.doesNotMatch(heard, /declared\. .*declared (correctly|falsely)/, 'the declaration said twice');
    // It says the declarer's total and, for a false declaration, who held
    // less (it said 'You declared falsely: round 1 is over.', the why
    // only in the result's table).
    assert.match(heard, /(declared correctly with \d+|declared falsely with \d+ \(.+ held \d+\)|a tie with .+ at \d+ counts as (correct|false) at this table\)): round \d+ is over\./);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
