/*
 * greedy.c - the "greedy" player: a one-turn lookahead on its own hand.
 *
 * Moves. Every legal discard-and-pickup is scored by the hand it leaves:
 *
 *     score(H) = total(H) - lookahead * best_discard(H)
 *
 * where best_discard(H) is the largest total H could shed in one legal
 * discard next turn. The first term is what counts if someone declares
 * before our next turn; the second keeps pairs and runs together and makes
 * taking an open card that completes a set worth it. A draw is scored as
 * the mean score over the unseen cards (grouped by rank, 13 evaluations),
 * a take by the known card. The lowest score wins; ties keep the earlier
 * move of ls_view_legal_moves, so the player is deterministic without
 * using its seed.
 *
 * Declaring. When allowed, it estimates the chance that its total is the
 * lowest: each opponent's hand is its known cards plus cards drawn from the
 * unseen pool, weighted towards low values the longer that opponent has
 * played this round (players shed high cards), and the exact distribution
 * of their sum comes from a small convolution (values 1..10, at most 7
 * cards). Opponents are taken as independent; it declares when the product
 * reaches the `declare` probability (default 0.70).
 *
 * Cost: a handful of legal discards x 13 ranks of best_discard(), each a
 * pass over 13 nibbles, plus the convolution only on turns where declaring
 * is allowed, with an early exit as soon as declaring is ruled out. No
 * allocation after creation; libc only.
 */
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"

typedef struct greedy {
    double declare;   /* probability of being lowest needed to declare */
    double lookahead; /* weight of next turn's best discard */
    double bias;      /* per-turn shift of opponents' cards towards low values */
} greedy;

#define MAX_SUM 71 /* 7 cards x 10 */

static const uint8_t nib_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

static int rank_value(int r)
{
    return r >= 9 ? 10 : r + 1;
}

/* The largest total of a legal run of 3 or 5 within the rank mask m (bit r
 * for rank r; an Ace also counts above the King). */
static int best_run(unsigned m)
{
    unsigned ext = m | ((m & 1u) << 13);
    int best = 0;
    for (int len = 3; len <= 5; len += 2) {
        unsigned window = (1u << len) - 1;
        for (int start = 0; start + len <= 14; start++) {
            if ((ext & (window << start)) != (window << start))
                continue;
            int t = 0;
            for (int i = start; i < start + len; i++)
                t += rank_value(i % 13);
            if (t > best)
                best = t;
        }
    }
    return best;
}

/* The largest total one legal discard of h could remove (R3, D2, D3). */
static int best_discard(ls_cards h, bool suited)
{
    int best = 0;
    unsigned ranks = 0, suit_ranks[4] = {0, 0, 0, 0};
    for (int r = 0; r < 13; r++) {
        unsigned nib = (unsigned)(h >> (4 * r)) & 0xFu;
        if (!nib)
            continue;
        int n = nib_count[nib], v = rank_value(r);
        int t = n == 4 ? 4 * v : n >= 2 ? 2 * v : v;
        if (t > best)
            best = t;
        ranks |= 1u << r;
        for (int s = 0; s < 4; s++)
            if (nib >> s & 1u)
                suit_ranks[s] |= 1u << r;
    }
    if (!suited) {
        int t = best_run(ranks);
        if (t > best)
            best = t;
    }
    for (int s = 0; s < 4; s++) {
        unsigned m = suit_ranks[s];
        if (suited) {
            int t = best_run(m);
            if (t > best)
                best = t;
        }
        int n = 0, t = 0;
        for (int r = 12; r >= 0 && n < 5; r--)
            if (m >> r & 1u) {
                n++;
                t += rank_value(r);
            }
        if (n == 5 && t > best)
            best = t;
    }
    return best;
}

static double hand_score(const greedy *g, ls_cards h, bool suited)
{
    return ls_cards_total(h) - g->lookahead * best_discard(h, suited);
}

/* The mean score of `rest` plus one card drawn from `pool`: one evaluation
 * per rank, with a card of that rank from the pool standing for all. */
static double draw_score(const greedy *g, ls_cards rest, ls_cards pool,
                         bool suited)
{
    double sum = 0;
    int n = 0;
    for (int r = 0; r < 13; r++) {
        ls_cards of_rank = pool & ((ls_cards)0xF << (4 * r));
        if (!of_rank)
            continue;
        int k = ls_cards_count(of_rank);
        sum += k * hand_score(g, rest | LS_BIT(ls_cards_first(of_rank)), suited);
        n += k;
    }
    return n ? sum / n : hand_score(g, rest, suited) + 6.5;
}

/* The best non-declare move by score; returns false when there is none. */
static bool best_move(const greedy *g, const ls_view *v, const ls_move *moves,
                      int n, ls_move *out)
{
    bool suited = v->rules.runs_suited;
    ls_cards pool = ls_view_unseen(v);
    double best = 1e9;
    bool found = false;
    for (int i = 0; i < n; i++) {
        const ls_move *m = &moves[i];
        if (m->kind == LS_MOVE_DECLARE)
            continue;
        ls_cards rest = v->hand & ~m->discard;
        double s = m->kind == LS_MOVE_TAKE
                       ? hand_score(g, rest | LS_BIT(m->card), suited)
                       : draw_score(g, rest, pool, suited);
        if (s < best) {
            best = s;
            *out = *m;
            found = true;
        }
    }
    return found;
}

