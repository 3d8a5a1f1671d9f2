/*
 * test_discard.c - what may be discarded (R3, D2, D3).
 *
 * One card always. More than one only as a pair or 4 of a kind (never 3 of
 * a kind, never two pairs of different ranks), a run of exactly 3 or 5
 * consecutive ranks (Ace low as in A-2-3 or high as in Q-K-A, never both
 * as in K-A-2; any suits unless the table plays `runs suited`), or 5 cards
 * of one suit. A straight flush is both a run and a flush, and legal.
 *
 * Each shape is checked through ls_discard_ok() and through ls_apply() on a
 * real turn; a reference written from the rules checks every set of up to
 * five cards.
 */
#include "support/support.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static ls_rules any_rules(void)
{
    return ls_rules_default();
}

static ls_rules suited_rules(void)
{
    ls_rules r = ls_rules_default();
    r.runs_suited = true;
    return r;
}

static bool ok(const char *text)
{
    ls_rules r = any_rules();
    return ls_discard_ok(cards(text), &r, NULL);
}

static bool ok_suited(const char *text)
{
    ls_rules r = suited_rules();
    return ls_discard_ok(cards(text), &r, NULL);
}

/* Whether `needle` occurs in `hay`, ignoring case. */
static bool contains(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] &&
               tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return true;
    }
    return n == 0;
}

/* Asserts that `text` is refused and that the message contains `why`. */
static void refused_because(const char *text, bool suited, const char *why)
{
    ls_rules rules = suited ? suited_rules() : any_rules();
    const ls_rules *r = &rules;
    ls_error err;
    memset(&err, 0, sizeof err);
    if (ls_discard_ok(cards(text), r, &err))
        fail_msg("'%s' was accepted as a discard", text);
    if (err.msg[0] == '\0')
        fail_msg("'%s' was refused without a message", text);
    if (!contains(err.msg, why))
        fail_msg("'%s' was refused with \"%s\", which does not mention \"%s\"",
                 text, err.msg, why);
}

/* ---- single cards and pairs ---------------------------------------- */

static void test_a_single_card_may_always_be_discarded(void **state)
{
    (void)state;
    ls_rules any = any_rules(), suited = suited_rules();
    for (ls_card c = 0; c < 52; c++) {
        assert_true(ls_discard_ok(LS_BIT(c), &any, NULL));
        assert_true(ls_discard_ok(LS_BIT(c), &suited, NULL));
    }
}

static void test_nothing_is_not_a_discard(void **state)
{
    (void)state;
    ls_error err = {0};
    ls_rules r = any_rules();
    assert_false(ls_discard_ok(0, &r, &err));
    assert_true(err.msg[0] != '\0');
}

static void test_a_pair_may_be_discarded(void **state)
{
    (void)state;
    assert_true(ok("7H 7S"));
    assert_true(ok("AC AD"));
    assert_true(ok("KD KS"));
    assert_true(ok("10C 10H"));
}

static void test_two_cards_of_different_ranks_are_not_a_pair(void **state)
{
    (void)state;
    assert_false(ok("7H 8S"));
    assert_false(ok("JH QH"));
    /* Equal value is not equal rank. */
    assert_false(ok("10H JH"));
    assert_false(ok("QC KC"));
}

static void test_four_of_a_kind_may_be_discarded(void **state)
{
    (void)state;
    assert_true(ok("9C 9D 9H 9S"));
    assert_true(ok("AC AD AH AS"));
    assert_true(ok("KC KD KH KS"));
    assert_true(ok_suited("5C 5D 5H 5S"));
}

static void test_three_of_a_kind_is_not_discardable(void **state)
{
    (void)state;
    assert_false(ok("9C 9D 9H"));
    assert_false(ok("AC AH AS"));
    refused_because("7C 7D 7S", false, "3 of a kind");
}

static void test_two_pairs_of_different_ranks_are_not_discardable(void **state)
{
    (void)state;
    assert_false(ok("7C 7D 8H 8S"));
    assert_false(ok("AC AD KH KS"));
    refused_because("3C 3D 9H 9S", false, "pair");
}

/* ---- runs ----------------------------------------------------------- */

