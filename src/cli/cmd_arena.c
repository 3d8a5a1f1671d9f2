/*
 * cmd_arena.c - `leastscore arena`: rates a list of players against each
 * other.
 *
 * The arena is a list of jobs, each one match: first --matches heads-up
 * matches for every pairing of the players (seats alternating), then
 * --tables mixed tables of --table-size players, each table's players and
 * seats drawn from (seed, job). Job j is seeded from (seed, j) alone and
 * writes its outcome into its own slot, so, as in sim (whose match runner
 * and thread pool it shares, runner.c), workers take jobs from a shared
 * counter and the results are the same for a seed whatever the number of
 * threads.
 *
 * The rating is the Plackett-Luce model of the winner of every match, which
 * for heads-up matches is Bradley-Terry: player i has strength g_i and wins
 * a match among the set S with probability g_i / sum(g_j, j in S). It is
 * fitted by maximum likelihood with Hunter's MM iteration (Hunter 2004,
 * "MM algorithms for generalized Bradley-Terry models"), with a weak prior:
 * each player is given one win and one loss against a fixed reference of
 * strength 1, so a player who never wins still has a finite rating.
 * Ratings are printed on the Elo scale (400 * log10 g, centred so that the
 * players' mean is 1500: 400 points apart is odds of 10 to 1 heads-up);
 * the 95% intervals come from the observed information (the Hessian of the
 * log-likelihood) at the fit. The leader's margin over the second is given
 * with its own interval (from the covariance of the two, not from the two
 * separate intervals).
 *
 * --calibration also records, at every decision of an expert where
 * declaring was allowed, its estimate that declaring would be correct and
 * whether it would have been (from the true hands), and prints observed
 * frequencies by tenth of the estimate, for each expert in the arena.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/expert.h"
#include "analyzer.h"
#include "cli/botproc.h"
#include "cli/cli.h"
#include "cli/runner.h"

#define ARENA_MAX 16      /* players in one arena */
#define BINS 10           /* calibration: tenths of the estimate */

/* Calibration counts for one tenth of the estimate. */
typedef struct bin {
    long n, correct;  /* decisions, and how many a declare would have won */
    double psum;      /* sum of the estimates */
    long dn, dcorrect; /* the same for the declarations made */
    double dpsum;
} bin;

typedef struct job_out {
    int nseat;
    int entry[LS_MAX_PLAYERS]; /* by seat */
    int winner;                /* entry, or -1 when the match failed */
    char *error;
    cli_failures failures;     /* its bot failures: the first and the last */
    /* By seat, nseat rows, only with --calibration: 3.8 KiB a match
     * kept to the end, which made most of an arena's memory without it. */
    bin (*cal)[BINS];
} job_out;

typedef struct arena {
    char spec[ARENA_MAX][CLI_SPEC_MAX];
    const char *given_by[ARENA_MAX]; /* the option each spec came in:
                                      * "--players" or "--player" */
    char name[ARENA_MAX][LS_NAME_MAX + 1];
    int n;
    ls_rules rules;
    long matches, tables;
    int table_size;
    uint64_t seed;
    int threads;
    int bot_timeout;
    bool calibration;
    bool utf8; /* the table shows a spec's UTF-8 as it is (cli_utf8_ctype) */
    long npairs, njobs;
    job_out *out;
    cli_bot_stderr err[ARENA_MAX]; /* by entry: its bots' stderr in the run */
} arena;

typedef struct fit {
    double rating[ARENA_MAX], se[ARENA_MAX];
    int order[ARENA_MAX];   /* by rating, best first */
    double lead, lead_se;   /* the first's margin over the second */
    int iterations;
} fit;

/* ------------------------------------------------------------------ */
/* Playing                                                              */
/* ------------------------------------------------------------------ */

/* A match being played: its slot and its table (for the bot hook). */
typedef struct arena_match {
    job_out *o;
    const cli_match *m;
} arena_match;

static void keep_bot_msg(void *ud, int seat, cli_where at, const char *msg)
{
    const arena_match *c = ud;
    cli_failures_add(&c->o->failures, c->m, seat, at, msg);
}

static const cli_failures *failures_of(const void *ud, long j)
{
    return &((const arena *)ud)->out[j].failures;
}

