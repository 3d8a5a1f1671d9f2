// frames.test.mjs - WebSocket frames that break RFC 6455 close the
// connection at once with 1002 (protocol error) and the reason
// libwebsockets gives (docs/server-protocol.md, Closing): a reserved
// opcode, a reserved bit with no extension, a fragmented control frame, a
// continuation that continues nothing, a new message inside a fragmented
// one, a control frame longer than 125 bytes, and (the server's own
// check) a frame without its mask. None waits for the idle
// timeout, and the server goes on serving the others.
//
// The frames are written byte by byte on the socket of a connection the
// ws package opened (lib.mjs, wsFrame); each wait is bounded.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, sleep, T, wsFrame as frame, rawWrite } from './lib.mjs';

const LEAVE = '{"type":"leave"}';

// A frame as a client must not write it: without a mask (at most 65535).
const unmasked = (first, payload) => {
    const p = Buffer.from(payload);
    const head = p.length < 126 ? Buffer.from([first, p.length])
        : Buffer.from([first, 126, p.length >> 8, p.length & 255]);
    return Buffer.concat([head, p]);
};

// Each case: its bytes and the close it gets.
const cases = [
    ['a frame with a reserved data opcode (3)', frame(0x83, LEAVE), 'bad opc'],
    ['a frame with a reserved control opcode (0xB)', frame(0x8b, 'x'), 'bad opc'],
    ['a text frame with RSV1 set (no extension was agreed)', frame(0xc1, LEAVE), 'rsv bits'],
    ['a text frame with RSV2 set', frame(0xa1, LEAVE), 'rsv bits'],
    ['a text frame with RSV3 set', frame(0x91, LEAVE), 'rsv bits'],
    ['a ping without FIN (a fragmented control frame)', frame(0x09, 'x'), 'frag ctl'],
    ['a continuation with no message begun', frame(0x80, LEAVE), 'bad cont'],
    ['a continuation after a whole message', Buffer.concat([frame(0x81, LEAVE), frame(0x80, 'x')]), 'bad cont'],
    ['a text frame inside a fragmented message',
        Buffer.concat([frame(0x01, '{"type"'), frame(0x81, LEAVE)]), 'bad cont'],
    ['a reserved opcode inside a fragmented message',
        Buffer.concat([frame(0x01, '{"type"'), frame(0x83, 'x')]), 'bad opc'],
];

