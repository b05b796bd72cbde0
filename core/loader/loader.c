/*
 * loader.c - the plugin registry: the plugins it accepted and what it owns
 * for them (file names, handles, descriptions, copied tables, problems),
 * accepting a manifest whole or not at all (ids unique per kind), built-in
 * plugins, and looking plugins up (by id, by near miss, by family for a
 * bot). A plugin is trusted with nothing: its descriptors are checked
 * (loader_check.c) before anything is called, and a refusal always names
 * the file. This file opens no file (loader_files.c) and does not create
 * game or bot instances (match_life.c and match_bots.c do).
 */
#include "loader_internal.h"
#include "params.h"

#include <dlfcn.h>
#include <stdio.h>

int loader_grow(void **arr, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 1;
    size_t ncap = *cap ? *cap * 2 : 8;
    while (ncap < need)
        ncap *= 2;
    void *p = realloc(*arr, ncap * size);
    if (!p)
        return 0;
    *arr = p;
    *cap = ncap;
    return 1;
}

sapper_registry *sapper_registry_new(void)
{
    return calloc(1, sizeof(sapper_registry));
}

void sapper_registry_free(sapper_registry *reg)
{
    if (!reg)
        return;
    for (size_t i = 0; i < reg->nhandles; i++)
        dlclose(reg->handles[i]);
    for (size_t i = 0; i < reg->nfiles; i++)
        free(reg->files[i]);
    for (size_t i = 0; i < reg->nproblems; i++)
        free(reg->problems[i]);
    for (size_t i = 0; i < reg->ndescs; i++)
        sapper_description_free(reg->descs[i]);
    free(reg->descs);
    for (size_t i = 0; i < reg->nspecs; i++)
        free(reg->specs[i]);
    free(reg->specs);
    for (size_t i = 0; i < reg->ncommands; i++)
        sapper_command_free(reg->commands[i]);
    free(reg->commands);
    free(reg->describer);
    free(reg->searched);
    free(reg->plugins);
    free(reg->handles);
    free(reg->files);
    free(reg->problems);
    free(reg);
}

int sapper_plugin_can_play(const sapper_plugin *bot, const sapper_plugin *rules,
                           char *why, size_t whycap)
{
    uint32_t need = bot->desc.family_version ? bot->desc.family_version : 1;
    uint32_t have = rules->desc.family_version ? rules->desc.family_version : 1;
    if (strcmp(bot->desc.family, rules->desc.family) != 0)
        snprintf(why, whycap, "\"%s\" plays the %s family, but rules \"%s\" are of "
                 "the %s family", bot->desc.id, bot->desc.family, rules->desc.id,
                 rules->desc.family);
    else if (need > have)
        snprintf(why, whycap, "\"%s\" needs the %s family at version %u, but rules "
                 "\"%s\" %s write version %u", bot->desc.id, bot->desc.family, need,
                 rules->desc.id, rules->desc.version, have);
    else
        return 1;
    return 0;
}

const char *sapper_kind_name(int32_t kind)
{
    return kind == SAPPER_KIND_RULES ? "rules"
         : kind == SAPPER_KIND_BOT   ? "bot" : "unknown";
}

const char *loader_keep_string(sapper_registry *reg, const char *file)
{
    if (!loader_grow((void **)&reg->files, &reg->fcap, reg->nfiles + 1, sizeof(char *)))
        return NULL;
    char *copy = strdup(file);
    if (copy)
        reg->files[reg->nfiles++] = copy;
    return copy;
}

