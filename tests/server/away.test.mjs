// away.test.mjs - a person who left the match is away after a restart
// (docs/store.md, "Restarts"): the server is killed (SIGKILL) while a seat
// is away, started again on the same store, and the seat comes back away,
// not merely disconnected: the snapshot says so, and its turn is played by
// the computer at once, not after the turn time (120 s here) or the grace
// time (600 s). Before, it waited out the turn time. On SQLite and on
// PostgreSQL.
//
// The host a host who left passed the table to is host after the restart
// too. Before, the table came back with the host its match began with
// (away), which passed to whoever came back first.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, chooseMove, rng, T } from './lib.mjs';
import { makeTable } from './tables.mjs';
import { backends } from './stores.mjs';

for (const b of backends()) {
    test(`${b.name}: a seat that left the match comes back away after a crash`, { skip: b.skip }, async () => {
        const args = (dir) => [...b.args(dir), '--grace', '600'];
        let srv = await startServer({ args });
        try {
            const t = await makeTable(srv, { seats: 2, bots: [], humans: 2, turn_time: 120, start: true, spectator: false });
            const st = t.host.lastState();
            assert.equal(st.view.turn, st.view.you, 'the host moves first');
            t.players[1].send({ type: 'leave' });
            await t.host.stateWhere((s) => s.view.seats[t.seats[1]].away === true, 'the seat that left shown away');
            await srv.crash();
            srv = await startServer({ dir: srv.dir, args });
            const c = await srv.connect({ label: `${t.names[0]}-again` });
            const r = await c.request({ type: 'resume', code: t.code, token: t.tokens[0], version: 1 }, ['joined', 'error']);
            assert.equal(r.type, 'joined', JSON.stringify(r));
            const snap = await c.next('state');
            assert.equal(snap.view.seats[t.seats[1]].away, true, `the seat is away again: ${JSON.stringify(snap.view.seats)}`);
            assert.equal(snap.view.turn, snap.view.you);
            // The host moves; the away seat's turn is played at once.
            c.send({ type: 'move', version: snap.version, move: chooseMove(snap.view, rng(5)) });
            const next = await c.stateWhere((s) => s.view.turn === s.view.you && s.version > snap.version + 1 ||
                s.view.status !== 'playing', 'the away seat played for at once', T(30000));
            assert.ok(next.version > snap.version);
            await srv.close();
        } finally {
            await srv.kill();
        }
    });
}

for (const b of backends()) {
    test(`${b.name}: the host that a leaving host passed to is host after a crash`, { skip: b.skip }, async () => {
        const args = (dir) => [...b.args(dir), '--grace', '600'];
        let srv = await startServer({ args });
        try {
            const t = await makeTable(srv, { seats: 3, bots: [], humans: 3, turn_time: 120, start: true, spectator: false });
            assert.equal(t.host.lastState().view.host, t.seats[0]);
            t.host.send({ type: 'leave' });
            await t.players[2].stateWhere((s) => s.view.host === t.seats[1] && s.view.seats[t.seats[0]].away === true,
                'the host passed to the second person');
            await srv.crash();
            srv = await startServer({ dir: srv.dir, args });
            // The third person comes back first, the second not at all.
            const c = await srv.connect({ label: `${t.names[2]}-again` });
            const r = await c.request({ type: 'resume', code: t.code, token: t.tokens[2], version: 1 }, ['joined', 'error']);
            assert.equal(r.type, 'joined', JSON.stringify(r));
            const snap = await c.next('state');
            assert.equal(snap.view.host, t.seats[1], `the second person is host: ${JSON.stringify(snap.view)}`);
            assert.equal(snap.view.seats[t.seats[0]].away, true);
            await srv.close();
        } finally {
            await srv.kill();
        }
    });
}
