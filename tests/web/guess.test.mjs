// Table codes cannot be guessed by trying them fast: the server answers
// 20 unknown codes from one address, then one every 3 seconds
// (docs/server-protocol.md, Limits). A person who has typed too many wrong
// codes is told that limit in the server's words, not "slow down" (the
// page's words for the flood limit), and the page still works.
//
// Through the page each try takes some 100 ms, more on a loaded machine:
// the budget may have refilled by a try or two by the time the first 20
// are spent. So the person tries on until the limit is met, and each try
// past the 20th that was still answered must have been paid for by the
// time gone (one every 3 s); the exact count is tested through the
// protocol in tests/server/protocol.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, DESKTOP } from './helpers.mjs';

const env = setup();

const NO_TABLE = 'No table has this code.';
const LIMIT = 'The server said: too many unknown table codes from your address: at most 20 at once and one more every 3 seconds';
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

test('too many wrong table codes: the page says which limit was reached', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Gus');
    await page.uncheck('#keep');
    const began = Date.now();
    for (let i = 0; ; i++) {
      assert.ok(i < 60, `60 wrong codes and the limit was never reached (${(Date.now() - began) / 1000} s)`);
      await page.fill('#code', `QQ${LETTERS[Math.floor(i / LETTERS.length)]}${LETTERS[i % LETTERS.length]}Q`);
      await page.click('#join');
      // The page shows the answer in #message (removed after each answer:
      // the same message twice in a row is then still a new answer).
      const said = (await (await page.waitForSelector('#message', { timeout: 15000 })).textContent()).trim();
      await page.evaluate(() => document.getElementById('message')?.remove());
      if (i < 20) {
        assert.equal(said, NO_TABLE, `wrong code ${i + 1} of the first 20`);
        continue;
      }
      if (said === LIMIT) break;
      assert.equal(said, NO_TABLE, `wrong code ${i + 1}`);
      const refilled = (Date.now() - began) / 3000;
      assert.ok(i - 19 <= refilled, `wrong code ${i + 1} was answered, ${i - 19} past the 20, `
        + `though only ${refilled.toFixed(2)} refilled in ${(Date.now() - began) / 1000} s`);
    }
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
