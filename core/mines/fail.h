/*
 * fail.h - writing a refusal's reason: sapper_mines_fail(err, errcap, st,
 * "expected %s, found %s", ...) writes the reason into err (when there is
 * a buffer) and returns st, so a refusal is one line.
 */
#ifndef SAPPER_MINES_FAIL_H
#define SAPPER_MINES_FAIL_H

#include "sapper/plugin.h"

sapper_status sapper_mines_fail(char *err, size_t errcap, sapper_status st,
                                const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
