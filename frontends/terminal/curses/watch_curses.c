/*
 * watch_curses.c - `sapper replay --watch` on a terminal: the recorded game
 * plays on the screens `sapper play` draws for its family (the mines grid,
 * the Wood-Sword arena, the rules' text), at the recorded pace times the
 * speed. Keys: space pauses and resumes (at the end: from the start),
 * right/l steps forward and left/h back (both pause), + and - double and
 * halve the speed, q quits. The bottom two lines are the watch's: the
 * status (move i/n, the time, the speed, playing, paused or end) with what
 * the move did, and the keys. The family's screens know they are watched
 * (ui.watching): nobody acts, no key of play is offered; the grid's cursor
 * sits on the cell of the last move.
 *
 * Not here: which game, its steps and pace (watch.c), the line face
 * (watch_line.c), the terminal's setup (play_curses.c).
 */
#include "curses_ui.h"
#include "watch.h"

static const char watch_keys[] =
    "space pause/play  left/h back  right/l forward  +/- speed  q quit";

typedef struct watch_ui {
    ui u;                    /* the screens' state; u.a is the watch's app */
    watch *w;
    struct arena_ui *arena;  /* the arena's frame state, or NULL */
    int paused;
    double due;              /* app_now() when the next step shows */
} watch_ui;

/* The family's game clock shows the step's time: a clock stopped at it. */
static void set_clock(watch_ui *wu)
{
    double t = watch_seconds(wu->w);
    wu->u.first_move = 1.0;
    wu->u.ended = 1.0 + (t > 0 ? t : 0);
    wu->u.stats[0] = 0;
    wu->u.stats_head = 0;
    if (t >= 0 && wu->w->step == wu->w->steps)   /* the end screen's statistics */
        wu->u.stats_head = ui_stats_line(&wu->u, t, wu->u.stats, sizeof wu->u.stats);
}

/* The grid's cursor on the cell the step's last move acted on. */
static void follow_move(watch_ui *wu)
{
    watch *w = wu->w;
    size_t first, size = 0;
    size_t n = sapper_replay_step_moves(w->r, w->step, &first);
    if (n == 0 || ui_is_arena(&w->a) || ui_family_of(&w->a) != &ui_grid_family)
        return;
    const sapper_mines_view *v = sapper_match_view(w->a.match, w->viewer, &size);
    int32_t verb, x, y;
    if (!sapper_mines_view_cells(v, size))
        return;
    const sapper_move *mv = sapper_match_move(w->a.match, first + n - 1);
    if (sapper_mines_decode(mv->action, v->width, v->height, &verb, &x, &y)) {
        wu->u.cx = x;
        wu->u.cy = y;
    }
}

/* Line y: cleared, then text. */
static void put_line(int y, attr_t attr, const char *text)
{
    move(y, 0);
    clrtoeol();
    ui_put(y, 0, attr, text);
}

static void draw_status(watch_ui *wu)
{
    watch *w = wu->w;
    char what[512], line[1024], time[64] = "-";
    double t = watch_seconds(w), total = (double)sapper_replay_step_ms(w->r, w->steps);
    if (t >= 0)
        snprintf(time, sizeof time, "%.1f of %.1f s", t, total / 1000.0);
    watch_step_text(w, what, sizeof what);
    snprintf(line, sizeof line, "Move %zu/%zu   Time %s   Speed x%g   %s   %s", w->step,
             w->steps, time, w->speed,
             w->step == w->steps ? "end" : wu->paused ? "paused" : "playing", what);
    put_line(LINES - 2, A_BOLD, line);
    put_line(LINES - 1, A_NORMAL, watch_keys);
}

static void draw(watch_ui *wu)
{
    erase();
    set_clock(wu);
    follow_move(wu);
    if (wu->arena)
        ui_arena_watch_draw(wu->arena);
    else
        ui_family_of(&wu->w->a)->draw(&wu->u);
    if (!wu->u.too_small)
        draw_status(wu);
    refresh();
}

