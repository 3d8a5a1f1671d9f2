// http.test.mjs - the server's plain HTTP, spoken byte by byte over one
// kept-alive connection, as a monitor, a proxy or curl would: HEAD is
// answered as GET with the headers only (the same status and length, no
// body: a body would be read as the start of the next answer), a method
// other than GET and HEAD gets 405 with an Allow header and its whole
// body, and after each answer the same connection serves the next request.
// CONNECT and TRACE get 405 too, a method HTTP does not define 501 (in
// the server's words: libwebsockets hands them over raw); what
// libwebsockets closes unanswered (over-long headers, %00 in a path) is
// closed at once, as http-api.md says. A
// browser's big cookies (10 KB) fit in the 16 KiB of header space. A
// page's address the page cannot draw gets a 404 that says why. The
// API answers an address 30 requests at once, then 10 a second.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { startServer, trickle, withTimeout, T, httpClient, untilClose } from './lib.mjs';

// One HTTP/1.1 connection: request(text, head) sends a request and reads
// exactly one answer (no body after a HEAD), failing on anything more or
// less within the time (lib.mjs's httpClient).
const client = httpClient;

// Sends text on a new connection and gives all that comes back once the
// server closes it ('' for a close without an answer), within ms.
const closingAnswer = async (port, text, ms) => (await untilClose(port, text, ms)).toString('latin1');

const req = (method, path, body = '') =>
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    (body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '') + `\r\n${body}`;

// A browser's Cookie header of about n bytes: cookies of 250 bytes, as
// other local apps on other ports of localhost leave (cookies do not
// depend on the port).
const cookies = (n) => Array.from({ length: Math.ceil(n / 258) },
    (_, i) => `app${String(i).padStart(2, '0')}=${'v'.repeat(250)}`).join('; ');

// A browser sends its cookies with every request: the page, the API and
// the game's WebSocket handshake are each answered with 10 KB of them
// (they were closed unanswered at 4096 bytes of headers).
test('a request with 10 KB of cookies is answered: the page, the API and the game', async () => {
    const srv = await startServer();
    const port = Number(new URL(srv.origin).port);
    const jar = cookies(10000);
    assert.ok(jar.length >= 10000 && jar.length < 10600, `${jar.length} bytes of cookies`);
    const c = client(port);
    for (const path of ['/', '/index.html', '/api/leaderboard', '/api/players/Nobody']) {
        const r = await c.request(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${jar}\r\n\r\n`);
        assert.equal(r.status, path.includes('Nobody') ? 404 : 200, path);
    }
    c.close();
    const ws = await srv.connect({ label: 'with cookies', headers: { Cookie: jar } });
    assert.equal(ws.welcome.protocol, 1);
    ws.close();
    await srv.close();
});

test('HEAD is GET without the body, on one kept-alive connection', async () => {
    const srv = await startServer();
    const port = Number(new URL(srv.origin).port);
    const c = client(port);
    for (const path of ['/', '/index.html', '/t/ABCDE', '/api/leaderboard', '/api/players/Nobody',
        '/api/matches/0', '/nothere', '/.hidden', '/leaderboard', '/players/Ada', '/bots/greedy',
        '/matches/1', '/api/bots/greedy', '/api/bots/greedy/matches', '/api/players/Nobody/matches',
        '/api/matches/1', '/api/matches/1.lsr', '/api/matches/1/replay', '/api/matches/-0',
        '/api/nothing', '/ws']) {
        const get = await c.request(req('GET', path));
        const head = await c.request(req('HEAD', path), true);
        assert.equal(head.status, get.status, path);
        assert.equal(head.headers['content-type'], get.headers['content-type'], path);
        assert.equal(head.headers['content-length'], get.headers['content-length'], path);
        assert.equal(Number(get.headers['content-length']), Buffer.byteLength(get.body), path);
        assert.equal(head.headers['x-content-type-options'], 'nosniff', path);
    }
    // What the statuses are: the page, the API's JSON, and a plain 404.
    assert.equal((await c.request(req('HEAD', '/'), true)).status, 200);
    assert.match((await c.request(req('HEAD', '/'), true)).headers['content-security-policy'], /frame-ancestors 'none'/);
    assert.equal((await c.request(req('HEAD', '/api/players/Nobody'), true)).status, 404);
    const missing = await c.request(req('GET', '/nothere'));
    assert.equal(missing.status, 404);
    assert.match(missing.headers['content-type'], /^text\/plain/);
    assert.equal(missing.body, 'not found\n');
    c.close();
    await srv.close();
});

// A Range header is ignored (RFC 9110 14.2): the whole answer, 200, and
// no Accept-Ranges to invite one.
test('a Range header is ignored: the whole answer', async () => {
    const srv = await startServer();
    const port = Number(new URL(srv.origin).port);
    const c = client(port);
    for (const path of ['/index.html', '/', '/api/leaderboard']) {
        const whole = await c.request(req('GET', path));
        for (const range of ['bytes=0-5', 'bytes=0-1,3-4', 'bytes=999999-', 'zzz']) {
            const r = await c.request(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: ${range}\r\n\r\n`);
            assert.equal(r.status, 200, `${path} ${range}`);
            assert.equal(r.body, whole.body, `${path} ${range}`);
            assert.equal(r.headers['content-range'], undefined);
            assert.equal(r.headers['accept-ranges'], undefined);
        }
    }
    c.close();
    await srv.close();
});

