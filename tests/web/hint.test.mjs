// The hint's reason names cards as the rest of the page does: the server
// writes them as codes ("sheds 20 points and takes 6C"), which the page
// showed as they came, under a move written "take 6♣", and read out as
// "6C". The answer is faked in the page so that its reason takes a card
// (the expert's real move may draw instead): a `hint` sent is answered
// by one whose move and reason name cards, and not sent.
//
// Where declaring is not allowed the hint said only "Declaring is not
// allowed now.", with nothing saying why: it now says why in the words of
// the line in Declare's place (the first turn of a round; a hand above
// the table's declare limit). Those hints are the server's own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, withShots, openPages, setName, createTable, fullTable, playTurn, PHONE, DESKTOP } from './helpers.mjs';

const env = setup();

function fakeHint() {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    send(data) {
      if (JSON.parse(data).type === 'hint') {
        const answer = { type: 'hint', move: 'discard JD JS take 10C', declare: null, why: 'sheds 20 points and takes 10C' };
        setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(answer) })), 10);
        return;
      }
      super.send(data);
    }
  };
}

const CODE = /\b(10|[2-9AJQK])[CDHS]\b/;

test('the hint\'s reason names its cards as the page does, for the eye and the ear', async (t) => {
  const page = await newPage(env.browser, PHONE);
  await page.context().addInitScript(fakeHint);
  await withShots(t, [page], async () => {
    await page.goto(env.server.url + '/');
    await setName(page, 'Ada');
    await createTable(page, { seats: 2, kinds: ['greedy'] });
    await page.click('#start');
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    await page.click('#hint');
    await page.waitForSelector('.hint >> text=Why', { timeout: 10000 });
    const shown = await page.textContent('.hint');
    assert.match(shown, /take 10♣.*Why: sheds 20 points and takes 10♣\./s);
    assert.doesNotMatch(shown, CODE);
    // (The page reads it out a moment after it is shown.)
    await page.waitForFunction(() => /Why:/.test(document.getElementById('announce').textContent), null, { timeout: 10000 });
    const heard = await page.textContent('#announce');
    assert.match(heard, /Why: sheds 20 points and takes 10 of clubs\./);
    assert.doesNotMatch(heard, CODE);
    assert.deepEqual(page.errors, []);
  });
  await page.context().close();
});

// The hint's line on declaring, once the expert has answered.
async function hintDeclareLine(page) {
  await page.click('#hint');
  await page.waitForSelector('.hint >> text=The expert would play', { timeout: 30000 });
  return page.$eval('.hint', (el) => el.querySelectorAll('p')[1].textContent);
}

test('a hint where declaring is not allowed says why: the first turn, then a hand above the limit', async (t) => {
  await openPages(t, env.browser, [DESKTOP], async (page) => {
    // (no hand of 5 is as low as 1: 4 aces and a 2 make 6)
    await fullTable(page, env.server.url, 'Why', 2, { declare_max: 1 });
    await page.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await hintDeclareLine(page), 'Declaring is not allowed now. Declare from your second turn.');
    assert.equal(await playTurn(page, -1), 'move');
    await page.waitForFunction(() => document.querySelector('.hand-panel[data-act]')
      && document.querySelector('#declare-later')?.textContent === 'Declare with 1 point or less.', null, { timeout: 30000 });
    assert.equal(await hintDeclareLine(page), 'Declaring is not allowed now. Declare with 1 point or less.');
  });
});
