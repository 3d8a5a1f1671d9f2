/*
 * record.c - game records (docs/record-format.md): a writer that appends
 * statements to a growing text as a match is played, and a reader that
 * replays a whole record through the engine and says where it is wrong.
 *
 * The writer keeps one malloc'd NUL-terminated buffer that only grows; each
 * call appends whole lines or, when memory runs out, nothing at all, so the
 * text is always a valid record prefix.
 *
 * The reader never decides a rule itself: it parses a line into tokens, keeps
 * the record's structure (header, options, players, a deal being given) and
 * hands everything the rules decide to the engine: ls_deal_given() for a
 * deal, ls_apply() for a move, with a draw naming its card so that the
 * engine checks it against the deck (and reshuffles the dead pile, D9). Its
 * own checks exist only to point at the right line with a better message.
 * Error codes: LS_ESYNTAX text that does not parse, LS_ERECORD a record out
 * of shape (header, players, order of statements), LS_EOPTION options,
 * LS_EDEAL deals, LS_EPHASE a statement at the wrong point of the match, and
 * the engine's code (LS_ETURN, LS_ENOTHELD, LS_ESHAPE, ...) for a bad move.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/internal.h"

#define RECORD_VERSION "1"

/* ------------------------------------------------------------------ */
/* Writer                                                              */
/* ------------------------------------------------------------------ */

struct ls_record {
    char *text; /* NUL-terminated, len bytes before the NUL */
    size_t len;
    size_t cap;
};

/* Makes room for `more` bytes and the NUL. Doubling keeps appends O(1)
 * amortized. */
static int reserve(ls_record *rec, size_t more)
{
    if (rec->len + more + 1 <= rec->cap)
        return 0;
    size_t cap = rec->cap ? rec->cap : 256;
    while (cap < rec->len + more + 1)
        cap *= 2;
    char *text = realloc(rec->text, cap);
    if (!text)
        return LS_ENOMEM;
    rec->text = text;
    rec->cap = cap;
    return 0;
}

static int append(ls_record *rec, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int append(ls_record *rec, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return LS_EINVAL;
    if (reserve(rec, (size_t)n) != 0)
        return LS_ENOMEM;
    va_start(ap, fmt);
    vsnprintf(rec->text + rec->len, rec->cap - rec->len, fmt, ap);
    va_end(ap);
    rec->len += (size_t)n;
    return 0;
}

/* Takes the text back to `mark` after a failed multi-line append. */
static int undo(ls_record *rec, size_t mark, int rc)
{
    rec->len = mark;
    rec->text[mark] = '\0';
    return rc;
}

/*
 * Writes the header: the version, an `option` line for each option that
 * differs from the default (in ls_option_names order) and the players.
 * Only a match that has not been dealt yet can be recorded from its start.
 */
ls_record *ls_record_new(const ls_state *s)
{
    if (!s || ls_phase(s) != LS_PHASE_DEAL || ls_round(s) != 0)
        return NULL;
    ls_record *rec = calloc(1, sizeof *rec);
    if (!rec)
        return NULL;
    if (append(rec, "leastscore %s\n", RECORD_VERSION) != 0)
        goto fail;
    ls_rules def = ls_rules_default();
    for (int i = 0; ls_option_names[i]; i++) {
        char have[32], want[32];
        if (ls_rules_get(ls_state_rules(s), ls_option_names[i], have, sizeof have) != 0 ||
            ls_rules_get(&def, ls_option_names[i], want, sizeof want) != 0)
            goto fail;
        if (strcmp(have, want) && append(rec, "option %s %s\n", ls_option_names[i], have) != 0)
            goto fail;
    }
    if (append(rec, "players") != 0)
        goto fail;
    for (int i = 0; i < ls_players(s); i++)
        if (append(rec, " %s", ls_name(s, i)) != 0)
            goto fail;
    if (append(rec, "\n") != 0)
        goto fail;
    return rec;
fail:
    ls_record_free(rec);
    return NULL;
}

void ls_record_free(ls_record *rec)
{
    if (!rec)
        return;
    free(rec->text);
    free(rec);
}

/* Writes `round`, the hand of every remaining seat in seat order and the
 * opening card. s must be just dealt: in a round with no turn played. */
int ls_record_deal(ls_record *rec, const ls_state *s)
{
    if (!rec || !s)
        return LS_EINVAL;
    if (ls_phase(s) != LS_PHASE_TURN || ls_round_turns(s) != 0)
        return LS_EPHASE;
    size_t mark = rec->len;
    char buf[64];
    int rc = append(rec, "round\n");
    for (int i = 0; rc == 0 && i < ls_players(s); i++) {
        if (ls_eliminated(s, i))
            continue;
        ls_cards_str(ls_hand(s, i), buf, sizeof buf);
        rc = append(rec, "hand %s %s\n", ls_name(s, i), buf);
    }
    if (rc == 0) {
        ls_cards_str(ls_open_cards(s), buf, sizeof buf);
        rc = append(rec, "open %s\n", buf);
    }
    return rc == 0 ? 0 : undo(rec, mark, rc);
}

/* Writes `Name <move>`. A draw must name its card (ls_apply() fills it in):
 * a record that does not say what was drawn cannot be replayed. */
int ls_record_move(ls_record *rec, const ls_state *s, int seat, ls_move m)
{
    if (!rec || !s || seat < 0 || seat >= ls_players(s))
        return LS_EINVAL;
    if (m.kind == LS_MOVE_DRAW && m.card == LS_NO_CARD)
        return LS_EINVAL;
    char buf[128];
    int n = ls_move_str(m, buf, sizeof buf);
    if (n < 0 || (size_t)n >= sizeof buf)
        return LS_EINVAL;
    return append(rec, "%s %s\n", ls_name(s, seat), buf);
}

/* Writes "# text"; a line break in text starts another comment line, so a
 * comment can never turn into a statement. */
int ls_record_comment(ls_record *rec, const char *text)
{
    if (!rec || !text)
        return LS_EINVAL;
    size_t mark = rec->len, n = strlen(text);
    if (reserve(rec, 3 * n + 3) != 0) /* worst case: every char a line break */
        return LS_ENOMEM;
    int rc = append(rec, "# ");
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (text[i] == '\r' && text[i + 1] == '\n')
            continue;
        rc = text[i] == '\n' || text[i] == '\r' ? append(rec, "\n# ") : append(rec, "%c", text[i]);
    }
    if (rc == 0)
        rc = append(rec, "\n");
    return rc == 0 ? 0 : undo(rec, mark, rc);
}

