/*
 * error.c - the names of the server's error codes and the one helper that
 * fills an srv_error.
 */
#include <stdarg.h>
#include <stdio.h>

#include "server/error.h"

static const char *const names[SRV_NERRORS] = {
    [0] = "ok",
    [-SRV_EBAD_JSON] = "bad_json",
    [-SRV_EBAD_MESSAGE] = "bad_message",
    [-SRV_EUNKNOWN_TYPE] = "unknown_type",
    [-SRV_ETOO_LARGE] = "too_large",
    [-SRV_ERATE_LIMITED] = "rate_limited",
    [-SRV_EBAD_NAME] = "bad_name",
    [-SRV_ENAME_TAKEN] = "name_taken",
    [-SRV_EBAD_OPTION] = "bad_option",
    [-SRV_EBAD_LEVEL] = "bad_level",
    [-SRV_ENO_TABLE] = "no_table",
    [-SRV_ETABLE_FULL] = "table_full",
    [-SRV_ESTARTED] = "started",
    [-SRV_ENOT_HOST] = "not_host",
    [-SRV_ENOT_AT_TABLE] = "not_at_table",
    [-SRV_EAT_TABLE] = "at_table",
    [-SRV_ENOT_NOW] = "not_now",
    [-SRV_ENOT_YOUR_TURN] = "not_your_turn",
    [-SRV_EILLEGAL_MOVE] = "illegal_move",
    [-SRV_ESTALE] = "stale",
    [-SRV_EBAD_TOKEN] = "bad_token",
    [-SRV_EBUSY] = "busy",
    [-SRV_ESERVER_FULL] = "server_full",
    [-SRV_ESHUTTING_DOWN] = "shutting_down",
    [-SRV_ENOMEM] = "server_full",
    [-SRV_ENO_STORE] = "no_store",
    [-SRV_ENO_PLAYER] = "no_player",
    [-SRV_ENOT_PLAYER] = "not_player",
    [-SRV_EBAD_LOGIN] = "bad_login",
    [-SRV_EBAD_PASSWORD] = "bad_password",
    [-SRV_ESTORE_FAILED] = "store_failed",
    [-SRV_ESTORE] = "store_failing",
    [-SRV_ENOT_SEATED] = "not_seated",
    [-SRV_ESTORE_UNAVAILABLE] = "store_unavailable",
};

const char *srv_errname(int code)
{
    if (code > 0 || code <= -SRV_NERRORS || !names[-code])
        return "server_error";
    return names[-code];
}

/* The length of the valid UTF-8 sequence at s (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or 0. */
static int utf8_sequence(const unsigned char *s)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    int n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
          : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    for (int i = 1; i < n; i++) {
        unsigned char lo_i = i == 1 ? lo : 0x80, hi_i = i == 1 ? hi : 0xBF;
        if (s[i] < lo_i || s[i] > hi_i)
            return 0;
    }
    return n;
}

void srv_utf8_fix(char *text)
{
    unsigned char *s = (unsigned char *)text;
    while (*s) {
        int n = utf8_sequence(s);
        if (n == 0)
            *s++ = '?';
        else
            s += n;
    }
}

__attribute__((format(printf, 3, 0)))
static void vfail(srv_error *e, int code, const char *fmt, va_list ap)
{
    e->code = code;
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    /* A message may quote what a client sent, cut to a number of bytes
     * (or cut at the end): it must stay valid UTF-8 to be sent as JSON at
     * all. */
    srv_utf8_fix(e->msg);
    e->conflict = SRV_CONFLICT_NONE;
    e->name[0] = e->like[0] = '\0';
}

int srv_fail(srv_error *e, int code, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        vfail(e, code, fmt, ap);
        va_end(ap);
    }
    return code;
}

int srv_fail_name(srv_error *e, srv_conflict conflict, const char *name,
                  const char *like, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        vfail(e, SRV_ENAME_TAKEN, fmt, ap);
        va_end(ap);
        /* Checked names (ls_name_valid), but sent as JSON strings: made
         * valid UTF-8 all the same, as msg is. */
        e->conflict = conflict;
        snprintf(e->name, sizeof e->name, "%s", name ? name : "");
        snprintf(e->like, sizeof e->like, "%s", like ? like : "");
        srv_utf8_fix(e->name);
        srv_utf8_fix(e->like);
    }
    return SRV_ENAME_TAKEN;
}

const char *srv_conflictname(srv_conflict conflict)
{
    switch (conflict) {
    case SRV_CONFLICT_SEAT: return "seat";
    case SRV_CONFLICT_PLAYER: return "player";
    case SRV_CONFLICT_GUEST: return "guest";
    case SRV_CONFLICT_COMPUTER: return "computer";
    case SRV_CONFLICT_NONE: break;
    }
    return NULL;
}
