/*
 * main.c - the leastscore command: dispatches to a sub-command.
 *
 * The table below is the only place that knows every sub-command; each one
 * prints its own --help.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
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
    {"bench", cmd_bench, "measure the engine's speed"},
    {"serve", cmd_serve, "serve the online game (WebSocket and browser client)"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: leastscore COMMAND [OPTIONS]\n\n"
                 "Least Score, the card game: rules engine, computer players "
                 "and tools.\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nRun 'leastscore COMMAND --help' for a command's options.\n"
                 "'leastscore --version' prints the version.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
        !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("leastscore %s\n", LS_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "leastscore: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}

char *cli_read_file(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            errno = ENOMEM;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int failed = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf)
        return NULL;
    if (failed) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
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
    if (!text || !*text || *text == '-' || *text == '+')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "leastscore %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nRun 'leastscore %s --help' for usage.\n", cmd);
    return 2;
}

int cli_rules_option(ls_rules *r, const char *option, const char *value,
                     ls_error *err)
{
    char name[32];
    snprintf(name, sizeof name, "%s", option);
    for (char *c = name; *c; c++)
        if (*c == '-')
            *c = '_';
    return ls_rules_set(r, name, value, err);
}
