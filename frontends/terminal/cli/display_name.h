/*
 * display_name.h - how the terminal shows a player's name where space is
 * short (the two-player status line): the Mine-Seeker convention, kept in
 * the front end so that it needs no rules plugin code.
 */
#ifndef SAPPER_DISPLAY_NAME_H
#define SAPPER_DISPLAY_NAME_H

#include <stddef.h>

/** The display form of name: "anon_*" shows as "Anonymous"; a name of more
 *  than 10 characters (UTF-8 code points) as its first 7 and "..."; any
 *  other unchanged; NULL as "". Writes up to cap bytes (NUL-terminated
 *  when cap > 0) and returns the length needed, as snprintf does. */
size_t ui_display_name(const char *name, char *out, size_t cap);

#endif
