/*
 * runner.h - plays matches between players given as specs, on a pool of
 * threads: what `sim` and `arena` share.
 *
 * A tournament is a list of jobs (matches) 0..N-1. cli_run_jobs() hands
 * job indices from a shared counter to worker threads; each job writes its
 * outcome into its own slot, so a command that seeds job j from (seed, j)
 * alone gets the same results whatever the number of threads.
 * cli_match_play() plays one match to its end: players made fresh from
 * their specs, every player told every move and every round's start and
 * end, the caller's hooks called at each decision and each round's end.
 */
#ifndef LS_CLI_RUNNER_H
#define LS_CLI_RUNNER_H

#include <stdbool.h>
#include <stdint.h>

#include <getopt.h>
#include <jansson.h>

#include "leastscore.h"
#include "leastscore_ai.h"
#include "cli/botproc.h"
#include "cli/cli.h"

#define CLI_MAX_ROUNDS 100000 /* a match longer than this is abandoned */

/*
 * Where a match was when a bot failed, as exactly as the protocol lets
 * it be said (docs/bot-protocol.md): at the handshake (round 0), at a
 * round's start (the lines from 'scores' to 'deck', and the match's
 * header before round 1), in a round's play (round and turn, the turn
 * one more than the 'played' lines of the round sent before it), at a
 * round's end (its 'result' to 'endround'), or after the match's last
 * round ('quit', and what is found as the bot is ended; round is the
 * last). turn is 0 outside a round's play.
 */
typedef enum cli_stage {
    CLI_AT_HANDSHAKE, CLI_AT_ROUND_START, CLI_AT_PLAY, CLI_AT_ROUND_END, CLI_AT_MATCH_END
} cli_stage;
typedef struct cli_where {
    cli_stage stage;
    int round, turn;
} cli_where;

/* One match: the table, who sits where, and what the caller hears. */
typedef struct cli_match {
    const ls_rules *rules;
    int n;                             /* seats, 2..LS_MAX_PLAYERS */
    const char *names[LS_MAX_PLAYERS]; /* by seat */
    const char *specs[LS_MAX_PLAYERS]; /* by seat: player specs (cli_player_new) */
    int entry[LS_MAX_PLAYERS];         /* by seat: the tournament entry seated */
    uint64_t seed;                     /* the match's seed; the player of entry e
                                          is seeded from (seed, e) */
    int bot_timeout_ms;                /* for cmd: players */
    cli_bot_stderr *err_budget[LS_MAX_PLAYERS]; /* by seat: what a cmd: player's
                                          stderr may pass on in the run (or NULL) */
    long number;                       /* the match's number in the run, named in
                                          each line of a bot's stderr (0: none) */
    bool record;                       /* keep the match's game record */
    void *ud;                          /* passed to every hook */
    /* Each failure of the cmd: player at `seat` (a sentence), and where
     * the match was then (cli_where). */
    void (*bot_failed)(void *ud, int seat, cli_where at, const char *msg);
    /* After each decision, before the move is applied: the player to move
     * (ls_turn(s)), the view it chose from, what ls_player_choose returned
     * and its move (when rc is 0), and the time it took in ms (thread CPU
     * time for a built-in player, wall time for a cmd: bot). Optional; a
     * non-zero return abandons the match ("out of memory"). */
    int (*decided)(void *ud, const ls_state *s, ls_player *p, const ls_view *v,
                   int rc, ls_move m, double ms);
    /* After each round. Optional. */
    void (*round_ended)(void *ud, const ls_round_result *r);
} cli_match;

/* What a match came to. */
typedef struct cli_match_result {
    int winner;                     /* seat, or -1 when the match failed */
    uint64_t iters[LS_MAX_PLAYERS]; /* search iterations by seat (experts) */
    ls_record *record;              /* with m->record, a played match's record;
                                       the caller frees it (ls_record_free) */
    char error[1600];               /* why the match failed, or "" */
} cli_match_result;

/*
 * A match's bot failures, as sim and arena keep them until the end: the
 * first CLI_FAILURES_KEPT - 1 and the last in full, in the order they
 * happened (one match is played by one thread, so that order is the
 * match's own), and how many there were. A bot that fails every turn of
 * a long match is thus kept in a few lines, not one a turn.
 */