/* The entries of job j by seat. */
static void seat_job(const arena *A, long j, job_out *o)
{
    if (j < A->npairs * A->matches) {
        long pair = j / A->matches, k = j % A->matches;
        int a = 0, b = 1;
        for (long p = 0; p < pair; p++)
            if (++b == A->n) {
                a++;
                b = a + 1;
            }
        o->nseat = 2;
        o->entry[0] = k % 2 ? b : a;
        o->entry[1] = k % 2 ? a : b;
        return;
    }
    /* A mixed table: a uniformly random subset in a random seat order. */
    ls_rng rng;
    int pick[ARENA_MAX];
    ls_rng_seed(&rng, cli_mix(A->seed ^ cli_mix((uint64_t)j) ^ 0x7AB1E));
    for (int i = 0; i < A->n; i++)
        pick[i] = i;
    /* -fanalyzer does not see that table_size <= n (cmd_arena caps
     * it), so that pick[i] and pick[r] are both among the n set above. */
    ANALYZER_IGNORE("-Wanalyzer-use-of-uninitialized-value")
    for (int i = 0; i < A->table_size; i++) {
        int r = i + (int)ls_rng_below(&rng, (uint32_t)(A->n - i));
        int t = pick[i];
        pick[i] = pick[r];
        pick[r] = t;
        o->entry[i] = pick[i];
    }
    ANALYZER_END
    o->nseat = A->table_size;
}

/* Whether declaring now would be correct for the player to move, from the
 * true hands (R6, R7, D1). */
static bool declare_would_win(const ls_state *s)
{
    int me = ls_turn(s), mine = ls_cards_total(ls_hand(s, me)), low = 1000;
    for (int q = 0; q < ls_players(s); q++)
        if (q != me && !ls_eliminated(s, q) && ls_cards_total(ls_hand(s, q)) < low)
            low = ls_cards_total(ls_hand(s, q));
    return ls_state_rules(s)->tie_penalty ? mine < low : mine <= low;
}

static void calibrate(job_out *o, int seat, double p, bool correct, bool declared)
{
    int b = (int)(p * BINS);
    bin *x = &o->cal[seat][b < 0 ? 0 : b >= BINS ? BINS - 1 : b];
    x->n++;
    x->correct += correct;
    x->psum += p;
    if (declared) {
        x->dn++;
        x->dcorrect += correct;
        x->dpsum += p;
    }
}

/* The decision hook (--calibration): an expert's estimate that declaring
 * would be correct, against the true hands, at each turn it could declare. */
static int calibrate_decision(void *ud, const ls_state *s, ls_player *p,
                              const ls_view *v, int rc, ls_move m, double ms)
{
    (void)ms;
    if (v->can_declare && rc == 0) {
        double est = ls__expert_last_declare(p);
        if (est >= 0)
            calibrate(((const arena_match *)ud)->o, v->me, est, declare_would_win(s),
                      m.kind == LS_MOVE_DECLARE);
    }
    return 0;
}

/*
 * Plays job j into its slot (a cli_run_jobs job), as sim plays a match:
 * players made fresh, seeded from (seed, j, entry). gcc 12's -fanalyzer
 * loses o->error and o->cal, kept in the calloc'd job slots reached from a
 * static, as in sim's save_record; free_out frees them.
 */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak")
static void play_job(void *ud, long j)
{
    arena *A = ud; /* its err[], which the bots count in */
    job_out *o = &A->out[j];
    seat_job(A, j, o);
    arena_match c = {.o = o};
    cli_match m = {.rules = &A->rules, .n = o->nseat,
                   .seed = cli_mix(A->seed ^ cli_mix((uint64_t)j)),
                   .bot_timeout_ms = A->bot_timeout, .ud = &c,
                   .number = A->njobs > 1 ? j + 1 : 0,
                   .bot_failed = keep_bot_msg,
                   .decided = A->calibration ? calibrate_decision : NULL};
    for (int q = 0; q < o->nseat; q++) {
        m.entry[q] = o->entry[q];
        m.names[q] = A->name[o->entry[q]];
        m.specs[q] = A->spec[o->entry[q]];
        m.err_budget[q] = &A->err[o->entry[q]];
    }
    c.m = &m;
    cli_match_result res;
    o->winner = -1;
    if (A->calibration && !(o->cal = calloc((size_t)o->nseat, sizeof *o->cal))) {
        o->error = strdup("out of memory");
        return;
    }
    if (cli_match_play(&m, &res) != 0)
        o->error = strdup(res.error);
    else if (res.winner >= 0)
        o->winner = o->entry[res.winner];
}
ANALYZER_END

