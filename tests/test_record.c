/*
 * test_record.c - game records (docs/record-format.md): the reader replays
 * valid records to the right results, the writer's text reads back to the
 * same match, and every kind of invalid record is rejected with its code,
 * its line and a message that says what was wrong.
 *
 * The records are built from the pieces below, so that line numbers can be
 * counted: HEADER is lines 1-2, DEAL1 lines 3-7, ROUND1_MOVES lines 8-11
 * (the R6 example), DEAL2 lines 12-16 and ROUND2_MOVES lines 17-20 (the R7
 * example).
 */
#include "support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER "leastscore 1\nplayers Ann Bob Cid\n"
#define DEAL1                                                                  \
    "round\n"                                                                  \
    "hand Ann 7H 8H 9H 4C 2C\n"                                                \
    "hand Bob AS 3D 4D 6C KS\n"                                                \
    "hand Cid QC QD 5H 6S 2D\n"                                                \
    "open 4S\n"
#define ROUND1_MOVES                                                           \
    "Ann discard 7H 8H 9H take 4S\n" /* Ann holds 4C 2C 4S = 10 */             \
    "Bob discard KS draw 2S\n"       /* Bob holds AS 3D 4D 6C 2S = 16 */       \
    "Cid discard QC QD draw 4H\n"    /* Cid holds 5H 6S 2D 4H = 17 */          \
    "Ann declare\n"
#define DEAL2                                                                  \
    "round\n"                                                                  \
    "hand Ann KC KD 3D 2D 4S\n"                                                \
    "hand Bob AC 2H 3H 4C 4D\n"                                                \
    "hand Cid 9S 9D AH 2S AD\n"                                                \
    "open KH\n"
#define ROUND2_MOVES                                                           \
    "Bob discard 4C 4D draw 4H\n" /* Bob holds AC 2H 3H 4H = 10 */             \
    "Cid discard 9S 9D take 4C\n" /* Cid holds AH 2S AD 4C = 8 */              \
    "Ann discard KC KD draw 6S\n" /* Ann holds 3D 2D 4S 6S = 15 */             \
    "Bob declare\n"

enum { ANN, BOB, CID };

/* Reads a record that must be valid. */
static ls_state *read_ok(const char *text, ls_round_result **res, int *n)
{
    ls_error err = {0};
    ls_state *s = NULL;
    int rc = ls_record_read(text, strlen(text), &s, res, n, &err);
    if (rc != 0)
        fail_msg("valid record rejected: line %d: %s (%s)", err.line, err.msg,
                 ls_strerror(rc));
    assert_non_null(s);
    return s;
}

/* Reads a record that must be rejected with `code` at `line`, the message
 * containing `part`; nothing may be allocated. */
static void expect_error(const char *text, int code, int line, const char *part)
{
    ls_error err = {0};
    ls_state *s = NULL;
    ls_round_result *res = NULL;
    int n = -1;
    int rc = ls_record_read(text, strlen(text), &s, &res, &n, &err);
    if (rc != code || err.code != code || err.line != line || !strstr(err.msg, part))
        fail_msg("expected '%s' (%d) at line %d with '%s'; got %d (%s) at line %d: %s",
                 ls_strerror(code), code, line, part, rc, ls_strerror(rc), err.line, err.msg);
    assert_null(s);
    assert_null(res);
    assert_int_equal(n, 0);
}

/* ------------------------------------------------------------------ */
/* Valid records                                                       */
/* ------------------------------------------------------------------ */

static void test_correct_declaration_replays_as_in_r6(void **state)
{
    (void)state;
    ls_round_result *res;
    int n;
    ls_state *s = read_ok(HEADER DEAL1 ROUND1_MOVES, &res, &n);
    assert_int_equal(n, 1);
    assert_int_equal(res[0].round, 1);
    assert_int_equal(res[0].declarer, ANN);
    assert_true(res[0].correct);
    assert_int_equal(res[0].hand_total[ANN], 10);
    assert_int_equal(res[0].hand_total[BOB], 16);
    assert_int_equal(res[0].hand_total[CID], 17);
    assert_int_equal(res[0].score[ANN], 0);
    assert_int_equal(res[0].score[BOB], 6);
    assert_int_equal(res[0].score[CID], 7);
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    assert_int_equal(ls_winner(s), -1);
    free(res);
    ls_state_free(s);
}

/* ls_record_replay: the caller hears of the match's creation, each deal and
 * each move in the record's order, with the match as it stands after it;
 * a hook that refuses stops the read at its line. */
typedef struct heard {
    int players, deals, moves, stop_at, stop_deal;
    char order[64];
} heard;

static int h_players(void *ud, const ls_state *s)
{
    heard *h = ud;
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    h->players++;
    strcat(h->order, "P");
    return 0;
}

static int h_deal(void *ud, const ls_state *s)
{
    heard *h = ud;
    assert_int_equal(ls_round_turns(s), 0);
    h->deals++;
    strcat(h->order, "D");
    return h->deals == h->stop_deal ? LS_ENOMEM : 0;
}

static int h_move(void *ud, const ls_state *s, int seat, ls_move m)
{
    heard *h = ud;
    (void)s;
    assert_true(seat >= 0 && seat < 3);
    if (m.kind == LS_MOVE_DRAW)
        assert_true(m.card != LS_NO_CARD);
    h->moves++;
    strcat(h->order, "M");
    return h->moves == h->stop_at ? LS_ENOMEM : 0;
}

static void test_replay_tells_its_caller_of_each_deal_and_move(void **state)
{
    (void)state;
    const char *text = HEADER DEAL1 ROUND1_MOVES;
    heard h = {0};
    ls_record_hooks hooks = {.ud = &h, .players = h_players, .deal = h_deal, .move = h_move};
    ls_state *s = NULL;
    ls_error err = {0};
    assert_int_equal(ls_record_replay(text, strlen(text), &hooks, &s, NULL, NULL, &err), 0);
    assert_string_equal(h.order, "PDMMMM");
    ls_state_free(s);
    heard stop = {.stop_at = 2};
    hooks.ud = &stop;
    assert_int_equal(ls_record_replay(text, strlen(text), &hooks, &s, NULL, NULL, &err),
                     LS_ENOMEM);
    assert_null(s);
    assert_string_equal(stop.order, "PDMM");
    assert_int_equal(err.line, 9); /* the second move, at its first column */
    assert_int_equal(err.column, 1);
    heard no_deal = {.stop_deal = 1};
    hooks.ud = &no_deal;
    assert_int_equal(ls_record_replay(text, strlen(text), &hooks, &s, NULL, NULL, &err),
                     LS_ENOMEM);
    assert_int_equal(err.line, 7); /* the deal's 'open', not its card */
    assert_int_equal(err.column, 1);
}

static void test_false_declaration_replays_as_in_r7(void **state)
{
    (void)state;
    ls_round_result *res;
    int n;
    ls_state *s = read_ok(HEADER DEAL1 ROUND1_MOVES DEAL2 ROUND2_MOVES, &res, &n);
    assert_int_equal(n, 2);
    assert_int_equal(res[1].round, 2);
    assert_int_equal(res[1].declarer, BOB);
    assert_false(res[1].correct);
    assert_int_equal(res[1].hand_total[BOB], 10);
    assert_int_equal(res[1].hand_total[CID], 8);
    assert_int_equal(res[1].score[BOB], 22); /* 20 + (10 - 8) */
    assert_int_equal(res[1].score[ANN], 0);
    assert_int_equal(res[1].score[CID], 0);
    assert_int_equal(res[1].total[ANN], 0);
    assert_int_equal(res[1].total[BOB], 28);
    assert_int_equal(res[1].total[CID], 7);
    assert_int_equal(ls_score(s, BOB), 28);
    free(res);
    ls_state_free(s);
}

