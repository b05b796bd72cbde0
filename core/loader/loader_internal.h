/*
 * loader_internal.h - what the files of the plugin registry share and
 * nothing else may see: the registry's struct and the functions one
 * loader*.c file calls in another. loader.c keeps the registry (its
 * plugins, accepting a manifest, looking plugins up); loader_check.c checks
 * a descriptor and its tables against this host's ABI; loader_files.c finds
 * and opens plugin files. Not installed and not included outside
 * core/loader/loader*.c; the public API is loader.h.
 */
#ifndef SAPPER_LOADER_INTERNAL_H
#define SAPPER_LOADER_INTERNAL_H

#include "loader.h"
#include "describe.h"

#include <stdlib.h>
#include <string.h>

struct sapper_registry {
    sapper_plugin *plugins;
    size_t count, cap;
    void **handles;          /* dlopen handles, closed on free */
    size_t nhandles, hcap;
    char **files;            /* owned copies of file names */
    size_t nfiles, fcap;
    char **problems;
    size_t nproblems, pcap;
    sapper_description **descs;   /* what described plugins point into */
    size_t ndescs, dcap;
    sapper_param_spec **specs;    /* parameter tables copied to this host's
                                     stride (host_stride_params) */
    size_t nspecs, scap;
    char *describer;              /* sapper-bothost, which reads manifests
                                     (describe.h); owned, NULL until set */
    char *searched;               /* the directories the search path named,
                                     ':'-separated in order; owned, NULL
                                     until sapper_registry_load_path */
    sapper_command **commands;    /* process bots' programs; owned */
    size_t ncommands, ccap;
};

/* loader.c: *arr grown to hold need items of size (doubling, from 8);
   0 when out of memory (then *arr and *cap are as they were). */
int loader_grow(void **arr, size_t *cap, size_t need, size_t size);
/* loader.c: a copy of s kept until the registry's free (NULL when out
   of memory). */
const char *loader_keep_string(sapper_registry *reg, const char *s);
/* loader.c: validates a whole manifest, found in origin (a file, or a
   built-in's name); accepts all of it or none of it, with err saying why. */
sapper_status loader_add_manifest(sapper_registry *reg, const sapper_manifest *m,
                                  const char *origin, char *err, size_t errcap);

/* loader_check.c: d checked member by member and copied into p (tables
   zero-extended to this host's size, parameters to its stride); err
   says what was expected and what was found. */
sapper_status loader_check_descriptor(sapper_registry *reg, const sapper_descriptor *d,
                                      sapper_plugin *p, char *err, size_t errcap);

#endif
