/*
 * test_store.c - the server's store (src/server/db.c): one suite, run
 * against each backend.
 *
 *   build/tests/test_store [sqlite|postgresql|all] [NAME]
 *
 * runs the tests whose names contain NAME against SQLite (a new file per
 * test in a temporary directory), PostgreSQL (a throwaway cluster started
 * by tools/pg-throwaway.sh for the run, a fresh schema per test), or both
 * (the default). When PostgreSQL's server binaries are missing, or cannot
 * be run as an unprivileged user, the PostgreSQL run is skipped with a
 * message saying why; LS_REQUIRE_POSTGRESQL=1 makes that a failure.
 *
 * The match used throughout is docs/example.lsr (three rounds, Cid wins;
 * Ann second, out in round 3; Bob third, out in round 2).
 */
#include "support/support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include "server/db.h"
#include "server/db_internal.h"
#include "server/names.h"

static const char *const example[] = {
    "leastscore 1",
    "# Three rounds of Least Score, threshold 25",
    "option threshold 25",
    "players Ann Bob Cid",
    "",
    "round                           # round 1: Ann starts",
    "hand Ann 7H 8H 9H 4C 2C",
    "hand Bob AS 3D 4D 6C KS",
    "hand Cid QC QD 5H 6S 2D",
    "open 4S",
    "Ann discard 7H 8H 9H take 4S",
    "Bob discard KS draw 2S",
    "Cid discard QC QD draw 4H",
    "Ann declare",
    "round",
    "hand Ann KC KD 3D 2D 4S",
    "hand Bob AC 2H 3H 4C 4D",
    "hand Cid 9S 9D AH 2S AD",
    "open KH",
    "Bob discard 4C 4D draw 4H",
    "Cid discard 9S 9D take 4C",
    "Ann discard KC KD draw 6S",
    "Bob declare",
    "round",
    "hand Ann KC KD KH QS JS",
    "hand Cid AC AD 2C 3D 4S",
    "open AH",
    "Cid discard 2C 3D 4S take AH",
    "Ann discard KC KD draw QH",
    "Cid declare",
};
#define EXAMPLE_LINES ((int)(sizeof example / sizeof example[0]))

/* ------------------------------------------------------------------ */
/* The backends                                                        */
/* ------------------------------------------------------------------ */

static const char *backend;    /* "sqlite" or "postgresql" */
static char sqlite_dir[64];    /* the run's temporary directory */
static char pg_dir[64];        /* the cluster's directory */
static char pg_url[256];       /* the cluster's URL */
static char where[512];        /* this test's store */
static int test_number;

/* Starts the throwaway cluster; 0, 77 (skip) or 1. */
static int pg_start(void)
{
    snprintf(pg_dir, sizeof pg_dir, "/tmp/lspg.XXXXXX");
    if (!mkdtemp(pg_dir)) {
        perror("mkdtemp");
        return 1;
    }
    const char *script = getenv("LS_PG_THROWAWAY");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s start %s fsync=off",
             script ? script : "tools/pg-throwaway.sh", pg_dir);
    FILE *p = popen(cmd, "r");
    if (!p)
        return 1;
    if (!fgets(pg_url, sizeof pg_url, p))
        pg_url[0] = '\0';
    int st = pclose(p);
    pg_url[strcspn(pg_url, "\n")] = '\0';
    int code = WIFEXITED(st) ? WEXITSTATUS(st) : 1;
    if (code != 0) {
        rmdir(pg_dir);
        pg_dir[0] = '\0';
    }
    return code;
}

static void pg_stop(void)
{
    if (!pg_dir[0])
        return;
    const char *script = getenv("LS_PG_THROWAWAY");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s stop %s", script ? script : "tools/pg-throwaway.sh",
             pg_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_store: stopping the cluster in %s failed\n", pg_dir);
}

/* The test's own connection (not the store's), open for the whole run: a
 * new connection costs a few hundred ms here. */
static PGconn *admin;

static void pg_admin(const char *sql)
{
    if (!admin) {
        admin = PQconnectdb(pg_url);
        assert_int_equal(PQstatus(admin), CONNECTION_OK);
        PQclear(PQexec(admin, "SET client_min_messages = warning"));
    }
    PGresult *r = PQexec(admin, sql);
    ExecStatusType st = PQresultStatus(r);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
        fail_msg("%s: %s", sql, PQerrorMessage(admin));
    PQclear(r);
}

static void remove_sqlite(const char *path)
{
    char p[600];
    unlink(path);
    snprintf(p, sizeof p, "%s-wal", path);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", path);
    unlink(p);
}

