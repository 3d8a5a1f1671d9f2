/*
 * cmd_bench.c - `leastscore bench`: how fast the engine plays.
 *
 * Plays whole matches of self-play on one core for a fixed time and prints
 * decisions per second. A decision is one turn: generating every legal
 * move of the player to move and applying one. With the default player,
 * `random`, the move is drawn uniformly from the full list (the engine's
 * own speed); with `--player greedy` (or any player spec) each decision
 * also builds the player's view and asks the player, as the simulator does.
 * Dealing and scoring are inside the timed loop.
 *
 * On a terminal, stderr shows how far it has come, redrawn in place at
 * most five times a second (a count of a million matches ran silent for
 * hours) and cleared before the results are printed.
 */
#include <getopt.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/botproc.h"
#include "cli/cli.h"
#include "leastscore.h"
#include "leastscore_ai.h"

static const char usage_text[] =
    "usage: leastscore bench [--seconds S | --matches N] [--players N] [--seed N]\n"
    "                        [--player SPEC]\n"
    "\n"
    "Plays self-play matches on one core and prints decisions per second.\n"
    "A decision is one turn: generating the legal moves and applying one.\n"
    "\n"
    "  --seconds S     how long to run, above 0 and at most 3600 (default 3)\n"
    "  --matches N     play exactly N matches instead (a fixed amount of work,\n"
    "                  e.g. for counting instructions under valgrind)\n"
    "  --players N     players per match, 2-8 (default 4)\n"
    "  --seed N        seed of the first match (default 1)\n"
    "  --player SPEC   'random' (default: a uniformly random move from the\n"
    "                  full legal list, no view) or a computer player such as\n"
    "                  'greedy', asked through its view (not a cmd: bot: sim\n"
    "                  times those)\n"
    "  -h, --help      this text\n"
    "\n"
    "On a terminal, stderr shows the matches played, the rate and the time\n"
    "left while it runs.\n";

struct totals {
    long long decisions, matches, rounds;
};

/* Plays the round just dealt with the players, asked through their views;
 * players that follow the game (the expert) are told the deal and every
 * move, as in sim and play. Returns -1 (with a message) if one fails. */
static int bot_round(ls_state *s, int n, ls_player **bots, struct totals *t)
{
    ls_view v;
    ls_error err;
    for (int q = 0; q < n; q++)
        if (bots[q]->ops->round_start) {
            ls_view_of(s, q, &v);
            ls_player_round_start(bots[q], &v);
        }
    while (ls_phase(s) == LS_PHASE_TURN) {
        int seat = ls_turn(s);
        ls_move m;
        ls_view_of(s, seat, &v);
        if (ls_player_choose(bots[seat], &v, &m, &err) != 0) {
            fprintf(stderr, "leastscore bench: %s failed: %s\n", bots[seat]->spec,
                    err.msg);
            return -1;
        }
        if (ls_apply(s, &m, &err) != 0) {
            fprintf(stderr, "leastscore bench: %s made an illegal move: %s\n",
                    bots[seat]->spec, err.msg);
            return -1;
        }
        t->decisions++;
        for (int q = 0; q < n; q++)
            ls_player_tell(bots[q], s, q, seat, m);
    }
    return 0;
}

