// A reload in the middle of a round takes the player back to the same seat
// with the same view (hand, open cards, scores, the moves so far), and the
// player plays on; so does a dropped connection, after which the page
// reconnects by itself, and leaving then coming back from the home page;
// a second tab takes the seat over. The turn timer counts down. A seat the server does
// not know sends the page home.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, openPages, newTab, setName, createTable, playTurn, dropConnection, DESKTOP,
} from './helpers.mjs';

const env = setup();

async function snapshot(page) {
  return page.evaluate(() => ({
    hand: [...document.querySelectorAll('.hand button')].map((b) => b.dataset.card),
    open: [...document.querySelectorAll('#open [data-card], #open .card')].map((b) => b.textContent),
    seats: [...document.querySelectorAll('.seats .seat')].map((e) => e.textContent),
    log: [...document.querySelectorAll('#log li')].map((e) => e.textContent),
    title: document.querySelector('h1').textContent,
  }));
}

// The player here never declares (playTurn(page, -1)): the round goes on.
async function waitMyTurn(page) {
  await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
}

test('a reload mid-round resumes the seat with the same view', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Ada');
    const code = await createTable(page, { seats: 2, kinds: ['greedy'], threshold: 100, turn_time: 120 });
    await page.click('#start');
    // The turn timer counts down from 120 s.
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const left = async () => Number(/(\d+) s left/.exec(await page.textContent('.turn-line .timer'))[1]);
    const first = await left();
    assert.ok(first > 100 && first <= 120, `timer shows ${first}`);
    await page.waitForFunction((f) => /(\d+) s left/.exec(document.querySelector('.turn-line .timer').textContent)[1] < f,
      first, { timeout: 15000 });
    // Two turns each, then reload on our turn.
    for (let i = 0; i < 2; i++) {
      await waitMyTurn(page);
      const before = await page.locator('#log li').count();
      assert.equal(await playTurn(page, -1), 'move');
      await page.waitForFunction((n) => document.querySelectorAll('#log li').length >= n + 2, before, { timeout: 30000 });
    }
    await waitMyTurn(page);
    const seen = await snapshot(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('leastscore.seat')));
    assert.equal(stored.code, code);
    assert.match(stored.token, /^[0-9a-f]{32}$/);
    assert.ok(stored.version > 0);

    await page.reload();
    await waitMyTurn(page);
    assert.equal(new URL(page.url()).pathname, `/t/${code}`);
    const again = await snapshot(page);
    assert.deepEqual(again.hand, seen.hand);
    assert.deepEqual(again.open, seen.open);
    // The log is the same, and now also says that the connection dropped
    // and came back: Ada's own, so in the second person, as her moves are.
    const moves = (log) => log.filter((l) => !/lost the connection|are back/.test(l));
    assert.ok(again.log.includes('You lost the connection.'), `the log: ${again.log}`);
    assert.ok(again.log.includes('You are back.'), `the log: ${again.log}`);
    assert.ok(!again.log.some((l) => /^Ada (lost|is)/.test(l)), `Ada in the third person: ${again.log}`);
    assert.deepEqual(moves(again.log), moves(seen.log));
    assert.equal(again.title, seen.title);
    // Scores and hand sizes are the same (the connection status and the
    // seconds left may have moved on).
    const steady = (seats) => seats.map((x) => x.replace(/online|connection lost/, '').replace(/ · \d+ s left/, ''));
    assert.deepEqual(steady(again.seats), steady(seen.seats));
    assert.equal(await playTurn(page, -1), 'move', 'the player plays on after the reload');
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, seen.log.length, { timeout: 30000 });

    // A dropped connection: the page says so, reconnects by itself, resumes
    // the seat and shows the same table.
    await waitMyTurn(page);
    const beforeDrop = await snapshot(page);
    await dropConnection(page);
    await page.waitForSelector('.banner:has-text("Connection lost")', { timeout: 15000 });
    await page.waitForSelector('.banner', { state: 'detached', timeout: 15000 });
    // The banner goes with the new connection's welcome, while the page
    // still shows the table as it was: the seat is resumed once the state
    // that says Ada is back (again: the reload said so too) has come.
    const backs = (log) => log.filter((l) => l === 'You are back.').length;
    await page.waitForFunction((n) => [...document.querySelectorAll('#log li')].filter((l) => l.textContent === 'You are back.').length > n,
      backs(beforeDrop.log), { timeout: 15000 });
    await waitMyTurn(page);
    const afterDrop = await snapshot(page);
    assert.deepEqual(afterDrop.hand, beforeDrop.hand);
    assert.deepEqual(afterDrop.open, beforeDrop.open);
    assert.deepEqual(moves(afterDrop.log), moves(beforeDrop.log));
    assert.equal(backs(afterDrop.log), backs(beforeDrop.log) + 1, 'the log says once more that Ada is back');
    assert.equal(await page.evaluate(() => window.sockets.length), 2, 'one socket since the reload, and one after the drop');
    assert.equal(await playTurn(page, -1), 'move', 'the player plays on after the drop');

    // Leaving during the match: the home page offers the seat back.
    await page.click('#leave');
    await page.waitForSelector('#create', { timeout: 15000 });
    assert.equal(new URL(page.url()).pathname, '/');
    await page.click(`text=Back to table ${code}`);
    await page.waitForSelector('.hand button', { timeout: 30000 });
    assert.equal(new URL(page.url()).pathname, `/t/${code}`);

    // The same table in a second tab of the same browser: the newest tab
    // holds the seat, the first says where it went (not "You left the
    // table", which the player did not), and the seat stays this
    // browser's, to take back.
    const tab = await newTab(page);
    await tab.goto(`${env.server.url}/t/${code}`);
    await tab.waitForSelector('.hand button', { timeout: 30000 });
    await page.waitForSelector('#message', { timeout: 30000 });
    assert.equal(await page.textContent('#message'),
      `Your seat at table ${code} is now played in another tab, window or device. Back to table ${code} takes it back here.`);
    assert.equal(await page.getByRole('button', { name: `Back to table ${code}` }).count(), 1);
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('leastscore.seat')).code), code);
    await tab.reload();
    await tab.waitForSelector('.hand button', { timeout: 30000 });
    assert.deepEqual(page.errors, []);
    assert.deepEqual(tab.errors, [], 'the second tab\'s errors');
  });
});

test('a seat the server does not know sends the page home with a message', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Cleo');
    const code = await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.evaluate(() => {
      const seat = JSON.parse(localStorage.getItem('leastscore.seat'));
      seat.token = '0'.repeat(32);
      localStorage.setItem('leastscore.seat', JSON.stringify(seat));
    });
    await page.goto(`${env.server.url}/t/${code}`);
    await page.waitForSelector('#message', { timeout: 30000 });
    assert.match(await page.textContent('#message'), /no longer yours/);
    assert.equal(await page.evaluate(() => localStorage.getItem('leastscore.seat')), null);
    assert.equal(await page.locator('#create').count(), 1);
  });
});
