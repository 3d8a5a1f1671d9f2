// What the page has already shown of the ends of rounds and matches, so
// that one it missed is shown when it comes back. Nobody waits for a page
// that is away (a reload, a dropped connection): the next round is dealt
// after the pause, a rematch may begin, and the view's `result` (the last
// round's, all through the next round; the new match's once a rematch
// began) would never draw the end the page missed.
//
// One record per tab, for the table it is at, kept in the storage given
// (sessionStorage: a reload keeps it, another tab has its own):
//
//   code   the table it is for;
//   last   the last round result this page has done with, {match, round}
//          (round 0: the page came before the match's first result, and
//          what ended before is none of its news); undefined while the
//          page does not know where it came in (its first view showed a
//          result, and what happened before is no news: nothing is missed
//          until it has seen a round in play);
//   over   the last match end this page drew: {match, round, winner,
//          result, names, seats}, its final round, its winner, the names
//          of its seats (the view after a rematch has only the new match,
//          and after Back to the lobby the seats of the next one) and
//          each seat's final {score, out_round}, for its places;
//   scores the seats' {score, out_round} in the last view this page had
//          of this match and of the one before, [{match, seats}]: a match
//          end read from the events starts from them (the events may
//          begin after a seat went out);
//   final  the end of the previous match, missed and not yet closed (the
//          same shape; `seats` absent when the page cannot know them all),
//          or null.
//
// A result is done with once it left the screen because the table moved on
// (not because the page went away), or once Next round or Close was
// pressed; `last` only ever moves forward.

// The result a view holds, {match, round}, or null.
export function resultKey(v) {
  return v && v.result ? { match: v.match, round: v.result.round } : null;
}

// Whether result a comes after result b (any result comes after none).
export function later(a, b) {
  return !b || a.match > b.match || (a.match === b.match && a.round > b.round);
}

// Where a page that comes to the table at view v (which shows no result)
// starts: what ended before it, the previous match's end included, is not
// news to it. In the lobby that is the whole of match v.match (0 before
// the first); in round 1 of a match, nothing of this match yet.
function arrival(v) {
  return { match: v.status === 'lobby' ? v.match + 1 : v.match, round: 0 };
}

// A view whose screen shows its round's result: between rounds, or the
// match over.
function showing(x) {
  return !!x && (x.status === 'between' || x.status === 'over') && !!x.result;
}

// Each seat's {score, out_round} in view v.
function seatScores(v) {
  return (v.seats || []).map((x) => ({ score: x?.score ?? 0, out_round: x?.out_round ?? null }));
}

// The final {score, out_round} of every seat of a match of n seats won by
// `winner`, from `base` (the seats as the page last saw them in that
// match, or null) and that match's round ends, in order: a hand's
// cumulative is its seat's score, an elimination its out_round. Null when
// a seat is left unknown: one that went out (it is not the winner) in a
// round the page neither saw nor has the end of.
function finalScores(n, winner, base, results) {
  const seats = Array.from({ length: n }, (_, i) => (base?.[i] ? { ...base[i] } : null));
  for (const r of results) {
    for (const x of r.hands || []) {
      if (x.seat >= 0 && x.seat < n) seats[x.seat] = { out_round: null, ...seats[x.seat], score: x.cumulative };
    }
    for (const seat of r.eliminated || []) if (seats[seat]) seats[seat].out_round = r.round;
  }
  return seats.every((x, i) => x && (i === winner || x.out_round !== null)) ? seats : null;
}

// The final {score, out_round} and the name of every seat, from a
// `match_end` event's `places` (each {place, seat, name, total,
// out_round}, every seat of the match once), or null when it has none
// (an older server) or they are not every seat 0..n-1 once.
function fromPlaces(places) {
  if (!Array.isArray(places) || !places.length) return null;
  const seats = [];
  const names = [];
  for (const p of places) {
    if (!p || !Number.isInteger(p.seat) || p.seat < 0 || p.seat >= places.length || seats[p.seat]
      || typeof p.total !== 'number') return null;
    seats[p.seat] = { score: p.total, out_round: Number.isInteger(p.out_round) ? p.out_round : null };
    names[p.seat] = typeof p.name === 'string' ? p.name : '?';
  }
  return { seats, names };
}

export class Seen {
  // storage: getItem/setItem (sessionStorage); key: the item's name.
  constructor(storage, key = 'leastscore.resultSeen') {
    this.storage = storage;
    this.key = key;
    this.rec = { code: null, last: undefined, final: null, over: null };
  }

  save() {
    try {
      this.storage.setItem(this.key, JSON.stringify(this.rec));
    } catch {
      // a browser that keeps nothing still knows for this page
    }
  }

  // The record of table `code`: the stored one if it is that table's,
  // else a new one that knows nothing yet.
  forTable(code) {
    if (this.rec.code === code) return;
    let saved = null;
    try {
      saved = JSON.parse(this.storage.getItem(this.key));
    } catch {
      saved = null;
    }
    this.rec = saved && typeof saved === 'object' && saved.code === code ? { final: null, over: null, ...saved }
      : { code, last: undefined, final: null, over: null };
  }