const char *ls_record_text(const ls_record *rec, size_t *len)
{
    if (len)
        *len = rec ? rec->len : 0;
    return rec && rec->text ? rec->text : "";
}

/* ------------------------------------------------------------------ */
/* Reader                                                              */
/* ------------------------------------------------------------------ */

enum {
    MAX_LINE = 1024,   /* characters of a statement, before any comment */
    MAX_TOKENS = 32,   /* the longest real statement has 13 */
    MAX_OPTIONS = 16,
};

typedef struct reader {
    ls_error *err;
    int line;                   /* the line being read, 1-based */
    int col;                    /* where in it the error is (point()), or 0 */
    char buf[MAX_LINE];         /* the statement, split in place */
    char *tok[MAX_TOKENS];
    int ntok;

    bool header;                /* `leastscore 1` has been read */
    ls_rules rules;
    int option_line[MAX_OPTIONS]; /* where each option was set, or 0 */
    int players_line;           /* 0 until `players` */
    ls_state *s;                /* created by `players` */

    int round;                  /* rounds started by `round` */
    bool dealing;               /* between `round` and `open` */
    int deal_line;              /* the line of the last `round` */
    int open_line;              /* the line of the last `open` */
    ls_cards hands[LS_MAX_PLAYERS];
    int hand_line[LS_MAX_PLAYERS]; /* 0 until the seat's hand is given */

    ls_round_result *res;       /* completed rounds, malloc'd */
    int nres, capres;
    const ls_record_hooks *hooks; /* or NULL */
} reader;

static int fail(reader *r, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Records the error of the current line, at column r->col; returns code. */
static int fail(reader *r, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ls__vfail(r->err, code, r->line, r->col, fmt, ap);
    va_end(ap);
    return code;
}

/*
 * Points the next error at token i of the statement: the column its first
 * byte is at, or for a token that is missing (i >= ntok) the column just
 * after the last one, where it should have been. The tokens lie in buf
 * where they lay in the line, so the column is their offset from 1.
 * statement() points at the first token before it reads one; a check
 * about another token points at it before it fails.
 */
static void point(reader *r, int i)
{
    int n = r->ntok;
    if (n <= 0 || n > MAX_TOKENS || i < 0) {
        r->col = 1;
        return;
    }
    const char *t = r->tok[i < n ? i : n - 1];
    r->col = (int)(t - r->buf) + 1 + (i < n ? 0 : (int)strlen(t));
}

/* Records the error of the current line as fail() does, with a message
 * that is printable already (the engine's, or built from them): it is not
 * escaped again, which would double its backslashes. A message too long
 * is cut before an escape (\xNN, \\) that does not fit, never inside. */
static int fail_shown(reader *r, int code, const char *shown)
{
    if (r->err) {
        size_t n = ls_printable_cut(shown, sizeof r->err->msg - 1);
        r->err->code = code;
        r->err->line = r->line;
        r->err->column = r->col;
        memcpy(r->err->msg, shown, n);
        r->err->msg[n] = '\0';
    }
    return code;
}

/* Passes on an error the engine reported in e, with a fallback text. */
static int fail_engine(reader *r, int code, const ls_error *e, const char *what)
{
    if (e->msg[0])
        return fail_shown(r, code, e->msg);
    return fail(r, code, "%s: %s", what, ls_strerror(code));
}

/* A hook's answer: non-zero stops the read at this line. */
static int hook_result(reader *r, int rc)
{
    if (rc == 0)
        return 0;
    point(r, 0);
    return fail(r, rc, "stopped by the caller at this line: %s", ls_strerror(rc));
}

static bool is(const char *a, const char *b)
{
    return strcmp(a, b) == 0;
}

/* The word after a player's name that makes a line a move (the engine's
 * move notation is case-insensitive). */
static bool is_move_word(const char *word)
{
    return !strcasecmp(word, "discard") || !strcasecmp(word, "declare");
}

/* Writes "Ann Bob Cid" (the players) into buf. */
static const char *player_list(const reader *r, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < ls_players(r->s) && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "", ls_name(r->s, i));
    return buf;
}

