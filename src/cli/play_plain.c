/*
 * play_plain.c - `leastscore play --plain`: the game as lines of text.
 *
 * For a screen reader or a script. Everything is printed as it happens, in
 * full sentences; on the human's turn a status block ends in the prompt
 * "your move> " and a line is read: a move in record notation (`discard
 * 7H 8H 9H take 5S`, `discard KD draw`, `declare`) or one of help, hand,
 * hint, quit, in any case (as the moves). Bad input is answered with what
 * was wrong and the prompt again; the turn is never lost. When stdin is not
 * a terminal the line read is echoed after the prompt, so a transcript
 * reads like a session. The output depends only on the options, the seed
 * and the input: a script gets the same text every time (the record's
 * default file name aside). End of input, Ctrl-C or an output that can no
 * longer be written (a closed pipe) ends the match; the record is saved
 * either way.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <unistd.h>

#include "cli/botproc.h"
#include "cli/play.h"

enum { MATCH_OVER, MATCH_QUIT };

static bool echo_input;

/*
 * Output. In a pipe or a file every line goes out whole, as a script or a
 * screen reader wants it (one sentence, one rule, one table row a line).
 * At a terminal whose width is known (TIOCGWINSZ, else COLUMNS), a line
 * wider than the terminal is broken at spaces instead of where the
 * terminal would cut it, mid-word; its later rows are indented two columns
 * more than the line itself, and a word wider than a row is left whole.
 * The width is asked for at every line, so a resize is followed. Lines are
 * kept until their newline (or out_flush(), before input is read), so
 * that a line printed in pieces is broken as a whole. A path or a command
 * to copy is never broken (out_whole()): pasted, a broken command ran its
 * first row alone.
 */
static bool out_tty;          /* stdout is a terminal: lines may be broken */
static char out_line[8192];   /* the line being written, up to its newline */
static size_t out_len;
static int out_col;           /* columns written on the terminal's row */
static int out_indent;        /* the indent of the row's later rows */

/* The width in columns of the terminal on fd, else COLUMNS, or 0 when it
 * is not known. (Under 20 columns it was 0 too, and the terminal cut
 * every long line mid-word.) */
int play_term_width(int fd)
{
    struct winsize ws;
    int w = 0;
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
        w = ws.ws_col;
    } else {
        const char *c = getenv("COLUMNS");
        char *end;
        long n = c && *c ? strtol(c, &end, 10) : 0;
        if (n > 0 && n <= 10000 && *end == '\0')
            w = (int)n;
    }
    return w;
}

/* Marks a space no row may be broken at, in out_line; written as a space. */
#define OUT_NOBREAK '\x1f'
/* Marks, in a table's row, where the column its later rows go under
 * begins (the help's descriptions); written as nothing. */
#define OUT_HANG '\x1e'

/* Writes n bytes of out_line from p, each OUT_NOBREAK as a space (an
 * OUT_HANG left in, as nothing). */
static void out_write(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != OUT_HANG)
            putchar(p[i] == OUT_NOBREAK ? ' ' : p[i]);
}

/* Writes n bytes from p on the terminal's rows, width columns wide (0:
 * unbroken), broken at spaces; later rows begin at out_indent. */
static void out_rows(const char *p, size_t n, int width)
{
    while (n > 0) {
        size_t fit = width ? play_wrap(p, n, width - out_col) : n;
        if (fit == 0 && out_col > out_indent) { /* the word goes on the next row */
            printf("\n%*s", out_indent, "");
            out_col = out_indent;
            continue;
        }
        if (fit == 0) { /* wider than a row: whole, the terminal wraps it */
            fit = strspn(p, " ");
            fit += strcspn(p + fit, " ");
        }
        out_write(p, fit);
        out_col += cli_text_width(p, fit);
        if (width && out_col > width)
            out_col %= width;
        p += fit;
        n -= fit;
        if (n > 0 && fit > 0 && *p == ' ') { /* broken at a space */
            while (n > 0 && *p == ' ')
                p++, n--;
            if (n > 0) {
                printf("\n%*s", out_indent, "");
                out_col = out_indent;
            }
        }
    }
}

/* The column a table's row too narrow for its hanging column (the help's
 * commands, 20 to 39 columns) has its last column's rows at: deeper than
 * the first column's later rows, so that neither reads as the other. */
enum { OUT_UNDER = 6 };

/*
 * The cards said in words in p[0..n-1] ("queen of diamonds,") kept on one
 * row where they fit in room columns (a row after its indent), their
 * spaces made OUT_NOBREAK; a card wider than that is broken after its
 * "of" only ("queen of" / "diamonds,"). At 12 columns a hand was broken
 * "ace / of / spades, 3 / of / hearts", which a screen reader read a row
 * at a time: "spades, 3", then "of".
 */
static void glue_cards(char *p, size_t n, int room)
{
    for (size_t i = 0; i < n; i++) {
        size_t rank_len, len;
        if ((i > 0 && isalnum((unsigned char)p[i - 1])) ||
            (len = play_card_phrase(p + i, n - i, &rank_len)) == 0)
            continue;
        size_t end = len; /* with what sticks to it: "diamonds)," */
        while (i + end < n && p[i + end] != ' ' && p[i + end] != OUT_NOBREAK)
            end++;
        p[i + rank_len] = OUT_NOBREAK;
        if (cli_text_width(p + i, end) <= room)
            p[i + rank_len + 3] = OUT_NOBREAK;
        i += len - 1;
    }
}

/* Writes out_line, broken at the terminal's width, and a newline when nl. */
static void out_emit(bool nl)
{
    out_line[out_len] = '\0';
    const char *p = out_line;
    size_t n = out_len;
    int width = play_term_width(STDOUT_FILENO);
    if (out_col == 0) { /* a new line: its later rows' indent */
        size_t lead = strspn(out_line, " ");
        out_indent = (int)(lead < n ? lead : 0) + 2;
        if (out_indent > width / 4)
            out_indent = width / 4;
        /* A table's row goes on under its last column, while that
         * leaves the column a dozen characters; narrower, the first
         * columns have a line of their own and the last one the next
         * lines, at OUT_UNDER (a description begun on its command's row
         * went on under the commands). */
        char *hang = memchr(out_line, OUT_HANG, n);
        if (hang) {
            int col = cli_text_width(out_line, (size_t)(hang - out_line));
            memmove(hang, hang + 1, n - (size_t)(hang - out_line));
            n = --out_len;
            if (col + 12 <= width) {
                out_indent = col;
            } else if (width) {
                size_t head = (size_t)(hang - out_line), tail = n - head;
                while (head > 0 && out_line[head - 1] == ' ')
                    head--;
                out_rows(out_line, head, width);
                p = hang + strspn(hang, " ");
                n = tail - (size_t)(p - hang);
                /* under 20 columns, a quarter of the row, as any indent */
                int under = width >= 20 ? OUT_UNDER : width / 4;
                printf("\n%*s", under, "");
                out_col = out_indent = under;
            }
        }
    }
    if (width)
        glue_cards(out_line + (p - out_line), n, width - out_indent);
    out_rows(p, n, width);
    if (nl) {
        putchar('\n');
        out_col = 0;
    }
    out_len = 0;
}

