/*
 * botproc.h - external programs as players (docs/bot-protocol.md), and the
 * player factory the programs share.
 *
 * A "cmd:COMMAND" spec starts COMMAND with /bin/sh -c and speaks the bot
 * protocol with it over its stdin and stdout; the result is an ordinary
 * ls_player, so sim and play drive it like any built-in kind. The referee
 * never trusts the bot: an illegal move, a line that is not a move, no
 * answer within the time limit, or a dead process is reported through the
 * report callback and the turn is played by a built-in greedy player
 * instead. A bot that timed out, stopped reading or died is killed, with
 * every process it started, and stays on the fallback for the rest of the
 * match (a new match starts a new process).
 */
#ifndef LS_CLI_BOTPROC_H
#define LS_CLI_BOTPROC_H

#include <signal.h>
#include <stdatomic.h>

#include "leastscore_ai.h"

#define CLI_BOT_TIMEOUT_MS 5000 /* default time limit for one answer */
#define CLI_BOT_START_MS 10000   /* at least this long for the handshake */
#define CLI_BOT_PROTOCOL 1       /* the protocol version spoken */
#define CLI_BOT_COMMAND_MAX 255  /* longest COMMAND in a cmd: spec */

/*
 * What the bots of one player (a tournament's entry, in every match it
 * plays) may have passed on from their stderr to ours in a whole run:
 * CLI_BOT_STDERR_MAX bytes of whole lines, the first ones, so that a
 * chatty bot cannot flood the terminal; the lines past it are dropped and
 * counted here, for the program to say once, at the end, how much was
 * dropped (cli_bot_stderr_said). Zeroed by the caller, shared by threads.
 */
#define CLI_BOT_STDERR_MAX (1024 * 1024)
typedef struct cli_bot_stderr {
    _Atomic long long passed;  /* bytes taken from the budget (past the max: none passed) */
    _Atomic long long dropped; /* bytes of the lines dropped */
    _Atomic long dropped_lines; /* lines dropped */
} cli_bot_stderr;

typedef struct cli_player_opts {
    int bot_timeout_ms; /* per answer (0 = CLI_BOT_TIMEOUT_MS) */
    /* Called with a one-line description of every bot failure ("bot 'x'
     * (Ann): illegal move 'discard 2C take 9S': ..."); may be NULL. */
    void (*report)(void *ud, const char *msg);
    void *report_ud;
    /* The seat's name, or NULL: with it, every report (a failure at the
     * handshake too) reads "NAME (bot 'x'): ..." rather than "bot 'x'
     * (NAME): ...", which names the seat only once a view is given. Copied
     * (LS_NAME_MAX bytes at most). For sim and arena, whose tables name
     * two seats of one command apart (x_sh, x_sh2). */
    const char *name;
    /* With a name, the match (1, 2, ...) that leads each line of the bot's
     * stderr passed on to ours with it, "[NAME, match M] "; 0: "[NAME] ".
     * sim and arena give it when a run has more than one match. */
    long match;
    /* May be NULL (no limit). With it, the bot's stderr lines that are
     * passed on to ours count against it, and those past its max are
     * dropped (and counted there). Not copied: it must outlive the
     * player. */
    cli_bot_stderr *err_budget;
    bool quiet; /* the bot's stderr is not passed on to ours (a line at a time),
                 * only its last line kept, quoted in the next report */
    /* May be NULL. A signal handler that sets *stop non-zero cuts short
     * any wait for the bot's answer (a player's Ctrl-C, who expects the
     * game to stop at once, not when the bot's time limit is up): the
     * bot's choose fails with LS_EPHASE, nothing is reported, the bot is
     * left running, and cli_bot_waiting() is true until its next choose,
     * which, asked the same, waits on for that same answer. */
    volatile sig_atomic_t *stop;
    /* With wake set, input to read on wake_fd (a key on the terminal), or
     * *woken set non-zero by a SIGWINCH handler (the terminal's resize;
     * woken may be NULL), also cuts the wait for an answer short, as stop
     * does, so that a full screen can answer its keys while a bot thinks;
     * the handshake is not cut short. Each choose that waits on for the
     * same answer waits the whole time limit again. */
    bool wake;
    int wake_fd;
    volatile sig_atomic_t *woken;
    /* A cmd: player is started and told the handshake, but its answer is
     * read by cli_bots_handshake (or, failing that, as its first round
     * starts), so that the bots of a table start together. */
    bool handshake_later;
} cli_player_opts;

