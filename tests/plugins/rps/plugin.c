/*
 * plugin.c - ABI glue for the rps test rules: parameter, descriptor, entry.
 * The rules are in rps.c.
 */
#include "rps.h"

static const sapper_param_spec rps_params[] = {
    {
        .key = "rounds",
        .type = SAPPER_PARAM_INT,
        .def = "3",
        .min = 1,
        .max = 99,
        .help = "best of this many throws",
    },
};

static const sapper_descriptor rps_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_RULES,
    .id = "rps",
    .name = "Rock-paper-scissors",
    .version = "1.0.0",
    .summary = "Two seats throw at once, best of N (a test game)",
    .family = RPS_FAMILY,
    .params = rps_params,
    .param_count = sizeof rps_params / sizeof rps_params[0],
    .rules = &rps_rules_api,
};

static const sapper_descriptor *const rps_descriptors[] = { &rps_descriptor };

static const sapper_manifest rps_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = rps_descriptors,
};

SAPPER_PLUGIN_ENTRY(rps)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &rps_manifest : NULL;
}
