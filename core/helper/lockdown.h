/*
 * lockdown.h - what a bot process gives up, in two steps (bothost.c):
 * before it loads the bot plugin (limits, no new privileges, a Landlock
 * ruleset that lets it read only the plugin and the system libraries, and
 * a first seccomp allowlist for loading: read-only opens, memory, its own
 * facts; calls that could harm others kill it), and after,
 * before the bot's first call (a seccomp allowlist: its channel, memory,
 * clocks, exit). Returns 0, or -1 with the reason in err.
 */
#ifndef SAPPER_LOCKDOWN_H
#define SAPPER_LOCKDOWN_H

#include <stddef.h>
#include <stdint.h>

/* The channel in the bot process: two pipes (a pipe round trip costs less
   than a socket's; bench/bench_sandbox.c measures both). */
#define SAPPER_SANDBOX_IN  3   /* frames from the engine */
#define SAPPER_SANDBOX_OUT 4   /* replies to the engine   */

typedef struct sapper_lockdown_limits {
    int64_t memory_mb;      /* address space; 0: none */
    int64_t cpu_seconds;    /* CPU time of the process's life; 0: none */
    int need_landlock;      /* refuse to go on on a kernel without it */
} sapper_lockdown_limits;

int sapper_lockdown_before_load(const char *plugin_file,
                                const sapper_lockdown_limits *lim,
                                char *err, size_t errcap);
int sapper_lockdown_after_load(char *err, size_t errcap);

/* Puts /dev/null on 0, 1 and 2. Call it once the channel is on its
   descriptors: opened before, /dev/null could land on 3 or 4 and stdout
   would become the channel. 0, or -1. */
int sapper_lockdown_null_stdio(void);

#endif
