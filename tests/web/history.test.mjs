// What a player sees of the matches the server keeps (a server with its
// store): a person plays a whole match as a player, follows the link at
// the match's end to its replay, steps through it move by move checking
// every hand against the game record (which `leastscore replay`
// verifies), jumps to a round, and finds the match in the profile, the
// history and the leaderboard; then adds a password and logs in as the
// same player from another device. LS_DOC_SHOTS=1 writes the screenshots
// of docs/play-online.md.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  setup, newPage, openPages, withShots, setName, createTable, playToEnd, ROOT, PHONE, DESKTOP,
} from './helpers.mjs';
import { parseRecord, truth } from '../server/lib.mjs';

const env = setup([], { db: true });
const BIN = process.env.LEASTSCORE || path.join(ROOT, 'build', 'leastscore');

// Every hand and the open cards the replay viewer shows now.
function shown(page) {
  return page.evaluate(() => ({
    step: Number(document.getElementById('replay-step').dataset.step),
    text: document.getElementById('replay-step').textContent,
    hands: [...document.querySelectorAll('.replay-seat')].map((a) =>
      [...a.querySelectorAll('.card')].map((c) => c.dataset.card)),
    open: [...document.querySelectorAll('#replay-open .card')].map((c) => c.dataset.card),
  }));
}

async function checkStep(page, rec, points, i) {
  await page.waitForFunction((k) => document.getElementById('replay-step')?.dataset.step === String(k), i,
    { timeout: 10000 });
  const got = await shown(page);
  const t = points[i];
  assert.match(got.text, new RegExp(`round ${t.round}$`));
  rec.players.forEach((name, seat) => {
    assert.deepEqual(got.hands[seat], t.hands[name] ?? [], `step ${i}: ${name}'s hand`);
  });
  assert.deepEqual(got.open, t.open, `step ${i}: the open cards`);
}

let page;
let code;
let id;

