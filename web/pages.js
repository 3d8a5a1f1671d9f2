// The pages that show what the server keeps (docs/http-api.md): a player's
// profile with the match history, the leaderboard, and a finished match
// with its replay viewer. They read the JSON API and draw nothing of their
// own: every hand of the replay comes from the server, which replays the
// game record with the engine, so this file knows no rule of the game.
//
// pageRoute(path) says whether a URL is one of these pages; pageScreen()
// draws it from what has been fetched so far and asks for a redraw when
// more arrives (each URL is fetched once per visit).

import { s, cardShort } from './strings.js';
import { h, cardRow, stackTable } from './dom.js';
import { handTotal } from './rules.js';

const cache = new Map(); // url -> {status: 'loading' | 'ok' | 'error', data, error}
const replayAt = new Map(); // match id -> the step shown
const older = new Map(); // player url -> {matches: [...], done, loading}
let replayKeys = null; // the replay's key handler while one is shown

// The replay's keys work wherever the focus is (a button that became
// disabled at the end leaves it on the page), except in a form field.
document.addEventListener('keydown', (ev) => {
  if (replayKeys && !['INPUT', 'SELECT', 'TEXTAREA'].includes(ev.target.tagName)) replayKeys(ev);
});

export function pageRoute(path) {
  let m;
  if (path === '/leaderboard') return { kind: 'leaderboard' };
  if ((m = /^\/players\/([A-Za-z0-9_-]{1,16})$/.exec(path))) return { kind: 'player', name: m[1] };
  // (A level in any case, as the API takes it; a match's id that is no
  // number goes to the API all the same, which says what is wrong with
  // it: both showed the first page, as if the address were not there.)
  if ((m = /^\/bots\/([A-Za-z]{1,16})$/.exec(path))) return { kind: 'bot', level: m[1].toLowerCase() };
  if ((m = /^\/matches\/([A-Za-z0-9_.-]{1,24})$/.exec(path))) return { kind: 'match', id: m[1] };
  return null;
}

function load(url, redraw) {
  let e = cache.get(url);
  if (e) return e;
  e = { status: 'loading' };
  cache.set(url, e);
  // A failure that may pass (a busy or unreachable server) offers Try
  // again, which fetches anew; the others (no such match) do not.
  const again = () => {
    cache.delete(url);
    redraw();
  };
  fetch(url).then(async (r) => {
    const body = await r.json().catch(() => null);
    if (r.ok && body) {
      e.status = 'ok';
      e.data = body;
    } else {
      e.status = 'error';
      e.missing = r.status === 404 || r.status === 400; // no such player, level or match, or none it could be
      e.error = body?.message || (r.status === 503 ? s.apiBusy : s.apiFailed(r.status));
      if ((r.status === 429 || r.status >= 500) && body?.error !== 'no_store') e.again = again;
    }
  }).catch(() => {
    e.status = 'error';
    e.error = s.apiUnreachable;
    e.again = again;
  }).finally(redraw);
  return e;
}

// What a page shows while its data is on the way, or when it failed.
function pending(e) {
  if (e.status === 'loading') return [h('p', { role: 'status' }, s.loading)];
  return [h('p', { class: 'message', role: 'alert' }, e.error),
    e.again && h('button', { id: 'api-again', 'data-focus': 'api-again', onclick: e.again }, s.apiAgain)];
}

// A page for what is not there (a player, a level or a match the
// server does not know, or an address that can name none): the heading
// says so, not the name as if it were a page, the server's reason comes
// as a sentence, and a link leads back to the first page. (A heading
// with the name, 'NoSuchName', over 'no player named NoSuchName' looked
// like a profile that failed to load.)
function notThere(title, why, ctx) {
  document.title = `${title} · ${s.title}`;
  return [topBar(title, ctx.rulesButton()),
    h('p', { class: 'message', role: 'alert' }, s.notThere(why)),
    h('p', { class: 'help' }, s.notThereHelp),
    h('p', {}, h('a', { class: 'button', href: '/', id: 'not-there-home' }, s.notThereHome))];
}

