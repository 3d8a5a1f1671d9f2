/*
 * botproc.c - the referee side of the bot protocol (docs/bot-protocol.md).
 *
 * A bot is a child process started with /bin/sh -c COMMAND whose stdin,
 * stdout and stderr are pipes to us. When the caller asks (the full-screen
 * game, which its stderr would write over) it is quiet: what it writes
 * to its stderr is not passed on, but its last line is kept and quoted
 * in the next report of its failure (keep_stderr), as that line often
 * says why it failed. Otherwise what it
 * writes to its stderr is passed on to ours a whole line at a time
 * (pass_stderr), so that a line it leaves unended never runs into the
 * referee's next message or another bot's line, with its control bytes
 * written \xNN (put_stderr), so that it never reaches the terminal as an
 * escape sequence, led by the seat's name when the caller gives one
 * (sim's and arena's "[NAME] "), and within a budget the caller may share
 * between the matches of a run (within_budget), so that a chatty bot
 * cannot flood the terminal: past it, lines are dropped and counted,
 * for the program to say at its end. A thread of its own, the pump, reads every bot's
 * stderr as it comes (a quiet bot's lines kept, another's held for the
 * referee), so that a bot that logs a lot is never held in that write
 * while the referee waits on something else. A bot holds its own pipe
 * ends alone (a leaked write end would hide a bot's death): the pipes
 * are made with O_CLOEXEC under the lock that every fork is made under,
 * the child's ends closed before it is released, and the child closes
 * every descriptor above 2 before its exec. When COMMAND is one simple
 * command the shell is told to exec it, so the pipes are the bot's alone
 * and its closing its output is seen at once.
 *
 * Nothing the bot does can stop the referee: every read waits with poll()
 * for at most the time limit, the write end is non-blocking and a line
 * that cannot be written within the same limit (a bot that stopped reading
 * fills the pipe) kills the bot, draining unasked output reads a bounded
 * amount, and SIGPIPE is ignored, so writing to a dead bot is an EPIPE,
 * never a signal. Each bot runs in its own process group, and ending a bot
 * kills the whole group: the shell, the bot and anything it started, even
 * a bot that ignores quit and SIGTERM or closed its output and went on.
 *
 * The player keeps a built-in greedy player informed of every event; it
 * plays every turn the bot cannot: an illegal move or garbage is replaced
 * for that turn only, while a bot that timed out, broke the handshake or
 * died is killed and the greedy player finishes the match in its place.
 */
#define _GNU_SOURCE /* pipe2 */
#include "cli/botproc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "ai/expert.h"

#define LINE_MAX_LEN CLI_BOT_LINE_MAX
#define DRAIN_MAX (64 * 1024) /* unasked output read before a go, at most */
#define ERR_LINE_MAX 4096      /* a longer stderr line is passed on in pieces */
#define ERR_CUT_NOTE " [cut at 4096 bytes: the line goes on below]" /* ends each piece but its last */
#define ERR_PIECE_MAX (ERR_LINE_MAX + sizeof ERR_CUT_NOTE - 1) /* a piece, with the note */
#define ERR_PASS_MAX (256 * 1024) /* stderr passed on in one go, at most */
#define ERR_KEPT 120           /* a quiet bot's last stderr line, kept to quote */
#define ERR_HELD_MAX (4 * 1024 * 1024) /* stderr the pump holds for the referee, at most */

typedef struct bot {
    char command[CLI_BOT_COMMAND_MAX + 1];
    char tag[48];         /* "LEASTSCORE_BOT=PID.N", first in its environment */
    pid_t pid;            /* the process and its process group; -1 once reaped */
    int to_bot, from_bot; /* pipe ends, -1 when closed */
    /* Its stderr, read by the referee's thread and by the pump (the
     * fields to last_err, under err_mu; only the referee's thread
     * changes err_fd). */
    pthread_mutex_t err_mu;
    int err_fd;           /* its stderr's read end: -1 when closed */
    bool err_eof;         /* the pump met its end: the referee closes it */
    bool pumped;          /* in the pump's list */
    char err[ERR_LINE_MAX + 1]; /* its stderr line not yet passed on */
    size_t err_len;       /* at most ERR_LINE_MAX: one byte is kept for '\n' */
    char *held;           /* whole lines the pump read, not yet passed on */
    size_t held_len, held_cap;
    bool dead;            /* killed or exited: the fallback plays */
    bool started;         /* the match header has been sent */
    bool shaking;         /* waiting for the answer to the handshake */
    bool hello_sent;      /* the handshake was said, its answer not yet read */
    bool shake_wake;      /* wake, put aside while the handshake lasts */
    int shake_limit;      /* timeout_ms, put aside while the handshake lasts */
    double deadline;      /* the handshake's answer is due (now_ms), or 0 */
    bool holding;         /* a report is held, not made (saying the hello) */
    char *held_report;    /* the report held, made when the answer is read */
    bool quiet;           /* its stderr is not passed on, only its last line kept */
    cli_bot_stderr *err_budget; /* what it may pass on in the run (or NULL) */
    char name[LS_NAME_MAX + 1]; /* the seat's name that leads each report, or "" */
    long match;           /* with a name, the match its stderr lines name (or 0) */
    char last_err[ERR_KEPT + 1]; /* quiet: its stderr's last line, to quote */
    int timeout_ms;
    char buf[LINE_MAX_LEN * 2];
    size_t len;
    bool skip;            /* the rest of an overlong line is to be dropped */
    int deck;             /* the deck's size the bot was last told */
    volatile sig_atomic_t *stop; /* set by a signal: stop waiting (or NULL) */
    bool wake;            /* input on wake_fd, or *woken, stops waiting too */
    int wake_fd;
    volatile sig_atomic_t *woken;
    bool waiting;         /* `asked` was sent and its answer not yet read */
    char asked[LINE_MAX_LEN];
    ls_player *fallback;
    void (*report)(void *ud, const char *msg);
    void *report_ud;
} bot;

static const ls_player_ops bot_ops;

/*
 * The bots alive, by process id (0: a free slot), for a program that is
 * killed by a signal: its bots run in process groups of their own, so the
 * terminal's Ctrl-C does not reach them, and one that ignores the end of
 * its input (or left a child running) would outlive the program. A slot
 * holds the id once the group exists. bot_kill turns it negative once it
 * has killed the group, before it reaps the process, and clears it after:
 * the handler signals only positive ids, so it never signals an id that
 * may be reused, while the orphans' sweep (is_live) still knows the
 * process for a bot's until it is reaped.
 * Atomics make the handler's reads async-signal-safe. sim and arena run
 * at most 1024 threads of 8 players; a bot that finds no slot free is
 * only missed by the handler.
 */
#define LIVE_MAX (1024 * LS_MAX_PLAYERS)
static _Atomic int live[LIVE_MAX];

/*
 * The live list is read once by the handler, while other threads go on:
 * a bot forked after that read (its slot not yet filled, or the fork
 * itself later) was missed, and what it started in its group outlived
 * the program (the bot itself dies with its parent thread: PDEATHSIG).
 * So the handler first sets dying, then waits for spawning to fall to 0
 * before it reads the list; bot_start counts itself in spawning before
 * it looks at dying and out once its bot has its slot. Either the
 * handler's read finds the bot, or bot_start sees dying and forks no
 * more (all sequentially consistent atomics). A child forked just as
 * dying was set sees it in its copy and exits at once.
 */
static _Atomic int dying;
static _Atomic int spawning;
#define SPAWN_WAIT_MS 2000 /* the handler waits for a fork this long, at most */

static void live_add(pid_t pid)
{
    for (int i = 0; i < LIVE_MAX; i++) {
        int free_slot = 0;
        if (atomic_compare_exchange_strong(&live[i], &free_slot, (int)pid))
            return;
    }
}

/* Changes the slot holding from (pid, -pid) to to (-pid, 0). */
static void live_set(int from, int to)
{
    for (int i = 0; i < LIVE_MAX; i++) {
        int was = from;
        if (atomic_compare_exchange_strong(&live[i], &was, to))
            return;
    }
}

static bool adopting; /* cli_bots_adopt_orphans made us their subreaper */

/* The parent of process pid from /proc/PID/stat ("pid (comm) state ppid
 * ..."; comm may hold spaces and parentheses: the last ')' ends it), or
 * -1; its state ('Z': it has exited, not yet reaped) in *state. Only
 * async-signal-safe calls (open, read, close): the signal handler asks
 * too. */
static long parent_of(const char *pid, char *state)
{
    char path[sizeof "/proc//stat" + 256], text[512]; /* d_name: 255 at most */
    size_t n = sizeof "/proc/" - 1;
    memcpy(path, "/proc/", n);
    for (const char *p = pid; *p && n < sizeof path - sizeof "/stat"; p++)
        path[n++] = *p;
    memcpy(path + n, "/stat", sizeof "/stat");
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    if (got <= 0)
        return -1;
    text[got] = '\0';
    const char *p = strrchr(text, ')');
    if (!p || p[1] != ' ' || !p[2] || p[3] != ' ' || p[4] < '0' || p[4] > '9')
        return -1;
    *state = p[2];
    long ppid = 0;
    for (p += 4; *p >= '0' && *p <= '9'; p++)
        ppid = ppid * 10 + (*p - '0');
    return ppid;
}

/* Kills and reaps every child of this process, and again those that
 * killing one hands us (as their subreaper), until there are none (at
 * most 100 times: one that forks without end). Async-signal-safe: /proc
 * is read with getdents64, not opendir, which may allocate. */
static void end_children_now(void)
{
    long me = (long)getpid();
    for (int round = 0; round < 100; round++) {
        int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
            return;
        int found = 0;
        union { struct dirent64 align; char bytes[8192]; } buf;
        for (ssize_t n; (n = getdents64(fd, buf.bytes, sizeof buf.bytes)) > 0;)
            for (ssize_t off = 0; off < n;) {
                const struct dirent64 *e = (const struct dirent64 *)(buf.bytes + off);
                off += e->d_reclen;
                const char *name = e->d_name;
                char state;
                if (name[0] < '1' || name[0] > '9' || name[strspn(name, "0123456789")] ||
                    parent_of(name, &state) != me)
                    continue;
                pid_t pid = 0;
                for (const char *d = name; *d; d++)
                    pid = pid * 10 + (*d - '0');
                kill(pid, SIGKILL);
                waitpid(pid, NULL, 0);
                found++;
            }
        close(fd);
        if (!found)
            return;
    }
}

/* Kills every live bot's group; as the subreaper (sim, arena), waits for
 * each bot to die, so that what it started outside its group is ours,
 * and ends every child left, a bot's or adopted from one before. Then
 * dies of the signal as if unhandled (the exit status says which): the
 * signal, blocked in its handler, comes once the handler returns, and
 * errno is as the interrupted code left it (kill and waitpid set it, and
 * ThreadSanitizer said "signal handler spoils errno"). */
