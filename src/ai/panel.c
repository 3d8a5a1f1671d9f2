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

/* Each style's parameters: greedy's (declare 0.75, lookahead 0.6, bias
 * 0.06; greedy.c) with the one change that makes the style. */
enum { CAUTIOUS, RECKLESS, COLLECTOR, SHEDDER, COUNTER };
static const struct style {
    const char *kind;
    ls__greedy_cfg cfg;
} panel[] = {
    [CAUTIOUS] = {"cautious", {.declare = 0.95, .lookahead = 0.6, .bias = 0.06}},
    [RECKLESS] = {"reckless", {.declare = 0.55, .lookahead = 0.6, .bias = 0.06, .at = 7}},
    [COLLECTOR] = {"collector", {.declare = 0.75, .lookahead = 0.6, .bias = 0.06,
                                 .near = 0.15}},
    [SHEDDER] = {"shedder", {.declare = 0.75, .lookahead = 0, .bias = 0.06}},
    [COUNTER] = {"counter", {.declare = 0.75, .lookahead = 0.6, .bias = 0.06,
                             .samples = 500}},
};

/* The constructors the kinds table (ai.h) names, one per style. */
#define PANEL_CTOR(name, style)                                               \
    ls_player *ls__##name##_new(const char *params, uint64_t seed, ls_error *err) \
    {                                                                         \
        return ls__greedy_make(panel[style].kind, panel[style].cfg, params,   \
                               seed, err);                                    \
    }

PANEL_CTOR(cautious, CAUTIOUS)
PANEL_CTOR(reckless, RECKLESS)
PANEL_CTOR(collector, COLLECTOR)
PANEL_CTOR(shedder, SHEDDER)
PANEL_CTOR(counter, COUNTER)