/* "unexpected 'x' after 'round'" when a statement has more than n tokens. */
static int extra_tokens(reader *r, int n)
{
    if (r->ntok <= n)
        return 0;
    char w[LS__WORD_SHOWN + 1];
    point(r, n);
    return fail(r, LS_ESYNTAX, "unexpected '%s' after '%s'%s", ls__word(r->tok[n], w), r->tok[0],
                n > 1 ? " and its arguments" : "");
}

/* Token i as a card. */
static int parse_card(reader *r, int i, ls_card *c)
{
    const char *text = r->tok[i];
    char w[LS__WORD_SHOWN + 1];
    *c = ls_card_parse(text);
    if (*c == LS_NO_CARD) {
        point(r, i);
        return fail(r, LS_ESYNTAX,
                    "'%s' is not a card: a card is a rank A 2-10 J Q K then a suit C D H S, "
                    "like 10H",
                    ls__word(text, w));
    }
    return 0;
}

/* `leastscore 1`: the first statement of every record. */
static int st_header(reader *r)
{
    char w[LS__WORD_SHOWN + 1]; /* a word quoted in a message (ls__word) */
    if (!is(r->tok[0], "leastscore"))
        return fail(r, LS_ERECORD,
                    "not a Least Score record: the first line must be 'leastscore %s', "
                    "not '%s'",
                    RECORD_VERSION, ls__word(r->tok[0], w));
    point(r, 1);
    if (r->ntok < 2)
        return fail(r, LS_ERECORD, "the header has no version: write 'leastscore %s'",
                    RECORD_VERSION);
    if (!is(r->tok[1], RECORD_VERSION))
        return fail(r, LS_ERECORD,
                    "unsupported record version '%s': this reader knows version %s",
                    ls__word(r->tok[1], w), RECORD_VERSION);
    r->header = true;
    return extra_tokens(r, 2);
}

/* `option NAME VALUE`, before `players`, each option at most once. */
static int st_option(reader *r)
{
    char w[LS__WORD_SHOWN + 1]; /* a word quoted in a message (ls__word) */
    if (r->players_line)
        return fail(r, LS_ERECORD,
                    "option after the players line (line %d): options come before 'players'",
                    r->players_line);
    if (r->ntok < 3) {
        point(r, r->ntok);
        return fail(r, LS_ESYNTAX, "option needs a name and a value, like 'option threshold 50'");
    }
    int rc = extra_tokens(r, 3);
    if (rc)
        return rc;
    int k = 0;
    point(r, 1);
    while (ls_option_names[k] && !is(ls_option_names[k], r->tok[1]))
        k++;
    if (!ls_option_names[k] || k >= MAX_OPTIONS) {
        char list[160];
        size_t n = 0;
        list[0] = '\0';
        for (int i = 0; ls_option_names[i] && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
                                  ls_option_names[i]);
        return fail(r, LS_EOPTION, "unknown option '%s': the options are %s",
                    ls__word(r->tok[1], w), list);
    }
    if (r->option_line[k])
        return fail(r, LS_EOPTION, "option %s given twice (first on line %d)", r->tok[1],
                    r->option_line[k]);
    ls_error e = {0};
    point(r, 2);
    if (ls_rules_set(&r->rules, r->tok[1], r->tok[2], &e) != 0)
        return fail(r, LS_EOPTION, "option %s: '%s' is not %s", r->tok[1], ls__word(r->tok[2], w),
                    ls_option_allowed(r->tok[1]));
    r->option_line[k] = r->line;
    return 0;
}

