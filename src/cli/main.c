/*
 * main.c - the leastscore command: dispatches to a sub-command.
 *
 * The table below is the only place that knows every sub-command; each one
 * prints its own --help.
 */
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

#include "cli/botproc.h"
#include "cli/cli.h"
#include "cli/recfile.h"
#include "leastscore.h"
#include "leastscore_ai.h"

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    {"play", cmd_play, "play a game in the terminal against computer players"},
    {"replay", cmd_replay, "verify a game record and print its results"},
    {"sim", cmd_sim, "play a tournament between computer players"},
    {"arena", cmd_arena, "rate players: every pairing and mixed tables"},
    {"bench", cmd_bench, "measure the engine's speed"},
    {"serve", cmd_serve, "serve the online game (WebSocket and browser client)"},
    {"storebench", cmd_storebench, "measure the server's store (SQLite, PostgreSQL)"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: leastscore COMMAND [OPTIONS]\n\n"
                 "Least Score, the card game: rules engine, computer players "
                 "and tools.\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nRun 'leastscore COMMAND --help' (or 'leastscore help COMMAND') "
                 "for a\ncommand's options.\n"
                 "'leastscore --version' prints the version.\n");
}

/*
 * A command that succeeded but whose output could not all be written (a
 * full disk: 'replay --json x.lsr > out.json') fails, saying so: it exited
 * 0 with the output cut. A reader that went away (EPIPE, where SIGPIPE is
 * ignored) needs no word. A command that failed has said why already.
 * The status is 1, the work not done, except for replay, whose 1 says
 * that the record is invalid: there it is 2, as for a file it cannot read.
 */
static int output_written(const char *name, int rc)
{
    if (rc != 0)
        return rc;
    errno = 0;
    bool lost = fflush(stdout) != 0;
    int e = errno;
    if (!lost && !ferror(stdout))
        return 0;
    if (e != EPIPE)
        fprintf(stderr, "leastscore %s: cannot write the output%s%s\n", name,
                lost && e ? ": " : "", lost && e ? strerror(e) : "");
    return strcmp(name, "replay") ? 1 : 2;
}

int cli_edit_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b), d[32][32];
    if (la > 30 || lb > 30)
        return 99;
    for (int i = 0; i <= la; i++)
        d[i][0] = i;
    for (int j = 0; j <= lb; j++)
        d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

/* The one of count names that the len bytes of word are one or two edits
 * away from, the nearest, or NULL: a typo's likely meaning. An exact name
 * is no typo (NULL). */
static const char *nearest_name(const char *word, size_t len, const char *const names[],
                                size_t count)
{
    char w[32];
    if (len == 0 || len >= sizeof w)
        return NULL;
    memcpy(w, word, len);
    w[len] = '\0';
    const char *best = NULL;
    int bd = 3;
    for (size_t i = 0; i < count; i++) {
        int d = cli_edit_distance(w, names[i]);
        if (d == 0)
            return NULL;
        if (d < bd) {
            bd = d;
            best = names[i];
        }
    }
    return best;
}

/* --version or --help with an argument after it: a usage error, as every
 * command refuses an extra argument (the rest was left unread). */
static int nothing_after(const char *option, const char *extra)
{
    char shown[4 * 64 + 1];
    fprintf(stderr, "leastscore: %s takes nothing after it, got '%s'\n", option,
            cli_shown(extra, shown, sizeof shown));
    return 2;
}

/* A standard stream the program was started without (closed, as by the
 * shell's >&-) is held by /dev/null opened the wrong way round: its reads
 * or writes fail with EBADF as on a closed descriptor, and no file, pipe
 * or lock the program opens takes its number. (With stdout closed, play's
 * transcript went into the record's lock file, opened as descriptor 1; a
 * bot's pipe could have taken stderr's and been sent our messages.) */
static void hold_standard_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
            continue;
        int held = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (held > fd) {
            dup2(held, fd);
            close(held);
        }
    }
}

