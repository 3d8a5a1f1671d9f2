// matchid.test.mjs - a finished match's id in the store, told with its end
// (docs/server-protocol.md, `match_end` and the view's `match_id`): the
// browser links "See the replay" to /matches/ID from it, where it searched
// players' histories for the newest match with the table's code (after a
// rematch that could be the previous match; a table of guests has none).
// Two matches at one table of a guest: two match_end events with two
// different ids, each the match /api/matches/ID and its record give; a
// client that comes to the table after the end learns it from the view.
// And a match whose end the store could not write when it ended (the
// table paused): its id is told when the store has written it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, unlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, chooseMove, playToEnd, rng, T } from './lib.mjs';

// Plays c's seat from state st to the match's end (lib's playToEnd);
// every match_end event seen on the way is pushed to ends, and no state
// before the end has a match id.
const playMatch = (c, st, seed, ends) => playToEnd(c, st, seed, (s) => {
    if (s.view.status !== 'over') assert.equal(s.view.match_id, undefined, 'no match id before the end');
    for (const e of s.events) if (e.kind === 'match_end') ends.push(e);
});

// What the store keeps as match `id`: the table's code and the match's
// number at the table (the record's first comment names it).
async function stored(srv, id) {
    const m = await srv.get(`/api/matches/${id}`);
    assert.equal(m.status, 200, `/api/matches/${id}: ${m.text}`);
    const lsr = await srv.get(`/api/matches/${id}.lsr`);
    assert.equal(lsr.status, 200);
    const n = /leastscore serve, table [A-Z2-9]{5}, match (\d+)/.exec(lsr.text);
    assert.ok(n, `the record names its match:\n${lsr.text.slice(0, 300)}`);
    const page = await srv.get(`/matches/${id}`);
    assert.equal(page.status, 200);
    return { code: m.json.code, match: Number(n[1]), players: m.json.players };
}

test('a match_end says the finished match\'s id: a rematch another, each its own match', async () => {
    const srv = await startServer({ grace: 30 });
    try {
        const ann = await srv.connect({ label: 'ann' });
        const j = await ann.request({ type: 'create', name: 'Ann', seats: 2, bots: ['greedy'], rules: { threshold: 1 } }, ['joined']);
        ann.send({ type: 'start' });
        let st = await ann.stateWhere((s) => s.view.status === 'playing', 'match 1');
        const ends = [];
        st = await playMatch(ann, st, 7, ends);
        assert.equal(ends.length, 1, JSON.stringify(ends));
        const id1 = ends[0].match_id;
        assert.ok(Number.isInteger(id1) && id1 > 0, `match_end: ${JSON.stringify(ends[0])}`);
        assert.equal(st.view.match_id, id1);
        let m = await stored(srv, id1);
        assert.deepEqual([m.code, m.match], [j.code, 1]);
        // The places of the event are the stored match's.
        for (const p of ends[0].places) assert.equal(m.players[p.seat].place, p.place);

        ann.send({ type: 'rematch' });
        st = await ann.stateWhere((s) => s.view.status === 'playing' && s.view.match === 2, 'match 2');
        st = await playMatch(ann, st, 8, ends);
        assert.equal(ends.length, 2, JSON.stringify(ends));
        const id2 = ends[1].match_id;
        assert.ok(Number.isInteger(id2) && id2 > 0, `match_end: ${JSON.stringify(ends[1])}`);
        assert.notEqual(id2, id1);
        assert.equal(st.view.match_id, id2);
        m = await stored(srv, id2);
        assert.deepEqual([m.code, m.match], [j.code, 2]);
        m = await stored(srv, id1);
        assert.deepEqual([m.code, m.match], [j.code, 1]);

        // Whoever comes after the end learns it from the view: a watcher,
        // and Ann back from another connection (a reload) with her token.
        const eve = await srv.connect({ label: 'eve' });
        assert.equal((await eve.request({ type: 'watch', code: j.code }, ['joined', 'error'])).type, 'joined');
        assert.equal((await eve.next('state')).view.match_id, id2);
        const again = await srv.connect({ label: 'ann-again' });
        const r = await again.request({ type: 'resume', code: j.code, token: j.token }, ['joined', 'error']);
        assert.equal(r.type, 'joined', JSON.stringify(r));
        const back = await again.stateWhere((s) => s.view.status === 'over', 'the final scores again');
        assert.equal(back.view.match_id, id2);
        await srv.close();
    } finally {
        await srv.kill();
    }
});

test('a match that ends while the store fails is told its id once the store has written it', async () => {
    const faultDir = mkdtempSync(join(tmpdir(), 'ls-fault-'));
    const fault = join(faultDir, 'fail');
    const srv = await startServer({ env: { LS_STORE_FAULT: fault } });
    try {
        const ann = await srv.connect({ label: 'ann' });
        const j = await ann.request({ type: 'create', name: 'Ann', seats: 2, bots: ['greedy'], rules: { threshold: 1 } }, ['joined']);
        ann.send({ type: 'start' });
        let st = await ann.stateWhere((s) => s.view.status === 'playing', 'the match');
        const rand = rng(3);
        let end = null;
        // Ann declares with the store failing, on her second turn (round
        // 1's first player: before Greedy may declare). A false declaration
        // puts her out; a right one puts Greedy out unless his total is
        // within 1 of hers: then the match goes on, and she tries again.
        // A match that Greedy ends is followed by a rematch.
        for (let i = 0; !end; i++) {
            assert.ok(i < 2000, 'a match ends on a declaration of Ann');
            const v = st.view;
            if (v.status === 'over') {
                ann.send({ type: 'rematch' });
                st = await ann.stateWhere((s) => s.view.status === 'playing' && s.view.match === v.match + 1, 'a rematch');
                continue;
            }
            if (v.status === 'playing' && v.turn === v.you && v.can_declare) {
                writeFileSync(fault, '');
                ann.send({ type: 'move', version: st.version, move: 'declare' });
                const told = await ann.next('store', 'the store failing');
                assert.equal(told.ok, false);
                assert.ok(!ann.frames.some((f) => f.type === 'state' && f.version > st.version),
                    'a state from a paused table');
                unlinkSync(fault);
                assert.equal((await ann.next('store', 'the store back', T(10000))).ok, true);
                st = await ann.stateWhere((s) => s.version > st.version, 'the declaration');
                end = st.events.find((e) => e.kind === 'match_end') ?? null;
                continue;
            }
            if (v.status === 'playing' && v.turn === v.you) {
                let move;
                try { move = chooseMove(v, rand, -1); } catch { move = 'declare'; }
                ann.send({ type: 'move', version: st.version, move });
            } else if (v.status === 'between') {
                ann.send({ type: 'next' });
            }
            st = await ann.next((m) => m.type === 'state' && m.version > st.version, 'the next state', T(10000));
        }
        assert.ok(Number.isInteger(end.match_id) && end.match_id > 0, `match_end: ${JSON.stringify(end)}`);
        assert.equal(st.view.status, 'over');
        assert.equal(st.view.match_id, end.match_id);
        const m = await stored(srv, end.match_id);
        assert.deepEqual([m.code, m.match], [j.code, st.view.match]);
        await srv.waitLog(/store: back: everything held in memory is written/);
        await srv.close();
    } finally {
        await srv.kill();
        rmSync(faultDir, { recursive: true, force: true });
    }
});
