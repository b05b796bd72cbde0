/*
 * arena_text.c - text of a given display width (UTF-8: Chinese takes two
 * columns).
 */
#include "arena_ui.h"

#include <wchar.h>

/* ------------------------------------------------------------------ */
/* Text of a given display width (UTF-8: Chinese takes two columns).   */
/* ------------------------------------------------------------------ */

/* Bytes of s that fit in width columns (all of it when it fits); *used
   gets the columns they take. */
size_t arena_fit(const char *s, int width, int *used)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    size_t len = strlen(s), at = 0;
    int w = 0;
    while (at < len) {
        wchar_t wc;
        size_t n = mbrtowc(&wc, s + at, len - at, &st);
        int cw = 1;
        if (n == (size_t)-1 || n == (size_t)-2) {   /* not UTF-8: a byte */
            memset(&st, 0, sizeof st);
            n = 1;
        } else {
            cw = wcwidth(wc) < 0 ? 0 : wcwidth(wc);
        }
        if (w + cw > width)
            break;
        w += cw;
        at += n;
    }
    if (used)
        *used = w;
    return at;
}

int arena_text_width(const char *s)
{
    int w = 0;
    arena_fit(s, 1 << 20, &w);
    return w;
}

/* Writes text at (y, x) in at most width columns, never off the screen;
   returns the columns written. */
int arena_put(int y, int x, int width, attr_t attr, const char *text)
{
    if (y < 0 || y >= LINES || x < 0 || x >= COLS || width <= 0)
        return 0;
    if (width > COLS - x)
        width = COLS - x;
    int used = 0;
    size_t n = arena_fit(text, width, &used);
    attrset((int)attr);
    mvaddnstr(y, x, text, (int)n);
    attrset(A_NORMAL);
    return used;
}
