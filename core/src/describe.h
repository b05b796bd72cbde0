/*
 * describe.h - reading a plugin's manifest without running its code in
 * this process. A child process, locked down as a sandboxed bot is before
 * its load (core/sandbox/lockdown.h), loads the shared object, serialises
 * its manifest and exits; this side rebuilds the manifest from those bytes
 * alone. So code that runs when a plugin is loaded (ELF constructors) runs
 * in the child, never in the engine, until the engine chooses to load the
 * plugin itself (loader.c: a selected rules plugin, an unsandboxed bot).
 *
 * The rebuilt manifest's function tables say only which members the plugin
 * has: every present member points at a stand-in that must never be
 * called. loader.c validates it as it validates a loaded manifest, then
 * clears the tables until the plugin is opened.
 */
#ifndef SAPPER_DESCRIBE_H
#define SAPPER_DESCRIBE_H

#include "sapper/plugin.h"

typedef struct sapper_description sapper_description;

/** Describes the shared object at path. On success *out owns the rebuilt
 *  manifest (sapper_description_manifest) and every string it points at.
 *  On failure err says why, naming the file: it could not be loaded, it
 *  crashed, broke the sandbox or took too long while loading. */
sapper_status sapper_describe_file(const char *path, sapper_description **out,
                                   char *err, size_t errcap);
const sapper_manifest *sapper_description_manifest(const sapper_description *d);
void sapper_description_free(sapper_description *d);

#endif
