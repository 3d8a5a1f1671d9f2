/*
 * test_expert.c - the expert player: it never sees a hidden card, it is
 * deterministic for a seed and budget, every move it chooses is legal, its
 * hint is a probability, and its spec is checked.
 *
 * The expert also learns from the moves it observes (round_start and
 * observe, as sim and play call them): the tests feed it events the way
 * they do, and check that what it infers narrows the hidden hands.
 *
 * Budgets are small (iters=N) so that the suite stays quick; LS_SANITIZED=1
 * (the ASan/UBSan pass) shrinks the randomized work further. Randomized
 * tests print their seed (LS_SEED replays).
 */
#include "support/support.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/expert.h"
#include "leastscore_ai.h"

static long scaled(long n)
{
    return test_env_long("LS_SANITIZED", 0) ? (n + 9) / 10 : n;
}

static ls_player *expert(const char *spec, uint64_t seed)
{
    ls_error err = {0};
    ls_player *p = ls_player_new(spec, seed, &err);
    if (!p)
        fail_msg("ls_player_new(%s): %s", spec, err.msg);
    return p;
}

static void choose(ls_player *p, const ls_state *s, ls_move *m)
{
    ls_view v;
    ls_error err = {0};
    ls_view_of(s, ls_turn(s), &v);
    if (ls_player_choose(p, &v, m, &err) != 0)
        fail_msg("expert could not move: %s", err.msg);
}

/* Tells each player in p[] (NULL entries skipped) that a round was dealt,
 * as its own view shows it. */
static void tell_deal(ls_player *p[], const ls_state *s)
{
    ls_view v;
    for (int q = 0; q < ls_players(s); q++)
        if (p[q]) {
            ls_view_of(s, q, &v);
            ls_player_round_start(p[q], &v);
        }
}

/* Tells each player in p[] about the move just applied (the last event of
 * the round, or the declare / round end), as its own view shows it. */
static void tell_move(ls_player *p[], const ls_state *s, int seat, ls_move m)
{
    for (int q = 0; q < ls_players(s); q++)
        ls_player_tell(p[q], s, q, seat, m);
}

static bool same_move(ls_move a, ls_move b)
{
    return a.kind == b.kind && a.discard == b.discard && a.card == b.card;
}

/*
 * Two deals that differ only in what A cannot know: B and C hold different
 * hidden cards (so the deck differs too). After the same public turns A's
 * views are byte-identical and the expert, seeded alike, moves alike.
 */
static void test_expert_never_sees_hidden_cards(void **state)
{
    (void)state;
    const char *one[] = {"2C 5D 9H KS 3S", "4C 4D 7H 8H JC", "AD 6S 10C QH 2H"};
    const char *two[] = {"2C 5D 9H KS 3S", "4C 4D 7H 8H JD", "AD 6S 10C QH 3H"};
    const char *turns[] = {"discard KS take 5S", "discard 4C 4D take KS",
                           "discard QH take 4C"};
    ls_state *s1 = deal_state(NULL, 3, one, "5S");
    ls_state *s2 = deal_state(NULL, 3, two, "5S");
    /* Observers: seat 0 is told every event from its own state. */
    ls_player *o1[3] = {expert("expert:iters=300", 42), NULL, NULL};
    ls_player *o2[3] = {expert("expert:iters=300", 42), NULL, NULL};
    tell_deal(o1, s1);
    tell_deal(o2, s2);
    for (int step = 0; step <= 3; step++) {
        ls_view v1, v2;
        ls_view_of(s1, ls_turn(s1), &v1);
        ls_view_of(s2, ls_turn(s2), &v2);
        if (step == 0 || step == 3) {
            /* A to move: its views and the expert's choices must agree,
             * for fresh experts and for the ones that observed the turns
             * (and inferred what they could from them). */
            assert_int_equal(v1.me, 0);
            assert_memory_equal(&v1, &v2, sizeof v1);
            ls_player *p1 = expert("expert:iters=300", 42);
            ls_player *p2 = expert("expert:iters=300", 42);
            ls_move m1, m2;
            choose(p1, s1, &m1);
            choose(p2, s2, &m2);
            assert_true(same_move(m1, m2));
            choose(o1[0], s1, &m1);
            choose(o2[0], s2, &m2);
            assert_true(same_move(m1, m2));
            ls_move h1, h2;
            double d1, d2;
            ls_error err = {0};
            assert_int_equal(ls_player_hint(p1, &v1, &h1, &d1, &err), 0);
            assert_int_equal(ls_player_hint(p2, &v2, &h2, &d2, &err), 0);
            assert_true(same_move(h1, h2));
            assert_true(d1 == d2);
            assert_true(ls__expert_mean_total(o1[0], &v1, 1, 500) ==
                        ls__expert_mean_total(o2[0], &v2, 1, 500));
            ls_player_free(p1);
            ls_player_free(p2);
        }
        if (step < 3) {
            int seat = ls_turn(s1);
            ls_move m;
            ls_error err = {0};
            assert_int_equal(ls_move_parse(turns[step], &m, &err), 0);
            must_play(s1, turns[step]);
            must_play(s2, turns[step]);
            tell_move(o1, s1, seat, m);
            tell_move(o2, s2, seat, m);
        }
    }
    ls_player_free(o1[0]);
    ls_player_free(o2[0]);
    ls_state_free(s1);
    ls_state_free(s2);
}

