// Shared by the browser tests: a real `leastscore serve` process on a free
// loopback port with a temporary data directory, Debian's chromium driven by
// playwright-core, and the moves a test player makes through the page.
//
// $LEASTSCORE names the binary (tools/run-e2e.sh sets it; default
// build/leastscore); $LS_WEB the client's directory the server serves
// (default web/: another, such as `git archive HEAD~1 web` unpacked, shows
// that a test fails on the client before a change). Every wait is bounded; a failing test leaves a
// screenshot of each open page in $LS_SCREENSHOTS (a directory, relative
// to the current one; default build/web-screenshots/), so that two people
// running tests in one tree can keep theirs apart.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const SHOTS = process.env.LS_SCREENSHOTS ? path.resolve(process.env.LS_SCREENSHOTS)
  : path.join(ROOT, 'build', 'web-screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
// Phones held upright, then on their side.
export const PHONES = [{ width: 320, height: 640 }, { width: 360, height: 740 }, { width: 390, height: 844 },
  { width: 740, height: 360 }, { width: 844, height: 390 }];

// Starts the server; resolves to {url, proc, dataDir, stop()}. The server
// prints "leastscore: serving http://127.0.0.1:PORT/" once it listens.
// opts.db: keep players and matches in an SQLite store in the data
// directory (--db DATA/store.db); opts.dataDir and opts.port: start again
// on a data directory and a port a server used before (see kill9()).
export async function startServer(extra = [], opts = {}) {
  const bin = process.env.LEASTSCORE || path.join(ROOT, 'build', 'leastscore');
  const dataDir = opts.dataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'ls-web-'));
  const args = ['serve', '--listen', `127.0.0.1:${opts.port || 0}`, '--data', dataDir, '--web', process.env.LS_WEB || path.join(ROOT, 'web'), '--bot-delay', '0',
    '--round-pause', '1', ...(opts.db ? ['--db', path.join(dataDir, 'store.db')] : []), ...extra];
  const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${out}`)), 30000);
    const onData = (d) => {
      out += d;
      const m = /serving (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ''));
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  return {
    url,
    dataDir,
    port: Number(new URL(url).port),
    output: () => out,
    // kill -9: the server dies at once; its data directory stays.
    async kill9() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      return proc.exitCode ?? proc.signalCode;
    },
  };
}

// setup(extra, opts): a server (startServer(extra, opts)) and a browser for
// the tests of one file, started before them and stopped after. Returns an
// object whose `server` and `browser` are set once they run.
export function setup(extra = [], opts = {}) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(extra, opts);
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
  });
}

// A page that records script errors and breaches of the content security
// policy in page.errors (tests assert there are none). Each page keeps its
// WebSockets in window.sockets, so that a test can cut the connection as a
// network drop would (dropConnection).
export async function newPage(browser, viewport) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.sockets = [];
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        window.sockets.push(this);
      }
    };
  });
  return recordErrors(await context.newPage());
}

// Another tab of page's browser (its context: the same storage, so the
// same player), recording its errors as newPage()'s pages do; the test
// checks tab.errors, and the tab closes with page's context.
export async function newTab(page) {
  return recordErrors(await page.context().newPage());
}

function recordErrors(page) {
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  // Something the server's content security policy refused is an error too.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) page.errors.push(m.text());
  });
  return page;
}

// Saves a screenshot of each page as SHOTS/NAME-i.png.
export async function screenshots(name, pages) {
  fs.mkdirSync(SHOTS, { recursive: true });
  let i = 0;
  for (const p of pages) {
    try {
      await p.screenshot({ path: path.join(SHOTS, `${name}-${i++}.png`), fullPage: true });
    } catch {
      // a closed page has nothing to show
    }
  }
}

// Runs fn(pages...) and saves screenshots if it throws.
export async function withShots(t, pages, fn) {
  try {
    await fn();
  } catch (e) {
    await screenshots(t.name.replace(/[^A-Za-z0-9_-]+/g, '_'), pages);
    throw e;
  }
}

// A test's pages: one page (newPage()) for each viewport given, handed
// to fn(...pages), with a screenshot of each if fn throws (withShots).
// Once fn returns, the pages must have recorded no error (page.errors;
// opts.errorsOf: the indexes of the pages to check, all of them by
// default). The pages are closed whether fn passed or not.
export async function openPages(t, browser, viewports, fn, opts = {}) {
  const pages = [];
  try {
    for (const viewport of viewports) pages.push(await newPage(browser, viewport));
    await withShots(t, pages, async () => {
      await fn(...pages);
      for (const [i, page] of pages.entries()) {
        if (!opts.errorsOf || opts.errorsOf.includes(i)) assert.deepEqual(page.errors, [], `page ${i + 1}'s errors`);
      }
    });
  } finally {
    for (const page of pages) await page.context().close();
  }
}

