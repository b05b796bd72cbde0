/*
 * describe.c - describe.h: the child that loads a plugin and writes its
 * manifest, and the rebuilding of that manifest from the bytes. The child
 * is hostile from the moment it loads the plugin: nothing it sends is
 * trusted beyond its shape, which loader.c then validates in full.
 */
#define _GNU_SOURCE
#include "describe.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lockdown.h"
#include "wire.h"

#define DESCRIBE_SECONDS 10      /* to load and describe one plugin */
#define DESCRIBE_MAX (16u << 20) /* the largest description accepted */
#define TEXT_MAX 65536           /* the longest string of a manifest */

/* A present function member of a described table: never called. */
static void stand_in(void) {}

/* ---- the child ---------------------------------------------------------- */

static void put_text(sapper_wire_out *o, const char *s)
{
    sapper_wire_put_u32(o, s != NULL);
    if (!s)
        return;
    size_t n = strnlen(s, TEXT_MAX);
    sapper_wire_put_u32(o, (uint32_t)n + 1);
    sapper_wire_put(o, s, n);
    sapper_wire_put(o, "", 1);
}

/* Which of a table's function members (first .. fn_end) are set (bit i:
   member i). */
static uint64_t present_members(const void *table, size_t first, uint32_t size,
                                size_t fn_end)
{
    uint64_t bits = 0;
    size_t end = size < fn_end ? size : fn_end;
    for (size_t i = 0; i < 64 && first + (i + 1) * sizeof(void *) <= end; i++) {
        void *fn;
        memcpy(&fn, (const char *)table + first + i * sizeof fn, sizeof fn);
        bits |= (uint64_t)(fn != NULL) << i;
    }
    return bits;
}

static void put_table(sapper_wire_out *o, const void *table, size_t first,
                      size_t fn_end)
{
    uint32_t size = 0;
    if (table)
        memcpy(&size, table, sizeof size);
    sapper_wire_put_u32(o, table != NULL);
    sapper_wire_put_u32(o, size);
    sapper_wire_put_i64(o, table ? (int64_t)present_members(table, first, size, fn_end) : 0);
}

/* The bot table's flags (ABI 1.2), 0 when its size does not cover them. */
static uint32_t bot_flags(const sapper_bot_api *bot)
{
    uint32_t size = 0, flags = 0;
    if (bot)
        memcpy(&size, bot, sizeof size);
    if (size >= offsetof(sapper_bot_api, flags) + sizeof flags)
        memcpy(&flags, (const char *)bot + offsetof(sapper_bot_api, flags), sizeof flags);
    return flags;
}

static void put_param(sapper_wire_out *o, const sapper_param_spec *s)
{
    put_text(o, s->key);
    sapper_wire_put_u32(o, (uint32_t)s->type);
    sapper_wire_put_u32(o, (uint32_t)s->flags);
    put_text(o, s->def);
    sapper_wire_put(o, &s->min, sizeof s->min);
    sapper_wire_put(o, &s->max, sizeof s->max);
    put_text(o, s->choices);
    put_text(o, s->help);
}

static void put_descriptor(sapper_wire_out *o, const sapper_descriptor *d)
{
    sapper_wire_put_u32(o, d != NULL);
    if (!d)
        return;
    sapper_descriptor c;   /* the members this host knows */
    memset(&c, 0, sizeof c);
    memcpy(&c, d, d->struct_size < sizeof c ? d->struct_size : sizeof c);
    uint32_t v[] = {c.struct_size, c.abi_major, c.abi_minor, (uint32_t)c.kind,
                    (uint32_t)c.reserved};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        sapper_wire_put_u32(o, v[i]);
    const char *texts[] = {c.id, c.name, c.version, c.summary, c.family};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        put_text(o, texts[i]);
    uint32_t n = c.params ? c.param_count : 0;
    size_t stride = c.param_spec_size ? c.param_spec_size : SAPPER_PARAM_SPEC_SIZE_1_0;
    sapper_wire_put_u32(o, c.param_count);
    sapper_wire_put_u32(o, c.params != NULL);
    for (uint32_t i = 0; i < n && i < 4096; i++) {   /* at the plugin's stride */
        sapper_param_spec spec;
        memset(&spec, 0, sizeof spec);
        memcpy(&spec, (const char *)c.params + i * stride,
               stride < sizeof spec ? stride : sizeof spec);
        put_param(o, &spec);
    }
    put_table(o, c.rules, offsetof(sapper_rules_api, game_new), sizeof(sapper_rules_api));
    put_table(o, c.bot, offsetof(sapper_bot_api, bot_new), offsetof(sapper_bot_api, flags));
    sapper_wire_put_u32(o, c.family_version);
    sapper_wire_put_u32(o, bot_flags(c.bot));
}

