/*
 * cmd_storebench.c - `leastscore storebench`: how fast the server's store
 * keeps tables.
 *
 * Two figures, for the backend --db names:
 *  - moves per second with the durable write per move: matches of greedy
 *    players are played and recorded beforehand; then each move's line is
 *    appended with ls_db_table_append_lines() (one commit each, on disk or
 *    committed by PostgreSQL before the call returns), as the server does
 *    before it sends a move to anyone, each deal's lines in one commit, and
 *    each finished table is moved to the finished matches with its ratings
 *    (ls_db_table_finish()). Moves per second count the moves; the deals
 *    and the finishes are in the time too.
 *  - the time to restore N tables in progress after a restart: N tables
 *    with a match half played are written, the store is closed, then the
 *    time to open it, read every table (ls_db_live_tables()) and replay each
 *    record to its last move (ls_record_read()) is measured.
 *
 * It writes into the store it is given: point it at a throwaway one. It
 * holds the store (ls_db_hold) as a server does, and refuses one that holds
 * tables in progress (a server's), which its restore dropped.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "leastscore.h"
#include "leastscore_ai.h"
#include "server/db.h"
#include "server/db_internal.h"

static const char usage_text[] =
    "usage: leastscore storebench --db FILE|URL [--matches N] [--restore N]\n"
    "                             [--players N] [--seed N]\n"
    "\n"
    "Measures the server's store: moves per second with one durable write per\n"
    "move, and the time to restore tables in progress after a restart. It\n"
    "writes players, tables and matches into the store: use a throwaway one.\n"
    "\n"
    "  --db FILE|URL   an SQLite file (created) or a postgresql:// URL\n"
    "  --matches N     whole matches to append move by move, 1..100000\n"
    "                  (default 20)\n"
    "  --restore N     tables in progress to restore, 0..100000 (default 200;\n"
    "                  0: skip)\n"
    "  --players N     players per match, 2-8 (default 4)\n"
    "  --seed N        seed of the first match (default 1)\n"
    "  -h, --help      this text\n";

/* A match's record split into lines (in place), and into the pieces the
 * server writes at once: the header, each deal (appended whole), each
 * move. unit[k] is the line after piece k. */
typedef struct lines {
    char *text;
    char **line;
    int n, moves;
    int *unit, nunits, unit_cap;
    size_t seen; /* the record text's length at the last piece */
    int seen_lines;
} lines;

/* Marks the end of a piece: the lines the writer added since the last. */
static int add_unit(lines *l, const ls_record *rec)
{
    size_t len;
    const char *text = ls_record_text(rec, &len);
    for (size_t i = l->seen; i < len; i++)
        l->seen_lines += text[i] == '\n';
    l->seen = len;
    if (l->nunits == l->unit_cap) {
        int cap = l->unit_cap ? 2 * l->unit_cap : 256;
        int *u = realloc(l->unit, (size_t)cap * sizeof *u);
        if (!u)
            return -1;
        l->unit = u;
        l->unit_cap = cap;
    }
    l->unit[l->nunits++] = l->seen_lines;
    return 0;
}

static const char *const names[LS_MAX_PLAYERS] = {"Ann", "Bob", "Cid", "Dan",
                                                  "Eve", "Fay", "Gus", "Hal"};

/* Plays a match of greedy players seeded with seed and returns its record
 * as lines; -1 with a message on failure. */
