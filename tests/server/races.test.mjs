// races.test.mjs - requests that come together or over and over
// (docs/server-protocol.md, "Seats and connections"): a client that joins
// and leaves one table hundreds of times leaves it as it was and the
// server no larger; two connections of one seat moving on the same turn
// at the same moment play one move; every seat asking for the rematch at
// once starts one; the host leaving while the round is dealt passes the
// host on; a table left to computer players alone closes after the grace
// time, its match dropped.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, T, sleep } from './lib.mjs';
import { makeTable, settle, now, mover, mark, uniqueName } from './tables.mjs';

const rssKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

// Joins and leaves n times, from fresh connections (each keeps within its
// budget of messages); returns the answers' types.
async function churn(srv, code, n) {
    const seen = new Set();
    for (let i = 0; i < n;) {
        const c = await srv.connect({ label: `churn${i}` });
        for (let k = 0; k < 8 && i < n; k++, i++) {
            const r = await c.request({ type: 'join', code, name: uniqueName('Ch') }, ['joined', 'error']);
            seen.add(r.type === 'error' ? r.code : r.type);
            c.send({ type: 'leave' });
            await mark(c);
        }
        c.close();
    }
    return seen;
}

// AddressSanitizer keeps freed memory aside (its quarantine, 256 MiB)
// before it reuses it: the server under it grew 140 MiB over these joins.
// Without the quarantine its allocator reuses what is freed, as malloc does.
const noQuarantine = () => ({ ASAN_OPTIONS: [process.env.ASAN_OPTIONS, 'quarantine_size_mb=0'].filter(Boolean).join(':') });

test('joining and leaving one table 250 times leaves it as it was, the server no larger', async (t0) => {
    const srv = await startServer({ env: noQuarantine() });
    try {
        const t = await makeTable(srv, { seats: 4, bots: ['greedy'], humans: 2 });
        const before = now(t).view.seats.map((s) => s.name);
        // A first round warms the allocator; the second is measured.
        assert.deepEqual([...await churn(srv, t.code, 50)], ['joined']);
        await settle(t);
        const rss0 = rssKiB(srv.proc.pid);
        assert.deepEqual([...await churn(srv, t.code, 200)], ['joined']);
        await settle(t);
        const rss1 = rssKiB(srv.proc.pid);
        t0.diagnostic(`the server's RSS: ${rss0} KiB, then ${rss1} KiB`);
        const after = now(t).view.seats.map((s) => s.name);
        assert.deepEqual(after, before, 'the seats as before');
        assert.equal(now(t).view.seats.length, 3);
        assert.ok(rss1 - rss0 < 4096, `the server grew by ${rss1 - rss0} KiB over 200 joins and leaves`);
        // The table still starts and plays.
        t.host.send({ type: 'start' });
        await t.host.stateWhere((s) => s.view.status === 'playing', 'the match to start');
    } finally {
        await srv.close();
    }
});

test('two connections of one seat moving at the same moment: one move counts, the other is told why', async () => {
    const srv = await startServer();
    try {
        const t = await makeTable(srv, { seats: 2, bots: [], humans: 2, start: true });
        let m = mover(t);
        const i = t.players.indexOf(m);
        // The same seat on a second connection, by its token: the newer
        // holds it, the first is told `removed`.
        const twin = await srv.connect({ label: 'twin' });
        const r = await twin.request({ type: 'resume', code: t.code, token: t.tokens[i] }, ['state', 'error']);
        assert.equal(r.type, 'state', JSON.stringify(r));
        const v = r.view;
        const move = { type: 'move', version: r.version, move: `discard ${v.hand[0]} draw` };
        m.sendNow(move);
        twin.sendNow(move);
        // The first connection is told its seat went to the other, then
        // that its move is not taken.
        await m.next((f) => f.type === 'removed', 'the first connection told `removed`');
        const a = await m.next((f) => f.type === 'error' && f.request === 'move', 'the first move refused');
        assert.ok(['not_at_table', 'not_seated', 'stale'].includes(a.code), JSON.stringify(a));
        const s = await twin.stateWhere((x) => x.version > r.version, 'the move played');
        await mark(twin);
        const played = s.events.filter((e) => e.kind === 'move');
        assert.equal(played.length, 1, `moves played: ${JSON.stringify(played)}`);
    } finally {
        await srv.close();
    }
});

