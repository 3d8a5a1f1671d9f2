// web/strings.js: every word the page shows. The sentences a player reads
// and hears are checked word for word, every discard reason of
// web/rules.js has its words, and every string web/app.js asks for exists.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { s, cardShort, cardWords, cardsShort } from '../../web/strings.js';
import { checkDiscard } from '../../web/rules.js';
import { ROOT } from './helpers.mjs';

test('cards are written with suit symbols for the eye and in words for the ear', () => {
  assert.equal(cardShort('10C'), '10♣');
  assert.equal(cardShort('KH'), 'K♥');
  assert.equal(cardsShort(['3H', '4S', '5D']), '3♥ 4♠ 5♦');
  assert.equal(cardWords('AS'), 'ace of spades');
  assert.equal(cardWords('10D'), '10 of diamonds');
  assert.equal(cardWords('QC'), 'queen of clubs');
});

test('the table\'s title says the match once there has been a rematch', () => {
  assert.equal(s.roundTitle(3, 100, 1), 'Round 3 · out above 100');
  assert.equal(s.roundTitle(1, 25, 2), 'Match 2 · Round 1 · out above 25');
  assert.equal(s.matchOver(1), 'Match over');
  assert.equal(s.matchOver(3), 'Match 3 over');
});

test('moves read as sentences', () => {
  assert.equal(s.moveSentence('Ada', { action: 'draw', discard: ['10C', '10H'] }), 'Ada discarded 10♣ 10♥, drew a card');
  assert.equal(s.moveSentence('Cleo', { action: 'take', discard: ['3H', '4S', '5D'], card: 'KH' }),
    'Cleo discarded 3♥ 4♠ 5♦, took K♥');
  assert.equal(s.moveSentence('You', { action: 'draw', discard: ['KD'], card: '5S' }), 'You discarded K♦, drew 5♠');
  assert.equal(s.moveSentence('Ben', { action: 'declare' }), 'Ben declared');
  assert.equal(s.moveSentence('Ben', { action: 'draw', discard: ['2C'], timeout: true }),
    'Ben discarded 2♣, drew a card (time ran out: the computer played)');
  assert.equal(s.moveSentence('Cleo', { action: 'take', discard: ['3H'], card: 'KH' }, true),
    'Cleo discarded 3 of hearts, took king of hearts');
});

test('scores are explained: a false declaration as 20 plus the gap, a correct one as the difference', () => {
  assert.equal(s.explainFalse(2, 'Cleo', 8), "20 + 2 over Cleo's 8");
  assert.equal(s.explainPays(16, 10, 'Ada'), '16 − 10 (Ada) = 6');
  assert.equal(s.eliminated('Ben', 27, 25), 'Ben is out: 27 is over 25.');
});

test('a round\'s result reads in the second person where it is about the player', () => {
  assert.equal(s.resultDeclared('Ada', 6, true, false), 'Ada declared with 6: correct.');
  assert.equal(s.resultDeclared('Ada', 9, false, true), 'You declared with 9: false.');
  assert.equal(s.resultDeclared('Ada', 7, true, false, ['Ben']),
    'Ada declared with 7: correct (a tie with Ben at 7 counts as correct at this table).');
  assert.equal(s.resultDeclared('Ada', 7, false, false, ['Ben', 'you']),
    'Ada declared with 7: false (a tie with Ben and you at 7 counts as false at this table).');
  assert.equal(s.resultShowdown('Ben', true),
    'Nobody declared before the turn limit: a showdown, scored as if you (the lowest hand) had declared.');
  assert.equal(s.explainPays(16, 10, 'Ada', true), '16 − 10 (you) = 6');
  assert.equal(s.explainFalse(2, 'Cleo', 8, true), '20 + 2 over your 8');
  assert.equal(s.eliminated('Ben', 27, 25, true), 'You are out: 27 is over 25.');
});

