/*
 * db_pg.c - the store's PostgreSQL backend (libpq).
 *
 * Each statement outside ls__db_begin() commits on its own; with the
 * server's default synchronous_commit=on, a commit returns after its WAL
 * record is flushed, so a line appended survives a crash of the server
 * process, of PostgreSQL, or of the machine.
 *
 * A lost connection fails the statement that met it (LS_DB_EIO, with
 * libpq's message); the next statement outside a transaction reconnects
 * first (PQreset). Inside a transaction it does not: the transaction's
 * earlier statements are gone with the connection, so its remaining
 * statements must fail too until the caller's rollback.
 *
 * Nothing waits for the database without end: the server calls the store
 * on its one loop, so a database that stops answering (its machine
 * unreachable with no reset, a stopped server) would hold every table and
 * connection until it came back (a statement sent to a stopped server
 * waited for ever). A statement's answer is waited for PG_ANSWER_MS at
 * most; then the connection is shut and the statement fails as if the
 * connection had been lost. Connecting at the start takes PG_CONNECT_S at
 * most (libpq's connect_timeout, unless the URL sets its own); a
 * reconnection is carried on a step at a time (pg_ready), waiting at most
 * PG_RESET_WAIT_MS in all, and the calls meanwhile fail at once.
 *
 * The server has two connections on its loop (the tables' store and the
 * players' and API's), which share what they learn of the database
 * (ls_db_share_silence): once a statement on one is not answered, the
 * other is not sent to wait PG_ANSWER_MS in its turn but reconnects
 * (pg_ready), as the first does. So a database that stops answering holds
 * the loop PG_ANSWER_MS once, then PG_RESET_WAIT_MS for each reconnection
 * tried (one every PG_CONNECT_MS + PG_RETRY_MS at most, a connection),
 * until it answers again (docs/store.md).
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <libpq-fe.h>

#include "server/db_internal.h"

/* libpq's messages end with a line break; the store's do not. */
static int pg_fail(ls_error *err, int code, const char *what, const char *msg)
{
    size_t n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        n--;
    return ls__db_fail(err, code, "postgresql: %s%.*s", what, (int)n, msg);
}

/* How long a statement's answer may take. The loop waits for it once
 * (the other connection then reconnects rather than wait: see above),
 * and it must stay under --idle-timeout's default (15 s) less its ping
 * interval (5 s), after which libwebsockets drops every game connection.
 * It was 10 s, and each connection waited in its turn: a stopped database
 * held the loop 20.5 s at once (measured by hand), and every player was
 * dropped. A healthy database answers in milliseconds. */
#define PG_ANSWER_MS 4000
#define PG_CONNECT_S "5"   /* how long connecting at start may take (libpq's
                              connect_timeout) */
#define PG_CONNECT_MS 5000 /* how long a reconnection may take */
#define PG_RESET_WAIT_MS 500 /* how long the calls carrying a reconnection on
                                may wait for the database, in all */
#define PG_RETRY_MS 5000   /* a failed reconnection is tried again after this */

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Reconnects a lost connection when no transaction was open on it, without
 * waiting for the database more than PG_RESET_WAIT_MS in all: the
 * reconnection is begun (PQresetStart) and carried on by this call and the
 * next ones (PQresetPoll), which fail at once while it is under way; one
 * that takes over PG_CONNECT_MS fails, and after a failure the next is
 * begun only PG_RETRY_MS later. A database that answers within
 * PG_RESET_WAIT_MS (the usual case: a local one in milliseconds) is back
 * within the one call; a slower one is taken up by the calls after it,
 * which look at what it sent without waiting. The wait was 2 s for
 * each call: a database that did not answer (stopped with
 * SIGSTOP) held the loop 2 s at each call through the 5 s of every
 * reconnection, some 4 s in every 5 to 7 (measured by hand), for as long
 * as it did not answer.
 *
 * A connection that is up is made again in the same way when a statement
 * on the connection sharing its flag was not answered (db->silent), unless
 * a transaction is under way on it: its statement would wait PG_ANSWER_MS
 * in its turn (the loop was held 8.5 s, not 4.5). A reconnection that
 * succeeds clears the flag: the database answers again.
 */
