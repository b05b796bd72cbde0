/*
 * fail.c - the one way the mines library and the mines rulesets write a
 * reason a person can act on into an err buffer (fail.h).
 */
#include "fail.h"

#include <stdarg.h>
#include <stdio.h>

sapper_status sapper_mines_fail(char *err, size_t errcap, sapper_status st,
                                const char *fmt, ...)
{
    if (err && errcap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errcap, fmt, ap);
        va_end(ap);
    }
    return st;
}
