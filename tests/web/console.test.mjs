// The pages load without an error in the browser's console: every resource
// they ask for exists (the browser asks for an icon by itself, and a
// missing one is a 404 in the console), and the icon is served as SVG.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, DESKTOP } from './helpers.mjs';

const env = setup();

test('the home page loads with nothing in the console and an icon', async () => {
  const page = await newPage(env.browser, DESKTOP);
  const logged = [];
  page.on('console', (m) => { if (m.type() === 'error') logged.push(m.text()); });
  await page.goto(env.server.url, { waitUntil: 'load' });
  await page.waitForSelector('#name', { timeout: 30000 });
  // The icon request is the browser's own, made after the load: wait for
  // the icon to be fetched or reported missing.
  const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.href);
  assert.ok(icon, 'the page names an icon');
  const res = await fetch(icon);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^image\/svg\+xml/);
  await page.waitForTimeout(1000);
  assert.deepEqual(logged, []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