static void on_fatal_signal(int sig)
{
    int saved_errno = errno;
    atomic_store(&dying, 1);
    /* Bounded: a thread stuck in fork is not waited for for ever (the
     * fatal signals are blocked in that section, so the handler never
     * runs in the thread it waits for). */
    struct timespec ms = {0, 1000000};
    for (int i = 0; i < SPAWN_WAIT_MS && atomic_load(&spawning) > 0; i++)
        nanosleep(&ms, NULL);
    for (int i = 0; i < LIVE_MAX; i++) {
        int pid = atomic_load(&live[i]);
        if (pid > 0) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
        }
    }
    if (adopting) {
        /* A bot another thread reaps first is ECHILD here: gone too (a
         * negative slot is one being reaped by bot_kill, killed already;
         * if its id was reused meanwhile, it is by a bot of ours, which
         * the loop above killed). */
        for (int i = 0; i < LIVE_MAX; i++) {
            int pid = atomic_load(&live[i]);
            if (pid != 0)
                waitpid(pid > 0 ? pid : -pid, NULL, 0);
        }
        end_children_now();
    }
    signal(sig, SIG_DFL);
    raise(sig);
    errno = saved_errno;
}

void cli_bots_die_with_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        /* A signal ignored from the start (nohup, a background job)
         * stays ignored. */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
}

void cli_ignore_sigpipe(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int cli_bot_ms_left(double deadline, double now)
{
    double left = deadline - now;
    if (!(left > 0))
        return 0;
    if (left >= INT_MAX)
        return INT_MAX;
    int ms = (int)left;
    return ms < left ? ms + 1 : ms;
}

/* Whether cp changes the direction of the text around it or is not seen:
 * the bidirectional marks, embeddings, overrides and isolates (U+061C,
 * U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), the zero-width
 * characters (U+200B..U+200D, U+2060, U+FEFF), the soft hyphen (U+00AD)
 * and the Mongolian vowel separator (U+180E), the line and paragraph
 * separators (U+2028, U+2029: a line break to some terminals, none to
 * others), the invisible operators (U+2061..U+2064), the interlinear
 * annotations (U+FFF9..U+FFFB) and the tags (U+E0000..U+E007F, which
 * spell hidden ASCII). Passed on raw, they make a line read otherwise
 * than its bytes ("Trojan Source"), or two names that differ look the
 * same. */
static bool hidden_cp(unsigned cp)
{
    return cp == 0x00ad || cp == 0x061c || cp == 0x180e ||
           (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x2029) ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x2064) ||
           (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff ||
           (cp >= 0xfff9 && cp <= 0xfffb) || (cp >= 0xe0000 && cp <= 0xe007f);
}

/* The bytes of the UTF-8 character at p (before end) when it is one a
 * terminal prints as it is: printable ASCII but a backslash, or a whole
 * multi-byte character that is not a C1 control, an overlong form, a
 * surrogate, beyond U+10FFFF or hidden (hidden_cp: then *hidden is its
 * length, so that its bytes are escaped together); else 0. */
static size_t shown_char(const unsigned char *p, const unsigned char *end,
                         size_t *hidden)
{
    unsigned c = *p, n, cp;
    if (c < 0x80)
        return c >= 0x20 && c != 0x7f && c != '\\';
    if (c >= 0xc2 && c <= 0xdf)
        n = 1, cp = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
        n = 2, cp = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 3, cp = c & 0x07;
    else
        return 0;
    if ((size_t)(end - p) <= n)
        return 0; /* cut inside the character */
    for (unsigned i = 1; i <= n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3f);
    }
    if ((n == 1 && cp < 0xa0) ||
        (n == 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
        (n == 3 && (cp < 0x10000 || cp > 0x10ffff)))
        return 0;
    if (hidden_cp(cp)) {
        *hidden = n + 1;
        return 0;
    }
    return n + 1;
}

bool cli_shows_as_is(const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + len;
    size_t hidden;
    for (size_t k; p < end; p += k)
        if ((k = shown_char(p, end, &hidden)) == 0)
            return false;
    return true;
}

char *cli_shown_n(const char *text, size_t len, char *buf, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)text, *end = p + len;
    size_t n = 0;
    if (size == 0)
        return buf;
    while (p < end) {
        size_t hidden = 1, k = shown_char(p, end, &hidden);
        size_t w = k ? k : *p == '\\' ? 2 : 4 * hidden;
        if (n + w >= size)
            break; /* cut at a character or an escape, never inside */
        if (k) {
            memcpy(buf + n, p, k);
        } else if (*p == '\\') {
            buf[n] = buf[n + 1] = '\\';
        } else {
            for (size_t i = 0; i < hidden; i++) {
                buf[n + 4 * i] = '\\', buf[n + 4 * i + 1] = 'x';
                buf[n + 4 * i + 2] = hex[p[i] >> 4], buf[n + 4 * i + 3] = hex[p[i] & 15];
            }
        }
        n += w;
        p += k ? k : hidden;
    }
    buf[n] = '\0';
    return buf;
}

/* ls_printable writes no other escapes than \\ and \xNN (lower-case
 * hex); any other backslash is kept as it is. The bytes read back are
 * never more than the message's. */
char *cli_shown_msg(const char *msg, char *buf, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    char raw[1024];
    size_t n = 0;
    for (const char *p = msg; *p && n < sizeof raw; n++) {
        const char *hi, *lo;
        if (p[0] == '\\' && p[1] == '\\') {
            raw[n] = '\\';
            p += 2;
        } else if (p[0] == '\\' && p[1] == 'x' && p[2] && p[3] &&
                   (hi = strchr(hex, p[2])) && (lo = strchr(hex, p[3]))) {
            raw[n] = (char)((hi - hex) << 4 | (lo - hex));
            p += 4;
        } else {
            raw[n] = *p++;
        }
    }
    return cli_shown_n(raw, n, buf, size);
}

/* The bytes (*w shown) of the character or escape that cli_shown_n
 * writes for the text at p (before end). */
static size_t shown_unit(const unsigned char *p, const unsigned char *end, size_t *w)
{
    size_t hidden = 1, k = shown_char(p, end, &hidden);
    *w = k ? k : *p == '\\' ? 2 : 4 * hidden;
    return k ? k : hidden;
}

char *cli_shown_cut(const char *text, size_t len, size_t max, char *buf, size_t size)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + len;
    size_t total = 0, w = 0;
    if (size == 0)
        return buf;
    if (max > size - 1)
        max = size - 1;
    for (const unsigned char *q = p; q < end; total += w)
        q += shown_unit(q, end, &w);
    if (total <= max)
        return cli_shown_n(text, len, buf, size);
    /* The head's units up to half of what is kept, the tail's from the
     * first unit after which no more than the other half is left. */
    size_t keep = max > 3 ? max - 3 : 0, head = 0, tail = len, seen = 0, used = 0;
    for (const unsigned char *q = p; q < end;) {
        size_t k = shown_unit(q, end, &w);
        if (used + w <= keep / 2 && head == (size_t)(q - p)) {
            used += w;
            head += k;
        }
        if (total - seen <= keep - used) {
            tail = (size_t)(q - p);
            break;
        }
        seen += w;
        q += k;
    }
    cli_shown_n(text, head, buf, size);
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "...");
    n += strlen(buf + n);
    cli_shown_n(text + tail, len - tail, buf + n, size - n);
    return buf;
}

/* Writes the n bytes to our stderr; a failure drops them (there is
 * nowhere to say so). */
