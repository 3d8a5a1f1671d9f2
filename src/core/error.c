/*
 * error.c - error codes and their messages.
 *
 * Every failing call returns one negative LS_E... code and, when the caller
 * passed an ls_error, a sentence for a person in err->msg.
 */
#include <stdarg.h>
#include <stdio.h>

#include "core/internal.h"

const char *ls_strerror(int code)
{
    switch (code) {
    case LS_OK: return "success";
    case LS_EINVAL: return "invalid argument";
    case LS_ENOMEM: return "out of memory";
    case LS_EPHASE: return "not possible at this point of the match";
    case LS_ETURN: return "not this player's turn";
    case LS_ENOTHELD: return "card not in hand";
    case LS_ESHAPE: return "illegal discard";
    case LS_ETAKE: return "card not among the open cards";
    case LS_EDRAW: return "card cannot be drawn";
    case LS_EDECLARE: return "declaring not allowed";
    case LS_EDEAL: return "impossible deal";
    case LS_EOPTION: return "bad option";
    case LS_ESYNTAX: return "syntax error";
    case LS_ERECORD: return "invalid record";
    default: return "unknown error";
    }
}

int ls__fail(ls_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        err->line = 0;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}
