/*
 * runner.c - plays matches between players given as specs, on a pool of
 * threads: what `sim` and `arena` share (runner.h).
 *
 * A match owns its state, its players and its record from start to end;
 * nothing is shared between matches but the caller's slot, which only the
 * match's own hooks write. A cmd: player's failures reach the caller's
 * bot_failed hook with the seat they happened at, and where the match was
 * (cli_where: the handshake, a round's start, play or end, its end).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "ai/expert.h"
#include "analyzer.h"
#include "cli/botproc.h"
#include "cli/cli.h"
#include "cli/runner.h"

double cli_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Where a seat's bot failures go: the match's one cli_where, which
 * cli_match_play moves on as the match goes (the handshake, each round's
 * start, play and end, the end), so that a failure outside a round's
 * play is placed as exactly as one in it. It was the match alone, found
 * from the state's phase, which cannot tell a round's start from its
 * play, nor the handshake from the messages between two rounds. */
typedef struct seat_ctx {
    const cli_match *m;
    const cli_where *at;
    int seat;
} seat_ctx;

static void seat_failed(void *ud, const char *msg)
{
    const seat_ctx *c = ud;
    c->m->bot_failed(c->m->ud, c->seat, *c->at, msg);
}

/* ------------------------------------------------------------------ */
/* Bot failures                                                         */
/* ------------------------------------------------------------------ */

/*
 * botproc names a seat's bot "NAME (bot 'COMMAND'): " before the reason,
 * COMMAND shown as cli_shown_n shows it; the parts are found by building
 * that head again, and a report that does not start with it (none does)
 * is its own reason, with no command. gcc 12's -fanalyzer loses the copy
 * kept in f->kept (calloc'd, in the caller's slot): cli_failures_free
 * frees it.
 */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak")
void cli_failures_add(cli_failures *f, const cli_match *m, int seat, cli_where where,
                      const char *msg)
{
    f->total++;
    if (!f->kept && !(f->kept = calloc(CLI_FAILURES_KEPT, sizeof *f->kept)))
        return;
    char *copy = strdup(msg);
    if (!copy)
        return;
    char command[4 * CLI_BOT_COMMAND_MAX + 1], head[sizeof command + LS_NAME_MAX + 16];
    const char *spec = m->specs[seat];
    if (!strncmp(spec, "cmd:", 4))
        spec += 4;
    cli_shown_n(spec, strnlen(spec, CLI_BOT_COMMAND_MAX), command, sizeof command);
    int at = snprintf(head, sizeof head, "%s (bot '", m->names[seat]);
    int len = snprintf(head + at, sizeof head - (size_t)at, "%s'): ", command);
    bool split = !strncmp(msg, head, strlen(head));
    if (f->nkept == CLI_FAILURES_KEPT)
        free(f->kept[--f->nkept].msg);
    f->kept[f->nkept++] = (cli_failure){.nth = f->total, .player = m->names[seat],
                                        .at = where, .msg = copy, .bot = split ? at : 0,
                                        .bot_len = split ? len - 4 : 0,
                                        .reason = split ? at + len : 0};
}
ANALYZER_END

void cli_failures_free(cli_failures *f)
{
    for (int k = 0; k < f->nkept; k++)
        free(f->kept[k].msg);
    free(f->kept);
    f->kept = NULL;
    f->nkept = 0;
}

/* Calls show(j, f, k, ud2) for the first CLI_FAILURES_SHOWN failures
 * kept, in match order (a match's kept ones in the order they happened),
 * and returns how many of the others were not said: neither shown nor
 * counted in a shown match's "more" line. *matches and *last are the
 * matches those were in, and the last of them (from 1). */
static long walk_failures(long n, cli_failures_at at, const void *ud,
                          void (*show)(long j, const cli_failures *f, int k, void *ud2),
                          void *ud2, long *matches, long *last)
{
    long shown = 0, rest = 0;
    *matches = *last = 0;
    for (long j = 0; j < n; j++) {
        const cli_failures *f = at(ud, j);
        if (!f->total)
            continue;
        int fit = f->nkept;
        if (fit > CLI_FAILURES_SHOWN - shown)
            fit = (int)(CLI_FAILURES_SHOWN - shown);
        for (int k = 0; k < fit; k++)
            show(j, f, k, ud2);
        shown += fit;
        if (fit < f->nkept) {
            rest += f->total - fit;
            (*matches)++;
            *last = j + 1;
        }
    }
    return rest;
}

