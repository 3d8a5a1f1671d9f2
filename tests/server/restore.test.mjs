// restore.test.mjs - nothing lost (issue 11, docs/store.md): the server is
// killed with SIGKILL at 20 random points of matches (one of them a clean
// SIGTERM instead), on SQLite (the default store) and on PostgreSQL (a
// throwaway cluster, tools/pg-throwaway.sh), and started again on the same
// store each time. Checked at every kill and restart:
//   - every move any client was told of is in the store's record at its
//     place (round, turn): nothing told is lost or changed;
//   - every match a client saw end is in the store as finished;
//   - after the restart every table in progress is back: its people resume
//     their seats with their tokens (a snapshot), and once the table waits
//     for a person the store's record ends exactly where the table is (the
//     seats' hands and the open cards are those of the record's last move),
//     and the record kept at the kill is a prefix of it;
// and at the end every match, played to its end through the kills, is
// finished in the store, rated (its computer player's rating changed),
// written as an .lsr file that `leastscore replay` verifies, and its final
// record holds every record kept at a kill as a prefix.
//
// The kill points come from a seed (LS_SEED, printed); the server's own
// randomness does not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
    startServer, AutoPlayer, withTimeout, T, sleep, rng, parseRecord, truth, replay, storeReader,
} from './lib.mjs';
import { makeTable } from './tables.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const SEED = Number(process.env.LS_SEED ?? 2026);
const KILLS = 20;
const TABLES = 2;

// What a table's clients were told: its spectator's events give each move
// its place (round/k: the k-th move of the round).
function follow(tab, spec) {
    tab.spec = spec;
    let cur = null;
    let last = null;
    const id = (tab.specs = (tab.specs ?? 0) + 1);
    const onState = (m) => {
        const v = m.view;
        if (!m.snapshot && m.events?.length && last !== null && m.events[0].v !== last + 1) (tab.trace ??= []).push(`GAP after v${last}`);
        last = m.version;
        (tab.trace ??= []).push(`${id} v${m.version} ${m.snapshot ? 'S' : ''} r${v.round} t${v.turns} ${v.status} [${(m.events ?? []).map((e) => `${e.kind}${e.seat ?? ''}${e.round ?? ''}`).join(',')}]`);
        let evs = m.events ?? [];
        if (m.snapshot) {
            const lastDeal = evs.findLastIndex((e) => e.kind === 'deal');
            if (lastDeal >= 0) {
                evs = evs.slice(lastDeal);
            } else {
                // The view counts the turns of the round in play; after a
                // round's end the moves of the frame cannot be placed.
                cur = v.status === 'playing' ? { round: v.round, k: v.turns - evs.filter((e) => e.kind === 'move').length } : null;
            }
        }
        for (const e of evs) {
            if (e.kind === 'deal') cur = { round: e.round, k: 0 };
            else if (e.kind === 'move' && cur) {
                tab.told.set(`${cur.round}/${cur.k}`, { name: v.seats[e.seat].name, kind: e.action, discard: e.discard ?? [], card: e.card });
                cur.k++;
            }
        }
        if (v.status === 'playing' || v.status === 'between') tab.started = true;
        if (v.status === 'over') tab.over = true;
    };
    for (const m of spec.frames) if (m.type === 'state') onState(m);
    spec.onFrame = (m) => { if (m.type === 'state') onState(m); };
}

// Every move told is the record's move at its place.
function checkTold(tab, record, when) {
    const rec = parseRecord(record);
    for (const [key, mv] of tab.told) {
        const [r, k] = key.split('/').map(Number);
        const rm = rec.rounds[r - 1]?.moves[k];
        const where = () => `${when}: table ${tab.code} ${key}: told ${JSON.stringify([...tab.told].filter(([x]) => x.startsWith(`${r}/`)))}\nrecord:\n${record}`;
        if (!rm) console.log(`NOT IN RECORD ${where()}`.replace(/\n/g, ' | '));
        if (!rm || rm.name !== mv.name) console.log(`TRACE ${tab.code}: ${tab.trace.join(' || ')}`);
        assert.ok(rm, `${when}: table ${tab.code}: the move told at round ${r}, move ${k + 1} (${JSON.stringify(mv)}) is not in the store's record:\n${record}`);
        assert.equal(rm.name, mv.name, `mover: ${where()}`);
        assert.equal(rm.kind, mv.kind, `action: ${where()}`);
        assert.deepEqual([...rm.discard ?? []].sort(), [...mv.discard].sort(), `discard: ${where()}`);
        if (mv.kind === 'take') assert.equal(rm.card, mv.card, `card taken: ${where()}`);
    }
}

