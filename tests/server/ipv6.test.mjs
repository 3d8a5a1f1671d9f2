// ipv6.test.mjs - the server on IPv6 (README, "Playing online": --listen
// [ADDR]:PORT): on [::1] it prints its address in brackets, serves the
// page, the API and the game over IPv6 (the origin http://[::1]:PORT is
// its own), logs the peer as ::1, and does not listen on 127.0.0.1. Skipped,
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

// A listening socket on 127.0.0.1 with a port of the system's choosing,
// which the test holds while the server listens on the same port of ::1.
const holdIpv4 = () => new Promise((resolve, reject) => {
    const s = createServer((sock) => { s.reached = true; sock.destroy(); });
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve(s));
});

test('--listen [::1]:PORT serves the page, the API and the game on IPv6 only', { skip: noIpv6 ?? false }, async () => {
    // Not on IPv4: the test holds 127.0.0.1:PORT itself, so that a server
    // that listened there too (or on every address) could not start, and
    // a connection to it reaches the test. (Asking that 127.0.0.1 refuse
    // the server's port failed once when another test's server had the
    // same port number on 127.0.0.1: the server's port was chosen on ::1.)
    const v4 = await holdIpv4();
    const port = v4.address().port;
    let srv;
    try {
        srv = await startServer({ listen: `[::1]:${port}` });
        assert.equal(srv.port, port);
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
        // The same port of 127.0.0.1 is the test's socket, not the server.
        await withTimeout(new Promise((resolve, reject) => {
            const s = tcp({ host: '127.0.0.1', port });
            s.once('close', resolve);
            s.once('error', reject);
        }), T(5000), 'the IPv4 connection');
        assert.equal(v4.reached, true, 'a connection to 127.0.0.1 reached the test\'s socket');
    } finally {
        await srv?.close();
        await new Promise((resolve) => v4.close(resolve));
    }
});
