// The browser client: one page that draws itself from the server's last
// message. The server owns the game (docs/server-protocol.md); this file
// keeps only what the page needs between messages:
//
//   - the last `view` and `version` of the table (the screen is drawn from
//     the view alone, so a reload or a reconnect shows the same table);
//   - the seat, {code, token, version}, in localStorage, so that a reload or
//     a dropped connection sends `resume` and takes the seat back;
//   - the log of moves written as sentences (also announced to screen
//     readers through the live region), kept in sessionStorage for a reload;
//   - the ends of rounds and matches this page showed (seen.js), in
//     sessionStorage, so that one missed in a reload or a drop is shown
//     in the next round, or the next match;
//   - what the player is doing: selected cards, a pending move or hint;
//     the cards selected and an open Declare question are kept in
//     sessionStorage for a reload in the middle of the turn;
//   - who the player is: the player's secret token in localStorage
//     ({token, name}), sent in `player` on every connection, so that the
//     seats this browser takes are rated for the player (a guest's are not).
//
// A move carries the version it was made on and is sent once: the controls
// stay disabled until the next state arrives, and a move lost in a drop is
// not resent (the server would refuse it as stale anyway).

import { s, cardShort, cardWords, sentences } from './strings.js';
import { checkDiscard, explainRound, finalPlaces, handTotal, sortCards, parseCard } from './rules.js';
import { Connection } from './net.js';
import { h, cardFace, cardRow, cardsInText, stackTable } from './dom.js';
import { pageRoute, pageScreen } from './pages.js';
import { createChat } from './chat.js';
import { Seen, resultKey } from './seen.js';
import { soundOn, setSound, chime, inBackground } from './sound.js';

const LEVELS = ['random', 'greedy', 'expert'];
const TURN_TIMES = [0, 15, 20, 30, 45, 60, 90, 120];
const ASKED = ['create', 'join', 'watch', 'player', 'start', 'rematch', 'reopen']; // the requests ask() sends
const NAME_RE = /^[A-Za-z0-9_-]{1,16}$/;
const KEY_NAME = 'leastscore.name';
const KEY_SEAT = 'leastscore.seat';
const KEY_SEATS = 'leastscore.seats';
const SEATS_KEPT = 8; // the seats KEY_SEATS keeps, the latest last
const KEY_LOG = 'leastscore.log';
const KEY_PLAYER = 'leastscore.player';
const KEY_TURN = 'leastscore.turn';
// A short screen (style.css's): a phone on its side, under 480 px high,
// or a desktop window under 620 px high (a 1366x768 laptop at 125% zoom,
// the browser's bars taken, is 1093x510), where the table is the compact
// one and the box under the hand is held to the screen's foot. (In em,
// as style.css's media queries are: 16 px each at the browser's default
// text, so that a person who set larger text gets the layout of a screen
// as many times smaller.)
const SHORT_SCREEN = '(max-height: 30em), (max-height: 38.75em) and (min-width: 37.5625em)';

const root = document.getElementById('app');
const announcer = document.getElementById('announce');
const alerter = document.getElementById('alert');

const app = {
  welcome: null,
  seat: null, // {code, token, version}: the seat this page plays
  watching: null, // the code of the table watched as a spectator
  intent: null, // a create/join/watch to send once the socket is open
  asking: false, // a create/join/watch, or a start/rematch/reopen, was sent and has had no answer yet (ask())
  askedOn: '', // "status:match" of the table when a start/rematch/reopen was sent (ask())
  view: null,
  version: -1,
  log: [], // [{v, text, words}]
  selected: new Set(),
  sentOn: -1, // the version a move was sent on: controls wait for a newer one
  moveSent: null, // {move, turn: "match:round:turns"}: the last move sent
  resend: null, // that move, refused as stale: sent again if the next state is on the same turn
  hint: null, // null, 'pending' or the hint message
  declaring: '', // "match:round:turns" of the turn whose Declare waits for Yes or No
  keptTurn: null, // what a reload found of the turn (KEY_TURN), until the first state says if it applies
  arriving: false, // a `joined` came: the next state is this page's first since (re)joining
  nextSent: '', // "match:round" of the result this player has dismissed
  seen: new Seen(sessionStorage), // the ends of rounds and matches shown (seen.js)
  missedTold: '', // "code:match:round" of the missed result announced
  message: '', // a note or error shown on the current screen
  messageAt: null, // {text, at}: where that message is drawn when not at the top (showAlert())
  down: false, // the connection is being reopened
  deadlineAt: 0, // performance.now() at which the current turn's time runs out
  turnBeganAt: 0, // performance.now() at which the current turn began (the view's turn_age)
  hurrySent: -1, // the version at which this page asked the player to move to hurry
  hurryShown: false, // whether the Hurry button is drawn (tick() redraws when it should change)
  warned: '', // "match:round:turns" of the turn announced as running out
  form: loadForm(),
  name: localStorage.getItem(KEY_NAME) || '',
  player: null, // the server's `player` message: who this browser plays as
  noStore: false, // the server keeps no players: everyone is a guest
  afterPlayer: null, // a create or join to send once the player is known
  replayOf: {}, // "code:match" -> the finished match's page, once found
  keep: true, // make a player of the name typed (else play as a guest)
  createOpen: false, // on a table's link: the Create table form was asked for
  popping: false, // leaving for the browser's Back or Forward (the address is set)
  guarded: null, // the table whose link has a second history entry over it, for Back to ask first (guardBack())
  pressed: false, // the player has pressed something on this page (a user activation: guardBack())
  backAsk: false, // Back's question is asked (askBack())
  heldFocus: null, // {key, instead}: a control disabled while offline, and what has the focus for it (render())
  login: { open: false, name: '', password: '' }, // the login form, across redraws
  newPassword: '', // the password being typed to keep this player, across redraws
  watchers: 0, // how many spectators the table has
  botLevel: 'greedy', // the level the host chose to add a computer player at (kept across redraws)
  titleNews: '', // what happened while the page was in the background, for the tab's title
  lostFocus: '', // the control that had the keyboard's focus when a redraw had no place for it
  turnFocus: '', // "match:round:turns" of this player's turn last drawn (render(): the keyboard on nothing goes to the hand)
  drawn: '', // the screen render() drew last (screenKey()): a control focused again on it stays where it is
  storeFailing: false, // the server said it cannot save moves (`store`), until it says it can
  seatsTurn: '', // "match:round:seat" of the turn the players' row last brought into view
  timedOut: new Map(), // seat -> performance.now() when its turn's time ran out and the computer played it (noteTimeout())
};

// ---------------------------------------------------------------- storage

function loadJSON(storage, key) {
  try {
    return JSON.parse(storage.getItem(key));
  } catch {
    return null;
  }
}

// The seat this page plays is the browser's latest (KEY_SEAT: the first
// page offers it back), and one of the seats it keeps table by table
// (KEY_SEATS), so that two tabs at two tables each take their own seat
// back at a reload: with the latest alone, each tab's state wrote over
// the other's, and the tab reloaded lost its seat (its table's link
// showed the page for joining it).
function saveSeat() {
  if (!app.seat) {
    localStorage.removeItem(KEY_SEAT);
    return;
  }
  localStorage.setItem(KEY_SEAT, JSON.stringify(app.seat));
  const kept = seatsKept().filter((x) => x.code !== app.seat.code);
  kept.push(app.seat);
  localStorage.setItem(KEY_SEATS, JSON.stringify(kept.slice(-SEATS_KEPT)));
}

function seatsKept() {
  const kept = loadJSON(localStorage, KEY_SEATS);
  return Array.isArray(kept) ? kept.filter((x) => x && typeof x.code === 'string' && typeof x.token === 'string') : [];
}

// The seat this browser keeps at table `code`, or null.
function seatAt(code) {
  const latest = loadJSON(localStorage, KEY_SEAT);
  if (latest && latest.code === code && latest.token) return latest;
  return (code && seatsKept().find((x) => x.code === code)) || null;
}

// The seat at table `code` given up, and the latest with it if it is
// that one (or `code` is not known: a spectator's page).
function forgetSeat(code) {
  const latest = loadJSON(localStorage, KEY_SEAT);
  if (!code || !latest || latest.code === code) localStorage.removeItem(KEY_SEAT);
  if (code) localStorage.setItem(KEY_SEATS, JSON.stringify(seatsKept().filter((x) => x.code !== code)));
}

// The log of this tab's table, and whether the tab watches it: a reload
// takes a spectator back to the table it watched (a seat comes back from
// its token in localStorage instead).
function saveLog() {
  const code = app.seat?.code || app.watching;
  sessionStorage.setItem(KEY_LOG, JSON.stringify({ code, watching: !app.seat, log: app.log.slice(-200) }));
}

// The turn being played, for a reload in its middle: the cards selected
// and whether Declare asks its question, with the turn they were for
// ({code, turn: "match:round:turns", selected, declaring}). Nothing is
// kept off one's turn; the record a reload found is kept until the first
// state says whether it applies (restoreTurn()).
function saveTurn() {
  if (app.keptTurn) return;
  const v = app.view;
  const turn = v ? `${v.match}:${v.round}:${v.turns}` : '';
  if (!app.seat || !isMyTurn() || (!app.selected.size && app.declaring !== turn)) {
    sessionStorage.removeItem(KEY_TURN);
    return;
  }
  sessionStorage.setItem(KEY_TURN, JSON.stringify({
    code: v.code, turn, selected: [...app.selected], declaring: app.declaring === turn,
  }));
}

// The first state after a reload: the turn kept comes back if it is still
// this one (same table, match, round and turn) and its cards are all
// still in the hand; else it is forgotten. Returns what to read out of
// it, or ''.
function restoreTurn() {
  const k = app.keptTurn;
  const v = app.view;
  app.keptTurn = null;
  if (!k || !isMyTurn() || k.code !== v.code || k.turn !== `${v.match}:${v.round}:${v.turns}`) return '';
  const cards = Array.isArray(k.selected) ? k.selected.map(String) : [];
  if (!cards.every((c) => v.hand.includes(c))) return '';
  app.selected = new Set(cards);
  if (k.declaring && v.can_declare) {
    app.declaring = k.turn;
    app.lostFocus = 'declare-yes';
    return s.declareQuestion(v.hand_total ?? handTotal(v.hand), v.rules?.tie === 'penalty');
  }
  return cards.length ? selectionLine() : '';
}

function loadForm() {
  return {
    seats: 4,
    kinds: ['greedy', 'greedy', 'greedy', 'open', 'open', 'open', 'open'],
    threshold: 100, tie: 'declarer', runs: 'any', hand_size: 5, declare_max: 0, turn_time: 0,
    code: '',
  };
}

// ------------------------------------------------------------ little DOM

// Tells a screen reader text, in the live region, soon: the region is
// cleared first and written 30 ms later, so that the same sentence twice
// is still spoken. What else comes meanwhile is written with it, in
// order, in the one change a screen reader reads: each text written
// alone, the next one given within the 30 ms (moves back to back, from
// a server whose computer players do not wait) replaced it before it was
// read, and whole moves went unheard (announce.test.mjs). A text given
// with a key replaces the one waiting with the same key rather than
// follow it: the line under the hand, as two cards pressed at once
// change it twice, is said as it is now, once.
const announcing = { texts: [], timer: 0 }; // texts: [{ text, key }] waiting to be written

function announce(text, key = '') {
  const waiting = key ? announcing.texts.findIndex((x) => x.key === key) : -1;
  if (waiting >= 0) announcing.texts.splice(waiting, 1);
  announcing.texts.push({ text, key });
  if (announcing.timer) return;
  announcer.textContent = '';
  announcing.timer = setTimeout(() => {
    const texts = announcing.texts.map((x) => x.text);
    announcer.textContent = texts.length === 1 ? texts[0] : sentences(texts);
    announcing.texts = [];
    announcing.timer = 0;
  }, 30);
}

// The page's message, text; `at` names where it is drawn when not at the
// page's top (messageLine()): 'create', under Create, for what refuses
// the create form, which ends far below the top (at 320x568 the message
// was 1209 px above the screen when Create was pressed, and nothing
// seemed to happen).
function showAlert(text, at = '') {
  app.message = text;
  app.messageAt = at ? { text, at } : null;
  tellNow(text);
  render();
  // (under Create, at the screen's foot or below it: brought up into view)
  if (at) document.getElementById('message')?.scrollIntoView({ block: 'nearest' });
}

// Tells a screen reader text at once (the role=alert region), as the
// message the screen shows: cleared, then written 30 ms later, as
// announce() does its region, and for the same reason what else comes
// meanwhile is written with it, in order, in the one change (each text
// was written alone, 30 ms after it came, so that a second one within
// those 30 ms replaced the first before it was read: tellnow.test.mjs).
// The same text twice meanwhile is said once.
const telling = { texts: [], timer: 0 };

function tellNow(text) {
  if (!telling.texts.includes(text)) telling.texts.push(text);
  if (telling.timer) return;
  alerter.textContent = '';
  telling.timer = setTimeout(() => {
    alerter.textContent = telling.texts.length === 1 ? telling.texts[0] : sentences(telling.texts);
    telling.texts = [];
    telling.timer = 0;
  }, 30);
}

// ------------------------------------------------------------ the socket

const conn = new Connection({
  open() {
    app.down = false;
    app.offline = false;
  },
  message: onMessage,
  down(delay, wasOpen, offline) {
    // Said once to a screen reader (the banner is drawn anew with the
    // page, and a region drawn anew is not read out): the drop, or the
    // device gone offline, not each try that fails after it.
    if (!app.down || app.offline !== offline) announce(offline ? s.offline : wasOpen ? s.reconnecting : s.unreachable);
    app.down = true;
    if (app.hint === 'pending') app.hint = null; // its answer, if any, is lost with the connection
    app.asking = false; // (its answer, if any, is lost: it may be asked again)
    app.unreachable = !wasOpen;
    app.offline = offline;
    app.retryAt = performance.now() + delay;
    render();
  },
});

const chat = createChat((msg) => conn.send(msg), (name, seat) => (app.view ? nameShown(app.view, name, seat) : name));

