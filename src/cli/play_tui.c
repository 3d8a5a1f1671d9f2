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
 * Signals: SIGINT (Ctrl-C) opens the quit question; a second one, SIGTERM
 * or SIGHUP quit at once. Every way out saves the record, ends curses and
 * then prints where the record is.
 */
#include <langinfo.h>
#include <stdarg.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curses.h>

#include "cli/play.h"

#define MIN_COLS 80
#define LOG_MAX 64
#define CARD_W 5  /* a card box: border, 3 columns of face, border */
#define CARD_STEP 6
#define BOX_MAX 24

enum { OV_NONE, OV_HELP, OV_QUIT, OV_ROUND, OV_OVER };
enum { ROW_HAND, ROW_PICK };
enum { HIT_HAND, HIT_OPEN, HIT_DECK };
enum { C_RED = 1, C_BLACK, C_BACK, C_TITLE, C_ERR, C_OK, C_SEL };

typedef struct log_entry {
    int round;   /* 0: a text line */
    int seat;
    ls_move move;
    char text[96];
} log_entry;

/* A screen rectangle the mouse can hit. */
typedef struct hit_box {
    int y, x, h, w, kind, idx;
} hit_box;

typedef struct ui {
    const play_opts *o;
    play_game g;
    bool have_game;
    bool utf8;
    bool colors;
    int pace;                 /* ms between computer moves */
    long long bot_due;        /* when the bot to move moves; 0 = not set */
    int overlay;
    int row;                  /* ROW_HAND or ROW_PICK */
    int cursor;               /* index in the current row */
    ls_cards selected;
    char msg[300];
    int msg_color;            /* C_ERR, C_OK or 0 */
    log_entry log[LOG_MAX];
    int nlog;                 /* entries ever added; log[i % LOG_MAX] */
    hit_box box[BOX_MAX];
    int nbox;
    char saved[8][PLAY_PATH_MAX]; /* records saved, shown after curses */
    int nsaved;
    int matches;              /* matches started */
    bool quit;
} ui;

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

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

static void set_color(const ui *u, int pair, bool on)
{
    if (!u->colors || !pair)
        return;
    if (on)
        attron(COLOR_PAIR(pair));
    else
        attroff(COLOR_PAIR(pair));
}

static void set_msg(ui *u, int color, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_msg(ui *u, int color, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->msg, sizeof u->msg, fmt, ap);
    va_end(ap);
    u->msg_color = color;
}

/* Prints cards inline ("7♥ 8♥ 9♥") in their colours from (y, x); returns
 * the column after the last. */
