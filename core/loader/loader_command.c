/*
 * loader_command.c - process bots in the registry
 * (sapper_registry_add_command): a bot whose descriptor is made from its
 * handshake instead of a manifest, whose `file` is its program file (so
 * the results fingerprint the program), and which has no code to open:
 * the sandbox runs it (core/sandbox/), so every seat it plays is driven.
 */
#include "loader_internal.h"

#include <stdio.h>

/* id, or id-2, id-3 ... : the first no bot has. */
static void unique_id(const sapper_registry *reg, const char *id, char *out, size_t cap)
{
    snprintf(out, cap, "%s", id);
    for (int n = 2; sapper_registry_find(reg, out, SAPPER_KIND_BOT) && n < 1000; n++)
        snprintf(out, cap, "%s-%d", id, n);
}

static int keep_command(sapper_registry *reg, sapper_command *cmd)
{
    if (!loader_grow((void **)&reg->commands, &reg->ccap, reg->ncommands + 1,
                     sizeof *reg->commands))
        return 0;
    reg->commands[reg->ncommands++] = cmd;
    return 1;
}

sapper_status sapper_registry_add_command(sapper_registry *reg, sapper_command *cmd,
                                          const char *id, const char *name,
                                          const char *version, const char *author,
                                          const char *family, const sapper_plugin **out,
                                          char *err, size_t errcap)
{
    char unique[64], summary[512];
    *out = NULL;
    if (!keep_command(reg, cmd)) {
        sapper_command_free(cmd);
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    unique_id(reg, id, unique, sizeof unique);
    snprintf(summary, sizeof summary, "process bot%s%s: %s", *author ? " by " : "",
             author, cmd->text);
    if (!loader_grow((void **)&reg->plugins, &reg->cap, reg->count + 1,
                     sizeof(sapper_plugin))) {
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    sapper_plugin *p = &reg->plugins[reg->count];
    *p = (sapper_plugin){0};
    p->desc.struct_size = sizeof p->desc;
    p->desc.abi_major = SAPPER_ABI_MAJOR;
    p->desc.abi_minor = SAPPER_ABI_MINOR;
    p->desc.kind = SAPPER_KIND_BOT;
    p->desc.id = loader_keep_string(reg, unique);
    p->desc.name = loader_keep_string(reg, *name ? name : unique);
    p->desc.version = loader_keep_string(reg, *version ? version : "-");
    p->desc.summary = loader_keep_string(reg, summary);
    p->desc.family = loader_keep_string(reg, family);
    p->file = cmd->program;
    p->owner = reg;
    p->command = cmd;
    if (!p->desc.id || !p->desc.name || !p->desc.version || !p->desc.summary ||
        !p->desc.family) {
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    reg->count++;
    *out = p;
    return SAPPER_OK;
}
