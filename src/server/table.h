/*
 * table.h - one table of the server as plain logic: no sockets, no clock.
 *
 * A table is the lobby (seats, host, rules, turn time), then the match
 * (the engine's ls_state), its game record (written through a store) and
 * the event log that clients follow. Every function that depends on time
 * takes `now`, a monotonic time in milliseconds, so the unit tests drive a
 * table with a fake clock.
 *
 * Invariants:
 *   - Every change a client can see appends an event; event versions are
 *     1, 2, 3... and t->version is the last one. The last TABLE_LOG events
 *     are kept.
 *   - A function that fails returns a negative SRV_E... code with e set and
 *     leaves the table exactly as it was (no event, no version change).
 *   - The engine checks every move; the table never decides a rule.
 *   - Computer moves are asked for, never computed here: table_request()
 *     says which seat needs one at which version and hands out what is
 *     needed to compute it (the seat's view and, for a computer player, the
 *     player itself); the caller computes it anywhere and gives it back with
 *     table_computer_move(). A result for an earlier turn is dropped.
 *   - Timers are queries: table_next_deadline() says when table_tick() has
 *     something to do.
 *
 * The struct is visible so that seatview.c can read it; only table.c writes
 * it.
 */
#ifndef LS_SERVER_TABLE_H
#define LS_SERVER_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "leastscore.h"
#include "leastscore_ai.h"
#include "server/error.h"
#include "server/store.h"

#define TABLE_LOG 512      /* events kept for resuming clients */
#define TABLE_CODE_LEN 5   /* table codes: 5 of TABLE_CODE_ALPHABET */
#define TABLE_CODE_ALPHABET "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#define TABLE_TOKEN_LEN 32 /* seat tokens: 32 lowercase hex digits */
#define TABLE_LEVEL_MAX 16
#define TABLE_CHAT_KEEP STORE_CHAT_KEEP /* chat lines kept for newcomers and
                                           reloads, and in the store */
#define TABLE_CHAT_CHARS 200     /* characters of a chat line, at most */
#define TABLE_CHAT_BYTES (TABLE_CHAT_CHARS * 4) /* its UTF-8 bytes, at most */
#define TABLE_CHAT_BURST 5       /* lines a seat may write at once, */
#define TABLE_CHAT_EVERY_MS 2000 /* then one each this long */

enum { TABLE_LOBBY, TABLE_PLAYING, TABLE_BETWEEN, TABLE_OVER };

enum {
    TEV_SEAT = 1,   /* seat, name, bot, level: someone took a seat */
    TEV_UNSEAT,     /* seat, name: a seat was freed */
    TEV_START,      /* num = match */
    TEV_DEAL,       /* num = round, seat = starter, move.card = opening card */
    TEV_MOVE,       /* seat, move (a draw's card filled in), timeout */
    TEV_ROUND_END,  /* result */
    TEV_MATCH_END,  /* seat = winner, num seats' standings */
    TEV_CONNECTION, /* seat, connected, away */
    TEV_HOST,       /* seat = new host */
    TEV_REOPEN,     /* num = the match that ended: back to the lobby */
    TEV_HURRY,      /* seat = the player to move, num = who asked them to hurry */
};

/* A line of the table's chat. */
typedef struct table_chat_line {
    long long n;    /* 1, 2, 3... at this table */
    int seat;       /* the writer's seat when it was written */
    char name[LS_NAME_MAX + 1];
    char *text;     /* checked UTF-8 (proto.c), at most TABLE_CHAT_BYTES */
} table_chat_line;

/* A turn timer, when on, gives from TURN_TIME_MIN to TURN_TIME_MAX
 * seconds. */
#define TURN_TIME_MIN 15
#define TURN_TIME_MAX 120


/* One seat's end of a match, as its TEV_MATCH_END event keeps it (the
 * table's seats may change after it: a reopen, a leave). */
typedef struct table_standing {
    char name[LS_NAME_MAX + 1];
    int place;     /* 1 is the best: the winner, then those out later
                      before those out earlier, those out in the same
                      round by total, lower first; equal on both share a
                      place (1, 2, 2, 4), as the store and play rank */
    int total;     /* the final cumulative score */
    int out_round; /* the round the seat went out in, 0 for the winner */
} table_standing;

