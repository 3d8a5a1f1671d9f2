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
      // the count shown changes before the next try could change it. It
      // moves within about 1.25 s (a second, and the page's 250 ms tick);
      // 'in N s' means the next try is more than N - 1 s away, so the test
      // looks for N - 1.1 s (at least 1.9 s: room for a busy machine).
      const retry = async () => (await page.textContent('.banner .retry')).trim();
      assert.match(await retry(), /^Trying again (in \d+ s|now)…$/);
      const shown = await page.waitForFunction(() => {
        const t = document.querySelector('.banner .retry')?.textContent.trim();
        return Number(/in (\d+) s/.exec(t)?.[1]) >= 3 ? t : null;
      }, null, { timeout: 20000 });
      const read = Date.now();
      const first = await shown.jsonValue();
      const n = Number(/in (\d+) s/.exec(first)[1]);
      let changed = false;
      while (!changed && Date.now() < read + (n - 1.1) * 1000) {
        await page.waitForTimeout(100);
        changed = (await retry()) !== first;
      }
      assert.ok(changed, `the count stood at '${first}' for ${Date.now() - read} ms`);

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
