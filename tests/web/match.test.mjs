// A person plays a whole match against computer players, at a phone's size
// and at a desktop's: create the table with options, start, play every turn
// through the page (clicking cards, taking or drawing, declaring), read each
// round's result, and reach the winner and the rematch button. Threshold 25
// keeps a match to a few rounds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, newPage, withShots, setName, createTable, playToEnd, PHONE, DESKTOP,
} from './helpers.mjs';

const env = setup();

// The first turn from the keyboard: arrows move between the cards, space
// selects, the line under the hand says why a selection may not go, enter
// moves on to the pick-up, and the move is announced in the live region.
// Resolves with the number of moves made (one, once announced).
async function firstTurnByKeyboard(page) {
  await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
  const hand = await page.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.dataset.card));
  await page.focus('.hand button >> nth=0');
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute(`.hand button[data-card="${hand[0]}"]`, 'aria-pressed'), 'true');
  // Find a second card of another rank: two such cards are not a discard.
  const other = hand.findIndex((c) => c.slice(0, -1) !== hand[0].slice(0, -1));
  for (let i = 0; i < other; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  assert.match(await page.textContent('#selection'), /Not allowed: 2 cards must be a pair/);
  await page.keyboard.press('Enter'); // refused: says why, stays in the hand
  assert.equal(await page.evaluate(() => document.activeElement.closest('.hand') !== null), true);
  await page.keyboard.press('Space'); // unselect the second card
  assert.match(await page.textContent('#selection'), /You may throw these away/);
  await page.keyboard.press('Enter');
  const focused = await page.evaluate(() => document.activeElement.id || document.activeElement.dataset.card);
  assert.ok(focused === 'draw' || /^[0-9AJQK]+[CDHS]$/.test(focused), `enter moved on to the pick-up, not ${focused}`);
  const logBefore = await page.locator('#log li').count();
  await page.evaluate(() => {
    window.said = [];
    const el = document.getElementById('announce');
    new MutationObserver(() => window.said.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, logBefore, { timeout: 30000 });
  await page.waitForFunction(() => window.said.some((t) => /You discarded .* of .*, (drew|took) /.test(t)),
    null, { timeout: 15000 });
  return 1;
}

// A hint gives the expert's move and why; the rules open in a dialog that
// Escape closes.
async function hintAndRules(page) {
  await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
  await page.click('#hint');
  await page.waitForSelector('.hint >> text=The expert would play', { timeout: 30000 });
  assert.match(await page.textContent('.hint'), /The expert would play: discard .*(draw|take).*Declaring is not allowed now\./s);
  await page.click('#rules');
  assert.equal(await page.isVisible('#rules-dialog'), true);
  assert.match(await page.textContent('#rules-dialog'), /Three of a kind may not go together/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#rules-dialog', { state: 'hidden', timeout: 15000 });
}

async function playMatch(t, viewport, name, keyboard) {
  const page = await newPage(env.browser, viewport);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, name);
    // Every title the tab had, in order.
    page.titles = [];
    await page.exposeFunction('noteTitle', (x) => page.titles.push(x));
    await page.evaluate(() => new MutationObserver(() => window.noteTitle(document.title))
      .observe(document.querySelector('title'), { childList: true, characterData: true, subtree: true }));
    const code = await createTable(page, { seats: 3, kinds: ['greedy', 'random'], threshold: 25 });
    assert.match(code, /^[A-Z0-9]+$/);
    assert.equal(new URL(page.url()).pathname, `/t/${code}`);
    // The lobby lists the three seats; the host starts.
    assert.equal(await page.locator('.seat-list li').count(), 3);
    assert.equal(await page.title(), `Least Score · ${code}`);
    await page.click('#start');
    await page.waitForSelector('.hand button', { timeout: 30000 });
    assert.equal(await page.locator('.hand button').count(), 5);

    let before = 0; // the person's moves before playToEnd
    if (keyboard) before = await firstTurnByKeyboard(page);
    else await hintAndRules(page);

    const { rounds, moves } = await playToEnd(page);
    const winner = await page.textContent('.winner');
    assert.ok(winner && winner.length > 0);
    assert.equal(await page.locator('#rematch').count(), 1, 'the host gets a rematch button');
    // (A computer player's declaration can end a threshold-25 match right
    // after a first turn played by keyboard: playToEnd then has none.)
    assert.ok(before + moves > 0, 'the person made moves');
    // Every score of every round's result is explained: the rounds
    // dismissed with Next round, and the last one, shown with the winner
    // (a match at threshold 25 can end in its first round).
    const last = await page.locator('table.result tbody tr').evaluateAll((rs) =>
      rs.map((r) => r.textContent));
    assert.ok(last.length >= 2, 'the match end shows the last round\'s hands');
    const results = [...(page.results || []), last];
    assert.ok(results.length >= 1 && results.length <= rounds + 1, `${results.length} results for ${rounds} rounds`);
    for (const row of results.flat()) {
      assert.match(row, /\(correct declaration\)|\d+ − \d+ \(\w+\) = \d+|20 \+ \d+ over (\w+'s|your) \d+|costs only the declarer/, row);
    }
    const log = await page.locator('#log li').allTextContents();
    assert.ok(log.some((l) => /won the match/.test(l)), 'the log ends with the winner');
    assert.ok(log.some((l) => /discarded .*, (drew|took)/.test(l)), 'moves are written as sentences');
    // The tab's title tells the player's turn, and only then.
    assert.ok(page.titles.some((x) => x === `▶ Your turn · Least Score · ${code}`), page.titles.join(' | '));
    assert.equal(await page.title(), `Least Score · ${code}`, 'the match is over: nobody\'s turn');
    assert.deepEqual(page.errors, []);
    t.diagnostic(`${name}: ${rounds} rounds dismissed, ${moves} moves`);
  });
  await page.context().close();
}

test('a person plays a whole match against computer players on a phone', async (t) => {
  await playMatch(t, PHONE, 'Ada');
});

test('a person plays a whole match against computer players on a desktop', async (t) => {
  await playMatch(t, DESKTOP, 'Ben', true);
});
