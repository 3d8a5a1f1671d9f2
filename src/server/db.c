/*
 * db.c - the store's common part: schema and migrations, players, tables in
 * progress, finished matches and ratings, over a backend (db_internal.h).
 *
 * Every query is written once, in SQL both SQLite and PostgreSQL accept,
 * with text parameters; numbers go in and come out as text. A write that
 * touches more than one row runs in one transaction, and a failure rolls
 * it back whole, so a failed call leaves the database as it was.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sodium.h>

#include "analyzer.h"
#include "server/db_internal.h"
#include "server/names.h"

#define LINE_MAX_BYTES 4096
#define TOKEN_MIN 16
#define TOKEN_MAX 256
#define PASSWORD_MIN 8
#define PASSWORD_MAX 1024

/* ------------------------------------------------------------------ */
/* The schema                                                          */
/* ------------------------------------------------------------------ */

/*
 * Migration i + 1 is migrations[i]; @ID@ stands for the backend's
 * auto-numbered primary key. A migration, once released, never changes:
 * a new version of the schema is a new entry at the end.
 */
static const char *const migrations[] = {
    /* 1: players, tables in progress, finished matches, rating history. */
    "CREATE TABLE players ("
    " id @ID@,"
    " name TEXT NOT NULL,"
    " bot TEXT NOT NULL DEFAULT '',"     /* computer level; '' = a person */
    " password_hash TEXT,"               /* crypto_pwhash_str (argon2id) */
    " mu DOUBLE PRECISION NOT NULL,"
    " sigma DOUBLE PRECISION NOT NULL,"
    " created_at BIGINT NOT NULL,"
    " UNIQUE (bot, name));"
    "CREATE TABLE player_tokens ("
    " token_hash TEXT PRIMARY KEY,"      /* hex SHA-256 of the token */
    " player_id BIGINT NOT NULL REFERENCES players(id),"
    " created_at BIGINT NOT NULL);"
    "CREATE INDEX player_tokens_player ON player_tokens (player_id);"
    "CREATE TABLE live_tables ("
    " id @ID@,"
    " code TEXT NOT NULL,"
    " meta TEXT NOT NULL,"
    " created_at BIGINT NOT NULL);"
    "CREATE TABLE live_seats ("
    " table_id BIGINT NOT NULL REFERENCES live_tables(id) ON DELETE CASCADE,"
    " seat INTEGER NOT NULL CHECK (seat >= 0 AND seat < 8),"
    " player_id BIGINT REFERENCES players(id),"
    " name TEXT NOT NULL,"
    " bot TEXT NOT NULL DEFAULT '',"
    " token_hash TEXT,"
    " PRIMARY KEY (table_id, seat));"
    "CREATE TABLE live_lines ("
    " id @ID@,"
    " table_id BIGINT NOT NULL REFERENCES live_tables(id) ON DELETE CASCADE,"
    " line TEXT NOT NULL);"
    "CREATE INDEX live_lines_table ON live_lines (table_id, id);"
    "CREATE TABLE matches ("
    " id @ID@,"
    " code TEXT NOT NULL,"
    " meta TEXT NOT NULL,"
    " record TEXT NOT NULL,"
    " rounds INTEGER NOT NULL,"
    " started_at BIGINT NOT NULL,"
    " finished_at BIGINT NOT NULL);"
    "CREATE TABLE match_players ("
    " match_id BIGINT NOT NULL REFERENCES matches(id),"
    " seat INTEGER NOT NULL,"
    " player_id BIGINT REFERENCES players(id),"
    " name TEXT NOT NULL,"
    " bot TEXT NOT NULL DEFAULT '',"
    " place INTEGER NOT NULL,"
    " score INTEGER NOT NULL,"
    " rounds INTEGER NOT NULL,"
    " points INTEGER NOT NULL,"
    " declared INTEGER NOT NULL,"
    " declared_correct INTEGER NOT NULL,"
    " declared_false INTEGER NOT NULL,"
    " won INTEGER NOT NULL,"
    " mu_before DOUBLE PRECISION NOT NULL,"
    " sigma_before DOUBLE PRECISION NOT NULL,"
    " mu_after DOUBLE PRECISION NOT NULL,"
    " sigma_after DOUBLE PRECISION NOT NULL,"
    " PRIMARY KEY (match_id, seat));"
    "CREATE INDEX match_players_player ON match_players (player_id, match_id);"
    "CREATE TABLE rating_history ("
    " id @ID@,"
    " player_id BIGINT NOT NULL REFERENCES players(id),"
    " match_id BIGINT NOT NULL REFERENCES matches(id),"
    " mu_before DOUBLE PRECISION NOT NULL,"
    " sigma_before DOUBLE PRECISION NOT NULL,"
    " mu DOUBLE PRECISION NOT NULL,"
    " sigma DOUBLE PRECISION NOT NULL,"
    " at BIGINT NOT NULL);"
    "CREATE INDEX rating_history_player ON rating_history (player_id, id)",
    /* 2: a person's name is theirs in any case: "ann" is Ann's. The key is
     * the name in lower case; of the names that schema 1 let differ only in
     * case, the oldest player keeps the key (the others keep their names,
     * found by exact spelling). */
    "CREATE TABLE player_names ("
    " name_key TEXT PRIMARY KEY,"
    " player_id BIGINT NOT NULL REFERENCES players(id));"
    "INSERT INTO player_names (name_key, player_id)"
    " SELECT lower(name), MIN(id) FROM players WHERE bot = '' GROUP BY lower(name)",
    /* 3: the chat of a table in progress, its last lines by number, so
     * that it comes back with the table after a restart or a crash. */
    "CREATE TABLE live_chat ("
    " table_id BIGINT NOT NULL REFERENCES live_tables(id) ON DELETE CASCADE,"
    " n BIGINT NOT NULL,"                /* the line's number at the table */
    " seat INTEGER NOT NULL CHECK (seat >= 0 AND seat < 8),"
    " name TEXT NOT NULL,"
    " text TEXT NOT NULL,"
    " PRIMARY KEY (table_id, n))",
    /* 4: a seat whose person left during the match (the computer plays
     * it at once) comes back away after a restart, not merely dropped. */
    "ALTER TABLE live_seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0",
    /* 5: a finished match whose .lsr file is not written yet (the server
     * writes it after the finish's commit, and a crash may come between):
     * written at the next start. The matches finished before are taken
     * as written. */
    "ALTER TABLE matches ADD COLUMN file_pending INTEGER NOT NULL DEFAULT 0;"
    "CREATE INDEX matches_file_pending ON matches (id) WHERE file_pending = 1",
    /* 6: who is host at a table in progress, once the host has passed on
     * (the host left, or is away): a restart gives the table that host
     * back, not the one its match began with (in meta). NULL until then. */
    "ALTER TABLE live_tables ADD COLUMN host INTEGER",
    /* 7: a person's name is theirs in every look (server/names.h): "lris"
     * and "1ris" are Iris's. Of the names that schema 6 let share a key,
     * the oldest player keeps it (the others keep their names, found and
     * logged in as before; no new name of that key is made). */
    "CREATE TABLE player_looks ("
    " look_key TEXT PRIMARY KEY,"
    " player_id BIGINT NOT NULL REFERENCES players(id));"
    "INSERT INTO player_looks (look_key, player_id)"
    " SELECT " SRV_LOOK_SQL_7("name") ", MIN(id) FROM players WHERE bot = ''"
    " GROUP BY " SRV_LOOK_SQL_7("name"),
    /* 8: "vw", "wv" and "vvv" are one look, which schema 7's key (vv made
     * w from the left) gave two: the keys are made again with a run of v
     * and w counted whole (server/names.h). Of the names that share a key
     * now, the oldest player keeps it, as in 7. Only the names with a v
     * or a w are keyed again: the others' keys are the same, and no key
     * with a v or a w is one without (a store's every key made again took
     * 4.6 s for 100,000 players on PostgreSQL, measured). */
    "DELETE FROM player_looks WHERE look_key LIKE '%v%' OR look_key LIKE '%w%';"
    "INSERT INTO player_looks (look_key, player_id)"
    " SELECT " SRV_LOOK_SQL("name") ", MIN(id) FROM players WHERE bot = ''"
    " AND (lower(name) LIKE '%v%' OR lower(name) LIKE '%w%')"
    " GROUP BY " SRV_LOOK_SQL("name"),
    /* 9: a player's totals kept with the player, added to by each finish,
     * so that a profile and the leaderboard read one row a player, not
     * every seat the player held (a store of a year's matches:
     * docs/store.md). The matches finished before are summed once, as
     * the profile summed them (a match once however many seats). */
    "ALTER TABLE players ADD COLUMN total_matches BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE players ADD COLUMN total_wins BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE players ADD COLUMN total_rounds BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE players ADD COLUMN total_points BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE players ADD COLUMN total_declared BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE players ADD COLUMN total_declared_correct BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE players ADD COLUMN total_declared_false BIGINT NOT NULL DEFAULT 0;"
    "UPDATE players SET (total_matches, total_wins, total_rounds, total_points,"
    " total_declared, total_declared_correct, total_declared_false) ="
    " (SELECT COUNT(DISTINCT mp.match_id), SUM(mp.won), SUM(mp.rounds), SUM(mp.points),"
    " SUM(mp.declared), SUM(mp.declared_correct), SUM(mp.declared_false)"
    " FROM match_players mp WHERE mp.player_id = players.id)"
    " WHERE EXISTS (SELECT 1 FROM match_players mp WHERE mp.player_id = players.id)",
};

#define NMIGRATIONS ((int)(sizeof migrations / sizeof migrations[0]))

int ls_db_schema_latest(void)
{
    return NMIGRATIONS;
}

/* ------------------------------------------------------------------ */
/* Errors and small helpers                                            */
/* ------------------------------------------------------------------ */

const char *ls_db_strerror(int code)
{
    switch (code) {
    case LS_DB_EIO:
        return "database failure";
    case LS_DB_EEXISTS:
        return "already exists";
    case LS_DB_ENOTFOUND:
        return "not found";
    case LS_DB_EAUTH:
        return "wrong name or password";
    case LS_DB_ESCHEMA:
        return "database schema too new";
    case LS_DB_EHELD:
        return "held by another process";
    case LS_DB_ELOOKALIKE:
        return "looks like another name";
    case LS_DB_EFOREIGN:
        return "not a leastscore store";
    default:
        return ls_strerror(code);
    }
}