static int play_match(int n, uint64_t seed, lines *out)
{
    ls_error err;
    ls_state *s = ls_state_new(NULL, n, names, seed, &err);
    ls_record *rec = s ? ls_record_new(s) : NULL;
    ls_player *bots[LS_MAX_PLAYERS] = {0};
    memset(out, 0, sizeof *out);
    int ret = s && rec ? add_unit(out, rec) : -1;
    for (int q = 0; q < n && !ret; q++)
        if (!(bots[q] = ls_player_new("greedy", seed * 16 + (uint64_t)q, &err)))
            ret = -1;
    while (!ret && ls_phase(s) != LS_PHASE_OVER) {
        if (ls_deal(s, &err) || ls_record_deal(rec, s) || add_unit(out, rec)) {
            ret = -1;
            break;
        }
        ls_view v;
        for (int q = 0; q < n; q++) {
            ls_view_of(s, q, &v);
            ls_player_round_start(bots[q], &v);
        }
        while (!ret && ls_phase(s) == LS_PHASE_TURN) {
            int seat = ls_turn(s);
            ls_move m;
            ls_view_of(s, seat, &v);
            if (ls_player_choose(bots[seat], &v, &m, &err) || ls_apply(s, &m, &err) ||
                ls_record_move(rec, s, seat, m) || add_unit(out, rec))
                ret = -1;
            out->moves++;
            for (int q = 0; q < n && !ret; q++)
                ls_player_tell(bots[q], s, q, seat, m);
        }
    }
    if (ret)
        fprintf(stderr, "leastscore storebench: playing match %" PRIu64 " failed: %s\n",
                seed, err.msg);
    if (!ret) {
        size_t len;
        out->text = strdup(ls_record_text(rec, &len));
        int cap = 1;
        for (size_t i = 0; out->text && i < len; i++)
            cap += out->text[i] == '\n';
        out->line = out->text ? malloc((size_t)cap * sizeof *out->line) : NULL;
        if (!out->line) {
            fprintf(stderr, "leastscore storebench: out of memory\n");
            ret = -1;
        }
        for (char *p = out->text; !ret && *p;) {
            char *nl = strchr(p, '\n');
            if (nl)
                *nl = '\0';
            out->line[out->n++] = p;
            if (!nl)
                break;
            p = nl + 1;
        }
    }
    for (int q = 0; q < n; q++)
        ls_player_free(bots[q]);
    ls_record_free(rec);
    ls_state_free(s);
    return ret;
}

static void lines_free(lines *l)
{
    free(l->unit);
    free(l->line);
    free(l->text);
}

static int store_fail(const char *what, const ls_error *err)
{
    fprintf(stderr, "leastscore storebench: %s: %s\n", what, err->msg);
    return 1;
}

/* A table with n seated players (the store's players Ann, Bob, ...). */
static int new_table(ls_db *db, int n, const int64_t *ids, int64_t *t, ls_error *err)
{
    int ret = ls_db_table_begin(db, "BENCH", "{}", t, err);
    for (int q = 0; q < n && !ret; q++) {
        char token[40];
        snprintf(token, sizeof token, "bench-seat-token-%" PRId64 "-%d", *t, q);
        ls_db_seat seat = {names[q], ids[q], NULL, token, NULL};
        ret = ls_db_table_seat(db, *t, q, &seat, err);
    }
    return ret;
}

/* The store's players named as the seats, created when missing. */
static int bench_players(ls_db *db, int n, int64_t *ids, ls_error *err)
{
    for (int q = 0; q < n; q++) {
        ls_db_player p;
        int ret = ls_db_player_by_name(db, names[q], &p, err);
        if (ret == LS_DB_ENOTFOUND) {
            char token[40];
            snprintf(token, sizeof token, "bench-player-token-%d", q);
            ret = ls_db_player_create(db, names[q], token, &p.id, err);
        }
        if (ret)
            return ret;
        ids[q] = p.id;
    }
    return 0;
}

static int bench_moves(ls_db *db, int n, int matches, uint64_t seed, const int64_t *ids)
{
    long long nlines = 0, nmoves = 0, commits = 0;
    double t_append = 0, t_finish = 0;
    ls_error err;
    for (int i = 0; i < matches; i++) {
        lines l;
        if (play_match(n, seed + (uint64_t)i, &l))
            return 1;
        int64_t t = 0;
        if (new_table(db, n, ids, &t, &err))
            return store_fail("starting a table", &err);
        double t0 = cli_wall_ms() / 1e3;
        for (int u = 0, k = 0; u < l.nunits; k = l.unit[u++])
            if (l.unit[u] > k &&
                ls_db_table_append_lines(db, t, (const char *const *)l.line + k,
                                         l.unit[u] - k, &err)) {
                lines_free(&l);
                return store_fail("appending a line", &err);
            }
        commits += l.nunits;
        double t1 = cli_wall_ms() / 1e3;
        if (ls_db_table_finish(db, t, NULL, &err)) {
            lines_free(&l);
            return store_fail("finishing a table", &err);
        }
        t_finish += cli_wall_ms() / 1e3 - t1;
        t_append += t1 - t0;
        nlines += l.n;
        nmoves += l.moves;
        lines_free(&l);
    }
    double total = t_append + t_finish;
    printf("moves: %d %s of %d greedy players (seeds %" PRIu64 "-%" PRIu64
           "): %lld moves, %lld lines\n",
           matches, matches == 1 ? "match" : "matches", n, seed,
           seed + (uint64_t)matches - 1, nmoves, nlines);
    printf("  appending, one commit per move or deal: %.0f commits/s (%.3f ms each)\n",
           (double)commits / t_append, t_append * 1e3 / (double)commits);
    printf("  finishing a match (rated, moved to history): %.2f ms each\n",
           t_finish * 1e3 / matches);
    printf("  sustained: %.0f moves/s (every line appended and every match "
           "finished, %.2f s)\n",
           (double)nmoves / total, total);
    return 0;
}

