/*
 * cmd_sim.c - `leastscore sim`: a tournament between computer players.
 *
 * The tournament is a list of player entries and a number of matches. Match
 * i is seeded from (seed, i) alone and seats the entries rotated by i, so
 * no entry keeps the first seat and every match can be played by any
 * thread: the runner's workers (runner.c, shared with arena) take match
 * indices from a shared counter and each match's hooks write its outcome
 * into its own slot; the main thread adds the slots up in match order once
 * all are done. The results (all but the measured times) are therefore the
 * same for a seed whatever the number of threads.
 *
 * Each entry keeps: matches won (with a 95% Wilson interval), points per
 * round, declarations made / correct / false, turns per round of the
 * rounds it played, and the time of each decision (thread CPU time for
 * built-in players, wall time for cmd: bots, which run in other processes).
 * Bot failures are collected per match and printed on stderr in match order.
 *
 * The times are not kept decision by decision until the end: that was 8
 * bytes a decision that the memory check before the first match could not
 * count, a tournament of long matches growing without a bound given. A
 * match keeps its own while it is played, then adds them to a histogram of
 * each entry (TIME_BINS bins a 64th of an octave wide, from 2^-20 ms to
 * 2^22 ms, under a lock once a match), and its slot keeps the count and
 * the sum: the median is the middle bin's (within 0.6%), the mean exact.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ai/expert.h"
#include "cli/botproc.h"
#include "cli/cli.h"
#include "cli/runner.h"
#include "analyzer.h"

#define RECORD_PATH_MAX 4096 /* a record's path, its NUL included (PATH_MAX) */
#define TIME_STEPS 64     /* histogram bins per octave of time */
#define TIME_LOW (-20)    /* the first bin's octave: 2^-20 ms, about 1 ns */
#define TIME_BINS (42 * TIME_STEPS + 1) /* up to 2^22 ms (70 minutes); bin 0
                                           takes what is below */


/* What one entry did in one match. */
typedef struct tally {
    int won;
    long rounds, points, turns;
    long declared, correct, wrong;
    long bot_errors;
    uint64_t iters; /* search iterations (expert players) */
    long decisions;
    double time_sum; /* ms, of the decisions */
} tally;

typedef struct match_out {
    tally t[LS_MAX_PLAYERS]; /* by entry */
    cli_failures failures;   /* its bot failures: the first and the last */
    char *error;             /* set when the match could not be played */
    bool done;
} match_out;

typedef struct sim {
    char spec[LS_MAX_PLAYERS][CLI_SPEC_MAX];
    char name[LS_MAX_PLAYERS][LS_NAME_MAX + 1];
    int n;
    ls_rules rules;
    long matches;
    uint64_t seed;
    int threads;
    const char *records;
    long records_every;
    int bot_timeout;
    bool utf8; /* the table shows a spec's UTF-8 as it is (cli_utf8_ctype) */
    match_out *out;
    cli_bot_stderr err[LS_MAX_PLAYERS]; /* by entry: its bots' stderr in the run */
    pthread_mutex_t hist_lock; /* over hist */
    long (*hist)[TIME_BINS];   /* by entry: decisions by time */
} sim;

/* The bin of a time in ms. */
static int time_bin(double ms)
{
    if (!(ms > 0x1p-20))
        return 0;
    int b = 1 + (int)((log2(ms) - TIME_LOW) * TIME_STEPS);
    return b < 1 ? 1 : b >= TIME_BINS ? TIME_BINS - 1 : b;
}

/* The time a bin stands for: the geometric middle of its bounds. */
static double bin_time(int b)
{
    return b == 0 ? 0 : exp2(TIME_LOW + (b - 0.5) / TIME_STEPS);
}

/* A match's decision times while it is played, by entry: each one's bin
 * (found here, so that the lock is held only to count them) and their
 * sum in decision order. */
typedef struct times {
    uint16_t *bin;
    int n, cap;
    double sum;
} times;

