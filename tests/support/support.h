/*
 * support.h - what every unit test file shares.
 *
 * Test files are one per topic (tests/test_TOPIC.c), each a cmocka program.
 * LS_TEST_MAIN(tests) runs them all, or only those whose names contain the
 * first command-line argument: `build/tests/test_rules pair` runs the pair
 * tests. Helpers build states and cards from text so tests read like the
 * rules: cards("7H 8H 9H"), deal_state(...).
 */
#ifndef LS_TEST_SUPPORT_H
#define LS_TEST_SUPPORT_H

/* cmocka needs these first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#include <cmocka.h>

#include "leastscore.h"

/* A set from "7H 8H 9H"; fails the test on a bad card. */
ls_cards cards(const char *text);
/* A single card from "7H"; fails the test on a bad card. */
ls_card card(const char *text);

/*
 * A state of n players named A B C ... (or `names` if not NULL) under
 * `rules` (NULL = defaults), with the given deal: hands[i] as card text for
 * each seat, and the opening card. Fails the test on any error.
 */
ls_state *deal_state(const ls_rules *rules, int n, const char *const hands[],
                     const char *open);

/* Deals the next round of s from text hands (hands[i] NULL for a seat that
 * is out) and the opening card; fails the test on any error. */
void deal_next(ls_state *s, const char *const hands[], const char *open);

/* Everything a caller can see of a state, for "nothing changed" checks:
 * every accessor and every seat's view. Compare two with memcmp. */
typedef struct snapshot {
    int phase, turn, turns, round, deck_size, starter, winner;
    int score[LS_MAX_PLAYERS];
    bool can_declare;
    ls_cards hand[LS_MAX_PLAYERS], open, dead, deck;
    ls_view view[LS_MAX_PLAYERS];
} snapshot;
void take_snapshot(const ls_state *s, snapshot *p);

/* Applies a move given in record notation for the player to move; returns
 * the engine's return code (and err's message in *err if given). */
int play(ls_state *s, const char *move, ls_error *err);
/* Like play() but fails the test if the move is rejected. */
void must_play(ls_state *s, const char *move);

/* The seed for randomized tests: LS_SEED from the environment, else `def`.
 * Printed so that a failure can be replayed. */
uint64_t test_seed(uint64_t def);
/* An integer from the environment, or `def`. */
long test_env_long(const char *name, long def);

int ls_test_run(const char *group, const struct CMUnitTest *tests, size_t n,
                int argc, char **argv);
#define LS_TEST_MAIN(tests)                                                  \
    int main(int argc, char **argv)                                          \
    {                                                                        \
        return ls_test_run(__FILE__, tests, sizeof(tests) / sizeof(tests[0]), \
                           argc, argv);                                      \
    }

#endif
