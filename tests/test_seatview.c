/*
 * test_seatview.c - what each seat is sent never shows a hidden card
 * (src/server/seatview.c, docs/server-protocol.md "The view").
 *
 * Whole matches are played at a table (people moving through table_move,
 * computer players answering requests), and after every change each seat's
 * and a spectator's `state` message is built exactly as the server builds
 * it. Every card named anywhere in it (views, events, move texts) must be
 * visible to the receiver at that moment: not in the deck, and not in
 * another player's hand unless known (taken from the open cards). Events
 * are checked when they are first sent, against the state right after
 * them; the round's result reveals the hands, as the rules do (the view's
 * copy of the last result must be that event's). The matches
 * are random; LS_SEED replays one.
 */
#include "support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/seatview.h"

static const table_config cfg = {.grace_ms = 60000, .round_pause_ms = 8000,
                                 .bot_delay_ms = 0};

/* The cards `seat` (-1: a spectator) must not see in s now. */
static ls_cards secret_from(const ls_state *s, int seat)
{
    ls_cards hidden = ls_deck_cards(s);
    if (ls_phase(s) != LS_PHASE_TURN)
        return hidden; /* a round's end shows every hand */
    ls_view v;
    for (int p = 0; p < ls_players(s); p++) {
        if (p == seat)
            continue;
        ls_view_of(s, p, &v);
        hidden |= ls_hand(s, p) & ~v.known[p];
    }
    return hidden;
}

/* Every card named in the strings of j (any depth). */
static ls_cards cards_named(json_t *j)
{
    ls_cards found = 0;
    if (json_is_string(j)) {
        char text[512];
        snprintf(text, sizeof text, "%s", json_string_value(j));
        for (char *save = NULL, *w = strtok_r(text, " ", &save); w;
             w = strtok_r(NULL, " ", &save)) {
            ls_card c = ls_card_parse(w);
            if (c != LS_NO_CARD)
                found |= LS_BIT(c);
        }
    } else if (json_is_array(j)) {
        size_t i;
        json_t *x;
        json_array_foreach(j, i, x) found |= cards_named(x);
    } else if (json_is_object(j)) {
        const char *k;
        json_t *x;
        json_object_foreach(j, k, x) found |= cards_named(x);
    }
    return found;
}

typedef struct watcher {
    int seat;       /* -1 for the spectator */
    long long sent; /* the version of the last state it was sent */
    long frames, cards_seen;
} watcher;

/* Sends every watcher its state, as the server does after a change, and
 * checks it. */
static void send_all(const table *t, watcher *w, int n, int64_t now)
{
    for (int i = 0; i < n; i++) {
        if (w[i].sent == t->version)
            continue;
        json_t *st = seatview_state(t, w[i].seat, w[i].sent, now);
        assert_non_null(st);
        /* The view's `result` is the last round's, revealed when it ended:
         * those cards may be dealt again since. It was checked as the
         * round_end event, when it was first sent. */
        json_t *view = json_object_get(st, "view");
        json_t *result = json_incref(json_object_get(view, "result"));
        json_object_del(view, "result");
        ls_cards named = cards_named(st);
        if (result && w[i].sent >= 0) {
            const table_event *ev = NULL;
            for (long long v = t->version; v > 0 && (!ev || ev->kind != TEV_ROUND_END); v--)
                ev = table_event_at(t, v);
            json_t *shown = seatview_event(t, ev, w[i].seat);
            json_object_del(shown, "v");
            json_object_del(shown, "kind");
            assert_true(json_equal(shown, result));
            json_decref(shown);
        }
        json_decref(result);
        ls_cards bad = t->s ? named & secret_from(t->s, w[i].seat) : 0;
        if (bad) {
            char cards[160];
            char *dump = json_dumps(st, JSON_COMPACT);
            ls_cards_str(bad, cards, sizeof cards);
            fail_msg("seat %d is shown %s: %s", w[i].seat, cards, dump);
        }
        w[i].frames++;
        w[i].cards_seen += ls_cards_count(named);
        w[i].sent = t->version;
        json_decref(st);
    }
}

