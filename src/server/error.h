/*
 * error.h - the error codes of the server protocol (docs/server-protocol.md,
 * "error"), shared by the table, the message parser and the network layer.
 *
 * Functions of the server return 0 or a negative SRV_E... code and fill an
 * srv_error with the message a person reads; srv_errname() gives the code's
 * protocol name ("illegal_move"). A call that fails changes nothing.
 */
#ifndef LS_SERVER_ERROR_H
#define LS_SERVER_ERROR_H

#include <stdbool.h>
#include <stddef.h>

#include "leastscore.h"

enum {
    SRV_OK = 0,
    SRV_EBAD_JSON = -1,
    SRV_EBAD_MESSAGE = -2,
    SRV_EUNKNOWN_TYPE = -3,
    SRV_ETOO_LARGE = -4,
    SRV_ERATE_LIMITED = -5,
    SRV_EBAD_NAME = -6,
    SRV_ENAME_TAKEN = -7,
    SRV_EBAD_OPTION = -8,
    SRV_EBAD_LEVEL = -9,
    SRV_ENO_TABLE = -10,
    SRV_ETABLE_FULL = -11,
    SRV_ESTARTED = -12,
    SRV_ENOT_HOST = -13,
    SRV_ENOT_AT_TABLE = -14,
    SRV_EAT_TABLE = -15,
    SRV_ENOT_NOW = -16,
    SRV_ENOT_YOUR_TURN = -17,
    SRV_EILLEGAL_MOVE = -18,
    SRV_ESTALE = -19,
    SRV_EBAD_TOKEN = -20,
    SRV_EBUSY = -21,
    SRV_ESERVER_FULL = -22,
    SRV_ESHUTTING_DOWN = -23,
    SRV_ENOMEM = -24, /* not in the protocol: reported as server_full */
    SRV_ENO_STORE = -25,     /* players need the server's store */
    SRV_ENO_PLAYER = -26,    /* no player holds this token */
    SRV_ENOT_PLAYER = -27,   /* the request needs a player (send `player`) */
    SRV_EBAD_LOGIN = -28,    /* wrong name or password */
    SRV_EBAD_PASSWORD = -29, /* a password of the wrong length */
    SRV_ESTORE_FAILED = -30, /* the store failed */
    SRV_ESTORE = -31,        /* the store is failing: nothing new can be kept */
    SRV_ENOT_SEATED = -32,   /* only the table's players may do this */
    SRV_ESTORE_UNAVAILABLE = -33, /* the store cannot be reached for now:
                                     try again in a few seconds */
    SRV_NERRORS = 34
};

/* Whose a name refused with name_taken is, for a client that words the
 * refusal itself (docs/server-protocol.md, "name_taken"): sent as the
 * error's `conflict`. */
typedef enum srv_conflict {
    SRV_CONFLICT_NONE = 0, /* not a name_taken error */
    SRV_CONFLICT_SEAT,     /* "seat": a seat's at the table */
    SRV_CONFLICT_PLAYER,   /* "player": a new player's name is another's */
    SRV_CONFLICT_GUEST,    /* "guest": a guest's name is a player's */
    SRV_CONFLICT_COMPUTER, /* "computer": a computer player's name */
} srv_conflict;

/* What went wrong, for the client that caused it. */
typedef struct srv_error {
    int code;      /* the SRV_E... code */
    char msg[240]; /* for a person: "KD is not in your hand" */
    /* name_taken only (else SRV_CONFLICT_NONE and ""), sent beside msg so
     * that a client need not read it: whose the name is, the name that
     * was refused, and the other's name as they spell it ("Iris" for
     * "lris"; "" for a computer player's name, or when the store could
     * not say). */
    srv_conflict conflict;
    char name[LS_NAME_MAX + 1];
    char like[LS_NAME_MAX + 1];
} srv_error;

/* The protocol name of a code ("illegal_move"); "server_error" if unknown. */
const char *srv_errname(int code);

/* Sets e (if not NULL) to code and the formatted message, made valid
 * UTF-8 (srv_utf8_fix); returns code. */
int srv_fail(srv_error *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* As srv_fail, for SRV_ENAME_TAKEN: also sets e's conflict, name and
 * like (NULL for none). */
int srv_fail_name(srv_error *e, srv_conflict conflict, const char *name,
                  const char *like, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The protocol name of a conflict ("seat"); NULL for SRV_CONFLICT_NONE. */
const char *srv_conflictname(srv_conflict conflict);

/* Replaces each byte of text that does not begin a valid UTF-8 sequence
 * (a character cut in two by a length limit) with '?'. */
void srv_utf8_fix(char *text);

#endif
