// The seat events (someone sat down, left a seat, became the host) read in
// the second person on the page of the person they are about ("You sat
// down.", "You left your seat.", "You are now the host."), and in the third
// on everyone else's; so does a round's result ("You declared with 9:
// false.", the player's row marked "you"). In the lobby a freed seat moves the later ones up, so
// an event that names a seat by its number (the host's) is read with the
// seats of its own time: a newcomer, who is sent the table's past events,
// reads who became host then, not who sits in that seat now.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, openPages, newPage, withShots, setName, createTable, joinFromLink, playTurn, playToEnd, declare, DESKTOP, PHONE,
} from './helpers.mjs';

const env = setup();

const logOf = (page) => page.locator('#log li').allTextContents();

// What the page last read out (the lobby has no log: its events are heard).
async function heard(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById('announce').textContent),
    re.source, { timeout: 20000 }).catch(async () => {
    assert.fail(`heard '${await page.textContent('#announce')}', not ${re}`);
  });
}

async function leave(page) {
  await page.click('#leave');
  await page.waitForSelector('#create, #show-create', { timeout: 20000 });
}

test('seat events about oneself read "You", and a host change is read with the seats of its time', async (t) => {
  const [ada, ben, cleo, dan] = await Promise.all([0, 1, 2, 3].map(() => newPage(env.browser, DESKTOP)));
  await withShots(t, [ada, ben, cleo, dan], async () => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 4, kinds: ['open', 'open', 'open'] });
    // Ada's own table: she sat down, in her words.
    await heard(ada, /^You sat down\.$/);

    await joinFromLink(ben, env.server.url, code, 'Ben');
    await heard(ada, /^Ben sat down\.$/);
    await heard(ben, /^You sat down\.$/);
    await joinFromLink(cleo, env.server.url, code, 'Cleo');
    await heard(ben, /^Cleo sat down\.$/);

    // Ben leaves and comes back: seats Ada, Cleo, Ben.
    await leave(ben);
    await heard(cleo, /^Ben left the seat\.$/);
    // (This browser plays as Ben now: no name to type.)
    await ben.goto(`${env.server.url}/t/${code}`);
    await ben.click('#join');
    await cleo.waitForSelector('.seat-list li:nth-child(3)', { timeout: 20000 });

    // The host leaves: Cleo, in seat 1, moves up to seat 0 and is host.
    await leave(ada);
    await heard(cleo, /^Ada left the seat\. You are now the host\.$/);
    await heard(ben, /^Ada left the seat\. Cleo is now the host\.$/);
    // Cleo leaves too: Ben is host, in seat 0 now, as Cleo was.
    await leave(cleo);
    await heard(ben, /^Cleo left the seat\. You are now the host\.$/);

    await joinFromLink(dan, env.server.url, code, 'Dan');
    await ben.waitForSelector('#start:not([disabled])', { timeout: 20000 });
    await ben.click('#start');
    for (const p of [ben, dan]) await p.waitForSelector('#log li', { timeout: 20000 });

    // The log, newest first; the seat events are its oldest lines.
    const seatLines = (log) => log.filter((l) => /sat down|left|host/.test(l)).reverse();
    assert.deepEqual(seatLines(await logOf(ben)), [
      'Ada sat down.', 'You sat down.', 'Cleo sat down.', 'You left your seat.', 'You sat down.',
      'Ada left the seat.', 'Cleo is now the host.', 'Cleo left the seat.', 'You are now the host.',
      'Dan sat down.']);
    // Dan came last: every event is from before his time but his own.
    assert.deepEqual(seatLines(await logOf(dan)), [
      'Ada sat down.', 'Ben sat down.', 'Cleo sat down.', 'Ben left the seat.', 'Ben sat down.',
      'Ada left the seat.', 'Cleo is now the host.', 'Cleo left the seat.', 'Ben is now the host.',
      'You sat down.']);
    for (const p of [ada, ben, cleo, dan]) assert.deepEqual(p.errors, []);
  });
});

