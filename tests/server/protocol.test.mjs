// protocol.test.mjs - docs/server-protocol.md through real WebSocket
// clients: the welcome, a whole match (create with a computer player,
// join by code, watch, start, moves, `next` between rounds, the end, the
// game record), and every error of the document's table, each answered to
// its sender only, with the table unchanged.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, AutoPlayer, withTimeout, sleep, T, replay, connect, allDone } from './lib.mjs';
import { makeTable, unchanged, settle, now, mover, uniqueName, mark } from './tables.mjs';

const DEFAULT_RULES = { threshold: 100, tie: 'declarer', runs: 'any', hand_size: 5, declare_max: 0, max_turns: 500 };

describe('a whole match', () => {
    test('welcome, create with a bot, join by code, watch, start, play to the end, the record', async () => {
        // A round pause longer than the test: the next round is dealt only
        // because both people send `next`. Threshold 50: a hand holds 50
        // points at most, so in one round only a false declarer can go past
        // it, and the match always has a second round (at 25 a correct
        // declaration put both others out in round 1 in 4 of 800 matches).
        const srv = await startServer({ args: ['--round-pause', '60'] });
        const a = await srv.connect({ label: 'Ann' });
        assert.equal(a.welcome.protocol, 1);
        assert.equal(a.welcome.max_message, 4096);
        assert.match(a.welcome.server, /^leastscore /);
        assert.deepEqual(a.welcome.levels, ['random', 'greedy', 'expert']);
        assert.deepEqual(a.welcome.defaults, { rules: DEFAULT_RULES, turn_time: 0, grace: 30 });

        const j = await a.request({ type: 'create', name: 'Ann', seats: 3, bots: ['greedy'], rules: { threshold: 50 }, id: 'c1' }, ['joined', 'error']);
        assert.equal(j.type, 'joined', JSON.stringify(j));
        assert.equal(j.seat, 0);
        assert.equal(j.role, 'player');
        assert.match(j.token, /^[0-9a-f]{32}$/);
        assert.match(j.code, /^[A-Za-z0-9]+$/);
        let s = await a.next('state');
        assert.equal(s.view.status, 'lobby');
        assert.equal(s.view.code, j.code);
        assert.equal(s.view.you, 0);
        assert.equal(s.view.host, 0);
        assert.deepEqual(s.view.rules, { ...DEFAULT_RULES, threshold: 50 });
        assert.equal(s.view.turn_time, 0);
        assert.equal(s.view.seats[0].name, 'Ann');
        assert.equal(s.view.seats[0].kind, 'human');
        assert.equal(s.view.seats[1].kind, 'bot');
        assert.equal(s.view.seats[1].level, 'greedy');
        assert.ok(!('hand' in s.view), 'a hand in the lobby');

        const b = await srv.connect({ label: 'Ben' });
        const jb = await b.request({ type: 'join', code: j.code, name: 'Ben' }, ['joined', 'error']);
        assert.equal(jb.type, 'joined', JSON.stringify(jb));
        assert.equal(jb.seat, 2);
        assert.match(jb.token, /^[0-9a-f]{32}$/);
        assert.notEqual(jb.token, j.token);
        await b.next('state');
        s = await a.next('state', 'Ann told that Ben sat down');
        const seatEv = s.events.find((e) => e.kind === 'seat');
        assert.ok(seatEv, `no seat event: ${JSON.stringify(s.events)}`);
        assert.equal(seatEv.seat, 2);
        assert.equal(seatEv.name, 'Ben');
        assert.equal(seatEv.who, 'human');

        const w = await srv.connect({ label: 'watcher' });
        const jw = await w.request({ type: 'watch', code: j.code }, ['joined', 'error']);
        assert.equal(jw.type, 'joined', JSON.stringify(jw));
        assert.equal(jw.role, 'spectator');
        assert.equal(jw.seat, -1);
        assert.ok(!('token' in jw), 'a spectator got a token');
        s = await w.next('state');
        assert.equal(s.view.you, -1);
        assert.equal(s.snapshot, true, 'a first state is a snapshot');

        a.send({ type: 'start' });
        for (const c of [a, b, w]) {
            const st = await c.stateWhere((x) => x.view.status === 'playing', 'the start');
            assert.ok(st.events.some((e) => e.kind === 'start' && e.match === 1), `no start event: ${JSON.stringify(st.events)}`);
            assert.ok(st.events.some((e) => e.kind === 'deal' && e.round === 1 && e.starter === 0), `no deal event: ${JSON.stringify(st.events)}`);
            assert.equal(st.view.round, 1);
            assert.equal(st.view.turn, 0);
            assert.equal(st.view.deck, 52 - 3 * 5 - 1);
            assert.equal(st.view.open.length, 1);
            if (c !== w) assert.equal(st.view.hand.length, 5);
        }

        const pa = new AutoPlayer(a, { seed: 1, next: true });
        const pb = new AutoPlayer(b, { seed: 2, next: true });
        const [end] = await allDone([pa, pb], T(30000));
        assert.deepEqual([...pa.problems, ...pb.problems], []);
        assert.equal(end.view.status, 'over');
        assert.ok(end.view.winner >= 0 && end.view.winner < 3, `winner ${end.view.winner}`);
        assert.deepEqual(end.view.seats.map((x) => x.wins), [0, 1, 2].map((i) => (i === end.view.winner ? 1 : 0)), 'the winner\'s wins');
        const ws = await w.stateWhere((x) => x.view.status === 'over', 'the spectator to see the end');
        const events = w.frames.filter((f) => f.type === 'state').flatMap((f) => f.events);
        const matchEnd = events.find((e) => e.kind === 'match_end');
        assert.ok(matchEnd && matchEnd.winner === end.view.winner, `no match_end event: ${JSON.stringify(matchEnd)}`);
        // The end, whole in its event (a page that missed the events
        // before shows it): each seat's place, final total and out round,
        // best first, as the view's seats and `replay --json` have them.
        assert.equal(matchEnd.places?.length, 3, JSON.stringify(matchEnd));
        for (const p of matchEnd.places) {
            const seat = end.view.seats[p.seat];
            assert.equal(p.name, seat.name);
            assert.equal(p.total, seat.score);
            assert.equal(p.out_round, seat.out_round);
        }
        assert.equal(matchEnd.places[0].seat, end.view.winner);
        const rounds = events.filter((e) => e.kind === 'round_end').length;
        assert.ok(rounds >= 2, `${rounds} rounds: the next round was never dealt after 'next'`);
        assert.equal(ws.view.result.round, rounds);

        // The match's game record, verified by `leastscore replay`.
        const deadline = Date.now() + T(5000);
        while (srv.records().length === 0 && Date.now() < deadline) await sleep(50);
        const files = srv.records();
        assert.equal(files.length, 1, `records under the data directory: ${files}`);
        const r = replay(files[0]);
        assert.deepEqual(r.players, end.view.seats.map((x) => x.name));
        assert.equal(r.finished, true);
        assert.equal(r.winner, end.view.seats[end.view.winner].name);
        assert.equal(r.rounds.length, rounds);
        assert.deepEqual(matchEnd.places.map(({ seat, ...rest }) => rest), r.places);
        for (const c of [a, b, w]) c.close();
        await srv.close();
    });
});

