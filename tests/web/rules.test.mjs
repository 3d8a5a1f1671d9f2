// The browser's discard rule (web/rules.js) against docs/rules.md R1, R3,
// D2 and D3: each rule as a test, then every set of one to five cards
// counted against figures worked out by hand from the rules.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkDiscard, explainRound, finalPlaces, parseCard, cardValue, handTotal, sortCards, cardIndex, RANKS, SUITS,
} from '../../web/rules.js';

const ok = (cards, runs) => checkDiscard(cards, runs).ok;
const why = (cards, runs) => checkDiscard(cards, runs).reason;

test('cards are read rank then suit, and nothing else is a card', () => {
  assert.deepEqual(parseCard('10H'), { rank: 10, suit: 'H' });
  assert.deepEqual(parseCard('AS'), { rank: 1, suit: 'S' });
  assert.deepEqual(parseCard('KC'), { rank: 13, suit: 'C' });
  for (const bad of ['', '1H', '11S', 'ZZ', 'H10', '10', 'AX', null, 7]) assert.equal(parseCard(bad), null);
});

test('an ace counts 1, two to ten their number, faces 10; a hand its sum', () => {
  assert.equal(cardValue('AD'), 1);
  assert.equal(cardValue('7C'), 7);
  assert.equal(cardValue('10S'), 10);
  for (const f of ['JH', 'QD', 'KS']) assert.equal(cardValue(f), 10);
  assert.equal(handTotal(['AS', '2C', '7H']), 10);
});

test('cards sort as the protocol lists them: by rank, then clubs diamonds hearts spades', () => {
  assert.deepEqual(sortCards(['KS', '2H', 'AS', '2C', '10D']), ['AS', '2C', '2H', '10D', 'KS']);
  assert.equal(cardIndex('AC'), 0);
  assert.equal(cardIndex('KS'), 51);
});

test('a single card may always be thrown away; nothing is not a discard', () => {
  assert.deepEqual(checkDiscard(['QH']), { ok: true, shape: 'single' });
  assert.equal(why([]), 'none');
});

test('a pair may be thrown away; two cards of different ranks may not', () => {
  assert.deepEqual(checkDiscard(['9C', '9D']), { ok: true, shape: 'pair' });
  assert.equal(why(['9C', '10C']), 'notPair');
});

test('three of a kind may not be thrown away, four of a kind may', () => {
  assert.equal(why(['7C', '7D', '7H']), 'threeOfAKind');
  assert.deepEqual(checkDiscard(['7C', '7D', '7H', '7S']), { ok: true, shape: 'four' });
});

test('runs of three and five may be thrown away, of any suits by default', () => {
  assert.deepEqual(checkDiscard(['7H', '8C', '9S']), { ok: true, shape: 'run' });
  assert.ok(ok(['6C', '7D', '8H', '9S', '10C']));
});

test('the ace may stand below the two or above the king, not both (K-A-2)', () => {
  assert.ok(ok(['AS', '2D', '3C']));
  assert.ok(ok(['QS', 'KD', 'AC']));
  assert.ok(ok(['10S', 'JD', 'QC', 'KH', 'AC']));
  assert.ok(ok(['AS', '2D', '3C', '4H', '5S']));
  assert.equal(why(['KS', 'AD', '2C']), 'notRun3');
  assert.equal(why(['JS', 'QD', 'KC', 'AH', '2S']), 'notFive');
});

test('runs of two, four or six, and runs with a repeated rank, are not allowed', () => {
  assert.equal(why(['4C', '5C']), 'notPair');
  assert.equal(why(['4C', '5D', '6H', '7S']), 'run4');
  assert.equal(why(['4C', '5D', '6H', '7S', '8C', '9D']), 'tooMany');
  assert.equal(why(['4C', '4D', '5H']), 'notRun3');
});

