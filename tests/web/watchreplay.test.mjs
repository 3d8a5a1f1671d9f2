// A spectator at a table of friends, no computer player among them, gets
// the link to the finished match's replay as the players do: the page
// looked for the match only in its own player's history and the
// computer players', and a spectator has none of either.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, openPages, setName, createTable, joinFromLink, playBoth, PHONE, DESKTOP,
} from './helpers.mjs';

const env = setup([], { db: true });

test('a spectator at a table of friends sees the link to the match\'s replay', async (t) => {
  await openPages(t, env.browser, [PHONE, PHONE, DESKTOP], async (ada, ben, eve) => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 2, kinds: ['open'], threshold: 25 });
    await joinFromLink(ben, env.server.url, code, 'Ben');
    await eve.goto(`${env.server.url}/t/${code}`);
    await setName(eve, 'Eve');
    await eve.click('#watch');
    await eve.waitForSelector('.seat-list', { timeout: 30000 });
    await ada.click('#start');
    await ada.waitForSelector('.hand button', { timeout: 30000 });
    // Each declares as soon as she may: the match ends in a few rounds.
    await playBoth(ada, ben, 150000, 1000);
    await ada.waitForSelector('#see-replay', { timeout: 15000 });
    const href = await ada.getAttribute('#see-replay', 'href');
    assert.match(href, /^\/matches\/\d+$/);
    await eve.waitForSelector('h2.winner', { timeout: 30000 });
    await eve.waitForSelector('#see-replay', { timeout: 15000 });
    assert.equal(await eve.getAttribute('#see-replay', 'href'), href, 'the spectator\'s link is the players\'');
    await eve.click('#see-replay');
    await eve.waitForSelector(`text=Download the game record`, { timeout: 30000 });
  });
});
