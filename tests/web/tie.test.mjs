// A tied declaration (D1): the declarer's total equals another player's,
// the lowest of the others. Both hold the lowest hand, so the round's
// result marks both "lowest", and says why the declaration counts as it
// does under the table's tie rule: correct with `tie declarer` (the tied
// player pays 0), false with `tie penalty` (the declarer pays 20 + 0).
//
// A deal that ties cannot be asked of the server, so the page's WebSocket
// rewrites the round's result as it arrives (tieResult): the declarer's
// total is kept, the next seat's is made equal, the third's 5 higher, and
// the scores are the rules' for that, in the view and in the log's event
// of the round's end alike. The page draws what it is sent.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, playTurn, declare, PHONE } from './helpers.mjs';

// A long round pause: a round's result stays until the player moves on
// (the default second's pause dealt the next round, taking the result
// away, on a machine slow enough between the look and the reading).
const env = setup(['--round-pause', '60']);

// For the page's init script: every 'state' whose view has a declared
// result is turned into a tie under the rule `tie` ('declarer' or 'penalty').
function tieResult(tie) {
  const Native = window.WebSocket;
  const rewrite = (data) => {
    const msg = JSON.parse(data);
    if (msg.type !== 'state') return data;
    tieOne(msg.view?.result);
    for (const ev of msg.events || []) if (ev.kind === 'round_end') tieOne(ev.result || ev);
    return JSON.stringify(msg);
  };
  const tieOne = (r) => {
    if (!r || r.declarer < 0 || r.hands?.length !== 3) return;
    const d = r.hands.find((x) => x.seat === r.declarer);
    const [tied, high] = r.hands.filter((x) => x !== d);
    tied.total = d.total;
    high.total = d.total + 5;
    r.correct = tie === 'declarer';
    r.lowest = r.declarer;
    d.score = r.correct ? 0 : 20;
    tied.score = 0;
    high.score = r.correct ? 5 : 0;
    for (const x of r.hands) x.cumulative = x.score;
    r.eliminated = [];
  };
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      super.onmessage = (e) => fn(new MessageEvent('message', { data: rewrite(e.data) }));
    }
  };
}

// A player (name) and two greedy players; she moves, then declares on her second turn
// (before either computer player may). Resolves to the page at the result.
async function tiedRound(tie, name) {
  const page = await newPage(env.browser, PHONE);
  await page.context().addInitScript(tieResult, tie);
  await page.goto(env.server.url + '/');
  await setName(page, name);
  await createTable(page, { seats: 3, kinds: ['greedy', 'greedy'], tie });
  await page.click('#start');
  await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
  assert.equal(await playTurn(page, -1), 'move');
  await page.waitForSelector('#declare:not([disabled])', { timeout: 30000 });
  await declare(page);
  await page.waitForSelector('table.result tbody tr', { timeout: 30000 });
  return page;
}

// The result's rows: {name, lowest, explain}, in seat order.
const rows = (page) => page.locator('table.result tbody tr').evaluateAll((rs) => rs.map((r) => ({
  name: r.querySelector('td, th').firstChild.textContent.trim(),
  lowest: !!r.querySelector('.tag.low') && r.classList.contains('lowest'),
  explain: r.querySelector('.explain')?.textContent,
})));

test('D1 tie declarer: both tied hands are marked lowest, the declaration is correct because of the tie', async (t) => {
  const page = await tiedRound('declarer', 'Ada');
  await withShots(t, [page], async () => {
    const r = await rows(page);
    assert.equal(r.length, 3);
    assert.deepEqual(r.map((x) => x.lowest), [true, true, false], JSON.stringify(r));
    assert.equal(r[0].explain, '0 (correct declaration)');
    assert.match(r[1].explain, /^(\d+) − \1 \(you\) = 0$/);
    assert.match(await page.textContent('#result-h + p'),
      /^You declared with (\d+): correct \(a tie with Greedy at \1 counts as correct at this table\)\.$/);
    // The log's sentence says so too.
    assert.match(await page.textContent('#log li'),
      /^You declared correctly \(a tie with Greedy at \d+ counts as correct at this table\): round 1 is over\.$/);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

test('D1 tie penalty: both tied hands are marked lowest, the declaration is false because of the tie', async (t) => {
  const page = await tiedRound('penalty', 'Bea');
  await withShots(t, [page], async () => {
    const r = await rows(page);
    assert.equal(r.length, 3);
    assert.deepEqual(r.map((x) => x.lowest), [true, true, false], JSON.stringify(r));
    assert.match(r[0].explain, /^20 \+ 0 over Greedy's \d+$/);
    assert.match(await page.textContent('#result-h + p'),
      /^You declared with (\d+): false \(a tie with Greedy at \1 counts as false at this table\)\.$/);
    assert.match(await page.textContent('#log li'),
      /^You declared falsely \(a tie with Greedy at \d+ counts as false at this table\): round 1 is over\.$/);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
