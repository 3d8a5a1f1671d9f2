// ratedmix.test.mjs - the API's players and matches agree with each other
// after finished matches of mixed kinds (docs/http-api.md, docs/store.md
// "Ratings"): heads-up against a computer player, two people with two
// computer players, a computer level at two seats, and a match a person
// left (the computer played for them). Checked for every match: one
// winner, at place 1; places in the order the record gives (the round a
// seat went out in, later first, then the final total), equal keys
// sharing a place; each person's and computer level's profile counts
// each match once, its wins, rounds, points and declarations are the sums
// of its seats' (a level at two seats: both), its
// rating history runs on from match to match (each before the last
// after), has the ratings before and after its seat shows at each match,
// and ends at its rating.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer, AutoPlayer, allDone, sleep, T } from './lib.mjs';
import { uniqueName } from './tables.mjs';
import { backends } from './stores.mjs';

const token = () => randomBytes(16).toString('hex');
let clients = 0;
const api = async (srv, path) => {
    const r = await srv.get(path, { headers: { 'x-forwarded-for': `198.51.100.${(++clients % 250) + 1}` } });
    assert.equal(r.status, 200, `${path}: ${r.status} ${r.text}`);
    return r.json;
};

async function person(srv, name) {
    const c = await srv.connect({ label: name });
    c.send({ type: 'player', name, token: token() });
    await c.next('player');
    return c;
}

// One match: the first person creates (seats, bots), the others join,
// all play to the end (the one named in `leaves` leaves at its first
// turn: the computer plays for it). Resolves with the final state.
async function play(srv, people, seats, bots, { leaves = null } = {}) {
    const [host, ...rest] = people;
    const j = await host.request({ type: 'create', name: host.label, seats, bots, rules: { threshold: 25 } }, ['joined', 'error']);
    assert.equal(j.type, 'joined', JSON.stringify(j));
    for (const c of rest) {
        const r = await c.request({ type: 'join', code: j.code, name: c.label }, ['joined', 'error']);
        assert.equal(r.type, 'joined', JSON.stringify(r));
    }
    for (const c of people) c.pos = c.frames.length;
    host.send({ type: 'start' });
    const players = [];
    for (const [i, c] of people.entries()) {
        await c.stateWhere((s) => s.view.status === 'playing', 'the start');
        if (c === leaves) {
            c.send({ type: 'leave' });
            continue;
        }
        players.push(new AutoPlayer(c, { seed: 11 + i, next: true }));
    }
    const [end] = await allDone(players, T(60000));
    for (const c of people) {
        c.onFrame = null;
        c.send({ type: 'leave' });
        await sleep(50);
        c.pos = c.frames.length;
    }
    return { code: j.code, end };
}

