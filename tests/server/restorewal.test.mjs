// restorewal.test.mjs - a copy put back in a stopped store's place beside
// the -wal the old file left (a server killed, the machine stopped):
// SQLite reads that -wal into the copy at the next start, as it must
// after a crash, and nothing in it says which file it was written
// beside, so the copy's state is undone without a word. The server now
// says at its start that a -wal was left beside the store, what it does
// and what to do if the file was just put back; the procedure
// docs/store.md ("Restoring") gives, the copy put back with the -wal and
// -shm removed, serves the copy as it is, and says nothing.
//
// A -wal (and -shm) with no store file beside it (the file moved or
// removed while a server ran, the server then killed) is refused at the
// start: SQLite would make a new, empty store there and read that -wal
// into it. Put the file back and the start takes it again.
//
// The -wal is planted, not raced: an sqlite3 writes a player the copy
// lacks with its checkpoints off, says so, and is killed (SIGKILL) before
// it could close the store.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, startServer, withTimeout, T } from './lib.mjs';

const sqlite = (db, sql) => execFileSync('sqlite3', ['-cmd', '.timeout 10000', db, sql], { encoding: 'utf8' }).trim();
const LEFT = /leastscore serve: store: (\S+)-wal \((\d+) bytes, written [0-9: -]+ UTC\) was beside the store at the start, left by a server or program that did not close the store \(killed, or the machine stopped\) or has it open: its writes are read into the store\. If \1 was just put back from a copy, that -wal is the old file's and undoes the copy: stop this server, put the copy back, remove \1-wal and \1-shm, start again \(docs\/store\.md, "Restoring"\)\n/;

// Writes a player named `name` into db's -wal and dies there, as a
// killed server would: the -wal and -shm stay, the file lacks the row.
async function killedWriter(db, name) {
    const p = spawn('sqlite3', [db], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.setEncoding('utf8');
    const written = new Promise((resolve, reject) => {
        p.stdout.on('data', (d) => { out += d; if (out.includes('written')) resolve(); });
        p.on('exit', (code) => reject(new Error(`sqlite3 exited ${code} before writing: ${out}`)));
    });
    p.stdin.write('PRAGMA wal_autocheckpoint=0;\n'
        + `INSERT INTO players(name, bot, mu, sigma, created_at) VALUES ('${name}', '', 25, 8, 0);\n`
        + "SELECT 'written';\n");
    await withTimeout(written, T(10000), 'sqlite3 to write');
    const dead = new Promise((resolve) => p.on('exit', resolve));
    p.kill('SIGKILL');
    await withTimeout(dead, T(10000), 'sqlite3 to die of SIGKILL');
}

test('a copy put back beside an old -wal is said at the start; put back without it, it is served as it is', async () => {
    const first = await startServer();
    const dir = first.dir, db = join(first.dataDir, 'leastscore.db'), copy = join(dir, 'copy.db');
    let srv = first;
    try {
        assert.equal((await first.stop()).code, 0);
        assert.doesNotMatch(first.stderr, LEFT);
        assert.equal(existsSync(`${db}-wal`), false, 'a stop removes the -wal');
        copyFileSync(db, copy);

        await killedWriter(db, 'Late');
        assert.ok(statSync(`${db}-wal`).size > 32, 'the -wal holds the write');
        // (Not read here: an sqlite3 closing as the last connection would
        // checkpoint the -wal into the file and remove it.)
        // The copy put back over the file (cp), the old -wal and -shm left.
        copyFileSync(copy, db);
        srv = await startServer({ dir });
        const m = await srv.waitLog(LEFT);
        assert.equal(m[1], db);
        assert.equal(Number(m[2]), statSync(`${db}-wal`).size);
        assert.equal((await srv.stop()).code, 0, srv.stderr);
        // What the line warns of: the old -wal's player is in the copy.
        assert.equal(sqlite(db, "SELECT COUNT(*) FROM players WHERE name = 'Late'"), '1');

        // store.md's procedure: the copy put back, the -wal and -shm removed.
        await killedWriter(db, 'Later');
        copyFileSync(copy, db);
        rmSync(`${db}-wal`);
        rmSync(`${db}-shm`, { force: true });
        srv = await startServer({ dir });
        await srv.waitLog(/restored 0 tables in progress/);
        assert.equal((await srv.stop()).code, 0, srv.stderr);
        assert.doesNotMatch(srv.stderr, LEFT);
        assert.doesNotMatch(srv.stderr, /Sanitizer|runtime error/);
        assert.equal(sqlite(db, "SELECT COUNT(*) FROM players WHERE name IN ('Late', 'Later')"), '0');
        assert.equal(sqlite(db, 'PRAGMA integrity_check'), 'ok');
    } finally {
        await srv.kill();
        rmSync(dir, { recursive: true, force: true });
    }
});

const ORPHAN = (db, which) => `leastscore serve: sqlite: no store file at ${db}, but its ${which} there: a store was moved or removed from there; put its file back, or move the -wal and -shm away to begin a new store\n`;

test('a -wal and -shm with no store file beside them are refused at the start, named; the file put back, the store is served', async () => {
    const first = await startServer();
    const dir = first.dir, db = join(first.dataDir, 'leastscore.db'), away = join(dir, 'away.db');
    let srv = first;
    try {
        // The file moved away while the server runs, the server killed:
        // its -wal and -shm stay at the old path, beside no file.
        renameSync(db, away);
        await first.crash();
        assert.ok(existsSync(`${db}-wal`) && existsSync(`${db}-shm`), 'a killed server leaves its -wal and -shm');
        const walSize = statSync(`${db}-wal`).size;
        const start = () => spawnSync(BIN, ['serve', '--listen', '127.0.0.1:0', '--data', first.dataDir,
            '--web', join(dir, 'web')], { encoding: 'utf8', timeout: T(10000) });
        let r = start();
        assert.equal(r.status, 1, `refused with exit 1: ${r.stderr}`);
        assert.equal(r.stderr, ORPHAN(db, '-wal and -shm are'));
        assert.equal(existsSync(db), false, 'no new store made there');
        assert.equal(statSync(`${db}-wal`).size, walSize, 'the -wal is left as it was');
        rmSync(`${db}-shm`);
        r = start();
        assert.equal(r.status, 1, `refused with exit 1: ${r.stderr}`);
        assert.equal(r.stderr, ORPHAN(db, '-wal is'));
        assert.equal(existsSync(db), false, 'no new store made there');

        // The file put back: its -wal is its own, and the start takes both.
        renameSync(away, db);
        srv = await startServer({ dir });
        await srv.waitLog(/restored 0 tables in progress/);
        assert.equal((await srv.stop()).code, 0, srv.stderr);
        assert.doesNotMatch(srv.stderr, /Sanitizer|runtime error/);
        assert.equal(sqlite(db, 'PRAGMA integrity_check'), 'ok');
    } finally {
        await srv.kill();
        rmSync(dir, { recursive: true, force: true });
    }
});