static void test_finished_match_names_the_winner_and_rejects_nothing_after(void **state)
{
    (void)state;
    const char *text = "leastscore 1\noption threshold 25\nplayers Ann Bob Cid\n" DEAL1
        ROUND1_MOVES DEAL2 ROUND2_MOVES
        "round\n"
        "hand Ann KC KD KH QS JS\n"
        "hand Cid AC AD 2C 3D 4S\n"
        "open AH\n"
        "Cid discard 2C 3D 4S take AH\n"
        "Ann discard KC KD draw QH\n"
        "Cid declare\n";
    ls_round_result *res;
    int n;
    ls_state *s = read_ok(text, &res, &n);
    assert_int_equal(n, 3);
    assert_int_equal(res[1].eliminated, 1u << BOB);
    assert_int_equal(res[2].players, (1u << ANN) | (1u << CID));
    assert_int_equal(res[2].score[ANN], 37);
    assert_int_equal(res[2].eliminated, 1u << ANN);
    assert_int_equal(ls_phase(s), LS_PHASE_OVER);
    assert_int_equal(ls_winner(s), CID);
    free(res);
    ls_state_free(s);
}

static void test_record_ending_in_the_middle_of_a_round_is_valid(void **state)
{
    (void)state;
    ls_round_result *res;
    int n;
    ls_state *s = read_ok(HEADER DEAL1 "Ann discard 7H 8H 9H take 4S\n", &res, &n);
    assert_int_equal(n, 0);
    assert_null(res);
    assert_int_equal(ls_phase(s), LS_PHASE_TURN);
    assert_int_equal(ls_turn(s), BOB);
    assert_int_equal(ls_hand(s, ANN), cards("4C 2C 4S"));
    assert_int_equal(ls_open_cards(s), cards("7H 8H 9H"));
    ls_state_free(s);
}

static void test_record_of_players_only_is_a_match_not_yet_dealt(void **state)
{
    (void)state;
    ls_state *s = read_ok(HEADER, NULL, NULL);
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    assert_int_equal(ls_round(s), 0);
    assert_string_equal(ls_name(s, CID), "Cid");
    ls_state_free(s);
}

static void test_options_are_applied(void **state)
{
    (void)state;
    ls_state *s = read_ok("leastscore 1\noption threshold 50\noption tie penalty\n"
                          "option runs suited\noption hand_size 4\noption declare_max 7\n"
                          "option max_turns 60\nplayers Ann Bob\n",
                          NULL, NULL);
    const ls_rules *r = ls_state_rules(s);
    assert_int_equal(r->threshold, 50);
    assert_true(r->tie_penalty);
    assert_true(r->runs_suited);
    assert_int_equal(r->hand_size, 4);
    assert_int_equal(r->declare_max, 7);
    assert_int_equal(r->max_turns, 60);
    ls_state_free(s);
}

static void test_crlf_comments_blank_lines_and_tabs_are_accepted(void **state)
{
    (void)state;
    const char *text = "# a record saved on another system\r\n"
                       "leastscore 1   # the version\r\n"
                       "\r\n"
                       "players\tAnn  Bob \t Cid\r\n"
                       "   \t\r\n"
                       "round\r\n"
                       "hand Ann 7H 8H 9H 4C 2C\r\n"
                       "hand Bob AS 3D 4D 6C KS\r\n"
                       "hand Cid QC QD 5H 6S 2D\r\n"
                       "open 4S#no space before the comment\r\n"
                       "  Ann  discard 7H 8H 9H  take 4S  \r\n"
                       "Bob discard KS draw 2S\r\n"
                       "Cid discard QC QD draw 4H\r\n"
                       "Ann declare"; /* and no final line break */
    ls_round_result *res;
    int n;
    ls_state *s = read_ok(text, &res, &n);
    assert_int_equal(n, 1);
    assert_int_equal(res[0].score[CID], 7);
    free(res);
    ls_state_free(s);
}

/* Old Mac editors end lines in a CR alone; such a record was read as one
 * line and refused ("the record ends before the players line"). A CR
 * alone is a line break like LF and CRLF, also mixed in one record, and
 * the line numbers of errors count it. */
static void test_bare_cr_line_breaks_are_accepted(void **state)
{
    (void)state;
    const char *text = "# saved by an old Mac editor\r"
                       "leastscore 1\r"
                       "players Ann Bob Cid\r\r"
                       "round\r\n"
                       "hand Ann 7H 8H 9H 4C 2C\r"
                       "hand Bob AS 3D 4D 6C KS\n"
                       "hand Cid QC QD 5H 6S 2D\r"
                       "open 4S\r"
                       "Ann discard 7H 8H 9H take 4S\r"
                       "Bob discard KS draw 2S\r"
                       "Cid discard QC QD draw 4H\r"
                       "Ann declare\r";
    ls_round_result *res;
    int n;
    ls_state *s = read_ok(text, &res, &n);
    assert_int_equal(n, 1);
    assert_int_equal(res[0].score[CID], 7);
    free(res);
    ls_state_free(s);
    /* Line 4 is the blank one between the two CRs; CRLF is one break. */
    expect_error("leastscore 1\rplayers Ann Bob Cid\r\rround\r\nshuffle\r",
                 LS_ESYNTAX, 5, "unknown statement 'shuffle'");
    /* A CR in the middle of a move ends the line there. */
    expect_error(HEADER DEAL1 "Ann discard 7H 8H 9H\rtake 4S\n", LS_ESYNTAX, 8,
                 "say 'take CARD' or 'draw'");
}

/* A record cut inside its last line (a copy that stopped) is told so
 * after the reason the cut words give; a last line that ends in a line
 * break, or a cut between two lines, says only what is wrong. */
static void test_a_record_cut_inside_a_line_says_it_may_be_cut(void **state)
{
    (void)state;
    static const char *const cut = " (the record ends inside this line, with no line "
                                   "break after it: is it cut short?)";
    char want[256];
    snprintf(want, sizeof want, "'disca' is not a move: expected 'discard CARDS take CARD', "
             "'discard CARDS draw' or 'declare'%s", cut);
    expect_error(HEADER DEAL1 "Ann disca", LS_ESYNTAX, 8, want);
    snprintf(want, sizeof want, "Bob's hand has 2 cards: each player is dealt 5%s", cut);
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\nhand Bob AS 3D", LS_EDEAL, 5, want);
    ls_error err = {0};
    ls_state *s = NULL;
    const char *whole = HEADER DEAL1 "Ann disca\n";
    assert_int_not_equal(ls_record_read(whole, strlen(whole), &s, NULL, NULL, &err), 0);
    assert_null(strstr(err.msg, "cut short"));
    const char *between = HEADER "round\nhand Ann 7H 8H 9H 4C 2C\n";
    assert_int_not_equal(ls_record_read(between, strlen(between), &s, NULL, NULL, &err), 0);
    assert_null(strstr(err.msg, "cut short"));
}

static void test_a_byte_order_mark_is_skipped_only_at_the_start(void **state)
{
    (void)state;
    ls_round_result *res;
    int n;
    ls_state *s = read_ok("\xEF\xBB\xBF" HEADER DEAL1 ROUND1_MOVES, &res, &n);
    assert_int_equal(n, 1);
    free(res);
    ls_state_free(s);
    /* Not a BOM at the start: the first line is what it is. */
    expect_error("\xEF\xBB" HEADER, LS_ERECORD, 1, "not a Least Score record");
    /* One at the start of a later line (two records joined by hand) is
     * named as what it is, with its column: it was "unknown statement
     * '\xef\xbb\xbfplayers'", which a reader's editor shows as 'players'. */
    expect_error("leastscore 1\n\xEF\xBB\xBFplayers Ann Bob Cid\n", LS_ESYNTAX, 2,
                 "a UTF-8 byte order mark (bytes EF BB BF) at column 1: only a "
                 "record's very start may have one");
    ls_error err = {0};
    ls_state *st = NULL;
    const char *mid = HEADER DEAL1 "Ann discard 7H 8H 9H \xEF\xBB\xBFtake 4S\n";
    assert_int_equal(ls_record_read(mid, strlen(mid), &st, NULL, NULL, &err), LS_ESYNTAX);
    assert_int_equal(err.column, 22);
    assert_non_null(strstr(err.msg, "byte order mark (bytes EF BB BF) at column 22"));
    /* In a comment it is text, as any other character. */
    ls_round_result *r2;
    s = read_ok(HEADER "# \xEF\xBB\xBF a note\n" DEAL1 ROUND1_MOVES, &r2, &n);
    free(r2);
    ls_state_free(s);
}

