/*
 * cmd_serve.c - `leastscore serve`: the online game server.
 *
 * Reads and checks the options, opens the record store, and hands over to
 * the network layer (src/server/net.c) until SIGINT or SIGTERM. The one
 * line on stdout ("leastscore: serving http://HOST:PORT/") tells people and
 * tests where to go; everything else is logged on stderr.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "server/net.h"
#include "server/store_db.h"

static void help(void)
{
    printf(
        "usage: leastscore serve [OPTIONS]\n\n"
        "Serves the online game: the browser client at http://HOST:PORT/ and\n"
        "the game at ws://HOST:PORT/ws (docs/server-protocol.md). Stop it with\n"
        "Ctrl-C or SIGTERM.\n\n"
        "options:\n"
        "  --listen HOST:PORT   address to listen on (default 127.0.0.1:8080;\n"
        "                       an IPv6 one in brackets: [::1]:8080; port 0\n"
        "                       picks a free port)\n"
        "  --data DIR           the data directory: the SQLite store and each\n"
        "                       finished match as a game record (.lsr) (default\n"
        "                       ~/.local/share/leastscore/server)\n"
        "  --db FILE|URL        the store: an SQLite file (default DIR/leastscore.db)\n"
        "                       or a postgresql:// URL; matches are written move\n"
        "                       by move and restored after a restart; a new\n"
        "                       or empty file or schema is made a store,\n"
        "                       another program's database is refused\n"
        "                       (docs/store.md)\n"
        "  --web DIR            the browser client's files (default: the\n"
        "                       installed share/leastscore/web, else the source\n"
        "                       tree's web/)\n"
        "  --grace S            seconds a dropped player's seat is held (60)\n"
        "  --round-pause S      longest pause between rounds, seconds (8)\n"
        "  --bot-delay MS       computer moves are played this long after the\n"
        "                       turn began, at the earliest (700)\n"
        "  --hurry S            a player who has had the turn S seconds may be\n"
        "                       asked to hurry by another, then has S more before\n"
        "                       the computer moves for them (30; 0: never)\n"
        "  --max-tables N       tables on the server (2000)\n"
        "  --max-tables-per-address N\n"
        "                       tables created from one IP address (10)\n"
        "  --max-connections-per-address N\n"
        "                       game connections open from one IP address at\n"
        "                       once (100); beyond, HTTP 429\n"
        "  --idle-timeout S     a silent game connection is pinged after S/3\n"
        "                       seconds and dropped after S without an answer\n"
        "                       (15); an HTTP client that reads nothing of its\n"
        "                       answer for S seconds is dropped too\n"
        "  --max-queue KIB      output waiting for one game connection, in KiB;\n"
        "                       a client that stops reading is closed once its\n"
        "                       queue would pass this (1024; at least 256)\n"
        "  --origin LIST        more web origins allowed to connect, comma-\n"
        "                       separated (http://example.org); the server's own\n"
        "                       address is always allowed\n"
        "  --trust-proxy LIST   IP addresses of proxies in front of the server\n"
        "                       (127.0.0.1,::1): a connection from one counts\n"
        "                       under the client address its X-Forwarded-For\n"
        "                       names, for the per-address limits and the log\n"
        "  --workers N          worker threads, 1 to 64 (2; 2 are started at\n"
        "                       least): hints, replays and logins take all but\n"
        "                       one, so that a computer player's move never\n"
        "                       waits behind them\n"
        "  -h, --help           this help\n");
}

/* HOST:PORT, or [IPV6]:PORT as in a URL; host receives HOST or IPV6
 * without its brackets. An IPv6 address without brackets is refused: its
 * last colon cannot be told from the port's. */
static int parse_listen(const char *text, char *host, size_t size, int *port)
{
    const char *from = text, *to = strrchr(text, ':');
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (!close || close[1] != ':' || close == text + 1)
            return cli_usage_error("serve", "--listen: '%s' is not [IPV6]:PORT "
                                   "(such as [::1]:8080)", text);
        from = text + 1;
        to = close;
    } else if (to && memchr(text, ':', (size_t)(to - text))) {
        return cli_usage_error("serve", "--listen: '%s': an IPv6 address is written "
                               "in brackets, such as [::1]:8080", text);
    }
    if (!to || to == from || (size_t)(to - from) >= size)
        return cli_usage_error("serve", "--listen: '%s' is not HOST:PORT "
                               "(such as 127.0.0.1:8080 or [::1]:8080)", text);
    snprintf(host, size, "%.*s", (int)(to - from), from);
    return cli_parse_int("serve", "--listen's port", to + (*to == ']' ? 2 : 1), 0, 65535, port);
}

