/*
 * test_error.c - errors for people: every error code has its own short
 * name, and text quoted from input reaches a message only as printable
 * ASCII (ls_printable).
 */
#include "support/support.h"

#include <stdio.h>
#include <string.h>

static void test_every_error_code_has_its_own_message(void **state)
{
    (void)state;
    const char *seen[16] = {0};
    for (int code = LS_OK; code >= LS_ERECORD; code--) {
        const char *msg = ls_strerror(code);
        assert_non_null(msg);
        assert_true(msg[0] != '\0');
        assert_string_not_equal(msg, ls_strerror(1000));
        for (int k = 0; k < -code; k++)
            if (!strcmp(seen[k], msg))
                fail_msg("codes %d and %d share the message '%s'", -k, code, msg);
        seen[-code] = msg;
    }
    assert_string_equal(ls_strerror(LS_OK), "success");
    assert_string_equal(ls_strerror(LS_ESHAPE), "illegal discard");
}

static void test_an_unknown_code_is_said_to_be_unknown(void **state)
{
    (void)state;
    assert_string_equal(ls_strerror(LS_ERECORD - 1), "unknown error");
    assert_string_equal(ls_strerror(42), "unknown error");
}

static void test_printable_text_is_copied_as_it_is(void **state)
{
    (void)state;
    char out[64];
    assert_ptr_equal(ls_printable("discard 7H 8H", out, sizeof out), out);
    assert_string_equal(out, "discard 7H 8H");
    assert_string_equal(ls_printable("", out, sizeof out), "");
}

static void test_control_and_non_ascii_bytes_are_written_as_hex(void **state)
{
    (void)state;
    char out[64];
    /* A terminal title sequence, a tab, DEL and the bytes of a UTF-8 'e'
     * with an accent: none reaches the terminal as it is. */
    assert_string_equal(ls_printable("\033]0;x\007\tA\177\303\251", out, sizeof out),
                        "\\x1b]0;x\\x07\\x09A\\x7f\\xc3\\xa9");
}

/* The four characters \x41 in a text are not the byte 'A' escaped: a
 * backslash is written \\, so that every escape reads one way back. */
static void test_a_backslash_is_written_doubled(void **state)
{
    (void)state;
    char out[64];
    assert_string_equal(ls_printable("a\\x41\\", out, sizeof out), "a\\\\x41\\\\");
    assert_string_equal(ls_printable_n("\\\033", 2, out, sizeof out), "\\\\\\x1b");
    /* Cut before a doubled backslash that does not fit, never inside it. */
    assert_string_equal(ls_printable("ab\\c", out, 4), "ab");
    assert_string_equal(ls_printable("ab\\c", out, 5), "ab\\\\");
}

static void test_printable_text_is_cut_to_fit_never_inside_an_escape(void **state)
{
    (void)state;
    char out[8];
    assert_string_equal(ls_printable("abcdefghij", out, sizeof out), "abcdefg");
    assert_string_equal(ls_printable("abc\001def", out, 6), "abc");
    assert_string_equal(ls_printable("ab\001", out, 7), "ab\\x01");
    /* A zero size writes nothing at all. */
    out[0] = 'z';
    ls_printable("abc", out, 0);
    assert_int_equal(out[0], 'z');
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_every_error_code_has_its_own_message),
    cmocka_unit_test(test_an_unknown_code_is_said_to_be_unknown),
    cmocka_unit_test(test_printable_text_is_copied_as_it_is),
    cmocka_unit_test(test_control_and_non_ascii_bytes_are_written_as_hex),
    cmocka_unit_test(test_a_backslash_is_written_doubled),
    cmocka_unit_test(test_printable_text_is_cut_to_fit_never_inside_an_escape),
};

LS_TEST_MAIN(tests)