export async function setName(page, name) {
  await page.fill('#name', name);
}

// Creates a table from the home page: options {seats, kinds: [...], threshold,
// tie, runs, hand_size, turn_time, declare_max}. Resolves to the table's code, read from the lobby.
export async function createTable(page, opts = {}) {
  if (opts.seats) await page.selectOption('#seats', String(opts.seats));
  for (const [i, kind] of (opts.kinds || []).entries()) {
    await page.selectOption(`select.seat-kind[data-seat="${i + 1}"]`, kind);
  }
  for (const key of ['threshold', 'tie', 'runs', 'hand_size', 'turn_time']) {
    if (opts[key] !== undefined) await page.selectOption(`#opt-${key}`, String(opts[key]));
  }
  if (opts.declare_max !== undefined) await page.fill('#opt-declare_max', String(opts.declare_max));
  await page.click('#create');
  await page.waitForSelector('.code', { timeout: 30000 });
  return page.getAttribute('.code', 'data-code');
}

// The host's first steps: `name` opens the home page of the server at
// `url` and creates a table with createTable(page, opts); with opts.start
// she also presses Start. With opts.guest she plays as a guest (the box
// that keeps her matches unticked): the server makes no player, which it
// counts per address (20 at once, then one every 3 s), also when it has
// no store. Resolves to the table's code.
export async function hostTable(page, url, name, opts = {}) {
  const { start, guest, ...table } = opts;
  await page.goto(url + '/');
  await setName(page, name);
  if (guest) await page.uncheck('#keep');
  const code = await createTable(page, table);
  if (start) await page.click('#start');
  return code;
}

// A match at a full table: `name` opens the home page of the server at
// `url`, creates a table of `seats` seats, the others computer players
// (greedy), with any other createTable() options, and starts it.
// Resolves to the table's code.
export async function fullTable(page, url, name, seats = 8, opts = {}) {
  return hostTable(page, url, name, { seats, kinds: Array(seats - 1).fill('greedy'), ...opts, start: true });
}

// A friend opens the table's link (`url` is the server's), types a name
// and presses Join; resolves once the page is at the table (its chat is
// there).
export async function joinFromLink(page, url, code, name) {
  await page.goto(`${url}/t/${code}`);
  await setName(page, name);
  await page.click('#join');
  await page.waitForSelector('#chat-toggle', { state: 'visible', timeout: 30000 });
}

