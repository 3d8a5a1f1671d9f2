/*
 * proto.c - client messages in, protocol messages out (see proto.h).
 *
 * Members are read with a few typed getters that name the member in their
 * error ("seats: must be an integer from 2 to 8"); unknown members are
 * ignored, as the protocol says, so that later versions can add some.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "server/marks.h"
#include "server/proto.h"
#include "server/seatview.h"

static const struct {
    const char *name;
    int type;
} types[] = {
    {"create", MSG_CREATE}, {"join", MSG_JOIN},       {"watch", MSG_WATCH},
    {"resume", MSG_RESUME}, {"add_bot", MSG_ADD_BOT}, {"remove", MSG_REMOVE},
    {"start", MSG_START},   {"move", MSG_MOVE},       {"next", MSG_NEXT},
    {"hint", MSG_HINT},     {"rematch", MSG_REMATCH}, {"sync", MSG_SYNC},
    {"leave", MSG_LEAVE},   {"player", MSG_PLAYER},   {"login", MSG_LOGIN},
    {"set_password", MSG_SET_PASSWORD}, {"chat", MSG_CHAT}, {"reopen", MSG_REOPEN},
    {"hurry", MSG_HURRY},
};

/* Copies string member `key` into out. Missing: an error when required,
 * else 1 with out untouched. */
static int get_string(json_t *o, const char *key, bool required, char *out,
                      size_t size, srv_error *e)
{
    json_t *v = json_object_get(o, key);
    if (!v) {
        if (required)
            return srv_fail(e, SRV_EBAD_MESSAGE, "%s: missing", key);
        return 1;
    }
    if (!json_is_string(v))
        return srv_fail(e, SRV_EBAD_MESSAGE, "%s: must be a string", key);
    if (json_string_length(v) >= size)
        return srv_fail(e, SRV_EBAD_MESSAGE, "%s: longer than %zu characters",
                        key, size - 1);
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return 0;
}

static int get_int(json_t *o, const char *key, bool required, long long lo,
                   long long hi, long long *out, int code, srv_error *e)
{
    json_t *v = json_object_get(o, key);
    if (!v) {
        if (required)
            return srv_fail(e, SRV_EBAD_MESSAGE, "%s: missing", key);
        return 1;
    }
    if (!json_is_integer(v))
        return srv_fail(e, SRV_EBAD_MESSAGE, "%s: must be an integer", key);
    long long n = json_integer_value(v);
    if (n < lo || n > hi)
        return srv_fail(e, code, "%s: must be from %lld to %lld, not %lld",
                        key, lo, hi, n);
    *out = n;
    return 0;
}

bool proto_code(const char *text, char out[TABLE_CODE_LEN + 1])
{
    while (*text == ' ')
        text++;
    size_t n = 0;
    for (; text[n] && text[n] != ' '; n++) {
        char c = (char)toupper((unsigned char)text[n]);
        if (n >= TABLE_CODE_LEN || !strchr(TABLE_CODE_ALPHABET, c) || !c)
            return false;
        out[n] = c;
    }
    for (size_t k = n; text[k]; k++)
        if (text[k] != ' ')
            return false;
    out[n] = '\0';
    return n == TABLE_CODE_LEN;
}

static int get_code(json_t *o, proto_msg *m, srv_error *e)
{
    char raw[32];
    int rc = get_string(o, "code", true, raw, sizeof raw, e);
    if (rc < 0)
        return rc;
    if (!proto_code(raw, m->code))
        return srv_fail(e, SRV_ENO_TABLE, "'%s' is not a table code (%d of A-Z "
                        "and 2-9, without I or O)", raw, TABLE_CODE_LEN);
    return 0;
}

/* The code point of the UTF-8 sequence at s (valid: jansson checked it),
 * and its length in *len. */
static unsigned code_point(const unsigned char *s, int *len)
{
    if (s[0] < 0x80) {
        *len = 1;
        return s[0];
    }
    int n = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    unsigned c = s[0] & (0x7F >> n);
    for (int i = 1; i < n; i++)
        c = c << 6 | (s[i] & 0x3F);
    *len = n;
    return c;
}

/* Characters a chat line may not hold: controls (C0, DEL, C1), the line
 * and paragraph separators, and the explicit direction controls (which
 * could make a line seem to say something else). */
