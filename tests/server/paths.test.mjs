// paths.test.mjs - the paths real users and proxies send, sent byte for
// byte as written (not normalised by a client library): a query string on
// a web file and on a table's link, percent-encoded names, an encoded
// '..' or '/' (never a file outside the web directory), a '.' or '..'
// segment (resolved, or no page), %00, a path of 8 KB, '//' and a
// trailing slash (a 404 saying the address is without it), HEAD as GET.
// Each gets a file, or a 404 or 400 saying what was wrong, and the
// server goes on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, untilClose, parseHead } from './lib.mjs';

// One request on its own connection (Connection: close), the answer read
// to the close: { status, headers, body }; null when the connection is
// closed unanswered.
async function ask(port, method, path) {
    const got = await untilClose(port, `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
        5000, `${method} ${path.slice(0, 60)}`);
    const text = got.toString('utf8');
    if (!text) return null;
    const end = text.indexOf('\r\n\r\n');
    const { status, headers } = parseHead(text.slice(0, end));
    return { status, headers, body: text.slice(end + 4) };
}

test('web paths as users and proxies send them: a file, or a 404 or 400 saying why', async () => {
    const srv = await startServer();
    const web = join(srv.dir, 'web');
    writeFileSync(join(web, 'app.js'), 'app();\n');
    mkdirSync(join(web, 'img'));
    writeFileSync(join(web, 'img', 'a.svg'), '<svg/>\n');
    // Outside the web directory, next to it.
    writeFileSync(join(srv.dir, 'secret.txt'), 'secret\n');
    const page = '<!doctype html><title>test</title>\n';
    const files = [
        ['/app.js', 'app();\n'], ['/app.js?v=2', 'app();\n'], ['/%61pp.js', 'app();\n'],
        ['//app.js', 'app();\n'], ['/img/a.svg', '<svg/>\n'], ['/img%2Fa.svg', '<svg/>\n'],
        ['/t/ABCD', page], ['/t/ABCD?x=1', page], ['/t/%41BCD', page], ['/t/ABCD/', page],
        ['/', page], ['/?x', page], ['/leaderboard?tab=2', page],
    ];
    for (const [path, body] of files) {
        const get = await ask(srv.port, 'GET', path);
        assert.equal(get?.status, 200, path);
        assert.equal(get.body, body, path);
        const head = await ask(srv.port, 'HEAD', path);
        assert.equal(head?.status, 200, `HEAD ${path}`);
        assert.equal(head.body, '', `HEAD ${path}`);
        for (const h of ['content-length', 'content-type', 'etag'])
            assert.equal(head.headers[h], get.headers[h], `HEAD ${path}: ${h}`);
    }
    // Never a file outside the web directory, however '..' is written.
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt',
        '/img/..%2F..%2Fsecret.txt', '/..%2fsecret.txt', '/.%2e/secret.txt']) {
        const r = await ask(srv.port, 'GET', path);
        assert.equal(r?.status, 404, path);
        assert.equal(r.body, 'not found\n', path);
    }
    // A '.' or '..' segment is resolved by libwebsockets as a browser
    // resolves it before it asks (RFC 3986): /matches/.. is /, the
    // first page. One it leaves, before a %00 that ends the path (which it
    // drops), is no page: /matches/..%00 reached the server as
    // /matches/.. and was served the page, where no browser's page is.
    for (const [path, body] of [['/matches/..', page], ['/%2e%2e/', page], ['/matches/%2E%2e', page],
        ['/a/../app.js', 'app();\n'], ['/t/ABCD/.', page], ['/./app.js', 'app();\n']]) {
        const r = await ask(srv.port, 'GET', path);
        assert.equal(r?.status, 200, path);
        assert.equal(r.body, body, path);
    }
    const match = "a match's page is /matches/ID, ID a whole number from 1";
    for (const [path, seen] of [['/matches/..%00', '/matches/..'], ['/matches/.%00', '/matches/.'],
        ['/players/..%00', '/players/..']]) {
        const r = await ask(srv.port, 'GET', path);
        assert.equal(r?.status, 404, path);
        assert.match(r.body, new RegExp(`^not found: ${seen.replaceAll('.', '\\.')} is no page: `), path);
        if (seen.startsWith('/matches/')) assert.equal(r.body, `not found: ${seen} is no page: ${match}\n`, path);
    }
    assert.equal((await ask(srv.port, 'GET', '/matches/...'))?.status, 200, 'a match id of dots is the page\'s to refuse');
    // No listing of a directory, no file under a file.
    for (const path of ['/img/', '/img', '/app.js/', '/app.js/x', '/.hidden'])
        assert.equal((await ask(srv.port, 'GET', path))?.status, 404, path);
    // A page's or a file's address with a slash added says so (it was a
    // bare 'not found'); a table's link may end in one (above).
    for (const [path, bare] of [['/leaderboard/', '/leaderboard'], ['/app.js/', '/app.js'],
        ['/img/a.svg/', '/img/a.svg'], ['/players/Ada/', '/players/Ada']]) {
        const r = await ask(srv.port, 'GET', path);
        assert.equal(r?.status, 404, path);
        assert.equal(r.body, `not found: ${bare}/ is no page: the address is ${bare}, without the slash\n`, path);
    }
    assert.equal((await ask(srv.port, 'GET', '/nothing/'))?.body, 'not found\n');
    // A %00 after a '/' reaches the server inside the path: 400 saying so,
    // in JSON under /api (it was a 404 saying the path went on past '&' or
    // ';', which it did not have).
    const nul = 'the path has a NUL byte (%00): no address of this site has one';
    for (const path of ['/%00/app.js', '/players/%00Ada', '/t/%00ABCD', '/%00x&y']) {
        for (const method of ['GET', 'HEAD']) {
            const r = await ask(srv.port, method, path);
            assert.equal(r?.status, 400, `${method} ${path}`);
            assert.equal(r.body, method === 'HEAD' ? '' : `${nul}\n`, `${method} ${path}`);
        }
    }
    for (const path of ['/api/%00x', '/api/players/%00Ada']) {
        const r = await ask(srv.port, 'GET', path);
        assert.equal(r?.status, 400, path);
        assert.deepEqual(JSON.parse(r.body), { error: 'bad_request', message: nul }, path);
    }
    // A path of 8 KB: not found, quoted to its first bytes.
    const long = await ask(srv.port, 'GET', `/t/${'A'.repeat(8192)}`);
    assert.equal(long?.status, 404);
    assert.match(long.body, /^not found: \/t\/A{57}\.\.\. is no page: a table's link is \/t\/CODE/);
    assert.equal((await ask(srv.port, 'GET', `/${'a'.repeat(8192)}`))?.status, 404);
    const api = await ask(srv.port, 'GET', `/api/players/${'%41'.repeat(2700)}`);
    assert.equal(api?.status, 400);
    assert.match(JSON.parse(api.body).message, /^player name must be 1 to 16 .*: 'A{40}'\.\.\.$/);
    // HEAD on the API is its GET without the body.
    const lbGet = await ask(srv.port, 'GET', '/api/leaderboard');
    const lbHead = await ask(srv.port, 'HEAD', '/api/leaderboard');
    assert.equal(lbHead?.status, lbGet?.status);
    assert.equal(lbHead.headers['content-length'], lbGet.headers['content-length']);
    assert.equal(lbHead.body, '');
    assert.equal((await ask(srv.port, 'GET', '/app.js'))?.status, 200);
    await srv.close();
});
