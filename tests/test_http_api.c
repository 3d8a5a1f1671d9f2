/*
 * test_http_api.c - the JSON API (src/server/api.c, docs/http-api.md) on an
 * SQLite store in a temporary directory: a replay follows the game record
 * step by step with every hand; each path answers with the right status
 * and JSON; bad paths are 400 or 404 with a message; no store is 503.
 * (tests/server/players.test.mjs runs the same paths through a real server
 * on SQLite and PostgreSQL.)
 *
 * The match is docs/example.lsr: three rounds, Cid wins.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/api.h"
#include "server/db_internal.h"

static const char example[] =
    "leastscore 1\n"
    "# Three rounds of Least Score, threshold 25\n"
    "option threshold 25\n"
    "players Ann Bob Cid\n"
    "\n"
    "round                           # round 1: Ann starts\n"
    "hand Ann 7H 8H 9H 4C 2C\n"
    "hand Bob AS 3D 4D 6C KS\n"
    "hand Cid QC QD 5H 6S 2D\n"
    "open 4S\n"
    "Ann discard 7H 8H 9H take 4S    # a run of 3\n"
    "Bob discard KS draw 2S\n"
    "Cid discard QC QD draw 4H\n"
    "Ann declare\n"
    "round\n"
    "hand Ann KC KD 3D 2D 4S\n"
    "hand Bob AC 2H 3H 4C 4D\n"
    "hand Cid 9S 9D AH 2S AD\n"
    "open KH\n"
    "Bob discard 4C 4D draw 4H\n"
    "Cid discard 9S 9D take 4C\n"
    "Ann discard KC KD draw 6S\n"
    "Bob declare\n"
    "round\n"
    "hand Ann KC KD KH QS JS\n"
    "hand Cid AC AD 2C 3D 4S\n"
    "open AH\n"
    "Cid discard 2C 3D 4S take AH\n"
    "Ann discard KC KD draw QH\n"
    "Cid declare\n";

static char dir[64];

/* The cards of a JSON array, space-separated. */
static void cards(json_t *a, char *out, size_t size)
{
    size_t i, w = 0;
    json_t *c;
    out[0] = '\0';
    json_array_foreach(a, i, c)
        w += (size_t)snprintf(out + w, size - w, "%s%s", i ? " " : "", json_string_value(c));
}

static void test_a_replay_gives_every_hand_after_each_deal_and_move(void **state)
{
    (void)state;
    json_t *o = NULL;
    ls_error err = {0};
    assert_int_equal(api_replay(example, strlen(example), &o, &err), 0);
    json_t *steps = json_object_get(o, "steps");
    /* 3 deals and 11 moves */
    assert_int_equal(json_array_size(steps), 14);
    assert_int_equal(json_integer_value(json_object_get(o, "rounds")), 3);
    char buf[128];
    json_t *s0 = json_array_get(steps, 0);
    assert_string_equal(json_string_value(json_object_get(s0, "kind")), "deal");
    assert_int_equal(json_integer_value(json_object_get(s0, "line")), 10);
    cards(json_array_get(json_object_get(s0, "hands"), 0), buf, sizeof buf);
    assert_string_equal(buf, "2C 4C 7H 8H 9H");
    cards(json_object_get(s0, "open"), buf, sizeof buf);
    assert_string_equal(buf, "4S");
    assert_int_equal(json_integer_value(json_object_get(s0, "deck")), 36);
    /* Bob's draw names the card drawn; his hand holds it. */
    json_t *s2 = json_array_get(steps, 2);
    assert_string_equal(json_string_value(json_object_get(s2, "move")), "discard KS draw 2S");
    assert_int_equal(json_integer_value(json_object_get(s2, "seat")), 1);
    cards(json_array_get(json_object_get(s2, "hands"), 1), buf, sizeof buf);
    assert_string_equal(buf, "AS 2S 3D 4D 6C");
    cards(json_object_get(s2, "open"), buf, sizeof buf);
    assert_string_equal(buf, "KS");
    /* Ann's declaration ends round 1: the result and the scores. */
    json_t *s4 = json_array_get(steps, 4);
    json_t *res = json_object_get(s4, "result");
    assert_non_null(res);
    assert_int_equal(json_integer_value(json_object_get(res, "declarer")), 0);
    assert_true(json_is_true(json_object_get(res, "correct")));
    json_t *scores = json_object_get(s4, "scores");
    assert_int_equal(json_integer_value(json_array_get(scores, 1)), 6);
    assert_int_equal(json_integer_value(json_array_get(scores, 2)), 7);
    assert_int_equal(json_integer_value(json_object_get(s4, "turn")), -1);
    /* Round 3: Bob is out and holds nothing; Cid wins. */
    json_t *s10 = json_array_get(steps, 10);
    assert_int_equal(json_integer_value(json_object_get(s10, "round")), 3);
    assert_int_equal(json_array_size(json_array_get(json_object_get(s10, "hands"), 1)), 0);
    assert_true(json_is_true(json_array_get(json_object_get(s10, "out"), 1)));
    json_t *last = json_array_get(steps, 13);
    assert_int_equal(json_integer_value(json_object_get(last, "winner")), 2);
    json_decref(o);
}

