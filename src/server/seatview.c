/*
 * seatview.c - what one seat may see, as JSON (see seatview.h).
 *
 * The hidden-information rule lives here and only here: a player's own hand
 * comes from ls_view_of() for that seat, which never holds another hand or
 * the deck; a spectator's view is a player's view with the hand parts left
 * out; an event shows a drawn card only to the seat that drew it. Hands
 * appear otherwise only in a round's result, where the rules reveal them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/seatview.h"

static const char *const status_names[] = {"lobby", "playing", "between", "over"};
static const char *const event_kinds[] = {
    [TEV_SEAT] = "seat",          [TEV_UNSEAT] = "unseat",
    [TEV_START] = "start",        [TEV_DEAL] = "deal",
    [TEV_MOVE] = "move",          [TEV_ROUND_END] = "round_end",
    [TEV_MATCH_END] = "match_end", [TEV_CONNECTION] = "connection",
    [TEV_HOST] = "host",          [TEV_REOPEN] = "reopen",
    [TEV_HURRY] = "hurry",
};

json_t *seatview_cards(ls_cards set)
{
    json_t *a = json_array();
    char name[4];
    for (ls_cards rest = set & LS_ALL_CARDS; rest; rest &= rest - 1)
        json_array_append_new(a, json_string(ls_card_str(ls_cards_first(rest), name)));
    return a;
}

static json_t *card(ls_card c)
{
    char name[4];
    return json_string(ls_card_str(c, name));
}

json_t *seatview_rules(const ls_rules *r)
{
    json_t *o = json_object();
    char value[32];
    for (int i = 0; ls_option_names[i]; i++) {
        const char *name = ls_option_names[i];
        ls_rules_get(r, name, value, sizeof value);
        char *end;
        long long n = strtoll(value, &end, 10);
        if (*value && !*end)
            json_object_set_new(o, name, json_integer(n));
        else
            json_object_set_new(o, name, json_string(value));
    }
    return o;
}

static json_t *result_json(const ls_round_result *r)
{
    json_t *o = json_object(), *out = json_array(), *hands = json_array();
    json_object_set_new(o, "round", json_integer(r->round));
    json_object_set_new(o, "declarer", json_integer(r->declarer));
    json_object_set_new(o, "lowest", json_integer(r->lowest));
    json_object_set_new(o, "correct", json_boolean(r->correct));
    for (int i = 0; i < LS_MAX_PLAYERS; i++) {
        if (r->eliminated & (1u << i))
            json_array_append_new(out, json_integer(i));
        if (!(r->players & (1u << i)))
            continue;
        json_t *h = json_object();
        json_object_set_new(h, "seat", json_integer(i));
        json_object_set_new(h, "cards", seatview_cards(r->hand[i]));
        json_object_set_new(h, "total", json_integer(r->hand_total[i]));
        json_object_set_new(h, "score", json_integer(r->score[i]));
        json_object_set_new(h, "cumulative", json_integer(r->total[i]));
        json_array_append_new(hands, h);
    }
    json_object_set_new(o, "eliminated", out);
    json_object_set_new(o, "hands", hands);
    return o;
}

/* A match's end (TEV_MATCH_END): enough to show it to a client that
 * missed every event before. Best first, then by seat, as `replay --json`
 * lists its places; places run 1..n, so one pass per place. */
static json_t *places_json(const table_standing *sd, int n)
{
    json_t *a = json_array();
    for (int place = 1; place <= n; place++)
        for (int i = 0; i < n; i++) {
            if (sd[i].place != place)
                continue;
            json_t *p = json_object();
            json_object_set_new(p, "place", json_integer(sd[i].place));
            json_object_set_new(p, "seat", json_integer(i));
            json_object_set_new(p, "name", json_string(sd[i].name));
            json_object_set_new(p, "total", json_integer(sd[i].total));
            json_object_set_new(p, "out_round", sd[i].out_round > 0
                                                    ? json_integer(sd[i].out_round)
                                                    : json_null());
            json_array_append_new(a, p);
        }
    return a;
}