/* Plays one match, seat 0 the expert `spec`, the rest greedy; returns a
 * hash of every move and checks each expert move with ls_check(). */
static uint64_t match_hash(const char *spec, int n, uint64_t seed, long *checked)
{
    static const char *const names[] = {"A", "B", "C", "D"};
    ls_error err = {0};
    ls_state *s = ls_state_new(NULL, n, names, seed, &err);
    assert_non_null(s);
    ls_player *p[4];
    for (int i = 0; i < n; i++)
        p[i] = expert(i == 0 ? spec : "greedy", seed + (uint64_t)i);
    uint64_t h = 1469598103934665603ull;
    ls_view v;
    while (ls_phase(s) != LS_PHASE_OVER) {
        if (ls_phase(s) == LS_PHASE_DEAL) {
            assert_int_equal(ls_deal(s, &err), 0);
            tell_deal(p, s);
        }
        int seat = ls_turn(s);
        ls_view_of(s, seat, &v);
        ls_move m;
        if (ls_player_choose(p[seat], &v, &m, &err) != 0)
            fail_msg("seed %llu: seat %d could not move: %s",
                     (unsigned long long)seed, seat, err.msg);
        if (seat == 0) {
            if (ls_check(s, m, &err) != 0)
                fail_msg("seed %llu: the expert chose an illegal move: %s",
                         (unsigned long long)seed, err.msg);
            if (checked)
                ++*checked;
        }
        if (m.kind == LS_MOVE_DRAW)
            m.card = LS_NO_CARD;
        assert_int_equal(ls_apply(s, &m, &err), 0);
        tell_move(p, s, seat, m);
        h = (h ^ m.discard ^ ((uint64_t)m.kind << 56) ^ ((uint64_t)m.card << 48)) *
            1099511628211ull;
    }
    for (int i = 0; i < n; i++)
        ls_player_free(p[i]);
    ls_state_free(s);
    return h;
}

static void test_same_seed_and_budget_give_the_same_moves(void **state)
{
    (void)state;
    uint64_t seed = test_seed(7);
    assert_true(match_hash("expert:iters=150", 3, seed, NULL) ==
                match_hash("expert:iters=150", 3, seed, NULL));
    assert_true(match_hash("expert:iters=600,kroot=8,race=2,rmin=25", 2, seed, NULL) ==
                match_hash("expert:iters=600,kroot=8,race=2,rmin=25", 2, seed, NULL));
    /* Without a clock, ms=N is a fixed number of iterations: deterministic. */
    assert_true(match_hash("expert:ms=2", 2, seed, NULL) ==
                match_hash("expert:ms=2", 2, seed, NULL));
}

static void test_expert_always_chooses_legal_moves(void **state)
{
    (void)state;
    uint64_t seed = test_seed(2026);
    long matches = scaled(12), checked = 0;
    /* The default flat search and ISMCTS, with each rollout policy. */
    static const char *const specs[] = {
        "expert:iters=60", "expert:iters=60,tree=1", "expert:iters=60,rollout=0",
        "expert:iters=60,tree=1,rollout=1,kroot=20,kother=5",
        "expert:iters=400,kroot=12,race=2,rmin=25",
        /* util=3 at 4 players, heads-up, and in the tree at 3 */
        "expert:iters=200,util=3", "expert:iters=60,util=3",
        "expert:iters=60,util=3,tree=1"};
    for (long i = 0; i < matches; i++) {
        int n = 2 + (int)(i % 3);
        match_hash(specs[i % 8], n, seed + (uint64_t)i, &checked);
    }
    printf("# %ld expert moves checked legal in %ld matches\n", checked, matches);
    assert_true(checked > 0);
}

static void test_expert_is_legal_under_every_rules_option(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C"};
    uint64_t seed = test_seed(99);
    ls_rules r = ls_rules_default();
    ls_error err = {0};
    assert_int_equal(ls_rules_set(&r, "tie", "penalty", &err), 0);
    assert_int_equal(ls_rules_set(&r, "runs", "suited", &err), 0);
    assert_int_equal(ls_rules_set(&r, "hand_size", "7", &err), 0);
    assert_int_equal(ls_rules_set(&r, "declare_max", "10", &err), 0);
    assert_int_equal(ls_rules_set(&r, "threshold", "25", &err), 0);
    assert_int_equal(ls_rules_set(&r, "max_turns", "12", &err), 0);
    ls_state *s = ls_state_new(&r, 3, names, seed, &err);
    assert_non_null(s);
    ls_player *p = expert("expert:iters=80", seed);
    ls_view v;
    long moves = 0;
    while (ls_phase(s) != LS_PHASE_OVER) {
        if (ls_phase(s) == LS_PHASE_DEAL)
            assert_int_equal(ls_deal(s, &err), 0);
        ls_view_of(s, ls_turn(s), &v);
        ls_move m;
        assert_int_equal(ls_player_choose(p, &v, &m, &err), 0);
        if (ls_check(s, m, &err) != 0)
            fail_msg("seed %llu: illegal move: %s", (unsigned long long)seed, err.msg);
        if (m.kind == LS_MOVE_DECLARE)
            assert_true(ls_cards_total(v.hand) <= 10);
        assert_int_equal(ls_apply(s, &m, &err), 0);
        moves++;
    }
    printf("# %ld moves under tie penalty, suited runs, 7 cards, declare_max 10\n", moves);
    ls_player_free(p);
    ls_state_free(s);
}

