/*
 * test_declare.c - declaring and scoring a round (R5, R6, R7, D1, D7, D12).
 *
 * A player may declare from their second turn of a round on (R5, D7), and
 * only with a total of at most declare_max when that option is set. The
 * declaration is the whole turn. It is correct when no other hand is lower
 * (a tie is correct unless the table plays `tie penalty`, D1): the others
 * score their total minus the declarer's (R6). A false declaration scores
 * the declarer 20 plus the gap to the lowest hand and the others 0 (R7). A
 * round that reaches max_turns ends in a showdown scored as if the lowest
 * hand had declared correctly; ties go to the earliest in turn order from
 * the round's starter (D12).
 *
 * The examples use three players A B C. In every one A ends the first turn
 * with 10 (AC 2C 3C 3D AD) and declares on the second.
 */
#include "support/support.h"

#include <string.h>

/* The R6 example: A 10, B 16, C 17 after one turn each. */
static const char *const r6_hands[] = {
    "AC 2C 3C 3D KS",
    "4H 6H 2S 3S QH",
    "5D 6D 2D 3H JH",
};
static const char *const r6_moves[] = {
    "discard KS take AD",  /* A: AC 2C 3C 3D AD = 10 */
    "discard QH draw AH",  /* B: 4H 6H 2S 3S AH = 16 */
    "discard JH draw AS",  /* C: 5D 6D 2D 3H AS = 17 */
};

/* The R7 example: A 10, B 8, C 15. */
static const char *const r7_hands[] = {
    "AC 2C 3C 3D KS",
    "AH 2H 2S 2D QH",
    "3H 4D 5D KC KD",
};
static const char *const r7_moves[] = {
    "discard KS take AD",     /* A: 10 */
    "discard QH draw AS",     /* B: AH 2H 2S 2D AS = 8 */
    "discard KC KD draw 3S",  /* C: 3H 4D 5D 3S = 15 */
};

/* A tie: A 10, B 10, C 15. */
static const char *const tie_hands[] = {
    "AC 2C 3C 3D KS",
    "AH 2H 2S 4D QH",
    "3H 4H 5D KC KD",
};
static const char *const tie_moves[] = {
    "discard KS take AD",     /* A: 10 */
    "discard QH draw AS",     /* B: AH 2H 2S 4D AS = 10 */
    "discard KC KD draw 3S",  /* C: 3H 4H 5D 3S = 15 */
};

/* A table dealt `hands` (opening card AD) with each player's first turn
 * played. */
static ls_state *after_first_turns(const ls_rules *r, const char *const hands[],
                                   const char *const moves[])
{
    ls_state *s = deal_state(r, 3, hands, "AD");
    for (int i = 0; i < 3; i++)
        must_play(s, moves[i]);
    return s;
}

static void assert_scores(const ls_round_result *res, int a, int b, int c)
{
    assert_int_equal(res->score[0], a);
    assert_int_equal(res->score[1], b);
    assert_int_equal(res->score[2], c);
}

/* ---- R5/D7: when one may declare ------------------------------------- */

static void test_no_declare_on_a_players_first_turn(void **state)
{
    (void)state;
    ls_state *s = deal_state(NULL, 3, r6_hands, "AD");
    for (int i = 0; i < 3; i++) {
        assert_false(ls_can_declare(s));
        ls_error err = {0};
        assert_int_equal(play(s, "declare", &err), LS_EDECLARE);
        assert_int_equal(err.code, LS_EDECLARE);
        assert_true(err.msg[0] != '\0');
        /* Nothing happened: the same player is still to move. */
        assert_int_equal(ls_phase(s), LS_PHASE_TURN);
        assert_int_equal(ls_turn(s), i);
        assert_int_equal(ls_round_turns(s), i);
        must_play(s, r6_moves[i]);
    }
    ls_state_free(s);
}

static void test_declare_is_allowed_from_the_second_turn(void **state)
{
    (void)state;
    ls_state *s = after_first_turns(NULL, r6_hands, r6_moves);
    assert_int_equal(ls_turn(s), 0);
    assert_true(ls_can_declare(s));
    ls_move m = {.discard = 0, .kind = LS_MOVE_DECLARE, .card = LS_NO_CARD};
    assert_int_equal(ls_check(s, m, NULL), 0);
    /* B, whose second turn comes next, may declare too once A has played. */
    must_play(s, "discard 3D take JH");
    assert_int_equal(ls_turn(s), 1);
    assert_true(ls_can_declare(s));
    ls_state_free(s);
}

