/*
 * replay.h - replay files: the ruleset, its parameters, the seed, the seats
 * and every action as text (with the time it was applied, when the game
 * had a clock), then the outcome. Writing one needs only a match
 * (replay.c); checking one re-executes every action through the rules and
 * compares the outcome, and watching one plays it step by step
 * (replay_read.c reads, replay_play.c plays). Format: docs/FORMATS.md.
 */
#ifndef SAPPER_REPLAY_H
#define SAPPER_REPLAY_H

#include <stdio.h>

#include "match.h"

/** The part of a replay that every game of one setup shares (its ruleset,
 *  parameters and the rules' provenance): what sapper_replay_text begins
 *  with. A results database stores it once per run. */
void sapper_replay_head(const sapper_setup *s, sapper_strbuf *out);

/** Appends the replay text of m (finished or not) to out. */
void sapper_replay_text(sapper_match *m, sapper_strbuf *out);

/** Writes text (len bytes: one replay or several, one after the other) to
 *  path, never replacing what path names unless it is a regular file:
 *  - a path that does not exist, or a regular file (through symlinks: the
 *    link stays), is replaced atomically: written to FILE.tmp beside it,
 *    synced, then renamed over it, keeping the old file's permissions. A
 *    failure leaves the old file whole: nothing recorded before is lost.
 *  - anything else (a device such as /dev/null, a FIFO, a dangling symlink,
 *    a file with other hard links) is opened for writing and written in
 *    place, so its kind, owner and links stay as they were.
 *  An error names path and the system's reason. */
sapper_status sapper_replay_write(const char *path, const char *text, size_t len,
                                  char *err, size_t errcap);

/** 1 when sapper_replay_write would replace path (it does not exist or is
 *  a regular file), so the whole text may be written again each time; 0
 *  when path is a device or pipe, where each byte must be sent once. */
int sapper_replay_rewritable(const char *path);

/** Replay files are text: when data (len bytes read from the file called
 *  name) holds a NUL byte, writes "NAME:LINE: unexpected NUL byte" to err
 *  and returns that line (from 1); 0 when there is none. Call it on the
 *  bytes as read, before sapper_replay_verify, which sees C strings and so
 *  would take a NUL for the end of the file. */
int sapper_replay_find_nul(const char *data, size_t len, const char *name,
                           char *err, size_t errcap);

/** The outcome of re-executing a replay. */
typedef struct sapper_replay_check {
    char expected[256];   /* the outcome line the file records */
    char actual[256];     /* the outcome line re-execution reached */
    size_t moves;         /* actions re-applied */
    int matches;          /* expected == actual */
    char changed[512];    /* a plugin that differs from the one the file
                             says played the game, or "" */
} sapper_replay_check;

/** Re-executes one replay (text starts at line first_line of the file
 *  called name, for messages) against reg.
 *  A malformed file, an unknown plugin or an action the rules refuse is
 *  an error naming the line; a different outcome is not an error (see
 *  check->matches). The moves' times are never compared. */
sapper_status sapper_replay_verify(const char *text, const char *name,
                                   int first_line, const sapper_registry *reg,
                                   sapper_replay_check *check,
                                   char *err, size_t errcap);

/* ---- the times apart (replay_times.c), for the results database ---- */

/** Copies text to untimed with every `at MS ` taken off its move lines,
 *  and those MS, in order, into *ms (malloc'd, the caller frees it; *n of
 *  them). 0, or -1 when out of memory. */
int sapper_replay_cut_times(const char *text, sapper_strbuf *untimed, int64_t **ms,
                            size_t *n);
/** The other way: text to out with `at MS ` put before its first n move
 *  lines, the times ms in order. Returns the number of move lines text
 *  has: n when each got a time. */
size_t sapper_replay_put_times(const char *text, const int64_t *ms, size_t n,
                               sapper_strbuf *out);

/* ---- one game, step by step (replay_read.c, replay_play.c) ---- */

/** One game of a replay file, read but not played: its setup as config
 *  entries, its steps and their times. A step is what the game applied at
 *  once: a move, the moves of one simultaneous turn (a `joint N` line and
 *  its moves: a Wood-Sword round), or the forfeit after the last move. */
typedef struct sapper_replay sapper_replay;

/** Reads the game text holds (starting at line first_line of the file
 *  called name, for messages; name is copied). A malformed line is an
 *  error naming it. *out is the caller's, freed with sapper_replay_free. */
sapper_status sapper_replay_read(const char *text, const char *name, int first_line,
                                 sapper_replay **out, char *err, size_t errcap);
void sapper_replay_free(sapper_replay *r);

/** The game's setup resolved against reg into *out (the caller frees it
 *  with sapper_setup_free, also after a failure), every seat played from
 *  the file: its bots are neither loaded nor asked. */
sapper_status sapper_replay_setup(sapper_replay *r, const sapper_registry *reg,
                                  sapper_setup *out, char *err, size_t errcap);

/** The seat whose view a watched game shows: the first a person played
 *  (what `sapper play` showed them), or seat 0 when bots played every seat
 *  (what the first saw: the omniscient view would show the board from the
 *  start). Known once sapper_replay_setup has resolved the seats. */
int32_t sapper_replay_viewer(const sapper_replay *r);

/** Plays steps from + 1 to `to` (counted from 1) into m, a match of the
 *  setup sapper_replay_setup gave that has had the first `from` steps,
 *  checking each as sapper_replay_verify does; an action the rules refuse,
 *  a `joint N` line the turn does not match or a forfeit the engine could
 *  not have recorded there is an error naming the line. */
sapper_status sapper_replay_play(const sapper_replay *r, sapper_match *m,
                                 size_t from, size_t to, char *err, size_t errcap);

/** sapper_replay_verify's check of a game already read: every step
 *  played in a match of its own, the outcome compared. */
sapper_status sapper_replay_check_game(sapper_replay *r, const sapper_registry *reg,
                                       sapper_replay_check *check, char *err,
                                       size_t errcap);

size_t sapper_replay_steps(const sapper_replay *r);
/** The moves of step (from 1) in the record: how many (0 for the forfeit
 *  and for step 0, the start) and, in *first, the index of the first, as
 *  in sapper_match_move of a match that has played it. */
size_t sapper_replay_step_moves(const sapper_replay *r, size_t step, size_t *first);
/** When step (0: the start) was applied: its last move's time, in
 *  milliseconds since the game began (the forfeit: the last move's; the
 *  start: 0), or -1 when the record keeps no times (files written before
 *  them). */
int64_t sapper_replay_step_ms(const sapper_replay *r, size_t step);
/** The outcome line the file records ("won moves 17 returns 1"). */
const char *sapper_replay_outcome(const sapper_replay *r);

#endif
