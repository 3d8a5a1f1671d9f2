/*
 * fuzz_move.c - the move notation parser (ls_move_parse) on arbitrary
 * text.
 *
 * A line that parses must write back (ls_move_str) to text that parses to
 * the same move; a line that does not parse leaves a printable message,
 * no line, and a column that is 0 or the first byte of one of its words.
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
        FUZZ_CHECK(err.line == 0, "line %d", err.line);
        size_t len = strlen(text);
        FUZZ_CHECK(err.column >= 0 && (size_t)err.column <= len, "column %d of %zu bytes",
                   err.column, len);
        if (err.column > 0) {
            size_t at = (size_t)err.column - 1;
            FUZZ_CHECK(!strchr(" \t\r\n", text[at]) &&
                           (at == 0 || strchr(" \t\r\n", text[at - 1])),
                       "column %d is not where a word starts in '%s'", err.column, text);
        }
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
