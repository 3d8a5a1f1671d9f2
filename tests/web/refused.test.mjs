// A page that cannot connect says so, instead of "connection lost": the
// server here allows one connection per address
// (--max-connections-per-address 1) and another client holds it, so the
// page's handshake is refused (HTTP 429). Once that client leaves, the
// page connects by itself, the notice goes, and the page works. Meanwhile
// the time to the next try counts down.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { setup, newPage, withShots, setName, createTable, DESKTOP } from './helpers.mjs';

const env = setup(['--max-connections-per-address', '1']);

test('a refused connection is told apart from a lost one, and the page connects once it can', async (t) => {
  const holder = new WebSocket(env.server.url.replace(/^http/, 'ws') + '/ws');
  await new Promise((resolve, reject) => {
    holder.once('open', resolve);
    holder.once('error', reject);
  });
  const page = await newPage(env.browser, DESKTOP);
  try {
    await withShots(t, [page], async () => {
      await page.goto(env.server.url + '/');
      const banner = await page.waitForSelector('.banner', { timeout: 15000 });
      const text = await banner.textContent();
      assert.match(text, /Cannot connect to the server: it is not running, or it refuses more connections/);
      assert.doesNotMatch(text, /Connection lost/);
      // The time to the next try counts down between tries (it stood still
      // at the number it began with): once the tries are 3 s or more apart,
      // within 1.3 s the count shown changes.
      const retry = async () => (await page.textContent('.banner .retry')).trim();
      assert.match(await retry(), /^Trying again (in \d+ s|now)…$/);
      await page.waitForFunction(() => Number(/in (\d+) s/.exec(document.querySelector('.banner .retry')?.textContent)?.[1]) >= 3,
        null, { timeout: 20000 });
      const first = await retry();
      let changed = false;
      for (let i = 0; i < 13 && !changed; i++) {
        await page.waitForTimeout(100);
        changed = (await retry()) !== first;
      }
      assert.ok(changed, `the count stood at '${first}'`);

      const closed = new Promise((resolve) => holder.once('close', resolve));
      holder.close();
      await closed;
      await page.waitForSelector('.banner', { state: 'detached', timeout: 30000 });
      // Connected: a table can be made.
      await setName(page, 'Ada');
      assert.match(await createTable(page, { seats: 2, kinds: ['greedy'] }), /^[A-Z0-9]+$/);
      assert.deepEqual(page.errors, []);
    });
  } finally {
    holder.terminate();
    await page.context().close();
  }
});
