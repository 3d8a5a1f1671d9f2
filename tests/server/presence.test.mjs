// presence.test.mjs - how soon the others see that a person's connection
// went silent (docs/server-protocol.md, Limits: "a silent game
// connection"): a phone that lost its network sends no FIN, so the
// server learns it only from the WebSocket ping it sends and that is not
// answered. With the default --idle-timeout, a friend whose connection
// stops reading and answering is shown disconnected to the host within
// 15 seconds; a slow phone that answers each ping 6 seconds late stays
// connected.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, T, sleep } from './lib.mjs';
import { uniqueName } from './tables.mjs';

const eventsOf = (c) => c.frames.filter((f) => f.type === 'state').flatMap((f) => f.events);

test('a friend gone silent is shown disconnected within 15 s; one answering pings late stays', async () => {
    // The default --idle-timeout; a grace time that keeps the seats.
    const srv = await startServer({ grace: 300 });
    try {
        const host = await srv.connect({ label: 'host' });
        const j = await host.request({ type: 'create', name: uniqueName('Host'), seats: 4, bots: [] }, ['joined', 'error']);
        assert.equal(j.type, 'joined', JSON.stringify(j));
        // Two friends that answer pings themselves: one never (its socket
        // stops reading: a phone gone silent), one 6 s late (a slow phone).
        const mute = await srv.connect({ label: 'mute', autoPong: false });
        const slow = await srv.connect({ label: 'slow', autoPong: false });
        let answered = 0;
        slow.ws.on('ping', (data) => setTimeout(() => {
            if (slow.ws.readyState !== 1) return;
            slow.ws.pong(data);
            answered++;
        }, 6000));
        const seat = {};
        for (const [c, name] of [[mute, uniqueName('Mute')], [slow, uniqueName('Slow')]]) {
            const r = await c.request({ type: 'join', code: j.code, name }, ['joined', 'error']);
            assert.equal(r.type, 'joined', JSON.stringify(r));
            seat[c.label] = r.seat;
        }
        await host.stateWhere((s) => s.view.seats.filter((x) => x.connected).length === 3, 'three people connected');
        mute.ws._socket.pause();
        const began = Date.now();
        const deadline = began + T(60000);
        let dropped = null;
        while (!dropped && Date.now() < deadline) {
            dropped = eventsOf(host).find((e) => e.kind === 'connection' && e.seat === seat.mute && e.connected === false);
            if (!dropped) await sleep(50);
        }
        const shown = Date.now() - began;
        assert.ok(dropped, `the silent friend was still shown connected after ${shown} ms`);
        // 15 s is the server's timer (the last pong came before `began`);
        // what comes after it (the close, the table's event, the host's
        // reading it) is the slack: 1.5 s, scaled as every wait is under
        // the sanitizers, where a loaded machine stalls a process longer.
        assert.ok(shown <= 15000 + T(1500), `the silent friend was shown connected for ${shown} ms (at most 15 s expected)`);
        // The slow phone: two pings answered late, still connected.
        while (answered < 2 && Date.now() < deadline && !slow.closed) await sleep(100);
        assert.equal(slow.closed, null, `the slow phone was dropped: ${JSON.stringify(slow.closed)}`);
        assert.ok(answered >= 2, `the slow phone answered ${answered} pings`);
        assert.equal(eventsOf(host).some((e) => e.kind === 'connection' && e.seat === seat.slow && e.connected === false), false,
            'the slow phone was never shown disconnected');
        assert.equal(host.lastState().view.seats[seat.slow].connected, true);
        console.log(`# the silent friend was shown disconnected after ${shown} ms; the slow phone answered ${answered} pings 6 s late`);
        for (const c of [host, mute, slow]) c.terminate();
    } finally {
        await srv.close();
    }
});
