/*
 * config_find.h - finding a config by name: `sapper play seeker` or
 * `sapper run classic-bots` when no such file is in the current directory
 * read the config of that name installed with sapper
 * (<prefix>/share/sapper/config, found from where the executable is, so a
 * moved install still finds its own), or in a build tree the source's
 * config/ directory. Also where plugins and configs are searched, for
 * `sapper --version`.
 */
#ifndef SAPPER_CONFIG_FIND_H
#define SAPPER_CONFIG_FIND_H

#include <stddef.h>

/** The directory of the running executable into buf. */
void config_exe_dir(char *buf, size_t cap);

/** 1 when the running executable is the one of a build tree (its
 *  directory holds CMakeCache.txt): only then are the source's config/
 *  and the build's plugins/ searched; an installed copy searches only
 *  paths relative to where it is installed. */
int config_build_tree(void);

/** The directories searched for configs by name, in order, separated by
 *  ':' into buf (existing ones only). */
void config_search_dirs(char *buf, size_t cap);

/** Where `given` (a CONFIG argument) is: 0 when it names a file as it is
 *  (out = given); 1 when it is the name of a config in a search directory
 *  (out = that file; msg says which file is used); -1 when neither (msg
 *  says so and lists the configs there are). */
int config_find(const char *given, char *out, size_t cap, char *msg,
                size_t msgcap);

#endif
