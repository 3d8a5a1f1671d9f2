/*
 * cmd_play.c - `leastscore play`: reads the options, then runs the game in
 * the full-screen interface (play_tui.c) or, with --plain or when stdin or
 * stdout is not a terminal, in line mode (play_plain.c).
 *
 * Every rules option is handed to ls_rules_set() under its rules.md name,
 * so the engine alone decides what is valid and says why not.
 *
 * The full screen needs a terminal that curses knows and that can move
 * the cursor; on any other (TERM unset, unknown, or `dumb`) the game is
 * played in line mode, with a sentence on stderr saying why, rather than
 * curses ending the process ("Error opening terminal") or drawing a
 * screen that the terminal prints as one long line.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <curses.h>
#include <term.h>

#include "cli/botproc.h"
#include "cli/cli.h"
#include "cli/play.h"

volatile sig_atomic_t play_interrupted;
volatile sig_atomic_t play_resized;
atomic_bool play_stop;

/* A handler may store to an atomic object only when it is lock-free
 * (C11 7.14.1.1): a lock taken by the search's load would deadlock. */
_Static_assert(ATOMIC_BOOL_LOCK_FREE == 2,
               "play_stop is set from a signal handler: atomic_bool must be lock-free");

/* The last of SIGTERM, SIGHUP and SIGQUIT that came, else 0: the game
 * ends as for q, its record saved, and then exits 128 + its number, as a
 * shell reports a process a signal killed, so that a script or a shell
 * can tell (it exited 0). Not re-raised with its default action: that
 * of SIGQUIT is a core dump. Ctrl-C (SIGINT) is the player's own way to
 * leave, asked first on the full screen, and exits there as q does; line
 * mode, which does not ask, exits 130 (cmd_play), and so does the full
 * screen where it cannot ask, in a window too small (play_tui). */
static volatile sig_atomic_t play_killed;

/* Ctrl-C, SIGTERM, SIGHUP or SIGQUIT: the front end asks or stops (play_interrupted),
 * and a built-in expert's search ends at its next look (play_stop), its
 * move thrown away by play_game_bot_move(). */
static void on_signal(int sig)
{
    play_interrupted = sig;
    if (sig != SIGINT)
        play_killed = sig;
    atomic_store(&play_stop, true);
}

static void help(void)
{
    printf(
        "usage: leastscore play [OPTIONS]\n\n"
        "Plays Least Score in the terminal, you against computer players.\n"
        "Starts at once with 3 greedy players; the match is saved as a game\n"
        "record (see docs/play.md). Full screen on a terminal; line mode with\n"
        "--plain, when stdin or stdout is not a terminal, or when the terminal\n"
        "cannot hold the full screen (TERM unset, unknown or dumb).\n\n"
        "options:\n"
        "  --bots N           computer players, 1..7 (3)\n"
        "  --level SPEC[,SPEC...]\n"
        "                     their kind: random, greedy (default), expert...\n"
        "                     one for all, or one per player in seat order\n"
        "                     (then --bots may be left out);\n"
        "                     parameters as in greedy:declare=0.8\n"
        "  --name NAME        your name, [A-Za-z0-9_-]{1,16} (You)\n"
        "  --threshold N      elimination above N points: 25, 50, 100 or any\n"
        "                     1..1000 (100)\n"
        "  --tie declarer|penalty   a tied declaration is correct (declarer)\n"
        "                     or false (penalty)\n"
        "  --runs any|suited  runs of any suits (any) or of one suit\n"
        "  --hand-size N      cards dealt, 3..7 (5)\n"
        "  --declare-max N    highest total one may declare with, 0 = any (0)\n"
        "  --max-turns N      turns before a round ends in a showdown (500)\n"
        "  --seed N           a repeatable match (default: a new random seed)\n"
        "  --resume FILE      go on with the match recorded in FILE (saved\n"
        "                     there): its players, rules and levels\n"
        "  --continue         --resume the newest unfinished match saved\n"
        "                     without --record\n"
        "  --record FILE      save the record there (default: a new file in\n"
        "                     $XDG_DATA_HOME/leastscore/games or\n"
        "                     ~/.local/share/leastscore/games)\n"
        "  --pace MS          delay after each computer move, full screen\n"
        "                     only (700; +/- change it while playing)\n"
        "  --bot-timeout MS   time a cmd: player has for each answer, in ms,\n"
        "                     1..3600000 (5000)\n"
        "  --plain            line mode: moves typed in record notation\n"
        "  --cards letters|words   line mode's cards as in the record, QD\n"
        "                     (letters), or in words for speech, queen of\n"
        "                     diamonds (words: plays in line mode)\n"
        "  -h, --help         print this help\n\n"
        "computer player kinds:\n");
    cli_print_kinds(stdout);
}