static int inline_cards(const ui *u, int y, int x, ls_cards set, int maxx)
{
    if (!set) {
        mvaddstr(y, x, "-");
        return x + 1;
    }
    move(y, x);
    for (ls_cards s = set; s; s &= s - 1) {
        ls_card c = ls_cards_first(s);
        int w = (int)strlen(rank_str(c)) + 1;
        if (x + w > maxx)
            break;
        set_color(u, card_color(c), true);
        mvprintw(y, x, "%s%s", rank_str(c), suit_str(u, LS_SUIT(c)));
        set_color(u, card_color(c), false);
        x += w + 1;
    }
    return x;
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
 * hand (label, a row for raised cards, 3 rows, cursor), message, footer. */
static int rows_needed(int nplayers)
{
    return 1 + nplayers + 1 + 5 + 6 + 1 + 1;
}

static bool too_small(const ui *u)
{
    return COLS < MIN_COLS || LINES < rows_needed(ls_players(u->g.s));
}

static void draw_too_small(const ui *u)
{
    erase();
    int need = rows_needed(ls_players(u->g.s));
    const char *l1 = "The terminal is too small for Least Score.";
    char l2[96], l3[] = "Enlarge the window, or press q to quit.";
    snprintf(l2, sizeof l2, "It is %dx%d; the game needs at least %dx%d.", COLS,
             LINES, MIN_COLS, need);
    int y = LINES / 2 - 1;
    mvaddnstr(y > 0 ? y : 0, 0, l1, COLS);
    mvaddnstr(y + 1, 0, l2, COLS);
    mvaddnstr(y + 2, 0, l3, COLS);
}

static void draw_title(const ui *u, const ls_view *v)
{
    set_color(u, C_TITLE, true);
    attron(A_BOLD);
    mvhline(0, 0, ' ', COLS);
    mvprintw(0, 1, "Least Score   round %d   out above %d points   you: %d points%s",
             v->round, v->rules.threshold, v->score[0],
             v->eliminated & 1u ? " (out)" : "");
    char right[48];
    snprintf(right, sizeof right, "seed %llu ", (unsigned long long)u->g.seed);
    mvaddstr(0, COLS - (int)strlen(right), right);
    attroff(A_BOLD);
    set_color(u, C_TITLE, false);
}

static void draw_table(const ui *u, const ls_view *v, int y)
{
    attron(A_DIM);
    mvprintw(y, 2, "%-18s %5s %7s   %s", "player", "cards", "points", "last discard");
    attroff(A_DIM);
    for (int i = 1; i < v->nplayers; i++) {
        int row = y + i;
        bool out = v->eliminated >> i & 1;
        if (v->turn == i)
            attron(A_BOLD);
        mvprintw(row, 0, "%s %-18s", v->turn == i ? ">" : " ", v->names[i]);
        if (out) {
            attron(A_DIM);
            mvprintw(row, 21, "  out %7d", v->score[i]);
            attroff(A_DIM);
        } else {
            mvprintw(row, 21, "%5d %7d   ", v->hand_size[i], v->score[i]);
            int x = inline_cards(u, row, 37, v->last_discard[i], COLS - 20);
            if (v->known[i] && x < COLS - 18) {
                mvaddstr(row, x + 1, "holds ");
                inline_cards(u, row, x + 7, v->known[i], COLS - 1);
            }
        }
        if (v->turn == i)
            attroff(A_BOLD);
    }
}

/* The open cards and the deck, and the log to the right. */
static void draw_pickup(ui *u, const ls_view *v, int y, bool my_turn)
{
    mvaddstr(y, 2, "Open cards");
    int n = 0;
    for (ls_cards s = v->open; s; s &= s - 1, n++) {
        int x = 2 + n * CARD_STEP;
        ls_card c = ls_cards_first(s);
        draw_card(u, y + 1, x, c, false);
        add_box(u, y + 1, x, 3, CARD_W, HIT_OPEN, n);
        if (my_turn)
            mvprintw(y + 4, x + 2, "%d", n + 1);
    }
    int dx = 2 + (n < 3 ? 3 : n) * CARD_STEP + 2;
    mvprintw(y, dx, "Deck: %d", v->deck_size);
    draw_deck(u, y + 1, dx, v->deck_size);
    add_box(u, y + 1, dx, 3, CARD_W, HIT_DECK, 0);
    if (my_turn)
        mvaddstr(y + 4, dx + 2, "d");
    if (my_turn && u->row == ROW_PICK) {
        int cx = u->cursor < n ? 2 + u->cursor * CARD_STEP : dx;
        attron(A_BOLD);
        mvaddstr(y + 4, cx, u->utf8 ? "\u25b2\u25b2\u25b2" : "^^^");
        attroff(A_BOLD);
    }
}

static void draw_hand(ui *u, const ls_view *v, int y, bool my_turn)
{
    mvprintw(y, 2, "Your hand: total %d", v->hand_total);
    if (u->selected && my_turn) {
        ls_cards keep = v->hand & ~u->selected;
        printw("   (discarding leaves %d + the card you pick up)", ls_cards_total(keep));
    }
    int i = 0;
    for (ls_cards s = v->hand; s; s &= s - 1, i++) {
        ls_card c = ls_cards_first(s);
        bool sel = u->selected & LS_BIT(c);
        int x = 2 + i * CARD_STEP;
        draw_card(u, y + (sel ? 1 : 2), x, c, sel);
        add_box(u, y + 1, x, 4, CARD_W, HIT_HAND, i);
        if (my_turn && u->row == ROW_HAND && u->cursor == i) {
            attron(A_BOLD);
            mvaddstr(y + 5, x + 1, u->utf8 ? "\u25b2\u25b2\u25b2" : "^^^");
            attroff(A_BOLD);
        }
    }
}

static void draw_log(const ui *u, int top, int bottom, int x)
{
    int w = COLS - x - 1;
    if (w < 20 || bottom <= top)
        return;
    attron(A_DIM);
    mvaddstr(top, x, "Last moves");
    attroff(A_DIM);
    int rows = bottom - top - 1;
    int first = u->nlog - rows;
    if (first < 0)
        first = 0;
    if (first < u->nlog - LOG_MAX)
        first = u->nlog - LOG_MAX;
    for (int i = first, y = top + 1; i < u->nlog; i++, y++) {
        const log_entry *e = &u->log[i % LOG_MAX];
        if (!e->round) {
            attron(A_BOLD);
            mvaddnstr(y, x, e->text, w);
            attroff(A_BOLD);
            continue;
        }
        const char *who = ls_name(u->g.s, e->seat);
        if (i == u->nlog - 1)
            attron(A_BOLD);
        mvaddnstr(y, x, who, 10);
        int cx = x + (int)strlen(who) + 1;
        if (e->move.kind == LS_MOVE_DECLARE) {
            mvaddstr(y, cx, "declares");
        } else {
            cx = inline_cards(u, y, cx, e->move.discard, COLS - 12);
            if (e->move.kind == LS_MOVE_TAKE) {
                mvaddstr(y, cx, "took ");
                inline_cards(u, y, cx + 5, LS_BIT(e->move.card), COLS - 1);
            } else if (e->move.card != LS_NO_CARD) {
                mvaddstr(y, cx, "drew ");
                inline_cards(u, y, cx + 5, LS_BIT(e->move.card), COLS - 1);
            } else {
                mvaddstr(y, cx, "drew");
            }
        }
        if (i == u->nlog - 1)
            attroff(A_BOLD);
    }
}

static void draw_footer(const ui *u, const ls_view *v, bool my_turn)
{
    char keys[200];
    if (my_turn)
        snprintf(keys, sizeof keys,
                 " space:select 1-5:take d:draw %sh:hint ?:help -/+:pace %dms q:quit",
                 v->can_declare ? "x:DECLARE " : "", u->pace);
    else
        snprintf(keys, sizeof keys, " Enter:skip wait  -/+:pace %dms  ?:help  q:quit",
                 u->pace);
    set_color(u, C_TITLE, true);
    mvhline(LINES - 1, 0, ' ', COLS);
    mvaddnstr(LINES - 1, 0, keys, COLS);
    set_color(u, C_TITLE, false);
}

/* A framed window in the middle of the screen, cleared. */
static WINDOW *overlay_win(const ui *u, int h, int w)
{
    if (h > LINES)
        h = LINES;
    if (w > COLS)
        w = COLS;
    WINDOW *win = newwin(h, w, (LINES - h) / 2, (COLS - w) / 2);
    werase(win);
    if (u->utf8)
        box(win, 0, 0);
    else
        wborder(win, '|', '|', '-', '-', '+', '+', '+', '+');
    return win;
}

static void win_cards(const ui *u, WINDOW *win, int y, int x, ls_cards set)
{
    wmove(win, y, x);
    for (ls_cards s = set; s; s &= s - 1) {
        ls_card c = ls_cards_first(s);
        if (u->colors)
            wattron(win, COLOR_PAIR(card_color(c)));
        wprintw(win, "%s%s ", rank_str(c), suit_str(u, LS_SUIT(c)));
        if (u->colors)
            wattroff(win, COLOR_PAIR(card_color(c)));
    }
}

static void draw_round(const ui *u)
{
    const ls_state *s = u->g.s;
    const ls_round_result *r = ls_last_result(s);
    int n = ls_players(s);
    WINDOW *w = overlay_win(u, n + 9, 72);
    wattron(w, A_BOLD);
    if (r->declarer < 0)
        mvwprintw(w, 1, 2, "Round %d: turn limit reached, %s has the lowest hand",
                  r->round, ls_name(s, r->lowest));
    else
        mvwprintw(w, 1, 2, "Round %d: %s declared with %d: %s", r->round,
                  r->declarer == 0 ? "you" : ls_name(s, r->declarer),
                  r->hand_total[r->declarer], r->correct ? "CORRECT" : "FALSE");
    wattroff(w, A_BOLD);
    mvwprintw(w, 3, 2, "%-16s %-22s %5s %6s %7s", "player", "hand", "total",
              "scores", "points");
    for (int i = 0, y = 4; i < n; i++) {
        if (!(r->players >> i & 1))
            continue;
        if (i == r->lowest)
            wattron(w, A_BOLD);
        mvwprintw(w, y, 2, "%-16s", ls_name(s, i));
        win_cards(u, w, y, 19, r->hand[i]);
        mvwprintw(w, y, 42, "%5d %6d %7d %s", r->hand_total[i], r->score[i],
                  r->total[i], r->eliminated >> i & 1 ? "OUT" : "");
        if (i == r->lowest)
            wattroff(w, A_BOLD);
        y++;
    }
    int y = n + 5;
    char outs[128] = "";
    for (int i = 0; i < n; i++)
        if (r->eliminated >> i & 1)
            snprintf(outs + strlen(outs), sizeof outs - strlen(outs), "%s%s",
                     *outs ? ", " : "", ls_name(s, i));
    if (*outs)
        mvwprintw(w, y, 2, "Out (above %d points): %s", ls_state_rules(s)->threshold,
                  outs);
    mvwprintw(w, n + 7, 2, "Press Enter to continue.");
    wnoutrefresh(w);
    delwin(w);
}

static void draw_over(const ui *u)
{
    const ls_state *s = u->g.s;
    int n = ls_players(s), win = ls_winner(s);
    WINDOW *w = overlay_win(u, n + 10, 70);
    wattron(w, A_BOLD);
    if (win == 0)
        mvwprintw(w, 1, 2, "You win the match!");
    else
        mvwprintw(w, 1, 2, "%s wins the match.", ls_name(s, win));
    wattroff(w, A_BOLD);
    mvwprintw(w, 3, 2, "Final points:");
    for (int i = 0; i < n; i++)
        mvwprintw(w, 4 + i, 4, "%-16s %5d %s", ls_name(s, i), ls_score(s, i),
                  i == win ? "winner" : "out");
    mvwprintw(w, n + 5, 2, "Record: %.60s", u->g.path);
    wattron(w, A_BOLD);
    mvwprintw(w, n + 7, 2, "Play again? (y/n)");
    wattroff(w, A_BOLD);
    wnoutrefresh(w);
    delwin(w);
}

static void draw_help(const ui *u)
{
    WINDOW *w = overlay_win(u, LINES, COLS);
    int y = 1;
    wattron(w, A_BOLD);
    mvwprintw(w, y++, 2, "Least Score - help");
    wattroff(w, A_BOLD);
    y++;
    const char *p = play_rules_text;
    while (*p && y < LINES - 12) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        mvwprintw(w, y++, 2, "%.*s", len < COLS - 4 ? len : COLS - 4, p);
        p += len + (nl ? 1 : 0);
    }
    static const char *const keys[] = {
        "Left/Right  move along your hand (or the open cards and deck)",
        "Up/Down     switch between your hand and the open cards/deck",
        "Space       select or unselect a card (mouse: click it)",
        "1-5         discard the selection and take that open card",
        "d           discard the selection and draw from the deck",
        "Enter       on the open cards/deck: take or draw",
        "x           declare (shown only when you may)",
        "h           hint: the computer's move and its chance a declare is right",
        "c / Esc     clear the selection     - / +  faster / slower computers",
        "?           this help               q  quit (the record is saved)",
    };
    y++;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0] && y < LINES - 2; i++)
        mvwprintw(w, y++, 2, "%.*s", COLS - 4, keys[i]);
    mvwprintw(w, LINES - 2, 2, "Press any key to go back.");
    wnoutrefresh(w);
    delwin(w);
}