test('every seat asking for the rematch at once starts one match; the others are told they are not the host', async () => {
    const srv = await startServer();
    try {
        const t = await makeTable(srv, { seats: 3, bots: [], humans: 3, start: true,
            rules: { threshold: 1 } });
        // Play until the match ends: each mover discards its first card.
        const deadline = Date.now() + T(60000);
        while (now(t).view.status !== 'over' && Date.now() < deadline) {
            await settle(t);
            const st = now(t);
            if (st.view.status === 'over') break;
            if (st.view.status === 'between') {
                for (const c of t.players) c.send({ type: 'next' });
                await sleep(50);
                continue;
            }
            const c = mover(t);
            if (!c) { await sleep(20); continue; }
            const v = c.lastState();
            c.send({ type: 'move', version: v.version, move: v.view.can_declare ? 'declare' : `discard ${v.view.hand[0]} draw` });
            await mark(c);
        }
        assert.equal(now(t).view.status, 'over');
        const match = now(t).view.match;
        for (const c of t.players) c.sendNow({ type: 'rematch', id: 'r' });
        const answers = [];
        for (const c of t.players.slice(1)) {
            answers.push((await c.next((f) => f.type === 'error' && f.id === 'r', 'the answer to rematch')).code);
        }
        assert.deepEqual(answers, ['not_host', 'not_host']);
        await t.host.stateWhere((s) => s.view.match === match + 1 && s.view.status === 'playing', 'the rematch');
        await settle(t);
        assert.equal(now(t).view.match, match + 1);
    } finally {
        await srv.close();
    }
});

test('the host who leaves as the first round is dealt passes the host on; the match goes on', async () => {
    const srv = await startServer();
    try {
        const t = await makeTable(srv, { seats: 3, bots: ['greedy'], humans: 2 });
        t.host.sendNow({ type: 'start' });
        t.host.sendNow({ type: 'leave' });
        const ben = t.players[1];
        const s = await ben.stateWhere((x) => x.view.status === 'playing' && x.view.host === t.seats[1],
            'Ben host of the match in play');
        assert.equal(s.view.seats[t.seats[0]].away, true, 'the host who left is away');
        // Ben, host now, plays on; the greedy player moves for the seat left.
        await ben.stateWhere((x) => x.view.turn === t.seats[1] || x.view.status !== 'playing', 'Ben to move');
    } finally {
        await srv.close();
    }
});

// A table whose people all left during the match is played on by the
// computer players for the grace time, then closed, its match dropped
// (no record): nothing keeps a table of computers alone running.
test('a table left with only computer players is closed after the grace time, its match unrecorded', async () => {
    // Computer players paced as a person can follow (500 ms a move), so
    // that the match cannot end within the grace time.
    const srv = await startServer({ grace: 1, args: ['--bot-delay', '500'] });
    try {
        const t = await makeTable(srv, { seats: 3, bots: ['greedy'], humans: 2, start: true, spectator: false });
        for (const c of t.players) c.send({ type: 'leave' });
        for (const c of t.players) await mark(c);
        const c = await srv.connect();
        const deadline = Date.now() + T(10000);
        let r;
        do {
            await sleep(200);
            r = await c.request({ type: 'watch', code: t.code }, ['joined', 'error']);
            if (r.type === 'joined') { c.send({ type: 'leave' }); await mark(c); }
        } while (r.code !== 'no_table' && Date.now() < deadline);
        assert.equal(r.code, 'no_table', 'a table of computer players alone is still open after the grace time');
        assert.deepEqual(srv.records(), [], 'the match dropped, not recorded');
    } finally {
        await srv.close();
    }
});
