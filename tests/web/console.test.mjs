// The home page: it loads without an error in the browser's console
// (every resource it asks for exists; the browser asks for an icon by
// itself, and a missing one is a 404 in the console; nothing breaks the
// content security policy it is served with), the icon is served as SVG, and a name the server would refuse is refused on the page with
// the reason.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, DESKTOP } from './helpers.mjs';

const env = setup();

test('the home page loads with nothing in the console and an icon', async () => {
  const page = await newPage(env.browser, DESKTOP);
  const logged = [];
  page.on('console', (m) => { if (m.type() === 'error') logged.push(m.text()); });
  const main = await page.goto(env.server.url, { waitUntil: 'load' });
  // The page's own files only, and no framing by another site: a
  // violation of the policy would be an error in the console below.
  const csp = main.headers()['content-security-policy'];
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(main.headers()['x-frame-options'], 'DENY');
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

// A name the server would refuse is caught on the page, and the message
// says why a name with an accented letter is not one (letters are A to Z).
test('a name with an accent is refused on the page, saying letters are A to Z', async () => {
  const page = await newPage(env.browser, DESKTOP);
  await page.goto(env.server.url);
  await page.fill('#name', 'Zoë');
  await page.click('#create');
  await page.waitForSelector('text=Choose a name of 1 to 16 letters (A to Z, no accents)', { timeout: 15000 });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'name');
  assert.equal(await page.isVisible('.code'), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
