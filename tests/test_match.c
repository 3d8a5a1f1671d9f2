/*
 * test_match.c - a match of rounds (R8, D6, D8, D13) and the table it is
 * played at: players, names, options, seeds.
 *
 * Scores add up over rounds; a cumulative score strictly above the
 * threshold puts a player out, exactly equal stays in (D8). Seats keep the
 * order the players were listed in; each round is started by the next
 * remaining player after the last round's starter (D6). The last player in
 * wins. A table has 2 to 8 players and players x hand size + 1 <= 52 (D13).
 * The same seed deals the same match.
 */
#include "support/support.h"

#include <stdio.h>
#include <string.h>

static const char *const letters[] = {"A", "B", "C", "D", "E", "F", "G", "H"};

/* The R6 example of test_declare.c: A declares 10 against B 16, C 17. */
static const char *const r6_hands[] = {
    "AC 2C 3C 3D KS",
    "4H 6H 2S 3S QH",
    "5D 6D 2D 3H JH",
};

static void play_r6_round(ls_state *s)
{
    deal_next(s, r6_hands, "AD");
    must_play(s, "discard KS take AD");
    must_play(s, "discard QH draw AH");
    must_play(s, "discard JH draw AS");
    must_play(s, "declare");
}

static ls_state *new_table(const ls_rules *r, int n)
{
    ls_error err = {0};
    ls_state *s = ls_state_new(r, n, letters, 1, &err);
    if (!s)
        fail_msg("ls_state_new: %s", err.msg);
    return s;
}

/* ---- R8/D8: scores and elimination ----------------------------------- */

static void test_scores_add_up_over_rounds(void **state)
{
    (void)state;
    ls_state *s = new_table(NULL, 3);
    play_r6_round(s); /* A 0, B 6, C 7 */
    /* Round 2, started by B: C declares 10, A ties on 10, B holds 20. */
    static const char *const hands2[] = {
        "AS 2D 3H JH JD",
        "4H 6H 2S 3S QH",
        "AC 2C 3C 3D KS",
    };
    deal_next(s, hands2, "KH");
    must_play(s, "discard QH draw AH");    /* B: 16 */
    must_play(s, "discard KS draw AD");    /* C: 10 */
    must_play(s, "discard JH JD draw 4S"); /* A: 10 */
    must_play(s, "discard 6H take JD");    /* B: 4H 2S 3S AH JD = 20 */
    must_play(s, "declare");
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->round, 2);
    assert_int_equal(res->declarer, 2);
    assert_int_equal(res->score[0], 0);
    assert_int_equal(res->score[1], 10);
    assert_int_equal(res->score[2], 0);
    assert_int_equal(res->total[0], 0);
    assert_int_equal(res->total[1], 16);
    assert_int_equal(res->total[2], 7);
    assert_int_equal(ls_score(s, 1), 16);
    assert_int_equal(ls_score(s, 2), 7);
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    ls_state_free(s);
}

static void test_threshold_defaults_to_100(void **state)
{
    (void)state;
    assert_int_equal(ls_rules_default().threshold, 100);
}

static void test_a_score_above_the_threshold_eliminates_and_equal_stays(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.threshold = 6;
    ls_state *s = new_table(&r, 3);
    play_r6_round(s); /* B 6: equal, stays; C 7: above, out */
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->eliminated, 1u << 2);
    assert_false(ls_eliminated(s, 0));
    assert_false(ls_eliminated(s, 1));
    assert_true(ls_eliminated(s, 2));
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    assert_int_equal(ls_winner(s), -1);
    ls_state_free(s);
}

