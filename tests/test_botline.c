/*
 * test_botline.c - how the referee splits a bot's output into answers
 * (cli_bot_next_line in src/cli/botproc.c): whole lines, comments and
 * empty lines, carriage returns, and lines longer than the protocol's
 * 1023 bytes, which are cut and flagged however their bytes arrive (all
 * at once, newline included, or in pieces); the cmd: player's own
 * copy of its spec; and a long path cut in its middle for a message.
 */
#include "support/support.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli/botproc.h"

typedef struct reader {
    char buf[CLI_BOT_LINE_MAX * 2];
    size_t len;
    bool skip;
    char line[CLI_BOT_LINE_MAX];
    size_t n; /* the line's length in bytes */
} reader;

/* Appends text to what the reader holds, as one read would. */
static void feed(reader *r, const char *text, size_t n)
{
    assert_true(r->len + n <= sizeof r->buf);
    memcpy(r->buf + r->len, text, n);
    r->len += n;
}

static int next(reader *r)
{
    return cli_bot_next_line(r->buf, &r->len, &r->skip, r->line, sizeof r->line, &r->n);
}

/* A move padded with spaces to total bytes, newline not counted. */
static char *padded(const char *move, size_t total)
{
    char *s = malloc(total + 2);
    assert_non_null(s);
    memset(s, ' ', total);
    memcpy(s, move, strlen(move));
    s[total] = '\n';
    s[total + 1] = '\0';
    return s;
}

static void test_whole_lines_are_taken_and_comments_and_empty_lines_skipped(void **state)
{
    (void)state;
    reader r = {0};
    const char *out = "\n# thinking\r\n\r\ndiscard 2S draw\r\ndecl";
    feed(&r, out, strlen(out));
    assert_int_equal(next(&r), 1);
    assert_string_equal(r.line, "discard 2S draw");
    assert_false(r.skip);
    assert_int_equal(next(&r), 0); /* "decl" has no newline yet */
    assert_int_equal(r.len, 4);
    feed(&r, "are\n", 4);
    assert_int_equal(next(&r), 1);
    assert_string_equal(r.line, "declare");
    assert_int_equal(r.len, 0);
}

static void test_a_line_of_1023_bytes_is_taken_whole(void **state)
{
    (void)state;
    reader r = {0};
    char *line = padded("discard 2S draw", CLI_BOT_LINE_MAX - 1);
    feed(&r, line, strlen(line));
    assert_int_equal(next(&r), 1);
    assert_int_equal(strlen(r.line), CLI_BOT_LINE_MAX - 1);
    assert_false(r.skip);
    assert_int_equal(r.len, 0);
    free(line);
}

/* A '\r' before the newline is no part of the line (bot-protocol.md): a
 * line of 1023 bytes ended "\r\n" is taken whole, read at once or with
 * its newline after the '\r'; it was flagged too long, its 1024th byte
 * the '\r'. One byte more is too long. */
static void test_a_line_of_1023_bytes_ended_with_cr_lf_is_taken_whole(void **state)
{
    (void)state;
    char *line = padded("discard 2S draw", CLI_BOT_LINE_MAX - 1);
    size_t n = strlen(line) - 1; /* without its newline */
    for (int pieces = 1; pieces <= 2; pieces++) {
        reader r = {0};
        feed(&r, line, n);
        feed(&r, "\r", 1);
        if (pieces == 2)
            assert_int_equal(next(&r), 0); /* "\r" may be the line's end */
        feed(&r, "\n", 1);
        assert_int_equal(next(&r), 1);
        assert_int_equal(r.n, CLI_BOT_LINE_MAX - 1);
        assert_memory_equal(r.line, line, CLI_BOT_LINE_MAX - 1);
        assert_false(r.skip);
        assert_int_equal(r.len, 0);
    }
    reader r = {0};
    feed(&r, line, n);
    feed(&r, "x\r\n", 3);
    assert_int_equal(next(&r), 2);
    assert_int_equal(r.len, 0);
    free(line);
}

