/*
 * ai.h - what the computer players share inside the library (not public).
 *
 * The registry of player kinds is the X-macro LS__PLAYER_KINDS below: one
 * line per kind, giving its name (which is also the suffix of its
 * constructor ls__NAME_new) and a one-line description. Adding a kind is
 * one line here and one file defining its constructor; player.c builds the
 * public lists ls_player_kinds / ls_player_kind_help and the lookup table
 * from it, so they can never disagree.
 *
 * A constructor receives the text after "kind:" (or "" when there is none)
 * and parses it with ls__params_parse(); it returns a player made with
 * ls__player_alloc(), or NULL with err set.
 */
#ifndef LS_AI_H
#define LS_AI_H

#include "leastscore_ai.h"

#define LS__PLAYER_KINDS(X)                                                  \
    X(random, "a uniformly random legal move (no parameters)")               \
    X(greedy, "one-turn lookahead on its hand total; declares when likely "  \
              "lowest (greedy:declare=0.75 sets the probability it needs)")  \
    X(expert, "Monte Carlo search over deals sampled with card inference "  \
              "(expert:iters=N or expert:ms=N caps its budget; tree=1: "    \
              "ISMCTS; models each opponent by the panel style its play "   \
              "fits best, adapt=0 as greedy)")                              \
    X(cautious, "greedy's play, but declares only when nearly sure of "     \
                "holding the lowest hand (estimate >= 0.95)")               \
    X(reckless, "greedy's play, but declares at any total of 7 or less, "   \
                "and whenever the estimate reaches 0.55")                   \
    X(collector, "greedy's play, and also keeps two cards of a run "        \
                 "waiting for the third and takes cards towards one")       \
    X(shedder, "sheds the most points every turn and keeps nothing for "    \
               "sets; declares as greedy")                                  \
    X(counter, "greedy's play; counts the cards and declares when >= 75% "  \
               "of 500 sampled deals of the unseen cards have it lowest")

#define LS__DECLARE_CTOR(name, help)                                         \
    ls_player *ls__##name##_new(const char *params, uint64_t seed,           \
                                ls_error *err);
LS__PLAYER_KINDS(LS__DECLARE_CTOR)
#undef LS__DECLARE_CTOR

/*
 * The greedy family (greedy.c): a one-turn lookahead on the hand left,
 * total - lookahead * best next discard - near * best run missing a card,
 * and a declare rule. greedy and the panel kinds (panel.c) are presets.
 */
typedef struct ls__greedy_cfg {
    double declare;   /* chance of holding the lowest hand needed to declare */
    double lookahead; /* weight of the hand's best discard next turn */
    double bias;      /* per-turn shift of opponents' cards towards low values */
    double near;      /* weight of the best run of 3 missing one card (0 off) */
    int at;           /* also declare at this total or less (0 off) */
    int samples;      /* > 0: the chance from this many sampled deals */
} ls__greedy_cfg;

/* A player of the greedy family named `kind` (a string that outlives it)
 * with cfg as its defaults, which params (every cfg field by name) may
 * change. NULL with err set on a bad parameter or no memory. */
ls_player *ls__greedy_make(const char *kind, ls__greedy_cfg cfg,
                           const char *params, uint64_t seed, ls_error *err);

/* Whether declaring now is certainly correct for v->me: no opponent could
 * hold less (or as little, under the tie penalty) even with the lowest
 * unseen cards as its hidden ones. Hints show the chance as 1 when this is
 * true and as at most LS__MAX_UNSURE when it is false. */
bool ls__declare_certain(const ls_view *v);
#define LS__MAX_UNSURE 0.99

/* The largest total that one legal discard of `hand` removes (0 for an
 * empty hand): a fast form of the best ls_discard_ok() subset. */
int ls__best_discard(ls_cards hand, bool runs_suited);
/* The greedy family's score of keeping `rest` and drawing from `pool`
 * (lower is better), computed in full or (fast) the way play uses; for
 * the tests, which check that both agree. */
double ls__greedy_draw_score(ls__greedy_cfg cfg, ls_cards rest, ls_cards pool,
                             bool suited, bool fast);

/* A new player of the given ops owning impl (freed by ops->destroy); NULL
 * with err set when out of memory (impl is then NOT freed). */
ls_player *ls__player_alloc(const ls_player_ops *ops, void *impl, ls_error *err);

/* One key=value parameter of a spec. */
typedef struct ls__param {
    char key[24];
    char value[40];
} ls__param;

/*
 * Splits "key=val,key=val" into out (room for max). Each key must be one of
 * `known` (NULL-terminated); an unknown key, a missing '=' or too many
 * parameters is LS_EINVAL with a message naming the kind and its keys, and
 * so is an empty list ("kind:"), a list that ends with a comma or an empty
 * parameter between two commas. params is NULL for a spec with no colon
 * (the kind alone: no parameters). Returns the number of parameters or a
 * negative code.
 */
int ls__params_parse(const char *kind, const char *params,
                     const char *const known[], ls__param *out, int max,
                     ls_error *err);

/* Reads a parameter value as a number in [lo, hi]; LS_EINVAL with a message
 * otherwise. */
int ls__param_double(const char *kind, const ls__param *p, double lo,
                     double hi, double *out, ls_error *err);

/* Reads a parameter value as a whole number in [lo, hi] (written as 1000
 * or 1e3; 2.5 is refused, not cut to 2); LS_EINVAL with a message
 * otherwise. */
int ls__param_long(const char *kind, const ls__param *p, long lo, long hi,
                   long *out, ls_error *err);

/* Formats err (code and message) and returns the code. Shared with the
 * engine: defined once in src/core/error.c. */
int ls__fail(ls_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
