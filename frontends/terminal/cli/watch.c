/*
 * watch.c - the game a watched replay shows (watch.h): its setup and match,
 * moving to any step, the pace between steps and the words for a step.
 * No drawing and no keys here: the two faces do those.
 */
#include "watch.h"

int watch_open(watch *w, sapper_replay *r, sapper_registry *reg, const char *label,
               double speed)
{
    memset(w, 0, sizeof *w);
    w->a.prog = "replay";
    sapper_config_init(&w->a.cfg);
    w->a.reg = reg;
    w->a.game_index = 1;   /* the one game on show (ui_board_made keys by it) */
    w->r = r;
    w->speed = speed;
    w->steps = sapper_replay_steps(r);
    snprintf(w->label, sizeof w->label, "%s", label);
    if (sapper_replay_setup(r, reg, &w->a.setup, w->a.err, sizeof w->a.err) != SAPPER_OK) {
        app_error("%s", w->a.err);
        return EXIT_USAGE;
    }
    w->viewer = sapper_replay_viewer(r);
    if (watch_seek(w, 0) == 0)
        return 0;
    app_error("%s", w->a.err);
    return EXIT_USAGE;
}

void watch_close(watch *w)
{
    app_close(&w->a);
    sapper_replay_free(w->r);
    w->r = NULL;
}

/* A fresh match at the start of the game. */
static int restart(watch *w)
{
    sapper_match_free(w->a.match);
    w->a.match = sapper_match_new(&w->a.setup, w->a.setup.seed, 0, w->a.err,
                                  sizeof w->a.err);
    w->step = 0;
    return w->a.match ? 0 : EXIT_USAGE;
}

int watch_seek(watch *w, size_t step)
{
    if (step > w->steps)
        step = w->steps;
    if ((!w->a.match || step < w->step) && restart(w))
        return EXIT_USAGE;
    if (sapper_replay_play(w->r, w->a.match, w->step, step, w->a.err,
                           sizeof w->a.err) != SAPPER_OK)
        return EXIT_USAGE;
    w->step = step;
    return 0;
}

double watch_delay(const watch *w, size_t step)
{
    int64_t to = sapper_replay_step_ms(w->r, step);
    int64_t from = step > 0 ? sapper_replay_step_ms(w->r, step - 1) : 0;
    double ms = to < 0 ? WATCH_FIXED_MS : (double)(to - from);
    if (!w->person && ms < WATCH_MIN_MS)   /* a person's pace is kept as played */
        ms = WATCH_MIN_MS;
    return ms / 1000.0 / w->speed;
}

double watch_seconds(const watch *w)
{
    int64_t ms = sapper_replay_step_ms(w->r, w->step);
    return ms < 0 ? -1.0 : (double)ms / 1000.0;
}

/* "Ada (seat 1)" for seat: the name the record gives, whole (the setup
   refuses a name with a control character). */
static void seat_words(const watch *w, int32_t seat, char *out, size_t cap)
{
    snprintf(out, cap, "%s (seat %d)", w->a.setup.seats[seat].name, (int)seat + 1);
}

/* Appends one step's move, "Ada (seat 1): reveal 4 4", to out at *len. */
static void move_words(watch *w, const sapper_move *mv, char *out, size_t cap,
                       size_t *len)
{
    char who[SAPPER_NAME_MAX + 32];
    seat_words(w, mv->seat, who, sizeof who);
    if (*len < cap)
        *len += (size_t)snprintf(out + *len, cap - *len, "%s%s: %s", *len ? ", " : "",
                                 who, sapper_match_action_text(w->a.match, mv->action));
}

void watch_step_text(watch *w, char *out, size_t cap)
{
    size_t first, len = 0;   /* snprintf's count: may pass cap, then it stops */
    size_t n = sapper_replay_step_moves(w->r, w->step, &first);
    const sapper_fault *f = sapper_match_fault(w->a.match);
    out[0] = 0;
    if (w->step == 0) {
        snprintf(out, cap, "the start");
        return;
    }
    for (size_t i = first; i < first + n; i++)
        move_words(w, sapper_match_move(w->a.match, i), out, cap, &len);
    if (n == 0 && f && f->seat >= 0) {   /* the forfeit, a step of its own */
        char who[SAPPER_NAME_MAX + 32];
        seat_words(w, f->seat, who, sizeof who);
        snprintf(out, cap, "%s forfeits: %s", who, f->detail);
    }
}