describe('errors', () => {
    let srv;
    before(async () => {
        srv = await startServer({ args: ['--max-tables-per-address', '1000', '--origin', 'https://other.example, http://friend.example'] });
    });
    after(async () => { await srv.close(); });

    test('bad_json: not JSON, not an object', async () => {
        const t = await makeTable(srv);
        await unchanged(t, t.host, async () => {
            for (const text of ['not json', '{"type":', '[1,2]', '"create"', '42', 'null']) {
                const e = await t.host.expectError(text, 'bad_json');
                assert.ok(e.message && e.message.length > 5, `no message for ${text}`);
            }
            // A NUL in a string: refused in the protocol's words.
            const n = await t.host.expectError('{"type":"watch","code":"AB\\u0000CD"}', 'bad_json');
            assert.match(n.message, /^not JSON this server reads: a string holds \\u0000 \(NUL\) at line 1 column \d+$/);
            // A number past 64 bits is JSON, but none the server reads
            // (it said 'not JSON: too big integer near ...').
            for (const [num, words] of [['99999999999999999999', "too big integer near '99999999999999999999'"],
                ['-99999999999999999999', 'too big negative integer'], ['1e400', "real number overflow near '1e400'"]]) {
                const b = await t.host.expectError(`{"type":"sync","version":${num}}`, 'bad_json');
                assert.equal(b.message, `not JSON this server reads: a number out of range (${words}; `
                    + `an integer is from -2^63 to 2^63 - 1) at line 1 column ${25 + num.length}`);
            }
        });
    });

    test('bad_message names the member that is missing, mistyped or out of range', async () => {
        const t = await makeTable(srv, { start: true });
        const c = await srv.connect();
        const cases = [
            [c, { id: 1 }, 'type'],
            [c, { type: 5 }, 'type'],
            [c, { type: 'join', code: 'ABCDE' }, 'name'],
            [c, { type: 'join', code: 5, name: 'Zed' }, 'code'],
            [c, { type: 'watch' }, 'code'],
            [c, { type: 'create', name: 'Zed', seats: '4' }, 'seats'],
            [c, { type: 'create', name: 'Zed', bots: 'greedy' }, 'bots'],
            [c, { type: 'create', name: 'Zed', rules: 5 }, 'rules'],
            [c, { type: 'resume', code: t.code }, 'token'],
            [t.host, { type: 'move', move: 'declare' }, 'version'],
            [t.host, { type: 'move', version: 'x', move: 'declare' }, 'version'],
            [t.host, { type: 'move', version: now(t).version }, 'move'],
            [t.host, { type: 'sync' }, 'version'],
            [t.host, { type: 'remove', seat: 'one' }, 'seat'],
            // An id the error could not echo: the message is not acted on.
            [t.host, { type: 'move', id: 1.5, version: now(t).version, move: 'declare' }, 'id'],
            [t.host, { type: 'sync', id: 'x'.repeat(33), version: 0 }, 'id'],
            [c, { type: 'create', name: 'Zed', id: { n: 1 } }, 'id'],
        ];
        await unchanged(t, t.host, async () => {
            for (const [who, msg, member] of cases) {
                const e = await who.expectError(msg, 'bad_message');
                assert.match(e.message, new RegExp(`\\b${member}\\b`), `${JSON.stringify(msg)}: '${e.message}' does not name '${member}'`);
            }
        });
        // The id is echoed, a string or an integer, with the request type.
        let e = await c.expectError({ type: 'join', id: 'r-1', code: 5, name: 'Zed' }, 'bad_message');
        assert.equal(e.id, 'r-1');
        assert.equal(e.request, 'join');
        e = await c.expectError({ type: 'join', id: 77, code: 5, name: 'Zed' }, 'bad_message');
        assert.equal(e.id, 77);
        // The create above with a bad id made no table: c is at none.
        await c.expectError({ type: 'leave' }, 'not_at_table');
    });

    // JSON has one zero: -0 is 0, in an id (echoed as 0, which a client's
    // -0 equals) and in any integer member; -0.0 is a fraction, refused as
    // 1.5 is. (The JSON API's paths and queries refuse -0 with 400, as any
    // sign: http-api.md.)
    test('-0 is the integer 0: an id echoed as 0, a member read as 0', async () => {
        const c = await srv.connect();
        const texts = [];
        c.ws.on('message', (data) => texts.push(data.toString()));
        const e = await c.expectError('{"type":"sync","version":-0,"id":-0}', 'not_at_table');
        assert.ok(Object.is(e.id, 0), JSON.stringify(e));
        assert.match(texts.at(-1), /"id":0[,}]/, texts.at(-1));
        const s = await c.expectError('{"type":"create","name":"Zed","seats":-0,"id":-0}', 'bad_message');
        assert.equal(s.message, 'seats: must be from 2 to 8, not 0');
        assert.ok(Object.is(s.id, 0));
        const f = await c.expectError('{"type":"sync","version":1,"id":-0.0}', 'bad_message');
        assert.match(f.message, /^id: /);
        assert.equal(f.id, undefined);
        c.close();
    });

    // The document: bad_message is "a member ... out of range"; bad_option
    // is "a rule option or turn time out of range"; seats is neither.
    test('bad_message for seats out of range (2-8)', async () => {
        const c = await srv.connect();
        for (const seats of [1, 9]) {
            const e = await c.expectError({ type: 'create', name: 'Zed', seats }, 'bad_message');
            assert.match(e.message, /\bseats\b/);
        }
    });

    test('unknown_type', async () => {
        const t = await makeTable(srv);
        await unchanged(t, t.host, async () => {
            const e = await t.host.expectError({ type: 'fly', id: 3 }, 'unknown_type');
            assert.equal(e.id, 3);
            assert.match(e.message, /fly/);
        });
    });

    test('a 4096-byte message is read; a longer one gets too_large, then close 1009', async () => {
        const t = await makeTable(srv);
        const c = await srv.connect();
        const msg = (n) => {
            const base = JSON.stringify({ type: 'leave', pad: '' });
            return JSON.stringify({ type: 'leave', pad: 'x'.repeat(n - base.length) });
        };
        assert.equal(msg(4096).length, 4096);
        await c.expectError(msg(4096), 'not_at_table');
        await unchanged(t, c, async () => {
            await c.expectError(msg(4097), 'too_large');
            const closed = await withTimeout(c.closedPromise, T(5000), 'the close after too_large');
            assert.equal(closed.code, 1009);
            assert.equal(closed.reason, 'message too large');
        });
        // Far over the limit: the same.
        const big = await srv.connect();
        await big.expectError('x'.repeat(100000), 'too_large');
        const closed = await withTimeout(big.closedPromise, T(5000), 'the close after too_large');
        assert.equal(closed.code, 1009);
    });

    // Server bug: a message was refused only at its end, so one sent in
    // fragments that never ends was read for ever (75 MB in 8 s here),
    // past every budget.
    test('a message in fragments that never ends gets too_large once past the limit', async () => {
        const c = await srv.connect();
        const chunk = 'x'.repeat(1000);
        for (let i = 0; i < 5; i++) c.ws.send(chunk, { fin: false });
        const e = await c.next('error', 'too_large before the message ends');
        assert.equal(e.code, 'too_large');
        const closed = await withTimeout(c.closedPromise, T(5000), 'the close after too_large');
        assert.equal(closed.code, 1009);
    });

    // Server bug: a message in empty fragments never grew, so it was read
    // for ever, outside every budget (28.7 million frames sent in 3 s
    // here, never closed). A message may come in 16 frames at most
    // (flood.test.mjs has the flood of fragments).
    test('a message in empty fragments that never ends closes the connection', async () => {
        const c = await srv.connect();
        c.ws.send('{"type":', { fin: false });
        for (let i = 0; i < 5000; i++) c.ws.send('', { fin: false });
        const closed = await withTimeout(c.closedPromise, T(5000), 'the close');
        assert.deepEqual(closed, { code: 1008, reason: 'message in more than 16 fragments' });
        // A 4096-byte message in 16 fragments is read.
        const d = await srv.connect();
        const text = JSON.stringify({ type: 'leave', pad: 'x'.repeat(4096 - 25) });
        assert.equal(text.length, 4096);
        for (let i = 0; i < 16; i++) d.ws.send(text.slice(i * 256, (i + 1) * 256), { fin: i === 15 });
        assert.equal((await d.next('error', 'the answer to leave', T(10000))).code, 'not_at_table');
    });

    test('a text frame that is not UTF-8 closes the connection (1007); the table goes on', async () => {
        const t = await makeTable(srv);
        const c = await srv.connect();
        await unchanged(t, c, async () => {
            c.ws.send(Buffer.from('{"type":"leave","x":"\xff"}', 'latin1'), { binary: false });
            const closed = await withTimeout(c.closedPromise, T(5000), 'the close after a frame that is not UTF-8');
            assert.deepEqual(closed, { code: 1007, reason: 'bad utf8' });
        });
    });

    test('a flood gets rate_limited, then close 1008; other connections are served', async () => {
        const t = await makeTable(srv);
        const c = await srv.connect();
        await unchanged(t, c, async () => {
            for (let i = 0; i < 120; i++) c.sendNow({ type: 'leave', id: i });
            const closed = await withTimeout(c.closedPromise, T(10000), 'the close of a flooding connection');
            assert.equal(closed.code, 1008);
            assert.equal(closed.reason, 'too many messages');
            const codes = c.frames.filter((f) => f.type === 'error').map((f) => f.code);
            const served = codes.filter((x) => x === 'not_at_table').length;
            const limited = codes.filter((x) => x === 'rate_limited').length;
            assert.ok(served >= 20 && served < 40, `${served} messages served before the limit (budget 20, 10/s)`);
            assert.ok(limited >= 1 && limited <= 50, `${limited} rate_limited errors`);
            assert.deepEqual(codes.slice(0, 20), Array(20).fill('not_at_table'), 'the budget of 20 is served first');
        });
        // Within the budget nothing is limited: 15 requests at once.
        const d = await srv.connect();
        for (let i = 0; i < 15; i++) d.sendNow({ type: 'leave', id: i });
        for (let i = 0; i < 15; i++) assert.equal((await d.recv()).code, 'not_at_table');
        const other = await srv.connect();
        await other.expectError({ type: 'leave' }, 'not_at_table');
    });

    // Server bug: binary frames were answered (bad_json) outside the
    // budget, as many as were sent.
    test('a flood of binary frames counts against the same budget', async () => {
        const c = await srv.connect();
        for (let i = 0; i < 120; i++) c.ws.send(Buffer.from('{}'), { binary: true });
        const closed = await withTimeout(c.closedPromise, T(10000), 'the close of a connection flooding binary frames');
        assert.deepEqual(closed, { code: 1008, reason: 'too many messages' });
        const codes = c.frames.filter((f) => f.type === 'error').map((f) => f.code);
        const served = codes.filter((x) => x === 'bad_json').length;
        assert.ok(served >= 20 && served < 40, `${served} binary frames answered before the limit (budget 20, 10/s)`);
        assert.ok(codes.includes('rate_limited'), JSON.stringify(codes));
    });

    // The message says what is wrong with the name, where (it was the
    // rule alone: 'a name is 1 to 16 of A-Z a-z 0-9 _ -').
    test('bad_name', async () => {
        const t = await makeTable(srv);
        const c = await srv.connect();
        const rule = 'a name is 1 to 16 of A-Z a-z 0-9 _ -';
        const why = {
            '': `name: empty; ${rule}`,
            'a b': `name: character 2, ' ', cannot be in a name; ${rule}`,
            ['x'.repeat(17)]: `name: 17 characters, more than 16; ${rule}`,
            'Zoë': `name: character 3, 'ë', cannot be in a name; ${rule}`,
            'a/b': `name: character 2, '/', cannot be in a name; ${rule}`,
            'tab\t': `name: character 4 is a control character (U+0009), which cannot be in a name; ${rule}`,
            '<b>': `name: character 1, '<', cannot be in a name; ${rule}`,
            'Ada\u{1F600}': `name: character 4, '\u{1F600}', cannot be in a name; ${rule}`,
            // Characters a quote would hide, or that would turn the rest
            // of the message backwards, are named by their code points.
            'A\u200Bda': `name: character 2, U+200B (a character that shows nothing), cannot be in a name; ${rule}`,
            '\u200B': `name: character 1, U+200B (a character that shows nothing), cannot be in a name; ${rule}`,
            'Ada\uFEFF': `name: character 4, U+FEFF (a character that shows nothing), cannot be in a name; ${rule}`,
            'Ada\u2060': `name: character 4, U+2060 (a character that shows nothing), cannot be in a name; ${rule}`,
            'Ann\u200D': `name: character 4, U+200D (a character that shows nothing), cannot be in a name; ${rule}`,
            '\u202EadA': `name: character 1, U+202E (a direction control), cannot be in a name; ${rule}`,
            'Ada\u2067': `name: character 4, U+2067 (a direction control), cannot be in a name; ${rule}`,
            'Ada\u200F': `name: character 4, U+200F (a direction control), cannot be in a name; ${rule}`,
            'Ad\u0301a': `name: character 3, U+0301 (a combining mark), cannot be in a name; ${rule}`,
            // Every script's marks are marks (they were quoted, drawn on the
            // quote mark); a mark that shows nothing shows nothing.
            'Ad\u0941a': `name: character 3, U+0941 (a combining mark), cannot be in a name; ${rule}`,
            'Ab\u0BCD': `name: character 3, U+0BCD (a combining mark), cannot be in a name; ${rule}`,
            'Ada\u034F': `name: character 4, U+034F (a character that shows nothing), cannot be in a name; ${rule}`,
            '\u3000\u3000': `name: character 1, U+3000 (a character that shows nothing), cannot be in a name; ${rule}`,
            'Ada\u0085': `name: character 4, U+0085 (a character that shows nothing), cannot be in a name; ${rule}`,
            'Ada\n': `name: character 4 is a control character (U+000A), which cannot be in a name; ${rule}`,
        };
        await unchanged(t, c, async () => {
            for (const [name, message] of Object.entries(why)) {
                assert.equal((await c.expectError({ type: 'create', name }, 'bad_name')).message, message);
                assert.equal((await c.expectError({ type: 'join', code: t.code, name }, 'bad_name')).message, message);
            }
        });
        const ok = await c.request({ type: 'create', name: 'x'.repeat(16) }, ['joined', 'error']);
        assert.equal(ok.type, 'joined', `a 16-character name: ${JSON.stringify(ok)}`);
    });

    test('name_taken', async () => {
        const t = await makeTable(srv);
        const c = await srv.connect();
        await unchanged(t, c, async () => {
            await c.expectError({ type: 'join', code: t.code, name: t.names[1] }, 'name_taken');
            await c.expectError({ type: 'join', code: t.code, name: t.names[0] }, 'name_taken');
        });
    });

    // A name refused as another's says whose as data (conflict, name,
    // like, look_alike) beside its text, so that a client need not read
    // the text: a seat's name in another case or look, a computer
    // player's name.
    test('name_taken says whose the name is', async () => {
        const host = await srv.connect({ label: 'host' });
        const iris = uniqueName('Iv');
        const j = await host.request({ type: 'create', name: iris, seats: 4 }, ['joined', 'error']);
        assert.equal(j.type, 'joined', JSON.stringify(j));
        const c = await srv.connect({ label: 'guest' });
        const fields = ({ code, request, conflict, name, like, look_alike }) => ({ code, request, conflict, name, like, look_alike });
        const lris = `l${iris.slice(1)}`;
        const e = await c.expectError({ type: 'join', code: j.code, name: lris }, 'name_taken');
        assert.deepEqual(fields(e), { code: 'name_taken', request: 'join', conflict: 'seat', name: lris, like: iris, look_alike: true });
        assert.equal(e.message, `${lris} looks like ${iris}, who sits at table ${j.code}: choose a name `
            + 'told apart by more than case, I l 1, O 0, rn m or vv w');
        const upper = iris.toUpperCase();
        const u = await c.expectError({ type: 'join', code: j.code, name: upper }, 'name_taken');
        assert.deepEqual(fields(u), { code: 'name_taken', request: 'join', conflict: 'seat', name: upper, like: iris, look_alike: false });
        assert.equal(u.message, `${upper} already sits at table ${j.code}`);
        const b = await c.expectError({ type: 'join', code: j.code, name: 'Greedy-2' }, 'name_taken');
        assert.deepEqual(fields(b), { code: 'name_taken', request: 'join', conflict: 'computer', name: 'Greedy-2', like: undefined, look_alike: undefined });
        assert.equal(b.message, "Greedy-2 is a computer player's name: choose another");
        // Other errors carry none of these fields.
        const o = await c.expectError({ type: 'join', code: j.code, name: 'no spaces' }, 'bad_name');
        assert.deepEqual(fields(o), { code: 'bad_name', request: 'join', conflict: undefined, name: undefined, like: undefined, look_alike: undefined });
        host.close();
        c.close();
    });

    test('bad_option names the option', async () => {
        const c = await srv.connect();
        const cases = [
            [{ rules: { threshold: 0 } }, 'threshold'],
            [{ rules: { threshold: 1001 } }, 'threshold'],
            [{ rules: { tie: 'maybe' } }, 'tie'],
            [{ rules: { runs: 'some' } }, 'runs'],
            [{ rules: { hand_size: 2 } }, 'hand_size'],
            [{ rules: { hand_size: 8 } }, 'hand_size'],
            [{ rules: { declare_max: -1 } }, 'declare_max'],
            [{ rules: { max_turns: 0 } }, 'max_turns'],
            [{ turn_time: 10 }, 'turn_time'],
            [{ turn_time: 121 }, 'turn_time'],
            [{ turn_time: 14 }, 'turn_time'],
            [{ seats: 8, rules: { hand_size: 7 } }, 'hand_size|52|seats|players'],
        ];
        const t = await makeTable(srv);
        await unchanged(t, c, async () => {
            for (const [extra, name] of cases) {
                const e = await c.expectError({ type: 'create', name: 'Opt', ...extra }, 'bad_option');
                assert.match(e.message, new RegExp(name), `${JSON.stringify(extra)}: '${e.message}'`);
            }
            // One wording for a turn time however far out, and an option named once.
            for (const tt of [14, 121, 1e12, -1]) {
                const e = await c.expectError({ type: 'create', name: 'Opt', turn_time: tt }, 'bad_option');
                assert.equal(e.message, `turn_time: 0 (off) or 15 to 120 seconds, not ${tt}`);
            }
            const h = await c.expectError({ type: 'create', name: 'Opt', rules: { hand_size: 9 } }, 'bad_option');
            assert.equal(h.message, "rules.hand_size: must be from 3 to 7, not '9'");
        });
        // The limits themselves are accepted.
        for (const extra of [{ turn_time: 15 }, { turn_time: 120 }, { rules: { threshold: 1000, hand_size: 7 }, seats: 7 }]) {
            const d = await srv.connect();
            const j = await d.request({ type: 'create', name: 'Opt', ...extra }, ['joined', 'error']);
            assert.equal(j.type, 'joined', `${JSON.stringify(extra)}: ${JSON.stringify(j)}`);
            d.close();
        }
    });

    test('an error that quotes what was sent, cut in the middle of a character, is still answered', async () => {
        const t = await makeTable(srv);
        const c = await srv.connect();
        await unchanged(t, c, async () => {
            // The option's name is quoted up to 20 bytes: the 21st byte is
            // half of an é. The reply must still be valid UTF-8 (it was not
            // sent at all).
            const e = await c.expectError({ type: 'create', name: 'Cut', rules: { ['a' + 'é'.repeat(10)]: 1 } }, 'bad_option');
            assert.match(e.message, /^rules\.aé{9}\?: unknown option/);
            assert.equal(e.request, 'create');
            // A type is quoted up to 32 bytes.
            const u = await c.expectError({ type: 'x' + 'é'.repeat(20) }, 'unknown_type');
            assert.match(u.message, /^'xé{15}\?' is not a message type/);
        });
    });

    test('bad_level', async () => {
        const t = await makeTable(srv);
        const c = await srv.connect();
        await unchanged(t, [c, t.host], async () => {
            await c.expectError({ type: 'create', name: 'Lev', bots: ['godlike'] }, 'bad_level');
            await c.expectError({ type: 'create', name: 'Lev', bots: ['greedy', 'Greedy'] }, 'bad_level');
            await t.host.expectError({ type: 'add_bot', level: 'x' }, 'bad_level');
        });
    });

    test('no_table', async () => {
        const t = await makeTable(srv);
        const c = await srv.connect();
        await unchanged(t, c, async () => {
            await c.expectError({ type: 'join', code: 'QQQQQ', name: 'Nob' }, 'no_table');
            await c.expectError({ type: 'watch', code: 'QQQQQ' }, 'no_table');
            await c.expectError({ type: 'resume', code: 'QQQQQ', token: '0'.repeat(32) }, 'no_table');
        });
    });

    test('table_full', async () => {
        const t = await makeTable(srv, { seats: 2, bots: ['random'], humans: 1 });
        const c = await srv.connect();
        await unchanged(t, [c, t.host], async () => {
            await c.expectError({ type: 'join', code: t.code, name: 'Late' }, 'table_full');
            await t.host.expectError({ type: 'add_bot', level: 'greedy' }, 'table_full');
        });
        const w = await c.request({ type: 'watch', code: t.code }, ['joined', 'error']);
        assert.equal(w.type, 'joined', 'watching a full table');
    });

    test('started', async () => {
        const t = await makeTable(srv, { seats: 4, bots: ['greedy'], humans: 2, start: true });
        const c = await srv.connect();
        await unchanged(t, c, async () => {
            await c.expectError({ type: 'join', code: t.code, name: 'Late' }, 'started');
        });
    });

    test('not_host', async () => {
        const t = await makeTable(srv, { seats: 4, humans: 2 });
        const b = t.players[1];
        await unchanged(t, [b, t.spec], async () => {
            await b.expectError({ type: 'start' }, 'not_host');
            await b.expectError({ type: 'add_bot', level: 'greedy' }, 'not_host');
            await b.expectError({ type: 'remove', seat: 1 }, 'not_host');
            await t.spec.expectError({ type: 'start' }, 'not_host');
        });
        // A rematch from someone else than the host, after the match ended.
        const s = await makeTable(srv, { seats: 3, bots: ['greedy'], humans: 2, rules: { threshold: 1 }, start: true });
        const ps = s.players.map((c, i) => new AutoPlayer(c, { seed: 40 + i }));
        await allDone(ps, T(30000));
        for (const c of s.players) c.onFrame = null;
        await unchanged(s, s.players[1], async () => {
            await s.players[1].expectError({ type: 'rematch' }, 'not_host');
        });
    });

    test('at_table and not_at_table', async () => {
        const t = await makeTable(srv);
        await unchanged(t, [t.host, t.spec], async () => {
            await t.host.expectError({ type: 'create', name: 'Again' }, 'at_table');
            await t.host.expectError({ type: 'join', code: t.code, name: 'Again' }, 'at_table');
            await t.host.expectError({ type: 'watch', code: t.code }, 'at_table');
            await t.host.expectError({ type: 'resume', code: t.code, token: t.tokens[1] }, 'at_table');
            await t.spec.expectError({ type: 'join', code: t.code, name: 'Again' }, 'at_table');
        });
        const c = await srv.connect();
        await unchanged(t, c, async () => {
            for (const msg of [{ type: 'start' }, { type: 'leave' }, { type: 'sync', version: 0 }, { type: 'next' },
                { type: 'hint' }, { type: 'add_bot', level: 'greedy' }, { type: 'remove', seat: 1 }, { type: 'rematch' },
                { type: 'move', version: 1, move: 'declare' }]) {
                await c.expectError(msg, 'not_at_table');
            }
        });
    });

    test('not_now', async () => {
        const t = await makeTable(srv, { seats: 3, humans: 2, start: true });
        const h = t.host;
        await unchanged(t, h, async () => {
            await h.expectError({ type: 'start' }, 'not_now');
            await h.expectError({ type: 'rematch' }, 'not_now');
            await h.expectError({ type: 'next' }, 'not_now');
        });
    });

    // add_bot and remove are "the host, before the start": during a match
    // that is the phase error not_now (`started` is for join).
    test('not_now: add_bot and remove during a match', async () => {
        const t = await makeTable(srv, { seats: 3, humans: 2, start: true });
        const h = t.host;
        await unchanged(t, h, async () => {
            await h.expectError({ type: 'add_bot', level: 'greedy' }, 'not_now');
            await h.expectError({ type: 'remove', seat: 1 }, 'not_now');
        });
    });

    test('not_your_turn', async () => {
        const t = await makeTable(srv, { seats: 3, bots: ['greedy'], humans: 2, start: true });
        const st = now(t);
        const m = mover(t);
        assert.ok(m, 'a person is to move');
        const other = t.players.find((p) => p !== m);
        await unchanged(t, [other, t.spec], async () => {
            await other.expectError({ type: 'move', version: st.version, move: `discard ${other.lastState().view.hand[0]} draw` }, 'not_your_turn');
            await other.expectError({ type: 'hint' }, 'not_your_turn');
            await t.spec.expectError({ type: 'move', version: st.version, move: 'discard AS draw' }, 'not_your_turn');
        });
    });

    test('illegal_move: the engine says why; the table is unchanged', async () => {
        const t = await makeTable(srv, { seats: 3, bots: ['greedy'], humans: 2, start: true });
        const m = mover(t);
        const v = m.lastState().view;
        const version = m.lastState().version;
        const hand = v.hand;
        const other = hand.find((c) => c.slice(0, -1) !== hand[0].slice(0, -1));
        await unchanged(t, m, async () => {
            let e = await m.expectError({ type: 'move', version, move: `discard ${v.open[0]} draw` }, 'illegal_move');
            assert.match(e.message, new RegExp(v.open[0]), `'${e.message}' does not name the card`);
            e = await m.expectError({ type: 'move', version, move: `discard ${hand[0]} ${other} draw` }, 'illegal_move');
            assert.ok(e.message.length > 5);
            await m.expectError({ type: 'move', version, move: 'declare' }, 'illegal_move');   // a first turn (D7)
            await m.expectError({ type: 'move', version, move: `discard ${hand[0]} take ${hand[1]}` }, 'illegal_move');
        });
    });

    test('stale, and a move sent twice plays once', async () => {
        const t = await makeTable(srv, { seats: 3, bots: ['greedy'], humans: 2, start: true });
        const m = mover(t);
        const version = m.lastState().version;
        const v = m.lastState().view;
        await unchanged(t, m, async () => {
            const e = await m.expectError({ type: 'move', version: version - 1, move: `discard ${v.hand[0]} draw` }, 'stale');
            assert.equal(e.version, version, 'the stale error carries the current version');
            const fresh = await m.recv('the fresh state after stale');
            assert.equal(fresh.type, 'state');
            assert.equal(fresh.version, version);
        });
        // The same move twice: the first plays, the copy is stale.
        const bystander = t.players.find((p) => p !== m);
        const from = bystander.frames.length;
        const move = { type: 'move', version, move: `discard ${v.hand[0]} draw` };
        m.send(move);
        m.send(move);
        const e = await m.next('error', 'the copy refused');
        assert.equal(e.code, 'stale');
        assert.ok(e.version > version);
        await settle(t);
        const moves = bystander.frames.slice(from).filter((f) => f.type === 'state').flatMap((f) => f.events)
            .filter((x) => x.kind === 'move' && x.seat === v.you);
        assert.equal(moves.length, 1, `the move was played ${moves.length} times`);
        assert.deepEqual(moves[0].discard, [v.hand[0]]);
    });

    test('hint: the expert\'s move for the seat; a second one meanwhile is busy', async () => {
        const t = await makeTable(srv, { seats: 3, bots: ['greedy'], humans: 2, start: true });
        const m = mover(t);
        const v = m.lastState().view;
        await unchanged(t, m, async () => {
            // Both in one burst: the second arrives while the first is computed.
            m.sendNow({ type: 'hint', id: 'h1' });
            m.sendNow({ type: 'hint', id: 'h2' });
            const a = await m.next((f) => f.type === 'error' && f.id === 'h2', 'the second hint refused');
            assert.equal(a.code, 'busy');
            const h = await m.next('hint');
            assert.match(h.move, /^discard (\S+ )+(draw|take \S+)$/, `hint move '${h.move}'`);
            for (const c of h.move.split(' ').filter((x) => /^(A|[2-9]|10|J|Q|K)[CDHS]$/.test(x))) {
                assert.ok(v.hand.includes(c) || v.open.includes(c), `the hint names ${c}, neither in the hand nor open`);
            }
            assert.equal(h.declare, null, 'declaring is not allowed on a first turn: declare is null');
        });
    });

    test('bad_token', async () => {
        const t = await makeTable(srv);
        const c = await srv.connect();
        await unchanged(t, c, async () => {
            await c.expectError({ type: 'resume', code: t.code, token: 'f'.repeat(32) }, 'bad_token');
            await c.expectError({ type: 'resume', code: t.code, token: t.tokens[0].toUpperCase() }, 'bad_token');
        });
    });

    test('Origin: a foreign page is refused with 403; the same origin, --origin and none are accepted', async () => {
        await assert.rejects(connect(srv.url, { origin: 'http://evil.example' }), (e) => e.status === 403);
        await assert.rejects(connect(srv.url, { origin: `http://127.0.0.1:${srv.port + 1}` }), (e) => e.status === 403);
        await assert.rejects(connect(srv.url, { origin: 'null' }), (e) => e.status === 403);
        for (const origin of [srv.origin, 'http://friend.example', undefined]) {
            const c = await connect(srv.url, { origin });
            assert.equal(c.welcome.type, 'welcome');
            c.close();
        }
        // The server's own address is the Host it was reached at.
        const host = `localhost:${srv.port}`;
        const c = await connect(srv.url, { origin: `http://${host}`, headers: { Host: host } });
        assert.equal(c.welcome.type, 'welcome');
        c.close();
        await assert.rejects(connect(srv.url, { origin: `http://${host}` }), (e) => e.status === 403);
        // Server bug: a Host too long to be read (300 characters) made the
        // server's own origin "http://", and that Origin was accepted.
        const long = 'h'.repeat(300);
        for (const origin of ['http://', 'https://', `http://${long}`]) {
            await assert.rejects(connect(srv.url, { origin, headers: { Host: long } }), (e) => e.status === 403, origin);
        }
    });
});