static void test_the_first_turn_counts_per_round(void **state)
{
    (void)state;
    /* Round 1 ends with A's declaration; in round 2 (started by B) nobody
     * may declare before having played in that round. */
    ls_state *s = after_first_turns(NULL, r6_hands, r6_moves);
    must_play(s, "declare");
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    deal_next(s, r6_hands, "AD");
    assert_int_equal(ls_turn(s), 1);
    assert_false(ls_can_declare(s));
    assert_int_equal(play(s, "declare", NULL), LS_EDECLARE);
    must_play(s, "discard QH take AD");
    assert_false(ls_can_declare(s));
    must_play(s, "discard JH take QH");
    assert_false(ls_can_declare(s));
    assert_int_equal(play(s, "declare", NULL), LS_EDECLARE);
    must_play(s, "discard KS take JH");
    assert_true(ls_can_declare(s));
    ls_state_free(s);
}

static void test_declaring_ends_the_round_without_discard_or_pickup(void **state)
{
    (void)state;
    ls_state *s = after_first_turns(NULL, r6_hands, r6_moves);
    ls_cards hands[3];
    for (int i = 0; i < 3; i++)
        hands[i] = ls_hand(s, i);
    assert_null(ls_last_result(s));
    must_play(s, "declare");
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    assert_int_equal(ls_turn(s), -1);
    const ls_round_result *res = ls_last_result(s);
    assert_non_null(res);
    assert_int_equal(res->round, 1);
    assert_int_equal(res->players, 0x7);
    for (int i = 0; i < 3; i++) {
        /* Every hand is shown as it was. */
        assert_true(res->hand[i] == hands[i]);
        assert_int_equal(res->hand_total[i], ls_cards_total(hands[i]));
    }
    ls_state_free(s);
}

static void test_a_declare_that_names_cards_to_discard_is_rejected(void **state)
{
    (void)state;
    ls_state *s = after_first_turns(NULL, r6_hands, r6_moves);
    ls_cards hand = ls_hand(s, 0);
    ls_move m = {.discard = cards("AC"), .kind = LS_MOVE_DECLARE, .card = LS_NO_CARD};
    ls_error err = {0};
    assert_int_equal(ls_apply(s, &m, &err), LS_EINVAL);
    assert_non_null(strstr(err.msg, "discards nothing"));
    assert_int_equal(ls_phase(s), LS_PHASE_TURN);
    assert_true(ls_hand(s, 0) == hand);
    ls_state_free(s);
}

/* A declaration is the whole turn: a move word of kind declare that names
 * a card to take or draw is not a declaration the rules know, and is
 * refused whatever the card field holds (found by fuzz_apply: the word
 * e630000000000000, a declare naming card 230, was accepted). */
static void test_a_declare_that_names_a_card_to_pick_up_is_rejected(void **state)
{
    (void)state;
    ls_state *s = after_first_turns(NULL, r6_hands, r6_moves);
    snapshot before, after;
    take_snapshot(s, &before);
    static const unsigned fields[] = {0, 51, 52, 230, 254};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        ls_move m = {.discard = 0, .kind = LS_MOVE_DECLARE, .card = fields[i]};
        ls_error err = {0};
        assert_int_equal(ls_check(s, m, NULL), LS_EINVAL);
        assert_int_equal(ls_apply(s, &m, &err), LS_EINVAL);
        assert_string_equal(err.msg, "a declaration takes and draws nothing: "
                            "A declares with the whole hand");
        take_snapshot(s, &after);
        assert_memory_equal(&before, &after, sizeof before);
    }
    ls_move m = {.discard = 0, .kind = LS_MOVE_DECLARE, .card = LS_NO_CARD};
    assert_int_equal(ls_apply(s, &m, NULL), 0);
    assert_int_equal(ls_last_result(s)->declarer, 0);
    ls_state_free(s);
}