/* Where the failure came, after "match J": ", round R, turn T" in a
 * round's play, ", at the start of round R", and so on (runner.h). */
static const char *where_of(const cli_failure *x, char *buf, size_t size)
{
    const cli_where *at = &x->at;
    switch (at->stage) {
    case CLI_AT_HANDSHAKE:
        snprintf(buf, size, ", at the handshake");
        break;
    case CLI_AT_ROUND_START:
        snprintf(buf, size, ", at the start of round %d", at->round);
        break;
    case CLI_AT_PLAY:
        snprintf(buf, size, ", round %d, turn %d", at->round, at->turn);
        break;
    case CLI_AT_ROUND_END:
        snprintf(buf, size, ", at the end of round %d", at->round);
        break;
    case CLI_AT_MATCH_END:
        snprintf(buf, size, ", after its last round");
        break;
    }
    return buf;
}

/* The stage's name in --json's "at". */
static const char *stage_name(cli_stage stage)
{
    static const char *const names[] = {"handshake", "round_start", "play", "round_end",
                                        "match_end"};
    return names[stage];
}

static void print_one(long j, const cli_failures *f, int k, void *ud2)
{
    (void)ud2;
    if (k == f->nkept - 1 && f->total > f->nkept) {
        long more = f->total - f->nkept;
        fprintf(stderr, "match %ld: %ld more bot failure%s, the last:\n", j + 1, more,
                more == 1 ? "" : "s");
    }
    char where[64];
    fprintf(stderr, "match %ld%s: %s\n", j + 1, where_of(&f->kept[k], where, sizeof where),
            f->kept[k].msg);
}

void cli_failures_print(long n, cli_failures_at at, const void *ud)
{
    long matches, last;
    long rest = walk_failures(n, at, ud, print_one, NULL, &matches, &last);
    if (rest)
        fprintf(stderr, "%ld more bot failure%s, in %ld match%s up to match %ld, "
                "not listed: the first %d are\n", rest, rest == 1 ? "" : "s", matches,
                matches == 1 ? "" : "es", last, CLI_FAILURES_SHOWN);
}

static void json_one(long j, const cli_failures *f, int k, void *ud2)
{
    json_t **arrays = ud2;
    const cli_failure *x = &f->kept[k];
    char where[64];
    json_t *o = json_pack("{s:I,s:s,s:i,s:i,s:I,s:s,s:s%,s:s}", "match", (json_int_t)(j + 1),
                          "at", stage_name(x->at.stage), "round", x->at.round,
                          "turn", x->at.turn,
                          "failure", (json_int_t)x->nth, "player", x->player,
                          "bot", x->msg + x->bot, (size_t)x->bot_len,
                          "reason", x->msg + x->reason);
    if (o)
        json_array_append_new(arrays[0], o);
    if (arrays[1])
        json_array_append_new(arrays[1], json_sprintf("match %ld%s: %s", j + 1,
                                                      where_of(x, where, sizeof where),
                                                      x->msg));
}

json_t *cli_failures_json(long n, cli_failures_at at, const void *ud, json_t *lines)
{
    json_t *arrays[2] = {json_array(), lines};
    long matches, last;
    if (arrays[0])
        walk_failures(n, at, ud, json_one, arrays, &matches, &last);
    return arrays[0];
}

static int fail(cli_match_result *res, const char *what, const ls_error *err)
{
    snprintf(res->error, sizeof res->error, "%s: %s", what,
             err ? err->msg : "out of memory");
    return -1;
}

/* Asks the player at the turn for a move, times it, tells the caller and
 * applies it; 0, or -1 with res->error set. */
