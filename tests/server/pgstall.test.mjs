// pgstall.test.mjs - a PostgreSQL store that stops answering (its
// processes stopped with SIGSTOP: a machine unreachable without a reset,
// or a server frozen, looks the same to the server) pauses the table
// whose move is waiting for it, and holds nothing else: the server waits
// for a statement's answer 4 s at most (docs/store.md), then the store is
// failing, the players are told (`store`), and every other request is
// served meanwhile. Once the database answers again the move is kept
// once, not twice: the statement that seemed to fail was executed all the
// same when the database woke, and is not written again (its record
// would no longer replay); the match is then played to its end and
// finished in the store. Before, the server waited for ever: no HTTP
// answer, no WebSocket, nothing, until the database came back, and then
// the move was in the record twice.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, AutoPlayer, allDone, chooseMove, rng, storeReader, parseRecord, replay, T } from './lib.mjs';
import { makeTable, settle, uniqueName } from './tables.mjs';
import { pgCluster } from './stores.mjs';

// The cluster's processes: the postmaster and its children.
function clusterPids(dir) {
    const main = readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0].trim();
    let kids = [];
    try {
        kids = execFileSync('pgrep', ['-P', main], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    } catch { /* none */ }
    return [main, ...kids].map(Number);
}

const signal = (pids, sig) => { for (const p of pids) try { process.kill(p, sig); } catch { /* gone */ } };

const cluster = pgCluster();

// withStoppedCluster(opts, fn): the opening every test here shares. It
// starts a server on the cluster; with opts.table (makeTable's options)
// it makes that table and waits until everyone has seen it; it calls
// opts.ready(ctx) if given (what a test does while the database still
// answers); then it stops the cluster with SIGSTOP and, with a table, has
// its person send a move that meets the stopped database. fn(ctx) is the
// test: ctx is {srv, t, st (the table's state before the move), move,
// resume()}, resume() the SIGCONT that lets the database answer again.
// The cluster is resumed and the server killed whatever fn does, and
// closed cleanly (srv.close()) when fn returns.
async function withStoppedCluster(opts, fn) {
    const srv = await startServer({ args: ['--db', cluster.url] });
    let stopped = [];
    const ctx = {
        srv, t: null, st: null, move: null,
        resume() { signal(stopped, 'SIGCONT'); stopped = []; },
    };
    try {
        if (opts.table) {
            ctx.t = await makeTable(srv, opts.table);
            await settle(ctx.t);
            ctx.st = ctx.t.host.lastState();
        }
        if (opts.ready) await opts.ready(ctx);
        stopped = clusterPids(cluster.dir);
        signal(stopped, 'SIGSTOP');
        if (ctx.t) {
            ctx.move = chooseMove(ctx.st.view, rng(7));
            ctx.t.host.send({ type: 'move', version: ctx.st.version, move: ctx.move });
        }
        await fn(ctx);
        await srv.close();
    } finally {
        ctx.resume();
        await srv.kill();
    }
}

