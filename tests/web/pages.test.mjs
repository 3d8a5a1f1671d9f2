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
      assert.equal(await page.textContent('h1'), s.noMatchTitle);
      const { message } = await (await fetch(`${env.server.url}/api/matches/${id}`)).json();
      assert.equal(await page.textContent('.message'), s.notThere(message));
      assert.equal(await page.$('#api-again'), null, 'nothing to try again');
    }
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

// A match or a player that is not there, on a phone and in a laptop's
// window: the heading said the name or the number as if the page were
// there ('NoSuchName', 'Match #99999999') over the API's words in lower
// case, and /matches/1.5 told of the API's paths ('no such path:
// /api/matches/1.5 (a match is /api/matches/ID, ...)'). Now the heading
// says there is no such match, player or level, the reason is a
// sentence, and a link leads back to the first page; nothing is wider
// than the screen, and no script error.
test('a match, a player or a level that is not there says so, with a way back', async (t) => {
  for (const viewport of [PHONE, { width: 1366, height: 768 }]) {
    const page = await newPage(env.browser, viewport);
    await withShots(t, [page], async () => {
      const api = async (path) => (await (await fetch(`${env.server.url}/api${path}`)).json()).message;
      const cases = [
        ['/matches/-0', s.noMatchTitle, s.notThere(await api('/matches/-0'))],
        ['/matches/abc', s.noMatchTitle, s.notThere(await api('/matches/abc'))],
        ['/matches/99999999', s.noMatchTitle, 'No finished match with id 99999999.'],
        ['/matches/1.5', s.noMatchTitle, s.noMatchNumber('1.5')],
        ['/matches/1.lsr', s.noMatchTitle, s.noMatchNumber('1.lsr')],
        ['/players/NoSuchName', s.noPlayerTitle, 'No player named NoSuchName.'],
        ['/bots/wizard', s.noBotTitle, s.notThere(await api('/bots/wizard'))],
      ];
      for (const [path, title, message] of cases) {
        const where = `${path} at ${viewport.width}x${viewport.height}`;
        await page.goto(env.server.url + path);
        await page.waitForSelector('#not-there-home', { timeout: 10000 });
        assert.equal(await page.textContent('h1'), title, where);
        assert.equal(await page.title(), `${title} · ${s.title}`, where);
        assert.equal(await page.textContent('.message'), message, where);
        assert.equal(await page.getAttribute('.message', 'role'), 'alert', where);
        const fits = await page.evaluate(() => {
          const r = document.querySelector('#not-there-home').getBoundingClientRect();
          return { wide: document.documentElement.scrollWidth <= innerWidth, link: r.top >= 0 && r.bottom <= innerHeight && r.width > 0 };
        });
        assert.deepEqual(fits, { wide: true, link: true }, where);
      }
      // The way back: the first page.
      await page.click('#not-there-home');
      await page.waitForSelector('#name', { timeout: 10000 });
      assert.equal(new URL(page.url()).pathname, '/');
      assert.deepEqual(page.errors, []);
    });
    await page.context().close();
  }
});
