// One player in two tabs of one browser, at two tables (a match at
// each): a reload of either tab takes its own seat back. The browser
// kept one seat, the latest, which each tab's state wrote over the
// other's: the tab reloaded showed its table's link as the page for
// joining it, the seat left to the computer (and, for a guest, with no
// way back: the name is taken at that table).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, newTab, fullTable, DESKTOP } from './helpers.mjs';

const env = setup(['--bot-delay', '300']);

// Where the tab is: its address, and whether it plays there (a hand).
const where = (page) => page.evaluate(() => ({ path: location.pathname, hand: !!document.querySelector('.hand button') }));

test('two tabs at two tables: a reload of either takes its own seat back', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (a) => {
    const codeA = await fullTable(a, env.server.url, 'Twin', 2);
    await a.waitForSelector('.hand button', { timeout: 30000 });
    const b = await newTab(a);
    await b.goto(env.server.url + '/');
    await b.waitForSelector('#create', { timeout: 10000 });
    await b.selectOption('#seats', '2');
    await b.selectOption('select.seat-kind[data-seat="1"]', 'greedy');
    await b.click('#create');
    await b.waitForSelector('#start', { timeout: 10000 });
    const codeB = await b.getAttribute('.code', 'data-code');
    assert.notEqual(codeB, codeA);
    await b.click('#start');
    await b.waitForSelector('.hand button', { timeout: 30000 });
    // (a state at each table since: each tab has saved its seat)
    await a.waitForFunction(() => document.querySelectorAll('#log li').length > 0, null, { timeout: 10000 });

    await a.reload();
    await a.waitForSelector('.hand button', { timeout: 30000 }).catch(() => {});
    assert.deepEqual(await where(a), { path: `/t/${codeA}`, hand: true }, 'the first tab, reloaded, at its table');
    await b.reload();
    await b.waitForSelector('.hand button', { timeout: 30000 }).catch(() => {});
    assert.deepEqual(await where(b), { path: `/t/${codeB}`, hand: true }, 'the second tab, reloaded, at its table');
    // (and again: the first's reload did not lose the second's seat)
    await a.reload();
    await a.waitForSelector('.hand button', { timeout: 30000 }).catch(() => {});
    assert.deepEqual(await where(a), { path: `/t/${codeA}`, hand: true }, 'the first tab, reloaded again');
    assert.deepEqual(b.errors, []);
  });
});