/* `players A B ...`: 2-8 unique valid names; creates the match (seed 0). */
static int st_players(reader *r)
{
    char w[LS__WORD_SHOWN + 1]; /* a word quoted in a message (ls__word) */
    if (r->players_line)
        return fail(r, LS_ERECORD, "players given twice (first on line %d)", r->players_line);
    int n = r->ntok - 1;
    /* Too few: where the next name is missing; too many: the first extra. */
    point(r, n < LS_MIN_PLAYERS ? r->ntok : LS_MAX_PLAYERS + 1);
    if (n < LS_MIN_PLAYERS || n > LS_MAX_PLAYERS)
        return fail(r, LS_ERECORD, "a match has %d to %d players, this line names %d",
                    LS_MIN_PLAYERS, LS_MAX_PLAYERS, n);
    const char *names[LS_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        names[i] = r->tok[i + 1];
        point(r, i + 1);
        if (!ls_name_valid(names[i]))
            return fail(r, LS_ERECORD,
                        "bad player name '%s': a name is 1 to %d letters A-Z "
                        "(no accents), digits, '_' or '-'", ls__word(names[i], w),
                        LS_NAME_MAX);
        for (int j = 0; j < i; j++)
            if (is(names[j], names[i]))
                return fail(r, LS_ERECORD, "player %s is named twice: names must be unique",
                            names[i]);
    }
    ls_error e = {0};
    point(r, 0);
    if (ls_rules_check(&r->rules, n, &e) != 0)
        return fail_engine(r, LS_EOPTION, &e, "the options do not fit this table");
    r->s = ls_state_new(&r->rules, n, names, 0, &e);
    if (!r->s)
        return fail_engine(r, e.code ? e.code : LS_ENOMEM, &e, "cannot create the match");
    r->players_line = r->line;
    return hook_result(r, r->hooks && r->hooks->players
                              ? r->hooks->players(r->hooks->ud, r->s) : 0);
}

/* `round`: starts the deal of the next round. */
static int st_round(reader *r)
{
    int rc = extra_tokens(r, 1);
    if (rc)
        return rc;
    if (r->dealing)
        return fail(r, LS_EDEAL,
                    "'round' again, but round %d's deal (line %d) is not complete: "
                    "its hands and 'open' come first",
                    r->round, r->deal_line);
    if (ls_phase(r->s) == LS_PHASE_TURN)
        return fail(r, LS_EPHASE,
                    "'round' while round %d is still being played: it is %s's turn", r->round,
                    ls_name(r->s, ls_turn(r->s)));
    if (ls_phase(r->s) == LS_PHASE_OVER)
        return fail(r, LS_EPHASE, "'round' after the match has ended: %s has won",
                    ls_name(r->s, ls_winner(r->s)));
    r->round++;
    r->dealing = true;
    r->deal_line = r->line;
    memset(r->hands, 0, sizeof r->hands);
    memset(r->hand_line, 0, sizeof r->hand_line);
    return 0;
}

/* The seat of the player token i names, or an error naming them all. */
static int seat_of(reader *r, int i, int *seat)
{
    const char *name = r->tok[i];
    *seat = ls_seat_of(r->s, name);
    if (*seat >= 0)
        return 0;
    point(r, i);
    char list[LS_MAX_PLAYERS * (LS_NAME_MAX + 1) + 1];
    char w[LS__WORD_SHOWN + 1];
    return fail(r, LS_ERECORD, "unknown player '%s': the players are %s", ls__word(name, w),
                player_list(r, list, sizeof list));
}

/* Outside a deal, `hand` and `open` say where the deal should have been. */
static int not_dealing(reader *r)
{
    if (ls_phase(r->s) == LS_PHASE_TURN)
        return fail(r, LS_EDEAL, "'%s' after round %d's deal ended with 'open' on line %d",
                    r->tok[0], r->round, r->open_line);
    return fail(r, LS_EDEAL, "'%s' outside a deal: a deal starts with a 'round' line",
                r->tok[0]);
}

/* `hand NAME CARDS`: one remaining player's hand, once, of hand_size cards
 * that no other hand holds. */
