// storebusy.test.mjs - the JSON API while the SQLite store is locked by
// another process (here sqlite3 holding the write lock, as an
// administrator's shell or another server on the same file can): a
// request that must write waits out the lock (5 s, docs/store.md) and is
// answered 503 store_unavailable with Retry-After and a JSON error saying
// the store cannot be reached for now, as while PostgreSQL is out of
// reach (docs/http-api.md), not 500 as if the store had failed; reads are
// answered meanwhile (SQLite's WAL journal lets them), and once the lock
// is gone the same request is answered 200. Before, 500 store_failed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startServer, sleep, chooseMove, rng, storeReader, T } from './lib.mjs';
import { makeTable, settle } from './tables.mjs';

// Holds the SQLite file's write lock: sqlite3 with a write transaction
// open. Resolves once the lock is held; release() rolls it back and ends
// sqlite3.
async function lockStore(file) {
    const p = spawn('sqlite3', ['-cmd', '.timeout 20000', file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '', err = '', exited = false;
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { err += d; });
    const done = new Promise((res) => p.on('exit', () => { exited = true; res(); }));
    p.stdin.write("BEGIN IMMEDIATE;\nSELECT 'lock' || 'ed';\n");
    const deadline = Date.now() + T(30000);
    while (!out.includes('locked') && !exited && Date.now() < deadline) await sleep(20);
    if (!out.includes('locked')) {
        p.kill();
        throw new Error(`sqlite3 could not lock ${file}: ${err}`);
    }
    return {
        release: async () => {
            if (!exited) p.stdin.end('ROLLBACK;\n');
            await done;
        },
    };
}

async function api(srv, path) {
    const res = await fetch(`${srv.origin}${path}`, { signal: AbortSignal.timeout(T(60000)) });
    const text = await res.text();
    return { status: res.status, retry: res.headers.get('retry-after'), type: res.headers.get('content-type'), text };
}

test('the JSON API answers 503 with Retry-After while another process holds the SQLite write lock', async () => {
    const srv = await startServer({ args: (dir) => ['--db', join(dir, 'store.db')] });
    let lock = null;
    try {
        assert.equal((await api(srv, '/api/leaderboard')).status, 200);
        lock = await lockStore(join(srv.dir, 'store.db'));
        // A level's profile writes (its player is made on first sight):
        // after the short wait for the lock, twice.
        for (let i = 0; i < 2; i++) {
            const r = await api(srv, '/api/bots/greedy');
            assert.equal(r.status, 503, `request ${i}: ${r.status} ${r.text}`);
            assert.equal(r.retry, '5');
            assert.match(r.type, /^application\/json/);
            const body = JSON.parse(r.text);
            assert.equal(body.error, 'store_unavailable');
            assert.equal(body.message, 'the store cannot be reached for now; try again in a few seconds (sqlite: database is locked)');
        }
        // A read meanwhile: answered, and not taken for a lock.
        const read = await api(srv, '/api/leaderboard');
        assert.equal(read.status, 200, read.text);
        assert.equal(read.retry, null);
        await lock.release();
        lock = null;
        const r = await api(srv, '/api/leaderboard');
        assert.equal(r.status, 200, r.text);
        assert.equal(r.retry, null);
        assert.equal((await api(srv, '/api/players/Nobody')).status, 404);
        assert.equal((await api(srv, '/api/bots/greedy')).status, 200);
        await srv.close();
    } finally {
        await lock?.release();
        await srv.kill();
    }
});

// The game's own requests that must write while the lock is held: a new
// player (`player` with a token nobody holds) and a `login` (which adds
// the device's token) are answered `store_unavailable`, to be tried again
// (docs/server-protocol.md), not `store_failed`; a known player's
// `player`, a read, is answered meanwhile; once the lock is gone the new
// player is made. Before, store_failed.
test('player and login answer store_unavailable while another process holds the SQLite write lock', async () => {
    const srv = await startServer({ args: (dir) => ['--db', join(dir, 'store.db')] });
    let lock = null;
    try {
        const c = await srv.connect({ label: 'ada' });
        const known = 'c3'.repeat(16);
        c.send({ type: 'player', token: known, name: 'Cy' });
        assert.equal((await c.next('player', 'Cy made')).name, 'Cy');
        c.send({ type: 'set_password', password: 'correct horse' });
        assert.equal((await c.next('player', 'a password for Cy', T(10000))).has_password, true);
        lock = await lockStore(join(srv.dir, 'store.db'));
        const token = 'a1'.repeat(16);
        for (const [i, msg] of [{ type: 'player', token, name: 'Ada', id: 1 },
            { type: 'login', name: 'Cy', password: 'correct horse', token: 'b2'.repeat(16), id: 2 }].entries()) {
            c.send(msg);
            const e = await c.next('error', `the error for request ${i}`, T(30000));
            assert.equal(e.code, 'store_unavailable', JSON.stringify(e));
            assert.equal(e.request, msg.type);
            assert.equal(e.id, msg.id);
            assert.equal(e.message, 'the store cannot be reached for now; try again in a few seconds (sqlite: database is locked)');
        }
        c.send({ type: 'player', token: known });
        assert.equal((await c.next('player', 'Cy again, a read', T(30000))).name, 'Cy');
        await lock.release();
        lock = null;
        c.send({ type: 'player', token, name: 'Ada' });
        const made = await c.next((m) => m.type === 'player' || m.type === 'error', 'Ada made', T(30000));
        assert.equal(made.type, 'player', JSON.stringify(made));
        assert.equal(made.name, 'Ada');
        c.close();
        await srv.close();
    } finally {
        await lock?.release();
        await srv.kill();
    }
});

// The loop's wait: the server answers the JSON API and every table on one
// loop, so a request that meets the lock waits for it briefly (250 ms,
// docs/store.md) and is answered 503 then, rather than hold every table
// for SQLite's 5 s. A table's `sync` sent while such a request waits is
// answered within a second and a half, and so is the request. Before,
// both took 5 s (measured by hand: the sync 4990 ms, the request 5062 ms).
test('a JSON API request that meets the lock holds the tables for a moment only', async () => {
    const srv = await startServer({ args: (dir) => ['--db', join(dir, 'store.db')] });
    let lock = null;
    try {
        const t = await makeTable(srv, { seats: 2, humans: 1, bots: ['greedy'], spectator: false });
        const version = t.host.lastState().version;
        lock = await lockStore(join(srv.dir, 'store.db'));
        const t0 = Date.now();
        const request = api(srv, '/api/bots/expert').then((r) => ({ ...r, ms: Date.now() - t0 }));
        await sleep(50);
        const t1 = Date.now();
        t.host.send({ type: 'sync', version });
        await t.host.next('state', 'the answer to sync', T(20000));
        const syncMs = Date.now() - t1;
        const r = await request;
        assert.equal(r.status, 503, r.text);
        assert.equal(JSON.parse(r.text).error, 'store_unavailable');
        assert.ok(syncMs < T(1500), `the sync was answered after ${syncMs} ms`);
        assert.ok(r.ms < T(1500), `the request was answered after ${r.ms} ms`);
        await lock.release();
        lock = null;
        assert.equal((await api(srv, '/api/bots/expert')).status, 200);
        t.host.close();
        await srv.close();
    } finally {
        await lock?.release();
        await srv.kill();
    }
});

// A move that meets the lock: the store's write waits for it a second at
// most, then the table is paused (`store`, ok false) and the move held,
// as for any store that fails (docs/store.md), and the retries each
// second while the lock is held do not wait for it: a spectator's `sync`
// is answered within a second and a half all along. Once the lock is
// gone the move is kept and shown. Before, the loop waited 5 s for each
// write and each retry: the move's pause came after 15 s (measured by
// hand: 15439 ms), and a sync waited as long.
test('a move that meets the lock pauses its table without holding the others', async () => {
    const srv = await startServer({ args: (dir) => ['--db', join(dir, 'store.db')] });
    let lock = null;
    try {
        const t = await makeTable(srv, { seats: 2, bots: ['greedy'], humans: 1, rules: { threshold: 20 }, start: true });
        await settle(t);
        const st = t.host.lastState();
        assert.equal(st.view.turn, st.view.you, 'the person moves first');
        lock = await lockStore(join(srv.dir, 'store.db'));
        const t0 = Date.now();
        t.host.send({ type: 'move', version: st.version, move: chooseMove(st.view, rng(7)) });
        const paused = await t.host.next('store', 'the table paused', T(30000));
        const pausedMs = Date.now() - t0;
        assert.equal(paused.ok, false);
        assert.match(paused.message, /sqlite: database is locked/);
        assert.ok(pausedMs < T(3000), `the table was paused after ${pausedMs} ms`);
        const waits = [];
        while (Date.now() - t0 < 4000) {
            const t1 = Date.now();
            t.spec.send({ type: 'sync', version: st.version });
            await t.spec.next((m) => m.type === 'state' || m.type === 'store', 'the answer to sync', T(30000));
            waits.push(Date.now() - t1);
            await sleep(100);
        }
        assert.ok(Math.max(...waits) < T(1500), `a sync waited ${Math.max(...waits)} ms (${waits.join(' ')})`);
        await lock.release();
        lock = null;
        const back = await t.host.next('store', 'the store back', T(10000));
        assert.equal(back.ok, true);
        await t.host.stateWhere((s) => s.version > st.version, 'the move shown');
        t.host.close();
        t.spec.close();
        await srv.close();
    } finally {
        await lock?.release();
        await srv.kill();
    }
});

// A stop while a move is held for the lock: the server says in its log
// that it tries once more, waiting 5 s at most for the lock, and a
// lock that goes meanwhile loses nothing: the move is in the store's
// record. Before, the last write at the stop did not wait for the lock
// while the store was failing, and the move was lost.
test('a stop while a move waits for the lock keeps it if the lock goes within 5 s', async () => {
    const srv = await startServer({ args: (dir) => ['--db', join(dir, 'store.db')] });
    let lock = null;
    try {
        const t = await makeTable(srv, { seats: 2, bots: ['greedy'], humans: 1, rules: { threshold: 20 }, start: true, spectator: false });
        await settle(t);
        const st = t.host.lastState();
        assert.equal(st.view.turn, st.view.you, 'the person moves first');
        const file = join(srv.dir, 'store.db');
        const before = storeReader('sqlite', file).live().get(t.code);
        lock = await lockStore(file);
        const move = chooseMove(st.view, rng(7));
        t.host.send({ type: 'move', version: st.version, move });
        assert.equal((await t.host.next('store', 'the table paused', T(30000))).ok, false);
        const exit = srv.stop('SIGTERM', T(20000));
        await srv.waitLog(/store: trying once more to write what is held in memory \(1 table\) before stopping; a lock on an SQLite file is waited for 5 s/, T(10000));
        await lock.release();
        lock = null;
        assert.equal((await exit).code, 0, srv.stderr);
        assert.doesNotMatch(srv.stderr, /could not be written before the server stopped/);
        const after = storeReader('sqlite', file).live().get(t.code);
        assert.ok(after.startsWith(before), after);
        const added = after.slice(before.length).split('\n').filter(Boolean);
        assert.ok(added[0]?.startsWith(`${t.names[0]} ${move}`), `the move '${move}' kept:\n${after}`);
        // The log counts in words a person reads: 1 table, 1 match.
        assert.match(srv.stderr, /stopping \(1 table, 1 match in play kept for the next start\)/);
        const again = await startServer({ dir: srv.dir, args: (dir) => ['--db', join(dir, 'store.db')] });
        try {
            await again.waitLog(/restored 1 table in progress in /);
            await again.close();
        } finally {
            await again.kill();
        }
    } finally {
        await lock?.release();
        await srv.kill();
    }
});

test('a server that cannot read its tables in progress (the file locked at its start) does not serve: exit 1 saying why', async () => {
    // A store stopped cleanly has no -wal left; with another process
    // holding the write lock, the tables in progress cannot be read in
    // the 5 s the start waits. The server served all the same, without
    // them ('no table restored'): their players found their links gone.
    const srv = await startServer({ args: (dir) => ['--db', join(dir, 'store.db')] });
    const file = join(srv.dir, 'store.db');
    await srv.stop('SIGTERM');
    const lock = await lockStore(file);
    let again = null;
    try {
        again = await startServer({ dir: srv.dir, args: (dir) => ['--db', join(dir, 'store.db')] })
            .then((s) => s, (e) => e);
        assert.ok(again instanceof Error, `the server served without its tables:\n${again.stderr}`);
        assert.match(again.message, /server exited \(1\) before printing its address/);
        assert.match(again.message, /store: the tables in progress cannot be read: sqlite: database is locked/);
        assert.match(again.message, /not serving: the tables in progress cannot be read from the store/);
    } finally {
        await lock.release();
        if (again && !(again instanceof Error)) await again.kill();
        await srv.kill();
    }
});
