// A reload in the middle of one's turn keeps what the player was doing:
// the cards selected, and an open "Declare with N points?" question (the
// tab keeps them in its session storage). They come back only where they
// still apply: the same table, match, round and turn, with the cards
// still in the hand. A reload during which the turn ran out (the computer
// played it) finds a new turn, and nothing selected.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, playTurn, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

const selected = (page) => page.locator('.hand button[aria-pressed="true"]').evaluateAll((bs) => bs.map((b) => b.dataset.card));
const myTurn = (page) => page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });

test('a reload on one\'s turn keeps the cards selected and the Declare question', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Kay');
    await createTable(page, { seats: 2, kinds: ['greedy'], threshold: 100 });
    await page.click('#start');
    await myTurn(page);
    assert.equal(await playTurn(page, -1), 'move');
    await page.waitForSelector('#declare:not([disabled])', { timeout: 30000 });

    // Two cards selected, then a reload: they are selected again, and the
    // line under the hand says the same.
    const hand = await page.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.dataset.card));
    for (const c of hand.slice(0, 2)) await page.click(`.hand button[data-card="${c}"]`);
    const line = await page.textContent('#selection');
    await page.reload();
    await myTurn(page);
    await page.waitForFunction(() => document.querySelectorAll('.hand button[aria-pressed="true"]').length > 0,
      null, { timeout: 10000 }).catch(() => {});
    assert.deepEqual((await selected(page)).sort(), hand.slice(0, 2).sort(), 'the cards selected before the reload');
    assert.equal(await page.textContent('#selection'), line);

    // Declare pressed, then a reload: the question is asked again, Yes
    // has the keyboard, the cards are still selected.
    await page.click('#declare');
    const question = await page.textContent('#declare-q');
    await page.reload();
    await myTurn(page);
    await page.waitForSelector('#declare-q', { timeout: 10000 }).catch(() => {});
    assert.equal(await page.isVisible('#declare-q'), true, 'the Declare question is asked again');
    assert.equal(await page.textContent('#declare-q'), question);
    assert.equal(await page.isVisible('#declare'), false);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'declare-yes');
    assert.deepEqual((await selected(page)).sort(), hand.slice(0, 2).sort());

    // No puts Declare back, and a reload then keeps it so.
    await page.click('#declare-no');
    await page.waitForSelector('#declare', { timeout: 3000 });
    await page.reload();
    await myTurn(page);
    await page.waitForSelector('#declare', { timeout: 10000 });
    assert.equal(await page.isVisible('#declare-q'), false);

    // Yes declares.
    await page.click('#declare');
    await page.click('#declare-yes');
    await page.waitForSelector('.result-panel', { timeout: 30000 });
    assert.match(await page.textContent('.result-panel'), /You declared with \d+/);
  });
});

test('a reload during which the turn ran out selects nothing in the next turn', async (t) => {
  await openPages(t, env.browser, [DESKTOP, DESKTOP], async (page, spectator) => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Lou');
    const code = await createTable(page, { seats: 2, kinds: ['greedy'], threshold: 100, turn_time: 15 });
    await spectator.goto(`${env.server.url}/t/${code}`);
    await spectator.click('#watch');
    await spectator.waitForSelector('h1', { timeout: 30000 });
    await page.click('#start');
    await myTurn(page);
    const hand = await page.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.dataset.card));
    await page.click(`.hand button[data-card="${hand[0]}"]`);
    assert.deepEqual(await selected(page), [hand[0]]);

    // The page is held back while the turn's time runs out (the spectator
    // sees the computer play it), and the next turn comes.
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route('**/app.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await spectator.waitForSelector('#log li >> text=(time ran out: the computer played)', { timeout: 60000 });
    release();
    await myTurn(page);
    await page.waitForSelector('#log li >> text=(time ran out: the computer played)', { timeout: 30000 });
    assert.deepEqual(await selected(page), [], 'nothing is selected in a new turn');
    // With nothing selected, the line under the hand says why the cards
    // changed: the reloaded page read the time-out in the table's recent
    // moves (a card selected would take its place).
    assert.equal(await page.textContent('#selection'), 'Time ran out: the computer played your turn.');
  });
});
