/*
 * fuzz_move.c - the move notation parser (ls_move_parse) on arbitrary
 * text.
 *
 * A line that parses must write back (ls_move_str) to text that parses to
 * the same move; a line that does not parse leaves a printable message.
 */
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[2048], back[400];
    if (size >= sizeof text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    ls_move m, again;
    ls_error err;
    if (ls_move_parse(text, &m, &err) != 0) {
        fuzz_check_message(&err);
        return 0;
    }
    FUZZ_CHECK(m.kind >= LS_MOVE_TAKE && m.kind <= LS_MOVE_DECLARE, "kind %d", (int)m.kind);
    FUZZ_CHECK(m.kind == LS_MOVE_DECLARE ? m.discard == 0 : m.discard != 0,
               "a %d move discarding %llx", (int)m.kind, (unsigned long long)m.discard);
    FUZZ_CHECK(!(m.discard & ~LS_ALL_CARDS), "cards beyond the 52");
    FUZZ_CHECK(m.kind != LS_MOVE_TAKE || m.card < 52, "take of card %d", (int)m.card);
    FUZZ_CHECK(ls_move_str(m, back, sizeof back) >= 0, "cannot write the move");
    FUZZ_CHECK(ls_move_parse(back, &again, &err) == 0, "'%s' written as '%s': %s",
               text, back, err.msg);
    FUZZ_CHECK(again.kind == m.kind && again.discard == m.discard && again.card == m.card,
               "'%s' written as '%s' reads differently", text, back);
    return 0;
}
