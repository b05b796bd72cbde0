/*
 * hold.h - keeping a bot process from running outside its calls
 * (issue 27): stopping it (SIGSTOP) until it is seen stopped, continuing
 * it for its next frame, and reading its CPU clock at both ends of each
 * pause between its calls, so that what it runs there is charged to it.
 * The policy (when to stop, what a charge costs) is sandbox_proc.c's.
 */
#ifndef SAPPER_HOLD_H
#define SAPPER_HOLD_H

#include <stdint.h>
#include <sys/types.h>
#include <time.h>

/* One bot process's hold; a part of sandbox_internal.h's botproc. */
typedef struct sapper_hold {
    pid_t pid;             /* its own process group too */
    clockid_t clock;       /* its CPU clock: user + sys of the process */
    int stopped;           /* sent SIGSTOP since the last resume */
    int seen;              /* and seen stopped (or dead) since */
    int64_t cpu_mark;      /* its clock when the pause began, ns; -1 none */
    double paused;         /* CLOCK_MONOTONIC seconds when the pause began */
} sapper_hold;

/** For the process pid, just started; 0, or -1 when its clock cannot be
 *  read. */
int sapper_hold_init(sapper_hold *h, pid_t pid);
/** A pause begins (the process replied): its clock is read. */
void sapper_hold_mark(sapper_hold *h);
/** Sends the process SIGSTOP (nothing when it was sent already). It takes
 *  it the next time it runs: at once in user code, at the end of a system
 *  call it is in. */
void sapper_hold_stop(sapper_hold *h);
/** Stops the process and waits until it is stopped or dead. */
void sapper_hold_see_stopped(sapper_hold *h);
/** Continues a stopped process; a stop it has not taken yet is cancelled
 *  (it costs the two signals, and no context switch). */
void sapper_hold_resume(sapper_hold *h);
/** The pause ends at t (CLOCK_MONOTONIC seconds): the CPU ns the process
 *  used in it beyond slack seconds (0 when it used less, or the pause was
 *  shorter than slack). */
int64_t sapper_hold_outside(sapper_hold *h, double t, double slack);

#endif
