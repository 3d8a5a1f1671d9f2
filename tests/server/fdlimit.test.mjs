// fdlimit.test.mjs - a flood of connections that would take every file
// the server may open (its limit of open files, ulimit -n) is refused
// before it does: the server keeps files for its store and its web
// files, closes each connection over that at once, writes one line
// about it in its log (not one a connection), does not spin, and takes
// connections again as soon as the flood goes (server-protocol.md,
// Limits). Before, accept() failed with EMFILE on every turn of the
// loop: the server took a core and wrote 'accept: errno 24' to its log
// some 200,000 times a second (51 MB in 6 s), and answered nobody.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startServer, withTimeout, sleep, T } from './lib.mjs';
import { makeTable, settle } from './tables.mjs';

const NOFILE = 256;
const FLOOD = 400;

// The server's CPU time so far, in seconds (/proc/PID/stat: utime and
// stime, in clock ticks of 1/100 s).
function cpuSeconds(pid) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
}

test('a flood of connections past the limit of open files is refused; the server does not spin and serves again after it', async () => {
    const srv = await startServer({ nofile: NOFILE });
    const socks = [];
    try {
        // Every socket is either open (the server took it, or it waits in
        // the listen queue) or closed by the server.
        let settled = 0;
        let closed = 0;
        for (let i = 0; i < FLOOD; i++) {
            const s = connect({ host: '127.0.0.1', port: srv.port });
            let done = false;
            const settle = () => { if (!done) { done = true; settled++; } };
            s.on('connect', settle);
            s.on('close', () => { closed++; settle(); });
            s.on('error', () => { /* a close follows */ });
            socks.push(s);
        }
        await withTimeout((async () => { while (settled < FLOOD) await sleep(20); })(),
            T(10000), 'every socket of the flood to be open or closed');
        // The server refuses what it cannot hold (it does not leave them
        // all to wait in the listen queue).
        await withTimeout((async () => { while (closed === 0) await sleep(20); })(),
            T(10000), 'the server to close a connection of the flood');
        await srv.waitLog(/connections refused \(\d+ since the last such line\): only \d+ files left under the limit of open files/);
        // While the flood holds its sockets: quiet and idle.
        const log0 = srv.stderr.length;
        const cpu0 = cpuSeconds(srv.proc.pid);
        const t0 = Date.now();
        await sleep(2000);
        const cpu = cpuSeconds(srv.proc.pid) - cpu0;
        const wall = (Date.now() - t0) / 1000;
        const logged = srv.stderr.length - log0;
        assert.ok(logged < 2000, `the server wrote ${logged} bytes to its log in ${wall} s of the flood: ${srv.stderr.slice(-500)}`);
        assert.ok(cpu < wall / 2, `the server used ${cpu} s of CPU in ${wall} s of an idle flood`);
        for (const s of socks) s.destroy();
        // The flood gone, a game connection is served again (bounded).
        const deadline = Date.now() + T(10000);
        let c;
        for (;;) {
            try {
                c = await srv.connect({ label: 'after' });
                break;
            } catch (e) {
                if (Date.now() > deadline) throw e;
                await sleep(100);
            }
        }
        const j = await c.request({ type: 'create', name: 'Ada', seats: 2, bots: ['greedy'] }, ['joined', 'error']);
        assert.equal(j.type, 'joined', JSON.stringify(j));
        c.close();
        await srv.close();
    } finally {
        for (const s of socks) s.destroy();
        await srv.kill();
    }
});

