/*
 * test_webpath.c - the client's page addresses and the texts about a path
 * (src/server/webpath.c): which paths are the page's (each route's
 * segment at its shortest and longest, one byte too long, empty, a
 * character outside it, a slash after it, "." and ".."), a client's bytes
 * quoted safely and cut (UTF-8 cut inside a character, control bytes,
 * the smallest buffers), and the 404 that says what a page's address is.
 */
#include "support/support.h"

#include <string.h>

#include "server/webpath.h"

static const char *const levels[] = {"random", "greedy", "expert", NULL};

static void test_the_exact_pages_and_nothing_near_them(void **state)
{
    (void)state;
    assert_true(webpath_client_page("/leaderboard"));
    assert_false(webpath_client_page("/leaderboard/"));
    assert_false(webpath_client_page("/leaderboardx"));
    assert_false(webpath_client_page("/Leaderboard"));
    assert_false(webpath_client_page("/"));
    assert_false(webpath_client_page(""));
    assert_false(webpath_client_page("leaderboard"));
}

static void test_a_segment_is_one_to_its_most_bytes_of_its_characters(void **state)
{
    (void)state;
    assert_true(webpath_client_page("/players/A"));
    assert_true(webpath_client_page("/players/Ann_b-9"));
    assert_true(webpath_client_page("/players/abcdefghijklmnop"));   /* 16 */
    assert_false(webpath_client_page("/players/abcdefghijklmnopq")); /* 17 */
    assert_false(webpath_client_page("/players/"));
    assert_false(webpath_client_page("/players/bad.name"));
    assert_false(webpath_client_page("/players/Jos\xc3\xa9"));
    assert_false(webpath_client_page("/players/Ann/"));
    assert_false(webpath_client_page("/players/Ann/x"));
    assert_true(webpath_client_page("/bots/expert"));
    assert_false(webpath_client_page("/bots/exp3rt"));
    assert_true(webpath_client_page("/matches/123456789012345678901234"));   /* 24 */
    assert_false(webpath_client_page("/matches/1234567890123456789012345")); /* 25 */
    assert_true(webpath_client_page("/matches/1.5"));
}

static void test_only_a_table_link_may_end_in_one_slash(void **state)
{
    (void)state;
    assert_true(webpath_client_page("/t/K7QF2"));
    assert_true(webpath_client_page("/t/K7QF2/"));
    assert_false(webpath_client_page("/t/K7QF2//"));
    assert_false(webpath_client_page("/t/K7QF2/x"));
    assert_false(webpath_client_page("/t/"));
    assert_false(webpath_client_page("/t//"));
    assert_false(webpath_client_page("/t/K7_F2"));
}

/* A browser resolves a segment "." or ".." before it asks, so its page is
 * never at /matches/..: the server, which sees one when libwebsockets
 * leaves it (before a %00 that ends the path), does not serve the page.
 * Other segments of dots are a match's id like any (the API says what is
 * wrong with it). */
static void test_a_dot_segment_is_no_page(void **state)
{
    (void)state;
    assert_false(webpath_client_page("/matches/."));
    assert_false(webpath_client_page("/matches/.."));
    assert_false(webpath_client_page("/matches/../"));
    assert_false(webpath_client_page("/players/.."));
    assert_false(webpath_client_page("/t/.."));
    assert_false(webpath_client_page("/t/../"));
    assert_true(webpath_client_page("/matches/..."));
    assert_true(webpath_client_page("/matches/..1"));
    assert_true(webpath_client_page("/matches/1.."));
    assert_true(webpath_client_page("/matches/.1"));
    char out[256];
    webpath_not_found("/matches/..", false, levels, out, sizeof out);
    assert_string_equal(out, "not found: /matches/.. is no page: a match's page is "
                             "/matches/ID, ID a whole number from 1\n");
}

static void test_a_quote_keeps_short_text_and_cuts_long_text_with_dots(void **state)
{
    (void)state;
    char out[8]; /* 4 bytes kept, then "..." */
    webpath_quote(out, sizeof out, "abcd");
    assert_string_equal(out, "abcd");
    webpath_quote(out, sizeof out, "abcde");
    assert_string_equal(out, "abcd...");
    webpath_quote(out, sizeof out, "");
    assert_string_equal(out, "");
    /* The smallest buffer that holds "...": nothing kept. */
    char four[4];
    webpath_quote(four, sizeof four, "a");
    assert_string_equal(four, "...");
    webpath_quote(four, sizeof four, "");
    assert_string_equal(four, "");
    /* Less than that: an empty string, nothing written past it. */
    char three[4] = "xyz";
    webpath_quote(three, 3, "abc");
    assert_string_equal(three, "");
    assert_int_equal(three[1], 'y');
    webpath_quote(three, 0, "abc");
    assert_string_equal(three, "");
}