function when(unix) {
  return new Date(unix * 1000).toLocaleString();
}

function signed(x) {
  const r = Math.round(x * 100) / 100;
  return r > 0 ? `+${r}` : String(r);
}

// The bar at the top of every page: back home, the leaderboard, the rules.
function topBar(title, rulesButton) {
  return h('header', { class: 'top' }, h('h1', {}, title),
    h('nav', { class: 'tools', 'aria-label': s.pagesNav },
      h('a', { class: 'button secondary', href: '/' }, s.homeLink),
      h('a', { class: 'button secondary', href: '/leaderboard', id: 'leaderboard-link' }, s.leaderboardLink),
      rulesButton));
}

function playerLink(p) {
  if (p.kind === 'bot') return h('a', { href: `/bots/${p.level}` }, s.botName(p.level));
  return h('a', { href: `/players/${p.name}` }, p.name);
}

// A seat of a match: a computer player by its name at the table and its
// level's profile; a player linked to the profile; a guest by name.
function seatName(p) {
  if (p.kind === 'bot') return [p.name, ' ', h('a', { class: 'tag', href: `/bots/${p.level}` }, s.botName(p.level))];
  return p.rated ? playerLink(p) : p.name;
}

export function pageScreen(route, ctx) {
  replayKeys = null;
  if (route.kind === 'leaderboard') return leaderboardPage(ctx);
  if (route.kind === 'match') return matchPage(route.id, ctx);
  return profilePage(route, ctx);
}

// ------------------------------------------------------------ leaderboard

function leaderboardPage(ctx) {
  document.title = `${s.leaderboardTitle} · ${s.title}`;
  const e = load('/api/leaderboard', ctx.render);
  const out = [topBar(s.leaderboardTitle, ctx.rulesButton())];
  if (e.status !== 'ok') return [...out, ...pending(e)];
  const rows = e.data.players;
  out.push(h('p', { class: 'help' }, s.leaderboardHelp));
  if (!rows.length) return [...out, h('p', { id: 'leaderboard-empty' }, s.leaderboardEmpty)];
  out.push(h('section', { class: 'panel scroll' },
    stackTable({ id: 'leaderboard' }, [s.colRank, s.colPlayer, s.colRating, s.colMatches, s.colWins],
      rows.map((p) => ({
        attrs: { class: ctx.player?.name === p.name && p.kind === 'person' ? 'me' : null },
        cells: [p.rank, playerLink(p), p.rating, p.matches, p.wins],
      })), 1)));
  return out;
}

// ------------------------------------------------------------ profile

function profilePage(route, ctx) {
  const base = route.kind === 'bot' ? `/api/bots/${route.level}` : `/api/players/${route.name}`;
  const title = route.kind === 'bot' ? s.botName(route.level) : route.name;
  document.title = `${title} · ${s.title}`;
  const e = load(base, ctx.render);
  if (e.missing) return notThere(route.kind === 'bot' ? s.noBotTitle : s.noPlayerTitle, e.error, ctx);
  const out = [topBar(title, ctx.rulesButton())];
  if (e.status !== 'ok') return [...out, ...pending(e)];
  const p = e.data;
  const mine = route.kind === 'player' && ctx.player?.name === p.name;
  const stat = (label, value, id) => h('div', {}, h('dt', {}, label), h('dd', { id }, value));
  out.push(h('section', { class: 'panel', 'aria-labelledby': 'stats-h' },
    h('h2', { id: 'stats-h' }, mine ? s.yourRecord : s.recordHeading),
    h('dl', { class: 'stats' },
      stat(s.statRating, `${p.rating}`, 'stat-rating'),
      stat(s.statRank, p.rank ? s.rankOf(p.rank, p.ranked) : '–', 'stat-rank'),
      stat(s.statMatches, p.matches, 'stat-matches'),
      stat(s.statWins, p.wins, 'stat-wins'),
      stat(s.statPointsPerRound, p.points_per_round ?? '–', 'stat-ppr'),
      stat(s.statDeclared, p.declared, 'stat-declared'),
      stat(s.statCorrect, p.declared_correct, 'stat-correct'),
      stat(s.statFalse, p.declared_false, 'stat-false')),
    h('p', { class: 'help' }, s.ratingHelp(p.mu, p.sigma))));
  out.push(ratingHistory(p.rating_history));
  out.push(matchHistory(base, p, ctx));
  return out;
}

