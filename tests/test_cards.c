/*
 * test_cards.c - cards as text and as points (R1).
 *
 * A card is written rank then suit, canonically `AS 10H QD`; input is
 * case-insensitive and accepts `T` for 10. Anything else is not a card.
 * R1 gives the values: Ace 1, 2..10 face value, Jack, Queen, King 10.
 */
#include "support/support.h"

#include <stdio.h>
#include <string.h>

static const char *const rank_names[13] = {"A", "2", "3", "4", "5", "6", "7",
                                           "8", "9", "10", "J", "Q", "K"};
static const char suit_names[4] = {'C', 'D', 'H', 'S'};

/* ---- names ------------------------------------------------------ */

static void test_cards_are_named_rank_then_suit(void **state)
{
    (void)state;
    char buf[4];
    assert_string_equal(ls_card_str(LS_CARD(0, LS_SPADES), buf), "AS");
    assert_string_equal(ls_card_str(LS_CARD(9, LS_HEARTS), buf), "10H");
    assert_string_equal(ls_card_str(LS_CARD(11, LS_DIAMONDS), buf), "QD");
    assert_string_equal(ls_card_str(LS_CARD(1, LS_CLUBS), buf), "2C");
    assert_string_equal(ls_card_str(LS_CARD(10, LS_CLUBS), buf), "JC");
    assert_string_equal(ls_card_str(LS_CARD(12, LS_SPADES), buf), "KS");
    /* It returns the buffer it was given. */
    assert_ptr_equal(ls_card_str(LS_CARD(4, LS_HEARTS), buf), buf);
}

static void test_every_card_has_its_canonical_name(void **state)
{
    (void)state;
    for (int rank = 0; rank < 13; rank++) {
        for (int suit = 0; suit < 4; suit++) {
            char want[4], buf[4];
            snprintf(want, sizeof want, "%s%c", rank_names[rank], suit_names[suit]);
            ls_card c = LS_CARD(rank, suit);
            assert_string_equal(ls_card_str(c, buf), want);
            assert_int_equal(ls_card_parse(want), c);
        }
    }
}

static void test_card_names_are_read_case_insensitively(void **state)
{
    (void)state;
    assert_int_equal(ls_card_parse("as"), LS_CARD(0, LS_SPADES));
    assert_int_equal(ls_card_parse("aS"), LS_CARD(0, LS_SPADES));
    assert_int_equal(ls_card_parse("qd"), LS_CARD(11, LS_DIAMONDS));
    assert_int_equal(ls_card_parse("10h"), LS_CARD(9, LS_HEARTS));
    assert_int_equal(ls_card_parse("jc"), LS_CARD(10, LS_CLUBS));
    assert_int_equal(ls_card_parse("Ks"), LS_CARD(12, LS_SPADES));
}

static void test_t_is_read_as_ten(void **state)
{
    (void)state;
    assert_int_equal(ls_card_parse("TH"), LS_CARD(9, LS_HEARTS));
    assert_int_equal(ls_card_parse("th"), LS_CARD(9, LS_HEARTS));
    assert_int_equal(ls_card_parse("Tc"), LS_CARD(9, LS_CLUBS));
    /* ... but written canonically as 10. */
    char buf[4];
    assert_string_equal(ls_card_str(ls_card_parse("TS"), buf), "10S");
}

static void test_text_that_is_not_a_card_is_rejected(void **state)
{
    (void)state;
    static const char *const junk[] = {
        "",    "A",   "S",   "10",  "1H",  "0H",  "11H", "ZS",  "AX",
        "A1",  "ASX", "10HS", "QQ", "1 0H", "-5H", "T0H", "AAS", "H7",
        "#",   "AS,", "1OH",
    };
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        if (ls_card_parse(junk[i]) != LS_NO_CARD)
            fail_msg("'%s' was read as a card", junk[i]);
    }
}

/* ---- R1 values ---------------------------------------------------- */

static void test_ace_counts_one(void **state)
{
    (void)state;
    for (int suit = 0; suit < 4; suit++)
        assert_int_equal(ls_card_value(LS_CARD(0, suit)), 1);
}

static void test_two_to_ten_count_face_value(void **state)
{
    (void)state;
    for (int rank = 1; rank <= 9; rank++)
        for (int suit = 0; suit < 4; suit++)
            assert_int_equal(ls_card_value(LS_CARD(rank, suit)), rank + 1);
    assert_int_equal(ls_card_value(card("7H")), 7);
    assert_int_equal(ls_card_value(card("10D")), 10);
}

static void test_jack_queen_king_count_ten(void **state)
{
    (void)state;
    for (int rank = 10; rank <= 12; rank++)
        for (int suit = 0; suit < 4; suit++)
            assert_int_equal(ls_card_value(LS_CARD(rank, suit)), 10);
}

