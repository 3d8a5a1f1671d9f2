/*
 * play_tui.c - `leastscore play` full screen, with ncursesw.
 *
 * One event loop (run()). Each pass draws the whole screen from the match
 * state and the UI state below, then waits for a key, a mouse click, a
 * resize or the time of the next computer move: bots move one at a time,
 * `pace` milliseconds apart, so a person can follow them, and every move
 * also goes to the log column. Overlays (help, quit?, round summary, match
 * over) sit on top of the table and stop the bots until dismissed.
 *
 * The human's turn: select cards (arrows + space, or click), and the line
 * under the hand says at once whether the selection is a legal discard
 * (ls_discard_ok's message when not); then take an open card (1-5, Enter
 * on it, or click) or draw (d, or click the deck); x declares, and is only
 * shown when allowed. Nothing is applied unless play_game_apply() accepts
 * it, so a rejected move costs nothing.
 *
 * The screen is cut in fixed regions that never share a cell: the title
 * row; the table (a row per opponent, full width); below it, the game on
 * the left (columns 0..LEFT_W-1: open cards, deck, hand) and "Last moves"
 * from column LOG_X; two message rows (more for a long message where the
 * screen has rows to spare: message_rows; where it has none, m pages
 * it: draw_message); the footer. Text in a region is
 * wrapped (rich()) or cut with an ellipsis, never drawn past its edge, and
 * card names in any text ("7H") are drawn as the cards are ("7♥").
 *
 * Signals: SIGINT (Ctrl-C) opens the quit question (at a terminal too
 * small for the screen, which could not show it, it quits at once, the
 * record saved, and exits 130 as line mode's Ctrl-C does: not asked, it
 * is an interrupt, not a quit); a second one, SIGTERM, SIGHUP or SIGQUIT (Ctrl-\) quit at once. A key or a resize (SIGWINCH, play_resized) cuts
 * short a wait for a cmd: bot's answer: run() answers it, and the next
 * pass waits on for the same answer. Every way out saves the record, ends curses and
 * then prints where the record is.
 */
#include <errno.h>
#include <langinfo.h>
#include <stdarg.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <curses.h>

#include "cli/play.h"

#define MIN_COLS 80
#define NARROW_COLS 20 /* narrower, the too-small message is in short words */
#define LEFT_W 48 /* the game's columns, left of the log */
#define LOG_X 50
#define NAME_W 10 /* names in fixed columns take at least this (names_width) */
#define LOG_MAX 64
#define CARD_W 5  /* a card box: border, 3 columns of face, border */
#define CARD_STEP 6
#define BOX_MAX 32
#define SAVED_MAX 8 /* records listed on leaving: the last ones */
#define KEY_PASTE_BEGIN (KEY_MAX + 1) /* bracketed paste (paste_mode) */
#define KEY_PASTE_END (KEY_MAX + 2)
#define TYPEAHEAD_MAX 64 /* keys read back after a computer's move */

enum { OV_NONE, OV_HELP, OV_QUIT, OV_ROUND, OV_OVER };
enum { ROW_HAND, ROW_PICK };
enum { HIT_HAND, HIT_OPEN, HIT_DECK, HIT_MORE, HIT_KEY };
enum { C_RED = 1, C_BLACK, C_BACK, C_TITLE, C_ERR, C_OK, C_SEL };

typedef struct log_entry {
    bool head;      /* a round's first line, drawn bold */
    char text[400]; /* a sentence (or a hint); cards in record notation */
} log_entry;

/* A screen rectangle the mouse can hit. */
typedef struct hit_box {
    int y, x, h, w, kind, idx;
} hit_box;

typedef struct ui {
    play_opts *o;
    play_game g;
    bool have_game;
    bool interrupted;         /* Ctrl-C quit without the question: exit 130 */
    bool utf8;
    bool colors;
    int pace;                 /* ms between computer moves */
    long long bot_due;        /* when the bot to move moves; 0 = not set */
    int overlay;
    int quit_under;           /* the overlay the quit question covers */
    int help_under;           /* the overlay the help covers (OV_NONE, a
                               * round's result, the end of the match) */
    int row;                  /* ROW_HAND or ROW_PICK */
    int cursor;               /* index in the current row */
    ls_cards selected;
    char msg[400];
    int msg_color;            /* C_ERR, C_OK or 0 */
    char msg_shown[400];      /* the text last on the message rows */
    int msg_skip;             /* its first rows not shown (m pages it) */
    int msg_next;             /* msg_skip after m: the next rows, or 0 */
    bool msg_more;            /* it is longer than its rows: m shows more */
    char alert[400];          /* a bot's failure: shown until a key */
    ls_card fresh;            /* the card you last drew or took, or LS_NO_CARD */
    ls_cards before_hint;     /* your selection the hint replaced, or 0 */
    bool pasting;             /* inside a bracketed paste: its keys are dropped */
    bool hinting;             /* a hint's search runs (play_game_hint_start):
                               * run() reads keys meanwhile */
    bool confirm_declare;     /* x was pressed: the next key says y or not */
    bool finish;              /* out, f pressed: the rest of the match at
                               * once, without pauses or rounds' results */
    int help_top;             /* first line of the help shown */
    int wins[LS_MAX_PLAYERS]; /* matches won this session, by seat */
    log_entry log[LOG_MAX];
    int nlog;                 /* entries ever added; log[i % LOG_MAX] */
    hit_box box[BOX_MAX];
    int nbox;
    char saved[SAVED_MAX][PLAY_PATH_MAX]; /* the last records saved (match i
                               * in i % SAVED_MAX), shown after curses */
    bool saved_over[SAVED_MAX]; /* whether each one's match was over */
    char fatal[400 + PLAY_PATH_MAX * 4 + 210]; /* why a match could not start
                               * or be saved, and what the player still has
                               * (the message rows' 400 bytes, then
                               * play_unsaved_text): said on stderr after
                               * curses, status 1 */
    int nsaved;               /* records saved this session */
    int matches;              /* matches started */
    bool quit;
} ui;

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static const char *suit_str(const ui *u, int suit)
{
    static const char *const glyph[] = {"\u2663", "\u2666", "\u2665", "\u2660"};
    static const char *const ascii[] = {"C", "D", "H", "S"};
    return u->utf8 ? glyph[suit] : ascii[suit];
}

static const char *rank_str(ls_card c)
{
    static const char *const r[] = {"A", "2", "3", "4", "5", "6", "7",
                                    "8", "9", "10", "J", "Q", "K"};
    return r[LS_RANK(c)];
}

static int card_color(ls_card c)
{
    int s = LS_SUIT(c);
    return s == LS_DIAMONDS || s == LS_HEARTS ? C_RED : C_BLACK;
}

/* Turns a colour pair on or off. Without colours (a monochrome terminal,
 * NO_COLOR) the title and footer bars are drawn in reverse video, so that
 * they still stand apart from the table; the other pairs draw nothing. */
static void set_color(const ui *u, int pair, bool on)
{
    if (!u->colors && pair == C_TITLE) {
        if (on)
            attron(A_REVERSE);
        else
            attroff(A_REVERSE);
    }
    if (!u->colors || !pair)
        return;
    if (on)
        attron(COLOR_PAIR(pair));
    else
        attroff(COLOR_PAIR(pair));
}

static const char *ellipsis(const ui *u)
{
    return u->utf8 ? "\u2026" : "~";
}

/* text copied into buf (size bytes); a text too long for it is cut at a
 * whole character or escape and ends in the ellipsis. snprintf cut it
 * anywhere: a bot's failure quotes its command (up to 4 *
 * CLI_BOT_COMMAND_MAX bytes shown), and was cut inside an escape ('\x0')
 * or a UTF-8 character, with no sign that more was said. */
static void copy_cut(const ui *u, char *buf, size_t size, const char *text)
{
    size_t len = strlen(text), mark = strlen(ellipsis(u));
    if (len < size) {
        memcpy(buf, text, len + 1);
        return;
    }
    size_t b = ls_printable_cut(text, size > mark + 1 ? size - mark - 1 : 0);
    snprintf(buf, size, "%.*s%s", (int)b, text, ellipsis(u));
}

