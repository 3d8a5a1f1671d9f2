/*
 * test_turn.c - a turn: discard, then pick up one card (R2, R4, D4, D5, D9,
 * D10), and the moves the engine offers.
 *
 * The opening card is the first player's open card (D4). A player discards
 * first, then takes one of the cards the previous player just discarded or
 * draws the top of the deck (R2, R4); never their own discard, never an
 * older card (D5). An empty deck is refilled from the dead pile only (D9).
 * Hands never grow (D10). A rejected move changes nothing, hidden parts
 * included. ls_legal_moves() is checked against every subset of the hand
 * times every pick-up, judged one by one with ls_check().
 */
#include "support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The table of the R4 example: A holds 7-8-9, the opening card is AD. */
static const char *const r4_hands[] = {
    "7H 8C 9D 2S KS",
    "3C 4C 5C 6D JD",
    "2H 3H 4H QS QC",
};

static ls_state *r4_table(void)
{
    return deal_state(NULL, 3, r4_hands, "AD");
}

static bool has_text(const char *hay, const char *needle)
{
    return strstr(hay, needle) != NULL;
}

/*
 * Asserts that `move` is rejected with `code` and leaves s as it was: every
 * accessor and every seat's view, and the hidden deck order too (a live draw
 * from a copy made before gives the same card as from a copy made after).
 */
static void rejected_unchanged(ls_state *s, const char *move, int code, ls_error *err)
{
    snapshot before, after;
    take_snapshot(s, &before);
    ls_state *copy_before = ls_state_clone(s);
    assert_non_null(copy_before);
    int rc = play(s, move, err);
    if (rc != code)
        fail_msg("'%s': got %d (%s), want %d", move, rc, err ? err->msg : "", code);
    take_snapshot(s, &after);
    assert_memory_equal(&before, &after, sizeof before);
    ls_state *copy_after = ls_state_clone(s);
    assert_non_null(copy_after);
    if (ls_phase(s) == LS_PHASE_TURN) {
        ls_cards hand = ls_hand(s, ls_turn(s));
        ls_move m1 = {.discard = LS_BIT(ls_cards_first(hand)), .kind = LS_MOVE_DRAW,
                      .card = LS_NO_CARD};
        if (ls_deck_size(s) == 0 && ls_dead_cards(s) == 0) {
            m1.kind = LS_MOVE_TAKE;
            m1.card = ls_cards_first(ls_open_cards(s));
        }
        ls_move m2 = m1;
        assert_int_equal(ls_apply(copy_before, &m1, NULL), 0);
        assert_int_equal(ls_apply(copy_after, &m2, NULL), 0);
        assert_int_equal(m1.card, m2.card);
    }
    ls_state_free(copy_before);
    ls_state_free(copy_after);
}

/* ---- D4: the opening card -------------------------------------------- */

static void test_the_opening_card_is_the_first_players_open_card(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    assert_int_equal(ls_phase(s), LS_PHASE_TURN);
    assert_int_equal(ls_turn(s), 0);
    assert_true(ls_open_cards(s) == cards("AD"));
    assert_true(ls_dead_cards(s) == 0);
    assert_true((ls_deck_cards(s) & cards("AD")) == 0);
    assert_int_equal(ls_deck_size(s), 52 - 15 - 1);
    must_play(s, "discard KS take AD");
    assert_true(ls_hand(s, 0) == cards("7H 8C 9D 2S AD"));
    assert_true(ls_open_cards(s) == cards("KS"));
    ls_state_free(s);
}

static void test_a_seeded_deal_turns_up_one_opening_card(void **state)
{
    (void)state;
    static const char *const names[] = {"Ann", "Bob", "Cid", "Dee"};
    uint64_t seed = test_seed(2024);
    for (int i = 0; i < 20; i++) {
        ls_state *s = ls_state_new(NULL, 4, names, seed + (uint64_t)i, NULL);
        assert_non_null(s);
        assert_int_equal(ls_deal(s, NULL), 0);
        ls_cards open = ls_open_cards(s), seen = open;
        assert_int_equal(ls_cards_count(open), 1);
        for (int p = 0; p < 4; p++) {
            assert_int_equal(ls_cards_count(ls_hand(s, p)), 5);
            assert_true((seen & ls_hand(s, p)) == 0);
            seen |= ls_hand(s, p);
        }
        assert_true((seen & ls_deck_cards(s)) == 0);
        assert_true((seen | ls_deck_cards(s)) == LS_ALL_CARDS);
        assert_int_equal(ls_deck_size(s), 52 - 20 - 1);
        assert_true(ls_dead_cards(s) == 0);
        /* The first player may take it. */
        ls_move m = {.discard = LS_BIT(ls_cards_first(ls_hand(s, 0))),
                     .kind = LS_MOVE_TAKE, .card = ls_cards_first(open)};
        assert_int_equal(ls_check(s, m, NULL), 0);
        ls_state_free(s);
    }
}

/* ---- R2/R4/D5: discard, then pick up ---------------------------------- */

static void test_r4_example_next_player_may_take_any_card_of_the_discard(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    must_play(s, "discard 7H 8C 9D draw");
    assert_true(ls_open_cards(s) == cards("7H 8C 9D"));
    assert_int_equal(ls_turn(s), 1);
    static const char *const takes[] = {
        "discard JD take 7H", "discard JD take 8C", "discard JD take 9D"};
    for (int i = 0; i < 3; i++) {
        ls_move m;
        assert_int_equal(ls_move_parse(takes[i], &m, NULL), 0);
        ls_error err = {0};
        if (ls_check(s, m, &err) != 0)
            fail_msg("B: '%s' rejected: %s", takes[i], err.msg);
    }
    /* The legal moves offer exactly those three cards to take. */
    ls_move moves[LS_MAX_MOVES];
    int n = ls_legal_moves(s, moves);
    ls_cards offered = 0;
    for (int i = 0; i < n; i++)
        if (moves[i].kind == LS_MOVE_TAKE)
            offered |= LS_BIT(moves[i].card);
    assert_true(offered == cards("7H 8C 9D"));
    must_play(s, "discard JD take 8C");
    assert_true(ls_hand(s, 1) == cards("3C 4C 5C 6D 8C"));
    ls_state_free(s);
}