static void test_a_run_of_three_may_be_discarded(void **state)
{
    (void)state;
    assert_true(ok("2C 3D 4H"));
    assert_true(ok("JS QS KD"));
    assert_true(ok("8C 9C 10C"));
    assert_true(ok("9H 10S JC"));
}

static void test_a_run_of_five_may_be_discarded(void **state)
{
    (void)state;
    assert_true(ok("6C 7D 8H 9S 10C"));
    assert_true(ok("9D 10D JC QH KS"));
    assert_true(ok("3S 4S 5S 6S 7D"));
}

static void test_the_ace_may_stand_below_the_two(void **state)
{
    (void)state;
    assert_true(ok("AS 2D 3C"));
    assert_true(ok("AH 2H 3S 4C 5D"));
}

static void test_the_ace_may_stand_above_the_king(void **state)
{
    (void)state;
    assert_true(ok("QC KD AH"));
    assert_true(ok("10S JD QC KH AS"));
}

static void test_a_run_may_not_wrap_around_the_ace(void **state)
{
    (void)state;
    assert_false(ok("KC AD 2H"));
    assert_false(ok("QC KD AH 2S 3C"));
    assert_false(ok("JC QD KH AS 2C"));
    refused_because("KS AS 2D", false, "run");
}

static void test_runs_of_two_four_or_six_are_not_discardable(void **state)
{
    (void)state;
    assert_false(ok("5H 6C"));
    assert_false(ok("KD AC"));
    assert_false(ok("5H 6C 7D 8S"));
    assert_false(ok("AH 2C 3D 4S"));
    assert_false(ok("JC QD KH AS"));
    assert_false(ok("5H 6C 7D 8S 9H 10C"));
    assert_false(ok("8H 9C 10D JS QH KC AD"));
    refused_because("5H 6C 7D 8S", false, "run");
}

static void test_a_run_needs_distinct_consecutive_ranks(void **state)
{
    (void)state;
    assert_false(ok("5H 5C 6H"));
    assert_false(ok("5H 7C 9D"));
    assert_false(ok("2C 3D 5H"));
    assert_false(ok("4C 5D 6H 7S 9H"));
    assert_false(ok("4C 5D 6H 6S 7H"));
    assert_false(ok("QC KD AH AS 2C"));
}

static void test_runs_ignore_suits_by_default(void **state)
{
    (void)state;
    assert_false(ls_rules_default().runs_suited);
    assert_true(ok("5H 6C 7D"));
    assert_true(ok("10C JD QH KS AC"));
}

static void test_runs_suited_requires_one_suit(void **state)
{
    (void)state;
    assert_false(ok_suited("5H 6C 7D"));
    assert_false(ok_suited("5H 6H 7D"));
    assert_false(ok_suited("AS 2S 3D"));
    assert_false(ok_suited("QH KH AS"));
    assert_false(ok_suited("6C 7C 8C 9C 10D"));
    assert_true(ok_suited("5H 6H 7H"));
    assert_true(ok_suited("AS 2S 3S"));
    assert_true(ok_suited("QH KH AH"));
    refused_because("5H 6C 7D", true, "suit");
}

static void test_runs_suited_leaves_pairs_and_flushes_alone(void **state)
{
    (void)state;
    assert_true(ok_suited("7H 7S"));
    assert_true(ok_suited("2D 5D 9D JD KD"));
    assert_true(ok_suited("3C"));
    assert_false(ok_suited("7H 7S 7D"));
}

/* ---- flushes -------------------------------------------------------- */

static void test_a_flush_of_five_may_be_discarded(void **state)
{
    (void)state;
    assert_true(ok("2H 5H 9H JH KH"));
    assert_true(ok("AC 3C 7C 10C QC"));
}

static void test_fewer_than_five_of_a_suit_are_not_a_flush(void **state)
{
    (void)state;
    assert_false(ok("2H 5H 9H"));
    assert_false(ok("2H 5H 9H JH"));
    assert_false(ok("2H 9H"));
}

static void test_a_straight_flush_may_be_discarded(void **state)
{
    (void)state;
    assert_true(ok("5S 6S 7S 8S 9S"));
    assert_true(ok("10H JH QH KH AH"));
    assert_true(ok_suited("AD 2D 3D 4D 5D"));
}

