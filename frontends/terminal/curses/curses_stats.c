/*
 * curses_stats.c - the statistics line under a finished Minesweeper-family
 * board: 3BV (solved of total), 3BV per second, clicks (left, right,
 * chord, and wasted: clicks the rules refused, which changed nothing) and
 * efficiency, as players of Minesweeper Arbiter or minesweeper.online read
 * them. The numbers come from the result the rules give (the members
 * "bbbv", "bbbv_solved", "clicks", "efficiency" of sapper/mines.h
 * rulesets, board.h sapper_board_stats_json) and the engine's "wasted"
 * of the person's seat; the time is
 * the game's own clock, as the status line shows it, here to the
 * millisecond. A ruleset without
 * those members gets no line. No ruleset id is named here.
 */
#include "curses_ui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The number after "key": in json, or -1 when there is none. */
static double member(const char *json, const char *key);

double ui_result_number(ui *u, const char *key)
{
    sapper_strbuf b = {0};
    sapper_match_result_json(u->a->match, 0, &b);
    double v = member(sapper_strbuf_str(&b), key);
    sapper_strbuf_free(&b);
    return v;
}

/* What the result says of the game itself, once a game (it never changes
   during one): how its board was made, and whether its rules forgive
   mines (a "forgiven" count: Deductive Minesweeper's screen). */
static void learn_game(ui *u)
{
    if (u->made_game == u->a->game_index && u->made_game != 0)
        return;
    sapper_strbuf b = {0};
    sapper_match_result_json(u->a->match, 0, &b);
    const char *json = sapper_strbuf_str(&b);
    snprintf(u->made, sizeof u->made, "%s%s",
             strstr(json, "\"no_guess\":true") ? ", no-guess" : "",
             strstr(json, "\"density\":\"clouds\"") ? ", density clouds" : "");
    u->forgiving = strstr(json, "\"forgiven\":") != NULL;
    sapper_strbuf_free(&b);
    u->made_game = u->a->game_index;
}

const char *ui_board_made(ui *u)
{
    learn_game(u);
    return u->made;
}

int ui_forgiving(ui *u)
{
    learn_game(u);
    return u->forgiving;
}

static double member(const char *json, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *at = strstr(json, pat);
    if (!at)
        return -1;
    char *end;
    double v = strtod(at + strlen(pat), &end);
    return end == at + strlen(pat) ? -1 : v;
}

/* left, right and chord clicks from "clicks":[l,r,c]; 0 when absent. */
static int clicks(const char *json, long out[3])
{
    const char *at = strstr(json, "\"clicks\":[");
    if (!at)
        return 0;
    return sscanf(at + 10, "%ld,%ld,%ld", &out[0], &out[1], &out[2]) == 3;
}

void ui_stats_line(ui *u, double seconds, char *out, size_t cap)
{
    sapper_strbuf b = {0};
    long c[3];
    out[0] = 0;
    sapper_match_result_json(u->a->match, seconds, &b);
    const char *json = sapper_strbuf_str(&b);
    double bbbv = member(json, "bbbv"), solved = member(json, "bbbv_solved");
    double eff = member(json, "efficiency"), wasted = member(json, "wasted");
    if (bbbv >= 0 && solved >= 0 && clicks(json, c)) {
        char rate[32] = "-";
        if (seconds > 0)
            snprintf(rate, sizeof rate, "%.2f", solved / seconds);
        char effic[32] = "-";
        if (eff >= 0)
            snprintf(effic, sizeof effic, "%.0f%%", eff);
        snprintf(out, cap, "%.3f s  3BV %.0f/%.0f  3BV/s %s  clicks %ld: %ld left %ld "
                 "right %ld chord %.0f wasted  efficiency %s", seconds, solved,
                 bbbv, rate, c[0] + c[1] + c[2], c[0], c[1], c[2],
                 wasted > 0 ? wasted : 0, effic);
    }
    sapper_strbuf_free(&b);
}
