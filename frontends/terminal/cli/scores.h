/*
 * scores.h - the Deductive Minesweeper scoreboard: the score file (SQLite),
 * the three tables the document asks for, and the front end's decision to
 * put a finished game on it. The rules plugin never writes scores: the
 * front end records a game when it ends, from the setup and the view.
 *
 * What is scored: a game of the rules "deductive" on the 25x14 preset (no
 * layout file), played by a person (one human seat, no bot), recorded once,
 * when it first ends. A win scores the player's time in seconds, the rules'
 * study time (view.paused_us) taken off; a loss scores infinity (stored as
 * NULL). Low is good. Any other game leaves the score file alone (it is not
 * even created).
 *
 * The tables (scores_top, scores_averages), for `sapper scores`:
 *   - the top ten scores of all time: wins, fastest first (ties: earlier);
 *   - the top ten of this week: the same since Monday 00:00 local time;
 *   - the top ten player averages: each player's weighted harmonic mean
 *         H = sum(w_k) / sum(w_k / s_k),   w_k = 0.9^k,
 *     k = 0 for the player's most recent game, 1 for the one before, ...;
 *     a loss (s = infinity) adds its weight to the top and nothing to the
 *     bottom, so it pulls the mean up; only losses: H = infinity. A game
 *     ten games back counts 0.35 of the latest, thirty back 0.04.
 *
 * Nothing here prints: messages go into the caller's buffer.
 */
#ifndef SAPPER_SCORES_H
#define SAPPER_SCORES_H

#include <stddef.h>
#include <stdint.h>

#include "match.h"

#define SCORES_NAME_CHARS 7      /* the first seven characters are used */
#define SCORES_NAME_MAX 32       /* bytes for seven UTF-8 characters + NUL */
#define SCORES_TOP 10
#define SCORES_DECAY 0.9         /* w_k = SCORES_DECAY^k */
#define SCORES_PRESET "25x14"    /* the scored size of the deductive rules */

/** One scored game. */
typedef struct scores_entry {
    char name[SCORES_NAME_MAX];
    double seconds;              /* INFINITY for a loss */
    int64_t played_at;           /* Unix time of the end of the game */
} scores_entry;

/** One player's line of the averages table. */
typedef struct scores_average {
    char name[SCORES_NAME_MAX];
    double mean;                 /* weighted harmonic mean; INFINITY when
                                    every game was lost */
    int32_t games, wins;
} scores_average;

/* ---- names, times, statistics (scores_board.c) --------------------- */

/** The first seven UTF-8 characters of name into out (cap >=
 *  SCORES_NAME_MAX); control characters become spaces; an empty or blank
 *  name becomes "me", the default. */
void scores_name(const char *name, char *out, size_t cap);

/** The weighted harmonic mean of s[0..n) with s[0] the most recent game
 *  (see above); INFINITY when n == 0 or every score is infinite. */
double scores_weighted_harmonic(const double *s, size_t n);

/** Unix time of the start (Monday 00:00, local time) of now's week. */
int64_t scores_week_start(int64_t now);

/** The wins of all[0..n) played at or after since, fastest first (ties:
 *  the earlier game), at most cap of them into out; returns how many. */
size_t scores_top(const scores_entry *all, size_t n, int64_t since,
                  scores_entry *out, size_t cap);

/** Every player's average over all[0..n) (oldest first, as loaded), best
 *  first (ties: name), at most cap into out; returns how many. */
size_t scores_averages(const scores_entry *all, size_t n,
                       scores_average *out, size_t cap);

/* ---- the score file (scores.c) ------------------------------------- */

/** The default score file: $XDG_DATA_HOME/sapper/deductive-scores.db, or
 *  $HOME/.local/share/sapper/deductive-scores.db. 0, or -1 when neither
 *  variable is set. */
int scores_default_path(char *buf, size_t cap);

/** Appends one game to the score file at path, creating the file (and
 *  its directory) when missing. 0, or -1 with the reason in err. */
int scores_add(const char *path, const scores_entry *e, char *err,
               size_t errcap);

/** Every game of the score file, oldest first, into *out (malloc'd; the
 *  caller frees it). A missing file is an empty list, not an error, and
 *  is not created. 0, or -1 with the reason in err. */
int scores_load(const char *path, scores_entry **out, size_t *n, char *err,
                size_t errcap);

/* ---- recording a finished game (scores_game.c) --------------------- */

/** The name and score file a setup asks for (its rules parameters `name`
 *  and `scorefile`; the command line has already won over the config
 *  file there). 0, or -1 with the reason in err. */
int scores_settings(const sapper_setup *s, char *name, size_t namecap,
                    char *path, size_t pathcap, char *err, size_t errcap);

/** Whether a game of this setup goes on the scoreboard (see above). */
int scores_setup_is_scored(const sapper_setup *s);

/** Records match m when it is a finished game of a scored setup.
 *  player_seconds is the player's time: the front end's clock for the
 *  game less the engine's time on the player's moves (app_play); now the Unix
 *  time of the end. An assisted game (undo, hints, the solver) is not
 *  scored. Returns 1 when recorded (msg says so), 0 when the game is not
 *  scored (msg "" or why), -1 on an error (msg says why). */
int scores_record(const sapper_setup *s, sapper_match *m, double player_seconds,
                  int assisted, int64_t now, char *msg, size_t msgcap);

#endif
