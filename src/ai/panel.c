/*
 * panel.c - the panel of playing styles: computer players that differ from
 * greedy in one way each, so that the expert (and anyone tuning it) can be
 * measured against more than one kind of opponent (`leastscore arena`).
 *
 * Every one is the greedy player's code (greedy.c) with other parameters,
 * and each takes all of greedy's parameters (declare, lookahead, bias,
 * near, at, samples) to vary it further:
 *
 *   cautious   declares only at an estimated 95% of holding the lowest hand
 *   reckless   declares at any total of 7 or less, and at 55% estimated
 *   collector  also values a run of 3 missing one card, at 0.15 of its
 *              total, so it takes and keeps cards towards runs (0.25, or
 *              lookahead 1, lost nearly every match to greedy: a straw
 *              man)
 *   shedder    lookahead 0: sheds the most points now, keeps no set back
 *   counter    estimates its chance from 500 sampled deals of exactly the
 *              cards it cannot see (greedy uses an independent-cards
 *              approximation), declares at 75%
 *
 * None is a straw man: each beats random players nearly always and plays
 * greedy close (docs/benchmarks.md, "The panel").
 */
#include "ai/ai.h"

#define GREEDY_CFG {.declare = 0.75, .lookahead = 0.6, .bias = 0.06}

ls_player *ls__cautious_new(const char *params, uint64_t seed, ls_error *err)
{
    ls__greedy_cfg cfg = GREEDY_CFG;
    cfg.declare = 0.95;
    return ls__greedy_make("cautious", cfg, params, seed, err);
}

ls_player *ls__reckless_new(const char *params, uint64_t seed, ls_error *err)
{
    ls__greedy_cfg cfg = GREEDY_CFG;
    cfg.declare = 0.55;
    cfg.at = 7;
    return ls__greedy_make("reckless", cfg, params, seed, err);
}

ls_player *ls__collector_new(const char *params, uint64_t seed, ls_error *err)
{
    ls__greedy_cfg cfg = GREEDY_CFG;
    cfg.near = 0.15;
    return ls__greedy_make("collector", cfg, params, seed, err);
}

ls_player *ls__shedder_new(const char *params, uint64_t seed, ls_error *err)
{
    ls__greedy_cfg cfg = GREEDY_CFG;
    cfg.lookahead = 0;
    return ls__greedy_make("shedder", cfg, params, seed, err);
}

ls_player *ls__counter_new(const char *params, uint64_t seed, ls_error *err)
{
    ls__greedy_cfg cfg = GREEDY_CFG;
    cfg.samples = 500;
    return ls__greedy_make("counter", cfg, params, seed, err);
}
