/*
 * store.h - where a table's matches go: the journal of every match in
 * play and, at the end, the finished match.
 *
 * A table hands each match to its store through this small interface, as
 * the match is played: match_begin when it is dealt (with the table's
 * settings and seats), append for every piece of game record text (whole
 * lines: the header and first deal, each move, each later deal),
 * match_end when it ends, is abandoned, or the server stops; chat for each
 * line of the table's chat meanwhile. The record is
 * the journal: append returns 0 only once the text is durable, and the
 * table announces nothing a failed append holds until the store says it
 * has written it (flush). After a crash, restore hands back every match
 * in progress with its record and its table's chat, so that the server
 * rebuilds its tables.
 *
 * The database store (store_db.c) implements it over SQLite or PostgreSQL.
 */
#ifndef LS_SERVER_STORE_H
#define LS_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "leastscore.h"

#define STORE_CODE_SIZE 8
#define STORE_LEVEL_SIZE 16
#define STORE_TOKEN_SIZE 33 /* a seat token: 32 hex digits and the NUL */
#define STORE_HASH_SIZE 65  /* its SHA-256 in hex and the NUL */

/* A seat of a match. */
typedef struct store_seat {
    char name[LS_NAME_MAX + 1];
    char level[STORE_LEVEL_SIZE];   /* a computer player's level, "" for a person */
    int64_t player_id;              /* a person's player in the store, 0 = a
                                       guest (not rated) */
    char token[STORE_TOKEN_SIZE];   /* a person's seat token ("" when unknown) */
    char token_hash[STORE_HASH_SIZE]; /* its hex SHA-256 ("" when unknown);
                                       what restore gives back, never the token */
    int wins;                       /* matches won at this table before */
    bool away;                      /* a person who left the match: the
                                       computer plays their turns at once */
} store_seat;

#define STORE_CHAT_KEEP 50 /* chat lines kept per table, the last ones */

/* A line of the chat of a match's table. */
typedef struct store_chat {
    long long n;                    /* its number at the table */
    int seat;                       /* the writer's seat when it was written */
    char name[LS_NAME_MAX + 1];     /* the writer's name */
    const char *text;               /* not owned (see store_match) */
} store_chat;

/* A match and the table it is played at: what is needed, with the record,
 * to rebuild the table after a restart. Plain data. */
typedef struct store_match {
    char code[STORE_CODE_SIZE];     /* the table's code */
    int match;                      /* the match's number at the table */
    int capacity;                   /* the seats the table was created with */
    int turn_time;                  /* seconds, 0 = off */
    int host;                       /* the host's seat (at restore: as it
                                       was when the server stopped) */
    int nseats;
    store_seat seat[LS_MAX_PLAYERS];
    /* The table's chat, oldest first: at match_begin its lines so far (the
     * store keeps them with the match), at restore those kept. The texts
     * are the caller's, valid during the call. */
    int nchat;
    store_chat chat[STORE_CHAT_KEEP];
} store_match;

#define STORE_LATE_IDS 64 /* finished matches written late whose ids the
                             store remembers (finished_id) */

/* How a match leaves the table (match_end). */
enum {
    STORE_FINISHED = 1, /* it has a winner: kept as a finished match */
    STORE_ABANDONED,    /* its table closed before the end: dropped */
    STORE_SUSPENDED,    /* the server stops: kept in progress, restored at
                           the next start */
};

/*
 * Receives one match in progress at restore: its settings, its record
 * (`len` bytes, whole lines) and the store's handle to go on appending
 * with. Returns 0 when it took the handle (it ends it with match_end),
 * non-zero when the match could not be rebuilt: the store then keeps the
 * match as it is and says so in its log.
 */
typedef int (*store_restore_fn)(void *ud, const store_match *m, const char *record,
                                size_t len, void *handle);

