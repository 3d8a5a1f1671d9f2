// The turn's chime (web/sound.js): when it becomes the player's turn while
// the page is in the background, two tones are played; in front, none;
// with the box on the first page unticked, none, and the choice is
// remembered. The page's AudioContext is wrapped to count the tones it
// starts (headless Chromium has no speakers to listen to).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, playTurn, DESKTOP } from './helpers.mjs';

const env = setup(['--bot-delay', '300']);

async function countingPage() {
  const page = await newPage(env.browser, DESKTOP);
  await page.addInitScript(() => {
    window.tones = 0;
    const Native = window.AudioContext;
    window.AudioContext = class extends Native {
      createOscillator() {
        const o = super.createOscillator();
        const start = o.start.bind(o);
        o.start = (...a) => { window.tones++; return start(...a); };
        return o;
      }
    };
    // The page is "in the background" when the test says so.
    const hasFocus = Document.prototype.hasFocus;
    Document.prototype.hasFocus = function () { return window.background ? false : hasFocus.call(this); };
  });
  return page;
}

// Waits for the player's turn, with the page in the background or not.
async function waitForMyTurn(page, background) {
  await page.evaluate((b) => { window.background = b; }, background);
  await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
}

test('a chime when the turn comes round while the page is in the background, not in front, not when turned off', async (t) => {
  const page = await countingPage();
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    assert.equal(await page.isChecked('#sound'), true, 'on by default');
    await setName(page, 'Sona');
    await createTable(page, { seats: 2, kinds: ['greedy'], threshold: 100 });
    await page.click('#start');
    await page.waitForSelector('.hand-panel', { timeout: 30000 });

    // In front: the turn comes round twice without a sound.
    const tones = await page.evaluate(() => window.tones);
    for (let i = 0; i < 2; i++) {
      await waitForMyTurn(page, false);
      assert.equal(await playTurn(page, -1), 'move');
    }
    await waitForMyTurn(page, false);
    assert.equal(await page.evaluate(() => window.tones), tones, 'no chime with the page in front');

    // In the background: when the computer has played, the turn chimes
    // (two tones).
    await page.evaluate(() => { window.background = true; });
    assert.equal(await playTurn(page, -1), 'move');
    await page.waitForFunction((n) => window.tones >= n + 2, tones, { timeout: 30000 });

    // Turned off on the first page: remembered, and no chime.
    await page.click('#leave');
    await page.waitForSelector('#sound', { timeout: 30000 });
    await page.uncheck('#sound');
    await page.reload();
    await page.waitForSelector('#sound', { timeout: 30000 });
    assert.equal(await page.isChecked('#sound'), false, 'the choice is remembered');
    await page.mouse.click(2, 2); // a gesture, as a person's would be
    await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.evaluate(() => { window.background = true; });
    for (let i = 0; i < 3; i++) {
      await waitForMyTurn(page, true);
      await playTurn(page, -1);
    }
    await waitForMyTurn(page, true);
    assert.equal(await page.evaluate(() => window.tones), 0, 'no chime when turned off');
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

test('waiting in the lobby: a chime and the tab\'s title when a friend sits down or the match starts, none for a computer', async (t) => {
  const ada = await countingPage();
  const zed = await countingPage();
  await withShots(t, [ada, zed], async () => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 3, kinds: ['open', 'open'] });
    const plain = `Least Score · ${code}`;
    assert.equal(await ada.title(), plain);

    // Ada, in another tab, adds a computer player there (her own doing):
    // no chime. Then Zed sits down: a chime, and the title says who.
    await ada.evaluate(() => { window.background = true; });
    await ada.click('#add-bot');
    await ada.waitForSelector('text=Greedy sat down.', { timeout: 10000 });
    assert.equal(await ada.evaluate(() => window.tones), 0, 'no chime for a computer player');
    assert.equal(await ada.title(), plain);
    await zed.goto(`${env.server.url}/t/${code}`);
    await setName(zed, 'Zed');
    await zed.click('#join');
    await ada.waitForFunction(() => window.tones === 2, null, { timeout: 10000 });
    assert.equal(await ada.title(), `● Zed sat down · ${plain}`);

    // Back in front, the title is plain again.
    await ada.evaluate(() => { window.background = false; window.dispatchEvent(new Event('focus')); });
    assert.equal(await ada.title(), plain);

    // Zed waits in another tab; Ada starts the match: Zed's page chimes
    // once (for the start, or for his turn if the round is his to open),
    // and its title says so. Ada, in front, hears nothing more.
    await zed.waitForSelector('#chat-toggle', { state: 'visible', timeout: 10000 });
    await zed.evaluate(() => { window.background = true; });
    await ada.click('#start');
    await zed.waitForFunction(() => window.tones >= 2, null, { timeout: 30000 });
    await zed.waitForTimeout(300);
    assert.equal(await zed.evaluate(() => window.tones), 2, 'one chime, not one for the start and one for the turn');
    assert.match(await zed.title(), new RegExp(`^(● The match started|▶ Your turn) · ${plain}$`));
    assert.equal(await ada.evaluate(() => window.tones), 2);
    for (const p of [ada, zed]) assert.deepEqual(p.errors, []);
  });
  await ada.context().close();
  await zed.context().close();
});
