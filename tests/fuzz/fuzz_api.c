/*
 * fuzz_api.c - the JSON API's paths and query (api_get, src/server/api.c)
 * on an SQLite store in a temporary directory, seeded with players, a
 * computer level and two finished matches (the match of docs/example.lsr).
 *
 * The input is the path (what the server percent-decoded), then, after a
 * line break, the value of the query's before= (none without a line
 * break); each ends at a NUL byte, as a C string does. Whatever they are,
 * api_get answers: 200 with JSON (the record of a match as text), a
 * replay to build that builds (200), or 400 bad_request or 404 not_found,
 * as JSON with a message in valid UTF-8; never 500 or 503 from a store
 * that works. A match's answer is the match the path's ID names, and its
 * record is the one stored.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "server/api.h"

static const char example[] =
    "leastscore 1\n"
    "option threshold 25\n"
    "players Ann Bob greedy\n"
    "round\n"
    "hand Ann 7H 8H 9H 4C 2C\n"
    "hand Bob AS 3D 4D 6C KS\n"
    "hand greedy QC QD 5H 6S 2D\n"
    "open 4S\n"
    "Ann discard 7H 8H 9H take 4S\n"
    "Bob discard KS draw 2S\n"
    "greedy discard QC QD draw 4H\n"
    "Ann declare\n"
    "round\n"
    "hand Ann KC KD 3D 2D 4S\n"
    "hand Bob AC 2H 3H 4C 4D\n"
    "hand greedy 9S 9D AH 2S AD\n"
    "open KH\n"
    "Bob discard 4C 4D draw 4H\n"
    "greedy discard 9S 9D take 4C\n"
    "Ann discard KC KD draw 6S\n"
    "Bob declare\n"
    "round\n"
    "hand Ann KC KD KH QS JS\n"
    "hand greedy AC AD 2C 3D 4S\n"
    "open AH\n"
    "greedy discard 2C 3D 4S take AH\n"
    "Ann discard KC KD draw QH\n"
    "greedy declare\n";

static ls_db *db;
static char dir[64] = "";
static int64_t match_ids[2];

static void remove_store(void)
{
    static const char *const files[] = {"api.db", "api.db-wal", "api.db-shm"};
    ls_db_close(db);
    db = NULL;
    for (size_t i = 0; dir[0] && i < sizeof files / sizeof files[0]; i++) {
        char path[96];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    if (dir[0])
        rmdir(dir);
}

#define SEED(call) FUZZ_CHECK((call) == 0, "seeding the store: %s", err.msg)

/* Ann (a player), Bob (a guest) and greedy play the example twice; Dee
 * has played nothing. */
static void seed_store(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%.40s/fuzz_api.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    FUZZ_CHECK(mkdtemp(dir), "cannot make %s", dir);
    atexit(remove_store);
    char path[96];
    snprintf(path, sizeof path, "%s/api.db", dir);
    ls_error err = {0};
    SEED(ls_db_open(&db, path, &err));
    int64_t ann, dee, greedy;
    SEED(ls_db_player_create(db, "Ann", "0123456789abcdef0123456789abcdef", &ann, &err));
    SEED(ls_db_player_create(db, "Dee", "abcdef0123456789abcdef0123456789", &dee, &err));
    SEED(ls_db_bot_player(db, "greedy", &greedy, &err));
    for (int k = 0; k < 2; k++) {
        static const char *const names[3] = {"Ann", "Bob", "greedy"};
        const int64_t ids[3] = {ann, 0, greedy};
        const char *const bots[3] = {NULL, NULL, "greedy"};
        int64_t t;
        SEED(ls_db_table_begin(db, "ABCDE", "", &t, &err));
        for (int i = 0; i < 3; i++) {
            ls_db_seat s = {names[i], ids[i], bots[i], NULL, NULL};
            SEED(ls_db_table_seat(db, t, i, &s, &err));
        }
        for (const char *line = example; *line;) {
            const char *nl = strchr(line, '\n');
            char buf[128];
            snprintf(buf, sizeof buf, "%.*s", (int)(nl - line), line);
            SEED(ls_db_table_append(db, t, buf, &err));
            line = nl + 1;
        }
        SEED(ls_db_table_finish(db, t, &match_ids[k], &err));
    }
}

/* The id a /api/matches/ID... path names, when it is digits alone
 * (0: none). */
static int64_t path_id(const char *path)
{
    if (strncmp(path, "/api/matches/", 13))
        return 0;
    const char *p = path + 13;
    size_t n = strspn(p, "0123456789");
    if (!n || n > 18 || (p[n] && strcmp(p + n, ".lsr") && strcmp(p + n, "/replay")))
        return 0;
    return strtoll(p, NULL, 10);
}

static void check_json(const api_reply *r, const char *path)
{
    FUZZ_CHECK(!strcmp(r->type, "application/json"), "%s: type %s", path, r->type);
    json_error_t e;
    json_t *o = json_loadb(r->body, r->len, 0, &e);
    FUZZ_CHECK(o, "%s: status %d, not JSON (%s): %s", path, r->status, e.text, r->body);
    if (r->status != 200) {
        const char *code = json_string_value(json_object_get(o, "error"));
        const char *msg = json_string_value(json_object_get(o, "message"));
        FUZZ_CHECK(code && msg && msg[0], "%s: status %d without an error and a message",
                   path, r->status);
        FUZZ_CHECK(!strcmp(code, r->status == 400 ? "bad_request" : "not_found"),
                   "%s: status %d, error %s", path, r->status, code);
    }
    json_decref(o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!db)
        seed_store();
    size_t at = 0;
    char *path = fuzz_next_line(data, size, &at);
    bool has_before = memchr(data, '\n', size) != NULL;
    char *before = fuzz_next_line(data, size, &at);
    api_reply r;
    memset(&r, 0x5a, sizeof r);
    FUZZ_CHECK(api_get(db, path, has_before ? before : NULL, &r) == 0, "%s: no answer", path);
    FUZZ_CHECK(r.status == 0 || r.status == 200 || r.status == 400 || r.status == 404,
               "%s: status %d: %.*s", path, r.status, r.status ? (int)r.len : 0,
               r.status ? r.body : "");
    FUZZ_CHECK(r.retry_after == 0, "%s: Retry-After %d", path, r.retry_after);
    int64_t id = path_id(path);
    if (r.status == 0) {
        FUZZ_CHECK(r.record && !r.body, "%s: a replay without its record", path);
        FUZZ_CHECK(r.replay_id == id, "%s: the replay of match %lld", path,
                   (long long)r.replay_id);
        FUZZ_CHECK(api_replay_reply(&r) == 0 && r.status == 200, "%s: the replay did not "
                   "build", path);
    }
    FUZZ_CHECK(r.body && r.len == strlen(r.body), "%s: a body of %zu bytes", path, r.len);
    bool known = id && (id == match_ids[0] || id == match_ids[1]);
    if (id)
        FUZZ_CHECK((r.status == 200) == known, "%s: status %d", path, r.status);
    if (r.status == 200 && !strcmp(r.type, "text/plain; charset=utf-8")) {
        size_t n = strlen(path);
        FUZZ_CHECK(known && n > 4 && !strcmp(path + n - 4, ".lsr") &&
                       strstr(r.body, "greedy discard 2C 3D 4S take AH\n"),
                   "%s: a record", path);
    } else {
        check_json(&r, path);
    }
    free(r.body);
    free(path);
    free(before);
    return 0;
}