// Sends msg, or, with the connection down, tries to connect at once. From
// the first page, msg goes once connected (app.intent); at a table the
// page says it was not sent (coming back, it resumes the seat and sends
// nothing else: Start, Add computer player or Rematch pressed meanwhile
// did nothing, without a word).
function send(msg) {
  if (!conn.send(msg)) {
    if (app.seat || app.watching) showAlert(s.notSent);
    else app.intent = msg;
    conn.connect();
    return false;
  }
  return true;
}

function onMessage(msg) {
  switch (msg.type) {
    case 'welcome':
      app.welcome = msg;
      if (msg.protocol > 1) app.message = s.protocolNewer;
      identify();
      if (app.seat) {
        const resume = { type: 'resume', code: app.seat.code, token: app.seat.token };
        if (app.seat.version >= 0) resume.version = app.seat.version;
        conn.send(resume);
      } else if (app.watching) {
        conn.send({ type: 'watch', code: app.watching });
      } else if (app.intent) {
        conn.send(app.intent);
      }
      app.intent = null;
      render();
      break;
    case 'joined':
      onJoined(msg);
      break;
    case 'state':
      onState(msg);
      break;
    case 'player':
      onPlayer(msg);
      break;
    case 'hint':
      if (!isMyTurn()) break; // asked on a turn that is over
      app.hint = msg;
      render();
      announce([s.hintText(moveText(msg.move, true)), msg.why ? s.hintWhy(moveText(msg.why, true)) : ''].join(' '));
      break;
    case 'chat':
      chat.add(msg.lines);
      break;
    case 'store':
      // The server cannot save moves (a full disk, a database gone): a
      // table whose move it could not save waits, and the page says why
      // (it only saw the table stop, a move of its own 'on its way').
      if (!!app.storeFailing !== !msg.ok) announce(msg.ok ? s.storeBack : s.storeFailing);
      app.storeFailing = !msg.ok;
      render();
      break;
    case 'watchers':
      app.watchers = Number(msg.count) || 0;
      render();
      break;
    case 'removed':
      // A seat resumed in another tab is still this browser's: keep its
      // token (the other tab holds the seat). Otherwise the token is dead.
      if (/another connection/.test(msg.reason || '')) leaveTable(s.seatElsewhere(msg.code || app.seat?.code || ''), true);
      else leaveTable(s.removed(msg.reason || ''));
      break;
    case 'error':
      onError(msg);
      break;
    default:
      break; // a later protocol's message: ignored
  }
}

function onJoined(msg) {
  app.asking = false;
  const code = msg.code;
  const same = (app.seat && app.seat.code === code) || app.watching === code;
  if (!same) {
    app.log = [];
    app.version = -1;
    app.view = null;
    app.watchers = 0;
  }
  if (msg.role === 'player') {
    app.seat = { code, token: msg.token, version: same && app.seat ? app.seat.version : -1 };
    app.watching = null;
  } else {
    app.seat = null;
    app.watching = code;
  }
  saveSeat();
  chat.enter(code, msg.role === 'player' ? msg.seat : -1);
  chat.catchUp();
  app.arriving = true;
  app.message = '';
  if (location.pathname !== `/t/${code}`) history.replaceState(null, '', `/t/${code}`);
}

// ------------------------------------------------------------ the player

function randomToken() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

// On every connection: this browser's player, if it has one.
function identify() {
  const saved = loadJSON(localStorage, KEY_PLAYER);
  if (saved && saved.token) conn.send({ type: 'player', token: saved.token });
}

function onPlayer(msg) {
  const saved = loadJSON(localStorage, KEY_PLAYER) || {};
  if (app.pendingToken) saved.token = app.pendingToken;
  app.pendingToken = null;
  localStorage.setItem(KEY_PLAYER, JSON.stringify({ token: saved.token, name: msg.name }));
  const had = app.player;
  app.player = msg;
  app.name = msg.name;
  localStorage.setItem(KEY_NAME, app.name);
  if (had && !had.has_password && msg.has_password) app.message = s.passwordSet;
  else if (app.loggingIn) app.message = s.loggedIn(msg.name);
  app.loggingIn = false;
  app.login = { open: false, name: '', password: '' };
  if (app.afterPlayer) send(app.afterPlayer);
  app.afterPlayer = null;
  render();
}

// Sends a create or join as this browser's player: the first time, the
// player is made from the name typed (a new token); a guest (the box
// unticked, or a server without a store) just sends it.
function asPlayer(msg) {
  if (app.player || app.noStore || !app.keep) {
    send(msg);
    return;
  }
  if (app.pendingToken) {
    // A player is being made: msg goes once it is (another `player`
    // would be refused, and this browser would keep the token it sent).
    app.afterPlayer = msg;
    return;
  }
  app.afterPlayer = msg;
  // This browser has a player that the server was not told of (its store
  // out of reach when the page connected): it is asked for again, not
  // made anew under the same name (refused: the name is that player's).
  const saved = loadJSON(localStorage, KEY_PLAYER);
  if (saved && saved.token) {
    send({ type: 'player', token: saved.token });
    return;
  }
  app.pendingToken = randomToken();
  send({ type: 'player', name: app.name, token: app.pendingToken });
}

function onPlayerError(msg) {
  app.pendingToken = null;
  app.loggingIn = false;
  if (msg.code === 'no_store') {
    // Everyone is a guest here: go on with what was asked.
    app.noStore = true;
    const next = app.afterPlayer;
    app.afterPlayer = null;
    if (next) send(next);
    render();
    return;
  }
  const next = app.afterPlayer;
  app.afterPlayer = null;
  if (msg.code === 'no_player') {
    // The server no longer knows this browser's token: a create or join
    // that waited for it makes a player of the name typed.
    localStorage.removeItem(KEY_PLAYER);
    app.player = null;
    if (next) {
      app.asking = true; // (still waiting: for the new player, then the answer)
      asPlayer(next);
    }
    render();
    return;
  }
  // A computer player's name (a level the welcome lists, maybe with -N)
  // is no person's.
  if (msg.code === 'name_taken' && isComputerName(app.name)) showAlert(s.nameIsBot(app.name));
  else if (msg.code === 'name_taken') showAlert(nameTakenText(msg) || s.nameIsPlayer(app.name));
  else showAlert(errorText(msg));
}

// A name refused as another's in look or as a player's, in the page's
// words, from the members the server's name_taken carries (conflict, name,
// like, look_alike: see server-protocol.md); null for a name taken as it
// is at a table, which the page words itself.
function nameTakenText(msg) {
  const name = typeof msg.name === 'string' && msg.name ? msg.name : app.name;
  const like = typeof msg.like === 'string' && msg.like ? msg.like : null;
  if (msg.conflict === 'computer') return s.nameIsBot(name);
  if (!like) return null;
  // A player's name in another look, to a new player or a guest alike.
  if ((msg.conflict === 'player' || msg.conflict === 'guest') && msg.look_alike === true) {
    return s.nameLooksLikePlayer(name, like);
  }
  if (msg.conflict === 'guest') return s.nameIsGuestsNot(name, like);
  if (msg.conflict === 'seat' && msg.look_alike === true) return s.nameLooksLikeSeat(name, like);
  return null;
}

// Whether a name is a computer player's: its level ("greedy"), or its
// level, '-' and a number ("Greedy-2"), in any case.
function isComputerName(name) {
  const m = /^([a-z]+)(-[1-9][0-9]*)?$/i.exec(String(name));
  return !!m && (app.welcome?.levels ?? []).includes(m[1].toLowerCase());
}

// An error as the page says it: its own words for the code, else the
// server's. A rate_limited answer to a request (a login, a table code) is
// the server's: it says which limit (the flood one has no request).
function errorText(msg) {
  const own = s.errors[msg.code] && msg.code !== 'bad_name' && !(msg.code === 'rate_limited' && msg.request);
  return own ? s.errors[msg.code] : s.errorPrefix + msg.message;
}

function forgetPlayer() {
  localStorage.removeItem(KEY_PLAYER);
  app.player = null;
  app.message = s.forgotten;
  // The server forgets who this connection is only on a new connection.
  conn.reopen();
  render();
}

function setPassword() {
  const input = document.getElementById('new-password');
  const password = input?.value || '';
  if (password.length < 8) {
    showAlert(s.passwordShort);
    return;
  }
  send({ type: 'set_password', password });
  input.value = '';
  app.newPassword = '';
}

function logIn() {
  const { name, password } = app.login;
  if (!NAME_RE.test(name) || !password) {
    showAlert(s.loginIncomplete);
    return;
  }
  app.pendingToken = randomToken();
  app.loggingIn = true;
  send({ type: 'login', name, password, token: app.pendingToken });
}

// The finished match's page, for the link at the match's end when the
// server did not tell its id (the view's match_id null or absent): the newest
// match at this table in the player's history (or, for a guest or a
// spectator, in a computer player's at the table, or a person's there:
// a spectator at a table of friends, none of them a computer, found none
// and had no link, the players had theirs). A seat of a guest, who has
// no history, answers 404 and is passed over.
async function findReplay(v) {
  const key = `${v.code}:${v.match}`;
  if (key in app.replayOf) return;
  app.replayOf[key] = null;
  const sources = [];
  if (app.player) sources.push(`/api/players/${app.player.name}/matches`);
  for (const seat of v.seats) if (seat.kind === 'bot') sources.push(`/api/bots/${seat.level}`);
  for (const seat of v.seats) if (seat.kind === 'human') sources.push(`/api/players/${encodeURIComponent(seat.name)}/matches`);
  for (let attempt = 0; attempt < 5; attempt++) {
    for (const url of [...new Set(sources)]) {
      try {
        const r = await fetch(url);
        if (!r.ok) continue;
        const body = await r.json();
        const m = (body.matches || body.recent || []).find((x) => x.code === v.code);
        if (m) {
          app.replayOf[key] = `/matches/${m.id}`;
          render();
          return;
        }
      } catch {
        // the server went away: the link is simply not shown
      }
    }
    await new Promise((r) => setTimeout(r, 400));
  }
}

function onError(msg) {
  // A fresh state follows; a move refused is sent again on it if the turn
  // is the same (onState()).
  if (msg.code === 'stale') {
    if (msg.request === 'move') app.resend = app.moveSent;
    return;
  }
  // The answer to what was asked (ask()); no_store: the create or join
  // goes on without a player.
  if (ASKED.includes(msg.request) && msg.code !== 'no_store') app.asking = false;
  if (['player', 'login', 'set_password'].includes(msg.request)) {
    onPlayerError(msg);
    return;
  }
  if (msg.request === 'chat') {
    chat.refused(errorText(msg), msg.code);
    return;
  }
  if (msg.request === 'move') app.sentOn = -1;
  if (msg.request === 'hint') app.hint = null;
  // A seat whose table the server does not know (it closed, or a
  // restart did not keep it: tables in their lobby are not) is told so,
  // not that the seat is no longer yours, which means a table that is
  // there without this seat (bad_token: removed by the host).
  if (msg.request === 'resume' && (msg.code === 'bad_token' || msg.code === 'no_table')) {
    leaveTable(msg.code === 'no_table' ? s.tableGone(app.seat?.code || '') : s.seatGone);
    return;
  }
  // A table watched that is gone (it closed, or the server restarted
  // before its match began, when tables in their lobby are not kept): the
  // page leaves it, saying so. It showed the table on as it was, its
  // seats and controls, under "No table has this code."
  if (msg.request === 'watch' && msg.code === 'no_table' && app.view) {
    leaveTable(s.watchGone);
    return;
  }
  if (msg.request === 'watch' && msg.code === 'no_table') app.watching = null;
  if (msg.code === 'name_taken' && isComputerName(app.name)) {
    showAlert(s.nameIsBot(app.name));
    return;
  }
  showAlert((msg.code === 'name_taken' && nameTakenText(msg)) || errorText(msg), msg.request === 'create' && !app.view ? 'create' : '');
}

// One seat's name as this page shows it, the rule every name on the
// page goes through: the page's own person, known by name (seat numbers
// move in the lobby, and a name is one person's at a table), is `own`
// (her name as it is, the "you" tag going with it, or s.you in a
// sentence); another player whose name is the page's word for its reader
// goes with her seat (s.otherName()). A spectator has no own person.
function nameShown(v, name, seat, own = name) {
  const me = v.you >= 0 ? v.seats[v.you]?.name : undefined;
  return me !== undefined && name === me ? own : s.otherName(name ?? '?', seat);
}

// Every seat's name as nameShown() shows it, from `names` (by default the
// view's own seats; namesAt() or a past round's names for another time).
function namesShown(v, names = v.seats.map((seat) => seat?.name ?? '?'), own = null) {
  return names.map((n, i) => nameShown(v, n ?? '?', i, own ?? n ?? '?'));
}

// The view's names, computed once for each view: `shown` for a panel or a
// line (the page's own name as it is), `said` for a sentence (s.you).
const namesOfView = new WeakMap();
function seatNames(v = app.view) {
  let n = namesOfView.get(v);
  if (!n) {
    n = { shown: namesShown(v), said: namesShown(v, undefined, s.you) };
    namesOfView.set(v, n);
  }
  return n;
}

// The view's seats' names in a panel or a line (the page's own as it is).
const shownNames = () => seatNames().shown;
const shownName = (i) => shownNames()[i] ?? '?';

// The seats' names as they were just after each of `events`, which lead
// up to view `v`: in the lobby a freed seat moves the later ones up, so
// an event's seat number is only good for the seats of its own time. Read
// back from the view: an `unseat` undone puts its name back in its
// place, a `seat` undone takes it out.
function namesAt(events, v) {
  let names = v.seats.map((seat) => seat?.name ?? '?');
  const out = new Array(events.length);
  for (let i = events.length - 1; i >= 0; i--) {
    const ev = events[i];
    out[i] = names;
    if (ev.kind === 'seat' && ev.seat >= 0 && ev.seat < names.length) {
      names = names.filter((_, j) => j !== ev.seat);
    } else if (ev.kind === 'unseat' && ev.seat >= 0 && ev.seat <= names.length) {
      names = [...names.slice(0, ev.seat), String(ev.name), ...names.slice(ev.seat)];
    }
  }
  return out;
}

// Whether the match was over at each of `events` (a match's end is
// before it, no start or reopen yet), read back from view `v` as
// namesAt() is: a person who leaves then has left the table, nobody
// plays for her.
function overAt(events, v) {
  let over = v.status === 'over';
  const out = new Array(events.length);
  for (let i = events.length - 1; i >= 0; i--) {
    const kind = events[i].kind;
    out[i] = over;
    if (kind === 'match_end') over = false;
    else if (kind === 'start' || kind === 'reopen') over = true; // an away seat is never in a lobby
  }
  return out;
}

