/*
 * db_sqlite.c - the store's SQLite backend: one file, WAL journal,
 * synchronous=FULL.
 *
 * With WAL and synchronous=FULL a transaction's commit returns after its
 * frames are written and fsync'ed to the -wal file, so a committed line
 * survives a crash of the process and of the machine. Each statement
 * outside ls__db_begin() commits on its own.
 *
 * Prepared statements are kept per SQL text pointer for the queries db.c
 * marks LS__DB_LITERAL (string literals: the pointer names the query), so
 * a line per move costs a reset and a step instead of a parse.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "server/db_internal.h"

#define CACHE_SIZE 48
#define BUSY_MS 5000      /* how long a statement waits for a lock, unless
                             ls_db_set_lock_wait() says otherwise */
#define BUSY_RETRY_MS 10  /* the pause before the WAL switch is tried again */

typedef struct sq_conn {
    sqlite3 *db;
    struct {
        const char *sql;
        sqlite3_stmt *st;
    } cache[CACHE_SIZE];
    int ncache;
    bool busy; /* the last failure a caller was told of was SQLITE_BUSY */
    int lock_fd; /* the descriptor holding ls_db_hold()'s flock, or -1;
                    one of held_files, never closed (held_file) */
    char *path;  /* the path it was opened with, for messages (malloc'd) */
    bool full;   /* a write met a full disk: the WAL is checkpointed and
                    truncated before the next statement (sq_after_full) */
    int autockpt; /* the WAL's size in pages that starts a checkpoint */
    long page;    /* the WAL's page size when autockpt was lowered */
    int unchecked; /* statements since the disk's room was last looked at
                      (sq_room_back), while autockpt is lowered */
    int wait_ms;  /* how long a statement waits for a lock */
    bool bare_wal; /* when opened, the file's header said WAL and no -wal
                      was beside it (see wal_missing) */
} sq_conn;

#define AUTOCKPT_PAGES 1000 /* SQLite's default */
#define AUTOCKPT_LEAST 16
#define ROOM_EVERY 64 /* statements between two looks at the disk's room */
#define ROOM_WALS 4   /* default WALs the disk must have room for */

/* The frames in the file's -wal now (its size, over a frame: the page
 * size from its header, into *page, and 24 bytes), or 0. */
