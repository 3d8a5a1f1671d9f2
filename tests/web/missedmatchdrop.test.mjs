// A match's end missed in a dropped connection. Ben's device goes offline
// at the start of the match; after the grace time (1 s here) the computer
// plays for him, Ada plays the match to its end and starts a rematch. Ben
// comes back in match 2: the events he missed hold match 1's final round
// and its end, and his page shows them under his hand with the match's
// final scores by place, told to a screen reader, until Close. Someone who only comes to the table in match 2 (a
// spectator) missed nothing: match 1 is before their time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, joinFromLink, playToEnd, DESKTOP, PHONE } from './helpers.mjs';

const env = setup(['--grace', '1']);

test('the end of a match missed in a dropped connection is read from the events on return', async (t) => {
  const ada = await newPage(env.browser, DESKTOP);
  const ben = await newPage(env.browser, PHONE);
  const cleo = await newPage(env.browser, DESKTOP);
  await ben.context().addInitScript(() => {
    window.heard = [];
    new MutationObserver(() => {
      const text = document.getElementById('announce')?.textContent;
      if (text) window.heard.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await withShots(t, [ada, ben, cleo], async () => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 2, kinds: ['open'], threshold: 25 });
    await joinFromLink(ben, env.server.url, code, 'Ben');
    await ada.click('#start');
    await ben.waitForSelector('.hand button', { timeout: 30000 });

    // Ben's device goes offline; once his grace time is over the computer
    // plays his seat, and Ada plays the match to its end.
    await ben.context().setOffline(true);
    await ben.waitForSelector('#offline', { timeout: 10000 });
    await ada.waitForSelector('.seat[data-seat="1"] .status:has-text("away")', { timeout: 30000 });
    await playToEnd(ada);
    const winner = await ada.textContent('h2.winner');
    const heading = await ada.textContent('#result-h');
    // Each row's cards, total and total score (its words differ: each page
    // reads its own player's in the second person).
    const cells = (rs) => rs.map((r) => [...r.querySelectorAll('[data-card]')].map((c) => c.dataset.card).join(' ')
      + ` | ${r.cells[1].textContent} | ${r.cells[r.cells.length - 1].textContent}`);
    const rows = await ada.$$eval('table.result tbody tr', cells);
    const lines = (page, within = '') => page.$$eval(`${within} ol.final li`, (ls) => ls.map((l) => `${l.value}. ${l.textContent}`));
    const final = await lines(ada);
    assert.equal(final.length, 2, final.join(' / '));
    await ada.click('#rematch');
    await ada.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });

    // Back online in match 2: match 1's end is under Ben's hand.
    await ben.context().setOffline(false);
    await ben.waitForSelector('#missed-final', { timeout: 30000 });
    assert.match(await ben.textContent('h1'), /^Match 2/);
    assert.equal(await ben.textContent('#missed-final-h'), heading);
    assert.match(await ben.textContent('#missed-final'), /Match 1 ended while you were away/);
    // (Ada's page says "You won" where Ben's names her, and the other way.)
    const benWinner = await ben.textContent('#missed-final h3');
    assert.ok(winner === 'You won the match!' ? benWinner === 'Ada won the match' : benWinner === 'You won the match!',
      `Ada read '${winner}', Ben '${benWinner}'`);
    assert.deepEqual(await ben.$$eval('#missed-final table.result tbody tr', cells), rows);
    assert.deepEqual(await lines(ben, '#missed-final'), final, 'the final scores by place');
    await ben.waitForFunction(() => window.heard.some((x) => x.includes('You missed the end of match 1')),
      null, { timeout: 5000 }).catch(() => {});
    const told = (await ben.evaluate(() => window.heard)).find((x) => x.includes('You missed the end of match 1'));
    assert.match(told || '', /You missed the end of match 1; .* won the match\./);
    assert.equal(await ada.isVisible('#missed-final'), false, 'Ada saw the end');

    // A spectator who comes in match 2 is sent the table's past, match 1's
    // end with it: no news to them.
    await cleo.goto(`${env.server.url}/t/${code}`);
    await cleo.click('#watch');
    await cleo.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
    await cleo.waitForSelector('#log li', { timeout: 10000 });
    assert.equal(await cleo.isVisible('#missed-final'), false, 'a newcomer missed nothing');

    // Close puts it away for good.
    await ben.click('#missed-final-close');
    await ben.waitForSelector('#missed-final', { state: 'detached', timeout: 5000 });
    await ben.reload();
    await ben.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
    await ben.waitForSelector('#log li', { timeout: 10000 });
    assert.equal(await ben.isVisible('#missed-final'), false);
    for (const p of [ada, ben, cleo]) assert.deepEqual(p.errors, []);
  });
  for (const p of [ada, ben, cleo]) await p.context().close();
});
