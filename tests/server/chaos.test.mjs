// chaos.test.mjs - hostile and careless clients at once: a dozen
// connections (8 under the sanitizers) from their own addresses do random
// things for a while (create, join, watch and resume with real and made-up
// codes and tokens, moves legal, stale and garbled, hints, chat lines good
// and bad, floods, garbage, oversized and binary frames, players and
// logins, dropping the connection at any moment), while the tables play on. Whatever they do, the server
// stays up, answers every error with a code the protocol documents, serves
// a new client at the end, exits 0 on SIGTERM with no sanitizer report,
// and every match it finished replays. It runs on each store (SQLite,
// and PostgreSQL when installed, as stores.mjs says). Under the sanitizers (the
// sancheck pass) this is the check on src/server/net.c that the fuzz
// targets, which stop at the parser and the tables, do not reach.
//
// The choices come from a seed (LS_SEED, printed); the timing does not,
// so a run is not repeated exactly, only its mix.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { startServer, chooseMove, rng, replay, sleep, withTimeout, T } from './lib.mjs';
import { backends } from './stores.mjs';

const SEED = Number(process.env.LS_SEED ?? 2027);
const SECONDS = Number(process.env.LS_CHAOS_SECONDS ?? 20);
// Fewer under the sanitizers, where the other test files share the cores.
const CLIENTS = process.env.LS_SANITIZED ? 8 : 12;

// The error codes docs/server-protocol.md lists.
const DOC = readFileSync(new URL('../../docs/server-protocol.md', import.meta.url), 'utf8');
const DOCUMENTED = new Set([...DOC.matchAll(/^\| `([a-z_]+)`(?: \/ `([a-z_]+)`)? \|/gm)]
    .flatMap((m) => [m[1], m[2]]).filter(Boolean));