static int play_turn(const cli_match *m, ls_state *s, ls_player *const pl[],
                     ls_record *rec, cli_match_result *res, cli_where *at)
{
    int q = ls_turn(s);
    /* The turn's 'go' and its 'played' lines are all of this turn: the
     * last move of a round too, told after the round has ended. */
    at->turn = ls_round_turns(s) + 1;
    bool bot = cli_player_is_bot(pl[q]);
    ls_error err = {0};
    ls_move mv;
    ls_view v;
    ls_view_of(s, q, &v);
    double t0 = bot ? cli_wall_ms() : cpu_ms();
    int rc = ls_player_choose(pl[q], &v, &mv, &err);
    double t1 = bot ? cli_wall_ms() : cpu_ms();
    if (m->decided && m->decided(m->ud, s, pl[q], &v, rc, mv, t1 - t0) != 0)
        return fail(res, "timing", NULL);
    if (rc == 0 && mv.kind == LS_MOVE_DRAW)
        mv.card = LS_NO_CARD;
    if (rc != 0 || ls_apply(s, &mv, &err) != 0) {
        char spec[4 * CLI_SPEC_MAX], what[sizeof spec + LS_NAME_MAX + 32];
        snprintf(what, sizeof what, "%s (%s) made no legal move",
                 ls_printable(m->specs[q], spec, sizeof spec), m->names[q]);
        return fail(res, what, &err);
    }
    if (rec && ls_record_move(rec, s, q, mv) != 0)
        return fail(res, "record", NULL);
    for (int r = 0; r < m->n; r++)
        ls_player_tell(pl[r], s, r, q, mv);
    return 0;
}

/* Tells each player of the round that ended, and the caller. */
static void end_round(const cli_match *m, const ls_state *s, ls_player *const pl[],
                      cli_where *at)
{
    const ls_round_result *r = ls_last_result(s);
    *at = (cli_where){CLI_AT_ROUND_END, ls_round(s), 0};
    ls_view v;
    for (int q = 0; q < m->n; q++) {
        if (!(r->players & (1u << q)) || !pl[q]->ops->round_end)
            continue;
        ls_view_of(s, q, &v);
        ls_player_round_end(pl[q], &v, r);
    }
    if (m->round_ended)
        m->round_ended(m->ud, r);
}