static bool chat_forbidden(unsigned c)
{
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 ||
           (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

/* Whether c lies in one of the n ranges (first and last, both in; in
 * ascending order, apart): a binary search, O(log n), since the marks'
 * table has some 350 ranges and a chat line asks it for each character. */
static bool in_ranges(unsigned c, const unsigned (*range)[2], size_t n)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c < range[mid][0])
            hi = mid;
        else if (c > range[mid][1])
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

/* Characters that show nothing: Unicode's White_Space (those
 * chat_forbidden() lets through) and Default_Ignorable_Code_Point (format
 * and filler characters: zero-width spaces and joiners, variation
 * selectors, the Hangul fillers, tags), and the blank Braille pattern. A
 * line made only of them would be shown as a blank line. */
static bool chat_blank(unsigned c)
{
    static const unsigned range[][2] = {
        {0x20, 0x20},       {0xA0, 0xA0},       {0xAD, 0xAD},       {0x34F, 0x34F},
        {0x61C, 0x61C},     {0x115F, 0x1160},   {0x1680, 0x1680},   {0x17B4, 0x17B5},
        {0x180B, 0x180F},   {0x2000, 0x200F},   {0x202F, 0x202F},   {0x205F, 0x206F},
        {0x2800, 0x2800},   {0x3000, 0x3000},   {0x3164, 0x3164},   {0xFE00, 0xFE0F},
        {0xFEFF, 0xFEFF},   {0xFFA0, 0xFFA0},   {0xFFF0, 0xFFF8},   {0x1BCA0, 0x1BCA3},
        {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF},
    };
    return in_ranges(c, range, sizeof range / sizeof range[0]);
}

/* Combining marks: every nonspacing or enclosing mark of Unicode 15.0
 * (General Category Mn and Me: marks.h), each drawn on the character
 * before it. Stacked by the dozen they make a line that spills over the
 * lines above and below it; no script needs more than a few on one
 * character. */
static bool combining_mark(unsigned c)
{
    return in_ranges(c, srv_marks, sizeof srv_marks / sizeof srv_marks[0]);
}

/* Characters drawn into the one before them, counted as marks on it in a
 * chat line: the combining marks, and Hangul's conjoining vowel and final
 * jamo (Lo in Unicode's data, but a run of them is one syllable's block;
 * a real syllable has one vowel and one final, an old one a few). */
static bool joins_before(unsigned c)
{
    return combining_mark(c) || (c >= 0x1160 && c <= 0x11FF) || (c >= 0xD7B0 && c <= 0xD7FF);
}

/* What kind of character c is when a message should name it by its code
 * point rather than quote it, or NULL for one that shows as itself. */
static const char *hidden_kind(unsigned c)
{
    if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E ||
        c == 0x200F || c == 0x61C)
        return "a direction control";
    /* Before the marks: a variation selector or the combining grapheme
     * joiner is a mark that shows nothing (as the browser client says). */
    if (chat_blank(c) || c == 0x2028 || c == 0x2029 || (c >= 0x80 && c <= 0x9F))
        return "a character that shows nothing";
    if (combining_mark(c))
        return "a combining mark";
    return NULL;
}

/*
 * The bad_name error for a name of len bytes (UTF-8, as jansson keeps
 * it) that ls_name_valid() refuses, saying what is wrong with it: empty,
 * its first character that cannot be in a name (where, and which: a
 * control character by its code point), or its length. It was the rule
 * alone ("a name is 1 to 16 of A-Z a-z 0-9 _ -"), which left a client's
 * author to find what broke it in "Ada Byron" or a name of 17 letters.
 */
static int bad_name(srv_error *e, const char *s, size_t len)
{
    static const char rule[] = "a name is 1 to 16 of A-Z a-z 0-9 _ -";
    if (len == 0)
        return srv_fail(e, SRV_EBAD_NAME, "name: empty; %s", rule);
    size_t i = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                         "0123456789_-");
    if (i < len) {
        /* Every character before it is one byte: it is character i + 1. */
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f)
            return srv_fail(e, SRV_EBAD_NAME, "name: character %zu is a control character "
                            "(U+%04X), which cannot be in a name; %s", i + 1, c, rule);
        /* A character that shows nothing, a direction control or a
         * combining mark is named by its code point: quoted, it would be
         * unseen in the message, turn the rest of it backwards, or sit
         * on the quote mark. */
        int n;
        unsigned cp = code_point((const unsigned char *)s + i, &n);
        const char *what = cp >= 0x80 ? hidden_kind(cp) : NULL;
        if (what)
            return srv_fail(e, SRV_EBAD_NAME, "name: character %zu, U+%04X (%s), cannot be "
                            "in a name; %s", i + 1, cp, what, rule);
        return srv_fail(e, SRV_EBAD_NAME, "name: character %zu, '%.*s', cannot be in a "
                        "name; %s", i + 1, n, s + i, rule);
    }
    return srv_fail(e, SRV_EBAD_NAME, "name: %zu characters, more than %d; %s", len,
                    LS_NAME_MAX, rule);
}