// "discard 9H take 6C" (or the hint's reason, "sheds 20 points and
// takes 6C") with its cards written for the eye or the ear.
function moveText(move, words) {
  return String(move).split(' ').map((w) => (parseCard(w) ? (words ? cardWords(w) : cardShort(w)) : w)).join(' ');
}

// The event ev as a sentence; `names` are the seats' names at its time
// (namesAt()). This page's own person, by name (seat numbers move in the
// lobby, and a name is one person's at a table), is "You".
function describe(ev, words, names, over) {
  const v = app.view;
  const me = v.seats[v.you]?.name;
  const you = (i) => me !== undefined && names[i] === me;
  const said = namesShown(v, names, s.you);
  const name = (i) => said[i] ?? '?';
  switch (ev.kind) {
    case 'seat': return s.seatSentence(nameShown(v, ev.name, ev.seat), ev.name === me);
    case 'unseat': return s.unseatSentence(nameShown(v, ev.name, ev.seat), ev.name === me);
    case 'start': return s.startSentence(ev.match);
    case 'deal': return s.dealSentence(ev.round, name(ev.starter), you(ev.starter), ev.open, words);
    case 'move': return s.moveSentence(name(ev.seat), ev, words);
    case 'round_end': {
      const r = ev.result || ev;
      return s.roundEndSentence(r, names.map((_, i) => name(i)));
    }
    case 'match_end': return s.matchEndSentence(name(ev.winner));
    case 'connection': return s.connectionSentence(name(ev.seat), ev, you(ev.seat), over);
    case 'host': return s.hostSentence(name(ev.seat), you(ev.seat));
    case 'reopen': return s.reopenSentence;
    case 'hurry': return s.hurrySentence(name(ev.by), name(ev.seat), ev.seconds, you(ev.seat));
    default: return null;
  }
}

// How long a turn played by the computer when its time ran out is shown
// (the player's panel, her own line under the hand), unless she moves
// again or the round ends before.
const TIMED_OUT_MS = 60000;

// Keeps app.timedOut (which seats had their last turn played by the
// computer when its time ran out, and when this page heard of it) with
// the event ev: a move with `timeout` marks its seat, any other move of
// the seat takes the mark away, and a round's or a match's start or end
// (or the table back in the lobby) takes them all. The marks are drawn
// (seatsPanel(), selectionLine()) as told in docs/play-online.md; the
// move's sentence says it to a screen reader, once, as it comes.
function noteTimeout(ev) {
  if (ev.kind === 'move') {
    if (ev.timeout) app.timedOut.set(ev.seat, performance.now());
    else app.timedOut.delete(ev.seat);
  } else if (['deal', 'round_end', 'match_end', 'start', 'reopen'].includes(ev.kind)) app.timedOut.clear();
}

// Whether seat's last turn was played by the computer as its time ran
// out, a short while ago, in the round being played.
function timedOut(seat) {
  const at = app.timedOut.get(seat);
  return at !== undefined && app.view?.status === 'playing' && performance.now() - at < TIMED_OUT_MS;
}

// What round result r gave the page's own person (her score and total,
// as her row shows them), `names` being the seats' names at its time; null
// for a spectator or a player who was not dealt in.
function ownScore(r, names) {
  const me = app.view.you >= 0 ? app.view.seats[app.view.you]?.name : undefined;
  const seat = me === undefined ? -1 : names.indexOf(me);
  const hand = seat < 0 ? null : (r.hands || []).find((x) => x.seat === seat);
  return hand ? s.yourRoundScore(hand.score, hand.cumulative) : null;
}

function onState(msg) {
  const events = Array.isArray(msg.events) ? msg.events : [];
  if (!msg.view || (!app.seat && !app.watching)) return; // a table this page has left
  const gap = !msg.snapshot && app.version >= 0 && events.length > 0 && events[0].v > app.version + 1;
  const wasMyTurn = isMyTurn();
  const before = app.view;
  app.view = msg.view;
  app.seen.update(before, app.view);
  const keptTurn = app.keptTurn ? restoreTurn() : '';
  if (gap) {
    // Events went missing: ask for them; the answer brings them in order.
    conn.send({ type: 'sync', version: app.version });
  } else {
    // A snapshot's events are the table's recent ones: the log starts
    // again from them, keeping what this page saw of the same table before
    // them (after a server restart the snapshot has no event from before
    // the restart, and the moves of the round would be gone).
    if (msg.snapshot) {
      const first = events.length ? events[0].v : Infinity;
      app.log = (app.seat?.code || app.watching) === msg.view.code ? app.log.filter((l) => l.v < first) : [];
    }
    const spoken = [];
    let news = null; // what to call this person back to the page for
    let declared = -1; // the index in spoken of a declaration just read
    let moved = false; // the last event read is a move that passed the turn
    const names = namesAt(events, msg.view);
    const over = overAt(events, msg.view);
    if (msg.snapshot) app.timedOut.clear();
    for (const [i, ev] of events.entries()) {
      if (!msg.snapshot && ev.v <= app.version) continue;
      noteTimeout(ev);
      const text = describe(ev, false, names[i], over[i]);
      if (!text) continue;
      app.log.push({ v: ev.v, text, words: describe(ev, true, names[i], over[i]) });
      // (A round's end is heard with the player's own score and total,
      // in the same announcement: a snapshot keeps only its last.)
      const own = ev.kind === 'round_end' ? ownScore(ev.result || ev, names[i]) : null;
      // (The declaration just before it is said by the round's end, "Ada
      // declared falsely": heard alone first, it was said twice.)
      if (ev.kind === 'round_end' && declared === spoken.length - 1) spoken.pop();
      spoken.push(own ? sentences([app.log[app.log.length - 1].words, own]) : app.log[app.log.length - 1].words);
      declared = ev.kind === 'move' && ev.action === 'declare' ? spoken.length - 1 : -1;
      moved = ev.kind === 'move' && ev.action !== 'declare';
      if (!msg.snapshot) news = callBack(ev) || news;
    }
    // A first state brings history: say only where things stand. So does
    // the first after a resume (a reload, a dropped connection), which
    // brings every event missed meanwhile (the log has them all): read
    // out together they made one long paragraph of moves.
    if (msg.snapshot || app.arriving) spoken.splice(0, Math.max(0, spoken.length - 1));
    app.arriving = false;
    const final = app.seen.takeMissedFinal(events, msg.view, names);
    if (final) {
      const winner = final.names ? final.names[final.winner] : msg.view.seats[final.winner]?.name;
      spoken.push(s.missedFinalSentence(final.match, s.matchEndSentence(nameShown(msg.view, winner ?? '?', final.winner, s.you))));
    }
    const missed = app.seen.missedResult(msg.view);
    if (missed && app.missedTold !== `${msg.view.code}:${missed.match}:${missed.round}`) {
      app.missedTold = `${msg.view.code}:${missed.match}:${missed.round}`;
      const own = ownScore(msg.view.result, msg.view.seats.map((seat) => seat?.name));
      spoken.push(s.missedSentence(sentences([s.roundEndSentence(msg.view.result, seatNames(msg.view).said), own].filter(Boolean))));
    }
    if (isMyTurn() && !wasMyTurn) {
      spoken.push(msg.view.can_declare ? s.yourTurnDeclare : s.yourTurn);
      if (!msg.snapshot) news = s.yourTurnTitle;
    } else if (moved && msg.view.status === 'playing' && msg.view.turn >= 0 && !isMyTurn()) {
      // Whose turn it is now, after another's move or one's own: the ear
      // cannot see the outlined panel, nor know the seats' order.
      spoken.push(s.theirTurn(shownName(msg.view.turn)));
    }
    if (keptTurn) spoken.push(keptTurn);
    // Away from the page: a chime, and the news in the tab's title until
    // the page is in front again (the turn's title stays as long as the
    // turn does).
    if (news && inBackground()) {
      chime();
      if (news !== s.yourTurnTitle) app.titleNews = news;
    }
    if (spoken.length) announce(sentences(spoken));
    app.version = msg.version;
    if (app.seat) {
      app.seat.version = msg.version;
      saveSeat();
    }
    saveLog();
  }
  const v = app.view;
  if (app.askedOn && app.askedOn !== `${v.status}:${v.match}`) app.asking = false; // (a start, rematch or reopen done)
  chat.enter(v.code, v.you, v.seats[v.you]?.name); // (the seats move up when one is freed in the lobby)
  chat.caughtUp();
  // The cards selected stay selected while the move that throws them away
  // is on its way (sending()), and go with them once it is played; a turn
  // that ended otherwise (its time ran out) takes the selection with it.
  if (v.hand && !(wasMyTurn && !isMyTurn())) app.selected = new Set([...app.selected].filter((c) => v.hand.includes(c)));
  else app.selected.clear();
  if (!isMyTurn()) app.hint = null;
  app.deadlineAt = typeof v.deadline === 'number' ? performance.now() + v.deadline : 0;
  app.turnBeganAt = typeof v.turn_age === 'number' ? performance.now() - v.turn_age : 0;
  if (v.status !== 'playing' || app.sentOn !== msg.version) app.sentOn = -1;
  // A move refused as stale reached the table after another event (a
  // connection lost or back, a hurry): on the same turn nothing it was
  // made on has changed (the hand, the open cards), so it goes again, on
  // this version. (The page went back to 'Your turn' without a word.)
  const again = app.resend;
  app.resend = null;
  if (again && !gap && isMyTurn() && again.turn === `${v.match}:${v.round}:${v.turns}` && app.sentOn < 0
    && conn.send({ type: 'move', version: app.version, move: again.move })) app.sentOn = app.version;
  render();
}

// Sends move on the version the page shows; returns whether it went.
function sendMove(move) {
  const v = app.view;
  if (!conn.send({ type: 'move', version: app.version, move })) return false;
  app.sentOn = app.version;
  app.moveSent = { move, turn: `${v.match}:${v.round}:${v.turns}` };
  return true;
}

// An event that calls a seated person waiting in the lobby back to the
// page: someone else sat down (the host may start), or the match began.
// Returns the tab's title for it, or null.
function callBack(ev) {
  const v = app.view;
  if (v.you < 0) return null;
  if (ev.kind === 'seat' && ev.who === 'human' && ev.name !== v.seats[v.you]?.name && v.status === 'lobby') {
    return s.satDownTitle(nameShown(v, ev.name, ev.seat));
  }
  if (ev.kind === 'start' && v.host !== v.you) return s.startedTitle;
  if (ev.kind === 'hurry' && ev.seat === v.you) return s.hurryTitle;
  return null;
}

function isMyTurn() {
  const v = app.view;
  return !!v && v.status === 'playing' && v.you >= 0 && v.turn === v.you;
}

// Back to the home page. `keep` keeps the seat in localStorage (leaving
// during a match: the computer plays the seat, and the home page offers to
// take it back).
function leaveTable(message, keep = false) {
  if (!keep) forgetSeat(app.seat?.code);
  app.keptTurn = null;
  app.storeFailing = false; // (told to a table's connections only: the next table says again)
  app.selected.clear();
  app.declaring = '';
  app.asking = false; // (an answer to what was asked there no longer matters)
  app.seat = null;
  app.watching = null;
  app.view = null;
  app.version = -1;
  app.log = [];
  app.hint = null;
  app.watchers = 0;
  chat.leave();
  closeBackAsk();
  sessionStorage.removeItem(KEY_LOG);
  // (The first page gets an address of its own, unless the browser's
  // Back or Forward, which leaves, went to the address it has.)
  if (location.pathname !== '/' && !app.popping) history.pushState(null, '', '/');
  app.message = message || '';
  // (Why the page left the table is told as it is shown: the seat played
  // in another tab, removed by the host, gone; the page changed under a
  // screen reader without a word.)
  if (message) tellNow(message);
  render();
}

// ------------------------------------------------------------ rendering

// Redraws the page. The keyboard's place is kept: the control that had
// the focus has it again; if that control is gone or disabled (the move
// just played, a round that ended), the focus goes to a control that
// stands in for it (data-focus-instead: Start for Add computer player,
// gone once the table is full; Add computer player for a seat's Remove,
// "remove-*" standing for any), or to the hand's current
// card, or to Next round, rather than fall to the page's top and leave
// a keyboard player to Tab back every turn. With neither (Join pressed,
// and the lobby drawn; a spectator's table), it goes to the screen's
// title, which a screen reader reads out, and which gives it on to the
// hand or Next round once there is one (a friend's match starting).
// The control that had the focus gets it back on the same screen
// without scrolling the page: the player is where she left it (the page
// scrolled down to the moves went back up to the hand at each move, and
// one scrolled down a round's result back up to its heading); one that
// stands in for it, or a new screen's title, is brought into view where
// it is not in view already (inView()).
function render() {
  // (Focus elsewhere, in the chat say, stays there, and what was lost
  // before is forgotten.)
  const active = document.activeElement;
  let focusKey = !active || active === document.body ? app.lostFocus : root.contains(active) && active.dataset.focus;
  // A control disabled while the connection was down (Declare's Yes,
  // Draw) has the keyboard back once it is up, if the keyboard is still
  // on what stood in for it: Enter on the hand's card there did not
  // declare.
  const held = app.heldFocus;
  if (held && conn.open && focusKey === held.instead) focusKey = held.key;
  if (held && (conn.open || focusKey !== held.instead)) app.heldFocus = null;
  const typing = fieldPlace(active);
  app.hurryShown = false; // (hurryButton() says if it draws one)
  saveTurn();
  const logAt = logPlace();
  const seatsAt = seatsPlace();
  const footAt = footPlace();
  root.replaceChildren(...screen().filter(Boolean));
  const drawn = app.drawn;
  app.drawn = screenKey();
  // A new screen (the match started, the next round dealt) begins at its
  // top: the lobby scrolled down to Start left the table scrolled by as
  // much as the shorter page allowed (20 px at 512x280, the turn line
  // and the header out of sight).
  if (drawn !== app.drawn && app.view) window.scrollTo(0, 0);
  if (logAt) keepLogPlace(logAt);
  keepSeatsPlace(seatsAt);
  // Declare's question, in its box at the foot of a short screen, is
  // not covered by the open chat (which lay over it on a phone on its
  // side): the chat stands aside while it is asked (chat.hold()).
  chat.hold(!!root.querySelector('.declare-ask') && matchMedia(SHORT_SCREEN).matches);
  fitFoot(footAt);
  guardBack();
  app.lostFocus = '';
  const came = turnCame();
  if (typing && keepFieldPlace(typing)) return tick();
  if (focusKey) {
    const key = CSS.escape(focusKey);
    const kind = CSS.escape(focusKey.replace(/-.*/s, '-*')); // (remove-Ada: remove-*)
    const again = [focusKey === 'title' ? null : root.querySelector(`[data-focus="${key}"]`),
      root.querySelector(`[data-focus-instead~="${key}"]`), root.querySelector(`[data-focus-instead~="${kind}"]`),
      root.querySelector('.hand button[tabindex="0"]'), root.querySelector('#next'), root.querySelector('h1[data-focus="title"]')]
      .find(canFocus);
    const same = again?.dataset.focus === focusKey && drawn === app.drawn;
    if (again && !same && !conn.open && again.dataset.focus && root.querySelector(`[data-focus="${key}"]`)?.matches(':disabled')) {
      app.heldFocus = { key: focusKey, instead: again.dataset.focus };
    }
    if (again) again.focus({ preventScroll: same || inView(again) });
    // On Next round, the round's heading over it shows too (the focus
    // scrolls only as far as the button).
    if (again?.id === 'next') {
      if (!same) root.querySelector('#result-h')?.scrollIntoView({ block: 'nearest' });
    }
    // Nothing to hold it now (the round's result being read): the next
    // redraw that has a place for it gives it back.
    else app.lostFocus = focusKey;
  }
  if (came) toHandFromNothing();
  tick();
}

