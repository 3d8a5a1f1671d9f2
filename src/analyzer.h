/*
 * analyzer.h - silencing one static-analysis false positive where it is
 * reported, with the reason next to it (make analyze: gcc -fanalyzer and
 * cppcheck, run by make test).
 *
 *   ANALYZER_IGNORE("-Wanalyzer-malloc-leak") ... ANALYZER_END
 *
 * brackets the code gcc's analyzer misjudges; the comment above it says
 * why the finding is false. cppcheck's are silenced on the line before the
 * finding with a "cppcheck-suppress ID" comment. Other compilers see
 * nothing.
 */
#ifndef LS_ANALYZER_H
#define LS_ANALYZER_H

#if defined(__GNUC__) && !defined(__clang__)
#define ANALYZER__PRAGMA(x) _Pragma(#x)
#define ANALYZER_IGNORE(w) \
    ANALYZER__PRAGMA(GCC diagnostic push) ANALYZER__PRAGMA(GCC diagnostic ignored w)
#define ANALYZER_END ANALYZER__PRAGMA(GCC diagnostic pop)
#else
#define ANALYZER_IGNORE(w)
#define ANALYZER_END
#endif

#endif
