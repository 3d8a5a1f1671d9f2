// Two messages told within 30 ms are both heard. The page's alert region
// (role=alert, the message the screen shows) was cleared and written 30
// ms after each text it was given, each text alone: a second text given
// within those 30 ms was written right after the first, which a screen
// reader never read (the fault announceburst.test.mjs found in the
// moves' region). Now what comes meanwhile is written together, in
// order, in one change, and the same text twice is said once.
// The page's clock is the test's: it stands still while the Create
// table form is refused twice (a name with 'ë', then 8 seats of 7 cards),
// so that the two come "within 30 ms" on any machine, however slow; then
// it runs on by a second.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, PHONE } from './helpers.mjs';

const env = setup();

test('two messages told at once are both heard, each once', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    await page.clock.install();
    await page.goto(env.server.url + '/');
    await page.waitForSelector('#create', { timeout: 30000 });
    await page.clock.pauseAt(await page.evaluate(() => Date.now()) + 1000);
    await page.clock.runFor(1000); // (anything told as the page opened is out of the way)
    // Every text the region is given, as it changes.
    await page.evaluate(() => {
      window.told = [];
      const el = document.getElementById('alert');
      new MutationObserver(() => { if (el.textContent) window.told.push(el.textContent); })
        .observe(el, { childList: true, characterData: true, subtree: true });
    });
    await page.fill('#name', 'Zoë');
    await page.click('#create');
    await page.click('#create');
    const first = await page.textContent('#message');
    await page.fill('#name', 'Zoe');
    await page.selectOption('#seats', '8');
    await page.selectOption('#opt-hand_size', '7');
    await page.click('#create');
    const second = await page.textContent('#message');
    assert.match(first, /^'ë' cannot be in a name\./);
    assert.match(second, /^8 players with 7 cards each need 57 cards/);
    assert.deepEqual(await page.evaluate(() => window.told), [], 'nothing told before 30 ms');
    await page.clock.runFor(1000);
    const said = await page.textContent('#alert');
    t.diagnostic(said);
    assert.equal(said, `${first.trim()} ${second.trim()}`, 'both messages, in order, each once');
    assert.deepEqual(await page.evaluate(() => window.told), [said], 'written once');
  });
});
