/*
 * cards.c - cards, card sets and moves as text.
 *
 * A card is rank * 4 + suit; a set is a 64-bit mask (see leastscore.h).
 * Text is rank then suit, "AS 10H QD" canonically; input is
 * case-insensitive and takes "T" for 10. Moves are written in the record
 * notation: "discard 7H 8H 9H take 5S", "discard KD draw [4S]", "declare".
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/internal.h"

static const char *const rank_names[13] = {"A", "2", "3", "4", "5", "6", "7",
                                           "8", "9", "10", "J", "Q", "K"};
static const char suit_names[4] = {'C', 'D', 'H', 'S'};

int ls_card_value(ls_card c)
{
    int rank = LS_RANK(c);
    return rank < 9 ? rank + 1 : 10;
}

/*
 * Without a loop (hand totals are taken at the end of every round, and a
 * loop's exit mispredicts): each rank's nibble becomes its count of cards
 * (SWAR), the counts of the even ranks A 3 5 7 9 J K go one to a byte, the
 * odd ranks 2 4 6 8 10 Q likewise, and one multiplication by the values
 * in reverse byte order sums count * value into one byte of the product.
 * No byte of it can carry into the next: 4 cards of every rank total 340,
 * at most 180 of it from either half. Bits that are not cards count 0.
 */
