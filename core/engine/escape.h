/*
 * escape.h - the one escaper of text that comes from a plugin, a bot or a
 * remote party, before it reaches a terminal, a page, a message or a
 * stored row: control characters (C0, DEL and C1 U+0080..U+009F) and
 * bytes that are not valid UTF-8 become visible \xHH, so no escape
 * sequence passes and the text stays valid UTF-8 on one line.
 */
#ifndef SAPPER_ESCAPE_H
#define SAPPER_ESCAPE_H

#include "strbuf.h"

#include <stddef.h>

/** \\ for a backslash (quoting a seat's text unambiguously) and \xHH for
 *  every control character, \n \t \r included. */
#define SAPPER_ESCAPE_BACKSLASH 1u
/** Newlines and tabs pass (a page's <pre>, a multi-line message). */
#define SAPPER_ESCAPE_KEEP_LINES 2u

/** The length of the valid UTF-8 sequence at s (n bytes left, n >= 1):
 *  1 for ASCII, 2 to 4, or 0 when it is not valid (a stray continuation,
 *  a cut sequence, an overlong form, a surrogate, past U+10FFFF). */
size_t sapper_utf8_length(const unsigned char *s, size_t n);

/** The longest prefix of s (a NUL-terminated string) of at most max
 *  bytes that does not end inside a UTF-8 character: where to cut. */
size_t sapper_utf8_cut(const char *s, size_t max);

/** Appends up to max bytes of s to o escaped: \n, \t and \r written as
 *  such (unless flags say otherwise), other control characters and each
 *  invalid byte as \xHH. flags: SAPPER_ESCAPE_*. */
void sapper_escape(sapper_strbuf *o, const char *s, size_t max, unsigned flags);

#endif