static void set_msg(ui *u, int color, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_msg(ui *u, int color, const char *fmt, ...)
{
    char text[1600]; /* more than a bot's failure, so that the cut is copy_cut's */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    copy_cut(u, u->msg, sizeof u->msg, text);
    u->msg_color = color;
}

/* name cut to w columns, its last one an ellipsis when it is longer.
 * Columns are the terminal's, not bytes or characters: a computer
 * player's cmd: level may be UTF-8 ("cmd:./aéé"), which a cut by bytes
 * ended in half a character, or wide ("cmd:./中文"), which a count of
 * characters let run past its column. A shown level's escapes (\xNN,
 * \\) are cut whole, never left as '\xe' or a lone backslash. */
static const char *cut_name(const ui *u, const char *name, int w, char *buf,
                            size_t size)
{
    size_t len = strlen(name), mark = strlen(ellipsis(u));
    if (cli_text_width(name, len) <= w && len < size) {
        snprintf(buf, size, "%s", name);
        return buf;
    }
    /* Cut by bytes too where buf is the narrower: a name of few columns
     * can have many bytes (an accent combined 40 times takes no column),
     * which snprintf cut inside a character, with no ellipsis. */
    size_t b = cli_text_cut(name, len, w - 1), room = size > mark ? size - mark - 1 : 0;
    b = ls_printable_cut(name, b < room ? b : room);
    snprintf(buf, size, "%.*s%s", (int)b, name, ellipsis(u));
    return buf;
}

/* The columns of a column of names: as many as the longest name of seat
 * from on takes, at least NAME_W and at most max. A record resumed can
 * name its players with up to LS_NAME_MAX characters, and cut to NAME_W,
 * "Alexandra_Smith1" and "Alexandra_Smith2" were both "Alexandra…". */
static int names_width(const ls_state *s, int from, int max)
{
    int w = NAME_W;
    for (int i = from; i < ls_players(s); i++) {
        const char *name = ls_name(s, i);
        int nw = cli_text_width(name, strlen(name));
        if (nw > w)
            w = nw;
    }
    return w < max ? w : max;
}

/* Whether the word w (n bytes) is a card in record notation ("10H"),
 * exactly as ls_card_str writes it, and not a player's name. */
static bool card_word(const ui *u, const char *w, size_t n, ls_card *out)
{
    char word[8], canon[4];
    if (n < 2 || n > 3)
        return false;
    memcpy(word, w, n);
    word[n] = '\0';
    ls_card c = ls_card_parse(word);
    if (c == LS_NO_CARD || strcmp(ls_card_str(c, canon), word) != 0)
        return false;
    for (int i = 0; u->have_game && i < ls_players(u->g.s); i++)
        if (!strcmp(ls_name(u->g.s, i), word))
            return false;
    *out = c;
    return true;
}

/* One word of rich text: leading "(", the core, trailing punctuation. */
typedef struct word {
    const char *p;
    size_t n;            /* bytes of the whole word */
    size_t pre, core;    /* bytes of "(" and of the core */
    ls_card card;        /* the core as a card, or LS_NO_CARD */
    int w;               /* columns */
} word;

static word next_word(const ui *u, const char *p)
{
    word wd = {.p = p, .card = LS_NO_CARD};
    while (p[wd.n] && p[wd.n] != ' ')
        wd.n++;
    while (wd.pre < wd.n && p[wd.pre] == '(')
        wd.pre++;
    size_t end = wd.n;
    while (end > wd.pre && strchr(",.:;)", p[end - 1]))
        end--;
    wd.core = end - wd.pre;
    ls_card c;
    if (card_word(u, p + wd.pre, wd.core, &c)) {
        wd.card = c;
        wd.w = (int)wd.pre + (int)strlen(rank_str(c)) + 1 + (int)(wd.n - end);
    } else {
        wd.w = cli_text_width(p, wd.n);
    }
    return wd;
}

/* How many bytes of the word p (n bytes) fit in cols columns: all of
 * it, or a head that ends between two characters and between two
 * escapes, so that a shown text ('\x01', '\\', a character's bytes
 * '\xe2\x80\xae') broken at a row's end is never cut inside one, '\x'
 * on one row and '01' on the next. */
static size_t word_cut(const char *p, size_t n, int cols)
{
    size_t b = cli_text_cut(p, n, cols);
    return b < n ? ls_printable_cut(p, b) : b;
}

/* Draws wd at (y, x) in win, at most `room` columns (word_cut). */
static void put_word(const ui *u, WINDOW *win, int y, int x, const word *wd, int room,
                     attr_t attr)
{
    if (wd->card == LS_NO_CARD) {
        mvwaddnstr(win, y, x, wd->p, (int)word_cut(wd->p, wd->n, room));
        return;
    }
    mvwaddnstr(win, y, x, wd->p, (int)wd->pre);
    x += (int)wd->pre;
    ls_card c = wd->card;
    if (u->colors)
        wattron(win, COLOR_PAIR(card_color(c)));
    mvwprintw(win, y, x, "%s%s", rank_str(c), suit_str(u, LS_SUIT(c)));
    if (u->colors)
        wattroff(win, COLOR_PAIR(card_color(c)));
    wattron(win, attr);
    x += (int)strlen(rank_str(c)) + 1;
    size_t post = wd->pre + wd->core;
    mvwaddnstr(win, y, x, wd->p + post, (int)(wd->n - post));
}

/* The columns a word must leave free at its row's end: one for the
 * ellipsis when the row is the last one drawn (`last`) and text follows
 * the word (`rest`), which is then cut after it; drawn over the word's
 * last column instead, the ellipsis hid a character that fits ("keeps
 * J♣" read "keeps J…"). */
static int end_room(bool mark, bool last, const char *rest)
{
    rest += strspn(rest, " ");
    return mark && last && *rest ? 1 : 0;
}

/*
 * Rich text: `text` wrapped at spaces into rows of w columns from (y, x),
 * later rows indented by `indent`, at most `maxrows` rows; what does not
 * fit is cut after the last word that fits whole, an ellipsis in its
 * place (a word wider than a row goes on on the next row, and on the last
 * one is cut inside, between two characters and two escapes: word_cut;
 * a card never is). Cards
 * named in record notation are drawn as cards, in their colours. With
 * win NULL nothing is drawn. Returns the rows used (at least 1).
 * rich_from() draws the text's rows from row `skip` on (wrapped as rich()
 * wraps it whole) at (y, x), at most maxrows of them, and returns skip +
 * the rows it drew: a long text read a region at a time; without `mark`,
 * a last row that the text goes on after ends with no ellipsis and is
 * wrapped as the rows above it are (the caller says there is more).
 */
static int rich_from(const ui *u, WINDOW *win, int y, int x, int w, int skip,
                     int maxrows, bool mark, int indent, const char *text, attr_t attr)
{
    int row = 0, col = 0;
    if (w < 2 || maxrows < 1)
        return 1;
    if (skip > 0) /* rows above the region are wrapped, not drawn */
        y -= skip;
    else
        skip = 0;
    if (win)
        wattron(win, attr);
    bool rest = false; /* p is inside a word broken at a row's end */
    for (const char *p = text; *p;) {
        if (*p == ' ') {
            p++;
            rest = false;
            continue;
        }
        word wd = next_word(u, p);
        if (rest) { /* text, never a card ("...10H" broken before "10H") */
            wd.card = LS_NO_CARD;
            wd.w = cli_text_width(p, wd.n);
        }
        int start = row ? indent : 0, gap = col > start ? 1 : 0;
        int keep = end_room(mark, row + 1 >= skip + maxrows, p + wd.n);
        if (col + gap + wd.w > w - keep && col > start) {
            if (row + 1 >= skip + maxrows) { /* no room left: an ellipsis */
                if (win && mark)
                    mvwaddstr(win, y + row, x + col, ellipsis(u));
                break;
            }
            row++;
            col = indent;
            gap = 0;
            keep = end_room(mark, row + 1 >= skip + maxrows, p + wd.n);
        }
        int room = w - col - gap;
        bool cut = wd.w > room - keep;
        if (cut && wd.card != LS_NO_CARD) { /* a card is never cut: … alone */
            if (win && row >= skip)
                mvwaddstr(win, y + row, x + col, ellipsis(u));
            break;
        }
        if (cut && row + 1 < skip + maxrows && room >= 1) {
            /* A word wider than a row, with rows left (a long file's
             * name): the row filled, the rest on the next. Cut there,
             * what came after it was lost ("round 1, turn 1."). */
            size_t b = word_cut(p, wd.n, room);
            if (b == 0) { /* a wide character in a room of one column,
                           * or an escape in fewer than its 4 */
                row++;
                col = indent;
                continue;
            }
            if (win && row >= skip)
                put_word(u, win, y + row, x + col + gap, &wd, room, attr);
            p += b;
            rest = true;
            row++;
            col = indent;
            continue;
        }
        if (win && row >= skip)
            put_word(u, win, y + row, x + col + gap, &wd, cut ? room - 1 : room, attr);
        /* the ellipsis right after what was drawn of a cut word */
        col += gap + (cut ? cli_text_width(p, word_cut(p, wd.n, room - 1)) : wd.w);
        if (cut) {
            if (win && row >= skip)
                mvwaddstr(win, y + row, x + col, ellipsis(u));
            break;
        }
        p += wd.n;
        rest = false;
    }
    if (win)
        wattroff(win, attr);
    return row + 1;
}

static int rich(const ui *u, WINDOW *win, int y, int x, int w, int maxrows,
                int indent, const char *text, attr_t attr)
{
    return rich_from(u, win, y, x, w, 0, maxrows, true, indent, text, attr);
}

static void add_box(ui *u, int y, int x, int h, int w, int kind, int idx)
{
    if (u->nbox < BOX_MAX)
        u->box[u->nbox++] = (hit_box){y, x, h, w, kind, idx};
}

/* A card face at (y, x), 3 rows x CARD_W columns, the rank and suit in
 * the suit's colour; `hl` (selected) draws the frame bold and coloured. */
static void draw_card(const ui *u, int y, int x, ls_card c, bool hl)
{
    attr_t frame = hl ? A_BOLD | (u->colors ? COLOR_PAIR(C_SEL) : A_REVERSE) : 0;
    attron(frame);
    /* Line drawing where the locale is UTF-8; plain ASCII otherwise, as
     * some terminals show the alternate character set as letters. */
    chtype ul = u->utf8 ? ACS_ULCORNER : '+', ur = u->utf8 ? ACS_URCORNER : '+',
           ll = u->utf8 ? ACS_LLCORNER : '+', lr = u->utf8 ? ACS_LRCORNER : '+',
           hz = u->utf8 ? ACS_HLINE : '-', vt = u->utf8 ? ACS_VLINE : '|';
    mvaddch(y, x, ul);
    mvhline(y, x + 1, hz, CARD_W - 2);
    mvaddch(y, x + CARD_W - 1, ur);
    mvaddch(y + 1, x, vt);
    mvaddch(y + 1, x + CARD_W - 1, vt);
    mvaddch(y + 2, x, ll);
    mvhline(y + 2, x + 1, hz, CARD_W - 2);
    mvaddch(y + 2, x + CARD_W - 1, lr);
    attroff(frame);
    set_color(u, card_color(c), true);
    if (hl)
        attron(A_BOLD);
    mvprintw(y + 1, x + 1, strlen(rank_str(c)) == 1 ? "%s%s " : "%s%s",
             rank_str(c), suit_str(u, LS_SUIT(c)));
    attroff(A_BOLD);
    set_color(u, card_color(c), false);
}

/* The deck: a card back ("empty" when there is none). */
static void draw_deck(const ui *u, int y, int x, int n)
{
    if (n == 0) {
        mvaddstr(y + 1, x, "empty");
        return;
    }
    set_color(u, C_BACK, true);
    for (int r = 0; r < 3; r++)
        mvhline(y + r, x, u->utf8 ? ACS_CKBOARD : '#', CARD_W);
    set_color(u, C_BACK, false);
}

/* ------------------------------------------------------------------ */
/* Layout                                                              */
/* ------------------------------------------------------------------ */

/* Rows the screen needs for n players: title, the table (a header and a
 * row per opponent), a blank, the open cards (label, 3 rows, keys), the
 * hand (label, a row for raised cards, 3 rows, cursor), two message rows,
 * footer. */
static int rows_needed(int nplayers)
{
    return 1 + nplayers + 1 + 5 + 6 + 2 + 1;
}

static bool too_small(const ui *u)
{
    return COLS < MIN_COLS || LINES < rows_needed(ls_players(u->g.s));
}

/* What a terminal too small for the screen shows: why, and all that can
 * be done there (handle_key): enlarge it (nothing moves meanwhile), or
 * quit at once with q or Ctrl-C, the record saved as on any way out, and
 * go on in line mode, which fits any window. */
static void draw_too_small(const ui *u)
{
    erase();
    int need = rows_needed(ls_players(u->g.s));
    char l2[96];
    snprintf(l2, sizeof l2, "It is %dx%d; the game needs at least %dx%d.", COLS,
             LINES, MIN_COLS, need);
    bool over = ls_phase(u->g.s) == LS_PHASE_OVER;
    const char *lines[] = {
        "The terminal is too small for Least Score.", l2,
        "Enlarge the window to go on: the game waits until then.",
        over ? "Or press q or Ctrl-C to quit now: the record is saved."
             : "Or press q or Ctrl-C to quit now: the match is saved, and "
               "the command that goes on with it is printed.",
        "Line mode fits any window: that command with --plain.",
    };
    /* Under NARROW_COLS the sentences' long words were cut across rows
     * ("termi" "nal") and the first one alone filled a short window (at
     * 3x12 nothing said that q quits): there they are said in short words.
     * A window of one column, where rich() draws nothing, gets them a
     * character a row. */
    if (COLS < NARROW_COLS) {
        snprintf(l2, sizeof l2, "It is %dx%d; needs %dx%d.", COLS, LINES, MIN_COLS, need);
        lines[0] = "Too small.";
        lines[2] = "Resize it.";
        lines[3] = "q quits.";
        lines[4] = "Or: --plain.";
    }
    if (COLS < 2) {
        const char *t = LINES >= 19 ? "Too small. q quits." : "q quits.";
        for (int y = 0; y < LINES && t[y]; y++)
            mvaddch(y, 0, (chtype)(unsigned char)t[y]);
        return;
    }
    int nlines = (int)(sizeof lines / sizeof lines[0]) - (over ? 1 : 0);
    /* Each sentence wrapped to the width, the block centred in height.
     * Where they do not all fit, those most needed are kept, whole: what
     * is wrong, then how to quit, in short where it must be (at 30x6 the
     * first three filled the window, and nothing said that q quits),
     * then how to go on, the size, line mode. */
    static const int order[] = {0, 3, 2, 1, 4};
    bool keep[5] = {false};
    int h = 0;
    /* A window without the rows for both what is wrong and how to quit
     * (80x1, 19x1: the first alone was said) says them in one. */
    const char *quit_short = COLS >= NARROW_COLS ? "Press q to quit." : lines[3];
    bool one = rich(u, NULL, 0, 0, COLS, LINES, 0, lines[0], 0) +
               rich(u, NULL, 0, 0, COLS, LINES, 0, quit_short, 0) > LINES;
    if (one)
        lines[0] = "Too small: q quits.";
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        int i = order[k];
        if (i >= nlines || (one && i == 3))
            continue;
        int rows = rich(u, NULL, 0, 0, COLS, LINES, 0, lines[i], 0);
        if (i == 3 && h + rows > LINES && COLS >= NARROW_COLS) {
            lines[i] = "Press q to quit.";
            rows = rich(u, NULL, 0, 0, COLS, LINES, 0, lines[i], 0);
        }
        /* The last sentence in fewer words where it does not fit whole
         * (at 40x10 it was left out, a row short). */
        if (i == 4 && h + rows > LINES && COLS >= NARROW_COLS) {
            lines[i] = "Line mode fits any window: --plain.";
            rows = rich(u, NULL, 0, 0, COLS, LINES, 0, lines[i], 0);
        }
        if (h + rows <= LINES || h == 0) {
            keep[i] = true;
            h += rows;
        }
    }
    int y = (LINES - h) / 2;
    if (y < 0)
        y = 0;
    for (int i = 0; i < nlines && y < LINES; i++)
        if (keep[i])
            y += rich(u, stdscr, y, 0, COLS, LINES - y, 0, lines[i], 0);
}

/* The rules in force, short: "tie wins", "runs any suit", "declare any". */
static void rules_pieces(const ls_rules *r, char tie[16], char runs[24], char decl[40])
{
    snprintf(tie, 16, "%s", r->tie_penalty ? "tie loses" : "tie wins");
    snprintf(runs, 24, "%s", r->runs_suited ? "runs one suit" : "runs any suit");
    if (r->declare_max > 0)
        snprintf(decl, 40, "declare <= %d", r->declare_max);
    else
        snprintf(decl, 40, "declare any");
}