static void test_declare_max_limits_the_total_one_may_declare_with(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    assert_int_equal(r.declare_max, 0); /* no limit by default */
    r.declare_max = 9;
    ls_state *s = after_first_turns(&r, r6_hands, r6_moves);
    assert_false(ls_can_declare(s)); /* A holds 10 */
    ls_error err = {0};
    assert_int_equal(play(s, "declare", &err), LS_EDECLARE);
    assert_true(strstr(err.msg, "10") != NULL);
    assert_int_equal(ls_phase(s), LS_PHASE_TURN);
    ls_state_free(s);

    r.declare_max = 10;
    s = after_first_turns(&r, r6_hands, r6_moves);
    assert_true(ls_can_declare(s));
    must_play(s, "declare");
    assert_int_equal(ls_last_result(s)->declarer, 0);
    ls_state_free(s);
}

/* ---- R6/R7/D1: scoring a declaration ----------------------------------- */

static void test_r6_example_correct_declaration_scores_the_differences(void **state)
{
    (void)state;
    ls_state *s = after_first_turns(NULL, r6_hands, r6_moves);
    must_play(s, "declare");
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->declarer, 0);
    assert_int_equal(res->lowest, 0);
    assert_true(res->correct);
    assert_int_equal(res->hand_total[0], 10);
    assert_int_equal(res->hand_total[1], 16);
    assert_int_equal(res->hand_total[2], 17);
    assert_scores(res, 0, 6, 7);
    assert_int_equal(ls_score(s, 0), 0);
    assert_int_equal(ls_score(s, 1), 6);
    assert_int_equal(ls_score(s, 2), 7);
    ls_state_free(s);
}

static void test_r7_example_false_declaration_costs_20_plus_the_gap(void **state)
{
    (void)state;
    ls_state *s = after_first_turns(NULL, r7_hands, r7_moves);
    must_play(s, "declare");
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->declarer, 0);
    assert_false(res->correct);
    assert_int_equal(res->hand_total[0], 10);
    assert_int_equal(res->hand_total[1], 8);
    assert_int_equal(res->hand_total[2], 15);
    assert_scores(res, 22, 0, 0);
    assert_int_equal(ls_score(s, 0), 22);
    ls_state_free(s);
}

static void test_a_tie_on_declare_is_correct_by_default(void **state)
{
    (void)state;
    assert_false(ls_rules_default().tie_penalty);
    ls_state *s = after_first_turns(NULL, tie_hands, tie_moves);
    must_play(s, "declare");
    const ls_round_result *res = ls_last_result(s);
    assert_true(res->correct);
    assert_int_equal(res->hand_total[1], 10);
    assert_scores(res, 0, 0, 5);
    ls_state_free(s);
}

static void test_tie_penalty_makes_a_tie_a_false_declaration(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.tie_penalty = true;
    ls_state *s = after_first_turns(&r, tie_hands, tie_moves);
    must_play(s, "declare");
    const ls_round_result *res = ls_last_result(s);
    assert_false(res->correct);
    assert_scores(res, 20, 0, 0);
    ls_state_free(s);
}

static void test_tie_penalty_leaves_a_strictly_lowest_declaration_correct(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.tie_penalty = true;
    ls_state *s = after_first_turns(&r, r6_hands, r6_moves);
    must_play(s, "declare");
    assert_true(ls_last_result(s)->correct);
    assert_scores(ls_last_result(s), 0, 6, 7);
    ls_state_free(s);
}

static void test_a_later_player_declaring_is_scored_the_same_way(void **state)
{
    (void)state;
    /* B declares on B's second turn holding 8: correct, A and C pay. */
    ls_state *s = after_first_turns(NULL, r7_hands, r7_moves);
    must_play(s, "discard 3D draw 4C"); /* A: AC 2C 3C AD 4C = 11 */
    must_play(s, "declare");
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->declarer, 1);
    assert_int_equal(res->lowest, 1);
    assert_true(res->correct);
    assert_int_equal(res->hand_total[0], 11);
    assert_scores(res, 3, 0, 7);
    ls_state_free(s);
}

/* ---- D12: the max_turns showdown ---------------------------------------- */

static void test_max_turns_defaults_to_500(void **state)
{
    (void)state;
    assert_int_equal(ls_rules_default().max_turns, LS_DEFAULT_MAX_TURNS);
    assert_int_equal(LS_DEFAULT_MAX_TURNS, 500);
}

