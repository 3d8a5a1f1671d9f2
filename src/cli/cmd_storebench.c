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
 * Or, with --reads N, what a player waits for on a store of N finished
 * matches (bench_reads, below), instead of those two.
 *
 * It writes into the store it is given: point it at a throwaway one. It
 * holds the store (ls_db_hold) as a server does, and refuses one that holds
 * tables in progress (a server's), which its restore dropped.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
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
    "       leastscore storebench --db FILE|URL --reads N [--seed N] [--json]\n"
    "\n"
    "Measures the server's store: moves per second with one durable write per\n"
    "move, and the time to restore tables in progress after a restart; or,\n"
    "with --reads, what a player waits for on a store of N finished matches.\n"
    "It writes players, tables and matches into the store: use a throwaway one.\n"
    "\n"
    "  --db FILE|URL   an SQLite file (created) or a postgresql:// URL\n"
    "  --matches N     whole matches to append move by move, 1..100000\n"
    "                  (default 20)\n"
    "  --restore N     tables in progress to restore, 0..100000 (default 200;\n"
    "                  0: skip)\n"
    "  --players N     players per match, 2-8 (default 4)\n"
    "  --seed N        seed of the first match, or of --reads' seats (default 1)\n"
    "  --reads N       make a store of N finished matches, 1..100000 (three\n"
    "                  seats, N/40 people, greedy at a quarter), then time each\n"
    "                  read of the JSON API and the start, the best of 20\n"
    "  --json          --reads' figures as one JSON object\n"
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

/*
 * --reads: what a player waits for on a store of `matches` finished
 * matches. The store is made with the store's own calls, as the server
 * makes it: matches/40 people (at least 3) and the computer level greedy,
 * three seats a match, two or three people chosen by a generator seeded
 * with --seed and greedy in the third seat of every fourth; each match is
 * the same short record of three rounds, moved to the finished matches
 * with its ratings (ls_db_table_finish). The making is not measured
 * (its commits are not made durable: a throwaway store). Then each read
 * the JSON API or a start makes is timed, the best of READS_BEST calls.
 */
#define READS_BEST 20

static const char *const reads_record[] = {
    "leastscore 1", "option threshold 25", "players Ann Bob Cid", "",
    "round", "hand Ann 7H 8H 9H 4C 2C", "hand Bob AS 3D 4D 6C KS",
    "hand Cid QC QD 5H 6S 2D", "open 4S", "Ann discard 7H 8H 9H take 4S",
    "Bob discard KS draw 2S", "Cid discard QC QD draw 4H", "Ann declare", "round",
    "hand Ann KC KD 3D 2D 4S", "hand Bob AC 2H 3H 4C 4D", "hand Cid 9S 9D AH 2S AD",
    "open KH", "Bob discard 4C 4D draw 4H", "Cid discard 9S 9D take 4C",
    "Ann discard KC KD draw 6S", "Bob declare", "round", "hand Ann KC KD KH QS JS",
    "hand Cid AC AD 2C 3D 4S", "open AH", "Cid discard 2C 3D 4S take AH",
    "Ann discard KC KD draw QH", "Cid declare",
};

/* splitmix64: the seats' generator, the same on every machine. */
static uint64_t reads_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int reads_match(ls_db *db, const int64_t ids[3], const char *const bots[3],
                       ls_error *err)
{
    int64_t t;
    int ret = ls_db_table_begin(db, "READS", "{}", &t, err);
    for (int q = 0; q < 3 && !ret; q++) {
        ls_db_seat seat = {names[q], ids[q], bots[q], NULL, NULL};
        ret = ls_db_table_seat(db, t, q, &seat, err);
    }
    if (!ret)
        ret = ls_db_table_append_lines(db, t, reads_record,
                                       (int)(sizeof reads_record / sizeof *reads_record), err);
    return ret ? ret : ls_db_table_finish(db, t, NULL, err);
}

/* The store of the reads; its people's ids in ids (npeople), greedy's in
 * *greedy. */
static int reads_make(ls_db *db, int matches, uint64_t seed, int64_t *ids, int npeople,
                      int64_t *greedy, ls_error *err)
{
    int sqlite = !strcmp(ls_db_backend(db), "sqlite");
    int ret = ls__db_exec(db, sqlite ? "PRAGMA synchronous=OFF" : "SET synchronous_commit=off",
                          NULL, NULL, err);
    for (int i = 0; i < npeople && !ret; i++) {
        char name[24], token[40];
        snprintf(name, sizeof name, "p%d", i);
        ls_db_player p = {0};
        ret = ls_db_player_by_name(db, name, &p, err);
        if (ret == LS_DB_ENOTFOUND) {
            snprintf(token, sizeof token, "bench-reads-token-%06d", i);
            ret = ls_db_player_create(db, name, token, &p.id, err);
        }
        ids[i] = p.id;
    }
    if (!ret)
        ret = ls_db_bot_player(db, "greedy", greedy, err);
    uint64_t x = seed;
    for (int k = 0; k < matches && !ret; k++) {
        int64_t s[3];
        const char *b[3] = {NULL, NULL, NULL};
        int a = (int)(reads_next(&x) % (uint64_t)npeople), c, d;
        do
            c = (int)(reads_next(&x) % (uint64_t)npeople);
        while (c == a);
        s[0] = ids[a];
        s[1] = ids[c];
        if (k % 4 == 0) {
            s[2] = *greedy;
            b[2] = "greedy";
        } else {
            do
                d = (int)(reads_next(&x) % (uint64_t)npeople);
            while (d == a || d == c);
            s[2] = ids[d];
        }
        ret = reads_match(db, s, b, err);
    }
    if (!ret)
        ret = ls__db_exec(db, sqlite ? "PRAGMA synchronous=FULL" : "SET synchronous_commit=on",
                          NULL, NULL, err);
    return ret;
}

/* The id half way down a player's matches (up to 1000 back), for before=. */
static int reads_half_way(ls_db *db, int64_t player, int64_t *id, ls_error *err)
{
    ls_db_match *m = NULL;
    int n = 0;
    int ret = ls_db_player_match_heads(db, player, 0, 1000, &m, &n, err);
    *id = n > 1 ? m[n / 2].id : 0;
    for (int i = 0; i < n; i++)
        ls_db_match_clear(&m[i]);
    free(m);
    return ret;
}

enum { R_BOARD, R_LEVEL, R_PERSON, R_RANK, R_PAGE, R_BEFORE, R_MATCH, R_HISTORY,
       R_LIVE, R_PENDING, R_N };
static const char *const reads_key[R_N] = {
    "leaderboard", "level_profile", "person_profile", "rank", "matches_page",
    "matches_before", "match", "rating_history", "start_tables", "start_pending"};
static const char *const reads_label[R_N] = {
    "the leaderboard (100)", "greedy's profile", "a person's profile", "a person's rank",
    "a person's first page of matches (20)", "a page half way (before=)", "a match",
    "the rating history (200)", "the start: tables in progress",
    "the start: matches whose file is pending"};

/* One read, k, once; 0 or the store's error. */
static int reads_one(ls_db *db, int k, const ls_db_player *person, int64_t greedy,
                     int64_t before, int64_t match, ls_error *err)
{
    ls_db_player p, *board = NULL;
    ls_db_match *m = NULL, one;
    ls_db_rating_point *h = NULL;
    ls_db_live_table *lt = NULL;
    int64_t rank, of, pend[1000];
    int n = 0, ret = 0;
    switch (k) {
    case R_BOARD:
        ret = ls_db_leaderboard(db, 100, &board, &n, err);
        free(board);
        break;
    case R_LEVEL:
        ret = ls_db_player_by_id(db, greedy, &p, err);
        break;
    case R_PERSON:
        ret = ls_db_player_by_name(db, person->name, &p, err);
        break;
    case R_RANK:
        ret = ls_db_player_rank(db, person->id, &rank, &of, err);
        break;
    case R_PAGE:
    case R_BEFORE:
        ret = ls_db_player_match_heads(db, person->id, k == R_PAGE ? 0 : before, 20, &m, &n,
                                       err);
        for (int i = 0; i < n; i++)
            ls_db_match_clear(&m[i]);
        free(m);
        break;
    case R_MATCH:
        ret = ls_db_match_get(db, match, &one, err);
        if (!ret)
            ls_db_match_clear(&one);
        break;
    case R_HISTORY:
        ret = ls_db_rating_history(db, person->id, 200, &h, &n, err);
        free(h);
        break;
    case R_LIVE:
        ret = ls_db_live_tables(db, &lt, &n, err);
        if (!ret)
            ls_db_live_tables_free(lt, n);
        break;
    default:
        ret = ls_db_matches_file_pending(db, 0, pend, 1000, &n, err);
        break;
    }
    return ret;
}

static int bench_reads(ls_db *db, int matches, uint64_t seed, bool json)
{
    int npeople = matches / 40 > 3 ? matches / 40 : 3;
    int64_t *ids = malloc((size_t)npeople * sizeof *ids), greedy = 0, before = 0;
    ls_error err;
    if (!ids) {
        fprintf(stderr, "leastscore storebench: out of memory\n");
        return 1;
    }
    double t0 = cli_wall_ms();
    int ret = reads_make(db, matches, seed, ids, npeople, &greedy, &err);
    double make_s = (cli_wall_ms() - t0) / 1e3;
    ls_db_player person = {0}, level = {0};
    if (!ret)
        ret = ls_db_player_by_id(db, ids[0], &person, &err);
    if (!ret)
        ret = ls_db_player_by_id(db, greedy, &level, &err);
    free(ids);
    if (!ret)
        ret = reads_half_way(db, person.id, &before, &err);
    double best[R_N];
    for (int k = 0; k < R_N && !ret; k++) {
        best[k] = 1e300;
        for (int r = 0; r < READS_BEST && !ret; r++) {
            double s = cli_wall_ms();
            ret = reads_one(db, k, &person, greedy, before, before, &err);
            double d = cli_wall_ms() - s;
            if (d < best[k])
                best[k] = d;
        }
    }
    if (ret)
        return store_fail("reads", &err);
    if (json) {
        printf("{\"store\":\"%s\",\"matches\":%d,\"people\":%d,\"seed\":%" PRIu64
               ",\"make_s\":%.3f,\"best_of\":%d,\"ms\":{",
               ls_db_backend(db), matches, npeople, seed, make_s, READS_BEST);
        for (int k = 0; k < R_N; k++)
            printf("%s\"%s\":%.6f", k ? "," : "", reads_key[k], best[k]);
        printf("}}\n");
        return 0;
    }
    printf("reads: %d finished matches of three seats, %d people and greedy at a quarter "
           "(seed %" PRIu64 "), made in %.1f s\n",
           matches, npeople, seed, make_s);
    printf("  the best of %d calls, in ms; %s has %d matches, greedy %d:\n", READS_BEST,
           person.name, person.matches, level.matches);
    for (int k = 0; k < R_N; k++)
        printf("  %-42s %.4f\n", reads_label[k], best[k]);
    return 0;
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

static int count_row(void *ud, const char *const *col, int ncol)
{
    *(long *)ud = ncol > 0 && col[0] ? atol(col[0]) : 0;
    return 0;
}

/* --reads makes a store of N finished matches and times the reads on it:
 * on a store that held some already it added its N to them, and said
 * the figures were of N (a second run on one file measured a store of
 * 2N). Refused, nothing written; 1, as a store that cannot be used. */
static int refuse_matches(ls_db *db, long reads)
{
    long held = 0;
    ls_error err;
    if (ls__db_exec(db, "SELECT count(*) FROM matches", count_row, &held, &err))
        return store_fail("counting the finished matches", &err);
    if (held == 0)
        return 0;
    fprintf(stderr, "leastscore storebench: the store holds %ld finished match%s: --reads %ld "
            "makes a store of %ld and measures the reads on it, so give it a new one (a new "
            "SQLite file, or an empty PostgreSQL schema)\n", held, held == 1 ? "" : "es",
            reads, reads);
    return 1;
}

int cmd_storebench(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},      {"matches", required_argument, NULL, 'm'},
        {"restore", required_argument, NULL, 'r'}, {"players", required_argument, NULL, 'p'},
        {"seed", required_argument, NULL, 's'},    {"reads", required_argument, NULL, 'R'},
        {"json", no_argument, NULL, 'j'},          {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *where = NULL;
    long matches = 20, restore = 200, players = 4, reads = 0;
    const char *moves_opt = NULL; /* the first of --matches, --restore, --players */
    bool json = false;
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
        case 'R':
            rc = cli_parse_long("storebench", "--reads", optarg, 1, 100000, &reads);
            break;
        case 'j':
            json = true;
            break;
        case 'm':
            moves_opt = moves_opt ? moves_opt : "--matches";
            rc = cli_parse_long("storebench", "--matches", optarg, 1, 100000, &matches);
            break;
        case 'r':
            moves_opt = moves_opt ? moves_opt : "--restore";
            rc = cli_parse_long("storebench", "--restore", optarg, 0, 100000, &restore);
            break;
        case 'p':
            moves_opt = moves_opt ? moves_opt : "--players";
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

    if (reads && moves_opt)
        return cli_usage_error("storebench", "%s measures the moves, --reads the reads: give "
                               "one or the other", moves_opt);
    if (json && !reads)
        return cli_usage_error("storebench", "--json is for --reads MATCHES");

    int bad = cli_db_check("storebench", where);
    if (bad)
        return bad;

    ls_db *db = NULL;
    ls_error err;
    if (ls_db_open_held(&db, where, &err)) /* not beside a server on it */
        return store_fail("opening the store", &err);
    int ret = refuse_used(db);
    if (!ret && reads)
        ret = refuse_matches(db, reads);
    if (ret) {
        ls_db_close(db);
        return ret;
    }
    if (!json)
        printf("store: %s\n", ls_db_backend(db));
    if (reads) {
        ret = bench_reads(db, (int)reads, seed, json);
        ls_db_close(db);
        return ret;
    }
    int64_t ids[LS_MAX_PLAYERS];
    ret = bench_players(db, (int)players, ids, &err) ? store_fail("players", &err) : 0;
    if (!ret)
        ret = bench_moves(db, (int)players, (int)matches, seed, ids);
    if (!ret && restore)
        ret = bench_restore(where, &db, (int)players, (int)restore, seed, ids);
    ls_db_close(db);
    return ret;
}