static void put_raw(const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

/* Writes the bot's n bytes of stderr, whole lines (each at most
 * ERR_PIECE_MAX bytes), to ours in one write, each line as cli_shown_n
 * shows it: a control byte (of an escape sequence that would move the
 * cursor, clear the screen or set the terminal's title) or a byte that is
 * not UTF-8 is written \xNN, a backslash \\; printable UTF-8 is passed on
 * as it is, in a line with such bytes too. A bot with a name (sim's and
 * arena's) has it before each line, "[NAME] ", so that one can tell which
 * bot wrote what: lines of several bots, and of two seats of one
 * command, came unnamed. With a match too, "[NAME, match M] ": the lines
 * of one entry's bots in matches played at once (threads) interleave. */
static void put_stderr(const bot *b, const char *s, size_t n)
{
    char out[4 * (ERR_PIECE_MAX + 1) + LS_NAME_MAX + 40];
    size_t k = 0;
    while (n > 0) {
        const char *nl = memchr(s, '\n', n);
        size_t len = nl ? (size_t)(nl - s) : n;
        if (len > ERR_PIECE_MAX)
            len = ERR_PIECE_MAX; /* (none is: read_stderr cuts them) */
        if (k + LS_NAME_MAX + 36 + 4 * len + 2 > sizeof out) {
            put_raw(out, k); /* full of whole lines, each named */
            k = 0;
        }
        if (b->name[0] && b->match > 0)
            k += (size_t)snprintf(out + k, sizeof out - k, "[%s, match %ld] ", b->name,
                                  b->match);
        else if (b->name[0])
            k += (size_t)snprintf(out + k, sizeof out - k, "[%s] ", b->name);
        cli_shown_n(s, len, out + k, sizeof out - k - 1);
        k += strlen(out + k);
        out[k++] = '\n';
        len += nl && s + len == nl;
        s += len;
        n -= len;
    }
    put_raw(out, k);
}

/* A quiet bot's whole lines of stderr (n bytes, each ended by '\n'): the
 * last one not empty is kept, its first ERR_KEPT bytes, to be quoted when
 * the bot fails; the rest is dropped. */
static void keep_stderr(bot *b, const char *s, size_t n)
{
    while (n > 0) {
        const char *nl = memchr(s, '\n', n);
        size_t len = nl ? (size_t)(nl - s) : n;
        size_t keep = len;
        if (keep > ERR_KEPT) { /* cut between two UTF-8 characters */
            keep = ERR_KEPT;
            while (keep > ERR_KEPT - 3 && ((unsigned char)s[keep] & 0xC0) == 0x80)
                keep--;
        }
        if (len > 0)
            snprintf(b->last_err, sizeof b->last_err, "%.*s", (int)keep, s);
        len += nl != NULL;
        s += len;
        n -= len;
    }
}

/* Appends the pump's n bytes of whole lines to b->held, growing it up to
 * ERR_HELD_MAX (the pump reads no more of a bot whose held lines fill it:
 * read_stderr is asked for no more than the room left). */
static void hold_stderr(bot *b, const char *s, size_t n)
{
    if (b->held_len + n > b->held_cap) {
        size_t cap = b->held_cap ? b->held_cap : 64 * 1024;
        while (cap < b->held_len + n)
            cap *= 2;
        char *grown = realloc(b->held, cap);
        if (!grown)
            return; /* no memory: these lines are lost, the bot is not held */
        b->held = grown;
        b->held_cap = cap;
    }
    memcpy(b->held + b->held_len, s, n);
    b->held_len += n;
}

/* How many of the n bytes of whole lines s holds (its first lines) may
 * be passed on within the bot's budget for the run; the lines past it
 * are counted as dropped there. Once a line does not fit, none after it
 * does (the budget is only ever taken from), so what is passed on is the
 * run's first lines, whole, never a line cut at the limit. */
static size_t within_budget(bot *b, const char *s, size_t n)
{
    cli_bot_stderr *g = b->err_budget;
    if (!g)
        return n;
    size_t ok = 0;
    while (ok < n) {
        const char *nl = memchr(s + ok, '\n', n - ok);
        size_t len = nl ? (size_t)(nl - (s + ok)) + 1 : n - ok;
        long long before = atomic_fetch_add(&g->passed, (long long)len);
        if (before + (long long)len > CLI_BOT_STDERR_MAX)
            break;
        ok += len;
    }
    if (ok < n) {
        long lines = 0;
        for (const char *p = s + ok; p < s + n; p++)
            lines += *p == '\n';
        atomic_fetch_add(&g->dropped, (long long)(n - ok));
        atomic_fetch_add(&g->dropped_lines, lines);
    }
    return ok;
}

/* Whole lines of the bot's stderr: kept (quiet), held for the referee
 * (read by the pump), or passed on now; past the bot's budget, dropped. */
static void out_stderr(bot *b, const char *s, size_t n, bool pump)
{
    if (b->quiet) {
        keep_stderr(b, s, n);
        return;
    }
    n = within_budget(b, s, n);
    if (n == 0)
        return;
    if (pump)
        hold_stderr(b, s, n);
    else
        put_stderr(b, s, n);
}

/*
 * Reads what the bot's stderr holds now, at most max bytes, without
 * waiting, and hands it to out_stderr a whole line at a time (the start
 * of a line is kept in b->err until its newline comes; a line longer
 * than ERR_LINE_MAX goes in pieces of that length, each ended and cut at
 * a character). Returns true at the end of the pipe (every process of
 * the bot closed it). Called with b->err_mu held.
 */
static bool read_stderr(bot *b, size_t max, bool pump)
{
    for (size_t total = 0; b->err_fd >= 0 && total < max;) {
        size_t room = ERR_LINE_MAX - b->err_len;
        ssize_t r = read(b->err_fd, b->err + b->err_len, room < max - total ? room : max - total);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return false; /* EAGAIN: nothing more for now */
        if (r == 0)
            return true;
        total += (size_t)r;
        b->err_len += (size_t)r;
        const char *nl = memrchr(b->err, '\n', b->err_len);
        size_t whole = nl ? (size_t)(nl - b->err) + 1 : 0;
        if (whole) {
            out_stderr(b, b->err, whole, pump);
            memmove(b->err, b->err + whole, b->err_len - whole);
            b->err_len -= whole;
        } else if (b->err_len == ERR_LINE_MAX) {
            /* A piece ends at a character: one cut inside a UTF-8
             * character would be shown as bytes, \xNN, the whole piece. */
            size_t cut = ERR_LINE_MAX - 1, keep;
            while (cut > ERR_LINE_MAX - 4 && ((unsigned char)b->err[cut] & 0xC0) == 0x80)
                cut--; /* to the last character's first byte */
            unsigned lead = (unsigned char)b->err[cut];
            size_t len = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
            if (cut + len <= ERR_LINE_MAX)
                cut = ERR_LINE_MAX; /* it is whole */
            keep = ERR_LINE_MAX - cut;
            /* The piece says it was cut, so that nobody takes it for
             * the bot's whole line. */
            char piece[ERR_PIECE_MAX + 1];
            memcpy(piece, b->err, cut);
            memcpy(piece + cut, ERR_CUT_NOTE "\n", sizeof ERR_CUT_NOTE);
            out_stderr(b, piece, cut + sizeof ERR_CUT_NOTE, pump);
            memmove(b->err, b->err + cut, keep);
            b->err_len = keep;
        }
    }
    return false;
}

/*
 * The stderr pump: one thread that reads every bot's stderr as it comes,
 * so that a bot that logs more than a pipe holds (64 KiB) is never held
 * in that write while the referee waits on something else (a person
 * thinking at the prompt, another bot's answer, the pause between two
 * questions): it was, and the work it meant to do meanwhile was put off
 * until its next question, where it counted against its time limit. A
 * quiet bot's lines are kept as ever (its last line); another's are held
 * in b->held, up to ERR_HELD_MAX, until the referee passes them on at its
 * next pass_stderr (so that they reach our stderr where they did, never
 * across a line a person types); a bot that fills that is read no more
 * until they are, as before. The pump works under pump.mu, which
 * pump_remove takes: once a bot is removed the pump never touches it
 * again. It takes a bot's err_mu inside pump.mu, never the other way
 * round. A program whose pump cannot start reads as before, only while it
 * waits on the bot.
 */
static struct {
    pthread_mutex_t mu;
    bot **bots;       /* the bots whose stderr is read */
    size_t n, cap;
    int wake[2];      /* a byte there makes the pump look at the bots again */
    bool running;
} pump = {.mu = PTHREAD_MUTEX_INITIALIZER, .wake = {-1, -1}};
static pthread_once_t pump_once = PTHREAD_ONCE_INIT;

static void pump_poke(void)
{
    if (pump.running) {
        ssize_t w = write(pump.wake[1], "", 1); /* a full pipe has a byte already */
        (void)w;
    }
}

/* Whether the pump may read more of b (b->err_mu held). */
static bool pump_wants(const bot *b)
{
    return b->err_fd >= 0 && !b->err_eof && (b->quiet || b->held_len < ERR_HELD_MAX);
}

static void *pump_main(void *arg)
{
    (void)arg;
    struct pollfd *pfd = NULL;
    bot **who = NULL;
    size_t room = 0;
    for (;;) {
        pthread_mutex_lock(&pump.mu);
        if (room < pump.n + 1) {
            size_t want = (pump.n + 1) * 2;
            struct pollfd *p = realloc(pfd, want * sizeof *pfd);
            if (p)
                pfd = p;
            bot **w = realloc(who, want * sizeof *who);
            if (w)
                who = w;
            if (p && w)
                room = want;
        }
        if (room == 0) {
            /* Not even the first arrays: out of memory. The bots' stderr
             * waits in its pipes; look again in a moment. */
            pthread_mutex_unlock(&pump.mu);
            poll(NULL, 0, 100);
            continue;
        }
        size_t n = 1;
        pfd[0] = (struct pollfd){.fd = pump.wake[0], .events = POLLIN};
        for (size_t i = 0; i < pump.n && n < room; i++) {
            bot *b = pump.bots[i];
            pthread_mutex_lock(&b->err_mu);
            if (pump_wants(b)) {
                who[n] = b;
                pfd[n++] = (struct pollfd){.fd = b->err_fd, .events = POLLIN};
            }
            pthread_mutex_unlock(&b->err_mu);
        }
        pthread_mutex_unlock(&pump.mu);
        /* A second at most: a descriptor closed while it is polled is
         * let go of by the next look. */
        if (poll(pfd, n, 1000) <= 0)
            continue;
        if (pfd[0].revents) {
            char junk[64];
            while (read(pump.wake[0], junk, sizeof junk) > 0)
                ;
        }
        pthread_mutex_lock(&pump.mu);
        for (size_t i = 1; i < n; i++) {
            if (!pfd[i].revents)
                continue;
            bool listed = false;
            for (size_t k = 0; k < pump.n && !listed; k++)
                listed = pump.bots[k] == who[i];
            if (!listed)
                continue; /* removed meanwhile, maybe freed */
            bot *b = who[i];
            pthread_mutex_lock(&b->err_mu);
            /* Its descriptor may have been closed and its number given
             * to another's since the poll. */
            if (b->err_fd == pfd[i].fd && pump_wants(b))
                b->err_eof = read_stderr(b, b->quiet ? ERR_PASS_MAX
                                                     : ERR_HELD_MAX - b->held_len, true);
            pthread_mutex_unlock(&b->err_mu);
        }
        pthread_mutex_unlock(&pump.mu);
    }
    return NULL;
}

static void pump_start(void)
{
    if (pipe2(pump.wake, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    /* Every signal goes to the other threads: a handler that sets a flag
     * must cut short the wait of the thread that looks at it. */
    sigset_t all, was;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &was);
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pump.running = pthread_create(&t, &attr, pump_main, NULL) == 0;
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &was, NULL);
    if (!pump.running) {
        close(pump.wake[0]);
        close(pump.wake[1]);
    }
}

static void pump_add(bot *b)
{
    pthread_once(&pump_once, pump_start);
    if (!pump.running)
        return;
    pthread_mutex_lock(&pump.mu);
    if (pump.n == pump.cap) {
        size_t cap = pump.cap ? pump.cap * 2 : 16;
        bot **grown = realloc(pump.bots, cap * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&pump.mu);
            return; /* read only while the referee waits on it, as before */
        }
        pump.bots = grown;
        pump.cap = cap;
    }
    pump.bots[pump.n++] = b;
    b->pumped = true;
    pthread_mutex_unlock(&pump.mu);
    pump_poke();
}

static void pump_remove(bot *b)
{
    if (!b->pumped)
        return;
    pthread_mutex_lock(&pump.mu);
    for (size_t i = 0; i < pump.n; i++)
        if (pump.bots[i] == b) {
            pump.bots[i] = pump.bots[--pump.n];
            break;
        }
    b->pumped = false;
    pthread_mutex_unlock(&pump.mu);
}

/*
 * Passes on to our stderr what the bot has written to its own, without
 * waiting: first the lines the pump holds, then what the pipe has now,
 * whole lines, each batch in one write, so that lines of bots on other
 * threads do not cut into one another. With end_line, the line begun is
 * passed on now, ended with a newline that the bot did not write: the
 * caller is about to write something else (the bot's move is played, a
 * failure is reported, the bot is gone). At most ERR_PASS_MAX bytes are
 * read, so that a bot that writes without end cannot hold the referee
 * here. At the end of the pipe (every process of the bot closed it) the
 * line begun is ended and the pipe closed. A quiet bot's lines are only
 * kept (keep_stderr).
 */
static void pass_stderr(bot *b, bool end_line)
{
    pthread_mutex_lock(&b->err_mu);
    bool full = b->held_len >= ERR_HELD_MAX;
    for (size_t at = 0; at < b->held_len;) {
        /* Batches of whole lines of at most ERR_LINE_MAX + 1 bytes, as
         * put_stderr takes them. */
        size_t n = 0;
        for (;;) {
            const char *nl = memchr(b->held + at + n, '\n', b->held_len - at - n);
            size_t len = (size_t)(nl - (b->held + at + n)) + 1;
            if (n && n + len > ERR_PIECE_MAX + 1)
                break;
            n += len;
            if (at + n == b->held_len)
                break;
        }
        put_stderr(b, b->held + at, n);
        at += n;
    }
    b->held_len = 0;
    if (b->err_eof || read_stderr(b, ERR_PASS_MAX, false)) {
        close(b->err_fd);
        b->err_fd = -1;
        b->err_eof = false;
        end_line = true;
    }
    if (end_line && b->err_len) {
        b->err[b->err_len++] = '\n';
        out_stderr(b, b->err, b->err_len, false);
        b->err_len = 0;
    }
    pthread_mutex_unlock(&b->err_mu);
    if (full)
        pump_poke(); /* it may read that bot again */
}

/* Why a bot may end before its handshake, asked of its author. */
#define BG_HINT "is the bot started in the background, with '&'? the referee must start " \
                "it itself, in the foreground"

