/*
 * view.c - what one player may know (D11), and back from a view to a state.
 *
 * ls_view_of() copies the public part of the state and the seat's own hand
 * into a zeroed ls_view; the only hidden things in a state are the other
 * hands (less their known cards), the deck's order and content, the
 * generator, and other players' drawn cards, and none of them is read.
 * ls_state_from_view() goes the other way for determinized search: a view
 * plus guessed hidden hands gives a full state that agrees with the view;
 * its deck holds the remaining cards and draws from it at random.
 */
#include <string.h>

#include "core/internal.h"

void ls_view_of(const ls_state *s, int seat, ls_view *v)
{
    memset(v, 0, sizeof *v);
    v->rules = s->rules;
    v->nplayers = s->nplayers;
    v->me = seat;
    memcpy(v->names, s->names, sizeof v->names);
    v->phase = s->phase;
    v->round = s->round;
    v->turn = ls_turn(s);
    v->starter = ls_starter(s);
    v->turns = s->turns;
    v->hand = s->hand[seat];
    v->hand_total = ls_cards_total(v->hand);
    for (int p = 0; p < s->nplayers; p++) {
        v->hand_size[p] = ls_cards_count(s->hand[p]);
        v->known[p] = s->known[p];
        v->last_discard[p] = s->last_discard[p];
        v->score[p] = s->score[p];
    }
    v->open = s->open;
    v->dead = s->dead;
    v->deck_size = s->deck_n;
    v->in_round = s->in_round;
    v->eliminated = s->out;
    v->played = s->played;
    v->can_declare = s->phase == LS_PHASE_TURN && s->turn == seat &&
                     ls_can_declare(s);
    int first = s->nevents > LS_HISTORY ? s->nevents - LS_HISTORY : 0;
    v->history_start = first;
    v->nhistory = s->nevents - first;
    for (int i = 0; i < v->nhistory; i++) {
        ls_event e = s->history[(first + i) % LS_HISTORY];
        if (e.kind == LS_MOVE_DRAW && e.player != seat)
            e.card = LS_NO_CARD;
        v->history[i] = e;
    }
    v->has_result = s->has_result;
    if (s->has_result)
        v->last_result = s->result;
}

int ls_view_legal_moves(const ls_view *v, ls_move *out)
{
    if (v->phase != LS_PHASE_TURN || v->turn != v->me)
        return 0;
    return ls__moves(v->hand, v->open, v->deck_size > 0 || v->dead != 0,
                     v->can_declare, v->rules.runs_suited, out);
}

ls_cards ls_view_unseen(const ls_view *v)
{
    ls_cards seen = v->hand | v->open | v->dead;
    for (int p = 0; p < v->nplayers; p++)
        seen |= v->known[p];
    return LS_ALL_CARDS & ~seen;
}

int ls_state_from_view(ls_state *dst, const ls_view *v, const ls_cards hands[],
                       uint64_t seed, ls_error *err)
{
    if (v->phase != LS_PHASE_TURN)
        return ls__fail(err, LS_EPHASE, "the view is not of a round in play");
    ls_cards used = v->hand | v->open | v->dead;
    for (int p = 0; p < v->nplayers; p++) {
        if (p == v->me || !(v->in_round & (1u << p)))
            continue;
        ls_cards h = hands[p];
        if ((h & v->known[p]) != v->known[p])
            return ls__fail(err, LS_EDEAL, "%s's hand lacks a card known to "
                            "be in it", v->names[p]);
        if (ls_cards_count(h) != v->hand_size[p])
            return ls__fail(err, LS_EDEAL, "%s's hand has %d card%s, not %d",
                            v->names[p], ls_cards_count(h),
                            ls_cards_count(h) == 1 ? "" : "s", v->hand_size[p]);
        if ((h & used) || (h & ~LS_ALL_CARDS))
            return ls__fail(err, LS_EDEAL, "%s's hand holds a card that is "
                            "seen elsewhere", v->names[p]);
        used |= h;
    }
    ls_cards deck = LS_ALL_CARDS & ~used;
    if (ls_cards_count(deck) != v->deck_size)
        return ls__fail(err, LS_EDEAL, "the guessed hands leave %d card%s for "
                        "a deck of %d", ls_cards_count(deck),
                        ls_cards_count(deck) == 1 ? "" : "s", v->deck_size);

    ls_state *s = dst;
    memset(s, 0, sizeof *s);
    s->rules = v->rules;
    ls_rng_seed(&s->rng, seed);
    s->nplayers = (uint8_t)v->nplayers;
    s->phase = LS_PHASE_TURN;
    s->out = v->eliminated;
    s->in_round = v->in_round;
    s->played = v->played;
    s->starter = (uint8_t)v->starter;
    s->turn = (uint8_t)v->turn;
    s->round = v->round;
    s->turns = v->turns;
    memcpy(s->names, v->names, sizeof s->names);
    for (int p = 0; p < v->nplayers; p++) {
        s->score[p] = v->score[p];
        s->hand[p] = p == v->me ? v->hand
                     : (v->in_round & (1u << p)) ? hands[p] : 0;
        s->known[p] = v->known[p];
        s->last_discard[p] = v->last_discard[p];
    }
    s->open = v->open;
    s->dead = v->dead;
    s->deck_n = (uint8_t)ls_cards_count(deck);
    s->deck_set = deck;
    s->nevents = v->history_start + v->nhistory;
    for (int i = 0; i < v->nhistory; i++)
        s->history[(v->history_start + i) % LS_HISTORY] = v->history[i];
    s->has_result = v->has_result;
    if (v->has_result)
        s->result = v->last_result;
    return 0;
}
