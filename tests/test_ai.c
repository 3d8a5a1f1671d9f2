/*
 * test_ai.c - the computer players: creation from specs, legality of every
 * move they choose, determinism, and greedy's strength against random.
 *
 * Matches are played by match() below exactly as a front end drives
 * players: each sees only ls_view_of() its seat and is told of every public
 * event and round end. Randomized tests print their seed (LS_SEED replays).
 */
#include "support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "leastscore_ai.h"
#include "ai/ai.h"

static const char *const names[] = {"A", "B", "C", "D", "E", "F", "G", "H"};

typedef struct match_stats {
    int winner;
    long moves;
    long declares;
    uint64_t hash; /* of every move in order, for determinism */
} match_stats;

/* Plays one match of players made from specs[0..n-1]; fails the test on any
 * illegal move or a declare when not allowed. */
static match_stats match(const char *const specs[], int n, const ls_rules *rules,
                         uint64_t seed)
{
    ls_error err = {0};
    match_stats st = {.winner = -1, .hash = 1469598103934665603ull};
    ls_state *s = ls_state_new(rules, n, names, seed, &err);
    assert_non_null(s);
    ls_player *p[LS_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        p[i] = ls_player_new(specs[i], seed * 1000003u + (uint64_t)i, &err);
        if (!p[i])
            fail_msg("ls_player_new(%s): %s", specs[i], err.msg);
    }
    ls_view v;
    while (ls_phase(s) != LS_PHASE_OVER) {
        if (ls_phase(s) == LS_PHASE_DEAL) {
            assert_int_equal(ls_deal(s, &err), 0);
            for (int i = 0; i < n; i++)
                if (!ls_eliminated(s, i)) {
                    ls_view_of(s, i, &v);
                    ls_player_round_start(p[i], &v);
                }
        }
        int seat = ls_turn(s);
        ls_view_of(s, seat, &v);
        ls_move m;
        if (ls_player_choose(p[seat], &v, &m, &err) != 0)
            fail_msg("seed %llu: %s could not move: %s",
                     (unsigned long long)seed, specs[seat], err.msg);
        if (m.kind == LS_MOVE_DECLARE) {
            if (!v.can_declare)
                fail_msg("seed %llu: %s declared when not allowed",
                         (unsigned long long)seed, specs[seat]);
            st.declares++;
        }
        if (ls_apply(s, &m, &err) != 0) {
            char buf[64];
            ls_move_str(m, buf, sizeof buf);
            fail_msg("seed %llu: %s chose illegal '%s': %s",
                     (unsigned long long)seed, specs[seat], buf, err.msg);
        }
        st.moves++;
        st.hash = (st.hash ^ (m.discard * 31 + m.kind * 7 + m.card)) *
                  1099511628211ull;
        for (int i = 0; i < n; i++) {
            if (ls_eliminated(s, i) && ls_phase(s) == LS_PHASE_TURN)
                continue;
            ls_player_tell(p[i], s, i, seat, m);
            if (ls_phase(s) != LS_PHASE_TURN) {
                ls_view_of(s, i, &v);
                ls_player_round_end(p[i], &v, ls_last_result(s));
            }
        }
    }
    st.winner = ls_winner(s);
    for (int i = 0; i < n; i++)
        ls_player_free(p[i]);
    ls_state_free(s);
    return st;
}

static long matches(long def)
{
    long n = test_env_long("LS_AI_MATCHES", def);
    return getenv("LS_SANITIZED") ? (n + 9) / 10 : n;
}

static void test_unknown_kind_is_an_error_listing_the_kinds(void **state)
{
    (void)state;
    ls_error err = {0};
    assert_null(ls_player_new("genius", 1, &err));
    assert_int_equal(err.code, LS_EINVAL);
    assert_non_null(strstr(err.msg, "genius"));
    assert_non_null(strstr(err.msg, "random"));
    assert_non_null(strstr(err.msg, "greedy"));
    assert_null(ls_player_new("", 1, &err));
    assert_null(ls_player_new(NULL, 1, &err));
}

