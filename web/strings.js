// Every word the browser client shows or announces, in one place (to
// translate it, or to change a phrase, edit this file only). Plain strings
// for labels; small functions where a sentence is built from the game: a
// move, a score, a reason. Cards arrive as protocol strings ("10H"); the
// functions here write them with suit symbols for the eye (10♥) or in words
// for a screen reader (10 of hearts).

const RANK_WORDS = {
  A: 'ace', J: 'jack', Q: 'queen', K: 'king',
};
const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };
const SUIT_WORDS = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };

// A card as the page writes it in a line of text ("10♥", "Q♠"): the rank
// and the suit's symbol, for cardInText().
export const SHORT_CARD = /(10|[2-9AJQK])([♣♦♥♠])/gu;
// SHORT_CARD's match -> "10H", for cardWords().
export function cardOfShort(rank, symbol) {
  return rank + Object.keys(SUIT_SYMBOLS).find((k) => SUIT_SYMBOLS[k] === symbol);
}

// "10H" -> "10♥"
export function cardShort(card) {
  const suit = card.slice(-1);
  return card.slice(0, -1) + (SUIT_SYMBOLS[suit] || suit);
}

// "10H" -> "10 of hearts", "AS" -> "ace of spades"
export function cardWords(card) {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  return `${RANK_WORDS[rank] || rank} of ${SUIT_WORDS[suit] || suit}`;
}

// A list of cards as the log shows it ("10♣ 10♥") or as it is spoken
// ("10 of clubs, 10 of hearts").
export function cardsShort(cards) {
  return cards.map(cardShort).join(' ');
}
export function cardsWords(cards) {
  return cards.map(cardWords).join(', ');
}

// Sentences read out one after another: each ends with a stop of its own
// ('.', '!', '?'; one is added where it has none), then a space. (Joined
// with '. ', those that had one were read "started.. Round 1".)
export function sentences(list) {
  return list.map((x) => (/[.!?…]$/.test(x) ? x : `${x}.`)).join(' ');
}

