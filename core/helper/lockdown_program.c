/*
 * lockdown_program.c - sapper_lockdown_program (program_exec.h): what a
 * process bot gives up before the engine's child execs it. Unlike
 * sapper-bothost, which loads one plugin and then needs only its channel,
 * the program may be an interpreter (python3, node) that reads its
 * library, maps memory, starts threads and polls its pipes for its whole
 * life, so the filter allows what computing needs and kills what reaches
 * outside the process:
 *
 * - kill: fork and vfork, clone without CLONE_THREAD (a new process),
 *   execve and any execveat but the engine's own through
 *   SAPPER_PROGRAM_EXEC_FD, connecting, ptrace and reading other processes'
 *   memory, signals to any process but itself (and SIGKILL to itself,
 *   which would make a lost game look like the operator's doing), new
 *   sessions and groups, namespaces, mounts, changes to files (unlink,
 *   rename, chmod, links, directories), opening a file to write.
 * - fail with an error: clone3 (ENOSYS: the C library then makes threads
 *   with clone, whose flags the filter can read), io_uring (libuv probes
 *   it), socket (EACCES: the C library's name service probes for a
 *   daemon's socket; no socket is ever made), and every call not named here (EPERM: a library probing for a
 *   feature goes on), sysinfo among them (the host's process count).
 * - allow: memory, threads, futexes, clocks and timers, signals at
 *   itself, reading files (Landlock says which), descriptors it already
 *   has (pipes, epoll, eventfd), its own limits and facts.
 */
#define _GNU_SOURCE
#include "program_exec.h"
#include "lockdown_parts.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/landlock.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

static int limits(const sapper_program_child *c)
{
    if (c->memory_mb > 0 && lockdown_set_limit(RLIMIT_DATA, (rlim_t)c->memory_mb << 20))
        return -1;
    if (c->cpu_seconds > 0) {   /* SIGXCPU at the soft limit, SIGKILL 1 s on */
        struct rlimit rl = {(rlim_t)c->cpu_seconds, (rlim_t)c->cpu_seconds + 1};
        if (setrlimit(RLIMIT_CPU, &rl))
            return -1;
    }
    return lockdown_set_limit(RLIMIT_CORE, 0) || lockdown_set_limit(RLIMIT_FSIZE, 0) ||
           lockdown_set_limit(RLIMIT_NOFILE, SAPPER_PROGRAM_MAX_FDS) ? -1 : 0;
}

/* ---- Landlock: read (and map) the system, its directories; write nothing */

static int landlock_program(const sapper_program_child *c)
{
    int rs = lockdown_landlock_ruleset();
    if (rs == -2)
        return 1;
    if (rs < 0)
        return -1;
    const uint64_t dir = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR |
                         LANDLOCK_ACCESS_FS_EXECUTE;
    static const char *const system_dirs[] = {"/usr", "/lib", "/lib64", "/lib32"};
    static const char *const system_files[] = {
        "/etc/ld.so.cache", "/etc/localtime", "/dev/null", "/dev/urandom",
        "/dev/random", "/etc/ssl/openssl.cnf",
    };
    int rc = lockdown_allow_path(rs, c->cwd, dir);
    for (size_t i = 0; !rc && i < sizeof system_dirs / sizeof *system_dirs; i++)
        rc = lockdown_allow_path(rs, system_dirs[i], dir);
    for (size_t i = 0; !rc && i < sizeof system_files / sizeof *system_files; i++)
        rc = lockdown_allow_path(rs, system_files[i], LANDLOCK_ACCESS_FS_READ_FILE);
    for (size_t i = 0; !rc && c->read_dirs && c->read_dirs[i]; i++)
        rc = lockdown_allow_path(rs, c->read_dirs[i], dir);
    if (rc) {
        close(rs);
        return -1;
    }
    return lockdown_landlock_apply(rs);
}

/* ---- seccomp */

static int rule(scmp_filter_ctx f, uint32_t action, int sys)
{
    return seccomp_rule_add(f, action, sys, 0);
}

static int rules(scmp_filter_ctx f, uint32_t action, const int *sys, size_t n)
{
    int rc = 0;
    for (size_t i = 0; !rc && i < n; i++)
        rc = rule(f, action, sys[i]);
    return rc;
}

#define RULES(f, action, list) rules(f, action, list, sizeof list / sizeof *list)

