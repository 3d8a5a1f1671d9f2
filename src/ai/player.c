/*
 * player.c - creating computer players from spec strings, and the thin
 * dispatch from the public ls_player_* calls to each kind's ops.
 *
 * A spec is "kind" or "kind:key=val,key=val". The kinds and their
 * constructors come from the LS__PLAYER_KINDS table in ai.h; this file only
 * splits the spec, finds the kind and hands the parameters over. Every
 * ls_player_* call tolerates the optional ops being NULL.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"

typedef ls_player *(*player_ctor)(const char *params, uint64_t seed,
                                  ls_error *err);

#define LS__KIND_NAME(name, help) #name,
#define LS__KIND_HELP(name, help) help,
#define LS__KIND_CTOR(name, help) ls__##name##_new,

const char *const ls_player_kinds[] = {LS__PLAYER_KINDS(LS__KIND_NAME) NULL};
const char *const ls_player_kind_help[] = {LS__PLAYER_KINDS(LS__KIND_HELP) NULL};
static const player_ctor ctors[] = {LS__PLAYER_KINDS(LS__KIND_CTOR)};

/* "random, greedy" for messages. */
static void kinds_list(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; ls_player_kinds[i] && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "",
                              ls_player_kinds[i]);
}

ls_player *ls_player_new(const char *spec, uint64_t seed, ls_error *err)
{
    char kinds[128];
    kinds_list(kinds, sizeof kinds);
    if (!spec || !*spec) {
        ls__fail(err, LS_EINVAL, "no player kind given; the kinds are: %s", kinds);
        return NULL;
    }
    size_t len = strlen(spec);
    if (len >= sizeof ((ls_player *)0)->spec) {
        /* Its head, cut between two UTF-8 characters. */
        int head = 40;
        while (head > 0 && ((unsigned char)spec[head] & 0xc0) == 0x80)
            head--;
        ls__fail(err, LS_EINVAL, "player spec '%.*s...' is too long (%zu bytes; a spec "
                 "has at most %zu)", head, spec, len, sizeof ((ls_player *)0)->spec - 1);
        return NULL;
    }
    const char *colon = strchr(spec, ':');
    size_t klen = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *params = colon ? colon + 1 : NULL; /* NULL: no colon */
    for (int i = 0; ls_player_kinds[i]; i++) {
        if (strlen(ls_player_kinds[i]) != klen ||
            strncmp(ls_player_kinds[i], spec, klen) != 0)
            continue;
        ls_player *p = ctors[i](params, seed, err);
        if (p)
            snprintf(p->spec, sizeof p->spec, "%s", spec);
        return p;
    }
    ls__fail(err, LS_EINVAL, "unknown player kind '%.*s'; the kinds are: %s",
             (int)(klen > 40 ? 40 : klen), spec, kinds);
    return NULL;
}

ls_player *ls__player_alloc(const ls_player_ops *ops, void *impl, ls_error *err)
{
    ls_player *p = calloc(1, sizeof *p);
    if (!p) {
        ls__fail(err, LS_ENOMEM, "out of memory creating a %s player", ops->kind);
        return NULL;
    }
    p->ops = ops;
    p->impl = impl;
    return p;
}

int ls__params_parse(const char *kind, const char *params,
                     const char *const known[], ls__param *out, int max,
                     ls_error *err)
{
    /* The longest list (the expert's) must fit whole, here and in the
     * message: a bad key is quoted at most QUOTE_MAX characters long. */
    enum { QUOTE_MAX = 24 };
    char keys[200];
    size_t kn = 0;
    keys[0] = '\0';
    for (int i = 0; known[i] && kn < sizeof keys; i++)
        kn += (size_t)snprintf(keys + kn, sizeof keys - kn, "%s%s",
                               i ? ", " : "", known[i]);
    if (!*keys)
        snprintf(keys, sizeof keys, "none");

    if (!params) /* the kind alone */
        return 0;
    /* A colon or a comma says that a parameter was meant: a list cut short
     * by a shell or a script would otherwise play with the defaults without
     * a word. The spec is quoted whole, or its kind and the end of its list
     * when it is long, which is where such a mistake is. */
    char spec[64];
    size_t plen = strlen(params);
    if (plen > 30)
        snprintf(spec, sizeof spec, "%s:...%s", kind, params + plen - 27);
    else
        snprintf(spec, sizeof spec, "%s:%s", kind, params);
    const char *what = !*params ? "has nothing after its colon"
                       : params[plen - 1] == ',' ? "ends with a comma" : NULL;
    if (what && !known[0]) /* NAME=VALUE would be no help */
        return ls__fail(err, LS_EINVAL, "'%s' %s: %s takes no parameters; give the "
                        "kind alone", spec, what, kind);
    if (!*params)
        return ls__fail(err, LS_EINVAL, "'%s' has nothing after its colon: the kind "
                        "alone, or NAME=VALUE after it (parameters: %s)", spec, keys);
    if (what)
        return ls__fail(err, LS_EINVAL, "'%s' ends with a comma: NAME=VALUE missing "
                        "after it (parameters: %s)", spec, keys);

    int n = 0;
    const char *p = params;
    while (*p) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == 0 && p == params)
            return ls__fail(err, LS_EINVAL, "'%s' has a comma just after its colon: "
                            "NAME=VALUE missing before it (parameters: %s)", spec, keys);
        if (len == 0)
            return ls__fail(err, LS_EINVAL, "'%s' has two commas with nothing between "
                            "them: NAME=VALUE missing (parameters: %s)", spec, keys);
        const char *eq = memchr(p, '=', len);
        if (!eq || eq == p)
            return ls__fail(err, LS_EINVAL,
                            "%s: parameter '%.*s%s' is not key=value "
                            "(parameters: %s)", kind,
                            (int)(len > QUOTE_MAX ? QUOTE_MAX : len), p,
                            len > QUOTE_MAX ? "..." : "", keys);
        size_t keylen = (size_t)(eq - p), vallen = len - keylen - 1;
        int k = -1;
        for (int i = 0; known[i]; i++)
            if (strlen(known[i]) == keylen && !strncmp(known[i], p, keylen))
                k = i;
        if (k < 0)
            return ls__fail(err, LS_EINVAL,
                            "%s: unknown parameter '%.*s%s' (parameters: %s)",
                            kind, (int)(keylen > QUOTE_MAX ? QUOTE_MAX : keylen), p,
                            keylen > QUOTE_MAX ? "..." : "", keys);
        for (int i = 0; i < n; i++)
            if (!strcmp(out[i].key, known[k]))
                return ls__fail(err, LS_EINVAL, "%s: parameter '%s' is given twice",
                                kind, known[k]);
        if (n >= max || vallen >= sizeof out[0].value)
            return ls__fail(err, LS_EINVAL, "%s: too many or too long "
                            "parameters in '%s'", kind, params);
        snprintf(out[n].key, sizeof out[n].key, "%s", known[k]);
        memcpy(out[n].value, eq + 1, vallen);
        out[n].value[vallen] = '\0';
        n++;
        p += len + (end ? 1 : 0);
    }
    return n;
}