/* printf for the game's output (above). */
static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!out_tty) {
        vprintf(fmt, ap);
        va_end(ap);
        return;
    }
    char buf[4096], *text = buf;
    va_list again;
    va_copy(again, ap);
    int len = vsnprintf(buf, sizeof buf, fmt, ap);
    if (len >= (int)sizeof buf && (text = malloc((size_t)len + 1)) != NULL)
        vsnprintf(text, (size_t)len + 1, fmt, again);
    else if (len >= (int)sizeof buf)
        text = buf, len = (int)sizeof buf - 1;
    va_end(again);
    va_end(ap);
    for (int i = 0; i < len; i++) {
        if (text[i] == '\n') {
            out_emit(true);
            continue;
        }
        if (out_len == sizeof out_line - 1) /* a runaway line: written as it is */
            out_emit(false);
        out_line[out_len++] = text[i];
    }
    if (text != buf)
        free(text);
}

/* Writes text (a path, a command) as one word, never broken: on the
 * row it starts on if it fits there, else from the next. */
static void out_whole(const char *text)
{
    if (!out_tty) {
        fputs(text, stdout);
        return;
    }
    for (const char *p = text; *p; p++) {
        if (out_len == sizeof out_line - 1)
            out_emit(false);
        out_line[out_len++] = *p == ' ' ? OUT_NOBREAK : *p;
    }
}

/* The options of this session: `cards` changes how cards are said, for
 * this match and the next ones (play again). */
static play_opts *session;

/*
 * out() of a reply to a line that is no move, its cards said in words
 * when cards are (play_cards_in_words; g's players' names kept, g may be
 * NULL), the moves it quotes too, which can be typed so: a speech
 * synthesizer read "type 'discard AS draw'" as "discard as draw", and
 * the engine's "(cards are like AS 10H QD 7c)" as letters and a word.
 */
