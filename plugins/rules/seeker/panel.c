/*
 * panel.c - the seeker's extra screen for a person (ABI 1.1 panel_text):
 * panel 0, "Bonus Statistics", the document's dialog as plain text. Both
 * players side by side, each column headed `{seat 1}` and `{seat 2}`: the
 * rules do not know the players' names, the front end puts each one there
 * as the seed's name rules show it (ABI: panel_text), each statistic with
 * its label, its one-line description and its two values, then each
 * player's total bonus points:
 *
 *   Bonus Statistics
 *                              {seat 1}    {seat 2}
 *   Blind hits                    1         0
 *     Mines claimed with no revealed number next to them (+2 each)
 *   ...
 *   Total bonus points          6.0       0.0
 *
 * It shows what bonus.c counted and decides nothing; drawing a box around
 * the text is the front end's business. There is no panel 1 or later.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

#define PANEL_TITLE  "Bonus Statistics"
#define LABEL_W      22   /* the label column                           */
#define VALUE_W      12   /* each player's column, right-aligned: a name
                             of 10 (the display rules) and a space */

/* printf at buf + *pos within cap (always NUL-terminated when cap > 0);
   *pos grows by what was needed, fitting or not. */
static void put(char *buf, size_t cap, size_t *pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(*pos < cap ? buf + *pos : NULL,
                      *pos < cap ? cap - *pos : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        *pos += (size_t)n;
}

static void put_statistic(const seeker_state *s, int32_t stat, char *buf,
                          size_t cap, size_t *pos)
{
    const seeker_stat_info *info = seeker_stat_at(stat);
    put(buf, cap, pos, "%-*s%*d%*d\n  %s\n", LABEL_W, info->label, VALUE_W,
        (int)s->score[SEEKER_RED].stats[stat], VALUE_W,
        (int)s->score[SEEKER_BLUE].stats[stat], info->description);
}

/* The whole of panel 0. */
static size_t put_bonus_statistics(const seeker_state *s, char *buf,
                                   size_t cap)
{
    size_t pos = 0;
    put(buf, cap, &pos, "%s\n%-*s%*s%*s\n", PANEL_TITLE, LABEL_W, "",
        VALUE_W, "{seat 1}", VALUE_W, "{seat 2}");
    for (int32_t stat = 0; stat < SEEKER_STAT_COUNT; stat++)
        put_statistic(s, stat, buf, cap, &pos);
    put(buf, cap, &pos, "%-*s%*.1f%*.1f\n", LABEL_W, "Total bonus points",
        VALUE_W, seeker_bonus_points(&s->score[SEEKER_RED]), VALUE_W,
        seeker_bonus_points(&s->score[SEEKER_BLUE]));
    return pos;
}

/* Every seat sees the same panel (the statistics are public), as does the
   omniscient viewer; other seats and panels have none. */
int64_t seeker_panel_text(const void *state, int32_t seat, int32_t panel,
                          char *buf, size_t cap)
{
    const seeker_state *s = state;
    int known_seat = seat == SAPPER_OMNISCIENT || seat == SEEKER_RED ||
                     seat == SEEKER_BLUE;
    if (panel != 0 || !known_seat) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    return (int64_t)put_bonus_statistics(s, buf, cap);
}
