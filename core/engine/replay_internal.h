/*
 * replay_internal.h - what replay_read.c (reading a replay into steps) and
 * replay_play.c (playing them again and comparing) share: the read file's
 * struct. Not included outside those two; the public API is replay.h.
 */
#ifndef SAPPER_REPLAY_INTERNAL_H
#define SAPPER_REPLAY_INTERNAL_H

#include "replay.h"

typedef struct replay_move {
    int seat;
    int line;
    char *text;
    int64_t ms;       /* its `at MS`, -1 for none */
    int joint_line;   /* the `joint N` line this move belongs to, 0 for none */
    int joint_n;      /* that N */
    int joint_k;      /* this move's place in the turn, from 1 */
} replay_move;

typedef struct sapper_replay replay_file;

struct sapper_replay {
    char *name;
    int first_line;             /* the game's `sapper-replay 1` line */
    sapper_config cfg;
    replay_move *moves;
    size_t nmoves, cap;
    char outcome[256];
    int outcome_line;           /* 0 until the outcome line */
    int forfeit_seat;           /* 0-based, -1 none */
    int forfeit_line;
    char forfeit_reason[64];
    int joint_line, joint_n;    /* the last `joint N` line */
    int joint_left;             /* move lines it still claims */
    char plugins[SAPPER_MAX_SEATS + 1][256];   /* its `plugin ...` lines */
    int nplugins;
    size_t *starts;             /* step s (from 1) is moves[starts[s - 1]]
                                   up to starts[s]; the forfeit, none */
    size_t nsteps;
    int bot_seat[SAPPER_MAX_SEATS];   /* the seat was a bot's (only a bot
                                         forfeits): sapper_replay_setup */
    int process_seat[SAPPER_MAX_SEATS];   /* `seat N process`: a process
                                         bot's, which a replay never runs */
    int32_t players;                  /* seats: sapper_replay_setup */
};

#endif