static void draw_quit(const ui *u)
{
    WINDOW *w = overlay_win(u, 5, 50);
    mvwprintw(w, 1, 2, "Quit this game?");
    mvwprintw(w, 2, 2, "The record is saved. (y/n)");
    wnoutrefresh(w);
    delwin(w);
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
    /* The hand sits just above the message line, the open cards halfway
     * between the table and the hand. */
    int hy = LINES - 2 - 6;
    int top = 1 + v.nplayers + 1, y = top + (hy - 5 - top) / 2;
    draw_pickup(u, &v, y, my_turn);
    draw_hand(u, &v, hy, my_turn);
    draw_log(u, top, LINES - 2, 50);
    int my = LINES - 2;
    if (v.phase == LS_PHASE_TURN && v.turn != 0 && !*u->msg)
        mvprintw(my, 2, "%s is playing...", v.names[v.turn]);
    set_color(u, u->msg_color, true);
    if (u->msg_color == C_ERR)
        attron(A_BOLD);
    mvaddnstr(my, 2, u->msg, COLS - 3);
    attroff(A_BOLD);
    set_color(u, u->msg_color, false);
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

static void log_text(ui *u, const char *text)
{
    log_entry *e = &u->log[u->nlog++ % LOG_MAX];
    memset(e, 0, sizeof *e);
    snprintf(e->text, sizeof e->text, "%s", text);
}

static void log_move(ui *u, int seat, ls_move m)
{
    log_entry *e = &u->log[u->nlog++ % LOG_MAX];
    e->round = ls_round(u->g.s);
    e->seat = seat;
    e->move = m;
    if (seat != 0 && m.kind == LS_MOVE_DRAW)
        e->move.card = LS_NO_CARD; /* only the drawer sees it */
}

static void save(ui *u)
{
    char msg[512];
    if (play_game_save(&u->g, msg, sizeof msg) != 0)
        set_msg(u, C_ERR, "%s", msg);
}

/* The live message about the selection. */
static void selection_msg(ui *u)
{
    const ls_rules *r = ls_state_rules(u->g.s);
    ls_error err = {0};
    char buf[64];
    if (!u->selected)
        set_msg(u, 0, "Select the cards to discard (space), then take an open "
                      "card (1-5) or draw (d).");
    else if (ls_discard_ok(u->selected, r, &err))
        set_msg(u, C_OK, "Discard %s (%d points): now take an open card (1-5) "
                         "or draw (d).",
                play_cards(u->selected, buf, sizeof buf),
                ls_cards_total(u->selected));
    else
        set_msg(u, C_ERR, "Not a legal discard: %s", err.msg);
}

static void after_move(ui *u, int seat, ls_move m)
{
    log_move(u, seat, m);
    u->bot_due = 0;
    if (ls_phase(u->g.s) != LS_PHASE_TURN) {
        save(u);
        /* Once you are out, the others' rounds pass without stopping;
         * the last one is shown with the match's end. */
        const ls_round_result *r = ls_last_result(u->g.s);
        if ((r->players & 1u) || ls_phase(u->g.s) == LS_PHASE_OVER)
            u->overlay = OV_ROUND;
        u->msg[0] = '\0';
        return;
    }
    if (ls_turn(u->g.s) == 0) {
        u->row = ROW_HAND;
        u->cursor = 0;
        u->selected = 0;
        selection_msg(u);
    } else {
        u->msg[0] = '\0';
    }
}

static void human_move(ui *u, ls_move m)
{
    ls_error err = {0};
    if (m.kind != LS_MOVE_DECLARE && !u->selected) {
        set_msg(u, C_ERR, "Select the cards to discard first (space).");
        return;
    }
    if (play_game_apply(&u->g, &m, &err) != 0) {
        char msg[300];
        play_personal(&u->g, err.msg, msg, sizeof msg);
        set_msg(u, C_ERR, "%s", msg);
        return;
    }
    after_move(u, 0, m);
}

static void take_open(ui *u, int idx)
{
    ls_cards open = ls_open_cards(u->g.s);
    for (int i = 0; open && i < idx; i++)
        open &= open - 1;
    if (!open) {
        set_msg(u, C_ERR, "There is no open card %d.", idx + 1);
        return;
    }
    human_move(u, (ls_move){u->selected, LS_MOVE_TAKE, ls_cards_first(open)});
}

static void show_hint(ui *u)
{
    set_msg(u, 0, "Thinking...");
    draw(u);
    ls_move m;
    double chance;
    ls_error err = {0};
    if (play_game_hint(&u->g, &m, &chance, &err) != 0) {
        set_msg(u, C_ERR, "No hint: %s", err.msg);
        return;
    }
    char buf[64], odds[64] = "";
    ls_move_str(m, buf, sizeof buf);
    if (chance >= 0)
        snprintf(odds, sizeof odds, "; declaring now: %.0f%% likely correct",
                 100 * chance);
    if (m.kind != LS_MOVE_DECLARE)
        u->selected = m.discard;
    set_msg(u, C_OK, "Hint (%s): %s%s", u->g.advisor->ops->kind, buf, odds);
}

static int hand_count(const ui *u)
{
    return ls_cards_count(ls_hand(u->g.s, 0));
}

static int pick_count(const ui *u)
{
    return ls_cards_count(ls_open_cards(u->g.s)) + 1;
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

static void my_turn_key(ui *u, int ch)
{
    int n = u->row == ROW_HAND ? hand_count(u) : pick_count(u);
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
    case 'X': {
        ls_move m = {0, LS_MOVE_DECLARE, LS_NO_CARD};
        ls_error err = {0};
        char why[300];
        if (ls_check(u->g.s, m, &err) == 0) {
            human_move(u, m);
        } else {
            play_personal(&u->g, err.msg, why, sizeof why);
            set_msg(u, C_ERR, "%s.", why);
        }
        break;
    }
    case 'c':
    case 27:
        u->selected = 0;
        selection_msg(u);
        break;
    case 'h':
        show_hint(u);
        break;
    default:
        if (ch >= '1' && ch <= '9')
            take_open(u, ch - '1');
        break;
    }
}

static int new_match(ui *u, uint64_t seed)
{
    char msg[512];
    if (play_game_new(&u->g, u->o, seed, ++u->matches, msg, sizeof msg) != 0) {
        set_msg(u, C_ERR, "%s", msg);
        return -1;
    }
    u->have_game = true;
    u->overlay = OV_NONE;
    u->nlog = 0;
    u->bot_due = 0;
    u->msg[0] = '\0';
    return 0;
}

static void end_match(ui *u)
{
    if (!u->have_game)
        return;
    save(u);
    if (u->g.saved && u->nsaved < 8)
        snprintf(u->saved[u->nsaved++], PLAY_PATH_MAX, "%s", u->g.path);
    play_game_free(&u->g);
    u->have_game = false;
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
        snprintf(line, sizeof line, "-- round %d: %s start%s --", ls_round(s),
                 st == 0 ? "you" : ls_name(s, st), st == 0 ? "" : "s");
        log_text(u, line);
        u->selected = 0;
        u->row = ROW_HAND;
        u->cursor = 0;
        if (ls_turn(s) == 0)
            selection_msg(u);
    }
    if (ls_phase(s) != LS_PHASE_TURN || ls_turn(s) == 0)
        return;
    long long now = now_ms();
    if (!u->bot_due) {
        u->bot_due = now + (ls_eliminated(s, 0) ? u->pace / 4 : u->pace);
        return;
    }
    if (now < u->bot_due)
        return;
    int seat = ls_turn(s);
    ls_move m = play_game_bot_move(&u->g);
    ls_error err = {0};
    if (play_game_apply(&u->g, &m, &err) != 0) {
        set_msg(u, C_ERR, "%s made an illegal move: %s", ls_name(s, seat), err.msg);
        return;
    }
    after_move(u, seat, m);
}

