/*
 * test_httphdr.c - the HTTP text the server reads and writes itself
 * (src/server/httphdr.c): the three forms of an HTTP date (RFC 9110
 * 5.6.7) with only real days read, dates written back as IMF-fixdate,
 * If-None-Match lists compared weakly with "*" and malformed lists told
 * apart, and an unknown method named safely.
 */
#include "support/support.h"

#include <string.h>

#include "server/httphdr.h"

/* The instant text reads as, or -2 when it is refused (which leaves
 * the time it was given alone). */
static long long parsed(const char *text)
{
    time_t t = -2;
    bool ok = httphdr_date_parse(text, &t);
    if (!ok)
        assert_int_equal(t, -2);
    return ok ? (long long)t : -2;
}

static void test_the_three_date_forms_read_as_one_instant(void **state)
{
    (void)state;
    assert_int_equal(parsed("Sun, 06 Nov 1994 08:49:37 GMT"), 784111777);
    assert_int_equal(parsed("Sunday, 06-Nov-94 08:49:37 GMT"), 784111777);
    assert_int_equal(parsed("Sun Nov  6 08:49:37 1994"), 784111777);
    assert_int_equal(parsed("Thu, 01 Jan 1970 00:00:00 GMT"), 0);
    /* RFC 850's two-digit year: 19xx from 70, else 20xx. */
    assert_int_equal(parsed("Thursday, 01-Jan-70 00:00:00 GMT"), 0);
    assert_int_equal(parsed("Saturday, 01-Jan-00 00:00:00 GMT"), 946684800);
    assert_int_equal(parsed("Tuesday, 31-Dec-69 23:59:59 GMT"), 3155759999LL);
}

static void test_a_date_is_written_as_imf_fixdate_and_read_back(void **state)
{
    (void)state;
    char out[HTTPHDR_DATE_LEN];
    httphdr_date(784111777, out);
    assert_string_equal(out, "Sun, 06 Nov 1994 08:49:37 GMT");
    httphdr_date(951782400, out); /* 2000 is a leap year */
    assert_string_equal(out, "Tue, 29 Feb 2000 00:00:00 GMT");
    assert_int_equal(parsed(out), 951782400);
    httphdr_date(253402300799LL, out);
    assert_string_equal(out, "Fri, 31 Dec 9999 23:59:59 GMT");
    assert_int_equal(parsed(out), 253402300799LL);
    /* Past year 9999 there is no HTTP date: the epoch is written. */
    httphdr_date(253402300800LL, out);
    assert_string_equal(out, "Thu, 01 Jan 1970 00:00:00 GMT");
}

static void test_february_29_is_read_only_in_a_leap_year(void **state)
{
    (void)state;
    assert_int_equal(parsed("Tue, 29 Feb 2000 00:00:00 GMT"), 951782400);
    assert_int_equal(parsed("Thu, 29 Feb 2024 00:00:00 GMT"), 1709164800);
    assert_int_equal(parsed("Thu, 29 Feb 1900 00:00:00 GMT"), -2); /* before 1970 anyway */
    assert_int_equal(parsed("Fri, 29 Feb 2100 00:00:00 GMT"), -2); /* 2100 is not leap */
    assert_int_equal(parsed("Sun, 29 Feb 2099 00:00:00 GMT"), -2);
    assert_int_equal(parsed("Sun Feb 29 00:00:00 2099"), -2);
    assert_int_equal(parsed("Sunday, 29-Feb-99 00:00:00 GMT"), -2);
}

static void test_out_of_range_fields_are_refused(void **state)
{
    (void)state;
    /* A day the month does not have was carried into the next month. */
    assert_int_equal(parsed("Tue, 31 Feb 2099 00:00:00 GMT"), -2);
    assert_int_equal(parsed("Sun, 31 Apr 2099 00:00:00 GMT"), -2);
    assert_int_equal(parsed("Sun, 00 Jan 2000 00:00:00 GMT"), -2);
    assert_int_equal(parsed("Sun, 32 Jan 2000 00:00:00 GMT"), -2);
    assert_int_equal(parsed("Sun, 01 Jan 2000 24:00:00 GMT"), -2);
    assert_int_equal(parsed("Sun, 01 Jan 2000 00:60:00 GMT"), -2);
    assert_int_equal(parsed("Sun, 01 Jan 2000 00:00:61 GMT"), -2);
    assert_int_equal(parsed("Sun, 01 Jan 2000 -1:00:00 GMT"), -2);
    assert_int_equal(parsed("Wed, 31 Dec 1969 23:59:59 GMT"), -2);
    assert_int_equal(parsed("Sun, 01 Foo 2000 00:00:00 GMT"), -2);
    assert_int_equal(parsed("Sun, 01 jan 2000 00:00:00 GMT"), -2);
    /* A negative two-digit year is not 19xx or 20xx. */
    assert_int_equal(parsed("Sunday, 06-Nov--5 08:49:37 GMT"), -2);
    /* A leap second is read, as the next minute's first. */
    assert_int_equal(parsed("Sat, 31 Dec 2016 23:59:60 GMT"), 1483228800);
    /* But not the one that would end year 9999: no HTTP date writes it
     * (found by fuzz_httphdr). */
    assert_int_equal(parsed("Fri, 31 Dec 9999 23:59:60 GMT"), -2);
    assert_int_equal(parsed("Fri Dec 31 23:59:60 9999"), -2);
}

