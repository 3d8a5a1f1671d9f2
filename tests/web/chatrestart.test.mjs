// The chat's count of new lines across a server restart. Ada and Ben are
// at a table in play; Ada writes two lines, which Ben's closed chat counts
// (2 new). The server is killed (kill -9) and started again on the same
// store; Ben's device is offline meanwhile, and Ada, back at once, writes
// a third line. Ben comes back: the table's chat was kept and numbered on
// (docs/server-protocol.md), so the third line is new to him (3 new) and
// the two he had are not counted again, nor after a reload. (Had the
// numbers begun again at 1, the new line would have been taken for one of
// the lines he had.)

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, withShots, setName, createTable, joinFromLink, DESKTOP, PHONE, closeRestart } from './helpers.mjs';

let first;
let second;
let browser;
after(() => closeRestart(browser, first, second));

const say = async (page, text) => {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
};
const lines = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#chat-lines li[data-n]').length === k,
  n, { timeout: 30000 });
const badge = (page, re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#chat-toggle').textContent),
  re.source, { timeout: 30000 }).catch(async () => {
  assert.fail(`the chat button reads '${await page.textContent('#chat-toggle')}', not ${re}`);
});

test('lines written while a page was away across a server restart count as new, once', async (t) => {
  first = await startServer([], { db: true });
  browser = await launch();
  const ada = await newPage(browser, DESKTOP);
  const ben = await newPage(browser, PHONE);
  await withShots(t, [ada, ben], async () => {
    await ada.goto(first.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 2, kinds: ['open'] });
    await joinFromLink(ben, first.url, code, 'Ben');
    await ada.click('#start');
    for (const p of [ada, ben]) await p.waitForSelector('.hand button', { timeout: 30000 });
    await ada.click('#chat-toggle');
    for (const text of ['one', 'two']) await say(ada, text);
    await lines(ben, 2);
    await badge(ben, /· 2 new$/);
    const numbers = await ben.$$eval('#chat-lines li[data-n]', (ls) => ls.map((l) => Number(l.dataset.n)));

    await ben.context().setOffline(true);
    await ben.waitForSelector('#offline', { timeout: 10000 });
    await first.kill9();
    second = await startServer([], { db: true, dataDir: first.dataDir, port: first.port });
    // Ada's page comes back by itself, with the two lines, and writes one.
    await ada.waitForSelector('.banner', { state: 'detached', timeout: 30000 });
    await say(ada, 'three');
    await lines(ada, 3);
    const three = await ada.$eval('#chat-lines li[data-n]:last-child', (l) => Number(l.dataset.n));
    assert.ok(three > Math.max(...numbers), `the line after the restart is numbered ${three}, after ${numbers}`);

    await ben.context().setOffline(false);
    await lines(ben, 3);
    await badge(ben, /· 3 new$/);
    assert.deepEqual(await ben.locator('#chat-lines .chat-text').allTextContents(), ['one', 'two', 'three']);
    await ben.reload();
    await ben.waitForSelector('.hand button', { timeout: 30000 });
    await lines(ben, 3);
    await badge(ben, /· 3 new$/);
    for (const p of [ada, ben]) assert.deepEqual(p.errors, []);
  });
});
