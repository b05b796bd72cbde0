/*
 * names.c - how a player's name is shown in seeker (the Bonus Statistics
 * dialog and the scores): "anon_*" as "Anonymous", a name longer than 10
 * characters as its first 7 and "...". Characters are UTF-8 code points,
 * so a name is never cut inside a character.
 *
 * It does not check or store names: the engine's seats own them.
 */
#include "seeker.h"

#include <stdio.h>

#define ANON_PREFIX   "anon_"
#define ANON_SHOWN    "Anonymous"
#define NAME_MAX_SHOWN 10  /* longer names are cut ...      */
#define NAME_KEPT      7   /* ... to this many, then "..." */

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
    for (size_t seen = 0; s[i]; i++) {
        if (!is_continuation((unsigned char)s[i]) && seen++ == keep)
            break;
    }
    return i;
}

int64_t seeker_display_name(const char *name, char *out, size_t cap)
{
    if (!name)
        name = "";
    if (strncmp(name, ANON_PREFIX, strlen(ANON_PREFIX)) == 0)
        return snprintf(out, cap, "%s", ANON_SHOWN);
    if (code_points(name) <= NAME_MAX_SHOWN)
        return snprintf(out, cap, "%s", name);
    return snprintf(out, cap, "%.*s...", (int)prefix_bytes(name, NAME_KEPT),
                    name);
}