static void test_a_round_reaching_max_turns_ends_in_a_showdown(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.max_turns = 3;
    ls_state *s = deal_state(&r, 3, r6_hands, "AD");
    must_play(s, r6_moves[0]);
    must_play(s, r6_moves[1]);
    assert_int_equal(ls_phase(s), LS_PHASE_TURN);
    assert_null(ls_last_result(s));
    must_play(s, r6_moves[2]);
    assert_int_equal(ls_phase(s), LS_PHASE_DEAL);
    const ls_round_result *res = ls_last_result(s);
    assert_non_null(res);
    assert_int_equal(res->declarer, -1);
    assert_int_equal(res->lowest, 0);
    assert_true(res->correct);
    assert_int_equal(res->turns, 3);
    assert_scores(res, 0, 6, 7);
    ls_state_free(s);
}

static void test_a_showdown_is_scored_as_the_lowest_hand_declaring(void **state)
{
    (void)state;
    /* B holds the lowest hand (8) at the showdown, not the starter A. */
    ls_rules r = ls_rules_default();
    r.max_turns = 3;
    ls_state *s = deal_state(&r, 3, r7_hands, "AD");
    for (int i = 0; i < 3; i++)
        must_play(s, r7_moves[i]);
    const ls_round_result *res = ls_last_result(s);
    assert_non_null(res);
    assert_int_equal(res->declarer, -1);
    assert_int_equal(res->lowest, 1);
    assert_true(res->correct);
    assert_scores(res, 2, 0, 7);
    ls_state_free(s);
}

static void test_a_showdown_tie_goes_to_the_earliest_from_the_starter(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.max_turns = 3;
    r.tie_penalty = true; /* a showdown is always correct, even so */
    ls_state *s = deal_state(&r, 3, r6_hands, "AD");
    for (int i = 0; i < 3; i++)
        must_play(s, r6_moves[i]);
    /* Round 2 is started by B: the order is B, C, A. A and C tie on 10. */
    static const char *const hands2[] = {
        "AS 2D 3H JH JD",
        "4H 6H 2S 3S QH",
        "AC 2C 3C 3D KS",
    };
    deal_next(s, hands2, "KH");
    assert_int_equal(ls_starter(s), 1);
    must_play(s, "discard QH draw AH");    /* B: 4H 6H 2S 3S AH = 16 */
    must_play(s, "discard KS draw AD");    /* C: AC 2C 3C 3D AD = 10 */
    must_play(s, "discard JH JD draw 4S"); /* A: AS 2D 3H 4S = 10 */
    const ls_round_result *res = ls_last_result(s);
    assert_int_equal(res->round, 2);
    assert_int_equal(res->declarer, -1);
    assert_int_equal(res->hand_total[0], 10);
    assert_int_equal(res->hand_total[2], 10);
    assert_int_equal(res->lowest, 2);
    assert_true(res->correct);
    assert_scores(res, 0, 6, 0);
    ls_state_free(s);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_no_declare_on_a_players_first_turn),
    cmocka_unit_test(test_declare_is_allowed_from_the_second_turn),
    cmocka_unit_test(test_the_first_turn_counts_per_round),
    cmocka_unit_test(test_declaring_ends_the_round_without_discard_or_pickup),
    cmocka_unit_test(test_a_declare_that_names_cards_to_discard_is_rejected),
    cmocka_unit_test(test_a_declare_that_names_a_card_to_pick_up_is_rejected),
    cmocka_unit_test(test_declare_max_limits_the_total_one_may_declare_with),
    cmocka_unit_test(test_r6_example_correct_declaration_scores_the_differences),
    cmocka_unit_test(test_r7_example_false_declaration_costs_20_plus_the_gap),
    cmocka_unit_test(test_a_tie_on_declare_is_correct_by_default),
    cmocka_unit_test(test_tie_penalty_makes_a_tie_a_false_declaration),
    cmocka_unit_test(test_tie_penalty_leaves_a_strictly_lowest_declaration_correct),
    cmocka_unit_test(test_a_later_player_declaring_is_scored_the_same_way),
    cmocka_unit_test(test_max_turns_defaults_to_500),
    cmocka_unit_test(test_a_round_reaching_max_turns_ends_in_a_showdown),
    cmocka_unit_test(test_a_showdown_is_scored_as_the_lowest_hand_declaring),
    cmocka_unit_test(test_a_showdown_tie_goes_to_the_earliest_from_the_starter),
};

LS_TEST_MAIN(tests)
