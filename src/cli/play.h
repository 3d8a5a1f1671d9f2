/*
 * play.h - `leastscore play`: what its files share.
 *
 * cmd_play.c reads the options into a play_opts and picks a front end;
 * play_game.c keeps one match (the engine state, the computer players, the
 * record and where it is saved) and is the only place that applies moves,
 * so every move is recorded and every computer player is told of it;
 * play_plain.c and play_tui.c are the two front ends, line mode and
 * full-screen. The human always sits in seat 0.
 */
#ifndef LS_CLI_PLAY_H
#define LS_CLI_PLAY_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "leastscore.h"
#include "leastscore_ai.h"
#include "cli/cardwords.h"
#include "cli/cli.h"

#define PLAY_PATH_MAX 1024
/* A path as it may be printed (cli_shown: escaped when it holds a control
 * character or is not UTF-8), in a buffer that lasts to the end of the
 * enclosing block: for one message's arguments. */
#define PLAY_SHOWN(p) cli_shown((p), (char[CLI_SHOWN_MAX(PLAY_PATH_MAX)]){0}, \
                                CLI_SHOWN_MAX(PLAY_PATH_MAX))

/* The command line, checked. */
typedef struct play_opts {
    int nbots;                                  /* 1..7 */
    char levels[LS_MAX_PLAYERS - 1][CLI_SPEC_MAX]; /* spec of each bot */
    char name[LS_NAME_MAX + 1];                 /* the human's name */
    ls_rules rules;
    bool seeded;                                /* --seed given */
    uint64_t seed;
    const char *record;                         /* --record FILE, or NULL */
    int pace_ms;                                /* delay per computer move */
    int bot_timeout_ms; /* --bot-timeout: a cmd: bot's time per answer
                         * (0 = CLI_BOT_TIMEOUT_MS) */
    bool plain;                                 /* line mode */
    bool card_words; /* line mode says cards in words ("queen of diamonds",
                      * not "QD"), for speech: --cards words, or the
                      * command "cards words" (the front end may change it
                      * while a match runs) */
    bool quiet_bots; /* cmd: bots' stderr to /dev/null: it would write over
                      * the full screen */
    bool bots_wake;  /* a key (or a resize) cuts a wait for a cmd: bot's
                      * answer short, so that the full screen answers it */
    int nlevels;                                /* specs given with --level */
    const char *resume;                         /* --resume FILE, or NULL */
    bool resume_last;                           /* --continue */
} play_opts;

/* Receives every failure of a computer player, as a sentence naming its
 * seat ("Ada's bot: died (exit status 3); greedy plays for it until the
 * match ends"). */
typedef void play_report_fn(void *ud, const char *msg);

struct play_game;
typedef struct play_seat_ref { /* what a bot's report callback is given */
    struct play_game *g;
    int seat;
    char name[LS_NAME_MAX + 1]; /* the seat's player */
} play_seat_ref;

/* A deal that leaves fewer cards than this gets a hint giver bounded by
 * time, PLAY_HINT_MS of search (see advisor() in play_game.c). */
#define PLAY_HINT_SMALL_DECK 12
#define PLAY_HINT_MS 2000
#define PLAY_HINT_S "2" /* PLAY_HINT_MS in seconds, as shown */

/* A hint being searched (play_game_hint_start): the advisor's search runs
 * on a thread of its own, so that the full screen goes on reading keys. */
typedef struct play_hint {
    bool running;                 /* started, not yet ended or dropped */
    pthread_t thread;
    atomic_bool done;             /* the search has ended */
    atomic_bool stop;             /* dropped: a timed search stops now */
    ls_view v;                    /* the human's view it searches */
    ls_move m;                    /* its results, once done */
    double chance;
    int rc;
    ls_error err;
    bool cut;                     /* it ran the whole PLAY_HINT_MS */
} play_hint;

