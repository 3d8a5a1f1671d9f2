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
// The -wal is planted, not raced: an sqlite3 writes a player the copy
// lacks with its checkpoints off, says so, and is killed (SIGKILL) before
// it could close the store.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, withTimeout, T } from './lib.mjs';

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