static void test_unknown_or_bad_parameter_is_an_error(void **state)
{
    (void)state;
    ls_error err = {0};
    assert_null(ls_player_new("greedy:speed=3", 1, &err));
    assert_non_null(strstr(err.msg, "speed"));
    assert_non_null(strstr(err.msg, "declare"));
    assert_null(ls_player_new("greedy:declare=high", 1, &err));
    assert_non_null(strstr(err.msg, "declare=high"));
    assert_null(ls_player_new("greedy:declare", 1, &err));
    /* Whole-number parameters refuse fractions rather than cut them, and
     * the range is written out, not as 1e+07. */
    assert_null(ls_player_new("expert:iters=1000.5", 1, &err));
    assert_int_equal(err.code, LS_EINVAL);
    assert_non_null(strstr(err.msg, "iters=1000.5 is not a whole number from 1 to 10000000"));
    assert_null(ls_player_new("expert:adapt=0.5", 1, &err));
    assert_non_null(strstr(err.msg, "adapt=0.5 is not a whole number from 0 to 1"));
    assert_null(ls_player_new("expert:util=2.9", 1, &err));
    assert_null(ls_player_new("counter:samples=10.5", 1, &err));
    assert_non_null(strstr(err.msg, "samples=10.5 is not a whole number from 0 to 100000"));
    assert_null(ls_player_new("greedy:declare=2", 1, &err));
    assert_non_null(strstr(err.msg, "declare=2 is not a number from 0 to 1"));
    assert_null(ls_player_new("random:x=1", 1, &err));
    /* A parameter given twice is a mistake to point out, not a last-wins. */
    assert_null(ls_player_new("expert:iters=10,bias=0,iters=20", 1, &err));
    assert_int_equal(err.code, LS_EINVAL);
    assert_string_equal(err.msg, "expert: parameter 'iters' is given twice");
    assert_null(ls_player_new("greedy:declare=0.7,declare=0.7", 1, &err));
    assert_non_null(strstr(err.msg, "'declare' is given twice"));
    /* The expert has the longest list: every name is in the message, the
     * last one whole, and a long bad key is shortened, not the list. */
    assert_null(ls_player_new("expert:foo=1", 1, &err));
    assert_int_equal(err.code, LS_EINVAL);
    assert_non_null(strstr(err.msg, "'foo'"));
    assert_non_null(strstr(err.msg, ", adapt, calib, sdecl, smm)"));
    char spec[64] = "expert:";
    memset(spec + 7, 'k', 50); /* a spec has at most 63 characters */
    strcpy(spec + 57, "=1");
    assert_null(ls_player_new(spec, 1, &err));
    assert_non_null(strstr(err.msg, "'kkkkkkkkkkkkkkkkkkkkkkkk...'"));
    assert_non_null(strstr(err.msg, ", smm)"));
    spec[57] = '\0'; /* no '=' at all */
    assert_null(ls_player_new(spec, 1, &err));
    assert_non_null(strstr(err.msg, "is not key=value"));
    assert_non_null(strstr(err.msg, ", smm)"));
}

/* A parameter's value is a number written in decimal: strtod alone took
 * a hexadecimal one ("iters=0x10" played 16 iterations), leading blanks
 * ("iters= 5") and "infinity" spelled out where the range allowed it.
 * An exponent stays a decimal notation ("iters=1e3" is 1000). */
static void test_a_parameter_value_is_a_decimal_number(void **state)
{
    (void)state;
    ls_error err = {0};
    const char *bad[] = {"expert:iters=0x10", "expert:iters= 5", "expert:iters=5 ",
                         "greedy:declare=0x1", "greedy:declare=\t0.5", "expert:c=0x1p1",
                         "counter:samples=+5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&err, 0, sizeof err);
        ls_player *p = ls_player_new(bad[i], 1, &err);
        if (p)
            fail_msg("'%s' was taken", bad[i]);
        assert_int_equal(err.code, LS_EINVAL);
        assert_non_null(strstr(err.msg, "is not a"));
    }
    ls_player *p = ls_player_new("expert:iters=1e3,c=0.5", 1, &err);
    assert_non_null(p);
    ls_player_free(p);
    p = ls_player_new("greedy:declare=.5", 1, &err);
    assert_non_null(p);
    ls_player_free(p);
}

/* A spec of 64 bytes or more is refused, its head quoted up to 40 bytes
 * cut between two UTF-8 characters (each byte of one shown \xNN, as a
 * message's bytes are), with its length and the most: the head was cut at
 * byte 40, here inside an e-acute, and the length not said. */