static int add_time(times *t, double ms)
{
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 256;
        uint16_t *bigger = realloc(t->bin, (size_t)cap * sizeof *bigger);
        if (!bigger)
            return -1;
        t->bin = bigger;
        t->cap = cap;
    }
    t->bin[t->n++] = (uint16_t)time_bin(ms);
    t->sum += ms;
    return 0;
}

/*
 * gcc 12's -fanalyzer loses track of memory stored in a match_out, which
 * lives in S.out (calloc'd, reached from a static): it reports the
 * messages and o->error as leaked when the hooks and functions below
 * return. free_out frees both.
 */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak")

/* A match being played: its slot, the entry seated at each seat, and its
 * decision times by entry. */
typedef struct sim_match {
    sim *S;
    match_out *o;
    const int *entry_of;
    const cli_match *m;
    times t[LS_MAX_PLAYERS];
} sim_match;

/* Adds a played match's times to the entries' histograms and its slot's
 * counts and sums, and frees them. */
static void fold_times(sim_match *c, bool played)
{
    sim *S = c->S;
    if (played) {
        pthread_mutex_lock(&S->hist_lock);
        for (int k = 0; k < S->n; k++)
            for (int j = 0; j < c->t[k].n; j++)
                S->hist[k][c->t[k].bin[j]]++;
        pthread_mutex_unlock(&S->hist_lock);
        for (int k = 0; k < S->n; k++) {
            c->o->t[k].decisions = c->t[k].n;
            c->o->t[k].time_sum = c->t[k].sum;
        }
    }
    for (int k = 0; k < S->n; k++)
        free(c->t[k].bin);
}

/* The bot report hook: counts the failure for the seat's entry and keeps
 * it in the match's slot. */
static void keep_msg(void *ud, int seat, cli_where at, const char *msg)
{
    const sim_match *c = ud;
    c->o->t[c->entry_of[seat]].bot_errors++;
    cli_failures_add(&c->o->failures, c->m, seat, at, msg);
}

/* The decision hook: keeps the time each decision took. */
static int keep_time(void *ud, const ls_state *s, ls_player *p, const ls_view *v,
                     int rc, ls_move m, double ms)
{
    (void)p, (void)v, (void)rc, (void)m;
    sim_match *c = ud;
    return add_time(&c->t[c->entry_of[ls_turn(s)]], ms);
}

/* The round hook: adds the round to each entry that played it. */
static void count_round(void *ud, const ls_round_result *r)
{
    const sim_match *c = ud;
    for (int q = 0; q < c->S->n; q++) {
        if (!(r->players & (1u << q)))
            continue;
        tally *t = &c->o->t[c->entry_of[q]];
        t->rounds++;
        t->points += r->score[q];
        t->turns += r->turns;
        if (r->declarer == q) {
            t->declared++;
            if (r->correct)
                t->correct++;
            else
                t->wrong++;
        }
    }
}

static int save_record(const sim *S, long i, ls_record *rec, match_out *o)
{
    char path[RECORD_PATH_MAX];
    /* check_records_dir made sure that every name fits */
    snprintf(path, sizeof path, "%s/match-%06ld.lsr", S->records, i + 1);
    size_t len;
    const char *text = ls_record_text(rec, &len);
    FILE *f = fopen(path, "w");
    int failed = !f;
    if (f) {
        failed = fwrite(text, 1, len, f) != len;
        /* fclose frees f whatever it returns: it is never called twice. */
        int saved = errno;
        if (fclose(f) != 0 && !failed)
            failed = 1;
        else if (failed)
            errno = saved;
    }
    if (failed) {
        char buf[CLI_SHOWN_MAX(RECORD_PATH_MAX) + 100], shown[CLI_SHOWN_MAX(RECORD_PATH_MAX)];
        int e = errno;
        snprintf(buf, sizeof buf, "cannot write %s: %s",
                 cli_shown(path, shown, sizeof shown), strerror(e));
        free(o->error);
        o->error = strdup(buf);
        return -1;
    }
    return 0;
}

