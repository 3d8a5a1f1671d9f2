/*
 * loadgen.c - a load generator for `leastscore serve` (docs/benchmarks.md,
 * "Server"). It opens N WebSocket clients to a server on a loopback
 * address, seats them four to a table (the first of each four creates the
 * table, the three others join it by its code), and plays whole matches at
 * a human pace: when its turn comes, a player waits its think time (the
 * --think mean, uniform within +-50%) and then moves, discarding its
 * highest card and drawing (or declaring on a low hand). Between rounds
 * every player sends `next`; at a match's end the creator asks for a
 * rematch, so tables play for the whole run.
 *
 * What it measures: for each move, the time from the move sent to the
 * mover's receiving the table's update that holds it (a `state` whose
 * events include the mover's move); p50, p90, p99 and the maximum over
 * the run. It counts connection failures (a handshake that failed), drops
 * (a connection closed by the server before the end), stale moves and
 * other errors. The run is bounded: connections are opened over --ramp
 * milliseconds, the measurement lasts --duration seconds after that, then
 * every connection is closed and the figures are printed, one `key value`
 * per line.
 *
 * One thread, one libuv loop that libwebsockets runs on (passed in with
 * foreign_loops); per-client think timers are libuv timers. A client
 * queues its outgoing messages and writes one per writeable callback, as
 * libwebsockets requires.
 */
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <uv.h>

#define OUT_MAX 8           /* queued messages per client */
#define MSG_MAX 512         /* the longest message a client sends */

enum { C_IDLE, C_CONNECTING, C_OPEN, C_CLOSED };

struct client {
    struct lws *wsi;
    int index;              /* table = index / 4; index % 4 == 0 creates it */
    int state;
    int welcomed;
    int seated;
    int closing;            /* close at the next writeable callback */
    char name[16];
    json_int_t version;     /* of the last state */
    json_t *view;           /* the last view (owned) */
    int armed;              /* think timer running */
    json_int_t pending;     /* version a move was sent on, or -1 */
    uint64_t sent_at;       /* uv_hrtime() of that move */
    int next_sent_match, next_sent_round;
    int rematch_sent;       /* match number a rematch was asked after */
    uv_timer_t timer;
    char *out[OUT_MAX];
    size_t outlen[OUT_MAX];
    int nout;
    char *in;               /* a message being reassembled from fragments */
    size_t inlen, incap;
};

struct table {
    char code[32];
    int started;
};

static struct {
    const char *host, *path;
    int port;
    int clients;
    int think_ms;
    int duration_s;
    int ramp_ms;
    uint64_t rng;
} opt = { NULL, "/ws", 0, 2000, 1000, 60, 5000, 1 };

static struct {
    long connected, failed, dropped, welcomed, seated, open, open_max;
    long tables_started, moves_sent, stale, errors, received, matches_over;
    long bytes_in;
    uint32_t *lat;          /* move latencies in microseconds */
    size_t nlat, caplat;
    char first_error[256];
} st;

static struct client *clients;
static struct table *tables;
static struct lws_context *context;
static uv_loop_t loop;
static uv_timer_t ramp_timer, stop_timer;
static int next_connect;
static int stopping;

/* The string value of j, or "" when j is not a string. */
static const char *jstr(const json_t *j)
{
    const char *s = json_string_value(j);
    return s ? s : "";
}

static uint64_t rnd(void)
{
    /* xorshift64*: the think times, from --seed */
    opt.rng ^= opt.rng >> 12;
    opt.rng ^= opt.rng << 25;
    opt.rng ^= opt.rng >> 27;
    return opt.rng * 2685821657736338717ULL;
}

static void record_latency(uint64_t ns)
{
    if (st.nlat == st.caplat) {
        size_t cap = st.caplat ? st.caplat * 2 : 65536;
        uint32_t *p = realloc(st.lat, cap * sizeof *p);
        if (!p)
            return;
        st.lat = p;
        st.caplat = cap;
    }
    st.lat[st.nlat++] = (uint32_t)(ns / 1000);
}

/* Queues text for c (copied) and asks for a writeable callback. */
static void send_text(struct client *c, const char *text)
{
    size_t n = strlen(text);
    char *buf;

    if (c->state != C_OPEN || c->nout == OUT_MAX)
        return;
    buf = malloc(LWS_PRE + n);
    if (!buf)
        return;
    memcpy(buf + LWS_PRE, text, n);
    c->out[c->nout] = buf;
    c->outlen[c->nout] = n;
    c->nout++;
    lws_callback_on_writable(c->wsi);
}