static void test_eliminated_players_get_no_hand_and_no_turn(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.threshold = 6;
    ls_state *s = new_table(&r, 3);
    play_r6_round(s); /* C is out */
    /* C's hand is ignored, even one that clashes with the others. */
    static const char *const hands2[] = {"AC 2C 3C 3D KS", "4H 6H 2S 3S QH",
                                         "AC 2C 3C 3D KS"};
    deal_next(s, hands2, "AD");
    assert_true(ls_hand(s, 2) == 0);
    assert_int_equal(ls_deck_size(s), 52 - 10 - 1);
    assert_int_equal(ls_turn(s), 1);
    must_play(s, "discard QH take AD");
    assert_int_equal(ls_turn(s), 0);
    must_play(s, "discard KS take QH");
    assert_int_equal(ls_turn(s), 1);
    must_play(s, "declare"); /* B: 4H 6H 2S 3S AD = 16 against A's 19 */
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->players, 0x3);
    assert_int_equal(res->score[2], 0);
    assert_int_equal(res->score[0], 3);
    assert_int_equal(ls_score(s, 2), 7); /* unchanged */

    /* A seeded deal leaves C out too. */
    assert_int_equal(ls_deal(s, NULL), 0);
    assert_true(ls_hand(s, 2) == 0);
    assert_int_equal(ls_cards_count(ls_hand(s, 0)), 5);
    assert_int_equal(ls_cards_count(ls_hand(s, 1)), 5);
    assert_int_equal(ls_deck_size(s), 52 - 10 - 1);
    ls_state_free(s);
}

static void test_a_showdown_counts_only_the_players_in_the_round(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.threshold = 6;
    r.max_turns = 3;
    ls_state *s = new_table(&r, 3);
    deal_next(s, r6_hands, "AD");
    must_play(s, "discard KS take AD");
    must_play(s, "discard QH draw AH");
    must_play(s, "discard JH draw AS"); /* showdown: A 0, B 6, C 7: C out */
    assert_true(ls_eliminated(s, 2));
    /* Round 2 by B: C, out, holds nothing and is not the lowest hand. */
    static const char *const hands2[] = {"AC 2C 3C 3D KS", "4H 6H 2S 3S QH", NULL};
    deal_next(s, hands2, "AD");
    must_play(s, "discard QH take AD"); /* B: 16 */
    must_play(s, "discard KS take QH"); /* A: 19 */
    must_play(s, "discard 6H draw 2H"); /* B: 4H 2S 3S AD 2H = 12 */
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->declarer, -1);
    assert_int_equal(res->lowest, 1);
    assert_int_equal(res->players, 0x3);
    assert_int_equal(res->score[0], 7);
    assert_int_equal(res->score[1], 0);
    assert_int_equal(res->score[2], 0);
    /* A goes out at 7: B wins the match on a showdown. */
    assert_int_equal(ls_phase(s), LS_PHASE_OVER);
    assert_int_equal(ls_winner(s), 1);
    ls_state_free(s);
}

static void test_the_last_player_in_wins_the_match(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.threshold = 5;
    ls_state *s = new_table(&r, 3);
    assert_int_equal(ls_winner(s), -1);
    play_r6_round(s); /* B 6 and C 7 both go out */
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->eliminated, (1u << 1) | (1u << 2));
    assert_int_equal(ls_phase(s), LS_PHASE_OVER);
    assert_int_equal(ls_winner(s), 0);
    assert_int_equal(ls_turn(s), -1);
    ls_state_free(s);
}

static void test_a_two_player_match_ends_when_one_goes_out(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.threshold = 5;
    static const char *const hands[] = {"AC 2C 3C 3D KS", "4H 6H 2S 3S QH"};
    ls_state *s = deal_state(&r, 2, hands, "AD");
    must_play(s, "discard KS take AD");
    must_play(s, "discard QH draw AH");
    must_play(s, "declare"); /* B: 16 - 10 = 6 > 5 */
    assert_int_equal(ls_phase(s), LS_PHASE_OVER);
    assert_int_equal(ls_winner(s), 0);
    assert_true(ls_eliminated(s, 1));
    ls_state_free(s);
}

/* ---- phases ---------------------------------------------------------- */

