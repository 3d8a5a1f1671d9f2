/*
 * db.h - the server's store: players, tables in progress, finished matches
 * and ratings, in SQLite (a file, the default) or PostgreSQL (a URL).
 *
 * What it keeps and why:
 *  - players: a name, the SHA-256 of each secret token a browser holds (the
 *    token itself is never stored), an optional password hashed with
 *    argon2id (libsodium's crypto_pwhash_str), a rating;
 *  - tables in progress: the match's game record, one line per row, written
 *    durably by ls_db_table_append() before the caller tells anyone of the
 *    move (the record is the journal), and each seat's name, player and
 *    seat token hash, so that after a restart every table can be rebuilt at
 *    its last move (ls_db_live_tables()) with its seats held, and its last
 *    chat lines (ls_db_table_chat());
 *  - finished matches: the record, each player's place, points and
 *    declarations, and the ratings before and after (ls_db_table_finish()
 *    moves a table there in one transaction);
 *  - rating history: one row per player per rated match.
 *
 * The schema is versioned: ls_db_open() applies the migrations the
 * database lacks, each once, in its own transaction (docs/store.md).
 *
 * Errors: every function returns 0 or a negative code: LS_DB_... below,
 * or LS_EINVAL (a bad argument), LS_ENOMEM, LS_EPHASE / LS_ERECORD (a
 * record that is not a finished match). err (may be NULL) receives the
 * message for a person. A failed call changes nothing: a write either
 * happened whole or not at all, and what was written before stays.
 *
 * One ls_db is used by one thread at a time.
 */
#ifndef LS_DB_H
#define LS_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "leastscore.h"
#include "server/rating.h"

enum {
    LS_DB_EIO = -100,       /* the database failed: disk full, connection
                               lost, a file that cannot be opened */
    LS_DB_EEXISTS = -101,   /* the name is taken */
    LS_DB_ENOTFOUND = -102, /* no such player, table or match */
    LS_DB_EAUTH = -103,     /* wrong password, or the player has none */
    LS_DB_ESCHEMA = -104,   /* the database's schema is newer than ours */
    LS_DB_EHELD = -105,     /* another process holds the store (ls_db_hold) */
    LS_DB_ELOOKALIKE = -106, /* the name looks like another player's
                                (server/names.h); err names that one */
    LS_DB_EFOREIGN = -107,  /* not a leastscore store: tables of another
                               program's, or a file that is not SQLite's */
};

/* The short name of a code (LS_DB_... or LS_E...). Never NULL. */
const char *ls_db_strerror(int code);

#define LS_DB_NAME_SIZE 17 /* a player name (ls_name_valid) and its NUL */
#define LS_DB_HASH_SIZE 65 /* a SHA-256 in hex and its NUL */

typedef struct ls_db ls_db;

/*
 * Opens the store at `where`: a "postgresql://" or "postgres://" URL
 * (libpq's syntax), else the path of an SQLite file (created if missing,
 * in WAL mode with synchronous=FULL). Applies missing migrations. On
 * success *out is the store; the caller closes it with ls_db_close().
 * A store that is not leastscore's is refused before anything is written
 * in it (LS_DB_EFOREIGN, err naming it and what it holds): a file that is
 * not an SQLite database, or one (a PostgreSQL schema) with tables but no
 * schema_version of leastscore's. An empty one is made a store.
 */
int ls_db_open(ls_db **out, const char *where, ls_error *err);
void ls_db_close(ls_db *db);

/*
 * Takes the store for this process alone, for as long as db is open: the
 * server that restores and plays the tables in progress holds it, so that
 * a second server on the same store is refused instead of playing the
 * same tables beside the first and appending to the same records. SQLite:
 * an flock on the database file, on a descriptor of its own closed after
 * SQLite's; PostgreSQL: a session-level advisory lock on db's connection,
 * taken again when a lost connection is made again (until it is, db's
 * statements fail with LS_DB_EIO). The kernel or PostgreSQL lets go of it
 * however the process ends, kill -9 too. Other connections to the store
 * (the JSON API's, a login's) need no hold and are not stopped by one.
 * Returns 0, LS_DB_EHELD when another process holds it (err names the
 * file, never a URL, which may hold a password), or LS_DB_EIO.
 */