/* Each test starts from an empty store. */
static int fresh_store(void **state)
{
    (void)state;
    test_number++;
    if (!strcmp(backend, "sqlite")) {
        snprintf(where, sizeof where, "%s/t%d.db", sqlite_dir, test_number);
    } else {
        pg_admin("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
        snprintf(where, sizeof where, "%s", pg_url);
    }
    return 0;
}

static int forget_store(void **state)
{
    (void)state;
    if (!strcmp(backend, "sqlite"))
        remove_sqlite(where);
    return 0;
}

static ls_db *open_store(void)
{
    ls_db *db = NULL;
    ls_error err;
    int ret = ls_db_open(&db, where, &err);
    if (ret)
        fail_msg("ls_db_open(%s): %s", where, err.msg);
    assert_string_equal(ls_db_backend(db), backend);
    return db;
}

/* Fails the test with the store's message when call does not return 0;
 * calls pass ERR as their error buffer. */
static ls_error last_err;
#define ERR (&last_err)
#define OK(call)                                                               \
    do {                                                                       \
        memset(&last_err, 0, sizeof last_err);                                 \
        int r_ = (call);                                                       \
        if (r_)                                                                \
            fail_msg("%s: %d %s", #call, r_, last_err.msg);                    \
    } while (0)

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static int row_count(void *ud, const char *const *col, int ncol)
{
    (void)ncol;
    *(long *)ud = col[0] ? strtol(col[0], NULL, 10) : -1;
    return 0;
}

/* The integer a query of one value returns, run on the store's connection. */
static long scalar(ls_db *db, const char *sql)
{
    long v = -2;
    OK(ls__db_exec(db, sql, row_count, &v, ERR));
    return v;
}

static int64_t new_player(ls_db *db, const char *name, const char *token)
{
    int64_t id = 0;
    OK(ls_db_player_create(db, name, token, &id, ERR));
    assert_true(id > 0);
    return id;
}

/* A store with the four players whose names the look-alike tests
 * imitate: Iris (her id in *iris), BOBO, mary and will. */
static ls_db *open_store_of_four(int64_t *iris)
{
    ls_db *db = open_store();
    *iris = new_player(db, "Iris", "iris-device-token-01");
    new_player(db, "BOBO", "bobo-device-token-01");
    new_player(db, "mary", "mary-device-token-01");
    new_player(db, "will", "will-device-token-01");
    return db;
}

/* Each alike[i][0] is refused as a new player (with `token`), as looking
 * like the player alike[i][1], who is named. */
static void refuse_lookalikes(ls_db *db, const char *const (*alike)[2], size_t n,
                              const char *token)
{
    for (size_t i = 0; i < n; i++) {
        ls_error e;
        int64_t id = 0;
        assert_int_equal(ls_db_player_create(db, alike[i][0], token, &id, &e),
                         LS_DB_ELOOKALIKE);
        char want[128];
        snprintf(want, sizeof want, "the name %s looks like %s, another player's name",
                 alike[i][0], alike[i][1]);
        assert_string_equal(e.msg, want);
    }
}

/* Undoes migration 9: the players' totals. */
static void undo_schema_9(ls_db *db)
{
    static const char *const column[] = {"matches", "wins", "rounds", "points", "declared",
                                         "declared_correct", "declared_false"};
    for (size_t i = 0; i < sizeof column / sizeof column[0]; i++) {
        char sql[96];
        snprintf(sql, sizeof sql, "ALTER TABLE players DROP COLUMN total_%s", column[i]);
        OK(ls__db_exec(db, sql, NULL, NULL, ERR));
    }
}

/* Undoes migrations 9, 7, 6, 5 and 4 (the tests of older migrations go
 * back before them; 8 changed rows only). */
static void undo_schemas_4_to_7(ls_db *db)
{
    undo_schema_9(db);
    OK(ls__db_exec(db, "DROP TABLE player_looks", NULL, NULL, ERR));
    OK(ls__db_exec(db, "ALTER TABLE live_tables DROP COLUMN host", NULL, NULL, ERR));
    OK(ls__db_exec(db, "DROP INDEX matches_file_pending", NULL, NULL, ERR));
    OK(ls__db_exec(db, "ALTER TABLE matches DROP COLUMN file_pending", NULL, NULL, ERR));
    OK(ls__db_exec(db, "ALTER TABLE live_seats DROP COLUMN away", NULL, NULL, ERR));
}

/* A table of the example's three players, the first `lines` lines
 * appended. ids[] (may be NULL) the players' ids, 0 for a guest. */
static int64_t example_table(ls_db *db, const int64_t ids[3], int lines)
{
    static const char *const names[3] = {"Ann", "Bob", "Cid"};
    static const char *const tokens[3] = {"seat-token-ann-0001", "seat-token-bob-0002",
                                          "seat-token-cid-0003"};
    int64_t t = 0;
    OK(ls_db_table_begin(db, "ABCD", "{\"seats\":3}", &t, ERR));
    for (int i = 0; i < 3; i++) {
        ls_db_seat s = {names[i], ids ? ids[i] : 0, NULL, tokens[i], NULL};
        OK(ls_db_table_seat(db, t, i, &s, ERR));
    }
    for (int i = 0; i < lines; i++)
        OK(ls_db_table_append(db, t, example[i], ERR));
    return t;
}

static char *example_text(int lines)
{
    size_t n = 0;
    for (int i = 0; i < lines; i++)
        n += strlen(example[i]) + 1;
    char *s = malloc(n + 1), *w = s;
    assert_non_null(s);
    for (int i = 0; i < lines; i++)
        w += sprintf(w, "%s\n", example[i]);
    *w = '\0';
    return s;
}

static void assert_close(double a, double b)
{
    if (fabs(a - b) > 1e-9)
        fail_msg("%.17g != %.17g", a, b);
}

/* ------------------------------------------------------------------ */
/* Opening and migrations                                              */
/* ------------------------------------------------------------------ */

static void test_opening_applies_each_migration_once(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int v = -1;
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    ls_db_close(db);
    db = open_store();
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM schema_version"), ls_db_schema_latest());
    ls_db_close(db);
}

static int row_text(void *ud, const char *const *col, int ncol)
{
    snprintf(ud, 32, "%s", ncol > 0 && col[0] ? col[0] : "");
    return 0;
}

static void test_sqlite_keeps_a_wal_journal_synced_in_full(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        skip();
    ls_db *db = open_store();
    char mode[32] = "";
    OK(ls__db_exec(db, "PRAGMA journal_mode", row_text, mode, ERR));
    assert_string_equal(mode, "wal");
    assert_int_equal(scalar(db, "PRAGMA synchronous"), 2); /* FULL */
    ls_db_close(db);
    /* WAL is written in the file's header (bytes 18-19 are 2), so every
     * connection uses it. */
    FILE *f = fopen(where, "rb");
    assert_non_null(f);
    unsigned char h[20];
    assert_int_equal(fread(h, 1, sizeof h, f), sizeof h);
    fclose(f);
    assert_int_equal(h[18], 2);
    assert_int_equal(h[19], 2);
}

/* A store's file renamed or removed while it is open is told
 * (ls_db_moved: the server then refuses new tables), and so is its return;
 * PostgreSQL has no file and never is. */
static void test_a_store_file_moved_or_removed_while_open_is_told(void **state)
{
    (void)state;
    ls_db *db = open_store();
    assert_false(ls_db_moved(db));
    if (strcmp(backend, "sqlite")) {
        ls_db_close(db);
        return;
    }
    char other[sizeof where + 16];
    snprintf(other, sizeof other, "%s.elsewhere", where);
    assert_int_equal(rename(where, other), 0);
    assert_true(ls_db_moved(db));
    assert_int_equal(rename(other, where), 0);
    assert_false(ls_db_moved(db));
    assert_int_equal(link(where, other), 0);
    assert_int_equal(unlink(where), 0);
    assert_true(ls_db_moved(db));
    /* Another file at the path is not the one open. */
    FILE *f = fopen(where, "wb");
    assert_non_null(f);
    fclose(f);
    assert_true(ls_db_moved(db));
    assert_int_equal(rename(other, where), 0);
    assert_false(ls_db_moved(db));
    ls_db_close(db);
}

/* Eight processes open a new store at once: each migration is applied
 * once and every one of them opens it (two of them switching the new file
 * to WAL at once used to make one fail with "database is locked"). */
static void test_stores_opened_at_once_apply_each_migration_once(void **state)
{
    (void)state;
    pid_t pid[8];
    for (int i = 0; i < 8; i++) {
        pid[i] = fork();
        assert_true(pid[i] >= 0);
        if (pid[i] == 0) {
            ls_db *db = NULL;
            ls_error e;
            int ret = ls_db_open(&db, where, &e);
            if (ret)
                fprintf(stderr, "child %d: %s\n", i, e.msg);
            ls_db_close(db);
            _exit(ret ? 1 : 0);
        }
    }
    for (int i = 0; i < 8; i++) {
        int st = 0;
        assert_int_equal(waitpid(pid[i], &st, 0), pid[i]);
        assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
    ls_db *db = open_store();
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM schema_version"), ls_db_schema_latest());
    ls_db_close(db);
}

/* The file a new store's maker has switched to WAL and not yet read
 * again: WAL in its header, no tables, no -wal (the state a copy of a
 * running store's file alone is in, which is refused). An opener that
 * meets it waits for the maker's tables rather than refusing it (the
 * test above failed so once in a while); with none made in the lock's
 * wait (5 s), it is refused, unchanged. */
static unsigned char *file_bytes(const char *path, size_t *n);
static void assert_file_kept(const char *path, const unsigned char *before, size_t n);

static void test_a_new_store_being_made_is_waited_for_and_a_bare_copy_refused(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        return;
    char walpath[600];
    snprintf(walpath, sizeof walpath, "%s-wal", where);
    sqlite3 *h = NULL;
    assert_int_equal(sqlite3_open(where, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "PRAGMA journal_mode=WAL", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    assert_int_equal(access(walpath, F_OK), -1);

    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        ls_db *db = NULL;
        ls_error e;
        int ret = ls_db_open(&db, where, &e);
        if (ret)
            fprintf(stderr, "the opener: %s\n", e.msg);
        ls_db_close(db);
        _exit(ret ? 1 : 0);
    }
    /* The maker's first commit, 300 ms later: what ls__db_migrate makes
     * first, alone. */
    nanosleep(&(struct timespec){0, 300 * 1000000L}, NULL);
    assert_int_equal(sqlite3_open(where, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "CREATE TABLE IF NOT EXISTS schema_version ("
                                  " version INTEGER PRIMARY KEY,"
                                  " applied_at BIGINT NOT NULL)", NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(h);
    int st = 0;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    ls_db *db = open_store();
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM schema_version"), ls_db_schema_latest());
    ls_db_close(db);

    /* No maker: refused after the wait, the file as it was. */
    assert_int_equal(unlink(where), 0);
    assert_int_equal(sqlite3_open(where, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "PRAGMA journal_mode=WAL", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    size_t n = 0;
    unsigned char *before = file_bytes(where, &n);
    assert_non_null(before);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    db = NULL;
    ls_error e;
    assert_int_equal(ls_db_open(&db, where, &e), LS_DB_EFOREIGN);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    assert_null(db);
    char want[700];
    snprintf(want, sizeof want, "%s is in WAL mode with no tables and no -wal: a store's "
             "file copied without its -wal lacks all the -wal held", where);
    assert_non_null(strstr(e.msg, want));
    /* It waited (a lower bound, which load cannot break). */
    assert_true((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 >= 4900);
    assert_file_kept(where, before, n);
    assert_int_equal(access(walpath, F_OK), -1); /* so refused again */
    free(before);
}

/* A migration that fails half-way leaves neither its changes nor its
 * version, and the next start applies it whole. */
static void test_a_failed_migration_leaves_no_trace_and_is_retried(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int latest = ls_db_schema_latest();
    const char *list[16];
    for (int i = 0; i < latest; i++)
        list[i] = "SELECT no_such_column FROM no_such_table"; /* never run again */
    list[latest] = "CREATE TABLE extra (x INTEGER)";
    list[latest + 1] = "CREATE TABLE broken (x INTEGER); INSERT INTO no_such_table VALUES (1)";
    ls_error e;
    int ret = ls__db_migrate(db, list, latest + 2, &e);
    assert_int_equal(ret, LS_DB_EIO);
    char want[64];
    snprintf(want, sizeof want, "migration to schema version %d failed", latest + 2);
    assert_non_null(strstr(e.msg, want));
    int v = 0;
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, latest + 1);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM extra"), 0);
    assert_int_equal(ls__db_exec(db, "SELECT COUNT(*) FROM broken", NULL, NULL, &e),
                     LS_DB_EIO);
    list[latest + 1] = "CREATE TABLE broken (x INTEGER); INSERT INTO broken VALUES (1)";
    OK(ls__db_migrate(db, list, latest + 2, ERR));
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, latest + 2);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM broken"), 1);
    ls_db_close(db);
}

/* A store already at the latest schema is opened without the lock the
 * migrations take (SQLite's write lock, PostgreSQL's advisory lock): each
 * login opens its own connection, and one that waited for a writer in
 * another process only to find nothing to migrate used to wait the whole
 * lock wait (5 s) and then fail. */
static void test_a_current_store_opens_while_another_holds_the_lock(void **state)
{
    (void)state;
    ls_db *holder = open_store();
    if (!strcmp(backend, "sqlite"))
        OK(ls__db_exec(holder, "BEGIN IMMEDIATE", NULL, NULL, ERR));
    else
        OK(ls__db_exec(holder, "SELECT pg_advisory_lock(7412967)", NULL, NULL, ERR));
    ls_db *db = NULL;
    ls_error e = {0};
    int ret = ls_db_open(&db, where, &e);
    if (ret)
        fail_msg("opening a current store while another holds the lock: %s", e.msg);
    int v = -1;
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    ls_db_close(db);
    if (!strcmp(backend, "sqlite"))
        OK(ls__db_exec(holder, "ROLLBACK", NULL, NULL, ERR));
    else
        OK(ls__db_exec(holder, "SELECT pg_advisory_unlock(7412967)", NULL, NULL, ERR));
    ls_db_close(holder);
}

/* One server a store: a store held (ls_db_hold) is refused to a second
 * holder with words that name it, and may be opened and used all the
 * same (the JSON API's connection, a login's); it is free again once
 * its holder is closed. Two servers on one store would both restore its
 * tables in progress and append to the same records. */
static void test_a_store_is_held_by_one_server_at_a_time(void **state)
{
    (void)state;
    ls_db *first = open_store(), *second = open_store();
    OK(ls_db_hold(first, ERR));
    OK(ls_db_hold(first, ERR)); /* again: held already */
    ls_error e = {0};
    assert_int_equal(ls_db_hold(second, &e), LS_DB_EHELD);
    assert_non_null(strstr(e.msg, "is in use by another server"));
    if (!strcmp(backend, "sqlite"))
        assert_non_null(strstr(e.msg, where));
    else
        assert_null(strstr(e.msg, "postgresql://"));
    /* Held, the store is still read and written by other connections. */
    new_player(second, "Ann", "token-of-ann-00001");
    assert_int_equal(scalar(first, "SELECT COUNT(*) FROM players"), 1);
    ls_db_close(first);
    OK(ls_db_hold(second, ERR));
    ls_db_close(second);
}

/* Whether another process finds the SQLite file's SHARED lock byte range
 * (SQLite's unix VFS: 510 bytes from 0x40000002) locked by this one, as
 * a second server, a `leastscore` tool or an sqlite3 closing as the
 * store's last connection would: asked from a child, which sees the
 * parent's POSIX locks (a process never sees its own). */
static bool shared_lock_seen_from_outside(void)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open(where, O_RDONLY | O_CLOEXEC);
        struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET,
                           .l_start = 0x40000002, .l_len = 510};
        _exit(fd >= 0 && fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* POSIX record locks, SQLite's, are let go of for the whole process when
 * any descriptor of the process on the file is closed. The hold (an
 * flock) keeps a descriptor of the store's file of its own: its closing,
 * with the held store or at a hold refused, must not take the locks of
 * the process's other connections (the JSON API's, a login's) with it,
 * or another process could write under them, or close as the last
 * connection and remove the -wal they write to. The order is planted:
 * another connection in a read transaction, a hold refused, the held
 * store closed; the lock is looked at from outside after each. */
static void test_closing_a_held_store_keeps_the_others_locks(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        skip();
    ls_db *held = open_store(), *api = open_store(), *refused = open_store();
    OK(ls_db_hold(held, ERR));
    new_player(api, "Ann", "token-of-ann-00001");
    OK(ls__db_exec(api, "BEGIN", NULL, NULL, ERR));
    assert_int_equal(scalar(api, "SELECT COUNT(*) FROM players"), 1);
    assert_true(shared_lock_seen_from_outside());
    ls_error e = {0};
    assert_int_equal(ls_db_hold(refused, &e), LS_DB_EHELD);
    assert_true(shared_lock_seen_from_outside());
    ls_db_close(held);
    assert_true(shared_lock_seen_from_outside());
    /* Let go of, the store is held again. */
    OK(ls_db_hold(refused, ERR));
    OK(ls__db_exec(api, "COMMIT", NULL, NULL, ERR));
    ls_db_close(api);
    ls_db_close(refused);
    assert_false(shared_lock_seen_from_outside());
}

/* A server refused for another's hold has changed nothing, not even the
 * schema: a newer version started beside an older one took the hold
 * after its migrations, and so migrated the store under the running
 * server. Here the store is back at schema 5 while it is held. */
static void test_a_store_held_is_not_migrated_by_another(void **state)
{
    (void)state;
    ls_db *first = NULL;
    OK(ls_db_open_held(&first, where, ERR));
    undo_schema_9(first);
    OK(ls__db_exec(first, "DROP TABLE player_looks", NULL, NULL, ERR));
    OK(ls__db_exec(first, "ALTER TABLE live_tables DROP COLUMN host", NULL, NULL, ERR));
    OK(ls__db_exec(first, "DELETE FROM schema_version WHERE version >= 6", NULL, NULL, ERR));
    ls_db *second = (ls_db *)1;
    ls_error e = {0};
    assert_int_equal(ls_db_open_held(&second, where, &e), LS_DB_EHELD);
    assert_null(second);
    assert_non_null(strstr(e.msg, "is in use by another server"));
    int v = -1;
    OK(ls_db_schema_version(first, &v, ERR));
    assert_int_equal(v, 5);
    ls_db_close(first);
    /* Let go of, the next holder migrates it. */
    OK(ls_db_open_held(&second, where, ERR));
    OK(ls_db_schema_version(second, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    ls_db_close(second);
}

/* On PostgreSQL the hold is a schema's: stores in two schemas of one
 * database (search_path in the URL) are each held by a server of its
 * own, and a second holder of either is refused, naming the schema.
 * Before, the lock was the whole database's, and a server on a store of
 * its own in another schema was refused as "in use by another server".
 * A server of before, which holds the whole database's lock while it
 * runs, is not run beside: a store finding that lock held is refused. */
static void test_stores_in_two_schemas_are_held_apart(void **state)
{
    (void)state;
    if (strcmp(backend, "postgresql"))
        skip();
    pg_admin("DROP SCHEMA IF EXISTS other CASCADE; CREATE SCHEMA other");
    char other[sizeof where];
    snprintf(other, sizeof other, "%s&options=-csearch_path%%3Dother", pg_url);
    ls_db *first = open_store(), *second = NULL, *third = NULL, *fourth = NULL;
    ls_error e = {0};
    OK(ls_db_open_held(&second, other, ERR));
    OK(ls_db_hold(first, ERR));
    assert_int_equal(scalar(second, "SELECT COUNT(*) FROM other.schema_version") > 0, 1);
    assert_int_equal(ls_db_open_held(&third, other, &e), LS_DB_EHELD);
    assert_null(third);
    assert_non_null(strstr(e.msg, "schema other, is in use by another server (it holds "
                                  "the schema's advisory lock 7412968)"));
    third = open_store();
    memset(&e, 0, sizeof e);
    assert_int_equal(ls_db_hold(third, &e), LS_DB_EHELD);
    assert_non_null(strstr(e.msg, "schema public, is in use by another server"));
    ls_db_close(first);
    /* An older server's lock, the whole database's. */
    pg_admin("SELECT pg_advisory_lock(7412968)");
    memset(&e, 0, sizeof e);
    assert_int_equal(ls_db_hold(third, &e), LS_DB_EHELD);
    assert_non_null(strstr(e.msg, "is in use by an older server (it holds the whole "
                                  "database's advisory lock 7412968)"));
    pg_admin("SELECT pg_advisory_unlock(7412968)");
    OK(ls_db_hold(third, ERR));
    fourth = open_store();
    memset(&e, 0, sizeof e);
    assert_int_equal(ls_db_hold(fourth, &e), LS_DB_EHELD);
    ls_db_close(fourth);
    ls_db_close(third);
    ls_db_close(second);
    pg_admin("DROP SCHEMA other CASCADE");
}

/* A PostgreSQL connection lost takes the hold again when it is made
 * again; if another server took the store meanwhile, every statement
 * fails rather than write beside it, until that one lets go. */
static void test_a_hold_lost_with_its_connection_is_taken_again(void **state)
{
    (void)state;
    if (strcmp(backend, "postgresql"))
        skip();
    ls_db *first = open_store();
    OK(ls_db_hold(first, ERR));
    pg_admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
             " WHERE datname = current_database() AND pid <> pg_backend_pid()");
    ls_db *second = open_store();
    OK(ls_db_hold(second, ERR));
    ls_error e = {0};
    long v = -2;
    for (int i = 0; i < 50; i++) { /* the reconnection, 5 s at most */
        memset(&e, 0, sizeof e);
        if (ls__db_exec(first, "SELECT 1", row_count, &v, &e) == LS_DB_EIO &&
            strstr(e.msg, "in use by another server"))
            break;
        usleep(100000);
    }
    if (!strstr(e.msg, "in use by another server"))
        fail_msg("the first went on writing beside the second: '%s'", e.msg);
    ls_db_close(second);
    OK(ls__db_exec(first, "SELECT 1", row_count, &v, ERR));
    assert_int_equal(v, 1);
    ls_error again = {0};
    ls_db *third = open_store();
    assert_int_equal(ls_db_hold(third, &again), LS_DB_EHELD);
    ls_db_close(third);
    ls_db_close(first);
}

/* A message that names a long path (a deep data directory) keeps its
 * reason whole: the path is shortened in its middle, with "...". An
 * ls_error holds 255 bytes, and a path of 240 left no room for SQLite's
 * reason or the words on the directory. */
static void test_a_long_path_is_shortened_and_the_reason_kept_whole(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        skip();
    char dir[300], path[400];
    snprintf(dir, sizeof dir, "%s/%0*d", sqlite_dir, 200 - (int)strlen(sqlite_dir), 0);
    assert_int_equal(mkdir(dir, 0755), 0);
    snprintf(path, sizeof path, "%s/missing/%0*d.db", dir, 240 - (int)strlen(dir) - 12, 7);
    assert_int_equal(strlen(path), 240);
    ls_db *db = NULL;
    ls_error e = {0};
    assert_int_equal(ls_db_open(&db, path, &e), LS_DB_EIO);
    char want[64];
    snprintf(want, sizeof want, "/missing/%s", strrchr(path, '/') + 1);
    if (!strstr(e.msg, "...") || !strstr(e.msg, want) ||
        !strstr(e.msg, ": unable to open database file (its directory does not exist: "
                       "the store makes its file there, not the directory)"))
        fail_msg("not shortened, or the reason cut: '%s'", e.msg);
    /* The hold's words too. */
    snprintf(path, sizeof path, "%s/%0*d.db", dir, 240 - (int)strlen(dir) - 4, 8);
    snprintf(where, sizeof where, "%s", path);
    ls_db *first = open_store(), *second = open_store();
    OK(ls_db_hold(first, ERR));
    memset(&e, 0, sizeof e);
    assert_int_equal(ls_db_hold(second, &e), LS_DB_EHELD);
    if (!strstr(e.msg, "...") || !strstr(e.msg, "(it holds the file's lock)"))
        fail_msg("not shortened, or the reason cut: '%s'", e.msg);
    ls_db_close(second);
    ls_db_close(first);
    remove_sqlite(path);
    rmdir(dir);
}

/* SQLite opens no file whose full path leaves no room under its VFS's
 * 512 bytes for the "-journal" it may add, and said only "unable to open
 * database file" (serve --data in a deep directory): the message says
 * why, and a path at the most opens. */
static void test_a_path_longer_than_sqlite_takes_is_refused_saying_so(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        skip();
    char a[320], b[600], path[1200];
    snprintf(a, sizeof a, "%s/%0240d", sqlite_dir, 1);
    snprintf(b, sizeof b, "%s/%0240d", a, 2);
    assert_int_equal(mkdir(a, 0755), 0);
    assert_int_equal(mkdir(b, 0755), 0);
    size_t most = (size_t)sqlite3_vfs_find(NULL)->mxPathname - 8;
    /* The most: opens. */
    snprintf(path, sizeof path, "%s/%0*d.db", b, (int)(most - strlen(b) - 4), 3);
    assert_int_equal(strlen(path), most);
    ls_db *db = NULL;
    ls_error e = {0};
    if (ls_db_open(&db, path, &e))
        fail_msg("a path of %zu bytes: %s", most, e.msg);
    ls_db_close(db);
    remove_sqlite(path);
    /* One byte more: refused, saying why. */
    snprintf(path, sizeof path, "%s/%0*d.db", b, (int)(most + 1 - strlen(b) - 4), 4);
    memset(&e, 0, sizeof e);
    assert_int_equal(ls_db_open(&db, path, &e), LS_DB_EIO);
    char want[160];
    snprintf(want, sizeof want, "(SQLite opens no file whose full path has more than %zu bytes, "
             "and this one has %zu: give a shorter path)", most, most + 1);
    if (!strstr(e.msg, want))
        fail_msg("no reason: '%s'", e.msg);
    assert_int_equal(access(path, F_OK), -1); /* nothing made */
    rmdir(b);
    rmdir(a);
}

static void test_a_store_that_cannot_be_opened_says_why(void **state)
{
    (void)state;
    ls_db *db = NULL;
    ls_error e;
    if (!strcmp(backend, "sqlite")) {
        /* A directory that is not there is said to be missing, not
         * unwritable ('its directory cannot be written here: No such file
         * or directory'). */
        assert_int_equal(ls_db_open(&db, "/nonexistent-dir/x/store.db", &e), LS_DB_EIO);
        if (!strstr(e.msg, "/nonexistent-dir/x/store.db: unable to open database file "
                           "(its directory does not exist: the store makes its file "
                           "there, not the directory)"))
            fail_msg("'%s'", e.msg);
        char file[600], in_file[620];
        snprintf(file, sizeof file, "%s.file", where);
        snprintf(in_file, sizeof in_file, "%s/store.db", file);
        FILE *f = fopen(file, "w");
        assert_non_null(f);
        fclose(f);
        assert_int_equal(ls_db_open(&db, in_file, &e), LS_DB_EIO);
        unlink(file);
        if (!strstr(e.msg, "(its directory is no directory: the store makes its file "
                           "there, not the directory)"))
            fail_msg("'%s'", e.msg);
    } else {
        assert_int_equal(ls_db_open(&db, "postgresql://leastscore@/postgres?host=/nonexistent-dir",
                                    &e),
                         LS_DB_EIO);
        assert_non_null(strstr(e.msg, "cannot connect"));
    }
    assert_null(db);
    assert_int_equal(ls_db_open(&db, "", &e), LS_EINVAL);
}

/* The whole of a file (malloc'd, *n its size), or NULL when it is missing. */
static unsigned char *file_bytes(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    unsigned char *b = NULL;
    size_t size = 0;
    for (;;) {
        unsigned char *nb = realloc(b, size + 4096);
        assert_non_null(nb);
        b = nb;
        size_t got = fread(b + size, 1, 4096, f);
        size += got;
        if (got < 4096)
            break;
    }
    fclose(f);
    *n = size;
    return b;
}

/* path holds what it held (before, n bytes), and SQLite left no -wal or
 * -shm beside it. */
static void assert_file_kept(const char *path, const unsigned char *before, size_t n)
{
    size_t m = 0;
    unsigned char *now = file_bytes(path, &m);
    assert_non_null(now);
    if (m != n || memcmp(now, before, n))
        fail_msg("%s changed: %zu bytes, %zu before", path, m, n);
    free(now);
    char p[600];
    snprintf(p, sizeof p, "%s-wal", path);
    assert_int_equal(access(p, F_OK), -1);
    snprintf(p, sizeof p, "%s-shm", path);
    assert_int_equal(access(p, F_OK), -1);
}

/* The first column of the test's own PostgreSQL connection's answer. */
static long pg_scalar(const char *sql)
{
    pg_admin("SELECT 1"); /* connects */
    PGresult *r = PQexec(admin, sql);
    if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1)
        fail_msg("%s: %s", sql, PQerrorMessage(admin));
    long v = strtol(PQgetvalue(r, 0, 0), NULL, 10);
    PQclear(r);
    return v;
}

/* A value read from where without the store's code: SQLite's own
 * connection, or the test's PostgreSQL one. */
static long raw_scalar(const char *sql)
{
    if (strcmp(backend, "sqlite"))
        return pg_scalar(sql);
    sqlite3 *h = NULL;
    sqlite3_stmt *q = NULL;
    long v = -1;
    assert_int_equal(sqlite3_open_v2(where, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &q, NULL), SQLITE_OK);
    if (sqlite3_step(q) == SQLITE_ROW)
        v = (long)sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    sqlite3_close(h);
    return v;
}

/* A store a newer leastscore made is refused, naming it (the file, or the
 * PostgreSQL database and schema) and what to run on it, and is left as
 * it was: its file byte for byte, its version and its players. */
static void test_a_schema_newer_than_the_program_is_refused(void **state)
{
    (void)state;
    ls_db *db = open_store();
    new_player(db, "Newer", "newer-device-token-01");
    OK(ls__db_exec(db, "INSERT INTO schema_version (version, applied_at) VALUES (99, 0)",
                   NULL, NULL, ERR));
    ls_db_close(db);
    bool sqlite = !strcmp(backend, "sqlite");
    size_t n = 0;
    unsigned char *before = sqlite ? file_bytes(where, &n) : NULL;
    ls_error e;
    db = (ls_db *)1;
    assert_int_equal(ls_db_open(&db, where, &e), LS_DB_ESCHEMA);
    assert_null(db);
    char want[700];
    if (sqlite)
        snprintf(want, sizeof want, "%s: its schema is version 99, newer than this "
                 "program's %d (a newer leastscore made it): run that one or a newer one "
                 "on it; it is left as it was", where, ls_db_schema_latest());
    else
        snprintf(want, sizeof want, "the store, PostgreSQL database postgres schema "
                 "public: its schema is version 99, newer than this program's %d",
                 ls_db_schema_latest());
    if (!strstr(e.msg, want))
        fail_msg("'%s' lacks '%s'", e.msg, want);
    if (sqlite) {
        assert_non_null(before);
        assert_file_kept(where, before, n);
        free(before);
    }
    assert_int_equal(raw_scalar("SELECT MAX(version) FROM schema_version"), 99);
    assert_int_equal(raw_scalar("SELECT COUNT(*) FROM players WHERE name = 'Newer'"), 1);
}

/* Opens where and expects it refused as not leastscore's, the message
 * holding want; held or not, nothing is made. */
static void assert_refused_as_foreign(const char *want)
{
    for (int held = 0; held < 2; held++) {
        ls_db *db = (ls_db *)1;
        ls_error e = {0};
        int rc = held ? ls_db_open_held(&db, where, &e) : ls_db_open(&db, where, &e);
        if (rc != LS_DB_EFOREIGN || !strstr(e.msg, want))
            fail_msg("opening%s: %d '%s', want %d '%s'", held ? " held" : "", rc, e.msg,
                     LS_DB_EFOREIGN, want);
        assert_null(db);
    }
}

/* A store with tables, none of them leastscore's (another program's
 * SQLite file, a PostgreSQL schema of other tables), is refused before
 * anything is written in it: the migrations used to add leastscore's
 * tables beside the others (and SQLite's switch to WAL rewrote the
 * file's header). A table named schema_version that is not leastscore's
 * (Flyway's of old) makes it no store either. */
static void test_a_store_of_another_programs_tables_is_refused_unchanged(void **state)
{
    (void)state;
    const char *other = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);"
                        "CREATE TABLE tags (note INTEGER, tag TEXT);"
                        "CREATE VIEW tagged AS SELECT body, tag FROM notes JOIN tags"
                        " ON note = id;"
                        "INSERT INTO notes VALUES (1, 'kept')";
    const char *flyway = "CREATE TABLE schema_version (installed_rank INTEGER, version TEXT)";
    char want[700];
    if (!strcmp(backend, "sqlite")) {
        sqlite3 *h = NULL;
        assert_int_equal(sqlite3_open(where, &h), SQLITE_OK);
        assert_int_equal(sqlite3_exec(h, other, NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(h);
        size_t n = 0;
        unsigned char *before = file_bytes(where, &n);
        assert_non_null(before);
        snprintf(want, sizeof want, "%s is an SQLite database with 3 tables, none of them "
                 "leastscore's (notes, tagged, tags): give an empty file or a leastscore "
                 "store", where);
        assert_refused_as_foreign(want);
        assert_file_kept(where, before, n);
        free(before);
        assert_int_equal(sqlite3_open(where, &h), SQLITE_OK);
        assert_int_equal(sqlite3_exec(h, flyway, NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(h);
        before = file_bytes(where, &n);
        assert_refused_as_foreign("with 4 tables, none of them leastscore's (notes, "
                                  "schema_version, tagged, ...)");
        assert_file_kept(where, before, n);
        free(before);
    } else {
        pg_admin(other);
        const char *count = "SELECT COUNT(*) FROM pg_class c JOIN pg_namespace s ON"
                            " s.oid = c.relnamespace WHERE s.nspname = 'public'";
        long objects = pg_scalar(count);
        assert_refused_as_foreign("the store, PostgreSQL database postgres schema public, "
                                  "holds 3 tables, none of them leastscore's (notes, "
                                  "tagged, tags): give an empty schema or a leastscore "
                                  "store");
        assert_int_equal(pg_scalar(count), objects);
        pg_admin(flyway);
        objects = pg_scalar(count);
        assert_refused_as_foreign("holds 4 tables, none of them leastscore's (notes, "
                                  "schema_version, tagged, ...)");
        assert_int_equal(pg_scalar(count), objects);
        assert_int_equal(pg_scalar("SELECT COUNT(*) FROM notes"), 1);
    }
}

/* An empty file, and an empty schema, are made stores; so is a store
 * begun whose first migration never ran (schema_version alone). */
static void test_an_empty_file_or_schema_is_made_a_store(void **state)
{
    (void)state;
    if (!strcmp(backend, "sqlite")) {
        FILE *f = fopen(where, "w");
        assert_non_null(f);
        fclose(f);
    }
    ls_db *db = open_store();
    int v = 0;
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    ls_db_close(db);
}

/* A file that is not an SQLite database (text, a picture) is refused,
 * saying so, and kept as it was. */
static void test_a_file_that_is_not_sqlites_is_refused_unchanged(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        skip();
    static const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
                                        0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1,
                                        0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4};
    const char *text = "players: Ann, Bob\nthis is not a database, but my notes\n";
    const struct {
        const void *bytes;
        size_t n;
    } files[] = {{text, strlen(text)}, {png, sizeof png}};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        FILE *f = fopen(where, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(files[i].bytes, 1, files[i].n, f), files[i].n);
        fclose(f);
        char want[700];
        snprintf(want, sizeof want, "%s is not an SQLite database (SQLite: file is not a "
                 "database): give an empty file or a leastscore store", where);
        assert_refused_as_foreign(want);
        assert_file_kept(where, files[i].bytes, files[i].n);
    }
}

/* A store file damaged or cut short (a copy taken while it was written, a
 * disk that failed) is refused at opening with SQLite's words, the file's
 * name and what to do, and left as it is: cut after 50 bytes (inside
 * SQLite's header), after its first page, and in its middle. */
static void test_a_store_file_cut_short_is_refused_unchanged(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        skip();
    ls_db *db = open_store();
    for (int i = 0; i < 40; i++) {
        char name[16], token[32];
        snprintf(name, sizeof name, "Cut%d", i);
        snprintf(token, sizeof token, "cut-device-token-%04d", i);
        new_player(db, name, token);
    }
    ls_db_close(db);
    size_t n = 0;
    unsigned char *whole = file_bytes(where, &n);
    assert_non_null(whole);
    assert_true(n > 8192);
    const size_t cuts[] = {50, 4096, n / 2};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        FILE *f = fopen(where, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(whole, 1, cuts[i], f), cuts[i]);
        fclose(f);
        ls_error e;
        db = (ls_db *)1;
        assert_int_equal(ls_db_open(&db, where, &e), LS_DB_EIO);
        assert_null(db);
        if (!strstr(e.msg, where) ||
            !strstr(e.msg, "sqlite: database disk image is malformed (the file is damaged "
                           "or cut short: put back a copy from before the damage, or give "
                           "another file)"))
            fail_msg("cut at %zu: '%s'", cuts[i], e.msg);
        assert_file_kept(where, whole, cuts[i]);
    }
    free(whole);
}

/* A process out of descriptors is told so: SQLite says "unable to open
 * database file", which read as the file's fault (a login under a low
 * ulimit -n was told so, with the store there). */
static void test_a_store_opened_with_no_descriptor_left_says_so(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        skip();
    struct rlimit old, low;
    assert_int_equal(getrlimit(RLIMIT_NOFILE, &old), 0);
    low = old;
    low.rlim_cur = 64;
    assert_int_equal(setrlimit(RLIMIT_NOFILE, &low), 0);
    int fds[64], n = 0;
    while (n < 64 && (fds[n] = open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0)
        n++;
    ls_db *db = NULL;
    ls_error e;
    int rc = ls_db_open(&db, where, &e);
    while (n > 0)
        close(fds[--n]);
    assert_int_equal(setrlimit(RLIMIT_NOFILE, &old), 0);
    assert_int_equal(rc, LS_DB_EIO);
    assert_null(db);
    assert_non_null(strstr(e.msg, "too many open files: the server has as many files open "
                                  "as it may; raise ulimit -n"));
}

/* A store whose migration fails at its opening names its file: on a full
 * disk the first opening said only "sqlite: database or disk is full".
 * Here the file has a table of the schema's name already, made by hand
 * beside an empty schema_version (a file with no schema_version is not
 * a store, and is refused before any migration). */
static void test_a_migration_that_fails_at_opening_names_the_file(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        return;
    char path[600];
    snprintf(path, sizeof path, "%s/by-hand.db", sqlite_dir);
    sqlite3 *h = NULL;
    assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
    /* A store begun (schema_version made), whose first migration meets
     * a table of its own name. */
    assert_int_equal(sqlite3_exec(h, "CREATE TABLE schema_version (version INTEGER PRIMARY "
                                     "KEY, applied_at BIGINT NOT NULL);"
                                     "CREATE TABLE players (x INTEGER)", NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(h);
    ls_db *db = NULL;
    ls_error e;
    assert_int_equal(ls_db_open(&db, path, &e), LS_DB_EIO);
    assert_null(db);
    if (!strstr(e.msg, path) || !strstr(e.msg, "migration to schema version 1 failed"))
        fail_msg("the message: '%s'", e.msg);
    unlink(path);
}

/* Opens path in a child that is "nobody" when the test runs as root (root
 * writes any file); msg gets the error's message. Returns the child's
 * status: 0 when the opening failed with LS_DB_EIO. */
static int open_as_nobody(const char *path, char *msg, size_t size)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(3);
        ls_error e = {0};
        ls_db *db = NULL;
        int rc = ls_db_open(&db, path, &e);
        if (write(fds[1], e.msg, strlen(e.msg)) < 0)
            _exit(4);
        _exit(rc == LS_DB_EIO && !db ? 0 : 1);
    }
    close(fds[1]);
    ssize_t n = read(fds[0], msg, size - 1);
    msg[n > 0 ? n : 0] = '\0';
    close(fds[0]);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return status;
}

/* A store file this process cannot write is refused at its opening,
 * saying so: SQLite opened it read-only without a word, and the server
 * started and failed every write. The directory is writable (the WAL's
 * files can be made), the file is not. */
static void test_a_store_file_that_cannot_be_written_is_refused(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        return;
    char dir[64], path[128], msg[512];
    snprintf(dir, sizeof dir, "/tmp/lsro.XXXXXX");
    assert_non_null(mkdtemp(dir));
    assert_int_equal(chmod(dir, 0777), 0);
    snprintf(path, sizeof path, "%s/store.db", dir);
    ls_db *db = NULL;
    assert_int_equal(ls_db_open(&db, path, ERR), 0);
    ls_db_close(db);
    assert_int_equal(chmod(path, 0444), 0);
    int status = open_as_nobody(path, msg, sizeof msg);
    remove_sqlite(path);
    rmdir(dir);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail_msg("a read-only store was opened (status %d): '%s'", status, msg);
    assert_non_null(strstr(msg, path));
    assert_non_null(strstr(msg, "read-only"));
}

/* A store in a directory this process cannot write says that the
 * directory is the cause: SQLite said only "unable to open
 * database file" (no file yet) or "attempt to write a readonly database"
 * (a file that may be written, its -wal not), of the file. */
static void test_a_store_in_a_directory_that_cannot_be_written_says_so(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        return;
    char dir[64], path[128], msg[512], want[128];
    snprintf(dir, sizeof dir, "/tmp/lsrodir.XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/store.db", dir);
    snprintf(want, sizeof want, "its directory cannot be written here");
    assert_int_equal(chmod(dir, 0555), 0);
    int none = open_as_nobody(path, msg, sizeof msg);
    bool none_said = strstr(msg, want) && strstr(msg, path);
    char none_msg[512];
    snprintf(none_msg, sizeof none_msg, "%s", msg);
    /* A file the other user may write, beside which no -wal can be made. */
    assert_int_equal(chmod(dir, 0755), 0);
    ls_db *db = NULL;
    assert_int_equal(ls_db_open(&db, path, ERR), 0);
    ls_db_close(db);
    remove_sqlite(path);
    assert_int_equal(ls_db_open(&db, path, ERR), 0);
    ls_db_close(db);
    char side[160];
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
    assert_int_equal(chmod(path, 0666), 0);
    assert_int_equal(chmod(dir, 0555), 0);
    int beside = open_as_nobody(path, msg, sizeof msg);
    chmod(dir, 0755);
    remove_sqlite(path);
    rmdir(dir);
    if (!WIFEXITED(none) || WEXITSTATUS(none) != 0 || !none_said)
        fail_msg("no file: status %d, '%s'", none, none_msg);
    if (!WIFEXITED(beside) || WEXITSTATUS(beside) != 0 || !strstr(msg, want))
        fail_msg("a writable file: status %d, '%s'", beside, msg);
}

/* ------------------------------------------------------------------ */
/* Players                                                             */
/* ------------------------------------------------------------------ */

static void test_a_token_is_hashed_with_sha256(void **state)
{
    (void)state;
    char h[LS_DB_HASH_SIZE];
    ls_db_token_hash("abc", h);
    assert_string_equal(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

static void test_a_player_is_found_by_token_and_name(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ann = new_player(db, "Ann", "0123456789abcdef0123456789abcdef");
    int64_t bob = new_player(db, "Bob", "fedcba9876543210fedcba9876543210");
    assert_int_not_equal(ann, bob);
    ls_db_player p;
    OK(ls_db_player_by_token(db, "0123456789abcdef0123456789abcdef", &p, ERR));
    assert_int_equal(p.id, ann);
    assert_string_equal(p.name, "Ann");
    assert_string_equal(p.bot, "");
    assert_false(p.has_password);
    assert_close(p.rating.mu, 25.0);
    assert_close(p.ordinal, 0.0);
    assert_int_equal(p.matches, 0);
    OK(ls_db_player_by_name(db, "Bob", &p, ERR));
    assert_int_equal(p.id, bob);
    OK(ls_db_player_by_id(db, bob, &p, ERR));
    assert_string_equal(p.name, "Bob");
    ls_error e;
    assert_int_equal(ls_db_player_by_token(db, "0123456789abcdef0123456789abcdeX", &p, &e),
                     LS_DB_ENOTFOUND);
    assert_int_equal(ls_db_player_by_name(db, "Cid", &p, &e), LS_DB_ENOTFOUND);
    assert_non_null(strstr(e.msg, "Cid"));
    assert_int_equal(ls_db_player_by_id(db, 999999, &p, &e), LS_DB_ENOTFOUND);
    ls_db_close(db);
}

static void test_only_the_hash_of_a_token_is_stored(void **state)
{
    (void)state;
    ls_db *db = open_store();
    const char *token = "secret-token-of-ann-0001";
    new_player(db, "Ann", token);
    char hash[LS_DB_HASH_SIZE], sql[256];
    ls_db_token_hash(token, hash);
    snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM player_tokens WHERE token_hash = '%s'",
             hash);
    assert_int_equal(scalar(db, sql), 1);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM player_tokens"), 1);
    snprintf(sql, sizeof sql,
             "SELECT COUNT(*) FROM player_tokens WHERE token_hash LIKE '%%%s%%'", token);
    assert_int_equal(scalar(db, sql), 0);
    ls_db_close(db);
}

static void test_a_taken_name_or_token_is_refused_and_nothing_is_written(void **state)
{
    (void)state;
    ls_db *db = open_store();
    new_player(db, "Ann", "token-number-one-0001");
    ls_error e;
    int64_t id = 0;
    assert_int_equal(ls_db_player_create(db, "Ann", "token-number-two-0002", &id, &e),
                     LS_DB_EEXISTS);
    assert_non_null(strstr(e.msg, "Ann is taken"));
    assert_int_equal(ls_db_player_create(db, "Bob", "token-number-one-0001", &id, &e),
                     LS_DB_EEXISTS);
    /* Bob's row went with the failed transaction. */
    ls_db_player p;
    assert_int_equal(ls_db_player_by_name(db, "Bob", &p, &e), LS_DB_ENOTFOUND);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM players"), 1);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM player_tokens"), 1);
    ls_db_close(db);
}

static void test_bad_names_and_tokens_are_refused(void **state)
{
    (void)state;
    ls_db *db = open_store();
    ls_error e;
    const char *good = "a-good-token-000001";
    assert_int_equal(ls_db_player_create(db, "", good, NULL, &e), LS_EINVAL);
    assert_int_equal(ls_db_player_create(db, "Robert'); DROP", good, NULL, &e), LS_EINVAL);
    assert_non_null(strstr(e.msg, "not a valid name"));
    assert_int_equal(ls_db_player_create(db, "SeventeenLetters1", good, NULL, &e), LS_EINVAL);
    assert_int_equal(ls_db_player_create(db, "Ann", "short", NULL, &e), LS_EINVAL);
    assert_non_null(strstr(e.msg, "not 5"));
    assert_int_equal(ls_db_player_create(db, "Ann", "has a space in it 0001", NULL, &e),
                     LS_EINVAL);
    assert_int_equal(ls_db_player_create(db, "Ann", NULL, NULL, &e), LS_EINVAL);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM players"), 0);
    ls_db_close(db);
}

/* A name is a person's in any case: "ANN" is refused once Ann exists
 * (nothing written), and "ann" finds Ann, by name and at login. */
static void test_a_name_is_taken_in_any_case_and_found_in_any_case(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ann = new_player(db, "Ann", "first-device-token-01");
    ls_error e;
    int64_t id = 0;
    assert_int_equal(ls_db_player_create(db, "ANN", "other-device-token-02", &id, &e),
                     LS_DB_EEXISTS);
    assert_non_null(strstr(e.msg, "ANN is taken"));
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM players"), 1);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM player_tokens"), 1);
    ls_db_player p;
    OK(ls_db_player_by_name(db, "aNN", &p, ERR));
    assert_int_equal(p.id, ann);
    assert_string_equal(p.name, "Ann");
    OK(ls_db_player_set_password(db, ann, "correct horse", ERR));
    OK(ls_db_player_login(db, "ann", "correct horse", "second-device-token-2", &id, ERR));
    assert_int_equal(id, ann);
    /* A computer level of the same name is another player. */
    int64_t bot = 0;
    OK(ls_db_bot_player(db, "ann", &bot, ERR));
    assert_int_not_equal(bot, ann);
    OK(ls_db_player_by_name(db, "ann", &p, ERR));
    assert_int_equal(p.id, ann);
    ls_db_close(db);
}

/* A store of schema 1, where "Ann" and "ann" could both be made, gains
 * schema 2 without losing either: each keeps its name and profile, found
 * by exact spelling; in another case the name is the older one's. */
static void test_names_that_differ_in_case_survive_the_migration(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ann = new_player(db, "Ann", "first-device-token-01");
    /* Back to schema 1, and a second "ann" as schema 1 let it be made. */
    undo_schemas_4_to_7(db);
    OK(ls__db_exec(db, "DROP TABLE live_chat", NULL, NULL, ERR));
    OK(ls__db_exec(db, "DROP TABLE player_names", NULL, NULL, ERR));
    OK(ls__db_exec(db, "DELETE FROM schema_version WHERE version >= 2", NULL, NULL, ERR));
    OK(ls__db_exec(db, "INSERT INTO players (name, bot, mu, sigma, created_at)"
                       " VALUES ('ann', '', 25, 8.3, 0)", NULL, NULL, ERR));
    ls_db_close(db);
    db = open_store();
    int v = 0;
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM players WHERE bot = ''"), 2);
    ls_db_player p;
    OK(ls_db_player_by_name(db, "Ann", &p, ERR));
    assert_int_equal(p.id, ann);
    OK(ls_db_player_by_name(db, "ann", &p, ERR));
    assert_int_not_equal(p.id, ann);
    assert_string_equal(p.name, "ann");
    OK(ls_db_player_by_name(db, "ANN", &p, ERR));
    assert_int_equal(p.id, ann);
    ls_error e;
    int64_t id = 0;
    assert_int_equal(ls_db_player_create(db, "aNn", "third-device-token-03", &id, &e),
                     LS_DB_EEXISTS);
    ls_db_close(db);
}

/* A name that looks like another player's (server/names.h: I l 1, O 0,
 * rn m, vv w, in any case) is refused, naming that player, with nothing
 * written; names that differ by more are made. Iris still logs in as
 * "iris", but "lris" is not her name. */
static void test_a_name_that_looks_like_another_players_is_refused(void **state)
{
    (void)state;
    int64_t iris;
    ls_db *db = open_store_of_four(&iris);
    static const char *const alike[][2] = {
        {"lris", "Iris"}, {"1ris", "Iris"}, {"IRlS", "Iris"}, {"BOB0", "BOBO"},
        {"b0b0", "BOBO"}, {"rnary", "mary"}, {"vvill", "will"}, {"VVi1l", "will"},
    };
    refuse_lookalikes(db, alike, sizeof alike / sizeof alike[0], "other-device-token-02");
    ls_error e;
    int64_t id = 0;
    assert_int_equal(ls_db_player_create(db, "IRIS", "other-device-token-02", &id, &e),
                     LS_DB_EEXISTS);
    assert_string_equal(e.msg, "the name IRIS is taken");
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM players"), 4);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM player_tokens"), 4);
    new_player(db, "Irish", "irish-device-token-1");
    new_player(db, "Bob", "bob-device-token-0001");
    new_player(db, "marys", "marys-device-token-1");
    OK(ls_db_player_set_password(db, iris, "correct horse", ERR));
    OK(ls_db_player_login(db, "iris", "correct horse", "iris-device-token-02", &id, ERR));
    assert_int_equal(id, iris);
    assert_int_equal(ls_db_player_login(db, "lris", "correct horse", "iris-device-token-03",
                                        &id, &e),
                     LS_DB_EAUTH);
    ls_db_player p;
    assert_int_equal(ls_db_player_by_name(db, "lris", &p, &e), LS_DB_ENOTFOUND);
    /* Whose name a guest's looks like. */
    char holder[LS_NAME_MAX + 1];
    OK(ls_db_name_holder(db, "1RIS", 0, holder, ERR));
    assert_string_equal(holder, "Iris");
    OK(ls_db_name_holder(db, "rnary", 0, holder, ERR));
    assert_string_equal(holder, "mary");
    OK(ls_db_name_holder(db, "Zed", 0, holder, ERR));
    assert_string_equal(holder, "");
    assert_int_equal(ls_db_name_holder(db, "no name", 0, holder, &e), LS_EINVAL);
    ls_db_close(db);
}

/* A guest's name check is a question the server can do without: asked
 * with an answer time (ls_db_name_holder's answer_ms), a PostgreSQL that
 * answers late has it given up on and cancelled, not the connection
 * closed (which the next statement would make again, and the peer's
 * connection with it: a slow but alive database had both made again at
 * each guest). The late answer is a lock on player_looks that the test's
 * own connection holds: while it is held, a second such question is
 * given up on too, and another statement is answered at once on the same
 * session (the questions cancelled, their answers dropped; without the
 * cancel it waited for the lock, 4 s, and closed the connection). */
static void test_a_question_given_up_on_keeps_the_connection(void **state)
{
    (void)state;
    if (strcmp(backend, "postgresql"))
        skip();
    ls_db *db = open_store();
    new_player(db, "Iris", "iris-device-token-01");
    long pid = scalar(db, "SELECT pg_backend_pid()");
    pg_admin("BEGIN");
    pg_admin("LOCK TABLE player_looks IN ACCESS EXCLUSIVE MODE");
    char holder[LS_NAME_MAX + 1] = "x";
    ls_error e = {0};
    assert_int_equal(ls_db_name_holder(db, "lris", 100, holder, &e), LS_DB_EIO);
    assert_string_equal(e.msg, "postgresql: no answer in 0.1 s: given up on, the "
                        "connection kept");
    assert_string_equal(holder, "");
    assert_false(ls_db_unavailable(db));
    /* Given up on at once while the first's cancel is not sent, or
     * after its own wait. */
    memset(&e, 0, sizeof e);
    assert_int_equal(ls_db_name_holder(db, "lris", 100, holder, &e), LS_DB_EIO);
    if (strcmp(e.msg, "postgresql: an earlier question is not answered yet: given up "
               "on, the connection kept") &&
        strcmp(e.msg, "postgresql: no answer in 0.1 s: given up on, the connection kept"))
        fail_msg("%s", e.msg);
    assert_int_equal(scalar(db, "SELECT pg_backend_pid()"), pid);
    assert_false(ls_db_unavailable(db));
    pg_admin("COMMIT");
    OK(ls_db_name_holder(db, "lris", 100, holder, ERR));
    assert_string_equal(holder, "Iris");
    assert_int_equal(scalar(db, "SELECT pg_backend_pid()"), pid);
    ls_db_close(db);
}

/* A store of schema 6, where "Iris" and "lris" could both be made, gains
 * schema 7 without failing on them: each keeps its name, profile and
 * login; the oldest holds the look, so that no third one is made. The
 * names exercise each fold of the key in SQL, which must be the C one. */
static void test_names_that_look_alike_survive_the_migration(void **state)
{
    (void)state;
    int64_t iris;
    ls_db *db = open_store_of_four(&iris);
    /* Back to schema 6, and the look-alikes as schema 6 let them be made. */
    undo_schema_9(db);
    OK(ls__db_exec(db, "DROP TABLE player_looks", NULL, NULL, ERR));
    OK(ls__db_exec(db, "DELETE FROM schema_version WHERE version >= 7", NULL, NULL, ERR));
    static const char *const old[] = {"lris", "BOB0", "rnary", "VViII"};
    for (int i = 0; i < 4; i++) {
        char sql[256];
        snprintf(sql, sizeof sql, "INSERT INTO players (name, bot, mu, sigma, created_at)"
                 " VALUES ('%s', '', 25, 8.3, 0)", old[i]);
        OK(ls__db_exec(db, sql, NULL, NULL, ERR));
        snprintf(sql, sizeof sql, "INSERT INTO player_names (name_key, player_id)"
                 " SELECT lower(name), id FROM players WHERE name = '%s'", old[i]);
        OK(ls__db_exec(db, sql, NULL, NULL, ERR));
    }
    ls_db_close(db);
    db = open_store();
    int v = 0;
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM players WHERE bot = ''"), 8);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM player_looks"), 4);
    ls_db_player p;
    OK(ls_db_player_by_name(db, "lris", &p, ERR));
    assert_int_not_equal(p.id, iris);
    assert_string_equal(p.name, "lris");
    OK(ls_db_player_set_password(db, p.id, "lris own horse", ERR));
    int64_t id = 0;
    OK(ls_db_player_login(db, "LRIS", "lris own horse", "lris-device-token-02", &id, ERR));
    assert_int_equal(id, p.id);
    OK(ls_db_player_by_name(db, "Iris", &p, ERR));
    assert_int_equal(p.id, iris);
    static const char *const alike[][2] = {
        {"1ris", "Iris"}, {"B0BO", "BOBO"}, {"RNary", "mary"}, {"vvi1l", "will"},
    };
    refuse_lookalikes(db, alike, sizeof alike / sizeof alike[0], "third-device-token-03");
    new_player(db, "Irene", "irene-device-token-1");
    ls_db_close(db);
}

/* "vw", "wv" and "vvv" are one look (server/names.h, step 4): a run of v
 * and w is one key however it is written, in C and in SQL alike. Schema
 * 7's key (vv made w from the left) gave "Avw" the key "avw" and "Avvv"
 * "awv", so that both were made; a store of schema 7 holding both gains
 * schema 8 with the oldest holding the one key, each name kept. */
static void test_a_run_of_v_and_w_is_one_look(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t avw = new_player(db, "Avw", "avw-device-token-0001");
    static const char *const alike[][2] = {{"Avvv", "Avw"}, {"AWV", "Avw"}, {"avvv", "Avw"}};
    refuse_lookalikes(db, alike, sizeof alike / sizeof alike[0], "other-device-token-02");
    ls_error e;
    int64_t id = 0;
    /* Four v are two w: another look. */
    new_player(db, "Avvvv", "avvvv-device-token-1");
    char holder[LS_NAME_MAX + 1];
    OK(ls_db_name_holder(db, "AvVv", 0, holder, ERR));
    assert_string_equal(holder, "Avw");
    /* The key in SQL is the C one, at the 16 bytes of a name too. */
    static const char *const names[] = {
        "vw", "wv", "vvv", "VwV", "wwv", "vvvvv", "rnvv", "Irnvwi0", "vvvvvvvvvvvvvvvv",
        "wwwwwwwwwwwwwwww", "rnrnrnrnrnrnrnrn", "rnvvrnvvrnvvrnvv", "vwvwvwvwvwvwvwvW",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char query[512], got[32] = "", want[LS_NAME_MAX + 1];
        snprintf(query, sizeof query, "SELECT " SRV_LOOK_SQL("'%s'"), names[i]);
        OK(ls__db_exec(db, query, row_text, got, ERR));
        srv_name_look(names[i], want, sizeof want);
        assert_string_equal(got, want);
    }
    /* Back to schema 7, with "Avvv" made under its key of then. */
    undo_schema_9(db);
    OK(ls__db_exec(db, "DELETE FROM schema_version WHERE version >= 8", NULL, NULL, ERR));
    OK(ls__db_exec(db, "INSERT INTO players (name, bot, mu, sigma, created_at)"
                   " VALUES ('Avvv', '', 25, 8.3, 0)", NULL, NULL, ERR));
    OK(ls__db_exec(db, "INSERT INTO player_names (name_key, player_id)"
                   " SELECT lower(name), id FROM players WHERE name = 'Avvv'", NULL, NULL,
                   ERR));
    OK(ls__db_exec(db, "UPDATE player_looks SET look_key = 'avw' WHERE look_key = 'awv'",
                   NULL, NULL, ERR));
    OK(ls__db_exec(db, "INSERT INTO player_looks (look_key, player_id)"
                   " SELECT 'awv', id FROM players WHERE name = 'Avvv'", NULL, NULL, ERR));
    ls_db_close(db);
    db = open_store();
    int v = 0;
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM player_looks"), 2);
    OK(ls_db_name_holder(db, "VVVVVV", 0, holder, ERR));
    assert_string_equal(holder, "");
    OK(ls_db_name_holder(db, "wv", 0, holder, ERR));
    assert_string_equal(holder, "");
    OK(ls_db_name_holder(db, "Awv", 0, holder, ERR));
    assert_string_equal(holder, "Avw");
    ls_db_player p;
    OK(ls_db_player_by_name(db, "Avvv", &p, ERR));
    assert_int_not_equal(p.id, avw);
    assert_int_equal(ls_db_player_create(db, "AVW", "third-device-token-03", &id, &e),
                     LS_DB_EEXISTS);
    ls_db_close(db);
}

static void test_a_password_gives_the_profile_to_another_device(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ann = new_player(db, "Ann", "first-device-token-01");
    new_player(db, "Bob", "bob-device-token-0001");
    ls_error e;
    int64_t id = 0;
    assert_int_equal(ls_db_player_login(db, "Ann", "correct horse", "second-device-token-2",
                                        &id, &e),
                     LS_DB_EAUTH);
    assert_int_equal(ls_db_player_set_password(db, ann, "short", &e), LS_EINVAL);
    OK(ls_db_player_set_password(db, ann, "correct horse", ERR));
    char sql[128];
    snprintf(sql, sizeof sql,
             "SELECT COUNT(*) FROM players WHERE id = %lld AND password_hash LIKE '$argon2id$%%'",
             (long long)ann);
    assert_int_equal(scalar(db, sql), 1);
    assert_int_equal(ls_db_player_login(db, "Ann", "wrong horse", "second-device-token-2",
                                        &id, &e),
                     LS_DB_EAUTH);
    assert_int_equal(ls_db_player_login(db, "Bob", "correct horse", "second-device-token-2",
                                        &id, &e),
                     LS_DB_EAUTH);
    assert_int_equal(ls_db_player_login(db, "Zed", "correct horse", "second-device-token-2",
                                        &id, &e),
                     LS_DB_EAUTH);
    ls_db_player p;
    assert_int_equal(ls_db_player_by_token(db, "second-device-token-2", &p, &e),
                     LS_DB_ENOTFOUND);
    OK(ls_db_player_login(db, "Ann", "correct horse", "second-device-token-2", &id, ERR));
    assert_int_equal(id, ann);
    OK(ls_db_player_by_token(db, "second-device-token-2", &p, ERR));
    assert_int_equal(p.id, ann);
    assert_true(p.has_password);
    OK(ls_db_player_by_token(db, "first-device-token-01", &p, ERR));
    assert_int_equal(p.id, ann);
    ls_db_close(db);
}

static void test_each_computer_level_is_one_player_apart_from_people(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t g1 = 0, g2 = 0, e1 = 0;
    OK(ls_db_bot_player(db, "greedy", &g1, ERR));
    OK(ls_db_bot_player(db, "greedy", &g2, ERR));
    OK(ls_db_bot_player(db, "expert", &e1, ERR));
    assert_int_equal(g1, g2);
    assert_int_not_equal(g1, e1);
    int64_t person = new_player(db, "greedy", "a-person-called-greedy");
    assert_int_not_equal(person, g1);
    ls_db_player p;
    OK(ls_db_player_by_name(db, "greedy", &p, ERR));
    assert_int_equal(p.id, person);
    OK(ls_db_player_by_id(db, g1, &p, ERR));
    assert_string_equal(p.bot, "greedy");
    ls_error e;
    assert_int_equal(ls_db_player_set_password(db, g1, "a password", &e), LS_DB_ENOTFOUND);
    ls_db_close(db);
}

/* ------------------------------------------------------------------ */
/* Tables in progress                                                  */
/* ------------------------------------------------------------------ */

static void test_tables_in_progress_come_back_after_reopening(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ann = new_player(db, "Ann", "ann-player-token-0001");
    int64_t t1 = example_table(db, (int64_t[]){ann, 0, 0}, 12);
    int64_t t2 = 0;
    OK(ls_db_table_begin(db, "WXYZ", "meta two", &t2, ERR));
    int64_t bot = 0;
    OK(ls_db_bot_player(db, "expert", &bot, ERR));
    ls_db_seat s = {"Eve", bot, "expert", NULL, NULL};
    OK(ls_db_table_seat(db, t2, 1, &s, ERR));
    /* Interleaved appends keep each table's own order. */
    OK(ls_db_table_append(db, t2, "leastscore 1", ERR));
    OK(ls_db_table_append(db, t1, example[12], ERR));
    OK(ls_db_table_append(db, t2, "players Dan Eve", ERR));
    ls_db_close(db);

    db = open_store();
    ls_db_live_table *t = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &t, &n, ERR));
    assert_int_equal(n, 2);
    assert_int_equal(t[0].id, t1);
    assert_string_equal(t[0].code, "ABCD");
    assert_string_equal(t[0].meta, "{\"seats\":3}");
    assert_int_equal(t[0].lines, 13);
    char *want = example_text(13);
    assert_string_equal(t[0].record, want);
    assert_int_equal(t[0].record_len, strlen(want));
    free(want);
    assert_int_equal(t[0].nseats, 3);
    char hash[LS_DB_HASH_SIZE];
    ls_db_token_hash("seat-token-bob-0002", hash);
    assert_int_equal(t[0].seat[1].seat, 1);
    assert_string_equal(t[0].seat[1].name, "Bob");
    assert_string_equal(t[0].seat[1].token_hash, hash);
    assert_int_equal(t[0].seat[0].player_id, ann);
    assert_int_equal(t[0].seat[1].player_id, 0);
    /* The record as kept replays to the last move. */
    ls_state *st = NULL;
    ls_error e;
    assert_int_equal(ls_record_read(t[0].record, t[0].record_len, &st, NULL, NULL, &e), 0);
    assert_int_equal(ls_round(st), 1);
    assert_int_equal(ls_round_turns(st), 3);
    ls_state_free(st);
    assert_int_equal(t[1].id, t2);
    assert_string_equal(t[1].record, "leastscore 1\nplayers Dan Eve\n");
    assert_int_equal(t[1].nseats, 1);
    assert_int_equal(t[1].seat[0].seat, 1);
    assert_string_equal(t[1].seat[0].bot, "expert");
    assert_int_equal(t[1].seat[0].player_id, bot);
    assert_string_equal(t[1].seat[0].token_hash, "");
    ls_db_live_tables_free(t, n);
    ls_db_close(db);
}