static int st_hand(reader *r)
{
    if (!r->dealing)
        return not_dealing(r);
    if (r->ntok < 2) {
        point(r, 1);
        return fail(r, LS_ESYNTAX, "hand needs a player and their cards, like 'hand Ann 7H 8H ...'");
    }
    int seat, rc = seat_of(r, 1, &seat);
    if (rc)
        return rc;
    point(r, 1);
    if (ls_eliminated(r->s, seat))
        return fail(r, LS_EDEAL, "%s is out of the match and is dealt no hand", r->tok[1]);
    if (r->hand_line[seat])
        return fail(r, LS_EDEAL, "%s's hand is given twice (first on line %d)", r->tok[1],
                    r->hand_line[seat]);
    ls_cards hand = 0;
    for (int i = 2; i < r->ntok; i++) {
        ls_card c;
        char name[4];
        if ((rc = parse_card(r, i, &c)) != 0)
            return rc;
        point(r, i);
        if (hand & LS_BIT(c))
            return fail(r, LS_EDEAL, "%s appears twice in %s's hand", ls_card_str(c, name),
                        r->tok[1]);
        for (int j = 0; j < ls_players(r->s); j++)
            if (r->hands[j] & LS_BIT(c))
                return fail(r, LS_EDEAL, "%s is dealt twice: it is already in %s's hand (line %d)",
                            ls_card_str(c, name), ls_name(r->s, j), r->hand_line[j]);
        hand |= LS_BIT(c);
    }
    int size = ls_state_rules(r->s)->hand_size;
    /* Too many: the first card over; too few: where the next is missing. */
    point(r, 2 + size < r->ntok ? 2 + size : r->ntok);
    if (ls_cards_count(hand) != size)
        return fail(r, LS_EDEAL, "%s's hand has %d card%s: each player is dealt %d",
                    r->tok[1], ls_cards_count(hand), ls_cards_count(hand) == 1 ? "" : "s",
                    size);
    r->hands[seat] = hand;
    r->hand_line[seat] = r->line;
    return 0;
}

/* The first remaining seat whose hand has not been given, or -1. */
static int missing_hand(const reader *r)
{
    for (int i = 0; i < ls_players(r->s); i++)
        if (!ls_eliminated(r->s, i) && !r->hand_line[i])
            return i;
    return -1;
}

/* `open CARD`: ends the deal; the engine deals the given hands. */
static int st_open(reader *r)
{
    if (!r->dealing)
        return not_dealing(r);
    if (r->ntok < 2) {
        point(r, 1);
        return fail(r, LS_ESYNTAX, "open needs the opening card, like 'open 5S'");
    }
    int rc = extra_tokens(r, 2);
    if (rc)
        return rc;
    int miss = missing_hand(r);
    if (miss >= 0)
        return fail(r, LS_EDEAL, "no hand for %s: every remaining player's hand comes before 'open'",
                    ls_name(r->s, miss));
    ls_card c;
    if ((rc = parse_card(r, 1, &c)) != 0)
        return rc;
    point(r, 1);
    char name[4];
    for (int j = 0; j < ls_players(r->s); j++)
        if (r->hands[j] & LS_BIT(c))
            return fail(r, LS_EDEAL, "the open card %s is also in %s's hand (line %d)",
                        ls_card_str(c, name), ls_name(r->s, j), r->hand_line[j]);
    ls_error e = {0};
    if (ls_deal_given(r->s, r->hands, c, &e) != 0)
        return fail_engine(r, LS_EDEAL, &e, "impossible deal");
    r->dealing = false;
    r->open_line = r->line;
    return hook_result(r, r->hooks && r->hooks->deal ? r->hooks->deal(r->hooks->ud, r->s) : 0);
}

/* Where a card that could not be drawn is: the message for LS_EDRAW. */
static int fail_draw(reader *r, int seat, ls_move m, const ls_error *e)
{
    char name[4], list[192];
    const ls_state *s = r->s;
    const char *who = ls_name(s, seat);
    if (m.card >= 52 || (ls_deck_size(s) == 0 && !ls_dead_cards(s)))
        return fail_engine(r, LS_EDRAW, e, "cannot draw");
    ls_card_str(m.card, name);
    if (m.discard & LS_BIT(m.card))
        return fail(r, LS_EDRAW, "%s cannot draw %s: %s is discarding it", who, name, who);
    for (int i = 0; i < ls_players(s); i++)
        if (ls_hand(s, i) & LS_BIT(m.card))
            return fail(r, LS_EDRAW, "%s cannot draw %s: it is in %s's hand", who, name,
                        ls_name(s, i));
    if (ls_open_cards(s) & LS_BIT(m.card)) {
        ls_cards_str(ls_open_cards(s), list, sizeof list);
        return fail(r, LS_EDRAW, "%s cannot draw %s: it is an open card (open: %s); "
                    "write 'take %s' to take it", who, name, list, name);
    }
    if (ls_dead_cards(s) & LS_BIT(m.card))
        return fail(r, LS_EDRAW, "%s cannot draw %s: it is in the dead pile, not the deck",
                    who, name);
    return fail_engine(r, LS_EDRAW, e, "cannot draw");
}