static void test_cards_are_case_insensitive_and_t_means_ten(void **state)
{
    (void)state;
    const char *text = HEADER
        "round\n"
        "hand Ann 8h 9h th jh 2c\n" /* a run 8-9-10 and then J */
        "hand Bob as 3D 4d 6c Ks\n"
        "hand Cid qc QD 5h 6S 2d\n"
        "open 4s\n"
        "Ann discard 8H 9h Th take 4S\n"
        "Bob discard ks draw 10c\n";
    ls_state *s = read_ok(text, NULL, NULL);
    assert_int_equal(ls_hand(s, ANN), cards("JH 2C 4S"));
    assert_int_equal(ls_hand(s, BOB), cards("AS 3D 4D 6C 10C"));
    ls_state_free(s);
}

static void test_max_turns_showdown_has_no_declarer(void **state)
{
    (void)state;
    const char *text = "leastscore 1\noption max_turns 3\nplayers Ann Bob Cid\n" DEAL1
        "Ann discard 7H 8H 9H take 4S\nBob discard KS draw 2S\nCid discard QC QD draw 4H\n";
    ls_round_result *res;
    int n;
    ls_state *s = read_ok(text, &res, &n);
    assert_int_equal(n, 1);
    assert_int_equal(res[0].declarer, -1);
    assert_int_equal(res[0].lowest, ANN);
    assert_int_equal(res[0].score[CID], 7);
    free(res);
    ls_state_free(s);
}

static void test_players_may_be_named_like_statements(void **state)
{
    (void)state;
    const char *text = "leastscore 1\nplayers round hand\n"
                       "round\nhand round 7H 8H 9H 4C 2C\nhand hand AS 3D 4D 6C KS\nopen 4S\n"
                       "round discard 7H 8H 9H take 4S\nhand discard KS draw 2S\nround declare\n";
    ls_round_result *res;
    int n;
    ls_state *s = read_ok(text, &res, &n);
    assert_int_equal(n, 1);
    assert_int_equal(res[0].declarer, 0);
    assert_int_equal(res[0].score[1], 6);
    free(res);
    ls_state_free(s);
}

static void test_drawing_from_the_reshuffled_dead_pile_is_valid(void **state)
{
    (void)state;
    /* 8 players x 6 cards + the open card leave a deck of 3 (D13 allows it):
     * three draws empty it, and the fourth comes from the reshuffled dead
     * pile (D9): AC 2C 3C 7C 8C 9C KC. */
    const char *text = "leastscore 1\noption hand_size 6\n"
                       "players A B C D E F G H\n"
                       "round\n"
                       "hand A AC 2C 3C 4C 5C 6C\n"
                       "hand B 7C 8C 9C 10C JC QC\n"
                       "hand C KC AD 2D 3D 4D 5D\n"
                       "hand D 6D 7D 8D 9D 10D JD\n"
                       "hand E QD KD AH 2H 3H 4H\n"
                       "hand F 5H 6H 7H 8H 9H 10H\n"
                       "hand G JH QH KH AS 2S 3S\n"
                       "hand H 4S 5S 6S 7S 8S 9S\n"
                       "open 10S\n" /* the deck: JS QS KS */
                       "A discard AC 2C 3C take 10S\n"
                       "B discard 7C 8C 9C draw JS\n"
                       "C discard KC draw QS\n"
                       "D discard 6D draw KS\n"
                       "E discard QD draw 6D\n";
    expect_error(text, LS_EDRAW, 18, "E cannot draw 6D: it is an open card");
    const char *ok = "leastscore 1\noption hand_size 6\n"
                     "players A B C D E F G H\n"
                     "round\n"
                     "hand A AC 2C 3C 4C 5C 6C\n"
                     "hand B 7C 8C 9C 10C JC QC\n"
                     "hand C KC AD 2D 3D 4D 5D\n"
                     "hand D 6D 7D 8D 9D 10D JD\n"
                     "hand E QD KD AH 2H 3H 4H\n"
                     "hand F 5H 6H 7H 8H 9H 10H\n"
                     "hand G JH QH KH AS 2S 3S\n"
                     "hand H 4S 5S 6S 7S 8S 9S\n"
                     "open 10S\n"
                     "A discard AC 2C 3C take 10S\n"
                     "B discard 7C 8C 9C draw JS\n"
                     "C discard KC draw QS\n"
                     "D discard 6D draw KS\n"
                     "E discard QD draw 2C\n";
    ls_state *s = read_ok(ok, NULL, NULL);
    assert_true(ls_hand(s, 4) & LS_BIT(card("2C")));
    ls_state_free(s);
}

/* ------------------------------------------------------------------ */
/* The writer                                                          */
/* ------------------------------------------------------------------ */

static void test_writer_writes_header_and_only_options_that_differ(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    assert_int_equal(ls_rules_set(&r, "threshold", "50", NULL), 0);
    assert_int_equal(ls_rules_set(&r, "tie", "penalty", NULL), 0);
    const char *const names[] = {"Ann", "Bob", "Cid"};
    ls_state *s = ls_state_new(&r, 3, names, 7, NULL);
    assert_non_null(s);
    ls_record *rec = ls_record_new(s);
    assert_non_null(rec);
    size_t len;
    const char *text = ls_record_text(rec, &len);
    assert_string_equal(text, "leastscore 1\noption threshold 50\noption tie penalty\n"
                              "players Ann Bob Cid\n");
    assert_int_equal(len, strlen(text));
    assert_int_equal(ls_record_comment(rec, "two\nlines"), 0);
    assert_string_equal(ls_record_text(rec, NULL) + len, "# two\n# lines\n");
    ls_record_free(rec);
    ls_state_free(s);
}

static void test_writer_writes_the_deal_and_named_draws(void **state)
{
    (void)state;
    const char *const names[] = {"Ann", "Bob", "Cid"};
    ls_state *s = ls_state_new(NULL, 3, names, 1, NULL);
    ls_record *rec = ls_record_new(s);
    ls_cards hands[LS_MAX_PLAYERS] = {cards("7H 8H 9H 4C 2C"), cards("AS 3D 4D 6C KS"),
                                      cards("QC QD 5H 6S 2D")};
    assert_int_equal(ls_deal_given(s, hands, card("4S"), NULL), 0);
    assert_int_equal(ls_record_deal(rec, s), 0);
    ls_move m = {cards("7H 8H 9H"), LS_MOVE_TAKE, card("4S")};
    assert_int_equal(ls_apply(s, &m, NULL), 0);
    assert_int_equal(ls_record_move(rec, s, ANN, m), 0);
    m = (ls_move){cards("KS"), LS_MOVE_DRAW, LS_NO_CARD};
    assert_int_equal(ls_record_move(rec, s, BOB, m), LS_EINVAL); /* unnamed draw */
    assert_int_equal(ls_apply(s, &m, NULL), 0);
    assert_int_equal(ls_record_move(rec, s, BOB, m), 0);
    char want[512];
    char drawn[4];
    snprintf(want, sizeof want,
             HEADER "round\nhand Ann 2C 4C 7H 8H 9H\nhand Bob AS 3D 4D 6C KS\n"
                    "hand Cid 2D 5H 6S QC QD\nopen 4S\n"
                    "Ann discard 7H 8H 9H take 4S\nBob discard KS draw %s\n",
             ls_card_str(m.card, drawn));
    assert_string_equal(ls_record_text(rec, NULL), want);
    ls_record_free(rec);
    ls_state_free(s);
}

