// web/seen.js: what a page has shown of the ends of rounds and matches, and
// what it missed, without a browser. Views and events are written as the
// server sends them (docs/server-protocol.md), cut down to what seen.js
// reads; the storage is a Map behind sessionStorage's two calls.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Seen, resultKey, later } from '../../web/seen.js';
import { finalPlaces } from '../../web/rules.js';

function storage() {
  const m = new Map();
  return {
    m,
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
  };
}

// A view of table K7QF2: `status`, match and round, and the last round's
// result (`result`: its number, or 0 for none); Ada and Ben seated.
function view(status, match, round, result = round - 1, extra = {}) {
  return {
    code: 'K7QF2', status, match, round, winner: status === 'over' ? 1 : undefined, seats: [{ name: 'Ada' }, { name: 'Ben' }],
    result: result ? { round: result, declarer: 0, hands: [] } : undefined, ...extra,
  };
}

test('a result key is its match and round; a later one is later in the match or in a later match', () => {
  assert.equal(resultKey(view('playing', 1, 1, 0)), null);
  assert.deepEqual(resultKey(view('between', 2, 3, 3)), { match: 2, round: 3 });
  assert.ok(later({ match: 1, round: 2 }, null));
  assert.ok(later({ match: 1, round: 3 }, { match: 1, round: 2 }));
  assert.ok(later({ match: 2, round: 1 }, { match: 1, round: 9 }));
  assert.ok(!later({ match: 1, round: 2 }, { match: 1, round: 2 }));
  assert.ok(!later({ match: 1, round: 9 }, { match: 2, round: 1 }));
});

test('a result that left the screen because the table moved on is not missed', () => {
  const seen = new Seen(storage());
  seen.update(null, view('playing', 1, 1, 0));
  seen.update(view('playing', 1, 1, 0), view('between', 1, 1, 1));
  seen.update(view('between', 1, 1, 1), view('playing', 1, 2, 1));
  assert.equal(seen.missedResult(view('playing', 1, 2, 1)), null);
});

test('a result the page was away for (the next round dealt meanwhile) is missed until it is done with', () => {
  const seen = new Seen(storage());
  seen.update(null, view('playing', 1, 1, 0));
  // Away; back in round 2, the view holding round 1's result.
  const back = view('playing', 1, 2, 1);
  seen.update(null, back);
  assert.deepEqual(seen.missedResult(back), { match: 1, round: 1 });
  seen.done({ match: 1, round: 1 });
  assert.equal(seen.missedResult(back), null);
  // An earlier result never takes `last` back.
  seen.done(null);
  assert.equal(seen.missedResult(back), null);
});

test('a page that came in the middle of a match missed nothing from before it', () => {
  const seen = new Seen(storage());
  const first = view('playing', 1, 4, 3);
  seen.update(null, first);
  assert.equal(seen.missedResult(first), null);
  // Nor does a page that first sees a result on the screen (it is shown).
  const other = new Seen(storage());
  other.update(null, view('between', 1, 4, 4));
  assert.equal(other.missedResult(view('playing', 1, 5, 4)), null);
  other.update(view('between', 1, 4, 4), view('playing', 1, 5, 4));
  assert.equal(other.missedResult(view('playing', 1, 5, 4)), null);
});

