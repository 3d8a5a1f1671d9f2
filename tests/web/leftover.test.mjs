// Leaving at the final scores. Ada, the host, leaves the table once the
// match is over: Ben's log says she left the table (the computer plays
// for nobody any more; it said "Ada is away; the computer plays for
// them."). Then Ben, the only person still at the table, reloads: the
// table waits for him as it does in a match, and he is back at the final
// scores with the rematch his (the table closed at once when nobody was
// connected to a finished match, and his page said the seat was no
// longer his).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, joinFromLink, playBoth, DESKTOP, PHONE } from './helpers.mjs';

const env = setup();

test('a player who leaves at the final scores left the table; a reload then finds it', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (ada, ben) => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 2, kinds: ['open'], threshold: 25 });
    await joinFromLink(ben, env.server.url, code, 'Ben');
    await ada.click('#start');
    await playBoth(ada, ben);

    await ada.click('#leave');
    await ben.waitForFunction(() => [...document.querySelectorAll('#log li')].some((li) => /^Ada left the table\.$/.test(li.textContent)),
      null, { timeout: 10000 }).catch(() => {});
    const log = await ben.$$eval('#log li', (ls) => ls.map((l) => l.textContent));
    assert.ok(log.includes('Ada left the table.'), `Ben's log: ${JSON.stringify(log.slice(0, 5))}`);
    assert.ok(!log.some((l) => /Ada is away/.test(l)), `Ben's log: ${JSON.stringify(log.slice(0, 5))}`);

    await ben.reload();
    await ben.waitForSelector('h2.winner', { timeout: 30000 });
    assert.equal(await ben.isVisible('#rematch'), true, 'Ben, now the host, may start a rematch');
    await ben.click('#rematch');
    await ben.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
  });
});
