/*
 * store_file.c - finished matches as .lsr files (see store.h): the server
 * keeps its matches in the database store and also writes each finished
 * match's game record into the data directory, a plain file that
 * `leastscore replay` verifies and that can be copied anywhere.
 *
 * A record is written to a temporary name first and then renamed, so that
 * a reader never sees half a record.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "server/store.h"

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

int store_file_mkdir(const char *dir, char *msg, size_t size)
{
    char d[4096];
    if ((size_t)snprintf(d, sizeof d, "%s", dir) >= sizeof d) {
        snprintf(msg, size, "the data directory's name is too long");
        return -1;
    }
    struct stat st;
    errno = 0;
    if (make_dirs(d) != 0 || stat(d, &st) != 0) {
        snprintf(msg, size, "cannot create the data directory %s: %s", dir,
                 strerror(errno ? errno : ENOTDIR));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(msg, size, "the data directory %s is not a directory", dir);
        return -1;
    }
    return 0;
}

int store_file_write(const char *dir, const char *name, const char *text, size_t len,
                     char *msg, size_t size)
{
    char path[4096], tmp[4096 + 8];
    if ((size_t)snprintf(path, sizeof path, "%s/%s.lsr", dir, name) >= sizeof path) {
        snprintf(msg, size, "the data directory's name is too long");
        return -1;
    }
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (store_file_mkdir(dir, msg, size) != 0)
        return -1;
    FILE *f = fopen(tmp, "wx");
    if (!f) {
        snprintf(msg, size, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    bool ok = fwrite(text, 1, len, f) == len;
    int err = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        err = errno;
    }
    if (!ok) {
        snprintf(msg, size, "cannot write %s: %s", path, strerror(err));
        remove(tmp);
        return -1;
    }
    return 0;
}
