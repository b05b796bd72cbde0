/*
 * describe.h - reading a plugin's manifest without running its code in
 * this process. The manifest reader, `sapper-bothost --describe FILE`
 * (core/bothost/describer.c), is started with fork and exec, so it holds
 * nothing of this process (helper_exec.h); locked down as a sandboxed bot
 * is before its load (core/helper/lockdown.h), it loads the shared
 * object, serialises its manifest and exits; this side rebuilds the
 * manifest from those bytes alone. So code that runs when a plugin is
 * loaded (ELF constructors, its entry function) runs in a process that
 * has seen no configuration, seed or layout, never in the engine, until
 * the engine chooses to load the plugin itself (loader_files.c: a
 * selected rules plugin, an unsandboxed bot). Parameter defaults come from there
 * too, so a plugin cannot smuggle anything of the engine into them.
 *
 * The rebuilt manifest's function tables say only which members the plugin
 * has: every present member points at a stand-in that must never be
 * called. loader_check.c validates it as it validates a loaded manifest,
 * then loader_files.c clears the tables until the plugin is opened.
 */
#ifndef SAPPER_DESCRIBE_H
#define SAPPER_DESCRIBE_H

#include "sapper/plugin.h"

/* What the reader and this side agree on. The reader writes one
   description on SAPPER_DESCRIBE_FD and exits, within
   SAPPER_DESCRIBE_SECONDS (wall clock here, CPU time there). A
   description opens with a status word: SAPPER_DESCRIBED (the manifest
   follows), SAPPER_DESCRIBE_FAILED (a string says why) or
   SAPPER_DESCRIBE_REFUSED (the entry function returned NULL). */
#define SAPPER_DESCRIBE_FD 3
#define SAPPER_DESCRIBE_SECONDS 10
#define SAPPER_DESCRIBED 0
#define SAPPER_DESCRIBE_FAILED 1
#define SAPPER_DESCRIBE_REFUSED 2

typedef struct sapper_description sapper_description;

/** Describes the shared object at path with the manifest reader at reader
 *  (the path of sapper-bothost; both borrowed for the call). On success
 *  *out owns the rebuilt manifest (sapper_description_manifest) and every
 *  string it points at. On failure err says why, naming the file: the
 *  reader cannot be run, or the plugin could not be loaded, crashed,
 *  broke the sandbox or took too long while loading. */
sapper_status sapper_describe_file(const char *reader, const char *path,
                                   sapper_description **out, char *err, size_t errcap);
const sapper_manifest *sapper_description_manifest(const sapper_description *d);
void sapper_description_free(sapper_description *d);

#endif
