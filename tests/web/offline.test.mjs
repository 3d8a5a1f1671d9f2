// A phone that goes offline in the middle of a match (the browser's
// `offline` event; the test cuts the page's network as a tunnel would).
// The page says so at once and takes its controls away, rather than go on
// showing a turn that can be played into a socket that carries nothing
// (the socket can look open for minutes after the network is gone); no
// try is made while offline, and the page is back at its seat as soon as
// the network is, without waiting out the growing delay between tries.
// Hint, too, waits for the connection: asked while it was down, it was
// never sent, and the page said "The expert is thinking…" for the turn.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, openPages, playToRoundEnd, hostTable, joinFromLink, playTurn, DESKTOP, PHONE,
} from './helpers.mjs';
import { s } from '../../web/strings.js';

// Round pauses of 20 s: a round's result stays while the test goes
// offline and presses Next round (the default second's pause dealt the
// next round first on a slow machine, and Next round was gone), and the
// pause still ends by itself within the test's wait.
const env = setup(['--round-pause', '20']);

test('a phone that goes offline says so at once, waits, and is back at its seat when the network is', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, phone) => {
    const code = await hostTable(host, env.server.url, 'Ada', { seats: 2, kinds: ['open'], threshold: 100 });
    await joinFromLink(phone, env.server.url, code, 'Bea');
    await host.waitForSelector('#start:not([disabled])', { timeout: 30000 });
    await host.click('#start');
    await phone.waitForSelector('.hand button', { timeout: 30000 });

    // Ada plays; Bea's page shows her turn, and then goes offline: the
    // turn is hers on the server, but her page cannot play it, and shows
    // no move (and no hint) it cannot send.
    await host.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await playTurn(host, -1), 'move');
    await phone.waitForSelector('.hand-panel[data-act]', { timeout: 30000 });
    assert.equal(await phone.isDisabled('#hint'), false);
    await phone.context().setOffline(true);
    await phone.waitForSelector('#offline', { timeout: 3000 });
    assert.equal((await phone.textContent('#offline')).startsWith(s.offline), true);
    await phone.waitForTimeout(6000); // (the tries, were any made, would wait 8 s apart by now)
    assert.equal(await phone.$('.hand-panel[data-act]'), null, 'offline, the hand takes no move');
    assert.equal(await phone.isDisabled('#hint'), true, 'offline, no hint can be asked (it would wait for ever)');
    assert.ok(await phone.$('#offline'), 'the page still says the device is offline');

    const back = Date.now();
    await phone.context().setOffline(false);
    await phone.waitForSelector('.hand-panel[data-act]', { timeout: 3000 });
    assert.equal(await phone.$('.banner'), null, 'the banner is gone');
    assert.ok(Date.now() - back < 3000);
    // The seat is Bea's again: her move reaches the table.
    const before = await host.locator('#log li').count();
    assert.equal(await playTurn(phone, -1), 'move');
    await host.waitForFunction((n) => document.querySelectorAll('#log li').length > n, before, { timeout: 10000 });
    assert.match(await host.textContent('#log li'), /^Bea discarded/);
  });
});

// The host offline in the lobby presses Add computer player: the page
// says it was not sent (it did nothing, without a word); back online,
// pressed again, it adds the player.
test('a host offline in the lobby is told that Add computer player was not sent', async (t) => {
  await openPages(t, env.browser, [PHONE], async (host) => {
    await hostTable(host, env.server.url, 'Cy', { seats: 3, kinds: ['open', 'open'] });
    await host.context().setOffline(true);
    await host.waitForSelector('#offline', { timeout: 3000 });
    await host.click('#add-bot');
    await host.waitForSelector('#message', { timeout: 3000 });
    assert.equal(await host.textContent('#message'), s.notSent);
    await host.context().setOffline(false);
    await host.waitForSelector('.banner', { state: 'detached', timeout: 3000 });
    await host.click('#add-bot');
    await host.waitForSelector('.seat-list li:nth-child(2)', { timeout: 5000 });
    assert.match(await host.textContent('.seat-list li:nth-child(2)'), /^Greedy/);
  });
});

// Next round pressed offline, on a round's result: the page says it was
// not sent (it did nothing, without a word, as the other buttons at the
// table did before); the next round comes after the pause all the same.
test('Next round pressed offline is told it was not sent', async (t) => {
  await openPages(t, env.browser, [PHONE], async (page) => {
    await hostTable(page, env.server.url, 'Nel', { seats: 2, kinds: ['greedy'], start: true });
    // Nel declares as soon as she may (or the computer ends the round).
    await playToRoundEnd(page);
    await page.context().setOffline(true);
    await page.waitForSelector('#offline', { timeout: 3000 });
    await page.click('#next');
    await page.waitForSelector('#message', { timeout: 3000 }).catch(() => {});
    assert.equal(await page.isVisible('#message') && await page.textContent('#message'), s.notSent);
    await page.context().setOffline(false);
    await page.waitForSelector('.banner', { state: 'detached', timeout: 30000 });
    await page.waitForSelector('.hand-panel', { timeout: 60000 });
  });
});

// Leave table pressed offline in the lobby: the table was not told, and
// keeps the seat (the host could start the match with it). The page kept
// nothing of it and said nothing; it now keeps the seat's token and says
// so, and Back to table takes the seat back, to leave from there.
test('Leave table pressed offline keeps the seat and says the table was not told', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, bea) => {
    const code = await hostTable(host, env.server.url, 'Hal', { seats: 3, kinds: ['open', 'open'] });
    await joinFromLink(bea, env.server.url, code, 'Bee');
    await host.waitForSelector('.seat-list li:nth-child(2)', { timeout: 10000 });
    await bea.context().setOffline(true);
    await bea.waitForSelector('#offline', { timeout: 3000 });
    await bea.click('#leave');
    await bea.waitForSelector('#message', { timeout: 3000 }).catch(() => {});
    assert.equal(await bea.isVisible('#message') && await bea.textContent('#message'), s.leaveNotSent(code));
    assert.equal(await bea.isVisible(`button:has-text("${s.resumeButton(code)}")`), true);
    assert.equal(await host.locator('.seat-list li').count(), 2, 'the table keeps her seat');

    // Back online, she takes the seat back and leaves from there.
    await bea.context().setOffline(false);
    await bea.click(`button:has-text("${s.resumeButton(code)}")`);
    await bea.waitForSelector('#leave', { timeout: 30000 });
    await bea.waitForSelector('.banner', { state: 'detached', timeout: 30000 });
    await bea.click('#leave');
    await host.waitForFunction(() => document.querySelectorAll('.seat-list li').length === 1, null, { timeout: 10000 });
  });
});