// The rating after each rated match: a line for the eye, a table for
// everyone (the last 20, newest first).
function ratingHistory(hist) {
  const section = h('section', { class: 'panel', 'aria-labelledby': 'rating-h' },
    h('h2', { id: 'rating-h' }, s.ratingHistoryHeading));
  if (!hist.length) {
    section.append(h('p', {}, s.noRatedMatches));
    return section;
  }
  const values = [hist[0].before, ...hist.map((x) => x.after)];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const W = 300;
  const H = 80;
  const pts = values.map((v, i) => `${((i / Math.max(1, values.length - 1)) * W).toFixed(1)},${
    (H - 4 - ((v - lo) / Math.max(1e-9, hi - lo)) * (H - 8)).toFixed(1)}`).join(' ');
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'chart');
  svg.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
  line.setAttribute('points', pts);
  svg.append(line);
  section.append(svg,
    stackTable({ id: 'rating-history' }, [s.colMatch, s.colWhen, s.colBefore, s.colAfter, s.colChange],
      hist.slice(-20).reverse().map((x) => ({
        cells: [h('a', { href: `/matches/${x.match}` }, `#${x.match}`), { content: when(x.at), span: 2 },
          x.before, x.after, signed(x.after - x.before)],
      }))));
  return section;
}

const HISTORY_COLUMNS = () => [s.colMatch, s.colWhen, s.colPlayers, s.colPlace, s.colScore, s.colChange, ''];

// A match of the history. A computer level that sat at several seats of
// it (your_seats) has all of them marked among the players, their places
// and scores in seat order; its rating changed once (you, its best-placed
// seat, carries the change).
function matchRow(m) {
  const me = m.players.find((x) => x.seat === m.you);
  const seats = m.your_seats || [m.you];
  const mine = m.players.filter((x) => seats.includes(x.seat));
  const names = m.players.map((x, i) => {
    const name = x.kind === 'bot' ? s.botName(x.level) : x.name;
    const shown = mine.length > 1 && seats.includes(x.seat) ? h('strong', { class: 'mine' }, name) : name;
    return i ? [', ', shown] : shown;
  });
  let place = me ? s.place(me.place, m.players.length) : '–';
  let score = me ? me.score : '–';
  if (mine.length > 1) {
    place = s.places(mine.map((x) => x.place), m.players.length);
    score = s.scores(mine.map((x) => x.score));
  }
  return {
    attrs: { 'data-match': m.id, 'data-seats': seats.join(' ') },
    cells: [h('a', { href: `/matches/${m.id}` }, `#${m.id}`),
      { content: when(m.finished_at), span: 2 },
      { content: names, span: 'line' },
      place,
      score,
      me && me.rated ? signed(me.rating_after - me.rating_before) : '–',
      h('a', { href: `/matches/${m.id}`, class: 'replay-link' }, s.replayLink)],
  };
}