static void test_a_match_moves_through_its_phases(void **state)
{
    (void)state;
    ls_state *s = new_table(NULL, 3);
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    assert_int_equal(ls_round(s), 0);
    assert_int_equal(ls_turn(s), -1);
    assert_int_equal(ls_winner(s), -1);
    assert_null(ls_last_result(s));
    ls_move moves[LS_MAX_MOVES];
    assert_int_equal(ls_legal_moves(s, moves), 0);
    assert_false(ls_can_declare(s));
    ls_error err = {0};
    assert_int_equal(play(s, "discard KS draw", &err), LS_EPHASE);
    assert_true(err.msg[0] != '\0');

    assert_int_equal(ls_deal(s, NULL), 0);
    assert_int_equal(ls_phase(s), LS_PHASE_TURN);
    assert_int_equal(ls_round(s), 1);
    assert_int_equal(ls_turn(s), 0);
    assert_true(ls_legal_moves(s, moves) > 0);
    /* No new deal while a round is in play. */
    ls_cards hand = ls_hand(s, 0);
    assert_int_equal(ls_deal(s, &err), LS_EPHASE);
    assert_true(err.msg[0] != '\0');
    ls_cards h[3] = {cards("AC 2C 3C 3D KS"), cards("4H 6H 2S 3S QH"),
                     cards("5D 6D 2D 3H JH")};
    assert_int_equal(ls_deal_given(s, h, card("AD"), NULL), LS_EPHASE);
    assert_true(ls_hand(s, 0) == hand);
    ls_state_free(s);

    s = new_table(NULL, 3);
    play_r6_round(s);
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    assert_int_equal(ls_round(s), 1);
    assert_int_equal(ls_turn(s), -1);
    assert_int_equal(ls_legal_moves(s, moves), 0);
    assert_int_equal(play(s, "declare", NULL), LS_EPHASE);
    assert_int_equal(ls_deal(s, NULL), 0);
    assert_int_equal(ls_round(s), 2);
    ls_state_free(s);
}

static void test_nothing_may_be_dealt_or_played_after_the_match(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.threshold = 5;
    ls_state *s = new_table(&r, 3);
    play_r6_round(s);
    assert_int_equal(ls_phase(s), LS_PHASE_OVER);
    ls_error err = {0};
    assert_int_equal(ls_deal(s, &err), LS_EPHASE);
    assert_true(err.msg[0] != '\0');
    assert_int_equal(play(s, "discard KS draw", NULL), LS_EPHASE);
    ls_move moves[LS_MAX_MOVES];
    assert_int_equal(ls_legal_moves(s, moves), 0);
    assert_int_equal(ls_phase(s), LS_PHASE_OVER);
    assert_int_equal(ls_winner(s), 0);
    ls_state_free(s);
}

/* ---- D6: who starts ---------------------------------------------------- */

static void test_round_starters_rotate_through_the_seats(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.max_turns = 1; /* every round is one turn and a showdown */
    r.threshold = 1000;
    ls_state *s = new_table(&r, 3);
    static const int want[] = {0, 1, 2, 0, 1};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(ls_deal(s, NULL), 0);
        assert_int_equal(ls_round(s), i + 1);
        assert_int_equal(ls_starter(s), want[i]);
        assert_int_equal(ls_turn(s), want[i]);
        ls_move moves[LS_MAX_MOVES];
        assert_true(ls_legal_moves(s, moves) > 0);
        assert_int_equal(ls_apply(s, &moves[0], NULL), 0);
        assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    }
    ls_state_free(s);
}

