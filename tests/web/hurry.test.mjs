// Hurry: at a table without a turn timer, a friend who stops playing (but
// stays connected) is asked to hurry by the other player once the turn has
// lasted the server's hurry time (`--hurry 2` here): the button appears
// then, and not before; both pages say who asked whom, the time counts
// down on the turn line, and when it runs out the computer plays the turn
// for the slow player. A spectator gets no button.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, DESKTOP, PHONE, joinFromLink } from './helpers.mjs';

const env = setup(['--hurry', '2']);

test('a player who stops playing is asked to hurry, and the computer plays the turn when the time is up', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE, DESKTOP], async (ada, zed, eve) => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 2, kinds: ['open'] });
    await joinFromLink(zed, env.server.url, code, 'Zed');
    await eve.goto(env.server.url + '/');
    await eve.fill('#code', code);
    await eve.click('#watch');
    await eve.waitForSelector('#chat-toggle', { state: 'visible', timeout: 30000 });
    await ada.click('#start');
    for (const p of [ada, zed]) await p.waitForSelector('.hand button', { timeout: 30000 });

    // Whoever is to move does nothing; the other may hurry them after 2 s.
    const adaMoves = await ada.isVisible('.hand-panel[data-act]');
    const [slow, other, slowName] = adaMoves ? [ada, zed, 'Ada'] : [zed, ada, 'Zed'];
    const otherName = adaMoves ? 'Zed' : 'Ada';
    const dealt = Date.now();
    assert.equal(await other.isVisible('#hurry'), false, 'not at once');
    await other.waitForSelector('#hurry', { timeout: 15000 });
    assert.ok(Date.now() - dealt >= 1000, `the button came ${Date.now() - dealt} ms after the deal`);
    assert.equal(await other.textContent('#hurry'), `Hurry ${slowName}`);
    assert.equal(await slow.isVisible('#hurry'), false, 'not on one\'s own turn');
    assert.equal(await eve.isVisible('#hurry'), false, 'not for a spectator');

    const logBefore = await slow.locator('#log li').count();
    await other.click('#hurry');
    await other.waitForSelector('#hurry', { state: 'detached', timeout: 10000 });
    await slow.waitForSelector(`#log li >> text=${otherName} asked you to hurry: 2 seconds, then the computer plays your turn.`, { timeout: 10000 });
    await other.waitForSelector(`#log li >> text=You asked ${slowName} to hurry: 2 seconds, then the computer plays the turn.`, { timeout: 10000 });
    await eve.waitForSelector(`#log li >> text=${otherName} asked ${slowName} to hurry: 2 seconds, then the computer plays the turn.`, { timeout: 10000 });
    // The time left shows on the turn line.
    await slow.waitForFunction(() => /s left/.test(document.querySelector('.turn-line .timer')?.textContent || ''), null, { timeout: 5000 });

    // The time runs out: the computer plays the slow player's turn, and
    // the turn passes to the other.
    await other.waitForSelector('.hand-panel[data-act]', { timeout: 15000 });
    const log = await slow.locator('#log li').allTextContents();
    assert.ok(log.length > logBefore + 1, 'the move is in the log');
    assert.match(log[0], /^You discarded .*, (drew|took)/, `the move made for the slow player: ${log[0]}`);
    assert.equal(await slow.isVisible('#hurry'), false, 'the new turn has just begun');
    for (const p of [ada, zed, eve]) assert.deepEqual(p.errors, []);
  });
});
