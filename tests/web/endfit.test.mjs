// The match's end at a full table of 8 on a phone: the page's focus goes
// to its title ("Match over") at the top, and the first screen must say
// who won, with the host's Rematch, not only the last round's result
// (with eight hands some 1200 px long, the winner came under it, far
// below the screen). Checked by the boxes of the winner's heading and of
// Rematch against the viewport, at the end and at each phone size the
// page is then turned to (from its top, as the focus leaves it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, playToEnd } from './helpers.mjs';

const env = setup();

const SIZES = [{ width: 320, height: 640 }, { width: 360, height: 740 }, { width: 390, height: 844 },
  { width: 740, height: 360 }, { width: 844, height: 390 }];

const offScreen = (page) => page.evaluate(() => {
  const out = [];
  for (const [sel, name] of [['h2.winner', 'the winner'], ['#rematch', 'Rematch']]) {
    const el = document.querySelector(sel);
    if (!el) { out.push(`no ${name}`); continue; }
    const r = el.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5) out.push(`${name} [${Math.round(r.top)}, ${Math.round(r.bottom)}] in ${window.innerWidth}x${window.innerHeight}`);
  }
  return out;
});

test('8 seats on a phone: at the match\'s end the winner and Rematch are on the first screen', async (t) => {
  const page = await newPage(env.browser, SIZES[0]);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Ada');
    await createTable(page, { seats: 8, kinds: Array(7).fill('greedy'), threshold: 25 });
    await page.click('#start');
    await playToEnd(page, 240000, 5);
    await page.waitForSelector('h2.winner', { timeout: 10000 });
    await page.waitForFunction(() => document.activeElement?.matches('h1'), null, { timeout: 10000 });
    assert.ok(await page.evaluate(() => document.querySelectorAll('table.result tbody tr').length) >= 2, 'the last round\'s result is shown');
    assert.deepEqual(await offScreen(page), [], 'as the match ends');
    for (const size of SIZES.slice(1)) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.deepEqual(await offScreen(page), [], `${size.width}x${size.height}`);
    }
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