/* One event of the log. */
typedef struct table_event {
    long long v;   /* its version */
    int kind;      /* TEV_... */
    int seat;
    int num;
    bool bot;      /* TEV_SEAT: a computer player */
    bool timeout;  /* TEV_MOVE: played by the greedy player for the seat */
    bool connected, away; /* TEV_CONNECTION */
    char name[LS_NAME_MAX + 1];
    char level[TABLE_LEVEL_MAX];
    ls_move move;
    ls_round_result *result; /* TEV_ROUND_END; owned by the log */
    table_standing *standings; /* TEV_MATCH_END: one per seat of the match
                                  (num of them), owned by the log; NULL
                                  when memory ran out (then only seat) */
    int64_t match_id; /* TEV_MATCH_END: the finished match's id in the
                         store (see table.match_id), 0 when not known */
} table_event;

typedef struct table_seat {
    char name[LS_NAME_MAX + 1];
    bool bot;
    char level[TABLE_LEVEL_MAX];   /* bots */
    char token[TABLE_TOKEN_LEN + 1]; /* people */
    int64_t player_id;             /* people: the store's player whose
                                      match this is (0: a guest, not rated) */
    char token_hash[STORE_HASH_SIZE]; /* people, at a table restored after
                                      a restart: the token's hex SHA-256
                                      (the token itself is not kept) */
    bool connected;                /* people: a connection holds the seat */
    bool away;                     /* the greedy player plays for them */
    bool ready;                    /* sent `next` this pause */
    int64_t dropped_at;            /* when the connection was lost */
    bool chatted;                  /* has written in the chat: then */
    double chat_credits;           /* the lines it may write now, */
    int64_t chat_refilled;         /* as of then (see table_chat) */
    int wins;                      /* matches won at this table */
    int out_round;                 /* the round of the match in play (or
                                      just over) in which this seat went
                                      out (R8), 0 while it is still in */
    ls_player *player;             /* bots, during a match; NULL while lent */
} table_seat;

/* What the server sets for every table (command-line options). */
typedef struct table_config {
    int grace_ms;       /* a dropped seat is held this long */
    int round_pause_ms; /* the longest pause between rounds */
    int bot_delay_ms;   /* a computer move is played this long after the
                           turn began, at the earliest */
    int hurry_ms;       /* a person who has had the turn this long may be
                           asked to hurry by another player (table_hurry),
                           and then has this long again, after which the
                           greedy player moves for them, as at a turn
                           timer's end: how a table without a timer goes
                           on when someone stops playing without leaving.
                           0: nobody may be hurried */
} table_config;

/* What the creator of a table chooses. */
typedef struct table_options {
    int seats;       /* 2..8 */
    ls_rules rules;
    int turn_time;   /* seconds, 0 = off, else TURN_TIME_MIN..TURN_TIME_MAX */
} table_options;

/* A computer move to compute (see table_request()). */
typedef struct table_request {
    int seat;
    long long version;  /* the table's version when it was asked */
    long long turn_id;  /* the turn it is for (see table.turn_id) */
    char spec[32];      /* the player kind when player is NULL */
    ls_player *player;  /* the seat's computer player, lent to the caller,
                           or NULL: make a `spec` player seeded with seed */
    uint64_t seed;
    ls_view view;       /* what the seat may know */
} table_job;

typedef struct table {
    char code[TABLE_CODE_LEN + 1];
    table_config cfg;
    table_options opt;
    int status;         /* TABLE_... */
    int nseats;         /* seats taken (compact: 0..nseats-1) */
    table_seat seats[LS_MAX_PLAYERS];
    int host;
    int match;          /* 0 before the start, then 1, 2... */
    ls_state *s;        /* the match, from the start on */
    ls_rng rng;         /* seeds for matches and computer players */
    long long version;
    /* The event log: a ring of up to TABLE_LOG events, oldest at `first`. */
    table_event *log;
    int log_cap, log_first, log_n;
    /* The turn in play: when it began; the computer move state. */
    int64_t turn_began;
    int64_t hurry_at;   /* the turn must be played by then (a hurry), or -1 */
    long long turn_id;  /* counts turns: an answer for another turn is
                           dropped (events that are not moves, such as a
                           connection, change the version, not the turn) */
    int comp;           /* COMP_... in table.c */
    ls_move comp_move;  /* a computer move held until its time */
    bool comp_timeout;
    int64_t pause_began; /* between rounds */
    int64_t empty_since; /* no person connected since then, or -1 */
    bool closed;        /* nobody is left: the caller frees the table */
    /* The game record of the match, and the store it goes to. */
    store st;
    ls_record *rec;
    size_t rec_sent;
    void *rec_handle;
    /* The chat: its last TABLE_CHAT_KEEP lines, line n in
     * chat[(n - 1) % TABLE_CHAT_KEEP]; chat_n lines were written. */
    table_chat_line chat[TABLE_CHAT_KEEP];
    long long chat_n;
    int64_t match_id;   /* the last finished match's id in the store
                           (its page /matches/ID), 0 from a start until
                           the store has written that match's end (as it
                           ended, or, when the store failed then, by
                           table_store_kept) */
    bool unkept;        /* the store could not write record text handed to
                           it: the table is paused (no move, deal or timer)
                           and what happened since is not to be shown until
                           table_store_kept() */
} table;

