// lib.mjs - what the server tests share: a real `leastscore serve` process
// on port 0 in a temporary data directory (killed at the end of the test
// file, never left behind), WebSocket clients that record every frame they
// receive and wait for messages with timeouts, a small legal-move player
// for the seats the tests play by hand, and the game-record reader the
// hidden-information check reconstructs the true state from.
//
// Every wait here is bounded: a test fails with a message naming what it
// waited for rather than hanging.

import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, readdirSync, statSync, existsSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import WebSocket from 'ws';

export const BIN = process.env.LEASTSCORE || new URL('../../build/leastscore', import.meta.url).pathname;

// Slower under the sanitizers: every timeout is scaled.
export const SLOW = process.env.LS_SANITIZED ? 3 : 1;
export const T = (ms) => ms * SLOW;

const servers = new Set();

// Kills whatever server a test file left running, even when it failed
// (a test that went well calls close() instead).
after(async () => {
    for (const s of [...servers]) await s.kill();
});
const killAll = () => {
    for (const s of servers) try { s.proc.kill('SIGKILL'); } catch { /* gone */ }
};
process.on('exit', killAll);
// The test runner stops a file that runs over its time with a signal:
// the servers go with it.
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
    process.on(sig, () => { killAll(); process.exit(1); });
}

// tests/e2e/server.sh gives a run directory: every server's files are made
// in it and its pid is noted there, so that the script kills any server a
// dead test process left behind.
const RUN_DIR = process.env.LS_TEST_RUN_DIR;

// startServer(options): starts `leastscore serve` on 127.0.0.1:0 (or
// options.listen) with a fresh data directory and resolves once it has
// printed its address (s.host, s.port, s.origin, s.url).
// options.args are extra command-line arguments (they come after the
// defaults, so they override them), or a function of the server's own
// temporary directory giving them; options.grace the --grace seconds;
// options.dir the directory of an earlier server (s.dir) to start again
// on, with its data (it is then removed only by the last server's kill);
// options.env more environment variables; options.nofile the server's
// limit of open files (ulimit -n, set by sh before it execs the server).
export async function startServer(options = {}) {
    const dir = options.dir ?? mkdtempSync(join(RUN_DIR ?? tmpdir(), 'ls-server-'));
    const dataDir = join(dir, 'data');
    // The browser client is not under test here: a page of its own, so
    // that the server needs no web/ next to the binary under test.
    const webDir = join(dir, 'web');
    if (!existsSync(webDir)) {
        mkdirSync(webDir);
        writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>test</title>\n');
    }
    const args = ['serve', '--listen', options.listen ?? '127.0.0.1:0', '--data', dataDir, '--web', webDir,
        '--bot-delay', '0', '--round-pause', '0',
        '--grace', String(options.grace ?? 30),
        ...(typeof options.args === 'function' ? options.args(dir) : options.args ?? [])];
    const [file, argv] = options.nofile
        ? ['sh', ['-c', `ulimit -n ${Number(options.nofile)} && exec "$0" "$@"`, BIN, ...args]]
        : [BIN, args];
    const proc = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...(options.env ?? {}) } });
    const s = {
        proc, dir, dataDir, stdout: '', stderr: '', exited: null,
        exitPromise: null,
    };
    s.exitPromise = new Promise((resolve) => {
        proc.on('exit', (code, signal) => {
            s.exited = { code, signal };
            servers.delete(s);
            resolve(s.exited);
        });
    });
    if (RUN_DIR && proc.pid) writeFileSync(join(RUN_DIR, `pid-${proc.pid}`), '');
    proc.stdout.setEncoding('utf8');
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (d) => { s.stderr += d; });
    servers.add(s);
    s.kill = async () => {
        if (!s.exited) {
            proc.kill('SIGKILL');
            await s.exitPromise;
        }
        rmSync(dir, { recursive: true, force: true });
    };
    // waitLog(re): resolves with the match once the server's log (stderr,
    // another pipe than the messages) has a line matching re (bounded).
    s.waitLog = async (re, ms = T(5000)) => {
        const deadline = Date.now() + ms;
        for (;;) {
            const m = re.exec(s.stderr);
            if (m) return m;
            if (Date.now() > deadline) throw new Error(`no line matching ${re} in the server's log:\n${s.stderr.slice(-3000)}`);
            await sleep(20);
        }
    };
    // crash(): SIGKILL, as a crash: the data directory stays (start a
    // server on it again with {dir: s.dir}).
    s.crash = async () => {
        if (!s.exited) {
            proc.kill('SIGKILL');
            await withTimeout(s.exitPromise, T(10000), 'the server to die of SIGKILL');
        }
    };
    // stop(signal): sends the signal and waits (bounded) for the exit.
    s.stop = async (signal = 'SIGTERM', ms = T(10000)) => {
        proc.kill(signal);
        return withTimeout(s.exitPromise, ms, `server exit after ${signal}`);
    };
    // close(): the end of a test that went well: SIGTERM, and the server
    // must exit 0 with no sanitizer report (a leak shows at exit only).
    s.close = async () => {
        let exit;
        try {
            exit = await s.stop('SIGTERM');
        } finally {
            await s.kill();
        }
        if (exit.code !== 0 || /Sanitizer|runtime error/.test(s.stderr)) {
            throw new Error(`the server exited ${JSON.stringify(exit)} after SIGTERM:\n${s.stderr.slice(-4000)}`);
        }
    };
    const listening = await withTimeout(new Promise((resolve, reject) => {
        proc.stdout.on('data', (d) => {
            s.stdout += d;
            const m = /leastscore: serving http:\/\/(\[[0-9a-f:.]+\]|[^/:]+):(\d+)\//.exec(s.stdout);
            if (m) resolve([m[1], Number(m[2])]);
        });
        proc.on('exit', (code) => reject(new Error(
            `server exited (${code}) before printing its address: ${s.stderr}`)));
    }), T(10000), 'the server to print "leastscore: serving http://HOST:PORT/"')
        .catch(async (e) => { await s.kill(); throw e; });
    const [host, port] = listening;
    s.host = host; // as a URL writes it: 127.0.0.1, [::1]
    s.port = port;
    s.origin = `http://${host}:${port}`;
    s.url = `ws://${host}:${port}/ws`;
    s.connect = (opts) => connect(s.url, opts);
    s.records = () => listRecords(dataDir);
    s.get = (path, init) => get(`${s.origin}${path}`, init);
    return s;
}