static void test_starters_skip_eliminated_players(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.threshold = 20;
    ls_state *s = new_table(&r, 4);

    /* Round 1, started by A: A declares 10 against B's 8 and scores 22. */
    static const char *const hands1[] = {"AC 2C 3C 3D KS", "AH 2H 2S 2D QH",
                                         "3H 4D 5D KC KD", "4H 5H 6H 7C 9C"};
    deal_next(s, hands1, "AD");
    assert_int_equal(ls_starter(s), 0);
    must_play(s, "discard KS take AD");
    must_play(s, "discard QH draw AS");
    must_play(s, "discard KC KD draw 3S");
    must_play(s, "discard 9C draw 10C");
    must_play(s, "declare");
    assert_int_equal(ls_last_result(s)->score[0], 22);
    assert_true(ls_eliminated(s, 0));

    /* Round 2: the starter A is out; the next remaining player, B, starts.
     * B declares 10; C holds 40 and goes out, D holds 21 and stays. */
    static const char *const hands2[] = {NULL, "AC 2C 3C 3D KS", "KH QD JS 10H 10S",
                                         "2H 3H 4H 5S 6S"};
    deal_next(s, hands2, "AD");
    assert_int_equal(ls_starter(s), 1);
    assert_int_equal(ls_turn(s), 1);
    assert_true(ls_hand(s, 0) == 0);
    must_play(s, "discard KS take AD");
    must_play(s, "discard 10H 10S take KS");
    must_play(s, "discard 6S draw 7S");
    assert_int_equal(ls_turn(s), 1); /* A is skipped */
    must_play(s, "declare");
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->players, 0xE);
    assert_int_equal(res->score[2], 30);
    assert_int_equal(res->score[3], 11);
    assert_int_equal(res->eliminated, 1u << 2);

    /* Round 3: after B comes C, who is out: D starts. */
    assert_int_equal(ls_deal(s, NULL), 0);
    assert_int_equal(ls_starter(s), 3);
    assert_int_equal(ls_turn(s), 3);
    assert_true(ls_hand(s, 0) == 0 && ls_hand(s, 2) == 0);
    ls_move m = {.discard = LS_BIT(ls_cards_first(ls_hand(s, 3))),
                 .kind = LS_MOVE_DRAW, .card = LS_NO_CARD};
    assert_int_equal(ls_apply(s, &m, NULL), 0);
    assert_int_equal(ls_turn(s), 1);
    ls_state_free(s);
}

/* ---- D13 and options ----------------------------------------------------- */

static void test_a_table_has_two_to_eight_players(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    ls_error err = {0};
    for (int n = 2; n <= 8; n++) {
        assert_int_equal(ls_rules_check(&r, n, NULL), 0);
        ls_state *s = ls_state_new(&r, n, letters, 1, &err);
        assert_non_null(s);
        assert_int_equal(ls_players(s), n);
        ls_state_free(s);
    }
    static const int bad[] = {-1, 0, 1, 9, 20};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&err, 0, sizeof err);
        assert_true(ls_rules_check(&r, bad[i], &err) < 0);
        assert_true(err.msg[0] != '\0');
    }
    memset(&err, 0, sizeof err);
    assert_null(ls_state_new(&r, 1, letters, 1, &err));
    assert_true(err.msg[0] != '\0');
    static const char *const nine[] = {"A", "B", "C", "D", "E", "F", "G", "H", "I"};
    assert_null(ls_state_new(&r, 9, nine, 1, &err));
    memset(&err, 0, sizeof err);
    assert_null(ls_state_new(&r, 3, NULL, 1, &err));
    assert_true(err.msg[0] != '\0');
}

static void test_the_deck_must_hold_every_hand_and_the_opening_card(void **state)
{
    (void)state;
    for (int h = 3; h <= 7; h++) {
        for (int n = 2; n <= 8; n++) {
            ls_rules r = ls_rules_default();
            r.hand_size = h;
            ls_error err = {0};
            bool fits = n * h + 1 <= 52;
            assert_int_equal(ls_rules_check(&r, n, &err) == 0, fits);
            ls_state *s = ls_state_new(&r, n, letters, 1, &err);
            assert_int_equal(s != NULL, fits);
            if (!fits) {
                assert_true(err.msg[0] != '\0');
                continue;
            }
            assert_int_equal(ls_deal(s, NULL), 0);
            assert_int_equal(ls_deck_size(s), 52 - n * h - 1);
            ls_state_free(s);
        }
    }
}

