// The table's chat (docs/server-protocol.md, "chat"): a panel of its own
// beside the page, outside what app.js redraws on every message, so that a
// line being typed keeps its text, its caret and its input method's
// composition while the game goes on.
//
// Collapsed, it is a button at the bottom corner ("Chat", with the number
// of lines that came since it was last open); open, the lines and a box to
// write in (a spectator reads only). Lines from others are told to screen
// readers through a live region of the chat's own, so that they do not
// cut off the sentences of the moves; the lines a page finds on coming to
// the table (the backlog) are told in one sentence, "The chat has 12
// earlier lines.", not read out one by one. The text is the players' own: it is
// only ever set as text, with its direction found from itself.
//
// A player's lines can be muted (Mute, in the chat's header): this browser
// then hides them, at every table, does not count them as new and does not
// read them out, until they are unmuted. The names muted are kept in
// localStorage; the server knows nothing of it, and the others still see
// every line.
//
// What counts as new: the lines that came while this tab was at the
// table and the chat closed, and those that came while it was away from
// the table it was at (a reload, a dropped connection, a visit elsewhere
// in the same tab). The backlog a newcomer finds is not news. The tab
// keeps in sessionStorage the table, the last line number it had there
// and its count of new lines, so that a reload neither loses the count
// nor counts again what it had.

import { s, sentences } from './strings.js';
import { h } from './dom.js';

const MAX_CHARS = 200; // the server's limit, in characters (code points)
// The server's budget of lines for a seat (docs/server-protocol.md,
// Limits): 5 at once, then one every 2 seconds. The page keeps its own
// count, a little slower (a line may reach the server sooner after the
// last than it left the page), and holds a line back rather than send
// one the server would refuse.
const BURST = 5;
const EVERY_MS = 2250;
const KEY_OPEN = 'leastscore.chatOpen';
const KEY_MUTED = 'leastscore.chatMuted';
const KEY_SEEN = 'leastscore.chatSeen'; // {code, n, unread}: see above

// A line as it is sent: each run of blanks that holds a tab, a line
// break or another blank control (U+0009 to U+000D, U+0085, U+2028,
// U+2029), as a text copied from elsewhere and pasted brings them, made
// one space, and the line trimmed. The server refuses a chat line with a
// control character in it (docs/server-protocol.md), which the person
// who only pasted a line could not see. Spaces typed between words stay
// as typed; what the server refuses still (a direction control, another
// control character) it names.
const BREAKS = /[ \t\n\v\f\r\u0085\u2028\u2029]*[\t\n\v\f\r\u0085\u2028\u2029][ \t\n\v\f\r\u0085\u2028\u2029]*/g;
export const flatten = (line) => String(line).replace(BREAKS, ' ').trim();

// What this tab had of a table's chat: {n, unread}, or null for a table
// it has not been at (or anything else found there).
function loadSeen(code) {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY_SEEN) || 'null');
    if (v && v.code === code && Number.isInteger(v.n) && Number.isInteger(v.unread)) return { n: v.n, unread: v.unread };
  } catch {
    // none
  }
  return null;
}

