// The final scores at a match's end are the match's places, as the store
// gives them (the match page /api/matches/ID, `place`): the winner, who
// outlasted the others (R8), first; then those out later before those out
// earlier; those out in the same round by score. The page used to sort
// them by score alone, so a player out first with 31 was listed above one
// out last with 34, as if placed above them.
//
// The order itself (finalPlaces, web/rules.js) is tested on seats written
// by hand in rules.test.mjs, where every case is certain. Here Ada plays
// ONE three-seat match at threshold 25 with two computer players, and the
// page's list is checked against the store's, whatever order the deal
// gives: the same seats in the same order, each line's place number and
// score as /api/matches/ID gives them, and the round each player went out
// in as the engine's replay of the record (/api/matches/ID/replay) says.
// Once a computer player is out, Ada plays to lose (she keeps high cards
// and declares with them, a false declaration of 20 points and more), so
// that she often goes out last with the highest score and the places and
// the scores disagree; the test does not depend on it.

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
    await playMatch(page);
    await page.waitForSelector('#see-replay', { timeout: 15000 });
    const id = Number(/\/matches\/(\d+)$/.exec(await page.getAttribute('#see-replay', 'href'))[1]);
    const { players } = await (await fetch(`${url}/api/matches/${id}`)).json();
    const { steps } = await (await fetch(`${url}/api/matches/${id}/replay`)).json();
    // The round each seat went out in, from the engine's replay.
    const outRound = new Map();
    for (const st of steps) for (const seat of st.result?.eliminated ?? []) outRound.set(seat, st.result.round);
    const lines = await page.$$eval('ol.final li', (ls) => ls.map((l) => ({ n: l.value, text: l.textContent })));
    const told = `the list ${JSON.stringify(lines)}, the places ${JSON.stringify(players)}`;
    // In the order of the places: the line of each seat by its name.
    const seatOf = (text) => players.find((x) => text.startsWith(`${x.name}: `));
    const byPlace = [...players].sort((a, b) => a.place - b.place || a.seat - b.seat);
    assert.equal(players.length, 3, told);
    assert.deepEqual(lines.map(({ text }) => seatOf(text)?.seat), byPlace.map((p) => p.seat), told);
    // Each line is its player's place, name and score, and for all but
    // the winner the round they went out in.
    lines.forEach(({ n, text }, i) => {
      const p = byPlace[i];
      assert.equal(n, p.place, `${p.name}'s place: ${text}`);
      assert.equal(text, p.won ? `${p.name}: ${p.score}` : `${p.name}: ${p.score}, out in round ${outRound.get(p.seat)}`,
        `${p.name}'s line (${told})`);
    });
    assert.ok(byPlace[0].won && !outRound.has(byPlace[0].seat), `the winner is first and never went out: ${told}`);
    const byScore = [...players].sort((a, b) => a.score - b.score || a.seat - b.seat);
    const disagree = byScore.some((p, i) => p.seat !== byPlace[i].seat);
    t.diagnostic(`${lines.map((l) => `${l.n}. ${l.text}`).join('; ')} (places and scores ${disagree ? 'disagree' : 'agree'})`);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
