// A match's end that the page missed. Ada and Ben play a match to its
// end; Ben reloads while its result is on the screen and his page is held
// back until Ada, the host, has started a rematch. The view then carries
// the new match only, and Ben used to find match 2 with no word of how
// match 1 ended. Now its final round and its winner are under his hand,
// told to a screen reader; Close puts them away, and they do not come
// back after another reload. Ada, who saw the end, has no such panel.
// The panel lists the match's final scores by place, as the end's screen
// did (it used to give the winner and the last round only).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, newPage, withShots, setName, createTable, joinFromLink, playBoth, DESKTOP, PHONE } from './helpers.mjs';

const env = setup();

// A page's final scores, each line its place and text (within: the panel).
const finalLines = (page, within = '') => page.$$eval(`${within} ol.final li`, (ls) => ls.map((l) => `${l.value}. ${l.textContent}`));

test('the end of a match missed in a reload before a rematch is shown in the next match', async (t) => {
  const ada = await newPage(env.browser, DESKTOP);
  const ben = await newPage(env.browser, PHONE);
  await ben.context().addInitScript(() => {
    window.heard = [];
    new MutationObserver(() => {
      const text = document.getElementById('announce')?.textContent;
      if (text) window.heard.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await withShots(t, [ada, ben], async () => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada');
    const code = await createTable(ada, { seats: 2, kinds: ['open'], threshold: 25 });
    await joinFromLink(ben, env.server.url, code, 'Ben');
    await ada.click('#start');

    // Both play until the match is over (each declares with 7 or less).
    await playBoth(ada, ben);
    const winner = await ben.textContent('h2.winner');
    const rows = await ben.$$eval('table.result tbody tr', (rs) => rs.map((r) => r.textContent));
    const heading = await ben.textContent('#result-h');
    const final = await finalLines(ben);
    assert.equal(final.length, 2, final.join(' / '));

    // Ben reloads; his page is held back until match 2 has begun.
    let release;
    const held = new Promise((r) => { release = r; });
    await ben.route('**/app.js', async (route) => {
      await held;
      await route.continue();
    });
    await ben.reload({ waitUntil: 'commit' });
    await ada.click('#rematch');
    await ada.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
    release();

    // Match 2 at Ben's: match 1's final round and its winner under the hand.
    await ben.waitForSelector('#missed-final', { timeout: 30000 });
    assert.match(await ben.textContent('h1'), /^Match 2/);
    assert.equal(await ben.textContent('#missed-final-h'), heading);
    assert.match(await ben.textContent('#missed-final'), /Match 1 ended while you were away/);
    assert.equal(await ben.textContent('#missed-final h3'), winner);
    assert.deepEqual(await ben.$$eval('#missed-final table.result tbody tr', (rs) => rs.map((r) => r.textContent)), rows);
    assert.deepEqual(await finalLines(ben, '#missed-final'), final, 'the final scores by place');
    await ben.waitForFunction(() => window.heard.some((x) => x.includes('You missed the end of match 1')),
      null, { timeout: 5000 }).catch(() => {});
    const told = (await ben.evaluate(() => window.heard)).find((x) => x.includes('You missed the end of match 1'));
    assert.match(told || '', /You missed the end of match 1; .* won the match\./);
    assert.equal(await ada.isVisible('#missed-final'), false, 'Ada saw the end');

    // Close puts it away; another reload does not show it again.
    await ben.click('#missed-final-close');
    await ben.waitForSelector('#missed-final', { state: 'detached', timeout: 5000 });
    await ben.unroute('**/app.js');
    await ben.reload();
    await ben.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
    await ben.waitForTimeout(500);
    assert.equal(await ben.isVisible('#missed-final'), false);
    assert.deepEqual(ada.errors, []);
    assert.deepEqual(ben.errors, []);
  });
  await ada.context().close();
  await ben.context().close();
});

// One who leaves the table from the final scores saw them: Ada leaves,
// Ben (now the host) starts a rematch, and Ada, back at the table from the
// home page, is not told that match 1 ended while she was away.
test('the end of a match left with Leave table is not shown as missed', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (ada, ben) => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada2');
    const code = await createTable(ada, { seats: 2, kinds: ['open'], threshold: 25 });
    await joinFromLink(ben, env.server.url, code, 'Ben2');
    await ada.click('#start');
    await playBoth(ada, ben);
    await ada.click('#leave');
    await ben.waitForSelector('#rematch', { timeout: 30000 });
    await ben.click('#rematch');
    await ben.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
    await ada.click(`text=Back to table ${code}`);
    await ada.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
    // (Her return is the last thing in the log once the page has it all.)
    await ada.waitForFunction(() => document.querySelector('#log li')?.textContent === 'You are back.', null,
      { timeout: 10000 });
    assert.equal(await ada.isVisible('#missed-final'), false, 'Ada saw the end');
    assert.deepEqual(ada.errors, []);
    assert.deepEqual(ben.errors, []);
  });
});

