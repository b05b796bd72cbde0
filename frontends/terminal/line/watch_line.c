/*
 * watch_line.c - `sapper replay --watch` without a terminal (or with
 * --plain): every position of the game in turn, at the recorded pace times
 * the speed, each as a line saying which move it is, when, and what was
 * played, then the position in the rules' text (as the line protocol
 * prints it); a last line with the outcome. Nothing is read from stdin.
 */
#include "watch.h"

#include <errno.h>
#include <time.h>

static void pause_for(double seconds)
{
    struct timespec t = {(time_t)seconds,
                         (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (seconds > 0 && nanosleep(&t, &t) != 0 && errno == EINTR)
        ;
}

/* "game 1 of r.txt: classic, seed 7, 23 moves in 12.4 s" and how it is
   paced. */
static void print_title(const watch *w, FILE *out)
{
    const sapper_setup *s = &w->a.setup;
    int64_t ms = sapper_replay_step_ms(w->r, w->steps);
    fprintf(out, "%s: %s, seed %llu, %zu moves", w->label, s->rules->desc.id,
            (unsigned long long)s->seed, w->steps);
    if (ms >= 0)
        fprintf(out, " in %.3f s, at speed x%g\n", (double)ms / 1000.0, w->speed);
    else
        fprintf(out, ", no times recorded (%g s a move at speed 1), at speed x%g\n",
                WATCH_FIXED_MS / 1000.0, w->speed);
}

static void print_position(watch *w, FILE *out)
{
    char what[4096];
    watch_step_text(w, what, sizeof what);
    fprintf(out, "move %zu/%zu", w->step, w->steps);
    if (watch_seconds(w) >= 0)
        fprintf(out, " at %.3f s", watch_seconds(w));
    fprintf(out, ": %s\n", what);
    fputs(sapper_match_render(w->a.match, w->viewer), out);
}

int watch_line(watch *w, FILE *out)
{
    print_title(w, out);
    for (size_t step = 0; step <= w->steps; step++) {
        if (step > 0)
            pause_for(watch_delay(w, step));
        if (watch_seek(w, step)) {
            app_error("%s", w->a.err);
            return EXIT_USAGE;
        }
        print_position(w, out);
        if (fflush(out) != 0) {   /* a closed pipe: nobody is watching */
            app_error("cannot write the positions: %s", strerror(errno));
            return 1;
        }
    }
    sapper_strbuf b = {0};
    sapper_match_outcome_line(w->a.match, &b);
    fprintf(out, "end: %s\n", sapper_strbuf_str(&b));
    sapper_strbuf_free(&b);
    return fflush(out) == 0 ? 0 : 1;
}
