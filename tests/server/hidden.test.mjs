// hidden.test.mjs - the hidden-information check of issue 10: full
// matches at several tables at once (people played through the protocol
// by AutoPlayer, computer players, a spectator from the lobby or from the
// middle of the match, rematches, hints and refused moves), every frame
// to every client recorded, then checked against the true state read from
// the game records the server wrote (leakcheck.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, AutoPlayer, allDone, withTimeout, sleep, T, replay } from './lib.mjs';
import { checkTable } from './leakcheck.mjs';

// Computer players think on the server's workers, shared by all tables:
// one expert (the slow one, under the sanitizers above all) is enough.
const TABLES = [
    { seats: 4, humans: 2, bots: ['greedy', 'random'], rules: { threshold: 25 }, resume: true },
    { seats: 3, humans: 3, bots: [], rules: { threshold: 25, hand_size: 3 }, lateWatch: true, rematch: true },
    { seats: 6, humans: 1, bots: ['random', 'greedy', 'random', 'greedy', 'random'], rules: { threshold: 25 } },
    { seats: 2, humans: 2, bots: [], rules: { threshold: 25, hand_size: 7, runs: 'suited', tie: 'penalty' }, lateWatch: true, rematch: true },
    { seats: 8, humans: 2, bots: ['greedy', 'random', 'greedy', 'random', 'random', 'greedy'], rules: { threshold: 25, declare_max: 10 } },
    { seats: 4, humans: 4, bots: [], rules: { threshold: 25 }, lateWatch: true, resume: true },
    { seats: 5, humans: 3, bots: ['random', 'greedy'], rules: { threshold: 25, runs: 'suited' }, rematch: true },
    { seats: 3, humans: 1, bots: ['expert', 'greedy'], rules: { threshold: 25, hand_size: 4, tie: 'penalty' }, lateWatch: true },
];

async function playTable(srv, cfg, ti) {
    const names = Array.from({ length: cfg.humans }, (_, j) => `H${ti}n${j}`);
    const clients = [];
    const host = await srv.connect({ label: `t${ti}:${names[0]}` });
    const created = await host.request({ type: 'create', name: names[0], seats: cfg.seats, bots: cfg.bots, rules: cfg.rules }, ['joined', 'error']);
    assert.equal(created.type, 'joined', `create: ${JSON.stringify(created)}`);
    const code = created.code;
    clients.push({ client: host, name: names[0], seat: created.seat });
    const tokens = [created.token];
    for (const n of names.slice(1)) {
        const c = await srv.connect({ label: `t${ti}:${n}` });
        const j = await c.request({ type: 'join', code, name: n }, ['joined', 'error']);
        assert.equal(j.type, 'joined', `join: ${JSON.stringify(j)}`);
        clients.push({ client: c, name: n, seat: j.seat });
        tokens.push(j.token);
    }
    const spectator = await srv.connect({ label: `t${ti}:watcher` });
    const watch = async () => {
        const w = await spectator.request({ type: 'watch', code }, ['joined', 'error']);
        assert.equal(w.type, 'joined', `watch: ${JSON.stringify(w)}`);
        assert.equal(w.role, 'spectator');
    };
    if (!cfg.lateWatch) await watch();
    clients.push({ client: spectator, name: null, seat: -1 });
    const untilMatch = cfg.rematch ? 2 : 1;
    const opts = (j, seed) => ({ seed, illegal: 0.05, hint: 0.03, untilMatch, rematch: j === 0 });
    const players = clients.filter((x) => x.name).map((x, j) => new AutoPlayer(x.client, opts(j, ti * 100 + j)));
    host.send({ type: 'start' });
    if (cfg.lateWatch) {
        await host.stateWhere((s) => s.view.status === 'playing' && s.view.turns >= 3, 'a few moves played');
        await watch();
    }
    let resumed = cfg.resume;
    if (cfg.resume) {
        // The second person's connection drops in the first round; a new
        // connection resumes the seat from the last version it saw, and
        // plays on. Both connections' frames are checked.
        // It drops on its own turn, so the table waits for it: the first
        // state of its own connection that gives it the turn is kept from
        // its player, which is detached there and never moves again (a
        // poll of another seat's view could miss the turn, and a round or
        // the match could end first).
        // The match may end (threshold 25) before that turn comes: then
        // the person plays on and this table has no resume.
        await host.stateWhere((s) => s.view.status === 'playing' && s.view.turns >= 5, 'a few more moves played');
        const old = clients[1];
        const play = old.client.onFrame;
        const turn = await withTimeout(new Promise((resolve) => {
            old.client.onFrame = (m) => {
                if (m.type === 'state' && m.view.status === 'playing' && m.view.turn === old.seat) {
                    old.client.onFrame = null;
                    resolve(true);
                    return;
                }
                if (m.type === 'state' && m.view.status === 'over') {
                    old.client.onFrame = play;
                    resolve(false);
                }
                play(m);
            };
        }), T(20000), 'the second person\'s turn or the match\'s end');
        if (!turn) {
            console.log(`# table ${ti}: the match ended before the second person's turn; no resume`);
            resumed = false;
        }
    }
    if (resumed) {
        const old = clients[1];
        old.client.terminate();
        await old.client.closedPromise;
        const c = await srv.connect({ label: `t${ti}:${old.name} again` });
        const r = await c.request({ type: 'resume', code, token: tokens[1], version: old.client.lastState().version }, ['joined', 'error']);
        assert.equal(r.type, 'joined', `resume: ${JSON.stringify(r)}`);
        assert.equal(r.seat, old.seat);
        const st = await c.next('state');
        assert.equal(st.snapshot, false, 'a resume a few events later is not a snapshot');
        clients.splice(clients.length - 1, 0, { client: c, name: old.name, seat: old.seat });
        players[1] = new AutoPlayer(c, opts(1, ti * 100 + 50));
    }
    const t0 = Date.now();
    // A long match takes long (the clients keep to the server's rate
    // limit; a loaded machine is slower still): the wait fails on a table
    // that stops, nothing new for 30 s, not on one that moves slowly.
    await allDone(players, T(30000), `table ${ti}'s match(es) to end`, T(150000));
    if (process.env.LS_TEST_VERBOSE) {
        // The longest time the table's people went without a frame, and
        // the frame that ended it.
        const got = players.flatMap((p) => p.c.times.map((x, i) => [x, p.c.frames[i].type]).filter(([x]) => x >= t0)).sort((x, y) => x[0] - y[0]);
        const gap = got.reduce((g, [x, type], i) => (i && x - got[i - 1][0] > g[0] ? [x - got[i - 1][0], type] : g), [0, null]);
        console.log(`# table ${ti}: ${Date.now() - t0} ms, ${players.reduce((n, p) => n + p.moves, 0)} moves by people, longest gap ${gap[0]} ms, ended by a ${gap[1]}`);
    }
    await spectator.stateWhere((s) => s.view.status === 'over' && s.view.match === untilMatch, 'the spectator to see the end');
    for (const p of players) assert.deepEqual(p.problems, [], `table ${ti}: a player got errors it did not expect`);
    return { clients, host: clients[0], names, matches: untilMatch };
}

