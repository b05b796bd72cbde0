/*
 * sandbox_program.c - process bots in the sandbox: starting one (fork, the
 * lockdown of program_exec.h, exec of its command) and reading its
 * handshake; its lines in and out under a call's deadline; its standard
 * error copied to its log, a file of bounded size. What the lines mean is
 * sandbox_text.c's; ending and reaping a process is sandbox_proc.c's.
 */
#define _GNU_SOURCE
#include "sandbox_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "program_exec.h"

/* ---- its log */

/* Copies what its standard error holds to its log (up to the log's size;
   past it, one line says the rest is dropped) and keeps the last bytes for
   a message about a failed start. */
void sandbox_drain_err(sapper_sandbox *sb, botproc *p)
{
    char buf[4096];
    ssize_t k;
    while (p->err >= 0 && (k = read(p->err, buf, sizeof buf)) > 0) {
        size_t keep = (size_t)k < sizeof p->tail - 1 ? (size_t)k : sizeof p->tail - 1;
        size_t had = strlen(p->tail);
        if (had + keep >= sizeof p->tail) {   /* the newest bytes stay */
            size_t drop = had + keep - (sizeof p->tail - 1);
            memmove(p->tail, p->tail + drop, had - drop + 1);
            had -= drop;
        }
        memcpy(p->tail + had, buf + k - keep, keep);
        p->tail[had + keep] = '\0';
        if (p->log < 0)
            continue;
        struct stat st;
        int64_t cap = sb->opt.log_bytes > 0 ? sb->opt.log_bytes : SAPPER_SANDBOX_LOG_BYTES;
        static const char full[] = "\n[sapper: the log is full; later output dropped]\n";
        const char *what = buf;
        size_t len = (size_t)k;
        if (fstat(p->log, &st) != 0 || st.st_size > cap)
            continue;   /* full, and said so */
        if (st.st_size + k > cap) {
            what = full;
            len = sizeof full - 1;
        }
        ssize_t w = write(p->log, what, len);   /* a log we cannot write is lost */
        (void)w;
    }
}

/* Its log file, in the options' directory (made when missing), or -1. */
static int open_log(const sapper_sandbox *sb, const char *name)
{
    char path[PATH_MAX];
    if (!sb->opt.log_dir || !*sb->opt.log_dir)
        return -1;
    mkdir(sb->opt.log_dir, 0755);
    if (snprintf(path, sizeof path, "%s/%s.log", sb->opt.log_dir, name) >= (int)sizeof path)
        return -1;
    return open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
}

/* ---- lines */

/* Waits for its standard output until hard (0: for ever), copying its
   standard error to the log meanwhile: 1 ready, 0 timed out. */