static void test_a_quote_shows_control_bytes_and_broken_utf8_as_marks(void **state)
{
    (void)state;
    char out[32];
    webpath_quote(out, sizeof out, "a\x1b[31mb\x7f\tc\r\n");
    assert_string_equal(out, "a?[31mb??c??");
    webpath_quote(out, sizeof out, "Jos\xc3\xa9 \xff\xc3");
    assert_string_equal(out, "Jos\xc3\xa9 ??");
    /* A character cut at the end of what is kept is no half character. */
    char seven[7]; /* 3 bytes kept */
    webpath_quote(seven, sizeof seven, "ab\xc3\xa9");
    assert_string_equal(seven, "ab?...");
}

static void test_a_path_under_no_page_is_plainly_not_found(void **state)
{
    (void)state;
    char out[256];
    webpath_not_found("/nothing.js", false, levels, out, sizeof out);
    assert_string_equal(out, "not found\n");
    webpath_not_found("/nothing", true, levels, out, sizeof out);
    assert_string_equal(out, "not found: no address of this site has '&' or ';' in its path\n");
}

static void test_a_path_under_a_page_says_what_its_address_is(void **state)
{
    (void)state;
    char out[256];
    webpath_not_found("/players/bad.name", false, levels, out, sizeof out);
    assert_string_equal(out, "not found: /players/bad.name is no page: a player's page is "
                             "/players/NAME, NAME 1 to 16 of A-Z a-z 0-9 _ -\n");
    webpath_not_found("/t/K7", true, levels, out, sizeof out);
    assert_string_equal(out, "not found: /t/K7 followed by '&' or ';' is no page: a table's "
                             "link is /t/CODE, CODE its letters and digits\n");
    webpath_not_found("/bots/x1", false, levels, out, sizeof out);
    assert_string_equal(out, "not found: /bots/x1 is no page: a computer level's page is "
                             "/bots/LEVEL (the levels: random, greedy, expert)\n");
    webpath_not_found("/bots/x1", false, NULL, out, sizeof out);
    assert_string_equal(out, "not found: /bots/x1 is no page: a computer level's page is "
                             "/bots/LEVEL\n");
}

static void test_a_long_path_is_quoted_cut_and_the_text_fits_its_buffer(void **state)
{
    (void)state;
    char url[200], out[256];
    memcpy(url, "/players/", 9);
    memset(url + 9, 'x', sizeof url - 10);
    url[sizeof url - 1] = '\0';
    webpath_not_found(url, false, levels, out, sizeof out);
    char expect[WEBPATH_QUOTED + 1];
    memcpy(expect, url, WEBPATH_QUOTED);
    expect[WEBPATH_QUOTED] = '\0';
    assert_non_null(strstr(out, expect));
    assert_non_null(strstr(out, "xxx... is no page"));
    /* A buffer too small for the whole text: cut, still a C string. */
    char small[24];
    memset(small, '#', sizeof small);
    webpath_not_found("/bots/x1", false, levels, small, sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_memory_equal(small, "not found: /bots/x1 is ", 23);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_the_exact_pages_and_nothing_near_them),
    cmocka_unit_test(test_a_segment_is_one_to_its_most_bytes_of_its_characters),
    cmocka_unit_test(test_only_a_table_link_may_end_in_one_slash),
    cmocka_unit_test(test_a_dot_segment_is_no_page),
    cmocka_unit_test(test_a_quote_keeps_short_text_and_cuts_long_text_with_dots),
    cmocka_unit_test(test_a_quote_shows_control_bytes_and_broken_utf8_as_marks),
    cmocka_unit_test(test_a_path_under_no_page_is_plainly_not_found),
    cmocka_unit_test(test_a_path_under_a_page_says_what_its_address_is),
    cmocka_unit_test(test_a_long_path_is_quoted_cut_and_the_text_fits_its_buffer),
};

LS_TEST_MAIN(tests)
