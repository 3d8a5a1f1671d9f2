/*
 * webpath.h - the browser client's own page addresses (the paths other
 * than "/" that are served its index.html) and the plain text the server
 * answers about a path: a client's bytes quoted safely, and the 404 of a
 * path that is no file and no page, saying what the page's address is.
 *
 * Plain logic on strings, no sockets and no libwebsockets (net.c serves
 * the pages and sends the texts): unit-tested in tests/test_webpath.c and
 * fuzzed by tests/fuzz/fuzz_webpath.c.
 */
#ifndef LS_SERVER_WEBPATH_H
#define LS_SERVER_WEBPATH_H

#include <stdbool.h>
#include <stddef.h>

#define WEBPATH_QUOTED 60 /* a path's bytes quoted in a 404, at most */

/* Whether url (a path as libwebsockets hands it over: percent-decoded,
 * any bytes) is one of the client's own pages: /leaderboard, or a prefix
 * (/players/, /bots/, /matches/, /t/) followed by one segment of the
 * characters and length the page reads (a table's link may end in one
 * slash), but "." and "..", which a browser resolves before it asks. The
 * page draws every such address; any other is not served it (it would
 * show the first page, as if the address were not there). */
bool webpath_client_page(const char *url);

/* Copies text that came from a client (any bytes) into out (size >= 4;
 * less: out is made "") to be shown in a plain-text answer: its first
 * size - 4 bytes, then "..." when it was longer, made valid UTF-8, and
 * every control character (below 0x20, 0x7f) and byte of a broken UTF-8
 * sequence shown as '?' (the answer may reach a terminal: curl). */
void webpath_quote(char *out, size_t size, const char *text);

/* The plain-text 404 for a path that is no file and no page, in out
 * (cut to size, always a C string): "not found", and for a path under a
 * page's prefix what the page's address is, the path quoted
 * (webpath_quote, its first WEBPATH_QUOTED bytes); under /bots/ the
 * computer levels as well (`levels`, NULL-terminated). A path `cut` at
 * '&' or ';' (libwebsockets ends a path there, as at '?') says so. */
void webpath_not_found(const char *url, bool cut, const char *const *levels, char *out,
                       size_t size);

#endif
