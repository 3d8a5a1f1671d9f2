// leakcheck.mjs - the hidden-information check (docs/server-protocol.md,
// "The view"): every frame the server sent to every client of a table,
// compared with the true state read from the table's game records.
//
// The host's connection, at the table from its creation, gives the
// table's timeline: each event's version is mapped to a point of the
// match (match m, round R, k moves played). The records (one per match)
// give the true hands, open cards, deck and dead pile at every point
// (lib.mjs truth()). Then, for every frame to every client:
//
// - a card may appear only if the receiver may know it at that point:
//   the cards discarded this round (the opening card included), the
//   receiver's own hand and draws this round, every hand once the round
//   has ended; a spectator gets the public cards only;
// - the hands revealed in a round's result (view.result, event
//   round_end) must be the true hands at that round's end;
// - a seat's `hand` is its true hand, and the open cards, hand sizes,
//   deck and dead pile counts are the true ones;
// - a drawn card is named only in the drawer's copy of the event;
// - the events a connection gets are contiguous (unless `snapshot`) and
//   a state's version is its last event's.
//
// A card is any token of a string (split at anything but letters and
// digits) that reads as a card: test players are named so that no name
// looks like one.

import { CARD_RE, sorted, value, parseRecord, truth } from './lib.mjs';
import { readFileSync } from 'node:fs';