function matchHistory(base, p, ctx) {
  const more = older.get(base) || { matches: [], done: p.recent.length < 20, loading: false };
  older.set(base, more);
  const all = [...p.recent, ...more.matches];
  const section = h('section', { class: 'panel scroll', 'aria-labelledby': 'history-h' },
    h('h2', { id: 'history-h' }, s.historyHeading));
  if (!all.length) {
    section.append(h('p', {}, s.noMatches));
    return section;
  }
  section.append(stackTable({ id: 'history' }, HISTORY_COLUMNS(), all.map(matchRow)));
  // Older matches pressed for the last of them, it is gone: the keyboard
  // goes on to the first match it brought (it fell to the page's body,
  // and the next Tab to the page's top).
  if (more.done && more.from) {
    const rows = section.querySelectorAll('#history tbody tr');
    rows[Math.min(more.from, rows.length - 1)]?.querySelector('a')?.setAttribute('data-focus-instead', 'older');
  }
  if (!more.done) {
    section.append(h('p', {}, h('button', {
      class: 'secondary', id: 'older', 'data-focus': 'older', disabled: more.loading,
      onclick: async () => {
        more.loading = true;
        ctx.render();
        try {
          const r = await fetch(`${base}/matches?before=${all[all.length - 1].id}`);
          const body = await r.json();
          if (!r.ok) throw new Error(body.message);
          more.from = all.length;
          more.matches.push(...body.matches);
          more.done = body.matches.length < 20;
        } catch (err) {
          ctx.alert(s.errorPrefix + (err.message || s.apiUnreachable));
        }
        more.loading = false;
        ctx.render();
      },
    }, s.olderMatches)));
  }
  return section;
}

// ------------------------------------------------------------ a match

function matchPage(id, ctx) {
  // (An id with a dot would ask the API for a match's record, 1.lsr, or
  // a path it does not have, 1.5, and be told of API paths.)
  if (id.includes('.')) return notThere(s.noMatchTitle, s.noMatchNumber(id), ctx);
  document.title = `${s.matchTitle(id)} · ${s.title}`;
  const e = load(`/api/matches/${id}`, ctx.render);
  if (e.missing) return notThere(s.noMatchTitle, e.error, ctx);
  const out = [topBar(s.matchTitle(id), ctx.rulesButton())];
  if (e.status !== 'ok') return [...out, ...pending(e)];
  const m = e.data;
  const byPlace = [...m.players].sort((a, b) => a.place - b.place || a.seat - b.seat);
  out.push(h('section', { class: 'panel scroll', 'aria-labelledby': 'match-h' },
    h('h2', { id: 'match-h' }, s.matchSummary(m.code, m.rounds)),
    h('p', {}, when(m.finished_at)),
    stackTable({ id: 'match-players' }, [s.colPlace, s.colPlayer, s.colScore, s.colRating, s.colDeclared],
      byPlace.map((p) => ({
        attrs: { class: p.won ? 'lowest' : null },
        cells: [p.place, [seatName(p), p.won ? h('span', { class: 'tag' }, s.winnerMark) : null], p.score,
          { content: p.rated ? s.ratingChange(p.rating_before, p.rating_after, signed(p.rating_after - p.rating_before)) : s.notRated, span: 2 },
          { content: s.declaredCount(p.declared, p.declared_correct, p.declared_false), span: 2 }],
      })), 1),
    h('p', {}, h('a', {
      class: 'button secondary', id: 'download', href: m.record, download: `match-${m.id}.lsr`,
    }, s.downloadRecord))));
  out.push(replayViewer(m, ctx));
  return out;
}

// "discard 7H 8H take 4S" as the log's sentence.
function moveSentence(name, move) {
  const w = move.split(' ');
  if (w[0] === 'declare') return s.moveSentence(name, { action: 'declare' });
  const i = w.findIndex((x) => x === 'take' || x === 'draw');
  return s.moveSentence(name, { action: w[i], discard: w.slice(1, i), card: w[i + 1] });
}

function stepSentence(rep, st) {
  const names = rep.players;
  if (st.kind === 'deal') return s.replayDeal(st.round, names[st.seat], st.open[0] ? cardShort(st.open[0]) : '');
  let text = moveSentence(names[st.seat], st.move);
  if (st.result) text += `. ${s.roundEndSentence(st.result, names)}`;
  if (st.winner !== undefined) text += ` ${s.matchEndSentence(names[st.winner])}`;
  return text;
}