/* A human's move: a legal one at random (declaring sometimes), written
 * as a client would, the draw without its card. */
static void human_move(table *t, ls_rng *rng, int64_t now)
{
    ls_move moves[LS_MAX_MOVES];
    int n = ls_legal_moves(t->s, moves);
    assert_true(n > 0);
    ls_move m = moves[ls_rng_below(rng, (uint32_t)n)];
    if (m.kind == LS_MOVE_DRAW)
        m.card = LS_NO_CARD;
    char text[64];
    ls_move_str(m, text, sizeof text);
    srv_error e = {0};
    int seat = ls_turn(t->s);
    if (table_move(t, seat, t->version, text, now, &e) != 0)
        fail_msg("%s: %s", text, e.msg);
}

/* The match_end event of t's match, which has just ended, as a
 * spectator is sent it: the winner, and each seat's name, place, final
 * total and out round, places by R8 as the store and play rank them (out
 * later first, then the lower total; equal on both share a place). */
static void check_match_end(const table *t)
{
    const table_event *ev = table_event_at(t, t->version);
    assert_non_null(ev);
    assert_int_equal(ev->kind, TEV_MATCH_END);
    json_t *o = seatview_event(t, ev, -1);
    assert_string_equal(json_string_value(json_object_get(o, "kind")), "match_end");
    assert_int_equal(json_integer_value(json_object_get(o, "winner")), ls_winner(t->s));
    /* The store's id of the match (its page), null without a store. */
    json_t *id = json_object_get(o, "match_id");
    assert_non_null(id);
    if (t->match_id > 0)
        assert_int_equal(json_integer_value(id), t->match_id);
    else
        assert_true(json_is_null(id));
    json_t *places = json_object_get(o, "places");
    assert_int_equal(json_array_size(places), t->nseats);
    int last_place = 0, last_seat = -1;
    for (size_t k = 0; k < json_array_size(places); k++) {
        json_t *p = json_array_get(places, k);
        int i = (int)json_integer_value(json_object_get(p, "seat"));
        assert_in_range(i, 0, t->nseats - 1);
        int at = (int)json_integer_value(json_object_get(p, "place"));
        /* best first, then by seat */
        assert_true(at > last_place || (at == last_place && i > last_seat));
        last_place = at;
        last_seat = i;
        int out = t->seats[i].out_round, total = ls_score(t->s, i), place = 1;
        for (int j = 0; j < t->nseats; j++) {
            int oj = t->seats[j].out_round, tj = ls_score(t->s, j);
            place += (oj == 0 && out != 0) || (oj != 0 && out != 0 && oj > out) ||
                     (oj == out && tj < total);
        }
        assert_string_equal(json_string_value(json_object_get(p, "name")),
                            t->seats[i].name);
        assert_int_equal(json_integer_value(json_object_get(p, "place")), place);
        assert_int_equal(json_integer_value(json_object_get(p, "total")), total);
        json_t *r = json_object_get(p, "out_round");
        if (out == 0)
            assert_true(json_is_null(r));
        else
            assert_int_equal(json_integer_value(r), out);
    }
    json_decref(o);
}