/* The title row: the round and the rules in force (threshold, tie, runs,
 * a turn limit other than the default, declare limit) from the left, the
 * name "Least Score" at the right, and the seed between them when there is
 * room for it too (it is in the help and the record). The name is never
 * left out (it was, from round 100).
 *
 * When everything does not fit before the name (80 columns is the
 * screen's least width), the title gives way one step at a time, each
 * step kept, until it fits:
 *   1. a rule at its standard value goes: "declare any", then "runs any
 *      suit", then "tie wins" (what a table changed matters more than
 *      what it kept; the help says them all);
 *   2. the rules are parted by commas;
 *   3. the threshold is written "out > 1000";
 *   4. a changed rule goes: first "runs one suit" (a run of mixed suits is
 *      refused with that reason as it is selected), then "tie loses",
 *      then the turn limit, then the declare limit.
 * So a turn limit and a declare limit are both shown at 80 columns
 * whatever the other rules and up to round 99999 (the declare limit was
 * pushed out by the turn limit). Once a step-4 rule has gone, "out above"
 * comes back if it fits again. */
enum { T_OUT, T_TIE, T_RUNS, T_TURNS, T_DECL, T_PIECES };

static int title_line(char *line, size_t size, const ls_view *v, const char *const piece[],
                      const bool shown[], const char *sep, bool short_out)
{
    snprintf(line, size, " Round %d%s%s %d", v->round, sep, short_out ? "out >" : "out above",
             v->rules.threshold);
    for (int i = T_TIE; i < T_PIECES; i++)
        if (shown[i])
            snprintf(line + strlen(line), size - strlen(line), "%s%s", sep, piece[i]);
    return cli_text_width(line, strlen(line));
}

static void draw_title(const ui *u, const ls_view *v)
{
    char tie[16], runs[24], decl[40], turns[32] = "", seed[32], line[256];
    rules_pieces(&v->rules, tie, runs, decl);
    if (v->rules.max_turns != LS_DEFAULT_MAX_TURNS)
        snprintf(turns, sizeof turns, "max %d turn%s", v->rules.max_turns,
                 v->rules.max_turns == 1 ? "" : "s");
    snprintf(seed, sizeof seed, "seed %llu", (unsigned long long)u->g.seed);
    const char *const piece[T_PIECES] = {"", tie, runs, turns, decl};
    bool shown[T_PIECES] = {true, true, true, turns[0] != 0, true};
    const bool standard[T_PIECES] = {false, !v->rules.tie_penalty, !v->rules.runs_suited,
                                     false, v->rules.declare_max == 0};
    /* the steps, as above: a piece to leave out (standard ones first), or
     * T_PIECES + 0 for commas, T_PIECES + 1 for "out >" */
    static const int steps[] = {T_DECL,  T_RUNS,  T_TIE, T_PIECES, T_PIECES + 1,
                                T_RUNS, T_TIE, T_TURNS, T_DECL};
    const char *spaced = u->utf8 ? " \u00b7 " : " | ";
    const char *sep = spaced;
    const char *name = "Least Score ";
    int nw = (int)strlen(name);
    bool short_out = false, dropped = false;
    int w = title_line(line, sizeof line, v, piece, shown, sep, short_out);
    for (size_t k = 0; k < sizeof steps / sizeof steps[0] && w + 2 + nw > COLS; k++) {
        int s = steps[k];
        if (s == T_PIECES)
            sep = ", ";
        else if (s == T_PIECES + 1)
            short_out = true;
        else if (shown[s] && (standard[s] || k >= 5)) {
            shown[s] = false;
            dropped = k >= 5;
        } else
            continue;
        w = title_line(line, sizeof line, v, piece, shown, sep, short_out);
    }
    if (dropped && title_line(line, sizeof line, v, piece, shown, sep, false) + 2 + nw > COLS)
        title_line(line, sizeof line, v, piece, shown, sep, true);
    w = cli_text_width(line, strlen(line));
    bool named = w + 2 + nw <= COLS;
    if (named && w + 3 + (int)strlen(seed) + 2 + nw <= COLS)
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", spaced, seed);
    set_color(u, C_TITLE, true);
    attron(A_BOLD);
    mvhline(0, 0, ' ', COLS);
    mvaddnstr(0, 0, line, -1);
    if (named)
        mvaddstr(0, COLS - nw, name);
    attroff(A_BOLD);
    set_color(u, C_TITLE, false);
}

/* A bot's level for the table: its spec cut to LEVEL_W columns (the
 * longest kind, "collector", fits). */
#define LEVEL_W 9
static const char *level_of(const ui *u, int seat, char *buf, size_t size)
{
    /* The spec as given (ls_player.spec holds 63 bytes of it). */
    const char *spec = u->g.bots[seat] ? u->g.opts->levels[seat - 1] : "";
    char shown[CLI_SHOWN_MAX(CLI_SPEC_MAX)]; /* a control byte \xNN, not ^[ */
    return cut_name(u, cli_shown(spec, shown, sizeof shown), LEVEL_W, buf, size);
}

/* The opponents, a row each, under a header row that also has your own
 * points at its right end. */
static void draw_table(const ui *u, const ls_view *v, int y)
{
    char mine[64], pts[24];
    /* names, level, cards and points, then the last discard to the edge
     * (80 columns leave it 34 with the longest names) */
    int nw = names_width(u->g.s, 1, LS_NAME_MAX), x = 2 + nw + 1;
    snprintf(mine, sizeof mine, "%s: %s", v->eliminated & 1u ? "You are out" : "You",
             play_points(v->score[0], pts, sizeof pts));
    /* ("last" is left out where your points would touch it) */
    bool last = x + 17 + LEVEL_W + 12 < COLS - 1 - (int)strlen(mine);
    attron(A_DIM);
    mvprintw(y, 2, "%-*s %-*s %5s %7s   %s", nw, "player", LEVEL_W, "level", "cards",
             "points", last ? "last discard" : "discard");
    attroff(A_DIM);
    attron(A_BOLD);
    mvaddstr(y, COLS - 1 - (int)strlen(mine), mine);
    attroff(A_BOLD);
    for (int i = 1; i < v->nplayers; i++) {
        int row = y + i;
        bool out = v->eliminated >> i & 1;
        char name[40], level[40], text[200], cards[64];
        if (v->turn == i)
            attron(A_BOLD);
        mvaddstr(row, 0, v->turn == i ? ">" : " ");
        mvaddstr(row, 2, cut_name(u, v->names[i], nw, name, sizeof name));
        mvaddstr(row, x, level_of(u, i, level, sizeof level));
        if (out) {
            attron(A_DIM);
            mvprintw(row, x + 1 + LEVEL_W, "  out %7d", v->score[i]);
            attroff(A_DIM);
        } else {
            mvprintw(row, x + 1 + LEVEL_W, "%5d %7d", v->hand_size[i], v->score[i]);
            play_cards(v->last_discard[i], text, sizeof text);
            if (v->known[i])
                snprintf(text + strlen(text), sizeof text - strlen(text), "  holds %s",
                         play_cards(v->known[i], cards, sizeof cards));
            rich(u, stdscr, row, x + 17 + LEVEL_W, COLS - x - 18 - LEVEL_W, 1, 0, text, 0);
        }
        if (v->turn == i)
            attroff(A_BOLD);
    }
}

/* The open cards and the deck. */
static void draw_pickup(ui *u, const ls_view *v, int y, bool my_turn)
{
    mvaddstr(y, 2, "Open cards");
    int n = 0;
    for (ls_cards s = v->open; s; s &= s - 1, n++) {
        int x = 2 + n * CARD_STEP;
        ls_card c = ls_cards_first(s);
        draw_card(u, y + 1, x, c, false);
        /* The card and the number under it, which a click takes too. */
        add_box(u, y + 1, x, 4, CARD_W, HIT_OPEN, n);
        if (my_turn)
            mvprintw(y + 4, x + 2, "%d", n + 1);
    }
    int dx = 2 + (n < 3 ? 3 : n) * CARD_STEP + 2;
    mvprintw(y, dx, "Deck: %d", v->deck_size);
    draw_deck(u, y + 1, dx, v->deck_size);
    add_box(u, y + 1, dx, 4, CARD_W, HIT_DECK, 0);
    if (my_turn)
        mvaddstr(y + 4, dx + 2, "d");
    if (my_turn && u->row == ROW_PICK) {
        int cx = u->cursor < n ? 2 + u->cursor * CARD_STEP : dx;
        attron(A_BOLD);
        mvaddstr(y + 4, cx, u->utf8 ? "\u25b2\u25b2\u25b2" : "^^^");
        attroff(A_BOLD);
    }
}

/* Your hand; the card you last drew or took is marked "new" above it
 * until your next move. */
static void draw_hand(ui *u, const ls_view *v, int y, bool my_turn)
{
    char line[128], pts[24];
    if (v->eliminated & 1u) {
        snprintf(line, sizeof line, "You are out: %s, above %d. Watching.",
                 play_points(v->score[0], pts, sizeof pts), v->rules.threshold);
        mvaddnstr(y, 2, line, LEFT_W - 2);
        return;
    }
    if (u->selected && my_turn)
        snprintf(line, sizeof line, "Your hand: total %d (keep %d + pick-up)",
                 v->hand_total, ls_cards_total(v->hand & ~u->selected));
    else
        snprintf(line, sizeof line, "Your hand: total %d", v->hand_total);
    mvaddnstr(y, 2, line, LEFT_W - 2);
    int i = 0;
    for (ls_cards s = v->hand; s; s &= s - 1, i++) {
        ls_card c = ls_cards_first(s);
        bool sel = u->selected & LS_BIT(c);
        int x = 2 + i * CARD_STEP;
        draw_card(u, y + (sel ? 1 : 2), x, c, sel);
        if (!sel && c == u->fresh) {
            attron(A_BOLD);
            mvaddstr(y + 1, x + 1, "new");
            attroff(A_BOLD);
        }
        add_box(u, y + 1, x, 4, CARD_W, HIT_HAND, i);
        if (my_turn && u->row == ROW_HAND && u->cursor == i) {
            attron(A_BOLD);
            mvaddstr(y + 5, x + 1, u->utf8 ? "\u25b2\u25b2\u25b2" : "^^^");
            attroff(A_BOLD);
        }
    }
}

/* "Last moves" in rows top..bottom-1 from column x to the right edge: the
 * newest entries, each wrapped whole (cut at 3 rows, the deck's
 * reshuffle lost its end at 80 columns: "...shuffled into a new..."),
 * the newest bold. */
static void draw_log(const ui *u, int top, int bottom, int x)
{
    int w = COLS - x - 1;
    if (w < 20 || bottom <= top)
        return;
    attron(A_DIM);
    mvaddstr(top, x, "Last moves");
    attroff(A_DIM);
    int rows = bottom - top - 1, used = 0, first = u->nlog;
    int oldest = u->nlog > LOG_MAX ? u->nlog - LOG_MAX : 0;
    while (first > oldest) {
        const log_entry *e = &u->log[(first - 1) % LOG_MAX];
        int h = rich(u, NULL, 0, 0, w, rows, 2, e->text, 0);
        if (used + h > rows)
            break;
        used += h;
        first--;
    }
    for (int i = first, y = top + 1; i < u->nlog; i++) {
        const log_entry *e = &u->log[i % LOG_MAX];
        attr_t a = e->head || i == u->nlog - 1 ? A_BOLD : 0;
        y += rich(u, stdscr, y, x, w, bottom - y, 2, e->text, a);
    }
}

/* Whether f may play the rest of the match at once: you are out, and it
 * goes on. */
static bool can_finish(const ui *u)
{
    return ls_eliminated(u->g.s, 0) && ls_phase(u->g.s) != LS_PHASE_OVER && !u->finish;
}

/* The keys that take an open card, as the footer and the messages say
 * them: "1" for one open card, "1-3" for three (it said "1-5" whatever
 * the number). */
static const char *take_keys(const ui *u, char *buf, size_t size)
{
    int n = ls_cards_count(ls_open_cards(u->g.s));
    if (n <= 1)
        snprintf(buf, size, "1");
    else
        snprintf(buf, size, "1-%d", n);
    return buf;
}

/* A key of the footer: its text, and the key a click on it presses (0:
 * none; "1-3:take" has none, the open card being the one clicked). */
typedef struct foot_item {
    int key;
    const char *text;
} foot_item;

/*
 * The footer's row: the items, parted by `sep`, each a box the mouse can
 * hit (HIT_KEY) where it has a key, so that a player with the mouse can
 * press what the footer offers (a click on it did nothing, the round's
 * "Enter:continue" and the quit question's "y:quit" among them). In
 * "-/+:pace", the - and the + are each a box of their own. The texts are
 * ASCII: a byte is a column.
 */