static void test_writer_refuses_a_match_already_dealt(void **state)
{
    (void)state;
    const char *const hands[] = {"7H 8H 9H 4C 2C", "AS 3D 4D 6C KS"};
    ls_state *s = deal_state(NULL, 2, hands, "4S");
    assert_null(ls_record_new(s));
    ls_state_free(s);
}

static void test_writer_refuses_what_it_could_not_replay(void **state)
{
    (void)state;
    const char *const names[] = {"Ann", "Bob"};
    ls_state *s = ls_state_new(NULL, 2, names, 3, NULL);
    ls_record *rec = ls_record_new(s);
    assert_non_null(rec);
    assert_int_equal(ls_deal(s, NULL), 0);
    assert_int_equal(ls_record_deal(rec, s), 0);
    size_t len;
    char before[4096];
    snprintf(before, sizeof before, "%s", ls_record_text(rec, &len));
    /* A draw that does not name its card, a seat that does not exist, no
     * record, no state, no comment: refused, and the text is unchanged. */
    ls_move draw = {.discard = ls_hand(s, 0) & -ls_hand(s, 0), .kind = LS_MOVE_DRAW,
                    .card = LS_NO_CARD};
    assert_int_equal(ls_record_move(rec, s, 0, draw), LS_EINVAL);
    draw.card = ls_cards_first(ls_deck_cards(s));
    assert_int_equal(ls_record_move(rec, s, 2, draw), LS_EINVAL);
    assert_int_equal(ls_record_move(rec, s, -1, draw), LS_EINVAL);
    assert_int_equal(ls_record_move(NULL, s, 0, draw), LS_EINVAL);
    assert_int_equal(ls_record_move(rec, NULL, 0, draw), LS_EINVAL);
    assert_int_equal(ls_record_comment(rec, NULL), LS_EINVAL);
    assert_int_equal(ls_record_comment(NULL, "x"), LS_EINVAL);
    assert_string_equal(ls_record_text(rec, NULL), before);
    ls_record_free(rec);
    ls_state_free(s);
}

static void assert_same_result(const ls_round_result *a, const ls_round_result *b, int n)
{
    assert_int_equal(a->round, b->round);
    assert_int_equal(a->declarer, b->declarer);
    assert_int_equal(a->lowest, b->lowest);
    assert_int_equal(a->correct, b->correct);
    assert_int_equal(a->players, b->players);
    assert_int_equal(a->eliminated, b->eliminated);
    assert_int_equal(a->turns, b->turns);
    for (int i = 0; i < n; i++) {
        assert_int_equal(a->hand[i], b->hand[i]);
        assert_int_equal(a->hand_total[i], b->hand_total[i]);
        assert_int_equal(a->score[i], b->score[i]);
        assert_int_equal(a->total[i], b->total[i]);
    }
}

/* Plays one random match (a random legal move each turn, declaring only
 * now and then so that rounds last and decks run out), writing it; stops
 * after `max_moves` moves to leave some matches in progress. Returns the
 * number of completed rounds and copies their results into res. */
static int play_recorded(ls_state *s, ls_record *rec, ls_rng *rng, int max_moves,
                         ls_round_result *res, int max_res)
{
    static ls_move moves[LS_MAX_MOVES];
    int nres = 0;
    for (int k = 0; k < max_moves && ls_phase(s) != LS_PHASE_OVER; k++) {
        if (ls_phase(s) == LS_PHASE_DEAL) {
            assert_int_equal(ls_deal(s, NULL), 0);
            assert_int_equal(ls_record_deal(rec, s), 0);
            continue;
        }
        int n = ls_legal_moves(s, moves);
        assert_true(n > 0);
        ls_move m = moves[ls_rng_below(rng, (uint32_t)n)];
        if (m.kind == LS_MOVE_DECLARE && ls_rng_below(rng, 4) != 0)
            m = moves[0];
        int seat = ls_turn(s);
        ls_error err = {0};
        if (ls_apply(s, &m, &err) != 0)
            fail_msg("legal move rejected: %s", err.msg);
        assert_int_equal(ls_record_move(rec, s, seat, m), 0);
        if (ls_phase(s) != LS_PHASE_TURN && nres < max_res)
            res[nres++] = *ls_last_result(s);
    }
    return nres;
}

static void test_written_records_replay_to_identical_results(void **state)
{
    (void)state;
    static const char *const names[] = {"Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"};
    static const char *const opts[][2] = {
        {"threshold", "25"}, {"tie", "penalty"}, {"runs", "suited"},
        {"hand_size", "3"},  {"hand_size", "6"}, {"declare_max", "9"}, {"max_turns", "20"}};
    static ls_round_result played[2048];
    uint64_t seed = test_seed(20261129);
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    long matches = test_env_long("LS_RECORD_MATCHES", 200);
    for (long i = 0; i < matches; i++) {
        ls_rules r = ls_rules_default();
        int n = 2 + (int)ls_rng_below(&rng, 7);
        int k = (int)ls_rng_below(&rng, 8); /* 7: default rules */
        if (k < 7)
            assert_int_equal(ls_rules_set(&r, opts[k][0], opts[k][1], NULL), 0);
        if (ls_rules_check(&r, n, NULL) != 0)
            r = ls_rules_default();
        ls_state *s = ls_state_new(&r, n, names, ls_rng_next(&rng), NULL);
        assert_non_null(s);
        ls_record *rec = ls_record_new(s);
        assert_non_null(rec);
        int max_moves = ls_rng_below(&rng, 3) ? 1 << 30 : (int)ls_rng_below(&rng, 300);
        int nplayed = play_recorded(s, rec, &rng, max_moves, played, 2048);

        size_t len;
        const char *text = ls_record_text(rec, &len);
        ls_state *back = NULL;
        ls_round_result *res = NULL;
        int nres = 0;
        ls_error err = {0};
        if (ls_record_read(text, len, &back, &res, &nres, &err) != 0)
            fail_msg("match %ld: written record rejected at line %d: %s", i, err.line, err.msg);
        assert_int_equal(nres, nplayed);
        for (int j = 0; j < nres; j++)
            assert_same_result(&res[j], &played[j], n);
        assert_int_equal(ls_phase(back), ls_phase(s));
        assert_int_equal(ls_winner(back), ls_winner(s));
        assert_int_equal(ls_turn(back), ls_turn(s));
        assert_int_equal(ls_round(back), ls_round(s));
        for (int p = 0; p < n; p++) {
            assert_int_equal(ls_score(back, p), ls_score(s, p));
            assert_int_equal(ls_hand(back, p), ls_hand(s, p));
        }
        assert_int_equal(ls_open_cards(back), ls_open_cards(s));
        free(res);
        ls_state_free(back);
        ls_record_free(rec);
        ls_state_free(s);
    }
}

/* ------------------------------------------------------------------ */
/* Invalid records: header, options, players                           */
/* ------------------------------------------------------------------ */

static void test_empty_record_is_rejected(void **state)
{
    (void)state;
    expect_error("", LS_ERECORD, 1, "empty record");
    expect_error("# only a comment\n\n", LS_ERECORD, 2, "empty record");
}

static void test_missing_header_is_rejected(void **state)
{
    (void)state;
    expect_error("players Ann Bob\n", LS_ERECORD, 1, "the first line must be 'leastscore 1'");
}

static void test_missing_version_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore\nplayers Ann Bob\n", LS_ERECORD, 1, "no version");
}

static void test_unknown_version_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 2\nplayers Ann Bob\n", LS_ERECORD, 1,
                 "unsupported record version '2'");
}

static void test_second_header_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "leastscore 1\n", LS_ERECORD, 3, "first line only");
}

static void test_option_after_players_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "option threshold 50\n", LS_ERECORD, 3,
                 "option after the players line (line 2)");
}