static int get_name(json_t *o, proto_msg *m, srv_error *e)
{
    json_t *v = json_object_get(o, "name");
    if (!v)
        return srv_fail(e, SRV_EBAD_MESSAGE, "name: missing");
    if (!json_is_string(v))
        return srv_fail(e, SRV_EBAD_MESSAGE, "name: must be a string");
    const char *s = json_string_value(v);
    if (json_string_length(v) > LS_NAME_MAX || strlen(s) != json_string_length(v) ||
        !ls_name_valid(s))
        return bad_name(e, s, json_string_length(v));
    memcpy(m->name, s, json_string_length(v) + 1);
    return 0;
}

/* A player token: PROTO_PLAYER_TOKEN_MIN to _MAX lowercase hex digits
 * (the browser draws 128 random bits). */
static int get_player_token(json_t *o, proto_msg *m, srv_error *e)
{
    char token[PROTO_PLAYER_TOKEN_MAX + 2];
    int rc = get_string(o, "token", true, token, sizeof token, e);
    if (rc < 0)
        return e->code == SRV_EBAD_MESSAGE && json_is_string(json_object_get(o, "token"))
                   ? srv_fail(e, SRV_EBAD_TOKEN, "token: a player token is %d to %d "
                              "lowercase hex digits", PROTO_PLAYER_TOKEN_MIN,
                              PROTO_PLAYER_TOKEN_MAX)
                   : rc;
    size_t n = strlen(token);
    if (n < PROTO_PLAYER_TOKEN_MIN || n > PROTO_PLAYER_TOKEN_MAX ||
        strspn(token, "0123456789abcdef") != n)
        return srv_fail(e, SRV_EBAD_TOKEN, "token: a player token is %d to %d lowercase "
                        "hex digits", PROTO_PLAYER_TOKEN_MIN, PROTO_PLAYER_TOKEN_MAX);
    memcpy(m->player_token, token, n + 1);
    return 0;
}

/* A password: a string of PROTO_PASSWORD_MIN (set_password; login takes any
 * length, a short one is simply wrong) to PROTO_PASSWORD_MAX bytes. */
static int get_password(json_t *o, proto_msg *m, size_t min, srv_error *e)
{
    json_t *v = json_object_get(o, "password");
    if (!v)
        return srv_fail(e, SRV_EBAD_MESSAGE, "password: missing");
    if (!json_is_string(v))
        return srv_fail(e, SRV_EBAD_MESSAGE, "password: must be a string");
    size_t n = json_string_length(v);
    if (n < min || n > PROTO_PASSWORD_MAX || strlen(json_string_value(v)) != n)
        return srv_fail(e, SRV_EBAD_PASSWORD, "password: %zu to %d bytes, not %zu%s", min,
                        PROTO_PASSWORD_MAX, n,
                        strlen(json_string_value(v)) != n ? " (with a NUL)" : "");
    memcpy(m->password, json_string_value(v), n + 1);
    return 0;
}

/* The `text` of a chat: spaces around it dropped, then 1 to
 * TABLE_CHAT_CHARS characters with none of chat_forbidden(), at least
 * one that is not chat_blank(), and at most PROTO_CHAT_MARKS combining
 * marks or conjoining jamo (joins_before()) in a row. */