static void test_a_table_without_lines_comes_back_empty(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t id = 0;
    OK(ls_db_table_begin(db, "EMPT", "", &id, ERR));
    ls_db_live_table *t = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &t, &n, ERR));
    assert_int_equal(n, 1);
    assert_string_equal(t[0].record, "");
    assert_int_equal(t[0].lines, 0);
    assert_int_equal(t[0].nseats, 0);
    ls_db_live_tables_free(t, n);
    ls_db_close(db);
}

static void test_seats_change_and_empty_before_the_match(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 0);
    ls_db_seat s = {"Dan", 0, NULL, "dan-seat-token-00004", NULL};
    OK(ls_db_table_seat(db, t, 1, &s, ERR));
    OK(ls_db_table_seat(db, t, 2, NULL, ERR));
    ls_error e;
    s.player_id = 424242;
    assert_int_equal(ls_db_table_seat(db, t, 2, &s, &e), LS_DB_ENOTFOUND);
    assert_non_null(strstr(e.msg, "424242"));
    assert_int_equal(ls_db_table_seat(db, t, 8, NULL, &e), LS_EINVAL);
    assert_int_equal(ls_db_table_seat(db, t + 100, 0, NULL, &e), LS_DB_ENOTFOUND);
    s = (ls_db_seat){"bad name!", 0, NULL, NULL, NULL};
    assert_int_equal(ls_db_table_seat(db, t, 0, &s, &e), LS_EINVAL);
    /* A seat restored after a restart: its token is known by hash only. */
    char hash[LS_DB_HASH_SIZE];
    ls_db_token_hash("eve-seat-token-00005", hash);
    s = (ls_db_seat){"Eve", 0, NULL, NULL, hash};
    OK(ls_db_table_seat(db, t, 2, &s, ERR));
    s.token_hash = "not a hash";
    assert_int_equal(ls_db_table_seat(db, t, 3, &s, &e), LS_EINVAL);
    ls_db_live_table *lt = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 1);
    assert_int_equal(lt[0].nseats, 3);
    assert_string_equal(lt[0].seat[0].name, "Ann");
    assert_string_equal(lt[0].seat[1].name, "Dan");
    assert_string_equal(lt[0].seat[2].name, "Eve");
    assert_string_equal(lt[0].seat[2].token_hash, hash);
    ls_db_live_tables_free(lt, n);
    ls_db_close(db);
}

