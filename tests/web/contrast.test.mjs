// A page in high contrast (forced colours, as Windows' contrast themes
// make it; less motion is controls.test's). In forced colours
// the browser draws every players' panel's border in the text's colour:
// the panel of the player to move, told apart by its border's colour
// alone, looked like the others (the words "to play" inside it aside).
// It is now told by a thicker border in the colour of a selection.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, hostTable, PHONE } from './helpers.mjs';

const env = setup();

// The border of each players' panel, as drawn: [width, style, colour].
const borders = (page) => page.$$eval('.seats .seat', (els) => els.map((el) => {
  const c = getComputedStyle(el);
  return [c.borderTopWidth, c.borderTopStyle, c.borderTopColor];
}));

test('in forced colours the panel of the player to move is told apart from the others', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await page.emulateMedia({ forcedColors: 'active' });
  await withShots(t, [page], async () => {
    await hostTable(page, env.server.url, 'Hix', { seats: 3, kinds: ['greedy', 'greedy'], start: true });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await page.evaluate(() => matchMedia('(forced-colors: active)').matches), true);
    const [mine, ...others] = await borders(page);
    for (const other of others) assert.notDeepEqual(mine, other, `the one to move ${mine}, another ${other}`);
    assert.ok(parseFloat(mine[0]) > Math.max(...others.map((o) => parseFloat(o[0]))), `${mine} is the thickest`);
    // A selected card's border is in a colour of its own too.
    const card = () => page.$$eval('.hand button', (bs) => bs.map((b) => getComputedStyle(b).borderTopColor));
    const before = await card();
    await page.click('.hand button >> nth=0');
    await page.waitForSelector('.hand button.selected', { timeout: 3000 });
    const after = await card();
    assert.notEqual(after[0], after[1], `selected ${after[0]}, not selected ${after[1]}`);
    assert.equal(after[1], before[1]);
    // and its edge is as thick as the one to move's panel's nearly (3 px):
    // its 1 px border and a 2 px shadow inside it (which the browser would
    // not draw in forced colours, but the card keeps its own colours).
    const edge = await page.$eval('.hand button.selected', (b) => [getComputedStyle(b).boxShadow, getComputedStyle(b).forcedColorAdjust]);
    assert.match(edge[0], / 0px 0px 0px 2px inset$/, `a selected card's shadow: ${edge[0]}`);
    assert.equal(edge[1], 'none');
    // A card selected, the open cards may be taken: their edge is the
    // selection's colour and 3 px thick in the same way (a 3 px border
    // had made them wider, picksize.test).
    await page.waitForSelector('#open .card.pick:not(:disabled)', { timeout: 3000 });
    const pick = await page.$eval('#open .card.pick', (b) => [getComputedStyle(b).borderTopColor,
      getComputedStyle(b).boxShadow, getComputedStyle(b).forcedColorAdjust, getComputedStyle(b).borderTopWidth]);
    assert.equal(pick[0], after[0], `a takeable open card's border ${pick[0]}, a selected card's ${after[0]}`);
    assert.match(pick[1], / 0px 0px 0px 2px inset$/, `a takeable open card's shadow: ${pick[1]}`);
    assert.deepEqual(pick.slice(2), ['none', '1px']);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