export function withTimeout(promise, ms, what) {
    let timer;
    const t = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    });
    return Promise.race([promise, t]).finally(() => clearTimeout(timer));
}

// get(url, init): an HTTP request (bounded); resolves with {status, type,
// text, json} (json: the parsed body when it is JSON, else undefined).
export async function get(url, init = {}) {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(T(10000)) });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    let json;
    if (type.startsWith('application/json')) json = JSON.parse(text);
    return { status: res.status, type, text, json };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Every .lsr file under dir (the server may use subdirectories).
export function listRecords(dir) {
    const out = [];
    const walk = (d) => {
        for (const e of readdirSync(d)) {
            const p = join(d, e);
            if (statSync(p).isDirectory()) walk(p);
            else if (p.endsWith('.lsr')) out.push(p);
        }
    };
    if (existsSync(dir)) walk(dir);
    return out.sort();
}

// storeReader(backend, where): the server's store read directly, SQLite
// (a file, with sqlite3) or PostgreSQL (a URL, with psql), in SQL both
// accept (table codes are [A-Z2-9]).
export function storeReader(backend, where) {
    const query = (sql) => {
        if (backend === 'sqlite') {
            const out = execFileSync('sqlite3', ['-json', '-cmd', '.timeout 10000', where, sql], { encoding: 'utf8' });
            return (out.trim() ? JSON.parse(out) : []).map((row) => Object.values(row));
        }
        // One JSON value: the rows' text may hold line breaks (a record).
        const out = execFileSync('psql', [where, '-X', '-At', '-c', `SELECT json_agg(q) FROM (${sql}) q`],
            { encoding: 'utf8' });
        return (out.trim() ? JSON.parse(out) : []).map((row) => Object.values(row));
    };
    return {
        // code -> the record of the table in progress (tables with lines).
        live() {
            const rows = query('SELECT t.code, l.line, l.id FROM live_lines l JOIN live_tables t'
                + ' ON t.id = l.table_id ORDER BY l.id');
            rows.sort((a, b) => Number(a[2]) - Number(b[2]));
            const out = new Map();
            for (const [code, line] of rows) out.set(code, (out.get(code) ?? '') + line + '\n');
            return out;
        },
        // code -> {record, rated}: rated counts the seats whose rating moved.
        finished() {
            const out = new Map();
            for (const [code, record] of query('SELECT code, record FROM matches')) out.set(code, { record, rated: 0 });
            const rated = query('SELECT m.code, COUNT(*) FROM match_players p JOIN matches m ON m.id = p.match_id'
                + ' WHERE p.player_id IS NOT NULL AND p.mu_after <> p.mu_before GROUP BY m.code');
            for (const [code, n] of rated) if (out.has(code)) out.get(code).rated = Number(n);
            return out;
        },
    };
}

