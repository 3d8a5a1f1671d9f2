/*
 * db_internal.h - what the store's common part (db.c) needs from a backend
 * (db_sqlite.c, db_pg.c), and hooks for the store's tests.
 *
 * A backend runs SQL with text parameters $1..$n (NULL for SQL NULL) and
 * hands each result row to a callback as text columns (NULL for SQL NULL).
 * Both backends accept the same SQL: the schema and every query are written
 * once in db.c, in the subset SQLite and PostgreSQL share (RETURNING, text
 * parameters that take their type from the column they meet).
 */
#ifndef LS_DB_INTERNAL_H
#define LS_DB_INTERNAL_H

#include "server/db.h"

/* Receives one result row; returns 0 to go on. */
typedef int (*ls__db_row_fn)(void *ud, const char *const *col, int ncol);

#define LS__DB_LITERAL 1u

typedef struct ls__db_ops {
    const char *name;       /* "sqlite" or "postgresql" */
    const char *begin_sql;  /* starts a write transaction */
    bool row_locks;         /* SELECT ... FOR UPDATE exists (PostgreSQL);
                               SQLite's BEGIN IMMEDIATE locks everything */
    const char *id_column;  /* the type of an auto-numbered primary key */
    /* Runs one statement. Errors: LS_DB_EEXISTS for a unique key,
     * LS_DB_ENOTFOUND for a foreign key, LS_DB_EIO otherwise. With flags
     * LS__DB_LITERAL the SQL is a string literal, whose pointer a backend
     * may use to keep the statement prepared. answer_ms > 0 makes it a
     * question the caller can do without (PostgreSQL: its answer waited
     * for that long, then given up on, the connection kept); 0 for any
     * other statement. */
    int (*exec)(ls_db *db, const char *sql, unsigned flags, int answer_ms,
                int nparams, const char *const *params, ls__db_row_fn row,
                void *ud, ls_error *err);
    /* Runs statements separated by ';' without parameters or results. */
    int (*script)(ls_db *db, const char *sql, ls_error *err);
    void (*close)(ls_db *db);
    /* Whether the database cannot be reached for now (PostgreSQL: its
     * connection was lost and is being made again; SQLite: the last
     * failure was a lock held elsewhere). May be NULL: never. */
    bool (*unavailable)(const ls_db *db);
    bool (*moved)(ls_db *db); /* may be NULL: never */
    /* Optional: how long a statement waits for a lock another
     * connection holds (SQLite's busy timeout). */
    void (*lock_wait)(ls_db *db, int ms);
    /* Takes the store for this process alone (ls_db_hold). */
    int (*hold)(ls_db *db, ls_error *err);
    /* Reads, writing nothing, the tables and views of the store's own
     * schema (SQLite's file; PostgreSQL's current_schema()): a row each,
     * its name and how a message names the store (NULL: by the path it
     * was opened with). LS_DB_EFOREIGN, err saying so, for an SQLite file
     * that is not an SQLite database. */
    int (*tables)(ls_db *db, ls__db_row_fn row, void *ud, ls_error *err);
    /* Optional: the backend's own first writes, once the store is known to
     * be leastscore's or empty (SQLite: the switch to WAL, which rewrites
     * the file's header). */
    int (*prepare)(ls_db *db, ls_error *err);
} ls__db_ops;

struct ls_db {
    const ls__db_ops *ops;
    void *conn;    /* sqlite3 * or PGconn * */
    bool in_tx;    /* inside ls__db_begin() .. commit/rollback */
    int64_t retry_at; /* PostgreSQL: no reconnection begun before this
                         time (a monotonic clock's ms), 0 when none failed */
    int64_t reset_until; /* PostgreSQL: a reconnection is under way, and
                            fails at this time; 0 when none is */
    int64_t reset_wait_end; /* PostgreSQL: the calls carrying a reconnection
                               on may wait for the database until this
                               time, then only look */
    long statements; /* the queries db.c has run (for tests: how many
                        statements an answer costs) */
    int *silent;     /* PostgreSQL: how long (ms) a statement on this
                        connection, or on one sharing it
                        (ls_db_share_silence), waited in vain for its
                        answer, no reconnection having succeeded since; 0
                        when none did. Points to own_silent or to the
                        peer's. A plain int: only the thread that uses
                        the connection reads or writes it (the server's
                        loop, for the two connections that share one;
                        an account job's worker, for its own), as
                        ls_db_share_silence() requires one thread for
                        both; db_pg.c's cancel thread touches only its
                        pg_cancel_job, never the ls_db */
    int own_silent;
    bool abandoned;  /* PostgreSQL: the answer to a question the caller
                        could do without was given up on; it is read and
                        dropped before the next statement */
    void *cancel;    /* PostgreSQL: the cancel request sent for it on a
                        thread of its own (db_pg.c), or NULL */
    bool held;       /* ls_db_hold() took the store */
    bool rehold;     /* PostgreSQL: the connection was made again since, and
                        the advisory lock is to be taken again before the
                        next statement */
};

int ls__db_sqlite_open(ls_db *db, const char *path, ls_error *err);
int ls__db_pg_open(ls_db *db, const char *url, ls_error *err);

/* Fills err (if not NULL) with code and a formatted message; returns code. */
int ls__db_fail(ls_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Puts the formatted text before err's message (truncating its end). */
void ls__db_prefix(ls_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* For tests: applies `migrations` (SQL scripts, version i + 1 at index i)
 * as ls_db_open() applies the store's own. */
int ls__db_migrate(ls_db *db, const char *const *migrations, int n, ls_error *err);
/* For tests: the leaderboard's query (ls_db_leaderboard) and a profile's
 * (ls_db_player_by_id), whose plans they read. */
const char *ls__db_leaderboard_sql(void);
const char *ls__db_player_by_id_sql(void);
/* The sqlite3_file_control() opcode (above SQLite's own, as it asks of
 * an application's) by which an SQLite store asks its VFS the room left
 * on its disk in bytes (a sqlite3_int64): the default VFS does not know
 * it (SQLITE_NOTFOUND), and the disk's room is then statvfs()'s; a
 * test's VFS of a small disk answers its own. */
#define LS__DB_FCNTL_ROOM 0x4c530001

/* For tests: runs SQL on the store's own connection (a page limit that
 * makes SQLite's file "full", a query of the raw tables). */
int ls__db_exec(ls_db *db, const char *sql, ls__db_row_fn row, void *ud,
                ls_error *err);

#endif