static int wait_output(sapper_sandbox *sb, botproc *p, double hard)
{
    for (;;) {
        int ms = -1;
        if (hard > 0) {
            double left = hard - sandbox_now();
            if (left <= 0)
                return 0;
            ms = (int)(left * 1000) + 1;
        }
        struct pollfd fds[2] = {{.fd = p->from, .events = POLLIN},
                                {.fd = p->err, .events = POLLIN}};
        int k = poll(fds, p->err >= 0 ? 2 : 1, ms);
        if (k < 0 && errno == EINTR)
            continue;
        if (k > 0 && (fds[1].revents & (POLLIN | POLLHUP))) {
            sandbox_drain_err(sb, p);
            if (fds[1].revents & POLLHUP && !(fds[1].revents & POLLIN)) {
                close(p->err);   /* it closed its standard error */
                p->err = -1;
            }
        }
        if (k < 0 || (fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
            return 1;
    }
}

int sandbox_read_line(sapper_sandbox *sb, botproc *p, double hard, char *line)
{
    for (;;) {
        int got = sapper_proto_take_line(p->lines, line);
        if (got != 0)
            return got > 0 ? 1 : -2;
        char buf[4096];
        ssize_t k = read(p->from, buf, sizeof buf);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0 && errno == EAGAIN) {
            if (!wait_output(sb, p, hard))
                return 0;
            continue;
        }
        if (k <= 0)
            return -1;
        size_t left = (size_t)k;
        while (left > 0) {
            size_t before = left;
            sapper_proto_feed(p->lines, buf + (size_t)k - left, &left);
            if (left == before)   /* full without a line's end */
                return -2;
        }
        if (hard > 0 && sandbox_now() > hard)
            return 0;   /* a line dripped byte by byte */
    }
}

int sandbox_unasked(botproc *p, int look)
{
    char c;
    if (sapper_proto_pending(p->lines))
        return 1;
    return look && read(p->from, &c, 1) == 1;
}

/* Writes all of text before hard: 0, -1 (it is gone), -2 (timed out). */
static int write_all(botproc *p, const char *text, size_t len, double hard)
{
    while (len > 0) {
        ssize_t k = write(p->to, text, len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0 && errno == EAGAIN) {
            if (!sapper_wire_wait(p->to, POLLOUT, hard))
                return -2;
            continue;
        }
        if (k <= 0)
            return -1;
        text += k;
        len -= (size_t)k;
    }
    return 0;
}

/* As sandbox_send_frame: text that fits in PIPE_BUF goes in while p is
   still stopped (one wake-up of p); a longer text once it runs. */
int sandbox_send_text(sapper_sandbox *sb, botproc *p, const sapper_strbuf *text,
                      double hard)
{
    const char *s = sapper_strbuf_str(text);
    size_t len = text->len;
    sandbox_see_others_stopped(sb, p);
    if (p->hold.stopped && len <= PIPE_BUF) {
        ssize_t k = write(p->to, s, len);
        if (k == (ssize_t)len) {
            sapper_hold_resume(&p->hold);
            return 0;
        }
        if (k > 0) {
            s += k;
            len -= (size_t)k;
        }
    }
    sapper_hold_resume(&p->hold);
    return write_all(p, s, len, hard);
}

/* ---- starting */

static void child(const sapper_sandbox *sb, const sapper_command *cmd, int in, int out,
                  int err, pid_t parent)
{
    const char *dirs[3] = {cmd->program_dir, sb->opt.kit_dir, NULL};
    if (!sb->opt.kit_dir)
        dirs[1] = NULL;
    sapper_program_child c = {
        .file = cmd->exec, .argv = cmd->argv, .cwd = cmd->cwd, .read_dirs = dirs,
        .kit_dir = sb->opt.kit_dir, .in = in, .out = out, .err = err, .parent = parent,
        .lockdown = !sb->opt.no_lockdown, .memory_mb = sb->opt.memory_mb,
        .cpu_seconds = sb->opt.cpu_seconds,
    };
    char why[512] = "";
    sapper_program_exec(&c, why, sizeof why);
    dprintf(2, "sapper: %s\n", why);
    _exit(127);
}

static void close_pipes(int (*pipes)[2], int n)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 2; j++)
            if (pipes[i][j] >= 0)
                close(pipes[i][j]);
}

/* The handshake (PROTOCOL.md): 0 and p->hello, or -1 with why. */
static int handshake(sapper_sandbox *sb, botproc *p, char *why, size_t whycap)
{
    sapper_strbuf hi = {0};
    sapper_proto_put_greeting(&hi);
    double hard = sandbox_now() + SAPPER_PROTO_START_SECONDS;
    int sent = hi.failed ? -1 : write_all(p, sapper_strbuf_str(&hi), hi.len, hard);
    sapper_strbuf_free(&hi);
    char line[SAPPER_PROTO_LINE_MAX + 1];
    p->hello = (sapper_proto_hello){0};
    while (sent == 0 && !p->hello.ready) {
        int got = sandbox_read_line(sb, p, hard, line);
        if (got == 0) {
            snprintf(why, whycap, "no complete handshake within %.0f s (it ends with "
                     "\"ready 1\")", SAPPER_PROTO_START_SECONDS);
            return -1;
        }
        if (got == -2) {
            snprintf(why, whycap, "line %d of its output is longer than %d bytes or "
                     "holds a NUL byte", p->hello.lines + 1, SAPPER_PROTO_LINE_MAX);
            return -1;
        }
        if (got < 0)
            break;
        if (sapper_proto_read_hello(&p->hello, line, why, whycap))
            return -1;
    }
    if (p->hello.ready && !sandbox_unasked(p, 1))
        return 0;
    if (p->hello.ready) {
        snprintf(why, whycap, "line %d of the bot's output comes after \"ready 1\", before "
                 "anything asked for it (a bot writes only its answers)", p->hello.lines + 1);
        return -1;
    }
    snprintf(why, whycap, "it ended its output before its handshake was complete");
    return -1;
}