// Runs `leastscore replay --json FILE`; returns the parsed JSON (throws
// with the verifier's message when the record is invalid).
export function replay(file) {
    try {
        return JSON.parse(execFileSync(BIN, ['replay', '--json', file],
            { encoding: 'utf8', timeout: T(10000), stdio: ['ignore', 'pipe', 'pipe'] }));
    } catch (e) {
        throw new Error(`leastscore replay ${file} failed: ${e.stderr || e.message}`);
    }
}

// A WebSocket client that keeps every frame it receives (parsed, in
// order, in `frames`) and lets a test wait for the next one that matches.
export class Client {
    constructor(ws, label) {
        this.ws = ws;
        this.label = label ?? 'client';
        this.frames = [];      // every message received, parsed
        this.times = [];       // when each frame came (Date.now())
        this.pos = 0;          // frames before pos have been consumed
        this.waiters = [];
        this.closed = null;    // {code, reason} once closed
        this.outq = [];        // messages waiting for the rate budget
        this.tokens = 19;
        this.refilled = Date.now();
        this.pumpTimer = null;
        this.closedPromise = new Promise((resolve) => {
            ws.on('close', (code, reason) => {
                this.closed = { code, reason: reason.toString() };
                clearTimeout(this.pumpTimer);
                resolve(this.closed);
                this.wake();
            });
        });
        ws.on('message', (data, isBinary) => {
            let msg;
            try {
                msg = JSON.parse(data.toString());
            } catch {
                msg = { type: '<not json>', raw: data.toString(), binary: isBinary };
            }
            if (isBinary) msg = { type: '<binary>', raw: data.toString() };
            this.frames.push(msg);
            this.times.push(Date.now());
            this.onFrame?.(msg);
            this.wake();
        });
        ws.on('error', () => { /* a close follows */ });
    }

    wake() {
        const w = this.waiters;
        this.waiters = [];
        for (const f of w) f();
    }

    // send(obj): sends obj (a string as it is), paced to stay within the
    // server's rate budget (docs/server-protocol.md, Limits: 20 at once,
    // 10 a second): this client keeps 19 and 9 a second, and queues the
    // rest in order. sendNow(obj) sends at once (for the flood test).
    send(obj) {
        this.outq.push(typeof obj === 'string' ? obj : JSON.stringify(obj));
        this.pump();
    }

    sendNow(obj) { this.ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj)); }

    pump() {
        const now = Date.now();
        this.tokens = Math.min(19, this.tokens + (now - this.refilled) * 0.009);
        this.refilled = now;
        while (this.outq.length && this.tokens >= 1) {
            this.tokens -= 1;
            if (this.ws.readyState === 1) this.ws.send(this.outq.shift());
            else this.outq.shift();
        }
        if (this.outq.length && !this.pumpTimer) {
            this.pumpTimer = setTimeout(() => { this.pumpTimer = null; this.pump(); }, Math.ceil((1 - this.tokens) / 0.009));
        }
    }

    // next(pred, what, ms): the first unconsumed frame matching pred
    // (frames before it are consumed too). pred may be a type name.
    async next(pred = () => true, what, ms = T(5000)) {
        if (typeof pred === 'string') {
            const type = pred;
            what ??= `a '${type}' message`;
            pred = (m) => m.type === type;
        }
        what ??= 'a message';
        const deadline = Date.now() + ms;
        for (;;) {
            while (this.pos < this.frames.length) {
                const m = this.frames[this.pos++];
                if (pred(m)) return m;
            }
            if (this.closed) throw new Error(`${this.label}: connection closed (${this.closed.code} ${this.closed.reason}) while waiting for ${what}`);
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`${this.label}: timed out after ${ms} ms waiting for ${what}; last frames: ${JSON.stringify(this.frames.slice(-3)).slice(0, 1500)}`);
            await new Promise((resolve) => {
                const timer = setTimeout(resolve, left);
                this.waiters.push(() => { clearTimeout(timer); resolve(); });
            });
        }
    }

    // The very next unconsumed frame, whatever it is.
    async recv(what = 'a message', ms = T(5000)) { return this.next(() => true, what, ms); }

    // request(obj): sends obj and returns the first reply of one of the
    // given types (default: state or error).
    async request(obj, types = ['state', 'error', 'joined'], ms) {
        this.send(obj);
        return this.next((m) => types.includes(m.type), `a reply (${types.join('/')}) to ${JSON.stringify(obj).slice(0, 200)}`, ms);
    }

    // expectError(obj, code): sends obj; the very next frame must be an
    // error with this code (an error goes to the sender only and changes
    // nothing, so nothing else may come first).
    async expectError(obj, code) {
        this.send(obj);
        const m = await this.recv(`error ${code}`);
        if (m.type !== 'error' || m.code !== code) {
            throw new Error(`${this.label}: expected error ${code} for ${String(typeof obj === 'string' ? obj : JSON.stringify(obj)).slice(0, 200)}, got ${JSON.stringify(m).slice(0, 500)}`);
        }
        return m;
    }

    // The last state received so far (not consuming anything).
    lastState() {
        for (let i = this.frames.length - 1; i >= 0; i--) if (this.frames[i].type === 'state') return this.frames[i];
        return null;
    }

    // Waits until a state matching pred has arrived (any, not only unconsumed).
    async stateWhere(pred, what, ms = T(10000)) {
        return this.next((m) => m.type === 'state' && pred(m), what ?? 'a state', ms);
    }

    close() { try { this.ws.close(); } catch { /* closed */ } }
    terminate() { try { this.ws.terminate(); } catch { /* closed */ } }
}

