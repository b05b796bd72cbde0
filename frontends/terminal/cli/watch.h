/*
 * watch.h - a recorded game played back position by position (`sapper
 * replay --watch`): the game read from its record, the match on show
 * (rebuilt from the start to go back, which is cheap), the pace (the
 * recorded times, real time at speed 1 for a game a person played, or
 * WATCH_FIXED_MS a step for records without them) and the speed. Shared by the two faces: line/watch_line.c prints each
 * position in turn, curses/watch_curses.c shows them on a screen with keys.
 * A step is what the game applied at once (sapper_replay_steps): a move,
 * a simultaneous turn (a Wood-Sword round), or the forfeit at the end.
 */
#ifndef SAPPER_WATCH_H
#define SAPPER_WATCH_H

#include "app.h"

#define WATCH_FIXED_MS 500      /* a step of a record without times */
#define WATCH_MIN_MS 100        /* the least a step of a bots' game stays
                                   at speed 1: bots play within a
                                   millisecond, and a game shown at that
                                   pace could not be followed */
#define WATCH_SPEED_MIN 0.01    /* --speed and the +/- keys stay in these */
#define WATCH_SPEED_MAX 1000000.0

typedef struct watch {
    app a;                /* a.setup: the game's, every seat played from the
                             record; a.match: the position on show; a.reg */
    sapper_replay *r;     /* the game; owned */
    char label[1200];     /* "game 2 of FILE", "game 7 of DB" */
    size_t step;          /* steps a.match has had */
    size_t steps;
    int32_t viewer;       /* whose view is shown (sapper_replay_viewer) */
    double speed;         /* 1: the recorded pace */
    int person;           /* a person played a seat: every step keeps its
                             recorded time apart (at speed 1 the game goes
                             at its real pace); 0: bots only, each step
                             WATCH_MIN_MS at least. Set by the caller. */
} watch;

/** Sets w up to watch r (taken: freed by watch_close, also after a
 *  failure) with the plugins of reg (taken too), from its start. label
 *  names the game in titles. 0, or EXIT_USAGE after saying why. */
int watch_open(watch *w, sapper_replay *r, sapper_registry *reg, const char *label,
               double speed);
void watch_close(watch *w);

/** Shows step (0: the start; at most w->steps) in w->a.match: the steps
 *  after the current one are played on, an earlier one is reached from the
 *  start. 0, or EXIT_USAGE with the reason in w->a.err (a record that
 *  verified does not fail; the curses face says it after the screen). */
int watch_seek(watch *w, size_t step);

/** Seconds from step - 1 to step at w->speed: their recorded times apart
 *  (WATCH_MIN_MS at least in a bots' game), or WATCH_FIXED_MS without
 *  times. */
double watch_delay(const watch *w, size_t step);

/** The time of the step on show, in seconds since the game began; -1 when
 *  the record keeps no times. */
double watch_seconds(const watch *w);

/** What the step on show did, as people read it ("Ada (seat 1): reveal
 *  4 4", one entry per move of a simultaneous turn, "... forfeits:
 *  timeout"; names as the record gives them);
 *  "the start" for step 0. Cut to cap. */
void watch_step_text(watch *w, char *out, size_t cap);

/** The faces: line/watch_line.c prints every position to out at the
 *  pace; curses/watch_curses.c plays them on the terminal. Each returns
 *  an exit status (0; EXIT_USAGE when a step cannot be shown). */
int watch_line(watch *w, FILE *out);
int watch_curses(watch *w);
/** cli/watch_svg.c: every step's position as DIR/move-NNNN.svg (made when
 *  missing), a Minesweeper view with its mine probabilities
 *  (position_svg.h); EXIT_USAGE for another family or a directory that
 *  cannot be written, after saying why. */
int watch_svg(watch *w, const char *dir);

#endif
