/*
 * fuzz_netaddr.c - the two parsers of `serve --trust-proxy`
 * (src/server/netaddr.c): the list of trusted proxies and the
 * X-Forwarded-For header a trusted proxy sends.
 *
 * The input is three lines: the list, the peer's address, the header
 * (absent when there is no third line). A list is accepted with 1 to 16
 * addresses, each of which it then holds, or refused with a message and
 * the previous list unchanged. The client's address is always a C string
 * that fits; taken from the header, it is an address and it is not the
 * peer's unless the peer is trusted; from an untrusted peer, it is the
 * peer's whatever the header says.
 */
#include <string.h>

#include "fuzz.h"
#include "server/netaddr.h"

/* Whether out, taken from header, is one of its entries with only
 * trusted addresses right of it: the entry the last trusted hop vouched
 * for. */
static bool vouched_for(const netaddr_list *trusted, const char *header, const char *out)
{
    netaddr_list one;
    char err[160];
    if (netaddr_parse_list(out, &one, err, sizeof err) != 0)
        return false;
    char *copy = strdup(header), *entries[4096];
    FUZZ_CHECK(copy, "out of memory");
    int n = 0;
    for (char *p = copy, *comma; n < 4096; p = comma + 1) {
        comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        while (*p == ' ' || *p == '\t')
            p++;
        size_t len = strlen(p);
        while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
            p[--len] = '\0';
        entries[n++] = p;
        if (!comma)
            break;
    }
    bool ok = false;
    for (int i = n - 1; i >= 0; i--) {
        if (netaddr_in_list(&one, entries[i])) {
            ok = true;
            break;
        }
        if (!netaddr_in_list(trusted, entries[i]))
            break;
    }
    free(copy);
    return ok;
}

/* The next line of data[*at..size) as a C string (NUL bytes end it). */
static char *line(const uint8_t *data, size_t size, size_t *at)
{
    size_t start = *at, end = start;
    while (end < size && data[end] != '\n')
        end++;
    char *s = malloc(end - start + 1);
    FUZZ_CHECK(s, "out of memory");
    memcpy(s, data + start, end - start);
    s[end - start] = '\0';
    *at = end < size ? end + 1 : end;
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t at = 0;
    char *list = line(data, size, &at);
    char *peer = line(data, size, &at);
    /* A third line (even empty) is a header; none, no header. */
    size_t newlines = 0;
    for (size_t i = 0; i < size && newlines < 2; i++)
        newlines += data[i] == '\n';
    char *header = line(data, size, &at);
    bool header_line = newlines == 2;

    netaddr_list before = {.n = 1}, l = before;
    char err[160] = "";
    if (netaddr_parse_list(list, &l, err, sizeof err) != 0) {
        FUZZ_CHECK(err[0] != '\0' && strlen(err) < sizeof err, "'%s' refused silently", list);
        FUZZ_CHECK(!memcmp(&l, &before, sizeof l), "a refused list changed the old one");
        l.n = 0;
    } else {
        FUZZ_CHECK(l.n >= 1 && l.n <= NETADDR_MAX, "'%s' gave %d addresses", list, l.n);
    }

    char out[NETADDR_LEN];
    memset(out, 'x', sizeof out);
    bool from = netaddr_client(&l, peer, header_line ? header : NULL, out, sizeof out);
    FUZZ_CHECK(memchr(out, '\0', sizeof out), "the address is not a C string");
    if (from) {
        netaddr_list one;
        FUZZ_CHECK(netaddr_parse_list(out, &one, err, sizeof err) == 0 && one.n == 1,
                   "'%s' from the header is not an address", out);
        FUZZ_CHECK(netaddr_in_list(&l, peer), "the header of an untrusted peer '%s' was read",
                   peer);
        FUZZ_CHECK(vouched_for(&l, header, out), "'%s' is not what the last trusted hop in "
                   "'%s' vouched for", out, header);
    } else if (!netaddr_in_list(&l, peer)) {
        char again[NETADDR_LEN];
        netaddr_client(&l, peer, NULL, again, sizeof again);
        FUZZ_CHECK(!strcmp(out, again), "untrusted peer '%s': '%s' with the header, '%s' without",
                   peer, out, again);
    }
    free(list);
    free(peer);
    free(header);
    return 0;
}