test('other methods get 405 with Allow and the whole answer (JSON under /api); the connection goes on', async () => {
    const srv = await startServer();
    const port = Number(new URL(srv.origin).port);
    const c = client(port);
    for (const [method, path, body] of [['POST', '/api/leaderboard', '{"x":1}'], ['DELETE', '/', ''],
        ['PUT', '/index.html', 'abc'], ['OPTIONS', '/api/players/Nobody', ''], ['POST', '/', 'x'.repeat(3000)]]) {
        const r = await c.request(req(method, path, body));
        assert.equal(r.status, 405, `${method} ${path}`);
        assert.equal(r.headers.allow, 'GET, HEAD', `${method} ${path}`);
        // The API's answers are JSON, its refusals too; the page's files' are text.
        if (path.startsWith('/api')) {
            assert.match(r.headers['content-type'], /^application\/json/, `${method} ${path}`);
            assert.deepEqual(JSON.parse(r.body), { error: 'method_not_allowed',
                message: 'only GET and HEAD are served here' }, `${method} ${path}`);
        } else {
            assert.match(r.headers['content-type'], /^text\/plain/, `${method} ${path}`);
            assert.equal(r.body, 'only GET and HEAD are served here\n', `${method} ${path}`);
        }
        const next = await c.request(req('GET', '/api/leaderboard'));
        assert.equal(next.status, 200, `GET after ${method} ${path}`);
        assert.deepEqual(JSON.parse(next.body), { players: [] });
    }
    c.close();
    await srv.close();
});

// Server bug: the body of a refused POST was read and dropped with the
// timeout started again at each byte, so a body sent a byte at a time
// held the connection for ever (a slowloris that no limit counted). It
// is read for 10 seconds at most, then the connection is closed.
test('a refused request\'s body sent a byte at a time is read for 10 seconds at most', async () => {
    const srv = await startServer();
    const { answer, closedAt } = await trickle(srv.port,
        'POST /api/leaderboard HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\nx', 'x', T(20000));
    assert.match(answer, /^HTTP\/1\.1 405 /);
    assert.ok(closedAt !== null, 'the connection was still open after 20 s');
    assert.ok(closedAt >= 9000 && closedAt <= T(12000), `closed after ${closedAt} ms`);
    const r = await srv.get('/api/leaderboard');
    assert.equal(r.status, 200);
    await srv.close();
});

// A connection that sends nothing, or a request's line and headers a
// byte at a time (a page's or the WebSocket handshake's: a slowloris), is
// closed unanswered 10 s after it opened, whatever it sends meanwhile
// (server-protocol.md, Limits); the server goes on serving.
test('a connection that sends nothing, or its headers a byte at a time, is closed unanswered after 10 s', async () => {
    const srv = await startServer();
    const silent = new Promise((resolve) => {
        const t0 = Date.now();
        const s = connect({ host: '127.0.0.1', port: srv.port });
        let answer = '';
        s.on('data', (d) => { answer += d.toString('latin1'); });
        s.on('error', () => { /* a close follows */ });
        s.on('close', () => resolve({ answer, closedAt: Date.now() - t0 }));
        setTimeout(() => s.destroy(), T(20000));
    });
    const [quiet, page, ws] = await Promise.all([
        silent,
        trickle(srv.port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'a', T(20000)),
        trickle(srv.port, 'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nX-Slow: ',
            'a', T(20000)),
    ]);
    for (const [what, r] of [['nothing sent', quiet], ['a page\'s headers', page], ['a handshake\'s headers', ws]]) {
        assert.equal(r.answer, '', `${what}: answered ${JSON.stringify(r.answer.slice(0, 100))}`);
        assert.ok(r.closedAt !== null && r.closedAt < T(20000), `${what}: still open after 20 s`);
        assert.ok(r.closedAt >= 9000 && r.closedAt <= T(12000), `${what}: closed after ${r.closedAt} ms`);
    }
    const r = await srv.get('/api/leaderboard');
    assert.equal(r.status, 200);
    await srv.close();
});