/* --origin's list, checked and written back without the blanks around its
 * commas into out: each entry an origin as browsers send it,
 * http[s]://HOST[:PORT], with no path (a trailing '/' never matches). */
static int parse_origin(const char *text, char *out, size_t size)
{
    size_t n = 0;
    const char *p = text;
    if (strlen(text) >= size)
        return cli_usage_error("serve", "--origin: the list is longer than %zu characters",
                               size - 1);
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        size_t len = strcspn(p, ",");
        while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
            len--;
        const char *host = !strncmp(p, "https://", 8) ? p + 8
                         : !strncmp(p, "http://", 7)  ? p + 7 : NULL;
        size_t hlen = host ? len - (size_t)(host - p) : 0;
        if (!len)
            return cli_usage_error("serve", "--origin: an empty entry in '%s': give "
                                   "origins separated by commas", text);
        if (!host || !hlen || strcspn(host, "/?#@ \t") < hlen)
            return cli_usage_error("serve", "--origin: '%.*s' is not an origin: write "
                                   "http://HOST[:PORT] or https://HOST[:PORT], with no "
                                   "path or '/' at the end (such as https://example.org)",
                                   (int)len, p);
        n += (size_t)snprintf(out + n, size - n, "%s%.*s", n ? "," : "", (int)len, p);
        p += strcspn(p, ",");
        if (!*p)
            return 0;
        p++;
    }
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Removes the SQLite store FILE this start made, and its -wal and -shm,
 * when the server could not listen after all: nothing but its schema was
 * written into it (tables are restored once listening), and this
 * process held it (store_db_new takes it, ls_db_hold). */
static void unmake_store(const char *file)
{
    static const char *const suffixes[] = {"-wal", "-shm", "-journal", ""};
    char path[PATH_MAX + 16];
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
        if ((size_t)snprintf(path, sizeof path, "%s%s", file, suffixes[i]) < sizeof path)
            unlink(path);
}

/* The client's files when --web is not given: next to the installed
 * command (PREFIX/bin/../share/leastscore/web), else the source tree's web/
 * (build/leastscore -> web/). */
static bool default_web(char *out, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    if ((size_t)snprintf(out, size, "%.3000s/../share/leastscore/web", exe) < size &&
        is_dir(out))
        return true;
    return (size_t)snprintf(out, size, "%.3000s/../web", exe) < size && is_dir(out);
}

static void default_data(char *out, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && *xdg == '/')
        snprintf(out, size, "%s/leastscore/server", xdg);
    else if (home && *home)
        snprintf(out, size, "%s/.local/share/leastscore/server", home);
    else
        snprintf(out, size, "leastscore-server");
}

enum { OPT_LISTEN = 256, OPT_DATA, OPT_WEB, OPT_ORIGIN, OPT_DB, OPT_PROXY, OPT_INT };

/* The numeric options: each is getopt's OPT_INT + its index here. */
typedef struct int_option {
    const char *name;
    int lo, hi;
    int *out;
} int_option;

