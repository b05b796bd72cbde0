/*
 * helper_exec.c - helper_exec.h: the child's steps from fork() to the exec
 * of sapper-bothost. Everything here runs in a copy of the engine and so
 * does as little as it can: no allocation, no output, and on any failure
 * a return for the caller's _exit.
 */
#define _GNU_SOURCE
#include "helper_exec.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "lockdown.h"

/* The variables a helper keeps: what the sanitizers and the dynamic
   loader read, and the caller's one more (or NULL). */
static void keep_environment(char **env, size_t cap, const char *also_keep)
{
    const char *const kept[] = {"ASAN_OPTIONS=", "UBSAN_OPTIONS=", "LSAN_OPTIONS=",
                                "LD_LIBRARY_PATH=", also_keep};
    size_t nkept = sizeof kept / sizeof *kept - (also_keep == NULL), n = 0;
    for (char **e = environ; *e && n + 1 < cap; e++)
        for (size_t i = 0; i < nkept; i++)
            if (strncmp(*e, kept[i], strlen(kept[i])) == 0) {
                env[n++] = *e;
                break;
            }
    env[n] = NULL;
}

/* fds[i] onto 3 + i. Each is first copied above the range, so placing one
   never overwrites another not yet placed (the copies are closed with the
   rest). 0, or -1. */
static int place_channel(const int *fds, int nfds)
{
    int high[SAPPER_HELPER_MAX_FDS];
    for (int i = 0; i < nfds; i++)
        if ((high[i] = fcntl(fds[i], F_DUPFD, 3 + nfds)) < 0)
            return -1;
    for (int i = 0; i < nfds; i++)
        if (dup2(high[i], 3 + i) < 0)   /* dup2 clears close-on-exec */
            return -1;
    return 0;
}

void sapper_helper_exec(const sapper_helper_child *c)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != c->parent || c->nfds < 1 || c->nfds > SAPPER_HELPER_MAX_FDS)
        return;   /* the parent died before the line above: nobody reads us */
    if (place_channel(c->fds, c->nfds) || sapper_lockdown_null_stdio())
        return;
    close_range((unsigned)(3 + c->nfds), ~0U, 0);
    signal(SIGPIPE, SIG_DFL);   /* an ignored signal stays ignored across exec */
    char helper[PATH_MAX];
    if (!realpath(c->helper, helper) || chdir("/"))
        return;
    char *env[8];
    keep_environment(env, sizeof env / sizeof *env, c->also_keep);
    execve(helper, c->argv, env);
}