int cli_match_play(const cli_match *m, cli_match_result *res)
{
    int n = m->n, rc = -1;
    ls_player *pl[LS_MAX_PLAYERS] = {0};
    seat_ctx ctx[LS_MAX_PLAYERS];
    cli_where at = {CLI_AT_HANDSHAKE, 0, 0};
    ls_error err = {0};
    ls_record *rec = NULL;
    ls_view v;

    memset(res, 0, sizeof *res);
    res->winner = -1;
    ls_state *s = ls_state_new(m->rules, n, m->names, m->seed, &err);
    if (!s) {
        fail(res, "cannot start the match", &err);
        goto out;
    }
    for (int q = 0; q < n; q++) {
        ctx[q] = (seat_ctx){.m = m, .at = &at, .seat = q};
        cli_player_opts popts = {.bot_timeout_ms = m->bot_timeout_ms,
                                 .report = m->bot_failed ? seat_failed : NULL,
                                 .report_ud = &ctx[q], .name = m->names[q],
                                 .match = m->number, .err_budget = m->err_budget[q],
                                 .handshake_later = true};
        pl[q] = cli_player_new(m->specs[q], cli_mix(m->seed + 1 + (uint64_t)m->entry[q]),
                               &popts, &err);
        if (!pl[q]) {
            char spec[4 * CLI_SPEC_MAX];
            fail(res, ls_printable(m->specs[q], spec, sizeof spec), &err);
            goto out;
        }
    }
    /* All the bots started, their answers are waited for together. */
    cli_bots_handshake(pl, n);
    if (m->record && !(rec = ls_record_new(s))) {
        fail(res, "cannot start a record", NULL);
        goto out;
    }
    for (int round = 0; ls_phase(s) == LS_PHASE_DEAL; round++) {
        if (round >= CLI_MAX_ROUNDS) {
            snprintf(res->error, sizeof res->error, "the match did not end "
                     "within %d rounds", CLI_MAX_ROUNDS);
            goto out;
        }
        if (ls_deal(s, &err) != 0) {
            fail(res, "deal", &err);
            goto out;
        }
        if (rec && ls_record_deal(rec, s) != 0) {
            fail(res, "record", NULL);
            goto out;
        }
        at = (cli_where){CLI_AT_ROUND_START, ls_round(s), 0};
        for (int q = 0; q < n; q++) {
            if (!pl[q]->ops->round_start)
                continue;
            ls_view_of(s, q, &v);
            ls_player_round_start(pl[q], &v);
        }
        at.stage = CLI_AT_PLAY;
        while (ls_phase(s) == LS_PHASE_TURN)
            if (play_turn(m, s, pl, rec, res, &at) != 0)
                goto out;
        end_round(m, s, pl, &at);
    }
    res->winner = ls_winner(s);
    res->record = rec;
    rec = NULL;
    rc = 0;
out:
    /* 'quit', and what is found as each bot is ended (a process it left
     * outside its group). A match given up midway keeps where it was. */
    if (rc == 0)
        at = (cli_where){CLI_AT_MATCH_END, s ? ls_round(s) : 0, 0};
    for (int q = 0; q < n; q++) {
        if (pl[q])
            res->iters[q] = ls__expert_iterations(pl[q]);
        ls_player_free(pl[q]);
    }
    ls_record_free(rec);
    ls_state_free(s);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The pool                                                             */
/* ------------------------------------------------------------------ */

typedef struct pool {
    long njobs;
    void (*job)(void *ud, long j);
    void *ud;
    atomic_long next, finished;
} pool;

static void *worker(void *arg)
{
    pool *P = arg;
    for (;;) {
        long j = atomic_fetch_add(&P->next, 1);
        if (j >= P->njobs)
            break;
        P->job(P->ud, j);
        atomic_fetch_add(&P->finished, 1);
    }
    return NULL;
}

static void draw_progress(pool *P, double start, bool final)
{
    long done = atomic_load(&P->finished);
    double secs = (cli_wall_ms() - start) / 1000.0;
    double rate = secs > 0 ? done / secs : 0;
    double left = rate > 0 ? (P->njobs - done) / rate : 0;
    char text[96];
    int n = snprintf(text, sizeof text, " %ld/%ld  %.1f matches/s  ETA %dm%02ds ", done,
                     P->njobs, rate, (int)left / 60, (int)left % 60);
    /* The line must fit the terminal: one that wraps is not redrawn by
     * '\r' but written again below, a line at each update. */
    struct winsize ws;
    int cols = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
    int width = cols - 1 - 2 - n;
    if (width > 30)
        width = 30;
    /* (Only drawn on a terminal: "\033[K" clears what a longer line before
     * left at the end.) */
    if (width < 5) {
        fprintf(stderr, "\r%.*s\033[K", cols > 1 ? cols - 1 : 0, text + 1);
    } else {
        int fill = (int)(width * done / (P->njobs ? P->njobs : 1));
        fprintf(stderr, "\r[%.*s%*s]%s\033[K", fill, "##############################",
                width - fill, "", text);
    }
    if (final)
        fprintf(stderr, "\n");
    fflush(stderr);
}

void cli_run_jobs(long njobs, int threads, void (*job)(void *ud, long j), void *ud,
                  bool progress)
{
    pool P = {.njobs = njobs, .job = job, .ud = ud};
    atomic_init(&P.next, 0);
    atomic_init(&P.finished, 0);
    if (threads > njobs)
        threads = (int)njobs;
    pthread_t *tids = calloc((size_t)(threads > 0 ? threads : 1), sizeof *tids);
    int started = 0;
    for (; tids && started < threads; started++)
        if (pthread_create(&tids[started], NULL, worker, &P) != 0)
            break;
    if (started == 0)
        worker(&P); /* no threads at all: play here */
    double t0 = cli_wall_ms();
    while (started > 0 && progress && atomic_load(&P.finished) < njobs) {
        draw_progress(&P, t0, false);
        usleep(200000);
    }
    for (int t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    if (progress)
        draw_progress(&P, t0, true);
    free(tids);
}

void *cli_alloc_results(const char *cmd, long n, size_t each, const char *more,
                        const char *fewer)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    double need = (double)n * (double)each;
    double have = pages > 0 && page > 0 ? (double)pages * (double)page : 0;
    void *slots = have > 0 && need > have / 2 ? NULL : calloc((size_t)n, each);
    if (!slots)
        fprintf(stderr, "leastscore %s: %ld matches: their results are kept until "
                "the end, %.1f GiB (%zu bytes a match%s), %s %.1f GiB of memory "
                "this machine has: give fewer with %s\n", cmd, n, need / (1 << 30), each,
                more, have > 0 && need > have / 2 ? "more than half of the" : "and the "
                "memory could not be had, of the", have / (1 << 30), fewer);
    return slots;
}

json_t *cli_rules_json(const ls_rules *r)
{
    json_t *rules = json_object();
    char val[32];
    for (int i = 0; ls_option_names[i]; i++) {
        ls_rules_get(r, ls_option_names[i], val, sizeof val);
        /* Numbers as numbers (as the server's protocol writes them), the
         * named choices (tie, runs) as strings. */
        char *end;
        long num = strtol(val, &end, 10);
        json_object_set_new(rules, ls_option_names[i],
                            *val && !*end ? json_integer(num) : json_string(val));
    }
    return rules;
}

json_t *cli_json_text(const char *text)
{
    json_t *j = json_string(text);
    if (!j) {
        char shown[4 * CLI_SPEC_MAX];
        j = json_string(ls_printable(text, shown, sizeof shown));
    }
    return j;
}

/* The seed's stand-in, and how jansson writes it. */
#define SEED_MARK "\001seed"
#define SEED_MARK_JSON "\"\\u0001seed\""

json_t *cli_json_seed(void)
{
    return json_string(SEED_MARK);
}

int cli_json_print(json_t *root, uint64_t seed)
{
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text)
        return -1;
    /* The first string that is the mark is the seed's: it comes before
     * any name or spec a user gave. */
    char *at = strstr(text, SEED_MARK_JSON);
    if (at)
        printf("%.*s%llu%s\n", (int)(at - text), text, (unsigned long long)seed,
               at + strlen(SEED_MARK_JSON));
    free(text);
    return at ? 0 : -1;
}