// Plays one turn if it is this page's turn; returns what it did ('move',
// 'declare', 'next', 'over' or null when there was nothing to do). The
// player declares when allowed with a hand of at most declareAt, otherwise
// throws away its highest card (or a legal pair of its highest rank) and
// draws, or takes a low open card.
export async function playTurn(page, declareAt = 7) {
  const state = await page.evaluate(() => {
    const q = (sel) => document.querySelector(sel);
    return {
      over: !!q('#rematch') || !!q('.winner'),
      next: !!q('#next'),
      myTurn: !!q('.hand-panel[data-act]'),
      drawEnabled: !!q('#draw:not([disabled])'),
      declare: !!q('#declare:not([disabled])'),
      hand: [...document.querySelectorAll('.hand button')].map((b) => b.dataset.card),
      total: q('.hand-panel .total')?.textContent || '',
      open: [...document.querySelectorAll('#open button')].map((b) => b.dataset.card),
    };
  });
  if (state.over) return 'over';
  if (state.next) {
    // Each round's result lists every hand with its score explained.
    // The round pause may deal the next round between our look and the
    // click: then the result and the button are gone, which is no failure.
    page.results = page.results || [];
    const rows = await page.locator('table.result tbody tr').evaluateAll((rs) =>
      rs.map((r) => r.textContent));
    if (rows.length) page.results.push(rows);
    await page.click('#next', { timeout: 3000 }).catch(() => {});
    return 'next';
  }
  if (!state.myTurn) return null;
  const value = (c) => Math.min(10, ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].indexOf(c.slice(0, -1)) + 1);
  const total = state.hand.reduce((a, c) => a + value(c), 0);
  if (state.declare && total <= declareAt) {
    await declare(page);
    return 'declare';
  }
  const sorted = [...state.hand].sort((a, b) => value(b) - value(a));
  const hi = sorted[0];
  const pair = state.hand.filter((c) => c.slice(0, -1) === hi.slice(0, -1)).slice(0, 2);
  const discard = pair.length === 2 ? pair : [hi];
  for (const c of discard) await page.click(`.hand button[data-card="${c}"]`);
  const low = state.open.find((c) => value(c) <= 3);
  if (low) await page.click(`#open button[data-card="${low}"]`);
  else await page.click('#draw');
  return 'move';
}

// Declare's question as it is asked (its text, Yes and No): what of it
// is off the screen (past its foot or right edge by more than margin
// px: a test of a zoomed page, whose edges fall between pixels, allows
// half of one) or under the Chat button (or its count of new lines, a
// pill 9 px above it), and the keyboard anywhere but on Yes: each as
// 'what [l t r b] where'. [] when it is all seen.
export function declareAsked(page, margin = 0) {
  return page.evaluate((margin) => {
    const out = [];
    const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
    const c = document.querySelector('#chat-toggle').getBoundingClientRect();
    for (const el of document.querySelectorAll('#declare-q, #declare-yes, #declare-no')) {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + margin || r.right > innerWidth + margin) out.push(`${el.id} ${at(r)} off the screen`);
      if (!(r.right <= c.left || r.left >= c.right || r.bottom <= c.top - 9 || r.top >= c.bottom)) out.push(`${el.id} ${at(r)} under the Chat button ${at(c)}`);
    }
    if (document.activeElement?.id !== 'declare-yes') out.push(`the keyboard on ${document.activeElement?.id}`);
    return out;
  }, margin);
}

// Declares: presses Declare (it must be there and enabled), then Yes to
// the question it asks.
export async function declare(page) {
  await page.click('#declare');
  await page.click('#declare-yes', { timeout: 3000 });
}

// Plays this page's turns, never declaring, until Declare may be pressed
// (it comes once the player's first turn of a round is over), within ms.
// Bounded by time, not by a count of looks: a slow browser (the sanitizer
// pass) looks fewer times in the same wait. Throws if the match ends first.
export async function playUntilDeclare(page, ms = 90000) {
  const deadline = Date.now() + ms;
  while (!(await page.$('#declare:not([disabled])'))) {
    if (Date.now() > deadline) throw new Error(`Declare was not offered within ${ms / 1000} s`);
    const did = await playTurn(page, -1);
    if (did === 'over') throw new Error('the match ended before Declare was offered');
    if (!did) await page.waitForTimeout(100);
  }
}

// Plays n of this page's moves, never declaring, within ms; throws if
// the match ends first.
export async function playMoves(page, n, ms = 90000) {
  const deadline = Date.now() + ms;
  for (let moves = 0; moves < n;) {
    if (Date.now() > deadline) throw new Error(`${moves} of ${n} moves played in ${ms / 1000} s`);
    const did = await playTurn(page, -1);
    if (did === 'over') throw new Error(`the match ended after ${moves} of ${n} moves`);
    if (did === 'move') moves++;
    await page.waitForTimeout(did ? 150 : 50);
  }
}