// The same for a GET with a body (its answer was a 200, then the body read
// for ever as a POST's was): refused 400, its body read for 10 s at most.
// A body in chunks (Transfer-Encoding), which libwebsockets does not read,
// was held for ever too: it is answered, and the connection closed.
test('a GET\'s body is refused 400 and read for 10 s at most; a chunked body closes at once', async () => {
    const srv = await startServer();
    let t = await trickle(srv.port, 'GET /api/leaderboard HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n', 'x', T(20000));
    assert.match(t.answer, /^HTTP\/1\.1 400 [^]*\r\n\r\n\{"error":"bad_request","message":"a GET or HEAD request carries no body"\}$/);
    assert.ok(t.closedAt !== null && t.closedAt >= 9000 && t.closedAt <= T(12000), `closed after ${t.closedAt} ms`);
    // Outside the API in plain text (the body's 5 bytes in, the next
    // request is the bytes after them: refused by libwebsockets).
    t = await trickle(srv.port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\n', 'x', T(5000));
    assert.match(t.answer, /^HTTP\/1\.1 400 [^]*?\r\n\r\na GET or HEAD request carries no body\n/);
    for (const method of ['POST', 'GET']) {
        t = await trickle(srv.port, `${method} /api/leaderboard HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n`, '1\r\nx\r\n', T(20000));
        assert.match(t.answer, method === 'POST' ? /^HTTP\/1\.1 405 / : /^HTTP\/1\.1 400 /, method);
        assert.ok(t.closedAt !== null && t.closedAt <= T(2000), `${method}: closed after ${t.closedAt} ms`);
    }
    // A GET with an empty body (Content-Length: 0) is any GET.
    const c = client(srv.port);
    const r = await c.request('GET /api/leaderboard HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n');
    assert.equal(r.status, 200);
    c.close();
    await srv.close();
});

// A path under one of the client's pages' prefixes that the page cannot
// draw (a name with an accent or an emoji, as a browser sends it
// percent-encoded; a level with a digit; an id too long) was a bare
// 'not found', which did not say why; it now says what the address should
// be, with the path quoted safely (valid UTF-8, no control characters).
// What the page draws is the page, as the page takes it: a match's id of 18
// digits (the API's longest) or with a dot, which the API words.
test('a page\'s address the page cannot draw gets a 404 saying what the address should be', async () => {
    const srv = await startServer();
    const c = client(srv.port);
    const expect = {
        '/players/%F0%9F%98%80': "not found: /players/\u{1F600} is no page: a player's page is /players/NAME, NAME 1 to 16 of A-Z a-z 0-9 _ -\n",
        '/players/Jos%C3%A9': "not found: /players/Jos\u00e9 is no page: a player's page is /players/NAME, NAME 1 to 16 of A-Z a-z 0-9 _ -\n",
        '/players/bad.name': "not found: /players/bad.name is no page: a player's page is /players/NAME, NAME 1 to 16 of A-Z a-z 0-9 _ -\n",
        '/players/': "not found: /players/ is no page: a player's page is /players/NAME, NAME 1 to 16 of A-Z a-z 0-9 _ -\n",
        '/bots/x_1': "not found: /bots/x_1 is no page: a computer level's page is /bots/LEVEL (the levels: random, greedy, expert)\n",
        '/matches/%FF%1B[31m': "not found: /matches/??[31m is no page: a match's page is /matches/ID, ID a whole number from 1\n",
        '/t/AB%E2%82': "not found: /t/AB?? is no page: a table's link is /t/CODE, CODE its letters and digits\n",
        [`/players/${'a'.repeat(70)}`]: `not found: /players/${'a'.repeat(51)}... is no page: a player's page is /players/NAME, NAME 1 to 16 of A-Z a-z 0-9 _ -\n`,
        '/nothere': 'not found\n',
    };
    for (const [path, text] of Object.entries(expect)) {
        const r = await c.request(req('GET', path));
        assert.equal(r.status, 404, path);
        assert.match(r.headers['content-type'], /^text\/plain; charset=utf-8/, path);
        assert.equal(r.body, text, path);
        const head = await c.request(req('HEAD', path), true);
        assert.equal(head.headers['content-length'], r.headers['content-length'], path);
    }
    // The raw bytes of a name (not percent-encoded) are the same answer.
    const raw = await c.request(req('GET', '/players/\u{1F600}')); // sent as UTF-8
    assert.equal(raw.status, 404);
    assert.equal(raw.body, expect['/players/%F0%9F%98%80']);
    for (const page of ['/players/Zed', '/bots/Greedy', '/matches/123456789012345678', '/matches/1.5', '/t/ABCDE/']) {
        const r = await c.request(req('GET', page));
        assert.equal(r.status, 200, page);
        assert.match(r.headers['content-type'], /^text\/html/, page);
    }
    c.close();
    await srv.close();
});

// libwebsockets (4.1) ends a path at an unencoded '&' or ';' as at '?',
// so that /players/a&b was served as /players/a (the page), and
// /api/players/Ada;x as Ada's profile. No address of the site has either
// character: such a path is a 404 that says so (JSON under /api), HEAD
// too; '%26' (an '&' of the path) and '&' in the query are as before.
test('a path with \'&\' or \';\' is 404, not the address before it', async () => {
    const srv = await startServer();
    const c = client(srv.port);
    const page = "is no page: a player's page is /players/NAME, NAME 1 to 16 of A-Z a-z 0-9 _ -\n";
    const expect = {
        '/players/Ada&x': `not found: /players/Ada followed by '&' or ';' ${page}`,
        '/players/Ada;x?y=1': `not found: /players/Ada followed by '&' or ';' ${page}`,
        '/players/Ada&': `not found: /players/Ada followed by '&' or ';' ${page}`,
        '/t/ABCDE;jsessionid=1': "not found: /t/ABCDE followed by '&' or ';' is no page: a table's link is /t/CODE, CODE its letters and digits\n",
        '/leaderboard;x': "not found: no address of this site has '&' or ';' in its path\n",
        '/index.html&v=2': "not found: no address of this site has '&' or ';' in its path\n",
        '/players/Ada%26x': `not found: /players/Ada&x ${page}`,
    };
    for (const [path, text] of Object.entries(expect)) {
        const r = await c.request(req('GET', path));
        assert.equal(r.status, 404, path);
        assert.match(r.headers['content-type'], /^text\/plain; charset=utf-8/, path);
        assert.equal(r.body, text, path);
        const head = await c.request(req('HEAD', path), true);
        assert.equal(head.status, 404, path);
        assert.equal(head.headers['content-length'], r.headers['content-length'], path);
    }
    for (const path of ['/api/players/Ada&x', '/api/leaderboard;x', '/api/matches/1&a=b']) {
        const r = await c.request(req('GET', path));
        assert.equal(r.status, 404, path);
        const quoted = path.replace(/[&;].*/, '');
        assert.deepEqual(JSON.parse(r.body), { error: 'not_found',
            message: `no such path: ${quoted} followed by '&' or ';' (no path of the API has either)` }, path);
    }
    assert.equal((await c.request(req('GET', '/api/leaderboard?a=1&b=2;c'))).status, 200);
    assert.equal((await c.request(req('GET', '/players/Ada?a=1&b=2'))).status, 200);
    c.close();
    await srv.close();
});

// RFC 9112 9.6: 'close' among a Connection header's options (Perl's LWP
// sends 'Connection: TE, close'), or in a second Connection header, has
// the server close the connection after the answer. libwebsockets reads
// only 'Connection: close' alone, and kept these open (found probing
// headers on every route). The whole answer comes first: the API, a
// file of the client (sent in pieces), a 404, a 400; HEAD too.
test('Connection: close among other options closes the connection after the whole answer', async () => {
    const srv = await startServer({ args: ['--web', new URL('../../web', import.meta.url).pathname] });
    for (const [method, path, status] of [['GET', '/api/leaderboard', 200], ['GET', '/app.js', 200],
        ['GET', '/nothere', 404], ['GET', '/api/players/x.y', 400], ['HEAD', '/app.js', 200]]) {
        for (const header of ['Connection: TE, close', 'Connection: keep-alive\r\nConnection: close']) {
            const what = `${method} ${path} with ${header}`;
            const text = await closingAnswer(srv.port,
                `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${header}\r\n\r\n`, 3000);
            assert.match(text, new RegExp(`^HTTP/1\\.1 ${status} `), what);
            const end = text.indexOf('\r\n\r\n');
            const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, end))[1]);
            assert.equal(Buffer.byteLength(text.slice(end + 4), 'latin1'), method === 'HEAD' ? 0 : length, what);
        }
    }
    // Without it, the connection is kept for the next request.
    const c = client(srv.port);
    assert.equal((await c.request(req('GET', '/api/leaderboard'))).status, 200);
    assert.equal((await c.request(req('GET', '/api/leaderboard'))).status, 200);
    c.close();
    await srv.close();
});

