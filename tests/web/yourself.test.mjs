// The seat events (someone sat down, left a seat, became the host) read in
// the second person on the page of the person they are about ("You sat
// down.", "You left your seat.", "You are now the host."), and in the third
// on everyone else's. In the lobby a freed seat moves the later ones up, so
// an event that names a seat by its number (the host's) is read with the
// seats of its own time: a newcomer, who is sent the table's past events,
// reads who became host then, not who sits in that seat now.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, joinFromLink, DESKTOP } from './helpers.mjs';

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