static void test_a_spec_too_long_is_quoted_cut_at_a_character(void **state)
{
    (void)state;
    char spec[128] = "expert:c=0.5,";
    for (int i = 0; i < 40; i++)
        strcat(spec, "\xc3\xa9"); /* 13 bytes, then 40 'é' of 2 */
    ls_error err = {0};
    assert_null(ls_player_new(spec, 1, &err));
    assert_int_equal(err.code, LS_EINVAL);
    char want[200] = "player spec 'expert:c=0.5,";
    for (int i = 0; i < 13; i++) /* 39 bytes: the 40th starts a character */
        strcat(want, "\\xc3\\xa9"); /* a message is printable ASCII */
    strcat(want, "...' is too long (93 bytes; a spec has at most 63)");
    assert_string_equal(err.msg, want);
}

/* A colon or a comma says that a parameter was meant: a list cut short
 * by a shell or a script ("greedy:", "greedy:declare=0.8,") is refused
 * for every kind, with the kind's parameters, not played with the
 * defaults; so is an empty parameter between two commas. */
static void test_a_colon_or_comma_with_no_parameter_after_it_is_an_error(void **state)
{
    (void)state;
    ls_error err = {0};
    char spec[64], want[300];
    for (int i = 0; ls_player_kinds[i]; i++) {
        snprintf(spec, sizeof spec, "%s:", ls_player_kinds[i]);
        memset(&err, 0, sizeof err);
        assert_null(ls_player_new(spec, 1, &err));
        assert_int_equal(err.code, LS_EINVAL);
        snprintf(want, sizeof want, "'%s' has nothing after its colon: the kind "
                 "alone, or NAME=VALUE after it (parameters: ", spec);
        if (!strcmp(ls_player_kinds[i], "random"))
            continue; /* no parameters: below */
        assert_true(!strncmp(err.msg, want, strlen(want)));
    }
    assert_null(ls_player_new("greedy:declare=0.8,", 1, &err));
    assert_int_equal(err.code, LS_EINVAL);
    assert_string_equal(err.msg, "'greedy:declare=0.8,' ends with a comma: NAME=VALUE "
                        "missing after it (parameters: declare, lookahead, bias, "
                        "near, at, samples)");
    assert_null(ls_player_new("expert:iters=3,", 1, &err));
    assert_non_null(strstr(err.msg, "ends with a comma"));
    assert_non_null(strstr(err.msg, ", smm)"));
    assert_null(ls_player_new("cautious:at=3,,declare=0.9", 1, &err));
    assert_string_equal(err.msg, "'cautious:at=3,,declare=0.9' has two commas with "
                        "nothing between them: NAME=VALUE missing (parameters: "
                        "declare, lookahead, bias, near, at, samples)");
    /* A kind with no parameters is not offered NAME=VALUE. */
    assert_null(ls_player_new("random:,", 1, &err));
    assert_string_equal(err.msg, "'random:,' ends with a comma: random takes no "
                        "parameters; give the kind alone");
    assert_null(ls_player_new("random:", 1, &err));
    assert_string_equal(err.msg, "'random:' has nothing after its colon: random takes "
                        "no parameters; give the kind alone");
    /* The kind alone, and a whole list, stay good. */
    ls_player *p = ls_player_new("greedy", 1, &err);
    assert_non_null(p);
    ls_player_free(p);
    p = ls_player_new("greedy:declare=0.8", 1, &err);
    assert_non_null(p);
    ls_player_free(p);
}

static void test_known_kinds_and_parameters_are_accepted(void **state)
{
    (void)state;
    ls_error err = {0};
    for (int i = 0; ls_player_kinds[i]; i++) {
        assert_non_null(ls_player_kind_help[i]);
        ls_player *p = ls_player_new(ls_player_kinds[i], 7, &err);
        assert_non_null(p);
        assert_string_equal(p->spec, ls_player_kinds[i]);
        ls_player_free(p);
    }
    ls_player *p = ls_player_new("greedy:declare=0.8,lookahead=0.5", 7, &err);
    assert_non_null(p);
    assert_string_equal(p->ops->kind, "greedy");
    ls_player_free(p);
    p = ls_player_new("expert:iters=1e3,tree=1,smm=-1", 7, &err); /* 1e3 is whole */
    assert_non_null(p);
    ls_player_free(p);
    p = ls_player_new("reckless:at=12", 7, &err);
    assert_non_null(p);
    ls_player_free(p);
}

