/*
 * api.h - the server's read-only JSON API (docs/http-api.md): players'
 * profiles, finished matches with their game records and replays, and the
 * leaderboard, read from the store (db.h).
 *
 * A request is a path and a reply, nothing else: api_get() knows no
 * sockets, so that the network layer only writes the bytes it returns and
 * the API can be read and tested on its own. Every reply is JSON (the game
 * record is text): 200 with the answer, or an error object
 * {"error": CODE, "message": TEXT} with 400 (a path that cannot be a
 * name or an id), 404 (nothing of that name or id, or no such path), 500
 * (the store failed) or 503 (the store cannot be reached for now, with
 * retry_after set; or the server keeps no store).
 */
#ifndef LS_SERVER_API_H
#define LS_SERVER_API_H

#include <jansson.h>
#include <stddef.h>

#include "server/db.h"

/* How long a client is asked to wait (Retry-After) when the store cannot
 * be reached for now (503 store_unavailable). */
#define API_RETRY_AFTER_S 5

/* A reply to send, or a replay to build. */
typedef struct api_reply {
    int status;       /* the HTTP status; 0: a replay to build (record) */
    const char *type; /* the content type (a static string) */
    char *body;       /* malloc'd; the caller frees it */
    size_t len;
    int retry_after;  /* seconds for a Retry-After header, 0: none */
    /* A replay (status 0): the match's record (malloc'd, the caller's)
     * and id, for api_replay_reply(), which takes time in proportion to
     * the record: the caller runs it where it blocks nobody. */
    char *record;
    int64_t replay_id;
} api_reply;

/*
 * Answers GET `path` (it starts with "/api/"); `before` is the value of
 * the query's before= argument, or NULL. db may be NULL: the server keeps
 * no store (503). Returns 0 with r filled, or LS_ENOMEM with nothing
 * allocated. For a match's replay, r->status is 0 and r->record is set:
 * the reply is api_replay_reply(r).
 */
int api_get(ls_db *db, const char *path, const char *before, api_reply *r);

/* Builds the reply to a replay api_get() left to build (r->status 0):
 * replaces r->record (freed) with the JSON of the replay, or a 500 when
 * the record does not verify. The JSON is api_replay()'s with the match's
 * id, written out a step at a time: its memory is that of its text, not
 * of a tree of every step. Reads no store and touches nothing shared:
 * any thread may run it. Returns 0, or LS_ENOMEM (r->record freed). */
int api_replay_reply(api_reply *r);

/* A player's profile without history (what the protocol's `player` message
 * and the leaderboard carry). A new reference. */
json_t *api_player_summary(const ls_db_player *p);

/*
 * The steps of a match, replayed by the engine from its game record: the
 * deal of each round, then every move, each with every hand, the open
 * cards, the deck and dead pile's sizes and the scores after it
 * (docs/http-api.md, "Replay"). *out is a new reference. A record that
 * does not verify gives its reader's error (err->line says where).
 */
int api_replay(const char *record, size_t len, json_t **out, ls_error *err);

#endif
