/*
 * fuzz_botline.c - what the referee reads from a bot: arbitrary output
 * split into answers (cli_bot_next_line) and judged against a reachable
 * position (cli_bot_answer).
 *
 * The first bytes choose a table and how many random legal turns to play
 * before the bot's turn; the rest is the bot's output, arriving in chunks
 * whose sizes the input also chooses, through a buffer of the size the
 * referee uses. Every answer taken must be the one a plain reading of
 * all the output so far finds (the model below: lines split at newlines,
 * one longer than CLI_BOT_LINE_MAX - 1 bytes cut and flagged, however its
 * bytes arrived); a move judged legal must be one the engine accepts, and
 * one judged illegal one it refuses.
 */
#include "cli/botproc.h"
#include "fuzz_match.h"

/* The model: the next answer in out[0..*n) of the bytes in all[0..len)
 * from *pos; 1 for a line, 2 for the start of an overlong one, 0 when no
 * answer is there yet. *skip: the rest of an overlong line comes first. */
static int model_next(const uint8_t *all, size_t len, size_t *pos, bool *skip,
                      const uint8_t **out, size_t *n)
{
    for (;;) {
        const uint8_t *at = all + *pos;
        const uint8_t *nl = memchr(at, '\n', len - *pos);
        if (*skip) {
            if (!nl)
                return 0;
            *pos = (size_t)(nl - all) + 1;
            *skip = false;
            continue;
        }
        size_t line_len = nl ? (size_t)(nl - at) : len - *pos;
        /* A '\r' before the newline is no part of the line: a line of
         * CLI_BOT_LINE_MAX - 1 bytes and its '\r' is whole, and waits for
         * its newline after the '\r'. */
        bool cr_last = line_len == CLI_BOT_LINE_MAX && at[line_len - 1] == '\r';
        int kind;
        if (!nl && cr_last) {
            return 0;
        } else if (line_len > CLI_BOT_LINE_MAX - 1 && !(nl && cr_last)) {
            kind = 2;
            *n = CLI_BOT_LINE_MAX - 1;
            *pos = nl ? (size_t)(nl - all) + 1 : *pos + *n;
            *skip = !nl;
        } else if (nl) {
            kind = 1;
            *n = line_len;
            *pos += line_len + 1;
        } else {
            return 0;
        }
        *out = at;
        if (*n > 0 && at[*n - 1] == '\r')
            (*n)--;
        if (*n > 0 && at[0] != '#') /* a line of NUL bytes is not empty */
            return kind;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size, 0};
    ls_state *s = fuzz_match_new(&in);
    if (!s)
        return 0;
    FUZZ_CHECK(ls_deal(s, NULL) == 0, "cannot deal");
    static ls_move moves[LS_MAX_MOVES];
    for (int turns = fuzz_byte(&in) % 64; turns > 0 && ls_phase(s) == LS_PHASE_TURN; turns--) {
        int n = ls_legal_moves(s, moves);
        ls_move m = moves[fuzz_byte(&in) % n];
        FUZZ_CHECK(ls_apply(s, &m, NULL) == 0, "a listed move is refused");
    }
    if (ls_phase(s) != LS_PHASE_TURN) {
        ls_state_free(s);
        return 0;
    }
    ls_view v;
    ls_view_of(s, ls_turn(s), &v);
    char buf[CLI_BOT_LINE_MAX * 2], line[CLI_BOT_LINE_MAX];
    size_t len = 0, fed = 0, mpos = 0;
    bool skip = false, mskip = false;
    uint8_t *all = malloc(in.size - in.pos + 1); /* the bot's output, as fed */
    FUZZ_CHECK(all != NULL, "out of memory");
    while (in.pos < in.size) {
        size_t chunk = 1 + fuzz_byte(&in) * 8u, room = sizeof buf - len;
        if (chunk > room)
            chunk = room;
        if (chunk > in.size - in.pos)
            chunk = in.size - in.pos;
        FUZZ_CHECK(chunk > 0 || in.pos == in.size, "a full buffer with no line in it");
        memcpy(buf + len, in.data + in.pos, chunk);
        memcpy(all + fed, in.data + in.pos, chunk);
        len += chunk;
        in.pos += chunk;
        fed += chunk;
        for (;;) {
            size_t was = len, want_n = 0;
            const uint8_t *want = NULL;
            size_t n = 0;
            int got = cli_bot_next_line(buf, &len, &skip, line, sizeof line, &n);
            int expect = model_next(all, fed, &mpos, &mskip, &want, &want_n);
            FUZZ_CHECK(got == expect, "returned %d where the model finds %d", got, expect);
            if (!got)
                break;
            FUZZ_CHECK(len < was, "a line taken, nothing used");
            FUZZ_CHECK(!skip || got == 2, "skip set after a whole line");
            FUZZ_CHECK(skip == mskip, "skip %d where the model has %d", skip, mskip);
            FUZZ_CHECK(n == want_n && memcmp(line, want, want_n) == 0 && line[n] == '\0',
                       "took %zu bytes '%s', not the model's line of %zu", n, line, want_n);
            FUZZ_CHECK(n > 0 && n < CLI_BOT_LINE_MAX && line[0] != '#' && !memchr(line, '\n', n),
                       "not an answer line: '%s'", line);
            ls_move m;
            int rc = cli_bot_answer(&v, line, n, &m);
            if (rc == 0 || rc == CLI_BOT_ILLEGAL) {
                int checked = ls_check(s, m, NULL);
                FUZZ_CHECK((rc == 0) == (checked == 0), "judged %d, the engine says %d",
                           rc, checked);
            } else {
                FUZZ_CHECK(rc == CLI_BOT_GARBAGE, "judged %d", rc);
                FUZZ_CHECK(memchr(line, '\0', n) || ls_move_parse(line, &m, NULL) != 0,
                           "a move judged garbage");
            }
            if (memchr(line, '\0', n)) {
                FUZZ_CHECK(rc == CLI_BOT_GARBAGE, "a line holding a NUL byte judged %d", rc);
            }
        }
        FUZZ_CHECK(len < CLI_BOT_LINE_MAX ||
                       (len == CLI_BOT_LINE_MAX && buf[len - 1] == '\r' && !skip),
                   "%zu bytes left without a line", len);
    }
    free(all);
    ls_state_free(s);
    return 0;
}
