/*
 * test_store_db.c - the database store (src/server/store_db.c): the
 * server's records go into the store of db.h piece by piece, finished
 * matches are moved to the history, abandoned ones dropped, and a failing
 * database loses nothing: what it refused is written with the next piece
 * or retried when the database is back.
 *
 * The pieces are those a table hands over: the header, a whole deal, then
 * one move at a time (docs/example.lsr, Cid wins). The last test plays a
 * whole match at a server table (src/server/table.c, fake clock) with this
 * store and reads the database after every move. SQLite stands for both
 * backends here: the store only calls db.h, whose suite (test_store) runs
 * on both.
 */
#include "support/support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "server/db_internal.h"
#include "server/store_db.h"
#include "server/table.h"

static const char *const pieces[] = {
    "leastscore 1\noption threshold 25\nplayers Ann Bob Cid\n",
    "round\nhand Ann 7H 8H 9H 4C 2C\nhand Bob AS 3D 4D 6C KS\nhand Cid QC QD 5H 6S 2D\n"
    "open 4S\n",
    "Ann discard 7H 8H 9H take 4S\n",
    "Bob discard KS draw 2S\n",
    "Cid discard QC QD draw 4H\n",
    "Ann declare\n",
    "round\nhand Ann KC KD 3D 2D 4S\nhand Bob AC 2H 3H 4C 4D\nhand Cid 9S 9D AH 2S AD\n"
    "open KH\n",
    "Bob discard 4C 4D draw 4H\n",
    "Cid discard 9S 9D take 4C\n",
    "Ann discard KC KD draw 6S\n",
    "Bob declare\n",
    "round\nhand Ann KC KD KH QS JS\nhand Cid AC AD 2C 3D 4S\nopen AH\n",
    "Cid discard 2C 3D 4S take AH\n",
    "Ann discard KC KD draw QH\n",
    "Cid declare\n",
};
#define NPIECES ((int)(sizeof pieces / sizeof pieces[0]))

static char dir[64], path[128];
static char *logbuf;
static size_t loglen;
static FILE *log_stream;

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/lsstore.XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/store.db", dir);
    log_stream = open_memstream(&logbuf, &loglen);
    assert_non_null(log_stream);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    DIR *d = opendir(dir);
    for (struct dirent *de; d && (de = readdir(d));) {
        char p[400];
        if (de->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
        if (unlink(p) != 0)
            rmdir(p); /* an empty directory a test made */
    }
    if (d)
        closedir(d);
    rmdir(dir);
    unsetenv("LS_STORE_FAULT");
    fclose(log_stream);
    free(logbuf);
    logbuf = NULL;
    return 0;
}

/* The store, writing finished matches as .lsr files into the test's
 * directory. */
static store *open_db_store(void)
{
    char msg[256];
    store *st = store_db_new(path, dir, log_stream, msg, sizeof msg);
    if (!st)
        fail_msg("store_db_new: %s", msg);
    return st;
}

/* The example's table: Ann (player `ann`, 0 for a guest), Bob, and Cid
 * an expert computer player. */
static store_match example_match(const char *code, int match, int64_t ann)
{
    store_match m;
    memset(&m, 0, sizeof m);
    snprintf(m.code, sizeof m.code, "%s", code);
    m.match = match;
    m.capacity = 4;
    m.turn_time = 30;
    m.nseats = 3;
    snprintf(m.seat[0].name, sizeof m.seat[0].name, "Ann");
    m.seat[0].player_id = ann;
    snprintf(m.seat[0].token, sizeof m.seat[0].token, "0123456789abcdef0123456789abcdef");
    snprintf(m.seat[1].name, sizeof m.seat[1].name, "Bob");
    snprintf(m.seat[1].token, sizeof m.seat[1].token, "fedcba9876543210fedcba9876543210");
    m.seat[1].wins = 2;
    snprintf(m.seat[2].name, sizeof m.seat[2].name, "Cid");
    snprintf(m.seat[2].level, sizeof m.seat[2].level, "expert");
    return m;
}

static void *begin(store *st, const char *code, int match)
{
    /* static: the store copies what it keeps, but cppcheck cannot know
     * that the handle returned does not point into m. */
    static store_match m;
    m = example_match(code, match, 0);
    return st->ops->match_begin(st->self, &m);
}

static void hand_over(store *st, void *m, int from, int to)
{
    for (int i = from; i < to; i++)
        st->ops->append(st->self, m, pieces[i], strlen(pieces[i]));
}

static char *all_pieces(void)
{
    size_t n = 1;
    for (int i = 0; i < NPIECES; i++)
        n += strlen(pieces[i]);
    char *s = calloc(1, n);
    assert_non_null(s);
    for (int i = 0; i < NPIECES; i++)
        strcat(s, pieces[i]);
    return s;
}

static int live_count(ls_db *db)
{
    ls_db_live_table *t = NULL;
    int n = -1;
    ls_error e;
    assert_int_equal(ls_db_live_tables(db, &t, &n, &e), 0);
    ls_db_live_tables_free(t, n);
    return n;
}

static void assert_one_match_with_the_record(ls_db *db)
{
    ls_db_match m;
    ls_error e;
    assert_int_equal(ls_db_match_get(db, 1, &m, &e), 0);
    char *want = all_pieces();
    assert_string_equal(m.record, want);
    free(want);
    assert_int_equal(m.nplayers, 3);
    assert_true(m.player[2].won);
    assert_string_equal(m.code, "ABCD");
    ls_db_match_clear(&m);
    assert_int_equal(ls_db_match_get(db, 2, &m, &e), LS_DB_ENOTFOUND);
}

