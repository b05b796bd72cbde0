/*
 * bad_abi.c - DELIBERATELY BROKEN test plugin: its manifest and descriptor
 * claim ABI major 99, and its entry ignores the host's version and returns
 * them anyway, so the loader must check the numbers itself and refuse,
 * naming both versions.
 */
#include "test_bot.h"

#define BAD_ABI_MAJOR 99

static const sapper_bot_api bad_abi_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = test_bot_new,
    .bot_free = test_bot_free,
    .step = test_bot_first_legal,
};

static const sapper_descriptor bad_abi_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = BAD_ABI_MAJOR,
    .abi_minor = 0,
    .kind = SAPPER_KIND_BOT,
    .id = "bad_abi",
    .name = "Bad ABI",
    .version = "1.0.0",
    .summary = "Claims ABI 99.0 (a broken test plugin)",
    .family = SAPPER_MINES_FAMILY,
    .bot = &bad_abi_api,
};

static const sapper_descriptor *const bad_abi_descriptors[] = {
    &bad_abi_descriptor,
};

static const sapper_manifest bad_abi_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = BAD_ABI_MAJOR,
    .abi_minor = 0,
    .count = 1,
    .descriptors = bad_abi_descriptors,
};

SAPPER_PLUGIN_ENTRY(bad_abi)
{
    (void)host_major;   /* the bug: it should refuse a host it cannot serve */
    (void)host_minor;
    return &bad_abi_manifest;
}
