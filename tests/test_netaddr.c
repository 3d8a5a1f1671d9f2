/*
 * test_netaddr.c - the client's address behind trusted proxies
 * (src/server/netaddr.c, `leastscore serve --trust-proxy`): the list is
 * parsed strictly, only a trusted peer's X-Forwarded-For is read, only the
 * entries trusted hops vouch for count, and junk falls back to the last
 * address vouched for. The limits count an IPv4 client by its address and
 * an IPv6 one by its /64 (netaddr_limit_key).
 */
#include "support/support.h"

#include <string.h>

#include "server/netaddr.h"

static netaddr_list trusted(const char *text)
{
    netaddr_list l;
    char err[160];
    assert_int_equal(netaddr_parse_list(text, &l, err, sizeof err), 0);
    return l;
}

/* The address netaddr_client gives for peer and header, and whether it
 * came from the header. */
static const char *client(const netaddr_list *l, const char *peer, const char *xff, bool *from)
{
    static char out[NETADDR_LEN];
    *from = netaddr_client(l, peer, xff, out, sizeof out);
    return out;
}

static void test_a_list_of_addresses_is_read_with_blanks_and_both_families(void **state)
{
    (void)state;
    netaddr_list l = trusted(" 127.0.0.1 ,::1,10.0.0.2");
    assert_int_equal(l.n, 3);
    assert_true(netaddr_in_list(&l, "127.0.0.1"));
    assert_true(netaddr_in_list(&l, "::ffff:127.0.0.1")); /* the same address, mapped */
    assert_true(netaddr_in_list(&l, "0:0:0:0:0:0:0:1"));
    assert_true(netaddr_in_list(&l, "10.0.0.2"));
    assert_false(netaddr_in_list(&l, "10.0.0.3"));
    assert_false(netaddr_in_list(&l, "localhost"));
    assert_false(netaddr_in_list(&l, ""));
}