/* ------------------------------------------------------------------ */
/* The rating                                                           */
/* ------------------------------------------------------------------ */

/* Inverts the n x n matrix a (row-major) into inv by Gauss-Jordan with
 * partial pivoting; false when it is singular. */
static bool invert(int n, double a[ARENA_MAX][ARENA_MAX],
                   double inv[ARENA_MAX][ARENA_MAX])
{
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++)
            inv[i][k] = i == k;
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r][c]) > fabs(a[p][c]))
                p = r;
        if (fabs(a[p][c]) < 1e-12)
            return false;
        for (int k = 0; k < n; k++) {
            double t = a[c][k];
            a[c][k] = a[p][k];
            a[p][k] = t;
            t = inv[c][k];
            inv[c][k] = inv[p][k];
            inv[p][k] = t;
        }
        double d = a[c][c];
        for (int k = 0; k < n; k++) {
            a[c][k] /= d;
            inv[c][k] /= d;
        }
        for (int r = 0; r < n; r++) {
            if (r == c || a[r][c] == 0)
                continue;
            double f = a[r][c];
            for (int k = 0; k < n; k++) {
                a[r][k] -= f * a[c][k];
                inv[r][k] -= f * inv[c][k];
            }
        }
    }
    return true;
}

/*
 * Fits the strengths to every played job (see the top of the file) and
 * writes ratings, standard errors, the order and the leader's margin.
 * The MM step is g_i = (W_i + 1) / (sum over i's matches of 1 / G_t +
 * 2 / (g_i + 1)), where G_t is the total strength at match t's table and
 * the last term is the prior's two games against the reference.
 */
static void fit_ratings(const arena *A, fit *F)
{
    int n = A->n;
    double g[ARENA_MAX], wins[ARENA_MAX] = {0};
    for (int i = 0; i < n; i++)
        g[i] = 1.0;
    for (long j = 0; j < A->njobs; j++)
        if (A->out[j].winner >= 0)
            wins[A->out[j].winner] += 1;
    int it;
    for (it = 0; it < 10000; it++) {
        double den[ARENA_MAX] = {0};
        for (long j = 0; j < A->njobs; j++) {
            const job_out *o = &A->out[j];
            if (o->winner < 0)
                continue;
            double G = 0;
            for (int q = 0; q < o->nseat; q++)
                G += g[o->entry[q]];
            for (int q = 0; q < o->nseat; q++)
                den[o->entry[q]] += 1.0 / G;
        }
        double change = 0;
        for (int i = 0; i < n; i++) {
            double next = (wins[i] + 1) / (den[i] + 2.0 / (g[i] + 1));
            double d = fabs(log(next / g[i]));
            if (d > change)
                change = d;
            g[i] = next;
        }
        if (change < 1e-10)
            break;
    }
    F->iterations = it;

    /* The observed information in theta = log g. */
    double info[ARENA_MAX][ARENA_MAX] = {{0}}, cov[ARENA_MAX][ARENA_MAX];
    for (int i = 0; i < n; i++)
        info[i][i] = 2.0 * g[i] / ((g[i] + 1) * (g[i] + 1));
    for (long j = 0; j < A->njobs; j++) {
        const job_out *o = &A->out[j];
        if (o->winner < 0)
            continue;
        double G = 0, p[LS_MAX_PLAYERS];
        for (int q = 0; q < o->nseat; q++)
            G += g[o->entry[q]];
        for (int q = 0; q < o->nseat; q++)
            p[q] = g[o->entry[q]] / G;
        for (int a = 0; a < o->nseat; a++)
            for (int b = 0; b < o->nseat; b++)
                info[o->entry[a]][o->entry[b]] += (a == b ? p[a] : 0) - p[a] * p[b];
    }
    bool ok = invert(n, info, cov);
    double mean = 0, scale = 400.0 / log(10.0);
    for (int i = 0; i < n; i++)
        mean += log(g[i]) / n;
    for (int i = 0; i < n; i++) {
        F->rating[i] = 1500 + scale * (log(g[i]) - mean);
        /* var(theta_i - mean theta) = c' C c with c = e_i - 1/n */
        double var = 0;
        for (int a = 0; a < n && ok; a++)
            for (int b = 0; b < n; b++)
                var += ((a == i) - 1.0 / n) * ((b == i) - 1.0 / n) * cov[a][b];
        F->se[i] = ok && var > 0 ? scale * sqrt(var) : (double)NAN;
        F->order[i] = i;
    }
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && F->rating[F->order[k]] > F->rating[F->order[k - 1]]; k--) {
            int t = F->order[k];
            F->order[k] = F->order[k - 1];
            F->order[k - 1] = t;
        }
    int a = F->order[0], b = F->order[1];
    F->lead = F->rating[a] - F->rating[b];
    double v = ok ? cov[a][a] + cov[b][b] - 2 * cov[a][b] : -1;
    F->lead_se = v > 0 ? scale * sqrt(v) : (double)NAN;
}