static void report(bot *b, const ls_view *v, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The command is quoted as the bot's output is (cli_shown_n): a control
 * byte in it reached the terminal, and a byte that is not UTF-8 made sim
 * --json drop the whole message. */
static void report(bot *b, const ls_view *v, const char *fmt, ...)
{
    char what[768], command[4 * CLI_BOT_COMMAND_MAX + 1], msg[2400];
    char said[4 * ERR_KEPT + 64] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    cli_shown_n(b->command, strlen(b->command), command, sizeof command);
    pass_stderr(b, true); /* what it wrote before this, on a line of its own */
    /* A quiet bot's stderr went nowhere: its last line, which often says
     * why it failed ('can't open file'), is quoted before the referee's
     * last words ("; the fallback plays ...", or "; killed, the fallback
     * ...", which ended the text after the quote: the last "; " before
     * the last "the fallback", which a bot's own text quoted before them
     * cannot follow), once. */
    const char *fb = NULL, *last = NULL;
    for (const char *p = strstr(what, "the fallback"); p; p = strstr(p + 1, "the fallback"))
        last = p;
    for (const char *p = strstr(what, "; "); p && p < last; p = strstr(p + 1, "; "))
        fb = p;
    if (b->quiet && b->last_err[0]) {
        char shown[4 * ERR_KEPT + 1];
        cli_shown_n(b->last_err, strlen(b->last_err), shown, sizeof shown);
        snprintf(said, sizeof said, "; its stderr's last line: '%s'", shown);
        b->last_err[0] = '\0';
    }
    int head = fb ? (int)(fb - what) : (int)strlen(what);
    if (b->name[0]) {
        /* Named first, as the program's tables name it, from the handshake
         * on: two seats of one command told their failures apart only
         * once a view named the seat, never at the handshake. */
        snprintf(msg, sizeof msg, "%s (bot '%s'): %.*s%s%s", b->name, command, head, what,
                 said, what + head);
    } else {
        snprintf(msg, sizeof msg, "bot '%s'%s%s%s: %.*s%s%s", command, v ? " (" : "",
                 v ? v->names[v->me] : "", v ? ")" : "", head, what, said, what + head);
    }
    if (b->holding && !b->held_report) {
        b->held_report = strdup(msg); /* NULL: out of memory, not told */
        return;
    }
    if (b->report)
        b->report(b->report_ud, msg);
}

/*
 * Orphans. A process a bot starts that leaves the bot's process group
 * (setsid) is not killed with the group; with cli_bots_adopt_orphans this
 * process becomes its parent once its own parent dies, and so also of a
 * bot's children that outlive it by a moment when its group is killed
 * (a shell's). Those that have exited are reaped as each bot ends, or
 * they would pile up as zombies, one a match; those still running are
 * killed at the end (cli_bots_end_orphans). A child that is in the live
 * list is a bot, not an orphan: bot_start adds it under spawn_lock, which
 * the sweep holds, so no bot is ever taken for one.
 */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

static bool is_live(pid_t pid)
{
    for (int i = 0; i < LIVE_MAX; i++) {
        int v = atomic_load(&live[i]);
        if (v == (int)pid || v == -(int)pid)
            return true;
    }
    return false;
}

/*
 * The one walk over this process's children that are no bot (not in the
 * live list), under spawn_lock: each one that take(pid, state, arg) wants
 * (state as in /proc/PID/stat, 'Z' for one that has exited) is killed,
 * unless it has exited, and reaped. Killing one may hand us its own
 * children, so the walk is made again while it takes any, at most rounds
 * times (a bound against one that forks without end). Returns how many
 * of those taken were still running.
 */
static int children_take(int rounds, bool (*take)(pid_t pid, char state, const void *arg),
                         const void *arg)
{
    int running = 0;
    pthread_mutex_lock(&spawn_lock);
    for (int round = 0; round < rounds; round++) {
        DIR *d = opendir("/proc");
        if (!d)
            break;
        int found = 0;
        long me = (long)getpid();
        for (struct dirent *e; (e = readdir(d));) {
            char state = 'Z';
            if (e->d_name[0] < '1' || e->d_name[0] > '9' ||
                e->d_name[strspn(e->d_name, "0123456789")] ||
                parent_of(e->d_name, &state) != me)
                continue;
            pid_t pid = (pid_t)atol(e->d_name);
            if (is_live(pid) || !take(pid, state, arg))
                continue;
            if (state != 'Z')
                kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
            found++;
            running += state != 'Z';
        }
        closedir(d);
        if (!found)
            break;
    }
    pthread_mutex_unlock(&spawn_lock);
    return running;
}

static bool any_child(pid_t pid, char state, const void *arg)
{
    (void)pid, (void)state, (void)arg;
    return true;
}

static bool exited_child(pid_t pid, char state, const void *arg)
{
    (void)pid, (void)arg;
    return state == 'Z';
}

/* Reaps our children that are no bot and have exited, or with all, kills
 * and reaps every child that is no bot, looking again until there are
 * none. Returns how many were still running. */
static int orphans_reap(bool all)
{
    siginfo_t si;
    si.si_pid = 0;
    /* Most often no child has exited: then /proc is not read at all. */
    if (!all && (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) != 0 || !si.si_pid))
        return 0;
    return children_take(all ? 100 : 1, all ? any_child : exited_child, NULL);
}

/* Orphans killed as their bot ended (orphans_of), for the count that
 * cli_bots_end_orphans gives. */
static atomic_int orphans_early;

/* Whether the environment of process pid starts with tag, or holds it
 * after another variable: bot_start puts it first, and what the bot
 * starts keeps it there unless it changes its environment. */