static void test_unknown_option_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\noption speed fast\nplayers Ann Bob\n", LS_EOPTION, 2,
                 "unknown option 'speed'");
}

/* A refused value is worded as the command line words it: the option, the
 * value, what it may be; the error points at the value. Both ends of each
 * range are tried, so that the words and the engine's ranges agree. */
static void test_bad_option_value_is_rejected(void **state)
{
    (void)state;
    static const struct {
        const char *option, *bad, *good, *allowed;
    } cases[] = {
        {"threshold", "0", "1", "a whole number from 1 to 1000 (usually 25, 50 or 100)"},
        {"threshold", "1001", "1000", NULL},
        {"tie", "never", "penalty", "'declarer' or 'penalty'"},
        {"runs", "3", "suited", "'any' or 'suited'"},
        {"hand_size", "2", "3", "a whole number from 3 to 7"},
        {"hand_size", "8", "7", NULL},
        {"declare_max", "71", "70", "a whole number from 0 to 70 (0: no limit)"},
        {"declare_max", "-1", "0", NULL},
        {"max_turns", "0", "1", "a whole number from 1 to 100000"},
        {"max_turns", "100001", "100000", NULL},
    };
    const char *allowed = NULL;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[128], want[160];
        ls_error err = {0};
        ls_state *s = NULL;
        if (cases[i].allowed)
            allowed = cases[i].allowed;
        assert_string_equal(ls_option_allowed(cases[i].option), allowed);
        snprintf(text, sizeof text, "leastscore 1\noption %s %s\nplayers Ann Bob\n",
                 cases[i].option, cases[i].bad);
        snprintf(want, sizeof want, "option %s: '%s' is not %s", cases[i].option,
                 cases[i].bad, allowed);
        assert_int_equal(ls_record_read(text, strlen(text), &s, NULL, NULL, &err), LS_EOPTION);
        assert_null(s);
        assert_int_equal(err.line, 2);
        assert_int_equal(err.column, (int)strlen("option ") + (int)strlen(cases[i].option) + 2);
        assert_string_equal(err.msg, want);
        snprintf(text, sizeof text, "leastscore 1\noption %s %s\nplayers Ann Bob\n",
                 cases[i].option, cases[i].good);
        assert_int_equal(ls_record_read(text, strlen(text), &s, NULL, NULL, &err), 0);
        ls_state_free(s);
    }
    assert_null(ls_option_allowed("speed"));
    assert_null(ls_option_allowed(NULL));
    /* A value with a control byte is quoted printable, as every message is. */
    expect_error("leastscore 1\noption tie \033]0;x\007\nplayers Ann Bob\n", LS_EOPTION, 2,
                 "option tie: '\\x1b]0;x\\x07' is not 'declarer' or 'penalty'");
}

static void test_duplicate_option_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\noption threshold 50\noption tie penalty\n"
                 "option threshold 25\nplayers Ann Bob\n",
                 LS_EOPTION, 4, "option threshold given twice (first on line 2)");
}

static void test_option_without_a_value_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\noption threshold\nplayers Ann Bob\n", LS_ESYNTAX, 2,
                 "needs a name and a value");
}

static void test_options_that_do_not_fit_the_table_are_rejected(void **state)
{
    (void)state;
    /* D13: 8 players x 7 cards + 1 > 52. */
    expect_error("leastscore 1\noption hand_size 7\nplayers A B C D E F G H\n", LS_EOPTION,
                 3, "");
}

static void test_bad_player_name_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\nplayers Ann B*b\n", LS_ERECORD, 2, "bad player name 'B*b'");
    expect_error("leastscore 1\nplayers Ann Abcdefghijklmnopq\n", LS_ERECORD, 2,
                 "bad player name");
}

static void test_duplicate_player_name_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\nplayers Ann Bob Ann\n", LS_ERECORD, 2,
                 "player Ann is named twice");
}

static void test_fewer_than_two_players_are_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\nplayers Ann\n", LS_ERECORD, 2, "this line names 1");
}

static void test_more_than_eight_players_are_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\nplayers A B C D E F G H I\n", LS_ERECORD, 2,
                 "2 to 8 players, this line names 9");
}

static void test_players_given_twice_are_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "players Ann Bob\n", LS_ERECORD, 3, "players given twice");
}

static void test_statement_before_players_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\nround\nplayers Ann Bob\n", LS_ERECORD, 2,
                 "'round' before the players line");
    expect_error("leastscore 1\nAnn discard 7H draw 8H\n", LS_ERECORD, 2,
                 "before the players line");
}

static void test_record_without_players_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\noption threshold 50\n", LS_ERECORD, 2,
                 "ends before the players line");
}

/* ------------------------------------------------------------------ */
/* Invalid records: deals                                              */
/* ------------------------------------------------------------------ */

static void test_deal_with_a_duplicate_card_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\nhand Bob AS 3D 4D 6C 8H\n", LS_EDEAL, 5,
                 "8H is dealt twice: it is already in Ann's hand (line 4)");
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 7h\n", LS_EDEAL, 4,
                 "7H appears twice in Ann's hand");
}

static void test_hand_of_the_wrong_size_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C\n", LS_EDEAL, 4,
                 "Ann's hand has 4 cards: each player is dealt 5");
}

static void test_missing_hand_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\nhand Cid QC QD 5H 6S 2D\nopen 4S\n",
                 LS_EDEAL, 6, "no hand for Bob");
}

static void test_hand_given_twice_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\nhand Ann AS 3D 4D 6C KS\n", LS_EDEAL,
                 5, "Ann's hand is given twice (first on line 4)");
}

static void test_hand_for_an_eliminated_player_is_rejected(void **state)
{
    (void)state;
    /* Threshold 25: Bob (28) goes out in round 2. */
    expect_error("leastscore 1\noption threshold 25\nplayers Ann Bob Cid\n" DEAL1 ROUND1_MOVES
                 DEAL2 ROUND2_MOVES "round\nhand Ann KC KD KH QS JS\nhand Bob 5C 5D 6H 7C 8D\n",
                 LS_EDEAL, 24, "Bob is out of the match");
}

static void test_hand_for_an_unknown_player_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Dan 7H 8H 9H 4C 2C\n", LS_ERECORD, 4,
                 "unknown player 'Dan': the players are Ann Bob Cid");
}

static void test_open_card_in_a_hand_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\nhand Bob AS 3D 4D 6C KS\n"
                        "hand Cid QC QD 5H 6S 2D\nopen 6S\n",
                 LS_EDEAL, 7, "the open card 6S is also in Cid's hand");
}

static void test_hand_outside_a_deal_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "hand Ann 7H 8H 9H 4C 2C\n", LS_EDEAL, 3, "outside a deal");
    expect_error(HEADER DEAL1 "hand Ann 7H 8H 9H 4C 2C\n", LS_EDEAL, 8,
                 "after round 1's deal ended with 'open' on line 7");
}

static void test_record_ending_inside_a_deal_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\n", LS_EDEAL, 4,
                 "ends inside round 1's deal (line 3)");
}

static void test_round_while_a_round_is_played_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard 7H 8H 9H take 4S\nround\n", LS_EPHASE, 9,
                 "'round' while round 1 is still being played: it is Bob's turn");
}

static void test_round_during_a_deal_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\nround\n", LS_EDEAL, 5,
                 "round 1's deal (line 3) is not complete");
}

static void test_round_after_the_match_has_ended_is_rejected(void **state)
{
    (void)state;
    const char *text = "leastscore 1\noption threshold 5\nplayers Ann Bob Cid\n" DEAL1
        ROUND1_MOVES "round\n";
    expect_error(text, LS_EPHASE, 13, "'round' after the match has ended: Ann has won");
}

static void test_move_before_the_deal_is_complete_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\nAnn discard 7H draw 5S\n", LS_EPHASE,
                 5, "before round 1's deal is complete: expected Bob's hand");
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\nhand Bob AS 3D 4D 6C KS\n"
                        "hand Cid QC QD 5H 6S 2D\nAnn discard 7H draw 5S\n",
                 LS_EPHASE, 7, "expected 'open'");
}