/* One match: `people` humans and the rest computer players. */
static void play_match(uint64_t seed, int seats, int people, long *frames)
{
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    table_options o = {.seats = seats, .rules = ls_rules_default(), .turn_time = 0};
    o.rules.threshold = 25;
    table *t = table_new("ABCDE", &o, &cfg, seed, NULL);
    assert_non_null(t);
    watcher w[LS_MAX_PLAYERS + 1];
    int nw = 0;
    static const char *const names[] = {"Ann", "Ben", "Cid", "Dee"};
    static const char *const levels[] = {"random", "greedy", "expert:iters=50"};
    srv_error e = {0};
    int64_t now = 0;
    for (int i = 0; i < people; i++) {
        int seat;
        char token[TABLE_TOKEN_LEN + 1];
        snprintf(token, sizeof token, "%032d", i);
        assert_int_equal(table_join(t, names[i], token, 0, now, &seat, &e), 0);
        w[nw++] = (watcher){.seat = seat, .sent = -1};
    }
    for (int i = people; i < seats; i++) {
        /* expert:iters=50 is not a level a client may ask for; seat it as
         * expert and keep the test fast by answering with few rollouts. */
        const char *level = levels[ls_rng_below(&rng, 3)];
        assert_int_equal(table_add_bot(t, 0, strncmp(level, "expert", 6) ? level
                                                 : "expert", &e), 0);
    }
    w[nw++] = (watcher){.seat = -1, .sent = -1};
    send_all(t, w, nw, now);
    assert_int_equal(table_start(t, 0, now, &e), 0);
    send_all(t, w, nw, now);
    for (int steps = 0; t->status != TABLE_OVER; steps++) {
        assert_true(steps < 20000);
        now += 10;
        table_job r;
        if (t->status == TABLE_BETWEEN) {
            for (int i = 0; i < people; i++)
                table_next(t, i, now, &e);
        } else if (table_request(t, now, &r)) {
            ls_error err = {0};
            ls_player *p = r.player;
            ls_player *own = NULL;
            if (!strcmp(r.spec, "expert") || !p)
                own = ls_player_new(!strcmp(r.spec, "expert") ? "expert:iters=50"
                                                                : r.spec, r.seed, &err);
            ls_move m;
            assert_int_equal(ls_player_choose(own ? own : p, &r.view, &m, &err), 0);
            ls_player_free(own);
            table_computer_move(t, now, r.seat, r.turn_id, true, m, r.player);
        } else if (!t->seats[ls_turn(t->s)].bot) {
            human_move(t, &rng, now);
        }
        table_tick(t, now);
        send_all(t, w, nw, now);
    }
    /* The final scores' places: each seat but the winner went out in a
     * round of the match, which the view says (R8). */
    json_t *view = seatview_view(t, -1, now);
    int w_seat = ls_winner(t->s);
    for (int i = 0; i < t->nseats; i++) {
        json_t *out = json_object_get(json_array_get(json_object_get(view, "seats"), i),
                                      "out_round");
        assert_non_null(out);
        if (i == w_seat) {
            assert_true(json_is_null(out));
        } else {
            assert_true(json_is_integer(out));
            assert_int_equal(json_integer_value(out), t->seats[i].out_round);
            assert_in_range(json_integer_value(out), 1, ls_round(t->s));
        }
    }
    json_decref(view);
    check_match_end(t);
    for (int i = 0; i < nw; i++) {
        assert_true(w[i].frames > 3);
        assert_true(w[i].cards_seen > 0); /* the check saw cards to judge */
        *frames += w[i].frames;
    }
    table_free(t);
}

static void test_no_frame_shows_a_hidden_card(void **state)
{
    (void)state;
    uint64_t seed = test_seed(2026);
    long matches = test_env_long("LS_SEATVIEW_MATCHES", 24), frames = 0;
    for (long i = 0; i < matches; i++) {
        int seats = 2 + (int)(i % 3);
        int people = 1 + (int)((i / 3) % (uint64_t)seats);
        play_match(seed + (uint64_t)i, seats, people, &frames);
    }
    print_message("# %ld matches, %ld frames checked\n", matches, frames);
}

