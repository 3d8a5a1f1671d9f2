// upgrade.test.mjs - a store an older leastscore wrote is this one's
// (docs/store.md, "Migrations"): fixtures/store-schema1.sql is the SQLite
// store of a server of schema 1 (commit b3ff10e), stopped with a rated
// match finished and a table in play. This server migrates it at its start
// and gives everything back: the players, their tokens, ratings and
// history, the finished match and its record, and the table at the move
// it stopped at, each seat resumed with its token and its hand, then
// played to its end and rated.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, AutoPlayer, allDone, T } from './lib.mjs';

const FIXTURE = new URL('./fixtures/store-schema1.sql', import.meta.url).pathname;
const UPA = '0123456789abcdef0123456789abcdea';          // Upa's player token
const SEAT_UPB = '9487e37ef99392c6b726f59edbdd7cf5';     // Upb's seat at 7FZQK
const SEAT_GUEST = '64ae0eb420df432d48c6449c77006cab';   // Guestc's seat

const sql = (db, query) => execFileSync('python3', ['-c', `import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
if sys.argv[2] == 'load':
    c.executescript(open(sys.argv[3]).read())
else:
    print(c.execute(sys.argv[2]).fetchone()[0])
c.close()`, db, ...query], { encoding: 'utf8' }).trim();

test('a store of schema 1 is migrated and gives back its players, matches and table in play', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-upgrade-'));
    const db = join(dir, 'store.db');
    try {
        sql(db, ['load', FIXTURE]);
        assert.equal(sql(db, ['SELECT MAX(version) FROM schema_version']), '1');
        const srv = await startServer({ args: ['--db', db] });
        try {
            await srv.waitLog(/restored 1 table in progress/);
            assert.ok(Number(sql(db, ['SELECT MAX(version) FROM schema_version'])) > 1, 'not migrated');

            // The player, by token, with the rating and history it had.
            const p = (await srv.get('/api/players/Upa')).json;
            assert.equal(p.matches, 1);
            assert.equal(p.rating, -1.83);
            assert.equal(p.points, 45);
            assert.deepEqual(p.rating_history.map((h) => [h.match, h.before, h.after]), [[1, 0, -1.83]]);
            const me = await srv.connect({ label: 'upa' });
            me.send({ type: 'player', token: UPA });
            assert.equal((await me.next('player')).name, 'Upa');
            me.close();
            const m = (await srv.get('/api/matches/1')).json;
            assert.equal(m.code, 'AXLLE');
            assert.deepEqual(m.players.map((x) => [x.name, x.place]), [['Upa', 2], ['Ada', 1]]);
            const lsr = await srv.get('/api/matches/1.lsr');
            assert.equal(lsr.status, 200);
            assert.match(lsr.text, /^leastscore 1\n/);

            // The table in play, at its move, each seat with its hand.
            const b = await srv.connect({ label: 'Upb' });
            const rb = await b.request({ type: 'resume', code: '7FZQK', token: SEAT_UPB }, ['joined', 'error']);
            assert.equal(rb.type, 'joined', JSON.stringify(rb));
            const sb = await b.next('state');
            assert.equal(sb.view.status, 'playing');
            assert.equal(sb.view.round, 9);
            assert.equal(sb.view.turns, 15);
            assert.deepEqual(sb.view.hand, ['2C', '2S']);
            const c = await srv.connect({ label: 'Guestc' });
            const rc = await c.request({ type: 'resume', code: '7FZQK', token: SEAT_GUEST }, ['joined', 'error']);
            assert.equal(rc.type, 'joined', JSON.stringify(rc));
            await c.next('state');

            // Played to its end, then rated and kept with its record.
            const players = [new AutoPlayer(b, { seed: 2, next: true }), new AutoPlayer(c, { seed: 3, next: true })];
            await allDone(players, T(60000), 'the restored match to end');
            for (let i = 0; i < 50; i++) {
                const q = (await srv.get('/api/players/Upb')).json;
                if (q.matches === 1) {
                    assert.equal(q.recent[0].code, '7FZQK');
                    assert.equal(q.rating_history.length, 1);
                    break;
                }
                assert.ok(i < 49, `Upb has ${q.matches} matches`);
                await new Promise((r) => setTimeout(r, 100));
            }
            assert.equal(srv.records().length, 1, 'the .lsr file of the restored match');
        } finally {
            await srv.close();
        }
    } finally {
        rmSync(dir, { recursive: true, force: true });
    }
});