test('a round\'s result reads "You" where it is about the player, and names her to a spectator', async (t) => {
  await openPages(t, env.browser, [PHONE, DESKTOP], async (ada, watcher) => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Eva');
    const code = await createTable(ada, { seats: 2, kinds: ['greedy'] });
    await watcher.goto(`${env.server.url}/t/${code}`);
    await watcher.click('#watch');
    await watcher.waitForSelector('#chat-toggle', { state: 'visible', timeout: 30000 });
    await ada.click('#start');
    // (Eva: the first test made a player of Ada.) Her first turn, then she declares on her second.
    await ada.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(ada, -1), 'move');
    await ada.waitForSelector('#declare:not([disabled])', { timeout: 30000 });
    await declare(ada);
    await ada.waitForSelector('#next', { timeout: 30000 });
    await watcher.waitForSelector('#result-h', { timeout: 30000 });
    const said = /^(You|Eva) declared with (\d+): (correct|false)(?: \(a tie with .+ at \2 counts as \3 at this table\))?\.$/;
    const mine = said.exec(await ada.textContent('#result-h + p'));
    const theirs = said.exec(await watcher.textContent('#result-h + p'));
    assert.ok(mine && mine[1] === 'You', `Eva reads '${mine?.[0]}'`);
    assert.ok(theirs && theirs[1] === 'Eva', `the spectator reads '${theirs?.[0]}'`);
    assert.deepEqual(mine.slice(2), theirs.slice(2));
    // Her row is marked as hers, on her page only; so is the score the
    // declaration costs, or what the others pay against her total.
    const rowOf = (page, name) => page.locator('table.result tbody tr', { hasText: name }).first();
    assert.match(await rowOf(ada, 'Eva').locator('.tag').allTextContents().then((x) => x.join(' ')), /\byou\b/);
    assert.equal(await watcher.locator('table.result .tag', { hasText: /^you$/ }).count(), 0);
    const explained = (await ada.locator('table.result .explain').allTextContents()).join(' | ');
    if (mine[3] === 'correct') assert.match(explained, /− \d+ \(you\) =/, explained);
    for (const p of [ada, watcher]) assert.deepEqual(p.errors, []);
  });
});

// After a match, Back to the lobby frees the seat of a player who left:
// the later seats move up. A friend who comes then is sent the match's
// moves, each read with the seats of its time: Ben's moves stay Ben's,
// the computer's stay the computer's, and none is the newcomer's.
test('a newcomer after Back to the lobby reads the last match\'s moves under the names of their time', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE, PHONE], async (ada, ben, dan) => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Fay');
    const code = await createTable(ada, { seats: 3, kinds: ['open', 'greedy'], threshold: 25 });
    await joinFromLink(ben, env.server.url, code, 'Gus');
    await ada.click('#start');
    await ben.waitForSelector('.hand button', { timeout: 30000 });
    // Gus leaves: the computer plays his seat, under his name.
    await ben.click('#leave');
    await playToEnd(ada);
    await ada.click('#reopen');
    await ada.waitForSelector('.seat-list', { timeout: 30000 });
    assert.deepEqual(await ada.locator('.seat-list .name').allTextContents(), ['Fay', 'Greedy']);
    await joinFromLink(dan, env.server.url, code, 'Hal');
    await ada.waitForSelector('.seat-list li:nth-child(3)', { timeout: 30000 });
    await ada.click('#start');
    await dan.waitForSelector('#log li', { timeout: 30000 });
    const log = await dan.locator('#log li').allTextContents();
    const moves = (who) => log.filter((l) => l.startsWith(`${who} discarded`)).length;
    assert.equal(log.filter((l) => /^You (discarded|declared)/.test(l)).length, 0, 'Hal made no move yet');
    assert.ok(moves('Gus') > 0, 'the moves played at Gus\'s seat are his');
    assert.ok(moves('Greedy') > 0 && moves('Fay') > 0, log.join('\n'));
    for (const p of [ada, ben, dan]) assert.deepEqual(p.errors, []);
  });
});
