/*
 * cmd_replay.c - `leastscore replay [--json] FILE`: verifies a game record
 * and prints what happened in it.
 *
 * All the checking is ls_record_read()'s; this file only reads the file,
 * reports the first error as `FILE:LINE:COLUMN: what is wrong` (FILE is
 * `<stdin>` when the record comes from `-`; no COLUMN for what is missing
 * at the end) and turns the completed rounds' results
 * into a readable summary or, with --json, one JSON object built with
 * jansson. Exit status: 0 valid record, 1 invalid record (one message on
 * stderr: one line in a pipe or a file, broken at spaces at a terminal), 2
 * usage error or a file that cannot be read (docs/record-format.md).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "cli/cli.h"
#include "cli/play.h"
#include "cli/recfile.h"
#include "leastscore.h"

static void help(void)
{
    printf("usage: leastscore replay [--json] FILE\n\n"
           "Verifies a game record (docs/record-format.md) and prints each\n"
           "completed round's result and the final standings. FILE is a\n"
           "regular file, or '-' to read standard input (a pipe).\n\n"
           "options:\n"
           "  --json     print one JSON object instead of the summary\n"
           "  -h, --help print this help\n\n"
           "exit status: 0 the record is valid; 1 it is not (one line on\n"
           "stderr: FILE:LINE:COLUMN: what is wrong; FILE is <stdin> for '-');\n"
           "2 usage error or the file cannot be read.\n");
}

/*
 * Writes one line of text (no newline in it) and a newline to f. At a
 * terminal (width > 0, its columns) the line is broken at spaces, its
 * later rows indented two more than its own lead, as line mode's are; a
 * word wider than a row is written whole. In a pipe (width 0) it stays
 * one line. At 60 columns the players of a table of long names, a long
 * headline and every message on stderr were cut mid-word by the terminal.
 */
static void put_line(FILE *f, int width, const char *s)
{
    size_t n = strlen(s), lead = strspn(s, " ");
    int indent = (int)lead + 2, room = width;
    if (indent > width / 4)
        indent = width / 4;
    while (n > 0) {
        size_t fit = width > 0 ? play_wrap(s, n, room) : n;
        if (fit == 0) /* a word wider than the row, whole */
            fit = strspn(s, " ") + strcspn(s + strspn(s, " "), " ");
        fwrite(s, 1, fit, f);
        s += fit;
        n -= fit;
        while (n > 0 && *s == ' ')
            s++, n--;
        if (n > 0) {
            fprintf(f, "\n%*s", indent, "");
            room = width - indent;
        }
    }
    fputc('\n', f);
}

/* The columns of the terminal on fd, or 0 when fd is none (a pipe or a
 * file: COLUMNS alone does not make one). */
static int width_of(int fd)
{
    return isatty(fd) ? play_term_width(fd) : 0;
}

static int out_width; /* stdout's terminal's columns, or 0 */

/* printf of one line of the summary (its newline left out), as put_line
 * writes it. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    put_line(stdout, out_width, line);
}

/* A message on stderr (its newline left out), broken at a terminal's
 * width as put_line does: still one line in a pipe or a file. */