// Whether this redraw is the first of this player's turn (render()).
function turnCame() {
  const v = app.view;
  const turn = isMyTurn() ? `${v.match}:${v.round}:${v.turns}` : '';
  const came = !!turn && turn !== app.turnFocus;
  app.turnFocus = turn;
  return came;
}

// This player's turn has come round with the keyboard on nothing (the
// page reloaded or reopened during another's turn, a click on no
// control): the keyboard goes to the hand, so that the turn needs no Tab
// (it took five, past the header's buttons and the players) and a screen
// reader reads the card after "Your turn". Focus anywhere else (the chat
// being typed in, the moves, a button) stays where the player put it. The
// page does not scroll: the arrow keys bring the card into view.
function toHandFromNothing() {
  if (document.activeElement && document.activeElement !== document.body) return;
  root.querySelector('.hand button[tabindex="0"]')?.focus({ preventScroll: true });
}

// Escape in the chat (its box, its lines, its buttons) closes it, and a
// player with a hand on the page has the keyboard back in the hand's
// card it was last on rather than on the Chat button: the hand is one
// key away, not seven Tabs (eight on a phone). (A single letter, H, did
// this from anywhere but a text box; WCAG 2.1.4 asks that such a key be
// possible to turn off: speech input types letters by accident, and a
// screen reader's browse mode reads H as "next heading".) Without a hand
// (the lobby, a spectator), the keyboard stays on the Chat button. chat.js
// closes the panel first (it listens nearer the box).
window.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || !e.defaultPrevented || !(e.target instanceof Element) || !e.target.closest('#chat-panel')) return;
  if (document.activeElement?.id !== 'chat-toggle') return; // (the panel did not close)
  const card = root.querySelector('.hand button[tabindex="0"]');
  if (card && canFocus(card)) card.focus({ preventScroll: inView(card) });
});

// Whether el can take the focus: a control that is not disabled, or an
// element given a tabindex (a screen's title, a box that scrolls), drawn
// and not inert. The hint's box that had it, drawn anew short enough not
// to scroll, has no tabindex: focus() did nothing there, and the focus
// fell to the page's top rather than go to the hand.
function canFocus(el) {
  if (!el || el.matches(':disabled') || el.closest('[inert]')) return false;
  if (!el.matches('button, input, select, textarea, a[href], [tabindex]')) return false;
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

// Whether el is on the screen, whole, and not under the floating Chat
// button or its open panel. A control that stands in for the focused one is brought into
// view only when it is not: focus() alone scrolled the page whenever the
// control lay in the strip at the screen's foot kept clear for the button
// (scroll-padding-bottom), even beside the button, where it is seen.
function inView(el) {
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) return false;
  return [...document.querySelectorAll('#chat-toggle, #chat-panel')].every((chat) => {
    const c = chat.getBoundingClientRect(); // (a hidden one: no size)
    return !c.width || r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom;
  });
}

// Which screen the page shows: a page of its own (a profile), the first
// page, or a table's lobby, turn, round's result or match's end.
function screenKey() {
  const v = app.view;
  return v ? `${v.code} ${v.status}` : location.pathname;
}

// A field being typed in (a name, a code, a password, a select changed
// with the arrow keys) keeps the keyboard when the page is drawn anew
// under it, with the caret or selection where it was: the network that
// drops as a player types her name draws the banner that says so, and the
// keys typed next went nowhere. Its value comes from the page's state,
// which each field's input handler keeps.
function fieldPlace(el) {
  if (!el || !el.id || !root.contains(el) || !['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) return null;
  let sel = null;
  try {
    if (el.selectionStart !== null && el.selectionStart !== undefined) {
      sel = [el.selectionStart, el.selectionEnd, el.selectionDirection];
    }
  } catch {
    // (a field with no caret: a checkbox, a number)
  }
  return { id: el.id, sel };
}

function keepFieldPlace(at) {
  const el = document.getElementById(at.id);
  if (!el || !root.contains(el) || el.disabled) return false;
  el.focus({ preventScroll: true });
  if (at.sel) {
    try {
      el.setSelectionRange(...at.sel);
    } catch {
      // (the field's kind changed under it: the caret stays where focus put it)
    }
  }
  return true;
}

// A screen's title: where the keyboard lands when the screen changes
// under it (render()); not a stop of the Tab key.
const TITLE = { tabindex: -1, 'data-focus': 'title' };

// The moves, newest first, scrolled down to older ones: the same moves
// stay in view as new ones come in above them (the list drawn anew was
// back at its top on every move). The place is the first move in view, by
// its version, and how far it is from the list's top edge.
function logPlace() {
  const log = root.querySelector('#log');
  if (!log || log.scrollTop <= 0) return null;
  const top = log.getBoundingClientRect().top;
  const li = [...log.children].find((x) => x.getBoundingClientRect().bottom > top);
  return li ? { v: li.dataset.v, offset: li.getBoundingClientRect().top - top, scrollTop: log.scrollTop } : null;
}

function keepLogPlace(at) {
  const log = root.querySelector('#log');
  if (!log) return;
  const li = log.querySelector(`li[data-v="${CSS.escape(at.v)}"]`);
  if (!li) {
    log.scrollTop = at.scrollTop;
    return;
  }
  log.scrollTop += li.getBoundingClientRect().top - log.getBoundingClientRect().top - at.offset;
}

// The players' panels, one row that scrolls sideways on a phone (a table
// of 8 in rows of two put the hand below the screen): drawn anew, the row
// keeps where it was scrolled to, and when the turn passes it brings the
// seat to move into its view (by its own scroll, not the page's). It is a
// stop of the Tab key, so that a keyboard scrolls it, only while it scrolls.
function seatsPlace() {
  const row = root.querySelector('.play > .seats');
  return row ? { left: row.scrollLeft, turn: app.seatsTurn } : null;
}

function keepSeatsPlace(at) {
  const row = root.querySelector('.play > .seats');
  if (!row) {
    app.seatsTurn = '';
    return;
  }
  fitSeats(row);
  if (at) row.scrollLeft = at.left;
  const v = app.view;
  const turn = v.status === 'playing' ? `${v.match}:${v.round}:${v.turn}` : '';
  if (turn === app.seatsTurn && at) return;
  app.seatsTurn = turn;
  const seat = row.querySelector('.seat.turn');
  if (!seat) return;
  const r = seat.getBoundingClientRect();
  const box = row.getBoundingClientRect();
  if (r.left < box.left) row.scrollLeft -= box.left - r.left;
  else if (r.right > box.right) row.scrollLeft += r.right - box.right;
}

function fitSeats(row) {
  if (row.scrollWidth > row.clientWidth) row.tabIndex = 0;
  else row.removeAttribute('tabindex');
}

// The hint on a phone on its side (a screen under 480 px high): there is
// no room for its three lines on the first screen (under the turn's
// controls they ran 40 to 120 px below it at 740x360, 640x360 with
// Declare and 568x320). Under the hand, where it takes the place of the
// help, its box is held to the first screen's foot and scrolls
// inside (the move, its first line, is in view; a shadow at its foot
// says there is more), and is then a stop of the Tab key, so that a
// keyboard scrolls it too. A box that would keep less than two lines is
// left whole, for the page to scroll to. With no hint the help there is
// held so (at 568x320 and under, its four or five lines ran below the
// screen), down to one line; with less room it is seen no more, and
// stays the hand's description for a screen reader. Drawn anew, a box
// held so keeps where it was scrolled to (at, from footPlace(): the same
// box's scrollTop before): a card selected as the player read the
// hint's reason put it back at its first line.
function footBox() {
  return root.querySelector('.hand-panel .hint') || root.querySelector('.play #select-help');
}

function footPlace() {
  const box = footBox();
  return box ? { key: box.dataset.focus, top: box.scrollTop } : null;
}

function fitFoot(at) {
  const box = footBox();
  if (!box) return;
  const top = at && at.key === box.dataset.focus ? at.top : 0;
  const help = box.id === 'select-help';
  box.style.maxHeight = '';
  box.classList.remove('clamped', 'visually-hidden');
  box.removeAttribute('tabindex');
  if (!matchMedia(SHORT_SCREEN).matches) return;
  // (A screen too small for the turn itself, the browser's text set
  // larger or the page zoomed (640x360 at 24 px: Declare ended 15 px
  // below it), is scrolled to the turn anyway: the box is left whole
  // there, the help seen too; it was kept for a screen reader alone.
  // The turn is its controls and the line on the selection: the
  // center's box may end a little lower, by a line that is no control.)
  const ends = [...root.querySelectorAll('.hand button, #open button, #draw, #declare, #selection')]
    .map((el) => el.getBoundingClientRect().bottom + window.scrollY);
  if (Math.max(...ends) > window.innerHeight + 0.5) return;
  const r = box.getBoundingClientRect();
  const room = Math.floor(window.innerHeight - 4 - (r.top + window.scrollY));
  const line = parseFloat(getComputedStyle(box).lineHeight) || 20;
  if (r.height <= room) return;
  // (The help with less room than a line, under a long line on the
  // selection, is kept for a screen reader alone rather than push the
  // page down.)
  if (room < (help ? line + 4 : 2 * line + 8)) {
    if (help) box.classList.add('visually-hidden');
    return;
  }
  box.style.maxHeight = `${room}px`;
  box.classList.add('clamped');
  box.tabIndex = 0;
  box.scrollTop = top;
}

window.addEventListener('resize', () => {
  const row = root.querySelector('.play > .seats');
  if (row) fitSeats(row);
  fitFoot(footPlace());
});

function screen() {
  const route = app.view ? null : pageRoute(location.pathname);
  if (route) {
    return [messageLine(), ...pageScreen(route, {
      render, player: app.player, rulesButton, alert: showAlert,
    })];
  }
  // The tab's title says when it is this player's turn (or, waiting in
  // the lobby, who sat down), so that a player who went to another tab
  // sees it come round.
  setTitle();
  const out = [];
  if (app.down) out.push(connectionBanner());
  else if (app.storeFailing && (app.view || app.seat || app.watching)) out.push(h('div', { class: 'banner', id: 'store' }, s.storeFailing));
  if (!app.view) out.push(...homeScreen());
  else if (app.view.status === 'lobby') out.push(...lobbyScreen());
  else out.push(...tableScreen());
  return out;
}

// The tab's title: the table's code, led by the turn or by what happened
// while the page was in the background (app.titleNews).
function setTitle() {
  if (!app.view) app.titleNews = '';
  const news = isMyTurn() ? s.yourTurnTitle : app.titleNews;
  document.title = (news ? `${news} · ` : '') + s.title + (app.view ? ` · ${app.view.code}` : '');
}

// The time to the next try counts down (tick()); a screen reader is told
// the state once, not every second.
// A device that is offline waits for its network, with no countdown.
function connectionBanner() {
  if (app.offline) {
    return h('div', { class: 'banner', role: 'status', id: 'offline' }, s.offline, ' ',
      h('button', { onclick: () => conn.connect(), 'data-focus': 'reconnect' }, s.reconnectNow));
  }
  return h('div', { class: 'banner', role: 'status' },
    app.unreachable ? s.unreachable : s.reconnecting, ' ',
    h('span', { class: 'retry', 'aria-hidden': 'true' }, s.retryIn(retryLeft())), ' ',
    h('button', { onclick: () => conn.connect(), 'data-focus': 'reconnect' }, s.reconnectNow));
}

function retryLeft() {
  return Math.max(0, Math.ceil((app.retryAt - performance.now()) / 1000));
}

// The page's message where it is drawn: at the top (at ''), or at the
// place showAlert() gave it (any other message set since is the top's).
function messageLine(at = '') {
  const place = app.messageAt && app.messageAt.text === app.message ? app.messageAt.at : '';
  return app.message && place === at ? h('p', { class: 'message', id: 'message' }, app.message) : null;
}

function rulesButton() {
  return h('button', { class: 'secondary', id: 'rules', onclick: openRules, 'data-focus': 'rules' }, s.rulesButton);
}

// Who plays: a player (name, rating, profile, password), or a name to play
// under, kept as a player unless the box is unticked; logging in as a
// player from another device.
// The box that turns the turn's chime (sound.js) on or off on this device.
function soundBox() {
  return h('label', { class: 'check' },
    h('input', { type: 'checkbox', id: 'sound', checked: soundOn(), onchange: (e) => setSound(e.target.checked) }),
    ' ', s.soundLabel);
}

function playerPanel(nameInput) {
  const p = app.player;
  const nav = h('p', { class: 'row' },
    p ? h('a', { class: 'button secondary', href: `/players/${p.name}`, id: 'profile-link' }, s.profileLink) : null,
    h('a', { class: 'button secondary', href: '/leaderboard', id: 'leaderboard-link' }, s.leaderboardLink));
  if (p) {
    return h('section', { class: 'panel', 'aria-labelledby': 'player-h' },
      h('h2', { id: 'player-h' }, s.playingAs(p.name)),
      h('p', { id: 'player-line' }, s.playerLine(p.rating, p.matches, p.wins)),
      nav,
      p.has_password ? h('p', { class: 'help' }, s.hasPassword)
        : h('form', { class: 'row', onsubmit: (e) => { e.preventDefault(); setPassword(); } },
          h('label', { class: 'field' }, s.newPasswordLabel,
            h('input', {
              id: 'new-password', type: 'password', autocomplete: 'new-password', minlength: 8, maxlength: 1024,
              value: app.newPassword, oninput: (e) => { app.newPassword = e.target.value; },
            })),
          h('button', { type: 'submit', id: 'set-password', class: 'secondary' }, s.setPasswordButton)),
      !p.has_password ? h('p', { class: 'help' }, s.passwordHelp) : null,
      h('p', {}, h('button', { class: 'secondary small', id: 'forget', onclick: forgetPlayer }, s.forgetButton),
        ' ', h('span', { class: 'help' }, p.has_password ? s.forgetHelp : s.forgetWarning)),
      soundBox());
  }
  return h('section', { class: 'panel', 'aria-labelledby': 'name-label' },
    h('label', { class: 'field', id: 'name-label' }, s.nameLabel, nameInput),
    h('p', { class: 'help', id: 'name-help' }, s.nameHelp),
    app.noStore ? h('p', { class: 'help' }, s.guestsOnly) : [
      h('label', { class: 'check' },
        h('input', { type: 'checkbox', id: 'keep', checked: app.keep, onchange: (e) => { app.keep = e.target.checked; } }),
        ' ', s.keepLabel),
      h('details', { id: 'login-box', open: app.login.open, ontoggle: (e) => { app.login.open = e.target.open; } },
        h('summary', {}, s.loginSummary),
        h('form', { class: 'row', onsubmit: (e) => { e.preventDefault(); logIn(); } },
          h('label', { class: 'field' }, s.loginName,
            h('input', {
              id: 'login-name', autocomplete: 'username', maxlength: 16, value: app.login.name,
              oninput: (e) => { app.login.name = e.target.value.trim(); },
            })),
          h('label', { class: 'field' }, s.loginPassword,
            h('input', {
              id: 'login-password', type: 'password', autocomplete: 'current-password', maxlength: 1024,
              value: app.login.password, oninput: (e) => { app.login.password = e.target.value; },
            })),
          h('button', { type: 'submit', id: 'login' }, s.loginButton)))],
    soundBox(),
    nav);
}

// Home: the name, creating a table, joining or watching one. Opened from
// a table's link, the page is for joining it: Create table waits behind
// a small button.
function homeScreen() {
  const f = app.form;
  const pathCode = codeFromPath();
  if (pathCode && !f.code) f.code = pathCode;
  const saved = loadJSON(localStorage, KEY_SEAT);
  const seatsSel = h('select', {
    id: 'seats', onchange: (e) => { f.seats = Number(e.target.value); render(); },
  }, [2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: n, selected: n === f.seats }, n)));
  const kindRows = [];
  for (let i = 1; i < f.seats; i++) {
    kindRows.push(h('label', { class: 'field' }, s.seatLabel(i + 1),
      h('select', { class: 'seat-kind', 'data-seat': i, onchange: (e) => { f.kinds[i - 1] = e.target.value; } },
        h('option', { value: 'open', selected: f.kinds[i - 1] === 'open' }, s.seatOpen),
        LEVELS.map((l) => h('option', { value: l, selected: f.kinds[i - 1] === l }, s.seatBot(l))))));
  }
  const opt = (key, values, label) => h('label', { class: 'field' }, label,
    h('select', {
      id: `opt-${key}`,
      onchange: (e) => { f[key] = isNaN(e.target.value) ? e.target.value : Number(e.target.value); },
    },
      values.map(([val, text]) => h('option', { value: val, selected: f[key] === val }, text))));

  const nameInput = h('input', {
    id: 'name', value: app.name, autocomplete: 'nickname', 'aria-describedby': 'name-help',
    oninput: (e) => { app.name = e.target.value.trim(); localStorage.setItem(KEY_NAME, app.name); },
    // Enter does what the page's main button would: with a table's code
    // filled in (a friend who opened its link) Join, without one Create
    // table, with the options as they stand. The name is in no form (it
    // serves Join and Create alike), and Enter did nothing.
    onkeydown: (e) => {
      if (e.key !== 'Enter' || e.isComposing) return;
      if (!f.code && !document.getElementById('create')) return;
      e.preventDefault();
      if (f.code) joinTable();
      else createTable();
    },
  });
  // (The table's link pasted here, as a friend sent it, gives its code:
  // the field took 12 characters of it, "HTTP://192.1", not a code.)
  const codeInput = h('input', {
    id: 'code', value: f.code, maxlength: 300, autocapitalize: 'characters', autocomplete: 'off',
    // (Blanks are dropped: a code read out or copied from the lobby,
    // where its letters stand apart, "A H Y 6 C", is the same code.)
    oninput: (e) => {
      const link = /\/t\/([A-Za-z0-9]+)\/?$/.exec(e.target.value.trim());
      if (link) e.target.value = link[1].toUpperCase();
      f.code = e.target.value.replace(/\s+/g, '').toUpperCase();
    },
  });

  return [
    h('header', { class: 'top' }, h('h1', TITLE, s.title), rulesButton()),
    h('p', { class: 'tagline' }, s.tagline),
    messageLine(),
    saved && saved.code
      // (data-focus: the keyboard goes on to the hand, or the table's
      // title, once the table is drawn; it fell to the page's body)
      ? h('p', {}, h('button', { 'data-focus': 'resume', onclick: () => resumeSaved(saved) }, s.resumeButton(saved.code))) : null,
    playerPanel(nameInput),
    h('section', { class: 'panel', 'aria-labelledby': 'join-h' },
      h('h2', { id: 'join-h' }, s.joinHeading),
      h('form', { class: 'row', onsubmit: (e) => { e.preventDefault(); joinTable(); } },
        h('label', { class: 'field' }, s.codeLabel, codeInput),
        h('button', { type: 'submit', id: 'join', 'data-focus': 'join', disabled: app.asking }, s.joinButton),
        h('button', {
          type: 'button', class: 'secondary', id: 'watch', 'data-focus': 'watch', onclick: watchTable, disabled: app.asking,
        },
          s.watchButton))),
    pathCode && !app.createOpen ? h('p', {}, h('button', {
      type: 'button', class: 'secondary small', id: 'show-create', 'data-focus': 'show-create',
      onclick: () => {
        app.createOpen = true;
        render();
        document.getElementById('create-h')?.focus();
      },
    }, s.orCreate)) : h('section', { class: 'panel', 'aria-labelledby': 'create-h' },
      h('h2', { id: 'create-h', tabindex: -1 }, s.createHeading),
      h('form', { onsubmit: (e) => { e.preventDefault(); createTable(); } },
        h('div', { class: 'grid' },
          h('label', { class: 'field' }, s.seatsLabel, seatsSel),
          ...kindRows),
        h('fieldset', {},
          h('legend', {}, s.rulesHeading),
          h('div', { class: 'grid' },
            opt('threshold', [[25, '25'], [50, '50'], [100, '100']], s.thresholdLabel),
            opt('tie', [['declarer', s.tieDeclarer], ['penalty', s.tiePenalty]], s.tieLabel),
            opt('runs', [['any', s.runsAny], ['suited', s.runsSuited]], s.runsLabel),
            opt('hand_size', [3, 4, 5, 6, 7].map((n) => [n, String(n)]), s.handSizeLabel),
            h('label', { class: 'field' }, s.declareMaxLabel,
              h('input', {
                id: 'opt-declare_max', type: 'number', min: 0, max: 70, value: f.declare_max,
                oninput: (e) => { f.declare_max = e.target.value === '' ? 0 : Number(e.target.value); },
              })),
            opt('turn_time', TURN_TIMES.map((t) => [t, t ? s.seconds(t) : s.turnTimeOff]), s.turnTimeLabel))),
        h('button', { type: 'submit', id: 'create', 'data-focus': 'create', disabled: app.asking }, s.createButton),
        messageLine('create'))),
  ];
}

