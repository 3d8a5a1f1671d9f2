/*
 * test_rating.c - the Weng-Lin Plackett-Luce ratings (src/server/rating.c):
 * values against reference computations, and the properties a rating
 * system owes its players (the winner gains, the order of the seats does
 * not matter, a tie between equals changes nothing, uncertainty shrinks),
 * and a player at several seats, rated once and never against itself.
 *
 * The reference values were computed by hand from Weng and Lin's
 * Algorithm 4 (see rating.c) in double precision; the two-player one is
 * also the published example of OpenSkill (two new players, tau = 0:
 * 27.63523138347365 / 22.36476861652635, sigma 8.065506316323548).
 */
#include "support/support.h"

#include <math.h>

#include "server/rating.h"

#define EPS 1e-9

static ls_rating_params no_tau(void)
{
    ls_rating_params p;
    ls_rating_defaults(&p);
    p.tau = 0.0;
    return p;
}

static void assert_rating(ls_rating r, double mu, double sigma)
{
    assert_true(fabs(r.mu - mu) < EPS);
    assert_true(fabs(r.sigma - sigma) < EPS);
}

static void test_two_new_players_match_the_reference(void **state)
{
    (void)state;
    ls_rating_params p = no_tau();
    ls_rating r[2] = {ls_rating_new(&p), ls_rating_new(&p)};
    assert_rating(r[0], 25.0, 25.0 / 3.0);
    assert_int_equal(ls_rating_update(&p, 2, (int[]){0, 1}, r, r), 0);
    assert_rating(r[0], 27.63523138347365, 8.065506316323548);
    assert_rating(r[1], 22.36476861652635, 8.065506316323548);
}

static void test_three_players_of_different_ratings_match_the_reference(void **state)
{
    (void)state;
    ls_rating_params p = no_tau();
    ls_rating in[3] = {{30, 6}, {25, 25.0 / 3.0}, {20, 4}}, out[3];
    /* B wins, A second, C third. */
    assert_int_equal(ls_rating_update(&p, 3, (int[]){1, 0, 2}, in, out), 0);
    assert_rating(out[0], 29.60155337015618, 5.866432138849823);
    assert_rating(out[1], 28.595933052290576, 8.101377828094915);
    assert_rating(out[2], 19.34858441579395, 3.9782500880685623);
}

static void test_tau_widens_sigma_before_the_update(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    assert_true(fabs(p.tau - 25.0 / 300.0) < EPS);
    ls_rating in[3] = {{30, 6}, {25, 25.0 / 3.0}, {20, 4}}, out[3];
    assert_int_equal(ls_rating_update(&p, 3, (int[]){1, 0, 2}, in, out), 0);
    assert_rating(out[0], 29.601549260137972, 5.866982295850676);
    assert_rating(out[1], 28.59606734769565, 8.101789257552849);
    assert_rating(out[2], 19.348321267812306, 3.9791026581527014);
}

static void test_a_tie_shares_the_places_it_covers(void **state)
{
    (void)state;
    ls_rating_params p = no_tau();
    ls_rating r[4];
    for (int i = 0; i < 4; i++)
        r[i] = ls_rating_new(&p);
    assert_int_equal(ls_rating_update(&p, 4, (int[]){0, 1, 1, 3}, r, r), 0);
    assert_rating(r[0], 27.795084971874736, 8.263160757613477);
    assert_rating(r[1], 24.68943500312503, 8.179213704945203);
    assert_rating(r[2], 24.68943500312503, 8.179213704945203);
    assert_rating(r[3], 22.826045021875203, 8.179213704945203);
}

static void test_a_tie_between_equals_leaves_mu_unchanged(void **state)
{
    (void)state;
    ls_rating_params p = no_tau();
    ls_rating r[2] = {{31, 5}, {31, 5}};
    assert_int_equal(ls_rating_update(&p, 2, (int[]){0, 0}, r, r), 0);
    assert_true(fabs(r[0].mu - 31) < EPS && fabs(r[1].mu - 31) < EPS);
    assert_true(r[0].sigma < 5 && r[1].sigma < 5);
}

