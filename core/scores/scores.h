/*
 * scores.h - the scoreboard: one SQLite score file for every ruleset that
 * keeps scores, the tables people read, and the decision to put a finished
 * game on it. The rules say which board a game belongs to and how its
 * tables rank (sapper_rules_api.score); this library stores and ranks, and
 * knows no ruleset by name.
 *
 * What is scored: a finished game (won or lost) whose rules give it a
 * board, played by a person alone (one seat, no bot) with no undo, hint,
 * solver step or probability overlay, recorded once, when it first ends.
 * It ranks (the top tens, the averages, places and best times) only when
 * it was also played by a person at a terminal on a board they could not
 * know: a drawn seed, never one given (game.seed), and moves typed, not
 * piped. Other scored games are kept, marked unranked, and count in a
 * player's games, wins and streaks only.
 * A win scores the player's time in seconds (the front end's clock less
 * the engine's time on the player's moves); a loss scores infinity
 * (stored as NULL). Low is good.
 *
 * The tables of a board (SAPPER_SCORE_FASTEST and _HARMONIC):
 *   - the top ten wins of all time, fastest first (ties: the earlier);
 *   - per player: games, wins, win rate, best time, best 3BV/s, current
 *     and best winning streak; and the latest games, newest first;
 * and for SAPPER_SCORE_HARMONIC (Deductive Minesweeper) also
 *   - the top ten of this week: the same since Monday 00:00 local time;
 *   - the top ten player averages: each player's weighted harmonic mean
 *         H = sum(w_k) / sum(w_k / s_k),   w_k = 0.9^k,
 *     k = 0 for the player's most recent game, 1 for the one before, ...;
 *     a loss (s = infinity) adds its weight to the top and nothing to the
 *     bottom, so it pulls the mean up; only losses: H = infinity.
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
#define SCORES_KEY_MAX 64        /* sapper_score.board */
#define SCORES_LABEL_MAX 32      /* sapper_score.label */

/** One scored game. */
typedef struct scores_entry {
    char name[SCORES_NAME_MAX];
    double seconds;              /* INFINITY for a loss */
    int64_t played_at;           /* Unix time of the end of the game */
    char ruleset[SCORES_NAME_MAX];   /* the rules' id */
    char board[SCORES_KEY_MAX];  /* the board key (sapper_score.board) */
    char label[SCORES_LABEL_MAX];
    int32_t method;              /* SAPPER_SCORE_* */
    int32_t bbbv;                /* the board's 3BV, 0 when unknown */
    int32_t unranked;            /* 1: statistics only, never ranked */
} scores_entry;

/** One player's line of the averages table. */
typedef struct scores_average {
    char name[SCORES_NAME_MAX];
    double mean;                 /* weighted harmonic mean; INFINITY when
                                    every game was lost */
    int32_t games, wins;
} scores_average;

/** One player's line of the players table. */
typedef struct scores_player {
    char name[SCORES_NAME_MAX];
    int32_t games, wins;
    int32_t streak;              /* wins since the latest loss */
    int32_t best_streak;         /* the longest run of wins */
    double best;                 /* fastest win; INFINITY without one */
    double best_rate;            /* highest 3BV/s of a win; 0 without */
} scores_player;

/* ---- names, times, statistics (score_tables.c) --------------------- */

/** The first seven UTF-8 characters of name into out (cap >=
 *  SCORES_NAME_MAX); control characters become spaces; an empty or blank
 *  name becomes "me", the default. */
void scores_name(const char *name, char *out, size_t cap);

/** The weighted harmonic mean of s[0..n) with s[0] the most recent game
 *  (see above); INFINITY when n == 0 or every score is infinite. */
double scores_weighted_harmonic(const double *s, size_t n);

/** Unix time of the start (Monday 00:00, local time) of now's week. */
int64_t scores_week_start(int64_t now);

/** 3BV per second of a win (0 for a loss or an unknown 3BV). */
double scores_rate(const scores_entry *e);

/** The ranked wins of all[0..n) played at or after since, fastest first (ties:
 *  the earlier game), at most cap of them into out; returns how many. */
