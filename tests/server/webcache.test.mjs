// webcache.test.mjs - the browser client's files carry validators, as
// browsers and proxies expect (RFC 9110 8.8, 13): a strong ETag and a
// Last-Modified, with Cache-Control: no-cache so that a browser asks again
// each time; a copy still current (If-None-Match, else If-Modified-Since)
// is answered 304 with no body, HEAD as GET; a file changed on disk gets
// a new ETag and a 200. The files carried none: If-None-Match got the
// whole file again. Spoken byte by byte over one kept-alive connection,
// so that a body after a 304 would be seen.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, httpClient } from './lib.mjs';

// One HTTP/1.1 connection: ask(path, headers, head) sends a request and
// reads exactly one answer (its body by Content-Length, none for HEAD or
// a 304), failing on any byte more (lib.mjs's httpClient).
function client(port) {
    const c = httpClient(port);
    return {
        ask(path, headers = {}, head = false) {
            const method = head ? 'HEAD' : 'GET';
            const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
            return c.request(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines}\r\n`, head,
                `${method} ${path} ${JSON.stringify(headers)}`);
        },
        close() { c.close(); },
    };
}

const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;

// A 304 carries what RFC 9110 15.4.5 says: Date, ETag, Cache-Control; no
// body and none of a body's headers.
function assertNotModified(r, etag, what) {
    assert.equal(r.status, 304, what);
    assert.equal(r.headers.etag, etag, what);
    assert.equal(r.headers['cache-control'], 'no-cache', what);
    assert.match(r.headers.date ?? '', HTTP_DATE, what);
    assert.equal(r.headers['content-length'], undefined, what);
    assert.equal(r.headers['content-type'], undefined, what);
}

// The two obsolete forms of an HTTP date a server must still read.
function rfc850(d) {
    const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const [, dd, mon, yyyy, time] = d.toUTCString().split(' ');
    return `${days[d.getUTCDay()]}, ${dd}-${mon}-${yyyy.slice(2)} ${time} GMT`;
}
function asctime(d) {
    const [wd, dd, mon, yyyy, time] = d.toUTCString().split(' ');
    return `${wd.slice(0, 3)} ${mon} ${String(Number(dd)).padStart(2, ' ')} ${time} ${yyyy}`;
}

test('web files carry an ETag and Last-Modified; a current copy is answered 304 without the file', async () => {
    const srv = await startServer();
    const web = join(srv.dir, 'web');
    const js = 'x'.repeat(3000); // longer than an answer sent with its headers
    writeFileSync(join(web, 'app.js'), js);
    const c = client(srv.port);
    for (const [path, len] of [['/app.js', 3000], ['/', null], ['/leaderboard', null]]) {
        const first = await c.ask(path);
        assert.equal(first.status, 200, path);
        if (len) assert.equal(first.body.length, len, path);
        const etag = first.headers.etag;
        assert.match(etag ?? '', /^"[!#-~]+"$/, `${path}: a strong ETag`);
        const lm = first.headers['last-modified'];
        assert.match(lm ?? '', HTTP_DATE, path);
        assert.equal(first.headers['cache-control'], 'no-cache', path);
        assert.match(first.headers.date ?? '', HTTP_DATE, path);
        const head = await c.ask(path, {}, true);
        assert.equal(head.status, 200, path);
        for (const h of ['etag', 'last-modified', 'content-length', 'content-type', 'cache-control'])
            assert.equal(head.headers[h], first.headers[h], `${path}: HEAD's ${h}`);
        const d = new Date(Date.parse(lm));
        for (const headers of [
            { 'If-None-Match': etag },
            { 'If-None-Match': `W/${etag}` },
            { 'If-None-Match': '*' },
            { 'If-None-Match': `"other", W/"x",${etag}` },
            { 'If-None-Match': ` ,"other" ,, ${etag} , ` },
            { 'If-None-Match': etag, 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
            { 'If-Modified-Since': lm },
            { 'If-Modified-Since': new Date(d.getTime() + 86400e3).toUTCString() },
            { 'If-Modified-Since': rfc850(d) },
            { 'If-Modified-Since': asctime(d) },
            { 'If-None-Match': 'not a tag', 'If-Modified-Since': lm },
            { 'If-Modified-Since': 'Tue, 29 Feb 2096 00:00:00 GMT' }, // a leap year
        ]) {
            for (const isHead of [false, true])
                assertNotModified(await c.ask(path, headers, isHead), etag,
                    `${isHead ? 'HEAD' : 'GET'} ${path} ${JSON.stringify(headers)}`);
        }
        for (const headers of [
            { 'If-None-Match': '"other"' },
            { 'If-None-Match': 'W/"other", "x"' },
            { 'If-None-Match': etag.slice(0, -1) + 'z"' },
            { 'If-None-Match': '"other"', 'If-Modified-Since': lm },
            { 'If-Modified-Since': new Date(d.getTime() - 1000).toUTCString() },
            // malformed: ignored, as if not sent
            { 'If-None-Match': etag.slice(1) },
            { 'If-None-Match': etag.slice(0, -1) },
            { 'If-None-Match': `${etag} ${etag}` },
            { 'If-None-Match': `*, ${etag}` },
            { 'If-None-Match': ', ,' },
            { 'If-None-Match': `w/${etag}` },
            { 'If-Modified-Since': 'yesterday' },
            { 'If-Modified-Since': `${lm} and more` },
            { 'If-Modified-Since': 'Sun, 31 Foo 2099 00:00:00 GMT' },
            // a day the month does not have: not carried into the next month
            { 'If-Modified-Since': 'Tue, 31 Feb 2099 00:00:00 GMT' },
            { 'If-Modified-Since': 'Sun, 29 Feb 2099 00:00:00 GMT' },
            { 'If-Modified-Since': 'Sun Apr 31 00:00:00 2099' },
        ]) {
            const what = `${path} ${JSON.stringify(headers)}`;
            const r = await c.ask(path, headers);
            assert.equal(r.status, 200, what);
            assert.equal(r.body, first.body, what);
            assert.equal(r.headers.etag, etag, what);
        }
    }
    // An answer that is no file carries no validator.
    const missing = await c.ask('/nothing.js', { 'If-None-Match': '*' });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.etag, undefined);
    const api = await c.ask('/api/leaderboard', { 'If-None-Match': '*' });
    assert.notEqual(api.status, 304);
    assert.equal(api.headers.etag, undefined);
    assert.match(api.headers.date ?? '', HTTP_DATE);
    assert.match(missing.headers.date ?? '', HTTP_DATE);
    c.close();
    await srv.close();
});