static void footer_row(ui *u, const char *sep, const foot_item *it, int n)
{
    int x = 1, y = LINES - 1;
    for (int i = 0; i < n && x < COLS; i++) {
        if (!it[i].text)
            continue;
        if (x > 1) {
            mvaddnstr(y, x, sep, COLS - x);
            x += (int)strlen(sep);
        }
        if (x >= COLS)
            break;
        int w = (int)strlen(it[i].text), fit = w < COLS - x ? w : COLS - x;
        mvaddnstr(y, x, it[i].text, fit);
        if (!strncmp(it[i].text, "-/+", 3)) {
            add_box(u, y, x, 1, 1, HIT_KEY, '-');
            if (fit > 2)
                add_box(u, y, x + 2, 1, 1, HIT_KEY, '+');
        } else if (it[i].key) {
            add_box(u, y, x, 1, fit, HIT_KEY, it[i].key);
        }
        x += w;
    }
}

static void draw_footer(ui *u, const ls_view *v, bool my_turn)
{
    char nums[16], take[24], pace[32];
    bool finish = can_finish(u);
    snprintf(pace, sizeof pace, "-/+:pace %dms", u->pace);
    snprintf(take, sizeof take, "%s:take", take_keys(u, nums, sizeof nums));
    set_color(u, C_TITLE, true);
    mvhline(LINES - 1, 0, ' ', COLS);
    switch (u->overlay) {
    case OV_HELP: {
        const foot_item it[] = {{0, "Up/Down PgUp/PgDn:scroll  other keys:back"}};
        footer_row(u, "  ", it, 1);
        break;
    }
    case OV_QUIT: {
        const foot_item it[] = {{'y', "y:quit (the record is saved)"}, {'n', "n:go on playing"}};
        footer_row(u, "  ", it, 2);
        break;
    }
    case OV_ROUND: {
        const foot_item it[] = {{'\n', "Enter:continue"},
                                {'f', finish ? "f:play the match to its end" : NULL},
                                {'?', "?:help"}, {'q', "q:quit"}};
        footer_row(u, "  ", it, 4);
        break;
    }
    case OV_OVER: {
        const foot_item it[] = {{'y', "y:play again"}, {'n', "n:quit"}, {'?', "?:help"}};
        footer_row(u, "  ", it, 3);
        break;
    }
    default:
        if (my_turn && u->confirm_declare) {
            /* Any other click answers no, as any other key does. */
            const foot_item it[] = {{'y', "y or x:declare"}, {0, "any other key:go on playing"}};
            footer_row(u, "  ", it, 2);
        } else if (my_turn) {
            const foot_item it[] = {{' ', "space:select"},
                                    {nums[1] ? 0 : '1', take},
                                    {'d', "d:draw"},
                                    {'x', v->can_declare ? "x:DECLARE" : NULL},
                                    {'h', "h:hint"}, {'?', "?:help"}, {0, pace},
                                    {'q', "q:quit"}};
            footer_row(u, " ", it, 8);
        } else {
            const foot_item it[] = {{'\n', "Enter:skip wait"}, {0, pace},
                                    {'f', finish ? "f:to the end" : NULL},
                                    {'?', "?:help"}, {'q', "q:quit"}};
            footer_row(u, "  ", it, 5);
        }
    }
    set_color(u, C_TITLE, false);
}

/* A framed window in the middle of the screen, cleared, on rows of the
 * screen cleared to both sides of it: a box narrower than the screen left
 * the words it cut showing beside it ('Your hand: to' at its left, the
 * tail of a "Last moves" entry at its right), read as part of it. */
static WINDOW *overlay_win(const ui *u, int h, int w)
{
    if (h > LINES)
        h = LINES;
    if (w > COLS)
        w = COLS;
    if (w < COLS) {
        for (int y = (LINES - h) / 2; y < (LINES - h) / 2 + h; y++)
            mvhline(y, 0, ' ', COLS);
        wnoutrefresh(stdscr);
    }
    WINDOW *win = newwin(h, w, (LINES - h) / 2, (COLS - w) / 2);
    werase(win);
    if (u->utf8)
        box(win, 0, 0);
    else
        wborder(win, '|', '|', '-', '-', '+', '+', '+', '+');
    return win;
}

#define WHY_W 20 /* "this round" keeps this much before a name is cut */

/*
 * The round's result: each hand with its total (the lowest marked), what
 * each player scores this round and why (play_score_reason), the match
 * points and who is out, with the threshold. The box is as tall as its
 * text: the headline and the note under the table take one row or two,
 * and one blank row parts each block from the next.
 */
static void draw_round(const ui *u)
{
    const ls_state *s = u->g.s;
    const ls_round_result *r = ls_last_result(s);
    int n = ls_players(s), bw = COLS < 100 ? COLS : 100;
    char name[40], text[300], pts[24], head[300], note[300];
    int d = r->declarer < 0 ? r->lowest : r->declarer, low = -1;
    for (int i = 0; i < n; i++) /* after a false declaration, another's */
        if ((r->players >> i & 1) && (r->correct || i != d) &&
            (low < 0 || r->hand_total[i] < r->hand_total[low]))
            low = i;
    const char *dn = d == 0 ? "You" : ls_name(s, d);
    if (r->declarer < 0)
        snprintf(head, sizeof head, "Round %d: the turn limit was reached; %s %s "
                 "the lowest hand and score%s as a correct declarer.", r->round,
                 d == 0 ? "you" : dn, d == 0 ? "have" : "has", d == 0 ? "" : "s");
    else if (r->correct)
        snprintf(head, sizeof head, "Round %d: %s declared with %d: correct, the "
                 "lowest hand. The others score their total minus %d.", r->round,
                 dn, r->hand_total[d], r->hand_total[d]);
    else
        snprintf(head, sizeof head, "Round %d: %s declared with %d: FALSE, %s had "
                 "%d. %s 20 + %d, the others 0.", r->round, dn,
                 r->hand_total[d], low == 0 ? "you" : ls_name(s, low),
                 r->hand_total[low], d == 0 ? "You score" : "The declarer scores",
                 r->hand_total[d] - r->hand_total[low]);
    int hrows = rich(u, NULL, 0, 0, bw - 4, 2, 0, head, A_BOLD);
    /* Who went out, a sentence each ("Cleo is out: 8 points, above 25.");
     * when those do not fit the two rows (many players out at once), one
     * list ("Out, above 1: You 39 points, Cleo 8, Dev 12."), as the cut
     * sentences left the last players unnamed. */
    int threshold = ls_state_rules(s)->threshold;
    snprintf(note, sizeof note, "* lowest hand.");
    for (int i = 0; i < n; i++)
        if (r->eliminated >> i & 1)
            snprintf(note + strlen(note), sizeof note - strlen(note),
                     " %s %s out: %s, above %d.", i == 0 ? "You" : ls_name(s, i),
                     i == 0 ? "are" : "is", play_points(r->total[i], pts, sizeof pts),
                     threshold);
    if (rich(u, NULL, 0, 0, bw - 4, 99, 0, note, 0) > 2) {
        snprintf(note, sizeof note, "* lowest hand. Out, above %d:", threshold);
        for (int i = 0, k = 0; i < n; i++) {
            if (!(r->eliminated >> i & 1))
                continue;
            if (k++ == 0) /* the first says what the number is */
                play_points(r->total[i], pts, sizeof pts);
            else
                snprintf(pts, sizeof pts, "%d", r->total[i]);
            snprintf(note + strlen(note), sizeof note - strlen(note), "%s %s %s",
                     k > 1 ? "," : "", i == 0 ? "You" : ls_name(s, i), pts);
        }
        snprintf(note + strlen(note), sizeof note - strlen(note), ".");
    }
    int nrows = rich(u, NULL, 0, 0, bw - 4, 2, 0, note, 0);
    /* border, headline, blank, header, players, blank, note, blank, Enter,
     * border */
    int top = 1 + hrows + 1;
    WINDOW *w = overlay_win(u, top + 1 + n + 1 + nrows + 1 + 1 + 1, bw);
    rich(u, w, 1, 2, bw - 4, 2, 0, head, A_BOLD);
    /* columns: name, hand, total, this round (score = why), match */
    int cw = 4;
    for (int i = 0; i < n; i++) {
        int c = 0;
        for (ls_cards h = r->hand[i]; h; h &= h - 1)
            c += (int)strlen(rank_str(ls_cards_first(h))) + 2;
        if ((r->players >> i & 1) && c - 1 > cw)
            cw = c - 1;
    }
    /* The names as long as they are while "this round" keeps WHY_W
     * columns (its reasons' usual forms: "0, declaration false") */
    int nw = names_width(s, 0, LS_NAME_MAX), xm = bw - 2 - 10;
    while (nw > NAME_W && xm - (2 + nw + 1 + cw + 1 + 7) - 1 < WHY_W)
        nw--;
    int xh = 2 + nw + 1, xt = xh + cw + 1, xr = xt + 7;
    wattron(w, A_DIM);
    mvwprintw(w, top, 2, "%-*s", nw, "player");
    mvwaddstr(w, top, xh, "hand");
    mvwaddstr(w, top, xt, "total");
    mvwaddstr(w, top, xr, "this round");
    mvwaddstr(w, top, xm, "match");
    wattroff(w, A_DIM);
    int y = top + 1;
    for (int i = 0; i < n; i++, y++) {
        if (!(r->players >> i & 1)) {
            wattron(w, A_DIM);
            mvwaddstr(w, y, 2, cut_name(u, ls_name(s, i), nw, name, sizeof name));
            mvwprintw(w, y, xr, "out earlier");
            mvwprintw(w, y, xm, "%5d", ls_score(s, i));
            wattroff(w, A_DIM);
            continue;
        }
        attr_t a = play_lowest_hand(r, i) ? A_BOLD : 0;
        wattron(w, a);
        mvwaddstr(w, y, 2, cut_name(u, ls_name(s, i), nw, name, sizeof name));
        play_cards(r->hand[i], text, sizeof text);
        rich(u, w, y, xh, cw, 1, 0, text, a);
        mvwprintw(w, y, xt, "%4d%s", r->hand_total[i], play_lowest_hand(r, i) ? "*" : "");
        /* When the column is too narrow (wide hands, a long name), the
         * short form: a false declarer's "20 + (41 - Cleo's 39)" leaves
         * out the name (the headline has it); cut, the numbers were
         * lost, and "lowest at the turn limit" its reason. */
        char why[120];
        for (int name_w = 0; name_w >= -1; name_w--) {
            play_score_reason(&u->g, r, i, name_w, why, sizeof why);
            snprintf(text, sizeof text, "%d = %s", r->score[i], why);
            if (r->score[i] == 0 && strchr(why, '-') == NULL)
                snprintf(text, sizeof text, "0, %s", why);
            if (cli_text_width(text, strlen(text)) <= xm - xr - 1)
                break;
        }
        rich(u, w, y, xr, xm - xr - 1, 1, 0, text, a);
        mvwprintw(w, y, xm, "%5d", r->total[i]);
        if (r->eliminated >> i & 1)
            mvwaddstr(w, y, xm + 6, "OUT");
        wattroff(w, a);
    }
    y++;
    rich(u, w, y, 2, bw - 4, 2, 0, note, 0);
    mvwprintw(w, y + nrows + 1, 2, "Press Enter to continue.");
    wnoutrefresh(w);
    delwin(w);
}