// A new table: two people (played by AutoPlayers), a greedy computer
// player and a spectator, threshold 25, started.
async function newTable(srv, rand) {
    const t = await makeTable(srv, { seats: 3, bots: ['greedy'], humans: 2, rules: { threshold: 50 }, start: true });
    const tab = { code: t.code, names: t.names, tokens: t.tokens, seats: t.seats, told: new Map(), kept: [], started: false, over: false, done: false };
    follow(tab, t.spec);
    tab.clients = t.all;
    tab.players = t.players.map((c, i) => new AutoPlayer(c, { seed: Math.floor(rand() * 1e9) + i, next: true }));
    return tab;
}

// After a restart: the people resume, the spectator watches. Resolves
// false when the table is gone (its match had ended: checked by the caller).
async function reconnect(srv, tab, rand) {
    const players = [];
    for (const [i, name] of tab.names.entries()) {
        const c = await srv.connect({ label: `${name}-again` });
        const r = await c.request({ type: 'resume', code: tab.code, token: tab.tokens[i], version: 1 }, ['joined', 'error']);
        if (r.type === 'error') {
            assert.equal(r.code, 'no_table', `resume ${tab.code}: ${JSON.stringify(r)}`);
            c.close();
            for (const p of players) p.close();
            return false;
        }
        assert.equal(r.seat, tab.seats[i]);
        assert.equal(r.token, tab.tokens[i]);
        const st = await c.next('state');
        assert.equal(st.snapshot, true, 'a resumed seat at a restored table gets a snapshot');
        players.push(c);
    }
    const spec = await srv.connect({ label: `${tab.code}-watcher-again` });
    const w = await spec.request({ type: 'watch', code: tab.code }, ['joined', 'error']);
    assert.equal(w.type, 'joined');
    await spec.next('state');
    follow(tab, spec);
    tab.clients = [...players, spec];
    tab.pending = players;
    tab.rand = rand;
    return true;
}

// The client's latest state once it matches pred (it may have come already).
async function latest(c, pred, what, ms) {
    const last = c.lastState();
    if (last && pred(last)) return last;
    return c.stateWhere(pred, what, ms);
}

// Once the table waits for a person (or is over), the store's record ends
// where the table is; then the people play on.
async function checkRestored(tab, store, prev) {
    const names = new Set(tab.names);
    const s = await latest(tab.spec, (m) => m.view.status === 'over'
        || (m.view.status === 'playing' && names.has(m.view.seats[m.view.turn].name)), `table ${tab.code} to wait for a person`, T(15000));
    const v = s.view;
    const record = store.live().get(tab.code) ?? store.finished().get(tab.code)?.record;
    assert.ok(record, `table ${tab.code}: no record in the store`);
    assert.ok(record.startsWith(prev), `table ${tab.code}: the record kept at the kill is not a prefix of the restored table's:\n${prev}\n---\n${record}`);
    if (v.status === 'playing') {
        const rec = parseRecord(record);
        const rounds = truth(rec);
        const last = rounds[rounds.length - 1];
        const point = last[last.length - 1];
        assert.equal(v.round, rounds.length, `table ${tab.code}: round`);
        assert.equal(v.turns, last.length - 1, `table ${tab.code}: turns of the round`);
        assert.deepEqual(v.open, point.open, `table ${tab.code}: open cards`);
        for (const c of tab.pending) {
            const pv = c.lastState().view;
            const mine = (await latest(c, (m) => m.version >= s.version, 'the same version')).view;
            assert.deepEqual(mine.hand, point.hands[pv.seats[pv.you].name], `table ${tab.code}: ${pv.seats[pv.you].name}'s hand`);
        }
    }
    tab.players = tab.pending.map((c, i) => new AutoPlayer(c, { seed: Math.floor(tab.rand() * 1e9) + i, next: true }));
}