static void test_append_refuses_what_is_not_one_line_of_a_known_table(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 2);
    ls_error e;
    assert_int_equal(ls_db_table_append(db, t, "round\nhand Ann", &e), LS_EINVAL);
    assert_int_equal(ls_db_table_append(db, t, "round\r", &e), LS_EINVAL);
    assert_int_equal(ls_db_table_append(db, t, NULL, &e), LS_EINVAL);
    char big[5000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_int_equal(ls_db_table_append(db, t, big, &e), LS_EINVAL);
    assert_non_null(strstr(e.msg, "4999 bytes"));
    assert_int_equal(ls_db_table_append(db, t + 1000, "round", &e), LS_DB_ENOTFOUND);
    assert_non_null(strstr(e.msg, "no table in progress"));
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_lines"), 2);
    ls_db_close(db);
}

static void test_a_deal_is_appended_whole_or_not_at_all(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 0);
    OK(ls_db_table_append_lines(db, t, example, 4, ERR));
    const char *bad[] = {example[5], example[6], "hand Bob\nAS 3D", example[8]};
    ls_error e;
    assert_int_equal(ls_db_table_append_lines(db, t, bad, 4, &e), LS_EINVAL);
    assert_int_equal(ls_db_table_append_lines(db, t + 1000, example + 4, 6, &e),
                     LS_DB_ENOTFOUND);
    assert_int_equal(ls_db_table_append_lines(db, t, example, 0, &e), LS_EINVAL);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_lines"), 4);
    OK(ls_db_table_append_lines(db, t, example + 4, 6, ERR));
    ls_db_live_table *lt = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 1);
    char *want = example_text(10);
    assert_string_equal(lt[0].record, want);
    free(want);
    ls_db_live_tables_free(lt, n);
    ls_db_close(db);
}