#define CLI_FAILURES_KEPT 8
#define CLI_FAILURES_SHOWN 100 /* listed in full, on stderr and in --json */
typedef struct cli_failure {
    long nth;           /* the match's failure it is, from 1 */
    const char *player; /* the seat's name at the table (the match's names[]) */
    cli_where at;       /* where the match was (bot_failed) */
    char *msg;          /* the whole report: "NAME (bot 'COMMAND'): REASON" */
    int bot, bot_len;   /* where COMMAND is in msg, as shown (cli_shown_n) */
    int reason;         /* where REASON starts in msg */
} cli_failure;
typedef struct cli_failures {
    cli_failure *kept; /* CLI_FAILURES_KEPT of them, from the first failure
                        * on: a match's slot without one stays small */
    int nkept;
    long total;
} cli_failures;

/* Keeps the failure msg of the cmd: player at seat of match m in f (for a
 * bot_failed hook); past CLI_FAILURES_KEPT, the last one kept is replaced.
 * Without memory it is only counted. cli_failures_free frees what f holds. */
void cli_failures_add(cli_failures *f, const cli_match *m, int seat, cli_where at,
                      const char *msg);
void cli_failures_free(cli_failures *f);

/* The failures of matches 0..n-1 (at(ud, j) gives match j's), in match
 * order: cli_failures_print writes each kept one on stderr as "match J,
 * WHERE: MSG" (WHERE: "at the handshake", "at the start of round R",
 * "round R, turn T", "at the end of round R", "after its last round"),
 * a line before a match's last saying how many of its failures were
 * left out, the first CLI_FAILURES_SHOWN kept ones in full and then one
 * line counting the rest; cli_failures_json gives the same first ones as
 * an array of objects {"match", "at", "round", "turn", "failure",
 * "player", "bot", "reason"} ("at": "handshake", "round_start", "play",
 * "round_end" or "match_end")
 * (a new reference, NULL without memory), and appends to lines, unless
 * NULL, each as the string printed. */
typedef const cli_failures *(*cli_failures_at)(const void *ud, long j);
void cli_failures_print(long n, cli_failures_at at, const void *ud);
json_t *cli_failures_json(long n, cli_failures_at at, const void *ud, json_t *lines);

/* Plays the match m to its end into *res. Returns 0, or -1 when the match
 * could not be played (a player could not be made, a player made no legal
 * move, no memory, more than CLI_MAX_ROUNDS rounds), res->error saying
 * what and where; a failed match keeps no record. */
int cli_match_play(const cli_match *m, cli_match_result *res);

/* Runs job(ud, j) for every j in 0..njobs-1 on up to `threads` threads
 * (in the calling thread when none can be started), each job once. With
 * `progress`, the calling thread draws a progress bar on stderr while they
 * run (matches done, the rate and the time left). */
void cli_run_jobs(long njobs, int threads, void (*job)(void *ud, long j), void *ud,
                  bool progress);

/* The zeroed slots of n matches, each bytes, that sim and arena keep
 * until the end; NULL when they would take more than half the machine's
 * memory or cannot be had, after saying so on stderr with the figures
 * (`more` adds to them: ", and 8 more a decision"; `fewer` names the
 * options that set n), rather than a bare "out of memory", or the kernel's
 * killing the program hours later. The caller frees them. */
void *cli_alloc_results(const char *cmd, long n, size_t each, const char *more,
                        const char *fewer);

/* The rules as a JSON object of option names to values (the caller owns
 * the reference). */
json_t *cli_rules_json(const ls_rules *r);

/* A JSON string of text a user gave (a player spec): as given when it is
 * UTF-8, which jansson requires, else quoted printable (ls_printable), so
 * that the key is never missing. A new reference, NULL only without
 * memory. */
json_t *cli_json_text(const char *text);

/* A JSON string that stands for the seed in a document (jansson's integers
 * are signed 64-bit, a seed is unsigned): set it as the document's first
 * string, before any name or spec a user gave, and print the document
 * with cli_json_print. */