static void test_five_cards_neither_run_nor_flush_are_not_discardable(void **state)
{
    (void)state;
    assert_false(ok("2H 5C 9H JD KS"));
    assert_false(ok("7C 7D 7H 8C 8D"));  /* a full house */
    assert_false(ok("9C 9D 9H 9S 2C"));  /* 4 of a kind and one more */
    assert_false(ok("2C 3C 4C 5C 7D"));  /* four to a flush and a run */
    refused_because("2H 5C 9H JD KS", false, "flush");
}

static void test_six_or_seven_cards_are_never_discardable(void **state)
{
    (void)state;
    assert_false(ok("2H 5H 9H JH KH QH"));
    assert_false(ok("2H 3H 4H 5H 6H 7H"));
    assert_false(ok("AC 2C 3C 4C 5C 6C 7C"));
    assert_false(ok("9C 9D 9H 9S 8C 8D"));
}

/* ---- every set of up to five cards against the rules ----------------- */

/* R3/D2/D3 written out plainly, as the reference. */
static bool rules_allow(ls_cards set, bool suited)
{
    int n = ls_cards_count(set);
    int per_rank[13] = {0};
    unsigned ranks = 0, suits = 0;
    for (ls_card c = 0; c < 52; c++) {
        if (!(set & LS_BIT(c)))
            continue;
        per_rank[LS_RANK(c)]++;
        ranks |= 1u << LS_RANK(c);
        suits |= 1u << LS_SUIT(c);
    }
    if (n == 1)
        return true;
    bool one_rank = (ranks & (ranks - 1)) == 0;
    bool one_suit = (suits & (suits - 1)) == 0;
    if ((n == 2 || n == 4) && one_rank)
        return true;
    if (n == 5 && one_suit)
        return true;
    if (n != 3 && n != 5)
        return false;
    if (suited && !one_suit)
        return false;
    /* The ace as rank 13 too: bit 13 stands for an ace above the king. */
    unsigned high = ranks & 1u ? (ranks & ~1u) | (1u << 13) : ranks;
    unsigned want = (1u << n) - 1;
    for (int low = 0; low + n <= 14; low++)
        if (ranks == want << low || high == want << low)
            return true;
    return false;
}

