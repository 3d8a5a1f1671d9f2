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
 *
 * A question the caller can do without (exec's answer_ms: a guest's name
 * check) is waited for less, and then given up on, not the connection: a
 * database slow but alive (answering in a second under load) would
 * otherwise have both connections made again at each such question, and
 * while a connection is being made again the tables' writes fail. The
 * statement is cancelled (PQcancel, on a thread of its own: it waits for
 * the server, for ever if the server is stopped; libpq 15 has no other),
 * and its answer read and dropped before the next statement (pg_drain).
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

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
 * The cancel request of a statement given up on, sent by a thread of its
 * own: PQcancel connects to the server and waits until it has passed the
 * request on, which a stopped server never does. `done` (an eventfd) is
 * written once it is sent; the thread and the connection each hold a
 * reference, and the last one frees it. At most PG_CANCELS_MAX threads
 * at once in the process (those that wait for a stopped server): past
 * that, a statement given up on is not cancelled, its answer only waited
 * for by the next statement.
 */
typedef struct pg_cancel_job {
    PGcancel *cancel;
    int done;
    atomic_int refs;
} pg_cancel_job;

#define PG_CANCELS_MAX 4
static atomic_int cancels_in_flight;

static void cancel_unref(pg_cancel_job *j)
{
    if (j && atomic_fetch_sub(&j->refs, 1) == 1) {
        PQfreeCancel(j->cancel);
        close(j->done);
        free(j);
    }
}

static void *cancel_thread(void *arg)
{
    pg_cancel_job *j = arg;
    char why[256];
    PQcancel(j->cancel, why, sizeof why); /* a statement already done: no effect */
    uint64_t one = 1;
    if (write(j->done, &one, sizeof one) < 0)
        (void)0; /* an eventfd's counter cannot overflow from one write */
    atomic_fetch_sub(&cancels_in_flight, 1);
    cancel_unref(j);
    return NULL;
}

/* Sends the cancel of the statement under way on db's connection; the
 * next statement waits until it is sent (pg_drain): a cancel that came
 * after it would cancel it instead. Nothing when it cannot be. */
static void cancel_start(ls_db *db)
{
    if (atomic_fetch_add(&cancels_in_flight, 1) >= PG_CANCELS_MAX)
        goto out_count;
    pg_cancel_job *j = calloc(1, sizeof *j);
    if (!j)
        goto out_count;
    j->done = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (j->done < 0)
        goto out_free;
    if (!(j->cancel = PQgetCancel(db->conn)))
        goto out_close;
    atomic_init(&j->refs, 2);
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) != 0)
        goto out_cancel;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&th, &attr, cancel_thread, j);
    pthread_attr_destroy(&attr);
    if (rc != 0)
        goto out_cancel;
    db->cancel = j;
    return;
out_cancel:
    PQfreeCancel(j->cancel);
out_close:
    close(j->done);
out_free:
    free(j);
out_count:
    atomic_fetch_sub(&cancels_in_flight, 1);
}

/* The connection no longer waits for its cancel (sent, or of a session
 * that is gone: then it can cancel nothing of the new one). */
static void cancel_forget(ls_db *db)
{
    cancel_unref(db->cancel);
    db->cancel = NULL;
}

/* Waits until the cancel under way is sent, until `deadline`: 0 then (or
 * with none), 1 at the deadline. */