static int card_value(const char *card)
{
    switch (card[0]) {
    case 'A': return 1;
    case 'J': case 'Q': case 'K': return 10;
    default: return atoi(card);
    }
}

/* The move this client plays on its view: declare on a total of 7 or
 * less when allowed, else discard the highest card and draw (or take the
 * first open card when drawing is not allowed). */
static void play_move(struct client *c)
{
    json_t *v = c->view, *hand, *open, *card;
    const char *worst = NULL;
    char msg[MSG_MAX];
    size_t i;

    if (!v || json_integer_value(json_object_get(v, "turn")) !=
                  json_integer_value(json_object_get(v, "you")) ||
        strcmp(jstr(json_object_get(v, "status")), "playing") != 0)
        return;
    hand = json_object_get(v, "hand");
    open = json_object_get(v, "open");
    if (json_is_true(json_object_get(v, "can_declare")) &&
        json_integer_value(json_object_get(v, "hand_total")) <= 7) {
        snprintf(msg, sizeof msg, "{\"type\":\"move\",\"version\":%" JSON_INTEGER_FORMAT
                 ",\"move\":\"declare\"}", c->version);
    } else {
        json_array_foreach(hand, i, card) {
            const char *s = json_string_value(card);
            if (s && (!worst || card_value(s) >= card_value(worst)))
                worst = s;
        }
        if (!worst)
            return;
        if (json_is_false(json_object_get(v, "can_draw")) && json_array_size(open) > 0)
            snprintf(msg, sizeof msg, "{\"type\":\"move\",\"version\":%" JSON_INTEGER_FORMAT
                     ",\"move\":\"discard %s take %s\"}", c->version, worst,
                     json_string_value(json_array_get(open, 0)));
        else
            snprintf(msg, sizeof msg, "{\"type\":\"move\",\"version\":%" JSON_INTEGER_FORMAT
                     ",\"move\":\"discard %s draw\"}", c->version, worst);
    }
    c->pending = c->version;
    c->sent_at = uv_hrtime();
    st.moves_sent++;
    send_text(c, msg);
}

static void on_think(uv_timer_t *t)
{
    struct client *c = t->data;

    c->armed = 0;
    if (!stopping && c->state == C_OPEN && c->pending < 0)
        play_move(c);
}

static void send_join(struct client *c)
{
    char msg[MSG_MAX];
    struct table *tb = &tables[c->index / 4];

    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"code\":\"%s\",\"name\":\"%s\"}", tb->code, c->name);
    send_text(c, msg);
}

static void on_joined(struct client *c, json_t *m)
{
    struct table *tb = &tables[c->index / 4];
    int i;

    if (!c->seated) {
        c->seated = 1;
        st.seated++;
    }
    if (c->index % 4 != 0 || tb->code[0])
        return;
    snprintf(tb->code, sizeof tb->code, "%s", jstr(json_object_get(m, "code")));
    for (i = 1; i < 4; i++) {
        struct client *j = &clients[c->index + i];
        if (j->state == C_OPEN && j->welcomed)
            send_join(j);
    }
}

static void on_state(struct client *c, json_t *m)
{
    json_t *v = json_object_get(m, "view"), *e;
    const char *status = jstr(json_object_get(v, "status"));
    json_int_t you = json_integer_value(json_object_get(v, "you"));
    struct table *tb = &tables[c->index / 4];
    int match = (int)json_integer_value(json_object_get(v, "match"));
    int round = (int)json_integer_value(json_object_get(v, "round"));
    size_t i;

    c->version = json_integer_value(json_object_get(m, "version"));
    json_decref(c->view);
    c->view = json_incref(v);
    if (c->pending >= 0) {
        json_array_foreach(json_object_get(m, "events"), i, e) {
            if (strcmp(jstr(json_object_get(e, "kind")), "move") == 0 &&
                json_integer_value(json_object_get(e, "seat")) == you &&
                json_integer_value(json_object_get(e, "v")) > c->pending) {
                record_latency(uv_hrtime() - c->sent_at);
                c->pending = -1;
                break;
            }
        }
    }
    if (strcmp(status, "lobby") == 0) {
        if (c->index % 4 == 0 && !tb->started && json_array_size(json_object_get(v, "seats")) == 4) {
            tb->started = 1;
            st.tables_started++;
            send_text(c, "{\"type\":\"start\"}");
        }
    } else if (strcmp(status, "playing") == 0) {
        if (json_integer_value(json_object_get(v, "turn")) == you && !c->armed && c->pending < 0) {
            uint64_t ms = (uint64_t)opt.think_ms / 2 + rnd() % ((uint64_t)opt.think_ms + 1);
            c->armed = 1;
            uv_timer_start(&c->timer, on_think, ms, 0);
        }
    } else if (strcmp(status, "between") == 0) {
        if (c->next_sent_match != match || c->next_sent_round != round) {
            c->next_sent_match = match;
            c->next_sent_round = round;
            send_text(c, "{\"type\":\"next\"}");
        }
    } else if (strcmp(status, "over") == 0) {
        if (c->index % 4 == 0 && c->rematch_sent != match) {
            c->rematch_sent = match;
            st.matches_over++;
            send_text(c, "{\"type\":\"rematch\"}");
        }
    }
}