static void test_a_match_in_progress_is_in_the_database_at_its_last_move(void **state)
{
    (void)state;
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 1);
    assert_non_null(m);
    hand_over(st, m, 0, 4);
    /* As after a crash: what another connection finds. */
    ls_db *db = NULL;
    ls_error e;
    assert_int_equal(ls_db_open(&db, path, &e), 0);
    ls_db_live_table *t = NULL;
    int n = 0;
    assert_int_equal(ls_db_live_tables(db, &t, &n, &e), 0);
    assert_int_equal(n, 1);
    assert_string_equal(t[0].code, "ABCD");
    assert_string_equal(t[0].meta, "{\"match\":1,\"capacity\":4,\"turn_time\":30,"
                                   "\"host\":0,\"wins\":[0,2,0]}");
    assert_int_equal(t[0].nseats, 3);
    char hash[LS_DB_HASH_SIZE];
    ls_db_token_hash("fedcba9876543210fedcba9876543210", hash);
    assert_string_equal(t[0].seat[1].token_hash, hash);
    assert_string_equal(t[0].seat[2].bot, "expert");
    assert_true(t[0].seat[2].player_id > 0); /* the level's player */
    char want[512];
    snprintf(want, sizeof want, "%s%s%s%s", pieces[0], pieces[1], pieces[2], pieces[3]);
    assert_string_equal(t[0].record, want);
    ls_db_live_tables_free(t, n);
    ls_db_close(db);
    st->ops->match_end(st->self, m, STORE_ABANDONED, NULL);
    store_db_free(st);
}

static void test_a_finished_match_goes_to_the_history(void **state)
{
    (void)state;
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 1);
    hand_over(st, m, 0, NPIECES);
    st->ops->match_end(st->self, m, STORE_FINISHED, NULL);
    assert_int_equal(store_db_finished(st), 1);
    assert_int_equal(store_db_failures(st), 0);
    assert_int_equal(live_count(store_db_db(st)), 0);
    assert_one_match_with_the_record(store_db_db(st));
    store_db_free(st);
    assert_int_equal(loglen, 0);
}

/* match_end tells a finished match's id among the finished matches, the
 * one /api/matches/ID reads, once its end is written: the browser's link
 * to its page. Two matches, two ids, each that match; an abandoned match
 * and a suspended one have none. */
static void test_a_finished_match_is_told_its_id(void **state)
{
    (void)state;
    store *st = open_db_store();
    int64_t id = -1;
    void *m = begin(st, "ABCD", 1);
    hand_over(st, m, 0, 3);
    assert_int_equal(st->ops->match_end(st->self, m, STORE_ABANDONED, &id), 0);
    assert_int_equal(id, 0);
    const char *codes[] = {"EFGH", "JKLM"};
    int64_t ids[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
        m = begin(st, codes[i], i + 1);
        hand_over(st, m, 0, NPIECES);
        ids[i] = -1;
        assert_int_equal(st->ops->match_end(st->self, m, STORE_FINISHED, &ids[i]), 0);
        assert_true(ids[i] > 0);
    }
    assert_true(ids[0] != ids[1]);
    for (int i = 0; i < 2; i++) {
        ls_db_match dm;
        ls_error e;
        assert_int_equal(ls_db_match_get(store_db_db(st), ids[i], &dm, &e), 0);
        assert_string_equal(dm.code, codes[i]);
        ls_db_match_clear(&dm);
    }
    m = begin(st, "NPQR", 1);
    hand_over(st, m, 0, 3);
    id = -1;
    assert_int_equal(st->ops->match_end(st->self, m, STORE_SUSPENDED, &id), 0);
    assert_int_equal(id, 0);
    store_db_free(st);
}

static void test_an_abandoned_match_is_dropped(void **state)
{
    (void)state;
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 2);
    hand_over(st, m, 0, 5);
    st->ops->match_end(st->self, m, STORE_ABANDONED, NULL);
    assert_int_equal(live_count(store_db_db(st)), 0);
    assert_int_equal(store_db_finished(st), 0);
    ls_db_match dm;
    ls_error e;
    assert_int_equal(ls_db_match_get(store_db_db(st), 1, &dm, &e), LS_DB_ENOTFOUND);
    store_db_free(st);
}

/* Text split anywhere (a line handed over in two parts, CRLF) is written
 * as its whole lines. */
static void test_partial_lines_wait_for_their_end(void **state)
{
    (void)state;
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 1);
    char *all = all_pieces();
    size_t len = strlen(all);
    for (size_t i = 0; i < len; i += 7)
        st->ops->append(st->self, m, all + i, len - i < 7 ? len - i : 7);
    free(all);
    st->ops->match_end(st->self, m, STORE_FINISHED, NULL);
    assert_int_equal(store_db_failures(st), 0);
    assert_one_match_with_the_record(store_db_db(st));
    store_db_free(st);
}

/* SQLite's file made "full" (a page limit at its size, and its free room
 * filled), then given room again. */
static void fill(ls_db *db)
{
    ls_error e;
    int64_t t = 0;
    assert_int_equal(ls_db_table_begin(db, "FILL", "", &t, &e), 0);
    /* SQLite raises a page limit below the file's size to that size. */
    assert_int_equal(ls__db_exec(db, "PRAGMA max_page_count = 1", NULL, NULL, &e), 0);
    /* Lines ever shorter, until not even one character fits. */
    char line[4000];
    for (size_t len = sizeof line - 1; len > 0; len /= 4) {
        memset(line, 'z', len);
        line[0] = '#';
        line[len] = '\0';
        int ret = 0;
        for (int i = 0; i < 1000 && !ret; i++)
            ret = ls_db_table_append(db, t, line, &e);
        assert_int_equal(ret, LS_DB_EIO);
    }
}

static void mend(ls_db *db)
{
    ls_error e;
    assert_int_equal(ls__db_exec(db, "PRAGMA max_page_count = 1073741823", NULL, NULL, &e),
                     0);
    assert_int_equal(ls__db_exec(db, "DELETE FROM live_lines WHERE line LIKE '#%'", NULL,
                                 NULL, &e),
                     0);
}

/* The store reports, keeps what was refused, and writes it with the next
 * piece once there is room. */
