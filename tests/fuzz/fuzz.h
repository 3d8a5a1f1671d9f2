/*
 * fuzz.h - what the fuzz targets in tests/fuzz/ share.
 *
 * Each target is a libFuzzer entry point (LLVMFuzzerTestOneInput) built
 * with clang -fsanitize=fuzzer,address,undefined by `make fuzz`. A target
 * checks the contract of what it feeds, not only that nothing crashes: a
 * broken invariant calls FUZZ_CHECK, which prints what failed and aborts,
 * and libFuzzer saves the input as a finding.
 */
#ifndef LS_FUZZ_H
#define LS_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "leastscore.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, ...)                                                  \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__,   \
                    #cond);                                                    \
            fprintf(stderr, __VA_ARGS__);                                      \
            fprintf(stderr, "\n");                                             \
            abort();                                                           \
        }                                                                      \
    } while (0)

/* Every byte of an error message is printable ASCII (issue 12: a message
 * may quote input, and must not carry control bytes to a terminal). */
static inline void fuzz_check_message(const ls_error *err)
{
    for (const char *p = err->msg; *p; p++)
        FUZZ_CHECK(*p >= 0x20 && *p < 0x7f, "byte 0x%02x in '%s'",
                   (unsigned)(unsigned char)*p, err->msg);
}

/* The next line of data[*at..size) (up to a line break or the end), as a
 * C string to free (a NUL byte in it ends the string early); *at moves
 * past it and its line break. For targets that take several texts, one
 * a line. */
static inline char *fuzz_next_line(const uint8_t *data, size_t size, size_t *at)
{
    size_t start = *at, end = start;
    while (end < size && data[end] != '\n')
        end++;
    char *s = malloc(end - start + 1);
    FUZZ_CHECK(s, "out of memory");
    memcpy(s, data + start, end - start);
    s[end - start] = '\0';
    *at = end < size ? end + 1 : end;
    return s;
}

#endif