int main(int argc, char **argv)
{
    hold_standard_fds();
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    /* Before "help X" is made "X --help": "help --version" names no
     * command, and is said to be none. */
    if (!strcmp(argv[1], "--version")) {
        if (argc > 2)
            return nothing_after(argv[1], argv[2]);
        printf("leastscore %s\n", LS_VERSION);
        return 0;
    }
    /* "leastscore help play" is "leastscore play --help". */
    char *help_argv[] = {NULL, NULL, "--help", NULL};
    if (!strcmp(argv[1], "help") && argc > 2 && strcmp(argv[2], "help") &&
        strcmp(argv[2], "--help") && strcmp(argv[2], "-h")) {
        if (argc > 3) {
            fprintf(stderr, "leastscore help: one COMMAND only, got '%s' and '%s'\n",
                    argv[2], argv[3]);
            return 2;
        }
        help_argv[1] = argv[2];
        argc = 3;
        argv = help_argv;
    } else if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
               !strcmp(argv[1], "help")) {
        if (argc > 2 && strcmp(argv[1], "help"))
            return nothing_after(argv[1], argv[2]);
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return output_written(commands[i].name, commands[i].run(argc - 1, argv + 1));
    char shown[4 * 64 + 1];
    /* An option before any command is none of leastscore's own (those
     * are read above): said as an option, with the nearest of them; one
     * letter (-x) is a letter away from -h, and gets no guess. It was
     * "unknown command '--versoin'". After "help", a word is a command. */
    if (argv != help_argv && argv[1][0] == '-') {
        static const char *const own[] = {"--help", "--version"};
        size_t len = strlen(argv[1]);
        const char *near = len > 2 ? nearest_name(argv[1], len, own, 2) : NULL;
        fprintf(stderr, "leastscore: unknown option '%s'%s%s%s\n",
                cli_shown(argv[1], shown, sizeof shown), near ? ": did you mean '" : "",
                near ? near : "", near ? "'?" : "");
        usage(stderr);
        return 2;
    }
    enum { NCOMMANDS = sizeof commands / sizeof commands[0] };
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].name;
    const char *near = nearest_name(argv[1], strlen(argv[1]), names, NCOMMANDS);
    fprintf(stderr, "leastscore: unknown command '%s'%s%s%s\n",
            cli_shown(argv[1], shown, sizeof shown), near ? ": did you mean '" : "",
            near ? near : "", near ? "'?" : "");
    usage(stderr);
    return 2;
}

int cli_regular_record(const char *path, const char *shown, char *msg, size_t size)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return 0;
    snprintf(msg, size, "%s is %s; a game record is a regular file", shown,
             cli_file_kind(st.st_mode));
    return -1;
}

void cli_print_kinds(FILE *out)
{
    for (int i = 0; ls_player_kinds[i]; i++) {
        const char *p = ls_player_kind_help[i];
        int col = fprintf(out, "  %-8s", ls_player_kinds[i]);
        while (*p) { /* one word at a time, wrapped before column 80 */
            size_t n = strcspn(p, " ");
            if (col + 1 + (int)n > 79) {
                fprintf(out, "\n%10s", "");
                col = 10;
            }
            col += fprintf(out, " %.*s", (int)n, p);
            p += n;
            while (*p == ' ')
                p++;
        }
        fputc('\n', out);
    }
}