// The names muted in this browser: a JSON list of names in localStorage
// (anything else found there counts as none).
function loadMuted() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY_MUTED) || '[]');
    return new Set(Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

// The chat of the table the page is at. send(msg) sends a message to the
// server; nameOf(name, seat) is how the page shows another player's name.
export function createChat(send, nameOf) {
  const root = document.getElementById('chat');
  const state = {
    code: null, // the table the chat is for
    canWrite: false,
    lines: [], // [{n, seat, name, text}], in order
    unread: 0,
    open: localStorage.getItem(KEY_OPEN) === '1',
    lastSent: '',
    you: -1,
    me: '', // the name of seat `you` ('' for a spectator, or not known yet)
    muted: loadMuted(),
    catchingUp: false, // the lines until the table's state are its backlog (see catchUp)
    lastN: null, // the last line number this tab had at this table (null: none, a newcomer)
    credits: BURST, // lines that may be sent now, as the server counts them (BURST, EVERY_MS)
    counted: Date.now(), // when credits was last brought up to date
    waiting: null, // the timer that lets Send go again, while a line is held back
    why: '', // ... and the server's refusal that held it back ('': the page's own count)
    pending: [], // the lines sent on this connection and not yet seen come back, in order: the server answers each
    unsure: [], // the lines pending when the connection dropped: the backlog at the return shows which reached the table
    unsureFrom: -1, // ... and the last line number this tab had then (one that reached it comes after)
    restored: '', // the lines refused and given back to the box, at its start
    held: false, // the open panel stands aside for a box of the turn (hold())
    released: false, // ... and was opened again by its button meanwhile
    scrolledAt: 0, // where the page stood when the panel was last shown (setOpen)
  };
  function saveSeen() {
    if (state.code) sessionStorage.setItem(KEY_SEEN, JSON.stringify({ code: state.code, n: state.lastN ?? -1, unread: state.unread }));
  }
  // One's own line: by its writer's name, not the seat it came from (in
  // the lobby the seats move up when one is freed, and another's old
  // lines would be taken for one's own). Names at a table differ in more
  // than case, and nobody else can have one's name while one sits there.
  // (Until a state has named the seat, as for the lines that come with a
  // first `joined`, they go by the seat.)
  const mine = (l) => state.you >= 0 && (state.me ? l.name === state.me : l.seat === state.you);
  // A line this browser hides: another's, from a muted name.
  const hidden = (l) => !mine(l) && state.muted.has(l.name);

  const badge = h('span', { class: 'chat-badge', id: 'chat-unread' });
  const toggle = h('button', {
    type: 'button', class: 'chat-toggle', id: 'chat-toggle', 'aria-expanded': 'false', 'aria-controls': 'chat-panel',
    onclick: () => {
      if (state.held) state.released = true;
      setOpen(state.held || !state.open, true);
    },
  }, s.chatButton, badge);
  const list = h('ol', { class: 'chat-lines', id: 'chat-lines', tabindex: 0, 'aria-labelledby': 'chat-h' });
  const status = h('p', { class: 'chat-status', id: 'chat-status', role: 'status' });
  const input = h('input', {
    id: 'chat-input', autocomplete: 'off', maxlength: MAX_CHARS * 2, enterkeyhint: 'send', dir: 'auto',
    'aria-describedby': 'chat-status',
  });
  const form = h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); submit(); } },
    h('label', { class: 'visually-hidden', for: 'chat-input' }, s.chatLabel),
    input,
    h('button', { type: 'submit', id: 'chat-send' }, s.chatSend));
  const sendButton = form.querySelector('#chat-send');
  const readOnly = h('p', { class: 'help', id: 'chat-readonly' }, s.chatSpectator);
  const heard = h('div', { class: 'visually-hidden', 'aria-live': 'polite', id: 'chat-announce' });
  const muteList = h('fieldset', { class: 'chat-mute', id: 'chat-mute', hidden: true });
  const muteToggle = h('button', {
    type: 'button', class: 'secondary small', id: 'chat-mute-toggle', 'aria-expanded': 'false', 'aria-controls': 'chat-mute',
    onclick: () => {
      muteList.hidden = !muteList.hidden;
      drawMute();
    },
  }, s.chatMute);
  const panel = h('section', { class: 'chat-panel', id: 'chat-panel', 'aria-labelledby': 'chat-h', hidden: true },
    h('header', { class: 'chat-head' },
      h('h2', { id: 'chat-h' }, s.chatHeading),
      h('span', { class: 'chat-head-buttons' }, muteToggle,
        h('button', { type: 'button', class: 'secondary small', id: 'chat-close', onclick: () => setOpen(false, true) },
          s.chatClose))),
    muteList, list, status, form, readOnly);
  root.replaceChildren(toggle, panel, heard);
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isShown()) {
      e.preventDefault();
      setOpen(false, true);
    }
  });

  // Closed, the panel leaves the page where it stood when it was opened:
  // while it lay over the page's foot, a control given the keyboard under
  // it (Declare, after Escape on its question) was brought above it, and
  // the page stayed scrolled once it was closed, the hand partly above the
  // screen's top (at 568x320). A page scrolled up meanwhile stays so.
  function setOpen(open, byUser) {
    const was = isShown();
    state.open = open;
    if (byUser) localStorage.setItem(KEY_OPEN, open ? '1' : '0');
    if (open) state.unread = 0;
    saveSeen();
    draw();
    if (byUser) (open ? (state.canWrite ? input : list) : toggle).focus();
    if (!was && isShown()) state.scrolledAt = window.scrollY;
    else if (was && !isShown() && window.scrollY > state.scrolledAt) window.scrollTo(0, state.scrolledAt);
  }

  // Whether the panel is open on the screen (not standing aside).
  const isShown = () => state.open && !(state.held && !state.released);

  function draw() {
    const shown = isShown();
    if (shown) state.unread = 0;
    root.hidden = !state.code;
    document.body.classList.toggle('has-chat', !!state.code);
    document.body.classList.toggle('chat-open', !!state.code && shown);
    panel.hidden = !shown;
    toggle.hidden = shown;
    toggle.setAttribute('aria-expanded', shown ? 'true' : 'false');
    badge.textContent = state.unread ? s.chatUnread(state.unread) : '';
    badge.dataset.n = state.unread || ''; // (drawn alone on a phone: style.css)
    badge.hidden = !state.unread;
    form.hidden = !state.canWrite;
    readOnly.hidden = state.canWrite;
  }

  // A writer's name as the page shows every name (nameOf(): another
  // player called as the page calls its reader, 'You', goes with her seat).
  const writer = (l) => (mine(l) || l.seat < 0 ? l.name : nameOf(l.name, l.seat));

  // The mute list: a box for each other name that wrote at this table,
  // and for each name muted (so that it can be unmuted with no line shown).
  function drawMute() {
    muteToggle.setAttribute('aria-expanded', muteList.hidden ? 'false' : 'true');
    if (muteList.hidden) return;
    const others = state.lines.filter((l) => !mine(l));
    const names = new Set(others.map((l) => l.name));
    // (each name shown as writer() shows it, by the seat of its last line)
    const seatOf = new Map(others.map((l) => [l.name, l.seat]));
    const shown = (name) => (seatOf.has(name) ? writer({ name, seat: seatOf.get(name) }) : name);
    for (const n of state.muted) names.add(n);
    const sorted = [...names].sort();
    const boxes = [...muteList.querySelectorAll('input[data-name]')];
    if (boxes.length && boxes.map((b) => b.dataset.name).join('\n') === sorted.join('\n')) {
      // The same names: only the boxes' marks change, and the focus stays.
      for (const b of boxes) b.checked = state.muted.has(b.dataset.name);
      return;
    }
    const focused = muteList.contains(document.activeElement) ? document.activeElement.dataset.name : null;
    muteList.replaceChildren(h('legend', {}, s.chatMuteLegend),
      ...(sorted.length ? sorted.map((name) => h('label', { class: 'chat-mute-name' },
        h('input', {
          type: 'checkbox', checked: state.muted.has(name), 'data-name': name,
          onchange: (e) => setMuted(name, e.target.checked),
        }), ' ', h('bdi', {}, shown(name)))) : [h('p', { class: 'help' }, s.chatMuteNone)]));
    if (focused) [...muteList.querySelectorAll('input[data-name]')].find((b) => b.dataset.name === focused)?.focus();
  }

  function setMuted(name, on) {
    if (on) state.muted.add(name);
    else state.muted.delete(name);
    try {
      localStorage.setItem(KEY_MUTED, JSON.stringify([...state.muted]));
    } catch {
      // a browser that keeps nothing still mutes for this page
    }
    drawLines();
  }

  function lineItem(l) {
    return h('li', { class: mine(l) ? 'mine' : null, 'data-n': l.n },
      h('span', { class: 'chat-name' }, writer(l)), ' ',
      h('bdi', { class: 'chat-text', dir: 'auto' }, l.text));
  }

  function drawLines() {
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 8;
    const shown = state.lines.filter((l) => !hidden(l));
    const items = shown.map(lineItem);
    const gone = state.lines.length - shown.length;
    if (gone) items.push(h('li', { class: 'chat-empty chat-hidden' }, s.chatHiddenLines(gone)));
    list.replaceChildren(...(state.lines.length ? items : [h('li', { class: 'chat-empty' }, s.chatEmpty)]));
    if (atEnd || !state.open) list.scrollTop = list.scrollHeight;
    drawMute();
  }

  // The lines the page may send now, its count brought up to date.
  function credits() {
    const now = Date.now();
    state.credits = Math.min(BURST, state.credits + (now - state.counted) / EVERY_MS);
    state.counted = now;
    return state.credits;
  }

  // Send holds back (Enter in the box too) until the next line may go:
  // the button says so (aria-disabled: it keeps the keyboard), and the
  // status why, with the line kept in the box. `why` is the server's
  // refusal, else the page's own words.
  function holdBack(why) {
    state.why = why;
    const wait = Math.max(0, Math.ceil((1 - credits()) * EVERY_MS));
    const said = why || s.chatWait(Math.max(1, Math.ceil(wait / 1000)));
    status.textContent = said;
    sendButton.setAttribute('aria-disabled', 'true');
    clearTimeout(state.waiting);
    state.waiting = setTimeout(() => {
      state.waiting = null;
      state.why = '';
      sendButton.removeAttribute('aria-disabled');
      if (status.textContent === said) status.textContent = why ? s.chatMayResend : '';
    }, wait);
  }

  // A line that did not reach the table back in the box: after the
  // lines given back before it (state.restored, in the order sent) and
  // before what is being typed there.
  function giveBack(line) {
    line = String(line || '').trim();
    if (!line) return;
    const typed = input.value.trim();
    const head = state.restored && typed.startsWith(state.restored) ? state.restored : '';
    const rest = typed.slice(head.length).trim();
    state.restored = [head, line].filter(Boolean).join(' ');
    input.value = [state.restored, rest === line ? '' : rest].filter(Boolean).join(' ');
  }

  function submit() {
    const text = flatten(input.value);
    if (!text) return;
    const chars = [...text].length;
    if (chars > MAX_CHARS) {
      status.textContent = s.chatTooLong(chars);
      return;
    }
    if (state.waiting || credits() < 1) {
      holdBack(state.why);
      return;
    }
    if (send({ type: 'chat', text })) {
      state.credits -= 1;
      state.pending.push(text);
      state.lastSent = input.value;
      state.restored = '';
      input.value = '';
      status.textContent = '';
    } else {
      status.textContent = s.chatOffline;
    }
  }

  return {
    // At table `code` (a player in seat `you`, named `me`; or a spectator:
    // -1). Without `me` (`joined`, before the state) a player back at the
    // same table keeps the name it had there.
    enter(code, you, me = '') {
      me = you < 0 ? '' : me ? String(me) : state.code === code ? state.me : '';
      const changed = state.code !== code || state.you !== you || state.me !== me;
      if (state.code !== code) {
        const seen = loadSeen(code);
        state.lines = [];
        state.unread = seen && !state.open ? seen.unread : 0;
        state.lastN = seen ? seen.n : null;
        status.textContent = '';
        input.value = '';
        state.pending = [];
        state.unsure = [];
        state.restored = '';
      }
      state.code = code;
      state.you = you;
      state.me = me;
      state.canWrite = you >= 0;
      draw();
      if (changed) drawLines();
    },
    leave() {
      state.code = null;
      state.lines = [];
      state.unread = 0;
      draw();
    },
    // The lines of a `chat` message. A line already shown is shown once
    // (after a reconnect the table's last lines come again). A table that
    // comes back after a server restart keeps its lines and numbers on
    // from them; a number already used by another line, or one lower than
    // the last, would mean that its chat began again (a table the server
    // did not keep): what was shown before goes.
    add(lines) {
      if (!state.code || !Array.isArray(lines)) return;
      const fresh = [];
      for (const l of lines) {
        if (!l || typeof l.n !== 'number') continue;
        const old = state.lines.find((x) => x.n === l.n);
        if (old && old.name === l.name && old.text === l.text) continue;
        if (old || (state.lines.length && l.n < state.lines[state.lines.length - 1].n)) state.lines = [];
        const line = { n: l.n, seat: l.seat, name: String(l.name), text: String(l.text) };
        state.lines.push(line);
        if (mine(line) && state.pending[0] === line.text) state.pending.shift();
        else if (mine(line) && state.catchingUp && line.n > state.unsureFrom && state.unsure[0] === line.text) state.unsure.shift();
        if (!hidden(line) && !mine(line)) fresh.push(line);
      }
      state.lines = state.lines.slice(-100);
      // The backlog counts only from the last line this tab had here: a
      // newcomer's counts nothing. (Across a server restart too: the
      // table's numbers go on, so a line written after it while this tab
      // was away counts.)
      const from = state.lastN === null ? Infinity : state.lastN;
      const news = state.catchingUp ? fresh.filter((l) => l.n > from) : fresh;
      if (state.lines.length) state.lastN = state.lines[state.lines.length - 1].n;
      if (!isShown()) state.unread += news.length;
      saveSeen();
      if (!fresh.length) {
        drawLines();
        return;
      }
      draw();
      drawLines();
      // The backlog is told in one short sentence, not read out line by
      // line; lines that come live are read out, each its own sentence
      // (joined with '. ', "good luck!. Bob says" was read).
      const said = fresh.map((l) => s.chatSays(writer(l), l.text));
      heard.textContent = state.catchingUp ? s.chatEarlier(fresh.length) : said.length === 1 ? said[0] : sentences(said);
    },
    // Coming to a table (`joined`): the server sends the table's last
    // lines in one `chat` before the table's first `state`; until then
    // (caughtUp) the lines that come are the backlog, not news.
    // The lines sent on the connection before and not seen back get no
    // answer on this one: whether each reached the table is read from
    // the backlog (a line of one's own after the last this tab had), and
    // the ones it lacks were lost with the connection (caughtUp()).
    catchUp() {
      state.catchingUp = true;
      state.unsure = state.unsure.concat(state.pending);
      state.unsureFrom = state.lastN ?? -1;
      state.pending = [];
    },
    // The table's state came: the backlog is in. A line sent just as the
    // connection dropped that the table never got goes back to the box,
    // and the status says it was not sent (it was lost without a word).
    caughtUp() {
      const back = state.catchingUp ? state.unsure.splice(0) : [];
      state.catchingUp = false;
      if (state.code && state.canWrite && back.length) {
        for (const line of back) giveBack(line);
        status.textContent = s.chatLost(back.length);
        if (!state.open) setOpen(true, false);
      }
      if (state.code && state.lastN === null) {
        state.lastN = -1; // here, with no line yet: every line from now on is news
        saveSeen();
      }
    },
    // The open panel stands aside (on) while a box of the player's turn
    // stands where it lies (Declare's question at the foot of a phone on
    // its side, which it covered): collapsed to its button, its lines and
    // the text being typed kept, and open again once the box is gone
    // (off). The button opens it meanwhile, for as long as the box stays.
    hold(on) {
      on = !!on;
      if (state.held === on) return;
      state.held = on;
      state.released = false;
      draw();
    },
    // The server refused a line (`code`, said as `text`): say why, and
    // give the line back to the box, after the lines given back before
    // it and before what is being typed there, so that none is lost:
    // the lines sent in quick succession are answered in order, and a
    // later one sent before the refusal came cleared the box (the
    // refused line was lost, or another given back in its place). A line
    // over the server's budget (another tab, a reload) holds Send back
    // as the page's own count does.
    refused(text, code) {
      giveBack(state.pending.shift() ?? state.lastSent);
      if (code === 'rate_limited') {
        state.credits = Math.min(state.credits, 0);
        state.counted = Date.now();
        holdBack(text);
      } else {
        status.textContent = text;
      }
      if (!state.open) setOpen(true, false);
    },
  };
}