static int wal_frames(const char *path, long *page_out)
{
    char wal[4200];
    snprintf(wal, sizeof wal, "%s-wal", path);
    int fd = open(wal, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    unsigned char h[32];
    struct stat st;
    int frames = 0;
    if (pread(fd, h, sizeof h, 0) == (ssize_t)sizeof h && fstat(fd, &st) == 0) {
        long page = (long)h[8] << 24 | (long)h[9] << 16 | (long)h[10] << 8 | h[11];
        if (page == 1)
            page = 65536;
        if (page >= 512) {
            frames = (int)((st.st_size - 32) / (page + 24));
            *page_out = page;
        }
    }
    close(fd);
    return frames;
}

/* A write met a full disk (SQLITE_FULL). SQLite checkpoints the WAL into
 * the file only once it holds AUTOCKPT_PAGES pages (4 MiB of 4 KiB pages):
 * on a disk with less room than that the WAL took all of it, never
 * checkpointed, and a checkpoint then could not grow the file either, so
 * that space freed later was taken by the WAL again and the store failed
 * for good. Before each statement after such a failure, the WAL is
 * checkpointed and truncated (this fails, changing nothing, while the
 * disk has no room for the pages the file gains); once it works, the
 * store's WAL is checkpointed at half the size it had reached when the
 * disk was full, so that it does not fill the disk again, until the disk
 * has room for the default's (sq_room_back). */
static void sq_after_full(sq_conn *c)
{
    if (!sqlite3_get_autocommit(c->db))
        return; /* within a transaction: at the first statement after it */
    long page = 4096;
    int frames = wal_frames(c->path, &page);
    /* Waiting for no reader or writer of another connection: one met
     * (SQLITE_BUSY) puts the checkpoint off to the next statement. */
    sqlite3_busy_timeout(c->db, 0);
    int rc = sqlite3_wal_checkpoint_v2(c->db, "main", SQLITE_CHECKPOINT_TRUNCATE, NULL,
                                       NULL);
    sqlite3_busy_timeout(c->db, c->wait_ms);
    if (rc != SQLITE_OK)
        return;
    c->full = false;
    int pages = frames / 2 < AUTOCKPT_LEAST ? AUTOCKPT_LEAST : frames / 2;
    if (pages < c->autockpt) {
        c->autockpt = pages;
        c->page = page;
        c->unchecked = 0;
        sqlite3_wal_autocheckpoint(c->db, pages);
    }
}

/* The room left on the store's disk in bytes, or -1 when not known: its
 * VFS's answer (LS__DB_FCNTL_ROOM), else statvfs() of its directory. */
static long long disk_room(sq_conn *c)
{
    sqlite3_int64 room = 0;
    if (sqlite3_file_control(c->db, "main", LS__DB_FCNTL_ROOM, &room) == SQLITE_OK)
        return room;
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", c->path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        slash[1] = '\0'; /* a file in "/" */
    else
        *slash = '\0';
    struct statvfs fs;
    if (statvfs(dir, &fs) != 0)
        return -1;
    return (long long)fs.f_bavail * (long long)fs.f_frsize;
}

/* A connection whose checkpoint was lowered (sq_after_full) takes
 * SQLite's default back once its disk has room for ROOM_WALS WALs of the
 * default size again: the lowered one keeps a small disk from filling,
 * but on a disk whose room was freed (a log that had filled it, gone) it
 * costs an fsync of the file at every checkpoint, for as long as the
 * server runs (storebench, 20 matches: 4917 fdatasyncs at the default,
 * 6756 at 16 pages, 5139 at 120). The room is looked at every ROOM_EVERY
 * statements, a statvfs() beside a write's fsync. */
static void sq_room_back(sq_conn *c)
{
    if (++c->unchecked < ROOM_EVERY)
        return;
    c->unchecked = 0;
    long long want = (long long)ROOM_WALS * AUTOCKPT_PAGES * (c->page + 24);
    if (disk_room(c) < want)
        return;
    c->autockpt = AUTOCKPT_PAGES;
    sqlite3_wal_autocheckpoint(c->db, AUTOCKPT_PAGES);
}

/* A failure of the last call, for the caller (err; the failure of a
 * rollback after another, told to nobody, passes err NULL). */
static int sq_fail(ls_db *db, ls_error *err, const char *what)
{
    sq_conn *c = db->conn;
    int ext = sqlite3_extended_errcode(c->db);
    if (err)
        c->busy = (ext & 0xff) == SQLITE_BUSY;
    int code = LS_DB_EIO;
    if (ext == SQLITE_CONSTRAINT_UNIQUE || ext == SQLITE_CONSTRAINT_PRIMARYKEY)
        code = LS_DB_EEXISTS;
    else if (ext == SQLITE_CONSTRAINT_FOREIGNKEY)
        code = LS_DB_ENOTFOUND;
    /* SQLite's words for a file damaged or cut short (a disk that failed,
     * a copy made while it was written) say nothing of what to do. */
    bool corrupt = (ext & 0xff) == SQLITE_CORRUPT;
    return ls__db_fail(err, code, "sqlite: %s%s%s%s", what, *what ? ": " : "",
                       sqlite3_errmsg(c->db),
                       corrupt ? " (the file is damaged or cut short: put back a copy "
                                 "from before the damage, or give another file)" : "");
}

/* The statement for sql, from the cache when sql is a known pointer. */
static sqlite3_stmt *sq_statement(sq_conn *c, const char *sql, unsigned flags,
                                   bool *cached)
{
    for (int i = 0; (flags & LS__DB_LITERAL) && i < c->ncache; i++)
        if (c->cache[i].sql == sql) {
            *cached = true;
            return c->cache[i].st;
        }
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(c->db, sql, -1, &st, NULL) != SQLITE_OK)
        return NULL;
    *cached = (flags & LS__DB_LITERAL) && c->ncache < CACHE_SIZE;
    if (*cached) {
        c->cache[c->ncache].sql = sql;
        c->cache[c->ncache++].st = st;
    }
    return st;
}

