/*
 * names.h - how a name looks: the key under which two names that a reader
 * cannot tell apart are one.
 *
 * A name is 1 to 16 of A-Z a-z 0-9 _ - (ls_name_valid). In the fonts a
 * browser or a terminal shows them in, some of those differ by a pixel or
 * not at all: a capital I, a small l and a one (Iris, lris, 1ris); a
 * capital O and a zero (BOBO, BOB0); and, at a small size, rn beside m and
 * vv beside w. One player could pose as another in the lobby, at a table
 * and in the ratings under such a name. The look-alike key folds them:
 *
 *   1. the name in lower case (case never told two names apart here);
 *   2. i and 1 become l; 0 becomes o;
 *   3. from the left, rn becomes m;
 *   4. a run of v and w, each w counted as vv, becomes as many w as it
 *      holds pairs of v, and a v last when one is left over.
 *
 * Step 4 is not "vv becomes w from the left": "vw", "wv" and "vvv" are
 * one look, and that fold gave them two keys ("vw" and "wv"), so that
 * "Avw" and "Avvv" were both made (schema 8 of the store keys them
 * again).
 *
 * Other pairs (cl and d, 5 and S, 8 and B) are told apart in the fonts we
 * looked at, and folding them would refuse more real names than it saves.
 * Two names with one key are one name to the server: a new player's, a
 * guest's at a table and a computer player's are refused when another has
 * its key. SRV_LOOK_SQL() is the same key in SQL, for the store's
 * migrations (the steps touch different letters, so that replace()'s
 * whole-string passes give what the one scan here gives; step 4 is w made
 * vv, then vv made w from the left).
 */
#ifndef LS_SERVER_NAMES_H
#define LS_SERVER_NAMES_H

#include <stddef.h>
#include <string.h>

/* The key of name into key (size bytes, cut there; a name of at most
 * LS_NAME_MAX bytes needs LS_NAME_MAX + 1). */
static inline void srv_name_look(const char *name, char *key, size_t size)
{
    size_t k = 0;
    if (!size)
        return;
    for (size_t i = 0; name[i] && k + 1 < size;) {
        char c = name[i++];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c == 'v' || c == 'w') {
            /* The run's v, a w as two: never more key than name. */
            size_t n = c == 'w' ? 2 : 1;
            for (; name[i] && strchr("vVwW", name[i]); i++)
                n += name[i] == 'w' || name[i] == 'W' ? 2 : 1;
            for (; n >= 2 && k + 1 < size; n -= 2)
                key[k++] = 'w';
            if (n && k + 1 < size)
                key[k++] = 'v';
            continue;
        }
        char d = name[i];
        if (d >= 'A' && d <= 'Z')
            d = (char)(d - 'A' + 'a');
        if (c == 'i' || c == '1')
            c = 'l';
        else if (c == '0')
            c = 'o';
        else if (c == 'r' && d == 'n') {
            c = 'm';
            i++;
        }
        key[k++] = c;
    }
    key[k] = '\0';
}

/* The key of the SQL text x, as srv_name_look() makes it. */
#define SRV_LOOK_SQL(x)                                                        \
    "replace(replace(replace(replace(replace(replace(lower(" x "),"            \
    " '1', 'l'), 'i', 'l'), '0', 'o'), 'rn', 'm'), 'w', 'vv'), 'vv', 'w')"

/* The key of schema 7, vv made w from the left only: its migration's
 * text, which never changes. */
#define SRV_LOOK_SQL_7(x)                                                      \
    "replace(replace(replace(replace(replace(lower(" x "),"                    \
    " '1', 'l'), 'i', 'l'), '0', 'o'), 'rn', 'm'), 'vv', 'w')"

#endif