static void test_players_always_choose_legal_moves(void **state)
{
    (void)state;
    uint64_t seed = test_seed(1);
    long n = matches(300);
    static const char *const specs[] = {"greedy", "random", "greedy:declare=0.5",
                                        "random", "greedy", "greedy", "random",
                                        "greedy"};
    ls_rules variants[4];
    for (int i = 0; i < 4; i++)
        variants[i] = ls_rules_default();
    variants[1].runs_suited = true;
    variants[1].tie_penalty = true;
    variants[2].hand_size = 7;
    variants[2].declare_max = 7;
    variants[3].hand_size = 3;
    variants[3].threshold = 25;
    for (long i = 0; i < n; i++) {
        int np = 2 + (int)(i % 7);
        ls_rules *r = &variants[i % 4];
        if (np * r->hand_size + 1 > 52)
            np = 51 / r->hand_size;
        match(specs, np, r, seed + (uint64_t)i);
    }
}

static void test_greedy_never_declares_above_declare_max(void **state)
{
    (void)state;
    uint64_t seed = test_seed(2);
    ls_rules r = ls_rules_default();
    r.declare_max = 5;
    static const char *const specs[] = {"greedy:declare=0", "greedy:declare=0"};
    /* declare=0 wants to declare at every chance; match() fails the test
     * if it ever does so when the view does not allow it. */
    for (long i = 0; i < matches(50); i++) {
        match_stats st = match(specs, 2, &r, seed + (uint64_t)i);
        assert_true(st.declares > 0);
    }
}

static void test_same_seed_gives_same_moves(void **state)
{
    (void)state;
    static const char *const specs[] = {"random", "greedy", "random"};
    for (uint64_t seed = 1; seed <= 20; seed++) {
        match_stats a = match(specs, 3, NULL, seed);
        match_stats b = match(specs, 3, NULL, seed);
        assert_int_equal(a.hash, b.hash);
        assert_int_equal(a.winner, b.winner);
    }
    match_stats a = match(specs, 3, NULL, 1), b = match(specs, 3, NULL, 2);
    assert_true(a.hash != b.hash);
}

static void test_hint_gives_a_legal_move_and_a_chance(void **state)
{
    (void)state;
    ls_error err = {0};
    ls_state *s = ls_state_new(NULL, 3, names, 5, &err);
    assert_int_equal(ls_deal(s, &err), 0);
    ls_player *g = ls_player_new("greedy", 1, &err), *r = ls_player_new("random", 1, &err);
    ls_view v;
    ls_move m;
    double chance = 0;
    for (int turn = 0; turn < 6 && ls_phase(s) == LS_PHASE_TURN; turn++) {
        ls_view_of(s, ls_turn(s), &v);
        assert_int_equal(ls_player_hint(g, &v, &m, &chance, &err), 0);
        assert_int_equal(ls_check(s, m, &err), 0);
        if (v.can_declare)
            assert_true(chance >= 0.0 && chance <= 1.0);
        else
            assert_true(chance < 0);
        assert_int_equal(ls_player_hint(r, &v, &m, &chance, &err), LS_EINVAL);
        ls_player_choose(g, &v, &m, &err);
        assert_int_equal(ls_apply(s, &m, &err), 0);
    }
    ls_player_free(g);
    ls_player_free(r);
    ls_state_free(s);
}

/* Heads-up matches, seats alternating. Measured: greedy won 2000 of 2000
 * (LS_AI_MATCHES=2000 build/tests/test_ai beats), and every one of 1000
 * four-player matches against three random players; requiring 95% leaves
 * room for chance. */
static void test_greedy_beats_random_by_a_wide_margin(void **state)
{
    (void)state;
    uint64_t seed = test_seed(3);
    long n = matches(300), wins = 0;
    for (long i = 0; i < n; i++) {
        bool first = i % 2 == 0;
        const char *specs[2] = {first ? "greedy" : "random",
                                first ? "random" : "greedy"};
        match_stats st = match(specs, 2, NULL, seed + (uint64_t)i);
        wins += st.winner == (first ? 0 : 1);
    }
    printf("# greedy beat random in %ld of %ld heads-up matches (%.1f%%)\n",
           wins, n, 100.0 * (double)wins / (double)n);
    assert_true(wins * 100 >= n * 95);
}

/* Greedy's fast best_discard agrees with the rules' ls_discard_ok() over
 * every subset of random hands of 1 to 7 cards. */
