/*
 * net.c - connections, tables and timers on one libuv loop (see net.h).
 *
 * Data kept:
 *   - every connection (conn) in one list; a conn is at one table at most
 *     (nt, seat; seat -1 for a spectator), in that table's list of members,
 *     and keeps the last version it was sent, so that each `state` carries
 *     exactly the events it has not had;
 *   - every table (ntable) in one list, each with its libuv timer armed at
 *     the table's next deadline and the count of worker jobs that point at
 *     it; a closed table with jobs in flight is unlisted ("dead") and freed
 *     by its last job;
 *   - a conn's output is a queue of whole messages drained one lws_write per
 *     writeable callback (libwebsockets allows no more); a queue above
 *     --max-queue (cfg->max_queue_kib) closes the connection, so a client
 *     that does not read can never make the server hold unbounded memory.
 *
 * Ordering rule: after anything changes a table, table_changed() runs the
 * table's due work (table_tick), hands out computer moves to the workers,
 * sends every conn at the table its new state, re-arms the timer, and
 * closes the table if it is finished. Every path that changes a table ends
 * there, so no client misses an event and no deadline is forgotten.
 *
 * A conn is freed only in lws's CLOSED callback; jobs that outlive it (a
 * hint) hold a pointer that the conn clears when it goes.
 *
 * The store: at start, before listening, every table in progress it keeps
 * is rebuilt (restore_tables). A table whose move the store could not
 * write is paused (table.unkept): no state is sent from it until a timer
 * finds the store writing again (on_store_timer), and while the store
 * fails new tables are refused (store_check).
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libwebsockets.h>
#include <limits.h>
#include <netdb.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "analyzer.h"
#include "server/api.h"
#include "server/db.h"
#include "server/httphdr.h"
#include "server/net.h"
#include "server/proto.h"
#include "server/seatview.h"
#include "server/sockread.h"
#include "server/webpath.h"

#define RATE_BURST 20.0       /* messages a connection may send at once */
#define RATE_PER_S 10.0       /* refill per second */
#define RATE_CLOSE_AFTER 50   /* messages over the budget before it is full
                                 again */
#define PING_BURST 8192.0     /* bytes of pings a connection may send at once */
#define PING_PER_S 1024.0     /* refill per second */
#define PING_CHECK_MS 1000    /* how often pings are counted */
#define FRAME_HEAD 14         /* the most a client frame's header takes */
#define MASKED_HEAD_MIN 6     /* the least: 2 bytes and the mask's 4 */
#define MAX_FRAGMENTS 16      /* frames one client message may come in */
#define STATE_EVENTS_PER_CREDIT 32 /* a state asked for costs one more message
                                      of the budget per this many events */
#define SHUTDOWN_WAIT_MS 2000 /* how long closing connections may take */
#define CLOSE_ACK_S 2         /* how long a closed client may take to answer */
#define CLOSE_SEND_S 10       /* how long what is queued and the close frame
                                 may take to go to a closed client */
#define LOGIN_BURST 5.0       /* login attempts from one address at once */
#define LOGIN_EVERY_S 12      /* and one more every this many seconds */
#define MISS_BURST 20.0       /* unknown table codes from one address at once */
#define MISS_EVERY_S 3        /* and one more every this many seconds */
#define NEW_PLAYER_BURST 20.0 /* new players made from one address at once */
#define NEW_PLAYER_EVERY_S 3  /* and one more every this many seconds */
#define API_BURST 30.0        /* API requests from one address at once */
#define API_EVERY_MS 100      /* and one more every this many milliseconds */
#define BUDGET_ADDRS 1024     /* addresses whose budget is not full */
#define API_CHUNK 16384       /* bytes of an HTTP reply's body per write */
#define HTTP_INLINE_BODY 1024 /* a body this short goes out with its headers */
#define HTTP_HEADERS_MAX 1024 /* room for an answer's headers (a page's CSP) */
#define HTTP_HEADER_SPACE 16384 /* a request's line and headers, in all */
#define STORE_RETRY_MS 1000   /* a failing store is tried again this often */
#define GUEST_ANSWER_MS 500 /* how long a guest's name check waits for
                               PostgreSQL (guest_name_free) */
#define LOOP_LOCK_WAIT_MS 250 /* how long the JSON API's and `player`'s
                                 statements wait for an SQLite lock another
                                 process holds: the loop waits with them */
#define REPLAYS_WAITING 32    /* replays asked for while one is built */
#define WORKERS_DEFAULT 2     /* net_config.workers when 0 (libuv's pool) */
#define JOB_HOLD_POLL_MS 5    /* LS_TEST_JOB_HOLD: how often it is looked at */
#define JOB_HOLD_MAX_S 120    /* LS_TEST_JOB_HOLD: the longest a job is held */
#define ACCOUNT_FILES 3       /* files a login's own store connection opens
                                 (SQLite's file, -wal and -shm) */
#define FD_RESERVE 64         /* open files kept from connections, at most: */
#define FD_RESERVE_MIN 16     /* a quarter of the limit, within these; fd_ok() */
#define FD_ROOM_NOTED 100     /* fewer connections than this under the limit
                                 are noted in the log at the start */
#define FD_LOG_EVERY_MS 10000 /* refused connections are logged this often */
#define REPLAY_WAIT_S 120     /* how long a replay may take, its wait included */
#define REFUSED_BODY_MS 10000 /* how long the body of a refused request is read */
/* lws's own opcode for a close frame (its enum leaves it out: "handled by
 * lws_close_reason()"). */
#define LWS_WRITE_CLOSE_FRAME ((enum lws_write_protocol)4)

typedef struct server server;

/* A budget per IP address (per key, netaddr_limit_key: an IPv6 client's
 * /64): burst tries at once, one more every every_ms; an address is
 * forgotten once its budget is full again. */
typedef struct addr_budget {
    double burst;
    double every_ms;
    bool open_when_full; /* when every slot is taken: untracked addresses
                            may try (else nobody new may) */
    struct addr_credit {
        char key[NETADDR_KEY_LEN]; /* "" for a free slot */
        double credits;
        uint64_t at;   /* uv_now of the last refill */
    } slot[BUDGET_ADDRS];
} addr_budget;
typedef struct ntable ntable;
typedef struct conn conn;

typedef struct outmsg {
    struct outmsg *next;
    size_t len;
    unsigned char buf[]; /* LWS_PRE bytes of room, then the message */
} outmsg;

struct conn {
    server *srv;
    struct lws *wsi;
    char addr[NETADDR_LEN]; /* the client's address, as the log names it */
    char key[NETADDR_KEY_LEN]; /* what the per-address limits count it
                              under: its address, or an IPv6 one's /64 */
    ntable *nt;            /* the table it is at, or NULL */
    int seat;              /* its seat there, -1 for a spectator */
    long long sent;        /* the last version sent in a state, -1 none */
    char in[PROTO_MAX_MESSAGE];
    size_t in_len;
    int in_frames;      /* the frames of the message in `in` that ended */
    outmsg *head, *tail;
    size_t queued;
    double credits;
    uint64_t refilled;     /* uv_now of the last refill */
    int over;              /* messages over the budget since it was last full */
    double ping_credits;   /* bytes of pings it may still send (see
                              count_pings) */
    long long rx_other;    /* bytes read from it that were no message and
                              no pong, at the last count */
    uint64_t rx_known;     /* bytes of its messages and pongs, headers
                              counted at their largest */
    uint64_t ping_counted; /* uv_now of the last count */
    uint64_t rx_base;      /* bytes read before it was a game connection */
    uint64_t rx_min;       /* bytes of its frames handed over, each at its
                              smallest masked (see unmasked) */
    size_t frame_len;      /* payload of the frame being handed over */
    bool closing;          /* close once the queue is drained */
    bool close_sent;       /* the close has been handed to lws */
    int close_code;
    char close_reason[64];
    struct job *hint;      /* the hint being computed, or NULL */
    struct job *account;   /* the login or password being checked, or NULL */
    int64_t player_id;     /* the store's player this connection is, or 0 */
    char player_name[LS_NAME_MAX + 1];
    int watchers_told;     /* the spectators' count it was last told at
                              its table, -1 none */
    bool store_told;       /* told its table is paused (store failing);
                              cleared when it leaves the table */
    conn *prev, *next;     /* every connection */
    conn *tprev, *tnext;   /* the connections at the same table */
};

struct ntable {
    server *srv;
    table *t;
    uv_timer_t timer;
    char creator[NETADDR_KEY_LEN]; /* the key of the address that created
                              it (conn.key) */
    int jobs;              /* worker jobs that point at it */
    long long followed;    /* events up to here are in the conns' seats */
    conn *members;         /* the connections at the table */
    bool dead;             /* closed; freed when jobs reaches 0 */
    int nwatchers;         /* its members without a seat */
    bool watchers_due;     /* its members are to be told nwatchers */
    ntable *prev, *next;
};

/* Jobs that take a worker `max` at a time, the others waiting in order
 * (line_add, line_take); one that goes before its turn leaves the line
 * (line_drop). */
typedef struct job_line {
    struct job *first, *last; /* waiting, linked by wnext */
    int running;              /* taken and not yet done */
    int max;                  /* running at once, at most */
} job_line;

struct server {
    const net_config *cfg;
    uv_loop_t loop;
    struct lws_context *ctx;
    uv_signal_t sigint, sigterm;
    uv_timer_t stop_timer;
    uv_timer_t store_timer; /* retries a failing store */
    uv_timer_t ping_timer;  /* counts every connection's pings */
    uv_check_t watchers_check; /* tells the tables' counts of spectators */
    int watchers_due;       /* tables whose count is to be told */
    bool store_failing;
    bool store_moved;        /* the store's file is not where it was opened
                                (store_moved_now) */
    bool stopping;
    bool proxy_noted;       /* the log said once that X-Forwarded-For is not believed */
    uint64_t stop_began;
    conn *conns;
    ntable *tables;
    int ntables;
    long long version_base; /* where restored tables' versions start */
    ls_rules defaults;
    char web_real[PATH_MAX];
    ls_db *db;             /* players and the API (the loop's own
                              connection to the store), or NULL */
    struct job *replay_run;  /* the replay a worker builds, or NULL */
    struct job *replay_wait, *replay_last; /* the replays asked for next */
    int replays_waiting;
    job_line hints;          /* hints, waiting for a side worker */
    int side_running;        /* hints, replays and logins on a worker */
    int side_max;            /* ... at once: one fewer than the threads */
    const char *job_hold;    /* LS_TEST_JOB_HOLD (tests only), or NULL */
    job_line accounts;       /* logins and passwords, a few at a time (serve) */
    addr_budget logins; /* login attempts and password changes */
    addr_budget misses; /* unknown table codes (join, watch, resume) */
    addr_budget new_players; /* players made (player with a new token) */
    addr_budget api;         /* requests of the JSON API */
    long fd_limit;           /* the limit of open files (ulimit -n) */
    long fd_reserve;         /* files of it kept from connections */
    unsigned long fd_refused; /* connections refused since the last log line */
    uint64_t fd_logged;      /* uv_now of that line, 0 before the first */
};

enum { JOB_MOVE, JOB_HINT, JOB_ACCOUNT, JOB_REPLAY };

/* A login or a new password: argon2id takes tens of milliseconds and
 * 64 MiB on purpose, so it runs on a worker with a store connection of its
 * own (one ls_db per thread). */
typedef struct account_job {
    int type;              /* MSG_LOGIN or MSG_SET_PASSWORD */
    json_t *id;            /* the request's id, for the reply */
    char name[LS_NAME_MAX + 1];
    char token[PROTO_PLAYER_TOKEN_MAX + 1];
    char password[PROTO_PASSWORD_MAX + 1];
    int64_t player_id;     /* set_password: whose */
    int rc;                /* the store's answer */
    bool unavailable;      /* rc: the store cannot be reached for now */
    ls_db_player p;        /* the player, when rc is 0 */
} account_job;

typedef struct job {
    uv_work_t req;
    int kind;
    server *srv;
    ntable *nt;          /* JOB_MOVE */
    conn *c;             /* JOB_HINT, JOB_ACCOUNT; NULL once the conn is gone */
    account_job acct;    /* JOB_ACCOUNT */
    struct pss *ps;      /* JOB_REPLAY: the HTTP request it answers, NULL
                            once its connection is gone */
    struct lws *wsi;
    api_reply reply;     /* JOB_REPLAY: the record in, the reply out */
    struct job *wnext;   /* JOB_REPLAY, JOB_HINT, JOB_ACCOUNT: the next waiting */
    bool waiting;        /* JOB_HINT, JOB_ACCOUNT: in the line, not yet begun */
    table_job r;
    bool ok;
    ls_move move;
    double declare;      /* hint: the estimate, < 0 when not allowed */
    char err[256];
} job;

static void table_changed(ntable *nt);
static void store_check(server *srv);

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

/* Closes c with `code` and `reason` once what is queued has been sent (or
 * at once, dropping the queue, when `now` is set). What is queued and the
 * close frame have CLOSE_SEND_S to go, then lws hangs up: a client that
 * reads nothing more (one closed "too slow" by conn_send, whose socket
 * stays full) never makes its connection writeable again, and was held,
 * its socket, the kernel's buffers for it and a place among its
 * address's connections, until the idle timeout, if ever (a client that
 * goes on writing). */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak") /* the queue: see conn_send */
static void conn_close(conn *c, int code, const char *reason, bool now)
{
    if (c->closing)
        return;
    c->closing = true;
    c->close_code = code;
    snprintf(c->close_reason, sizeof c->close_reason, "%s", reason);
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_CLOSE_SEND, CLOSE_SEND_S);
    if (now) {
        while (c->head) {
            outmsg *m = c->head;
            c->head = m->next;
            free(m);
        }
        c->tail = NULL;
        c->queued = 0;
    }
    lws_callback_on_writable(c->wsi);
}
ANALYZER_END

/* Queues one message (takes the reference to o). A message that would
 * take the queue above --max-queue drops what is queued and closes the
 * connection ("too slow"), so that a client that does not read cannot make
 * the server hold more than that (the kernel's socket buffers for it are
 * filled first). */
static void conn_send(conn *c, json_t *o)
{
    if (!o)
        return;
    if (c->closing) {
        json_decref(o);
        return;
    }
    /* 15 significant digits: a rating rounded to 8.33 is sent as 8.33,
     * not as the double's 17 digits, 8.3300000000000001. */
    char *text = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(15));
    json_decref(o);
    if (!text)
        return;
    size_t len = strlen(text);
    int kib = c->srv->cfg->max_queue_kib;
    if (c->queued + len > (size_t)kib * 1024) {
        free(text);
        fprintf(stderr, "leastscore serve: a connection from %s is closed: too slow "
                "(its output queue would pass --max-queue %d KiB)\n", c->addr, kib);
        conn_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                   "too slow: output queue full", true);
        return;
    }
    outmsg *m = malloc(sizeof *m + LWS_PRE + len);
    if (!m) {
        free(text);
        conn_close(c, LWS_CLOSE_STATUS_UNEXPECTED_CONDITION, "out of memory", true);
        return;
    }
    m->next = NULL;
    m->len = len;
    memcpy(m->buf + LWS_PRE, text, len);
    free(text);
    /* gcc 12's -fanalyzer loses m once it is linked into the conn's
     * queue (c is on the server's list); the writer frees it once sent,
     * conn_free if never (make analyze, src/analyzer.h). */
    ANALYZER_IGNORE("-Wanalyzer-malloc-leak")
    if (c->tail)
        c->tail->next = m;
    else
        c->head = m;
    c->tail = m;
    c->queued += len;
    lws_callback_on_writable(c->wsi);
    ANALYZER_END
}

static void send_error(conn *c, const srv_error *e, const proto_msg *m)
{
    json_t *o = proto_error(e, m ? m->type_name : NULL, m ? m->id : NULL);
    if (o && e->code == SRV_ESTALE && c->nt)
        json_object_set_new(o, "version", json_integer(c->nt->t->version));
    conn_send(c, o);
}

static void tell_store(conn *c);

/* Sends c its state with the events after `since`. Nothing is sent from
 * a paused table (its store could not write a move: the move must not be
 * shown before it is kept); c is told why, and gets what it missed when
 * the store is back. */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak") /* the queue: see conn_send */
static size_t send_state(conn *c, long long since)
{
    table *t = c->nt->t;
    if (t->unkept) {
        tell_store(c);
        return 0;
    }
    json_t *o = seatview_state(t, c->seat, since, (int64_t)uv_now(&c->srv->loop));
    size_t events = json_array_size(json_object_get(o, "events"));
    conn_send(c, o);
    c->sent = t->version;
    return events;
}
ANALYZER_END

/*
 * A state sent in answer to a request (sync, watch, resume, join) costs
 * the connection one more message of its rate budget for every
 * STATE_EVENTS_PER_CREDIT events it carries (its budget may go below 0:
 * it then waits longer). A state with a table's 512 events is some 70 KB
 * and a millisecond of the loop: at one message's cost, a `sync` from 0
 * sent 10 times a second from each of an address's 100 connections made
 * 70 MB a second and took the whole loop. A client that syncs when it
 * sees a gap, or resumes after a reload, spends a few of its 20.
 */
static void charge_state(conn *c, size_t events)
{
    c->credits -= (double)(events / STATE_EVENTS_PER_CREDIT);
}


/* Sends c, just come to its table, what is not in its state: the chat
 * lines the table keeps and how many watch. */
static void send_arrival(conn *c)
{
    table *t = c->nt->t;
    json_t *o = proto_chat(t, t->chat_n - TABLE_CHAT_KEEP + 1, t->chat_n);
    if (o)
        conn_send(c, o);
    conn_send(c, proto_watchers(c->nt->nwatchers));
    c->watchers_told = c->nt->nwatchers;
}

/* A spectator came to nt or left it: everyone there is told the count,
 * once the loop has read what came in with it (on_watchers_check). Told
 * at once, n spectators coming in a crowd cost n messages to each of n
 * members, O(n^2); told after, those that came in one turn of the loop
 * cost one message to each. */
static void tell_watchers(ntable *nt)
{
    if (nt->watchers_due)
        return;
    nt->watchers_due = true;
    nt->srv->watchers_due++;
}

/* Tells nt's members its count of spectators, those who know it already
 * (a newcomer, told on arrival) excepted. */
static void send_watchers(ntable *nt)
{
    nt->watchers_due = false;
    json_t *o = proto_watchers(nt->nwatchers);
    for (conn *c = nt->members; c; c = c->tnext) {
        if (c->watchers_told != nt->nwatchers) {
            conn_send(c, json_incref(o));
            c->watchers_told = nt->nwatchers;
        }
    }
    json_decref(o);
}