/* The record's path is kept with room for "-2" (play again) and the
 * names made beside it: a longer one was cut, and the record saved to a
 * file of another name. */
#define PATH_LONGEST (PLAY_PATH_MAX - 24)

static int path_fits(const char *opt, const char *path)
{
    /* '-' is stdin to replay and to the reading of --resume, which then
     * saved to a file named '-' and said to go on with --resume -. */
    if (!strcmp(path, "-"))
        return cli_usage_error("play", "%s needs a file, not '-' (a file named "
                               "'-' is ./-)", opt);
    if (strlen(path) <= PATH_LONGEST)
        return 0;
    return cli_usage_error("play", "%s: the path has %zu characters; at most %d",
                           opt, strlen(path), PATH_LONGEST);
}

enum { OPT_BOTS = 256, OPT_LEVEL, OPT_NAME, OPT_RULE, OPT_SEED, OPT_RECORD,
       OPT_PACE, OPT_PLAIN, OPT_RESUME, OPT_CONTINUE, OPT_BOT_TIMEOUT, OPT_CARDS };

/* The rules options: command-line name -> rules.md name. */
static int parse_args(int argc, char **argv, play_opts *o)
{
    static const struct option longopts[] = {
        {"bots", required_argument, NULL, OPT_BOTS},
        {"level", required_argument, NULL, OPT_LEVEL},
        {"name", required_argument, NULL, OPT_NAME},
        {"threshold", required_argument, NULL, OPT_RULE},
        {"tie", required_argument, NULL, OPT_RULE},
        {"runs", required_argument, NULL, OPT_RULE},
        {"hand-size", required_argument, NULL, OPT_RULE},
        {"declare-max", required_argument, NULL, OPT_RULE},
        {"max-turns", required_argument, NULL, OPT_RULE},
        {"seed", required_argument, NULL, OPT_SEED},
        {"record", required_argument, NULL, OPT_RECORD},
        {"pace", required_argument, NULL, OPT_PACE},
        {"plain", no_argument, NULL, OPT_PLAIN},
        {"cards", required_argument, NULL, OPT_CARDS},
        {"bot-timeout", required_argument, NULL, OPT_BOT_TIMEOUT},
        {"resume", required_argument, NULL, OPT_RESUME},
        {"continue", no_argument, NULL, OPT_CONTINUE},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int nlevels = 0, c, idx, rc;
    bool bots_given = false;
    const char *table_opt = NULL; /* the first option that sets up a table */
    char rule_opt[32];
    ls_error err = {0};
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, &idx)) != -1) {
        switch (c) {
        case 'h':
            if (cli_help_alone("play", argc, argv))
                return 2;
            help();
            return 1;
        case OPT_BOTS:
            if ((rc = cli_parse_int("play", "--bots", optarg, 1, LS_MAX_PLAYERS - 1, &o->nbots)))
                return rc;
            bots_given = true;
            table_opt = table_opt ? table_opt : "--bots";
            break;
        case OPT_LEVEL:
            if ((rc = cli_add_players("play", optarg, o->levels, &nlevels,
                                       LS_MAX_PLAYERS - 1)))
                return rc;
            break;
        case OPT_NAME:
            if (!ls_name_valid(optarg))
                return cli_usage_error("play", "--name: '%s' is not a name: "
                                       "1 to 16 of A-Z a-z 0-9 _ -", optarg);
            snprintf(o->name, sizeof o->name, "%s", optarg);
            table_opt = table_opt ? table_opt : "--name";
            break;
        case OPT_RULE:
            if ((rc = cli_rules_option("play", &o->rules, longopts[idx].name, optarg)))
                return rc;
            if (!table_opt) {
                snprintf(rule_opt, sizeof rule_opt, "--%s", longopts[idx].name);
                table_opt = rule_opt;
            }
            break;
        case OPT_SEED:
            if (cli_parse_seed("play", optarg, &o->seed) != 0)
                return 2;
            o->seeded = true;
            break;
        case OPT_RECORD:
            if (!*optarg)
                return cli_usage_error("play", "--record needs a file name");
            if ((rc = path_fits("--record", optarg)))
                return rc;
            o->record = optarg;
            break;
        case OPT_PACE:
            if ((rc = cli_parse_int("play", "--pace", optarg, 0, 10000, &o->pace_ms)))
                return rc;
            break;
        case OPT_PLAIN:
            o->plain = true;
            break;
        case OPT_CARDS:
            /* Words are for speech, which the full screen's cards are not
             * drawn for: a player who asks for them gets line mode. */
            if (!strcmp(optarg, "words"))
                o->card_words = o->plain = true;
            else if (strcmp(optarg, "letters") != 0)
                return cli_usage_error("play", "--cards: '%s' is neither "
                                       "letters (QD 7H) nor words (queen of "
                                       "diamonds)", optarg);
            else
                o->card_words = false;
            break;
        case OPT_BOT_TIMEOUT: /* as sim's and arena's */
            if ((rc = cli_parse_int("play", "--bot-timeout", optarg, 1, 3600000,
                                    &o->bot_timeout_ms)))
                return rc;
            break;
        case OPT_RESUME:
            if (!*optarg)
                return cli_usage_error("play", "--resume needs a file name");
            if ((rc = path_fits("--resume", optarg)))
                return rc;
            o->resume = optarg;
            break;
        case OPT_CONTINUE:
            o->resume_last = true;
            break;
        case ':':
            return cli_usage_error("play", "%s needs a value", argv[optind - 1]);
        default:
            return cli_option_error("play", cli_option_given(c, argc, argv), longopts);
        }
    }
    if (optind < argc)
        return cli_usage_error("play", "unexpected argument '%s'", argv[optind]);
    if (o->resume && o->resume_last)
        return cli_usage_error("play", "--continue and --resume: one or the other");
    if ((o->resume || o->resume_last) && table_opt)
        return cli_usage_error("play", "%s: a resumed match keeps the players and "
                               "rules of its record; only --level, --seed, --record, "
                               "--pace, --plain, --cards and --bot-timeout go with --resume", table_opt);
    o->nlevels = nlevels;

    if (nlevels == 0)
        snprintf(o->levels[nlevels++], CLI_SPEC_MAX, "greedy");
    if (nlevels > 1 && !bots_given)
        o->nbots = nlevels; /* --level a,b: two computer players */
    if (nlevels > 1 && nlevels != o->nbots)
        return cli_usage_error("play", "--level names %d players but --bots is %d",
                               nlevels, o->nbots);
    for (int i = nlevels; i < o->nbots; i++)
        memcpy(o->levels[i], o->levels[0], CLI_SPEC_MAX);
    /* Each spec is checked here, as sim and arena do, so that a bad one is
     * a usage error; a cmd: bot is started once, for the match, where a
     * failure is reported with its seat. */
    for (int i = 0; i < o->nbots; i++)
        if (cli_player_check(o->levels[i], NULL, &err) != 0)
            return cli_usage_error_shown("play", "--level: %s", err.msg);
    if (ls_rules_check(&o->rules, o->nbots + 1, &err) != 0)
        return cli_usage_error_shown("play", "%s", err.msg);
    return 0;
}

