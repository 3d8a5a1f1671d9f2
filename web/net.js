// The connection to the server (docs/server-protocol.md): one WebSocket at
// /ws on the page's own host, reopened after a drop with a growing delay
// (0.5 s doubling to 8 s, with a little jitter so that many clients do not
// come back in step). It never resends a message by itself: after a
// reconnect the page decides what to say (`resume` with the last version it
// saw), and a move that was lost in the drop is simply not played; the fresh
// state tells the player where things stand.
//
// A device that goes offline (the browser's `offline` event: Wi-Fi gone, a
// phone in a tunnel) may keep its socket looking open for a long time,
// with every message lost; the socket is closed at once then, and no try
// is made until the device is back online (`online`), when one is made at
// once, without the wait.

export class Connection {
  // handlers: {open(), message(obj), down(delayMs, wasOpen, offline)}; all
  // optional. wasOpen says whether the socket that closed had opened: false
  // when the server could not be reached or refused the connection (HTTP
  // 429 when an address has too many; a browser does not say which).
  // offline: the device is offline, and the next try waits for it to be
  // back (delayMs is then 0).
  constructor(handlers, url = null) {
    this.handlers = handlers;
    this.url = url || `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    this.ws = null;
    this.opened = false; // whether this.ws has opened
    this.failures = 0;
    this.timer = null;
    this.retryAt = 0;
    window.addEventListener('offline', () => this.wentOffline());
    window.addEventListener('online', () => {
      this.failures = 0;
      if (!this.ws) this.connect();
    });
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.ws) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.opened = false;
    ws.onopen = () => {
      this.opened = true;
      this.failures = 0;
      this.handlers.open?.();
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return; // the server only sends JSON; ignore anything else
      }
      if (msg && typeof msg === 'object') this.handlers.message?.(msg);
    };
    ws.onclose = () => {
      if (this.ws === ws) this.lost();
    };
  }

  // The socket is gone: the next try is after a delay that grows with each
  // failure, or, with the device offline, when it is back online.
  lost() {
    const wasOpen = this.opened;
    this.ws = null;
    this.opened = false;
    clearTimeout(this.timer);
    this.timer = null;
    if (navigator.onLine === false) {
      this.retryAt = 0;
      this.handlers.down?.(0, wasOpen, true);
      return;
    }
    const delay = Math.min(8000, 500 * 2 ** this.failures) * (0.8 + 0.4 * Math.random());
    this.failures = Math.min(this.failures + 1, 5);
    this.retryAt = Date.now() + delay;
    this.timer = setTimeout(() => this.connect(), delay);
    this.handlers.down?.(delay, wasOpen, false);
  }

  // The device went offline: the socket, open or opening, is given up now
  // (its close would come only when the network is back, or never).
  wentOffline() {
    const ws = this.ws;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
    this.lost();
  }

  // Closes the socket and opens a new one at once (the server then knows
  // nothing of this page until it says so again).
  reopen() {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
    this.connect();
  }

  // Sends obj if the socket is open; returns whether it was sent. Nothing is
  // queued: a message that cannot go now is the caller's to drop or redo.
  send(obj) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }
}
