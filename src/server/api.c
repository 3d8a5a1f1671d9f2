/*
 * api.c - the read-only JSON API (see api.h, docs/http-api.md).
 *
 * Every answer is built from the store's own records: a profile from the
 * player's totals, rating history and last matches; a match from its
 * places and statistics; a replay by verifying the match's game record
 * with the engine, one step at a time, so that no client ever re-implements
 * the rules. Ratings are shown as the store shows them: the ordinal
 * mu - 3 sigma, rounded to two decimals.
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "server/api.h"
#include "server/error.h"
#include "server/seatview.h"
#include "server/table.h"

#define RECENT_MATCHES 20   /* matches in a profile, and per page */
#define LEADERBOARD_ROWS 100
#define RATING_HISTORY_ROWS 200 /* a profile's rating history: its last 200 matches */

static json_t *rating2(double x)
{
    return json_real(round(x * 100.0) / 100.0);
}

static json_t *ordinal(ls_rating r)
{
    return rating2(ls_rating_ordinal(r));
}

/* How every answer is written (a replay step by step too). */
#define JSON_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(12))

/* Takes the reference to o. */
static int reply_json(api_reply *r, int status, json_t *o)
{
    char *text = o ? json_dumps(o, JSON_FLAGS) : NULL;
    json_decref(o);
    if (!text)
        return LS_ENOMEM;
    r->status = status;
    r->type = "application/json";
    r->body = text;
    r->len = strlen(text);
    return 0;
}

__attribute__((format(printf, 4, 5)))
static int reply_error(api_reply *r, int status, const char *code, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* The path is quoted as sent (percent-decoded, cut to a length): it
     * may be any bytes, and JSON needs UTF-8. */
    srv_utf8_fix(msg);
    return reply_json(r, status, json_pack("{s:s, s:s}", "error", code, "message", msg));
}

/* The reply for a failed call of the store: not found, the store out of
 * reach for now (503, to try again: a PostgreSQL connection being made
 * again, an SQLite file locked by another process), or the store failed. */
static int reply_db_error(api_reply *r, ls_db *db, int code, const ls_error *err)
{
    if (code == LS_ENOMEM)
        return LS_ENOMEM;
    if (code == LS_DB_ENOTFOUND)
        return reply_error(r, 404, "not_found", "%s", err->msg);
    if (code == LS_DB_EIO && ls_db_unavailable(db)) {
        r->retry_after = API_RETRY_AFTER_S;
        return reply_error(r, 503, "store_unavailable", "the store cannot be reached "
                           "for now; try again in a few seconds (%s)", err->msg);
    }
    return reply_error(r, 500, "store_failed", "the store failed: %s", err->msg);
}

json_t *api_player_summary(const ls_db_player *p)
{
    json_t *o = json_pack("{s:s, s:s, s:o, s:o, s:o, s:i, s:i, s:i, s:i, s:i, s:i, s:i}",
                          "name", p->name, "kind", p->bot[0] ? "bot" : "person",
                          "rating", rating2(p->ordinal), "mu", rating2(p->rating.mu),
                          "sigma", rating2(p->rating.sigma), "matches", p->matches,
                          "wins", p->wins, "rounds", p->rounds, "points", p->points,
                          "declared", p->declared, "declared_correct", p->declared_correct,
                          "declared_false", p->declared_false);
    if (!o)
        return NULL;
    if (p->bot[0])
        json_object_set_new(o, "level", json_string(p->bot));
    json_object_set_new(o, "points_per_round",
                        p->rounds ? rating2((double)p->points / p->rounds) : json_null());
    return o;
}