static int cmp_id(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Writes the tables to restore, each a match half played, and their ids
 * to own (tables of them, sorted on return). */
static int write_tables(ls_db *db, int n, int tables, uint64_t seed, const int64_t *ids,
                        int64_t *own, long long *nlines)
{
    ls_error err;
    for (int i = 0; i < tables; i++) {
        lines l;
        if (play_match(n, seed + 100000 + (uint64_t)i, &l))
            return 1;
        if (new_table(db, n, ids, &own[i], &err)) {
            lines_free(&l);
            return store_fail("starting a table", &err);
        }
        /* Set-up only: the match up to its middle piece, in one
         * transaction. */
        int half = l.unit[l.nunits / 2], ret = ls__db_exec(db, "BEGIN", NULL, NULL, &err);
        for (int k = 0; k < half && !ret; k++)
            ret = ls_db_table_append(db, own[i], l.line[k], &err);
        if (!ret)
            ret = ls__db_exec(db, "COMMIT", NULL, NULL, &err);
        *nlines += half;
        lines_free(&l);
        if (ret)
            return store_fail("writing a table to restore", &err);
    }
    qsort(own, (size_t)tables, sizeof *own, cmp_id);
    return 0;
}

/*
 * Only the tables it wrote (own) are counted, replayed and dropped: a
 * store that held tables in progress before is refused before anything
 * is written (cmd_storebench), and every table in progress, a server's
 * too, was dropped here with the bench's. The store is reopened held, as
 * the server opens it, so that a server started meanwhile is refused
 * rather than played beside.
 */
static int bench_restore(const char *where, ls_db **dbp, int n, int tables, uint64_t seed,
                         const int64_t *ids)
{
    ls_error err;
    long long nlines = 0;
    int64_t *own = malloc((size_t)tables * sizeof *own);
    if (!own) {
        fprintf(stderr, "leastscore storebench: out of memory\n");
        return 1;
    }
    int rc = write_tables(*dbp, n, tables, seed, ids, own, &nlines);
    if (rc)
        goto out;
    ls_db_close(*dbp);
    *dbp = NULL;

    double t0 = cli_wall_ms() / 1e3;
    if (ls_db_open_held(dbp, where, &err)) {
        rc = store_fail("reopening", &err);
        goto out;
    }
    ls_db *db = *dbp;
    double t1 = cli_wall_ms() / 1e3;
    ls_db_live_table *lt = NULL;
    int nt = 0;
    if (ls_db_live_tables(db, &lt, &nt, &err)) {
        rc = store_fail("reading the tables in progress", &err);
        goto out;
    }
    double t2 = cli_wall_ms() / 1e3;
    int bad = 0, back = 0;
    for (int i = 0; i < nt; i++) {
        if (!bsearch(&lt[i].id, own, (size_t)tables, sizeof *own, cmp_id))
            continue;
        back++;
        ls_state *s = NULL;
        if (ls_record_read(lt[i].record, lt[i].record_len, &s, NULL, NULL, &err)) {
            if (!bad++)
                fprintf(stderr, "leastscore storebench: table %" PRId64 ": line %d: %s\n",
                        lt[i].id, err.line, err.msg);
        }
        ls_state_free(s);
    }
    double t3 = cli_wall_ms() / 1e3;
    printf("restore: %d tables in progress (%lld lines) after reopening:\n", back, nlines);
    printf("  open %.1f ms, read %.1f ms, replay %.1f ms: %.1f ms in all (%.3f ms a table)\n",
           (t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3, (t3 - t0) * 1e3,
           (t3 - t0) * 1e3 / (back ? back : 1));
    for (int i = 0; i < nt && !rc; i++)
        if (bsearch(&lt[i].id, own, (size_t)tables, sizeof *own, cmp_id) &&
            ls_db_table_drop(db, lt[i].id, &err))
            rc = store_fail("dropping a restored table", &err);
    ls_db_live_tables_free(lt, nt);
    if (!rc && (back < tables || bad)) {
        fprintf(stderr, "leastscore storebench: %d of %d tables came back, %d did not "
                        "replay\n", back, tables, bad);
        rc = 1;
    }
out:
    free(own);
    return rc;
}

/* A store that holds tables in progress is some server's: storebench
 * would write its players' matches beside them and count them in its
 * restore. Refused, nothing written; 1, as a store that cannot be used. */
static int refuse_used(ls_db *db)
{
    ls_db_live_table *lt = NULL;
    int nt = 0;
    ls_error err;
    if (ls_db_live_tables(db, &lt, &nt, &err))
        return store_fail("reading the tables in progress", &err);
    ls_db_live_tables_free(lt, nt);
    if (nt == 0)
        return 0;
    fprintf(stderr, "leastscore storebench: the store holds %d table%s in progress (a "
            "server's store?): storebench writes into the store it measures, so give it "
            "a throwaway one (a new SQLite file, or an empty PostgreSQL schema)\n", nt,
            nt == 1 ? "" : "s");
    return 1;
}

int cmd_storebench(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},      {"matches", required_argument, NULL, 'm'},
        {"restore", required_argument, NULL, 'r'}, {"players", required_argument, NULL, 'p'},
        {"seed", required_argument, NULL, 's'},    {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *where = NULL;
    long matches = 20, restore = 200, players = 4;
    uint64_t seed = 1;
    int c, rc = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 'd':
            where = optarg;
            break;
        case 'h':
            if (cli_help_alone("storebench", argc, argv))
                return 2;
            fputs(usage_text, stdout);
            return 0;
        case 'm':
            rc = cli_parse_long("storebench", "--matches", optarg, 1, 100000, &matches);
            break;
        case 'r':
            rc = cli_parse_long("storebench", "--restore", optarg, 0, 100000, &restore);
            break;
        case 'p':
            rc = cli_parse_long("storebench", "--players", optarg, 2, LS_MAX_PLAYERS, &players);
            break;
        case 's':
            rc = cli_parse_seed("storebench", optarg, &seed);
            break;
        case ':': /* getopt_long said so itself, and it was an 'unknown option' */
            return cli_usage_error("storebench", "%s needs a value", argv[optind - 1]);
        default:
            return cli_option_error("storebench", cli_option_given(c, argc, argv), opts);
        }
        if (rc)
            return rc;
    }
    if (optind < argc)
        return cli_usage_error("storebench", "unexpected argument '%s'", argv[optind]);
    if (!where)
        return cli_usage_error("storebench", "--db FILE|URL is required");
    if (!*where)
        return cli_usage_error("storebench", "--db needs an SQLite file or a postgresql:// "
                               "URL, not an empty name");

    int bad = cli_db_check("storebench", where);
    if (bad)
        return bad;

    ls_db *db = NULL;
    ls_error err;
    if (ls_db_open_held(&db, where, &err)) /* not beside a server on it */
        return store_fail("opening the store", &err);
    int ret = refuse_used(db);
    if (ret) {
        ls_db_close(db);
        return ret;
    }
    printf("store: %s\n", ls_db_backend(db));
    int64_t ids[LS_MAX_PLAYERS];
    ret = bench_players(db, (int)players, ids, &err) ? store_fail("players", &err) : 0;
    if (!ret)
        ret = bench_moves(db, (int)players, (int)matches, seed, ids);
    if (!ret && restore)
        ret = bench_restore(where, &db, (int)players, (int)restore, seed, ids);
    ls_db_close(db);
    return ret;
}