static void on_message(struct client *c, const char *text, size_t len)
{
    json_error_t jerr;
    json_t *m = json_loadb(text, len, 0, &jerr);
    const char *type;

    st.received++;
    st.bytes_in += (long)len;
    if (!m) {
        st.errors++;
        return;
    }
    type = jstr(json_object_get(m, "type"));
    if (strcmp(type, "welcome") == 0) {
        char msg[MSG_MAX];
        c->welcomed = 1;
        st.welcomed++;
        if (c->index % 4 == 0) {
            snprintf(msg, sizeof msg, "{\"type\":\"create\",\"name\":\"%s\",\"seats\":4}", c->name);
            send_text(c, msg);
        } else if (tables[c->index / 4].code[0]) {
            send_join(c);
        }
    } else if (strcmp(type, "joined") == 0) {
        on_joined(c, m);
    } else if (strcmp(type, "state") == 0) {
        on_state(c, m);
    } else if (strcmp(type, "error") == 0) {
        const char *code = jstr(json_object_get(m, "code"));
        if (strcmp(code, "stale") == 0) {
            st.stale++;
            c->pending = -1;
        } else {
            st.errors++;
            if (!st.first_error[0])
                snprintf(st.first_error, sizeof st.first_error, "%.*s", (int)(len < 200 ? len : 200), text);
        }
    }
    json_decref(m);
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user,
                    void *in, size_t len)
{
    struct client *c = lws_get_opaque_user_data(wsi);

    (void)user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (c) {
            st.failed++;
            if (!st.first_error[0])
                snprintf(st.first_error, sizeof st.first_error, "connect: %s",
                         in ? (const char *)in : "(no reason)");
            c->state = C_CLOSED;
            c->wsi = NULL;
        }
        break;
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->state = C_OPEN;
        st.connected++;
        if (++st.open > st.open_max)
            st.open_max = st.open;
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (c->inlen + len + 1 > c->incap) {
            size_t cap = (c->inlen + len + 1) * 2;
            char *p = realloc(c->in, cap);
            if (!p)
                return -1;
            c->in = p;
            c->incap = cap;
        }
        memcpy(c->in + c->inlen, in, len);
        c->inlen += len;
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
            on_message(c, c->in, c->inlen);
            c->inlen = 0;
        }
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (c->closing) {
            static unsigned char done[] = "done";
            lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, done, 4);
            return -1;
        }
        if (c->nout > 0) {
            char *buf = c->out[0];
            size_t n = c->outlen[0];
            int i;
            if (lws_write(wsi, (unsigned char *)buf + LWS_PRE, n, LWS_WRITE_TEXT) < (int)n)
                return -1;
            free(buf);
            for (i = 1; i < c->nout; i++) {
                c->out[i - 1] = c->out[i];
                c->outlen[i - 1] = c->outlen[i];
            }
            c->nout--;
            if (c->nout > 0)
                lws_callback_on_writable(wsi);
        }
        break;
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c && c->state == C_OPEN) {
            st.open--;
            if (!c->closing)
                st.dropped++;
            c->state = C_CLOSED;
            c->wsi = NULL;
            while (c->nout > 0)
                free(c->out[--c->nout]);
        }
        break;
    default:
        break;
    }
    return 0;
}

static const struct lws_protocols protocols[] = {
    { "lsload", callback, 0, 65536, 0, NULL, 0 },
    { NULL, NULL, 0, 0, 0, NULL, 0 }
};