/* One seat of a finished match. */
static json_t *match_player(const ls_db_match_player *mp)
{
    json_t *o = json_pack("{s:i, s:s, s:s, s:i, s:i, s:b, s:i, s:i, s:i, s:i, s:i, s:b}",
                          "seat", mp->seat, "name", mp->name,
                          "kind", mp->bot[0] ? "bot" : "person", "place", mp->place,
                          "score", mp->score, "won", mp->won, "rounds", mp->rounds,
                          "points", mp->points, "declared", mp->declared,
                          "declared_correct", mp->declared_correct,
                          "declared_false", mp->declared_false, "rated", mp->player_id != 0);
    if (!o)
        return NULL;
    if (mp->bot[0])
        json_object_set_new(o, "level", json_string(mp->bot));
    if (mp->player_id) {
        json_object_set_new(o, "rating_before", ordinal(mp->before));
        json_object_set_new(o, "rating_after", ordinal(mp->after));
    }
    return o;
}

static json_t *match_json(const ls_db_match *m)
{
    json_t *players = json_array();
    for (int i = 0; players && i < m->nplayers; i++)
        json_array_append_new(players, match_player(&m->player[i]));
    char lsr[64], replay[64];
    snprintf(lsr, sizeof lsr, "/api/matches/%" PRId64 ".lsr", m->id);
    snprintf(replay, sizeof replay, "/api/matches/%" PRId64 "/replay", m->id);
    return json_pack("{s:I, s:s, s:I, s:I, s:i, s:o, s:s, s:s}", "id", (json_int_t)m->id,
                     "code", m->code ? m->code : "", "started_at", (json_int_t)m->started_at,
                     "finished_at", (json_int_t)m->finished_at, "rounds", m->rounds,
                     "players", players, "record", lsr, "replay", replay);
}

/* A match in a player's list: the match with that player's seats (a
 * computer level may have had several) in your_seats, in seat order, and
 * in you the best placed of them (the first of equal places). */
static json_t *match_summary(const ls_db_match *m, int64_t player_id)
{
    json_t *o = match_json(m), *seats = json_array();
    const ls_db_match_player *best = NULL;
    for (int i = 0; o && seats && i < m->nplayers; i++) {
        const ls_db_match_player *p = &m->player[i];
        if (p->player_id != player_id)
            continue;
        json_array_append_new(seats, json_integer(p->seat));
        if (!best || p->place < best->place)
            best = p;
    }
    if (!o || !seats) {
        json_decref(o);
        json_decref(seats);
        return NULL;
    }
    json_object_set_new(o, "your_seats", seats);
    if (best)
        json_object_set_new(o, "you", json_integer(best->seat));
    return o;
}

/* Parses a match id: 1 to 18 digits, not 0. */
static bool parse_id(const char *s, size_t n, int64_t *id)
{
    if (n < 1 || n > 18)
        return false;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *id = v;
    return v > 0;
}

/* The player's last matches (ids below `before`, 0: the newest) as an
 * array: their seats, not their records, in one query
 * (ls_db_player_match_heads). */
static int recent_matches(ls_db *db, int64_t player_id, int64_t before, json_t **out,
                          ls_error *err)
{
    ls_db_match *m = NULL;
    int n = 0;
    int ret = ls_db_player_match_heads(db, player_id, before, RECENT_MATCHES, &m, &n, err);
    if (ret)
        return ret;
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        if (a)
            json_array_append_new(a, match_summary(&m[i], player_id));
        ls_db_match_clear(&m[i]);
    }
    free(m);
    if (!a)
        return LS_ENOMEM;
    *out = a;
    return 0;
}

