/*
 * store_db.c - the database store (see store_db.h and store.h).
 *
 * Every match the store was handed and has not finished with is on one
 * list (`matches`): a match in play, or an ended one whose end the
 * database has not taken yet. Text that could not be written stays
 * pending in its match, in order, and goes in with the next piece or the
 * next flush, all of it in one commit, so the journal in the database
 * never has a gap. The store is "failing" from the first write that fails
 * until a flush leaves nothing unwritten; both moments are logged (once
 * each, with the database's message), not every retry.
 *
 * LS_STORE_FAULT (tests only) names a file: while it exists every write
 * of the store fails as if the database had, so that the tests can make a
 * store fail and come back at the moment they choose.
 */
#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server/store_db.h"

/* How long a write waits for a lock another process holds on an SQLite
 * store (a shell, another server), on the server's one loop: a second,
 * then the write fails and its table is paused. While the store fails,
 * its writes (the retries every second, the other tables' moves) do not
 * wait at all: each would hold every table for as long. */
#define LOCK_WAIT_MS 1000
#define START_LOCK_WAIT_MS 5000 /* before the first connection (the .lsr
                                   files noted at open, the restore):
                                   nobody waits with the loop yet; until
                                   db_restore() ends */
#define STOP_LOCK_WAIT_MS 5000 /* the same for the last try at a stop: the
                                  loop serves nobody any more */

typedef struct db_match {
    int64_t table_id;
    char code[STORE_CODE_SIZE];
    int match;
    char *pending; /* text not yet written */
    size_t len, cap;
    int64_t lines; /* the record's lines the database is known to hold */
    bool unsure;   /* a write of lines failed: some may be in all the same
                      (a commit whose answer was lost): counted before the
                      next */
    bool end_unsure; /* the same for the match's end (finish, drop) */
    int64_t chat_unsure; /* the number of a chat line whose write failed
                            (refused, but perhaps in all the same), 0 none */
    unsigned away;       /* the seats whose person left, a bit each */
    unsigned away_kept;  /* the same as the database holds it */
    int host;            /* the host's seat */
    int host_kept;       /* the same as the database gives it back */
    int how;       /* STORE_... once ended, else 0 */
    struct db_match *prev, *next;
} db_match;

typedef struct db_store {
    store st;
    ls_db *db;
    FILE *log;
    char records[4096];   /* finished matches also go here as .lsr, or "" */
    const char *fault;    /* LS_STORE_FAULT, or NULL */
    int finished, failures;
    bool failing;
    bool exports_owed;    /* an .lsr file could not be written: tried again
                             at the next finish and when the store is back */
    char error[256];      /* the last failure */
    db_match *matches;
    /* The finished matches whose end was written after match_end (the
     * store failed then), for finished_id: a ring, the newest at
     * late[(late_n - 1) % STORE_LATE_IDS]. */
    struct {
        char code[STORE_CODE_SIZE];
        int match;
        int64_t id;
    } late[STORE_LATE_IDS];
    unsigned late_n;
} db_store;