// "2", "2 and 3", "1, 2 and 4".
function andList(xs) {
  return xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

// "1 point", "12 points" (a score, a selection's total).
function points(n) {
  return `${n} point${n === 1 ? '' : 's'}`;
}

export const s = {
  title: 'Least Score',
  tagline: 'Shed cards, hold the lowest hand, declare when you dare.',

  // Home
  nameLabel: 'Your name',
  nameHelp: '1 to 16 letters (A to Z, no accents), digits, _ or -. Remembered on this device.',
  createHeading: 'Create a table',
  seatsLabel: 'Seats',
  seatLabel: (n) => `Seat ${n}`,
  seatOpen: 'A friend (open seat)',
  seatBot: (level) => `Computer: ${level}`,
  rulesHeading: 'Rules options',
  thresholdLabel: 'Out above (threshold)',
  tieLabel: 'A tie with the declarer',
  tieDeclarer: 'is correct (declarer scores 0)',
  tiePenalty: 'is false (declarer pays 20)',
  runsLabel: 'Runs',
  runsAny: 'any suits',
  runsSuited: 'one suit only',
  handSizeLabel: 'Cards dealt',
  declareMaxLabel: 'Declare only with at most (0: any)',
  turnTimeLabel: 'Time per turn',
  turnTimeOff: 'off',
  tableRulesHeading: "This table's rules",
  tableRulesIntro: 'At this table:',
  declareMaxShort: 'Declare with',
  declareAny: 'any total',
  declareUpTo: (n) => `${n} or less`,
  seconds: (n) => `${n} s`,
  createButton: 'Create table',
  orCreate: 'Or create a table of your own',
  joinHeading: 'Join a table',
  codeLabel: 'Table code',
  joinButton: 'Join',
  watchButton: 'Watch',
  resumeButton: (code) => `Back to table ${code}`,
  rulesButton: 'Rules',
  tooManyCards: (seats, hand) =>
    `${seats} players with ${hand} cards each need ${seats * hand + 1} cards; the deck has 52. Choose fewer seats or cards.`,
  badDeclareMax: 'The declare limit is a total from 0 (no limit) to 70.',
  badName: 'Choose a name of 1 to 16 letters (A to Z, no accents), digits, _ or - first.',
  nameTooLong: (n) => `This name is ${n} characters long. Choose a name of 1 to 16 letters (A to Z, no accents), digits, _ or -.`,
  // (a character as it is drawn, a letter with its accent; a blank in words)
  badNameChar: (ch) => `${/^\s$/u.test(ch) ? 'A blank' : `'${ch}'`} cannot be in a name. `
    + 'Choose a name of 1 to 16 letters (A to Z, no accents), digits, _ or -.',
  // (a character that would be unseen quoted, or would turn the message
  // backwards, named by its place and code point: kind is one of the words
  // below)
  badNameHidden: (at, code, kind) => `Character ${at}, ${code} (${kind}), cannot be in a name. `
    + 'Choose a name of 1 to 16 letters (A to Z, no accents), digits, _ or -.',
  hiddenDirection: 'a direction control',
  hiddenMark: 'a combining mark',
  hiddenNothing: 'a character that shows nothing',
  hiddenControl: 'a control character',
  badCode: 'Type the table code (letters and digits).',
  badCodeChar: (ch) => `'${ch}' cannot be in a table code. Type the table code (letters and digits).`,
  codeTooLong: (n) => `That code is ${n} characters long; a table code has 5 (letters and digits).`,

  // Lobby
  lobbyHeading: (code) => `Table ${code}`,
  shareText: 'Send this link to your friends:',
  copyButton: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Copy failed: select the link and copy it.',
  seatedHeading: 'Who sits where',
  capacity: (n, of) => `${n} of ${of} seats taken`,
  hostMark: 'host',
  youMark: 'you',
  human: 'person',
  botLevel: (level) => `computer, ${level}`,
  removeButton: (name) => `Remove ${name}`,
  addBotButton: 'Add computer player',
  levelLabel: 'Level',
  startButton: 'Start the match',
  startNeedsTwo: 'At least 2 players are needed to start.',
  waitingForHost: (host) => `Waiting for ${host} to start the match.`,
  leaveButton: 'Leave table',
  spectating: 'You are watching this table.',
  sitDownButton: 'Take a seat',
  watching: (n) => `${n} watching`,
  youAreOut: (score, threshold) =>
    `You are out of this match: ${score} points is over ${threshold}. The others play on; you can watch, or leave the table.`,

  // Table
  // (The match's number once there has been a rematch.)
  roundTitle: (round, threshold, match = 1) => `${match > 1 ? `Match ${match} · ` : ''}Round ${round} · out above ${threshold}`,
  matchOver: (match = 1) => (match > 1 ? `Match ${match} over` : 'Match over'),
  yourHand: 'Your hand',
  handTotal: (total) => `total ${total}`,
  openCards: 'Open cards',
  deck: (n) => `Deck: ${n}`,
  dead: (n) => `Dead pile: ${n}`,
  takeLabel: (card) => `Take ${cardWords(card)}`,
  drawButton: 'Draw from the deck',
  declareButton: 'Declare',
  // (What is at stake, where the choice is made: a newcomer who never read
  // the rules learns it before Yes. tiePenalty: the table counts a tie
  // with the declarer as false.)
  declareQuestion: (total, tiePenalty) => `Declare with ${points(total)}? The round ends and every hand is shown: `
    + `if yours is ${tiePenalty ? 'lower than every other' : 'the lowest'}, you score 0; if not, you score 20 + the difference.`,
  // (In Declare's place when it is not offered: a newcomer looked for it
  // on the first turn and found nothing saying why it was not there.)
  declareLater: 'Declare from your second turn.',
  declareOverMax: (n) => `Declare with ${points(n)} or less.`,
  declareYes: 'Yes, declare',
  declareNo: 'No',
  hintButton: 'Hint',
  hintThinking: 'The expert is thinking…',
  hintText: (move) => `The expert would play: ${move}.`,
  hintDeclare: (p) => `Chance that declaring now is correct: ${Math.round(p * 100)}%.`,
  // (why: declareLater's or declareOverMax's words, or null where the
  // page knows no reason.)
  hintNoDeclare: (why) => (why ? `Declaring is not allowed now. ${why}` : 'Declaring is not allowed now.'),
  hintWhy: (why) => `Why: ${why}.`,
  // (The turn line is drawn as the two, so that a small window on its
  // side may show the first alone: style.css, .turn-how.)
  yourTurnLead: 'Your turn',
  yourTurnHow: ': select cards to throw away, then take an open card or draw.',
  get yourTurn() { return this.yourTurnLead + this.yourTurnHow; },
  // (Read out, not drawn, when Declare is offered too: the button appears
  // unannounced otherwise, and a screen reader's user never learns of it.)
  get yourTurnDeclare() { return `${this.yourTurn.slice(0, -1)}; or declare, if you think your hand is the lowest.`; },
  moveSending: 'Your move is on its way…',
  yourTurnTitle: '▶ Your turn',
  satDownTitle: (name) => `● ${name} sat down`,
  startedTitle: '● The match started',
  theirTurn: (name) => `${name} to play.`,
  hurryButton: (name) => `Hurry ${name}`,
  hurryTitle: '● Hurry: your turn',
  // (the turn's countdown, after its figures: " · 20 s left"; app.js
  // keeps the figures in a box of the turn time's width)
  timeLeftUnit: ' s left',
  timeWarning: (sec) => `${sec} second${sec === 1 ? '' : 's'} left to play.`,
  selectHelp: 'Click or tap cards to select them. Keyboard: arrows move, space selects, enter goes to the pick-up.',
  selectionNone: 'Select the cards to throw away.',
  // In the line under the hand, in its place while nothing is selected,
  // after the turn timer ran out and the computer played for this player.
  timedOutYou: 'Time ran out: the computer played your turn.',
  // (the same line on another player's page: who was slow, by name)
  timedOutOthers: (names) => `Time ran out for ${andList(names)}: the computer played.`,
  selectionOk: (shape, total) => `You may throw these away (${shape}, ${points(total)}).`,
  selectionBad: (reason) => `Not allowed: ${reason}.`,
  shapes: {
    single: 'one card', pair: 'a pair', four: 'four of a kind', run: 'a run', flush: 'a flush',
  },
  reasons: {
    none: 'select at least one card',
    notCards: 'those are not cards of your hand',
    notPair: '2 cards must be a pair of the same rank',
    threeOfAKind: '3 of a kind cannot be thrown away (a pair, or all 4, can)',
    notRun3: '3 cards must be a run of consecutive ranks like 4-5-6 (K-A-2 does not count)',
    runSuited: 'at this table every card of a run must be of one suit',
    run4: 'a run must be 3 or 5 cards long, not 4',
    twoPairs: 'two pairs of different ranks cannot go together (4 cards must be 4 of a kind)',
    notFour: '4 cards must be 4 of a kind',
    notFive: '5 cards must be a run like 6-7-8-9-10 or a flush (all of one suit)',
    tooMany: 'at most 5 cards may be thrown away at once',
  },
  noDraw: 'The deck and dead pile are empty: take an open card.',
  opponentsHeading: 'Players',
  handSize: (n) => `${n} card${n === 1 ? '' : 's'}`,
  score: points,
  known: 'known',
  lastDiscard: 'last threw',
  connected: 'online',
  disconnected: 'connection lost',
  away: 'away (computer plays)',
  timedOut: 'time ran out', // (a player's panel, in place of online, after the computer played the turn for them)
  out: 'out',
  wins: (n) => `${n} win${n === 1 ? '' : 's'}`,
  toMove: 'to play',
  logHeading: 'Moves',

  // The table's chat.
  chatButton: 'Chat',
  chatUnread: (n) => ` · ${n} new`,
  chatHeading: 'Chat',
  chatClose: 'Close',
  chatLabel: 'Message to the table',
  chatSend: 'Send',
  chatEmpty: 'Nothing said yet. Lines stay while the table is open; they are not kept with the match.',
  chatSpectator: 'Spectators read the chat; only the players write in it.',
  chatTooLong: (n) => `A line is at most 200 characters; this one has ${n}.`,
  chatOffline: 'Not connected: the line was not sent.',
  chatWait: (n) => `Not sent yet: at most 5 lines at once, then one every 2 seconds. Send again in ${n} s; the line stays in the box.`,
  chatMayResend: 'The line is back in the box: press Send to send it again.',
  chatLost: (n) => (n === 1 ? 'Not sent: the connection dropped before the table got your line. It is back in the box: press Send to send it again.'
    : `Not sent: the connection dropped before the table got your last ${n} lines. They are back in the box: press Send to send them again.`),
  chatSays: (name, text) => `${name} says: ${text}`,
  chatEarlier: (n) => (n === 1 ? 'The chat has 1 earlier line.' : `The chat has ${n} earlier lines.`),
  chatMute: 'Mute',
  chatMuteLegend: 'Hide the lines of (this browser only):',
  chatMuteNone: 'No one else has written here yet.',
  chatHiddenLines: (n) => (n === 1 ? '1 line from a muted player is hidden.' : `${n} lines from muted players are hidden.`),
  you: 'You',
  youInner: 'you', // the page's reader inside a sentence
  // Another player whose name is the page's own word for its reader
  // (s.you or s.youMark, in any case): her seat goes with it ("You (seat
  // 2) discarded K♦"), so that it never reads as the page's "You
  // discarded K♦". The seat rather than quotes, which a screen reader
  // does not say.
  otherName: (name, seat) => ([s.you, s.youMark].some((w) => w.toLowerCase() === String(name).trim().toLowerCase())
    ? `${name} (seat ${seat + 1})` : name),

  // Moves as sentences: "Ada discarded 10♣ 10♥, drew a card"
  moveSentence(name, ev, words) {
    const list = words ? cardsWords : cardsShort;
    const one = words ? cardWords : cardShort;
    let text;
    if (ev.action === 'declare') text = `${name} declared`;
    else {
      text = `${name} discarded ${list(ev.discard || [])}, `;
      if (ev.action === 'take') text += `took ${one(ev.card)}`;
      else text += ev.card ? `drew ${one(ev.card)}` : 'drew a card';
    }
    if (ev.timeout) text += ' (time ran out: the computer played)';
    return text;
  },
  dealSentence: (round, starter, you, open, words) =>
    `Round ${round} dealt. ${starter} ${you ? 'start' : 'starts'}; the open card is ${words ? cardWords(open) : cardShort(open)}.`,
  startSentence: (match) => (match > 1 ? `Match ${match} started.` : 'The match started.'),
  // (you: the event is about the page's own person.)
  seatSentence: (name, you) => (you ? 'You sat down.' : `${name} sat down.`),
  unseatSentence: (name, you) => (you ? 'You left your seat.' : `${name} left the seat.`),
  // (you: the page's own seat, named 'You'; over: the match had ended,
  // so nobody plays for a person who goes.)
  connectionSentence: (name, ev, you, over) => {
    if (ev.away && over) return you ? 'You left the table.' : `${name} left the table.`;
    if (ev.away) return you ? 'You are away; the computer plays for you.' : `${name} is away; the computer plays for them.`;
    if (ev.connected) return `${name} ${you ? 'are' : 'is'} back.`;
    return `${name} lost the connection.`;
  },
  hostSentence: (name, you) => (you ? 'You are now the host.' : `${name} is now the host.`),
  reopenSentence: 'The table is back in the lobby: friends may join from the link.',
  hurrySentence: (by, name, sec, you) => (you
    ? `${by} asked you to hurry: ${sec} seconds, then the computer plays your turn.`
    : `${by} asked ${name} to hurry: ${sec} seconds, then the computer plays the turn.`),
  // (names[i]: 'You' for the player's own seat.) Who went out is said too,
  // and, for a declaration tied with the lowest other hand (D1), that the
  // table's tie rule decided it (from r.hands, when the result has them).
  roundEndSentence: (r, names) => {
    // (the player named inside a sentence is 'you')
    const inner = (seat) => (names[seat] === s.you ? s.youInner : names[seat]);
    const d = (r.hands || []).find((x) => x.seat === r.declarer);
    const others = (r.hands || []).filter((x) => x !== d);
    const tied = d && others.length && d.total === Math.min(...others.map((x) => x.total))
      ? others.filter((x) => x.total === d.total).map((x) => inner(x.seat)) : [];
    // (No tie: the declarer's total, and for a false declaration who
    // held less, so that an ear that cannot see the result's table learns
    // why: "You declared falsely with 34 (Greedy held 17)".)
    const low = d && others.length ? Math.min(...others.map((x) => x.total)) : 0;
    const lower = d && !r.correct ? others.filter((x) => x.total === low).map((x) => inner(x.seat)) : [];
    const why = !d || tied.length ? '' : ` with ${d.total}${lower.length ? ` (${andList(lower)} held ${low})` : ''}`;
    const tie = tied.length
      ? ` (a tie with ${andList(tied)} at ${d.total} counts as ${r.correct ? 'correct' : 'false'} at this table)` : '';
    const end = r.declarer < 0
      ? `Round ${r.round} ended in a showdown; ${inner(r.lowest)} held the lowest hand.`
      : `${names[r.declarer]} declared ${r.correct ? 'correctly' : 'falsely'}${why}${tie}: round ${r.round} is over.`;
    const out = (r.eliminated || []).map((seat, i) => (i ? inner(seat) : names[seat]));
    if (!out.length) return end;
    const who = out.length === 1 ? out[0] : `${out.slice(0, -1).join(', ')} and ${out[out.length - 1]}`;
    return `${end} ${who} ${out.length === 1 && out[0] !== s.you ? 'is' : 'are'} out of the match.`;
  },
  matchEndSentence: (name) => `${name} won the match.`,
  // Read out after a round's end to the player who played it: her row of
  // the result.
  yourRoundScore: (score, total) => `You score ${score}; your total is ${total}.`,

  // The round's result
  resultHeading: (round) => `Round ${round} result`,
  // (you: the player is the one named, on their own page.)
  // tied: who else held the declarer's total when it was the lowest (D1),
  // 'you' for the player; the table's tie rule made it correct or false.
  resultDeclared: (name, total, correct, you, tied = []) =>
    `${you ? 'You' : name} declared with ${total}: ${correct ? 'correct' : 'false'}${tied.length
      ? ` (a tie with ${andList(tied)} at ${total} counts as ${correct ? 'correct' : 'false'} at this table)` : ''}.`,
  resultShowdown: (name, you) =>
    `Nobody declared before the turn limit: a showdown, scored as if ${you ? 'you' : name} (the lowest hand) had declared.`,
  colPlayer: 'Player', colScore: 'Scores',
  // (A round's result: 'Total' beside 'Total score' left a newcomer to
  // guess which was the hand and which the match.)
  colTotal: 'Hand total', colRoundScore: 'Round score', colCumulative: 'Match score',
  lowestMark: 'lowest',
  declarerMark: 'declared',
  // The tags after a name (a row of the result, a seat) as a screen
  // reader hears them: "(you, declared)".
  tagsRead: (tags) => `(${tags.join(', ')})`,
  explainCorrectDeclarer: '0 (correct declaration)',
  explainPays: (total, dtotal, dname, you) => `${total} − ${dtotal} (${you ? 'you' : dname}) = ${total - dtotal}`,
  explainFalse: (gap, lname, ltotal, you) => `20 + ${gap} over ${you ? 'your' : `${lname}'s`} ${ltotal}`,
  explainNothing: '0 (a false declaration costs only the declarer)',
  eliminated: (name, score, threshold, you) =>
    (you ? `You are out: ${score} is over ${threshold}.` : `${name} is out: ${score} is over ${threshold}.`),
  nextButton: 'Next round',
  // A result the page missed (a reload or a dropped connection as the
  // round ended), shown in the next round.
  missedNote: 'The next round began while you were away; this is how the last one ended.',
  missedClose: 'Close the result',
  missedFinalNote: (match) => `Match ${match} ended while you were away and the next one began; this is how it ended.`,
  missedFinalSentence: (match, end) => `You missed the end of match ${match}; its result is on the page until you close it. ${end}`,
  missedSentence: (end) => `You missed the end of the last round; its result is on the page until you close it. ${end}`,
  waitingNext: 'Waiting for the others…',
  winnerHeading: (name, you) => (you ? 'You won the match!' : `${name} won the match`),
  finalScores: 'Final scores',
  // A line of the final scores, after its place: the winner's without a
  // round, every other's with the round its player went out in.
  finalLine: (name, score, outRound) => (outRound ? `${name}: ${score}, out in round ${outRound}` : `${name}: ${score}`),
  rematchButton: 'Rematch',
  reopenButton: 'Back to the lobby',
  reopenHelp: 'A rematch starts at once with the same seats; the lobby lets friends join from the link and computer players be added or removed first.',
  waitingRematch: (host) => `The host, ${host}, may start a rematch or take the table back to the lobby.`,

  // The player: a name kept with its record and rating
  playingAs: (name) => `You play as ${name}`,
  playerLine: (rating, matches, wins) =>
    `Rating ${rating} · ${matches} match${matches === 1 ? '' : 'es'} played, ${wins} won.`,
  profileLink: 'Your profile and matches',
  leaderboardLink: 'Leaderboard',
  soundLabel: 'A sound when it is my turn, or a friend sits down, while this page is in the background',
  keepLabel: 'Keep my matches and rating under this name (a player: no password needed on this device)',
  guestsOnly: 'This server keeps no records: you play as a guest.',
  nameIsPlayer: (name) =>
    `The name ${name} belongs to another player. Choose another name, or log in below with its password.`,
  nameIsBot: (name) => `The name ${name} belongs to a computer player. Choose another name.`,
  // Names told apart only by I l 1, O 0, rn m or vv w look the same in
  // many fonts: the server refuses one that looks like a player's, or a
  // seated person's, and a guest may not take a player's name.
  nameLooksLikePlayer: (name, like) =>
    `The name ${name} looks too much like ${like}, another player's name. ` +
    'Choose a name told apart by more than case, I l 1, O 0, rn m or vv w.',
  nameLooksLikeSeat: (name, like) =>
    `The name ${name} looks too much like ${like}, who sits at that table. Choose another name.`,
  nameIsGuestsNot: (name, holder) =>
    `The name ${name} belongs to a player. Choose another name, or log in as ${holder} below.`,
  newPasswordLabel: 'Add a password',
  setPasswordButton: 'Save password',
  passwordHelp: 'With a password you can play as this player on another device (at least 8 characters).',
  hasPassword: 'You have a password: log in with it on another device.',
  passwordSet: 'Password saved. Log in with your name and this password on another device.',
  passwordShort: 'A password has at least 8 characters.',
  forgetButton: 'Play as someone else',
  forgetHelp: 'This device forgets you; log in again with your password.',
  forgetWarning: 'Without a password, this device is the only way back to this player.',
  forgotten: 'This device no longer plays as that player.',
  loginSummary: 'Already a player with a password? Log in',
  loginName: 'Player name',
  loginPassword: 'Password',
  loginButton: 'Log in',
  loginIncomplete: 'Type the player name and the password.',
  loggedIn: (name) => `You play as ${name} on this device now.`,
  seeReplay: "See this match's replay",

  // Pages: the leaderboard, a profile, a match and its replay
  loading: 'Loading…',
  apiFailed: (status) => `The server could not answer (HTTP ${status}).`,
  apiBusy: 'The server is busy (it builds a few replays at a time): try again in a moment.',
  apiAgain: 'Try again',
  apiUnreachable: 'The server cannot be reached.',
  pagesNav: 'Pages',
  homeLink: 'Play',
  botName: (level) => `Computer (${level})`,
  leaderboardTitle: 'Leaderboard',
  leaderboardHelp: 'People and computer players on one scale. A rating is the skill the matches show, less three times its uncertainty: it starts at 0 and grows as results come in.',
  leaderboardEmpty: 'No match has finished yet.',
  colRank: 'Rank', colRating: 'Rating', colMatches: 'Matches', colWins: 'Won',
  yourRecord: 'Your record',
  recordHeading: 'Record',
  statRating: 'Rating',
  statRank: 'Place on the leaderboard',
  rankOf: (rank, of) => `${rank} of ${of}`,
  statMatches: 'Matches played',
  statWins: 'Matches won',
  statPointsPerRound: 'Points per round',
  statDeclared: 'Declarations made',
  statCorrect: 'Correct',
  statFalse: 'False',
  ratingHelp: (mu, sigma) => `Skill ${mu}, uncertainty ${sigma}; the rating is skill − 3 × uncertainty.`,
  ratingHistoryHeading: 'Rating history',
  noRatedMatches: 'No rated match yet.',
  colMatch: 'Match', colWhen: 'When', colBefore: 'Before', colAfter: 'After', colChange: 'Change',
  colPlayers: 'Players', colPlace: 'Place', colDeclared: 'Declarations',
  place: (place, of) => `${place} of ${of}`,
  // A computer level that sat at several seats of one match: each seat's
  // place, then each seat's score, in seat order.
  places: (places, of) => `${andList(places.map(String))} of ${of}`,
  scores: (scores) => andList(scores.map(String)),
  replayLink: 'Replay',
  historyHeading: 'Match history',
  noMatches: 'No finished match yet.',
  olderMatches: 'Older matches',
  matchTitle: (id) => `Match #${id}`,
  // A page for what is not there: its heading, the server's reason as a
  // sentence, and the way back.
  noMatchTitle: 'No such match',
  noPlayerTitle: 'No such player',
  noBotTitle: 'No such computer level',
  notThere: (why) => `${why.charAt(0).toUpperCase()}${why.slice(1)}${/[.!?)]$/.test(why) ? '' : '.'}`,
  noMatchNumber: (id) => `'${id}' is no match's number: a match is /matches/ID, ID a whole number from 1.`,
  notThereHelp: "Players' pages are linked from the leaderboard, and matches' from their players' pages.",
  notThereHome: 'Back to the first page',
  matchSummary: (code, rounds) => `Table ${code} · ${rounds} round${rounds === 1 ? '' : 's'}`,
  winnerMark: 'winner',
  ratingChange: (before, after, change) => `${before} → ${after} (${change})`,
  notRated: 'not rated (a guest)',
  declaredCount: (n, correct, wrong) => `${n} (${correct} correct, ${wrong} false)`,
  downloadRecord: 'Download the game record (.lsr)',
  replayHeading: 'Replay',
  replayFirst: 'Start',
  replayPrev: 'Back',
  replayNext: 'Forward',
  replayLast: 'End',
  replayRound: 'Go to',
  roundNumber: (r) => `Round ${r}`,
  replayKeys: 'Every hand is shown. Keyboard: left and right arrows step, Home and End jump.',
  replayStep: (k, n, round) => `Step ${k} of ${n} · round ${round}`,
  replayDeal: (round, starter, open) => `Round ${round} dealt: ${starter} starts, the open card is ${open}.`,
  handOf: (name) => `${name}'s hand`,

  // Connection
  reconnecting: 'Connection lost.',
  unreachable: 'Cannot connect to the server: it is not running, or it refuses more connections from this address.',
  retryIn: (sec) => (sec > 0 ? `Trying again in ${sec} s…` : 'Trying again now…'),
  offline: 'This device is offline: your moves cannot reach the table. The page reconnects by itself as soon as the network is back.',
  reconnectNow: 'Reconnect now',
  notSent: 'Not connected: that was not sent. Press it again once the page is back at the table.',
  storeFailing: 'The server cannot save moves right now: the table waits until it can, and nothing is lost.',
  storeBack: 'The server saves moves again: the table goes on.',
  leaveNotSent: (code) =>
    `Not connected: table ${code} was not told that you left, and keeps your seat. Back to table ${code} takes it back, to leave from there.`,
  // The browser's Back (a phone's swipe) at a table in a running match.
  backTitle: 'Leave the table?',
  backText: (code) =>
    `The match at table ${code} goes on without you: the computer plays your turns until you come back (from the first page, or the table's link). Back again leaves.`,
  backStay: 'Stay at the table',
  backLeave: 'Leave the table',
  seatGone: 'That seat is no longer yours (the table closed or you were removed).',
  // (A resume answered no_table: the page cannot tell a restart from a
  // table that closed, as the server says nothing of its restarts.)
  tableGone: (code) => `Table ${code} is gone: it closed while you were away, or the server restarted (a table whose match had not begun, or had just ended, is not kept).`,
  watchGone: 'The table you were watching is gone: it closed, or the server restarted before its match began.',
  removed: (reason) => `You left the table: ${reason}.`,
  seatElsewhere: (code) =>
    `Your seat at table ${code} is now played in another tab, window or device. Back to table ${code} takes it back here.`,
  protocolNewer: 'The server speaks a newer protocol; some things may not show.',
  errorPrefix: 'The server said: ',
  close: 'Close',

  // The rules dialog: the game in full, in this client's words.
  rulesTitle: 'How to play Least Score',
  rules: [
    ['The aim', [
      'Two to eight players each hold a few cards that nobody else sees, and each tries to hold as few points as possible. Points pile up over rounds; whoever goes over the table\'s limit leaves the match, and the last player left wins.',
    ]],
    ['Cards', [
      'Each player is dealt five cards (the table may choose 3 to 7). An ace counts 1, two to ten their number, jack, queen and king 10 each. A hand is worth the sum of its cards.',
      'After the deal, the next card of the deck is turned face up: it is the first open card.',
    ]],
    ['A turn', [
      'First throw away one card or a group of cards, then pick up exactly one: either one of the cards the player before you just threw away (the open cards), or the top card of the deck. Your own discard is never yours to take, and older discards are gone for good (the dead pile).',
      'When the deck runs out, the dead pile is shuffled into a new deck.',
      'A hand never grows: you always throw away at least as many cards as you pick up.',
    ]],
    ['What you may throw away', [
      'One card, always.',
      'Two cards of one rank (a pair), or all four of a rank. Three of a kind may not go together.',
      'Three or five cards in unbroken rank order (a run), of any suits. The ace may be at the bottom (A-2-3) or at the top (Q-K-A) but a run may not turn the corner (K-A-2). Runs of two, four or six are not allowed. A table may require every card of a run to be of one suit.',
      'Five cards of one suit (a flush).',
      'Nothing else: not two different pairs, not six or more cards.',
    ]],
    ['Declaring', [
      'Instead of playing your turn, you may declare when you believe your hand is the lowest at the table. You may not declare on your first turn of a round. A table may set a limit: then you may declare only with a hand of at most that total.',
      'All hands are then shown and the round is scored.',
    ]],
    ['Scoring', [
      'If nobody holds less than the declarer, the declaration is correct: the declarer scores 0 and everyone else scores the difference between their hand and the declarer\'s. Example: Ada declares with 10, Ben holds 16 and Cleo 17: they score 0, 6 and 7.',
      'If someone holds less, the declaration is false: the declarer alone scores 20 plus the difference to the lowest hand, and nobody else scores. Example: Ada declares with 10, Ben holds 8: Ada scores 20 + 2 = 22.',
      'A tie with the declarer counts as correct, unless the table chose that a tie counts as false (then the declarer pays 20 + 0).',
      'If a round goes on too long (500 turns) without a declaration, it ends in a showdown scored as if the lowest hand had declared correctly.',
    ]],
    ['Going out', [
      'Scores add up from round to round. A player whose total goes over the limit (25, 50 or 100) is out of the match; landing exactly on it keeps you in. When one player is left, that player wins.',
      'The first round is started by the first seat; each later round by the next player still in the match.',
    ]],
    ['What everyone knows', [
      'Everybody sees every discard and which open card each player takes, so a taken card is known to be in that hand until it is thrown away again. A card drawn from the deck is seen only by its drawer.',
    ]],
    ['Playing here', [
      'Select the cards to throw away (click or tap them; or use the arrow keys and space), then press an open card to take it, or Draw. The line under your hand says whether the selection may go, and why not. From the keyboard, Escape in the chat closes it and goes back to your hand.',
      'Declare appears only when you may declare (from your second turn of a round; until then a line in its place says when); it asks once more before it ends the round (Yes, or No and Escape to take it back). Hint asks the expert computer player what it would do, and how likely it thinks a declaration now would be correct.',
      'If a turn timer is set and your time runs out, the computer plays that turn for you. If your connection drops, reload the page: you get your seat back.',
    ]],
  ],

  // Error codes of the protocol, worded for a person when the server's own
  // message is not enough.
  errors: {
    no_table: 'No table has this code.',
    table_full: 'The table is full (you may watch it).',
    started: 'The match has already started (you may watch it).',
    name_taken: 'Somebody at that table already has this name.',
    bad_name: 'Names are 1 to 16 letters (A to Z, no accents), digits, _ or -.',
    server_full: 'The server cannot open more tables now: join a table with its code, or try again in a few minutes.',
    shutting_down: 'The server is stopping.',
    rate_limited: 'Too many messages; slow down a little.',
    bad_login: 'Wrong player name or password.',
    bad_password: 'A password has 8 to 1024 characters.',
    not_player: 'Only a player may do this.',
    not_seated: 'Only the players at the table write in the chat.',
    store_failed: 'The server could not reach its records; try again soon.',
    store_unavailable: 'The server cannot reach its records just now; nothing is lost: try again in a moment.',
  },
};
