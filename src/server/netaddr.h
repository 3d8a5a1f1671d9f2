/*
 * netaddr.h - which address a connection comes from, when the server sits
 * behind a proxy (`leastscore serve --trust-proxy`).
 *
 * The server limits tables, connections, logins and unknown table codes
 * per client address. Behind a TLS proxy every connection comes from the
 * proxy, so the limits would be shared by all players; a proxy says whom
 * it forwards for in X-Forwarded-For, appending the address it got the
 * request from. Only a proxy the server was told to trust may say so, and
 * only its own entry counts: the entries before it were written by the
 * client and prove nothing. With a chain of trusted proxies the client is
 * the rightmost entry that is not itself a trusted proxy.
 *
 * The limits count a client by a key (netaddr_limit_key), not by its
 * address: an IPv4 address is its own key, but an IPv6 client is counted
 * by its /64 prefix. An IPv6 host is normally given a whole /64 and can
 * take a new address from it for every connection, so counted per
 * address it would escape every limit. The log still names the address.
 *
 * Plain logic on strings (inet_pton/inet_ntop), no sockets: unit-tested in
 * tests/test_netaddr.c and fuzzed by tests/fuzz/fuzz_netaddr.c.
 */
#ifndef LS_SERVER_NETADDR_H
#define LS_SERVER_NETADDR_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>

#define NETADDR_MAX 16  /* addresses in a --trust-proxy list */
#define NETADDR_LEN 46  /* INET6_ADDRSTRLEN: the longest address as text */
#define NETADDR_KEY_LEN (NETADDR_LEN + 3) /* and "/64" after it: the longest key */

/* A list of IP addresses; IPv4 ones are kept as IPv4-mapped IPv6 (so that
 * 127.0.0.1 and ::ffff:127.0.0.1 are one address). Plain data. */
typedef struct netaddr_list {
    int n;
    struct in6_addr addr[NETADDR_MAX];
} netaddr_list;

/* Parses text, IP addresses separated by commas (blanks around them
 * allowed), into *out. Returns 0, or -1 with the reason in err ("'10.0.0'
 * is not an IP address") and *out unchanged. */
int netaddr_parse_list(const char *text, netaddr_list *out, char *err, size_t size);

/* Whether addr (text, IPv4 or IPv6) is in l. false for text that is not
 * an address. */
bool netaddr_in_list(const netaddr_list *l, const char *addr);

/* The client's address, as text in out (at most NETADDR_LEN - 1
 * characters): the peer's own unless the peer is trusted and forwarded
 * (the X-Forwarded-For value, or NULL when the header was not sent), then
 * the rightmost entry not in trusted. An entry that is not an IP address
 * (a port, "unknown", junk) ends the walk: the address is then the one
 * that stands to its right, since nothing trusted vouches for what is
 * further left. Returns true when the address came from the header. */
bool netaddr_client(const netaddr_list *trusted, const char *peer, const char *forwarded,
                    char *out, size_t size);

/* The key addr (text, as netaddr_client gives it) is counted under for
 * the per-address limits, as text in out (at most NETADDR_KEY_LEN - 1
 * characters): an IPv4 address itself, dotted (also when it comes
 * IPv4-mapped, "::ffff:203.0.113.7"); an IPv6 address's /64 prefix, such
 * as "2001:db8:1:2::/64" for every address from 2001:db8:1:2::0 to
 * 2001:db8:1:2:ffff:ffff:ffff:ffff. Text that is not an address is its
 * own key (cut to fit). A key is its own key again. */
void netaddr_limit_key(const char *addr, char *out, size_t size);

#endif