int ls_db_hold(ls_db *db, ls_error *err);
/* ls_db_open() that takes the store (ls_db_hold) before it applies any
 * migration: refused for another's hold (LS_DB_EHELD), it has changed
 * nothing in the store, not even its schema (a newer version started
 * beside an older one). */
int ls_db_open_held(ls_db **out, const char *where, ls_error *err);

/*
 * A path as a message shows it: whole when it has fewer than size bytes,
 * else its head and its tail with "..." between them (cut between two
 * UTF-8 characters), so that a message of a deep directory keeps its
 * reason whole in an ls_error's 256 bytes. Writes to buf (size > 8) and
 * returns it. LS_DB_PATH_SHOWN (80 bytes and the NUL) leaves some 175
 * bytes to the rest: SQLite's reason, the words on a directory.
 */
#define LS_DB_PATH_SHOWN 81
const char *ls_db_path_fit(const char *path, char *buf, size_t size);

/* "sqlite" or "postgresql". */
const char *ls_db_backend(const ls_db *db);
/* Whether the database cannot be reached for now: a PostgreSQL
 * connection lost (or not answered in time) and being made again (the
 * reconnection is tried again 5 s after one failed); an SQLite file
 * whose lock another connection held for longer than the 5 s a call
 * waits for it (the last failure was SQLITE_BUSY, "database is locked").
 * Asked right after a call that failed with LS_DB_EIO: that call is then
 * worth trying again in a few seconds. */
bool ls_db_unavailable(const ls_db *db);
/* Whether an SQLite store's file is no longer at the path it was opened
 * with: renamed, moved or removed while open (SQLite's
 * SQLITE_FCNTL_HAS_MOVED: the path's inode against the open file's, a
 * stat() each call). What the connection writes then goes on into the
 * file it holds open, which nobody opening that path will find. Always
 * false for PostgreSQL. */
bool ls_db_moved(ls_db *db);
/*
 * Lets `db` and `peer`, two connections of one thread to the same
 * PostgreSQL database (the server's loop has two: the tables' store and
 * the players' and API's), learn from each other that the database has
 * stopped answering. Once a statement on either is not answered in time
 * (4 s), the other does not send its next statement to wait as long
 * again: it closes its connection and makes it again as a lost one is,
 * waiting half a second at most, and fails meanwhile (LS_DB_EIO,
 * ls_db_unavailable), until a reconnection of either succeeds. A
 * transaction under way is not cut. `db` keeps a pointer to what `peer`
 * knows: close `db` before `peer`. No effect on SQLite.
 */
void ls_db_share_silence(ls_db *db, ls_db *peer);
/* How long a statement waits, at most, for a lock another process holds
 * before it fails as above (LS_DB_EIO, ls_db_unavailable): SQLite's busy
 * timeout, 5000 ms from ls_db_open(). The server's loop sets less on the
 * connection its JSON API uses, so that one request cannot hold every
 * table for 5 s. No effect on PostgreSQL (a statement's answer is waited
 * for 4 s at most, whatever holds it). */
void ls_db_set_lock_wait(ls_db *db, int ms);
/* The schema version the database is at, and the one this program's
 * migrations reach. */
int ls_db_schema_version(ls_db *db, int *version, ls_error *err);
int ls_db_schema_latest(void);

/* The hex SHA-256 of a token, as stored (for comparing a presented seat
 * token with ls_db_live_seat.token_hash). */
void ls_db_token_hash(const char *token, char out[LS_DB_HASH_SIZE]);

/* ------------------------------------------------------------------ */
/* Players                                                             */
/* ------------------------------------------------------------------ */