static void out_reply(const play_game *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void out_reply(const play_game *g, const char *fmt, ...)
{
    char text[1024], words[sizeof text * 4];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (!session || !session->card_words) {
        out("%s", text);
        return;
    }
    const char *names[LS_MAX_PLAYERS];
    int nnames = 0;
    for (int i = 0; g && i < ls_players(g->s); i++)
        names[nnames++] = ls_name(g->s, i);
    /* The engine's examples (ls_move_parse) are said by words' own; its
     * "not commas" too, which said in words ("like 'discard 7 of hearts,
     * 8 of hearts draw'") gave itself the lie: cards_apart() reads a
     * comma next to a card, and this is said of one next to none. */
    static const char *const engine[][2] = {
        {"(cards are like AS 10H QD 7c)", "(cards are like queen of diamonds, or 10 of hearts)"},
        {"write the cards apart with spaces, not commas, like 'discard 7H 8H draw'",
         "cards are like queen of diamonds, or 10 of hearts"},
    };
    char *ex = NULL;
    size_t which = 0;
    for (size_t i = 0; i < sizeof engine / sizeof engine[0] && !ex; i++)
        if ((ex = strstr(text, engine[i][0])) != NULL)
            which = i;
    size_t head = ex ? (size_t)(ex - text) : strlen(text);
    if (ex)
        *ex = '\0';
    play_cards_in_words(text, names, nnames, words, sizeof words);
    /* a sentence begun by a card ("QS is discarded twice") begins so */
    if (isupper((unsigned char)text[0]) && islower((unsigned char)words[0]))
        words[0] = (char)toupper((unsigned char)words[0]);
    out("%s", words);
    if (!ex)
        return;
    out("%s", engine[which][1]);
    play_cards_in_words(text + head + strlen(engine[which][0]), names, nnames, words,
                        sizeof words);
    out("%s", words);
}

/* Writes what is kept of the line (a prompt) and flushes stdout. */
static int out_flush(void)
{
    if (out_len > 0)
        out_emit(false);
    return fflush(stdout);
}

/* Flushes the output; true when it can no longer be written (a closed
 * pipe: SIGPIPE is ignored (cmd_play.c), so that the match can end and its record
 * be saved rather than the process be killed). */
static int output_errno; /* why the output was lost, from the first failure */

static bool output_lost(void)
{
    errno = 0;
    bool lost = out_flush() != 0 || ferror(stdout);
    if (lost && !output_errno)
        output_errno = errno;
    return lost;
}

/* The longest line kept; a longer one is read to its end and reported
 * (line_length), so that endless input without a newline costs no more
 * memory than this. */
#define PLAIN_LINE_MAX 1024
static size_t line_length; /* of the last line read, before trimming */
static size_t line_nul;    /* 1 + where its first NUL byte is, or 0 */

/* Set when the game goes on after Ctrl-Z and fg (SIGCONT). The terminal
 * dropped what was typed of the line when it stopped the game, and the
 * shell's lines stand under the prompt, so the prompt is printed again. */
static volatile sig_atomic_t continued;

static void on_continue(int sig)
{
    (void)sig;
    continued = 1;
}

/*
 * One byte of stdin; EOF at its end; SIGNALLED when a signal came first
 * (play_interrupted, or continued). Read through a buffer of its own
 * rather than stdio's, so that the wait for input can be pselect's, with
 * the signals blocked until the wait begins: a signal that came after the
 * last look at play_interrupted but before the read was handled and then
 * the read began, and waited for ever (a SIGTERM just as the prompt was
 * printed was lost, and the game with a bot's daemon never ended).
 */
#define SIGNALLED (-2)
static unsigned char in_buf[4096]; /* read from stdin, not yet taken */
static size_t in_pos, in_len;
static bool in_ended; /* the end of input came while a hint was searched */

static int next_byte(void)
{
    if (in_pos < in_len)
        return in_buf[in_pos++];
    if (in_ended)
        return EOF;
    sigset_t block, was;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigaddset(&block, SIGQUIT);
    sigaddset(&block, SIGCONT);
    sigprocmask(SIG_BLOCK, &block, &was);
    int ready = 0, e = 0;
    if (!play_interrupted && !continued) {
        fd_set in;
        FD_ZERO(&in);
        FD_SET(STDIN_FILENO, &in);
        ready = pselect(STDIN_FILENO + 1, &in, NULL, NULL, NULL, &was);
        e = errno;
    }
    sigprocmask(SIG_SETMASK, &was, NULL);
    if (play_interrupted || continued || (ready < 0 && e == EINTR))
        return SIGNALLED;
    ssize_t n = read(STDIN_FILENO, in_buf, sizeof in_buf);
    if (n < 0 && errno == EINTR)
        return SIGNALLED;
    if (n <= 0)
        return EOF;
    in_pos = 0;
    in_len = (size_t)n;
    return in_buf[in_pos++];
}

/* One line from stdin without its newline, trimmed; NULL at end of input
 * or on an interrupt. prompt is printed again when the game is continued
 * (SIGCONT) while it waits. The buffer is reused by the next call. A line
 * longer than PLAIN_LINE_MAX - 1 comes back cut (line_length says how long
 * it was). */
static char *read_line(const char *prompt)
{
    static char line[PLAIN_LINE_MAX];
    size_t n = 0, len = 0;
    int c;
    line_nul = 0;
    for (;;) {
        c = next_byte();
        if (c == SIGNALLED && !play_interrupted) {
            bool again = continued && len == 0;
            continued = 0;
            if (again) {
                out_col = 0; /* the shell's lines stand under the old prompt */
                out("%s", prompt);
                out_flush();
            }
            continue;
        }
        if (c == EOF || c == '\n' || play_interrupted)
            break; /* an endless line (< /dev/zero) still ends on a signal */
        if (c == '\0' && !line_nul)
            line_nul = len + 1;
        if (n < sizeof line - 1)
            line[n++] = (char)c;
        len++;
    }
    if (c == '\n' && !echo_input) /* the terminal's echo ended the row */
        out_col = 0;
    if ((c == EOF && len == 0) || play_interrupted)
        return NULL;
    line[n] = '\0';
    line_length = len;
    while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
        line[--n] = '\0';
    char *p = line;
    /* A UTF-8 byte order mark before the first line (a script saved by
     * some editors) is no part of it, as in a record: the first move was
     * refused as "'\xef\xbb\xbfdiscard' is not a move". */
    static bool first = true;
    if (first && n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    first = false;
    while (*p == ' ' || *p == '\t')
        p++;
    /* Escaped: the input may hold terminal control sequences. Its
     * printable UTF-8 ('6♥', 'Zoë') is shown as it is, as a bot's text. */
    if (echo_input) {
        char shown[PLAIN_LINE_MAX * 4];
        bool cut = len >= sizeof line;
        cli_shown_n(p, n - (size_t)(p - line), shown, cut ? 61 : sizeof shown);
        if (cut)
            out("%s... (%zu characters)\n", shown, len);
        else
            out("%s\n", shown);
    }
    return p;
}

/* Whether the last line read was cut or holds a NUL byte (which would
 * end it early: "declare\0junk" is not "declare"); says so if it was. */
static bool line_refused(void)
{
    if (line_length >= PLAIN_LINE_MAX) {
        out_reply(NULL, "That line is %zu characters long: a move or a command is one "
                  "short line. Type e.g. 'discard KD draw' or 'help'.\n", line_length);
        return true;
    }
    if (line_nul) {
        out_reply(NULL, "That line holds a NUL byte (character %zu): a move or a command "
                  "is text. Type e.g. 'discard KD draw' or 'help'.\n", line_nul);
        return true;
    }
    return false;
}

/* The moves' rows of the help, then its other commands'. */
enum { HELP_MOVES = 3 };

/*
 * The help: the rules, this table's, then the commands (all of it, 22
 * lines), or with moves_only (`help moves`) only the moves and how cards
 * are typed, 7 lines: a player who had forgotten the syntax heard the
 * rules first, 7 lines read aloud, before it.
 */
static void print_help(const play_game *g, bool moves_only)
{
    char table[200];
    play_table_rules(ls_state_rules(g->s), table, sizeof table);
    if (!moves_only) {
        out("For the moves alone, type 'help moves'.\n");
        for (int i = 0; play_rules[i]; i++) /* a rule a line, as the full screen's help */
            out("%s\n", play_rules[i]);
        out("%s\n\n", table);
    }
    /* At a terminal too narrow for a row, its description goes on under
     * itself (OUT_HANG), not under the commands; in a pipe, no mark. */
    static const char *const rows[][2] = {
        {"discard CARDS take CARD", "discard, then take one of the open cards"},
        {"discard CARDS draw", "discard, then draw from the deck"},
        {"declare", "show hands (from your second turn)"},
        {"hand", "your hand, the table and everyone's points again"},
        {"scores", "say everyone's match points"},
        {"hint", "what the computer would do"},
        {"cards words", "say cards in words (ace of spades); 'cards letters': AS"},
        {"help or ?", "this text"},
        {"help moves", "the moves alone"},
        {"quit or q", "end the game (the record is saved)"},
    };
    out("Type one of:\n");
    size_t nrows = moves_only ? HELP_MOVES : sizeof rows / sizeof rows[0];
    for (size_t i = 0; i < nrows; i++)
        out("  %-26s%s%s\n", rows[i][0], out_tty ? "\x1e" : "", rows[i][1]);
    out("Cards: rank A 2-10 J Q K then suit C D H S, e.g. 10H QS AC.\n");
    out("Or in words, as 'cards words' says them: 10 of hearts, queen of spades.\n");
    if (moves_only)
        out("'help' alone says the rules and every command.\n");
}

/* A card set as this game says it (play_cards_said): in words after
 * `cards words` or --cards words, else as in the record. */
static const char *said(const play_game *g, ls_cards set, char *buf, size_t size)
{
    return play_cards_said(set, g->opts->card_words, buf, size);
}

/*
 * The status block before the prompt. In full (brief false): your hand,
 * the open cards and the deck, your points, then each other player's
 * cards, points, last discard and the cards known to be in their hand.
 * Brief, on your later turns of a round: the other players' points have
 * not changed since your first turn of it, and their last discards were
 * each said in the line of their move just before, so only their cards
 * are said, on one line. At eight players the full block was 12 lines
 * after the 7 lines of their moves, 20 lines a turn, of which the 7 lines
 * of the others repeated what had just been heard; brief it is 5.
 */
static void print_status(const play_game *g, bool brief)
{
    ls_view v;
    ls_view_of(g->s, 0, &v);
    char buf[256];
    out("Your turn (round %d, turn %d).\n", v.round, v.turns + 1);
    out("  Hand: %s (total %d)\n", said(g, v.hand, buf, sizeof buf),
        v.hand_total);
    out("  Open: %s   Deck: %d card%s\n", said(g, v.open, buf, sizeof buf),
        v.deck_size, v.deck_size == 1 ? "" : "s");
    if (brief) {
        const char *sep = "  Others:";
        for (int i = 1; i < v.nplayers; i++) {
            if (!(v.in_round >> i & 1))
                continue;
            out("%s %s %d card%s", sep, v.names[i], v.hand_size[i],
                v.hand_size[i] == 1 ? "" : "s");
            if (v.known[i])
                out(", holds %s", said(g, v.known[i], buf, sizeof buf));
            sep = ";";
        }
        out(".\n");
    } else {
        /* Your own match points, as the others' (they were said only in
         * a round's result); out above the threshold. */
        out("  You: %d point%s, out above %d\n", v.score[0], v.score[0] == 1 ? "" : "s",
            ls_state_rules(g->s)->threshold);
    }
    for (int i = 1; i < v.nplayers && !brief; i++) {
        if (!(v.in_round >> i & 1))
            continue;
        /* "none", not "-", which a speech synthesizer reads "dash" */
        out("  %s: %d card%s, %d point%s, last discard %s", v.names[i],
            v.hand_size[i], v.hand_size[i] == 1 ? "" : "s", v.score[i],
            v.score[i] == 1 ? "" : "s",
            v.last_discard[i] ? said(g, v.last_discard[i], buf, sizeof buf) : "none");
        if (v.known[i])
            out(", holds %s", said(g, v.known[i], buf, sizeof buf));
        out("\n");
    }
    if (v.can_declare)
        out("  You may declare.\n");
}

/* Everyone's match points on one line, "Scores: you 12, Ada 3, Ben 104
 * (out); out above 100.", for the player who asks (`scores`) rather
 * than hear the whole status again. */
static void print_scores(const play_game *g)
{
    out("Scores:");
    for (int i = 0; i < ls_players(g->s); i++)
        out("%s %s %d%s", i ? "," : "", i == 0 ? "you" : ls_name(g->s, i),
            ls_score(g->s, i), ls_eliminated(g->s, i) ? " (out)" : "");
    out("; out above %d.\n", ls_state_rules(g->s)->threshold);
}

/* What seat i scores this round and why: "12 = 18 - 6", "0, declared,
 * lowest". */
static void round_text(const play_game *g, const ls_round_result *r, int i,
                       char *buf, size_t size)
{
    char why[120];
    play_score_reason(g, r, i, 0, why, sizeof why);
    if (strchr(why, '-'))
        snprintf(buf, size, "%d = %s", r->score[i], why);
    else
        snprintf(buf, size, "%d, %s", r->score[i], why);
}

/* The round's result: who declared and how it went, then a sentence for
 * each player: the hand and its total (and whether it was the lowest),
 * what the player scores this round and why, the match points and
 * whether the player is out ("  Ben: 3C 3S 4H 7S, total 17, the lowest;
 * this round 0, lowest hand; match 0."); then who is out, with the
 * threshold. The human is "you" in the sentences, as on the full screen.
 * At every width, in a pipe or a file too: a table's row was read by a
 * screen reader as a run of words whose meaning was their column ("You
 * 2S 7C 7D 8H KC 34* 25 = 34 - 9 56 OUT", the "*" read as "star"), and
 * at a narrow terminal its columns were scattered over rows. */
static void print_result(const play_game *g)
{
    const ls_round_result *r = ls_last_result(g->s);
    int d = r->declarer < 0 ? r->lowest : r->declarer, low = -1;
    char buf[256], round[160], pts[24];
    for (int i = 0; i < ls_players(g->s); i++)
        if ((r->players >> i & 1) && (r->correct || i != d) &&
            (low < 0 || r->hand_total[i] < r->hand_total[low]))
            low = i;
    const char *dn = d == 0 ? "You" : ls_name(g->s, d);
    if (r->declarer < 0)
        out("Round %d reached the turn limit: %s %s the lowest hand and "
            "score%s as a correct declarer.\n", r->round, dn,
            d == 0 ? "have" : "has", d == 0 ? "" : "s");
    else if (r->correct)
        out("Round %d over: %s declared with %d: correct, the lowest hand. "
            "The others score their total minus %d.\n", r->round, dn,
            r->hand_total[d], r->hand_total[d]);
    else
        out("Round %d over: %s declared with %d: false, %s had %d. %s "
            "score%s 20 + %d, the others 0.\n", r->round, dn,
            r->hand_total[d], low == 0 ? "you" : ls_name(g->s, low),
            r->hand_total[low], dn, d == 0 ? "" : "s",
            r->hand_total[d] - r->hand_total[low]);
    for (int i = 0; i < ls_players(g->s); i++) {
        if (!(r->players >> i & 1))
            continue;
        round_text(g, r, i, round, sizeof round);
        out("  %s: %s, total %d%s; this round %s; match %d%s.\n", ls_name(g->s, i),
            said(g, r->hand[i], buf, sizeof buf), r->hand_total[i],
            play_lowest_hand(r, i) ? ", the lowest" : "", round, r->total[i],
            r->eliminated >> i & 1 ? ", out" : "");
    }
    for (int i = 0; i < ls_players(g->s); i++)
        if (r->eliminated >> i & 1)
            out("%s %s out: %s, above %d.\n", i == 0 ? "You" : ls_name(g->s, i),
                i == 0 ? "are" : "is", play_points(r->total[i], pts, sizeof pts),
                ls_state_rules(g->s)->threshold);
}

/*
 * Waits for the hint's search (play_game_hint_start) to end; false when
 * it was dropped first: by Ctrl-C (or SIGTERM, SIGHUP: play_interrupted),
 * or at a terminal by the end of input (Ctrl-D), each answered at once
 * as at the prompt. The search of a small deck's hint runs 2 s, and one
 * made here on the caller's thread held both until it ended. The wait
 * is pselect's with the signals blocked until it begins, as next_byte's;
 * the thread's end is looked for every 20 ms. What is typed meanwhile
 * is kept for the prompt (in_buf); only a read of nothing, with nothing
 * kept, is the end. In a pipe or a file stdin is not read here: a
 * script's "hint" as its last line is answered, as it always was, and
 * its output depends on its input alone.
 */
static bool hint_wait(play_game *g)
{
    sigset_t block, was;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigaddset(&block, SIGQUIT);
    while (!play_game_hint_ready(g)) {
        bool look = !echo_input && in_pos == in_len && !in_ended;
        sigprocmask(SIG_BLOCK, &block, &was);
        int ready = 0;
        if (!play_interrupted) {
            fd_set in;
            FD_ZERO(&in);
            if (look)
                FD_SET(STDIN_FILENO, &in);
            struct timespec slice = {0, 20 * 1000 * 1000};
            ready = pselect(STDIN_FILENO + 1, &in, NULL, NULL, &slice, &was);
            if (ready > 0 && !FD_ISSET(STDIN_FILENO, &in))
                ready = 0;
        }
        sigprocmask(SIG_SETMASK, &was, NULL);
        if (play_interrupted)
            break;
        if (ready > 0) {
            ssize_t n = read(STDIN_FILENO, in_buf, sizeof in_buf);
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
                in_ended = true;
                break;
            }
            if (n > 0) {
                in_pos = 0;
                in_len = (size_t)n;
            }
        }
    }
    if (play_game_hint_ready(g))
        return true;
    play_game_hint_drop(g);
    return false;
}

/* The hint, or false when it was dropped (hint_wait) and the game ends. */
static bool print_hint(play_game *g)
{
    ls_move m;
    double chance;
    ls_error err = {0};
    int rc = play_game_hint_start(g, &err);
    if (rc == 0 && !hint_wait(g))
        return false;
    if (rc != 0 || play_game_hint_end(g, &m, &chance, &err) != 0) {
        out("No hint: %s\n", err.msg);
        return true;
    }
    char buf[256], why[600], odds[32];
    ls_view v;
    ls_view_of(g->s, 0, &v);
    bool words = g->opts->card_words;
    if (words && m.kind != LS_MOVE_DECLARE) { /* as typed: "discard 7 of hearts, draw" */
        char set[160], c[24];
        if (m.kind == LS_MOVE_TAKE)
            snprintf(buf, sizeof buf, "discard %s, take %s", said(g, m.discard, set, sizeof set),
                     play_card_said(m.card, true, c, sizeof c));
        else
            snprintf(buf, sizeof buf, "discard %s, draw", said(g, m.discard, set, sizeof set));
    } else {
        ls_move_str(m, buf, sizeof buf);
    }
    if (m.kind == LS_MOVE_DECLARE)
        snprintf(why, sizeof why, "your %d is likely the lowest hand", v.hand_total);
    else
        play_hint_reason(&v, m, words, why, sizeof why);
    out("Hint (%s): %s: %s.", g->advisor->ops->kind, buf, why);
    if (chance >= 0) {
        play_chance_text(&v, chance, odds, sizeof odds);
        out(" Declaring now: %s likely correct.", odds);
    }
    if (g->hint_cut)
        out(" (A search cut at " PLAY_HINT_S " s: this small deck is slow.)");
    out("\n");
    return true;
}

/* The command or move word nearest to the first word of line when it is
 * none of them but close (at most 2 edits), else NULL. */
static const char *nearest_command(const char *line)
{
    static const char *const words[] = {"discard", "declare", "draw", "take", "hand",
                                        "hint", "help", "quit", "scores", "cards"};
    char first[32];
    size_t n = strcspn(line, " \t");
    if (n == 0 || n >= sizeof first)
        return NULL;
    for (size_t i = 0; i < n; i++)
        first[i] = (char)(line[i] >= 'A' && line[i] <= 'Z' ? line[i] + 32 : line[i]);
    first[n] = '\0';
    const char *best = NULL;
    int bd = 3;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        int dd = cli_edit_distance(first, words[i]);
        if (dd == 0)
            return NULL;
        if (dd < bd) {
            bd = dd;
            best = words[i];
        }
    }
    return best;
}

