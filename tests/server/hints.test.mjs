// hints.test.mjs - hints do not hold the computer players back
// (docs/server-protocol.md, Limits): a hint is the expert's search, and
// players asking for one after another at many tables took every worker,
// so that every table's computer players waited behind them (by hand: a
// greedy player's move, 8 ms alone, took 2.7 s in the median and 9 s at
// most with 16 such players). Hints, replays and logins together take one
// worker fewer than the threads, the others wait their turn; each is
// still answered.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startServer, chooseMove, rng, T, BIN, withTimeout } from './lib.mjs';

test('players asking for hints without end do not hold back the computer players', async () => {
    const srv = await startServer({ args: ['--max-tables-per-address', '30'] });
    let run = true;
    const askers = [];
    for (let i = 0; i < 24; i++) {
        const c = await srv.connect({ label: `asker${i}` });
        await c.request({ type: 'create', name: `Asker${i}`, seats: 2, bots: ['expert'] }, ['joined']);
        c.send({ type: 'start' });
        await c.stateWhere((s) => s.view.status === 'playing' && s.view.turn === s.view.you, 'its turn', T(30000));
        askers.push((async () => {
            let n = 0;
            while (run) {
                c.send({ type: 'hint' });
                const a = await c.next((m) => m.type === 'hint' || m.type === 'error', 'a hint', T(60000));
                assert.equal(a.type, 'hint', JSON.stringify(a));
                n++;
            }
            return n;
        })());
    }
    // A person against greedy, at another table: how long its computer
    // player takes to answer each move.
    const p = await srv.connect({ label: 'probe' });
    await p.request({ type: 'create', name: 'Probe', seats: 2, bots: ['greedy'] }, ['joined']);
    p.send({ type: 'start' });
    const rand = rng(1);
    const waits = [];
    const mine = (s) => (s.view.status !== 'playing' && s.view.status !== 'lobby') || s.view.turn === s.view.you;
    while (waits.length < 12) {
        let st = p.lastState();
        if (!st || !mine(st)) st = await p.stateWhere(mine, 'the probe\'s turn', T(60000));
        if (st.view.status === 'over') break;
        if (st.view.status !== 'playing') {
            p.send({ type: 'next' });
            await p.next((m) => m.type === 'state' && m.version > st.version, 'the next round', T(60000));
            continue;
        }
        const t0 = Date.now();
        p.send({ type: 'move', version: st.version, move: chooseMove(st.view, rand, -1) });
        await p.next((m) => m.type === 'state' && m.version > st.version && mine(m), 'the computer\'s answer', T(60000));
        waits.push(Date.now() - t0);
    }
    run = false;
    const hints = (await Promise.all(askers)).reduce((a, b) => a + b, 0);
    waits.sort((a, b) => a - b);
    const median = waits[waits.length >> 1];
    assert.ok(median < T(1500), `the computer player answered in ${median} ms (median of ${waits.join(' ')}) while ${hints} hints were computed`);
    assert.ok(hints > 0);
    await srv.close();
});

// Forced rather than timed: LS_TEST_JOB_HOLD (net.c, tests only) makes the
// worker of a hint, a replay or a login wait while a file exists; a
// computer player's move must still come while they are held. Hints,
// replays and logins together take one worker fewer than the threads (2
// threads at least): before, hints took workers - 1 but replays and logins
// a worker each besides, so that a held hint and a held password change
// with the default 2 workers, or a held hint alone with --workers 1, kept
// the move waiting for as long as they were held.
// A finished match put in srv's store (a short one: sim, seed 1); its id.
function storeMatch(srv, dir) {
    execFileSync(BIN, ['sim', '--players', 'greedy,greedy', '--matches', '1', '--seed', '1',
        '--threads', '1', '--records', dir], { stdio: 'ignore', timeout: T(60000) });
    const record = join(dir, readdirSync(dir).find((f) => f.endsWith('.lsr')));
    const db = join(srv.dataDir, 'leastscore.db');
    execFileSync('sqlite3', ['-cmd', '.timeout 10000', db,
        `INSERT INTO matches (code, meta, record, rounds, started_at, finished_at) VALUES ('HELD1', '{}', CAST(readfile('${record}') AS TEXT), 1, 0, 0)`]);
    return Number(execFileSync('sqlite3', [db, "SELECT id FROM matches WHERE code = 'HELD1'"], { encoding: 'utf8' }));
}

