// The home page: it loads without an error in the browser's console
// (every resource it asks for exists; the browser asks for an icon by
// itself, and a missing one is a 404 in the console; nothing breaks the
// content security policy it is served with), the icon is served as SVG, and a name the server would refuse is refused on the page with
// the reason.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, DESKTOP, PHONE } from './helpers.mjs';
import { s } from '../../web/strings.js';

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

// The message names the first character that cannot be in a name, as it
// is drawn (an e and its combining accent together), a blank in words:
// a name that looks right (an accent, a blank, an emoji, a letter written
// right to left) was refused with the rule alone, which left its owner
// to find what broke it.
test('a name refused on the page names the character that cannot be in it', async () => {
  const page = await newPage(env.browser, DESKTOP);
  await page.goto(env.server.url);
  for (const [name, ch] of [['Zoë', 'ë'], ['Zoe\u0301', 'e\u0301'], ['Ada Byron', ' '], ['Ada😀', '😀'], ['שרה', 'ש']]) {
    await page.fill('#name', name);
    await page.click('#create');
    await page.waitForSelector('#message', { timeout: 15000 });
    assert.equal(await page.textContent('#message'), s.badNameChar(ch), name);
    assert.match(s.badNameChar(ch), ch === ' ' ? /^A blank cannot be in a name\./ : /^'.+' cannot be in a name\./);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'name');
    assert.equal(await page.isVisible('.code'), false);
  }
  // A character that would be unseen quoted, or would turn the message
  // backwards, is named by its place (as drawn) and code point.
  for (const [name, at, code, kind] of [
    ['Ada\u200B', 4, 'U+200B', s.hiddenNothing], ['Ad\u200Da', 2, 'U+200D', s.hiddenNothing],
    ['Ada\u202Eevil', 4, 'U+202E', s.hiddenDirection], ['\u2067Ada', 1, 'U+2067', s.hiddenDirection],
    ['\u0301Ada', 1, 'U+0301', s.hiddenMark], ['A\uFEFFda', 2, 'U+FEFF', s.hiddenNothing],
  ]) {
    await page.fill('#name', name);
    await page.click('#create');
    const want = s.badNameHidden(at, code, kind);
    await page.waitForFunction((x) => document.getElementById('message')?.textContent === x, want,
      { timeout: 15000 }).catch(() => {});
    assert.equal(await page.textContent('#message'), want, JSON.stringify(name));
    assert.match(want, new RegExp(`^Character ${at}, ${code.replace('+', '\\+')} \\(`));
    assert.equal(await page.isVisible('.code'), false);
  }
  // An empty name is asked for.
  await page.fill('#name', '');
  await page.click('#create');
  await page.waitForFunction((x) => document.getElementById('message')?.textContent === x, s.badName, { timeout: 15000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// A name longer than 16 is refused saying how long it is: the field used
// to take 16 characters and drop the rest unseen, so that a friend who
// pasted "Alexandrina_Montgomery" sat down as "Alexandrina_Mont".
test('a name longer than 16 is refused saying its length, not cut short', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.server.url);
  for (const name of ['Alexandrina_Montgomery', 'WWWWWWWWWWWWWWWWW']) {
    await page.fill('#name', name);
    assert.equal(await page.inputValue('#name'), name, 'the field keeps the whole name');
    await page.click('#create');
    const want = s.nameTooLong(name.length);
    await page.waitForFunction((x) => document.getElementById('message')?.textContent === x, want,
      { timeout: 15000 }).catch(() => {});
    assert.equal(await page.textContent('#message'), want, name);
    assert.match(want, new RegExp(`^This name is ${name.length} characters long\\. Choose a name of 1 to 16 `));
    assert.equal(await page.evaluate(() => document.activeElement.id), 'name');
    assert.equal(await page.isVisible('.code'), false, 'no table was created');
  }
  // Sixteen is a name.
  await page.fill('#name', 'Alexandrina_Mont');
  await page.click('#create');
  await page.waitForSelector('.code', { timeout: 15000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