static void draw_over(const ui *u)
{
    const ls_state *s = u->g.s;
    int n = ls_players(s), win = ls_winner(s);
    WINDOW *w = overlay_win(u, n + 12, 70);
    char name[40];
    wattron(w, A_BOLD);
    if (win == 0)
        mvwprintw(w, 1, 2, "You win the match!");
    else
        mvwprintw(w, 1, 2, "%s wins the match.", ls_name(s, win));
    wattroff(w, A_BOLD);
    /* By place, as replay gives them (play_places); 4 + 16 + 1 + 6 + 1 +
     * 18 + 2 + "out in round 9999" fit in the 66 columns of the box. */
    int nw = names_width(s, 0, LS_NAME_MAX);
    play_place places[LS_MAX_PLAYERS];
    play_places(s, u->g.out_round, places);
    mvwprintw(w, 3, 2, "    %-*s %6s %18s", nw, "player", "points", "matches won so far");
    for (int k = 0; k < n; k++) {
        int i = places[k].seat;
        char out[32] = "winner";
        if (places[k].out_round)
            snprintf(out, sizeof out, "out in round %d", places[k].out_round);
        mvwprintw(w, 4 + k, 2, "%2d. %-*s %6d %18d  %s", places[k].place, nw,
                  cut_name(u, ls_name(s, i), nw, name, sizeof name), ls_score(s, i),
                  u->wins[i], out);
    }
    mvwprintw(w, n + 5, 2, "Matches played this session: %d", u->matches);
    /* A long path keeps its end (the file's name): the box is 70 wide. */
    const char *path = PLAY_SHOWN(u->g.path);
    int room = 70 - 4 - 8, over = cli_text_width(path, strlen(path)) - room;
    if (over > 0) {
        while (*path && cli_text_width(path, strlen(path)) > room - 1)
            do /* one character, of whatever width, off the start */
                path++;
            while (((unsigned char)*path & 0xC0) == 0x80);
        mvwprintw(w, n + 7, 2, "Record: %s%s", ellipsis(u), path);
    } else {
        mvwprintw(w, n + 7, 2, "Record: %s", path);
    }
    wattron(w, A_BOLD);
    mvwprintw(w, n + 9, 2, "Play again? (y/n)");
    wattroff(w, A_BOLD);
    wnoutrefresh(w);
    delwin(w);
}

static const char *const help_keys[] = {
    "Keys:",
    "Left/Right  move along your hand (or the open cards and deck)",
    "Up/Down Tab switch between your hand and the open cards/deck",
    "Space       select or unselect a card (mouse: click it)",
    "Mouse       click a card to select it, an open card or the deck to take",
    "            it, and a key on the bottom row (such as d:draw) to press it",
    "1-5         discard the selection and take that open card",
    "d           discard the selection and draw from the deck",
    "Enter       on the open cards/deck: take or draw",
    "x           declare, after a y/n question (shown only when you may)",
    "h           hint: the computer's move, why, and its estimate that",
    "            declaring now is correct (Esc gives your selection back)",
    "m           a message longer than its rows (m:more): the rest",
    "c / Esc     clear the selection",
    "- / +       faster / slower computers",
    "Enter       on the computers' turns: the next one moves now",
    "f           once you are out: the rest of the match at once",
    "? / F1      this help",
    "q, Ctrl-C   quit (the record is saved: --resume or --continue",
    "            goes on with it later)",
};

/* Columns of help text: the window's inside, less a margin each side,
 * at most 100. */
static int help_width(void)
{
    return COLS - 4 < 100 ? COLS - 4 : 100; /* longer rows are hard to read */
}

/* The help's lines: the rules (play_rules, then this table's variants),
 * each wrapped to the help's width with its later rows indented by two; a
 * blank; the keys. Returns the count; line i is written to buf. */
static int help_line(const ui *u, int i, char *buf, size_t size)
{
    char table[200];
    play_table_rules(ls_state_rules(u->g.s), table, sizeof table);
    const char *rules[16];
    int nrules = 0, k = 0, width = help_width();
    while (nrules < 15 && play_rules[nrules]) {
        rules[nrules] = play_rules[nrules];
        nrules++;
    }
    rules[nrules++] = table;
    for (int r = 0; r < nrules; r++) {
        const char *p = rules[r];
        for (size_t n = strlen(p); n > 0; k++) {
            int indent = p == rules[r] ? 0 : 2;
            size_t fit = play_wrap(p, n, width - indent);
            if (fit == 0) /* a word wider than the help: whole, cut on the screen */
                fit = strcspn(p, " ");
            if (k == i)
                snprintf(buf, size, "%*s%.*s", indent, "", (int)fit, p);
            p += fit;
            n -= fit;
            while (n > 0 && *p == ' ')
                p++, n--;
        }
    }
    if (i == k)
        snprintf(buf, size, "%s", "");
    k++;
    int nkeys = (int)(sizeof help_keys / sizeof help_keys[0]);
    if (i >= k && i < k + nkeys)
        snprintf(buf, size, "%s", help_keys[i - k]);
    return k + nkeys;
}

/* Rows of help text the screen shows at once. */
static int help_rows(void)
{
    return LINES - 5;
}

/* The help in a box as wide as its text (the window's width up to 100
 * columns of text) and as tall (the window's height when it scrolls): a
 * wide window's help filled the screen, 250 columns for rows wrapped at
 * 100, and a tall one's ended in 25 blank rows. */
static void draw_help(const ui *u)
{
    char line[200];
    int total = help_line(u, 0, line, sizeof line), rows = help_rows();
    int bh = total + 5 < LINES ? total + 5 : LINES, bw = help_width() + 4;
    WINDOW *w = overlay_win(u, bh, bw);
    wattron(w, A_BOLD);
    mvwprintw(w, 1, 2, "Least Score - help (this match: seed %llu)",
              (unsigned long long)u->g.seed);
    wattroff(w, A_BOLD);
    /* Scrolled at a smaller size, the help fills the rows it has now. */
    int top = u->help_top < total - rows ? u->help_top : total - rows;
    if (top < 0)
        top = 0;
    for (int i = 0; i < rows && top + i < total; i++) {
        help_line(u, top + i, line, sizeof line);
        mvwaddnstr(w, 3 + i, 2, line, bw - 4);
    }
    int last = top + rows < total ? top + rows : total;
    if (last < total)
        snprintf(line, sizeof line, "-- lines %d-%d of %d, more below: Down, PgDn; "
                 "other keys: back --", top + 1, last, total);
    else
        snprintf(line, sizeof line, "-- lines %d-%d of %d, the end; any other key: back --",
                 top + 1, last, total);
    wattron(w, A_BOLD);
    mvwaddnstr(w, bh - 2, 2, line, bw - 4);
    wattroff(w, A_BOLD);
    wnoutrefresh(w);
    delwin(w);
}

/* The quit question. Over the last round's result or the end of the
 * match there is nothing left to resume (it offered to). Its two rows
 * between the borders (a third, empty, was left above the bottom one). */
static void draw_quit(const ui *u)
{
    WINDOW *w = overlay_win(u, 4, 50);
    mvwprintw(w, 1, 2, "Quit this game?");
    mvwprintw(w, 2, 2, "%s", ls_phase(u->g.s) == LS_PHASE_OVER
                                 ? "The match is over: its record is saved. (y/n)"
                                 : "The record is saved to resume later. (y/n)");
    wnoutrefresh(w);
    delwin(w);
}

#define MORE_W 7 /* " m:more" at the end of the message rows */
#define MSG_MAX_W 100 /* longer rows are hard to read (as the help's) */

/* Columns of the message rows' text, from column 2: the window's, less a
 * margin, and at most MSG_MAX_W. At 250 columns a hint with its reasons
 * was one row of some 200 columns. */
static int msg_width(void)
{
    return COLS - 3 < MSG_MAX_W ? COLS - 3 : MSG_MAX_W;
}

/* The rows the message text takes (at least two), at most the two
 * message rows and every row the screen has beyond what it needs. */
static int message_rows(const ui *u, const char *text, int nplayers)
{
    int spare = LINES - rows_needed(nplayers);
    int n = rich(u, NULL, 0, 0, msg_width(), 2 + (spare > 0 ? spare : 0), 0, text, 0);
    return n < 2 ? 2 : n;
}

/* The message on its mrows rows from row y. A text longer than they
 * hold (a hint's reasons with no row to spare: 8 players at 80x24) is
 * shown mrows rows at a time, wrapped narrower so that the last row ends
 * in "m:more" (m shows the next rows, handle_key) or, at its end, "m:top"
 * (m goes back to its first rows). A new text starts at its first row. */
static void draw_message(ui *u, int y, int mrows, const char *text, attr_t a)
{
    if (strcmp(text, u->msg_shown)) {
        snprintf(u->msg_shown, sizeof u->msg_shown, "%s", text);
        u->msg_skip = 0;
    }
    int w = msg_width(), more_x = 2 + w + 1 - MORE_W + 1;
    u->msg_more = rich(u, NULL, 0, 0, w, 1000, 0, text, 0) > mrows;
    if (!u->msg_more) {
        rich(u, stdscr, y, 2, w, mrows, 0, text, a);
        return;
    }
    w -= MORE_W;
    int total = rich(u, NULL, 0, 0, w, 1000, 0, text, 0);
    if (u->msg_skip > total - mrows) /* a wider window since: fewer rows */
        u->msg_skip = total - mrows;
    bool end = u->msg_skip + mrows >= total;
    u->msg_next = end ? 0 : u->msg_skip + mrows < total - mrows ? u->msg_skip + mrows
                                                                : total - mrows;
    rich_from(u, stdscr, y, 2, w, u->msg_skip, mrows, false, 0, text, a);
    attron(A_BOLD);
    mvaddstr(y + mrows - 1, more_x, end ? "m:top" : "m:more");
    attroff(A_BOLD);
    add_box(u, y + mrows - 1, more_x, 1, MORE_W - 1, HIT_MORE, 0);
}

static void draw(ui *u)
{
    u->nbox = 0;
    if (too_small(u)) {
        draw_too_small(u);
        refresh();
        return;
    }
    erase();
    ls_view v;
    ls_view_of(u->g.s, 0, &v);
    bool my_turn = v.phase == LS_PHASE_TURN && v.turn == 0 && u->overlay == OV_NONE;
    draw_title(u, &v);
    draw_table(u, &v, 1);
    char text[sizeof u->msg];
    int color = u->msg_color;
    if (*u->alert) {
        snprintf(text, sizeof text, "%s", u->alert);
        color = C_ERR;
    } else if (v.phase == LS_PHASE_TURN && v.turn != 0 && !*u->msg)
        snprintf(text, sizeof text, "%s is playing...", v.names[v.turn]);
    else
        snprintf(text, sizeof text, "%s", u->msg);
    attr_t a = (u->colors && color ? COLOR_PAIR(color) : 0) | (color == C_ERR ? A_BOLD : 0);
    /* The message rows: two, or as many more as a long message (a hint's
     * reasons) takes of the rows the screen has to spare; the hand sits
     * just above them, the open cards halfway between the table and the
     * hand. */
    int mrows = message_rows(u, text, v.nplayers);
    int my = LINES - 1 - mrows, hy = my - 6;
    int top = 1 + v.nplayers + 1, y = top + (hy - 5 - top) / 2;
    draw_pickup(u, &v, y, my_turn);
    draw_hand(u, &v, hy, my_turn);
    draw_log(u, top, my, LOG_X);
    draw_message(u, my, mrows, text, a);
    draw_footer(u, &v, my_turn);
    wnoutrefresh(stdscr);
    switch (u->overlay) {
    case OV_HELP: draw_help(u); break;
    case OV_QUIT: draw_quit(u); break;
    case OV_ROUND: draw_round(u); break;
    case OV_OVER: draw_over(u); break;
    }
    doupdate();
}

/* ------------------------------------------------------------------ */
/* Playing                                                             */
/* ------------------------------------------------------------------ */

static void log_text(ui *u, bool head, const char *text)
{
    log_entry *e = &u->log[u->nlog++ % LOG_MAX];
    e->head = head;
    copy_cut(u, e->text, sizeof e->text, text);
}

/* The move as a sentence: "Ada discarded 10C 10H, drew a card", "You discarded
 * KD, drew 4S", "Cleo discarded 3H 4S 5D, took KH", "You declared with 7:
 * correct". Called after the move was applied. */
static void log_move(ui *u, int seat, ls_move m)
{
    const ls_state *s = u->g.s;
    const char *who = seat == 0 ? "You" : ls_name(s, seat);
    char text[240], set[64], c[4];
    if (m.kind == LS_MOVE_DECLARE) {
        const ls_round_result *r = ls_last_result(s);
        snprintf(text, sizeof text, "%s declared with %d: %s", who,
                 r->hand_total[seat], r->correct ? "correct" : "false");
    } else {
        play_cards(m.discard, set, sizeof set);
        if (m.kind == LS_MOVE_TAKE)
            snprintf(text, sizeof text, "%s discarded %s, took %s", who, set,
                     ls_card_str(m.card, c));
        else if (seat == 0 && m.card != LS_NO_CARD) /* only the drawer sees it */
            snprintf(text, sizeof text, "%s discarded %s, drew %s", who, set,
                     ls_card_str(m.card, c));
        else
            snprintf(text, sizeof text, "%s discarded %s, drew a card", who, set);
    }
    log_text(u, false, text);
}