static void test_an_older_discard_may_not_be_taken(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    must_play(s, "discard 7H 8C 9D draw");
    /* The opening card AD was not taken: it is dead now. */
    assert_true(ls_dead_cards(s) == cards("AD"));
    ls_error err = {0};
    rejected_unchanged(s, "discard JD take AD", LS_ETAKE, &err);
    ls_state_free(s);

    s = r4_table();
    must_play(s, "discard 7H 8C 9D draw");
    must_play(s, "discard JD take 8C");
    /* 7H and 9D were not taken by B: dead, out of C's reach. */
    assert_true(ls_dead_cards(s) == cards("AD 7H 9D"));
    assert_true(ls_open_cards(s) == cards("JD"));
    rejected_unchanged(s, "discard QS take 7H", LS_ETAKE, &err);
    rejected_unchanged(s, "discard QS take 9D", LS_ETAKE, &err);
    must_play(s, "discard QS take JD");
    ls_state_free(s);
}

static void test_a_player_may_not_take_back_their_own_discard(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    must_play(s, "discard 7H 8C 9D draw");
    ls_error err = {0};
    rejected_unchanged(s, "discard JD take JD", LS_ETAKE, &err);
    rejected_unchanged(s, "discard 3C 4C 5C take 4C", LS_ETAKE, &err);
    ls_state_free(s);
}

static void test_taking_a_card_that_is_not_open_names_the_open_cards(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    ls_error err = {0};
    rejected_unchanged(s, "discard KS take 5H", LS_ETAKE, &err);
    assert_int_equal(err.code, LS_ETAKE);
    if (!has_text(err.msg, "AD") || !has_text(err.msg, "5H"))
        fail_msg("message \"%s\" should name 5H and the open card AD", err.msg);
    must_play(s, "discard 7H 8C 9D draw");
    rejected_unchanged(s, "discard JD take 2H", LS_ETAKE, &err);
    if (!has_text(err.msg, "7H 8C 9D") || !has_text(err.msg, "2H"))
        fail_msg("message \"%s\" should name 2H and the open cards 7H 8C 9D", err.msg);
    ls_state_free(s);
}

static void test_a_card_not_in_hand_may_not_be_discarded(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    ls_error err = {0};
    rejected_unchanged(s, "discard QH draw", LS_ENOTHELD, &err);
    assert_true(has_text(err.msg, "QH"));
    /* B's card, in A's discard. */
    rejected_unchanged(s, "discard 3C draw", LS_ENOTHELD, &err);
    assert_true(has_text(err.msg, "3C"));
    /* One held card does not make a pair with a card held elsewhere. */
    rejected_unchanged(s, "discard KS KD take AD", LS_ENOTHELD, &err);
    assert_true(has_text(err.msg, "KD"));
    ls_state_free(s);
}

static void test_every_turn_discards_at_least_one_card(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    snapshot before, after;
    take_snapshot(s, &before);
    ls_move m = {.discard = 0, .kind = LS_MOVE_TAKE, .card = card("AD")};
    ls_error err = {0};
    assert_true(ls_apply(s, &m, &err) < 0);
    m.kind = LS_MOVE_DRAW;
    m.card = LS_NO_CARD;
    assert_true(ls_apply(s, &m, &err) < 0);
    take_snapshot(s, &after);
    assert_memory_equal(&before, &after, sizeof before);
    ls_state_free(s);
}

static void test_a_malformed_move_is_rejected_and_changes_nothing(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    snapshot before, after;
    take_snapshot(s, &before);
    ls_error err = {0};
    assert_int_equal(ls_apply(s, NULL, &err), LS_EINVAL);
    /* A take must name an open card. */
    ls_move m = {.discard = cards("KS"), .kind = LS_MOVE_TAKE, .card = LS_NO_CARD};
    assert_int_equal(ls_apply(s, &m, &err), LS_ETAKE);
    assert_true(has_text(err.msg, "AD"));
    /* A draw may only name a card of the deck. */
    m = (ls_move){.discard = cards("KS"), .kind = LS_MOVE_DRAW, .card = 52};
    assert_int_equal(ls_apply(s, &m, &err), LS_EDRAW);
    /* There are three kinds of move. */
    m = (ls_move){.discard = cards("KS"), .kind = 0, .card = LS_NO_CARD};
    assert_true(ls_apply(s, &m, &err) < 0);
    m.kind = 4;
    assert_true(ls_apply(s, &m, &err) < 0);
    take_snapshot(s, &after);
    assert_memory_equal(&before, &after, sizeof before);
    ls_state_free(s);
}

static void test_play_passes_to_the_next_player(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    assert_int_equal(ls_turn(s), 0);
    must_play(s, "discard KS take AD");
    assert_int_equal(ls_turn(s), 1);
    assert_true(ls_hand(s, 0) == cards("7H 8C 9D 2S AD"));
    must_play(s, "discard JD take KS");
    assert_int_equal(ls_turn(s), 2);
    assert_true(ls_hand(s, 1) == cards("3C 4C 5C 6D KS"));
    must_play(s, "discard QS QC take JD");
    assert_int_equal(ls_turn(s), 0);
    assert_true(ls_hand(s, 2) == cards("2H 3H 4H JD"));
    assert_int_equal(ls_round_turns(s), 3);
    ls_state_free(s);
}