static void test_a_full_disk_loses_no_move(void **state)
{
    (void)state;
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 1);
    hand_over(st, m, 0, 3);
    fill(store_db_db(st));
    int before = store_db_failures(st);
    hand_over(st, m, 3, 8);
    assert_true(store_db_failures(st) > before);
    fflush(log_stream);
    assert_non_null(strstr(logbuf, "table ABCD, match 1: a move could not be written"));
    assert_non_null(strstr(logbuf, "full"));
    mend(store_db_db(st));
    hand_over(st, m, 8, NPIECES);
    st->ops->match_end(st->self, m, STORE_FINISHED, NULL);
    assert_int_equal(store_db_finished(st), 1);
    assert_one_match_with_the_record(store_db_db(st));
    store_db_free(st);
}

static void test_a_match_that_ends_while_the_disk_is_full_is_kept_and_retried(void **state)
{
    (void)state;
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 1);
    hand_over(st, m, 0, NPIECES - 1);
    fill(store_db_db(st));
    hand_over(st, m, NPIECES - 1, NPIECES);
    int64_t id = -1;
    assert_true(st->ops->match_end(st->self, m, STORE_FINISHED, &id) != 0);
    assert_int_equal(id, 0); /* kept, to be written later: no id told */
    assert_int_equal(store_db_finished(st), 0);
    fflush(log_stream);
    assert_non_null(strstr(logbuf, "failing: table ABCD, match 1"));
    assert_true(st->ops->failing(st->self, NULL, 0));
    mend(store_db_db(st));
    /* The next call of the store (a new match begins) retries it. */
    assert_int_equal(st->ops->finished_id(st->self, "ABCD", 1), 0); /* not yet */
    void *m2 = begin(st, "EFGH", 1);
    assert_non_null(m2);
    assert_int_equal(store_db_finished(st), 1);
    assert_one_match_with_the_record(store_db_db(st));
    /* Its id, written late, is told (match 1, id 1), and no other. */
    assert_int_equal(st->ops->finished_id(st->self, "ABCD", 1), 1);
    assert_int_equal(st->ops->finished_id(st->self, "ABCD", 2), 0);
    assert_int_equal(st->ops->finished_id(st->self, "EFGH", 1), 0);
    st->ops->match_end(st->self, m2, STORE_ABANDONED, NULL);
    store_db_free(st);
}

static void test_a_store_that_cannot_open_says_why(void **state)
{
    (void)state;
    char msg[256] = "";
    assert_null(store_db_new("/nonexistent-dir/x/store.db", NULL, log_stream, msg,
                             sizeof msg));
    assert_non_null(strstr(msg, "/nonexistent-dir/x/store.db"));
}


/* ------------------------------------------------------------------ */
/* With the server's table                                             */
/* ------------------------------------------------------------------ */

/* The record the database keeps for the table in progress ("" if none). */
static char *journal(void)
{
    ls_db *db = NULL;
    ls_error e;
    assert_int_equal(ls_db_open(&db, path, &e), 0);
    ls_db_live_table *t = NULL;
    int n = 0;
    assert_int_equal(ls_db_live_tables(db, &t, &n, &e), 0);
    char *text = strdup(n == 1 ? t[0].record : "");
    assert_non_null(text);
    ls_db_live_tables_free(t, n);
    ls_db_close(db);
    return text;
}

/* After every move the table made, a second connection finds the table's
 * record up to that move in the database (what a restart would see), and
 * the finished match is in the history. */