static int pg_ready(ls_db *db, ls_error *err)
{
    PGconn *c = db->conn;
    bool told = false; /* made again for the other connection's silence */
    if (!db->reset_until && PQstatus(c) == CONNECTION_OK) {
        if (!*db->silent || db->in_tx)
            return 0;
        told = true;
    }
    if (db->in_tx)
        return pg_fail(err, LS_DB_EIO, "the connection was lost in a transaction: ",
                       PQerrorMessage(c));
    int64_t now = now_ms();
    if (!db->reset_until) {
        if (db->retry_at && now < db->retry_at)
            return pg_fail(err, LS_DB_EIO, "connection lost, reconnecting failed (tried "
                           "again shortly): ", PQerrorMessage(c));
        if (!PQresetStart(c)) {
            db->retry_at = now + PG_RETRY_MS;
            return pg_fail(err, LS_DB_EIO, "connection lost, reconnecting failed: ",
                           PQerrorMessage(c));
        }
        db->reset_until = now + PG_CONNECT_MS;
        db->reset_wait_end = now + PG_RESET_WAIT_MS;
    }
    for (;;) {
        PostgresPollingStatusType st = PQresetPoll(c);
        if (st == PGRES_POLLING_OK) {
            db->reset_until = db->retry_at = 0;
            *db->silent = false;
            db->rehold = db->held; /* a new session holds no lock */
            if (PQsetnonblocking(c, 1) != 0)
                return pg_fail(err, LS_DB_EIO, "cannot make the connection "
                               "non-blocking: ", PQerrorMessage(c));
            return 0;
        }
        now = now_ms();
        if (st == PGRES_POLLING_FAILED || now >= db->reset_until) {
            db->reset_until = 0;
            db->retry_at = now + PG_RETRY_MS;
            return st == PGRES_POLLING_FAILED
                       ? pg_fail(err, LS_DB_EIO, "connection lost, reconnecting failed: ",
                                 PQerrorMessage(c))
                       : ls__db_fail(err, LS_DB_EIO, "postgresql: connection lost, "
                                     "reconnecting failed: no answer in %d s",
                                     PG_CONNECT_MS / 1000);
        }
        struct pollfd p = {.fd = PQsocket(c),
                           .events = st == PGRES_POLLING_WRITING ? POLLOUT : POLLIN};
        int wait = now < db->reset_wait_end ? (int)(db->reset_wait_end - now) : 0;
        int n = poll(&p, 1, wait);
        if (n == 0 && told)
            return ls__db_fail(err, LS_DB_EIO, "postgresql: no answer in %d s to a "
                               "statement on another connection: reconnecting (under way)",
                               PG_ANSWER_MS / 1000);
        if (n == 0)
            return ls__db_fail(err, LS_DB_EIO, "postgresql: connection lost, "
                               "reconnecting (under way)");
        if (n < 0 && errno != EINTR)
            return ls__db_fail(err, LS_DB_EIO, "postgresql: poll: %s", strerror(errno));
    }
}

/*
 * Sends what libpq holds of a statement and reads until its next result
 * can be taken without waiting, for at most until `deadline` (now_ms()).
 * On the deadline the connection is shut (PQstatus becomes CONNECTION_BAD:
 * the next statement outside a transaction reconnects), the connections
 * sharing db's flag are told (db->silent) and the statement fails.
 * Returns 0 or LS_DB_EIO.
 */
static int pg_wait(ls_db *db, int64_t deadline, int waited_ms, ls_error *err)
{
    PGconn *c = db->conn;
    for (;;) {
        int flush = PQflush(c); /* 0: all sent, 1: more to send, -1: failed */
        if (flush < 0 || !PQconsumeInput(c))
            return pg_fail(err, LS_DB_EIO, "", PQerrorMessage(c));
        if (flush == 0 && !PQisBusy(c))
            return 0;
        int64_t left = deadline - now_ms();
        if (left <= 0) {
            shutdown(PQsocket(c), SHUT_RDWR);
            PQconsumeInput(c); /* libpq sees the end: CONNECTION_BAD */
            *db->silent = true;
            return ls__db_fail(err, LS_DB_EIO, "postgresql: no answer in %g s: the "
                               "connection is closed", waited_ms / 1000.0);
        }
        struct pollfd p = {.fd = PQsocket(c), .events = POLLIN | (flush ? POLLOUT : 0)};
        if (poll(&p, 1, (int)left) < 0 && errno != EINTR)
            return ls__db_fail(err, LS_DB_EIO, "postgresql: poll: %s", strerror(errno));
    }
}

