// The addresses of the pages of players, computer levels and matches. The
// API takes a computer level in any case (/api/bots/Greedy), but the page
// /bots/Greedy showed the first page, as if there were no such address;
// so did a match's address whose id is no number (/matches/abc), where
// the API says what is wrong with it. Now the level's page is greedy's,
// and a bad id is said to be one, in the API's words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, PHONE } from './helpers.mjs';
import { s } from '../../web/strings.js';

const env = setup([], { db: true });

test('a computer level\'s page is found in any case', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    for (const level of ['Greedy', 'EXPERT']) {
      await page.goto(`${env.server.url}/bots/${level}`);
      await page.waitForSelector('#stat-rating', { timeout: 10000 });
      assert.equal(await page.textContent('h1'), s.botName(level.toLowerCase()));
    }
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

test('a match\'s address whose id is no number says so', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    for (const id of ['abc', '-1', '1e3']) {
      await page.goto(`${env.server.url}/matches/${id}`);
      await page.waitForSelector('.message', { timeout: 10000 });
      assert.equal(await page.textContent('h1'), s.matchTitle(id));
      const { message } = await (await fetch(`${env.server.url}/api/matches/${id}`)).json();
      assert.equal(await page.textContent('.message'), message);
      assert.equal(await page.$('#api-again'), null, 'nothing to try again');
    }
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
