/*
 * lockdown.c - the two steps of lockdown.h. The seccomp filters are built
 * with libseccomp. Landlock (Linux 5.13 and later) confines what the
 * loader and a plugin's constructors may read; a bot process refuses to
 * start without it, the describer (which only reads a manifest) goes on.
 */
#define _GNU_SOURCE
#include "lockdown.h"
#include "lockdown_parts.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/landlock.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

int lockdown_set_limit(int what, rlim_t v)
{
    struct rlimit rl = {v, v};
    return setrlimit(what, &rl);
}

static int limit_resources(const sapper_lockdown_limits *lim)
{
#if !defined(__SANITIZE_ADDRESS__)  /* ASan reserves terabytes of address space */
    if (lim->memory_mb > 0 && lockdown_set_limit(RLIMIT_AS, (rlim_t)lim->memory_mb << 20))
        return -1;
#endif
    if (lim->cpu_seconds > 0) {   /* SIGXCPU at the soft limit, SIGKILL 1 s on */
        struct rlimit rl = {(rlim_t)lim->cpu_seconds, (rlim_t)lim->cpu_seconds + 1};
        if (setrlimit(RLIMIT_CPU, &rl))
            return -1;
    }
    return lockdown_set_limit(RLIMIT_CORE, 0) || lockdown_set_limit(RLIMIT_FSIZE, 0) ? -1 : 0;
}

/* ---- Landlock: read the plugin and the system libraries, nothing else. */

/* Debian 12's kernel headers know Landlock ABI 2; the kernel we run on may
   know more. These are the kernel's UAPI values (linux/landlock.h). */
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)                /* ABI 3 */
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)               /* ABI 5 */
#endif
#ifndef LANDLOCK_ACCESS_NET_BIND_TCP
#define LANDLOCK_ACCESS_NET_BIND_TCP (1ULL << 0)                /* ABI 4 */
#define LANDLOCK_ACCESS_NET_CONNECT_TCP (1ULL << 1)
#endif
#ifndef LANDLOCK_SCOPE_SIGNAL
#define LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)        /* ABI 6 */
#define LANDLOCK_SCOPE_SIGNAL (1ULL << 1)
#endif

int lockdown_allow_path(int ruleset, const char *path, uint64_t access)
{
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0)
        return 0;   /* a directory this system lacks (/lib64) */
    struct landlock_path_beneath_attr pb = {.allowed_access = access, .parent_fd = fd};
    int rc = (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
    close(fd);
    return rc;
}

static uint64_t fs_rights(int abi)
{
    uint64_t all = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1;   /* ABI 1 */
    if (abi >= 2)
        all |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3)
        all |= LANDLOCK_ACCESS_FS_TRUNCATE;
    if (abi >= 5)
        all |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
    return all;
}

int lockdown_landlock_ruleset(void)
{
    int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0,
                           LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1)
        return -2;   /* not in this kernel, or not enabled (lsm=) */
    struct {
        uint64_t fs, net, scoped;
    } attr = {.fs = fs_rights(abi)};
    size_t size = sizeof(uint64_t);
    if (abi >= 4) {
        attr.net = LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP;
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {   /* no signals to processes outside this one */
        attr.scoped = LANDLOCK_SCOPE_SIGNAL | LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET;
        size = 3 * sizeof(uint64_t);
    }
    return (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
}

int lockdown_landlock_apply(int ruleset)
{
    int rc = (int)syscall(SYS_landlock_restrict_self, ruleset, 0);
    close(ruleset);
    return rc;
}

static int landlock(const char *plugin_file)
{
    int rs = lockdown_landlock_ruleset();
    if (rs == -2)
        return 1;
    if (rs < 0)
        return -1;
    uint64_t read = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
    static const char *const system_dirs[] = {"/usr", "/lib", "/lib64", "/lib32"};
    int rc = lockdown_allow_path(rs, plugin_file, LANDLOCK_ACCESS_FS_READ_FILE);
    for (size_t i = 0; !rc && i < sizeof system_dirs / sizeof *system_dirs; i++)
        rc = lockdown_allow_path(rs, system_dirs[i], read);
    rc = rc ? rc : lockdown_allow_path(rs, "/etc/ld.so.cache", LANDLOCK_ACCESS_FS_READ_FILE);
    if (rc) {
        close(rs);
        return rc;
    }
    return lockdown_landlock_apply(rs);
}

/* ---- seccomp */

static int allow(scmp_filter_ctx f, int sys)
{
    return seccomp_rule_add(f, SCMP_ACT_ALLOW, sys, 0);
}

static int allow_fd(scmp_filter_ctx f, int sys, int fd)
{
    return seccomp_rule_add(f, SCMP_ACT_ALLOW, sys, 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)fd));
}

static int allow_all(scmp_filter_ctx f, const int *sys, size_t n)
{
    int rc = 0;
    for (size_t i = 0; !rc && i < n; i++)
        rc = allow(f, sys[i]);
    return rc;
}

