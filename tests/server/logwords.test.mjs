// logwords.test.mjs - the server's log counts in words a person reads
// (docs/store.md): after one finished match, a stop says "1 match", not
// "1 matches".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, AutoPlayer, allDone, T } from './lib.mjs';

test('a stop after one finished match says "1 match finished"', async () => {
    const srv = await startServer();
    try {
        const ann = await srv.connect({ label: 'ann' });
        await ann.request({ type: 'create', name: 'Ann', seats: 2, bots: ['greedy'], rules: { threshold: 1 } }, ['joined']);
        ann.send({ type: 'start' });
        const [end] = await allDone([new AutoPlayer(ann, { seed: 3, next: true })], T(30000));
        assert.equal(end.view.status, 'over');
        await srv.close();
        assert.match(srv.stderr, /leastscore serve: stopped; 1 match finished into the store\n/);
    } finally {
        await srv.kill();
    }
});
