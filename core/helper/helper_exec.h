/*
 * helper_exec.h - starting sapper-bothost (bothost.c) from a child of
 * fork(): what the child does between fork and exec, shared by the bot
 * processes (sandbox_proc.c) and the manifest reader (core/loader/describe.c). The
 * exec is the point: the helper begins with none of the engine's memory
 * (no configuration, no seed, no layout, no database handle), sees none of
 * its descriptors but the channel, and none of its environment but what
 * the sanitizers and the dynamic loader read.
 *
 * This file does not fork, wait or read anything: its callers do.
 */
#ifndef SAPPER_HELPER_EXEC_H
#define SAPPER_HELPER_EXEC_H

#include <sys/types.h>

#define SAPPER_HELPER_MAX_FDS 4

typedef struct sapper_helper_child {
    const char *helper;        /* the path of sapper-bothost (borrowed) */
    char *const *argv;         /* its arguments, NULL-terminated (borrowed);
                                  plugin files in it must be absolute: the
                                  helper starts in / */
    const int *fds;            /* the channel: fds[i] goes on descriptor 3 + i */
    int nfds;                  /* 1 .. SAPPER_HELPER_MAX_FDS */
    pid_t parent;              /* the process that forked: the child dies
                                  with it, and not at all if it is gone */
    const char *also_keep;     /* one more variable passed on ("NAME="), or
                                  NULL */
} sapper_helper_child;

/** In the child after fork(): dies with c->parent (PR_SET_PDEATHSIG), puts
 *  the channel on 3, 4, ..., /dev/null on 0, 1 and 2, closes every other
 *  descriptor, restores SIGPIPE, moves to / and execs c->helper with
 *  c->argv and an environment of only the sanitizers' ASAN_OPTIONS,
 *  UBSAN_OPTIONS and LSAN_OPTIONS, LD_LIBRARY_PATH and c->also_keep
 *  (tokens and paths of the user are none of a plugin's business).
 *  Returns only if one of these failed; the caller then _exits. */
void sapper_helper_exec(const sapper_helper_child *c);

#endif
