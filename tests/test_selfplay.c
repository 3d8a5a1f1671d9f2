/*
 * test_selfplay.c - randomized self-play: many whole matches of random
 * legal moves, with the engine's invariants checked after every move.
 *
 * For each match the table (2-8 players) and the options are drawn from
 * the seed; every move is picked from ls_legal_moves(). After every move:
 * all 52 cards are accounted for exactly once, hand sizes are in bounds and
 * never grow, the move applied was legal (ls_check agrees, and a corrupted
 * copy of it is rejected without changing the state), a seat's view does
 * not change when the hidden cards are redealt, and at the end the match's
 * record, written and read back, gives the same results.
 *
 * LS_SELFPLAY_MATCHES sets the number of matches (10,000 by default, 2,000
 * under the sanitizers; `make soak` runs millions); LS_SEED replays a run.
 */
#include "support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

static const char *const names[] = {"Ann", "Bob", "Cid", "Dee",
                                    "Eve", "Fay", "Gus", "Hal"};

/* All 52 cards exactly once across hands, deck, open cards and dead pile. */
static void check_cards(const ls_state *s)
{
    ls_cards seen = 0;
    int count = 0;
    for (int p = 0; p < s->nplayers; p++) {
        assert_int_equal(seen & s->hand[p], 0);
        seen |= s->hand[p];
        count += ls_cards_count(s->hand[p]);
        assert_int_equal(s->known[p] & ~s->hand[p], 0);
    }
    ls_cards deck = s->deck_set;
    assert_int_equal(ls_cards_count(deck), s->deck_n);
    ls_cards parts[3] = {deck, s->open, s->dead};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(seen & parts[i], 0);
        seen |= parts[i];
        count += ls_cards_count(parts[i]);
    }
    assert_int_equal(count, 52);
    assert_int_equal(seen, LS_ALL_CARDS);
    if (s->phase == LS_PHASE_TURN)
        assert_int_not_equal(s->open, 0);
}

static void check_sizes(const ls_state *s, const int before[])
{
    for (int p = 0; p < s->nplayers; p++) {
        int n = ls_cards_count(s->hand[p]);
        if (s->in_round & (1u << p)) {
            assert_in_range(n, 1, s->rules.hand_size);
            assert_true(n <= before[p]); /* D10: hands never grow */
        } else {
            assert_int_equal(n, 0);
        }
    }
}

/* The view of `seat` must not change when everything it cannot see is
 * redealt: the other hands (less their known cards) and the deck. */
static void check_view_hides(const ls_state *s, int seat, ls_rng *rng)
{
    ls_view v, w;
    ls_view_of(s, seat, &v);
    assert_int_equal(v.hand, s->hand[seat]);
    for (int i = 0; i < v.nhistory; i++)
        if (v.history[i].kind == LS_MOVE_DRAW && v.history[i].player != seat)
            assert_int_equal(v.history[i].card, LS_NO_CARD);
    if (s->phase != LS_PHASE_TURN)
        return;
    /* Deal the unseen cards at random into the hidden slots. */
    ls_cards pool = ls_view_unseen(&v);
    uint8_t cards[52];
    int n = 0;
    for (ls_cards c = pool; c; c &= c - 1)
        cards[n++] = (uint8_t)__builtin_ctzll(c);
    ls_cards hands[LS_MAX_PLAYERS] = {0};
    for (int p = 0; p < v.nplayers; p++) {
        if (p == seat || !(v.in_round & (1u << p)))
            continue;
        hands[p] = v.known[p];
        while (ls_cards_count(hands[p]) < v.hand_size[p]) {
            int k = (int)ls_rng_below(rng, (uint32_t)n);
            hands[p] |= LS_BIT(cards[k]);
            cards[k] = cards[--n];
        }
    }
    ls_state *t = ls_state_clone(s);
    ls_error err;
    int rc = ls_state_from_view(t, &v, hands, ls_rng_next(rng), &err);
    if (rc)
        fail_msg("ls_state_from_view: %s", err.msg);
    ls_view_of(t, seat, &w);
    assert_memory_equal(&v, &w, sizeof v);
    ls_state_free(t);
}

