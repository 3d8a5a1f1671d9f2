// The link at a match's end goes to that match's page, read from the
// server's match_id (in the view while the table is over): a table of
// guests, who have no history, had no link (the page looked the match up
// in the players' and computer players' histories), and so had its
// rematch.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, openPages, hostTable, setName, playBoth, PHONE, DESKTOP,
} from './helpers.mjs';

const env = setup([], { db: true });

const linked = async (page) => {
  await page.waitForSelector('#see-replay', { timeout: 15000 });
  const href = await page.getAttribute('#see-replay', 'href');
  const m = /^\/matches\/(\d+)$/.exec(href || '');
  assert.ok(m, `the link is a match's page: ${href}`);
  return Number(m[1]);
};

for (const guest of [true, false]) {
test(`a table of ${guest ? 'guests' : 'players who keep their matches'} has the link to its match, and its rematch to the rematch`, async (t) => {
  await openPages(t, env.browser, [PHONE, DESKTOP], async (ada, ben) => {
    const [a, b] = guest ? ['Ada', 'Ben'] : ['Amy', 'Bob'];
    const code = await hostTable(ada, env.server.url, a, { guest, seats: 2, kinds: ['open'], threshold: 25 });
    await ben.goto(`${env.server.url}/t/${code}`);
    await setName(ben, b);
    if (guest) await ben.uncheck('#keep');
    await ben.click('#join');
    await ada.waitForSelector('#start:not([disabled])', { timeout: 30000 });
    await ada.click('#start');
    await ada.waitForSelector('.hand button', { timeout: 30000 });
    await playBoth(ada, ben, 150000, 1000);
    const first = await linked(ada);
    assert.equal(await linked(ben), first, 'both players\' links are one match\'s');
    const api = async (id) => (await fetch(`${env.server.url}/api/matches/${id}`));
    const one = await (await api(first)).json();
    assert.equal(one.code, code, 'the link is this table\'s match');

    await ada.click('#rematch');
    await ada.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
    await ada.waitForSelector('.hand button', { timeout: 30000 });
    await playBoth(ada, ben, 150000, 1000);
    const second = await linked(ada);
    assert.equal(await linked(ben), second);
    assert.ok(second > first, `the rematch's link is the rematch's page (#${second} after #${first})`);
    const two = await (await api(second)).json();
    assert.equal(two.code, code);
    assert.equal((await api(second + 1)).status, 404, 'no newer match: the link is the last one\'s');
    await ada.click('#see-replay');
    await ada.waitForSelector('text=Download the game record', { timeout: 30000 });
    assert.equal(new URL(ada.url()).pathname, `/matches/${second}`);
  });
});
}