static int cancel_wait(ls_db *db, int64_t deadline)
{
    pg_cancel_job *j = db->cancel;
    while (j) {
        int64_t left = deadline - now_ms();
        struct pollfd p = {.fd = j->done, .events = POLLIN};
        int n = poll(&p, 1, left > 0 ? (int)left : 0);
        if (n > 0) {
            cancel_forget(db);
            return 0;
        }
        if (n == 0 || (n < 0 && errno != EINTR))
            return 1;
    }
    return 0;
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
    int told = 0; /* made again for the other connection's silence: the
                     ms its statement waited */
    if (!db->reset_until && PQstatus(c) == CONNECTION_OK) {
        if (!*db->silent || db->in_tx)
            return 0;
        told = *db->silent;
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
            *db->silent = 0;
            db->abandoned = false; /* a new session owes no answer */
            cancel_forget(db);
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
            return ls__db_fail(err, LS_DB_EIO, "postgresql: no answer in %g s to a "
                               "statement on another connection: reconnecting (under way)",
                               told / 1000.0);
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
 * Returns 0 then, 1 at the deadline (the connection left as it is), or
 * LS_DB_EIO when the connection failed.
 */
static int pg_wait(PGconn *c, int64_t deadline, ls_error *err)
{
    for (;;) {
        int flush = PQflush(c); /* 0: all sent, 1: more to send, -1: failed */
        if (flush < 0 || !PQconsumeInput(c))
            return pg_fail(err, LS_DB_EIO, "", PQerrorMessage(c));
        if (flush == 0 && !PQisBusy(c))
            return 0;
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return 1;
        struct pollfd p = {.fd = PQsocket(c), .events = POLLIN | (flush ? POLLOUT : 0)};
        if (poll(&p, 1, (int)left) < 0 && errno != EINTR)
            return ls__db_fail(err, LS_DB_EIO, "postgresql: poll: %s", strerror(errno));
    }
}

/* How one statement waits for its answer: until `deadline`, `waited` ms
 * in all; with `give_up` (a question the caller can do without, outside a
 * transaction) its answer is then given up on, else the connection is
 * closed. */
typedef struct pg_wait_for {
    int64_t deadline;
    int waited;
    bool give_up;
} pg_wait_for;

static pg_wait_for pg_wait_of(const ls_db *db, int answer_ms)
{
    bool give_up = answer_ms > 0 && !db->in_tx;
    int waited = give_up ? answer_ms : PG_ANSWER_MS;
    return (pg_wait_for){now_ms() + waited, waited, give_up};
}

/* The answer did not come in time. A question the caller can do without
 * is given up on: the connection is kept, owing an answer that pg_drain()
 * reads and drops, and nobody else is told. Any other statement shuts
 * the connection (PQstatus becomes CONNECTION_BAD: the next statement
 * outside a transaction reconnects) and tells the connections sharing
 * db's flag (db->silent). Returns LS_DB_EIO. */
static int pg_late(ls_db *db, const pg_wait_for *w, ls_error *err)
{
    if (w->give_up) {
        db->abandoned = true;
        cancel_start(db);
        return ls__db_fail(err, LS_DB_EIO, "postgresql: no answer in %g s: given up on, "
                           "the connection kept", w->waited / 1000.0);
    }
    PGconn *c = db->conn;
    shutdown(PQsocket(c), SHUT_RDWR);
    PQconsumeInput(c); /* libpq sees the end: CONNECTION_BAD */
    db->abandoned = false;
    cancel_forget(db);
    *db->silent = w->waited;
    return ls__db_fail(err, LS_DB_EIO, "postgresql: no answer in %g s: the "
                       "connection is closed", w->waited / 1000.0);
}

/*
 * Reads and drops the answer given up on before (db->abandoned), once its
 * cancel is sent, so that the next statement may be sent. A question the
 * caller can do without does not wait for them: while they are not in,
 * such a question fails at once. Any other statement waits for them
 * within its own time, as for its own answer (pg_late).
 */
static int pg_drain(ls_db *db, const pg_wait_for *w, ls_error *err)
{
    PGconn *c = db->conn;
    int64_t until = w->give_up ? 0 : w->deadline;
    if (db->abandoned && cancel_wait(db, until) != 0) {
        if (w->give_up)
            return ls__db_fail(err, LS_DB_EIO, "postgresql: an earlier question is not "
                               "answered yet: given up on, the connection kept");
        return pg_late(db, w, err);
    }
    while (db->abandoned) {
        int ret = pg_wait(c, until, err);
        if (ret < 0)
            return ret;
        if (ret == 1 && w->give_up)
            return ls__db_fail(err, LS_DB_EIO, "postgresql: an earlier question is not "
                               "answered yet: given up on, the connection kept");
        if (ret == 1)
            return pg_late(db, w, err);
        PGresult *r = PQgetResult(c);
        if (!r)
            db->abandoned = false;
        PQclear(r);
    }
    return 0;
}

/*
 * The answer to the statement(s) just sent, as PQexec gives it: the first
 * result that failed, else the last one; NULL with err filled when the
 * answer did not come in time (pg_late). The caller clears the result.
 */
static PGresult *pg_answer(ls_db *db, const pg_wait_for *w, ls_error *err)
{
    PGconn *c = db->conn;
    PGresult *keep = NULL;
    for (;;) {
        int ret = pg_wait(c, w->deadline, err);
        if (ret == 1)
            pg_late(db, w, err);
        if (ret != 0) {
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

/*
 * The key of ls_db_hold()'s advisory lock (the migrations' is 7412967):
 * the pair (PG_HOLD_KEY, hashtext of the schema the store's tables are
 * in, current_schema()), so that a database may hold stores in schemas
 * of their own (search_path in the URL), each with its server. Servers
 * before this took the one key PG_HOLD_KEY for the whole database, and
 * hold it still while they run: a server finding it held is beside such
 * an older one (on its store, or on another schema's) and is refused.
 */
#define PG_HOLD_KEY "7412968"
#define PG_HOLD_PAIR "(" PG_HOLD_KEY ", hashtext(coalesce(current_schema(), '')))"

/* Runs one statement of the hold (no parameters) and hands its first
 * row's columns to row. */
static int pg_hold_query(ls_db *db, const char *sql, ls__db_row_fn row, void *ud,
                         ls_error *err)
{
    PGconn *c = db->conn;
    pg_wait_for w = pg_wait_of(db, 0);
    int ret = pg_drain(db, &w, err);
    if (ret)
        return ret;
    if (!PQsendQuery(c, sql))
        return pg_fail(err, LS_DB_EIO, "", PQerrorMessage(c));
    PGresult *res = pg_answer(db, &w, err);
    if (!res)
        return LS_DB_EIO;
    if (PQresultStatus(res) != PGRES_TUPLES_OK)
        ret = pg_result_fail(c, res, err);
    else if (PQntuples(res) != 1 || PQnfields(res) > 4)
        ret = ls__db_fail(err, LS_DB_EIO, "postgresql: the hold's query gave %d rows",
                          PQntuples(res));
    else if (row) {
        const char *col[4];
        for (int i = 0; i < PQnfields(res); i++)
            col[i] = PQgetisnull(res, 0, i) ? "" : PQgetvalue(res, 0, i);
        ret = row(ud, col, PQnfields(res));
    }
    PQclear(res);
    return ret;
}

typedef struct pg_hold_row {
    bool taken, older;
    char schema[64];
} pg_hold_row;

static int hold_row(void *ud, const char *const *col, int ncol)
{
    pg_hold_row *h = ud;
    if (ncol != 3)
        return LS_DB_EIO;
    h->taken = !strcmp(col[0], "t");
    h->older = !strcmp(col[1], "t");
    snprintf(h->schema, sizeof h->schema, "%s", col[2]);
    return 0;
}

/* Tries the hold's session-level advisory lock on a ready connection:
 * 0 when taken, LS_DB_EHELD when another session holds it, or an older
 * server holds the whole database's (then it is not kept). */
static int pg_take(ls_db *db, ls_error *err)
{
    pg_hold_row h = {0};
    int ret = pg_hold_query(db, "SELECT pg_try_advisory_lock" PG_HOLD_PAIR ", EXISTS ("
                            "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND"
                            " classid = 0 AND objid = " PG_HOLD_KEY " AND objsubid = 1"
                            " AND granted), coalesce(current_schema(), '')",
                            hold_row, &h, err);
    if (ret)
        return ret;
    if (h.taken && h.older) {
        ret = pg_hold_query(db, "SELECT pg_advisory_unlock" PG_HOLD_PAIR, NULL, NULL, err);
        return ret ? ret : ls__db_fail(err, LS_DB_EHELD, "the store, PostgreSQL database "
                                       "%s, is in use by an older server (it holds the "
                                       "whole database's advisory lock " PG_HOLD_KEY ")",
                                       PQdb(db->conn));
    }
    if (!h.taken)
        return ls__db_fail(err, LS_DB_EHELD, "the store, PostgreSQL database %s schema "
                           "%.40s, is in use by another server (it holds the schema's "
                           "advisory lock " PG_HOLD_KEY ")", PQdb(db->conn), h.schema);
    return 0;
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

static int pg_exec(ls_db *db, const char *sql, unsigned flags, int answer_ms,
                   int nparams, const char *const *params, ls__db_row_fn row,
                   void *ud, ls_error *err)
{
    (void)flags;
    int ret = pg_ready_held(db, err);
    if (ret)
        return ret;
    pg_wait_for w = pg_wait_of(db, answer_ms);
    if ((ret = pg_drain(db, &w, err)) != 0)
        return ret;
    PGconn *c = db->conn;
    if (!PQsendQueryParams(c, sql, nparams, NULL, params, NULL, NULL, 0))
        return pg_fail(err, LS_DB_EIO, "", PQerrorMessage(c));
    PGresult *res = pg_answer(db, &w, err);
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
    pg_wait_for w = pg_wait_of(db, 0);
    if ((ret = pg_drain(db, &w, err)) != 0)
        return ret;
    PGconn *c = db->conn;
    if (!PQsendQuery(c, sql))
        return pg_fail(err, LS_DB_EIO, "", PQerrorMessage(c));
    PGresult *res = pg_answer(db, &w, err);
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
    pg_wait_for w = pg_wait_of(db, 0);
    if (db->conn && db->held && !db->rehold && !*db->silent && !db->reset_until &&
        PQstatus(db->conn) == CONNECTION_OK && pg_drain(db, &w, NULL) == 0 &&
        PQsendQuery(db->conn, "SELECT pg_advisory_unlock" PG_HOLD_PAIR))
        PQclear(pg_answer(db, &w, NULL));
    cancel_forget(db);
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

/* The tables, views and foreign tables of the schema the store's tables
 * are made in (not its indexes, nor the sequences of identity columns). */
static int pg_tables(ls_db *db, ls__db_row_fn row, void *ud, ls_error *err)
{
    return pg_exec(db, "SELECT c.relname, current_database() || ' schema ' ||"
                   " current_schema() FROM pg_class c JOIN pg_namespace s ON"
                   " s.oid = c.relnamespace WHERE s.nspname = current_schema()"
                   " AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY c.relname",
                   0, 0, 0, NULL, row, ud, err);
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
    .tables = pg_tables,
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
