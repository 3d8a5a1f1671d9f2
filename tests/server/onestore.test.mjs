// onestore.test.mjs - one server a store (docs/store.md, "In the
// server"): a second server with a data directory of its own on the same
// --db, which would restore the first's tables in progress and play them
// beside it, is refused at its start (exit 1, the words), while the first
// goes on with its table; after a kill -9 of the first, a server started
// at once on the store serves and has the table back. On SQLite and on
// PostgreSQL (a throwaway cluster; skipped with the reason when it is not
// installed, as stores.mjs does).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, T } from './lib.mjs';
import { backends } from './stores.mjs';
import { makeTable, settle } from './tables.mjs';

for (const b of backends()) {
    test(`a second server on the store is refused; after a kill -9 one comes back at once (${b.name})`, async (t) => {
        if (b.skip) return t.skip(b.skip);
        let db = null;
        const first = await startServer({ args: (dir) => (db = b.args(dir)) });
        let third = null;
        try {
            const tab = await makeTable(first, { seats: 3, bots: ['greedy'], start: true });
            const ver = await settle(tab);
            await assert.rejects(startServer({ args: db }), (e) => {
                assert.match(e.message, /server exited \(1\) before printing its address/);
                assert.match(e.message, /leastscore serve: the store.* is in use by another server/);
                assert.doesNotMatch(e.message, /restored/);
                assert.doesNotMatch(e.message, /postgresql:\/\//);
                return true;
            });
            assert.equal(await settle(tab), ver, 'the first server\'s table moved');
            for (const c of tab.all) c.close();
            await first.crash();
            const t0 = Date.now();
            third = await startServer({ args: db });
            assert.ok(Date.now() - t0 < T(5000), `the server after kill -9 took ${Date.now() - t0} ms`);
            await third.waitLog(/restored 1 table in progress/);
            const w = await third.connect({ label: 'watcher' });
            const j = await w.request({ type: 'watch', code: tab.code }, ['joined', 'error']);
            assert.equal(j.type, 'joined', JSON.stringify(j));
            w.close();
            await third.close();
        } finally {
            await first.kill();
            if (third) await third.kill();
        }
    });
}