/*
 * Inference: in greedy matches (4 players, seat 0's moves too are greedy's,
 * so that the positions do not depend on the expert), at each of seat 0's
 * turns an expert that observed the round and a fresh one estimate every
 * opponent's hand total from their samples. The observer's squared error
 * against the true totals must be lower, over the same positions.
 *
 * It is also the benchmark of inference (docs/benchmarks.md, "Card
 * inference"): LS_SHARPEN_MATCHES (6), LS_SHARPEN_PLAYERS (4, from 2),
 * LS_SHARPEN_SPEC (the observer's spec, "expert") and LS_SEED (31) set the
 * run, and it prints both RMSEs.
 */
static void test_observed_moves_sharpen_the_hidden_hands(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C", "D"};
    uint64_t seed = test_seed(31);
    long matches = test_env_long("LS_SHARPEN_MATCHES",
                                 test_env_long("LS_SANITIZED", 0) ? 2 : 6);
    int n = (int)test_env_long("LS_SHARPEN_PLAYERS", 4);
    const char *spec = getenv("LS_SHARPEN_SPEC");
    spec = spec && *spec ? spec : "expert";
    assert_true(n >= 2 && n <= 4 && matches >= 1);
    long estimates = 0;
    double err_seen = 0, err_fresh = 0;
    for (long i = 0; i < matches; i++) {
        ls_error err = {0};
        ls_state *s = ls_state_new(NULL, n, names, seed + (uint64_t)i, &err);
        assert_non_null(s);
        ls_player *g = expert("greedy", 1);
        ls_player *obs[4] = {expert(spec, seed + (uint64_t)i), NULL, NULL, NULL};
        ls_player *fresh = expert(spec, seed + (uint64_t)i);
        for (int rounds = 0; rounds < 4 && ls_phase(s) != LS_PHASE_OVER; rounds++) {
            assert_int_equal(ls_deal(s, &err), 0);
            tell_deal(obs, s);
            while (ls_phase(s) == LS_PHASE_TURN) {
                int seat = ls_turn(s);
                ls_view v;
                ls_view_of(s, seat, &v);
                if (seat == 0 && v.turns >= 4) {
                    for (int q = 1; q < n; q++) {
                        if (!(v.in_round & (1u << q)))
                            continue;
                        double truth = ls_cards_total(ls_hand(s, q));
                        double a = ls__expert_mean_total(obs[0], &v, q, 300) - truth;
                        double b = ls__expert_mean_total(fresh, &v, q, 300) - truth;
                        err_seen += a * a;
                        err_fresh += b * b;
                        estimates++;
                    }
                }
                ls_move m;
                assert_int_equal(ls_player_choose(g, &v, &m, &err), 0);
                m.card = m.kind == LS_MOVE_DRAW ? LS_NO_CARD : m.card;
                assert_int_equal(ls_apply(s, &m, &err), 0);
                tell_move(obs, s, seat, m);
            }
        }
        ls_player_free(g);
        ls_player_free(obs[0]);
        ls_player_free(fresh);
        ls_state_free(s);
    }
    double rmse_seen = sqrt(err_seen / estimates), rmse_fresh = sqrt(err_fresh / estimates);
    printf("# %s, %d players, %ld matches from seed %llu: %ld estimates of hidden hand "
           "totals: RMSE %.2f observing, %.2f not\n",
           spec, n, matches, (unsigned long long)seed, estimates, rmse_seen, rmse_fresh);
    assert_true(estimates >= 30);
    assert_true(rmse_seen < rmse_fresh);
}

/*
 * Hands are shown at the end of each round, and the expert checks its
 * model of each opponent (the greedy player) against them. Random players
 * fail the check and are sampled without the model from then on; greedy
 * players never fail it. Two matches, seats: expert, greedy, random,
 * random.
 */
