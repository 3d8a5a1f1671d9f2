/*
 * fuzz_apply.c - ls_apply on arbitrary move words from reachable states.
 *
 * The input's first bytes choose the table (fuzz_match_new); then each
 * byte says what the player to move does: an even byte plays the legal
 * move the next byte picks (to reach deep states), an odd byte plays the
 * next 8 bytes as a raw ls_move word (any discard bits, kind and card).
 * After every call the engine must hold its contract:
 *   - ls_apply accepts a move exactly when ls_check does, and exactly when
 *     it is among ls_legal_moves (a draw being legal whatever card it
 *     names, the deck's top card being what is drawn);
 *   - a rejected move leaves the state byte for byte as it was;
 *   - the invariants of fuzz_check_state hold.
 */
#include "fuzz_match.h"

/* Whether m is legal by the list of legal moves: the list has each draw
 * once, naming no card; a draw that names one is legal when that card can
 * be drawn (from the deck, or from the dead pile once the deck is empty,
 * D9). */
static bool listed(const ls_state *s, const ls_move *moves, int n, ls_move m)
{
    if (m.kind == LS_MOVE_DRAW && m.card != LS_NO_CARD) {
        ls_cards from = ls_deck_size(s) ? ls_deck_cards(s) : ls_dead_cards(s);
        if (m.card >= 52 || !(from & LS_BIT(m.card)))
            return false;
        m.card = LS_NO_CARD;
    }
    for (int i = 0; i < n; i++)
        if (moves[i].kind == m.kind && moves[i].discard == m.discard &&
            moves[i].card == m.card)
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size, 0};
    ls_state *s = fuzz_match_new(&in);
    if (!s)
        return 0;
    ls_state *before = ls_state_clone(s);
    FUZZ_CHECK(before != NULL, "out of memory");
    static ls_move moves[LS_MAX_MOVES];
    while (in.pos < in.size && ls_phase(s) != LS_PHASE_OVER) {
        if (ls_phase(s) == LS_PHASE_DEAL) {
            FUZZ_CHECK(ls_deal(s, NULL) == 0, "cannot deal round %d", ls_round(s) + 1);
            fuzz_check_state(s);
            continue;
        }
        int n = ls_legal_moves(s, moves);
        FUZZ_CHECK(n > 0 && n <= LS_MAX_MOVES, "%d legal moves", n);
        uint8_t op = fuzz_byte(&in);
        ls_move m;
        if (!(op & 1)) {
            m = moves[fuzz_byte(&in) % n];
            ls_error err;
            FUZZ_CHECK(ls_apply(s, &m, &err) == 0, "a listed move is refused: %s", err.msg);
        } else {
            uint64_t word = 0;
            for (int i = 0; i < 8; i++)
                word = word << 8 | fuzz_byte(&in);
            memcpy(&m, &word, sizeof m);
            bool legal = listed(s, moves, n, m);
            ls_state_copy(before, s);
            ls_error err;
            int checked = ls_check(s, m, NULL);
            int rc = ls_apply(s, &m, &err);
            FUZZ_CHECK((checked == 0) == (rc == 0), "ls_check %d, ls_apply %d", checked, rc);
            FUZZ_CHECK((rc == 0) == legal, "ls_apply %d on a move %s the legal ones (%016llx)",
                       rc, legal ? "among" : "not among", (unsigned long long)word);
            if (rc != 0) {
                FUZZ_CHECK(memcmp(before, s, sizeof *s) == 0, "a refused move changed the state");
                fuzz_check_message(&err);
            }
        }
        fuzz_check_state(s);
    }
    ls_state_free(before);
    ls_state_free(s);
    return 0;
}
