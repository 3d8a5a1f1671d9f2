// How a screen reader hears which seat is to play in the players' panels
// (Chromium's own accessibility tree). Each panel is an article; it had
// no name, so a reader moving from article to article heard "article"
// and had to read on to learn whose it was, and the turn was told only
// by the line "to play" inside it (its aria-current is not in the tree
// Chromium gives a reader). Each panel is now named by its player, and
// the panel of the seat to play by its player and "to play"; it alone
// is aria-current. Checked on a turn of the player's own and on a
// computer player's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, hostTable, playTurn, DESKTOP, PHONE } from './helpers.mjs';
import { s } from '../../web/strings.js';

// (The computer players take 30 s a move: their turn is there to be read,
// however slow the machine; 2 s ran out between the look that saw the
// computer's turn and the reading of the panels on a slow one.)
const env = setup(['--bot-delay', '30000']);

// The panels as a reader is told them: [name, aria-current] of each
// article in the players' region, in order.
async function panels(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const names = nodes.filter((n) => !n.ignored && n.role?.value === 'article').map((n) => n.name?.value ?? '');
  const current = await page.$$eval('.seats article', (as) => as.map((a) => a.getAttribute('aria-current')));
  return names.map((name, i) => [name, current[i]]);
}

for (const [what, size] of [['a desktop', DESKTOP], ['a phone', PHONE]]) {
  test(`on ${what} a screen reader hears each panel's player, and which is to play`, async (t) => {
    const page = await newPage(env.browser, size);
    await withShots(t, [page], async () => {
      const me = `Una${size.width}`;
      await hostTable(page, env.server.url, me, { seats: 3, kinds: ['greedy', 'greedy'], threshold: 100, start: true });
      await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
      assert.deepEqual(await panels(page), [
        [`${me} (${s.youMark}) ${s.toMove}`, 'true'], ['Greedy', null], ['Greedy-2', null]]);
      // Her move: the turn passes to Greedy, and the panels say so.
      assert.equal(await playTurn(page, -1), 'move');
      await page.waitForSelector('.seat[data-seat="1"].turn', { timeout: 10000 });
      assert.deepEqual(await panels(page), [
        [`${me} (${s.youMark})`, null], [`Greedy ${s.toMove}`, 'true'], ['Greedy-2', null]]);
      assert.deepEqual(page.errors, []);
    });
    await page.context().close();
  });
}