test('a PostgreSQL store that stops answering pauses the table, not the server; the move is kept once', { skip: cluster.skip }, async () => {
    const table = { seats: 2, bots: ['greedy'], humans: 1, rules: { threshold: 20 }, start: true };
    const ready = ({ st }) => assert.equal(st.view.turn, st.view.you, 'the person moves first');
    await withStoppedCluster({ table, ready }, async ({ srv, t, st, move, resume }) => {
        const paused = await t.host.next('store', 'the table paused (store ok: false)', T(30000));
        assert.equal(paused.ok, false);
        assert.equal(paused.paused, true);
        assert.match(paused.message, /postgresql: no answer in 4 s/);
        // The server answers meanwhile: a page, and a new game connection.
        const page = await srv.get('/');
        assert.equal(page.status, 200);
        const other = await srv.connect({ label: 'other' });
        other.close();
        resume();
        const back = await t.host.next('store', 'the store back (ok: true)', T(20000));
        assert.equal(back.ok, true);
        await t.host.stateWhere((s) => s.version > st.version, 'the move shown');
        // The move is in the record once.
        const record = storeReader('postgresql', cluster.url).live().get(t.code);
        assert.ok(record, 'the table is in progress in the store');
        const lines = record.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
        for (let i = 1; i < lines.length; i++) {
            assert.notEqual(lines[i], lines[i - 1], `a line twice in the record:\n${record}`);
        }
        assert.equal(parseRecord(record).rounds[0].moves[0]?.name, t.names[0], record);
        const first = lines.find((l) => l.startsWith(`${t.names[0]} `));
        assert.ok(first.startsWith(`${t.names[0]} ${move}`), `the first move is '${move}':\n${record}`);
        // The match goes on to its end and is finished in the store.
        const p = new AutoPlayer(t.host, { seed: 3, next: true });
        await allDone([p], T(60000));
        const fin = await (async () => {
            for (let i = 0; i < T(100); i++) {
                const f = storeReader('postgresql', cluster.url).finished().get(t.code);
                if (f) return f;
                await new Promise((r) => setTimeout(r, 100));
            }
            return null;
        })();
        assert.ok(fin, 'the match is finished in the store');
        const files = srv.records();
        assert.equal(files.length, 1);
        assert.ok(replay(files[0]).finished);
    });
});

// The JSON API while the database is out of reach: a request that meets
// the connection lost (or not answered in 4 s), or comes while it is
// being made again, is answered 503 with Retry-After and a JSON error
// saying the store cannot be reached for now (docs/http-api.md), not 500
// as if the store had failed; once the database answers, the same request
// is answered 200.
async function api(srv, path) {
    const res = await fetch(`${srv.origin}${path}`, { signal: AbortSignal.timeout(T(60000)) });
    const text = await res.text();
    return { status: res.status, retry: res.headers.get('retry-after'), type: res.headers.get('content-type'), text };
}