/* A bot's failure (play_game's report: "Ada's bot: WHAT 'QUOTE'; killed,
 * greedy plays for it until the match ends") copied into buf (size
 * bytes), cut inside its last quote with the terminal's ellipsis, its
 * ending whole (play_cut_report): cut at its end (copy_cut), a quoted
 * stderr line of 120 control bytes, each shown '\x01', took that ending. */
static void cut_report(const ui *u, char *buf, size_t size, const char *text)
{
    play_cut_report(buf, size, text, ellipsis(u));
}

/* A bot's failure (play_game's report): in the log, and on the message
 * rows until the next key. */
static void report_bot(void *ud, const char *msg)
{
    ui *u = ud;
    char text[sizeof u->alert];
    cut_report(u, text, sizeof text, msg);
    log_text(u, false, text);
    memcpy(u->alert, text, sizeof text);
}

static void save(ui *u)
{
    char msg[sizeof u->msg]; /* said on the message rows: no more than they hold */
    if (play_game_save(&u->g, msg, sizeof msg) != 0)
        set_msg(u, C_ERR, "%s", msg);
}

/* The save after a deal or a move inside a round (play_game_save_step),
 * so that a game killed outright loses at most the move being made. A
 * failure is said at once, and once, not at every move: in "Last moves"
 * and on the message rows until a key (the next move's prompt would
 * write over a message); so is the save that works again. */
static void save_step(ui *u)
{
    /* "cannot write PATH: why; the file keeps the match as it stood at
     * round R, turn T", the path cut to 200 bytes (PATH_SHOWN) */
    char msg[330], text[sizeof u->alert];
    int said = play_game_save_step(&u->g, msg, sizeof msg);
    if (said == 0)
        return;
    if (said == 1 && u->g.lock_lost) /* another game has the record: no more saves */
        snprintf(text, sizeof text, "Not saved: %s.", msg);
    else if (said == 1)
        snprintf(text, sizeof text, "Not saved: %s. The game goes on and tries again "
                 "after every move.", msg);
    else
        snprintf(text, sizeof text, "%c%s.", msg[0] - 'a' + 'A', msg + 1);
    log_text(u, false, text);
    memcpy(u->alert, text, sizeof text);
}

/* The live message about the selection. */
static void selection_msg(ui *u)
{
    const ls_rules *r = ls_state_rules(u->g.s);
    ls_error err = {0};
    char buf[64], pts[24], nums[16];
    take_keys(u, nums, sizeof nums);
    if (!u->selected)
        set_msg(u, 0, "Select the cards to discard (space), then take an open "
                      "card (%s) or draw (d).", nums);
    else if (ls_discard_ok(u->selected, r, &err))
        set_msg(u, C_OK, "Discard %s (%s): now take an open card (%s) "
                         "or draw (d).",
                play_cards(u->selected, buf, sizeof buf),
                play_points(ls_cards_total(u->selected), pts, sizeof pts), nums);
    else
        set_msg(u, C_ERR, "Not a legal discard: %s.", err.msg);
}

static void after_move(ui *u, int seat, ls_move m)
{
    char shuffled[sizeof u->log[0].text];
    log_move(u, seat, m);
    if (u->g.reshuffled)
        log_text(u, false, play_reshuffle_text(&u->g, shuffled, sizeof shuffled));
    u->bot_due = 0;
    u->confirm_declare = false;
    if (ls_phase(u->g.s) == LS_PHASE_TURN)
        save_step(u);
    else {
        /* A save that fails stays on the message rows, under the result
         * (it was cleared at once, so it was never seen). */
        u->msg[0] = '\0';
        save(u);
        /* Every round's result is shown, also once you are out, unless
         * you asked for the match's end (f): then only its last. */
        if (!u->finish || ls_phase(u->g.s) == LS_PHASE_OVER)
            u->overlay = OV_ROUND;
        if (ls_phase(u->g.s) == LS_PHASE_OVER && ls_winner(u->g.s) >= 0)
            u->wins[ls_winner(u->g.s)]++;
        return;
    }
    if (ls_turn(u->g.s) == 0) {
        u->row = ROW_HAND;
        u->cursor = 0;
        u->selected = 0;
        u->before_hint = 0;
        selection_msg(u);
    } else {
        u->msg[0] = '\0';
    }
}

static int hand_count(const ui *u)
{
    return ls_cards_count(ls_hand(u->g.s, 0));
}

static int pick_count(const ui *u)
{
    return ls_cards_count(ls_open_cards(u->g.s)) + 1;
}

static void human_move(ui *u, ls_move m)
{
    ls_error err = {0};
    if (m.kind != LS_MOVE_DECLARE && !u->selected) {
        /* The cursor goes to the hand, so that the space this asks for
         * selects a card: on the open cards (a player who takes before
         * discarding, as in rummy) it tried the take again and said the
         * same, and only Down got out. */
        if (u->row != ROW_HAND) {
            u->row = ROW_HAND;
            if (u->cursor >= hand_count(u))
                u->cursor = hand_count(u) - 1;
        }
        set_msg(u, C_ERR, "Select the cards to discard first (space, or click them): a "
                          "turn discards, then takes an open card or draws.");
        return;
    }
    if (play_game_apply(&u->g, &m, &err) != 0) {
        char msg[300];
        play_personal(&u->g, err.msg, msg, sizeof msg);
        set_msg(u, C_ERR, "%s.", msg); /* a sentence, as every other message */
        return;
    }
    u->fresh = m.kind == LS_MOVE_DECLARE ? LS_NO_CARD : m.card;
    after_move(u, 0, m);
}

static void take_open(ui *u, int idx)
{
    ls_cards open = ls_open_cards(u->g.s);
    for (int i = 0; open && i < idx; i++)
        open &= open - 1;
    if (!open) {
        /* Which keys there are: after a single discard, 2-5 did nothing
         * but say that they did nothing. */
        int n = ls_cards_count(ls_open_cards(u->g.s));
        if (n == 1)
            set_msg(u, C_ERR, "There is no open card %d: there is one, 1.", idx + 1);
        else
            set_msg(u, C_ERR, "There is no open card %d: the open cards are 1 to %d.",
                    idx + 1, n);
        return;
    }
    human_move(u, (ls_move){u->selected, LS_MOVE_TAKE, ls_cards_first(open)});
}

/* Ends a hint's search unheard, if one runs; what the selection is is
 * said again in place of "Thinking of a hint...". */
static void drop_hint(ui *u)
{
    if (!u->hinting)
        return;
    play_game_hint_drop(&u->g);
    u->hinting = false;
    selection_msg(u);
}

/* h: the hint's search starts on a thread of its own, and run() goes on
 * reading keys until it ends (hint_done): a search by time takes 2 s,
 * which held every key, q and Esc, until it ended. */
static void show_hint(ui *u)
{
    ls_error err = {0};
    if (play_game_hint_start(&u->g, &err) != 0) {
        set_msg(u, C_ERR, "No hint: %s", err.msg);
        return;
    }
    u->hinting = true;
    set_msg(u, 0, "Thinking of a hint... Esc drops it.");
}

static int footer_key(const ui *u, const MEVENT *ev);

/* A key while the hint is searched: a resize redraws and h goes on
 * waiting (the search goes on); any other key drops the hint, and Esc,
 * which would also drop the selection, does only that. Of the mouse,
 * only a press of the first button that is not on h:hint drops it, and
 * is then put back (ungetmouse) for handle_key to act on: the release
 * of the click on h:hint that asked for the hint, read while it was
 * searched, dropped it (no hint ever came at a table searched 2 s), and
 * a click on h:hint started the search again. Returns whether the key
 * is used up. */
static bool hint_key(ui *u, int ch)
{
    if (ch == KEY_RESIZE || ch == 'h' || ch == 'H')
        return true;
    if (ch == KEY_MOUSE) {
        MEVENT ev;
        if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) ||
            footer_key(u, &ev) == 'h')
            return true;
        drop_hint(u);
        (void)ungetmouse(&ev);
        return true;
    }
    drop_hint(u);
    return ch == 27;
}

/* The hint's search has ended: what it says. */
static void hint_done(ui *u)
{
    ls_move m;
    double chance;
    ls_error err = {0};
    u->hinting = false;
    if (play_game_hint_end(&u->g, &m, &chance, &err) != 0) {
        set_msg(u, C_ERR, "No hint: %s", err.msg);
        return;
    }
    ls_view v;
    ls_view_of(u->g.s, 0, &v);
    char buf[64], odds[64] = "", why[200], chance_s[24], note[80] = "", key[24];
    ls_move_str(m, buf, sizeof buf);
    /* The key that plays it once the hint has selected its cards: the
     * open card's number, d, or x. */
    if (m.kind == LS_MOVE_TAKE) {
        int i = 1;
        for (ls_cards o = v.open; o && ls_cards_first(o) != m.card; o &= o - 1)
            i++;
        snprintf(key, sizeof key, "press %d", i);
    } else {
        snprintf(key, sizeof key, "press %s", m.kind == LS_MOVE_DRAW ? "d" : "x");
    }
    if (chance >= 0) {
        play_chance_text(&v, chance, chance_s, sizeof chance_s);
        snprintf(odds, sizeof odds, " Declaring now: %s likely correct.", chance_s);
    }
    if (m.kind == LS_MOVE_DECLARE) {
        snprintf(why, sizeof why, "your %d is likely the lowest hand", v.hand_total);
    } else {
        play_hint_reason(&v, m, false, why, sizeof why);
        if (u->selected && u->selected != m.discard) {
            u->before_hint = u->selected;
            snprintf(note, sizeof note, "; Esc brings your selection back");
        }
        u->selected = m.discard;
        u->row = ROW_HAND;
    }
    /* The reasons come last: on a screen with no row to spare, the
     * message rows cannot always hold the whole text, and what is cut at
     * their end should be the least needed part, not the estimate or how
     * to undo the hint. Then the whole text is under "Last moves" too,
     * which shows an entry whole. */
    set_msg(u, C_OK, "Hint: %s (%s%s).%s%s Why: %s.", buf, key, note, odds,
            u->g.hint_cut ? " (A search cut at " PLAY_HINT_S " s: this small deck is slow.)" : "", why);
    if (rich(u, NULL, 0, 0, msg_width(), 1000, 0, u->msg, 0) >
        message_rows(u, u->msg, v.nplayers))
        log_text(u, false, u->msg);
}

static void toggle(ui *u, int idx)
{
    ls_cards h = ls_hand(u->g.s, 0);
    for (int i = 0; h && i < idx; i++)
        h &= h - 1;
    if (h) {
        u->selected ^= LS_BIT(ls_cards_first(h));
        selection_msg(u);
    }
}

static void click(ui *u, int y, int x)
{
    for (int i = 0; i < u->nbox; i++) {
        if (y < u->box[i].y || y >= u->box[i].y + u->box[i].h ||
            x < u->box[i].x || x >= u->box[i].x + u->box[i].w)
            continue;
        switch (u->box[i].kind) {
        case HIT_HAND:
            u->row = ROW_HAND;
            u->cursor = u->box[i].idx;
            toggle(u, u->box[i].idx);
            break;
        case HIT_OPEN:
            take_open(u, u->box[i].idx);
            break;
        case HIT_DECK:
            human_move(u, (ls_move){u->selected, LS_MOVE_DRAW, LS_NO_CARD});
            break;
        }
        return;
    }
}

/* x: declaring ends the round for everyone and, when the hand is not the
 * lowest, costs 20 points and more, so it is asked first; the key after
 * the question answers it (y or x again declares; any other key goes on
 * playing and does nothing else, so that a key pressed by mistake twice
 * costs nothing). */
static void ask_declare(ui *u)
{
    ls_error err = {0};
    char why[300];
    if (ls_check(u->g.s, (ls_move){0, LS_MOVE_DECLARE, LS_NO_CARD}, &err) != 0) {
        play_personal(&u->g, err.msg, why, sizeof why);
        set_msg(u, C_ERR, "%s.", why);
        return;
    }
    u->confirm_declare = true;
    set_msg(u, C_ERR, "Declare with %d? Everyone shows their hand; if yours is not "
            "%sthe lowest, you score 20 + the difference. y: declare; any other "
            "key: go on playing.", ls_cards_total(ls_hand(u->g.s, 0)),
            ls_state_rules(u->g.s)->tie_penalty ? "strictly " : "");
}

/* A key that is no key of your turn says so, on the message rows until
 * the next key, and where to find the keys: it did nothing without a
 * word, as if the game had not read it. f and m, keys of the footer in
 * other moments, say when they act. */
