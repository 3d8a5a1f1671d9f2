/*
 * internal.h - the engine's state and the helpers its files share.
 *
 * struct ls_state is one flat block with no pointers: copying it is a
 * memcpy. Invariants that hold between calls while a round is in play:
 *   - every card is in exactly one of: a hand, the deck (deck_set, of
 *     deck_n cards), the open cards, the dead pile;
 *   - open is the previous player's last discard (or the opening card
 *     before the first turn) and is never empty;
 *   - known[p] is a subset of hand[p].
 * Outside a round the hands hold what was revealed at its end.
 */
#ifndef LS_CORE_INTERNAL_H
#define LS_CORE_INTERNAL_H

#include <stdarg.h>

#include "leastscore.h"

struct ls_state {
    ls_rules rules;
    ls_rng rng;
    uint8_t nplayers;
    uint8_t phase;             /* LS_PHASE_... */
    uint8_t out;               /* mask of eliminated seats */
    uint8_t in_round;          /* mask of seats dealt into this round */
    uint8_t played;            /* seats that have had a turn this round */
    uint8_t starter;           /* seat that started this round */
    uint8_t turn;              /* seat to move */
    uint8_t deck_n;            /* cards in deck_set */
    int round;                 /* current or last round number */
    int turns;                 /* turns played in this round */
    int nevents;               /* public events this round */
    int score[LS_MAX_PLAYERS]; /* cumulative */
    ls_cards hand[LS_MAX_PLAYERS];
    ls_cards known[LS_MAX_PLAYERS];
    ls_cards last_discard[LS_MAX_PLAYERS];
    ls_cards open;
    ls_cards dead;
    ls_cards deck_set;
    char names[LS_MAX_PLAYERS][LS_NAME_MAX + 1];
    ls_event history[LS_HISTORY]; /* ring: event i at i % LS_HISTORY */
    bool has_result;
    ls_round_result result;
};

/* xoshiro256** and Lemire's unbiased multiply-and-reject, inline for the
 * engine's own use (ls_rng_next / ls_rng_below are the public entries). */
static inline uint64_t ls__rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t ls__rng_next(ls_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = ls__rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ls__rotl(s[3], 45);
    return result;
}

static inline uint32_t ls__rng_below(ls_rng *r, uint32_t n)
{
    uint64_t m = (ls__rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)-n % n;
        while (low < threshold) {
            m = (ls__rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/*
 * The k-th lowest card (k from 0) of a set that holds more than k, without
 * a branch (Vigna's broadword select): byte popcounts and their prefix
 * sums (SWAR) find the byte that holds it; that byte's bits, spread one to
 * a byte of a word, give their own prefix sums the same way, and the card
 * is the number of those sums that do not exceed what is left of k.
 * Drawing from the deck runs through here every turn, and a loop or a
 * rejection test would mispredict about every other time.
 */
static inline ls_card ls__select(ls_cards set, unsigned k)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t c = set - ((set >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    uint64_t prefix = c * ones; /* byte i: cards in bytes 0..i */
    uint64_t ge = ((prefix | highs) - (uint64_t)(k + 1) * ones) & highs;
    int shift = __builtin_ctzll(ge) & ~7; /* 8 * the byte that holds it */
    k -= (unsigned)((prefix << 8) >> shift) & 0xFF; /* cards before it */
    uint64_t bits = ((set >> shift & 0xFF) * ones) & 0x8040201008040201ull;
    bits = ((bits + 0x7F7F7F7F7F7F7F7Full) >> 7) & ones; /* byte i: bit i */
    uint64_t within = bits * ones; /* byte i: its bits 0..i */
    uint64_t le = ((k * ones | highs) - within) & highs;
    return (ls_card)(shift + (int)((le >> 7) * ones >> 56));
}

/* A card drawn uniformly from `set`, which holds n > 0 cards. The deck has
 * no order: a card is chosen as it is drawn, which gives every card the
 * same chance as a shuffled deck would. */
static inline ls_card ls__random_card(ls_rng *rng, ls_cards set, int n)
{
    return ls__select(set, ls__rng_below(rng, (uint32_t)n));
}

/*
 * Whether `set` may be discarded (R3, D2, D3), decided in a few word
 * operations: every card of one rank (a single, a pair, 4 of a kind, but
 * not 3), or 3 or 5 cards whose ranks are consecutive (bit 4r of `ranks`
 * for rank r, the Ace also counted above the King) or 5 of a suit.
 * ls_discard_ok() is this plus the reason when the answer is no.
 */
static inline bool ls__discard_legal(ls_cards set, bool runs_suited)
{
    const ls_cards ones = 0x1111111111111ull; /* bit 0 of each rank nibble */
    if (!set || (set & ~LS_ALL_CARDS))
        return false;
    int low = __builtin_ctzll(set);
    uint64_t c = set - ((set >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    int n = (int)((c * 0x0101010101010101ull) >> 56);
    if ((set >> (low & ~3)) < 16)
        return n != 3; /* one rank */
    if (n != 3 && n != 5)
        return false;
    ls_cards ranks = (set | set >> 1 | set >> 2 | set >> 3) & ones;
    ls_cards high = (ranks & ~(ls_cards)1) | (ranks & 1) << 52;
    ls_cards want = n == 3 ? 0x111 : 0x11111;
    bool run = (ranks >> __builtin_ctzll(ranks)) == want ||
               (high >> __builtin_ctzll(high)) == want;
    bool suited = !(set & ~(ones << (low & 3)));
    return n == 3 ? run && (!runs_suited || suited)
                  : suited || (run && !runs_suited);
}

/* Formats err (if not NULL, with line and column 0) and returns code. The
 * message is made printable (ls_printable): it may quote input. */
int ls__fail(ls_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The same with a record line and column and a va_list. */
int ls__vfail(ls_error *err, int code, int line, int column, const char *fmt,
              va_list ap) __attribute__((format(printf, 5, 0)));

/* A word of the input as a message quotes it: w itself when its printable
 * form (ls_printable) has at most LS__WORD_SHOWN bytes, else the longest
 * head of whole characters whose form fits with "..." after it, written in
 * buf. A message that quotes words so keeps its reason within err->msg. */
#define LS__WORD_SHOWN 40
const char *ls__word(const char *w, char buf[LS__WORD_SHOWN + 1]);

/* Writes every legal discard of `hand` into out (room for 128) and returns
 * the count. Each set appears once. At least 8 entries are written: those
 * past the count are 0. */
int ls__discards(ls_cards hand, bool runs_suited, ls_cards *out);

/* Writes the moves for a hand facing `open`: every legal discard with each
 * open card and (if can_draw) a draw, then a declare if `declare`. */
int ls__moves(ls_cards hand, ls_cards open, bool can_draw, bool declare,
              bool runs_suited, ls_move *out);

/* The next seat after `seat` that is in `mask` (mask must be non-empty;
 * `seat` itself when no other is). Without a loop, as this runs every
 * turn: the mask is written twice in a row so that the search from seat+1
 * never has to wrap. */
static inline int ls__next_in(uint8_t mask, int seat, int n)
{
    uint32_t twice = (uint32_t)mask | (uint32_t)mask << n;
    uint32_t after = twice >> (seat + 1);
    if (!after)
        return seat; /* an empty mask: not reached */
    int p = seat + 1 + __builtin_ctz(after);
    return p >= n ? p - n : p;
}

#endif