typedef struct store_ops {
    /* A match begins. Returns the store's handle for it, or NULL when the
     * store cannot keep it (failing): the match must not start. */
    void *(*match_begin)(void *self, const store_match *m);
    /* Appends record text (one or more whole lines) to the match. Returns
     * 0 once it is durable; a negative code when it could not be written:
     * the store keeps the text in memory, in order, and writes it with
     * the next append or flush. */
    int (*append)(void *self, void *match, const char *text, size_t len);
    /* A chat line written at the match's table: kept with the match (its
     * last STORE_CHAT_KEEP lines), to be given back at restore. Returns 0
     * once it is durable; a negative code when it could not be written
     * (nothing is kept: the caller refuses the line). May be NULL (a
     * store that keeps no chat). */
    int (*chat)(void *self, void *match, const store_chat *line);
    /* The person in `seat` left the match (away true: the computer plays
     * for them) or came back. Kept with the match, so that the seat comes
     * back away at restore. Returns 0 once it is durable; otherwise the
     * store keeps it and writes it at a later call (flush); the match
     * goes on either way. May be NULL (a store that keeps no seats). */
    int (*seat_away)(void *self, void *match, int seat, bool away);
    /* The host passed on to the person in `seat` during the match. Kept
     * with the match, so that restore gives that host back (host), not
     * the one the match began with. Written, or kept and written later,
     * as seat_away. May be NULL (a store that keeps the first host). */
    int (*host)(void *self, void *match, int seat);
    /* Tries again to write everything the store holds unwritten (every
     * match's text, ended matches). Returns 0 when nothing is left. */
    int (*flush)(void *self);
    /* The match ends (STORE_...); the handle is not used again. Returns 0
     * when that is written; otherwise the store keeps it and writes it at
     * a later call (flush). A finished match written by this call gets
     * its id among the finished matches (its page /matches/ID) in *id
     * (when id is not NULL); *id is 0 otherwise: not finished, or kept
     * to be written later (finished_id tells it then). */
    int (*match_end)(void *self, void *match, int how, int64_t *id);
    /* The id among the finished matches of match `match` at table `code`
     * whose end match_end kept and a later call wrote (one of the last
     * STORE_LATE_IDS so written); 0 when not known (not written yet, or
     * written when its id could not be read back). May be NULL. */
    int64_t (*finished_id)(void *self, const char *code, int match);
    /* Hands every match in progress the store holds to fn, oldest first.
     * Returns the number restored, or a negative code when the store
     * cannot be read. */
    int (*restore)(void *self, store_restore_fn fn, void *ud);
    /* Whether the store holds something it could not write (it is
     * failing), and the last failure's message (msg may be NULL). */
    bool (*failing)(void *self, char *msg, size_t size);
    /* Whether the store's file is no longer where it was opened (renamed,
     * moved or removed while the server runs): what it writes goes on
     * into the file it holds open, which the next start will not find.
     * A look at the file system each call. May be NULL (never). */
    bool (*moved)(void *self);
} store_ops;

/* A store: its operations and their first argument. Plain data; a table
 * keeps a copy and does not own `self`. */
typedef struct store {
    const store_ops *ops;
    void *self;
} store;

/*
 * Writes a finished match's record as DIR/<name>.lsr (to a temporary name
 * of its own, synced, then renamed and the directory synced, so that a
 * reader never sees half a record and a file written stays written),
 * creating DIR if needed; a file of that name is replaced. Returns 0, or
 * -1 with msg set. (store_file.c)
 */
int store_file_write(const char *dir, const char *name, const char *text, size_t len,
                     char *msg, size_t size);
/* Creates DIR and its parents if needed. Returns 0, or -1 with msg set. */
int store_file_mkdir(const char *dir, char *msg, size_t size);
/* store_file_mkdir() that sets *made to the length of the first directory
 * of DIR it made (0: DIR was there), for store_file_unmake(). */
int store_file_mkdir_made(const char *dir, size_t *made, char *msg, size_t size);
/* Removes, deepest first, the directories store_file_mkdir_made() made for
 * DIR (made from it), each only while it is empty: a server that could not
 * start leaves no data directory of its own making behind. */
void store_file_unmake(const char *dir, size_t made);
/*
 * Takes the data directory DIR for this process: an exclusive flock(2) on
 * the directory itself, which the kernel lets go when the process ends,
 * however it ends (kill -9 too). A second server on the same directory
 * would restore the same tables in progress and play them beside the
 * first, both appending to one record. Returns the descriptor that holds
 * the lock (the caller keeps it open while it serves; it is not inherited
 * by a program run), or -1 with msg set: the directory is another
 * process's, or cannot be opened. (store_file.c)
 */
int store_file_lock(const char *dir, char *msg, size_t size);

/* How old a temporary file of store_file_write must be before
 * store_file_sweep takes it for a crash's: a younger one may be a write in
 * progress (another server writing into the same directory). */
#define STORE_FILE_STALE_S 600

/*
 * Removes from DIR the temporary files a crash in the middle of
 * store_file_write left (named DATE-CODE-MATCH.lsr.XXXXXX, or
 * DATE-CODE-MATCH.lsr.tmp as earlier versions named them): plain files
 * of those names only, last written STORE_FILE_STALE_S or more before
 * `now`. *removed counts those removed. Returns 0 (also when DIR does not
 * exist), or -1 with msg set when DIR cannot be read or a file cannot be
 * removed (the first such; the others are still tried). (store_file.c)
 */
int store_file_sweep(const char *dir, time_t now, int *removed, char *msg, size_t size);

#endif
