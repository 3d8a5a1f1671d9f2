// routes.test.mjs - the addresses the server answers with the page are
// the addresses the page draws. They are written twice: the server's
// client_routes[] (src/server/webpath.c, one table of exact paths and
// prefixes, read by webpath_client_page() and the 404's words) says which paths
// get index.html, and the page reads its address itself (web/pages.js,
// pageRoute: the leaderboard, a player, a level, a match; web/app.js,
// codeFromPath: a table's link). An address the server serves that the
// page cannot draw shows the first page, as if it were not there; one the
// page draws that the server refuses is a bare 404 for a link that works
// once the page is open. Nothing else checks that the two agree.
//
// This test reads both lists from their files and asks the server every
// address of each kind, with the longest segment, and the near-misses (a
// segment too long or empty, each character that cannot be in it, a
// slash after it, an accent as a browser sends it): the page is served
// for just the addresses the page draws (pageRoute itself is asked, and
// codeFromPath's pattern), and every other address under a route's prefix
// gets the 404 that says what the address should be. A route added on one
// side only, or of a shape this test cannot read, fails it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, untilClose, parseHead } from './lib.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const source = (file) => readFileSync(`${ROOT}/${file}`, 'utf8');

// The body of the function NAME (JavaScript or C: `NAME(...) {` at the
// start of its definition) up to its closing brace at the start of a line.
function body(text, name, file) {
    const start = text.search(new RegExp(`\\b${name}\\([^)]*\\)\\s*\\{`));
    assert.ok(start >= 0, `${file} has no function ${name}`);
    const end = text.indexOf('\n}', start);
    return text.slice(start, end);
}

// A route read from a pattern /^\/PREFIX\/([CLASS]{MIN,MAX})TAIL$/ (TAIL
// '' or '\/?', a slash allowed after the segment): {prefix, chars (the
// printable ASCII characters of the class), min, max (Infinity for +),
// slash}.
function readPattern(src, where) {
    const m = /^\^((?:\\\/[a-z]+)+\\\/)\(\[([^\]]+)\](?:\{(\d+),(\d+)\}|(\+))\)(\\\/\?)?\$$/.exec(src);
    assert.ok(m, `${where}: a route this test cannot read: /${src}/ (teach readPattern its shape)`);
    const cls = new RegExp(`^[${m[2]}]$`);
    const chars = [];
    for (let c = 0x21; c < 0x7f; c++) if (cls.test(String.fromCharCode(c))) chars.push(String.fromCharCode(c));
    return {
        prefix: m[1].replaceAll('\\/', '/'),
        chars,
        min: m[5] ? 1 : Number(m[3]),
        max: m[5] ? Infinity : Number(m[4]),
        slash: Boolean(m[6]),
        where,
    };
}

// The client's routes: pageRoute's exact paths and patterns, and
// codeFromPath's.
function clientRoutes() {
    const pages = body(source('web/pages.js'), 'pageRoute', 'web/pages.js');
    const exact = [...pages.matchAll(/path === '([^']+)'/g)].map((m) => m[1]);
    const patterns = [...pages.matchAll(/\/(\^.*?\$)\/\.exec\(path\)/g)].map((m) => readPattern(m[1], 'web/pages.js pageRoute'));
    const code = body(source('web/app.js'), 'codeFromPath', 'web/app.js');
    const table = [...code.matchAll(/\/(\^.*?\$)\/\.exec\(location\.pathname\)/g)].map((m) => readPattern(m[1], 'web/app.js codeFromPath'));
    assert.equal(table.length, 1, 'web/app.js codeFromPath reads a table\'s link with one pattern');
    assert.ok(exact.length >= 1 && patterns.length >= 1, 'web/pages.js pageRoute has exact paths and patterns');
    // A segment with a letter (the page may read a level as lower case).
    const tableRe = new RegExp(code.match(/\/(\^.*?\$)\/\.exec/)[1]);
    return { exact, patterns, table: table[0], tableRe };
}