static void test_bad_rules_are_rejected_by_check_and_new(void **state)
{
    (void)state;
    ls_rules bad[6];
    for (int i = 0; i < 6; i++)
        bad[i] = ls_rules_default();
    bad[0].threshold = 0;
    bad[1].threshold = 1001;
    bad[2].hand_size = 2;
    bad[3].hand_size = 8;
    bad[4].declare_max = -1;
    bad[5].max_turns = 0;
    for (int i = 0; i < 6; i++) {
        ls_error err = {0};
        assert_true(ls_rules_check(&bad[i], 3, &err) < 0);
        assert_true(err.msg[0] != '\0');
        memset(&err, 0, sizeof err);
        assert_null(ls_state_new(&bad[i], 3, letters, 1, &err));
        assert_true(err.msg[0] != '\0');
    }
    ls_rules edge = ls_rules_default();
    edge.threshold = 1;
    edge.max_turns = 100000;
    assert_int_equal(ls_rules_check(&edge, 3, NULL), 0);
    edge.threshold = 1000;
    edge.max_turns = 1;
    assert_int_equal(ls_rules_check(&edge, 3, NULL), 0);
}

static void test_player_names_must_be_unique_and_well_formed(void **state)
{
    (void)state;
    static const char *const good[] = {"Ann", "bob_2", "Cid-X", "ABCDEFGHIJKLMNOP"};
    ls_error err = {0};
    ls_state *s = ls_state_new(NULL, 4, good, 1, &err);
    assert_non_null(s);
    for (int i = 0; i < 4; i++) {
        assert_string_equal(ls_name(s, i), good[i]);
        assert_int_equal(ls_seat_of(s, good[i]), i);
    }
    assert_int_equal(ls_seat_of(s, "Dee"), -1);
    ls_state_free(s);

    static const char *const bad[][2] = {
        {"Ann", "Ann"}, {"Ann", ""}, {"Ann", "Bo b"}, {"Ann", "Bob!"},
        {"Ann", "ABCDEFGHIJKLMNOPQ"}, {"Ann", "B\xc3\xb6" "b"}, {"Ann", "Bob\n"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *names[2] = {bad[i][0], bad[i][1]};
        memset(&err, 0, sizeof err);
        if (ls_state_new(NULL, 2, names, 1, &err) != NULL)
            fail_msg("names '%s' '%s' were accepted", names[0], names[1]);
        assert_true(err.msg[0] != '\0');
    }
}

static bool same_rules(const ls_rules *a, const ls_rules *b)
{
    return a->threshold == b->threshold && a->tie_penalty == b->tie_penalty &&
           a->runs_suited == b->runs_suited && a->hand_size == b->hand_size &&
           a->declare_max == b->declare_max && a->max_turns == b->max_turns;
}

static void test_every_option_is_set_and_read_by_name(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    ls_error err = {0};
    char buf[32];
    static const struct {
        const char *name, *value;
    } set[] = {
        {"threshold", "50"}, {"tie", "penalty"}, {"runs", "suited"},
        {"hand_size", "7"},  {"declare_max", "12"}, {"max_turns", "300"},
    };
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        if (ls_rules_set(&r, set[i].name, set[i].value, &err) != 0)
            fail_msg("option %s %s: %s", set[i].name, set[i].value, err.msg);
        assert_int_equal(ls_rules_get(&r, set[i].name, buf, sizeof buf), 0);
        assert_string_equal(buf, set[i].value);
    }
    assert_int_equal(r.threshold, 50);
    assert_true(r.tie_penalty);
    assert_true(r.runs_suited);
    assert_int_equal(r.hand_size, 7);
    assert_int_equal(r.declare_max, 12);
    assert_int_equal(r.max_turns, 300);

    /* The defaults read back in the same spelling. */
    ls_rules d = ls_rules_default();
    static const struct {
        const char *name, *value;
    } defaults[] = {
        {"threshold", "100"}, {"tie", "declarer"}, {"runs", "any"},
        {"hand_size", "5"},   {"declare_max", "0"}, {"max_turns", "500"},
    };
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++) {
        assert_int_equal(ls_rules_get(&d, defaults[i].name, buf, sizeof buf), 0);
        assert_string_equal(buf, defaults[i].value);
    }
    assert_int_equal(ls_rules_set(&r, "declare_max", "70", NULL), 0);
    assert_int_equal(r.declare_max, 70);
    assert_int_equal(ls_rules_set(&r, "tie", "declarer", NULL), 0);
    assert_false(r.tie_penalty);
    assert_int_equal(ls_rules_set(&r, "runs", "any", NULL), 0);
    assert_false(r.runs_suited);
    assert_int_equal(ls_rules_get(&r, "colour", buf, sizeof buf), LS_EOPTION);
}