// Requests sent at once, before the answers (HTTP pipelining, RFC 9112
// 9.3): each is answered, in order, on the one connection, which stays
// open. After a web file (served by lws_serve_http_file) libwebsockets
// read the next request from the wrong buffer: it was answered 501 "does
// not know the request's method" and the connection closed; after an
// answer of the API or a 404 the next was served.
test('requests sent before the answers (pipelined) are each answered, after a web file too', async () => {
    const srv = await startServer({ args: ['--web', new URL('../../web', import.meta.url).pathname] });
    const file = readFileSync(new URL('../../web/app.js', import.meta.url));
    const pipelined = (texts) => withTimeout(new Promise((resolve, reject) => {
        const sock = connect({ host: '127.0.0.1', port: srv.port });
        let buf = Buffer.alloc(0);
        const answers = [];
        sock.on('data', (d) => {
            buf = Buffer.concat([buf, d]);
            for (;;) {
                const end = buf.indexOf('\r\n\r\n');
                if (end < 0) break;
                const head = buf.subarray(0, end).toString('latin1');
                const len = texts[answers.length].startsWith('HEAD') ? 0 : Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
                if (buf.length < end + 4 + len) break;
                answers.push({ head, status: Number(head.slice(9, 12)), body: buf.subarray(end + 4, end + 4 + len) });
                buf = buf.subarray(end + 4 + len);
            }
            if (answers.length === texts.length) { sock.destroy(); resolve({ answers, open: true }); }
        });
        sock.on('close', () => resolve({ answers, open: false }));
        sock.on('error', reject);
        sock.once('connect', () => sock.write(texts.join('')));
    }), T(5000), `the answers to ${texts.length} requests sent at once`);
    for (const paths of [['/app.js', '/app.js'], ['/', '/api/leaderboard'], ['/api/leaderboard', '/'],
        ['/nothere', '/', '/app.js'], ['HEAD /', '/'], ['HEAD /app.js', 'HEAD /app.js', '/']]) {
        const texts = paths.map((p) => (p.startsWith('HEAD ') ? req('HEAD', p.slice(5)) : req('GET', p)));
        const what = paths.join(' then ');
        const { answers, open } = await pipelined(texts);
        assert.deepEqual(answers.map((a) => a.status), paths.map((p) => (p.endsWith('/nothere') ? 404 : 200)), what);
        assert.ok(open, `${what}: the connection was closed`);
        for (const [i, p] of paths.entries()) {
            if (p === '/app.js') assert.ok(answers[i].body.equals(file), `${what}: app.js whole`);
            if (p.endsWith('/') || p.endsWith('app.js')) {
                assert.match(answers[i].head, /\r\ncontent-security-policy: default-src 'self';[^\r]*frame-ancestors 'none'/, `${what}: the page's headers`);
                assert.match(answers[i].head, /\r\nx-frame-options: DENY/, what);
            }
        }
    }
    await srv.close();
});