int cli_parse_u64(const char *text, uint64_t *out)
{
    /* Digits only: strtoull alone would skip leading blanks and take a
     * sign, so that ' -5' became 2^64 - 5. */
    if (!text || *text < '0' || *text > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int cli_mkdir_p(const char *dir)
{
    char d[PATH_MAX];
    if ((size_t)snprintf(d, sizeof d, "%s", dir) >= sizeof d) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = d + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char was = *p;
        *p = '\0';
        if (mkdir(d, 0777) != 0 && errno != EEXIST)
            return -1;
        if (!was)
            return 0;
        *p = was;
    }
}

int cli_parse_seed(const char *cmd, const char *arg, uint64_t *out)
{
    if (cli_parse_u64(arg, out) != 0)
        return cli_usage_error(cmd, "--seed: '%s' is not a whole number from 0 to "
                               "2^64 - 1", arg);
    return 0;
}

const char *cli_option_given(int c, int argc, char **argv)
{
    const char *last = argv[optind - 1];
    bool in_last = last[0] == '-' && last[1] != '-' && strchr(last + 1, optopt);
    if (c == '?' && optopt > 0 && optopt < 127 && !in_last && optind < argc)
        return argv[optind];
    return last;
}

int cli_option_error(const char *cmd, const char *given,
                     const struct option *longopts)
{
    size_t n = strcspn(given, "=");
    char names[512] = "";
    int fits = 0, last = -1;
    if (!strncmp(given, "--", 2) && n > 2)
        for (int i = 0; longopts[i].name; i++) {
            size_t len = strlen(names);
            if (!strncmp(longopts[i].name, given + 2, n - 2) && len < sizeof names) {
                snprintf(names + len, sizeof names - len, "%s--%s", fits++ ? ", " : "",
                         longopts[i].name);
                last = i;
            }
        }
    if (fits > 1)
        return cli_usage_error(cmd, "'%.*s' is short for more than one option (%s): "
                               "write more of it", (int)n, given, names);
    /* "--json=1": getopt_long refuses a value an option does not take. */
    if (fits == 1 && given[n] == '=' && longopts[last].has_arg == no_argument)
        return cli_usage_error(cmd, "--%s takes no value, not '%s'", longopts[last].name,
                               given + n + 1);
    const char *near = NULL, *longs[64];
    size_t count = 0;
    for (; count < 64 && longopts[count].name; count++)
        longs[count] = longopts[count].name;
    if (!strncmp(given, "--", 2) && n > 2)
        near = nearest_name(given + 2, n - 2, longs, count);
    /* "-players": a long option's name after one dash, which getopt read
     * as the letters -p -l ...: the option with two dashes (its name
     * exactly, or the nearest). It said "unknown option '-players'". */
    if (given[0] == '-' && given[1] != '-' && n > 2) {
        for (size_t i = 0; i < count && !near; i++)
            if (strlen(longs[i]) == n - 1 && !strncmp(longs[i], given + 1, n - 1))
                near = longs[i];
        if (!near)
            near = nearest_name(given + 1, n - 1, longs, count);
    }
    if (near)
        return cli_usage_error(cmd, "unknown option '%s': did you mean '--%s'?", given, near);
    /* An unknown letter inside a word of letters ("-plain"): getopt has
     * not gone past that word, so the word before it came as `given`
     * ("unknown option 'play'", the command's own name): the letter is
     * said instead. A long option getopt does not know leaves optopt 0. */
    if (optopt > ' ' && optopt < 127 && optopt != '?' && /* '?': getopt's start value */
        !(given[0] == '-' && given[1] != '-' && strchr(given + 1, optopt)))
        return cli_usage_error(cmd, "unknown option '-%c'", optopt);
    return cli_usage_error(cmd, "unknown option '%s'", given);
}

/* The message quotes what was typed ('unknown option ...'), which may
 * hold control characters: it is printed as cli_shown() gives it, so that
 * none reaches the terminal raw. */
/* Whether a is -h or --help, whole or abbreviated ("--he"). */
static bool is_help(const char *a)
{
    size_t n = strlen(a);
    return !strcmp(a, "-h") || (n >= 3 && n <= 6 && !strncmp(a, "--help", n));
}

int cli_help_alone(const char *cmd, int argc, char **argv)
{
    const char *help = NULL, *other = NULL;
    for (int i = 1; i < argc; i++) {
        if (!is_help(argv[i]))
            other = other ? other : argv[i];
        else
            help = help ? help : argv[i];
    }
    if (!other)
        return 0;
    return cli_usage_error(cmd, "%s takes no other argument, got '%s'", help ? help : "--help",
                           other);
}

/* The message of a usage error, formatted, and shown as cli_shown()
 * shows it unless it is printable already (shown). */
static int usage_error(const char *cmd, bool shown, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int len = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    size_t size = len > 0 ? 4 * (size_t)len + 1 : 1;
    char *msg = len >= 0 ? malloc((size_t)len + 1) : NULL, *buf = malloc(size);
    if (msg && buf) {
        vsnprintf(msg, (size_t)len + 1, fmt, ap);
        fprintf(stderr, "leastscore %s: %s", cmd, shown ? msg : cli_shown(msg, buf, size));
    } else {
        fprintf(stderr, "leastscore %s: out of memory for the message of a usage "
                "error", cmd);
    }
    free(msg);
    free(buf);
    fprintf(stderr, "\nRun 'leastscore %s --help' for usage.\n", cmd);
    return 2;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = usage_error(cmd, false, fmt, ap);
    va_end(ap);
    return rc;
}

int cli_usage_error_shown(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = usage_error(cmd, true, fmt, ap);
    va_end(ap);
    return rc;
}

int cli_db_check(const char *cmd, const char *where)
{
    struct stat st;
    if (!strncmp(where, "postgresql://", 13) || !strncmp(where, "postgres://", 11) ||
        stat(where, &st) != 0 || S_ISREG(st.st_mode))
        return 0;
    if (S_ISDIR(st.st_mode))
        return cli_usage_error(cmd, "--db '%s' is a directory: give an SQLite file in it "
                               "(created if it does not exist) or a postgresql:// URL",
                               where);
    return cli_usage_error(cmd, "--db '%s' is no regular file (a %s): give an SQLite "
                           "file (created if it does not exist) or a postgresql:// URL",
                           where, S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "device"
                           : S_ISFIFO(st.st_mode) ? "pipe" : "socket");
}

int cli_rules_option(const char *cmd, ls_rules *r, const char *option, const char *value)
{
    char name[32];
    snprintf(name, sizeof name, "%s", option);
    for (char *c = name; *c; c++)
        if (*c == '-')
            *c = '_';
    ls_error err = {0};
    if (ls_rules_set(r, name, value, &err) == 0)
        return 0;
    const char *allowed = ls_option_allowed(name);
    if (allowed)
        return cli_usage_error(cmd, "--%s: '%s' is not %s", option, value, allowed);
    return cli_usage_error_shown(cmd, "--%s: %s", option, err.msg);
}

int cli_parse_long(const char *cmd, const char *opt, const char *arg, long lo,
                   long hi, long *out)
{
    uint64_t v;
    if (cli_parse_u64(arg, &v) != 0 || v < (uint64_t)lo || v > (uint64_t)hi)
        return cli_usage_error(cmd, "%s: '%s' is not a whole number from %ld to %ld",
                               opt, arg, lo, hi);
    *out = (long)v;
    return 0;
}

int cli_parse_int(const char *cmd, const char *opt, const char *arg, int lo, int hi,
                  int *out)
{
    long v = 0;
    int rc = cli_parse_long(cmd, opt, arg, lo, hi, &v);
    if (!rc)
        *out = (int)v;
    return rc;
}

/* text as a cmd: command is shown (cli_shown_n: its printable UTF-8 as
 * it is, a control byte \xNN), into buf (size bytes, at least max + 4),
 * cut to at most max (at most 60) bytes at a whole character or escape
 * with '...' after it where it was longer: a user's text quoted in a
 * message was cut by '%.60s' without a word, so that the head read as the
 * whole, and inside a character ('\xc3'). For cli_usage_error_shown.
 * Returns buf. */
static const char *shown_head(const char *text, size_t max, char *buf, size_t size)
{
    char all[CLI_SHOWN_MAX(64)];
    cli_shown_n(text, strlen(text), all, sizeof all);
    size_t n = strlen(all);
    if (n > max)
        snprintf(buf, size, "%.*s...", (int)ls_printable_cut(all, max), all);
    else
        snprintf(buf, size, "%s", all);
    return buf;
}

/*
 * The end of a cmd: spec that starts at p: the first comma outside quotes,
 * read as the shell reads the command (a '...' string holds anything but
 * ', a "..." string anything but an unescaped ", and a backslash outside
 * '...' escapes the character after it), or the end of the list. The
 * quotes stay in the command for the shell. NULL when a quote is not
 * closed; *open then says which.
 */
static char *cmd_end(char *p, char *open)
{
    char quote = 0;
    for (; *p; p++) {
        if (quote == '\'' ) {
            if (*p == '\'')
                quote = 0;
        } else if (*p == '\\' && p[1]) {
            p++;
        } else if (quote == '"') {
            if (*p == '"')
                quote = 0;
        } else if (*p == '\'' || *p == '"') {
            quote = *p;
        } else if (*p == ',') {
            return p;
        }
    }
    *open = quote;
    return quote ? NULL : p;
}

/* What split_players found wrong in a list, if anything. */
enum split_fault {
    SPLIT_OK,          /* every piece read */
    SPLIT_TOO_LONG,    /* the list has more characters than the buffer holds */
    SPLIT_NO_PLAYER,   /* the list is empty or blank */
    SPLIT_EMPTY_PIECE, /* piece `piece` is empty (two commas in a row) */
    SPLIT_OPEN_QUOTE,  /* the cmd: spec at `at` leaves the quote `open` open */
    SPLIT_AFTER_CMD,   /* the piece at `at`, after the cmd: spec before it,
                          is no player (a comma the command did not quote) */
};

/* A player list split into specs: spec[0..n-1] point into buf. When fault
 * is not SPLIT_OK, the specs before the fault are in spec[], and piece,
 * at and open say where and what. */
typedef struct {
    char buf[2048];
    const char *spec[1024]; /* a list of 2047 characters has 1024 pieces at most */
    int n;
    enum split_fault fault;
    int piece; /* the number of the piece at fault, from 1 */
    const char *at;
    char open;
} player_list;

/*
 * The one reading of a player list, shared by --players, --level and the
 * check of --player: it splits list into l->spec[] and says what is wrong
 * with it, and prints nothing. Commas separate specs; blanks around each
 * are dropped, but those that end a cmd: command (the shell's to read); a
 * piece NAME=VALUE without ':' continues the spec before it
 * ("expert:iters=5,c=1", joined without the blanks), but not a cmd: spec;
 * a cmd: spec ends at the first comma outside its command's quotes
 * (cmd_end), and a piece after it that is no player is a fault (the rest
 * of a command that the comma split). Returns l->fault.
 */
static enum split_fault split_players(const char *list, player_list *l)
{
    l->n = 0;
    l->piece = 0;
    l->at = NULL;
    l->open = 0;
    if (strlen(list) >= sizeof l->buf)
        return l->fault = SPLIT_TOO_LONG;
    snprintf(l->buf, sizeof l->buf, "%s", list);
    char *end = NULL; /* the end of the last spec, where a NAME=VALUE joins */
    for (char *tok = l->buf, *next; tok; tok = next) {
        tok += strspn(tok, " \t"); /* 'greedy, random': blanks as people write lists */
        bool is_cmd = !strncmp(tok, "cmd:", 4);
        next = is_cmd ? cmd_end(tok + 4, &l->open) : strchr(tok, ',');
        l->piece++;
        l->at = tok;
        if (l->open)
            return l->fault = SPLIT_OPEN_QUOTE;
        if (next && *next)
            *next++ = '\0';
        else
            next = NULL;
        for (size_t len = strlen(tok); !is_cmd && len > 0 && strchr(" \t", tok[len - 1]); len--)
            tok[len - 1] = '\0';
        if (!*tok)
            return l->fault = l->piece == 1 && !next ? SPLIT_NO_PLAYER : SPLIT_EMPTY_PIECE;
        const char *prev = l->n ? l->spec[l->n - 1] : NULL;
        bool after_cmd = prev && !strncmp(prev, "cmd:", 4);
        if (prev && end && !after_cmd && strchr(tok, '=') && !strchr(tok, ':')) {
            size_t more = strlen(tok); /* tok lies after end: the move only goes left */
            *end = ',';
            memmove(end + 1, tok, more + 1);
            end += 1 + more;
            continue;
        }
        ls_error err = {0};
        if (after_cmd && cli_player_check(tok, NULL, &err) != 0)
            return l->fault = SPLIT_AFTER_CMD;
        l->spec[l->n++] = tok;
        end = tok + strlen(tok);
    }
    l->at = NULL;
    return l->fault = SPLIT_OK;
}

/*
 * Whether spec, given to --player (which takes one player's spec, commas
 * and all), is no spec but a list of two or more that --players takes
 * ("greedy,random"): then says so, with the option meant, and returns
 * true. It said "--player: unknown player kind 'greedy,random'". The list
 * is read as --players reads it (split_players): it had a reading of its
 * own, which took "greedy, random" and "greedy,cmd:./bot --x '1,2'" for
 * one unknown kind. The list meant is shown without the blanks around its
 * specs, as one shell word where no command has a blank. A spec that
 * starts with cmd: is never read as a list.
 */
static bool list_for_players(const char *cmd, const char *spec)
{
    ls_error err = {0};
    if (!strchr(spec, ',') || !strncmp(spec, "cmd:", 4) ||
        cli_player_check(spec, NULL, &err) == 0)
        return false;
    player_list *l = malloc(sizeof *l);
    bool list = l && split_players(spec, l) == SPLIT_OK && l->n >= 2;
    char meant[sizeof l->buf] = ""; /* the specs without the blanks around them */
    for (int i = 0; list && i < l->n; i++) {
        list = cli_player_check(l->spec[i], NULL, &err) == 0;
        snprintf(meant + strlen(meant), sizeof meant - strlen(meant), "%s%s",
                 i ? "," : "", l->spec[i]);
    }
    if (list)
        cli_usage_error(cmd, "--player takes one player's spec, and '%s' is a list of %d: "
                        "did you mean '--players %s'?", spec, l->n, meant);
    free(l);
    return list;
}

/*
 * What a player spec may be, for a message about a spec that names no
 * player: "the kinds are: random, greedy, ...; or cmd:COMMAND, a program
 * playing by the bot protocol", as an unknown kind is answered. An empty
 * --player said only "an empty player spec", with neither the option nor
 * what it takes.
 */
static const char *kinds_accepted(char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "the kinds are: ");
    for (int i = 0; ls_player_kinds[i] && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "",
                              ls_player_kinds[i]);
    if (n < size)
        snprintf(buf + n, size - n, "; or cmd:COMMAND, a program playing by the bot protocol");
    return buf;
}