static void test_a_hand_totals_its_card_values(void **state)
{
    (void)state;
    assert_int_equal(ls_cards_total(cards("AS 10H QD")), 21);
    assert_int_equal(ls_cards_total(cards("7H 8H 9H KD 2C")), 36);
    assert_int_equal(ls_cards_total(cards("AC AD AH AS 2C")), 6);
    assert_int_equal(ls_cards_total(0), 0);
    /* 4 x (1 + 2 + ... + 10 + 3 x 10) = 4 x 85 */
    assert_int_equal(ls_cards_total(LS_ALL_CARDS), 340);
}

static void test_a_set_counts_its_cards(void **state)
{
    (void)state;
    assert_int_equal(ls_cards_count(0), 0);
    assert_int_equal(ls_cards_count(cards("AS")), 1);
    assert_int_equal(ls_cards_count(cards("AS 10H QD")), 3);
    assert_int_equal(ls_cards_count(LS_ALL_CARDS), 52);
}

static void test_first_card_of_a_set_is_its_lowest(void **state)
{
    (void)state;
    assert_int_equal(ls_cards_first(cards("QD 10H AS")), card("AS"));
    assert_int_equal(ls_cards_first(cards("KS 7H 7C")), card("7C"));
    assert_int_equal(ls_cards_first(cards("KS")), card("KS"));
    assert_int_equal(ls_cards_first(0), LS_NO_CARD);
}

/* ---- sets as text ------------------------------------------------- */

static void test_a_set_is_written_in_ascending_order(void **state)
{
    (void)state;
    char buf[64];
    assert_int_equal(ls_cards_str(cards("9H 7H 8H"), buf, sizeof buf), 8);
    assert_string_equal(buf, "7H 8H 9H");
    ls_cards_str(cards("QD 10H AS"), buf, sizeof buf);
    assert_string_equal(buf, "AS 10H QD");
    /* Ranks first, then suits C D H S within a rank. */
    ls_cards_str(cards("7S 7C 7H 7D 6S"), buf, sizeof buf);
    assert_string_equal(buf, "6S 7C 7D 7H 7S");
    ls_cards_str(cards("KS"), buf, sizeof buf);
    assert_string_equal(buf, "KS");
}

static void test_the_empty_set_is_written_as_a_dash(void **state)
{
    (void)state;
    char buf[8];
    assert_int_equal(ls_cards_str(0, buf, sizeof buf), 1);
    assert_string_equal(buf, "-");
}

static void test_set_text_is_truncated_like_snprintf(void **state)
{
    (void)state;
    char buf[6];
    memset(buf, 'x', sizeof buf);
    /* "7H 8H 9H" needs 8 characters; 5 fit with the terminating NUL. */
    assert_int_equal(ls_cards_str(cards("7H 8H 9H"), buf, sizeof buf), 8);
    assert_string_equal(buf, "7H 8H");
    /* The whole deck: 52 names (the four tens have three characters) and
     * 51 spaces. */
    char big[256];
    int n = ls_cards_str(LS_ALL_CARDS, big, sizeof big);
    assert_int_equal(n, 48 * 2 + 4 * 3 + 51);
    assert_int_equal((int)strlen(big), n);
    /* As with snprintf, no buffer at all asks for the length. */
    assert_int_equal(ls_cards_str(cards("7H 8H 9H"), NULL, 0), 8);
    assert_int_equal(ls_cards_str(0, NULL, 0), 1);
}

static void test_set_text_reads_back_as_the_same_set(void **state)
{
    (void)state;
    ls_rng rng;
    ls_rng_seed(&rng, test_seed(7));
    for (int i = 0; i < 2000; i++) {
        ls_cards set = ls_rng_next(&rng) & LS_ALL_CARDS;
        char buf[256];
        ls_cards_str(set, buf, sizeof buf);
        if (set == 0)
            assert_string_equal(buf, "-");
        else
            assert_true(cards(buf) == set);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_cards_are_named_rank_then_suit),
    cmocka_unit_test(test_every_card_has_its_canonical_name),
    cmocka_unit_test(test_card_names_are_read_case_insensitively),
    cmocka_unit_test(test_t_is_read_as_ten),
    cmocka_unit_test(test_text_that_is_not_a_card_is_rejected),
    cmocka_unit_test(test_ace_counts_one),
    cmocka_unit_test(test_two_to_ten_count_face_value),
    cmocka_unit_test(test_jack_queen_king_count_ten),
    cmocka_unit_test(test_a_hand_totals_its_card_values),
    cmocka_unit_test(test_a_set_counts_its_cards),
    cmocka_unit_test(test_first_card_of_a_set_is_its_lowest),
    cmocka_unit_test(test_a_set_is_written_in_ascending_order),
    cmocka_unit_test(test_the_empty_set_is_written_as_a_dash),
    cmocka_unit_test(test_set_text_is_truncated_like_snprintf),
    cmocka_unit_test(test_set_text_reads_back_as_the_same_set),
};

LS_TEST_MAIN(tests)