/* After each turn of the loop that made a count due: O(tables). */
static void on_watchers_check(uv_check_t *h)
{
    server *srv = h->data;
    if (!srv->watchers_due)
        return;
    srv->watchers_due = 0;
    for (ntable *nt = srv->tables; nt; nt = nt->next)
        if (nt->watchers_due)
            send_watchers(nt);
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */
/* ------------------------------------------------------------------ */

static ntable *find_table(server *srv, const char *code)
{
    for (ntable *nt = srv->tables; nt; nt = nt->next)
        if (!strcmp(nt->t->code, code))
            return nt;
    return NULL;
}

static void on_timer_closed(uv_handle_t *h)
{
    ntable *nt = h->data;
    table_free(nt->t);
    free(nt);
}

/* Frees nt once no job points at it (the timer is closed first). */
static void ntable_release(ntable *nt)
{
    if (nt->jobs > 0)
        return;
    uv_close((uv_handle_t *)&nt->timer, on_timer_closed);
}

/* Puts c at nt in `seat` (-1: spectator); it has been sent nothing yet. */
static void attach(conn *c, ntable *nt, int seat)
{
    c->nt = nt;
    c->seat = seat;
    c->sent = -1;
    c->watchers_told = -1;
    nt->nwatchers += seat < 0;
    c->tprev = NULL;
    c->tnext = nt->members;
    if (nt->members)
        nt->members->tprev = c;
    nt->members = c;
}

/* Takes c off its table (the table is not told: see the callers). */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak") /* c's queue: see conn_send */
static void detach(conn *c)
{
    ntable *nt = c->nt;
    if (!nt)
        return;
    if (c->tprev)
        c->tprev->tnext = c->tnext;
    else
        nt->members = c->tnext;
    if (c->tnext)
        c->tnext->tprev = c->tprev;
    c->tprev = c->tnext = NULL;
    nt->nwatchers -= c->seat < 0;
    c->nt = NULL;
    c->seat = -1;
    c->store_told = false; /* the next table it comes to is told of anew */
}
ANALYZER_END

/* Takes nt off the server: every conn at it is told `reason` and leaves. */
static void ntable_close(ntable *nt, const char *reason)
{
    server *srv = nt->srv;
    if (nt->dead)
        return;
    fprintf(stderr, "leastscore serve: table %s closed (%s)\n", nt->t->code, reason);
    while (nt->members) {
        conn_send(nt->members, proto_removed(nt->t->code, reason));
        detach(nt->members);
    }
    if (nt->prev)
        nt->prev->next = nt->next;
    else
        srv->tables = nt->next;
    if (nt->next)
        nt->next->prev = nt->prev;
    srv->ntables--;
    nt->dead = true;
    uv_timer_stop(&nt->timer);
    ntable_release(nt);
}

static void random_bytes(void *buf, size_t n)
{
    unsigned char *p = buf;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            abort(); /* no randomness: nothing safe can be done */
        }
        p += got;
        n -= (size_t)got;
    }
}

