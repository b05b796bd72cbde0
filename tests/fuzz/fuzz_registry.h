/*
 * fuzz_registry.h - the plugins the fuzz targets play, linked into them
 * (the *_builtin objects) rather than loaded from a directory: no file is
 * read while fuzzing, and libFuzzer sees their coverage from the start.
 */
#ifndef SAPPER_FUZZ_REGISTRY_H
#define SAPPER_FUZZ_REGISTRY_H

#include "loader.h"

/** Every bundled plugin (rules and bots), in one registry made on the
 *  first call and kept for the life of the process. Aborts when a
 *  built-in plugin is refused: no input could be fuzzed without it. */
const sapper_registry *fuzz_registry(void);

#endif
