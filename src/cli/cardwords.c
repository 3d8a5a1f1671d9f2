/*
 * cardwords.c - cards said in words for speech ("queen of diamonds"), and
 * read back from words as a player types them (`play --cards words`).
 * Pure text over the engine's card names: no curses, no game state, so
 * that the fuzz target tests/fuzz/fuzz_cardwords.c links this file alone.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli/cardwords.h"

/* The words of each rank and suit, as a speech synthesizer should say
 * them: "QD" was read "queen D" or a word, "AS" the word "as". Ranks 2 to
 * 10 stay digits, which every synthesizer says as numbers. */
static const char *const rank_words[13] = {"ace", "2", "3", "4", "5", "6", "7",
                                           "8", "9", "10", "jack", "queen", "king"};
static const char *const suit_words[4] = {"clubs", "diamonds", "hearts", "spades"};

const char *play_card_said(ls_card c, bool words, char *buf, size_t size)
{
    char name[4];
    if (words)
        snprintf(buf, size, "%s of %s", rank_words[LS_RANK(c)], suit_words[LS_SUIT(c)]);
    else
        snprintf(buf, size, "%s", ls_card_str(c, name));
    return buf;
}

const char *play_cards_said(ls_cards set, bool words, char *buf, size_t size)
{
    if (!words) {
        ls_cards_str(set, buf, size);
        return buf;
    }
    size_t n = 0;
    buf[0] = '\0';
    for (ls_cards s = set; s && n < size; s &= s - 1) {
        char one[24];
        int k = snprintf(buf + n, size - n, "%s%s", n ? ", " : "",
                         play_card_said(ls_cards_first(s), true, one, sizeof one));
        n += k > 0 ? (size_t)k : 0;
    }
    if (!set)
        snprintf(buf, size, "-");
    return buf;
}

size_t play_card_phrase(const char *s, size_t n, size_t *rank_len)
{
    for (int r = 0; r < 13; r++) {
        size_t rl = strlen(rank_words[r]);
        if (n < rl + 4 || strncasecmp(s, rank_words[r], rl) || strncasecmp(s + rl, " of ", 4))
            continue;
        for (int u = 0; u < 4; u++) {
            size_t sl = strlen(suit_words[u]), len = rl + 4 + sl;
            if (n >= len && !strncasecmp(s + rl + 4, suit_words[u], sl) &&
                (n == len || !isalnum((unsigned char)s[len]))) {
                *rank_len = rl;
                return len;
            }
        }
    }
    return 0;
}

int play_card_words(const char *const *w, int n, ls_card *c)
{
    if (n < 3 || strcasecmp(w[1], "of") != 0)
        return 0;
    int rank = -1, suit = -1;
    static const char *const spelled[13] = {"ace", "two", "three", "four", "five", "six",
                                            "seven", "eight", "nine", "ten", "jack",
                                            "queen", "king"};
    for (int r = 0; r < 13 && rank < 0; r++)
        if (!strcasecmp(w[0], rank_words[r]) || !strcasecmp(w[0], spelled[r]))
            rank = r;
    for (int s = 0; s < 4 && suit < 0; s++) { /* "hearts", or "heart" */
        size_t len = strlen(suit_words[s]) - 1;
        if (!strncasecmp(w[2], suit_words[s], len) &&
            (w[2][len] == '\0' || !strcasecmp(w[2] + len, "s")))
            suit = s;
    }
    if (rank < 0 || suit < 0)
        return 0;
    *c = LS_CARD(rank, suit);
    return 3;
}

void play_cards_in_words(const char *msg, const char *const *keep, int nkeep,
                         char *out, size_t size)
{
    size_t n = 0;
    const char *p = msg;
    while (*p && n + 1 < size) {
        size_t len = strspn(p, "0123456789AJQKCDHS");
        bool start = p == msg || !isalnum((unsigned char)p[-1]);
        char word[4];
        ls_card c = LS_NO_CARD;
        if (start && len >= 2 && len <= 3 && !isalnum((unsigned char)p[len]) &&
            p[len] != '_' && p[len] != '-') {
            memcpy(word, p, len);
            word[len] = '\0';
            c = ls_card_parse(word);
            char name[4]; /* only as ls_card_str writes it: not "TH", "2c" */
            if (c != LS_NO_CARD && strcmp(ls_card_str(c, name), word) != 0)
                c = LS_NO_CARD;
            for (int i = 0; i < nkeep && c != LS_NO_CARD; i++)
                if (!strcmp(keep[i], word)) /* a player's name */
                    c = LS_NO_CARD;
        }
        if (c == LS_NO_CARD) {
            out[n++] = *p++;
            continue;
        }
        char said[24];
        bool more = n > 0 && p > msg && p[-1] == ' ' && p - msg >= 3;
        /* A card after a card ("7H 8H") is listed with a comma. */
        if (more) {
            const char *q = p - 1;
            while (q > msg && q[-1] != ' ')
                q--;
            size_t plen = (size_t)(p - 1 - q);
            memcpy(word, q, plen < 3 ? plen : 3);
            word[plen < 3 ? plen : 3] = '\0';
            char name[4];
            ls_card prev = plen >= 2 && plen <= 3 ? ls_card_parse(word) : LS_NO_CARD;
            more = prev != LS_NO_CARD && !strcmp(ls_card_str(prev, name), word);
        }
        int k = snprintf(out + n - (more ? 1 : 0), size - n + (more ? 1 : 0), "%s%s",
                         more ? ", " : "", play_card_said(c, true, said, sizeof said));
        n += k > 0 ? (size_t)k - (more ? 1 : 0) : 0;
        if (n >= size)
            n = size - 1;
        p += len;
    }
    out[n < size ? n : size - 1] = '\0';
}

/*
 * Cards said in words ("queen of diamonds", as `cards words` says them;
 * "ten of hearts", "7 of heart" too) written in record notation, in
 * place, so that a move can be typed as it was heard: "discard 7 of
 * hearts, 8 of hearts and draw" is "discard 7H 8H draw". Only a line
 * that holds such a card is rewritten (its words then parted by single
 * spaces, with commas and "and" dropped), so that any other line reads,
 * and is refused, as typed.
 */
void play_words_to_cards(char *line)
{
    char copy[CARDWORDS_LINE_MAX], *save = NULL;
    const char *w[CARDWORDS_LINE_MAX / 2];
    int n = 0;
    bool any = false;
    size_t cap = strlen(line) + 1; /* the rewritten line is never longer */
    if (cap > sizeof copy) /* not read whole: left as typed */
        return;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *t = strtok_r(copy, " \t,", &save); t && n < (int)(sizeof w / sizeof w[0]);
         t = strtok_r(NULL, " \t,", &save))
        w[n++] = t;
    for (int i = 0; i < n && !any; i++) {
        ls_card c;
        any = play_card_words(w + i, n - i, &c) > 0;
    }
    if (!any)
        return;
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        ls_card c;
        char name[4];
        const char *word = w[i];
        int k = play_card_words(w + i, n - i, &c);
        if (k > 0) {
            word = ls_card_str(c, name);
            i += k - 1;
        } else if (!strcasecmp(word, "and")) {
            continue;
        }
        int k2 = snprintf(line + len, cap - len, "%s%s", len ? " " : "", word);
        len = len + (size_t)k2 < cap ? len + (size_t)k2 : cap - 1;
    }
}