test('the record outlives the page in its storage, for its table only', () => {
  const store = storage();
  const seen = new Seen(store);
  seen.update(null, view('playing', 1, 1, 0));
  seen.update(view('playing', 1, 1, 0), view('between', 1, 1, 1));
  // A reload on round 1's result; round 2 was dealt meanwhile.
  const reloaded = new Seen(store);
  reloaded.update(null, view('playing', 1, 2, 1));
  assert.deepEqual(reloaded.missedResult(view('playing', 1, 2, 1)), { match: 1, round: 1 });
  // Another table knows nothing from it.
  const elsewhere = new Seen(store);
  const v = { ...view('playing', 1, 2, 1), code: 'ZZZZ9' };
  elsewhere.update(null, v);
  assert.equal(elsewhere.missedResult(v), null);
  // Storage that holds garbage, or refuses to keep anything, is no record.
  store.m.set('leastscore.resultSeen', '{not json');
  const fresh = new Seen(store);
  fresh.update(null, view('playing', 1, 2, 1));
  assert.equal(fresh.missedResult(view('playing', 1, 2, 1)), null);
  const refusing = new Seen({ getItem: () => null, setItem: () => { throw new Error('quota'); } });
  refusing.update(null, view('playing', 1, 1, 0));
  refusing.update(null, view('playing', 1, 2, 1));
  assert.deepEqual(refusing.missedResult(view('playing', 1, 2, 1)), { match: 1, round: 1 });
});

// The events a page is sent when it comes back after a rematch began: the
// final round's end, the match's, and the new match's start and deal.
const finalRound = {
  round: 3, declarer: 1, correct: true, eliminated: [0], hands: [
    { seat: 0, cards: ['KS', '9H'], total: 19, score: 15, cumulative: 30 },
    { seat: 1, cards: ['AS', '3C'], total: 4, score: 0, cumulative: 9 }],
};
const endEvents = [
  { v: 40, kind: 'move', seat: 1, action: 'declare' },
  { v: 41, kind: 'round_end', ...finalRound },
  { v: 42, kind: 'match_end', winner: 1 },
  { v: 43, kind: 'start', match: 2 },
  { v: 44, kind: 'deal', round: 1, starter: 0, open: '7H' },
];

test('the end of a match missed in a drop is read from the events, told once, kept until closed', () => {
  const store = storage();
  const seen = new Seen(store);
  seen.update(null, view('playing', 1, 3, 2));
  const rematch = view('playing', 2, 1, 0);
  seen.update(null, rematch);
  // (The seats' names just after each event, from the page's log: the
  // end keeps those of its time.)
  const names = endEvents.map(() => ['Ada', 'Ben']);
  const final = seen.takeMissedFinal(endEvents, rematch, names);
  assert.deepEqual(final, {
    match: 1, round: 3, winner: 1, result: { v: 41, kind: 'round_end', ...finalRound }, names: ['Ada', 'Ben'],
    seats: [{ score: 30, out_round: 3 }, { score: 9, out_round: null }],
  });
  assert.deepEqual(seen.missedFinal(rematch), final);
  // Told once: the same events again (a sync) are no news.
  assert.equal(seen.takeMissedFinal(endEvents, rematch), null);
  // A reload keeps it; not drawn in the lobby; Close puts it away for good.
  const reloaded = new Seen(store);
  reloaded.update(null, rematch);
  assert.deepEqual(reloaded.missedFinal(rematch), final);
  assert.equal(reloaded.missedFinal(view('lobby', 2, 0, 0)), null);
  reloaded.closeFinal();
  assert.equal(reloaded.missedFinal(rematch), null);
  assert.equal(new Seen(store).missedFinal(rematch) ?? null, null);
});

test('the end of a match missed in a reload on its screen comes from what the page drew', () => {
  const store = storage();
  const seen = new Seen(store);
  seen.update(null, view('playing', 1, 3, 2));
  const over = view('over', 1, 3, 3, { seats: [{ name: 'Ada', score: 30, out_round: 3 }, { name: 'Ben', score: 9, out_round: null }] });
  seen.update(view('playing', 1, 3, 2), over);
  // Reloaded there; the rematch began meanwhile; the events after the
  // resume start after the end.
  const reloaded = new Seen(store);
  const rematch = view('playing', 2, 1, 0);
  reloaded.update(null, rematch);
  const final = reloaded.takeMissedFinal(endEvents.slice(3), rematch);
  assert.deepEqual(final, {
    match: 1, round: 3, winner: 1, result: over.result, names: ['Ada', 'Ben'],
    seats: [{ score: 30, out_round: 3 }, { score: 9, out_round: null }],
  });
});