/* ls_db_chat_line n of the test's chat: "line n" by Ann at seat 0. */
static ls_db_chat_line chat_line(int64_t n, char *buf, size_t size)
{
    snprintf(buf, size, "line %lld", (long long)n);
    ls_db_chat_line l = {.n = n, .seat = (int)(n % 3), .name = "Ann", .text = buf};
    return l;
}

/* A table's chat comes back with the table, each line with its number,
 * writer and text, the last `keep` of them; a line that is not one is
 * refused and nothing is kept of the call. */
static void test_a_table_keeps_its_last_chat_lines(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 4), other = example_table(db, NULL, 4);
    char b[4][32];
    ls_db_chat_line first[3] = {chat_line(1, b[0], 32), chat_line(2, b[1], 32),
                                chat_line(3, b[2], 32)};
    OK(ls_db_table_chat(db, t, first, 3, 5, ERR));
    for (int64_t n = 4; n <= 9; n++) {
        ls_db_chat_line l = chat_line(n, b[3], 32);
        OK(ls_db_table_chat(db, t, &l, 1, 5, ERR));
    }
    ls_db_chat_line o = chat_line(70, b[3], 32);
    OK(ls_db_table_chat(db, other, &o, 1, 5, ERR));
    /* Refused: a number kept already, numbers not going up, a bad writer,
     * a text too long, an unknown table, a bound out of range. */
    ls_error e;
    ls_db_chat_line bad = chat_line(9, b[3], 32);
    assert_int_equal(ls_db_table_chat(db, t, &bad, 1, 5, &e), LS_DB_EEXISTS);
    char msg[64];
    snprintf(msg, sizeof msg, "table %lld has a chat line 9 already", (long long)t);
    assert_string_equal(e.msg, msg);
    ls_db_chat_line two[2] = {chat_line(11, b[0], 32), chat_line(10, b[1], 32)};
    assert_int_equal(ls_db_table_chat(db, t, two, 2, 5, &e), LS_EINVAL);
    assert_string_equal(e.msg, "chat line 10 after line 11: the numbers are 1 and up, "
                               "each above the one before");
    bad = chat_line(0, b[3], 32);
    assert_int_equal(ls_db_table_chat(db, t, &bad, 1, 5, &e), LS_EINVAL);
    bad = chat_line(12, b[3], 32);
    snprintf(bad.name, sizeof bad.name, "no one!");
    assert_int_equal(ls_db_table_chat(db, t, &bad, 1, 5, &e), LS_EINVAL);
    bad = chat_line(12, b[3], 32);
    bad.seat = 8;
    assert_int_equal(ls_db_table_chat(db, t, &bad, 1, 5, &e), LS_EINVAL);
    char *big = malloc(LS_DB_CHAT_BYTES + 2);
    assert_non_null(big);
    memset(big, 'x', LS_DB_CHAT_BYTES + 1);
    big[LS_DB_CHAT_BYTES + 1] = '\0';
    bad = chat_line(12, b[3], 32);
    bad.text = big;
    assert_int_equal(ls_db_table_chat(db, t, &bad, 1, 5, &e), LS_EINVAL);
    free(big);
    bad = chat_line(12, b[3], 32);
    assert_int_equal(ls_db_table_chat(db, 999, &bad, 1, 5, &e), LS_DB_ENOTFOUND);
    assert_int_equal(ls_db_table_chat(db, t, &bad, 1, 0, &e), LS_EINVAL);
    /* All or none: the second line of two is kept already. */
    ls_db_chat_line pair[2] = {chat_line(10, b[0], 32), chat_line(11, b[1], 32)};
    OK(ls_db_table_chat(db, t, pair + 1, 1, 5, ERR));
    assert_int_equal(ls_db_table_chat(db, t, pair, 2, 5, &e), LS_DB_EEXISTS);
    ls_db_close(db);

    db = open_store();
    ls_db_live_table *lt = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 2);
    /* Of lines 1..9 and 11 (10 was refused with its pair), those within 5
     * numbers of the last, as the table keeps them (table_chat_at). */
    assert_int_equal(lt[0].nchat, 4);
    const int64_t want[4] = {7, 8, 9, 11};
    for (int i = 0; i < 4; i++) {
        char text[32];
        snprintf(text, sizeof text, "line %lld", (long long)want[i]);
        assert_int_equal(lt[0].chat[i].n, want[i]);
        assert_int_equal(lt[0].chat[i].seat, (int)(want[i] % 3));
        assert_string_equal(lt[0].chat[i].name, "Ann");
        assert_string_equal(lt[0].chat[i].text, text);
    }
    assert_int_equal(lt[1].nchat, 1);
    assert_int_equal(lt[1].chat[0].n, 70);
    ls_db_live_tables_free(lt, n);
    ls_db_close(db);
}

/* The chat goes with its table: dropped, or finished. */
static void test_a_tables_chat_goes_with_it(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 4), done = example_table(db, NULL, 0);
    for (int i = 0; i < EXAMPLE_LINES; i++)
        OK(ls_db_table_append(db, done, example[i], ERR));
    char b[32];
    ls_db_chat_line l = chat_line(1, b, sizeof b);
    ls_db_chat_line first[1] = {l};
    first[0].text = "Привет 🂡";
    OK(ls_db_table_chat(db, t, first, 1, 50, ERR));
    OK(ls_db_table_chat(db, done, &l, 1, 50, ERR));
    ls_db_live_table *lt = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_string_equal(lt[0].chat[0].text, "Привет 🂡");
    ls_db_live_tables_free(lt, n);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_chat"), 2);
    OK(ls_db_table_drop(db, t, ERR));
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_chat"), 1);
    OK(ls_db_table_finish(db, done, NULL, ERR));
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_chat"), 0);
    ls_db_close(db);
}

/* A store of schema 2 with a table in progress gains the chat of schema
 * 3: the table comes back, without chat lines, and keeps new ones. */
static void test_a_table_in_progress_gains_a_chat_in_the_migration(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 4);
    undo_schemas_4_to_7(db);
    OK(ls__db_exec(db, "DROP TABLE live_chat", NULL, NULL, ERR));
    OK(ls__db_exec(db, "DELETE FROM schema_version WHERE version >= 3", NULL, NULL, ERR));
    ls_db_close(db);
    db = open_store();
    int v = 0;
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    ls_db_live_table *lt = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 1);
    assert_int_equal(lt[0].lines, 4);
    assert_int_equal(lt[0].nchat, 0);
    assert_false(lt[0].seat[1].away); /* schema 4: nobody has left */
    assert_int_equal(lt[0].host, -1);  /* schema 6: the host in meta */
    ls_db_live_tables_free(lt, n);
    char b[32];
    ls_db_chat_line l = chat_line(1, b, sizeof b);
    OK(ls_db_table_chat(db, t, &l, 1, 50, ERR));
    ls_db_close(db);
}

static void test_a_dropped_table_is_forgotten(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 5);
    OK(ls_db_table_drop(db, t, ERR));
    ls_error e;
    assert_int_equal(ls_db_table_drop(db, t, &e), LS_DB_ENOTFOUND);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_lines"), 0);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_seats"), 0);
    ls_db_live_table *lt = NULL;
    int n = -1;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 0);
    ls_db_live_tables_free(lt, n);
    ls_db_close(db);
}

/* ------------------------------------------------------------------ */
/* Finishing                                                           */
/* ------------------------------------------------------------------ */

static void assert_stats(const ls_db_match_player *p, const char *name, int place, int score,
                         int rounds, int points, int declared, int correct, int wrong,
                         bool won)
{
    assert_string_equal(p->name, name);
    assert_int_equal(p->place, place);
    assert_int_equal(p->score, score);
    assert_int_equal(p->rounds, rounds);
    assert_int_equal(p->points, points);
    assert_int_equal(p->declared, declared);
    assert_int_equal(p->declared_correct, correct);
    assert_int_equal(p->declared_false, wrong);
    assert_int_equal(p->won, won);
}

