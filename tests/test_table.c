/*
 * test_table.c - a server table as plain logic (src/server/table.c), driven
 * with a fake clock: no socket, no thread.
 *
 * The lobby (join, seats, host, computer players, remove), the start, moves
 * checked by the engine with their versions (a stale or repeated move is
 * refused), computer moves asked for and handed back (an answer for an old
 * version is dropped, pacing by bot_delay), the turn timer, grace and away,
 * resuming with the missed events, the end of a match, its record in the
 * store, and a rematch. Every refused request leaves the table exactly as
 * it was (table_fingerprint).
 */
#include "support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/table.h"

static const table_config cfg = {.grace_ms = 60000, .round_pause_ms = 8000,
                                 .bot_delay_ms = 700, .hurry_ms = 30000};
#define HURRY 30000

/* A store that keeps the record text of the last match in memory, and
 * fails when told to (failing: appends and begins fail, the text is kept
 * pending as a real store keeps it; flush writes it). */
typedef struct fake_store {
    int begun, ended, finished, suspended;
    bool failing;
    bool moved;              /* the store's file is not at its path */
    bool end_fails;          /* only match_end fails (kept, written later) */
    int late_match;          /* the match finished_id tells late_id of */
    int64_t late_id;
    store_match m;           /* what the last match_begin was given */
    char text[1 << 16];
    size_t len, written;     /* text handed over; the part written */
    int nchat;               /* the chat lines kept, with their texts */
    store_chat chat[200];
    char chat_text[200][64];
} fake_store;

/* Keeps a copy of a chat line, text included. */
static void fake_keep_chat(fake_store *fs, const store_chat *c)
{
    assert_true(fs->nchat < 200);
    fs->chat[fs->nchat] = *c;
    snprintf(fs->chat_text[fs->nchat], sizeof fs->chat_text[0], "%s", c->text);
    fs->chat[fs->nchat].text = fs->chat_text[fs->nchat];
    fs->nchat++;
}

static void *fake_begin(void *self, const store_match *m)
{
    fake_store *fs = self;
    if (fs->failing)
        return NULL;
    fs->begun++;
    fs->m = *m;
    fs->len = fs->written = 0;
    fs->nchat = 0;
    for (int i = 0; i < m->nchat; i++)
        fake_keep_chat(fs, &m->chat[i]);
    return fs;
}

static int fake_append(void *self, void *match, const char *text, size_t len)
{
    fake_store *fs = self;
    assert_ptr_equal(match, self);
    assert_true(fs->len + len < sizeof fs->text);
    memcpy(fs->text + fs->len, text, len);
    fs->len += len;
    fs->text[fs->len] = '\0';
    if (fs->failing)
        return -1;
    fs->written = fs->len;
    return 0;
}

static int fake_chat(void *self, void *match, const store_chat *c)
{
    fake_store *fs = self;
    assert_ptr_equal(match, self);
    if (fs->failing)
        return -1;
    fake_keep_chat(fs, c);
    return 0;
}

static int fake_flush(void *self)
{
    fake_store *fs = self;
    if (fs->failing)
        return -1;
    fs->written = fs->len;
    return 0;
}

static int fake_end(void *self, void *match, int how, int64_t *id)
{
    fake_store *fs = self;
    (void)match;
    fs->ended++;
    fs->finished += how == STORE_FINISHED;
    fs->suspended += how == STORE_SUSPENDED;
    /* A finished match written now gets an id, as the database gives
     * them, one more each: 101, 102, ...; one kept to be written later
     * is told by finished_id. */
    bool fails = fs->failing || fs->end_fails;
    *id = how == STORE_FINISHED && !fails ? 100 + fs->finished : 0;
    return fails ? -1 : 0;
}

static int64_t fake_finished_id(void *self, const char *code, int match)
{
    const fake_store *fs = self;
    return !strcmp(code, "ABCDE") && match == fs->late_match ? fs->late_id : 0;
}

static bool fake_failing(void *self, char *msg, size_t size)
{
    fake_store *fs = self;
    if (msg)
        snprintf(msg, size, "%s", fs->failing ? "the fake store fails" : "");
    return fs->failing;
}

static bool fake_moved(void *self)
{
    const fake_store *fs = self;
    return fs->moved;
}

static const store_ops fake_ops = {.match_begin = fake_begin, .append = fake_append,
                                   .chat = fake_chat, .flush = fake_flush, .match_end = fake_end,
                                   .finished_id = fake_finished_id, .failing = fake_failing,
                                   .moved = fake_moved};

static const char *const tokens[] = {
    "00000000000000000000000000000000", "11111111111111111111111111111111",
    "22222222222222222222222222222222", "33333333333333333333333333333333",
};

static table *new_table(int seats, int turn_time, const store *st)
{
    table_options o = {.seats = seats, .rules = ls_rules_default(),
                       .turn_time = turn_time};
    table *t = table_new("ABCDE", &o, &cfg, 7, st);
    assert_non_null(t);
    return t;
}

static int join(table *t, const char *name, int64_t now)
{
    int seat = -1;
    srv_error e = {0};
    int rc = table_join(t, name, tokens[t->nseats % 4], 0, now, &seat, &e);
    if (rc)
        fail_msg("join %s: %s", name, e.msg);
    return seat;
}

/*
 * Everything a client could learn from a table, for "nothing changed":
 * version, status, seats (without the player pointers), host, and every
 * seat's view of the state.
 */
typedef struct fingerprint {
    long long version;
    int status, nseats, host, match, comp, log_n;
    int64_t hurry_at;
    table_seat seats[LS_MAX_PLAYERS];
    ls_view views[LS_MAX_PLAYERS];
} fingerprint;

static void table_fingerprint(const table *t, fingerprint *f)
{
    memset(f, 0, sizeof *f);
    f->version = t->version;
    f->status = t->status;
    f->nseats = t->nseats;
    f->host = t->host;
    f->match = t->match;
    f->comp = t->comp;
    f->log_n = t->log_n;
    f->hurry_at = t->hurry_at;
    memcpy(f->seats, t->seats, sizeof f->seats);
    for (int i = 0; i < LS_MAX_PLAYERS; i++)
        f->seats[i].player = NULL;
    if (t->s)
        for (int i = 0; i < t->nseats; i++)
            ls_view_of(t->s, i, &f->views[i]);
}

/* Asserts that rc is `code` and the table did not change since `before`. */
static void refused(const table *t, const fingerprint *before, int rc, int code,
                    const srv_error *e)
{
    if (rc != code)
        fail_msg("got %s (%s), want %s", srv_errname(rc), e->msg, srv_errname(code));
    assert_true(e->msg[0] != '\0');
    fingerprint after;
    table_fingerprint(t, &after);
    assert_memory_equal(before, &after, sizeof after);
}

/* A move of the seat to move, in record notation: the first legal one that
 * is not a declaration, or a declaration when nothing else is legal. */
static void some_move(const table *t, char *buf, size_t size)
{
    ls_move moves[LS_MAX_MOVES];
    int n = ls_legal_moves(t->s, moves);
    assert_true(n > 0);
    ls_move m = moves[0];
    for (int i = 0; i < n; i++)
        if (moves[i].kind != LS_MOVE_DECLARE) {
            m = moves[i];
            break;
        }
    if (m.kind == LS_MOVE_DRAW)
        m.card = LS_NO_CARD;
    ls_move_str(m, buf, size);
}

/* Computes a requested computer move as the server's workers do. */
static void answer(table *t, int64_t now, table_job *r)
{
    ls_error err = {0};
    ls_player *p = r->player ? r->player : ls_player_new(r->spec, r->seed, &err);
    assert_non_null(p);
    ls_move m;
    assert_int_equal(ls_player_choose(p, &r->view, &m, &err), 0);
    if (!r->player)
        ls_player_free(p);
    table_computer_move(t, now, r->seat, r->turn_id, true, m, r->player);
}

/* ------------------------------------------------------------------ */
/* The lobby                                                           */
/* ------------------------------------------------------------------ */

static void test_first_person_is_host_in_seat_0(void **state)
{
    (void)state;
    table *t = new_table(4, 0, NULL);
    assert_int_equal(join(t, "Ann", 0), 0);
    assert_int_equal(join(t, "Ben", 0), 1);
    assert_int_equal(t->host, 0);
    assert_int_equal(t->version, 2);
    const table_event *ev = table_event_at(t, 2);
    assert_non_null(ev);
    assert_int_equal(ev->kind, TEV_SEAT);
    assert_string_equal(ev->name, "Ben");
    assert_int_equal(table_seat_of_token(t, tokens[1]), 1);
    assert_int_equal(table_seat_of_token(t, "ffffffffffffffffffffffffffffffff"), -1);
    table_free(t);
}

static void test_join_refusals_leave_the_table_unchanged(void **state)
{
    (void)state;
    table *t = new_table(2, 0, NULL);
    join(t, "Ann", 0);
    fingerprint f;
    srv_error e = {0};
    int seat;
    table_fingerprint(t, &f);
    refused(t, &f, table_join(t, "Ann", tokens[1], 0, 0, &seat, &e), SRV_ENAME_TAKEN, &e);
    /* The same name in another case could not be told apart at the table. */
    refused(t, &f, table_join(t, "aNN", tokens[1], 0, 0, &seat, &e), SRV_ENAME_TAKEN, &e);
    /* Whose the name is, as data beside the text (the protocol's
     * conflict, name and like). */
    assert_int_equal(e.conflict, SRV_CONFLICT_SEAT);
    assert_string_equal(e.name, "aNN");
    assert_string_equal(e.like, "Ann");
    refused(t, &f, table_join(t, "bad name", tokens[1], 0, 0, &seat, &e), SRV_EBAD_NAME, &e);
    refused(t, &f, table_join(t, "ABCDEFGHIJKLMNOPQ", tokens[1], 0, 0, &seat, &e),
            SRV_EBAD_NAME, &e);
    join(t, "Ben", 0);
    table_fingerprint(t, &f);
    refused(t, &f, table_join(t, "Cid", tokens[2], 0, 0, &seat, &e), SRV_ETABLE_FULL, &e);
    refused(t, &f, table_add_bot(t, 0, "greedy", &e), SRV_ETABLE_FULL, &e);
    table_free(t);
}

