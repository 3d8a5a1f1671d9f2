/*
 * table.c - one table as plain logic (see table.h for the contract).
 *
 * The lobby is an array of seats kept compact: freeing a seat moves the
 * later ones up, so seat numbers are always 0..nseats-1 and become the
 * engine's seats at the start. From the start on, the engine's state is the
 * authority for everything about the match; the table adds who sits where,
 * their connections, the record and the log.
 *
 * A turn's computer move goes through four states (`comp`): NONE (a person
 * is to move, no move asked for), NEEDED (a move must be computed: a
 * computer player's turn, an away person's, or a timed-out one), LENT (the
 * caller is computing it), HELD (computed, waiting for bot_delay after the
 * turn began so that people can follow). Any applied move starts the next
 * turn at NONE or NEEDED.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analyzer.h"
#include "server/names.h"
#include "server/table.h"

enum { COMP_NONE, COMP_NEEDED, COMP_LENT, COMP_HELD };

const char *const table_levels[] = {"random", "greedy", "expert", NULL};

/* Compared by look (server/names.h): "Gr3edy" is a name of its own, but
 * "Rand0m" and "Greedy-l0" look like computer players' ("Greedy-10"). */
bool table_name_is_computer(const char *name)
{
    char look[LS_NAME_MAX + 1];
    srv_name_look(name, look, sizeof look);
    for (int i = 0; table_levels[i]; i++) {
        size_t n = strlen(table_levels[i]);
        if (strncmp(look, table_levels[i], n) != 0)
            continue;
        const char *rest = look + n;
        if (!*rest)
            return true;
        /* Digits by their look: 1 is l and 0 is o in the key. */
        if (rest[0] == '-' && rest[1] && strchr("l23456789", rest[1]) &&
            strspn(rest + 1, "lo23456789") == strlen(rest + 1))
            return true;
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* The record and the event log                                        */
/* ------------------------------------------------------------------ */

/* Hands the record text not yet sent to the store. The store returns once
 * the text is durable; when it cannot write it (it keeps it and tries
 * again), the table pauses until table_store_kept(), so that nothing is
 * shown that a crash could lose. */
static void flush_record(table *t)
{
    if (!t->rec)
        return;
    size_t len;
    const char *text = ls_record_text(t->rec, &len);
    if (len > t->rec_sent && t->rec_handle && t->st.ops &&
        t->st.ops->append(t->st.self, t->rec_handle, text + t->rec_sent,
                          len - t->rec_sent) != 0)
        t->unkept = true;
    t->rec_sent = len;
}

/* Ends the match's record in the store (STORE_...) and drops it. A
 * finished match whose end the store could not write yet pauses the
 * table like a move (its end is not shown before it is kept). A finished
 * match written at once gets its id in the store in t->match_id (before
 * its end is sent to anyone, so the id is a match /matches/ID shows). */
static void end_record(table *t, int how)
{
    flush_record(t);
    int64_t id = 0;
    if (t->rec_handle && t->st.ops &&
        t->st.ops->match_end(t->st.self, t->rec_handle, how, &id) != 0 &&
        how == STORE_FINISHED)
        t->unkept = true;
    if (how == STORE_FINISHED)
        t->match_id = id;
    t->rec_handle = NULL;
    ls_record_free(t->rec);
    t->rec = NULL;
    t->rec_sent = 0;
}

static table_event *log_slot(table *t, int i)
{
    return &t->log[(t->log_first + i) % t->log_cap];
}

/*
 * Appends an event with the next version and returns it for the caller to
 * fill. The ring grows to TABLE_LOG entries, then the oldest is dropped.
 * Growing needs memory: when there is none, the oldest event is dropped
 * instead, so appending never fails (a client that misses it gets a
 * snapshot).
 */
static table_event *log_add(table *t, int kind)
{
    if (t->log_n == t->log_cap && t->log_cap < TABLE_LOG) {
        int cap = t->log_cap ? t->log_cap * 2 : 16;
        if (cap > TABLE_LOG)
            cap = TABLE_LOG;
        table_event *grown = calloc((size_t)cap, sizeof *grown);
        if (grown) {
            for (int i = 0; i < t->log_n; i++)
                grown[i] = *log_slot(t, i);
            free(t->log);
            t->log = grown;
            t->log_cap = cap;
            t->log_first = 0;
        }
    }
    if (t->log_n == t->log_cap) {
        if (t->log_cap == 0)
            abort(); /* the first 16 events could not be allocated */
        table_event *old = log_slot(t, 0);
        free(old->result);
        free(old->standings);
        t->log_first = (t->log_first + 1) % t->log_cap;
        t->log_n--;
    }
    table_event *ev = log_slot(t, t->log_n++);
    memset(ev, 0, sizeof *ev);
    ev->v = ++t->version;
    ev->kind = kind;
    ev->seat = -1;
    return ev;
}

const table_event *table_event_at(const table *t, long long v)
{
    if (t->log_n == 0)
        return NULL;
    long long oldest = t->log[t->log_first].v;
    if (v < oldest || v > t->version)
        return NULL;
    return &t->log[(t->log_first + (int)(v - oldest)) % t->log_cap];
}

long long table_oldest(const table *t)
{
    return t->log_n ? t->log[t->log_first].v : t->version + 1;
}

/* ------------------------------------------------------------------ */
/* Creating and freeing                                                */
/* ------------------------------------------------------------------ */

int table_turn_time_check(long long s, srv_error *e)
{
    if (s != 0 && (s < TURN_TIME_MIN || s > TURN_TIME_MAX))
        return srv_fail(e, SRV_EBAD_OPTION, "turn_time: 0 (off) or %d to %d seconds, "
                        "not %lld", TURN_TIME_MIN, TURN_TIME_MAX, s);
    return 0;
}

int table_options_check(const table_options *o, srv_error *e)
{
    if (o->seats < LS_MIN_PLAYERS || o->seats > LS_MAX_PLAYERS)
        return srv_fail(e, SRV_EBAD_MESSAGE, "seats: must be 2 to 8, not %d",
                        o->seats);
    int rc = table_turn_time_check(o->turn_time, e);
    if (rc != 0)
        return rc;
    ls_error err = {0};
    if (ls_rules_check(&o->rules, o->seats, &err) != 0)
        return srv_fail(e, SRV_EBAD_OPTION, "%s", err.msg);
    return 0;
}

table *table_new(const char *code, const table_options *o, const table_config *c,
                 uint64_t seed, const store *st)
{
    table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->log = calloc(16, sizeof *t->log);
    if (!t->log) {
        free(t);
        return NULL;
    }
    t->log_cap = 16;
    snprintf(t->code, sizeof t->code, "%.*s", TABLE_CODE_LEN, code);
    t->opt = *o;
    t->cfg = *c;
    t->status = TABLE_LOBBY;
    t->empty_since = -1;
    t->hurry_at = -1;
    ls_rng_seed(&t->rng, seed);
    if (st)
        t->st = *st;
    return t;
}

static void free_players(table *t)
{
    for (int i = 0; i < t->nseats; i++) {
        ls_player_free(t->seats[i].player);
        t->seats[i].player = NULL;
    }
}

void table_free(table *t)
{
    if (!t)
        return;
    end_record(t, STORE_ABANDONED);
    free_players(t);
    ls_state_free(t->s);
    for (int i = 0; i < t->log_n; i++) {
        free(log_slot(t, i)->result);
        free(log_slot(t, i)->standings);
    }
    free(t->log);
    for (int i = 0; i < TABLE_CHAT_KEEP; i++)
        free(t->chat[i].text);
    free(t);
}

/* ------------------------------------------------------------------ */
/* The chat                                                            */
/* ------------------------------------------------------------------ */

int table_chat(table *t, int seat, const char *text, int64_t now, long long *n,
               srv_error *e)
{
    if (seat < 0 || seat >= t->nseats || t->seats[seat].bot)
        return srv_fail(e, SRV_ENOT_SEATED, "spectators read the chat; only the "
                        "table's players write in it");
    table_seat *s = &t->seats[seat];
    if (!s->chatted)
        s->chat_credits = TABLE_CHAT_BURST;
    else
        s->chat_credits += (double)(now - s->chat_refilled) / TABLE_CHAT_EVERY_MS;
    if (s->chat_credits > TABLE_CHAT_BURST)
        s->chat_credits = TABLE_CHAT_BURST;
    s->chatted = true;
    s->chat_refilled = now;
    if (s->chat_credits < 1.0)
        return srv_fail(e, SRV_ERATE_LIMITED, "chat: at most %d lines at once, then "
                        "one every %d seconds", TABLE_CHAT_BURST,
                        TABLE_CHAT_EVERY_MS / 1000);
    char *copy = strdup(text);
    if (!copy)
        return srv_fail(e, SRV_ENOMEM, "out of memory");
    /* While a match is kept, its chat is kept with it: durable before
     * anyone is shown the line, so that a restored table's numbers go on
     * above every number shown. */
    if (t->rec_handle && t->st.ops && t->st.ops->chat) {
        store_chat sc = {.n = t->chat_n + 1, .seat = seat, .text = copy};
        memcpy(sc.name, s->name, sizeof sc.name);
        if (t->st.ops->chat(t->st.self, t->rec_handle, &sc) != 0) {
            free(copy);
            return srv_fail(e, SRV_ESTORE, "chat: the server cannot save the line "
                            "right now (its store is failing); write it again when "
                            "it is back");
        }
    }
    s->chat_credits -= 1.0;
    table_chat_line *l = &t->chat[t->chat_n % TABLE_CHAT_KEEP];
    free(l->text);
    l->n = ++t->chat_n;
    l->seat = seat;
    memcpy(l->name, s->name, sizeof l->name);
    l->text = copy;
    if (n)
        *n = l->n;
    return 0;
}

const table_chat_line *table_chat_at(const table *t, long long n)
{
    if (n < 1 || n > t->chat_n || n <= t->chat_n - TABLE_CHAT_KEEP)
        return NULL;
    /* A restored table's numbers start high: the slots below the first
     * line written since are empty. */
    const table_chat_line *l = &t->chat[(n - 1) % TABLE_CHAT_KEEP];
    return l->n == n ? l : NULL;
}

/* ------------------------------------------------------------------ */
/* People and their connections                                        */
/* ------------------------------------------------------------------ */

int table_people_connected(const table *t)
{
    int n = 0;
    for (int i = 0; i < t->nseats; i++)
        n += !t->seats[i].bot && t->seats[i].connected;
    return n;
}

static bool has_person(const table *t)
{
    for (int i = 0; i < t->nseats; i++)
        if (!t->seats[i].bot)
            return true;
    return false;
}

/* Keeps empty_since: the time since which no person is connected. */
static void update_empty(table *t, int64_t now)
{
    if (table_people_connected(t) > 0)
        t->empty_since = -1;
    else if (t->empty_since < 0)
        t->empty_since = now;
}

/* The seat whose name looks like this one (server/names.h), or -1: "ann"
 * and "Ann", or "Iris" and "lris", at one table could not be told apart by
 * the players. */
static int name_seat(const table *t, const char *name)
{
    char look[LS_NAME_MAX + 1], other[LS_NAME_MAX + 1];
    srv_name_look(name, look, sizeof look);
    for (int i = 0; i < t->nseats; i++) {
        srv_name_look(t->seats[i].name, other, sizeof other);
        if (t->seats[i].name[0] && !strcmp(other, look))
            return i;
    }
    return -1;
}

static bool name_taken(const table *t, const char *name)
{
    return name_seat(t, name) >= 0;
}

static int check_lobby(const table *t, srv_error *e)
{
    if (t->status != TABLE_LOBBY)
        return srv_fail(e, SRV_ESTARTED, "the match at table %s has started",
                        t->code);
    if (t->nseats >= t->opt.seats)
        return srv_fail(e, SRV_ETABLE_FULL, "every seat at table %s is taken "
                        "(you may watch)", t->code);
    return 0;
}

static void seat_event(table *t, int seat)
{
    const table_seat *st = &t->seats[seat];
    table_event *ev = log_add(t, TEV_SEAT);
    ev->seat = seat;
    ev->bot = st->bot;
    snprintf(ev->name, sizeof ev->name, "%s", st->name);
    snprintf(ev->level, sizeof ev->level, "%s", st->level);
}

int table_join(table *t, const char *name, const char *token, int64_t player_id,
               int64_t now, int *seat, srv_error *e)
{
    if (!name || !ls_name_valid(name))
        return srv_fail(e, SRV_EBAD_NAME, "a name is 1 to 16 of A-Z a-z 0-9 _ -");
    int rc = check_lobby(t, e);
    if (rc)
        return rc;
    /* A player of the store may be called so: one who became a player
     * before computer players took their levels' names keeps the name
     * (the server makes no new player of such a name). */
    if (table_name_is_computer(name) && player_id == 0)
        return srv_fail_name(e, SRV_CONFLICT_COMPUTER, name, NULL, "%s is a computer "
                             "player's name: choose another", name);
    int other = name_seat(t, name);
    const char *like = other >= 0 ? t->seats[other].name : NULL;
    if (like && !strcasecmp(like, name))
        return srv_fail_name(e, SRV_CONFLICT_SEAT, name, like, "%s already sits at "
                             "table %s", name, t->code);
    if (like)
        return srv_fail_name(e, SRV_CONFLICT_SEAT, name, like, "%s looks like %s, who "
                             "sits at table %s: choose a name told apart by more than "
                             "case, I l 1, O 0, rn m or vv w", name, like, t->code);
    table_seat *st = &t->seats[t->nseats];
    memset(st, 0, sizeof *st);
    snprintf(st->name, sizeof st->name, "%s", name);
    snprintf(st->token, sizeof st->token, "%s", token);
    st->player_id = player_id;
    st->connected = true;
    if (!has_person(t))
        t->host = t->nseats;
    *seat = t->nseats++;
    seat_event(t, *seat);
    update_empty(t, now);
    return 0;
}

static bool valid_level(const char *level)
{
    for (int i = 0; table_levels[i]; i++)
        if (level && !strcmp(level, table_levels[i]))
            return true;
    return false;
}

static int check_host(const table *t, int by, srv_error *e)
{
    if (by != t->host || by < 0)
        return srv_fail(e, SRV_ENOT_HOST, "only the host (%s) may do this",
                        t->seats[t->host].name);
    return 0;
}

int table_add_bot(table *t, int by, const char *level, srv_error *e)
{
    int rc = check_host(t, by, e);
    if (rc)
        return rc;
    if (!valid_level(level))
        return srv_fail(e, SRV_EBAD_LEVEL, "'%.20s' is not a level: random, "
                        "greedy or expert", level ? level : "");
    if (t->status != TABLE_LOBBY)
        return srv_fail(e, SRV_ENOT_NOW, "computer players can be added only "
                        "before the start");
    if ((rc = check_lobby(t, e)) != 0)
        return rc;
    /* Named after its level ("Greedy", then "Greedy-2"...): a name no
     * person may take (table_name_is_computer), so that a friend called
     * Ben never finds his name taken by a computer player. */
    char name[LS_NAME_MAX + 1];
    snprintf(name, sizeof name, "%c%s", toupper((unsigned char)level[0]), level + 1);
    for (int k = 2; name_taken(t, name); k++)
        snprintf(name, sizeof name, "%c%s-%d", toupper((unsigned char)level[0]), level + 1, k);
    table_seat *st = &t->seats[t->nseats];
    memset(st, 0, sizeof *st);
    snprintf(st->name, sizeof st->name, "%s", name);
    st->bot = true;
    snprintf(st->level, sizeof st->level, "%s", level);
    seat_event(t, t->nseats++);
    return 0;
}

/* Frees a lobby seat: the later seats move up one; the host moves with its
 * seat, or to the first person left when the host's seat was freed; with
 * no person left the table is closed. */
static void unseat(table *t, int seat)
{
    table_event *ev = log_add(t, TEV_UNSEAT);
    ev->seat = seat;
    snprintf(ev->name, sizeof ev->name, "%s", t->seats[seat].name);
    ls_player_free(t->seats[seat].player);
    memmove(&t->seats[seat], &t->seats[seat + 1],
            (size_t)(t->nseats - seat - 1) * sizeof t->seats[0]);
    t->nseats--;
    memset(&t->seats[t->nseats], 0, sizeof t->seats[0]);
    if (t->host > seat) {
        t->host--;
    } else if (t->host == seat) {
        int next = -1;
        for (int i = 0; i < t->nseats && next < 0; i++)
            if (!t->seats[i].bot)
                next = i;
        if (next < 0) {
            t->closed = true;
            t->host = 0;
            return;
        }
        t->host = next;
        log_add(t, TEV_HOST)->seat = next;
    }
}

int table_remove(table *t, int by, int seat, srv_error *e)
{
    int rc = check_host(t, by, e);
    if (rc)
        return rc;
    if (t->status != TABLE_LOBBY)
        return srv_fail(e, SRV_ENOT_NOW, "seats can be freed only before the start");
    if (seat < 0 || seat >= t->nseats)
        return srv_fail(e, SRV_EBAD_MESSAGE, "seat %d is not taken", seat);
    if (seat == by)
        return srv_fail(e, SRV_EBAD_MESSAGE, "seat %d is yours: send leave to "
                        "leave the table", seat);
    unseat(t, seat);
    return 0;
}

int table_seat_of_token(const table *t, const char *token)
{
    if (!token || strlen(token) != TABLE_TOKEN_LEN)
        return -1;
    for (int i = 0; i < t->nseats; i++)
        if (!t->seats[i].bot && !strcmp(t->seats[i].token, token))
            return i;
    return -1;
}

int table_seat_of_player(const table *t, int64_t player_id)
{
    if (player_id <= 0)
        return -1;
    for (int i = 0; i < t->nseats; i++) {
        const table_seat *st = &t->seats[i];
        if (!st->bot && st->player_id == player_id && st->token[0])
            return i;
    }
    return -1;
}

int table_seat_of_token_hash(table *t, const char *token, const char *hash)
{
    if (!token || strlen(token) != TABLE_TOKEN_LEN || !hash || !*hash)
        return -1;
    for (int i = 0; i < t->nseats; i++) {
        table_seat *st = &t->seats[i];
        if (!st->bot && !st->token[0] && !strcmp(st->token_hash, hash)) {
            snprintf(st->token, sizeof st->token, "%s", token);
            return i;
        }
    }
    return -1;
}

static void connection_event(table *t, int seat)
{
    table_event *ev = log_add(t, TEV_CONNECTION);
    ev->seat = seat;
    ev->connected = t->seats[seat].connected;
    ev->away = t->seats[seat].away;
}

static bool is_turn_of(const table *t, int seat)
{
    return t->status == TABLE_PLAYING && ls_turn(t->s) == seat;
}

/* The host is away: the next connected person becomes host (none
 * connected: the host stays, and the first person to come back takes it,
 * table_connect), so that a match's end never waits for a host who left.
 * The store of the match in play is told, so that a restart gives the
 * table this host back; one that cannot write it yet keeps it and writes
 * it later: nothing waits. */
static void pass_host(table *t)
{
    for (int k = 1; k < t->nseats; k++) {
        int i = (t->host + k) % t->nseats;
        if (!t->seats[i].bot && t->seats[i].connected) {
            t->host = i;
            log_add(t, TEV_HOST)->seat = i;
            if (t->rec_handle && t->st.ops && t->st.ops->host)
                t->st.ops->host(t->st.self, t->rec_handle, i);
            return;
        }
    }
}

/* Tells the store of the match in play that the person in `seat` left or
 * came back, so that a restart finds the seat as it is (as pass_host). */
static void keep_away(table *t, int seat)
{
    if (t->rec_handle && t->st.ops && t->st.ops->seat_away)
        t->st.ops->seat_away(t->st.self, t->rec_handle, seat, t->seats[seat].away);
}

void table_connect(table *t, int seat, int64_t now)
{
    table_seat *st = &t->seats[seat];
    if (st->connected && !st->away)
        return;
    bool was_away = st->away;
    st->connected = true;
    st->away = false;
    /* Back in time for their turn: the person plays it, unless the timer
     * already ran out. */
    if (was_away && is_turn_of(t, seat) && !t->comp_timeout &&
        (t->comp == COMP_NEEDED || t->comp == COMP_HELD))
        t->comp = COMP_NONE;
    if (was_away)
        keep_away(t, seat);
    if (t->seats[t->host].away)
        pass_host(t);
    connection_event(t, seat);
    update_empty(t, now);
}

void table_disconnect(table *t, int seat, int64_t now)
{
    table_seat *st = &t->seats[seat];
    if (!st->connected)
        return;
    st->connected = false;
    st->dropped_at = now;
    connection_event(t, seat);
    update_empty(t, now);
}

/* The person in `seat` is away: the greedy player plays for them, and a
 * host passes the host on (that event first, then the seat's own). */
static void make_away(table *t, int seat)
{
    table_seat *st = &t->seats[seat];
    st->connected = false;
    st->away = true;
    keep_away(t, seat);
    if (seat == t->host)
        pass_host(t);
    connection_event(t, seat);
    if (is_turn_of(t, seat) && t->comp == COMP_NONE)
        t->comp = COMP_NEEDED;
}

int table_leave(table *t, int seat, int64_t now, srv_error *e)
{
    if (seat < 0 || seat >= t->nseats || t->seats[seat].bot)
        return srv_fail(e, SRV_ENOT_AT_TABLE, "you have no seat at table %s",
                        t->code);
    if (t->status == TABLE_LOBBY) {
        unseat(t, seat);
    } else if (!t->seats[seat].away) {
        make_away(t, seat);
    }
    update_empty(t, now);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The match                                                           */
/* ------------------------------------------------------------------ */

/* A new turn begins (after a deal or a move): the turn timer restarts and
 * a computer move is asked for when the seat to move needs one. */
static void turn_begin(table *t, int64_t now)
{
    t->turn_began = now;
    t->hurry_at = -1;
    t->turn_id++;
    t->comp = COMP_NONE;
    t->comp_timeout = false;
    if (t->status != TABLE_PLAYING)
        return;
    const table_seat *st = &t->seats[ls_turn(t->s)];
    if (st->bot || st->away)
        t->comp = COMP_NEEDED;
}

/* When the turn in play runs out (the turn timer, or a hurry, whichever
 * ends first), or -1 when it has no end. */
static int64_t turn_deadline(const table *t)
{
    int64_t end = t->opt.turn_time > 0 ? t->turn_began + t->opt.turn_time * 1000LL : -1;
    if (t->hurry_at >= 0 && (end < 0 || t->hurry_at < end))
        end = t->hurry_at;
    return end;
}

/* What follows a deal, in play and when a record is replayed: the record,
 * the computer players told. */
static void dealt(table *t, const ls_state *s)
{
    if (t->rec)
        ls_record_deal(t->rec, s);
    ls_view v;
    for (int i = 0; i < t->nseats; i++)
        if (t->seats[i].player && !ls_eliminated(s, i)) {
            ls_view_of(s, i, &v);
            ls_player_round_start(t->seats[i].player, &v);
        }
}

/* What follows a move (s has applied it), in play and when a record is
 * replayed: the record, the computer players told, and at the end of a
 * round its result and the round in which each seat it put out went out
 * (kept here, not in the log, whose ring may have dropped the round's
 * event by the match's end; a restore replays every move through here). */
static void moved(table *t, const ls_state *s, int seat, ls_move m)
{
    if (t->rec)
        ls_record_move(t->rec, s, seat, m);
    for (int i = 0; i < t->nseats; i++)
        if (t->seats[i].player)
            ls_player_tell(t->seats[i].player, s, i, seat, m);
    if (ls_phase(s) == LS_PHASE_TURN)
        return;
    const ls_round_result *r = ls_last_result(s);
    for (int i = 0; i < t->nseats; i++)
        if (r->eliminated & (1u << i))
            t->seats[i].out_round = r->round;
    ls_view v;
    for (int i = 0; i < t->nseats; i++)
        if (t->seats[i].player && (r->players & (1u << i))) {
            ls_view_of(s, i, &v);
            ls_player_round_end(t->seats[i].player, &v, r);
        }
}

static void deal_round(table *t, int64_t now)
{
    ls_error err = {0};
    if (ls_deal(t->s, &err) != 0)
        abort(); /* the engine deals whenever its phase is DEAL */
    dealt(t, t->s);
    flush_record(t);
    table_event *ev = log_add(t, TEV_DEAL);
    ev->num = ls_round(t->s);
    ev->seat = ls_starter(t->s);
    ev->move.card = ls_cards_first(ls_open_cards(t->s));
    t->status = TABLE_PLAYING;
    for (int i = 0; i < t->nseats; i++)
        t->seats[i].ready = false;
    turn_begin(t, now);
}

void table_store_match(const table *t, int match, store_match *m)
{
    memset(m, 0, sizeof *m);
    snprintf(m->code, sizeof m->code, "%s", t->code);
    m->match = match;
    m->capacity = t->opt.seats;
    m->turn_time = t->opt.turn_time;
    m->host = t->host;
    m->nseats = t->nseats;
    for (int i = 0; i < t->nseats; i++) {
        const table_seat *st = &t->seats[i];
        store_seat *ss = &m->seat[i];
        snprintf(ss->name, sizeof ss->name, "%s", st->name);
        if (st->bot)
            snprintf(ss->level, sizeof ss->level, "%s", st->level);
        ss->player_id = st->bot ? 0 : st->player_id;
        snprintf(ss->token, sizeof ss->token, "%s", st->bot ? "" : st->token);
        snprintf(ss->token_hash, sizeof ss->token_hash, "%s", st->bot ? "" : st->token_hash);
        ss->wins = st->wins;
        ss->away = !st->bot && st->away;
    }
    for (long long n = t->chat_n - TABLE_CHAT_KEEP + 1; n <= t->chat_n; n++) {
        const table_chat_line *l = table_chat_at(t, n);
        if (!l)
            continue;
        store_chat *c = &m->chat[m->nchat++];
        c->n = l->n;
        c->seat = l->seat;
        memcpy(c->name, l->name, sizeof c->name);
        c->text = l->text;
    }
}

static int store_paused(const table *t, srv_error *e)
{
    return srv_fail(e, SRV_ESTORE, "table %s is paused: the server cannot save its "
                    "moves right now (its store is failing); it goes on when the "
                    "store is back", t->code);
}

/* A new match with the seated players: state, computer players, the
 * store's handle (the match does not start when the store cannot keep
 * it), record, then the first deal. */
static int begin_match(table *t, int64_t now, srv_error *e)
{
    const char *names[LS_MAX_PLAYERS];
    for (int i = 0; i < t->nseats; i++)
        names[i] = t->seats[i].name;
    ls_error err = {0};
    ls_state *s = ls_state_new(&t->opt.rules, t->nseats, names,
                               ls_rng_next(&t->rng), &err);
    if (!s)
        return srv_fail(e, SRV_EBAD_OPTION, "%s", err.msg);
    ls_player *players[LS_MAX_PLAYERS] = {0};
    for (int i = 0; i < t->nseats; i++) {
        if (!t->seats[i].bot)
            continue;
        players[i] = ls_player_new(t->seats[i].level, ls_rng_next(&t->rng), &err);
        if (!players[i]) {
            for (int j = 0; j < i; j++)
                ls_player_free(players[j]);
            ls_state_free(s);
            return srv_fail(e, SRV_ENOMEM, "%s", err.msg);
        }
    }
    void *handle = NULL;
    store_match sm; /* the store copies what it keeps */
    if (t->st.ops && t->st.ops->moved && t->st.ops->moved(t->st.self)) {
        for (int i = 0; i < t->nseats; i++)
            ls_player_free(players[i]);
        ls_state_free(s);
        return srv_fail(e, SRV_ESTORE, "the server takes no new matches: its store's "
                        "file was moved or removed while it runs (its log says where)");
    }
    if (t->st.ops) {
        table_store_match(t, t->match + 1, &sm);
        handle = t->st.ops->match_begin(t->st.self, &sm);
        if (!handle) {
            for (int i = 0; i < t->nseats; i++)
                ls_player_free(players[i]);
            ls_state_free(s);
            return srv_fail(e, SRV_ESTORE, "the server cannot keep matches right now "
                            "(its store is failing): the match can start when it is back");
        }
    }
    end_record(t, STORE_ABANDONED);
    free_players(t);
    ls_state_free(t->s);
    t->s = s;
    for (int i = 0; i < t->nseats; i++) {
        t->seats[i].player = players[i];
        t->seats[i].out_round = 0;
    }
    t->match++;
    t->match_id = 0;
    t->rec = ls_record_new(s);
    if (t->rec) {
        char line[96];
        snprintf(line, sizeof line, "leastscore serve, table %s, match %d",
                 t->code, t->match);
        ls_record_comment(t->rec, line);
    }
    t->rec_handle = handle;
    log_add(t, TEV_START)->num = t->match;
    deal_round(t, now);
    return 0;
}

int table_start(table *t, int by, int64_t now, srv_error *e)
{
    int rc = check_host(t, by, e);
    if (rc)
        return rc;
    if (t->unkept)
        return store_paused(t, e);
    if (t->status == TABLE_OVER)
        return srv_fail(e, SRV_ENOT_NOW, "the match has ended: rematch starts another "
                        "with the same seats, reopen takes the table back to the lobby");
    if (t->status != TABLE_LOBBY)
        return srv_fail(e, SRV_ENOT_NOW, "the match has already started");
    if (t->nseats < LS_MIN_PLAYERS)
        return srv_fail(e, SRV_ENOT_NOW, "at least 2 players must be seated "
                        "to start");
    return begin_match(t, now, e);
}

int table_rematch(table *t, int by, int64_t now, srv_error *e)
{
    int rc = check_host(t, by, e);
    if (rc)
        return rc;
    if (t->unkept)
        return store_paused(t, e);
    if (t->status != TABLE_OVER)
        return srv_fail(e, SRV_ENOT_NOW, "a rematch is possible only after "
                        "the match has ended");
    return begin_match(t, now, e);
}

int table_reopen(table *t, int by, int64_t now, srv_error *e)
{
    int rc = check_host(t, by, e);
    if (rc)
        return rc;
    if (t->unkept)
        return store_paused(t, e);
    if (t->status != TABLE_OVER)
        return srv_fail(e, SRV_ENOT_NOW, "the table reopens its seats only after "
                        "the match has ended");
    /* The seats of those who left (the computer played them) are freed;
     * a connection that dropped keeps its seat for its grace time, as in
     * any lobby. */
    for (int i = t->nseats - 1; i >= 0; i--)
        if (!t->seats[i].bot && t->seats[i].away)
            unseat(t, i);
    for (int i = 0; i < t->nseats; i++)
        t->seats[i].ready = false;
    free_players(t);
    ls_state_free(t->s);
    t->s = NULL;
    t->status = TABLE_LOBBY;
    log_add(t, TEV_REOPEN)->num = t->match;
    update_empty(t, now);
    return 0;
}

/*
 * The match just ended: each seat's place, final total and the round it
 * went out in, for its event (a client that missed the events before
 * shows the end from it). Places as play_places() (src/cli) and the
 * store's match_stats() give them: still in (the winner) first, then out
 * later before out earlier, out in the same round by total, lower first;
 * equal on both share a place (1, 2, 2, 4). O(n^2) for n <= 8 seats.
 * Returns NULL when out of memory (the event then names only the winner).
 */
static table_standing *standings_of(const table *t)
{
    table_standing *sd = calloc((size_t)t->nseats, sizeof *sd);
    if (!sd)
        return NULL;
    for (int i = 0; i < t->nseats; i++) {
        memcpy(sd[i].name, t->seats[i].name, sizeof sd[i].name);
        sd[i].total = ls_score(t->s, i);
        sd[i].out_round = t->seats[i].out_round;
    }
    for (int i = 0; i < t->nseats; i++) {
        unsigned ki = sd[i].out_round ? (unsigned)sd[i].out_round : UINT_MAX;
        sd[i].place = 1;
        for (int j = 0; j < t->nseats; j++) {
            unsigned kj = sd[j].out_round ? (unsigned)sd[j].out_round : UINT_MAX;
            sd[i].place += kj > ki || (kj == ki && sd[j].total < sd[i].total);
        }
    }
    return sd;
}

/* The round (and maybe the match) just ended: its event, the computer
 * players told, the pause or the end of the match. gcc's analyzer loses
 * the standings in the log's ring when the ring is written after the
 * store's match_end (end_record) and reports them leaked: the log owns
 * them (log_add, table_free free them). */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak")
static void round_ended(table *t, int64_t now)
{
    const ls_round_result *r = ls_last_result(t->s);
    table_event *ev = log_add(t, TEV_ROUND_END);
    ev->num = r->round;
    ev->result = malloc(sizeof *r);
    if (ev->result)
        *ev->result = *r;
    if (ls_phase(t->s) == LS_PHASE_OVER) {
        int w = ls_winner(t->s);
        t->status = TABLE_OVER;
        if (w >= 0)
            t->seats[w].wins++;
        end_record(t, STORE_FINISHED); /* the id the event carries */
        table_event *end = log_add(t, TEV_MATCH_END);
        end->seat = w;
        end->num = t->nseats;
        end->match_id = t->match_id;
        end->standings = standings_of(t);
    } else {
        t->status = TABLE_BETWEEN;
        t->pause_began = now;
    }
}
ANALYZER_END

/* Applies a checked move for `seat`: the engine, the record (written to
 * the store before anything else happens), the log, the computer players;
 * then the next turn or the end of the round. */
static int apply_move(table *t, int seat, ls_move m, bool timeout, int64_t now,
                      srv_error *e)
{
    ls_error err = {0};
    if (ls_apply(t->s, &m, &err) != 0)
        return srv_fail(e, SRV_EILLEGAL_MOVE, "%s", err.msg);
    moved(t, t->s, seat, m);
    flush_record(t);
    table_event *ev = log_add(t, TEV_MOVE);
    ev->seat = seat;
    ev->move = m;
    ev->timeout = timeout;
    if (ls_phase(t->s) != LS_PHASE_TURN) {
        t->comp = COMP_NONE;
        round_ended(t, now);
    } else {
        turn_begin(t, now);
    }
    return 0;
}

int table_move(table *t, int seat, long long version, const char *text,
               int64_t now, srv_error *e)
{
    if (seat < 0)
        return srv_fail(e, SRV_ENOT_YOUR_TURN, "spectators do not move");
    if (t->unkept)
        return store_paused(t, e);
    if (version != t->version)
        return srv_fail(e, SRV_ESTALE, "the move was made on version %lld; the "
                        "table is at version %lld", version, t->version);
    if (t->status != TABLE_PLAYING)
        return srv_fail(e, SRV_ENOT_NOW, "no round is in play");
    int turn = ls_turn(t->s);
    if (turn != seat)
        return srv_fail(e, SRV_ENOT_YOUR_TURN, "it is %s's turn",
                        t->seats[turn].name);
    ls_move m;
    ls_error err = {0};
    if (ls_move_parse(text, &m, &err) != 0)
        return srv_fail(e, SRV_EBAD_MESSAGE, "move: %s", err.msg);
    /* A player draws whatever is on top of the deck, never a card named. */
    if (m.kind == LS_MOVE_DRAW)
        m.card = LS_NO_CARD;
    if (ls_check(t->s, m, &err) != 0)
        return srv_fail(e, SRV_EILLEGAL_MOVE, "%s", err.msg);
    return apply_move(t, seat, m, false, now, e);
}

/* Whether the people connected between rounds have all sent `next` (and
 * one at least: with nobody there, the pause runs out). Checked when one
 * sends it and at every tick, so that one who drops or leaves without it
 * does not keep the others waiting for the whole pause. */
static bool all_ready(const table *t)
{
    int connected = 0;
    for (int i = 0; i < t->nseats; i++) {
        const table_seat *st = &t->seats[i];
        if (!st->bot && st->connected && !st->ready)
            return false;
        connected += !st->bot && st->connected;
    }
    return connected > 0;
}

int table_next(table *t, int seat, int64_t now, srv_error *e)
{
    if (seat < 0 || seat >= t->nseats)
        return srv_fail(e, SRV_ENOT_YOUR_TURN, "spectators do not play");
    /* Paused: checked first, as the status may be one nobody was shown. */
    if (t->unkept)
        return store_paused(t, e);
    if (t->status != TABLE_BETWEEN)
        return srv_fail(e, SRV_ENOT_NOW, "no round has just ended");
    t->seats[seat].ready = true;
    if (all_ready(t))
        deal_round(t, now);
    return 0;
}

int table_hurry(table *t, int by, int64_t now, srv_error *e)
{
    if (by < 0 || by >= t->nseats || t->seats[by].bot)
        return srv_fail(e, SRV_ENOT_SEATED, "only the table's players may ask "
                        "someone to hurry");
    if (t->cfg.hurry_ms <= 0)
        return srv_fail(e, SRV_ENOT_NOW, "this server lets nobody be hurried");
    /* Paused: checked first, as the status may be one nobody was shown. */
    if (t->unkept)
        return store_paused(t, e);
    if (t->status != TABLE_PLAYING)
        return srv_fail(e, SRV_ENOT_NOW, "nobody is to move now");
    int seat = ls_turn(t->s);
    const table_seat *st = &t->seats[seat];
    if (seat == by)
        return srv_fail(e, SRV_ENOT_NOW, "it is your own turn");
    if (st->bot || st->away)
        return srv_fail(e, SRV_ENOT_NOW, "%s is played by the computer: it "
                        "does not need to hurry", st->name);
    if (t->hurry_at >= 0)
        return srv_fail(e, SRV_ENOT_NOW, "%s was already asked to hurry: "
                        "%lld s left", st->name, (long long)(table_time_left(t, now) / 1000));
    int64_t waited = now - t->turn_began;
    if (waited < t->cfg.hurry_ms)
        return srv_fail(e, SRV_ENOT_NOW, "%s has had the turn for %lld s: ask "
                        "them to hurry after %d s", st->name, (long long)(waited / 1000),
                        t->cfg.hurry_ms / 1000);
    int64_t end = turn_deadline(t);
    if (end >= 0 && end <= now + t->cfg.hurry_ms)
        return srv_fail(e, SRV_ENOT_NOW, "%s's turn timer ends sooner "
                        "(%lld s left)", st->name, (long long)((end - now) / 1000));
    t->hurry_at = now + t->cfg.hurry_ms;
    table_event *ev = log_add(t, TEV_HURRY);
    ev->seat = seat;
    ev->num = by;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Time and computer moves                                             */
/* ------------------------------------------------------------------ */

int64_t table_time_left(const table *t, int64_t now)
{
    if (t->status != TABLE_PLAYING)
        return -1;
    const table_seat *st = &t->seats[ls_turn(t->s)];
    int64_t end = turn_deadline(t);
    if (st->bot || st->away || end < 0)
        return -1;
    return end > now ? end - now : 0;
}

static void earliest(int64_t *best, int64_t when)
{
    if (*best < 0 || when < *best)
        *best = when;
}

/* Whether the match is over and every person has left the table: nobody
 * can come back to it (a reload, by contrast, comes back within the grace
 * time, and the rematch is still there for it). */
static bool over_and_left(const table *t)
{
    if (t->status != TABLE_OVER)
        return false;
    for (int i = 0; i < t->nseats; i++)
        if (!t->seats[i].bot && !t->seats[i].away)
            return false;
    return true;
}

int64_t table_next_deadline(const table *t)
{
    int64_t best = -1;
    if (t->closed)
        return -1;
    for (int i = 0; i < t->nseats; i++) {
        const table_seat *st = &t->seats[i];
        if (!st->bot && !st->connected && !st->away)
            earliest(&best, st->dropped_at + t->cfg.grace_ms);
    }
    if (t->empty_since >= 0)
        earliest(&best, over_and_left(t) ? t->empty_since
                                         : t->empty_since + t->cfg.grace_ms);
    if (t->unkept)
        return best; /* paused: nothing of the match is due */
    if (t->status == TABLE_BETWEEN)
        earliest(&best, t->pause_began + t->cfg.round_pause_ms);
    if (t->status == TABLE_PLAYING) {
        if (t->comp == COMP_HELD)
            earliest(&best, t->comp_timeout ? t->turn_began
                                            : t->turn_began + t->cfg.bot_delay_ms);
        else if (t->comp == COMP_NONE && turn_deadline(t) >= 0)
            earliest(&best, turn_deadline(t));
    }
    return best;
}

void table_tick(table *t, int64_t now)
{
    if (t->closed)
        return;
    for (int i = 0; i < t->nseats; i++) {
        table_seat *st = &t->seats[i];
        if (st->bot || st->connected || st->away ||
            now < st->dropped_at + t->cfg.grace_ms)
            continue;
        if (t->status == TABLE_LOBBY) {
            unseat(t, i--);
            if (t->closed)
                return;
        } else {
            make_away(t, i);
        }
    }
    if (t->empty_since >= 0 &&
        (over_and_left(t) || now >= t->empty_since + t->cfg.grace_ms)) {
        t->closed = true;
        return;
    }
    if (t->unkept)
        return;
    if (t->status == TABLE_BETWEEN &&
        (now >= t->pause_began + t->cfg.round_pause_ms || all_ready(t)))
        deal_round(t, now);
    if (t->status != TABLE_PLAYING)
        return;
    if (t->comp == COMP_NONE && turn_deadline(t) >= 0 && now >= turn_deadline(t)) {
        t->comp = COMP_NEEDED;
        t->comp_timeout = true;
    }
    if (t->comp == COMP_HELD &&
        (t->comp_timeout || now >= t->turn_began + t->cfg.bot_delay_ms)) {
        int seat = ls_turn(t->s);
        if (apply_move(t, seat, t->comp_move, t->comp_timeout, now, NULL) != 0) {
            /* The computed move was refused (a player's bug): play the
             * first legal move instead, so that the match goes on. */
            ls_move moves[LS_MAX_MOVES];
            if (ls_legal_moves(t->s, moves) > 0)
                apply_move(t, seat, moves[0], t->comp_timeout, now, NULL);
        }
    }
}

bool table_request(table *t, int64_t now, table_job *r)
{
    (void)now;
    if (t->closed || t->unkept || t->status != TABLE_PLAYING || t->comp != COMP_NEEDED)
        return false;
    int seat = ls_turn(t->s);
    table_seat *st = &t->seats[seat];
    memset(r, 0, sizeof *r);
    r->seat = seat;
    r->version = t->version;
    r->turn_id = t->turn_id;
    r->seed = ls_rng_next(&t->rng);
    ls_view_of(t->s, seat, &r->view);
    if (st->bot) {
        snprintf(r->spec, sizeof r->spec, "%s", st->level);
        r->player = st->player;
        st->player = NULL;
    } else {
        snprintf(r->spec, sizeof r->spec, "greedy");
    }
    t->comp = COMP_LENT;
    return true;
}

void table_computer_move(table *t, int64_t now, int seat, long long turn_id,
                         bool ok, ls_move move, ls_player *player)
{
    if (player) {
        if (t->s && seat >= 0 && seat < t->nseats && t->seats[seat].bot &&
            !t->seats[seat].player)
            t->seats[seat].player = player;
        else
            ls_player_free(player);
    }
    if (t->closed || t->status != TABLE_PLAYING || t->comp != COMP_LENT ||
        turn_id != t->turn_id || seat != ls_turn(t->s))
        return;
    if (!ok) {
        ls_move moves[LS_MAX_MOVES];
        if (ls_legal_moves(t->s, moves) == 0)
            return;
        move = moves[0];
    }
    t->comp = COMP_HELD;
    t->comp_move = move;
    table_tick(t, now);
}

/* ------------------------------------------------------------------ */
/* The store: pauses, stopping, restoring                              */
/* ------------------------------------------------------------------ */

/* The finished match's id, when its end was written after the table
 * paused (told by finished_id): on the table and in its end's event, not
 * sent to anyone yet (nothing is sent from a paused table). */
static void late_match_id(table *t)
{
    if (t->status != TABLE_OVER || t->match_id || !t->st.ops || !t->st.ops->finished_id)
        return;
    t->match_id = t->st.ops->finished_id(t->st.self, t->code, t->match);
    for (int i = t->log_n - 1; i >= 0; i--) {
        table_event *ev = log_slot(t, i);
        if (ev->kind == TEV_MATCH_END) {
            ev->match_id = t->match_id;
            break;
        }
    }
}

void table_store_kept(table *t, int64_t now)
{
    if (!t->unkept)
        return;
    t->unkept = false;
    late_match_id(t);
    if (t->status == TABLE_PLAYING) {
        t->turn_began = now; /* a fresh full turn: the pause was not the player's */
        t->hurry_at = -1;
    }
    else if (t->status == TABLE_BETWEEN)
        t->pause_began = now;
}

void table_suspend(table *t)
{
    if (t->rec_handle && t->status != TABLE_OVER)
        end_record(t, STORE_SUSPENDED);
}

/* The replay of a record into a table being restored (ls_record_hooks). */
typedef struct rebuild {
    table *t;
    char why[200]; /* set when a hook refuses */
} rebuild;

/* The record creates the match: its players must be the stored seats;
 * the table's record writer and computer players start as at a start. */
static int rb_players(void *ud, const ls_state *s)
{
    rebuild *rb = ud;
    table *t = rb->t;
    if (ls_players(s) != t->nseats) {
        snprintf(rb->why, sizeof rb->why, "the record has %d players, the store %d seats",
                 ls_players(s), t->nseats);
        return LS_ERECORD;
    }
    for (int i = 0; i < t->nseats; i++)
        if (strcmp(ls_name(s, i), t->seats[i].name)) {
            snprintf(rb->why, sizeof rb->why, "seat %d is %s in the record, %s in the "
                     "store", i, ls_name(s, i), t->seats[i].name);
            return LS_ERECORD;
        }
    t->rec = ls_record_new(s);
    char line[96];
    snprintf(line, sizeof line, "leastscore serve, table %s, match %d", t->code, t->match);
    if (!t->rec || ls_record_comment(t->rec, line) != 0)
        return LS_ENOMEM;
    for (int i = 0; i < t->nseats; i++) {
        if (!t->seats[i].bot)
            continue;
        ls_error err = {0};
        t->seats[i].player = ls_player_new(t->seats[i].level, ls_rng_next(&t->rng), &err);
        if (!t->seats[i].player) {
            snprintf(rb->why, sizeof rb->why, "seat %d: %.150s", i, err.msg);
            return err.code ? err.code : LS_ENOMEM;
        }
    }
    return 0;
}

static int rb_deal(void *ud, const ls_state *s)
{
    dealt(((rebuild *)ud)->t, s);
    return 0;
}

static int rb_move(void *ud, const ls_state *s, int seat, ls_move m)
{
    moved(((rebuild *)ud)->t, s, seat, m);
    return 0;
}

/* The seats and settings of a table to restore, checked. */
static int restore_seats(table *t, const store_match *m, int64_t now, srv_error *e)
{
    if (m->nseats < LS_MIN_PLAYERS || m->nseats > LS_MAX_PLAYERS)
        return srv_fail(e, SRV_EBAD_MESSAGE, "%d seats kept: a match has 2 to 8",
                        m->nseats);
    int host = -1;
    for (int i = 0; i < m->nseats; i++) {
        const store_seat *ss = &m->seat[i];
        table_seat *st = &t->seats[i];
        if (!ls_name_valid(ss->name))
            return srv_fail(e, SRV_EBAD_NAME, "seat %d: '%s' is not a name", i, ss->name);
        snprintf(st->name, sizeof st->name, "%s", ss->name);
        st->bot = ss->level[0] != '\0';
        if (st->bot && !valid_level(ss->level))
            return srv_fail(e, SRV_EBAD_LEVEL, "seat %d: '%s' is not a level", i,
                            ss->level);
        snprintf(st->level, sizeof st->level, "%s", ss->level);
        st->player_id = st->bot ? 0 : ss->player_id;
        snprintf(st->token_hash, sizeof st->token_hash, "%s", ss->token_hash);
        st->wins = ss->wins;
        st->away = !st->bot && ss->away; /* left: played at once, no grace */
        st->dropped_at = now;
        if (!st->bot && (host < 0 || i == m->host))
            host = i;
    }
    t->nseats = m->nseats;
    if (host < 0)
        return srv_fail(e, SRV_EBAD_MESSAGE, "no person is seated");
    t->host = host;
    return 0;
}

/* Puts back the chat lines the store kept, with their numbers, which go
 * on from the last: every line anyone was shown while the match was kept
 * was kept first (table_chat). A table that has none (a store written
 * before chat was kept) numbers on from `version`, above every number it
 * had. A line without memory for its text is left out. */
static void restore_chat(table *t, const store_match *m, long long version)
{
    t->chat_n = m->nchat > 0 ? 0 : version;
    for (int i = 0; i < m->nchat; i++)
        if (m->chat[i].n > t->chat_n)
            t->chat_n = m->chat[i].n;
    for (int i = 0; i < m->nchat; i++) {
        const store_chat *c = &m->chat[i];
        if (c->n < 1 || c->n <= t->chat_n - TABLE_CHAT_KEEP || !c->text)
            continue;
        table_chat_line *l = &t->chat[(c->n - 1) % TABLE_CHAT_KEEP];
        free(l->text);
        l->text = strdup(c->text);
        l->n = l->text ? c->n : 0;
        l->seat = c->seat;
        snprintf(l->name, sizeof l->name, "%s", c->name);
    }
}

table *table_restore(const store_match *m, const char *record, size_t len,
                     const table_config *c, uint64_t seed, const store *st,
                     void *handle, int64_t now, long long version, srv_error *e)
{
    table_options o = {.seats = m->capacity, .rules = ls_rules_default(),
                       .turn_time = m->turn_time};
    table *t = table_new(m->code, &o, c, seed, st);
    if (!t) {
        srv_fail(e, SRV_ENOMEM, "out of memory");
        return NULL;
    }
    if (restore_seats(t, m, now, e) != 0)
        goto fail;
    t->match = m->match;
    rebuild rb = {.t = t};
    ls_record_hooks hooks = {.ud = &rb, .players = rb_players, .deal = rb_deal,
                             .move = rb_move};
    ls_error err = {0};
    if (ls_record_replay(record, len, &hooks, &t->s, NULL, NULL, &err) != 0) {
        srv_fail(e, SRV_EBAD_MESSAGE, "its record, line %d: %s", err.line,
                 rb.why[0] ? rb.why : err.msg);
        goto fail;
    }
    ls_state_reseed(t->s, ls_rng_next(&t->rng));
    t->opt.rules = *ls_state_rules(t->s);
    if (t->opt.seats < t->nseats)
        t->opt.seats = t->nseats;
    if (table_options_check(&t->opt, e) != 0)
        goto fail;
    size_t rlen;
    const char *text = ls_record_text(t->rec, &rlen);
    if (rlen != len || memcmp(text, record, len) != 0) {
        srv_fail(e, SRV_EBAD_MESSAGE, "its record is not the one this server writes "
                 "for its match (%zu bytes rebuilt, %zu kept)", rlen, len);
        goto fail;
    }
    t->rec_sent = len;
    t->rec_handle = handle;
    t->version = version;
    restore_chat(t, m, version);
    t->empty_since = now;
    switch (ls_phase(t->s)) {
    case LS_PHASE_TURN:
        t->status = TABLE_PLAYING;
        turn_begin(t, now);
        break;
    case LS_PHASE_DEAL:
        t->status = TABLE_BETWEEN;
        t->pause_began = now;
        break;
    default: /* it ended, but the store had not taken its end */
        t->status = TABLE_OVER;
        if (ls_winner(t->s) >= 0)
            t->seats[ls_winner(t->s)].wins++;
        end_record(t, STORE_FINISHED);
        break;
    }
    return t;
fail:
    table_free(t); /* no handle yet: nothing is ended in the store */
    return NULL;
}