/* Signals only at itself, and only SIGABRT (abort(), assert): a bot that
   could SIGKILL itself would make its lost games look like the operator's
   doing and have them replayed. */
static int allow_abort(scmp_filter_ctx f)
{
    return seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 2,
                            SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)getpid()),
                            SCMP_A2(SCMP_CMP_EQ, (scmp_datum_t)SIGABRT));
}

/* Writing on 1 and 2 (/dev/null) and on the channel's fds 3 and 4 (the
   describer answers on 3) or on 4 alone. */
static int allow_writes(scmp_filter_ctx f, int on_3)
{
    const int fds[] = {1, 2, SAPPER_SANDBOX_OUT, 3};
    size_t n = on_3 ? 4 : 3;
    int rc = 0;
    for (size_t i = 0; !rc && i < n; i++) {
        rc = allow_fd(f, SCMP_SYS(write), fds[i]);
        rc = rc ? rc : allow_fd(f, SCMP_SYS(writev), fds[i]);
    }
    /* stdio asks whether /dev/null is a terminal: it is not */
    return rc ? rc : seccomp_rule_add(f, SCMP_ACT_ERRNO(ENOTTY), SCMP_SYS(ioctl), 0);
}

/* What a computation needs: memory, clocks, signals at itself, exit. */
static const int computation[] = {
    SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(mprotect),
    SCMP_SYS(brk), SCMP_SYS(madvise), SCMP_SYS(exit), SCMP_SYS(exit_group),
    SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(gettimeofday),
    SCMP_SYS(time), SCMP_SYS(nanosleep), SCMP_SYS(clock_nanosleep),
    SCMP_SYS(rt_sigreturn), SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask),
    SCMP_SYS(sigaltstack), SCMP_SYS(futex), SCMP_SYS(sched_yield),
    SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getrusage), SCMP_SYS(times),
    SCMP_SYS(fstat), SCMP_SYS(newfstatat), SCMP_SYS(lseek),
};

/* What the dynamic loader and a library's constructors need besides:
   reading files (Landlock says which), the process's own facts, and
   installing the second filter. */
static const int loading[] = {
    SCMP_SYS(read), SCMP_SYS(pread64), SCMP_SYS(readv), SCMP_SYS(close),
    SCMP_SYS(stat), SCMP_SYS(lstat), SCMP_SYS(statx), SCMP_SYS(readlink),
    SCMP_SYS(readlinkat), SCMP_SYS(access), SCMP_SYS(faccessat),
    SCMP_SYS(faccessat2), SCMP_SYS(getdents64), SCMP_SYS(getcwd),
    SCMP_SYS(arch_prctl), SCMP_SYS(set_tid_address), SCMP_SYS(set_robust_list),
    SCMP_SYS(rseq), SCMP_SYS(getrandom), SCMP_SYS(uname), SCMP_SYS(sysinfo),
    SCMP_SYS(getuid), SCMP_SYS(geteuid), SCMP_SYS(getgid), SCMP_SYS(getegid),
    SCMP_SYS(getrlimit), SCMP_SYS(sched_getaffinity), SCMP_SYS(seccomp),
};

/* Opening read-only (Landlock says what); opening to write kills. */
int lockdown_allow_reading_opens(scmp_filter_ctx f)
{
    const scmp_datum_t w = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
    int rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
                              SCMP_A2(SCMP_CMP_MASKED_EQ, w, 0));
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(open), 1,
                                    SCMP_A1(SCMP_CMP_MASKED_EQ, w, 0));
    static const int write_flags[] = {O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND};
    for (size_t i = 0; !rc && i < sizeof write_flags / sizeof *write_flags; i++) {
        scmp_datum_t b = (scmp_datum_t)write_flags[i];
        rc = seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(openat), 1,
                              SCMP_A2(SCMP_CMP_MASKED_EQ, b, b));
        rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(open), 1,
                                        SCMP_A1(SCMP_CMP_MASKED_EQ, b, b));
    }
    return rc;
}

/* Flag queries, and the self-only forms of calls that could reach others. */
static int allow_self_only(scmp_filter_ctx f)
{
    static const int fcntl_ops[] = {F_GETFD, F_SETFD, F_GETFL};
    int rc = 0;
    for (size_t i = 0; !rc && i < sizeof fcntl_ops / sizeof *fcntl_ops; i++)
        rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(fcntl), 1,
                              SCMP_A1(SCMP_CMP_EQ, (scmp_datum_t)fcntl_ops[i]));
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 2,
                                    SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A2(SCMP_CMP_EQ, 0));
    return rc ? rc : seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1,
                                      SCMP_A0(SCMP_CMP_EQ, PR_SET_NO_NEW_PRIVS));
}

/* Calls that are an attack and never a loader's need: the process dies
   with SIGSYS, which the engine reports as a sandbox violation. */
