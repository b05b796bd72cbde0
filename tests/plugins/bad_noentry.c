/*
 * bad_noentry.c - DELIBERATELY BROKEN test plugin: it exports a function,
 * but not sapper_plugin_entry, so the loader must refuse it ("no
 * sapper_plugin_entry"). The exported name is close to the real one, the
 * way a typo would be.
 */
#include "sapper/plugin.h"

__attribute__((visibility("default")))
const sapper_manifest *sapper_plugin_entrypoint(uint32_t host_major,
                                                uint32_t host_minor);

const sapper_manifest *sapper_plugin_entrypoint(uint32_t host_major,
                                                uint32_t host_minor)
{
    (void)host_major;
    (void)host_minor;
    return NULL;
}
