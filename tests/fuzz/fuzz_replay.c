/*
 * fuzz_replay.c - the replay the JSON API builds from a stored game record
 * (api_replay and api_replay_reply, src/server/api.c) on arbitrary bytes.
 *
 * A record either does not verify, and the reader's error says where (a
 * line of the text, a printable message) with no replay left, or it gives
 * a replay whose steps each name the line that made them: a deal's step
 * the `open CARD` line that ends the deal, a move's step a line
 * `NAME discard|declare ...` of the seat that moved, the lines in order
 * (a line ends in LF, CRLF or a CR alone, as the reader counts them). The
 * reply the server sends, written out step by step (api_replay_reply), is
 * byte for byte that tree with the match's id, or a 500 when the tree
 * could not be built either.
 */
#include <string.h>
#include <strings.h>

#include "fuzz.h"
#include "server/api.h"

#define MAX_LINES 4096

/* The start of each line of data, as the record reader splits them. */
static int split_lines(const uint8_t *data, size_t size, size_t *start, size_t *len)
{
    int n = 0;
    size_t pos = size >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3) ? 3 : 0;
    while (pos < size && n < MAX_LINES) {
        size_t e = pos;
        while (e < size && data[e] != '\n' && data[e] != '\r')
            e++;
        start[n] = pos;
        len[n++] = e - pos;
        if (e < size && data[e] == '\r' && e + 1 < size && data[e + 1] == '\n')
            e++;
        pos = e < size ? e + 1 : e;
    }
    return n;
}

/* Token k (0 or 1) of a line: blanks separate, '#' starts a comment. */
static size_t token(const char *line, size_t len, int k, const char **tok)
{
    size_t i = 0;
    for (int t = 0;; t++) {
        while (i < len && (line[i] == ' ' || line[i] == '\t'))
            i++;
        size_t b = i;
        while (i < len && line[i] != ' ' && line[i] != '\t' && line[i] != '#')
            i++;
        if (t == k || i == b) {
            *tok = line + b;
            return i - b;
        }
    }
}

static bool token_is(const char *line, size_t len, int k, const char *word, bool nocase)
{
    const char *t;
    size_t n = token(line, len, k, &t);
    return n == strlen(word) && !(nocase ? strncasecmp(t, word, n) : strncmp(t, word, n));
}

static void check_steps(json_t *replay, const uint8_t *data, size_t size)
{
    static size_t start[MAX_LINES], len[MAX_LINES];
    int nlines = split_lines(data, size, start, len);
    if (nlines >= MAX_LINES)
        return;
    json_t *names = json_object_get(replay, "players"), *steps = json_object_get(replay, "steps");
    FUZZ_CHECK(json_is_array(names) && json_is_array(steps), "a replay without its players "
               "or steps");
    size_t i;
    json_t *step;
    long long last = 0;
    json_array_foreach(steps, i, step) {
        long long line = json_integer_value(json_object_get(step, "line"));
        const char *kind = json_string_value(json_object_get(step, "kind"));
        int seat = (int)json_integer_value(json_object_get(step, "seat"));
        FUZZ_CHECK(kind && line > last && line <= nlines, "step %zu (%s) at line %lld, after "
                   "line %lld, of %d", i, kind ? kind : "?", line, last, nlines);
        last = line;
        const char *text = (const char *)data + start[line - 1];
        size_t n = len[line - 1];
        if (!strcmp(kind, "deal")) {
            FUZZ_CHECK(token_is(text, n, 0, "open", false), "the deal of step %zu at line "
                       "%lld: '%.*s'", i, line, (int)n, text);
        } else {
            const char *name = json_string_value(json_array_get(names, (size_t)seat));
            FUZZ_CHECK(name && token_is(text, n, 0, name, false) &&
                           (token_is(text, n, 1, "discard", true) ||
                            token_is(text, n, 1, "declare", true)),
                       "the move of step %zu (seat %d) at line %lld: '%.*s'", i, seat, line,
                       (int)n, text);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_t *o = NULL;
    ls_error err;
    memset(&err, 0, sizeof err);
    int rc = api_replay((const char *)data, size, &o, &err);
    if (rc != 0) {
        FUZZ_CHECK(rc < 0 && !o, "rc %d, a replay %p", rc, (void *)o);
        FUZZ_CHECK(err.msg[0] && err.line >= 1, "error at line %d: '%s'", err.line, err.msg);
        fuzz_check_message(&err);
    } else {
        check_steps(o, data, size);
    }
    /* The server's reply, from the record as the store keeps it (a C
     * string: a record with a NUL byte never verifies). */
    if (memchr(data, '\0', size))
        goto out;
    api_reply r = {.record = malloc(size + 1), .replay_id = 41};
    FUZZ_CHECK(r.record, "out of memory");
    memcpy(r.record, data, size);
    r.record[size] = '\0';
    FUZZ_CHECK(api_replay_reply(&r) == 0 && !r.record, "no reply");
    FUZZ_CHECK(r.body && r.len == strlen(r.body), "a reply of %zu bytes", r.len);
    if (rc == 0) {
        json_object_set_new(o, "id", json_integer(41));
        char *want = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(12));
        FUZZ_CHECK(want, "out of memory");
        FUZZ_CHECK(r.status == 200 && !strcmp(r.body, want), "status %d, the reply differs "
                   "from the tree", r.status);
        free(want);
    } else {
        FUZZ_CHECK(r.status == 500, "a record that does not verify: status %d", r.status);
        json_t *e = json_loads(r.body, 0, NULL);
        FUZZ_CHECK(e && json_string_value(json_object_get(e, "message")), "'%s'", r.body);
        json_decref(e);
    }
    free(r.body);
out:
    json_decref(o);
    return 0;
}