/*
 * A player from a spec: "cmd:COMMAND" for an external bot, anything else
 * as ls_player_new() reads it; an expert gets the process CPU clock for
 * ms budgets. NULL with err set on failure. Free with ls_player_free().
 */
ls_player *cli_player_new(const char *spec, uint64_t seed,
                          const cli_player_opts *opts, ls_error *err);

/*
 * Reads the handshake's answer of each cmd: player of players[0..n-1]
 * made with handshake_later, in that order (other players, and NULLs,
 * are passed over): each was told the handshake as it started, and is
 * given CLI_BOT_START_MS (or its time limit when longer) from then, so
 * that n bots that are slow to start are waited for about that long in
 * all, not n times as long. A failure is reported as cli_player_new's
 * are, a bot's at a time in seat order.
 */
void cli_bots_handshake(ls_player *const players[], int n);

/* What a level asks for, as cli_player_check() read it. */
typedef struct cli_level {
    bool bot;     /* a cmd: spec */
    bool expert;  /* an expert, of any parameters */
    long ms;      /* the expert's ms= (time a decision), or 0 */
    long iters;   /* the expert's iters= (rollouts a decision), or 0 */
    int tries;    /* the expert's tries= (100 when not given), or 0 */
    bool tree;    /* the expert's tree=1 */
} cli_level;

/*
 * Checks a spec without starting anything: a "cmd:" spec needs a command of
 * 1..CLI_BOT_COMMAND_MAX characters, any other spec must be one that
 * ls_player_new() accepts. Returns 0 with *level set (level may be NULL),
 * or a negative LS_E code with err set. The one place the programs read a
 * level's parameters, after the library has accepted them.
 */
int cli_player_check(const char *spec, cli_level *level, ls_error *err);
/*
 * What the referee reads from a bot, as pure functions (no process, no
 * clock), so that tests/fuzz/ can feed them anything.
 */
#define CLI_BOT_LINE_MAX 1024 /* a line longer than this (newline included) is cut */
enum { CLI_BOT_GARBAGE = -1, CLI_BOT_ILLEGAL = -2 };

/* Takes the next answer out of buf, which holds *len bytes read from the
 * bot: the first line (without "\n" or "\r\n") that is not empty and not
 * a '#' comment, copied into line (size bytes, cut to fit). The bytes used
 * are removed from buf. A line with no newline in its first
 * CLI_BOT_LINE_MAX bytes (a "\r" before the newline not counted: a line of
 * CLI_BOT_LINE_MAX - 1 bytes may end "\r\n") is too long, whether or not its newline is in buf
 * already: its first CLI_BOT_LINE_MAX - 1 are taken as the line (skipped
 * if they start a comment) and the rest is dropped up to its newline, here
 * or, with *skip set, by later calls (start with *skip false). Returns 1
 * when a line was taken, 2 when it was the start of an overlong line, 0
 * when buf holds no complete line (what is left stays in buf). *line_len
 * is the line's length in bytes, which may hold NUL bytes: a line of
 * them is not empty. */
int cli_bot_next_line(char *buf, size_t *len, bool *skip, char *line, size_t size,
                      size_t *line_len);

/* The whole milliseconds left to a bot before deadline, now and deadline
 * read from one clock in ms: rounded up, so that a part of a millisecond
 * left is still one last look at its pipe (truncated, 0.9 ms left was 0,
 * and the bot was told "no answer" without that look); 0 once it is past,
 * INT_MAX at most. */
int cli_bot_ms_left(double deadline, double now);

/* Judges a bot's answer to "go" for the seat of v, the n bytes of line:
 * 0 with *m set (a draw's card cleared) when the line is one of the legal
 * moves, CLI_BOT_GARBAGE when it is not a move (a NUL byte in it makes it
 * none), CLI_BOT_ILLEGAL when it is a move v does not
 * allow (with *m the move read, so that the report can say why). */
int cli_bot_answer(const ls_view *v, const char *line, size_t n, ls_move *m);