static void handle_key(ui *u, int ch)
{
    if (ch == KEY_RESIZE)
        return;
    if (too_small(u)) {
        if (ch == 'q' || ch == 'Q')
            u->quit = true;
        return;
    }
    switch (u->overlay) {
    case OV_HELP:
        u->overlay = OV_NONE;
        return;
    case OV_QUIT:
        if (ch == 'y' || ch == 'Y')
            u->quit = true;
        else if (ch == 'n' || ch == 'N' || ch == 27 || ch == 'q')
            u->overlay = OV_NONE;
        return;
    case OV_ROUND:
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') {
            u->overlay = ls_phase(u->g.s) == LS_PHASE_OVER ? OV_OVER : OV_NONE;
            if (ls_phase(u->g.s) == LS_PHASE_OVER)
                save(u);
        } else if (ch == 'q')
            u->overlay = OV_QUIT;
        return;
    case OV_OVER:
        if (ch == 'y' || ch == 'Y') {
            uint64_t seed = u->o->seeded ? u->g.seed + 1 : play_random_seed();
            end_match(u);
            if (new_match(u, seed) != 0)
                u->quit = true;
        } else if (ch == 'n' || ch == 'N' || ch == 'q' || ch == 27)
            u->quit = true;
        return;
    }
    switch (ch) {
    case 'q':
    case 'Q':
    case 3: /* Ctrl-C when it arrives as a key */
        u->overlay = OV_QUIT;
        return;
    case '?':
    case KEY_F(1):
        u->overlay = OV_HELP;
        return;
    case '+':
    case '=':
        u->pace = u->pace < 100 ? u->pace + 50 : u->pace * 3 / 2;
        if (u->pace > 10000)
            u->pace = 10000;
        return;
    case '-':
    case '_':
        u->pace = u->pace <= 100 ? (u->pace > 50 ? u->pace - 50 : 0) : u->pace * 2 / 3;
        return;
    case KEY_MOUSE: {
        MEVENT ev;
        if (getmouse(&ev) == OK && (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) &&
            ls_phase(u->g.s) == LS_PHASE_TURN && ls_turn(u->g.s) == 0)
            click(u, ev.y, ev.x);
        return;
    }
    }
    if (ls_phase(u->g.s) != LS_PHASE_TURN)
        return;
    if (ls_turn(u->g.s) == 0)
        my_turn_key(u, ch);
    else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ' || ch == '.')
        u->bot_due = 1; /* move now */
}