/* Suit symbols in UTF-8 (the full screen's 7♥, black or white) written as
 * the letters of record notation (7H), in place: a card copied from the
 * full screen, or typed so, is read as the card it shows. */
static void suit_letters(char *line)
{
    static const struct { const char *sym; char letter; } suits[] = {
        {"\u2663", 'C'}, {"\u2667", 'C'}, {"\u2666", 'D'}, {"\u2662", 'D'},
        {"\u2665", 'H'}, {"\u2661", 'H'}, {"\u2660", 'S'}, {"\u2664", 'S'},
    };
    char *out = line;
    for (const char *p = line; *p;) {
        size_t i = 0;
        while (i < sizeof suits / sizeof suits[0] &&
               strncmp(p, suits[i].sym, strlen(suits[i].sym)) != 0)
            i++;
        if (i < sizeof suits / sizeof suits[0]) {
            *out++ = suits[i].letter;
            p += strlen(suits[i].sym);
        } else {
            *out++ = *p++;
        }
    }
    *out = '\0';
}

/* Whether s[0..n-1] is a card in notation as ls_card_parse reads it. */
static bool card_token(const char *s, size_t n)
{
    char word[4];
    if (n == 0 || n >= sizeof word)
        return false;
    memcpy(word, s, n);
    word[n] = '\0';
    return ls_card_parse(word) != LS_NO_CARD;
}

