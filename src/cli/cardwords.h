/*
 * cardwords.h - cards said in words for speech, and read back from words
 * (`play --cards words`): pure text, no curses and no game state, so that
 * tests/fuzz/fuzz_cardwords.c can feed it alone.
 */
#ifndef LS_CLI_CARDWORDS_H
#define LS_CLI_CARDWORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "leastscore.h"

/* The longest line play_words_to_cards rewrites, its end included. */
#define CARDWORDS_LINE_MAX 1024

/* A card, or a card set, as play_cards writes it ("QD", "7H 8H"), or when
 * `words` in words for speech ("queen of diamonds", "7 of hearts, 8 of
 * hearts"); the set's "-" when empty. Returns buf. */
const char *play_card_said(ls_card c, bool words, char *buf, size_t size);
const char *play_cards_said(ls_cards set, bool words, char *buf, size_t size);
/* A card said in words at w[0..n-1] ("queen", "of", "diamonds"; the rank
 * as 2-10 or spelled, "two", the suit singular too, any case): returns the
 * words it took, 3, with the card in *c; else 0. */
int play_card_words(const char *const *w, int n, ls_card *c);
/* The length of the card said in words at s[0..n-1] as play_card_said
 * says it ("queen of diamonds", any case), up to its suit's end, which is
 * s's end or a character that is no letter or digit; else 0. Its rank's
 * length in *rank_len: s[*rank_len] and s[*rank_len + 3] are its spaces.
 * (Line mode keeps a card's words on one row: play_plain.c.) */
size_t play_card_phrase(const char *s, size_t n, size_t *rank_len);
/* msg (an engine's message, "KS is not in your hand", "the open cards are
 * 7H 8H") with each card as ls_card_str writes it said in words, cards in
 * a row parted by commas ("king of spades", "7 of hearts, 8 of hearts"),
 * into out; a word equal to one of keep[0..nkeep-1] (the players' names:
 * a player may be called QD) is left as it is. */
void play_cards_in_words(const char *msg, const char *const *keep, int nkeep,
                         char *out, size_t size);
/* Cards said in words in a typed line ("discard 7 of hearts, 8 of hearts
 * and draw") written in record notation, in place ("discard 7H 8H draw");
 * a line without such a card, or of CARDWORDS_LINE_MAX bytes or more, is
 * left as it is. The rewritten line is never longer. */
void play_words_to_cards(char *line);

#endif