/*
 * Plays match i into its slot (a cli_run_jobs job). Seat q is entry
 * (q + i) % n. Players are made fresh for each match, seeded from
 * (seed, i, entry).
 */
static void play_match(void *ud, long i)
{
    sim *S = ud;
    match_out *o = &S->out[i];
    int entry_of[LS_MAX_PLAYERS];
    sim_match c = {.S = S, .o = o, .entry_of = entry_of};
    cli_match m = {.rules = &S->rules, .n = S->n,
                   .seed = cli_mix(S->seed ^ cli_mix((uint64_t)i)),
                   .bot_timeout_ms = S->bot_timeout,
                   .number = S->matches > 1 ? i + 1 : 0,
                   .record = S->records && (i % S->records_every) == 0,
                   .ud = &c, .bot_failed = keep_msg, .decided = keep_time,
                   .round_ended = count_round};
    for (int q = 0; q < S->n; q++) {
        entry_of[q] = m.entry[q] = (q + (int)(i % S->n)) % S->n;
        m.names[q] = S->name[entry_of[q]];
        m.specs[q] = S->spec[entry_of[q]];
        m.err_budget[q] = &S->err[entry_of[q]];
    }
    c.m = &m;
    cli_match_result res;
    if (cli_match_play(&m, &res) != 0) {
        o->error = strdup(res.error);
    } else {
        o->t[entry_of[res.winner]].won = 1;
        if (res.record)
            save_record(S, i, res.record, o);
    }
    for (int q = 0; q < S->n; q++)
        o->t[entry_of[q]].iters += res.iters[q];
    fold_times(&c, !o->error);
    ls_record_free(res.record);
    o->done = true;
}
ANALYZER_END

/* ------------------------------------------------------------------ */
/* Results                                                              */
/* ------------------------------------------------------------------ */

typedef struct summary {
    long matches, won;
    double ci_lo, ci_hi;
    long rounds, points, turns, declared, correct, wrong, bot_errors;
    double time_median, time_mean;
    long decisions;
    uint64_t iters;
} summary;

/* The time of the decision of rank r (from 1) in an entry's histogram. */
static double time_of_rank(const long *hist, long r)
{
    long seen = 0;
    for (int b = 0; b < TIME_BINS; b++)
        if ((seen += hist[b]) >= r)
            return bin_time(b);
    return 0;
}

static void summarize(const sim *S, long played, summary out[])
{
    for (int k = 0; k < S->n; k++) {
        summary *u = &out[k];
        memset(u, 0, sizeof *u);
        u->matches = played;
        double sum = 0;
        for (long i = 0; i < S->matches; i++) {
            const match_out *o = &S->out[i];
            if (o->error)
                continue;
            const tally *t = &o->t[k];
            u->won += t->won;
            u->rounds += t->rounds;
            u->points += t->points;
            u->turns += t->turns;
            u->declared += t->declared;
            u->correct += t->correct;
            u->wrong += t->wrong;
            u->bot_errors += t->bot_errors;
            u->iters += t->iters;
            u->decisions += t->decisions;
            sum += t->time_sum;
        }
        long d = u->decisions;
        if (d > 0) {
            u->time_median = (time_of_rank(S->hist[k], (d + 1) / 2) +
                              time_of_rank(S->hist[k], d / 2 + 1)) / 2;
            u->time_mean = sum / (double)d;
        }
        cli_wilson(u->won, played, &u->ci_lo, &u->ci_hi);
    }
}

static double per(long a, long b)
{
    return b ? (double)a / b : 0;
}