static bool has_tag(pid_t pid, const char *tag)
{
    char path[64], env[8192];
    snprintf(path, sizeof path, "/proc/%ld/environ", (long)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    ssize_t got = read(fd, env, sizeof env - 1);
    close(fd);
    if (got <= 0)
        return false;
    size_t n = strlen(tag), len = (size_t)got;
    for (size_t at = 0; at + n < len; at += strnlen(env + at, len - at) + 1)
        if (!memcmp(env + at, tag, n) && env[at + n] == '\0')
            return true;
    return false;
}

/* A bot, for bots_orphan: its environment's tag and its process group. */
struct bot_mark {
    const char *tag;
    pid_t group;
};

/* Whether a running child carries the bot's tag outside its group (one
 * of its group slow to die is no orphan: it is waited for). */
static bool bots_orphan(pid_t pid, char state, const void *arg)
{
    const struct bot_mark *m = arg;
    return state != 'Z' && getpgid(pid) != m->group && has_tag(pid, m->tag);
}

/*
 * Kills and reaps the processes that the bot whose environment tag is
 * tag started outside its process group `group` and left to us (its orphans, in
 * its environment still), once it is gone: its report can then name it
 * (sim's and arena's end counted them unnamed, at the end of a whole
 * tournament). Those it started and that are still the children of a
 * process of its own are not ours yet: the sweep at the end takes them.
 * Killing one may hand us its own children: looked for again, a bounded
 * number of times. Returns how many were running.
 */
static int orphans_of(const char *tag, pid_t group)
{
    struct bot_mark m = {tag, group};
    int killed = children_take(100, bots_orphan, &m);
    atomic_fetch_add(&orphans_early, killed);
    return killed;
}

void cli_bots_adopt_orphans(void)
{
    adopting = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
}

int cli_bots_end_orphans(void)
{
    return adopting ? orphans_reap(true) + atomic_exchange(&orphans_early, 0) : 0;
}

/*
 * Kills the bot's process group (the shell, the bot, whatever they started)
 * and reaps the process we started. The group is killed before the reaping:
 * until then the process is at least a zombie, so its id, which names the
 * group, cannot have been given to another process.
 */
static void bot_kill(bot *b)
{
    if (b->to_bot >= 0)
        close(b->to_bot);
    if (b->from_bot >= 0)
        close(b->from_bot);
    b->to_bot = b->from_bot = -1;
    if (b->pid > 0) {
        kill(-b->pid, SIGKILL);
        kill(b->pid, SIGKILL); /* in case it never reached its own group */
        /* Reaped while still in the live list, so that no sweep of the
         * orphans in another thread reaps it first and its number, free
         * again, is not waited for here as some new bot's; marked killed
         * first, so that the signal handler no longer signals a number
         * that may be free again once it is reaped. */
        live_set((int)b->pid, -(int)b->pid);
        waitpid(b->pid, NULL, 0);
        live_set(-(int)b->pid, 0);
        pid_t group = b->pid;
        b->pid = -1;
        /* What its group left us when it died, reaped once it has died
         * too: the SIGKILL reached it with the bot, but its end may come
         * later (one with much memory to free takes milliseconds), and
         * one still ending when the last orphans are swept was counted
         * among those started outside the group. Until no process of the
         * group is left, 200 ms at most (one stuck in the kernel). */
        for (int i = 0; adopting && i < 200; i++) {
            orphans_reap(false);
            if (kill(-group, 0) != 0)
                break;
            usleep(1000);
        }
        int left = adopting ? orphans_of(b->tag, group) : 0;
        if (left)
            report(b, NULL, "had started %d process%s outside its process group (setsid), "
                   "which outlived it; killed", left, left == 1 ? "" : "es");
    }
    /* What it wrote before it died; a process it started outside its
     * group may hold the pipe open: what that writes later is lost. */
    pass_stderr(b, true);
    pthread_mutex_lock(&b->err_mu);
    if (b->err_fd >= 0)
        close(b->err_fd);
    b->err_fd = -1;
    pthread_mutex_unlock(&b->err_mu);
    b->dead = true;
}

/* The name of a signal that ends a process by default, which is what a
 * bot's author looks up (signal 11 is SIGSEGV); NULL for another. A table
 * rather than sigabbrev_np(), which is GNU's alone. */
static const char *signal_name(int sig)
{
    static const struct { int sig; const char *name; } names[] = {
        {SIGHUP, "SIGHUP"},   {SIGINT, "SIGINT"},   {SIGQUIT, "SIGQUIT"},
        {SIGILL, "SIGILL"},   {SIGTRAP, "SIGTRAP"}, {SIGABRT, "SIGABRT"},
        {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},   {SIGKILL, "SIGKILL"},
        {SIGUSR1, "SIGUSR1"}, {SIGSEGV, "SIGSEGV"}, {SIGUSR2, "SIGUSR2"},
        {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"},
        {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"}, {SIGSYS, "SIGSYS"},
        {SIGVTALRM, "SIGVTALRM"}, {SIGPROF, "SIGPROF"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].sig == sig)
            return names[i].name;
    return NULL;
}

/*
 * Waits up to ms for the process to exit, without reaping it (bot_kill
 * does, after killing its group). Returns true when it has exited, with
 * how it ended (" (exit status 3)", " (signal 9, SIGKILL)") in why when not NULL.
 */
static bool bot_exited(bot *b, int ms, char *why, size_t size)
{
    for (int waited = 0; b->pid > 0; waited += 5) {
        siginfo_t si;
        si.si_pid = 0;
        if (waitid(P_PID, (id_t)b->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
            si.si_pid == b->pid) {
            /* The shell says 127 for a command it did not find, 126 for
             * one it could not run. */
            const char *hint = si.si_code != CLD_EXITED ? ""
                             : si.si_status == 127 ? ": no such command"
                             : si.si_status == 126 ? ": the command cannot be run; "
                                                     "is the file executable (chmod +x)?"
                                                   : "";
            if (why && si.si_code == CLD_EXITED)
                snprintf(why, size, " (exit status %d%s)", si.si_status, hint);
            else if (why)
                snprintf(why, size, " (signal %d%s%s)", si.si_status,
                         signal_name(si.si_status) ? ", " : "",
                         signal_name(si.si_status) ? signal_name(si.si_status) : "");
            return true;
        }
        if (waited >= ms)
            break;
        usleep(5000);
    }
    return false;
}

/*
 * Whether the bot is stopped by a signal now (it stopped itself, its
 * group was stopped, or it read from or wrote to the terminal, which a
 * process outside the foreground group may not: SIGTTIN, SIGTTOU), without
 * reaping anything; how, " (signal 19, SIGSTOP)", in why. A stopped bot
 * answers nothing until it is continued, which nothing here does: it was
 * told as "no answer" at the end of its time limit. One stopped by a
 * debugger's trace is not taken for one.
 */
static bool bot_stopped(const bot *b, char *why, size_t size)
{
    static const struct { int sig; const char *name; } names[] = {
        {SIGSTOP, "SIGSTOP"}, {SIGTSTP, "SIGTSTP"},
        {SIGTTIN, "SIGTTIN: it read from the terminal"},
        {SIGTTOU, "SIGTTOU: it wrote to the terminal"},
    };
    siginfo_t si;
    si.si_pid = 0;
    if (b->pid <= 0 || waitid(P_PID, (id_t)b->pid, &si, WSTOPPED | WNOHANG | WNOWAIT) != 0 ||
        si.si_pid != b->pid || si.si_code != CLD_STOPPED)
        return false;
    const char *name = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].sig == si.si_status)
            name = names[i].name;
    snprintf(why, size, " (signal %d%s%s)", si.si_status, name ? ", " : "", name ? name : "");
    return true;
}

/*
 * The command as the shell should run it: one simple command (no list,
 * pipeline, compound command or leading assignment) is prefixed with
 * "exec " so that the shell becomes the bot instead of waiting for it
 * while holding the bot's pipes open. Anything else is run as given, and
 * so is a command that starts with a word of the shell's own that no
 * program stands for (exec runs programs only): 'cmd:. ./bot.sh', which
 * the shell runs, was 'exec . ./bot.sh', "exit status 126: the command
 * cannot be run", and 'cmd:exit 3' was "127: no such command".
 */
static void shell_command(const char *command, char *out, size_t size)
{
    static const char *const words[] = {"if", "while", "until", "for", "case",
                                        "!", "{", "exec", ".", ":", "break",
                                        "continue", "eval", "exit", "export",
                                        "readonly", "return", "set", "shift",
                                        "times", "trap", "unset", "cd", "read",
                                        "ulimit", "umask", "wait", "alias",
                                        "unalias", "getopts", "jobs", "fg", "bg",
                                        "hash", "type", "command", "local", NULL};
    size_t first = strcspn(command, " \t");
    bool simple = !strpbrk(command, ";&|()`\n") &&
                  !memchr(command, '=', first);
    for (int i = 0; simple && words[i]; i++)
        if (strlen(words[i]) == first && !strncmp(command, words[i], first))
            simple = false;
    snprintf(out, size, "%s%s", simple ? "exec " : "", command);
}

/* Closes the ends of the three pipes that bot_start made, when it gives
 * up before a bot has them (an end that is -1 was never made). */
static void pipes_close(const int in[2], const int out[2], const int err[2])
{
    const int ends[] = {in[0], in[1], out[0], out[1], err[0], err[1]};
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++)
        if (ends[i] >= 0)
            close(ends[i]);
}

static int bot_start(bot *b)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    char command[CLI_BOT_COMMAND_MAX + 8];
    shell_command(b->command, command, sizeof command);
    /* The fatal signals wait until the bot is in the live list, so that
     * the handler cannot miss it: here by the mask, in another thread by
     * spawning (see dying). */
    sigset_t fatal, was;
    sigemptyset(&fatal);
    sigaddset(&fatal, SIGINT);
    sigaddset(&fatal, SIGTERM);
    sigaddset(&fatal, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &fatal, &was);
    atomic_fetch_add(&spawning, 1);
    if (atomic_load(&dying)) {
        /* The program is dying of a signal: no new bot. This thread
         * waits for the end (bounded: the fallback plays if it does not
         * come), so that no "cannot start" is said on the way out. */
        atomic_fetch_sub(&spawning, 1);
        pthread_sigmask(SIG_SETMASK, &was, NULL);
        struct timespec tick = {0, 10000000};
        for (int i = 0; i < 1000; i++)
            nanosleep(&tick, NULL);
        errno = ECANCELED;
        return -1;
    }
    pid_t parent = getpid();
    /* Its environment, its tag first (orphans_of), made before the fork:
     * the child may only make async-signal-safe calls. */
    static atomic_uint started;
    snprintf(b->tag, sizeof b->tag, "LEASTSCORE_BOT=%ld.%u", (long)parent,
             atomic_fetch_add(&started, 1) + 1);
    size_t nenv = 0;
    while (environ[nenv])
        nenv++;
    char **envp = malloc((nenv + 2) * sizeof *envp);
    if (!envp) {
        atomic_fetch_sub(&spawning, 1);
        pthread_sigmask(SIG_SETMASK, &was, NULL);
        errno = ENOMEM;
        return -1;
    }
    size_t k = 0;
    envp[k++] = b->tag;
    for (size_t i = 0; i < nenv; i++)
        if (strncmp(environ[i], "LEASTSCORE_BOT=", 15) != 0)
            envp[k++] = environ[i];
    envp[k] = NULL;
    /* A sweep of the orphans must not take a bot for one before it is in
     * the live list (orphans_reap). The pipes are made under the same
     * lock, and the child's ends closed here before it is let go: every
     * fork is made under it, so no other thread's bot, between its fork
     * and its exec (or close_range), ever holds a copy of this bot's
     * output, which hid its death: with 2 threads, a bot that exits at
     * once was told as held open by a process it started in 10 of 1300
     * matches (measured: each time the next bot's child held its output). */
    pthread_mutex_lock(&spawn_lock);
    pid_t pid = -1;
    if (pipe2(in, O_CLOEXEC) == 0 && pipe2(out, O_CLOEXEC) == 0 && pipe2(err, O_CLOEXEC) == 0)
        pid = fork();
    if (pid < 0) {
        int fork_errno = errno;
        free(envp);
        pipes_close(in, out, err);
        pthread_mutex_unlock(&spawn_lock);
        atomic_fetch_sub(&spawning, 1);
        pthread_sigmask(SIG_SETMASK, &was, NULL);
        errno = fork_errno;
        return -1;
    }
    if (pid == 0) {
        /* The child: only async-signal-safe calls until exec. dup2 clears
         * FD_CLOEXEC on the copies. Its own process group lets bot_kill
         * end everything the bot starts. */
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        pthread_sigmask(SIG_SETMASK, &was, NULL);
        setpgid(0, 0);
        /* A referee killed outright (SIGKILL, which no handler sees) takes
         * the bot with it: a bot that ignores the end of its input ran on.
         * The signal comes when the thread that started the bot ends, and
         * a bot lives within one match, played on one thread. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent || atomic_load(&dying))
            _exit(127); /* the referee was gone before the line above, or dying */
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0)
            _exit(127);
        /* Its stdin, stdout and stderr only: not the other bots' pipe
         * ends (O_CLOEXEC closes them at exec, which may be far off), nor
         * what the referee inherited without FD_CLOEXEC (a bot was given
         * its starter's descriptors 9, 10, 251). A kernel without
         * close_range (before Linux 5.9) leaves the latter. */
        close_range(3, ~0U, 0);
        execle("/bin/sh", "sh", "-c", command, (char *)NULL, envp);
        _exit(127);
    }
    free(envp);
    /* Also here, so that the group exists before any kill; EACCES once
     * the child has exec'd is harmless, it did it itself. */
    setpgid(pid, pid);
    live_add(pid);
    close(in[0]);
    close(out[1]);
    close(err[1]);
    pthread_mutex_unlock(&spawn_lock);
    atomic_fetch_sub(&spawning, 1);
    pthread_sigmask(SIG_SETMASK, &was, NULL);
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    fcntl(err[0], F_SETFL, fcntl(err[0], F_GETFL) | O_NONBLOCK);
    b->pid = pid;
    b->to_bot = in[1];
    b->from_bot = out[0];
    b->err_fd = err[0];
    pump_add(b);
    return 0;
}

/* Writes one line to the bot; a failure marks it dead. */
static void send_line(bot *b, const ls_view *v, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void send_line(bot *b, const ls_view *v, const char *fmt, ...)
{
    if (b->dead)
        return;
    char line[LINE_MAX_LEN];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof line - 1)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    pass_stderr(b, false);
    double deadline = now_ms() + b->timeout_ms;
    for (int off = 0; off < n;) {
        ssize_t w = write(b->to_bot, line + off, (size_t)(n - off));
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            /* The pipe is full: the bot is not reading. */
            int left = cli_bot_ms_left(deadline, now_ms());
            if (left <= 0) {
                report(b, v, "stopped reading its input (no room to write "
                       "for %d ms); killed, the fallback plays for it until "
                       "the match ends", b->timeout_ms);
                bot_kill(b);
                return;
            }
            /* A bot held in a write to its stderr reads nothing. */
            struct pollfd pfd[2] = {{.fd = b->to_bot, .events = POLLOUT},
                                    {.fd = b->err_fd, .events = POLLIN}};
            if (poll(pfd, 2, left) > 0 && pfd[1].revents)
                pass_stderr(b, false);
            continue;
        }
        if (w <= 0) {
            /* Most often it has exited (EPIPE): say how, as a read would. */
            char why[128] = "";
            const char *error = strerror(errno);
            if (bot_exited(b, 100, why, sizeof why))
                report(b, v, "died%s%s%s; the fallback plays for it until the match "
                       "ends", b->shaking ? " before the handshake" : "", why,
                       b->shaking && strcmp(why, " (exit status 0)") == 0
                           ? ", without a word (" BG_HINT ")" : "");
            else
                report(b, v, "closed its input (cannot write to it: %s); killed, "
                       "the fallback plays for it until the match ends", error);
            bot_kill(b);
            return;
        }
        off += (int)w;
    }
}

/*
 * Waits up to ms for the bot's output, like poll(), but returns -2 at once
 * when *b->stop is set, or with b->wake when *b->woken is set or b->wake_fd
 * has input first, also by a signal that comes just before the wait: the
 * signals whose handlers set those flags are blocked while the flags are
 * looked at, and ppoll() lets them in only as it starts waiting.
 */
static bool wait_cut(const bot *b)
{
    return (b->stop && *b->stop) || (b->wake && b->woken && *b->woken);
}

static int wait_output(bot *b, int ms)
{
    /* A negative fd is not polled: without wake, the bot's output and
     * its stderr alone. */
    struct pollfd pfd[3] = {{.fd = b->from_bot, .events = POLLIN},
                            {.fd = b->wake ? b->wake_fd : -1, .events = POLLIN},
                            {.fd = b->err_fd, .events = POLLIN}};
    int rc = -2;
    if (!b->stop && !(b->wake && b->woken)) {
        rc = poll(pfd, 3, ms);
        goto out;
    }
    sigset_t flagged, was;
    sigemptyset(&flagged);
    sigaddset(&flagged, SIGINT);
    sigaddset(&flagged, SIGTERM);
    sigaddset(&flagged, SIGHUP);
    sigaddset(&flagged, SIGWINCH);
    pthread_sigmask(SIG_BLOCK, &flagged, &was);
    if (!wait_cut(b)) {
        struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000};
        rc = ppoll(pfd, 3, &ts, &was);
    }
    int e = errno;
    pthread_sigmask(SIG_SETMASK, &was, NULL);
    errno = e;
out:
    /* What the pump holds too, however the wait ended. */
    pass_stderr(b, false);
    /* The bot's answer first: a key that comes with it waits its turn. */
    if (rc > 0 && !pfd[0].revents)
        return pfd[1].revents ? -2 : 0; /* 0: its stderr alone, passed on */
    return rc;
}

/*
 * What the bot wrote of a line it did not end (b->buf, b->len: no newline
 * in it, shorter than a line may be), for the report of its end:
 * " halfway through a line ('discard 5H')", shown as its other text is
 * and cut at a character after HALF_SHOWN bytes, with "..." then.
 */