test('the end of a round says who declared and who went out', () => {
  const names = ['You', 'Ben', 'Cleo', 'Dev'];
  assert.equal(s.roundEndSentence({ round: 3, declarer: 1, correct: true, eliminated: [] }, names),
    'Ben declared correctly: round 3 is over.');
  assert.equal(s.roundEndSentence({ round: 3, declarer: 1, correct: false, eliminated: [1] }, names),
    'Ben declared falsely: round 3 is over. Ben is out of the match.');
  assert.equal(s.roundEndSentence({ round: 4, declarer: -1, lowest: 2, eliminated: [0] }, names),
    'Round 4 ended in a showdown; Cleo held the lowest hand. You are out of the match.');
  assert.equal(s.roundEndSentence({ round: 5, declarer: 2, correct: true, eliminated: [0, 1, 3] }, names),
    'Cleo declared correctly: round 5 is over. You, Ben and Dev are out of the match.');
  // The player named after the sentence's start is 'you', not 'You'.
  assert.equal(s.roundEndSentence({ round: 3, declarer: 2, correct: true, eliminated: [0, 1] }, ['Ada', 'You', 'Greedy']),
    'Greedy declared correctly: round 3 is over. Ada and you are out of the match.');
  assert.equal(s.roundEndSentence({ round: 4, declarer: -1, lowest: 0, eliminated: [] }, names),
    'Round 4 ended in a showdown; you held the lowest hand.');
});

// A declaration tied with the lowest other hand (D1): the log's sentence
// says the table's tie rule decided it, as the result's line does, with
// "you" for the player; a declarer under another's total ties no one.
test('the end of a round names a tie that the table\'s tie rule decided', () => {
  const names = ['You', 'Ben', 'Cleo', 'Dev'];
  const hands = (totals) => totals.map((total, seat) => ({ seat, total }));
  assert.equal(s.roundEndSentence({ round: 2, declarer: 1, correct: true, eliminated: [], hands: hands([9, 7, 7, 12]) }, names),
    'Ben declared correctly (a tie with Cleo at 7 counts as correct at this table): round 2 is over.');
  assert.equal(s.roundEndSentence({ round: 2, declarer: 1, correct: false, eliminated: [], hands: hands([7, 7, 7, 12]) }, names),
    'Ben declared falsely (a tie with you and Cleo at 7 counts as false at this table): round 2 is over.');
  assert.equal(s.roundEndSentence({ round: 2, declarer: 0, correct: false, eliminated: [0], hands: hands([7, 8, 7, 12]) }, names),
    'You declared falsely (a tie with Cleo at 7 counts as false at this table): round 2 is over. You are out of the match.');
  assert.equal(s.roundEndSentence({ round: 2, declarer: 1, correct: true, eliminated: [], hands: hands([9, 6, 7, 12]) }, names),
    'Ben declared correctly with 6: round 2 is over.');
  assert.equal(s.roundEndSentence({ round: 2, declarer: 1, correct: false, eliminated: [], hands: hands([5, 6, 7, 12]) }, names),
    'Ben declared falsely with 6 (you held 5): round 2 is over.');
  // Who held less is named, all of them, 'you' inside the sentence.
  assert.equal(s.roundEndSentence({ round: 1, declarer: 0, correct: false, eliminated: [], hands: hands([34, 17, 20, 17]) }, names),
    'You declared falsely with 34 (Ben and Dev held 17): round 1 is over.');
  // A showdown is not a declaration: no tie is named.
  assert.equal(s.roundEndSentence({ round: 4, declarer: -1, lowest: 1, eliminated: [], hands: hands([6, 6, 7, 12]) }, names),
    'Round 4 ended in a showdown; Ben held the lowest hand.');
});

test('a connection dropped, back or away: in the second person for one\'s own seat', () => {
  assert.equal(s.connectionSentence('Ben', { connected: false }, false), 'Ben lost the connection.');
  assert.equal(s.connectionSentence('Ben', { connected: true }, false), 'Ben is back.');
  assert.equal(s.connectionSentence('Ben', { away: true }, false), 'Ben is away; the computer plays for them.');
  assert.equal(s.connectionSentence('You', { connected: false }, true), 'You lost the connection.');
  assert.equal(s.connectionSentence('You', { connected: true }, true), 'You are back.');
  assert.equal(s.connectionSentence('You', { away: true }, true), 'You are away; the computer plays for you.');
});

test('a seat taken, left or become the host\'s: in the second person for one\'s own', () => {
  assert.equal(s.seatSentence('Ada', false), 'Ada sat down.');
  assert.equal(s.seatSentence('Ada', true), 'You sat down.');
  assert.equal(s.unseatSentence('Ada', false), 'Ada left the seat.');
  assert.equal(s.unseatSentence('Ada', true), 'You left your seat.');
  assert.equal(s.hostSentence('Ben', false), 'Ben is now the host.');
  assert.equal(s.hostSentence('You', true), 'You are now the host.');
});

test('a computer level\'s several seats: places and scores in seat order', () => {
  assert.equal(s.places([1, 3], 4), '1 and 3 of 4');
  assert.equal(s.places([2, 3, 4], 5), '2, 3 and 4 of 5');
  assert.equal(s.scores([14, 35]), '14 and 35');
});