static void logf_(db_store *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void logf_(db_store *s, const char *fmt, ...)
{
    if (!s->log)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("leastscore serve: store: ", s->log);
    vfprintf(s->log, fmt, ap);
    fputc('\n', s->log);
    va_end(ap);
    fflush(s->log);
}

/* A write failed: counted; the log is told when the store begins to fail. */
static void report(db_store *s, const db_match *m, const char *what, const ls_error *err)
{
    s->failures++;
    snprintf(s->error, sizeof s->error, "%s", err->msg);
    if (s->failing)
        return;
    s->failing = true;
    ls_db_set_lock_wait(s->db, 0);
    if (m)
        logf_(s, "failing: table %s, match %d: %s: %s (kept in memory, retried; "
              "new tables are refused until it is back)", m->code, m->match, what,
              err->msg);
    else
        logf_(s, "failing: %s: %s (new tables are refused until it is back)", what,
              err->msg);
}

/* The test seam: every write fails while the LS_STORE_FAULT file exists. */
static int fault(const db_store *s, ls_error *err)
{
    if (!s->fault || access(s->fault, F_OK) != 0)
        return 0;
    err->code = LS_DB_EIO;
    err->line = 0;
    snprintf(err->msg, sizeof err->msg, "injected failure (LS_STORE_FAULT=%s exists)",
             s->fault);
    return LS_DB_EIO;
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
 * After a write of lines that failed (m->unsure), drops from the pending
 * text the lines the database holds all the same: a commit can succeed
 * and its answer be lost (PostgreSQL's connection lost, or no answer in
 * time: db_pg.c), and writing those lines again would put a move twice
 * in the record, which then no longer replays. Each write is all or none
 * and the pending text only grows at its end, so the lines in are the
 * first ones pending.
 */
static int settle_unsure(db_store *s, db_match *m, ls_error *err)
{
    int64_t in;
    int ret = ls_db_table_lines(s->db, m->table_id, &in, err);
    if (ret)
        return ret;
    size_t drop = 0;
    for (int64_t k = m->lines; k < in && drop < m->len; k++) {
        const char *nl = memchr(m->pending + drop, '\n', m->len - drop);
        if (!nl)
            break;
        drop = (size_t)(nl - m->pending) + 1;
    }
    if (drop) {
        logf_(s, "table %s, match %d: %" PRId64 " lines whose write seemed to fail were "
              "written: not written again", m->code, m->match, in - m->lines);
        memmove(m->pending, m->pending + drop, m->len - drop + 1);
        m->len -= drop;
    }
    m->lines = in;
    m->unsure = false;
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
    int ret = fault(s, err);
    if (ret)
        return ret;
    if (m->unsure) {
        if ((ret = settle_unsure(s, m, err)) != 0)
            return ret;
        used = m->len;
        while (used > 0 && m->pending[used - 1] != '\n')
            used--;
        if (used == 0)
            return 0;
    }
    int n = 0;
    for (size_t i = 0; i < used; i++)
        n += m->pending[i] == '\n';
    char *copy = malloc(used + 1);
    const char **lines = malloc((size_t)n * sizeof *lines);
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
        if (ret == LS_DB_EIO)
            m->unsure = true;
    }
    if (!ret) {
        memmove(m->pending, m->pending + used, m->len - used + 1);
        m->len -= used;
        m->lines += n;
    }
    free(lines);
    free(copy);
    return ret;
}

static void unlist(db_store *s, db_match *m)
{
    if (m->prev)
        m->prev->next = m->next;
    else
        s->matches = m->next;
    if (m->next)
        m->next->prev = m->prev;
    free(m->pending);
    free(m);
}

/* The match's number at its table, from the meta text kept with it (0
 * when it is not the server's). */
static int meta_match(const char *text)
{
    json_t *o = json_loads(text ? text : "", 0, NULL);
    int match = (int)json_integer_value(json_object_get(o, "match"));
    json_decref(o);
    return match;
}

/* Writes a finished match as an .lsr file in the records directory (its
 * name as the file store always gave it: date, code, match) and notes it
 * written in the database. Returns false when either failed (logged): the
 * match stays noted as pending, and the next start writes the file. The
 * match is in the database either way. */
static bool export_record(db_store *s, int64_t match_id)
{
    ls_db_match dm;
    ls_error err;
    char msg[4200];
    if (ls_db_match_get(s->db, match_id, &dm, &err)) {
        logf_(s, "match %" PRId64 ": finished, but its record cannot be read back for "
              "%s: %s (written at the next start)", match_id, s->records, err.msg);
        return false;
    }
    char stamp[32], name[96];
    time_t at = (time_t)dm.finished_at;
    struct tm tm;
    gmtime_r(&at, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
    snprintf(name, sizeof name, "%s-%s-%d", stamp, dm.code, meta_match(dm.meta));
    bool ok = false;
    if (store_file_write(s->records, name, dm.record, strlen(dm.record), msg, sizeof msg))
        logf_(s, "table %s, match %d: finished and kept, but %s (tried again at the "
              "next start)", dm.code, meta_match(dm.meta), msg);
    else if (ls_db_match_file_written(s->db, match_id, &err))
        logf_(s, "table %s, match %d: %s.lsr is written, but the store cannot note it: "
              "%s (written again at the next start)", dm.code, meta_match(dm.meta), name,
              err.msg);
    else
        ok = true;
    ls_db_match_clear(&dm);
    s->exports_owed |= !ok;
    return ok;
}

/* Writes the .lsr file of every finished match the database holds whose
 * file is not noted as written: those a crash between a finish's commit
 * and its file kept from being written (or whose writing failed). A file
 * written twice is the same file. */
static void export_pending(db_store *s, const char *why)
{
    int64_t ids[100], after = 0;
    int n, written = 0, failed = 0;
    ls_error err;
    s->exports_owed = false;
    do {
        if (ls_db_matches_file_pending(s->db, after, ids, 100, &n, &err)) {
            logf_(s, "the finished matches without their .lsr file cannot be read: %s",
                  err.msg);
            s->exports_owed = true;
            break;
        }
        for (int i = 0; i < n; i++) {
            if (export_record(s, ids[i]))
                written++;
            else
                failed++;
            after = ids[i];
        }
    } while (n == 100);
    if (written)
        logf_(s, "wrote the .lsr file%s of %d finished match%s that had none (%s)",
              written == 1 ? "" : "s", written, written == 1 ? "" : "es", why);
    if (failed)
        logf_(s, "%d finished match%s still without %s .lsr file", failed,
              failed == 1 ? " is" : "es are", failed == 1 ? "its" : "their");
}

/* Removes the temporary files that a crash in the middle of writing a
 * record left in the records directory (store_file_sweep), and says how
 * many. */
static void sweep_records(db_store *s)
{
    char msg[4200];
    int removed = 0;
    int rc = store_file_sweep(s->records, time(NULL), &removed, msg, sizeof msg);
    if (removed)
        logf_(s, "removed %d temporary %s that an interrupted write of a record "
              "left in %s (NAME.lsr.XXXXXX)", removed,
              removed == 1 ? "file" : "files", s->records);
    if (rc)
        logf_(s, "%s (a temporary file that an interrupted write of a record left)", msg);
}

/* Writes the seats whose away state the database does not hold yet, each
 * in its own commit. */
static int write_away(db_store *s, db_match *m, ls_error *err)
{
    for (int i = 0; i < LS_MAX_PLAYERS; i++) {
        unsigned bit = 1u << i;
        if ((m->away ^ m->away_kept) & bit) {
            int ret = fault(s, err);
            if (!ret)
                ret = ls_db_table_seat_away(s->db, m->table_id, i, m->away & bit, err);
            if (ret)
                return ret;
            m->away_kept ^= bit;
        }
    }
    return 0;
}

/* Writes the host when the database does not hold it yet. */
static int write_host(db_store *s, db_match *m, ls_error *err)
{
    if (m->host == m->host_kept)
        return 0;
    int ret = fault(s, err);
    if (!ret)
        ret = ls_db_table_host(s->db, m->table_id, m->host, err);
    if (!ret)
        m->host_kept = m->host;
    return ret;
}

/* Whether the match holds something the database does not. */
static bool unwritten(const db_match *m)
{
    return m->len > 0 || m->how || m->away != m->away_kept || m->host != m->host_kept;
}

/* A finished match written after its match_end: its id kept for
 * finished_id, the oldest of the ring forgotten. */
static void note_late(db_store *s, const db_match *m, int64_t id)
{
    unsigned i = s->late_n++ % STORE_LATE_IDS;
    memcpy(s->late[i].code, m->code, sizeof s->late[i].code);
    s->late[i].match = m->match;
    s->late[i].id = id;
}

/* The newest first: a table's code may come back (a closed table's code
 * given again), its match just written is the newest of that code. */
static int64_t db_finished_id(void *self, const char *code, int match)
{
    const db_store *s = self;
    unsigned n = s->late_n < STORE_LATE_IDS ? s->late_n : STORE_LATE_IDS;
    for (unsigned k = 1; k <= n; k++) {
        unsigned i = (s->late_n - k) % STORE_LATE_IDS;
        if (s->late[i].match == match && !strcmp(s->late[i].code, code))
            return s->late[i].id;
    }
    return 0;
}

/*
 * Writes what the match holds: its pending text and, once it has ended,
 * its end (finished, dropped, or kept in progress). Frees a match that is
 * done. A finished match's id is put in *finished (when not NULL) once it
 * is written, in the same commit as its end. Returns 0 or the error
 * (reported; the match stays for a retry).
 */
static int write_match_id(db_store *s, db_match *m, int64_t *finished)
{
    ls_error err;
    int ret = flush_pending(s, m, &err);
    if (ret) {
        report(s, m, "a move could not be written", &err);
        return ret;
    }
    /* A finished or dropped match leaves the tables in progress: who was
     * away there, or host, no longer matters. */
    if ((!m->how || m->how == STORE_SUSPENDED) && (ret = write_away(s, m, &err))) {
        report(s, m, "a seat's leaving or coming back could not be written", &err);
        return ret;
    }
    if ((!m->how || m->how == STORE_SUSPENDED) && (ret = write_host(s, m, &err))) {
        report(s, m, "the new host could not be written", &err);
        return ret;
    }
    if (!m->how)
        return 0;
    /* After an end that seemed to fail, a table no longer in progress is
     * one whose end was written all the same (see settle_unsure). */
    if (m->how == STORE_FINISHED) {
        int64_t match_id = 0;
        if (!(ret = fault(s, &err)) &&
            !(ret = ls_db_table_finish(s->db, m->table_id, &match_id, &err))) {
            s->finished++;
            if (finished)
                *finished = match_id;
            else
                note_late(s, m, match_id);
            /* Files that could not be written before (a full disk) are
             * tried again once this one could be. */
            bool owed = s->exports_owed;
            if (s->records[0] && export_record(s, match_id) && owed)
                export_pending(s, "their writing had failed");
        } else if (ret == LS_DB_ENOTFOUND && m->end_unsure) {
            logf_(s, "table %s, match %d: finished and kept (the write that seemed to "
                  "fail was made)", m->code, m->match);
            if (s->records[0])
                /* Its id is not known: it is among the pending. */
                export_pending(s, "the write that seemed to fail was made");
            ret = 0;
        }
        if (ret) {
            m->end_unsure |= ret == LS_DB_EIO;
            report(s, m, "the finished match could not be kept", &err);
            return ret;
        }
    } else if (m->how == STORE_ABANDONED) {
        if (((ret = fault(s, &err)) || (ret = ls_db_table_drop(s->db, m->table_id, &err))) &&
            !(ret == LS_DB_ENOTFOUND && m->end_unsure)) {
            m->end_unsure |= ret == LS_DB_EIO;
            report(s, m, "the abandoned match could not be dropped", &err);
            return ret;
        }
    }
    unlist(s, m);
    return 0;
}

static int write_match(db_store *s, db_match *m)
{
    return write_match_id(s, m, NULL);
}

static int db_flush(void *self)
{
    db_store *s = self;
    int ret = 0;
    for (db_match *m = s->matches, *next; m; m = next) {
        next = m->next;
        if (unwritten(m) && write_match(s, m))
            ret = LS_DB_EIO;
    }
    if (!ret && s->failing) {
        s->failing = false;
        ls_db_set_lock_wait(s->db, LOCK_WAIT_MS);
        logf_(s, "back: everything held in memory is written (%d failed write%s "
              "while it failed)", s->failures, s->failures == 1 ? "" : "s");
        if (s->exports_owed && s->records[0])
            export_pending(s, "their writing had failed");
    }
    return ret;
}

/* A match on the list; `host` as the database gives it back. */
static db_match *match_new(db_store *s, int64_t table_id, const char *code, int match,
                           int host)
{
    db_match *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->table_id = table_id;
    snprintf(m->code, sizeof m->code, "%s", code);
    m->match = match;
    m->host = m->host_kept = host;
    m->next = s->matches;
    if (s->matches)
        s->matches->prev = m;
    s->matches = m;
    return m;
}

/* The table's settings as the meta text kept with the match (JSON). */
static char *meta_of(const store_match *sm)
{
    json_t *wins = json_array();
    for (int i = 0; wins && i < sm->nseats; i++)
        json_array_append_new(wins, json_integer(sm->seat[i].wins));
    json_t *o = json_pack("{s:i, s:i, s:i, s:i, s:o}", "match", sm->match, "capacity",
                          sm->capacity, "turn_time", sm->turn_time, "host", sm->host,
                          "wins", wins);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return text;
}

/* Keeps n chat lines of the table in one commit (its last STORE_CHAT_KEEP). */
static int write_chat(db_store *s, int64_t table_id, const store_chat *c, int n,
                      ls_error *err)
{
    ls_db_chat_line lines[STORE_CHAT_KEEP];
    if (n > STORE_CHAT_KEEP) {
        c += n - STORE_CHAT_KEEP;
        n = STORE_CHAT_KEEP;
    }
    for (int i = 0; i < n; i++) {
        lines[i] = (ls_db_chat_line){.n = c[i].n, .seat = c[i].seat, .text = c[i].text};
        snprintf(lines[i].name, sizeof lines[i].name, "%s", c[i].name);
    }
    int ret = fault(s, err);
    return ret ? ret : ls_db_table_chat(s->db, table_id, lines, n, STORE_CHAT_KEEP, err);
}

/* Writes the match, its seats (computer levels as their players) and the
 * table's chat so far. */
static int begin_rows(db_store *s, const store_match *sm, int64_t *id, ls_error *err)
{
    int ret = fault(s, err);
    if (ret)
        return ret;
    char *meta = meta_of(sm);
    if (!meta) {
        err->code = LS_ENOMEM;
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return LS_ENOMEM;
    }
    ret = ls_db_table_begin(s->db, sm->code, meta, id, err);
    free(meta);
    for (int i = 0; !ret && i < sm->nseats; i++) {
        const store_seat *st = &sm->seat[i];
        ls_db_seat seat = {.name = st->name, .player_id = st->player_id};
        if (st->level[0]) {
            seat.bot = st->level;
            ret = ls_db_bot_player(s->db, st->level, &seat.player_id, err);
        } else if (st->token[0]) {
            seat.token = st->token;
        } else if (st->token_hash[0]) {
            seat.token_hash = st->token_hash;
        }
        if (!ret)
            ret = ls_db_table_seat(s->db, *id, i, &seat, err);
    }
    if (!ret && sm->nchat > 0)
        ret = write_chat(s, *id, sm->chat, sm->nchat, err);
    if (ret && *id) {
        ls_error ignored;
        ls_db_table_drop(s->db, *id, &ignored); /* best effort: an empty table
                                                   is dropped at restore anyway */
    }
    return ret;
}

static void *db_begin(void *self, const store_match *sm)
{
    db_store *s = self;
    if (s->failing && db_flush(s))
        return NULL;
    ls_error err;
    int64_t id = 0;
    if (begin_rows(s, sm, &id, &err)) {
        db_match tmp = {.match = sm->match};
        snprintf(tmp.code, sizeof tmp.code, "%s", sm->code);
        report(s, &tmp, "the match cannot be kept", &err);
        return NULL;
    }
    db_match *m = match_new(s, id, sm->code, sm->match, sm->host); /* in meta */
    if (!m)
        return NULL;
    for (int i = 0; i < sm->nseats; i++)
        if (sm->seat[i].away)
            m->away |= 1u << i;
    if (m->away && write_match(s, m) == 0 && s->failing)
        db_flush(s);
    return m;
}

static int db_append(void *self, void *match, const char *text, size_t len)
{
    db_store *s = self;
    db_match *m = match;
    if (pending_add(m, text, len)) {
        ls_error err = {.code = LS_ENOMEM};
        snprintf(err.msg, sizeof err.msg, "out of memory: %zu bytes of the record", len);
        report(s, m, "a move cannot be kept", &err);
        return LS_ENOMEM;
    }
    int ret = write_match(s, m);
    if (!ret && s->failing)
        db_flush(s); /* others may be waiting: the database is back */
    return ret;
}

static int db_seat_away(void *self, void *match, int seat, bool away)
{
    db_store *s = self;
    db_match *m = match;
    if (seat < 0 || seat >= LS_MAX_PLAYERS)
        return LS_EINVAL;
    if (away)
        m->away |= 1u << seat;
    else
        m->away &= ~(1u << seat);
    int ret = write_match(s, m);
    if (!ret && s->failing)
        db_flush(s);
    return ret;
}

static int db_host(void *self, void *match, int seat)
{
    db_store *s = self;
    db_match *m = match;
    if (seat < 0 || seat >= LS_MAX_PLAYERS)
        return LS_EINVAL;
    m->host = seat;
    int ret = write_match(s, m);
    if (!ret && s->failing)
        db_flush(s);
    return ret;
}

static int db_end(void *self, void *match, int how, int64_t *id)
{
    db_store *s = self;
    db_match *m = match;
    int64_t finished = 0;
    m->how = how;
    int ret = write_match_id(s, m, &finished);
    if (id)
        *id = finished;
    return ret;
}

/* A chat line is written at once, in its own commit; one that cannot be
 * is not kept anywhere (the table refuses it), and the store is failing
 * until the next flush finds nothing held. */
static int db_chat(void *self, void *match, const store_chat *line)
{
    db_store *s = self;
    db_match *m = match;
    ls_error err;
    /* The table gives a refused line's number to the next line: the
     * refused one is forgotten first, if it was written all the same (see
     * settle_unsure), else the new one would be refused for ever. */
    int ret = fault(s, &err);
    if (!ret && m->chat_unsure && line->n >= m->chat_unsure &&
        !(ret = ls_db_table_chat_forget(s->db, m->table_id, m->chat_unsure, &err)))
        m->chat_unsure = 0;
    if (!ret)
        ret = write_chat(s, m->table_id, line, 1, &err);
    if (ret == LS_DB_EIO && !m->chat_unsure)
        m->chat_unsure = line->n;
    if (ret) {
        char what[96];
        snprintf(what, sizeof what, "table %s, match %d: a chat line could not be "
                 "written (it was refused)", m->code, m->match);
        report(s, NULL, what, &err);
    }
    return ret;
}

/* Reads a meta text back; false when it is not one of ours. */
static bool meta_read(const char *text, store_match *sm)
{
    json_error_t je;
    json_t *o = json_loads(text, 0, &je), *wins = NULL;
    bool ok = o && json_unpack(o, "{s:i, s:i, s:i, s:i, s:o}", "match", &sm->match,
                               "capacity", &sm->capacity, "turn_time", &sm->turn_time,
                               "host", &sm->host, "wins", &wins) == 0 &&
              json_is_array(wins);
    for (size_t i = 0; ok && i < json_array_size(wins) && i < LS_MAX_PLAYERS; i++)
        sm->seat[i].wins = (int)json_integer_value(json_array_get(wins, i));
    json_decref(o);
    return ok;
}

static int db_restore(void *self, store_restore_fn fn, void *ud)
{
    db_store *s = self;
    ls_db_live_table *t = NULL;
    int n = 0, restored = 0;
    ls_error err;
    int ret = ls_db_live_tables(s->db, &t, &n, &err);
    if (ret) {
        logf_(s, "the tables in progress cannot be read: %s", err.msg);
        ls_db_set_lock_wait(s->db, s->failing ? 0 : LOCK_WAIT_MS);
        return ret;
    }
    for (int i = 0; i < n; i++) {
        const ls_db_live_table *lt = &t[i];
        if (lt->lines == 0) {
            /* Begun but never dealt: nothing of it was ever shown. */
            if (ls_db_table_drop(s->db, lt->id, &err))
                logf_(s, "table %s: an empty match cannot be dropped: %s", lt->code,
                      err.msg);
            continue;
        }
        store_match sm;
        memset(&sm, 0, sizeof sm);
        snprintf(sm.code, sizeof sm.code, "%s", lt->code);
        if (!meta_read(lt->meta, &sm)) {
            logf_(s, "table %s (id %" PRId64 "): not restored: its settings '%.80s' "
                  "are not the server's (kept in the store)", lt->code, lt->id, lt->meta);
            continue;
        }
        if (lt->host >= 0)
            sm.host = lt->host; /* passed on during the match */
        sm.nseats = lt->nseats;
        for (int k = 0; k < lt->nseats; k++) {
            const ls_db_live_seat *ls = &lt->seat[k];
            store_seat *st = &sm.seat[k];
            snprintf(st->name, sizeof st->name, "%s", ls->name);
            snprintf(st->level, sizeof st->level, "%s", ls->bot);
            st->player_id = ls->bot[0] ? 0 : ls->player_id;
            snprintf(st->token_hash, sizeof st->token_hash, "%s", ls->token_hash);
            st->away = !ls->bot[0] && ls->away;
        }
        /* The last lines kept (a store never holds more, but one written
         * by hand might). */
        int from = lt->nchat > STORE_CHAT_KEEP ? lt->nchat - STORE_CHAT_KEEP : 0;
        for (int k = from; k < lt->nchat; k++) {
            store_chat *c = &sm.chat[sm.nchat++];
            c->n = lt->chat[k].n;
            c->seat = lt->chat[k].seat;
            snprintf(c->name, sizeof c->name, "%s", lt->chat[k].name);
            c->text = lt->chat[k].text;
        }
        db_match *m = match_new(s, lt->id, lt->code, sm.match, sm.host);
        if (!m) {
            logf_(s, "table %s: not restored: out of memory (kept in the store)", lt->code);
            continue;
        }
        m->lines = lt->lines;
        for (int k = 0; k < sm.nseats; k++)
            if (sm.seat[k].away)
                m->away |= 1u << k;
        m->away_kept = m->away;
        if (fn(ud, &sm, lt->record, lt->record_len, m)) {
            unlist(s, m);
            continue;
        }
        restored++;
    }
    ls_db_live_tables_free(t, n);
    /* From here on the loop serves connections: see LOCK_WAIT_MS. */
    ls_db_set_lock_wait(s->db, s->failing ? 0 : LOCK_WAIT_MS);
    return restored;
}

static bool db_failing(void *self, char *msg, size_t size)
{
    db_store *s = self;
    if (msg && size)
        snprintf(msg, size, "%s", s->failing ? s->error : "");
    return s->failing;
}

static bool db_moved(void *self)
{
    db_store *s = self;
    return ls_db_moved(s->db);
}

static const store_ops db_ops = {
    .match_begin = db_begin,
    .append = db_append,
    .chat = db_chat,
    .seat_away = db_seat_away,
    .host = db_host,
    .flush = db_flush,
    .match_end = db_end,
    .finished_id = db_finished_id,
    .restore = db_restore,
    .failing = db_failing,
    .moved = db_moved,
};

/* The -wal beside an SQLite store's file, if one with frames is there
 * (over its 32-byte header) before the store is opened: left by a program
 * that did not close the store (a server killed, a machine that lost
 * power) or kept by one that has it open. SQLite reads it into the store,
 * as it must after a crash; nothing in it says which file it was written
 * beside, so a copy put in the file's place beside an old one has its
 * moves undone or mixed with the old file's pages. Its size and time go
 * into *st; false for a URL or no such -wal. */
static bool wal_left(const char *where, struct stat *st)
{
    char wal[4200];
    if (!strncmp(where, "postgres", 8) ||
        snprintf(wal, sizeof wal, "%s-wal", where) >= (int)sizeof wal)
        return false;
    return stat(wal, st) == 0 && S_ISREG(st->st_mode) && st->st_size > 32;
}

store *store_db_new(const char *where, const char *records, FILE *log, char *msg,
                    size_t size)
{
    db_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(msg, size, "out of memory");
        return NULL;
    }
    if (records && strlen(records) >= sizeof s->records) {
        snprintf(msg, size, "the records directory's name is too long");
        free(s);
        return NULL;
    }
    ls_error err;
    struct stat wal;
    bool left = wal_left(where, &wal);
    /* One server a store: the tables in progress are restored, played
     * and appended to by the server that holds it, taken before anything
     * of the store is read or written (its migrations too). */
    int ret = ls_db_open_held(&s->db, where, &err);
    if (ret) {
        snprintf(msg, size, "%s%s", err.msg,
                 ret == LS_DB_EHELD ? ": stop that one first, or give this one a "
                                      "store of its own (--db)" : "");
        free(s);
        return NULL;
    }
    ls_db_set_lock_wait(s->db, START_LOCK_WAIT_MS);
    snprintf(s->records, sizeof s->records, "%s", records ? records : "");
    const char *f = getenv("LS_STORE_FAULT");
    s->fault = f && *f ? f : NULL;
    s->log = log;
    if (left) {
        char when[32];
        struct tm tm;
        strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", gmtime_r(&wal.st_mtime, &tm));
        logf_(s, "%s-wal (%lld bytes, written %s) was beside the store at the start, "
              "left by a server or program that did not close the store (killed, or the "
              "machine stopped) or has it open: its writes are read into the store. If %s "
              "was just put back from a copy, that -wal is the old file's and undoes the "
              "copy: stop this server, put the copy back, remove %s-wal and %s-shm, start "
              "again (docs/store.md, \"Restoring\")", where, (long long)wal.st_size,
              when, where, where, where);
    }
    if (s->records[0]) {
        sweep_records(s);
        export_pending(s, "the server stopped before it wrote it");
    }
    s->st.ops = &db_ops;
    s->st.self = s;
    return &s->st;
}

void store_db_free(store *st)
{
    if (!st)
        return;
    db_store *s = st->self;
    int held = 0;
    for (const db_match *m = s->matches; m; m = m->next)
        held += unwritten(m);
    if (s->failing && held)
        logf_(s, "trying once more to write what is held in memory (%d table%s) "
              "before stopping; a lock on an SQLite file is waited for %d s", held,
              held == 1 ? "" : "s", STOP_LOCK_WAIT_MS / 1000);
    ls_db_set_lock_wait(s->db, STOP_LOCK_WAIT_MS);
    db_flush(s);
    while (s->matches) {
        db_match *m = s->matches;
        if (m->len > 0 || m->how)
            logf_(s, "table %s, match %d: %zu bytes of its record%s could not be "
                  "written before the server stopped", m->code, m->match, m->len,
                  m->how ? " and its end" : "");
        unlist(s, m);
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