// connect(url, {origin, label, headers, localAddress, autoPong}): resolves
// with a Client once open and its welcome has arrived; rejects (with
// .status) when the handshake is refused. autoPong false: pings are not
// answered (the test answers them, or not).
export async function connect(url, opts = {}) {
    const ws = new WebSocket(url, {
        origin: opts.origin, handshakeTimeout: T(5000), maxPayload: 16 << 20,
        localAddress: opts.localAddress, headers: opts.headers, autoPong: opts.autoPong ?? true,
    });
    const c = new Client(ws, opts.label);
    await withTimeout(new Promise((resolve, reject) => {
        ws.on('open', resolve);
        ws.on('unexpected-response', (req, res) => {
            const e = new Error(`handshake refused with HTTP ${res.statusCode}`);
            e.status = res.statusCode;
            res.resume();
            reject(e);
        });
        ws.on('error', reject);
    }), T(5000), `${opts.label ?? 'client'} to connect`);
    if (opts.welcome !== false) {
        const w = await c.recv('welcome');
        if (w.type !== 'welcome') throw new Error(`first message is not welcome: ${JSON.stringify(w)}`);
        c.welcome = w;
    }
    return c;
}

// wsFrame(first, payload): one WebSocket frame as a client writes it
// (masked), byte by byte: first is its first byte (FIN, RSV1-3, the
// opcode), then the payload (a string or bytes, at most 65535). Written
// with rawWrite(c, bytes) on the socket of a Client, whose reader (the
// ws package's) still reads what the server answers.
export function wsFrame(first, payload = '') {
    const p = Buffer.from(payload);
    const head = p.length < 126 ? Buffer.from([first, 0x80 | p.length])
        : Buffer.from([first, 0x80 | 126, p.length >> 8, p.length & 255]);
    const mask = randomBytes(4);
    return Buffer.concat([head, mask, Buffer.from(p.map((b, i) => b ^ mask[i & 3]))]);
}

export const rawWrite = (c, bytes) => c.ws._socket.write(bytes);

// ---------------------------------------------------------------------
// Raw HTTP/1.1 on a socket of its own: what a browser or a proxy may send
// that no client library would, with every byte of the answer seen.

// The head of an HTTP answer (its text before the blank line): the status
// line, the status, and the headers by lower-cased name.
export function parseHead(head) {
    const lines = head.split('\r\n');
    const headers = {};
    for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
    }
    return { line: lines[0], status: Number(/^HTTP\/1\.1 (\d{3})(?: |$)/.exec(lines[0])?.[1]), headers };
}