static int profile(ls_db *db, const ls_db_player *p, api_reply *r)
{
    ls_error err = {0};
    ls_db_rating_point *hist = NULL;
    int n = 0;
    int ret = ls_db_rating_history(db, p->id, RATING_HISTORY_ROWS, &hist, &n, &err);
    if (ret)
        return reply_db_error(r, db, ret, &err);
    json_t *o = api_player_summary(p);
    json_t *h = json_array();
    for (int i = 0; h && i < n; i++)
        json_array_append_new(h, json_pack("{s:I, s:I, s:o, s:o}", "match",
                                           (json_int_t)hist[i].match_id, "at",
                                           (json_int_t)hist[i].at, "before",
                                           ordinal(hist[i].before), "after",
                                           ordinal(hist[i].after)));
    free(hist);
    json_t *recent = NULL;
    ret = recent_matches(db, p->id, 0, &recent, &err);
    if (ret || !o || !h) {
        json_decref(o);
        json_decref(h);
        return ret ? reply_db_error(r, db, ret, &err) : LS_ENOMEM;
    }
    int64_t rank, of;
    if ((ret = ls_db_player_rank(db, p->id, &rank, &of, &err))) {
        json_decref(o);
        json_decref(h);
        json_decref(recent);
        return reply_db_error(r, db, ret, &err);
    }
    json_object_set_new(o, "rank", rank ? json_integer(rank) : json_null());
    json_object_set_new(o, "ranked", json_integer(of));
    json_object_set_new(o, "rating_history", h);
    json_object_set_new(o, "recent", recent);
    return reply_json(r, 200, o);
}

/* The answer to an id that no match can have: what an id is, and the
 * text given (`what` is "match ID" in a path, "before" in a query), the
 * same words wherever an id is read. */
static int bad_id(api_reply *r, const char *what, const char *s, size_t n)
{
    return reply_error(r, 400, "bad_request", "%s must be a whole number from 1, of at most "
                       "18 digits: '%.*s'%s", what, n > 40 ? 40 : (int)n, s,
                       n > 40 ? "..." : "");
}

/* The `before` of a page of matches as an id in *from (0: none given). */
static bool parse_before(const char *before, int64_t *from)
{
    *from = 0;
    return !before || parse_id(before, strlen(before), from);
}

/* A page of a player's matches (LEVEL/matches or NAME/matches): those
 * with ids below `from` (0: the newest). */
static int match_page(ls_db *db, const ls_db_player *p, int64_t from, api_reply *r)
{
    json_t *list = NULL;
    ls_error err = {0};
    int ret = recent_matches(db, p->id, from, &list, &err);
    if (ret)
        return reply_db_error(r, db, ret, &err);
    return reply_json(r, 200, json_pack("{s:s, s:o}", "name", p->name, "matches", list));
}

/* The answer to a name that no player can have, in bad_id()'s words. */
static int bad_name(api_reply *r, const char *name)
{
    return reply_error(r, 400, "bad_request", "player name must be 1 to 16 of A-Z a-z 0-9 "
                       "_ -: '%.40s'%s", name, strlen(name) > 40 ? "..." : "");
}

/* /api/players/NAME and /api/players/NAME/matches */
static int players(ls_db *db, const char *rest, const char *before, api_reply *r)
{
    char name[64];
    const char *slash = strchr(rest, '/');
    size_t n = slash ? (size_t)(slash - rest) : strlen(rest);
    if (n >= sizeof name)
        n = sizeof name - 1;
    memcpy(name, rest, n);
    name[n] = '\0';
    if (slash && strcmp(slash, "/matches") != 0)
        return reply_error(r, 404, "not_found", "no such path: /api/players/%.40s%.40s "
                           "(a player is /api/players/NAME, the matches "
                           "/api/players/NAME/matches)", name, slash);
    if (!ls_name_valid(name))
        return bad_name(r, name);
    int64_t from;
    if (slash && !parse_before(before, &from))
        return bad_id(r, "before", before, strlen(before));
    ls_db_player p;
    ls_error err = {0};
    int ret = ls_db_player_by_name(db, name, &p, &err);
    if (ret)
        return reply_db_error(r, db, ret, &err);
    if (!slash)
        return profile(db, &p, r);
    return match_page(db, &p, from, r);
}

/* /api/bots/LEVEL and /api/bots/LEVEL/matches: the player that stands
 * for a computer level, named in any case (as a person's name is). */