static int sq_exec(ls_db *db, const char *sql, unsigned flags, int answer_ms,
                   int nparams, const char *const *params, ls__db_row_fn row,
                   void *ud, ls_error *err)
{
    (void)answer_ms; /* a read waits for no lock in the WAL journal */
    sq_conn *c = db->conn;
    if (c->full)
        sq_after_full(c);
    else if (c->autockpt < AUTOCKPT_PAGES)
        sq_room_back(c);
    bool cached = false;
    sqlite3_stmt *st = sq_statement(c, sql, flags, &cached);
    if (!st)
        return sq_fail(db, err, "");
    int rc = SQLITE_OK;
    for (int i = 0; i < nparams && rc == SQLITE_OK; i++) {
        char name[16];
        snprintf(name, sizeof name, "$%d", i + 1);
        int idx = sqlite3_bind_parameter_index(st, name);
        if (idx == 0)
            continue;
        rc = params[i] ? sqlite3_bind_text(st, idx, params[i], -1, SQLITE_STATIC)
                       : sqlite3_bind_null(st, idx);
    }
    int stopped = 0;
    if (rc == SQLITE_OK) {
        /* Every change of a statement (RETURNING too) is made by its first
         * step; the steps after only hand out rows. */
        while ((rc = sqlite3_step(st)) == SQLITE_ROW && row) {
            int n = sqlite3_column_count(st);
            const char *col[32];
            char real[32][32];
            if (n > 32)
                n = 32;
            for (int i = 0; i < n; i++) {
                /* SQLite's own text of a REAL has 15 digits; 17 read back
                 * bit for bit. */
                if (sqlite3_column_type(st, i) == SQLITE_FLOAT) {
                    snprintf(real[i], sizeof real[i], "%.17g",
                             sqlite3_column_double(st, i));
                    col[i] = real[i];
                } else {
                    col[i] = (const char *)sqlite3_column_text(st, i);
                }
            }
            if ((stopped = row(ud, col, n)))
                break;
        }
        if (rc == SQLITE_ROW)
            rc = SQLITE_DONE; /* stopped early, or rows nobody asked for */
    }
    int ret = 0;
    if (rc != SQLITE_DONE && rc != SQLITE_OK)
        ret = sq_fail(db, err, "");
    if ((rc & 0xff) == SQLITE_FULL)
        c->full = true;
    if (cached) {
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
    } else {
        sqlite3_finalize(st);
    }
    return ret ? ret : (stopped < 0 ? stopped : 0);
}

static int sq_script(ls_db *db, const char *sql, ls_error *err)
{
    sq_conn *c = db->conn;
    if (c->full)
        sq_after_full(c);
    int rc = sqlite3_exec(c->db, sql, NULL, NULL, NULL);
    if (rc == SQLITE_OK)
        return 0;
    int ret = sq_fail(db, err, "");
    if ((rc & 0xff) == SQLITE_FULL)
        c->full = true;
    return ret;
}

/* The descriptors ls_db_hold() flocks, one per file (device and inode),
 * kept open for the process's life. Closing any descriptor of a file lets
 * go of every POSIX record lock the process has on it: SQLite's, those
 * of the process's other connections (the JSON API's, a login's) in the
 * midst of a transaction too, and another process could then write under
 * them, or close as the last connection and remove the -wal they write
 * to. So a hold let go of, or refused, only unlocks its descriptor
 * (LOCK_UN touches no record lock), and the file held again takes the
 * same one. It costs a descriptor per store file the process ever held:
 * one in a server. held is whether this process holds it now (an flock
 * taken twice on one descriptor is not refused, as the second holder
 * must be). */
typedef struct held_file {
    dev_t dev;
    ino_t ino;
    int fd;
    bool held;
} held_file;

static pthread_mutex_t held_lock = PTHREAD_MUTEX_INITIALIZER;
static held_file *held_files;
static int nheld_files;

/* The descriptor kept for the file at path, opened if there is none yet
 * (-1 with errno if it cannot be); *held says whether this process holds
 * it now. Called with held_lock taken. */
static int held_file_fd(const char *path, bool **held)
{
    struct stat st;
    if (stat(path, &st) == 0)
        for (int i = 0; i < nheld_files; i++)
            if (held_files[i].dev == st.st_dev && held_files[i].ino == st.st_ino) {
                *held = &held_files[i].held;
                return held_files[i].fd;
            }
    held_file *more = realloc(held_files, (size_t)(nheld_files + 1) * sizeof *more);
    if (!more) {
        errno = ENOMEM;
        return -1;
    }
    held_files = more;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0)
        st = (struct stat){0}; /* kept all the same: closing it is the harm */
    held_files[nheld_files] = (held_file){.dev = st.st_dev, .ino = st.st_ino, .fd = fd};
    *held = &held_files[nheld_files++].held;
    return fd;
}