static void no_such_key(ui *u, int ch)
{
    if (ch == 'f' || ch == 'F')
        set_msg(u, C_ERR, "f plays the rest of the match at once once you are out; you are "
                          "still in it.");
    else if (ch == 'm' || ch == 'M')
        set_msg(u, C_ERR, "m shows the rest of a message that ends in m:more; there is none.");
    else if (ch > ' ' && ch < 0x7f)
        set_msg(u, C_ERR, "The key %c does nothing here: ? lists the keys.", ch);
    else
        set_msg(u, C_ERR, "That key does nothing here: ? lists the keys.");
}

static void my_turn_key(ui *u, int ch)
{
    int n = u->row == ROW_HAND ? hand_count(u) : pick_count(u);
    if (u->confirm_declare) {
        u->confirm_declare = false;
        if (ch == 'y' || ch == 'Y' || ch == 'x' || ch == 'X')
            human_move(u, (ls_move){0, LS_MOVE_DECLARE, LS_NO_CARD});
        else
            selection_msg(u);
        return;
    }
    /* Any key ends the last message (an error, a hint): what the
     * selection is now is said again unless the key says more. */
    if (ch != 'h')
        selection_msg(u);
    switch (ch) {
    case KEY_LEFT:
        u->cursor = (u->cursor + n - 1) % n;
        break;
    case KEY_RIGHT:
        u->cursor = (u->cursor + 1) % n;
        break;
    case KEY_UP:
    case KEY_DOWN:
    case '\t':
        u->row = u->row == ROW_HAND ? ROW_PICK : ROW_HAND;
        n = u->row == ROW_HAND ? hand_count(u) : pick_count(u);
        if (u->cursor >= n)
            u->cursor = n - 1;
        break;
    case ' ':
    case '\n':
    case '\r':
    case KEY_ENTER:
        if (u->row == ROW_HAND && ch == ' ')
            toggle(u, u->cursor);
        else if (u->row == ROW_HAND) {
            u->row = ROW_PICK;
            u->cursor = 0;
            /* With nothing selected the marker moved with no word why. */
            if (!u->selected)
                set_msg(u, 0, "Nothing selected: Enter moved to the open cards. "
                              "Up, then space, to select.");
        } else if (u->cursor == n - 1)
            human_move(u, (ls_move){u->selected, LS_MOVE_DRAW, LS_NO_CARD});
        else
            take_open(u, u->cursor);
        break;
    case 'd':
    case 'D':
        human_move(u, (ls_move){u->selected, LS_MOVE_DRAW, LS_NO_CARD});
        break;
    case 'x':
    case 'X':
        ask_declare(u);
        break;
    case 'c':
    case 'C':
    case 27:
        u->selected = ch == 27 ? u->before_hint : 0;
        u->before_hint = 0;
        selection_msg(u);
        break;
    case 'h':
    case 'H':
        show_hint(u);
        break;
    default:
        if (ch >= '1' && ch <= '9')
            take_open(u, ch - '1');
        else
            no_such_key(u, ch);
        break;
    }
}

static int new_match(ui *u, uint64_t seed)
{
    char msg[sizeof u->msg]; /* said on the message rows: no more than they hold */
    u->nlog = 0;
    u->alert[0] = '\0';
    if (play_game_new(&u->g, u->o, seed, ++u->matches, report_bot, u, msg,
                      sizeof msg) != 0) {
        set_msg(u, C_ERR, "%s", msg);
        snprintf(u->fatal, sizeof u->fatal, "%s", msg);
        return -1;
    }
    u->have_game = true;
    u->overlay = OV_NONE;
    u->bot_due = 0;
    u->fresh = LS_NO_CARD;
    u->finish = false;
    u->msg[0] = '\0';
    return 0;
}

static void end_match(ui *u)
{
    if (!u->have_game)
        return;
    drop_hint(u); /* its thread uses the match's advisor */
    save(u);
    if (!u->g.saved) { /* what failed, then what the player still has */
        char has[PLAY_PATH_MAX * 4 + 200];
        play_unsaved_text(&u->g, has, sizeof has);
        snprintf(u->fatal, sizeof u->fatal, "%s. %s", u->msg, has);
    }
    if (u->g.saved) { /* the last 8: the last, maybe unfinished, above all */
        int k = u->nsaved++ % SAVED_MAX;
        u->saved_over[k] = ls_phase(u->g.s) == LS_PHASE_OVER;
        snprintf(u->saved[k], PLAY_PATH_MAX, "%s", u->g.path);
    }
    play_game_free(&u->g);
    u->have_game = false;
}

/* The pause before a computer's move: the pace; a quarter of it once you
 * are out and watching; none once you asked for the match's end (f). */
static long long bot_pause(const ui *u)
{
    return u->finish ? 0 : ls_eliminated(u->g.s, 0) ? u->pace / 4 : u->pace;
}

/*
 * The keys typed while a computer chose its move in this thread (a
 * built-in player's search: expert:ms=1500 thinks 1.5 s) were typed on
 * its turn, and wait in the terminal's input until it has moved. Read
 * then, they acted on what came after the move, which the player had not
 * seen: ' d' typed while Ada thought discarded and drew on your next
 * turn, and an Enter closed the round's result as it opened. So they are
 * read back now, up to TYPEAHEAD_MAX: q, Ctrl-C, ?, F1, a resize and a
 * paste's bounds are kept for run() to answer as it would have during the
 * turn; the others are dropped, as a move's keys are on a computer's turn
 * (a mouse event is taken off its queue). Returns whether one of the
 * dropped keys was a move's, which after_move's caller says.
 */
static bool drop_typeahead(void)
{
    int keep[TYPEAHEAD_MAX], nkeep = 0, ch;
    bool move = false;
    timeout(0);
    for (int i = 0; i < TYPEAHEAD_MAX && (ch = getch()) != ERR; i++) {
        if (strchr("qQ?", ch) || ch == 3 || ch == KEY_F(1) || ch == KEY_RESIZE ||
            ch == KEY_PASTE_BEGIN || ch == KEY_PASTE_END) {
            keep[nkeep++] = ch;
        } else if (ch == KEY_MOUSE) {
            MEVENT ev;
            (void)getmouse(&ev);
        } else if (ch > 0 && ch < 128 && strchr("hHxXdD123456789", ch)) {
            move = true;
        }
    }
    while (nkeep > 0) /* ungetch is a stack: the last kept goes back first */
        ungetch(keep[--nkeep]);
    return move;
}

/* Deals when a round is due, and moves the bot whose time has come. */
static void advance(ui *u)
{
    if (u->overlay != OV_NONE || too_small(u))
        return;
    ls_state *s = u->g.s;
    if (ls_phase(s) == LS_PHASE_DEAL) {
        ls_error err = {0};
        if (play_game_deal(&u->g, &err) != 0) {
            set_msg(u, C_ERR, "Cannot deal: %s", err.msg);
            return;
        }
        char line[64];
        int st = ls_starter(s);
        snprintf(line, sizeof line, "Round %d: %s start%s.", ls_round(s),
                 st == 0 ? "you" : ls_name(s, st), st == 0 ? "" : "s");
        log_text(u, true, line);
        u->fresh = LS_NO_CARD;
        u->selected = 0;
        u->row = ROW_HAND;
        u->cursor = 0;
        if (ls_turn(s) == 0)
            selection_msg(u);
        save_step(u);
    }
    if (ls_phase(s) != LS_PHASE_TURN || ls_turn(s) == 0)
        return;
    long long now = (long long)cli_wall_ms();
    if (!u->bot_due) {
        /* Drawn first: your move (or the deal) is on the screen before a
         * computer's turn, which a cmd: bot may take seconds over; at
         * --pace 0 the screen went on asking you to take or draw until
         * the bot had answered. */
        u->bot_due = now + bot_pause(u);
        return;
    }
    if (now < u->bot_due)
        return;
    int seat = ls_turn(s);
    ls_move m;
    /* Drawn before a cmd: bot is waited for: what the last key did (the
     * help closed, the quit question answered) is on the screen while it
     * thinks. A key or a resize cuts the wait short (bots_wake): run()
     * answers it, and the next pass waits on for the same answer. */
    draw(u);
    if (!play_game_bot_move(&u->g, &m))
        return; /* interrupted: run() asks whether to quit, or reads the key */
    bool dropped = drop_typeahead();
    ls_error err = {0};
    if (play_game_apply(&u->g, &m, &err) != 0) {
        set_msg(u, C_ERR, "%s made an illegal move: %s", ls_name(s, seat), err.msg);
        return;
    }
    after_move(u, seat, m);
    if (dropped && u->overlay == OV_NONE && ls_phase(s) == LS_PHASE_TURN &&
        ls_turn(s) == 0)
        set_msg(u, C_ERR, "The keys pressed while %s was thinking were not played: "
                "see %s's move, then play yours.", ls_name(s, seat), ls_name(s, seat));
    /* The next computer's pause starts with this move: left to the next
     * pass, it began only after that pass's wait for a key (250 ms), so
     * every pause was 250 ms longer than the pace, and pace 0 was 250. */
    if (u->overlay == OV_NONE && ls_phase(s) == LS_PHASE_TURN && ls_turn(s) != 0)
        u->bot_due = now + bot_pause(u);
}

/* Opens the quit question over what is shown; "no" goes back to it, so
 * that a round's result or the end of the match is not skipped (the match
 * would stay over with nothing left to press). */
static void ask_quit(ui *u)
{
    if (u->overlay == OV_QUIT)
        return;
    u->quit_under = u->overlay;
    u->overlay = OV_QUIT;
}

/* Opens the help over what is shown (the table, a round's result, the end
 * of the match); closing it goes back there, as "no" to the quit question
 * does. */
static void open_help(ui *u)
{
    u->help_under = u->overlay;
    u->overlay = OV_HELP;
    u->help_top = 0;
}

/* The help's keys: scrolling ones scroll, any other goes back. Of the
 * mouse, the wheel scrolls (3 lines a notch) and a press of a button goes
 * back; a release is read and ignored (the wheel closed the help). */
static void help_key(ui *u, int ch, const MEVENT *ev)
{
    char line[8];
    int total = help_line(u, 0, line, sizeof line), rows = help_rows();
    int max_top = total > rows ? total - rows : 0;
    if (ch == KEY_MOUSE) {
        if (ev->bstate & BUTTON4_PRESSED)
            u->help_top -= 3;
        else if (ev->bstate & BUTTON5_PRESSED)
            u->help_top += 3;
        else if (ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON2_PRESSED |
                              BUTTON2_CLICKED | BUTTON3_PRESSED | BUTTON3_CLICKED))
            u->overlay = u->help_under;
        ch = 0;
    }
    switch (ch) {
    case 0: break;
    case KEY_DOWN: case 'j': u->help_top++; break;
    case KEY_UP: case 'k': u->help_top--; break;
    case KEY_NPAGE: case ' ': u->help_top += rows - 1; break;
    case KEY_PPAGE: u->help_top -= rows - 1; break;
    case KEY_HOME: u->help_top = 0; break;
    case KEY_END: u->help_top = max_top; break;
    default: u->overlay = u->help_under; return;
    }
    if (u->help_top > max_top)
        u->help_top = max_top;
    if (u->help_top < 0)
        u->help_top = 0;
}

/* A move key (h, x, d, a number) on a computer's turn: says why it does
 * nothing, on the message rows until that computer has moved. Only the
 * message changes: the computer's pause, or a cmd: bot's wait for its
 * answer, goes on as it was. */
static void not_your_turn(ui *u)
{
    if (ls_eliminated(u->g.s, 0))
        set_msg(u, C_ERR, "You are out of this match: the others play it to its end.");
    else
        set_msg(u, C_ERR, "It is %s's turn: wait for yours.", ls_name(u->g.s, ls_turn(u->g.s)));
}

/* The pace after - (dir -1) or + (dir +1): the next step of a fixed
 * ladder, so that - then + comes back to the pace it left (the pace was
 * multiplied by 2/3 and 3/2, rounded down: 700 went to 466 and back to
 * 699) and the footer shows round figures. A --pace between two steps
 * goes to the nearer step on that side. */
static int pace_step(int pace, int dir)
{
    static const int steps[] = {0, 50, 100, 150, 200, 300, 450, 700, 1000,
                                1500, 2000, 3000, 5000, 7000, 10000};
    int n = (int)(sizeof steps / sizeof steps[0]);
    if (dir > 0) {
        for (int i = 0; i < n; i++)
            if (steps[i] > pace)
                return steps[i];
        return steps[n - 1];
    }
    for (int i = n - 1; i >= 0; i--)
        if (steps[i] < pace)
            return steps[i];
    return 0;
}