test('the JSON API answers 503 with Retry-After while PostgreSQL is out of reach', { skip: cluster.skip }, async () => {
    const ready = async ({ srv }) => assert.equal((await api(srv, '/api/leaderboard')).status, 200);
    await withStoppedCluster({ ready }, async ({ srv, resume }) => {
        // The first request waits for the statement's answer (4 s), the
        // next ones for the reconnection (half a second at most): each is a 503.
        for (let i = 0; i < 3; i++) {
            const r = await api(srv, '/api/leaderboard');
            assert.equal(r.status, 503, `request ${i}: ${r.status} ${r.text}`);
            assert.equal(r.retry, '5');
            assert.match(r.type, /^application\/json/);
            const body = JSON.parse(r.text);
            assert.equal(body.error, 'store_unavailable');
            assert.match(body.message, /^the store cannot be reached for now; try again in a few seconds \(postgresql: /);
        }
        const player = await api(srv, '/api/players/Nobody');
        assert.equal(player.status, 503, player.text);
        resume();
        let r;
        const deadline = Date.now() + T(60000);
        do {
            await new Promise((res) => setTimeout(res, 500));
            r = await api(srv, '/api/leaderboard');
        } while (r.status !== 200 && Date.now() < deadline);
        assert.equal(r.status, 200, r.text);
        assert.equal(r.retry, null);
        assert.equal((await api(srv, '/api/players/Nobody')).status, 404);
    });
});

// The game's own requests that reach the store (`player`, `login`) while
// the database is out of reach: answered `store_unavailable`, a code that
// says to try again in a few seconds (docs/server-protocol.md), as the
// JSON API answers 503, not `store_failed` as if the store had failed;
// once the database answers, the same `player` makes the player. Before,
// store_failed.
test('player and login answer store_unavailable while PostgreSQL is out of reach', { skip: cluster.skip }, async () => {
    const ready = async (ctx) => { ctx.c = await ctx.srv.connect({ label: 'ada' }); };
    await withStoppedCluster({ ready }, async ({ c, resume }) => {
        const token = 'a1'.repeat(16);
        // The first waits for the statement's answer (4 s), the next for
        // the reconnection; a login opens a connection of its own (5 s).
        for (const [i, msg] of [{ type: 'player', token, name: 'Ada', id: 1 },
            { type: 'player', token, name: 'Ada', id: 2 },
            { type: 'login', name: 'Ada', password: 'correct horse', token: 'b2'.repeat(16), id: 3 }].entries()) {
            c.send(msg);
            const e = await c.next('error', `the error for request ${i}`, T(30000));
            assert.equal(e.code, 'store_unavailable', JSON.stringify(e));
            assert.equal(e.request, msg.type);
            assert.equal(e.id, msg.id);
            assert.match(e.message, /^the store cannot be reached for now; try again in a few seconds \(postgresql: /);
        }
        resume();
        let reply;
        const deadline = Date.now() + T(60000);
        do {
            await new Promise((res) => setTimeout(res, 500));
            c.send({ type: 'player', token, name: 'Ada' });
            reply = await c.next((m) => m.type === 'player' || m.type === 'error', 'the answer to player', T(30000));
        } while (reply.type === 'error' && reply.code === 'store_unavailable' && Date.now() < deadline);
        assert.equal(reply.type, 'player', JSON.stringify(reply));
        assert.equal(reply.name, 'Ada');
        c.close();
    });
});

// How long the loop is held while the database does not answer, after
// the statement that met it: the reconnections tried meanwhile wait for it
// half a second at most each. Each call waited 2 s (the store's retry, a
// request) through every reconnection's 5 s: some 4 s in every 5 to 7 s
// the server answered nobody, for as long as the database was stopped.
// Here a page is asked for every 100 ms for 12 s (two reconnections and
// more): each is answered within a second. Only the tables' connection
// meets the stopped database (the page asks nothing of the store).
test('while PostgreSQL does not answer, a reconnection holds the loop half a second at most', { skip: cluster.skip }, async () => {
    const table = { seats: 2, bots: ['greedy'], humans: 1, start: true };
    await withStoppedCluster({ table }, async ({ srv, t, resume }) => {
        assert.equal((await t.host.next('store', 'the table paused', T(30000))).ok, false);
        const slow = [];
        for (const t0 = Date.now(); Date.now() - t0 < 12000;) {
            const a = Date.now();
            assert.equal((await srv.get('/')).status, 200);
            const took = Date.now() - a;
            if (took > T(1000)) slow.push(`${took} ms at ${((a - t0) / 1000).toFixed(1)} s`);
            await new Promise((r) => setTimeout(r, 100));
        }
        assert.deepEqual(slow, [], 'pages answered late');
        resume();
        assert.equal((await t.host.next('store', 'the store back', T(20000))).ok, true);
    });
});

// The statements that meet a stopped database, one on each of the
// server's two connections (the tables' and the API's), hold the loop one
// after the other: 10 s each made 20 s, longer than --idle-timeout (15 s),
// and every game connection was dropped (closed with no close frame),
// players and watchers alike. With 4 s each they are not: the table's
// player and an idle connection are still there when the database is
// back, and the move is shown.
test('a stopped PostgreSQL does not hold the loop long enough to drop the game connections', { skip: cluster.skip }, async () => {
    const table = { seats: 2, bots: ['greedy'], humans: 1, start: true };
    const ready = async (ctx) => { ctx.idle = await ctx.srv.connect({ label: 'idle' }); };
    await withStoppedCluster({ table, ready }, async ({ srv, t, st, idle, resume }) => {
        const api = fetch(`${srv.origin}/api/leaderboard`, { signal: AbortSignal.timeout(T(40000)) });
        const paused = await t.host.next('store', 'the table paused', T(30000));
        assert.match(paused.message, /postgresql: no answer in 4 s/);
        assert.equal((await api).status, 503);
        // Past --idle-timeout after the holds, with reconnections tried.
        await new Promise((r) => setTimeout(r, 16000));
        assert.equal(t.host.closed, null, 'the player was dropped');
        assert.equal(idle.closed, null, 'the idle connection was dropped');
        resume();
        assert.equal((await t.host.next('store', 'the store back', T(20000))).ok, true);
        await t.host.stateWhere((s) => s.version > st.version, 'the move shown');
        idle.close();
    });
});

// The server's two connections on its loop tell each other that the
// database stopped answering: once a statement on one has waited its 4 s
// in vain, the other is not sent to wait 4 s in its turn (the loop was
// held 8.5 s, the two one after the other), but fails at once, within
// the half second its reconnection may wait, with the store's error,
// until the database answers again. Both ways: the tables' store first
// (a move), then the API; the API first, then a move.
test('once PostgreSQL has not answered one connection, the other fails at once', { skip: cluster.skip }, async () => {
    const table = { seats: 2, bots: ['greedy'], humans: 1, start: true };
    await withStoppedCluster({ table }, async ({ srv, t, st, resume }) => {
        const paused = await t.host.next('store', 'the table paused', T(30000));
        assert.match(paused.message, /postgresql: no answer in 4 s/);
        const t0 = Date.now();
        const r = await api(srv, '/api/leaderboard');
        const took = Date.now() - t0;
        assert.equal(r.status, 503, r.text);
        assert.equal(JSON.parse(r.text).error, 'store_unavailable');
        assert.ok(took < T(2000), `the API request was answered after ${took} ms, not at once`);
        resume();
        assert.equal((await t.host.next('store', 'the store back', T(20000))).ok, true);
        await t.host.stateWhere((s) => s.version > st.version, 'the move shown');
    });
});

test('once PostgreSQL has not answered the API, a move pauses its table at once', { skip: cluster.skip }, async () => {
    let t, st;
    const ready = async ({ srv }) => {
        t = await makeTable(srv, { seats: 2, bots: ['greedy'], humans: 1, start: true });
        await settle(t);
        st = t.host.lastState();
    };
    await withStoppedCluster({ ready }, async ({ srv, resume }) => {
        const r = await api(srv, '/api/leaderboard');
        assert.equal(r.status, 503, r.text);
        assert.match(JSON.parse(r.text).message, /postgresql: no answer in 4 s/);
        const t0 = Date.now();
        t.host.send({ type: 'move', version: st.version, move: chooseMove(st.view, rng(7)) });
        const paused = await t.host.next('store', 'the table paused', T(30000));
        const took = Date.now() - t0;
        assert.equal(paused.ok, false);
        assert.match(paused.message, /\(postgresql: /);
        assert.ok(took < T(2000), `the table was paused after ${took} ms, not at once`);
        resume();
        assert.equal((await t.host.next('store', 'the store back', T(20000))).ok, true);
        await t.host.stateWhere((s) => s.version > st.version, 'the move shown');
    });
});

// A guest's create asks the store whether the name is a player's (or
// looks like one) on the loop; while PostgreSQL does not answer, that
// question is waited for half a second at most, and the guest sits,
// unrated, as when the store cannot be asked. Another table's sync sent
// meanwhile is answered within a second and a half. Before, the question
// waited the 4 s of any statement, and every table, ping and page with it
// (measured: the sync answered after 3952 ms).
test('a guest\'s create while PostgreSQL does not answer holds the other tables half a second at most', { skip: cluster.skip }, async () => {
    let t, st, guest;
    const ready = async ({ srv }) => {
        t = await makeTable(srv, { seats: 2, bots: ['greedy'], humans: 1, spectator: false });
        await settle(t);
        st = t.host.lastState();
        guest = await srv.connect({ label: 'guest' });
    };
    await withStoppedCluster({ ready }, async ({ resume }) => {
        const t0 = Date.now();
        const made = guest.request({ type: 'create', name: uniqueName('G'), seats: 2, bots: ['greedy'] }, ['joined', 'error']);
        await new Promise((r) => setTimeout(r, 50));
        const t1 = Date.now();
        t.host.send({ type: 'sync', version: st.version });
        await t.host.next('state', 'the answer to sync', T(20000));
        const syncMs = Date.now() - t1;
        const j = await made;
        const createMs = Date.now() - t0;
        assert.equal(j.type, 'joined', JSON.stringify(j));
        assert.ok(syncMs < T(1500), `the other table's sync was answered after ${syncMs} ms`);
        assert.ok(createMs < T(1500), `the guest's create was answered after ${createMs} ms`);
        resume();
        guest.close();
    });
});

// The server's own sessions on the cluster (not psql's), by backend pid:
// a connection made again has a new one.
function serverSessions() {
    const sql = "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend'"
        + " AND application_name NOT LIKE 'psql%' AND pid <> pg_backend_pid() ORDER BY pid";
    return execFileSync('psql', [cluster.url, '-X', '-q', '-A', '-t', '-c', sql], { encoding: 'utf8' })
        .trim().split('\n').filter(Boolean).map(Number);
}

// holdLooks(ms): another session holds player_looks locked for ms, so that
// a guest's name check (the one statement that reads it) is answered late
// by a database that answers everything else: PostgreSQL slow but alive.
// Resolves once the lock is held, with a promise of the session's end.
async function holdLooks(ms) {
    const sql = `BEGIN; LOCK TABLE player_looks IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(${ms / 1000}); COMMIT`;
    const child = spawn('psql', [cluster.url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], { stdio: 'ignore' });
    const done = new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`)))));
    const held = "SELECT count(*) FROM pg_locks WHERE relation = 'player_looks'::regclass AND granted AND mode = 'AccessExclusiveLock'";
    for (let i = 0; i < 200; i++) {
        if (execFileSync('psql', [cluster.url, '-X', '-q', '-A', '-t', '-c', held], { encoding: 'utf8' }).trim() === '1') return { done };
        await new Promise((r) => setTimeout(r, 25));
    }
    child.kill();
    throw new Error('the lock on player_looks was not taken');
}

// A guest's name check that PostgreSQL answers late (slow but alive: a
// lock held 2 s on what it reads) is given up on after its half second,
// not the connection: the guest sits unrated, both of the server's
// connections are the same sessions afterwards, and the table in play
// beside it is never paused. Before, each such check closed the API's
// connection and told the tables' one to make itself again too: two new
// sessions per guest, the tables' store failing while it was made again.
test('a guest\'s name check answered late keeps the server\'s connections', { skip: cluster.skip }, async () => {
    const srv = await startServer({ args: ['--db', cluster.url] });
    try {
        const t = await makeTable(srv, { seats: 2, bots: ['greedy'], humans: 1, start: true, spectator: false });
        await settle(t);
        const st = t.host.lastState();
        assert.equal(st.view.turn, st.view.you, 'the person moves first');
        assert.equal((await api(srv, '/api/leaderboard')).status, 200);
        const before = serverSessions();
        const guests = [await srv.connect({ label: 'guest1' }), await srv.connect({ label: 'guest2' })];
        const lock = await holdLooks(2000);
        for (const g of guests) {
            const j = await g.request({ type: 'create', name: uniqueName('G'), seats: 2 }, ['joined', 'error']);
            assert.equal(j.type, 'joined', JSON.stringify(j));
        }
        await lock.done;
        // The late answers are read and dropped by the next statements.
        assert.equal((await api(srv, '/api/leaderboard')).status, 200);
        t.host.send({ type: 'move', version: st.version, move: chooseMove(st.view, rng(7)) });
        await t.host.stateWhere((s) => s.version > st.version, 'the move shown');
        assert.deepEqual(t.host.frames.filter((m) => m.type === 'store'), [], 'the table was told of the store');
        assert.deepEqual(serverSessions(), before, 'the server made its connections again');
        for (const g of guests) g.close();
        await srv.close();
    } finally {
        await srv.kill();
    }
});
