/*
 * random.c - the "random" player: a uniformly random legal move.
 *
 * It keeps only its own generator, seeded at creation, so the same seed and
 * the same views give the same moves. Each legal move of ls_view_legal_moves
 * (declare included when allowed) is equally likely.
 */
#include <stdlib.h>

#include "ai/ai.h"

static int random_choose(ls_player *p, const ls_view *v, ls_move *out,
                         ls_error *err)
{
    ls_move moves[LS_MAX_MOVES];
    int n = ls_view_legal_moves(v, moves);
    if (n <= 0)
        return ls__fail(err, LS_EPHASE, "random player: no legal move");
    *out = moves[ls_rng_below(p->impl, (uint32_t)n)];
    return 0;
}

static void random_destroy(ls_player *p)
{
    free(p->impl);
    free(p);
}

static const ls_player_ops random_ops = {
    .kind = "random",
    .choose = random_choose,
    .destroy = random_destroy,
};

ls_player *ls__random_new(const char *params, uint64_t seed, ls_error *err)
{
    static const char *const known[] = {NULL};
    ls__param kv[1];
    if (ls__params_parse("random", params, known, kv, 1, err) < 0)
        return NULL;
    ls_rng *rng = malloc(sizeof *rng);
    if (!rng) {
        ls__fail(err, LS_ENOMEM, "out of memory creating a random player");
        return NULL;
    }
    ls_rng_seed(rng, seed);
    ls_player *p = ls__player_alloc(&random_ops, rng, err);
    if (!p)
        free(rng);
    return p;
}
