/*
 * fuzz_match.h - a reachable match built from the fuzzer's bytes, and the
 * engine's invariants, shared by fuzz_apply.c and fuzz_botline.c.
 */
#ifndef LS_FUZZ_MATCH_H
#define LS_FUZZ_MATCH_H

#include <string.h>

#include "core/internal.h"
#include "fuzz.h"

/* Reads one byte of input (0 once it is used up). */
typedef struct fuzz_in {
    const uint8_t *data;
    size_t size, pos;
} fuzz_in;

static inline uint8_t fuzz_byte(fuzz_in *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

/*
 * A new match whose player count, rules and seed come from the first 12
 * bytes: every option is exercised, with small thresholds and turn limits
 * likely so that matches end within a short input. NULL when the bytes
 * name a table the rules forbid (D13).
 */
static inline ls_state *fuzz_match_new(fuzz_in *in)
{
    static const char *const names[LS_MAX_PLAYERS] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    static const int thresholds[4] = {1, 25, 50, 100};
    static const int declare_max[4] = {0, 3, 10, 25};
    static const int max_turns[4] = {500, 1, 4, 30};
    ls_rules r = ls_rules_default();
    int n = LS_MIN_PLAYERS + fuzz_byte(in) % (LS_MAX_PLAYERS - LS_MIN_PLAYERS + 1);
    uint8_t b = fuzz_byte(in);
    r.hand_size = 3 + b % 5;
    r.tie_penalty = (b >> 3) & 1;
    r.runs_suited = (b >> 4) & 1;
    b = fuzz_byte(in);
    r.threshold = thresholds[b & 3];
    r.declare_max = declare_max[(b >> 2) & 3];
    r.max_turns = max_turns[(b >> 4) & 3];
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed = seed << 8 | fuzz_byte(in);
    if (ls_rules_check(&r, n, NULL) != 0)
        return NULL;
    ls_state *s = ls_state_new(&r, n, names, seed, NULL);
    FUZZ_CHECK(s != NULL, "a valid table was refused");
    return s;
}

/*
 * The invariants that hold between calls (internal.h): within a round the
 * 52 cards are split exactly between the hands of the seats in the round,
 * the deck, the open cards and the dead pile; each hand holds 1 to
 * hand_size cards; the open cards are not empty; the seat to move plays
 * the round. At any time scores are not negative, a seat is out exactly
 * when its score is above the threshold, and a finished match has one
 * winner, the only seat left.
 */
static inline void fuzz_check_state(const ls_state *s)
{
    const ls_rules *r = ls_state_rules(s);
    int n = ls_players(s), in = 0;
    for (int p = 0; p < n; p++) {
        FUZZ_CHECK(ls_score(s, p) >= 0, "seat %d scores %d", p, ls_score(s, p));
        FUZZ_CHECK(ls_eliminated(s, p) == (ls_score(s, p) > r->threshold),
                   "seat %d: score %d, threshold %d, out %d", p, ls_score(s, p),
                   r->threshold, ls_eliminated(s, p));
        in += !ls_eliminated(s, p);
    }
    if (ls_phase(s) == LS_PHASE_OVER) {
        int w = ls_winner(s);
        FUZZ_CHECK(w >= 0 && w < n && !ls_eliminated(s, w) && in == 1,
                   "winner %d with %d seats left", w, in);
        return;
    }
    FUZZ_CHECK(ls_winner(s) < 0, "a winner while the match goes on");
    FUZZ_CHECK(in >= 2, "%d seats left and the match goes on", in);
    if (ls_phase(s) != LS_PHASE_TURN)
        return;
    ls_cards seen = ls_deck_cards(s);
    FUZZ_CHECK(ls_cards_count(seen) == ls_deck_size(s), "deck of %d counts %d",
               ls_deck_size(s), ls_cards_count(seen));
    ls_cards parts[3] = {ls_open_cards(s), ls_dead_cards(s), 0};
    FUZZ_CHECK(parts[0] != 0, "no open cards");
    for (int i = 0; i < 2; i++) {
        FUZZ_CHECK(!(seen & parts[i]), "a card in two places");
        seen |= parts[i];
    }
    for (int p = 0; p < n; p++) {
        ls_cards h = ls_hand(s, p);
        int count = ls_cards_count(h);
        if (s->in_round & (1u << p))
            FUZZ_CHECK(count >= 1 && count <= r->hand_size, "seat %d holds %d cards", p, count);
        else
            FUZZ_CHECK(count == 0, "seat %d is not in the round and holds %d cards", p, count);
        FUZZ_CHECK(!(seen & h), "a card of seat %d is also elsewhere", p);
        seen |= h;
    }
    FUZZ_CHECK(seen == LS_ALL_CARDS, "%d cards in play, not 52", ls_cards_count(seen));
    int t = ls_turn(s);
    FUZZ_CHECK(t >= 0 && t < n && (s->in_round & (1u << t)) && !ls_eliminated(s, t),
               "seat %d to move", t);
}

#endif