/* The case a bot met when its padded answer arrived in one read: the
 * newline was in the buffer already, and the line was taken as a whole
 * answer (then judged garbage) instead of being flagged as too long. */
static void test_an_overlong_line_read_whole_is_flagged_and_its_rest_dropped(void **state)
{
    (void)state;
    reader r = {0};
    char *line = padded("discard AD draw", 2015);
    feed(&r, line, strlen(line));
    feed(&r, "declare\n", 8);
    assert_int_equal(next(&r), 2);
    assert_int_equal(strlen(r.line), CLI_BOT_LINE_MAX - 1);
    assert_memory_equal(r.line, "discard AD draw ", 16);
    assert_false(r.skip); /* its newline came with it: nothing left to drop */
    assert_int_equal(next(&r), 1);
    assert_string_equal(r.line, "declare");
    free(line);
}

static void test_an_overlong_line_read_in_pieces_is_flagged_the_same_way(void **state)
{
    (void)state;
    reader r = {0};
    char *line = padded("discard AD draw", 2015);
    feed(&r, line, 600);
    assert_int_equal(next(&r), 0);
    feed(&r, line + 600, 600);
    assert_int_equal(next(&r), 2);
    assert_int_equal(strlen(r.line), CLI_BOT_LINE_MAX - 1);
    assert_memory_equal(r.line, "discard AD draw ", 16);
    assert_true(r.skip); /* its newline has not come */
    feed(&r, line + 1200, strlen(line) - 1200);
    feed(&r, "declare\n", 8);
    assert_int_equal(next(&r), 1);
    assert_string_equal(r.line, "declare");
    assert_false(r.skip);
    free(line);
}

static void test_an_overlong_comment_is_skipped_whole(void **state)
{
    (void)state;
    reader r = {0};
    char *comment = padded("# x", 1500);
    feed(&r, comment, strlen(comment));
    feed(&r, "discard 2S draw\n", 16);
    assert_int_equal(next(&r), 1);
    assert_string_equal(r.line, "discard 2S draw");
    assert_false(r.skip);
    free(comment);
}

/* A NUL byte does not end a line: "declare\0junk" is a line of 12 bytes,
 * and garbage, not "declare"; a line of NUL bytes is not an empty one. */
static void test_a_line_with_a_nul_byte_is_taken_whole_and_is_garbage(void **state)
{
    (void)state;
    static const char *const names[] = {"Ada", "Ben"};
    ls_error err = {0};
    ls_state *s = ls_state_new(NULL, 2, names, 7, &err);
    assert_non_null(s);
    assert_int_equal(ls_deal(s, &err), 0);
    ls_view v;
    ls_view_of(s, ls_turn(s), &v);
    ls_move m;
    assert_int_equal(cli_bot_answer(&v, "declare", 7, &m), CLI_BOT_ILLEGAL); /* turn 1 */

    reader r = {0};
    feed(&r, "declare\0junk\r\n\0\n", 16);
    assert_int_equal(next(&r), 1);
    assert_int_equal(r.n, 12);
    assert_memory_equal(r.line, "declare\0junk", 13);
    assert_int_equal(cli_bot_answer(&v, r.line, r.n, &m), CLI_BOT_GARBAGE);
    char shown[64];
    assert_string_equal(ls_printable_n(r.line, r.n, shown, sizeof shown), "declare\\x00junk");
    assert_int_equal(next(&r), 1);
    assert_int_equal(r.n, 1);
    assert_int_equal(cli_bot_answer(&v, r.line, r.n, &m), CLI_BOT_GARBAGE);
    assert_int_equal(r.len, 0);
    ls_state_free(s);
}

/* A cmd: spec is its player's own copy (ls_player.spec, 63 bytes) whole
 * when it fits; a longer one is cut between two UTF-8 characters, with
 * "..." to say so: it was cut at byte 63, inside a character. The bot is
 * 'true', which ends before its handshake (no report is asked for). */