static void test_opponents_the_model_does_not_fit_are_found_out(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C", "D"};
    static const char *const specs[] = {"expert:iters=60", "greedy", "random", "random"};
    uint64_t seed = test_seed(5);
    for (uint64_t i = 0; i < 2; i++) {
        ls_error err = {0};
        ls_state *s = ls_state_new(NULL, 4, names, seed + i, &err);
        assert_non_null(s);
        ls_player *p[4];
        for (int q = 0; q < 4; q++)
            p[q] = expert(specs[q], seed + i + (uint64_t)q);
        int rounds = 0;
        for (; rounds < 8 && ls_phase(s) != LS_PHASE_OVER; rounds++) {
            /* Before any hand is shown, every seat is taken to fit. */
            if (rounds == 0)
                for (int q = 1; q < 4; q++)
                    assert_int_equal(ls__expert_model_fits(p[0], q), 1);
            assert_int_equal(ls_deal(s, &err), 0);
            tell_deal(p, s);
            while (ls_phase(s) == LS_PHASE_TURN) {
                int seat = ls_turn(s);
                ls_move m;
                choose(p[seat], s, &m);
                m.card = m.kind == LS_MOVE_DRAW ? LS_NO_CARD : m.card;
                assert_int_equal(ls_apply(s, &m, &err), 0);
                tell_move(p, s, seat, m);
            }
            ls_view v;
            ls_view_of(s, 0, &v);
            ls_player_round_end(p[0], &v, ls_last_result(s));
        }
        printf("# seed %llu: %d rounds\n", (unsigned long long)(seed + i), rounds);
        assert_true(rounds >= 3);
        assert_int_equal(ls__expert_model_fits(p[0], 1), 1);
        assert_int_equal(ls__expert_model_fits(p[0], 2), 0);
        assert_int_equal(ls__expert_model_fits(p[0], 3), 0);
        assert_int_equal(ls__expert_model_fits(p[1], 0), -1); /* not an expert */
        for (int q = 0; q < 4; q++)
            ls_player_free(p[q]);
        ls_state_free(s);
    }
}

/*
 * The expert (adapt=1, the default) weighs a family of models of each
 * opponent (greedy, cautious, reckless, collector, shedder) by how well
 * each explains the moves and declarations it saw, checked against the
 * hands shown at each round's end. Before any hand is shown every seat is
 * modelled as greedy; after some rounds against four panel players each
 * is modelled by its own kind (the cautious one, see below, or as
 * greedy). With adapt=0 the model stays greedy.
 */
static void test_adaptive_model_finds_each_opponents_style(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C", "D", "E"};
    static const char *const specs[] = {"expert:iters=40", "reckless",
                                        "cautious", "shedder", "collector"};
    uint64_t seed = test_seed(12);
    ls_error err = {0};
    ls_state *s = ls_state_new(NULL, 5, names, seed, &err);
    assert_non_null(s);
    ls_player *p[5], *plain = expert("expert:iters=40,adapt=0", seed);
    for (int q = 0; q < 5; q++)
        p[q] = expert(specs[q], seed + (uint64_t)q);
    for (int q = 1; q < 5; q++)
        assert_string_equal(ls__expert_model_of(p[0], q), "greedy");
    int rounds = 0;
    for (; rounds < 12 && ls_phase(s) != LS_PHASE_OVER; rounds++) {
        assert_int_equal(ls_deal(s, &err), 0);
        tell_deal(p, s);
        ls_view v;
        ls_view_of(s, 1, &v);
        ls_player_round_start(plain, &v);
        while (ls_phase(s) == LS_PHASE_TURN) {
            int seat = ls_turn(s);
            ls_move m;
            choose(p[seat], s, &m);
            m.card = m.kind == LS_MOVE_DRAW ? LS_NO_CARD : m.card;
            assert_int_equal(ls_apply(s, &m, &err), 0);
            tell_move(p, s, seat, m);
            ls_player_tell(plain, s, 1, seat, m);
        }
        ls_view_of(s, 0, &v);
        ls_player_round_end(p[0], &v, ls_last_result(s));
        ls_view_of(s, 1, &v);
        ls_player_round_end(plain, &v, ls_last_result(s));
    }
    printf("# seed %llu, %d rounds: models", (unsigned long long)seed, rounds);
    for (int q = 1; q < 5; q++)
        printf(" %s", ls__expert_model_of(p[0], q));
    printf("\n");
    assert_true(rounds >= 6);
    /* The cautious player differs from greedy only where greedy would
     * declare at 75-95%, so the evidence for it is rare (it was found
     * within 12 rounds with 6 of seeds 12-21); it must not be taken for a
     * style it is not. */
    for (int q = 1; q < 5; q++)
        if (q != 2)
            assert_string_equal(ls__expert_model_of(p[0], q), specs[q]);
    const char *c = ls__expert_model_of(p[0], 2);
    assert_true(!strcmp(c, "cautious") || !strcmp(c, "greedy"));
    assert_string_equal(ls__expert_model_of(plain, 2), "greedy");
    assert_null(ls__expert_model_of(p[1], 0)); /* not an expert */
    for (int q = 0; q < 5; q++)
        ls_player_free(p[q]);
    ls_player_free(plain);
    ls_state_free(s);
}

/*
 * Against greedy players the adaptive model changes nothing: greedy is in
 * the family with the largest prior and always explains a greedy player's
 * moves, so it stays the model of every seat and the expert plays move for
 * move as it does without adapt (its figures against greedy carry over).
 */
static void test_adaptive_model_plays_as_plain_against_greedy(void **state)
{
    (void)state;
    uint64_t seed = test_seed(31);
    for (int n = 2; n <= 4; n += 2)
        for (uint64_t i = 0; i < (uint64_t)scaled(3); i++)
            assert_true(match_hash("expert:iters=150", n, seed + i, NULL) ==
                        match_hash("expert:iters=150,adapt=0", n, seed + i, NULL));
}

/*
 * smm: in the rollouts my own seat declares when its hand is the lowest by
 * the margin in the sampled deal (and otherwise not). The default is
 * smm=2, move for move, and it plays otherwise than greedy's own declare
 * rule there (smm=-1), heads-up and with three players.
 */
