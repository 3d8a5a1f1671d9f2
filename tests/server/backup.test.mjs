// backup.test.mjs - an operator's backup, restore and move of an SQLite
// store, the ways docs/store.md ("Backups") names: while the server runs
// and a match is in play, `sqlite3 DB ".backup COPY"` and `VACUUM INTO`
// give a copy that a server on another port and data directory opens
// with the players (their tokens too), ratings, the finished match and its
// record, and the table in play at its move, each seat resumed with its
// token and hand. A copy of the store's file alone (cp leastscore.db,
// without its -wal) while the server runs is refused, exit 1, saying
// why: it is the empty file the WAL switch made (the store's commits are
// all in the -wal until a checkpoint, 1000 pages), and a server made it a
// new store and served it with nothing in it. A data directory moved at a stop is
// served from its new path with everything in it, the moves made after
// the copies too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, startServer, AutoPlayer, allDone, chooseMove, rng, sleep, T } from './lib.mjs';

const sqlite = (db, sql) => execFileSync('sqlite3', ['-cmd', '.timeout 10000', db, sql], { encoding: 'utf8' }).trim();

// What a server on the store gives of what was played: Ann's profile, the
// finished match and its record, and Bob's table resumed with its token.
async function played(srv, want) {
    const p = (await srv.get('/api/players/Ann')).json;
    assert.equal(p.matches, 1, JSON.stringify(p));
    assert.equal(p.rating, want.rating);
    assert.equal(p.rating_history.length, 1);
    const m = (await srv.get('/api/matches/1')).json;
    assert.equal(m.code, want.finished);
    const lsr = await srv.get('/api/matches/1.lsr');
    assert.equal(lsr.status, 200);
    assert.equal(lsr.text, want.lsr);
    const a = await srv.connect({ label: 'Ann-again' });
    a.send({ type: 'player', token: want.tokA });
    assert.equal((await a.next('player')).name, 'Ann');
    a.close();
    const b = await srv.connect({ label: 'Bob-again' });
    const r = await b.request({ type: 'resume', code: want.live, token: want.seat }, ['joined', 'error']);
    assert.equal(r.type, 'joined', JSON.stringify(r));
    const s = await b.next('state');
    assert.equal(s.view.status, 'playing');
    assert.equal(s.view.round, want.round);
    assert.equal(s.view.turns, want.turns);
    assert.deepEqual(s.view.hand, want.hand);
    assert.equal(s.view.turn, s.view.you);
    b.close();
}

