// Copy link in the lobby. The clipboard API exists only in a secure
// context (HTTPS, or the machine itself): friends who play on a server on
// their local network (http://192.168.1.5:8080/) have none, and the button
// only said "Copy failed". The page here is told it has no clipboard API
// (as such a page has not), and the link is still copied, from its field.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, setName, createTable, DESKTOP } from './helpers.mjs';
import { s } from '../../web/strings.js';

const env = setup();

test('Copy link copies the link on a page without the clipboard API (plain HTTP on a local network)', async (t) => {
  const page = await newPage(env.browser, DESKTOP);
  await page.context().addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
    // What the browser's Copy took: the selected text of the field.
    const exec = Document.prototype.execCommand;
    Document.prototype.execCommand = function (cmd, ...rest) {
      const a = document.activeElement;
      if (cmd === 'copy' && a && 'selectionStart' in a) window.copied = a.value.slice(a.selectionStart, a.selectionEnd);
      return exec.call(this, cmd, ...rest);
    };
  });
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    assert.equal(await page.evaluate(() => navigator.clipboard), undefined);
    await setName(page, 'Cid');
    const code = await createTable(page, { seats: 2, kinds: ['open'] });
    await page.click('#copy');
    await page.waitForSelector('#message', { timeout: 5000 });
    assert.equal(await page.evaluate(() => window.copied), `${env.server.url}/t/${code}`);
    assert.equal(await page.textContent('#message'), s.copied);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});