// Back to the lobby frees the seats of those who left and moves the later
// ones up: the end of match 1, missed by Ben in a reload, is read with the
// names of match 1's seats, not today's. Ada, Cleo and Ben sit in that
// order; Cleo leaves during the match (the computer plays her seat), Ben
// reloads on the final scores and is held back while Ada goes back to the
// lobby (Cleo's seat is freed, Ben moves up to hers) and starts match 2.
test('the end of a match missed across Back to the lobby names the players of that match', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE, DESKTOP], async (ada, ben, cleo) => {
    await ada.goto(env.server.url + '/');
    await setName(ada, 'Ada3');
    const code = await createTable(ada, { seats: 3, kinds: ['open', 'open'], threshold: 25 });
    await joinFromLink(cleo, env.server.url, code, 'Cleo3');
    await joinFromLink(ben, env.server.url, code, 'Ben3');
    await ada.waitForSelector('#start:not([disabled])', { timeout: 30000 });
    await ada.click('#start');
    await cleo.waitForSelector('.hand button', { timeout: 30000 });
    await cleo.click('#leave');
    await playBoth(ada, ben);
    const winner = await ben.textContent('h2.winner');
    const rows = await ben.$$eval('table.result tbody tr', (rs) => rs.map((r) => r.textContent));
    // (Who went out before the final round has no row in it.)
    assert.ok(rows.length >= 2 && rows.every((r) => /^(Ada3|Cleo3|Ben3)/.test(r)), rows.join(' / '));
    // (Every seat of match 1 is in its final scores, Cleo's too.)
    const final = await finalLines(ben);
    assert.equal(final.length, 3, final.join(' / '));

    let release;
    const held = new Promise((r) => { release = r; });
    await ben.route('**/app.js', async (route) => {
      await held;
      await route.continue();
    });
    await ben.reload({ waitUntil: 'commit' });
    await ada.click('#reopen');
    await ada.waitForFunction(() => document.querySelectorAll('.seat-list li').length === 2, null, { timeout: 30000 });
    await ada.waitForSelector('#start:not([disabled])', { timeout: 30000 });
    await ada.click('#start');
    await ada.waitForSelector('h1:has-text("Match 2")', { timeout: 30000 });
    release();

    await ben.waitForSelector('#missed-final', { timeout: 30000 });
    assert.match(await ben.textContent('h1'), /^Match 2/);
    assert.equal(await ben.textContent('#missed-final h3'), winner);
    assert.deepEqual(await ben.$$eval('#missed-final table.result tbody tr', (rs) => rs.map((r) => r.textContent)), rows);
    assert.deepEqual(await finalLines(ben, '#missed-final'), final, 'the final scores by place, with their names');
    for (const p of [ada, ben, cleo]) assert.deepEqual(p.errors, []);
  });
});