/* A table of 8 with `seated` (NULL-terminated) at it. */
static table *table_with(const char *const *seated)
{
    table *t = new_table(8, 0, NULL);
    for (int i = 0; seated[i]; i++)
        join(t, seated[i], 0);
    return t;
}

/* Each alike[i][0] asks for a seat and is refused as looking like the
 * seated alike[i][1], in words and as data (conflict, name, like), the
 * table unchanged. */
static void refuse_lookalikes(table *t, const char *const (*alike)[2], size_t n)
{
    fingerprint f;
    srv_error e = {0};
    int seat;
    table_fingerprint(t, &f);
    for (size_t i = 0; i < n; i++) {
        refused(t, &f, table_join(t, alike[i][0], tokens[0], 0, 0, &seat, &e),
                SRV_ENAME_TAKEN, &e);
        char want[200];
        snprintf(want, sizeof want, "%s looks like %s, who sits at table ABCDE: choose a "
                 "name told apart by more than case, I l 1, O 0, rn m or vv w",
                 alike[i][0], alike[i][1]);
        assert_string_equal(e.msg, want);
        assert_int_equal(e.conflict, SRV_CONFLICT_SEAT);
        assert_string_equal(e.name, alike[i][0]);
        assert_string_equal(e.like, alike[i][1]);
    }
}

/* Names a reader cannot tell apart (server/names.h) are one name at a
 * table: I l 1, O 0, rn m, vv w. Each refusal names the seat it looks
 * like; names that differ by more sit. */
static void test_a_name_that_looks_like_a_seated_one_is_refused(void **state)
{
    (void)state;
    table *t = table_with((const char *[]){"Iris", "BOBO", "mary", "will", NULL});
    static const char *const alike[][2] = {
        {"lris", "Iris"}, {"1ris", "Iris"}, {"IRlS", "Iris"}, {"BOB0", "BOBO"},
        {"b0b0", "BOBO"}, {"rnary", "mary"}, {"RNARY", "mary"}, {"vvill", "will"},
        {"VViII", "will"},
    };
    refuse_lookalikes(t, alike, sizeof alike / sizeof alike[0]);
    /* Another case is the name itself, said as before. */
    fingerprint f;
    srv_error e = {0};
    int seat;
    table_fingerprint(t, &f);
    refused(t, &f, table_join(t, "iris", tokens[0], 0, 0, &seat, &e), SRV_ENAME_TAKEN, &e);
    assert_string_equal(e.msg, "iris already sits at table ABCDE");
    assert_int_equal(e.conflict, SRV_CONFLICT_SEAT);
    assert_string_equal(e.like, "Iris");
    /* Another refusal carries none of it. */
    refused(t, &f, table_join(t, "bad name", tokens[0], 0, 0, &seat, &e), SRV_EBAD_NAME, &e);
    assert_int_equal(e.conflict, SRV_CONFLICT_NONE);
    assert_string_equal(e.name, "");
    assert_string_equal(e.like, "");
    join(t, "Irish", 0);
    join(t, "Bob", 0);
    join(t, "rnarys", 0);
    assert_int_equal(t->nseats, 7);
    /* Computer players' names by their look too. */
    assert_true(table_name_is_computer("Rand0m"));
    assert_true(table_name_is_computer("Greedy-l0"));
    assert_true(table_name_is_computer("EXPERT-1"));
    assert_false(table_name_is_computer("Gr3edy"));
    assert_false(table_name_is_computer("greedy-o"));
    table_free(t);
}

/* A run of v and w is one look however it is written (server/names.h):
 * "vw", "wv" and "vvv" alike, and at a name's 16 bytes, where the key is
 * shorter than the name, "vwvwvwvwvwvwvwvw" is twelve w. Before, vv was
 * made w from the left only, and "AVVV" sat beside "Avw". */
static void test_a_run_of_v_and_w_is_one_look_at_a_table(void **state)
{
    (void)state;
    table *t = table_with((const char *[]){"Avw", "vwvwvwvwvwvwvwvw", NULL});
    static const char *const alike[][2] = {
        {"AVVV", "Avw"}, {"Awv", "Avw"}, {"wwwwwwwwwwww", "vwvwvwvwvwvwvwvw"},
        {"WWWWWWWWvvvvvvvv", "vwvwvwvwvwvwvwvw"},
    };
    refuse_lookalikes(t, alike, sizeof alike / sizeof alike[0]);
    join(t, "Avvvv", 0);
    join(t, "wwwwwwwwwwwv", 0);
    assert_int_equal(t->nseats, 4);
    table_free(t);
}

static void test_only_the_host_seats_computer_players(void **state)
{
    (void)state;
    table *t = new_table(4, 0, NULL);
    join(t, "Ann", 0);
    join(t, "Ben", 0);
    fingerprint f;
    srv_error e = {0};
    table_fingerprint(t, &f);
    refused(t, &f, table_add_bot(t, 1, "greedy", &e), SRV_ENOT_HOST, &e);
    refused(t, &f, table_add_bot(t, -1, "greedy", &e), SRV_ENOT_HOST, &e);
    refused(t, &f, table_add_bot(t, 0, "godlike", &e), SRV_EBAD_LEVEL, &e);
    assert_int_equal(table_add_bot(t, 0, "expert", &e), 0);
    assert_true(t->seats[2].bot);
    assert_string_equal(t->seats[2].level, "expert");
    assert_string_not_equal(t->seats[2].name, "Ann");
    table_free(t);
}

static void test_remove_moves_later_seats_up(void **state)
{
    (void)state;
    table *t = new_table(4, 0, NULL);
    join(t, "Ann", 0);
    srv_error e = {0};
    assert_int_equal(table_add_bot(t, 0, "random", &e), 0);
    join(t, "Cid", 0);
    fingerprint f;
    table_fingerprint(t, &f);
    refused(t, &f, table_remove(t, 2, 1, &e), SRV_ENOT_HOST, &e);
    refused(t, &f, table_remove(t, 0, 0, &e), SRV_EBAD_MESSAGE, &e);
    refused(t, &f, table_remove(t, 0, 3, &e), SRV_EBAD_MESSAGE, &e);
    assert_int_equal(table_remove(t, 0, 1, &e), 0);
    assert_int_equal(t->nseats, 2);
    assert_string_equal(t->seats[1].name, "Cid");
    assert_int_equal(table_seat_of_token(t, tokens[2]), 1);
    const table_event *ev = table_event_at(t, t->version);
    assert_int_equal(ev->kind, TEV_UNSEAT);
    assert_int_equal(ev->seat, 1);
    table_free(t);
}

/* A seat keeps the store's player it was taken as (0 for a guest), also
 * when the seats before it move up. */
static void test_a_seat_keeps_its_player(void **state)
{
    (void)state;
    table *t = new_table(4, 0, NULL);
    int seat = -1;
    srv_error e = {0};
    assert_int_equal(table_join(t, "Ann", tokens[0], 0, 0, &seat, &e), 0);
    assert_int_equal(table_add_bot(t, 0, "random", &e), 0);
    assert_int_equal(table_join(t, "Cid", tokens[2], 42, 0, &seat, &e), 0);
    assert_int_equal(t->seats[0].player_id, 0);
    assert_int_equal(t->seats[2].player_id, 42);
    /* A player's seat is found by the player; guests (0) have none. */
    assert_int_equal(table_seat_of_player(t, 42), 2);
    assert_int_equal(table_seat_of_player(t, 43), -1);
    assert_int_equal(table_seat_of_player(t, 0), -1);
    assert_int_equal(table_remove(t, 0, 1, &e), 0);
    assert_string_equal(t->seats[1].name, "Cid");
    assert_int_equal(t->seats[1].player_id, 42);
    table_free(t);
}

static void test_host_leaving_the_lobby_passes_the_host_on(void **state)
{
    (void)state;
    table *t = new_table(4, 0, NULL);
    srv_error e = {0};
    join(t, "Ann", 0);
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    join(t, "Cid", 0);
    assert_int_equal(table_leave(t, 0, 10, &e), 0);
    assert_int_equal(t->nseats, 2);
    assert_int_equal(t->host, 1); /* Cid, moved up to seat 1 */
    assert_int_equal(table_event_at(t, t->version)->kind, TEV_HOST);
    assert_false(t->closed);
    assert_int_equal(table_leave(t, 1, 20, &e), 0);
    assert_true(t->closed); /* only a computer player is left */
    table_free(t);
}

static void test_lobby_seat_is_freed_after_the_grace_time(void **state)
{
    (void)state;
    table *t = new_table(4, 0, NULL);
    join(t, "Ann", 0);
    join(t, "Ben", 0);
    table_disconnect(t, 1, 1000);
    assert_false(t->seats[1].connected);
    assert_int_equal(table_next_deadline(t), 1000 + cfg.grace_ms);
    table_tick(t, 1000 + cfg.grace_ms - 1);
    assert_int_equal(t->nseats, 2);
    table_tick(t, 1000 + cfg.grace_ms);
    assert_int_equal(t->nseats, 1);
    assert_false(t->closed);
    table_free(t);
}

/* ------------------------------------------------------------------ */
/* The match                                                           */
/* ------------------------------------------------------------------ */