int cmd_serve(int argc, char **argv)
{
    char host[256] = "127.0.0.1", data[PATH_MAX], web[PATH_MAX];
    static char origins[2048]; /* --origin, checked; the server keeps the pointer */
    const char *data_opt = NULL, *web_opt = NULL, *db_opt = NULL;
    int port = 8080, grace = 60, pause = 8, hurry = 30, workers = 2, c, rc;
    net_config cfg = {.max_tables = 2000, .max_tables_per_address = 10,
                      .max_conns_per_address = 100, .idle_s = 15,
                      .max_queue_kib = 1024,
                      .table = {.bot_delay_ms = 700}};
    const int_option ints[] = {
        {"grace", 1, 86400, &grace},
        {"round-pause", 0, 3600, &pause},
        {"bot-delay", 0, 60000, &cfg.table.bot_delay_ms},
        {"hurry", 0, 3600, &hurry},
        {"max-tables", 1, 1000000, &cfg.max_tables},
        {"max-tables-per-address", 1, 1000000, &cfg.max_tables_per_address},
        {"max-connections-per-address", 1, 1000000, &cfg.max_conns_per_address},
        {"idle-timeout", 2, 3600, &cfg.idle_s},
        {"max-queue", 256, 1048576, &cfg.max_queue_kib},
        {"workers", 1, 64, &workers},
    };
    enum { NINTS = sizeof ints / sizeof ints[0] };
    /* The options with text values and --help, then the numeric ones,
     * then getopt's terminating zeros. */
    struct option longopts[7 + NINTS + 1] = {
        {"listen", required_argument, NULL, OPT_LISTEN},
        {"data", required_argument, NULL, OPT_DATA},
        {"web", required_argument, NULL, OPT_WEB},
        {"origin", required_argument, NULL, OPT_ORIGIN},
        {"db", required_argument, NULL, OPT_DB},
        {"trust-proxy", required_argument, NULL, OPT_PROXY},
        {"help", no_argument, NULL, 'h'},
    };
    for (int i = 0; i < NINTS; i++)
        longopts[7 + i] = (struct option){ints[i].name, required_argument, NULL, OPT_INT + i};
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if (c >= OPT_INT && c < OPT_INT + NINTS) {
            const int_option *o = &ints[c - OPT_INT];
            char name[48];
            snprintf(name, sizeof name, "--%s", o->name);
            if ((rc = cli_parse_int("serve", name, optarg, o->lo, o->hi, o->out)))
                return rc;
            continue;
        }
        switch (c) {
        case 'h':
            if (cli_help_alone("serve", argc, argv))
                return 2;
            help();
            return 0;
        case OPT_LISTEN:
            rc = parse_listen(optarg, host, sizeof host, &port);
            break;
        case OPT_DATA:
            data_opt = optarg;
            rc = 0;
            break;
        case OPT_WEB:
            web_opt = optarg;
            rc = 0;
            break;
        case OPT_ORIGIN:
            rc = parse_origin(optarg, origins, sizeof origins);
            cfg.origin = origins;
            break;
        case OPT_DB:
            db_opt = optarg;
            rc = 0;
            break;
        case OPT_PROXY: {
            char why[160];
            rc = netaddr_parse_list(optarg, &cfg.trusted, why, sizeof why) != 0
                     ? cli_usage_error("serve", "--trust-proxy: %s", why)
                     : 0;
            break;
        }
        case ':':
            return cli_usage_error("serve", "%s needs a value", argv[optind - 1]);
        default:
            return cli_option_error("serve", cli_option_given(c, argc, argv), longopts);
        }
        if (rc)
            return rc;
    }
    if (optind < argc)
        return cli_usage_error("serve", "unexpected argument '%s'", argv[optind]);
    /* An empty name is a mistake in the command (a variable unset), not a
     * store or a directory that failed: said as storebench says it. */
    if (db_opt && !*db_opt)
        return cli_usage_error("serve", "--db needs an SQLite file or a postgresql:// URL, "
                               "not an empty name");
    if (db_opt) {
        int bad = cli_db_check("serve", db_opt);
        if (bad)
            return bad;
    }
    if (data_opt && !*data_opt)
        return cli_usage_error("serve", "--data needs a directory, not an empty name");
    if (web_opt && !*web_opt)
        return cli_usage_error("serve", "--web needs a directory, not an empty name");
    if (web_opt) {
        if (!is_dir(web_opt))
            return cli_usage_error("serve", "--web: '%s' is not a directory", web_opt);
        char index[PATH_MAX];
        struct stat st;
        if ((size_t)snprintf(index, sizeof index, "%s/index.html", web_opt) >= sizeof index ||
            stat(index, &st) != 0 || !S_ISREG(st.st_mode))
            return cli_usage_error("serve", "--web: '%s' has no index.html: give the "
                                   "directory of the browser client's files (web/)",
                                   web_opt);
        snprintf(web, sizeof web, "%s", web_opt);
    } else if (!default_web(web, sizeof web)) {
        return cli_usage_error("serve", "cannot find the browser client's files "
                               "(share/leastscore/web); give --web DIR");
    }
    if (data_opt)
        snprintf(data, sizeof data, "%s", data_opt);
    else
        default_data(data, sizeof data);
    cfg.host = host;
    cfg.port = port;
    cfg.web_dir = web;
    cfg.table.grace_ms = grace * 1000;
    cfg.table.round_pause_ms = pause * 1000;
    cfg.table.hurry_ms = hurry * 1000;

    char msg[PATH_MAX + 64], db_file[PATH_MAX + 16];
    /* A server that cannot listen (the port in use or below 1024, an
     * address not of this machine) makes no data directory and no store. */
    if (net_check_listen(host, port, msg, sizeof msg) != 0) {
        fprintf(stderr, "leastscore serve: %s\n", msg);
        return 1;
    }
    /* The store: --db, else an SQLite file in the data directory (made if
     * missing); finished matches also go to the data directory as .lsr. */
    size_t made = 0;
    if (store_file_mkdir_made(data, &made, msg, sizeof msg) != 0) {
        fprintf(stderr, "leastscore serve: %s\n", msg);
        return 1;
    }
    /* One server a data directory, held until this process ends: taken
     * before the store is opened, which restores the tables in progress. */
    int data_lock = store_file_lock(data, msg, sizeof msg);
    if (data_lock < 0) {
        fprintf(stderr, "leastscore serve: %s\n", msg);
        store_file_unmake(data, made);
        return 1;
    }
    /* The store (the default file, or --db) keeps the matches, the
     * players and their ratings, and answers the JSON API. */
    if (!db_opt) {
        snprintf(db_file, sizeof db_file, "%s/leastscore.db", data);
        db_opt = db_file;
    }
    /* An SQLite file this start makes goes if the server cannot listen
     * after all (the port taken since the check above), as the data
     * directory it made does. */
    bool url = !strncmp(db_opt, "postgres", 8);
    struct stat db_st;
    bool db_made = !url && stat(db_opt, &db_st) != 0 && errno == ENOENT;
    store *st = store_db_new(db_opt, data, stderr, msg, sizeof msg);
    if (!st) {
        fprintf(stderr, "leastscore serve: %s\n", msg);
        close(data_lock);
        /* A data directory this start made goes with it (the default
         * one too, made in the user's home for a --db that failed). */
        store_file_unmake(data, made);
        return 1;
    }
    cfg.st = st;
    cfg.db_where = db_opt;
    cfg.db_peer = store_db_db(st);
    /* libuv sizes its worker pool from the environment at first use:
     * 2 threads at least, one of them kept from hints, replays and
     * logins for the computer players' moves (net.c, side_free). */
    if (workers < 2)
        workers = 2;
    char nworkers[16];
    snprintf(nworkers, sizeof nworkers, "%d", workers);
    setenv("UV_THREADPOOL_SIZE", nworkers, 1);
    /* A URL may hold a password: only a file is named. Said once the
     * server listens: one that cannot says only why. */
    const char *backend = ls_db_backend(store_db_db(st));
    char start_log[2 * PATH_MAX + 160];
    snprintf(start_log, sizeof start_log,
             "leastscore serve: matches are kept in the %s store %s\n"
             "leastscore serve: records of finished matches go to %s\n",
             backend, strcmp(backend, "sqlite") ? "(the --db URL)" : db_opt, data);
    cfg.start_log = start_log;
    cfg.workers = workers;
    rc = net_run(&cfg, stdout);
    if (rc == NET_CANNOT_LISTEN) {
        store_db_free(st);
        if (db_made)
            unmake_store(db_opt);
        close(data_lock);
        store_file_unmake(data, made);
        return 1;
    }
    if (rc == 0) {
        int done = store_db_finished(st);
        fprintf(stderr, "leastscore serve: stopped; %d match%s finished into the store\n",
                done, done == 1 ? "" : "es");
    }
    store_db_free(st);
    close(data_lock);
    return rc;
}