// The server's routes: the rows of client_routes[], its prefixes (a path
// ending in '/') and its exact paths. webpath_client_page() must take no path of
// its own: a route written there would be a second list.
function serverRoutes() {
    const file = 'src/server/webpath.c';
    const src = source(file);
    const start = src.indexOf('client_routes[] = {');
    assert.ok(start >= 0, `${file} has client_routes[]`);
    const table = src.slice(start, src.indexOf('};', start));
    const paths = [...table.matchAll(/\{"(\/[^"]*)",/g)].map((m) => m[1]);
    const prefixes = paths.filter((p) => p.endsWith('/'));
    const exact = paths.filter((p) => !p.endsWith('/'));
    assert.ok(prefixes.length >= 1 && exact.length >= 1, `${file} has routes`);
    const page = body(src, 'webpath_client_page', file);
    assert.deepEqual([...page.matchAll(/"(\/[^"]*)"/g)].map((m) => m[1]), [],
        `${file} webpath_client_page() names no path: its routes are client_routes[]`);
    return { prefixes, exact };
}

// GET path on a connection of its own: {status, type, body}.
async function get(port, path) {
    const text = (await untilClose(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
        5000, `GET ${path}`)).toString('utf8');
    const end = text.indexOf('\r\n\r\n');
    const { status, headers } = parseHead(text.slice(0, end));
    return { status, type: headers['content-type'] ?? '', body: text.slice(end + 4) };
}

// The addresses to ask under a route: every character of its class, the
// longest segment, and the near-misses. A character a browser would not
// send as it is (a blank, '%', '#', '?', a quote) is left out; an accent
// is sent percent-encoded, as a browser's location.pathname has it. '&'
// and ';' are asked: libwebsockets (4.1) ends the path at either, as at
// '?', and the server, which handed /players/a&b the page of /players/a
// (drawn as the first page), now sees the cut and answers 404.
function addresses(r) {
    const a = r.chars.find((c) => /[a-z]/.test(c)) ?? r.chars[0];
    const out = [`${r.prefix}${a.repeat(r.min)}`, r.prefix];
    for (const c of r.chars) out.push(`${r.prefix}${a}${c}`);
    for (let c = 0x21; c < 0x7f; c++) {
        const ch = String.fromCharCode(c);
        if (!r.chars.includes(ch) && !'%#?"<>\\^`{|}'.includes(ch)) out.push(`${r.prefix}${a}${ch}${a}`);
    }
    const longest = Number.isFinite(r.max) ? r.max : 40;
    out.push(`${r.prefix}${a.repeat(longest)}`, `${r.prefix}${a.repeat(longest + 1)}`);
    out.push(`${r.prefix}${a}/`, `${r.prefix}${a}/${a}`, `${r.prefix}Jos%C3%A9`, `${r.prefix.slice(0, -1)}`);
    return out;
}

// Asks the server every address: {asked, wrong: [{path, why}]}.
async function check() {
    const client = clientRoutes();
    const server = serverRoutes();
    const prefixes = [...client.patterns, client.table].map((r) => r.prefix);
    // Each side's list of kinds is the other's.
    assert.deepEqual([...server.prefixes].sort(), [...prefixes].sort(),
        'the prefixes of webpath.c client_routes[] and of the page\'s routes (pages.js pageRoute, app.js codeFromPath)');
    assert.deepEqual([...server.exact].sort(), [...client.exact].sort(),
        'the exact paths of webpath.c client_routes[] and of pages.js pageRoute');
    // The page's own answer for a path, as the browser gives it (the
    // pathname; pageRoute is loaded with a stand-in document: it only
    // registers a key handler when loaded).
    globalThis.document ??= { addEventListener() {} };
    const { pageRoute } = await import('../../web/pages.js');
    const draws = (path) => {
        const p = new URL(path, 'http://x').pathname;
        return pageRoute(p) !== null || client.tableRe.test(p);
    };
    const srv = await startServer();
    try {
        const port = Number(new URL(srv.origin).port);
        const page = await get(port, '/');
        assert.equal(page.status, 200);
        const asked = [...client.exact, `${client.exact[0]}/`, ...[...client.patterns, client.table].flatMap(addresses)];
        const wrong = [];
        for (const path of asked) {
            const r = await get(port, path);
            const prefix = prefixes.find((p) => path.startsWith(p));
            if (draws(path)) {
                if (r.status !== 200 || r.body !== page.body) wrong.push({ path, why: `the page draws it, the server answered ${r.status} ${r.body.trim()}` });
            } else if (r.status !== 404) {
                wrong.push({ path, why: `the page cannot draw it, the server answered ${r.status}, not 404` });
            } else if (prefix && !r.body.startsWith('not found: ') ||
                       prefix && !r.body.includes(' is no page: ') || !/^text\/plain/.test(r.type)) {
                wrong.push({ path, why: `the 404 does not say what the address should be: ${r.type} ${r.body.trim()}` });
            }
        }
        await srv.close();
        return { asked, wrong };
    } finally {
        await srv.kill();
    }
}

const said = (list) => list.map((w) => `${w.path}: ${w.why}`);

test('the server serves the page for just the addresses the page draws', async () => {
    const { asked, wrong } = await check();
    assert.deepEqual(said(wrong), [], `${wrong.length} of ${asked.length} addresses answered unlike the page`);
});