/* The key of the footer a press of the first button is on, or 0. */
static int footer_key(const ui *u, const MEVENT *ev)
{
    if (!(ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
        return 0;
    for (int i = 0; i < u->nbox; i++)
        if (u->box[i].kind == HIT_KEY && ev->y == u->box[i].y && ev->x >= u->box[i].x &&
            ev->x < u->box[i].x + u->box[i].w)
            return u->box[i].idx;
    return 0;
}

static void handle_key(ui *u, int ch)
{
    if (ch == KEY_RESIZE)
        return;
    /* m (or a click on "m:more", below) pages a message longer than its
     * rows (draw_message), a bot's failure too: it ends neither. */
    if ((ch == 'm' || ch == 'M') && u->msg_more && u->overlay == OV_NONE && !too_small(u)) {
        u->msg_skip = u->msg_next;
        return;
    }
    if (ch != KEY_MOUSE)
        u->alert[0] = '\0';
    if (too_small(u)) {
        if (ch == 'q' || ch == 'Q' || ch == 3)
            u->quit = true;
        return;
    }
    /* The event of a KEY_MOUSE is read here, once: a click on a key of
     * the footer presses that key (footer_row); the others are for the
     * help and the table, below. */
    MEVENT ev = {0};
    if (ch == KEY_MOUSE) {
        if (getmouse(&ev) != OK)
            return;
        int key = footer_key(u, &ev);
        if (key) {
            handle_key(u, key);
            return;
        }
    }
    switch (u->overlay) {
    case OV_HELP:
        help_key(u, ch, &ev);
        return;
    case OV_QUIT:
        if (ch == 'y' || ch == 'Y')
            u->quit = true;
        else if (ch == 'n' || ch == 'N' || ch == 27 || ch == 'q' || ch == 'Q') {
            /* A computer stopped mid-think by the Ctrl-C thinks that
             * turn again, whole (play_game_bot_move). */
            atomic_store(&play_stop, false);
            u->overlay = u->quit_under;
        }
        return;
    case OV_ROUND:
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') {
            u->overlay = ls_phase(u->g.s) == LS_PHASE_OVER ? OV_OVER : OV_NONE;
            if (ls_phase(u->g.s) == LS_PHASE_OVER)
                save(u);
        } else if (ch == 'q' || ch == 'Q') {
            ask_quit(u);
        } else if (ch == '?' || ch == KEY_F(1)) {
            open_help(u);
        } else if ((ch == 'f' || ch == 'F') && can_finish(u)) {
            u->finish = true;
            u->overlay = OV_NONE;
        }
        return;
    case OV_OVER:
        if (ch == 'y' || ch == 'Y') {
            uint64_t seed = u->o->seeded ? u->g.seed + 1 : play_random_seed();
            end_match(u);
            if (new_match(u, seed) != 0)
                u->quit = true;
        } else if (ch == 'n' || ch == 'N' || ch == 'q' || ch == 'Q' || ch == 27) {
            u->quit = true;
        } else if (ch == '?' || ch == KEY_F(1)) {
            open_help(u);
        }
        return;
    }
    switch (ch) {
    case 'q':
    case 'Q':
    case 3: /* Ctrl-C when it arrives as a key */
        ask_quit(u);
        return;
    case '?':
    case KEY_F(1):
        open_help(u);
        return;
    case '+':
    case '=':
        u->pace = pace_step(u->pace, +1);
        return;
    case '-':
    case '_':
        u->pace = pace_step(u->pace, -1);
        return;
    case KEY_MOUSE: {
        /* Only a press (or a click) of the first button acts; releases
         * and other buttons are read and ignored. */
        if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
            return;
        for (int i = 0; i < u->nbox; i++)
            if (u->box[i].kind == HIT_MORE && ev.y == u->box[i].y && ev.x >= u->box[i].x &&
                ev.x < u->box[i].x + u->box[i].w) {
                u->msg_skip = u->msg_next;
                return;
            }
        if (ls_phase(u->g.s) == LS_PHASE_TURN && ls_turn(u->g.s) == 0) {
            u->alert[0] = '\0';
            if (u->confirm_declare) { /* a click answers no, as a key does */
                u->confirm_declare = false;
                selection_msg(u);
            } else {
                click(u, ev.y, ev.x);
            }
        }
        return;
    }
    }
    if (ls_phase(u->g.s) != LS_PHASE_TURN)
        return;
    if (ls_turn(u->g.s) == 0)
        my_turn_key(u, ch);
    else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ' || ch == '.')
        u->bot_due = 1; /* move now */
    else if ((ch == 'f' || ch == 'F') && can_finish(u))
        u->finish = true;
    else if (ch > 0 && ch < 128 && strchr("hHxXdD123456789", ch))
        not_your_turn(u);
}

/* curses' SIGWINCH handler, which play_resized's handler calls on. */
static struct sigaction curses_winch;

static void on_winch(int sig)
{
    play_resized = 1;
    if (!(curses_winch.sa_flags & SA_SIGINFO) && curses_winch.sa_handler != SIG_DFL &&
        curses_winch.sa_handler != SIG_IGN)
        curses_winch.sa_handler(sig);
}

/*
 * Bracketed paste (xterm's mode 2004, which tmux and most terminals
 * have): pasted text comes between ESC [200~ and ESC [201~, read as
 * these two keys, and is dropped. Without it a paste was read as keys,
 * each doing what it does: ' d' in a pasted line selected a card and
 * drew, 'q' asked to quit, digits took open cards. The mode is the
 * terminal's, so it is set off whenever the game lets the terminal go:
 * on leaving, and around a stop (Ctrl-Z), which ncurses' own handler
 * (curses_tstp) makes.
 */
static struct sigaction curses_tstp;

static void paste_mode(bool on)
{
    /* write(), not stdio: on_tstp() sets it from a signal handler */
    const char *seq = on ? "\033[?2004h" : "\033[?2004l";
    while (write(STDOUT_FILENO, seq, 8) < 0 && errno == EINTR)
        ;
}

static void on_tstp(int sig)
{
    paste_mode(false);
    if (curses_tstp.sa_handler != SIG_DFL && curses_tstp.sa_handler != SIG_IGN)
        curses_tstp.sa_handler(sig); /* returns once continued */
    else
        raise(SIGSTOP);
    paste_mode(true);
}

static void init_curses(ui *u)
{
    initscr();
    /* A resize also cuts short a wait for a cmd: bot (play_resized). */
    struct sigaction sa = {.sa_handler = on_winch};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, &curses_winch);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    /* Every button event is asked for, releases too: ncurses swallows an
     * event outside the mask and then waits for the next key without the
     * timeout, which froze the computers' turns after a click. */
    mousemask(ALL_MOUSE_EVENTS, NULL);
    mouseinterval(0);
    define_key("\033[200~", KEY_PASTE_BEGIN);
    define_key("\033[201~", KEY_PASTE_END);
    struct sigaction st = {.sa_handler = on_tstp};
    sigemptyset(&st.sa_mask);
    sigaction(SIGTSTP, &st, &curses_tstp);
    paste_mode(true);
    /* NO_COLOR (no-color.org): set and not empty, no colours at all. */
    const char *no_color = getenv("NO_COLOR");
    u->colors = has_colors() && !(no_color && *no_color);
    if (u->colors) {
        start_color();
        use_default_colors();
        init_pair(C_RED, COLOR_RED, COLOR_WHITE);
        init_pair(C_BLACK, COLOR_BLACK, COLOR_WHITE);
        init_pair(C_BACK, COLOR_WHITE, COLOR_BLUE);
        init_pair(C_TITLE, COLOR_BLACK, COLOR_CYAN);
        init_pair(C_ERR, COLOR_RED, -1);
        init_pair(C_OK, COLOR_GREEN, -1);
        init_pair(C_SEL, COLOR_BLACK, COLOR_YELLOW);
    }
}

/* Whether ch is part of a paste (bracketed paste, above): dropped, and
 * once it has ended said so. A paste comes all at once, so that a wait
 * that ends with no key ends one whose end was lost, which would drop
 * every key after it. A resize is still drawn. */
static bool paste_key(ui *u, int ch)
{
    if (ch == KEY_PASTE_BEGIN) {
        u->pasting = true;
        return true;
    }
    if (!u->pasting)
        return ch == KEY_PASTE_END;
    if (ch == KEY_RESIZE)
        return false;
    if (ch != KEY_PASTE_END && ch != ERR)
        return true;
    u->pasting = false;
    if (!u->hinting && !too_small(u))
        set_msg(u, C_ERR, "Pasted text is not read as keys: press them one at a time "
                "(? lists them).");
    return true;
}

static void run(ui *u)
{
    while (!u->quit) {
        if (play_interrupted) {
            int sig = play_interrupted;
            play_interrupted = 0;
            /* Too small a terminal could not show the question: Ctrl-C
             * quits at once there (the record is saved), unasked, so as
             * line mode's Ctrl-C it exits 130, where q exits 0: a script
             * or a shell tells an interrupted game from one left. */
            drop_hint(u);
            if (sig == SIGINT && u->overlay != OV_QUIT && too_small(u))
                u->interrupted = true;
            if (sig != SIGINT || u->overlay == OV_QUIT || too_small(u))
                break;
            ask_quit(u);
        }
        if (u->hinting && play_game_hint_ready(&u->g))
            hint_done(u);
        advance(u);
        draw(u);
        int wait = u->hinting ? 20 : 250; /* a hint is looked at every 20 ms */
        if (u->bot_due && u->overlay == OV_NONE) {
            long long left = u->bot_due - (long long)cli_wall_ms();
            wait = left < 0 ? 0 : left < wait ? (int)left : wait;
        }
        timeout(wait);
        play_resized = 0; /* a resize from here on is read by getch() */
        int ch = getch();
        if (paste_key(u, ch))
            continue;
        if (ch != ERR && !(u->hinting && hint_key(u, ch)))
            handle_key(u, ch);
    }
}

int play_tui(play_opts *o)
{
    setlocale(LC_ALL, "");
    ui *u = calloc(1, sizeof *u);
    if (!u)
        return 1;
    u->o = o;
    u->pace = o->pace_ms;
    /* Known before the match starts: a cmd: bot that fails then (it is
     * started and greeted there) is reported with the ellipsis of a cut
     * (copy_cut), which was '~' in a UTF-8 terminal. */
    const char *cs = nl_langinfo(CODESET);
    u->utf8 = cs && !strcmp(cs, "UTF-8");
    char msg[512];
    uint64_t seed = o->seeded ? o->seed : play_random_seed();
    u->fresh = LS_NO_CARD;
    int made = play_game_new(&u->g, o, seed, ++u->matches, report_bot, u, msg,
                             sizeof msg);
    if (made != 0) {
        char text[sizeof msg + 20];
        snprintf(text, sizeof text, "leastscore play: %s", msg);
        play_err_wrapped(text);
        free(u);
        return made == -2 ? 2 : 1; /* -2: a record that cannot be resumed */
    }
    u->have_game = true;
    if (u->g.resumed) {
        char where[sizeof u->log[0].text];
        /* The file's name alone: a long path is one word wider than the
         * log's column, cut there, with where the match goes on after it. */
        play_resumed_text(&u->g, true, where, sizeof where);
        log_text(u, true, where);
        if (ls_phase(u->g.s) == LS_PHASE_TURN && ls_turn(u->g.s) == 0)
            selection_msg(u);
    }
    init_curses(u);
    run(u);
    end_match(u);
    /* A terminal without an alternate screen (the Linux console, vt100)
     * keeps what was drawn, and what is printed next began at the footer's
     * row, over its end ("Record saved: FILE)  n:go on playing"): the
     * screen is cleared first. Elsewhere the alternate screen goes anyway. */
    erase();
    refresh();
    paste_mode(false);
    endwin();
    int status = u->interrupted ? 128 + SIGINT : 0;
    int first = u->nsaved > SAVED_MAX ? u->nsaved - SAVED_MAX : 0;
    if (first)
        printf("Records saved: %d of earlier matches, then:\n", first);
    for (int i = first; i < u->nsaved; i++) {
        char cmd[PLAY_PATH_MAX * 4 + 64];
        const char *path = u->saved[i % SAVED_MAX];
        printf("Record saved: %s\n", PLAY_SHOWN(path));
        play_resume_command(path, cmd, sizeof cmd);
        if (!u->saved_over[i % SAVED_MAX] && play_resumable(path))
            printf("The match is not over; to go on with it: %s\n", cmd);
    }
    if (*u->fatal) {
        fprintf(stderr, "leastscore play: %s\n", u->fatal);
        status = 1;
    }
    free(u);
    return status;
}