static void test_start_needs_the_host_and_two_players(void **state)
{
    (void)state;
    table *t = new_table(4, 0, NULL);
    join(t, "Ann", 0);
    fingerprint f;
    srv_error e = {0};
    table_fingerprint(t, &f);
    refused(t, &f, table_start(t, 0, 0, &e), SRV_ENOT_NOW, &e);
    join(t, "Ben", 0);
    table_fingerprint(t, &f);
    refused(t, &f, table_start(t, 1, 0, &e), SRV_ENOT_HOST, &e);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    assert_int_equal(t->status, TABLE_PLAYING);
    assert_int_equal(t->match, 1);
    assert_int_equal(table_event_at(t, 3)->kind, TEV_START);
    assert_int_equal(table_event_at(t, 4)->kind, TEV_DEAL);
    int seat;
    table_fingerprint(t, &f);
    refused(t, &f, table_start(t, 0, 0, &e), SRV_ENOT_NOW, &e);
    refused(t, &f, table_join(t, "Cid", tokens[2], 0, 0, &seat, &e), SRV_ESTARTED, &e);
    refused(t, &f, table_add_bot(t, 0, "greedy", &e), SRV_ENOT_NOW, &e);
    refused(t, &f, table_remove(t, 0, 1, &e), SRV_ENOT_NOW, &e);
    table_free(t);
}

static table *started_pair(const store *st, int turn_time)
{
    table *t = new_table(2, turn_time, st);
    join(t, "Ann", 0);
    join(t, "Ben", 0);
    srv_error e = {0};
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    return t;
}

static void test_a_move_bumps_the_version_and_a_repeat_is_stale(void **state)
{
    (void)state;
    table *t = started_pair(NULL, 0);
    int turn = ls_turn(t->s);
    long long v = t->version;
    char move[64];
    some_move(t, move, sizeof move);
    srv_error e = {0};
    assert_int_equal(table_move(t, turn, v, move, 10, &e), 0);
    assert_int_equal(t->version, v + 1);
    const table_event *ev = table_event_at(t, v + 1);
    assert_int_equal(ev->kind, TEV_MOVE);
    assert_int_equal(ev->seat, turn);
    assert_false(ev->timeout);
    fingerprint f;
    table_fingerprint(t, &f);
    /* The same message again: refused as stale, played once. */
    refused(t, &f, table_move(t, turn, v, move, 20, &e), SRV_ESTALE, &e);
    table_free(t);
}

static void test_refused_moves_leave_the_table_unchanged(void **state)
{
    (void)state;
    table *t = started_pair(NULL, 0);
    int turn = ls_turn(t->s), other = 1 - turn;
    long long v = t->version;
    fingerprint f;
    srv_error e = {0};
    table_fingerprint(t, &f);
    char move[64];
    some_move(t, move, sizeof move);
    refused(t, &f, table_move(t, other, v, move, 0, &e), SRV_ENOT_YOUR_TURN, &e);
    refused(t, &f, table_move(t, -1, v, move, 0, &e), SRV_ENOT_YOUR_TURN, &e);
    refused(t, &f, table_move(t, turn, v - 1, move, 0, &e), SRV_ESTALE, &e);
    refused(t, &f, table_move(t, turn, v + 1, move, 0, &e), SRV_ESTALE, &e);
    refused(t, &f, table_move(t, turn, v, "discard", 0, &e), SRV_EBAD_MESSAGE, &e);
    refused(t, &f, table_move(t, turn, v, "fly away", 0, &e), SRV_EBAD_MESSAGE, &e);
    /* Declaring on the first turn of a round is not allowed (D7). */
    refused(t, &f, table_move(t, turn, v, "declare", 0, &e), SRV_EILLEGAL_MOVE, &e);
    /* A card that is not in the hand. */
    ls_cards others = ls_hand(t->s, other);
    char bad[64], name[4];
    snprintf(bad, sizeof bad, "discard %s draw", ls_card_str(ls_cards_first(others), name));
    refused(t, &f, table_move(t, turn, v, bad, 0, &e), SRV_EILLEGAL_MOVE, &e);
    refused(t, &f, table_next(t, turn, 0, &e), SRV_ENOT_NOW, &e);
    refused(t, &f, table_rematch(t, 0, 0, &e), SRV_ENOT_NOW, &e);
    table_free(t);
}

static void test_a_draw_cannot_choose_its_card(void **state)
{
    (void)state;
    table *t = started_pair(NULL, 0);
    int turn = ls_turn(t->s);
    ls_cards deck = ls_deck_cards(t->s);
    /* Ask for the deck's highest card: the draw takes the top card, which
     * the generator decides, whatever the message names. */
    ls_card wanted = 0;
    for (ls_cards d = deck; d; d &= d - 1)
        wanted = ls_cards_first(d);
    ls_card mine = ls_cards_first(ls_hand(t->s, turn));
    char move[64], a[4], b[4];
    snprintf(move, sizeof move, "discard %s draw %s", ls_card_str(mine, a),
             ls_card_str(wanted, b));
    ls_state *copy = ls_state_clone(t->s);
    ls_move live = {.discard = LS_BIT(mine), .kind = LS_MOVE_DRAW, .card = LS_NO_CARD};
    assert_int_equal(ls_apply(copy, &live, NULL), 0);
    srv_error e = {0};
    assert_int_equal(table_move(t, turn, t->version, move, 0, &e), 0);
    const table_event *ev = table_event_at(t, t->version);
    assert_int_equal(ev->move.card, live.card);
    ls_state_free(copy);
    table_free(t);
}

/* ------------------------------------------------------------------ */
/* Computer moves and timers                                           */
/* ------------------------------------------------------------------ */

static table *human_vs_bot(int turn_time, const store *st)
{
    table *t = new_table(2, turn_time, st);
    join(t, "Ann", 0);
    srv_error e = {0};
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    return t;
}

/* Plays the human's turn if it is theirs, so that the bot is to move. */
static void to_bot_turn(table *t, int64_t now)
{
    if (ls_turn(t->s) == 0) {
        char move[64];
        srv_error e = {0};
        some_move(t, move, sizeof move);
        assert_int_equal(table_move(t, 0, t->version, move, now, &e), 0);
    }
    assert_int_equal(ls_turn(t->s), 1);
}

static void test_computer_move_is_asked_for_and_paced(void **state)
{
    (void)state;
    table *t = human_vs_bot(0, NULL);
    to_bot_turn(t, 100);
    table_job r;
    assert_true(table_request(t, 100, &r));
    assert_int_equal(r.seat, 1);
    assert_int_equal(r.version, t->version);
    assert_non_null(r.player);
    assert_null(t->seats[1].player); /* lent */
    assert_false(table_request(t, 100, &r) && false);
    long long v = t->version;
    answer(t, 150, &r);
    /* Held until bot_delay after the turn began. */
    assert_int_equal(t->version, v);
    assert_non_null(t->seats[1].player); /* given back */
    assert_int_equal(table_next_deadline(t), 100 + cfg.bot_delay_ms);
    table_tick(t, 100 + cfg.bot_delay_ms - 1);
    assert_int_equal(t->version, v);
    table_tick(t, 100 + cfg.bot_delay_ms);
    assert_int_equal(t->version, v + 1);
    const table_event *ev = table_event_at(t, v + 1);
    assert_int_equal(ev->kind, TEV_MOVE);
    assert_int_equal(ev->seat, 1);
    table_free(t);
}

static void test_an_answer_for_an_earlier_turn_is_dropped(void **state)
{
    (void)state;
    table *t = human_vs_bot(0, NULL);
    to_bot_turn(t, 0);
    table_job r;
    assert_true(table_request(t, 0, &r));
    long long v = t->version;
    ls_move m;
    ls_error err = {0};
    assert_int_equal(ls_player_choose(r.player, &r.view, &m, &err), 0);
    table_computer_move(t, 10000, r.seat, r.turn_id - 1, true, m, r.player);
    assert_int_equal(t->version, v);
    assert_non_null(t->seats[1].player);
    table_free(t);
}

/* A person's connection coming and going changes the version while a
 * computer player thinks; its move is still played (it was lost, and the
 * table waited for ever). */
static void test_a_connection_event_while_a_computer_thinks_keeps_its_move(void **state)
{
    (void)state;
    table *t = human_vs_bot(0, NULL);
    to_bot_turn(t, 0);
    table_job r;
    assert_true(table_request(t, 0, &r));
    table_disconnect(t, 0, 10);
    table_connect(t, 0, 20);
    long long v = t->version;
    assert_true(v > r.version);
    answer(t, 10000, &r);
    assert_int_equal(t->version, v + 1);
    const table_event *ev = table_event_at(t, v + 1);
    assert_int_equal(ev->kind, TEV_MOVE);
    assert_int_equal(ev->seat, 1);
    table_free(t);
}

static void test_timed_out_turn_is_played_by_greedy(void **state)
{
    (void)state;
    table *t = human_vs_bot(30, NULL);
    if (ls_turn(t->s) == 1) {
        table_job r;
        assert_true(table_request(t, 0, &r));
        answer(t, 0, &r);
        table_tick(t, cfg.bot_delay_ms);
    }
    assert_int_equal(ls_turn(t->s), 0);
    int64_t began = t->turn_began;
    assert_int_equal(table_time_left(t, began + 1000), 29000);
    assert_int_equal(table_next_deadline(t), began + 30000);
    table_job r;
    table_tick(t, began + 29999);
    assert_false(table_request(t, began + 29999, &r));
    table_tick(t, began + 30000);
    assert_true(table_request(t, began + 30000, &r));
    assert_int_equal(r.seat, 0);
    assert_null(r.player);
    assert_string_equal(r.spec, "greedy");
    long long v = t->version;
    answer(t, began + 30001, &r);
    assert_int_equal(t->version, v + 1); /* no pacing for a timeout */
    assert_true(table_event_at(t, v + 1)->timeout);
    table_free(t);
}

/* Without a turn timer, a person who stops playing can be asked to hurry
 * by another once the turn has lasted the server's hurry time (30 s
 * here): then they have as long again, after which the greedy player
 * moves for them. Every
 * refusal leaves the table as it was. */