static void init_curses(ui *u)
{
    const char *cs = nl_langinfo(CODESET);
    u->utf8 = cs && !strcmp(cs, "UTF-8");
    initscr();
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
    mouseinterval(0);
    u->colors = has_colors();
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

static void run(ui *u)
{
    while (!u->quit) {
        if (play_interrupted) {
            int sig = play_interrupted;
            play_interrupted = 0;
            if (sig != SIGINT || u->overlay == OV_QUIT)
                break;
            u->overlay = OV_QUIT;
        }
        advance(u);
        draw(u);
        int wait = 250;
        if (u->bot_due && u->overlay == OV_NONE) {
            long long left = u->bot_due - now_ms();
            wait = left < 0 ? 0 : left < 250 ? (int)left : 250;
        }
        timeout(wait);
        int ch = getch();
        if (ch != ERR)
            handle_key(u, ch);
    }
}

int play_tui(const play_opts *o)
{
    setlocale(LC_ALL, "");
    ui *u = calloc(1, sizeof *u);
    if (!u)
        return 1;
    u->o = o;
    u->pace = o->pace_ms;
    char msg[512];
    uint64_t seed = o->seeded ? o->seed : play_random_seed();
    if (play_game_new(&u->g, o, seed, ++u->matches, msg, sizeof msg) != 0) {
        fprintf(stderr, "leastscore play: %s\n", msg);
        free(u);
        return 1;
    }
    u->have_game = true;
    init_curses(u);
    run(u);
    end_match(u);
    endwin();
    int status = 0;
    for (int i = 0; i < u->nsaved; i++)
        printf("Record saved: %s\n", u->saved[i]);
    if (u->msg_color == C_ERR && *u->msg && !u->nsaved) {
        fprintf(stderr, "leastscore play: %s\n", u->msg);
        status = 1;
    }
    free(u);
    return status;
}
