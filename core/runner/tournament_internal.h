/*
 * tournament_internal.h - what the tournament's files share and nobody
 * else needs: the slot a worker publishes its current bot step in (shared
 * memory, read by the parent to enforce move deadlines and name the
 * culprit of a crash), and the worker processes (worker.c) that pool.c
 * keeps fed.
 */
#ifndef SAPPER_TOURNAMENT_INTERNAL_H
#define SAPPER_TOURNAMENT_INTERNAL_H

#include <sys/types.h>

#include "tournament.h"

/** Written by a worker, read by the parent (MAP_SHARED). */
typedef struct sapper_slot {
    int32_t in_bot;         /* 1 while a bot step runs (atomic) */
    int32_t seat;           /* the seat of that step */
    double move_start;      /* sapper_monotonic() at its start */
    double think_before;    /* the seat's thinking time before this step */
    int32_t cancel;         /* set by the parent when most of the call's
                               time is spent: the bot's host table reads it */
} sapper_slot;

typedef struct sapper_sandbox sapper_sandbox;

double sapper_monotonic(void);
struct sapper_bot_keep;

/** Plays one game: slot (shared with the parent, may be NULL) names the
 *  seat in a bot call when the bots run in this process; sb (may be NULL)
 *  holds the bots' own processes instead. keep (may be NULL) holds the
 *  in-process bot instances kept from game to game (bot_keep.h). */
void sapper_play_tgame_in(const sapper_tournament_def *def, const sapper_tgame *g,
                          sapper_slot *slot, sapper_sandbox *sb,
                          struct sapper_bot_keep *keep, sapper_game_record *out);
/** Returns for a forfeit: the culprit 0, the others share the win. */
void sapper_forfeit_returns(sapper_game_record *r);

/* Games sent ahead to a worker, so it never waits for the parent between
   games. */
#define SAPPER_WORKER_QUEUE 2

/** One worker process. */
typedef struct sapper_worker {
    pid_t pid;              /* 0: not running */
    int to_child, from_child;
    int64_t queue[SAPPER_WORKER_QUEUE];  /* games sent, oldest (running) first */
    int nqueued;
    int killed_for_timeout;
    int cpu;                /* the core it and its bot processes keep to
                               (sandboxed runs), -1 none */
    sapper_slot *slot;
} sapper_worker;

/** Starts a worker (fork). def must not change afterwards. cpu numbers the
 *  core a sandboxed worker keeps to (-1: any). */
sapper_status sapper_worker_start(sapper_worker *w, const sapper_tournament_def *def,
                                  sapper_slot *slot, int cpu, char *err, size_t errcap);
/** Queues a game on a worker with room (nqueued < SAPPER_WORKER_QUEUE). */
sapper_status sapper_worker_send(sapper_worker *w, int64_t index);
/** Reads a finished game from a worker whose pipe is readable: the caller
 *  checks it (sapper_record_is_sound, record_wire.h), then
 *  sapper_worker_pop()s it. SAPPER_ERR_STATE when the
 *  worker died (then see sapper_worker_reap), SAPPER_ERR_PARSE when what
 *  came is no record. */
sapper_status sapper_worker_receive(sapper_worker *w, sapper_game_record *out);
/** The game at the head of the queue is finished. */
void sapper_worker_pop(sapper_worker *w);
/** Waits for a dead (or killed) worker and turns the game it was playing
 *  (queue[0]) into a fault record: crash, timeout or exit, with the
 *  culprit from the slot, or void when no bot was running. Returns 1 if it
 *  had a game, 2 if it had one but was killed from outside (SIGKILL that
 *  the runner did not send: the game is to be played again), 0 if none.
 *  Games queued behind it are left in queue[1..] for the
 *  caller to put back; nqueued is not cleared. */
int sapper_worker_reap(sapper_worker *w, int block, const sapper_tgame *g,
                       sapper_game_record *out);
/** Ends an idle worker the orderly way (it ends its bot processes, so
 *  their CPU time is counted), or kills it when it does not end soon. */
void sapper_worker_finish(sapper_worker *w);
/** Kills (SIGKILL) and reaps a worker. */
void sapper_worker_stop(sapper_worker *w);

#endif