static void test_own_declares_in_rollouts_by_margin(void **state)
{
    (void)state;
    uint64_t seed = test_seed(41);
    int n = (int)scaled(3), differ[4] = {0};
    for (int i = 0; i < n; i++) {
        uint64_t sd = seed + (uint64_t)i;
        for (int k = 2; k <= 3; k++) {
            uint64_t dflt = match_hash("expert:iters=150", k, sd, NULL);
            assert_true(dflt == match_hash("expert:iters=150,smm=2", k, sd, NULL));
            differ[k] += dflt != match_hash("expert:iters=150,smm=-1", k, sd, NULL);
        }
    }
    printf("# %d matches: smm=-1 plays otherwise in %d heads-up, %d of 3 players\n",
           n, differ[2], differ[3]);
    assert_true(differ[2] > 0);
    assert_true(differ[3] > 0);
}

/* A fake clock for a timed search: every reading advances it by 0.01 ms,
 * so a budget of ms=N allows about 100 * N readings, one per sampled deal. */
static double tick_clock(void *ud)
{
    double *now = ud;
    *now += 0.01;
    return *now;
}

/* Plays two rounds of a 3-player greedy match and at each of seat 0's turns
 * lets the players made from racing_spec and full_spec search it (with
 * the fake clock when timed). Writes the rollouts each ran and returns the
 * number of positions searched. */
static int rollouts_on_the_same_positions(const char *racing_spec, const char *full_spec,
                                          bool timed, uint64_t *r, uint64_t *f)
{
    static const char *const names[] = {"A", "B", "C"};
    uint64_t seed = test_seed(8);
    ls_error err = {0};
    ls_state *s = ls_state_new(NULL, 3, names, seed, &err);
    assert_non_null(s);
    ls_player *g = expert("greedy", 1);
    ls_player *racing = expert(racing_spec, seed);
    ls_player *full = expert(full_spec, seed);
    double racing_now = 0, full_now = 0;
    if (timed) {
        assert_true(ls__expert_set_clock(racing, tick_clock, &racing_now));
        assert_true(ls__expert_set_clock(full, tick_clock, &full_now));
    }
    int searched = 0;
    for (int rounds = 0; rounds < 2 && ls_phase(s) != LS_PHASE_OVER; rounds++) {
        assert_int_equal(ls_deal(s, &err), 0);
        while (ls_phase(s) == LS_PHASE_TURN) {
            ls_move m;
            if (ls_turn(s) == 0) {
                choose(racing, s, &m);
                assert_int_equal(ls_check(s, m, &err), 0);
                choose(full, s, &m);
                searched++;
            }
            choose(g, s, &m);
            m.card = m.kind == LS_MOVE_DRAW ? LS_NO_CARD : m.card;
            assert_int_equal(ls_apply(s, &m, &err), 0);
        }
    }
    *r = ls__expert_iterations(racing);
    *f = ls__expert_iterations(full);
    printf("# %d positions: %llu rollouts with %s, %llu with %s\n", searched,
           (unsigned long long)*r, racing_spec, (unsigned long long)*f, full_spec);
    ls_player_free(g);
    ls_player_free(racing);
    ls_player_free(full);
    ls_state_free(s);
    return searched;
}

/*
 * A stop flag (the hint's: a key pressed while it is searched) ends a
 * search at its next look, in the default search by rollouts and in the
 * tree: with the flag installed but false, the same moves and rollouts as
 * without it; set, a search runs its first rollout only, or the tree's
 * first 16 iterations, and still answers a legal move.
 */
static void test_a_stop_flag_ends_the_search_and_changes_nothing_until_set(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C", "D"};
    static const char *const specs[] = {"expert", "expert:tree=1"};
    for (int k = 0; k < 2; k++) {
        uint64_t seed = test_seed(31);
        ls_error err = {0};
        ls_state *s = ls_state_new(NULL, 4, names, seed, &err);
        assert_non_null(s);
        ls_player *g = expert("greedy", 1);
        ls_player *plain = expert(specs[k], seed);
        ls_player *flagged = expert(specs[k], seed);
        atomic_bool stop;
        atomic_init(&stop, false);
        assert_true(ls__expert_set_stop(flagged, &stop));
        assert_false(ls__expert_set_stop(g, &stop));
        int searched = 0, stopped = 0;
        assert_int_equal(ls_deal(s, &err), 0);
        while (ls_phase(s) == LS_PHASE_TURN && searched < 6) {
            ls_move m, mf;
            if (ls_turn(s) == 0) {
                uint64_t p0 = ls__expert_iterations(plain);
                choose(plain, s, &m);
                choose(flagged, s, &mf);
                assert_true(same_move(m, mf));
                assert_true(ls__expert_iterations(plain) == ls__expert_iterations(flagged));
                uint64_t full = ls__expert_iterations(plain) - p0;
                /* The same position, searched with the flag set. */
                uint64_t before = ls__expert_iterations(flagged);
                atomic_store(&stop, true);
                choose(flagged, s, &mf);
                atomic_store(&stop, false);
                uint64_t ran = ls__expert_iterations(flagged) - before;
                assert_int_equal(ls_check(s, mf, &err), 0);
                assert_true(ran <= 16);
                stopped += full > 16; /* a search the flag cut short */
                searched++;
                /* The flagged player's extra search drew from its random
                 * numbers: make it again to stay the plain one's twin. */
                ls_player_free(flagged);
                flagged = expert(specs[k], seed + (uint64_t)searched);
                ls_player_free(plain);
                plain = expert(specs[k], seed + (uint64_t)searched);
                assert_true(ls__expert_set_stop(flagged, &stop));
            }
            choose(g, s, &m);
            m.card = m.kind == LS_MOVE_DRAW ? LS_NO_CARD : m.card;
            assert_int_equal(ls_apply(s, &m, &err), 0);
        }
        printf("# %s: %d positions searched with the flag false and set, %d cut short\n",
               specs[k], searched, stopped);
        assert_true(searched >= 3);
        assert_true(stopped >= 3);
        ls_player_free(g);
        ls_player_free(plain);
        ls_player_free(flagged);
        ls_state_free(s);
    }
}

