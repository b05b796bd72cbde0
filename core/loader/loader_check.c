/*
 * loader_check.c - checking a plugin's descriptor against this host before
 * anything of it is called: the ABI major version, the id, the names, the
 * parameter table (copied to this host's stride when built with another
 * size) and the rules or bot table with its required functions, each table
 * copied into a host-sized, zero-extended struct so members an older minor
 * version lacks read as NULL. It opens no file (loader_files.c) and keeps
 * no plugin (loader.c).
 */
#include "loader_internal.h"
#include "params.h"

#include <stdio.h>

static int id_is_valid(const char *id)
{
    if (!id || !*id)
        return 0;
    for (const char *p = id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
              *p == '_' || *p == '-'))
            return 0;
    return 1;
}

/* Copies a plugin-sized struct into a zeroed host-sized one. */
static void copy_sized(void *dst, size_t host_size, const void *src,
                       uint32_t plugin_size)
{
    memset(dst, 0, host_size);
    memcpy(dst, src, plugin_size < host_size ? plugin_size : host_size);
}

#define REQUIRE_FN(table, member)                                          \
    do {                                                                   \
        if (!(table).member) {                                             \
            snprintf(err, errcap, "%s \"%s\" lacks required function %s", \
                     sapper_kind_name(d->kind), d->id, #member);           \
            return SAPPER_ERR_PARAM;                                       \
        }                                                                  \
    } while (0)

static sapper_status check_rules(const sapper_descriptor *d, sapper_plugin *p,
                                 char *err, size_t errcap)
{
    if (!d->rules || d->rules->struct_size < offsetof(sapper_rules_api, game_new)) {
        snprintf(err, errcap, "rules \"%s\" has no rules table", d->id);
        return SAPPER_ERR_PARAM;
    }
    copy_sized(&p->rules, sizeof p->rules, d->rules, d->rules->struct_size);
    REQUIRE_FN(p->rules, game_new);
    REQUIRE_FN(p->rules, game_free);
    REQUIRE_FN(p->rules, game_info);
    REQUIRE_FN(p->rules, state_new);
    REQUIRE_FN(p->rules, state_clone);
    REQUIRE_FN(p->rules, state_free);
    REQUIRE_FN(p->rules, current_player);
    REQUIRE_FN(p->rules, legal_actions);
    REQUIRE_FN(p->rules, returns);
    REQUIRE_FN(p->rules, observe);
    REQUIRE_FN(p->rules, action_to_text);
    REQUIRE_FN(p->rules, text_to_action);
    REQUIRE_FN(p->rules, render_text);
    if (!p->rules.apply_action && !p->rules.apply_joint) {
        snprintf(err, errcap,
                 "rules \"%s\" lacks required function apply_action "
                 "(or apply_joint)", d->id);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

static sapper_status check_bot(const sapper_descriptor *d, sapper_plugin *p,
                               char *err, size_t errcap)
{
    if (!d->bot || d->bot->struct_size < offsetof(sapper_bot_api, bot_new)) {
        snprintf(err, errcap, "bot \"%s\" has no bot table", d->id);
        return SAPPER_ERR_PARAM;
    }
    copy_sized(&p->bot, sizeof p->bot, d->bot, d->bot->struct_size);
    REQUIRE_FN(p->bot, bot_new);
    REQUIRE_FN(p->bot, bot_free);
    REQUIRE_FN(p->bot, step);
    return SAPPER_OK;
}

/* A plugin built with another sapper_param_spec size: its table copied
   into one of this host's stride, each entry zero-extended; the registry
   owns the copy. */
static sapper_status host_stride_params(sapper_registry *reg, sapper_plugin *p,
                                        char *err, size_t errcap)
{
    uint32_t stride = p->desc.param_spec_size ? p->desc.param_spec_size
                                              : SAPPER_PARAM_SPEC_SIZE_1_0;
    if (stride == sizeof(sapper_param_spec) || !p->desc.params || !p->desc.param_count) {
        p->desc.param_spec_size = sizeof(sapper_param_spec);
        return SAPPER_OK;
    }
    if (stride < SAPPER_PARAM_SPEC_SIZE_1_0 || p->desc.param_count > 4096) {
        snprintf(err, errcap, "\"%s\": param_spec_size %u: expected at least %u",
                 p->desc.id, stride, SAPPER_PARAM_SPEC_SIZE_1_0);
        return SAPPER_ERR_PARAM;
    }
    sapper_param_spec *host = calloc(p->desc.param_count, sizeof *host);
    if (!host || !loader_grow((void **)&reg->specs, &reg->scap, reg->nspecs + 1,
                              sizeof *reg->specs)) {
        free(host);
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_PARAM;
    }
    for (uint32_t i = 0; i < p->desc.param_count; i++)
        copy_sized(&host[i], sizeof host[i],
                   (const char *)p->desc.params + (size_t)i * stride, stride);
    reg->specs[reg->nspecs++] = host;
    p->desc.params = host;
    p->desc.param_spec_size = sizeof *host;
    return SAPPER_OK;
}

sapper_status loader_check_descriptor(sapper_registry *reg, const sapper_descriptor *d,
                                      sapper_plugin *p, char *err, size_t errcap)
{
    if (!d || d->struct_size < offsetof(sapper_descriptor, params)) {
        snprintf(err, errcap, "descriptor is missing or too small");
        return SAPPER_ERR_PARAM;
    }
    copy_sized(&p->desc, sizeof p->desc, d, d->struct_size);
    d = &p->desc;
    if (d->abi_major != SAPPER_ABI_MAJOR) {
        snprintf(err, errcap,
                 "descriptor \"%s\" was built for ABI %u.%u, this host has "
                 "ABI %d.%d (the major versions must match)",
                 d->id ? d->id : "?", d->abi_major, d->abi_minor,
                 SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
        return SAPPER_ERR_PARAM;
    }
    if (!id_is_valid(d->id)) {
        snprintf(err, errcap, "descriptor id \"%s\" is not [a-z0-9_-]+",
                 d->id ? d->id : "(null)");
        return SAPPER_ERR_PARAM;
    }
    if (!d->name || !d->version || !d->summary || !d->family || !*d->family) {
        snprintf(err, errcap, "\"%s\" lacks a name, version, summary or family",
                 d->id);
        return SAPPER_ERR_PARAM;
    }
    if (host_stride_params(reg, p, err, errcap) != SAPPER_OK)
        return SAPPER_ERR_PARAM;
    if (sapper_spec_check(d->params, d->param_count, err, errcap) != SAPPER_OK) {
        char why[256];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errcap, "\"%s\" has a bad parameter spec: %s", d->id, why);
        return SAPPER_ERR_PARAM;
    }
    if (d->kind == SAPPER_KIND_RULES)
        return check_rules(d, p, err, errcap);
    if (d->kind == SAPPER_KIND_BOT)
        return check_bot(d, p, err, errcap);
    snprintf(err, errcap, "\"%s\" has unknown kind %d (expected 1 rules or 2 bot)",
             d->id, (int)d->kind);
    return SAPPER_ERR_PARAM;
}