static int get_chat_text(json_t *o, proto_msg *m, srv_error *e)
{
    json_t *v = json_object_get(o, "text");
    if (!v)
        return srv_fail(e, SRV_EBAD_MESSAGE, "text: missing");
    if (!json_is_string(v))
        return srv_fail(e, SRV_EBAD_MESSAGE, "text: must be a string");
    const unsigned char *s = (const unsigned char *)json_string_value(v);
    size_t len = json_string_length(v);
    while (len && *s == ' ')
        s++, len--;
    while (len && s[len - 1] == ' ')
        len--;
    if (!len)
        return srv_fail(e, SRV_EBAD_MESSAGE, "text: empty");
    size_t chars = 0;
    unsigned blank = 0; /* the first character that shows nothing */
    bool shows = false;
    int marks = 0;      /* combining marks in a row, up to this character */
    for (size_t i = 0; i < len; chars++) {
        int n;
        unsigned c = code_point(s + i, &n);
        if (chat_forbidden(c))
            return srv_fail(e, SRV_EBAD_MESSAGE, "text: character %zu is a control "
                            "character (U+%04X), which a chat line may not hold",
                            chars + 1, c);
        marks = joins_before(c) ? marks + 1 : 0;
        if (marks > PROTO_CHAT_MARKS)
            return srv_fail(e, SRV_EBAD_MESSAGE, "text: character %zu is %s "
                            "(U+%04X) after %d others on one character; a chat line "
                            "puts at most %d on one", chars + 1,
                            combining_mark(c) ? "a combining mark" : "a conjoining jamo", c,
                            PROTO_CHAT_MARKS, PROTO_CHAT_MARKS);
        if (!chat_blank(c))
            shows = true;
        else if (!blank)
            blank = c;
        i += (size_t)n;
    }
    if (!shows)
        return srv_fail(e, SRV_EBAD_MESSAGE, "text: empty: it has only spaces and "
                        "characters that show nothing (U+%04X)", blank);
    if (chars > TABLE_CHAT_CHARS)
        return srv_fail(e, SRV_EBAD_MESSAGE, "text: at most %d characters, not %zu",
                        TABLE_CHAT_CHARS, chars);
    memcpy(m->text, s, len);
    m->text[len] = '\0';
    return 0;
}

/* The `rules` of a create: any of the six options, as numbers or strings. */
static int get_rules(json_t *o, ls_rules *r, srv_error *e)
{
    json_t *rules = json_object_get(o, "rules");
    if (!rules)
        return 0;
    if (!json_is_object(rules))
        return srv_fail(e, SRV_EBAD_MESSAGE, "rules: must be an object");
    const char *key;
    json_t *v;
    json_object_foreach(rules, key, v) {
        char value[32];
        if (json_is_integer(v))
            snprintf(value, sizeof value, "%lld", json_integer_value(v));
        else if (json_is_string(v) && json_string_length(v) < sizeof value)
            snprintf(value, sizeof value, "%s", json_string_value(v));
        else
            return srv_fail(e, SRV_EBAD_OPTION, "rules.%.20s: must be an "
                            "integer or a short string", key);
        ls_error err = {0};
        if (ls_rules_set(r, key, value, &err) != 0) {
            /* "rules.hand_size: must be from 3 to 7, not '9'": the engine's
             * message names the option first, which the prefix does. */
            size_t k = strlen(key);
            const char *msg = err.msg;
            if (!strncmp(msg, key, k) && msg[k] == ' ')
                msg += k + 1;
            return srv_fail(e, SRV_EBAD_OPTION, "rules.%.20s: %s", key, msg);
        }
    }
    return 0;
}

static int parse_create(json_t *o, proto_msg *m, srv_error *e)
{
    int rc = get_name(o, m, e);
    long long n;
    if (rc < 0)
        return rc;
    m->opt.seats = 4;
    if ((rc = get_int(o, "seats", false, 2, 8, &n, SRV_EBAD_MESSAGE, e)) < 0)
        return rc;
    if (rc == 0)
        m->opt.seats = (int)n;
    if ((rc = get_int(o, "turn_time", false, LLONG_MIN, LLONG_MAX, &n, SRV_EBAD_OPTION,
                      e)) < 0)
        return rc;
    if (rc == 0 && (rc = table_turn_time_check(n, e)) != 0)
        return rc;
    if (rc == 0)
        m->opt.turn_time = (int)n;
    if ((rc = get_rules(o, &m->opt.rules, e)) < 0)
        return rc;
    json_t *bots = json_object_get(o, "bots");
    if (bots) {
        if (!json_is_array(bots))
            return srv_fail(e, SRV_EBAD_MESSAGE, "bots: must be an array of levels");
        if ((int)json_array_size(bots) > m->opt.seats - 1)
            return srv_fail(e, SRV_EBAD_MESSAGE, "bots: %zu computer players do "
                            "not fit at a table of %d seats with you",
                            json_array_size(bots), m->opt.seats);
        size_t i;
        json_t *b;
        json_array_foreach(bots, i, b) {
            if (!json_is_string(b) || json_string_length(b) >= TABLE_LEVEL_MAX)
                return srv_fail(e, SRV_EBAD_LEVEL, "bots[%zu]: not a level: "
                                "random, greedy or expert", i);
            snprintf(m->bots[i], sizeof m->bots[i], "%s", json_string_value(b));
        }
        m->nbots = (int)json_array_size(bots);
    }
    return table_options_check(&m->opt, e);
}