// One HTTP/1.1 connection to 127.0.0.1:port, kept open:
// request(text, head, what) sends text and reads exactly one answer, its
// body by Content-Length (none after a HEAD, nor in a 304), and fails when
// the answer is not whole within 5 s or a byte more follows it within
// 100 ms (a body after a HEAD would). Resolves with {status, headers,
// body} (the body read as UTF-8); `what` names the request in a failure
// (its first line by default).
export function httpClient(port) {
    const sock = netConnect({ host: '127.0.0.1', port });
    let buf = Buffer.alloc(0);
    let waiting = null;
    sock.on('data', (d) => { buf = Buffer.concat([buf, d]); waiting?.(); });
    const more = () => new Promise((r) => { waiting = r; });
    const open = new Promise((r, j) => { sock.once('connect', r); sock.once('error', j); });
    return {
        async request(text, head = false, what = text.split('\r\n')[0]) {
            await open;
            sock.write(text);
            const read = async () => {
                let end;
                while ((end = buf.indexOf('\r\n\r\n')) < 0) await more();
                const { line, status, headers } = parseHead(buf.subarray(0, end).toString('latin1'));
                if (!status) throw new Error(`no status line in the answer to ${what}: ${line}`);
                const len = head || status === 304 ? 0 : Number(headers['content-length']);
                while (buf.length < end + 4 + len) await more();
                const body = buf.subarray(end + 4, end + 4 + len).toString('utf8');
                buf = buf.subarray(end + 4 + len);
                return { status, headers, body };
            };
            const r = await withTimeout(read(), T(5000), `the answer to ${what}`);
            await sleep(100);
            if (buf.length) throw new Error(`bytes after the answer to ${what}: ${buf}`);
            return r;
        },
        close() { sock.destroy(); },
    };
}

// Sends text (a string or bytes) on a new connection to 127.0.0.1:port
// and resolves with every byte that comes back once the server closes it
// (empty for a close without an answer); fails after ms (scaled by T).
export const untilClose = (port, text, ms, what = String(text).split('\r\n')[0].slice(0, 60)) =>
    withTimeout(new Promise((resolve, reject) => {
        const sock = netConnect({ host: '127.0.0.1', port });
        const got = [];
        sock.on('data', (d) => got.push(d));
        sock.on('close', () => resolve(Buffer.concat(got)));
        sock.on('error', reject);
        sock.write(text);
    }), T(ms), `the close after ${what}`);

// trickle(port, head, piece, ms): a slow client on a raw socket to
// 127.0.0.1:port: sends head, then piece every half second until the
// server closes the connection or ms have passed (bounded if it never
// does). Resolves with {answer, closedAt}: all the server sent (latin1),
// and the milliseconds from the start to the close (null if still open).
export async function trickle(port, head, piece, ms) {
    const sock = netConnect({ host: '127.0.0.1', port });
    let answer = '';
    let closedAt = null;
    const t0 = Date.now();
    sock.on('data', (d) => { answer += d.toString('latin1'); });
    sock.on('close', () => { closedAt = Date.now() - t0; });
    sock.on('error', () => { /* a close follows */ });
    sock.write(head);
    while (closedAt === null && Date.now() - t0 < ms) {
        sock.write(piece);
        await sleep(500);
    }
    sock.destroy();
    return { answer, closedAt };
}

// ---------------------------------------------------------------------
// Cards and legal moves (docs/rules.md R3, D2, D3), for the seats the
// tests play through the protocol.

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const SUITS = ['C', 'D', 'H', 'S'];
export const CARD_RE = /^(A|[2-9]|10|J|Q|K)[CDHS]$/;
export const ALL_CARDS = RANKS.flatMap((r) => SUITS.map((s) => r + s));

export const rank = (c) => RANKS.indexOf(c.slice(0, -1));   // 0 = ace
export const suit = (c) => c.slice(-1);
export const value = (c) => Math.min(rank(c) + 1, 10);
export const cardOrder = (a, b) => (rank(a) - rank(b)) || (SUITS.indexOf(suit(a)) - SUITS.indexOf(suit(b)));
export const sorted = (cards) => [...cards].sort(cardOrder);