static void test_move_outside_a_round_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "Ann discard 7H draw 5S\n", LS_EPHASE, 3, "before the first round");
    expect_error(HEADER DEAL1 ROUND1_MOVES "Bob discard AS draw 5S\n", LS_EPHASE, 12,
                 "after round 1 has ended");
}

static void test_move_after_the_match_has_ended_is_rejected(void **state)
{
    (void)state;
    const char *text = "leastscore 1\noption threshold 5\nplayers Ann Bob Cid\n" DEAL1
        ROUND1_MOVES "Bob discard AS draw 5S\n";
    expect_error(text, LS_EPHASE, 13, "after the match has ended");
}

/* ------------------------------------------------------------------ */
/* Invalid records: moves                                              */
/* ------------------------------------------------------------------ */

static void test_move_by_the_wrong_player_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard 7H 8H 9H take 4S\nCid discard QC QD draw 4H\n",
                 LS_ETURN, 9, "it is Bob's turn, not Cid's");
}

/* Two rounds swapped by hand: the first move of a round by the wrong
 * player says who starts that round and why (it said only "it is Ann's
 * turn, not Bob's"); later in a round the turn alone is told. */
static void test_a_round_started_by_the_wrong_player_says_who_starts_it(void **state)
{
    (void)state;
    expect_error(HEADER "round\n"
                 "hand Ann KC KD 3D 2D 4S\n"
                 "hand Bob AC 2H 3H 4C 4D\n"
                 "hand Cid 9S 9D AH 2S AD\n"
                 "open KH\n"
                 "Bob discard 4C 4D draw 4H\n",
                 LS_ETURN, 8, "it is Ann's turn, not Bob's: Ann starts round 1 (rules.md "
                 "D6: the first seat starts round 1, the next player still in the match "
                 "each later one)");
    expect_error(HEADER DEAL1 ROUND1_MOVES "round\n"
                 "hand Ann KC KD 3D 2D 4S\n"
                 "hand Bob AC 2H 3H 4C 4D\n"
                 "hand Cid 9S 9D AH 2S AD\n"
                 "open KH\n"
                 "Ann discard KC KD draw 6S\n",
                 LS_ETURN, 17, "it is Bob's turn, not Ann's: Bob starts round 2 (rules.md D6");
}

static void test_move_by_an_unknown_player_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Dan discard 7H 8H 9H take 4S\n", LS_ERECORD, 8,
                 "unknown player 'Dan': the players are Ann Bob Cid");
}

static void test_discard_of_a_card_not_in_hand_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard KD take 4S\n", LS_ENOTHELD, 8,
                 "KD is not in Ann's hand");
}

static void test_illegal_set_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard 7H 8H take 4S\n", LS_ESHAPE, 8,
                 "Ann cannot discard 7H 8H");
}

static void test_take_of_a_card_not_open_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard 7H 8H 9H take 4S\nBob discard KS take 9C\n",
                 LS_ETAKE, 9, "Bob cannot take 9C: the open cards are 7H 8H 9H");
}

static void test_take_of_an_own_discard_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard 2C take 2C\n", LS_ETAKE, 8,
                 "Ann cannot take 2C: the open card is 4S");
}

static void test_draw_of_a_card_in_a_hand_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard 2C draw QC\n", LS_EDRAW, 8,
                 "Ann cannot draw QC: it is in Cid's hand");
}

static void test_draw_of_a_dead_card_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard 7H 8H 9H take 4S\nBob discard KS draw 2S\n"
                              "Cid discard QC QD draw 7H\n",
                 LS_EDRAW, 10, "Cid cannot draw 7H: it is in the dead pile");
}

static void test_draw_of_the_open_card_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard 2C draw 4S\n", LS_EDRAW, 8,
                 "Ann cannot draw 4S: it is an open card");
}

static void test_draw_without_the_card_drawn_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann discard 2C draw\n", LS_ERECORD, 8,
                 "Ann's draw does not name the card drawn");
}

static void test_declare_on_a_first_turn_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann declare\n", LS_EDECLARE, 8, "Ann cannot declare on their first turn");
}

static void test_declare_above_declare_max_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1\noption declare_max 9\nplayers Ann Bob Cid\n" DEAL1 ROUND1_MOVES,
                 LS_EDECLARE, 12, "Ann cannot declare with 10");
}

/* ------------------------------------------------------------------ */
/* Invalid records: text that does not parse                           */
/* ------------------------------------------------------------------ */

static void test_garbage_after_a_statement_is_rejected(void **state)
{
    (void)state;
    expect_error("leastscore 1 beta\n", LS_ESYNTAX, 1, "unexpected 'beta'");
    expect_error(HEADER "round 1\n", LS_ESYNTAX, 3, "unexpected '1' after 'round'");
    expect_error(HEADER "round\nhand Ann 7H 8H 9H 4C 2C\nhand Bob AS 3D 4D 6C KS\n"
                        "hand Cid QC QD 5H 6S 2D\nopen 4S 5S\n",
                 LS_ESYNTAX, 7, "unexpected '5S'");
    expect_error(HEADER DEAL1 "Ann discard 7H 8H 9H take 4S now\n", LS_ESYNTAX, 8,
                 "unexpected 'now'");
}

static void test_unknown_statement_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "shuffle\n", LS_ESYNTAX, 3, "unknown statement 'shuffle'");
    expect_error("leastscore 1\nshuffle\n", LS_ESYNTAX, 2, "unknown statement 'shuffle'");
}

static void test_bad_card_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER "round\nhand Ann 7H 8H 9X 4C 2C\n", LS_ESYNTAX, 4, "'9X' is not a card");
    expect_error(HEADER DEAL1 "Ann discard 7H 8H 1H take 4S\n", LS_ESYNTAX, 8,
                 "'1H' is not a card");
}

static void test_move_that_is_not_a_move_is_rejected(void **state)
{
    (void)state;
    expect_error(HEADER DEAL1 "Ann pass\n", LS_ESYNTAX, 8, "'pass' is not a move");
    expect_error(HEADER DEAL1 "Ann\n", LS_ESYNTAX, 8, "expected a move");
}

static void test_nul_byte_is_rejected(void **state)
{
    (void)state;
    const char text[] = "leastscore 1\nplayers Ann\0 Bob\n";
    ls_error err = {0};
    ls_state *s = NULL;
    assert_int_equal(ls_record_read(text, sizeof text - 1, &s, NULL, NULL, &err), LS_ESYNTAX);
    assert_int_equal(err.line, 2);
    assert_null(s);
}

static void test_nul_byte_in_a_comment_is_rejected(void **state)
{
    (void)state;
    const char text[] = "leastscore 1\nplayers Ann Bob # a\0b\n";
    ls_error err = {0};
    ls_state *s = NULL;
    assert_int_equal(ls_record_read(text, sizeof text - 1, &s, NULL, NULL, &err), LS_ESYNTAX);
    assert_int_equal(err.line, 2);
    /* An invisible byte: the message says where it is. */
    if (!strstr(err.msg, "a NUL byte at column 20: a record is text"))
        fail_msg("no column for the NUL byte: %s", err.msg);
    assert_null(s);
}

