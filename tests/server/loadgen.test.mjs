// loadgen.test.mjs - the load generator (tools/loadgen.c, built next to
// the binary under test) still speaks the protocol: a few clients against
// a real server, a short run, every client connected and seated, moves
// measured, no error. Its figures are a benchmark (docs/benchmarks.md),
// not checked here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startServer, BIN, T, SLOW } from './lib.mjs';

const LOADGEN = join(dirname(BIN), 'loadgen');

test('loadgen: 16 clients at 4 tables play, every move measured, no error', async () => {
    assert.ok(existsSync(LOADGEN), `${LOADGEN} is missing: make loadgen`);
    const srv = await startServer();
    const out = await new Promise((resolve, reject) => {
        // (3 s, or 9 under the sanitizers: a think of 50 ms allows some
        // 60 moves a table in 3 s; a machine running other tests measured
        // 114 in all, and one loaded far more only 19)
        execFile(LOADGEN, ['--url', srv.url, '--clients', '16', '--think', '50', '--duration', String(3 * SLOW), '--ramp', '200'],
            { timeout: T(30000) }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)));
    });
    const r = Object.fromEntries(out.trim().split('\n').map((l) => {
        const i = l.indexOf(' ');
        return [l.slice(0, i), l.slice(i + 1)];
    }));
    assert.equal(r.connected, '16', out);
    assert.equal(r.connect_failures, '0', out);
    assert.equal(r.dropped, '0', out);
    assert.equal(r.seated, '16', out);
    assert.equal(r.tables_started, '4', out);
    assert.equal(r.errors, '0', out);
    // Moves went round at every table: more than one a table, however
    // loaded the machine (how many is a benchmark's figure).
    assert.ok(Number(r.moves_measured) >= 8, out);
    assert.ok(Number(r.moves_measured) <= Number(r.moves_sent), out);
    assert.ok(Number(r.latency_ms_max) >= Number(r.latency_ms_p50), out);
    await srv.close();
});

test('loadgen: bad arguments are refused with a message', async () => {
    const run = (args) => new Promise((resolve) => {
        execFile(LOADGEN, args, { timeout: T(10000) }, (err, stdout, stderr) => resolve({ code: err?.code ?? 0, stderr }));
    });
    let r = await run(['--url', 'ws://10.1.2.3:80/ws']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /not a loopback address/);
    r = await run(['--url', 'ws://127.0.0.1:1/ws', '--clients', 'many']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--clients must be a whole number/);
    r = await run(['--bogus']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown argument '--bogus'/);
});