static const int hostile[] = {
    SCMP_SYS(kill), SCMP_SYS(tkill), SCMP_SYS(ptrace), SCMP_SYS(socket),
    SCMP_SYS(socketpair), SCMP_SYS(connect), SCMP_SYS(fork), SCMP_SYS(vfork),
    SCMP_SYS(clone), SCMP_SYS(clone3), SCMP_SYS(execve), SCMP_SYS(execveat),
    SCMP_SYS(unlink), SCMP_SYS(unlinkat), SCMP_SYS(rename), SCMP_SYS(renameat),
    SCMP_SYS(renameat2), SCMP_SYS(truncate), SCMP_SYS(ftruncate),
    SCMP_SYS(process_vm_readv), SCMP_SYS(process_vm_writev), SCMP_SYS(setpgid),
    SCMP_SYS(setsid), SCMP_SYS(pidfd_open), SCMP_SYS(pidfd_send_signal),
    SCMP_SYS(rt_sigqueueinfo), SCMP_SYS(rt_tgsigqueueinfo), SCMP_SYS(mkdir),
    SCMP_SYS(mkdirat), SCMP_SYS(rmdir), SCMP_SYS(link), SCMP_SYS(linkat),
    SCMP_SYS(symlink), SCMP_SYS(symlinkat), SCMP_SYS(chmod), SCMP_SYS(fchmod),
    SCMP_SYS(fchmodat), SCMP_SYS(creat), SCMP_SYS(setpriority),
    SCMP_SYS(sched_setscheduler), SCMP_SYS(sched_setattr), SCMP_SYS(io_uring_setup),
    SCMP_SYS(openat2),
};

/* Before the load: an allowlist for the loader and the plugin's
   constructors. Anything not on it fails with EPERM (a library probing
   for a feature goes on without it); the hostile calls kill. */
static int allow_loading(void)
{
    scmp_filter_ctx f = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!f)
        return -1;
    int rc = allow_all(f, computation, sizeof computation / sizeof *computation);
    rc = rc ? rc : allow_all(f, loading, sizeof loading / sizeof *loading);
    for (size_t i = 0; !rc && i < sizeof hostile / sizeof *hostile; i++)
        rc = seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, hostile[i], 0);
    rc = rc ? rc : seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(tgkill), 1,
                                    SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)getpid()));
    rc = rc ? rc : allow_abort(f);
    rc = rc ? rc : lockdown_allow_reading_opens(f);
    rc = rc ? rc : allow_self_only(f);
    rc = rc ? rc : allow_writes(f, 1);
    rc = rc ? rc : seccomp_load(f);
    seccomp_release(f);
    return rc;
}

/* After the load: what a computation needs, its channel, and nothing else. */
static int allow_only_computation(void)
{
    scmp_filter_ctx f = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!f)
        return -1;
    int rc = allow_all(f, computation, sizeof computation / sizeof *computation);
    rc = rc ? rc : allow_fd(f, SCMP_SYS(read), SAPPER_SANDBOX_IN);
    rc = rc ? rc : allow_abort(f);
    rc = rc ? rc : allow_writes(f, 0);
    rc = rc ? rc : seccomp_load(f);
    seccomp_release(f);
    return rc;
}

/* Run as root, the process keeps uid 0 (the plugin file must stay
   readable) but no capability: root's powers are in those. */
int lockdown_drop_capabilities(void)
{
    struct __user_cap_header_struct h = {.version = _LINUX_CAPABILITY_VERSION_3};
    struct __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3];
    memset(none, 0, sizeof none);
    return (int)syscall(SYS_capset, &h, none);
}

int sapper_lockdown_before_load(const char *plugin_file,
                                const sapper_lockdown_limits *lim,
                                char *err, size_t errcap)
{
    if (limit_resources(lim)) {
        snprintf(err, errcap, "cannot set resource limits: %s", strerror(errno));
        return -1;
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) ||
        lockdown_drop_capabilities()) {
        snprintf(err, errcap, "cannot drop privileges: %s", strerror(errno));
        return -1;
    }
    int ll = landlock(plugin_file);
    if (ll < 0) {
        snprintf(err, errcap, "cannot apply the Landlock ruleset: %s", strerror(errno));
        return -1;
    }
    if (ll > 0 && lim->need_landlock) {
        snprintf(err, errcap, "this kernel has no Landlock (Linux 5.13 or later, with "
                 "landlock in its lsm= list), so the bot's loader could read any file "
                 "the user can; run only bots you trust, without the sandbox "
                 "([tournament] sandbox = none, or --sandbox none for sapper run and play)");
        return -1;
    }
    if (allow_loading()) {
        snprintf(err, errcap, "cannot load the seccomp filter");
        return -1;
    }
    return 0;
}

int sapper_lockdown_after_load(char *err, size_t errcap)
{
    if (allow_only_computation()) {
        snprintf(err, errcap, "cannot load the seccomp allowlist");
        return -1;
    }
    return 0;
}

int sapper_lockdown_null_stdio(void)
{
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
        return -1;
    return 0;
}