static void new_token(char out[TABLE_TOKEN_LEN + 1])
{
    unsigned char b[TABLE_TOKEN_LEN / 2];
    random_bytes(b, sizeof b);
    for (size_t i = 0; i < sizeof b; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
}

static void new_code(server *srv, char out[TABLE_CODE_LEN + 1])
{
    do {
        unsigned char b[TABLE_CODE_LEN];
        random_bytes(b, sizeof b);
        for (int i = 0; i < TABLE_CODE_LEN; i++)
            out[i] = TABLE_CODE_ALPHABET[b[i] % 32];
        out[TABLE_CODE_LEN] = '\0';
    } while (find_table(srv, out));
}

static void on_table_timer(uv_timer_t *h)
{
    ntable *nt = h->data;
    table_tick(nt->t, (int64_t)uv_now(&nt->srv->loop));
    table_changed(nt);
}

/* Puts nt (its table set) on the server, created from the address of
 * key `creator` (conn.key). */
static void ntable_link(server *srv, ntable *nt, const char *creator)
{
    nt->srv = srv;
    nt->followed = nt->t->version; /* a restored table's log starts there */
    snprintf(nt->creator, sizeof nt->creator, "%s", creator);
    uv_timer_init(&srv->loop, &nt->timer);
    nt->timer.data = nt;
    nt->next = srv->tables;
    if (srv->tables)
        srv->tables->prev = nt;
    srv->tables = nt;
    srv->ntables++;
}

static ntable *ntable_new(server *srv, const table_options *o, const char *creator)
{
    ntable *nt = calloc(1, sizeof *nt);
    if (!nt)
        return NULL;
    char code[TABLE_CODE_LEN + 1];
    new_code(srv, code);
    uint64_t seed;
    random_bytes(&seed, sizeof seed);
    nt->t = table_new(code, o, &srv->cfg->table, seed, srv->cfg->st);
    if (!nt->t) {
        free(nt);
        return NULL;
    }
    ntable_link(srv, nt, creator);
    return nt;
}

/* ------------------------------------------------------------------ */
/* Worker jobs: computer moves and hints                               */
/* ------------------------------------------------------------------ */

static void account_work(job *j)
{
    account_job *a = &j->acct;
    ls_db *db = NULL;
    ls_error err = {0};
    int64_t id = a->player_id;
    int rc = ls_db_open(&db, j->srv->cfg->db_where, &err);
    /* The server opened this store at its start: a connection that
     * cannot be made now (PostgreSQL not answering or refusing, the
     * SQLite file locked) is the store out of reach for now. */
    a->unavailable = rc == LS_DB_EIO;
    if (!rc && a->type == MSG_LOGIN)
        rc = ls_db_player_login(db, a->name, a->password, a->token, &id, &err);
    else if (!rc)
        rc = ls_db_player_set_password(db, id, a->password, &err);
    if (!rc)
        rc = ls_db_player_by_id(db, id, &a->p, &err);
    if (db)
        a->unavailable = rc == LS_DB_EIO && ls_db_unavailable(db);
    ls_db_close(db);
    explicit_bzero(a->password, sizeof a->password);
    a->rc = rc;
    if (rc)
        snprintf(j->err, sizeof j->err, "%s", err.msg);
}

/*
 * For tests only: with LS_TEST_JOB_HOLD=FILE in the environment, the
 * worker of a hint, a replay or a login (never a computer player's move)
 * waits while FILE exists (JOB_HOLD_MAX_S at most) before its work, so
 * that a test holds them in flight for as long as it needs
 * (tests/server/hints.test.mjs) rather than hoping a search is slow.
 */
static void job_hold(const char *file)
{
    for (int i = 0; file && i < JOB_HOLD_MAX_S * 1000 / JOB_HOLD_POLL_MS &&
                    access(file, F_OK) == 0; i++) {
        struct timespec ts = {0, JOB_HOLD_POLL_MS * 1000000L};
        nanosleep(&ts, NULL);
    }
}

static void job_work(uv_work_t *req)
{
    job *j = req->data;
    ls_error err = {0};
    if (j->kind != JOB_MOVE)
        job_hold(j->srv->job_hold);
    if (j->kind == JOB_ACCOUNT) {
        account_work(j);
        return;
    }
    if (j->kind == JOB_REPLAY) {
        j->ok = api_replay_reply(&j->reply) == 0;
        return;
    }
    if (j->kind == JOB_MOVE) {
        ls_player *p = j->r.player;
        if (!p)
            p = ls_player_new(j->r.spec, j->r.seed, &err);
        j->ok = p && ls_player_choose(p, &j->r.view, &j->move, &err) == 0;
        if (p && !j->r.player)
            ls_player_free(p);
    } else {
        ls_player *p = ls_player_new("expert", j->r.seed, &err);
        if (!p)
            p = ls_player_new("greedy", j->r.seed, &err);
        j->ok = p && ls_player_hint(p, &j->r.view, &j->move, &j->declare, &err) == 0;
        ls_player_free(p);
    }
    if (!j->ok)
        snprintf(j->err, sizeof j->err, "%s", err.msg);
}

/* Why the expert suggests m, in a few words. */
static void hint_why(const ls_view *v, ls_move m, char *out, size_t size)
{
    char name[4];
    if (m.kind == LS_MOVE_DECLARE) {
        snprintf(out, size, "declare: your %d is likely the lowest hand", v->hand_total);
        return;
    }
    int shed = ls_cards_total(m.discard);
    const char *pts = shed == 1 ? "point" : "points";
    if (m.kind == LS_MOVE_TAKE)
        snprintf(out, size, "sheds %d %s and takes %s", shed, pts,
                 ls_card_str((ls_card)m.card, name));
    else
        snprintf(out, size, "sheds %d %s and draws", shed, pts);
}

static void send_hint(conn *c, const job *j)
{
    if (!j->ok) {
        srv_error e = {.code = SRV_ENOT_NOW};
        snprintf(e.msg, sizeof e.msg, "no hint: %.200s", j->err);
        conn_send(c, proto_error(&e, "hint", NULL));
        return;
    }
    char text[96], why[96];
    ls_move_str(j->move, text, sizeof text);
    hint_why(&j->r.view, j->move, why, sizeof why);
    json_t *o = json_pack("{s:s, s:s, s:s}", "type", "hint", "move", text, "why", why);
    if (o)
        json_object_set_new(o, "declare", j->declare >= 0 && j->r.view.can_declare
                                              ? json_real(j->declare) : json_null());
    conn_send(c, o);
}

static void account_done(job *j, int status);
static void replay_done(job *j, int status);
static void side_start(server *srv, int done);

static void job_done(uv_work_t *req, int status)
{
    job *j = req->data;
    server *srv = j->srv;
    int kind = j->kind;
    if (kind != JOB_MOVE)
        srv->side_running--;
    if (kind == JOB_ACCOUNT)
        account_done(j, status);
    else if (kind == JOB_REPLAY)
        replay_done(j, status);
    if (kind == JOB_HINT) {
        if (j->c) {
            j->c->hint = NULL;
            if (status == 0)
                send_hint(j->c, j);
        }
        free(j);
        srv->hints.running--;
    }
    if (kind != JOB_MOVE) {
        side_start(srv, kind);
        return;
    }
    ntable *nt = j->nt;
    nt->jobs--;
    if (nt->dead || status != 0) {
        ls_player_free(j->r.player);
        if (nt->dead)
            ntable_release(nt);
    } else {
        table_computer_move(nt->t, (int64_t)uv_now(&srv->loop), j->r.seat,
                            j->r.turn_id, j->ok, j->move, j->r.player);
        if (!j->ok)
            fprintf(stderr, "leastscore serve: table %s: the %s player failed "
                    "(%s); a legal move was played for it\n", nt->t->code,
                    j->r.spec, j->err);
        table_changed(nt);
    }
    free(j);
}

static void start_moves(ntable *nt)
{
    server *srv = nt->srv;
    int64_t now = (int64_t)uv_now(&srv->loop);
    for (;;) {
        job *j = calloc(1, sizeof *j);
        if (!j)
            return; /* asked again at the next change or tick */
        if (!table_request(nt->t, now, &j->r)) {
            free(j);
            return;
        }
        j->kind = JOB_MOVE;
        j->srv = srv;
        j->nt = nt;
        j->req.data = j;
        nt->jobs++;
        if (uv_queue_work(&srv->loop, &j->req, job_work, job_done) != 0) {
            nt->jobs--;
            table_computer_move(nt->t, now, j->r.seat, j->r.turn_id, false,
                                (ls_move){0}, j->r.player);
            free(j);
        }
    }
}

/* ------------------------------------------------------------------ */
/* After a change                                                      */
/* ------------------------------------------------------------------ */

/* Keeps the conns' seats in step with the events after `from` (each event
 * is followed once): a freed seat moves the later ones up; a conn whose
 * seat was freed is told it was removed. */
static void follow_unseats(ntable *nt, long long from)
{
    for (long long v = from + 1; v <= nt->t->version; v++) {
        const table_event *ev = table_event_at(nt->t, v);
        if (!ev || ev->kind != TEV_UNSEAT)
            continue;
        for (conn *c = nt->members, *next; c; c = next) {
            next = c->tnext;
            if (c->seat == ev->seat) {
                conn_send(c, proto_removed(nt->t->code, "the host removed you"));
                detach(c);
            } else if (c->seat > ev->seat) {
                c->seat--;
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* A failing store                                                     */
/* ------------------------------------------------------------------ */

/* The `store` message: whether the store writes (ok), whether c's table is
 * paused, and the store's failure for a person. */
static void send_store(conn *c, bool ok, const char *msg)
{
    json_t *o = json_pack("{s:s, s:b, s:b}", "type", "store", "ok", ok, "paused",
                          c->nt && c->nt->t->unkept);
    if (o && !ok)
        json_object_set_new(o, "message", json_string(msg));
    conn_send(c, o);
}

static void store_message(server *srv, char *msg, size_t size)
{
    char why[200];
    const store *st = srv->cfg->st;
    st->ops->failing(st->self, why, sizeof why);
    snprintf(msg, size, "the server cannot save moves right now (%s); a table "
             "whose move could not be saved is paused until it can", why);
}

/* Tells c once that its table is paused. */
static void tell_store(conn *c)
{
    if (c->store_told)
        return;
    char msg[400];
    store_message(c->srv, msg, sizeof msg);
    c->store_told = true;
    send_store(c, false, msg);
}

/* Tells everyone at a table whether the store writes. */
static void tell_store_all(server *srv, bool ok)
{
    char msg[400] = "";
    if (!ok)
        store_message(srv, msg, sizeof msg);
    for (conn *c = srv->conns; c; c = c->next) {
        if (!c->nt || (!ok && c->store_told))
            continue; /* told already that its table is paused */
        c->store_told = !ok && c->nt->t->unkept;
        send_store(c, ok, msg);
    }
}

/* The store is tried again; once it holds nothing unwritten, every paused
 * table goes on (a fresh turn time) and its members get what they missed. */
static void on_store_timer(uv_timer_t *h)
{
    server *srv = h->data;
    const store *st = srv->cfg->st;
    if (st->ops->flush(st->self) != 0)
        return;
    uv_timer_stop(&srv->store_timer);
    srv->store_failing = false;
    fprintf(stderr, "leastscore serve: the store writes again: the paused tables go on\n");
    int64_t now = (int64_t)uv_now(&srv->loop);
    for (ntable *nt = srv->tables; nt; nt = nt->next)
        table_store_kept(nt->t, now);
    tell_store_all(srv, true);
    for (ntable *nt = srv->tables, *next; nt; nt = next) {
        next = nt->next;
        table_changed(nt);
    }
}

/* After a change: whether the store began to fail. Then the tables are
 * told, new tables refused (do_create) and the store retried on a timer.
 * A store can also come back inside a change (a move at a table that was
 * not paused is written, and the store writes what it held with it): the
 * retry is then made at once, on the loop's next turn (not here, inside
 * a table's change), so that new tables are not refused and the paused
 * tables not held for up to STORE_RETRY_MS after the store is back. */
/*
 * Whether the store's file is no longer at its path (renamed, moved or
 * removed while the server runs), said in the log when that begins and
 * when the file is back. SQLite goes on writing into the file it holds
 * open, so nothing in play is lost while the server runs, but a restart
 * opens the path: a new, empty store, every player, rating and match of
 * the old one gone from the server's view, and a removed file gone for
 * good with the last process that holds it. So new tables and matches are
 * refused (do_create, table_start), none begun where no restart will find
 * it; the tables in play go on, their moves kept in the open file (one
 * moved back is whole). A stat() each call: after each change, and at
 * each new table.
 */
static bool store_moved_now(server *srv)
{
    const store *st = srv->cfg->st;
    bool moved = st && st->ops->moved && st->ops->moved(st->self);
    if (moved && !srv->store_moved)
        fprintf(stderr, "leastscore serve: the store's file %s was moved or removed "
                "while the server runs: the tables in play go on into the file the "
                "server holds open, which a restart would not find (it would begin a "
                "new, empty store there); new tables and matches are refused until "
                "the file is back at %s\n", srv->cfg->db_where, srv->cfg->db_where);
    else if (!moved && srv->store_moved)
        fprintf(stderr, "leastscore serve: the store's file is back at %s: new tables "
                "and matches are taken again\n", srv->cfg->db_where);
    srv->store_moved = moved;
    return moved;
}

static void store_check(server *srv)
{
    const store *st = srv->cfg->st;
    store_moved_now(srv);
    if (srv->store_failing && st && !st->ops->failing(st->self, NULL, 0)) {
        uv_timer_start(&srv->store_timer, on_store_timer, 0, STORE_RETRY_MS);
        return;
    }
    if (srv->store_failing || !st || !st->ops->failing(st->self, NULL, 0))
        return;
    srv->store_failing = true;
    fprintf(stderr, "leastscore serve: the store is failing: tables whose moves "
            "cannot be saved are paused and new tables are refused until it is back\n");
    tell_store_all(srv, false);
    uv_timer_start(&srv->store_timer, on_store_timer, STORE_RETRY_MS, STORE_RETRY_MS);
}

static void table_changed(ntable *nt)
{
    server *srv = nt->srv;
    if (nt->dead)
        return;
    table *t = nt->t;
    int64_t now = (int64_t)uv_now(&srv->loop);
    table_tick(t, now);
    start_moves(nt);
    follow_unseats(nt, nt->followed);
    nt->followed = t->version;
    for (conn *c = nt->members; c; c = c->tnext)
        if (c->sent < t->version)
            send_state(c, c->sent);
    store_check(srv);
    if (t->closed) {
        ntable_close(nt, "the table closed");
        return;
    }
    int64_t due = table_next_deadline(t);
    if (due < 0)
        uv_timer_stop(&nt->timer);
    else
        uv_timer_start(&nt->timer, on_table_timer,
                       (uint64_t)(due > now ? due - now : 0), 0);
}

/* ------------------------------------------------------------------ */
/* Client messages                                                     */
/* ------------------------------------------------------------------ */

/* The tables open that were created from the address of key `key`. */
static int tables_from(server *srv, const char *key)
{
    int n = 0;
    for (ntable *nt = srv->tables; nt; nt = nt->next)
        n += !strcmp(nt->creator, key);
    return n;
}

/* A player sits under the player's name; a guest under the name sent. */
static const char *seat_name(const conn *c, const proto_msg *m)
{
    return c->player_id ? c->player_name : m->name;
}

/*
 * A guest may not sit under a name that is a player's, or looks like one
 * (server/names.h): at a table "Iris" could not be told from the player
 * Iris. One indexed query on the loop, as `player`'s. A store that fails
 * here refuses nothing: the guest is not rated, and the table's own
 * store calls say what fails. So its answer is waited for
 * GUEST_ANSWER_MS only: a PostgreSQL that stopped answering held the loop
 * 4 s at the first guest's create (every table, ping and page waiting;
 * measured 3952 ms). Then the question is given up on and cancelled, the
 * connection kept (docs/store.md): closing it made both of the loop's
 * connections again at each guest while PostgreSQL was slow but alive.
 */
static int guest_name_free(conn *c, const char *name, srv_error *e)
{
    ls_db *db = c->srv->db;
    if (c->player_id || !db)
        return 0;
    char holder[LS_NAME_MAX + 1];
    ls_error err = {0};
    int rc = ls_db_name_holder(db, name, GUEST_ANSWER_MS, holder, &err);
    if (rc != 0 || !holder[0])
        return 0;
    if (!strcasecmp(holder, name))
        return srv_fail_name(e, SRV_CONFLICT_GUEST, name, holder, "the name %s belongs "
                             "to a player: choose another, or log in as %s", name, holder);
    return srv_fail_name(e, SRV_CONFLICT_GUEST, name, holder, "the name %s looks like "
                         "%s, a player's name: choose another, told apart by more than "
                         "case, I l 1, O 0, rn m or vv w", name, holder);
}

static int do_create(conn *c, const proto_msg *m, srv_error *e)
{
    server *srv = c->srv;
    int64_t now = (int64_t)uv_now(&srv->loop);
    for (int i = 0; i < m->nbots; i++) {
        bool known = false;
        for (int k = 0; table_levels[k]; k++)
            known |= !strcmp(m->bots[i], table_levels[k]);
        if (!known)
            return srv_fail(e, SRV_EBAD_LEVEL, "bots[%d]: '%s' is not a level: "
                            "random, greedy or expert", i, m->bots[i]);
    }
    if (srv->ntables >= srv->cfg->max_tables)
        return srv_fail(e, SRV_ESERVER_FULL, "the server holds as many tables "
                        "as it may (%d)", srv->cfg->max_tables);
    if (srv->store_failing)
        return srv_fail(e, SRV_ESTORE, "no new tables for now: the server cannot "
                        "save matches (its store is failing); try again later");
    if (store_moved_now(srv))
        return srv_fail(e, SRV_ESTORE, "no new tables: the server's store file was "
                        "moved or removed while it runs (its log says where)");
    if (tables_from(srv, c->key) >= srv->cfg->max_tables_per_address)
        return srv_fail(e, SRV_ESERVER_FULL, "your address has %d tables open, "
                        "the most it may", srv->cfg->max_tables_per_address);
    int rc = guest_name_free(c, m->name, e);
    if (rc)
        return rc;
    ntable *nt = ntable_new(srv, &m->opt, c->key);
    if (!nt)
        return srv_fail(e, SRV_ENOMEM, "out of memory");
    char token[TABLE_TOKEN_LEN + 1];
    new_token(token);
    int seat;
    rc = table_join(nt->t, seat_name(c, m), token, c->player_id, now, &seat, e);
    for (int i = 0; rc == 0 && i < m->nbots; i++)
        rc = table_add_bot(nt->t, seat, m->bots[i], e);
    if (rc != 0) {
        ntable_close(nt, "the table could not be created");
        return rc;
    }
    attach(c, nt, seat);
    conn_send(c, proto_joined(nt->t->code, seat, token));
    fprintf(stderr, "leastscore serve: table %s created from %s (%d seats)\n",
            nt->t->code, c->addr, m->opt.seats);
    table_changed(nt);
    return 0;
}

/* The slot of key in b after refilling every slot, or, when it has none,
 * a free one made its own (at a full budget) if take, else NULL with
 * *full set when no slot is free. O(BUDGET_ADDRS), per counted try only. */
static struct addr_credit *budget_slot(addr_budget *b, const char *key, uint64_t now,
                                       bool take, bool *full)
{
    struct addr_credit *mine = NULL, *spare = NULL;
    for (int i = 0; i < BUDGET_ADDRS; i++) {
        struct addr_credit *a = &b->slot[i];
        if (a->key[0]) {
            a->credits += (double)(now - a->at) / b->every_ms;
            a->at = now;
            if (a->credits >= b->burst)
                a->key[0] = '\0'; /* full again: nothing to remember */
        }
        if (a->key[0] && !strcmp(a->key, key))
            mine = a;
        else if (!a->key[0] && !spare)
            spare = a;
    }
    *full = !mine && !spare;
    if (!mine && spare && take) {
        mine = spare;
        snprintf(mine->key, sizeof mine->key, "%s", key);
        mine->credits = b->burst;
        mine->at = now;
    }
    return mine;
}

/* Whether the address of key has a try left in b. When every slot holds
 * an address still over its budget, an address without one may try only
 * if b->open_when_full: closed, a flood from many addresses slows everyone
 * down but never lets one address past its budget (logins); open, it
 * cannot stop everyone (table codes: people joining their friends' tables
 * matter more than the codes' secrecy against so many addresses). */
static bool budget_left(addr_budget *b, const char *key, uint64_t now)
{
    bool full;
    struct addr_credit *a = budget_slot(b, key, now, false, &full);
    return a ? a->credits >= 1.0 : !full || b->open_when_full;
}

/* Spends one of key's tries in b (budget_left said there is one). */
static void budget_spend(addr_budget *b, const char *key, uint64_t now)
{
    bool full;
    struct addr_credit *a = budget_slot(b, key, now, true, &full);
    if (a && a->credits >= 1.0)
        a->credits -= 1.0;
}

/* The table of m's code. Unknown codes are counted per address, so that
 * codes cannot be guessed by trying them fast: over the budget, known
 * codes are refused too. */
static ntable *table_of_code(conn *c, const proto_msg *m, srv_error *e)
{
    uint64_t now = uv_now(&c->srv->loop);
    if (!budget_left(&c->srv->misses, c->key, now)) {
        srv_fail(e, SRV_ERATE_LIMITED, "too many unknown table codes from your address: "
                 "at most %.0f at once and one more every %d seconds", MISS_BURST,
                 MISS_EVERY_S);
        return NULL;
    }
    ntable *nt = find_table(c->srv, m->code);
    if (!nt) {
        budget_spend(&c->srv->misses, c->key, now);
        srv_fail(e, SRV_ENO_TABLE, "no table has the code %s", m->code);
    }
    return nt;
}

/* Seat `seat` of nt moves to c, which is told its token and the state
 * since version `since` (-1: all of it); a connection that still held the
 * seat is told, and leaves the table. */
static void take_seat(conn *c, ntable *nt, int seat, long long since)
{
    for (conn *o = nt->members, *next; o; o = next) {
        next = o->tnext;
        if (o->seat == seat) {
            conn_send(o, proto_removed(nt->t->code, "your seat was resumed on "
                                       "another connection"));
            detach(o);
        }
    }
    attach(c, nt, seat);
    table_connect(nt->t, seat, (int64_t)uv_now(&c->srv->loop));
    conn_send(c, proto_joined(nt->t->code, seat, nt->t->seats[seat].token));
    send_arrival(c);
    charge_state(c, send_state(c, since));
    table_changed(nt);
}

/* A player who already has a seat at the table (another device, or a
 * browser that lost the seat's token) gets that seat back, as resume
 * would give it: the seat belongs to the player. */
static int do_join(conn *c, const proto_msg *m, srv_error *e)
{
    ntable *nt = table_of_code(c, m, e);
    if (!nt)
        return e->code;
    int mine = table_seat_of_player(nt->t, c->player_id);
    if (mine >= 0) {
        take_seat(c, nt, mine, -1);
        return 0;
    }
    /* Only where a seat could be had: a started table says so first. */
    int rc = nt->t->status == TABLE_LOBBY ? guest_name_free(c, m->name, e) : 0;
    if (rc)
        return rc;
    char token[TABLE_TOKEN_LEN + 1];
    new_token(token);
    int seat;
    rc = table_join(nt->t, seat_name(c, m), token, c->player_id,
                    (int64_t)uv_now(&c->srv->loop), &seat, e);
    if (rc)
        return rc;
    attach(c, nt, seat);
    conn_send(c, proto_joined(nt->t->code, seat, token));
    send_arrival(c);
    table_changed(nt);
    return 0;
}

static int do_watch(conn *c, const proto_msg *m, srv_error *e)
{
    ntable *nt = table_of_code(c, m, e);
    if (!nt)
        return e->code;
    attach(c, nt, -1);
    conn_send(c, proto_joined(nt->t->code, -1, NULL));
    send_arrival(c);
    charge_state(c, send_state(c, -1));
    tell_watchers(nt);
    return 0;
}

/* At a restored table the tokens are known by their hash only. */
static int restored_seat(table *t, const char *token)
{
    char hash[LS_DB_HASH_SIZE];
    if (!token)
        return -1;
    ls_db_token_hash(token, hash);
    return table_seat_of_token_hash(t, token, hash);
}

static int do_resume(conn *c, const proto_msg *m, srv_error *e)
{
    ntable *nt = table_of_code(c, m, e);
    if (!nt)
        return e->code;
    int seat = table_seat_of_token(nt->t, m->token);
    if (seat < 0)
        seat = restored_seat(nt->t, m->token);
    if (seat < 0)
        return srv_fail(e, SRV_EBAD_TOKEN, "no seat at table %s has this token",
                        nt->t->code);
    take_seat(c, nt, seat, m->version);
    return 0;
}

static void line_add(job_line *l, job *j)
{
    j->waiting = true;
    j->wnext = NULL;
    if (l->last)
        l->last->wnext = j;
    else
        l->first = j;
    l->last = j;
}

/* The next job to run, out of the line, when fewer than max run; NULL
 * when none may. The caller counts it in running once it is queued. */
static job *line_take(job_line *l)
{
    job *j = l->first;
    if (!j || l->running >= l->max)
        return NULL;
    l->first = j->wnext;
    if (!l->first)
        l->last = NULL;
    j->wnext = NULL;
    j->waiting = false;
    return j;
}

/* Takes j out of the line; false when it is not in it. */
static bool line_drop(job_line *l, job *j)
{
    for (job **p = &l->first, *prev = NULL; *p; prev = *p, p = &(*p)->wnext) {
        if (*p != j)
            continue;
        *p = j->wnext;
        if (l->last == j)
            l->last = prev;
        return true;
    }
    return false;
}

/*
 * The side workers. Hints, replays and logins together take at most
 * side_max workers, one fewer than the threads (and the server starts 2
 * threads at least), the others waiting in their lines; computer players'
 * moves go straight to libuv's queue. So one thread at least is always
 * free or on a move, and a move waits only behind other moves, never
 * behind a hint, a replay or a login (hints.test.mjs holds them). Before,
 * hints took workers - 1 but a replay and logins a worker each besides:
 * with the default 2 workers a held hint and a held password change, or
 * with --workers 1 a hint alone, kept a move waiting as long as they
 * were held. The cost: a hint, a replay or a login now waits for the side
 * worker(s) as well, behind at most one job of each other kind (the kind
 * just done starts last) and the ones of its own line before it.
 */
static bool side_free(const server *srv)
{
    return srv->side_running < srv->side_max;
}

/*
 * Hints are computed on the side workers, in order (each connection has
 * one at most): a hint takes the expert's time, and players asking for one
 * after another at many tables would otherwise take every worker, and
 * every table's computer players would wait behind them (seconds, by
 * hand, with 16 such players).
 */
static void hint_start(server *srv)
{
    for (job *j; side_free(srv) && (j = line_take(&srv->hints));) {
        if (uv_queue_work(&srv->loop, &j->req, job_work, job_done) != 0) {
            srv_error e;
            srv_fail(&e, SRV_ESHUTTING_DOWN, "the server is stopping");
            j->c->hint = NULL;
            conn_send(j->c, proto_error(&e, "hint", NULL));
            free(j);
            continue;
        }
        srv->hints.running++;
        srv->side_running++;
    }
}

/* A connection that goes: its hint leaves the line, or, being computed,
 * is dropped when done. */
static void hint_forget(conn *c)
{
    job *j = c->hint;
    c->hint = NULL;
    if (!j)
        return;
    j->c = NULL;
    if (j->waiting && line_drop(&c->srv->hints, j))
        free(j);
}

static int do_hint(conn *c, const proto_msg *m, srv_error *e)
{
    (void)m;
    table *t = c->nt->t;
    /* A paused table's state has what nobody was shown (its last move):
     * no hint is drawn from it. */
    if (t->unkept)
        return srv_fail(e, SRV_ESTORE, "table %s is paused: the server cannot save its "
                        "moves right now (its store is failing); ask again when it goes on",
                        t->code);
    if (c->seat < 0 || t->status != TABLE_PLAYING || ls_turn(t->s) != c->seat)
        return srv_fail(e, SRV_ENOT_YOUR_TURN, "a hint is for the player to move");
    if (c->hint)
        return srv_fail(e, SRV_EBUSY, "a hint is already being computed");
    job *j = calloc(1, sizeof *j);
    if (!j)
        return srv_fail(e, SRV_ENOMEM, "out of memory");
    j->kind = JOB_HINT;
    j->srv = c->srv;
    j->c = c;
    j->req.data = j;
    ls_view_of(t->s, c->seat, &j->r.view);
    random_bytes(&j->r.seed, sizeof j->r.seed);
    if (c->srv->stopping) {
        free(j);
        return srv_fail(e, SRV_ESHUTTING_DOWN, "the server is stopping");
    }
    line_add(&c->srv->hints, j);
    c->hint = j;
    hint_start(c->srv);
    return 0;
}

/* A chat line goes to everyone at the table, its writer too. */
static int do_chat(conn *c, const proto_msg *m, srv_error *e)
{
    table *t = c->nt->t;
    long long n;
    int rc = table_chat(t, c->seat, m->text, (int64_t)uv_now(&c->srv->loop), &n, e);
    if (rc == SRV_ESTORE)
        store_check(c->srv); /* the store failed on the line */
    if (rc)
        return rc;
    json_t *line = proto_chat(t, n, n);
    for (conn *o = c->nt->members; o; o = o->tnext)
        conn_send(o, json_incref(line));
    json_decref(line);
    return 0;
}

static int do_leave(conn *c, srv_error *e)
{
    ntable *nt = c->nt;
    int seat = c->seat;
    if (seat >= 0) {
        int rc = table_leave(nt->t, seat, (int64_t)uv_now(&c->srv->loop), e);
        if (rc)
            return rc;
    }
    /* Off the table before its change is followed: the freed seat's
     * `removed` is not for the one who left. */
    detach(c);
    if (seat >= 0)
        table_changed(nt);
    else
        tell_watchers(nt);
    return 0;
}

/* Handles one checked message at a table. */
static int at_table(conn *c, const proto_msg *m, srv_error *e)
{
    ntable *nt = c->nt;
    table *t = nt->t;
    int64_t now = (int64_t)uv_now(&c->srv->loop);
    int rc;
    switch (m->type) {
    case MSG_ADD_BOT:
        rc = table_add_bot(t, c->seat, m->level, e);
        break;
    case MSG_REMOVE:
        rc = table_remove(t, c->seat, m->seat, e);
        break;
    case MSG_START:
        rc = table_start(t, c->seat, now, e);
        break;
    case MSG_MOVE:
        rc = table_move(t, c->seat, m->version, m->move, now, e);
        if (rc == SRV_ESTALE) {
            send_error(c, e, m);
            send_state(c, c->sent);
            return 0;
        }
        break;
    case MSG_NEXT:
        rc = table_next(t, c->seat, now, e);
        break;
    case MSG_REMATCH:
        rc = table_rematch(t, c->seat, now, e);
        break;
    case MSG_REOPEN:
        rc = table_reopen(t, c->seat, now, e);
        break;
    case MSG_HURRY:
        rc = table_hurry(t, c->seat, now, e);
        break;
    case MSG_HINT:
        return do_hint(c, m, e);
    case MSG_SYNC:
        /* Answered: at a paused table, with `store` again. */
        c->store_told = false;
        charge_state(c, send_state(c, m->version));
        return 0;
    case MSG_LEAVE:
        return do_leave(c, e);
    case MSG_CHAT:
        return do_chat(c, m, e);
    default:
        return srv_fail(e, SRV_EAT_TABLE, "you are at table %s: send leave first",
                        t->code);
    }
    if (rc == 0)
        table_changed(nt);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Players: who a connection is (docs/server-protocol.md, "Players")   */
/* ------------------------------------------------------------------ */

/* The error for a call of the store that failed, with the store's
 * message msg: out of reach for now (`unavailable`: a PostgreSQL
 * connection lost or being made again, an SQLite file locked by another
 * process), to be tried again in a few seconds, or failed. */
static int store_error(srv_error *e, bool unavailable, const char *msg)
{
    if (unavailable)
        return srv_fail(e, SRV_ESTORE_UNAVAILABLE, "the store cannot be reached for "
                        "now; try again in a few seconds (%.160s)", msg);
    return srv_fail(e, SRV_ESTORE_FAILED, "the store failed: %.180s", msg);
}

static void become(conn *c, const ls_db_player *p)
{
    c->player_id = p->id;
    snprintf(c->player_name, sizeof c->player_name, "%s", p->name);
    conn_send(c, proto_player(api_player_summary(p), p->has_password));
}

/* The refusal of a new player's name that another player holds (rc
 * LS_DB_EEXISTS) or one that looks like theirs (LS_DB_ELOOKALIKE, msg
 * the store's "the name lris looks like Iris, another player's name").
 * The holder's name, which the store's answer has only in its text, is
 * asked again for the error's `like`: one indexed query, on this path
 * only; when the store cannot say, `like` is left out. */
static int player_name_taken(ls_db *db, const char *name, int rc, const char *msg,
                             srv_error *e)
{
    char holder[LS_NAME_MAX + 1];
    ls_error err = {0};
    if (ls_db_name_holder(db, name, 0, holder, &err) != 0)
        holder[0] = '\0';
    if (rc == LS_DB_EEXISTS)
        return srv_fail_name(e, SRV_CONFLICT_PLAYER, name, holder, "the name %s belongs "
                             "to another player: choose another, or log in with its "
                             "password", name);
    return srv_fail_name(e, SRV_CONFLICT_PLAYER, name, holder, "%.120s: choose another, "
                         "told apart by more than case, I l 1, O 0, rn m or vv w", msg);
}

/* `player`: the person holding the token, created with `name` the first
 * time. On the loop: two small queries on the loop's own connection. */
static int do_player(conn *c, const proto_msg *m, srv_error *e)
{
    ls_db *db = c->srv->db;
    ls_db_player p;
    ls_error err = {0};
    int rc = ls_db_player_by_token(db, m->player_token, &p, &err);
    if (rc == LS_DB_ENOTFOUND) {
        if (!m->has_name)
            return srv_fail(e, SRV_ENO_PLAYER, "no player holds this token (send a "
                            "name with it to become a new player)");
        if (table_name_is_computer(m->name))
            return srv_fail_name(e, SRV_CONFLICT_COMPUTER, m->name, NULL, "the name %s "
                                 "belongs to a computer player: choose another", m->name);
        /* Each new player is a durable write on the loop and a row kept
         * for ever: counted per address. */
        uint64_t now = uv_now(&c->srv->loop);
        if (!budget_left(&c->srv->new_players, c->key, now))
            return srv_fail(e, SRV_ERATE_LIMITED, "too many new players from your "
                            "address: at most %.0f at once and one more every %d "
                            "seconds", NEW_PLAYER_BURST, NEW_PLAYER_EVERY_S);
        budget_spend(&c->srv->new_players, c->key, now);
        int64_t id;
        rc = ls_db_player_create(db, m->name, m->player_token, &id, &err);
        if (rc == LS_DB_EEXISTS || rc == LS_DB_ELOOKALIKE)
            return player_name_taken(db, m->name, rc, err.msg, e);
        if (!rc)
            rc = ls_db_player_by_id(db, id, &p, &err);
    }
    if (rc)
        return store_error(e, rc == LS_DB_EIO && ls_db_unavailable(db), err.msg);
    become(c, &p);
    return 0;
}

static void account_free(job *j)
{
    explicit_bzero(j->acct.password, sizeof j->acct.password);
    json_decref(j->acct.id);
    free(j);
}

/*
 * Logins and new passwords are checked accounts.max at a time, the others
 * wait in order (each connection has one at most). Each opens a store
 * connection of its own, ACCOUNT_FILES files with SQLite: as many at once
 * as there are workers took more files than the limit of open files keeps
 * from connections (fd_reserve), and under ulimit -n 64 with --workers 16
 * and 26 connections logging in together, 18 were told store_unavailable
 * ('sqlite: unable to open database file') though the store was there.
 */
static void account_start(server *srv)
{
    for (job *j; side_free(srv) && (j = line_take(&srv->accounts));) {
        if (uv_queue_work(&srv->loop, &j->req, job_work, job_done) != 0) {
            srv_error e;
            srv_fail(&e, SRV_ESHUTTING_DOWN, "the server is stopping");
            j->c->account = NULL;
            conn_send(j->c, proto_error(&e, j->acct.type == MSG_LOGIN ? "login"
                                                                      : "set_password",
                                        j->acct.id));
            account_free(j);
            continue;
        }
        srv->accounts.running++;
        srv->side_running++;
    }
}

/* A connection that goes: its login leaves the line, or, being checked,
 * is dropped when done. */
static void account_forget(conn *c)
{
    job *j = c->account;
    c->account = NULL;
    if (!j)
        return;
    j->c = NULL;
    if (j->waiting && line_drop(&c->srv->accounts, j))
        account_free(j);
}

/* `login` and `set_password`: checked here, hashed on a worker. */
static int start_account_job(conn *c, const proto_msg *m, srv_error *e)
{
    if (c->account)
        return srv_fail(e, SRV_EBUSY, "a login or password is already being checked");
    if (m->type == MSG_SET_PASSWORD && !c->player_id)
        return srv_fail(e, SRV_ENOT_PLAYER, "only a player may set a password (send "
                        "player first)");
    /* Both hash a password on a worker (argon2id: tens of milliseconds
     * and 64 MiB on purpose), so both are counted per address: a player's
     * connections setting passwords without end would take every worker,
     * as logins would. */
    uint64_t now = uv_now(&c->srv->loop);
    if (!budget_left(&c->srv->logins, c->key, now))
        return srv_fail(e, SRV_ERATE_LIMITED, "too many %s from your address: at most "
                        "%.0f at once and one more every %d seconds",
                        m->type == MSG_LOGIN ? "login attempts" : "password changes",
                        LOGIN_BURST, LOGIN_EVERY_S);
    budget_spend(&c->srv->logins, c->key, now);
    job *j = calloc(1, sizeof *j);
    if (!j)
        return srv_fail(e, SRV_ENOMEM, "out of memory");
    j->kind = JOB_ACCOUNT;
    j->srv = c->srv;
    j->c = c;
    j->req.data = j;
    account_job *a = &j->acct;
    a->type = m->type;
    a->id = m->id ? json_incref(m->id) : NULL;
    a->player_id = c->player_id;
    snprintf(a->name, sizeof a->name, "%s", m->name);
    snprintf(a->token, sizeof a->token, "%s", m->player_token);
    snprintf(a->password, sizeof a->password, "%s", m->password);
    line_add(&c->srv->accounts, j);
    c->account = j;
    account_start(c->srv);
    return 0;
}

static void account_done(job *j, int status)
{
    account_job *a = &j->acct;
    conn *c = j->c;
    if (c) {
        c->account = NULL;
        srv_error e = {0};
        const char *request = a->type == MSG_LOGIN ? "login" : "set_password";
        if (status != 0)
            srv_fail(&e, SRV_ESHUTTING_DOWN, "the server is stopping");
        else if (a->rc == LS_DB_EAUTH)
            srv_fail(&e, SRV_EBAD_LOGIN, "wrong name or password (or %s has no "
                     "password)", a->name);
        else if (a->rc == LS_DB_EEXISTS)
            srv_fail(&e, SRV_EBAD_TOKEN, "this token already belongs to a player");
        else if (a->rc == LS_EINVAL)
            srv_fail(&e, SRV_EBAD_PASSWORD, "%.200s", j->err);
        else if (a->rc)
            store_error(&e, a->unavailable, j->err);
        if (status == 0 && a->rc == 0)
            become(c, &a->p);
        else
            conn_send(c, proto_error(&e, request, a->id));
    }
    server *srv = j->srv;
    account_free(j);
    srv->accounts.running--;
}

static int do_account(conn *c, const proto_msg *m, srv_error *e)
{
    if (!c->srv->db)
        return srv_fail(e, SRV_ENO_STORE, "this server keeps no players (it runs "
                        "without a store): play as a guest");
    if (m->type == MSG_PLAYER)
        return do_player(c, m, e);
    return start_account_job(c, m, e);
}

static int dispatch(conn *c, const proto_msg *m, srv_error *e)
{
    if (c->srv->stopping)
        return srv_fail(e, SRV_ESHUTTING_DOWN, "the server is stopping");
    if (m->type == MSG_PLAYER || m->type == MSG_LOGIN || m->type == MSG_SET_PASSWORD)
        return do_account(c, m, e);
    bool needs_none = m->type == MSG_CREATE || m->type == MSG_JOIN ||
                      m->type == MSG_WATCH || m->type == MSG_RESUME;
    if (needs_none && c->nt)
        return srv_fail(e, SRV_EAT_TABLE, "you are at table %s: send leave first",
                        c->nt->t->code);
    if (!needs_none && !c->nt)
        return srv_fail(e, SRV_ENOT_AT_TABLE, "you are at no table");
    switch (m->type) {
    case MSG_CREATE:
        return do_create(c, m, e);
    case MSG_JOIN:
        return do_join(c, m, e);
    case MSG_WATCH:
        return do_watch(c, m, e);
    case MSG_RESUME:
        return do_resume(c, m, e);
    default:
        return at_table(c, m, e);
    }
}

/* The rate budget: RATE_BURST messages, refilled at RATE_PER_S. The count
 * of messages over it starts again only once the budget is full again
 * (the client kept to the pace for a while): a client that sent one
 * message within it and many over, again and again, was never closed. */
static bool rate_ok(conn *c)
{
    uint64_t now = uv_now(&c->srv->loop);
    c->credits += (double)(now - c->refilled) * RATE_PER_S / 1000.0;
    if (c->credits >= RATE_BURST) {
        c->credits = RATE_BURST;
        c->over = 0;
    }
    c->refilled = now;
    if (c->credits >= 1.0) {
        c->credits -= 1.0;
        return true;
    }
    return false;
}

/* Counts one message over the budget; the RATE_CLOSE_AFTER-th closes the
 * connection (true). */
static bool over_budget(conn *c)
{
    if (++c->over < RATE_CLOSE_AFTER)
        return false;
    conn_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION, "too many messages", false);
    return true;
}

/* Whether c's message is within its rate budget. Over it, the message is
 * answered rate_limited, or after RATE_CLOSE_AFTER the connection is
 * closed. Every message counts, whatever it holds. */
static bool within_budget(conn *c)
{
    if (rate_ok(c))
        return true;
    if (over_budget(c))
        return false;
    srv_error e = {0};
    srv_fail(&e, SRV_ERATE_LIMITED, "too many messages: at most %.0f at "
             "once and %.0f a second", RATE_BURST, RATE_PER_S);
    send_error(c, &e, NULL);
    return false;
}

static void handle_message(conn *c, const char *text, size_t len)
{
    srv_error e = {0};
    if (!within_budget(c))
        return;
    proto_msg m;
    server *srv = c->srv;
    if (proto_parse(text, len, &srv->defaults, &m, &e) == 0 &&
        dispatch(c, &m, &e) == 0) {
        proto_msg_clear(&m);
        store_check(srv);
        return;
    }
    send_error(c, &e, &m);
    proto_msg_clear(&m);
    store_check(srv); /* a match the store could not begin */
}

/* ------------------------------------------------------------------ */
/* Connections                                                         */
/* ------------------------------------------------------------------ */

/* The address a connection is named by in the log, in addr, and the key
 * it is counted under for the limits, in key: the peer's, or behind a proxy given with --trust-proxy, the
 * client it forwards for (netaddr.h); the key is that address, or an IPv6
 * one's /64. The first X-Forwarded-For from a peer that is not trusted is
 * noted in the log once, for the operator who put a proxy in front and
 * forgot the option (every player would then share the proxy's limits). */
static void client_addr(server *srv, struct lws *wsi, char addr[NETADDR_LEN],
                        char key[NETADDR_KEY_LEN])
{
    char peer[NETADDR_LEN] = "", fwd[2048];
    lws_get_peer_simple(wsi, peer, sizeof peer);
    const char *f = NULL;
    if (lws_hdr_total_length(wsi, WSI_TOKEN_X_FORWARDED_FOR) > 0) {
        if (!netaddr_in_list(&srv->cfg->trusted, peer)) {
            if (!srv->proxy_noted)
                fprintf(stderr, "leastscore serve: a connection from %s carries "
                        "X-Forwarded-For, which is not believed: it counts as %s (if %s is "
                        "a proxy of yours, give --trust-proxy %s)\n", peer, peer, peer, peer);
            srv->proxy_noted = true;
        } else if (lws_hdr_copy(wsi, fwd, sizeof fwd, WSI_TOKEN_X_FORWARDED_FOR) > 0) {
            f = fwd;
        }
    }
    netaddr_client(&srv->cfg->trusted, peer, f, addr, NETADDR_LEN);
    netaddr_limit_key(addr, key, NETADDR_KEY_LEN);
}

static conn *conn_new(server *srv, struct lws *wsi)
{
    conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->srv = srv;
    c->wsi = wsi;
    c->seat = -1;
    c->sent = -1;
    c->watchers_told = -1;
    c->credits = RATE_BURST;
    c->refilled = uv_now(&srv->loop);
    c->ping_credits = PING_BURST;
    c->ping_counted = c->refilled;
    /* What was read before (the handshake) is no ping. */
    long long got = sockread_bytes((int)lws_get_socket_fd(c->wsi));
    c->rx_other = got > 0 ? got : 0;
    c->rx_base = (uint64_t)c->rx_other;
    client_addr(srv, wsi, c->addr, c->key);
    c->next = srv->conns;
    if (srv->conns)
        srv->conns->prev = c;
    srv->conns = c;
    return c;
}

static void conn_free(conn *c)
{
    server *srv = c->srv;
    ntable *nt = c->nt;
    int seat = c->seat;
    detach(c);
    if (nt && seat >= 0) {
        table_disconnect(nt->t, seat, (int64_t)uv_now(&srv->loop));
        table_changed(nt);
    } else if (nt && !nt->dead) {
        tell_watchers(nt);
    }
    hint_forget(c);
    account_forget(c);
    while (c->head) {
        outmsg *m = c->head;
        c->head = m->next;
        free(m);
    }
    if (c->prev)
        c->prev->next = c->next;
    else
        srv->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    free(c);
}

/* A pong costs a message of the budget, as a message does, but is
 * answered nothing (rate_limited included): a browser sends one for each
 * of the server's pings, one every few seconds at most. */
static bool unmasked(conn *c);

static void on_pong(conn *c, size_t len)
{
    c->rx_known += len + FRAME_HEAD;
    c->rx_min += len + MASKED_HEAD_MIN; /* a pong comes whole (at most 125) */
    if (!c->closing && unmasked(c)) {
        conn_close(c, LWS_CLOSE_STATUS_PROTOCOL_ERR, "unmasked frame", false);
        return;
    }
    if (!c->closing && !rate_ok(c))
        over_budget(c);
}

/* Counts c's pings. libwebsockets answers a ping itself and tells the
 * server nothing, so they are counted from the bytes read: what is
 * neither a message nor a pong (each frame's header counted at its
 * largest) is pings, and the client's close. PING_BURST bytes at once,
 * refilled at PING_PER_S: some 170 empty pings a second, or 8 of the
 * largest (125 bytes); a browser sends none. Over it, the connection is
 * closed. A message read but not yet handed to the server is counted as
 * pings once, and given back at the next count.
 *
 * The bytes the kernel received are asked for first (one system call):
 * counted as read, those still waiting in the socket's receive queue are
 * pings for now, given back at the next count as a message not yet handed
 * over is. Only when that count would close the connection is the queue
 * asked for too (a second call), so that bytes not yet read never close
 * it: an idle connection, or one that keeps to the limit, costs one call
 * a second, not two. */
static void count_pings(conn *c, uint64_t now)
{
    if (c->closing)
        return;
    int fd = (int)lws_get_socket_fd(c->wsi);
    long long got = sockread_received(fd);
    if (got < 0)
        return;
    double refill = (double)(now - c->ping_counted) * PING_PER_S / 1000.0;
    long long other = got - (long long)c->rx_known;
    if (c->ping_credits + refill - (double)(other - c->rx_other) < 0) {
        long long waiting = sockread_waiting(fd);
        if (waiting < 0)
            return;
        other -= waiting;
    }
    c->ping_credits += refill - (double)(other - c->rx_other);
    c->rx_other = other;
    c->ping_counted = now;
    if (c->ping_credits > PING_BURST)
        c->ping_credits = PING_BURST;
    if (c->ping_credits < 0)
        conn_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION, "too many pings", false);
}

/* Every PING_CHECK_MS: every connection's pings, O(connections). */
static void on_ping_timer(uv_timer_t *h)
{
    server *srv = h->data;
    uint64_t now = uv_now(&srv->loop);
    for (conn *c = srv->conns; c; c = c->next)
        count_pings(c, now);
}

/*
 * Whether c's client has sent a frame without its mask, for which RFC
 * 6455 5.1 has the server close the connection (1002). libwebsockets 4.1
 * reads such a frame as any other and gives no word of a frame's mask
 * bit; what it cannot hide is the frame's size. A masked frame is its
 * payload and at least MASKED_HEAD_MIN bytes (2 of header, 4 of mask),
 * one without a mask 4 fewer, so the bytes read since the handshake
 * can be no fewer than the frames handed over (messages' frames and
 * pongs), each counted at its smallest masked size (rx_min): fewer are
 * frames without their masks. Pings and the close, which lws hides, only
 * add bytes, so that a client sending a ping with its unmasked frames
 * hides 6 of their missing bytes with each; and one that sends frames
 * before the handshake's answer, which RFC 6455 4.1 forbids too, has
 * them read with the handshake (rx_base) and counted again, and is taken
 * for one. Two system calls at each frame's end (sockread_bytes_at_least:
 * bytes that arrive meanwhile are counted read, never the other way).
 * It holds because the server offers no extension: with permessage-
 * deflate a payload handed over is larger than its bytes on the wire,
 * and every compressed frame would be taken for one without its mask.
 */
static bool unmasked(conn *c)
{
    long long got = sockread_bytes_at_least((int)lws_get_socket_fd(c->wsi));
    return got >= 0 && (uint64_t)got < c->rx_base + c->rx_min;
}

static int on_receive(conn *c, const char *in, size_t len)
{
    struct lws *wsi = c->wsi;
    c->rx_known += len + FRAME_HEAD;
    if (c->closing)
        return 0;
    /* Refused as soon as it is too long, not at its end: a message sent
     * in fragments that never ends would be read for ever. */
    if (c->in_len + len > sizeof c->in) {
        srv_error e;
        srv_fail(&e, SRV_ETOO_LARGE, "a message may be at most %d bytes",
                 PROTO_MAX_MESSAGE);
        send_error(c, &e, NULL);
        conn_close(c, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "message too large", false);
        c->in_len = 0;
        c->in_frames = 0;
        return 0;
    }
    memcpy(c->in + c->in_len, in, len);
    c->in_len += len;
    /* A frame may come in several calls (as TCP brings it); its last has
     * nothing left of it. A browser sends a message in one frame: one in
     * byte-sized fragments would cost a call per byte, some 41,000 frames
     * a second within the message budget. Refused at the fragment that
     * passes the limit, as a message too long is. */
    c->frame_len += len;
    if (lws_remaining_packet_payload(wsi) > 0)
        return 0;
    c->rx_min += c->frame_len + MASKED_HEAD_MIN +
                 (c->frame_len > 65535 ? 8 : c->frame_len > 125 ? 2 : 0);
    c->frame_len = 0;
    if (unmasked(c)) {
        conn_close(c, LWS_CLOSE_STATUS_PROTOCOL_ERR, "unmasked frame", false);
        c->in_len = 0;
        c->in_frames = 0;
        return 0;
    }
    if (++c->in_frames > MAX_FRAGMENTS) {
        char reason[48];
        snprintf(reason, sizeof reason, "message in more than %d fragments", MAX_FRAGMENTS);
        conn_close(c, LWS_CLOSE_STATUS_POLICY_VIOLATION, reason, false);
        c->in_len = 0;
        c->in_frames = 0;
        return 0;
    }
    if (!lws_is_final_fragment(wsi))
        return 0;
    if (lws_frame_is_binary(wsi)) {
        srv_error e;
        srv_fail(&e, SRV_EBAD_JSON, "messages are JSON in text frames, not binary");
        if (within_budget(c))
            send_error(c, &e, NULL);
    } else {
        handle_message(c, c->in, c->in_len);
    }
    c->in_len = 0;
    c->in_frames = 0;
    return 0;
}

static int on_writeable(conn *c)
{
    outmsg *m = c->head;
    if (m) {
        c->head = m->next;
        if (!c->head)
            c->tail = NULL;
        c->queued -= m->len;
        int n = lws_write(c->wsi, m->buf + LWS_PRE, m->len, LWS_WRITE_TEXT);
        free(m);
        if (n < 0)
            return -1;
        /* One write per callback: the close frame, if any, goes in the
         * next one. */
        if (c->head || c->closing)
            lws_callback_on_writable(c->wsi);
        return 0;
    }
    if (c->closing && !c->close_sent) {
        /* The close frame is written here, as lws itself writes it, and
         * the connection then waits for the client's answering close (at
         * most CLOSE_ACK_S). lws_close_reason() and a -1 from this callback
         * would be the usual way, but Debian's libuv build closes the
         * socket before that frame is out, and the client sees 1006. */
        unsigned char frame[LWS_PRE + 2 + sizeof c->close_reason];
        size_t len = strlen(c->close_reason);
        frame[LWS_PRE] = (unsigned char)(c->close_code >> 8);
        frame[LWS_PRE + 1] = (unsigned char)(c->close_code & 0xff);
        memcpy(frame + LWS_PRE + 2, c->close_reason, len);
        c->close_sent = true;
        if (lws_write(c->wsi, frame + LWS_PRE, len + 2, LWS_WRITE_CLOSE_FRAME) < 0)
            return -1;
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_CLOSE_ACK, CLOSE_ACK_S);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* HTTP: the client's files and the WebSocket handshake                */
/* ------------------------------------------------------------------ */

static const char *content_type(const char *path)
{
    static const struct {
        const char *ext, *type;
    } types[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".webmanifest", "application/manifest+json"},
        {".txt", "text/plain; charset=utf-8"},
        {".md", "text/plain; charset=utf-8"},
        {".woff2", "font/woff2"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(dot, types[i].ext))
            return types[i].type;
    return "application/octet-stream";
}

#define ALNUM "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

/* The file under the web directory for a URL path, or false: "/" and
 * the client's pages (webpath_client_page) are index.html; other paths must be plain names
 * (letters, digits, . _ - and /, no segment starting with a dot) of a
 * regular file inside the directory. */
static bool web_file(server *srv, const char *url, char *out, size_t size)
{
    const char *rel = url + 1;
    if (url[0] != '/')
        return false;
    if (!strcmp(url, "/") || webpath_client_page(url))
        rel = "index.html";
    for (const char *p = rel; *p; p++) {
        bool seg_start = p == rel || p[-1] == '/';
        if (!(isalnum((unsigned char)*p) || strchr("._-/", *p)) ||
            (seg_start && (*p == '.' || *p == '/')))
            return false;
    }
    if (!*rel)
        return false;
    char path[PATH_MAX], real[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", srv->web_real, rel) >= sizeof path)
        return false;
    struct stat st;
    if (!realpath(path, real) || stat(real, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    size_t n = strlen(srv->web_real);
    if (strncmp(real, srv->web_real, n) != 0 || real[n] != '/')
        return false;
    snprintf(out, size, "%s", real);
    return true;
}

/*
 * The 404 for a page's or a web file's address with a slash added
 * (/leaderboard/, /app.js/), saying the address is without it, in out;
 * false for any other path. It was a bare "not found", as for a path that
 * is nothing. (A table's link may end in a slash: it is served.)
 */
static bool slash_added(server *srv, const char *url, char *out, size_t size)
{
    size_t n = strlen(url);
    char bare[256], file[PATH_MAX], quoted[60 + 4];
    if (n < 2 || n > sizeof bare || url[n - 1] != '/' || url[n - 2] == '/')
        return false;
    memcpy(bare, url, n - 1);
    bare[n - 1] = '\0';
    if (!webpath_client_page(bare) && !web_file(srv, bare, file, sizeof file))
        return false;
    webpath_quote(quoted, sizeof quoted, bare);
    snprintf(out, size, "not found: %s/ is no page: the address is %s, without the slash\n",
             quoted, quoted);
    return true;
}

/* Whether `origin` (the handshake's Origin header) may open a game
 * connection: the server's own address as the client reached it (Host), or
 * one given with --origin. */
static bool origin_ok(server *srv, const char *origin, const char *host)
{
    size_t n = strlen(origin);
    if (n == 0)
        return false;
    char self[300];
    snprintf(self, sizeof self, "http://%s", host);
    if (*host && !strcmp(origin, self))
        return true;
    snprintf(self, sizeof self, "https://%s", host);
    if (*host && !strcmp(origin, self))
        return true;
    const char *list = srv->cfg->origin;
    while (list && *list) {
        const char *comma = strchr(list, ',');
        size_t len = comma ? (size_t)(comma - list) : strlen(list);
        if (len == n && !strncmp(list, origin, n))
            return true;
        list = comma ? comma + 1 : NULL;
    }
    return false;
}

/* HTTP's "429 Too Many Requests", which lws has no name for. */
#define HTTP_STATUS_TOO_MANY_REQUESTS 429

/* The game connections open from the address of key `key`:
 * O(connections), once per new one. */
static int conns_from(const server *srv, const char *key)
{
    int n = 0;
    for (const conn *c = srv->conns; c; c = c->next)
        n += !strcmp(c->key, key);
    return n;
}

/* HTTP's "426 Upgrade Required", which lws has no name for. */
#define HTTP_STATUS_UPGRADE_REQUIRED 426

/* The name of the one WebSocket subprotocol the server speaks (protocols[],
 * below); a handshake may ask for it or for none. */
#define SUBPROTOCOL "leastscore"

static int add_header(struct lws *wsi, const char *name, const char *value,
                      unsigned char **p, unsigned char *end)
{
    return lws_add_http_header_by_name(wsi, (const unsigned char *)name,
                                       (const unsigned char *)value, (int)strlen(value), p, end);
}

/* Whether path is the API's: /api or under /api/ (answered in JSON). */
static bool api_path(const char *path)
{
    return !strncmp(path, "/api/", 5) || !strcmp(path, "/api");
}

/* Whether the request's path, of whichever method (lws keeps it in the
 * method's token, up to an '&' or ';': path_cut), is the API's: /api or
 * under /api/ (answered in JSON). Not for CONNECT, which has no path. */
static bool api_request(struct lws *wsi)
{
    static const enum lws_token_indexes methods[] = {
        WSI_TOKEN_GET_URI, WSI_TOKEN_HEAD_URI, WSI_TOKEN_POST_URI, WSI_TOKEN_OPTIONS_URI,
        WSI_TOKEN_PUT_URI, WSI_TOKEN_PATCH_URI, WSI_TOKEN_DELETE_URI,
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        int n = lws_hdr_fragment_length(wsi, methods[i], 0);
        if (n <= 0)
            continue;
        char *path = malloc((size_t)n + 1);
        bool api = path && lws_hdr_copy_fragment(wsi, path, n + 1, methods[i], 0) >= 0 &&
                   api_path(path);
        free(path);
        return api;
    }
    return false;
}

/*
 * Answers a handshake that does not become a game connection: `status`
 * with `text` in plain text, as the server's other refusals outside /api,
 * and under /api as JSON ({"error": code, "message": the text}), as every
 * other answer there is (it was plain text there too); a 405 says which
 * methods are served, a 426 which WebSocket version (RFC 6455 4.4), and
 * the connection is closed after it. The status line
 * is written here: lws has not read the request's HTTP version yet when
 * it asks (it would answer "HTTP/1.0"), and has no words for 426 or 429.
 * Returns 1, which tells lws that the answer is written (it completes the
 * request itself), or -1 when it could not be.
 */
static int refuse_upgrade(struct lws *wsi, unsigned int status, const char *text)
{
    static const struct {
        unsigned int status;
        const char *line;
    } lines[] = {
        {400, "HTTP/1.1 400 Bad Request"}, {403, "HTTP/1.1 403 Forbidden"},
        {404, "HTTP/1.1 404 Not Found"}, {405, "HTTP/1.1 405 Method Not Allowed"},
        {426, "HTTP/1.1 426 Upgrade Required"}, {429, "HTTP/1.1 429 Too Many Requests"},
        {503, "HTTP/1.1 503 Service Unavailable"},
    };
    const char *line = "HTTP/1.1 400 Bad Request";
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        if (lines[i].status == status)
            line = lines[i].line;
    char json[320];
    bool api = api_request(wsi);
    if (api) {
        const char *code = status == HTTP_STATUS_NOT_FOUND ? "not_found"
                           : status == HTTP_STATUS_METHOD_NOT_ALLOWED ? "method_not_allowed"
                           : "bad_request"; /* the only others at /api: after the path */
        json_t *o = json_pack("{s:s, s:s%}", "error", code, "message", text,
                              strcspn(text, "\n"));
        char *dumped = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        if (!dumped || strlen(dumped) >= sizeof json) {
            free(dumped);
            return -1;
        }
        strcpy(json, dumped);
        free(dumped);
        text = json;
    }
    unsigned char buf[LWS_PRE + 512 + 256];
    unsigned char *start = buf + LWS_PRE, *p = start, *end = buf + sizeof buf - 1;
    char len[24];
    size_t n = strlen(text);
    snprintf(len, sizeof len, "%zu", n);
    if (n > 255 ||
        lws_add_http_header_by_name(wsi, NULL, (const unsigned char *)line,
                                    (int)strlen(line), &p, end) ||
        add_header(wsi, "content-type:", api ? "application/json" : "text/plain; charset=utf-8",
                   &p, end) ||
        add_header(wsi, "content-length:", len, &p, end) ||
        add_header(wsi, "x-content-type-options:", "nosniff", &p, end) ||
        add_header(wsi, "connection:", "close", &p, end) ||
        (status == HTTP_STATUS_METHOD_NOT_ALLOWED && add_header(wsi, "allow:", "GET, HEAD", &p, end)) ||
        (status == HTTP_STATUS_UPGRADE_REQUIRED &&
         add_header(wsi, "sec-websocket-version:", "13", &p, end)) ||
        lws_finalize_http_header(wsi, &p, end))
        return -1;
    memcpy(p, text, n);
    p += n;
    return lws_write(wsi, start, (size_t)(p - start), LWS_WRITE_HTTP_HEADERS) < 0 ? -1 : 1;
}

/* Whether the comma-separated list `list` (a header's value) has `token`,
 * as a whole element with the blanks around it left out; case-insensitive
 * when `nocase` (Connection: Upgrade), else exact (a subprotocol). */
static bool list_has(const char *list, const char *token, bool nocase)
{
    size_t n = strlen(token);
    for (const char *p = list; p; p = strchr(p, ',')) {
        p += *p == ',';
        p += strspn(p, " \t");
        const char *e = p + strcspn(p, ",");
        while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
        if ((size_t)(e - p) == n && !(nocase ? strncasecmp(p, token, n) : strncmp(p, token, n)))
            return true;
    }
    return false;
}

/*
 * What is wrong with a request's Host header, or NULL: RFC 9112 3.2 says a
 * server MUST answer 400 an HTTP/1.1 request with none, and any request
 * with more than one (libwebsockets keeps the second as a second piece
 * of the header). They were served as any request. A WebSocket handshake
 * (`handshake`, an HTTP/1.1 request by then) is told that it needs one in
 * its own words.
 */
static const char *host_problem(struct lws *wsi, bool handshake)
{
    char v[16] = "";
    if (lws_hdr_fragment_length(wsi, WSI_TOKEN_HOST, 1) > 0)
        return "a request has one Host header, not more";
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HOST) > 0)
        return NULL;
    if (handshake)
        return "a WebSocket handshake needs a Host header";
    if (lws_hdr_copy(wsi, v, sizeof v, WSI_TOKEN_HTTP) > 0 && !strcmp(v, "HTTP/1.1"))
        return "an HTTP/1.1 request needs a Host header";
    return NULL;
}

/* Whether `list` is a comma-separated list of tokens (RFC 9110 5.6.2) of
 * at most 62 bytes each, the blanks around them left out: libwebsockets
 * closes without a word a Sec-WebSocket-Protocol list with an empty
 * element, a delimiter ("a/b", "a b") or a name over 62 bytes before the
 * one it speaks. */
static bool token_list(const char *list)
{
    static const char tchar[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                "0123456789!#$%&'*+-.^_`|~";
    for (const char *p = list;; p++) {
        p += strspn(p, " \t");
        size_t n = strspn(p, tchar);
        if (n < 1 || n > 62)
            return false;
        p += n;
        p += strspn(p, " \t");
        if (!*p)
            return true;
        if (*p != ',')
            return false;
    }
}

/*
 * What is wrong with a WebSocket handshake that libwebsockets 4.1 would
 * take or drop unanswered (RFC 6455 4.2.1), as a status and a sentence in
 * `why`; 0 when it is a handshake. libwebsockets took a
 * Sec-WebSocket-Version other than 13 or none, and a Sec-WebSocket-Key
 * of any text; it closed without a word a handshake with no Host, no key,
 * no "Upgrade" in Connection, or asking only for subprotocols it does
 * not speak (or a list longer than the 126 bytes it reads, or one that is
 * no list of names: token_list). The key must be 16 bytes in base64 (24
 * characters, 22 and "=="); the subprotocols, when asked for, must include
 * SUBPROTOCOL. The version, the key and the Origin come once.
 */
static unsigned int handshake_problem(struct lws *wsi, char *why, size_t size)
{
    char v[16] = "", key[32] = "", list[128] = "", connection[256] = "";
    int keylen = lws_hdr_total_length(wsi, WSI_TOKEN_KEY);
    if (lws_hdr_copy(wsi, v, sizeof v, WSI_TOKEN_HTTP) < 0 || strcmp(v, "HTTP/1.1") != 0) {
        snprintf(why, size, "a WebSocket handshake is an HTTP/1.1 request\n");
        return HTTP_STATUS_BAD_REQUEST;
    }
    const char *host = host_problem(wsi, true);
    if (host) {
        snprintf(why, size, "%s\n", host);
        return HTTP_STATUS_BAD_REQUEST;
    }
    if (lws_hdr_copy(wsi, connection, sizeof connection, WSI_TOKEN_CONNECTION) < 0 ||
        !list_has(connection, "upgrade", true)) {
        snprintf(why, size, "a WebSocket handshake needs 'Connection: Upgrade'\n");
        return HTTP_STATUS_BAD_REQUEST;
    }
    if (lws_hdr_total_length(wsi, WSI_TOKEN_VERSION) <= 0) {
        snprintf(why, size, "a WebSocket handshake needs 'Sec-WebSocket-Version: 13'\n");
        return HTTP_STATUS_BAD_REQUEST;
    }
    /* lws joins a header sent twice into one value ("13, 8"), which was
     * then refused as no version, a key of 51 characters, an origin not
     * allowed: the second is named instead. */
    static const struct {
        enum lws_token_indexes h;
        const char *why;
    } once[] = {
        {WSI_TOKEN_VERSION, "a WebSocket handshake has one Sec-WebSocket-Version header "
                            "('13'), not more\n"},
        {WSI_TOKEN_KEY, "a WebSocket handshake has one Sec-WebSocket-Key header, not more\n"},
        {WSI_TOKEN_ORIGIN, "a WebSocket handshake has one Origin header, not more\n"},
    };
    for (size_t i = 0; i < sizeof once / sizeof once[0]; i++)
        if (lws_hdr_fragment_length(wsi, once[i].h, 1) > 0) {
            snprintf(why, size, "%s", once[i].why);
            return HTTP_STATUS_BAD_REQUEST;
        }
    int vlen = lws_hdr_copy(wsi, v, sizeof v, WSI_TOKEN_VERSION);
    if (vlen < 0 || strcmp(v, "13") != 0) {
        /* Quoted when it is a number (any bytes may come). */
        bool number = vlen > 0 && vlen <= 9 && strspn(v, "0123456789") == (size_t)vlen;
        snprintf(why, size, "this server speaks WebSocket version 13 only, not %s%s%s\n",
                 number ? "'" : "", number ? v : "what was sent", number ? "'" : "");
        return HTTP_STATUS_UPGRADE_REQUIRED;
    }
    if (keylen <= 0) {
        snprintf(why, size, "a WebSocket handshake needs a Sec-WebSocket-Key: 16 bytes in "
                 "base64 (24 characters, the last two '=')\n");
        return HTTP_STATUS_BAD_REQUEST;
    }
    if (keylen != 24 || lws_hdr_copy(wsi, key, sizeof key, WSI_TOKEN_KEY) != 24 ||
        strspn(key, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") != 22 ||
        strcmp(key + 22, "==") != 0) {
        snprintf(why, size, "Sec-WebSocket-Key must be 16 bytes in base64 (24 characters, "
                 "the last two '='), not %d characters%s\n", keylen,
                 keylen == 24 ? " of which some are not base64" : "");
        return HTTP_STATUS_BAD_REQUEST;
    }
    if (lws_hdr_total_length(wsi, WSI_TOKEN_PROTOCOL) > 0) {
        int n = lws_hdr_copy(wsi, list, sizeof list - 1, WSI_TOKEN_PROTOCOL);
        if (n >= 0 && !token_list(list)) {
            char quoted[40 + 4];
            webpath_quote(quoted, sizeof quoted, list);
            snprintf(why, size, "Sec-WebSocket-Protocol must be a comma-separated list of "
                     "names (1 to 62 of A-Z a-z 0-9 !#$%%&'*+-.^_`|~), not '%s'\n", quoted);
            return HTTP_STATUS_BAD_REQUEST;
        }
        if (n < 0 || !list_has(list, SUBPROTOCOL, false)) {
            char quoted[40 + 4] = "";
            if (n >= 0)
                webpath_quote(quoted, sizeof quoted, list);
            snprintf(why, size, "this server speaks the WebSocket subprotocol '" SUBPROTOCOL
                     "' (or none asked for), not %s%s%s\n", n < 0 ? "a list over 126 bytes" : "'",
                     quoted, n < 0 ? "" : "'");
            return HTTP_STATUS_BAD_REQUEST;
        }
    }
    return 0;
}

/* Whether an HTTP request may become a game connection: the path /ws, a
 * server not stopping, an address under its connection limit, and an
 * Origin (when sent) this server allows. Called before the WebSocket
 * opens; returns 0 to go on, 1 after answering with an HTTP error in
 * plain text (refuse_upgrade: they were lws's HTML pages, the reason
 * inside its markup), -1 to close when not even that could be written. */
static int confirm_upgrade(server *srv, struct lws *wsi, const char *upgrade)
{
    char uri[64] = "", origin[256] = "", host[256] = "", why[200];
    /* lws asks for "websocket" and "h2c" (it refuses other upgrades
     * itself, 403). HTTP/2 is not served, and lws gives no way to ignore
     * the header and answer as HTTP/1.1 (curl --http2 asks so for every
     * http:// URL): say so, rather than "the game is at /ws" (404), which
     * it was for every path. */
    if (strcasecmp(upgrade, "websocket") != 0)
        return refuse_upgrade(wsi, HTTP_STATUS_BAD_REQUEST,
                              "this server speaks HTTP/1.1, not HTTP/2: send the "
                              "request without 'Upgrade: h2c' (curl: --http1.1)\n");
    if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0)
        return refuse_upgrade(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED,
                              "a WebSocket handshake is a GET request\n");
    lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI);
    if (strcmp(uri, "/ws") != 0) {
        return refuse_upgrade(wsi, HTTP_STATUS_NOT_FOUND, "the game is at /ws\n");
    }
    unsigned int bad = handshake_problem(wsi, why, sizeof why);
    if (bad)
        return refuse_upgrade(wsi, bad, why);
    if (srv->stopping)
        return refuse_upgrade(wsi, HTTP_STATUS_SERVICE_UNAVAILABLE, "the server is stopping\n");
    char addr[NETADDR_LEN], key[NETADDR_KEY_LEN];
    client_addr(srv, wsi, addr, key);
    if (conns_from(srv, key) >= srv->cfg->max_conns_per_address) {
        snprintf(why, sizeof why, "too many connections from your address (at most %d)\n",
                 srv->cfg->max_conns_per_address);
        return refuse_upgrade(wsi, HTTP_STATUS_TOO_MANY_REQUESTS, why);
    }
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0)
        return 0;
    /* A header too long for its buffer is not copied: it stays "" (an
     * empty Host made "http://" the server's own origin). */
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) < 0)
        origin[0] = '\0';
    if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) < 0)
        host[0] = '\0';
    if (!origin_ok(srv, origin, host))
        return refuse_upgrade(wsi, HTTP_STATUS_FORBIDDEN,
                              "this origin may not connect to the game\n");
    return 0;
}

typedef struct pss {
    conn *c;
    char *body;            /* an HTTP reply's body being written, or NULL */
    size_t body_len, body_off;
    FILE *file;            /* a web file being sent (http_file), or NULL */
    size_t file_left;      /* its bytes still to send */
    job *replay;           /* the replay being built for it, or NULL */
    api_reply ready;       /* a reply built off the loop, to send when
                              writeable (status 0: none) */
    uint64_t refused_until; /* the body of a refused request is read and
                              dropped until this uv_now, 0: none */
    bool close_after;      /* the request asked for the connection to be
                              closed after its answer (asks_close) */
} pss;

/*
 * Whether the request asks for its connection to be closed after the
 * answer: 'close' among the options of its Connection header (RFC 9112
 * 9.6: the server MUST then close it). lws reads the header as one word
 * and closes only for 'Connection: close' alone, so that 'Connection:
 * TE, close' (as Perl's LWP sends it) or a second Connection header was
 * kept open. A header too long for the buffer asks nothing.
 */
static bool asks_close(struct lws *wsi)
{
    char value[256];
    return lws_hdr_copy(wsi, value, sizeof value, WSI_TOKEN_CONNECTION) > 0 &&
           list_has(value, "close", true);
}

/*
 * Ends an answered request: -1 (close) when it asked for that or lws
 * ends the connection, else 0, the connection kept for the next. The
 * bytes read from the connection by then are kept with it (its opaque
 * user data, plus one: 0 is none; its pss is not kept, lws makes a new
 * one for each request), so that raw_answer can tell a request that
 * follows from a method's end (raw_callback).
 */
static int request_done(struct lws *wsi, pss *ps)
{
    if (ps && ps->close_after)
        return -1;
    long long read = sockread_bytes((int)lws_get_socket_fd(wsi));
    lws_set_opaque_user_data(wsi, (void *)(uintptr_t)(read >= 0 ? read + 1 : 0));
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* Whether this HTTP request is a HEAD (answered as its GET would be, with
 * the headers only). */
static bool is_head(struct lws *wsi)
{
    return lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0;
}

/*
 * Whether the request's path went on past what lws hands over: its parser
 * (4.1, lws_parse_urldecode) ends the path at an unencoded '&' or ';' as
 * at '?', and keeps what follows as more fragments of the method's token,
 * so that the callback's path was /players/a for /players/a&b, served as
 * that player's page. The token's whole length counts those fragments
 * (which of the two characters cut it is not kept). No address of the
 * site has either: such a path is not found (webpath_not_found, cut_json).
 */
static bool path_cut(struct lws *wsi, const char *url)
{
    int whole = lws_hdr_total_length(wsi, is_head(wsi) ? WSI_TOKEN_HEAD_URI : WSI_TOKEN_GET_URI);
    return whole > 0 && (size_t)whole != strlen(url);
}

/*
 * Whether the request's path has a NUL byte: lws decodes a %00 that
 * follows a '/' into the path it hands over (one elsewhere closes the
 * connection unanswered), so that the path seen as a string ends there
 * while its first fragment goes on. It was taken for a path cut at '&'
 * or ';' (path_cut), and answered 404 saying so: /api/%00x was "no such
 * path: /api/ followed by '&' or ';'". A %00 that ends the path is
 * dropped by lws, not seen (/t/%00 is /t/).
 */
static const char path_nul_text[] =
    "the path has a NUL byte (%00): no address of this site has one";
static bool path_nul(struct lws *wsi, const char *url)
{
    int first = lws_hdr_fragment_length(wsi, is_head(wsi) ? WSI_TOKEN_HEAD_URI : WSI_TOKEN_GET_URI,
                                        0);
    return first > 0 && (size_t)first > strlen(url);
}

/* The API's 404 for a path cut at '&' or ';' (path_cut), the path quoted
 * up to the cut, its first 60 bytes; "" without the memory for it. */
static void cut_json(const char *url, char *out, size_t size)
{
    char quoted[60 + 4], msg[160];
    webpath_quote(quoted, sizeof quoted, url);
    snprintf(msg, sizeof msg, "no such path: %s followed by '&' or ';' (no path of the API "
             "has either)", quoted);
    json_t *o = json_pack("{s:s, s:s}", "error", "not_found", "message", msg);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    snprintf(out, size, "%s", text ? text : "");
    free(text);
    json_decref(o);
}

/* A client that reads nothing of a body for --idle-timeout seconds is
 * dropped with it: else a client that asks and never reads (a replay is
 * megabytes) would hold the body for ever. Set again after each chunk. */
static void body_deadline(struct lws *wsi)
{
    server *srv = lws_context_user(lws_get_context(wsi));
    lws_set_timeout(wsi, PENDING_TIMEOUT_HTTP_CONTENT, srv->cfg->idle_s);
}

/*
 * What is wrong with a request's Content-Length, as a sentence in `why`
 * (JSON-safe: what was sent is quoted only when of a number's characters),
 * or false: RFC 9112 6.3 says a server MUST answer 400 and close a request
 * whose Content-Length is not a number of bytes, and one with two, since
 * where its body ends, and the next request begins, is not known.
 * libwebsockets 4.1 took 'abc' for 0, and '-1' for a body it waited for
 * after the answer, 'Connection: close' or not (5 s); of two, the first
 * ('0' then '5': the 5 bytes that follow were read as the next request).
 */
static bool length_problem(struct lws *wsi, char *why, size_t size)
{
    char v[24] = "";
    if (lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH, 1) > 0) {
        snprintf(why, size, "a request has one Content-Length header, not more");
        return true;
    }
    int n = lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH);
    if (n <= 0)
        return false;
    int got = lws_hdr_copy(wsi, v, sizeof v, WSI_TOKEN_HTTP_CONTENT_LENGTH);
    size_t len = got > 0 ? (size_t)got : 0;
    while (len > 0 && (v[len - 1] == ' ' || v[len - 1] == '\t'))
        v[--len] = '\0';
    if (got > 0 && len > 0 && strspn(v, "0123456789") == len)
        return false;
    bool shown = got > 0 && strspn(v, ALNUM "+-. ") == (size_t)got;
    snprintf(why, size, "Content-Length must be a whole number of bytes, not %s%s%s",
             shown ? "'" : "", shown ? v : "what was sent", shown ? "'" : "");
    return true;
}