/* Lets go of the hold on fd (a held_files descriptor), keeping it open. */
static void held_file_release(int fd)
{
    pthread_mutex_lock(&held_lock);
    for (int i = 0; i < nheld_files; i++)
        if (held_files[i].fd == fd && held_files[i].held) {
            flock(fd, LOCK_UN);
            held_files[i].held = false;
        }
    pthread_mutex_unlock(&held_lock);
}

static void sq_close(ls_db *db)
{
    sq_conn *c = db->conn;
    if (!c)
        return;
    for (int i = 0; i < c->ncache; i++)
        sqlite3_finalize(c->cache[i].st);
    sqlite3_close(c->db);
    if (c->lock_fd >= 0)
        held_file_release(c->lock_fd);
    free(c->path);
    free(c);
    db->conn = NULL;
}

/* A path in a message, shortened in its middle (ls_db_path_fit) so that
 * the reason after it is kept whole in an ls_error; needs a local
 * char shown[LS_DB_PATH_SHOWN]. */
#define SHOWN(path) ls_db_path_fit(path, shown, sizeof shown)

/* ls_db_hold(): an flock on the database file. SQLite's own locks are
 * POSIX record locks, which an flock does not meet (on a local file
 * system), so the server's connections and the JSON API's work as
 * before; only another flock, another server's hold, is refused. The
 * flock's descriptor is never closed (held_file). */
static int sq_hold(ls_db *db, ls_error *err)
{
    sq_conn *c = db->conn;
    const char *path = sqlite3_db_filename(c->db, "main");
    char shown[LS_DB_PATH_SHOWN];
    bool *held = NULL;
    pthread_mutex_lock(&held_lock);
    int fd = held_file_fd(path, &held), e = 0;
    if (fd < 0)
        e = errno;
    else if (*held)
        e = EWOULDBLOCK; /* another connection of this process holds it */
    else if (flock(fd, LOCK_EX | LOCK_NB) != 0)
        e = errno;
    else
        *held = true;
    pthread_mutex_unlock(&held_lock);
    if (fd < 0)
        return ls__db_fail(err, LS_DB_EIO, "sqlite: cannot open %s to lock it: %s",
                           SHOWN(path), strerror(e));
    if (e) {
        if (e == EWOULDBLOCK)
            return ls__db_fail(err, LS_DB_EHELD, "the store %s is in use by another "
                               "server (it holds the file's lock)",
                               SHOWN(path));
        if (e == ENOLCK || e == EINVAL || e == EOPNOTSUPP)
            return ls__db_fail(err, LS_DB_EIO, "sqlite: cannot lock %s: %s: its file "
                               "system keeps no locks (some network and FUSE file "
                               "systems), on which SQLite is not safe either; give a --db "
                               "on a local file system, or a postgresql:// URL",
                               SHOWN(path), strerror(e));
        return ls__db_fail(err, LS_DB_EIO, "sqlite: cannot lock %s: %s",
                           SHOWN(path), strerror(e));
    }
    c->lock_fd = fd;
    return 0;
}

/* The last failure was SQLITE_BUSY ("database is locked"): another
 * connection held the lock the statement needed for longer than BUSY_MS
 * (another process writing, a shell with a transaction open), or SQLite
 * was recovering the WAL after a crash. It goes, so the call is worth
 * trying again. (SQLITE_LOCKED, a conflict within one connection, is not
 * such a case.) */
static bool sq_unavailable(const ls_db *db)
{
    const sq_conn *c = db->conn;
    return c && c->busy;
}

static bool sq_moved(ls_db *db)
{
    sq_conn *c = db->conn;
    int moved = 0;
    if (sqlite3_file_control(c->db, "main", SQLITE_FCNTL_HAS_MOVED, &moved) != SQLITE_OK)
        return false;
    return moved != 0;
}

static void sq_lock_wait(ls_db *db, int ms)
{
    sq_conn *c = db->conn;
    c->wait_ms = ms;
    sqlite3_busy_timeout(c->db, ms);
}

static int journal_mode_row(void *ud, const char *const *col, int ncol)
{
    char *mode = ud;
    snprintf(mode, 16, "%s", ncol > 0 && col[0] ? col[0] : "");
    return 0;
}

