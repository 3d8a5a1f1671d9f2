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

static void test_a_shown_text_is_cut_between_characters(void **state)
{
    (void)state;
    /* What fits is kept whole; a cut is never inside an escape. */
    assert_int_equal(ls_printable_cut("abc", 10), 3);
    assert_int_equal(ls_printable_cut("abc", 2), 2);
    assert_int_equal(ls_printable_cut("abc", 0), 0);
    assert_int_equal(ls_printable_cut("ab\\x1bc", 2), 2);
    assert_int_equal(ls_printable_cut("ab\\x1bc", 5), 2);
    assert_int_equal(ls_printable_cut("ab\\x1bc", 6), 6);
    assert_int_equal(ls_printable_cut("ab\\\\c", 3), 2);
    assert_int_equal(ls_printable_cut("ab\\\\c", 4), 4);
    /* A UTF-8 character (2, 3, 4 bytes) is kept whole or left out. */
    const char *text = "a\u00e9\u4e2d\U0001f600z"; /* a é 中 😀 z */
    static const size_t fits[] = {0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10, 11};
    for (size_t max = 0; max < sizeof fits / sizeof fits[0]; max++)
        assert_int_equal(ls_printable_cut(text, max), fits[max]);
    /* Bytes that are not UTF-8 (a stray continuation byte, a lead byte
     * without its continuation) count one each; an escape or character
     * cut short by the text's end counts what is there. */
    assert_int_equal(ls_printable_cut("\x80\x80", 1), 1);
    assert_int_equal(ls_printable_cut("\xe4" "a", 1), 1);
    assert_int_equal(ls_printable_cut("ab\\x1", 5), 5);
    assert_int_equal(ls_printable_cut("ab\\", 3), 3);
    assert_int_equal(ls_printable_cut("\xe4\xb8", 2), 2);
}

static void test_the_escapes_of_one_character_are_cut_all_or_none(void **state)
{
    (void)state;
    /* 'x', U+202E (\xe2\x80\xae), 'y': the character's three escapes
     * stay together, as its three bytes would. */
    const char *rlo = "x\\xe2\\x80\\xaey";
    for (size_t max = 0; max <= 14; max++)
        assert_int_equal(ls_printable_cut(rlo, max), max < 1 ? 0 : max < 13 ? 1 : max < 14 ? 13 : 14);
    /* 2 and 4 bytes (é, 😀), hex in capitals too. */
    assert_int_equal(ls_printable_cut("\\xc3\\xa9", 7), 0);
    assert_int_equal(ls_printable_cut("\\xC3\\xA9", 8), 8);
    assert_int_equal(ls_printable_cut("\\xf0\\x9f\\x98\\x80a", 15), 0);
    assert_int_equal(ls_printable_cut("\\xf0\\x9f\\x98\\x80a", 16), 16);
    /* Escapes that are not one character's bytes are cut one by one: a
     * lead byte without all its continuation bytes (here before a letter
     * or the text's end), continuation bytes alone, bytes that no UTF-8
     * character starts with. */
    assert_int_equal(ls_printable_cut("\\xe2\\x80z", 7), 4);
    assert_int_equal(ls_printable_cut("\\xe2\\x80", 7), 4);
    assert_int_equal(ls_printable_cut("\\x80\\x80", 7), 4);
    assert_int_equal(ls_printable_cut("\\xff\\x80", 7), 4);
    assert_int_equal(ls_printable_cut("\\xc0\\x80", 7), 4);
    assert_int_equal(ls_printable_cut("\\x1b\\x80", 7), 4);
    /* A backslash's escape before a lead byte's escape is its own. */
    assert_int_equal(ls_printable_cut("\\\\xc3\\xa9", 3), 3);
    assert_int_equal(ls_printable_cut("\\\\xc3\\xa9", 8), 5);
    assert_int_equal(ls_printable_cut("\\\\xc3\\xa9", 9), 9);
    /* What ls_printable writes of UTF-8 is cut at its characters. */
    char shown[64];
    ls_printable("a\u00e9\u4e2d", shown, sizeof shown); /* a\xc3\xa9\xe4\xb8\xad */
    assert_string_equal(shown, "a\\xc3\\xa9\\xe4\\xb8\\xad");
    for (size_t max = 0; max <= 22; max++)
        assert_int_equal(ls_printable_cut(shown, max),
                         max < 1 ? 0 : max < 9 ? 1 : max < 21 ? 9 : 21);
}

/* ls_printable_n cut to fit its buffer keeps all of one UTF-8
 * character's escapes or none, as ls_printable_cut does: never \xe2
 * alone where the three bytes of U+202E were given. */
static void test_a_printable_copy_cut_to_fit_keeps_one_characters_escapes_together(void **state)
{
    (void)state;
    char out[32], want[32];
    /* 'x', U+202E, 'y' is shown in 14 bytes: x\xe2\x80\xaey. */
    const char *shown = "x\\xe2\\x80\\xaey";
    for (size_t size = 1; size <= 16; size++) {
        int keep = size < 2 ? 0 : size < 14 ? 1 : size < 15 ? 13 : 14;
        snprintf(want, sizeof want, "%.*s", keep, shown);
        assert_string_equal(ls_printable("x\xe2\x80\xaey", out, size), want);
        assert_string_equal(ls_printable_n("x\xe2\x80\xaey", 5, out, size), want);
    }
    /* 2 and 4 bytes (é, 😀), and a NUL in the middle of a text that is no
     * C string. */
    assert_string_equal(ls_printable("\u00e9", out, 8), "");
    assert_string_equal(ls_printable("\u00e9", out, 9), "\\xc3\\xa9");
    assert_string_equal(ls_printable("a\U0001f600", out, 17), "a");
    assert_string_equal(ls_printable("a\U0001f600", out, 18), "a\\xf0\\x9f\\x98\\x80");
    assert_string_equal(ls_printable_n("\0\xc3\xa9", 3, out, 12), "\\x00");
    /* Bytes that are no whole UTF-8 character are cut one by one: a lead
     * byte without its continuation bytes (before a letter, or at the end
     * of the len given), continuation bytes alone. */
    assert_string_equal(ls_printable("\xe2\x80z", out, 8), "\\xe2");
    assert_string_equal(ls_printable_n("\xe2\x80\xae", 2, out, 8), "\\xe2");
    assert_string_equal(ls_printable("\x80\x80\x80", out, 9), "\\x80\\x80");
    assert_string_equal(ls_printable("\xff\x80", out, 8), "\\xff");
    /* Uncut, every byte is there as before. */
    assert_string_equal(ls_printable("\xe2\x80", out, sizeof out), "\\xe2\\x80");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_every_error_code_has_its_own_message),
    cmocka_unit_test(test_an_unknown_code_is_said_to_be_unknown),
    cmocka_unit_test(test_printable_text_is_copied_as_it_is),
    cmocka_unit_test(test_control_and_non_ascii_bytes_are_written_as_hex),
    cmocka_unit_test(test_a_backslash_is_written_doubled),
    cmocka_unit_test(test_printable_text_is_cut_to_fit_never_inside_an_escape),
    cmocka_unit_test(test_a_shown_text_is_cut_between_characters),
    cmocka_unit_test(test_the_escapes_of_one_character_are_cut_all_or_none),
    cmocka_unit_test(test_a_printable_copy_cut_to_fit_keeps_one_characters_escapes_together),
};

LS_TEST_MAIN(tests)