/* A failed start's message: why, and what it said on its standard error. */
static void start_failed(sapper_sandbox *sb, botproc *p, const sapper_command *cmd,
                         const char *why)
{
    sandbox_drain_err(sb, p);
    char tail[sizeof p->tail];
    snprintf(tail, sizeof tail, "%s", p->tail);
    const char *ended = sandbox_end_proc(sb, p, 1);
    sb->last_end = "sandbox";   /* killed by us: its own failure to start */
    size_t n = strlen(tail);
    while (n > 0 && (tail[n - 1] == '\n' || tail[n - 1] == '\r'))
        tail[--n] = '\0';
    for (char *c = tail; *c; c++)
        if ((unsigned char)*c < 0x20)
            *c = *c == '\n' ? '|' : ' ';
    snprintf(sb->message, sizeof sb->message, "process bot `%s` cannot start%s: %s%s%s%s",
             cmd->text, sb->opt.no_lockdown ? "" : " in the sandbox", why,
             strcmp(ended, "sandbox") == 0 ? " (it made a system call the sandbox "
             "forbids: docs/PLUGINS.md, \"Process bots\")" : "",
             *tail ? "; its standard error ends: " : "", tail);
}

int sandbox_start_program(sapper_sandbox *sb, botproc *p, const sapper_command *cmd,
                          const char *log_name, int64_t key)
{
    int pipes[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}};
    sapper_proto_lines *lines = calloc(1, sizeof *lines);
    for (int i = 0; lines && i < 3; i++)
        if (pipe2(pipes[i], O_CLOEXEC) != 0) {
            free(lines);
            lines = NULL;
        }
    if (!lines) {
        close_pipes(pipes, 3);
        snprintf(sb->message, sizeof sb->message, "cannot create a process bot's pipes: %s",
                 strerror(errno));
        return -1;
    }
    sandbox_see_others_stopped(sb, NULL);   /* the new process runs alone */
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0)
        child(sb, cmd, pipes[0][0], pipes[1][1], pipes[2][1], parent);
    close(pipes[0][0]);
    close(pipes[1][1]);
    close(pipes[2][1]);
    if (pid < 0) {
        close(pipes[0][1]);
        close(pipes[1][0]);
        close(pipes[2][0]);
        free(lines);
        snprintf(sb->message, sizeof sb->message, "cannot fork: %s", strerror(errno));
        return -1;
    }
    setpgid(pid, pid);
    for (int i = 0; i < 3; i++)
        fcntl(pipes[i][i == 0 ? 1 : 0], F_SETFL, O_NONBLOCK);
    *p = (botproc){.pid = pid, .to = pipes[0][1], .from = pipes[1][0], .err = pipes[2][0],
                   .key = key, .seat = -1, .text = 1, .lines = lines,
                   .log = open_log(sb, log_name)};
    char why[512];
    if (sapper_hold_init(&p->hold, pid) != 0) {
        start_failed(sb, p, cmd, "its CPU clock cannot be read");
        return -1;
    }
    if (handshake(sb, p, why, sizeof why) != 0) {
        start_failed(sb, p, cmd, why);
        return -1;
    }
    sapper_hold_mark(&p->hold);   /* it runs again for its first game */
    sapper_hold_see_stopped(&p->hold);
    return 0;
}

/* ---- before a run */

sapper_status sapper_sandbox_probe(void *options, sapper_command *cmd, const char *family,
                                   sapper_command_info *info, char *err, size_t errcap)
{
    sapper_sandbox_options o = *(const sapper_sandbox_options *)options;
    o.log_dir = NULL;   /* its start-up talk is in the message */
    sapper_sandbox *sb = sapper_sandbox_new(&o);
    if (!sb)
        return snprintf(err, errcap, "out of memory"), SAPPER_ERR_NOMEM;
    botproc *p = &sb->procs[0];
    int ok = sandbox_start_program(sb, p, cmd, "probe", 0) == 0;
    if (!ok) {
        snprintf(err, errcap, "%s", sb->message);
    } else {
        const sapper_proto_hello *h = &p->hello;
        cmd->families = h->families;
        snprintf(info->id, sizeof info->id, "%s", h->id);
        snprintf(info->name, sizeof info->name, "%s", h->name);
        snprintf(info->version, sizeof info->version, "%s", h->version);
        snprintf(info->author, sizeof info->author, "%s", h->author);
        if (family && !(h->families & sapper_proto_family_bit(family))) {
            snprintf(err, errcap, "the rules are of the %s family, but the bot's handshake "
                     "declares no `family %s`", family, family);
            ok = 0;
        }
        sandbox_end_proc(sb, p, 1);
    }
    sapper_sandbox_free(sb);
    return ok ? SAPPER_OK : SAPPER_ERR_PARAM;
}