/*
 * Racing drops candidates that are clearly behind and stops when the
 * choice is clear, so over the same positions (seat 0's turns of greedy
 * matches) it spends far fewer rollouts than the same budget without it
 * (race=0).
 */
static void test_racing_stops_early_on_clear_choices(void **state)
{
    (void)state;
    uint64_t r, f;
    int searched = rollouts_on_the_same_positions("expert:iters=2000,kroot=8,race=2,rmin=25",
                                                  "expert:iters=2000,kroot=8,race=0", false,
                                                  &r, &f);
    assert_true(searched >= 3);
    assert_true(r > 0);
    assert_true(2 * r < f);
}

/* With a clock, ms=N is a limit: racing stops before it on clear choices,
 * while the search without racing runs to it. */
static void test_racing_stops_early_within_a_time_budget(void **state)
{
    (void)state;
    uint64_t r, f;
    int searched = rollouts_on_the_same_positions("expert:ms=3,kroot=8,race=2,rmin=25",
                                                  "expert:ms=3,kroot=8,race=0", true, &r,
                                                  &f);
    assert_true(searched >= 3);
    assert_true(r > 0);
    /* without racing: about 300 deals of 8 rollouts per position */
    assert_true(f >= (uint64_t)searched * 250 * 8);
    assert_true(2 * r < f);
}

static void test_hint_is_a_move_and_a_probability(void **state)
{
    (void)state;
    const char *hands[] = {"AC AD 2H 2S KC", "KD QH QS JC 10D"};
    ls_state *s = deal_state(NULL, 2, hands, "3C");
    ls_player *p = expert("expert:iters=200", 1);
    ls_view v;
    ls_move m;
    double d;
    ls_error err = {0};
    ls_view_of(s, 0, &v);
    assert_int_equal(ls_player_hint(p, &v, &m, &d, &err), 0);
    assert_int_equal(ls_check(s, m, &err), 0);
    assert_true(d < 0); /* no declaring on the first turn */
    must_play(s, "discard KC take 3C");
    must_play(s, "discard KD draw");
    ls_view_of(s, 0, &v);
    assert_true(v.can_declare);
    assert_int_equal(ls_player_hint(p, &v, &m, &d, &err), 0);
    assert_int_equal(ls_check(s, m, &err), 0);
    assert_true(d >= 0 && d <= 1);
    /* AC AD 2H 2S 3C = 9 against five cards A cannot see: the expert is
     * nearly sure to be lowest, and declares. */
    printf("# P(declaring is correct) = %.3f, hint %s\n", d,
           m.kind == LS_MOVE_DECLARE ? "declare" : "play on");
    assert_true(d > 0.9);
    assert_int_equal(m.kind, LS_MOVE_DECLARE);
    ls_player_free(p);
    ls_state_free(s);
}

/*
 * The hint shows the sampled share of deals in which declaring is correct
 * through the calibration curve: two experts seeded alike, one with
 * calib=0, searched at the same views (seat 0's turns of a greedy match,
 * seed printed), choose the same moves and show p and the curve's value of
 * p, capped at 99% unless certain. The curve keeps 0..1 and the order of
 * two estimates.
 */