static void test_a_player_asked_to_hurry_is_played_for_when_the_time_is_up(void **state)
{
    (void)state;
    table *t = started_pair(NULL, 0);
    int mover = ls_turn(t->s), other = 1 - mover;
    int64_t began = t->turn_began;
    srv_error e = {0};
    fingerprint f;
    table_fingerprint(t, &f);
    assert_int_equal(table_time_left(t, began + 1000), -1); /* no timer */
    assert_int_equal(table_next_deadline(t), -1);
    refused(t, &f, table_hurry(t, other, began + HURRY - 1, &e), SRV_ENOT_NOW, &e);
    assert_non_null(strstr(e.msg, "after 30 s"));
    refused(t, &f, table_hurry(t, mover, began + HURRY, &e), SRV_ENOT_NOW, &e);
    assert_string_equal(e.msg, "it is your own turn");
    refused(t, &f, table_hurry(t, -1, began + HURRY, &e), SRV_ENOT_SEATED, &e);
    refused(t, &f, table_hurry(t, 5, began + HURRY, &e), SRV_ENOT_SEATED, &e);

    int64_t asked = began + HURRY + 500;
    long long v = t->version;
    assert_int_equal(table_hurry(t, other, asked, &e), 0);
    const table_event *ev = table_event_at(t, v + 1);
    assert_int_equal(ev->kind, TEV_HURRY);
    assert_int_equal(ev->seat, mover);
    assert_int_equal(ev->num, other);
    assert_int_equal(table_time_left(t, asked), HURRY);
    assert_int_equal(table_next_deadline(t), asked + HURRY);
    table_fingerprint(t, &f);
    refused(t, &f, table_hurry(t, other, asked + 1000, &e), SRV_ENOT_NOW, &e);
    assert_non_null(strstr(e.msg, "already asked to hurry: 29 s left"));

    /* Not yet; then the greedy player moves for the seat, at once. */
    table_job r;
    table_tick(t, asked + HURRY - 1);
    assert_false(table_request(t, asked + HURRY - 1, &r));
    table_tick(t, asked + HURRY);
    assert_true(table_request(t, asked + HURRY, &r));
    assert_int_equal(r.seat, mover);
    assert_string_equal(r.spec, "greedy");
    v = t->version;
    answer(t, asked + HURRY, &r);
    assert_true(table_event_at(t, v + 1)->timeout);
    /* The next turn starts with no hurry and no end. */
    assert_int_equal(t->hurry_at, -1);
    assert_int_equal(table_time_left(t, asked + HURRY + 1), -1);
    table_free(t);
}

/* A turn timer that ends sooner than a hurry would is not shortened, nor
 * is a computer's turn hurried. */
static void test_hurry_is_refused_when_the_timer_ends_sooner_or_a_computer_plays(void **state)
{
    (void)state;
    table *t = started_pair(NULL, 45);
    int other = 1 - ls_turn(t->s);
    int64_t began = t->turn_began;
    srv_error e = {0};
    fingerprint f;
    table_fingerprint(t, &f);
    refused(t, &f, table_hurry(t, other, began + 20000, &e), SRV_ENOT_NOW, &e);
    refused(t, &f, table_hurry(t, other, began + HURRY, &e), SRV_ENOT_NOW, &e);
    assert_non_null(strstr(e.msg, "turn timer ends sooner (15 s left)"));
    table_free(t);

    t = human_vs_bot(0, NULL);
    to_bot_turn(t, 0);
    table_fingerprint(t, &f);
    refused(t, &f, table_hurry(t, 0, t->turn_began + HURRY, &e), SRV_ENOT_NOW, &e);
    assert_non_null(strstr(e.msg, "played by the computer"));
    table_free(t);
}

static void test_dropped_player_is_away_after_grace_then_resumes(void **state)
{
    (void)state;
    table *t = started_pair(NULL, 0);
    int gone = ls_turn(t->s); /* the player to move drops */
    table_disconnect(t, gone, 1000);
    const table_event *ev = table_event_at(t, t->version);
    assert_int_equal(ev->kind, TEV_CONNECTION);
    assert_false(ev->connected);
    assert_false(ev->away);
    table_job r;
    assert_false(table_request(t, 1000, &r)); /* still held for them */
    table_tick(t, 1000 + cfg.grace_ms - 1);
    assert_false(t->seats[gone].away);
    table_tick(t, 1000 + cfg.grace_ms);
    assert_true(t->seats[gone].away);
    assert_false(t->closed); /* the other player is still there */
    ev = table_event_at(t, t->version);
    assert_true(ev->away);
    /* The greedy player plays the away seat's turn. */
    assert_true(table_request(t, 1000 + cfg.grace_ms, &r));
    assert_int_equal(r.seat, gone);
    assert_null(r.player);
    assert_string_equal(r.spec, "greedy");
    long long v = t->version;
    answer(t, 1000 + cfg.grace_ms, &r);
    table_tick(t, 1000 + cfg.grace_ms + cfg.bot_delay_ms);
    assert_int_equal(t->version, v + 1);
    assert_false(table_event_at(t, v + 1)->timeout);
    table_connect(t, gone, 2000 + cfg.grace_ms);
    assert_false(t->seats[gone].away);
    assert_true(t->seats[gone].connected);
    ev = table_event_at(t, t->version);
    assert_int_equal(ev->kind, TEV_CONNECTION);
    assert_true(ev->connected);
    table_free(t);
}

static void test_table_closes_when_nobody_comes_back(void **state)
{
    (void)state;
    table *t = human_vs_bot(0, NULL);
    table_disconnect(t, 0, 0);
    table_tick(t, cfg.grace_ms - 1);
    assert_false(t->closed);
    table_tick(t, cfg.grace_ms);
    assert_true(t->closed);
    table_free(t);
}

/* ------------------------------------------------------------------ */
/* Resuming, the log                                                   */
/* ------------------------------------------------------------------ */

static void test_missed_events_are_kept_for_a_resume(void **state)
{
    (void)state;
    table *t = human_vs_bot(0, NULL);
    long long seen = t->version;
    table_disconnect(t, 0, 0);
    for (int i = 0; i < 6 && t->status == TABLE_PLAYING; i++) {
        table_job r;
        if (table_request(t, 0, &r))
            answer(t, 0, &r);
        if (ls_turn(t->s) == 0) {
            char move[64];
            srv_error e = {0};
            some_move(t, move, sizeof move);
            assert_int_equal(table_move(t, 0, t->version, move, 0, &e), 0);
        } else {
            table_tick(t, cfg.bot_delay_ms * (i + 1));
        }
    }
    table_connect(t, 0, 5000);
    assert_true(t->version > seen + 2);
    assert_true(table_oldest(t) <= seen + 1);
    for (long long v = seen + 1; v <= t->version; v++)
        assert_int_equal(table_event_at(t, v)->v, v);
    assert_null(table_event_at(t, t->version + 1));
    table_free(t);
}

static void test_log_keeps_the_last_512_events(void **state)
{
    (void)state;
    table *t = new_table(2, 0, NULL);
    join(t, "Ann", 0);
    join(t, "Ben", 0);
    for (int i = 0; i < 400; i++) {
        table_disconnect(t, 1, i);
        table_connect(t, 1, i);
    }
    assert_int_equal(t->version, 802);
    assert_int_equal(table_oldest(t), 802 - TABLE_LOG + 1);
    assert_null(table_event_at(t, 802 - TABLE_LOG));
    assert_int_equal(table_event_at(t, 802 - TABLE_LOG + 1)->v, 802 - TABLE_LOG + 1);
    assert_int_equal(table_event_at(t, 802)->v, 802);
    table_free(t);
}

/* Computer players are named after their level, numbered when it is
 * taken; no person may take such a name, and a person's name is never
 * taken by a computer player. */
static void test_computer_players_have_names_no_person_takes(void **state)
{
    (void)state;
    table *t = new_table(6, 0, NULL);
    join(t, "Ben", 0);
    srv_error e = {0};
    const char *levels[] = {"greedy", "greedy", "expert", "greedy"};
    for (int i = 0; i < 4; i++)
        assert_int_equal(table_add_bot(t, 0, levels[i], &e), 0);
    assert_string_equal(t->seats[1].name, "Greedy");
    assert_string_equal(t->seats[2].name, "Greedy-2");
    assert_string_equal(t->seats[3].name, "Expert");
    assert_string_equal(t->seats[4].name, "Greedy-3");
    fingerprint before, after;
    table_fingerprint(t, &before);
    int seat = -1;
    for (int i = 0; i < 5; i++) {
        const char *name = (const char *[]){"greedy-2", "EXPERT", "Random", "expert-7", "random-12"}[i];
        assert_int_equal(table_join(t, name, tokens[1], 0, 0, &seat, &e), SRV_ENAME_TAKEN);
        char want[64];
        snprintf(want, sizeof want, "%s is a computer player's name: choose another", name);
        assert_string_equal(e.msg, want);
        assert_int_equal(e.conflict, SRV_CONFLICT_COMPUTER);
        assert_string_equal(e.name, name);
        assert_string_equal(e.like, "");
    }
    table_fingerprint(t, &after);
    assert_memory_equal(&before, &after, sizeof before);
    /* Names that only look alike are people's. */
    assert_false(table_name_is_computer("Greedy2"));
    assert_false(table_name_is_computer("greedy-"));
    assert_false(table_name_is_computer("greedy-0"));
    assert_false(table_name_is_computer("greedy-2x"));
    assert_false(table_name_is_computer("Expertise"));
    assert_false(table_name_is_computer("Ada"));
    assert_true(table_name_is_computer("rAnDoM"));
    assert_true(table_name_is_computer("greedy-10"));
    assert_int_equal(table_join(t, "Greedy2", tokens[1], 0, 0, &seat, &e), 0);
    table_free(t);

    /* A player of the store named so before computer players took the
     * names (no new player may be) sits under its name; a computer player
     * added then is numbered past it. */
    t = new_table(4, 0, NULL);
    assert_int_equal(table_join(t, "greedy", tokens[0], 0, 0, &seat, &e), SRV_ENAME_TAKEN);
    assert_int_equal(table_join(t, "greedy", tokens[0], 42, 0, &seat, &e), 0);
    assert_string_equal(t->seats[seat].name, "greedy");
    assert_false(t->seats[seat].bot);
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    assert_string_equal(t->seats[1].name, "Greedy-2");
    assert_int_equal(table_join(t, "greedy-2", tokens[1], 43, 0, &seat, &e), SRV_ENAME_TAKEN);
    assert_string_equal(e.msg, "greedy-2 already sits at table ABCDE");
    table_free(t);
}