test('five cards of one suit are a flush; fewer are not', () => {
  assert.deepEqual(checkDiscard(['2H', '5H', '9H', 'JH', 'KH']), { ok: true, shape: 'flush' });
  assert.equal(why(['2H', '5H', '9H', 'JH']), 'notFour');
  assert.equal(why(['2H', '5H', '9H', 'JH', 'KS']), 'notFive');
});

test('two pairs of different ranks are not a discard', () => {
  assert.equal(why(['3C', '3D', '8H', '8S']), 'twoPairs');
});

test('with runs suited every card of a run shares a suit; pairs and flushes are unaffected', () => {
  assert.equal(why(['7H', '8C', '9S'], 'suited'), 'runSuited');
  assert.ok(ok(['7H', '8H', '9H'], 'suited'));
  assert.equal(why(['6C', '7D', '8H', '9S', '10C'], 'suited'), 'runSuited');
  assert.ok(ok(['6C', '7C', '8C', '9C', '10C'], 'suited'));
  assert.ok(ok(['9C', '9D'], 'suited'));
  assert.ok(ok(['2H', '5H', '9H', 'JH', 'KH'], 'suited'));
});

test('a straight flush is a run', () => {
  assert.deepEqual(checkDiscard(['6C', '7C', '8C', '9C', '10C']), { ok: true, shape: 'run' });
});

test('a card given twice or not a card is refused', () => {
  assert.equal(why(['9C', '9C']), 'notCards');
  assert.equal(why(['9C', 'XX']), 'notCards');
});

// Every set of one to four of the 52 cards (293,319 sets), and every set of
// five of the 26 clubs and hearts (65,780), counted against figures worked
// out by hand from the rules:
//   1 card: 52; pairs: 13 ranks x 6 = 78; runs of 3: 12 rank sequences
//   (A23..QKA) x 4^3 = 768 (suited: 12 x 4 = 48); four of a kind: 13;
//   5 of two suits: runs 10 sequences x 2^5 = 320, flushes 2 x C(13,5) =
//   2574, straight flushes (both) 10 x 2 = 20, so 2874 (suited: 2574).
function countLegal(deck, sizes, runs) {
  const byN = [0, 0, 0, 0, 0, 0];
  const set = [];
  const walk = (from) => {
    if (sizes.includes(set.length) && checkDiscard(set, runs).ok) byN[set.length]++;
    if (set.length === Math.max(...sizes)) return;
    for (let i = from; i < deck.length; i++) {
      set.push(deck[i]);
      walk(i + 1);
      set.pop();
    }
  };
  walk(0);
  return byN;
}

test('every set of one to four cards: the legal ones are exactly as many as the rules allow', () => {
  const deck = RANKS.flatMap((r) => SUITS.map((s) => r + s));
  assert.deepEqual(countLegal(deck, [1, 2, 3, 4], 'any'), [0, 52, 78, 768, 13, 0]);
  assert.deepEqual(countLegal(deck, [1, 2, 3, 4], 'suited'), [0, 52, 78, 48, 13, 0]);
});

test('every set of five clubs and hearts: runs and flushes exactly as the rules allow', () => {
  const deck = RANKS.flatMap((r) => [r + 'C', r + 'H']);
  assert.deepEqual(countLegal(deck, [5], 'any'), [0, 0, 0, 0, 0, 2874]);
  assert.deepEqual(countLegal(deck, [5], 'suited'), [0, 0, 0, 0, 0, 2574]);
});

// Round results as the server sends them; seats 0 1 2 are A, B, C.
const hand = (seat, total, score) => ({ seat, cards: [], total, score, cumulative: score });

test('R6: a correct declaration: the declarer 0, the others the difference (10, 16, 17)', () => {
  const e = explainRound({ round: 1, declarer: 0, lowest: 0, correct: true, eliminated: [],
    hands: [hand(0, 10, 0), hand(1, 16, 6), hand(2, 17, 7)] });
  assert.deepEqual(e.map((x) => x.why), ['correct', 'pays', 'pays']);
  assert.deepEqual(e.map((x) => x.gap), [undefined, 6, 7]);
  assert.equal(e[1].declarer, 0);
  assert.equal(e[1].declarerTotal, 10);
  assert.deepEqual(e.map((x) => x.lowest), [true, false, false]);
});

