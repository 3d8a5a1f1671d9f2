// The final scores at a match's end are the match's places, as the store
// gives them (the match page /api/matches/ID, `place`): the winner, who
// outlasted the others (R8), first; then those out later before those out
// earlier; those out in the same round by score. The page used to sort
// them by score alone, so a player out first with 31 was listed above one
// out last with 34, as if placed above them.
//
// Ada plays three-seat matches at threshold 25 with two computer players.
// Once one of them is out she plays to lose: she keeps high cards and
// declares with them, a false declaration of 20 points and more, so that
// she goes out last with the highest score, a match whose places and
// scores disagree. The server deals from the operating system's
// randomness, so Ada may go out first instead: then the host starts a
// rematch, up to twelve matches in all. Every match's list is checked.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, playTurn, declare, DESKTOP } from './helpers.mjs';

const env = setup([], { db: true });

const value = (c) => Math.min(10, ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
  .indexOf(c.slice(0, -1)) + 1);

// One of Ada's turns played to lose: with a high hand, Declare; else her
// lowest card away and the highest open card taken if it is higher, or a
// card drawn.
async function loseTurn(page) {
  const st = await page.evaluate(() => ({
    declare: !!document.querySelector('#declare:not([disabled])'),
    hand: [...document.querySelectorAll('.hand button')].map((b) => b.dataset.card),
    open: [...document.querySelectorAll('#open button')].map((b) => b.dataset.card),
  }));
  const total = st.hand.reduce((a, c) => a + value(c), 0);
  if (st.declare && (total >= 30 || st.hand.length < 3)) {
    await declare(page);
    return;
  }
  const low = [...st.hand].sort((a, b) => value(a) - value(b))[0];
  await page.click(`.hand button[data-card="${low}"]`);
  const high = [...st.open].sort((a, b) => value(b) - value(a))[0];
  if (high && value(high) > value(low)) await page.click(`#open button[data-card="${high}"]`);
  else await page.click('#draw');
}

// Plays one match to its end, within ms.
async function playMatch(page, ms = 150000) {
  const deadline = Date.now() + ms;
  for (;;) {
    assert.ok(Date.now() < deadline, `the match ended within ${ms / 1000} s`);
    const st = await page.evaluate(() => ({
      over: !!document.querySelector('.winner'),
      othersOut: document.querySelectorAll('.seat.out:not(.me)').length > 0,
      meOut: !!document.querySelector('.seat.me.out'),
      myTurn: !!document.querySelector('.hand-panel[data-act]'),
    }));
    if (st.over) return;
    if (st.othersOut && !st.meOut && st.myTurn) {
      await loseTurn(page).catch(() => {}); // the turn may have ended meanwhile (a timer)
      await page.waitForTimeout(150);
    } else {
      const did = await playTurn(page, 7);
      await page.waitForTimeout(did ? 150 : 50);
    }
  }
}

test('the final scores are the places the match page gives, winner first, then the last out', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await withShots(t, [page], async () => {
    const url = env.server.url;
    await page.goto(url + '/');
    await setName(page, 'Ada');
    await createTable(page, { seats: 3, kinds: ['greedy', 'greedy'], threshold: 25 });
    await page.click('#start');
    let disagree = 0;
    let lastId = 0;
    for (let match = 1; match <= 12 && !disagree; match++) {
      await playMatch(page);
      await page.waitForSelector('#see-replay', { timeout: 15000 });
      const id = Number(/\/matches\/(\d+)$/.exec(await page.getAttribute('#see-replay', 'href'))[1]);
      assert.ok(id > lastId, `match ${match} has a page of its own (${id} after ${lastId})`);
      lastId = id;
      const { players } = await (await fetch(`${url}/api/matches/${id}`)).json();
      const lines = await page.$$eval('ol.final li', (ls) => ls.map((l) => ({ n: l.value, text: l.textContent })));
      // In the order of the places: the line of each seat by its name.
      const seatOf = (text) => players.find((x) => text.startsWith(`${x.name}: `));
      const byPlace = [...players].sort((a, b) => a.place - b.place || a.seat - b.seat);
      assert.deepEqual(lines.map(({ text }) => seatOf(text)?.seat), byPlace.map((p) => p.seat),
        `match ${match}: the list ${JSON.stringify(lines)}, the places ${JSON.stringify(players)}`);
      // Each line is its player's place, name and score, and for all but
      // the winner the round they went out in.
      lines.forEach(({ n, text }, i) => {
        const p = byPlace[i];
        assert.equal(n, p.place, `${p.name}'s place: ${text}`);
        assert.match(text, p.won ? /^[^:]+: \d+$/ : /^[^:]+: \d+, out in round \d+$/);
        assert.equal(text.split(': ')[1].split(',')[0], String(p.score), `${p.name}'s score`);
      });
      const byScore = [...players].sort((a, b) => a.score - b.score || a.seat - b.seat);
      t.diagnostic(`match ${match}: ${lines.map((l) => `${l.n}. ${l.text}`).join('; ')}`);
      if (byScore.some((p, i) => p.seat !== byPlace[i].seat)) disagree = match;
      else {
        await page.click('#rematch');
        await page.waitForSelector('.winner', { state: 'detached' });
      }
    }
    assert.ok(disagree, 'in twelve matches none had places and scores in different orders');
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
