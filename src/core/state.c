/*
 * state.c - a match of Least Score as a state machine.
 *
 *   ls_state_new ─> DEAL ─ls_deal─> TURN ─ls_apply...─> DEAL ─> ... ─> OVER
 *
 * A round ends when a player declares (R5-R7) or when it reaches max_turns
 * (the D12 showdown); its scores are added (R8), players above the
 * threshold go out (D8), and the match is over when one player remains.
 * Between rounds the phase is DEAL and the caller deals the next round,
 * from the seeded generator (ls_deal) or as a record says (ls_deal_given).
 *
 * ls_apply() checks the whole move before it changes anything, so a
 * rejected move leaves the state as it was. The legal-move generator and
 * the checker share the rules of rules.c, so they cannot disagree.
 */
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"
#include "analyzer.h"

#define NO_SEAT 0xFF

bool ls_name_valid(const char *name)
{
    if (!name)
        return false;
    size_t n = strlen(name);
    if (n < 1 || n > LS_NAME_MAX)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return false;
    }
    return true;
}

ls_state *ls_state_new(const ls_rules *rules, int n, const char *const names[],
                       uint64_t seed, ls_error *err)
{
    ls_rules r = rules ? *rules : ls_rules_default();
    if (ls_rules_check(&r, n, err) != 0)
        return NULL;
    if (!names) {
        ls__fail(err, LS_EINVAL, "no player names given");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        if (!names[i] || !ls_name_valid(names[i])) {
            ls__fail(err, LS_EINVAL, "'%s' is not a valid player name: use 1 "
                     "to 16 letters A-Z (no accents), digits, '_' or '-'",
                     names[i] ? names[i] : "(null)");
            return NULL;
        }
        for (int j = 0; j < i; j++)
            if (!strcmp(names[i], names[j])) {
                ls__fail(err, LS_EINVAL, "two players are named '%s'", names[i]);
                return NULL;
            }
    }
    ls_state *s = calloc(1, sizeof *s);
    if (!s) {
        ls__fail(err, LS_ENOMEM, "out of memory");
        return NULL;
    }
    /* Field by field: a copy of r would carry its padding, which nothing
     * sets, and views and states are compared byte for byte. */
    s->rules.threshold = r.threshold;
    s->rules.tie_penalty = r.tie_penalty;
    s->rules.runs_suited = r.runs_suited;
    s->rules.hand_size = r.hand_size;
    s->rules.declare_max = r.declare_max;
    s->rules.max_turns = r.max_turns;
    ls_rng_seed(&s->rng, seed);
    s->nplayers = (uint8_t)n;
    s->phase = LS_PHASE_DEAL;
    s->turn = NO_SEAT;
    s->starter = NO_SEAT;
    for (int i = 0; i < n; i++)
        strcpy(s->names[i], names[i]);
    return s;
}

void ls_state_reseed(ls_state *s, uint64_t seed)
{
    ls_rng_seed(&s->rng, seed);
}

void ls_state_free(ls_state *s)
{
    free(s);
}

void ls_state_copy(ls_state *dst, const ls_state *src)
{
    memcpy(dst, src, sizeof *dst);
}

ls_state *ls_state_clone(const ls_state *s)
{
    ls_state *c = malloc(sizeof *c);
    if (c)
        memcpy(c, s, sizeof *c);
    return c;
}

static uint8_t all_seats(const ls_state *s)
{
    return (uint8_t)((1u << s->nplayers) - 1);
}

/* Resets the round's bookkeeping for a deal of `hands` and `open` (the
 * caller has set deck_n); the deck is every other card. The state is then
 * at the round's first turn. */
