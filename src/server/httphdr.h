/*
 * httphdr.h - the pieces of an HTTP request's and answer's text that the
 * server reads and writes itself (net.c): dates (Date, Last-Modified,
 * If-Modified-Since), entity-tags (ETag, If-None-Match) and a method the
 * server does not know, named in its 501.
 *
 * Plain logic on strings, no sockets and no libwebsockets: unit-tested in
 * tests/test_httphdr.c and fuzzed by tests/fuzz/fuzz_httphdr.c.
 */
#ifndef LS_SERVER_HTTPHDR_H
#define LS_SERVER_HTTPHDR_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define HTTPHDR_DATE_LEN 32       /* an HTTP date and its NUL */
#define HTTPHDR_ETAG_LEN 80       /* a web file's ETag and its NUL */
#define HTTPHDR_DATE_MAX 253402300799LL /* Fri, 31 Dec 9999 23:59:59 GMT */
#define HTTPHDR_METHOD_SHOWN 40   /* a method's bytes named in an answer, at most */
#define HTTPHDR_METHOD_LEN (HTTPHDR_METHOD_SHOWN + 4) /* and "..." and NUL */

/* t as an HTTP date (RFC 9110 5.6.7's IMF-fixdate, in GMT, whatever the
 * locale: "Sun, 06 Nov 1994 08:49:37 GMT") in out; a t whose year is not
 * 0 to 9999 (past HTTPHDR_DATE_MAX) is written as the epoch. */
void httphdr_date(time_t t, char out[HTTPHDR_DATE_LEN]);

/*
 * Reads an HTTP date (RFC 9110 5.6.7) into *t: the IMF-fixdate, and the
 * two obsolete forms a recipient must still read, RFC 850's ("Sunday,
 * 06-Nov-94 08:49:37 GMT", its two-digit year taken as 19xx from 70, else
 * 20xx) and asctime's ("Sun Nov  6 08:49:37 1994"). False, *t unchanged,
 * for anything else, the whole text read or none: a year before 1970, a
 * day the month does not have (Feb 29 only in a leap year), an hour over
 * 23, a minute over 59, a second over 60, an instant past
 * HTTPHDR_DATE_MAX (the leap second of 31 Dec 9999): what is read can
 * always be written (httphdr_date).
 */
bool httphdr_date_parse(const char *text, time_t *t);

/* A web file's strong ETag, from its inode, size and modification time
 * to the nanosecond, quotes and all, in out. */
void httphdr_etag(char out[HTTPHDR_ETAG_LEN], unsigned long long ino, unsigned long long size,
                  long long sec, long nsec);

/*
 * Whether an If-None-Match list matches `etag` (a strong tag, quotes and
 * all): 1 when it is "*" or one of its tags is etag, compared weakly as
 * RFC 9110 13.1.2 says (W/"x" matches "x"); 0 when none is; -1 when the
 * list is malformed (not "*" and not entity-tags separated by commas),
 * which the caller ignores as if the header were not sent.
 */
int httphdr_etag_match(const char *list, const char *etag);

/* The method in[0..len) (any bytes) as an answer names it, in out: every
 * byte no method has (RFC 9110's tchar: a control character, a quote, a
 * byte over 127) as '?', its first HTTPHDR_METHOD_SHOWN bytes then
 * "...", so that it is safe in JSON and on a terminal. */
void httphdr_method_shown(const char *in, size_t len, char out[HTTPHDR_METHOD_LEN]);

#endif