test('the end of a match missed across Back to the lobby keeps the names of its seats', () => {
  // Ada, Cleo and Ben played match 1; Cleo's seat was freed in the lobby
  // and Dan took the last one: match 2 is Ada, Ben, Dan.
  const seats = (...names) => ({ seats: names.map((name) => ({ name })) });
  const store = storage();
  const seen = new Seen(store);
  seen.update(null, view('playing', 1, 3, 2, seats('Ada', 'Cleo', 'Ben')));
  const over = view('over', 1, 3, 3, seats('Ada', 'Cleo', 'Ben'));
  seen.update(view('playing', 1, 3, 2, seats('Ada', 'Cleo', 'Ben')), over);
  const reloaded = new Seen(store);
  const next = view('playing', 2, 1, 0, seats('Ada', 'Ben', 'Dan'));
  reloaded.update(null, next);
  assert.deepEqual(reloaded.takeMissedFinal(endEvents.slice(3), next).names, ['Ada', 'Cleo', 'Ben']);
  // From the events: the names just after the match's end.
  const dropped = new Seen(storage());
  dropped.update(null, view('playing', 1, 3, 2, seats('Ada', 'Cleo', 'Ben')));
  dropped.update(null, next);
  const names = endEvents.map((ev) => (ev.v <= 42 ? ['Ada', 'Cleo', 'Ben'] : ['Ada', 'Ben', 'Dan']));
  assert.deepEqual(dropped.takeMissedFinal(endEvents, next, names).names, ['Ada', 'Cleo', 'Ben']);
});

// The final scores of a match end read from the events: a seat that went
// out before them is known from the last view the page had of the match.
// Ada, Ben and Cleo: Cleo out in round 2 with 27, seen by the page in
// round 3; then a drop, and the events bring round 3's end (Ada out with
// 30, Ben the winner with 9) and the rematch.
test('the final scores of a match end missed in a drop are its seats\' last scores and out rounds', () => {
  const three = (cleo) => ({
    seats: [{ name: 'Ada', score: 15, out_round: null }, { name: 'Ben', score: 9, out_round: null },
      { name: 'Cleo', ...cleo }],
  });
  const seen = new Seen(storage());
  seen.update(null, view('playing', 1, 3, 2, three({ score: 27, out_round: 2 })));
  const rematch = view('playing', 2, 1, 0, three({ score: 0, out_round: null }));
  seen.update(null, rematch);
  assert.deepEqual(seen.takeMissedFinal(endEvents, rematch).seats,
    [{ score: 30, out_round: 3 }, { score: 9, out_round: null }, { score: 27, out_round: 2 }]);
  // A page whose last view of match 1 was before Cleo went out, and whose
  // events begin after it (a snapshot), cannot know her score: no list.
  const early = new Seen(storage());
  early.update(null, view('playing', 1, 2, 1, three({ score: 12, out_round: null })));
  early.update(null, rematch);
  const final = early.takeMissedFinal(endEvents, rematch);
  assert.equal(final.winner, 1);
  assert.equal(final.seats, undefined);
  // With the events of round 2's end too, it can.
  const r2 = { v: 30, kind: 'round_end', round: 2, declarer: 0, correct: true, eliminated: [2],
    hands: [{ seat: 0, total: 3, score: 0, cumulative: 15 }, { seat: 1, total: 8, score: 5, cumulative: 9 },
      { seat: 2, total: 18, score: 15, cumulative: 27 }] };
  const later = new Seen(storage());
  later.update(null, view('playing', 1, 2, 1, three({ score: 12, out_round: null })));
  later.update(null, rematch);
  assert.deepEqual(later.takeMissedFinal([r2, ...endEvents], rematch).seats,
    [{ score: 30, out_round: 3 }, { score: 9, out_round: null }, { score: 27, out_round: 2 }]);
});

