// restorebench.mjs - the time `leastscore serve` takes to restore N tables
// in progress at start (docs/benchmarks.md, "Store").
//
//   node tools/restorebench.mjs --tables N [--moves M] [--db URL] [--bin build/leastscore]
//
// Starts the real server (a fresh data directory; its SQLite store, or the
// PostgreSQL database --db names, which should be empty), opens N tables
// through the protocol (a person and a greedy computer player each,
// started, the person's first M moves played (10): discard the highest
// card, draw), every table then waiting for its person), kills the server with
// SIGKILL, starts it again on the same store and prints the server's own
// figure ("restored N tables in progress in X ms", measured around the
// restore) and the time from the start of the process to its address
// being printed. Needs `npm ci` (the ws package).

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

const args = process.argv.slice(2);
const opt = (name, def) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : def;
};
const N = Number(opt('--tables', '100'));
const DB = opt('--db', null);
const MOVES = Number(opt('--moves', '10'));
const BIN = opt('--bin', new URL('../build/leastscore', import.meta.url).pathname);
if (!Number.isInteger(N) || N < 1 || N > 100000) {
    console.error('restorebench: --tables must be a number from 1 to 100000');
    process.exit(2);
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const rank = (c) => RANKS.indexOf(c.slice(0, -1));

const dir = mkdtempSync(join(tmpdir(), 'ls-restorebench-'));
mkdirSync(join(dir, 'web'));
writeFileSync(join(dir, 'web', 'index.html'), '<!doctype html><title>bench</title>\n');

function serve() {
    const a = ['serve', '--listen', '127.0.0.1:0', '--data', join(dir, 'data'), '--web', join(dir, 'web'),
        '--max-tables', String(N + 10), '--max-tables-per-address', String(N + 10),
        '--max-connections-per-address', String(8 * N + 10), '--grace', '3600',
        '--bot-delay', '0', ...(DB ? ['--db', DB] : [])];
    const began = process.hrtime.bigint();
    const p = spawn(BIN, a, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    return new Promise((resolve, reject) => {
        p.stdout.on('data', (d) => {
            out += d;
            const m = /serving http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
            if (m) resolve({ p, port: Number(m[1]), ms: Number(process.hrtime.bigint() - began) / 1e6, log: () => err });
        });
        p.on('exit', (code) => reject(new Error(`the server exited (${code}): ${err}`)));
    });
}

// One table: create with a greedy computer player, start, play MOVES of
// the person's turns, then wait until the person is to move (or the match
// has ended).
async function table(port) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((resolve, reject) => { ws.on('open', resolve); ws.on('error', reject); });
    return new Promise((resolve, reject) => {
        let started = false;
        let played = 0;
        ws.on('message', (data) => {
            const m = JSON.parse(data.toString());
            if (m.type === 'error') reject(new Error(JSON.stringify(m)));
            if (m.type !== 'state') return;
            const v = m.view;
            if (!started) {
                started = true;
                ws.send(JSON.stringify({ type: 'start' }));
            } else if (v.status === 'over') {
                ws.over = true;
                resolve(ws);
            } else if (v.status === 'between') {
                ws.send(JSON.stringify({ type: 'next' }));
            } else if (v.status === 'playing' && v.turn === v.you) {
                if (played >= MOVES) { resolve(ws); return; }
                played++;
                const high = v.hand.reduce((a, c) => (rank(c) > rank(a) ? c : a));
                const move = v.can_draw || !v.open?.length ? `discard ${high} draw` : `discard ${high} take ${v.open[0]}`;
                ws.send(JSON.stringify({ type: 'move', version: m.version, move }));
            }
        });
        ws.send(JSON.stringify({ type: 'create', name: 'Ann', seats: 2, bots: ['greedy'] }));
    });
}

const first = await serve();
const t0 = Date.now();
const conns = [];
for (let i = 0; i < N; i += 50) {
    const batch = [];
    for (let k = i; k < Math.min(N, i + 50); k++) batch.push(table(first.port));
    conns.push(...await Promise.all(batch));
}
const inPlay = conns.filter((ws) => !ws.over).length;
console.log(`${N} tables opened in ${Date.now() - t0} ms: ${inPlay} with a match in play, ${N - inPlay} over`);
first.p.kill('SIGKILL');
await new Promise((r) => first.p.on('exit', r));
for (const ws of conns) ws.terminate();

const second = await serve();
const line = /restored (\d+) tables? in progress in ([0-9.]+) ms/.exec(second.log());
console.log(`store: ${DB ? 'postgresql' : 'sqlite'}`);
console.log(line ? `restore: ${line[1]} tables in ${line[2]} ms (the server's figure)` : `no restore line in the server's log: ${second.log()}`);
console.log(`start: ${second.ms.toFixed(0)} ms from the process start to its address printed`);
second.p.kill('SIGTERM');
await new Promise((r) => second.p.on('exit', r));
rmSync(dir, { recursive: true, force: true });
if (!line || Number(line[1]) !== inPlay) process.exit(1);
