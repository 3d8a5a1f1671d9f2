// tables.mjs - setting up a table for a test (a host, people who joined,
// a spectator) and checking that a request changed nothing.

import assert from 'node:assert/strict';

let serial = 0;

// A name no other test uses (letters then digits: never a card).
export const uniqueName = (p = 'P') => `${p}${process.pid % 1000}x${++serial}`;

// makeTable(srv, opts): host creates the table (opts.seats, opts.bots,
// opts.rules, opts.turn_time), opts.humans - 1 others join, a spectator
// watches (opts.spectator, default true), and the host starts when
// opts.start. Resolves with {code, host, players: [host, ...], spec, all,
// tokens, names, seats}.
export async function makeTable(srv, opts = {}) {
    const humans = opts.humans ?? 2;
    const names = Array.from({ length: humans }, () => uniqueName());
    const host = await srv.connect({ label: names[0] });
    const create = { type: 'create', name: names[0], seats: opts.seats ?? 4, bots: opts.bots ?? ['greedy'] };
    if (opts.rules) create.rules = opts.rules;
    if (opts.turn_time !== undefined) create.turn_time = opts.turn_time;
    const j = await host.request(create, ['joined', 'error']);
    assert.equal(j.type, 'joined', `create answered ${JSON.stringify(j)}`);
    await host.next('state');
    const players = [host];
    const tokens = [j.token];
    const seats = [j.seat];
    for (const n of names.slice(1)) {
        const c = await srv.connect({ label: n });
        const r = await c.request({ type: 'join', code: j.code, name: n }, ['joined', 'error']);
        assert.equal(r.type, 'joined', `join answered ${JSON.stringify(r)}`);
        await c.next('state');
        players.push(c);
        tokens.push(r.token);
        seats.push(r.seat);
    }
    let spec = null;
    if (opts.spectator !== false) {
        spec = await srv.connect({ label: `${names[0]}-watcher` });
        const w = await spec.request({ type: 'watch', code: j.code }, ['joined', 'error']);
        assert.equal(w.type, 'joined', `watch answered ${JSON.stringify(w)}`);
        await spec.next('state');
    }
    const all = spec ? [...players, spec] : [...players];
    const t = { code: j.code, host, players, spec, all, tokens, names, seats };
    // Everyone has seen every seat taken.
    await settle(t);
    if (opts.start) {
        host.send({ type: 'start' });
        for (const c of all) await c.stateWhere((s) => s.view.status === 'playing', 'the match to start');
        await settle(t);
    }
    return t;
}

let markers = 0;

// mark(c): sends a request every server refuses (an unknown type) with a
// fresh id and reads up to its error, which comes back in order after the
// answers to everything sent before. Resolves with the frames before it.
export async function mark(c) {
    const id = `mark${++markers}`;
    const from = c.pos;
    c.send({ type: 'x-test-marker', id });
    await c.next((m) => m.type === 'error' && m.id === id, `the error for marker ${id}`);
    return c.frames.slice(from, c.pos - 1);
}

// settle(t): waits until every client of the table has the same, latest
// version (the table is waiting for a person) and consumes every frame
// received so far. Resolves with that version.
export async function settle(t) {
    for (let round = 0; round < 50; round++) {
        for (const c of t.all) await mark(c);
        const vs = t.all.map((c) => c.lastState().version);
        if (vs.every((x) => x === vs[0])) return vs[0];
        await new Promise((r) => setTimeout(r, 20));
    }
    assert.fail('the clients of a table never agreed on its version');
}

function viewWithoutClock(v) {
    const x = JSON.parse(JSON.stringify(v));
    delete x.deadline;
    delete x.turn_age;
    return x;
}

// unchanged(t, actors, action): runs action (which sends bad requests from
// the actors, one client or an array, and reads their errors), then
// checks that the table did not change
// and that no other client got anything: each client, asked with sync at
// the version it had, gets a state at that same version, with no events
// and the same view, and before it nothing (an actor: only errors).
export async function unchanged(t, actors, action) {
    actors = [actors].flat();
    await settle(t);
    const before = new Map(t.all.map((c) => [c, { from: c.pos, st: c.lastState() }]));
    for (const a of actors) if (!before.has(a)) before.set(a, { from: a.pos, st: a.lastState() });
    await action();
    for (const [c, { from, st }] of before) {
        c.pos = from;
        // A sender gets its errors and hints (and, after `stale`, a fresh state at
        // the same version with no events).
        const actor = actors.includes(c);
        const mine = (f) => actor && (f.type === 'error' || f.type === 'hint' ||
            (f.type === 'state' && f.events.length === 0 && f.version === st?.version));
        if (c.closed) {
            assert.deepEqual(c.frames.slice(from).filter((f) => !mine(f)), [], `${c.label} got frames other than its errors`);
            continue;
        }
        const got = await mark(c);
        const notErrors = got.filter((f) => !mine(f));
        assert.deepEqual(notErrors, [], `${c.label}${actor ? ' (a sender)' : ''} got frames other than its errors`);
        if (!st) continue;   // a client at no table
        c.send({ type: 'sync', version: st.version });
        const s = await c.recv('the answer to sync');
        assert.equal(s.type, 'state', `${c.label}: sync answered ${JSON.stringify(s).slice(0, 300)}`);
        assert.equal(s.version, st.version, `${c.label}: the table's version moved from ${st.version} to ${s.version}`);
        assert.deepEqual(s.events, [], `${c.label}: events after a refused request`);
        assert.deepEqual(viewWithoutClock(s.view), viewWithoutClock(st.view), `${c.label}: the view changed`);
    }
}

// The current state as the host sees it (its last state).
export const now = (t) => t.host.lastState();

// The client whose turn it is (null when a computer player's).
export function mover(t) {
    const v = now(t).view;
    const i = t.seats.indexOf(v.turn);
    return i >= 0 ? t.players[i] : null;
}
