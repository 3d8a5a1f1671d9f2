// Names told apart only by I l 1, O 0, rn m or vv w look the same in many
// fonts, so the server refuses one that looks like a player's name or a
// seated person's, and a guest may not sit under a player's name. The page
// says which name it looks like, in its own words: it said "Somebody at
// that table already has this name" for a guest (nobody at the table had
// it) and "The name lris belongs to another player" for a new player
// (none has that name).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, openPages, setName, createTable, hostTable, PHONE, DESKTOP,
} from './helpers.mjs';

const env = setup([], { db: true });

async function refused(page, button, want) {
  await page.click(button);
  await page.waitForSelector(`#message >> text=${want}`, { timeout: 15000 });
}

test('a name that looks like a player\'s, or is one, is refused naming it', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, other) => {
    // Iris is a player (the box "keep my matches" is ticked by default).
    const code = await hostTable(host, env.server.url, 'Iris', { seats: 3, kinds: ['open', 'open'] });

    // A new player named like her.
    await other.goto(env.server.url + '/');
    await setName(other, 'lris');
    await refused(other, '#create',
      'The name lris looks too much like Iris, another player\'s name. Choose a name told apart by more than case, I l 1, O 0, rn m or vv w.');
    assert.equal(await other.locator('.code').count(), 0, 'no table was created');

    // A guest at her table, under her name in another case, then like it.
    await other.uncheck('#keep');
    await other.fill('#code', code);
    await setName(other, 'IRIS');
    await refused(other, '#join', 'The name IRIS belongs to a player. Choose another name, or log in as Iris below.');
    await setName(other, '1ris');
    await refused(other, '#join', 'The name 1ris looks too much like Iris, another player\'s name.');
    assert.equal(await host.locator('.seat-list li').count(), 1, 'nobody sat down beside Iris');

    // Another name sits down.
    await setName(other, 'Ben');
    await other.click('#join');
    await host.waitForSelector('.seat-list li:nth-child(2) >> text=Ben', { timeout: 30000 });
  });
});

test('a guest\'s name like a seated guest\'s is refused naming it', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, other) => {
    // Two guests (no player has either name): the table tells them apart.
    await host.goto(env.server.url + '/');
    await host.uncheck('#keep');
    await setName(host, 'Mona');
    const code = await createTable(host, { seats: 3, kinds: ['open', 'open'] });
    await other.goto(`${env.server.url}/t/${code}`);
    await other.uncheck('#keep');
    await setName(other, 'MONA');
    await refused(other, '#join', 'Somebody at that table already has this name.');
    await setName(other, 'rnona');
    await refused(other, '#join', 'The name rnona looks too much like Mona, who sits at that table. Choose another name.');
    assert.equal(await host.locator('.seat-list li').count(), 1, 'nobody sat down beside Mona');
    await setName(other, 'Nora');
    await other.click('#join');
    await host.waitForSelector('.seat-list li:nth-child(2) >> text=Nora', { timeout: 30000 });
  });
});

test('the page words a refusal from the error\'s members, not its English text', async (t) => {
  await openPages(t, env.browser, [DESKTOP, PHONE], async (host, other) => {
    const code = await hostTable(host, env.server.url, 'Paul', { seats: 3, kinds: ['open', 'open'] });
    // Every name_taken reaches the page with a message in no words the
    // page could read: only conflict, name, like and look_alike tell it.
    let rewritten = 0;
    await other.routeWebSocket(/\/ws/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((text) => {
        const msg = JSON.parse(text);
        if (msg.type === 'error' && msg.code === 'name_taken') {
          msg.message = 'x';
          rewritten++;
        }
        ws.send(JSON.stringify(msg));
      });
    });
    await other.goto(env.server.url + '/');
    await setName(other, 'Pau1');
    await refused(other, '#create',
      'The name Pau1 looks too much like Paul, another player\'s name.');
    await other.uncheck('#keep');
    await other.fill('#code', code);
    await setName(other, 'PAUL');
    await refused(other, '#join', 'The name PAUL belongs to a player. Choose another name, or log in as Paul below.');
    assert.equal(rewritten, 2, 'both refusals came through the rewritten route');
  });
});
