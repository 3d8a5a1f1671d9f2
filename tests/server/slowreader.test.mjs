// slowreader.test.mjs - a client that never reads again, while the server
// has much to send it (docs/server-protocol.md, Limits: --max-queue): one
// client with a connection watching each of two busy tables, reading
// nothing from either, answering no ping, and still sending a message
// now and then. Each connection's output queue stays bounded: once it
// would pass --max-queue the server says so in its log ("too slow") and
// drops the connection, its socket closed a moment later even though the
// client never reads the close frame, not only at the idle timeout (here
// 300 s: the client could hold the connection, the kernel's megabytes of
// buffers for it, and a place of its address's connections, that long).
// (protocol.test.mjs checks the close a client gets when it reads again,
// and that one that reads is not dropped.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readlinkSync, readFileSync } from 'node:fs';
import { startServer, sleep, T } from './lib.mjs';
import { uniqueName } from './tables.mjs';

// The inodes of the sockets process pid holds open.
function socketInodes(pid) {
    const out = new Set();
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
            const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
            if (m) out.add(m[1]);
        } catch { /* closed meanwhile */ }
    }
    return out;
}

// Whether the server (pid, listening on port) still holds its side of
// the TCP connection from the client's local port `peer`: the entry of
// /proc/net/tcp from port to peer, and its inode among the server's.
function holds(pid, port, peer) {
    const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
    const inodes = socketInodes(pid);
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
        let text = '';
        try { text = readFileSync(file, 'utf8'); } catch { continue; }
        for (const line of text.split('\n').slice(1)) {
            const f = line.trim().split(/\s+/);
            if (f.length < 10) continue;
            if (f[1].endsWith(`:${hex(port)}`) && f[2].endsWith(`:${hex(peer)}`) && inodes.has(f[9])) return true;
        }
    }
    return false;
}

// A table where eight computer players play a move every 4 ms, in
// rounds that go on to the showdown at 500 turns (nobody may declare
// above 1): its host starts it and leaves (the greedy player plays that
// seat), so that nobody reads there either.
async function busyTable(srv) {
    const host = await srv.connect({ label: 'host' });
    const j = await host.request({ type: 'create', name: uniqueName(), seats: 8, bots: Array(7).fill('random'),
        rules: { threshold: 1000, declare_max: 1 } }, ['joined', 'error']);
    assert.equal(j.type, 'joined', JSON.stringify(j));
    return { host, code: j.code };
}

test('a client that never reads again is dropped once its queue is full, its socket closed within seconds', async (t0) => {
    const srv = await startServer({ args: ['--max-queue', '256', '--bot-delay', '4', '--idle-timeout', '300'],
        grace: 600 });
    try {
        const tables = [await busyTable(srv), await busyTable(srv)];
        const slow = [];
        for (const [i, t] of tables.entries()) {
            const c = await srv.connect({ label: `watches table ${i + 1}, does not read` });
            const w = await c.request({ type: 'watch', code: t.code }, ['joined', 'error']);
            assert.equal(w.type, 'joined', JSON.stringify(w));
            await c.next('state', 'the lobby');
            c.ws.pause();
            slow.push(c);
        }
        const peers = slow.map((c) => c.ws._socket.localPort);
        for (const p of peers) assert.ok(holds(srv.proc.pid, srv.port, p), `the server's socket to port ${p} is not found`);
        for (const t of tables) {
            t.host.send({ type: 'start' });
            await t.host.stateWhere((m) => m.view.status === 'playing', 'the start');
            t.host.send({ type: 'leave' });
        }
        // Both connections fill: the kernel's buffers, then the queue.
        const tooSlow = () => (srv.stderr.match(/a connection from \S+ is closed: too slow \(its output queue would pass --max-queue 256 KiB\)/g) ?? []).length;
        for (const deadline = Date.now() + T(60000); tooSlow() < 2;) {
            assert.ok(Date.now() < deadline, `${tooSlow()} of the 2 clients that do not read closed 'too slow':\n${srv.stderr.slice(-2000)}`);
            // The client writes (a message the server refuses), as one
            // that only stopped reading does.
            for (const c of slow) if (c.ws.readyState === 1) c.ws.send(JSON.stringify({ type: 'x-still-here' }));
            await sleep(200);
        }
        // Still not reading, still writing: the server lets go of both.
        const full = Date.now();
        const deadline = full + T(15000);
        for (;;) {
            const held = peers.filter((p) => holds(srv.proc.pid, srv.port, p));
            if (!held.length) break;
            assert.ok(Date.now() < deadline, `the server still holds ${held.length} connection(s) of the client that does not read, `
                + `${T(15000) / 1000} s after they were too slow`);
            for (const c of slow) if (c.ws.readyState === 1) c.ws.send(JSON.stringify({ type: 'x-still-here' }));
            await sleep(200);
        }
        t0.diagnostic(`both sockets closed ${Date.now() - full} ms after the second 'too slow'`);
        // The server goes on: a new client is served.
        const fresh = await srv.connect({ label: 'fresh' });
        const f = await fresh.request({ type: 'watch', code: tables[0].code }, ['joined', 'error']);
        assert.equal(f.type, 'joined', JSON.stringify(f));
        fresh.close();
        for (const c of slow) c.terminate();
        await srv.close();
    } finally {
        await srv.kill();
    }
});