/* One match. Seat 0 is the human; bots[0] is NULL. */
typedef struct play_game {
    const play_opts *opts;
    ls_state *s;
    ls_player *bots[LS_MAX_PLAYERS];
    ls_player *advisor;           /* the hint giver, made on first use */
    bool advisor_timed;           /* it searches PLAY_HINT_MS, not rollouts */
    bool hint_cut;                /* the last hint's search ran out of time */
    play_hint hint;               /* the hint being searched, if running */
    ls_record *rec;               /* NULL if the writer failed */
    uint64_t seed;
    char path[PLAY_PATH_MAX];     /* where the record is saved */
    bool saved;                   /* the file holds the record's latest text */
    bool save_failed;             /* the last save failed (play_game_save_step) */
    char saved_at[48];            /* where the match stood at the last save that
                                   * worked: "round 2, turn 5", "the end of
                                   * round 2", "its start", "its end"; ""
                                   * before any */
    bool locked;                  /* lockfd holds the lock on path.lock */
    int lockfd;
    bool lock_lost;               /* path.lock was removed meanwhile and another
                                   * game took it: no save is made again */
    bool resumed;                 /* continues a record (--resume) */
    char *resume_text;            /* the record resumed, as read (owned) */
    size_t resume_len;
    size_t resume_base;           /* the rebuilt record's length at the resume */
    int reshuffled;  /* cards the last move's draw shuffled from the dead pile
                      * into an empty deck (D9), or 0 */
    play_report_fn *report;       /* bot failures go there (may be NULL) */
    void *report_ud;
    play_seat_ref refs[LS_MAX_PLAYERS];
    bool stoppable[LS_MAX_PLAYERS]; /* the seat's search ends at play_stop */
    int out_round[LS_MAX_PLAYERS]; /* the round each seat went out in, or 0:
                                    * a resumed match's from its record */
} play_game;

/* One seat's place in a match (play_places). */
typedef struct play_place {
    int seat;
    int place;     /* 1 is the best; equal places are shared (1, 2, 2, 4) */
    int out_round; /* the round the seat went out in, or 0 while it is in */
} play_place;

/* A match's places (R8, D8), as replay, the store and the browser give
 * them: the seats still in (the winner, at the match's end) first, by
 * score, lower first; then those out later before those out earlier;
 * those out in the same round by score, lower first; seats equal on both
 * share a place. out_round[i] is the round seat i went out in, or 0.
 * Fills out[0..n-1] best first, then by seat; returns n, the players. */
int play_places(const ls_state *s, const int *out_round, play_place *out);

/* SIGINT/SIGTERM/SIGHUP/SIGQUIT set this (cmd_play.c installs the handler). */
extern volatile sig_atomic_t play_interrupted;
/* The same signals set this too: each built-in expert seat's search reads
 * it (ls__expert_set_stop) and ends at its next look. play_game_bot_move()
 * clears it; the full screen clears it when its quit question is answered
 * "no", so that the computer's next think runs whole. */
extern atomic_bool play_stop;
/* SIGWINCH sets this on the full screen (play_tui.c chains the handler to
 * curses' own); it cuts a wait for a cmd: bot short (bots_wake), so that
 * the screen is drawn at its new size while the bot thinks. */
extern volatile sig_atomic_t play_resized;

/* Starts match number `number` (1, 2... when playing again) seeded with
 * `seed`: state, bots, record header and the record's path (opts->record,
 * with -2, -3... before its extension for later matches, else a new file
 * under the data directory), where the header is written at once (a file
 * that cannot be written fails here). A failing bot is reported to
 * report(ud, ...) (may be NULL), from here on (a cmd: bot is started and
 * greeted here) and during the match. g must stay where it is until
 * play_game_free(). Returns 0, or -1 with a message in msg.
 *
 * With --resume (o->resume), match number 1 goes on with the match
 * recorded there instead, saved to o->record or back to o->resume. That
 * file's lock is taken first, then the record is read, once: the table
 * is set from it in *o (the players, the human in seat 0 under its
 * recorded name, the rules, and each computer player's level: --level if
 * given, else the record's last "# level NAME SPEC" comment, else greedy;
 * a level that runs a program, cmd:, is never taken from a record, which
 * anyone may have written), so that later matches have the same table;
 * the computer players are told every deal and move as in live play, the
 * record writer is rebuilt, and later deals and draws come from `seed`.
 * A record that cannot be read, is not valid, or whose match is over
 * returns -2, with msg "--resume: ...".
 */
int play_game_new(play_game *g, play_opts *o, uint64_t seed, int number,
                  play_report_fn *report, void *ud, char *msg, size_t size);
/* --continue: the path of the newest record under the games directory
 * (where matches without --record are saved) whose match is not over.
 * Returns -1 with why not in msg, or 0 with msg empty, or holding a note
 * for the caller to print (a newer record passed over as not valid:
 * "passed over a newer record that is not valid: FILE:LINE:COL: why"). */
int play_last_unfinished(char *path, size_t size, char *msg, size_t msize);
/* For a resumed match, where it goes on: "Resumed from FILE: round 2,
 * turn 5." or "Resumed from FILE: round 3 is next."; FILE is the path as
 * given, or its last part with base_name (the full screen's log column is
 * narrow). A FILE too long for buf is shortened from its start ("Resumed
 * from ...games/a.lsr: ..."). */