static void test_a_table_keeps_each_move_in_the_database_before_the_next(void **state)
{
    (void)state;
    store *st = open_db_store();
    static const table_config cfg = {.grace_ms = 60000, .round_pause_ms = 8000,
                                     .bot_delay_ms = 700};
    table_options o = {.seats = 2, .rules = ls_rules_default(), .turn_time = 0};
    o.rules.threshold = 25;
    table *t = table_new("ABCDE", &o, &cfg, 11, st);
    assert_non_null(t);
    srv_error e = {0};
    int seat = -1;
    int64_t ann = 0;
    ls_error err;
    assert_int_equal(ls_db_player_create(store_db_db(st), "Ann", "ann-player-token-0001", &ann,
                                         &err), 0);
    assert_int_equal(table_join(t, "Ann", "0123456789abcdef0123456789abcdef", ann, 0, &seat,
                                &e), 0);
    assert_int_equal(table_add_bot(t, 0, "greedy", &e), 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    int64_t now = 0;
    int checked = 0;
    for (int steps = 0; t->status != TABLE_OVER; steps++) {
        assert_true(steps < 100000);
        long long version = t->version;
        table_job r;
        now += 1000;
        if (t->status == TABLE_BETWEEN) {
            assert_int_equal(table_next(t, 0, now, &e), 0);
        } else if (table_request(t, now, &r)) {
            ls_error perr = {0};
            ls_player *p = r.player ? r.player : ls_player_new(r.spec, r.seed, &perr);
            assert_non_null(p);
            ls_move m;
            assert_int_equal(ls_player_choose(p, &r.view, &m, &perr), 0);
            if (!r.player)
                ls_player_free(p);
            table_computer_move(t, now, r.seat, r.turn_id, true, m, r.player);
        } else if (ls_turn(t->s) == 0) {
            ls_move moves[LS_MAX_MOVES];
            int n = ls_legal_moves(t->s, moves);
            ls_move m = moves[n - 1]; /* a declaration when allowed */
            if (m.kind == LS_MOVE_DRAW)
                m.card = LS_NO_CARD;
            char move[64];
            ls_move_str(m, move, sizeof move);
            assert_int_equal(table_move(t, 0, t->version, move, now, &e), 0);
        }
        table_tick(t, now);
        if (t->version != version && t->status != TABLE_OVER && t->rec) {
            size_t len;
            const char *text = ls_record_text(t->rec, &len);
            char *kept = journal();
            assert_string_equal(kept, text);
            free(kept);
            checked++;
        }
    }
    assert_true(checked > 10);
    assert_int_equal(store_db_finished(st), 1);
    assert_int_equal(store_db_failures(st), 0);
    ls_db_match m;
    assert_int_equal(ls_db_match_get(store_db_db(st), 1, &m, &err), 0);
    ls_state *replayed = NULL;
    assert_int_equal(ls_record_read(m.record, strlen(m.record), &replayed, NULL, NULL, &err),
                     0);
    int w = ls_winner(t->s);
    assert_int_equal(ls_winner(replayed), w);
    assert_true(m.player[w].won);
    assert_int_equal(m.player[w].place, 1);
    /* Rated per player: Ann as herself, the computer player as its level. */
    assert_true(m.player[0].player_id == ann);
    ls_db_player p;
    assert_int_equal(ls_db_player_by_id(store_db_db(st), m.player[1].player_id, &p, &err), 0);
    assert_string_equal(p.bot, "greedy");
    assert_int_equal(p.matches, 1);
    assert_int_equal(ls_db_player_by_id(store_db_db(st), ann, &p, &err), 0);
    assert_int_equal(p.matches, 1);
    assert_int_equal(p.wins, w == 0);
    ls_db_rating_point *h = NULL;
    int nh = 0;
    assert_int_equal(ls_db_rating_history(store_db_db(st), ann, 100, &h, &nh, &err), 0);
    assert_int_equal(nh, 1);
    free(h);
    /* And as a game record file in the data directory. */
    DIR *d = opendir(dir);
    int files = 0;
    for (struct dirent *de; d && (de = readdir(d));)
        files += strstr(de->d_name, "-ABCDE-1.lsr") != NULL;
    closedir(d);
    assert_int_equal(files, 1);
    ls_state_free(replayed);
    ls_db_match_clear(&m);
    table_free(t);
    store_db_free(st);
}

/* ------------------------------------------------------------------ */
/* Restoring, and a store that fails                                   */
/* ------------------------------------------------------------------ */

typedef struct restored {
    int n;
    store_match m;
    char record[2048];
    void *handle;
    int refuse; /* the callback refuses the match */
} restored;

static int on_restore(void *ud, const store_match *m, const char *record, size_t len,
                      void *handle)
{
    restored *r = ud;
    r->n++;
    r->m = *m;
    assert_true(len < sizeof r->record);
    memcpy(r->record, record, len);
    r->record[len] = '\0';
    r->handle = handle;
    return r->refuse;
}

/* A match the server stopped in stays in progress, and comes back at the
 * next start with its settings and seats; it goes on where it was. */
static void test_a_suspended_match_is_restored_with_its_seats(void **state)
{
    (void)state;
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 1);
    hand_over(st, m, 0, 5);
    assert_int_equal(st->ops->match_end(st->self, m, STORE_SUSPENDED, NULL), 0);
    store_db_free(st);

    st = open_db_store();
    restored r = {0};
    assert_int_equal(st->ops->restore(st->self, on_restore, &r), 1);
    assert_int_equal(r.n, 1);
    assert_string_equal(r.m.code, "ABCD");
    assert_int_equal(r.m.match, 1);
    assert_int_equal(r.m.capacity, 4);
    assert_int_equal(r.m.turn_time, 30);
    assert_int_equal(r.m.nseats, 3);
    assert_string_equal(r.m.seat[0].name, "Ann");
    assert_string_equal(r.m.seat[0].token, ""); /* never kept */
    char hash[LS_DB_HASH_SIZE];
    ls_db_token_hash("0123456789abcdef0123456789abcdef", hash);
    assert_string_equal(r.m.seat[0].token_hash, hash);
    assert_int_equal(r.m.seat[1].wins, 2);
    assert_string_equal(r.m.seat[2].level, "expert");
    char want[512];
    snprintf(want, sizeof want, "%s%s%s%s%s", pieces[0], pieces[1], pieces[2], pieces[3],
             pieces[4]);
    assert_string_equal(r.record, want);
    hand_over(st, r.handle, 5, NPIECES);
    assert_int_equal(st->ops->match_end(st->self, r.handle, STORE_FINISHED, NULL), 0);
    assert_one_match_with_the_record(store_db_db(st));
    store_db_free(st);
}

/* A match the server cannot rebuild stays in the store as it is; a match
 * begun but never dealt (nothing of it was shown) is dropped. */
static void test_a_match_not_restored_is_kept_and_an_empty_one_dropped(void **state)
{
    (void)state;
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 1);
    hand_over(st, m, 0, 3);
    st->ops->match_end(st->self, m, STORE_SUSPENDED, NULL);
    m = begin(st, "EMPT", 1);
    st->ops->match_end(st->self, m, STORE_SUSPENDED, NULL);
    restored r = {.refuse = -1};
    assert_int_equal(st->ops->restore(st->self, on_restore, &r), 0);
    assert_int_equal(r.n, 1);
    assert_int_equal(live_count(store_db_db(st)), 1);
    r.refuse = 0;
    r.n = 0;
    assert_int_equal(st->ops->restore(st->self, on_restore, &r), 1);
    assert_string_equal(r.m.code, "ABCD");
    st->ops->match_end(st->self, r.handle, STORE_ABANDONED, NULL);
    assert_int_equal(live_count(store_db_db(st)), 0);
    store_db_free(st);
}

/* LS_STORE_FAULT: while its file exists every write fails. The store says
 * so (failing, with the message, once in the log), refuses to begin a
 * match, keeps what it could not write, and writes it all when flushed
 * after the file is gone. */