for (const b of backends()) test(`chaos on ${b.name}: ${CLIENTS} careless and hostile clients for ${SECONDS} s`,
    { skip: b.skip }, async (t) => {
    t.diagnostic(`seed ${SEED} (set LS_SEED to replay the mix)`);
    assert.ok(DOCUMENTED.has('no_table') && DOCUMENTED.has('rate_limited'), 'the error table was read');
    const srv = await startServer({ grace: 3, args: (dir) => ['--round-pause', '1', '--idle-timeout', '6',
        '--max-tables-per-address', '50', ...b.args(dir)] });
    const rand = rng(SEED);
    const pick = (a) => a[Math.floor(rand() * a.length)];
    const hex = () => Array.from({ length: 32 }, () => pick([...'0123456789abcdef'])).join('');
    const names = ['Ada', 'Ben', 'ada', 'Cy', 'Dee', 'greedy', 'Eve', 'Flo'];
    const codes = new Set();
    const tokens = [];
    const errors = {};
    let sent = 0, moves = 0;
    const end = Date.now() + SECONDS * 1000;

    // One message a client might send now, or a thing to do instead.
    const next = (view, version) => {
        const r = rand();
        const code = codes.size && rand() < 0.8 ? pick([...codes]) : pick(['QQQQQ', 'ABCDE', 'nope', '']);
        if (r < 0.07) {
            return { type: 'create', name: pick(names), seats: 2 + Math.floor(rand() * 3),
                bots: rand() < 0.7 ? [pick(['random', 'greedy', 'expert'])] : [],
                turn_time: pick([0, 15]), rules: rand() < 0.4 ? { threshold: pick([1, 10, 25]) } : undefined };
        }
        if (r < 0.13) return { type: 'join', code, name: pick(names) };
        if (r < 0.16) return { type: 'watch', code };
        if (r < 0.19 && tokens.length) {
            const [c, tok] = pick(tokens);
            return { type: 'resume', code: c, token: rand() < 0.8 ? tok : hex(), version: rand() < 0.5 ? 0 : version };
        }
        if (r < 0.22) return { type: 'add_bot', level: pick(['random', 'greedy', 'expert', 'bogus']) };
        if (r < 0.27) return { type: 'start' };
        if (r < 0.55 && view?.hand) {
            let move;
            try { move = chooseMove(view, rand); } catch { move = 'declare'; }
            if (rand() < 0.1) move = pick(['discard ZZ draw', 'discard 2C 3C draw', 'declare now', 'take']);
            moves++;
            return { type: 'move', version: rand() < 0.9 ? version : version - 1, move };
        }
        if (r < 0.59) return { type: 'hint' };
        if (r < 0.63) return { type: 'next' };
        if (r < 0.66) return { type: 'sync', version: Math.floor(rand() * (version + 3)) };
        if (r < 0.68) return { type: 'leave' };
        if (r < 0.70) return { type: pick(['rematch', 'reopen']) };
        if (r < 0.72) return { type: 'remove', seat: Math.floor(rand() * 4) };
        if (r < 0.75) return { type: 'player', token: hex(), name: pick(names) + Math.floor(rand() * 50) };
        if (r < 0.76) return { type: 'login', name: pick(names), password: 'password', token: hex() };
        if (r < 0.77) return { type: 'set_password', password: 'p'.repeat(8 + Math.floor(rand() * 8)) };
        if (r < 0.79) return { raw: pick(['{', '[]', '{"type":"move"}', 'x'.repeat(5000), '{"type":"join","code":null}',
            '{"type":"move","version":1e300,"move":1}', '{"type":"create","id":{"a":1}}']) };
        if (r < 0.80) return { binary: Buffer.from([0xff, 0xfe, 0x00]) };
        if (r < 0.805) return { drop: true };
        if (r < 0.81) return { flood: 30 };
        if (r < 0.84) return { type: 'chat', text: pick(['gg', ' hi ', '', 'a\nb', 'é'.repeat(201), '🂡'.repeat(200), 7, 'x\u202Ey']) };
        return { pause: 5 + rand() * 60 };
    };

    const client = async (i) => {
        while (Date.now() < end) {
            const ws = new WebSocket(srv.url, { localAddress: `127.0.3.${i + 1}` });
            let view = null, version = 0, open = true;
            ws.on('message', (d) => {
                let m;
                try { m = JSON.parse(d); } catch { return; }
                if (m.type === 'state') {
                    version = m.version;
                    if (m.view) view = m.view;
                }
                if (m.type === 'joined') {
                    codes.add(m.code);
                    if (m.token) tokens.push([m.code, m.token]);
                }
                if (m.type === 'error') errors[m.code] = (errors[m.code] ?? 0) + 1;
            });
            ws.on('close', () => { open = false; });
            ws.on('error', () => { open = false; });
            await new Promise((r) => { ws.once('open', r); ws.once('close', r); });
            const life = Date.now() + 2000 + rand() * 10000;
            while (open && Date.now() < life && Date.now() < end) {
                const m = next(view, version);
                if (m.pause) { await sleep(m.pause); continue; }
                if (m.drop) break;
                try {
                    if (m.flood) for (let k = 0; k < m.flood; k++) ws.send('{"type":"sync","version":0}');
                    else if (m.binary) ws.send(m.binary, { binary: true });
                    else ws.send(m.raw ?? JSON.stringify(m));
                    sent++;
                } catch { /* closed meanwhile */ }
                await sleep(rand() * 100);
            }
            ws.terminate();
        }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    t.diagnostic(`${sent} messages, ${moves} moves sent, ${codes.size} tables; errors ${JSON.stringify(errors)}`);

    assert.equal(srv.exited, null, `the server died: ${srv.stderr.slice(-3000)}`);
    const undocumented = Object.keys(errors).filter((c) => !DOCUMENTED.has(c));
    assert.deepEqual(undocumented, [], 'error codes the protocol does not document');
    assert.ok(codes.size > 5 && sent > 500, `too little happened: ${sent} messages, ${codes.size} tables`);
    // A newcomer is served: a table with a computer player, a move played.
    const c = await srv.connect({ label: 'newcomer', localAddress: '127.0.4.1' });
    const j = await c.request({ type: 'create', name: 'Last', seats: 2, bots: ['greedy'] }, ['joined']);
    assert.match(j.code, /^[A-Z2-9]{5}$/);
    c.send({ type: 'start' });
    await withTimeout(c.next((m) => m.type === 'state' && m.view?.status === 'playing'), T(10000), 'the newcomer\'s match');
    c.close();
    await srv.stop('SIGTERM');
    assert.equal(srv.exited.code, 0, `exit after SIGTERM: ${JSON.stringify(srv.exited)}\n${srv.stderr.slice(-3000)}`);
    assert.doesNotMatch(srv.stderr, /Sanitizer|runtime error/);
    const files = srv.records();
    for (const f of files) replay(f);
    t.diagnostic(`${files.length} records replayed`);
    // The store kept the same matches as the record files, record for
    // record. A server restarted on the store (and the data directory)
    // serves them; match ids are read upwards until 20 in a row are
    // missing. The restarted server plays its restored tables on, so a
    // match it finishes meanwhile is in the store and gets its file too.
    const again = await startServer({ dir: srv.dir, args: (dir) => b.args(dir) });
    // (One address may ask the API 30 times at once, then 10 times a
    // second: past that, a 429 is waited out, a second as its
    // Retry-After says.)
    const getPaced = async (path) => {
        for (let tries = 0; ; tries++) {
            const r = await again.get(path);
            if (r.status !== 429) return r;
            assert.ok(tries < 20, `${path}: still 429 after ${tries} waits`);
            await sleep(1000);
        }
    };
    const stored = [];
    for (let id = 1, missing = 0; missing < 20; id++) {
        const r = await getPaced(`/api/matches/${id}.lsr`);
        if (r.status === 200) { stored.push(r.text); missing = 0; } else {
            assert.equal(r.status, 404, `match ${id}: ${r.text}`);
            missing++;
        }
    }
    const onDisk = new Set(files.map((f) => readFileSync(f, 'utf8')));
    assert.equal(new Set(stored).size, stored.length, 'a match stored twice');
    for (const text of onDisk) assert.ok(stored.includes(text), `a record file not in the store:\n${text}`);
    const later = stored.filter((x) => !onDisk.has(x));
    for (let i = 0; i < 50 && later.length; i++) {
        const now = new Set(again.records().map((f) => readFileSync(f, 'utf8')));
        if (later.every((x) => now.has(x))) break;
        await sleep(100);
    }
    const now = new Set(again.records().map((f) => readFileSync(f, 'utf8')));
    for (const text of later) assert.ok(now.has(text), `a stored match with no record file:\n${text}`);
    t.diagnostic(`${stored.length} matches in the store (${later.length} finished after the restart)`);
    await again.close();
    await srv.kill();
});