static void print_table(const sim *S, const summary u[], long played,
                        long failed, long bot_errors)
{
    printf("%ld %s, seed %llu, %d players, threshold %d\n", played,
           played == 1 ? "match" : "matches", (unsigned long long)S->seed, S->n,
           S->rules.threshold);
    /* 97 columns: a spec longer than 17 is cut with '~'; the mean time
     * is in --json only. The name column widens for a name longer than
     * 12 (up to LS_NAME_MAX: a bot's, from its command), rather than
     * push the rest of its row out of line; so does a number column for
     * a number wider than it (declarations past 99999 in a long
     * tournament, a slow bot's milliseconds), the cells being written
     * first and each column as wide as its widest. */
    enum { NCELL = 9 };
    static const char *const head[NCELL] = {"won", "won%", "95% CI", "pts/rd", "decl",
                                            "correct", "false", "turns", "ms"};
    int w[NCELL] = {5, 6, 11, 6, 5, 7, 5, 6, 7};
    char cell[LS_MAX_PLAYERS][NCELL][32];
    for (int k = 0; k < S->n; k++) {
        snprintf(cell[k][0], 32, "%ld", u[k].won);
        snprintf(cell[k][1], 32, "%.1f%%", 100 * per(u[k].won, played));
        snprintf(cell[k][2], 32, "%.1f-%.1f", 100 * u[k].ci_lo, 100 * u[k].ci_hi);
        snprintf(cell[k][3], 32, "%.2f", per(u[k].points, u[k].rounds));
        snprintf(cell[k][4], 32, "%ld", u[k].declared);
        snprintf(cell[k][5], 32, "%ld", u[k].correct);
        snprintf(cell[k][6], 32, "%ld", u[k].wrong);
        snprintf(cell[k][7], 32, "%.2f", per(u[k].turns, u[k].rounds));
        snprintf(cell[k][8], 32, "%.3f", u[k].time_median);
        for (int c = 0; c < NCELL; c++)
            if ((int)strlen(cell[k][c]) > w[c])
                w[c] = (int)strlen(cell[k][c]);
    }
    int nw = 12;
    for (int k = 0; k < S->n; k++)
        if ((int)strlen(S->name[k]) > nw)
            nw = (int)strlen(S->name[k]);
    printf("%-*s %-17s", nw, "player", "spec");
    for (int c = 0; c < NCELL; c++)
        printf(" %*s", w[c], head[c]);
    printf("\n");
    for (int k = 0; k < S->n; k++) {
        char shown[4 * CLI_SPEC_MAX], spec[4 * 17 + 1];
        /* No control bytes; UTF-8 as it is where the terminal reads it. */
        if (S->utf8)
            cli_shown_n(S->spec[k], strlen(S->spec[k]), shown, sizeof shown);
        else
            ls_printable(S->spec[k], shown, sizeof shown);
        cli_table_column(shown, 17, spec, sizeof spec);
        printf("%-*s %s", nw, S->name[k], spec);
        for (int c = 0; c < NCELL; c++)
            printf(" %*s", w[c], cell[k][c]);
        printf("\n");
    }
    if (failed)
        printf("%ld match%s could not be played (see stderr)\n", failed,
               failed == 1 ? "" : "es");
    if (bot_errors) {
        printf("%ld bot failure%s (see stderr):", bot_errors, bot_errors == 1 ? "" : "s");
        for (int k = 0; k < S->n; k++)
            if (u[k].bot_errors)
                printf(" %s %ld", S->name[k], u[k].bot_errors);
        printf("\n");
    }
}

static const cli_failures *failures_of(const void *ud, long i)
{
    return &((const sim *)ud)->out[i].failures;
}