/* Passes on to our stderr, at once and without waiting, what the bot of a
 * cmd: player has written to its stderr since it was last read, whole
 * lines, a line it left unended ended: for a program about to wait for
 * something other than the bot (a person at a prompt), so that the bot's
 * lines come before that wait rather than at the next move. Nothing for
 * any other player, or a bot whose stderr is /dev/null. */
void cli_bot_pass_stderr(ls_player *p);

/* Says on our stderr, for a program `cmd` at its end, how much of the
 * stderr of the bots of player NAME (spec: "cmd:COMMAND") was dropped
 * past budget's max, and how to see it all (a redirection in the bot's
 * command); nothing when nothing was. */
void cli_bot_stderr_said(const char *cmd, const cli_bot_stderr *budget, const char *name,
                         const char *spec);

/* True for players made from a "cmd:" spec. */
bool cli_player_is_bot(const ls_player *p);

/* True for a cmd: player whose last choose was cut short by its stop flag
 * before the answer came: its turn has not been played. */
bool cli_bot_waiting(const ls_player *p);

/* Makes SIGINT, SIGTERM and SIGHUP kill every bot's process group (they
 * are not in the terminal's, so Ctrl-C does not reach them) before the
 * program dies of the signal, so that none outlives it; after
 * cli_bots_adopt_orphans, also every process a bot started outside its
 * group (each bot is waited for, so that those become ours, then every
 * child left is killed). For programs that do not handle those signals
 * themselves (sim, arena). */
void cli_bots_die_with_signals(void);

/* A process a bot starts that leaves the bot's process group (setsid(),
 * as a daemon does) is not killed with the group. cli_bots_adopt_orphans
 * makes this process their parent once the bot is gone (Linux's child
 * subreaper); from then on those that have exited are reaped as each bot
 * ends, and those that still run and carry the bot's LEASTSCORE_BOT tag
 * in their environment are killed then, reported as the bot's failure
 * ("had started 1 process outside its process group (setsid), ...").
 * cli_bots_end_orphans, called when no bot is running any more, kills and
 * reaps every child left, returning how many were still running, those
 * killed as their bots ended since its last call counted in: each was
 * such a process, or one of its own. For sim and arena, which start no
 * other process. */
void cli_bots_adopt_orphans(void);
int cli_bots_end_orphans(void);

/* Whether the len bytes of text are UTF-8 with no C0 or C1 control
 * character, no DEL, no backslash and no character that changes the
 * direction of the text or is not seen (U+202E, U+200B, ...): what is
 * shown as it is (a backslash is shown \\, so that a text's own \x41
 * never reads as an escaped byte). */
bool cli_shows_as_is(const char *text, size_t len);
/* The len bytes of text (NUL bytes too) as they may be shown on a
 * terminal, into buf (size bytes, NUL-terminated, cut if need be at a
 * character or an escape, never inside): each control byte (C0, DEL, a
 * C1 control's bytes), each byte that is not UTF-8 and the bytes of a
 * character that changes the direction or is not seen written \xNN (all
 * of a character's or none), a backslash \\, printable UTF-8 as it is,
 * so that a UTF-8 name beside a stray ESC stays readable, and no line
 * reads otherwise than its bytes. cli_shown (cli.h) is the same for a C string.
 * A bot's stderr, its answers and its command are shown so. Returns buf. */
char *cli_shown_n(const char *text, size_t len, char *buf, size_t size);
/* An ls_error's message (err.msg: the library writes each byte of it but
 * printable ASCII \xNN and a backslash \\, ls_printable) as cli_shown_n
 * shows text: its escapes read back to their bytes, then shown so, into
 * buf (size bytes). So a word the message quotes reads as the quote of
 * the same text beside it: 'Zoë', not 'Zo\xc3\xab'. Returns buf. */
char *cli_shown_msg(const char *msg, char *buf, size_t size);
/* The same as cli_shown_n, but when it is longer than max bytes (or than buf) its head
 * and its tail, each of whole characters and escapes, with "..." between,
 * max bytes at most: for a path quoted in a message, so that what the
 * message says after it (why a file cannot be written) is never cut off.
 * Returns buf. */
char *cli_shown_cut(const char *text, size_t len, size_t max, char *buf, size_t size);

/* Ignores SIGPIPE process-wide so that a bot that dies cannot kill the
 * referee (writes then fail with EPIPE). Idempotent. */
void cli_ignore_sigpipe(void);

#endif
