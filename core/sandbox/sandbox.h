/*
 * sandbox.h - bots in processes of their own. A sapper_sandbox is the set
 * of bot processes one game-playing process (a tournament worker, or
 * `sapper run --sandbox`) keeps: each runs sapper-bothost with exactly one
 * bot plugin loaded and locked down (bothost.c, lockdown.c), and plays one
 * seat of one game at a time. The match reaches them through
 * sapper_sandbox_driver (match.h's sapper_bot_driver), with a deadline on
 * every call that this side enforces: nothing a bot process does can stop
 * the clock, blame another seat, or reach the database.
 *
 * A process is kept for the next game of the same entrant (no exec, no
 * load, a warm heap), except that it never sees a board twice (in a
 * two-player pair the colours swap on one board: a fresh process plays
 * the second game) and it is replaced after games_per_process games or
 * any fault.
 *
 * A bot process runs only in its own calls: from each reply to its next
 * frame, and while it waits idle for its entrant's next game, it is
 * stopped (SIGSTOP, in every format) and seen stopped before anything else
 * runs; only between two steps of a one-seat game, where the engine goes
 * straight on to the next step, is it left sleeping in its read until the
 * match hands control back (sapper_sandbox_driver.pause) or another
 * process is called. The CPU time it uses outside its calls (its own
 * clock, read at both ends of every pause) is charged to it: past
 * SAPPER_SANDBOX_OUTSIDE_CPU in a game, its next call fails with reason
 * "cpu". So a worker's core runs one bot call at a time, and a bot's
 * deadline does not depend on what another bot on that core does.
 */
#ifndef SAPPER_SANDBOX_H
#define SAPPER_SANDBOX_H

#include "match.h"

#define SAPPER_SANDBOX_SHARE_MB 256

typedef struct sapper_sandbox_options {
    const char *helper;          /* path of sapper-bothost (borrowed) */
    int64_t memory_mb;           /* address space per bot process; 0: none */
    int64_t memory_share_mb;     /* a process killed from outside (the OOM
                                    killer) while its resident memory had
                                    passed this is charged ("memory"); at
                                    or below it, "killed" (played again);
                                    0: SAPPER_SANDBOX_SHARE_MB */
    int64_t cpu_seconds;         /* CPU time per bot process; 0: none */
    int32_t games_per_process;   /* then a fresh process; 0: 256 */
    /* process bots (docs/PROTOCOL.md) */
    const char *kit_dir;         /* the kits' directory, readable by them
                                    and on their PYTHONPATH and NODE_PATH;
                                    NULL: none (borrowed) */
    const char *log_dir;         /* where each one's standard error goes,
                                    as ID.log (made when missing); NULL:
                                    nowhere (borrowed) */
    int64_t log_bytes;           /* a log's size limit; 0: the default */
    int no_lockdown;             /* sandbox = none: they run as plain
                                    processes (a process group, pipes and
                                    the parent-death signal only) */
} sapper_sandbox_options;

#define SAPPER_SANDBOX_LOG_BYTES (1 << 20)

typedef struct sapper_sandbox sapper_sandbox;

/** A new, empty set (no process yet); NULL when out of memory. */
sapper_sandbox *sapper_sandbox_new(const sapper_sandbox_options *opt);
/** Kills and reaps every process. NULL is a no-op. */
void sapper_sandbox_free(sapper_sandbox *sb);

/** Before a game: seat is played by bot for the entrant numbered key (a
 *  process only ever serves one key) on board. Starts a process when no
 *  idle one fits. A bot that cannot start in the sandbox is not an error
 *  here: its bot_new fails with reason "sandbox" and the message is kept
 *  (sapper_sandbox_message). */
void sapper_sandbox_seat(sapper_sandbox *sb, int32_t seat, const sapper_plugin *bot,
                         int64_t key, int64_t board);
/** The limits of the next bot call, in seconds (0: none): the call may
 *  take call_limit (plus a grace of SAPPER_SANDBOX_GRACE before the bot's
 *  process is killed; at nine tenths its host table's cancel flag is set),
 *  and the game has game_left (negative: no limit), which the bot reads
 *  through its host table. */
void sapper_sandbox_set_limits(sapper_sandbox *sb, double call_limit, double game_left);

#define SAPPER_SANDBOX_GRACE 0.25
/** Seconds of CPU a bot process may use outside its calls in one game,
 *  counted from the reply that ended its previous game. An honest one
 *  uses none there: it sleeps in its read, or is stopped. What a process
 *  that goes on after its reply manages counts: the rest of a system call
 *  it was in when its stop came, or whatever it ran while left running. */
#define SAPPER_SANDBOX_OUTSIDE_CPU 0.050
/** Seconds of it that each pause between two calls may use free of
 *  charge: taking a stop costs a process a few microseconds of its own CPU
 *  (the kernel's work on its signal), more on a slow or instrumented
 *  build. */
#define SAPPER_SANDBOX_STOP_SLACK 0.0002
/** After a game: processes whose seat ended cleanly go back to the pool;
 *  any other is killed. */
void sapper_sandbox_release(sapper_sandbox *sb);
/** The last message a bot process gave when it failed to start ("" if
 *  none). */
const char *sapper_sandbox_message(const sapper_sandbox *sb);

/** Starts bot in a sandbox process and ends it again: whether it can play
 *  sandboxed at all, with the reason in err when not (checked before a
 *  run, so a bot that needs a file or library outside the sandbox is named
 *  once instead of forfeiting every game). */
sapper_status sapper_sandbox_try(const sapper_sandbox_options *opt,
                                 const sapper_plugin *bot, char *err, size_t errcap);

/** The driver to pass to sapper_match_new_driven, with the sandbox as ctx. */
extern const sapper_bot_driver sapper_sandbox_driver;

/** A process bot's program started once in the sandbox options (a
 *  sapper_sandbox_options *) say, for its handshake: setup.h's
 *  sapper_command_probe (family NULL: any). A program that cannot start
 *  is named with what it needed and the end of its standard error. */
sapper_status sapper_sandbox_probe(void *options, sapper_command *cmd, const char *family,
                                   sapper_command_info *info, char *err, size_t errcap);

#endif
