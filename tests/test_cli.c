/*
 * test_cli.c - what the programs say of a file that is no game record
 * (cli_file_kind in src/cli/recfile.c): each kind of file a path can
 * name, by its mode alone and by a real one made here (a directory, a
 * named pipe, a device, a socket), and the message cli_record_load builds
 * from it, which replay, play --resume and play --continue print. A named
 * pipe is judged without a byte read from it, so the test cannot block.
 *
 * recfile.c is a module of the program, not of the library: the
 * Makefile links its object into this test.
 */
#include "support/support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "cli/recfile.h"

static void test_each_kind_of_file_is_named_by_its_mode(void **state)
{
    (void)state;
    assert_string_equal(cli_file_kind(S_IFDIR | 0755), "a directory");
    assert_string_equal(cli_file_kind(S_IFIFO | 0600), "a named pipe (FIFO)");
    assert_string_equal(cli_file_kind(S_IFCHR | 0666), "a device");
    assert_string_equal(cli_file_kind(S_IFBLK | 0660), "a device");
    assert_string_equal(cli_file_kind(S_IFSOCK | 0777), "a socket");
    /* Asked only of what is no regular file: anything else is "not one". */
    assert_string_equal(cli_file_kind(S_IFLNK | 0777), "not a regular file");
    assert_string_equal(cli_file_kind(0), "not a regular file");
}

/* A fresh directory for the test's files, its path in dir. */
static void temp_dir(char *dir, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, size, "%s/test_cli.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
}

/* The kind of the file at path, as stat sees it. */
static const char *kind_at(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return cli_file_kind(st.st_mode);
}

static void test_real_files_are_named_by_what_they_are(void **state)
{
    (void)state;
    char dir[256], fifo[300], sock[300];
    temp_dir(dir, sizeof dir);
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    snprintf(sock, sizeof sock, "%s/sock", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    assert_true(strlen(sock) < sizeof addr.sun_path);
    memcpy(addr.sun_path, sock, strlen(sock) + 1);
    assert_int_equal(bind(fd, (struct sockaddr *)&addr, sizeof addr), 0);

    assert_string_equal(kind_at(dir), "a directory");
    assert_string_equal(kind_at(fifo), "a named pipe (FIFO)");
    assert_string_equal(kind_at("/dev/null"), "a device");
    assert_string_equal(kind_at(sock), "a socket");

    close(fd);
    assert_int_equal(unlink(sock), 0);
    assert_int_equal(unlink(fifo), 0);
    assert_int_equal(rmdir(dir), 0);
}

static void test_a_record_that_is_no_file_is_refused_saying_what_it_is(void **state)
{
    (void)state;
    char dir[256], fifo[300], msg[512];
    size_t len = 0;
    temp_dir(dir, sizeof dir);
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);

    /* Nobody writes to the pipe: a load that opened it to read would block. */
    errno = 0;
    assert_null(cli_record_load(fifo, "game.lsr", &len, msg, sizeof msg));
    assert_int_equal(errno, EINVAL);
    assert_string_equal(msg, "game.lsr is a named pipe (FIFO); a game record is a regular file");

    errno = 0;
    assert_null(cli_record_load("/dev/null", "/dev/null", &len, msg, sizeof msg));
    assert_int_equal(errno, EINVAL);
    assert_string_equal(msg, "/dev/null is a device; a game record is a regular file");

    errno = 0;
    assert_null(cli_record_load(dir, "games", &len, msg, sizeof msg));
    assert_int_equal(errno, EISDIR);
    assert_string_equal(msg, "games is a directory, not a game record");

    assert_int_equal(unlink(fifo), 0);
    assert_int_equal(rmdir(dir), 0);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_each_kind_of_file_is_named_by_its_mode),
    cmocka_unit_test(test_real_files_are_named_by_what_they_are),
    cmocka_unit_test(test_a_record_that_is_no_file_is_refused_saying_what_it_is),
};

LS_TEST_MAIN(tests)