static void connect_one(struct client *c)
{
    struct lws_client_connect_info ci;

    memset(&ci, 0, sizeof ci);
    ci.context = context;
    ci.address = opt.host;
    ci.port = opt.port;
    ci.path = opt.path;
    ci.host = opt.host;
    ci.local_protocol_name = "lsload";
    ci.opaque_user_data = c;
    ci.pwsi = &c->wsi;
    c->state = C_CONNECTING;
    if (!lws_client_connect_via_info(&ci) && c->state == C_CONNECTING) {
        c->state = C_CLOSED;
        st.failed++;
    }
}

/* Opens the next batch of connections: --ramp spreads them evenly. */
static void on_ramp(uv_timer_t *t)
{
    int per_tick = opt.ramp_ms >= 10 ? opt.clients * 10 / opt.ramp_ms + 1 : opt.clients;
    int i;

    for (i = 0; i < per_tick && next_connect < opt.clients; i++)
        connect_one(&clients[next_connect++]);
    if (next_connect >= opt.clients)
        uv_timer_stop(t);
}

static void on_stop(uv_timer_t *t)
{
    int i, open = 0;

    (void)t;
    if (!stopping) {
        stopping = 1;
        uv_timer_stop(&ramp_timer);
        for (i = 0; i < opt.clients; i++) {
            struct client *c = &clients[i];
            uv_timer_stop(&c->timer);
            if (c->state == C_OPEN && c->wsi) {
                c->closing = 1;
                lws_callback_on_writable(c->wsi);
            }
        }
        uv_timer_start(&stop_timer, on_stop, 100, 100);
        return;
    }
    for (i = 0; i < opt.clients; i++)
        open += clients[i].state == C_OPEN;
    if (open == 0 || stopping++ > 50)
        uv_stop(&loop);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static double pct(double p)
{
    size_t i;

    if (st.nlat == 0)
        return 0;
    i = (size_t)(p * (double)(st.nlat - 1) + 0.5);
    return st.lat[i] / 1000.0;
}

static void report(void)
{
    qsort(st.lat, st.nlat, sizeof *st.lat, cmp_u32);
    printf("clients %d\n", opt.clients);
    printf("connected %ld\n", st.connected);
    printf("connect_failures %ld\n", st.failed + (opt.clients - st.connected - st.failed));
    printf("dropped %ld\n", st.dropped);
    printf("open_max %ld\n", st.open_max);
    printf("seated %ld\n", st.seated);
    printf("tables_started %ld\n", st.tables_started);
    printf("matches_finished %ld\n", st.matches_over);
    printf("moves_sent %ld\n", st.moves_sent);
    printf("moves_measured %zu\n", st.nlat);
    printf("stale %ld\n", st.stale);
    printf("errors %ld\n", st.errors);
    printf("messages_received %ld\n", st.received);
    printf("bytes_received %ld\n", st.bytes_in);
    printf("latency_ms_p50 %.2f\n", pct(0.50));
    printf("latency_ms_p90 %.2f\n", pct(0.90));
    printf("latency_ms_p99 %.2f\n", pct(0.99));
    printf("latency_ms_max %.2f\n", st.nlat ? st.lat[st.nlat - 1] / 1000.0 : 0);
    if (st.first_error[0])
        printf("first_error %s\n", st.first_error);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: loadgen --url ws://127.0.0.1:PORT/ws [--clients N] [--think MS]\n"
               "               [--duration S] [--ramp MS] [--seed N]\n"
               "  --clients N    WebSocket clients, four to a table (default 2000)\n"
               "  --think MS     mean pause before a player moves (default 1000; +-50%%)\n"
               "  --duration S   seconds of play after the last connection opened (default 60)\n"
               "  --ramp MS      time over which the connections are opened (default 5000)\n"
               "  --seed N       seed of the think times (default 1)\n");
}

static int parse_int(const char *s, int lo, int hi, const char *name)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s ? s : "", &end, 10);
    if (!s || errno || *end || end == s || v < lo || v > hi) {
        fprintf(stderr, "loadgen: %s must be a whole number from %d to %d, not '%s'\n",
                name, lo, hi, s ? s : "");
        exit(2);
    }
    return (int)v;
}

