// The match's end at a full table of 8 on a phone: the page's focus goes
// to its title ("Match over") at the top, and the first screen must say
// who won, with the host's Rematch, not only the last round's result
// (with eight hands some 1200 px long, the winner came under it, far
// below the screen). Checked by the boxes of the winner's heading and of
// Rematch against the viewport, and of the words of the line under
// Rematch against the Chat button's (at 740x360 it covered their end),
// at the end and at each phone size the page is then turned to (from its
// top, as the focus leaves it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, fullTable, playToEnd, PHONES } from './helpers.mjs';

const env = setup();

const offScreen = (page) => page.evaluate(() => {
  const out = [];
  for (const [sel, name] of [['h2.winner', 'the winner'], ['#rematch', 'Rematch']]) {
    const el = document.querySelector(sel);
    if (!el) { out.push(`no ${name}`); continue; }
    const r = el.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5) out.push(`${name} [${Math.round(r.top)}, ${Math.round(r.bottom)}] in ${window.innerWidth}x${window.innerHeight}`);
  }
  // The words of the line under Rematch, each of its lines' boxes, clear
  // of the Chat button that floats at the screen's bottom corner.
  const help = document.getElementById('reopen-help');
  const b = document.getElementById('chat-toggle')?.getBoundingClientRect();
  if (help && b) {
    const range = document.createRange();
    range.selectNodeContents(help);
    for (const r of range.getClientRects()) {
      if (r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) {
        out.push(`the help under Rematch [${[r.left, r.top, r.right, r.bottom].map(Math.round)}] under the Chat button in ${window.innerWidth}x${window.innerHeight}`);
      }
    }
  }
  return out;
});

test('8 seats on a phone: at the match\'s end the winner and Rematch are on the first screen', async (t) => {
  await openPages(t, env.browser, [PHONES[0]], async (page) => {
    await fullTable(page, env.server.url, 'Ada', 8, { threshold: 25 });
    await playToEnd(page, 240000, 5);
    await page.waitForSelector('h2.winner', { timeout: 10000 });
    await page.waitForFunction(() => document.activeElement?.matches('h1'), null, { timeout: 10000 });
    assert.ok(await page.evaluate(() => document.querySelectorAll('table.result tbody tr').length) >= 2, 'the last round\'s result is shown');
    assert.deepEqual(await offScreen(page), [], 'as the match ends');
    for (const size of PHONES.slice(1)) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.deepEqual(await offScreen(page), [], `${size.width}x${size.height}`);
    }
  });
});
