// What a screen reader hears of the chat (its live region, #chat-announce,
// recorded as it changes). A friend who comes to a table where lines were
// already written, or a player who reloads, hears one short sentence for
// them ("The chat has 2 earlier lines."), not every line read out one
// after another ("Ada says: good luck!. Ada says: have fun" was read, with
// a stop after the "!"); a line written after that is read out as it
// comes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, joinFromLink, DESKTOP, PHONE } from './helpers.mjs';

const env = setup();

const say = async (page, text) => {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
};
const shown = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#chat-lines li[data-n]').length === k,
  n, { timeout: 10000 });

test('a newcomer hears how many lines came before, then each new line', async (t) => {
  const ada = await newPage(env.browser, DESKTOP);
  const zed = await newPage(env.browser, PHONE);
  await zed.context().addInitScript(() => {
    window.heard = [];
    new MutationObserver(() => {
      const text = document.getElementById('chat-announce')?.textContent;
      if (text && text !== window.heard[window.heard.length - 1]) window.heard.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await withShots(t, [ada, zed], async () => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 3, kinds: ['open', 'greedy'] });
    await ada.click('#chat-toggle');
    await say(ada, 'good luck!');
    await shown(ada, 1);
    await say(ada, 'have fun');
    await shown(ada, 2);

    // Zed comes: both lines are there, and one sentence says so.
    await joinFromLink(zed, env.server.url, code, 'Zed');
    await zed.click('#chat-toggle');
    await shown(zed, 2);
    await zed.waitForTimeout(300);
    assert.deepEqual(await zed.evaluate(() => window.heard), ['The chat has 2 earlier lines.']);

    // A line written now is read out as it comes.
    await say(ada, 'welcome Zed');
    await shown(zed, 3);
    await zed.waitForFunction(() => window.heard.length === 2, null, { timeout: 5000 }).catch(() => {});
    assert.deepEqual(await zed.evaluate(() => window.heard), ['The chat has 2 earlier lines.', 'Ada says: welcome Zed']);

    // Zed writes, then reloads: the table's lines come back, the others'
    // three told in one sentence, Zed's own not counted.
    await say(zed, 'thanks');
    await shown(zed, 4);
    await zed.reload();
    await zed.waitForSelector('#chat-panel', { state: 'visible', timeout: 30000 });
    await shown(zed, 4);
    await zed.waitForTimeout(300);
    assert.deepEqual(await zed.evaluate(() => window.heard), ['The chat has 3 earlier lines.']);
    assert.deepEqual(ada.errors, []);
    assert.deepEqual(zed.errors, []);
  });
  await ada.context().close();
  await zed.context().close();
});