test('R7: a false declaration: the declarer 20 + the gap to the lowest (10 over 8), the others nothing', () => {
  const e = explainRound({ round: 1, declarer: 0, lowest: 1, correct: false, eliminated: [],
    hands: [hand(0, 10, 22), hand(1, 8, 0), hand(2, 15, 0)] });
  assert.deepEqual(e.map((x) => x.why), ['false', 'nothing', 'nothing']);
  assert.equal(e[0].gap, 2);
  assert.equal(e[0].lowestSeat, 1);
  assert.equal(e[0].lowestTotal, 8);
  assert.deepEqual(e.map((x) => x.lowest), [false, true, false]);
});

test('D1: under tie penalty a tie is false: 20 + 0 over the tied hand; both are lowest', () => {
  const e = explainRound({ round: 1, declarer: 2, lowest: 2, correct: false, eliminated: [],
    hands: [hand(0, 10, 0), hand(1, 12, 0), hand(2, 10, 20)] });
  assert.deepEqual(e.map((x) => x.why), ['nothing', 'nothing', 'false']);
  assert.equal(e[2].gap, 0);
  assert.equal(e[2].lowestSeat, 0);
  assert.deepEqual(e.map((x) => x.lowest), [true, false, true]);
});

test('D12: a showdown is scored as the lowest hand declaring, correctly', () => {
  const e = explainRound({ round: 3, declarer: -1, lowest: 1, correct: true, eliminated: [],
    hands: [hand(0, 14, 9), hand(1, 5, 0)] });
  assert.deepEqual(e.map((x) => x.why), ['pays', 'correct']);
  assert.equal(e[0].gap, 9);
  assert.equal(e[0].declarer, 1);
});

// A match's places (R8, D8; the store's, db.c match_stats): the winner
// first, then the later out before the earlier out, then the lower score;
// equal keys share a place. Seats as the view gives them at the match's
// end: {score, out_round}, out_round null for the winner.
const places = (seats) => finalPlaces(seats).map(({ seat, place }) => [seat, place]);

test('one out first with fewer points is placed below one out last with more', () => {
  // Ada out in round 3 with 31, Ben out in round 6 with 34, Cleo won with 21.
  assert.deepEqual(places([{ score: 31, out_round: 3 }, { score: 34, out_round: 6 }, { score: 21, out_round: null }]),
    [[2, 1], [1, 2], [0, 3]]);
});

test('the winner is first even with more points than those out', () => {
  assert.deepEqual(places([{ score: 26, out_round: 4 }, { score: 24, out_round: null }, { score: 30, out_round: 2 }]),
    [[1, 1], [0, 2], [2, 3]]);
  assert.deepEqual(places([{ score: 12, out_round: 5 }, { score: 25 }]), [[1, 1], [0, 2]]);
});

test('those out in the same round are placed by score, lower first', () => {
  assert.deepEqual(places([{ score: 40, out_round: 7 }, { score: 10, out_round: null }, { score: 28, out_round: 7 },
    { score: 33, out_round: 7 }]), [[1, 1], [2, 2], [3, 3], [0, 4]]);
});

test('the same round out and the same score share a place, and the next place skips it', () => {
  assert.deepEqual(places([{ score: 30, out_round: 5 }, { score: 3, out_round: null }, { score: 30, out_round: 5 },
    { score: 27, out_round: 2 }]), [[1, 1], [0, 2], [2, 2], [3, 4]]);
  // The same score in different rounds does not share one.
  assert.deepEqual(places([{ score: 30, out_round: 4 }, { score: 30, out_round: 5 }, { score: 0, out_round: null }]),
    [[2, 1], [1, 2], [0, 3]]);
});