test('a player plays a match and steps through its replay, every hand as the record has it', async (t) => {
  page = await newPage(env.browser, DESKTOP);
  await withShots(t, [page], async () => {
    const url = env.server.url;
    await page.goto(url + '/');
    await setName(page, 'Ada');
    code = await createTable(page, { seats: 2, kinds: ['greedy'], threshold: 25 });
    await page.click('#start');
    await playToEnd(page);

    // The match's end links to its page, with the rating changes.
    await page.waitForSelector('#see-replay', { timeout: 15000 });
    await page.click('#see-replay');
    await page.waitForSelector('#replay-step', { timeout: 15000 });
    id = /\/matches\/(\d+)$/.exec(new URL(page.url()).pathname)[1];
    assert.match(await page.textContent('#match-h'), new RegExp(`Table ${code}`));
    const rows = await page.locator('#match-players tbody tr').allTextContents();
    assert.equal(rows.length, 2);
    assert.ok(rows.some((r) => /Ada/.test(r) && /→/.test(r)), `Ada's rating change: ${rows}`);
    assert.ok(rows.some((r) => /Computer \(greedy\)/.test(r)), `the computer player: ${rows}`);

    // The record behind the download link verifies.
    assert.equal(await page.getAttribute('#download', 'href'), `/api/matches/${id}.lsr`);
    const lsr = await (await page.request.get(`${url}/api/matches/${id}.lsr`)).text();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-replay-'));
    try {
      fs.writeFileSync(path.join(dir, 'm.lsr'), lsr);
      const out = JSON.parse(execFileSync(BIN, ['replay', '--json', path.join(dir, 'm.lsr')], { encoding: 'utf8' }));
      assert.equal(out.finished, true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // Every step shows every hand as the record has it: forward with the
    // button, and with the arrow key.
    const rec = parseRecord(lsr);
    const points = truth(rec).flat();
    await checkStep(page, rec, points, 0);
    for (let i = 1; i < points.length; i++) {
      if (i % 2) await page.click('#replay-next');
      else await page.keyboard.press('ArrowRight');
      await checkStep(page, rec, points, i);
    }
    assert.equal(await page.isDisabled('#replay-next'), true);
    assert.match(await page.textContent('#replay-move'), /won the match/);
    await page.keyboard.press('Home');
    await checkStep(page, rec, points, 0);
    // Jump to the last round: its deal.
    const last = rec.rounds.length;
    await page.selectOption('#replay-round', String(last));
    const firstOfLast = points.findIndex((p) => p.round === last);
    await checkStep(page, rec, points, firstOfLast);
    assert.match(await page.textContent('#replay-move'), new RegExp(`Round ${last} dealt`));
    if (process.env.LS_DOC_SHOTS) await page.screenshot({ path: path.join(ROOT, 'docs', 'replay-desktop.png') });
    assert.deepEqual(page.errors, []);
  });
});

test('the match is in the leaderboard, the profile and the history', async (t) => {
  await withShots(t, [page], async () => {
    // The profile counts the match and gives the place on the
    // leaderboard; the history links to it.
    await page.click('#leaderboard-link');
    await page.waitForSelector('#leaderboard', { timeout: 15000 });
    const board = await page.locator('#leaderboard tbody tr').allTextContents();
    const place = board.findIndex((r) => /Ada/.test(r)) + 1;
    assert.ok(board.some((r) => /Ada/.test(r)), `the leaderboard: ${board}`);
    assert.ok(board.some((r) => /Computer \(greedy\)/.test(r)), `the leaderboard: ${board}`);
    await page.click('#leaderboard a[href="/players/Ada"]');
    await page.waitForSelector('#history', { timeout: 15000 });
    assert.equal(await page.textContent('#stat-matches'), '1');
    assert.equal(await page.textContent('#stat-rank'), `${place} of ${board.length}`);
    assert.match(await page.textContent('#stat-ppr'), /^\d+(\.\d+)?$/);
    const history = await page.locator('#history tbody tr').count();
    assert.equal(history, 1);
    assert.equal(await page.getAttribute('#history tbody tr', 'data-match'), id);
    assert.equal(await page.locator('#rating-history tbody tr').count(), 1);
    await page.goto(`${env.server.url}/`);
    await page.waitForSelector('#player-line', { timeout: 15000 });
    assert.match(await page.textContent('#player-line'), /1 match played/);
    assert.deepEqual(page.errors, []);
  });
});

test('the pages fit a phone', async (t) => {
  const phone = await newPage(env.browser, PHONE);
  await withShots(t, [phone], async () => {
    for (const p of [`/matches/${id}`, '/players/Ada', '/leaderboard']) {
      await phone.goto(env.server.url + p);
      await phone.waitForSelector('#replay-step, #stats-h, #leaderboard, #leaderboard-empty', { timeout: 15000 });
      const wide = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `${p} is ${wide} px wider than a phone`);
    }
    await phone.goto(`${env.server.url}/matches/${id}`);
    await phone.waitForSelector('#replay-step', { timeout: 15000 });
    await phone.click('#replay-next');
    assert.deepEqual(phone.errors, []);
  });
  await phone.context().close();
});

// The replay's buttons from the keyboard: Last (or Next at the last but
// one step) is disabled once pressed, First and Previous likewise at the
// first step, and the focus fell to the page's body: the next Tab went to
// the page's first link, on a phone some 1300 px above the buttons. Now
// the focus stays in the row of buttons, on the one that leads back
// (Previous at the last step, Next at the first), and nothing scrolls.
test('the replay\'s First, Previous, Next and Last keep the keyboard in their row at both ends', async (t) => {
  await openPages(t, env.browser, [PHONE, DESKTOP], async (...pages) => {
    for (const page of pages) {
      await page.goto(`${env.server.url}/matches/${id}`);
      await page.waitForSelector('#replay-step', { timeout: 15000 });
      const at = () => page.evaluate(() => ({
        step: Number(document.getElementById('replay-step').dataset.step), focus: document.activeElement?.id || document.activeElement?.tagName,
      }));
      const press = async (button) => {
        await page.focus(button);
        const y = await page.evaluate(() => window.scrollY);
        await page.keyboard.press('Enter');
        assert.equal(await page.evaluate(() => window.scrollY), y, `${button} pressed: the page did not scroll`);
        return at();
      };
      const last = (await press('#replay-last')).step;
      assert.ok(last > 1, `a match of ${last + 1} steps`);
      assert.deepEqual(await at(), { step: last, focus: 'replay-prev' }, 'Last pressed');
      assert.deepEqual(await press('#replay-first'), { step: 0, focus: 'replay-next' }, 'First pressed');
      await press('#replay-next');
      assert.deepEqual(await press('#replay-prev'), { step: 0, focus: 'replay-next' }, 'Previous pressed at the second step');
      await press('#replay-last');
      await press('#replay-prev');
      assert.deepEqual(await press('#replay-next'), { step: last, focus: 'replay-prev' }, 'Next pressed at the last but one step');
      // (and Tab goes on from there, not from the page's top)
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'replay-round');
    }
  });
});

