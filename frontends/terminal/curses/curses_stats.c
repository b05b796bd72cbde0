/*
 * curses_stats.c - the statistics line under a finished Minesweeper-family
 * board: 3BV (solved of total), 3BV per second, clicks (left, right,
 * chord, and wasted: clicks the rules refused, which changed nothing) and
 * efficiency, as players of Minesweeper Arbiter or minesweeper.online read
 * them. The numbers come from the rules' typed result record
 * (SAPPER_EXT_MINES_RECORD of sapper/mines.h) and the engine's count of
 * the person's refused clicks; the time is the game's own clock, as the
 * status line shows it, here to the millisecond. Rules without that
 * extension get no line. No ruleset id is named here, and no result
 * JSON is read. The line has a head (time, 3BV, 3BV/s) and the rest
 * (clicks, efficiency), so a screen short of rows can show them apart.
 */
#include "curses_ui.h"

#include <stdio.h>
#include <string.h>

/* The game's result as the family's typed record; 0 when its rules have
   none (not the mines family, or older than ABI 1.3). */
static int mines_record(ui *u, sapper_mines_record *out)
{
    const sapper_mines_record_ext *x =
        sapper_match_extension(u->a->match, SAPPER_EXT_MINES_RECORD);
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    if (!x || x->struct_size < offsetof(sapper_mines_record_ext, record) + sizeof x->record)
        return 0;
    x->record(sapper_match_state(u->a->match), out);
    return 1;
}

double ui_forgiven(ui *u)
{
    sapper_mines_record r;
    return mines_record(u, &r) && (r.flags & SAPPER_MINES_REC_FORGIVES) ? r.forgiven : -1;
}

/* What the result says of the game itself, once a game (it never changes
   during one): how its board was made, and whether its rules forgive
   mines (Deductive Minesweeper's screen). */
static void learn_game(ui *u)
{
    sapper_mines_record r;
    if (u->made_game == u->a->game_index && u->made_game != 0)
        return;
    int known = mines_record(u, &r);
    snprintf(u->made, sizeof u->made, "%s%s",
             known && (r.flags & SAPPER_MINES_REC_NO_GUESS) ? ", no-guess" : "",
             known && (r.flags & SAPPER_MINES_REC_CLOUDS) ? ", density clouds" : "");
    u->forgiving = known && (r.flags & SAPPER_MINES_REC_FORGIVES);
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

/* The clicks the rules refused, of every seat played at this keyboard
   (the engine counts them for people only). */
static int64_t wasted(ui *u)
{
    int64_t n = 0;
    for (int32_t seat = 0; seat < sapper_match_players(u->a->match); seat++)
        n += sapper_match_refused(u->a->match, seat);
    return n;
}

int ui_stats_line(ui *u, double seconds, char *out, size_t cap)
{
    sapper_mines_record r;
    out[0] = 0;
    if (!mines_record(u, &r) || !(r.flags & SAPPER_MINES_REC_COUNTED))
        return 0;
    char rate[32] = "-";
    if (seconds > 0)
        snprintf(rate, sizeof rate, "%.2f", r.bbbv_solved / seconds);
    char effic[32] = "-";
    double eff = sapper_mines_efficiency(&r);
    if (eff >= 0)
        snprintf(effic, sizeof effic, "%.0f%%", eff);
    long clicks = (long)r.clicks[0] + r.clicks[1] + r.clicks[2];
    int head = snprintf(out, cap, "%.3f s  3BV %d/%d  3BV/s %s", seconds,
                        r.bbbv_solved, r.bbbv, rate);
    if (head < 0 || (size_t)head >= cap)
        return 0;
    snprintf(out + head, cap - (size_t)head, "  clicks %ld: %d left %d right "
             "%d chord %lld wasted  efficiency %s", clicks, r.clicks[0],
             r.clicks[1], r.clicks[2], (long long)wasted(u), effic);
    return head;
}