static void test_a_spectator_sees_no_hand_and_a_player_sees_theirs(void **state)
{
    (void)state;
    table_options o = {.seats = 2, .rules = ls_rules_default(), .turn_time = 30};
    table *t = table_new("ABCDE", &o, &cfg, 5, NULL);
    srv_error e = {0};
    int seat;
    assert_int_equal(table_join(t, "Ann", "00000000000000000000000000000000", 0, 0,
                                &seat, &e), 0);
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    assert_int_equal(table_start(t, 0, 1000, &e), 0);
    json_t *spec = seatview_view(t, -1, 1000), *mine = seatview_view(t, 0, 1000);
    assert_null(json_object_get(spec, "hand"));
    assert_null(json_object_get(spec, "hand_total"));
    assert_null(json_object_get(spec, "can_declare"));
    assert_int_equal(json_integer_value(json_object_get(spec, "you")), -1);
    json_t *hand = json_object_get(mine, "hand");
    assert_int_equal(json_array_size(hand), 5);
    assert_int_equal(cards_named(hand), ls_hand(t->s, 0));
    assert_int_equal(json_integer_value(json_object_get(mine, "hand_total")),
                     ls_cards_total(ls_hand(t->s, 0)));
    assert_string_equal(json_string_value(json_object_get(mine, "status")), "playing");
    if (ls_turn(t->s) == 0)
        assert_int_equal(json_integer_value(json_object_get(mine, "deadline")), 30000);
    json_decref(spec);
    json_decref(mine);
    table_free(t);
}