test('one point, one second: a count of one is singular', () => {
  // A seat with 1 point read "1 points", an ace selected "(one card, 1 points)".
  assert.equal(s.score(1), '1 point');
  assert.equal(s.score(0), '0 points');
  assert.equal(s.score(14), '14 points');
  assert.equal(s.selectionOk(s.shapes.single, 1), 'You may throw these away (one card, 1 point).');
  assert.equal(s.selectionOk(s.shapes.pair, 12), 'You may throw these away (a pair, 12 points).');
  assert.equal(s.timeWarning(1), '1 second left to play.');
  assert.equal(s.timeWarning(10), '10 seconds left to play.');
});

test('every reason the discard rule gives has its words', () => {
  const probes = [[], ['9C', '9C'], ['9C', '10C'], ['7C', '7D', '7H'], ['KS', 'AD', '2C'],
    ['7H', '8C', '9S'], ['4C', '5D', '6H', '7S'], ['3C', '3D', '8H', '8S'], ['2H', '5H', '9H', 'JH'],
    ['2H', '5H', '9H', 'JH', 'KS'], ['AC', '2C', '3C', '4C', '5C', '6C']];
  const seen = new Set();
  for (const p of probes) {
    const r = checkDiscard(p, 'suited');
    if (!r.ok) seen.add(r.reason);
  }
  const src = fs.readFileSync(path.join(ROOT, 'web', 'rules.js'), 'utf8');
  for (const m of src.matchAll(/reason: '(\w+)'/g)) seen.add(m[1]);
  for (const key of seen) assert.equal(typeof s.reasons[key], 'string', `no words for reason ${key}`);
  for (const key of Object.keys(s.shapes)) assert.equal(typeof s.shapes[key], 'string');
});

test('every string the page asks for exists, and the page holds no words of its own', () => {
  const app = ['app.js', 'pages.js', 'dom.js'].map((f) => fs.readFileSync(path.join(ROOT, 'web', f), 'utf8')).join('\n');
  const used = new Set([...app.matchAll(/\bs\.(\w+)/g)].map((m) => m[1]));
  for (const key of used) assert.notEqual(s[key], undefined, `strings.js has no ${key}`);
  // The page's own text nodes are built from s.*; no sentence is written
  // inline: a string literal in app.js with two words or more is a defect
  // unless it is a selector, a class list or a message type.
  const literals = [...app.replace(/^\s*\/\/.*$/gm, '').matchAll(/'([^'\n]*)'/g)].map((m) => m[1]);
  const wordy = literals.filter((l) => /^[A-Z][a-z]+ [a-z]+ [a-z]+/.test(l));
  assert.deepEqual(wordy, []);
  const html = fs.readFileSync(path.join(ROOT, 'web', 'index.html'), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const bodyText = html.replace(/<head>[\s\S]*<\/head>/, '').replace(/<[^>]+>/g, '').trim();
  assert.equal(bodyText, '');
});

test('the rules are stated in full: every shape, declaring, both scorings, the threshold', () => {
  const text = s.rules.flatMap(([title, paras]) => [title, ...paras]).join('\n');
  for (const needle of ['pair', 'all four', 'Three of a kind', 'K-A-2', 'flush', 'first turn', '20 plus',
    'difference', 'tie', 'over the limit', 'dead pile', 'showdown']) {
    assert.ok(text.includes(needle), `the rules do not mention ${needle}`);
  }
});

test('another player named as the page names its own reader goes with her seat', () => {
  assert.equal(s.otherName('You', 1), 'You (seat 2)');
  assert.equal(s.otherName('you', 0), 'you (seat 1)');
  assert.equal(s.otherName('YOU', 7), 'YOU (seat 8)');
  assert.equal(s.otherName('Youssef', 2), 'Youssef');
  assert.equal(s.otherName('Ada', 2), 'Ada');
});

test('Declare\'s question says what is at stake, by the table\'s tie rule', () => {
  assert.equal(s.declareQuestion(12, false), 'Declare with 12 points? The round ends and every hand is shown: '
    + 'if yours is the lowest, you score 0; if not, you score 20 + the difference.');
  assert.equal(s.declareQuestion(1, true), 'Declare with 1 point? The round ends and every hand is shown: '
    + 'if yours is lower than every other, you score 0; if not, you score 20 + the difference.');
  assert.equal(s.yourTurnDeclare, 'Your turn: select cards to throw away, then take an open card or draw; '
    + 'or declare, if you think your hand is the lowest.');
});
