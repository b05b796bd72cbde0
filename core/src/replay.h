/*
 * replay.h - replay files: the ruleset, its parameters, the seed, the seats
 * and every action as text, then the outcome. Writing one needs only a
 * match; checking one re-executes every action through the rules and
 * compares the outcome. Format: docs/FORMATS.md.
 */
#ifndef SAPPER_REPLAY_H
#define SAPPER_REPLAY_H

#include <stdio.h>

#include "match.h"

/** Appends the replay text of m (finished or not) to out. */
void sapper_replay_text(sapper_match *m, sapper_strbuf *out);

/** Writes the replay of m to path (replaced atomically: written to a
 *  temporary file, then renamed). */
sapper_status sapper_replay_save(sapper_match *m, const char *path,
                                 char *err, size_t errcap);

/** The outcome of re-executing a replay. */
typedef struct sapper_replay_check {
    char expected[256];   /* the outcome line the file records */
    char actual[256];     /* the outcome line re-execution reached */
    size_t moves;         /* actions re-applied */
    int matches;          /* expected == actual */
} sapper_replay_check;

/** Re-executes one replay (text starts at line first_line of the file
 *  called name, for messages) against reg.
 *  A malformed file, an unknown plugin or an action the rules refuse is
 *  an error naming the line; a different outcome is not an error (see
 *  check->matches). */
sapper_status sapper_replay_verify(const char *text, const char *name,
                                   int first_line, const sapper_registry *reg,
                                   sapper_replay_check *check,
                                   char *err, size_t errcap);

#endif