size_t scores_top(const scores_entry *all, size_t n, int64_t since,
                  scores_entry *out, size_t cap);

/** Every player's average over the ranked games of all[0..n) (oldest
 *  first, as loaded), best
 *  first (ties: name), at most cap into out; returns how many. */
size_t scores_averages(const scores_entry *all, size_t n,
                       scores_average *out, size_t cap);

/** Every player's line over all[0..n) (oldest first, one board): games,
 *  wins and streaks of every game, best time and 3BV/s of ranked wins;
 *  best time first (players without a win after, by wins, then name), at most
 *  cap into out; returns how many. */
size_t scores_players(const scores_entry *all, size_t n, scores_player *out,
                      size_t cap);

/** Where the game all[i] stands: *rank its place among the ranked wins
 *  of all[0..n) (1 = fastest; equal times keep the earlier game ahead), 0
 *  for a loss or an unranked game; *personal_best 1 when no earlier
 *  ranked win of the same player was as fast. */
void scores_standing(const scores_entry *all, size_t n, size_t i,
                     size_t *rank, int *personal_best);

/* ---- the score file (score_file.c) --------------------------------- */

/** The default score file: $XDG_DATA_HOME/sapper/scores.db, or
 *  $HOME/.local/share/sapper/scores.db. 0, or -1 when neither variable is
 *  set. */
int scores_default_path(char *buf, size_t cap);

/** Appends one game to the score file at path, creating the file (and
 *  its directory) when missing, and bringing a file of the older
 *  deductive-only format up to date in place, every row kept (as
 *  deductive 25x14 games). A file that is not a score file is refused and
 *  left alone. When path is the default and missing, the games of the
 *  older default file (deductive-scores.db beside it) are copied in first.
 *  result is the game's JSON result line (its statistics), kept with it
 *  (NULL: none). 0, or -1 with the reason (naming the file) in err. */
int scores_add(const char *path, const scores_entry *e, const char *result,
               char *err, size_t errcap);

/** The games of the score file, oldest first, into *out (malloc'd; the
 *  caller frees it): those of ruleset (NULL: any) and board (NULL: any).
 *  A missing file is an empty list, not an error, and is not created (the
 *  default file, when missing, reads the older default). Files of the
 *  older format read as they are. 0, or -1 with the reason in err. */
int scores_load(const char *path, const char *ruleset, const char *board,
                scores_entry **out, size_t *n, char *err, size_t errcap);

/* ---- recording a finished game (score_game.c) ---------------------- */

/** The name and score file a setup asks for: the rules parameters `name`
 *  and `scorefile` when the rules declare them (the command line has
 *  already won over the config file there), else the seat's name and the
 *  default file. 0, or -1 with the reason in err. */
int scores_settings(const sapper_setup *s, char *name, size_t namecap,
                    char *path, size_t pathcap, char *err, size_t errcap);

/** Whether games of this setup can go on a scoreboard: one seat, played
 *  by a person, and the rules give the match's game a board. *score gets
 *  the board when they do (m: any match of the setup). */
int scores_setup_is_scored(const sapper_setup *s, const sapper_match *m,
                           sapper_score *score);

/** Records match m when it is a finished game of a scored setup.
 *  player_seconds is the player's time; now the Unix time of the end. An
 *  assisted game (undo, hints, the solver, the overlay) is not scored.
 *  unranked is NULL for a game that may rank, else why it may not (the
 *  words follow "not ranked: "): it is recorded for statistics only.
 *  Returns 1 when recorded (msg says so, with the place reached: "#3 on
 *  Expert", "new personal best"), 0 when the game is not scored (msg ""
 *  or why), -1 on an error (msg says why). */
int scores_record(const sapper_setup *s, sapper_match *m, double player_seconds,
                  int assisted, const char *unranked, int64_t now, char *msg,
                  size_t msgcap);
/** Why a game of setup s cannot rank, for scores_record, or NULL when it
 *  can: its seed was given, or (typed == 0) its moves came from a pipe
 *  or a file rather than a person at a terminal. */
const char *scores_unranked_why(const sapper_setup *s, int typed);

#endif