static void test_a_finished_table_becomes_a_match_with_stats_and_ratings(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ann = new_player(db, "Ann", "ann-player-token-0001");
    int64_t bob = new_player(db, "Bob", "bob-player-token-0002");
    int64_t cid = 0;
    OK(ls_db_bot_player(db, "expert", &cid, ERR));
    int64_t t = example_table(db, (int64_t[]){ann, bob, cid}, 0);
    ls_db_seat s = {"Cid", cid, "expert", NULL, NULL};
    OK(ls_db_table_seat(db, t, 2, &s, ERR));
    for (int i = 0; i < EXAMPLE_LINES; i++)
        OK(ls_db_table_append(db, t, example[i], ERR));
    int64_t mid = 0;
    OK(ls_db_table_finish(db, t, &mid, ERR));
    assert_true(mid > 0);
    ls_db_close(db);

    db = open_store();
    ls_db_match m;
    OK(ls_db_match_get(db, mid, &m, ERR));
    char *want = example_text(EXAMPLE_LINES);
    assert_string_equal(m.record, want);
    free(want);
    assert_string_equal(m.code, "ABCD");
    assert_int_equal(m.rounds, 3);
    assert_true(m.finished_at >= m.started_at && m.started_at > 0);
    assert_int_equal(m.nplayers, 3);
    assert_stats(&m.player[0], "Ann", 2, 37, 3, 37, 1, 1, 0, false);
    assert_stats(&m.player[1], "Bob", 3, 28, 2, 28, 1, 0, 1, false);
    assert_stats(&m.player[2], "Cid", 1, 7, 3, 7, 1, 1, 0, true);
    assert_string_equal(m.player[2].bot, "expert");
    assert_int_equal(m.player[2].player_id, cid);
    /* Three new players ranked Cid, Ann, Bob (reference values, tau on). */
    assert_close(m.player[0].after.mu, 25.717262170187357);
    assert_close(m.player[0].after.sigma, 8.058224222802378);
    assert_close(m.player[1].after.mu, 21.413689149063217);
    assert_close(m.player[2].after.mu, 27.869048680749426);
    assert_close(m.player[2].after.sigma, 8.205243377397993);
    assert_close(m.player[1].before.mu, 25.0);
    ls_db_match_clear(&m);

    ls_db_player p;
    OK(ls_db_player_by_id(db, cid, &p, ERR));
    assert_int_equal(p.matches, 1);
    assert_int_equal(p.wins, 1);
    assert_int_equal(p.rounds, 3);
    assert_int_equal(p.points, 7);
    assert_int_equal(p.declared, 1);
    assert_int_equal(p.declared_correct, 1);
    assert_close(p.rating.mu, 27.869048680749426);
    OK(ls_db_player_by_name(db, "Bob", &p, ERR));
    assert_int_equal(p.wins, 0);
    assert_int_equal(p.declared_false, 1);

    ls_db_live_table *lt = NULL;
    int n = -1;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 0);
    ls_db_live_tables_free(lt, n);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_lines"), 0);
    ls_db_close(db);
}

/* Whether a, an entry of a player's page of matches, is the whole match b
 * without its text, field by field. */
static void assert_head_of(const ls_db_match *a, const ls_db_match *b)
{
    assert_true(strlen(b->record) > 0 && strlen(b->meta) > 0);
    assert_string_equal(a->meta, "");
    assert_string_equal(a->record, "");
    assert_int_equal(a->id, b->id);
    assert_string_equal(a->code, b->code);
    assert_int_equal(a->rounds, b->rounds);
    assert_int_equal(a->started_at, b->started_at);
    assert_int_equal(a->finished_at, b->finished_at);
    assert_int_equal(a->nplayers, b->nplayers);
    assert_memory_equal(a->player, b->player, sizeof a->player);
}

/* A player's page of matches, in one query: the matches with ids below
 * `before`, newest first, at most `limit`, each once whatever the seats
 * the player had (Cid's level at two seats in every other match); each
 * entry is the match as ls_db_match_get() gives it, without its text. A
 * player without matches, an unknown player and a page below the first
 * match are empty; a limit out of 1..1000 is refused. */
static void test_a_players_matches_are_a_page_of_heads_in_one_query(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ann = new_player(db, "Ann", "ann-player-token-0001"), cid = 0;
    int64_t bob = new_player(db, "Bob", "bob-player-token-0002");
    OK(ls_db_bot_player(db, "greedy", &cid, ERR));
    enum { MATCHES = 7 };
    int64_t mids[MATCHES];
    for (int i = 0; i < MATCHES; i++) {
        int64_t ids[3] = {ann, i % 2 ? 0 : cid, cid};
        OK(ls_db_table_finish(db, example_table(db, ids, EXAMPLE_LINES), &mids[i], ERR));
        assert_true(i == 0 || mids[i] > mids[i - 1]);
    }
    const struct {
        int64_t player;
        int before; /* an index into mids, or -1 for 0 (from the newest) */
        int limit;
    } pages[] = {{ann, -1, 20}, {ann, -1, 3}, {ann, 5, 20}, {ann, 0, 20},
                 {cid, -1, 20}, {cid, -1, 5}, {cid, 4, 3}, {cid, 1, 20},
                 {cid, -1, 1}, {bob, -1, 20}, {ann + bob + cid + 1, -1, 20}};
    for (size_t k = 0; k < sizeof pages / sizeof pages[0]; k++) {
        /* The entries expected, newest first. */
        int64_t want[MATCHES];
        int nwant = 0;
        int64_t before = pages[k].before < 0 ? 0 : mids[pages[k].before];
        for (int i = MATCHES - 1; i >= 0; i--) {
            if (before && mids[i] >= before)
                continue;
            bool plays = pages[k].player == ann || pages[k].player == cid;
            if (plays && nwant < pages[k].limit)
                want[nwant++] = mids[i];
        }
        ls_db_match *m = NULL;
        int n = -1;
        long statements = db->statements;
        OK(ls_db_player_match_heads(db, pages[k].player, before, pages[k].limit, &m, &n,
                                    ERR));
        assert_int_equal(db->statements - statements, 1);
        assert_int_equal(n, nwant);
        if (n == 0)
            assert_null(m);
        for (int i = 0; i < n; i++) {
            assert_int_equal(m[i].id, want[i]);
            ls_db_match whole;
            OK(ls_db_match_get(db, want[i], &whole, ERR));
            assert_head_of(&m[i], &whole);
            /* All the player's seats are in its one entry. */
            int mine = 0;
            for (int j = 0; j < m[i].nplayers; j++)
                mine += m[i].player[j].player_id == pages[k].player;
            int64_t at = 0;
            for (int j = 0; j < MATCHES; j++)
                at = mids[j] == want[i] ? j : at;
            assert_int_equal(mine, pages[k].player == cid && at % 2 == 0 ? 2 : 1);
            ls_db_match_clear(&whole);
            ls_db_match_clear(&m[i]);
        }
        free(m);
    }
    /* The level's profile counts its 7 matches once each (11 seats). */
    ls_db_player p;
    OK(ls_db_player_by_id(db, cid, &p, ERR));
    assert_int_equal(p.matches, MATCHES);
    assert_int_equal(p.wins, MATCHES);
    ls_db_match *m = NULL;
    int n = 0;
    ls_error e;
    assert_int_equal(ls_db_player_match_heads(db, ann, 0, 0, &m, &n, &e), LS_EINVAL);
    assert_null(m);
    assert_non_null(strstr(e.msg, "1 to 1000"));
    assert_int_equal(ls_db_player_match_heads(db, ann, 0, 1001, &m, &n, &e), LS_EINVAL);
    assert_null(m);
    assert_int_equal(ls_db_match_get(db, mids[MATCHES - 1] + 1, &(ls_db_match){0}, &e),
                     LS_DB_ENOTFOUND);
    ls_db_close(db);
}

static void test_ratings_carry_from_match_to_match_with_their_history(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ids[3] = {new_player(db, "Ann", "ann-player-token-0001"),
                      new_player(db, "Bob", "bob-player-token-0002"),
                      new_player(db, "Cid", "cid-player-token-0003")};
    int64_t m1 = 0, m2 = 0;
    OK(ls_db_table_finish(db, example_table(db, ids, EXAMPLE_LINES), &m1, ERR));
    OK(ls_db_table_finish(db, example_table(db, ids, EXAMPLE_LINES), &m2, ERR));
    ls_db_rating_point *h = NULL;
    int n = 0;
    OK(ls_db_rating_history(db, ids[2], 100, &h, &n, ERR));
    assert_int_equal(n, 2);
    assert_int_equal(h[0].match_id, m1);
    assert_int_equal(h[1].match_id, m2);
    assert_close(h[0].before.mu, 25.0);
    assert_close(h[1].before.mu, h[0].after.mu);
    assert_close(h[1].before.sigma, h[0].after.sigma);
    assert_close(h[1].after.mu, 30.452625506513606);
    assert_close(h[1].after.sigma, 8.066971896824288);
    free(h);
    OK(ls_db_rating_history(db, ids[1], 100, &h, &n, ERR));
    assert_int_equal(n, 2);
    assert_close(h[1].after.mu, 18.558545442982044);
    free(h);
    /* A limit keeps the newest. */
    OK(ls_db_rating_history(db, ids[1], 1, &h, &n, ERR));
    assert_int_equal(n, 1);
    assert_int_equal(h[0].match_id, m2);
    free(h);
    assert_int_equal(ls_db_rating_history(db, ids[1], 0, &h, &n, ERR), LS_EINVAL);

    ls_db_player *lb = NULL;
    OK(ls_db_leaderboard(db, 10, &lb, &n, ERR));
    assert_int_equal(n, 3);
    assert_string_equal(lb[0].name, "Cid");
    assert_string_equal(lb[1].name, "Ann");
    assert_string_equal(lb[2].name, "Bob");
    assert_int_equal(lb[0].matches, 2);
    assert_int_equal(lb[0].wins, 2);
    assert_true(lb[0].ordinal > lb[1].ordinal && lb[1].ordinal > lb[2].ordinal);
    free(lb);
    OK(ls_db_leaderboard(db, 1, &lb, &n, ERR));
    assert_int_equal(n, 1);
    free(lb);
    ls_error e;
    assert_int_equal(ls_db_leaderboard(db, 0, &lb, &n, &e), LS_EINVAL);

    ls_db_match *mm = NULL;
    OK(ls_db_player_match_heads(db, ids[0], 0, 10, &mm, &n, ERR));
    assert_int_equal(n, 2);
    assert_int_equal(mm[0].id, m2);
    assert_int_equal(mm[1].id, m1);
    ls_db_match_clear(&mm[0]);
    ls_db_match_clear(&mm[1]);
    free(mm);
    OK(ls_db_player_match_heads(db, ids[0], m2, 10, &mm, &n, ERR));
    assert_int_equal(n, 1);
    assert_int_equal(mm[0].id, m1);
    ls_db_match_clear(&mm[0]);
    free(mm);
    ls_db_close(db);
}

/* A computer level at two seats (the example's Ann and Cid, placed 2 and
 * 1) with Bob (3) is rated once a match, from its best-placed seat against
 * Bob alone (it does not beat itself), and has one row of history a match;
 * Bob lost to two opponents of the level's rating. Both the level's seats
 * show its rating before and after. */
static void test_a_level_at_two_seats_is_rated_once_a_match(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t lvl = 0, bob = new_player(db, "Bob", "bob-player-token-0002");
    OK(ls_db_bot_player(db, "greedy", &lvl, ERR));
    int64_t mid[2] = {0, 0};
    ls_rating_params rp;
    ls_rating_defaults(&rp);
    ls_rating level = ls_rating_new(&rp), person = ls_rating_new(&rp);
    for (int k = 0; k < 2; k++) {
        OK(ls_db_table_finish(db, example_table(db, (int64_t[]){lvl, bob, lvl}, EXAMPLE_LINES),
                              &mid[k], ERR));
        /* The level's fit: its seat 2 (first) against Bob (third). */
        ls_rating own[2], whole[3];
        OK(ls_rating_update(&rp, 2, (int[]){0, 2}, (ls_rating[]){level, person}, own));
        OK(ls_rating_update(&rp, 3, (int[]){1, 2, 0}, (ls_rating[]){level, person, level},
                            whole));
        ls_db_match m;
        OK(ls_db_match_get(db, mid[k], &m, ERR));
        for (int i = 0; i < 3; i += 2) {
            assert_close(m.player[i].before.mu, level.mu);
            assert_close(m.player[i].before.sigma, level.sigma);
            assert_close(m.player[i].after.mu, own[0].mu);
            assert_close(m.player[i].after.sigma, own[0].sigma);
        }
        assert_close(m.player[1].after.mu, whole[1].mu);
        assert_close(m.player[1].after.sigma, whole[1].sigma);
        ls_db_match_clear(&m);
        level = own[0];
        person = whole[1];
    }
    ls_db_player p;
    OK(ls_db_player_by_id(db, lvl, &p, ERR));
    assert_close(p.rating.mu, level.mu);
    assert_close(p.rating.sigma, level.sigma);
    OK(ls_db_player_by_id(db, bob, &p, ERR));
    assert_close(p.rating.mu, person.mu);
    ls_db_rating_point *h = NULL;
    int n = 0;
    OK(ls_db_rating_history(db, lvl, 100, &h, &n, ERR));
    assert_int_equal(n, 2);
    assert_int_equal(h[0].match_id, mid[0]);
    assert_int_equal(h[1].match_id, mid[1]);
    assert_close(h[0].before.mu, 25.0);
    assert_close(h[1].before.mu, h[0].after.mu);
    assert_close(h[1].after.mu, level.mu);
    free(h);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM rating_history"), 4);
    ls_db_close(db);
}

/* Bob and Cid go out in the same round with the same total (43, Ann
 * declaring 7 at threshold 1): they share place 2, Ann has 1, and the
 * tie is rated as one (ls_rating_update with ranks 0, 1, 1): Bob and
 * Cid, both new, end with the same rating, and the means of three new
 * players, whose uncertainties are equal, move by amounts that sum to
 * zero (rating.c: the sum over a place's field of [q == i] - p_iq is 0). */
static void test_players_out_in_one_round_with_one_total_share_a_place(void **state)
{
    (void)state;
    static const char *const tie[] = {
        "leastscore 1",
        "option threshold 1",
        "players Ann Bob Cid",
        "round",
        "hand Ann AC AD 2C 2D 3C",
        "hand Bob KS KD QS QD JS",
        "hand Cid KC KH QC QH JC",
        "open 4S",
        "Ann discard 3C draw AH",
        "Bob discard JS draw 10S",
        "Cid discard JC draw 10C",
        "Ann declare",
    };
    ls_db *db = open_store();
    int64_t ids[3] = {new_player(db, "Ann", "ann-player-token-0001"),
                      new_player(db, "Bob", "bob-player-token-0002"),
                      new_player(db, "Cid", "cid-player-token-0003")};
    int64_t t = example_table(db, ids, 0);
    for (size_t i = 0; i < sizeof tie / sizeof tie[0]; i++)
        OK(ls_db_table_append(db, t, tie[i], ERR));
    int64_t mid = 0;
    OK(ls_db_table_finish(db, t, &mid, ERR));
    ls_db_match m;
    OK(ls_db_match_get(db, mid, &m, ERR));
    assert_stats(&m.player[0], "Ann", 1, 0, 1, 0, 1, 1, 0, true);
    assert_stats(&m.player[1], "Bob", 2, 43, 1, 43, 0, 0, 0, false);
    assert_stats(&m.player[2], "Cid", 2, 43, 1, 43, 0, 0, 0, false);
    ls_rating_params rp;
    ls_rating_defaults(&rp);
    ls_rating fresh = ls_rating_new(&rp), want[3];
    OK(ls_rating_update(&rp, 3, (int[]){0, 1, 1}, (ls_rating[]){fresh, fresh, fresh}, want));
    double moved = 0;
    for (int i = 0; i < 3; i++) {
        assert_close(m.player[i].after.mu, want[i].mu);
        assert_close(m.player[i].after.sigma, want[i].sigma);
        moved += m.player[i].after.mu - fresh.mu;
    }
    assert_close(m.player[1].after.mu, m.player[2].after.mu);
    assert_close(m.player[1].after.sigma, m.player[2].after.sigma);
    assert_true(m.player[0].after.mu > fresh.mu && m.player[1].after.mu < fresh.mu);
    assert_close(moved, 0.0);
    ls_db_match_clear(&m);
    ls_db_close(db);
}

static void test_guests_play_unrated_and_are_not_on_the_leaderboard(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ann = new_player(db, "Ann", "ann-player-token-0001");
    int64_t mid = 0;
    OK(ls_db_table_finish(db, example_table(db, (int64_t[]){ann, 0, 0}, EXAMPLE_LINES),
                          &mid, ERR));
    ls_db_match m;
    OK(ls_db_match_get(db, mid, &m, ERR));
    assert_int_equal(m.player[1].player_id, 0);
    assert_close(m.player[1].after.mu, m.player[1].before.mu);
    assert_true(m.player[0].after.mu > 25.0); /* second of three */
    ls_db_match_clear(&m);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM rating_history"), 1);
    ls_db_player *lb = NULL;
    int n = 0;
    OK(ls_db_leaderboard(db, 10, &lb, &n, ERR));
    assert_int_equal(n, 1);
    assert_int_equal(lb[0].id, ann);
    free(lb);
    ls_db_close(db);
}

/* EXPLAIN QUERY PLAN's rows: each line's id, its parent's, its text. */
typedef struct plan {
    int n;
    int id[64], parent[64];
    char text[64][160];
} plan;

static int row_plan(void *ud, const char *const *col, int ncol)
{
    plan *p = ud;
    if (ncol < 4 || p->n == 64)
        return 0;
    p->id[p->n] = atoi(col[0]);
    p->parent[p->n] = atoi(col[1]);
    snprintf(p->text[p->n], sizeof p->text[p->n], "%s", col[3] ? col[3] : "");
    p->n++;
    return 0;
}

/* The leaderboard and a profile read the players' rows, with the totals
 * each finish adds to (schema 9), not every seat of every match: a store
 * of a year's matches read every row of match_players for a leaderboard
 * (docs/store.md). Its result is the best by ordinal that finished a
 * match, with their totals, whatever the limit; SQLite's plans of the
 * leaderboard and of a profile read no match_players. */