/* The token a move's error is about: for a card not held, the first
 * discarded card the player does not hold; for a take or a draw, the card
 * after the word; for a set that cannot be discarded, its first card; else
 * the move's first word. */
static int move_token(const reader *r, int code, int seat)
{
    for (int i = 2; i < r->ntok; i++) {
        bool pick = !strcasecmp(r->tok[i], "take") || !strcasecmp(r->tok[i], "draw");
        ls_card c = ls_card_parse(r->tok[i]);
        if (code == LS_ENOTHELD && !pick && c != LS_NO_CARD &&
            !(ls_hand(r->s, seat) & LS_BIT(c)))
            return i;
        if ((code == LS_ETAKE || code == LS_EDRAW) && pick)
            return i + 1 < r->ntok ? i + 1 : i;
    }
    return code == LS_ESHAPE && r->ntok > 2 ? 2 : 1;
}

/* The token a move parser's message quotes past the move's first word
 * ("'9X' is not a card", "'declare' takes nothing after it, got 'now'"),
 * when it is in the move once (else which one is not known); else the
 * move's first word. */
static int quoted_token(const reader *r, const char *msg)
{
    for (const char *a = strchr(msg, '\''), *b; a && (b = strchr(a + 1, '\''));
         a = strchr(b + 1, '\'')) {
        size_t n = (size_t)(b - a - 1);
        int at = 0, found = 0;
        /* A long word is quoted as its head and "..." (ls__word). */
        bool head = n > 3 && !memcmp(b - 3, "...", 3);
        for (int i = 1; i < r->ntok; i++) {
            size_t len = strlen(r->tok[i]);
            bool same = len == n ? !memcmp(r->tok[i], a + 1, n)
                                 : head && len > n - 3 && !memcmp(r->tok[i], a + 1, n - 3);
            if (same) {
                at = i;
                found++;
            }
        }
        if (found == 1 && at >= 2)
            return at;
    }
    return 1;
}

/*
 * `NAME discard CARDS take|draw CARD` or `NAME declare`: a turn, which the
 * engine checks and applies. When it ends a round the result is kept.
 */
