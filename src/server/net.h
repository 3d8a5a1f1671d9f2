/*
 * net.h - the network layer of `leastscore serve`: HTTP for the browser
 * client's files, WebSocket for the game (docs/server-protocol.md), on one
 * libuv loop that this layer owns.
 *
 * The loop thread only moves bytes and table state: messages are parsed
 * (proto.c), applied to tables (table.c), and answered with frames built by
 * seatview.c. Computer players and hints run on libuv's worker threads and
 * post their results back to the loop.
 */
#ifndef LS_SERVER_NET_H
#define LS_SERVER_NET_H

#include <stdio.h>

#include "server/db.h"
#include "server/netaddr.h"
#include "server/store.h"
#include "server/table.h"

typedef struct net_config {
    const char *host;           /* address to listen on ("127.0.0.1") */
    int port;                   /* 0: any free port */
    const char *web_dir;        /* the client's files (an absolute path) */
    const char *origin;         /* more allowed Origins, comma-separated, or NULL */
    netaddr_list trusted;       /* proxies whose X-Forwarded-For is believed
                                   (--trust-proxy; n = 0: none) */
    int max_tables;             /* tables on the server */
    int max_tables_per_address; /* tables created from one address */
    int max_conns_per_address;  /* game connections open from one address */
    int idle_s;                 /* a silent connection is pinged after a
                                   third of this (at least 1 s), dropped
                                   after it (2..3600) */
    int max_queue_kib;          /* output queued for one connection, KiB,
                                   above which it is closed "too slow"
                                   (256..1048576) */
    table_config table;         /* grace, round pause, bot delay */
    const store *st;            /* where matches are kept (store.h) */
    const char *db_where;       /* the store of players, matches and ratings
                                   (ls_db_open's file or URL), or NULL:
                                   everyone plays as a guest, no API */
    ls_db *db_peer;             /* the store's own connection to db_where
                                   (store_db_db), or NULL; the server's
                                   connection and it tell each other that
                                   the database stopped answering
                                   (ls_db_share_silence). Outlives net_run */
    int workers;                /* libuv's worker threads (--workers, 2
                                   at least); hints, replays and logins
                                   take at most workers - 1 of them
                                   together. 0 or 1: 2 */
    const char *start_log;      /* lines for stderr once listening (where
                                   the store is), or NULL: a server that
                                   cannot listen says only why */
} net_config;

/*
 * Whether the server could listen on host:port now (an address of this
 * machine, a port free and allowed): 0, or -1 with "cannot listen on
 * HOST:PORT: why" in msg. The command asks before it makes the data
 * directory and opens the store, so that a server that cannot listen
 * leaves nothing behind; net_run() asks again.
 */
int net_check_listen(const char *host, int port, char *msg, size_t size);

/*
 * Restores the tables in progress the store keeps, then serves until
 * SIGINT or SIGTERM; then closes every connection (1001 "server shutting
 * down"), keeps the matches in play in the store for the next start, ends
 * the other tables and returns 0. Once listening (after the restore) it
 * prints "leastscore: serving http://HOST:PORT/" on `announce` and flushes
 * it. Returns 1 (with a message on stderr) when it cannot start, and
 * NET_CANNOT_LISTEN (with "cannot listen on ..." alone on stderr) when
 * it could not listen after all: the port taken since net_check_listen(),
 * the caller's to undo what it made for the server.
 *
 * LS_TEST_PORT_TAKEN=1 in the environment (tests only) takes the port
 * itself just before it asks again, as another program would have since
 * the command's check: the way the tests reach that failure without a race.
 */
#define NET_CANNOT_LISTEN 2
int net_run(const net_config *c, FILE *announce);

#endif
