/*
 * fuzz_spec.c - the two small parsers of the command line: a player spec
 * (ls_player_new, "expert:iters=2000,bias=0.02") and a rules option
 * (ls_rules_set, "hand_size" "7").
 *
 * The first byte chooses which. A spec is accepted and makes a player that
 * keeps the spec it was given and answers a move on a fresh deal, or is
 * refused with LS_EINVAL and a printable message. An option either sets
 * exactly that option to a value that reads back the same (ls_rules_get)
 * and leaves the others alone, or is refused with a printable message and
 * leaves the rules unchanged.
 */
#include <string.h>

#include "fuzz.h"
#include "leastscore_ai.h"

static void spec(const char *text)
{
    ls_error err = {0};
    ls_player *p = ls_player_new(text, 7, &err);
    if (!p) {
        FUZZ_CHECK(err.code == LS_EINVAL, "'%s' refused with %d: %s", text, err.code,
                   err.msg);
        FUZZ_CHECK(err.msg[0] != '\0', "'%s' refused without a message", text);
        fuzz_check_message(&err);
        return;
    }
    FUZZ_CHECK(!strcmp(p->spec, text), "'%s' became '%s'", text, p->spec);
    /* A player that was made plays: one move on a fresh deal, cheaply (an
     * expert's budget may be large, so only the cheap kinds move here). */
    if (!strncmp(text, "random", 6) || !strncmp(text, "greedy", 6)) {
        static const char *const names[] = {"Ann", "Bob"};
        ls_state *s = ls_state_new(NULL, 2, names, 1, NULL);
        FUZZ_CHECK(s && ls_deal(s, NULL) == 0, "cannot deal");
        ls_view v;
        ls_view_of(s, ls_turn(s), &v);
        ls_move m;
        FUZZ_CHECK(ls_player_choose(p, &v, &m, &err) == 0, "'%s' made no move: %s", text,
                   err.msg);
        FUZZ_CHECK(ls_check(s, m, NULL) == 0, "'%s' made an illegal move", text);
        ls_state_free(s);
    }
    ls_player_free(p);
}

/* Field by field: the struct has padding after its two bools, which a
 * struct returned by value leaves indeterminate, so memcmp may differ on
 * equal rules. */
static bool same_rules(const ls_rules *a, const ls_rules *b)
{
    return a->threshold == b->threshold && a->tie_penalty == b->tie_penalty &&
           a->runs_suited == b->runs_suited && a->hand_size == b->hand_size &&
           a->declare_max == b->declare_max && a->max_turns == b->max_turns;
}

static void option(const char *name, const char *value)
{
    ls_rules r = ls_rules_default(), before = r;
    ls_error err = {0};
    if (ls_rules_set(&r, name, value, &err) != 0) {
        FUZZ_CHECK(same_rules(&r, &before), "'%s' '%s' refused, rules changed",
                   name, value);
        FUZZ_CHECK(err.msg[0] != '\0', "'%s' '%s' refused without a message", name, value);
        fuzz_check_message(&err);
        return;
    }
    char got[64];
    FUZZ_CHECK(ls_rules_get(&r, name, got, sizeof got) == 0, "'%s' set, cannot be read", name);
    ls_rules again = ls_rules_default();
    FUZZ_CHECK(ls_rules_set(&again, name, got, &err) == 0 && same_rules(&again, &r),
               "'%s' '%s' reads back as '%s', which sets something else", name, value, got);
    int changed = 0;
    for (int i = 0; ls_option_names[i]; i++) {
        char a[64], b[64];
        ls_rules_get(&r, ls_option_names[i], a, sizeof a);
        ls_rules_get(&before, ls_option_names[i], b, sizeof b);
        changed += strcmp(a, b) != 0 && strcmp(ls_option_names[i], name) != 0;
    }
    FUZZ_CHECK(changed == 0, "'%s' '%s' changed another option", name, value);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 400)
        return 0;
    char text[401];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    if (data[0] & 1) {
        spec(text);
    } else {
        /* name and value split at the first space */
        char *sp = strchr(text, ' ');
        if (!sp)
            return 0;
        *sp = '\0';
        option(text, sp + 1);
    }
    return 0;
}