static int st_move(reader *r)
{
    ls_state *s = r->s;
    int seat, rc = seat_of(r, 0, &seat);
    if (rc)
        return rc;
    if (r->dealing) {
        int miss = missing_hand(r);
        if (miss >= 0)
            return fail(r, LS_EPHASE,
                        "a move before round %d's deal is complete: expected %s's hand",
                        r->round, ls_name(s, miss));
        return fail(r, LS_EPHASE,
                    "a move before round %d's deal is complete: expected 'open' and the "
                    "opening card",
                    r->round);
    }
    if (ls_phase(s) == LS_PHASE_OVER)
        return fail(r, LS_EPHASE, "a move after the match has ended: %s has won",
                    ls_name(s, ls_winner(s)));
    if (ls_phase(s) != LS_PHASE_TURN) {
        if (r->round == 0)
            return fail(r, LS_EPHASE, "a move before the first round: 'round' and the deal "
                                      "come first");
        return fail(r, LS_EPHASE, "a move after round %d has ended: 'round' and the next "
                                  "deal come first",
                    r->round);
    }
    /* At a round's first move, who starts it (D6): rounds swapped or
     * moved by hand otherwise read as a mere wrong turn. */
    if (seat != ls_turn(s) && ls_round_turns(s) == 0)
        return fail(r, LS_ETURN, "it is %s's turn, not %s's: %s starts round %d (rules.md "
                    "D6: the first seat starts round 1, the next player still in the "
                    "match each later one)", ls_name(s, ls_turn(s)), r->tok[0],
                    ls_name(s, ls_turn(s)), r->round);
    if (seat != ls_turn(s))
        return fail(r, LS_ETURN, "it is %s's turn, not %s's", ls_name(s, ls_turn(s)),
                    r->tok[0]);

    char text[MAX_LINE];
    size_t n = 0;
    text[0] = '\0';
    for (int i = 1; i < r->ntok; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", i > 1 ? " " : "", r->tok[i]);
    ls_move m;
    ls_error e = {0};
    point(r, 1);
    if (r->ntok < 2)
        return fail(r, LS_ESYNTAX, "%s: expected a move after the name: 'discard ...' or "
                                   "'declare'",
                    r->tok[0]);
    if (ls_move_parse(text, &m, &e) != 0) {
        char shown[sizeof e.msg], msg[2 * sizeof e.msg + 16];
        point(r, quoted_token(r, e.msg));
        /* A long move is quoted by its head, so that the reason after it fits. */
        size_t cut = ls_printable_cut(ls_printable(text, shown, sizeof shown), 60);
        if (shown[cut])
            memcpy(shown + cut, "...", 4);
        snprintf(msg, sizeof msg, "bad move '%s': %s", shown,
                 e.msg[0] ? e.msg : "expected 'discard CARDS take CARD', "
                                    "'discard CARDS draw CARD' or 'declare'");
        return fail_shown(r, LS_ESYNTAX, msg);
    }
    if (m.kind == LS_MOVE_DRAW && m.card == LS_NO_CARD) {
        point(r, r->ntok);
        return fail(r, LS_ERECORD,
                    "%s's draw does not name the card drawn: a record says 'draw 4S'",
                    r->tok[0]);
    }
    /* The state is as before a refused move: the hand is still there. */
    rc = ls_apply(s, &m, &e);
    if (rc != 0)
        point(r, move_token(r, rc, seat));
    if (rc == LS_EDRAW)
        return fail_draw(r, seat, m, &e);
    if (rc != 0)
        return fail_engine(r, rc, &e, "illegal move");
    point(r, 0);
    if (ls_phase(s) != LS_PHASE_TURN) {
        if (r->nres == r->capres) {
            int cap = r->capres ? 2 * r->capres : 8;
            ls_round_result *res = realloc(r->res, (size_t)cap * sizeof *res);
            if (!res)
                return fail(r, LS_ENOMEM, "out of memory");
            r->res = res;
            r->capres = cap;
        }
        r->res[r->nres++] = *ls_last_result(s);
    }
    return hook_result(r, r->hooks && r->hooks->move
                              ? r->hooks->move(r->hooks->ud, s, seat, m) : 0);
}

/* In a round, `NAME discard|declare ...` is a move even if NAME is also a
 * keyword: a player may be called `round`. */
static bool move_line(const reader *r)
{
    return r->s && ls_phase(r->s) == LS_PHASE_TURN && r->ntok >= 2 &&
           ls_seat_of(r->s, r->tok[0]) >= 0 &&
           is_move_word(r->tok[1]);
}

static int statement(reader *r)
{
    char w[LS__WORD_SHOWN + 1]; /* a word quoted in a message (ls__word) */
    const char *t = r->tok[0];
    point(r, 0);
    if (!r->header)
        return st_header(r);
    if (move_line(r))
        return st_move(r);
    if (is(t, "leastscore"))
        return fail(r, LS_ERECORD, "a second header: 'leastscore %s' belongs on the first line "
                                   "only",
                    RECORD_VERSION);
    if (is(t, "option"))
        return st_option(r);
    if (is(t, "players"))
        return st_players(r);
    bool keyword = is(t, "round") || is(t, "hand") || is(t, "open");
    if (!r->s) {
        if (keyword || (r->ntok >= 2 && is_move_word(r->tok[1])))
            return fail(r, LS_ERECORD, "'%s' before the players line: 'players' comes first",
                        ls__word(t, w));
        return fail(r, LS_ESYNTAX, "unknown statement '%s': expected 'option' or 'players'",
                    ls__word(t, w));
    }
    if (is(t, "round"))
        return st_round(r);
    if (is(t, "hand"))
        return st_hand(r);
    if (is(t, "open"))
        return st_open(r);
    if (ls_seat_of(r->s, t) >= 0 ||
        (r->ntok >= 2 && is_move_word(r->tok[1])))
        return st_move(r); /* an unknown name is reported there */
    return fail(r, LS_ESYNTAX,
                "unknown statement '%s': expected 'round', 'hand', 'open' or a move "
                "'NAME discard ...'",
                ls__word(t, w));
}

/* Splits one line (without its line break) into tokens: a '#' starts a
 * comment, spaces and tabs separate tokens. */
static int tokenize(reader *r, const char *line, size_t len)
{
    /* Before the comment is cut off: a NUL byte is an error anywhere.
     * It cannot be seen, so the message says where it is. */
    const char *nul = memchr(line, '\0', len);
    r->col = nul ? (int)(nul - line) + 1 : 0;
    if (nul)
        return fail(r, LS_ESYNTAX, "a NUL byte at column %zu: a record is text",
                    (size_t)(nul - line) + 1);
    const char *hash = memchr(line, '#', len);
    if (hash)
        len = (size_t)(hash - line);
    r->col = MAX_LINE; /* the first byte over */
    if (len >= sizeof r->buf)
        return fail(r, LS_ESYNTAX, "line too long: a statement has at most %d characters",
                    MAX_LINE - 1);
    /* A byte order mark past the record's start (two records joined by
     * hand) is invisible in an editor: named as what it is, and where. */
    for (const char *p = line; (p = memchr(p, 0xEF, len - (size_t)(p - line))) != NULL; p++)
        if ((size_t)(line + len - p) >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3)) {
            r->col = (int)(p - line) + 1;
            return fail(r, LS_ESYNTAX, "a UTF-8 byte order mark (bytes EF BB BF) at "
                        "column %d: only a record's very start may have one", r->col);
        }
    memcpy(r->buf, line, len);
    r->buf[len] = '\0';
    r->ntok = 0;
    for (char *p = r->buf;;) {
        while (*p == ' ' || *p == '\t')
            *p++ = '\0';
        if (!*p)
            return 0;
        r->col = (int)(p - r->buf) + 1;
        if (r->ntok == MAX_TOKENS)
            return fail(r, LS_ESYNTAX, "too many tokens: a statement has at most %d",
                        MAX_TOKENS);
        r->tok[r->ntok++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
    }
}

/* The length of the line at text (len bytes to the end of the record),
 * without its line break, whose length goes to *brk (0 for a last line
 * without one). A line ends in LF, CRLF or a CR alone: the last is how
 * old Mac editors end lines, and a record saved so was read as one long
 * line, refused with a message about its first statement. */
static size_t line_length(const char *text, size_t len, size_t *brk)
{
    size_t n = 0;
    while (n < len && text[n] != '\n' && text[n] != '\r')
        n++;
    if (n == len)
        *brk = 0;
    else if (text[n] == '\r' && n + 1 < len && text[n + 1] == '\n')
        *brk = 2;
    else
        *brk = 1;
    return n;
}

/* An error in a last line that has no line break may be the record's
 * being cut inside that line (a copy or a download that stopped), which
 * the error alone does not say ("bad move 'disca'"): it is said after the
 * reason, when the message has room for it. */
static void cut_short(ls_error *err)
{
    static const char note[] = " (the record ends inside this line, with no line break "
                               "after it: is it cut short?)";
    size_t n = strlen(err->msg);
    if (n + sizeof note <= sizeof err->msg)
        memcpy(err->msg + n, note, sizeof note);
}

/* What a record must have once all its lines are read. `last` is the number
 * of its last line. */
static int at_end(reader *r, int last)
{
    r->line = last > 0 ? last : 1;
    r->col = 0; /* what is missing has no place in a line */
    if (!r->header)
        return fail(r, LS_ERECORD, "empty record: the first line must be 'leastscore %s'",
                    RECORD_VERSION);
    if (!r->s)
        return fail(r, LS_ERECORD, "the record ends before the players line");
    if (r->dealing)
        return fail(r, LS_EDEAL, "the record ends inside round %d's deal (line %d): "
                                 "the hands and 'open' must be complete",
                    r->round, r->deal_line);
    return 0;
}

/*
 * Reads the record line by line, stopping at the first error. O(length of
 * the text) plus the engine's work per move. On error nothing is left
 * allocated and err says the line; on success the caller owns *out and
 * *results (NULL when no round was completed).
 */
int ls_record_read(const char *text, size_t len, ls_state **out, ls_round_result **results,
                   int *nresults, ls_error *err)
{
    return ls_record_replay(text, len, NULL, out, results, nresults, err);
}

int ls_record_replay(const char *text, size_t len, const ls_record_hooks *hooks,
                     ls_state **out, ls_round_result **results, int *nresults,
                     ls_error *err)
{
    ls_error local;
    reader *r = calloc(1, sizeof *r);
    if (!err)
        err = &local;
    memset(err, 0, sizeof *err);
    if (out)
        *out = NULL;
    if (results)
        *results = NULL;
    if (nresults)
        *nresults = 0;
    if (!r) {
        err->code = LS_ENOMEM;
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return LS_ENOMEM;
    }
    r->err = err;
    r->hooks = hooks;
    r->rules = ls_rules_default();
    int rc = 0;
    if (!text || !out) {
        rc = fail(r, LS_EINVAL, "no record text or no place for the state");
        goto out;
    }

    /* A UTF-8 byte order mark, which some Windows editors write at the
     * start of a text file, is not part of the first line. */
    size_t pos = len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
    int last = 0;
    while (pos < len) {
        const char *line = text + pos;
        size_t brk, n = line_length(line, len - pos, &brk);
        pos += n + brk;
        r->line = ++last;
        if ((rc = tokenize(r, line, n)) == 0 && r->ntok)
            rc = statement(r);
        if (rc != 0) {
            if (brk == 0)
                cut_short(err);
            goto out;
        }
    }
    if ((rc = at_end(r, last)) != 0)
        goto out;

    *out = r->s;
    r->s = NULL;
    if (nresults)
        *nresults = r->nres;
    if (results) {
        *results = r->res;
        r->res = NULL;
    }
out:
    if (r->s)
        ls_state_free(r->s);
    free(r->res);
    free(r);
    return rc;
}