static void test_a_move_out_of_turn_is_rejected(void **state)
{
    (void)state;
    /* ls_apply() always moves for ls_turn(); naming a player is a record's
     * business, so the check is made through a record. */
    const char *good = "leastscore 1\n"
                       "players A B C\n"
                       "round\n"
                       "hand A 7H 8C 9D 2S KS\n"
                       "hand B 3C 4C 5C 6D JD\n"
                       "hand C 2H 3H 4H QS QC\n"
                       "open AD\n"
                       "A discard KS take AD\n";
    const char *bad = "leastscore 1\n"
                      "players A B C\n"
                      "round\n"
                      "hand A 7H 8C 9D 2S KS\n"
                      "hand B 3C 4C 5C 6D JD\n"
                      "hand C 2H 3H 4H QS QC\n"
                      "open AD\n"
                      "A discard KS take AD\n"
                      "C discard QS QC take KS\n";
    ls_state *s = NULL;
    ls_error err = {0};
    assert_int_equal(ls_record_read(good, strlen(good), &s, NULL, NULL, &err), 0);
    assert_int_equal(ls_turn(s), 1);
    ls_state_free(s);
    s = NULL;
    assert_true(ls_record_read(bad, strlen(bad), &s, NULL, NULL, &err) < 0);
    assert_null(s);
    assert_int_equal(err.line, 9);
    assert_true(err.msg[0] != '\0');
}

/* ---- a turn written down --------------------------------------------- */

static void test_moves_are_written_in_record_notation(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "discard 7H 8H 9H take 5S", "discard KD draw", "discard KD draw 4S",
        "declare", "discard 10C 10S take 10H",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        ls_move m;
        ls_error err = {0};
        if (ls_move_parse(texts[i], &m, &err) != 0)
            fail_msg("'%s': %s", texts[i], err.msg);
        char buf[64];
        assert_int_equal(ls_move_str(m, buf, sizeof buf), (int)strlen(texts[i]));
        assert_string_equal(buf, texts[i]);
    }
    ls_move m;
    assert_int_equal(ls_move_parse("discard 9h 7H 8h take t5", &m, NULL), LS_ESYNTAX);
    assert_int_equal(ls_move_parse("discard 9h 7H 8h take 5s", &m, NULL), 0);
    assert_true(m.discard == cards("7H 8H 9H"));
    assert_int_equal(m.kind, LS_MOVE_TAKE);
    assert_int_equal(m.card, card("5S"));
    assert_int_equal(ls_move_parse("discard TD draw", &m, NULL), 0);
    assert_true(m.discard == cards("10D"));
    assert_int_equal(m.kind, LS_MOVE_DRAW);
    assert_int_equal(m.card, LS_NO_CARD);
}

static void test_text_that_is_not_a_move_is_rejected(void **state)
{
    (void)state;
    static const char *const junk[] = {
        "", "discard", "discard 7H", "discard 7H take", "take 5S", "draw",
        "discard 7H 7H draw", "declare 7H", "discard ZZ draw",
        "discard 7H draw 4S 5S", "discard 7H take 5S 6S", "discard 7H pass",
        /* More words than a move has: only 15 are kept, and the 16th was
         * read from beyond them (a crash found by fuzz_move). */
        "discard AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH take 2H",
        "discard \r7c\r\rKD\rQC\rAS 7H 8H 9H\r2H\r2C 3C TC 5C 6C take QHC 3C TC",
    };
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        ls_move m;
        ls_error err = {0};
        int rc = ls_move_parse(junk[i], &m, &err);
        if (rc >= 0)
            fail_msg("'%s' was read as a move", junk[i]);
        assert_true(err.msg[0] != '\0');
    }
    /* A card named twice is named as it is written, whatever was typed:
     * "th" after "10h" is 10H again. */
    ls_move m;
    ls_error err = {0};
    assert_int_equal(ls_move_parse("discard 10h th draw", &m, &err), LS_ESYNTAX);
    assert_string_equal(err.msg, "10H is discarded twice");
}

/* A word where the grammar wants something else is refused with what is
 * allowed there: nothing or the card drawn after 'draw' (true of a record,
 * which names it, and of a bot's answer, whose card is not used),
 * the open card after 'take', 'take' or 'draw' after the cards, and cards
 * apart with spaces. */