void play_resumed_text(const play_game *g, bool base_name, char *buf, size_t size);
/* The command that goes on with the match saved in path, quoted for a
 * shell when it needs to be: "leastscore play --resume 'my games/a.lsr'". */
void play_resume_command(const char *path, char *buf, size_t size);
/* Whether the record at path can be read back to go on with its match: a
 * regular file. A record written to /dev/null, /dev/stdout or a pipe
 * cannot, and no command to resume it is offered. */
bool play_resumable(const char *path);
/* Frees everything the match owns (not the file). The match's cmd:
 * bots are ended with every process of their groups, and then also what
 * they started outside their groups (setsid, as a daemon does), which
 * this process adopts (cmd_play calls cli_bots_adopt_orphans). */
void play_game_free(play_game *g);
/* How many such processes play_game_free() found still running and
 * ended, in all the matches so far. */
int play_orphans_ended(void);

/* Deals the next round, records it, tells the bots. */
int play_game_deal(play_game *g, ls_error *err);
/* Applies m for the player to move: checks, applies, records, tells every
 * bot what it may see, and (when the round ends) the result. A rejected
 * move changes nothing. On success m->card holds the card drawn. */
int play_game_apply(play_game *g, ls_move *m, ls_error *err);
/* "The deck had run out: the 12 cards of the discard pile were shuffled
 * into a new deck for that draw." after a move that did so (g->reshuffled),
 * else "". Both front ends say it after the move. */
const char *play_reshuffle_text(const play_game *g, char *buf, size_t size);
/* The move of the bot to move (its own choice, or the first legal move if
 * it fails) into *m. False, with nothing played, when a signal
 * (play_interrupted) cut short the wait for a cmd: bot's answer, or a
 * built-in expert's search (play_stop), whose move is thrown away: the
 * front end stops or asks, and calling again waits on for that answer,
 * or has the expert think again. Clears play_stop. */
bool play_game_bot_move(play_game *g, ls_move *m);
/* Passes on what the cmd: bots have written to their stderr so far
 * (cli_bot_pass_stderr), before the game waits for the person. */
void play_game_bots_stderr(play_game *g);
/* The advisor's move for the human and its chance that declaring now is
 * correct (negative when declaring is not allowed). */
int play_game_hint(play_game *g, ls_move *m, double *chance, ls_error *err);
/* The same in steps, for a front end that reads keys meanwhile: _start
 * begins the search on a thread of its own (0, or LS_EINVAL with err set
 * when there is no advisor); _ready says whether it has ended; _end waits
 * for it and gives what play_game_hint() gives; _drop ends it unheard (a
 * search by time stops at once, one by rollouts runs to its end, so that
 * the advisor's next hints are those it would have given anyway) and does
 * nothing when none runs. While a hint runs, nothing else may use the
 * match's advisor: no move applied, no deal, no play_game_free(). */
int play_game_hint_start(play_game *g, ls_error *err);
bool play_game_hint_ready(play_game *g);
int play_game_hint_end(play_game *g, ls_move *m, double *chance, ls_error *err);
void play_game_hint_drop(play_game *g);
/* Writes the record to g->path (creating the directory). Returns 0, or -1
 * with msg set. */
int play_game_save(play_game *g, char *msg, size_t size);
/* The save after a deal or a move inside a round, so that a game killed
 * outright (kill -9, a crash) loses at most the move being made: the
 * record is written when g->path is a regular file or is not there (it
 * was removed); one that is no regular file (/dev/stdout, a pipe) is
 * written at a round's end only, as it is not read back, and so is every
 * record once the human is out. Said once, not
 * at every move: returns 1 with msg set when this save failed and the
 * one before had not ("cannot write FILE: why; the file keeps the match
 * as it stood at round 1, turn 4", or "...; the match is not saved" when
 * the file is not there), 2 with msg set ("the record is saved again in
 * FILE") when it worked after one that failed, else 0. */
int play_game_save_step(play_game *g, char *msg, size_t size);
/* After the save on leaving failed: what the player still has, for the
 * message that follows the failure. "The file keeps the match as it stood
 * at round 1, turn 4 (what came after is not saved); to go on from there:
 * leastscore play --resume FILE", "The file keeps the whole match." (its
 * end was saved), or "The match is not saved." when no
 * save worked or the file cannot be read back (it went, or is no regular
 * file). */
