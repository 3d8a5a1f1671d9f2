// A table that is gone while a page watches it: the server restarted
// before the table's match began (tables in their lobby are not kept).
// The watcher's page reconnected, its watch was answered no_table, and it
// went on showing the table as it was (the seats, "Waiting for Hosty to
// start the match.", Take a seat, Copy link, the chat) under "No table
// has this code.". It now leaves the table for the first page, saying
// that the table it watched is gone; the host's page, whose seat is gone,
// does so as before, saying that her table is gone (it said 'That seat is
// no longer yours (the table closed or you were removed)').

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, withShots, setName, createTable, DESKTOP, PHONE, closeRestart } from './helpers.mjs';

let first;
let second;
let browser;
after(() => closeRestart(browser, first, second));

test('a table watched in its lobby, gone in a restart of the server: the page says so and leaves it', async (t) => {
  first = await startServer([], { db: true });
  browser = await launch();
  const host = await newPage(browser, PHONE);
  const watcher = await newPage(browser, DESKTOP);
  await withShots(t, [host, watcher], async () => {
    await host.goto(first.url + '/');
    await setName(host, 'Hosty');
    const code = await createTable(host, { seats: 3, kinds: ['greedy', 'open'] });
    await watcher.goto(first.url + '/');
    await watcher.fill('#code', code);
    await watcher.click('#watch');
    await watcher.waitForSelector('#chat-toggle', { state: 'visible', timeout: 30000 });
    await first.kill9();
    second = await startServer([], { db: true, dataDir: first.dataDir, port: first.port });
    await watcher.waitForFunction(() => !document.querySelector('.seat-list') && document.querySelector('#code'), null, { timeout: 30000 })
      .catch(async () => assert.fail(`the watcher's page still shows the table: '${await watcher.textContent('main')}'`));
    assert.match(await watcher.textContent('.message'), /The table you were watching is gone/);
    assert.equal(await watcher.isVisible('#chat-toggle'), false, 'no chat');
    assert.equal(new URL(watcher.url()).pathname, '/');
    // The host's page says that the table is gone, and why it may be,
    // not that her seat is no longer hers 'or you were removed' (the
    // answer to her resume was no_table, which no removal gives).
    await host.waitForFunction(() => document.querySelector('#code') && document.querySelector('.message')?.textContent, null, { timeout: 30000 });
    assert.equal(await host.textContent('.message'),
      `Table ${code} is gone: it closed while you were away, or the server restarted (a table whose match had not begun, or had just ended, is not kept).`);
    for (const p of [host, watcher]) assert.deepEqual(p.errors, []);
  });
});
