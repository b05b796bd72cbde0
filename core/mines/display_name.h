/*
 * display_name.h - how a player's name is shown where space is short (the
 * two-player status line): the Mine-Seeker convention, shared by the
 * seeker rules and the terminal.
 */
#ifndef SAPPER_MINES_DISPLAY_NAME_H
#define SAPPER_MINES_DISPLAY_NAME_H

#include <stddef.h>

/** The display form of name: "anon_*" shows as "Anonymous"; a name of more
 *  than 10 characters (UTF-8 code points) as its first 7 and "..."; any
 *  other unchanged; NULL as "". Writes up to cap bytes (NUL-terminated
 *  when cap > 0) and returns the length needed, as snprintf does. */
size_t sapper_mines_display_name(const char *name, char *out, size_t cap);

#endif