/* ------------------------------------------------------------------ */
/* Results                                                              */
/* ------------------------------------------------------------------ */

typedef struct totals {
    long hu_won[ARENA_MAX][ARENA_MAX]; /* heads-up: row beat column */
    long hu_played[ARENA_MAX][ARENA_MAX];
    long tab_won[ARENA_MAX], tab_played[ARENA_MAX];
    long failed, bot_failures;
    bin cal[ARENA_MAX][BINS]; /* by entry */
} totals;

static void add_up(const arena *A, totals *T)
{
    memset(T, 0, sizeof *T);
    for (long j = 0; j < A->njobs; j++) {
        const job_out *o = &A->out[j];
        T->bot_failures += o->failures.total;
        for (int q = 0; o->cal && q < o->nseat; q++)
            for (int b = 0; b < BINS; b++) {
                bin *t = &T->cal[o->entry[q]][b];
                const bin *x = &o->cal[q][b];
                t->n += x->n;
                t->correct += x->correct;
                t->psum += x->psum;
                t->dn += x->dn;
                t->dcorrect += x->dcorrect;
                t->dpsum += x->dpsum;
            }
        if (o->winner < 0) {
            T->failed++;
            continue;
        }
        if (o->nseat == 2 && j < A->npairs * A->matches) {
            int a = o->entry[0], b = o->entry[1];
            T->hu_played[a][b]++;
            T->hu_played[b][a]++;
            T->hu_won[o->winner][o->winner == a ? b : a]++;
            continue;
        }
        for (int q = 0; q < o->nseat; q++)
            T->tab_played[o->entry[q]]++;
        T->tab_won[o->winner]++;
    }
}

static double pct(long a, long b)
{
    return b ? 100.0 * (double)a / (double)b : 0;
}

/* The heads-up matches entry i won and played, against anyone. */
static void headsup_of(const arena *A, const totals *T, int i, long *won, long *played)
{
    *won = *played = 0;
    for (int k = 0; k < A->n; k++) {
        *won += T->hu_won[i][k];
        *played += T->hu_played[i][k];
    }
}

/* 'won/played percent' of a player's matches of one kind, or '-' when
 * it played none (--matches 0, --tables 0): '0/0 0.0%' read as none won. */
static void won_cell(long won, long played, char *buf, size_t size)
{
    if (played)
        snprintf(buf, size, "%ld/%ld %.1f%%", won, played, pct(won, played));
    else
        snprintf(buf, size, "-");
}

