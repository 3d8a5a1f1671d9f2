// A round's result at a table of 8 on a phone held upright. The result
// lists eight hands, each score explained, and is some 1200 px long; the
// focus goes to Next round, and the browser scrolled the page to that
// button at the result's foot, leaving the round's heading and what
// happened (who declared, whether it was right) above the screen. Now the
// heading, the sentence of what happened and Next round are all on the
// screen when the result appears, with the focus on Next round.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, playToRoundEnd, fullTable, PHONE, PHONES } from './helpers.mjs';

// A long round pause: a round's result stays until the player moves on,
// so that it is measured (and a spectator comes) before the next round is
// dealt (the default second's pause took it away on a slow machine).
const env = setup(['--round-pause', '60']);

for (const size of PHONES) {
  test(`${size.width}x${size.height}, 8 seats: the round's outcome and Next round are on the screen`, async (t) => {
    await openPages(t, env.browser, [size], async (page) => {
      await fullTable(page, env.server.url, `Eve${size.width}`, 8);
      // Ada declares as soon as she may, whatever her hand: the round ends.
      await playToRoundEnd(page);
      await page.waitForFunction(() => document.activeElement?.id === 'next', null, { timeout: 10000 });
      const off = await page.evaluate(() => {
        const out = [];
        const head = document.getElementById('result-h');
        const what = head?.nextElementSibling;
        for (const [el, name] of [[head, 'the heading'], [what, 'what happened'], [document.getElementById('next'), 'Next round']]) {
          if (!el) { out.push(`no ${name}`); continue; }
          const r = el.getBoundingClientRect();
          if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5) out.push(`${name} [${Math.round(r.top)}, ${Math.round(r.bottom)}] in ${window.innerHeight}`);
        }
        return out;
      });
      assert.deepEqual(off, []);
    });
  });
}

// Scrolled down to read the hands, the player stays there when the page
// is drawn anew (a spectator comes: '1 watching'). The focus given back
// to Next round scrolled the page back up to it and to the round's
// heading at each redraw.
test('390x844, 8 seats: the round\'s result scrolled down stays there when the page is drawn anew', async (t) => {
  await openPages(t, env.browser, [PHONE, PHONE], async (page, watcher) => {
    const code = await fullTable(page, env.server.url, 'Rea', 8);
    await playToRoundEnd(page);
    await page.waitForFunction(() => document.activeElement?.id === 'next', null, { timeout: 10000 });
    const before = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return { y: window.scrollY, next: document.getElementById('next').getBoundingClientRect().bottom };
    });
    assert.ok(before.y > 0 && before.next < 0, `the page scrolled down past Next round (${before.y}, ${before.next})`);
    await watcher.goto(`${env.server.url}/t/${code}`);
    await watcher.click('#watch');
    await page.waitForSelector('#watchers', { timeout: 10000 });
    const after = await page.evaluate(() => ({ y: window.scrollY, focus: document.activeElement?.id }));
    assert.deepEqual(after, { y: before.y, focus: 'next' }, 'the page where she left it, the keyboard on Next round');
  }, { errorsOf: [0] });
});