static void put_manifest(sapper_wire_out *o, const sapper_manifest *m)
{
    sapper_wire_put_u32(o, 0);   /* status: described */
    sapper_wire_put_u32(o, m->struct_size);
    sapper_wire_put_u32(o, m->abi_major);
    sapper_wire_put_u32(o, m->abi_minor);
    uint32_t n = m->descriptors ? m->count : 0;
    sapper_wire_put_u32(o, m->count);
    sapper_wire_put_u32(o, m->descriptors != NULL);
    for (uint32_t i = 0; i < n && i < 1024; i++)
        put_descriptor(o, m->descriptors[i]);
}

static void put_failure(sapper_wire_out *o, const char *why)
{
    sapper_wire_clear(o);
    sapper_wire_put_u32(o, 1);
    put_text(o, why);
}

static void describe_child(const char *path, int out)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (dup2(out, 3) < 0 || sapper_lockdown_null_stdio())
        _exit(127);
    close_range(4, ~0U, 0);
    sapper_wire_out o = {0};
    char err[512];
    sapper_lockdown_limits lim = {.memory_mb = 4096, .cpu_seconds = DESCRIBE_SECONDS};
    void *h = NULL;
    sapper_entry_fn entry = NULL;
    const sapper_manifest *m = NULL;
    if (sapper_lockdown_before_load(path, &lim, err, sizeof err) &&
        !getenv("SAPPER_NO_LOCKDOWN"))   /* valgrind cannot run seccomp filters */
        put_failure(&o, err);
    else if (!(h = dlopen(path, RTLD_NOW | RTLD_LOCAL)))
        put_failure(&o, dlerror());
    else if (!(*(void **)&entry = dlsym(h, SAPPER_ENTRY_SYMBOL)))
        put_failure(&o, "no entry symbol " SAPPER_ENTRY_SYMBOL " (is it a Sapper "
                    "plugin, built with SAPPER_PLUGIN_ENTRY?)");
    else if (!(m = entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR)))
        sapper_wire_put_u32(&o, 2);   /* the plugin refused this host */
    else
        put_manifest(&o, m);
    if (!o.failed)
        sapper_wire_write_all(3, o.data, o.len);
    _exit(0);
}

/* ---- this side: run the child, read its bytes ---------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads everything the child writes until it closes, or the deadline. 0,
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

static sapper_status run_child(const char *path, sapper_wire_out *in, char *err,
                               size_t errcap)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        snprintf(err, errcap, "%s: cannot describe: %s", path, strerror(errno));
        return SAPPER_ERR_STATE;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        describe_child(path, fds[1]);
    close(fds[1]);
    int got = pid < 0 ? -1 : read_description(fds[0], in, now() + DESCRIBE_SECONDS);
    close(fds[0]);
    int status = 0;
    if (pid > 0) {
        kill(pid, SIGKILL);   /* it has said all it may say */
        waitpid(pid, &status, 0);
    }
    const char *why = pid < 0 ? "cannot start a process to load it"
        : got == -2 ? "it took more than 10 s to load"
        : got == -1 ? "its manifest is larger than 16 MiB"
        : WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS && in->len == 0
            ? "its code made a forbidden system call while loading (a constructor?)"
        : in->len == 0 ? "its code crashed or exited while loading" : NULL;
    if (why) {
        snprintf(err, errcap, "%s: cannot load: %s", path, why);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

/* ---- rebuilding the manifest ------------------------------------------- */

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
    uint32_t size = sapper_wire_get_u32(in);   /* what the child copied */
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
    if (status == 1) {
        const char *why = get_text(d, in);
        snprintf(err, errcap, "%s: cannot load: %s", path, why ? why : "?");
        return SAPPER_ERR_PARAM;
    }
    if (status == 2) {
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

sapper_status sapper_describe_file(const char *path, sapper_description **out,
                                   char *err, size_t errcap)
{
    sapper_wire_out bytes = {0};
    sapper_status st = run_child(path, &bytes, err, errcap);
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