/* Adds to err why an opening failed when the cause is the file's
 * directory, which SQLite does not say: the file, its -wal and its -shm
 * are made there, so a directory this process cannot write gave "unable
 * to open database file" (no file yet) or "attempt to write a readonly
 * database" (a writable file beside no -wal). The directory is not named
 * again: the message names the file already, and holds 255 bytes. */
static void explain_directory(const char *path, ls_error *err)
{
    if (!err)
        return;
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash == path ? 1 : slash - path), path);
    struct stat st;
    int got = stat(dir, &st);
    bool missing = got != 0 && (errno == ENOENT || errno == ENOTDIR);
    bool file = got == 0 && !S_ISDIR(st.st_mode);
    if (!missing && !file && access(dir, W_OK | X_OK) == 0)
        return;
    int e = errno;
    size_t n = strnlen(err->msg, sizeof err->msg);
    /* A directory that is not there is no matter of permission: the
     * store makes no directory (serve makes only its --data). */
    if (missing || file)
        snprintf(err->msg + n, sizeof err->msg - n,
                 " (its directory %s: the store makes its file there, not the "
                 "directory)", missing ? "does not exist" : "is no directory");
    else
        snprintf(err->msg + n, sizeof err->msg - n,
                 " (its directory cannot be written here: %s; the store makes its file, "
                 "-wal and -shm there)", strerror(e));
}

/* Says why an opening failed when the path is longer than SQLite takes:
 * its Unix VFS opens no file whose full path (the working directory's
 * before a relative one) leaves no room under mxPathname (512 bytes) for
 * the "-journal" it may add, and says only "unable to open database
 * file" (serve --data in a deep directory). Returns whether it was so. */
static bool explain_length(const char *path, ls_error *err)
{
    sqlite3_vfs *vfs = sqlite3_vfs_find(NULL);
    if (!err || !vfs)
        return false;
    size_t full = strlen(path);
    char cwd[4096];
    if (path[0] != '/' && getcwd(cwd, sizeof cwd))
        full += strlen(cwd) + 1;
    size_t most = vfs->mxPathname > 8 ? (size_t)vfs->mxPathname - 8 : 0;
    if (full <= most)
        return false;
    size_t n = strnlen(err->msg, sizeof err->msg);
    snprintf(err->msg + n, sizeof err->msg - n,
             " (SQLite opens no file whose full path has more than %zu bytes, and this "
             "one has %zu: give a shorter path)", most, full);
    return true;
}

/* A failure of the opening's first reads or writes (ret), err naming the
 * file and, where it is the cause, its directory or its path's length. */
static int sq_named(const char *path, int ret, ls_error *err)
{
    char shown[LS_DB_PATH_SHOWN];
    if (ret != LS_DB_EIO)
        return ret;
    if (err && !strstr(err->msg, SHOWN(path)))
        ls__db_prefix(err, "%s: ", shown);
    if (!explain_length(path, err))
        explain_directory(path, err);
    return ret;
}

/* Whether the connection's file is in WAL mode (its header's read and
 * write versions, bytes 18 and 19, are 2) with no -wal beside it. Looked
 * at before SQLite reads it (its first read of such a file makes the
 * -wal), through SQLite's own descriptor of the file: closing another
 * descriptor of it would let go of every POSIX lock this process holds
 * on it, SQLite's for the store's other connections too (a login's
 * opening let the tables' connection's lock go, and an sqlite3 reading
 * the store then took the file for its own, removed the -wal the server
 * was writing and made another). */
static bool wal_missing(sqlite3 *db, const char *path)
{
    char walpath[4096];
    struct stat st;
    if (snprintf(walpath, sizeof walpath, "%s-wal", path) >= (int)sizeof walpath ||
        stat(walpath, &st) == 0 || errno != ENOENT)
        return false;
    sqlite3_file *f = NULL;
    unsigned char head[20];
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &f) != SQLITE_OK ||
        !f || !f->pMethods || f->pMethods->xRead(f, head, sizeof head, 0) != SQLITE_OK)
        return false;
    return !memcmp(head, "SQLite format 3", 16) && head[18] == 2 && head[19] == 2;
}

typedef struct counted_rows {
    ls__db_row_fn row;
    void *ud;
    int n;
} counted_rows;

static int count_row(void *ud, const char *const *col, int ncol)
{
    counted_rows *r = ud;
    r->n++;
    return r->row(r->ud, col, ncol);
}

