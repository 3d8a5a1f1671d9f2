/*
 * expert.h - what the programs may tell the expert player (not public).
 *
 * The library has no clocks, so a millisecond budget ("expert:ms=10") needs
 * one from outside: a program that wants real time installs a clock with
 * ls__expert_set_clock(). Without one, ms=N is read as N * LS__EXPERT_ITERS_PER_MS
 * iterations, which keeps the player deterministic. With a clock the player
 * is deterministic only for the same iteration counts, i.e. not across
 * machines or loads.
 */
#ifndef LS_AI_EXPERT_H
#define LS_AI_EXPERT_H

#include <stdatomic.h>

#include "leastscore_ai.h"

/* Iterations per millisecond assumed for ms=N when no clock is installed. */
#define LS__EXPERT_ITERS_PER_MS 100

/* A monotonic clock in milliseconds; ud is passed back. */
typedef double (*ls__clock_fn)(void *ud);

/* Installs `now` as p's clock when p is an expert (otherwise does nothing).
 * Returns true when p is an expert. The clock must outlive the player. */
bool ls__expert_set_clock(ls_player *p, ls__clock_fn now, void *ud);

/* Installs *stop, read between rollouts: once it is true, p's search ends
 * at its next look and its move is to be thrown away. While it stays
 * false nothing changes (no random number is drawn for it). */
bool ls__expert_set_stop(ls_player *p, const atomic_bool *stop);

/* Iterations run by p's searches so far (0 for another kind): for
 * measuring iterations per second. */
uint64_t ls__expert_iterations(const ls_player *p);

/* The budget p's spec gives: *ms its ms=N and *iters its iters=N, each 0
 * when the spec does not give it (the default budget, or tree's, is not
 * given). Returns false, with both 0, when p is not an expert. For a
 * program that bounds what a spec may ask, without reading the level
 * grammar itself. */
bool ls__expert_budget(const ls_player *p, long *ms, long *iters);

/* The shape of p's search: *tries its draws per sample of a hidden hand
 * (tries=, 100 when not given) and *tree whether it grows a tree (tree=1).
 * Returns false, with both 0, when p is not an expert. For a program that
 * bounds what a spec may ask, as ls__expert_budget. */
bool ls__expert_search(const ls_player *p, int *tries, bool *tree);

/* The mean total of seat's hand over `samples` of p's sampled deals for
 * the view v (what p believes that hand is worth); -1 when p is not an
 * expert or v is not of a round in play. For tests and diagnostics. */
double ls__expert_mean_total(ls_player *p, const ls_view *v, int seat,
                             int samples);

/* The estimate that declaring was correct from p's last choose or hint
 * (what a hint shows; negative when declaring was not allowed or p is not
 * an expert). For measuring calibration without searching twice. */
double ls__expert_last_declare(const ls_player *p);

/* The calibration curve of the declare estimate: raw, the share of sampled
 * deals in which declaring is correct (0..1), mapped to the estimate a
 * hint shows (before the cap below certainty). Non-decreasing, 0..1. */
double ls__expert_calibrated(double raw);

/* The kind of player p now models seat's play by: "greedy" unless p
 * adapts (the default; not with adapt=0) and has seen evidence for
 * another member of its family (cautious, reckless, collector, shedder);
 * NULL when p is not an expert. For tests and diagnostics. */
const char *ls__expert_model_of(const ls_player *p, int seat);

/* Whether p still models seat's moves by the greedy player: 1 yes, 0 when
 * the hands shown at the ends of rounds of this match have mostly not
 * fitted that model (the seat is then sampled without it), -1 when p is
 * not an expert. For tests and diagnostics. */
int ls__expert_model_fits(const ls_player *p, int seat);

/* util=2: the heads-up match equity p uses for v's rules, W(a, b), the
 * chance that a player at cumulative score a beats one at b (0..1; built
 * on first use); -1 when p is not an expert or the table cannot be built.
 * For tests and diagnostics. */
double ls__expert_equity(ls_player *p, const ls_view *v, int a, int b);

/* util=3: the survival estimate of a match with more than two players in
 * v's round: the chance that seat wins from the cumulative scores[] (one
 * per seat of v; players not in v's round or past the threshold are out);
 * -1 when p is not an expert, fewer than three are in the round, or the
 * table cannot be built. For tests and diagnostics. */
double ls__expert_surv_equity(ls_player *p, const ls_view *v, const int scores[],
                              int seat);

#endif