static int bots(ls_db *db, const char *rest, const char *before, api_reply *r)
{
    const char *slash = strchr(rest, '/');
    size_t n = slash ? (size_t)(slash - rest) : strlen(rest);
    const char *level = NULL;
    for (int i = 0; table_levels[i]; i++)
        if (strlen(table_levels[i]) == n && !strncasecmp(rest, table_levels[i], n))
            level = table_levels[i];
    if (!level) {
        char known[128] = "";
        for (int i = 0; table_levels[i]; i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
                     i ? ", " : "", table_levels[i]);
        return reply_error(r, 404, "not_found", "'%.*s' is not a computer level "
                           "(the levels: %s)", n > 40 ? 40 : (int)n, rest, known);
    }
    if (slash && strcmp(slash, "/matches") != 0)
        return reply_error(r, 404, "not_found", "no such path: /api/bots/%s%.40s (a "
                           "computer level is /api/bots/LEVEL, its matches "
                           "/api/bots/LEVEL/matches)", level, slash);
    int64_t id, from;
    if (slash && !parse_before(before, &from))
        return bad_id(r, "before", before, strlen(before));
    ls_db_player p;
    ls_error err = {0};
    int ret = ls_db_bot_player(db, level, &id, &err);
    if (!ret)
        ret = ls_db_player_by_id(db, id, &p, &err);
    if (ret)
        return reply_db_error(r, db, ret, &err);
    return slash ? match_page(db, &p, from, r) : profile(db, &p, r);
}

/* A replay's JSON is written step by step (replay_text): the whole of it
 * as a tree of JSON values took some eight times its text (over 300 MB
 * for a match of a hundred thousand moves). The bytes are those
 * reply_json() gives the tree (test_http_api checks it). */
static int replay_text(const char *record, size_t len, int64_t id, char **out,
                       size_t *out_len, ls_error *err);

int api_replay_reply(api_reply *r)
{
    ls_error err = {0};
    char *record = r->record, *text = NULL;
    size_t len = 0;
    int64_t id = r->replay_id;
    r->record = NULL;
    int ret = replay_text(record, strlen(record), id, &text, &len, &err);
    free(record);
    if (ret == LS_ENOMEM)
        return ret;
    if (ret)
        return reply_error(r, 500, "store_failed", "the record of match %" PRId64
                           " does not verify: line %d: %s", id, err.line, err.msg);
    r->status = 200;
    r->type = "application/json";
    r->body = text;
    r->len = len;
    return 0;
}

/* /api/matches/ID, ID.lsr, ID/replay. The ID is what comes before the
 * first '/' or '.': a path of another shape (ID.txt, ID/other, nothing
 * for the ID) is one the API does not have (404); of the right shape, an
 * ID that no match can have (1x, 0, 19 digits) is a bad request (400),
 * whichever of the three it is. */
static int matches(ls_db *db, const char *rest, api_reply *r)
{
    size_t n = strcspn(rest, "/.");
    const char *tail = rest + n;
    int64_t id;
    if (!n || (*tail && strcmp(tail, ".lsr") != 0 && strcmp(tail, "/replay") != 0))
        return reply_error(r, 404, "not_found", "no such path: /api/matches/%.40s (a match "
                           "is /api/matches/ID, its record ID.lsr, its replay ID/replay)",
                           rest);
    if (!parse_id(rest, n, &id))
        return bad_id(r, "match ID", rest, n);
    ls_db_match m;
    ls_error err = {0};
    int ret = ls_db_match_get(db, id, &m, &err);
    if (ret)
        return reply_db_error(r, db, ret, &err);
    if (!strcmp(tail, ".lsr")) {
        size_t len = strlen(m.record);
        r->body = malloc(len + 1);
        if (r->body) {
            memcpy(r->body, m.record, len + 1);
            r->len = len;
            r->status = 200;
            r->type = "text/plain; charset=utf-8";
        }
        ret = r->body ? 0 : LS_ENOMEM;
    } else if (*tail) {
        /* Built by the caller (api_replay_reply), off the loop. */
        r->record = m.record;
        r->replay_id = m.id;
        m.record = NULL;
    } else {
        ret = reply_json(r, 200, match_json(&m));
    }
    ls_db_match_clear(&m);
    return ret;
}

