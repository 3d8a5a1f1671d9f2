// A table's rule options are shown to everyone at it: a friend who joins
// from the link sees, in the lobby, what the host chose (they used to be
// shown nowhere but the threshold in the round's title), and at the table
// the Rules dialog begins with them. On a 320 px phone the list fits.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, DESKTOP } from './helpers.mjs';

const env = setup();

const rulesOf = (page, sel) => page.$$eval(`${sel} dt`, (dts) =>
  dts.map((dt) => [dt.textContent.trim(), dt.nextElementSibling.textContent.trim()]));

test("a friend sees the table's rules in the lobby and, once playing, in the Rules dialog", async (t) => {
  await openPages(t, env.browser, [DESKTOP, { width: 320, height: 640 }], async (host, friend) => {
    await host.goto(env.server.url + '/');
    await setName(host, 'Ada');
    await host.fill('#opt-declare_max', '9');
    const code = await createTable(host, {
      seats: 2, kinds: ['open'], threshold: 50, tie: 'penalty', runs: 'suited', hand_size: 7, turn_time: 30,
    });
    const want = [
      ['Out above (threshold)', '50'],
      ['A tie with the declarer', 'is false (declarer pays 20)'],
      ['Runs', 'one suit only'],
      ['Cards dealt', '7'],
      ['Declare with', '9 or less'],
      ['Time per turn', '30 s'],
    ];
    assert.deepEqual(await rulesOf(host, '#table-rules'), want);

    await friend.goto(`${env.server.url}/t/${code}`);
    await setName(friend, 'Ben');
    await friend.click('#join');
    await friend.waitForSelector('#table-rules dt', { timeout: 30000 });
    assert.deepEqual(await rulesOf(friend, '#table-rules'), want, 'the friend sees what the host chose');
    // Nothing scrolls sideways on the phone.
    assert.ok(await friend.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the lobby fits 320 px');

    await host.click('#start');
    await friend.waitForSelector('.hand-panel', { timeout: 30000 });
    await friend.click('#rules');
    await friend.waitForSelector('#rules-dialog[open] #rules-this-table dt', { timeout: 10000 });
    assert.deepEqual(await rulesOf(friend, '#rules-this-table'), want, 'the Rules dialog begins with them');
    assert.equal(await friend.textContent('#rules-this-table h3'), 'At this table:');
    await friend.click('#rules-close');

    // The defaults read as such, and away from a table the dialog has only
    // the rules of the game.
    await host.click('#leave');
    await host.waitForSelector('#create', { timeout: 30000 });
    // (The form remembers the last table's options: set back by hand.)
    await host.fill('#opt-declare_max', '0');
    await createTable(host, {
      seats: 2, kinds: ['greedy'], threshold: 100, tie: 'declarer', runs: 'any', hand_size: 5, turn_time: 0,
    });
    assert.deepEqual(await rulesOf(host, '#table-rules'), [
      ['Out above (threshold)', '100'],
      ['A tie with the declarer', 'is correct (declarer scores 0)'],
      ['Runs', 'any suits'],
      ['Cards dealt', '5'],
      ['Declare with', 'any total'],
      ['Time per turn', 'off'],
    ]);
    await host.click('#leave');
    await host.waitForSelector('#create', { timeout: 30000 });
    await host.click('#rules');
    await host.waitForSelector('#rules-dialog[open]', { timeout: 10000 });
    assert.equal(await host.locator('#rules-this-table').count(), 0);
    assert.deepEqual([...host.errors, ...friend.errors], []);
  });
});