static void test_the_leaderboard_reads_the_players_rows_not_their_seats(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ids[3] = {new_player(db, "Ann", "ann-player-token-0001"),
                      new_player(db, "Bob", "bob-player-token-0002"),
                      new_player(db, "Cid", "cid-player-token-0003")};
    int64_t dan = new_player(db, "Dan", "dan-player-token-0004"); /* no match */
    for (int i = 0; i < 2; i++)
        OK(ls_db_table_finish(db, example_table(db, ids, EXAMPLE_LINES), NULL, ERR));
    ls_db_player *all = NULL, *top = NULL;
    int n = 0, ntop = 0;
    OK(ls_db_leaderboard(db, 10, &all, &n, ERR));
    assert_int_equal(n, 3);
    for (int i = 0; i < n; i++) {
        assert_true(all[i].id != dan);
        assert_int_equal(all[i].matches, 2);
        assert_true(i == 0 || all[i - 1].ordinal >= all[i].ordinal);
    }
    OK(ls_db_leaderboard(db, 2, &top, &ntop, ERR));
    assert_int_equal(ntop, 2);
    for (int i = 0; i < ntop; i++)
        assert_memory_equal(&top[i], &all[i], sizeof top[i]);
    free(all);
    free(top);
    if (!strcmp(backend, "sqlite")) {
        const char *sql[2] = {ls__db_leaderboard_sql(), ls__db_player_by_id_sql()};
        for (int k = 0; k < 2; k++) {
            char explain[2048];
            snprintf(explain, sizeof explain, "EXPLAIN QUERY PLAN %s", sql[k]);
            plan p = {0};
            OK(ls__db_exec(db, explain, row_plan, &p, ERR));
            bool players = false;
            for (int i = 0; i < p.n; i++) {
                if (strstr(p.text[i], "match_players") || strstr(p.text[i], " mp"))
                    fail_msg("the plan reads the seats: %s", p.text[i]);
                players |= strstr(p.text[i], " p ") != NULL || !strcmp(p.text[i], "SCAN p");
            }
            assert_true(players);
        }
    }
    ls_db_close(db);
}

/* A player's totals are its seats' (a match once however many seats it
 * held: a level seated twice): as each finish adds them, and as
 * migration 9 sums the matches finished before it. */
static void test_a_players_totals_are_its_seats_before_and_after_migration_9(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t lvl = 0, bob = new_player(db, "Bob", "bob-player-token-0002");
    OK(ls_db_bot_player(db, "greedy", &lvl, ERR));
    for (int k = 0; k < 2; k++)
        OK(ls_db_table_finish(db, example_table(db, (int64_t[]){lvl, bob, lvl}, EXAMPLE_LINES),
                              NULL, ERR));
    OK(ls_db_table_finish(db, example_table(db, (int64_t[]){bob, 0, 0}, EXAMPLE_LINES), NULL,
                          ERR));
    ls_db_player kept[2], summed[2];
    const int64_t who[2] = {lvl, bob};
    for (int i = 0; i < 2; i++)
        OK(ls_db_player_by_id(db, who[i], &kept[i], ERR));
    /* Ann, Bob, Cid by seat; the level at 0 and 2, Bob at 1, then at 0. */
    assert_int_equal(kept[0].matches, 2);
    assert_int_equal(kept[1].matches, 3);
    for (int i = 0; i < 2; i++) {
        char sql[512];
        snprintf(sql, sizeof sql,
                 "SELECT COUNT(DISTINCT match_id) * 1000000 + SUM(won) * 10000 + SUM(rounds) * 100"
                 " + SUM(declared) FROM match_players WHERE player_id = %lld",
                 (long long)who[i]);
        long v = scalar(db, sql);
        assert_int_equal(v, kept[i].matches * 1000000L + kept[i].wins * 10000L +
                                kept[i].rounds * 100L + kept[i].declared);
        snprintf(sql, sizeof sql,
                 "SELECT SUM(points) * 10000 + SUM(declared_correct) * 100 + SUM(declared_false)"
                 " FROM match_players WHERE player_id = %lld", (long long)who[i]);
        assert_int_equal(scalar(db, sql), kept[i].points * 10000L +
                                              kept[i].declared_correct * 100L +
                                              kept[i].declared_false);
    }
    assert_true(kept[0].rounds > 0 && kept[1].points > 0);
    /* Back to schema 8: migration 9 sums what was finished before it. */
    undo_schema_9(db);
    OK(ls__db_exec(db, "DELETE FROM schema_version WHERE version >= 9", NULL, NULL, ERR));
    ls_db_close(db);
    db = open_store();
    int v = 0;
    OK(ls_db_schema_version(db, &v, ERR));
    assert_int_equal(v, ls_db_schema_latest());
    for (int i = 0; i < 2; i++) {
        OK(ls_db_player_by_id(db, who[i], &summed[i], ERR));
        assert_memory_equal(&summed[i], &kept[i], sizeof kept[i]);
    }
    ls_db_close(db);
}

static void test_a_match_in_progress_cannot_finish_and_stays(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 20);
    ls_error e;
    int64_t mid = -1;
    assert_int_equal(ls_db_table_finish(db, t, &mid, &e), LS_EPHASE);
    assert_non_null(strstr(e.msg, "not over"));
    assert_int_equal(mid, -1);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM matches"), 0);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_lines"), 20);
    for (int i = 20; i < EXAMPLE_LINES; i++)
        OK(ls_db_table_append(db, t, example[i], ERR));
    OK(ls_db_table_finish(db, t, &mid, ERR));
    assert_int_equal(ls_db_table_finish(db, t, &mid, &e), LS_DB_ENOTFOUND);
    ls_db_close(db);
}

static void test_a_record_that_breaks_the_rules_is_refused_with_its_line(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 10);
    OK(ls_db_table_append(db, t, "Ann discard 7H 8H 9H take 5S", ERR));
    ls_error e;
    /* The reader's own code: the card to take is not an open card. */
    assert_int_equal(ls_db_table_finish(db, t, NULL, &e), LS_ETAKE);
    assert_non_null(strstr(e.msg, "record line 11"));
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_lines"), 11);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM matches"), 0);
    ls_db_match m;
    assert_int_equal(ls_db_match_get(db, 1, &m, &e), LS_DB_ENOTFOUND);
    ls_db_close(db);
}

/* ------------------------------------------------------------------ */
/* Failures of the database                                            */
/* ------------------------------------------------------------------ */

/* Makes the store's next writes fail as a real failure would: SQLite's
 * file "full" (a page limit at its current size), PostgreSQL's connection
 * killed by the server. */
static void break_store(ls_db *db)
{
    if (!strcmp(backend, "sqlite")) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA max_page_count = %ld",
                 scalar(db, "PRAGMA page_count"));
        OK(ls__db_exec(db, sql, NULL, NULL, ERR));
    } else {
        pg_admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                 " WHERE datname = current_database() AND pid <> pg_backend_pid()");
    }
}

static void mend_store(ls_db *db)
{
    if (!strcmp(backend, "sqlite"))
        OK(ls__db_exec(db, "PRAGMA max_page_count = 1073741823", NULL, NULL, ERR));
}

/* A disk of a few hundred KiB for SQLite: a VFS over the default one whose
 * files (the store and its -wal; the -shm is a mapping, not counted) share
 * `disk_room` bytes, a write that would grow them past it failing as a
 * full disk does (SQLITE_FULL), writing nothing. */
typedef struct {
    sqlite3_file base;
    int slot;
    sqlite3_file *real; /* after this struct, szOsFile of the default VFS */
} quota_file;

static sqlite3_vfs *quota_under, quota_vfs;
static sqlite3_int64 disk_room;
static struct {
    char name[600];
    sqlite3_int64 size;
} quota_sizes[8];

static sqlite3_int64 quota_used(void)
{
    sqlite3_int64 n = 0;
    for (int i = 0; i < 8; i++)
        n += quota_sizes[i].size;
    return n;
}

#define QF(f) (((quota_file *)(f))->real)
static int q_close(sqlite3_file *f)
{
    int rc = QF(f)->pMethods->xClose(QF(f));
    return rc;
}
static int q_read(sqlite3_file *f, void *b, int n, sqlite3_int64 o)
{
    return QF(f)->pMethods->xRead(QF(f), b, n, o);
}
static int q_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o)
{
    quota_file *q = (quota_file *)f;
    sqlite3_int64 *size = &quota_sizes[q->slot].size;
    sqlite3_int64 grow = o + n > *size ? o + n - *size : 0;
    if (grow && quota_used() + grow > disk_room)
        return SQLITE_FULL;
    int rc = q->real->pMethods->xWrite(q->real, b, n, o);
    if (rc == SQLITE_OK)
        *size += grow;
    return rc;
}
static int q_truncate(sqlite3_file *f, sqlite3_int64 n)
{
    quota_file *q = (quota_file *)f;
    int rc = q->real->pMethods->xTruncate(q->real, n);
    if (rc == SQLITE_OK && n < quota_sizes[q->slot].size)
        quota_sizes[q->slot].size = n;
    return rc;
}
static int q_sync(sqlite3_file *f, int fl) { return QF(f)->pMethods->xSync(QF(f), fl); }
static int q_size(sqlite3_file *f, sqlite3_int64 *n)
{
    return QF(f)->pMethods->xFileSize(QF(f), n);
}
static int q_lock(sqlite3_file *f, int l) { return QF(f)->pMethods->xLock(QF(f), l); }
static int q_unlock(sqlite3_file *f, int l) { return QF(f)->pMethods->xUnlock(QF(f), l); }
static int q_check(sqlite3_file *f, int *o)
{
    return QF(f)->pMethods->xCheckReservedLock(QF(f), o);
}
static int q_fcntl(sqlite3_file *f, int op, void *a)
{
    if (op == LS__DB_FCNTL_ROOM) { /* the room left on this disk */
        *(sqlite3_int64 *)a = disk_room - quota_used();
        return SQLITE_OK;
    }
    return QF(f)->pMethods->xFileControl(QF(f), op, a);
}
static int q_sector(sqlite3_file *f) { return QF(f)->pMethods->xSectorSize(QF(f)); }
static int q_chars(sqlite3_file *f) { return QF(f)->pMethods->xDeviceCharacteristics(QF(f)); }
static int q_shmmap(sqlite3_file *f, int i, int sz, int e, void volatile **p)
{
    return QF(f)->pMethods->xShmMap(QF(f), i, sz, e, p);
}
static int q_shmlock(sqlite3_file *f, int o, int n, int fl)
{
    return QF(f)->pMethods->xShmLock(QF(f), o, n, fl);
}
static void q_shmbarrier(sqlite3_file *f) { QF(f)->pMethods->xShmBarrier(QF(f)); }
static int q_shmunmap(sqlite3_file *f, int d) { return QF(f)->pMethods->xShmUnmap(QF(f), d); }

static const sqlite3_io_methods quota_methods = {
    2, q_close, q_read, q_write, q_truncate, q_sync, q_size, q_lock, q_unlock, q_check,
    q_fcntl, q_sector, q_chars, q_shmmap, q_shmlock, q_shmbarrier, q_shmunmap,
    NULL, NULL,
};

static int q_open(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out)
{
    (void)v;
    quota_file *q = (quota_file *)f;
    q->real = (sqlite3_file *)(q + 1);
    q->base.pMethods = NULL;
    int rc = quota_under->xOpen(quota_under, name, q->real, flags, out);
    if (rc != SQLITE_OK || !q->real->pMethods)
        return rc;
    /* The file's slot: its own if it was open before, else a free one. */
    int slot = -1;
    for (int i = 0; i < 8 && name; i++)
        if (!strcmp(quota_sizes[i].name, name))
            slot = i;
    for (int i = 0; i < 8 && slot < 0; i++)
        if (!quota_sizes[i].name[0])
            slot = i;
    assert_true(slot >= 0);
    if (!quota_sizes[slot].name[0]) {
        snprintf(quota_sizes[slot].name, sizeof quota_sizes[slot].name, "%s",
                 name ? name : "(temporary)");
        q->real->pMethods->xFileSize(q->real, &quota_sizes[slot].size);
    }
    q->slot = slot;
    q->base.pMethods = &quota_methods;
    return rc;
}

static int q_delete(sqlite3_vfs *v, const char *name, int sync)
{
    (void)v;
    for (int i = 0; i < 8; i++)
        if (!strcmp(quota_sizes[i].name, name))
            memset(&quota_sizes[i], 0, sizeof quota_sizes[i]);
    return quota_under->xDelete(quota_under, name, sync);
}

/* The default VFS becomes the disk of disk_room bytes, for the connections
 * opened after; quota_off() gives the default back. */
static void quota_on(sqlite3_int64 room)
{
    memset(quota_sizes, 0, sizeof quota_sizes);
    disk_room = room;
    quota_under = sqlite3_vfs_find(NULL);
    quota_vfs = *quota_under;
    quota_vfs.zName = "quota";
    quota_vfs.szOsFile = (int)sizeof(quota_file) + quota_under->szOsFile;
    quota_vfs.xOpen = q_open;
    quota_vfs.xDelete = q_delete;
    assert_int_equal(sqlite3_vfs_register(&quota_vfs, 1), SQLITE_OK);
}

static void quota_off(void)
{
    sqlite3_vfs_unregister(&quota_vfs);
    sqlite3_vfs_register(quota_under, 1);
}

static long file_size(const char *path, const char *suffix)
{
    char p[600];
    snprintf(p, sizeof p, "%s%s", path, suffix);
    struct stat st;
    return stat(p, &st) ? 0 : (long)st.st_size;
}

/* Appends lines to table t until the store fails, as the quota's disk
 * fills (at most 100000 lines, into *e); with reader, a second
 * connection reads the table's lines after each, into *held, as the
 * server's own beside its tables' store. Returns the lines tried, the
 * last of them the one that failed; *ret is its failure. */
static int fill_disk(ls_db *db, int64_t t, ls_db *reader, int64_t *held, int *ret,
                     ls_error *e)
{
    char line[200];
    int i = 0;
    *ret = 0;
    for (; i < 100000 && !*ret; i++) {
        snprintf(line, sizeof line, "# line %d of a match that fills the disk", i);
        *ret = ls_db_table_append(db, t, line, e);
        if (reader)
            OK(ls_db_table_lines(reader, t, held, ERR));
    }
    return i;
}

/* A store on a disk with less room than SQLite lets its WAL grow to before
 * a checkpoint (1000 pages, 4 MiB) failed for good: the WAL took the whole
 * disk, never checkpointed, a checkpoint then could not grow the file, and
 * room freed later was taken by the WAL again (a 1 MiB tmpfs: a WAL of
 * 1011712 bytes beside a file of 4096). Once room is freed the store
 * writes again, its WAL truncated, and goes on writing without failing. */
static void test_a_store_on_a_small_full_disk_recovers_once_room_is_freed(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        skip();
    quota_on(600 * 1024);
    ls_db *db = open_store();
    /* A second connection that reads now and then, as the server's own
     * beside its tables' store: idle, it holds no reader that would keep
     * the WAL from being truncated. */
    ls_db *api = open_store();
    int64_t t = 0, held = -1;
    OK(ls_db_table_begin(db, "FULL", "{}", &t, ERR));
    char line[200];
    ls_error e;
    int ret;
    int i = fill_disk(db, t, api, &held, &ret, &e);
    assert_int_equal(ret, LS_DB_EIO);
    assert_non_null(strstr(e.msg, "full"));
    long peak = file_size(where, "-wal");
    /* The WAL took the disk: no checkpoint came before it was full. */
    assert_true(peak > 400 * 1024);
    /* Still full: the tries (each after a checkpoint that cannot be made)
     * fail alike and change nothing. */
    for (int k = 0; k < 3; k++) {
        assert_int_equal(ls_db_table_append(db, t, "# still full", &e), LS_DB_EIO);
        assert_non_null(strstr(e.msg, "full"));
    }
    OK(ls_db_table_lines(api, t, &held, ERR));
    assert_int_equal(held, i - 1);
    /* 200 KiB freed: the store writes again, a thousand lines more, each
     * its own commit of a few pages (the WAL frames of several disks),
     * every one. */
    disk_room += 200 * 1024;
    for (int k = 0; k < 1000; k++) {
        snprintf(line, sizeof line, "# line %d after room was freed", k);
        if (ls_db_table_append(db, t, line, &e))
            fail_msg("line %d after room was freed: %s (WAL %ld bytes, file %ld)", k,
                     e.msg, file_size(where, "-wal"), file_size(where, ""));
        OK(ls_db_table_lines(api, t, &held, ERR));
    }
    /* The WAL no longer holds the disk's room. */
    long wal = file_size(where, "-wal");
    if (wal >= peak)
        fail_msg("the WAL has %ld bytes, as many as when the disk was full (%ld)", wal, peak);
    OK(ls_db_table_lines(db, t, &held, ERR));
    assert_int_equal(held, i - 1 + 1000);
    ls_db_close(api);
    ls_db_close(db);
    quota_off();
}