static void begin_round(ls_state *s, const ls_cards hands[], ls_card open)
{
    uint8_t remaining = (uint8_t)(all_seats(s) & ~s->out);
    s->starter = (uint8_t)(s->round == 0 ? ls__next_in(remaining, s->nplayers - 1, s->nplayers)
                                         : ls__next_in(remaining, s->starter, s->nplayers));
    s->round++;
    s->phase = LS_PHASE_TURN;
    s->in_round = remaining;
    s->played = 0;
    s->turn = s->starter;
    s->turns = 0;
    s->nevents = 0;
    ls_cards dealt = LS_BIT(open);
    for (int p = 0; p < LS_MAX_PLAYERS; p++) {
        s->hand[p] = 0;
        s->known[p] = 0;
        s->last_discard[p] = 0;
    }
    for (int p = 0; p < s->nplayers; p++) {
        s->hand[p] = hands[p] & -(ls_cards)((remaining >> p) & 1);
        dealt |= s->hand[p];
    }
    s->open = LS_BIT(open);
    s->dead = 0;
    s->deck_set = LS_ALL_CARDS & ~dealt;
}

static int check_deal_phase(const ls_state *s, ls_error *err)
{
    if (s->phase == LS_PHASE_OVER)
        return ls__fail(err, LS_EPHASE, "the match is over: %s has won",
                        s->names[ls_winner(s)]);
    if (s->phase != LS_PHASE_DEAL)
        return ls__fail(err, LS_EPHASE, "round %d is still being played",
                        s->round);
    return 0;
}

/* One step of a batched draw: the high half of r * n is uniform below n
 * (given r uniform), the low half is left for the next step. */
static inline uint32_t batch_step(uint32_t *r, uint32_t n)
{
    uint64_t x = (uint64_t)*r * n;
    *r = (uint32_t)x;
    return (uint32_t)(x >> 32);
}

/*
 * Deals `hs` cards to each seat of `seats` and returns the opening card,
 * as a partial Fisher-Yates shuffle: each card is drawn uniformly from
 * those not yet dealt. The indices are drawn three at a time from one
 * 32-bit number (Brackett-Rozinsky and Lemire, "Batched ranged random
 * integer generation", 2024): the three multiply steps give indices below
 * n, n-1 and n-2, and a batch whose final remainder lies below
 * 2^32 mod n(n-1)(n-2) is drawn again, which makes it exactly uniform.
 * That happens less than once in 30,000 batches, so a deal of 21 cards
 * calls the generator 4 times instead of 21.
 */
static ls_card deal_cards(ls_rng *rng, uint8_t seats, int hs, ls_cards hands[])
{
    uint8_t cards[52], order[52];
    for (int i = 0; i < 52; i++)
        cards[i] = (uint8_t)i;
    int need = ls_cards_count(seats) * hs + 1, i = 0;
    uint32_t nleft = 52;
    uint64_t bits = 0;
    bool half = false; /* the high half of bits is unused */
    for (; i + 3 <= need; i += 3) {
        uint32_t product = nleft * (nleft - 1) * (nleft - 2), r, j0, j1, j2;
        for (;;) {
            bits = half ? bits >> 32 : ls__rng_next(rng);
            half = !half;
            r = (uint32_t)bits;
            j0 = batch_step(&r, nleft);
            j1 = batch_step(&r, nleft - 1);
            j2 = batch_step(&r, nleft - 2);
            if (r >= product || r >= (uint32_t)-product % product)
                break;
        }
        order[i] = cards[j0], cards[j0] = cards[--nleft];
        order[i + 1] = cards[j1], cards[j1] = cards[--nleft];
        order[i + 2] = cards[j2], cards[j2] = cards[--nleft];
    }
    for (; i < need; i++) {
        uint32_t j = ls__rng_below(rng, nleft);
        order[i] = cards[j], cards[j] = cards[--nleft];
    }
    const uint8_t *next = order;
    for (int p = 0; p < LS_MAX_PLAYERS; p++) {
        if (!(seats & (1u << p)))
            continue;
        ls_cards h = 0;
        /* -fanalyzer cannot tell that need is hs cards for each seat in
         * seats plus one, all of them written to order above. */
        ANALYZER_IGNORE("-Wanalyzer-use-of-uninitialized-value")
        for (int k = 0; k < hs; k++)
            h |= LS_BIT(next[k]);
        ANALYZER_END
        hands[p] = h;
        next += hs;
    }
    return *next;
}

