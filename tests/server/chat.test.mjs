// chat.test.mjs - the table's chat (docs/server-protocol.md, "Chat"): a
// player's line goes to everyone at the table, spectators included, and
// to nobody elsewhere; it changes no version (a move sent meanwhile is not
// stale); newcomers, spectators and resumed seats are sent the lines kept;
// bad lines, spectators and a flood are refused with the documented code,
// and a refused line is not shown or numbered. Everyone at a table is told
// how many watch it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, unlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, chooseMove, sleep, T } from './lib.mjs';
import { backends } from './stores.mjs';

const line = (c, pred = () => true) => c.next((m) => m.type === 'chat' && pred(m), 'a chat line');

test('a line goes to the table (players and spectators) and to nobody else', async () => {
    const srv = await startServer();
    const ada = await srv.connect({ label: 'ada' });
    const j = await ada.request({ type: 'create', name: 'Ada', seats: 2 }, ['joined']);
    const zed = await srv.connect({ label: 'zed' });
    await zed.request({ type: 'join', code: j.code, name: 'Zed' }, ['joined']);
    const watcher = await srv.connect({ label: 'watcher' });
    await watcher.request({ type: 'watch', code: j.code }, ['joined']);
    const other = await srv.connect({ label: 'other' });
    await other.request({ type: 'create', name: 'Ola', seats: 2, bots: ['greedy'] }, ['joined']);

    // Spaces around are dropped; any script and emoji pass unchanged
    // (characters that show nothing too, among others that show: the
    // joiners of an emoji, a no-break space).
    ada.send({ type: 'chat', text: '  Привет, Zed! 你好 🂡\u00a0\u{1F469}\u200D\u{1F467}  ' });
    const want = { n: 1, seat: 0, name: 'Ada', text: 'Привет, Zed! 你好 🂡\u00a0\u{1F469}\u200D\u{1F467}' };
    for (const c of [ada, zed, watcher]) assert.deepEqual((await line(c)).lines, [want], c.label);
    other.send({ type: 'sync', version: 0 });
    await other.next('state');
    assert.ok(!other.frames.some((m) => m.type === 'chat'), 'a line reached another table');

    // A chat line changes no version: a move made on the version seen
    // before it is played, not stale.
    ada.send({ type: 'start' });
    const st = await ada.next((m) => m.type === 'state' && m.view?.status === 'playing');
    let view = st.view, version = st.version;
    const mover = view.turn === 0 ? ada : zed;
    const talker = view.turn === 0 ? zed : ada;
    if (mover !== ada) {
        view = (await zed.next((m) => m.type === 'state' && m.view?.turn === m.view?.you)).view;
        version = zed.frames.filter((m) => m.type === 'state').at(-1).version;
    }
    talker.send({ type: 'chat', text: 'take your time' });
    await line(mover, (m) => m.lines[0].text === 'take your time');
    mover.send({ type: 'move', version, move: chooseMove(view, Math.random) });
    const after = await mover.next((m) => m.type === 'state' || m.type === 'error');
    assert.equal(after.type, 'state', JSON.stringify(after));
    assert.equal(after.version, version + 1);
    for (const c of [ada, zed, watcher, other]) c.close();
    await srv.close();
});

