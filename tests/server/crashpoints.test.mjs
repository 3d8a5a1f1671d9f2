// crashpoints.test.mjs - the server killed with SIGKILL at chosen moments
// of a match, not random ones (restore.test.mjs kills at random points
// and checks the moves): right after a move was acknowledged, right after
// a chat line was, right after a round's result, during a rematch (match
// 2 in play), and right after a match's end; each time it is started
// again on the same store, on each store (stores.mjs). Two players (rated:
// each a player with a token) and a computer player, a turn timer, and a
// second table of two players and two computer players played meanwhile.
// Checked at each restart: the seats, the hands, the open cards, the
// scores, whose turn, the turn timer, the chat, the match number and the
// wins at the table are as the last state the players were told; and the
// players' profiles and /api/matches count every finished match once,
// never twice (a match finished just before a kill is not rated again at
// the next start), with one rating change each.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer, chooseMove, rng, sleep, T } from './lib.mjs';
import { uniqueName } from './tables.mjs';
import { backends } from './stores.mjs';

const token = () => randomBytes(16).toString('hex');
const TURN_TIME = 60;

// The view as a restart must give it back (what a seat was told).
const essence = (v) => ({
    status: v.status, match: v.match, round: v.round, turns: v.turns, turn: v.turn, you: v.you,
    hand: v.hand, open: v.open, host: v.host,
    seats: v.seats.map((s) => ({ name: s.name, kind: s.kind, score: s.score, out: s.out, wins: s.wins, away: s.away })),
});

async function person(srv, label, name, tok) {
    const c = await srv.connect({ label });
    c.send({ type: 'player', name, token: tok });
    await c.next('player');
    return c;
}

// Plays the people's turns (a computer player plays its own) until
// `until(view)` holds for the first person's latest state; 'next' is
// sent between rounds only when `next` is true.
async function drive(people, until, what, { next = true } = {}) {
    const rand = rng(7);
    const sent = new Set();
    for (let i = 0; i < 20000; i++) {
        const st = people[0].lastState();
        if (st && until(st.view)) return st;
        for (const c of people) {
            const s = c.lastState();
            const v = s?.view;
            if (!v) continue;
            if (v.status === 'playing' && v.turn === v.you && !sent.has(`${c.label}${s.version}`)) {
                sent.add(`${c.label}${s.version}`);
                c.send({ type: 'move', version: s.version, move: chooseMove(v, rand) });
            }
            if (v.status === 'between' && next && !sent.has(`${c.label}n${v.match}/${v.round}`)) {
                sent.add(`${c.label}n${v.match}/${v.round}`);
                c.send({ type: 'next' });
            }
        }
        await sleep(5);
    }
    assert.fail(`${what}: not reached in 20000 looks: ${JSON.stringify(people[0].lastState()?.view).slice(0, 1000)}`);
}

// Every frame so far read; each client's latest state stays readable.
const consume = (cs) => { for (const c of cs) c.pos = c.frames.length; };

async function resume(srv, table, i) {
    const c = await srv.connect({ label: `${table.names[i]}-back` });
    const r = await c.request({ type: 'resume', code: table.code, token: table.tokens[i], version: 0 }, ['joined', 'error']);
    assert.equal(r.type, 'joined', `resume ${table.names[i]}: ${JSON.stringify(r)}`);
    await c.next('state');
    return c;
}

// The API is asked as from a client of its own each time, through a
// trusted proxy (an address may ask it 10 times a second).
let clients = 0;
const api = (srv, path) => srv.get(path, { headers: { 'x-forwarded-for': `198.51.100.${(++clients % 250) + 1}` } });

async function profile(srv, name) {
    const r = await api(srv, `/api/players/${name}`);
    assert.equal(r.status, 200, `${name}: ${r.text}`);
    return r.json;
}