static int print_json(const sim *S, const summary u[], long played, long failed,
                      long bot_errors)
{
    json_t *root = json_object(), *players = json_array(), *rules = cli_rules_json(&S->rules);
    for (int k = 0; k < S->n; k++) {
        json_t *p = json_object();
        json_object_set_new(p, "name", json_string(S->name[k]));
        json_object_set_new(p, "spec", cli_json_text(S->spec[k]));
        json_object_set_new(p, "won", json_integer(u[k].won));
        json_object_set_new(p, "win_rate", json_real(per(u[k].won, played)));
        json_object_set_new(p, "win_ci95", json_pack("[f,f]", u[k].ci_lo, u[k].ci_hi));
        json_object_set_new(p, "rounds", json_integer(u[k].rounds));
        json_object_set_new(p, "points_per_round", json_real(per(u[k].points, u[k].rounds)));
        json_object_set_new(p, "declared", json_integer(u[k].declared));
        json_object_set_new(p, "declared_correct", json_integer(u[k].correct));
        json_object_set_new(p, "declared_false", json_integer(u[k].wrong));
        json_object_set_new(p, "turns_per_round", json_real(per(u[k].turns, u[k].rounds)));
        json_object_set_new(p, "decisions", json_integer(u[k].decisions));
        json_object_set_new(p, "time_ms_median", json_real(u[k].time_median));
        json_object_set_new(p, "time_ms_mean", json_real(u[k].time_mean));
        json_object_set_new(p, "bot_failures", json_integer(u[k].bot_errors));
        if (u[k].iters) {
            double secs = u[k].time_mean * (double)u[k].decisions / 1000.0;
            json_object_set_new(p, "search_iterations", json_integer((json_int_t)u[k].iters));
            json_object_set_new(p, "iterations_per_s",
                                json_real(secs > 0 ? (double)u[k].iters / secs : 0));
        }
        json_array_append_new(players, p);
    }
    json_object_set_new(root, "matches", json_integer(played));
    json_object_set_new(root, "seed", cli_json_seed());
    json_object_set_new(root, "rules", rules);
    json_object_set_new(root, "players", players);
    json_object_set_new(root, "failed_matches", json_integer(failed));
    json_object_set_new(root, "bot_failures", json_integer(bot_errors));
    /* The failures listed on stderr (the first CLI_FAILURES_SHOWN), as
     * objects, and as the lines printed (a match's 8 could take the list
     * past 100: a bot failing in every match gave 104). */
    json_t *msgs = json_array();
    json_t *list = cli_failures_json(S->matches, failures_of, S, msgs);
    json_object_set_new(root, "bot_failure_list", list);
    json_object_set_new(root, "bot_messages", msgs);
    return cli_json_print(root, S->seed);
}

/* ------------------------------------------------------------------ */
/* Options                                                              */
/* ------------------------------------------------------------------ */

static void help(void)
{
    printf(
        "usage: leastscore sim --players SPEC,SPEC[,...] [OPTIONS]\n\n"
        "Plays a tournament between computer players and prints each one's\n"
        "results. Match i is seeded from (--seed, i) and seats the players\n"
        "rotated by i; the results are the same for a seed whatever the\n"
        "number of threads (only the measured times differ).\n\n"
        "options:\n"
        "  --players LIST     2..8 player specs, comma-separated: random, greedy,\n"
        "                     expert, expert:iters=N, expert:ms=N,\n"
        "                     cmd:COMMAND (a bot speaking docs/bot-protocol.md);\n"
        "                     a key=value piece continues the previous spec, and\n"
        "                     a comma inside a cmd: command's quotes stays in it\n"
        "                     (\"cmd:./bot 'a,b'\",greedy)\n"
        "  --player SPEC      adds one player (repeatable; a spec may hold commas)\n"
        "  --matches N        matches to play (100)\n"
        "  --seed N           tournament seed (1)\n"
        "  --threads N        worker threads (all cores)\n"
        "  --json             print the results as one JSON object\n"
        "  --records DIR      save every match's record in DIR (created)\n"
        "  --records-every K  with --records: save only matches 1, K+1, 2K+1, ...\n"
        "  --bot-timeout MS   time a cmd: bot has per answer (5000)\n"
        "  --threshold N      elimination above N points, 1..1000 (100)\n"
        "  --tie declarer|penalty   a tied declaration is correct (declarer,\n"
        "                     the default) or false (penalty)\n"
        "  --runs any|suited  runs of any suits (any, the default) or of one\n"
        "                     suit\n"
        "  --hand-size N      cards dealt, 3..7 (5)\n"
        "  --declare-max N    highest total one may declare with, 0 = any (0)\n"
        "  --max-turns N      turns before a round ends in a showdown (500)\n"
        "  -h, --help         print this help\n\n"
        "Columns: matches won with a 95%% Wilson interval, points per round,\n"
        "declarations made / correct / false, turns per round, and the median\n"
        "time per decision in ms (thread CPU time; wall time for cmd: bots;\n"
        "the mean is in --json). A cmd: player is named after its command.\n\n"
        "player kinds:\n");
    cli_print_kinds(stdout);
    printf("  %-8s %s\n", "cmd", "an external program (cmd:'python3 examples/bots/greedy.py')");
}