static void test_option_names_are_the_six_options(void **state)
{
    (void)state;
    static const char *const want[] = {"threshold", "tie", "runs", "hand_size",
                                       "declare_max", "max_turns"};
    int n = 0;
    while (ls_option_names[n])
        n++;
    assert_int_equal(n, 6);
    for (int i = 0; i < 6; i++) {
        bool found = false;
        for (int j = 0; j < n; j++)
            found = found || strcmp(ls_option_names[j], want[i]) == 0;
        assert_true(found);
    }
}

static void test_bad_option_values_are_rejected_and_change_nothing(void **state)
{
    (void)state;
    static const struct {
        const char *name, *value;
    } bad[] = {
        {"threshold", "0"},    {"threshold", "1001"}, {"threshold", "abc"},
        {"threshold", ""},     {"threshold", "50x"},  {"threshold", "-5"},
        {"tie", "yes"},        {"tie", ""},           {"runs", "all"},
        {"runs", "suit"},      {"hand_size", "2"},    {"hand_size", "8"},
        {"hand_size", "five"}, {"declare_max", "-1"}, {"declare_max", "x"},
        {"declare_max", "71"}, {"threshold", " 100"}, {"threshold", "+100"},
        {"hand_size", "\t5"}, {"max_turns", " 12"},
        {"max_turns", "0"},    {"max_turns", "100001"}, {"colour", "red"},
        {"", "1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ls_rules r = ls_rules_default(), before = r;
        ls_error err = {0};
        int rc = ls_rules_set(&r, bad[i].name, bad[i].value, &err);
        if (rc != LS_EOPTION)
            fail_msg("option '%s' '%s': got %d, want LS_EOPTION", bad[i].name,
                     bad[i].value, rc);
        assert_true(err.msg[0] != '\0');
        assert_true(same_rules(&r, &before));
    }
}

/* ---- dealing ----------------------------------------------------------- */

static void test_a_given_deal_must_be_possible(void **state)
{
    (void)state;
    static const struct {
        const char *hands[3], *open, *why;
    } bad[] = {
        {{"AC 2C 3C 3D", "4H 6H 2S 3S QH", "5D 6D 2D 3H JH"}, "AD", "4 cards"},
        {{"AC 2C 3C 3D KS 9S", "4H 6H 2S 3S QH", "5D 6D 2D 3H JH"}, "AD", "6 cards"},
        {{"AC 2C 3C 3D KS", "AC 6H 2S 3S QH", "5D 6D 2D 3H JH"}, "AD", "AC twice"},
        {{"AC 2C 3C 3D KS", "4H 6H 2S 3S QH", "5D 6D 2D 3H JH"}, "JH", "open in a hand"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ls_state *s = new_table(NULL, 3);
        ls_cards h[3];
        for (int p = 0; p < 3; p++)
            h[p] = cards(bad[i].hands[p]);
        ls_error err = {0};
        if (ls_deal_given(s, h, card(bad[i].open), &err) != LS_EDEAL)
            fail_msg("a deal with %s was not refused with LS_EDEAL", bad[i].why);
        assert_true(err.msg[0] != '\0');
        assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
        assert_int_equal(ls_round(s), 0);
        ls_state_free(s);
    }
    /* Cards beyond the 52 and an opening card that is not a card. */
    ls_state *s = new_table(NULL, 3);
    ls_cards h[3] = {cards("AC 2C 3C 3D KS"), cards("4H 6H 2S 3S QH"),
                     cards("5D 6D 2D 3H JH")};
    assert_true(ls_deal_given(s, h, 52, NULL) < 0);
    h[0] = cards("AC 2C 3C 3D") | ((ls_cards)1 << 60);
    assert_true(ls_deal_given(s, h, card("AD"), NULL) < 0);
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    ls_state_free(s);
}

/* R1: "at random". Over many seeded deals every card reaches seat 0's hand
 * and the opening card about equally often (6 standard deviations). */
static void test_seeded_deals_are_uniform(void **state)
{
    (void)state;
    uint64_t seed = test_seed(8);
    enum { DEALS = 20000 };
    int in_hand[52] = {0}, opened[52] = {0};
    for (int i = 0; i < DEALS; i++) {
        ls_state *t = ls_state_new(NULL, 4, letters, seed + (uint64_t)i, NULL);
        assert_int_equal(ls_deal(t, NULL), 0);
        for (ls_cards h = ls_hand(t, 0); h; h &= h - 1)
            in_hand[ls_cards_first(h)]++;
        opened[ls_cards_first(ls_open_cards(t))]++;
        ls_state_free(t);
    }
    /* Seat 0: p = 5/52; the opening card: p = 1/52. */
    double mean_h = DEALS * 5.0 / 52, sd_h = 41.7; /* sqrt(n p (1-p)) */
    double mean_o = DEALS * 1.0 / 52, sd_o = 19.4;
    for (int c = 0; c < 52; c++) {
        if (in_hand[c] < mean_h - 6 * sd_h || in_hand[c] > mean_h + 6 * sd_h)
            fail_msg("card %d was dealt to seat 0 %d times in %d deals", c,
                     in_hand[c], DEALS);
        if (opened[c] < mean_o - 6 * sd_o || opened[c] > mean_o + 6 * sd_o)
            fail_msg("card %d was the opening card %d times in %d deals", c,
                     opened[c], DEALS);
    }
}

/* ---- seeds ------------------------------------------------------------ */

static void play_lowest_then_draw(ls_state *s, int turns, ls_card drawn[])
{
    for (int i = 0; i < turns; i++) {
        ls_move m = {.discard = LS_BIT(ls_cards_first(ls_hand(s, ls_turn(s)))),
                     .kind = LS_MOVE_DRAW, .card = LS_NO_CARD};
        assert_int_equal(ls_apply(s, &m, NULL), 0);
        drawn[i] = m.card;
    }
}

static void test_the_same_seed_deals_the_same_match(void **state)
{
    (void)state;
    uint64_t seed = test_seed(42);
    ls_rules r = ls_rules_default();
    r.threshold = 1000; /* nobody goes out in three rounds */
    ls_state *a = ls_state_new(&r, 4, letters, seed, NULL);
    ls_state *b = ls_state_new(&r, 4, letters, seed, NULL);
    assert_non_null(a);
    assert_non_null(b);
    for (int round = 0; round < 3; round++) {
        assert_int_equal(ls_deal(a, NULL), 0);
        assert_int_equal(ls_deal(b, NULL), 0);
        for (int p = 0; p < 4; p++)
            assert_true(ls_hand(a, p) == ls_hand(b, p));
        assert_true(ls_open_cards(a) == ls_open_cards(b));
        ls_card da[30], db[30];
        play_lowest_then_draw(a, 30, da);
        play_lowest_then_draw(b, 30, db);
        assert_memory_equal(da, db, sizeof da);
        /* End the round: the player to move has played by now. */
        must_play(a, "declare");
        must_play(b, "declare");
        assert_int_equal(ls_score(a, 0), ls_score(b, 0));
    }
    ls_state_free(a);
    ls_state_free(b);
}

static void test_different_seeds_deal_differently(void **state)
{
    (void)state;
    int differ = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        ls_state *a = ls_state_new(NULL, 4, letters, seed, NULL);
        ls_state *b = ls_state_new(NULL, 4, letters, seed + 1000, NULL);
        assert_int_equal(ls_deal(a, NULL), 0);
        assert_int_equal(ls_deal(b, NULL), 0);
        differ += ls_hand(a, 0) != ls_hand(b, 0);
        ls_state_free(a);
        ls_state_free(b);
    }
    assert_int_equal(differ, 10);
}

static void test_a_copy_plays_on_like_the_original(void **state)
{
    (void)state;
    ls_state *a = ls_state_new(NULL, 3, letters, test_seed(3), NULL);
    assert_int_equal(ls_deal(a, NULL), 0);
    ls_card skip[4];
    play_lowest_then_draw(a, 4, skip);
    ls_state *b = ls_state_clone(a);
    ls_state *c = ls_state_new(NULL, 3, letters, 77, NULL);
    assert_non_null(b);
    assert_non_null(c);
    ls_state_copy(c, a);
    ls_card da[20], db[20], dc[20];
    play_lowest_then_draw(a, 20, da);
    play_lowest_then_draw(b, 20, db);
    play_lowest_then_draw(c, 20, dc);
    assert_memory_equal(da, db, sizeof da);
    assert_memory_equal(da, dc, sizeof da);
    for (int p = 0; p < 3; p++) {
        assert_true(ls_hand(a, p) == ls_hand(b, p));
        assert_true(ls_hand(a, p) == ls_hand(c, p));
    }
    ls_state_free(a);
    ls_state_free(b);
    ls_state_free(c);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_scores_add_up_over_rounds),
    cmocka_unit_test(test_threshold_defaults_to_100),
    cmocka_unit_test(test_a_score_above_the_threshold_eliminates_and_equal_stays),
    cmocka_unit_test(test_eliminated_players_get_no_hand_and_no_turn),
    cmocka_unit_test(test_a_showdown_counts_only_the_players_in_the_round),
    cmocka_unit_test(test_the_last_player_in_wins_the_match),
    cmocka_unit_test(test_a_two_player_match_ends_when_one_goes_out),
    cmocka_unit_test(test_a_match_moves_through_its_phases),
    cmocka_unit_test(test_nothing_may_be_dealt_or_played_after_the_match),
    cmocka_unit_test(test_round_starters_rotate_through_the_seats),
    cmocka_unit_test(test_starters_skip_eliminated_players),
    cmocka_unit_test(test_a_table_has_two_to_eight_players),
    cmocka_unit_test(test_the_deck_must_hold_every_hand_and_the_opening_card),
    cmocka_unit_test(test_bad_rules_are_rejected_by_check_and_new),
    cmocka_unit_test(test_player_names_must_be_unique_and_well_formed),
    cmocka_unit_test(test_every_option_is_set_and_read_by_name),
    cmocka_unit_test(test_option_names_are_the_six_options),
    cmocka_unit_test(test_bad_option_values_are_rejected_and_change_nothing),
    cmocka_unit_test(test_a_given_deal_must_be_possible),
    cmocka_unit_test(test_seeded_deals_are_uniform),
    cmocka_unit_test(test_the_same_seed_deals_the_same_match),
    cmocka_unit_test(test_different_seeds_deal_differently),
    cmocka_unit_test(test_a_copy_plays_on_like_the_original),
};

LS_TEST_MAIN(tests)