void play_unsaved_text(const play_game *g, char *buf, size_t size);

/* "Ada discards 7H 8H 9H and takes 5S"; "You discard KD and draw 4S" for
 * the human (a draw names the card only when `show_draw`). */
void play_describe(const play_game *g, int seat, ls_move m, bool show_draw,
                   char *buf, size_t size);
/* The longest bot's failure as play_game reports it, before it is cut. */
#define PLAY_REPORT_MAX 1800
/* A bot's failure ("Ada's bot: WHAT 'QUOTE'; greedy plays ...") copied
 * into buf (size bytes, at least 1). One too long for it is cut inside its
 * last quote, at a whole character or escape, with ellipsis after the cut,
 * so that its ending, what happens next ("; greedy plays for it until the
 * match ends"), and the quote's closing "'" stay whole; a text with no
 * such ending, or one whose ending would take half of buf, is cut at its
 * end, ellipsis last. */
void play_cut_report(char *buf, size_t size, const char *text, const char *ellipsis);
/* An engine message about the human (seat 0) in the second person:
 * "Ann cannot declare on their first turn" -> "You cannot declare on your
 * first turn", "KS is not in Ann's hand" -> "KS is not in your hand". */
void play_personal(const play_game *g, const char *msg, char *out, size_t size);
/* Why `seat` scored what it did in the round r (both front ends show it
 * next to the score): "16 - 7" (a correct declaration: their total minus
 * the declarer's), "declared, lowest", "20 + (16 - Cleo's 14)" (a false
 * declaration), "declaration was false". Names are cut to `name_w`
 * characters (0: whole; negative: the short form, for a narrow column:
 * no name, "20 + (16 - 14)", and "declared, tie", "lowest, turn
 * limit"). */
void play_score_reason(const play_game *g, const ls_round_result *r, int seat,
                       int name_w, char *buf, size_t size);
/* Whether seat's hand is a lowest one of round r, marked so in the
 * round's table: every hand of the round equal to the lowest total is,
 * a tied declarer's too (also when the table's tie rule made that
 * declaration false); it marked only the first in seat order. */
bool play_lowest_hand(const ls_round_result *r, int seat);
/* Why the hint's move m is good, from the move and the view alone: what
 * the discard sheds, the set the kept cards make for next turn, what the
 * taken card does ("sheds 18 points; keeps JH QH KH for a run next
 * turn"). */
void play_hint_reason(const ls_view *v, ls_move m, bool words, char *buf, size_t size);
/* A declare estimate p for people: exact when every opponent's hand is
 * known, else "about 97%" and never 100% or 0% ("over 99%"). */
void play_chance_text(const ls_view *v, double p, char *buf, size_t size);
/* "1 point", "2 points". */
const char *play_points(int n, char *buf, size_t size);
/* The text of a card set for people; "-" when empty. */
const char *play_cards(ls_cards set, char *buf, size_t size);
/* Cards said in words, and read from words: cli/cardwords.h. */

/* The rules in short, one rule a line, each line unbroken; NULL ends the
 * table. Both front ends' help shows these lines, each wrapped to its own
 * width (play_wrap), so the two cannot word the rules differently. */
extern const char *const play_rules[];
/* The variants in force at this table, one line of the same kind ("This
 * table: out above 100 points; a tie counts as lowest. Runs of any suits;
 * declare at any total; 5 cards dealt."): the helps' last rule, and line
 * mode's opening. */
void play_table_rules(const ls_rules *r, char *buf, size_t size);
/* Text is measured and cut in a terminal's columns by cli_text_width and
 * cli_text_cut (cli.h). */
/* How many bytes of s (n bytes) fit on a row of `room` columns: n when
 * all of it does, else up to the last space before the row is full (the
 * caller skips the spaces there and goes on on a new row); 0 when not even
 * the first word fits, which is then the caller's choice (a new row, or
 * the word whole, never cut). */
size_t play_wrap(const char *s, size_t n, int room);

/* The width in columns of the terminal on fd (its window size, else
 * COLUMNS), or 0 when it is not known. */
int play_term_width(int fd);

/* Prints text and a newline on stderr; at a terminal broken at spaces to
 * its width, later rows indented two columns; whole in a pipe or a file. */
void play_err_wrapped(const char *text);

/* The front ends. Both return the process exit status. */
int play_plain(play_opts *o);
int play_tui(play_opts *o);

/* A fresh seed for an unseeded match. */
uint64_t play_random_seed(void);

#endif