int cli_add_spec(const char *cmd, const char *spec,
                 char (*specs)[CLI_SPEC_MAX], int *n, int max)
{
    if (*n >= max) { /* play's specs are the computer players, not you */
        char head[64]; /* which one is too many: max + 1 is 8, 9 or 17, a 'th' */
        return cli_usage_error_shown(cmd, "at most %d %splayers: '%s' would be the %dth",
                                     max, strcmp(cmd, "play") ? "" : "computer ",
                                     shown_head(spec, 40, head, sizeof head), max + 1);
    }
    if (!spec[strspn(spec, " \t")]) { /* --player: a list's pieces are never blank */
        char head[64], kinds[256];
        return cli_usage_error_shown(cmd, "--player '%s' is %s: it names no player; %s",
                                     shown_head(spec, 40, head, sizeof head),
                                     *spec ? "blanks alone" : "empty",
                                     kinds_accepted(kinds, sizeof kinds));
    }
    if (strlen(spec) >= CLI_SPEC_MAX) {
        char head[64];
        return cli_usage_error_shown(cmd, "a player spec has at most %d characters; "
                                     "this one has %zu: '%s'", CLI_SPEC_MAX - 1,
                                     strlen(spec), shown_head(spec, 40, head, sizeof head));
    }
    if (list_for_players(cmd, spec))
        return 2;
    snprintf(specs[(*n)++], CLI_SPEC_MAX, "%s", spec);
    return 0;
}

