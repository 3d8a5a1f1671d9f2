/*
 * test_view.c - what one player may know (D11).
 *
 * A seat sees its own hand, every discard, which open card each player took
 * (that card is then known to be in their hand), hand sizes, scores, whose
 * turn it is, and the cards it drew itself; never another player's drawn or
 * dealt cards, the deck's content or order, or the generator. So two states
 * that differ only in what a seat cannot know give it byte-identical views.
 * Hands are shown to all when a round ends. From a view and a guess of the
 * hidden hands, ls_state_from_view() builds a state that agrees with it.
 */
#include "support/support.h"

#include <stdlib.h>
#include <string.h>

static const char *const letters[] = {"A", "B", "C", "D", "E", "F", "G", "H"};

/* A state of three players dealt `hands` and AD open, seeded with seed. */
static ls_state *dealt(const char *const hands[], uint64_t seed)
{
    ls_error err = {0};
    ls_state *s = ls_state_new(NULL, 3, letters, seed, &err);
    if (!s)
        fail_msg("ls_state_new: %s", err.msg);
    ls_cards h[3] = {cards(hands[0]), cards(hands[1]), cards(hands[2])};
    if (ls_deal_given(s, h, card("AD"), &err) != 0)
        fail_msg("ls_deal_given: %s", err.msg);
    return s;
}

/* Two tables that agree on A's hand and the opening card but not on B's
 * and C's hands, the deck, or the seed; and the moves both play, which
 * look the same to A. Where B and C draw different cards, X and Y give
 * them separately. */
static const char *const x_hands[] = {"AC 2C 3C 3D KS", "4H 6H 2S 3S QH",
                                      "5D 6D 2D 3H JH"};
static const char *const y_hands[] = {"AC 2C 3C 3D KS", "4H 7C 8C 9C QH",
                                      "5D 10D 10C 10H JH"};
static const char *const x_moves[] = {
    "discard KS take AD", "discard QH draw 7S", "discard JH take QH",
    "discard 3D draw 9S", "discard 4H take 3D", "discard 5D draw 10S",
    "discard 9S draw 8D", "discard 3D draw 7D",
};
static const char *const y_moves[] = {
    "discard KS take AD", "discard QH draw 8S", "discard JH take QH",
    "discard 3D draw 9S", "discard 4H take 3D", "discard 5D draw KC",
    "discard 9S draw 8D", "discard 3D draw 6C",
};
#define NMOVES (int)(sizeof x_moves / sizeof x_moves[0])

static void view(const ls_state *s, int seat, ls_view *v)
{
    memset(v, 0xAB, sizeof *v); /* the view must define every byte itself */
    ls_view_of(s, seat, v);
}

/* ---- what a view holds ----------------------------------------------- */

static void test_a_view_holds_my_hand_and_the_public_table(void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    must_play(s, "discard KS take AD");
    ls_view v;
    view(s, 1, &v);
    assert_int_equal(v.me, 1);
    assert_int_equal(v.nplayers, 3);
    assert_string_equal(v.names[2], "C");
    assert_int_equal(v.phase, LS_PHASE_TURN);
    assert_int_equal(v.round, 1);
    assert_int_equal(v.turn, 1);
    assert_int_equal(v.starter, 0);
    assert_int_equal(v.turns, 1);
    assert_true(v.hand == cards("4H 6H 2S 3S QH"));
    assert_int_equal(v.hand_total, 25);
    assert_true(v.open == cards("KS"));
    assert_true(v.dead == 0);
    assert_int_equal(v.deck_size, ls_deck_size(s));
    assert_true(v.known[0] == cards("AD"));
    assert_true(v.known[1] == 0 && v.known[2] == 0);
    assert_true(v.last_discard[0] == cards("KS"));
    for (int p = 0; p < 3; p++)
        assert_int_equal(v.hand_size[p], 5);
    assert_int_equal(v.in_round, 0x7);
    assert_int_equal(v.played, 0x1);
    assert_false(v.can_declare);
    assert_int_equal(v.nhistory, 1);
    assert_int_equal(v.history[0].player, 0);
    assert_int_equal(v.history[0].kind, LS_MOVE_TAKE);
    assert_int_equal(v.history[0].card, card("AD"));
    assert_true(v.history[0].discard == cards("KS"));
    ls_state_free(s);
}

