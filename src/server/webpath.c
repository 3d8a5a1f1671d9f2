/*
 * webpath.c - the client's page addresses and the texts about a path
 * (webpath.h).
 *
 * The client's own pages, every path but "/" that is served index.html,
 * are held here once, in client_routes[]: webpath_client_page() serves
 * them and webpath_not_found() says what a path under a prefix should be
 * from the same rows. A row is an exact path (chars NULL) or a prefix
 * followed by one path segment, its characters and length as the page
 * takes them (web/pages.js, pageRoute; web/app.js, codeFromPath for a
 * table's link, which may end in a slash), and what the segment should
 * be. A path the page cannot draw is not served the page (it would show
 * the first page, as if the address were not there); it was a bare "not
 * found", which did not say why /players/José (a browser sends
 * /players/Jos%C3%A9) or /players/bad.name is no page.
 * tests/server/routes.test.mjs reads the rows and checks them against
 * the page's own.
 */
#include "server/webpath.h"

#include <stdio.h>
#include <string.h>

#include "leastscore.h"
#include "server/error.h"

#define LETTERS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
#define ALNUM LETTERS "0123456789"

static const struct client_route {
    const char *path;  /* the exact path, or the prefix (ending in '/') */
    const char *chars; /* the segment's characters; NULL: an exact path */
    size_t max;        /* the segment's most bytes (at least 1) */
    bool slash;        /* a slash may follow the segment */
    const char *what;  /* what an address under the prefix should be */
} client_routes[] = {
    {"/leaderboard", NULL, 0, false, NULL},
    {"/players/", ALNUM "_-", LS_NAME_MAX, false,
     "a player's page is /players/NAME, NAME 1 to 16 of A-Z a-z 0-9 _ -"},
    {"/bots/", LETTERS, LS_NAME_MAX, false, "a computer level's page is /bots/LEVEL"},
    {"/matches/", ALNUM "_.-", 24, false,
     "a match's page is /matches/ID, ID a whole number from 1"},
    {"/t/", ALNUM, LS_NAME_MAX, true, "a table's link is /t/CODE, CODE its letters and digits"},
};

#define CLIENT_ROUTES (sizeof client_routes / sizeof client_routes[0])

/* The route of a prefix that url starts with, or NULL. */
static const struct client_route *client_route(const char *url)
{
    for (size_t i = 0; i < CLIENT_ROUTES; i++)
        if (client_routes[i].chars &&
            !strncmp(url, client_routes[i].path, strlen(client_routes[i].path)))
            return &client_routes[i];
    return NULL;
}

/* A table link with any code of its letters is a page: the page reads
 * the code and, for one that is not a table's, says so (a link mistyped
 * or with a slash added is not a bare 404).
 *
 * A segment "." or ".." is no page: a browser resolves it before it asks
 * (its page is never at /matches/..), and so does libwebsockets, but for
 * one followed by a %00 at the end of the path, which it drops:
 * /matches/..%00 reached the server as /matches/.. and was served the
 * page, which a match's id of '.' and '-' let through. */
bool webpath_client_page(const char *url)
{
    for (size_t i = 0; i < CLIENT_ROUTES; i++)
        if (!client_routes[i].chars && !strcmp(url, client_routes[i].path))
            return true;
    const struct client_route *r = client_route(url);
    if (!r)
        return false;
    const char *seg = url + strlen(r->path);
    size_t n = strspn(seg, r->chars);
    if (n <= 2 && strspn(seg, ".") == n)
        return false;
    return n >= 1 && n <= r->max && (!seg[n] || (r->slash && seg[n] == '/' && !seg[n + 1]));
}

void webpath_quote(char *out, size_t size, const char *text)
{
    if (size < 4) {
        if (size > 0)
            *out = '\0';
        return;
    }
    size_t keep = size - 4;
    snprintf(out, size, "%.*s%s", (int)keep, text, strlen(text) > keep ? "..." : "");
    srv_utf8_fix(out);
    for (char *q = out; *q; q++)
        if ((unsigned char)*q < 0x20 || *q == 0x7f)
            *q = '?';
}

void webpath_not_found(const char *url, bool cut, const char *const *levels, char *out,
                       size_t size)
{
    const struct client_route *r = client_route(url);
    if (!r) {
        snprintf(out, size, cut ? "not found: no address of this site has '&' or ';' in its "
                                  "path\n" : "not found\n");
        return;
    }
    char quoted[WEBPATH_QUOTED + 4];
    webpath_quote(quoted, sizeof quoted, url);
    bool bots = !strcmp(r->path, "/bots/");
    int n = snprintf(out, size, "not found: %s%s is no page: %s", quoted,
                     cut ? " followed by '&' or ';'" : "", r->what);
    for (int i = 0; bots && levels && levels[i] && n > 0 && (size_t)n < size; i++)
        n += snprintf(out + n, size - (size_t)n, "%s%s", i ? ", " : " (the levels: ",
                      levels[i]);
    if (n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, "%s\n", bots && levels && levels[0] ? ")" : "");
}
