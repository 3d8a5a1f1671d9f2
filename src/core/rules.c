/*
 * rules.c - the table's options, and which sets of cards may be discarded.
 *
 * R3, D2 and D3 decide a discard by its size alone: 1 card; 2 of a rank;
 * 3 or 5 in a run (Ace low or high, never both); 4 of a rank; 5 of a suit.
 * ls__discards() enumerates exactly those sets for a hand, each once (a
 * straight flush comes from the run enumeration and is skipped as a
 * flush), in a fixed order so that move lists are deterministic.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

const char *const ls_option_names[] = {"threshold", "tie", "runs", "hand_size",
                                       "declare_max", "max_turns", NULL};

/* What each option may be, in the words every message about a refused
 * value uses after "is not" (a record's "option hand_size: '9' is not a
 * whole number from 3 to 7", the command line's "--hand-size: ..."), in
 * ls_option_names order. ls_rules_set() and ls_rules_check() hold the
 * same ranges; test_record checks both ends of each. */
static const char *const option_allowed[] = {
    "a whole number from 1 to 1000 (usually 25, 50 or 100)",
    "'declarer' or 'penalty'",
    "'any' or 'suited'",
    "a whole number from 3 to 7",
    "a whole number from 0 to 70 (0: no limit)",
    "a whole number from 1 to 100000",
};

const char *ls_option_allowed(const char *name)
{
    for (size_t i = 0; name && ls_option_names[i]; i++)
        if (!strcmp(name, ls_option_names[i]))
            return option_allowed[i];
    return NULL;
}

ls_rules ls_rules_default(void)
{
    return (ls_rules){
        .threshold = 100,
        .tie_penalty = false,
        .runs_suited = false,
        .hand_size = 5,
        .declare_max = 0,
        .max_turns = LS_DEFAULT_MAX_TURNS,
    };
}

/* Reads a whole decimal number in [lo, hi]: digits only (strtol alone
 * would take ' 100' or '+100', which no other number here accepts). */