static void print_table(const arena *A, const fit *F, const totals *T)
{
    long hu = A->npairs * A->matches;
    printf("arena: %d players, seed %llu; %ld heads-up match%s (%ld per pairing), ",
           A->n, (unsigned long long)A->seed, hu, hu == 1 ? "" : "es", A->matches);
    if (A->tables > 0)
        printf("%ld mixed table%s of %d\n", A->tables, A->tables == 1 ? "" : "s",
               A->table_size);
    else
        printf("no mixed tables\n");
    printf("\nrating: Plackett-Luce (Bradley-Terry heads-up) on every match's "
           "winner, Elo scale, mean 1500\n");
    /* The cells are written first and each number column is as wide as
     * its widest (a count of 100000 matches or more is wider than the
     * 17 columns that hold 'won/played percent' to 99999). */
    enum { NCELL = 4 };
    static const char *const head[NCELL] = {"rating", "95% CI", "heads-up won",
                                            "tables won"};
    int w[NCELL] = {7, 13, 17, 17};
    char cell[ARENA_MAX][NCELL][64];
    for (int r = 0; r < A->n; r++) {
        int i = F->order[r];
        long hw, hp;
        headsup_of(A, T, i, &hw, &hp);
        snprintf(cell[r][0], sizeof cell[r][0], "%.0f", F->rating[i]);
        snprintf(cell[r][1], sizeof cell[r][1], "%.0f-%.0f", F->rating[i] - 1.96 * F->se[i],
                 F->rating[i] + 1.96 * F->se[i]);
        won_cell(hw, hp, cell[r][2], sizeof cell[r][2]);
        won_cell(T->tab_won[i], T->tab_played[i], cell[r][3], sizeof cell[r][3]);
        for (int c = 0; c < NCELL; c++)
            if ((int)strlen(cell[r][c]) > w[c])
                w[c] = (int)strlen(cell[r][c]);
    }
    printf("%-4s %-16s %-24s", "rank", "player", "spec");
    for (int c = 0; c < NCELL; c++)
        printf(" %*s", w[c], head[c]);
    printf("\n");
    for (int r = 0; r < A->n; r++) {
        int i = F->order[r];
        char shown[4 * CLI_SPEC_MAX], spec[4 * 24 + 1];
        /* A spec longer than its 24 columns is cut with '~', as in sim's
         * table, so that a cut one is not read as the whole; its UTF-8 is
         * as it is where the terminal reads it. */
        if (A->utf8)
            cli_shown_n(A->spec[i], strlen(A->spec[i]), shown, sizeof shown);
        else
            ls_printable(A->spec[i], shown, sizeof shown);
        cli_table_column(shown, 24, spec, sizeof spec);
        printf("%-4d %-16s %s", r + 1, A->name[i], spec);
        for (int c = 0; c < NCELL; c++)
            printf(" %*s", w[c], cell[r][c]);
        printf("\n");
    }
    printf("\n%s leads %s by %.0f points (95%% CI %.0f to %.0f)\n",
           A->name[F->order[0]], A->name[F->order[1]], F->lead,
           F->lead - 1.96 * F->lead_se, F->lead + 1.96 * F->lead_se);
    if (A->matches > 0) {
        /* A column as wide as its name: cut to 9, 'collector' and
         * 'collector2' were two columns named 'collector'. */
        int cw = 9;
        for (int c = 0; c < A->n; c++)
            if ((int)strlen(A->name[c]) > cw)
                cw = (int)strlen(A->name[c]);
        printf("\nheads-up: percent of matches the row won against the column\n%-16s",
               "");
        for (int c = 0; c < A->n; c++)
            printf(" %*s", cw, A->name[F->order[c]]);
        printf("\n");
        for (int r = 0; r < A->n; r++) {
            int a = F->order[r];
            printf("%-16s", A->name[a]);
            for (int c = 0; c < A->n; c++) {
                int b = F->order[c];
                if (a == b || !T->hu_played[a][b])
                    printf(" %*s", cw, "-");
                else
                    printf(" %*.1f%%", cw - 1, pct(T->hu_won[a][b], T->hu_played[a][b]));
            }
            printf("\n");
        }
    }
    for (int i = 0; A->calibration && i < A->n; i++) {
        long total = 0;
        for (int b = 0; b < BINS; b++)
            total += T->cal[i][b].n;
        if (!total)
            continue;
        printf("\ncalibration of %s: its estimate that declaring is correct, "
               "against the true hands\n", A->name[i]);
        printf("%-9s %9s %7s %9s %13s %10s %9s\n", "estimate", "decisions",
               "mean", "observed", "95% CI", "declared", "observed");
        for (int b = 0; b < BINS; b++) {
            const bin *x = &T->cal[i][b];
            double lo, hi;
            cli_wilson(x->correct, x->n, &lo, &hi);
            printf("%.1f-%.1f   %9ld %6.1f%% %8.1f%% %6.1f-%5.1f%% %10ld %8.1f%%\n",
                   b / 10.0, (b + 1) / 10.0, x->n, x->n ? 100 * x->psum / x->n : 0,
                   pct(x->correct, x->n), 100 * lo, 100 * hi, x->dn,
                   pct(x->dcorrect, x->dn));
        }
    }
    if (T->failed)
        printf("%ld match%s could not be played (see stderr)\n", T->failed,
               T->failed == 1 ? "" : "es");
    if (T->bot_failures)
        printf("%ld bot failure%s (see stderr)\n", T->bot_failures,
               T->bot_failures == 1 ? "" : "s");
}