/* The next step shows watch_delay after now. */
static void schedule(watch_ui *wu)
{
    wu->due = app_now() + watch_delay(wu->w, wu->w->step + 1);
}

/* Space: pause or go on; at the end, from the start. */
static int toggle(watch_ui *wu)
{
    int rc = 0;
    if (wu->w->step == wu->w->steps) {
        rc = watch_seek(wu->w, 0);
        wu->paused = 0;
    } else {
        wu->paused = !wu->paused;
    }
    schedule(wu);
    return rc;
}

/* + and -: the step on its way keeps its share of the wait. */
static void change_speed(watch_ui *wu, double factor)
{
    double speed = wu->w->speed * factor, now = app_now();
    speed = speed < WATCH_SPEED_MIN ? WATCH_SPEED_MIN
          : speed > WATCH_SPEED_MAX ? WATCH_SPEED_MAX : speed;
    wu->due = now + (wu->due - now) * wu->w->speed / speed;
    wu->w->speed = speed;
}

/* A step by hand pauses the play. */
static int step_by_hand(watch_ui *wu, int forward)
{
    watch *w = wu->w;
    wu->paused = 1;
    if (!forward && w->step == 0)
        return 0;
    return watch_seek(w, forward ? w->step + 1 : w->step - 1);
}

static int on_key(watch_ui *wu, int ch)
{
    switch (ch) {
    case 'q': wu->u.quit = 1; return 0;
    case ' ': return toggle(wu);
    case KEY_RIGHT: case 'l': return step_by_hand(wu, 1);
    case KEY_LEFT: case 'h': return step_by_hand(wu, 0);
    case '+': case '=': change_speed(wu, 2.0); return 0;
    case '-': case '_': change_speed(wu, 0.5); return 0;
    default: return 0;   /* the tick, a resize, a click, any other key */
    }
}

/* The next step when its time has come. */
static int play_on(watch_ui *wu)
{
    if (wu->paused || wu->w->step == wu->w->steps || app_now() < wu->due)
        return 0;
    int rc = watch_seek(wu->w, wu->w->step + 1);
    schedule(wu);
    return rc;
}

/* How long getch may wait: until the next step, at most a tick. */
static int wait_ms(const watch_ui *wu)
{
    if (wu->paused || wu->w->step == wu->w->steps)
        return UI_TICK_MS;
    double ms = (wu->due - app_now()) * 1000.0;
    return ms <= 0 ? 0 : ms >= UI_TICK_MS ? UI_TICK_MS : (int)ms + 1;
}

static int watch_loop(watch_ui *wu)
{
    int rc = 0;
    schedule(wu);
    while (!wu->u.quit && !rc) {
        draw(wu);
        timeout(wait_ms(wu));
        int ch = getch();
        if (ui_check_interrupt(&wu->u))
            break;
        rc = on_key(wu, ch);
        if (!rc)
            rc = play_on(wu);
    }
    return rc;
}

int watch_curses(watch *w)
{
    watch_ui wu = {.u = {.a = &w->a, .watching = 1, .watch_viewer = w->viewer,
                         .cx = -1, .cy = -1},
                   .w = w};
    struct sigaction old;
    SCREEN *screen = ui_screen_open(&wu.u, &old);
    if (!screen) {
        app_error("cannot start the terminal interface (TERM=%s); try --plain",
                  getenv("TERM") ? getenv("TERM") : "unset");
        return EXIT_USAGE;
    }
    int rc = 0;
    if (ui_is_arena(&w->a) && !(wu.arena = ui_arena_open(&wu.u))) {
        snprintf(w->a.err, sizeof w->a.err, "out of memory");
        rc = EXIT_USAGE;
    }
    rc = rc ? rc : watch_loop(&wu);
    ui_arena_close(wu.arena);
    free(wu.u.played);
    ui_screen_close(screen, &old);
    if (rc)   /* the screen is gone: the reason can be read now */
        app_error("%s", w->a.err);
    if (wu.u.interrupted)
        app_error("interrupted");
    return wu.u.interrupted ? 130 : rc;
}
