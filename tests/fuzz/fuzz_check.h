/*
 * fuzz_check.h - the checks a fuzz target makes beyond the sanitizers'.
 * A failed check prints what was expected and found, then aborts, which
 * libFuzzer reports as a crash and saves the input of (and which fails
 * the corpus test of an ordinary build).
 */
#ifndef SAPPER_FUZZ_CHECK_H
#define SAPPER_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

/** Aborts with "file:line: check failed: COND: message" unless cond. */
#define FUZZ_CHECK(cond, ...)                                                  \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__,   \
                    #cond);                                                    \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
            abort();                                                           \
        }                                                                      \
    } while (0)

#endif
