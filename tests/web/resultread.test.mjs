// How a screen reader reads a row of a round's result (Chromium's own
// accessibility tree): its header, the player, was read "Ada you Ada":
// the name, the "you" tag, and the name again as the label of the hand's
// cards. Each row now names its player once, with what the tags say in
// words a sentence takes ("Ada (you, declared)"); the hand's cards follow
// in the row, each read in words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, playToRoundEnd, hostTable, fullTable, DESKTOP, PHONE } from './helpers.mjs';

// A long round pause: a round's result stays until the player moves on
// (the default second's pause dealt the next round, taking the result
// away, on a machine slow enough between the look and the reading).
const env = setup(['--round-pause', '60']);

for (const [what, size] of [['a desktop', DESKTOP], ['a phone', PHONE]]) {
  test(`on ${what} each row of the round's result names its player once`, async (t) => {
    const page = await newPage(env.browser, size);
    await withShots(t, [page], async () => {
      const me = `Ada${size.width}`;
      await fullTable(page, env.server.url, me, 2);
      await playToRoundEnd(page);
      const names = await page.$$eval('table.result tbody th', (ths) => ths.map((th) => th.firstChild.textContent));
      assert.equal(names.length, 2);
      // The columns say which total is the hand's and which the match's
      // (they were 'Total', 'Scores' and 'Total score').
      assert.deepEqual(await page.$$eval('table.result thead th', (ths) => ths.map((th) => th.textContent.trim()).filter(Boolean)),
        ['Player', 'Hand total', 'Round score', 'Match score']);
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      const heard = nodes.filter((n) => !n.ignored && n.role?.value === 'rowheader').map((n) => n.name?.value ?? '');
      const rows = heard.filter((x) => names.some((n) => x.startsWith(n)));
      assert.equal(rows.length, 2, `the rows: ${JSON.stringify(heard)}`);
      for (const name of names) {
        const row = rows.find((x) => x.startsWith(name));
        assert.equal(row.split(name).length - 1, 1, `${name} is named once: ${JSON.stringify(row)}`);
        if (name === me) assert.ok(row.startsWith(`${me} (you`), row);
      }
      // The hand's cards are still there for a reader, each in words.
      const cards = nodes.filter((n) => !n.ignored && n.role?.value === 'image').map((n) => n.name?.value ?? '');
      const shown = await page.$$eval('table.result tbody th .card', (els) => els.length);
      assert.ok(shown >= 2, `${shown} cards in the result`);
      assert.ok(cards.filter((c) => / of (clubs|diamonds|hearts|spades)$/.test(c)).length >= shown, JSON.stringify(cards));
      assert.deepEqual(page.errors, []);
    });
    await page.context().close();
  });
}

// The same in the lobby's list of seats and the players' panels at the
// table: "Ada (you, host) person" and a heading "Ada (you)", not "Ada you
// host person" and "Ada you", the tags read as words of the name.
test('the lobby and the players\' panels read a name\'s tags as one aside', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await withShots(t, [page], async () => {
    await hostTable(page, env.server.url, 'Tagg', { seats: 2, kinds: ['greedy'] });
    const cdp = await page.context().newCDPSession(page);
    const heard = async (role) => (await cdp.send('Accessibility.getFullAXTree')).nodes
      .filter((n) => !n.ignored && n.role?.value === role).map((n) => n.name?.value ?? '');
    assert.deepEqual(await page.$$eval('.seat-list li:first-child .tag', (els) => els.map((e) => e.textContent)), ['you', 'host'],
      'the tags are drawn');
    // (what a reader is given of the list item: its accessibility snapshot)
    const read = await page.locator('.seat-list li').first().ariaSnapshot();
    assert.match(read, /listitem: Tagg \(you, host\)/, read);
    await page.click('#start');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    const headings = await heard('heading');
    assert.ok(headings.includes('Tagg (you)'), JSON.stringify(headings));
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