/* Creates the --records directory if needed, and checks that it is a
 * directory this process can write in, so that no match is played only to
 * fail at saving its record. */
static int check_records_dir(const char *dir)
{
    struct stat st;
    char shown[CLI_SHOWN_MAX(RECORD_PATH_MAX)];
    const char *name = cli_shown(dir, shown, sizeof shown);
    /* The longest record's name must fit: one cut to fit was written
     * ('match-000001.l', every match of a run the same way) and the run
     * ended with status 0. */
    size_t room = RECORD_PATH_MAX - sizeof "/match-100000000.lsr";
    if (strlen(dir) > room) {
        fprintf(stderr, "leastscore sim: --records: a directory of at most %zu "
                "characters, for the records' names to fit; this one has %zu\n",
                room, strlen(dir));
        return -1;
    }
    if (cli_mkdir_p(dir) != 0) {
        fprintf(stderr, "leastscore sim: --records: cannot create %s: %s\n", name,
                strerror(errno));
        return -1;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "leastscore sim: --records: %s is not a directory\n", name);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "leastscore sim: --records: cannot write in %s: %s\n", name,
                strerror(errno));
        return -1;
    }
    /* An earlier run's records: a new run would write over its first ones
     * and leave the rest beside them, two runs mixed in one directory. */
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > 10 && !strncmp(e->d_name, "match-", 6) &&
            !strcmp(e->d_name + len - 4, ".lsr")) {
            char file[CLI_SHOWN_MAX(256)];
            fprintf(stderr, "leastscore sim: --records: %s already holds game records "
                    "(%s): a new run would write over some of them and leave the "
                    "others; give a new or empty directory\n", name,
                    cli_shown(e->d_name, file, sizeof file));
            closedir(d);
            return -1;
        }
    }
    if (d)
        closedir(d);
    return 0;
}

static void free_out(sim *S)
{
    if (!S->out)
        return;
    free(S->hist);
    for (long i = 0; i < S->matches; i++) {
        match_out *o = &S->out[i];
        cli_failures_free(&o->failures);
        free(o->error);
    }
    free(S->out);
}