/* Commas next to a card in notation ("discard 5h,5s draw", "5h, 5s")
 * made spaces, in place: cards in a row are said with commas in words
 * ("5 of hearts, 5 of spades", which play_words_to_cards reads so), and
 * the same typed in notation was refused ("'5h,5s' is not a card: write
 * the cards apart with spaces"). A comma next to no card is left, and
 * read as typed. */
static void cards_apart(char *line)
{
    for (char *c = strchr(line, ','); c; c = strchr(c + 1, ',')) {
        const char *end = c, *start, *next = c + 1;
        while (end > line && (end[-1] == ' ' || end[-1] == '\t'))
            end--;
        for (start = end; start > line && !strchr(" \t,", start[-1]); start--)
            ;
        next += strspn(next, " \t");
        if (card_token(start, (size_t)(end - start)) ||
            card_token(next, strcspn(next, " \t,")))
            *c = ' ';
    }
}

/* A command followed by more words ("help me", "quit now"): says that it
 * takes none, as the move parser says of "declare now" (it was called
 * no move). Returns whether it was so. */
static bool command_with_more(const char *line)
{
    static const char *const commands[] = {"help", "hand", "hint", "quit", "scores"};
    size_t n = strcspn(line, " \t");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (n != strlen(commands[i]) || strncasecmp(line, commands[i], n) != 0)
            continue;
        const char *rest = line + n + strspn(line + n, " \t");
        char shown[80]; /* escaped: the input may hold control sequences */
        cli_shown_n(rest, strlen(rest), shown, sizeof shown);
        out("'%s' takes nothing after it, got '%s'. Type '%s' alone.\n",
            commands[i], shown, commands[i]);
        return true;
    }
    return false;
}

