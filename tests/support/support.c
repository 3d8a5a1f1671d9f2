/*
 * support.c - helpers shared by the unit tests (see support.h).
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ls_card card(const char *text)
{
    ls_card c = ls_card_parse(text);
    if (c == LS_NO_CARD)
        fail_msg("not a card: '%s'", text);
    return c;
}

ls_cards cards(const char *text)
{
    ls_cards set = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save))
        set |= LS_BIT(card(tok));
    return set;
}

ls_state *deal_state(const ls_rules *rules, int n, const char *const hands[],
                     const char *open)
{
    static const char *const letters[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    ls_error err = {0};
    ls_state *s = ls_state_new(rules, n, letters, 1, &err);
    if (!s)
        fail_msg("ls_state_new: %s", err.msg);
    ls_cards h[LS_MAX_PLAYERS] = {0};
    for (int i = 0; i < n; i++)
        h[i] = cards(hands[i]);
    if (ls_deal_given(s, h, card(open), &err) != 0)
        fail_msg("ls_deal_given: %s", err.msg);
    return s;
}

void deal_next(ls_state *s, const char *const hands[], const char *open)
{
    ls_cards h[LS_MAX_PLAYERS] = {0};
    for (int i = 0; i < ls_players(s); i++)
        h[i] = hands[i] ? cards(hands[i]) : 0;
    ls_error err = {0};
    if (ls_deal_given(s, h, card(open), &err) != 0)
        fail_msg("ls_deal_given: %s", err.msg);
}

void take_snapshot(const ls_state *s, snapshot *p)
{
    memset(p, 0, sizeof *p);
    p->phase = ls_phase(s);
    p->turn = ls_turn(s);
    p->turns = ls_round_turns(s);
    p->round = ls_round(s);
    p->deck_size = ls_deck_size(s);
    p->starter = ls_starter(s);
    p->winner = ls_winner(s);
    p->can_declare = ls_can_declare(s);
    p->open = ls_open_cards(s);
    p->dead = ls_dead_cards(s);
    p->deck = ls_deck_cards(s);
    for (int i = 0; i < ls_players(s); i++) {
        p->score[i] = ls_score(s, i);
        p->hand[i] = ls_hand(s, i);
        ls_view_of(s, i, &p->view[i]);
    }
}

int play(ls_state *s, const char *move, ls_error *err)
{
    ls_error local = {0};
    ls_move m;
    if (!err)
        err = &local;
    int rc = ls_move_parse(move, &m, err);
    if (rc != 0)
        return rc;
    return ls_apply(s, &m, err);
}

void must_play(ls_state *s, const char *move)
{
    ls_error err = {0};
    if (play(s, move, &err) != 0)
        fail_msg("move '%s' rejected: %s", move, err.msg);
}

long test_env_long(const char *name, long def)
{
    const char *v = getenv(name);
    return v && *v ? strtol(v, NULL, 10) : def;
}

uint64_t test_seed(uint64_t def)
{
    const char *v = getenv("LS_SEED");
    uint64_t seed = v && *v ? strtoull(v, NULL, 10) : def;
    printf("# seed %llu (set LS_SEED to replay)\n", (unsigned long long)seed);
    return seed;
}

int ls_test_run(const char *group, const struct CMUnitTest *tests, size_t n,
                int argc, char **argv)
{
    if (argc > 1) {
        static char pattern[128];
        snprintf(pattern, sizeof pattern, "*%s*", argv[1]);
        cmocka_set_test_filter(pattern);
    }
    return _cmocka_run_group_tests(group, tests, n, NULL, NULL);
}
