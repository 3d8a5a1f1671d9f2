/*
 * random_match.c - the smallest program on the leastscore library: plays
 * one match of four players who pick uniformly random legal moves, and
 * prints each round's declarer and the winner.
 *
 *   cc random_match.c $(pkg-config --cflags --libs leastscore) -o random_match
 *   ./random_match 42
 */
#include <stdio.h>
#include <stdlib.h>

#include <leastscore.h>

int main(int argc, char **argv)
{
    static const char *const names[] = {"Ann", "Bob", "Cid", "Dee"};
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    ls_error err;
    ls_state *s = ls_state_new(NULL, 4, names, seed, &err);
    if (!s) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    ls_move moves[LS_MAX_MOVES];
    while (ls_phase(s) != LS_PHASE_OVER) {
        ls_deal(s, NULL);
        while (ls_phase(s) == LS_PHASE_TURN) {
            int n = ls_legal_moves(s, moves);
            ls_move m = moves[ls_rng_below(&rng, (uint32_t)n)];
            if (ls_apply(s, &m, &err) != 0) {
                fprintf(stderr, "%s\n", err.msg);
                return 1;
            }
        }
        const ls_round_result *r = ls_last_result(s);
        if (r->declarer >= 0)
            printf("round %d: %s declared, %s\n", r->round,
                   ls_name(s, r->declarer), r->correct ? "correct" : "false");
        else
            printf("round %d: showdown\n", r->round);
    }
    printf("winner: %s\n", ls_name(s, ls_winner(s)));
    ls_state_free(s);
    return 0;
}