for (const b of backends()) {
    test(`${b.name}: profiles, matches and ratings agree after matches of mixed kinds`, { skip: b.skip }, async (t) => {
        const srv = await startServer({ args: (dir) => [...b.args(dir), '--trust-proxy', '127.0.0.1'] });
        try {
            const names = [uniqueName('Ra'), uniqueName('Rb'), uniqueName('Rc')];
            const [a, bb] = [await person(srv, names[0]), await person(srv, names[1])];
            let c = await person(srv, names[2]);
            const codes = [];
            codes.push((await play(srv, [a, bb], 2, [])).code);
            codes.push((await play(srv, [a], 2, ['greedy'])).code);
            codes.push((await play(srv, [a, bb], 4, ['greedy', 'random'])).code);
            codes.push((await play(srv, [bb], 3, ['random', 'random'])).code);
            codes.push((await play(srv, [a, bb, c], 3, [], { leaves: c })).code);
            c.close();
            c = null;
            // Every match of the three, from their lists.
            const byId = new Map();
            // The people, and the computer levels (a level is one player:
            // random sat twice at one table, and is counted once there).
            const whose = [...names.map((n) => ({ name: n, path: `/api/players/${n}` })),
                ...['greedy', 'random'].map((l) => ({ name: l, level: l, path: `/api/bots/${l}` }))];
            for (const { name, level, path } of whose) {
                const p = await api(srv, path);
                const list = (await api(srv, `${path}/matches`)).matches;
                assert.equal(p.matches, list.length, `${name}: matches counted and listed`);
                assert.deepEqual(p.recent.map((m) => m.id), list.map((m) => m.id), `${name}: recent and list`);
                const ids = list.map((m) => m.id);
                assert.equal(new Set(ids).size, ids.length, `${name}: a match listed twice`);
                assert.deepEqual([...ids].sort((x, y) => x - y), p.rating_history.map((h) => h.match), `${name}: a history entry per match, oldest first`);
                let wins = 0, rounds = 0, points = 0, declared = 0, correct = 0, wrong = 0;
                for (const m of list) {
                    const full = await api(srv, `/api/matches/${m.id}`);
                    byId.set(m.id, full);
                    const seat = full.players[m.you];
                    if (level) assert.equal(seat.level, level, `${name}: match ${m.id}: you`);
                    else assert.equal(seat.name, name, `${name}: match ${m.id}: you`);
                    // Wins count matches; rounds, points and declarations
                    // every seat's (http-api.md, A profile).
                    const mine = full.players.filter((x) => (level ? x.level === level : x.name === name));
                    assert.deepEqual(m.your_seats, mine.map((x) => x.seat), `${name}: match ${m.id}: your_seats`);
                    wins += mine.some((x) => x.won) ? 1 : 0;
                    for (const x of mine) {
                        rounds += x.rounds;
                        points += x.points;
                        declared += x.declared;
                        correct += x.declared_correct;
                        wrong += x.declared_false;
                        assert.equal(x.rating_after, seat.rating_after, `${name}: match ${m.id}: every seat shows the one rating`);
                    }
                    const h = p.rating_history.find((x) => x.match === m.id);
                    assert.equal(h.before, seat.rating_before, `${name}: match ${m.id}: rating before`);
                    assert.equal(h.after, seat.rating_after, `${name}: match ${m.id}: rating after`);
                }
                assert.deepEqual({ wins: p.wins, rounds: p.rounds, points: p.points, declared: p.declared,
                    declared_correct: p.declared_correct, declared_false: p.declared_false },
                { wins, rounds, points, declared, declared_correct: correct, declared_false: wrong }, `${name}: totals`);
                for (let k = 1; k < p.rating_history.length; k++) {
                    assert.equal(p.rating_history[k].before, p.rating_history[k - 1].after, `${name}: history runs on at ${k}`);
                }
                assert.equal(p.rating_history.at(-1).after, p.rating, `${name}: the rating is the last after`);
            }
            assert.equal(byId.size, codes.length, 'every match found');
            // Places, from each match's replay.
            for (const [id, m] of byId) {
                const rep = await api(srv, `/api/matches/${id}/replay`);
                const n = m.players.length;
                const outRound = Array(n).fill(Infinity);
                for (const s of rep.steps) for (const e of s.result?.eliminated ?? []) outRound[e] = Math.min(outRound[e], s.result.round);
                const last = rep.steps.at(-1);
                assert.equal(m.players.filter((x) => x.won).length, 1, `match ${id}: one winner`);
                assert.equal(m.players[last.winner].won, true, `match ${id}: the replay's winner`);
                for (const [i, x] of m.players.entries()) {
                    assert.equal(x.score, last.scores[i], `match ${id}: seat ${i}'s score`);
                    const better = m.players.filter((_, j) => outRound[j] > outRound[i]
                        || (outRound[j] === outRound[i] && last.scores[j] < last.scores[i])).length;
                    assert.equal(x.place, better + 1, `match ${id}: seat ${i}'s place (out ${outRound[i]}, ${last.scores[i]}): ${JSON.stringify(m.players)}`);
                }
            }
            const pa = await api(srv, `/api/players/${names[0]}`);
            t.diagnostic(`${byId.size} matches; ${names[0]}: ${JSON.stringify(pa.rating_history)}`);
            await srv.close();
        } finally {
            await srv.kill();
        }
    });
}