/* Gosper's hack: the next larger set with the same number of cards. */
static ls_cards next_same_count(ls_cards x)
{
    ls_cards c = x & -x, r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

static void test_discard_ok_agrees_with_the_rules_for_every_set_of_up_to_five_cards(
    void **state)
{
    (void)state;
    ls_rules rules_any = any_rules(), rules_suited = suited_rules();
    long checked = 0;
    for (int k = 1; k <= 5; k++) {
        for (ls_cards set = ((ls_cards)1 << k) - 1; set <= LS_ALL_CARDS;
             set = next_same_count(set)) {
            bool any = ls_discard_ok(set, &rules_any, NULL);
            bool suited = ls_discard_ok(set, &rules_suited, NULL);
            if (any != rules_allow(set, false) || suited != rules_allow(set, true)) {
                char buf[64];
                ls_cards_str(set, buf, sizeof buf);
                fail_msg("%s: engine says %d (any) %d (suited), rules say %d %d", buf,
                         any, suited, rules_allow(set, false), rules_allow(set, true));
            }
            checked++;
        }
    }
    /* C(52,1) + ... + C(52,5) */
    assert_int_equal(checked, 52 + 1326 + 22100 + 270725 + 2598960);
}

/* ---- through a real turn -------------------------------------------- */

/* A two-player table with hand size 7; A to move, holding `hand`. B holds
 * the seven highest cards not in it and the next one is the opening card. */
static ls_state *table_with(const char *hand, bool suited)
{
    ls_rules r = ls_rules_default();
    r.hand_size = 7;
    r.runs_suited = suited;
    ls_cards a = cards(hand), b = 0;
    ls_card c = 51;
    for (; ls_cards_count(b) < 7; c--)
        if (!(a & LS_BIT(c)))
            b |= LS_BIT(c);
    while (a & LS_BIT(c))
        c--;
    char btext[64], open[4];
    ls_cards_str(b, btext, sizeof btext);
    const char *hands[] = {hand, btext};
    return deal_state(&r, 2, hands, ls_card_str(c, open));
}

static int discard_and_draw(ls_state *s, const char *text, ls_error *err)
{
    ls_move m = {.discard = cards(text), .kind = LS_MOVE_DRAW, .card = LS_NO_CARD};
    return ls_apply(s, &m, err);
}

static void test_legal_shapes_are_accepted_on_a_turn(void **state)
{
    (void)state;
    static const char *const legal[] = {
        "KS", "9C 9D", "9C 9D 9H 9S", "2H 3H 4S", "10H JC QS KS AH",
        "2H 3H 5H 10H JH", "2H 3H 4H 5H 6H",
    };
    static const char *const hands[] = {
        "KS 9C 9D 2H 3H 4S 5C", "9C 9D 9H 9S 2C 3C 4D", "9C 9D 9H 9S 2C 3C 4D",
        "2H 3H 4S 5C 7C 8C QD", "10H JC QS KS AH 2C 3C", "2H 3H 5H 10H JH 8C 9C",
        "2H 3H 4H 5H 6H 8C 9C",
    };
    for (size_t i = 0; i < sizeof legal / sizeof legal[0]; i++) {
        ls_state *s = table_with(hands[i], false);
        ls_error err = {0};
        ls_cards before = ls_hand(s, 0);
        if (discard_and_draw(s, legal[i], &err) != 0)
            fail_msg("discard %s rejected: %s", legal[i], err.msg);
        /* The discard is gone from the hand and is now the open cards. */
        assert_true(ls_open_cards(s) == cards(legal[i]));
        assert_true((ls_hand(s, 0) & cards(legal[i])) == 0);
        assert_int_equal(ls_cards_count(ls_hand(s, 0)),
                         ls_cards_count(before) - ls_cards_count(cards(legal[i])) + 1);
        ls_state_free(s);
    }
}

static void test_illegal_shapes_are_rejected_on_a_turn_and_change_nothing(void **state)
{
    (void)state;
    static const char *const illegal[] = {
        "9C 9D 9H", "9C 9D 2C 2H", "2C 3C", "2C 3C 4D 5S", "KS AS 2C",
        "2C 3C 4D 5S 6D 7D", "9C 2C 5S 6D 7D",
    };
    ls_state *s = table_with("9C 9D 9H 2C 2H 3C 4D", false);
    ls_state *t = table_with("2C 3C 4D 5S 6D 7D 9C", false);
    ls_state *u = table_with("KS AS 2C 5H 6H 7H 8H", false);
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        ls_state *on = (cards(illegal[i]) & ~ls_hand(s, 0)) == 0   ? s
                       : (cards(illegal[i]) & ~ls_hand(t, 0)) == 0 ? t
                                                                     : u;
        assert_true((cards(illegal[i]) & ~ls_hand(on, 0)) == 0);
        snapshot before, after;
        take_snapshot(on, &before);
        ls_error err = {0};
        int rc = discard_and_draw(on, illegal[i], &err);
        if (rc != LS_ESHAPE)
            fail_msg("discard %s: got %d, want LS_ESHAPE", illegal[i], rc);
        assert_int_equal(err.code, LS_ESHAPE);
        assert_true(err.msg[0] != '\0');
        take_snapshot(on, &after);
        assert_memory_equal(&before, &after, sizeof before);
        /* ls_check agrees without being asked to apply. */
        ls_move m = {.discard = cards(illegal[i]), .kind = LS_MOVE_DRAW,
                     .card = LS_NO_CARD};
        assert_int_equal(ls_check(on, m, NULL), LS_ESHAPE);
    }
    ls_state_free(s);
    ls_state_free(t);
    ls_state_free(u);
}

static void test_three_of_a_kind_on_a_turn_is_refused_with_a_reason(void **state)
{
    (void)state;
    ls_state *s = table_with("9C 9D 9H 2C 2H 3C 4D", false);
    ls_error err = {0};
    assert_int_equal(play(s, "discard 9C 9D 9H draw", &err), LS_ESHAPE);
    assert_true(contains(err.msg, "3 of a kind"));
    ls_state_free(s);
}

/* ls_discard_ok's reason for each shape it refuses (D3, R3, D2). */
static void expect_reason(const char *set, bool suited, const char *why)
{
    ls_rules r = ls_rules_default();
    r.runs_suited = suited;
    ls_error err = {0};
    assert_false(ls_discard_ok(cards(set), &r, &err));
    assert_int_equal(err.code, LS_ESHAPE);
    if (!contains(err.msg, why))
        fail_msg("'%s': expected '%s', got '%s'", set, why, err.msg);
}