// Older matches from the keyboard, pressed for the last of them: the
// button is gone, and the focus fell to the page's body (the next Tab
// went to the page's top). It now goes on to the first match the button
// brought. (Ada's profile is answered here with 20 matches, then 3
// older ones: copies of her one match under other numbers.)
test('Older matches pressed for the last of them leaves the keyboard on the first match it brought', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    const copies = (m, from, n) => Array.from({ length: n }, (_, i) => ({ ...m, id: from - i }));
    let one;
    await page.route(/\/api\/players\/Ada$/, async (route) => {
      const r = await route.fetch();
      const body = await r.json();
      [one] = body.recent;
      body.recent = copies(one, 1000, 20);
      await route.fulfill({ response: r, json: body });
    });
    await page.route(/\/api\/players\/Ada\/matches\?before=981$/, (route) => route.fulfill({ json: { matches: copies(one, 980, 3) } }));
    await page.goto(`${env.server.url}/players/Ada`);
    await page.waitForSelector('#older', { timeout: 15000 });
    assert.equal(await page.locator('#history tbody tr').count(), 20);
    await page.focus('#older');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#older', { state: 'detached', timeout: 15000 });
    assert.equal(await page.locator('#history tbody tr').count(), 23);
    assert.deepEqual(await page.evaluate(() => [document.activeElement?.closest('tr')?.dataset.match, document.activeElement?.tagName]),
      ['980', 'A'], 'the keyboard on the first of the older matches');
  });
});

test('a player adds a password and logs in on another device; a player\'s name is refused to others', async (t) => {
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await page.waitForSelector('#new-password', { timeout: 15000 });
    assert.match(await page.textContent('#player-h'), /You play as Ada/);
    // A short password is refused by the field itself (and by the page,
    // and by the server: players.test.mjs).
    await page.fill('#new-password', 'short');
    await page.click('#set-password');
    assert.equal(await page.$eval('#new-password', (el) => el.validity.tooShort), true);
    await page.fill('#new-password', 'a long enough password');
    await page.click('#set-password');
    await page.waitForSelector('#message >> text=Password saved', { timeout: 30000 });
  });
  await page.context().close();

  const other = await newPage(env.browser, PHONE);
  await withShots(t, [other], async () => {
    await other.goto(env.server.url + '/');
    // The name is a player's: taking it is refused with a way out.
    await setName(other, 'Ada');
    await other.click('#create');
    await other.waitForSelector('#message >> text=belongs to another player', { timeout: 15000 });
    // In another case it is the same name; a computer level's is nobody's to log into.
    await setName(other, 'aDA');
    await other.click('#create');
    await other.waitForSelector('#message >> text=The name aDA belongs to another player', { timeout: 15000 });
    await setName(other, 'Greedy');
    await other.click('#create');
    await other.waitForSelector('#message >> text=The name Greedy belongs to a computer player. Choose another name.', { timeout: 15000 });
    await other.click('#login-box summary');
    await other.fill('#login-name', 'Ada');
    await other.fill('#login-password', 'not the password');
    await other.click('#login');
    await other.waitForSelector('#message >> text=Wrong player name or password', { timeout: 30000 });
    await other.fill('#login-password', 'a long enough password');
    await other.click('#login');
    await other.waitForSelector('#player-h >> text=You play as Ada', { timeout: 30000 });
    // A reload keeps the player (the new device's token).
    await other.reload();
    await other.waitForSelector('#player-h >> text=You play as Ada', { timeout: 15000 });
    assert.deepEqual(other.errors, []);
  });
  await other.context().close();
});
