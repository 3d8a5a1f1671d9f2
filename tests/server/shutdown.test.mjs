// shutdown.test.mjs - SIGTERM stops the server cleanly (issue 10, "How a
// user starts it"): every client is closed with 1001 and a reason, the
// process exits 0, and the records of the finished matches are written
// and verify with `leastscore replay`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, AutoPlayer, withTimeout, T, replay } from './lib.mjs';
import { makeTable } from './tables.mjs';

test('SIGTERM: close 1001 with a reason to everyone, exit 0, finished matches recorded', async () => {
    const srv = await startServer();
    // A match played to its end, its people still connected.
    const done = await makeTable(srv, { seats: 3, bots: ['greedy'], humans: 2, rules: { threshold: 25 }, start: true });
    const ps = done.players.map((c, i) => new AutoPlayer(c, { seed: 7 + i }));
    const end = await withTimeout(Promise.all(ps.map((p) => p.done)), T(30000), 'the match to end');
    const winner = end[0].view.seats[end[0].view.winner].name;
    // A match in play, a table in the lobby, a connection at no table.
    const playing = await makeTable(srv, { seats: 4, bots: ['expert', 'random'], humans: 2, start: true });
    const lobby = await makeTable(srv, { seats: 4, humans: 1 });
    const idle = await srv.connect();
    const clients = [...done.all, ...playing.all, ...lobby.all, idle];

    const exit = await srv.stop('SIGTERM');
    assert.deepEqual(exit, { code: 0, signal: null }, `the server exited ${JSON.stringify(exit)}: ${srv.stderr}`);
    for (const c of clients) {
        const closed = await withTimeout(c.closedPromise, T(5000), `${c.label} to be closed`);
        assert.equal(closed.code, 1001, `${c.label} closed with ${closed.code}`);
        assert.equal(closed.reason, 'server shutting down');
    }
    const files = srv.records();
    const finished = files.map((f) => replay(f)).filter((r) => r.finished);
    assert.equal(finished.length, 1, `finished matches recorded: ${files}`);
    assert.equal(finished[0].winner, winner);
    await srv.close();
});
