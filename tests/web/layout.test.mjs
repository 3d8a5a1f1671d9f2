// The page's layout holds with the longest names a table may have: 16
// characters with no space to wrap at ("WWWWWWWWWWWWWWWW"). On a phone the
// page stays as wide as the screen (it was pushed sideways by the players'
// panels) and on both sizes every name stays inside its player's panel (on
// a desktop it ran over the next one).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

// What on the page runs out of its box: the page wider than the window,
// or a piece of text (or an element) of a player's panel outside that
// panel. Text is measured with a Range, since a text that overflows does
// not widen the element holding it.
async function overflows(page) {
  return page.evaluate(() => {
    const out = [];
    if (document.documentElement.scrollWidth > window.innerWidth) {
      out.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`);
    }
    for (const seat of document.querySelectorAll('.seat')) {
      const box = seat.getBoundingClientRect();
      const walker = document.createTreeWalker(seat, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        let r;
        if (n.nodeType === Node.TEXT_NODE) {
          if (!n.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          r = range.getBoundingClientRect();
        } else {
          r = n.getBoundingClientRect();
        }
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5) {
          out.push(`'${n.textContent.trim().slice(0, 40)}' (${Math.round(r.left)}-${Math.round(r.right)} px) `
            + `is outside the panel of seat ${seat.dataset.seat} (${Math.round(box.left)}-${Math.round(box.right)} px)`);
        }
      }
    }
    return out;
  });
}

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`16-letter names stay in their panels at a ${size}'s size`, async (t) => {
    await openPages(t, env.browser, [viewport, viewport], async (host, friend) => {
      const tag = size === 'phone' ? 'P' : 'D';
      await host.goto(env.server.url + '/');
      await setName(host, `WWWWWWWWWWWWWWW${tag}`);
      const code = await createTable(host, { seats: 4, kinds: ['open', 'expert', 'greedy'], threshold: 25 });
      await friend.goto(`${env.server.url}/t/${code}`);
      await setName(friend, `MMMMMMMMMMMMMMM${tag}`);
      await friend.click('#join');
      await host.waitForSelector(`.seat-list li:nth-child(4)`, { timeout: 30000 });
      await host.click('#start');
      for (const p of [host, friend]) {
        await p.waitForSelector('.seat[data-seat="3"]', { timeout: 30000 });
        assert.deepEqual(await overflows(p), []);
        assert.deepEqual(p.errors, []);
      }
    });
  });
}

// The smallest phones (320 px): a hand of 5 cards holds on one line (the
// last card dropped to a second one), and the open chat fits the screen.
test('a 5-card hand is one line on a 320 px phone', async (t) => {
  await openPages(t, env.browser, [{ width: 320, height: 640 }], async (page) => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Tiny');
    await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand button', { timeout: 30000 });
    const tops = await page.locator('.hand button').evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
    assert.equal(tops.length, 5);
    assert.equal(new Set(tops).size, 1, `the cards' tops: ${tops}`);
    const widths = await page.locator('.hand button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().width));
    assert.ok(widths.every((w) => w >= 44), `cards a thumb can press: ${widths}`);
    // The widest hand there is, whatever this deal: four 10s (the only
    // face of two digits) and a queen, drawn in the page's card buttons
    // and measured at once (before any redraw).
    const widest = await page.locator('.hand button').evaluateAll((bs) => {
      ['10♦', '10♣', '10♥', '10♠', 'Q♦'].forEach((face, i) => { bs[i].textContent = face; });
      return bs.map((b) => Math.round(b.getBoundingClientRect().top));
    });
    assert.equal(new Set(widest).size, 1, `four 10s and a queen: the cards' tops: ${widest}`);
    await page.click('#chat-toggle');
    assert.deepEqual(await overflows(page), []);
    const panel = await page.locator('#chat-panel').boundingBox();
    assert.ok(panel.x >= 0 && panel.x + panel.width <= 320, `the chat panel: ${JSON.stringify(panel)}`);
    assert.deepEqual(page.errors, []);
  });
});

// Every choice of the first page's lists shows whole in its list, from a
// 320 px phone to a desktop: the rules options stood in 200 px columns,
// and the desktop read "is correct (declarer scores" (and a 320 px phone
// "is correct (declarer scores 0"). A choice's text is measured in the
// list's font against the room the list has for it (its width, less its
// padding and 24 px for the arrow).
test('every choice of the first page\'s lists shows whole, from 320 px to a desktop', async (t) => {
  for (const width of [320, 390, 640, 1000, 1280]) {
    await openPages(t, env.browser, [{ width, height: 800 }], async (page) => {
      await page.goto(env.server.url + '/');
      await page.selectOption('#seats', '8');
      const cut = await page.evaluate(() => {
        const c = document.createElement('canvas').getContext('2d');
        const out = [];
        for (const sel of document.querySelectorAll('main select')) {
          const cs = getComputedStyle(sel);
          c.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 24;
          for (const o of sel.options) {
            const w = c.measureText(o.text).width;
            if (w > room) out.push(`${sel.id || sel.className}: '${o.text}' needs ${Math.round(w)} px, has ${Math.round(room)}`);
          }
        }
        return out;
      });
      assert.deepEqual(cut, [], `at ${width} px`);
      assert.deepEqual(await overflows(page), []);
    });
  }
});