/* Whether the request says a body follows: a Content-Length over 0, or
 * a Transfer-Encoding. */
static bool has_body(struct lws *wsi)
{
    char len[24];
    return lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING) > 0 ||
           (lws_hdr_copy(wsi, len, sizeof len, WSI_TOKEN_HTTP_CONTENT_LENGTH) > 0 &&
            strtoll(len, NULL, 10) > 0);
}

/*
 * The body of a request this server does not read (refused with 405 or
 * 400; a GET's is refused): 0 when none is to come; 1 when its
 * Content-Length is more than 0, and then it is read and dropped, the
 * request completed once it is in (the connection kept alive, as after any
 * answer), but for REFUSED_BODY_MS at most in all; -1 when it is sent in
 * chunks (Transfer-Encoding), which libwebsockets 4.1 does not read, or its
 * length is not known (length_problem): the connection is closed after the
 * answer. libwebsockets alone dropped a
 * body with its timeout started again at each piece read, so that a body
 * sent a byte every few seconds held the connection for ever
 * (Content-Length: 100000 at a byte a second: 28 hours), and a chunked one
 * too. A client that sends nothing more is closed by that timeout, as
 * before.
 */
static int refuse_body(struct lws *wsi, pss *ps)
{
    char why[80];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING) > 0 ||
        length_problem(wsi, why, sizeof why))
        return -1;
    if (!has_body(wsi))
        return 0;
    server *srv = lws_context_user(lws_get_context(wsi));
    ps->refused_until = uv_now(&srv->loop) + REFUSED_BODY_MS;
    return 1;
}