#define HALF_SHOWN 80
static void unended(const bot *b, char *out, size_t size)
{
    char shown[4 * LINE_MAX_LEN + 1];
    cli_shown_n(b->buf, b->len, shown, sizeof shown);
    size_t n = strlen(shown), cut = n > HALF_SHOWN ? ls_printable_cut(shown, HALF_SHOWN) : n;
    snprintf(out, size, " halfway through a line ('%.*s%s')", (int)cut, shown,
             cut < n ? "..." : "");
}

/*
 * Reads one answer line into line (without the newline), skipping empty
 * lines and lines starting with '#' (comments a bot may print). Returns 0,
 * 1 for the start of a line longer than the protocol allows (the rest is
 * dropped), -1 when the bot timed out or died (then reported and killed),
 * or -2 when wait_output() was cut short (nothing reported, the bot left
 * as it is).
 */
#define EXIT_LOOK_MS 100 /* how often a wait for an answer looks whether the bot has exited */
#define HELD_MS 100      /* a dead bot's output open this long is held by a process it started */
static int read_line(bot *b, const ls_view *v, char *line, size_t size, size_t *n)
{
    double deadline = b->deadline > 0 ? b->deadline : now_ms() + b->timeout_ms;
    bool looked = false; /* the pipe was looked at once since the deadline */
    double held = 0;     /* when the bot was first seen gone, its output open */
    for (;;) {
        int got = cli_bot_next_line(b->buf, &b->len, &b->skip, line, size, n);
        if (got)
            return got == 2 ? 1 : 0;
        if (b->dead)
            return -1;
        int left = cli_bot_ms_left(deadline, now_ms());
        /* A deadline set before the read began (a handshake read after
         * other bots' were) may be past already: the pipe is looked at
         * once before the bot is told it did not answer. */
        if (left <= 0 && !looked) {
            looked = true;
            left = 0;
        } else if (left <= 0 && held) {
            left = 0; /* dead, its output still open: said so below */
        } else if (left <= 0) {
            report(b, v, "no answer%s within %d ms%s; killed, the fallback plays "
                   "for it until the match ends",
                   b->shaking ? " to the handshake" : "", b->timeout_ms,
                   b->shaking ? " (does the bot flush its output after each line?)" : "");
            bot_kill(b);
            return -1;
        }
        /* In slices, so that a bot that has exited while a process it
         * started holds its output open (no end of file comes) is told
         * as dead at once: it was "no answer within 5000 ms", its time
         * limit waited out and the wrong reason given. */
        int rc = wait_output(b, left < EXIT_LOOK_MS ? left : EXIT_LOOK_MS);
        if (rc == -2)
            return -2;
        if (rc < 0 && errno == EINTR)
            continue;
        char status[128] = "", part[128] = "";
        if (rc == 0 && bot_exited(b, 0, status, sizeof status)) {
            /* Its exit closed its end of the pipe before it could be
             * waited for, so an end of file or output there now is read
             * as any is: the slice ended, or its stderr woke the wait,
             * just before it exited (a bot that wrote to its stderr and
             * exited was told as held one time in three). Only a pipe
             * still open is held by another process, and only one still
             * open HELD_MS later, a margin: another thread's bot, from its
             * fork to its exec, held a copy of every pipe end made then
             * (10 of 1300 matches told as held with no margin, 2 threads,
             * each one's output held by the next bot's child), which
             * bot_start no longer lets happen (0 of 1300, and of 780
             * under ASan, with no margin). */
            struct pollfd out = {.fd = b->from_bot, .events = POLLIN};
            if (poll(&out, 1, 0) > 0)
                continue;
            if (!held)
                held = now_ms();
            if (now_ms() - held < HELD_MS && cli_bot_ms_left(deadline, now_ms()) > 0)
                continue;
            if (b->len)
                unended(b, part, sizeof part);
            /* Before the handshake it is most often a bot run in the
             * background ('cmd:./bot &', or a script that starts it so
             * and exits): said so, and that the process was killed (the
             * report left both to be guessed). */
            report(b, v, "died%s%s%s, and a process it started holds its output open%s; "
                   "that process killed, the fallback plays for it until the match ends",
                   b->shaking ? " before the handshake" : "", status, part,
                   b->shaking ? " (" BG_HINT ")" : "");
            bot_kill(b);
            return -1;
        }
        if (rc == 0 && bot_stopped(b, status, sizeof status)) {
            if (b->len)
                unended(b, part, sizeof part);
            report(b, v, "stopped%s%s%s; killed, the fallback plays for it until the match ends",
                   b->shaking ? " before the handshake" : "", status, part);
            bot_kill(b);
            return -1;
        }
        if (rc <= 0)
            continue; /* the deadline check above decides */
        ssize_t r = read(b->from_bot, b->buf + b->len, sizeof b->buf - b->len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            /* It closed its output: let it finish. */
            char why[128] = "", half[128] = "";
            const char *how = bot_exited(b, 100, why, sizeof why)
                                  ? "died" : "closed its output";
            if (b->len)
                unended(b, half, sizeof half);
            /* A bot that ends before its handshake, successfully and
             * without a word, most often read an empty input: run in the
             * background ('cmd:./bot &'), its input is /dev/null. */
            bool bg = b->shaking && !b->len && strcmp(why, " (exit status 0)") == 0;
            report(b, v, "%s%s%s%s%s; the fallback plays for it until the match ends",
                   how, b->shaking ? " before the handshake" : "", why, half,
                   bg ? ", without a word (" BG_HINT ")" : "");
            bot_kill(b);
            return -1;
        }
        b->len += (size_t)r;
    }
}

/*
 * Reads the rest of a line being dropped (b->skip: a '#' comment too
 * long, or an unasked line cut where the draining stopped, when the wait
 * for the answer after it was cut short) to its end, however long,
 * within the bot's time limit, before it is asked again, so that its tail
 * and what the bot wrote after it are not read as the answer to the next
 * go. (An answer too long kills the bot: bot_choose.) Returns 0 with the
 * line's end read (what came after it left in b->buf), -1 when the bot
 * timed out (reported and killed) or its output ended (the read after
 * the go reports that), -2 when wait_output() was cut short (the rest
 * still to read).
 */