static int parse_members(json_t *o, proto_msg *m, srv_error *e)
{
    long long n;
    int rc;
    switch (m->type) {
    case MSG_CREATE:
        return parse_create(o, m, e);
    case MSG_JOIN:
        if ((rc = get_code(o, m, e)) < 0)
            return rc;
        return get_name(o, m, e);
    case MSG_WATCH:
        return get_code(o, m, e);
    case MSG_RESUME:
        if ((rc = get_code(o, m, e)) < 0)
            return rc;
        char token[64];
        if ((rc = get_string(o, "token", true, token, sizeof token, e)) < 0)
            return rc;
        if (strlen(token) == TABLE_TOKEN_LEN)
            memcpy(m->token, token, TABLE_TOKEN_LEN + 1);
        /* else left empty: it cannot match any seat (bad_token) */
        m->version = -1;
        if ((rc = get_int(o, "version", false, 0, (1LL << 53), &n,
                          SRV_EBAD_MESSAGE, e)) < 0)
            return rc;
        if (rc == 0)
            m->version = n;
        return 0;
    case MSG_ADD_BOT:
        return get_string(o, "level", true, m->level, sizeof m->level, e) < 0
                   ? srv_fail(e, SRV_EBAD_LEVEL, "level: not a level: random, "
                              "greedy or expert")
                   : 0;
    case MSG_REMOVE:
        if ((rc = get_int(o, "seat", true, 0, LS_MAX_PLAYERS - 1, &n,
                          SRV_EBAD_MESSAGE, e)) < 0)
            return rc;
        m->seat = (int)n;
        return 0;
    case MSG_MOVE:
        if ((rc = get_int(o, "version", true, 0, (1LL << 53), &n,
                          SRV_EBAD_MESSAGE, e)) < 0)
            return rc;
        m->version = n;
        return get_string(o, "move", true, m->move, sizeof m->move, e) < 0 ? e->code : 0;
    case MSG_PLAYER:
        if ((rc = get_player_token(o, m, e)) < 0)
            return rc;
        m->has_name = json_object_get(o, "name") != NULL;
        return m->has_name ? get_name(o, m, e) : 0;
    case MSG_LOGIN:
        if ((rc = get_name(o, m, e)) < 0 || (rc = get_player_token(o, m, e)) < 0)
            return rc;
        return get_password(o, m, 1, e);
    case MSG_SET_PASSWORD:
        return get_password(o, m, PROTO_PASSWORD_MIN, e);
    case MSG_CHAT:
        return get_chat_text(o, m, e);
    case MSG_SYNC:
        if ((rc = get_int(o, "version", true, 0, (1LL << 53), &n,
                          SRV_EBAD_MESSAGE, e)) < 0)
            return rc;
        m->version = n;
        return 0;
    default:
        return 0;
    }
}

int proto_parse(const char *text, size_t len, const ls_rules *defaults,
                proto_msg *m, srv_error *e)
{
    memset(m, 0, sizeof *m);
    m->opt.rules = *defaults;
    json_error_t jerr;
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!o) {
        /* jansson's own words name its flag for this case. */
        if (strstr(jerr.text, "JSON_ALLOW_NUL"))
            return srv_fail(e, SRV_EBAD_JSON, "not JSON this server reads: a string "
                            "holds \\u0000 (NUL) at line %d column %d",
                            jerr.line, jerr.column);
        /* A number past 64 bits is JSON, just none this server reads. */
        if (json_error_code(&jerr) == json_error_numeric_overflow)
            return srv_fail(e, SRV_EBAD_JSON, "not JSON this server reads: a number out "
                            "of range (%s; an integer is from -2^63 to 2^63 - 1) at "
                            "line %d column %d", jerr.text, jerr.line, jerr.column);
        return srv_fail(e, SRV_EBAD_JSON, "not JSON: %s at line %d column %d",
                        jerr.text, jerr.line, jerr.column);
    }
    int rc = 0;
    if (!json_is_object(o)) {
        rc = srv_fail(e, SRV_EBAD_JSON, "a message must be a JSON object");
        goto out;
    }
    json_t *id = json_object_get(o, "id");
    if (id && ((json_is_string(id) && json_string_length(id) <= 32) ||
               json_is_integer(id))) {
        m->id = json_incref(id);
    } else if (id) { /* silently dropped, the client could not match the error */
        rc = srv_fail(e, SRV_EBAD_MESSAGE, "id: must be a string of at most 32 "
                      "characters or an integer");
        goto out;
    }
    json_t *type = json_object_get(o, "type");
    if (!type) {
        rc = srv_fail(e, SRV_EBAD_MESSAGE, "type: missing");
        goto out;
    }
    if (!json_is_string(type)) {
        rc = srv_fail(e, SRV_EBAD_MESSAGE, "type: must be a string");
        goto out;
    }
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(json_string_value(type), types[i].name)) {
            m->type = types[i].type;
            snprintf(m->type_name, sizeof m->type_name, "%s", types[i].name);
        }
    if (!m->type) {
        rc = srv_fail(e, SRV_EUNKNOWN_TYPE, "'%.32s' is not a message type",
                      json_string_value(type));
        goto out;
    }
    if (id && !m->id) {
        rc = srv_fail(e, SRV_EBAD_MESSAGE, "id: must be a string of at most "
                      "32 characters or an integer");
        goto out;
    }
    rc = parse_members(o, m, e);