test('a web file changed on disk gets a new ETag and a 200', async () => {
    const srv = await startServer();
    const file = join(srv.dir, 'web', 'app.js');
    writeFileSync(file, 'one();\n');
    const c = client(srv.port);
    const first = await c.ask('/app.js');
    assert.equal(first.body, 'one();\n');
    const old = first.headers.etag;
    assertNotModified(await c.ask('/app.js', { 'If-None-Match': old }), old, 'unchanged');
    // New content of another length.
    writeFileSync(file, 'two(2);\n'.repeat(400));
    let r = await c.ask('/app.js', { 'If-None-Match': old });
    assert.equal(r.status, 200);
    assert.equal(r.body, 'two(2);\n'.repeat(400));
    assert.notEqual(r.headers.etag, old);
    const second = r.headers.etag;
    // The same length, its time of change moved (by a tool, or a copy
    // that keeps times: a second back).
    writeFileSync(file, 'TWO(2);\n'.repeat(400));
    const t = new Date(Date.now() - 5000);
    utimesSync(file, t, t);
    r = await c.ask('/app.js', { 'If-None-Match': second });
    assert.equal(r.status, 200);
    assert.equal(r.body, 'TWO(2);\n'.repeat(400));
    assert.notEqual(r.headers.etag, second);
    assertNotModified(await c.ask('/app.js', { 'If-None-Match': r.headers.etag }, true),
        r.headers.etag, 'HEAD after the change');
    c.close();
    await srv.close();
});
