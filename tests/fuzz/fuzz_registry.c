/*
 * fuzz_registry.c - the registry of built-in plugins the fuzz targets
 * share (fuzz_registry.h). It is harness code: aborting on a refused
 * plugin is right here, where a library would return the error.
 */
#include "fuzz_registry.h"

#include <stdio.h>
#include <stdlib.h>

const sapper_manifest *sapper_builtin_classic_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_deductive_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_seeker_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_woodsword_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_random_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_simple_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_hunter_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_prober_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_template_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_woodsword_bot_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_arena_random_entry(uint32_t, uint32_t);

static const struct {
    sapper_entry_fn entry;
    const char *name;
} builtins[] = {
    {sapper_builtin_classic_entry, "classic"},
    {sapper_builtin_deductive_entry, "deductive"},
    {sapper_builtin_seeker_entry, "seeker"},
    {sapper_builtin_woodsword_entry, "woodsword"},
    {sapper_builtin_random_entry, "random"},
    {sapper_builtin_simple_entry, "simple"},
    {sapper_builtin_hunter_entry, "hunter"},
    {sapper_builtin_prober_entry, "prober"},
    {sapper_builtin_template_entry, "template"},
    {sapper_builtin_woodsword_bot_entry, "woodsword-bot"},
    {sapper_builtin_arena_random_entry, "arena-random"},
};

static sapper_registry *make_registry(void)
{
    sapper_registry *reg = sapper_registry_new();
    char err[1024];
    if (!reg) {
        fprintf(stderr, "fuzz_registry: out of memory\n");
        abort();
    }
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
        if (sapper_registry_add_entry(reg, builtins[i].entry, "built-in", err,
                                      sizeof err) != SAPPER_OK) {
            fprintf(stderr, "fuzz_registry: %s refused: %s\n", builtins[i].name, err);
            abort();
        }
    }
    return reg;
}

const sapper_registry *fuzz_registry(void)
{
    static sapper_registry *reg;   /* reachable until exit: not a leak */
    if (!reg)
        reg = make_registry();
    return reg;
}
