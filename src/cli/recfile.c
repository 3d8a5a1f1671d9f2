/*
 * recfile.c - a game record read from a file or standard input, bounded
 * (recfile.h).
 *
 * The buffer never grows past CLI_RECORD_MAX + 2 bytes: a regular file
 * says its size, and one over the limit is refused before it is read; an
 * input without a size is read one byte past the limit at most, which is
 * how it is known to be over it. A regular file's buffer is made its size
 * at once, so that a long record is read in one pass, not copied at each
 * doubling.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/recfile.h"

/* Reads fd to its end into a new buffer of at most max + 2 bytes; NULL
 * with errno set (EFBIG once more than max bytes came). */
static char *read_bounded(int fd, size_t hint, size_t max, size_t *len)
{
    size_t cap = hint + 1 > max + 2 ? max + 2 : hint + 1 < 4096 ? 4096 : hint + 1;
    size_t n = 0;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    for (;;) {
        if (n + 1 == cap) {
            if (n > max) { /* one byte past the limit: over it */
                free(buf);
                errno = EFBIG;
                return NULL;
            }
            size_t bigger = cap * 2 > max + 2 ? max + 2 : cap * 2;
            char *p = realloc(buf, bigger);
            if (!p) {
                free(buf);
                errno = ENOMEM;
                return NULL;
            }
            buf = p;
            cap = bigger;
        }
        ssize_t got = read(fd, buf + n, cap - 1 - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            free(buf);
            errno = e;
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    if (n > max) {
        free(buf);
        errno = EFBIG;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

const char *cli_file_kind(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a named pipe (FIFO)";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

/* The record on fd, st its fstat; any: a pipe or a device is read too
 * (standard input), else only a regular file. */
static char *read_record(int fd, const struct stat *st, bool any, const char *shown,
                         size_t *len, char *msg, size_t size)
{
    char *text = NULL;
    int e = 0;
    if (S_ISDIR(st->st_mode)) {
        snprintf(msg, size, "%s is a directory, not a game record", shown);
        e = EISDIR;
    } else if (!any && !S_ISREG(st->st_mode)) {
        snprintf(msg, size, "%s is %s; a game record is a regular file", shown,
                 cli_file_kind(st->st_mode));
        e = EINVAL;
    } else if (S_ISREG(st->st_mode) && (uintmax_t)st->st_size > CLI_RECORD_MAX) {
        snprintf(msg, size, "cannot read %s: it has %jd bytes, more than the %d MiB "
                 "(%zu bytes) of any game record", shown, (intmax_t)st->st_size,
                 CLI_RECORD_MAX_MIB, CLI_RECORD_MAX);
        e = EFBIG;
    } else {
        size_t hint = S_ISREG(st->st_mode) ? (size_t)st->st_size : 0;
        text = read_bounded(fd, hint, CLI_RECORD_MAX, len);
        e = errno;
        if (!text && e == EFBIG)
            snprintf(msg, size, "cannot read %s: it gave more than the %d MiB (%zu bytes) "
                     "of any game record; reading stopped there", shown,
                     CLI_RECORD_MAX_MIB, CLI_RECORD_MAX);
        else if (!text)
            snprintf(msg, size, "cannot read %s: %s", shown, strerror(e));
    }
    errno = e;
    return text;
}

/* read_record after the fstat of fd, whose failure is said in msg with
 * its errno kept. */
static char *stat_read_record(int fd, bool any, const char *shown, size_t *len,
                              char *msg, size_t size)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        snprintf(msg, size, "cannot read %s: %s", shown, strerror(e));
        errno = e;
        return NULL;
    }
    return read_record(fd, &st, any, shown, len, msg, size);
}

char *cli_record_read(int fd, const char *shown, size_t *len, char *msg, size_t size)
{
    return stat_read_record(fd, false, shown, len, msg, size);
}

char *cli_record_load(const char *path, const char *shown, size_t *len, char *msg,
                      size_t size)
{
    if (strcmp(path, "-") == 0)
        return stat_read_record(STDIN_FILENO, true, shown, len, msg, size);
    /* Not blocking: a named pipe with no writer, put where the caller
     * found a regular file, would block the open for ever; it is told
     * apart by the descriptor's fstat, not the name's stat (which another
     * process may change meanwhile). */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        snprintf(msg, size, "cannot read %s: %s", shown, strerror(e));
        errno = e;
        return NULL;
    }
    char *text = cli_record_read(fd, shown, len, msg, size);
    int e = errno;
    close(fd);
    errno = e;
    return text;
}