/* A corrupted copy of a legal move must be rejected, leaving s unchanged. */
static void check_rejects(ls_state *s, ls_move m, ls_rng *rng)
{
    ls_move bad = m;
    switch (ls_rng_below(rng, 3)) {
    case 0: /* discard a card the player does not hold */
        bad.kind = LS_MOVE_DRAW;
        bad.discard = LS_BIT(ls_cards_first(LS_ALL_CARDS & ~s->hand[s->turn]));
        break;
    case 1: /* take a card that is not open */
        bad.kind = LS_MOVE_TAKE;
        bad.discard = s->hand[s->turn] & -s->hand[s->turn];
        bad.card = ls_cards_first(LS_ALL_CARDS & ~s->open);
        break;
    default: /* discard three of a kind / an unlisted shape if possible */
        bad.kind = LS_MOVE_DRAW;
        bad.discard = s->hand[s->turn];
        if (ls_discard_ok(bad.discard, &s->rules, NULL))
            return;
        break;
    }
    ls_state before;
    memcpy(&before, s, sizeof before);
    ls_error err = {0};
    assert_true(ls_apply(s, &bad, &err) < 0);
    assert_true(err.msg[0] != '\0');
    assert_memory_equal(&before, s, sizeof before);
}

static ls_rules random_rules(ls_rng *rng, int *nplayers)
{
    ls_rules r = ls_rules_default();
    static const int thresholds[] = {25, 50, 100};
    r.threshold = thresholds[ls_rng_below(rng, 3)];
    r.tie_penalty = ls_rng_below(rng, 2);
    r.runs_suited = ls_rng_below(rng, 4) == 0;
    r.hand_size = 3 + (int)ls_rng_below(rng, 5);
    r.declare_max = ls_rng_below(rng, 4) == 0 ? 5 + (int)ls_rng_below(rng, 20) : 0;
    r.max_turns = ls_rng_below(rng, 4) == 0 ? 5 + (int)ls_rng_below(rng, 60)
                                            : LS_DEFAULT_MAX_TURNS;
    do
        *nplayers = 2 + (int)ls_rng_below(rng, 7);
    while (*nplayers * r.hand_size + 1 > 52);
    return r;
}

static void play_one_match(uint64_t seed, long *decisions)
{
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    int n;
    ls_rules rules = random_rules(&rng, &n);
    ls_error err;
    ls_state *s = ls_state_new(&rules, n, names, seed, &err);
    assert_non_null(s);
    ls_record *rec = ls_record_new(s);
    assert_non_null(rec);
    ls_round_result results[512];
    int nresults = 0;
    ls_move moves[LS_MAX_MOVES];
    while (ls_phase(s) != LS_PHASE_OVER) {
        assert_int_equal(ls_deal(s, &err), 0);
        assert_int_equal(ls_record_deal(rec, s), 0);
        check_cards(s);
        int sizes[LS_MAX_PLAYERS];
        while (ls_phase(s) == LS_PHASE_TURN) {
            for (int p = 0; p < n; p++)
                sizes[p] = ls_cards_count(s->hand[p]);
            int nm = ls_legal_moves(s, moves);
            assert_in_range(nm, 1, LS_MAX_MOVES);
            ls_move m = moves[ls_rng_below(&rng, (uint32_t)nm)];
            assert_int_equal(ls_check(s, m, &err), 0);
            check_rejects(s, m, &rng);
            int seat = s->turn;
            assert_int_equal(ls_apply(s, &m, &err), 0);
            assert_int_equal(ls_record_move(rec, s, seat, m), 0);
            (*decisions)++;
            check_cards(s);
            check_sizes(s, sizes);
            check_view_hides(s, (int)ls_rng_below(&rng, (uint32_t)n), &rng);
        }
        assert_true(nresults < 512);
        const ls_round_result *res = ls_last_result(s);
        assert_non_null(res);
        results[nresults++] = *res;
    }
    /* The record replays to the same results. */
    size_t len;
    const char *text = ls_record_text(rec, &len);
    ls_state *r = NULL;
    ls_round_result *replayed = NULL;
    int nreplayed = 0;
    if (ls_record_read(text, len, &r, &replayed, &nreplayed, &err) != 0)
        fail_msg("seed %llu: record does not replay: line %d: %s\n%s",
                 (unsigned long long)seed, err.line, err.msg, text);
    assert_int_equal(nreplayed, nresults);
    for (int i = 0; i < nresults; i++)
        assert_memory_equal(&replayed[i], &results[i], sizeof results[i]);
    assert_int_equal(ls_winner(r), ls_winner(s));
    assert_int_equal(ls_phase(r), LS_PHASE_OVER);
    free(replayed);
    ls_state_free(r);
    ls_record_free(rec);
    ls_state_free(s);
}

static void test_random_matches_keep_every_invariant(void **unused)
{
    (void)unused;
    long def = getenv("LS_SANITIZED") ? 2000 : 10000;
    long matches = test_env_long("LS_SELFPLAY_MATCHES", def);
    uint64_t seed = test_seed(20261129);
    long decisions = 0;
    for (long i = 0; i < matches; i++)
        play_one_match(seed + (uint64_t)i, &decisions);
    printf("# %ld matches, %ld moves checked\n", matches, decisions);
    assert_true(decisions > matches);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_random_matches_keep_every_invariant),
};

LS_TEST_MAIN(tests)
