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
};

const char *srv_errname(int code)
{
    if (code > 0 || code <= -SRV_NERRORS || !names[-code])
        return "server_error";
    return names[-code];
}

int srv_fail(srv_error *e, int code, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        e->code = code;
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}