static void test_every_refused_shape_says_why(void **state)
{
    (void)state;
    expect_reason("", false, "at least one card");
    expect_reason("2C 3D", false, "2 cards must be a pair");
    expect_reason("9C 9D 9H", false, "3 of a kind cannot be discarded");
    expect_reason("4C 5D 6H", true, "runs must be of one suit");
    expect_reason("KC AD 2H", false, "3 cards must be a run");
    expect_reason("4C 5D 6H 7S", false, "a run must be 3 or 5 cards long, not 4");
    expect_reason("4C 4D 8H 8S", false, "two pairs of different ranks");
    expect_reason("4C 4D 4H 8S", false, "4 cards must be 4 of a kind");
    expect_reason("4C 5D 6H 7S 8C", true, "runs must be of one suit");
    expect_reason("2C 5D 6H 7S 9C", false, "5 cards must be a run");
    expect_reason("2C 3C 4C 5C 6C 7C", false, "at most 5 cards");
    ls_rules r = ls_rules_default();
    ls_error err = {0};
    assert_false(ls_discard_ok((ls_cards)1 << 60, &r, &err));
    assert_true(contains(err.msg, "not cards"));
}

static void test_runs_suited_applies_on_a_turn(void **state)
{
    (void)state;
    ls_state *s = table_with("5H 6H 7C 7H 2C 3C 4D", true);
    assert_int_equal(play(s, "discard 5H 6H 7C draw", NULL), LS_ESHAPE);
    must_play(s, "discard 5H 6H 7H draw");
    ls_state_free(s);
    s = table_with("5H 6H 7C 7H 2C 3C 4D", false);
    must_play(s, "discard 5H 6H 7C draw");
    ls_state_free(s);
}

static void test_a_straight_flush_is_generated_once(void **state)
{
    (void)state;
    ls_state *s = table_with("5S 6S 7S 8S 9S KC QC", false);
    ls_move moves[LS_MAX_MOVES];
    int n = ls_legal_moves(s, moves);
    int draws = 0, takes = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i].discard != cards("5S 6S 7S 8S 9S"))
            continue;
        if (moves[i].kind == LS_MOVE_DRAW)
            draws++;
        if (moves[i].kind == LS_MOVE_TAKE)
            takes++;
    }
    assert_int_equal(draws, 1);
    assert_int_equal(takes, 1); /* the opening card */
    ls_state_free(s);
}

static void test_legal_moves_offer_exactly_the_discardable_subsets(void **state)
{
    (void)state;
    static const char *const hands[] = {
        "9C 9D 9H 9S 10C JC QC", "AS 2S 3S 4S 5S QH KH", "7C 7D 7H 8C 8D 9C 10C",
        "AC 2D 3H KS QC JD 10H",
    };
    for (int suited = 0; suited < 2; suited++) {
        for (size_t h = 0; h < sizeof hands / sizeof hands[0]; h++) {
            ls_state *s = table_with(hands[h], suited);
            ls_rules rules = suited ? suited_rules() : any_rules();
            const ls_rules *r = &rules;
            ls_move moves[LS_MAX_MOVES];
            int n = ls_legal_moves(s, moves);
            ls_cards hand = ls_hand(s, 0);
            int want = 0;
            for (ls_cards sub = hand; sub; sub = (sub - 1) & hand) {
                if (!ls_discard_ok(sub, r, NULL))
                    continue;
                want++;
                int draws = 0;
                for (int i = 0; i < n; i++)
                    draws += moves[i].discard == sub && moves[i].kind == LS_MOVE_DRAW;
                assert_int_equal(draws, 1);
            }
            int all_draws = 0;
            for (int i = 0; i < n; i++)
                all_draws += moves[i].kind == LS_MOVE_DRAW;
            assert_int_equal(all_draws, want);
            ls_state_free(s);
        }
    }
}

/* Hands of every size from 1 to 7, many of them mostly of one suit so
 * that flushes and straight flushes come up: the draws listed for the
 * hand are exactly its discardable subsets, each once. */