static int skip_rest(bot *b, const ls_view *v)
{
    double deadline = now_ms() + b->timeout_ms;
    while (b->skip && !b->dead) {
        char *nl = memchr(b->buf, '\n', b->len);
        if (nl) {
            size_t used = (size_t)(nl - b->buf) + 1;
            memmove(b->buf, nl + 1, b->len - used);
            b->len -= used;
            b->skip = false;
            break;
        }
        b->len = 0;
        int left = cli_bot_ms_left(deadline, now_ms());
        if (left <= 0) {
            report(b, v, "a line longer than %d bytes not ended within %d ms; "
                   "killed, the fallback plays for it until the match ends",
                   CLI_BOT_LINE_MAX - 1, b->timeout_ms);
            bot_kill(b);
            return -1;
        }
        int rc = wait_output(b, left < EXIT_LOOK_MS ? left : EXIT_LOOK_MS);
        if (rc == -2)
            return -2;
        if (rc <= 0)
            continue; /* EINTR, its stderr alone, or the slice ended */
        ssize_t r = read(b->from_bot, b->buf, sizeof b->buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1; /* its output ended: the read of its answer says so */
        b->len = (size_t)r;
    }
    return 0;
}

/* Discards whatever the bot printed that was not asked for, at most
 * DRAIN_MAX bytes: a bot that writes without end cannot hold the referee
 * here (the rest is read as its answer, and judged as such). A line cut
 * where the draining stops began unasked: its rest is dropped too, so
 * that the answer read is a whole line (it was the line's tail: 'ok 1'
 * written without end was quoted as garbage '1', ' 1', 'k 1'). A line
 * being dropped is read to its end first (skip_rest). Returns -2 when
 * that was cut short (the bot not to be asked yet), else 0. */
static int drain(bot *b, const ls_view *v)
{
    if (skip_rest(b, v) == -2)
        return -2;
    char last = b->len ? b->buf[b->len - 1] : b->skip ? 'x' : '\n';
    for (size_t total = 0; !b->dead && total < DRAIN_MAX;) {
        struct pollfd pfd = {.fd = b->from_bot, .events = POLLIN};
        if (poll(&pfd, 1, 0) <= 0 || !(pfd.revents & POLLIN))
            break;
        ssize_t r = read(b->from_bot, b->buf, sizeof b->buf);
        if (r <= 0)
            break; /* EOF: the next read reports it */
        last = b->buf[r - 1];
        total += (size_t)r;
    }
    b->skip = last != '\n';
    b->len = 0;
    pass_stderr(b, false);
    return 0;
}

static void cards_text(ls_cards set, char *buf, size_t size)
{
    ls_cards_str(set, buf, size);
}

static void send_header(bot *b, const ls_view *v)
{
    char line[LINE_MAX_LEN], val[32];
    size_t n = 0;
    n += (size_t)snprintf(line + n, sizeof line - n, "rules");
    for (int i = 0; ls_option_names[i]; i++) {
        ls_rules_get(&v->rules, ls_option_names[i], val, sizeof val);
        n += (size_t)snprintf(line + n, sizeof line - n, " %s %s",
                              ls_option_names[i], val);
    }
    send_line(b, v, "%s", line);
    n = (size_t)snprintf(line, sizeof line, "players");
    for (int p = 0; p < v->nplayers; p++)
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", v->names[p]);
    send_line(b, v, "%s", line);
    send_line(b, v, "seat %d %s", v->me, v->names[v->me]);
    b->started = true;
}

static void hello_answer(bot *b);

static void bot_round_start(ls_player *p, const ls_view *v)
{
    bot *b = p->impl;
    ls_player_round_start(b->fallback, v);
    hello_answer(b); /* a caller that did not call cli_bots_handshake */
    if (!b->started)
        send_header(b, v);
    char line[LINE_MAX_LEN], cards[200];
    size_t n = (size_t)snprintf(line, sizeof line, "scores");
    for (int q = 0; q < v->nplayers; q++)
        n += (size_t)snprintf(line + n, sizeof line - n, " %d", v->score[q]);
    send_line(b, v, "%s", line);
    n = (size_t)snprintf(line, sizeof line, "round %d starter %s in", v->round,
                         v->names[v->starter]);
    for (int q = 0; q < v->nplayers; q++)
        if (v->in_round & (1u << q))
            n += (size_t)snprintf(line + n, sizeof line - n, " %s", v->names[q]);
    send_line(b, v, "%s", line);
    cards_text(v->hand, cards, sizeof cards);
    send_line(b, v, "deal %s", cards);
    cards_text(v->open, cards, sizeof cards);
    send_line(b, v, "open %s", cards);
    send_line(b, v, "deck %d", v->deck_size);
    b->deck = v->deck_size;
}

static void bot_observe(ls_player *p, const ls_view *v, const ls_event *ev)
{
    bot *b = p->impl;
    ls_player_observe(b->fallback, v, ev);
    ls_move m = {.discard = ev->discard, .kind = ev->kind, .card = ev->card};
    if (m.kind == LS_MOVE_DRAW && ev->player != v->me)
        m.card = LS_NO_CARD; /* never tell a bot another's draw */
    char text[200];
    ls_move_str(m, text, sizeof text);
    /* A draw from an empty deck turned the dead pile into a new deck of
     * what is left in it now plus the card drawn (D9). */
    if (m.kind == LS_MOVE_DRAW && b->deck == 0)
        send_line(b, v, "newdeck %d", v->deck_size + 1);
    send_line(b, v, "played %s %s", v->names[ev->player], text);
    send_line(b, v, "deck %d", v->deck_size);
    b->deck = v->deck_size;
}

static void bot_round_end(ls_player *p, const ls_view *v, const ls_round_result *r)
{
    bot *b = p->impl;
    ls_player_round_end(b->fallback, v, r);
    char cards[200];
    send_line(b, v, "result declarer %s correct %s",
              r->declarer >= 0 ? v->names[r->declarer] : "none",
              r->correct ? "yes" : "no");
    for (int q = 0; q < v->nplayers; q++) {
        if (!(r->players & (1u << q)))
            continue;
        cards_text(r->hand[q], cards, sizeof cards);
        send_line(b, v, "reveal %s total %d score %d cumulative %d cards %s",
                  v->names[q], r->hand_total[q], r->score[q], r->total[q], cards);
    }
    for (int q = 0; q < v->nplayers; q++)
        if (r->eliminated & (1u << q))
            send_line(b, v, "eliminated %s", v->names[q]);
    send_line(b, v, "endround");
}

int cli_bot_next_line(char *buf, size_t *len, bool *skip, char *line, size_t size,
                      size_t *line_len)
{
    for (;;) {
        char *nl = memchr(buf, '\n', *len);
        size_t n, used;
        if (*skip) { /* the rest of an overlong line */
            used = nl ? (size_t)(nl - buf) + 1 : *len;
            memmove(buf, buf + used, *len - used);
            *len -= used;
            if (!nl)
                return 0;
            *skip = false;
            continue;
        }
        /* A '\r' before the newline is no part of the line, so a line of
         * CLI_BOT_LINE_MAX - 1 bytes may have its newline one byte later,
         * and may wait for it after a '\r'. */
        size_t end = nl ? (size_t)(nl - buf) : 0;
        bool cr = nl ? end > 0 && buf[end - 1] == '\r'
                     : *len == CLI_BOT_LINE_MAX && buf[*len - 1] == '\r';
        bool cut = false;
        if (nl && end < CLI_BOT_LINE_MAX + (size_t)cr) {
            n = end;
            used = n + 1;
        } else if (nl || *len >= CLI_BOT_LINE_MAX + (size_t)cr) {
            /* An overlong line, whole in buf or not: cut it, and drop its
             * rest now or, when its newline has not come yet, later. */
            n = CLI_BOT_LINE_MAX - 1;
            used = nl ? (size_t)(nl - buf) + 1 : n;
            *skip = !nl;
            cut = true;
        } else {
            return 0;
        }
        size_t keep = n < size - 1 ? n : size - 1;
        memcpy(line, buf, keep);
        line[keep] = '\0';
        if (keep > 0 && line[keep - 1] == '\r')
            line[--keep] = '\0';
        memmove(buf, buf + used, *len - used);
        *len -= used;
        *line_len = keep;
        if (keep > 0 && line[0] != '#')
            return cut ? 2 : 1;
    }
}

int cli_bot_answer(const ls_view *v, const char *line, size_t n, ls_move *m)
{
    ls_move moves[LS_MAX_MOVES];
    if (memchr(line, '\0', n) || ls_move_parse(line, m, NULL) != 0)
        return CLI_BOT_GARBAGE;
    if (m->kind == LS_MOVE_DRAW)
        m->card = LS_NO_CARD; /* the drawn card is the deck's to say */
    int nmoves = ls_view_legal_moves(v, moves);
    for (int i = 0; i < nmoves; i++)
        if (moves[i].kind == m->kind && moves[i].discard == m->discard &&
            (m->kind != LS_MOVE_TAKE || moves[i].card == m->card))
            return 0;
    return CLI_BOT_ILLEGAL;
}

/*
 * Why a line is garbage, for its report: the parser's reason, after the
 * column (the byte of the line, from 1) of the word it went wrong at when
 * the reason is about one word: "at column 9, '5x' is not a card (...)".
 * A reason about the line's end or the whole line ("after the discarded
 * cards, say 'take CARD' or 'draw'", "move too long") has none. A NUL
 * byte is told by its column, unless a word before it is to blame: the
 * first fault is told ('discard 5x draw' and a NUL after it was "a NUL
 * byte at column 16", the bad card before it not named). The reason's
 * quote of a word is shown as the report's quote of the line is
 * (cli_shown_msg), by one rule.
 */
static void garbage_why(const char *line, size_t n, char *why, size_t size)
{
    const char *nul = memchr(line, '\0', n);
    ls_move m;
    ls_error err = {0};
    int bad = ls_move_parse(line, &m, &err); /* up to the NUL, if any */
    if (nul && !(bad && err.column > 0 && (size_t)err.column <= (size_t)(nul - line))) {
        snprintf(why, size, "a NUL byte at column %zu", (size_t)(nul - line) + 1);
        return;
    }
    if (bad == 0) /* not garbage: no reason */
        why[0] = '\0';
    else {
        char msg[sizeof err.msg]; /* shown so, it is never longer */
        cli_shown_msg(err.msg, msg, sizeof msg);
        /* A first word that is no move is most often a bot's own note
         * written to its output: where notes go is said. */
        if (err.column == 1)
            snprintf(why, size, "at column 1, %s (a bot's notes go to its stderr, or "
                     "on a line starting with '#')", msg);
        else if (err.column > 0)
            snprintf(why, size, "at column %d, %s", err.column, msg);
        else
            snprintf(why, size, "%s", msg);
    }
}

/*
 * Why a well-formed move m is not legal in the bot's view v, for its
 * report, in the terms of the go line the bot was sent: "5S is not an
 * open card (the open cards are 7H 8H 9H)". It was "illegal move
 * 'discard KD take 5S'" alone, which left a bot's author to find the rule
 * broken. The checks follow the engine's (ls_check) in its order.
 */
static void illegal_why(const ls_view *v, ls_move m, char *why, size_t size)
{
    char a[4], cards[64]; /* a hand or the open cards: 7 at most */
    ls_error err = {0};
    if (m.kind == LS_MOVE_DECLARE) {
        int total = ls_cards_total(v->hand);
        if (!(v->played & (1u << v->me)))
            snprintf(why, size, "no one may declare on their first turn of a round "
                     "(the go line said 'declare no')");
        else if (v->rules.declare_max && total > v->rules.declare_max)
            snprintf(why, size, "declaring needs a total of %d or less, and the hand's "
                     "is %d (the go line said 'declare no')", v->rules.declare_max, total);
        else
            snprintf(why, size, "it may not declare now (the go line said 'declare no')");
        return;
    }
    if (m.discard & ~v->hand) {
        char missing[64];
        ls_cards gone = m.discard & ~v->hand;
        cards_text(gone, missing, sizeof missing);
        cards_text(v->hand, cards, sizeof cards);
        snprintf(why, size, "%s %s not in its hand (the hand is %s)", missing,
                 ls_cards_count(gone) == 1 ? "is" : "are", cards);
    } else if (!ls_discard_ok(m.discard, &v->rules, &err)) {
        cards_text(m.discard, cards, sizeof cards);
        snprintf(why, size, "%s cannot be discarded together: %s", cards, err.msg);
    } else if (m.kind == LS_MOVE_TAKE) {
        ls_card_str(m.card, a);
        cards_text(v->open, cards, sizeof cards);
        snprintf(why, size, "%s is not an open card (the open %s %s)", a,
                 ls_cards_count(v->open) == 1 ? "card is" : "cards are", cards);
    } else {
        cards_text(v->open, cards, sizeof cards);
        snprintf(why, size, "the deck and the dead pile are empty, so it must take "
                 "an open card (the go line said 'draw no'; open: %s)", cards);
    }
}

/*
 * Whether the bot's own process has exited while another process (one it
 * started) still holds its output open: no end of file comes there, and
 * what is read from it may be that process's, written after the bot
 * ended. How the bot ended goes in status.
 */
static bool exited_held(bot *b, char *status, size_t size)
{
    struct pollfd out = {.fd = b->from_bot, .events = POLLIN};
    return bot_exited(b, 0, status, size) && poll(&out, 1, 0) >= 0 &&
           !(out.revents & (POLLHUP | POLLERR));
}

/*
 * Asks the bot for its move and judges the answer. A wait cut short by
 * b->stop leaves the question asked (b->waiting): asked the same again
 * (the player chose to go on playing), the answer to it is waited for
 * rather than asked twice, which would leave a second answer to be read
 * as the answer to the next question.
 */
static int bot_choose(ls_player *p, const ls_view *v, ls_move *out, ls_error *err)
{
    bot *b = p->impl;
    if (!b->dead) {
        char hand[200], open[200], go[LINE_MAX_LEN], line[LINE_MAX_LEN];
        cards_text(v->hand, hand, sizeof hand);
        cards_text(v->open, open, sizeof open);
        snprintf(go, sizeof go, "go hand %s open %s draw %s declare %s", hand, open,
                 v->deck_size > 0 || v->dead ? "yes" : "no",
                 v->can_declare ? "yes" : "no");
        bool asked = true;
        if (!b->waiting || strcmp(go, b->asked) != 0) {
            /* A wait cut short in the drain (the rest of a line too long
             * read first) leaves the bot not asked: asked when called
             * again. */
            asked = drain(b, v) == 0;
            if (asked) {
                send_line(b, v, "%s", go);
                snprintf(b->asked, sizeof b->asked, "%s", go);
            }
        }
        b->waiting = false;
        size_t n = 0;
        int got = !asked ? -2 : b->dead ? -1 : read_line(b, v, line, sizeof line, &n);
        /* What it wrote while it thought, ended before the move is told. */
        pass_stderr(b, true);
        if (got == -2) {
            b->waiting = asked;
            if (err) {
                err->code = LS_EPHASE;
                err->line = err->column = 0;
                snprintf(err->msg, sizeof err->msg, "stopped waiting for %s's "
                         "answer", v->names[v->me]);
            }
            return LS_EPHASE;
        }
        char status[128] = "";
        if (got >= 0 && exited_held(b, status, sizeof status)) {
            /* A line that is no move, read once the bot itself has
             * exited with its output held open, is not told as its
             * garbage: a process it started that writes there was told
             * so once a turn (51 times in a match), and the bot never
             * dead. A legal move is played: the bot may have written it
             * just before it ended. */
            ls_move m;
            if (got == 0 && cli_bot_answer(v, line, n, &m) == 0) {
                *out = m;
                return 0;
            }
            char shown[64];
            cli_shown_n(line, n, shown, sizeof shown);
            report(b, v, "died%s, and a process it started held its output open or "
                   "wrote to it ('%s%s' read, not taken as its answer); that process "
                   "killed, the fallback plays for it until the match ends", status, shown,
                   got == 1 ? "..." : "");
            bot_kill(b);
            return ls_player_choose(b->fallback, v, out, err);
        }
        if (got == 1) {
            /* Killed, as a bot that does not answer in time is: what it
             * writes after a line too long (the move it meant, late) may
             * come after the next go, and with no number on a question
             * nothing tells it from an answer to that go: it was played
             * so, or judged illegal, a turn behind for the rest of the
             * match. */
            char shown[64];
            cli_shown_n(line, n, shown, sizeof shown);
            report(b, v, "a line longer than %d bytes ('%s...'); killed, the "
                   "fallback plays for it until the match ends", CLI_BOT_LINE_MAX - 1,
                   shown);
            bot_kill(b);
        } else if (got == 0) {
            ls_move m;
            char shown[200];
            int rc = cli_bot_answer(v, line, n, &m);
            cli_shown_n(line, n, shown, sizeof shown);
            if (rc == CLI_BOT_GARBAGE) {
                char why[sizeof ((ls_error *)0)->msg + 96];
                garbage_why(line, n, why, sizeof why);
                report(b, v, "garbage '%s': %s; the fallback plays this turn", shown, why);
            }
            else if (rc == CLI_BOT_ILLEGAL) {
                char why[512];
                illegal_why(v, m, why, sizeof why);
                report(b, v, "illegal move '%s': %s; the fallback plays this turn",
                       shown, why);
            }
            else {
                *out = m;
                return 0;
            }
        }
    }
    return ls_player_choose(b->fallback, v, out, err);
}

static void bot_destroy(ls_player *p)
{
    bot *b = p->impl;
    if (b) {
        if (!b->dead) {
            send_line(b, NULL, "quit");
            /* A polite bot exits at once; give it a moment. Then its
             * group is killed either way: what it left running goes too. */
            bot_exited(b, 100, NULL, 0);
        }
        bot_kill(b);
        pump_remove(b);
        free(b->held);
        free(b->held_report); /* its handshake never read: nobody to tell */
        pthread_mutex_destroy(&b->err_mu);
        ls_player_free(b->fallback);
        free(b);
    }
    free(p);
}

static const ls_player_ops bot_ops = {
    .kind = "cmd",
    .choose = bot_choose,
    .round_start = bot_round_start,
    .observe = bot_observe,
    .round_end = bot_round_end,
    .destroy = bot_destroy,
};

void cli_bot_stderr_said(const char *cmd, const cli_bot_stderr *budget, const char *name,
                         const char *spec)
{
    long long dropped = atomic_load(&budget->dropped);
    long lines = atomic_load(&budget->dropped_lines);
    if (dropped == 0)
        return;
    char command[4 * CLI_BOT_COMMAND_MAX + 1];
    if (!strncmp(spec, "cmd:", 4))
        spec += 4;
    cli_shown_n(spec, strnlen(spec, CLI_BOT_COMMAND_MAX), command, sizeof command);
    fprintf(stderr, "leastscore %s: [%s] %ld more line%s of its stderr (%lld bytes) not "
            "shown: a bot's stderr is shown up to %d KiB in a run; to keep it all, send "
            "it to a file in its command: cmd:'%s 2>>FILE'\n", cmd, name, lines,
            lines == 1 ? "" : "s", dropped, CLI_BOT_STDERR_MAX / 1024, command);
}

bool cli_player_is_bot(const ls_player *p)
{
    return p && p->ops == &bot_ops;
}

void cli_bot_pass_stderr(ls_player *p)
{
    if (cli_player_is_bot(p))
        pass_stderr(p->impl, true);
}

bool cli_bot_waiting(const ls_player *p)
{
    return cli_player_is_bot(p) && ((const bot *)p->impl)->waiting;
}

/* Whether the n bytes of line are "ok 1": the two words, separated and
 * surrounded by any blanks as a move's are, the version in digits. sscanf's
 * "ok %d" also took "ok1", "ok 1.9", "ok +1" and "ok 1 please", which the
 * protocol calls other text. */
static bool handshake_ok(const char *line, size_t n)
{
    size_t i = strspn(line, " \t");
    if (memchr(line, '\0', n) || strncmp(line + i, "ok", 2) != 0)
        return false;
    i += 2;
    size_t blank = strspn(line + i, " \t");
    size_t digits = strspn(line + i + blank, "0123456789");
    if (!blank || !digits)
        return false;
    long version = strtol(line + i + blank, NULL, 10);
    i += blank + digits;
    return line[i + strspn(line + i, " \t")] == '\0' && version == CLI_BOT_PROTOCOL;
}

/* The handshake: we say "leastscore-bot 1", the bot answers "ok 1". A bot
 * may take a while to start (an interpreter on a loaded machine), so the
 * handshake waits at least CLI_BOT_START_MS from the hello. It is said
 * (hello) as the bot starts and its answer read (hello_answer) when the
 * caller asks, so that a table of several bots says hello to each, then
 * reads their answers in seat order: the bots start at the same time, and
 * N silent bots are waited for CLI_BOT_START_MS, not N times as long. */
static void hello(bot *b)
{
    b->shake_wake = b->wake; /* a key must not kill a bot that is starting */
    b->wake = false;
    b->shaking = true;
    b->hello_sent = true;
    b->shake_limit = b->timeout_ms;
    /* A bot that is gone already is told of when its answer is read, so
     * that the failures of a table's bots come in seat order. */
    b->holding = true;
    send_line(b, NULL, "leastscore-bot %d", CLI_BOT_PROTOCOL);
    b->holding = false;
    if (b->timeout_ms < CLI_BOT_START_MS)
        b->timeout_ms = CLI_BOT_START_MS;
    b->deadline = now_ms() + b->timeout_ms;
}

static void hello_answer(bot *b)
{
    char line[LINE_MAX_LEN];
    if (!b->hello_sent)
        return;
    if (b->held_report && b->report)
        b->report(b->report_ud, b->held_report);
    free(b->held_report);
    b->held_report = NULL;
    size_t n = 0;
    int rc = b->dead ? -1 : read_line(b, NULL, line, sizeof line, &n);
    b->hello_sent = false;
    b->deadline = 0;
    b->timeout_ms = b->shake_limit;
    b->wake = b->shake_wake;
    b->shaking = false;
    if (rc == -2) {
        report(b, NULL, "the wait for its handshake was interrupted; the fallback "
               "plays for it until the match ends");
        bot_kill(b);
    }
    if (rc < 0)
        return;
    if (rc == 1 || !handshake_ok(line, n)) {
        char shown[200];
        cli_shown_n(line, n, shown, sizeof shown);
        report(b, NULL, "bad handshake '%s' (expected 'ok %d'); the fallback "
               "plays for it until the match ends", shown, CLI_BOT_PROTOCOL);
        bot_kill(b);
    }
}

void cli_bots_handshake(ls_player *const players[], int n)
{
    for (int i = 0; i < n; i++)
        if (cli_player_is_bot(players[i]))
            hello_answer(players[i]->impl);
}

static double thread_cpu_ms(void *ud)
{
    (void)ud;
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int cli_player_check(const char *spec, cli_level *level, ls_error *err)
{
    cli_level unused;
    if (!level)
        level = &unused;
    *level = (cli_level){0};
    if (strncmp(spec, "cmd:", 4) != 0) {
        ls_player *p = ls_player_new(spec, 0, err);
        if (p) {
            level->expert = ls__expert_budget(p, &level->ms, &level->iters);
            ls__expert_search(p, &level->tries, &level->tree);
            ls_player_free(p);
            return 0;
        }
        /* The library's list of kinds has no cmd:, which these programs
         * take: 'cmd' alone (the colon forgotten) was "unknown player
         * kind 'cmd'" beside a list without it. */
        char shown[48];
        if (err && (!strcmp(spec, "cmd") || !strncmp(spec, "cmd ", 4)))
            snprintf(err->msg, sizeof err->msg, "'%s' needs its command after a "
                     "colon: cmd:COMMAND, as in cmd:'python3 examples/bots/greedy.py'",
                     ls_printable_n(spec, strlen(spec), shown, sizeof shown));
        else if (err && !strncmp(err->msg, "unknown player kind", 19) &&
                 strlen(err->msg) + 60 < sizeof err->msg)
            strcat(err->msg, "; or cmd:COMMAND, a program playing by the bot protocol");
        return err ? err->code : LS_EINVAL;
    }
    size_t len = strlen(spec + 4);
    /* Blanks alone are no command either: the shell ran nothing and the
     * bot "died before the handshake (exit status 0)" in every match. */
    bool blank = spec[4 + strspn(spec + 4, " \t")] == '\0';
    if (len == 0 || len > CLI_BOT_COMMAND_MAX || blank) {
        if (err) {
            err->code = LS_EINVAL;
            err->line = err->column = 0;
            snprintf(err->msg, sizeof err->msg, "cmd: needs a command of 1..%d "
                     "characters (this one has %zu%s), as in "
                     "cmd:'python3 examples/bots/greedy.py'", CLI_BOT_COMMAND_MAX, len,
                     len && blank ? ", all blanks" : "");
        }
        return LS_EINVAL;
    }
    level->bot = true;
    return 0;
}

/* The player's own copy of a cmd: spec (ls_player.spec, 63 bytes): the
 * whole spec when it fits, else its head cut between two UTF-8
 * characters and "..." after it, so that the copy is never taken for the
 * whole spec nor ends inside a character. Messages show the caller's
 * spec, whole. */
static void spec_copy(char *out, size_t size, const char *spec)
{
    size_t n = strlen(spec);
    if (n < size) {
        memcpy(out, spec, n + 1);
        return;
    }
    n = size - 4;
    while (n > 0 && ((unsigned char)spec[n] & 0xc0) == 0x80)
        n--; /* spec[n], the first byte left out, starts a character */
    snprintf(out, size, "%.*s...", (int)n, spec);
}

ls_player *cli_player_new(const char *spec, uint64_t seed,
                          const cli_player_opts *opts, ls_error *err)
{
    if (strncmp(spec, "cmd:", 4) != 0) {
        ls_player *p = ls_player_new(spec, seed, err);
        if (p)
            ls__expert_set_clock(p, thread_cpu_ms, NULL);
        return p;
    }
    if (cli_player_check(spec, NULL, err) != 0)
        return NULL;
    const char *command = spec + 4;
    cli_ignore_sigpipe();
    bot *b = calloc(1, sizeof *b);
    ls_player *p = calloc(1, sizeof *p);
    if (!b || !p) {
        free(b);
        free(p);
        if (err) {
            err->code = LS_ENOMEM;
            snprintf(err->msg, sizeof err->msg, "out of memory");
        }
        return NULL;
    }
    snprintf(b->command, sizeof b->command, "%s", command);
    b->pid = -1;
    b->to_bot = b->from_bot = b->err_fd = -1;
    pthread_mutex_init(&b->err_mu, NULL);
    b->timeout_ms = opts && opts->bot_timeout_ms > 0 ? opts->bot_timeout_ms
                                                     : CLI_BOT_TIMEOUT_MS;
    b->report = opts ? opts->report : NULL;
    b->report_ud = opts ? opts->report_ud : NULL;
    b->quiet = opts && opts->quiet;
    b->err_budget = opts ? opts->err_budget : NULL;
    if (opts && opts->name)
        snprintf(b->name, sizeof b->name, "%s", opts->name);
    b->match = opts && opts->match > 0 ? opts->match : 0;
    b->stop = opts ? opts->stop : NULL;
    b->wake = opts && opts->wake;
    b->wake_fd = opts ? opts->wake_fd : -1;
    b->woken = opts ? opts->woken : NULL;
    b->fallback = ls_player_new("greedy", seed, err);
    if (!b->fallback) {
        pthread_mutex_destroy(&b->err_mu);
        free(b);
        free(p);
        return NULL;
    }
    p->ops = &bot_ops;
    spec_copy(p->spec, sizeof p->spec, spec);
    p->impl = b;
    if (bot_start(b) != 0) {
        report(b, NULL, "cannot start: %s; the fallback plays for it", strerror(errno));
        b->dead = true;
    } else {
        hello(b);
        if (!(opts && opts->handshake_later))
            hello_answer(b);
    }
    return p;
}
