/*
 * proto.h - reading and checking the messages of a client
 * (docs/server-protocol.md, "Messages from a client").
 *
 * proto_parse() turns one text frame into a proto_msg, checking every
 * member the type needs (present, of the right JSON type, in range) and
 * naming the first that is not; it decides nothing about tables. The
 * messages the server sends that are not views (welcome, joined, error,
 * removed, chat, watchers) are built here too.
 */
#ifndef LS_SERVER_PROTO_H
#define LS_SERVER_PROTO_H

#include <jansson.h>
#include <stdbool.h>

#include "server/error.h"
#include "server/table.h"

#define PROTO_VERSION 1
#define PROTO_MAX_MESSAGE 4096

enum {
    MSG_CREATE = 1, MSG_JOIN, MSG_WATCH, MSG_RESUME, MSG_ADD_BOT, MSG_REMOVE,
    MSG_START, MSG_MOVE, MSG_NEXT, MSG_HINT, MSG_REMATCH, MSG_SYNC, MSG_LEAVE,
    MSG_PLAYER, MSG_LOGIN, MSG_SET_PASSWORD, MSG_CHAT, MSG_REOPEN, MSG_HURRY,
    MSG_NTYPES /* one past the last type */
};

#define PROTO_PLAYER_TOKEN_MIN 32 /* a player token: lowercase hex digits */
#define PROTO_PLAYER_TOKEN_MAX 64
#define PROTO_PASSWORD_MIN 8      /* bytes (the store's limits) */
#define PROTO_PASSWORD_MAX 1024
#define PROTO_CHAT_MARKS 8        /* combining marks in a row in a chat line */

/* A client message, checked. Only the members of its type are set. */
typedef struct proto_msg {
    int type;                 /* MSG_... */
    char type_name[16];       /* as sent, for error replies ("" if unread) */
    json_t *id;               /* the request id (a new reference), or NULL */
    char name[LS_NAME_MAX + 1];
    char code[TABLE_CODE_LEN + 1];
    char token[TABLE_TOKEN_LEN + 1];
    bool has_name;            /* player: a name was given */
    char player_token[PROTO_PLAYER_TOKEN_MAX + 1]; /* player, login */
    char password[PROTO_PASSWORD_MAX + 1];         /* login, set_password */
    char level[TABLE_LEVEL_MAX];
    char move[64];
    char text[TABLE_CHAT_BYTES + 1]; /* chat: trimmed, checked */
    int seat;
    long long version;        /* move, sync; resume: -1 when absent */
    table_options opt;        /* create */
    int nbots;
    char bots[LS_MAX_PLAYERS][TABLE_LEVEL_MAX];
} proto_msg;

/*
 * Parses one message of len bytes. On success m is filled (free m->id with
 * proto_msg_clear()); on failure e says what was wrong, and m->type_name
 * and m->id are still set when they could be read, for the error reply.
 */
int proto_parse(const char *text, size_t len, const ls_rules *defaults,
                proto_msg *m, srv_error *e);
void proto_msg_clear(proto_msg *m);

/* Messages from the server, as new JSON objects. */
json_t *proto_welcome(const ls_rules *defaults, int grace_s, int hurry_s);
json_t *proto_joined(const char *code, int seat, const char *token);
json_t *proto_error(const srv_error *e, const char *request, json_t *id);
json_t *proto_removed(const char *code, const char *reason);
/* {"type":"chat","lines":[...]}: t's chat lines from..to that are kept
 * (NULL when none is). */
json_t *proto_chat(const table *t, long long from, long long to);
/* {"type":"watchers","count":n}: how many spectators a table has. */
json_t *proto_watchers(int n);
/* {"type":"player", ...} from the player's summary (takes the reference). */
json_t *proto_player(json_t *summary, bool has_password);

/* A table code as typed (any case, spaces around) in canonical form;
 * false when it cannot be a code. */
bool proto_code(const char *text, char out[TABLE_CODE_LEN + 1]);

#endif