// Deterministic generator (mulberry32) for the choices the test players make.
export function rng(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6D2B79F5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

function combos(arr, k, start = 0, acc = [], out = []) {
    if (acc.length === k) { out.push([...acc]); return out; }
    for (let i = start; i < arr.length; i++) { acc.push(arr[i]); combos(arr, k, i + 1, acc, out); acc.pop(); }
    return out;
}

function isRun(cards, suited) {
    if (suited && new Set(cards.map(suit)).size !== 1) return false;
    const rs = cards.map(rank).sort((a, b) => a - b);
    const consecutive = (xs) => xs.every((r, i) => i === 0 || r === xs[i - 1] + 1);
    if (new Set(rs).size !== rs.length) return false;
    if (consecutive(rs)) return true;
    // the ace above a king
    if (rs[0] === 0) return consecutive([...rs.slice(1), 13]);
    return false;
}

// Every legal discard of a hand, as arrays of cards.
export function legalDiscards(hand, runsSuited = false) {
    const out = hand.map((c) => [c]);
    for (const k of [2, 3, 4, 5]) {
        if (k > hand.length) break;
        for (const set of combos(hand, k)) {
            const same = set.every((c) => rank(c) === rank(set[0]));
            if ((k === 2 || k === 4) && same) out.push(set);
            else if ((k === 3 || k === 5) && isRun(set, runsSuited)) out.push(set);
            else if (k === 5 && set.every((c) => suit(c) === suit(set[0]))) out.push(set);
        }
    }
    return out;
}

const total = (cards) => cards.reduce((t, c) => t + value(c), 0);

// chooseMove(view, rand): a legal move for the seat to move, in record
// notation: declares on a low hand, else sheds the most points (sometimes
// a random legal discard), takes a low open card or draws.
export function chooseMove(view, rand, declareAt = 7) {
    if (view.can_declare && view.hand_total <= declareAt) return 'declare';
    const discards = legalDiscards(view.hand, view.rules?.runs === 'suited');
    let d;
    if (rand() < 0.3) d = discards[Math.floor(rand() * discards.length)];
    else d = discards.reduce((b, x) => (total(x) > total(b) ? x : b));
    const open = view.open ?? [];
    const low = open.length ? open.reduce((b, c) => (value(c) < value(b) ? c : b)) : null;
    const take = low && (!view.can_draw || value(low) <= 3 || rand() < 0.25);
    return `discard ${sorted(d).join(' ')} ${take ? `take ${low}` : 'draw'}`;
}

// playToEnd(c, st, seed, onState): plays c's seat from state st until the
// match is over (declaring when it may, else chooseMove with rng(seed);
// `next` between rounds; at most 2000 states) and resolves with the final
// state. onState, if given, is called with st and with every later state,
// the final one too, in order.
export async function playToEnd(c, st, seed, onState = () => {}) {
    const rand = rng(seed);
    onState(st);
    for (let i = 0; st.view.status !== 'over'; i++) {
        if (i >= 2000) throw new Error('the match ends (2000 states and not over)');
        const v = st.view;
        if (v.status === 'playing' && v.turn === v.you) {
            let move;
            try { move = v.can_declare ? 'declare' : chooseMove(v, rand); } catch { move = 'declare'; }
            c.send({ type: 'move', version: st.version, move });
        } else if (v.status === 'between') {
            c.send({ type: 'next' });
        }
        st = await c.next((m) => m.type === 'state' && m.version > st.version, 'the next state', T(10000));
        onState(st);
    }
    return st;
}

// ---------------------------------------------------------------------
// Game records (docs/record-format.md) read into the true state at every
// point of the match.

// parseRecord(text): {players, options, rounds: [{hands: {name: cards},
// open, moves: [{name, kind, discard, card}]}]}.
export function parseRecord(text) {
    const rec = { players: null, options: {}, rounds: [] };
    let round = null;
    for (const raw of text.split(/\r?\n/)) {
        const line = raw.replace(/#.*/, '').trim();
        if (!line) continue;
        const tok = line.split(/[ \t]+/);
        if (tok[0] === 'leastscore') continue;
        if (!rec.players && tok[0] === 'option') { rec.options[tok[1]] = tok[2]; continue; }
        if (!rec.players && tok[0] === 'players') { rec.players = tok.slice(1); continue; }
        const isMove = rec.players.includes(tok[0]) && /^(discard|declare)$/i.test(tok[1] ?? '');
        if (!isMove && tok[0] === 'round') { round = { hands: {}, open: null, moves: [] }; rec.rounds.push(round); continue; }
        if (!isMove && tok[0] === 'hand') { round.hands[tok[1]] = tok.slice(2).map(canon); continue; }
        if (!isMove && tok[0] === 'open') { round.open = canon(tok[1]); continue; }
        if (!isMove) throw new Error(`record: cannot read '${line}'`);
        const name = tok[0];
        if (tok[1].toLowerCase() === 'declare') { round.moves.push({ name, kind: 'declare' }); continue; }
        const i = tok.findIndex((t) => /^(take|draw)$/i.test(t));
        round.moves.push({ name, kind: tok[i].toLowerCase(), discard: tok.slice(2, i).map(canon), card: canon(tok[i + 1]) });
    }
    return rec;
}

function canon(c) {
    const u = c.toUpperCase().replace(/^T/, '10');
    return u;
}

// truth(rec): the true state of every point of the match, in the order
// of the table's events: for each round, point 0 is right after the deal
// and point k right after its k-th move (the last one ends the round).
// A point: {round, k, hands: {name: cards}, open, deck, dead, discarded
// (every card discarded this round so far), ended, moves}.
export function truth(rec) {
    const rounds = [];
    for (const [ri, r] of rec.rounds.entries()) {
        const inHands = new Set(Object.values(r.hands).flat());
        let deck = ALL_CARDS.filter((c) => !inHands.has(c) && c !== r.open);
        let dead = [];
        let open = [r.open];
        const hands = Object.fromEntries(Object.entries(r.hands).map(([n, h]) => [n, sorted(h)]));
        const seen = Object.fromEntries(Object.keys(hands).map((n) => [n, new Set(hands[n])]));
        const discarded = new Set([r.open]);
        const snap = (k, ended, move) => ({
            round: ri + 1, k, ended, move,
            hands: Object.fromEntries(Object.entries(hands).map(([n, h]) => [n, [...h]])),
            held: Object.fromEntries(Object.entries(seen).map(([n, s]) => [n, new Set(s)])),
            open: sorted(open), deck: [...deck], dead: [...dead], public: new Set(discarded),
        });
        const points = [snap(0, false, null)];
        for (const [k, m] of r.moves.entries()) {
            if (m.kind === 'declare') { points.push(snap(k + 1, true, m)); break; }
            const h = hands[m.name];
            for (const c of m.discard) {
                const i = h.indexOf(c);
                if (i < 0) throw new Error(`record: ${m.name} discards ${c} not held`);
                h.splice(i, 1);
                discarded.add(c);
            }
            if (m.kind === 'take') {
                dead.push(...open.filter((c) => c !== m.card));
            } else {
                // D9: an empty deck is made again from the dead pile (not
                // the open cards, not the cards just discarded).
                if (!deck.includes(m.card)) { deck = dead; dead = []; }
                deck = deck.filter((c) => c !== m.card);
                dead.push(...open);
            }
            h.push(m.card);
            hands[m.name] = sorted(h);
            seen[m.name].add(m.card);
            open = [...m.discard];
            const last = k + 1 === r.moves.length;
            points.push(snap(k + 1, last, m));
        }
        rounds.push(points);
    }
    return rounds;
}

// ---------------------------------------------------------------------
// A person at a table, played by the test: on each state where it is the
// seat's turn it sends a legal move on that state's version (each version
// at most once). Options: seed; illegal (a chance per turn to send first
// a move the engine must refuse, discarding an open card it does not
// hold, which must be answered with illegal_move); hint (a chance per
// turn to ask for a hint and move only after the answer); next (send
// `next` when a round has ended). `done` resolves when the match is over
// (status "over" at or after match `untilMatch`). Unexpected errors are
// kept in `problems`.
export class AutoPlayer {
    constructor(client, opts = {}) {
        this.c = client;
        this.rand = rng(opts.seed ?? 1);
        this.opts = opts;
        this.sent = new Set();
        this.problems = [];
        this.expect = [];          // error codes expected, in order
        this.hintPending = false;
        this.moves = 0;
        this.nextSent = new Set();
        // done rejects at the first problem: a player that got an error
        // it did not expect stops moving, and its table would only time out.
        this.done = new Promise((resolve, reject) => { this.finish = resolve; this.fail = reject; });
        this.done.catch(() => {});   // a player nobody awaits keeps its problems to itself
        client.onFrame = (m) => this.onFrame(m);
        // Frames that arrived before this player was attached.
        for (const m of client.frames.slice(client.pos)) this.onFrame(m);
        this.act();
    }

    onFrame(m) {
        if (m.type === 'error') {
            const want = this.expect.shift();
            if (m.code === 'stale' && want !== 'stale') { if (want) this.expect.unshift(want); return; }
            if (m.code !== want) this.problem(`unexpected error ${JSON.stringify(m)} (expected ${want ?? 'none'}) at ${JSON.stringify(this.c.lastState()?.view).slice(0, 1500)}`);
            return;
        }
        if (m.type === 'hint') {
            this.hintPending = false;
            if (typeof m.move !== 'string') this.problem(`hint without a move: ${JSON.stringify(m)}`);
            // declare: null when declaring is not allowed, else a probability.
            const can = this.c.lastState()?.view.can_declare;
            if (can ? !(typeof m.declare === 'number' && m.declare >= 0 && m.declare <= 1) : m.declare !== null) {
                this.problem(`hint declare ${m.declare} when can_declare is ${can}`);
            }
            this.act();
            return;
        }
        if (m.type === 'state') this.act();
    }

    problem(text) {
        this.problems.push(text);
        this.fail(new Error(`${this.c.label}: ${text}`));
    }

    act() {
        if (this.hintPending) return;
        const st = this.c.lastState();
        if (!st) return;
        const v = st.view;
        if (v.status === 'over') {
            if ((v.match ?? 1) >= (this.opts.untilMatch ?? 1)) { this.finish(st); return; }
            if (this.opts.rematch && !this.sent.has(`rematch${v.match}`)) {
                this.sent.add(`rematch${v.match}`);
                this.c.send({ type: 'rematch' });
            }
            return;
        }
        if (v.status === 'between' && this.opts.next) {
            const key = `${v.match}/${v.round}`;
            if (!this.nextSent.has(key)) { this.nextSent.add(key); this.c.send({ type: 'next' }); }
            return;
        }
        if (v.status !== 'playing' || v.turn !== v.you || this.sent.has(st.version)) return;
        if (this.opts.hint && !this.sent.has(-st.version - 1) && this.rand() < this.opts.hint) {
            this.hintPending = true;
            this.c.send({ type: 'hint', id: `h${st.version}` });
            this.sent.add(-st.version - 1);
            return;
        }
        this.sent.add(st.version);
        if (this.opts.illegal && this.rand() < this.opts.illegal && v.open?.length) {
            // An open card is never in the mover's hand: the engine refuses it.
            this.expect.push('illegal_move');
            this.c.send({ type: 'move', version: st.version, move: `discard ${v.open[0]} draw`, id: this.moves });
        }
        this.moves++;
        this.c.send({ type: 'move', version: st.version, move: chooseMove(v, this.rand, this.opts.declareAt ?? 7), id: this.moves });
    }
}

// waitingFor(p): what an AutoPlayer is waiting for, in words, from the
// last state its connection received.
export function waitingFor(p) {
    const s = p.c.lastState();
    const v = s?.view;
    if (p.c.closed) return `nothing: its connection closed (${p.c.closed.code} ${p.c.closed.reason})`;
    if (!v) return 'a first state';
    if (p.hintPending) return `the answer to the hint it asked on version ${s.version}`;
    if (v.status === 'over') return (v.match ?? 1) >= (p.opts.untilMatch ?? 1) ? 'nothing: its match is over' : `a rematch after match ${v.match}`;
    if (v.status === 'between') return `round ${v.round + 1} to be dealt`;
    if (v.status !== 'playing') return `the match to start (status ${v.status})`;
    if (v.turn === v.you) return p.sent.has(s.version) ? `an answer to its move on version ${s.version}` : `itself to move on version ${s.version}`;
    return `seat ${v.turn}'s move (version ${s.version})`;
}

// allDone(players, ms, what, total): resolves with each AutoPlayer's final
// state. The wait fails when no player's connection has received anything
// for ms (a player waiting for an answer that never comes, a table that
// stopped), or after total in all (4 ms unless given): a long match on a
// slow machine (the clients keep to the server's rate limit, so a long
// match takes seconds even on an idle one) goes on while it moves. On a
// failure the error tells, for each player, where its table stood, what
// it was waiting for and the last frames it received.
export async function allDone(players, ms, what = 'the match to end', total = 4 * ms) {
    const count = () => players.reduce((n, p) => n + p.c.frames.length, 0);
    const start = Date.now();
    let seen = count(), quiet = start, timer;
    const watch = new Promise((_, reject) => {
        const tick = () => {
            const now = Date.now(), n = count();
            if (n !== seen) { seen = n; quiet = now; }
            if (now - quiet >= ms) reject(new Error(`nothing new for ${ms} ms while waiting for ${what}`));
            else if (now - start >= total) reject(new Error(`timed out after ${total} ms in all waiting for ${what}`));
            else timer = setTimeout(tick, Math.min(500, ms));
        };
        timer = setTimeout(tick, Math.min(500, ms));
    });
    try {
        return await Promise.race([Promise.all(players.map((p) => p.done)), watch]);
    } catch (e) {
        const where = players.map((p) => {
            const s = p.c.lastState();
            const v = s?.view;
            const errs = p.c.frames.filter((f) => f.type === 'error').slice(-3);
            const last = p.c.frames.slice(-4).map((f) => (f.type === 'state'
                ? `state v${f.version} ${f.view?.status} turn ${f.view?.turn} events ${JSON.stringify(f.events ?? null).slice(0, 200)}`
                : JSON.stringify(f).slice(0, 300)));
            return `${p.c.label}: waiting for ${waitingFor(p)}; v${s?.version} ${v?.status} match ${v?.match} round ${v?.round} turn ${v?.turn} you ${v?.you}; ${p.moves} moves sent, ${p.c.outq.length} queued; problems ${JSON.stringify(p.problems)}; last errors ${JSON.stringify(errs)}; last frames ${JSON.stringify(last)}`;
        });
        throw new Error(`${e.message}\n${where.join('\n')}`);
    } finally {
        clearTimeout(timer);
    }
}
