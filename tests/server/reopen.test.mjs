// reopen.test.mjs - back to the lobby after a match (docs/server-protocol.md,
// `reopen`): the host of a finished match reopens the table instead of a
// rematch; the seat of a player who left is freed (and no one else's),
// everyone at the table sees the lobby again, a friend who came late
// joins from the same code, and match 2 starts with the new seats. Before
// the end, and from anyone but the host, `reopen` is refused and changes
// nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, playToEnd } from './lib.mjs';

test('the host reopens a finished table; a late friend joins match 2', async () => {
    const srv = await startServer({ grace: 30 });
    const ann = await srv.connect({ label: 'ann' });
    const j = await ann.request({ type: 'create', name: 'Ann', seats: 4, bots: [], rules: { threshold: 1 } }, ['joined']);
    const ben = await srv.connect({ label: 'ben' });
    await ben.request({ type: 'join', code: j.code, name: 'Ben' }, ['joined']);
    ann.send({ type: 'add_bot', level: 'greedy' });
    await ann.next((m) => m.type === 'state' && m.view.seats.length === 3);
    ann.send({ type: 'start' });
    let st = await ann.next((m) => m.type === 'state' && m.view.status === 'playing');

    // Before the end: refused, from the host and from another player.
    for (const c of [ann, ben]) {
        const e = await c.request({ type: 'reopen', id: 'r' }, ['error']);
        assert.equal(e.code, c === ann ? 'not_now' : 'not_host');
    }
    // Ben leaves: the computer plays his seat to the end.
    ben.send({ type: 'leave' });
    st = await playToEnd(ann, st, 7);
    assert.equal(st.view.match, 1);
    // `start` after the end says what would start the next match.
    const e = await ann.request({ type: 'start' }, ['error']);
    assert.equal(e.code, 'not_now');
    assert.match(e.message, /^the match has ended: rematch .*, reopen /);

    // A spectator watching, then the host reopens.
    const eve = await srv.connect({ label: 'eve' });
    await eve.request({ type: 'watch', code: j.code }, ['joined']);
    ann.send({ type: 'reopen' });
    const lobby = await ann.next((m) => m.type === 'state' && m.view.status === 'lobby', 'the lobby');
    assert.deepEqual(lobby.view.seats.map((s) => s.name), ['Ann', 'Greedy']);
    assert.equal(lobby.view.match, 1);
    assert.equal(lobby.view.host, 0);
    assert.equal(lobby.view.you, 0);
    assert.equal(lobby.view.hand, undefined);
    const kinds = lobby.events.map((e) => e.kind);
    assert.deepEqual(kinds.slice(-2), ['unseat', 'reopen'], JSON.stringify(lobby.events));
    assert.equal(lobby.events.at(-1).match, 1);
    await eve.next((m) => m.type === 'state' && m.view.status === 'lobby', 'the spectator sees the lobby');
    assert.equal((await ann.request({ type: 'reopen' }, ['error'])).code, 'not_now');

    // Cy joins from the same code; the host starts match 2.
    const cy = await srv.connect({ label: 'cy' });
    const cj = await cy.request({ type: 'join', code: j.code, name: 'Cy' }, ['joined']);
    assert.equal(cj.seat, 2);
    ann.send({ type: 'start' });
    const two = await cy.next((m) => m.type === 'state' && m.view.status === 'playing', 'match 2');
    assert.equal(two.view.match, 2);
    assert.deepEqual(two.view.seats.map((s) => s.name), ['Ann', 'Greedy', 'Cy']);
    assert.equal(two.view.hand.length, 5);
    for (const c of [ann, ben, eve, cy]) c.close();
    await srv.close();
});

// A reload at the final scores: the only person at the table drops and
// comes back with her token. The table waits for her through the grace
// time, as in a match, and the rematch is still hers; it closed at once
// when nobody was connected to a finished match.
test('a reload at the final scores finds the table and its rematch', async () => {
    const srv = await startServer({ grace: 30 });
    const ann = await srv.connect({ label: 'ann' });
    const j = await ann.request({ type: 'create', name: 'Ann', seats: 2, bots: ['greedy'], rules: { threshold: 1 } }, ['joined']);
    ann.send({ type: 'start' });
    let st = await ann.next((m) => m.type === 'state' && m.view.status === 'playing');
    st = await playToEnd(ann, st, 11);
    ann.terminate(); // the page goes away without a word, as a reload does
    // Until the server has seen the drop, a resume would only take the seat
    // over; a watcher's view tells when Ann shows as disconnected.
    const eve = await srv.connect({ label: 'eve' });
    const w = await eve.request({ type: 'watch', code: j.code }, ['joined', 'error']);
    assert.equal(w.type, 'joined', JSON.stringify(w));
    await eve.stateWhere((s) => s.view.seats[0].connected === false, 'Ann seen disconnected');
    const again = await srv.connect({ label: 'ann-again' });
    const r = await again.request({ type: 'resume', code: j.code, token: j.token }, ['joined', 'error']);
    assert.equal(r.type, 'joined', `resume answered ${JSON.stringify(r)}`);
    const back = await again.stateWhere((s) => s.view.status === 'over', 'the final scores again');
    assert.equal(back.view.match, 1);
    again.send({ type: 'rematch' });
    const m2 = await again.stateWhere((s) => s.view.status === 'playing' && s.view.match === 2, 'match 2');
    assert.equal(m2.view.you, 0);
    await srv.close();
});