static void test_a_failing_store_keeps_everything_and_comes_back(void **state)
{
    (void)state;
    char fault[160];
    snprintf(fault, sizeof fault, "%s/fault", dir);
    setenv("LS_STORE_FAULT", fault, 1);
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 1);
    assert_non_null(m);
    assert_int_equal(st->ops->append(st->self, m, pieces[0], strlen(pieces[0])), 0);
    FILE *f = fopen(fault, "w");
    assert_non_null(f);
    fclose(f);
    for (int i = 1; i < 6; i++)
        assert_true(st->ops->append(st->self, m, pieces[i], strlen(pieces[i])) < 0);
    char msg[256];
    assert_true(st->ops->failing(st->self, msg, sizeof msg));
    assert_non_null(strstr(msg, "injected"));
    assert_null(begin(st, "EFGH", 1));
    assert_true(st->ops->flush(st->self) < 0);
    fflush(log_stream);
    char *first = strstr(logbuf, "failing:");
    assert_non_null(first);
    assert_null(strstr(first + 1, "failing:")); /* said once, not at every retry */
    /* Nothing of it reached the database; all of it is kept. */
    char *kept = journal();
    assert_string_equal(kept, pieces[0]);
    free(kept);
    unlink(fault);
    assert_int_equal(st->ops->flush(st->self), 0);
    assert_false(st->ops->failing(st->self, NULL, 0));
    fflush(log_stream);
    assert_non_null(strstr(logbuf, "back:"));
    kept = journal();
    char want[1024] = "";
    for (int i = 0; i < 6; i++)
        strcat(want, pieces[i]);
    assert_string_equal(kept, want);
    free(kept);
    hand_over(st, m, 6, NPIECES);
    assert_int_equal(st->ops->match_end(st->self, m, STORE_FINISHED, NULL), 0);
    assert_one_match_with_the_record(store_db_db(st));
    store_db_free(st);
}

/* Copies the first column of the rows read, one a line. */
static int row_text(void *ud, const char *const *col, int ncol)
{
    char *out = ud;
    if (ncol > 0 && col[0] && strlen(out) + strlen(col[0]) + 2 < 256) {
        strcat(out, col[0]);
        strcat(out, "\n");
    }
    return 0;
}

/* A chat line whose write failed is refused, and its number given to the
 * next line; a write that failed may have been committed all the same (a
 * commit whose answer was lost): that line is forgotten before the next
 * takes its number, which was refused for ever (the number kept already). */
static void test_a_chat_line_that_seemed_to_fail_gives_its_number_back(void **state)
{
    (void)state;
    char fault[160];
    snprintf(fault, sizeof fault, "%s/fault", dir);
    setenv("LS_STORE_FAULT", fault, 1);
    store *st = open_db_store();
    void *m = begin(st, "CHAT", 1);
    assert_non_null(m);
    assert_int_equal(st->ops->append(st->self, m, pieces[0], strlen(pieces[0])), 0);
    FILE *f = fopen(fault, "w");
    assert_non_null(f);
    fclose(f);
    store_chat lost = {.n = 1, .seat = 0, .name = "Ann", .text = "lost?"};
    assert_true(st->ops->chat(st->self, m, &lost) < 0);
    /* It was written all the same. */
    ls_error e;
    assert_int_equal(ls__db_exec(store_db_db(st),
                                 "INSERT INTO live_chat (table_id, n, seat, name, text)"
                                 " SELECT id, 1, 0, 'Ann', 'lost?' FROM live_tables"
                                 " WHERE code = 'CHAT'", NULL, NULL, &e), 0);
    unlink(fault);
    store_chat kept = {.n = 1, .seat = 0, .name = "Ann", .text = "kept"};
    assert_int_equal(st->ops->chat(st->self, m, &kept), 0);
    char texts[256] = "";
    assert_int_equal(ls__db_exec(store_db_db(st), "SELECT text FROM live_chat ORDER BY n",
                                 row_text, texts, &e), 0);
    assert_string_equal(texts, "kept\n");
    store_chat next = {.n = 2, .seat = 0, .name = "Ann", .text = "and on"};
    assert_int_equal(st->ops->chat(st->self, m, &next), 0);
    texts[0] = '\0';
    assert_int_equal(ls__db_exec(store_db_db(st), "SELECT text FROM live_chat ORDER BY n",
                                 row_text, texts, &e), 0);
    assert_string_equal(texts, "kept\nand on\n");
    store_db_free(st);
}

/* The restore callback that rebuilds the table (as the server does). */
typedef struct rebuilt {
    table *t;
    store *st;
    int64_t now;
} rebuilt;

static int on_rebuild(void *ud, const store_match *m, const char *record, size_t len,
                      void *handle)
{
    static const table_config cfg = {.grace_ms = 60000, .round_pause_ms = 8000,
                                     .bot_delay_ms = 700};
    rebuilt *r = ud;
    srv_error e = {0};
    r->t = table_restore(m, record, len, &cfg, 5, r->st, handle, r->now, 1000, &e);
    if (!r->t)
        fail_msg("table_restore: %s", e.msg);
    return 0;
}

static table *stop_and_restore(table *t, store **st, int64_t now)
{
    table_suspend(t);
    table_free(t);
    store_db_free(*st);
    *st = open_db_store();
    rebuilt r = {.st = *st, .now = now};
    assert_int_equal((*st)->ops->restore((*st)->self, on_rebuild, &r), 1);
    return r.t;
}

/* The rows of a query's one column, one a line (at most 255 bytes). */
static void query_text(store *st, const char *sql, char out[256])
{
    ls_error e;
    out[0] = '\0';
    assert_int_equal(ls__db_exec(store_db_db(st), sql, row_text, out, &e), 0);
}

/* A crash after the match's last move was kept and before its end was
 * (the table had not handed the store its end): the next start finishes
 * it as the table is rebuilt (table_restore), rated once; the start after
 * finds nothing in progress, and the match is still there once, its
 * computer player rated once, not again. */