describe('frames that break the WebSocket protocol', () => {
    let srv;
    before(async () => { srv = await startServer(); });
    after(async () => { await srv.close(); });

    for (const [what, bytes, reason] of cases) {
        test(`${what} closes the connection with 1002 at once`, async () => {
            const c = await srv.connect({ label: what });
            rawWrite(c, bytes);
            const closed = await Promise.race([c.closedPromise, sleep(T(2000))]);
            assert.deepEqual(closed, { code: 1002, reason });
            // Nothing of it was taken as a message.
            assert.equal(c.frames.filter((f) => f.type === 'error').length, 0, JSON.stringify(c.frames));
        });
    }

    // A binary frame breaks no rule of RFC 6455, but the protocol's
    // messages are text: it is answered bad_json, whole or in fragments,
    // nothing of it is read as a message, and the connection goes on.
    test('a binary frame is answered bad_json, whole or in fragments, and the connection goes on', async () => {
        const c = await srv.connect({ label: 'binary' });
        for (const send of [
            () => c.ws.send(Buffer.from(LEAVE), { binary: true }),
            () => rawWrite(c, Buffer.concat([frame(0x02, '{"type":'), frame(0x80, '"leave"}')])),
        ]) {
            send();
            const e = await c.next('error', 'the answer to a binary frame');
            assert.equal(e.code, 'bad_json');
            assert.equal(e.message, 'messages are JSON in text frames, not binary');
        }
        await c.expectError({ type: 'x-after-binary' }, 'unknown_type');
        assert.equal(c.closed, null, 'closed after a binary frame');
        c.close();
    });

    // RFC 6455 5.1: a client's frame that is not masked closes the
    // connection (1002). libwebsockets 4.1 read it as any other; the
    // server sees it by the bytes read, 4 fewer than the least a masked
    // frame takes (docs/server-protocol.md). A short message, one of 126
    // bytes and more (a 16-bit length), a fragment, and a pong are caught;
    // nothing of them is taken as a message.
    for (const [what, bytes] of [
        ['an unmasked text frame', unmasked(0x81, LEAVE)],
        ['an unmasked text frame of 300 bytes', unmasked(0x81, `{"type":"leave","x":"${'a'.repeat(276)}"}`)],
        ['an unmasked first fragment', Buffer.concat([unmasked(0x01, '{"type":'), frame(0x80, '"leave"}')])],
        ['an unmasked pong', unmasked(0x8a, 'pong')],
    ]) {
        test(`${what} closes the connection with 1002 at once`, async () => {
            const c = await srv.connect({ label: what });
            rawWrite(c, bytes);
            const closed = await Promise.race([c.closedPromise, sleep(T(2000))]);
            assert.deepEqual(closed, { code: 1002, reason: 'unmasked frame' });
            assert.equal(c.frames.filter((f) => f.type === 'error').length, 0, JSON.stringify(c.frames));
        });
    }

    // Masked frames of every size and form are not taken for unmasked
    // ones: many messages at once, a long one, fragments, pings, pongs.
    test('masked frames of every size go on being read', async () => {
        const c = await srv.connect({ label: 'masked' });
        const long = frame(0x81, `{"type":"leave","x":"${'a'.repeat(4096 - 24)}"}`);
        rawWrite(c, Buffer.concat([frame(0x81, LEAVE), frame(0x89, ''), frame(0x8a, ''), frame(0x8a, 'p'),
            long.subarray(0, 1000)]));
        await sleep(100); // the long message in two reads
        rawWrite(c, Buffer.concat([long.subarray(1000),
            frame(0x01, '{"type":'), frame(0x00, ''), frame(0x80, '"leave"}'), frame(0x81, LEAVE)]));
        for (let i = 0; i < 4; i++) assert.equal((await c.recv(`answer ${i}`)).code, 'not_at_table');
        await sleep(200);
        assert.equal(c.closed, null);
    });

    // Many connections sending at once: bytes keep arriving while a frame
    // is checked, and are never counted as not read (the check counted
    // the bytes received, then those waiting, so that those that came
    // between were missing, and masked frames were taken for unmasked
    // ones, found sending random messages from 8 connections).
    test('masked frames from many connections at once are never taken for unmasked ones', async () => {
        const conns = await Promise.all(Array.from({ length: 32 }, (_, i) => srv.connect({ label: `busy ${i}` })));
        for (let round = 0; round < 6; round++) {
            for (const c of conns) {
                for (let i = 0; i < 10 && !c.closed; i++) {
                    c.ws.send(i % 3 ? LEAVE : JSON.stringify({ type: 'chat', text: 'x'.repeat(i * 40) }));
                }
            }
            await sleep(20);
        }
        await sleep(300);
        const wrong = conns.filter((c) => c.closed?.reason === 'unmasked frame').length;
        assert.equal(wrong, 0, `${wrong} of 32 connections closed for an unmasked frame`);
        for (const c of conns) c.close();
    });

    // A control frame may carry 125 bytes at most: libwebsockets drops the
    // connection at once, without a close frame (the client sees 1006).
    test('a ping of 126 bytes drops the connection at once', async () => {
        const c = await srv.connect({ label: 'long ping' });
        rawWrite(c, frame(0x89, 'x'.repeat(126)));
        const closed = await Promise.race([c.closedPromise, sleep(T(2000))]);
        assert.ok(closed, 'still open');
        assert.ok([1002, 1006].includes(closed.code), JSON.stringify(closed));
    });

    // What is allowed: a ping between the fragments of a message.
    test('a ping between the fragments of a message is answered, the message read', async () => {
        const c = await srv.connect({ label: 'ping inside' });
        let pongs = 0;
        c.ws.on('pong', () => { pongs++; });
        rawWrite(c, Buffer.concat([frame(0x01, '{"type":'), frame(0x89, 'p'), frame(0x80, '"leave"}')]));
        assert.equal((await c.recv('the answer to leave')).code, 'not_at_table');
        for (let i = 0; i < 50 && !pongs; i++) await sleep(20);
        assert.equal(pongs, 1);
        assert.equal(c.closed, null);
        const other = await srv.connect({ label: 'other' });
        await other.expectError({ type: 'leave' }, 'not_at_table');
    });
});