/* Reading the schema is the first read of the file: one that is not an
 * SQLite database (text, a picture) fails here, before anything is
 * written, with SQLITE_NOTADB.
 *
 * A file in WAL mode with no tables and no -wal is refused too: SQLite
 * writes a store's every commit to the -wal, and moves them into the file
 * only at a checkpoint (4 MiB of them) or when the last connection closes,
 * so a copy of a running store's file alone (cp leastscore.db) was often
 * the empty file the WAL switch made, and a server made it a new store
 * and served it, without a word, with no players, matches or tables.
 * A new store's file is not in WAL mode until the store makes it so, and
 * has a -wal from its maker's next read until it holds tables: the
 * moment between is waited out below. */
static const char TABLES_SQL[] =
    "SELECT name, NULL FROM sqlite_master WHERE type IN ('table', 'view') AND name "
    "NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name";

static int sq_tables(ls_db *db, ls__db_row_fn row, void *ud, ls_error *err)
{
    sq_conn *c = db->conn;
    char shown[LS_DB_PATH_SHOWN];
    counted_rows r = {row, ud, 0};
    int ret = sq_exec(db, TABLES_SQL, 0, 0, 0, NULL, count_row, &r, err);
    if (ret == LS_DB_EIO && (sqlite3_extended_errcode(c->db) & 0xff) == SQLITE_NOTADB)
        ret = ls__db_fail(err, LS_DB_EFOREIGN, "%s is not an SQLite database (SQLite: %s): "
                          "give an empty file or a leastscore store", SHOWN(c->path),
                          sqlite3_errmsg(c->db));
    /* Another opener of a new store leaves the file just so between its
     * switch to WAL and its first read (which makes the -wal), and makes
     * its tables a moment later: they are waited for, as long as for a
     * lock, before the file is taken for a copy. Only rows of the last
     * reading reach row: the ones before found none. */
    for (int waited = 0; !ret && r.n == 0 && c->bare_wal && waited < c->wait_ms;
         waited += BUSY_RETRY_MS) {
        nanosleep(&(struct timespec){0, BUSY_RETRY_MS * 1000000L}, NULL);
        ret = sq_exec(db, TABLES_SQL, 0, 0, 0, NULL, count_row, &r, err);
    }
    if (!ret && r.n == 0 && c->bare_wal)
        ret = ls__db_fail(err, LS_DB_EFOREIGN, "%s is in WAL mode with no tables and no "
                          "-wal: a store's file copied without its -wal lacks all the -wal "
                          "held (docs/store.md, \"Backups\"); for a new store give a new "
                          "file", SHOWN(c->path));
    return sq_named(c->path, ret, err);
}

/* The file is leastscore's, or empty: its journal is made WAL (written in
 * the file's header), and the connection synced in full. */
static int sq_prepare(ls_db *db, ls_error *err)
{
    sq_conn *c = db->conn;
    const char *path = c->path;
    char shown[LS_DB_PATH_SHOWN];
    char mode[16] = "";
    int ret = 0;
    /* A new file starts with a rollback journal. When two servers (or
     * tests) open it at once, both take the read lock to switch it to WAL
     * and one of them is told SQLITE_BUSY at once, without the busy
     * handler: waiting could not help, the other waits for it to let go.
     * Once it lets go the switch works, so it is tried again, for as long
     * as the busy timeout. */
    for (int tries = 0;; tries++) {
        ret = sq_exec(db, "PRAGMA journal_mode=WAL", 0, 0, 0, NULL, journal_mode_row,
                      mode, err);
        if (!ret || (sqlite3_errcode(c->db) & 0xff) != SQLITE_BUSY ||
            tries >= BUSY_MS / BUSY_RETRY_MS)
            break;
        nanosleep(&(struct timespec){0, BUSY_RETRY_MS * 1000000L}, NULL);
    }
    if (!ret && strcmp(mode, "wal"))
        ret = ls__db_fail(err, LS_DB_EIO, "sqlite: %s: cannot use a WAL journal (%s)",
                          SHOWN(path), mode);
    if (!ret)
        ret = sq_script(db, "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON", err);
    return sq_named(path, ret, err);
}