async function killTest(t, backend) {
    const rand = rng(SEED + (backend === 'sqlite' ? 0 : 1));
    t.diagnostic(`seed ${SEED} (set LS_SEED to replay)`);
    console.log(`# kill test, ${backend}: seed ${SEED} (set LS_SEED to replay)`);
    let pgdir = null;
    let dbArgs = [];
    let where;
    if (backend === 'postgresql') {
        pgdir = mkdtempSync(join(tmpdir(), 'lspg-kill-'));
        const r = spawnSync(join(ROOT, 'tools/pg-throwaway.sh'), ['start', pgdir, 'fsync=off'], { encoding: 'utf8' });
        if (r.status !== 0) {
            rmSync(pgdir, { recursive: true, force: true });
            if (r.status === 77 && !process.env.LS_REQUIRE_POSTGRESQL) { t.skip(`no PostgreSQL: ${r.stderr.trim()}`); return; }
            assert.fail(`pg-throwaway: ${r.stderr}`);
        }
        where = r.stdout.trim();
        dbArgs = ['--db', where];
    }
    const args = [...dbArgs, '--grace', '600', '--bot-delay', '20', '--max-tables-per-address', '100'];
    let srv = await startServer({ args });
    const dir = srv.dir;
    if (backend === 'sqlite') where = join(srv.dataDir, 'leastscore.db');
    const store = storeReader(backend, where);
    const tabs = [];
    const spent = { create: 0, play: 0, store: 0, start: 0, resume: 0 };
    const time = async (what, f) => { const t0 = Date.now(); try { return await f(); } finally { spent[what] += Date.now() - t0; } };
    const kept = new Map(); // code -> records kept at kills
    try {
        for (let kill = 1; kill <= KILLS; kill++) {
            while (tabs.filter((x) => !x.done).length < TABLES) tabs.push(await time('create', () => newTable(srv, rand)));
            // The kill point: not scaled for slower builds (any point will do).
            await time('play', () => sleep(Math.floor(150 + rand() * 450)));
            const clean = kill === KILLS / 2;
            if (clean) {
                const exit = await srv.stop('SIGTERM');
                assert.deepEqual(exit, { code: 0, signal: null }, srv.stderr);
            } else {
                await srv.crash();
            }
            const when = `${clean ? 'SIGTERM' : 'kill'} ${kill}`;
            for (const tab of tabs) for (const c of tab.clients ?? []) c.terminate();
            const [live, fin] = await time('store', () => [store.live(), store.finished()]);
            for (const tab of tabs.filter((x) => !x.done)) {
                if (tab.over) {
                    assert.ok(fin.has(tab.code), `${when}: table ${tab.code}: its end was shown, but the match is not finished in the store`);
                    tab.done = true;
                    continue;
                }
                const record = live.get(tab.code) ?? fin.get(tab.code)?.record;
                if (tab.started) assert.ok(record, `${when}: table ${tab.code}: a match in play has no record in the store`);
                if (!record) { tab.done = true; continue; }
                checkTold(tab, record, when);
                tab.kept.push(record);
            }
            srv = await time('start', () => startServer({ dir, args }));
            const m = await srv.waitLog(/restored (\d+) tables? in progress/);
            assert.equal(Number(m[1]), live.size, `${when}: tables restored, of ${live.size} in progress in the store`);
            await time('resume', async () => {
                for (const tab of tabs.filter((x) => !x.done)) {
                    if (await reconnect(srv, tab, rand)) {
                        await checkRestored(tab, store, tab.kept[tab.kept.length - 1] ?? '');
                    } else {
                        assert.ok(store.finished().has(tab.code), `${when}: table ${tab.code} is gone but its match is not finished in the store`);
                        tab.done = true;
                    }
                }
            });
            for (const tab of tabs.filter((x) => x.over && !x.done)) {
                for (const c of tab.clients) c.close();
            }
        }
        // The matches in play are played to their end.
        const playing = tabs.filter((x) => !x.done);
        for (const x of playing) x.last = true;
        await withTimeout(Promise.all(playing.map((x) => Promise.all(x.players.map((p) => p.done)))), T(60000), 'the matches to end');
        await sleep(T(200));
        const fin = store.finished();
        const files = srv.records().map((f) => readFileSync(f, 'utf8'));
        let checked = 0;
        for (const tab of tabs) {
            const f = fin.get(tab.code);
            if (!tab.started && !f) continue;
            assert.ok(f, `table ${tab.code}: not finished in the store`);
            checkTold(tab, f.record, 'at the end');
            for (const k of tab.kept) assert.ok(f.record.startsWith(k), `table ${tab.code}: a record kept at a kill is not a prefix of the finished one`);
            assert.ok(f.rated >= 1, `table ${tab.code}: the computer player was not rated`);
            // The .lsr file is written after the match is finished in the
            // store: a kill in between loses the file, not the match. The
            // matches that finish with no kill after them have theirs.
            if (tab.last) assert.ok(files.includes(f.record), `table ${tab.code}: no .lsr file holds its record`);
            checked++;
        }
        for (const f of srv.records()) assert.ok(replay(f).finished, `${f}: not a finished match`);
        assert.ok(checked >= TABLES, `only ${checked} matches finished`);
        const restored = tabs.reduce((n, x) => n + x.kept.length, 0);
        t.diagnostic(`${backend}: ${KILLS} kills, ${checked} matches finished, ${restored} tables restored`);
        await srv.close();
    } finally {
        t.diagnostic(`${backend}: ms spent: ${JSON.stringify(spent)}`);
        await srv.kill();
        if (pgdir) spawnSync(join(ROOT, 'tools/pg-throwaway.sh'), ['stop', pgdir]);
    }
}

test('kill -9 at 20 random points: nothing told is lost, every table comes back (SQLite, the default store)', async (t) => {
    await killTest(t, 'sqlite');
});

test('kill -9 at 20 random points: nothing told is lost, every table comes back (PostgreSQL)', async (t) => {
    await killTest(t, 'postgresql');
});