static void test_hint_shows_the_calibrated_estimate(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C"};
    uint64_t seed = test_seed(5);
    double last = 0;
    for (int i = 0; i <= 1000; i++) {
        double c = ls__expert_calibrated(i / 1000.0);
        assert_true(c >= 0 && c <= 1);
        assert_true(c >= last);
        last = c;
    }
    ls_error err = {0};
    ls_state *s = ls_state_new(NULL, 3, names, seed, &err);
    assert_non_null(s);
    ls_player *g = expert("greedy", seed);
    ls_player *raw = expert("expert:iters=60,calib=0", seed);
    ls_player *shown = expert("expert:iters=60", seed);
    ls_player *obs[3] = {raw, NULL, NULL}, *obs2[3] = {shown, NULL, NULL};
    int compared = 0, middle = 0;
    for (int round = 0; round < 12 && ls_phase(s) != LS_PHASE_OVER; round++) {
        assert_int_equal(ls_deal(s, &err), 0);
        tell_deal(obs, s);
        tell_deal(obs2, s);
        while (ls_phase(s) == LS_PHASE_TURN) {
            int seat = ls_turn(s);
            ls_view v;
            ls_move m, m2;
            double p, p2;
            ls_view_of(s, seat, &v);
            if (seat == 0) {
                assert_int_equal(ls_player_hint(raw, &v, &m, &p, &err), 0);
                assert_int_equal(ls_player_hint(shown, &v, &m2, &p2, &err), 0);
                assert_true(same_move(m, m2));
                if (p < 0) {
                    assert_true(p2 < 0);
                } else if (p < 0.99) {
                    double want = ls__expert_calibrated(p);
                    assert_true(p2 == (want > 0.99 ? 0.99 : want));
                    compared++;
                    middle += p > 0.05 && p < 0.95;
                }
            } else {
                assert_int_equal(ls_player_choose(g, &v, &m, &err), 0);
            }
            m.card = m.kind == LS_MOVE_DRAW ? LS_NO_CARD : m.card;
            assert_int_equal(ls_apply(s, &m, &err), 0);
            tell_move(obs, s, seat, m);
            tell_move(obs2, s, seat, m);
        }
    }
    printf("# %d estimates compared, %d between 0.05 and 0.95\n", compared, middle);
    assert_true(compared >= 5);
    assert_true(middle >= 3);
    ls_player_free(g);
    ls_player_free(raw);
    ls_player_free(shown);
    ls_state_free(s);
}

static void test_bad_expert_specs_are_errors(void **state)
{
    (void)state;
    static const char *const bad[] = {"expert:iters=0", "expert:bogus=1",
                                      "expert:iters=10,ms=10", "expert:ms=x",
                                      "expert:c=-1", "expert:depth=5",
                                      "expert:tries=0", "expert:calib=2",
                                      "expert:util=4", "expert:util=-1",
                                      "expert:smm=-2", "expert:smm=21",
                                      "expert:sdecl=1.5", "expert:sdecl=-0.1",
                                      "expert:smm=x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ls_error err = {0};
        ls_player *p = ls_player_new(bad[i], 1, &err);
        if (p)
            fail_msg("'%s' was accepted", bad[i]);
        assert_true(err.code < 0);
        assert_true(strlen(err.msg) > 0);
    }
    ls_error err = {0};
    ls_player *p = ls_player_new("expert:iters=10,c=1.2,rollout=0,infer=0,tree=1", 1, &err);
    assert_non_null(p);
    ls_player_free(p);
}

/* The budget a spec gives, as a program that bounds it reads it
 * (ls__expert_budget): ms= and iters= as given, 0 where not given, also
 * when the expert works to a budget of its own (the default's by table
 * size, tree=1's 2000 iterations); both at once is no spec; another kind
 * of player has none. And the search's shape (ls__expert_search): tries=,
 * 100 by default, and tree=. */
static void test_the_budget_read_from_a_spec_is_what_it_gives(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        long ms, iters;
        int tries;
        bool tree;
    } cases[] = {
        {"expert", 0, 0, 100, false},
        {"expert:ms=250", 250, 0, 100, false},
        {"expert:iters=1e3,c=1", 0, 1000, 100, false},
        {"expert:c=0.5,iters=10000000", 0, 10000000, 100, false},
        {"expert:ms=600000,tries=7", 600000, 0, 7, false},
        {"expert:tree=1", 0, 0, 100, true},
        {"expert:tree=1,iters=500", 0, 500, 100, true},
        {"expert:tree=0,tries=1000", 0, 0, 1000, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ls_error err = {0};
        ls_player *p = ls_player_new(cases[i].spec, 1, &err);
        if (!p)
            fail_msg("'%s': %s", cases[i].spec, err.msg);
        long ms = -1, iters = -1;
        int tries = -1;
        bool tree = true;
        assert_true(ls__expert_budget(p, &ms, &iters));
        assert_true(ls__expert_search(p, &tries, &tree));
        if (ms != cases[i].ms || iters != cases[i].iters || tries != cases[i].tries ||
            tree != cases[i].tree)
            fail_msg("'%s': ms %ld iters %ld tries %d tree %d", cases[i].spec, ms, iters,
                     tries, tree);
        ls_player_free(p);
    }
    ls_error err = {0};
    assert_null(ls_player_new("expert:ms=10,iters=10", 1, &err));
    assert_string_equal(err.msg, "expert: give iters=N or ms=N, not both");
    ls_player *g = ls_player_new("greedy", 1, &err);
    assert_non_null(g);
    long ms = -1, iters = -1;
    int tries = -1;
    bool tree = true;
    assert_false(ls__expert_budget(g, &ms, &iters));
    assert_false(ls__expert_search(g, &tries, &tree));
    assert_true(ms == 0 && iters == 0 && tries == 0 && !tree);
    assert_false(ls__expert_budget(NULL, &ms, &iters));
    ls_player_free(g);
}

/*
 * util=2 values a round by the heads-up match equity: W(a, b), the chance
 * that a player at a beats one at b. Both players are alike in its model,
 * so W(a, a) is one half; fewer points of one's own and more of the
 * other's are worth more; past the threshold (D8) the match is decided.
 * Threshold 50, so that both ends are near.
 */