static void test_best_discard_agrees_with_the_rules(void **state)
{
    (void)state;
    uint64_t seed = test_seed(4);
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    for (int suited = 0; suited < 2; suited++) {
        ls_rules r = ls_rules_default();
        r.runs_suited = suited;
        for (int i = 0; i < 4000; i++) {
            int n = 1 + (int)ls_rng_below(&rng, 7);
            ls_cards hand = 0;
            /* Some hands from few ranks or one suit, to get sets. */
            int ranks = i % 3 == 0 ? 7 : 13, suits = i % 5 == 0 ? 1 : 4;
            while (ls_cards_count(hand) < n) {
                int rank = (int)ls_rng_below(&rng, (uint32_t)ranks) +
                           (i % 2 ? 13 - ranks : 0);
                hand |= LS_BIT(LS_CARD(rank, (int)ls_rng_below(&rng, (uint32_t)suits)));
            }
            int want = 0;
            for (ls_cards sub = hand; sub; sub = (sub - 1) & hand)
                if (ls_discard_ok(sub, &r, NULL) && ls_cards_total(sub) > want)
                    want = ls_cards_total(sub);
            if (ls__best_discard(hand, suited) != want) {
                char buf[64];
                ls_cards_str(hand, buf, sizeof buf);
                fail_msg("best discard of %s (%s runs): %d, the rules say %d", buf,
                         suited ? "suited" : "any", ls__best_discard(hand, suited), want);
            }
        }
    }
}

/* The greedy family's fast score of a draw (used in play and in every
 * rollout) is exactly the full one, for hands of 0 to 6 cards kept (sets,
 * runs and flushes among them) and pools from empty to the whole rest of
 * the deck, at several lookaheads. */
static void test_fast_draw_score_is_the_full_one(void **state)
{
    (void)state;
    ls_rng rng;
    ls_rng_seed(&rng, test_seed(6));
    static const double looks[] = {0.6, 0.3, 1.0, 0.0};
    for (int i = 0; i < 20000; i++) {
        int n = (int)ls_rng_below(&rng, 7);
        int ranks = i % 3 == 0 ? 6 : 13, suits = i % 4 == 0 ? 1 : 4;
        ls_cards rest = 0;
        while (ls_cards_count(rest) < n)
            rest |= LS_BIT(LS_CARD((int)ls_rng_below(&rng, (uint32_t)ranks) + (i % 2 ? 13 - ranks : 0),
                                   (int)ls_rng_below(&rng, (uint32_t)suits)));
        ls_cards pool = 0;
        uint32_t keep = 1 + ls_rng_below(&rng, 8); /* of 8 cards in the pool */
        for (ls_cards t = LS_ALL_CARDS & ~rest; t; t &= t - 1)
            if (ls_rng_below(&rng, 8) < keep)
                pool |= LS_BIT(ls_cards_first(t));
        if (i % 50 == 0)
            pool = 0;
        ls__greedy_cfg cfg = {.declare = 0.75, .lookahead = looks[i % 4], .bias = 0.06};
        double fast = ls__greedy_draw_score(cfg, rest, pool, false, true);
        double full = ls__greedy_draw_score(cfg, rest, pool, false, false);
        if (fast != full) {
            char buf[64];
            ls_cards_str(rest, buf, sizeof buf);
            fail_msg("draw score keeping %s (pool of %d, lookahead %.1f): fast %.17g, full %.17g",
                     buf, ls_cards_count(pool), cfg.lookahead, fast, full);
        }
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_best_discard_agrees_with_the_rules),
    cmocka_unit_test(test_fast_draw_score_is_the_full_one),
    cmocka_unit_test(test_unknown_kind_is_an_error_listing_the_kinds),
    cmocka_unit_test(test_unknown_or_bad_parameter_is_an_error),
    cmocka_unit_test(test_a_parameter_value_is_a_decimal_number),
    cmocka_unit_test(test_a_colon_or_comma_with_no_parameter_after_it_is_an_error),
    cmocka_unit_test(test_known_kinds_and_parameters_are_accepted),
    cmocka_unit_test(test_players_always_choose_legal_moves),
    cmocka_unit_test(test_greedy_never_declares_above_declare_max),
    cmocka_unit_test(test_same_seed_gives_same_moves),
    cmocka_unit_test(test_hint_gives_a_legal_move_and_a_chance),
    cmocka_unit_test(test_greedy_beats_random_by_a_wide_margin),
    cmocka_unit_test(test_a_spec_too_long_is_quoted_cut_at_a_character),
};

LS_TEST_MAIN(tests)