static void test_a_match_kept_whole_but_not_ended_is_finished_once_at_the_next_start(void **state)
{
    (void)state;
    /* The example as the server's table writes it: its comment line,
     * hands and discards in card order. */
    static const char whole[] =
        "leastscore 1\noption threshold 25\nplayers Ann Bob Cid\n"
        "# leastscore serve, table ABCD, match 1\n"
        "round\nhand Ann 2C 4C 7H 8H 9H\nhand Bob AS 3D 4D 6C KS\nhand Cid 2D 5H 6S QC QD\n"
        "open 4S\nAnn discard 7H 8H 9H take 4S\nBob discard KS draw 2S\n"
        "Cid discard QC QD draw 4H\nAnn declare\n"
        "round\nhand Ann 2D 3D 4S KC KD\nhand Bob AC 2H 3H 4C 4D\nhand Cid AD AH 2S 9D 9S\n"
        "open KH\nBob discard 4C 4D draw 4H\nCid discard 9D 9S take 4C\n"
        "Ann discard KC KD draw 6S\nBob declare\n"
        "round\nhand Ann JS QS KC KD KH\nhand Cid AC AD 2C 3D 4S\nopen AH\n"
        "Cid discard 2C 3D 4S take AH\nAnn discard KC KD draw QH\nCid declare\n";
    store *st = open_db_store();
    void *m = begin(st, "ABCD", 1);
    assert_int_equal(st->ops->append(st->self, m, whole, strlen(whole)), 0);
    store_db_free(st); /* the crash: no match_end */
    char rows[256];

    st = open_db_store();
    query_text(st, "SELECT COUNT(*) FROM matches", rows);
    assert_string_equal(rows, "0\n");
    rebuilt r = {.st = st, .now = 1000};
    assert_int_equal(st->ops->restore(st->self, on_rebuild, &r), 1);
    assert_non_null(r.t);
    assert_int_equal(r.t->status, TABLE_OVER);
    assert_int_equal(r.t->seats[2].wins, 1); /* Cid won it */
    query_text(st, "SELECT COUNT(*) FROM matches WHERE code = 'ABCD'", rows);
    assert_string_equal(rows, "1\n");
    query_text(st, "SELECT COUNT(*) FROM rating_history", rows);
    assert_string_equal(rows, "1\n"); /* the expert level; Ann and Bob are guests */
    query_text(st, "SELECT COUNT(*) FROM match_players mp JOIN players p ON p.id = "
                   "mp.player_id WHERE p.bot = 'expert'", rows);
    assert_string_equal(rows, "1\n");
    table_free(r.t);
    store_db_free(st);

    st = open_db_store();
    r = (rebuilt){.st = st, .now = 2000};
    assert_int_equal(st->ops->restore(st->self, on_rebuild, &r), 0);
    assert_null(r.t);
    query_text(st, "SELECT COUNT(*) FROM matches WHERE code = 'ABCD'", rows);
    assert_string_equal(rows, "1\n");
    query_text(st, "SELECT COUNT(*) FROM rating_history", rows);
    assert_string_equal(rows, "1\n");
    query_text(st, "SELECT COUNT(*) FROM match_players mp JOIN players p ON p.id = "
                   "mp.player_id WHERE p.bot = 'expert'", rows);
    assert_string_equal(rows, "1\n");
    store_db_free(st);
}

/* A person who left the match (away: the computer plays their turns at
 * once) is away again after a restart, not a dropped connection whose
 * turns wait out the turn time; one who came back is back. */
