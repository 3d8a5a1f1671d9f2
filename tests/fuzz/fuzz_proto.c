/*
 * fuzz_proto.c - what the server reads from a client: any text frame
 * (proto_parse), checked the way the server goes on to use it.
 *
 * A message either parses into a proto_msg whose every member is what the
 * protocol allows (a known type; strings ended within their arrays; a
 * valid name where one was read; a table code in canonical form; table
 * options that pass table_options_check; a chat line trimmed, printable and
 * short enough), or fails with a protocol error
 * code and a message; in both cases the reply the server would send
 * (proto_error, with the request's type) can be built, which needs valid
 * UTF-8 wherever the client's text is quoted.
 */
#include <string.h>

#include "fuzz.h"
#include "server/proto.h"

static void check_string(const char *s, size_t size, const char *what)
{
    FUZZ_CHECK(memchr(s, '\0', size) != NULL, "%s is not ended in its array", what);
}

static void check_code(const char *code)
{
    if (!code[0])
        return;
    FUZZ_CHECK(strlen(code) == TABLE_CODE_LEN &&
                   strspn(code, TABLE_CODE_ALPHABET) == TABLE_CODE_LEN,
               "code '%s' is not canonical", code);
}

/* A chat line as accepted: ended in its array, valid UTF-8 of 1 to
 * TABLE_CHAT_CHARS characters, no space at either end, no byte below 0x20
 * or DEL, and it can be sent back to everyone (proto_chat's JSON). */
static void check_chat(const char *text, size_t size)
{
    check_string(text, size, "text");
    size_t len = strlen(text), chars = 0;
    FUZZ_CHECK(len > 0 && text[0] != ' ' && text[len - 1] != ' ', "chat text '%s'", text);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        FUZZ_CHECK(c >= 0x20 && c != 0x7F, "chat text holds byte 0x%02x", c);
        chars += (c & 0xC0) != 0x80;
    }
    FUZZ_CHECK(chars <= TABLE_CHAT_CHARS, "a chat line of %zu characters", chars);
    json_t *j = json_string(text);
    FUZZ_CHECK(j != NULL, "chat text '%s' is not valid UTF-8", text);
    json_decref(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > PROTO_MAX_MESSAGE)
        return 0; /* the server refuses longer frames before parsing */
    ls_rules defaults = ls_rules_default();
    proto_msg m;
    srv_error e = {0};
    int rc = proto_parse((const char *)data, size, &defaults, &m, &e);
    check_string(m.type_name, sizeof m.type_name, "type_name");
    if (rc != 0) {
        FUZZ_CHECK(rc < 0 && rc == e.code, "rc %d, error code %d", rc, e.code);
        FUZZ_CHECK(strcmp(srv_errname(rc), "server_error") != 0, "code %d has no name", rc);
        FUZZ_CHECK(e.msg[0] != '\0', "an error without a message (%s)", srv_errname(rc));
        json_t *reply = proto_error(&e, m.type_name, m.id);
        FUZZ_CHECK(reply != NULL, "no reply can be built for '%s'", e.msg);
        char *text = json_dumps(reply, 0);
        FUZZ_CHECK(text != NULL, "the reply cannot be written");
        free(text);
        json_decref(reply);
        proto_msg_clear(&m);
        return 0;
    }
    FUZZ_CHECK(m.type >= MSG_CREATE && m.type < MSG_NTYPES, "type %d", m.type);
    FUZZ_CHECK(m.type_name[0] != '\0', "type %d without its name", m.type);
    check_string(m.name, sizeof m.name, "name");
    check_string(m.code, sizeof m.code, "code");
    check_string(m.token, sizeof m.token, "token");
    check_string(m.player_token, sizeof m.player_token, "player_token");
    check_string(m.password, sizeof m.password, "password");
    check_string(m.level, sizeof m.level, "level");
    check_string(m.move, sizeof m.move, "move");
    check_code(m.code);
    FUZZ_CHECK(!m.token[0] || strlen(m.token) == TABLE_TOKEN_LEN, "token '%s'", m.token);
    bool named = m.type == MSG_CREATE || m.type == MSG_JOIN || m.type == MSG_LOGIN ||
                 (m.type == MSG_PLAYER && m.has_name);
    if (named)
        FUZZ_CHECK(ls_name_valid(m.name), "name '%s' accepted", m.name);
    if (m.type == MSG_JOIN || m.type == MSG_WATCH || m.type == MSG_RESUME)
        FUZZ_CHECK(m.code[0] != '\0', "a %s without a code", m.type_name);
    if (m.type == MSG_CREATE) {
        srv_error again = {0};
        FUZZ_CHECK(table_options_check(&m.opt, &again) == 0, "options accepted: %s",
                   again.msg);
        FUZZ_CHECK(m.nbots >= 0 && m.nbots <= m.opt.seats - 1, "%d bots at %d seats",
                   m.nbots, m.opt.seats);
        for (int i = 0; i < m.nbots; i++)
            check_string(m.bots[i], sizeof m.bots[i], "bots[i]");
    }
    if (m.type == MSG_REMOVE)
        FUZZ_CHECK(m.seat >= 0 && m.seat < LS_MAX_PLAYERS, "seat %d", m.seat);
    if (m.type == MSG_MOVE || m.type == MSG_SYNC)
        FUZZ_CHECK(m.version >= 0, "version %lld", m.version);
    if (m.type == MSG_CHAT)
        check_chat(m.text, sizeof m.text);
    if (m.id)
        FUZZ_CHECK(json_is_integer(m.id) || json_is_string(m.id), "an id of another type");
    proto_msg_clear(&m);
    return 0;
}
