// timer.test.mjs - the turn timer (docs/server-protocol.md, "Seats and
// connections"): with turn_time 15 (the minimum), a person who does not
// move has the turn played by the greedy player when the time runs out
// (event move with timeout: true), the view's deadline counts down, and
// the timer restarts at the next turn. This test waits 15 seconds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, T } from './lib.mjs';
import { makeTable } from './tables.mjs';

test('a timed-out turn is played by the greedy player for the seat', async () => {
    const srv = await startServer();
    const t = await makeTable(srv, { seats: 2, bots: ['greedy'], humans: 1, turn_time: 15 });
    const ann = t.host;
    // The clock starts when the server deals, after the start is sent:
    // t0 is taken before it (a busy machine may take a while to tell Ann).
    const t0 = Date.now();
    ann.send({ type: 'start' });
    const s0 = await ann.stateWhere((x) => x.view.status === 'playing', 'the start');
    assert.equal(s0.view.turn_time, 15);
    assert.equal(s0.view.turn, 0, 'Ann starts');
    assert.ok(s0.view.deadline > 10000 && s0.view.deadline <= 15000, `deadline ${s0.view.deadline} ms at the start of a 15 s turn`);
    const hand = s0.view.hand;
    const s = await ann.stateWhere((x) => x.events.some((e) => e.kind === 'move' && e.seat === 0), 'the timed-out move', T(25000));
    const waited = Date.now() - t0;
    const e = s.events.find((x) => x.kind === 'move' && x.seat === 0);
    assert.equal(e.timeout, true, `the move is marked timeout: ${JSON.stringify(e)}`);
    assert.ok(waited >= 14000, `played after ${waited} ms, before the 15 s ran out`);
    assert.ok(e.discard.every((c) => hand.includes(c)), 'greedy discarded from Ann\'s hand');
    assert.ok(e.move.startsWith('discard '), e.move);
    // Ann's own copy names the drawn card (it is her seat's draw).
    if (e.action === 'draw') assert.match(e.card ?? '', /^(A|[2-9]|10|J|Q|K)[CDHS]$/);
    // The bot moves next; then Ann's timer starts again from 15 s.
    const s2 = await ann.stateWhere((x) => x.view.turn === 0 && x.version > s.version, 'Ann\'s next turn', T(10000));
    assert.ok(s2.view.deadline > 10000 && s2.view.deadline <= 15000, `deadline ${s2.view.deadline} on the next turn`);
    await srv.close();
});
