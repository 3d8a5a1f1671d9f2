// Controls that must look like what they do, for the eye, the keyboard
// and someone who asked for less motion:
//
// - the login box ("Already a player with a password? Log in") is a
//   <details> whose summary was drawn as a flex box, which loses the
//   browser's triangle: it looked like a line of plain text, and the
//   keyboard's focus on it was the browser's thin ring, hard to see on
//   the green. It now has a triangle that turns when it opens, the link
//   colour, and the page's focus outline;
// - with "reduce motion" asked for, a selected card is raised at once
//   instead of sliding.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, PHONE } from './helpers.mjs';

const env = setup([], { db: true });

test('the login box looks like something that opens, and shows the keyboard\'s focus', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await page.waitForSelector('#login-box summary', { timeout: 15000 });
    const marker = () => page.$eval('#login-box summary', (el) => getComputedStyle(el, '::before').content);
    const closed = await marker();
    assert.match(closed, /▸/, `a closed box shows a triangle, not ${closed}`);
    // Reached with Tab from the box above it, opened with Enter.
    await page.focus('#keep');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.tagName), 'SUMMARY');
    const ring = await page.$eval('#login-box summary', (el) => {
      const st = getComputedStyle(el);
      return `${st.outlineStyle} ${st.outlineWidth}`;
    });
    assert.equal(ring, 'solid 3px');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#login-name', { timeout: 15000 });
    assert.match(await marker(), /▾/);
    // The triangle is drawn, not read: the summary's name is its words.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const names = nodes.filter((n) => !n.ignored && n.role?.value === 'DisclosureTriangle').map((n) => n.name?.value);
    assert.deepEqual(names, ['Already a player with a password? Log in']);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

test('with reduced motion asked for, a selected card does not slide', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(env.server.url + '/');
    await setName(page, 'Still');
    await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand button', { timeout: 30000 });
    const moving = await page.$$eval('.hand button', (bs) =>
      bs.map((b) => getComputedStyle(b).transitionDuration).filter((d) => d.split(',').some((x) => parseFloat(x) > 0)));
    assert.deepEqual(moving, []);
    // Without the wish, the card slides (the test sees the difference).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    assert.equal(await page.$eval('.hand button', (b) => getComputedStyle(b).transitionDuration), '0.1s');
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

// On her turn, a card selected (so that the open cards and Draw may be
// pressed), every stop of the Tab key shows the page's focus outline
// (3px solid), the hand's card, the open card and Draw among them. The
// moves' list, which scrolls and so is a stop of the Tab key, had the
// browser's thin ring (auto 1px), hard to see on the green.
test('on her turn every stop of the Tab key shows the page\'s focus outline', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Tabber');
    await createTable(page, { seats: 4, kinds: ['greedy', 'greedy', 'greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.focus('.hand button[tabindex="0"]');
    await page.keyboard.press('Space');
    await page.waitForSelector('#draw:not([disabled])', { timeout: 5000 });
    await page.evaluate(() => document.activeElement.blur());
    const stops = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const st = getComputedStyle(el);
        return { what: el.dataset.card ? `card ${el.closest('#open') ? 'open' : 'hand'}` : el.id || el.className, ring: `${st.outlineStyle} ${st.outlineWidth}` };
      });
      if (!stop) continue;
      if (stops.some((s) => s.what === stop.what)) break;
      stops.push(stop);
    }
    const whats = stops.map((s) => s.what);
    for (const need of ['card hand', 'card open', 'draw', 'hint', 'chat-toggle']) assert.ok(whats.includes(need), `${need} among the stops: ${whats.join(', ')}`);
    assert.deepEqual(stops.filter((s) => s.ring !== 'solid 3px'), [], 'the stops without the page\'s outline');
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