/* A player's profile. Totals count finished matches only. */
typedef struct ls_db_player {
    int64_t id;
    char name[LS_DB_NAME_SIZE];
    char bot[LS_DB_NAME_SIZE]; /* the computer level ("greedy"), "" for a person */
    bool has_password;
    ls_rating rating;  /* mu, sigma */
    double ordinal;    /* the rating shown: mu - 3 sigma */
    int matches, wins;
    int rounds, points;          /* rounds played, points taken in them */
    int declared, declared_correct, declared_false;
} ls_db_player;

/* Creates a person named `name` (ls_name_valid) holding `token` (16 to 256
 * printable characters, e.g. 128 random bits in hex). LS_DB_EEXISTS when
 * the name is taken in any case; LS_DB_ELOOKALIKE when another player's
 * name looks like it (the same key of server/names.h: "lris" once "Iris"
 * is a player), err then saying which: "the name lris looks like Iris,
 * another player's name". *id (may be NULL) receives the new player's id. */
int ls_db_player_create(ls_db *db, const char *name, const char *token,
                        int64_t *id, ls_error *err);

/* The person whose name looks like `name` (the look-alike key of
 * server/names.h: "Iris" for "lris" or "IRIS") into holder, or "" when
 * none; for a guest's name, which may not pose as a player's. With
 * answer_ms > 0 it is a question the caller can do without: PostgreSQL's
 * answer is waited for answer_ms at most, then given up on (LS_DB_EIO,
 * "postgresql: no answer in 0.5 s: given up on, the connection kept"):
 * the statement is cancelled, the connection kept, and the late answer
 * dropped before the next statement; an answer (or its cancel) still not
 * in then fails such a question at once, and any other statement waits
 * for it within its own 4 s. answer_ms <= 0 waits as any statement. No
 * effect on SQLite (ls_db_set_lock_wait). */
int ls_db_name_holder(ls_db *db, const char *name, int answer_ms,
                      char holder[LS_NAME_MAX + 1], ls_error *err);
/* The person holding `token`, by name, or any player by id;
 * LS_DB_ENOTFOUND when there is none. */
int ls_db_player_by_token(ls_db *db, const char *token, ls_db_player *p,
                          ls_error *err);
int ls_db_player_by_name(ls_db *db, const char *name, ls_db_player *p,
                         ls_error *err);
int ls_db_player_by_id(ls_db *db, int64_t id, ls_db_player *p, ls_error *err);
/* The player that stands for computer level `level` (created the first
 * time), so that each level has one rating. */
int ls_db_bot_player(ls_db *db, const char *level, int64_t *id, ls_error *err);
/* Sets or replaces a person's password (8 to 1024 bytes). */
int ls_db_player_set_password(ls_db *db, int64_t id, const char *password,
                              ls_error *err);
/* Checks name and password; on success `new_token` is added to the
 * player's tokens (another device) and *id (may be NULL) is the player.
 * LS_DB_EAUTH for a wrong password or a player without one. */
int ls_db_player_login(ls_db *db, const char *name, const char *password,
                       const char *new_token, int64_t *id, ls_error *err);
/* Player `id`'s place on the leaderboard's scale (1 = first, in its
 * order: ordinal, then id) in *rank, 0 when it has finished no match; *of
 * is the number of players that have finished one. */
int ls_db_player_rank(ls_db *db, int64_t id, int64_t *rank, int64_t *of, ls_error *err);
/* The best `limit` (1..1000) players by ordinal that have finished a
 * match, people and computer levels together. *out is malloc'd (NULL when
 * *n is 0); the caller frees it. */
int ls_db_leaderboard(ls_db *db, int limit, ls_db_player **out, int *n,
                      ls_error *err);

/* One rated match of a player. */
typedef struct ls_db_rating_point {
    int64_t match_id;
    int64_t at;        /* when the match finished, Unix seconds */
    ls_rating before, after;
} ls_db_rating_point;
/* A player's last `limit` (1..10000) rated matches, oldest first (a
 * computer level plays thousands); *out malloc'd, caller frees. */
int ls_db_rating_history(ls_db *db, int64_t player_id, int limit,
                         ls_db_rating_point **out, int *n, ls_error *err);

/* ------------------------------------------------------------------ */
/* Tables in progress                                                  */
/* ------------------------------------------------------------------ */

