// Declare asks first. Declaring ends the round for everyone, and on the
// web one mistaken tap did it (the terminal game asks y). Pressed, Declare
// becomes "Declare with N points?" with Yes (which takes the keyboard)
// and No, in place: nothing is sent until Yes. No and Escape put Declare
// back, with the keyboard on it; the turn's timer runs on meanwhile; from
// the keyboard, Enter twice declares.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, playTurn, PHONE } from './helpers.mjs';

const env = setup();

test('Declare asks before it declares; No and Escape take it back', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Dee');
    await createTable(page, { seats: 2, kinds: ['greedy'], threshold: 100, turn_time: 120 });
    await page.click('#start');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(page, -1), 'move');
    await page.waitForSelector('#declare:not([disabled])', { timeout: 30000 });
    // The turn that offers Declare says so to a screen reader too.
    // (set 30 ms after the region is cleared: waited for, 3 s at most)
    const said = await page.waitForFunction(() => {
      const t = document.querySelector('#announce').textContent;
      return /Your turn/.test(t) ? t : null;
    }, null, { timeout: 3000 }).then((x) => x.jsonValue(), () => page.textContent('#announce'));
    assert.match(String(said), /Your turn: select cards to throw away, then take an open card or draw; or declare, if you think your hand is the lowest\.$/);
    const moves = await page.locator('#log li').count();
    const total = Number(/total (\d+)/.exec(await page.textContent('.hand-panel h2'))[1]);
    const focused = () => page.evaluate(() => document.activeElement?.id);
    const secondsLeft = async () => Number(/(\d+) s left/.exec(await page.textContent('.turn-line .timer'))[1]);

    // A tap asks; nothing is sent.
    await page.click('#declare');
    await page.waitForSelector('#declare-yes', { timeout: 3000 });
    assert.equal(await page.textContent('#declare-q'), `Declare with ${total} points? The round ends and every hand is shown: if yours is the lowest, you score 0; if not, you score 20 + the difference.`,
      'the question says what is at stake');
    assert.equal(await focused(), 'declare-yes', 'Yes has the keyboard');
    assert.equal(await page.isVisible('#declare'), false, 'the question stands in place of Declare');
    const before = await secondsLeft();
    await page.waitForTimeout(1500);
    assert.ok(await secondsLeft() < before, 'the turn\'s time runs on while the question is asked');
    assert.equal(await page.locator('#log li').count(), moves, 'nothing was played');
    assert.match(await page.textContent('h1'), /^Round 1/);

    // Escape: Declare is back, with the keyboard on it.
    await page.keyboard.press('Escape');
    await page.waitForSelector('#declare', { timeout: 3000 });
    assert.equal(await page.isVisible('#declare-yes'), false);
    assert.equal(await focused(), 'declare');

    // No does the same.
    await page.click('#declare');
    await page.click('#declare-no');
    await page.waitForSelector('#declare', { timeout: 3000 });
    assert.equal(await focused(), 'declare');
    assert.equal(await page.locator('#log li').count(), moves, 'still nothing played');
    assert.equal(await page.isVisible('#next'), false);

    // From the keyboard: Enter on Declare, Enter on Yes.
    await page.focus('#declare');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#declare-yes', { timeout: 3000 });
    await page.keyboard.press('Enter');
    await page.waitForSelector('#next', { timeout: 30000 });
    // (Her own declaration, on her own page, reads in the second person.)
    assert.match(await page.textContent('.result-panel'), /You declared with (\d+): (correct|false)( \(a tie with .+ at \1 counts as \2 at this table\))?\./);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
