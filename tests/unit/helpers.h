/*
 * helpers.h - shared fixtures of the core tests: a registry loaded from the
 * build tree, a setup resolved from INI text, and a few asserts.
 */
#ifndef SAPPER_TEST_HELPERS_H
#define SAPPER_TEST_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "match.h"
#include "replay.h"
#include "sapper/mines.h"

/** An empty registry whose manifests the build's sapper-bothost reads. */
sapper_registry *test_new_registry(void);
/** A registry with the build's plugins, plus the test plugins when
 *  with_test_plugins (rps, rps-random, the misbehaving bots). */
sapper_registry *test_registry(int with_test_plugins);

/** Resolves INI text (plus optional overrides, NULL-terminated) against
 *  reg; returns the status and leaves the message in err. */
sapper_status test_setup(const sapper_registry *reg, const char *ini,
                         const char *const *overrides, sapper_setup *out,
                         char *err, size_t errcap);

/** Fails the test unless hay contains needle (prints both). */
#define assert_contains(hay, needle) \
    test_assert_contains((hay), (needle), __FILE__, __LINE__)
void test_assert_contains(const char *hay, const char *needle,
                          const char *file, int line);

#endif