/* A seat as the caller fills it. */
typedef struct ls_db_seat {
    const char *name;  /* the name in the record */
    int64_t player_id; /* the player (0: none, not rated) */
    const char *bot;   /* computer level, or NULL for a person */
    const char *token; /* the seat token to resume with, or NULL */
    const char *token_hash; /* without a token: its hex SHA-256 as
                               ls_db_token_hash() gives it (a seat restored
                               after a restart), or NULL */
} ls_db_seat;

/* Starts keeping a table: `code` its short code, `meta` the caller's own
 * description (settings, as text; given back on restore). */
int ls_db_table_begin(ls_db *db, const char *code, const char *meta,
                      int64_t *table_id, ls_error *err);
/* Marks the person of a filled seat as away (left the match: the computer
 * plays for them) or back; given back by ls_db_live_tables().
 * LS_DB_ENOTFOUND when the table has no such seat. */
int ls_db_table_seat_away(ls_db *db, int64_t table_id, int seat, bool away,
                          ls_error *err);
/* Notes that the host of the table is now the person in `seat` (the
 * host passed on during the match); given back by ls_db_live_tables().
 * LS_DB_ENOTFOUND when the table has no person in that seat. */
int ls_db_table_host(ls_db *db, int64_t table_id, int seat, ls_error *err);
/* Fills seat `seat` (0..7) or, with s NULL, empties it. */
int ls_db_table_seat(ls_db *db, int64_t table_id, int seat, const ls_db_seat *s,
                     ls_error *err);
/* Appends one line of the table's game record (no line break, at most
 * 4096 bytes). When it returns 0 the line is on disk (or committed by
 * PostgreSQL) and survives a crash of the process or the machine. */
int ls_db_table_append(ls_db *db, int64_t table_id, const char *line,
                       ls_error *err);
/* The number of lines of the table's game record the store holds, in *n:
 * after a write that failed in a way that leaves its end unknown (the
 * connection lost, or no answer in time, at its commit), whether it was
 * written after all. A table the store does not keep has 0. */
int ls_db_table_lines(ls_db *db, int64_t table_id, int64_t *n, ls_error *err);
/* Appends n lines at once, all or none, in one durable commit: a round's
 * deal ("round", a "hand" per seat, "open") goes in whole, so that a
 * crash never leaves a record that ends inside a deal. */
int ls_db_table_append_lines(ls_db *db, int64_t table_id, const char *const *lines,
                             int n, ls_error *err);
/* A line of a table's chat. */
typedef struct ls_db_chat_line {
    int64_t n;                  /* its number at the table: 1 and up */
    int seat;                   /* the writer's seat (0..7) when written */
    char name[LS_DB_NAME_SIZE]; /* the writer's name */
    union {                     /* the text, at most LS_DB_CHAT_BYTES: */
        const char *text;       /* the caller's, given to ls_db_table_chat */
        char *owned;            /* in ls_db_live_table: malloc'd, freed
                                   by ls_db_live_tables_free() */
    };
} ls_db_chat_line;

#define LS_DB_CHAT_BYTES 1024   /* a chat line's text, at most */
#define LS_DB_CHAT_KEEP_MAX 1000

/* Keeps n chat lines of the table (numbered above its last kept one, in
 * order) in one durable commit, all or none, and forgets its lines
 * numbered `keep` (1..LS_DB_CHAT_KEEP_MAX) or more below the last one
 * given: a table keeps its last `keep` lines. LS_DB_EEXISTS for a number
 * kept already. */
int ls_db_table_chat(ls_db *db, int64_t table_id, const ls_db_chat_line *lines, int n,
                     int keep, ls_error *err);
/* Forgets the table's chat lines numbered `from` or more: after a write
 * of them whose end is unknown (it failed, and may have been committed all
 * the same), before their numbers are given to other lines. */