/* ------------------------------------------------------------------ */
/* The chat                                                            */
/* ------------------------------------------------------------------ */

/* Lines are numbered, named, kept apart from the events (no version
 * changes, so a move sent meanwhile is not stale), the last 50 only. */
static void test_chat_lines_are_kept_apart_from_the_events(void **state)
{
    (void)state;
    table *t = new_table(2, 0, NULL);
    join(t, "Ann", 0);
    assert_int_equal(table_add_bot(t, 0, "greedy", NULL), 0);
    srv_error e = {0};
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    long long v = t->version, n = 0;
    assert_null(table_chat_at(t, 1));
    assert_int_equal(table_chat(t, 0, "good luck", 0, &n, &e), 0);
    assert_int_equal(n, 1);
    assert_int_equal(t->version, v);
    const table_chat_line *l = table_chat_at(t, 1);
    assert_non_null(l);
    assert_string_equal(l->name, "Ann");
    assert_string_equal(l->text, "good luck");
    assert_int_equal(l->seat, 0);
    assert_null(table_chat_at(t, 0));
    assert_null(table_chat_at(t, 2));
    for (int i = 2; i <= 120; i++) {
        char text[24];
        snprintf(text, sizeof text, "line %d", i);
        assert_int_equal(table_chat(t, 0, text, (int64_t)i * TABLE_CHAT_EVERY_MS, &n, &e), 0);
        assert_int_equal(n, i);
    }
    assert_int_equal(t->version, v);
    assert_null(table_chat_at(t, 120 - TABLE_CHAT_KEEP));
    assert_string_equal(table_chat_at(t, 120 - TABLE_CHAT_KEEP + 1)->text, "line 71");
    assert_string_equal(table_chat_at(t, 120)->text, "line 120");
    table_free(t); /* the kept texts are freed (ASan's leak check) */
}

/* Five lines at once, then one each 2 s; a computer seat or one that is
 * not there writes nothing; a refused line leaves the chat as it was. */
static void test_chat_is_for_people_at_a_measured_pace(void **state)
{
    (void)state;
    table *t = new_table(3, 0, NULL);
    join(t, "Ann", 0);
    join(t, "Ben", 0);
    assert_int_equal(table_add_bot(t, 0, "greedy", NULL), 0);
    srv_error e = {0};
    long long n = 0;
    int64_t now = 50000;
    for (int i = 0; i < TABLE_CHAT_BURST; i++)
        assert_int_equal(table_chat(t, 0, "hi", now, &n, &e), 0);
    assert_int_equal(table_chat(t, 0, "hi", now, &n, &e), SRV_ERATE_LIMITED);
    assert_string_equal(e.msg, "chat: at most 5 lines at once, then one every 2 seconds");
    assert_int_equal(t->chat_n, TABLE_CHAT_BURST);
    /* Another seat has its own budget. */
    assert_int_equal(table_chat(t, 1, "me too", now, &n, &e), 0);
    /* Half the time is not enough; the whole is. */
    assert_int_equal(table_chat(t, 0, "x", now + TABLE_CHAT_EVERY_MS / 2, &n, &e),
                     SRV_ERATE_LIMITED);
    assert_int_equal(table_chat(t, 0, "x", now + TABLE_CHAT_EVERY_MS, &n, &e), 0);
    assert_int_equal(table_chat(t, 0, "x", now + TABLE_CHAT_EVERY_MS, &n, &e),
                     SRV_ERATE_LIMITED);
    /* A long silence refills no more than the burst. */
    now += 3600000;
    for (int i = 0; i < TABLE_CHAT_BURST; i++)
        assert_int_equal(table_chat(t, 0, "back", now, &n, &e), 0);
    assert_int_equal(table_chat(t, 0, "back", now, &n, &e), SRV_ERATE_LIMITED);
    long long kept = t->chat_n;
    assert_int_equal(table_chat(t, 2, "beep", now, &n, &e), SRV_ENOT_SEATED);
    assert_int_equal(table_chat(t, -1, "spectating", now, &n, &e), SRV_ENOT_SEATED);
    assert_int_equal(table_chat(t, 3, "nobody", now, &n, &e), SRV_ENOT_SEATED);
    assert_string_equal(srv_errname(SRV_ENOT_SEATED), "not_seated");
    assert_int_equal(t->chat_n, kept);
    table_free(t);
}

/* ------------------------------------------------------------------ */
/* A whole match, its record, a rematch                                */
/* ------------------------------------------------------------------ */

/* Plays until the match ends: the human plays some legal move and is
 * always ready for the next round; computer moves are answered at once. */
static void play_to_the_end(table *t, int64_t *now)
{
    for (int steps = 0; t->status != TABLE_OVER; steps++) {
        assert_true(steps < 100000);
        srv_error e = {0};
        table_job r;
        *now += 1000;
        if (t->status == TABLE_BETWEEN) {
            assert_int_equal(table_next(t, 0, *now, &e), 0);
            continue;
        }
        if (table_request(t, *now, &r)) {
            answer(t, *now, &r);
            continue;
        }
        if (ls_turn(t->s) == 0) {
            char move[64];
            some_move(t, move, sizeof move);
            if (ls_can_declare(t->s) && ls_cards_total(ls_hand(t->s, 0)) < 10)
                snprintf(move, sizeof move, "declare");
            assert_int_equal(table_move(t, 0, t->version, move, *now, &e), 0);
        }
        table_tick(t, *now);
    }
}

/* Ann and a greedy computer player at threshold 25 (seed 11), the match
 * not started, its store st (NULL: none). */
static table *ann_and_a_bot(store *st)
{
    table_options o = {.seats = 2, .rules = ls_rules_default(), .turn_time = 0};
    o.rules.threshold = 25;
    table *t = table_new("ABCDE", &o, &cfg, 11, st);
    join(t, "Ann", 0);
    srv_error e = {0};
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    return t;
}

static void test_a_finished_match_goes_to_the_store_and_a_rematch_starts(void **state)
{
    (void)state;
    fake_store fs = {0};
    store st = {&fake_ops, &fs};
    table *t = ann_and_a_bot(&st);
    srv_error e = {0};
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    int64_t now = 0;
    play_to_the_end(t, &now);
    assert_int_equal(fs.begun, 1);
    assert_int_equal(fs.finished, 1);
    int w = ls_winner(t->s);
    assert_true(w == 0 || w == 1);
    assert_int_equal(t->seats[w].wins, 1);
    assert_int_equal(table_event_at(t, t->version)->kind, TEV_MATCH_END);
    /* The record in the store replays to the same winner. */
    ls_state *replayed = NULL;
    ls_error err = {0};
    if (ls_record_read(fs.text, fs.len, &replayed, NULL, NULL, &err) != 0)
        fail_msg("record line %d: %s", err.line, err.msg);
    assert_int_equal(ls_winner(replayed), w);
    ls_state_free(replayed);

    fingerprint f;
    table_fingerprint(t, &f);
    refused(t, &f, table_rematch(t, 1, now, &e), SRV_ENOT_HOST, &e);
    char move[64] = "declare";
    refused(t, &f, table_move(t, 0, t->version, move, now, &e), SRV_ENOT_NOW, &e);
    assert_int_equal(table_rematch(t, 0, now, &e), 0);
    assert_int_equal(t->match, 2);
    assert_int_equal(t->status, TABLE_PLAYING);
    assert_int_equal(ls_score(t->s, 0) + ls_score(t->s, 1), 0);
    assert_int_equal(t->seats[w].wins, 1);
    assert_int_equal(fs.begun, 2);
    table_free(t);
    assert_int_equal(fs.ended, 2); /* the second, abandoned, ended unfinished */
    assert_int_equal(fs.finished, 1);
}

/* The version of the last TEV_MATCH_END event in t's log, or 0. */
static long long last_match_end(const table *t)
{
    for (long long v = t->version; v > 0; v--) {
        const table_event *ev = table_event_at(t, v);
        if (!ev)
            break;
        if (ev->kind == TEV_MATCH_END)
            return v;
    }
    return 0;
}

/* A finished match's end carries the id the store gave it (the page
 * /matches/ID), in its event and on the table until the next start: a
 * rematch's end another id, the first event's kept. */
