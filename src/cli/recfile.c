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

char *cli_record_load(const char *path, const char *shown, size_t *len, char *msg,
                      size_t size)
{
    bool own = strcmp(path, "-") != 0; /* we opened it: we close it */
    int fd = own ? open(path, O_RDONLY | O_CLOEXEC) : STDIN_FILENO;
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        int e = errno;
        snprintf(msg, size, "cannot read %s: %s", shown, strerror(e));
        if (own && fd >= 0)
            close(fd);
        errno = e;
        return NULL;
    }
    char *text = NULL;
    int e = 0;
    if (S_ISDIR(st.st_mode)) {
        snprintf(msg, size, "%s is a directory, not a game record", shown);
        e = EISDIR;
    } else if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > CLI_RECORD_MAX) {
        snprintf(msg, size, "cannot read %s: it has %jd bytes, more than the %d MiB "
                 "(%zu bytes) of any game record", shown, (intmax_t)st.st_size,
                 CLI_RECORD_MAX_MIB, CLI_RECORD_MAX);
        e = EFBIG;
    } else {
        size_t hint = S_ISREG(st.st_mode) ? (size_t)st.st_size : 0;
        text = read_bounded(fd, hint, CLI_RECORD_MAX, len);
        e = errno;
        if (!text && e == EFBIG)
            snprintf(msg, size, "cannot read %s: it gave more than the %d MiB (%zu bytes) "
                     "of any game record; reading stopped there", shown,
                     CLI_RECORD_MAX_MIB, CLI_RECORD_MAX);
        else if (!text)
            snprintf(msg, size, "cannot read %s: %s", shown, strerror(e));
    }
    if (own)
        close(fd);
    errno = e;
    return text;
}
