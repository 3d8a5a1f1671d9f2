/*
 * cli.h - the sub-commands of the leastscore command.
 *
 * Each sub-command lives in its own cmd_NAME.c and is entered through
 * cmd_NAME(argc, argv) with argv[0] the sub-command's name. It returns the
 * process exit status: 0 success, 1 failure (bad record, lost game...),
 * 2 usage error. Helpers shared by several commands are declared here.
 */
#ifndef LS_CLI_H
#define LS_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "leastscore.h"

int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_serve(int argc, char **argv);

/* Reads a whole file ("-" = stdin) into a malloc'd NUL-terminated buffer.
 * Returns NULL with errno set on failure. The caller frees it. */
char *cli_read_file(const char *path, size_t *len);

/* Parses a decimal unsigned 64-bit number; returns 0 on success, -1 when
 * the text is not one. */
int cli_parse_u64(const char *text, uint64_t *out);

/* Sets a rules option from its command-line name ("hand-size", "tie"...):
 * the same as ls_rules_set() with dashes for underscores. */
int cli_rules_option(ls_rules *r, const char *option, const char *value,
                     ls_error *err);

/* Prints the computer player kinds and their help, wrapped to 80
 * columns, for the --help of play and sim. */
void cli_print_kinds(FILE *out);

/* Prints "leastscore NAME: " and the formatted message to stderr, then a
 * hint to run --help. Returns 2 (usage error). */
int cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
