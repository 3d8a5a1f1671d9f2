// A computer level that sat at two seats of one match (greedy twice at a
// table of three, through the real server with its store): its profile
// lists the match once, with both its seats marked among the players and
// each seat's place and score, as the API has them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, openPages, setName, createTable, playToEnd, DESKTOP,
} from './helpers.mjs';

const env = setup([], { db: true });

test('a computer level at two seats of a match has both marked in its profile\'s history', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    const url = env.server.url;
    await page.goto(url + '/');
    await setName(page, 'Ada');
    await createTable(page, { seats: 3, kinds: ['greedy', 'greedy'], threshold: 25 });
    await page.click('#start');
    await playToEnd(page);

    const list = await (await page.request.get(`${url}/api/bots/greedy`)).json();
    assert.equal(list.recent.length, 1, 'the match is listed once');
    const m = list.recent[0];
    assert.deepEqual(m.your_seats, [1, 2]);
    const seat = (n) => m.players.find((x) => x.seat === n);

    await page.goto(`${url}/bots/greedy`);
    await page.waitForSelector('#history', { timeout: 15000 });
    const rows = page.locator('#history tbody tr');
    assert.equal(await rows.count(), 1);
    const cells = await rows.first().locator('td').allTextContents();
    assert.ok(cells.includes(`${seat(1).place} and ${seat(2).place} of 3`), `the places: ${cells}`);
    assert.ok(cells.includes(`${seat(1).score} and ${seat(2).score}`), `the scores: ${cells}`);
    assert.equal(await rows.first().getAttribute('data-seats'), '1 2');
    assert.deepEqual(await rows.first().locator('strong.mine').allTextContents(),
      ['Computer (greedy)', 'Computer (greedy)']);
    // Ada's own profile: one seat, as before.
    await page.goto(`${url}/players/Ada`);
    await page.waitForSelector('#history', { timeout: 15000 });
    assert.equal(await page.locator('#history strong.mine').count(), 0);
    const mine = await page.locator('#history tbody tr td').allTextContents();
    assert.ok(mine.includes(`${seat(0).place} of 3`), `Ada's place: ${mine}`);
    assert.deepEqual(page.errors, []);
  });

  await openPages(t, env.browser, [{ width: 360, height: 740 }], async (phone) => {
    await phone.goto(`${env.server.url}/bots/greedy`);
    await phone.waitForSelector('#history', { timeout: 15000 });
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `the profile is ${wide} px wider than a phone`);
  });
});
