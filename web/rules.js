// The cards and the discard rule (docs/rules.md R1, R3, D2, D3), for the
// browser: it tells a player, while they pick cards, whether the selection
// may be thrown away and why not. The server's engine stays the authority;
// this module only spares a round trip and explains. It knows nothing of the
// page: cards are the protocol's strings ("7H", "10S"), answers are plain
// objects whose reasons are keys of strings.js (web/strings.js words them).

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const SUITS = ['C', 'D', 'H', 'S'];

// "10H" -> {rank: 10, suit: 'H'} with rank 1 (ace) to 13 (king); null when
// the text is not a card.
export function parseCard(text) {
  if (typeof text !== 'string') return null;
  const m = /^(A|[2-9]|10|J|Q|K)([CDHS])$/.exec(text);
  if (!m) return null;
  return { rank: RANKS.indexOf(m[1]) + 1, suit: m[2] };
}

// The engine's card number (rank * 4 + suit, 0..51): sorting by it gives the
// protocol's ascending order (rank first, then clubs, diamonds, hearts,
// spades).
export function cardIndex(text) {
  const c = parseCard(text);
  return c ? (c.rank - 1) * 4 + SUITS.indexOf(c.suit) : -1;
}

export function sortCards(cards) {
  return [...cards].sort((a, b) => cardIndex(a) - cardIndex(b));
}

// An ace 1, two to ten their number, jack, queen and king 10 (R1).
export function cardValue(text) {
  const c = parseCard(text);
  return c ? Math.min(c.rank, 10) : 0;
}

export function handTotal(cards) {
  return cards.reduce((sum, c) => sum + cardValue(c), 0);
}

// True when the distinct ranks (1..13, ascending) are consecutive, either as
// they are (the ace at the bottom) or with the ace counted as 14 (at the
// top); never both at once, so K-A-2 is not a run.
function consecutive(ranks) {
  const run = (rs) => rs.every((r, i) => i === 0 || r === rs[i - 1] + 1);
  if (run(ranks)) return true;
  if (ranks[0] !== 1) return false;
  return run([...ranks.slice(1), 14]);
}

function isRun(parsed) {
  const ranks = [...new Set(parsed.map((c) => c.rank))].sort((a, b) => a - b);
  return ranks.length === parsed.length && consecutive(ranks);
}

// May these cards be thrown away together? `runs` is the table's option
// ('any' or 'suited'). Returns {ok: true, shape} with shape one of 'single',
// 'pair', 'four', 'run', 'flush' (a straight flush is a run), or
// {ok: false, reason} with reason a key of strings.reasons.
export function checkDiscard(cards, runs = 'any') {
  const parsed = cards.map(parseCard);
  if (parsed.some((c) => c === null)) return { ok: false, reason: 'notCards' };
  if (new Set(cards).size !== cards.length) return { ok: false, reason: 'notCards' };
  const n = parsed.length;
  const nranks = new Set(parsed.map((c) => c.rank)).size;
  const oneSuit = new Set(parsed.map((c) => c.suit)).size === 1;
  const run = isRun(parsed);
  switch (n) {
    case 0:
      return { ok: false, reason: 'none' };
    case 1:
      return { ok: true, shape: 'single' };
    case 2:
      return nranks === 1 ? { ok: true, shape: 'pair' } : { ok: false, reason: 'notPair' };
    case 3:
      if (nranks === 1) return { ok: false, reason: 'threeOfAKind' };
      if (!run) return { ok: false, reason: 'notRun3' };
      if (runs === 'suited' && !oneSuit) return { ok: false, reason: 'runSuited' };
      return { ok: true, shape: 'run' };
    case 4:
      if (nranks === 1) return { ok: true, shape: 'four' };
      if (run) return { ok: false, reason: 'run4' };
      if (nranks === 2 && parsed.filter((c) => c.rank === parsed[0].rank).length === 2) {
        return { ok: false, reason: 'twoPairs' };
      }
      return { ok: false, reason: 'notFour' };
    case 5:
      if (run && (runs !== 'suited' || oneSuit)) return { ok: true, shape: 'run' };
      if (oneSuit) return { ok: true, shape: 'flush' };
      if (run) return { ok: false, reason: 'runSuited' };
      return { ok: false, reason: 'notFive' };
    default:
      return { ok: false, reason: 'tooMany' };
  }
}

// Why each hand of a round's result (the protocol's `result`) scored what it
// did (R6, R7, D1, D12), as plain data for strings.js to word. One entry per
// hand, in the result's order, each with `seat`, `lowest` (true for every
// hand of the lowest total) and `why`:
//   'correct'  the declarer of a correct declaration: 0
//   'pays'     another hand after a correct declaration: `gap`, its total
//              minus `declarerTotal` (the hand of seat `declarer`)
//   'false'    the declarer of a false declaration: 20 + `gap`, the gap to
//              `lowestTotal`, the lowest other hand (seat `lowestSeat`)
//   'nothing'  another hand after a false declaration: 0
// A showdown (declarer -1) is scored as the lowest hand (`result.lowest`)
// declaring, correctly.
export function explainRound(result) {
  const hands = result.hands || [];
  const d = result.declarer >= 0 ? result.declarer : result.lowest;
  const dh = hands.find((x) => x.seat === d);
  const others = hands.filter((x) => x.seat !== d);
  const minAll = Math.min(...hands.map((x) => x.total));
  const minOthers = Math.min(...others.map((x) => x.total));
  const low = others.find((x) => x.total === minOthers);
  return hands.map((x) => {
    const base = { seat: x.seat, lowest: x.total === minAll };
    if (result.correct) {
      return x.seat === d ? { ...base, why: 'correct' }
        : { ...base, why: 'pays', declarer: d, declarerTotal: dh.total, gap: x.total - dh.total };
    }
    if (x.seat !== d) return { ...base, why: 'nothing' };
    return { ...base, why: 'false', lowestSeat: low.seat, lowestTotal: minOthers, gap: dh.total - minOthers };
  });
}

// A match's places (R8, D8), as the store gives them (the match page's
// `place`, db.c match_stats): the winner, who outlasted the others, first;
// then those out later before those out earlier; those out in the same
// round by score, lower first; equal keys share a place. `seats` are
// {score, out_round} (out_round null or absent while in: the winner at the
// match's end). Returns each {seat, place}, best first, then by seat.
export function finalPlaces(seats) {
  const outAt = (x) => x.out_round ?? Infinity;
  const better = (a, b) => outAt(a) > outAt(b) || (outAt(a) === outAt(b) && a.score < b.score);
  return seats.map((x, seat) => ({ seat, place: 1 + seats.filter((y) => better(y, x)).length }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat);
}