static void test_the_winner_gains_and_the_loser_loses_whatever_their_ratings(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    const double mus[] = {0, 10, 25, 40, 60};
    const double sigmas[] = {0.5, 3, 25.0 / 3.0};
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++)
            for (int s = 0; s < 3; s++) {
                ls_rating in[2] = {{mus[a], sigmas[s]}, {mus[b], sigmas[2 - s]}};
                ls_rating out[2];
                assert_int_equal(ls_rating_update(&p, 2, (int[]){0, 1}, in, out), 0);
                assert_true(out[0].mu > in[0].mu);
                assert_true(out[1].mu < in[1].mu);
            }
}

static void test_beating_a_stronger_player_gains_more(void **state)
{
    (void)state;
    ls_rating_params p = no_tau();
    ls_rating weak[2] = {{25, 5}, {15, 5}}, strong[2] = {{25, 5}, {35, 5}};
    assert_int_equal(ls_rating_update(&p, 2, (int[]){0, 1}, weak, weak), 0);
    assert_int_equal(ls_rating_update(&p, 2, (int[]){0, 1}, strong, strong), 0);
    assert_true(strong[0].mu - 25 > weak[0].mu - 25);
}

/* The seats' order is not information: permuting the players permutes
 * their new ratings and nothing else. */
static void test_the_update_does_not_depend_on_the_order_of_the_seats(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    ls_rating in[5] = {{22, 3}, {30, 7}, {25, 25.0 / 3.0}, {18, 2}, {27, 4}};
    int rank[5] = {2, 0, 4, 1, 3};
    ls_rating out[5];
    assert_int_equal(ls_rating_update(&p, 5, rank, in, out), 0);
    const int perm[5] = {3, 0, 4, 2, 1};
    ls_rating pin[5], pout[5];
    int prank[5];
    for (int i = 0; i < 5; i++) {
        pin[i] = in[perm[i]];
        prank[i] = rank[perm[i]];
    }
    assert_int_equal(ls_rating_update(&p, 5, prank, pin, pout), 0);
    for (int i = 0; i < 5; i++) {
        assert_true(fabs(pout[i].mu - out[perm[i]].mu) < EPS);
        assert_true(fabs(pout[i].sigma - out[perm[i]].sigma) < EPS);
    }
}

/* Between players of equal uncertainty, what the winners gain the losers
 * lose; the better the place, the larger the gain; sigma never grows. */
static void test_eight_players_zero_sum_ordered_and_more_certain(void **state)
{
    (void)state;
    ls_rating_params p = no_tau();
    ls_rating in[8], out[8];
    int rank[8];
    for (int i = 0; i < 8; i++) {
        in[i] = (ls_rating){20.0 + i, 4.0};
        rank[i] = (i * 3) % 8; /* a permutation of 0..7 */
    }
    assert_int_equal(ls_rating_update(&p, 8, rank, in, out), 0);
    double sum = 0;
    for (int i = 0; i < 8; i++) {
        sum += out[i].mu - in[i].mu;
        assert_true(out[i].sigma < in[i].sigma);
    }
    assert_true(fabs(sum) < 1e-9);
    ls_rating eq[8], eqout[8];
    for (int i = 0; i < 8; i++)
        eq[i] = ls_rating_new(&p);
    assert_int_equal(ls_rating_update(&p, 8, rank, eq, eqout), 0);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            if (rank[i] < rank[j])
                assert_true(eqout[i].mu > eqout[j].mu);
}

static void test_extreme_ratings_stay_finite(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    ls_rating r[3] = {{1e5, 1e-3}, {-1e5, 1e-3}, {0, 50}};
    assert_int_equal(ls_rating_update(&p, 3, (int[]){2, 0, 1}, r, r), 0);
    for (int i = 0; i < 3; i++) {
        assert_true(isfinite(r[i].mu));
        assert_true(isfinite(r[i].sigma) && r[i].sigma > 0);
    }
}