static int leaderboard(ls_db *db, api_reply *r)
{
    ls_db_player *p = NULL;
    int n = 0;
    ls_error err = {0};
    int ret = ls_db_leaderboard(db, LEADERBOARD_ROWS, &p, &n, &err);
    if (ret)
        return reply_db_error(r, db, ret, &err);
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++) {
        json_t *row = api_player_summary(&p[i]);
        if (row)
            json_object_set_new(row, "rank", json_integer(i + 1));
        json_array_append_new(a, row);
    }
    free(p);
    return reply_json(r, 200, json_pack("{s:o}", "players", a));
}

int api_get(ls_db *db, const char *path, const char *before, api_reply *r)
{
    memset(r, 0, sizeof *r);
    /* "/api" itself is no path of the API either: answered in JSON too. */
    const char *rest = strncmp(path, "/api/", 5) ? "" : path + 5;
    if (!db)
        return reply_error(r, 503, "no_store", "this server keeps no store (start it "
                           "with --db)");
    if (!strcmp(rest, "leaderboard"))
        return leaderboard(db, r);
    if (!strncmp(rest, "players/", 8))
        return players(db, rest + 8, before, r);
    if (!strncmp(rest, "bots/", 5))
        return bots(db, rest + 5, before, r);
    if (!strncmp(rest, "matches/", 8))
        return matches(db, rest + 8, r);
    return reply_error(r, 404, "not_found", "no such path: %.60s (the API: "
                       "/api/players/NAME, /api/bots/LEVEL, /api/matches/ID, "
                       "/api/leaderboard)", path);
}

/* ------------------------------------------------------------------ */
/* Replay                                                              */
/* ------------------------------------------------------------------ */

static json_t *result_json(const ls_state *s, const ls_round_result *res)
{
    json_t *hands = json_array(), *out = json_array();
    for (int i = 0; i < ls_players(s); i++) {
        if (!(res->players & (1u << i)))
            continue;
        json_array_append_new(hands, json_pack("{s:i, s:o, s:i, s:i, s:i}", "seat", i,
                                               "cards", seatview_cards(res->hand[i]),
                                               "total", res->hand_total[i], "score",
                                               res->score[i], "cumulative", res->total[i]));
        if (res->eliminated & (1u << i))
            json_array_append_new(out, json_integer(i));
    }
    return json_pack("{s:i, s:i, s:i, s:b, s:o, s:o}", "round", res->round, "declarer",
                     res->declarer, "lowest", res->lowest, "correct", res->correct,
                     "eliminated", out, "hands", hands);
}

/* One step: the state after the line that made it. */
static json_t *step_json(const ls_state *s, int line, const char *kind, int seat,
                         const char *move, const ls_round_result *ended)
{
    int n = ls_players(s);
    json_t *hands = json_array(), *scores = json_array(), *out = json_array();
    for (int i = 0; i < n; i++) {
        ls_cards hand = ended ? ended->hand[i] : ls_hand(s, i);
        if (ended && !(ended->players & (1u << i)))
            hand = 0;
        json_array_append_new(hands, seatview_cards(hand));
        json_array_append_new(scores, json_integer(ls_score(s, i)));
        json_array_append_new(out, json_boolean(ls_eliminated(s, i)));
    }
    json_t *o = json_pack("{s:i, s:s, s:i, s:i, s:o, s:o, s:i, s:i, s:o, s:o, s:i}",
                          "line", line, "kind", kind, "round", ls_round(s), "seat", seat,
                          "hands", hands, "open", seatview_cards(ls_open_cards(s)),
                          "deck", ls_deck_size(s), "dead",
                          ls_cards_count(ls_dead_cards(s)), "scores", scores, "out", out,
                          "turn", ls_turn(s));
    if (o && move)
        json_object_set_new(o, "move", json_string(move));
    if (o && ended)
        json_object_set_new(o, "result", result_json(s, ended));
    if (o && ls_phase(s) == LS_PHASE_OVER)
        json_object_set_new(o, "winner", json_integer(ls_winner(s)));
    return o;
}

