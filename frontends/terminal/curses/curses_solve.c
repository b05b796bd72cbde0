/*
 * curses_solve.c - the solver's help in the curses mines grid: `?` puts
 * the cursor on a certainly safe cell, or on the safest guess, and says
 * which on the message line; `a` plays one solver step (that cell); `A`
 * plays steps every 0.1 s until the game ends or a key is pressed; `p`
 * toggles an overlay that shows every unrevealed cell's mine probability
 * (in colour: a background from green to red; with NO_COLOR: the tenths
 * as a digit, underlined).
 *
 * The advice comes from hint.h; moves go through ui_play like a person's,
 * so undo, the clock and the bots' answers work as usual. Drawing the grid
 * is curses_grid.c's business: this file only lends it the overlay's look.
 */
#include "curses_ui.h"

#include "hint.h"

#define AUTO_STEP_MS 100   /* the pace of `A` */

static hinter *solver_of(ui *u)
{
    return app_hinter(u->a);
}

/* "12.3%", never rounding an uncertain cell to 0% or 100%. */
static void percent(double p, char *buf, size_t cap)
{
    if (p > 0 && p < 0.0005)
        snprintf(buf, cap, "<0.1%%");
    else if (p < 1 && p > 0.9995)
        snprintf(buf, cap, ">99.9%%");
    else
        snprintf(buf, cap, "%.1f%%", 100 * p);
}

/* The advice for the person at the keyboard, preferring cells near the
   cursor; 0, or -1 with the reason on the message line. */
static int pick(ui *u, hint *hn)
{
    char err[256];
    hinter *h = solver_of(u);
    if (!h) {
        ui_message(u, 1, "solver: out of memory");
        return -1;
    }
    if (hinter_pick(h, u->a->match, ui_viewer(u), u->cx, u->cy, hn, err,
                    sizeof err) != 0) {
        ui_message(u, 1, "solver: %s", err);
        return -1;
    }
    return 0;
}

/* "safe" or "guess: 12.3% mine", and what stands in the way. */
static void describe(const hint *hn, char *buf, size_t cap)
{
    char p[16];
    percent(hn->prob, p, sizeof p);
    const char *mark = hn->code == SAPPER_CELL_FLAGGED ? " (flagged)"
                     : hn->code == SAPPER_CELL_MARKED  ? " (marked)" : "";
    const char *approx = hn->approximate ? " (approximate)" : "";
    if (hn->safe)
        snprintf(buf, cap, "safe%s%s", mark, approx);
    else
        snprintf(buf, cap, "guess: %s mine%s%s", p, mark, approx);
}

static void show_hint(ui *u)
{
    hint hn;
    char what[96];
    if (pick(u, &hn) != 0)
        return;
    u->cx = hn.x;
    u->cy = hn.y;
    describe(&hn, what, sizeof what);
    ui_message(u, 0, "hint: %s at %d %d", what, (int)hn.x, (int)hn.y);
}

static int game_on(ui *u)
{
    return sapper_match_to_move(u->a->match) != SAPPER_TERMINAL;
}

/* Plays the solver's cell (clearing its flag or mark first); the message
   line says what was played, followed by any bot answers. 0 when played. */
static int step(ui *u)
{
    hint hn;
    int64_t acts[3];
    char what[96], bots[sizeof u->msg];
    if (ui_actor(u) < 0) {
        ui_message(u, 1, game_on(u) ? "no move of yours is expected now"
                   : "the game is over: r starts a new one, q quits");
        return -1;
    }
    if (pick(u, &hn) != 0)
        return -1;
    u->cx = hn.x;
    u->cy = hn.y;
    int32_t seat = ui_actor(u);
    int n = hint_actions(&hn, acts);
    for (int i = 0; i < n && ui_actor(u) == seat; i++)
        if (!ui_play(u, acts[i]))
            return -1;   /* the refusal is on the message line */
    describe(&hn, what, sizeof what);
    snprintf(bots, sizeof bots, "%s", u->msg);
    ui_message(u, u->msg_error, "solver: reveal %d %d (%s)%s%s", (int)hn.x,
               (int)hn.y, what, bots[0] ? "; " : "", bots);
    return 0;
}

/* Steps every AUTO_STEP_MS until the game ends, a step fails or a key
   (which is swallowed) arrives. */
static void auto_play(ui *u)
{
    timeout(AUTO_STEP_MS);
    while (game_on(u) && step(u) == 0) {
        erase();
        ui_grid_family.draw(u);
        refresh();
        if (game_on(u) && getch() != ERR) {
            ui_message(u, 0, "auto-play stopped");
            break;
        }
    }
    timeout(UI_TICK_MS);
}

static void toggle_overlay(ui *u)
{
    u->overlay = !u->overlay;
    if (!u->overlay)
        ui_message(u, 0, "probability overlay off");
    else if (u->colour)
        ui_message(u, 0, "mine odds: green < 10%%, yellow < 40%%, red 40%% "
                   "and up; bright green safe, bright red a mine");
    else
        ui_message(u, 0, "mine odds in tenths (0: under 10%%, 9: 90%% and "
                   "up); bold: certain");
}

int ui_solve_key(ui *u, int ch)
{
    int was = u->a->assisted;
    if (!ch || !strchr("?aAp", ch))
        return 0;
    u->a->assisted = 1;   /* a scoreboard game is the player's alone */
    switch (ch) {
    case '?': show_hint(u); break;
    case 'a': step(u); break;
    case 'A': auto_play(u); break;
    default: toggle_overlay(u); break;
    }
    ui_note_unscored(u, was);   /* curses_scores.c */
    return 1;
}

const double *ui_solve_overlay(ui *u)
{
    char err[256];
    hinter *h = u->overlay ? solver_of(u) : NULL;
    if (!h)
        return NULL;
    const sapper_mines_result *r =
        hinter_analyze(h, u->a->match, ui_viewer(u), err, sizeof err);
    return r && r->consistent ? r->prob : NULL;
}

static int odds_pair(double p)
{
    return p == 0.0  ? UI_PAIR_ODDS_SAFE
         : p == 1.0  ? UI_PAIR_ODDS_MINE
         : p < 0.1   ? UI_PAIR_ODDS_LOW
         : p < 0.4   ? UI_PAIR_ODDS_MID
                     : UI_PAIR_ODDS_HIGH;
}

int ui_solve_look(const ui *u, uint8_t code, double p, attr_t *attr)
{
    int tenths = (int)(p * 10);
    int ch = code == SAPPER_CELL_FLAGGED ? 'F'
           : code == SAPPER_CELL_MARKED  ? '?'
                                         : '0' + (tenths > 9 ? 9 : tenths);
    attr_t certain = p == 0.0 || p == 1.0 ? A_BOLD : A_NORMAL;
    *attr = u->colour ? ui_attr(u, odds_pair(p), certain)
                      : A_UNDERLINE | certain;
    return ch;
}