// A low limit (ulimit -n 64): the reserve is a quarter of the limit, not
// 64 files whatever it is, which refused every connection there (the
// server holds some 20 of its own) while it said it was serving; the
// log says how many connections fit. A flood of game and HTTP
// connections past it is refused, the table in play goes on, and the
// server serves again once the flood is gone.
test('under ulimit -n 64 the server serves, refuses a flood past its room, keeps its table and serves again', async () => {
    const srv = await startServer({ nofile: 64 });
    const socks = [];
    try {
        await srv.waitLog(/the limit of open files \(ulimit -n 64\) leaves room for \d+ connections at once/);
        const t = await makeTable(srv, { seats: 3, bots: ['greedy'], start: true });
        const ver = await settle(t);
        let closed = 0;
        let settled = 0;
        const FLOOD64 = 80;
        for (let i = 0; i < FLOOD64; i++) {
            const s = connect({ host: '127.0.0.1', port: srv.port });
            let done = false;
            const settle1 = () => { if (!done) { done = true; settled++; } };
            s.on('connect', () => {
                settle1();
                // Half ask for a page and keep the connection, half begin
                // a WebSocket's handshake and stop.
                s.write(i % 2 ? 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'
                    : 'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n');
            });
            s.on('close', () => { closed++; settle1(); });
            s.on('error', () => { /* a close follows */ });
            socks.push(s);
        }
        await withTimeout((async () => { while (settled < FLOOD64 || closed === 0) await sleep(20); })(),
            T(10000), 'the flood to be open or closed, and some of it refused');
        await srv.waitLog(/connections refused \(\d+ since the last such line\)/);
        const cpu0 = cpuSeconds(srv.proc.pid);
        const t0 = Date.now();
        await sleep(1500);
        const cpu = cpuSeconds(srv.proc.pid) - cpu0;
        const wall = (Date.now() - t0) / 1000;
        assert.ok(cpu < wall / 2, `the server used ${cpu} s of CPU in ${wall} s of the flood`);
        // The table's connections were there before the flood: still served.
        const again = await settle(t);
        assert.equal(again, ver, 'the table moved on its own during the flood');
        for (const s of socks) s.destroy();
        // The flood gone: a page and a new game connection (bounded).
        const deadline = Date.now() + T(10000);
        for (;;) {
            try {
                const r = await srv.get("/");
                assert.equal(r.status, 200);
                break;
            } catch (e) {
                if (Date.now() > deadline) throw e;
                await sleep(100);
            }
        }
        const w = await srv.connect({ label: 'after64' });
        const j = await w.request({ type: 'watch', code: t.code }, ['joined', 'error']);
        assert.equal(j.type, 'joined', JSON.stringify(j));
        const st = await w.next('state');
        assert.equal(st.view.status, 'playing');
        w.close();
        for (const c of t.all) c.close();
        await srv.close();
    } finally {
        for (const s of socks) s.destroy();
        await srv.kill();
    }
});

// A login or a new password opens a store connection of its own on a
// worker (SQLite's file, -wal and -shm), held while argon2id hashes.
// Under ulimit -n 64 with 16 workers, 24 connections that did so
// together took more files than the limit keeps from connections, and
// most were told store_unavailable ('sqlite: unable to open database
// file') though the store was there: they are now checked a few at a
// time (as the files kept allow), the others waiting their turn. Each
// connection comes from its own loopback address (the budgets of new
// players and logins are per address).
test('under ulimit -n 64 with 16 workers, passwords and logins sent together are each answered from the store', async () => {
    const srv = await startServer({ nofile: 64, args: ['--workers', '16'] });
    const cs = [];
    const token = () => randomBytes(16).toString('hex');
    const answers = () => Promise.all(cs.map((c) => c.next((m) => m.type === 'error' || (m.type === 'player' && m.has_password), 'the answer', T(30000))));
    const failed = (rs) => JSON.stringify(rs.find((r) => r.type !== 'player'));
    try {
        const N = 24;
        for (let i = 0; i < N; i++) {
            const c = await srv.connect({ label: `p${i}`, localAddress: `127.0.0.${20 + i}` });
            const r = await c.request({ type: 'player', name: `P${i}`, token: token() }, ['player', 'error']);
            assert.equal(r.type, 'player', JSON.stringify(r));
            cs.push(c);
        }
        for (let i = 0; i < N; i++) cs[i].sendNow({ type: 'set_password', password: `password ${i}` });
        const set = await answers();
        assert.ok(set.every((r) => r.type === 'player'), `a password: ${failed(set)}`);
        for (let i = 0; i < N; i++) cs[i].sendNow({ type: 'login', name: `P${i}`, password: `password ${i}`, token: token() });
        const logins = await answers();
        assert.ok(logins.every((r, i) => r.type === 'player' && r.name === `P${i}`), `a login: ${failed(logins)}`);
        // Served after: a wrong password is told so, a new player is made.
        const a = await srv.connect({ label: 'after', localAddress: '127.0.0.60' });
        await a.expectError({ type: 'login', name: 'P0', password: 'wrong', token: token() }, 'bad_login');
        const r = await a.request({ type: 'player', name: 'Ada', token: token() }, ['player', 'error']);
        assert.equal(r.type, 'player', JSON.stringify(r));
        for (const c of [...cs, a]) c.close();
        await srv.close();
    } finally {
        for (const c of cs) c.close();
        await srv.kill();
    }
});