/* The first token of a line (comment and blanks stripped) into tok, and
 * where the rest begins. */
static const char *first_token(const char *line, size_t len, char *tok, size_t size)
{
    size_t i = 0, k = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    while (i < len && !strchr(" \t#\r\n", line[i])) {
        if (k + 1 < size)
            tok[k++] = line[i];
        i++;
    }
    tok[k] = '\0';
    return line + i;
}

/* The length of the line at text (len bytes to the record's end),
 * without its line break. */
static size_t line_length(const char *text, size_t len)
{
    size_t n = 0;
    while (n < len && text[n] != '\n' && text[n] != '\r')
        n++;
    return n;
}

/* A replay being built as the engine's reader goes through the record:
 * each deal and move it reports is a step, and the record is scanned
 * alongside for the line that made it. */
typedef struct replay_acc {
    const char *text;
    size_t len, at; /* the scan for the next step's line begins at `at` */
    int line;       /* the lines before `at` */
    json_t *steps;  /* the steps as values (api_replay), or NULL: */
    char *out;      /* the steps written out, comma-separated (replay_text) */
    size_t n, cap;
} replay_acc;

/*
 * The number of the line that made the next step, the first after the
 * last step's: `NAME discard|declare ...` for a move of `name`, else the
 * `open CARD` that ends a deal. In a record the reader verified, the
 * lines between two steps are the header's and the deal's (`round`,
 * `hand NAME ...`), none of which looks like either, even with players
 * named `open` or `hand`. Lines end as the reader ends them: LF, CRLF or
 * a CR alone.
 */
static int step_line(replay_acc *a, const char *name)
{
    while (a->at < a->len) {
        const char *text = a->text + a->at;
        size_t tlen = line_length(text, a->len - a->at);
        a->at += tlen;
        if (a->at < a->len)
            a->at += text[tlen] == '\r' && a->at + 1 < a->len && text[tlen + 1] == '\n' ? 2 : 1;
        a->line++;
        char tok[32], word[32];
        const char *rest = first_token(text, tlen, tok, sizeof tok);
        first_token(rest, (size_t)(text + tlen - rest), word, sizeof word);
        bool move = !strcasecmp(word, "discard") || !strcasecmp(word, "declare");
        if (name ? move && !strcmp(tok, name) : !move && !strcmp(tok, "open"))
            return a->line;
    }
    return 0;
}

/* Room for `need` bytes in a->out in all, which doubles as it grows. */
static int out_room(replay_acc *a, size_t need)
{
    if (need <= a->cap)
        return 0;
    size_t cap = a->cap ? a->cap : 1 << 16;
    while (cap < need)
        cap *= 2;
    char *p = realloc(a->out, cap);
    if (!p)
        return -1;
    a->out = p;
    a->cap = cap;
    return 0;
}

/* Appends n bytes to a->out. */
static int out_add(const char *b, size_t n, void *ud)
{
    replay_acc *a = ud;
    if (out_room(a, a->n + n))
        return -1;
    memcpy(a->out + a->n, b, n);
    a->n += n;
    return 0;
}

/* Takes step: kept in a->steps, or written out and freed. */
static int replay_add(replay_acc *a, json_t *step)
{
    if (!step)
        return LS_ENOMEM;
    if (a->steps)
        return json_array_append_new(a->steps, step) == 0 ? 0 : LS_ENOMEM;
    int rc = (a->n && out_add(",", 1, a)) || json_dump_callback(step, out_add, a, JSON_FLAGS)
                 ? LS_ENOMEM
                 : 0;
    json_decref(step);
    return rc;
}