/* Reads ws://HOST:PORT/PATH (HOST a loopback address). */
static void parse_url(const char *url)
{
    static char host[256], path[256];
    const char *p;

    if (strncmp(url, "ws://", 5) != 0 || !(p = strchr(url + 5, ':')) ||
        (size_t)(p - url - 5) >= sizeof host) {
        fprintf(stderr, "loadgen: --url must be ws://HOST:PORT/PATH, not '%s'\n", url);
        exit(2);
    }
    memcpy(host, url + 5, (size_t)(p - url - 5));
    host[p - url - 5] = '\0';
    opt.port = atoi(p + 1);
    p = strchr(p, '/');
    snprintf(path, sizeof path, "%s", p ? p : "/ws");
    opt.host = host;
    opt.path = path;
    if (strncmp(host, "127.", 4) != 0 && strcmp(host, "localhost") != 0) {
        fprintf(stderr, "loadgen: %s is not a loopback address: this tool loads local servers only\n", host);
        exit(2);
    }
    if (opt.port <= 0 || opt.port > 65535) {
        fprintf(stderr, "loadgen: bad port in '%s'\n", url);
        exit(2);
    }
}

int main(int argc, char **argv)
{
    struct lws_context_creation_info info;
    struct rlimit rl;
    void *loops[1];
    int i;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--url") == 0 && v) {
            parse_url(v);
        } else if (strcmp(a, "--clients") == 0) {
            opt.clients = parse_int(v, 4, 100000, "--clients") / 4 * 4;
        } else if (strcmp(a, "--think") == 0) {
            opt.think_ms = parse_int(v, 0, 600000, "--think");
        } else if (strcmp(a, "--duration") == 0) {
            opt.duration_s = parse_int(v, 1, 3600, "--duration");
        } else if (strcmp(a, "--ramp") == 0) {
            opt.ramp_ms = parse_int(v, 0, 600000, "--ramp");
        } else if (strcmp(a, "--seed") == 0) {
            opt.rng = (uint64_t)parse_int(v, 1, 2147483647, "--seed") * 0x9E3779B97F4A7C15ULL;
        } else {
            fprintf(stderr, "loadgen: unknown argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
        i++;
    }
    if (!opt.host) {
        usage(stderr);
        return 2;
    }

    /* One descriptor per client, and some for the library. */
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (rlim_t)opt.clients + 64) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
        if (rl.rlim_cur < (rlim_t)opt.clients + 64) {
            fprintf(stderr, "loadgen: %d clients need %d file descriptors; the limit is %ld (ulimit -n)\n",
                    opt.clients, opt.clients + 64, (long)rl.rlim_cur);
            return 1;
        }
    }

    clients = calloc((size_t)opt.clients, sizeof *clients);
    tables = calloc((size_t)opt.clients / 4, sizeof *tables);
    if (!clients || !tables)
        return 1;
    uv_loop_init(&loop);
    for (i = 0; i < opt.clients; i++) {
        struct client *c = &clients[i];
        c->index = i;
        c->pending = -1;
        snprintf(c->name, sizeof c->name, "L%d", i);
        uv_timer_init(&loop, &c->timer);
        c->timer.data = c;
    }

    lws_set_log_level(LLL_ERR, NULL);
    memset(&info, 0, sizeof info);
    loops[0] = &loop;
    info.options = LWS_SERVER_OPTION_LIBUV;
    info.foreign_loops = loops;
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.fd_limit_per_thread = (unsigned)opt.clients + 64;
    context = lws_create_context(&info);
    if (!context) {
        fprintf(stderr, "loadgen: cannot create the libwebsockets context (libuv event library missing?)\n");
        return 1;
    }

    uv_timer_init(&loop, &ramp_timer);
    uv_timer_init(&loop, &stop_timer);
    uv_timer_start(&ramp_timer, on_ramp, 0, 10);
    uv_timer_start(&stop_timer, on_stop, (uint64_t)opt.ramp_ms + (uint64_t)opt.duration_s * 1000, 0);
    uv_run(&loop, UV_RUN_DEFAULT);

    report();

    lws_context_destroy(context);
    for (i = 0; i < opt.clients; i++) {
        uv_close((uv_handle_t *)&clients[i].timer, NULL);
        json_decref(clients[i].view);
        free(clients[i].in);
        while (clients[i].nout > 0)
            free(clients[i].out[--clients[i].nout]);
    }
    uv_close((uv_handle_t *)&ramp_timer, NULL);
    uv_close((uv_handle_t *)&stop_timer, NULL);
    for (i = 0; i < 100 && uv_run(&loop, UV_RUN_NOWAIT); i++)
        ;
    free(clients);
    free(tables);
    free(st.lat);
    return 0;
}