/* ------------------------------------------------------------------ */
/* The shared options                                                   */
/* ------------------------------------------------------------------ */

void cli_runner_defaults(const cli_runner_opts *o)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    *o->rules = ls_rules_default();
    *o->seed = 1;
    *o->threads = ncpu > 0 ? (int)ncpu : 1;
    *o->bot_timeout = CLI_BOT_TIMEOUT_MS;
    *o->json = false;
}

int cli_runner_option(const char *cmd, int c, const char *name, const char *arg,
                      const char *given, const cli_runner_opts *o)
{
    long x;
    int rc;
    int before = *o->n;
    switch (c) {
    case CLI_O_PLAYERS:
    case CLI_O_PLAYER:
        rc = c == CLI_O_PLAYERS ? cli_add_players(cmd, arg, o->spec, o->n, o->max)
                                : cli_add_spec(cmd, arg, o->spec, o->n, o->max);
        for (int k = before; k < *o->n && o->given_by; k++)
            o->given_by[k] = c == CLI_O_PLAYER ? "--player" : "--players";
        return rc;
    case CLI_O_SEED:
        return cli_parse_seed(cmd, arg, o->seed);
    case CLI_O_THREADS:
        if ((rc = cli_parse_long(cmd, "--threads", arg, 1, 1024, &x)))
            return rc;
        *o->threads = (int)x;
        return 0;
    case CLI_O_JSON:
        *o->json = true;
        return 0;
    case CLI_O_TIMEOUT:
        if ((rc = cli_parse_long(cmd, "--bot-timeout", arg, 1, 3600000, &x)))
            return rc;
        *o->bot_timeout = (int)x;
        return 0;
    case CLI_O_RULE:
        return cli_rules_option(cmd, o->rules, name, arg);
    case ':':
        return cli_usage_error(cmd, "%s needs a value", given);
    default:
        return cli_option_error(cmd, given, o->longopts);
    }
}

/* Whether the command in [p, end) runs 'tee' or 'cat' (after any
 * NAME=value words, its path and quotes aside): a copy of the bot's
 * lines in a pipeline, not the bot. */
