// What the chat's badge counts as new: a newcomer's backlog is not news
// (it counted every line there before it came: "Chat · 2 new"); a line
// that comes once it is there is; a reload keeps the count, and counts the
// lines that came while the tab was away from the table, not the ones it
// had.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, joinFromLink, DESKTOP, PHONE } from './helpers.mjs';

const env = setup();

const say = async (page, text) => {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
};
const badge = (page) => page.textContent('#chat-toggle');
const lineCount = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#chat-lines li[data-n]').length === k,
  n, { timeout: 10000 });

test('a newcomer\'s backlog is not new; lines after it came, and while it was away, are', async (t) => {
  const ada = await newPage(env.browser, DESKTOP);
  const ben = await newPage(env.browser, PHONE);
  await withShots(t, [ada, ben], async () => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 3, kinds: ['open', 'greedy'] });
    await ada.click('#chat-toggle');
    // (The server takes 5 lines at once, then one every 2 seconds: this
    // test writes 5 in all.)
    for (const line of ['one', 'two']) await say(ada, line);
    await lineCount(ada, 2);

    // Ben comes: the two lines are there, neither of them new.
    await joinFromLink(ben, env.server.url, code, 'Ben');
    await lineCount(ben, 2);
    await ben.waitForTimeout(300);
    assert.doesNotMatch(await badge(ben), /new/, 'the backlog is not new');
    assert.equal(await ben.isVisible('#chat-unread'), false);
    assert.equal(await ben.textContent('#chat-announce'), 'The chat has 2 earlier lines.');

    // A line after he came is.
    await say(ada, 'three');
    await ben.waitForFunction(() => /1 new/.test(document.querySelector('#chat-toggle').textContent), null, { timeout: 10000 });

    // A reload keeps the count, and does not count again the lines it had.
    await ben.reload();
    await ben.waitForSelector('.seats, #start, .code', { timeout: 30000 });
    await lineCount(ben, 3);
    await ben.waitForTimeout(300);
    assert.match(await badge(ben), /· 1 new/);

    // Away from the table (another page in the same tab) while Ada writes
    // two lines: back at its link, those two are new as well.
    await ben.goto('about:blank');
    await say(ada, 'four');
    await say(ada, 'five');
    await lineCount(ada, 5);
    await ben.goto(`${env.server.url}/t/${code}`);
    await lineCount(ben, 5);
    await ben.waitForTimeout(300);
    assert.match(await badge(ben), /· 3 new/);

    // Opening the chat reads them: nothing new after a reload.
    await ben.click('#chat-toggle');
    await ben.reload();
    await lineCount(ben, 5);
    await ben.waitForTimeout(300);
    assert.equal(await ben.isVisible('#chat-unread'), false);
    assert.deepEqual(ada.errors, []);
    assert.deepEqual(ben.errors, []);
  });
  await ada.context().close();
  await ben.context().close();
});
