/*
 * display_name.c - the Mine-Seeker name display rules (the bonus document's
 * "Player Name Rules"), for every place a mines-family name is shown where
 * space is short (the terminal's two-player status line, seeker's panels):
 *   - a name starting "anon_" (a guest) shows as "Anonymous";
 *   - a name longer than 10 characters shows as its first 7 and "...",
 *     e.g. "VeryLongName" as "VeryLon...";
 *   - any other name is shown as it is.
 * Characters are UTF-8 code points, so a name is never cut inside one.
 *
 * One copy, in the family's library, which the seeker rules and the front
 * end both link. It neither checks nor stores names: the setup owns them.
 */
#include "display_name.h"

#include <stdio.h>
#include <string.h>

#define ANON_PREFIX    "anon_"
#define ANON_SHOWN     "Anonymous"
#define NAME_MAX_SHOWN 10   /* longer names are cut ...     */
#define NAME_KEPT      7    /* ... to this many, then "..." */

static int is_continuation(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

static size_t code_points(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += !is_continuation((unsigned char)*s);
    return n;
}

/* Bytes of the first `keep` code points of s. */
static size_t prefix_bytes(const char *s, size_t keep)
{
    size_t i = 0;
    for (size_t seen = 0; s[i]; i++)
        if (!is_continuation((unsigned char)s[i]) && seen++ == keep)
            break;
    return i;
}

/* snprintf's count as a size (it cannot fail on these formats). */
static size_t written(int n)
{
    return n > 0 ? (size_t)n : 0;
}

size_t sapper_mines_display_name(const char *name, char *out, size_t cap)
{
    if (!name)
        name = "";
    if (strncmp(name, ANON_PREFIX, strlen(ANON_PREFIX)) == 0)
        return written(snprintf(out, cap, "%s", ANON_SHOWN));
    if (code_points(name) <= NAME_MAX_SHOWN)
        return written(snprintf(out, cap, "%s", name));
    return written(snprintf(out, cap, "%.*s...",
                            (int)prefix_bytes(name, NAME_KEPT), name));
}