static void test_a_replay_of_a_record_that_breaks_the_rules_says_where(void **state)
{
    (void)state;
    char *bad = strdup(example);
    /* Bob draws a card that Ann holds. */
    char *at = strstr(bad, "draw 2S");
    memcpy(at, "draw 2C", 7);
    json_t *o = NULL;
    ls_error err = {0};
    assert_true(api_replay(bad, strlen(bad), &o, &err) < 0);
    assert_null(o);
    assert_int_equal(err.line, 12);
    free(bad);
}

/* Each step names the line that made it, however the record's lines end:
 * the reader takes LF, CRLF or a CR alone (old Mac editors), and the steps
 * of a record with CRs alone were all at line 0 (found by fuzz_replay). */
static void test_a_replay_names_each_steps_line_whatever_ends_the_lines(void **state)
{
    (void)state;
    static const char *const breaks[] = {"\n", "\r\n", "\r"};
    for (size_t b = 0; b < 3; b++) {
        char text[2048] = "";
        size_t w = 0;
        for (const char *p = example; *p; p++)
            w += (size_t)snprintf(text + w, sizeof text - w, "%s",
                                  *p == '\n' ? breaks[b] : (char[]){*p, '\0'});
        json_t *o = NULL;
        ls_error err = {0};
        assert_int_equal(api_replay(text, w, &o, &err), 0);
        json_t *steps = json_object_get(o, "steps");
        assert_int_equal(json_array_size(steps), 14);
        /* The deals (open 4S, KH, AH), Ann's run, the last declaration. */
        static const struct {
            size_t step;
            int line;
        } want[] = {{0, 10}, {1, 11}, {5, 19}, {10, 27}, {13, 30}};
        for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
            long long line = json_integer_value(
                json_object_get(json_array_get(steps, want[i].step), "line"));
            if (line != want[i].line)
                fail_msg("line breaks %zu: step %zu at line %lld, not %d", b, want[i].step,
                         line, want[i].line);
        }
        json_decref(o);
    }
}

/* The replay the server sends (written out step by step) is, byte for
 * byte, the tree of api_replay() with its id as every answer is written;
 * and a record that does not verify is a 500 that says where. */
static void test_a_replay_written_step_by_step_is_the_whole_tree(void **state)
{
    (void)state;
    const char *files[] = {NULL, "tests/data/finished.lsr", "docs/example.lsr"};
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        char *text = NULL;
        if (!files[k]) {
            text = strdup(example);
        } else {
            FILE *f = fopen(files[k], "rb");
            assert_non_null(f);
            text = calloc(1, 1 << 20);
            assert_non_null(text);
            assert_true(fread(text, 1, (1 << 20) - 1, f) > 0);
            fclose(f);
        }
        json_t *o = NULL;
        ls_error err = {0};
        assert_int_equal(api_replay(text, strlen(text), &o, &err), 0);
        json_object_set_new(o, "id", json_integer(41));
        char *want = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(12));
        json_decref(o);
        api_reply r = {.record = text, .replay_id = 41};
        assert_int_equal(api_replay_reply(&r), 0);
        assert_int_equal(r.status, 200);
        assert_null(r.record);
        assert_int_equal(r.len, strlen(want));
        assert_string_equal(r.body, want);
        free(r.body);
        free(want);
    }
    char *bad = strdup(example);
    memcpy(strstr(bad, "draw 2S"), "draw 2C", 7);
    api_reply r = {.record = bad, .replay_id = 7};
    assert_int_equal(api_replay_reply(&r), 0);
    assert_int_equal(r.status, 500);
    assert_non_null(strstr(r.body, "the record of match 7 does not verify: line 12"));
    free(r.body);
}