// Plays this page's turns (playTurn(page, declareAt)) until a round's
// result shows Next round, within ms. By default the player declares as
// soon as she may, whatever her hand, so that the round ends soon.
export async function playToRoundEnd(page, declareAt = 1000, ms = 60000) {
  const deadline = Date.now() + ms;
  while (!(await page.isVisible('#next'))) {
    if (Date.now() > deadline) throw new Error(`no round ended within ${ms / 1000} s`);
    if (!(await playTurn(page, declareAt))) await page.waitForTimeout(100);
  }
}

// Plays this page's turns (playTurn) until the match is over, within ms;
// resolves with {rounds, moves}: the results dismissed and moves made.
export async function playToEnd(page, ms = 150000, declareAt = 7) {
  let rounds = 0;
  let moves = 0;
  const deadline = Date.now() + ms;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the match did not end within ${ms / 1000} s`);
    const did = await playTurn(page, declareAt);
    if (did === 'over') return { rounds, moves };
    if (did === 'next') rounds++;
    if (did === 'move' || did === 'declare') moves++;
    await page.waitForTimeout(did ? 150 : 50);
  }
}

// Two pages at one table play their turns (playTurn(p, declareAt)) until
// each shows the match's end, within ms.
export async function playBoth(a, b, ms = 150000, declareAt = 7) {
  const deadline = Date.now() + ms;
  const over = async (p) => p.isVisible('h2.winner');
  while (!(await over(a) && await over(b))) {
    if (Date.now() > deadline) throw new Error(`the match did not end within ${ms / 1000} s`);
    const did = [await playTurn(a, declareAt), await playTurn(b, declareAt)];
    // (a page at the match's end waits for the other: nothing done)
    if (!did.some((x) => x && x !== 'over')) await a.waitForTimeout(100);
  }
}

// A slow network, for a page's init script (context.addInitScript(
// slowNetwork)): while window.holding, the messages from the server wait
// in window.held until release() hands them to the page in order;
// window.sent counts the messages the page sent, by type.
export function slowNetwork() {
  const Native = window.WebSocket;
  window.holding = false;
  window.held = [];
  window.sent = {};
  window.release = () => {
    window.holding = false;
    for (const [ws, data] of window.held.splice(0)) ws.onmessage?.(new MessageEvent('message', { data }));
  };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (!window.holding) return;
        e.stopImmediatePropagation();
        window.held.push([this, e.data]);
      });
    }

    send(data) {
      const type = JSON.parse(data).type;
      window.sent[type] = (window.sent[type] || 0) + 1;
      super.send(data);
    }
  };
}

// Every player's panel as full as it gets (two cards known, five thrown)
// and five open cards, from the deal on, for a page's init script
// (context.addInitScript(fullPanels)): the states the page is sent are
// changed so, and the turn measured is the worst a match gives on every
// run, not by the deal's chance.
export function fullPanels() {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      super.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'state' && msg.view?.status === 'playing' && Array.isArray(msg.view.seats)) {
          msg.view.seats.forEach((seat) => {
            if (!seat) return;
            seat.known = ['10H', '10D'];
            seat.last_discard = ['9S', '10S', 'JS', 'QS', 'KS'];
          });
          msg.view.open = ['10C', '10H', 'QD', 'KD', '10S'];
        }
        fn(new MessageEvent('message', { data: JSON.stringify(msg) }));
      };
    }
  };
}

// The expert's hint with the longest move there is (five cards thrown),
// a declaration's chance and a reason, longer than a phone on its side
// has room for, for a page's init script (context.addInitScript(
// longHint)): a `hint` sent is answered in the page by it, and not sent.
export function longHint() {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    send(data) {
      if (JSON.parse(data).type === 'hint') {
        const answer = { type: 'hint', move: 'discard 9S 10S JS QS KS take 10C', declare: 0.23, why: 'sheds 49 points and takes 10C' };
        setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(answer) })), 10);
        return;
      }
      super.send(data);
    }
  };
}

// Closes the page's open WebSockets, as a dropped connection would.
export async function dropConnection(page) {
  await page.evaluate(() => window.sockets.forEach((ws) => ws.close()));
}

// The end of a test that restarts its server on the same data: the
// browser closed, the first server killed if it still runs (kill9), the
// second stopped, then the first's data removed (stop).
export async function closeRestart(browser, first, second) {
  await browser?.close();
  await first?.kill9();
  await second?.stop();
  await first?.stop();
}

// A card's value (rule R1), and a hand's total.
export const cardValue = (c) => Math.min(10, ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
  .indexOf(c.slice(0, -1)) + 1);
export const handTotal = (hand) => hand.reduce((a, c) => a + cardValue(c), 0);

// What a seated player's page shows: whether she is out, whether a round
// is in play, whether it is her turn and she may declare, the seat to
// move (or -1), her hand and the open cards.
export function seatedState(page) {
  return page.evaluate(() => ({
    out: !!document.querySelector('.seat.me.out'),
    playing: !!document.querySelector('.center'),
    myTurn: !!document.querySelector('.hand-panel[data-act]'),
    declare: !!document.querySelector('#declare:not([disabled])'),
    turn: Number(document.querySelector('.seat.turn')?.dataset.seat ?? -1),
    hand: [...document.querySelectorAll('.hand button')].map((b) => b.dataset.card),
    open: [...document.querySelectorAll('#open button')].map((b) => b.dataset.card),
  }));
}

// One of the out player's turns: Declare when both friends' pages show
// his turn (so their hands are the ones he declares against) and one of
// them holds less than he does; else his lowest card away, the highest
// open card taken if it is higher, or a card drawn.
async function outPlayerTurn(page, st, friends) {
  if (st.declare) {
    const them = await Promise.all(friends.map(seatedState));
    if (them.every((f) => f.turn === 0) && them.some((f) => handTotal(f.hand) < handTotal(st.hand))) {
      await declare(page);
      return;
    }
  }
  const low = [...st.hand].sort((a, b) => cardValue(a) - cardValue(b))[0];
  await page.click(`.hand button[data-card="${low}"]`);
  const high = [...st.open].sort((a, b) => cardValue(b) - cardValue(a))[0];
  if (high && cardValue(high) > cardValue(low)) await page.click(`#open button[data-card="${high}"]`);
  else await page.click('#draw');
}