json_t *cli_json_seed(void);
/* Prints root on stdout (indented, keys in order) with the seed's stand-in
 * replaced by `seed` as given; drops the reference to root. 0, or -1 when
 * it cannot (no memory, no stand-in). */
int cli_json_print(json_t *root, uint64_t seed);

/*
 * The options sim and arena share, for getopt_long: their long options
 * (CLI_RUNNER_LONGOPTS, to put first in the command's table; the
 * command's own option values start at CLI_O_OWN) and what they set.
 */
enum { CLI_O_PLAYERS = 256, CLI_O_PLAYER, CLI_O_SEED, CLI_O_THREADS, CLI_O_JSON,
       CLI_O_TIMEOUT, CLI_O_RULE, CLI_O_OWN };
#define CLI_RUNNER_LONGOPTS                                          \
    {"players", required_argument, NULL, CLI_O_PLAYERS},             \
    {"player", required_argument, NULL, CLI_O_PLAYER},               \
    {"seed", required_argument, NULL, CLI_O_SEED},                   \
    {"threads", required_argument, NULL, CLI_O_THREADS},             \
    {"json", no_argument, NULL, CLI_O_JSON},                         \
    {"bot-timeout", required_argument, NULL, CLI_O_TIMEOUT},         \
    {"threshold", required_argument, NULL, CLI_O_RULE},              \
    {"tie", required_argument, NULL, CLI_O_RULE},                    \
    {"runs", required_argument, NULL, CLI_O_RULE},                   \
    {"hand-size", required_argument, NULL, CLI_O_RULE},              \
    {"declare-max", required_argument, NULL, CLI_O_RULE},            \
    {"max-turns", required_argument, NULL, CLI_O_RULE},              \
    {"help", no_argument, NULL, 'h'}

/* Where the shared options go: the command's own fields. */
typedef struct cli_runner_opts {
    const struct option *longopts; /* the command's, for messages */
    char (*spec)[CLI_SPEC_MAX]; /* room for max specs */
    int *n, max;
    const char **given_by; /* room for max: the option each spec came in,
                            * "--players" or "--player", for messages */
    ls_rules *rules;
    uint64_t *seed;
    int *threads, *bot_timeout;
    bool *json;
} cli_runner_opts;

/* Sets the defaults: the default rules, seed 1, a thread per core, the
 * default bot timeout, no JSON. */
void cli_runner_defaults(const cli_runner_opts *o);

/* Reads one option getopt_long returned: c, the option's long name (for
 * the rules), its argument and the word given on the command line (for
 * messages). Returns 0 once it is read, or prints a usage error for `cmd`
 * and returns 2: a bad value, a missing value (c = ':'), an unknown option
 * (any c this function does not know). */
int cli_runner_option(const char *cmd, int c, const char *name, const char *arg,
                      const char *given, const cli_runner_opts *o);

/* What sim and arena say of the players once all options are read, each
 * 0 or a usage error for `cmd` (2). cli_runner_count: fewer than 2 players
 * (one is named, with the option it came in; `example` is a --players
 * list to offer). cli_runner_check_specs: each spec must make a player,
 * or its option is named with the checker's words ("--players: unknown
 * player kind 'bogus'; ..."); *expert (may be NULL) is set when one is an
 * expert. cli_runner_args: the words left after the options (from
 * optind), a player's spec typed bare said to go in --players. */
int cli_runner_count(const char *cmd, const cli_runner_opts *o, const char *example);
/* Names the players as cli_player_names() does, but a cmd: command of
 * several (a pipeline, or commands joined by ';', '&&', '||', '&' or in
 * parentheses) is named after the one that is the bot: the last whose
 * program is not 'tee' or 'cat' ("tee log | ./bot" and "./bot | tee
 * log" are bot, "cd bots && python3 b.py" b_py; they were tee and cd,
 * after the first program). */
void cli_runner_names(const char (*specs)[CLI_SPEC_MAX], int n,
                      char (*names)[LS_NAME_MAX + 1]);
int cli_runner_check_specs(const char *cmd, const cli_runner_opts *o, bool *expert);
int cli_runner_args(const char *cmd, int argc, char **argv, int optind);

#endif
