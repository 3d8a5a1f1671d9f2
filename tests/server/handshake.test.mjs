// handshake.test.mjs - the WebSocket handshake (RFC 6455 4.2.1) is a
// game connection only when it is whole; any other is answered in plain
// text and closed (docs/server-protocol.md, Connecting): a
// Sec-WebSocket-Version other than 13 gets 426 with
// 'Sec-WebSocket-Version: 13' (RFC 6455 4.4); no version, a
// Sec-WebSocket-Key that is not 16 bytes in base64, no Host, no
// 'Connection: Upgrade', HTTP/1.0, or subprotocols asked for without
// 'leastscore' among them get 400 saying which; another method 405; and
// the server's own refusals (another path, an origin, the limit of an
// address) are plain text as well, and JSON under /api, as the API's
// every answer is.
// libwebsockets 4.1 took a wrong version or key as a good one and closed
// the others without a word. The handshakes are written byte by byte on a
// raw socket (a browser sends only good ones); each wait is bounded.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startServer, withTimeout, T, parseHead } from './lib.mjs';

const KEY = 'dGhlIHNhbXBsZSBub25jZQ=='; // RFC 6455's example: 16 bytes

// A handshake to /ws with these headers; a header given as null is left
// out, and `line` is the request line.
function handshake(headers = {}, line = 'GET /ws HTTP/1.1') {
    const all = { Host: '127.0.0.1', Upgrade: 'websocket', Connection: 'Upgrade',
        'Sec-WebSocket-Key': KEY, 'Sec-WebSocket-Version': '13', ...headers };
    return `${line}\r\n${Object.entries(all).filter(([, v]) => v !== null)
        .map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
}

// Sends text on a new connection; resolves with {status, headers, body,
// closed} once the server has closed it, or, after an answer that is an
// upgrade (101), once its headers are in (then the socket is closed here).
const answer = (port, text) => withTimeout(new Promise((resolve, reject) => {
    const sock = connect({ host: '127.0.0.1', port });
    let buf = '';
    const parse = (closed) => {
        const end = buf.indexOf('\r\n\r\n');
        const { line, status, headers } = parseHead(buf.slice(0, end < 0 ? buf.length : end));
        return { line, status, headers, body: end < 0 ? '' : buf.slice(end + 4), closed };
    };
    sock.on('data', (d) => {
        buf += d.toString('latin1');
        if (/^HTTP\/1\.1 101 /.test(buf) && buf.includes('\r\n\r\n')) {
            sock.destroy();
            resolve(parse(false));
        }
    });
    sock.on('close', () => resolve(parse(true)));
    sock.on('error', reject);
    sock.write(text, 'latin1');
}), T(5000), `the answer to ${JSON.stringify(text).slice(0, 200)}`);

const refusals = [
    ['Sec-WebSocket-Version: 8', { 'Sec-WebSocket-Version': '8' }, 426,
        "this server speaks WebSocket version 13 only, not '8'\n"],
    ['Sec-WebSocket-Version: 13x', { 'Sec-WebSocket-Version': '13x' }, 426,
        'this server speaks WebSocket version 13 only, not what was sent\n'],
    ['no Sec-WebSocket-Version', { 'Sec-WebSocket-Version': null }, 400,
        "a WebSocket handshake needs 'Sec-WebSocket-Version: 13'\n"],
    ['a key of one character', { 'Sec-WebSocket-Key': 'x' }, 400,
        "Sec-WebSocket-Key must be 16 bytes in base64 (24 characters, the last two '='), not 1 characters\n"],
    ['a key of 24 characters that are not base64', { 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25j!!==' }, 400,
        "Sec-WebSocket-Key must be 16 bytes in base64 (24 characters, the last two '='), not 24 characters of which some are not base64\n"],
    ['a key of 20 bytes (28 characters)', { 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZTEyMzQ=' }, 400,
        "Sec-WebSocket-Key must be 16 bytes in base64 (24 characters, the last two '='), not 28 characters\n"],
    ['no Sec-WebSocket-Key', { 'Sec-WebSocket-Key': null }, 400,
        "a WebSocket handshake needs a Sec-WebSocket-Key: 16 bytes in base64 (24 characters, the last two '=')\n"],
    ['only a subprotocol it does not speak', { 'Sec-WebSocket-Protocol': 'chat' }, 400,
        "this server speaks the WebSocket subprotocol 'leastscore' (or none asked for), not 'chat'\n"],
    ['subprotocols with control bytes', { 'Sec-WebSocket-Protocol': 'chat, \x1b[31m' }, 400,
        "Sec-WebSocket-Protocol must be a comma-separated list of names (1 to 62 of A-Z a-z 0-9 !#$%&'*+-.^_`|~), not 'chat, ?[31m'\n"],
    ['a list of subprotocols with an empty one', { 'Sec-WebSocket-Protocol': ', leastscore' }, 400,
        "Sec-WebSocket-Protocol must be a comma-separated list of names (1 to 62 of A-Z a-z 0-9 !#$%&'*+-.^_`|~), not ', leastscore'\n"],
    ['a subprotocol of 63 bytes before leastscore', { 'Sec-WebSocket-Protocol': `${'x'.repeat(63)}, leastscore` }, 400,
        `Sec-WebSocket-Protocol must be a comma-separated list of names (1 to 62 of A-Z a-z 0-9 !#$%&'*+-.^_\`|~), not '${'x'.repeat(40)}...'\n`],
    ['a list of subprotocols over 126 bytes', { 'Sec-WebSocket-Protocol': `${'x'.repeat(60)}, ${'y'.repeat(60)}, leastscore` }, 400,
        "this server speaks the WebSocket subprotocol 'leastscore' (or none asked for), not a list over 126 bytes\n"],
    // A header that a handshake has once, sent twice, is named (lws joins
    // the two: a key was 'not 51 characters', versions 'not what was
    // sent', two origins 'this origin may not connect').
    ['two Sec-WebSocket-Key headers', { 'Sec-WebSocket-Key': `${KEY}\r\nSec-WebSocket-Key: ${KEY}` }, 400,
        'a WebSocket handshake has one Sec-WebSocket-Key header, not more\n'],
    ['two Sec-WebSocket-Version headers', { 'Sec-WebSocket-Version': '13\r\nSec-WebSocket-Version: 8' }, 400,
        "a WebSocket handshake has one Sec-WebSocket-Version header ('13'), not more\n"],
    ['two Origin headers', { Origin: 'http://127.0.0.1\r\nOrigin: http://elsewhere.example' }, 400,
        'a WebSocket handshake has one Origin header, not more\n'],
    ['no Host', { Host: null }, 400, 'a WebSocket handshake needs a Host header\n'],
    ['two Host headers', { Host: '127.0.0.1\r\nHost: example.com' }, 400, 'a request has one Host header, not more\n'],
    ['no Connection: Upgrade', { Connection: 'keep-alive' }, 400,
        "a WebSocket handshake needs 'Connection: Upgrade'\n"],
    ['HTTP/1.0', {}, 400, 'a WebSocket handshake is an HTTP/1.1 request\n', 'GET /ws HTTP/1.0'],
    ['a POST', {}, 405, 'a WebSocket handshake is a GET request\n', 'POST /ws HTTP/1.1'],
    // curl --http2 asks to upgrade every http:// request so; it was told
    // 'the game is at /ws' (404) for the page.
    ['Upgrade: h2c (HTTP/2)', { Upgrade: 'h2c', Connection: 'Upgrade, HTTP2-Settings',
        'HTTP2-Settings': 'AAMAAABkAARAAAAAAAIAAAAA', 'Sec-WebSocket-Key': null, 'Sec-WebSocket-Version': null }, 400,
    "this server speaks HTTP/1.1, not HTTP/2: send the request without 'Upgrade: h2c' (curl: --http1.1)\n", 'GET / HTTP/1.1'],
    // The server's own refusals of a whole handshake are plain text too
    // (they were libwebsockets' HTML pages, the reason in the markup).
    ['a path other than /ws', {}, 404, 'the game is at /ws\n', 'GET /game HTTP/1.1'],
    ['an origin of another site', { Origin: 'http://elsewhere.example' }, 403,
        'this origin may not connect to the game\n'],
];