static void test_a_draw_shows_its_card_to_the_drawer_only(void **state)
{
    (void)state;
    table_options o = {.seats = 2, .rules = ls_rules_default(), .turn_time = 0};
    table *t = table_new("ABCDE", &o, &cfg, 9, NULL);
    srv_error e = {0};
    int seat;
    assert_int_equal(table_join(t, "Ann", "00000000000000000000000000000000", 0, 0,
                                &seat, &e), 0);
    assert_int_equal(table_join(t, "Ben", "11111111111111111111111111111111", 0, 0,
                                &seat, &e), 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    int mover = ls_turn(t->s), other = 1 - mover;
    char text[64], name[4];
    snprintf(text, sizeof text, "discard %s draw",
             ls_card_str(ls_cards_first(ls_hand(t->s, mover)), name));
    assert_int_equal(table_move(t, mover, t->version, text, 0, &e), 0);
    const table_event *ev = table_event_at(t, t->version);
    json_t *own = seatview_event(t, ev, mover), *theirs = seatview_event(t, ev, other),
           *spec = seatview_event(t, ev, -1);
    ls_card_str((ls_card)ev->move.card, name);
    assert_string_equal(json_string_value(json_object_get(own, "card")), name);
    assert_null(json_object_get(theirs, "card"));
    assert_null(json_object_get(spec, "card"));
    assert_non_null(strstr(json_string_value(json_object_get(own, "move")), name));
    assert_null(strstr(json_string_value(json_object_get(theirs, "move")), name));
    assert_string_equal(json_string_value(json_object_get(theirs, "action")), "draw");
    json_decref(own);
    json_decref(theirs);
    json_decref(spec);
    table_free(t);
}

/* Record writing as the server does it, for canonical(). */
typedef struct rewrite {
    ls_record *rec;
} rewrite;

static int rw_players(void *ud, const ls_state *s)
{
    rewrite *rw = ud;
    rw->rec = ls_record_new(s);
    assert_non_null(rw->rec);
    return ls_record_comment(rw->rec, "leastscore serve, table ABCDE, match 1");
}

static int rw_deal(void *ud, const ls_state *s)
{
    return ls_record_deal(((rewrite *)ud)->rec, s);
}

static int rw_move(void *ud, const ls_state *s, int seat, ls_move m)
{
    return ls_record_move(((rewrite *)ud)->rec, s, seat, m);
}

/* A record as the server writes it for table ABCDE's match 1 (what
 * table_restore wants), from a hand-written one. */
static char *canonical(const char *text)
{
    rewrite rw = {0};
    ls_record_hooks hooks = {.ud = &rw, .players = rw_players, .deal = rw_deal,
                             .move = rw_move};
    ls_state *s = NULL;
    ls_error err = {0};
    if (ls_record_replay(text, strlen(text), &hooks, &s, NULL, NULL, &err) != 0)
        fail_msg("line %d: %s", err.line, err.msg);
    size_t len;
    char *out = strdup(ls_record_text(rw.rec, &len));
    assert_non_null(out);
    ls_record_free(rw.rec);
    ls_state_free(s);
    return out;
}

/* Two players out in the same round with the same total share a place,
 * and the next place is skipped (1, 2, 2, 4), as in the store and the
 * terminal game; the match_end event says so with each final total and
 * out round, so that a page that missed the events before shows the end.
 * Threshold 25: round 1, Ann declares 9, Dee (50) scores 41 and is out,
 * Bob and Cid (19) score 10; round 2, Ann declares 8 against Bob's and
 * Cid's 30: both score 22, 32 in all, and are out together. */
static void test_the_match_end_names_every_place_and_shares_a_tie(void **state)
{
    (void)state;
    static const char hand_written[] =
        "leastscore 1\n"
        "option threshold 25\n"
        "players Ann Bob Cid Dee\n"
        "round\n"
        "hand Ann AS AH 2S 2H 3S\n"
        "hand Bob 4C 4D 5C 3C 3D\n"
        "hand Cid 6S 6H 4S 2C AC\n"
        "hand Dee KS KH KD KC QS\n"
        "open 7S\n"
        "Ann discard 3S draw 3H\n"
        "Bob discard 5C draw 5D\n"
        "Cid discard 6H draw 6D\n"
        "Dee discard QS draw QH\n"
        "Ann declare\n"
        "round\n"
        "hand Ann AS AH AD AC 2S\n"
        "hand Bob KC KD 4C 3D 3H\n"
        "hand Cid QC QD 5S 3S 2C\n"
        "open 9S\n"
        "Bob discard 4C draw 4D\n"
        "Cid discard 5S draw 5H\n"
        "Ann discard AC draw 3C\n"
        "Bob discard 4D draw 4H\n"
        "Cid discard 5H draw 5C\n";
    char *record = canonical(hand_written);
    store_match m = {.code = "ABCDE", .match = 1, .capacity = 4, .host = 0, .nseats = 4};
    static const char *const names[] = {"Ann", "Bob", "Cid", "Dee"};
    for (int i = 0; i < 4; i++)
        snprintf(m.seat[i].name, sizeof m.seat[i].name, "%s", names[i]);
    srv_error e = {0};
    table *t = table_restore(&m, record, strlen(record), &cfg, 7, NULL, NULL, 0, 100, &e);
    if (!t)
        fail_msg("not restored: %s", e.msg);
    assert_int_equal(ls_turn(t->s), 0);
    assert_int_equal(table_move(t, 0, t->version, "declare", 10, &e), 0);
    assert_int_equal(t->status, TABLE_OVER);
    check_match_end(t);
    json_t *o = seatview_event(t, table_event_at(t, t->version), 2);
    char *got = json_dumps(json_object_get(o, "places"), JSON_COMPACT);
    assert_string_equal(got,
        "[{\"place\":1,\"seat\":0,\"name\":\"Ann\",\"total\":0,\"out_round\":null},"
        "{\"place\":2,\"seat\":1,\"name\":\"Bob\",\"total\":32,\"out_round\":2},"
        "{\"place\":2,\"seat\":2,\"name\":\"Cid\",\"total\":32,\"out_round\":2},"
        "{\"place\":4,\"seat\":3,\"name\":\"Dee\",\"total\":41,\"out_round\":1}]");
    free(got);
    json_decref(o);
    table_free(t);
    free(record);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_no_frame_shows_a_hidden_card),
    cmocka_unit_test(test_a_spectator_sees_no_hand_and_a_player_sees_theirs),
    cmocka_unit_test(test_a_draw_shows_its_card_to_the_drawer_only),
    cmocka_unit_test(test_the_match_end_names_every_place_and_shares_a_tie),
};

LS_TEST_MAIN(tests)