/* Whether the terminal on stdout can hold the full screen; if not, why
 * (a sentence to follow "the game is in line mode because"). Reads the
 * terminal's description without touching the screen. */
static bool full_screen_ok(char *why, size_t size)
{
    const char *term = getenv("TERM");
    int err = 0;
    if (!term || !*term) {
        snprintf(why, size, "TERM is not set");
        return false;
    }
    if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
        snprintf(why, size, "the terminal type '%s' is not known here (no "
                 "terminfo entry)", term);
        return false;
    }
    const char *cup = tigetstr("cup");
    bool ok = cup && cup != (const char *)-1;
    del_curterm(cur_term);
    if (!ok)
        snprintf(why, size, "the terminal type '%s' cannot move the cursor", term);
    return ok;
}

/* Prints text and a newline on stderr. At a terminal the text is broken
 * at spaces to its width (TIOCGWINSZ, else COLUMNS, else 80), later rows
 * indented two columns, as line mode's own lines are: the terminal cut
 * the line-mode sentence mid-word ("xterm" / "-256color"), and a refusal
 * to begin a game ("ov" / "er"). In a pipe or a file it goes out whole,
 * one sentence a line. */
void play_err_wrapped(const char *text)
{
    int width = 0;
    if (isatty(STDERR_FILENO) && (width = play_term_width(STDERR_FILENO)) == 0)
        width = 80;
    const char *p = text;
    size_t n = strlen(text);
    for (int indent = 0; n > 0; indent = 2) {
        size_t fit = width > indent ? play_wrap(p, n, width - indent) : n;
        if (fit == 0) /* a word wider than a row: whole, the terminal wraps it */
            fit = strcspn(p, " ");
        fprintf(stderr, "%*s%.*s\n", indent, "", (int)fit, p);
        p += fit;
        n -= fit;
        while (n > 0 && *p == ' ')
            p++, n--;
    }
}

