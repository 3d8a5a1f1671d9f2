// The Rules dialog closes from its top. Its only Close was at the bottom
// of the text, many screens down on a phone; now Close is also in the
// dialog's header, which stays in view as the text scrolls. Opening it
// puts the keyboard on its title (reading starts at the top) and Tab
// reaches the top Close first; the top Close, the bottom Close and Escape
// all close it, and the keyboard goes back to Rules.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, openPages, setName, createTable, dropConnection } from './helpers.mjs';

const env = setup();

test('the Rules dialog has a Close at its top that stays in view; Escape closes it too', async (t) => {
  const page = await newPage(env.browser, { width: 360, height: 740 });
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    const focused = () => page.evaluate(() => document.activeElement?.id);
    const open = async () => {
      await page.focus('#rules');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#rules-dialog[open]', { timeout: 5000 });
    };
    const closed = async () => {
      await page.waitForSelector('#rules-dialog', { state: 'hidden', timeout: 5000 });
      assert.equal(await focused(), 'rules', 'the keyboard is back on Rules');
    };

    await open();
    assert.equal(await focused(), 'rules-title', 'reading starts at the title');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'rules-close-top', 'Tab reaches the top Close first');
    // Scrolled down to the end of the text, the top Close is still in view
    // and in the dialog's top part, above the text.
    await page.evaluate(() => {
      const d = document.getElementById('rules-dialog');
      d.scrollTop = d.scrollHeight;
    });
    const [top, dialogTop, onTop] = await page.evaluate(() => {
      const b = document.getElementById('rules-close-top').getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return [b.top, document.getElementById('rules-dialog').getBoundingClientRect().top, hit?.id];
    });
    assert.ok(top >= dialogTop && top < dialogTop + 60, `the top Close is at ${top} px, the dialog at ${dialogTop} px`);
    assert.equal(onTop, 'rules-close-top', 'nothing of the text lies over it');
    await page.click('#rules-close-top');
    await closed();

    await open();
    await page.keyboard.press('Escape');
    await closed();

    await open();
    await page.click('#rules-close');
    await closed();
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

// At a table the page is drawn anew while the rules are read (each move,
// the connection lost and back): the Rules that opened the dialog is
// gone, another stands in its place, and Escape left the keyboard on the
// page's top (document.body), not on Rules.
test('the page drawn anew while the rules are open: closing them gives the keyboard to Rules', async (t) => {
  await openPages(t, env.browser, [{ width: 390, height: 844 }], async (page) => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Reader');
    await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.focus('#rules');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#rules-dialog[open]', { timeout: 5000 });
    await dropConnection(page);
    await page.waitForSelector('.banner', { timeout: 5000 });
    await page.waitForSelector('.banner', { state: 'detached', timeout: 15000 });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'rules-title', 'the rules keep the keyboard meanwhile');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#rules-dialog', { state: 'hidden', timeout: 5000 });
    await page.waitForFunction(() => document.activeElement !== document.body, null, { timeout: 2000 }).catch(() => {});
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'rules', 'the keyboard is back on Rules');
  });
});
