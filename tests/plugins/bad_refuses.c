/*
 * bad_refuses.c - test plugin whose entry point refuses every host (returns
 * NULL), as a plugin built for another ABI major would. The loader must
 * report the refusal and go on with the other plugins.
 */
#include "sapper/plugin.h"

SAPPER_PLUGIN_ENTRY(bad_refuses)
{
    (void)host_major;
    (void)host_minor;
    return NULL;
}