// A page that missed more than the table's last 512 events: they begin
// after Cleo went out (round 2), and the page's last view of match 1 was
// before. The server's `match_end` lists every seat's place, final total
// and out round (`places`): the end is listed whole from it (it was not
// listed at all: finalScores() cannot know Cleo's). An event without it
// (an older server), or with a list that is not every seat once, reads
// as before.
test('the final scores of a match end missed past the kept events come from the match_end\'s places', () => {
  const three = (cleo) => ({
    seats: [{ name: 'Ada', score: 15, out_round: null }, { name: 'Ben', score: 9, out_round: null },
      { name: 'Cleo', ...cleo }],
  });
  const places = [
    { place: 1, seat: 1, name: 'Ben', total: 9, out_round: null },
    { place: 2, seat: 0, name: 'Ada', total: 30, out_round: 3 },
    { place: 3, seat: 2, name: 'Cleo', total: 27, out_round: 2 },
  ];
  const withPlaces = (list) => endEvents.map((ev) => (ev.kind === 'match_end' ? { ...ev, places: list } : ev));
  const rematch = view('playing', 2, 1, 0, three({ score: 0, out_round: null }));
  const away = () => {
    const seen = new Seen(storage());
    seen.update(null, view('playing', 1, 2, 1, three({ score: 12, out_round: null })));
    seen.update(null, rematch);
    return seen;
  };
  const final = away().takeMissedFinal(withPlaces(places), rematch);
  assert.deepEqual({ winner: final.winner, names: final.names, seats: final.seats }, {
    winner: 1, names: ['Ada', 'Ben', 'Cleo'],
    seats: [{ score: 30, out_round: 3 }, { score: 9, out_round: null }, { score: 27, out_round: 2 }],
  });
  assert.deepEqual(finalPlaces(final.seats), [{ seat: 1, place: 1 }, { seat: 0, place: 2 }, { seat: 2, place: 3 }]);
  // An older server's event (winner alone), and a list with a seat twice.
  assert.equal(away().takeMissedFinal(endEvents, rematch).seats, undefined);
  const twice = [places[0], places[1], { ...places[2], seat: 0 }];
  assert.equal(away().takeMissedFinal(withPlaces(twice), rematch).seats, undefined);
});

test('a page that saw the end of the match misses nothing', () => {
  const seen = new Seen(storage());
  seen.update(null, view('playing', 1, 3, 2));
  const over = view('over', 1, 3, 3);
  seen.update(view('playing', 1, 3, 2), over);
  const rematch = view('playing', 2, 1, 0);
  seen.update(over, rematch);
  assert.equal(seen.takeMissedFinal(endEvents.slice(3), rematch), null);
  assert.equal(seen.missedFinal(rematch), null);
});

test('a page that comes to the table in the next match is sent the end of the last, which it did not miss', () => {
  // A spectator, a newcomer, a player on another device: the state the
  // page is sent first carries the table's past.
  const rematch = view('playing', 2, 1, 0);
  const newcomer = new Seen(storage());
  newcomer.update(null, rematch);
  assert.equal(newcomer.takeMissedFinal(endEvents, rematch), null);
  assert.equal(newcomer.missedFinal(rematch), null);
  // Nor later, once it knows where it stands: the end is behind it.
  const next = view('playing', 2, 1, 0);
  newcomer.update(rematch, next);
  assert.equal(newcomer.takeMissedFinal(endEvents, next), null);
  // Nor one who came to the lobby after match 1 and, in match 2, is sent
  // the table's past again (a spectator's reconnection).
  const lobby = { code: 'K7QF2', status: 'lobby', match: 1 };
  const early = new Seen(storage());
  early.update(null, lobby);
  early.update(lobby, rematch);
  assert.equal(early.takeMissedFinal(endEvents, rematch), null);
  // The same on a round's result shown when it comes.
  const between = new Seen(storage());
  between.update(null, view('between', 2, 1, 1));
  assert.equal(between.takeMissedFinal(endEvents, view('between', 2, 1, 1)), null);
});