static void tell(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void tell(const char *fmt, ...)
{
    char line[2 * CLI_SHOWN_MAX(4096) + 1024]; /* a path shown, its message and more */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    put_line(stderr, width_of(STDERR_FILENO), line);
}

/* Seats of a round's mask, as a JSON array of names. */
static json_t *json_names(const ls_state *s, unsigned mask)
{
    json_t *a = json_array();
    for (int i = 0; i < ls_players(s); i++)
        if (mask & (1u << i))
            json_array_append_new(a, json_string(ls_name(s, i)));
    return a;
}

/* {"Ann": v[0], ...} for the seats in mask. */
static json_t *json_by_name(const ls_state *s, unsigned mask, const int *v)
{
    json_t *o = json_object();
    for (int i = 0; i < ls_players(s); i++)
        if (mask & (1u << i))
            json_object_set_new(o, ls_name(s, i), json_integer(v[i]));
    return o;
}

/* The rules in force, by their record names ("threshold", "declare_max",
 * ...): a number as a JSON number, a word ("penalty", "suited") as a
 * string, as ls_rules_get() writes them. */
static json_t *json_rules(const ls_rules *r)
{
    json_t *o = json_object();
    for (const char *const *name = ls_option_names; *name; name++) {
        char value[32], *end;
        if (ls_rules_get(r, *name, value, sizeof value) != 0)
            continue;
        long n = strtol(value, &end, 10);
        json_object_set_new(o, *name, *value && !*end ? json_integer(n) : json_string(value));
    }
    return o;
}

/* out_round[i]: the round seat i went out in (of the rounds res), or 0. */
static void out_rounds(const ls_state *s, const ls_round_result *res, int nres,
                       int *out_round)
{
    for (int i = 0; i < ls_players(s); i++)
        out_round[i] = 0;
    for (int r = 0; r < nres; r++)
        for (int i = 0; i < ls_players(s); i++)
            if (res[r].eliminated & (1u << i))
                out_round[i] = res[r].round;
}

/* The standings as the text gives them (print_standings): by place, each
 * {"place", "name", "total", "out_round"}, out_round null while in. */
static json_t *json_places(const ls_state *s, const int *out_round)
{
    play_place places[LS_MAX_PLAYERS];
    int n = play_places(s, out_round, places);
    json_t *a = json_array();
    for (int k = 0; k < n; k++) {
        int i = places[k].seat;
        json_t *o = json_object();
        json_object_set_new(o, "place", json_integer(places[k].place));
        json_object_set_new(o, "name", json_string(ls_name(s, i)));
        json_object_set_new(o, "total", json_integer(ls_score(s, i)));
        json_object_set_new(o, "out_round",
                            out_round[i] ? json_integer(out_round[i]) : json_null());
        json_array_append_new(a, o);
    }
    return a;
}

static int print_json(const ls_state *s, const ls_round_result *res, int nres)
{
    unsigned all = (1u << ls_players(s)) - 1;
    json_t *root = json_object();
    json_object_set_new(root, "players", json_names(s, all));
    json_t *rounds = json_array();
    for (int r = 0; r < nres; r++) {
        const ls_round_result *rr = &res[r];
        json_t *o = json_object();
        json_object_set_new(o, "number", json_integer(rr->round));
        json_object_set_new(o, "declarer", rr->declarer >= 0
                                               ? json_string(ls_name(s, rr->declarer))
                                               : json_null());
        json_object_set_new(o, "correct", json_boolean(rr->correct));
        json_object_set_new(o, "hand_totals", json_by_name(s, rr->players, rr->hand_total));
        json_object_set_new(o, "scores", json_by_name(s, rr->players, rr->score));
        json_object_set_new(o, "totals", json_by_name(s, all, rr->total));
        json_object_set_new(o, "eliminated", json_names(s, rr->eliminated));
        json_array_append_new(rounds, o);
    }
    json_object_set_new(root, "rounds", rounds);
    json_object_set_new(root, "finished", json_boolean(ls_phase(s) == LS_PHASE_OVER));
    int w = ls_winner(s), t = ls_turn(s);
    json_object_set_new(root, "winner", w >= 0 ? json_string(ls_name(s, w)) : json_null());
    /* Added after the fields above, which stay as they were. */
    json_object_set_new(root, "to_move", t >= 0 ? json_string(ls_name(s, t)) : json_null());
    json_object_set_new(root, "rules", json_rules(ls_state_rules(s)));
    int out_round[LS_MAX_PLAYERS];
    out_rounds(s, res, nres, out_round);
    json_object_set_new(root, "places", json_places(s, out_round));

    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text) {
        fprintf(stderr, "leastscore replay: out of memory\n");
        return 1;
    }
    puts(text);
    free(text);
    return 0;
}

/*
 * A round's headline. A false declaration says why the declarer scores
 * what it does, in the terminal game's words (play_plain.c's
 * print_result): who had the lowest other hand (the first in seat order
 * of those tied) and "Bob scores 20 + 2, the others 0."; it said only "a
 * false declaration" and left the 22 points unexplained.
 */