static void test_an_away_seat_comes_back_away_after_a_restart(void **state)
{
    (void)state;
    store *st = open_db_store();
    static const table_config cfg = {.grace_ms = 60000, .round_pause_ms = 8000,
                                     .bot_delay_ms = 700};
    table_options o = {.seats = 2, .rules = ls_rules_default(), .turn_time = 30};
    table *t = table_new("ABCDE", &o, &cfg, 11, st);
    assert_non_null(t);
    srv_error e = {0};
    int seat = -1;
    assert_int_equal(table_join(t, "Ann", "0123456789abcdef0123456789abcdef", 0, 0, &seat,
                                &e), 0);
    assert_int_equal(table_join(t, "Bob", "fedcba9876543210fedcba9876543210", 0, 0, &seat,
                                &e), 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    assert_int_equal(ls_turn(t->s), 0);
    assert_int_equal(table_leave(t, 1, 0, &e), 0);
    assert_true(t->seats[1].away);

    t = stop_and_restore(t, &st, 5000);
    assert_true(t->seats[1].away);
    assert_false(t->seats[1].connected);
    assert_false(t->seats[0].away); /* dropped, held for its grace time */
    /* Ann moves; Bob's turn is played at once, with no turn time. */
    ls_move moves[LS_MAX_MOVES];
    assert_true(ls_legal_moves(t->s, moves) > 0);
    char move[64];
    if (moves[0].kind == LS_MOVE_DRAW)
        moves[0].card = LS_NO_CARD;
    ls_move_str(moves[0], move, sizeof move);
    assert_int_equal(table_move(t, 0, t->version, move, 5000, &e), 0);
    assert_int_equal(ls_turn(t->s), 1);
    assert_int_equal(table_time_left(t, 5000), -1);
    table_job r;
    assert_true(table_request(t, 5000, &r));
    assert_int_equal(r.seat, 1);
    table_computer_move(t, 5000, r.seat, r.turn_id, false, moves[0], r.player);

    /* Bob comes back: after the next restart he is not away. */
    assert_int_equal(table_seat_of_token_hash(t, "fedcba9876543210fedcba9876543210",
                                              t->seats[1].token_hash), 1);
    table_connect(t, 1, 6000);
    assert_false(t->seats[1].away);
    t = stop_and_restore(t, &st, 9000);
    assert_false(t->seats[1].away);
    assert_false(t->seats[0].away);
    table_free(t);
    store_db_free(st);
}

/* The host passed on during the match (the host left, and the next person
 * connected took it) is the host after a restart, also once the first
 * host is back: not the host the match began with. */
static void test_the_host_comes_back_as_it_was_at_the_stop(void **state)
{
    (void)state;
    static const char *const names[3] = {"Ann", "Bob", "Cid"};
    static const char *const tokens[3] = {"0123456789abcdef0123456789abcdef",
                                          "fedcba9876543210fedcba9876543210",
                                          "00112233445566778899aabbccddeeff"};
    store *st = open_db_store();
    static const table_config cfg = {.grace_ms = 60000, .round_pause_ms = 8000,
                                     .bot_delay_ms = 700};
    table_options o = {.seats = 3, .rules = ls_rules_default(), .turn_time = 30};
    table *t = table_new("ABCDE", &o, &cfg, 11, st);
    assert_non_null(t);
    srv_error e = {0};
    int seat = -1;
    for (int i = 0; i < 3; i++)
        assert_int_equal(table_join(t, names[i], tokens[i], 0, 0, &seat, &e), 0);
    assert_int_equal(table_start(t, 0, 0, &e), 0);
    assert_int_equal(t->host, 0);
    /* Ann leaves: Bob is host; Ann comes back, and Bob stays host. */
    assert_int_equal(table_leave(t, 0, 0, &e), 0);
    assert_int_equal(t->host, 1);
    table_connect(t, 0, 1000);
    assert_int_equal(t->host, 1);

    t = stop_and_restore(t, &st, 5000);
    assert_int_equal(t->host, 1);
    /* After the restart Cid comes back, Bob leaves: Cid is host, and is
     * after the next restart. */
    assert_int_equal(table_seat_of_token_hash(t, tokens[2], t->seats[2].token_hash), 2);
    table_connect(t, 2, 6000);
    assert_int_equal(table_leave(t, 1, 6000, &e), 0);
    assert_int_equal(t->host, 2);
    t = stop_and_restore(t, &st, 9000);
    assert_int_equal(t->host, 2);
    assert_true(t->seats[1].away);
    table_free(t);
    store_db_free(st);
}

/* The .lsr files in the test's directory whose name holds `part`; the
 * last one's text into text (NULL: not read). */
static int record_files(const char *part, char **text)
{
    DIR *d = opendir(dir);
    int files = 0;
    for (struct dirent *de; d && (de = readdir(d));) {
        size_t n = strlen(de->d_name);
        if (!strstr(de->d_name, part) || n < 4 || strcmp(de->d_name + n - 4, ".lsr"))
            continue;
        files++;
        if (text) {
            char p[400];
            snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
            FILE *f = fopen(p, "r");
            assert_non_null(f);
            free(*text);
            *text = calloc(1, 8192);
            assert_non_null(*text);
            assert_true(fread(*text, 1, 8191, f) > 0);
            fclose(f);
        }
    }
    if (d)
        closedir(d);
    return files;
}

static int log_count(const char *what)
{
    fflush(log_stream);
    int n = 0;
    for (const char *p = logbuf; p && (p = strstr(p, what)); p++)
        n++;
    return n;
}

/* A crash between a finish's commit and its .lsr file leaves the match
 * finished in the database without its file: the next start writes it,
 * whole, and notes it written, so a later start does not write it again. */
static void test_a_finished_match_without_its_file_gets_it_at_the_next_start(void **state)
{
    (void)state;
    /* What such a crash leaves: the finish committed, no file written. */
    ls_db *db;
    ls_error err;
    assert_int_equal(ls_db_open(&db, path, &err), 0);
    int64_t id = 0, match_id = 0;
    assert_int_equal(ls_db_table_begin(db, "ABCD", "{\"match\":3,\"capacity\":3,"
                                       "\"turn_time\":0,\"host\":0,\"wins\":[0,0,0]}",
                                       &id, &err), 0);
    static const char *const names[3] = {"Ann", "Bob", "Cid"};
    for (int i = 0; i < 3; i++) {
        ls_db_seat seat = {.name = names[i]};
        assert_int_equal(ls_db_table_seat(db, id, i, &seat, &err), 0);
    }
    char *all = all_pieces();
    for (char *p = all, *nl; (nl = strchr(p, '\n')); p = nl + 1) {
        *nl = '\0';
        assert_int_equal(ls_db_table_append(db, id, p, &err), 0);
        *nl = '\n';
    }
    assert_int_equal(ls_db_table_finish(db, id, &match_id, &err), 0);
    ls_db_close(db);
    assert_int_equal(record_files("-ABCD-3", NULL), 0);

    store *st = open_db_store();
    char *text = NULL;
    assert_int_equal(record_files("-ABCD-3", &text), 1);
    assert_string_equal(text, all);
    assert_int_equal(log_count("wrote the .lsr file of 1 finished match that had none "
                               "(the server stopped before it wrote it)"),
                     1);
    store_db_free(st);
    st = open_db_store();
    assert_int_equal(log_count("wrote the .lsr file"), 1);
    assert_int_equal(record_files("-ABCD", NULL), 1);
    store_db_free(st);
    free(text);
    free(all);
}

/* A finished match whose .lsr file could not be written (a full disk; here
 * a directory in the way of its name) is kept in the database, and its
 * file is written at the next finish, not only at the next start. */
static void test_a_record_file_that_failed_is_written_at_the_next_finish(void **state)
{
    (void)state;
    store *st = open_db_store();
    /* The file's name holds the second of the finish: every second of the
     * next 28 (the finish takes milliseconds). */
    time_t now = time(NULL);
    char blocked[30][400];
    for (int i = 0; i < 30; i++) {
        time_t at = now - 1 + i;
        struct tm tm;
        char stamp[32];
        gmtime_r(&at, &tm);
        strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
        snprintf(blocked[i], sizeof blocked[i], "%s/%s-ABCD-1.lsr", dir, stamp);
        assert_int_equal(mkdir(blocked[i], 0755), 0);
    }
    void *m = begin(st, "ABCD", 1);
    hand_over(st, m, 0, NPIECES);
    assert_int_equal(st->ops->match_end(st->self, m, STORE_FINISHED, NULL), 0);
    assert_int_equal(store_db_finished(st), 1);
    assert_int_equal(log_count("table ABCD, match 1: finished and kept, but"), 1);
    for (int i = 0; i < 30; i++)
        rmdir(blocked[i]);
    assert_int_equal(record_files("-ABCD-1", NULL), 0);
    m = begin(st, "ABCD", 2);
    hand_over(st, m, 0, NPIECES);
    assert_int_equal(st->ops->match_end(st->self, m, STORE_FINISHED, NULL), 0);
    char *text = NULL;
    assert_int_equal(record_files("-ABCD-2", NULL), 1);
    assert_int_equal(record_files("-ABCD-1", &text), 1);
    char *all = all_pieces();
    assert_string_equal(text, all);
    assert_int_equal(log_count("wrote the .lsr file of 1 finished match that had none "
                               "(their writing had failed)"),
                     1);
    free(all);
    free(text);
    store_db_free(st);
}

/* Makes a file named `name` in the test's directory, last written `age`
 * seconds ago. */
static void old_file(const char *name, int age)
{
    char p[400];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs("leastscore 1\n", f);
    fclose(f);
    struct timeval tv[2] = {{.tv_sec = time(NULL) - age}, {.tv_sec = time(NULL) - age}};
    assert_int_equal(utimes(p, tv), 0);
}

static bool exists(const char *name)
{
    char p[400];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    struct stat st;
    return lstat(p, &st) == 0;
}

/* A crash in the middle of writing a record leaves its temporary file
 * (NAME.lsr.XXXXXX, or NAME.lsr.tmp before 3bd4b47): the next start
 * removes those, and says how many, once they are 10 minutes old (a
 * younger one may be another server's write in progress). Nothing else
 * is touched: no other name, no record, nothing but a plain file. */
static void test_a_crashs_temporary_records_are_removed_at_the_next_start(void **state)
{
    (void)state;
    static const char *const stale[] = {
        "2026-12-05-011132-ABCD-1.lsr.a1B2c3",
        "2026-12-05-011132-K7QF2-12.lsr.XyZ789",
        "2025-01-31-235959-ABCD-3.lsr.tmp",
    };
    static const char *const kept[] = {
        "2026-12-05-011132-ABCD-1.lsr",         /* a record */
        "2026-12-05-011132-ABCD-1.lsr.a1B2c",   /* not mkstemp's six */
        "2026-12-05-011132-ABCD-1.lsr.a1B2c3d",
        "2026-12-05-011132-ABCD-1.lsr.a1B-c3",
        "2026-12-05-011132-ABCD-1.lsr.bak",
        "2026-12-05-011132-ABCD.lsr.a1B2c3",    /* no match number */
        "2026-12-05-0111-ABCD-1.lsr.a1B2c3",    /* not our date */
        "x2026-12-05-011132-ABCD-1.lsr.a1B2c3",
        "notes.lsr.a1B2c3",
        "leastscore.db",
    };
    for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++)
        old_file(stale[i], 3600);
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        old_file(kept[i], 3600);
    old_file("2026-12-05-011132-ABCD-2.lsr.Q1w2E3", 60); /* young: in progress? */
    char p[400], target[400];
    snprintf(p, sizeof p, "%s/2026-12-05-011132-ABCD-4.lsr.dir123", dir);
    assert_int_equal(mkdir(p, 0755), 0);
    struct timeval tv[2] = {{.tv_sec = time(NULL) - 3600}, {.tv_sec = time(NULL) - 3600}};
    assert_int_equal(utimes(p, tv), 0);
    snprintf(target, sizeof target, "%s/notes.lsr.a1B2c3", dir);
    snprintf(p, sizeof p, "%s/2026-12-05-011132-ABCD-5.lsr.link12", dir);
    assert_int_equal(symlink(target, p), 0);

    store *st = open_db_store();
    for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++)
        if (exists(stale[i]))
            fail_msg("%s was left", stale[i]);
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        if (!exists(kept[i]))
            fail_msg("%s was removed", kept[i]);
    assert_true(exists("2026-12-05-011132-ABCD-2.lsr.Q1w2E3"));
    assert_true(exists("2026-12-05-011132-ABCD-4.lsr.dir123"));
    assert_true(exists("2026-12-05-011132-ABCD-5.lsr.link12"));
    assert_int_equal(log_count("removed 3 temporary files"), 1);
    store_db_free(st);
    /* Nothing more to remove: nothing said. */
    st = open_db_store();
    assert_int_equal(log_count("temporary files"), 1);
    store_db_free(st);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