static void test_a_bad_list_is_refused_with_the_entry_and_changes_nothing(void **state)
{
    (void)state;
    netaddr_list l = trusted("10.1.1.1");
    char err[160];
    static const struct {
        const char *text, *says;
    } bad[] = {
        {"10.0.0", "'10.0.0' is not an IP address (such as 127.0.0.1 or ::1)"},
        {"127.0.0.1,,::1", "an empty entry in '127.0.0.1,,::1'"},
        {"", "an empty entry in ''"},
        {"127.0.0.1,", "an empty entry"},
        {"localhost", "'localhost' is not an IP address"},
        {"10.0.0.1/8", "'10.0.0.1/8' is not an IP address"},
        {"[::1]", "'[::1]' is not an IP address"},
        {"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17", "is not an IP address"},
        {"1.0.0.1,1.0.0.2,1.0.0.3,1.0.0.4,1.0.0.5,1.0.0.6,1.0.0.7,1.0.0.8,1.0.0.9,"
         "1.0.0.10,1.0.0.11,1.0.0.12,1.0.0.13,1.0.0.14,1.0.0.15,1.0.0.16,1.0.0.17",
         "more than 16 addresses"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_int_equal(netaddr_parse_list(bad[i].text, &l, err, sizeof err), -1);
        if (!strstr(err, bad[i].says))
            fail_msg("'%s': '%s' does not say '%s'", bad[i].text, err, bad[i].says);
        assert_int_equal(l.n, 1);
        assert_true(netaddr_in_list(&l, "10.1.1.1"));
    }
}

static void test_only_a_trusted_peer_is_believed(void **state)
{
    (void)state;
    netaddr_list none = {0}, l = trusted("127.0.0.1");
    bool from;
    assert_string_equal(client(&none, "127.0.0.1", "203.0.113.7", &from), "127.0.0.1");
    assert_false(from);
    assert_string_equal(client(&l, "192.0.2.1", "203.0.113.7", &from), "192.0.2.1");
    assert_false(from);
    assert_string_equal(client(&l, "127.0.0.1", "203.0.113.7", &from), "203.0.113.7");
    assert_true(from);
    assert_string_equal(client(&l, "::ffff:127.0.0.1", "203.0.113.7", &from), "203.0.113.7");
    assert_string_equal(client(&l, "127.0.0.1", NULL, &from), "127.0.0.1");
    assert_false(from);
    assert_string_equal(client(&l, "127.0.0.1", "", &from), "127.0.0.1");
    assert_false(from);
}

static void test_the_entries_a_client_wrote_itself_count_for_nothing(void **state)
{
    (void)state;
    netaddr_list l = trusted("127.0.0.1");
    bool from;
    assert_string_equal(client(&l, "127.0.0.1", "1.1.1.1, 2.2.2.2 ,203.0.113.7", &from),
                        "203.0.113.7");
    assert_string_equal(client(&l, "127.0.0.1", "127.0.0.1", &from), "127.0.0.1");
    assert_true(from);
}

static void test_a_chain_of_trusted_proxies_is_walked_from_the_right(void **state)
{
    (void)state;
    netaddr_list l = trusted("127.0.0.1,10.9.9.9,2001:db8::9");
    bool from;
    assert_string_equal(client(&l, "127.0.0.1", "6.6.6.6, 203.0.113.7, 2001:db8::9, 10.9.9.9",
                               &from), "203.0.113.7");
    assert_true(from);
    /* Every entry a trusted proxy: the leftmost one is all that is known. */
    assert_string_equal(client(&l, "127.0.0.1", "10.9.9.9,10.9.9.9", &from), "10.9.9.9");
}

static void test_junk_stops_the_walk_at_the_last_address_vouched_for(void **state)
{
    (void)state;
    netaddr_list l = trusted("127.0.0.1,10.9.9.9");
    bool from;
    static const char *const junk[] = {"unknown", "203.0.113.7:4711", "[2001:db8::1]",
                                       "203.0.113.7,", "203.0.113.7, ", " , ",
                                       "a\"b", "203.0.113.7\n1.1.1.1"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        assert_string_equal(client(&l, "127.0.0.1", junk[i], &from), "127.0.0.1");
        assert_false(from);
    }
    assert_string_equal(client(&l, "127.0.0.1", "203.0.113.7, junk, 10.9.9.9", &from),
                        "10.9.9.9");
    assert_true(from);
}

static void test_addresses_come_out_in_one_canonical_text(void **state)
{
    (void)state;
    netaddr_list l = trusted("127.0.0.1");
    bool from;
    assert_string_equal(client(&l, "127.0.0.1", "2001:DB8:0:0:0:0:0:1", &from), "2001:db8::1");
    assert_string_equal(client(&l, "127.0.0.1", "::ffff:203.0.113.7", &from), "203.0.113.7");
    assert_string_equal(client(&l, "::ffff:192.0.2.1", NULL, &from), "192.0.2.1");
    /* A peer lws could not name is kept as it was given. */
    assert_string_equal(client(&l, "", "203.0.113.7", &from), "");
    /* A small buffer gets a cut address, never an overflow. */
    char out[6];
    netaddr_client(&l, "127.0.0.1", "203.0.113.7", out, sizeof out);
    assert_string_equal(out, "203.0");
}

static const char *key(const char *addr)
{
    static char out[NETADDR_KEY_LEN];
    netaddr_limit_key(addr, out, sizeof out);
    return out;
}

static void test_an_ipv6_client_counts_by_its_64_prefix(void **state)
{
    (void)state;
    /* Every address a host can take from its /64 is one key... */
    assert_string_equal(key("2001:db8:1:2::1"), "2001:db8:1:2::/64");
    assert_string_equal(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64");
    assert_string_equal(key("2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF"), "2001:db8:1:2::/64");
    assert_string_equal(key("2001:0db8:0001:0002:0000:0000:0000:0007"), "2001:db8:1:2::/64");
    /* ...and the next /64 another. */
    assert_string_equal(key("2001:db8:1:3::1"), "2001:db8:1:3::/64");
    assert_string_equal(key("2001:db8::1"), "2001:db8::/64");
    assert_string_equal(key("fe80::1:2:3:4"), "fe80::/64");
    assert_string_equal(key("::1"), "::/64");
    /* The longest key fits. */
    assert_string_equal(key("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"),
                        "ffff:ffff:ffff:ffff::/64");
}

static void test_an_ipv4_client_counts_by_its_address_also_when_mapped(void **state)
{
    (void)state;
    assert_string_equal(key("203.0.113.7"), "203.0.113.7");
    assert_string_equal(key("203.0.113.8"), "203.0.113.8");
    assert_string_equal(key("::ffff:203.0.113.7"), "203.0.113.7");
    assert_string_equal(key("::FFFF:cb00:7107"), "203.0.113.7");
}

static void test_a_key_is_its_own_key_and_junk_is_kept(void **state)
{
    (void)state;
    static const char *const addrs[] = {"2001:db8:1:2::1", "::1", "203.0.113.7",
                                        "::ffff:192.0.2.1"};
    for (size_t i = 0; i < sizeof addrs / sizeof addrs[0]; i++) {
        char once[NETADDR_KEY_LEN];
        netaddr_limit_key(addrs[i], once, sizeof once);
        assert_string_equal(key(once), once);
    }
    /* A peer lws could not name (netaddr_client keeps it) keys as itself. */
    assert_string_equal(key(""), "");
    assert_string_equal(key("unknown"), "unknown");
    /* A small buffer gets a cut key, never an overflow. */
    char out[8];
    netaddr_limit_key("2001:db8:1:2::1", out, sizeof out);
    assert_string_equal(out, "2001:db");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_a_list_of_addresses_is_read_with_blanks_and_both_families),
    cmocka_unit_test(test_a_bad_list_is_refused_with_the_entry_and_changes_nothing),
    cmocka_unit_test(test_only_a_trusted_peer_is_believed),
    cmocka_unit_test(test_the_entries_a_client_wrote_itself_count_for_nothing),
    cmocka_unit_test(test_a_chain_of_trusted_proxies_is_walked_from_the_right),
    cmocka_unit_test(test_junk_stops_the_walk_at_the_last_address_vouched_for),
    cmocka_unit_test(test_addresses_come_out_in_one_canonical_text),
    cmocka_unit_test(test_an_ipv6_client_counts_by_its_64_prefix),
    cmocka_unit_test(test_an_ipv4_client_counts_by_its_address_also_when_mapped),
    cmocka_unit_test(test_a_key_is_its_own_key_and_junk_is_kept),
};

LS_TEST_MAIN(tests)