/*
 * Creates a table in the lobby, with no seat taken. `code` is its code,
 * `seed` seeds its deals and computer players (the server takes it from the
 * operating system), `st` receives the game records (NULL: none are kept).
 * Returns NULL when out of memory. Free with table_free().
 */
table *table_new(const char *code, const table_options *o, const table_config *c,
                 uint64_t seed, const store *st);
/*
 * Rebuilds a table whose match was in play when the server stopped or
 * crashed, from what the store kept: `m` (code, settings, seats) and the
 * match's game record (`len` bytes), replayed by the engine's record
 * reader through the same calls as live play (the record writer, the
 * computer players' memories), so the table is at the record's last
 * move. `handle` is the store's handle for the match (the table appends
 * to it from now on). The seats are held for their people to come back
 * with resume (their grace time starts at `now`; their tokens are known
 * by hash), but for those who had left (away in m: the computer plays
 * for them at once, as before), the host is m's host (the one the
 * table had when the server stopped, a person; else the first person),
 * the computer players play again, the turn in play gets a fresh full
 * turn time, and the event log starts empty at `version` (the
 * caller makes it higher than any version the table had, so that a
 * resuming client is sent a snapshot). The chat lines m holds come back
 * with their numbers, new lines numbered on from the last; without any,
 * the chat is numbered on from `version` (a client that shows each number
 * once shows the new lines). A match that had
 * just ended is ended in the store. Returns NULL with e set when the
 * record cannot be rebuilt (the message says which line and why) or
 * memory runs out.
 */
table *table_restore(const store_match *m, const char *record, size_t len,
                     const table_config *c, uint64_t seed, const store *st,
                     void *handle, int64_t now, long long version, srv_error *e);
/* Fills m with what the store keeps of t's match (table_restore's input). */
void table_store_match(const table *t, int match, store_match *m);
/* The server stops: a match in play is ended in the store as suspended,
 * to be restored at the next start (call before table_free). */
void table_suspend(table *t);
/* The store has written everything again: the paused table goes on, the
 * turn in play with a fresh full turn time; a match that ended while it
 * was paused gets its id in the store (table.match_id, its end's event). */
void table_store_kept(table *t, int64_t now);
/* Frees t; a match in play is ended unfinished (abandoned) in the store.
 * Lent players are the borrower's to free. */
void table_free(table *t);

/* Checks options: seats 2..8, rules (for `seats` players), turn time. */
int table_options_check(const table_options *o, srv_error *e);

/* Checks a turn time of s seconds (0, or TURN_TIME_MIN to TURN_TIME_MAX),
 * as sent, before it is narrowed to an int. */
int table_turn_time_check(long long s, srv_error *e);

/* A person takes the next free seat with `name` and `token` (the caller
 * draws it from the operating system), as the store's player `player_id`
 * (0: a guest, not rated). Lobby only. *seat receives it. A computer
 * player's name (table_name_is_computer) is refused, but for a player of
 * the store (player_id > 0): one made before computer players took
 * their levels' names keeps its name. */
int table_join(table *t, const char *name, const char *token, int64_t player_id,
               int64_t now, int *seat, srv_error *e);