static void test_a_date_with_anything_more_or_less_is_refused(void **state)
{
    (void)state;
    assert_int_equal(parsed(""), -2);
    assert_int_equal(parsed("yesterday"), -2);
    assert_int_equal(parsed("Sun, 06 Nov 1994 08:49:37 GMT and more"), -2);
    assert_int_equal(parsed("Sun, 06 Nov 1994 08:49:37 GM"), -2);
    assert_int_equal(parsed("Sun, 06 Nov 1994 08:49:37 UTC"), -2);
    assert_int_equal(parsed("Sun, 06 Nov 1994 08:49 GMT"), -2);
    assert_int_equal(parsed("Sun Nov  6 08:49:37 1994 "), -2);
    assert_int_equal(parsed("Sun, 06 Nov 19945 08:49:37 GMT"), -2);
}

static const char *const tag = "\"1a-2b-3c.000000004\"";

static void test_a_tag_list_matches_its_tags_weakly(void **state)
{
    (void)state;
    assert_int_equal(httphdr_etag_match(tag, tag), 1);
    assert_int_equal(httphdr_etag_match("W/\"1a-2b-3c.000000004\"", tag), 1);
    assert_int_equal(httphdr_etag_match("\"other\", W/\"x\",\"1a-2b-3c.000000004\"", tag), 1);
    assert_int_equal(httphdr_etag_match(" ,\"other\" ,, \"1a-2b-3c.000000004\" , ", tag), 1);
    assert_int_equal(httphdr_etag_match("\"other\"", tag), 0);
    assert_int_equal(httphdr_etag_match("W/\"other\", \"x\"", tag), 0);
    assert_int_equal(httphdr_etag_match("\"1a-2b-3c.000000004 \"", tag), -1);
    assert_int_equal(httphdr_etag_match("\"1a-2b-3c.00000000\"", tag), 0);
    assert_int_equal(httphdr_etag_match("\"\"", tag), 0);
    assert_int_equal(httphdr_etag_match("\"\xc3\xa9\"", tag), 0); /* obs-text is etagc */
}

static void test_a_star_matches_any_tag_only_alone(void **state)
{
    (void)state;
    assert_int_equal(httphdr_etag_match("*", tag), 1);
    assert_int_equal(httphdr_etag_match(" *\t", tag), 1);
    assert_int_equal(httphdr_etag_match("*, \"x\"", tag), -1);
    assert_int_equal(httphdr_etag_match("\"x\", *", tag), -1);
    assert_int_equal(httphdr_etag_match("**", tag), -1);
}

static void test_a_malformed_tag_list_is_told_apart(void **state)
{
    (void)state;
    const char *bad[] = {"", " ", ", ,", "not a tag", "1a-2b-3c.000000004\"",
                         "\"1a-2b-3c.000000004", "\"a\" \"b\"", "w/\"a\"", "W/ \"a\"",
                         "W/", "\"a\"x", "\"a\tb\"", "\"a\x7f\"", "\"a\",\"b"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        if (httphdr_etag_match(bad[i], tag) != -1)
            fail_msg("'%s' was not taken as malformed", bad[i]);
    }
}

static void test_a_web_file_tag_is_strong_and_matches_itself(void **state)
{
    (void)state;
    char out[HTTPHDR_ETAG_LEN];
    httphdr_etag(out, 0x1a, 0x2b, 0x3c, 4);
    assert_string_equal(out, tag);
    httphdr_etag(out, ~0ULL, ~0ULL, 0x7fffffffffffffffLL, 999999999);
    assert_string_equal(out, "\"ffffffffffffffff-ffffffffffffffff-7fffffffffffffff.999999999\"");
    assert_int_equal(httphdr_etag_match(out, out), 1);
}

static void test_an_unknown_method_is_named_safely_and_cut(void **state)
{
    (void)state;
    char out[HTTPHDR_METHOD_LEN];
    httphdr_method_shown("FOO", 3, out);
    assert_string_equal(out, "FOO");
    httphdr_method_shown("A\x01\"\xc3\xa9\\B~|", 8, out);
    assert_string_equal(out, "A?????B~");
    httphdr_method_shown("X\0Y", 3, out);
    assert_string_equal(out, "X?Y");
    char long_method[100];
    memset(long_method, 'M', sizeof long_method);
    httphdr_method_shown(long_method, HTTPHDR_METHOD_SHOWN, out);
    assert_int_equal(strlen(out), HTTPHDR_METHOD_SHOWN);
    httphdr_method_shown(long_method, sizeof long_method, out);
    assert_int_equal(strlen(out), HTTPHDR_METHOD_SHOWN + 3);
    assert_string_equal(out + HTTPHDR_METHOD_SHOWN, "...");
    httphdr_method_shown("", 0, out);
    assert_string_equal(out, "");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_the_three_date_forms_read_as_one_instant),
    cmocka_unit_test(test_a_date_is_written_as_imf_fixdate_and_read_back),
    cmocka_unit_test(test_february_29_is_read_only_in_a_leap_year),
    cmocka_unit_test(test_out_of_range_fields_are_refused),
    cmocka_unit_test(test_a_date_with_anything_more_or_less_is_refused),
    cmocka_unit_test(test_a_tag_list_matches_its_tags_weakly),
    cmocka_unit_test(test_a_star_matches_any_tag_only_alone),
    cmocka_unit_test(test_a_malformed_tag_list_is_told_apart),
    cmocka_unit_test(test_a_web_file_tag_is_strong_and_matches_itself),
    cmocka_unit_test(test_an_unknown_method_is_named_safely_and_cut),
};

LS_TEST_MAIN(tests)
