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
 * peer's whatever the header says. The key the limits count a client under
 * (netaddr_limit_key) always fits, is its own key, is an IPv4 address
 * itself, and is one for all the addresses of an IPv6 /64 and another
 * for the next /64; text that is no address is its own key (cut to fit).
 */
#include <arpa/inet.h>
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

/* The key of addr, checked to be a C string that fits out. */
static void limit_key(const char *addr, char out[NETADDR_KEY_LEN])
{
    memset(out, 'x', NETADDR_KEY_LEN);
    netaddr_limit_key(addr, out, NETADDR_KEY_LEN);
    FUZZ_CHECK(memchr(out, '\0', NETADDR_KEY_LEN), "the key of '%s' is not a C string", addr);
}

/* addr (any text) keys as netaddr.h says; flip, from the input, picks the
 * bits changed in an IPv6 address's two halves. */
static void check_key(const char *addr, uint8_t flip)
{
    char key[NETADDR_KEY_LEN], again[NETADDR_KEY_LEN];
    limit_key(addr, key);
    limit_key(key, again);
    FUZZ_CHECK(!strcmp(key, again), "the key of '%s' is '%s', whose key is '%s'", addr, key,
               again);
    struct in6_addr a;
    struct in_addr v4;
    char text[NETADDR_LEN];
    if (inet_pton(AF_INET, addr, &v4) == 1) {
        inet_ntop(AF_INET, &v4, text, sizeof text);
        FUZZ_CHECK(!strcmp(key, text), "IPv4 '%s' keys as '%s'", addr, key);
        return;
    }
    if (inet_pton(AF_INET6, addr, &a) != 1) {
        FUZZ_CHECK(!strncmp(key, addr, NETADDR_KEY_LEN - 1) &&
                       strlen(key) == strnlen(addr, NETADDR_KEY_LEN - 1),
                   "'%s', not an address, keys as '%s'", addr, key);
        return;
    }
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (!memcmp(a.s6_addr, mapped, sizeof mapped)) {
        inet_ntop(AF_INET, &a.s6_addr[12], text, sizeof text);
        FUZZ_CHECK(!strcmp(key, text), "mapped '%s' keys as '%s'", addr, key);
        return;
    }
    size_t len = strlen(key);
    FUZZ_CHECK(len > 3 && !strcmp(key + len - 3, "/64"), "IPv6 '%s' keys as '%s'", addr, key);
    /* Another address of the /64: the same key (unless it is a mapped one). */
    struct in6_addr b = a;
    b.s6_addr[8 + flip % 8] ^= (uint8_t)(flip | 1);
    char other[NETADDR_KEY_LEN];
    if (memcmp(b.s6_addr, mapped, sizeof mapped)) {
        inet_ntop(AF_INET6, &b, text, sizeof text);
        limit_key(text, other);
        FUZZ_CHECK(!strcmp(key, other), "'%s' and '%s', one /64, key as '%s' and '%s'", addr,
                   text, key, other);
    }
    /* An address of another /64: another key. */
    b = a;
    b.s6_addr[flip % 8] ^= (uint8_t)(flip | 1);
    if (memcmp(b.s6_addr, mapped, sizeof mapped)) {
        inet_ntop(AF_INET6, &b, text, sizeof text);
        limit_key(text, other);
        FUZZ_CHECK(strcmp(key, other), "'%s' and '%s', two /64s, both key as '%s'", addr, text,
                   key);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t at = 0;
    char *list = fuzz_next_line(data, size, &at);
    char *peer = fuzz_next_line(data, size, &at);
    /* A third line (even empty) is a header; none, no header. */
    size_t newlines = 0;
    for (size_t i = 0; i < size && newlines < 2; i++)
        newlines += data[i] == '\n';
    char *header = fuzz_next_line(data, size, &at);
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
    uint8_t flip = size ? data[size - 1] : 0;
    check_key(peer, flip);
    check_key(out, flip);
    free(list);
    free(peer);
    free(header);
    return 0;
}
