/*
 * store_file.c - the file store: each finished match becomes one .lsr file
 * (see store.h).
 *
 * A match's record text is kept in memory while it is played (a few
 * kilobytes) and written whole when it ends with a winner, to a temporary
 * name first and then renamed, so that a reader never sees half a record.
 * Abandoned matches (a table closed or the server stopped mid-match) are
 * dropped: only finished matches are records.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "server/store.h"

typedef struct file_store {
    store st;
    char dir[3072];
    int written;
} file_store;

typedef struct file_match {
    char name[128];
    char *text;
    size_t len, cap;
    bool failed;
} file_match;

static void *fs_begin(void *self, const char *code, int match)
{
    (void)self;
    file_match *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
    snprintf(m->name, sizeof m->name, "%s-%s-%d", stamp, code, match);
    return m;
}

static void fs_append(void *self, void *match, const char *text, size_t len)
{
    (void)self;
    file_match *m = match;
    if (m->failed)
        return;
    if (m->len + len + 1 > m->cap) {
        size_t cap = m->cap ? m->cap : 4096;
        while (cap < m->len + len + 1)
            cap *= 2;
        char *grown = realloc(m->text, cap);
        if (!grown) {
            m->failed = true;
            return;
        }
        m->text = grown;
        m->cap = cap;
    }
    memcpy(m->text + m->len, text, len);
    m->len += len;
    m->text[m->len] = '\0';
}

static int write_file(file_store *fs, const file_match *m)
{
    char path[sizeof fs->dir + 160], tmp[sizeof path + 8];
    snprintf(path, sizeof path, "%s/%s.lsr", fs->dir, m->name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wx");
    if (!f)
        return -1;
    bool ok = fwrite(m->text, 1, m->len, f) == m->len;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        return -1;
    }
    return 0;
}

static void fs_end(void *self, void *match, bool finished)
{
    file_store *fs = self;
    file_match *m = match;
    if (finished) {
        if (m->failed || !m->text || write_file(fs, m) != 0)
            fprintf(stderr, "leastscore serve: cannot write the record %s/%s.lsr: %s\n",
                    fs->dir, m->name, m->failed ? "out of memory" : strerror(errno));
        else
            fs->written++;
    }
    free(m->text);
    free(m);
}

static const store_ops file_ops = {fs_begin, fs_append, fs_end};

/* mkdir -p */
static int make_dirs(char *path)
{
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p)
            continue;
        char c = *p;
        *p = '\0';
        int rc = mkdir(path, 0755);
        *p = c;
        if (rc != 0 && errno != EEXIST)
            return -1;
        if (!c)
            return 0;
    }
}

store *store_file_new(const char *dir, char *msg, size_t size)
{
    file_store *fs = calloc(1, sizeof *fs);
    if (!fs) {
        snprintf(msg, size, "out of memory");
        return NULL;
    }
    if (strlen(dir) >= sizeof fs->dir) {
        snprintf(msg, size, "the data directory's name is too long");
        free(fs);
        return NULL;
    }
    snprintf(fs->dir, sizeof fs->dir, "%s", dir);
    struct stat st;
    if (make_dirs(fs->dir) != 0 || stat(fs->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(msg, size, "cannot create the data directory %s: %s", dir,
                 strerror(errno ? errno : ENOTDIR));
        free(fs);
        return NULL;
    }
    fs->st.ops = &file_ops;
    fs->st.self = fs;
    return &fs->st;
}

void store_file_free(store *st)
{
    free(st ? st->self : NULL);
}

int store_file_written(const store *st)
{
    return ((const file_store *)st->self)->written;
}
