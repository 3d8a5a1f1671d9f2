// The Rules dialog closes from its top. Its only Close was at the bottom
// of the text, many screens down on a phone; now Close is also in the
// dialog's header, which stays in view as the text scrolls. Opening it
// puts the keyboard on its title (reading starts at the top) and Tab
// reaches the top Close first; the top Close, the bottom Close and Escape
// all close it, and the keyboard goes back to Rules.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots } from './helpers.mjs';

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