int ls__db_fail(ls_error *err, int code, const char *fmt, ...)
{
    if (err) {
        err->code = code;
        err->line = 0;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

void ls__db_prefix(ls_error *err, const char *fmt, ...)
{
    if (!err)
        return;
    char msg[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    int p = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (p < 0)
        return;
    size_t used = (size_t)p < sizeof msg - 1 ? (size_t)p : sizeof msg - 1;
    size_t rest = strnlen(err->msg, sizeof err->msg - 1);
    if (rest > sizeof msg - 1 - used)
        rest = sizeof msg - 1 - used;
    memcpy(msg + used, err->msg, rest);
    msg[used + rest] = '\0';
    memcpy(err->msg, msg, sizeof msg);
}

/* Numbers as query parameters. */
typedef struct num {
    char s[32];
} num;

static num i64s(int64_t v)
{
    num n;
    snprintf(n.s, sizeof n.s, "%" PRId64, v);
    return n;
}

/* 17 significant digits: a double reads back bit for bit. */
static num dbls(double v)
{
    num n;
    snprintf(n.s, sizeof n.s, "%.17g", v);
    return n;
}

static int64_t col_i64(const char *c)
{
    return c ? strtoll(c, NULL, 10) : 0;
}

static double col_dbl(const char *c)
{
    return c ? strtod(c, NULL) : 0.0;
}

static void col_str(char *dst, size_t size, const char *c)
{
    snprintf(dst, size, "%s", c ? c : "");
}

#define MAX_PARAMS 24

static int vq(ls_db *db, int answer_ms, ls_error *err, const char *sql,
              ls__db_row_fn row, void *ud, int n, va_list ap)
{
    const char *params[MAX_PARAMS];
    if (n > MAX_PARAMS)
        return ls__db_fail(err, LS_EINVAL, "a query with %d parameters", n);
    for (int i = 0; i < n; i++)
        params[i] = va_arg(ap, const char *);
    db->statements++;
    return db->ops->exec(db, sql, LS__DB_LITERAL, answer_ms, n, params, row, ud, err);
}

/* Runs a literal query with n (at most MAX_PARAMS) text parameters. */
static int q(ls_db *db, ls_error *err, const char *sql, ls__db_row_fn row, void *ud,
             int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int ret = vq(db, 0, err, sql, row, ud, n, ap);
    va_end(ap);
    return ret;
}

/* As q(), for a question the caller can do without: with answer_ms > 0
 * its answer is waited for that long at most (PostgreSQL; see
 * ls__db_ops.exec). */
static int q_within(ls_db *db, int answer_ms, ls_error *err, const char *sql,
                    ls__db_row_fn row, void *ud, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int ret = vq(db, answer_ms, err, sql, row, ud, n, ap);
    va_end(ap);
    return ret;
}

/* A single integer from the first column of the first row. */
typedef struct one_i64 {
    int64_t v;
    bool found;
} one_i64;

static int row_i64(void *ud, const char *const *col, int ncol)
{
    one_i64 *o = ud;
    if (!o->found && ncol > 0) {
        o->v = col_i64(col[0]);
        o->found = col[0] != NULL;
    }
    return 0;
}

static int tx_begin(ls_db *db, ls_error *err)
{
    int ret = db->ops->script(db, db->ops->begin_sql, err);
    if (!ret)
        db->in_tx = true;
    return ret;
}

static void tx_rollback(ls_db *db)
{
    db->ops->script(db, "ROLLBACK", NULL);
    db->in_tx = false;
}

static int tx_commit(ls_db *db, ls_error *err)
{
    int ret = db->ops->script(db, "COMMIT", err);
    if (ret)
        tx_rollback(db);
    db->in_tx = false;
    return ret;
}

/* Ends a transaction: commits when ret is 0, else rolls back; returns the
 * first error. */
static int tx_end(ls_db *db, int ret, ls_error *err)
{
    if (ret) {
        tx_rollback(db);
        return ret;
    }
    return tx_commit(db, err);
}

void ls_db_token_hash(const char *token, char out[LS_DB_HASH_SIZE])
{
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, (const unsigned char *)token, strlen(token));
    sodium_bin2hex(out, LS_DB_HASH_SIZE, h, sizeof h);
}

static int check_name(const char *name, const char *what, ls_error *err)
{
    if (!name || !ls_name_valid(name))
        return ls__db_fail(err, LS_EINVAL,
                           "%s '%.40s' is not a valid name: 1 to 16 letters A-Z (no "
                           "accents), digits, '_' or '-'",
                           what, name ? name : "(null)");
    return 0;
}

static int check_token(const char *token, ls_error *err)
{
    size_t n = token ? strlen(token) : 0;
    if (n < TOKEN_MIN || n > TOKEN_MAX)
        return ls__db_fail(err, LS_EINVAL,
                           "a token has %d to %d characters, not %zu", TOKEN_MIN,
                           TOKEN_MAX, n);
    for (size_t i = 0; i < n; i++)
        if (token[i] <= ' ' || token[i] == 0x7f)
            return ls__db_fail(err, LS_EINVAL,
                               "a token is printable characters without spaces "
                               "(character %zu is not)",
                               i + 1);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Opening and migrations                                              */
/* ------------------------------------------------------------------ */

/* sql with every @ID@ replaced by the backend's key type; malloc'd. */
static char *expand_ids(const char *sql, const char *id)
{
    size_t n = 0, idlen = strlen(id);
    for (const char *p = strstr(sql, "@ID@"); p; p = strstr(p + 4, "@ID@"))
        n++;
    char *out = malloc(strlen(sql) + n * idlen + 1), *w = out;
    if (!out)
        return NULL;
    for (const char *p = sql;;) {
        const char *at = strstr(p, "@ID@");
        size_t len = at ? (size_t)(at - p) : strlen(p);
        memcpy(w, p, len);
        w += len;
        if (!at)
            break;
        memcpy(w, id, idlen);
        w += idlen;
        p = at + 4;
    }
    *w = '\0';
    return out;
}

static int current_version(ls_db *db, int *version, ls_error *err)
{
    one_i64 v = {0, false};
    int ret = q(db, err, "SELECT MAX(version) FROM schema_version", row_i64, &v, 0);
    *version = v.found ? (int)v.v : 0;
    return ret;
}

/*
 * Applies each migration the database lacks in its own transaction, which
 * reads the version again under a lock: SQLite's write lock (BEGIN
 * IMMEDIATE), or on PostgreSQL an advisory lock held from before the
 * schema_version table is created until the last migration, so that two
 * servers starting at once on one database apply each migration once.
 */
int ls__db_migrate(ls_db *db, const char *const *list, int n, ls_error *err)
{
    int ret = 0;
    /* A store already at this program's schema, as it is for every
     * connection after the first (each login opens one), is only read: no
     * lock is taken. A failure here (no schema_version table yet, a newer
     * schema) is left to the locked path below, which says what it is. */
    int have = 0;
    if (current_version(db, &have, NULL) == 0 && have == n)
        return 0;
    if (db->ops->row_locks)
        ret = db->ops->script(db, "SELECT pg_advisory_lock(7412967)", err);
    if (!ret)
        ret = db->ops->script(db,
                              "CREATE TABLE IF NOT EXISTS schema_version ("
                              " version INTEGER PRIMARY KEY,"
                              " applied_at BIGINT NOT NULL)",
                              err);
    for (int v = 1; v <= n && !ret; v++) {
        int cur = 0;
        if ((ret = tx_begin(db, err)))
            break;
        ret = current_version(db, &cur, err);
        if (!ret && cur > n)
            ret = ls__db_fail(err, LS_DB_ESCHEMA,
                              "its schema is version %d, newer than this "
                              "program's %d (a newer leastscore made it): run "
                              "that one or a newer one on it; it is left as it was",
                              cur, n);
        if (!ret && cur < v) {
            char *sql = expand_ids(list[v - 1], db->ops->id_column);
            ret = sql ? db->ops->script(db, sql, err)
                      : ls__db_fail(err, LS_ENOMEM, "out of memory");
            free(sql);
            if (ret)
                ls__db_prefix(err, "migration to schema version %d failed: ", v);
            num nv = i64s(v), now = i64s((int64_t)time(NULL));
            if (!ret)
                ret = q(db, err,
                        "INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)",
                        NULL, NULL, 2, nv.s, now.s);
        }
        ret = tx_end(db, ret, err);
    }
    if (db->ops->row_locks)
        db->ops->script(db, "SELECT pg_advisory_unlock(7412967)", NULL);
    return ret;
}

int ls__db_exec(ls_db *db, const char *sql, ls__db_row_fn row, void *ud, ls_error *err)
{
    return db->ops->exec(db, sql, 0, 0, 0, NULL, row, ud, err);
}

static bool is_url(const char *where)
{
    return !strncmp(where, "postgresql://", 13) || !strncmp(where, "postgres://", 11);
}

/* What the store holds, read before anything is written in it. */
typedef struct found_tables {
    int n;             /* tables and views */
    bool marker;       /* one of them is named schema_version */
    char names[64];    /* the first few names, for the message */
    char store[96];    /* how the backend names the store, or "" */
} found_tables;

static int row_found_table(void *ud, const char *const *col, int ncol)
{
    found_tables *f = ud;
    const char *name = ncol > 0 && col[0] ? col[0] : "";
    f->marker |= !strcmp(name, "schema_version");
    if (f->n++ == 0 && ncol > 1 && col[1])
        snprintf(f->store, sizeof f->store, "%s", col[1]);
    size_t used = strlen(f->names);
    if (f->n > 3) {
        if (f->n == 4)
            snprintf(f->names + used, sizeof f->names - used, ", ...");
        return 0;
    }
    /* At most 16 bytes of a name, cut between two UTF-8 characters. */
    int len = (int)strnlen(name, 16);
    while (len > 0 && len < (int)strlen(name) && ((unsigned char)name[len] & 0xc0) == 0x80)
        len--;
    snprintf(f->names + used, sizeof f->names - used, "%s%.*s", f->n > 1 ? ", " : "",
             len, name);
    return 0;
}

/*
 * Refuses, before anything is written in it, a store that is not
 * leastscore's: one with tables but no schema_version, or whose
 * schema_version is not leastscore's (the migrations would add the
 * store's tables beside another program's, and SQLite's switch to WAL
 * rewrite its file's header). An empty one is to be made a store, and one
 * with leastscore's schema_version is leastscore's at some version (it is
 * made first, alone, in a commit of its own, so that whoever sees any
 * table of the store sees it too).
 */
static int check_ours(ls_db *db, const char *where, char *store, size_t size,
                      ls_error *err)
{
    found_tables f = {0};
    int ret = db->ops->tables(db, row_found_table, &f, err);
    snprintf(store, size, "%s", f.store);
    if (ret || f.n == 0)
        return ret;
    if (f.marker && q(db, NULL, "SELECT version, applied_at FROM schema_version WHERE 1 = 0",
                      NULL, NULL, 0) == 0)
        return 0;
    char shown[LS_DB_PATH_SHOWN];
    if (f.store[0])
        return ls__db_fail(err, LS_DB_EFOREIGN, "the store, PostgreSQL database %.60s, holds "
                           "%d table%s, none of them leastscore's (%s): give an empty schema "
                           "or a leastscore store", f.store, f.n, f.n == 1 ? "" : "s",
                           f.names);
    return ls__db_fail(err, LS_DB_EFOREIGN, "%s is an SQLite database with %d table%s, none "
                       "of them leastscore's (%s): give an empty file or a leastscore store",
                       ls_db_path_fit(where, shown, sizeof shown), f.n, f.n == 1 ? "" : "s",
                       f.names);
}

/* Opens the store; with `hold` takes it (ls_db_hold) before the
 * migrations, so that a server refused for another's hold has changed
 * nothing, not even the schema (a newer version started beside an older
 * one). A store that is not leastscore's is refused before the backend
 * writes anything in it (check_ours). */
static int open_store(ls_db **out, const char *where, bool hold, ls_error *err)
{
    *out = NULL;
    if (!where || !*where)
        return ls__db_fail(err, LS_EINVAL, "no database given (a file or a postgresql:// URL)");
    if (sodium_init() < 0)
        return ls__db_fail(err, LS_DB_EIO, "libsodium failed to start");
    ls_db *db = calloc(1, sizeof *db);
    if (!db)
        return ls__db_fail(err, LS_ENOMEM, "out of memory");
    db->silent = &db->own_silent;
    int ret = is_url(where) ? ls__db_pg_open(db, where, err)
                            : ls__db_sqlite_open(db, where, err);
    if (!ret && hold)
        ret = ls_db_hold(db, err);
    char store[sizeof ((found_tables *)0)->store] = "";
    if (!ret)
        ret = check_ours(db, where, store, sizeof store, err);
    if (!ret && db->ops->prepare)
        ret = db->ops->prepare(db, err);
    if (!ret) {
        ret = ls__db_migrate(db, migrations, NMIGRATIONS, err);
        /* The file's name, which SQLite's words lack ("database or disk is
         * full" at the first opening on a full disk); never a URL, which may
         * hold a password. */
        char shown[LS_DB_PATH_SHOWN];
        if (ret == LS_DB_EIO && err && !is_url(where) &&
            !strstr(err->msg, ls_db_path_fit(where, shown, sizeof shown)))
            ls__db_prefix(err, "%s: ", shown);
        /* Which store is newer: the file, or the PostgreSQL schema. */
        if (ret == LS_DB_ESCHEMA && err) {
            if (!is_url(where))
                ls__db_prefix(err, "%s: ", ls_db_path_fit(where, shown, sizeof shown));
            else
                ls__db_prefix(err, "the store, PostgreSQL database %s: ",
                              store[0] ? store : "(unnamed)");
        }
    }
    if (ret) {
        ls_db_close(db);
        return ret;
    }
    *out = db;
    return 0;
}

int ls_db_open(ls_db **out, const char *where, ls_error *err)
{
    return open_store(out, where, false, err);
}

int ls_db_open_held(ls_db **out, const char *where, ls_error *err)
{
    return open_store(out, where, true, err);
}

void ls_db_close(ls_db *db)
{
    if (!db)
        return;
    if (db->conn)
        db->ops->close(db);
    free(db);
}

const char *ls_db_path_fit(const char *path, char *buf, size_t size)
{
    size_t n = strlen(path);
    if (n < size) {
        memcpy(buf, path, n + 1);
        return buf;
    }
    /* The tail (the file's own name) gets the larger half. */
    size_t room = size - 1 - 3, head = room / 2, tail = n - (room - head);
    while (head > 0 && ((unsigned char)path[head] & 0xc0) == 0x80)
        head--;
    while (tail < n && ((unsigned char)path[tail] & 0xc0) == 0x80)
        tail++;
    snprintf(buf, size, "%.*s...%s", (int)head, path, path + tail);
    return buf;
}

int ls_db_hold(ls_db *db, ls_error *err)
{
    if (db->held)
        return 0;
    int ret = db->ops->hold(db, err);
    if (!ret)
        db->held = true;
    return ret;
}

const char *ls_db_backend(const ls_db *db)
{
    return db->ops->name;
}

bool ls_db_unavailable(const ls_db *db)
{
    return db->ops->unavailable && db->ops->unavailable(db);
}

bool ls_db_moved(ls_db *db)
{
    return db->ops->moved && db->ops->moved(db);
}

void ls_db_share_silence(ls_db *db, ls_db *peer)
{
    db->silent = peer->silent;
}

void ls_db_set_lock_wait(ls_db *db, int ms)
{
    if (db->ops->lock_wait)
        db->ops->lock_wait(db, ms);
}

int ls_db_schema_version(ls_db *db, int *version, ls_error *err)
{
    return current_version(db, version, err);
}

/* ------------------------------------------------------------------ */
/* Players                                                             */
/* ------------------------------------------------------------------ */

/* The columns every player query selects, in the order row_player reads:
 * the totals are the player's row's (schema 9), added to by each finish,
 * not summed from its seats. */
#define PLAYER_COLUMNS                                                         \
    "p.id, p.name, p.bot,"                                                     \
    " CASE WHEN p.password_hash IS NULL THEN 0 ELSE 1 END, p.mu, p.sigma,"     \
    " p.total_matches, p.total_wins, p.total_rounds, p.total_points,"          \
    " p.total_declared, p.total_declared_correct, p.total_declared_false"
#define PLAYER_FROM " FROM players p"
#define PLAYER_GROUP ""

/* The array a list query's row callback fills: n elements of `size`
 * bytes, room for cap. The query's caller owns v (rows_end hands it on or
 * frees it). */
typedef struct rows {
    void *v;
    int n, cap;
    size_t size;
} rows;

#define ROWS_OF(type) ((rows){.size = sizeof(type)})

/* A new zeroed last element for a row of ncol columns, of which the row
 * needs `need`: NULL with *rc = LS_DB_EIO (too few columns) or LS_ENOMEM
 * (the array is then unchanged). The array doubles, 16 at first. */
static void *rows_add(rows *a, int ncol, int need, int *rc)
{
    if (ncol < need) {
        *rc = LS_DB_EIO;
        return NULL;
    }
    if (a->n == a->cap) {
        int more = a->cap ? 2 * a->cap : 16;
        void *p = realloc(a->v, (size_t)more * a->size);
        if (!p) {
            *rc = LS_ENOMEM;
            return NULL;
        }
        a->v = p;
        a->cap = more;
    }
    char *e = (char *)a->v + (size_t)a->n++ * a->size;
    memset(e, 0, a->size);
    return e;
}

/* Ends a list query that returned ret: on success the array goes to
 * *(T **)out and its length to *n; on failure it is freed (a shallow free:
 * for arrays of plain elements) and an out-of-memory failure is named in
 * err. Returns ret. */
static int rows_end(rows *a, int ret, ls_error *err, void *out, int *n)
{
    if (ret == LS_ENOMEM)
        ls__db_fail(err, ret, "out of memory");
    if (ret) {
        free(a->v);
        return ret;
    }
    memcpy(out, &a->v, sizeof a->v);
    *n = a->n;
    return 0;
}

static void read_player(ls_db_player *p, const char *const *col)
{
    p->id = col_i64(col[0]);
    col_str(p->name, sizeof p->name, col[1]);
    col_str(p->bot, sizeof p->bot, col[2]);
    p->has_password = col_i64(col[3]) != 0;
    p->rating.mu = col_dbl(col[4]);
    p->rating.sigma = col_dbl(col[5]);
    p->ordinal = ls_rating_ordinal(p->rating);
    p->matches = (int)col_i64(col[6]);
    p->wins = (int)col_i64(col[7]);
    p->rounds = (int)col_i64(col[8]);
    p->points = (int)col_i64(col[9]);
    p->declared = (int)col_i64(col[10]);
    p->declared_correct = (int)col_i64(col[11]);
    p->declared_false = (int)col_i64(col[12]);
}

static int row_players(void *ud, const char *const *col, int ncol)
{
    int rc;
    ls_db_player *p = rows_add(ud, ncol, 13, &rc);
    if (!p)
        return rc;
    read_player(p, col);
    return 0;
}

/* The id of the person named $1: the one spelt so, else the one whose
 * name it is in another case (schema 2's player_names). */
#define PERSON_NAMED                                                           \
    "COALESCE((SELECT id FROM players WHERE bot = '' AND name = $1),"         \
    " (SELECT player_id FROM player_names WHERE name_key = lower($1)))"

/* The first player a query returns into *p; LS_DB_ENOTFOUND if none. */
static int one_player(ls_db *db, const char *sql, const char *param, const char *what,
                      ls_db_player *p, ls_error *err)
{
    rows a = ROWS_OF(ls_db_player);
    int ret = q(db, err, sql, row_players, &a, 1, param);
    if (ret == LS_ENOMEM)
        ls__db_fail(err, ret, "out of memory");
    if (!ret && a.n == 0)
        ret = ls__db_fail(err, LS_DB_ENOTFOUND, "no player %s", what);
    if (!ret)
        *p = *(ls_db_player *)a.v;
    free(a.v);
    return ret;
}

#define PLAYER_BY_ID_SQL "SELECT " PLAYER_COLUMNS PLAYER_FROM " WHERE p.id = $1" PLAYER_GROUP

int ls_db_player_by_id(ls_db *db, int64_t id, ls_db_player *p, ls_error *err)
{
    num nid = i64s(id);
    char what[48];
    snprintf(what, sizeof what, "with id %" PRId64, id);
    return one_player(db, PLAYER_BY_ID_SQL, nid.s, what, p, err);
}

const char *ls__db_player_by_id_sql(void)
{
    return PLAYER_BY_ID_SQL;
}

int ls_db_player_by_name(ls_db *db, const char *name, ls_db_player *p, ls_error *err)
{
    int ret = check_name(name, "player", err);
    if (ret)
        return ret;
    char what[48];
    snprintf(what, sizeof what, "named %s", name);
    return one_player(db,
                      "SELECT " PLAYER_COLUMNS PLAYER_FROM
                      " WHERE p.id = " PERSON_NAMED PLAYER_GROUP,
                      name, what, p, err);
}

int ls_db_player_by_token(ls_db *db, const char *token, ls_db_player *p, ls_error *err)
{
    int ret = check_token(token, err);
    if (ret)
        return ret;
    char hash[LS_DB_HASH_SIZE];
    ls_db_token_hash(token, hash);
    return one_player(db,
                      "SELECT " PLAYER_COLUMNS PLAYER_FROM
                      " JOIN player_tokens t ON t.player_id = p.id"
                      " WHERE t.token_hash = $1" PLAYER_GROUP,
                      hash, "with this token", p, err);
}

/* Inserts a player row; *id receives its id. */
static int insert_player(ls_db *db, const char *name, const char *bot, int64_t *id,
                         ls_error *err)
{
    ls_rating_params rp;
    ls_rating_defaults(&rp);
    num mu = dbls(rp.mu), sigma = dbls(rp.sigma), now = i64s((int64_t)time(NULL));
    one_i64 o = {0, false};
    int ret = q(db, err,
                "INSERT INTO players (name, bot, mu, sigma, created_at)"
                " VALUES ($1, $2, $3, $4, $5) RETURNING id",
                row_i64, &o, 5, name, bot, mu.s, sigma.s, now.s);
    if (ret == LS_DB_EEXISTS)
        ls__db_fail(err, ret, "the name %s is taken", name);
    *id = o.v;
    return ret;
}

typedef struct taken_name {
    bool found;
    char name[LS_NAME_MAX + 1];
} taken_name;

static int row_taken_name(void *ud, const char *const *col, int ncol)
{
    taken_name *t = ud;
    if (ncol < 1)
        return LS_DB_EIO;
    t->found = true;
    col_str(t->name, sizeof t->name, col[0]);
    return 0;
}

/* The name of the player whose look-alike key (server/names.h) is `look`
 * into holder, or "" when none: one indexed query of player_looks, its
 * answer waited for answer_ms (0: as any statement's). */
static int look_holder(ls_db *db, const char *look, int answer_ms,
                       char holder[LS_NAME_MAX + 1], ls_error *err)
{
    taken_name t = {0};
    holder[0] = '\0';
    int ret = q_within(db, answer_ms, err,
                       "SELECT p.name FROM player_looks k JOIN players p ON p.id = k.player_id"
                       " WHERE k.look_key = $1",
                       row_taken_name, &t, 1, look);
    if (!ret && t.found)
        memcpy(holder, t.name, sizeof t.name);
    return ret;
}

/* 0 when no player's name has the look-alike key `look`; else
 * LS_DB_EEXISTS when that player's name is `name` in another case (or the
 * same), LS_DB_ELOOKALIKE when it only looks like it, err naming it.
 * Asked before the inserts, so that the answer names the player (a
 * failed insert ends a PostgreSQL transaction's reads). */
static int look_free(ls_db *db, const char *name, const char *look, ls_error *err)
{
    char holder[LS_NAME_MAX + 1];
    int ret = look_holder(db, look, 0, holder, err);
    if (ret || !holder[0])
        return ret;
    if (!strcasecmp(holder, name))
        return ls__db_fail(err, LS_DB_EEXISTS, "the name %s is taken", name);
    return ls__db_fail(err, LS_DB_ELOOKALIKE,
                       "the name %s looks like %s, another player's name", name, holder);
}

int ls_db_name_holder(ls_db *db, const char *name, int answer_ms,
                      char holder[LS_NAME_MAX + 1], ls_error *err)
{
    holder[0] = '\0';
    int ret = check_name(name, "player", err);
    if (ret)
        return ret;
    char look[LS_NAME_MAX + 1];
    srv_name_look(name, look, sizeof look);
    return look_holder(db, look, answer_ms > 0 ? answer_ms : 0, holder, err);
}

int ls_db_player_create(ls_db *db, const char *name, const char *token, int64_t *id,
                        ls_error *err)
{
    int ret = check_name(name, "player", err);
    if (!ret)
        ret = check_token(token, err);
    if (ret)
        return ret;
    char hash[LS_DB_HASH_SIZE];
    ls_db_token_hash(token, hash);
    int64_t pid = 0;
    char look[LS_NAME_MAX + 1];
    srv_name_look(name, look, sizeof look);
    if ((ret = tx_begin(db, err)))
        return ret;
    ret = look_free(db, name, look, err);
    if (!ret)
        ret = insert_player(db, name, "", &pid, err);
    num npid = i64s(pid), now = i64s((int64_t)time(NULL));
    if (!ret) { /* the name in any case: a second "ann" breaks the key */
        ret = q(db, err, "INSERT INTO player_names (name_key, player_id) VALUES (lower($1), $2)",
                NULL, NULL, 2, name, npid.s);
        if (ret == LS_DB_EEXISTS)
            ls__db_fail(err, ret, "the name %s is taken", name);
    }
    if (!ret) { /* made by another meanwhile: look_free() saw it not yet */
        ret = q(db, err, "INSERT INTO player_looks (look_key, player_id) VALUES ($1, $2)",
                NULL, NULL, 2, look, npid.s);
        if (ret == LS_DB_EEXISTS)
            ls__db_fail(err, ret, "the name %s is taken", name);
    }
    if (!ret) {
        ret = q(db, err,
                "INSERT INTO player_tokens (token_hash, player_id, created_at)"
                " VALUES ($1, $2, $3)",
                NULL, NULL, 3, hash, npid.s, now.s);
        if (ret == LS_DB_EEXISTS)
            ls__db_fail(err, ret, "this token already belongs to a player");
    }
    ret = tx_end(db, ret, err);
    if (!ret && id)
        *id = pid;
    return ret;
}

int ls_db_bot_player(ls_db *db, const char *level, int64_t *id, ls_error *err)
{
    int ret = check_name(level, "computer level", err);
    if (ret)
        return ret;
    if ((ret = tx_begin(db, err)))
        return ret;
    one_i64 o = {0, false};
    ret = q(db, err, "SELECT id FROM players WHERE bot = $1 AND name = $1", row_i64, &o,
            1, level);
    if (!ret && !o.found)
        ret = insert_player(db, level, level, &o.v, err);
    ret = tx_end(db, ret, err);
    if (!ret)
        *id = o.v;
    return ret;
}

int ls_db_player_set_password(ls_db *db, int64_t id, const char *password, ls_error *err)
{
    size_t n = password ? strlen(password) : 0;
    if (n < PASSWORD_MIN || n > PASSWORD_MAX)
        return ls__db_fail(err, LS_EINVAL, "a password has %d to %d bytes, not %zu",
                           PASSWORD_MIN, PASSWORD_MAX, n);
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(hash, password, n, crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        return ls__db_fail(err, LS_ENOMEM, "out of memory hashing the password");
    num nid = i64s(id);
    one_i64 o = {0, false};
    int ret = q(db, err,
                "UPDATE players SET password_hash = $1 WHERE id = $2 AND bot = ''"
                " RETURNING id",
                row_i64, &o, 2, hash, nid.s);
    if (!ret && !o.found)
        ret = ls__db_fail(err, LS_DB_ENOTFOUND, "no person with id %" PRId64, id);
    return ret;
}

typedef struct login_row {
    int64_t id;
    bool found;
    char hash[crypto_pwhash_STRBYTES];
    bool has_hash;
} login_row;

static int row_login(void *ud, const char *const *col, int ncol)
{
    login_row *l = ud;
    if (ncol < 2)
        return LS_DB_EIO;
    l->id = col_i64(col[0]);
    l->found = true;
    l->has_hash = col[1] != NULL;
    col_str(l->hash, sizeof l->hash, col[1]);
    return 0;
}

int ls_db_player_login(ls_db *db, const char *name, const char *password,
                       const char *new_token, int64_t *id, ls_error *err)
{
    int ret = check_name(name, "player", err);
    if (!ret)
        ret = check_token(new_token, err);
    if (ret)
        return ret;
    if (!password)
        return ls__db_fail(err, LS_EINVAL, "no password given");
    login_row l = {0};
    if ((ret = q(db, err, "SELECT id, password_hash FROM players WHERE id = " PERSON_NAMED,
                 row_login, &l, 1, name)))
        return ret;
    /* The same answer for a wrong name, no password and a wrong password:
     * the caller may show it to anyone. */
    if (!l.found || !l.has_hash ||
        crypto_pwhash_str_verify(l.hash, password, strlen(password)) != 0)
        return ls__db_fail(err, LS_DB_EAUTH,
                           "wrong name or password (or %s has no password)", name);
    char hash[LS_DB_HASH_SIZE];
    ls_db_token_hash(new_token, hash);
    num nid = i64s(l.id), now = i64s((int64_t)time(NULL));
    ret = q(db, err,
            "INSERT INTO player_tokens (token_hash, player_id, created_at) VALUES ($1, $2, $3)",
            NULL, NULL, 3, hash, nid.s, now.s);
    if (ret == LS_DB_EEXISTS)
        ls__db_fail(err, ret, "this token already belongs to a player");
    if (!ret && id)
        *id = l.id;
    return ret;
}

typedef struct rank_row {
    int64_t before, of;
    bool ranked, found;
} rank_row;

static int row_rank(void *ud, const char *const *col, int ncol)
{
    rank_row *r = ud;
    if (ncol < 3)
        return LS_DB_EIO;
    r->of = col_i64(col[0]);
    r->before = col_i64(col[1]);
    r->ranked = col_i64(col[2]) > 0;
    r->found = true;
    return 0;
}

int ls_db_player_rank(ls_db *db, int64_t id, int64_t *rank, int64_t *of, ls_error *err)
{
    num nid = i64s(id);
    rank_row r = {0};
    /* Those ranked before: a higher ordinal, or the same and a lower id,
     * as the leaderboard orders them. O(players) per call: a profile is
     * read by a person, not in a loop. */
    int ret = q(db, err,
                "WITH ranked AS (SELECT p.id, p.mu - 3 * p.sigma AS r FROM players p"
                " WHERE p.total_matches > 0)"
                " SELECT (SELECT COUNT(*) FROM ranked),"
                " (SELECT COUNT(*) FROM ranked x JOIN ranked me ON me.id = $1"
                " WHERE x.r > me.r OR (x.r = me.r AND x.id < me.id)),"
                " (SELECT COUNT(*) FROM ranked WHERE id = $1)",
                row_rank, &r, 1, nid.s);
    if (!ret && !r.found)
        ret = ls__db_fail(err, LS_DB_EIO, "the rank query returned no row");
    if (ret)
        return ret;
    *rank = r.ranked ? r.before + 1 : 0;
    *of = r.of;
    return 0;
}

/*
 * The leaderboard: the best $1 players that finished a match, by ordinal
 * (then id), with their totals, read from the players' rows alone
 * (schema 9): O(players), whatever the matches played. It summed every
 * player's seats, every row of match_players, before it kept the best:
 * 20,000 matches of 500 players, 60,000 seats, took 66 to 68 ms on
 * SQLite (measured by hand; docs/store.md).
 */
#define LEADERBOARD_SQL                                                        \
    "SELECT " PLAYER_COLUMNS PLAYER_FROM " WHERE p.total_matches > 0"          \
    " ORDER BY p.mu - 3 * p.sigma DESC, p.id LIMIT CAST($1 AS INTEGER)"

int ls_db_leaderboard(ls_db *db, int limit, ls_db_player **out, int *n, ls_error *err)
{
    *out = NULL;
    *n = 0;
    if (limit < 1 || limit > 1000)
        return ls__db_fail(err, LS_EINVAL, "a leaderboard has 1 to 1000 rows, not %d", limit);
    num nl = i64s(limit);
    rows a = ROWS_OF(ls_db_player);
    int ret = q(db, err, LEADERBOARD_SQL, row_players, &a, 1, nl.s);
    return rows_end(&a, ret, err, out, n);
}

const char *ls__db_leaderboard_sql(void)
{
    return LEADERBOARD_SQL;
}

static int row_point(void *ud, const char *const *col, int ncol)
{
    int rc;
    ls_db_rating_point *p = rows_add(ud, ncol, 6, &rc);
    if (!p)
        return rc;
    p->match_id = col_i64(col[0]);
    p->at = col_i64(col[1]);
    p->before = (ls_rating){col_dbl(col[2]), col_dbl(col[3])};
    p->after = (ls_rating){col_dbl(col[4]), col_dbl(col[5])};
    return 0;
}

int ls_db_rating_history(ls_db *db, int64_t player_id, int limit,
                         ls_db_rating_point **out, int *n, ls_error *err)
{
    *out = NULL;
    *n = 0;
    if (limit < 1 || limit > 10000)
        return ls__db_fail(err, LS_EINVAL, "a rating history has 1 to 10000 rows, not %d",
                           limit);
    num nid = i64s(player_id), nl = i64s(limit);
    rows a = ROWS_OF(ls_db_rating_point);
    int ret = q(db, err,
                "SELECT match_id, at, mu_before, sigma_before, mu, sigma FROM"
                " (SELECT id, match_id, at, mu_before, sigma_before, mu, sigma"
                " FROM rating_history WHERE player_id = $1"
                " ORDER BY id DESC LIMIT CAST($2 AS INTEGER)) last ORDER BY id",
                row_point, &a, 2, nid.s, nl.s);
    return rows_end(&a, ret, err, out, n);
}

/* ------------------------------------------------------------------ */
/* Tables in progress                                                  */
/* ------------------------------------------------------------------ */

static int check_text(const char *text, const char *what, size_t max, ls_error *err)
{
    if (!text)
        return ls__db_fail(err, LS_EINVAL, "no %s given", what);
    size_t n = strlen(text);
    if (n > max)
        return ls__db_fail(err, LS_EINVAL, "the %s has %zu bytes, more than %zu", what, n,
                           max);
    return 0;
}

int ls_db_table_begin(ls_db *db, const char *code, const char *meta, int64_t *table_id,
                      ls_error *err)
{
    int ret = check_text(code, "table code", 64, err);
    if (!ret)
        ret = check_text(meta, "table description", 65536, err);
    if (ret)
        return ret;
    num now = i64s((int64_t)time(NULL));
    one_i64 o = {0, false};
    ret = q(db, err,
            "INSERT INTO live_tables (code, meta, created_at) VALUES ($1, $2, $3)"
            " RETURNING id",
            row_i64, &o, 3, code, meta, now.s);
    if (!ret)
        *table_id = o.v;
    return ret;
}

static int table_missing(ls_error *err, int64_t table_id)
{
    return ls__db_fail(err, LS_DB_ENOTFOUND, "no table in progress with id %" PRId64,
                       table_id);
}

int ls_db_table_seat(ls_db *db, int64_t table_id, int seat, const ls_db_seat *s,
                     ls_error *err)
{
    if (seat < 0 || seat >= LS_MAX_PLAYERS)
        return ls__db_fail(err, LS_EINVAL, "seat %d is not 0 to %d", seat,
                           LS_MAX_PLAYERS - 1);
    int ret = 0;
    if (s) {
        ret = check_name(s->name, "seat", err);
        if (!ret && s->bot)
            ret = check_name(s->bot, "computer level", err);
        if (!ret && s->token)
            ret = check_token(s->token, err);
        if (!ret && !s->token && s->token_hash &&
            (strlen(s->token_hash) != LS_DB_HASH_SIZE - 1 ||
             strspn(s->token_hash, "0123456789abcdef") != LS_DB_HASH_SIZE - 1))
            ret = ls__db_fail(err, LS_EINVAL, "a token hash is 64 lowercase hex digits");
        if (ret)
            return ret;
    }
    num nt = i64s(table_id), ns = i64s(seat);
    if ((ret = tx_begin(db, err)))
        return ret;
    one_i64 o = {0, false};
    ret = q(db, err, "SELECT id FROM live_tables WHERE id = $1", row_i64, &o, 1, nt.s);
    if (!ret && !o.found)
        ret = table_missing(err, table_id);
    if (!ret)
        ret = q(db, err, "DELETE FROM live_seats WHERE table_id = $1 AND seat = $2", NULL,
                NULL, 2, nt.s, ns.s);
    if (!ret && s) {
        char hash[LS_DB_HASH_SIZE];
        const char *th = NULL;
        if (s->token) {
            ls_db_token_hash(s->token, hash);
            th = hash;
        } else if (s->token_hash) {
            th = s->token_hash;
        }
        num np = i64s(s->player_id);
        ret = q(db, err,
                "INSERT INTO live_seats (table_id, seat, player_id, name, bot, token_hash)"
                " VALUES ($1, $2, $3, $4, $5, $6)",
                NULL, NULL, 6, nt.s, ns.s, s->player_id ? np.s : NULL, s->name,
                s->bot ? s->bot : "", th);
        if (ret == LS_DB_ENOTFOUND)
            ls__db_fail(err, ret, "no player with id %" PRId64, s->player_id);
    }
    return tx_end(db, ret, err);
}

int ls_db_table_seat_away(ls_db *db, int64_t table_id, int seat, bool away,
                          ls_error *err)
{
    if (seat < 0 || seat >= LS_MAX_PLAYERS)
        return ls__db_fail(err, LS_EINVAL, "seat %d is not 0 to %d", seat,
                           LS_MAX_PLAYERS - 1);
    num nt = i64s(table_id), ns = i64s(seat);
    one_i64 o = {0, false};
    int ret = q(db, err,
                "UPDATE live_seats SET away = $3 WHERE table_id = $1 AND seat = $2"
                " RETURNING seat",
                row_i64, &o, 3, nt.s, ns.s, away ? "1" : "0");
    if (!ret && !o.found)
        ret = ls__db_fail(err, LS_DB_ENOTFOUND, "table %" PRId64 " in progress has no "
                          "seat %d", table_id, seat);
    return ret;
}

int ls_db_table_host(ls_db *db, int64_t table_id, int seat, ls_error *err)
{
    if (seat < 0 || seat >= LS_MAX_PLAYERS)
        return ls__db_fail(err, LS_EINVAL, "seat %d is not 0 to %d", seat,
                           LS_MAX_PLAYERS - 1);
    num nt = i64s(table_id), ns = i64s(seat);
    one_i64 o = {0, false};
    int ret = q(db, err,
                "UPDATE live_tables SET host = $2 WHERE id = $1 AND EXISTS (SELECT 1"
                " FROM live_seats WHERE table_id = $1 AND seat = $2 AND bot = '')"
                " RETURNING id",
                row_i64, &o, 2, nt.s, ns.s);
    if (!ret && !o.found)
        ret = ls__db_fail(err, LS_DB_ENOTFOUND, "table %" PRId64 " in progress has no "
                          "person in seat %d", table_id, seat);
    return ret;
}

static int check_line(const char *line, ls_error *err)
{
    int ret = check_text(line, "record line", LINE_MAX_BYTES, err);
    if (!ret && strpbrk(line, "\r\n"))
        ret = ls__db_fail(err, LS_EINVAL, "a record line holds no line break");
    return ret;
}

static int insert_line(ls_db *db, const char *nt, int64_t table_id, const char *line,
                       ls_error *err)
{
    int ret = q(db, err, "INSERT INTO live_lines (table_id, line) VALUES ($1, $2)", NULL,
                NULL, 2, nt, line);
    if (ret == LS_DB_ENOTFOUND)
        table_missing(err, table_id);
    return ret;
}

int ls_db_table_append(ls_db *db, int64_t table_id, const char *line, ls_error *err)
{
    int ret = check_line(line, err);
    if (ret)
        return ret;
    num nt = i64s(table_id);
    return insert_line(db, nt.s, table_id, line, err);
}

int ls_db_table_chat_forget(ls_db *db, int64_t table_id, int64_t from, ls_error *err)
{
    num nt = i64s(table_id), nf = i64s(from);
    return q(db, err, "DELETE FROM live_chat WHERE table_id = $1 AND n >= $2", NULL, NULL, 2,
             nt.s, nf.s);
}

int ls_db_table_lines(ls_db *db, int64_t table_id, int64_t *n, ls_error *err)
{
    num nt = i64s(table_id);
    one_i64 o = {0, false};
    int ret = q(db, err, "SELECT COUNT(*) FROM live_lines WHERE table_id = $1", row_i64,
                &o, 1, nt.s);
    *n = ret ? 0 : o.v;
    return ret;
}

int ls_db_table_append_lines(ls_db *db, int64_t table_id, const char *const *lines, int n,
                             ls_error *err)
{
    if (n < 1 || !lines)
        return ls__db_fail(err, LS_EINVAL, "no lines to append");
    for (int i = 0; i < n; i++) {
        int ret = check_line(lines[i], err);
        if (ret)
            return ret;
    }
    if (n == 1)
        return ls_db_table_append(db, table_id, lines[0], err);
    num nt = i64s(table_id);
    int ret = tx_begin(db, err);
    for (int i = 0; i < n && !ret; i++)
        ret = insert_line(db, nt.s, table_id, lines[i], err);
    return tx_end(db, ret, err);
}

static int check_chat(const ls_db_chat_line *l, int64_t after, ls_error *err)
{
    if (l->n <= after)
        return ls__db_fail(err, LS_EINVAL,
                           "chat line %" PRId64 " after line %" PRId64
                           ": the numbers are 1 and up, each above the one before",
                           l->n, after);
    if (l->seat < 0 || l->seat >= LS_MAX_PLAYERS)
        return ls__db_fail(err, LS_EINVAL, "chat line %" PRId64 ": seat %d is not 0 to %d",
                           l->n, l->seat, LS_MAX_PLAYERS - 1);
    int ret = check_name(l->name, "chat line's writer", err);
    if (!ret)
        ret = check_text(l->text, "chat line", LS_DB_CHAT_BYTES, err);
    return ret;
}

int ls_db_table_chat(ls_db *db, int64_t table_id, const ls_db_chat_line *lines, int n,
                     int keep, ls_error *err)
{
    if (n < 1 || !lines)
        return ls__db_fail(err, LS_EINVAL, "no chat lines to keep");
    if (keep < 1 || keep > LS_DB_CHAT_KEEP_MAX)
        return ls__db_fail(err, LS_EINVAL, "a table keeps 1 to %d chat lines, not %d",
                           LS_DB_CHAT_KEEP_MAX, keep);
    for (int i = 0; i < n; i++) {
        int ret = check_chat(&lines[i], i ? lines[i - 1].n : 0, err);
        if (ret)
            return ret;
    }
    num nt = i64s(table_id), below = i64s(lines[n - 1].n - keep);
    int ret = tx_begin(db, err);
    for (int i = 0; i < n && !ret; i++) {
        num nn = i64s(lines[i].n), ns = i64s(lines[i].seat);
        ret = q(db, err,
                "INSERT INTO live_chat (table_id, n, seat, name, text)"
                " VALUES ($1, $2, $3, $4, $5)",
                NULL, NULL, 5, nt.s, nn.s, ns.s, lines[i].name, lines[i].text);
        if (ret == LS_DB_ENOTFOUND)
            table_missing(err, table_id);
        else if (ret == LS_DB_EEXISTS)
            ls__db_fail(err, ret, "table %" PRId64 " has a chat line %" PRId64 " already",
                        table_id, lines[i].n);
    }
    /* The oldest go: at most `keep` lines, the last ones, stay. */
    if (!ret)
        ret = q(db, err, "DELETE FROM live_chat WHERE table_id = $1 AND n <= $2", NULL,
                NULL, 2, nt.s, below.s);
    return tx_end(db, ret, err);
}

/* Deletes a table in progress and its chat, seats and lines (in the
 * caller's transaction). */
static int delete_table(ls_db *db, const char *nt, ls_error *err)
{
    int ret = q(db, err, "DELETE FROM live_chat WHERE table_id = $1", NULL, NULL, 1, nt);
    if (!ret)
        ret = q(db, err, "DELETE FROM live_lines WHERE table_id = $1", NULL, NULL, 1, nt);
    if (!ret)
        ret = q(db, err, "DELETE FROM live_seats WHERE table_id = $1", NULL, NULL, 1, nt);
    if (!ret)
        ret = q(db, err, "DELETE FROM live_tables WHERE id = $1", NULL, NULL, 1, nt);
    return ret;
}

int ls_db_table_drop(ls_db *db, int64_t table_id, ls_error *err)
{
    num nt = i64s(table_id);
    int ret = tx_begin(db, err);
    if (ret)
        return ret;
    one_i64 o = {0, false};
    ret = q(db, err, "SELECT id FROM live_tables WHERE id = $1", row_i64, &o, 1, nt.s);
    if (!ret && !o.found)
        ret = table_missing(err, table_id);
    if (!ret)
        ret = delete_table(db, nt.s, err);
    return tx_end(db, ret, err);
}

/* A growing text. */
typedef struct text {
    char *s;
    size_t len, cap;
    int lines;
} text;

static int text_add(text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n + 2 > t->cap) {
        size_t cap = t->cap ? t->cap : 1024;
        while (t->len + n + 2 > cap)
            cap *= 2;
        char *p = realloc(t->s, cap);
        if (!p)
            return LS_ENOMEM;
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len++] = '\n';
    t->s[t->len] = '\0';
    t->lines++;
    return 0;
}

static int row_line(void *ud, const char *const *col, int ncol)
{
    return ncol < 1 ? LS_DB_EIO : text_add(ud, col[0] ? col[0] : "");
}

/* All the tables in progress, read in four queries (tables, seats, lines,
 * chat, each ordered by table) and matched by id: O(tables + lines). */
typedef struct live_acc {
    rows r;  /* of ls_db_live_table */
    int cur; /* the table the last seat or line went to */
    text t;  /* the lines of v[cur] being gathered */
} live_acc;

/* gcc 12's analyzer loses the strings stored into the realloc'd array
 * a->r.v and reports them as leaked; ls_db_live_tables_free() frees them
 * (make analyze, src/analyzer.h). */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak")
static int row_live_table(void *ud, const char *const *col, int ncol)
{
    live_acc *a = ud;
    int rc;
    ls_db_live_table *t = rows_add(&a->r, ncol, 5, &rc);
    if (!t)
        return rc;
    t->id = col_i64(col[0]);
    t->code = strdup(col[1] ? col[1] : "");
    t->meta = strdup(col[2] ? col[2] : "");
    t->created_at = col_i64(col[3]);
    t->host = col[4] ? (int)col_i64(col[4]) : -1;
    return t->code && t->meta ? 0 : LS_ENOMEM;
}
ANALYZER_END

/* The table the last seat or line went to, or NULL past the last. */
static ls_db_live_table *live_cur(live_acc *a)
{
    return a->cur < a->r.n ? (ls_db_live_table *)a->r.v + a->cur : NULL;
}

/* The table with id, searched from a->cur on (rows come by table id). */
static ls_db_live_table *live_find(live_acc *a, int64_t id)
{
    while (live_cur(a) && live_cur(a)->id < id)
        a->cur++;
    return live_cur(a) && live_cur(a)->id == id ? live_cur(a) : NULL;
}

static int row_live_seat(void *ud, const char *const *col, int ncol)
{
    live_acc *a = ud;
    if (ncol < 7)
        return LS_DB_EIO;
    ls_db_live_table *t = live_find(a, col_i64(col[0]));
    if (!t || t->nseats >= LS_MAX_PLAYERS)
        return 0; /* a table created since the first query */
    ls_db_live_seat *s = &t->seat[t->nseats++];
    s->seat = (int)col_i64(col[1]);
    s->player_id = col_i64(col[2]);
    col_str(s->name, sizeof s->name, col[3]);
    col_str(s->bot, sizeof s->bot, col[4]);
    col_str(s->token_hash, sizeof s->token_hash, col[5]);
    s->away = col_i64(col[6]) != 0;
    return 0;
}

/* Moves the gathered lines into their table. */
static void live_flush(live_acc *a)
{
    ls_db_live_table *t = live_cur(a);
    if (t && a->t.s) {
        t->record = a->t.s;
        t->record_len = a->t.len;
        t->lines = a->t.lines;
    } else {
        free(a->t.s);
    }
    memset(&a->t, 0, sizeof a->t);
}

static int row_live_line(void *ud, const char *const *col, int ncol)
{
    live_acc *a = ud;
    if (ncol < 2)
        return LS_DB_EIO;
    int64_t id = col_i64(col[0]);
    if (!live_cur(a) || live_cur(a)->id != id) {
        live_flush(a);
        if (!live_find(a, id))
            return 0;
    }
    return text_add(&a->t, col[1] ? col[1] : "");
}

/* A chat line goes to its table's array, which doubles as it fills. gcc
 * 12's analyzer loses the text stored into that realloc'd array (see
 * row_live_table): ls_db_live_tables_free frees it. */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak")
static int row_live_chat(void *ud, const char *const *col, int ncol)
{
    live_acc *a = ud;
    if (ncol < 5)
        return LS_DB_EIO;
    ls_db_live_table *t = live_find(a, col_i64(col[0]));
    if (!t)
        return 0; /* a table created since the first query */
    if (t->nchat == t->chat_cap) {
        int cap = t->chat_cap ? 2 * t->chat_cap : 16;
        ls_db_chat_line *p = realloc(t->chat, (size_t)cap * sizeof *p);
        if (!p)
            return LS_ENOMEM;
        t->chat = p;
        t->chat_cap = cap;
    }
    ls_db_chat_line *l = &t->chat[t->nchat];
    memset(l, 0, sizeof *l);
    l->owned = strdup(col[4] ? col[4] : "");
    if (!l->owned)
        return LS_ENOMEM;
    t->nchat++;
    l->n = col_i64(col[1]);
    l->seat = (int)col_i64(col[2]);
    col_str(l->name, sizeof l->name, col[3]);
    return 0;
}
ANALYZER_END

int ls_db_live_tables(ls_db *db, ls_db_live_table **out, int *n, ls_error *err)
{
    *out = NULL;
    *n = 0;
    live_acc a = {.r = ROWS_OF(ls_db_live_table)};
    /* Run at a server's start, when nothing else writes; a table that
     * appears between the queries is skipped by live_find. */
    int ret = tx_begin(db, err);
    if (ret)
        return ret;
    ret = q(db, err, "SELECT id, code, meta, created_at, host FROM live_tables ORDER BY id",
            row_live_table, &a, 0);
    a.cur = 0;
    if (!ret)
        ret = q(db, err,
                "SELECT table_id, seat, player_id, name, bot, token_hash, away FROM live_seats"
                " ORDER BY table_id, seat",
                row_live_seat, &a, 0);
    a.cur = 0;
    if (!ret)
        ret = q(db, err, "SELECT table_id, line FROM live_lines ORDER BY table_id, id",
                row_live_line, &a, 0);
    live_flush(&a);
    a.cur = 0;
    if (!ret)
        ret = q(db, err,
                "SELECT table_id, n, seat, name, text FROM live_chat ORDER BY table_id, n",
                row_live_chat, &a, 0);
    ret = tx_end(db, ret, err);
    /* A table with no line yet gets an empty record, never NULL. */
    ls_db_live_table *v = a.r.v;
    for (int i = 0; !ret && i < a.r.n; i++) {
        if (v[i].record)
            continue;
        char *empty = calloc(1, 1);
        if (!empty)
            ret = LS_ENOMEM;
        else
            v[i].record = empty;
    }
    if (ret == LS_ENOMEM)
        ls__db_fail(err, ret, "out of memory");
    if (ret) {
        ls_db_live_tables_free(v, a.r.n);
        return ret;
    }
    *out = v;
    *n = a.r.n;
    return 0;
}

void ls_db_live_tables_free(ls_db_live_table *t, int n)
{
    for (int i = 0; t && i < n; i++) {
        free(t[i].code);
        free(t[i].meta);
        free(t[i].record);
        for (int k = 0; k < t[i].nchat; k++)
            free(t[i].chat[k].owned);
        free(t[i].chat);
    }
    free(t);
}

/* ------------------------------------------------------------------ */
/* Finishing a table                                                   */
/* ------------------------------------------------------------------ */

/* What the finish needs of the table in progress. */
typedef struct finish_table {
    bool found;
    char code[65];
    char *meta;
    int64_t created_at;
} finish_table;

static int row_finish_table(void *ud, const char *const *col, int ncol)
{
    finish_table *f = ud;
    if (ncol < 3)
        return LS_DB_EIO;
    f->found = true;
    col_str(f->code, sizeof f->code, col[0]);
    f->meta = strdup(col[1] ? col[1] : "");
    f->created_at = col_i64(col[2]);
    return f->meta ? 0 : LS_ENOMEM;
}

typedef struct seats_acc {
    ls_db_match_player p[LS_MAX_PLAYERS];
    bool present[LS_MAX_PLAYERS];
} seats_acc;

static int row_finish_seat(void *ud, const char *const *col, int ncol)
{
    seats_acc *a = ud;
    if (ncol < 4)
        return LS_DB_EIO;
    int seat = (int)col_i64(col[0]);
    if (seat < 0 || seat >= LS_MAX_PLAYERS)
        return 0;
    a->present[seat] = true;
    a->p[seat].player_id = col_i64(col[1]);
    col_str(a->p[seat].name, sizeof a->p[seat].name, col[2]);
    col_str(a->p[seat].bot, sizeof a->p[seat].bot, col[3]);
    return 0;
}

static int row_rating(void *ud, const char *const *col, int ncol)
{
    ls_rating *r = ud;
    if (ncol < 2)
        return LS_DB_EIO;
    *r = (ls_rating){col_dbl(col[0]), col_dbl(col[1])};
    return 0;
}

/*
 * Each seat's statistics and place from the verified match. Places: the
 * winner first, then by the round a player went out in (later is better),
 * then by the final total (lower is better); equal keys share a place.
 */
static void match_stats(const ls_state *s, const ls_round_result *res, int nres,
                        ls_db_match_player *p)
{
    int n = ls_players(s), out_round[LS_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        out_round[i] = INT_MAX;
        p[i].seat = i;
        p[i].score = ls_score(s, i);
        p[i].won = ls_winner(s) == i;
    }
    for (int r = 0; r < nres; r++)
        for (int i = 0; i < n; i++) {
            if (res[r].players >> i & 1) {
                p[i].rounds++;
                p[i].points += res[r].score[i];
            }
            if (res[r].eliminated >> i & 1)
                out_round[i] = res[r].round;
            if (res[r].declarer == i) {
                p[i].declared++;
                if (res[r].correct)
                    p[i].declared_correct++;
                else
                    p[i].declared_false++;
            }
        }
    for (int i = 0; i < n; i++) {
        p[i].place = 1;
        for (int j = 0; j < n; j++)
            if (out_round[j] > out_round[i] ||
                (out_round[j] == out_round[i] && p[j].score < p[i].score))
                p[i].place++;
    }
}

/* Writes the rating after the match of the player whose first seat is
 * `first` (player[] as store_match has it), and adds the match to its
 * totals (schema 9): one match, and the wins, rounds, points and
 * declarations of every seat it held. */
static int add_totals(ls_db *db, const ls_db_match_player *p, int n, const int *player,
                      int first, ls_error *err)
{
    int64_t t[6] = {0};
    for (int j = first; j < n; j++)
        if (player[j] == first) {
            t[0] += p[j].won;
            t[1] += p[j].rounds;
            t[2] += p[j].points;
            t[3] += p[j].declared;
            t[4] += p[j].declared_correct;
            t[5] += p[j].declared_false;
        }
    num ma = dbls(p[first].after.mu), sa = dbls(p[first].after.sigma);
    num pid = i64s(p[first].player_id), won = i64s(t[0]), nr = i64s(t[1]);
    num pts = i64s(t[2]), dec = i64s(t[3]), cor = i64s(t[4]), fal = i64s(t[5]);
    return q(db, err,
             "UPDATE players SET mu = $1, sigma = $2, total_matches = total_matches + 1,"
             " total_wins = total_wins + $4, total_rounds = total_rounds + $5,"
             " total_points = total_points + $6, total_declared = total_declared + $7,"
             " total_declared_correct = total_declared_correct + $8,"
             " total_declared_false = total_declared_false + $9 WHERE id = $3",
             NULL, NULL, 9, ma.s, sa.s, pid.s, won.s, nr.s, pts.s, dec.s, cor.s, fal.s);
}

/* Reads the seats' ratings, rates the match, writes the match, its players
 * and the rating history, all inside the caller's transaction. A player
 * at several seats (a computer level seated twice) is rated once
 * (ls_rating_update_seats): every one of its seats shows its rating before
 * and after the match, and it has one row of rating history, written at
 * its first seat. */
static int store_match(ls_db *db, const finish_table *ft, const text *rec,
                       ls_db_match_player *p, int n, int rounds, int64_t *match_id,
                       ls_error *err)
{
    ls_rating_params rp;
    ls_rating_defaults(&rp);
    ls_rating before[LS_MAX_PLAYERS], after[LS_MAX_PLAYERS];
    int rank[LS_MAX_PLAYERS], player[LS_MAX_PLAYERS], ret = 0;
    for (int i = 0; i < n && !ret; i++) {
        before[i] = ls_rating_new(&rp);
        rank[i] = p[i].place - 1;
        player[i] = -1; /* a guest: a seat of its own */
        for (int j = 0; p[i].player_id && j <= i && player[i] < 0; j++)
            if (p[j].player_id == p[i].player_id)
                player[i] = j; /* the player's first seat */
        num np = i64s(p[i].player_id);
        if (p[i].player_id)
            ret = q(db, err,
                    db->ops->row_locks
                        ? "SELECT mu, sigma FROM players WHERE id = $1 FOR UPDATE"
                        : "SELECT mu, sigma FROM players WHERE id = $1",
                    row_rating, &before[i], 1, np.s);
    }
    if (!ret && ls_rating_update_seats(&rp, n, rank, player, before, after))
        ret = ls__db_fail(err, LS_DB_EIO, "a stored rating is not a rating");
    num now = i64s((int64_t)time(NULL)), started = i64s(ft->created_at);
    num nrounds = i64s(rounds);
    one_i64 mid = {0, false};
    if (!ret)
        ret = q(db, err,
                "INSERT INTO matches (code, meta, record, rounds, started_at, finished_at,"
                " file_pending) VALUES ($1, $2, $3, $4, $5, $6, 1) RETURNING id",
                row_i64, &mid, 6, ft->code, ft->meta, rec->s, nrounds.s, started.s, now.s);
    num nm = i64s(mid.v);
    for (int i = 0; i < n && !ret; i++) {
        bool rated = p[i].player_id != 0;
        p[i].before = before[i];
        p[i].after = rated ? after[i] : before[i];
        num seat = i64s(i), pid = i64s(p[i].player_id), place = i64s(p[i].place);
        num score = i64s(p[i].score), nr = i64s(p[i].rounds), pts = i64s(p[i].points);
        num dec = i64s(p[i].declared), cor = i64s(p[i].declared_correct);
        num fal = i64s(p[i].declared_false), won = i64s(p[i].won);
        num mb = dbls(p[i].before.mu), sb = dbls(p[i].before.sigma);
        num ma = dbls(p[i].after.mu), sa = dbls(p[i].after.sigma);
        ret = q(db, err,
                "INSERT INTO match_players (match_id, seat, player_id, name, bot, place,"
                " score, rounds, points, declared, declared_correct, declared_false, won,"
                " mu_before, sigma_before, mu_after, sigma_after) VALUES ($1, $2, $3, $4,"
                " $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
                NULL, NULL, 17, nm.s, seat.s, rated ? pid.s : NULL, p[i].name, p[i].bot,
                place.s, score.s, nr.s, pts.s, dec.s, cor.s, fal.s, won.s, mb.s, sb.s, ma.s,
                sa.s);
        if (!ret && rated && player[i] == i)
            ret = q(db, err,
                    "INSERT INTO rating_history (player_id, match_id, mu_before,"
                    " sigma_before, mu, sigma, at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    NULL, NULL, 7, pid.s, nm.s, mb.s, sb.s, ma.s, sa.s, now.s);
        if (!ret && rated && player[i] == i)
            ret = add_totals(db, p, n, player, i, err);
    }
    *match_id = mid.v;
    return ret;
}

int ls_db_table_finish(ls_db *db, int64_t table_id, int64_t *match_id, ls_error *err)
{
    num nt = i64s(table_id);
    finish_table ft = {0};
    text rec = {0};
    seats_acc seats = {0};
    ls_state *s = NULL;
    ls_round_result *res = NULL;
    int nres = 0;
    int64_t mid = 0;
    int ret = tx_begin(db, err);
    if (ret)
        return ret;
    ret = q(db, err,
            db->ops->row_locks
                ? "SELECT code, meta, created_at FROM live_tables WHERE id = $1 FOR UPDATE"
                : "SELECT code, meta, created_at FROM live_tables WHERE id = $1",
            row_finish_table, &ft, 1, nt.s);
    if (!ret && !ft.found)
        ret = table_missing(err, table_id);
    if (!ret)
        ret = q(db, err, "SELECT line FROM live_lines WHERE table_id = $1 ORDER BY id",
                row_line, &rec, 1, nt.s);
    if (!ret)
        ret = q(db, err,
                "SELECT seat, player_id, name, bot FROM live_seats WHERE table_id = $1",
                row_finish_seat, &seats, 1, nt.s);
    if (ret == LS_ENOMEM)
        ls__db_fail(err, ret, "out of memory");
    if (!ret) {
        ls_error rerr;
        ret = ls_record_read(rec.s ? rec.s : "", rec.len, &s, &res, &nres, &rerr);
        if (ret)
            ls__db_fail(err, ret, "table %" PRId64 ": record line %d: %s", table_id,
                        rerr.line, rerr.msg);
        else if (ls_phase(s) != LS_PHASE_OVER)
            ret = ls__db_fail(err, LS_EPHASE,
                              "table %" PRId64 ": the match is not over (round %d)",
                              table_id, ls_round(s));
    }
    if (!ret) {
        int n = ls_players(s);
        for (int i = 0; i < n; i++) {
            /* The record's names are the truth; a seat row adds the player. */
            if (!seats.present[i])
                memset(&seats.p[i], 0, sizeof seats.p[i]);
            col_str(seats.p[i].name, sizeof seats.p[i].name, ls_name(s, i));
        }
        match_stats(s, res, nres, seats.p);
        ret = store_match(db, &ft, &rec, seats.p, n, nres, &mid, err);
    }
    if (!ret)
        ret = delete_table(db, nt.s, err);
    ret = tx_end(db, ret, err);
    if (!ret && match_id)
        *match_id = mid;
    ls_state_free(s);
    free(res);
    free(rec.s);
    free(ft.meta);
    return ret;
}

/* ------------------------------------------------------------------ */
/* Finished matches                                                    */
/* ------------------------------------------------------------------ */

static int row_match(void *ud, const char *const *col, int ncol)
{
    ls_db_match *m = ud;
    if (ncol < 7)
        return LS_DB_EIO;
    m->id = col_i64(col[0]);
    m->code = strdup(col[1] ? col[1] : "");
    m->meta = strdup(col[2] ? col[2] : "");
    m->record = strdup(col[3] ? col[3] : "");
    m->rounds = (int)col_i64(col[4]);
    m->started_at = col_i64(col[5]);
    m->finished_at = col_i64(col[6]);
    return m->code && m->meta && m->record ? 0 : LS_ENOMEM;
}

static int row_match_player(void *ud, const char *const *col, int ncol)
{
    ls_db_match *m = ud;
    if (ncol < 17)
        return LS_DB_EIO;
    if (m->nplayers >= LS_MAX_PLAYERS)
        return 0;
    ls_db_match_player *p = &m->player[m->nplayers++];
    p->seat = (int)col_i64(col[0]);
    p->player_id = col_i64(col[1]);
    col_str(p->name, sizeof p->name, col[2]);
    col_str(p->bot, sizeof p->bot, col[3]);
    p->place = (int)col_i64(col[4]);
    p->score = (int)col_i64(col[5]);
    p->rounds = (int)col_i64(col[6]);
    p->points = (int)col_i64(col[7]);
    p->declared = (int)col_i64(col[8]);
    p->declared_correct = (int)col_i64(col[9]);
    p->declared_false = (int)col_i64(col[10]);
    p->won = col_i64(col[11]) != 0;
    p->before = (ls_rating){col_dbl(col[12]), col_dbl(col[13])};
    p->after = (ls_rating){col_dbl(col[14]), col_dbl(col[15])};
    return 0;
}

/* Gathers ids, up to a cap. */
typedef struct id_list {
    int64_t *v;
    int n, cap;
} id_list;

static int row_id(void *ud, const char *const *col, int ncol)
{
    id_list *l = ud;
    if (ncol > 0 && l->n < l->cap)
        l->v[l->n++] = col_i64(col[0]);
    return 0;
}

int ls_db_matches_file_pending(ls_db *db, int64_t after, int64_t *ids, int max, int *n,
                               ls_error *err)
{
    *n = 0;
    if (max < 1 || max > 1000)
        return ls__db_fail(err, LS_EINVAL, "a page of %d matches is not 1 to 1000", max);
    num na = i64s(after), nl = i64s(max);
    id_list l = {ids, 0, max};
    int ret = q(db, err,
                "SELECT id FROM matches WHERE file_pending = 1 AND id > $1"
                " ORDER BY id LIMIT CAST($2 AS INTEGER)",
                row_id, &l, 2, na.s, nl.s);
    if (!ret)
        *n = l.n;
    return ret;
}

int ls_db_match_file_written(ls_db *db, int64_t match_id, ls_error *err)
{
    num nm = i64s(match_id);
    one_i64 o = {0, false};
    int ret = q(db, err, "UPDATE matches SET file_pending = 0 WHERE id = $1 RETURNING id",
                row_i64, &o, 1, nm.s);
    if (!ret && !o.found)
        ret = ls__db_fail(err, LS_DB_ENOTFOUND, "no match with id %" PRId64, match_id);
    return ret;
}

int ls_db_match_get(ls_db *db, int64_t match_id, ls_db_match *m, ls_error *err)
{
    memset(m, 0, sizeof *m);
    num nm = i64s(match_id);
    int ret = q(db, err,
                "SELECT id, code, meta, record, rounds, started_at, finished_at"
                " FROM matches WHERE id = $1",
                row_match, m, 1, nm.s);
    if (!ret && !m->record)
        ret = ls__db_fail(err, LS_DB_ENOTFOUND, "no finished match with id %" PRId64,
                          match_id);
    if (!ret)
        ret = q(db, err,
                "SELECT seat, player_id, name, bot, place, score, rounds, points,"
                " declared, declared_correct, declared_false, won, mu_before,"
                " sigma_before, mu_after, sigma_after, match_id"
                " FROM match_players WHERE match_id = $1 ORDER BY seat",
                row_match_player, m, 1, nm.s);
    if (ret == LS_ENOMEM)
        ls__db_fail(err, ret, "out of memory");
    if (ret)
        ls_db_match_clear(m);
    return ret;
}

void ls_db_match_clear(ls_db_match *m)
{
    free(m->code);
    free(m->meta);
    free(m->record);
    memset(m, 0, sizeof *m);
}

/* The heads of a player's matches as one query returns them: one row per
 * seat of each match, newest match first, a match's seats in order. The
 * matches are chosen DISTINCT, so a match the player had several seats at
 * (a computer level twice at a table) comes once, with all its seats. */

/* gcc 12's analyzer loses the strings stored into the realloc'd array
 * (see row_live_table). */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak")
static int row_head(void *ud, const char *const *col, int ncol)
{
    rows *a = ud;
    if (ncol < 22)
        return LS_DB_EIO;
    int64_t id = col_i64(col[0]);
    ls_db_match *m = a->n ? (ls_db_match *)a->v + a->n - 1 : NULL;
    if (!m || m->id != id) {
        int rc;
        if (!(m = rows_add(a, ncol, 22, &rc)))
            return rc;
        m->id = id;
        m->code = strdup(col[1] ? col[1] : "");
        m->meta = strdup("");
        m->record = strdup("");
        m->rounds = (int)col_i64(col[2]);
        m->started_at = col_i64(col[3]);
        m->finished_at = col_i64(col[4]);
        if (!m->code || !m->meta || !m->record)
            return LS_ENOMEM;
    }
    return row_match_player(m, col + 5, ncol - 5);
}
ANALYZER_END

int ls_db_player_match_heads(ls_db *db, int64_t player_id, int64_t before, int limit,
                             ls_db_match **out, int *n, ls_error *err)
{
    *out = NULL;
    *n = 0;
    if (limit < 1 || limit > 1000)
        return ls__db_fail(err, LS_EINVAL, "a page of matches has 1 to 1000 rows, not %d",
                           limit);
    num np = i64s(player_id), nb = i64s(before > 0 ? before : INT64_MAX), nl = i64s(limit);
    rows a = ROWS_OF(ls_db_match);
    int ret = q(db, err,
                "SELECT m.id, m.code, m.rounds, m.started_at, m.finished_at,"
                " mp.seat, mp.player_id, mp.name, mp.bot, mp.place, mp.score, mp.rounds,"
                " mp.points, mp.declared, mp.declared_correct, mp.declared_false, mp.won,"
                " mp.mu_before, mp.sigma_before, mp.mu_after, mp.sigma_after, mp.match_id"
                " FROM (SELECT DISTINCT match_id FROM match_players WHERE player_id = $1"
                " AND match_id < $2 ORDER BY match_id DESC LIMIT CAST($3 AS INTEGER)) mine"
                " JOIN matches m ON m.id = mine.match_id"
                " JOIN match_players mp ON mp.match_id = m.id"
                " ORDER BY m.id DESC, mp.seat",
                row_head, &a, 3, np.s, nb.s, nl.s);
    if (ret) {
        ls_db_match *v = a.v;
        for (int i = 0; i < a.n; i++)
            ls_db_match_clear(&v[i]);
    }
    return rows_end(&a, ret, err, out, n);
}