/* P(an opponent's total beats ours is false), i.e. the chance that seat j
 * does not undercut `mine`, from its known cards and `u` cards drawn from
 * the weighted pool pmf w[1..10]. */
static double not_lower(const double w[11], int known_total, int u, int mine,
                        bool tie_penalty)
{
    /* Declaring is correct against j when total_j >= mine (tie allowed)
     * or total_j > mine under tie penalty: need sum of u cards >= x. */
    int x = mine - known_total + (tie_penalty ? 1 : 0);
    if (x <= u)
        return 1.0;
    if (x > 10 * u)
        return 0.0;
    double a[MAX_SUM], b[MAX_SUM];
    memset(a, 0, sizeof a);
    a[0] = 1.0;
    for (int k = 0; k < u; k++) {
        memset(b, 0, sizeof b);
        for (int s = k; s <= 10 * k; s++) {
            if (a[s] == 0.0)
                continue;
            for (int val = 1; val <= 10; val++)
                b[s + val] += a[s] * w[val];
        }
        memcpy(a, b, sizeof a);
    }
    double p = 0;
    for (int s = x; s <= 10 * u; s++)
        p += a[s];
    return p;
}

/* The estimated chance that declaring now is correct. */
static double declare_chance(const greedy *g, const ls_view *v)
{
    ls_cards pool = ls_view_unseen(v);
    int cnt[11] = {0};
    for (ls_cards p = pool; p; p &= p - 1)
        cnt[ls_card_value((ls_card)__builtin_ctzll(p))]++;
    int nin = 0;
    for (int j = 0; j < v->nplayers; j++)
        nin += v->in_round >> j & 1;
    double turns_each = nin ? (double)v->turns / nin : 0;
    if (turns_each > 5)
        turns_each = 5;
    double shrink = 1.0 - g->bias * turns_each;
    if (shrink < 0.05)
        shrink = 0.05;
    double w[11] = {0}, f = 1.0, sum = 0;
    for (int val = 1; val <= 10; val++) {
        f *= shrink;
        w[val] = cnt[val] * f;
        sum += w[val];
    }
    if (sum <= 0)
        return 1.0;
    for (int val = 1; val <= 10; val++)
        w[val] /= sum;

    double p = 1.0;
    for (int j = 0; j < v->nplayers && p > 0.0; j++) {
        if (j == v->me || !(v->in_round >> j & 1))
            continue;
        int u = v->hand_size[j] - ls_cards_count(v->known[j]);
        if (u < 0)
            u = 0;
        p *= not_lower(w, ls_cards_total(v->known[j]), u, v->hand_total,
                       v->rules.tie_penalty);
    }
    return p;
}

static bool may_declare(const ls_view *v)
{
    return v->can_declare &&
           (v->rules.declare_max <= 0 || v->hand_total <= v->rules.declare_max);
}

static int greedy_decide(ls_player *p, const ls_view *v, ls_move *out,
                         double *chance, ls_error *err)
{
    const greedy *g = p->impl;
    ls_move moves[LS_MAX_MOVES];
    int n = ls_view_legal_moves(v, moves);
    if (n <= 0)
        return ls__fail(err, LS_EPHASE, "greedy player: no legal move");
    double c = may_declare(v) ? declare_chance(g, v) : -1.0;
    if (chance)
        *chance = c;
    if (c >= g->declare) {
        for (int i = 0; i < n; i++)
            if (moves[i].kind == LS_MOVE_DECLARE) {
                *out = moves[i];
                return 0;
            }
    }
    if (!best_move(g, v, moves, n, out))
        *out = moves[0];
    return 0;
}

static int greedy_choose(ls_player *p, const ls_view *v, ls_move *out,
                         ls_error *err)
{
    return greedy_decide(p, v, out, NULL, err);
}

static int greedy_hint(ls_player *p, const ls_view *v, ls_move *best,
                       double *declare_correct, ls_error *err)
{
    return greedy_decide(p, v, best, declare_correct, err);
}

static void greedy_destroy(ls_player *p)
{
    free(p->impl);
    free(p);
}

static const ls_player_ops greedy_ops = {
    .kind = "greedy",
    .choose = greedy_choose,
    .hint = greedy_hint,
    .destroy = greedy_destroy,
};

ls_player *ls__greedy_new(const char *params, uint64_t seed, ls_error *err)
{
    static const char *const known[] = {"declare", "lookahead", "bias", NULL};
    ls__param kv[3];
    greedy cfg = {.declare = 0.70, .lookahead = 0.6, .bias = 0.04};
    (void)seed;
    int n = ls__params_parse("greedy", params, known, kv, 3, err);
    if (n < 0)
        return NULL;
    for (int i = 0; i < n; i++) {
        double *dst = !strcmp(kv[i].key, "declare")     ? &cfg.declare
                      : !strcmp(kv[i].key, "lookahead") ? &cfg.lookahead
                                                        : &cfg.bias;
        double hi = dst == &cfg.bias ? 0.2 : dst == &cfg.lookahead ? 2.0 : 1.0;
        if (ls__param_double("greedy", &kv[i], 0.0, hi, dst, err) < 0)
            return NULL;
    }
    greedy *g = malloc(sizeof *g);
    if (!g) {
        ls__fail(err, LS_ENOMEM, "out of memory creating a greedy player");
        return NULL;
    }
    *g = cfg;
    ls_player *p = ls__player_alloc(&greedy_ops, g, err);
    if (!p)
        free(g);
    return p;
}
