/*
 * recfile.h - a game record read from a file or standard input, bounded.
 *
 * Every command that reads a record (replay, play --resume, play's look
 * for the last unfinished match) reads it through cli_record_load(), so
 * that a file over CLI_RECORD_MAX is refused by its size before a byte of
 * it is read, and an input with no size (a pipe on '-') is read only up
 * to one byte past the limit: neither is ever held whole in memory.
 */
#ifndef LS_CLI_RECFILE_H
#define LS_CLI_RECFILE_H

#include <stddef.h>
#include <sys/types.h>

/* The longest record read. A real match's record is far shorter (a round
 * of 500 turns, the most by default, is about 15 KB; a sim --record of
 * 100,000 matches, each its own file, is no longer either); the bound is
 * what stops an endless input, such as /dev/zero or `yes |`, from filling
 * the memory before the first line is even checked. */
#define CLI_RECORD_MAX_MIB 64
#define CLI_RECORD_MAX ((size_t)CLI_RECORD_MAX_MIB << 20)

/*
 * Reads the record at path ("-" = standard input) into a malloc'd,
 * NUL-terminated buffer that the caller frees, its length in *len.
 * Returns NULL on failure with errno set and msg (size bytes) saying
 * "cannot read SHOWN: why" (SHOWN as the caller prints the file):
 * EFBIG for a file over CLI_RECORD_MAX ("it has 75000000 bytes, ...",
 * nothing read) or an input that gave more ("it gave more than ...",
 * reading stopped there), EISDIR for a directory ("SHOWN is a directory,
 * not a game record"), EINVAL for a path that is no regular file ("SHOWN
 * is a named pipe (FIFO); a game record is a regular file": standard
 * input may be a pipe), else the system's reason. The path is opened
 * without blocking and judged by its descriptor, so that a named pipe
 * put in a file's place never blocks it.
 */
char *cli_record_load(const char *path, const char *shown, size_t *len, char *msg,
                      size_t size);

/* The same for a descriptor the caller opened (and closes), which must
 * be a regular file: for a caller that opens with flags of its own
 * (O_NOFOLLOW). */
char *cli_record_read(int fd, const char *shown, size_t *len, char *msg, size_t size);

/* What a file that is no regular one is, for people, to follow "is": "a
 * directory", "a named pipe (FIFO)", "a device", "a socket", else "not a
 * regular file". Static text. (replay, --resume and play's look for the
 * last unfinished match say it alike.) */
const char *cli_file_kind(mode_t mode);

#endif
