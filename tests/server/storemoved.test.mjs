// storemoved.test.mjs - the store's file moved or removed while the server
// runs (docs/store.md, "The store's file moved or removed"). SQLite goes on
// writing into the file it holds open, which a restart would not find: the
// server began a new, empty store at the path then, every player, rating
// and match gone from its view, and said nothing while it ran. Now it says
// so in its log, refuses new tables and matches until the file is back, and
// lets the tables in play go on; moved back, the file holds every move.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renameSync, linkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, T, chooseMove, rng } from './lib.mjs';
import { makeTable, uniqueName } from './tables.mjs';

const mine = (m) => m.view.status === 'playing' && m.view.turn === m.view.you;

// Ann moves; resolves with the state once it is her turn again (the
// computer player answered).
async function play(ann, seed) {
    let s = ann.lastState();
    if (!mine(s)) s = await ann.stateWhere(mine, 'Ann to move');
    ann.send({ type: 'move', version: s.version, move: chooseMove(s.view, rng(seed), -1) });
    return ann.next((m) => m.type === 'state' && m.version > s.version && (mine(m) || m.view.status !== 'playing'),
        'Ann\'s move and the computer player\'s answer', T(15000));
}

async function createRefused(srv) {
    const c = await srv.connect({ label: 'newcomer' });
    const e = await c.expectError({ type: 'create', name: uniqueName(), seats: 2, bots: ['greedy'] }, 'store_failing');
    assert.match(e.message, /^no new tables: the server's store file was moved or removed while it runs/);
    c.close();
}

async function createTaken(srv) {
    const c = await srv.connect({ label: 'newcomer' });
    const j = await c.request({ type: 'create', name: uniqueName(), seats: 2, bots: ['greedy'] }, ['joined', 'error']);
    assert.equal(j.type, 'joined', JSON.stringify(j));
    c.close();
}

test('the store\'s file renamed, then removed: said, new tables refused, play goes on, nothing lost once it is back', async () => {
    let srv = await startServer();
    try {
        const db = join(srv.dataDir, 'leastscore.db');
        const t = await makeTable(srv, { seats: 2, bots: ['greedy'], humans: 1, start: true });
        const [ann] = t.players;
        await play(ann, 1);

        // Renamed: the table in play goes on, its move written to the
        // file the server holds open; the log says so, new tables wait.
        renameSync(db, join(srv.dataDir, 'renamed.db'));
        await play(ann, 2);
        await srv.waitLog(/the store's file \S*leastscore\.db was moved or removed while the server runs: the tables in play go on into the file the server holds open, which a restart would not find \(it would begin a new, empty store there\); new tables and matches are refused until the file is back at \S*leastscore\.db\n/);
        await createRefused(srv);
        renameSync(join(srv.dataDir, 'renamed.db'), db);
        await createTaken(srv);
        await srv.waitLog(/the store's file is back at \S*leastscore\.db: new tables and matches are taken again\n/);

        // Removed (a second name kept, to put it back): the same.
        const keep = join(srv.dataDir, 'kept.db');
        linkSync(db, keep);
        unlinkSync(db);
        await createRefused(srv);
        const last = await play(ann, 3);
        linkSync(keep, db);
        unlinkSync(keep);
        await createTaken(srv);

        // After a crash, the table comes back from the file with every
        // move made while it was away from its path.
        await srv.crash();
        srv = await startServer({ dir: srv.dir });
        const c = await srv.connect({ label: 'Ann-again' });
        const r = await c.request({ type: 'resume', code: t.code, token: t.tokens[0], version: 1 }, ['joined', 'error']);
        assert.equal(r.type, 'joined', JSON.stringify(r));
        const st = await c.next('state');
        assert.ok(st.version >= last.version, `restored at version ${st.version}, the last move seen was at ${last.version}`);
        await srv.close();
    } catch (e) {
        await srv.kill();
        throw e;
    }
});