static void print_round(const ls_state *s, const ls_round_result *rr, int width)
{
    int d = rr->declarer, low = -1;
    for (int i = 0; i < ls_players(s); i++)
        if (i != d && (rr->players >> i & 1) &&
            (low < 0 || rr->hand_total[i] < rr->hand_total[low]))
            low = i;
    if (d >= 0 && rr->correct)
        say("Round %d: %s declared with %d, correct", rr->round, ls_name(s, d),
            rr->hand_total[d]);
    else if (d >= 0 && low >= 0)
        say("Round %d: %s declared with %d, a false declaration: %s had %d. "
            "%s scores 20 + %d, the others 0.", rr->round, ls_name(s, d),
            rr->hand_total[d], ls_name(s, low), rr->hand_total[low], ls_name(s, d),
            rr->hand_total[d] - rr->hand_total[low]);
    else if (d >= 0) /* not made by ls_record_read: a round has two players */
        say("Round %d: %s declared with %d, a false declaration", rr->round,
            ls_name(s, d), rr->hand_total[d]);
    else
        say("Round %d: showdown after %d turns, %s lowest with %d", rr->round,
            rr->turns, ls_name(s, rr->lowest), rr->hand_total[rr->lowest]);
    for (int i = 0; i < ls_players(s); i++) {
        if (!(rr->players & (1u << i)))
            continue;
        say("  %-*s hand %3d  scores %+4d  total %4d%s", width, ls_name(s, i),
            rr->hand_total[i], rr->score[i], rr->total[i],
            rr->eliminated & (1u << i) ? "  out" : "");
    }
}

/* Final standings, by place (play_places, as the terminal game's end
 * gives them): out_round[i] is the round seat i went out in, or 0. */
static void print_standings(const ls_state *s, const int *out_round, int width)
{
    play_place places[LS_MAX_PLAYERS];
    int n = play_places(s, out_round, places);
    say("Standings:");
    for (int k = 0; k < n; k++) {
        int i = places[k].seat;
        char out[40] = "";
        if (out_round[i])
            snprintf(out, sizeof out, "  (out in round %d)", out_round[i]);
        say("  %d. %-*s %4d%s", places[k].place, width, ls_name(s, i), ls_score(s, i), out);
    }
}

/* path: the record's file, or NULL for standard input. A match in
 * progress read from a file ends with the command that plays it on
 * (play --resume, the first seat yours, as play saves it): the text said
 * where the match stood, and not how to go on with it, which play's own
 * words for a finished match point the other way to (replay FILE). */
static int print_text(const ls_state *s, const ls_round_result *res, int nres,
                      const char *path)
{
    int width = 0, out_round[LS_MAX_PLAYERS] = {0};
    for (int i = 0; i < ls_players(s); i++) {
        int len = (int)strlen(ls_name(s, i));
        width = len > width ? len : width;
    }
    char players[LS_MAX_PLAYERS * (LS_NAME_MAX + 1) + 16] = "Players:";
    for (int i = 0; i < ls_players(s); i++)
        snprintf(players + strlen(players), sizeof players - strlen(players), " %s",
                 ls_name(s, i));
    say("%s (threshold %d)", players, ls_state_rules(s)->threshold);
    say("%s", "");
    for (int r = 0; r < nres; r++) {
        print_round(s, &res[r], width);
        say("%s", "");
    }
    out_rounds(s, res, nres, out_round);
    if (nres == 0) {
        say("No round completed.");
        say("%s", "");
    }
    print_standings(s, out_round, width);
    if (ls_winner(s) >= 0)
        say("Winner: %s", ls_name(s, ls_winner(s)));
    else if (ls_turn(s) >= 0)
        say("Match in progress: round %d, %s to move.", ls_round(s),
            ls_name(s, ls_turn(s)));
    else
        say("Match in progress: round %d is to be dealt.", ls_round(s) + 1);
    if (ls_winner(s) < 0 && path) {
        /* Not say(): its 512 bytes cut a long path's command. */
        static char cmd[PATH_MAX * 4 + 64], line[sizeof cmd + LS_NAME_MAX + 64];
        play_resume_command(path, cmd, sizeof cmd);
        snprintf(line, sizeof line, "To go on with it: %s (you play %s)", cmd, ls_name(s, 0));
        put_line(stdout, out_width, line);
    }
    return 0;
}

/*
 * What follows "PATH is a directory; a game record is a regular file":
 * for a named pipe, how to read one ('-'); for a directory, the newest
 * .lsr file in it (by modification time, of its first 100000 entries),
 * which is what a player who named the games directory wanted; else
 * nothing. Every kind had the pipe's advice. Static text, or buf's.
 */