/* Plays one match; returns -1 (with a message) if a player fails. */
static int play_match(uint64_t seed, int n, ls_player **bots, ls_rng *rng,
                      struct totals *t)
{
    static const char *const names[] = {"P1", "P2", "P3", "P4",
                                        "P5", "P6", "P7", "P8"};
    ls_error err;
    ls_state *s = ls_state_new(NULL, n, names, seed, &err);
    if (!s) {
        fprintf(stderr, "leastscore bench: %s\n", err.msg);
        return -1;
    }
    ls_move moves[LS_MAX_MOVES];
    while (ls_phase(s) != LS_PHASE_OVER) {
        ls_deal(s, NULL);
        if (!bots) {
            /* The engine alone: a uniformly random move from the list. */
            while (ls_phase(s) == LS_PHASE_TURN) {
                int nm = ls_legal_moves(s, moves);
                ls_move m = moves[ls_rng_below(rng, (uint32_t)nm)];
                if (ls_apply(s, &m, &err) != 0) {
                    fprintf(stderr, "leastscore bench: illegal move: %s\n", err.msg);
                    ls_state_free(s);
                    return -1;
                }
                t->decisions++;
            }
        } else if (bot_round(s, n, bots, t) != 0) {
            ls_state_free(s);
            return -1;
        }
        t->rounds++;
    }
    t->matches++;
    ls_state_free(s);
    return 0;
}

/* The progress line: matches played of how many (or seconds of how many)
 * and the time left, cut to the terminal's width so that '\r' takes it
 * back (a line that wraps is written again below). */
static void draw_progress(const struct totals *t, uint64_t matches, double seconds,
                          double elapsed)
{
    char text[160];
    double left;
    if (matches) {
        double rate = elapsed > 0 ? (double)t->matches / elapsed : 0;
        left = rate > 0 ? (double)(matches - (uint64_t)t->matches) / rate : 0;
        snprintf(text, sizeof text, "bench: %lld/%llu matches, %.0f per second, ETA ",
                 t->matches, (unsigned long long)matches, rate);
    } else {
        left = seconds > elapsed ? seconds - elapsed : 0;
        snprintf(text, sizeof text, "bench: %lld matches in %.0f of %.0f s, ETA ",
                 t->matches, elapsed, seconds);
    }
    size_t n = strlen(text);
    if (left >= 360000)
        snprintf(text + n, sizeof text - n, "%.0fh", left / 3600);
    else
        snprintf(text + n, sizeof text - n, "%dh%02dm%02ds", (int)left / 3600,
                 (int)left / 60 % 60, (int)left % 60);
    struct winsize ws;
    int cols = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
    fprintf(stderr, "\r%.*s\033[K", cols > 1 ? cols - 1 : 0, text);
    fflush(stderr);
}