static bool pass_through(const char *p, const char *end)
{
    for (;;) {
        while (p < end && strchr(" \t'\"", *p))
            p++;
        const char *w = p;
        while (p < end && !strchr(" \t'\"", *p))
            p++;
        size_t k = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789");
        if (k > 0 && w + k < p && w[k] == '=' && (w[0] < '0' || w[0] > '9'))
            continue; /* LEVEL=3 ./bot runs ./bot */
        for (const char *c = w; c < p; c++)
            if (*c == '/')
                w = c + 1;
        size_t n = (size_t)(p - w);
        return n == 3 && (!memcmp(w, "tee", 3) || !memcmp(w, "cat", 3));
    }
}

/* The part of a shell command that runs the bot, for its name: the last
 * of its commands (split at '|', ';', '&', '(', ')' and newlines outside
 * quotes, read as the shell reads them, '>&' and '<&' not splitting) that
 * is not blank and not pass_through(), else the whole command. */
static void bot_part(const char *command, char *out, size_t size)
{
    const char *start = command, *best = command, *best_end = command + strlen(command);
    char quote = 0;
    for (const char *p = command;; p++) {
        if (*p && quote) {
            if (*p == quote)
                quote = 0;
            else if (quote == '"' && *p == '\\' && p[1])
                p++;
            continue;
        }
        if (*p == '\'' || *p == '"') {
            quote = *p;
            continue;
        }
        if (*p == '\\' && p[1]) {
            p++;
            continue;
        }
        bool split = *p == '|' || *p == ';' || *p == '(' || *p == ')' || *p == '\n' ||
                     (*p == '&' && (p == command || (p[-1] != '>' && p[-1] != '<')));
        if (!*p || split) {
            if (start + strspn(start, " \t") < p && !pass_through(start, p)) {
                best = start;
                best_end = p;
            }
            if (!*p)
                break;
            start = p + 1;
        }
    }
    snprintf(out, size, "cmd:%.*s", (int)(best_end - best), best);
}

void cli_runner_names(const char (*specs)[CLI_SPEC_MAX], int n,
                      char (*names)[LS_NAME_MAX + 1])
{
    char (*named)[CLI_SPEC_MAX] = malloc((n > 0 ? (size_t)n : 1) * sizeof *named);
    if (!named) { /* the whole commands' names, as before */
        cli_player_names(specs, n, names);
        return;
    }
    for (int k = 0; k < n; k++) {
        if (!strncmp(specs[k], "cmd:", 4))
            bot_part(specs[k] + 4, named[k], sizeof named[k]);
        else
            snprintf(named[k], sizeof named[k], "%s", specs[k]);
    }
    cli_player_names((const char (*)[CLI_SPEC_MAX])named, n, names);
    free(named);
}

int cli_runner_count(const char *cmd, const cli_runner_opts *o, const char *example)
{
    if (*o->n == 1)
        return cli_usage_error(cmd, "%s names 1 player, '%s': give 2..%d, e.g. "
                               "--players %s", o->given_by[0], o->spec[0], o->max,
                               example);
    if (*o->n < 2)
        return cli_usage_error(cmd, "give 2..%d players with --players, e.g. "
                               "--players %s", o->max, example);
    return 0;
}

int cli_runner_check_specs(const char *cmd, const cli_runner_opts *o, bool *expert)
{
    ls_error err = {0};
    for (int k = 0; k < *o->n; k++) {
        cli_level level;
        if (cli_player_check(o->spec[k], &level, &err) != 0)
            return cli_usage_error_shown(cmd, "%s: %s", o->given_by[k], err.msg);
        if (expert)
            *expert |= level.expert;
    }
    return 0;
}

int cli_runner_args(const char *cmd, int argc, char **argv, int optind)
{
    if (optind >= argc)
        return 0;
    /* A player's spec typed bare, as 'arena greedy expert', is said to
     * go in --players. */
    if (cli_player_check(argv[optind], NULL, &(ls_error){0}) == 0)
        return cli_usage_error(cmd, "unexpected argument '%s': players are given "
                               "with --players, comma-separated (--players %s,...)",
                               argv[optind], argv[optind]);
    return cli_usage_error(cmd, "unexpected argument '%s'", argv[optind]);
}