static void test_a_wrong_word_in_a_move_says_what_the_move_allows_there(void **state)
{
    (void)state;
    /* column: the byte where the word at fault begins (from 1) */
    static const struct {
        const char *text, *msg;
        int column;
    } cases[] = {
        {"discard 2d 2h draw extra", "'extra' after 'draw' is not a card: 'draw' is "
                                     "followed by nothing or by the card drawn, like "
                                     "'draw 4S'", 20},
        {"discard 2d take extra", "'extra' after 'take' is not a card: 'take' needs the "
                                  "open card to take, like 'take 5S'", 17},
        {"discard 2d 2h extra", "'extra' is not a card (cards are like AS 10H QD 7c); "
                                "after the discarded cards, say 'take CARD' or 'draw'", 15},
        {"discard extra draw", "'extra' is not a card (cards are like AS 10H QD 7c)", 9},
        {"discard 2d, 2h draw", "'2d,' is not a card: write the cards apart with "
                                "spaces, not commas, like 'discard 7H 8H draw'", 9},
        {"discard 2d,2h draw", "'2d,2h' is not a card: write the cards apart with "
                               "spaces, not commas, like 'discard 7H 8H draw'", 9},
        {"declare extra", "'declare' takes nothing after it, got 'extra'", 9},
        {"discard 2d draw 4s extra", "unexpected 'extra' at the end of the move", 20},
        {"  discard\t2d  2D draw", "2D is discarded twice", 15},
        {" extra", "'extra' is not a move: expected 'discard CARDS take CARD', "
                   "'discard CARDS draw' or 'declare'", 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ls_move m = {.discard = 0, .kind = LS_MOVE_DECLARE, .card = LS_NO_CARD};
        ls_error err = {0};
        assert_int_equal(ls_move_parse(cases[i].text, &m, &err), LS_ESYNTAX);
        if (strcmp(err.msg, cases[i].msg))
            fail_msg("'%s': got \"%s\", expected \"%s\"", cases[i].text, err.msg,
                     cases[i].msg);
        if (err.column != cases[i].column)
            fail_msg("'%s': column %d, expected %d", cases[i].text, err.column,
                     cases[i].column);
        assert_int_equal(m.kind, LS_MOVE_DECLARE); /* m unchanged */
    }
}

/* A move cut short or too long says what it lacks or how long it may be. */
static void test_a_move_at_its_bounds_says_what_is_wrong(void **state)
{
    (void)state;
    char long_move[301];
    memset(long_move, 'x', 300);
    long_move[300] = '\0';
    const struct {
        const char *text, *msg;
        int column; /* 0: the reason is about the whole move */
    } cases[] = {
        {"discard", "'discard' needs at least one card, like 'discard 7H draw'", 0},
        {"discard draw", "'discard' needs at least one card, like 'discard 7H draw'", 0},
        {"discard 2d", "after the discarded cards, say 'take CARD' or 'draw'", 0},
        {"discard 2d take", "'take' needs the open card to take, like 'take 5S'", 12},
        {long_move, "move too long: a move has at most 255 characters, this one has 300", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ls_move m;
        ls_error err = {0};
        assert_int_equal(ls_move_parse(cases[i].text, &m, &err), LS_ESYNTAX);
        if (strcmp(err.msg, cases[i].msg))
            fail_msg("'%.40s': got \"%s\", expected \"%s\"", cases[i].text, err.msg,
                     cases[i].msg);
        if (err.column != cases[i].column)
            fail_msg("'%.40s': column %d, expected %d", cases[i].text, err.column,
                     cases[i].column);
    }
    /* A long word is quoted by its head, so that the reason stays whole:
     * 255 characters are read, and refused for the word, not the length. */
    long_move[255] = '\0';
    ls_move m;
    ls_error err = {0};
    assert_int_equal(ls_move_parse(long_move, &m, &err), LS_ESYNTAX);
    assert_string_equal(err.msg, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is not a move: "
                                 "expected 'discard CARDS take CARD', 'discard CARDS draw' "
                                 "or 'declare'");
    char text[256];
    snprintf(text, sizeof text, "discard 2D draw %.200s", long_move);
    assert_int_equal(ls_move_parse(text, &m, &err), LS_ESYNTAX);
    assert_non_null(strstr(err.msg, "xx...' after 'draw' is not a card: 'draw' is "
                                    "followed by nothing or by the card drawn, like "
                                    "'draw 4S'"));
    /* Control bytes are weighed as their escapes: nine \x01 and the mark. */
    memset(text, 1, 100);
    snprintf(text + 100, sizeof text - 100, " draw");
    assert_int_equal(ls_move_parse(text, &m, &err), LS_ESYNTAX);
    assert_string_equal(err.msg, "'\\x01\\x01\\x01\\x01\\x01\\x01\\x01\\x01\\x01...' is "
                                 "not a move: expected 'discard CARDS take CARD', "
                                 "'discard CARDS draw' or 'declare'");
}

/* ---- drawing ------------------------------------------------------------ */

static void test_drawing_takes_the_top_card_of_the_deck(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    ls_cards deck = ls_deck_cards(s);
    int size = ls_deck_size(s);
    ls_move m;
    assert_int_equal(ls_move_parse("discard KS draw", &m, NULL), 0);
    assert_int_equal(m.card, LS_NO_CARD);
    assert_int_equal(ls_apply(s, &m, NULL), 0);
    assert_true(m.card != LS_NO_CARD);
    assert_true(deck & LS_BIT(m.card));
    assert_true(ls_hand(s, 0) == (cards("7H 8C 9D 2S") | LS_BIT(m.card)));
    assert_true(ls_deck_cards(s) == (deck & ~LS_BIT(m.card)));
    assert_int_equal(ls_deck_size(s), size - 1);
    /* The open cards A did not take are dead; A's discard is open. */
    assert_true(ls_dead_cards(s) == cards("AD"));
    assert_true(ls_open_cards(s) == cards("KS"));
    ls_state_free(s);
}

static void test_a_named_draw_must_be_in_the_deck(void **state)
{
    (void)state;
    ls_state *s = r4_table();
    ls_error err = {0};
    rejected_unchanged(s, "discard KS draw 3C", LS_EDRAW, &err); /* B's card */
    rejected_unchanged(s, "discard KS draw AD", LS_EDRAW, &err); /* open */
    rejected_unchanged(s, "discard KS draw 2S", LS_EDRAW, &err); /* A's own */
    must_play(s, "discard KS draw 10S");
    assert_true(ls_hand(s, 0) == cards("7H 8C 9D 2S 10S"));
    assert_true((ls_deck_cards(s) & cards("10S")) == 0);
    ls_state_free(s);
}

/* An 8 x 6 table leaves 3 cards in the deck. Everyone discards their lowest
 * card and draws. */
static ls_state *tight_table(uint64_t seed)
{
    static const char *const names[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    ls_rules r = ls_rules_default();
    r.hand_size = 6;
    ls_state *s = ls_state_new(&r, 8, names, seed, NULL);
    assert_non_null(s);
    assert_int_equal(ls_deal(s, NULL), 0);
    assert_int_equal(ls_deck_size(s), 3);
    return s;
}

static ls_move lowest_then_draw(const ls_state *s)
{
    ls_move m = {.discard = LS_BIT(ls_cards_first(ls_hand(s, ls_turn(s)))),
                 .kind = LS_MOVE_DRAW, .card = LS_NO_CARD};
    return m;
}

static void test_an_empty_deck_is_refilled_from_the_dead_pile_only(void **state)
{
    (void)state;
    ls_state *s = tight_table(test_seed(99));
    for (int i = 0; i < 3; i++) {
        ls_move m = lowest_then_draw(s);
        assert_int_equal(ls_apply(s, &m, NULL), 0);
    }
    assert_int_equal(ls_deck_size(s), 0);
    assert_true(ls_deck_cards(s) == 0);
    ls_cards dead = ls_dead_cards(s), open = ls_open_cards(s);
    assert_int_equal(ls_cards_count(dead), 3); /* the opening card, A's, B's */
    int seat = ls_turn(s);
    ls_move m = lowest_then_draw(s);
    ls_cards discard = m.discard;
    assert_int_equal(ls_apply(s, &m, NULL), 0);
    /* The drawn card came from the dead pile; the rest of it is the deck. */
    assert_true(dead & LS_BIT(m.card));
    assert_true(ls_hand(s, seat) & LS_BIT(m.card));
    assert_true(ls_deck_cards(s) == (dead & ~LS_BIT(m.card)));
    assert_int_equal(ls_deck_size(s), 2);
    /* Neither the open cards nor the cards just discarded were shuffled in. */
    assert_true(ls_dead_cards(s) == open);
    assert_true(ls_open_cards(s) == discard);
    ls_state_free(s);
}

static void test_a_named_draw_from_an_empty_deck_comes_from_the_dead_pile(void **state)
{
    (void)state;
    ls_state *s = tight_table(test_seed(99));
    for (int i = 0; i < 3; i++) {
        ls_move m = lowest_then_draw(s);
        assert_int_equal(ls_apply(s, &m, NULL), 0);
    }
    ls_cards dead = ls_dead_cards(s), open = ls_open_cards(s);
    int seat = ls_turn(s);
    /* An open card is not in the refilled deck. */
    ls_move m = lowest_then_draw(s);
    m.card = ls_cards_first(open);
    assert_int_equal(ls_check(s, m, NULL), LS_EDRAW);
    /* A dead card is. */
    ls_card want = ls_cards_first(dead & ~LS_BIT(ls_cards_first(dead)));
    m.card = want;
    assert_int_equal(ls_apply(s, &m, NULL), 0);
    assert_int_equal(m.card, want);
    assert_true(ls_hand(s, seat) & LS_BIT(want));
    assert_true(ls_deck_cards(s) == (dead & ~LS_BIT(want)));
    ls_state_free(s);
}

/*
 * D9's last sentence (dead pile empty too: take an open card) cannot arise
 * under D13: hands and open cards hold at most players x hand size + 1 <=
 * 50 cards at the start of a turn (each multi-card discard shrinks the hands
 * by as many cards as it adds to the open cards beyond one), so the deck and
 * the dead pile hold at least 2 between them and a draw is always possible.
 * This checks that over long rounds on the two tightest tables.
 */
static void test_a_draw_is_always_possible_on_the_tightest_tables(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    uint64_t seed = test_seed(5);
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    for (int t = 0; t < 2; t++) {
        ls_rules r = ls_rules_default();
        r.hand_size = t ? 7 : 6;
        r.max_turns = 400;
        int n = t ? 7 : 8;
        ls_state *s = ls_state_new(&r, n, names, seed, NULL);
        assert_non_null(s);
        assert_int_equal(ls_deal(s, NULL), 0);
        int refills = 0;
        while (ls_phase(s) == LS_PHASE_TURN) {
            assert_true(ls_deck_size(s) + ls_cards_count(ls_dead_cards(s)) >= 2);
            ls_move moves[LS_MAX_MOVES];
            int nm = ls_legal_moves(s, moves), draws = 0, pick = -1;
            for (int i = 0; i < nm; i++) {
                if (moves[i].kind != LS_MOVE_DRAW)
                    continue;
                draws++;
                /* Mostly single cards, so that the deck runs out often. */
                if (pick < 0 || (ls_cards_count(moves[i].discard) == 1 &&
                                 ls_rng_below(&rng, 3) == 0))
                    pick = i;
            }
            assert_true(draws > 0);
            if (ls_deck_size(s) == 0)
                refills++;
            assert_int_equal(ls_apply(s, &moves[pick], NULL), 0);
        }
        assert_true(refills > 10);
        ls_state_free(s);
    }
}

/*
 * The same sentence of D9, checked on a state that real play cannot reach:
 * built from a hand-made view of a two-player table whose other hand holds
 * every card not in A's hand or open, leaving deck and dead pile empty.
 */
static void test_with_deck_and_dead_pile_both_empty_a_player_must_take(void **state)
{
    (void)state;
    static const char *const hands[] = {"7H 8C 9D 2S KS", "3C 4C 5C 6D JD"};
    ls_state *s = deal_state(NULL, 2, hands, "AD");
    ls_view v;
    ls_view_of(s, 0, &v);
    v.deck_size = 0;
    v.dead = 0;
    v.hand_size[1] = 52 - 5 - 1;
    ls_cards guess[2] = {0, LS_ALL_CARDS & ~v.hand & ~v.open};
    static const char *const names[] = {"A", "B"};
    ls_state *t = ls_state_new(NULL, 2, names, 1, NULL);
    assert_non_null(t);
    ls_error err = {0};
    if (ls_state_from_view(t, &v, guess, 1, &err) != 0)
        fail_msg("ls_state_from_view: %s", err.msg);
    assert_int_equal(ls_deck_size(t), 0);
    assert_true(ls_dead_cards(t) == 0);

    ls_move moves[LS_MAX_MOVES];
    int n = ls_legal_moves(t, moves), takes = 0;
    for (int i = 0; i < n; i++) {
        assert_int_not_equal(moves[i].kind, LS_MOVE_DRAW);
        takes += moves[i].kind == LS_MOVE_TAKE;
    }
    assert_true(takes > 0);
    n = ls_view_legal_moves(&v, moves);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(moves[i].kind, LS_MOVE_DRAW);
    rejected_unchanged(t, "discard KS draw", LS_EDRAW, &err);
    /* One open card is said as one. */
    assert_string_equal(err.msg, "the deck and the dead pile are empty: A must take "
                                 "the open card AD");
    must_play(t, "discard KS take AD");
    assert_true(ls_hand(t, 0) == cards("7H 8C 9D 2S AD"));
    ls_state_free(s);
    ls_state_free(t);
}

/* A message that counts or lists cards says one card as one: "the open card
 * is AD", "1 card", never "the open cards are AD" or "1 cards". */
static void test_messages_say_one_card_in_the_singular(void **state)
{
    (void)state;
    ls_state *s = r4_table(); /* A to move, AD open */
    ls_error err = {0};
    rejected_unchanged(s, "discard KS take QH", LS_ETAKE, &err);
    assert_string_equal(err.msg, "A cannot take QH: the open card is AD");
    ls_move m = {.discard = cards("KS"), .kind = LS_MOVE_TAKE, .card = LS_NO_CARD};
    assert_int_equal(ls_apply(s, &m, &err), LS_ETAKE);
    assert_string_equal(err.msg, "A must name the open card to take: the open card is AD");
    /* Two open cards are still said as more than one. */
    must_play(s, "discard KS draw");
    must_play(s, "discard 3C 4C 5C draw");
    rejected_unchanged(s, "discard QS take 2D", LS_ETAKE, &err);
    assert_string_equal(err.msg, "C cannot take 2D: the open cards are 3C 4C 5C");

    /* A guess that leaves one card for an empty deck. */
    ls_view v;
    ls_view_of(s, 0, &v);
    ls_cards guess[3] = {0};
    ls_cards unseen = LS_ALL_CARDS & ~v.hand & ~v.open & ~v.dead;
    for (int p = 1; p < 3; p++)
        for (int k = 0; k < v.hand_size[p]; k++) {
            guess[p] |= LS_BIT(ls_cards_first(unseen));
            unseen &= unseen - 1;
        }
    v.deck_size = ls_cards_count(unseen) - 1;
    static const char *const names[] = {"A", "B", "C"};
    ls_state *t = ls_state_new(NULL, 3, names, 1, NULL);
    assert_non_null(t);
    assert_int_equal(ls_state_from_view(t, &v, guess, 1, &err), LS_EDEAL);
    char want[96];
    snprintf(want, sizeof want, "the guessed hands leave %d cards for a deck of %d",
             v.deck_size + 1, v.deck_size);
    assert_string_equal(err.msg, want);
    v.deck_size = 0;
    while (ls_cards_count(unseen) > 1) { /* all but one card into C's guess */
        guess[2] |= LS_BIT(ls_cards_first(unseen));
        unseen &= unseen - 1;
    }
    v.hand_size[2] = ls_cards_count(guess[2]);
    assert_int_equal(ls_state_from_view(t, &v, guess, 1, &err), LS_EDEAL);
    assert_string_equal(err.msg, "the guessed hands leave 1 card for a deck of 0");
    ls_state_free(t);
    ls_state_free(s);
}

/* ---- D10: hands never grow ------------------------------------------- */

static void test_a_one_card_hand_discards_it_and_picks_up_one(void **state)
{
    (void)state;
    ls_rules r = ls_rules_default();
    r.hand_size = 3;
    static const char *const hands[] = {"5H 6H 7C", "2C 3C KD"};
    ls_state *s = deal_state(&r, 2, hands, "AD");
    must_play(s, "discard 5H 6H 7C take AD");
    assert_true(ls_hand(s, 0) == cards("AD"));
    must_play(s, "discard KD draw");
    must_play(s, "discard AD take KD");
    assert_true(ls_hand(s, 0) == cards("KD"));
    must_play(s, "discard 2C draw");
    must_play(s, "discard KD draw");
    assert_int_equal(ls_cards_count(ls_hand(s, 0)), 1);
    assert_true((ls_hand(s, 0) & cards("KD")) == 0);
    ls_state_free(s);
}

/* ---- every legal move, and only those ----------------------------------- */

/*
 * Everything checked in one state reached by random play: each listed move
 * appears once and is a (subset of the hand, pick-up) pair or a declare;
 * ls_check() accepts a discard and pick-up exactly when the discard has a
 * legal shape; the listed moves are exactly those ls_check() accepts.
 * `has_played` is whether the player to move has had a turn this round.
 */
static void check_moves_by_brute_force(const ls_state *s, bool has_played)
{
    const ls_rules *r = ls_state_rules(s);
    ls_cards hand = ls_hand(s, ls_turn(s)), open = ls_open_cards(s);
    ls_card held[7], opens[5];
    int nheld = 0, nopen = 0;
    for (ls_cards h = hand; h; h &= h - 1)
        held[nheld++] = ls_cards_first(h);
    for (ls_cards o = open; o; o &= o - 1)
        opens[nopen++] = ls_cards_first(o);
    assert_true(nheld >= 1 && nheld <= 7 && nopen >= 1 && nopen <= 5);

    /* listed[subset index][0 = draw, 1 + i = take opens[i]] */
    bool listed[128][6];
    memset(listed, 0, sizeof listed);
    bool declare_listed = false;
    ls_move moves[LS_MAX_MOVES];
    int n = ls_legal_moves(s, moves);
    assert_true(n > 0 && n <= LS_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        char buf[64];
        ls_move_str(moves[i], buf, sizeof buf);
        if (moves[i].kind == LS_MOVE_DECLARE) {
            if (declare_listed)
                fail_msg("declare is listed twice");
            declare_listed = true;
            continue;
        }
        if (moves[i].discard == 0 || (moves[i].discard & ~hand))
            fail_msg("'%s' discards cards not in the hand", buf);
        int idx = 0, pick = -1;
        for (int k = 0; k < nheld; k++)
            if (moves[i].discard & LS_BIT(held[k]))
                idx |= 1 << k;
        if (moves[i].kind == LS_MOVE_DRAW && moves[i].card == LS_NO_CARD)
            pick = 0;
        for (int k = 0; k < nopen && moves[i].kind == LS_MOVE_TAKE; k++)
            if (moves[i].card == opens[k])
                pick = 1 + k;
        if (pick < 0)
            fail_msg("'%s' is neither a draw nor a take of an open card", buf);
        if (listed[idx][pick])
            fail_msg("'%s' is listed twice", buf);
        listed[idx][pick] = true;
    }

    for (int idx = 1; idx < (1 << nheld); idx++) {
        ls_cards sub = 0;
        for (int k = 0; k < nheld; k++)
            if (idx & (1 << k))
                sub |= LS_BIT(held[k]);
        bool shape = ls_discard_ok(sub, r, NULL);
        for (int pick = 0; pick <= nopen; pick++) {
            ls_move m = {.discard = sub,
                         .kind = pick ? LS_MOVE_TAKE : LS_MOVE_DRAW,
                         .card = pick ? opens[pick - 1] : LS_NO_CARD};
            int rc = ls_check(s, m, NULL);
            char buf[64];
            ls_move_str(m, buf, sizeof buf);
            if ((rc == 0) != shape)
                fail_msg("ls_check says %d for '%s'", rc, buf);
            if (!shape && rc != LS_ESHAPE)
                fail_msg("'%s' is refused with %d, not LS_ESHAPE", buf, rc);
            if (listed[idx][pick] != shape)
                fail_msg("'%s' is %slegal but %slisted", buf, shape ? "" : "il",
                         listed[idx][pick] ? "" : "not ");
        }
    }

    /* Taking a card that is not open, with a legal single discard. */
    ls_move stray = {.discard = LS_BIT(held[0]), .kind = LS_MOVE_TAKE,
                     .card = ls_cards_first(LS_ALL_CARDS & ~open)};
    assert_int_equal(ls_check(s, stray, NULL), LS_ETAKE);

    /* R5/D7 and declare_max. */
    ls_move declare = {.discard = 0, .kind = LS_MOVE_DECLARE, .card = LS_NO_CARD};
    bool may_declare = has_played &&
                       (r->declare_max == 0 || ls_cards_total(hand) <= r->declare_max);
    assert_int_equal(ls_check(s, declare, NULL) == 0, may_declare);
    assert_int_equal(ls_can_declare(s), may_declare);
    assert_int_equal(declare_listed, may_declare);
}

/* All 52 cards are in exactly one place; the hands of players out of the
 * round are empty. */
static void check_cards_accounted(const ls_state *s)
{
    ls_cards seen = ls_open_cards(s);
    ls_cards parts[3] = {ls_dead_cards(s), ls_deck_cards(s), 0};
    for (int i = 0; i < 2; i++) {
        assert_true((seen & parts[i]) == 0);
        seen |= parts[i];
    }
    for (int p = 0; p < ls_players(s); p++) {
        ls_cards h = ls_hand(s, p);
        if (ls_eliminated(s, p))
            assert_true(h == 0);
        assert_true((seen & h) == 0);
        seen |= h;
    }
    assert_true(seen == LS_ALL_CARDS);
    assert_int_equal(ls_cards_count(ls_deck_cards(s)), ls_deck_size(s));
}

/* Random rules for n players that pass D13. */
static ls_rules random_rules(ls_rng *rng, int n)
{
    ls_rules r = ls_rules_default();
    do
        r.hand_size = 3 + (int)ls_rng_below(rng, 5);
    while (n * r.hand_size + 1 > 52);
    r.runs_suited = ls_rng_below(rng, 2);
    r.tie_penalty = ls_rng_below(rng, 2);
    r.declare_max = ls_rng_below(rng, 3) ? 0 : 5 + (int)ls_rng_below(rng, 20);
    r.threshold = 20 + (int)ls_rng_below(rng, 60);
    r.max_turns = 20 + (int)ls_rng_below(rng, 200);
    return r;
}

/*
 * Every field of a move word is checked, for every kind: in the state s,
 * ls_check() accepts a word exactly when it is one of the listed moves, or
 * a listed draw that names a card that can be drawn (a record's draw, D9).
 * Tried: each discard of the list (and none), each kind 0-15, each card
 * field 0-255.
 */
static void check_every_move_word(const ls_state *s)
{
    ls_move moves[LS_MAX_MOVES];
    int n = ls_legal_moves(s, moves);
    ls_cards discards[LS_MAX_MOVES];
    int nd = 0;
    discards[nd++] = 0;
    for (int i = 0; i < n; i++) {
        int k = 0;
        while (k < nd && discards[k] != moves[i].discard)
            k++;
        if (k == nd)
            discards[nd++] = moves[i].discard;
    }
    ls_cards drawable = ls_deck_size(s) ? ls_deck_cards(s) : ls_dead_cards(s);
    for (int d = 0; d < nd; d++) {
        for (unsigned kind = 0; kind < 16; kind++) {
            for (unsigned c = 0; c < 256; c++) {
                ls_move m = {.discard = discards[d], .kind = kind, .card = c};
                ls_move plain = m;
                if (kind == LS_MOVE_DRAW && c < 52 && (drawable & LS_BIT(c)))
                    plain.card = LS_NO_CARD;
                bool listed = false;
                for (int i = 0; i < n && !listed; i++)
                    listed = moves[i].discard == plain.discard &&
                             moves[i].kind == plain.kind && moves[i].card == plain.card;
                int rc = ls_check(s, m, NULL);
                if ((rc == 0) != listed)
                    fail_msg("discard %016llx kind %u card %u: ls_check %d, %slisted",
                             (unsigned long long)m.discard, kind, c, rc,
                             listed ? "" : "not ");
            }
        }
    }
}

static void test_a_move_word_is_accepted_only_as_a_listed_move(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C", "D"};
    uint64_t seed = test_seed(20261201);
    long want = test_env_long("LS_WORD_STATES", 60);
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    ls_rules r = ls_rules_default();
    r.max_turns = 60;
    long checked = 0;
    while (checked < want) {
        ls_state *s = ls_state_new(&r, 4, names, ls_rng_next(&rng), NULL);
        assert_non_null(s);
        while (ls_phase(s) != LS_PHASE_OVER && checked < want) {
            assert_int_equal(ls_deal(s, NULL), 0);
            while (ls_phase(s) == LS_PHASE_TURN && checked < want) {
                check_every_move_word(s);
                checked++;
                ls_move moves[LS_MAX_MOVES];
                int nm = ls_legal_moves(s, moves);
                ls_move m = moves[ls_rng_below(&rng, (uint32_t)nm)];
                assert_int_equal(ls_apply(s, &m, NULL), 0);
            }
        }
        ls_state_free(s);
    }
}

static void test_legal_moves_are_exactly_the_moves_the_rules_allow(void **state)
{
    (void)state;
    static const char *const names[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    uint64_t seed = test_seed(20261129);
    long want = test_env_long("LS_TURN_STATES", 1500);
    ls_rng rng;
    ls_rng_seed(&rng, seed);
    long checked = 0;
    while (checked < want) {
        int n = 2 + (int)ls_rng_below(&rng, 7);
        ls_rules r = random_rules(&rng, n);
        ls_state *s = ls_state_new(&r, n, names, ls_rng_next(&rng), NULL);
        assert_non_null(s);
        while (ls_phase(s) != LS_PHASE_OVER && checked < want) {
            assert_int_equal(ls_deal(s, NULL), 0);
            uint8_t played = 0;
            int size[LS_MAX_PLAYERS];
            for (int p = 0; p < n; p++)
                size[p] = ls_cards_count(ls_hand(s, p));
            while (ls_phase(s) == LS_PHASE_TURN) {
                int seat = ls_turn(s);
                check_cards_accounted(s);
                check_moves_by_brute_force(s, played & (1u << seat));
                checked++;
                ls_move moves[LS_MAX_MOVES];
                int nm = ls_legal_moves(s, moves);
                int pick = (int)ls_rng_below(&rng, (uint32_t)nm);
                /* Declare now and then (1 in 15 when allowed), else play a
                 * random discard and pick-up, so that rounds vary in length. */
                bool declare = ls_can_declare(s) && ls_rng_below(&rng, 15) == 0;
                for (int k = 0; k < nm && (moves[pick].kind == LS_MOVE_DECLARE) != declare;
                     k++)
                    pick = (pick + 1) % nm;
                assert_int_equal(ls_apply(s, &moves[pick], NULL), 0);
                played |= (uint8_t)(1u << seat);
                if (ls_phase(s) == LS_PHASE_TURN) {
                    int now = ls_cards_count(ls_hand(s, seat));
                    assert_true(now >= 1 && now <= size[seat]);
                    size[seat] = now;
                }
            }
        }
        ls_state_free(s);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_the_opening_card_is_the_first_players_open_card),
    cmocka_unit_test(test_a_seeded_deal_turns_up_one_opening_card),
    cmocka_unit_test(test_r4_example_next_player_may_take_any_card_of_the_discard),
    cmocka_unit_test(test_an_older_discard_may_not_be_taken),
    cmocka_unit_test(test_a_player_may_not_take_back_their_own_discard),
    cmocka_unit_test(test_taking_a_card_that_is_not_open_names_the_open_cards),
    cmocka_unit_test(test_a_card_not_in_hand_may_not_be_discarded),
    cmocka_unit_test(test_every_turn_discards_at_least_one_card),
    cmocka_unit_test(test_a_malformed_move_is_rejected_and_changes_nothing),
    cmocka_unit_test(test_play_passes_to_the_next_player),
    cmocka_unit_test(test_a_move_out_of_turn_is_rejected),
    cmocka_unit_test(test_moves_are_written_in_record_notation),
    cmocka_unit_test(test_text_that_is_not_a_move_is_rejected),
    cmocka_unit_test(test_a_wrong_word_in_a_move_says_what_the_move_allows_there),
    cmocka_unit_test(test_a_move_at_its_bounds_says_what_is_wrong),
    cmocka_unit_test(test_drawing_takes_the_top_card_of_the_deck),
    cmocka_unit_test(test_a_named_draw_must_be_in_the_deck),
    cmocka_unit_test(test_an_empty_deck_is_refilled_from_the_dead_pile_only),
    cmocka_unit_test(test_a_named_draw_from_an_empty_deck_comes_from_the_dead_pile),
    cmocka_unit_test(test_a_draw_is_always_possible_on_the_tightest_tables),
    cmocka_unit_test(test_with_deck_and_dead_pile_both_empty_a_player_must_take),
    cmocka_unit_test(test_messages_say_one_card_in_the_singular),
    cmocka_unit_test(test_a_one_card_hand_discards_it_and_picks_up_one),
    cmocka_unit_test(test_legal_moves_are_exactly_the_moves_the_rules_allow),
    cmocka_unit_test(test_a_move_word_is_accepted_only_as_a_listed_move),
};

LS_TEST_MAIN(tests)