/* A JSON number, or null for a value that is not finite (an interval the
 * information matrix could not give). */
static json_t *num(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *interval(double centre, double se)
{
    json_t *a = json_array();
    json_array_append_new(a, num(centre - 1.96 * se));
    json_array_append_new(a, num(centre + 1.96 * se));
    return a;
}

static void print_json(const arena *A, const fit *F, const totals *T)
{
    json_t *root = json_object(), *players = json_array(), *rules = cli_rules_json(&A->rules);
    json_t *h2h = json_array(), *cal = json_array();
    for (int r = 0; r < A->n; r++) {
        int i = F->order[r];
        long hw, hp;
        headsup_of(A, T, i, &hw, &hp);
        json_t *p = json_object();
        json_object_set_new(p, "rank", json_integer(r + 1));
        json_object_set_new(p, "name", json_string(A->name[i]));
        json_object_set_new(p, "spec", cli_json_text(A->spec[i]));
        json_object_set_new(p, "rating", json_real(F->rating[i]));
        json_object_set_new(p, "rating_se", num(F->se[i]));
        json_object_set_new(p, "rating_ci95", interval(F->rating[i], F->se[i]));
        json_object_set_new(p, "headsup_won", json_integer(hw));
        json_object_set_new(p, "headsup_played", json_integer(hp));
        json_object_set_new(p, "tables_won", json_integer(T->tab_won[i]));
        json_object_set_new(p, "tables_played", json_integer(T->tab_played[i]));
        json_array_append_new(players, p);
    }
    for (int a = 0; a < A->n; a++)
        for (int b = a + 1; b < A->n; b++) {
            if (!T->hu_played[a][b])
                continue;
            double lo, hi;
            cli_wilson(T->hu_won[a][b], T->hu_played[a][b], &lo, &hi);
            json_array_append_new(h2h, json_pack("{s:s,s:s,s:I,s:I,s:[f,f]}", "player",
                                                 A->name[a], "opponent", A->name[b],
                                                 "played", (json_int_t)T->hu_played[a][b],
                                                 "won", (json_int_t)T->hu_won[a][b],
                                                 "won_ci95", lo, hi));
        }
    for (int i = 0; A->calibration && i < A->n; i++) {
        json_t *bins = json_array();
        long total = 0;
        for (int b = 0; b < BINS; b++) {
            const bin *x = &T->cal[i][b];
            total += x->n;
            json_array_append_new(bins, json_pack("{s:f,s:f,s:I,s:f,s:I,s:I,s:f,s:I}",
                "from", b / 10.0, "to", (b + 1) / 10.0, "decisions", (json_int_t)x->n,
                "mean_estimate", x->n ? x->psum / x->n : 0.0,
                "correct", (json_int_t)x->correct, "declared", (json_int_t)x->dn,
                "declared_mean_estimate", x->dn ? x->dpsum / x->dn : 0.0,
                "declared_correct", (json_int_t)x->dcorrect));
        }
        if (total)
            json_array_append_new(cal, json_pack("{s:s,s:o}", "player", A->name[i],
                                                 "bins", bins));
        else
            json_decref(bins);
    }
    json_object_set_new(root, "seed", cli_json_seed());
    json_object_set_new(root, "rules", rules);
    json_object_set_new(root, "matches_per_pairing", json_integer(A->matches));
    json_object_set_new(root, "tables", json_integer(A->tables));
    /* null without mixed tables: two players' arena said 2, which no
     * mixed table seats (3..8), and one with --tables 0 the default 4. */
    json_object_set_new(root, "table_size",
                        A->tables > 0 ? json_integer(A->table_size) : json_null());
    json_object_set_new(root, "players", players);
    json_object_set_new(root, "leader_margin", json_real(F->lead));
    json_object_set_new(root, "leader_margin_ci95", interval(F->lead, F->lead_se));
    json_object_set_new(root, "head_to_head", h2h);
    if (A->calibration)
        json_object_set_new(root, "calibration", cal);
    else
        json_decref(cal);
    json_object_set_new(root, "failed_matches", json_integer(T->failed));
    json_object_set_new(root, "bot_failures", json_integer(T->bot_failures));
    json_object_set_new(root, "bot_failure_list", cli_failures_json(A->njobs, failures_of,
                                                                    A, NULL));
    cli_json_print(root, A->seed);
}

/* ------------------------------------------------------------------ */
/* Options                                                              */
/* ------------------------------------------------------------------ */

static void help(void)
{
    printf(
        "usage: leastscore arena --players SPEC,SPEC[,...] [OPTIONS]\n\n"
        "Rates players against each other: plays --matches heads-up matches\n"
        "for every pairing (seats alternating) and --tables mixed tables of\n"
        "--table-size players drawn at random, then fits one rating to every\n"
        "match's winner (Plackett-Luce, which is Bradley-Terry heads-up) and\n"
        "prints it on the Elo scale with 95%% intervals, the leader's margin\n"
        "and the heads-up table. Results are the same for a seed whatever the\n"
        "number of threads (and only with deterministic cmd: bots).\n\n"
        "options:\n"
        "  --players LIST     2..%d player specs, comma-separated, as in sim\n"
        "                     (random, greedy, expert, cautious, ..., cmd:COMMAND)\n"
        "  --player SPEC      adds one player (repeatable)\n"
        "  --matches N        heads-up matches per pairing (100; 0: none)\n"
        "  --tables N         mixed tables (--matches x players / 2; 0: none)\n"
        "  --table-size K     players at a mixed table, 3..8 and at most the\n"
        "                     players given (4, or all of them when fewer)\n"
        "  --seed N           arena seed (1)\n"
        "  --threads N        worker threads (all cores)\n"
        "  --calibration      also measure the expert's declare estimate\n"
        "  --json             print the results as one JSON object\n"
        "  --bot-timeout MS   time a cmd: bot has per answer (5000)\n"
        "  --threshold N, --tie, --runs, --hand-size, --declare-max, --max-turns\n"
        "                     the rules, as in sim\n"
        "  -h, --help         print this help\n\n"
        "player kinds:\n", ARENA_MAX);
    cli_print_kinds(stdout);
}

static void free_out(arena *A)
{
    for (long j = 0; A->out && j < A->njobs; j++) {
        free(A->out[j].error);
        cli_failures_free(&A->out[j].failures);
        free(A->out[j].cal);
    }
    free(A->out);
}

/* Checks the options once all are read; 0 or a usage error (2). */
static int check(arena *A, const cli_runner_opts *o, long tables_given, bool size_given)
{
    ls_error err = {0};
    /* Every spec must make a player before the first match (as in sim);
     * one that makes none is said before the count of players. */
    bool expert = false;
    int rc = cli_runner_check_specs("arena", o, &expert);
    if (rc)
        return rc;
    if ((rc = cli_runner_count("arena", o, "expert,greedy,cautious,reckless")))
        return rc;
    A->tables = tables_given >= 0 ? tables_given
              : A->n >= 3 ? A->matches * A->n / 2 : 0;
    /* A mixed table seats different players: the default size shrinks to
     * the players given, a size asked for is not quietly changed, nor
     * quietly ignored when there are no mixed tables (2 players). */
    if (A->table_size > A->n && size_given)
        return cli_usage_error("arena", "--table-size %d: a mixed table seats different "
                               "players, and %d are given", A->table_size, A->n);
    if (A->table_size > A->n)
        A->table_size = A->n;
    if (A->tables > 0 && A->n < 3)
        return cli_usage_error("arena", "--tables needs at least 3 players");
    if (A->tables == 0 && size_given && A->n >= 3)
        return cli_usage_error("arena", "--table-size %d with --tables 0: there are "
                               "no mixed tables to seat", A->table_size);
    if (ls_rules_check(&A->rules, A->tables > 0 ? A->table_size : 2, &err) != 0)
        return cli_usage_error_shown("arena", "%s", err.msg);
    A->npairs = (long)A->n * (A->n - 1) / 2;
    A->njobs = A->npairs * A->matches + A->tables;
    /* Said as it is: two players have no mixed tables, and an unset
     * --tables is 0 because --matches is ("--tables are 0" read as a
     * mistake of an option not given). */
    if (A->njobs == 0 && A->n < 3)
        return cli_usage_error("arena", "nothing to play: --matches is 0, and %d players "
                               "have no mixed tables (they need 3 players or more)", A->n);
    if (A->njobs == 0 && tables_given < 0)
        return cli_usage_error("arena", "nothing to play: --matches is 0, and so is "
                               "--tables, which is --matches x players / 2 unless given");
    if (A->njobs == 0)
        return cli_usage_error("arena", "nothing to play: --matches and --tables are 0");
    /* Only an expert has the estimate: without one the option did
     * nothing, without a word. */
    if (A->calibration && !expert)
        return cli_usage_error("arena", "--calibration measures an expert's estimate "
                               "that declaring is correct, and no player is an expert "
                               "(expert, expert:...)");
    return 0;
}

int cmd_arena(int argc, char **argv)
{
    enum { O_MATCHES = CLI_O_OWN, O_TABLES, O_SIZE, O_CAL };
    static const struct option longopts[] = {
        CLI_RUNNER_LONGOPTS,
        {"matches", required_argument, NULL, O_MATCHES},
        {"tables", required_argument, NULL, O_TABLES},
        {"table-size", required_argument, NULL, O_SIZE},
        {"calibration", no_argument, NULL, O_CAL},
        {NULL, 0, NULL, 0},
    };
    static arena A;
    memset(&A, 0, sizeof A);
    A.utf8 = cli_utf8_ctype();
    bool json;
    cli_runner_opts common = {.longopts = longopts, .spec = A.spec, .n = &A.n, .max = ARENA_MAX,
                              .given_by = A.given_by, .rules = &A.rules, .seed = &A.seed, .threads = &A.threads,
                              .bot_timeout = &A.bot_timeout, .json = &json};
    cli_runner_defaults(&common);
    A.matches = 100;
    A.table_size = 4;
    long x = 0, tables = -1;
    bool size_given = false;
    int c, idx = 0, rc;

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, &idx)) != -1) {
        switch (c) {
        case 'h':
            if (cli_help_alone("arena", argc, argv))
                return 2;
            help();
            return 0;
        case O_MATCHES:
            rc = cli_parse_long("arena", "--matches", optarg, 0, 10000000, &A.matches);
            break;
        case O_TABLES:
            rc = cli_parse_long("arena", "--tables", optarg, 0, 100000000, &tables);
            break;
        case O_SIZE:
            rc = cli_parse_long("arena", "--table-size", optarg, 3, LS_MAX_PLAYERS, &x);
            A.table_size = (int)x;
            size_given = true;
            break;
        case O_CAL:
            A.calibration = true;
            rc = 0;
            break;
        default:
            rc = cli_runner_option("arena", c, longopts[idx].name, optarg,
                                   cli_option_given(c, argc, argv), &common);
        }
        if (rc)
            return rc;
    }
    if ((rc = cli_runner_args("arena", argc, argv, optind)))
        return rc;
    if ((rc = check(&A, &common, tables, size_given)))
        return rc;
    cli_runner_names((const char (*)[CLI_SPEC_MAX])A.spec, A.n, A.name);

    A.out = cli_alloc_results("arena", A.njobs, sizeof *A.out,
                              A.calibration ? ", and more for --calibration" : "",
                              "--matches (a pairing's) and --tables");
    if (!A.out)
        return 1;
    cli_ignore_sigpipe();
    cli_bots_die_with_signals();
    cli_bots_adopt_orphans();
    cli_run_jobs(A.njobs, A.threads, play_job, &A, false);
    /* Ended here, told after the failure list: the count sums up the bots
     * named there (it came before them). */
    int orphans = cli_bots_end_orphans();

    for (int k = 0; k < A.n; k++)
        cli_bot_stderr_said("arena", &A.err[k], A.name[k], A.spec[k]);
    cli_failures_print(A.njobs, failures_of, &A);
    for (long j = 0; j < A.njobs; j++) {
        const job_out *o = &A.out[j];
        if (o->error)
            fprintf(stderr, "match %ld: %s\n", j + 1, o->error);
    }
    if (orphans)
        fprintf(stderr, "leastscore arena: killed %d process%s that bots had started "
                "outside their process groups (setsid), which outlived them\n",
                orphans, orphans == 1 ? "" : "es");
    totals *T = malloc(sizeof *T);
    fit F = {0};
    if (!T) {
        free_out(&A);
        fprintf(stderr, "leastscore arena: out of memory\n");
        return 1;
    }
    add_up(&A, T);
    fit_ratings(&A, &F);
    if (json)
        print_json(&A, &F, T);
    else
        print_table(&A, &F, T);
    rc = T->failed ? 1 : 0;
    free(T);
    free_out(&A);
    return rc;
}
