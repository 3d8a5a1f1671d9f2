// A rematch starts the moves list afresh: match 2's list began with
// match 1's last lines (its winner, "You are out of the match.") under
// "Match 2 started.", as if they were match 2's. Its oldest line is now
// "Match 2 started.", at the host's page and at a friend's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, joinFromLink, playBoth, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

test('a rematch\'s moves list begins with its start, none of the last match\'s lines in it', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (ada, ben) => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 3, kinds: ['open', 'greedy'], threshold: 25 });
    await joinFromLink(ben, env.server.url, code, 'Ben');
    await ada.click('#start');
    await playBoth(ada, ben);
    for (const page of [ada, ben]) {
      const log = await page.locator('#log li').allTextContents();
      assert.ok(log.some((l) => /won the match/.test(l)), 'match 1 ends with its winner in the list');
    }
    await ada.click('#rematch');
    for (const page of [ada, ben]) {
      await page.waitForSelector('#log li:has-text("Match 2 started.")', { timeout: 30000 });
      const log = await page.locator('#log li').allTextContents();
      assert.equal(log.at(-1), 'Match 2 started.', `the oldest line: ${log.slice(-3).join(' | ')}`);
      assert.ok(!log.some((l) => /won the match|out of the match/.test(l)), log.join(' | '));
    }
  });
});