json_t *seatview_event(const table *t, const table_event *ev, int seat)
{
    (void)t;
    json_t *o = json_object();
    json_object_set_new(o, "v", json_integer(ev->v));
    json_object_set_new(o, "kind", json_string(event_kinds[ev->kind]));
    switch (ev->kind) {
    case TEV_SEAT:
        json_object_set_new(o, "seat", json_integer(ev->seat));
        json_object_set_new(o, "name", json_string(ev->name));
        json_object_set_new(o, "who", json_string(ev->bot ? "bot" : "human"));
        if (ev->bot)
            json_object_set_new(o, "level", json_string(ev->level));
        break;
    case TEV_UNSEAT:
        json_object_set_new(o, "seat", json_integer(ev->seat));
        json_object_set_new(o, "name", json_string(ev->name));
        break;
    case TEV_START:
        json_object_set_new(o, "match", json_integer(ev->num));
        break;
    case TEV_DEAL:
        json_object_set_new(o, "round", json_integer(ev->num));
        json_object_set_new(o, "starter", json_integer(ev->seat));
        json_object_set_new(o, "open", card(ev->move.card));
        break;
    case TEV_MOVE: {
        ls_move m = ev->move;
        static const char *const actions[] = {"", "take", "draw", "declare"};
        json_object_set_new(o, "seat", json_integer(ev->seat));
        json_object_set_new(o, "action", json_string(actions[m.kind]));
        if (m.kind != LS_MOVE_DECLARE)
            json_object_set_new(o, "discard", seatview_cards(m.discard));
        /* The drawn card is the drawer's secret. */
        if (m.kind == LS_MOVE_DRAW && seat != ev->seat)
            m.card = LS_NO_CARD;
        if (m.kind != LS_MOVE_DECLARE && m.card != LS_NO_CARD)
            json_object_set_new(o, "card", card((ls_card)m.card));
        char text[96];
        ls_move_str(m, text, sizeof text);
        json_object_set_new(o, "move", json_string(text));
        json_object_set_new(o, "timeout", json_boolean(ev->timeout));
        break;
    }
    case TEV_ROUND_END:
        if (ev->result) {
            json_t *r = result_json(ev->result);
            json_object_update(o, r);
            json_decref(r);
        } else {
            json_object_set_new(o, "round", json_integer(ev->num));
        }
        break;
    case TEV_MATCH_END:
        json_object_set_new(o, "winner", json_integer(ev->seat));
        if (ev->standings)
            json_object_set_new(o, "places", places_json(ev->standings, ev->num));
        json_object_set_new(o, "match_id", ev->match_id > 0 ? json_integer(ev->match_id)
                                                            : json_null());
        break;
    case TEV_CONNECTION:
        json_object_set_new(o, "seat", json_integer(ev->seat));
        json_object_set_new(o, "connected", json_boolean(ev->connected));
        json_object_set_new(o, "away", json_boolean(ev->away));
        break;
    case TEV_HOST:
        json_object_set_new(o, "seat", json_integer(ev->seat));
        break;
    case TEV_REOPEN:
        json_object_set_new(o, "match", json_integer(ev->num));
        break;
    case TEV_HURRY:
        json_object_set_new(o, "seat", json_integer(ev->seat));
        json_object_set_new(o, "by", json_integer(ev->num));
        json_object_set_new(o, "seconds", json_integer(t->cfg.hurry_ms / 1000));
        break;
    }
    return o;
}

static json_t *seat_json(const table *t, int i, const ls_view *v)
{
    const table_seat *st = &t->seats[i];
    json_t *o = json_object();
    json_object_set_new(o, "name", json_string(st->name));
    json_object_set_new(o, "kind", json_string(st->bot ? "bot" : "human"));
    if (st->bot) {
        json_object_set_new(o, "level", json_string(st->level));
    } else {
        json_object_set_new(o, "connected", json_boolean(st->connected));
        json_object_set_new(o, "away", json_boolean(st->away));
    }
    json_object_set_new(o, "wins", json_integer(st->wins));
    if (!v)
        return o;
    json_object_set_new(o, "score", json_integer(v->score[i]));
    json_object_set_new(o, "out", json_boolean(v->eliminated & (1u << i)));
    json_object_set_new(o, "out_round", st->out_round > 0 ? json_integer(st->out_round)
                                                          : json_null());
    json_object_set_new(o, "in_round", json_boolean(v->in_round & (1u << i)));
    json_object_set_new(o, "hand_size", json_integer(v->hand_size[i]));
    json_object_set_new(o, "known", seatview_cards(v->known[i]));
    json_object_set_new(o, "last_discard", seatview_cards(v->last_discard[i]));
    return o;
}