/* Prints the usage error for the fault split_players found in list (the
 * --level list for play, the --players list for others); returns 2. */
static int split_error(const char *cmd, const char *list, const player_list *l)
{
    const char *option = strcmp(cmd, "play") ? "--players" : "--level";
    char head[64], cmd_head[64], kinds[256];
    switch (l->fault) {
    case SPLIT_TOO_LONG:
        return cli_usage_error(cmd, "the list of players is too long (%zu characters, "
                               "at most %zu)", strlen(list), sizeof l->buf - 1);
    case SPLIT_NO_PLAYER:
        return cli_usage_error(cmd, "the %s list '%s' is empty: it names no player; %s",
                               option, list, kinds_accepted(kinds, sizeof kinds));
    case SPLIT_EMPTY_PIECE:
        return cli_usage_error(cmd, "piece %d of the %s list '%s' is "
                               "empty (two commas in a row, or one at an end); %s",
                               l->piece, option, list, kinds_accepted(kinds, sizeof kinds));
    case SPLIT_OPEN_QUOTE:
        return cli_usage_error_shown(cmd, "'%s': its command has a %s quote (%c) "
                                     "that is not closed",
                                     shown_head(l->at, 60, head, sizeof head),
                                     l->open == '"' ? "double" : "single", l->open);
    case SPLIT_AFTER_CMD: /* it was "unknown player kind '2'" */
        return cli_usage_error_shown(cmd, "'%s' after '%s' in the %s list is no "
                                     "player: a comma in a cmd: command is kept when "
                                     "the command quotes it (\"cmd:./bot --x '1,2'\","
                                     "greedy)%s", shown_head(l->at, 60, head, sizeof head),
                                     shown_head(l->spec[l->n - 1], 60, cmd_head,
                                                sizeof cmd_head), option,
                                     strcmp(cmd, "play")
                                     ? ", or give the bot alone with --player SPEC" : "");
    case SPLIT_OK:
        break;
    }
    return 0;
}

