/*
 * error.c - error codes and their messages.
 *
 * Every failing call returns one negative LS_E... code and, when the caller
 * passed an ls_error, a sentence for a person in err->msg. A message may
 * quote its input; it is made printable (ls_printable) before it is kept.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* How many continuation bytes the UTF-8 lead byte c takes (1 to 3), or 0
 * when c is no lead byte. */
static int utf8_more(int c)
{
    return c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2
         : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
}

/* Bytes of the whole UTF-8 character that starts at text (of len bytes),
 * 2 to 4, or 1 when text does not start with one: a lead byte followed
 * by all its continuation bytes, as unit_len() reads their escapes. */
static size_t char_len(const unsigned char *text, size_t len)
{
    size_t more = (size_t)utf8_more(text[0]), k = 1;
    while (k <= more && k < len && (text[k] & 0xc0) == 0x80)
        k++;
    return k == more + 1 ? k : 1;
}

/* A cut to fit out is made before a character's escapes when they do not
 * all fit, never between them (ls_printable_cut reads them as one). */
char *ls_printable_n(const char *text, size_t len, char *out, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)text;
    size_t n = 0;
    if (size == 0)
        return out;
    while (len > 0) {
        bool plain = *p >= 0x20 && *p < 0x7f && *p != '\\';
        size_t k = plain || *p == '\\' ? 1 : char_len(p, len);
        if (n + (plain ? 1 : *p == '\\' ? 2 : 4 * k) >= size)
            break;
        for (; k > 0; k--, p++, len--) {
            if (plain) {
                out[n++] = (char)*p;
            } else if (*p == '\\') { /* doubled: a text's own \x41 is no escape */
                out[n++] = '\\';
                out[n++] = '\\';
            } else {
                out[n++] = '\\';
                out[n++] = 'x';
                out[n++] = hex[*p >> 4];
                out[n++] = hex[*p & 15];
            }
        }
    }
    out[n] = '\0';
    return out;
}

/* Each character is weighed by the bytes ls_printable_n() writes for it,
 * so that the word shown is at most LS__WORD_SHOWN bytes whatever it holds. */
const char *ls__word(const char *w, char buf[LS__WORD_SHOWN + 1])
{
    const unsigned char *p = (const unsigned char *)w;
    size_t len = strlen(w), n = 0, shown = 0, keep = 0;
    while (n < len) {
        bool plain = p[n] >= 0x20 && p[n] < 0x7f && p[n] != '\\';
        size_t k = plain || p[n] == '\\' ? 1 : char_len(p + n, len - n);
        shown += plain ? 1 : p[n] == '\\' ? 2 : 4 * k;
        if (shown > LS__WORD_SHOWN)
            break;
        if (shown <= LS__WORD_SHOWN - 3)
            keep = n + k;
        n += k;
    }
    if (n == len)
        return w;
    memcpy(buf, w, keep); /* keep <= LS__WORD_SHOWN - 3 */
    memcpy(buf + keep, "...", 4);
    return buf;
}

/* The byte an escape \xNN at text (of len bytes) stands for, or -1 when
 * text does not start with a whole one. */
static int escaped_byte(const unsigned char *text, size_t len)
{
    static const char hex[] = "0123456789abcdef0123456789ABCDEF";
    if (len < 4 || text[0] != '\\' || text[1] != 'x' || !text[2] || !text[3])
        return -1;
    const char *hi = strchr(hex, text[2]), *lo = strchr(hex, text[3]);
    if (!hi || !lo)
        return -1;
    return (int)((hi - hex) % 16 * 16 + (lo - hex) % 16);
}

/* Bytes of the character or escape at text[0], of the len left: \xNN is
 * 4, or the escapes of one UTF-8 character's bytes all together
 * (\xe2\x80\xae, 12) when a lead byte's escape is followed by the escapes
 * of all its continuation bytes; \\ 2, a UTF-8 lead byte with its
 * continuation bytes up to 4, any other byte 1 (never more than len). */
static size_t unit_len(const unsigned char *text, size_t len)
{
    size_t k = 1;
    if (text[0] == '\\' && len > 1 && text[1] == 'x') {
        int c = escaped_byte(text, len), more = c < 0 ? 0 : utf8_more(c);
        size_t i = 1; /* escapes of the character's bytes seen */
        while (i <= (size_t)more && 4 * i < len &&
               (c = escaped_byte(text + 4 * i, len - 4 * i)) >= 0 && (c & 0xc0) == 0x80)
            i++;
        k = i == (size_t)more + 1 ? 4 * i : 4;
    } else if (text[0] == '\\') {
        k = 2;
    } else if (text[0] >= 0xc0) {
        while (k < 4 && k < len && (text[k] & 0xc0) == 0x80)
            k++;
    }
    return k < len ? k : len;
}

size_t ls_printable_cut(const char *text, size_t max)
{
    size_t len = strlen(text), n = 0;
    while (n < len) {
        size_t k = unit_len((const unsigned char *)text + n, len - n);
        if (n + k > max)
            break;
        n += k;
    }
    return n;
}

char *ls_printable(const char *text, char *out, size_t size)
{
    return ls_printable_n(text, strlen(text), out, size);
}

int ls__vfail(ls_error *err, int code, int line, int column, const char *fmt,
              va_list ap)
{
    if (err) {
        char raw[sizeof err->msg];
        err->code = code;
        err->line = line;
        err->column = column;
        vsnprintf(raw, sizeof raw, fmt, ap);
        ls_printable(raw, err->msg, sizeof err->msg);
    }
    return code;
}

int ls__fail(ls_error *err, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ls__vfail(err, code, 0, 0, fmt, ap);
    va_end(ap);
    return code;
}