static void test_views_do_not_depend_on_what_the_seat_cannot_see(void **state)
{
    (void)state;
    ls_state *x = dealt(x_hands, 1);
    ls_state *y = dealt(y_hands, 987654321);
    ls_view vx, vy;
    for (int i = 0; i <= NMOVES; i++) {
        view(x, 0, &vx);
        view(y, 0, &vy);
        if (memcmp(&vx, &vy, sizeof vx) != 0)
            fail_msg("A's views differ after %d moves", i);
        if (i == NMOVES)
            break;
        must_play(x, x_moves[i]);
        must_play(y, y_moves[i]);
    }
    /* The tables really differ where A cannot look. */
    assert_true(ls_hand(x, 1) != ls_hand(y, 1));
    assert_true(ls_deck_cards(x) != ls_deck_cards(y));
    ls_state_free(x);
    ls_state_free(y);
}

static void test_views_of_a_deal_do_not_depend_on_the_other_hands(void **state)
{
    (void)state;
    uint64_t seed = test_seed(11);
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    for (int trial = 0; trial < 200; trial++) {
        int n = 2 + (int)ls_rng_below(&rng, 7);
        /* Seat 0 and the opening card are fixed; the rest is dealt twice. */
        ls_cards deal[2][LS_MAX_PLAYERS];
        ls_card order[52];
        for (int i = 0; i < 52; i++)
            order[i] = (ls_card)i;
        for (int i = 51; i > 0; i--) {
            int j = (int)ls_rng_below(&rng, (uint32_t)i + 1);
            ls_card t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        ls_card open = order[5];
        for (int twin = 0; twin < 2; twin++) {
            deal[twin][0] = 0;
            for (int i = 0; i < 5; i++)
                deal[twin][0] |= LS_BIT(order[i]);
            /* Reshuffle the cards after the first six for the others. */
            for (int i = 51; i > 6; i--) {
                int j = 6 + (int)ls_rng_below(&rng, (uint32_t)i - 5);
                ls_card t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            for (int p = 1; p < n; p++) {
                deal[twin][p] = 0;
                for (int i = 0; i < 5; i++)
                    deal[twin][p] |= LS_BIT(order[6 + (p - 1) * 5 + i]);
            }
        }
        ls_state *x = ls_state_new(NULL, n, letters, ls_rng_next(&rng), NULL);
        ls_state *y = ls_state_new(NULL, n, letters, ls_rng_next(&rng), NULL);
        assert_int_equal(ls_deal_given(x, deal[0], open, NULL), 0);
        assert_int_equal(ls_deal_given(y, deal[1], open, NULL), 0);
        ls_view vx, vy;
        view(x, 0, &vx);
        view(y, 0, &vy);
        assert_memory_equal(&vx, &vy, sizeof vx);
        /* Seat 0 takes the opening card: still the same to seat 0. */
        ls_move m = {.discard = LS_BIT(order[0]), .kind = LS_MOVE_TAKE, .card = open};
        ls_move m2 = m;
        assert_int_equal(ls_apply(x, &m, NULL), 0);
        assert_int_equal(ls_apply(y, &m2, NULL), 0);
        view(x, 0, &vx);
        view(y, 0, &vy);
        assert_memory_equal(&vx, &vy, sizeof vx);
        ls_state_free(x);
        ls_state_free(y);
    }
}

static void test_a_card_taken_from_the_open_cards_is_known_to_everyone(void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    for (int i = 0; i < 3; i++)
        must_play(s, x_moves[i]); /* ... C discards JH and takes QH */
    for (int seat = 0; seat < 3; seat++) {
        ls_view v;
        view(s, seat, &v);
        assert_true(v.known[2] == cards("QH"));
        assert_true(v.known[0] == cards("AD"));
        assert_true(v.known[1] == 0);
        assert_int_equal(v.history[2].card, card("QH"));
        assert_int_equal(v.history[2].kind, LS_MOVE_TAKE);
    }
    /* Once discarded again, it is no longer in C's hand. */
    must_play(s, x_moves[3]);
    must_play(s, x_moves[4]);
    must_play(s, "discard QH draw 10S");
    for (int seat = 0; seat < 3; seat++) {
        ls_view v;
        view(s, seat, &v);
        assert_true(v.known[2] == 0);
        assert_true(v.known[1] == cards("3D"));
    }
    ls_state_free(s);
}

static void test_a_drawn_card_is_seen_only_by_its_drawer(void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    must_play(s, x_moves[0]);
    must_play(s, x_moves[1]); /* B: discard QH draw 7S */
    for (int seat = 0; seat < 3; seat++) {
        ls_view v;
        view(s, seat, &v);
        const ls_event *e = &v.history[v.nhistory - 1];
        assert_int_equal(e->player, 1);
        assert_int_equal(e->kind, LS_MOVE_DRAW);
        assert_true(e->discard == cards("QH"));
        if (seat == 1) {
            assert_int_equal(e->card, card("7S"));
            assert_true(v.hand & cards("7S"));
        } else {
            assert_int_equal(e->card, LS_NO_CARD);
            assert_true((v.known[1] & cards("7S")) == 0);
            assert_true(ls_view_unseen(&v) & cards("7S"));
        }
    }
    ls_state_free(s);
}

static void test_hands_are_shown_to_all_when_the_round_ends(void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    for (int i = 0; i < 3; i++)
        must_play(s, x_moves[i]);
    ls_cards hands[3];
    for (int p = 0; p < 3; p++)
        hands[p] = ls_hand(s, p);
    ls_view v;
    view(s, 0, &v);
    assert_false(v.has_result);
    must_play(s, "declare");
    for (int seat = 0; seat < 3; seat++) {
        view(s, seat, &v);
        assert_true(v.has_result);
        assert_int_equal(v.last_result.declarer, 0);
        for (int p = 0; p < 3; p++)
            assert_true(v.last_result.hand[p] == hands[p]);
        assert_int_equal(v.score[1], ls_score(s, 1));
    }
    ls_state_free(s);
}

static void test_a_new_round_starts_with_nothing_known(void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    for (int i = 0; i < 5; i++)
        must_play(s, x_moves[i]); /* A holds AD, C QH, B 3D: all known */
    must_play(s, "declare");
    assert_int_equal(ls_deal(s, NULL), 0);
    for (int seat = 0; seat < 3; seat++) {
        ls_view v;
        view(s, seat, &v);
        assert_int_equal(v.round, 2);
        assert_int_equal(v.turns, 0);
        assert_int_equal(v.played, 0);
        assert_int_equal(v.nhistory, 0);
        assert_true(v.dead == 0);
        assert_int_equal(ls_cards_count(v.open), 1);
        for (int p = 0; p < 3; p++) {
            assert_true(v.known[p] == 0);
            assert_true(v.last_discard[p] == 0);
            assert_int_equal(v.hand_size[p], 5);
        }
        /* Last round's hands are still on record for everyone. */
        assert_true(v.has_result);
        assert_int_equal(v.last_result.round, 1);
    }
    ls_state_free(s);
}

static void test_a_view_keeps_the_last_events_of_the_round(void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    ls_move last = {0};
    int seat = -1;
    for (int i = 0; i < LS_HISTORY + 8; i++) {
        seat = ls_turn(s);
        last = (ls_move){.discard = LS_BIT(ls_cards_first(ls_hand(s, seat))),
                         .kind = LS_MOVE_DRAW, .card = LS_NO_CARD};
        assert_int_equal(ls_apply(s, &last, NULL), 0);
    }
    ls_view v;
    view(s, seat, &v);
    assert_int_equal(v.nhistory, LS_HISTORY);
    assert_int_equal(v.history_start, 8);
    assert_int_equal(v.turns, LS_HISTORY + 8);
    const ls_event *e = &v.history[LS_HISTORY - 1];
    assert_int_equal(e->player, seat);
    assert_int_equal(e->kind, LS_MOVE_DRAW);
    assert_true(e->discard == last.discard);
    assert_int_equal(e->card, last.card);
    /* Event 8 of the round (the 9th turn) was played by seat 8 % 3. */
    assert_int_equal(v.history[0].player, 8 % 3);
    ls_state_free(s);
}

static void test_unseen_cards_are_the_deck_and_the_unknown_part_of_other_hands(
    void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    for (int i = 0; i < 5; i++)
        must_play(s, x_moves[i]);
    for (int seat = 0; seat < 3; seat++) {
        ls_view v;
        view(s, seat, &v);
        ls_cards want = ls_deck_cards(s);
        for (int p = 0; p < 3; p++)
            if (p != seat)
                want |= ls_hand(s, p) & ~v.known[p];
        assert_true(ls_view_unseen(&v) == want);
    }
    ls_state_free(s);
}

/* ---- legal moves from a view ----------------------------------------- */

static int move_cmp(const void *pa, const void *pb)
{
    const ls_move *a = pa, *b = pb;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->discard != b->discard)
        return a->discard < b->discard ? -1 : 1;
    return a->card < b->card ? -1 : a->card > b->card;
}

/* The moves of a list, draws without their card, in a fixed order. */
static int normalized(ls_move *moves, int n)
{
    for (int i = 0; i < n; i++)
        if (moves[i].kind == LS_MOVE_DRAW)
            moves[i].card = LS_NO_CARD;
    qsort(moves, (size_t)n, sizeof moves[0], move_cmp);
    return n;
}

static void assert_same_moves(ls_move *a, int na, ls_move *b, int nb)
{
    assert_int_equal(na, nb);
    normalized(a, na);
    normalized(b, nb);
    for (int i = 0; i < na; i++) {
        if (move_cmp(&a[i], &b[i]) != 0) {
            char sa[64], sb[64];
            ls_move_str(a[i], sa, sizeof sa);
            ls_move_str(b[i], sb, sizeof sb);
            fail_msg("move %d differs: '%s' and '%s'", i, sa, sb);
        }
    }
}

/* Random hidden hands for every other seat in the round, consistent with v:
 * the known cards plus cards from the unseen ones. */
static void guess_hands(const ls_view *v, ls_rng *rng, ls_cards hands[])
{
    ls_cards pool = ls_view_unseen(v);
    for (int p = 0; p < v->nplayers; p++) {
        hands[p] = 0;
        if (p == v->me || !(v->in_round & (1u << p)))
            continue;
        hands[p] = v->known[p];
        while (ls_cards_count(hands[p]) < v->hand_size[p]) {
            int k = (int)ls_rng_below(rng, (uint32_t)ls_cards_count(pool));
            ls_cards rest = pool;
            while (k--)
                rest &= rest - 1;
            ls_card c = ls_cards_first(rest);
            hands[p] |= LS_BIT(c);
            pool &= ~LS_BIT(c);
        }
    }
}

/* The fields of a view that a state built from it must reproduce. */
static void assert_view_agrees(const ls_view *a, const ls_view *b)
{
    assert_int_equal(a->me, b->me);
    assert_int_equal(a->nplayers, b->nplayers);
    assert_memory_equal(a->names, b->names, sizeof a->names);
    assert_int_equal(a->phase, b->phase);
    assert_int_equal(a->round, b->round);
    assert_int_equal(a->turn, b->turn);
    assert_int_equal(a->starter, b->starter);
    assert_int_equal(a->turns, b->turns);
    assert_true(a->hand == b->hand);
    assert_int_equal(a->hand_total, b->hand_total);
    assert_true(a->open == b->open);
    assert_true(a->dead == b->dead);
    assert_int_equal(a->deck_size, b->deck_size);
    assert_int_equal(a->in_round, b->in_round);
    assert_int_equal(a->eliminated, b->eliminated);
    assert_int_equal(a->played, b->played);
    assert_int_equal(a->can_declare, b->can_declare);
    for (int p = 0; p < a->nplayers; p++) {
        assert_int_equal(a->hand_size[p], b->hand_size[p]);
        assert_true(a->known[p] == b->known[p]);
        assert_true(a->last_discard[p] == b->last_discard[p]);
        assert_int_equal(a->score[p], b->score[p]);
    }
}

/*
 * Random play with random rules; at every turn, for every seat: the view
 * shows no hidden card, the mover's view gives the state's legal moves, and
 * a state built from the view with guessed hands agrees with the view.
 */
static void test_views_hold_no_hidden_card_and_rebuild_the_state_in_random_play(
    void **state)
{
    (void)state;
    uint64_t seed = test_seed(314159);
    long want = test_env_long("LS_VIEW_STATES", 600);
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    long checked = 0;
    while (checked < want) {
        int n = 2 + (int)ls_rng_below(&rng, 7);
        ls_rules r = ls_rules_default();
        do
            r.hand_size = 3 + (int)ls_rng_below(&rng, 5);
        while (n * r.hand_size + 1 > 52);
        r.threshold = 30;
        r.max_turns = 30 + (int)ls_rng_below(&rng, 100);
        r.runs_suited = ls_rng_below(&rng, 2);
        ls_state *s = ls_state_new(&r, n, letters, ls_rng_next(&rng), NULL);
        ls_state *built = ls_state_new(&r, n, letters, 0, NULL);
        assert_non_null(s);
        assert_non_null(built);
        while (ls_phase(s) != LS_PHASE_OVER && checked < want) {
            assert_int_equal(ls_deal(s, NULL), 0);
            while (ls_phase(s) == LS_PHASE_TURN) {
                checked++;
                for (int me = 0; me < n; me++) {
                    ls_view v;
                    view(s, me, &v);
                    ls_cards hidden = 0;
                    for (int p = 0; p < n; p++)
                        if (p != me)
                            hidden |= ls_hand(s, p) & ~v.known[p];
                    hidden |= ls_deck_cards(s);
                    assert_true(v.hand == ls_hand(s, me));
                    assert_true((v.hand & hidden) == 0);
                    assert_true((v.open & hidden) == 0);
                    assert_true((v.dead & hidden) == 0);
                    for (int p = 0; p < n; p++) {
                        assert_true((v.known[p] & hidden) == 0);
                        assert_true((v.known[p] & ~ls_hand(s, p)) == 0);
                        assert_int_equal(v.hand_size[p], ls_cards_count(ls_hand(s, p)));
                    }
                    for (int i = 0; i < v.nhistory; i++)
                        if (v.history[i].kind == LS_MOVE_DRAW && v.history[i].player != me)
                            assert_int_equal(v.history[i].card, LS_NO_CARD);
                    assert_true(ls_view_unseen(&v) == hidden);

                    if (me == ls_turn(s)) {
                        ls_move a[LS_MAX_MOVES], b[LS_MAX_MOVES];
                        int na = ls_legal_moves(s, a);
                        int nb = ls_view_legal_moves(&v, b);
                        assert_same_moves(a, na, b, nb);
                        assert_int_equal(v.can_declare, ls_can_declare(s));
                    } else {
                        assert_false(v.can_declare);
                    }

                    ls_cards guess[LS_MAX_PLAYERS];
                    guess_hands(&v, &rng, guess);
                    ls_error err = {0};
                    if (ls_state_from_view(built, &v, guess, ls_rng_next(&rng), &err) != 0)
                        fail_msg("ls_state_from_view: %s", err.msg);
                    ls_view w;
                    view(built, me, &w);
                    assert_view_agrees(&v, &w);
                    for (int p = 0; p < n; p++)
                        if (p != me)
                            assert_true(ls_hand(built, p) == guess[p]);
                    ls_cards rest = ls_view_unseen(&v);
                    for (int p = 0; p < n; p++)
                        rest &= ~guess[p];
                    assert_true(ls_deck_cards(built) == rest);
                }
                ls_move moves[LS_MAX_MOVES];
                int nm = ls_legal_moves(s, moves);
                int pick = (int)ls_rng_below(&rng, (uint32_t)nm);
                if (moves[pick].kind == LS_MOVE_DECLARE && ls_rng_below(&rng, 4))
                    pick = (pick + 1) % nm;
                assert_int_equal(ls_apply(s, &moves[pick], NULL), 0);
            }
        }
        ls_state_free(s);
        ls_state_free(built);
    }
}

/* ---- states built from a view ----------------------------------------- */

static void test_a_state_built_from_a_view_plays_on_from_it(void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    for (int i = 0; i < 6; i++)
        must_play(s, x_moves[i]);
    ls_view v;
    view(s, 0, &v);
    assert_int_equal(v.turn, 0);
    /* Guess B's hand with two of its unknown cards swapped for two cards A
     * has not seen; B keeps the known 3D, C the known QH. */
    ls_cards hands[3] = {0, ls_hand(s, 1), ls_hand(s, 2)};
    hands[1] = (hands[1] & ~cards("6H 2S")) | cards("9C 8C");
    ls_state *t = ls_state_new(NULL, 3, letters, 5, NULL);
    ls_error err = {0};
    if (ls_state_from_view(t, &v, hands, 17, &err) != 0)
        fail_msg("ls_state_from_view: %s", err.msg);
    assert_true(ls_hand(t, 0) == ls_hand(s, 0));
    assert_true(ls_hand(t, 1) == hands[1]);
    assert_true(ls_hand(t, 2) == hands[2]);
    assert_int_equal(ls_turn(t), 0);
    assert_true(ls_can_declare(t));
    /* A plays on in the built state exactly as in the real one. */
    must_play(t, x_moves[6]);
    must_play(s, x_moves[6]);
    ls_view vs, vt;
    view(s, 0, &vs);
    view(t, 0, &vt);
    assert_view_agrees(&vs, &vt);
    ls_state_free(s);
    ls_state_free(t);
}

static void test_a_state_from_a_view_draws_with_its_seed(void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    must_play(s, x_moves[0]);
    ls_view v;
    view(s, 1, &v);
    ls_cards hands[3] = {ls_hand(s, 0), 0, ls_hand(s, 2)};
    ls_state *t = ls_state_new(NULL, 3, letters, 5, NULL);
    ls_cards drawn_seen = 0;
    ls_card first[2] = {LS_NO_CARD, LS_NO_CARD};
    for (uint64_t seed = 1; seed <= 20; seed++) {
        for (int again = 0; again < 2; again++) {
            assert_int_equal(ls_state_from_view(t, &v, hands, seed, NULL), 0);
            ls_move m = {.discard = cards("QH"), .kind = LS_MOVE_DRAW,
                         .card = LS_NO_CARD};
            assert_int_equal(ls_apply(t, &m, NULL), 0);
            assert_true(ls_view_unseen(&v) & LS_BIT(m.card));
            assert_true((hands[0] & LS_BIT(m.card)) == 0);
            assert_true((hands[2] & LS_BIT(m.card)) == 0);
            first[again] = m.card;
            drawn_seen |= LS_BIT(m.card);
        }
        assert_int_equal(first[0], first[1]); /* same seed, same draw */
    }
    assert_true(ls_cards_count(drawn_seen) > 1); /* the seed matters */
    ls_state_free(s);
    ls_state_free(t);
}

static void test_a_state_from_a_view_rejects_hands_that_do_not_fit(void **state)
{
    (void)state;
    ls_state *s = dealt(x_hands, 1);
    for (int i = 0; i < 3; i++)
        must_play(s, x_moves[i]);
    /* A to move; C is known to hold QH. */
    ls_view v;
    view(s, 0, &v);
    ls_cards good[3] = {0, ls_hand(s, 1), ls_hand(s, 2)};
    ls_cards bad[][3] = {
        /* C lacks the known QH */
        {0, good[1], (good[2] & ~cards("QH")) | cards("9C")},
        /* B has a card too many */
        {0, good[1] | cards("9C"), good[2]},
        /* B has a card too few */
        {0, good[1] & ~cards("4H"), good[2]},
        /* B holds A's card */
        {0, (good[1] & ~cards("4H")) | cards("AC"), good[2]},
        /* B holds the open card */
        {0, (good[1] & ~cards("4H")) | cards("JH"), good[2]},
        /* B holds a dead card */
        {0, (good[1] & ~cards("4H")) | cards("KS"), good[2]},
        /* B and C share a card */
        {0, (good[1] & ~cards("4H")) | cards("5D"), good[2]},
    };
    ls_state *t = ls_state_new(NULL, 3, letters, 5, NULL);
    assert_int_equal(ls_state_from_view(t, &v, good, 1, NULL), 0);
    ls_view before, after;
    view(t, 1, &before);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ls_error err = {0};
        if (ls_state_from_view(t, &v, bad[i], 1, &err) == 0)
            fail_msg("bad guess %zu was accepted", i);
        assert_true(err.msg[0] != '\0');
        view(t, 1, &after);
        assert_memory_equal(&before, &after, sizeof before);
    }
    ls_state_free(s);
    ls_state_free(t);
}