static const int computing[] = {
    /* memory */
    SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(mprotect),
    SCMP_SYS(brk), SCMP_SYS(madvise), SCMP_SYS(mincore), SCMP_SYS(msync),
    SCMP_SYS(mlock), SCMP_SYS(munlock), SCMP_SYS(membarrier), SCMP_SYS(memfd_create),
    /* threads and waiting */
    SCMP_SYS(futex), SCMP_SYS(set_robust_list), SCMP_SYS(get_robust_list),
    SCMP_SYS(rseq), SCMP_SYS(set_tid_address), SCMP_SYS(sched_yield),
    SCMP_SYS(sched_getaffinity), SCMP_SYS(sched_getparam), SCMP_SYS(sched_getscheduler),
    SCMP_SYS(getpriority), SCMP_SYS(exit), SCMP_SYS(exit_group),
    /* clocks and timers */
    SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(gettimeofday),
    SCMP_SYS(time), SCMP_SYS(nanosleep), SCMP_SYS(clock_nanosleep),
    SCMP_SYS(timerfd_create), SCMP_SYS(timerfd_settime), SCMP_SYS(timerfd_gettime),
    SCMP_SYS(getitimer), SCMP_SYS(setitimer), SCMP_SYS(alarm),
    /* its own signals */
    SCMP_SYS(rt_sigreturn), SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask),
    SCMP_SYS(rt_sigpending), SCMP_SYS(rt_sigtimedwait), SCMP_SYS(rt_sigsuspend),
    SCMP_SYS(sigaltstack), SCMP_SYS(signalfd4), SCMP_SYS(pause),
    /* descriptors it has, and reading files Landlock lets it read */
    SCMP_SYS(read), SCMP_SYS(write), SCMP_SYS(readv), SCMP_SYS(writev),
    SCMP_SYS(pread64), SCMP_SYS(preadv), SCMP_SYS(close), SCMP_SYS(close_range),
    SCMP_SYS(dup), SCMP_SYS(dup2), SCMP_SYS(dup3), SCMP_SYS(fcntl), SCMP_SYS(ioctl),
    SCMP_SYS(lseek), SCMP_SYS(pipe), SCMP_SYS(pipe2), SCMP_SYS(eventfd2),
    SCMP_SYS(poll), SCMP_SYS(ppoll), SCMP_SYS(select), SCMP_SYS(pselect6),
    SCMP_SYS(epoll_create1), SCMP_SYS(epoll_ctl), SCMP_SYS(epoll_wait),
    SCMP_SYS(epoll_pwait), SCMP_SYS(epoll_pwait2),
    SCMP_SYS(fstat), SCMP_SYS(newfstatat), SCMP_SYS(stat), SCMP_SYS(lstat),
    SCMP_SYS(statx), SCMP_SYS(fstatfs), SCMP_SYS(statfs), SCMP_SYS(readlink),
    SCMP_SYS(readlinkat), SCMP_SYS(access), SCMP_SYS(faccessat), SCMP_SYS(faccessat2),
    SCMP_SYS(getdents64), SCMP_SYS(getcwd), SCMP_SYS(chdir), SCMP_SYS(fchdir),
    SCMP_SYS(fadvise64),
    /* its own facts */
    SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getppid), SCMP_SYS(getuid),
    SCMP_SYS(geteuid), SCMP_SYS(getgid), SCMP_SYS(getegid), SCMP_SYS(getgroups),
    SCMP_SYS(getresuid), SCMP_SYS(getresgid), SCMP_SYS(getpgrp), SCMP_SYS(getpgid),
    SCMP_SYS(getsid), SCMP_SYS(getrlimit), SCMP_SYS(getrusage), SCMP_SYS(times),
    SCMP_SYS(uname), SCMP_SYS(getrandom), SCMP_SYS(arch_prctl), SCMP_SYS(prctl),
    SCMP_SYS(capget), SCMP_SYS(umask),
};

static const int outside[] = {
    SCMP_SYS(fork), SCMP_SYS(vfork), SCMP_SYS(execve), SCMP_SYS(ptrace),
    SCMP_SYS(process_vm_readv), SCMP_SYS(process_vm_writev), SCMP_SYS(kcmp),
    SCMP_SYS(connect), SCMP_SYS(bind), SCMP_SYS(accept), SCMP_SYS(accept4),
    SCMP_SYS(sendto), SCMP_SYS(sendmsg), SCMP_SYS(recvfrom), SCMP_SYS(recvmsg),
    SCMP_SYS(tkill), SCMP_SYS(rt_sigqueueinfo), SCMP_SYS(rt_tgsigqueueinfo),
    SCMP_SYS(pidfd_open), SCMP_SYS(pidfd_send_signal), SCMP_SYS(pidfd_getfd),
    SCMP_SYS(setsid), SCMP_SYS(setpgid), SCMP_SYS(unshare), SCMP_SYS(setns),
    SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(pivot_root), SCMP_SYS(chroot),
    SCMP_SYS(unlink), SCMP_SYS(unlinkat), SCMP_SYS(rename), SCMP_SYS(renameat),
    SCMP_SYS(renameat2), SCMP_SYS(truncate), SCMP_SYS(ftruncate), SCMP_SYS(mkdir),
    SCMP_SYS(mkdirat), SCMP_SYS(rmdir), SCMP_SYS(link), SCMP_SYS(linkat),
    SCMP_SYS(symlink), SCMP_SYS(symlinkat), SCMP_SYS(chmod), SCMP_SYS(fchmod),
    SCMP_SYS(fchmodat), SCMP_SYS(chown), SCMP_SYS(fchown), SCMP_SYS(lchown),
    SCMP_SYS(fchownat), SCMP_SYS(creat), SCMP_SYS(mknod), SCMP_SYS(mknodat),
    SCMP_SYS(setpriority), SCMP_SYS(sched_setscheduler), SCMP_SYS(sched_setattr),
    SCMP_SYS(openat2), SCMP_SYS(open_by_handle_at), SCMP_SYS(name_to_handle_at),
    SCMP_SYS(bpf), SCMP_SYS(perf_event_open), SCMP_SYS(userfaultfd),
    SCMP_SYS(keyctl), SCMP_SYS(add_key), SCMP_SYS(request_key),
};