/* Validates a whole manifest; accepts all of it or none of it. */
sapper_status loader_add_manifest(sapper_registry *reg, const sapper_manifest *m,
                                  const char *origin, char *err, size_t errcap)
{
    char why[512] = "";
    if (!m) {
        snprintf(err, errcap, "%s: the plugin refused this host (ABI %d.%d)",
                 origin, SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
        return SAPPER_ERR_PARAM;
    }
    if (m->struct_size < SAPPER_MANIFEST_SIZE_1_0 || m->abi_major != SAPPER_ABI_MAJOR) {
        snprintf(err, errcap,
                 "%s: plugin built for ABI %u.%u, this host has ABI %d.%d "
                 "(the major versions must match)", origin, m->abi_major,
                 m->abi_minor, SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
        return SAPPER_ERR_PARAM;
    }
    if (m->count == 0 || !m->descriptors) {
        snprintf(err, errcap, "%s: the manifest lists no plugins", origin);
        return SAPPER_ERR_PARAM;
    }
    if (!loader_grow((void **)&reg->plugins, &reg->cap, reg->count + m->count,
                     sizeof(sapper_plugin)))
        return SAPPER_ERR_NOMEM;
    const char *file = loader_keep_string(reg, origin);
    if (!file)
        return SAPPER_ERR_NOMEM;
    for (uint32_t i = 0; i < m->count; i++) {
        sapper_plugin *p = &reg->plugins[reg->count + i];
        *p = (sapper_plugin){0};   /* members the descriptor does not set: NULL */
        if (loader_check_descriptor(reg, m->descriptors[i], p, why, sizeof why) != SAPPER_OK) {
            snprintf(err, errcap, "%s: %s", origin, why);
            return SAPPER_ERR_PARAM;
        }
        /* ids are unique per kind: the woodsword rules and the woodsword
           bot may share a name, two bots may not */
        const sapper_plugin *other = sapper_registry_find(reg, p->desc.id, p->desc.kind);
        for (uint32_t j = 0; !other && j < i; j++)
            if (strcmp(reg->plugins[reg->count + j].desc.id, p->desc.id) == 0 &&
                reg->plugins[reg->count + j].desc.kind == p->desc.kind)
                other = &reg->plugins[reg->count + j];
        if (other) {
            snprintf(err, errcap, "%s: duplicate %s id \"%s\" (already loaded from %s)",
                     origin, sapper_kind_name(p->desc.kind), p->desc.id,
                     other->file ? other->file : origin);
            return SAPPER_ERR_PARAM;
        }
        p->file = file;
        p->owner = reg;
        p->opened = 1;
        p->fingerprint[0] = '\0';
    }
    reg->count += m->count;
    return SAPPER_OK;
}

sapper_status sapper_registry_add_entry(sapper_registry *reg,
                                        sapper_entry_fn entry,
                                        const char *origin,
                                        char *err, size_t errcap)
{
    return loader_add_manifest(reg, entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR), origin,
                               err, errcap);
}

size_t sapper_registry_count(const sapper_registry *reg)
{
    return reg->count;
}

const sapper_plugin *sapper_registry_at(const sapper_registry *reg, size_t i)
{
    return i < reg->count ? &reg->plugins[i] : NULL;
}

const sapper_plugin *sapper_registry_find(const sapper_registry *reg,
                                          const char *id, int32_t kind)
{
    for (size_t i = 0; i < reg->count; i++)
        if (strcmp(reg->plugins[i].desc.id, id) == 0 &&
            (kind == 0 || reg->plugins[i].desc.kind == kind))
            return &reg->plugins[i];
    return NULL;
}

size_t sapper_registry_problem_count(const sapper_registry *reg)
{
    return reg->nproblems;
}

const char *sapper_registry_problem(const sapper_registry *reg, size_t i)
{
    return i < reg->nproblems ? reg->problems[i] : NULL;
}

/* "DIR/NAME.so: why": whether NAME is id. */
static int refusal_names(const char *problem, const char *id)
{
    const char *colon = strstr(problem, ".so: ");
    if (!colon)
        return 0;
    const char *base = colon;
    while (base > problem && base[-1] != '/')
        base--;
    size_t n = strlen(id);
    return (size_t)(colon - base) == n && strncmp(base, id, n) == 0;
}

const char *sapper_registry_refusal(const sapper_registry *reg, const char *id)
{
    for (size_t i = 0; i < reg->nproblems; i++)
        if (refusal_names(reg->problems[i], id))
            return reg->problems[i];
    return NULL;
}

const char *sapper_registry_suggest(const sapper_registry *reg, const char *id,
                                    int32_t kind)
{
    const char *best = NULL;
    size_t best_d = 3;   /* only near misses */
    for (size_t i = 0; i < sapper_registry_count(reg); i++) {
        const sapper_plugin *p = sapper_registry_at(reg, i);
        size_t d = p->desc.kind == kind ? sapper_edit_distance(id, p->desc.id) : 99;
        if (d < best_d) {
            best_d = d;
            best = p->desc.id;
        }
    }
    return best;
}