static void test_a_view_between_rounds_offers_no_move_and_no_state(void **state)
{
    (void)state;
    ls_state *s = ls_state_new(NULL, 3, letters, 5, NULL);
    ls_view v;
    ls_move moves[LS_MAX_MOVES];
    view(s, 0, &v);
    assert_int_equal(ls_view_legal_moves(&v, moves), 0);
    ls_cards hands[3] = {0};
    ls_state *t = ls_state_new(NULL, 3, letters, 5, NULL);
    ls_error err = {0};
    assert_int_equal(ls_state_from_view(t, &v, hands, 1, &err), LS_EPHASE);
    assert_non_null(strstr(err.msg, "not of a round in play"));
    /* In a round, only the seat to move is offered moves. */
    assert_int_equal(ls_deal(s, NULL), 0);
    view(s, (ls_turn(s) + 1) % 3, &v);
    assert_int_equal(ls_view_legal_moves(&v, moves), 0);
    view(s, ls_turn(s), &v);
    assert_true(ls_view_legal_moves(&v, moves) > 0);
    ls_state_free(t);
    ls_state_free(s);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_a_view_holds_my_hand_and_the_public_table),
    cmocka_unit_test(test_views_do_not_depend_on_what_the_seat_cannot_see),
    cmocka_unit_test(test_views_of_a_deal_do_not_depend_on_the_other_hands),
    cmocka_unit_test(test_a_card_taken_from_the_open_cards_is_known_to_everyone),
    cmocka_unit_test(test_a_drawn_card_is_seen_only_by_its_drawer),
    cmocka_unit_test(test_hands_are_shown_to_all_when_the_round_ends),
    cmocka_unit_test(test_a_new_round_starts_with_nothing_known),
    cmocka_unit_test(test_a_view_keeps_the_last_events_of_the_round),
    cmocka_unit_test(test_unseen_cards_are_the_deck_and_the_unknown_part_of_other_hands),
    cmocka_unit_test(test_views_hold_no_hidden_card_and_rebuild_the_state_in_random_play),
    cmocka_unit_test(test_a_state_built_from_a_view_plays_on_from_it),
    cmocka_unit_test(test_a_state_from_a_view_draws_with_its_seed),
    cmocka_unit_test(test_a_state_from_a_view_rejects_hands_that_do_not_fit),
    cmocka_unit_test(test_a_view_between_rounds_offers_no_move_and_no_state),
};

LS_TEST_MAIN(tests)
