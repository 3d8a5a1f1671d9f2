/*
 * fuzz_httphdr.c - the HTTP text the server reads from any client
 * (src/server/httphdr.c): If-Modified-Since's date, If-None-Match's list
 * of entity-tags, and an unknown method named in a 501.
 *
 * The input is three lines and the rest: a date, a tag list, a tag's
 * inside (put in quotes), then the bytes of a method. A date read is an
 * instant from 1970 that, written as an HTTP date, reads back as the same
 * instant, and an IMF-fixdate as the same text but for its weekday (which
 * is not checked) and a leap second.
 * Any instant of years 1970 to 9999 written reads back as itself; any
 * other is written as the epoch, or as a year before 1970 not read. A list never matches a tag it does not
 * hold: a match means the tag is in its text, or the list is "*". A list
 * that is well formed still is, and matches, with the tag added, strong
 * or weak, at its end. A web file's tag matches itself. The method as
 * named is a C string of at most HTTPHDR_METHOD_SHOWN bytes and "...",
 * each byte a tchar or '?', keeping every tchar it was given.
 */
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "server/httphdr.h"

static bool is_tchar(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c && strchr("!#$%&'*+-.^_`|~", c));
}

/* A date read formats back to the same instant. */
static void check_date(const char *text)
{
    time_t t = -2, again = -3;
    if (!httphdr_date_parse(text, &t)) {
        FUZZ_CHECK(t == -2, "'%s' was refused but changed the time", text);
        return;
    }
    FUZZ_CHECK(t >= 0, "'%s' read as %lld, before 1970", text, (long long)t);
    char out[HTTPHDR_DATE_LEN];
    httphdr_date(t, out);
    FUZZ_CHECK(strlen(out) == 29, "'%s' written as '%s'", text, out);
    FUZZ_CHECK(httphdr_date_parse(out, &again) && again == t,
               "'%s' read as %lld, written as '%s', which reads as %lld", text, (long long)t, out,
               (long long)again);
    /* An IMF-fixdate, its blanks where they go and two digits for each
     * field (four for the year), but a leap second's, is written back as
     * it was but for its weekday: no field was carried into the next
     * (31 Feb read as 3 Mar). */
    static const int digit[] = {5, 6, 12, 13, 14, 15, 17, 18, 20, 21, 23, 24};
    bool imf = strlen(text) == 29 && text[3] == ',' && text[4] == ' ' && text[7] == ' ' &&
               text[11] == ' ' && text[16] == ' ' && text[19] == ':' && text[22] == ':' &&
               !memcmp(text + 25, " GMT", 4) && memcmp(text + 23, "60", 2) != 0;
    for (size_t i = 0; imf && i < sizeof digit / sizeof *digit; i++)
        imf = text[digit[i]] >= '0' && text[digit[i]] <= '9';
    if (imf)
        FUZZ_CHECK(!memcmp(out + 5, text + 5, 24), "'%s' read as '%s'", text, out);
}

/* Any instant from the input's bytes: one of years 1970 to 9999 reads
 * back as itself, any other is written as the epoch or not read. */
static void check_instant(const uint8_t *data, size_t size)
{
    long long v = 0;
    memcpy(&v, data, size < sizeof v ? size : sizeof v);
    time_t t = (time_t)(v % 400000000000LL), again = -1;
    char out[HTTPHDR_DATE_LEN];
    httphdr_date(t, out);
    bool ok = httphdr_date_parse(out, &again);
    if (t >= 0 && t <= HTTPHDR_DATE_MAX)
        FUZZ_CHECK(ok && again == t, "%lld written as '%s', read as %lld", (long long)t, out,
                   (long long)again);
    else /* the epoch, or a date before 1970 that is not read */
        FUZZ_CHECK(ok ? again == 0 : t < 0, "%lld, out of range, written as '%s'", (long long)t,
                   out);
}

static char *joined(const char *a, const char *b, const char *c)
{
    size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
    char *s = malloc(n);
    FUZZ_CHECK(s, "out of memory");
    snprintf(s, n, "%s%s%s", a, b, c);
    return s;
}

/* A list never matches a tag it does not hold; a well-formed one matches
 * the tag added at its end. */
static void check_list(const char *list, const char *inside)
{
    char *tag = joined("\"", inside, "\"");
    int r = httphdr_etag_match(list, tag);
    FUZZ_CHECK(r >= -1 && r <= 1, "'%s' against '%s' gave %d", list, tag, r);
    const char *p = list + strspn(list, " \t");
    bool star = *p == '*';
    if (r == 1 && !star)
        FUZZ_CHECK(strstr(list, tag), "'%s' matched '%s', which it does not hold", list, tag);
    /* A tag's inside is etagc: '!', '#' to '~', bytes over 127. */
    bool good_tag = true;
    for (const unsigned char *q = (const unsigned char *)inside; *q; q++)
        if (!(*q == 0x21 || (*q >= 0x23 && *q != 0x7f)))
            good_tag = false;
    if (r >= 0 && !star && good_tag) {
        char *strong = joined(list, ",", tag), *weak = joined(list, ", W/", tag);
        FUZZ_CHECK(httphdr_etag_match(strong, tag) == 1, "'%s' does not match '%s'", strong, tag);
        FUZZ_CHECK(httphdr_etag_match(weak, tag) == 1, "'%s' does not match '%s'", weak, tag);
        free(strong);
        free(weak);
    }
    free(tag);
}

static void check_web_tag(const uint8_t *data, size_t size)
{
    unsigned long long v[4] = {0};
    memcpy(v, data, size < sizeof v ? size : sizeof v);
    char tag[HTTPHDR_ETAG_LEN];
    httphdr_etag(tag, v[0], v[1], (long long)(v[2] >> 1), (long)(v[3] % 1000000000));
    FUZZ_CHECK(httphdr_etag_match(tag, tag) == 1, "'%s' does not match itself", tag);
    char *weak = joined("W/", tag, "");
    FUZZ_CHECK(httphdr_etag_match(weak, tag) == 1, "'%s' does not match '%s'", weak, tag);
    free(weak);
}

static void check_method(const uint8_t *in, size_t len)
{
    char out[HTTPHDR_METHOD_LEN];
    memset(out, 'x', sizeof out);
    httphdr_method_shown((const char *)in, len, out);
    FUZZ_CHECK(memchr(out, '\0', sizeof out), "the method is not a C string");
    size_t n = strlen(out), kept = len < HTTPHDR_METHOD_SHOWN ? len : HTTPHDR_METHOD_SHOWN;
    FUZZ_CHECK(n == kept + (len > kept ? 3 : 0), "%zu bytes named in %zu", len, n);
    for (size_t i = 0; i < kept; i++)
        FUZZ_CHECK(is_tchar((unsigned char)out[i]) || out[i] == '?', "byte 0x%02x named",
                   (unsigned)(unsigned char)out[i]);
    for (size_t i = 0; i < kept; i++)
        FUZZ_CHECK(out[i] == (is_tchar(in[i]) ? (char)in[i] : '?'), "byte %zu of the method", i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t at = 0;
    char *date = fuzz_next_line(data, size, &at);
    char *list = fuzz_next_line(data, size, &at);
    char *inside = fuzz_next_line(data, size, &at);
    check_date(date);
    check_instant(data, size);
    check_list(list, inside);
    check_web_tag(data, size);
    check_method(data + at, size - at);
    free(date);
    free(list);
    free(inside);
    return 0;
}