/* The checkpoint lowered after a full disk keeps a small disk from
 * filling again, but costs an fsync at each checkpoint; once the disk
 * has room for SQLite's own WAL again (4 of them, 16 MiB), the store
 * checkpoints at SQLite's size again (it kept the lowered one until the
 * server stopped): its WAL grows past a few hundred KiB, and no write
 * fails. With room for less, it stays lowered. */
static void test_a_store_whose_disk_has_room_again_checkpoints_as_before(void **state)
{
    (void)state;
    if (strcmp(backend, "sqlite"))
        skip();
    quota_on(600 * 1024);
    ls_db *db = open_store();
    int64_t t = 0, held = -1;
    OK(ls_db_table_begin(db, "ROOM", "{}", &t, ERR));
    char line[200];
    ls_error e;
    int ret;
    int i = fill_disk(db, t, NULL, &held, &ret, &e);
    assert_int_equal(ret, LS_DB_EIO);
    long peak = file_size(where, "-wal");
    /* Room for a few WALs of the lowered size, not for SQLite's own: the
     * WAL stays under its size at the failure. */
    disk_room += 2 * 1024 * 1024;
    long most = 0;
    for (int k = 0; k < 1000; k++) {
        snprintf(line, sizeof line, "# line %d with 2 MiB freed", k);
        if (ls_db_table_append(db, t, line, &e))
            fail_msg("line %d with 2 MiB freed: %s", k, e.msg);
        long wal = file_size(where, "-wal");
        most = wal > most ? wal : most;
    }
    if (most >= peak)
        fail_msg("with 2 MiB freed the WAL reached %ld bytes, its size at the failure %ld",
                 most, peak);
    /* Room for SQLite's own: the WAL grows as it would on any disk. */
    disk_room += 64 * 1024 * 1024;
    most = 0;
    for (int k = 0; k < 2000; k++) {
        snprintf(line, sizeof line, "# line %d with 66 MiB freed", k);
        if (ls_db_table_append(db, t, line, &e))
            fail_msg("line %d with 66 MiB freed: %s", k, e.msg);
        long wal = file_size(where, "-wal");
        most = wal > most ? wal : most;
    }
    if (most < 4 * peak)
        fail_msg("with 66 MiB freed the WAL reached %ld bytes at most, as if still on a small "
                 "disk (%ld at the failure)", most, peak);
    OK(ls_db_table_lines(db, t, &held, ERR));
    assert_int_equal(held, i - 1 + 3000);
    ls_db_close(db);
    quota_off();
}

static void test_a_failing_database_loses_nothing_already_written(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 5);
    break_store(db);
    /* Long comment lines fill SQLite's pages; the first write that fails
     * says why. */
    char line[4000];
    memset(line, 'x', sizeof line - 1);
    line[0] = '#';
    line[sizeof line - 1] = '\0';
    ls_error e;
    int ok = 0, ret = 0;
    for (int i = 0; i < 100 && !ret; i++)
        if (!(ret = ls_db_table_append(db, t, line, &e)))
            ok++;
    assert_int_equal(ret, LS_DB_EIO);
    if (!strcmp(backend, "sqlite")) {
        assert_non_null(strstr(e.msg, "full"));
        /* A batch that does not fit is not written in part. */
        const char *batch[] = {"# a", "# b", line};
        assert_int_equal(ls_db_table_append_lines(db, t, batch, 3, &e), LS_DB_EIO);
    } else {
        assert_non_null(strstr(e.msg, "postgresql: "));
    }
    mend_store(db);
    OK(ls_db_table_append(db, t, example[5], ERR));
    /* What the store holds, counted (after a write whose end is unknown). */
    int64_t held = -1;
    OK(ls_db_table_lines(db, t, &held, ERR));
    assert_int_equal(held, 5 + ok + 1);
    OK(ls_db_table_lines(db, t + 1000, &held, ERR));
    assert_int_equal(held, 0);
    ls_db_close(db);

    db = open_store();
    ls_db_live_table *lt = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 1);
    assert_int_equal(lt[0].lines, 5 + ok + 1);
    assert_int_equal(lt[0].nseats, 3);
    ls_db_live_tables_free(lt, n);
    ls_db_close(db);
}

/* The finish fails at its last write (a trigger refuses the rating
 * history, after the match and its players were inserted): the match, its
 * players and the ratings are rolled back, the table stays in progress. */
static void test_a_finish_that_fails_leaves_the_table_to_finish_later(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t ids[3] = {new_player(db, "Ann", "ann-player-token-0001"), 0, 0};
    int64_t t = example_table(db, ids, EXAMPLE_LINES);
    if (!strcmp(backend, "sqlite"))
        OK(ls__db_exec(db,
                       "CREATE TRIGGER refuse BEFORE INSERT ON rating_history"
                       " BEGIN SELECT RAISE(ABORT, 'the disk is on fire'); END",
                       NULL, NULL, ERR));
    else
        pg_admin("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS"
                 " $$ BEGIN RAISE EXCEPTION 'the disk is on fire'; END $$;"
                 "CREATE TRIGGER refuse BEFORE INSERT ON rating_history"
                 " FOR EACH ROW EXECUTE FUNCTION refuse()");
    ls_error e;
    int64_t mid = 0;
    assert_int_equal(ls_db_table_finish(db, t, &mid, &e), LS_DB_EIO);
    assert_non_null(strstr(e.msg, "the disk is on fire"));
    assert_int_equal(mid, 0);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM matches"), 0);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM match_players"), 0);
    assert_int_equal(scalar(db, "SELECT COUNT(*) FROM live_lines"), EXAMPLE_LINES);
    ls_db_player p;
    OK(ls_db_player_by_id(db, ids[0], &p, ERR));
    assert_close(p.rating.mu, 25.0);
    ls_db_close(db);
    if (!strcmp(backend, "sqlite")) {
        db = open_store();
        OK(ls__db_exec(db, "DROP TRIGGER refuse", NULL, NULL, ERR));
        ls_db_close(db);
    } else {
        pg_admin("DROP TRIGGER refuse ON rating_history; DROP FUNCTION refuse()");
    }
    db = open_store();
    OK(ls_db_table_finish(db, t, &mid, ERR));
    assert_true(mid > 0);
    OK(ls_db_player_by_id(db, ids[0], &p, ERR));
    assert_int_equal(p.matches, 1);
    assert_true(p.rating.mu > 25.0);
    ls_db_close(db);
}

/* ------------------------------------------------------------------ */

/* A seat whose person left the match is kept away, and back when they
 * come back; a seat the table does not have is refused. */
static void test_a_seat_left_is_kept_away(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 4);
    OK(ls_db_table_seat_away(db, t, 1, true, ERR));
    OK(ls_db_table_seat_away(db, t, 2, true, ERR));
    OK(ls_db_table_seat_away(db, t, 2, false, ERR));
    ls_error e;
    assert_int_equal(ls_db_table_seat_away(db, t, 5, true, &e), LS_DB_ENOTFOUND);
    assert_non_null(strstr(e.msg, "seat 5"));
    assert_int_equal(ls_db_table_seat_away(db, t + 1, 0, true, &e), LS_DB_ENOTFOUND);
    assert_int_equal(ls_db_table_seat_away(db, t, 8, true, &e), LS_EINVAL);
    ls_db_live_table *lt = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 1);
    assert_false(lt[0].seat[0].away);
    assert_true(lt[0].seat[1].away);
    assert_false(lt[0].seat[2].away);
    ls_db_live_tables_free(lt, n);
    ls_db_close(db);
}

/* A finished match's .lsr file is pending from the finish's commit until
 * it is noted written; the pending are listed by id, a page at a time. */
static void test_a_finished_match_has_its_file_pending_until_written(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t m1 = 0, m2 = 0, ids[4];
    int n = -1;
    OK(ls_db_matches_file_pending(db, 0, ids, 4, &n, ERR));
    assert_int_equal(n, 0);
    OK(ls_db_table_finish(db, example_table(db, NULL, EXAMPLE_LINES), &m1, ERR));
    OK(ls_db_table_finish(db, example_table(db, NULL, EXAMPLE_LINES), &m2, ERR));
    OK(ls_db_matches_file_pending(db, 0, ids, 4, &n, ERR));
    assert_int_equal(n, 2);
    assert_true(ids[0] == m1 && ids[1] == m2);
    OK(ls_db_matches_file_pending(db, m1, ids, 1, &n, ERR));
    assert_int_equal(n, 1);
    assert_true(ids[0] == m2);
    OK(ls_db_match_file_written(db, m1, ERR));
    OK(ls_db_match_file_written(db, m1, ERR)); /* again: the same */
    OK(ls_db_matches_file_pending(db, 0, ids, 4, &n, ERR));
    assert_int_equal(n, 1);
    assert_true(ids[0] == m2);
    ls_error e;
    assert_int_equal(ls_db_match_file_written(db, m2 + 10, &e), LS_DB_ENOTFOUND);
    assert_int_equal(ls_db_matches_file_pending(db, 0, ids, 0, &n, &e), LS_EINVAL);
    assert_non_null(strstr(e.msg, "1 to 1000"));
    ls_db_close(db);
}

/* The host a table's host passed to is kept (-1 until it passes); only a
 * person of the table can be host. */
static void test_a_host_passed_on_is_kept(void **state)
{
    (void)state;
    ls_db *db = open_store();
    int64_t t = example_table(db, NULL, 4);
    OK(ls_db_table_begin(db, "EFGH", "{}", &(int64_t){0}, ERR));
    ls_db_seat bot = {.name = "Expert", .bot = "expert"};
    OK(ls_db_bot_player(db, "expert", &bot.player_id, ERR));
    OK(ls_db_table_seat(db, t, 3, &bot, ERR));
    ls_db_live_table *lt = NULL;
    int n = 0;
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 2);
    assert_int_equal(lt[0].host, -1);
    ls_db_live_tables_free(lt, n);
    OK(ls_db_table_host(db, t, 1, ERR));
    OK(ls_db_table_host(db, t, 2, ERR));
    ls_error e;
    assert_int_equal(ls_db_table_host(db, t, 3, &e), LS_DB_ENOTFOUND); /* a computer */
    assert_non_null(strstr(e.msg, "no person in seat 3"));
    assert_int_equal(ls_db_table_host(db, t, 5, &e), LS_DB_ENOTFOUND); /* empty */
    assert_int_equal(ls_db_table_host(db, t + 2, 0, &e), LS_DB_ENOTFOUND);
    assert_int_equal(ls_db_table_host(db, t, 8, &e), LS_EINVAL);
    assert_int_equal(ls_db_table_host(db, t, -1, &e), LS_EINVAL);
    OK(ls_db_live_tables(db, &lt, &n, ERR));
    assert_int_equal(n, 2);
    assert_int_equal(lt[0].host, 2); /* the last one kept */
    assert_int_equal(lt[1].host, -1);
    ls_db_live_tables_free(lt, n);
    ls_db_close(db);
}

#define T(f) cmocka_unit_test_setup_teardown(f, fresh_store, forget_store)
static const struct CMUnitTest tests[] = {
    T(test_opening_applies_each_migration_once),
    T(test_sqlite_keeps_a_wal_journal_synced_in_full),
    T(test_a_store_file_moved_or_removed_while_open_is_told),
    T(test_stores_opened_at_once_apply_each_migration_once),
    T(test_a_new_store_being_made_is_waited_for_and_a_bare_copy_refused),
    T(test_a_current_store_opens_while_another_holds_the_lock),
    T(test_a_store_is_held_by_one_server_at_a_time),
    T(test_closing_a_held_store_keeps_the_others_locks),
    T(test_a_store_held_is_not_migrated_by_another),
    T(test_a_hold_lost_with_its_connection_is_taken_again),
    T(test_stores_in_two_schemas_are_held_apart),
    T(test_a_long_path_is_shortened_and_the_reason_kept_whole),
    T(test_a_path_longer_than_sqlite_takes_is_refused_saying_so),
    T(test_a_failed_migration_leaves_no_trace_and_is_retried),
    T(test_a_schema_newer_than_the_program_is_refused),
    T(test_a_store_that_cannot_be_opened_says_why),
    T(test_a_store_of_another_programs_tables_is_refused_unchanged),
    T(test_an_empty_file_or_schema_is_made_a_store),
    T(test_a_file_that_is_not_sqlites_is_refused_unchanged),
    T(test_a_store_file_cut_short_is_refused_unchanged),
    T(test_a_store_opened_with_no_descriptor_left_says_so),
    T(test_a_migration_that_fails_at_opening_names_the_file),
    T(test_a_store_file_that_cannot_be_written_is_refused),
    T(test_a_store_in_a_directory_that_cannot_be_written_says_so),
    T(test_a_token_is_hashed_with_sha256),
    T(test_a_player_is_found_by_token_and_name),
    T(test_only_the_hash_of_a_token_is_stored),
    T(test_a_taken_name_or_token_is_refused_and_nothing_is_written),
    T(test_bad_names_and_tokens_are_refused),
    T(test_a_password_gives_the_profile_to_another_device),
    T(test_a_name_is_taken_in_any_case_and_found_in_any_case),
    T(test_names_that_differ_in_case_survive_the_migration),
    T(test_a_name_that_looks_like_another_players_is_refused),
    T(test_a_question_given_up_on_keeps_the_connection),
    T(test_names_that_look_alike_survive_the_migration),
    T(test_a_run_of_v_and_w_is_one_look),
    T(test_each_computer_level_is_one_player_apart_from_people),
    T(test_tables_in_progress_come_back_after_reopening),
    T(test_a_table_without_lines_comes_back_empty),
    T(test_seats_change_and_empty_before_the_match),
    T(test_append_refuses_what_is_not_one_line_of_a_known_table),
    T(test_a_deal_is_appended_whole_or_not_at_all),
    T(test_a_table_keeps_its_last_chat_lines),
    T(test_a_tables_chat_goes_with_it),
    T(test_a_table_in_progress_gains_a_chat_in_the_migration),
    T(test_a_seat_left_is_kept_away),
    T(test_a_host_passed_on_is_kept),
    T(test_a_finished_match_has_its_file_pending_until_written),
    T(test_a_dropped_table_is_forgotten),
    T(test_a_finished_table_becomes_a_match_with_stats_and_ratings),
    T(test_a_players_matches_are_a_page_of_heads_in_one_query),
    T(test_ratings_carry_from_match_to_match_with_their_history),
    T(test_a_level_at_two_seats_is_rated_once_a_match),
    T(test_players_out_in_one_round_with_one_total_share_a_place),
    T(test_guests_play_unrated_and_are_not_on_the_leaderboard),
    T(test_the_leaderboard_reads_the_players_rows_not_their_seats),
    T(test_a_players_totals_are_its_seats_before_and_after_migration_9),
    T(test_a_match_in_progress_cannot_finish_and_stays),
    T(test_a_record_that_breaks_the_rules_is_refused_with_its_line),
    T(test_a_failing_database_loses_nothing_already_written),
    T(test_a_store_on_a_small_full_disk_recovers_once_room_is_freed),
    T(test_a_store_whose_disk_has_room_again_checkpoints_as_before),
    T(test_a_finish_that_fails_leaves_the_table_to_finish_later),
};

static int run_sqlite(void)
{
    snprintf(sqlite_dir, sizeof sqlite_dir, "/tmp/lsdb.XXXXXX");
    if (!mkdtemp(sqlite_dir)) {
        perror("test_store: mkdtemp");
        return 1;
    }
    backend = "sqlite";
    int failed = cmocka_run_group_tests_name("test_store (sqlite)", tests, NULL, NULL);
    rmdir(sqlite_dir);
    return failed;
}

static int run_postgresql(void)
{
    int code = pg_start();
    if (code == 77) {
        bool required = getenv("LS_REQUIRE_POSTGRESQL") &&
                        !strcmp(getenv("LS_REQUIRE_POSTGRESQL"), "1");
        fprintf(stderr, "test_store: PostgreSQL tests %s: no throwaway cluster "
                        "(see the message above)\n",
                required ? "FAILED" : "skipped");
        return required ? 1 : 0;
    }
    if (code != 0) {
        fprintf(stderr, "test_store: the throwaway PostgreSQL cluster did not start\n");
        return 1;
    }
    backend = "postgresql";
    int failed = cmocka_run_group_tests_name("test_store (postgresql)", tests, NULL, NULL);
    PQfinish(admin);
    admin = NULL;
    pg_stop();
    return failed;
}

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "all";
    if (argc > 2) {
        static char pattern[128];
        snprintf(pattern, sizeof pattern, "*%s*", argv[2]);
        cmocka_set_test_filter(pattern);
    }
    bool sq = !strcmp(which, "sqlite") || !strcmp(which, "all");
    bool pg = !strcmp(which, "postgresql") || !strcmp(which, "all");
    if (!sq && !pg) {
        fprintf(stderr, "usage: test_store [sqlite|postgresql|all] [NAME]\n");
        return 2;
    }
    int failed = 0;
    if (sq)
        failed += run_sqlite();
    if (pg)
        failed += run_postgresql();
    return failed ? 1 : 0;
}