static bool parse_int(const char *text, int lo, int hi, int *out)
{
    if (!text || *text < '0' || *text > '9')
        return false;
    char *end;
    long v = strtol(text, &end, 10);
    if (*end || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

int ls_rules_set(ls_rules *r, const char *name, const char *value, ls_error *err)
{
    if (!r || !name || !value)
        return ls__fail(err, LS_EINVAL, "no option given");
    int v;
    if (!strcmp(name, "threshold")) {
        if (!parse_int(value, 1, 1000, &v))
            return ls__fail(err, LS_EOPTION, "threshold must be a whole number "
                            "from 1 to 1000 (usually 25, 50 or 100), not '%s'", value);
        r->threshold = v;
    } else if (!strcmp(name, "tie")) {
        if (strcmp(value, "declarer") && strcmp(value, "penalty"))
            return ls__fail(err, LS_EOPTION, "tie must be 'declarer' or "
                            "'penalty', not '%s'", value);
        r->tie_penalty = !strcmp(value, "penalty");
    } else if (!strcmp(name, "runs")) {
        if (strcmp(value, "any") && strcmp(value, "suited"))
            return ls__fail(err, LS_EOPTION, "runs must be 'any' or 'suited', "
                            "not '%s'", value);
        r->runs_suited = !strcmp(value, "suited");
    } else if (!strcmp(name, "hand_size")) {
        if (!parse_int(value, 3, 7, &v))
            return ls__fail(err, LS_EOPTION, "hand_size must be from 3 to 7, "
                            "not '%s'", value);
        r->hand_size = v;
    } else if (!strcmp(name, "declare_max")) {
        if (!parse_int(value, 0, 70, &v))
            return ls__fail(err, LS_EOPTION, "declare_max must be 0 (no limit) "
                            "or a total from 1 to 70, not '%s'", value);
        r->declare_max = v;
    } else if (!strcmp(name, "max_turns")) {
        if (!parse_int(value, 1, 100000, &v))
            return ls__fail(err, LS_EOPTION, "max_turns must be from 1 to "
                            "100000, not '%s'", value);
        r->max_turns = v;
    } else {
        return ls__fail(err, LS_EOPTION, "unknown option '%s' (options: "
                        "threshold, tie, runs, hand_size, declare_max, "
                        "max_turns)", name);
    }
    return 0;
}

int ls_rules_get(const ls_rules *r, const char *name, char *buf, size_t size)
{
    if (!strcmp(name, "threshold"))
        return snprintf(buf, size, "%d", r->threshold) < 0 ? LS_EINVAL : 0;
    if (!strcmp(name, "tie"))
        return snprintf(buf, size, "%s", r->tie_penalty ? "penalty" : "declarer") < 0 ? LS_EINVAL : 0;
    if (!strcmp(name, "runs"))
        return snprintf(buf, size, "%s", r->runs_suited ? "suited" : "any") < 0 ? LS_EINVAL : 0;
    if (!strcmp(name, "hand_size"))
        return snprintf(buf, size, "%d", r->hand_size) < 0 ? LS_EINVAL : 0;
    if (!strcmp(name, "declare_max"))
        return snprintf(buf, size, "%d", r->declare_max) < 0 ? LS_EINVAL : 0;
    if (!strcmp(name, "max_turns"))
        return snprintf(buf, size, "%d", r->max_turns) < 0 ? LS_EINVAL : 0;
    return LS_EOPTION;
}

int ls_rules_check(const ls_rules *r, int nplayers, ls_error *err)
{
    if (nplayers < LS_MIN_PLAYERS || nplayers > LS_MAX_PLAYERS)
        return ls__fail(err, LS_EINVAL, "a table has 2 to 8 players, not %d",
                        nplayers);
    if (r->threshold < 1 || r->threshold > 1000)
        return ls__fail(err, LS_EOPTION, "threshold must be from 1 to 1000, "
                        "not %d", r->threshold);
    if (r->hand_size < 3 || r->hand_size > 7)
        return ls__fail(err, LS_EOPTION, "hand_size must be from 3 to 7, not %d",
                        r->hand_size);
    if (r->declare_max < 0 || r->declare_max > 70)
        return ls__fail(err, LS_EOPTION, "declare_max must be from 0 to 70, "
                        "not %d", r->declare_max);
    if (r->max_turns < 1 || r->max_turns > 100000)
        return ls__fail(err, LS_EOPTION, "max_turns must be from 1 to 100000, "
                        "not %d", r->max_turns);
    if (nplayers * r->hand_size + 1 > 52)
        return ls__fail(err, LS_EOPTION, "%d players with %d cards each need "
                        "%d cards with the opening card; the deck has 52 "
                        "(D13)", nplayers, r->hand_size,
                        nplayers * r->hand_size + 1);
    return 0;
}

/* The 13 ranks present in a set, as bits 0..12, plus bit 13 for an Ace
 * counted above the King. */
static unsigned rank_mask(ls_cards set)
{
    unsigned m = 0;
    for (; set; set &= set - 1) /* one pass per card: sets are small */
        m |= 1u << (__builtin_ctzll(set) >> 2);
    if (m & 1)
        m |= 1u << 13;
    return m;
}

/* Whether n cards of distinct ranks form one run (Ace low or high). */
static bool is_run(ls_cards set, int n)
{
    unsigned m = rank_mask(set);
    unsigned low = m & 0x1FFF, high = m & 0x3FFE;
    unsigned want = (1u << n) - 1;
    if (__builtin_popcount(low) != n)
        return false; /* two cards share a rank */
    return (low >> __builtin_ctz(low)) == want ||
           (high >> __builtin_ctz(high)) == want;
}

/* The suit shared by every card of the set, or -1. */
static int one_suit(ls_cards set)
{
    for (int s = 0; s < 4; s++)
        if (!(set & ~(0x1111111111111ull << s)))
            return s;
    return -1;
}

/* The reason a set may not be discarded; false when it may (then the
 * caller has a bug: ls__discard_legal() said no). */
static bool discard_why(ls_cards set, const ls_rules *r, ls_error *err)
{
    if (set & ~LS_ALL_CARDS) {
        ls__fail(err, LS_ESHAPE, "the set holds bits that are not cards");
        return false;
    }
    int n = ls_cards_count(set);
    unsigned ranks = rank_mask(set) & 0x1FFF;
    int nranks = __builtin_popcount(ranks);
    bool suited = one_suit(set) >= 0;
    switch (n) {
    case 0:
        ls__fail(err, LS_ESHAPE, "at least one card must be discarded");
        return false;
    case 1:
        return true;
    case 2:
        if (nranks == 1)
            return true;
        ls__fail(err, LS_ESHAPE, "2 cards must be a pair of the same rank");
        return false;
    case 3:
        if (nranks == 1) {
            ls__fail(err, LS_ESHAPE, "3 of a kind cannot be discarded "
                     "(discard a pair, or all 4)");
            return false;
        }
        if (is_run(set, 3)) {
            if (!r->runs_suited || suited)
                return true;
            ls__fail(err, LS_ESHAPE, "runs must be of one suit (option runs "
                     "suited)");
            return false;
        }
        ls__fail(err, LS_ESHAPE, "3 cards must be a run of consecutive ranks "
                 "like 4-5-6 (K-A-2 does not count)");
        return false;
    case 4:
        if (nranks == 1)
            return true;
        if (is_run(set, 4)) {
            ls__fail(err, LS_ESHAPE, "a run must be 3 or 5 cards long, not 4");
            return false;
        }
        if (nranks == 2 && ls_cards_count(set & (0xFull << (4 * __builtin_ctz(ranks)))) == 2) {
            ls__fail(err, LS_ESHAPE, "two pairs of different ranks cannot be "
                     "discarded together (4 cards must be 4 of a kind)");
            return false;
        }
        ls__fail(err, LS_ESHAPE, "4 cards must be 4 of a kind");
        return false;
    case 5:
        if (suited)
            return true;
        if (is_run(set, 5)) {
            if (!r->runs_suited)
                return true;
            ls__fail(err, LS_ESHAPE, "runs must be of one suit (option runs "
                     "suited)");
            return false;
        }
        ls__fail(err, LS_ESHAPE, "5 cards must be a run like 6-7-8-9-10 or a "
                 "flush (all of one suit)");
        return false;
    default:
        ls__fail(err, LS_ESHAPE, "at most 5 cards may be discarded at once "
                 "(a run of 5 or a flush), not %d", n);
        return false;
    }
}

bool ls_discard_ok(ls_cards set, const ls_rules *r, ls_error *err)
{
    if (ls__discard_legal(set, r->runs_suited))
        return true;
    if (err)
        discard_why(set, r, err);
    return false;
}

/* Appends to out every set taking one card from each of the `len`
 * consecutive ranks starting at `rank` (rank 13 is the Ace above the King),
 * choosing among the cards of `hand` whose suits are in `suits`. */
static int run_sets(ls_cards hand, int rank, int len, unsigned suits,
                    ls_cards acc, ls_cards *out, int n)
{
    if (len == 0) {
        out[n] = acc;
        return n + 1;
    }
    int r = rank % 13;
    unsigned nib = (unsigned)(hand >> (4 * r)) & suits & 15;
    for (; nib; nib &= nib - 1)
        n = run_sets(hand, rank + 1, len - 1, suits,
                     acc | LS_BIT(LS_CARD(r, __builtin_ctz(nib))), out, n);
    return n;
}

/*
 * This is the engine's inner loop (every legal-move list starts here), so
 * it works on whole masks: per-rank facts come from SWAR arithmetic on the
 * nibbles of the hand (bit 4r of `present` says rank r is held, of `multi`
 * that it is held at least twice), and pairs, runs and flushes are looked
 * for only where those masks say they can be.
 */
int ls__discards(ls_cards hand, bool runs_suited, ls_cards *out)
{
    const ls_cards ones = 0x1111111111111ull; /* bit 0 of each rank nibble */
    /* Singles: a fixed run of 8, zeros past the last card (a hand holds at
     * most 7), costs less than a loop whose exit depends on the hand. */
    ls_cards h = hand;
    for (int i = 0; i < 8; i++) {
        ls_cards rest = h & (h - 1);
        out[i] = h ^ rest;
        h = rest;
    }
    for (int i = 8; h; h &= h - 1) /* only from a made-up view */
        out[i++] = h & -h;

    ls_cards c = hand - ((hand >> 1) & 0x5555555555555ull);
    c = (c & 0x3333333333333ull) + ((c >> 2) & 0x3333333333333ull);
    int held = (int)((((c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full) *
                      0x0101010101010101ull) >> 56);
    int n = held;
    ls_cards present = (c | (c >> 1) | (c >> 2)) & ones;

    /* Pairs. A rank held exactly twice is one pair, the usual case: the
     * first two such ranks are written without a branch (a rank bit past
     * the cards selects nothing). A rank held 3 or 4 times gives each pair
     * of its cards, and 4 of a kind. */
    ls_cards two = (c >> 1) & ~(c | (c >> 2)) & ones;
    ls_cards more = ((c >> 2) | (c & (c >> 1))) & ones;
    for (int k = 0; k < 2; k++) {
        out[n] = hand & ((ls_cards)15 << __builtin_ctzll(two | (ls_cards)1 << 63));
        n += two != 0;
        two &= two - 1;
    }
    for (; two; two &= two - 1)
        out[n++] = hand & ((ls_cards)15 << __builtin_ctzll(two));
    for (; more; more &= more - 1) {
        int shift = __builtin_ctzll(more);
        ls_cards base = hand & ((ls_cards)15 << shift);
        for (ls_cards a = base; a; a &= a - 1)
            for (ls_cards b = a & (a - 1); b; b &= b - 1)
                out[n++] = (a & -a) | (b & -b);
        if (base == (ls_cards)15 << shift)
            out[n++] = base;
    }

    /* Runs of 3 and 5: bit 4s of starts3 says ranks s, s+1, s+2 are all
     * held (bit 52 stands for the Ace above the King). */
    present |= (present & 1) << 52;
    ls_cards starts3 = present & (present >> 4) & (present >> 8);
    if (starts3) {
        ls_cards starts5 = starts3 & (present >> 12) & (present >> 16);
        ls_cards multi = ((c >> 1) | (c >> 2)) & ones; /* ranks held 2+ times */
        for (int len = 3; len <= 5; len += 2) {
            for (ls_cards st = len == 3 ? starts3 : starts5; st; st &= st - 1) {
                int s = __builtin_ctzll(st) >> 2;
                ls_cards span = s + len <= 13
                    ? (((ls_cards)1 << (4 * len)) - 1) << (4 * s)
                    : ((((ls_cards)1 << (4 * (len - 1))) - 1) << (4 * s)) | 15;
                /* The usual case, one card of each rank, is the hand's
                 * cards within the run's ranks: no enumeration needed. */
                if (!(multi & span)) {
                    ls_cards in = hand & span;
                    if (!runs_suited || one_suit(in) >= 0)
                        out[n++] = in;
                    continue;
                }
                if (!runs_suited) {
                    n = run_sets(hand, s, len, 15, 0, out, n);
                    continue;
                }
                for (unsigned one = 1; one < 16; one <<= 1)
                    n = run_sets(hand, s, len, one, 0, out, n);
            }
        }
    }

    /* Flushes that are not also runs (those came from the runs above).
     * Only hands of 5 or more cards can hold one; a 5-card hand only when
     * every card has the suit of its first. */
    bool flush5 = (held == 5) &
                  !(hand & ~(ones << (__builtin_ctzll(hand | (ls_cards)1 << 63) & 3)));
    if (flush5 && !is_run(hand, 5)) {
        out[n++] = hand;
    } else if (held > 5) {
        for (int suit = 0; suit < 4; suit++) {
            ls_cards of = hand & (ones << suit);
            if (ls_cards_count(of) < 5)
                continue;
            for (ls_cards sub = of; sub; sub = (sub - 1) & of)
                if (ls_cards_count(sub) == 5 && !is_run(sub, 5))
                    out[n++] = sub;
        }
    }
    return n;
}

/*
 * A move is one word (see ls_move): with gcc and clang on a little-endian
 * machine the discard is its low 52 bits, so a move is its discard OR'd
 * with the word of {0, kind, card}, and two moves are written with one
 * 16-byte OR and store. Elsewhere the fields are written one by one.
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MOVE_WORDS 1
#else
#define MOVE_WORDS 0
#endif

typedef uint64_t word2 __attribute__((vector_size(16)));

/* The word of the move {0, kind, card}. */
static inline uint64_t move_tag(uint8_t kind, ls_card card)
{
    ls_move m = {0, kind, card};
    uint64_t tag;
    memcpy(&tag, &m, sizeof tag);
    return tag;
}

static inline void fill2(ls_move *out, const ls_cards *discards, uint64_t tag)
{
#if MOVE_WORDS
    word2 d;
    memcpy(&d, discards, sizeof d);
    d |= tag;
    memcpy(out, &d, sizeof d);
#else
    ls_move m;
    memcpy(&m, &tag, sizeof m);
    m.discard = discards[0];
    out[0] = m;
    m.discard = discards[1];
    out[1] = m;
#endif
}

/* Writes the moves with each of the nd discards and `tag`, two at a time.
 * Most hands have at most 8 discards; for them a fixed run of 8 (the extra
 * ones are overwritten by the next block or lie past the end of the list)
 * costs less than the mispredicted exit of a loop of varying length.
 * discards[] must be readable up to 8, or to nd rounded up to even. */
static inline void fill(ls_move *out, const ls_cards *discards, int nd, uint64_t tag)
{
    if (nd <= 8) {
        fill2(out, discards, tag);
        fill2(out + 2, discards + 2, tag);
        fill2(out + 4, discards + 4, tag);
        fill2(out + 6, discards + 6, tag);
        return;
    }
    for (int i = 0; i < nd; i += 2)
        fill2(out + i, discards + i, tag);
}

/* Moves are written pickup by pickup: draws first, then the takes of each
 * open card. */
int ls__moves(ls_cards hand, ls_cards open, bool can_draw, bool declare,
              bool runs_suited, ls_move *out)
{
    _Static_assert(sizeof(ls_move) == sizeof(uint64_t), "a move is one word");
    ls_cards discards[128];
    int nd = ls__discards(hand, runs_suited, discards), n = 0;
    discards[nd] = 0; /* fill() may read it, for an odd count above 8 */
    if (can_draw) {
        fill(out, discards, nd, move_tag(LS_MOVE_DRAW, LS_NO_CARD));
        n = nd;
    }
    for (ls_cards o = open; o; o &= o - 1) {
        fill(out + n, discards, nd,
             move_tag(LS_MOVE_TAKE, (ls_card)__builtin_ctzll(o)));
        n += nd;
    }
    /* Written always and counted only when allowed: whether a player may
     * declare changes from turn to turn, so a branch here mispredicts. */
    out[n] = (ls_move){0, LS_MOVE_DECLARE, LS_NO_CARD};
    return n + declare;
}