int cli_add_players(const char *cmd, const char *list,
                    char (*specs)[CLI_SPEC_MAX], int *n, int max)
{
    player_list *l = malloc(sizeof *l); /* 10 KiB: not on the stack */
    if (!l)
        return cli_usage_error(cmd, "out of memory reading a list of players");
    split_players(list, l);
    int rc = 0;
    for (int i = 0; !rc && i < l->n; i++) /* the specs before a fault, in order */
        rc = cli_add_spec(cmd, l->spec[i], specs, n, max);
    if (!rc)
        rc = split_error(cmd, list, l);
    free(l);
    return rc;
}

/* Whether a word of n characters names a file: a '/' or an extension. */
static bool file_like(const char *w, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (w[i] == '/' || (w[i] == '.' && i > 0 &&
                            ((w[i + 1] >= 'a' && w[i + 1] <= 'z') ||
                             (w[i + 1] >= 'A' && w[i + 1] <= 'Z'))))
            return true;
    return false;
}

/* Whether a program name is an interpreter or a launcher of another. */
static bool interpreter(const char *w, size_t n)
{
    static const char *const known[] = {"python", "pypy", "node", "deno",
        "bun", "perl", "ruby", "php", "lua", "luajit", "java", "julia",
        "Rscript", "dotnet", "mono", "go", "racket", "guile", "escript",
        "elixir", "tclsh", "awk", "gawk", "sh", "bash", "dash", "env",
        "nice", "timeout", "stdbuf", "exec", NULL};
    for (int i = 0; known[i]; i++) {
        size_t k = strlen(known[i]);
        /* "python3", "python3.11", "lua5.4": the name and a version */
        if (n >= k && !strncmp(w, known[i], k) &&
            strspn(w + k, "0123456789.") == n - k)
            return true;
    }
    return false;
}