static void test_control_bytes_are_escaped_in_error_messages(void **state)
{
    (void)state;
    /* A terminal title and clear-screen sequence in a player's name. */
    expect_error("leastscore 1\nplayers Ann B\033]0;pwned\007\033[2J\n", LS_ERECORD, 2,
                 "bad player name 'B\\x1b]0;pwned\\x07\\x1b[2J'");
    expect_error(HEADER DEAL1 "Ann discard 7H \2338H take 4S\n", LS_ESYNTAX, 8,
                 "'\\x9b8H' is not a card");
    /* A backslash is written \\ once, not again where the engine's own
     * message is quoted (it was 'bad move ...: '\\\\x9b8H' is not ...'). */
    expect_error(HEADER DEAL1 "Ann discard 7H \2338H take 4S\n", LS_ESYNTAX, 8,
                 "bad move 'discard 7H \\x9b8H take 4S': '\\x9b8H' is not a card");
    expect_error(HEADER DEAL1 "Ann discard 7H 8\\H take 4S\n", LS_ESYNTAX, 8,
                 "bad move 'discard 7H 8\\\\H take 4S': '8\\\\H' is not a card");
    expect_error(HEADER DEAL1 "Ann dis\\x41card 7H\n", LS_ESYNTAX, 8,
                 "'dis\\\\x41card'");
    char out[16];
    assert_string_equal(ls_printable("a\tb\x7f", out, sizeof out), "a\\x09b\\x7f");
    /* Cut at a whole escape, never inside one. */
    assert_string_equal(ls_printable("abc\001", out, 6), "abc");
}

/* ------------------------------------------------------------------ */
/* Columns                                                             */
/* ------------------------------------------------------------------ */

/* A deal of two, lines 1-6, Ann to move. */
#define DUO "leastscore 1\nplayers Ann Bob\nround\nhand Ann 2C 3C 4C 5C 6C\n" \
            "hand Bob 2D 3D 4D 5D 6D\nopen 7S\n"

/* An error points at the byte its token starts at, from 1, as compilers'
 * FILE:LINE:COLUMN; a missing token at the byte after the last one; what
 * is missing when the record ends at no column (0). */
#define LONG_WORD /* 200 bytes */                                                \
    "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz" \
    "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz" \
    "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"

static void test_errors_point_at_the_column_of_the_token_at_fault(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int line, column;
        const char *part;
    } cases[] = {
        {"leastscore\n", 1, 11, "has no version"},
        {"\xEF\xBB\xBFleastscore 2\n", 1, 12, "version '2'"}, /* the mark is no column */
        {"leastscore 1\noption threshold\n", 2, 17, "needs a name and a value"},
        {"leastscore 1\noption\tthreshold\t0\n", 2, 18, "option threshold: '0' is not a whole number"},
        {"leastscore 1\noption speed 3\n", 2, 8, "unknown option 'speed'"},
        {"leastscore 1\nplayers Ann B*b\n", 2, 13, "bad player name 'B*b'"},
        {"leastscore 1\nplayers Ann Bob Ann\n", 2, 17, "named twice"},
        {"leastscore 1\nplayers A B C D E F G H I J\n", 2, 25, "this line names 10"},
        {"leastscore 1\nplayers Ann\n", 2, 12, "this line names 1"},
        {"leastscore 1\nplayers Ann Bob\nround 1\n", 3, 7, "unexpected '1'"},
        {"leastscore 1\nplayers Ann Bob\n  shuffle\n", 3, 3, "unknown statement 'shuffle'"},
        {"leastscore 1\nplayers Ann Bob\nround\nhand Ann 2C 3C 4X 5C 6C\n", 4, 16,
         "'4X' is not a card"},
        {"leastscore 1\nplayers Ann Bob\nround\nhand Dan 2C 3C 4C 5C 6C\n", 4, 6,
         "unknown player 'Dan'"},
        {"leastscore 1\nplayers Ann Bob\nround\nhand Ann 2C 3C 4C 5C 6C 7C\n", 4, 25,
         "has 6 cards"},
        {"leastscore 1\nplayers Ann Bob\nround\nhand Ann 2C 3C 3C 5C 6C\n", 4, 16,
         "3C appears twice"},
        {"leastscore 1\nplayers Ann Bob\nround\nhand Ann 2C 3C 4C 5C 6C\nhand Bob 2D 3D 4D 5D 6C\n",
         5, 22, "6C is dealt twice"},
        {"leastscore 1\nplayers Ann Bob\nround\nhand Ann 2C 3C 4C 5C 6C\nhand Bob 2D 3D 4D 5D 6D\n"
         "open 6D\n", 6, 6, "also in Bob's hand"},
        {DUO "Ann discard 2C  KD draw 9H\n", 7, 17, "KD"},
        {DUO "Ann discard 6C take 8S\n", 7, 21, "cannot take 8S"},
        {DUO "Ann discard 6C draw 2D\n", 7, 21, "cannot draw 2D"},
        {DUO "Ann discard 2C 3C take 7S\n", 7, 13, "2C 3C"},
        {DUO "Ann declare\n", 7, 5, "first turn"},
        {DUO "Bob discard 2D draw 9H\n", 7, 1, "it is Ann's turn"},
        {DUO "Ann discard 6C draw\n", 7, 20, "does not name the card drawn"},
        {DUO "Ann pass\n", 7, 5, "bad move 'pass'"},
        {DUO "Ann discard 6C draw 9H extra\n", 7, 24, "unexpected 'extra'"},
        {DUO "Ann discard 6C tak 9H\n", 7, 16, "'tak' is not a card"},
        /* A long word is quoted by its head and the reason kept whole. */
        {DUO "Ann discard 6C draw " LONG_WORD "\n", 7, 21,
         "...' after 'draw' is not a card: 'draw' is followed by nothing or by the card "
         "drawn, like 'draw 4S'"},
        {"leastscore 1\nplayers Ann Bob\nround\nhand Ann 2C 3C " LONG_WORD " 5C 6C\n", 4, 16,
         "zzzzz...' is not a card: a card is a rank A 2-10 J Q K then a suit C D H S, like 10H"},
        {DUO LONG_WORD " discard 6C draw 9H\n", 7, 1,
         "zzzzz...': the players are Ann Bob"},
        {LONG_WORD "\n", 1, 1, "the first line must be 'leastscore 1', not '"
         "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...'"},
        {"leastscore " LONG_WORD "\n", 1, 12, "zzzzz...': this reader knows version 1"},
        {"leastscore 1\noption threshold " LONG_WORD "\n", 2, 18,
         "zzzzz...' is not a whole number from 1 to 1000 (usually 25, 50 or 100)"},
        {"leastscore 1\noption " LONG_WORD " 5\n", 2, 8,
         "zzzzz...': the options are threshold, tie, runs, hand_size, declare_max, max_turns"},
        {"leastscore 1\nplayers Ann " LONG_WORD "\n", 2, 13,
         "zzzzz...': a name is 1 to 16 letters A-Z (no accents), digits, '_' or '-'"},
        {"leastscore 1\n" LONG_WORD "\n", 2, 1, "zzzzz...': expected 'option' or 'players'"},
        {DUO LONG_WORD " 9H\n", 7, 1,
         "zzzzz...': expected 'round', 'hand', 'open' or a move 'NAME discard ...'"},
        {DUO "Ann discard 6C draw extra\n", 7, 21,
         "'extra' after 'draw' is not a card: 'draw' is followed by nothing or by the "
         "card drawn"},
        {DUO "Ann discard 6X draw 9H\n", 7, 13, "'6X' is not a card"},
        {DUO "Ann declare now\n", 7, 13, "got 'now'"},
        {DUO "Ann discard 8S take 7S 8S\n", 7, 5, "unexpected '8S'"}, /* which 8S? */
        {DUO "\tDan discard 6C draw 9H\n", 7, 2, "unknown player 'Dan'"},
        {DUO "round\n", 7, 1, "still being played"},
        {"leastscore 1\n", 1, 0, "ends before the players line"},
        {"leastscore 1\nplayers Ann Bob\nround\n# the end\n", 4, 0, "ends inside round 1's deal"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ls_error err = {0};
        ls_state *s = NULL;
        int rc = ls_record_read(cases[i].text, strlen(cases[i].text), &s, NULL, NULL, &err);
        if (rc == 0 || err.line != cases[i].line || err.column != cases[i].column ||
            !strstr(err.msg, cases[i].part))
            fail_msg("case %zu: expected %d:%d '%s'; got %d:%d '%s' (%d)", i,
                     cases[i].line, cases[i].column, cases[i].part, err.line,
                     err.column, err.msg, rc);
        assert_null(s);
    }
}