static const char *after_not_regular(const char *path)
{
    static char buf[CLI_SHOWN_MAX(4096) + 64];
    struct stat st;
    if (stat(path, &st) != 0)
        return "";
    if (S_ISFIFO(st.st_mode))
        return " (to read a pipe, give FILE '-' and pipe it to standard input)";
    DIR *d = S_ISDIR(st.st_mode) ? opendir(path) : NULL;
    if (!d)
        return "";
    char best[4096] = "", file[4096];
    struct timespec newest = {0, 0};
    const struct dirent *e;
    int seen = 0;
    const char *slash = path[strlen(path) - 1] == '/' ? "" : "/";
    while (seen++ < 100000 && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".lsr") ||
            (size_t)snprintf(file, sizeof file, "%s%s%s", path, slash, e->d_name) >= sizeof file ||
            stat(file, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (!*best || st.st_mtim.tv_sec > newest.tv_sec ||
            (st.st_mtim.tv_sec == newest.tv_sec && st.st_mtim.tv_nsec > newest.tv_nsec)) {
            newest = st.st_mtim;
            memcpy(best, file, sizeof best);
        }
    }
    closedir(d);
    if (!*best)
        return " (it holds no .lsr file)";
    char shown[CLI_SHOWN_MAX(4096)];
    snprintf(buf, sizeof buf, ", such as the newest one in it, '%s'",
             cli_shown(best, shown, sizeof shown));
    return buf;
}

int cmd_replay(int argc, char **argv)
{
    const char *path = NULL;
    bool json = false, options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!options_done && !strcmp(a, "--json")) {
            json = true;
        } else if (!options_done && (!strcmp(a, "--help") || !strcmp(a, "-h"))) {
            int rc = cli_help_alone("replay", argc, argv);
            if (rc == 0)
                help();
            return rc;
        } else if (!options_done && !strcmp(a, "--")) {
            options_done = true;
        } else if (!options_done && a[0] == '-' && a[1] != '\0') {
            static const struct option opts[] = {{"json", no_argument, NULL, 0},
                                                  {"help", no_argument, NULL, 0},
                                                  {NULL, 0, NULL, 0}};
            return cli_option_error("replay", a, opts);
        } else if (path) {
            return cli_usage_error("replay", "one FILE only, got '%s' and '%s'", path, a);
        } else {
            path = a;
        }
    }
    if (!path)
        return cli_usage_error("replay", "missing FILE (a record, or '-' for stdin)");
    if (!*path)
        return cli_usage_error("replay", "FILE needs a file name, not an empty one");

    size_t len = 0;
    char shown[CLI_SHOWN_MAX(4096)];
    const char *name = strcmp(path, "-") ? cli_shown(path, shown, sizeof shown) : "<stdin>";
    /* A pipe is read through '-': a named one with no writer waited for
     * ever, and a device could be read without end. */
    char quoted[sizeof shown + 2], why[sizeof quoted + 160];
    snprintf(quoted, sizeof quoted, "'%s'", name);
    if (strcmp(path, "-") && cli_regular_record(path, quoted, why, sizeof why)) {
        tell("leastscore replay: %s%s", why, after_not_regular(path));
        return 2;
    }
    /* '-' at a terminal waited for a record without a word, which looked
     * like a hang: it says what it waits for. */
    if (!strcmp(path, "-") && isatty(STDIN_FILENO))
        tell("leastscore replay: reading a record from the terminal: paste or type it, "
             "then press Ctrl-D at the start of a line (Ctrl-C stops)");
    char *text = cli_record_load(path, quoted, &len, why, sizeof why);
    if (!text) {
        tell("leastscore replay: %s", why);
        return 2;
    }

    ls_state *s = NULL;
    ls_round_result *res = NULL;
    int nres = 0;
    ls_error err = {0};
    int rc = ls_record_read(text, len, &s, &res, &nres, &err);
    free(text);
    if (rc != 0) {
        const char *msg = err.msg[0] ? err.msg : ls_strerror(rc);
        if (err.line > 0 && err.column > 0)
            tell("%s:%d:%d: %s", name, err.line, err.column, msg);
        else if (err.line > 0)
            tell("%s:%d: %s", name, err.line, msg);
        else
            tell("%s: %s", name, msg);
        return 1;
    }
    out_width = width_of(STDOUT_FILENO);
    int status = json ? print_json(s, res, nres) : print_text(s, res, nres, strcmp(path, "-") ? path : NULL);
    free(res);
    ls_state_free(s);
    return status;
}
