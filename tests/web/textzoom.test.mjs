// The browser's text at 200% (a phone's or a browser's larger text, which
// scales every rem of the page): no page is wider than the screen, so
// that nothing is read by scrolling sideways. On a 390 px phone the first
// page was 572 px wide: the rules options' columns of 15rem, the fields
// at an input's own width, and the fieldset around them, which is as
// wide as its content unless told otherwise.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPages, setName, createTable, PHONE } from './helpers.mjs';

const env = setup();

function largeText() {
  document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '200%'; });
}

// What is wider than the screen: each as 'tag#id.class right'.
const tooWide = (page) => page.evaluate(() => {
  const out = [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('.seats'))
    .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  if (document.documentElement.scrollWidth > window.innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return out;
});

test('with the text at 200% on a phone, the first page, the lobby and the table are no wider than the screen', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    await page.context().addInitScript(largeText);
    await page.goto(env.server.url + '/');
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), '32px');
    await page.click('#login-box summary');
    assert.deepEqual(await tooWide(page), [], 'the first page, Log in open');
    await setName(page, 'Big');
    await createTable(page, { seats: 2, kinds: ['greedy'] });
    assert.deepEqual(await tooWide(page), [], 'the lobby');
    await page.click('#start');
    await page.waitForSelector('.hand-panel', { timeout: 30000 });
    assert.deepEqual(await tooWide(page), [], 'the table');
  });
});
