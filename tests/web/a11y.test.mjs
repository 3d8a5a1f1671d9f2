// What a screen reader is given, read from the accessibility tree that
// Chromium builds (playwright's ariaSnapshot()), on every screen of a
// match: the first page, the lobby, the turn (a hint shown, the chat
// open, Declare's question), a round's result, the match's end, the
// rules, the leaderboard. Every control has a name; the headings go down
// one level at a time, so that a reader who moves by headings finds each
// part under the one it belongs to (the players' names, h3, came straight
// under the screen's title, h1: the players' row had no heading); no id
// is used twice, and every id an attribute names (aria-labelledby,
// aria-describedby, aria-controls, a label's for) is on the page, the
// rules' dialog open or closed; the turn and the moves are told in a
// live region; and the cards in the moves and the hint read in words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, playTurn, playToEnd, playUntilDeclare, DESKTOP, PHONE } from './helpers.mjs';

const env = setup(['--round-pause', '60']);

const CONTROLS = ['button', 'link', 'textbox', 'combobox', 'checkbox', 'spinbutton', 'radio', 'slider', 'switch'];

// What is wrong in the tree under `locator` (and in the page's ids); its
// headings begin under level `under` (the rules' dialog, under the page's
// title, at 2).
async function problems(page, locator = page.locator('body'), under = 0) {
  const out = [];
  const tree = await locator.ariaSnapshot();
  let last = under;
  for (const raw of tree.split('\n')) {
    const line = raw.trim().replace(/^- '?/, '').replace(/'?:?$/, '');
    const m = /^(\w+)(?: "((?:[^"\\]|\\.)*)")?(.*)$/.exec(line);
    if (!m) continue;
    const [, role, name, rest] = m;
    if (CONTROLS.includes(role) && !name) out.push(`a ${role} with no name: ${raw.trim()}`);
    if (role === 'heading') {
      const level = Number(/\[level=(\d)\]/.exec(rest)?.[1]);
      if (level > last + 1) out.push(`heading '${name}' at level ${level} under level ${last}`);
      last = level;
    }
  }
  const dup = await page.evaluate(() => {
    const seen = new Map();
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) || 0) + 1);
    const out = [...seen].filter(([, n]) => n > 1).map(([id, n]) => `id '${id}' ${n} times`);
    // Every id that names another element (the rules' dialog, closed,
    // was named by an id that was not on the page) names one that is.
    for (const attr of ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'for']) {
      for (const el of document.querySelectorAll(`[${attr}]`)) {
        for (const id of el.getAttribute(attr).split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) out.push(`${attr}="${id}" on <${el.tagName.toLowerCase()}${el.id ? ` id=${el.id}` : ''}>: no such id`);
        }
      }
    }
    return out;
  });
  return out.concat(dup);
}

for (const size of [DESKTOP, PHONE]) {
  test(`${size.width}x${size.height}: every screen of a match reads in order, every control named`, async (t) => {
    await openPages(t, env.browser, [size], async (page) => {
      await page.goto(env.server.url + '/');
      assert.deepEqual(await problems(page), [], 'the first page');
      await setName(page, `Reader${size.width}`);
      // (Threshold 50: no round's hand can put the player out, which at 25
      // a computer's early declaration did before Declare was offered.)
      await createTable(page, { seats: 3, kinds: ['greedy', 'open'], threshold: 50 });
      assert.deepEqual(await problems(page), [], 'the lobby');
      await page.click('#rules');
      assert.deepEqual(await problems(page, page.locator('#rules-dialog'), 1), [], 'the rules');
      await page.keyboard.press('Escape');
      await page.click('#start');
      await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
      assert.deepEqual(await problems(page), [], 'the turn');
      // The turn is told in a live region.
      const told = await page.evaluate(() => [...document.querySelectorAll('[aria-live], [role=status], [role=alert]')]
        .map((el) => el.textContent).join(' '));
      assert.match(told, /Your turn/, 'the turn is told');
      await page.click('#hint');
      await page.waitForSelector('.hint p', { timeout: 30000 });
      // The cards in the moves and in the hint are read in words ("10
      // of diamonds"), each a picture named so: they were bare text,
      // which a screen reader reads by the symbol's name ("10 black
      // diamond suit").
      const symbols = await page.evaluate(() => {
        const out = [];
        let seen = 0;
        for (const box of document.querySelectorAll('#log, .hint')) {
          const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            if (!/[♣♦♥♠]/u.test(n.textContent)) continue;
            seen++;
            const img = n.parentElement.closest('[role=img]');
            if (!img || !/^(ace|[2-9]|10|jack|queen|king) of (clubs|diamonds|hearts|spades)$/.test(img.getAttribute('aria-label'))) {
              out.push(`'${n.textContent.trim().slice(0, 40)}' in ${box.id || box.className}`);
            }
          }
        }
        return seen ? out : ['no card in the moves or the hint'];
      });
      assert.deepEqual(symbols, [], 'the cards in the moves and the hint, in words');
      await page.click('#chat-toggle');
      assert.deepEqual(await problems(page), [], 'the turn, a hint shown, the chat open');
      await page.click('#chat-close');
      // (Declare comes once the first turn is over.)
      await playUntilDeclare(page);
      await page.click('#declare');
      assert.deepEqual(await problems(page), [], 'Declare\'s question');
      await page.keyboard.press('Escape');
      // (A declaration that ends the round may end the match too.)
      const deadline = Date.now() + 60000;
      while (!(await page.isVisible('#next')) && !(await page.isVisible('h2.winner'))) {
        assert.ok(Date.now() < deadline, 'the round ended within 60 s');
        if (!(await playTurn(page, 1000))) await page.waitForTimeout(100);
      }
      if (await page.isVisible('#next')) {
        assert.deepEqual(await problems(page), [], 'a round\'s result');
        await page.click('#next');
        await playToEnd(page, 150000, 1000);
      }
      await page.waitForSelector('h2.winner', { timeout: 30000 });
      assert.deepEqual(await problems(page), [], 'the match\'s end');
      await page.goto(env.server.url + '/leaderboard');
      await page.waitForSelector('h1:has-text("Leaderboard")', { timeout: 10000 });
      await page.waitForFunction(() => !document.querySelector('[role=status]')?.textContent.includes('Loading'), null, { timeout: 10000 });
      assert.deepEqual(await problems(page), [], 'the leaderboard');
    });
  });
}