/* The page runs its own files only (no inline script or style, nothing
 * from elsewhere; the game connection is a WebSocket to this server), and
 * no other site may frame it: the headers of every web file served. */
static int add_page_headers(struct lws *wsi, unsigned char **p, unsigned char *end)
{
    return add_header(wsi, "content-security-policy:",
                      "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' "
                      "data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
                      "frame-ancestors 'none'", p, end) ||
           add_header(wsi, "x-frame-options:", "DENY", p, end) ||
           add_header(wsi, "referrer-policy:", "same-origin", p, end);
}

/* What identifies a web file's content version (http_file): its strong
 * ETag and its Last-Modified date. */
typedef struct web_meta {
    char etag[HTTPHDR_ETAG_LEN];
    char modified[HTTPHDR_DATE_LEN];
} web_meta;

/* Answers an HTTP request with `body` (malloc'ed, taken; NULL when len is
 * 0), or only its headers for HEAD. A short body goes out with the headers
 * in one write, so that the answer is whole even where no writeable
 * callback follows (a refused POST); a longer one in writeable callbacks,
 * API_CHUNK bytes at a time. Every answer has a Date (RFC 9110 6.6.1). A
 * 405 says which methods are served; retry_after > 0 (seconds) is sent as
 * Retry-After; `page`, a web file's, adds the web files' headers
 * (add_page_headers) and its validators. A 304 (a web file not modified,
 * http_file) has none of a body's headers: the status, Date, ETag and
 * Cache-Control (RFC 9110 15.4.5), no Content-Type or Content-Length. */