/* Whether line is `help moves` (any case, `help move` too). */
static bool help_moves(const char *line)
{
    size_t n = strcspn(line, " \t");
    if (n != 4 || strncasecmp(line, "help", 4) != 0)
        return false;
    const char *rest = line + n + strspn(line + n, " \t");
    return !strcasecmp(rest, "moves") || !strcasecmp(rest, "move");
}

/*
 * `cards words`, `cards letters`, or `cards` alone (which says how they
 * are said now). Words are for a speech synthesizer, which read "AS" as
 * the word "as" and "QD" as letters; typed input is read either way.
 * Returns whether line was this command (answered, right or wrong).
 */
static bool cards_command(const char *line)
{
    size_t n = strcspn(line, " \t");
    if (n != 5 || strncasecmp(line, "cards", 5) != 0)
        return false;
    const char *rest = line + n + strspn(line + n, " \t");
    if (!strcasecmp(rest, "words")) {
        session->card_words = true;
        out("Cards are said in words now, as queen of diamonds; type them so, or as "
            "QD.\n");
    } else if (!strcasecmp(rest, "letters")) {
        session->card_words = false;
        out("Cards are said in letters now, as QD (the record's notation).\n");
    } else if (!*rest) {
        out("Cards are said in %s. Type 'cards words' to hear them as queen of "
            "diamonds, 'cards letters' as QD.\n", session->card_words ? "words" : "letters");
    } else {
        char shown[80]; /* escaped: the input may hold control sequences */
        cli_shown_n(rest, strlen(rest), shown, sizeof shown);
        out("'cards' takes 'words' or 'letters', got '%s'. Type 'cards words' to hear "
            "them as queen of diamonds.\n", shown);
    }
    return true;
}

/*
 * A line that is no move but plainly meant one, said with the move it
 * meant: cards alone ("10h", "th", "5h 5s", as a player who has heard
 * only the cards may type), or a pick-up without its discard ("draw",
 * "take 10D"). They were "'10h' is not a move: expected ...", which does
 * not say that the card was read, nor what to put around it. Returns
 * whether it said so.
 */
static bool move_meant(const play_game *g, const char *line)
{
    ls_view v;
    ls_view_of(g->s, 0, &v);
    /* cards as typed, in order; spoken, the same as this game says them */
    char opn[160], cards[160] = "", spoken[400] = "", word[16];
    said(g, v.open, opn, sizeof opn);
    size_t n = strcspn(line, " \t");
    if ((n == 4 && !strncasecmp(line, "draw", 4)) || (n == 4 && !strncasecmp(line, "take", 4))) {
        out_reply(g, "Discard first, then draw or take: type 'discard CARDS draw' or "
                  "'discard CARDS take CARD' (the open card%s: %s).\n",
            ls_cards_count(v.open) == 1 ? "" : "s", opn);
        return true;
    }
    int count = 0;
    ls_cards set = 0;
    for (const char *p = line; *p;) {
        p += strspn(p, " \t,");
        n = strcspn(p, " \t,");
        if (n == 0)
            break;
        if (n >= sizeof word)
            return false;
        memcpy(word, p, n);
        word[n] = '\0';
        ls_card c = ls_card_parse(word);
        if (c == LS_NO_CARD)
            return false;
        char name[24];
        set |= LS_BIT(c);
        size_t len = strlen(cards);
        snprintf(cards + len, sizeof cards - len, "%s%s", count ? " " : "",
                 ls_card_str(c, name));
        len = strlen(spoken);
        snprintf(spoken + len, sizeof spoken - len, "%s%s",
                 count ? (g->opts->card_words ? ", " : " ") : "",
                 play_card_said(c, g->opts->card_words, name, sizeof name));
        count++;
        p += n;
    }
    if (count == 0)
        return false;
    if (spoken[0] >= 'a' && spoken[0] <= 'z') /* a sentence: "Queen of hearts is" */
        spoken[0] = (char)(spoken[0] - 'a' + 'A');
    if ((set & v.hand) != set) {
        char hand[256];
        out_reply(g, "%s %s, not a move, and not in your hand: %s.\n", spoken,
            count == 1 ? "is a card" : "are cards", said(g, v.hand, hand, sizeof hand));
        return true;
    }
    ls_error why = {0};
    if (!ls_discard_ok(set, ls_state_rules(g->s), &why)) {
        out_reply(g, "%s are cards, not a move, and cannot be discarded together: %s.\n",
                  spoken, why.msg);
        return true;
    }
    char first[4];
    ls_card_str(ls_cards_first(v.open), first);
    out_reply(g, "%s %s, not a move: to discard %s, type 'discard %s draw', or "
              "'discard %s take %s' to take %s %s.\n", spoken,
        count == 1 ? "is a card" : "are cards", count == 1 ? "it" : "them", cards,
        cards, first, ls_cards_count(v.open) == 1 ? "the open card" : "one of the open cards",
        opn);
    return true;
}

/* The round whose status was said in full at your turn, or 0. */
static int status_round;

