/*
 * describer.c - describer.h: `sapper-bothost --describe PLUGIN_FILE`, the
 * process that reads one plugin's manifest for the engine. It is started
 * by core/loader/describe.c through an exec (helper_exec.h), so it holds
 * nothing of the engine: not its configuration, seeds, layouts or
 * environment; all a plugin's load-time code and entry function can find
 * here is this program and the plugin itself. It locks itself down as a
 * bot process does before its load (lockdown.h), loads the plugin, writes
 * the manifest on descriptor 3 in the format describe.c rebuilds, and
 * exits. It does not validate the manifest (loader.c does, on the other
 * side) and calls nothing of a described table.
 */
#define _GNU_SOURCE
#include "describer.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "describe.h"
#include "lockdown.h"
#include "wire.h"

#define TEXT_MAX 65536           /* the longest string of a manifest */

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
    sapper_wire_put_u32(o, SAPPER_DESCRIBED);
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
    sapper_wire_put_u32(o, SAPPER_DESCRIBE_FAILED);
    put_text(o, why);
}

int sapper_describer_run(const char *plugin_file)
{
    sapper_wire_out o = {0};
    char err[512];
    sapper_lockdown_limits lim = {.memory_mb = 4096,
                                  .cpu_seconds = SAPPER_DESCRIBE_SECONDS};
    void *h = NULL;
    sapper_entry_fn entry = NULL;
    const sapper_manifest *m = NULL;
    if (sapper_lockdown_before_load(plugin_file, &lim, err, sizeof err) &&
        !getenv("SAPPER_NO_LOCKDOWN"))   /* valgrind cannot run seccomp filters */
        put_failure(&o, err);
    else if (!(h = dlopen(plugin_file, RTLD_NOW | RTLD_LOCAL)))
        put_failure(&o, dlerror());
    else if (!(*(void **)&entry = dlsym(h, SAPPER_ENTRY_SYMBOL)))
        put_failure(&o, "no entry symbol " SAPPER_ENTRY_SYMBOL " (is it a Sapper "
                    "plugin, built with SAPPER_PLUGIN_ENTRY?)");
    else if (!(m = entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR)))
        sapper_wire_put_u32(&o, SAPPER_DESCRIBE_REFUSED);
    else
        put_manifest(&o, m);
    if (!o.failed)
        sapper_wire_write_all(SAPPER_DESCRIBE_FD, o.data, o.len);
    return 0;
}