json_t *seatview_view(const table *t, int seat, int64_t now)
{
    json_t *o = json_object();
    json_object_set_new(o, "code", json_string(t->code));
    json_object_set_new(o, "status", json_string(status_names[t->status]));
    json_object_set_new(o, "you", json_integer(seat));
    json_object_set_new(o, "host", json_integer(t->host));
    json_object_set_new(o, "match", json_integer(t->match));
    json_object_set_new(o, "capacity", json_integer(t->opt.seats));
    json_object_set_new(o, "rules", seatview_rules(&t->opt.rules));
    json_object_set_new(o, "turn_time", json_integer(t->opt.turn_time));
    json_object_set_new(o, "grace", json_integer(t->cfg.grace_ms / 1000));

    /* A spectator is shown seat 0's view less everything of seat 0's own:
     * the public part. */
    ls_view v;
    bool have = t->s != NULL && t->status != TABLE_LOBBY;
    if (have)
        ls_view_of(t->s, seat >= 0 ? seat : 0, &v);
    json_t *seats = json_array();
    for (int i = 0; i < t->nseats; i++)
        json_array_append_new(seats, seat_json(t, i, have ? &v : NULL));
    json_object_set_new(o, "seats", seats);
    if (!have)
        return o;

    json_object_set_new(o, "round", json_integer(v.round));
    json_object_set_new(o, "turn", json_integer(v.turn));
    json_object_set_new(o, "starter", json_integer(v.starter));
    json_object_set_new(o, "turns", json_integer(v.turns));
    int64_t left = table_time_left(t, now);
    if (left >= 0)
        json_object_set_new(o, "deadline", json_integer(left));
    if (t->status == TABLE_PLAYING)
        json_object_set_new(o, "turn_age", json_integer(now - t->turn_began));
    bool playing = v.phase == LS_PHASE_TURN;
    if (seat >= 0 && playing && (v.in_round & (1u << seat))) {
        json_object_set_new(o, "hand", seatview_cards(v.hand));
        json_object_set_new(o, "hand_total", json_integer(v.hand_total));
    }
    if (playing)
        json_object_set_new(o, "open", seatview_cards(v.open));
    json_object_set_new(o, "dead", json_integer(ls_cards_count(v.dead)));
    json_object_set_new(o, "deck", json_integer(v.deck_size));
    if (seat >= 0 && playing && v.turn == seat) {
        json_object_set_new(o, "can_declare", json_boolean(v.can_declare));
        json_object_set_new(o, "can_draw",
                            json_boolean(v.deck_size > 0 || v.dead != 0));
    }
    if (v.has_result)
        json_object_set_new(o, "result", result_json(&v.last_result));
    if (t->status == TABLE_OVER) {
        json_object_set_new(o, "winner", json_integer(ls_winner(t->s)));
        json_object_set_new(o, "match_id", t->match_id > 0 ? json_integer(t->match_id)
                                                           : json_null());
    }
    return o;
}

json_t *seatview_state(const table *t, int seat, long long since, int64_t now)
{
    json_t *o = json_object(), *events = json_array();
    long long oldest = table_oldest(t);
    bool snapshot = since < 0 || since + 1 < oldest || since > t->version;
    long long from = snapshot ? oldest : since + 1;
    for (long long v = from; v <= t->version; v++) {
        const table_event *ev = table_event_at(t, v);
        if (ev)
            json_array_append_new(events, seatview_event(t, ev, seat));
    }
    json_object_set_new(o, "type", json_string("state"));
    json_object_set_new(o, "version", json_integer(t->version));
    json_object_set_new(o, "events", events);
    json_object_set_new(o, "view", seatview_view(t, seat, now));
    json_object_set_new(o, "snapshot", json_boolean(snapshot));
    return o;
}