test('no frame to any client holds a card its receiver may not know', async () => {
    const srv = await startServer({ args: ['--max-tables-per-address', '100'] });
    const tables = await Promise.all(TABLES.map((cfg, i) => playTable(srv, cfg, i))).catch((e) => {
        console.log(`# the server's log, its end:\n${srv.stderr.slice(-6000).replace(/^/gm, '# ')}`);
        throw e;
    });
    // The records are written when a match ends: wait (bounded) for all.
    const want = tables.reduce((n, t) => n + t.matches, 0);
    const deadline = Date.now() + T(10000);
    while (srv.records().length < want && Date.now() < deadline) await sleep(50);
    const files = srv.records();
    assert.ok(files.length >= want, `${files.length} game records under the data directory, expected ${want}`);
    for (const f of files) replay(f);  // each one verifies
    let frames = 0, matches = 0;
    const counts = {};
    for (const [i, t] of tables.entries()) {
        const r = checkTable({ host: t.host, clients: t.clients, recordFiles: files });
        assert.deepEqual(r.problems, [], `table ${i}`);
        assert.equal(r.matches, t.matches, `table ${i}: matches checked against a record`);
        frames += r.frames;
        for (const [k, n] of Object.entries(r.counts)) counts[k] = (counts[k] ?? 0) + n;
        matches += r.matches;
    }
    assert.ok(frames > 1000, `only ${frames} frames checked`);
    for (const [k, n] of Object.entries(counts)) assert.ok(n > 100, `only ${n} checks of ${k}`);

    // The check itself can fail: the same frames with one card of another
    // hand slipped into a spectator's view are reported as a leak.
    const t = tables[0];
    const spec = t.clients.find((x) => x.name === null);
    const host = t.host;
    const st = host.client.frames.find((f) => f.type === 'state' && f.view.status === 'playing' && f.view.hand);
    const forged = JSON.parse(JSON.stringify(spec.client.frames));
    const at = forged.findIndex((f) => f.type === 'state' && f.version === st.version);
    assert.ok(at >= 0, 'the spectator saw the version the host saw');
    const secret = st.view.hand.find((c) => !(st.view.seats[st.view.you].known ?? []).includes(c));
    forged[at].view.open = [...(forged[at].view.open ?? []), secret];
    const r = checkTable({ host, clients: [{ client: { label: 'forged', frames: forged }, name: null, seat: -1 }], recordFiles: files });
    assert.ok(r.problems.some((p) => p.includes('LEAK') && p.includes(secret)), `a forged leak is not found: ${r.problems}`);

    for (const tb of tables) for (const x of tb.clients) x.client.close();
    await srv.close();
    console.log(`# checked ${frames} frames of ${matches} matches at ${tables.length} tables: ${JSON.stringify(counts)}`);
});

// The wait above can fail: a table where one person never moves stops,
// and the error says so, naming what the other was waiting for.
test('a table that stops is reported with what each player waited for', async () => {
    const srv = await startServer();
    const a = await srv.connect({ label: 'Ann' });
    const created = await a.request({ type: 'create', name: 'Ann', seats: 2, rules: { threshold: 25 } }, ['joined', 'error']);
    assert.equal(created.type, 'joined', `create: ${JSON.stringify(created)}`);
    const b = await srv.connect({ label: 'Bob' });
    const j = await b.request({ type: 'join', code: created.code, name: 'Bob' }, ['joined', 'error']);
    assert.equal(j.type, 'joined', `join: ${JSON.stringify(j)}`);
    a.send({ type: 'start' });
    const ann = new AutoPlayer(a, { seed: 1 });
    // Bob is never played: the table waits for him once his turn comes,
    // and from then on nothing comes to Ann.
    await a.stateWhere((s) => s.view.status === 'playing' && s.view.turn === j.seat, 'Bob\'s turn', T(20000));
    await assert.rejects(allDone([ann], T(1500), 'the match to end', T(60000)),
        (e) => /^nothing new for \d+ ms while waiting for the match to end\nAnn: waiting for seat 1's move \(version \d+\); v\d+ playing match 1 round 1 turn 1 you 0;/.test(e.message) || assert.fail(e.message));
    a.close();
    b.close();
    await srv.close();
});
