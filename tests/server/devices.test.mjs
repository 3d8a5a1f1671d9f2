// A player's seat from another device (docs/server-protocol.md, "Seats and
// connections"): a seat belongs to its player, so the same player joining
// the table again (another device logged in, or a browser that lost the
// seat's token) takes that seat back, as `resume` would: before the start
// and during a match, with the seat's hand; the connection that held it is
// told. Anyone else is still refused a started table, and a guest with the
// player's name gets no seat of the player's. A seat whose token the server
// knows only by its hash (a table restored after a restart, whose player
// has not come back yet) is not handed out that way.

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test, before, after } from 'node:test';
import { startServer, T } from './lib.mjs';
import { uniqueName } from './tables.mjs';
import { backends } from './stores.mjs';

const token = () => randomBytes(16).toString('hex');

// A connection that is the player with this token (made if new).
async function asPlayer(srv, label, name, tok) {
    const c = await srv.connect({ label });
    c.send({ type: 'player', name, token: tok });
    const p = await c.next('player', `${label}'s player`);
    assert.equal(p.name, name);
    return c;
}

for (const b of backends()) {
    describe(`a player's seat from another device on ${b.name}`, { skip: b.skip }, () => {
        let srv;
        before(async () => {
            srv = await startServer({ args: (dir) => [...b.args(dir), '--bot-delay', '0'] });
        });
        after(async () => { await srv?.close(); });

        test('the same player joining again takes the seat back, in the lobby and during the match', async () => {
            const name = uniqueName('Dv');
            const tok = token();
            const laptop = await asPlayer(srv, 'laptop', name, tok);
            laptop.send({ type: 'create', name, seats: 3, bots: ['greedy'] });
            const made = await laptop.next('joined');
            assert.equal(made.seat, 0);
            const code = made.code;

            // In the lobby: the phone (the same player) joins and has seat 0,
            // with the seat's token; the laptop is told, and the table still
            // has its two seats (no second seat for the same player).
            const phone = await asPlayer(srv, 'phone', name, tok);
            phone.send({ type: 'join', code, name });
            const j = await phone.next('joined');
            assert.equal(j.seat, 0);
            assert.equal(j.token, made.token, 'the seat keeps its token');
            const r = await laptop.next('removed');
            assert.match(r.reason, /resumed on another connection/);
            const lobby = await phone.stateWhere((m) => m.view.seats.length === 2, 'the lobby with its 2 seats');
            assert.equal(lobby.view.seats[0].name, name);
            assert.equal(lobby.view.you, 0);
            assert.equal(lobby.view.host, 0, 'still the host');

            // A friend sits down; the phone starts the match.
            const friend = await asPlayer(srv, 'friend', uniqueName('Fr'), token());
            friend.send({ type: 'join', code, name: 'x' });
            const fj = await friend.next('joined');
            phone.send({ type: 'start' });
            const playing = await phone.stateWhere((m) => m.view.status === 'playing', 'the match');
            const hand = playing.view.hand;
            assert.equal(hand.length, 5);

            // During the match: the laptop, the same player, joins and has
            // the seat back with the same hand; the phone is told.
            const back = await asPlayer(srv, 'laptop-2', name, tok);
            back.send({ type: 'join', code, name });
            const bj = await back.next('joined');
            assert.equal(bj.seat, 0);
            const seen = await back.stateWhere((m) => m.view.status === 'playing', 'the match again');
            assert.deepEqual(seen.view.hand, hand);
            assert.match((await phone.next('removed')).reason, /resumed on another connection/);
            // The friend's seat is the friend's: another player joining is
            // refused, and so is a guest with the player's name.
            const other = await asPlayer(srv, 'other', uniqueName('Ot'), token());
            assert.match((await other.expectError({ type: 'join', code, name: 'x' }, 'started')).message, /has started/);
            const guest = await srv.connect({ label: 'guest' });
            await guest.expectError({ type: 'join', code, name }, 'started');
            assert.equal(fj.seat, 2);
            for (const c of [laptop, phone, friend, back, other, guest]) c.close();
        });
    });
}