/* The limits of a line are said where they are passed: the first byte
 * over 1023, the 33rd token, the NUL byte. */
static void test_errors_of_long_lines_point_at_the_limit(void **state)
{
    (void)state;
    char text[2048];
    ls_error err = {0};
    ls_state *s = NULL;
    int n = snprintf(text, sizeof text, "leastscore 1\n%1100s\n", "x");
    assert_int_not_equal(ls_record_read(text, (size_t)n, &s, NULL, NULL, &err), 0);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.column, 1024);
    n = snprintf(text, sizeof text, "leastscore 1\n");
    for (int i = 0; i < 40; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "t%d ", i % 10);
    assert_int_not_equal(ls_record_read(text, (size_t)n, &s, NULL, NULL, &err), 0);
    assert_true(strstr(err.msg, "too many tokens") != NULL);
    assert_int_equal(err.column, 32 * 3 + 1); /* 'tN ' each */
    static const char nul[] = "leastscore 1 # a \0 b\n";
    assert_int_not_equal(ls_record_read(nul, sizeof nul - 1, &s, NULL, NULL, &err), 0);
    assert_int_equal(err.column, 18);
    assert_null(s);
}

/* A call that reads no record says no place. */
/* An error outside a record has no line; its column, if any, is the
 * byte of the text it was about (a move's word at fault), else 0. */
static void test_errors_outside_a_record_have_no_line_or_column(void **state)
{
    (void)state;
    ls_error err = {.line = 5, .column = 7};
    ls_move m;
    assert_int_not_equal(ls_move_parse("discard 2D", &m, &err), 0);
    assert_int_equal(err.line, 0);
    assert_int_equal(err.column, 0);
    err = (ls_error){.line = 5, .column = 7};
    assert_int_not_equal(ls_move_parse(" pass", &m, &err), 0);
    assert_int_equal(err.line, 0);
    assert_int_equal(err.column, 2);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_correct_declaration_replays_as_in_r6),
    cmocka_unit_test(test_false_declaration_replays_as_in_r7),
    cmocka_unit_test(test_replay_tells_its_caller_of_each_deal_and_move),
    cmocka_unit_test(test_finished_match_names_the_winner_and_rejects_nothing_after),
    cmocka_unit_test(test_record_ending_in_the_middle_of_a_round_is_valid),
    cmocka_unit_test(test_record_of_players_only_is_a_match_not_yet_dealt),
    cmocka_unit_test(test_options_are_applied),
    cmocka_unit_test(test_crlf_comments_blank_lines_and_tabs_are_accepted),
    cmocka_unit_test(test_a_record_cut_inside_a_line_says_it_may_be_cut),
    cmocka_unit_test(test_bare_cr_line_breaks_are_accepted),
    cmocka_unit_test(test_a_byte_order_mark_is_skipped_only_at_the_start),
    cmocka_unit_test(test_cards_are_case_insensitive_and_t_means_ten),
    cmocka_unit_test(test_max_turns_showdown_has_no_declarer),
    cmocka_unit_test(test_players_may_be_named_like_statements),
    cmocka_unit_test(test_drawing_from_the_reshuffled_dead_pile_is_valid),
    cmocka_unit_test(test_writer_writes_header_and_only_options_that_differ),
    cmocka_unit_test(test_writer_writes_the_deal_and_named_draws),
    cmocka_unit_test(test_writer_refuses_a_match_already_dealt),
    cmocka_unit_test(test_writer_refuses_what_it_could_not_replay),
    cmocka_unit_test(test_written_records_replay_to_identical_results),
    cmocka_unit_test(test_empty_record_is_rejected),
    cmocka_unit_test(test_missing_header_is_rejected),
    cmocka_unit_test(test_missing_version_is_rejected),
    cmocka_unit_test(test_unknown_version_is_rejected),
    cmocka_unit_test(test_second_header_is_rejected),
    cmocka_unit_test(test_option_after_players_is_rejected),
    cmocka_unit_test(test_unknown_option_is_rejected),
    cmocka_unit_test(test_bad_option_value_is_rejected),
    cmocka_unit_test(test_duplicate_option_is_rejected),
    cmocka_unit_test(test_option_without_a_value_is_rejected),
    cmocka_unit_test(test_options_that_do_not_fit_the_table_are_rejected),
    cmocka_unit_test(test_bad_player_name_is_rejected),
    cmocka_unit_test(test_duplicate_player_name_is_rejected),
    cmocka_unit_test(test_fewer_than_two_players_are_rejected),
    cmocka_unit_test(test_more_than_eight_players_are_rejected),
    cmocka_unit_test(test_players_given_twice_are_rejected),
    cmocka_unit_test(test_statement_before_players_is_rejected),
    cmocka_unit_test(test_record_without_players_is_rejected),
    cmocka_unit_test(test_deal_with_a_duplicate_card_is_rejected),
    cmocka_unit_test(test_hand_of_the_wrong_size_is_rejected),
    cmocka_unit_test(test_missing_hand_is_rejected),
    cmocka_unit_test(test_hand_given_twice_is_rejected),
    cmocka_unit_test(test_hand_for_an_eliminated_player_is_rejected),
    cmocka_unit_test(test_hand_for_an_unknown_player_is_rejected),
    cmocka_unit_test(test_open_card_in_a_hand_is_rejected),
    cmocka_unit_test(test_hand_outside_a_deal_is_rejected),
    cmocka_unit_test(test_record_ending_inside_a_deal_is_rejected),
    cmocka_unit_test(test_round_while_a_round_is_played_is_rejected),
    cmocka_unit_test(test_round_during_a_deal_is_rejected),
    cmocka_unit_test(test_round_after_the_match_has_ended_is_rejected),
    cmocka_unit_test(test_move_before_the_deal_is_complete_is_rejected),
    cmocka_unit_test(test_move_outside_a_round_is_rejected),
    cmocka_unit_test(test_move_after_the_match_has_ended_is_rejected),
    cmocka_unit_test(test_move_by_the_wrong_player_is_rejected),
    cmocka_unit_test(test_a_round_started_by_the_wrong_player_says_who_starts_it),
    cmocka_unit_test(test_move_by_an_unknown_player_is_rejected),
    cmocka_unit_test(test_discard_of_a_card_not_in_hand_is_rejected),
    cmocka_unit_test(test_illegal_set_is_rejected),
    cmocka_unit_test(test_take_of_a_card_not_open_is_rejected),
    cmocka_unit_test(test_take_of_an_own_discard_is_rejected),
    cmocka_unit_test(test_draw_of_a_card_in_a_hand_is_rejected),
    cmocka_unit_test(test_draw_of_a_dead_card_is_rejected),
    cmocka_unit_test(test_draw_of_the_open_card_is_rejected),
    cmocka_unit_test(test_draw_without_the_card_drawn_is_rejected),
    cmocka_unit_test(test_declare_on_a_first_turn_is_rejected),
    cmocka_unit_test(test_declare_above_declare_max_is_rejected),
    cmocka_unit_test(test_garbage_after_a_statement_is_rejected),
    cmocka_unit_test(test_unknown_statement_is_rejected),
    cmocka_unit_test(test_bad_card_is_rejected),
    cmocka_unit_test(test_move_that_is_not_a_move_is_rejected),
    cmocka_unit_test(test_nul_byte_is_rejected),
    cmocka_unit_test(test_nul_byte_in_a_comment_is_rejected),
    cmocka_unit_test(test_control_bytes_are_escaped_in_error_messages),
    cmocka_unit_test(test_errors_point_at_the_column_of_the_token_at_fault),
    cmocka_unit_test(test_errors_of_long_lines_point_at_the_limit),
    cmocka_unit_test(test_errors_outside_a_record_have_no_line_or_column),
};

LS_TEST_MAIN(tests)
