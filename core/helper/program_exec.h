/*
 * program_exec.h - starting a process bot (docs/PROTOCOL.md) from a child
 * of fork(): a program in any language, which cannot be trusted to lock
 * itself down as sapper-bothost does, so the child gives up everything
 * first and then execs it. Its standard input, output and error are the
 * engine's three pipes; it starts in its own directory with a small fixed
 * environment; it dies with its parent.
 *
 * What it gives up (lockdown_program.c, and docs/PLUGINS.md "Process
 * bots" says why each): resource limits (data, CPU, no core or file
 * writes, 256 descriptors), no new privileges, no capabilities, a Landlock
 * ruleset that lets it read the system directories, its own directory and
 * the kits only and execute only its own program file; and a seccomp
 * filter in which a new process (fork), a further exec, a socket, ptrace
 * or a signal to another process kills it, threads and everything an
 * interpreter needs for computing go on, and anything else fails.
 *
 * This file does not fork, wait or read anything: sandbox_proc.c does.
 */
#ifndef SAPPER_PROGRAM_EXEC_H
#define SAPPER_PROGRAM_EXEC_H

#include <stdint.h>
#include <sys/types.h>

typedef struct sapper_program_child {
    const char *file;          /* the executable, absolute (borrowed): a
                                  script's interpreter already resolved */
    char *const *argv;         /* NULL-terminated (borrowed) */
    const char *cwd;           /* absolute: where it starts; readable */
    const char *const *read_dirs;   /* more directories it may read (its
                                  program file's, the kits'), NULL-ended */
    const char *kit_dir;       /* put in PYTHONPATH and NODE_PATH, or NULL */
    int in, out, err;          /* the pipes for its 0, 1 and 2 */
    pid_t parent;              /* the child dies with it */
    int lockdown;              /* 0: sandbox = none, none of the above but
                                  the process group, the pipes and the
                                  parent-death signal */
    int64_t memory_mb;         /* its data segment (RLIMIT_DATA); 0: none */
    int64_t cpu_seconds;       /* its CPU for its life; 0: none */
} sapper_program_child;

/** In the child after fork(): the steps above, then the exec. Returns only
 *  when one failed, with the reason in err (the caller writes it to the
 *  stderr pipe and _exits 127). */
void sapper_program_exec(const sapper_program_child *c, char *err, size_t errcap);

/** The lockdown alone (lockdown_program.c), for a child about to exec
 *  file through the descriptor exec_fd: 0, or -1 with err. */
int sapper_lockdown_program(const sapper_program_child *c, int exec_fd, char *err,
                            size_t errcap);

/* The descriptor the exec goes through (execveat with AT_EMPTY_PATH): it
   is close-on-exec, and the program may hold no descriptor this high
   (RLIMIT_NOFILE), so the one exec the filter allows is the engine's. */
#define SAPPER_PROGRAM_EXEC_FD 1000
#define SAPPER_PROGRAM_MAX_FDS 256

#endif
