// A replay asked for while the server builds many others is answered 503
// {"error":"busy","message":...} with Retry-After: 1 (docs/http-api.md).
// The page said only "The server could not answer (HTTP 503)." and kept
// that answer for the whole visit; it now shows the server's message and
// offers Try again, which asks again. An answer that cannot change (no
// such match) offers none. A 503 with no JSON (a proxy's page, say) is
// said in the page's own words, with Try again too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, DESKTOP } from './helpers.mjs';
import { s } from '../../web/strings.js';

const env = setup([], { db: true });

// What the server answers to a replay asked for while 32 others wait.
const BUSY = { error: 'busy', message: 'the server is building other replays: try again in a moment' };

test('a busy server: the replay page says so and Try again asks again', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    let asked = 0;
    await page.route('**/api/matches/7', (route) => {
      asked += 1;
      return route.fulfill({
        status: 503, contentType: 'application/json', headers: { 'Retry-After': '1' },
        body: JSON.stringify(BUSY),
      });
    });
    await page.goto(env.server.url + '/matches/7');
    await page.waitForSelector('#api-again', { timeout: 10000 });
    assert.equal((await page.textContent('[role=alert]')).trim(), BUSY.message);
    assert.equal(asked, 1);

    // Still busy: asked again, the same answer.
    await page.click('#api-again');
    for (let i = 0; i < 100 && asked < 2; i++) await page.waitForTimeout(100);
    assert.equal(asked, 2, 'Try again fetched the replay again');
    await page.waitForSelector('#api-again', { timeout: 10000 });
    assert.equal((await page.textContent('[role=alert]')).trim(), BUSY.message);

    // The server answers now: this store has no match 7, which no new try
    // can change, so the page says so and offers no Try again.
    await page.unroute('**/api/matches/7');
    await page.click('#api-again');
    await page.waitForFunction(() => /No finished match with id 7\./.test(document.querySelector('[role=alert]')?.textContent || ''),
      null, { timeout: 10000 });
    assert.equal(await page.isVisible('#api-again'), false);
  });
});

test('a 503 in plain text: the page says the server is busy and offers Try again', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    await page.route('**/api/matches/7', (route) => route.fulfill({
      status: 503, contentType: 'text/plain; charset=utf-8', body: 'Service Unavailable\n',
    }));
    await page.goto(env.server.url + '/matches/7');
    await page.waitForSelector('#api-again', { timeout: 10000 });
    assert.equal((await page.textContent('[role=alert]')).trim(), s.apiBusy);
  });
});
