/*
 * loader.h - the plugin registry: loads shared objects (dlopen), performs
 * the handshake, validates every descriptor and keeps the accepted ones.
 * Built-in plugins (linked into the binary) go through the same checks.
 */
#ifndef SAPPER_LOADER_H
#define SAPPER_LOADER_H

#include "sapper/plugin.h"

/** One accepted plugin. Tables are copied into host-sized, zero-extended
 *  structs, so members a plugin's older minor version lacks read as NULL. */
typedef struct sapper_registry sapper_registry;

/** A process bot's program (docs/PROTOCOL.md): what the engine runs for a
 *  seat whose config names a `command` (command.c). Owned by whoever made
 *  it with sapper_command_parse, then by the registry. */
typedef struct sapper_command {
    char *text;          /* the command as the config wrote it */
    char *cwd;           /* absolute: where it starts */
    char *exec;          /* the executable run, absolute: the first word
                            found on PATH, or a script's interpreter */
    char **argv;         /* what it is given, NULL-ended: a script's
                            interpreter line first */
    char *program;       /* the program file, absolute: the first word that
                            names a file in cwd after an interpreter's name,
                            else the executable; fingerprinted, and its
                            directory readable in the sandbox */
    char *program_dir;   /* its directory */
    uint32_t families;   /* what its handshake declared (protocol.h bits);
                            0 when it was not started (a record read back) */
} sapper_command;

/** What a process bot says of itself in its handshake (each may be ""). */
typedef struct sapper_command_info {
    char id[33], name[65], version[33], author[65];
} sapper_command_info;

typedef struct sapper_plugin {
    sapper_descriptor desc;
    sapper_rules_api rules;   /* zeroed for bots, and until opened  */
    sapper_bot_api bot;       /* zeroed for rules, and until opened */
    const char *file;         /* the .so path, or "built-in"; owned by the registry */
    int opened;               /* its code is loaded in this process */
    sapper_registry *owner;
    char fingerprint[40];     /* its file's hash once asked (provenance.h) */
    const sapper_command *command;   /* a process bot: its program, owned by
                                        the registry; NULL for a plugin */
} sapper_plugin;

/** New empty registry; NULL when out of memory. The caller frees it. */
sapper_registry *sapper_registry_new(void);
/** Frees the registry and closes its shared objects: every plugin pointer
 *  and every instance made from them must be gone by then. */
void sapper_registry_free(sapper_registry *reg);

/** Tells the registry the path of sapper-bothost, whose --describe mode
 *  reads a plugin file's manifest (describe.h); the registry keeps a copy
 *  (helper is borrowed for the call). Set it before sapper_registry_load_file,
 *  _load_dir or _load_path: without it they read no file (each says so).
 *  A registry only for sapper_registry_load_code or _add_entry needs none.
 *  SAPPER_OK, or SAPPER_ERR_NOMEM (the earlier path, if any, is kept). */
sapper_status sapper_registry_set_describer(sapper_registry *reg, const char *helper);

/** Describes one shared object: its manifest is read by the registry's
 *  describer, a process exec'ed for it that holds nothing of this one and
 *  is locked down (describe.h), so none of its code runs here; its plugins
 *  are listed but not opened. On refusal (also: no describer was set)
 *  returns an error status and a message naming the file and the reason;
 *  nothing of it is kept. */
sapper_status sapper_registry_load_file(sapper_registry *reg, const char *path,
                                        char *err, size_t errcap);
/** Loads one shared object into this process (dlopen) and opens its
 *  plugins at once: for sapper-bothost, which holds that one bot. */
sapper_status sapper_registry_load_code(sapper_registry *reg, const char *path,
                                        char *err, size_t errcap);
/** Loads the code of a described plugin into this process, so its tables
 *  can be called: the rules a game uses, a bot that plays unsandboxed.
 *  Checks that the file still holds the plugin it described. Opening an
 *  open plugin does nothing. */
sapper_status sapper_plugin_open(const sapper_plugin *p, char *err, size_t errcap);
/** Adds a plugin linked into the binary (origin names it in listings). */
sapper_status sapper_registry_add_entry(sapper_registry *reg,
                                        sapper_entry_fn entry,
                                        const char *origin,
                                        char *err, size_t errcap);
/** Loads every *.so of a directory in name order. Refused files are noted
 *  (see sapper_registry_problem) and skipped. A missing directory is not an
 *  error. Returns the number of plugins accepted. */
size_t sapper_registry_load_dir(sapper_registry *reg, const char *dir);

/** Loads the search path in order: each entry of path_list (':'-separated,
 *  may be NULL), then each of env_list (likewise), then default_dir. An id
 *  found twice keeps the first and notes the second as a problem. */
void sapper_registry_load_path(sapper_registry *reg, const char *path_list,
                               const char *env_list, const char *default_dir);
/** The directories sapper_registry_load_path was given, in the order
 *  searched, ':'-separated (as a plugin_path is written): what a message
 *  about a plugin not found says was searched. "" before any load_path
 *  (or when out of memory); owned by the registry. */
const char *sapper_registry_searched(const sapper_registry *reg);

/* Plugin pointers stay valid until the next load or the registry's free:
   load everything first, then look up. */
size_t sapper_registry_count(const sapper_registry *reg);
const sapper_plugin *sapper_registry_at(const sapper_registry *reg, size_t i);
/** The plugin with this id and kind (0: the first of any kind), or NULL.
 *  Ids are unique per kind. */
const sapper_plugin *sapper_registry_find(const sapper_registry *reg,
                                          const char *id, int32_t kind);
/** The id of kind nearest to id (a typo: at most 2 edits away), for a
 *  "did you mean" after a failed find, or NULL. */
const char *sapper_registry_suggest(const sapper_registry *reg, const char *id,
                                    int32_t kind);

/** Refusals noted while loading directories, one message each. */
size_t sapper_registry_problem_count(const sapper_registry *reg);
const char *sapper_registry_problem(const sapper_registry *reg, size_t i);
/** The refusal of a plugin file named like id (id.so, as a plugin of
 *  that id is most often built), or NULL: why a find of id failed. */
const char *sapper_registry_refusal(const sapper_registry *reg, const char *id);

/** Whether bot may play rules: the same family, and the rules' family
 *  version at least the one the bot needs. When not, why says so. */
int sapper_plugin_can_play(const sapper_plugin *bot, const sapper_plugin *rules,
                           char *why, size_t whycap);

/** Splits text into words as a shell would without one (spaces separate,
 *  '...' and "..." group, a backslash escapes the next character; no
 *  variables, no globbing), finds the first word on PATH (or relative to
 *  cwd when it holds a '/'), and reads a script's `#!` line (`#!/usr/bin/env
 *  NAME` finds NAME on PATH). cwd must be absolute. On success *out is a
 *  new command (free it with sapper_command_free unless the registry took
 *  it); on error err says what was expected and what was found. */
sapper_status sapper_command_parse(const char *text, const char *cwd,
                                   sapper_command **out, char *err, size_t errcap);
void sapper_command_free(sapper_command *c);

/** Adds a process bot playing family under id (made unique: "-2", "-3"
 *  ... appended when a plugin has it), with the handshake's name, version
 *  and author (each may be ""); the registry takes cmd, also on failure.
 *  The new plugin into *out (valid until the next load or add). */
sapper_status sapper_registry_add_command(sapper_registry *reg, sapper_command *cmd,
                                          const char *id, const char *name,
                                          const char *version, const char *author,
                                          const char *family, const sapper_plugin **out,
                                          char *err, size_t errcap);

/** "rules" or "bot". */
const char *sapper_kind_name(int32_t kind);

#endif
