// replaybuild.test.mjs - a replay is built on a worker, not on the
// server's loop (docs/http-api.md, "A replay"): while the replay of a
// match of a hundred thousand moves is built (about a second here), the
// server goes on answering everyone else; the replay is the one `leastscore
// replay` verifies; a request that goes away while its replay waits or is
// built leaves nothing behind (the server exits clean, sanitizers
// included); beyond 32 waiting, a request is told to try again (503);
// HEAD gets the headers alone; building it takes memory in proportion to
// its text.
//
// The match: two greedy players who may declare with 1 point at most, so
// that their rounds end at max_turns 100000 (30000 under the sanitizers;
// leastscore sim, seed 1).

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, BIN, T, sleep, withTimeout } from './lib.mjs';

// Under the sanitizers (T() stretches times) a third of it, which still
// takes them seconds to replay.
const MAX_TURNS = T(1) > 1 ? 30000 : 100000;

let made = null; // the record, made once for both tests, in recDir
const recDir = mkdtempSync(join(tmpdir(), 'ls-bigreplay-'));
after(() => rmSync(recDir, { recursive: true, force: true }));

function bigRecord() {
    if (made) return made;
    execFileSync(BIN, ['sim', '--players', 'greedy,greedy', '--matches', '1', '--seed', '1',
        '--declare-max', '1', '--max-turns', String(MAX_TURNS), '--threshold', '5', '--threads', '1',
        '--records', recDir], { stdio: 'ignore', timeout: T(60000) });
    made = join(recDir, readdirSync(recDir).find((f) => f.endsWith('.lsr')));
    return made;
}

// The big match put in srv's store as a finished one (its seats are not
// needed for a replay); its id.
function storeBig(srv, record) {
    const db = join(srv.dataDir, 'leastscore.db');
    execFileSync('sqlite3', ['-cmd', '.timeout 10000', db,
        `INSERT INTO matches (code, meta, record, rounds, started_at, finished_at) VALUES ('BIGGG', '{}', CAST(readfile('${record}') AS TEXT), 1, 0, 0)`]);
    return Number(execFileSync('sqlite3', [db, "SELECT id FROM matches WHERE code = 'BIGGG'"], { encoding: 'utf8' }));
}

// Each request below comes from a client of its own, as through a proxy
// (--trust-proxy): an address may ask the API 30 times at once.
let client = 0;
const fromOwn = () => ({ 'x-forwarded-for': `198.51.100.${++client % 250}` });

test('the server answers others while a big replay is built', async () => {
    const srv = await startServer({ args: ['--trust-proxy', '127.0.0.1'] });
    try {
        const record = bigRecord();
        const id = storeBig(srv, record);
        const c = await srv.connect({ label: 'other' });
        let answered = null, replied = null;
        const t0 = Date.now();
        const replay = fetch(`${srv.origin}/api/matches/${id}/replay`).then(async (r) => {
            replied = Date.now();
            return { status: r.status, json: await r.json() };
        });
        // The request is in; meanwhile another connection asks something.
        await sleep(200);
        await c.request({ type: 'watch', code: 'ZZZZZ' }, ['error'], T(60000));
        answered = Date.now();
        const r = await withTimeout(replay, T(120000), 'the replay');
        assert.equal(r.status, 200);
        assert.ok(answered < replied, `the other connection was answered ${answered - t0} ms `
            + `after the replay was asked for, the replay came at ${replied - t0} ms`);
        assert.equal(r.json.id, id);
        assert.ok(r.json.steps.length > MAX_TURNS, `${r.json.steps.length} steps`);
        const verified = JSON.parse(execFileSync(BIN, ['replay', '--json', record], { encoding: 'utf8', maxBuffer: 1 << 26 }));
        assert.equal(r.json.rounds, verified.rounds.length);
        assert.deepEqual(r.json.players, ['greedy', 'greedy2']);

        // Requests that go away while their replay waits or is built.
        const gone = [];
        for (let i = 0; i < 4; i++) {
            const ac = new AbortController();
            gone.push(fetch(`${srv.origin}/api/matches/${id}/replay`, { signal: ac.signal, headers: fromOwn() })
                .catch(() => 'aborted'));
            setTimeout(() => ac.abort(), 100 + 100 * i);
        }
        assert.deepEqual(await Promise.all(gone), ['aborted', 'aborted', 'aborted', 'aborted']);
        // More than 32 waiting: the others are told to try again.
        const acs = [], tries = [];
        for (let i = 0; i < 40; i++) {
            const ac = new AbortController();
            acs.push(ac);
            tries.push(fetch(`${srv.origin}/api/matches/${id}/replay`, { signal: ac.signal, headers: fromOwn() })
                .then(async (res) => ({
                    status: res.status, type: res.headers.get('content-type'),
                    retry: res.headers.get('retry-after'), text: res.status === 503 ? await res.text() : '',
                }))
                .catch(() => ({ status: 'aborted' })));
        }
        const busy = await withTimeout(Promise.race(tries.map((p) => p.then((x) => (x.status === 503 ? x : new Promise(() => {}))))),
            T(30000), 'a 503');
        // A JSON error as every other answer of the API (it was plain text).
        assert.equal(busy.type, 'application/json');
        assert.equal(busy.retry, '1');
        assert.deepEqual(JSON.parse(busy.text), {
            error: 'busy', message: 'the server is building other replays: try again in a moment',
        });
        for (const ac of acs) ac.abort();
        const answers = await Promise.all(tries);
        assert.ok(answers.every((x) => x.status === 503 || x.status === 'aborted'), JSON.stringify(answers));
        // HEAD: the headers of the replay, no body.
        // (once the requests that went away are gone from the line).
        let head;
        for (const end = Date.now() + T(20000); ; await sleep(100)) {
            head = await fetch(`${srv.origin}/api/matches/${id}/replay`, { method: 'HEAD', headers: fromOwn() });
            if (head.status !== 503 || Date.now() > end) break;
        }
        assert.equal(head.status, 200);
        assert.equal(head.headers.get('content-type'), 'application/json');
        assert.ok(Number(head.headers.get('content-length')) > 1000000);
        c.close();
        await srv.close();
    } finally {
        await srv.kill();
    }
});