static void test_match_equity_is_a_fair_chance_of_winning(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B"};
    ls_rules rules = ls_rules_default();
    rules.threshold = 50;
    ls_error err = {0};
    ls_state *s = ls_state_new(&rules, 2, names, 3, &err);
    assert_non_null(s);
    assert_int_equal(ls_deal(s, &err), 0);
    ls_view v;
    ls_view_of(s, 0, &v);
    ls_player *p = expert("expert:util=2", 5);
    for (int a = 0; a <= 50; a += 5) {
        assert_true(fabs(ls__expert_equity(p, &v, a, a) - 0.5) < 1e-9);
        for (int b = 0; b + 5 <= 50; b += 5) {
            double w = ls__expert_equity(p, &v, a, b);
            assert_true(w > 0 && w < 1);
            assert_true(ls__expert_equity(p, &v, a, b + 5) > w);
            if (a + 5 <= 50)
                assert_true(ls__expert_equity(p, &v, a + 5, b) < w);
        }
    }
    assert_true(ls__expert_equity(p, &v, 0, 50) > 0.9);
    assert_true(ls__expert_equity(p, &v, 50, 0) < 0.1);
    assert_true(ls__expert_equity(p, &v, 51, 0) == 0);
    assert_true(ls__expert_equity(p, &v, 0, 51) == 1);
    ls_player *g = expert("greedy", 1);
    assert_true(ls__expert_equity(g, &v, 0, 0) < 0);
    ls_player_free(g);
    ls_player_free(p);
    ls_state_free(s);
}

/* util=3's survival estimate at 4 players: equal scores are an equal
 * chance, the chances add up to 1, fewer points are better for a seat and
 * more for its opponents, and a player alone or out is certain. */
static void test_survival_equity_is_a_fair_chance_of_winning(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C", "D"};
    ls_rules rules = ls_rules_default();
    rules.threshold = 50;
    ls_error err = {0};
    ls_state *s = ls_state_new(&rules, 4, names, 3, &err);
    assert_non_null(s);
    assert_int_equal(ls_deal(s, &err), 0);
    ls_view v;
    ls_view_of(s, 0, &v);
    ls_player *p = expert("expert:util=3", 5);
    for (int a = 0; a <= 50; a += 10) {
        int sc[4] = {a, a, a, a};
        double w = ls__expert_surv_equity(p, &v, sc, 0);
        assert_true(fabs(w - ls__expert_surv_equity(p, &v, sc, 3)) < 1e-12);
        assert_true(fabs(w - 0.25) < 1e-9);
    }
    int sc[4] = {10, 20, 30, 40};
    double sum = 0;
    for (int i = 0; i < 4; i++) {
        double w = ls__expert_surv_equity(p, &v, sc, i);
        if (i > 0)
            assert_true(w < ls__expert_surv_equity(p, &v, sc, i - 1));
        sum += w;
    }
    assert_true(fabs(sum - 1) < 1e-9);
    double w0 = ls__expert_surv_equity(p, &v, sc, 0);
    sc[0] = 15;
    assert_true(ls__expert_surv_equity(p, &v, sc, 0) < w0);
    sc[0] = 10;
    sc[3] = 45;
    assert_true(ls__expert_surv_equity(p, &v, sc, 0) > w0);
    int alone[4] = {49, 51, 60, 70};
    assert_true(ls__expert_surv_equity(p, &v, alone, 0) == 1);
    assert_true(ls__expert_surv_equity(p, &v, alone, 1) == 0);
    ls_player *g = expert("greedy", 1);
    assert_true(ls__expert_surv_equity(g, &v, sc, 0) < 0);
    ls_player_free(g);
    ls_player_free(p);
    ls_state_free(s);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_expert_never_sees_hidden_cards),
    cmocka_unit_test(test_same_seed_and_budget_give_the_same_moves),
    cmocka_unit_test(test_expert_always_chooses_legal_moves),
    cmocka_unit_test(test_expert_is_legal_under_every_rules_option),
    cmocka_unit_test(test_observed_moves_sharpen_the_hidden_hands),
    cmocka_unit_test(test_opponents_the_model_does_not_fit_are_found_out),
    cmocka_unit_test(test_adaptive_model_finds_each_opponents_style),
    cmocka_unit_test(test_adaptive_model_plays_as_plain_against_greedy),
    cmocka_unit_test(test_own_declares_in_rollouts_by_margin),
    cmocka_unit_test(test_racing_stops_early_on_clear_choices),
    cmocka_unit_test(test_racing_stops_early_within_a_time_budget),
    cmocka_unit_test(test_hint_is_a_move_and_a_probability),
    cmocka_unit_test(test_hint_shows_the_calibrated_estimate),
    cmocka_unit_test(test_match_equity_is_a_fair_chance_of_winning),
    cmocka_unit_test(test_survival_equity_is_a_fair_chance_of_winning),
    cmocka_unit_test(test_bad_expert_specs_are_errors),
    cmocka_unit_test(test_the_budget_read_from_a_spec_is_what_it_gives),
    cmocka_unit_test(test_a_stop_flag_ends_the_search_and_changes_nothing_until_set),
};

LS_TEST_MAIN(tests)
