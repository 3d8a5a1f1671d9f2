/*
 * httphdr.c - HTTP dates, entity-tags and unknown methods as text
 * (httphdr.h). Every reader here takes any bytes a client sends.
 */
#include "server/httphdr.h"

#include <stdio.h>
#include <string.h>

static const char http_days[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
static const char http_months[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

void httphdr_date(time_t t, char out[HTTPHDR_DATE_LEN])
{
    struct tm tm;
    if (!gmtime_r(&t, &tm) || tm.tm_year < -1900 || tm.tm_year > 9999 - 1900) {
        snprintf(out, HTTPHDR_DATE_LEN, "Thu, 01 Jan 1970 00:00:00 GMT");
        return;
    }
    snprintf(out, HTTPHDR_DATE_LEN, "%s, %02d %s %04d %02d:%02d:%02d GMT",
             http_days[tm.tm_wday], tm.tm_mday, http_months[tm.tm_mon], tm.tm_year + 1900,
             tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* The days of month m (0 for January) of year. */
static int month_days(int m, int year)
{
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return days[m] + (m == 1 && leap);
}

/* The three forms are tried in turn with sscanf; %n past the end of the
 * text is the proof that all of it was read. A day the month does not
 * have is refused here: timegm would carry Feb 31 into March. */
bool httphdr_date_parse(const char *text, time_t *t)
{
    char wd[12], mon[4];
    int day, year, h, mi, sec, n = -1;
    size_t len = strlen(text);
    struct tm tm = {0};
    bool read = sscanf(text, "%3[A-Za-z], %2d %3[A-Za-z] %4d %2d:%2d:%2d GMT%n", wd, &day, mon,
                       &year, &h, &mi, &sec, &n) == 7 && n > 0 && (size_t)n == len;
    if (!read) {
        n = -1;
        read = sscanf(text, "%3[A-Za-z] %3[A-Za-z] %2d %2d:%2d:%2d %4d%n", wd, mon, &day, &h,
                      &mi, &sec, &year, &n) == 7 && n > 0 && (size_t)n == len;
    }
    if (!read) {
        n = -1;
        read = sscanf(text, "%9[A-Za-z], %2d-%3[A-Za-z]-%2d %2d:%2d:%2d GMT%n", wd, &day, mon,
                      &year, &h, &mi, &sec, &n) == 7 && n > 0 && (size_t)n == len;
        if (read && year >= 0)
            year += year < 70 ? 2000 : 1900;
    }
    if (!read)
        return false;
    int m = 0;
    while (m < 12 && strcmp(mon, http_months[m]) != 0)
        m++;
    if (m == 12 || year < 1970 || day < 1 || day > month_days(m, year) || h < 0 || h > 23 ||
        mi < 0 || mi > 59 || sec < 0 || sec > 60)
        return false;
    tm.tm_year = year - 1900;
    tm.tm_mon = m;
    tm.tm_mday = day;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = sec;
    time_t v = timegm(&tm);
    if (v == (time_t)-1 || v > HTTPHDR_DATE_MAX) /* a leap second past 9999 */
        return false;
    *t = v;
    return true;
}

void httphdr_etag(char out[HTTPHDR_ETAG_LEN], unsigned long long ino, unsigned long long size,
                  long long sec, long nsec)
{
    snprintf(out, HTTPHDR_ETAG_LEN, "\"%llx-%llx-%llx.%09ld\"", ino, size,
             (unsigned long long)sec, nsec);
}

/* Empty list elements are allowed (RFC 9110 5.6.1); an entity-tag's
 * characters are etagc: '!', '#' to '~' and any byte over 127. */
int httphdr_etag_match(const char *list, const char *etag)
{
    const char *p = list + strspn(list, " \t");
    if (*p == '*') {
        p++;
        p += strspn(p, " \t");
        return *p ? -1 : 1;
    }
    int match = 0, tags = 0;
    size_t etag_len = strlen(etag);
    while (*p) {
        if (*p == ',' || *p == ' ' || *p == '\t') {
            p++;
            continue;
        }
        if (!strncmp(p, "W/", 2))
            p += 2;
        if (*p != '"')
            return -1;
        const char *q = p + 1;
        while (*q && *q != '"' && ((unsigned char)*q >= 0x80 || ((unsigned char)*q >= 0x21 &&
                                                                 *q != 0x7f)))
            q++;
        if (*q != '"')
            return -1;
        q++;
        if ((size_t)(q - p) == etag_len && !memcmp(p, etag, etag_len))
            match = 1;
        tags++;
        p = q + strspn(q, " \t");
        if (*p && *p != ',')
            return -1;
    }
    return tags ? match : -1;
}

/* tchar, in ASCII whatever the locale. */
static bool tchar(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c && strchr("!#$%&'*+-.^_`|~", c));
}

void httphdr_method_shown(const char *in, size_t len, char out[HTTPHDR_METHOD_LEN])
{
    size_t n = len < HTTPHDR_METHOD_SHOWN ? len : HTTPHDR_METHOD_SHOWN;
    for (size_t i = 0; i < n; i++)
        out[i] = tchar(in[i]) ? in[i] : '?';
    snprintf(out + n, HTTPHDR_METHOD_LEN - n, "%s", len > n ? "..." : "");
}