function cardsIn(x, path, out, skip) {
    if (typeof x === 'string') {
        for (const tok of x.split(/[^A-Za-z0-9]+/)) if (CARD_RE.test(tok)) out.push({ path, card: tok });
    } else if (Array.isArray(x)) {
        x.forEach((y, i) => cardsIn(y, `${path}[${i}]`, out, skip));
    } else if (x && typeof x === 'object') {
        for (const [k, y] of Object.entries(x)) if (!skip?.includes(k)) cardsIn(y, `${path}.${k}`, out, skip);
    }
    return out;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// checkTable({host, clients, recordFiles}): problems found, as strings
// (empty when every frame is clean). clients: [{client, name}] with name
// null for a spectator; host is one of them (a player from the creation).
// Returns {problems, matches, frames} (matches checked, frames checked).
export function checkTable({ host, clients, recordFiles }) {
    const problems = [];
    // How many of each check ran (a check that never runs proves nothing).
    const counts = { cards: 0, hands: 0, results: 0, moves: 0, drawsHidden: 0, views: 0 };
    const bad = (msg) => { if (problems.length < 40) problems.push(msg); };

    // 1. The timeline from the host's frames.
    const pointAt = new Map();
    const events = new Map();           // v -> the host's copy
    let m = 0, R = 0, k = 0, lastV = null;
    const deals = [];                   // [m] -> first deal / first move event
    for (const f of host.client.frames) {
        if (f.type !== 'state') continue;
        for (const e of f.events ?? []) {
            if (lastV !== null && e.v !== lastV + 1) bad(`host: event v ${e.v} after v ${lastV} (not contiguous)`);
            lastV = e.v;
            events.set(e.v, e);
            if (e.kind === 'start') { m = e.match ?? m + 1; R = 0; k = 0; }
            else if (e.kind === 'deal') { R = e.round; k = 0; deals[m] ??= { deal: e }; }
            else if (e.kind === 'move') { k++; if (R === 1 && k === 1) deals[m].move = e; }
            pointAt.set(e.v, { m, R, k });
        }
        if (!pointAt.has(f.version)) pointAt.set(f.version, { m, R, k });
        // The host's own hand at its first sight of the match's first
        // round: two matches of one table can open with the same card
        // and the same first discard (a rematch at a table of two).
        const p = pointAt.get(f.version);
        if (p.R === 1 && deals[p.m] && !deals[p.m].hand && f.view?.hand) deals[p.m].hand = { k: p.k, cards: sorted(f.view.hand) };
    }

    // 2. The record of each match, found by its first deal and move.
    const recs = recordFiles.map((file) => ({ file, rec: parseRecord(readFileSync(file, 'utf8')) }));
    const names = host.client.lastState().view.seats.map((s) => s.name);
    const truths = [];
    for (let mi = 1; mi < deals.length; mi++) {
        const d = deals[mi];
        if (!d) continue;
        const hostHand = (rec) => !d.hand || same(truth(rec)[0]?.[d.hand.k]?.hands[host.name], d.hand.cards);
        const found = recs.find(({ rec }) => same(rec.players, names) && rec.rounds[0]?.open === d.deal.open &&
            (!d.move || same(rec.rounds[0].moves[0]?.discard, d.move.discard)) && hostHand(rec));
        if (!found) { bad(`no game record for match ${mi} (players ${names.join(' ')}, opening card ${d.deal.open}) among ${recordFiles.length} files`); continue; }
        truths[mi] = { rec: found.rec, points: truth(found.rec) };
    }

    const at = (p) => (p && p.R > 0 && truths[p.m]) ? truths[p.m].points[p.R - 1]?.[p.k] : null;
    const allowed = (p, name) => {
        const t = at(p);
        const a = new Set();
        if (!t) return a;
        for (const c of t.public) a.add(c);
        if (name && t.held[name]) for (const c of t.held[name]) a.add(c);
        if (t.ended) for (const h of Object.values(t.hands)) for (const c of h) a.add(c);
        return a;
    };
    const finalHands = (mi, round) => {
        const pts = truths[mi]?.points[round - 1];
        return pts && pts[pts.length - 1].ended ? pts[pts.length - 1].hands : null;
    };
    const checkResult = (who, where, mi, res, seatNames) => {
        counts.results++;
        const fh = finalHands(mi, res.round);
        if (!fh) { bad(`${who}: ${where}: result of round ${res.round} of match ${mi}, which has not ended in the record`); return; }
        for (const h of res.hands ?? []) {
            const n = seatNames[h.seat];
            if (!same(h.cards, fh[n])) bad(`${who}: ${where}: round ${res.round} hand of ${n} is ${h.cards}, truly ${fh[n]}`);
        }
    };
    const scan = (who, where, x, p, name, skip) => {
        const a = allowed(p, name);
        for (const { path, card } of cardsIn(x, where, [], skip)) {
            counts.cards++;
            if (!a.has(card)) {
                const t = at(p);
                const owner = t ? (Object.entries(t.hands).find(([, h]) => h.includes(card))?.[0] ?? (t.deck.includes(card) ? 'the deck' : 'the dead pile')) : 'a hidden place (no round in play)';
                bad(`${who}: LEAK: ${path} = ${card} at match ${p?.m} round ${p?.R} move ${p?.k}: it is in ${owner}`);
            }
        }
    };

    // 3. Every frame of every client.
    let frames = 0;
    for (const { client, name, seat } of clients) {
        const who = `${client.label}${name ? ` (seat ${seat} ${name})` : ' (spectator)'}`;
        let p = null, last = null;
        for (const f of client.frames) {
            frames++;
            if (f.type !== 'state') { scan(who, f.type, f, p, name); continue; }
            p = pointAt.get(f.version);
            if (!p) { bad(`${who}: state version ${f.version} is not in the host's timeline`); continue; }
            const evs = f.events ?? [];
            if (evs.length && evs[evs.length - 1].v !== f.version) bad(`${who}: state version ${f.version} but its last event is v ${evs[evs.length - 1].v}`);
            if (last !== null && !f.snapshot && evs.length && evs[0].v !== last + 1) bad(`${who}: events jump from v ${last} to v ${evs[0].v} without snapshot`);
            if (evs.length) last = evs[evs.length - 1].v;
            else if (last === null) last = f.version;
            const v = f.view;
            const seatNames = v.seats.map((s) => s.name);
            const where = `v${f.version}`;
            // the view
            if (name === null) {
                if (v.you !== -1) bad(`${who}: ${where}: spectator view has you=${v.you}`);
                if ('hand' in v) bad(`${who}: ${where}: LEAK: spectator view has a hand ${v.hand}`);
            } else if (v.you !== seat) bad(`${who}: ${where}: view.you is ${v.you}, not ${seat}`);
            scan(who, `${where}.view`, v, p, name, ['result']);
            if (v.result) {
                checkResult(who, `${where}.view.result`, p.m, v.result, seatNames);
                const t = at(p);
                if (t && v.result.round !== (t.ended ? p.R : p.R - 1)) bad(`${who}: ${where}: view.result is round ${v.result.round} at round ${p.R}${t.ended ? ' (ended)' : ''}`);
            }
            const t = at(p);
            if (t && !t.ended && v.status === 'playing') {
                counts.views++;
                if (name && t.hands[name]) {
                    counts.hands++;
                    if (!same(v.hand, t.hands[name])) bad(`${who}: ${where}: hand is ${v.hand}, truly ${t.hands[name]}`);
                    const tot = t.hands[name].reduce((s, c) => s + value(c), 0);
                    if (v.hand_total !== tot) bad(`${who}: ${where}: hand_total ${v.hand_total}, truly ${tot}`);
                }
                if (!same(v.open, t.open)) bad(`${who}: ${where}: open is ${v.open}, truly ${t.open}`);
                if (v.deck !== t.deck.length) bad(`${who}: ${where}: deck is ${v.deck}, truly ${t.deck.length}`);
                if (v.dead !== t.dead.length) bad(`${who}: ${where}: dead is ${v.dead}, truly ${t.dead.length}`);
                v.seats.forEach((s, i) => {
                    const h = t.hands[s.name];
                    if (!h) return;
                    if (s.hand_size !== h.length) bad(`${who}: ${where}: seat ${i} hand_size ${s.hand_size}, truly ${h.length}`);
                    for (const c of s.known ?? []) if (!h.includes(c)) bad(`${who}: ${where}: seat ${i} known ${c} is not in its hand ${h}`);
                });
            }
            // the events
            for (const e of evs) {
                const pe = pointAt.get(e.v);
                if (!pe) { bad(`${who}: event v ${e.v} not in the host's timeline`); continue; }
                if (e.kind === 'round_end') { checkResult(who, `event v${e.v}`, pe.m, e, seatNames); continue; }
                scan(who, `event v${e.v}`, e, pe, name);
                if (e.kind !== 'move') continue;
                const te = at(pe);
                const tm = te?.move;
                counts.moves++;
                if (!tm) { bad(`${who}: event v${e.v} is a move the record does not have (match ${pe.m} round ${pe.R} move ${pe.k})`); continue; }
                if (seatNames[e.seat] !== tm.name || e.action !== tm.kind) bad(`${who}: event v${e.v}: ${seatNames[e.seat]} ${e.action}, the record has ${tm.name} ${tm.kind}`);
                if (tm.kind !== 'declare' && !same(e.discard, sorted(tm.discard))) bad(`${who}: event v${e.v}: discard ${e.discard}, the record has ${tm.discard}`);
                if (tm.kind === 'take' && e.card !== tm.card) bad(`${who}: event v${e.v}: took ${e.card}, the record has ${tm.card}`);
                if (tm.kind === 'draw') {
                    if (name === tm.name) {
                        if (e.card !== tm.card) bad(`${who}: event v${e.v}: own draw shows ${e.card}, the record has ${tm.card}`);
                    } else if (counts.drawsHidden++ >= 0 && ('card' in e || (e.move ?? '').includes(tm.card))) {
                        bad(`${who}: LEAK: event v${e.v}: ${tm.name}'s drawn card ${tm.card} is shown to another (${JSON.stringify(e)})`);
                    }
                }
            }
        }
    }
    // 4. Every move of the records was seen as an event.
    for (let mi = 1; mi < truths.length; mi++) {
        if (!truths[mi]) continue;
        truths[mi].points.forEach((pts, ri) => {
            const seen = [...pointAt.values()].filter((q) => q.m === mi && q.R === ri + 1).reduce((mx, q) => Math.max(mx, q.k), 0);
            if (seen !== pts.length - 1) bad(`match ${mi} round ${ri + 1}: the record has ${pts.length - 1} moves, the events ${seen}`);
        });
    }
    return { problems, matches: truths.filter(Boolean).length, frames, counts };
}