static void test_a_cmd_spec_too_long_for_the_players_copy_is_cut_at_a_character(void **state)
{
    (void)state;
    char spec[128] = "cmd:true  ", want[64] = "cmd:true  ";
    for (int i = 0; i < 40; i++)
        strcat(spec, "\xc3\xa9"); /* 10 bytes, then 40 'é' of 2 */
    for (int i = 0; i < 25; i++)
        strcat(want, "\xc3\xa9");
    strcat(want, "...");
    ls_error err = {0};
    ls_player *p = cli_player_new(spec, 1, NULL, &err);
    assert_non_null(p);
    assert_string_equal(p->spec, want);
    ls_player_free(p);
    p = cli_player_new("cmd:true", 1, NULL, &err);
    assert_non_null(p);
    assert_string_equal(p->spec, "cmd:true");
    ls_player_free(p);
}

/* A path quoted in a message is shown whole when it fits, else its head
 * and its tail, each of whole escapes and characters (the three escapes
 * of U+202E together), with "..." between, so that what the message says
 * after it is kept: it was cut at the message's end, inside an escape. */
static void test_a_long_shown_path_is_cut_in_its_middle_at_whole_escapes(void **state)
{
    (void)state;
    char buf[64], ctl[21];
    assert_string_equal(cli_shown_cut("abc", 3, 3, buf, sizeof buf), "abc");
    assert_string_equal(cli_shown_cut("a\\b", 3, 4, buf, sizeof buf), "a\\\\b");
    memset(ctl, 1, 20);
    ctl[20] = '\0';
    assert_string_equal(cli_shown_cut(ctl, 20, 30, buf, sizeof buf),
                        "\\x01\\x01\\x01...\\x01\\x01\\x01");
    const char *rtl = "ab\xe2\x80\xae\xe2\x80\xae\xe2\x80\xae" "cd";
    assert_string_equal(cli_shown_cut(rtl, strlen(rtl), 20, buf, sizeof buf),
                        "ab...\\xe2\\x80\\xaecd");
    /* A buffer smaller than max is the limit. */
    assert_string_equal(cli_shown_cut("aaaaaaaaaaaaaaaaaaaa", 20, 100, buf, 10), "aaa...aaa");
}

/* The time left to a bot is whole milliseconds rounded up: with 0.9 ms
 * left it still has one last look at its pipe; past the deadline, none. */
static void test_a_part_of_a_millisecond_left_is_one_more_look(void **state)
{
    (void)state;
    assert_int_equal(cli_bot_ms_left(1000.0, 999.1), 1);
    assert_int_equal(cli_bot_ms_left(1000.0, 999.999), 1);
    assert_int_equal(cli_bot_ms_left(5000.0, 0.5), 5000);
    assert_int_equal(cli_bot_ms_left(5000.0, 0.0), 5000);
    assert_int_equal(cli_bot_ms_left(1000.0, 1000.0), 0);
    assert_int_equal(cli_bot_ms_left(1000.0, 1000.5), 0);
    assert_int_equal(cli_bot_ms_left(1e12, 0.0), INT_MAX);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_whole_lines_are_taken_and_comments_and_empty_lines_skipped),
    cmocka_unit_test(test_a_line_of_1023_bytes_is_taken_whole),
    cmocka_unit_test(test_a_line_of_1023_bytes_ended_with_cr_lf_is_taken_whole),
    cmocka_unit_test(test_an_overlong_line_read_whole_is_flagged_and_its_rest_dropped),
    cmocka_unit_test(test_an_overlong_line_read_in_pieces_is_flagged_the_same_way),
    cmocka_unit_test(test_an_overlong_comment_is_skipped_whole),
    cmocka_unit_test(test_a_line_with_a_nul_byte_is_taken_whole_and_is_garbage),
    cmocka_unit_test(test_a_cmd_spec_too_long_for_the_players_copy_is_cut_at_a_character),
    cmocka_unit_test(test_a_long_shown_path_is_cut_in_its_middle_at_whole_escapes),
    cmocka_unit_test(test_a_part_of_a_millisecond_left_is_one_more_look),
};

LS_TEST_MAIN(tests)