int cmd_bench(int argc, char **argv)
{
    static const struct option opts[] = {
        {"seconds", required_argument, NULL, 's'},
        {"players", required_argument, NULL, 'n'},
        {"matches", required_argument, NULL, 'm'},
        {"seed", required_argument, NULL, 'S'},
        {"player", required_argument, NULL, 'p'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    double seconds = 3;
    uint64_t n = 4, seed = 1, matches = 0;
    long v;
    int rc;
    const char *spec = "random";
    bool timed = false;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 's': {
            /* Decimal digits with at most one '.', as written: strtod
             * alone skipped leading blanks and took a sign, and it reads
             * '0x10' as 16 and '1e3' as 1000. */
            char *end;
            /* (a minus sign is taken, for the range to refuse: '-1' is
             * written well, and is less than 0) */
            const char *num = optarg + (optarg[0] == '-');
            size_t len = strlen(num), digits = strspn(num, "0123456789.");
            const char *dot = strchr(num, '.');
            seconds = strtod(optarg, &end);
            /* '1e-9' was "not a number more than 0 and at most 3600",
             * which it is: what is wrong with it is how it is written. */
            if (*end || len == 0 || digits != len || (dot && strchr(dot + 1, '.')))
                return cli_usage_error("bench", "--seconds: '%s' is not written in "
                                       "digits with at most one '.' (such as 2.5 "
                                       "or 0.05): give the seconds, more than 0 "
                                       "and at most 3600", optarg);
            if (!(seconds > 0 && seconds <= 3600))
                return cli_usage_error("bench", "--seconds: '%s' is not more than 0 "
                                       "and at most 3600", optarg);
            timed = true;
            break;
        }
        case 'm':
            if ((rc = cli_parse_long("bench", "--matches", optarg, 1, 1000000000000L, &v)))
                return rc;
            matches = (uint64_t)v;
            break;
        case 'n':
            if ((rc = cli_parse_long("bench", "--players", optarg, 2, LS_MAX_PLAYERS, &v)))
                return rc;
            n = (uint64_t)v;
            break;
        case 'S':
            if (cli_parse_seed("bench", optarg, &seed) != 0)
                return 2;
            break;
        case 'p':
            /* A program's speed is its own and its pipes', not the
             * engine's; sim plays bots and times each one's decisions. */
            if (!strncmp(optarg, "cmd:", 4))
                return cli_usage_error("bench", "--player %s: bench times the "
                                       "engine and its built-in players on one "
                                       "core, not programs; 'leastscore sim' "
                                       "plays cmd: bots and gives each one's time "
                                       "per decision", optarg);
            spec = optarg;
            break;
        case 'h':
            if (cli_help_alone("bench", argc, argv))
                return 2;
            fputs(usage_text, stdout);
            return 0;
        case ':': /* '--seconds' at the end was an "unknown option" */
            return cli_usage_error("bench", "%s needs a value", argv[optind - 1]);
        default:
            return cli_option_error("bench", cli_option_given(c, argc, argv), opts);
        }
    }
    if (optind < argc)
        return cli_usage_error("bench", "unexpected argument '%s'", argv[optind]);
    /* Both were taken, --matches winning without a word. */
    if (timed && matches)
        return cli_usage_error("bench", "--seconds and --matches cannot go together: "
                               "bench runs for a time or plays a number of matches");

    ls_player *bots[LS_MAX_PLAYERS] = {0};
    bool use_bots = strcmp(spec, "random") != 0;
    rc = 0;
    for (int i = 0; use_bots && i < (int)n; i++) {
        ls_error err;
        bots[i] = ls_player_new(spec, seed + (uint64_t)i, &err);
        if (!bots[i]) {
            rc = cli_usage_error_shown("bench", "%s", err.msg);
            goto out;
        }
    }
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    struct totals t = {0, 0, 0};
    /* The clock is read after every match: every 16 (away from a
     * terminal) let --seconds 1 of an expert, whose match takes seconds,
     * run 16 matches and 39 s. A read costs under a microsecond, a
     * match of the engine alone some 30. */
    bool progress = isatty(STDERR_FILENO);
    double start = cli_wall_ms() / 1e3, elapsed = 0, drawn = 0;
    for (uint64_t m = seed; matches ? (uint64_t)t.matches < matches
                                    : elapsed < seconds; m++) {
        if (play_match(m, (int)n, use_bots ? bots : NULL, &rng, &t) != 0) {
            rc = 1;
            goto out;
        }
        elapsed = cli_wall_ms() / 1e3 - start;
        if (progress && elapsed - drawn >= 0.2) {
            draw_progress(&t, matches, seconds, elapsed);
            drawn = elapsed;
        }
    }
    if (progress && drawn > 0)
        fprintf(stderr, "\r\033[K");
    elapsed = cli_wall_ms() / 1e3 - start;
    printf("player          %s\n", spec);
    printf("players/match   %d\n", (int)n);
    /* Matches of seconds are a fraction a second, not '0 per second'. */
    double per = (double)t.matches / elapsed;
    printf("matches         %lld (%.*f per second)\n", t.matches, per < 10 ? 2 : 0, per);
    printf("rounds          %lld\n", t.rounds);
    printf("decisions       %lld in %.2f s\n", t.decisions, elapsed);
    double rate = elapsed > 0 ? (double)t.decisions / elapsed : 0;
    if (rate >= 1e5)
        printf("decisions/s     %.2f million (one core)\n", rate / 1e6);
    else
        printf("decisions/s     %.0f (one core)\n", rate);
out:
    for (int i = 0; i < LS_MAX_PLAYERS; i++)
        if (bots[i])
            ls_player_free(bots[i]);
    return rc;
}