static const struct CMUnitTest tests[] = {
    T(test_a_match_in_progress_is_in_the_database_at_its_last_move),
    T(test_a_finished_match_goes_to_the_history),
    T(test_a_finished_match_is_told_its_id),
    T(test_an_abandoned_match_is_dropped),
    T(test_partial_lines_wait_for_their_end),
    T(test_a_full_disk_loses_no_move),
    T(test_a_match_that_ends_while_the_disk_is_full_is_kept_and_retried),
    T(test_a_store_that_cannot_open_says_why),
    T(test_a_table_keeps_each_move_in_the_database_before_the_next),
    T(test_a_suspended_match_is_restored_with_its_seats),
    T(test_a_match_kept_whole_but_not_ended_is_finished_once_at_the_next_start),
    T(test_a_match_not_restored_is_kept_and_an_empty_one_dropped),
    T(test_a_failing_store_keeps_everything_and_comes_back),
    T(test_a_chat_line_that_seemed_to_fail_gives_its_number_back),
    T(test_an_away_seat_comes_back_away_after_a_restart),
    T(test_the_host_comes_back_as_it_was_at_the_stop),
    T(test_a_finished_match_without_its_file_gets_it_at_the_next_start),
    T(test_a_record_file_that_failed_is_written_at_the_next_finish),
    T(test_a_crashs_temporary_records_are_removed_at_the_next_start),
};

LS_TEST_MAIN(tests)
