/*
 * describe.c - describe.h: starting the manifest reader (sapper-bothost
 * --describe, core/bothost/describer.c) for one plugin file, and
 * rebuilding the manifest from the bytes it writes. The reader is hostile
 * from the moment it loads the plugin: nothing it sends is trusted beyond
 * its shape, which loader_check.c then validates in full. Nothing here loads a
 * plugin or forks without an exec.
 */
#define _GNU_SOURCE
#include "describe.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "helper_exec.h"
#include "wire.h"

#define DESCRIBE_MAX (16u << 20) /* the largest description accepted */

/* ---- running the reader, reading its bytes ------------------------------ */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads everything the reader writes until it closes, or the deadline. 0,
   -1 (too much), -2 (timed out). */
static int read_description(int fd, sapper_wire_out *in, double deadline)
{
    unsigned char buf[65536];
    for (;;) {
        if (!sapper_wire_wait(fd, POLLIN, deadline))
            return -2;
        ssize_t k = read(fd, buf, sizeof buf);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return 0;
        if (in->len + (size_t)k > DESCRIBE_MAX)
            return -1;
        sapper_wire_put(in, buf, (size_t)k);
    }
}

/* In the child of fork(): the reader, on the plugin's absolute path. */
static void exec_reader(const char *reader, const char *file, int out, pid_t parent)
{
    char *argv[] = {(char *)"sapper-bothost", (char *)"--describe", (char *)file, NULL};
    sapper_helper_exec(&(sapper_helper_child){
        .helper = reader, .argv = argv,
        .fds = &out, .nfds = 1,                   /* on 3: SAPPER_DESCRIBE_FD */
        .parent = parent,
        .also_keep = "SAPPER_NO_LOCKDOWN="});    /* debugging under valgrind */
    _exit(127);
}

/* Why a run of the reader gave no description (got: read_description's
   answer, status: the reader's end), or NULL. */
static const char *failure(pid_t pid, int got, int status, size_t len)
{
    return pid < 0 ? "cannot start a process to load it"
        : got == -2 ? "it took more than 10 s to load"
        : got == -1 ? "its manifest is larger than 16 MiB"
        : WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS && len == 0
            ? "its code made a forbidden system call while loading (a constructor?)"
        : len == 0 ? "its code crashed or exited while loading" : NULL;
}

