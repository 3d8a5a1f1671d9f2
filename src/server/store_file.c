/*
 * store_file.c - finished matches as .lsr files (see store.h): the server
 * keeps its matches in the database store and also writes each finished
 * match's game record into the data directory, a plain file that
 * `leastscore replay` verifies and that can be copied anywhere.
 *
 * A record is written to a temporary name first, made durable and then
 * renamed, so that a reader never sees half a record and a file that is
 * there after a crash is whole. Writing a record again gives the same
 * file: a record may be written twice (store_db.c writes at start-up the
 * files a crash kept it from writing). A crash in the middle of a write
 * leaves its temporary file, which nothing reads: store_file_sweep()
 * removes those at start-up, by their name, which no other file has.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/store.h"

/* mkdir -p; *made is the length of the first directory of path that it
 * made (0: it made none). */
static int make_dirs(char *path, size_t *made)
{
    *made = 0;
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p)
            continue;
        char c = *p;
        *p = '\0';
        int rc = mkdir(path, 0755);
        *p = c;
        if (rc != 0 && errno != EEXIST)
            return -1;
        if (rc == 0 && !*made)
            *made = (size_t)(p - path);
        if (!c)
            return 0;
    }
}

int store_file_mkdir(const char *dir, char *msg, size_t size)
{
    size_t made;
    return store_file_mkdir_made(dir, &made, msg, size);
}

void store_file_unmake(const char *dir, size_t made)
{
    char d[4096];
    size_t n = strlen(dir);
    if (!made || n >= sizeof d)
        return;
    memcpy(d, dir, n + 1);
    while (n > made && d[n - 1] == '/')
        d[--n] = '\0';
    /* Deepest first: rmdir() leaves a directory something was put in. */
    while (n >= made) {
        if (rmdir(d) != 0 || n == made)
            return;
        while (n > made && d[n - 1] != '/')
            n--;
        while (n > made && d[n - 1] == '/')
            n--;
        d[n] = '\0';
    }
}

int store_file_mkdir_made(const char *dir, size_t *made, char *msg, size_t size)
{
    char d[4096];
    if ((size_t)snprintf(d, sizeof d, "%s", dir) >= sizeof d) {
        snprintf(msg, size, "the data directory's name is too long");
        return -1;
    }
    struct stat st;
    errno = 0;
    if (make_dirs(d, made) != 0 || stat(d, &st) != 0) {
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

int store_file_lock(const char *dir, char *msg, size_t size)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(msg, size, "cannot open the data directory %s: %s", dir, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        close(fd);
        if (e == EWOULDBLOCK)
            snprintf(msg, size, "the data directory %s is in use by another server "
                                "(it holds the directory's lock): stop that one first, or "
                                "give this one a --data of its own", dir);
        else if (e == ENOLCK || e == EINVAL || e == EOPNOTSUPP)
            snprintf(msg, size, "cannot lock the data directory %s: %s: its file system "
                                "keeps no locks (some network and FUSE file systems), and "
                                "without one a second server could use it beside this one; "
                                "give a --data on a local file system", dir, strerror(e));
        else
            snprintf(msg, size, "cannot lock the data directory %s: %s", dir, strerror(e));
        return -1;
    }
    return fd;
}

/* Makes a rename in dir durable. */
static int sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

int store_file_write(const char *dir, const char *name, const char *text, size_t len,
                     char *msg, size_t size)
{
    char path[4096], tmp[4096 + 16];
    if ((size_t)snprintf(path, sizeof path, "%s/%s.lsr", dir, name) >= sizeof path) {
        snprintf(msg, size, "the data directory's name is too long");
        return -1;
    }
    /* A temporary name of its own: one left by a crash, or a second writer
     * of the same record, never stands in the way. */
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
    if (store_file_mkdir(dir, msg, size) != 0)
        return -1;
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(msg, size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    bool ok = fchmod(fd, 0644) == 0;
    for (size_t done = 0; ok && done < len;) {
        ssize_t n = write(fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        done += ok ? (size_t)n : 0;
    }
    /* Durable before it is renamed, and the rename durable before the
     * caller notes the file as written. */
    ok = ok && fsync(fd) == 0;
    int err = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (ok && (rename(tmp, path) != 0 || sync_dir(dir) != 0)) {
        ok = false;
        err = errno;
    }
    if (!ok) {
        snprintf(msg, size, "cannot write %s: %s", path, strerror(err ? err : EIO));
        remove(tmp);
        return -1;
    }
    return 0;
}

/* The characters of a table's code and of mkstemp's XXXXXX (the same in
 * every locale, unlike isalnum). */
static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/* Whether `name` is a temporary name of a record as store_file_write()
 * gives it, DATE-CODE-MATCH.lsr.XXXXXX (store_db.c's record name, then
 * mkstemp's six letters and digits), or as versions before gave it,
 * DATE-CODE-MATCH.lsr.tmp. DATE is YYYY-MM-DD-HHMMSS. */
static bool temporary_name(const char *name)
{
    static const char date[] = "9999-99-99-999999-";
    const char *p = name;
    for (const char *d = date; *d; d++, p++)
        if (*d == '9' ? !(*p >= '0' && *p <= '9') : *p != *d)
            return false;
    size_t n = strspn(p, alnum);
    if (n < 1 || n >= STORE_CODE_SIZE || p[n] != '-')
        return false;
    p += n + 1;
    n = strspn(p, "0123456789");
    if (n < 1 || n > 10 || strncmp(p + n, ".lsr.", 5) != 0)
        return false;
    p += n + 5;
    return !strcmp(p, "tmp") || (strlen(p) == 6 && strspn(p, alnum) == 6);
}

int store_file_sweep(const char *dir, time_t now, int *removed, char *msg, size_t size)
{
    *removed = 0;
    DIR *d = opendir(dir);
    if (!d) {
        if (errno == ENOENT)
            return 0; /* no record written yet */
        snprintf(msg, size, "cannot read the data directory %s: %s", dir, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (struct dirent *de; (de = readdir(d));) {
        struct stat st;
        if (!temporary_name(de->d_name) ||
            fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISREG(st.st_mode) || now - st.st_mtime < STORE_FILE_STALE_S)
            continue;
        if (unlinkat(dirfd(d), de->d_name, 0) == 0) {
            (*removed)++;
        } else if (rc == 0) {
            snprintf(msg, size, "cannot remove %s/%s: %s", dir, de->d_name, strerror(errno));
            rc = -1;
        }
    }
    closedir(d);
    return rc;
}
