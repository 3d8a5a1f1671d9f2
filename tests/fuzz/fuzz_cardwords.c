/*
 * fuzz_cardwords.c - cards said in words and read back from words
 * (src/cli/cardwords.c, `play --cards words`).
 *
 * The input is two bytes then a line (up to its first NUL byte). The first
 * byte picks a card and how it is typed, the second the size of a message
 * buffer. Checked: every card said in words reads back as that card,
 * in any case and with its suit singular, and a line "discard <it> draw"
 * is rewritten "discard <notation> draw"; the line rewritten by
 * play_words_to_cards is never longer than it was, is the line itself
 * when it holds no card in words, and otherwise holds only the line's own
 * words (without "and") and cards in notation; play_cards_in_words gives
 * a C string that fits its buffer, cut short it is the start of what a
 * large buffer gets (its last byte a space where that has a comma), and a name to keep that is also a card ("QD") is
 * there as many times as in the message; play_card_phrase finds each card
 * said whole, its spaces where it says, and never reads past its length.
 */
#include <ctype.h>
#include <strings.h>

#include "cli/cardwords.h"
#include "fuzz.h"

#define SEP " \t,"

/* Whether word is a card as ls_card_str writes it ("QD", "10H"). */
static bool notation(const char *word)
{
    char name[4];
    ls_card c = strlen(word) <= 3 ? ls_card_parse(word) : LS_NO_CARD;
    return c != LS_NO_CARD && !strcmp(ls_card_str(c, name), word);
}

/* How many times k is in s (overlaps counted). */
static size_t count(const char *s, const char *k)
{
    size_t n = 0;
    for (const char *p = strstr(s, k); p; p = strstr(p + 1, k))
        n++;
    return n;
}

static void check_card(uint8_t pick)
{
    ls_card c = (ls_card)(pick % 52);
    char said[32], name[4], typed[64], line[96], want[32];
    play_card_said(c, true, said, sizeof said);
    snprintf(typed, sizeof typed, "%s", said);
    for (char *p = typed; *p; p++) /* any case */
        if (pick & 0x40 && (p - typed) % 2 == 0)
            *p = (char)toupper((unsigned char)*p);
    size_t end = strlen(typed) - 1;
    FUZZ_CHECK(tolower((unsigned char)typed[end]) == 's', "'%s' is not plural", said);
    if (pick & 0x80) /* "hearts" or "heart" */
        typed[end] = '\0';
    char copy[64], *save = NULL;
    const char *w[4];
    int n = 0;
    snprintf(copy, sizeof copy, "%s", typed);
    for (char *t = strtok_r(copy, " ", &save); t && n < 4; t = strtok_r(NULL, " ", &save))
        w[n++] = t;
    ls_card back = LS_NO_CARD;
    FUZZ_CHECK(n == 3 && play_card_words(w, n, &back) == 3 && back == c,
               "'%s' (typed '%s') read back as %d, not %d", said, typed, back, c);
    size_t rl = 0, len = strlen(typed);
    if (!(pick & 0x80)) /* in any case */
        FUZZ_CHECK(play_card_phrase(typed, len, &rl) == len, "'%s' is not found as a card "
                   "said in words", typed);
    FUZZ_CHECK(play_card_phrase(said, strlen(said), &rl) == strlen(said) && said[rl] == ' ' &&
                   said[rl + 3] == ' ',
               "'%s' is not found as a card said in words", said);
    snprintf(line, sizeof line, "discard %s draw", typed);
    play_words_to_cards(line);
    snprintf(want, sizeof want, "discard %s draw", ls_card_str(c, name));
    FUZZ_CHECK(!strcmp(line, want), "'discard %s draw' became '%s'", typed, line);
}

static void check_line(const char *in)
{
    static char line[CARDWORDS_LINE_MAX], words[CARDWORDS_LINE_MAX];
    size_t len = strlen(in);
    if (len >= sizeof line)
        return;
    memcpy(line, in, len + 1);
    for (size_t i = 0, rl; i < len; i++) { /* read from where it is told to */
        size_t k = play_card_phrase(in + i, len - i, &rl);
        FUZZ_CHECK(k <= len - i && (k == 0 || (in[i + rl] == ' ' && in[i + rl + 3] == ' ')),
                   "a card in words of %zu bytes found in '%s' at %zu", k, in, i);
    }
    play_words_to_cards(line);
    FUZZ_CHECK(strlen(line) <= len, "'%s' grew to '%s'", in, line);
    /* The line's words, and whether three in a row say a card. */
    memcpy(words, in, len + 1);
    const char *w[CARDWORDS_LINE_MAX / 2];
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(words, SEP, &save); t; t = strtok_r(NULL, SEP, &save))
        w[n++] = t;
    bool any = false;
    for (int i = 0; i < n && !any; i++) {
        ls_card c;
        any = play_card_words(w + i, n - i, &c) == 3;
    }
    if (!any) {
        FUZZ_CHECK(!strcmp(line, in), "'%s' holds no card in words but became '%s'", in, line);
        return;
    }
    save = NULL;
    for (char *t = strtok_r(line, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        bool own = false;
        for (int i = 0; i < n && !own; i++)
            own = !strcmp(t, w[i]);
        FUZZ_CHECK(notation(t) || (own && strcasecmp(t, "and") != 0),
                   "'%s' was rewritten with '%s', neither its own word nor a card", in, t);
    }
}

static void check_message(const char *msg, uint8_t pick, uint8_t room)
{
    /* A name to keep: the message's first word when it is a card. */
    char keep[4] = "";
    size_t k = strcspn(msg, " ");
    if (k >= 2 && k <= 3) {
        memcpy(keep, msg, k);
        keep[k] = '\0';
    }
    const char *names[1] = {keep};
    int nkeep = notation(keep) && (pick & 1) ? 1 : 0;
    size_t big = strlen(msg) * 16 + 2; /* "10H" is 16 bytes said: "10 of diamonds," */
    char *full = malloc(big), *cut = malloc((size_t)room + 1);
    FUZZ_CHECK(full && cut, "out of memory");
    play_cards_in_words(msg, names, nkeep, full, big);
    FUZZ_CHECK(memchr(full, '\0', big), "'%s' said in words does not end", msg);
    FUZZ_CHECK(strlen(full) + 1 < big, "'%s' said in words may be cut: '%s'", msg, full);
    if (nkeep)
        FUZZ_CHECK(count(full, keep) >= count(msg, keep),
                   "the name %s in '%s' was not kept: '%s'", keep, msg, full);
    play_cards_in_words(msg, names, nkeep, cut, (size_t)room + 1);
    FUZZ_CHECK(memchr(cut, '\0', (size_t)room + 1), "'%s' in %u bytes does not end", msg,
               room + 1u);
    /* Cut in a row of cards, its last byte may be the space that the
     * comma after a card replaces. */
    size_t clen = strlen(cut);
    bool last = clen && cut[clen - 1] == ' ' && full[clen - 1] == ',';
    FUZZ_CHECK(clen == (strlen(full) < room ? strlen(full) : room) &&
                   !strncmp(cut, full, clen - (last ? 1 : 0)),
               "'%s' in %u bytes is '%s', not the start of '%s'", msg, room + 1u, cut, full);
    free(full);
    free(cut);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    char *text = malloc(size - 1);
    FUZZ_CHECK(text, "out of memory");
    memcpy(text, data + 2, size - 2);
    text[size - 2] = '\0';
    check_card(data[0]);
    check_line(text);
    check_message(text, data[0], data[1]);
    free(text);
    return 0;
}
