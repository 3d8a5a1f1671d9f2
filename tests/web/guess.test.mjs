// Table codes cannot be guessed by trying them fast: the server answers
// 20 unknown codes from one address, then one every 3 seconds
// (docs/server-protocol.md, Limits). A person who has typed too many wrong
// codes is told that limit in the server's words, not "slow down" (the
// page's words for the flood limit), and the page still works.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, DESKTOP } from './helpers.mjs';

const env = setup();

test('too many wrong table codes: the page says which limit was reached', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Gus');
    await page.uncheck('#keep');
    for (let i = 0; i < 21; i++) {
      await page.fill('#code', `QQQ${'ABCDEFGHJKLMNPRSTUVWXYZ'[i]}Q`);
      await page.click('#join');
      const want = i < 20 ? 'No table has this code.'
        : 'The server said: too many unknown table codes from your address: at most 20 at once and one more every 3 seconds';
      await page.waitForSelector(`#message >> text=${want}`, { timeout: 15000 });
      // The same message twice in a row: wait for this answer to replace it.
      await page.evaluate(() => document.getElementById('message')?.remove());
    }
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
