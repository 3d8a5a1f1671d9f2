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

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include "leastscore.h"

int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_storebench(int argc, char **argv);

#define CLI_SPEC_MAX 300 /* the longest player spec on a command line */

/* Whether path is a regular file, as a game record is (replay FILE, play
 * --resume): 0, or -1 with msg (size bytes) set to "SHOWN is a named
 * pipe (FIFO); a game record is a regular file" (a directory, a device,
 * a socket), SHOWN being path as the caller prints it. Only stat() is
 * used, so that a named pipe with no writer is refused rather than
 * waited on and a device is not read without end. A path that cannot be
 * stat'ed passes: the read that follows says why. */
int cli_regular_record(const char *path, const char *shown, char *msg, size_t size);

/* Parses a decimal unsigned 64-bit number; returns 0 on success, -1 when
 * the text is not one. */
int cli_parse_u64(const char *text, uint64_t *out);

/* mkdir -p: creates dir and the directories above it that are missing
 * (mode 0777 less the umask). Returns 0, or -1 with errno set. */
int cli_mkdir_p(const char *dir);

/* --seed's value for command cmd: 0, or the usage error's status (2) with
 * the same words in every command. */
int cli_parse_seed(const char *cmd, const char *arg, uint64_t *out);

/* Parses a decimal number in lo..hi for option `opt` of `cmd` into *out.
 * Returns 0, or prints a usage error ("--matches: 'x' is not a whole
 * number from 1 to 100") and returns 2. cli_parse_int is the same for an
 * int. */
int cli_parse_long(const char *cmd, const char *opt, const char *arg, long lo,
                   long hi, long *out);
int cli_parse_int(const char *cmd, const char *opt, const char *arg, int lo, int hi,
                  int *out);

/* Sets a rules option from its command-line name ("hand-size", "tie"...):
 * the same as ls_rules_set() with dashes for underscores. Returns 0, or
 * prints a usage error for `cmd` and returns 2: a number out of its range
 * in the words of cli_parse_long() ("--threshold: '0' is not a whole
 * number from 1 to 1000 (usually 25, 50 or 100)"), a word so too ("--tie:
 * 'x' is not 'declarer' or 'penalty'"), r unchanged. */
int cli_rules_option(const char *cmd, ls_rules *r, const char *option, const char *value);

/* Prints the computer player kinds and their help, wrapped to 80
 * columns, for the --help of play and sim. */
void cli_print_kinds(FILE *out);

/* A path (or any name a user gave) as it may be printed on a terminal:
 * path itself when it is UTF-8 with no control character and no
 * backslash (cli_shows_as_is, botproc.h), else a copy in buf (size bytes)
 * with each control byte, each byte that is not UTF-8 and the bytes of a
 * character that changes the direction or is not seen written \xNN and
 * a backslash \\, its printable UTF-8 as it is (cli_shown_n, as a cmd:
 * command and a bot's text are shown), so that no control
 * sequence in a file's name reaches the terminal. Returns path or buf. */
#define CLI_SHOWN_MAX(n) (4 * (n) + 1)
const char *cli_shown(const char *path, char *buf, size_t size);

/* Sets LC_CTYPE from the environment (for a program that prints a table
 * of text given by its user: sim, arena) and says whether it reads UTF-8.
 * Where it does not, text is shown as ls_printable writes it. */
bool cli_utf8_ctype(void);

/* The columns of the character at s (at most n bytes, n > 0), which
 * takes *len bytes: wcwidth() where the locale reads it (a CJK character
 * or an emoji takes 2, a combining accent 0), else 1 for each character,
 * so that a byte that is not UTF-8, or text under the C locale, still
 * counts one column. */
int cli_char_cols(const char *s, size_t n, size_t *len);
/* Columns the n bytes of UTF-8 text s take on a terminal: wcwidth() of
 * each character where the locale reads UTF-8 (a CJK character or an
 * emoji in a name takes 2), one per character else. */
int cli_text_width(const char *s, size_t n);
/* How many bytes of s (n bytes) fit in `cols` columns, whole characters
 * only: where text is cut to a column, never inside a character. */
size_t cli_text_cut(const char *s, size_t n, int cols);