int ls_db_table_chat_forget(ls_db *db, int64_t table_id, int64_t from, ls_error *err);
/* Forgets a table that will not finish (closed before its end). */
int ls_db_table_drop(ls_db *db, int64_t table_id, ls_error *err);
/*
 * Moves a table whose record is a finished match to the finished matches,
 * in one transaction: verifies the record (LS_ERECORD with the line, or
 * LS_EPHASE when the match is not over: nothing changes), computes each
 * seat's place and statistics from it, rates the seats that have a player
 * (unrated seats count at a new player's rating), and forgets the table.
 * *match_id (may be NULL) is the finished match's id.
 */
int ls_db_table_finish(ls_db *db, int64_t table_id, int64_t *match_id,
                       ls_error *err);

/* A seat of a table in progress, as kept. */
typedef struct ls_db_live_seat {
    int seat;
    int64_t player_id;                 /* 0: none */
    char name[LS_DB_NAME_SIZE];
    char bot[LS_DB_NAME_SIZE];         /* "" for a person */
    char token_hash[LS_DB_HASH_SIZE];  /* "" when the seat has no token */
    bool away;                         /* its person left the match */
} ls_db_live_seat;

/* A table in progress, as kept. */
typedef struct ls_db_live_table {
    int64_t id;
    char *code, *meta;
    int64_t created_at;
    int host;                          /* the host's seat as last noted by
                                          ls_db_table_host(), -1: never */
    int nseats;                        /* filled seats, by seat number */
    ls_db_live_seat seat[LS_MAX_PLAYERS];
    char *record;                      /* the lines, each ended by '\n' */
    size_t record_len;
    int lines;
    ls_db_chat_line *chat;             /* its chat kept, oldest first */
    int nchat, chat_cap;
} ls_db_live_table;

/* Every table in progress, oldest first, to restore after a restart.
 * Free with ls_db_live_tables_free(). */
int ls_db_live_tables(ls_db *db, ls_db_live_table **out, int *n, ls_error *err);
void ls_db_live_tables_free(ls_db_live_table *t, int n);

/* ------------------------------------------------------------------ */
/* Finished matches                                                    */
/* ------------------------------------------------------------------ */

typedef struct ls_db_match_player {
    int seat;
    int64_t player_id;            /* 0: not a player of the store */
    char name[LS_DB_NAME_SIZE];
    char bot[LS_DB_NAME_SIZE];
    int place;                    /* 1 = the winner; equal places tie */
    int score;                    /* the final total */
    int rounds, points, declared, declared_correct, declared_false;
    bool won;
    ls_rating before, after;      /* equal when not rated */
} ls_db_match_player;

typedef struct ls_db_match {
    int64_t id;
    char *code, *meta, *record;
    int64_t started_at, finished_at;
    int rounds;
    int nplayers;
    ls_db_match_player player[LS_MAX_PLAYERS]; /* by seat */
} ls_db_match;

/* The finished matches whose .lsr file is not noted as written (by
 * ls_db_match_file_written), ids above `after`, oldest first: at most
 * `max` (1..1000) into ids, *n of them. A match is finished with its
 * file pending, in the finish's commit. */
int ls_db_matches_file_pending(ls_db *db, int64_t after, int64_t *ids, int max, int *n,
                               ls_error *err);
/* Notes that match_id's .lsr file is written (LS_DB_ENOTFOUND: no such
 * match). */
int ls_db_match_file_written(ls_db *db, int64_t match_id, ls_error *err);
/* A finished match; release it with ls_db_match_clear(). */
int ls_db_match_get(ls_db *db, int64_t match_id, ls_db_match *m, ls_error *err);
void ls_db_match_clear(ls_db_match *m);
/* A page of a player's finished matches, newest first, in one query: at
 * most `limit` (1..1000) matches with ids below `before` (0: from the
 * newest), each once however many seats the player had at it (a computer
 * level twice at a table), as ls_db_match_get() gives it with all its
 * seats but without its text (meta and record ""). No match, or no such
 * player, is an empty page. *out malloc'd (NULL when *n is 0); the caller
 * clears each (ls_db_match_clear) and frees it. */
int ls_db_player_match_heads(ls_db *db, int64_t player_id, int64_t before, int limit,
                             ls_db_match **out, int *n, ls_error *err);

#endif