describe('limits on tables and connections', () => {
    test('guessing table codes: 20 unknown codes from one address, then one every 3 s; known codes are refused meanwhile, other addresses served', async () => {
        const srv = await startServer();
        const host = await connect(srv.url, { localAddress: '127.0.0.44' });
        const code = (await host.request({ type: 'create', name: 'Host' }, ['joined'])).code;
        const g = await connect(srv.url, { localAddress: '127.0.0.45' });
        const h = await connect(srv.url, { localAddress: '127.0.0.45' });
        const guesses = ['join', 'watch', 'resume'];
        for (let i = 0; i < 20; i++) {
            const type = guesses[i % 3];
            const e = await (i % 2 ? h : g).expectError({ type, code: `QQQ${'ABCDEFGHJKLMNPRSTUVWXYZ'[i]}Q`, name: 'Gus', token: '0'.repeat(32) }, 'no_table');
            assert.match(e.message, /no table has the code/);
        }
        // The 21st from that address, on either connection, even a right one.
        const r = await g.expectError({ type: 'watch', code: 'QQQQZ' }, 'rate_limited');
        assert.equal(r.message, 'too many unknown table codes from your address: at most 20 at once and one more every 3 seconds');
        await h.expectError({ type: 'watch', code }, 'rate_limited');
        // Another address is not held back; the budget refills.
        const o = await connect(srv.url, { localAddress: '127.0.0.46' });
        assert.equal((await o.request({ type: 'watch', code }, ['joined'])).role, 'spectator');
        await sleep(3100);
        assert.equal((await g.request({ type: 'watch', code }, ['joined'])).role, 'spectator');
        for (const c of [host, g, h, o]) c.close();
        await srv.close();
    });

    test('a state asked for costs one message more per 32 of its events: sync from 0 cannot be repeated at will', async () => {
        // A long match: eight seats, one person who never declares.
        const srv = await startServer();
        const t = await makeTable(srv, { seats: 8, bots: Array(7).fill('greedy'), humans: 1,
            rules: { threshold: 1000 }, start: true, spectator: false });
        const p = new AutoPlayer(t.host, { seed: 4, next: true, declareAt: -1 });
        await t.host.stateWhere((m) => m.version >= 320, 'version 320', T(60000));
        // The person stops: the table waits for it, and changes no more.
        t.host.onFrame = null;
        await t.host.stateWhere((m) => m.view.status === 'playing' && m.view.turn === m.view.you &&
            !p.sent.has(m.version), 'the person to move', T(20000));
        await settle(t);
        const v = now(t);
        const events = v.events.length;
        const spec = await srv.connect({ label: 'syncs' });
        // watch: 1 + floor(events / 32) of the 20; one sync from 0 takes
        // what is left, and the next ones are refused.
        spec.sendNow({ type: 'watch', code: t.code });
        await spec.next('joined');
        const first = await spec.next('state');
        assert.ok(first.events.length >= 300, `a state with ${first.events.length} events (table at ${v.version}, ${events} in its last)`);
        for (let i = 0; i < 4; i++) spec.sendNow({ type: 'sync', version: 0, id: i });
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push(await spec.next((m) => m.type === 'state' || m.type === 'error', `answer ${i}`));
        assert.deepEqual(answers.map((m) => m.type === 'error' ? m.code : m.type),
            ['state', 'rate_limited', 'rate_limited', 'rate_limited']);
        // The budget refills; a sync of what is new (nothing) costs one.
        await sleep(2500);
        for (let i = 0; i < 10; i++) spec.sendNow({ type: 'sync', version: first.version });
        for (let i = 0; i < 10; i++) {
            const m = await spec.next((x) => x.type === 'state' || x.type === 'error', `small sync ${i}`);
            assert.equal(m.type, 'state', JSON.stringify(m).slice(0, 200));
            assert.deepEqual(m.events, []);
        }
        spec.close();
        await srv.close();
    });

    test('server_full: --max-tables-per-address and --max-tables', async () => {
        const srv = await startServer({ args: ['--max-tables-per-address', '2', '--max-tables', '3'] });
        const create = async (localAddress) => {
            const c = await connect(srv.url, { localAddress });
            return { c, r: await c.request({ type: 'create', name: uniqueName() }, ['joined', 'error']) };
        };
        const a = await create('127.0.0.1');
        const b = await create('127.0.0.1');
        assert.equal(a.r.type, 'joined');
        assert.equal(b.r.type, 'joined');
        const c = await create('127.0.0.1');
        assert.equal(c.r.code, 'server_full', `a third table from one address: ${JSON.stringify(c.r)}`);
        const d = await create('127.0.0.2');
        assert.equal(d.r.type, 'joined', `a table from another address: ${JSON.stringify(d.r)}`);
        const e = await create('127.0.0.3');
        assert.equal(e.r.code, 'server_full', `a fourth table on a server of 3: ${JSON.stringify(e.r)}`);
        // A table closes when its last person leaves before the start: room again.
        a.c.send({ type: 'leave' });
        await mark(a.c);
        const f = await create('127.0.0.1');
        assert.equal(f.r.type, 'joined', `after a table closed: ${JSON.stringify(f.r)}`);
        await srv.close();
    });

    test('--idle-timeout: a client that answers no ping is dropped, one that answers stays', async () => {
        const srv = await startServer({ args: ['--idle-timeout', '2'] });
        const alive = await connect(srv.url, { label: 'answers pings' });
        // A raw socket that never answers a ping (a phone gone silent).
        const { default: WebSocket } = await import('ws');
        const mute = new WebSocket(srv.url, { autoPong: false });
        let pinged = 0;
        mute.on('ping', () => { pinged++; });
        const closed = new Promise((resolve) => mute.on('close', resolve));
        await withTimeout(new Promise((resolve, reject) => { mute.on('open', resolve); mute.on('error', reject); }),
            T(5000), 'the silent client to connect');
        const began = Date.now();
        await withTimeout(closed, T(15000), 'the silent client to be dropped');
        assert.ok(pinged >= 1, 'it was pinged before it was dropped');
        assert.ok(Date.now() - began >= 1000, 'not dropped before the timeout');
        // The one that pongs is still served after the other's drop.
        const r = await alive.request({ type: 'create', name: uniqueName() }, ['joined', 'error']);
        assert.equal(r.type, 'joined', `the answering client still works: ${JSON.stringify(r)}`);
        alive.close();
        await srv.close();
    });

    test('--max-connections-per-address: one more game connection is refused with 429 until one closes', async () => {
        const srv = await startServer({ args: ['--max-connections-per-address', '3'] });
        const open = [];
        for (let i = 0; i < 3; i++) open.push(await connect(srv.url, { localAddress: '127.0.0.1' }));
        await assert.rejects(connect(srv.url, { localAddress: '127.0.0.1' }), (e) => e.status === 429);
        // Another address has its own budget; the three still play.
        const other = await connect(srv.url, { localAddress: '127.0.0.2' });
        assert.equal(other.welcome.type, 'welcome');
        const r = await open[0].request({ type: 'create', name: uniqueName() }, ['joined', 'error']);
        assert.equal(r.type, 'joined', `a connection under the limit works: ${JSON.stringify(r)}`);
        // Once one closes, its place is free again (bounded: the server
        // frees it when it sees the close).
        open.pop().close();
        let again = null;
        for (let i = 0; i < 50 && !again; i++) {
            again = await connect(srv.url, { localAddress: '127.0.0.1' }).catch((e) => {
                if (e.status !== 429) throw e;
                return null;
            });
            if (!again) await new Promise((res) => setTimeout(res, 100));
        }
        assert.ok(again, 'a place freed by a close is given again');
        for (const c of [...open, other, again]) c.close();
        await srv.close();
    });

    test('--max-queue: a client that stops reading is closed "too slow"; one that reads the same stays, and the server goes on', async () => {
        const srv = await startServer({ args: ['--max-queue', '512', '--bot-delay', '4', '--idle-timeout', '300'],
            grace: 600 });
        // Two spectators of a table where eight computer players play a
        // move every 4 ms (the host leaves: the greedy player plays its
        // seat among seven random ones), in rounds that go on to the
        // showdown at 500 turns (nobody may declare above 1), so that the
        // match does not end for minutes: each spectator is sent a state
        // (the view, some 3 KB at 8 seats) at every move. (As fast as they
        // can, some 4,000 moves a second, a reader on a loaded machine fell
        // behind by megabytes and was closed too.) One reads; the other
        // stops reading its socket (and answers no ping: --idle-timeout
        // 300 keeps it). With no person connected, the table is kept for
        // the grace time: 600 s, as a loaded machine may take a minute. For that one the kernel's buffers fill first (the
        // server's send buffer at its largest, tcp_wmem's third value, and
        // the client's receive buffer, which does not grow while unread,
        // tcp_rmem's second), then the server's queue. (A `sync` from
        // version 0 costs a message more per 32 events: asked for again
        // and again, it would take minutes to fill them.)
        const host = await srv.connect({ label: 'host' });
        const j = await host.request({ type: 'create', name: uniqueName(), seats: 8, bots: Array(7).fill('random'),
            rules: { threshold: 1000, declare_max: 1 } }, ['joined', 'error']);
        assert.equal(j.type, 'joined', JSON.stringify(j));
        const reader = await srv.connect({ label: 'reads' });
        const slow = await srv.connect({ label: 'does not read' });
        for (const c of [reader, slow]) {
            const w = await c.request({ type: 'watch', code: j.code }, ['joined', 'error']);
            assert.equal(w.type, 'joined', JSON.stringify(w));
            await c.next('state', 'the lobby');
        }
        slow.ws.pause();
        const answered = reader.frames.length;
        host.send({ type: 'start' });
        await host.stateWhere((m) => m.view.status === 'playing', 'the start');
        host.send({ type: 'leave' });
        await mark(host);
        for (const deadline = Date.now() + T(60000); !/a connection from \S+ is closed: too slow/.test(srv.stderr);) {
            assert.ok(Date.now() < deadline, `the client that does not read is still open at version ${reader.lastState().version}`);
            assert.ok(!reader.frames.some((m) => m.type === 'removed' ||
                (m.type === 'state' && m.view.status === 'over')), 'the match ended, or the table closed');
            await sleep(20);
        }
        assert.match(srv.stderr, /too slow \(its output queue would pass --max-queue 512 KiB\)/);
        // A new client is served; the one that did not read, reading again
        // (at once: the server waits a moment only for a closed client to
        // answer), gets what the kernel held, then the close and its reason.
        const fresh = await srv.connect({ label: 'fresh' });
        const f = await fresh.request({ type: 'create', name: uniqueName() }, ['joined', 'error']);
        assert.equal(f.type, 'joined', `a new client after the close: ${JSON.stringify(f)}`);
        slow.ws.resume();
        const closed = await withTimeout(slow.closedPromise, T(10000), 'the close of the client that did not read');
        assert.deepEqual(closed, { code: 1008, reason: 'too slow: output queue full' });
        // The one that reads was sent every version so far and is still open.
        await mark(reader);
        assert.equal(reader.closed, null);
        let last = reader.frames.slice(0, answered).findLast((m) => m.type === 'state').version;
        for (const m of reader.frames.slice(answered).filter((x) => x.type === 'state')) {
            assert.equal(m.snapshot, false);
            assert.equal(m.events[0]?.v, last + 1, `the reading client missed versions after ${last}`);
            last = m.version;
        }
        assert.ok(last > 1000, `the reading client saw only ${last} versions`);
        for (const c of [host, reader, fresh]) c.close();
        await srv.close();
    });
});
