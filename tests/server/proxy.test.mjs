// Behind a proxy (`--trust-proxy`): a connection from a trusted proxy is
// counted under the client address the proxy names last in
// X-Forwarded-For, so that players behind one TLS proxy do not share one
// address's limits; the entries a client wrote itself before the proxy's
// own prove nothing; a header from anyone else is ignored. An IPv6 client
// is counted by its /64, the block a host is normally given whole.
// The proxy here is the test itself, connecting from 127.0.0.1 (or, as
// an untrusted one, from 127.0.0.2) with the header a proxy would add.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer, connect, T } from './lib.mjs';
import { uniqueName } from './tables.mjs';

const via = (srv, xff, localAddress = '127.0.0.1') =>
    connect(srv.url, { localAddress, headers: xff === undefined ? {} : { 'X-Forwarded-For': xff } });
const refused = (p) => assert.rejects(p, (e) => e.status === 429);

test('from a trusted proxy, each forwarded client has its own connection limit', async () => {
    const srv = await startServer({ args: ['--trust-proxy', '127.0.0.1,::1', '--max-connections-per-address', '2'] });
    const a = [await via(srv, '203.0.113.7'), await via(srv, '203.0.113.7')];
    await refused(via(srv, '203.0.113.7'));
    // Another client through the same proxy is not held back by the first.
    const b = await via(srv, '203.0.113.8');
    // A client that writes an address of its own before the proxy's entry
    // is still counted under the address the proxy saw.
    await refused(via(srv, '198.51.100.1, 203.0.113.7'));
    // Blanks and a port-less IPv6 entry are read as a proxy writes them.
    const v6 = await via(srv, '  2001:db8::1  ');
    // Junk in the proxy's own entry: the connection counts as the proxy's.
    const p1 = await via(srv, 'unknown');
    const p2 = await via(srv);
    await refused(via(srv, '203.0.113.9, not-an-address'));
    // The forwarded address is what the log names.
    const r = await b.request({ type: 'create', name: uniqueName() }, ['joined', 'error']);
    assert.equal(r.type, 'joined', JSON.stringify(r));
    await srv.waitLog(/table \w+ created from 203\.0\.113\.8 /);
    for (const c of [...a, b, v6, p1, p2]) c.close();
    await srv.close();
});

test('an IPv6 client counts by its /64 for connections and tables: its other addresses share them, the next /64 has its own', async () => {
    const srv = await startServer({ args: ['--trust-proxy', '127.0.0.1',
        '--max-connections-per-address', '2', '--max-tables-per-address', '1'] });
    // Two addresses of one /64 fill its connections: a third is refused.
    const a = [await via(srv, '2001:db8:1:2::1'), await via(srv, '2001:db8:1:2:aaaa:bbbb:cccc:dddd')];
    await refused(via(srv, '2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF'));
    // The next /64 is someone else.
    const b = await via(srv, '2001:db8:1:3::1');
    // One table from the /64; the log names the address, not the prefix.
    const create = (c) => c.request({ type: 'create', name: uniqueName() }, ['joined', 'error']);
    const r = await create(a[1]);
    assert.equal(r.type, 'joined', JSON.stringify(r));
    await srv.waitLog(/table \w+ created from 2001:db8:1:2:aaaa:bbbb:cccc:dddd /);
    const full = await create(a[0]);
    assert.equal(full.code, 'server_full', JSON.stringify(full));
    assert.equal(full.message, 'your address has 1 tables open, the most it may');
    assert.equal((await create(b)).type, 'joined');
    // IPv4 is still counted per address, also when written IPv4-mapped.
    const v4 = [await via(srv, '203.0.113.7'), await via(srv, '::ffff:203.0.113.7')];
    await refused(via(srv, '203.0.113.7'));
    const v4b = await via(srv, '203.0.113.8');
    for (const c of [...a, b, ...v4, v4b]) c.close();
    await srv.close();
});

