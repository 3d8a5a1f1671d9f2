/*
 * test_botline.c - how the referee splits a bot's output into answers
 * (cli_bot_next_line in src/cli/botproc.c): whole lines, comments and
 * empty lines, carriage returns, and lines longer than the protocol's
 * 1023 bytes, which are cut and flagged however their bytes arrive (all
 * at once, newline included, or in pieces); the cmd: player's own
 * copy of its spec; a long path cut in its middle for a message; a
 * parser's message quoting a word as the line is quoted; and a
 * fatal signal that comes while another thread starts a bot.
 */
#include "support/support.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

/* A match of two dealt with seed 7, and the view of the seat to move
 * (its first turn), for the tests of what a bot's answer is. */
static ls_state *first_turn(ls_view *v)
{
    static const char *const names[] = {"Ada", "Ben"};
    ls_error err = {0};
    ls_state *s = ls_state_new(NULL, 2, names, 7, &err);
    assert_non_null(s);
    assert_int_equal(ls_deal(s, &err), 0);
    ls_view_of(s, ls_turn(s), v);
    return s;
}

/* A NUL byte does not end a line: "declare\0junk" is a line of 12 bytes,
 * and garbage, not "declare"; a line of NUL bytes is not an empty one. */
static void test_a_line_with_a_nul_byte_is_taken_whole_and_is_garbage(void **state)
{
    (void)state;
    ls_view v;
    ls_state *s = first_turn(&v);
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

/* An answer is the move alone (bot-protocol.md, "Answers from the bot"):
 * a name before it or a copy of a played line is garbage, and so is a
 * word after it, but for a card after 'draw', which is ignored; the
 * same move alone, in any case, is played. */
static void test_an_answer_with_a_name_or_a_word_more_is_garbage(void **state)
{
    (void)state;
    ls_view v;
    ls_state *s = first_turn(&v);
    char card[4], other[4], line[80];
    ls_card_str(ls_cards_first(v.hand), card);
    ls_card_str(ls_cards_first(LS_ALL_CARDS & ~v.hand & ~v.open), other);
    /* What comes before and after the card. */
    static const char *const garbage[][2] = {{"Ben discard ", " draw"},
                                             {"played Ada discard ", " draw"},
                                             {"discard ", " draw now"},
                                             {"discard ", " draw 4S please"},
                                             {"discard ", " take"}};
    ls_move m;
    for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
        snprintf(line, sizeof line, "%s%s%s", garbage[i][0], card, garbage[i][1]);
        assert_int_equal(cli_bot_answer(&v, line, strlen(line), &m), CLI_BOT_GARBAGE);
    }
    snprintf(line, sizeof line, "discard %s draw %s", card, other);
    assert_int_equal(cli_bot_answer(&v, line, strlen(line), &m), 0);
    assert_int_equal(m.kind, LS_MOVE_DRAW);
    assert_int_equal(m.card, LS_NO_CARD);
    snprintf(line, sizeof line, "DISCARD %s Draw", card);
    for (char *c = line + 8; *c && *c != ' '; c++)
        *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    assert_int_equal(cli_bot_answer(&v, line, strlen(line), &m), 0);
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

/*
 * A fatal signal while another thread starts a bot. setpgid() is the
 * referee's call between its fork and the bot's slot in the list the
 * signal handler kills (bot_start): this test's own setpgid, which the
 * referee's calls reach before libc's, holds the forking thread there,
 * once the bot has started a child of its own, while the signal comes,
 * for longer than the handler takes, so that the handler runs inside
 * the window every time, not by chance.
 */
static const char *race_pidfile; /* set: the next fork's parent is held */

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

int setpgid(pid_t pid, pid_t pgid)
{
    if (pid != 0 && race_pidfile) {
        /* The referee, its bot forked: once the bot has a child, the
         * signal, to another thread (this one blocks it here). */
        for (int i = 0; i < 1000 && access(race_pidfile, F_OK) != 0; i++)
            sleep_ms(10);
        kill(getpid(), SIGTERM);
        sleep_ms(500);
    }
    return (int)syscall(SYS_setpgid, pid, pgid);
}

static void *start_bot(void *spec)
{
    ls_error err;
    ls_player *p = cli_player_new(spec, 1, NULL, &err);
    if (p)
        ls_player_free(p);
    return NULL;
}

static bool process_runs(pid_t pid)
{
    char path[64], text[256];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *p = strrchr(text, ')');
    return p && p[1] == ' ' && p[2] != 'Z'; /* a zombie has ended */
}

/* Nothing a bot started outlives a program killed by a signal while
 * another thread forks that bot: the handler read its list of bots
 * before the bot had its slot, and the bot's child ran on (the bot
 * itself dies with the thread that started it). */
static void test_a_bot_forked_as_a_fatal_signal_comes_leaves_nothing_running(void **state)
{
    (void)state;
    char dir[] = "/tmp/ls-botrace-XXXXXX", pidfile[64], spec[256];
    assert_non_null(mkdtemp(dir));
    snprintf(pidfile, sizeof pidfile, "%s/child", dir);
    /* The bot's child: its process id written once it runs. */
    snprintf(spec, sizeof spec,
             "cmd:sleep 300 & echo $! >%s.new && mv %s.new %s; exec sleep 301",
             pidfile, pidfile, pidfile);
    pid_t referee = fork();
    assert_true(referee >= 0);
    if (referee == 0) {
        cli_bots_die_with_signals();
        race_pidfile = pidfile;
        pthread_t t;
        if (pthread_create(&t, NULL, start_bot, spec) == 0)
            pthread_join(t, NULL); /* the signal ends the process here */
        _exit(3);
    }
    int status = 0, waited, i;
    for (waited = 0; waited < 3000 && waitpid(referee, &status, WNOHANG) == 0; waited++)
        sleep_ms(10);
    if (waited == 3000) {
        kill(referee, SIGKILL);
        waitpid(referee, &status, 0);
    }
    pid_t child = 0;
    FILE *f = fopen(pidfile, "r");
    if (f) {
        int got = 0;
        if (fscanf(f, "%d", &got) == 1)
            child = got;
        fclose(f);
    }
    for (i = 0; i < 100 && child > 0 && process_runs(child); i++)
        sleep_ms(50);
    bool left = child > 0 && process_runs(child);
    if (left)
        kill(child, SIGKILL);
    unlink(pidfile);
    rmdir(dir);
    assert_true(waited < 3000 && WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
    assert_true(child > 0);
    assert_false(left); /* it ran on: the handler had missed its bot */
}

/* A parser's message quotes the bot's word as the report quotes the bot's
 * line (cli_shown_n): printable UTF-8 as it is, where the library's
 * message has its bytes escaped; an unseen character, a control byte, a
 * byte that is not UTF-8 and a backslash stay escaped, as in the line. */
static void test_a_message_quotes_a_word_as_the_line_is_quoted(void **state)
{
    (void)state;
    const char line[] = "discard Zo\xc3\xab draw";
    char msg[sizeof ((ls_error *)0)->msg], shown[256];
    ls_move m;
    ls_error err = {0};
    /* From the parser itself, whose message escapes the word's bytes. */
    assert_int_equal(ls_move_parse(line, &m, &err), LS_ESYNTAX);
    assert_string_equal(err.msg, "'Zo\\xc3\\xab' is not a card (cards are like AS 10H QD 7c)");
    cli_shown_msg(err.msg, msg, sizeof msg);
    assert_string_equal(msg, "'Zo\xc3\xab' is not a card (cards are like AS 10H QD 7c)");
    cli_shown_n(line, strlen(line), shown, sizeof shown);
    assert_string_equal(shown, line);
    /* Every escape ls_printable writes, read back and shown again. */
    ls_printable("Zo\xc3\xab \xe2\x80\xaeX a\\b \x01 \xff", msg, sizeof msg);
    cli_shown_msg(msg, shown, sizeof shown);
    assert_string_equal(shown, "Zo\xc3\xab \\xe2\\x80\\xaeX a\\\\b \\x01 \\xff");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_whole_lines_are_taken_and_comments_and_empty_lines_skipped),
    cmocka_unit_test(test_a_line_of_1023_bytes_is_taken_whole),
    cmocka_unit_test(test_a_line_of_1023_bytes_ended_with_cr_lf_is_taken_whole),
    cmocka_unit_test(test_an_overlong_line_read_whole_is_flagged_and_its_rest_dropped),
    cmocka_unit_test(test_an_overlong_line_read_in_pieces_is_flagged_the_same_way),
    cmocka_unit_test(test_an_overlong_comment_is_skipped_whole),
    cmocka_unit_test(test_a_line_with_a_nul_byte_is_taken_whole_and_is_garbage),
    cmocka_unit_test(test_an_answer_with_a_name_or_a_word_more_is_garbage),
    cmocka_unit_test(test_a_cmd_spec_too_long_for_the_players_copy_is_cut_at_a_character),
    cmocka_unit_test(test_a_long_shown_path_is_cut_in_its_middle_at_whole_escapes),
    cmocka_unit_test(test_a_part_of_a_millisecond_left_is_one_more_look),
    cmocka_unit_test(test_a_message_quotes_a_word_as_the_line_is_quoted),
    cmocka_unit_test(test_a_bot_forked_as_a_fatal_signal_comes_leaves_nothing_running),
};

LS_TEST_MAIN(tests)