static const ls__db_ops sqlite_ops = {
    .name = "sqlite",
    /* IMMEDIATE takes the write lock at once: a transaction that reads then
     * writes cannot fail half-way for another writer. */
    .begin_sql = "BEGIN IMMEDIATE",
    .row_locks = false,
    .id_column = "INTEGER PRIMARY KEY",
    .exec = sq_exec,
    .script = sq_script,
    .close = sq_close,
    .unavailable = sq_unavailable,
    .moved = sq_moved,
    .lock_wait = sq_lock_wait,
    .hold = sq_hold,
    .tables = sq_tables,
    .prepare = sq_prepare,
};

/* Refuses a path with no file but a -wal or -shm beside it: a store was
 * there and is gone (moved or removed while a server ran, then the server
 * killed or stopped), and SQLite would make a new, empty file there and
 * read the old -wal into it, a store that holds neither the old one nor
 * nothing. Refused rather than said in the log: a start there loses the
 * old store from sight (its players, ratings, tables in play), and the
 * two ways on are the person's to choose: the file put back, or the -wal
 * and -shm moved away for a new store. A -shm alone holds no writes, but
 * says as much that a store was there. */
static int orphan_wal(const char *path, ls_error *err)
{
    char shown[LS_DB_PATH_SHOWN], side[4200];
    struct stat st;
    if (lstat(path, &st) == 0 || errno != ENOENT)
        return 0;
    bool wal = snprintf(side, sizeof side, "%s-wal", path) < (int)sizeof side &&
               lstat(side, &st) == 0;
    bool shm = snprintf(side, sizeof side, "%s-shm", path) < (int)sizeof side &&
               lstat(side, &st) == 0;
    if (!wal && !shm)
        return 0;
    return ls__db_fail(err, LS_DB_EIO,
                       "sqlite: no store file at %s, but its %s there: a store was "
                       "moved or removed from there; put its file back, or move the "
                       "-wal and -shm away to begin a new store",
                       SHOWN(path), wal && shm ? "-wal and -shm are"
                                    : wal ? "-wal is" : "-shm is");
}

int ls__db_sqlite_open(ls_db *db, const char *path, ls_error *err)
{
    char shown[LS_DB_PATH_SHOWN];
    sq_conn *c = calloc(1, sizeof *c);
    if (!c)
        return ls__db_fail(err, LS_ENOMEM, "out of memory");
    c->lock_fd = -1;
    c->autockpt = AUTOCKPT_PAGES;
    db->ops = &sqlite_ops;
    db->conn = c;
    c->path = strdup(path);
    if (!c->path) {
        sq_close(db);
        return ls__db_fail(err, LS_ENOMEM, "out of memory");
    }
    int orphan = orphan_wal(path, err);
    if (orphan) {
        sq_close(db);
        return orphan;
    }
    int rc = sqlite3_open_v2(path, &c->db,
                             SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                 SQLITE_OPEN_NOMUTEX,
                             NULL);
    if (rc != SQLITE_OK) {
        int ret = ls__db_fail(err, LS_DB_EIO, "sqlite: cannot open %s: %s", SHOWN(path),
                              c->db ? sqlite3_errmsg(c->db) : sqlite3_errstr(rc));
        /* SQLite says "unable to open database file" for a process out of
         * descriptors too, which reads as the file's fault. */
        int sys = c->db ? sqlite3_system_errno(c->db) : 0;
        if (err && (sys == EMFILE || sys == ENFILE)) {
            size_t n = strnlen(err->msg, sizeof err->msg);
            snprintf(err->msg + n, sizeof err->msg - n, " (%s: the server has as many "
                     "files open as it may; raise ulimit -n, or serve fewer at once)",
                     sys == EMFILE ? "too many open files" : "too many open files in "
                     "the system");
        } else if (!explain_length(path, err)) {
            explain_directory(path, err);
        }
        sq_close(db);
        return ret;
    }
    /* A file this process may read but not write is opened read-only
     * without a word (SQLITE_OPEN_READWRITE falls back), and a store at
     * the program's version is only read at its opening: the server would
     * start and then fail every write. */
    if (sqlite3_db_readonly(c->db, "main") == 1) {
        int ret = ls__db_fail(err, LS_DB_EIO,
                              "sqlite: %s is read-only here: the store writes its file "
                              "(give this user write access to it)", SHOWN(path));
        sq_close(db);
        return ret;
    }
    sqlite3_extended_result_codes(c->db, 1);
    c->bare_wal = wal_missing(c->db, path);
    c->wait_ms = BUSY_MS;
    sqlite3_busy_timeout(c->db, BUSY_MS);
    return 0;
}
