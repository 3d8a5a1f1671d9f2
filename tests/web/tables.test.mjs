// The tables fit a phone: a profile's rating and match history, a match's
// players, the leaderboard and a round's result. On a narrow screen each
// row is drawn as a block headed by its player or match, with the other
// cells side by side under it, each labelled with its column's name; they
// used to run off the right side of a 390 px phone (the history by some
// 300 px) and of a laptop's screen at 200% zoom and had to be scrolled sideways, and a round's result squeezed
// each hand into a column one card wide. A screen reader still reads a
// table with its column headers, and the drawn labels are not read twice.
//
// The matches are played through the protocol (a person with a 16-letter
// name and three computer players), the pages looked at in the browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, playToRoundEnd, hostTable, DESKTOP } from './helpers.mjs';
import { connect, AutoPlayer, allDone } from '../server/lib.mjs';

// A long round pause: a round's result stays until the player moves on.
const env = setup(['--round-pause', '60'], { db: true });
const NAME = 'WWWWWWWWWWWWWWWW';
const SIZES = [['a 320 px phone', { width: 320, height: 640 }], ['a 390 px phone', { width: 390, height: 844 }],
  ['a 1280 px screen at 200% zoom', { width: 640, height: 400 }]];

// What sticks out: a table's panel that scrolls sideways, the page wider
// than the window, or the text of a cell outside the window (text that
// overflows does not widen its element: it is measured with a Range).
function overflows(page) {
  return page.evaluate(() => {
    const out = [];
    if (document.documentElement.scrollWidth > window.innerWidth) {
      out.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`);
    }
    for (const table of document.querySelectorAll('table')) {
      const box = table.parentElement;
      if (box.scrollWidth > box.clientWidth) {
        out.push(`#${table.id || 'result'} is ${box.scrollWidth} px wide in a ${box.clientWidth} px panel`);
      }
      for (const cell of table.querySelectorAll('tbody th, tbody td')) {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const r = range.getBoundingClientRect();
        if (r.width && (r.left < -0.5 || r.right > window.innerWidth + 0.5)) {
          out.push(`'${cell.textContent.slice(0, 30)}' of #${table.id || 'result'} is at ${Math.round(r.left)}-${Math.round(r.right)} px`);
        }
      }
    }
    return out;
  });
}

let matchId;

test('two matches are played by a person with a long name and three computer players', async () => {
  const url = `${env.server.url.replace(/^http/, 'ws')}/ws`;
  for (let i = 0; i < 2; i++) {
    const c = await connect(url, { label: NAME });
    const p = await c.request({ type: 'player', token: 'c'.repeat(32), name: NAME }, ['player', 'error']);
    assert.equal(p.type, 'player', JSON.stringify(p));
    const j = await c.request({ type: 'create', name: NAME, seats: 4, bots: ['expert', 'greedy', 'random'], rules: { threshold: 25 } },
      ['joined', 'error']);
    assert.equal(j.type, 'joined', JSON.stringify(j));
    c.send({ type: 'start' });
    await allDone([new AutoPlayer(c, { seed: 7 + i, next: true })], 120000);
    c.close();
  }
  const r = await fetch(`${env.server.url}/api/players/${NAME}/matches`);
  const body = await r.json();
  assert.equal(body.matches.length, 2);
  matchId = body.matches[0].id;
});

for (const [size, viewport] of SIZES) {
  test(`the profile, a match and the leaderboard fit ${size}, row by row`, async (t) => {
    await openPages(t, env.browser, [viewport], async (page) => {
      for (const [path, ready] of [[`/players/${NAME}`, '#history'], [`/matches/${matchId}`, '#match-players'],
        ['/leaderboard', '#leaderboard']]) {
        await page.goto(env.server.url + path);
        await page.waitForSelector(ready, { timeout: 15000 });
        assert.deepEqual(await overflows(page), [], path);
      }
      // Each row begins with its header, the cells under it named.
      await page.goto(`${env.server.url}/players/${NAME}`);
      await page.waitForSelector('#history', { timeout: 15000 });
      const row = await page.evaluate(() => {
        const tr = document.querySelector('#history tbody tr');
        const head = tr.querySelector('th').getBoundingClientRect();
        return {
          below: [...tr.querySelectorAll('td')].every((td) => td.getBoundingClientRect().top >= head.bottom - 0.5),
          label: getComputedStyle(tr.querySelector('td[data-label]'), '::before').content,
        };
      });
      assert.equal(row.below, true, 'the cells are under the row\'s header');
      assert.match(row.label, /When/);
      assert.deepEqual(page.errors, []);
    });
  });
}

test('on a desktop the tables are tables, a row on a line', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    await page.goto(`${env.server.url}/players/${NAME}`);
    await page.waitForSelector('#history', { timeout: 15000 });
    const tops = await page.evaluate(() =>
      [...document.querySelectorAll('#history tbody tr:first-child > *')].map((c) => Math.round(c.getBoundingClientRect().top)));
    assert.equal(tops.length, 7);
    assert.equal(new Set(tops).size, 1, `one line: ${tops}`);
    assert.deepEqual(await overflows(page), []);
  });
});

// What a screen reader is told of the history on a phone (Chromium's own
// accessibility tree): a table with its column headers, each row headed
// by its match, and cells named by what they hold, not also by the label
// drawn beside them.
test('on a phone a screen reader still reads the history as a table', async (t) => {
  await openPages(t, env.browser, [SIZES[1][1]], async (page) => {
    await page.goto(`${env.server.url}/players/${NAME}`);
    await page.waitForSelector('#history', { timeout: 15000 });
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const named = (role) => nodes.filter((n) => !n.ignored && n.role?.value === role).map((n) => n.name?.value ?? '');
    for (const col of ['Match', 'When', 'Players', 'Place', 'Scores', 'Change']) {
      assert.ok(named('columnheader').includes(col), `a column header ${col}: ${named('columnheader')}`);
    }
    assert.ok(named('rowheader').includes(`#${matchId}`), `a row headed #${matchId}: ${named('rowheader')}`);
    const cells = named('cell');
    assert.ok(cells.some((c) => /^\d of 4$/.test(c)), `a place cell read as "N of 4": ${cells}`);
    assert.deepEqual(cells.filter((c) => /^(When|Players|Place|Scores|Change)/.test(c)), [],
      'no cell is read with its drawn label');
  });
});

// A round's result on the narrowest phone: each player's hand on one line
// under the name (it was a column one card wide), nothing to scroll.
test('a round\'s result fits a 320 px phone, each hand on one line', async (t) => {
  await openPages(t, env.browser, [SIZES[0][1]], async (page) => {
    await hostTable(page, env.server.url, 'Ada', { seats: 4, kinds: ['expert', 'greedy', 'random'], threshold: 25, start: true });
    await playToRoundEnd(page, 12, 120000);
    const got = await page.evaluate(() => {
      const hands = [...document.querySelectorAll('table.result tbody tr')].map((tr) =>
        new Set([...tr.querySelectorAll('.card')].map((c) => Math.round(c.getBoundingClientRect().top))).size);
      const panel = document.querySelector('.result-panel');
      return { hands, wide: panel ? panel.scrollWidth - panel.clientWidth : null, page: document.documentElement.scrollWidth };
    });
    assert.ok(got.hands.length >= 2, `the hands: ${got.hands}`);
    assert.deepEqual(got.hands, got.hands.map(() => 1), 'every hand on one line');
    assert.ok(got.wide <= 0, `the result is ${got.wide} px wider than its panel`);
    assert.ok(got.page <= 320, `the page is ${got.page} px wide`);
    assert.deepEqual(page.errors, []);
  });
});