static int replay_deal(void *ud, const ls_state *s)
{
    replay_acc *a = ud;
    return replay_add(a, step_json(s, step_line(a, NULL), "deal", ls_starter(s), NULL, NULL));
}

static int replay_move(void *ud, const ls_state *s, int seat, ls_move m)
{
    replay_acc *a = ud;
    char text[96];
    ls_move_str(m, text, sizeof text);
    const ls_round_result *ended = ls_phase(s) != LS_PHASE_TURN ? ls_last_result(s) : NULL;
    return replay_add(a, step_json(s, step_line(a, ls_name(s, seat)), "move", seat, text,
                                   ended));
}

/* One pass of the engine's reader (O(lines)): a replay is asked for by
 * anyone, so the server builds it on a worker (api_replay_reply), never
 * on its loop. */
/* Replays the record into a (its steps kept or written out); the head of
 * the replay, without its steps, in *head. */
static int replay_run(replay_acc *a, json_t **head, ls_error *err)
{
    ls_record_hooks hooks = {.ud = a, .deal = replay_deal, .move = replay_move};
    ls_state *s = NULL;
    int ret = ls_record_replay(a->text, a->len, &hooks, &s, NULL, NULL, err);
    if (ret)
        return ret;
    json_t *names = json_array();
    for (int i = 0; i < ls_players(s); i++)
        json_array_append_new(names, json_string(ls_name(s, i)));
    *head = json_pack("{s:o, s:o, s:i}", "players", names, "rules",
                      seatview_rules(ls_state_rules(s)), "rounds", ls_round(s));
    ls_state_free(s);
    return *head ? 0 : LS_ENOMEM;
}

int api_replay(const char *record, size_t len, json_t **out, ls_error *err)
{
    replay_acc a = {.text = record, .len = len, .steps = json_array()};
    json_t *o = NULL;
    if (!a.steps)
        return LS_ENOMEM;
    int ret = replay_run(&a, &o, err);
    if (!ret && json_object_set(o, "steps", a.steps))
        ret = LS_ENOMEM;
    json_decref(a.steps);
    if (ret) {
        json_decref(o);
        return ret;
    }
    *out = o;
    return 0;
}

/* The replay as api_replay() and then its id would give it, written out:
 * {"players":..,"rules":..,"rounds":N,"steps":[STEPS],"id":ID}. The steps
 * are written first; the head goes before them once the match is over
 * (its rounds), moved into the same buffer, so that the text is never
 * held twice. */
static int replay_text(const char *record, size_t len, int64_t id, char **out,
                       size_t *out_len, ls_error *err)
{
    replay_acc a = {.text = record, .len = len};
    json_t *o = NULL;
    char *head = NULL, tail[48];
    int ret = replay_run(&a, &o, err);
    if (!ret && !(head = json_dumps(o, JSON_FLAGS)))
        ret = LS_ENOMEM;
    json_decref(o);
    if (ret) {
        free(a.out);
        return ret;
    }
    /* The head without its closing brace, then the steps. */
    size_t hn = strlen(head) - 1, tn;
    tn = (size_t)snprintf(tail, sizeof tail, "],\"id\":%" PRId64 "}", id);
    static const char steps_key[] = ",\"steps\":[";
    size_t kn = sizeof steps_key - 1, sn = a.n;
    if (out_room(&a, hn + kn + sn + tn + 1)) {
        free(head);
        free(a.out);
        return LS_ENOMEM;
    }
    memmove(a.out + hn + kn, a.out, sn);
    memcpy(a.out, head, hn);
    memcpy(a.out + hn, steps_key, kn);
    memcpy(a.out + hn + kn + sn, tail, tn + 1);
    free(head);
    *out = a.out;
    *out_len = hn + kn + sn + tn;
    return 0;
}
