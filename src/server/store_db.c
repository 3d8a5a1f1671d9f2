/*
 * store_db.c - the database store (see store_db.h).
 *
 * A failing database does not lose what the table handed over while the
 * server runs: text that could not be written stays pending in memory, in
 * order, and goes in with the next piece, all of it in one commit, so the
 * journal in the database never has a gap; a match whose end could not be
 * written is kept and retried at every later call of the store. Each
 * failure is reported on the log, with the database's message, and
 * counted. What is still pending when the store is freed is reported as
 * lost (its size).
 */
#include <stdlib.h>
#include <string.h>

#include "server/store_db.h"

typedef struct db_match {
    int64_t table_id;
    char code[32];
    int match;
    char *pending; /* text not yet written */
    size_t len, cap;
    bool finished;          /* for an ended match: it has a winner */
    struct db_match *next;  /* in db_store.ended */
} db_match;

typedef struct db_store {
    store st;
    ls_db *db;
    FILE *log;
    int finished, failures;
    db_match *ended; /* ended matches the database did not take yet */
} db_store;

static void report(db_store *s, const db_match *m, const char *what, const ls_error *err)
{
    s->failures++;
    if (s->log) {
        fprintf(s->log, "leastscore serve: store: table %s, match %d: %s: %s\n",
                m->code, m->match, what, err->msg);
        fflush(s->log);
    }
}

static int pending_add(db_match *m, const char *text, size_t len)
{
    if (m->len + len + 1 > m->cap) {
        size_t cap = m->cap ? m->cap : 4096;
        while (m->len + len + 1 > cap)
            cap *= 2;
        char *p = realloc(m->pending, cap);
        if (!p)
            return LS_ENOMEM;
        m->pending = p;
        m->cap = cap;
    }
    memcpy(m->pending + m->len, text, len);
    m->len += len;
    m->pending[m->len] = '\0';
    return 0;
}

/*
 * Writes the pending whole lines in one commit and forgets them. A line
 * without its line break yet stays pending. Returns 0 or the error (then
 * everything stays pending).
 */
static int flush_pending(db_store *s, db_match *m, ls_error *err)
{
    size_t used = m->len;
    while (used > 0 && m->pending[used - 1] != '\n')
        used--;
    if (used == 0)
        return 0;
    int n = 0;
    for (size_t i = 0; i < used; i++)
        n += m->pending[i] == '\n';
    char *copy = malloc(used + 1);
    const char **lines = malloc((size_t)n * sizeof *lines);
    int ret = 0;
    if (!copy || !lines) {
        ret = LS_ENOMEM;
        err->code = ret;
        snprintf(err->msg, sizeof err->msg, "out of memory");
    } else {
        memcpy(copy, m->pending, used);
        copy[used] = '\0';
        int k = 0;
        for (char *p = copy; k < n; k++) {
            char *nl = memchr(p, '\n', (size_t)(copy + used - p));
            if (!nl)
                break; /* cannot happen: n counted the line breaks */
            *nl = '\0';
            if (nl > p && nl[-1] == '\r')
                nl[-1] = '\0';
            lines[k] = p;
            p = nl + 1;
        }
        ret = ls_db_table_append_lines(s->db, m->table_id, lines, k, err);
    }
    if (!ret) {
        memmove(m->pending, m->pending + used, m->len - used + 1);
        m->len -= used;
    }
    free(lines);
    free(copy);
    return ret;
}

/* Writes what is pending of an ended match, then finishes or drops it.
 * Returns 0, or the error (reported; the match stays for a retry). */
static int end_match(db_store *s, db_match *m)
{
    ls_error err;
    int ret = flush_pending(s, m, &err);
    if (ret) {
        report(s, m, "the end of the match could not be written (kept, retried)", &err);
    } else if (m->finished) {
        if ((ret = ls_db_table_finish(s->db, m->table_id, NULL, &err)))
            report(s, m, "the finished match could not be kept (retried)", &err);
        else
            s->finished++;
    } else if ((ret = ls_db_table_drop(s->db, m->table_id, &err))) {
        report(s, m, "the abandoned match could not be dropped (retried)", &err);
    }
    return ret;
}

/* Retries the ended matches the database refused before (at every call of
 * the store: the database may be back). */
static void retry_ended(db_store *s)
{
    for (db_match **p = &s->ended; *p;) {
        db_match *m = *p;
        if (end_match(s, m)) {
            p = &m->next;
            continue;
        }
        *p = m->next;
        free(m->pending);
        free(m);
    }
}

static void *db_begin(void *self, const char *code, int match)
{
    db_store *s = self;
    retry_ended(s);
    db_match *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    snprintf(m->code, sizeof m->code, "%s", code);
    m->match = match;
    char meta[64];
    snprintf(meta, sizeof meta, "{\"match\":%d}", match);
    ls_error err;
    if (ls_db_table_begin(s->db, code, meta, &m->table_id, &err)) {
        report(s, m, "the match cannot be kept", &err);
        free(m);
        return NULL;
    }
    return m;
}

static void db_append(void *self, void *match, const char *text, size_t len)
{
    db_store *s = self;
    db_match *m = match;
    ls_error err;
    retry_ended(s);
    if (pending_add(m, text, len)) {
        err.code = LS_ENOMEM;
        snprintf(err.msg, sizeof err.msg, "out of memory: %zu bytes of the record lost",
                 len);
        report(s, m, "a move cannot be kept", &err);
        return;
    }
    if (flush_pending(s, m, &err))
        report(s, m, "a move could not be written (kept, written with the next)", &err);
}

static void db_end(void *self, void *match, bool finished)
{
    db_store *s = self;
    db_match *m = match;
    retry_ended(s);
    m->finished = finished;
    if (end_match(s, m)) {
        m->next = s->ended;
        s->ended = m;
        return;
    }
    free(m->pending);
    free(m);
}

static const store_ops db_ops = {
    .match_begin = db_begin,
    .append = db_append,
    .match_end = db_end,
};

store *store_db_new(const char *where, FILE *log, char *msg, size_t size)
{
    db_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(msg, size, "out of memory");
        return NULL;
    }
    ls_error err;
    if (ls_db_open(&s->db, where, &err)) {
        snprintf(msg, size, "%s", err.msg);
        free(s);
        return NULL;
    }
    s->log = log;
    s->st.ops = &db_ops;
    s->st.self = s;
    return &s->st;
}

void store_db_free(store *st)
{
    if (!st)
        return;
    db_store *s = st->self;
    retry_ended(s);
    for (db_match *m = s->ended, *next; m; m = next) {
        next = m->next;
        if (s->log)
            fprintf(s->log,
                    "leastscore serve: store: table %s, match %d: %zu bytes of its "
                    "record could not be written before the server stopped\n",
                    m->code, m->match, m->len);
        free(m->pending);
        free(m);
    }
    ls_db_close(s->db);
    free(s);
}

int store_db_finished(const store *st)
{
    return ((const db_store *)st->self)->finished;
}

int store_db_failures(const store *st)
{
    return ((const db_store *)st->self)->failures;
}

ls_db *store_db_db(const store *st)
{
    return ((const db_store *)st->self)->db;
}
