// ipv6.test.mjs - the server on IPv6 (README, "Playing online": --listen
// [ADDR]:PORT): on [::1] it prints its address in brackets, serves the
// page, the API and the game over IPv6 (the origin http://[::1]:PORT is
// its own), logs the peer as ::1, and is not reached on 127.0.0.1. Skipped,
// with the reason, where the machine has no IPv6 loopback.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect as tcp } from 'node:net';
import { startServer, withTimeout, T } from './lib.mjs';
import { uniqueName } from './tables.mjs';

// Why IPv6 loopback cannot be used here, or null when it can.
const noIpv6 = await new Promise((resolve) => {
    const s = createServer();
    s.once('error', (e) => resolve(`no IPv6 loopback on this machine (${e.code})`));
    s.listen(0, '::1', () => s.close(() => resolve(null)));
});
if (noIpv6) console.log(`# ipv6.test: skipped: ${noIpv6}`);

test('--listen [::1]:0 serves the page, the API and the game on IPv6 only', { skip: noIpv6 ?? false }, async () => {
    const srv = await startServer({ listen: '[::1]:0' });
    try {
        assert.match(srv.stdout, /^leastscore: serving http:\/\/\[::1\]:\d+\/\n$/);
        assert.equal(srv.host, '[::1]');
        assert.equal((await srv.get('/')).status, 200);
        const lb = await srv.get('/api/leaderboard');
        assert.equal(lb.status, 200);
        assert.deepEqual(lb.json, { players: [] });
        const c = await srv.connect({ label: 'v6' });
        const name = uniqueName('Six');
        const j = await c.request({ type: 'create', name, seats: 2, bots: ['greedy'] }, ['joined', 'error']);
        assert.equal(j.type, 'joined', JSON.stringify(j));
        await srv.waitLog(new RegExp(`table ${j.code} created from ::1 `));
        c.close();
        // Not on IPv4: the port is refused on 127.0.0.1.
        const refused = await withTimeout(new Promise((resolve) => {
            const s = tcp({ host: '127.0.0.1', port: srv.port });
            s.once('connect', () => { s.destroy(); resolve(null); });
            s.once('error', (e) => resolve(e.code));
        }), T(5000), 'the IPv4 connection attempt');
        assert.equal(refused, 'ECONNREFUSED');
    } finally {
        await srv.close();
    }
});