test('an IPv6 /64 has one budget of unknown table codes and one of logins', async () => {
    const srv = await startServer({ args: ['--trust-proxy', '127.0.0.1'] });
    const host = await via(srv, '2001:db8:9:9::1');
    const code = (await host.request({ type: 'create', name: uniqueName() }, ['joined'])).code;
    // A guesser that takes a new address of its /64 for each connection.
    // Counted per address, none of them would ever be held back; counted
    // by the /64, the 20 at once run out (the budget refills one code
    // every 3 s, so 40 guesses cannot all pass in any time this takes).
    const guessers = [];
    for (let i = 1; i <= 8; i++) guessers.push(await via(srv, `2001:db8:1:2:${i}::${i}`));
    const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
    const answers = [];
    for (let i = 0; i < 40 && !answers.includes('rate_limited'); i++) {
        const g = guessers[i % guessers.length];
        const r = await g.request({ type: 'watch', code: `Q${letters[i % 23]}${letters[Math.floor(i / 23)]}QQ` }, ['error', 'joined']);
        answers.push(r.code ?? r.type);
    }
    assert.ok(answers.includes('rate_limited'), JSON.stringify(answers));
    assert.ok(answers.filter((x) => x === 'no_table').length >= 20, JSON.stringify(answers));
    // Another /64 is not held back.
    const other = await via(srv, '2001:db8:1:3::1');
    assert.equal((await other.request({ type: 'watch', code }, ['joined', 'error'])).role, 'spectator');
    // Six logins at once from six addresses of one /64: five are checked,
    // the sixth refused before any password is; another /64 is checked.
    const name = uniqueName('Rl');
    const token = () => randomBytes(16).toString('hex');
    const login = (c) => c.sendNow({ type: 'login', name, password: 'not the password', token: token() });
    const cs = [];
    for (let i = 1; i <= 6; i++) cs.push(await via(srv, `2001:db8:5:5::${i}`));
    for (const c of cs) login(c);
    const codes = [];
    for (const c of cs) codes.push((await c.next('error', "the login's answer", T(30000))).code);
    assert.deepEqual(codes.sort(), ['bad_login', 'bad_login', 'bad_login', 'bad_login', 'bad_login', 'rate_limited']);
    const elsewhere = await via(srv, '2001:db8:5:6::1');
    login(elsewhere);
    assert.equal((await elsewhere.next('error', "the login's answer", T(30000))).code, 'bad_login');
    for (const c of [host, ...guessers, other, ...cs, elsewhere]) c.close();
    await srv.close();
});

test('a chain of trusted proxies: the client is the rightmost address that is not one of them', async () => {
    const srv = await startServer({ args: ['--trust-proxy', '127.0.0.1,10.9.9.9', '--max-connections-per-address', '1'] });
    const a = await via(srv, '203.0.113.7, 10.9.9.9');
    await refused(via(srv, '203.0.113.7'));
    const b = await via(srv, '203.0.113.8, 10.9.9.9');
    for (const c of [a, b]) c.close();
    await srv.close();
});

test('without --trust-proxy, or from a peer not in it, X-Forwarded-For changes nothing, and the log says so once', async () => {
    for (const args of [[], ['--trust-proxy', '127.0.0.9']]) {
        const srv = await startServer({ args: [...args, '--max-connections-per-address', '2'] });
        const open = [await via(srv, '203.0.113.1'), await via(srv, '203.0.113.2')];
        await refused(via(srv, '203.0.113.3'));
        const other = await via(srv, '203.0.113.3', '127.0.0.2');
        const r = await open[0].request({ type: 'create', name: uniqueName() }, ['joined', 'error']);
        assert.equal(r.type, 'joined', JSON.stringify(r));
        await srv.waitLog(/table \w+ created from 127\.0\.0\.1 /);
        // The operator is told, once, that the header is not believed.
        const note = /a connection from 127\.0\.0\.1 carries X-Forwarded-For, which is not believed: it counts as 127\.0\.0\.1 \(if 127\.0\.0\.1 is a proxy of yours, give --trust-proxy 127\.0\.0\.1\)/g;
        assert.equal(srv.stderr.match(note)?.length, 1, srv.stderr);
        for (const c of [...open, other]) c.close();
        await srv.close();
    }
});

test("a proxy that passes the Host header on needs no --origin: the page's own https origin is accepted", async () => {
    const srv = await startServer({ args: ['--trust-proxy', '127.0.0.1'] });
    const headers = { Host: 'games.example', 'X-Forwarded-For': '203.0.113.7' };
    const c = await connect(srv.url, { origin: 'https://games.example', headers });
    assert.equal(c.welcome.type, 'welcome');
    await assert.rejects(connect(srv.url, { origin: 'https://elsewhere.example', headers }),
        (e) => e.status === 403);
    c.close();
    await srv.close();
});