describe('the WebSocket handshake', () => {
    let srv;
    before(async () => { srv = await startServer(); });
    after(async () => { await srv.close(); });

    for (const [what, headers, status, body, line] of refusals) {
        test(`${what}: ${status}, said in plain text, and closed`, async () => {
            const r = await answer(srv.port, handshake(headers, line));
            assert.equal(r.status, status, `${r.line}\n${r.body}`);
            assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
            assert.equal(r.body, body);
            assert.equal(Number(r.headers['content-length']), Buffer.byteLength(body));
            assert.ok(r.closed);
            assert.equal(r.headers['sec-websocket-version'], status === 426 ? '13' : undefined);
            assert.equal(r.headers.allow, status === 405 ? 'GET, HEAD' : undefined);
        });
    }

    // What is still taken: no subprotocol, 'leastscore' alone or among
    // others (it is the one answered), blanks around it, other tokens'
    // characters, 'Connection' with more tokens (as proxies send it), an
    // extension asked for (none is agreed).
    for (const [what, headers, protocol] of [
        ['a whole handshake', {}, undefined],
        ['leastscore among other subprotocols', { 'Sec-WebSocket-Protocol': "chat, a!#$%&'*+.^_`|~b ,leastscore" }, 'leastscore'],
        ['leastscore with blanks around it', { 'Sec-WebSocket-Protocol': ' leastscore ' }, 'leastscore'],
        ['Connection: keep-alive, upgrade', { Connection: 'keep-alive, upgrade' }, undefined],
        ['an extension asked for', { 'Sec-WebSocket-Extensions': 'permessage-deflate' }, undefined],
    ]) {
        test(`${what} is a game connection`, async () => {
            const r = await answer(srv.port, handshake(headers));
            assert.equal(r.status, 101, `${r.line}\n${r.body}`);
            assert.equal(r.headers['sec-websocket-accept'], 's3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
            assert.equal(r.headers['sec-websocket-protocol'], protocol);
            assert.equal(r.headers['sec-websocket-extensions'], undefined);
        });
    }

    // Under /api every answer is JSON: a handshake asked there is refused
    // with the same status and words as {"error", "message"} (it was
    // plain text there too).
    for (const [line, headers, status, json] of [
        ['GET /api/leaderboard HTTP/1.1', {}, 404, { error: 'not_found', message: 'the game is at /ws' }],
        ['GET /api HTTP/1.1', {}, 404, { error: 'not_found', message: 'the game is at /ws' }],
        ['POST /api/players/Ada HTTP/1.1', {}, 405,
            { error: 'method_not_allowed', message: 'a WebSocket handshake is a GET request' }],
        ['GET /api/players/Ada HTTP/1.1', { Upgrade: 'h2c', Connection: 'Upgrade, HTTP2-Settings', 'HTTP2-Settings': 'AAMAAABkAAQAoAAAAAIAAAAA' }, 400,
            { error: 'bad_request', message: "this server speaks HTTP/1.1, not HTTP/2: send the request without 'Upgrade: h2c' (curl: --http1.1)" }],
    ]) {
        test(`a handshake at ${line.split(' ')[1]} (${line.split(' ')[0]}, Upgrade: ${headers.Upgrade ?? 'websocket'}): ${status}, said in JSON, and closed`, async () => {
            const r = await answer(srv.port, handshake(headers, line));
            assert.equal(r.status, status, `${r.line}\n${r.body}`);
            assert.equal(r.headers['content-type'], 'application/json');
            assert.deepEqual(JSON.parse(r.body), json);
            assert.equal(Number(r.headers['content-length']), Buffer.byteLength(r.body));
            assert.ok(r.closed);
            assert.equal(r.headers.allow, status === 405 ? 'GET, HEAD' : undefined);
        });
    }

    test('one connection over the limit of an address: 429, said in plain text', async () => {
        const one = await startServer({ args: ['--max-connections-per-address', '1'] });
        const c = await one.connect({ label: 'the one allowed' });
        const r = await answer(one.port, handshake());
        assert.equal(r.status, 429, `${r.line}\n${r.body}`);
        assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
        assert.equal(r.body, 'too many connections from your address (at most 1)\n');
        c.close();
        await one.close();
    });

    test('the server goes on: a client connects and is welcomed', async () => {
        const c = await srv.connect({ label: 'after the refusals' });
        assert.equal(c.welcome.type, 'welcome');
        c.close();
    });
});