// A client that sends its request and closes its sending side (a
// half-close, as 'nc -N' does) still reads the whole answer: the page, a
// web file sent a piece at a time (app.js, 100 KB), the API. (A replay,
// which waits for a worker, is not: http-api.md.)
test('a request followed by a half-close gets its whole answer', async () => {
    const srv = await startServer({ args: ['--web', new URL('../../web', import.meta.url).pathname] });
    const file = readFileSync(new URL('../../web/app.js', import.meta.url));
    const halfClosed = (path) => withTimeout(new Promise((resolve, reject) => {
        const sock = connect({ host: '127.0.0.1', port: srv.port, allowHalfOpen: true });
        let buf = Buffer.alloc(0);
        sock.on('data', (d) => { buf = Buffer.concat([buf, d]); });
        sock.on('end', () => sock.end());
        sock.on('close', () => resolve(buf));
        sock.on('error', reject);
        sock.once('connect', () => sock.end(req('GET', path)));
    }), T(5000), `the answer to GET ${path} and a half-close`);
    // Five times each: libwebsockets' file server lost the body of the
    // page and of app.js so (the headers came, then the close) in about
    // half the tries.
    for (const path of Array(5).fill(['/', '/app.js', '/api/leaderboard', '/nothere']).flat()) {
        const buf = await halfClosed(path);
        const end = buf.indexOf('\r\n\r\n');
        const head = buf.subarray(0, end).toString('latin1');
        assert.match(head, new RegExp(`^HTTP/1\\.1 ${path === '/nothere' ? 404 : 200} `), path);
        const len = Number(/\r\ncontent-length: (\d+)/i.exec(head)[1]);
        assert.equal(buf.length - end - 4, len, `${path}: the whole body`);
        if (path === '/app.js') assert.ok(buf.subarray(end + 4).equals(file), 'app.js byte for byte');
    }
    await srv.close();
});

// RFC 9112 3.2: an HTTP/1.1 request with no Host header, and a request
// with two, MUST be answered 400; both were served as any request. An
// HTTP/1.0 request needs none. The connection goes on.
test('an HTTP/1.1 request with no Host, or two, is refused 400', async () => {
    const srv = await startServer();
    const c = client(srv.port);
    for (const [text, body] of [
        ['GET / HTTP/1.1\r\n\r\n', 'an HTTP/1.1 request needs a Host header\n'],
        ['GET /api/leaderboard HTTP/1.1\r\n\r\n',
            '{"error":"bad_request","message":"an HTTP/1.1 request needs a Host header"}'],
        ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: example.com\r\n\r\n', 'a request has one Host header, not more\n'],
        ['GET /api/leaderboard HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
            '{"error":"bad_request","message":"a request has one Host header, not more"}'],
    ]) {
        const r = await c.request(text);
        assert.equal(r.status, 400, text);
        assert.equal(r.body, body, text);
        assert.equal((await c.request(req('GET', '/api/leaderboard'))).status, 200, `after ${text}`);
    }
    c.close();
    const old = await closingAnswer(srv.port, 'GET / HTTP/1.0\r\n\r\n', 5000);
    assert.match(old, /^HTTP\/1\.[01] 200 /);
    await srv.close();
});

// RFC 9112 6.3: a request whose Content-Length is not a number of bytes,
// or that has two, MUST be answered 400 and closed: where its body ends,
// and the next request begins, is not known. 'abc' was taken for 0 and
// served; '-1' was served and then held for a body, 'Connection: close'
// or not, 5 s; of '0' and '5' the first was taken, the 5 bytes after it
// read as the next request. Each is now answered 400 saying why, and
// closed at once, whatever the method.
test('a request whose Content-Length is no number of bytes, or two, is refused 400 and closed', async () => {
    const srv = await startServer();
    const not = (v) => `Content-Length must be a whole number of bytes, not ${v}`;
    for (const [head, path, body] of [
        ['GET', '/', `${not("'-1'")}\n`],
        ['GET', '/api/leaderboard', `{"error":"bad_request","message":"${not("'-1'")}"}`],
        ['HEAD', '/', ''],
        ['POST', '/', `${not("'-1'")}\n`],
    ]) {
        const text = `${head} ${path} HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\nConnection: close\r\n\r\n`;
        const t0 = Date.now();
        const answer = await closingAnswer(srv.port, text, 5000);
        assert.match(answer, /^HTTP\/1\.1 400 /, text);
        assert.equal(answer.slice(answer.indexOf('\r\n\r\n') + 4), body, text);
        assert.ok(Date.now() - t0 < T(2000), `${text}: closed after ${Date.now() - t0} ms, not at once`);
    }
    for (const [lengths, body] of [
        [['abc'], `${not("'abc'")}\n`],
        [['1e3'], `${not("'1e3'")}\n`],
        [['"x\\y"'], `${not('what was sent')}\n`],
        [['0', '5'], 'a request has one Content-Length header, not more\n'],
        [['3', '3'], 'a request has one Content-Length header, not more\n'],
    ]) {
        const text = `GET / HTTP/1.1\r\nHost: a\r\n${lengths.map((l) => `Content-Length: ${l}\r\n`).join('')}\r\n`;
        const answer = await closingAnswer(srv.port, text + 'GET / HTTP/1.1\r\nHost: a\r\n\r\n', 2000);
        assert.match(answer, /^HTTP\/1\.1 400 /, text);
        assert.equal(answer.slice(answer.indexOf('\r\n\r\n') + 4), body, `${text}: one answer, then closed`);
    }
    assert.equal((await srv.get('/')).status, 200);
    await srv.close();
});