/* Reads commands until the human has made a legal move. */
static int human_turn(play_game *g)
{
    /* What a bot wrote to its stderr after its answer comes before the
     * status and each prompt, not after the person's move; what it
     * writes while the prompt waits still waits for the next event: the
     * terminal holds the line being typed, which we cannot show again
     * under a line written across it. */
    for (bool first = true;; first = false) {
        out_flush();
        play_game_bots_stderr(g);
        if (first) {
            /* In full on your first turn of a round, and on the first
             * one after the match's start or a resume, whose moves were
             * not heard; brief after (print_status). */
            bool brief = status_round == ls_round(g->s);
            status_round = ls_round(g->s);
            print_status(g, brief);
        }
        out("your move> ");
        if (output_lost())
            return MATCH_QUIT;
        char *line = read_line("your move> ");
        if (!line) {
            out("\n%s\n", play_interrupted ? "Interrupted." : "End of input.");
            return MATCH_QUIT;
        }
        if (line_refused() || !*line)
            continue;
        if (!strcasecmp(line, "help") || !strcmp(line, "?")) { /* ? as on the full screen */
            print_help(g, false);
            continue;
        }
        if (help_moves(line)) {
            print_help(g, true);
            continue;
        }
        if (cards_command(line))
            continue;
        if (!strcasecmp(line, "scores")) {
            print_scores(g);
            continue;
        }
        if (!strcasecmp(line, "hand")) {
            print_status(g, false);
            continue;
        }
        if (!strcasecmp(line, "hint")) {
            if (print_hint(g))
                continue;
            /* at a terminal, after its echo of ^C */
            if (play_interrupted)
                out("%sInterrupted.\n", echo_input ? "" : "\n");
            else
                out("End of input.\n");
            return MATCH_QUIT;
        }
        if (!strcasecmp(line, "quit") || !strcasecmp(line, "q"))
            return MATCH_QUIT;
        if (command_with_more(line))
            continue;
        ls_move m;
        ls_error err = {0};
        suit_letters(line);
        play_words_to_cards(line);
        cards_apart(line);
        if (ls_move_parse(line, &m, &err) != 0) {
            const char *near = nearest_command(line);
            char shown[80], why[sizeof err.msg]; /* shown so, never longer */
            /* The reason's quote of a word reads as the echo of the line
             * does, by one rule (cli_shown_msg, as a bot's report):
             * 'Zoë', not 'Zo\xc3\xab'. */
            cli_shown_msg(err.msg, why, sizeof why);
            cli_shown_n(line, strlen(line), shown, sizeof shown);
            /* A player used to the full screen, or to a shell's history,
             * presses Up: it was "'\x1b[A' is not a move". */
            if (line[0] == '\x1b')
                out_reply(g, "Arrow and function keys do nothing in line mode (the "
                          "terminal sent '%s'). ", shown);
            else if (!near && move_meant(g, line))
                continue;
            else if (near) { /* escaped, as the echo: "\fhand" wrote a form feed */
                cli_shown_n(line, strcspn(line, " \t"), shown, sizeof shown);
                out_reply(g, "Unknown command '%s': did you mean '%s'? ", shown, near);
            }
            else if (why[0] >= 'a' && why[0] <= 'z') /* a sentence */
                out_reply(g, "%c%s. ", why[0] - 'a' + 'A', why + 1);
            else
                out_reply(g, "%s. ", why);
            out_reply(g, "Type e.g. 'discard KD draw', 'discard 7H 8H 9H take 5S', "
                      "'declare' or 'help'.\n");
            continue;
        }
        if (m.kind == LS_MOVE_DRAW && m.card != LS_NO_CARD) {
            out_reply(g, "You cannot choose the card you draw: type the move "
                      "without it, e.g. 'discard KD draw'.\n");
            continue;
        }
        if (play_game_apply(g, &m, &err) != 0) {
            char msg[300], words[sizeof msg * 4];
            play_personal(g, err.msg, msg, sizeof msg);
            if (!strncmp(msg, "You ", 4)) /* after the colon, not a sentence */
                msg[0] = 'y';
            if (g->opts->card_words) { /* "KS is not in your hand" */
                const char *names[LS_MAX_PLAYERS];
                for (int i = 0; i < ls_players(g->s); i++)
                    names[i] = ls_name(g->s, i);
                play_cards_in_words(msg, names, ls_players(g->s), words, sizeof words);
            } else {
                snprintf(words, sizeof words, "%s", msg);
            }
            out("Not allowed: %s.\n", words);
            continue;
        }
        char buf[256];
        play_describe(g, 0, m, true, buf, sizeof buf);
        out("%s.\n", buf);
        if (g->reshuffled)
            out("%s\n", play_reshuffle_text(g, buf, sizeof buf));
        return MATCH_OVER;
    }
}

/* The match's standings by place, as replay prints them (play_places):
 * "  2. Ada    31  out in round 3". */
static void print_places(const play_game *g)
{
    play_place places[LS_MAX_PLAYERS];
    int n = play_places(g->s, g->out_round, places), nw = 0;
    for (int i = 0; i < n; i++) {
        int len = (int)strlen(ls_name(g->s, i));
        nw = len > nw ? len : nw;
    }
    out("Standings:\n");
    for (int k = 0; k < n; k++) {
        char how[32] = "winner";
        if (places[k].out_round)
            snprintf(how, sizeof how, "out in round %d", places[k].out_round);
        out("  %d. %-*s %4d  %s\n", places[k].place, nw, ls_name(g->s, places[k].seat),
            ls_score(g->s, places[k].seat), how);
    }
}

/* The save after a deal or a move inside a round (play_game_save_step),
 * so that a game killed outright loses at most the move being typed. A
 * failure is said on stderr at once, and once, not at every move; so is
 * the save that works again. */
static void save_step(play_game *g)
{
    char msg[PLAY_PATH_MAX + 200];
    int said = play_game_save_step(g, msg, sizeof msg);
    if (said == 0)
        return;
    out_flush();
    if (said == 1 && !g->lock_lost)
        fprintf(stderr, "leastscore play: %s; the game goes on, and saving is tried "
                "again after every move\n", msg);
    else
        fprintf(stderr, "leastscore play: %s\n", msg);
}

static int run_match(play_game *g)
{
    char buf[256];
    ls_error err = {0};
    while (ls_phase(g->s) != LS_PHASE_OVER) {
        if (play_interrupted) {
            /* Between moves: a computer's turn, or its wait for a cmd:
             * bot's answer, which the signal cut short. */
            out("Interrupted.\n");
            return MATCH_QUIT;
        }
        if (output_lost())
            return MATCH_QUIT;
        if (ls_phase(g->s) == LS_PHASE_DEAL) {
            if (play_game_deal(g, &err) != 0) {
                out("Cannot deal: %s\n", err.msg);
                return MATCH_QUIT;
            }
            int st = ls_starter(g->s);
            out("\nRound %d. %s start%s. Open card: %s.\n", ls_round(g->s),
                st == 0 ? "You" : ls_name(g->s, st), st == 0 ? "" : "s",
                said(g, ls_open_cards(g->s), buf, sizeof buf));
            save_step(g);
        }
        int seat = ls_turn(g->s);
        if (seat == 0) {
            if (human_turn(g) == MATCH_QUIT)
                return MATCH_QUIT;
        } else {
            ls_move m;
            if (!play_game_bot_move(g, &m))
                continue; /* interrupted: the loop's first check ends it */
            if (play_game_apply(g, &m, &err) != 0) {
                out("%s made an illegal move: %s\n", ls_name(g->s, seat), err.msg);
                return MATCH_QUIT;
            }
            play_describe(g, seat, m, false, buf, sizeof buf);
            out("%s.\n", buf);
            if (g->reshuffled)
                out("%s\n", play_reshuffle_text(g, buf, sizeof buf));
        }
        if (ls_phase(g->s) == LS_PHASE_TURN)
            save_step(g);
        else {
            /* Said now, as the full screen does, not only when the game
             * ends: the player may want to stop and make room. */
            char msg[PLAY_PATH_MAX + 200];
            print_result(g);
            if (play_game_save(g, msg, sizeof msg) != 0) {
                out_flush();
                fprintf(stderr, "leastscore play: %s; the game goes on, and the "
                        "record is saved again after every round\n", msg);
            }
        }
    }
    int w = ls_winner(g->s);
    if (w == 0)
        out("\nYou win the match!\n");
    else
        out("\n%s wins the match.\n", ls_name(g->s, w));
    print_places(g);
    return MATCH_OVER;
}