/* The file name in a word of n characters: what follows its last '/'. */
static const char *file_name(const char *w, size_t *n)
{
    for (size_t i = *n; i > 0; i--)
        if (w[i - 1] == '/') {
            *n -= i;
            return w + i;
        }
    return w;
}

/* Whether a word of n characters is a shell assignment, NAME=value. */
static bool assignment(const char *w, size_t n)
{
    size_t k = 0;
    while (k < n && (w[k] == '_' || (w[k] >= 'a' && w[k] <= 'z') ||
                     (w[k] >= 'A' && w[k] <= 'Z') || (k > 0 && w[k] >= '0' && w[k] <= '9')))
        k++;
    return k > 0 && k < n && w[k] == '=';
}

/* A cmd: player's name from its command, so that a table tells bots apart:
 * the program's file name ("./bots/mybot --level 3" -> "mybot"), unless
 * the program is a known interpreter or launcher ("python3 bots/greedy.py
 * --level 3", "timeout 5 ./bot") and a later word that is not an option
 * names a file (it has a '/' or an extension): then that file's name
 * ("greedy.py", "bot"). Leading assignments ("LEVEL=3 ./bot") are not
 * the program. "bot" if there is no word. */
static void command_name(const char *command, char *out, size_t size)
{
    const char *name = NULL;
    size_t len = 0;
    bool interp = false;
    for (const char *p = command; *p;) {
        p += strspn(p, " \t'\"");
        size_t n = strcspn(p, " \t'\"");
        if (n && !name && assignment(p, n)) {
            p += n; /* "LEVEL=3 ./bot" runs ./bot: it was named LEVEL_3 */
            continue;
        }
        if (n && !name) {
            len = n;
            name = file_name(p, &len);
            interp = interpreter(name, len);
        } else if (n && interp && *p != '-' && file_like(p, n)) {
            len = n;
            name = file_name(p, &len);
            break;
        }
        p += n;
    }
    if (name && len)
        snprintf(out, size, "%.*s", (int)len, name);
    else
        snprintf(out, size, "bot");
}

/* Whether one of the first k names is name. */
static bool name_taken(char (*names)[LS_NAME_MAX + 1], int k, const char *name)
{
    for (int j = 0; j < k; j++)
        if (!strcmp(names[j], name))
            return true;
    return false;
}

/* raw as a player's name may hold it ([A-Za-z0-9_-], docs/record-format.md)
 * into out (size bytes, cut to size - 1): each other character becomes
 * one '_', a UTF-8 character of several bytes too ('中文.py' is '___py';
 * it was '_______py', one a byte), a byte that is not UTF-8 one each. */