/* Threads, yes; a new process, no. */
static int allow_threads(scmp_filter_ctx f)
{
    int rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                              SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(clone), 1,
                                    SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    return rc ? rc : seccomp_rule_add(f, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
}

/* Signals at itself only, and never SIGKILL. */
static int allow_own_signals(scmp_filter_ctx f)
{
    const scmp_datum_t me = (scmp_datum_t)getpid();
    int rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 2,
                              SCMP_A0(SCMP_CMP_EQ, me), SCMP_A2(SCMP_CMP_NE, SIGKILL));
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(tgkill), 1,
                                    SCMP_A0(SCMP_CMP_NE, me));
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(tgkill), 1,
                                    SCMP_A2(SCMP_CMP_EQ, SIGKILL));
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(kill), 2,
                                    SCMP_A0(SCMP_CMP_EQ, me), SCMP_A1(SCMP_CMP_NE, SIGKILL));
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(kill), 1,
                                    SCMP_A0(SCMP_CMP_NE, me));
    return rc ? rc : seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(kill), 1,
                                      SCMP_A1(SCMP_CMP_EQ, SIGKILL));
}

/* The one exec: the engine's, through the descriptor no program can hold. */
static int allow_engine_exec(scmp_filter_ctx f)
{
    int rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(execveat), 2,
                              SCMP_A0(SCMP_CMP_EQ, SAPPER_PROGRAM_EXEC_FD),
                              SCMP_A4(SCMP_CMP_EQ, AT_EMPTY_PATH));
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(execveat), 1,
                                    SCMP_A0(SCMP_CMP_NE, SAPPER_PROGRAM_EXEC_FD));
    return rc ? rc : seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(execveat), 1,
                                      SCMP_A4(SCMP_CMP_NE, AT_EMPTY_PATH));
}

static int program_filter(void)
{
    scmp_filter_ctx f = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!f)
        return -1;
    int rc = RULES(f, SCMP_ACT_ALLOW, computing);
    rc = rc ? rc : RULES(f, SCMP_ACT_KILL_PROCESS, outside);
    rc = rc ? rc : rule(f, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(io_uring_setup));
    rc = rc ? rc : rule(f, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket));
    rc = rc ? rc : rule(f, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socketpair));
    /* its own limits: reading them, and setting them (the engine sets them
       after this filter; soft and hard are equal, so it can only lower) */
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 1,
                                    SCMP_A0(SCMP_CMP_EQ, 0));
    rc = rc ? rc : rule(f, SCMP_ACT_ALLOW, SCMP_SYS(setrlimit));
    rc = rc ? rc : allow_threads(f);
    rc = rc ? rc : allow_own_signals(f);
    rc = rc ? rc : lockdown_allow_reading_opens(f);
    rc = rc ? rc : allow_engine_exec(f);
    rc = rc ? rc : seccomp_load(f);
    seccomp_release(f);
    return rc;
}

int sapper_lockdown_program(const sapper_program_child *c, int exec_fd, char *err,
                            size_t errcap)
{
    if (exec_fd != SAPPER_PROGRAM_EXEC_FD) {
        snprintf(err, errcap, "the program's descriptor is %d, not %d", exec_fd,
                 SAPPER_PROGRAM_EXEC_FD);
        return -1;
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || lockdown_drop_capabilities()) {
        snprintf(err, errcap, "cannot drop privileges: %s", strerror(errno));
        return -1;
    }
    int ll = landlock_program(c);
    if (ll < 0) {
        snprintf(err, errcap, "cannot apply the Landlock ruleset: %s", strerror(errno));
        return -1;
    }
    if (ll > 0) {
        snprintf(err, errcap, "this kernel has no Landlock (Linux 5.13 or later, with "
                 "landlock in its lsm= list), so the program could read any file the "
                 "user can; run only bots you trust, without the sandbox");
        return -1;
    }
    if (program_filter()) {
        snprintf(err, errcap, "cannot load the seccomp filter");
        return -1;
    }
    /* last: building the filter allocates, and an allocator that maps more
       than the data limit (AddressSanitizer's, in a sanitized engine)
       would fail under it */
    if (limits(c)) {
        snprintf(err, errcap, "cannot set resource limits: %s", strerror(errno));
        return -1;
    }
    return 0;
}