static void test_the_ordinal_is_mu_minus_three_sigma(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    assert_true(fabs(ls_rating_ordinal(ls_rating_new(&p))) < EPS);
    assert_true(fabs(ls_rating_ordinal((ls_rating){30, 2}) - 24) < EPS);
}

static void test_bad_arguments_are_refused_and_change_nothing(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    ls_rating r[9], out[9];
    int rank[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    for (int i = 0; i < 9; i++)
        r[i] = out[i] = ls_rating_new(&p);
    assert_int_equal(ls_rating_update(&p, 1, rank, r, out), LS_EINVAL);
    assert_int_equal(ls_rating_update(&p, 9, rank, r, out), LS_EINVAL);
    assert_int_equal(ls_rating_update(&p, 2, (int[]){0, -1}, r, out), LS_EINVAL);
    r[1].sigma = 0;
    assert_int_equal(ls_rating_update(&p, 2, rank, r, out), LS_EINVAL);
    r[1].sigma = 1;
    r[0].mu = (double)NAN;
    assert_int_equal(ls_rating_update(&p, 2, rank, r, out), LS_EINVAL);
    r[0].mu = (double)INFINITY;
    assert_int_equal(ls_rating_update(&p, 2, rank, r, out), LS_EINVAL);
    for (int i = 0; i < 9; i++)
        assert_rating(out[i], p.mu, p.sigma);
}

/* Seats 0 and 2 are one computer level's, seats 1 and 3 two people's. */
static const int level_twice[4] = {0, -1, 0, -1};

/* A player at two seats is rated once, from its best-placed seat, in the
 * match without its other seat: it neither gains by finishing ahead of
 * itself nor loses by finishing behind itself. Both its seats get that
 * rating. */
static void test_a_player_at_two_seats_is_rated_once_from_its_best_seat(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    ls_rating in[4] = {{26, 5}, {24, 6}, {26, 5}, {25, 7}}, out[4];
    int rank[4] = {2, 1, 0, 3};
    assert_int_equal(ls_rating_update_seats(&p, 4, rank, level_twice, in, out), 0);
    /* The level's own fit: its seat 2 (first) against the two people. */
    ls_rating own[3];
    assert_int_equal(ls_rating_update(&p, 3, (int[]){0, 1, 3},
                                      (ls_rating[]){in[2], in[1], in[3]}, own),
                     0);
    assert_rating(out[0], own[0].mu, own[0].sigma);
    assert_rating(out[2], own[0].mu, own[0].sigma);
    /* Not what either seat would have got in the whole match. */
    ls_rating whole[4];
    assert_int_equal(ls_rating_update(&p, 4, rank, in, whole), 0);
    assert_true(fabs(whole[2].mu - own[0].mu) > 1e-3);
    assert_true(fabs(whole[0].mu - own[0].mu) > 1e-3);
}

/* To the others, the level's two seats are two opponents of its rating:
 * their updates are those of a match against two players of that rating,
 * whoever held the seats. */
static void test_the_others_play_each_seat_of_a_player_as_an_opponent(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    ls_rating in[4] = {{26, 5}, {24, 6}, {26, 5}, {25, 7}}, out[4], whole[4];
    int rank[4] = {2, 1, 0, 3};
    assert_int_equal(ls_rating_update_seats(&p, 4, rank, level_twice, in, out), 0);
    assert_int_equal(ls_rating_update(&p, 4, rank, in, whole), 0);
    assert_rating(out[1], whole[1].mu, whole[1].sigma);
    assert_rating(out[3], whole[3].mu, whole[3].sigma);
    /* With every player at one seat it is ls_rating_update(). */
    assert_int_equal(ls_rating_update_seats(&p, 4, rank, (int[]){3, -1, 1, 0}, in, out), 0);
    for (int i = 0; i < 4; i++)
        assert_rating(out[i], whole[i].mu, whole[i].sigma);
}

/* Seats of one player that share a place: either one is its best, and its
 * rating is the same; the seats' order does not matter. */
static void test_a_players_rating_does_not_depend_on_which_seats_it_held(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    ls_rating in[4] = {{26, 5}, {24, 6}, {26, 5}, {25, 7}}, a[4], b[4];
    assert_int_equal(ls_rating_update_seats(&p, 4, (int[]){1, 0, 1, 3}, level_twice, in, a),
                     0);
    ls_rating own[3];
    assert_int_equal(ls_rating_update(&p, 3, (int[]){1, 0, 3},
                                      (ls_rating[]){in[0], in[1], in[3]}, own),
                     0);
    assert_rating(a[0], own[0].mu, own[0].sigma);
    assert_rating(a[2], own[0].mu, own[0].sigma);
    /* The same match with the seats in another order. */
    ls_rating pin[4] = {in[1], in[0], in[3], in[2]};
    assert_int_equal(ls_rating_update_seats(&p, 4, (int[]){0, 1, 3, 1}, (int[]){-1, 7, -1, 7},
                                            pin, b),
                     0);
    assert_rating(b[0], a[1].mu, a[1].sigma);
    assert_rating(b[1], a[0].mu, a[0].sigma);
    assert_rating(b[2], a[3].mu, a[3].sigma);
    assert_rating(b[3], a[2].mu, a[2].sigma);
}

/* A player that held every seat had no opponent: its rating stays. */
static void test_a_player_alone_at_the_table_keeps_its_rating(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    ls_rating in[3] = {{26, 5}, {26, 5}, {26, 5}}, out[3];
    assert_int_equal(ls_rating_update_seats(&p, 3, (int[]){2, 0, 1}, (int[]){4, 4, 4}, in, out),
                     0);
    for (int i = 0; i < 3; i++)
        assert_rating(out[i], 26, 5);
}

static void test_seats_of_one_player_with_two_ratings_are_refused(void **state)
{
    (void)state;
    ls_rating_params p;
    ls_rating_defaults(&p);
    ls_rating in[4] = {{26, 5}, {24, 6}, {26, 4}, {25, 7}}, out[4];
    for (int i = 0; i < 4; i++)
        out[i] = ls_rating_new(&p);
    assert_int_equal(ls_rating_update_seats(&p, 4, (int[]){2, 1, 0, 3}, level_twice, in, out),
                     LS_EINVAL);
    assert_int_equal(ls_rating_update_seats(&p, 1, (int[]){0}, (int[]){0}, in, out),
                     LS_EINVAL);
    in[2].sigma = 5;
    in[1].sigma = 0;
    assert_int_equal(ls_rating_update_seats(&p, 4, (int[]){2, 1, 0, 3}, level_twice, in, out),
                     LS_EINVAL);
    for (int i = 0; i < 4; i++)
        assert_rating(out[i], p.mu, p.sigma);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_two_new_players_match_the_reference),
    cmocka_unit_test(test_three_players_of_different_ratings_match_the_reference),
    cmocka_unit_test(test_tau_widens_sigma_before_the_update),
    cmocka_unit_test(test_a_tie_shares_the_places_it_covers),
    cmocka_unit_test(test_a_tie_between_equals_leaves_mu_unchanged),
    cmocka_unit_test(test_the_winner_gains_and_the_loser_loses_whatever_their_ratings),
    cmocka_unit_test(test_beating_a_stronger_player_gains_more),
    cmocka_unit_test(test_the_update_does_not_depend_on_the_order_of_the_seats),
    cmocka_unit_test(test_eight_players_zero_sum_ordered_and_more_certain),
    cmocka_unit_test(test_extreme_ratings_stay_finite),
    cmocka_unit_test(test_the_ordinal_is_mu_minus_three_sigma),
    cmocka_unit_test(test_bad_arguments_are_refused_and_change_nothing),
    cmocka_unit_test(test_a_player_at_two_seats_is_rated_once_from_its_best_seat),
    cmocka_unit_test(test_the_others_play_each_seat_of_a_player_as_an_opponent),
    cmocka_unit_test(test_a_players_rating_does_not_depend_on_which_seats_it_held),
    cmocka_unit_test(test_a_player_alone_at_the_table_keeps_its_rating),
    cmocka_unit_test(test_seats_of_one_player_with_two_ratings_are_refused),
};

LS_TEST_MAIN(tests)
