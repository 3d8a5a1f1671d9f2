/*
 * rating.c - the Weng-Lin Plackett-Luce update (see rating.h).
 *
 * With c^2 the sum over players of sigma_i^2 + beta^2, the Plackett-Luce
 * model gives player i the strength exp(mu_i / c); the chance that i comes
 * first among S_q, everyone who did not finish ahead of q, is
 * p_iq = exp(mu_i / c) / sum_{j in S_q} exp(mu_j / c). Summing over every q
 * that finished level with or ahead of i (rank_q <= rank_i), each weighted
 * by 1 / a_q (a_q players share q's rank):
 *
 *     omega_i = sigma_i^2 / c   * sum_q ([q == i] - p_iq) / a_q
 *     delta_i = sigma_i / c * sigma_i^2 / c^2 * sum_q p_iq (1 - p_iq) / a_q
 *
 * (sigma_i^2 including tau^2) and mu_i += omega_i, sigma_i *= sqrt(max(1 - delta_i, kappa)). This is
 * Weng and Lin's Algorithm 4 with OpenSkill's default gamma = sigma_i / c.
 * The cost is O(n^2) for n <= 8 players.
 */
#include <math.h>

#include "leastscore.h"
#include "server/rating.h"

#define RATING_MAX_PLAYERS 8

void ls_rating_defaults(ls_rating_params *p)
{
    p->mu = 25.0;
    p->sigma = 25.0 / 3.0;
    p->beta = 25.0 / 6.0;
    p->kappa = 0.0001;
    p->tau = 25.0 / 300.0;
}

ls_rating ls_rating_new(const ls_rating_params *p)
{
    return (ls_rating){p->mu, p->sigma};
}

double ls_rating_ordinal(ls_rating r)
{
    return r.mu - 3.0 * r.sigma;
}

static bool rating_ok(ls_rating r)
{
    return isfinite(r.mu) && isfinite(r.sigma) && r.sigma > 0.0;
}

int ls_rating_update(const ls_rating_params *p, int n, const int rank[],
                     const ls_rating in[], ls_rating out[])
{
    if (n < 2 || n > RATING_MAX_PLAYERS)
        return LS_EINVAL;
    double var[RATING_MAX_PLAYERS], strength[RATING_MAX_PLAYERS];
    double sum_q[RATING_MAX_PLAYERS];
    int a[RATING_MAX_PLAYERS];
    double c2 = 0.0;
    for (int i = 0; i < n; i++) {
        if (rank[i] < 0 || !rating_ok(in[i]))
            return LS_EINVAL;
        var[i] = in[i].sigma * in[i].sigma + p->tau * p->tau;
        c2 += var[i] + p->beta * p->beta;
    }
    double c = sqrt(c2);
    /* Strengths relative to the best mu keep exp() finite for any spread
     * of ratings; the ratios p_iq do not change. */
    double top = in[0].mu;
    for (int i = 1; i < n; i++)
        top = fmax(top, in[i].mu);
    for (int i = 0; i < n; i++)
        strength[i] = exp((in[i].mu - top) / c);
    for (int q = 0; q < n; q++) {
        sum_q[q] = 0.0;
        a[q] = 0;
        for (int j = 0; j < n; j++) {
            if (rank[j] >= rank[q])
                sum_q[q] += strength[j];
            if (rank[j] == rank[q])
                a[q]++;
        }
    }
    ls_rating res[RATING_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        double omega = 0.0, delta = 0.0;
        for (int q = 0; q < n; q++) {
            if (rank[q] > rank[i])
                continue;
            double pq = strength[i] / sum_q[q];
            omega += ((q == i ? 1.0 : 0.0) - pq) / a[q];
            delta += pq * (1.0 - pq) / a[q];
        }
        double sigma = sqrt(var[i]);
        omega *= var[i] / c;
        delta *= var[i] / c2 * (sigma / c);
        res[i].mu = in[i].mu + omega;
        res[i].sigma = sigma * sqrt(fmax(1.0 - delta, p->kappa));
    }
    for (int i = 0; i < n; i++)
        out[i] = res[i];
    return 0;
}

/* The seat of player[i]'s seats with the best rank, the first on equal
 * ranks; i itself for a seat of its own. */
static int best_seat(int n, const int rank[], const int player[], int i)
{
    if (player[i] < 0)
        return i;
    int best = -1;
    for (int j = 0; j < n; j++) /* strictly better: the first of equals stays */
        if (player[j] == player[i] && (best < 0 || rank[j] < rank[best]))
            best = j;
    return best;
}

/* Every player's seats are rated in two kinds of fit: the whole match,
 * which gives every single-seated player its rating, and, for each player
 * with several seats, the match without its other seats, which gives its
 * best seat its rating. At most 1 + n/2 fits of O(n^2) each. */
int ls_rating_update_seats(const ls_rating_params *p, int n, const int rank[],
                           const int player[], const ls_rating in[], ls_rating out[])
{
    ls_rating res[RATING_MAX_PLAYERS];
    int ret = ls_rating_update(p, n, rank, in, res);
    if (ret)
        return ret;
    int best[RATING_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        best[i] = best_seat(n, rank, player, i);
        if (in[i].mu != in[best[i]].mu || in[i].sigma != in[best[i]].sigma)
            return LS_EINVAL;
    }
    for (int b = 0; b < n; b++) {
        bool alone = true;
        for (int j = 0; j < n; j++)
            alone = alone && (j == b || best[j] != b);
        if (best[b] != b || alone)
            continue;
        /* b's fit: every seat but b's player's others; b is seat 0 of it. */
        int sub_rank[RATING_MAX_PLAYERS], m = 1;
        ls_rating sub_in[RATING_MAX_PLAYERS], sub_out[RATING_MAX_PLAYERS];
        sub_rank[0] = rank[b];
        sub_in[0] = in[b];
        for (int j = 0; j < n; j++)
            if (best[j] != b) {
                sub_rank[m] = rank[j];
                sub_in[m++] = in[j];
            }
        if (m < 2)
            res[b] = in[b]; /* no opponent: nothing to learn */
        else if (ls_rating_update(p, m, sub_rank, sub_in, sub_out) == 0)
            res[b] = sub_out[0]; /* cannot fail: its seats were checked above */
    }
    for (int i = 0; i < n; i++)
        out[i] = res[best[i]];
    return 0;
}
