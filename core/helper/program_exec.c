/*
 * program_exec.c - program_exec.h: the child's steps from fork() to the
 * exec of a process bot. Runs in a copy of the engine, so it allocates
 * nothing and prints nothing; a failure returns with err for the caller.
 */
#define _GNU_SOURCE
#include "program_exec.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* in, out and err onto 0, 1 and 2, each copied above 2 first so that
   placing one never overwrites another. 0, or -1. */
static int place_stdio(int in, int out, int err)
{
    int fds[3] = {in, out, err};
    for (int i = 0; i < 3; i++)
        if ((fds[i] = fcntl(fds[i], F_DUPFD, 3)) < 0)
            return -1;
    for (int i = 0; i < 3; i++)
        if (dup2(fds[i], i) < 0)   /* dup2 clears close-on-exec */
            return -1;
    return 0;
}

/* The program file on SAPPER_PROGRAM_EXEC_FD, close-on-exec. The soft
   descriptor limit is raised to the hard one first, where it is low. */
static int open_program(const char *file)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur <= SAPPER_PROGRAM_EXEC_FD) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    int fd = open(file, O_PATH | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int high = dup3(fd, SAPPER_PROGRAM_EXEC_FD, O_CLOEXEC);
    close(fd);
    return high;
}

/* A small fixed environment: nothing of the user's. */
static void program_environment(const sapper_program_child *c, char **env, char *bufs,
                                size_t bufcap)
{
    size_t n = 0;
    env[n++] = (char *)"PATH=/usr/local/bin:/usr/bin:/bin";
    env[n++] = (char *)"LANG=C.UTF-8";
    env[n++] = (char *)"PYTHONDONTWRITEBYTECODE=1";
    env[n++] = (char *)"PYTHONNOUSERSITE=1";
    env[n++] = (char *)"PYTHONUNBUFFERED=1";
    env[n++] = (char *)"UV_USE_IO_URING=0";
    size_t per = bufcap / 4;
    snprintf(bufs + 3 * per, per, "HOME=%s", c->cwd);
    env[n++] = bufs + 3 * per;
    if (c->kit_dir && strlen(c->kit_dir) + 16 < per) {
        snprintf(bufs, per, "PYTHONPATH=%s", c->kit_dir);
        snprintf(bufs + per, per, "NODE_PATH=%s", c->kit_dir);
        snprintf(bufs + 2 * per, per, "SAPPER_KIT=%s", c->kit_dir);
        env[n++] = bufs;
        env[n++] = bufs + per;
        env[n++] = bufs + 2 * per;
    }
    env[n] = NULL;
}

void sapper_program_exec(const sapper_program_child *c, char *err, size_t errcap)
{
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != c->parent) {
        snprintf(err, errcap, "the engine ended before the program started");
        return;
    }
    if (place_stdio(c->in, c->out, c->err)) {
        snprintf(err, errcap, "cannot place the pipes: %s", strerror(errno));
        return;
    }
    close_range(3, ~0U, 0);
    signal(SIGPIPE, SIG_DFL);   /* an ignored signal stays ignored across exec */
    if (chdir(c->cwd)) {
        snprintf(err, errcap, "cannot enter %s: %s", c->cwd, strerror(errno));
        return;
    }
    int fd = open_program(c->file);
    if (fd < 0) {
        snprintf(err, errcap, "cannot open %s: %s", c->file, strerror(errno));
        return;
    }
    char bufs[4 * (PATH_MAX + 16)];
    char *env[12];
    program_environment(c, env, bufs, sizeof bufs);
    if (c->lockdown && sapper_lockdown_program(c, fd, err, errcap))
        return;
    syscall(SYS_execveat, fd, "", c->argv, env, AT_EMPTY_PATH);
    snprintf(err, errcap, "cannot run %s: %s", c->file, strerror(errno));
}