/* --continue: the newest unfinished match of the games directory becomes
 * o->resume. Returns 0, or prints why not and returns 2, as replay does
 * for a file it cannot take (the usage is not what was wrong, so it is not
 * pointed to); a newer record passed over as not valid is told, and play
 * goes on. The record is read, once, where the match begins
 * (play_game_new), under its lock. */
static int find_last(play_opts *o)
{
    static char last[PLAY_PATH_MAX];
    char msg[PLAY_PATH_MAX + 200];
    if (play_last_unfinished(last, sizeof last, msg, sizeof msg) != 0) {
        fprintf(stderr, "leastscore play: --continue: %s\n", msg);
        return 2;
    }
    if (msg[0]) /* a newer record passed over as not valid */
        fprintf(stderr, "leastscore play: --continue: %s\n", msg);
    o->resume = last;
    return 0;
}

int cmd_play(int argc, char **argv)
{
    play_opts o = {.nbots = 3, .name = "You", .pace_ms = 700};
    o.rules = ls_rules_default();
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (o.resume_last && (rc = find_last(&o)) != 0)
        return rc;

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL); /* no SA_RESTART: reads return EINTR */
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    /* Ctrl-\ (SIGQUIT) too, which a finger slipping off Enter sends: it
     * dumped core, the full screen's terminal left in the alternate
     * screen with the cursor hidden and mouse reports typed at the shell. */
    sigaction(SIGQUIT, &sa, NULL);
    /* A record saved to a pipe whose reader went away (--record FIFO) is
     * a failed save, said as any other (EPIPE): SIGPIPE ended the game,
     * the full screen's terminal left as curses had drawn it. Line mode's
     * output closed by its reader is an EPIPE too (play_plain.c). */
    cli_ignore_sigpipe();
    /* A record that would pass the file size limit (ulimit -f) is a
     * failed save too (EFBIG, "File too large"), said as any other:
     * SIGXFSZ killed the game mid-save, its temporary file left beside
     * the record and the full screen's terminal as curses had drawn it. */
    signal(SIGXFSZ, SIG_IGN);

    /* What a cmd: bot starts outside its process group (setsid) is not
     * ended with the group: this process adopts it, and each match ends
     * it with its bots (play_game_free), also when a signal ends the
     * game, which then leaves through the same way as q. */
    cli_bots_adopt_orphans();

    char why[200];
    bool line = true;
    if (o.plain || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        rc = play_plain(&o);
    } else if (!full_screen_ok(why, sizeof why)) {
        char text[sizeof why + 200];
        snprintf(text, sizeof text, "leastscore play: %s, so the game is in line mode "
                 "(as with --plain); set TERM to your terminal's type, such as "
                 "xterm-256color, for the full screen.", why);
        play_err_wrapped(text);
        rc = play_plain(&o);
    } else {
        o.quiet_bots = true;
        o.bots_wake = true;
        line = false;
        rc = play_tui(&o);
    }
    int orphans = play_orphans_ended();
    if (orphans) /* after curses has ended */
        fprintf(stderr, "leastscore play: killed %d process%s that bots had started "
                "outside their process groups (setsid), which outlived them\n",
                orphans, orphans == 1 ? "" : "es");
    if (play_killed) /* after the save and the cleanup, whatever rc was */
        return 128 + play_killed;
    /* Line mode ends at Ctrl-C without a question: 130, as a shell
     * reports a process SIGINT killed, so that a script can tell an
     * interrupted game from one played to its end or left with quit (it
     * exited 0). The full screen asks first: a yes there is a quit (0). */
    if (line && play_interrupted == SIGINT)
        return 128 + SIGINT;
    return rc;
}