static int http_answer(struct lws *wsi, pss *ps, unsigned int status, const char *type,
                       char *body, size_t len, int retry_after, const web_meta *page)
{
    char retry[16], date[HTTPHDR_DATE_LEN];
    snprintf(retry, sizeof retry, "%d", retry_after);
    httphdr_date(time(NULL), date);
    unsigned char hdr[LWS_PRE + HTTP_HEADERS_MAX + HTTP_INLINE_BODY];
    unsigned char *start = hdr + LWS_PRE, *p = start;
    unsigned char *end = hdr + LWS_PRE + HTTP_HEADERS_MAX - 1;
    bool head = is_head(wsi), unchanged = status == HTTP_STATUS_NOT_MODIFIED;
    if ((unchanged ? lws_add_http_header_status(wsi, status, &p, end)
                   : lws_add_http_common_headers(wsi, status, type, len, &p, end)) ||
        add_header(wsi, "date:", date, &p, end) ||
        (!unchanged && add_header(wsi, "x-content-type-options:", "nosniff", &p, end)) ||
        add_header(wsi, "cache-control:", "no-cache", &p, end) ||
        (page && add_header(wsi, "etag:", page->etag, &p, end)) ||
        (page && !unchanged && (add_header(wsi, "last-modified:", page->modified, &p, end) ||
                                add_page_headers(wsi, &p, end))) ||
        (status == HTTP_STATUS_METHOD_NOT_ALLOWED && add_header(wsi, "allow:", "GET, HEAD", &p, end)) ||
        (retry_after > 0 && add_header(wsi, "retry-after:", retry, &p, end)) ||
        lws_finalize_http_header(wsi, &p, end)) {
        free(body);
        return -1;
    }
    if (unchanged)
        head = true; /* no body, whatever the method */
    bool inline_body = !head && len <= HTTP_INLINE_BODY;
    if (inline_body && len) {
        memcpy(p, body, len);
        p += len;
    }
    if (lws_write(wsi, start, (size_t)(p - start), LWS_WRITE_HTTP_HEADERS) < 0) {
        free(body);
        return -1;
    }
    if (inline_body || head) {
        free(body);
        if (status >= 400) {
            int refused = refuse_body(wsi, ps);
            if (refused)
                return refused < 0 ? -1 : 0;
        }
        return request_done(wsi, ps);
    }
    free(ps->body);
    ps->body = body;
    ps->body_len = len;
    ps->body_off = 0;
    body_deadline(wsi);
    lws_callback_on_writable(wsi);
    return 0;
}

static int http_reply(struct lws *wsi, pss *ps, unsigned int status, const char *type,
                      char *body, size_t len, int retry_after)
{
    return http_answer(wsi, ps, status, type, body, len, retry_after, NULL);
}

/* A short plain-text answer: an error outside the API. */
static int http_text(struct lws *wsi, pss *ps, unsigned int status, const char *text)
{
    char *body = strdup(text);
    if (!body)
        return -1;
    return http_reply(wsi, ps, status, "text/plain; charset=utf-8", body, strlen(body), 0);
}

/* A short JSON answer: an error of the API, as every one of its answers
 * is JSON ({"error": code, "message": why}). Without the memory even for
 * its copy, the connection is closed. */
static int http_json(struct lws *wsi, pss *ps, unsigned int status, const char *json,
                     int retry_after)
{
    char *body = strdup(json);
    if (!body)
        return -1;
    return http_reply(wsi, ps, status, "application/json", body, strlen(body), retry_after);
}

/* A request header's whole value (its headers sent more than once joined
 * with commas), malloc'ed, or NULL when it was not sent, is empty or
 * there is no memory. */
static char *header_value(struct lws *wsi, enum lws_token_indexes h)
{
    int n = lws_hdr_total_length(wsi, h);
    if (n <= 0)
        return NULL;
    size_t size = (size_t)n + HTTP_HEADER_SPACE / 16 + 2; /* the commas */
    char *v = malloc(size);
    if (v && lws_hdr_copy(wsi, v, (int)size, h) < 0) {
        free(v);
        v = NULL;
    }
    return v;
}

/*
 * Whether a GET or HEAD of a web file is to be answered 304 Not Modified
 * (RFC 9110 13.2.2): If-None-Match matches its ETag (a malformed one is
 * ignored as if not sent); else, when there is none, If-Modified-Since is
 * a valid date at or after its modification (Last-Modified's second).
 */
static bool not_modified(struct lws *wsi, const char *etag, time_t mtime)
{
    char *inm = header_value(wsi, WSI_TOKEN_HTTP_IF_NONE_MATCH);
    int match = inm ? httphdr_etag_match(inm, etag) : -1;
    free(inm);
    if (match >= 0)
        return match == 1;
    char *ims = header_value(wsi, WSI_TOKEN_HTTP_IF_MODIFIED_SINCE);
    time_t since = 0;
    bool unchanged = ims && httphdr_date_parse(ims, &since) && mtime <= since;
    free(ims);
    return unchanged;
}

/*
 * Answers with the web file at `path` (web_file checked it), with the
 * page's headers, as any other answer is sent (http_answer): a file of
 * up to HTTP_INLINE_BODY bytes with its headers, a longer one from the
 * open file, API_CHUNK bytes at each writeable callback (file_writeable),
 * so that a connection costs one descriptor and no copy of the file.
 * lws_serve_http_file served them until now, and after one of its
 * answers libwebsockets 4.1 read a request already sent behind it on the
 * connection (HTTP pipelining) from the wrong buffer: the next GET was
 * answered 501 "does not know the request's method" and closed. A file
 * that cannot be read is answered 500 saying so.
 *
 * Its validators are those of the open file: a strong ETag of its inode,
 * size and modification time to the nanosecond (a file changed or
 * replaced on disk has a new one, unless rewritten to the same size
 * within the file system's clock tick), and its Last-Modified; a request
 * they show the client's copy is current for is answered 304 without the
 * file (not_modified). With Cache-Control: no-cache a browser keeps the
 * files and asks again each time it uses one, so that the client of a
 * new server is run as soon as it is installed (http-api.md).
 */