// Plays a match that has started at a table of three, the first seat's
// page (`page`) and two friends' (`friends`), until the first seat is
// out of the match (threshold 25) with the match going on, whatever the
// deal, within `ms`. The friends never declare, so that nobody scores but
// by the first seat's declarations; he keeps high cards and declares
// only when his total is above a friend's, as both friends' pages show it
// on his turn: a declaration false for certain (R7), 20 points and more,
// while the friends score 0. Two at most put him over 25. Once he is out
// the friends wait: the round in play is then at a friend's first turn,
// where the computer, if her time runs out, may not declare for her and
// end the round (rule D7).
export async function playUntilOut(page, friends, ms = 150000) {
  const deadline = Date.now() + ms;
  for (;;) {
    assert.ok(Date.now() < deadline, `the first seat out, with the match going on, within ${ms / 1000} s`);
    const st = await seatedState(page);
    assert.ok(!(await page.$('.winner')), 'the match ended: nobody but the first seat scores, and he alone can go out');
    if (st.out && st.playing) return;
    let did = null;
    if (st.myTurn) {
      await outPlayerTurn(page, st, friends).catch(() => {}); // (a round's end may take the turn meanwhile)
      did = 'move';
    } else if (await page.isVisible('#next')) did = await playTurn(page, -1);
    if (await page.$('.seat.me.out')) {
      await page.waitForTimeout(100);
      continue;
    }
    for (const friend of friends) did = (await playTurn(friend, -1)) || did;
    await page.waitForTimeout(did ? 150 : 50);
  }
}
