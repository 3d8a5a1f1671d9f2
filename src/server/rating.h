/*
 * rating.h - ratings for matches of 2 to 8 players (Weng-Lin, Plackett-Luce).
 *
 * A rating is a normal belief about a player's skill: mean mu, standard
 * deviation sigma. After a match every player's belief is updated from the
 * order they finished in, by the Plackett-Luce model of Weng and Lin (2011,
 * "A Bayesian Approximation Method for Online Ranking", Algorithm 4), the
 * model OpenSkill calls PlackettLuce, with one player per team. People and
 * computer players are rated on the same scale, so that a computer level's
 * rating says how strong it plays against people.
 *
 * What is shown to people is the conservative ordinal mu - 3 sigma: a new
 * player starts at 0 and climbs as the system becomes sure of them.
 *
 * Pure computation: libc and libm only, no allocation, no state.
 */
#ifndef LS_RATING_H
#define LS_RATING_H

#include <stdbool.h>

/* One player's rating. */
typedef struct ls_rating {
    double mu;    /* the mean skill */
    double sigma; /* the uncertainty (standard deviation), > 0 */
} ls_rating;

/* The model's constants. ls_rating_defaults() gives OpenSkill's. */
typedef struct ls_rating_params {
    double mu;    /* a new player's mu (25) */
    double sigma; /* a new player's sigma (25/3) */
    double beta;  /* the spread of one match's performance (sigma/2) */
    double kappa; /* the floor of the variance's shrink factor (1e-4) */
    double tau;   /* added to sigma before each match so that ratings keep
                     moving (25/300); 0 turns it off */
} ls_rating_params;

void ls_rating_defaults(ls_rating_params *p);

/* A new player's rating under p. */
ls_rating ls_rating_new(const ls_rating_params *p);

/* The conservative rating shown to people: mu - 3 sigma. */
double ls_rating_ordinal(ls_rating r);

/*
 * Updates the ratings of the n players (2..8) of one match. rank[i] is
 * player i's place: 0 for the winner, larger is worse, equal ranks are a
 * tie (ranks need not be consecutive). in[] and out[] may be the same
 * array. Returns 0, or LS_EINVAL (out unchanged) when n is out of range, a
 * rank is negative, or a rating is not finite or has sigma <= 0.
 */
int ls_rating_update(const ls_rating_params *p, int n, const int rank[],
                     const ls_rating in[], ls_rating out[]);

/*
 * Updates the ratings of a match in which one player may hold several
 * seats (a computer level seated twice at one table). player[i] names
 * seat i's player: seats with the same player[] >= 0 are one player's; a
 * negative player[] is a seat of its own (a guest). A player cannot gain
 * or lose rating against itself, and the others' updates do not depend on
 * who holds the seats they played against:
 *
 * - each player is rated once, from its best-placed seat (the first of
 *   them on equal ranks), by ls_rating_update() over every seat but its
 *   own other seats;
 * - to everyone else its seats are that many opponents of its rating, as
 *   if different players of that rating had held them.
 *
 * Every seat of a player gets the player's new rating in out[]. A player
 * holding every seat has no opponent and keeps its rating. The seats of
 * one player must have the same rating in in[]. With every player at one
 * seat this is ls_rating_update(). Returns 0, or LS_EINVAL (out unchanged)
 * as ls_rating_update() does, or when the seats of one player have
 * different ratings.
 */
int ls_rating_update_seats(const ls_rating_params *p, int n, const int rank[],
                           const int player[], const ls_rating in[], ls_rating out[]);

#endif