test('a running store backed up with sqlite3 .backup or VACUUM INTO is restored whole; its file alone is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-backup-'));
    const srv = await startServer();
    try {
        const db = join(srv.dataDir, 'leastscore.db');
        // The store's file alone, copied in the server's first minutes:
        // everything is in its -wal still (SQLite checkpoints at 1000
        // pages; the migrations write far fewer), the file is the page
        // of the WAL switch.
        const alone = join(dir, 'alone.db');
        copyFileSync(db, alone);
        assert.equal(statSync(alone).size, 4096, 'the store was checkpointed: its file alone is no empty one');
        // Ann plays a rated match to its end.
        const tokA = randomBytes(16).toString('hex');
        const a = await srv.connect({ label: 'Ann' });
        a.send({ type: 'player', name: 'Ann', token: tokA });
        await a.next('player');
        const ja = await a.request({ type: 'create', name: 'Ann', seats: 2, bots: ['greedy'] }, ['joined', 'error']);
        assert.equal(ja.type, 'joined', JSON.stringify(ja));
        await a.next('state');
        a.send({ type: 'start' });
        await allDone([new AutoPlayer(a, { seed: 7, next: true })], T(60000), 'Ann\'s match to end');
        a.close();
        let prof;
        for (let i = 0; i < 100; i++) {
            prof = (await srv.get('/api/players/Ann')).json;
            if (prof.matches === 1) break;
            await sleep(50);
        }
        assert.equal(prof.matches, 1, 'Ann\'s match was not finished into the store');
        // Bob's table is in play: three of his moves, then his turn again.
        const b = await srv.connect({ label: 'Bob' });
        b.send({ type: 'player', name: 'Bob', token: randomBytes(16).toString('hex') });
        await b.next('player');
        const jb = await b.request({ type: 'create', name: 'Bob', seats: 2, bots: ['greedy'] }, ['joined', 'error']);
        assert.equal(jb.type, 'joined', JSON.stringify(jb));
        await b.next('state');
        b.send({ type: 'start' });
        const rand = rng(3);
        let st = await b.stateWhere((s) => s.view.status === 'playing' && s.view.turn === s.view.you, 'Bob\'s turn');
        for (let i = 0; i < 3; i++) {
            b.send({ type: 'move', version: st.version, move: chooseMove(st.view, rand, -1) });
            const v = st.version;
            st = await b.stateWhere((s) => s.version > v && s.view.turn === s.view.you, 'Bob\'s next turn');
        }
        const want = {
            rating: prof.rating, finished: ja.code, lsr: (await srv.get('/api/matches/1.lsr')).text,
            tokA, live: jb.code, seat: jb.token, round: st.view.round, turns: st.view.turns, hand: st.view.hand,
        };

        // The copies, taken while the server runs with Bob connected.
        const copies = [['backup', join(dir, 'backup.db')], ['vacuum', join(dir, 'vacuum.db')]];
        sqlite(db, `.backup '${copies[0][1]}'`);
        sqlite(db, `VACUUM INTO '${copies[1][1]}'`);
        // The server goes on writing its store, and sqlite3 reads what it
        // wrote: Bob's next move is in it, and in the moved directory
        // below. (The check for a -wal beside a store being opened once
        // closed a descriptor of the file, which let go of the server's
        // locks on it: sqlite3 then took the file for its own, removed the
        // -wal the server was writing and made another.)
        const lines = () => Number(sqlite(db, 'SELECT COUNT(*) FROM live_lines'));
        const kept = lines();
        b.send({ type: 'move', version: st.version, move: chooseMove(st.view, rand, -1) });
        const v = st.version;
        st = await b.stateWhere((s) => s.version > v && s.view.turn === s.view.you, 'Bob\'s turn after the copies');
        assert.ok(lines() > kept, `the server's move after the copies is not in the store sqlite3 reads (${kept} lines before, ${lines()} after)`);
        const later = { ...want, round: st.view.round, turns: st.view.turns, hand: st.view.hand };
        b.close();

        for (const [how, copy] of copies) {
            const r = await startServer({ args: (d) => ['--db', copy, '--data', join(d, 'restored')] });
            try {
                await r.waitLog(/restored 1 table in progress/);
                await played(r, want);
            } catch (e) {
                e.message = `the copy made with ${how}: ${e.message}`;
                throw e;
            } finally {
                await r.close();
            }
        }

        // The file alone: refused, kept as it was, nothing made beside it.
        const before = readFileSync(alone);
        const run = spawnSync(BIN, ['serve', '--listen', '127.0.0.1:0', '--data', join(dir, 'data-alone'),
            '--db', alone], { encoding: 'utf8', timeout: T(30000) });
        assert.equal(run.status, 1, `a server on the store's file alone: ${JSON.stringify(run)}`);
        assert.equal(run.stderr, `leastscore serve: ${alone} is in WAL mode with no tables and no -wal: `
            + 'a store\'s file copied without its -wal lacks all the -wal held (docs/store.md, "Backups"); '
            + 'for a new store give a new file\n');
        assert.equal(run.stdout, '');
        assert.deepEqual(readFileSync(alone), before, 'the refused server changed the copy');
        for (const f of ['alone.db-wal', 'alone.db-shm', 'data-alone']) {
            assert.throws(() => statSync(join(dir, f)), /ENOENT/, `the refused server left ${f}`);
        }

        // The data directory moved at a stop is served from its new path.
        const exit = await srv.stop('SIGTERM');
        assert.equal(exit.code, 0);
        const moved = join(dir, 'moved');
        renameSync(srv.dataDir, moved);
        const m = await startServer({ args: ['--data', moved] });
        try {
            await m.waitLog(/restored 1 table in progress/);
            await played(m, later);
            assert.equal(sqlite(join(moved, 'leastscore.db'), 'SELECT COUNT(*) FROM matches'), '1');
        } finally {
            await m.close();
        }
    } finally {
        await srv.kill();
        rmSync(dir, { recursive: true, force: true });
    }
});