/*
 * The answer to the statement(s) just sent, as PQexec gives it: the first
 * result that failed, else the last one; NULL with err filled when the
 * answer did not come in PG_ANSWER_MS (or ls_db_set_answer_wait()'s
 * time). The caller clears the result.
 */
static PGresult *pg_answer(ls_db *db, ls_error *err)
{
    PGconn *c = db->conn;
    int waited = db->answer_ms > 0 ? db->answer_ms : PG_ANSWER_MS;
    int64_t deadline = now_ms() + waited;
    PGresult *keep = NULL;
    for (;;) {
        if (pg_wait(db, deadline, waited, err) != 0) {
            PQclear(keep);
            return NULL;
        }
        PGresult *r = PQgetResult(c);
        if (!r)
            break;
        ExecStatusType kst = keep ? PQresultStatus(keep) : PGRES_COMMAND_OK;
        if (keep && kst != PGRES_TUPLES_OK && kst != PGRES_COMMAND_OK) {
            PQclear(r); /* the first failure is kept */
        } else {
            PQclear(keep);
            keep = r;
        }
    }
    if (!keep)
        ls__db_fail(err, LS_DB_EIO, "postgresql: no result: %s", PQerrorMessage(c));
    return keep;
}

static int pg_result_fail(PGconn *c, PGresult *res, ls_error *err)
{
    const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
    int code = LS_DB_EIO;
    if (state && !strcmp(state, "23505"))
        code = LS_DB_EEXISTS;
    else if (state && !strcmp(state, "23503"))
        code = LS_DB_ENOTFOUND;
    const char *msg = res ? PQresultErrorMessage(res) : "";
    return pg_fail(err, code, "", *msg ? msg : PQerrorMessage(c));
}

/* The key of ls_db_hold()'s advisory lock (the migrations' is 7412967). */
#define PG_HOLD_KEY "7412968"

/* Tries the hold's session-level advisory lock on a ready connection:
 * 0 when taken, LS_DB_EHELD when another session holds it. */
static int pg_take(ls_db *db, ls_error *err)
{
    PGconn *c = db->conn;
    if (!PQsendQuery(c, "SELECT pg_try_advisory_lock(" PG_HOLD_KEY ")"))
        return pg_fail(err, LS_DB_EIO, "", PQerrorMessage(c));
    PGresult *res = pg_answer(db, err);
    if (!res)
        return LS_DB_EIO;
    int ret = 0;
    if (PQresultStatus(res) != PGRES_TUPLES_OK)
        ret = pg_result_fail(c, res, err);
    else if (PQntuples(res) != 1 || strcmp(PQgetvalue(res, 0, 0), "t"))
        ret = ls__db_fail(err, LS_DB_EHELD, "the store, PostgreSQL database %s, is in "
                          "use by another server (it holds the database's advisory "
                          "lock " PG_HOLD_KEY ")", PQdb(c));
    PQclear(res);
    return ret;
}

/* A connection made again takes the hold again before its first
 * statement; while another server holds it, every statement fails (the
 * server's tables are paused, its store failing) rather than write
 * beside that server. */
static int pg_ready_held(ls_db *db, ls_error *err)
{
    int ret = pg_ready(db, err);
    if (ret || !db->rehold)
        return ret;
    ret = pg_take(db, err);
    if (ret == LS_DB_EHELD) {
        ls__db_prefix(err, "postgresql: the connection was made again, and ");
        return LS_DB_EIO;
    }
    if (!ret)
        db->rehold = false;
    return ret;
}

/* A session's locks go when its backend ends, which is a little after
 * the session's process closed its connection (or died, kill -9 too):
 * a lock held by another is tried again for PG_HOLD_WAIT_MS before it
 * is refused, so that a server started again at once is not. */
#define PG_HOLD_WAIT_MS 2000

static int pg_hold(ls_db *db, ls_error *err)
{
    int64_t end = now_ms() + PG_HOLD_WAIT_MS;
    for (;;) {
        int ret = pg_ready(db, err);
        if (!ret)
            ret = pg_take(db, err);
        if (ret != LS_DB_EHELD || now_ms() >= end)
            return ret;
        nanosleep(&(struct timespec){0, 50 * 1000000L}, NULL);
    }
}