static void intro(const play_game *g)
{
    char table[200], spec[CLI_SHOWN_MAX(CLI_SPEC_MAX)];
    out("Least Score: %s against", ls_name(g->s, 0));
    /* A cmd: as typed, escapes \xNN; from the options, whole: the
     * player's own copy (ls_player.spec) holds 63 bytes. */
    for (int i = 1; i < ls_players(g->s); i++)
        out("%s %s (%s)", i == 1 ? "" : ",", ls_name(g->s, i),
            cli_shown(g->opts->levels[i - 1], spec, sizeof spec));
    /* The rules in force in the help's words ("This table: out above 100
     * points; ..."), not in the options' own. */
    play_table_rules(ls_state_rules(g->s), table, sizeof table);
    out(".\n%s Seed %llu.\n", table, (unsigned long long)g->seed);
    if (g->resumed) {
        char where[PLAY_PATH_MAX + 64]; /* the path whole */
        play_resumed_text(g, false, where, sizeof where);
        /* The path is never broken, as the record's is on leaving: a
         * path with spaces was broken inside at a terminal's width. */
        const char *path = g->opts->resume, *at = strstr(where, path);
        if (at) {
            out("%.*s", (int)(at - where), where);
            out_whole(path);
            out("%s\n", at + strlen(path));
        } else {
            out("%s\n", where);
        }
    }
    out("Moves: 'discard CARDS take CARD', 'discard CARDS draw', 'declare'; "
        "also hand, scores, hint, help, quit.\n");
    if (g->opts->card_words) /* said once: the record's notation types faster */
        out("Cards are said in words; type them so, as 'discard queen of diamonds "
            "draw', or as in the record, 'discard QD draw'.\n");
}

/* A failing bot, on stderr as it happens. */
static void report_bot(void *ud, const char *msg)
{
    (void)ud;
    out_flush();
    fprintf(stderr, "leastscore play: %s\n", msg);
}

/* Asks "Play again? (yes/no)" until the answer is one of them (y, yes,
 * n, no, any case); end of input is no, and so is quit (or q), which
 * leaves at the prompt too. `help` (or ?) says what each answer does: it
 * was "Please answer yes or no." as any other line. */
static bool play_again(void)
{
    for (;;) {
        out("Play again? (yes/no) ");
        out_flush();
        const char *ans = read_line("Play again? (yes/no) ");
        if (!ans) { /* the output, and the shell's prompt after it, on a line of its own */
            out("\n");
            return false;
        }
        if (line_refused())
            continue;
        if (!strcasecmp(ans, "y") || !strcasecmp(ans, "yes"))
            return true;
        if (!strcasecmp(ans, "n") || !strcasecmp(ans, "no") || !strcasecmp(ans, "q") ||
            !strcasecmp(ans, "quit"))
            return false;
        if (!strcasecmp(ans, "help") || !strcmp(ans, "?"))
            out("yes: a new match with the same players and rules, everyone at 0 "
                "points, saved in a new record. no: the game ends; this match's record "
                "is saved.\n");
        else
            out("Please answer yes or no ('help' says what each does).\n");
    }
}

int play_plain(play_opts *o)
{
    int wins[LS_MAX_PLAYERS] = {0};
    echo_input = !isatty(STDIN_FILENO);
    out_tty = isatty(STDOUT_FILENO);
    struct sigaction sa = {.sa_handler = on_continue};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCONT, &sa, NULL); /* no SA_RESTART: the read returns EINTR */
    session = o;
    uint64_t seed = o->seeded ? o->seed : play_random_seed();
    int status = 0;
    for (int number = 1;; number++) {
        play_game g;
        char msg[512];
        int made = play_game_new(&g, o, seed, number, report_bot, NULL, msg, sizeof msg);
        if (made != 0) {
            char text[sizeof msg + 20];
            snprintf(text, sizeof text, "leastscore play: %s", msg);
            play_err_wrapped(text);
            return made == -2 ? 2 : 1; /* -2: a record that cannot be resumed */
        }
        intro(&g);
        status_round = 0;
        int how = run_match(&g);
        bool lost = output_lost();
        if (how == MATCH_QUIT && !lost)
            out("Game ended before the match was over.\n");
        if (play_game_save(&g, msg, sizeof msg) != 0) {
            /* What failed, then what the player still has. */
            char has[PLAY_PATH_MAX * 4 + 200];
            play_unsaved_text(&g, has, sizeof has);
            fprintf(stderr, "leastscore play: %s. %s\n", msg, has);
            status = 1;
        } else if (lost) {
            /* A reader that went away, or an output that is full. */
            if (output_errno && output_errno != EPIPE)
                fprintf(stderr, "leastscore play: the output could not be written "
                        "(%s), so the game ended; record saved: %s\n",
                        strerror(output_errno), PLAY_SHOWN(g.path));
            else
                fprintf(stderr, "leastscore play: the output was closed, so the game "
                        "ended; record saved: %s\n", PLAY_SHOWN(g.path));
            status = 1;
        } else {
            out("Record saved: ");
            out_whole(PLAY_SHOWN(g.path));
            out("\n");
            char cmd[PLAY_PATH_MAX * 4 + 64];
            play_resume_command(g.path, cmd, sizeof cmd);
            if (how == MATCH_QUIT && play_resumable(g.path)) {
                out("The match is not over; to go on with it: ");
                out_whole(cmd);
                out("\n");
            }
        }
        if (how == MATCH_OVER && ls_winner(g.s) >= 0)
            wins[ls_winner(g.s)]++;
        if (how == MATCH_OVER) {
            out("Matches won this session (%d played):", number);
            for (int i = 0; i < ls_players(g.s); i++)
                out("%s %s %d", i ? "," : "", ls_name(g.s, i), wins[i]);
            out(".\n");
        }
        play_game_free(&g);
        if (how == MATCH_QUIT || lost || !play_again())
            break;
        seed++;
    }
    out_flush();
    return status;
}
