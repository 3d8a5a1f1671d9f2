// hurry.test.mjs - asking someone to hurry (docs/server-protocol.md, "Seats
// and connections"): at a table without a turn timer, a person who has had
// the turn for the server's hurry time (`--hurry 2` here) may be asked to
// hurry by another player; everyone sees the event and the view's
// deadline, and when that time runs out too the greedy player moves for
// them (event move with timeout: true). Asked too soon, by the one to
// move, by a spectator, twice, or on a server with `--hurry 0`: refused,
// the table unchanged.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, T } from './lib.mjs';
import { makeTable, mover, settle, unchanged } from './tables.mjs';

test('a player who stops playing is asked to hurry, then played for', async () => {
    const srv = await startServer({ args: ['--hurry', '2', '--bot-delay', '0'] });
    const t = await makeTable(srv, { seats: 2, bots: [], humans: 2 });
    // Taken before the start is sent: the turn begins after it, so that
    // the time since is at least the turn's age (a time taken after the
    // start, as this was, is at most its age: a slow server, or a slow
    // round of waiting for every client, went past the 2 s unseen).
    const started = Date.now();
    t.host.send({ type: 'start' });
    for (const c of t.all) await c.stateWhere((x) => x.view.status === 'playing', 'the match to start');
    await settle(t);
    assert.equal(t.host.welcome.hurry, 2);
    const slow = mover(t);
    const other = t.players.find((c) => c !== slow);
    const seat = t.seats[t.players.indexOf(slow)];
    const by = t.seats[t.players.indexOf(other)];
    const s0 = other.lastState();
    assert.equal(s0.view.deadline, undefined, 'no timer at this table');
    assert.ok(s0.view.turn_age >= 0 && s0.view.turn_age < 2000, `turn_age ${s0.view.turn_age}`);

    // Too soon (the turn began under 2 s ago: asked only while less than
    // 1.5 s have passed since the start was sent), by the one to move, by
    // a spectator: refused, nothing changes.
    await unchanged(t, [other, slow, t.spec], async () => {
        if (Date.now() - started < 1500) {
            const e = await other.expectError({ type: 'hurry' }, 'not_now');
            assert.match(e.message, /has had the turn for \d+ s: ask them to hurry after 2 s/);
        }
        assert.equal((await slow.expectError({ type: 'hurry' }, 'not_now')).message, 'it is your own turn');
        await t.spec.expectError({ type: 'hurry' }, 'not_seated');
    });

    // After 2 s: asked. Everyone sees who asked whom, and the time left.
    await new Promise((r) => setTimeout(r, 2100));
    const asked = Date.now();
    other.send({ type: 'hurry' });
    for (const c of t.all) {
        const s = await c.stateWhere((x) => x.events.some((e) => e.kind === 'hurry'), 'the hurry');
        const ev = s.events.find((e) => e.kind === 'hurry');
        assert.deepEqual({ seat: ev.seat, by: ev.by, seconds: ev.seconds }, { seat, by, seconds: 2 });
        assert.ok(s.view.deadline > 0 && s.view.deadline <= 2000, `deadline ${s.view.deadline}`);
    }
    const again = await other.expectError({ type: 'hurry' }, 'not_now');
    assert.match(again.message, /was already asked to hurry: \d s left/);

    // The time runs out: the greedy player moves for the slow seat.
    const s = await other.stateWhere((x) => x.events.some((e) => e.kind === 'move' && e.seat === seat), 'the move made for the slow seat', T(10000));
    const e = s.events.find((x) => x.kind === 'move' && x.seat === seat);
    assert.equal(e.timeout, true, JSON.stringify(e));
    assert.ok(Date.now() - asked >= 1900, `played ${Date.now() - asked} ms after the hurry`);
    await srv.close();
});

test('a server started with --hurry 0 lets nobody be hurried', async () => {
    const srv = await startServer({ args: ['--hurry', '0'] });
    const t = await makeTable(srv, { seats: 2, bots: [], humans: 2, start: true });
    assert.equal(t.host.welcome.hurry, 0);
    const other = t.players.find((c) => c !== mover(t));
    await unchanged(t, other, async () => {
        assert.equal((await other.expectError({ type: 'hurry' }, 'not_now')).message, 'this server lets nobody be hurried');
    });
    await srv.close();
});