int ls_cards_total(ls_cards set)
{
    uint64_t c = set - ((set >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    uint64_t even = c & 0x000F0F0F0F0F0F0Full;      /* ranks 0 2 .. 12 */
    uint64_t odd = (c >> 4) & 0x00000F0F0F0F0F0Full; /* ranks 1 3 .. 11 */
    uint64_t e = (even * 0x01030507090A0Aull) >> 48 & 0xFF;
    uint64_t o = (odd * 0x020406080A0Aull) >> 40 & 0xFF;
    return (int)(e + o);
}

/* Portable SWAR population count: without -mpopcnt the compiler's builtin
 * is a library call, several times slower on this hot path. */
int ls_cards_count(ls_cards set)
{
    set = set - ((set >> 1) & 0x5555555555555555ull);
    set = (set & 0x3333333333333333ull) + ((set >> 2) & 0x3333333333333333ull);
    set = (set + (set >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((set * 0x0101010101010101ull) >> 56);
}

ls_card ls_cards_first(ls_cards set)
{
    return set ? (ls_card)__builtin_ctzll(set) : LS_NO_CARD;
}

char *ls_card_str(ls_card c, char buf[4])
{
    if (c >= 52) {
        strcpy(buf, "??");
        return buf;
    }
    snprintf(buf, 4, "%s%c", rank_names[LS_RANK(c)], suit_names[LS_SUIT(c)]);
    return buf;
}

ls_card ls_card_parse(const char *text)
{
    if (!text)
        return LS_NO_CARD;
    size_t n = strlen(text);
    if (n < 2 || n > 3)
        return LS_NO_CARD;
    int rank = -1;
    if (n == 3) {
        if (text[0] == '1' && text[1] == '0')
            rank = 9;
    } else {
        char r = (char)toupper((unsigned char)text[0]);
        if (r >= '2' && r <= '9')
            rank = r - '1';
        else if (r == 'A')
            rank = 0;
        else if (r == 'T')
            rank = 9;
        else if (r == 'J')
            rank = 10;
        else if (r == 'Q')
            rank = 11;
        else if (r == 'K')
            rank = 12;
    }
    const char *s = strchr("CDHS", toupper((unsigned char)text[n - 1]));
    if (rank < 0 || !s || !*s)
        return LS_NO_CARD;
    return LS_CARD(rank, s - "CDHS");
}

int ls_cards_str(ls_cards set, char *buf, size_t size)
{
    if (!set)
        return snprintf(buf, size, "-");
    size_t used = 0;
    int need = 0;
    for (ls_cards s = set; s; s &= s - 1) {
        char c[4];
        int k = snprintf(used < size ? buf + used : NULL,
                         used < size ? size - used : 0, "%s%s",
                         need ? " " : "",
                         ls_card_str((ls_card)__builtin_ctzll(s), c));
        need += k;
        used += (size_t)k;
    }
    return need;
}

int ls_move_str(ls_move m, char *buf, size_t size)
{
    char cards_text[64], c[4];
    if (m.kind == LS_MOVE_DECLARE)
        return snprintf(buf, size, "declare");
    ls_cards_str(m.discard, cards_text, sizeof cards_text);
    if (m.kind == LS_MOVE_TAKE)
        return snprintf(buf, size, "discard %s take %s", cards_text,
                        ls_card_str(m.card, c));
    if (m.card == LS_NO_CARD)
        return snprintf(buf, size, "discard %s draw", cards_text);
    return snprintf(buf, size, "discard %s draw %s", cards_text,
                    ls_card_str(m.card, c));
}

/* Splits text into at most `max` whitespace-separated tokens in buf;
 * returns their number, or max + 1 when there are more. */
static int tokenize(const char *text, char *buf, size_t size, char **tok, int max)
{
    snprintf(buf, size, "%s", text);
    int n = 0;
    for (char *save = NULL, *t = strtok_r(buf, " \t\r\n", &save); t;
         t = strtok_r(NULL, " \t\r\n", &save)) {
        if (n == max)
            return max + 1;
        tok[n++] = t;
    }
    return n;
}

/* ls__fail, with err->column the byte of the text (from 1) where the word
 * at fault, tok (in buf, the text's copy), begins. */
static int fail_at(ls_error *err, const char *buf, const char *tok, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int fail_at(ls_error *err, const char *buf, const char *tok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ls__vfail(err, LS_ESYNTAX, 0, (int)(tok - buf) + 1, fmt, ap);
    va_end(ap);
    return LS_ESYNTAX;
}

int ls_move_parse(const char *text, ls_move *m, ls_error *err)
{
    char buf[256], w[LS__WORD_SHOWN + 1];
    char *tok[16];
    if (!text || !m)
        return ls__fail(err, LS_EINVAL, "no move given");
    if (strlen(text) >= sizeof buf)
        return ls__fail(err, LS_ESYNTAX, "move too long: a move has at most %zu "
                        "characters, this one has %zu", sizeof buf - 1, strlen(text));
    int n = tokenize(text, buf, sizeof buf, tok, 15);
    if (n > 15) /* tok holds the first 15 only */
        return ls__fail(err, LS_ESYNTAX, "too many words for a move (at most 15: "
                        "'discard', the cards, 'take' and a card)");
    if (n == 0)
        return ls__fail(err, LS_ESYNTAX,
                        "empty move: expected 'discard CARDS take CARD', "
                        "'discard CARDS draw' or 'declare'");
    if (!strcasecmp(tok[0], "declare")) {
        if (n != 1)
            return fail_at(err, buf, tok[1], "'declare' takes nothing after it, "
                                             "got '%s'", ls__word(tok[1], w));
        *m = (ls_move){.discard = 0, .kind = LS_MOVE_DECLARE, .card = LS_NO_CARD};
        return 0;
    }
    if (strcasecmp(tok[0], "discard"))
        return fail_at(err, buf, tok[0],
                       "'%s' is not a move: expected 'discard CARDS take CARD', "
                       "'discard CARDS draw' or 'declare'",
                       ls__word(tok[0], w));
    ls_move mv = {.discard = 0, .kind = 0, .card = LS_NO_CARD};
    int i = 1;
    for (; i < n && strcasecmp(tok[i], "take") && strcasecmp(tok[i], "draw"); i++) {
        ls_card c = ls_card_parse(tok[i]);
        if (c == LS_NO_CARD && strchr(tok[i], ','))
            return fail_at(err, buf, tok[i], "'%s' is not a card: write the cards "
                           "apart with spaces, not commas, like 'discard 7H 8H draw'",
                           ls__word(tok[i], w));
        if (c == LS_NO_CARD && mv.discard)
            return fail_at(err, buf, tok[i], "'%s' is not a card (cards are like AS "
                           "10H QD 7c); after the discarded cards, say 'take CARD' "
                           "or 'draw'", ls__word(tok[i], w));
        if (c == LS_NO_CARD)
            return fail_at(err, buf, tok[i], "'%s' is not a card (cards are "
                           "like AS 10H QD 7c)", ls__word(tok[i], w));
        char name[4]; /* "th" and "10h" are both 10H */
        if (mv.discard & LS_BIT(c))
            return fail_at(err, buf, tok[i], "%s is discarded twice",
                           ls_card_str(c, name));
        mv.discard |= LS_BIT(c);
    }
    if (!mv.discard)
        return ls__fail(err, LS_ESYNTAX, "'discard' needs at least one card, "
                        "like 'discard 7H draw'");
    if (i == n)
        return ls__fail(err, LS_ESYNTAX, "after the discarded cards, say "
                        "'take CARD' or 'draw'");
    bool take = !strcasecmp(tok[i], "take");
    mv.kind = take ? LS_MOVE_TAKE : LS_MOVE_DRAW;
    i++;
    /* The word after 'take' or 'draw' is named first in its message, so
     * that a record's reader points at it (quoted_token() in record.c).
     * The message after 'draw' states the grammar, true of every text
     * parsed: a record names the card drawn (record.c refuses a draw
     * that does not), a bot's answer may (the card is not used), a move
     * typed in plain play must not (play_plain.c says so). */
    if (i < n) {
        mv.card = ls_card_parse(tok[i]);
        if (mv.card == LS_NO_CARD && take)
            return fail_at(err, buf, tok[i], "'%s' after 'take' is not a card: "
                           "'take' needs the open card to take, like 'take 5S'",
                           ls__word(tok[i], w));
        if (mv.card == LS_NO_CARD)
            return fail_at(err, buf, tok[i], "'%s' after 'draw' is not a card: "
                           "'draw' is followed by nothing or by the card drawn, "
                           "like 'draw 4S'", ls__word(tok[i], w));
        i++;
    } else if (take) {
        return fail_at(err, buf, tok[i - 1], "'take' needs the open card to take, "
                       "like 'take 5S'");
    }
    if (i < n)
        return fail_at(err, buf, tok[i], "unexpected '%s' at the end of the move",
                       ls__word(tok[i], w));
    *m = mv;
    return 0;
}