static int pg_exec(ls_db *db, const char *sql, unsigned flags, int nparams,
                   const char *const *params, ls__db_row_fn row, void *ud,
                   ls_error *err)
{
    (void)flags;
    int ret = pg_ready_held(db, err);
    if (ret)
        return ret;
    PGconn *c = db->conn;
    if (!PQsendQueryParams(c, sql, nparams, NULL, params, NULL, NULL, 0))
        return pg_fail(err, LS_DB_EIO, "", PQerrorMessage(c));
    PGresult *res = pg_answer(db, err);
    if (!res)
        return LS_DB_EIO;
    ExecStatusType st = PQresultStatus(res);
    if (st != PGRES_TUPLES_OK && st != PGRES_COMMAND_OK) {
        ret = pg_result_fail(c, res, err);
        PQclear(res);
        return ret;
    }
    int nrows = PQntuples(res), ncols = PQnfields(res);
    if (ncols > 32)
        ncols = 32;
    for (int r = 0; r < nrows && row && !ret; r++) {
        const char *col[32];
        for (int i = 0; i < ncols; i++)
            col[i] = PQgetisnull(res, r, i) ? NULL : PQgetvalue(res, r, i);
        ret = row(ud, col, ncols);
    }
    PQclear(res);
    return ret < 0 ? ret : 0;
}

static int pg_script(ls_db *db, const char *sql, ls_error *err)
{
    int ret = pg_ready_held(db, err);
    if (ret)
        return ret;
    PGconn *c = db->conn;
    if (!PQsendQuery(c, sql))
        return pg_fail(err, LS_DB_EIO, "", PQerrorMessage(c));
    PGresult *res = pg_answer(db, err);
    if (!res)
        return LS_DB_EIO;
    ExecStatusType st = PQresultStatus(res);
    if (st != PGRES_TUPLES_OK && st != PGRES_COMMAND_OK)
        ret = pg_result_fail(c, res, err);
    PQclear(res);
    return ret;
}

static void pg_close(ls_db *db)
{
    /* The hold is let go of at once, not when the backend has ended, so
     * that the next server may take it without waiting. */
    if (db->conn && db->held && !db->rehold && !*db->silent && !db->reset_until &&
        PQstatus(db->conn) == CONNECTION_OK &&
        PQsendQuery(db->conn, "SELECT pg_advisory_unlock(" PG_HOLD_KEY ")"))
        PQclear(pg_answer(db, NULL));
    if (db->conn)
        PQfinish(db->conn);
    db->conn = NULL;
}

/* The library prints nothing: notices ("there is no transaction in
 * progress") are dropped. */
static void pg_notice(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

/* The connection is lost (a statement met it lost, or was not answered in
 * time) and not made again yet: pg_ready is making it, or tries again
 * shortly. */
static bool pg_unavailable(const ls_db *db)
{
    return db->reset_until != 0 || PQstatus(db->conn) != CONNECTION_OK;
}

static const ls__db_ops pg_ops = {
    .name = "postgresql",
    .begin_sql = "BEGIN",
    .row_locks = true,
    .id_column = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    .exec = pg_exec,
    .script = pg_script,
    .close = pg_close,
    .unavailable = pg_unavailable,
    .hold = pg_hold,
};

int ls__db_pg_open(ls_db *db, const char *url, ls_error *err)
{
    db->ops = &pg_ops;
    /* connect_timeout first: the URL's own, if it sets one, comes after
     * and is kept. */
    const char *const keys[] = {"connect_timeout", "dbname", NULL};
    const char *const values[] = {PG_CONNECT_S, url, NULL};
    PGconn *c = PQconnectdbParams(keys, values, 1);
    db->conn = c;
    if (!c)
        return ls__db_fail(err, LS_ENOMEM, "out of memory");
    if (PQstatus(c) != CONNECTION_OK) {
        int ret = pg_fail(err, LS_DB_EIO, "cannot connect: ", PQerrorMessage(c));
        pg_close(db);
        return ret;
    }
    PQsetNoticeProcessor(c, pg_notice, NULL);
    /* Statements are sent without blocking, and pg_wait() waits (bounded). */
    if (PQsetnonblocking(c, 1) != 0) {
        int ret = pg_fail(err, LS_DB_EIO, "cannot make the connection non-blocking: ",
                          PQerrorMessage(c));
        pg_close(db);
        return ret;
    }
    return 0;
}