int cmd_sim(int argc, char **argv)
{
    enum { O_MATCHES = CLI_O_OWN, O_RECORDS, O_EVERY };
    static const struct option longopts[] = {
        CLI_RUNNER_LONGOPTS,
        {"matches", required_argument, NULL, O_MATCHES},
        {"records", required_argument, NULL, O_RECORDS},
        {"records-every", required_argument, NULL, O_EVERY},
        {NULL, 0, NULL, 0},
    };
    static sim S; /* large; one per process */
    memset(&S, 0, sizeof S);
    S.utf8 = cli_utf8_ctype();
    bool json;
    const char *given_by[LS_MAX_PLAYERS];
    cli_runner_opts common = {.longopts = longopts, .spec = S.spec, .n = &S.n, .max = LS_MAX_PLAYERS,
                              .given_by = given_by, .rules = &S.rules, .seed = &S.seed, .threads = &S.threads,
                              .bot_timeout = &S.bot_timeout, .json = &json};
    cli_runner_defaults(&common);
    S.matches = 100;
    S.records_every = 1;
    bool every_given = false;
    int c, idx = 0, rc;
    ls_error err = {0};

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, &idx)) != -1) {
        switch (c) {
        case 'h':
            if (cli_help_alone("sim", argc, argv))
                return 2;
            help();
            return 0;
        case O_MATCHES:
            rc = cli_parse_long("sim", "--matches", optarg, 1, 100000000, &S.matches);
            break;
        case O_RECORDS:
            S.records = optarg;
            /* ("cannot create : No such file or directory" before) */
            rc = *optarg ? 0 : cli_usage_error("sim", "--records needs a directory, "
                                               "not an empty name");
            break;
        case O_EVERY:
            rc = cli_parse_long("sim", "--records-every", optarg, 1, 100000000,
                                &S.records_every);
            every_given = true;
            break;
        default:
            rc = cli_runner_option("sim", c, longopts[idx].name, optarg,
                                   cli_option_given(c, argc, argv), &common);
        }
        if (rc)
            return rc;
    }
    if ((rc = cli_runner_args("sim", argc, argv, optind)))
        return rc;
    if (every_given && !S.records)
        return cli_usage_error("sim", "--records-every needs --records DIR, the "
                               "directory the records are saved in");
    /* Every spec must make a player before the tournament starts; one
     * that makes none is said before the count of players ('--players x'
     * said "names 1 player" first, and 'x' was no player at all). */
    if ((rc = cli_runner_check_specs("sim", &common, NULL)))
        return rc;
    if ((rc = cli_runner_count("sim", &common, "expert,greedy,greedy,greedy")))
        return rc;
    if (ls_rules_check(&S.rules, S.n, &err) != 0)
        return cli_usage_error_shown("sim", "%s", err.msg);
    cli_runner_names((const char (*)[CLI_SPEC_MAX])S.spec, S.n, S.name);
    if (S.records && check_records_dir(S.records) != 0)
        return 1;
    S.out = cli_alloc_results("sim", S.matches, sizeof *S.out, "", "--matches");
    if (!S.out)
        return 1;
    S.hist = calloc(LS_MAX_PLAYERS, sizeof *S.hist);
    if (!S.hist) {
        free_out(&S);
        fprintf(stderr, "leastscore sim: out of memory\n");
        return 1;
    }
    pthread_mutex_init(&S.hist_lock, NULL);
    cli_ignore_sigpipe();
    cli_bots_die_with_signals();
    cli_bots_adopt_orphans();
    cli_run_jobs(S.matches, S.threads, play_match, &S, isatty(2));
    /* Ended here, told after the failure list: the count sums up the bots
     * named there (it came before them). */
    int orphans = cli_bots_end_orphans();

    long played = 0, failed = 0, bot_errors = 0;
    for (int k = 0; k < S.n; k++)
        cli_bot_stderr_said("sim", &S.err[k], S.name[k], S.spec[k]);
    cli_failures_print(S.matches, failures_of, &S);
    for (long i = 0; i < S.matches; i++) {
        match_out *o = &S.out[i];
        bot_errors += o->failures.total;
        if (o->error) {
            fprintf(stderr, "match %ld: %s\n", i + 1, o->error);
            failed++;
        } else {
            played++;
        }
    }
    if (orphans)
        fprintf(stderr, "leastscore sim: killed %d process%s that bots had started "
                "outside their process groups (setsid), which outlived them\n",
                orphans, orphans == 1 ? "" : "es");
    summary u[LS_MAX_PLAYERS] = {{0}};
    summarize(&S, played, u);
    if (json)
        print_json(&S, u, played, failed, bot_errors);
    else
        print_table(&S, u, played, failed, bot_errors);
    free_out(&S);
    pthread_mutex_destroy(&S.hist_lock);
    return failed ? 1 : 0;
}