static sapper_status run_reader(const char *reader, const char *path, sapper_wire_out *in,
                                char *err, size_t errcap)
{
    char file[PATH_MAX];
    int fds[2];
    if (access(reader, X_OK) != 0) {
        snprintf(err, errcap, "%s: cannot load: its manifest reader %s cannot be run: %s",
                 path, reader, strerror(errno));
        return SAPPER_ERR_STATE;
    }
    if (!realpath(path, file) || pipe2(fds, O_CLOEXEC) != 0) {
        snprintf(err, errcap, "%s: cannot load: %s", path, strerror(errno));
        return SAPPER_ERR_STATE;
    }
    fflush(NULL);
    pid_t parent = getpid(), pid = fork();
    if (pid == 0)
        exec_reader(reader, file, fds[1], parent);
    close(fds[1]);
    int got = pid < 0 ? -1 : read_description(fds[0], in,
                                               now() + SAPPER_DESCRIBE_SECONDS);
    close(fds[0]);
    int status = 0;
    if (pid > 0) {
        kill(pid, SIGKILL);   /* it has said all it may say */
        waitpid(pid, &status, 0);
    }
    const char *why = failure(pid, got, status, in->len);
    if (why) {
        snprintf(err, errcap, "%s: cannot load: %s", path, why);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

/* ---- rebuilding the manifest ------------------------------------------- */

/* A present function member of a described table: never called. */
static void stand_in(void) {}

/* Everything a description owns, in one list of blocks. */
typedef struct block {
    struct block *next;
    max_align_t data[];
} block;

struct sapper_description {
    sapper_manifest manifest;
    block *blocks;
    int failed;
};

static void *take(sapper_description *d, size_t n)
{
    block *b = calloc(1, sizeof *b + n + 1);
    if (!b) {
        d->failed = 1;
        return NULL;
    }
    b->next = d->blocks;
    d->blocks = b;
    return b->data;
}

static const char *get_text(sapper_description *d, sapper_wire_in *in)
{
    if (!sapper_wire_get_u32(in))
        return NULL;
    const char *s = sapper_wire_get_str(in);
    size_t n = strlen(s);
    char *copy = in->bad ? NULL : take(d, n + 1);
    if (copy)
        memcpy(copy, s, n + 1);
    return copy ? copy : "";
}

static void get_param(sapper_description *d, sapper_wire_in *in, sapper_param_spec *s)
{
    s->key = get_text(d, in);
    s->type = (int32_t)sapper_wire_get_u32(in);
    s->flags = (int32_t)sapper_wire_get_u32(in);
    s->def = get_text(d, in);
    const void *min = sapper_wire_get(in, sizeof s->min);
    const void *max = sapper_wire_get(in, sizeof s->max);
    if (min && max) {
        memcpy(&s->min, min, sizeof s->min);
        memcpy(&s->max, max, sizeof s->max);
    }
    s->choices = get_text(d, in);
    s->help = get_text(d, in);
}

/* A table of stand-ins where the plugin's has function members (first ..
   fn_end); other members read as 0. */
static void *get_table(sapper_description *d, sapper_wire_in *in, size_t first,
                       size_t fn_end, size_t host_size)
{
    uint32_t present = sapper_wire_get_u32(in), size = sapper_wire_get_u32(in);
    uint64_t bits = (uint64_t)sapper_wire_get_i64(in);
    unsigned char *t = present && !in->bad ? take(d, host_size) : NULL;
    if (!t)
        return NULL;
    uint32_t kept = size < host_size ? size : (uint32_t)host_size;
    memcpy(t, &kept, sizeof kept);
    void (*fn)(void) = stand_in;
    for (size_t i = 0; i < 64 && first + (i + 1) * sizeof fn <= kept &&
                       first + (i + 1) * sizeof fn <= fn_end; i++)
        if (bits >> i & 1)
            memcpy(t + first + i * sizeof fn, &fn, sizeof fn);
    return t;
}

static const sapper_descriptor *get_descriptor(sapper_description *d, sapper_wire_in *in)
{
    if (!sapper_wire_get_u32(in))
        return NULL;
    sapper_descriptor *c = take(d, sizeof *c);
    if (!c)
        return NULL;
    uint32_t size = sapper_wire_get_u32(in);   /* what the reader copied */
    c->struct_size = size < sizeof *c ? size : (uint32_t)sizeof *c;
    c->abi_major = (uint16_t)sapper_wire_get_u32(in);
    c->abi_minor = (uint16_t)sapper_wire_get_u32(in);
    c->kind = (int32_t)sapper_wire_get_u32(in);
    c->reserved = (int32_t)sapper_wire_get_u32(in);
    c->id = get_text(d, in);
    c->name = get_text(d, in);
    c->version = get_text(d, in);
    c->summary = get_text(d, in);
    c->family = get_text(d, in);
    c->param_count = sapper_wire_get_u32(in);
    int has_params = (int)sapper_wire_get_u32(in);
    uint32_t n = has_params && c->param_count <= 4096 ? c->param_count : 0;
    sapper_param_spec *specs = n ? take(d, n * sizeof *specs) : NULL;
    for (uint32_t i = 0; specs && i < n && !in->bad; i++)
        get_param(d, in, &specs[i]);
    c->params = has_params ? specs : NULL;
    c->param_spec_size = sizeof(sapper_param_spec);   /* rebuilt at this stride */
    c->rules = get_table(d, in, offsetof(sapper_rules_api, game_new),
                         sizeof(sapper_rules_api), sizeof(sapper_rules_api));
    sapper_bot_api *bot = get_table(d, in, offsetof(sapper_bot_api, bot_new),
                                    offsetof(sapper_bot_api, flags), sizeof(sapper_bot_api));
    c->bot = bot;
    c->family_version = sapper_wire_get_u32(in);
    uint32_t flags = sapper_wire_get_u32(in);
    if (bot && bot->struct_size >= offsetof(sapper_bot_api, flags) + sizeof flags)
        bot->flags = flags;
    return c;
}

static sapper_status rebuild(sapper_description *d, sapper_wire_in *in, const char *path,
                             char *err, size_t errcap)
{
    uint32_t status = sapper_wire_get_u32(in);
    if (status == SAPPER_DESCRIBE_FAILED) {
        const char *why = get_text(d, in);
        snprintf(err, errcap, "%s: cannot load: %s", path, why ? why : "?");
        return SAPPER_ERR_PARAM;
    }
    if (status == SAPPER_DESCRIBE_REFUSED) {
        d->manifest.struct_size = 0;   /* refused: loader.c says so */
        return SAPPER_OK;
    }
    sapper_manifest *m = &d->manifest;
    m->struct_size = sapper_wire_get_u32(in) < sizeof *m ? 0 : sizeof *m;
    m->abi_major = (uint16_t)sapper_wire_get_u32(in);
    m->abi_minor = (uint16_t)sapper_wire_get_u32(in);
    m->count = sapper_wire_get_u32(in);
    int has = (int)sapper_wire_get_u32(in);
    uint32_t n = has && m->count <= 1024 ? m->count : 0;
    const sapper_descriptor **list = n ? take(d, n * sizeof *list) : NULL;
    for (uint32_t i = 0; list && i < n && !in->bad; i++)
        list[i] = get_descriptor(d, in);
    m->descriptors = has && list ? list : NULL;
    if (!has)
        m->count = 0;
    if (in->bad || in->left || d->failed) {
        snprintf(err, errcap, "%s: cannot load: %s", path, d->failed ? "out of memory"
                 : "its description is malformed (its code wrote into it?)");
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

sapper_status sapper_describe_file(const char *reader, const char *path,
                                   sapper_description **out, char *err, size_t errcap)
{
    sapper_wire_out bytes = {0};
    sapper_status st = run_reader(reader, path, &bytes, err, errcap);
    sapper_description *d = st == SAPPER_OK ? calloc(1, sizeof *d) : NULL;
    if (st == SAPPER_OK && !d) {
        snprintf(err, errcap, "out of memory");
        st = SAPPER_ERR_NOMEM;
    }
    if (st == SAPPER_OK) {
        sapper_wire_in in = {bytes.data, bytes.len, 0};
        st = rebuild(d, &in, path, err, errcap);
    }
    sapper_wire_free(&bytes);
    if (st != SAPPER_OK) {
        sapper_description_free(d);
        return st;
    }
    *out = d;
    return SAPPER_OK;
}

const sapper_manifest *sapper_description_manifest(const sapper_description *d)
{
    return d->manifest.struct_size ? &d->manifest : NULL;
}

void sapper_description_free(sapper_description *d)
{
    if (!d)
        return;
    while (d->blocks) {
        block *b = d->blocks;
        d->blocks = b->next;
        free(b);
    }
    free(d);
}