// Server bug: a client that asked for a replay (17 MB here) and never read
// it held it in the server for ever (five such held 670 MB); the answer
// now waits at most --idle-timeout seconds for the client to read.
test('a client that does not read its answer is dropped after the idle timeout', async () => {
    const srv = await startServer({ args: ['--idle-timeout', '2'] });
    try {
        const id = storeBig(srv, bigRecord());
        const sock = connect({ host: '127.0.0.1', port: srv.port });
        sock.on('error', () => {});
        await new Promise((r) => sock.once('connect', r));
        sock.write(`GET /api/matches/${id}/replay HTTP/1.1\r\nHost: x\r\n\r\n`);
        // The answer's first bytes (once the replay is built), then nothing
        // read for longer than the 2 s of the timeout: the socket's buffers
        // fill and the server can write no more.
        let got = Buffer.alloc(0);
        const onData = (d) => { got = Buffer.concat([got, d]); };
        await withTimeout(new Promise((r) => sock.once('data', (d) => { onData(d); sock.pause(); r(); })),
            T(120000), 'the answer to begin');
        await sleep(6000);
        sock.on('data', onData);
        sock.resume();
        await withTimeout(new Promise((r) => sock.once('close', r)), T(30000), 'the end of the answer');
        const head = got.subarray(0, got.indexOf('\r\n\r\n')).toString('latin1');
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
        assert.ok(length > MAX_TURNS * 100, head);
        assert.ok(got.length < length, `the whole answer came (${got.length} bytes): the connection was not dropped`);
        await srv.close();
    } finally {
        await srv.kill();
    }
});

// The replay is written out step by step, not held as a tree of JSON
// values: building the 17 MB replay of the big match took the server's
// peak memory from 11 MB to 320 MB; it now grows by about twice the
// replay's text at most (35 MB in all by hand). The peak is the kernel's
// (VmHWM), so the test runs where /proc is and not under the sanitizers,
// whose own memory would be counted.
const noPeak = T(1) > 1 ? 'the sanitizers count their own memory' : null;
test('building a big replay takes memory in proportion to its text, not eight times over', { skip: noPeak ?? false }, async () => {
    const srv = await startServer();
    try {
        const id = storeBig(srv, bigRecord());
        const peak = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8'))[1]) * 1024;
        const before = peak();
        const r = await withTimeout(fetch(`${srv.origin}/api/matches/${id}/replay`).then((x) => x.text()), T(120000), 'the replay');
        const grew = peak() - before;
        assert.ok(r.length > 10_000_000, `${r.length} bytes`);
        assert.ok(grew < 3 * r.length, `the server grew by ${grew} bytes for a replay of ${r.length}`);
        console.log(`# the server grew by ${(grew / 1e6).toFixed(1)} MB for a replay of ${(r.length / 1e6).toFixed(1)} MB`);
        await srv.close();
    } finally {
        await srv.kill();
    }
});
