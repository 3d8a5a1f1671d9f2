// flood.test.mjs - a connection that floods the server is closed, however
// it floods (docs/server-protocol.md, Limits): messages over the budget
// sent a few at a time, a message in many fragments, WebSocket pings,
// unasked-for pongs. A client that
// keeps to the pace of a browser page (a few messages and a ping or two a
// second) is never closed, and others are served while a flood lasts.
//
// Every flood is a bounded loop: it stops at its deadline if the server
// never closes the connection, and the test then fails.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, sleep, T, wsFrame as frame, rawWrite as raw } from './lib.mjs';

// A text message in n fragments (n >= 2): a text frame without FIN,
// continuations, the last with FIN; every fragment but the last one byte.
function fragments(text, n) {
    const out = [frame(0x01, text.slice(0, 1))];
    for (let i = 1; i < n - 1; i++) out.push(frame(0x00, text.slice(i, i + 1)));
    out.push(frame(0x80, text.slice(n - 1)));
    return Buffer.concat(out);
}

// Sends batches (send(c) sends one batch) every `every` ms until c is
// closed or `ms` have passed; resolves with c.closed (null: still open).
async function flood(c, send, every, ms) {
    const deadline = Date.now() + ms;
    while (!c.closed && Date.now() < deadline) {
        if (c.ws.readyState === 1) send(c);
        await sleep(every);
    }
    if (!c.closed) await Promise.race([c.closedPromise, sleep(T(3000))]);
    return c.closed;
}

describe('floods', () => {
    let srv;
    before(async () => { srv = await startServer(); });
    after(async () => { await srv.close(); });

    // Server bug: only 50 messages over the budget *in a row* closed the
    // connection, and one message within it started the count again: a
    // client that sent 30 at a time every 150 ms (one within the budget,
    // 29 over) was answered rate_limited 200 times a second for ever.
    test('messages over the budget, a few at a time, close the connection', async () => {
        const c = await srv.connect({ label: 'flooder' });
        const other = await srv.connect({ label: 'other' });
        const closed = await flood(c, (x) => { for (let i = 0; i < 30; i++) x.sendNow({ type: 'leave' }); },
            150, T(6000));
        assert.deepEqual(closed, { code: 1008, reason: 'too many messages' });
        const limited = c.frames.filter((f) => f.code === 'rate_limited').length;
        assert.ok(limited <= 60, `${limited} rate_limited answers before the close`);
        await other.expectError({ type: 'leave' }, 'not_at_table');
    });

    // Server bug: pings were answered by libwebsockets without the
    // server knowing: 77,000 pings a second (measured by hand) went on
    // for as long as the client liked.
    test('a flood of WebSocket pings closes the connection', async () => {
        const c = await srv.connect({ label: 'pinger' });
        const other = await srv.connect({ label: 'other' });
        const closed = await flood(c, (x) => { for (let i = 0; i < 500; i++) x.ws.ping(); }, 2, T(8000));
        assert.deepEqual(closed, { code: 1008, reason: 'too many pings' });
        await other.expectError({ type: 'leave' }, 'not_at_table');
    });

    test('a flood of pings with a payload closes the connection', async () => {
        const c = await srv.connect({ label: 'pinger' });
        const payload = Buffer.alloc(125, 'x');
        const closed = await flood(c, (x) => { for (let i = 0; i < 100; i++) x.ws.ping(payload); }, 2, T(8000));
        assert.deepEqual(closed, { code: 1008, reason: 'too many pings' });
    });

    test('a flood of pongs nobody asked for closes the connection', async () => {
        const c = await srv.connect({ label: 'ponger' });
        const payload = Buffer.from('beat');
        const closed = await flood(c, (x) => { for (let i = 0; i < 500; i++) x.ws.pong(payload); }, 2, T(8000));
        assert.deepEqual(closed, { code: 1008, reason: 'too many messages' });
        // Pongs are answered with nothing, rate_limited included.
        assert.equal(c.frames.filter((f) => f.type === 'error').length, 0, JSON.stringify(c.frames.slice(0, 3)));
    });

    // libwebsockets tells the server of no pong without a payload: those
    // are counted as pings are.
    test('a flood of empty pongs closes the connection', async () => {
        const c = await srv.connect({ label: 'ponger' });
        const closed = await flood(c, (x) => { for (let i = 0; i < 500; i++) x.ws.pong(); }, 2, T(8000));
        assert.deepEqual(closed, { code: 1008, reason: 'too many pings' });
    });

    // Server bug: a message could come in as many fragments as it has
    // bytes: 4096 frames of one byte each (some 41,000 frames a second
    // stayed within the message budget), each a call of the server. A
    // browser never fragments a message; more than 16 fragments close the
    // connection, at the 17th, before the message ends.
    test('a message in more than 16 fragments closes the connection', async () => {
        const c = await srv.connect({ label: 'fragmenter' });
        const other = await srv.connect({ label: 'other' });
        const text = JSON.stringify({ type: 'leave', pad: 'x'.repeat(4050) });
        assert.ok(text.length <= 4096);
        raw(c, fragments(text, text.length));
        const closed = await Promise.race([c.closedPromise, sleep(T(3000))]);
        assert.deepEqual(closed, { code: 1008, reason: 'message in more than 16 fragments' });
        assert.equal(c.frames.length, 1, `only the welcome: ${JSON.stringify(c.frames.slice(1, 3))}`);
        await other.expectError({ type: 'leave' }, 'not_at_table');
        // 17 is one too many, empty ones too.
        const d = await srv.connect({ label: 'seventeen' });
        raw(d, Buffer.concat([frame(0x01), ...Array(15).fill(frame(0x00)), frame(0x80, '{"type":"leave"}')]));
        assert.deepEqual(await Promise.race([d.closedPromise, sleep(T(3000))]),
            { code: 1008, reason: 'message in more than 16 fragments' });
    });

    test('a message in 16 fragments is read, and so are messages after it', async () => {
        const c = await srv.connect({ label: 'sixteen' });
        const text = JSON.stringify({ type: 'leave', pad: 'y'.repeat(40) });
        // Twice: the count starts again with each message.
        raw(c, Buffer.concat([fragments(text, 16), fragments(text, 16), frame(0x81, text)]));
        for (let i = 0; i < 3; i++) assert.equal((await c.recv(`answer ${i + 1}`)).code, 'not_at_table');
        assert.equal(c.closed, null);
    });

    // What a browser page does at most, and a little more: for 4 seconds,
    // 5 messages a second (a long chat line among them), 2 pings of 125
    // bytes and a pong a second. Every message is answered; nothing closes.
    test('a client at a page\'s pace is never limited nor closed', async () => {
        const c = await srv.connect({ label: 'page' });
        const payload = Buffer.alloc(125, 'p');
        let sent = 0;
        for (let tick = 0; tick < 20 && !c.closed; tick++) {
            c.sendNow({ type: 'leave', pad: 'x'.repeat(tick % 5 === 0 ? 3000 : 20) });
            sent++;
            if (tick % 5 === 0) c.ws.pong();
            if (tick % 5 < 2) c.ws.ping(payload);
            await sleep(200);
        }
        for (let i = 0; i < sent; i++) assert.equal((await c.recv(`answer ${i + 1} of ${sent}`)).code, 'not_at_table');
        await sleep(T(1500)); // the server's check of a connection's pings runs every second
        assert.equal(c.closed, null);
        await c.expectError({ type: 'leave' }, 'not_at_table');
    });
});