// Each player's finished matches, as their profile and /api/matches say:
// one entry each, one rating change each, the match listed with the seat.
async function checkCounted(srv, names, want, when) {
    for (const name of names) {
        const p = await profile(srv, name);
        assert.equal(p.matches, want, `${when}: ${name} has ${p.matches} matches, not ${want}: ${JSON.stringify(p)}`);
        assert.equal(p.rating_history.length, want, `${when}: ${name}'s rating history: ${JSON.stringify(p.rating_history)}`);
        const ids = p.recent.map((m) => m.id);
        assert.equal(new Set(ids).size, ids.length, `${when}: ${name}: a match listed twice`);
        assert.deepEqual(p.rating_history.map((h) => h.match).sort(), [...ids].sort(), `${when}: ${name}'s history and matches`);
        let wins = 0;
        for (const id of ids) {
            const m = (await api(srv, `/api/matches/${id}`)).json;
            const mine = m.players.filter((x) => x.name === name);
            assert.equal(mine.length, 1, `${when}: match ${id}: ${name}'s seats`);
            if (mine[0].won) wins++;
        }
        assert.equal(p.wins, wins, `${when}: ${name}'s wins`);
    }
}

for (const b of backends()) {
    test(`${b.name}: SIGKILL after a move, a chat line, a round's result, during a rematch and after an end`, { skip: b.skip }, async (t) => {
        const args = (dir) => [...b.args(dir), '--round-pause', '600', '--grace', '600', '--trust-proxy', '127.0.0.1'];
        let srv = await startServer({ args });
        const dir = srv.dir;
        const names = [uniqueName('Ka'), uniqueName('Kb')];
        const toks = [token(), token()];
        const others = [uniqueName('Kc'), uniqueName('Kd')];
        const otoks = [token(), token()];
        let people = [];
        let second = [];
        const table = { names, tokens: [] };
        const other = { names: others, tokens: [] };
        // kill(): SIGKILL, a new server on the store, the people back.
        const kills = [];
        const restart = async (when) => {
            kills.push(when);
            const before = people.map((c) => c.lastState());
            const before2 = second.map((c) => c.lastState());
            await srv.crash();
            for (const c of [...people, ...second]) c.terminate();
            srv = await startServer({ dir, args });
            people = [await resume(srv, table, 0), await resume(srv, table, 1)];
            for (const [i, c] of people.entries()) {
                const v = c.lastState().view;
                assert.deepEqual(essence(v), essence(before[i].view), `${when}: ${names[i]}'s view after the restart: ${JSON.stringify(essence(v))} was ${JSON.stringify(essence(before[i].view))}`);
                if (v.status === 'playing') {
                    assert.ok(v.deadline > 0 && v.deadline <= TURN_TIME * 1000, `${when}: the turn timer: ${v.deadline}`);
                }
            }
            if (before2.every((s) => s.view.status !== 'over')) {
                second = [await resume(srv, other, 0), await resume(srv, other, 1)];
                for (const [i, c] of second.entries()) {
                    const a = essence(c.lastState().view);
                    const w = essence(before2[i].view);
                    // The computer players of this table may have moved
                    // meanwhile: its match and seats are checked.
                    assert.deepEqual([a.match, a.seats.map((s) => [s.name, s.wins])], [w.match, w.seats.map((s) => [s.name, s.wins])], `${when}: second table`);
                }
            }
            consume([...people, ...second]);
        };
        try {
            // Table 1: two people and a computer player, a turn timer.
            const a = await person(srv, names[0], names[0], toks[0]);
            const bb = await person(srv, names[1], names[1], toks[1]);
            const j = await a.request({ type: 'create', name: names[0], seats: 3, bots: ['greedy'], turn_time: TURN_TIME, rules: { threshold: 30 } }, ['joined']);
            const jb = await bb.request({ type: 'join', code: j.code, name: names[1] }, ['joined', 'error']);
            assert.equal(jb.type, 'joined', JSON.stringify(jb));
            Object.assign(table, { code: j.code, tokens: [j.token, jb.token] });
            a.send({ type: 'start' });
            people = [a, bb];
            for (const c of people) await c.stateWhere((s) => s.view.status === 'playing', 'the start');
            // Table 2: two people and two computer players, no timer.
            const c2 = await person(srv, others[0], others[0], otoks[0]);
            const d2 = await person(srv, others[1], others[1], otoks[1]);
            const j2 = await c2.request({ type: 'create', name: others[0], seats: 4, bots: ['random', 'greedy'], rules: { threshold: 10 } }, ['joined']);
            const jd = await d2.request({ type: 'join', code: j2.code, name: others[1] }, ['joined', 'error']);
            assert.equal(jd.type, 'joined', JSON.stringify(jd));
            Object.assign(other, { code: j2.code, tokens: [j2.token, jd.token] });
            c2.send({ type: 'start' });
            second = [c2, d2];
            for (const c of second) await c.stateWhere((s) => s.view.status === 'playing', 'the second start');
            await drive(second, (v) => v.round >= 2 || v.status === 'over', 'table 2, round 2');

            // 1. Right after a move of a person was acknowledged, when the
            // next to move is a person too (so the table waits).
            const seats = people[0].lastState().view.seats;
            const human = (k) => seats[k % seats.length].kind === 'human';
            const mover = seats.findIndex((_, k) => human(k) && human(k + 1));
            const mc = people.find((c) => c.lastState().view.you === mover);
            await drive(people, (v) => v.status === 'playing' && v.turn === mover && v.turns >= 1, 'the person before a person to move');
            const first = mc.lastState();
            mc.send({ type: 'move', version: first.version, move: chooseMove(first.view, rng(3)) });
            for (const c of people) await c.stateWhere((s) => s.version > first.version, 'the move acknowledged');
            await restart('after a move');

            // 2. Right after a chat line was acknowledged.
            people[1].send({ type: 'chat', text: 'kept?' });
            await people[1].next((m) => m.type === 'chat' && m.lines?.some((l) => l.text === 'kept?'), 'the chat line');
            await restart('after a chat line');
            const lines = people[0].frames.filter((m) => m.type === 'chat').flatMap((m) => m.lines);
            assert.ok(lines.some((l) => l.text === 'kept?' && l.name === names[1]), `the chat line after the restart: ${JSON.stringify(lines)}`);

            // 3. Right after a round's result (the pause between rounds).
            await drive(people, (v) => v.status === 'between' || v.status === 'over', 'a round\'s result', { next: false });
            if (people[0].lastState().view.status === 'between') {
                // Every seat told the result before the kill: drive() looks
                // at the first seat's state only, and the second's may come
                // after it (the kill then caught the second seat's view
                // still 'playing', and the restart gave the result: a
                // failure under load).
                for (let i = 0; i < 2000 && people.some((c) => c.lastState().view.status !== 'between'); i++)
                    await sleep(5);
                await restart('after a round\'s result');
            }

            // 4. During a rematch: match 1 over, the host starts match 2.
            await drive(people, (v) => v.status === 'over', 'match 1 to end');
            for (let i = 0; i < 50 && (await profile(srv, names[0])).matches < 1; i++) await sleep(100);
            await checkCounted(srv, names, 1, 'match 1 ended');
            const host = people[people[0].lastState().view.host === 0 ? 0 : 1];
            host.send({ type: 'rematch' });
            for (const c of people) await c.stateWhere((s) => s.view.match === 2 && s.view.status === 'playing', 'the rematch');
            await drive(people, (v) => v.status === 'playing' && v.seats[v.turn].kind === 'human', 'a person to move');
            await restart('during the rematch');
            await checkCounted(srv, names, 1, 'during the rematch, restarted');

            // 5. Right after match 2 ended: rated once, not again at the start.
            await drive(people, (v) => v.status === 'over', 'match 2 to end');
            for (let i = 0; i < 50 && (await profile(srv, names[0])).matches < 2; i++) await sleep(100);
            await checkCounted(srv, names, 2, 'match 2 ended');
            await srv.crash();
            for (const c of [...people, ...second]) c.terminate();
            srv = await startServer({ dir, args });
            await checkCounted(srv, names, 2, 'match 2 ended, restarted');
            if (second.every((c) => c.lastState().view.status !== 'over')) {
                second = [await resume(srv, other, 0), await resume(srv, other, 1)];
            }
            // The second table plays to its end, once.
            if (second.length && second[0].lastState().view.status !== 'over') {
                await drive(second, (v) => v.status === 'over', 'table 2 to end');
            }
            for (let i = 0; i < 50 && (await profile(srv, others[0])).matches < 1; i++) await sleep(100);
            await checkCounted(srv, others, 1, 'table 2 ended');
            t.diagnostic(`restarted ${kills.join(', ')}`);
            assert.equal(kills.length, 4, `the kills made: ${kills.join(', ')}`);
            await srv.close();
        } finally {
            await srv.kill();
        }
    });
}