  // Result `key` ({match, round}, or null for none) is done with. Only a
  // later one moves `last`; null only settles a page that did not know.
  done(key) {
    if (key ? !later(key, this.rec.last) : this.rec.last !== undefined) return;
    this.rec.last = key;
    this.save();
  }

  // The table's view went from `before` (null for none) to `v`: a result
  // that was on the screen and is gone now is done with; a page that did
  // not know learns where it starts; a match end on the screen is kept.
  update(before, v) {
    this.forTable(v.code);
    if (showing(before) && before.code === v.code
      && !(showing(v) && v.match === before.match && v.result.round === before.result.round)) this.done(resultKey(before));
    if (this.rec.last === undefined && !showing(v)) this.done(resultKey(v) || arrival(v));
    if (v.status === 'over' && v.result && this.rec.over?.match !== v.match) {
      this.rec.over = {
        match: v.match, round: v.result.round, winner: v.winner, result: v.result, names: (v.seats || []).map((x) => x?.name ?? '?'),
        seats: seatScores(v),
      };
      this.save();
    }
    if (v.status !== 'lobby') {
      // (The previous match's are kept too: the view that brings the
      // events of its end is already the next match's.)
      const now = { match: v.match, seats: seatScores(v) };
      const kept = (this.rec.scores || []).filter((x) => x.match === v.match - 1);
      const scores = [...kept, now];
      if (JSON.stringify(this.rec.scores) !== JSON.stringify(scores)) {
        this.rec.scores = scores;
        this.save();
      }
    }
  }

  // The last round's result, {match, round}, when view v is in the next
  // round and this page missed it; else null.
  missedResult(v) {
    const key = resultKey(v);
    if (!key || v.status !== 'playing' || this.rec.code !== v.code || this.rec.last === undefined) return null;
    return later(key, this.rec.last) ? key : null;
  }

  // The end of the previous match, when this page missed it: a rematch
  // began while it was away. Its final round and winner come from the
  // state's `events` (a `round_end`, `match_end`, then the next match's
  // `start`) when the page was away before the end, its final scores and
  // names from the `match_end`'s `places` when the server sends them
  // (else from the round ends and what the page last saw); a page away from the
  // end's screen (a reload there) has them from `over`, kept when it drew
  // that screen, since the events after its resume start after them. It
  // is kept as `final` until closed. Returns it when it is news now (to
  // be announced), else null. (A page that came to the table after the
  // end, a spectator say, is sent the table's past, that end with it:
  // `last` is past it.) `names`, when given, are the seats' names just
  // after each event (the lobby between two matches frees seats and moves
  // the later ones up): the end keeps those of its own time.
  takeMissedFinal(events, v, names = null) {
    if (this.rec.code !== v.code || this.rec.last === undefined) return null;
    let match = v.match;
    let end = null;
    let found = null;
    for (let i = events.length - 1; i >= 0 && !found; i--) {
      const ev = events[i];
      if (ev.kind === 'start') match--;
      else if (ev.kind === 'match_end' && match < v.match) end = { ev, match, names: names?.[i], at: i };
      else if (ev.kind === 'round_end' && end && end.match === match) found = { end, r: ev.result || ev };
    }
    const over = this.rec.over && this.rec.over.match < v.match ? this.rec.over : null;
    let final = over;
    if (found) {
      const { end: e } = found;
      // (That match's events begin after its start, or with the events.)
      let first = e.at;
      while (first > 0 && events[first - 1].kind !== 'start') first--;
      const results = events.slice(first, e.at).filter((ev) => ev.kind === 'round_end').map((ev) => ev.result || ev);
      // (The event's own standings, from a server that sends them, are
      // whole however many events the page missed: those read from the
      // round ends miss a seat out before the events the page has.)
      const placed = fromPlaces(e.ev.places);
      const base = (this.rec.scores || []).find((x) => x.match === e.match)?.seats ?? null;
      const n = e.names?.length ?? base?.length ?? (v.seats || []).length;
      const seats = placed?.seats ?? finalScores(n, e.ev.winner, base, results);
      const names = placed?.names ?? e.names;
      final = {
        match: e.match, round: found.r.round, winner: e.ev.winner, result: found.r,
        ...(names ? { names } : {}), ...(seats ? { seats } : {}),
      };
    }
    if (!final || !later(final, this.rec.last)) return null;
    this.rec.final = final;
    this.done({ match: final.match, round: final.round });
    return final;
  }

  // The missed end of a match to draw at view v (not in the lobby), or
  // null.
  missedFinal(v) {
    const f = this.rec.final;
    return f && this.rec.code === v.code && v.status !== 'lobby' ? f : null;
  }

  // Close pressed on the missed end of a match.
  closeFinal() {
    this.rec.final = null;
    this.save();
  }
}