static int http_file(struct lws *wsi, pss *ps, const char *path)
{
    char why[160];
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    FILE *f = fopen(path, "rb");
    struct stat st;
    char *body = NULL;
    if (!f || fstat(fileno(f), &st) != 0)
        goto fail;
    size_t len = (size_t)st.st_size;
    web_meta meta;
    httphdr_etag(meta.etag, (unsigned long long)st.st_ino, (unsigned long long)st.st_size,
                 (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
    httphdr_date(st.st_mtim.tv_sec, meta.modified);
    if (not_modified(wsi, meta.etag, st.st_mtim.tv_sec)) {
        fclose(f);
        return http_answer(wsi, ps, HTTP_STATUS_NOT_MODIFIED, NULL, NULL, 0, 0, &meta);
    }
    if (is_head(wsi) || len == 0) {
        fclose(f);
        return http_answer(wsi, ps, HTTP_STATUS_OK, content_type(path), NULL, len, 0, &meta);
    }
    if (len > HTTP_INLINE_BODY) {
        ps->file = f;
        ps->file_left = len;
        return http_answer(wsi, ps, HTTP_STATUS_OK, content_type(path), NULL, len, 0, &meta);
    }
    body = malloc(len);
    if (!body || fread(body, 1, len, f) != len)
        goto fail;
    fclose(f);
    return http_answer(wsi, ps, HTTP_STATUS_OK, content_type(path), body, len, 0, &meta);
fail:
    snprintf(why, sizeof why, "the web file %.64s cannot be read: %s\n", name,
             body ? "it is shorter than its size" : strerror(errno ? errno : ENOMEM));
    if (f)
        fclose(f);
    free(body);
    fprintf(stderr, "leastscore serve: %s", why);
    return http_text(wsi, ps, HTTP_STATUS_INTERNAL_SERVER_ERROR, why);
}

/* Lets go of what an answer's body was sent from: its copy (ps->body) or
 * its open web file (ps->file); either may be there, or neither. */
static void body_release(pss *ps)
{
    free(ps->body);
    ps->body = NULL;
    if (ps->file)
        fclose(ps->file);
    ps->file = NULL;
}

/*
 * Sends one piece of an answer's body, n bytes at piece (LWS_PRE bytes of
 * room before it), from a writeable callback: one write per callback, as
 * lws allows. Before the last piece, the next callback is asked for and
 * the client's --idle-timeout to read it set again (body_deadline); after
 * it, the timeout is cleared, the body's source let go (body_release) and
 * the request completed (request_done). The body's source, a copy or a
 * file, is the caller's to read; the rest is the same for both.
 */
static int send_piece(struct lws *wsi, pss *ps, unsigned char *piece, size_t n, bool last)
{
    if (lws_write(wsi, piece, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) < 0)
        return -1;
    if (!last) {
        body_deadline(wsi);
        lws_callback_on_writable(wsi);
        return 0;
    }
    lws_set_timeout(wsi, NO_PENDING_TIMEOUT, 0);
    body_release(ps);
    return request_done(wsi, ps);
}

/* The next piece of a web file being sent (http_file); the connection is
 * closed when the file ends before the length its headers gave. */
static int file_writeable(struct lws *wsi, pss *ps)
{
    unsigned char buf[LWS_PRE + API_CHUNK];
    size_t n = ps->file_left < API_CHUNK ? ps->file_left : API_CHUNK;
    if (fread(buf + LWS_PRE, 1, n, ps->file) != n)
        return -1;
    ps->file_left -= n;
    return send_piece(wsi, ps, buf + LWS_PRE, n, ps->file_left == 0);
}

static const char api_method[] =
    "{\"error\":\"method_not_allowed\",\"message\":\"only GET and HEAD are served "
    "here\"}";

static const char api_get_body[] =
    "{\"error\":\"bad_request\",\"message\":\"a GET or HEAD request carries no "
    "body\"}";

static const char api_oom[] =
    "{\"error\":\"out_of_memory\",\"message\":\"the server ran out of memory answering "
    "this request; try again in a moment\"}";

/* ------------------------------------------------------------------ */
/* Replays, built on a worker                                          */
/* ------------------------------------------------------------------ */

/*
 * A replay takes time in proportion to its match (a second or more for
 * one of a hundred thousand moves), so it is built on a worker, never on
 * the loop: the loop reads the record (one row), a worker builds the
 * JSON, the loop sends it when the connection is writeable. One replay is
 * built at a time, so that the workers stay free for computer players and
 * hints; the others wait in order, at most REPLAYS_WAITING of them (more
 * are told 503, to try again). A request whose connection closes leaves
 * the line (when lws notices it, or when its turn comes), or has its
 * replay dropped when built.
 */
/* Whether the client of a request waiting for its answer has closed its
 * side (lws reads nothing from it until the answer is sent, so it does
 * not notice): a look at the socket, without taking anything from it. */
static bool client_gone(struct lws *wsi)
{
    char b;
    ssize_t n = recv(lws_get_socket_fd(wsi), &b, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

static void replay_start(server *srv)
{
    while (!srv->replay_run && srv->replay_wait && side_free(srv)) {
        job *j = srv->replay_wait;
        srv->replay_wait = j->wnext;
        if (!srv->replay_wait)
            srv->replay_last = NULL;
        srv->replays_waiting--;
        j->wnext = NULL;
        if (j->ps && client_gone(j->wsi)) {
            /* Nobody to build it for: the connection is closed now. */
            j->ps->replay = NULL;
            lws_set_timeout(j->wsi, PENDING_TIMEOUT_CLOSE_SEND, LWS_TO_KILL_ASYNC);
            free(j->reply.record);
            free(j);
            continue;
        }
        if (uv_queue_work(&srv->loop, &j->req, job_work, job_done) == 0) {
            srv->replay_run = j;
            srv->side_running++;
            return;
        }
        /* No worker (the loop is closing): answered as built, with a 503. */
        free(j->reply.record);
        j->reply = (api_reply){0};
        replay_done(j, UV_ECANCELED);
    }
}

/* A side worker is free (a job of kind `done` ended): the other kinds
 * start first, that one last, so that no kind keeps the side workers from
 * the others while its line is long. */
static void side_start(server *srv, int done)
{
    static const int kinds[] = {JOB_HINT, JOB_ACCOUNT, JOB_REPLAY};
    int at = done == JOB_HINT ? 0 : done == JOB_ACCOUNT ? 1 : 2;
    for (int i = 1; i <= 3; i++) {
        int k = kinds[(at + i) % 3];
        if (k == JOB_HINT)
            hint_start(srv);
        else if (k == JOB_ACCOUNT)
            account_start(srv);
        else
            replay_start(srv);
    }
}

/* The answer to a replay asked for while REPLAYS_WAITING others wait: a
 * JSON error, as every answer of the API. */
static const char replays_busy[] =
    "{\"error\":\"busy\",\"message\":\"the server is building other replays: try "
    "again in a moment\"}";

static int replay_ask(server *srv, struct lws *wsi, pss *ps, api_reply *r)
{
    if (srv->replays_waiting >= REPLAYS_WAITING || ps->replay) {
        free(r->record);
        return http_json(wsi, ps, HTTP_STATUS_SERVICE_UNAVAILABLE, replays_busy, 1);
    }
    job *j = calloc(1, sizeof *j);
    if (!j) {
        free(r->record);
        return http_json(wsi, ps, HTTP_STATUS_INTERNAL_SERVER_ERROR, api_oom, 0);
    }
    j->kind = JOB_REPLAY;
    j->srv = srv;
    j->ps = ps;
    j->wsi = wsi;
    j->reply = *r;
    j->req.data = j;
    ps->replay = j;
    /* lws closes a request left without an answer after its own few
     * seconds; a replay may wait for others: up to REPLAY_WAIT_S. */
    lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, REPLAY_WAIT_S);
    if (srv->replay_last)
        srv->replay_last->wnext = j;
    else
        srv->replay_wait = j;
    srv->replay_last = j;
    srv->replays_waiting++;
    replay_start(srv);
    return 0;
}

/* The replay is built (or cancelled): it goes to its request, sent when
 * the connection is writeable, and the next one starts. gcc 12's analyzer
 * reports the refusal's text as leaked: it is kept in the connection's
 * pss, which lws owns, and freed once sent (LWS_CALLBACK_HTTP_WRITEABLE)
 * or when the connection closes (replay_forget). */
ANALYZER_IGNORE("-Wanalyzer-malloc-leak")
static void replay_done(job *j, int status)
{
    server *srv = j->srv;
    if (srv->replay_run == j)
        srv->replay_run = NULL;
    pss *ps = j->ps;
    if (ps) {
        ps->replay = NULL;
        if (status == 0 && j->ok) {
            ps->ready = j->reply;
            j->reply.body = NULL;
        } else {
            static const char failed[] =
                "{\"error\":\"replay_failed\",\"message\":\"the replay could not be "
                "built (out of memory, or the server is stopping)\"}";
            ps->ready = (api_reply){.status = HTTP_STATUS_SERVICE_UNAVAILABLE,
                                    .type = "application/json",
                                    .body = strdup(failed), .len = sizeof failed - 1};
        }
        lws_set_timeout(j->wsi, NO_PENDING_TIMEOUT, 0);
        lws_callback_on_writable(j->wsi);
    }
    free(j->reply.record);
    free(j->reply.body);
    free(j);
}
ANALYZER_END

/* The request's connection is gone: its replay, waiting, leaves the line;
 * being built, is dropped when done. */
static void replay_forget(server *srv, pss *ps)
{
    job *j = ps->replay;
    ps->replay = NULL;
    free(ps->ready.body);
    ps->ready = (api_reply){0};
    if (!j)
        return;
    j->ps = NULL;
    if (srv->replay_run == j)
        return;
    for (job **p = &srv->replay_wait, *prev = NULL; *p; prev = *p, p = &(*p)->wnext) {
        if (*p != j)
            continue;
        *p = j->wnext;
        if (srv->replay_last == j)
            srv->replay_last = prev;
        srv->replays_waiting--;
        free(j->reply.record);
        free(j);
        return;
    }
}

/* Answers GET /api/... (api.c). The store is read on the loop: each
 * request is a few indexed queries (a profile, four); a replay is built
 * on a worker (replay_ask). */
/* The answer to an API request over its address's budget. */
static const char api_limited[] =
    "{\"error\":\"rate_limited\",\"message\":\"too many requests from your address: at "
    "most 30 at once and 10 a second\"}";

/*
 * An API request costs the store one to four queries on the loop (a
 * replay, a worker's time), and HTTP requests had no limit: one address
 * could ask without end and hold every table back (a PostgreSQL query is
 * a round trip). Each address (its key: an IPv6 one's /64) has a budget of
 * API_BURST requests, refilled one every API_EVERY_MS; over it, 429 with
 * rate_limited. A page of the browser client asks for one or two.
 */
static int serve_api(server *srv, struct lws *wsi, pss *ps, const char *url)
{
    char addr[NETADDR_LEN], key[NETADDR_KEY_LEN];
    client_addr(srv, wsi, addr, key);
    uint64_t now = uv_now(&srv->loop);
    if (!budget_left(&srv->api, key, now)) {
        return http_json(wsi, ps, HTTP_STATUS_TOO_MANY_REQUESTS, api_limited, 1);
    }
    budget_spend(&srv->api, key, now);
    /* The `before` argument (the last one), cut to what fits: a longer one
     * is no match id either, and must not read as no argument at all (the
     * first page), as lws_get_urlarg_by_name() leaves one too long. A bare
     * `before` (no '=') is one with no value, refused as `before=` is: it
     * read as none, so that a client that lost its value got the first
     * page again, as if it had paged. */
    char before[64];
    const char *b = NULL;
    int n;
    for (int i = 0; (n = lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_URI_ARGS, i)) > 0; i++) {
        char *arg = malloc((size_t)n + 1);
        if (!arg)
            return http_json(wsi, ps, HTTP_STATUS_INTERNAL_SERVER_ERROR, api_oom, 0);
        if (lws_hdr_copy_fragment(wsi, arg, n + 1, WSI_TOKEN_HTTP_URI_ARGS, i) >= 0 &&
            (!strncmp(arg, "before=", 7) || !strcmp(arg, "before"))) {
            snprintf(before, sizeof before, "%s", arg[6] ? arg + 7 : "");
            b = before;
        }
        free(arg);
    }
    api_reply r;
    if (api_get(srv->db, url, b, &r) != 0)
        return http_json(wsi, ps, HTTP_STATUS_INTERNAL_SERVER_ERROR, api_oom, 0);
    if (r.status == 0)
        return replay_ask(srv, wsi, ps, &r);
    return http_reply(wsi, ps, (unsigned int)r.status, r.type, r.body, r.len, r.retry_after);
}

/* The next piece of an answer's body kept in memory (http_answer). */
static int body_writeable(struct lws *wsi, pss *ps)
{
    unsigned char buf[LWS_PRE + API_CHUNK];
    size_t n = ps->body_len - ps->body_off;
    if (n > API_CHUNK)
        n = API_CHUNK;
    memcpy(buf + LWS_PRE, ps->body + ps->body_off, n);
    ps->body_off += n;
    return send_piece(wsi, ps, buf + LWS_PRE, n, ps->body_off == ps->body_len);
}

/*
 * Requests libwebsockets 4.1 hands over as a raw socket
 * (LWS_CALLBACK_RAW_ADOPT, then LWS_CALLBACK_RAW_RX with the bytes read
 * last, the request's start): a CONNECT, which it takes for a proxy's
 * tunnel (with no answer and no timeout, so that it stayed open for
 * ever), and a request of a method its parser does not know (TRACE, a
 * made-up one), given over so by the vhost's option
 * LWS_SERVER_OPTION_FALLBACK_TO_APPLY_LISTEN_ACCEPT_CONFIG rather than
 * answered 403 in HTML by lws itself. A method HTTP defines (CONNECT,
 * TRACE) is answered 405 as the other methods are, one it does not 501
 * (RFC 9110 15.6.2), each with Allow, in JSON for a target under /api;
 * then the connection is closed. A client that cannot take the answer is
 * dropped after RAW_ANSWER_S.
 */
#define RAW_ANSWER_S 5

static const char raw_method_text[] = "only GET and HEAD are served here\n";

/*
 * The answer to the request whose bytes lws read last are in[0..len)
 * (raw_callback), status line to body, in a new string (NULL without the
 * memory). lws ends a method it does not know at the first byte that no
 * method or header name it knows goes on with, and hands over from the
 * start of what it was parsing: the request's start when `at_start`
 * (raw_callback: the connection's first bytes, or those after the request
 * before it), else maybe the end of a method sent in pieces ('F', then
 * 'OO / HTTP/1.1' gave 'OO'), which is not named. The method is the
 * request's first word, named in the answer with every byte that no
 * method has (a control character, a quote, a byte over 127) as '?', its
 * first HTTPHDR_METHOD_SHOWN bytes then "..." (httphdr_method_shown), so
 * that it is safe in JSON and on a terminal. A start that is no word and
 * a blank is answered as CONNECT is.
 */
static char *raw_answer(const char *in, size_t len, bool at_start, bool *connect_req)
{
    size_t m = 0;
    while (m < len && in[m] != ' ' && in[m] != '\r' && in[m] != '\n')
        m++;
    bool method = m >= 1 && m < len && in[m] == ' ';
    *connect_req = method && m == 7 && !memcmp(in, "CONNECT", 7);
    if (!at_start && !*connect_req)
        method = false;
    /* The target: only whether it is the API's matters. */
    char target[8] = "";
    if (method) {
        size_t t = 0;
        while (m + 1 + t < len && t < sizeof target - 1 && !strchr(" ?\r\n", in[m + 1 + t]))
            t++;
        memcpy(target, in + m + 1, t);
        target[t] = '\0';
    }
    bool api = method && (!strncmp(target, "/api/", 5) || !strcmp(target, "/api"));
    bool known = (!method && at_start) || *connect_req ||
                 (method && m == 5 && !memcmp(in, "TRACE", 5));
    char shown[HTTPHDR_METHOD_LEN];
    httphdr_method_shown(in, m, shown);
    char text[160];
    if (known)
        snprintf(text, sizeof text, "%s", api ? api_method : raw_method_text);
    else if (!method)
        snprintf(text, sizeof text, "this server does not know the request's method: it "
                 "serves GET and HEAD\n");
    else
        snprintf(text, sizeof text, api ? "{\"error\":\"not_implemented\",\"message\":\"this "
                 "server does not know the method '%s': it serves GET and HEAD\"}"
                 : "this server does not know the method '%s': it serves GET and HEAD\n",
                 shown);
    char date[HTTPHDR_DATE_LEN];
    httphdr_date(time(NULL), date);
    char *out = malloc(512);
    if (out)
        snprintf(out, 512, "HTTP/1.1 %s\r\n"
                 "date: %s\r\n"
                 "content-type: %s\r\n"
                 "content-length: %zu\r\n"
                 "allow: GET, HEAD\r\n"
                 "x-content-type-options: nosniff\r\n"
                 "connection: close\r\n"
                 "\r\n%s", known ? "405 Method Not Allowed" : "501 Not Implemented", date,
                 api ? "application/json" : "text/plain; charset=utf-8", strlen(text), text);
    return out;
}

static int raw_callback(struct lws *wsi, pss *ps, enum lws_callback_reasons reason,
                        const char *in, size_t len)
{
    switch (reason) {
    case LWS_CALLBACK_RAW_ADOPT:
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, RAW_ANSWER_S);
        return 0;
    case LWS_CALLBACK_RAW_RX: { /* the first: the request; the rest is not read */
        if (!ps || ps->body)
            return 0;
        /* The request starts at `in` when the bytes read before it are
         * none, or those the request before it ended with (request_done):
         * `in` a new read that starts there, or (nothing read since) the
         * rest of the read that request ended in, which lws hands over from
         * the next request's start. */
        bool connect_req;
        long long read = sockread_bytes((int)lws_get_socket_fd(wsi));
        uintptr_t mark = (uintptr_t)lws_get_opaque_user_data(wsi);
        long long done = mark ? (long long)(mark - 1) : 0;
        bool at_start = in && read >= 0 && (read - (long long)len == done || read == done);
        ps->body = raw_answer(in ? in : "", in ? len : 0, at_start, &connect_req);
        if (!ps->body)
            return -1;
        if (connect_req) {
            char peer[64];
            lws_get_peer_simple(wsi, peer, sizeof peer);
            fprintf(stderr, "leastscore serve: a CONNECT request from %s is refused (405)\n",
                    peer);
        }
        lws_callback_on_writable(wsi);
        return 0;
    }
    case LWS_CALLBACK_RAW_WRITEABLE: {
        if (!ps || !ps->body)
            return -1;
        size_t n = strlen(ps->body);
        unsigned char buf[LWS_PRE + 512];
        memcpy(buf + LWS_PRE, ps->body, n);
        lws_write(wsi, buf + LWS_PRE, n, LWS_WRITE_RAW);
        return -1; /* closed once written */
    }
    default: /* LWS_CALLBACK_RAW_CLOSE */
        if (ps) {
            free(ps->body);
            ps->body = NULL;
        }
        return 0;
    }
}

/*
 * Whether a connection just accepted, on socket `fd`, may be served: not
 * when fewer than fd_reserve files would be left under the limit of open
 * files (a quarter of the limit, from FD_RESERVE_MIN to FD_RESERVE: a
 * fixed 64 refused every connection under ulimit -n 64, the server
 * holding some 20 of its own). accept() gives the lowest free descriptor, so fd at or above the
 * limit less the reserve means that every one below it is taken. The
 * reserve keeps files for the store (SQLite's three, PostgreSQL's socket),
 * the web files served, the game records written and the loop's own: a
 * flood of connections (one address may open any number of them; a game
 * connection is counted only at its handshake) used to take every file,
 * and then accept() failed with EMFILE at every turn of the loop, which
 * spun and logged each failure (51 MB in 6 s) while it answered nobody.
 * Refused connections are closed at once and logged together, at most
 * once every FD_LOG_EVERY_MS.
 */
static bool fd_ok(server *srv, int fd)
{
    if (srv->fd_limit <= 0 || fd < srv->fd_limit - srv->fd_reserve)
        return true;
    srv->fd_refused++;
    uint64_t now = uv_now(&srv->loop);
    if (!srv->fd_logged || now - srv->fd_logged >= FD_LOG_EVERY_MS) {
        fprintf(stderr, "leastscore serve: connections refused (%lu since the last such "
                "line): only %ld files left under the limit of open files (ulimit -n "
                "%ld), kept for the store and the files served\n", srv->fd_refused,
                srv->fd_limit - fd, srv->fd_limit);
        srv->fd_refused = 0;
        srv->fd_logged = now;
    }
    return false;
}

/*
 * How many connections the limit of open files leaves room for, once the
 * server holds its own files (the store, the listening socket, the
 * loop's) and the reserve: said in the log when it is few, and a server
 * with room for none does not start (it would say it serves and refuse
 * every connection). The lowest free descriptor is the next a
 * connection would get.
 */
static bool fd_room(server *srv)
{
    if (srv->fd_limit <= 0)
        return true;
    int probe = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (probe < 0 && (errno == EMFILE || errno == ENFILE))
        probe = (int)srv->fd_limit;
    else if (probe < 0)
        return true; /* no /dev/null: nothing to measure with */
    else
        close(probe);
    long room = srv->fd_limit - srv->fd_reserve - probe;
    if (room <= 0) {
        fprintf(stderr, "leastscore serve: the limit of open files (ulimit -n %ld) leaves "
                "no room for a connection: the server holds %d files and keeps %ld for "
                "its store and the files it serves; raise it (ulimit -n %ld leaves room "
                "for %d)\n",
                srv->fd_limit, probe, srv->fd_reserve,
                probe + srv->fd_reserve + FD_ROOM_NOTED, FD_ROOM_NOTED);
        return false;
    }
    if (room < FD_ROOM_NOTED)
        fprintf(stderr, "leastscore serve: the limit of open files (ulimit -n %ld) leaves "
                "room for %ld connections at once, HTTP and game together; raise it for "
                "more\n", srv->fd_limit, room);
    return true;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user,
                    void *in, size_t len)
{
    server *srv = lws_context_user(lws_get_context(wsi));
    pss *ps = user;
    char path[PATH_MAX];
    switch (reason) {
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
        return fd_ok(srv, (int)(lws_intptr_t)in) ? 0 : 1;
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
        return confirm_upgrade(srv, wsi, in ? (const char *)in : "");
    case LWS_CALLBACK_HTTP: {
        const char *url = in;
        bool api = api_path(url);
        if (ps)
            ps->close_after = asks_close(wsi);
        /* The version: HTTP/1.0 or HTTP/1.1 (lws answered "HTTP/2.0",
         * "HTTP/9.9", "FOO" or none, HTTP/0.9's form, as HTTP/1.0). */
        char version[16] = "";
        int vn = lws_hdr_copy(wsi, version, sizeof version, WSI_TOKEN_HTTP);
        if (vn <= 0 || (strcmp(version, "HTTP/1.1") != 0 && strcmp(version, "HTTP/1.0") != 0)) {
            /* Quoted when it is of a version's characters (it goes into
             * JSON and to a terminal as it is). */
            bool shown = vn > 0 && strspn(version, ALNUM "./") == (size_t)vn;
            char what[48] = "and the request line names none", text[160];
            if (vn != 0)
                snprintf(what, sizeof what, "not %s%s%s", shown ? "'" : "",
                         shown ? version : "what was sent", shown ? "'" : "");
            snprintf(text, sizeof text, api ? "{\"error\":\"bad_request\",\"message\":\"this "
                     "server speaks HTTP/1.0 and HTTP/1.1, %s\"}" : "this server speaks "
                     "HTTP/1.0 and HTTP/1.1, %s\n", what);
            return api ? http_json(wsi, ps, HTTP_STATUS_HTTP_VERSION_NOT_SUPPORTED, text, 0)
                       : http_text(wsi, ps, HTTP_STATUS_HTTP_VERSION_NOT_SUPPORTED, text);
        }
        const char *host = host_problem(wsi, false);
        if (host) {
            char text[128];
            snprintf(text, sizeof text, api ? "{\"error\":\"bad_request\",\"message\":\"%s\"}"
                                            : "%s\n", host);
            return api ? http_json(wsi, ps, HTTP_STATUS_BAD_REQUEST, text, 0)
                       : http_text(wsi, ps, HTTP_STATUS_BAD_REQUEST, text);
        }
        char length[80];
        if (length_problem(wsi, length, sizeof length)) {
            char text[128]; /* answered, then closed (refuse_body) */
            snprintf(text, sizeof text, api ? "{\"error\":\"bad_request\",\"message\":\"%s\"}"
                                            : "%s\n", length);
            return api ? http_json(wsi, ps, HTTP_STATUS_BAD_REQUEST, text, 0)
                       : http_text(wsi, ps, HTTP_STATUS_BAD_REQUEST, text);
        }
        if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0 && !is_head(wsi))
            return api ? http_json(wsi, ps, HTTP_STATUS_METHOD_NOT_ALLOWED, api_method, 0)
                       : http_text(wsi, ps, HTTP_STATUS_METHOD_NOT_ALLOWED,
                                   "only GET and HEAD are served here\n");
        if (has_body(wsi))
            return api ? http_json(wsi, ps, HTTP_STATUS_BAD_REQUEST, api_get_body, 0)
                       : http_text(wsi, ps, HTTP_STATUS_BAD_REQUEST,
                                   "a GET or HEAD request carries no body\n");
        if (path_nul(wsi, url)) {
            char text[160];
            snprintf(text, sizeof text, api ? "{\"error\":\"bad_request\",\"message\":\"%s\"}"
                                            : "%s\n", path_nul_text);
            return api ? http_json(wsi, ps, HTTP_STATUS_BAD_REQUEST, text, 0)
                       : http_text(wsi, ps, HTTP_STATUS_BAD_REQUEST, text);
        }
        bool cut = path_cut(wsi, url);
        if (cut && api) {
            char why[320];
            cut_json(url, why, sizeof why);
            return *why ? http_json(wsi, ps, HTTP_STATUS_NOT_FOUND, why, 0)
                        : http_json(wsi, ps, HTTP_STATUS_INTERNAL_SERVER_ERROR, api_oom, 0);
        }
        if (api)
            return serve_api(srv, wsi, ps, url);
        if (cut || !web_file(srv, url, path, sizeof path)) {
            char why[256];
            if (cut || !slash_added(srv, url, why, sizeof why))
                webpath_not_found(url, cut, table_levels, why, sizeof why);
            return http_text(wsi, ps, HTTP_STATUS_NOT_FOUND, why);
        }
        return http_file(wsi, ps, path);
    }
    case LWS_CALLBACK_HTTP_BODY: /* a refused request's (refuse_body) */
        if (ps && ps->refused_until)
            return uv_now(&srv->loop) > ps->refused_until ? -1 : 0;
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        if (ps && ps->refused_until) {
            ps->refused_until = 0;
            return request_done(wsi, ps);
        }
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (ps && ps->ready.status) {
            api_reply r = ps->ready;
            ps->ready = (api_reply){0};
            if (!r.body)
                return -1; /* no memory for the message */
            return http_reply(wsi, ps, (unsigned int)r.status, r.type, r.body, r.len,
                              r.retry_after);
        }
        if (ps && ps->file)
            return file_writeable(wsi, ps);
        if (ps && ps->body)
            return body_writeable(wsi, ps);
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    case LWS_CALLBACK_CLOSED_HTTP:
        if (ps) {
            body_release(ps);
            replay_forget(srv, ps);
        }
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    case LWS_CALLBACK_ESTABLISHED:
        ps->c = conn_new(srv, wsi);
        if (!ps->c)
            return -1;
        conn_send(ps->c, proto_welcome(&srv->defaults, srv->cfg->table.grace_ms / 1000,
                                         srv->cfg->table.hurry_ms / 1000));
        if (srv->stopping)
            conn_close(ps->c, LWS_CLOSE_STATUS_GOINGAWAY, "server shutting down", false);
        return 0;
    case LWS_CALLBACK_RECEIVE:
        return ps->c ? on_receive(ps->c, in, len) : -1;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return ps->c ? on_writeable(ps->c) : 0;
    case LWS_CALLBACK_RECEIVE_PONG:
        if (ps->c)
            on_pong(ps->c, len);
        return 0;
    case LWS_CALLBACK_CLOSED:
        if (ps->c)
            conn_free(ps->c);
        ps->c = NULL;
        return 0;
    case LWS_CALLBACK_RAW_ADOPT:
    case LWS_CALLBACK_RAW_WRITEABLE:
    case LWS_CALLBACK_RAW_RX:
    case LWS_CALLBACK_RAW_CLOSE:
        return raw_callback(wsi, ps, reason, in, len);
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static const struct lws_protocols protocols[] = {
    {SUBPROTOCOL, callback, sizeof(pss), PROTO_MAX_MESSAGE, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* ------------------------------------------------------------------ */
/* Start and stop                                                      */
/* ------------------------------------------------------------------ */

/* While stopping: the loop ends when the last connection is gone, or
 * SHUTDOWN_WAIT_MS after the signal for clients that do not answer. */
static void on_stop_timer(uv_timer_t *h)
{
    server *srv = h->data;
    if (!srv->conns || uv_now(&srv->loop) >= srv->stop_began + SHUTDOWN_WAIT_MS)
        uv_stop(&srv->loop);
}

/* The first SIGINT/SIGTERM: every connection is closed with 1001; every
 * match in play is kept in progress in the store, to be restored at the
 * next start (its players are not told `removed`: their seats wait for
 * them), and the other tables are ended (finished matches are already in
 * the store); the loop stops when the last connection is gone or after
 * SHUTDOWN_WAIT_MS. */
static void begin_shutdown(server *srv)
{
    if (srv->stopping)
        return;
    srv->stopping = true;
    int kept = 0;
    for (ntable *nt = srv->tables; nt; nt = nt->next) {
        if (!nt->t->rec_handle)
            continue;
        table_suspend(nt->t);
        kept++;
        while (nt->members)
            detach(nt->members);
    }
    fprintf(stderr, "leastscore serve: stopping (%d table%s, %d match%s in play kept "
            "for the next start)\n", srv->ntables, srv->ntables == 1 ? "" : "s", kept,
            kept == 1 ? "" : "es");
    for (conn *c = srv->conns; c; c = c->next)
        conn_close(c, LWS_CLOSE_STATUS_GOINGAWAY, "server shutting down", false);
    while (srv->tables)
        ntable_close(srv->tables, "server shutting down");
    uv_timer_stop(&srv->store_timer);
    srv->stop_began = uv_now(&srv->loop);
    uv_timer_start(&srv->stop_timer, on_stop_timer, 20, 20);
}

static void on_signal(uv_signal_t *h, int signum)
{
    (void)signum;
    begin_shutdown(h->data);
}

/* libwebsockets' own signal watcher: the same shutdown. */
static void lws_signal(void *handle, int signum)
{
    (void)signum;
    uv_signal_t *h = handle;
    server *srv = h->loop->data;
    begin_shutdown(srv);
}

/* The address `host` names (an IPv4 or IPv6 address, or a name such as
 * localhost), written into `addr` with its family in *family; false, with
 * why, when there is none. libwebsockets is handed the address, never the
 * name: given a name it took only interface names ('lo') and refused
 * 'localhost'. */
static bool listen_address(const char *host, char *addr, size_t size, int *family,
                           char *why, size_t wsize)
{
    /* IPv4 first, so that a name with both (localhost) keeps its IPv4
     * address; an IPv6 address, or a name of IPv6 only, after. */
    static const int families[] = {AF_INET, AF_INET6};
    struct addrinfo *ai = NULL;
    int rc = EAI_NONAME;
    for (int i = 0; i < 2 && !ai; i++) {
        struct addrinfo hints = {.ai_family = families[i], .ai_socktype = SOCK_STREAM,
                                 .ai_flags = AI_PASSIVE};
        if ((rc = getaddrinfo(host, NULL, &hints, &ai)) != 0)
            ai = NULL;
    }
    if (!ai) {
        snprintf(why, wsize, "%s is not an IP address or a name of one (%s), such as "
                 "127.0.0.1, 0.0.0.0, ::1 or ::", host, rc ? gai_strerror(rc) : "no address");
        return false;
    }
    *family = ai->ai_family;
    const void *a = ai->ai_family == AF_INET6
                        ? (const void *)&((const struct sockaddr_in6 *)ai->ai_addr)->sin6_addr
                        : (const void *)&((const struct sockaddr_in *)ai->ai_addr)->sin_addr;
    bool ok = inet_ntop(ai->ai_family, a, addr, (socklen_t)size) != NULL;
    if (!ok)
        snprintf(why, wsize, "%s", strerror(errno));
    freeaddrinfo(ai);
    return ok;
}

/* Why a bind to host:port failed with errno `err`, and what to do, for
 * the person who started the server. */
static void bind_why(int err, const char *host, int port, char *why, size_t size)
{
    switch (err) {
    case EADDRINUSE:
        snprintf(why, size, "%s (another program, or another server, listens there: "
                 "stop it or give another port; port 0 picks a free one)", strerror(err));
        break;
    case EACCES:
        if (port > 0 && port < 1024) {
            snprintf(why, size, "%s (a port below 1024 needs root or the capability "
                     "CAP_NET_BIND_SERVICE: give a port from 1024 up, such as 8080)",
                     strerror(err));
            break;
        }
        snprintf(why, size, "%s", strerror(err));
        break;
    case EADDRNOTAVAIL:
        snprintf(why, size, "%s (%s is not an address of this machine: give one of "
                 "its own, %s for this machine alone, %s for every address)",
                 strerror(err), host, strchr(host, ':') ? "::1" : "127.0.0.1",
                 strchr(host, ':') ? "::" : "0.0.0.0");
        break;
    default:
        snprintf(why, size, "%s", strerror(err));
    }
}

/*
 * A socket of its own bound to host:port (a numeric address), with
 * SO_REUSEADDR, listening too when `listening`; not inherited by a
 * program run. Returns its descriptor; -1 when it cannot be had (why
 * says so for a failed bind or listen, and is left as it is when no
 * socket can be made); -2 when host is no numeric address (nothing
 * tried). can_bind() and take_port() are its two uses.
 */
static int bound_socket(const char *host, int port, bool listening, char *why,
                        size_t size)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV};
    struct addrinfo *ai = NULL;
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    if (getaddrinfo(host, service, &hints, &ai) != 0 || !ai)
        return -2;
    int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    int one = 1;
    if (fd >= 0) {
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
            bind_why(errno, host, port, why, size);
            close(fd);
            fd = -1;
        } else if (listening && listen(fd, 1) != 0) {
            snprintf(why, size, "%s", strerror(errno));
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(ai);
    return fd;
}

/*
 * Whether host:port can be bound now. libwebsockets 4.1 with a foreign
 * libuv loop cannot be torn down cleanly after its listening socket failed
 * to bind (its close callbacks run after its event library is unloaded), so
 * the usual failures, a port in use or refused, an address not of this
 * machine, are found before it starts. A host that is no numeric address
 * is left to libwebsockets.
 */
static bool can_bind(const char *host, int port, char *why, size_t size)
{
    int fd = bound_socket(host, port, false, why, size);
    if (fd >= 0)
        close(fd);
    return fd != -1;
}

/* listen_address() then can_bind(): 0, or -1 with "cannot listen on
 * HOST:PORT: why" in msg. */
static int check_listen(const char *host, int port, char *iface, size_t isize, int *family,
                        char *msg, size_t size)
{
    char why[320] = "no socket";
    /* The host as a URL writes it: an IPv6 address in brackets. */
    const char *lb = strchr(host, ':') ? "[" : "", *rb = *lb ? "]" : "";
    if (listen_address(host, iface, isize, family, why, sizeof why) &&
        can_bind(iface, port, why, sizeof why))
        return 0;
    snprintf(msg, size, "cannot listen on %s%s%s:%d: %s", lb, host, rb, port, why);
    return -1;
}

/* The test seam LS_TEST_PORT_TAKEN (net.h): host:port bound and listened
 * on by a socket left open until the process ends (port_taken), as by
 * another program. */
static int port_taken = -1;
static void take_port(const char *host, int port)
{
    char why[320];
    int fd = bound_socket(host, port, true, why, sizeof why);
    port_taken = fd >= 0 ? fd : -1;
}

int net_check_listen(const char *host, int port, char *msg, size_t size)
{
    char iface[INET6_ADDRSTRLEN];
    int family = AF_INET;
    return check_listen(host, port, iface, sizeof iface, &family, msg, size);
}

/* Restores one table in progress from the store (store_restore_fn). */
static int restore_one(void *ud, const store_match *m, const char *record, size_t len,
                       void *handle)
{
    server *srv = ud;
    srv_error e = {0};
    if (find_table(srv, m->code)) {
        fprintf(stderr, "leastscore serve: table %s, match %d: not restored: another "
                "table in progress has its code (kept in the store)\n", m->code, m->match);
        return -1;
    }
    uint64_t seed;
    random_bytes(&seed, sizeof seed);
    table *t = table_restore(m, record, len, &srv->cfg->table, seed, srv->cfg->st, handle,
                             (int64_t)uv_now(&srv->loop), srv->version_base, &e);
    if (!t) {
        fprintf(stderr, "leastscore serve: table %s, match %d: not restored: %s (kept "
                "in the store)\n", m->code, m->match, e.msg);
        return -1;
    }
    ntable *nt = calloc(1, sizeof *nt);
    if (!nt) {
        t->rec_handle = NULL; /* the store keeps it */
        table_free(t);
        fprintf(stderr, "leastscore serve: table %s: not restored: out of memory\n",
                m->code);
        return -1;
    }
    nt->t = t;
    ntable_link(srv, nt, "");
    return 0;
}

/*
 * Rebuilds every table in progress the store keeps, before the server
 * takes connections. Their event logs start above any version they had:
 * the wall clock in milliseconds (a table never makes an event a
 * millisecond), so that a resuming client is sent a snapshot. Returns
 * false when the store cannot be read (its file locked by another process
 * past the wait, the database failing): the server then does not serve,
 * since it would serve without those tables, whose players would find
 * their links gone, and a new table could not be told from them.
 */
static bool restore_tables(server *srv)
{
    const store *st = srv->cfg->st;
    if (!st || !st->ops->restore)
        return true;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    srv->version_base = (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    uint64_t began = uv_hrtime();
    int n = st->ops->restore(st->self, restore_one, srv);
    double ms = (double)(uv_hrtime() - began) / 1e6;
    if (n < 0) {
        fprintf(stderr, "leastscore serve: not serving: the tables in progress cannot be "
                        "read from the store (above); they are kept there as they are: "
                        "start again once it can be read\n");
        return false;
    }
    fprintf(stderr, "leastscore serve: restored %d table%s in progress in %.1f ms\n", n,
            n == 1 ? "" : "s", ms);
    /* Each table's due work (its computer player's move, its timers) is
     * done by its timer at the loop's first turn, before any connection. */
    for (ntable *nt = srv->tables; nt; nt = nt->next)
        uv_timer_start(&nt->timer, on_table_timer, 0, 0);
    return true;
}

int net_run(const net_config *cfg, FILE *announce)
{
    server *srv = calloc(1, sizeof *srv);
    if (!srv) {
        fprintf(stderr, "leastscore serve: out of memory\n");
        return 1;
    }
    int status = 1;
    srv->cfg = cfg;
    srv->defaults = ls_rules_default();
    srv->logins.burst = LOGIN_BURST;
    srv->logins.every_ms = LOGIN_EVERY_S * 1000.0;
    srv->misses.burst = MISS_BURST;
    srv->misses.every_ms = MISS_EVERY_S * 1000.0;
    srv->misses.open_when_full = true;
    srv->new_players.burst = NEW_PLAYER_BURST;
    srv->new_players.every_ms = NEW_PLAYER_EVERY_S * 1000.0;
    srv->api.burst = API_BURST;
    srv->api.every_ms = API_EVERY_MS;
    srv->api.open_when_full = true;
    struct rlimit nofile;
    if (getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur != RLIM_INFINITY &&
        nofile.rlim_cur <= LONG_MAX)
        srv->fd_limit = (long)nofile.rlim_cur;
    srv->fd_reserve = srv->fd_limit / 4;
    if (srv->fd_reserve < FD_RESERVE_MIN)
        srv->fd_reserve = FD_RESERVE_MIN;
    if (srv->fd_reserve > FD_RESERVE)
        srv->fd_reserve = FD_RESERVE;
    /* Half the reserve for logins' store connections, at least one. */
    srv->accounts.max = srv->fd_limit > 0 ? (int)(srv->fd_reserve / 2 / ACCOUNT_FILES) : INT_MAX;
    if (srv->accounts.max < 1)
        srv->accounts.max = 1;
    /* One thread kept from hints, replays and logins for the computer
     * players (side_free); 2 threads at least (cmd_serve.c). */
    int workers = cfg->workers > 1 ? cfg->workers : WORKERS_DEFAULT;
    srv->side_max = workers - 1;
    srv->hints.max = INT_MAX; /* side_max holds them */
    srv->job_hold = getenv("LS_TEST_JOB_HOLD");
    if (!realpath(cfg->web_dir, srv->web_real)) {
        fprintf(stderr, "leastscore serve: the web directory %s: %s\n",
                cfg->web_dir, strerror(errno));
        free(srv);
        return 1;
    }
    if (cfg->db_where) {
        ls_error err = {0};
        if (ls_db_open(&srv->db, cfg->db_where, &err) != 0) {
            fprintf(stderr, "leastscore serve: the store for players: %s\n", err.msg);
            free(srv);
            return 1;
        }
        /* Its statements run on the loop: one that meets the file locked
         * by another process is answered "out of reach" (503,
         * store_unavailable) after a moment, not after SQLite's 5 s with
         * every table held meanwhile. Reads in the WAL journal wait for
         * nothing; a write waits for another process's. */
        ls_db_set_lock_wait(srv->db, LOOP_LOCK_WAIT_MS);
        /* A PostgreSQL database that did not answer the tables' store is
         * not waited for again by the API (nor the other way round). */
        if (cfg->db_peer)
            ls_db_share_silence(srv->db, cfg->db_peer);
    }
    char msg[512], iface[INET6_ADDRSTRLEN];
    int family = AF_INET;
    /* The host as a URL writes it: an IPv6 address in brackets. */
    const char *lb = strchr(cfg->host, ':') ? "[" : "", *rb = *lb ? "]" : "";
    /* Checked again: the port may have been taken since the command's
     * check (net_check_listen), made before the store was opened. */
    if (getenv("LS_TEST_PORT_TAKEN") && !strcmp(getenv("LS_TEST_PORT_TAKEN"), "1"))
        take_port(cfg->host, cfg->port);
    if (check_listen(cfg->host, cfg->port, iface, sizeof iface, &family, msg, sizeof msg)) {
        fprintf(stderr, "leastscore serve: %s\n", msg);
        ls_db_close(srv->db);
        free(srv);
        return NET_CANNOT_LISTEN;
    }
    uv_loop_init(&srv->loop);
    srv->loop.data = srv;
    uv_signal_init(&srv->loop, &srv->sigint);
    uv_signal_init(&srv->loop, &srv->sigterm);
    srv->sigint.data = srv->sigterm.data = srv;
    uv_signal_start(&srv->sigint, on_signal, SIGINT);
    uv_signal_start(&srv->sigterm, on_signal, SIGTERM);
    uv_timer_init(&srv->loop, &srv->stop_timer);
    srv->stop_timer.data = srv;
    uv_timer_init(&srv->loop, &srv->store_timer);
    srv->store_timer.data = srv;
    uv_timer_init(&srv->loop, &srv->ping_timer);
    srv->ping_timer.data = srv;
    uv_timer_start(&srv->ping_timer, on_ping_timer, PING_CHECK_MS, PING_CHECK_MS);
    uv_check_init(&srv->loop, &srv->watchers_check);
    srv->watchers_check.data = srv;
    uv_check_start(&srv->watchers_check, on_watchers_check);

    /* LS_LWS_LOG=N sets libwebsockets' log bits (a debugging aid). */
    lws_set_log_level(getenv("LS_LWS_LOG") ? atoi(getenv("LS_LWS_LOG")) : LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    void *loops[1] = {&srv->loop};
    info.port = cfg->port;
    info.iface = iface;
    info.protocols = protocols;
    /* IPv6 only for an IPv6 address: on an IPv4 one, peers keep their
     * IPv4 addresses (not IPv4-mapped IPv6 ones). */
    /* A request of a method lws does not know is handed over raw
     * (raw_callback), to be answered in the server's words. */
    info.options = LWS_SERVER_OPTION_LIBUV | LWS_SERVER_OPTION_VALIDATE_UTF8 |
                   LWS_SERVER_OPTION_FALLBACK_TO_APPLY_LISTEN_ACCEPT_CONFIG |
                   (family == AF_INET6 ? 0 : LWS_SERVER_OPTION_DISABLE_IPV6);
    info.foreign_loops = loops;
    info.signal_cb = lws_signal;
    info.user = srv;
    info.pcontext = &srv->ctx;
    info.pt_serv_buf_size = 8192;
    /* Room for a request's line and headers (lws's default is 4096, and a
     * request over it is closed unanswered): a browser sends every cookie
     * it holds for the host, those other local apps set on other ports of
     * localhost too, and 10 KB of them are not rare. lws allocates this
     * much for a connection only while it reads a request's headers and
     * answers it (freed once answered, and once a WebSocket is open), and
     * only what a client fills is touched: measured, a connection sending
     * 100 bytes of headers costs the server 6 KiB as before, one that
     * fills them 18 KiB (10 KiB at 4096), less than the kernel's default
     * receive buffer of a socket (128 KiB). The number of such
     * connections is bounded by the limit of open files, as before. */
    info.max_http_header_data = HTTP_HEADER_SPACE;
    /* A connection that goes silent (a phone that lost its network sends
     * no FIN) is pinged after a third of the idle timeout and dropped at
     * its end without an answer, so that the others see it disconnected
     * and its seat's grace time starts. With the default 15 s: a dead
     * connection is shown connected at most 15 s, and a live one has 10 s
     * to answer each ping (a slow phone's pong comes in a second or two). */
    int ping_s = cfg->idle_s >= 3 ? cfg->idle_s / 3 : 1;
    lws_retry_bo_t idle = {.secs_since_valid_ping = (uint16_t)ping_s,
                           .secs_since_valid_hangup = (uint16_t)cfg->idle_s};
    info.retry_and_idle_policy = &idle;
    srv->ctx = lws_create_context(&info);
    /* A context without its vhost is one that could not bind. */
    struct lws_vhost *vh = srv->ctx ? lws_get_vhost_by_name(srv->ctx, "default") : NULL;
    int port = vh ? lws_get_vhost_listen_port(vh) : -1;
    if (port <= 0) {
        fprintf(stderr, "leastscore serve: cannot listen on %s%s%s:%d (in use, or "
                "not an address of this machine)\n", lb, cfg->host, rb, cfg->port);
        status = NET_CANNOT_LISTEN;
        goto out;
    }
    if (cfg->start_log)
        fputs(cfg->start_log, stderr);
    if (!fd_room(srv) || !restore_tables(srv))
        goto out;
    fprintf(announce, "leastscore: serving http://%s%s%s:%d/\n", lb, cfg->host, rb, port);
    fflush(announce);
    fprintf(stderr, "leastscore serve: web files from %s\n", srv->web_real);
    uv_run(&srv->loop, UV_RUN_DEFAULT);
    status = 0;
out:
    if (srv->ctx)
        lws_context_destroy(srv->ctx);
    while (srv->tables)
        ntable_close(srv->tables, "server shutting down");
    uv_close((uv_handle_t *)&srv->sigint, NULL);
    uv_close((uv_handle_t *)&srv->sigterm, NULL);
    uv_close((uv_handle_t *)&srv->stop_timer, NULL);
    uv_close((uv_handle_t *)&srv->store_timer, NULL);
    uv_close((uv_handle_t *)&srv->ping_timer, NULL);
    uv_close((uv_handle_t *)&srv->watchers_check, NULL);
    uv_run(&srv->loop, UV_RUN_DEFAULT);
    /* With a foreign loop, lws finishes destroying the context in a second
     * call once its handles have closed (it clears srv->ctx when done). */
    if (srv->ctx) {
        lws_context_destroy(srv->ctx);
        uv_run(&srv->loop, UV_RUN_DEFAULT);
    }
    if (uv_loop_close(&srv->loop) != 0)
        fprintf(stderr, "leastscore serve: handles left open at exit\n");
    ls_db_close(srv->db);
    free(srv);
    return status;
}