out:
    json_decref(o);
    return rc < 0 ? rc : 0;
}

void proto_msg_clear(proto_msg *m)
{
    json_decref(m->id);
    m->id = NULL;
    explicit_bzero(m->password, sizeof m->password);
}

json_t *proto_welcome(const ls_rules *defaults, int grace_s, int hurry_s)
{
    json_t *levels = json_array();
    for (int i = 0; table_levels[i]; i++)
        json_array_append_new(levels, json_string(table_levels[i]));
    return json_pack("{s:s, s:i, s:s, s:i, s:o, s:{s:o, s:i, s:i}, s:i}",
                     "type", "welcome", "protocol", PROTO_VERSION,
                     "server", "leastscore " LS_VERSION,
                     "max_message", PROTO_MAX_MESSAGE, "levels", levels,
                     "defaults", "rules", seatview_rules(defaults),
                     "turn_time", 0, "grace", grace_s, "hurry", hurry_s);
}

json_t *proto_joined(const char *code, int seat, const char *token)
{
    json_t *o = json_pack("{s:s, s:s, s:i, s:s}", "type", "joined", "code", code,
                          "seat", seat, "role", token ? "player" : "spectator");
    if (o && token)
        json_object_set_new(o, "token", json_string(token));
    return o;
}

json_t *proto_error(const srv_error *e, const char *request, json_t *id)
{
    json_t *o = json_pack("{s:s, s:s, s:s}", "type", "error",
                          "code", srv_errname(e->code), "message", e->msg);
    /* A name refused as another's says whose as data too: a client words
     * it without reading the message (which stays for older ones). */
    const char *conflict = srv_conflictname(e->conflict);
    if (o && conflict) {
        json_object_set_new(o, "conflict", json_string(conflict));
        json_object_set_new(o, "name", json_string(e->name));
        if (e->like[0]) {
            json_object_set_new(o, "like", json_string(e->like));
            json_object_set_new(o, "look_alike",
                                json_boolean(strcasecmp(e->name, e->like) != 0));
        }
    }
    if (o && request && *request)
        json_object_set_new(o, "request", json_string(request));
    if (o && id)
        json_object_set(o, "id", id);
    return o;
}

json_t *proto_player(json_t *summary, bool has_password)
{
    if (!summary)
        return NULL;
    json_object_set_new(summary, "type", json_string("player"));
    json_object_set_new(summary, "has_password", json_boolean(has_password));
    return summary;
}

json_t *proto_removed(const char *code, const char *reason)
{
    return json_pack("{s:s, s:s, s:s}", "type", "removed", "code", code,
                     "reason", reason);
}

json_t *proto_chat(const table *t, long long from, long long to)
{
    json_t *lines = json_array();
    for (long long n = from; lines && n <= to; n++) {
        const table_chat_line *l = table_chat_at(t, n);
        if (l)
            json_array_append_new(lines, json_pack("{s:I, s:i, s:s, s:s}", "n", (json_int_t)l->n,
                                                   "seat", l->seat, "name", l->name,
                                                   "text", l->text));
    }
    if (!lines || !json_array_size(lines)) {
        json_decref(lines);
        return NULL;
    }
    return json_pack("{s:s, s:o}", "type", "chat", "lines", lines);
}

json_t *proto_watchers(int n)
{
    return json_pack("{s:s, s:i}", "type", "watchers", "count", n);
}
