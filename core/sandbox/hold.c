/*
 * hold.c - the mechanics of hold.h: a bot process stopped, seen
 * stopped, continued, and its CPU clock read around each pause. Signals go
 * to the process's group (it is alone in it: the sandbox forbids fork).
 * Not here: when a process is stopped and what an overrun costs it
 * (sandbox_proc.c).
 */
#define _GNU_SOURCE
#include "hold.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <sys/wait.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Its CPU time in ns: one system call (the kernel's scheduler clock of
   the process), or -1 when it is gone. */
static int64_t cpu_ns(const sapper_hold *h)
{
    struct timespec ts;
    if (clock_gettime(h->clock, &ts) != 0)
        return -1;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int sapper_hold_init(sapper_hold *h, pid_t pid)
{
    *h = (sapper_hold){.pid = pid, .cpu_mark = -1};
    return clock_getcpuclockid(pid, &h->clock) == 0 ? 0 : -1;
}

void sapper_hold_mark(sapper_hold *h)
{
    h->cpu_mark = cpu_ns(h);
    h->paused = now();
}

/* Until the process is stopped or dead (nothing is reaped: sandbox_end_proc in
   sandbox_proc.c does that). A process that slept in its read takes its stop
   before kill returns; one that is runnable on this core takes it as soon
   as this process sleeps here; one inside a system call when that call
   ends, and a large madvise takes tens of milliseconds: the wait is as
   long as the longest call the sandbox allows a bot, within its memory
   limit. */
static void wait_stopped(const sapper_hold *h)
{
    siginfo_t si;
    while (waitid(P_PID, (id_t)h->pid, &si, WSTOPPED | WEXITED | WNOWAIT) != 0 &&
           errno == EINTR)
        ;
}

void sapper_hold_stop(sapper_hold *h)
{
    if (h->stopped || kill(-h->pid, SIGSTOP) != 0)
        return;
    h->stopped = 1;
    h->seen = 0;
}

void sapper_hold_see_stopped(sapper_hold *h)
{
    sapper_hold_stop(h);
    if (h->stopped && !h->seen)
        wait_stopped(h);
    h->seen = h->stopped;
}

void sapper_hold_resume(sapper_hold *h)
{
    if (h->stopped && kill(-h->pid, SIGCONT) == 0)
        h->stopped = 0;
}

int64_t sapper_hold_outside(sapper_hold *h, double t, double slack)
{
    int64_t mark = h->cpu_mark;
    h->cpu_mark = -1;
    /* one thread (the sandbox allows no other) uses at most the time that
       passes: a pause shorter than the slack needs no clock read */
    if (mark < 0 || t - h->paused <= slack)
        return 0;
    int64_t at = cpu_ns(h), free_ns = (int64_t)(slack * 1e9);
    return at - mark > free_ns ? at - mark - free_ns : 0;
}