test('newcomers, spectators and resumed seats get the last 50 lines', async () => {
    const srv = await startServer();
    const names = ['Ada', 'Ben', 'Cy', 'Dee', 'Eve', 'Flo', 'Gus'];
    const cs = [];
    let code, benToken;
    for (const name of names) {
        const c = await srv.connect({ label: name });
        const j = await c.request(cs.length ? { type: 'join', code, name } : { type: 'create', name, seats: 8 }, ['joined']);
        code = j.code;
        if (name === 'Ben') benToken = j.token;
        cs.push(c);
    }
    // k lines from c, each waited for (its own copy comes back).
    const write = async (c, k) => {
        for (let i = 0; i < k; i++) {
            c.send({ type: 'chat', text: `${c.label} says ${i}` });
            const r = await c.next((m) => (m.type === 'chat' && m.lines[0].name === c.label) || m.type === 'error');
            assert.equal(r.type, 'chat', JSON.stringify(r));
        }
    };
    await write(cs[0], 5);
    await write(cs[1], 5);
    // The newcomer sees the 10 lines, in order, with who wrote them.
    const hal = await srv.connect({ label: 'Hal' });
    await hal.request({ type: 'join', code, name: 'Hal' }, ['joined']);
    const first = await line(hal);
    assert.deepEqual(first.lines.map((l) => l.n), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.deepEqual(first.lines.map((l) => l.name), [...Array(5).fill('Ada'), ...Array(5).fill('Ben')]);
    // The match starts; Ben drops (his seat is held); the six who have not
    // written yet write 54 lines: 5 each at once, then one each 2 s.
    cs[0].send({ type: 'start' });
    await cs[0].next((m) => m.type === 'state' && m.view?.status !== 'lobby');
    cs[1].close();
    const writers = [...cs.slice(2), hal];
    await Promise.all(writers.map((c) => write(c, 5)));
    for (let round = 0; round < 4; round++) {
        await sleep(2100);
        await Promise.all(writers.map((c) => write(c, 1)));
    }
    assert.equal(writers.length * 9 + 10, 64);
    const back = await srv.connect({ label: 'Ben again' });
    back.send({ type: 'resume', code, token: benToken });
    const log = await line(back);
    assert.deepEqual(log.lines.map((l) => l.n), Array.from({ length: 50 }, (_, i) => i + 15));
    const spectator = await srv.connect({ label: 'spectator' });
    spectator.send({ type: 'watch', code });
    assert.deepEqual((await line(spectator)).lines, log.lines);
    for (const c of [...cs, hal, back, spectator]) c.close();
    await srv.close();
});

// Marks on a letter as scripts write them pass, up to 8 on one
// character (Vietnamese, Hebrew with its points, Thai, a text's accent
// written apart), and so do direction marks (LRM, RLM) among letters: a
// line's direction is the client's to keep to the line (a client shows
// each line in its own direction, isolated from what follows).
test('lines with combining marks and direction marks as scripts write them pass', async () => {
    const srv = await startServer();
    const ada = await srv.connect({ label: 'ada' });
    await ada.request({ type: 'create', name: 'Ada', seats: 2, bots: ['greedy'] }, ['joined']);
    const texts = [
        'Vie\u0323\u0302t Nam, cafe\u0301',
        '\u05E9\u05C1\u05B8\u05DC\u05D5\u05B9\u05DD 1-2',
        '\u0E01\u0E48\u0E32 \u0E19\u0E49\u0E33',
        'a' + '\u0301'.repeat(8) + ' ' + 'b' + '\u0301'.repeat(8),
        'abc \u200F\u05D0\u05D1\u200E 42',
    ];
    for (const text of texts) {
        const r = await ada.request({ type: 'chat', text }, ['chat', 'error']);
        assert.equal(r.type, 'chat', `${JSON.stringify(text)}: ${JSON.stringify(r)}`);
        assert.equal(r.lines[0].text, text);
    }
    // Combining marks stacked by the dozen drew over the lines above and
    // below: at most 8 on one character.
    for (const [text, message] of [
        ['Z' + '\u0301'.repeat(9),
            /^text: character 10 is a combining mark \(U\+0301\) after 8 others on one character; a chat line puts at most 8 on one$/],
        ['he' + '\u0336\u1DC4\u20D2\uFE20\u0489\u05B4\u064B\u0E49\u0300\u0301' + 'llo',
            /^text: character 11 is a combining mark \(U\+0300\) after 8 others/],
    ]) {
        const r = await ada.request({ type: 'chat', text }, ['chat', 'error']);
        assert.equal(r.code, 'bad_message', `${JSON.stringify(text)}: ${JSON.stringify(r)}`);
        assert.match(r.message, message);
    }
    ada.close();
    await srv.close();
});

// Every script's marks are marks (Unicode's Mn and Me, all of them):
// Devanagari's, Bengali's, Tamil's stacked by the dozen were taken, only
// the diacritics' blocks and four scripts' marks being known. Real text in
// those scripts passes; so does Korean, precomposed or in conjoining jamo
// (a vowel and a final drawn into the syllable), but not a syllable of
// jamo by the dozen.
test('marks of every script count: real Hindi, Tamil, Korean and Vietnamese pass, stacks do not', async () => {
    const srv = await startServer();
    const ada = await srv.connect({ label: 'ada' });
    await ada.request({ type: 'create', name: 'Ada', seats: 2, bots: ['greedy'] }, ['joined']);
    const texts = [
        'नमस्ते दुनिया, क्षत्रियँ',
        'வணக்கம் உலகம்',
        '안녕하세요 각 한국',
        'Tiếng Việt, đự́c',
        'আমার সোনার বাংলা',
    ];
    for (const text of texts) {
        const r = await ada.request({ type: 'chat', text }, ['chat', 'error']);
        assert.equal(r.type, 'chat', `${JSON.stringify(text)}: ${JSON.stringify(r)}`);
        assert.equal(r.lines[0].text, text);
    }
    for (const [text, message] of [
        ['क' + 'ु'.repeat(9),
            /^text: character 10 is a combining mark \(U\+0941\) after 8 others on one character; a chat line puts at most 8 on one$/],
        ['ok க' + '்ீ'.repeat(5),
            /^text: character 13 is a combining mark \(U\+0BCD\) after 8 others/],
        ['ক' + '়ুঁ'.repeat(3),
            /^text: character 10 is a combining mark \(U\+0981\) after 8 others/],
        ['ᄀ' + 'ᅡ'.repeat(9),
            /^text: character 10 is a conjoining jamo \(U\+1161\) after 8 others/],
    ]) {
        const r = await ada.request({ type: 'chat', text }, ['chat', 'error']);
        assert.equal(r.code, 'bad_message', `${JSON.stringify(text)}: ${JSON.stringify(r)}`);
        assert.match(r.message, message);
    }
    ada.close();
    await srv.close();
});

test('bad lines, spectators and floods are refused; a refused line is not shown', async () => {
    const srv = await startServer();
    const ada = await srv.connect({ label: 'ada' });
    const nowhere = await srv.connect({ label: 'nowhere' });
    const e0 = await nowhere.request({ type: 'chat', text: 'hello?' }, ['error']);
    assert.equal(e0.code, 'not_at_table');
    const j = await ada.request({ type: 'create', name: 'Ada', seats: 2, bots: ['greedy'] }, ['joined']);
    for (const [text, code, message] of [
        ['', 'bad_message', /^text: empty$/],
        ['    ', 'bad_message', /^text: empty$/],
        // Nothing to show: other spaces and invisible characters (they
        // were shown as blank lines).
        ['\u00a0\u3000', 'bad_message', /^text: empty: it has only spaces and characters that show nothing \(U\+00A0\)$/],
        [' \u200b\u200b ', 'bad_message', /^text: empty: .*\(U\+200B\)$/],
        ['\u3164\u2800\ufeff\u{E0041}', 'bad_message', /^text: empty: .*\(U\+3164\)$/],
        ['two\nlines', 'bad_message', /^text: character 4 is a control character \(U\+000A\)/],
        ['tab\there', 'bad_message', /U\+0009/],
        ['left\u202Eright', 'bad_message', /character 5 .*U\+202E/],
        ['x\u0085', 'bad_message', /U\+0085/],
        ['é'.repeat(201), 'bad_message', /^text: at most 200 characters, not 201$/],
        [42, 'bad_message', /^text: must be a string$/],
        [undefined, 'bad_message', /^text: missing$/],
    ]) {
        const r = await ada.request({ type: 'chat', text, id: 'c1' }, ['error', 'chat']);
        assert.equal(r.type, 'error', JSON.stringify(text));
        assert.equal(r.code, code, JSON.stringify(text));
        assert.match(r.message, message, JSON.stringify(text));
        assert.equal(r.id, 'c1');
    }
    const spectator = await srv.connect({ label: 'spectator' });
    await spectator.request({ type: 'watch', code: j.code }, ['joined']);
    const e1 = await spectator.request({ type: 'chat', text: 'can I?' }, ['error']);
    assert.equal(e1.code, 'not_seated');
    // Ada's first line (200 characters of any width pass) and four more
    // pass at once, the sixth is refused. The six are sent together: one
    // by one, a busy machine could take the 2 s that refill a line.
    const six = ['🂡'.repeat(200), 'l2', 'l3', 'l4', 'l5', 'l6'];
    for (const text of six) ada.sendNow({ type: 'chat', text });
    const answers = [];
    for (const text of six) answers.push(await ada.next((m) => m.type === 'chat' || m.type === 'error', `the answer to ${text.slice(0, 4)}`));
    const long = answers[0];
    assert.equal(long.type, 'chat', JSON.stringify(long));
    assert.equal(long.lines[0].n, 1);
    assert.equal(long.lines[0].text, six[0]);
    for (let i = 2; i <= 5; i++) assert.equal(answers[i - 1].lines?.[0].n, i, JSON.stringify(answers[i - 1]));
    const e2 = answers[5];
    assert.equal(e2.code, 'rate_limited');
    assert.match(e2.message, /^chat: at most 5 lines at once/);
    // The refused lines were neither shown nor numbered.
    await sleep(2100);
    const ok = await ada.request({ type: 'chat', text: 'l6 again' }, ['chat', 'error']);
    assert.deepEqual(ok.lines, [{ n: 6, seat: 0, name: 'Ada', text: 'l6 again' }]);
    const seen = spectator.frames.filter((m) => m.type === 'chat').flatMap((m) => m.lines.map((l) => l.n));
    assert.deepEqual(seen, [1, 2, 3, 4, 5, 6]);
    for (const c of [ada, nowhere, spectator]) c.close();
    await srv.close();
});

test('everyone at a table is told how many watch it, as spectators come and go', async () => {
    const srv = await startServer();
    const ada = await srv.connect({ label: 'ada' });
    const j = await ada.request({ type: 'create', name: 'Ada', seats: 3, bots: ['greedy'] }, ['joined']);
    const count = async (c) => (await c.next('watchers', 'a watchers count')).count;
    const w1 = await srv.connect({ label: 'w1' });
    w1.send({ type: 'watch', code: j.code });
    assert.equal(await count(w1), 1, 'a spectator is told the count on arrival');
    assert.equal(await count(ada), 1);
    const w2 = await srv.connect({ label: 'w2' });
    w2.send({ type: 'watch', code: j.code });
    assert.equal(await count(w2), 2);
    assert.equal(await count(ada), 2);
    assert.equal(await count(w1), 2);
    // A newcomer at a seat is told it too.
    const ben = await srv.connect({ label: 'ben' });
    ben.send({ type: 'join', code: j.code, name: 'Ben' });
    assert.equal(await count(ben), 2);
    // One leaves, one's connection drops.
    w1.send({ type: 'leave' });
    assert.equal(await count(ada), 1);
    assert.equal(await count(ben), 1);
    w2.close();
    assert.equal(await count(ada), 0);
    assert.equal(await count(ben), 0);
    // A spectator is told once on arrival, not twice.
    const w3 = await srv.connect({ label: 'w3' });
    w3.send({ type: 'watch', code: j.code });
    await w3.next('state');
    await sleep(300);
    assert.equal(w3.frames.filter((m) => m.type === 'watchers').length, 1);
    for (const c of [ada, ben, w1, w3]) c.close();
    await srv.close();
});

// Server bug: the chat of a table restored after a restart was numbered
// from 1 again, so a client that shows each number once (docs: "a client
// that numbers what it shows by n shows each line once") could take a
// new line for one it had shown. Then: the lines themselves were lost at
// a restart or a crash, while the table came back (docs/store.md: the chat
// of a match in play is kept with it).
for (const backend of backends()) {
    test(`${backend.name}: after a crash, a restored table has its chat, numbered on`, { skip: backend.skip }, async () => {
        const srv = await startServer({ args: backend.args });
        const ann = await srv.connect({ label: 'ann' });
        const j = await ann.request({ type: 'create', name: 'Ann', seats: 2, bots: ['greedy'] }, ['joined']);
        ann.send({ type: 'chat', text: 'from the lobby' });
        await line(ann, (m) => m.lines.some((l) => l.text === 'from the lobby'));
        ann.send({ type: 'start' });
        await ann.stateWhere((s) => s.view.status === 'playing', 'the start');
        for (const text of ['hi', 'Привет 🂡']) ann.send({ type: 'chat', text });
        const before = await line(ann, (m) => m.lines.some((l) => l.text === 'Привет 🂡'));
        assert.equal(before.lines.at(-1).n, 3);
        await srv.crash();
        const again = await startServer({ dir: srv.dir, args: backend.args });
        try {
            const back = await again.connect({ label: 'ann again' });
            const r = await back.request({ type: 'resume', code: j.code, token: j.token, version: 0 }, ['joined', 'error']);
            assert.equal(r.type, 'joined', JSON.stringify(r));
            const kept = [[1, 0, 'Ann', 'from the lobby'], [2, 0, 'Ann', 'hi'], [3, 0, 'Ann', 'Привет 🂡']];
            const arrival = await line(back);
            assert.deepEqual(arrival.lines.map((l) => [l.n, l.seat, l.name, l.text]), kept);
            back.send({ type: 'chat', text: 'still here' });
            const after = await line(back, (m) => m.lines.some((l) => l.text === 'still here'));
            assert.deepEqual(after.lines.map((l) => l.n), [4]);
            // A newcomer (a spectator) is sent the four.
            const eve = await again.connect({ label: 'eve' });
            await eve.request({ type: 'watch', code: j.code }, ['joined']);
            assert.deepEqual((await line(eve)).lines.map((l) => [l.n, l.text]),
                [...kept.map((k) => [k[0], k[3]]), [4, 'still here']]);
            // And again after a clean stop.
            await again.stop('SIGTERM');
            const third = await startServer({ dir: srv.dir, args: backend.args });
            try {
                const ann3 = await third.connect({ label: 'ann, third server' });
                await ann3.request({ type: 'resume', code: j.code, token: j.token, version: 0 }, ['joined']);
                assert.deepEqual((await line(ann3)).lines.map((l) => l.n), [1, 2, 3, 4]);
                await third.close();
            } finally {
                await third.kill();
            }
        } finally {
            await again.kill();
        }
    });
}

// A line the store cannot keep, at a table whose match is kept, is refused
// (store_failing), neither shown nor numbered; the store is back, the next
// line takes its number.
test('a chat line the store cannot keep is refused and not numbered', async () => {
    const faultDir = mkdtempSync(join(tmpdir(), 'ls-fault-'));
    const fault = join(faultDir, 'fail');
    const srv = await startServer({ env: { LS_STORE_FAULT: fault } });
    try {
        const ann = await srv.connect({ label: 'ann' });
        const j = await ann.request({ type: 'create', name: 'Ann', seats: 2, bots: ['greedy'] }, ['joined']);
        const spectator = await srv.connect({ label: 'spectator' });
        await spectator.request({ type: 'watch', code: j.code }, ['joined']);
        ann.send({ type: 'start' });
        await ann.stateWhere((s) => s.view.status === 'playing', 'the start');
        writeFileSync(fault, '');
        const e = await ann.request({ type: 'chat', text: 'lost?' }, ['error', 'chat']);
        assert.equal(e.type, 'error', JSON.stringify(e));
        assert.equal(e.code, 'store_failing');
        assert.match(e.message, /^chat: the server cannot save the line right now/);
        await srv.waitLog(/store: failing: table [A-Z2-9]{5}, match 1: a chat line could not be written \(it was refused\): injected failure/);
        unlinkSync(fault);
        await srv.waitLog(/store: back/, T(5000));
        const ok = await ann.request({ type: 'chat', text: 'kept' }, ['chat', 'error']);
        assert.deepEqual(ok.lines, [{ n: 1, seat: 0, name: 'Ann', text: 'kept' }]);
        await sleep(200);
        assert.deepEqual(spectator.frames.filter((m) => m.type === 'chat').flatMap((m) => m.lines.map((l) => l.text)), ['kept']);
        await srv.close();
    } finally {
        await srv.kill();
        rmSync(faultDir, { recursive: true, force: true });
    }
});