// A request of another HTTP version than 1.0 and 1.1 is answered 505;
// it was served as HTTP/1.0 ('HTTP/9.9', 'HTTP/2.0', a made-up word, or
// none: HTTP/0.9's form, whose client reads no headers).
test('a request of another HTTP version is answered 505', async () => {
    const srv = await startServer();
    for (const [text, body] of [
        ['GET / HTTP/9.9\r\nHost: a\r\n\r\n', "this server speaks HTTP/1.0 and HTTP/1.1, not 'HTTP/9.9'\n"],
        ['GET /api/leaderboard HTTP/2.0\r\nHost: a\r\n\r\n',
            '{"error":"bad_request","message":"this server speaks HTTP/1.0 and HTTP/1.1, not \'HTTP/2.0\'"}'],
        ['GET / FO"O\r\nHost: a\r\n\r\n', 'this server speaks HTTP/1.0 and HTTP/1.1, not what was sent\n'],
        ['GET /\r\n\r\n', 'this server speaks HTTP/1.0 and HTTP/1.1, and the request line names none\n'],
    ]) {
        const answer = await closingAnswer(srv.port, text, 5000);
        assert.match(answer, /^HTTP\/1\.[01] 505 /, text);
        assert.equal(answer.slice(answer.indexOf('\r\n\r\n') + 4), body, text);
    }
    assert.equal((await srv.get('/')).status, 200);
    await srv.close();
});