async function heldJobsLeaveAMove({ workers, hints, passwords, replays = false }) {
    const dir = mkdtempSync(join(tmpdir(), 'ls-job-hold-'));
    const hold = join(dir, 'hold');
    writeFileSync(hold, '');
    const srv = await startServer({ env: { LS_TEST_JOB_HOLD: hold },
        args: ['--trust-proxy', '127.0.0.1', ...(workers ? ['--workers', String(workers)] : [])] });
    let asks = [];
    try {
        const askers = [];
        for (let i = 0; i < hints; i++) {
            const c = await srv.connect({ label: `asker${i}` });
            await c.request({ type: 'create', name: `Held${i}`, seats: 2, bots: ['expert'] }, ['joined']);
            c.send({ type: 'start' });
            await c.stateWhere((s) => s.view.status === 'playing' && s.view.turn === s.view.you, 'its turn', T(30000));
            askers.push(c);
        }
        const setters = [];
        for (let i = 0; i < passwords; i++) {
            const c = await srv.connect({ label: `setter${i}` });
            c.send({ type: 'player', name: `Setter${i}`, token: randomBytes(16).toString('hex') });
            await c.next('player');
            setters.push(c);
        }
        const p = await srv.connect({ label: 'probe' });
        await p.request({ type: 'create', name: 'Probe', seats: 2, bots: ['greedy'] }, ['joined']);
        // Each held job is taken (a second one is answered busy, so the
        // server has the first) before the probe's table starts.
        const taken = async (c, type, msg, id) => {
            c.sendNow({ type, id, ...msg });
            c.sendNow({ type, id: `again-${id}`, ...msg });
            const e = await c.next((m) => m.type === 'error' && m.id === `again-${id}`, `the second ${type} refused`, T(30000));
            assert.equal(e.code, 'busy', JSON.stringify(e));
        };
        for (const [i, c] of askers.entries()) await taken(c, 'hint', {}, `h${i}`);
        for (const [i, c] of setters.entries()) await taken(c, 'set_password', { password: 'correct horse' }, `pw${i}`);
        if (replays) {
            // Replays asked for until one is answered 503 busy (32 wait
            // besides the one built, or waiting for a worker): the server
            // has them. Each from an address of its own (--trust-proxy).
            const id = storeMatch(srv, dir);
            let busy;
            const told = new Promise((resolve) => { busy = resolve; });
            asks = Array.from({ length: 34 }, (_, i) => fetch(`${srv.origin}/api/matches/${id}/replay`,
                { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } })
                .then(async (r) => { if (r.status === 503) busy(); await r.arrayBuffer(); return r.status; })
                .catch((e) => `failed (${e.message})`));
            await withTimeout(told, T(30000), 'a replay answered busy while one is held');
        }
        p.send({ type: 'start' });
        const mine = (s) => s.view.status !== 'lobby' && (s.view.status !== 'playing' || s.view.turn === s.view.you);
        const st = await p.stateWhere(mine, 'the probe\'s turn (the computer player may move first)', T(30000));
        if (st.view.status === 'playing') {
            p.send({ type: 'move', version: st.version, move: chooseMove(st.view, rng(2), -1) });
            await p.next((m) => m.type === 'state' && m.version > st.version && mine(m),
                `the computer player's move while ${hints} hint(s), ${passwords} password change(s) and ${replays ? 'a' : 'no'} replay are held`, T(30000));
        }
        rmSync(hold);
        for (const [i, c] of askers.entries()) {
            const h = await c.next((m) => m.type === 'hint' || (m.type === 'error' && m.id === `h${i}`), 'the held hint', T(60000));
            assert.equal(h.type, 'hint', JSON.stringify(h));
        }
        for (const [i, c] of setters.entries()) {
            const a = await c.next((m) => m.type === 'player' || (m.type === 'error' && m.id === `pw${i}`), 'the held password change', T(60000));
            assert.equal(a.type, 'player', JSON.stringify(a));
            assert.equal(a.has_password, true);
        }
        const statuses = await withTimeout(Promise.all(asks), T(60000), 'the held replays');
        assert.ok(!replays || statuses.includes(200), `replays answered ${statuses.join(' ')}`);
    } finally {
        rmSync(dir, { recursive: true, force: true });
        await srv.close();
    }
}

test('two hints held in flight: another table\'s computer player still moves', async () => {
    await heldJobsLeaveAMove({ hints: 2, passwords: 0 });
});

test('a hint and a password change held: another table\'s computer player still moves', async () => {
    await heldJobsLeaveAMove({ hints: 1, passwords: 1 });
});

test('a hint and a replay held: another table\'s computer player still moves', async () => {
    await heldJobsLeaveAMove({ hints: 1, passwords: 0, replays: true });
});

test('--workers 1: a held replay does not keep a computer player\'s move waiting', async () => {
    await heldJobsLeaveAMove({ workers: 1, hints: 0, passwords: 0, replays: true });
});

test('--workers 1: a held hint does not keep a computer player\'s move waiting', async () => {
    await heldJobsLeaveAMove({ workers: 1, hints: 1, passwords: 0 });
});

test('--workers 1: a held password change does not keep a computer player\'s move waiting', async () => {
    await heldJobsLeaveAMove({ workers: 1, hints: 0, passwords: 1 });
});