int ls_deal(ls_state *s, ls_error *err)
{
    int rc = check_deal_phase(s, err);
    if (rc)
        return rc;
    /* Each remaining player's hand in seat order, then the opening card;
     * the rest is the deck, whose cards are drawn at random as they are
     * drawn (see draw()), the same as shuffling them now. */
    uint8_t remaining = (uint8_t)(all_seats(s) & ~s->out);
    ls_cards hands[LS_MAX_PLAYERS] = {0};
    ls_card open = deal_cards(&s->rng, remaining, s->rules.hand_size, hands);
    s->deck_n = (uint8_t)(52 - ls_cards_count(remaining) * s->rules.hand_size - 1);
    begin_round(s, hands, open);
    return 0;
}

int ls_deal_given(ls_state *s, const ls_cards hands[], ls_card open, ls_error *err)
{
    int rc = check_deal_phase(s, err);
    if (rc)
        return rc;
    if (!hands)
        return ls__fail(err, LS_EINVAL, "no hands given");
    uint8_t remaining = (uint8_t)(all_seats(s) & ~s->out);
    ls_cards used = 0;
    char c[4];
    for (int p = 0; p < s->nplayers; p++) {
        if (!(remaining & (1u << p)))
            continue;
        if (hands[p] & ~LS_ALL_CARDS)
            return ls__fail(err, LS_EDEAL, "%s's hand holds a card that does "
                            "not exist", s->names[p]);
        int n = ls_cards_count(hands[p]);
        if (n != s->rules.hand_size)
            return ls__fail(err, LS_EDEAL, "%s's hand has %d card%s; each "
                            "player is dealt %d", s->names[p], n, n == 1 ? "" : "s",
                            s->rules.hand_size);
        if (used & hands[p])
            return ls__fail(err, LS_EDEAL, "%s is dealt twice",
                            ls_card_str(ls_cards_first(used & hands[p]), c));
        used |= hands[p];
    }
    if (open >= 52)
        return ls__fail(err, LS_EDEAL, "the opening card is not a card");
    if (used & LS_BIT(open))
        return ls__fail(err, LS_EDEAL, "the opening card %s is also in a hand",
                        ls_card_str(open, c));
    used |= LS_BIT(open);
    s->deck_n = (uint8_t)(52 - ls_cards_count(used));
    begin_round(s, hands, open);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Checking and applying moves                                         */
/* ------------------------------------------------------------------ */

/* (Whether p has played changes from turn to turn: it is combined
 * without a branch.) */
static bool can_declare(const ls_state *s, int p)
{
    bool played = (s->played >> p) & 1;
    if (!s->rules.declare_max)
        return played;
    return played & (ls_cards_total(s->hand[p]) <= s->rules.declare_max);
}

bool ls_can_declare(const ls_state *s)
{
    return s->phase == LS_PHASE_TURN && can_declare(s, s->turn);
}

/* The full check, with a message for every way a move can be wrong. */
static int check_slow(const ls_state *s, ls_move m, ls_error *err)
{
    char a[64], b[64];
    if (s->phase == LS_PHASE_OVER)
        return ls__fail(err, LS_EPHASE, "the match is over");
    if (s->phase != LS_PHASE_TURN)
        return ls__fail(err, LS_EPHASE, "no round is being played: the next "
                        "round must be dealt first");
    int p = s->turn;
    const char *who = s->names[p];
    if (m.kind == LS_MOVE_DECLARE) {
        if (m.discard)
            return ls__fail(err, LS_EINVAL, "a declaration discards nothing: "
                            "%s declares with the whole hand", who);
        if (m.card != LS_NO_CARD)
            return ls__fail(err, LS_EINVAL, "a declaration takes and draws "
                            "nothing: %s declares with the whole hand", who);
        if (!(s->played & (1u << p)))
            return ls__fail(err, LS_EDECLARE, "%s cannot declare on their "
                            "first turn of the round", who);
        int total = ls_cards_total(s->hand[p]);
        if (s->rules.declare_max && total > s->rules.declare_max)
            return ls__fail(err, LS_EDECLARE, "%s cannot declare with %d: "
                            "declaring needs a total of %d or less", who,
                            total, s->rules.declare_max);
        return 0;
    }
    if (m.kind != LS_MOVE_TAKE && m.kind != LS_MOVE_DRAW)
        return ls__fail(err, LS_EINVAL, "unknown kind of move %d", m.kind);
    if (m.discard & ~s->hand[p]) {
        ls_card missing = ls_cards_first(m.discard & ~s->hand[p]);
        ls_card_str(missing, a);
        return ls__fail(err, LS_ENOTHELD, "%s is not in %s's hand", a, who);
    }
    ls_error why;
    if (!ls_discard_ok(m.discard, &s->rules, NULL)) {
        ls_discard_ok(m.discard, &s->rules, &why);
        ls_cards_str(m.discard, a, sizeof a);
        return ls__fail(err, LS_ESHAPE, "%s cannot discard %s: %s", who, a,
                        why.msg);
    }
    if (m.kind == LS_MOVE_TAKE) {
        if (m.card >= 52 || !(s->open & LS_BIT(m.card))) {
            ls_cards_str(s->open, b, sizeof b);
            const char *are = ls_cards_count(s->open) == 1 ? "card is" : "cards are";
            if (m.card >= 52)
                return ls__fail(err, LS_ETAKE, "%s must name the open card to "
                                "take: the open %s %s", who, are, b);
            ls_card_str(m.card, a);
            return ls__fail(err, LS_ETAKE, "%s cannot take %s: the open %s %s",
                            who, a, are, b);
        }
        return 0;
    }
    if (s->deck_n == 0 && !s->dead) {
        ls_cards_str(s->open, b, sizeof b);
        return ls__fail(err, LS_EDRAW, "the deck and the dead pile are empty: "
                        "%s must take %s %s", who,
                        ls_cards_count(s->open) == 1 ? "the open card"
                                                     : "one of the open cards", b);
    }
    if (m.card != LS_NO_CARD) {
        ls_cards drawable = s->deck_n ? s->deck_set : s->dead;
        if (m.card >= 52 || !(drawable & LS_BIT(m.card))) {
            ls_card_str(m.card, a);
            const char *where = "it is not in the deck";
            if (m.card < 52) {
                ls_cards bit = LS_BIT(m.card);
                if (s->open & bit)
                    where = "it is an open card";
                else if (s->dead & bit)
                    where = "it is in the dead pile";
                else if (s->hand[p] & bit)
                    where = "it is in their own hand";
                else
                    where = "it is in another player's hand";
            }
            return ls__fail(err, LS_EDRAW, "%s cannot draw %s: %s", who, a, where);
        }
    }
    return 0;
}

/*
 * Every applied move is checked, so the common legal cases (a take of an
 * open card, a plain draw) are decided first in a few instructions; any
 * other move, and every illegal one, goes through check_slow(), which
 * finds the reason.
 */
int ls_check(const ls_state *s, ls_move m, ls_error *err)
{
    if (s->phase == LS_PHASE_TURN && m.discard &&
        !(m.discard & ~s->hand[s->turn])) {
        /* Bitwise rather than short-circuit: in play the kind is not
         * predictable, and a mispredicted branch costs more than both. */
        bool take = (m.kind == LS_MOVE_TAKE) & (m.card < 52) &
                    (bool)((s->open >> (m.card & 63)) & 1);
        bool draw = (m.kind == LS_MOVE_DRAW) & (m.card == LS_NO_CARD) &
                    ((s->deck_n != 0) | (s->dead != 0));
        bool pick = take | draw;
        bool single = !(m.discard & (m.discard - 1));
        if (pick & single)
            return 0; /* (a single card is always a legal discard) */
        if (pick && ls__discard_legal(m.discard, s->rules.runs_suited))
            return 0;
    }
    return check_slow(s, m, err);
}

static void push_event(ls_state *s, int p, ls_move m)
{
    ls_event *e = &s->history[(unsigned)s->nevents % LS_HISTORY];
    e->player = (uint8_t)p;
    e->kind = m.kind;
    e->card = m.card;
    e->discard = m.discard;
    s->nevents++;
}

/*
 * Scores the round that just ended (R6, R7, D1, D12), adds it up and
 * eliminates (R8, D8). declarer is -1 for a showdown.
 *
 * Every seat is visited whether it played or not (a seat out of the round
 * is revealed with no cards and scores 0), and choices are selects rather than
 * branches: which seat is lowest and who scores what are as random as the
 * deal, and this runs at the end of every round.
 */
static void end_round(ls_state *s, int declarer)
{
    ls_round_result *r = &s->result;
    memset(r, 0, sizeof *r);
    r->round = s->round;
    r->players = s->in_round;
    r->turns = s->turns;
    /* The lowest hand; a tie goes to the earliest player in turn order
     * from the starter (D12): the key is the total, then that distance. */
    int n = s->nplayers, st = s->starter;
    unsigned in = s->in_round, best = ~0u;
    for (int p = 0; p < n; p++) {
        unsigned plays = (in >> p) & 1;
        r->hand[p] = s->hand[p] & -(ls_cards)plays;
        r->hand_total[p] = ls_cards_total(r->hand[p]);
        unsigned dist = (unsigned)(p - st + (p < st) * n);
        unsigned key = ((unsigned)r->hand_total[p] << 4 | dist) | (plays - 1);
        best = key < best ? key : best;
    }
    int lowest = st + (int)(best & 15);
    lowest -= (lowest >= n) * n;
    int d = declarer >= 0 ? declarer : lowest;
    int dt = r->hand_total[d];
    unsigned others = in & ~(1u << d), other_low = ~0u;
    for (int p = 0; p < n; p++) {
        unsigned t = (unsigned)r->hand_total[p] | (((others >> p) & 1) - 1);
        other_low = t < other_low ? t : other_low;
    }
    int ol = (int)other_low;
    bool correct = (dt < ol) | ((dt == ol) & !s->rules.tie_penalty) | (declarer < 0);
    r->declarer = declarer;
    r->lowest = d;
    r->correct = correct;
    /* Right: 0 for the declarer, the difference for the others. Wrong: 20
     * plus the difference for the declarer, 0 for the others (R6, R7). */
    int mine = correct ? 0 : 20 + (dt - ol);
    uint8_t out = 0;
    for (int p = 0; p < n; p++) {
        int theirs = (r->hand_total[p] - dt) & -(int)correct;
        int score = p == d ? mine : theirs;
        r->score[p] = score & -(int)((in >> p) & 1);
        s->score[p] += r->score[p];
        r->total[p] = s->score[p];
        out |= (uint8_t)((s->score[p] > s->rules.threshold) << p);
    }
    r->eliminated = (uint8_t)(out & ~s->out);
    s->out |= out;
    s->has_result = true;
    s->turn = NO_SEAT;
    uint8_t remaining = (uint8_t)(all_seats(s) & ~s->out);
    s->phase = remaining & (remaining - 1) ? LS_PHASE_DEAL : LS_PHASE_OVER;
}

/* Draws for the player to move: the named card, or a card drawn uniformly
 * from the deck (see ls__random_card). Refills an empty deck from the dead
 * pile first (D9); the caller has checked that one of them holds a card. */
static ls_card draw(ls_state *s, ls_card want)
{
    if (s->deck_n == 0) {
        s->deck_set = s->dead;
        s->deck_n = (uint8_t)ls_cards_count(s->dead);
        s->dead = 0;
    }
    ls_card c = want != LS_NO_CARD ? want
                                   : ls__random_card(&s->rng, s->deck_set, s->deck_n);
    s->deck_set &= ~LS_BIT(c);
    s->deck_n--;
    return c;
}

int ls_apply(ls_state *s, ls_move *m, ls_error *err)
{
    if (!m)
        return ls__fail(err, LS_EINVAL, "no move given");
    int rc = ls_check(s, *m, err);
    if (rc)
        return rc;
    int p = s->turn;
    if (m->kind == LS_MOVE_DECLARE) {
        push_event(s, p, *m);
        end_round(s, p);
        return 0;
    }
    s->hand[p] &= ~m->discard;
    if (m->kind == LS_MOVE_TAKE) {
        s->dead |= s->open & ~LS_BIT(m->card);
    } else {
        m->card = draw(s, m->card);
        s->dead |= s->open;
    }
    s->known[p] &= s->hand[p];
    if (m->kind == LS_MOVE_TAKE)
        s->known[p] |= LS_BIT(m->card);
    s->hand[p] |= LS_BIT(m->card);
    s->open = m->discard;
    s->last_discard[p] = m->discard;
    s->played |= (uint8_t)(1u << p);
    s->turns++;
    push_event(s, p, *m);
    if (s->turns >= s->rules.max_turns)
        end_round(s, -1);
    else
        s->turn = (uint8_t)ls__next_in(s->in_round, p, s->nplayers);
    return 0;
}

int ls_legal_moves(const ls_state *s, ls_move *out)
{
    if (s->phase != LS_PHASE_TURN)
        return 0;
    int p = s->turn;
    return ls__moves(s->hand[p], s->open, s->deck_n > 0 || s->dead != 0,
                     can_declare(s, p), s->rules.runs_suited, out);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const ls_rules *ls_state_rules(const ls_state *s) { return &s->rules; }
int ls_phase(const ls_state *s) { return s->phase; }
int ls_players(const ls_state *s) { return s->nplayers; }
int ls_round(const ls_state *s) { return s->round; }
int ls_round_turns(const ls_state *s) { return s->turns; }
ls_cards ls_open_cards(const ls_state *s) { return s->open; }
ls_cards ls_dead_cards(const ls_state *s) { return s->dead; }
ls_cards ls_deck_cards(const ls_state *s) { return s->deck_set; }
int ls_deck_size(const ls_state *s) { return s->deck_n; }

const char *ls_name(const ls_state *s, int seat)
{
    return seat >= 0 && seat < s->nplayers ? s->names[seat] : NULL;
}

int ls_seat_of(const ls_state *s, const char *name)
{
    for (int i = 0; i < s->nplayers; i++)
        if (!strcmp(s->names[i], name))
            return i;
    return -1;
}

int ls_turn(const ls_state *s)
{
    return s->phase == LS_PHASE_TURN ? s->turn : -1;
}

int ls_starter(const ls_state *s)
{
    return s->starter == NO_SEAT ? -1 : s->starter;
}

ls_cards ls_hand(const ls_state *s, int seat)
{
    return seat >= 0 && seat < s->nplayers ? s->hand[seat] : 0;
}

int ls_score(const ls_state *s, int seat)
{
    return seat >= 0 && seat < s->nplayers ? s->score[seat] : 0;
}

bool ls_eliminated(const ls_state *s, int seat)
{
    return seat >= 0 && seat < s->nplayers && (s->out & (1u << seat));
}

int ls_winner(const ls_state *s)
{
    if (s->phase != LS_PHASE_OVER)
        return -1;
    uint8_t remaining = (uint8_t)(all_seats(s) & ~s->out);
    return remaining ? __builtin_ctz(remaining) : -1;
}

const ls_round_result *ls_last_result(const ls_state *s)
{
    return s->has_result ? &s->result : NULL;
}