function replayViewer(m, ctx) {
  const e = load(m.replay, ctx.render);
  const section = h('section', { class: 'panel replay', 'aria-labelledby': 'replay-h' },
    h('h2', { id: 'replay-h' }, s.replayHeading));
  if (e.status !== 'ok') {
    section.append(...pending(e));
    return section;
  }
  const rep = e.data;
  const steps = rep.steps;
  const n = steps.length;
  let at = Math.min(replayAt.get(m.id) ?? 0, n - 1);
  const go = (to) => {
    replayAt.set(m.id, Math.max(0, Math.min(n - 1, to)));
    ctx.render();
  };
  const st = steps[at];
  const rounds = [...new Set(steps.map((x) => x.round))];
  replayKeys = (ev) => {
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: n - 1 }[ev.key];
    if (to === undefined || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    ev.preventDefault();
    go(to);
  };
  // (A button pressed that is disabled once drawn, Last or Next at the
  // last step, First or Previous at the first, hands the keyboard to the
  // one that leads back: it fell to the page's body, and the next Tab to
  // the page's top.)
  section.append(
    h('div', { class: 'row replay-controls' },
      h('button', { class: 'secondary', id: 'replay-first', 'data-focus': 'replay-first', disabled: at === 0, onclick: () => go(0) }, s.replayFirst),
      h('button', {
        class: 'secondary', id: 'replay-prev', 'data-focus': 'replay-prev', 'data-focus-instead': 'replay-next replay-last',
        disabled: at === 0, onclick: () => go(at - 1),
      }, s.replayPrev),
      h('button', {
        id: 'replay-next', 'data-focus': 'replay-next', 'data-focus-instead': 'replay-prev replay-first',
        disabled: at === n - 1, onclick: () => go(at + 1),
      }, s.replayNext),
      h('button', { class: 'secondary', id: 'replay-last', 'data-focus': 'replay-last', disabled: at === n - 1, onclick: () => go(n - 1) }, s.replayLast),
      h('label', { class: 'field' }, s.replayRound,
        h('select', {
          id: 'replay-round', 'data-focus': 'replay-round',
          onchange: (ev) => go(steps.findIndex((x) => x.round === Number(ev.target.value))),
        }, rounds.map((r) => h('option', { value: r, selected: r === st.round }, s.roundNumber(r)))))),
    h('p', { class: 'help' }, s.replayKeys),
    h('p', { id: 'replay-step', 'data-step': at }, s.replayStep(at + 1, n, st.round)),
    h('p', { id: 'replay-move', class: 'turn-line', 'aria-live': 'polite' }, stepSentence(rep, st)),
    h('div', { class: 'seats' }, rep.players.map((name, i) => {
      const mover = st.kind === 'move' && st.seat === i;
      return h('article', {
        class: `seat replay-seat${mover ? ' turn' : ''}${st.out[i] ? ' out' : ''}`, 'data-seat': i,
      },
      h('h3', {}, name, st.out[i] ? h('span', { class: 'tag' }, s.out) : null),
      h('p', {}, s.score(st.scores[i]), st.hands[i].length ? ` · ${s.handTotal(handTotal(st.hands[i]))}` : ''),
      st.hands[i].length ? h('p', { class: 'replay-hand' }, cardRow(st.hands[i], s.handOf(name))) : null,
      st.turn === i ? h('p', { class: 'to-move' }, s.toMove) : null);
    })),
    h('div', { class: 'center' },
      h('div', { class: 'pile' }, h('h3', {}, s.openCards),
        h('p', { id: 'replay-open' }, cardRow(st.open, s.openCards))),
      h('div', { class: 'pile' }, h('p', {}, s.deck(st.deck)), h('p', {}, s.dead(st.dead)))));
  return section;
}