static void name_chars(const char *raw, char *out, size_t size)
{
    const unsigned char *p = (const unsigned char *)raw;
    size_t n = 0;
    while (*p && n + 1 < size) {
        unsigned c = *p++;
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '_' || c == '-';
        out[n++] = keep ? (char)c : '_';
        /* A lead byte's continuation bytes are the same character. */
        int more = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2
                 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
        int i = 0;
        while (i < more && (p[i] & 0xc0) == 0x80)
            i++;
        if (i == more)
            p += more;
    }
    out[n] = '\0';
}

void cli_player_names(const char (*specs)[CLI_SPEC_MAX], int n,
                      char (*names)[LS_NAME_MAX + 1])
{
    for (int k = 0; k < n; k++) {
        char raw[CLI_SPEC_MAX], base[LS_NAME_MAX + 1];
        const char *spec = specs[k];
        if (!strncmp(spec, "cmd:", 4))
            command_name(spec + 4, raw, sizeof raw);
        else
            snprintf(raw, sizeof raw, "%.*s", (int)strcspn(spec, ":,"), spec);
        name_chars(raw, base, sizeof base);
        /* A name met again gets the first number that makes it unique
         * (greedy, greedy2, greedy3): counting the names that began with
         * it gave 'cmd:./random2,random' the name random2 twice, and
         * every match failed. */
        snprintf(names[k], LS_NAME_MAX + 1, "%s", base);
        for (unsigned num = 2; name_taken(names, k, names[k]); num++)
            snprintf(names[k], LS_NAME_MAX + 1, "%.13s%u", base, num);
    }
}

uint64_t cli_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

void cli_wilson(long k, long n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = *hi = 0;
        return;
    }
    double z = 1.959963984540054, p = (double)k / n, z2n = z * z / n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

const char *cli_shown(const char *path, char *buf, size_t size)
{
    if (cli_shows_as_is(path, strlen(path)))
        return path;
    return cli_shown_n(path, strlen(path), buf, size);
}

bool cli_utf8_ctype(void)
{
    setlocale(LC_CTYPE, "");
    const char *cs = nl_langinfo(CODESET);
    return cs && !strcmp(cs, "UTF-8");
}

int cli_char_cols(const char *s, size_t n, size_t *len)
{
    mbstate_t st;
    wchar_t wc;
    memset(&st, 0, sizeof st);
    size_t k = mbrtowc(&wc, s, n, &st);
    if (k == 0 || k > n) { /* a byte alone: to the next lead byte */
        k = 1;
        while (k < n && ((unsigned char)s[k] & 0xC0) == 0x80)
            k++;
        *len = k;
        return 1;
    }
    *len = k;
    int w = wcwidth(wc);
    return w < 0 ? 1 : w;
}

int cli_text_width(const char *s, size_t n)
{
    int w = 0;
    for (size_t i = 0, k; i < n && s[i]; i += k)
        w += cli_char_cols(s + i, n - i, &k);
    return w;
}

size_t cli_text_cut(const char *s, size_t n, int cols)
{
    size_t b = 0, k;
    for (int w = 0; b < n && s[b]; b += k) {
        w += cli_char_cols(s + b, n - b, &k);
        if (w > cols)
            break;
    }
    return b;
}

const char *cli_table_column(const char *shown, int w, char *buf, size_t size)
{
    size_t len = strlen(shown), n = len;
    /* The bytes buf holds besides '~' and up to w spaces: a text of few
     * columns can have many bytes (an accent combined 40 times takes no
     * column), which snprintf cut inside a character, with no padding. */
    size_t room = size > (size_t)w + 2 ? size - (size_t)w - 2 : 0;
    int cols = cli_text_width(shown, len);
    if (cols > w || len > room) {
        /* The characters in w - 1 columns, then back to the last whole
         * escape (\\ and \xNN) or character among them. */
        n = cli_text_cut(shown, len, w > 1 ? w - 1 : 0);
        n = ls_printable_cut(shown, n < room ? n : room);
        cols = cli_text_width(shown, n) + 1;
    }
    snprintf(buf, size, "%.*s%s%*s", (int)n, shown, n < len ? "~" : "",
             cols < w ? w - cols : 0, "");
    return buf;
}