function codeFromPath() {
  const m = /^\/t\/([A-Za-z0-9]{1,16})\/?$/.exec(location.pathname);
  return m ? m[1].toUpperCase() : '';
}

// The kind of a character that a message must not quote (unseen there,
// or turning the rest of the message backwards), or '' for one that shows
// as itself; the server names the same kinds by code point.
function hiddenKind(ch) {
  if (/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(ch)) return s.hiddenDirection;
  if (/\p{Cc}/u.test(ch) && !/\s/u.test(ch)) return s.hiddenControl;
  if (/[\p{Default_Ignorable_Code_Point}\u2028\u2029\u2800]/u.test(ch)) return s.hiddenNothing;
  if (/^\p{M}/u.test(ch)) return s.hiddenMark;
  return '';
}

// A name the server would take; otherwise the page says why, naming the
// first character that cannot be in one ("'ë' cannot be in a name."), so
// that a name that looks right (an accent, a blank, an emoji) is no
// riddle. A character that shows nothing, a direction control or a mark
// with nothing to sit on is named by its place and code point ("Character
// 4, U+200B (a character that shows nothing)"): quoted, it was an empty
// quote, or turned the message backwards.
function checkName() {
  if (NAME_RE.test(app.name)) return true;
  // (as drawn: an e and its accent are one, 'é', not a lone accent)
  const chars = typeof Intl.Segmenter === 'function'
    ? [...new Intl.Segmenter().segment(app.name)].map((x) => x.segment) : [...app.name];
  const at = chars.findIndex((ch) => !/^[A-Za-z0-9_-]$/.test(ch));
  const odd = at >= 0 ? chars[at] : '';
  // (a hidden character may be drawn as part of the one before it: a
  // zero-width joiner after a letter; a mark after its letter is drawn
  // with it, 'é', and is quoted so)
  const hidden = [...odd].find((c, i) => hiddenKind(c) !== '' && (i === 0 || hiddenKind(c) !== s.hiddenMark));
  if (hidden) {
    const code = `U+${hidden.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    showAlert(s.badNameHidden(at + 1, code, hiddenKind(hidden)));
  } else {
    // (a name of good characters can only be too long: the field takes
    // more than 16, which it cut off unseen on a paste)
    showAlert(odd ? s.badNameChar(odd) : chars.length > 16 ? s.nameTooLong(chars.length) : s.badName);
  }
  document.getElementById('name')?.focus();
  return false;
}

// A create, join or watch, and at a table a start, rematch or reopen, is
// sent once: until its answer (`joined`; the table's status or match
// changed; an error) or a lost connection, pressing again sends nothing,
// and the buttons wait. (On a slow connection a second press made a second
// table, or a second player of the same name: refused, but this browser
// kept the token it sent, which the server never knew, and forgot its
// player; a second Start or Rematch was refused, and the match began under
// "The server said: the match has already started".)
function ask(msg, asAPlayer) {
  if (app.asking) return;
  app.asking = true;
  app.askedOn = app.view ? `${app.view.status}:${app.view.match}` : '';
  if (asAPlayer) asPlayer(msg);
  else if (!send(msg) && app.view) app.asking = false; // (not sent, and said so)
  render();
}

function createTable() {
  if (app.asking || !checkName()) return;
  const f = app.form;
  if (f.seats * f.hand_size + 1 > 52) {
    showAlert(s.tooManyCards(f.seats, f.hand_size), 'create');
    return;
  }
  if (!Number.isInteger(f.declare_max) || f.declare_max < 0 || f.declare_max > 70) {
    showAlert(s.badDeclareMax, 'create');
    return;
  }
  const bots = f.kinds.slice(0, f.seats - 1).filter((k) => k !== 'open');
  ask({
    type: 'create', name: app.name, seats: f.seats, bots, turn_time: f.turn_time,
    rules: { threshold: f.threshold, tie: f.tie, runs: f.runs, hand_size: f.hand_size, declare_max: f.declare_max },
  }, true);
}

// What is wrong with the table's code typed on the first page, or null:
// the first character that cannot be in one, or a length no code has
// (the server's own answer to 300 characters was 'code: longer than 31
// characters').
function codeError(code) {
  if (!code) return s.badCode;
  const odd = [...code].find((ch) => !/^[A-Z0-9]$/.test(ch));
  if (odd) return s.badCodeChar(odd);
  return code.length > 12 ? s.codeTooLong(code.length) : null;
}

function joinTable() {
  if (app.asking || !checkName()) return;
  const bad = codeError(app.form.code);
  if (bad) {
    showAlert(bad);
    return;
  }
  ask({ type: 'join', code: app.form.code, name: app.name }, true);
}

function watchTable() {
  if (app.asking) return;
  const bad = codeError(app.form.code);
  if (bad) {
    showAlert(bad);
    return;
  }
  ask({ type: 'watch', code: app.form.code }, false);
}

// Back to the seat this browser holds at another table (from the home page).
function resumeSaved(saved) {
  app.seat = saved;
  restoreLog();
  const msg = { type: 'resume', code: saved.code, token: saved.token };
  if (app.seat.version >= 0) msg.version = app.seat.version;
  if (!conn.send(msg)) conn.connect(); // (once connected, the welcome resumes app.seat)
}

// The log as it was before a reload; without it, the version is forgotten
// so that the server sends the table's recent events afresh.
function restoreLog() {
  const stored = loadJSON(sessionStorage, KEY_LOG);
  if (stored && stored.code === app.seat.code && Array.isArray(stored.log)) {
    app.log = stored.log;
    app.version = app.seat.version;
  } else {
    app.log = [];
    app.seat.version = -1;
  }
}

// The lobby: who sits where, the link to send, the host's controls.
function lobbyScreen() {
  const v = app.view;
  const host = v.host === v.you;
  const link = `${location.origin}/t/${v.code}`;
  const seats = v.seats.filter(Boolean);
  const size = v.capacity;
  return [
    h('header', { class: 'top' }, h('h1', TITLE, s.lobbyHeading(v.code)), watchersLine(), rulesButton()),
    messageLine(),
    v.you < 0 ? h('p', {}, s.spectating, ' ', seats.length < size ? h('button', {
      id: 'sit-down', class: 'small', 'data-focus': 'sit-down', onclick: sitDown,
    }, s.sitDownButton) : null) : null,
    h('section', { class: 'panel share' },
      h('label', { class: 'field', for: 'link' }, s.shareText),
      // (The code beside Copy link, not under it: on a 320x640 phone the
      // line it took put Start below the screen.)
      h('div', { class: 'row' },
        h('input', { id: 'link', readonly: true, value: link, onfocus: (e) => e.target.select() }),
        h('button', { id: 'copy', onclick: () => copyLink(link), 'data-focus': 'copy' }, s.copyButton),
        // (Read out letter by letter; an aria-label on a paragraph is not
        // read at all, and the code was read as a word.)
        h('p', { class: 'code', 'data-code': v.code },
          h('span', { 'aria-hidden': 'true' }, v.code),
          h('span', { class: 'visually-hidden' }, `${s.codeLabel}: ${v.code.split('').join(' ')}`)))),
    // (Start, and the host's Add computer player, come before the seats:
    // after them, on a 320x640 phone, eight seats put Start 400 px below
    // the screen. A full table offers no computer player: the server would
    // refuse it.)
    host
      ? h('p', {}, h('button', {
        id: 'start', 'data-focus': 'start', 'data-focus-instead': 'add-bot', disabled: seats.length < 2 || app.asking, onclick: () => ask({ type: 'start' }),
      },
        s.startButton), seats.length < 2 ? h('span', { class: 'help' }, ' ', s.startNeedsTwo) : null)
      : h('p', {}, s.waitingForHost(shownName(v.host))),
    h('section', { class: 'panel lobby-seats', 'aria-labelledby': 'seated-h' },
      h('h2', { id: 'seated-h' }, s.seatedHeading),
      size ? h('p', {}, s.capacity(seats.length, size)) : null,
      host && !(size && seats.length >= size) ? h('div', { class: 'row' },
        h('label', { class: 'field' }, s.levelLabel,
          h('select', { id: 'bot-level', 'data-focus': 'bot-level', onchange: (e) => { app.botLevel = e.target.value; } },
            LEVELS.map((l) => h('option', { value: l, selected: l === app.botLevel }, l)))),
        h('button', {
          id: 'add-bot', 'data-focus': 'add-bot', 'data-focus-instead': 'remove-*',
          onclick: () => send({ type: 'add_bot', level: app.botLevel }),
        },
          s.addBotButton)) : null,
      h('ol', { class: 'seat-list' }, seats.map((seat, i) => h('li', {},
        h('span', { class: 'name' }, shownName(i)),
        nameTags([i === v.you && [s.youMark], i === v.host && [s.hostMark]]),
        h('span', { class: 'kind' }, seat.kind === 'bot' ? s.botLevel(seat.level) : s.human),
        host && i !== v.you ? h('button', {
          class: 'secondary small', 'data-focus': `remove-${seat.name}`,
          onclick: () => send({ type: 'remove', seat: i }),
        }, s.removeButton(shownName(i))) : null)))),
    // (The table's rules come after Start: above it, on a phone, they put
    // Start below the first screen.)
    h('section', { class: 'panel', id: 'table-rules', 'aria-labelledby': 'table-rules-h' },
      h('h2', { id: 'table-rules-h' }, s.tableRulesHeading), tableRules(v)),
    h('p', {}, leaveButton()),
  ];
}

// A spectator in the lobby takes a free seat: it stops watching and joins
// as from the first page, under the name it has there (without one, the
// first page asks for it, with the table's code filled in).
function sitDown() {
  const code = app.watching;
  if (!code) return;
  conn.send({ type: 'leave' });
  leaveTable('');
  app.form.code = code;
  joinTable();
}

// The table's rule options, which the host chose and everyone else would
// otherwise not see: a list of label and value, in the words of the form
// that set them.
function tableRules(v) {
  const r = v.rules;
  const rows = [
    [s.thresholdLabel, String(r.threshold)],
    [s.tieLabel, r.tie === 'penalty' ? s.tiePenalty : s.tieDeclarer],
    [s.runsLabel, r.runs === 'suited' ? s.runsSuited : s.runsAny],
    [s.handSizeLabel, String(r.hand_size)],
    [s.declareMaxShort, r.declare_max ? s.declareUpTo(r.declare_max) : s.declareAny],
    [s.turnTimeLabel, v.turn_time ? s.seconds(v.turn_time) : s.turnTimeOff],
  ];
  return h('dl', { class: 'table-rules' }, rows.flatMap(([k, val]) => [h('dt', {}, k), h('dd', {}, val)]));
}

// "2 watching", when anyone watches the table.
function watchersLine() {
  return app.watchers > 0 ? h('span', { class: 'watchers', id: 'watchers' }, s.watching(app.watchers)) : null;
}

function leaveButton() {
  // (Its data-focus takes the keyboard on to the first page's title once
  // the table is left: it fell to the page's body, and Tab began again
  // from the browser's own controls.)
  return h('button', { class: 'secondary', id: 'leave', 'data-focus': 'leave', onclick: leaveByChoice }, s.leaveButton);
}

// Leave table pressed, or the browser's Back or Forward gone to another
// address than the table's.
function leaveByChoice() {
  const sent = conn.send({ type: 'leave' });
  // A round's result, or the match's end, on the screen was seen: one
  // who leaves from it and comes back did not miss it.
  const v = app.view;
  if (v && (v.status === 'between' || v.status === 'over')) app.seen.done(resultKey(v));
  // Not sent (the connection is down): the table keeps the seat, and
  // the host may start a match with it, so the page keeps its token
  // and says so (it forgot the seat, which the player could then
  // neither take back nor give up).
  if (!sent && app.seat) leaveTable(s.leaveNotSent(app.seat.code), true);
  else leaveTable('', app.seat && v && v.status !== 'lobby');
}

// The clipboard API is only for a secure context (HTTPS, or the machine
// itself): a server on the local network (http://192.168.1.5:8080/) has
// none, and the link is then copied from its field as the browser's own
// Copy would (execCommand, which such a page still has).
async function copyLink(link) {
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    const field = document.getElementById('link');
    field?.select();
    try {
      copied = !!field && document.execCommand('copy');
    } catch {
      copied = false;
    }
  }
  app.message = copied ? s.copied : s.copyFailed;
  if (copied) announce(s.copied);
  render();
}

// The table during a match.
function tableScreen() {
  const v = app.view;
  const spectator = v.you < 0;
  const main = h('div', { class: 'play' },
    seatsPanel(),
    v.status === 'playing' ? centerPanel() : null,
    v.status === 'between' || v.status === 'over' ? resultPanel() : null,
    !spectator && v.hand ? handPanel() : timedOutNote(),
    missedFinalPanel(),
    missedPanel(),
    spectator ? h('p', {}, s.spectating) : null,
    // Out of the match while the others play on: no hand, so say why.
    !spectator && v.status === 'playing' && v.seats[v.you]?.out
      ? h('p', { class: 'panel out-note', id: 'out-note' }, s.youAreOut(v.seats[v.you].score, v.rules.threshold)) : null);
  return [
    h('header', { class: 'top' },
      h('h1', TITLE, titleParts(v.status === 'over' ? s.matchOver(v.match) : s.roundTitle(v.round, v.rules.threshold, v.match))),
      h('span', { class: 'code-small' }, v.code),
      watchersLine(),
      h('span', { class: 'tools' },
        !spectator && v.status === 'playing' && v.hand
          ? h('button', {
            id: 'hint', class: 'secondary', 'data-focus': 'hint',
            disabled: !isMyTurn() || app.hint === 'pending' || !conn.open,
            // (Asked only on an open connection: one asked while it was
            // down was never sent, and "thinking" stayed for the turn.)
            onclick: () => { if (conn.send({ type: 'hint' })) { app.hint = 'pending'; render(); } },
          }, s.hintButton) : null,
        rulesButton(), leaveButton())),
    messageLine(),
    h('div', { class: 'layout' }, main, logPanel()),
  ];
}

// A title of parts ("Match 12 · Round 17 · out above 100") as nodes
// for h(), each part kept whole (style.css, .title-part): where the
// title is longer than the room beside the header's buttons, it breaks
// after a dot, never inside "out above 100". The text is the same.
function titleParts(text) {
  const parts = text.split(' · ');
  return parts.map((part, i) => (i < parts.length - 1
    ? [h('span', { class: 'title-part' }, `${part} ·`), ' '] : h('span', { class: 'title-part' }, part)));
}

function seatsPanel() {
  const v = app.view;
  // (Its heading, for a screen reader alone, keeps the page's headings in
  // order: the players' names, h3, came under the screen's title, h1.)
  return h('section', { class: 'seats', 'aria-labelledby': 'seats-h', 'data-focus': 'seats' },
    h('h2', { id: 'seats-h', class: 'visually-hidden' }, s.opponentsHeading),
    v.seats.map((seat, i) => {
      const turn = v.status === 'playing' && v.turn === i;
      let status;
      if (seat.kind === 'bot') status = s.botLevel(seat.level);
      else if (seat.away) status = s.away;
      else if (seat.connected && timedOut(i)) status = s.timedOut;
      else status = seat.connected ? s.connected : s.disconnected;
      // (Named by its heading, and the seat to play by "to play" too: a
      // reader going from panel to panel heard "article" alone, and
      // aria-current is not passed on to it by every browser.)
      return h('article', {
        class: `seat${turn ? ' turn' : ''}${seat.out ? ' out' : ''}${i === v.you ? ' me' : ''}`,
        'aria-current': turn ? 'true' : false, 'data-seat': i,
        'aria-labelledby': turn ? `seat-h-${i} seat-turn-${i}` : `seat-h-${i}`,
      },
      h('h3', { id: `seat-h-${i}` }, shownName(i), nameTags([i === v.you && [s.youMark], seat.out && [s.out]])),
      h('p', { class: `status${seat.kind === 'human' && !seat.connected ? ' offline' : ''}${status === s.timedOut ? ' timed-out' : ''}` }, status),
      h('p', {}, s.score(seat.score),
        seat.in_round && typeof seat.hand_size === 'number' ? ` · ${s.handSize(seat.hand_size)}` : '',
        seat.wins ? ` · ${s.wins(seat.wins)}` : ''),
      seat.known && seat.known.length ? h('p', { class: 'seat-cards' }, `${s.known}: `, cardRow(seat.known, s.known)) : null,
      seat.last_discard && seat.last_discard.length
        ? h('p', { class: 'seat-cards' }, `${s.lastDiscard}: `, cardRow(seat.last_discard, s.lastDiscard)) : null,
      turn ? h('p', { class: 'to-move' }, h('span', { id: `seat-turn-${i}` }, s.toMove),
        v.deadline !== undefined ? timer() : null) : null);
    }));
}

// Whether this player may ask the one to move to hurry now (the server's
// rule, docs/server-protocol.md): a person's turn, not ours, that has
// lasted the server's hurry time, with no end sooner than a hurry gives.
function canHurry() {
  const v = app.view;
  const secs = app.welcome?.hurry || 0;
  if (!v || v.status !== 'playing' || v.you < 0 || isMyTurn() || !secs || !app.turnBeganAt) return false;
  const mover = v.seats[v.turn];
  if (!mover || mover.kind !== 'human' || mover.away || app.hurrySent === app.version) return false;
  const now = performance.now();
  if (app.deadlineAt && app.deadlineAt - now <= secs * 1000) return false;
  return now - app.turnBeganAt >= secs * 1000;
}

function hurryButton() {
  if (!canHurry()) return null;
  app.hurryShown = true;
  return h('button', {
    id: 'hurry', class: 'secondary small', 'data-focus': 'hurry',
    onclick: () => {
      if (send({ type: 'hurry' })) {
        app.hurrySent = app.version;
        render();
      }
    },
  }, s.hurryButton(shownName(app.view.turn)));
}

function canAct() {
  return isMyTurn() && app.sentOn !== app.version && conn.open;
}

// Whether this player's move was sent and its answer has not come yet (a
// slow connection): the page says so, and the cards thrown away stay
// selected until they go, rather than seem to have come back unplayed.
function sending() {
  return isMyTurn() && app.sentOn === app.version;
}

function selection() {
  const v = app.view;
  const cards = sortCards([...app.selected]);
  return { cards, check: checkDiscard(cards, v.rules.runs) };
}

function playMove(pick) {
  const { cards, check } = selection();
  if (!check.ok || !canAct()) return;
  if (sendMove(`discard ${cards.join(' ')} ${pick}`)) render();
}

function centerPanel() {
  const v = app.view;
  const mine = isMyTurn();
  const act = canAct();
  const ok = act && selection().check.ok;
  const open = v.open || [];
  const turnLine = !mine ? s.theirTurn(shownName(v.turn)) : sending() ? s.moveSending
    : [s.yourTurnLead, h('span', { class: 'turn-how' }, s.yourTurnHow)];
  return h('section', { class: 'center', 'aria-labelledby': 'open-h' },
    h('p', { class: 'turn-line' }, turnLine, v.deadline !== undefined ? timer() : null,
      ' ', hurryButton()),
    h('div', { class: 'pile' },
      h('h2', { id: 'open-h' }, s.openCards),
      h('div', { class: 'cards open', id: 'open' }, open.map((c, i) => (mine
        ? h('button', {
          class: `card pick${c.endsWith('H') || c.endsWith('D') ? ' red' : ''}`, 'data-card': c,
          'data-focus': `take-${c}`, 'aria-label': s.takeLabel(c), disabled: !ok,
          onclick: () => playMove(`take ${c}`), 'data-first-pick': i === 0 ? '1' : null,
        }, cardShort(c))
        : cardFace(c))))),
    h('div', { class: 'pile' },
      h('h2', {}, s.deck(v.deck)),
      mine ? h('button', {
        id: 'draw', 'data-focus': 'draw', disabled: !ok || v.can_draw === false, onclick: () => playMove('draw'),
      }, s.drawButton) : h('div', { class: 'card back', 'aria-hidden': 'true' }),
      mine && v.can_draw === false ? h('p', { class: 'help' }, s.noDraw) : null,
      h('p', { class: 'help' }, s.dead(v.dead))),
    mine && v.can_declare ? declareControl(act) : null,
    mine && !v.can_declare ? declareLater() : null);
}

// Why Declare is not offered this turn, or null: the player's first turn
// of the round (rules D7), or a hand above the table's declare limit. The
// first turn is one of the round's first n turns, n the players in the
// round (a round deals to all of them, and nobody goes out before its
// end). Said in Declare's place and in the hint.
function declareLaterText() {
  const v = app.view;
  const inRound = v.seats.filter((seat) => seat.in_round).length;
  const total = v.hand_total ?? handTotal(v.hand || []);
  if (v.turns < inRound) return s.declareLater;
  if (v.rules?.declare_max && total > v.rules.declare_max) return s.declareOverMax(v.rules.declare_max);
  return null;
}

// Why Declare is not offered, in its place (a line read by a screen
// reader too).
function declareLater() {
  const text = declareLaterText();
  return text && h('p', { class: 'help', id: 'declare-later' }, text);
}

// Declare ends the round for everyone, so it asks first, in place: the
// button becomes "Declare with 12?" with Yes (which has the keyboard, so
// that Enter twice declares) and No; No or Escape puts Declare back. The
// question lasts as long as the turn (the timer runs on meanwhile).
function declareControl(act) {
  const v = app.view;
  const turn = `${v.match}:${v.round}:${v.turns}`;
  if (app.declaring !== turn) {
    return h('p', {}, h('button', {
      id: 'declare', class: 'declare', 'data-focus': 'declare', disabled: !act,
      onclick: () => {
        app.declaring = turn;
        render();
        // (Not scrolling the page when Yes is on the screen: at a phone's
        // foot, in the strip kept for the Chat button, focus() alone did.)
        const yes = root.querySelector('#declare-yes');
        yes?.focus({ preventScroll: inView(yes) });
      },
    }, s.declareButton));
  }
  const cancel = () => {
    app.declaring = '';
    render();
    const declare = root.querySelector('#declare');
    declare?.focus({ preventScroll: inView(declare) });
  };
  return h('div', {
    class: 'declare-ask', role: 'group', 'aria-labelledby': 'declare-q',
    onkeydown: (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      cancel();
    },
  },
  // (declare-room: on a phone held upright, an unseen Declare that keeps
  // Declare's room, the question standing over the controls above it,
  // style.css; declare-box: the question and its buttons)
  h('p', { class: 'declare-room', 'aria-hidden': 'true' },
    h('button', { class: 'declare', type: 'button', tabindex: '-1', disabled: true }, s.declareButton)),
  h('div', { class: 'declare-box' },
  declareQuestionText(s.declareQuestion(v.hand_total ?? handTotal(v.hand || []), v.rules?.tie === 'penalty')),
  h('p', { class: 'row' },
    h('button', {
      id: 'declare-yes', class: 'declare', 'data-focus': 'declare-yes', disabled: !act, 'aria-describedby': 'declare-q',
      onclick: () => {
        if (!canAct()) return;
        if (sendMove('declare')) {
          app.declaring = '';
          render();
        }
      },
    }, s.declareYes),
    h('button', { id: 'declare-no', class: 'secondary', 'data-focus': 'declare-no', onclick: cancel }, s.declareNo))));
}

// Declare's question: the question, then what is at stake in a span of
// its own, which a screen too short for both leaves out (style.css).
function declareQuestionText(text) {
  const cut = text.indexOf('? ') + 1;
  if (cut <= 0) return h('p', { id: 'declare-q' }, text);
  return h('p', { id: 'declare-q' }, h('span', {}, text.slice(0, cut)),
    h('span', { class: 'declare-stakes' }, text.slice(cut)));
}

// The expert's hint, under the hand and the line that says what the
// cards selected make (above the turn's controls, on a phone on its side
// beside them, it ran below the first screen, and on a phone held upright
// it pushed the hand down).
function hintPanel() {
  if (!app.hint) return null;
  if (app.hint === 'pending') return h('p', { class: 'hint', role: 'status' }, s.hintThinking);
  const hint = app.hint;
  return h('div', { class: 'hint', role: 'status', 'aria-label': s.hintButton, 'data-focus': 'hint-box' },
    h('p', {}, cardsInText(s.hintText(moveText(hint.move)))),
    h('p', {}, hint.declare === null || hint.declare === undefined ? s.hintNoDeclare(declareLaterText()) : s.hintDeclare(hint.declare)),
    hint.why ? h('p', {}, cardsInText(s.hintWhy(moveText(hint.why)))) : null);
}

// The line under the hand: whether the cards selected may go, or why not;
// with none selected, that the computer played this player's last turn
// as its time ran out (a short while ago: timedOut()), or else whose it
// played so, in the place the eye is (on a phone the row of players'
// panels shows the one to move, and the slow one's may be out of its
// view), without a line more above the hand or under it.
function selectionLine() {
  const { cards, check } = selection();
  if (!cards.length) {
    const v = app.view;
    if (timedOut(v.you)) return s.timedOutYou;
    const others = v.seats.map((_, i) => i).filter((i) => i !== v.you && timedOut(i));
    return others.length ? s.timedOutOthers(others.map(shownName)) : s.selectionNone;
  }
  if (check.ok) return s.selectionOk(s.shapes[check.shape], handTotal(cards));
  return s.selectionBad(s.reasons[check.reason]);
}

// Whose turn the computer played as its time ran out (timedOut()), for
// a page with no hand to say it under (a spectator, a player out of the
// match): a line of its own in the hand's place, under the open cards,
// where the eye is; the panel and the log, which said it alone, may be
// scrolled away on a phone. Null when there is nothing to say.
function timedOutNote() {
  const v = app.view;
  if (v.status !== 'playing') return null;
  const seats = v.seats.map((_, i) => i).filter((i) => timedOut(i));
  return seats.length ? h('p', { class: 'timed-out-note', id: 'timed-out-note' }, s.timedOutOthers(seats.map(shownName))) : null;
}

function handPanel() {
  const v = app.view;
  const hand = v.hand;
  const { cards, check } = selection();
  const line = selectionLine();
  const active = Math.max(0, hand.findIndex((c) => c === app.focusCard));
  return h('section', { class: 'hand-panel', 'aria-labelledby': 'hand-h', 'data-act': canAct() ? '1' : null },
    h('h2', { id: 'hand-h' }, s.yourHand, ' ',
      h('span', { class: 'total' }, s.handTotal(v.hand_total ?? handTotal(hand)))),
    h('div', {
      class: 'hand', role: 'group', 'aria-labelledby': 'hand-h', 'aria-describedby': 'select-help',
      onkeydown: handKeys,
    },
      hand.map((c, i) => h('button', {
        class: `card${c.endsWith('H') || c.endsWith('D') ? ' red' : ''}${app.selected.has(c) ? ' selected' : ''}`,
        'aria-pressed': app.selected.has(c) ? 'true' : 'false', 'aria-label': cardWords(c),
        'data-card': c, 'data-focus': `card-${c}`, tabindex: i === active ? 0 : -1,
        onclick: () => toggleCard(c),
        onfocus: () => { app.focusCard = c; },
      }, cardShort(c)))),
    h('p', { class: `selection${cards.length && !check.ok ? ' bad' : ''}${!cards.length && line !== s.selectionNone ? ' timed-out' : ''}`, id: 'selection' }, line),
    hintPanel(),
    h('p', { class: 'help', id: 'select-help', 'data-focus': 'hand-help' }, s.selectHelp));
}

// A card pressed: the line under the hand changes, and is read out (it
// was a live region of its own, but one drawn anew with the page on each
// redraw, and a screen reader reads only a change to a region it knew).
function toggleCard(c) {
  if (sending()) return; // (the move sent throws these away)
  if (app.selected.has(c)) app.selected.delete(c);
  else app.selected.add(c);
  app.focusCard = c;
  render();
  // (The line back to no selection is the time run out, there a while:
  // heard once, with the move, not again at each card let go.)
  announce(app.selected.size ? selectionLine() : s.selectionNone, 'selection');
}

// The hand's keys: arrows move between cards, space selects (the button's
// own click), enter goes on to the pick-up (or says why it cannot).
function handKeys(e) {
  const buttons = [...e.currentTarget.querySelectorAll('button')];
  const i = buttons.indexOf(document.activeElement);
  if (i < 0) return;
  let to = -1;
  if (e.key === 'ArrowRight' || e.key === 'ArrowDown') to = (i + 1) % buttons.length;
  else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') to = (i - 1 + buttons.length) % buttons.length;
  else if (e.key === 'Home') to = 0;
  else if (e.key === 'End') to = buttons.length - 1;
  else if (e.key === 'Enter') {
    e.preventDefault();
    const { cards, check } = selection();
    if (!isMyTurn()) announce(s.theirTurn(shownName(app.view.turn)));
    else if (!check.ok) announce(cards.length ? s.selectionBad(s.reasons[check.reason]) : s.selectionNone, 'selection');
    else root.querySelector('#open button:not([disabled]), #draw:not([disabled])')?.focus();
    return;
  }
  if (to < 0) return;
  e.preventDefault();
  buttons[i].tabIndex = -1;
  buttons[to].tabIndex = 0;
  buttons[to].focus();
}

// The tags drawn after a name ([word, class = 'tag'] for each, false for
// one not shown): seen as tags, heard as one aside of the name, "Ada (you,
// host)", where the tags alone read "Ada you host".
function nameTags(tags) {
  const on = tags.filter(Boolean);
  if (!on.length) return [];
  return [h('span', { class: 'visually-hidden' }, ` ${s.tagsRead(on.map(([word]) => word))}`),
    on.map(([word, cls = 'tag']) => h('span', { class: cls, 'aria-hidden': 'true' }, word))];
}

// The round's result r, each score explained, under a heading of id
// `id`. `past` are the seats' names when r was played, if not today's
// (the end of a match before Back to the lobby freed seats): the
// player's own is then known by name.
function resultBody(r, id, past = null) {
  const v = app.view;
  const me = v.seats[v.you]?.name;
  // (what is about the player reads "you")
  const raw = past || v.seats.map((seat) => seat.name);
  const you = past ? (seat) => v.you >= 0 && raw[seat] === me : (seat) => v.you >= 0 && seat === v.you;
  const names = past ? namesShown(v, past) : shownNames();
  const hands = r.hands || [];
  const why = new Map(explainRound(r).map((e) => [e.seat, e]));
  const dh = hands.find((x) => x.seat === r.declarer);
  // (a declarer who holds the lowest hand with others: the tie rule decided)
  const others = hands.filter((x) => x !== dh);
  const tied = dh && dh.total === Math.min(...others.map((x) => x.total))
    ? others.filter((x) => x.total === dh.total).map((x) => (you(x.seat) ? s.youInner : names[x.seat])) : [];
  const explain = (x) => {
    const e = why.get(x.seat);
    if (e.why === 'correct') return s.explainCorrectDeclarer;
    if (e.why === 'pays') return s.explainPays(x.total, e.declarerTotal, names[e.declarer], you(e.declarer));
    if (e.why === 'false') return s.explainFalse(e.gap, names[e.lowestSeat], e.lowestTotal, you(e.lowestSeat));
    return s.explainNothing;
  };
  // A row's header: the player's name, her tags, her hand. A screen
  // reader hears the tags as one aside ("Ada (you, declared)") and the
  // cards unlabelled, so that the name is heard once.
  const marks = (x) => [nameTags([you(x.seat) && [s.youMark], x.seat === r.declarer && [s.declarerMark],
    why.get(x.seat).lowest && [s.lowestMark, 'tag low']]), h('span', { class: 'result-cards' }, cardRow(x.cards))];
  // Who went out comes right after what happened (and Next round, or
  // the winner and the final scores, which the callers put between
  // them), before the hands: under them, a friend put out read on a
  // phone that he had declared falsely, and that he was out of the
  // match only below the screen, past four hands.
  return [h('h2', { id }, s.resultHeading(r.round)),
    h('p', {}, r.declarer >= 0 ? s.resultDeclared(names[r.declarer], dh?.total, r.correct, you(r.declarer), tied)
      : s.resultShowdown(names[r.lowest], you(r.lowest))),
    (r.eliminated || []).map((seat) => h('p', { class: 'out-line' },
      s.eliminated(names[seat], hands.find((x) => x.seat === seat)?.cumulative ?? v.seats[seat]?.score,
        v.rules.threshold, you(seat)))),
    stackTable({}, [s.colPlayer, s.colTotal, s.colRoundScore, s.colCumulative], hands.map((x) => ({
      attrs: { class: why.get(x.seat).lowest ? 'lowest' : null },
      cells: [[names[x.seat], ...marks(x)], x.total,
      { content: [`+${x.score}`, h('span', { class: 'explain' }, explain(x))], span: 2 },
      x.cumulative],
    })))];
}

// A match's final scores, by place (finalPlaces): `seats` each {score,
// out_round}, `names` as shown.
function finalList(seats, names) {
  return [h('h3', {}, s.finalScores),
    h('ol', { class: 'final' }, finalPlaces(seats).map(({ seat, place }) => h('li', { value: place },
      s.finalLine(names[seat] ?? '?', seats[seat].score, seats[seat].out_round))))];
}

// The round's result, each score explained; at the match's end the winner.
function resultPanel() {
  const v = app.view;
  const names = shownNames();
  const out = v.result ? resultBody(v.result, 'result-h') : [];
  // Next round comes right under what happened, before the hands: with
  // eight of them on a phone the result is longer than the screen, and
  // the focus on a button at its foot scrolled the outcome out of view.
  if (v.status === 'between' && v.you >= 0) {
    out.splice(Math.min(2, out.length), 0, app.nextSent === `${v.match}:${v.round}` ? h('p', {}, s.waitingNext)
      : h('p', {}, h('button', {
        id: 'next', 'data-focus': 'next',
        onclick: () => {
          // (Not sent while reconnecting, and said so: it did nothing,
          // without a word.)
          if (send({ type: 'next' })) {
            app.nextSent = `${v.match}:${v.round}`;
            app.seen.done(resultKey(v));
            render();
          }
        },
      }, s.nextButton)));
  }
  if (v.status === 'over') {
    const w = v.winner;
    // (The server tells the finished match's id, match_id: the link is
    // that match's page, a rematch's too, and a guests' table has one.
    // The search of histories only when the id is not known.)
    const known = Number.isInteger(v.match_id) && v.match_id > 0;
    if (!known) findReplay(v);
    const replay = known ? `/matches/${v.match_id}` : app.replayOf[`${v.code}:${v.match}`];
    // Who won, Rematch and the final scores come right under what
    // happened in the last round, before its hands, as Next round does:
    // under eight hands they were far below a phone's first screen.
    out.splice(Math.min(2, out.length), 0, h('h2', { class: 'winner' }, s.winnerHeading(names[w] ?? '?', w === v.you)),
      v.host === v.you ? [h('p', { class: 'row' }, h('button', {
        id: 'rematch', 'data-focus': 'rematch', disabled: app.asking, onclick: () => ask({ type: 'rematch' }),
      }, s.rematchButton), h('button', {
        id: 'reopen', class: 'secondary', 'data-focus': 'reopen', 'aria-describedby': 'reopen-help',
        disabled: app.asking, onclick: () => ask({ type: 'reopen' }),
      }, s.reopenButton)), h('p', { class: 'help', id: 'reopen-help' }, s.reopenHelp)]
        : h('p', {}, s.waitingRematch(names[v.host] ?? '')),
      replay ? h('p', {}, h('a', { class: 'button secondary', id: 'see-replay', href: replay }, s.seeReplay)) : null,
      finalList(v.seats, names));
  }
  return h('section', { class: 'panel result-panel', 'aria-labelledby': 'result-h' }, out);
}

// The last round's result, which this page missed (app.seen.missedResult()): shown
// in the next round under the hand, with a Close of its own; play goes on
// meanwhile.
function missedPanel() {
  const key = app.seen.missedResult(app.view);
  if (!key) return null;
  const [heading, ...body] = resultBody(app.view.result, 'missed-h');
  return h('section', { class: 'panel result-panel missed', id: 'missed', 'aria-labelledby': 'missed-h' },
    heading, h('p', { class: 'help' }, s.missedNote), body,
    h('p', {}, h('button', {
      class: 'secondary', id: 'missed-close', 'data-focus': 'missed-close',
      onclick: () => { app.seen.done(key); render(); },
    }, s.missedClose)));
}

// The previous match's end, which this page missed (app.seen.missedFinal()): its
// final round, its winner and its final scores by place (when the page
// knows every seat's: seen.js), under the hand until closed.
function missedFinalPanel() {
  const v = app.view;
  const f = app.seen.missedFinal(v);
  if (!f) return null;
  // (Its seats' names are those of its time: Back to the lobby frees
  // seats and moves the later ones up before the next match.)
  const past = Array.isArray(f.names) ? f.names : v.seats.map((seat) => seat.name);
  const [heading, ...body] = resultBody(f.result, 'missed-final-h', past);
  const won = v.you >= 0 && past[f.winner] === v.seats[v.you]?.name;
  return h('section', { class: 'panel result-panel missed', id: 'missed-final', 'aria-labelledby': 'missed-final-h' },
    heading, h('p', { class: 'help' }, s.missedFinalNote(f.match)),
    h('h3', {}, s.winnerHeading(nameShown(v, past[f.winner] ?? '?', f.winner), won)),
    Array.isArray(f.seats) && f.seats.length === past.length ? finalList(f.seats, namesShown(v, past)) : null, body,
    h('p', {}, h('button', {
      class: 'secondary', id: 'missed-final-close', 'data-focus': 'missed-final-close',
      onclick: () => {
        app.seen.closeFinal();
        render();
      },
    }, s.missedClose)));
}

function logPanel() {
  return h('section', { class: 'log', 'aria-labelledby': 'log-h' },
    h('h2', { id: 'log-h' }, s.logHeading),
    h('ol', { id: 'log' }, app.log.slice(-100).reverse().map((l) => h('li', { 'data-v': l.v }, cardsInText(l.text)))));
}

// A turn's countdown, " · 20 s left", filled in by tick(). Its figures
// keep the width of the table's turn time's (style.css, .timer .secs):
// as they went from 10 to 9 the player's panel on a phone grew narrower,
// the row of panels moved sideways, and where "to play · 10 s left" had
// gone under the cards thrown for a digit's width it came back beside
// them, a line less above the hand (16 px: countdown.test.mjs).
function timer() {
  const v = app.view;
  const digits = String(v.turn_time || Math.ceil((v.deadline || 0) / 1000)).length;
  return h('span', { class: 'timer', 'data-digits': Math.min(4, Math.max(1, digits)) });
}

// The timers (and the time to the next try at connecting) count down
// between messages without redrawing the page; on
// the player's own turn, 10 seconds before the end, a screen reader is
// told once.
function tick() {
  const left = app.deadlineAt ? Math.max(0, Math.ceil((app.deadlineAt - performance.now()) / 1000)) : null;
  const turnKey = app.view ? `${app.view.match}:${app.view.round}:${app.view.turns}` : '';
  if (left !== null && left <= 10 && isMyTurn() && app.warned !== turnKey) {
    app.warned = turnKey;
    announce(s.timeWarning(left));
  }
  for (const el of root.querySelectorAll('.banner .retry')) el.textContent = s.retryIn(retryLeft());
  for (const el of root.querySelectorAll('.timer')) {
    if (left === null) el.textContent = '';
    else if (el.firstElementChild) el.firstElementChild.textContent = String(left);
    else el.replaceChildren(' · ', h('span', { class: 'secs' }, String(left)), s.timeLeftUnit);
    el.classList.toggle('urgent', left !== null && left <= 5);
  }
  // The turn has lasted long enough to hurry its player (or no longer may):
  // draw the button in, or out. So too a time ran out shown long enough.
  const stale = [...app.timedOut.keys()].filter((seat) => !timedOut(seat));
  for (const seat of stale) app.timedOut.delete(seat);
  if (canHurry() !== app.hurryShown || stale.length) render();
}
setInterval(tick, 250);

// ------------------------------------------------------------ the rules

function openRules() {
  const dialog = document.getElementById('rules-dialog');
  // At a table, its own options come first: they change from table to
  // table, the rest of the text does not.
  // Close is at the top too, in a header that stays in view as the text
  // scrolls (on a phone the one at the bottom is many screens down);
  // Escape closes the dialog as well, and the focus goes back to Rules.
  dialog.replaceChildren(...[
    rulesHead(),
    app.view ? h('section', { id: 'rules-this-table' }, h('h3', {}, s.tableRulesIntro), tableRules(app.view)) : null,
    ...s.rules.map(([title, paras]) => h('section', {}, h('h3', {}, title), paras.map((p) => h('p', {}, p)))),
    h('form', { method: 'dialog' }, h('button', { id: 'rules-close' }, s.close)),
  ].filter(Boolean));
  dialog.showModal();
  // Start reading at the top, not at the Close button.
  dialog.scrollTop = 0;
  document.getElementById('rules-title').focus();
}

// The dialog's title and Close. The dialog is named by its title
// (aria-labelledby="rules-title", index.html), which is there while it
// is closed too: the id named nothing until Rules was first opened.
function rulesHead() {
  return h('form', { method: 'dialog', class: 'dialog-head' },
    h('h2', { id: 'rules-title', tabindex: -1 }, s.rulesTitle),
    h('button', { id: 'rules-close-top', class: 'secondary small' }, s.close));
}
document.getElementById('rules-dialog').replaceChildren(rulesHead());

// The dialog closed, the browser gives the focus back to the Rules that
// opened it; the page drawn anew meanwhile (a move, the connection lost
// and back) has another Rules, and the focus fell to the page's top.
// It goes to the Rules there is now. (When the dialog says it closed,
// the focus is still on what had it inside: the page's top comes after.)
document.getElementById('rules-dialog').addEventListener('close', (e) => {
  const a = document.activeElement;
  if (!a || a === document.body || e.target.contains(a)) document.getElementById('rules')?.focus({ preventScroll: true });
});

// ------------------------------------------------------------ Back

// The browser's Back at a table in a running match (a phone's swipe,
// made by mistake as often as not) asks first, rather than leave the
// table at once: the seat played by the computer until its player came
// back from the first page. A second history entry for the table's link
// is pushed over it once the match runs (the guard); Back takes the
// page to the link's own entry, where the page asks (askBack()), and
// Back again goes on as it did, leaving the table, the seat kept to take
// back. Stay (or Escape) pushes the guard again; Leave the table leaves
// as Leave table does. No more than the one entry is ever added, so Back
// never holds the player at the table.
//
// The guard waits for the player's first press on the page (a pointer
// or a key: the page's sticky user activation). Chromium's history
// manipulation intervention marks the entry a page leaves by pushState
// with no user activation as one its Back button skips: the table's own
// entry, so that Back went past it, from the guard to the page before,
// and left the table without asking. A page that came to a running
// match with no press (a reload on the table's own entry, the link
// opened anew, a reload in the lobby before the host started) pushed it
// at once. Until that press Back leaves as it did before the guard (no
// entry pushed then would stop it).
function matchRunning() {
  const v = app.view;
  return !!(app.seat && v && v.you >= 0 && (v.status === 'playing' || v.status === 'between') && !v.seats[v.you]?.out);
}

function guardBack() {
  const code = app.seat?.code;
  if (!code || app.backAsk || !matchRunning() || location.pathname !== `/t/${code}`) return;
  // (A reload on the guard finds it there: history keeps its state.)
  if (history.state?.guard !== code) {
    if (!app.pressed) return;
    history.pushState({ guard: code }, '', location.pathname);
  }
  app.guarded = code;
}

// A press on this page, one that gives it a user activation (a mouse
// button down, a finger lifted, a key other than Escape or a modifier
// alone), pushes the guard that waited for it (guardBack()). The page's
// own count, not navigator.userActivation.hasBeenActive: Chromium says
// true there after a reload with no press at all (measured), while the
// activation its intervention counts is the document's own.
const pressed = (e) => {
  if (!e.isTrusted || (e.type === 'keydown' && ['Escape', 'Shift', 'Control', 'Alt', 'Meta'].includes(e.key))) return;
  app.pressed = true;
  if (app.seat && app.guarded !== app.seat.code) setTimeout(guardBack, 0);
};
for (const type of ['mousedown', 'pointerup', 'keydown', 'touchend']) window.addEventListener(type, pressed, true);

function askBack() {
  const dialog = document.getElementById('back-dialog');
  const rules = document.getElementById('rules-dialog');
  if (rules.open) rules.close();
  app.backAsk = true;
  dialog.returnValue = '';
  // (named by its title and described by its text once they are there:
  // ids that named nothing before Back was first pressed)
  dialog.setAttribute('aria-labelledby', 'back-title');
  dialog.setAttribute('aria-describedby', 'back-text');
  dialog.replaceChildren(
    h('h2', { id: 'back-title' }, s.backTitle),
    h('p', { id: 'back-text' }, s.backText(app.seat.code)),
    h('form', { method: 'dialog', class: 'row' },
      h('button', { id: 'back-stay', value: 'stay' }, s.backStay),
      h('button', { id: 'back-leave', class: 'secondary', value: 'leave' }, s.backLeave)),
  );
  dialog.showModal();
  document.getElementById('back-stay').focus();
}

// The question gone without an answer (Back again, Forward, the page
// leaving the table for another reason): closed, and nothing done.
function closeBackAsk() {
  const dialog = document.getElementById('back-dialog');
  app.backAsk = false;
  if (dialog.open) dialog.close();
}

document.getElementById('back-dialog').addEventListener('close', (e) => {
  if (!app.backAsk) return;
  app.backAsk = false;
  if (e.target.returnValue === 'leave') {
    leaveByChoice();
    return;
  }
  render();
});

// ------------------------------------------------------------ start

function start() {
  const code = codeFromPath();
  const saved = seatAt(code);
  if (saved && saved.code && saved.token && saved.code === code) {
    // A reload: take the seat back, with the log as it was, and the turn
    // as it was if it still is.
    app.seat = saved;
    restoreLog();
    const turn = loadJSON(sessionStorage, KEY_TURN);
    if (turn && typeof turn === 'object' && turn.code === saved.code) app.keptTurn = turn;
  } else if (code) {
    // A spectator's reload: watch the same table again; its first state
    // brings the log back.
    const watched = loadJSON(sessionStorage, KEY_LOG);
    if (watched && watched.code === code && watched.watching === true) app.watching = code;
  }
  // Back in front: the news in the tab's title has been seen.
  const seen = () => {
    if (app.titleNews && !inBackground()) {
      app.titleNews = '';
      setTitle();
    }
  };
  window.addEventListener('focus', seen);
  document.addEventListener('visibilitychange', seen);
  // The browser's Back and Forward between the first page and a table's
  // link (Leave table added the one after the other): the page is the
  // one for the address. An address that is not the table's leaves it,
  // as Leave table does (a match under way can be resumed); a table's
  // link is the page for joining that table, its code filled in, or the
  // table itself where this page keeps a seat there. The
  // page stayed as it was: Back after Leave table showed the first page
  // with no code under the table's link, and Back from a table to
  // another's link showed the table under the other's address.
  window.addEventListener('popstate', () => {
    const code = codeFromPath();
    const at = app.seat?.code || app.watching;
    // Back from the entry that guards a running match's seat, to the
    // table's own (guardBack()): asked first; the match no longer
    // running, Back goes on to where it would have gone. Forward to it
    // again is Stay.
    if (app.seat && code === at) {
      if (history.state?.guard === at) {
        closeBackAsk();
        app.guarded = at;
        render();
        return;
      }
      if (app.guarded === at) {
        app.guarded = null;
        if (matchRunning()) askBack();
        else history.back();
        return;
      }
      // Back again lands on an older entry of the same link (one the
      // page took back a seat from, as "Back to table" does): it goes
      // on to the page before it.
      if (app.backAsk) {
        closeBackAsk();
        history.back();
        return;
      }
    }
    closeBackAsk();
    if (at && code !== at) {
      app.popping = true;
      leaveByChoice();
      app.popping = false;
    }
    const saved = seatAt(code);
    if (code && !app.seat && !app.watching) {
      app.form.code = code;
      app.createOpen = false;
      // (The seat kept there is taken back, as a reload there does.)
      if (saved && saved.code === code && saved.token) resumeSaved(saved);
    }
    render();
  });
  render();
  conn.connect();
}

start();