static void test_a_finished_match_carries_the_id_the_store_gave_it(void **state)
{
    (void)state;
    fake_store fs = {0};
    store st = {&fake_ops, &fs};
    table *t = ann_and_a_bot(&st);
    srv_error e = {0};
    assert_int_equal(t->match_id, 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    int64_t now = 0;
    play_to_the_end(t, &now);
    assert_int_equal(t->match_id, 101);
    long long first = last_match_end(t);
    assert_true(first > 0);
    assert_int_equal(table_event_at(t, first)->match_id, 101);
    assert_int_equal(table_rematch(t, 0, now, &e), 0);
    assert_int_equal(t->match_id, 0); /* not the previous match's */
    play_to_the_end(t, &now);
    assert_int_equal(t->match, 2);
    assert_int_equal(t->match_id, 102);
    long long second = last_match_end(t);
    assert_true(second > first);
    assert_int_equal(table_event_at(t, second)->match_id, 102);
    assert_int_equal(table_event_at(t, first)->match_id, 101);
    /* The store cannot write the third's end when it ends: the table
     * pauses, the id unknown; once the store has written it, the id it
     * tells is on the table and in the event, which nobody was sent. */
    assert_int_equal(table_rematch(t, 0, now, &e), 0);
    fs.end_fails = true;
    fs.late_match = 3;
    fs.late_id = 250;
    play_to_the_end(t, &now);
    assert_true(t->unkept);
    assert_int_equal(t->match_id, 0);
    long long third = last_match_end(t);
    assert_true(third > second);
    assert_int_equal(table_event_at(t, third)->match_id, 0);
    fs.end_fails = false;
    table_store_kept(t, now);
    assert_false(t->unkept);
    assert_int_equal(t->match_id, 250);
    assert_int_equal(table_event_at(t, third)->match_id, 250);
    assert_int_equal(table_event_at(t, second)->match_id, 102);
    table_free(t);
}

/* Ann and a greedy computer player at threshold 25, their match played
 * to its end from *now (which it moves on). */
static table *finished_with_a_bot(int64_t *now)
{
    table *t = ann_and_a_bot(NULL);
    srv_error e = {0};
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    play_to_the_end(t, now);
    return t;
}

/* A match over, the one person at the table reloads her page: the table
 * waits for her through the grace time as in a match (the rematch is still
 * hers); once every person has left it, or the grace time has passed with
 * nobody connected, it closes. */
static void test_a_table_whose_match_is_over_waits_for_a_reload(void **state)
{
    (void)state;
    srv_error e = {0};
    int64_t now = 0;
    table *t = finished_with_a_bot(&now);
    table_disconnect(t, 0, now); /* the reload */
    assert_int_equal(table_next_deadline(t), now + cfg.grace_ms);
    table_tick(t, now + 1);
    assert_false(t->closed);
    table_connect(t, 0, now + 500);
    table_tick(t, now + 501);
    assert_false(t->closed);
    assert_int_equal(table_rematch(t, 0, now + 502, &e), 0);
    table_free(t);

    /* Nobody comes back: closed after the grace time. */
    now = 0;
    t = finished_with_a_bot(&now);
    table_disconnect(t, 0, now);
    table_tick(t, now + cfg.grace_ms - 1);
    assert_false(t->closed);
    table_tick(t, now + cfg.grace_ms);
    assert_true(t->closed);
    table_free(t);

    /* She leaves the table: nobody can come back, it closes at once. */
    now = 0;
    t = finished_with_a_bot(&now);
    assert_int_equal(table_leave(t, 0, now, &e), 0);
    table_disconnect(t, 0, now);
    assert_int_equal(table_next_deadline(t), now);
    table_tick(t, now);
    assert_true(t->closed);
    table_free(t);
}

/* After a match the host may take the table back to the lobby instead of
 * a rematch: the seat of a person who left is freed, a friend who came
 * late joins, and the next match starts with the new seats. */
static void test_the_table_reopens_its_seats_after_a_match(void **state)
{
    (void)state;
    fake_store fs = {0};
    store st = {&fake_ops, &fs};
    table_options o = {.seats = 4, .rules = ls_rules_default(), .turn_time = 0};
    o.rules.threshold = 25;
    table *t = table_new("ABCDE", &o, &cfg, 5, &st);
    join(t, "Ann", 0);
    join(t, "Ben", 0);
    srv_error e = {0};
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    fingerprint f;
    table_fingerprint(t, &f);
    refused(t, &f, table_reopen(t, 0, 0, &e), SRV_ENOT_NOW, &e);
    assert_string_equal(e.msg, "the table reopens its seats only after the match has ended");
    assert_int_equal(table_leave(t, 1, 0, &e), 0); /* Ben leaves: the computer plays him */
    int64_t now = 0;
    play_to_the_end(t, &now);
    int w = ls_winner(t->s);
    table_fingerprint(t, &f);
    refused(t, &f, table_reopen(t, 2, now, &e), SRV_ENOT_HOST, &e);
    int seat = -1;
    refused(t, &f, table_join(t, "Cy", tokens[2], 0, now, &seat, &e), SRV_ESTARTED, &e);

    long long v = t->version;
    assert_int_equal(table_reopen(t, 0, now, &e), 0);
    assert_int_equal(t->status, TABLE_LOBBY);
    assert_int_equal(t->nseats, 2);
    assert_string_equal(t->seats[0].name, "Ann");
    assert_string_equal(t->seats[1].name, "Greedy");
    assert_int_equal(t->host, 0);
    assert_int_equal(t->seats[0].wins + t->seats[1].wins, w == 1 ? 0 : 1);
    assert_int_equal(table_event_at(t, v + 1)->kind, TEV_UNSEAT);
    assert_string_equal(table_event_at(t, v + 1)->name, "Ben");
    assert_int_equal(table_event_at(t, t->version)->kind, TEV_REOPEN);
    assert_int_equal(table_event_at(t, t->version)->num, 1);
    table_fingerprint(t, &f);
    refused(t, &f, table_reopen(t, 0, now, &e), SRV_ENOT_NOW, &e);

    /* Cy comes late and joins; a computer player is added; match 2. */
    assert_int_equal(table_join(t, "Cy", tokens[2], 0, now, &seat, &e), 0);
    assert_int_equal(seat, 2);
    assert_int_equal(table_add_bot(t, 0, "expert", &e), 0);
    assert_int_equal(table_start(t, 0, now, &e), 0);
    assert_int_equal(t->match, 2);
    assert_int_equal(t->status, TABLE_PLAYING);
    assert_int_equal(fs.begun, 2);
    assert_int_equal(fs.m.nseats, 4);
    assert_int_equal(fs.m.match, 2);
    table_free(t);
}

/* ------------------------------------------------------------------ */
/* The store: restoring a table, a failing store                       */
/* ------------------------------------------------------------------ */

/* Ann, a greedy and an expert computer player, 3 seats, a turn timer:
 * started and played for `turns` turns (Ann's by some_move). */
static table *played(store *st, int turns, int64_t *now)
{
    table_options o = {.seats = 4, .rules = ls_rules_default(), .turn_time = 30};
    o.rules.threshold = 50;
    table *t = table_new("RSTOR", &o, &cfg, 23, st);
    assert_non_null(t);
    int seat;
    srv_error e = {0};
    assert_int_equal(table_join(t, "Ann", tokens[0], 77, 0, &seat, &e), 0);
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    assert_int_equal(table_add_bot(t, 0, "expert", &e), 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    table_job r;
    for (int played = 0; played < turns && t->status != TABLE_OVER;) {
        *now += 1000;
        long long v = t->version;
        if (t->status == TABLE_BETWEEN) {
            assert_int_equal(table_next(t, 0, *now, &e), 0);
        } else if (table_request(t, *now, &r)) {
            answer(t, *now, &r);
        } else if (ls_turn(t->s) == 0) {
            char move[64];
            some_move(t, move, sizeof move);
            assert_int_equal(table_move(t, 0, t->version, move, *now, &e), 0);
        }
        table_tick(t, *now);
        played += t->version != v;
    }
    return t;
}

static void test_a_table_is_rebuilt_from_its_record_at_its_last_move(void **state)
{
    (void)state;
    fake_store fs = {0};
    store st = {&fake_ops, &fs};
    int64_t now = 0;
    table *t = played(&st, 25, &now);
    assert_int_equal(t->status, TABLE_PLAYING);
    /* What the store was given: the settings and seats. */
    assert_string_equal(fs.m.code, "RSTOR");
    assert_int_equal(fs.m.match, 1);
    assert_int_equal(fs.m.capacity, 4);
    assert_int_equal(fs.m.turn_time, 30);
    assert_int_equal(fs.m.nseats, 3);
    assert_true(fs.m.seat[0].player_id == 77);
    assert_string_equal(fs.m.seat[0].token, tokens[0]);
    assert_string_equal(fs.m.seat[2].level, "expert");
    /* As the store gives it back: the token by hash only. */
    store_match m = fs.m;
    memset(m.seat[0].token, 0, sizeof m.seat[0].token);
    snprintf(m.seat[0].token_hash, sizeof m.seat[0].token_hash, "%064d", 7);
    srv_error e = {0};
    int64_t later = now + 5000;
    table *r = table_restore(&m, fs.text, fs.len, &cfg, 99, &st, &fs, later, 1000000, &e);
    if (!r)
        fail_msg("not restored: %s", e.msg);
    /* At the last move: every seat sees the same. */
    assert_int_equal(r->status, TABLE_PLAYING);
    assert_int_equal(r->nseats, 3);
    assert_int_equal(r->match, 1);
    assert_int_equal(r->opt.turn_time, 30);
    assert_int_equal(r->opt.rules.threshold, 50);
    for (int i = 0; i < 3; i++) {
        ls_view a, b;
        ls_view_of(t->s, i, &a);
        ls_view_of(r->s, i, &b);
        assert_memory_equal(&a, &b, sizeof a);
        assert_string_equal(r->seats[i].name, t->seats[i].name);
        assert_int_equal(r->seats[i].bot, t->seats[i].bot);
    }
    assert_true(r->seats[0].player_id == 77);
    assert_false(r->seats[0].connected);
    /* Events start afresh above every version the table had. */
    assert_int_equal(r->version, 1000000);
    assert_int_equal(table_oldest(r), 1000001);
    /* The turn in play has its full time again; a computer player to
     * move is asked for its move. */
    table_job asked;
    if (r->seats[ls_turn(r->s)].bot) {
        assert_true(table_request(r, later, &asked));
        answer(r, later, &asked);
    } else {
        assert_int_equal(table_time_left(r, later), 30000);
    }
    /* The seat is held for its token (known by hash), and is not given to
     * its player by name until the token has come back. */
    assert_int_equal(table_seat_of_player(r, 77), -1);
    assert_int_equal(table_seat_of_token(r, tokens[0]), -1);
    assert_int_equal(table_seat_of_token_hash(r, tokens[1], "0"), -1);
    char hash[80];
    snprintf(hash, sizeof hash, "%064d", 7);
    assert_int_equal(table_seat_of_token_hash(r, tokens[0], hash), 0);
    assert_int_equal(table_seat_of_token(r, tokens[0]), 0);
    assert_int_equal(table_seat_of_player(r, 77), 0);
    table_connect(r, 0, later);
    /* Nothing is written again; the match goes on to its end, appended to
     * the same record, which then replays whole. */
    size_t len = fs.len;
    int64_t n2 = later;
    table_free(t);
    fs.ended = 0;
    table_job job;
    srv_error e2 = {0};
    while (r->status != TABLE_OVER) {
        n2 += 1000;
        if (r->status == TABLE_BETWEEN)
            assert_int_equal(table_next(r, 0, n2, &e2), 0);
        else if (table_request(r, n2, &job))
            answer(r, n2, &job);
        else if (ls_turn(r->s) == 0) {
            char move[64];
            some_move(r, move, sizeof move);
            if (ls_can_declare(r->s) && ls_cards_total(ls_hand(r->s, 0)) < 12)
                snprintf(move, sizeof move, "declare");
            assert_int_equal(table_move(r, 0, r->version, move, n2, &e2), 0);
        }
        table_tick(r, n2);
    }
    assert_true(fs.len > len);
    assert_int_equal(fs.finished, 1);
    ls_state *whole = NULL;
    ls_error err = {0};
    if (ls_record_read(fs.text, fs.len, &whole, NULL, NULL, &err) != 0)
        fail_msg("record line %d: %s", err.line, err.msg);
    assert_int_equal(ls_winner(whole), ls_winner(r->s));
    ls_state_free(whole);
    table_free(r);
}

/* The round each seat went out in, from the record alone (0: still in),
 * as the store's places read it (ls_record_read's results). */
static void record_out_rounds(const fake_store *fs, int n, int *out)
{
    ls_state *s = NULL;
    ls_round_result *res = NULL;
    int nres = 0;
    ls_error err = {0};
    if (ls_record_read(fs->text, fs->len, &s, &res, &nres, &err) != 0)
        fail_msg("record line %d: %s", err.line, err.msg);
    for (int i = 0; i < n; i++)
        out[i] = 0;
    for (int r = 0; r < nres; r++)
        for (int i = 0; i < n; i++)
            if (res[r].eliminated >> i & 1)
                out[i] = res[r].round;
    free(res);
    ls_state_free(s);
}

/* Ann and three computer players, threshold 25: each seat keeps the round
 * it went out in (the places of R8, for the page's final scores), from the
 * first seat out to the match's end, and a table rebuilt from its record
 * after someone went out has the same. */
static void test_each_seat_keeps_the_round_it_went_out_in_across_a_restore(void **state)
{
    (void)state;
    fake_store fs = {0};
    store st = {&fake_ops, &fs};
    table_options o = {.seats = 4, .rules = ls_rules_default(), .turn_time = 0};
    o.rules.threshold = 25;
    table *t = table_new("PLACE", &o, &cfg, 41, &st);
    assert_non_null(t);
    int seat, expect[LS_MAX_PLAYERS];
    srv_error e = {0};
    assert_int_equal(table_join(t, "Ann", tokens[0], 77, 0, &seat, &e), 0);
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    assert_int_equal(table_add_bot(t, 0, "random", &e), 0);
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(t->seats[i].out_round, 0);
    int64_t now = 0;
    table_job r;
    bool restored = false;
    for (int steps = 0; t->status != TABLE_OVER; steps++) {
        assert_true(steps < 100000);
        now += 1000;
        if (t->status == TABLE_BETWEEN) {
            assert_int_equal(table_next(t, 0, now, &e), 0);
        } else if (table_request(t, now, &r)) {
            answer(t, now, &r);
        } else if (ls_turn(t->s) == 0) {
            char move[64];
            some_move(t, move, sizeof move);
            if (ls_can_declare(t->s) && ls_cards_total(ls_hand(t->s, 0)) < 10)
                snprintf(move, sizeof move, "declare");
            assert_int_equal(table_move(t, 0, t->version, move, now, &e), 0);
        }
        table_tick(t, now);
        int out = 0;
        for (int i = 0; i < 4; i++)
            out += ls_eliminated(t->s, i);
        if (restored || out == 0 || t->status == TABLE_OVER)
            continue;
        /* The first time someone is out and the match goes on: rebuilt
         * from the record, the table knows when. */
        restored = true;
        record_out_rounds(&fs, 4, expect);
        store_match m = fs.m;
        table *rt = table_restore(&m, fs.text, fs.len, &cfg, 5, NULL, NULL, now, 1000000, &e);
        if (!rt)
            fail_msg("not restored: %s", e.msg);
        for (int i = 0; i < 4; i++) {
            assert_int_equal(t->seats[i].out_round, expect[i]);
            assert_int_equal(rt->seats[i].out_round, expect[i]);
            assert_int_equal(expect[i] > 0, ls_eliminated(t->s, i));
        }
        table_free(rt);
    }
    assert_true(restored);
    record_out_rounds(&fs, 4, expect);
    int w = ls_winner(t->s);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(t->seats[i].out_round, expect[i]);
        assert_int_equal(expect[i] == 0, i == w);
    }
    /* A rematch starts everyone in again. */
    assert_int_equal(table_rematch(t, 0, now, &e), 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(t->seats[i].out_round, 0);
    table_free(t);
}

/* Ann writes `text` at t at `now`; its number. */
static long long say(table *t, const char *text, int64_t now)
{
    long long n = 0;
    srv_error e = {0};
    if (table_chat(t, 0, text, now, &n, &e) != 0)
        fail_msg("chat '%s': %s", text, e.msg);
    return n;
}

/* The chat of a match in play is kept with it: the lobby's lines when it
 * begins, each line before it is numbered; a table restored comes back
 * with them, numbered on from the last; a line the store cannot keep is
 * refused and nothing changes. */
static void test_the_chat_is_kept_with_the_match_and_comes_back(void **state)
{
    (void)state;
    fake_store fs = {0};
    store st = {&fake_ops, &fs};
    table_options o = {.seats = 3, .rules = ls_rules_default(), .turn_time = 0};
    table *t = table_new("CHATS", &o, &cfg, 3, &st);
    join(t, "Ann", 0);
    srv_error e = {0};
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    /* 53 lines in the lobby (kept nowhere yet), at a pace the chat allows. */
    int64_t now = 0;
    for (int i = 1; i <= 53; i++) {
        char text[32];
        snprintf(text, sizeof text, "lobby %d", i);
        now += TABLE_CHAT_EVERY_MS;
        assert_int_equal(say(t, text, now), i);
    }
    assert_int_equal(fs.nchat, 0);
    /* The match begins with the last 50 of them. */
    assert_int_equal(table_start(t, 0, now, &e), 0);
    assert_int_equal(fs.nchat, TABLE_CHAT_KEEP);
    assert_int_equal(fs.chat[0].n, 4);
    assert_string_equal(fs.chat[0].text, "lobby 4");
    assert_string_equal(fs.chat[0].name, "Ann");
    assert_int_equal(fs.chat[49].n, 53);
    now += TABLE_CHAT_EVERY_MS;
    assert_int_equal(say(t, "in play", now), 54);
    assert_int_equal(fs.nchat, 51);
    assert_int_equal(fs.chat[50].n, 54);
    assert_int_equal(fs.chat[50].seat, 0);
    assert_string_equal(fs.chat[50].text, "in play");
    /* The store fails: the line is refused, unnumbered, unshown. */
    fs.failing = true;
    now += TABLE_CHAT_EVERY_MS;
    long long n = 0;
    assert_int_equal(table_chat(t, 0, "lost?", now, &n, &e), SRV_ESTORE);
    assert_string_equal(e.msg, "chat: the server cannot save the line right now (its "
                               "store is failing); write it again when it is back");
    assert_int_equal(t->chat_n, 54);
    assert_null(table_chat_at(t, 55));
    fs.failing = false;
    assert_int_equal(say(t, "back", now), 55);

    /* Restored from what the store keeps: the same lines, numbered on. */
    store_match m = fs.m;
    m.nchat = 0;
    for (int i = fs.nchat - TABLE_CHAT_KEEP; i < fs.nchat; i++)
        m.chat[m.nchat++] = fs.chat[i];
    char text[sizeof fs.text];
    size_t len = fs.len;
    memcpy(text, fs.text, len);
    store_chat kept[TABLE_CHAT_KEEP];
    memcpy(kept, m.chat, sizeof kept);
    table *r = table_restore(&m, text, len, &cfg, 9, &st, &fs, now, 1000000, &e);
    if (!r)
        fail_msg("not restored: %s", e.msg);
    assert_int_equal(r->chat_n, 55);
    assert_null(table_chat_at(r, 5));
    for (int i = 0; i < TABLE_CHAT_KEEP; i++) {
        const table_chat_line *l = table_chat_at(r, kept[i].n);
        assert_non_null(l);
        assert_string_equal(l->text, kept[i].text);
        assert_string_equal(l->name, "Ann");
    }
    assert_string_equal(table_chat_at(r, 55)->text, "back");
    assert_int_equal(say(r, "after", now + TABLE_CHAT_EVERY_MS), 56);
    table_free(t);
    table_free(r);

    /* Without lines kept (a store from before), numbered on from the
     * version the restore is given, above every number shown. */
    fs = (fake_store){0};
    t = table_new("CHATS", &o, &cfg, 3, &st);
    join(t, "Ann", 0);
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    m = fs.m;
    len = fs.len;
    memcpy(text, fs.text, len);
    r = table_restore(&m, text, len, &cfg, 9, &st, &fs, 0, 1000000, &e);
    assert_non_null(r);
    assert_int_equal(say(r, "hi", 0), 1000001);
    table_free(t);
    table_free(r);
}

static void test_a_record_that_does_not_fit_is_not_restored(void **state)
{
    (void)state;
    fake_store fs = {0};
    store st = {&fake_ops, &fs};
    int64_t now = 0;
    table *t = played(&st, 6, &now);
    srv_error e = {0};
    /* A seat renamed: the record's players are not the seats. */
    store_match m = fs.m;
    snprintf(m.seat[1].name, sizeof m.seat[1].name, "Zed");
    assert_null(table_restore(&m, fs.text, fs.len, &cfg, 1, &st, &fs, now, 1, &e));
    assert_non_null(strstr(e.msg, "Zed"));
    /* A record cut inside a deal. */
    const char *deal = strstr(fs.text, "open ");
    assert_non_null(deal);
    assert_null(table_restore(&fs.m, fs.text, (size_t)(deal - fs.text), &cfg, 1, &st, &fs,
                              now, 1, &e));
    assert_non_null(strstr(e.msg, "line"));
    /* A record with a move that is not the table's (a changed card). */
    char bad[sizeof fs.text];
    memcpy(bad, fs.text, fs.len);
    char *last = bad + fs.len - 1;
    while (last > bad && last[-1] != '\n')
        last--;
    snprintf(last, sizeof bad - (size_t)(last - bad), "Ann declare\n");
    assert_null(table_restore(&fs.m, bad, strlen(bad), &cfg, 1, &st, &fs, now, 1, &e));
    assert_int_equal(fs.ended, 0); /* nothing was ended or dropped in the store */
    table_free(t);
}

static void test_a_move_the_store_cannot_write_pauses_the_table(void **state)
{
    (void)state;
    fake_store fs = {0};
    store st = {&fake_ops, &fs};
    int64_t now = 0;
    table *t = played(&st, 4, &now);
    srv_error e = {0};
    table_job r;
    /* Play until a move is refused by the store. */
    fs.failing = true;
    while (!t->unkept) {
        now += 1000;
        if (table_request(t, now, &r))
            answer(t, now, &r);
        else if (t->status == TABLE_PLAYING && ls_turn(t->s) == 0) {
            char move[64];
            some_move(t, move, sizeof move);
            assert_int_equal(table_move(t, 0, t->version, move, now, &e), 0);
        }
        table_tick(t, now);
        assert_true(t->status != TABLE_OVER);
    }
    assert_true(fs.written < fs.len);
    /* Paused: no move, no timer, no computer move while the store fails. */
    fingerprint f;
    table_fingerprint(t, &f);
    char move[64] = "declare";
    refused(t, &f, table_move(t, ls_turn(t->s), t->version, move, now, &e), SRV_ESTORE, &e);
    assert_non_null(strstr(e.msg, "store"));
    assert_false(table_request(t, now, &r));
    int64_t due = table_next_deadline(t);
    assert_true(due < 0 || due >= now + cfg.grace_ms - 1000);
    table_tick(t, now + 3600 * 1000);
    assert_int_equal(t->version, f.version);
    /* The store is back: the table goes on, with a fresh turn time. */
    fs.failing = false;
    assert_int_equal(st.ops->flush(st.self), 0);
    table_store_kept(t, now + 10000);
    assert_false(t->unkept);
    assert_true(fs.written == fs.len);
    if (!t->seats[ls_turn(t->s)].bot)
        assert_int_equal(table_time_left(t, now + 10000), 30000);
    table_free(t);
}

/* A two-seat table (Ann and a bot) on fs: its start is refused with
 * SRV_ESTORE (and the message want, when given), the table unchanged and no
 * match begun in the store; with *cause cleared the start goes through. */
static void start_refused_until_cleared(fake_store *fs, bool *cause, const char *want)
{
    store st = {&fake_ops, fs};
    table *t = new_table(2, 0, &st);
    join(t, "Ann", 0);
    srv_error e = {0};
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    fingerprint f;
    table_fingerprint(t, &f);
    refused(t, &f, table_start(t, 0, 0, &e), SRV_ESTORE, &e);
    if (want)
        assert_string_equal(e.msg, want);
    assert_int_equal(fs->begun, 0);
    assert_int_equal(t->status, TABLE_LOBBY);
    *cause = false;
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    assert_int_equal(fs->begun, 1);
    table_free(t);
}

static void test_a_match_the_store_cannot_begin_does_not_start(void **state)
{
    (void)state;
    fake_store fs = {.failing = true};
    start_refused_until_cleared(&fs, &fs.failing, NULL);
}

/* A store whose file was moved or removed from its path takes no new
 * match (a restart would not find it), and says why; back at its path, it
 * does. */
static void test_no_match_begins_while_the_store_file_is_away(void **state)
{
    (void)state;
    fake_store fs = {.moved = true};
    start_refused_until_cleared(&fs, &fs.moved,
                                "the server takes no new matches: its store's file was "
                                "moved or removed while it runs (its log says where)");
}

static void test_a_stopping_server_keeps_the_match_in_play(void **state)
{
    (void)state;
    fake_store fs = {0};
    store st = {&fake_ops, &fs};
    int64_t now = 0;
    table *t = played(&st, 3, &now);
    table_suspend(t);
    table_free(t);
    assert_int_equal(fs.suspended, 1);
    assert_int_equal(fs.ended, 1); /* suspended, not also abandoned */
}

static void test_next_round_waits_for_ready_players_or_the_pause(void **state)
{
    (void)state;
    table *t = started_pair(NULL, 0);
    int64_t now = 0;
    /* Play until the first round ends. */
    while (t->status == TABLE_PLAYING) {
        char move[64];
        srv_error e = {0};
        int turn = ls_turn(t->s);
        some_move(t, move, sizeof move);
        if (ls_can_declare(t->s))
            snprintf(move, sizeof move, "declare");
        assert_int_equal(table_move(t, turn, t->version, move, ++now, &e), 0);
    }
    if (t->status == TABLE_OVER)
        skip();
    assert_int_equal(table_event_at(t, t->version)->kind, TEV_ROUND_END);
    srv_error e = {0};
    assert_int_equal(table_next(t, 0, now, &e), 0);
    assert_int_equal(t->status, TABLE_BETWEEN); /* Ben is not ready */
    assert_int_equal(table_next_deadline(t), now + cfg.round_pause_ms);
    table_tick(t, now + cfg.round_pause_ms);
    assert_int_equal(t->status, TABLE_PLAYING);
    assert_int_equal(table_event_at(t, t->version)->kind, TEV_DEAL);
    table_free(t);
}

static void test_options_are_checked(void **state)
{
    (void)state;
    srv_error e = {0};
    table_options o = {.seats = 4, .rules = ls_rules_default(), .turn_time = 0};
    assert_int_equal(table_options_check(&o, &e), 0);
    o.seats = 9; /* out of range: a bad member, not a rule option */
    assert_int_equal(table_options_check(&o, &e), SRV_EBAD_MESSAGE);
    o.seats = 1;
    assert_int_equal(table_options_check(&o, &e), SRV_EBAD_MESSAGE);
    o.seats = 4;
    o.turn_time = 14;
    assert_int_equal(table_options_check(&o, &e), SRV_EBAD_OPTION);
    o.turn_time = 121;
    assert_int_equal(table_options_check(&o, &e), SRV_EBAD_OPTION);
    o.turn_time = 120;
    assert_int_equal(table_options_check(&o, &e), 0);
    o.rules.hand_size = 7;
    o.seats = 8; /* 8 x 7 cards + the opening card do not fit in 52 (D13) */
    assert_int_equal(table_options_check(&o, &e), SRV_EBAD_OPTION);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_first_person_is_host_in_seat_0),
    cmocka_unit_test(test_join_refusals_leave_the_table_unchanged),
    cmocka_unit_test(test_a_name_that_looks_like_a_seated_one_is_refused),
    cmocka_unit_test(test_a_run_of_v_and_w_is_one_look_at_a_table),
    cmocka_unit_test(test_only_the_host_seats_computer_players),
    cmocka_unit_test(test_remove_moves_later_seats_up),
    cmocka_unit_test(test_a_seat_keeps_its_player),
    cmocka_unit_test(test_host_leaving_the_lobby_passes_the_host_on),
    cmocka_unit_test(test_lobby_seat_is_freed_after_the_grace_time),
    cmocka_unit_test(test_start_needs_the_host_and_two_players),
    cmocka_unit_test(test_a_move_bumps_the_version_and_a_repeat_is_stale),
    cmocka_unit_test(test_refused_moves_leave_the_table_unchanged),
    cmocka_unit_test(test_a_draw_cannot_choose_its_card),
    cmocka_unit_test(test_computer_move_is_asked_for_and_paced),
    cmocka_unit_test(test_an_answer_for_an_earlier_turn_is_dropped),
    cmocka_unit_test(test_a_connection_event_while_a_computer_thinks_keeps_its_move),
    cmocka_unit_test(test_timed_out_turn_is_played_by_greedy),
    cmocka_unit_test(test_a_player_asked_to_hurry_is_played_for_when_the_time_is_up),
    cmocka_unit_test(test_hurry_is_refused_when_the_timer_ends_sooner_or_a_computer_plays),
    cmocka_unit_test(test_dropped_player_is_away_after_grace_then_resumes),
    cmocka_unit_test(test_table_closes_when_nobody_comes_back),
    cmocka_unit_test(test_a_table_whose_match_is_over_waits_for_a_reload),
    cmocka_unit_test(test_missed_events_are_kept_for_a_resume),
    cmocka_unit_test(test_log_keeps_the_last_512_events),
    cmocka_unit_test(test_computer_players_have_names_no_person_takes),
    cmocka_unit_test(test_chat_lines_are_kept_apart_from_the_events),
    cmocka_unit_test(test_chat_is_for_people_at_a_measured_pace),
    cmocka_unit_test(test_a_finished_match_goes_to_the_store_and_a_rematch_starts),
    cmocka_unit_test(test_a_finished_match_carries_the_id_the_store_gave_it),
    cmocka_unit_test(test_the_table_reopens_its_seats_after_a_match),
    cmocka_unit_test(test_a_table_is_rebuilt_from_its_record_at_its_last_move),
    cmocka_unit_test(test_each_seat_keeps_the_round_it_went_out_in_across_a_restore),
    cmocka_unit_test(test_the_chat_is_kept_with_the_match_and_comes_back),
    cmocka_unit_test(test_a_record_that_does_not_fit_is_not_restored),
    cmocka_unit_test(test_a_move_the_store_cannot_write_pauses_the_table),
    cmocka_unit_test(test_a_match_the_store_cannot_begin_does_not_start),
    cmocka_unit_test(test_no_match_begins_while_the_store_file_is_away),
    cmocka_unit_test(test_a_stopping_server_keeps_the_match_in_play),
    cmocka_unit_test(test_next_round_waits_for_ready_players_or_the_pause),
    cmocka_unit_test(test_options_are_checked),
};

LS_TEST_MAIN(tests)