/* GET path; checks the status and returns the body parsed (JSON). */
static json_t *get(ls_db *db, const char *path, const char *before, int status, char **text)
{
    api_reply r;
    assert_int_equal(api_get(db, path, before, &r), 0);
    if (r.status == 0) { /* a replay: built apart, from the record alone */
        assert_non_null(r.record);
        assert_null(r.body);
        assert_int_equal(api_replay_reply(&r), 0);
        assert_null(r.record);
    }
    if (r.status != status)
        fail_msg("%s: status %d, not %d: %s", path, r.status, status, r.body);
    json_t *o = NULL;
    if (!strcmp(r.type, "application/json")) {
        o = json_loadb(r.body, r.len, 0, NULL);
        assert_non_null(o);
        if (status != 200) {
            assert_non_null(json_string_value(json_object_get(o, "error")));
            assert_true(strlen(json_string_value(json_object_get(o, "message"))) > 10);
        }
    }
    if (text)
        *text = r.body;
    else
        free(r.body);
    return o;
}

static const char *str(json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

static long long num(json_t *o, const char *key)
{
    return json_integer_value(json_object_get(o, key));
}

/* Finishes the example match with these players at its seats (0: a
 * guest); its id. */
static int64_t finish_example(ls_db *db, const int64_t ids[3], const char *const bots[3])
{
    static const char *const names[3] = {"Ann", "Bob", "Cid"};
    ls_error err = {0};
    int64_t t, mid;
    assert_int_equal(ls_db_table_begin(db, "ABCDE", "", &t, &err), 0);
    for (int i = 0; i < 3; i++) {
        ls_db_seat s = {names[i], ids[i], bots[i], NULL, NULL};
        assert_int_equal(ls_db_table_seat(db, t, i, &s, &err), 0);
    }
    for (const char *line = example; *line;) {
        const char *nl = strchr(line, '\n');
        char buf[128];
        snprintf(buf, sizeof buf, "%.*s", (int)(nl - line), line);
        assert_int_equal(ls_db_table_append(db, t, buf, &err), 0);
        line = nl + 1;
    }
    assert_int_equal(ls_db_table_finish(db, t, &mid, &err), 0);
    return mid;
}

static void test_the_api_answers_from_the_store(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/api.db", dir);
    ls_db *db = NULL;
    ls_error err = {0};
    assert_int_equal(ls_db_open(&db, path, &err), 0);

    json_t *o = get(NULL, "/api/leaderboard", NULL, 503, NULL);
    assert_string_equal(str(o, "error"), "no_store");
    json_decref(o);
    o = get(db, "/api/leaderboard", NULL, 200, NULL);
    assert_int_equal(json_array_size(json_object_get(o, "players")), 0);
    json_decref(o);

    /* Ann is a player; Bob a guest; Cid the greedy level. */
    int64_t ann, cid;
    assert_int_equal(ls_db_player_create(db, "Ann", "0123456789abcdef0123456789abcdef", &ann, &err), 0);
    assert_int_equal(ls_db_bot_player(db, "greedy", &cid, &err), 0);
    int64_t mid = finish_example(db, (int64_t[]){ann, 0, cid}, (const char *const[]){NULL, NULL, "greedy"});

    /* A profile is four queries (the player, the rating history, the
     * matches with their seats, the rank), whatever the matches: it was
     * two more for each of the last 20 matches. */
    long statements = db->statements;
    o = get(db, "/api/players/Ann", NULL, 200, NULL);
    assert_int_equal(db->statements - statements, 4);
    assert_string_equal(str(o, "kind"), "person");
    assert_int_equal(num(o, "matches"), 1);
    assert_int_equal(num(o, "wins"), 0);
    assert_int_equal(num(o, "rounds"), 3);
    assert_int_equal(num(o, "declared"), 1);
    assert_int_equal(json_array_size(json_object_get(o, "rating_history")), 1);
    json_t *recent = json_object_get(o, "recent");
    assert_int_equal(json_array_size(recent), 1);
    assert_int_equal(num(json_array_get(recent, 0), "id"), mid);
    assert_int_equal(num(json_array_get(recent, 0), "you"), 0);
    json_decref(o);

    snprintf(path, sizeof path, "/api/matches/%lld", (long long)mid);
    o = get(db, path, NULL, 200, NULL);
    assert_string_equal(str(o, "code"), "ABCDE");
    json_t *pl = json_object_get(o, "players");
    assert_int_equal(json_array_size(pl), 3);
    assert_true(json_is_true(json_object_get(json_array_get(pl, 2), "won")));
    assert_int_equal(num(json_array_get(pl, 2), "place"), 1);
    assert_string_equal(str(json_array_get(pl, 2), "level"), "greedy");
    assert_true(json_is_false(json_object_get(json_array_get(pl, 1), "rated")));
    assert_null(json_object_get(json_array_get(pl, 1), "rating_after"));
    assert_true(json_is_true(json_object_get(json_array_get(pl, 0), "rated")));
    assert_non_null(json_object_get(json_array_get(pl, 0), "rating_after"));
    json_decref(o);

    char *text = NULL;
    snprintf(path, sizeof path, "/api/matches/%lld.lsr", (long long)mid);
    assert_null(get(db, path, NULL, 200, &text));
    assert_non_null(strstr(text, "Cid discard 2C 3D 4S take AH"));
    free(text);
    snprintf(path, sizeof path, "/api/matches/%lld/replay", (long long)mid);
    o = get(db, path, NULL, 200, NULL);
    assert_int_equal(json_array_size(json_object_get(o, "steps")), 14);
    json_decref(o);

    o = get(db, "/api/leaderboard", NULL, 200, NULL);
    json_t *rows = json_object_get(o, "players");
    assert_int_equal(json_array_size(rows), 2); /* Ann and greedy; Bob is a guest */
    assert_string_equal(str(json_array_get(rows, 0), "name"), "greedy");
    assert_int_equal(num(json_array_get(rows, 0), "rank"), 1);
    json_decref(o);
    o = get(db, "/api/bots/greedy", NULL, 200, NULL);
    assert_int_equal(num(o, "wins"), 1);
    /* A profile gives its place on the leaderboard, of those on it. */
    assert_int_equal(num(o, "rank"), 1);
    assert_int_equal(num(o, "ranked"), 2);
    json_decref(o);
    o = get(db, "/api/players/Ann", NULL, 200, NULL);
    assert_int_equal(num(o, "rank"), 2);
    assert_int_equal(num(o, "ranked"), 2);
    json_decref(o);
    /* A player who has finished no match has no place yet. */
    int64_t dee;
    assert_int_equal(ls_db_player_create(db, "Dee", "abcdef0123456789abcdef0123456789", &dee, &err), 0);
    o = get(db, "/api/players/Dee", NULL, 200, NULL);
    assert_true(json_is_null(json_object_get(o, "rank")));
    assert_int_equal(num(o, "ranked"), 2);
    json_decref(o);
    statements = db->statements;
    o = get(db, "/api/players/Ann/matches", NULL, 200, NULL);
    assert_int_equal(db->statements - statements, 2);
    assert_int_equal(json_array_size(json_object_get(o, "matches")), 1);
    json_decref(o);
    char before[32];
    snprintf(before, sizeof before, "%lld", (long long)mid);
    o = get(db, "/api/players/Ann/matches", before, 200, NULL);
    assert_int_equal(json_array_size(json_object_get(o, "matches")), 0);
    json_decref(o);
    /* A computer level's profile pages its matches as a person's does
     * (the browser client's Older matches asks for LEVEL/matches: it was
     * 404, "'greedy/matches' is not a computer level"). */
    o = get(db, "/api/bots/greedy/matches", NULL, 200, NULL);
    assert_string_equal(str(o, "name"), "greedy");
    assert_int_equal(json_array_size(json_object_get(o, "matches")), 1);
    assert_int_equal(num(json_array_get(json_object_get(o, "matches"), 0), "you"), 2);
    json_decref(o);
    o = get(db, "/api/bots/greedy/matches", before, 200, NULL);
    assert_int_equal(json_array_size(json_object_get(o, "matches")), 0);
    json_decref(o);
    /* A level in any case, as a person's name (it was 404, "'Greedy' is
     * not a computer level"); the answer names it as the level is named. */
    o = get(db, "/api/bots/Greedy", NULL, 200, NULL);
    assert_string_equal(str(o, "name"), "greedy");
    json_decref(o);
    o = get(db, "/api/bots/GREEDY/matches", NULL, 200, NULL);
    assert_string_equal(str(o, "name"), "greedy");
    assert_int_equal(json_array_size(json_object_get(o, "matches")), 1);
    json_decref(o);
    json_decref(get(db, "/api/bots/greedy/matches", "x", 400, NULL));
    json_decref(get(db, "/api/bots/greedy/other", NULL, 404, NULL));
    json_decref(get(db, "/api/bots/wizard/matches", NULL, 404, NULL));
    /* A level that is none says which are (it said only "'wizard' is not
     * a computer level"). */
    o = get(db, "/api/bots/wizard", NULL, 404, NULL);
    assert_string_equal(str(o, "message"), "'wizard' is not a computer level "
                        "(the levels: random, greedy, expert)");
    json_decref(o);

    static const struct {
        const char *path, *before;
        int status;
    } bad[] = {
        {"/api/players/Zed", NULL, 404},        {"/api/players/bad.name", NULL, 400},
        {"/api/players/Ann/other", NULL, 404},  {"/api/players/Ann/matches", "x", 400},
        {"/api/players/Ann/matches", "0", 400}, {"/api/matches/999", NULL, 404},
        {"/api/matches/0", NULL, 400},          {"/api/matches/1x", NULL, 400},
        {"/api/matches/", NULL, 404},           {"/api/matches/1234567890123456789", NULL, 400},
        {"/api/bots/wizard", NULL, 404},        {"/api/nothing", NULL, 404},
        /* Not UTF-8 (a path is percent-decoded into any bytes): still a
         * JSON answer, the bad bytes quoted as '?' (they were a 500). */
        {"/api/players/\xC3", NULL, 400},       {"/api/bots/\xFF\xFE", NULL, 404},
        {"/api/matches/\xC3", NULL, 400},       {"/api/players/Ann/matches", "\xC3", 400},
        {"/api/matches/1.txt", NULL, 404},      {"/api/matches/1/other", NULL, 404},
        {"/api/matches/1.lsr/replay", NULL, 404}, {"/api/players/Zed/matches", "x", 400},
        {"/api/\xE2\x82", NULL, 404},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        json_decref(get(db, bad[i].path, bad[i].before, bad[i].status, NULL));
    /* An id that cannot be a match's is refused 400 whatever follows it
     * (.lsr and /replay were 404, "not a match", as for a path the API
     * does not have), and the message says what an id is and quotes the
     * one given: "1x" was 404 "'1x' is not a match: ... (ID a number)",
     * as if no such path existed. */
    static const struct {
        const char *path, *before, *id;
    } bad_ids[] = {
        {"/api/matches/0", NULL, "0"},
        {"/api/matches/0.lsr", NULL, "0"},
        {"/api/matches/0/replay", NULL, "0"},
        {"/api/matches/00/replay", NULL, "00"},
        {"/api/matches/1234567890123456789.lsr", NULL, "1234567890123456789"},
        {"/api/matches/1234567890123456789/replay", NULL, "1234567890123456789"},
        {"/api/matches/1x", NULL, "1x"},
        {"/api/matches/1x.lsr", NULL, "1x"},
        {"/api/matches/1x/replay", NULL, "1x"},
        {"/api/matches/abc", NULL, "abc"},
        {"/api/matches/-1", NULL, "-1"},
        {"/api/matches/ 1", NULL, " 1"},
        {"/api/players/Ann/matches", "1x", "1x"},
        {"/api/players/Zed/matches", "0", "0"},
        {"/api/bots/greedy/matches", "", ""},
    };
    for (size_t i = 0; i < sizeof bad_ids / sizeof bad_ids[0]; i++) {
        o = get(db, bad_ids[i].path, bad_ids[i].before, 400, NULL);
        assert_string_equal(str(o, "error"), "bad_request");
        char want[200];
        snprintf(want, sizeof want, "%s must be a whole number from 1, of at most 18 "
                 "digits: '%s'", bad_ids[i].before ? "before" : "match ID", bad_ids[i].id);
        if (strcmp(str(o, "message"), want))
            fail_msg("%s: %s", bad_ids[i].path, str(o, "message"));
        json_decref(o);
    }
    /* A long one is quoted in part. */
    o = get(db, "/api/matches/1234567890123456789012345678901234567890123", NULL, 400, NULL);
    assert_string_equal(str(o, "message"), "match ID must be a whole number from 1, of at "
                        "most 18 digits: '1234567890123456789012345678901234567890'...");
    json_decref(o);
    o = get(db, "/api/players/ab\xC3", NULL, 400, NULL);
    assert_string_equal(str(o, "message"), "player name must be 1 to 16 of A-Z a-z 0-9 _ -: "
                        "'ab?'");
    json_decref(o);
    ls_db_close(db);
    snprintf(path, sizeof path, "%s/api.db", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/api.db-wal", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/api.db-shm", dir);
    unlink(path);
}

/* The seats of a JSON array of integers, as "0,1". */
static void ints(json_t *a, char *out, size_t size)
{
    size_t i, w = 0;
    json_t *v;
    out[0] = '\0';
    json_array_foreach(a, i, v)
        w += (size_t)snprintf(out + w, size - w, "%s%lld", i ? "," : "",
                              (long long)json_integer_value(v));
}

/* A computer level that had two seats at a match lists it once, with
 * both seats in your_seats and the better placed in you (in the example
 * Cid is first, Ann second, Bob third): seats 0 and 1 give 0, seats 1
 * and 2 give 2. A person's entry has its one seat. */
static void test_a_level_at_two_seats_lists_the_match_once(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/seats.db", dir);
    ls_db *db = NULL;
    ls_error err = {0};
    assert_int_equal(ls_db_open(&db, path, &err), 0);
    int64_t ann, lvl;
    assert_int_equal(ls_db_player_create(db, "Ann", "0123456789abcdef0123456789abcdef", &ann, &err), 0);
    assert_int_equal(ls_db_bot_player(db, "greedy", &lvl, &err), 0);
    int64_t m1 = finish_example(db, (int64_t[]){lvl, lvl, ann},
                                (const char *const[]){"greedy", "greedy", NULL});
    int64_t m2 = finish_example(db, (int64_t[]){0, lvl, lvl},
                                (const char *const[]){NULL, "greedy", "greedy"});
    char seats[32];
    json_t *o = get(db, "/api/bots/greedy", NULL, 200, NULL);
    assert_int_equal(num(o, "matches"), 2); /* in four seats */
    assert_int_equal(num(o, "wins"), 1);
    json_t *recent = json_object_get(o, "recent");
    assert_int_equal(json_array_size(recent), 2);
    json_t *e2 = json_array_get(recent, 0), *e1 = json_array_get(recent, 1);
    assert_int_equal(num(e2, "id"), m2);
    assert_int_equal(num(e2, "you"), 2);
    ints(json_object_get(e2, "your_seats"), seats, sizeof seats);
    assert_string_equal(seats, "1,2");
    assert_int_equal(num(e1, "id"), m1);
    assert_int_equal(num(e1, "you"), 0);
    ints(json_object_get(e1, "your_seats"), seats, sizeof seats);
    assert_string_equal(seats, "0,1");
    assert_int_equal(json_array_size(json_object_get(e1, "players")), 3);
    json_decref(o);
    o = get(db, "/api/players/Ann/matches", NULL, 200, NULL);
    json_t *list = json_object_get(o, "matches");
    assert_int_equal(json_array_size(list), 1);
    assert_int_equal(num(json_array_get(list, 0), "you"), 2);
    ints(json_object_get(json_array_get(list, 0), "your_seats"), seats, sizeof seats);
    assert_string_equal(seats, "2");
    json_decref(o);
    ls_db_close(db);
    const char *const ends[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/seats.db%s", dir, ends[i]);
        unlink(path);
    }
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/lsapi.XXXXXX");
    if (!mkdtemp(dir)) {
        perror("test_http_api: mkdtemp");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_replay_gives_every_hand_after_each_deal_and_move),
        cmocka_unit_test(test_a_replay_of_a_record_that_breaks_the_rules_says_where),
        cmocka_unit_test(test_a_replay_names_each_steps_line_whatever_ends_the_lines),
        cmocka_unit_test(test_a_replay_written_step_by_step_is_the_whole_tree),
        cmocka_unit_test(test_the_api_answers_from_the_store),
        cmocka_unit_test(test_a_level_at_two_seats_lists_the_match_once),
    };
    int failed = cmocka_run_group_tests_name("test_http_api", tests, NULL, NULL);
    rmdir(dir);
    return failed;
}