/* shown (as ls_printable or cli_shown writes it) for a table's column w
 * columns wide: as it is when it fits, else its start and '~' in the last
 * column, never cut inside a \xNN or a \\ (a cut 'cmd:./\x~' read as a
 * backslash and an x) or a character; then spaces to w columns, counted
 * as the terminal does (cli_text_width), so that the next column lines up
 * after wide characters too. A text with more bytes than buf holds is cut
 * so too, at a whole character. In buf; returns buf. */
const char *cli_table_column(const char *shown, int w, char *buf, size_t size);

/* Wall-clock milliseconds (CLOCK_MONOTONIC), for durations. */
double cli_wall_ms(void);

/*
 * Adds the player specs of a --players list to specs[*n..max-1]: commas
 * separate specs (blanks around each are dropped, but those that end a cmd: command), except that a key=value piece without ':' continues the
 * previous spec ("expert:iters=5,c=1,greedy"), and a cmd: spec ends at
 * the next comma outside the quotes of its command, read as the shell
 * reads them ("cmd:./bot --x '1,2'",greedy: the quotes stay for the
 * shell). A quote left open, or a piece after a cmd: spec that is no
 * player (the rest of a command the comma split), is a usage error that
 * says how to quote. cli_add_spec adds one spec as it is (--player).
 * Both return 0, or print a usage error for `cmd` and return 2.
 */
int cli_add_players(const char *cmd, const char *list,
                    char (*specs)[CLI_SPEC_MAX], int *n, int max);
int cli_add_spec(const char *cmd, const char *spec,
                 char (*specs)[CLI_SPEC_MAX], int *n, int max);

/* Names players after their specs for tables and records: the kind
 * (expert, greedy), or for a cmd: bot its program's file name, each
 * character other than [A-Za-z0-9_-] read as one '_' ("cmd:python3
 * bots/sampler.py" is sampler_py, "cmd:./中文.py" ___py); a repeated name
 * gets the first number that makes it unique (greedy2). Names are valid
 * ls_name_valid() names. */
void cli_player_names(const char (*specs)[CLI_SPEC_MAX], int n,
                      char (*names)[LS_NAME_MAX + 1]);

/* A 64-bit mixing function (splitmix64's finalizer) for deriving seeds. */
uint64_t cli_mix(uint64_t x);

/* The 95% Wilson score interval of k successes in n. */
void cli_wilson(long k, long n, double *lo, double *hi);

/* The word an option error is about, after getopt_long returned c ('?'
 * or ':'): argv[optind - 1], but for an unknown letter inside a word of
 * letters ("-players", a long option typed with one dash), which leaves
 * getopt inside that word with optind on it, so that argv[optind - 1] is
 * the word before it ("unknown option 'sim'"): that word itself. */
const char *cli_option_given(int c, int argc, char **argv);
/* The usage error for an option getopt_long did not take, `given` as
 * written: an abbreviation that fits several of longopts ("--play" for
 * --players and --player, which getopt_long refuses as it refuses an
 * unknown one) names them, a value given to an option that takes none
 * ("--json=1") is said to be one; anything else is an unknown option,
 * with the option one or two letters away named ("did you mean
 * '--threshold'?"). Returns 2. */
int cli_option_error(const char *cmd, const char *given,
                     const struct option *longopts);

/* The edit distance (Levenshtein) between two short words; 99 for a word
 * longer than 30 characters. For "did you mean" in messages. */
int cli_edit_distance(const char *a, const char *b);

/* For a command's -h or --help (getopt_long's abbreviations too): 0 when
 * nothing else is on its command line, argv[1..argc-1], else a usage
 * error naming the first other argument ("leastscore play: --help takes
 * no other argument, got 'extra'"), 2; as `leastscore --version extra`
 * is refused rather than the rest left unread. */
int cli_help_alone(const char *cmd, int argc, char **argv);

/* Prints "leastscore NAME: " and the formatted message to stderr, then a
 * hint to run --help. Returns 2 (usage error). */
int cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The same for a message whose every part is printable already (an
 * ls_error's msg, text through ls_printable or cli_shown), which is not
 * escaped again: that would double its backslashes. */
int cli_usage_error_shown(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A --db value (where) that names an existing directory, device, pipe or
 * socket is refused before the store is opened, as a usage error ("--db
 * 'DIR' is a directory: give an SQLite file in it ..."), 2; anything
 * else, 0. SQLite said only "unable to open database file" of a
 * directory and "disk I/O error" of /dev/null, and waits for a writer on
 * a FIFO. A postgresql:// URL is never looked at. */
int cli_db_check(const char *cmd, const char *where);

#endif