static void test_legal_moves_list_every_discard_of_hands_of_every_size(void **state)
{
    (void)state;
    ls_rng rng;
    ls_rng_seed(&rng, test_seed(11));
    ls_move moves[LS_MAX_MOVES];
    for (int i = 0; i < 20000; i++) {
        int size = 1 + i % 7;
        ls_cards hand = 0;
        unsigned suit = ls_rng_below(&rng, 4);
        while (ls_cards_count(hand) < size) {
            ls_card c = (ls_card)ls_rng_below(&rng, 52);
            if (i % 2 && ls_rng_below(&rng, 8))
                c = (ls_card)(c & ~3u) | (ls_card)suit; /* mostly one suit */
            hand |= LS_BIT(c);
        }
        ls_view v;
        memset(&v, 0, sizeof v);
        v.rules = (i / 7) % 2 ? suited_rules() : any_rules();
        v.phase = LS_PHASE_TURN;
        v.hand = hand;
        v.open = LS_BIT(ls_cards_first(LS_ALL_CARDS & ~hand));
        v.deck_size = 1;
        int n = ls_view_legal_moves(&v, moves), draws = 0;
        for (int k = 0; k < n; k++)
            draws += moves[k].kind == LS_MOVE_DRAW;
        int want = 0;
        for (ls_cards sub = hand; sub; sub = (sub - 1) & hand) {
            if (!ls_discard_ok(sub, &v.rules, NULL))
                continue;
            want++;
            int listed = 0;
            for (int k = 0; k < n; k++)
                listed += moves[k].kind == LS_MOVE_DRAW && moves[k].discard == sub;
            if (listed != 1) {
                char buf[64];
                ls_cards_str(sub, buf, sizeof buf);
                fail_msg("%s is listed %d times", buf, listed);
            }
        }
        assert_int_equal(draws, want);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_a_single_card_may_always_be_discarded),
    cmocka_unit_test(test_nothing_is_not_a_discard),
    cmocka_unit_test(test_a_pair_may_be_discarded),
    cmocka_unit_test(test_two_cards_of_different_ranks_are_not_a_pair),
    cmocka_unit_test(test_four_of_a_kind_may_be_discarded),
    cmocka_unit_test(test_three_of_a_kind_is_not_discardable),
    cmocka_unit_test(test_two_pairs_of_different_ranks_are_not_discardable),
    cmocka_unit_test(test_a_run_of_three_may_be_discarded),
    cmocka_unit_test(test_a_run_of_five_may_be_discarded),
    cmocka_unit_test(test_the_ace_may_stand_below_the_two),
    cmocka_unit_test(test_the_ace_may_stand_above_the_king),
    cmocka_unit_test(test_a_run_may_not_wrap_around_the_ace),
    cmocka_unit_test(test_runs_of_two_four_or_six_are_not_discardable),
    cmocka_unit_test(test_a_run_needs_distinct_consecutive_ranks),
    cmocka_unit_test(test_runs_ignore_suits_by_default),
    cmocka_unit_test(test_runs_suited_requires_one_suit),
    cmocka_unit_test(test_runs_suited_leaves_pairs_and_flushes_alone),
    cmocka_unit_test(test_a_flush_of_five_may_be_discarded),
    cmocka_unit_test(test_fewer_than_five_of_a_suit_are_not_a_flush),
    cmocka_unit_test(test_a_straight_flush_may_be_discarded),
    cmocka_unit_test(test_five_cards_neither_run_nor_flush_are_not_discardable),
    cmocka_unit_test(test_six_or_seven_cards_are_never_discardable),
    cmocka_unit_test(test_discard_ok_agrees_with_the_rules_for_every_set_of_up_to_five_cards),
    cmocka_unit_test(test_legal_shapes_are_accepted_on_a_turn),
    cmocka_unit_test(test_illegal_shapes_are_rejected_on_a_turn_and_change_nothing),
    cmocka_unit_test(test_three_of_a_kind_on_a_turn_is_refused_with_a_reason),
    cmocka_unit_test(test_every_refused_shape_says_why),
    cmocka_unit_test(test_runs_suited_applies_on_a_turn),
    cmocka_unit_test(test_a_straight_flush_is_generated_once),
    cmocka_unit_test(test_legal_moves_list_every_discard_of_hands_of_every_size),
    cmocka_unit_test(test_legal_moves_offer_exactly_the_discardable_subsets),
};

LS_TEST_MAIN(tests)