/* The host adds a computer player of `level` (random, greedy, expert). */
int table_add_bot(table *t, int by, const char *level, srv_error *e);
/* The host frees `seat` (lobby only; not the host's own). */
int table_remove(table *t, int by, int seat, srv_error *e);
/* The host deals the first round. */
int table_start(table *t, int by, int64_t now, srv_error *e);
/* The player in `seat` plays `move` (record notation) made on `version`. */
int table_move(table *t, int seat, long long version, const char *move,
               int64_t now, srv_error *e);
/* The player in `seat` is ready for the next round. */
int table_next(table *t, int seat, int64_t now, srv_error *e);
/* The host starts a new match with the same seats (after the match). */
int table_rematch(table *t, int by, int64_t now, srv_error *e);
/* The host takes the table back to the lobby after a match (instead of a
 * rematch): seats whose people left are freed, and until the next start
 * others may join from the link, computer players be added or removed. */
int table_reopen(table *t, int by, int64_t now, srv_error *e);
/* The person in `seat` leaves: the seat is freed in the lobby, away
 * during a match. The caller forgets the seat. */
int table_leave(table *t, int seat, int64_t now, srv_error *e);
/* Seat `by`, a person at the table, asks the person to move to hurry
 * (see table_config.hurry_ms): refused before the turn has lasted that
 * long, for one's own turn, a computer's or an away seat's, for a turn
 * already hurried, and when the turn timer ends sooner. */
int table_hurry(table *t, int by, int64_t now, srv_error *e);

/*
 * The person in `seat` writes `text` (checked by the caller: 1 to
 * TABLE_CHAT_CHARS printable characters) in the table's chat, at any
 * status. A seat may write TABLE_CHAT_BURST lines at once, then one each
 * TABLE_CHAT_EVERY_MS (rate_limited). The chat is apart from the events:
 * a line changes no version, so it never makes a move stale. While a
 * match is kept in the store, the line is kept there with it before it
 * is numbered (store_ops.chat), and comes back at a restore; when the
 * store cannot write it, it is refused (store_failing) and nothing
 * changes. *n receives the line's number (table_chat_at).
 */
int table_chat(table *t, int seat, const char *text, int64_t now, long long *n,
               srv_error *e);
/* Chat line n, or NULL when it is not kept (or not written yet). */
const table_chat_line *table_chat_at(const table *t, long long n);

/* The seat `token` belongs to, or -1. */
int table_seat_of_token(const table *t, const char *token);
/* At a restored table: the seat whose token hash is `hash` (the SHA-256
 * of `token`, in hex), or -1; the seat then knows its token again. */
int table_seat_of_token_hash(table *t, const char *token, const char *hash);
/* The seat of the store's player `player_id` (> 0) at t, or -1: a person's
 * seat whose token is known (a restored seat whose player has not come
 * back is known by its token's hash only, and is not given out). */
int table_seat_of_player(const table *t, int64_t player_id);
/* A connection now holds / no longer holds the person in `seat`. */
void table_connect(table *t, int seat, int64_t now);
void table_disconnect(table *t, int seat, int64_t now);

/* When table_tick() has something to do next (a time in ms), or -1. */
int64_t table_next_deadline(const table *t);
/* Does what is due at `now`: grace times, round pauses, timed-out turns,
 * computer moves held for pacing. */
void table_tick(table *t, int64_t now);
/* Whether a computer move must be computed now; fills r and lends the
 * seat's player (if any) until table_computer_move(). */
bool table_request(table *t, int64_t now, table_job *r);
/*
 * The answer to a request: `move` for `seat` in turn `turn_id` (ok false
 * when it could not be computed: the table then plays a legal move of its
 * own). Takes back `player` (the one lent, or NULL); an answer for another
 * turn is dropped.
 */
void table_computer_move(table *t, int64_t now, int seat, long long turn_id,
                         bool ok, ls_move move, ls_player *player);

/* The event of version v, or NULL when it is not kept. */
const table_event *table_event_at(const table *t, long long v);
/* The version of the oldest event kept (version + 1 when none). */
long long table_oldest(const table *t);
/* The time left for the turn in play, in ms, or -1 without a timer. */
int64_t table_time_left(const table *t, int64_t now);
/* The number of people connected. */
int table_people_connected(const table *t);

/* The levels computer players may have, NULL-terminated. */
extern const char *const table_levels[];
/* Whether `name` is a computer player's: a level, or a level, '-' and a
 * number ("Greedy-2"), in any case. No person may take one; computer
 * players are given them. */
bool table_name_is_computer(const char *name);

#endif
