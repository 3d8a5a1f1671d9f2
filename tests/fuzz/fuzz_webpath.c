/*
 * fuzz_webpath.c - the client's page addresses and the texts about a
 * path (src/server/webpath.c), given any path libwebsockets may hand over
 * (percent-decoded: any bytes but NUL).
 *
 * The input is a byte of settings (bit 0: the path was cut at '&' or ';';
 * the rest: a buffer size from 0 to 127) and the path. A page is a plain
 * path: a '/' first, only letters, digits, '_', '.', '-' and '/', no
 * "//", and a table link without its one trailing slash is a page too. A
 * quote, in a buffer of just its size, is a C string that fits, valid
 * UTF-8 with no control byte, each byte the text's own or '?', the whole
 * text when it fits in the size less 4, else its first size - 4 bytes
 * then "...". A 404 is valid UTF-8 ending in its one line break,
 * "not found\n" (or its words for a cut path) under no page's prefix,
 * else saying the path is no page; in a smaller buffer it is the same
 * text cut, a C string that fits.
 */
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "server/error.h"
#include "server/webpath.h"

static const char *const levels[] = {"random", "greedy", "expert", NULL};

/* Valid UTF-8: srv_utf8_fix changes nothing. */
static bool valid_utf8(const char *s)
{
    size_t n = strlen(s);
    char *copy = malloc(n + 1);
    FUZZ_CHECK(copy, "out of memory");
    memcpy(copy, s, n + 1);
    srv_utf8_fix(copy);
    bool same = !memcmp(copy, s, n);
    free(copy);
    return same;
}

static void check_page(const char *url)
{
    if (!webpath_client_page(url))
        return;
    FUZZ_CHECK(url[0] == '/', "'%s' is a page", url);
    for (const char *p = url; *p; p++)
        FUZZ_CHECK((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                   (*p >= '0' && *p <= '9') || strchr("_.-/", *p),
                   "'%s', a page, has byte 0x%02x", url, (unsigned)(unsigned char)*p);
    FUZZ_CHECK(!strstr(url, "//"), "'%s', a page, has '//'", url);
    size_t n = strlen(url);
    if (n > 1 && url[n - 1] == '/') {
        char *bare = malloc(n);
        FUZZ_CHECK(bare, "out of memory");
        memcpy(bare, url, n - 1);
        bare[n - 1] = '\0';
        FUZZ_CHECK(!strncmp(url, "/t/", 3) && webpath_client_page(bare),
                   "'%s' is a page with a slash added", url);
        free(bare);
    }
}

static void check_quote(const char *text, size_t size)
{
    char *out = malloc(size ? size : 1);
    FUZZ_CHECK(out, "out of memory");
    webpath_quote(out, size, text);
    if (size == 0) {
        free(out);
        return;
    }
    size_t n = strnlen(out, size);
    FUZZ_CHECK(n < size, "a quote of %zu bytes in %zu", n, size);
    FUZZ_CHECK(valid_utf8(out), "the quote of '%s' is not UTF-8", text);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK((unsigned char)out[i] >= 0x20 && out[i] != 0x7f, "byte 0x%02x quoted",
                   (unsigned)(unsigned char)out[i]);
    size_t len = strlen(text), keep = size < 4 ? 0 : size - 4;
    if (size < 4) {
        FUZZ_CHECK(n == 0, "'%s' quoted in %zu bytes", out, size);
    } else if (len <= keep) {
        FUZZ_CHECK(n == len, "'%s' (%zu bytes) quoted as %zu", text, len, n);
    } else {
        FUZZ_CHECK(n == keep + 3 && !strcmp(out + keep, "..."),
                   "'%s' (%zu bytes) quoted in %zu as '%s'", text, len, size, out);
    }
    for (size_t i = 0; i < n && i < keep && i < len; i++)
        FUZZ_CHECK(out[i] == text[i] || out[i] == '?', "byte %zu of '%s' quoted as 0x%02x", i,
                   text, (unsigned)(unsigned char)out[i]);
    free(out);
}

static void check_not_found(const char *url, bool cut, size_t size)
{
    char full[512];
    webpath_not_found(url, cut, levels, full, sizeof full);
    size_t n = strlen(full);
    FUZZ_CHECK(n >= 10 && full[n - 1] == '\n' && !memcmp(full, "not found", 9),
               "the 404 of '%s' is '%s'", url, full);
    FUZZ_CHECK(valid_utf8(full), "the 404 of '%s' is not UTF-8", url);
    for (size_t i = 0; i + 1 < n; i++)
        FUZZ_CHECK((unsigned char)full[i] >= 0x20 && full[i] != 0x7f,
                   "byte 0x%02x in the 404 of '%s'", (unsigned)(unsigned char)full[i], url);
    static const char *const prefixes[] = {"/players/", "/bots/", "/matches/", "/t/"};
    bool under = false;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        under |= !strncmp(url, prefixes[i], strlen(prefixes[i]));
    if (under)
        FUZZ_CHECK(strstr(full, " is no page: "), "the 404 of '%s' is '%s'", url, full);
    else
        FUZZ_CHECK(!strcmp(full, cut ? "not found: no address of this site has '&' or ';' "
                                       "in its path\n" : "not found\n"),
                   "the 404 of '%s' is '%s'", url, full);
    if (size == 0)
        return;
    char *out = malloc(size);
    FUZZ_CHECK(out, "out of memory");
    webpath_not_found(url, cut, levels, out, size);
    size_t m = strnlen(out, size);
    FUZZ_CHECK(m < size && m == (n < size ? n : size - 1) && !memcmp(out, full, m),
               "the 404 of '%s' in %zu bytes is '%s'", url, size, out);
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    bool cut = data[0] & 1;
    size_t room = data[0] >> 1;
    size_t at = 1;
    char *url = fuzz_next_line(data, size, &at);
    check_page(url);
    check_quote(url, room);
    check_not_found(url, cut, room);
    free(url);
    return 0;
}
