/*
 * fuzz_record.c - the game record reader on arbitrary bytes.
 *
 * ls_record_read must accept or reject any text without a crash, a leak
 * or undefined behaviour. On rejection the error names a line of the text
 * and a column in it (or none) and its message is printable; on acceptance the match it returns is a
 * consistent one (the rounds it reports are complete, every seat named).
 */
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ls_state *s = NULL;
    ls_round_result *res = NULL;
    int n = 0;
    ls_error err;
    int rc = ls_record_read((const char *)data, size, &s, &res, &n, &err);
    if (rc != 0) {
        FUZZ_CHECK(rc < 0 && err.code == rc, "rc %d, err.code %d", rc, err.code);
        FUZZ_CHECK(!s && !res && n == 0, "a rejected record left a result");
        int lines = 1; /* a line ends in LF, CRLF or a CR alone */
        for (size_t i = 0; i + 1 < size; i++)
            lines += data[i] == '\n' || (data[i] == '\r' && data[i + 1] != '\n');
        FUZZ_CHECK(err.line >= 1 && err.line <= lines, "line %d of %d", err.line, lines);
        /* The column is in that line, or just past its end (a token
         * missing), or 0 (what is missing when the record ends). The
         * line's length counts from after a byte order mark. */
        size_t at = size >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3) ? 3 : 0;
        for (int l = 1; l < err.line && at < size; l++) {
            while (at < size && data[at] != '\n' && data[at] != '\r')
                at++;
            at += at + 1 < size && data[at] == '\r' && data[at + 1] == '\n' ? 2 : 1;
        }
        size_t len = 0;
        while (at + len < size && data[at + len] != '\n' && data[at + len] != '\r')
            len++;
        FUZZ_CHECK(err.column >= 0 && (size_t)err.column <= len + 1,
                   "column %d of line %d, %zu bytes long", err.column, err.line, len);
        FUZZ_CHECK(err.msg[0] != '\0', "no message");
        fuzz_check_message(&err);
        return 0;
    }
    FUZZ_CHECK(s != NULL, "accepted without a state");
    FUZZ_CHECK(n == 0 || res != NULL, "%d rounds without results", n);
    int players = ls_players(s);
    FUZZ_CHECK(players >= LS_MIN_PLAYERS && players <= LS_MAX_PLAYERS, "%d players", players);
    for (int i = 0; i < n; i++) {
        FUZZ_CHECK(res[i].round == i + 1, "round %d at %d", res[i].round, i);
        FUZZ_CHECK(res[i].players != 0, "round %d without players", i + 1);
    }
    ls_state_free(s);
    free(res);
    return 0;
}