// A method libwebsockets does not know was answered 403 (HTML) by it,
// before the server saw the request. It now hands such a request over
// raw (LWS_SERVER_OPTION_FALLBACK_TO_APPLY_LISTEN_ACCEPT_CONFIG), and the
// server answers it: TRACE, which HTTP defines, 405 as the other methods
// (Allow: GET, HEAD); one HTTP does not define, 501 naming it (RFC 9110
// 15.6.2); JSON under /api; then the connection is closed. The server goes
// on.
test('TRACE gets 405 and an unknown method 501, in the server\'s words; the server goes on', async () => {
    const srv = await startServer();
    const port = Number(new URL(srv.origin).port);
    const answer = (text) => closingAnswer(port, text, 5000);
    const method405 = '{"error":"method_not_allowed","message":"only GET and HEAD are served here"}';
    for (const [method, path, status, type, body] of [
        ['TRACE', '/api/leaderboard', 405, 'application/json', method405],
        ['TRACE', '/', 405, 'text/plain; charset=utf-8', 'only GET and HEAD are served here\n'],
        ['FOO', '/api/leaderboard', 501, 'application/json',
            '{"error":"not_implemented","message":"this server does not know the method \'FOO\': it serves GET and HEAD"}'],
        ['PROPFIND', '/api', 501, 'application/json',
            '{"error":"not_implemented","message":"this server does not know the method \'PROPFIND\': it serves GET and HEAD"}'],
        ['BREW', '/players/Ada', 501, 'text/plain; charset=utf-8',
            "this server does not know the method 'BREW': it serves GET and HEAD\n"],
    ]) {
        const text = await answer(req(method, path));
        const what = `${method} ${path}`;
        assert.match(text, new RegExp(`^HTTP/1\\.1 ${status} `), what);
        const head = text.slice(0, text.indexOf('\r\n\r\n'));
        assert.match(head, /\r\nallow: GET, HEAD(\r\n|$)/, what);
        assert.match(head, /\r\ndate: [A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT(\r\n|$)/, what);
        assert.match(head, new RegExp(`\r\ncontent-type: ${type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\r\n|$)`), what);
        assert.equal(text.slice(text.indexOf('\r\n\r\n') + 4), body, what);
        assert.match(head, new RegExp(`\r\ncontent-length: ${Buffer.byteLength(body)}(\r\n|$)`), what);
    }
    // A method is named safely: a byte no method has (a NUL, a control
    // character, a quote, a byte over 127) as '?', its first 40 bytes
    // then '...' (a NUL once ended it, answered 405 as no method at all).
    for (const [text, named] of [
        ['F\0OO /x HTTP/1.1\r\nHost: a\r\n\r\n', 'F?OO'],
        ['\0 / HTTP/1.1\r\nHost: a\r\n\r\n', '?'],
        ['F\x01O"\\\xff\x1b[2J / HTTP/1.1\r\nHost: a\r\n\r\n', 'F?O?????2J'],
        [`${'X'.repeat(200)} / HTTP/1.1\r\nHost: a\r\n\r\n`, `${'X'.repeat(40)}...`],
    ]) {
        const answer = await withTimeout(new Promise((resolve, reject) => {
            const sock = connect({ host: '127.0.0.1', port });
            const got = [];
            sock.on('data', (d) => got.push(d));
            sock.on('close', () => resolve(Buffer.concat(got).toString('latin1')));
            sock.on('error', reject);
            sock.write(Buffer.from(text, 'latin1'));
        }), T(5000), `the answer to ${JSON.stringify(text.slice(0, 20))}`);
        assert.match(answer, /^HTTP\/1\.1 501 /, JSON.stringify(text));
        assert.equal(answer.slice(answer.indexOf('\r\n\r\n') + 4),
            `this server does not know the method '${named}': it serves GET and HEAD\n`, JSON.stringify(text));
    }
    // A method sent in pieces: what lws hands over is its end ('OO'), not
    // named. A request after another on a kept-alive connection, sent
    // with it or after its answer, is named as it is alone (it was not).
    const pieces = (parts) => withTimeout(new Promise((resolve, reject) => {
        const sock = connect({ host: '127.0.0.1', port });
        let buf = '';
        sock.on('data', (d) => { buf += d.toString('latin1'); });
        sock.on('close', () => resolve(buf));
        sock.on('error', reject);
        sock.once('connect', async () => {
            for (const p of parts) {
                sock.write(p);
                await new Promise((r) => setTimeout(r, 200));
            }
        });
    }), T(5000), `the close after ${parts.join('|').slice(0, 60)}`);
    const fooJson = '{"error":"not_implemented","message":"this server does not know the method \'FOO\': it serves GET and HEAD"}';
    for (const [parts, body, answers] of [
        [['F', 'OO /api/leaderboard HTTP/1.1\r\nHost: a\r\n\r\n'],
            "this server does not know the request's method: it serves GET and HEAD\n", 1],
        [[req('GET', '/api/leaderboard'), req('FOO', '/api/leaderboard')], fooJson, 2],
        [[req('GET', '/api/leaderboard') + req('FOO', '/api/leaderboard')], fooJson, 2],
        [[req('GET', '/'), req('GET', '/') + req('BREW', '/players/Ada')],
            "this server does not know the method 'BREW': it serves GET and HEAD\n", 3],
        [[req('GET', '/'), req('FOO', '/api')], fooJson, 2],
    ]) {
        const what = parts.join('|').replace(/\r\n/g, ' ').slice(0, 80);
        const text = await pieces(parts);
        assert.equal(text.split('HTTP/1.1 ').length - 1, answers, what);
        const last = text.slice(text.lastIndexOf('HTTP/1.1 '));
        assert.match(last, /^HTTP\/1\.1 501 /, what);
        assert.equal(last.slice(last.indexOf('\r\n\r\n') + 4), body, what);
    }
    const r = await srv.get('/api/leaderboard');
    assert.equal(r.status, 200);
    await srv.close();
});

// A header line with no colon (a folded line, RFC 9112 5.2's obs-fold; a
// word alone; ': value') cannot be answered 400 by the server:
// libwebsockets 4.1 (built with custom headers, as Debian's is) reads it
// and all that follows up to the next colon as the name of one unknown
// header, with no callback until the request ends and no option to refuse
// it. Last before the blank line, it leaves the request unended, and the
// connection is closed unanswered at the 10 s every unended request has;
// followed by a header line, the two are one unknown header, and the
// request is served without the second (a Host so lost is refused 400).
// This test notes what they get (http-api.md), so that a libwebsockets
// that answers otherwise is seen.
test('a header line with no colon: the request is unended, or the next header is lost', async () => {
    const srv = await startServer();
    for (const line of ['X-A: 1\r\n folded', 'NoColon', ': value']) {
        const sock = connect({ host: '127.0.0.1', port: srv.port });
        let got = '';
        let closed = false;
        sock.on('data', (d) => { got += d.toString('latin1'); });
        sock.on('close', () => { closed = true; });
        sock.on('error', () => {});
        sock.write(`GET /api/leaderboard HTTP/1.1\r\nHost: 127.0.0.1\r\n${line}\r\n\r\n`);
        await new Promise((r) => setTimeout(r, 2000));
        assert.equal(got, '', line);
        assert.equal(closed, false, line);
        sock.destroy();
    }
    for (const line of ['NoColon', ': value', ' folded']) {
        const answer = await closingAnswer(srv.port,
            `GET /api/leaderboard HTTP/1.1\r\n${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 5000);
        assert.match(answer, /^HTTP\/1\.1 400 /, line);
        assert.match(answer, /an HTTP\/1\.1 request needs a Host header/, line);
    }
    assert.equal((await srv.get('/api/leaderboard')).status, 200);
    await srv.close();
});

// Two that libwebsockets 4.1 answers 403 (HTML) and closes before the
// server is called, so that the server cannot answer them its own way
// (http-api.md says why): a bad percent-escape in the path or the query
// (its parser answers it as it reads it, in lws_parse, with no callback
// and no option to hand it over), and a request target in absolute form
// (RFC 9112 3.2.2: lws_http_action refuses a path not starting with '/'
// before any callback), as it does the asterisk form ('*', RFC 9112
// 3.2.4, which only OPTIONS may send). This test notes what they get, so that a
// libwebsockets that answers otherwise is seen; the server goes on.
test('a bad percent-escape and an absolute-form target get 403 from libwebsockets; the server goes on', async () => {
    const srv = await startServer();
    for (const target of ['/leaderboard?x=%ZZ', '/api/leaderboard?x=%ZZ', '/players/%G1', '/api/players/A%2',
        `http://127.0.0.1:${srv.port}/leaderboard`, `http://127.0.0.1:${srv.port}/api/leaderboard`, '*']) {
        const answer = await closingAnswer(srv.port, req('GET', target), 5000);
        assert.match(answer, /^HTTP\/1\.[01] 403 [^]*\r\n\r\n<html>[^]*<h1>403<\/h1>/, target);
    }
    assert.equal((await srv.get('/api/leaderboard')).status, 200);
    await srv.close();
});

// CONNECT: libwebsockets takes it for a proxy's tunnel and hands the
// connection over raw; the server answers 405 as for the other methods
// and closes it (it stayed open, unanswered, for ever), with a log line.
// What libwebsockets closes without an answer (the limits http-api.md
// states): headers over 16 KiB in all (a URL over 16 KB is one such),
// and %00 in the path or its query. Each connection is closed at once, and the server
// goes on.
test('CONNECT gets 405 and a close; over-long headers and %00 are closed at once; the server goes on', async () => {
    const srv = await startServer();
    const port = Number(new URL(srv.origin).port);
    const answer = (text) => closingAnswer(port, text, 10000);
    const refused = await answer('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    assert.match(refused, /^HTTP\/1\.1 405 /);
    assert.match(refused, /\r\nallow: GET, HEAD\r\n/);
    assert.match(refused, /\r\n\r\nonly GET and HEAD are served here\n$/);
    await srv.waitLog(/a CONNECT request from 127\.0\.0\.1 is refused \(405\)/);
    for (const text of [
        `GET /${'a'.repeat(17000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
        `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(17000)}\r\n\r\n`,
        `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookies(17000)}\r\n\r\n`,
        'GET /a%00b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
        'GET /api/players/A%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
        'GET /api/players/Ada/matches?before=1%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    ]) {
        assert.equal(await answer(text), '', text.slice(0, 40));
    }
    await srv.waitLog(/Ran out of header data space/);
    // Just under the limit is served.
    const c = client(port);
    assert.equal((await c.request(req('GET', `/${'a'.repeat(15500)}`))).status, 404);
    c.close();
    assert.equal((await srv.get('/api/leaderboard')).status, 200);
    await srv.close();
});

// GET path from localAddress on a connection of its own (bounded):
// {status, headers, body}.
const getFrom = (port, localAddress, path) => withTimeout(new Promise((resolve, reject) => {
    const r = httpGet({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => { body += d; });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    r.on('error', reject);
}), T(10000), `GET ${path} from ${localAddress}`);

// Each API request is the store's work on the loop: an address may ask 30
// at once, then 10 a second; beyond, 429 rate_limited (http-api.md). Its
// pages are not counted, and other addresses are served.
test('the API is limited per address: 30 requests at once, then 10 a second', async () => {
    const srv = await startServer();
    const port = Number(new URL(srv.origin).port);
    const t0 = Date.now();
    const all = await Promise.all(Array.from({ length: 100 },
        () => getFrom(port, '127.0.0.61', '/api/leaderboard')));
    const spent = Date.now() - t0;
    const ok = all.filter((r) => r.status === 200).length;
    const limited = all.filter((r) => r.status === 429);
    assert.ok(ok >= 30, `${ok} of 100 answered`);
    assert.ok(ok <= 30 + Math.ceil(spent / 100) + 1, `${ok} of 100 answered in ${spent} ms`);
    assert.equal(ok + limited.length, 100);
    assert.equal(limited[0].headers['retry-after'], '1');
    assert.deepEqual(JSON.parse(limited[0].body), { error: 'rate_limited',
        message: 'too many requests from your address: at most 30 at once and 10 a second' });
    // The pages are served; another address is served.
    assert.equal((await getFrom(port, '127.0.0.61', '/')).status, 200);
    assert.equal((await getFrom(port, '127.0.0.62', '/api/leaderboard')).status, 200);
    // The budget refills (bounded).
    for (const deadline = Date.now() + T(5000); ;) {
        const r = await getFrom(port, '127.0.0.61', '/api/bots/greedy');
        if (r.status === 200) break;
        assert.equal(r.status, 429);
        assert.ok(Date.now() < deadline, 'the budget did not refill');
        await new Promise((res) => setTimeout(res, 50));
    }
    await srv.close();
});
