/*
 * netaddr.c - the client's address behind trusted proxies, and the key
 * the per-address limits count it under (netaddr.h).
 */
#include "server/netaddr.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

/* text (len characters, no NUL needed) as an IPv6 address, IPv4 mapped;
 * false when it is not an address. */
static bool parse_addr(const char *text, size_t len, struct in6_addr *out)
{
    char buf[NETADDR_LEN];
    if (len == 0 || len >= sizeof buf)
        return false;
    memcpy(buf, text, len);
    buf[len] = '\0';
    struct in_addr v4;
    if (inet_pton(AF_INET, buf, &v4) == 1) {
        memset(out, 0, sizeof *out);
        out->s6_addr[10] = 0xff;
        out->s6_addr[11] = 0xff;
        memcpy(&out->s6_addr[12], &v4, 4);
        return true;
    }
    return inet_pton(AF_INET6, buf, out) == 1;
}

/* Whether a is an IPv4 address (kept IPv4-mapped, ::ffff:a.b.c.d). */
static bool is_v4(const struct in6_addr *a)
{
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    return !memcmp(a->s6_addr, mapped, sizeof mapped);
}

/* a as text: dotted IPv4 when it is a mapped one. */
static void format_addr(const struct in6_addr *a, char *out, size_t size)
{
    char buf[NETADDR_LEN];
    const char *s = is_v4(a) ? inet_ntop(AF_INET, &a->s6_addr[12], buf, sizeof buf)
                             : inet_ntop(AF_INET6, a, buf, sizeof buf);
    snprintf(out, size, "%s", s ? s : "");
}

static bool listed(const netaddr_list *l, const struct in6_addr *a)
{
    for (int i = 0; i < l->n; i++)
        if (!memcmp(&l->addr[i], a, sizeof *a))
            return true;
    return false;
}

/* The entry text[0..len) without the blanks around it. */
static const char *trim(const char *text, size_t *len)
{
    while (*len && (*text == ' ' || *text == '\t')) {
        text++;
        (*len)--;
    }
    while (*len && (text[*len - 1] == ' ' || text[*len - 1] == '\t'))
        (*len)--;
    return text;
}

int netaddr_parse_list(const char *text, netaddr_list *out, char *err, size_t size)
{
    netaddr_list l = {0};
    const char *p = text;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        const char *e = trim(p, &len);
        if (!len) {
            snprintf(err, size, "an empty entry in '%s': give IP addresses separated "
                     "by commas", text);
            return -1;
        }
        if (l.n == NETADDR_MAX) {
            snprintf(err, size, "more than %d addresses", NETADDR_MAX);
            return -1;
        }
        if (!parse_addr(e, len, &l.addr[l.n])) {
            snprintf(err, size, "'%.*s' is not an IP address (such as 127.0.0.1 or ::1)",
                     (int)(len > 60 ? 60 : len), e);
            return -1;
        }
        l.n++;
        if (!comma)
            break;
        p = comma + 1;
    }
    *out = l;
    return 0;
}

bool netaddr_in_list(const netaddr_list *l, const char *addr)
{
    struct in6_addr a;
    return parse_addr(addr, strlen(addr), &a) && listed(l, &a);
}

bool netaddr_client(const netaddr_list *trusted, const char *peer, const char *forwarded,
                    char *out, size_t size)
{
    struct in6_addr a;
    bool from_header = false;
    if (!parse_addr(peer, strlen(peer), &a)) {
        snprintf(out, size, "%s", peer); /* not ours to judge: kept as lws gave it */
        return false;
    }
    /* From the right: each trusted hop vouches for the entry left of it,
     * up to the first entry that is no trusted hop (or not an address). */
    size_t end = forwarded ? strlen(forwarded) : 0;
    while (end > 0 && listed(trusted, &a)) {
        size_t start = end;
        while (start > 0 && forwarded[start - 1] != ',')
            start--;
        size_t len = end - start;
        const char *e = trim(forwarded + start, &len);
        struct in6_addr next;
        if (!parse_addr(e, len, &next))
            break;
        a = next;
        from_header = true;
        end = start ? start - 1 : 0; /* on the comma before the entry */
    }
    format_addr(&a, out, size);
    return from_header;
}

void netaddr_limit_key(const char *addr, char *out, size_t size)
{
    struct in6_addr a;
    if (!parse_addr(addr, strlen(addr), &a)) {
        snprintf(out, size, "%s", addr); /* "/64" after a prefix lands here too */
        return;
    }
    bool v6 = !is_v4(&a);
    if (v6)
        memset(&a.s6_addr[8], 0, 8); /* the interface identifier: the host's to choose */
    char buf[NETADDR_LEN];
    format_addr(&a, buf, sizeof buf);
    snprintf(out, size, "%s%s", buf, v6 ? "/64" : "");
}
