// A server whose store fails (a full disk, a database gone) pauses a table
// whose move it could not save, and says so (`store`). The page ignored
// it: the player saw her move 'on its way' and the table stop, without a
// word. Now a banner says the server cannot save moves and the table waits
// (read out once), until the server says it can again (read out too), and
// the move is shown. The store is made to fail with the server's test seam
// LS_STORE_FAULT (every write fails while its file exists).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setup, newPage, withShots, setName, createTable, playTurn, PHONE } from './helpers.mjs';
import { s } from '../../web/strings.js';

const faultDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-web-fault-'));
const fault = path.join(faultDir, 'fail');
process.env.LS_STORE_FAULT = fault;
const env = setup();
process.on('exit', () => fs.rmSync(faultDir, { recursive: true, force: true }));

test('a store that fails is shown and read out while the table waits, and its return too', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await page.context().addInitScript(() => {
    window.heard = [];
    new MutationObserver(() => {
      const text = document.getElementById('announce')?.textContent;
      if (text) window.heard.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Sto');
    await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const moves = await page.locator('#log li').count();

    fs.writeFileSync(fault, '');
    assert.equal(await playTurn(page, -1), 'move');
    await page.waitForSelector('#store', { timeout: 30000 }).catch(() => {});
    assert.equal(await page.isVisible('#store') && await page.textContent('#store'), s.storeFailing);
    // (Each said within what the live region says: what comes at once is
    // said together, as the move that waited comes with the store's return.)
    await page.waitForFunction((x) => window.heard.some((y) => y.includes(x)), s.storeFailing, { timeout: 5000 }).catch(() => {});
    assert.ok(await page.evaluate((x) => window.heard.some((y) => y.includes(x)), s.storeFailing), 'read out');
    assert.equal(await page.locator('#log li').count(), moves, 'the move is not shown yet');

    // A reload meanwhile: the paused table sends 'store' instead of its
    // state, and the page still says why it waits.
    await page.reload();
    await page.waitForSelector('#store', { timeout: 30000 }).catch(() => {});
    assert.equal(await page.isVisible('#store') && await page.textContent('#store'), s.storeFailing, 'after a reload');

    fs.unlinkSync(fault);
    await page.waitForSelector('#store', { state: 'detached', timeout: 30000 });
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, moves, { timeout: 30000 });
    assert.match((await page.locator('#log li').allTextContents()).join('\n'), /You discarded/);
    await page.waitForFunction((x) => window.heard.some((y) => y.includes(x)), s.storeBack, { timeout: 5000 }).catch(() => {});
    assert.ok(await page.evaluate((x) => window.heard.some((y) => y.includes(x)), s.storeBack), 'its return is read out');
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