/* Whether text is a number in decimal notation: digits, a point, a minus
 * sign in front and an exponent ("-0.5", "1e3"). strtod alone also takes
 * leading blanks, a plus sign, hexadecimal ("0x10") and "infinity". */
static bool decimal_text(const char *text)
{
    const char *p = text + (*text == '-');
    if (!(isdigit((unsigned char)*p) || *p == '.'))
        return false;
    for (; *p; p++)
        if (!isdigit((unsigned char)*p) && *p != '.' && *p != 'e' && *p != 'E' &&
            !((*p == '-' || *p == '+') && (p[-1] == 'e' || p[-1] == 'E')))
            return false;
    return true;
}

int ls__param_double(const char *kind, const ls__param *p, double lo,
                     double hi, double *out, ls_error *err)
{
    char *end;
    double v = strtod(p->value, &end);
    if (!decimal_text(p->value) || *end || !(v >= lo && v <= hi))
        return ls__fail(err, LS_EINVAL, "%s: %s=%s is not a number from %.10g to %.10g",
                        kind, p->key, p->value, lo, hi);
    *out = v;
    return 0;
}

int ls__param_long(const char *kind, const ls__param *p, long lo, long hi,
                   long *out, ls_error *err)
{
    char *end;
    double v = strtod(p->value, &end);
    if (!decimal_text(p->value) || *end || !(v >= (double)lo && v <= (double)hi) ||
        v != floor(v))
        return ls__fail(err, LS_EINVAL, "%s: %s=%s is not a whole number from %ld to %ld",
                        kind, p->key, p->value, lo, hi);
    *out = (long)v;
    return 0;
}

void ls_player_free(ls_player *p)
{
    if (!p)
        return;
    p->ops->destroy(p);
}

int ls_player_choose(ls_player *p, const ls_view *v, ls_move *out, ls_error *err)
{
    if (!p || !v || !out)
        return ls__fail(err, LS_EINVAL, "ls_player_choose: NULL argument");
    if (v->turn != v->me || v->phase != LS_PHASE_TURN)
        return ls__fail(err, LS_ETURN, "%s player: it is not its turn",
                        p->ops->kind);
    return p->ops->choose(p, v, out, err);
}

void ls_player_round_start(ls_player *p, const ls_view *v)
{
    if (p && p->ops->round_start)
        p->ops->round_start(p, v);
}

void ls_player_observe(ls_player *p, const ls_view *v, const ls_event *ev)
{
    if (p && p->ops->observe)
        p->ops->observe(p, v, ev);
}

void ls_player_tell(ls_player *p, const ls_state *s, int seat, int mover,
                    ls_move m)
{
    if (!p || !p->ops->observe)
        return;
    ls_view v;
    ls_event ev = {(uint8_t)mover, m.kind,
                   m.kind == LS_MOVE_DRAW && seat != mover ? LS_NO_CARD : m.card,
                   m.discard};
    ls_view_of(s, seat, &v);
    p->ops->observe(p, &v, &ev);
}

void ls_player_round_end(ls_player *p, const ls_view *v, const ls_round_result *r)
{
    if (p && p->ops->round_end)
        p->ops->round_end(p, v, r);
}

int ls_player_hint(ls_player *p, const ls_view *v, ls_move *best,
                   double *declare_correct, ls_error *err)
{
    if (!p || !v || !best || !declare_correct)
        return ls__fail(err, LS_EINVAL, "ls_player_hint: NULL argument");
    if (!p->ops->hint)
        return ls__fail(err, LS_EINVAL, "the %s player gives no hints",
                        p->ops->kind);
    if (v->turn != v->me || v->phase != LS_PHASE_TURN)
        return ls__fail(err, LS_ETURN, "no hint: it is not this seat's turn");
    return p->ops->hint(p, v, best, declare_correct, err);
}
