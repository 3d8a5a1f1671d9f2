// Four friends on phones (360x740 and 390x844): a round's result that
// puts one of them out of the match says so on the first screen, right
// under what happened and Next round, before the hands. The line came
// after the four hands, below the screen: the friend put out read that
// he had declared falsely, pressed Next round, and only then learnt that
// he was out.
//
// Each friend declares as soon as she may, whatever her hand, at a table
// out above 25: declarations, false ones above all, put players out
// within a few rounds. The server waits for every Next round (a long
// round pause), so that each page's result is looked at before the next
// round is dealt. A match that ends with nobody put out before its last
// round (the last round's result is the match's end, with the final
// scores) is followed by a rematch, up to three matches.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, joinFromLink, playTurn } from './helpers.mjs';

const env = setup(['--round-pause', '120']);

const P1 = { width: 360, height: 740 };
const P2 = { width: 390, height: 844 };

// The lines of a round's result that say who went out, each off the
// screen as 'text [top, bottom] in height'; null when nobody went out.
const outLines = (page) => page.evaluate(() => {
  const lines = [...document.querySelectorAll('.result-panel .out-line')];
  if (!lines.length) return null;
  return lines.filter((el) => {
    const r = el.getBoundingClientRect();
    return r.top < 0 || r.bottom > innerHeight;
  }).map((el) => {
    const r = el.getBoundingClientRect();
    return `${el.textContent} [${Math.round(r.top)}, ${Math.round(r.bottom)}] in ${innerHeight}`;
  });
});

test('four friends on phones: who went out is on the first screen of the round\'s result', async (t) => {
  await openPages(t, env.browser, [P1, P2, P1, P2], async (ada, ben, cleo, dan) => {
    const pages = [ada, ben, cleo, dan];
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    await ada.uncheck('#keep');
    const code = await createTable(ada, { seats: 4, kinds: ['open', 'open', 'open'], threshold: 25 });
    for (const [p, name] of [[ben, 'Ben'], [cleo, 'Cleo'], [dan, 'Dan']]) {
      await p.goto(env.server.url + '/');
      await setName(p, name);
      await p.uncheck('#keep');
      await joinFromLink(p, env.server.url, code, name);
    }
    await ada.click('#start');
    let seen = 0;
    const deadline = Date.now() + 300000;
    for (let matches = 1; matches <= 3 && !seen;) {
      assert.ok(Date.now() < deadline, 'nobody was put out before a match\'s last round within 300 s');
      let over = 0;
      for (const p of pages) {
        if (await p.isVisible('#next')) {
          const off = await outLines(p);
          if (off) {
            seen++;
            assert.deepEqual(off, [], `who went out, on the first screen of ${p.viewportSize().width}x${p.viewportSize().height}`);
          }
        }
        if (await playTurn(p, 1000) === 'over') over++;
      }
      if (over === pages.length && !seen) {
        matches++;
        await ada.click('#rematch');
        for (const p of pages) await p.waitForSelector('h1:has-text("Round 1")', { timeout: 30000 });
      }
      await ada.waitForTimeout(100);
    }
    assert.ok(seen > 0, 'a round\'s result put someone out');
  });
});
