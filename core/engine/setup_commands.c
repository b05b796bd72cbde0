/*
 * setup_commands.c - the process bots a config names
 * (sapper_setup_add_commands): each [player.N] or [entrant.NAME] section
 * with `command = ...` (and `cwd = ...`) becomes a bot in the registry,
 * started once by the caller's probe for its handshake, so that a program
 * that cannot play is named before any game with what it lacked; the
 * section then reads `bot = ID` for the rest of the setup and for the
 * tournament, which know no commands.
 */
#define _GNU_SOURCE
#include "setup.h"
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_seat_section(const char *name)
{
    return strncmp(name, "player.", 7) == 0 || strncmp(name, "entrant.", 8) == 0;
}

/* The directory a relative cwd starts from: the config file's, or the
   current one for the command line. */
static int base_dir(const sapper_config_entry *e, char *out)
{
    char file[PATH_MAX];
    if (e->origin && strcmp(e->origin, "command line") != 0 && realpath(e->origin, file)) {
        char *slash = strrchr(file, '/');
        if (slash)
            slash[slash == file] = '\0';
        snprintf(out, PATH_MAX, "%s", file);
        return 0;
    }
    return getcwd(out, PATH_MAX) ? 0 : -1;
}

static sapper_status find_cwd(const sapper_config *cfg, const char *section,
                              const sapper_config_entry *cmd, char *out, char *err,
                              size_t errcap)
{
    char base[PATH_MAX], path[PATH_MAX + 2], at[512];
    sapper_config_entry *c = sapper_config_get(cfg, section, "cwd");
    const sapper_config_entry *from = c ? c : cmd;
    struct stat st;
    if (base_dir(from, base) != 0)
        return snprintf(err, errcap, "cannot read the current directory"), SAPPER_ERR_PARAM;
    const char *dir = c ? c->value : ".";
    snprintf(path, sizeof path, "%s%s%s", dir[0] == '/' ? "" : base, dir[0] == '/' ? "" : "/",
             dir);
    if (realpath(path, out) && stat(out, &st) == 0 && S_ISDIR(st.st_mode))
        return SAPPER_OK;
    sapper_config_where(from, at, sizeof at);
    snprintf(err, errcap, "%s: [%s] cwd: expected a directory, found \"%s\" (%s)", at,
             section, dir, path);
    return SAPPER_ERR_PARAM;
}

/* The default id: the program file's name without its extension, in the
   id alphabet. */
static void default_id(const sapper_command *cmd, char *out, size_t cap)
{
    const char *base = strrchr(cmd->program, '/');
    base = base ? base + 1 : cmd->program;
    size_t n = 0;
    for (; *base && *base != '.' && n + 1 < cap && n < 32; base++)
        out[n++] = isalnum((unsigned char)*base) ? (char)tolower((unsigned char)*base) : '_';
    out[n] = '\0';
    if (n == 0)
        snprintf(out, cap, "process");
}

/* ---- nothing of the organiser's in a directory the program may read */

/* Whether path (absolute) lies beneath dir. */
static int beneath(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return dir[0] && strncmp(path, dir, n) == 0 &&
           (path[n] == '/' || path[n] == '\0' || (n == 1 && dir[0] == '/'));
}

/* path made absolute (relative to the current directory), even when it
   does not exist yet (its directory must); 0, or -1. */
static int absolute(const char *path, char *out)
{
    if (realpath(path, out))
        return 0;
    char dir[PATH_MAX], real[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    const char *base = slash ? slash + 1 : path;
    if (slash)
        *slash = '\0';
    if (!realpath(slash ? (dir[0] ? dir : "/") : ".", real))
        return -1;
    return snprintf(out, PATH_MAX, "%s/%s", real, base) < PATH_MAX ? 0 : -1;
}

/* A file the bot must not read, and what it is, if one of the program's
   readable directories holds it: the config's files, every file a value
   of it names (a layout), and the caller's (the results database). */
static int exposed(const sapper_config *cfg, const sapper_command *cmd,
                   const char *const *extra, char *found, char *what, size_t cap)
{
    const char *dirs[] = {cmd->cwd, cmd->program_dir};
    char path[PATH_MAX];
    for (size_t i = 0; i < cfg->count + 64; i++) {
        const char *name, *kind;
        if (i < cfg->count && cfg->entries[i].origin &&
            strcmp(cfg->entries[i].origin, "command line") != 0 && (i == 0 ||
            cfg->entries[i].origin != cfg->entries[i - 1].origin)) {
            name = cfg->entries[i].origin;
            kind = "the configuration";
        } else if (i < cfg->count) {
            struct stat st;
            name = cfg->entries[i].value;
            kind = "a file the configuration names";
            if (strcmp(cfg->entries[i].key, "command") == 0 ||
                stat(name, &st) != 0 || !S_ISREG(st.st_mode))
                continue;
        } else if (extra && extra[i - cfg->count]) {
            name = extra[i - cfg->count];
            kind = "the results";
        } else {
            break;
        }
        if (absolute(name, path) != 0)
            continue;
        for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++)
            if (beneath(path, dirs[d])) {
                snprintf(found, cap, "%s", path);
                snprintf(what, cap, "%s", kind);
                return 1;
            }
    }
    return 0;
}

/* The rules' family, as the config names the rules (or the default). */
static const char *rules_family(const sapper_config *cfg, const sapper_registry *reg)
{
    sapper_config_entry *e = sapper_config_get(cfg, "game", "rules");
    if (!e)
        e = sapper_config_get(cfg, "tournament", "rules");
    const sapper_plugin *r = sapper_registry_find(reg, e ? e->value : SAPPER_DEFAULT_RULES,
                                                  SAPPER_KIND_RULES);
    return r ? r->desc.family : NULL;
}

static sapper_status add_one(sapper_config *cfg, sapper_registry *reg, const char *section,
                             sapper_command_probe probe, void *ctx,
                             const char *const *guarded, char *err, size_t errcap)
{
    sapper_config_entry *e = sapper_config_get(cfg, section, "command");
    char at[512], cwd[PATH_MAX], why[1024], id[40];
    sapper_config_where(e, at, sizeof at);
    if (sapper_config_get(cfg, section, "bot")) {
        snprintf(err, errcap, "%s: [%s] command: expected either `bot = ID` or `command = "
                 "PROGRAM ...`, found both", at, section);
        return SAPPER_ERR_PARAM;
    }
    sapper_status st = find_cwd(cfg, section, e, cwd, err, errcap);
    if (st != SAPPER_OK)
        return st;
    sapper_command *cmd;
    if (sapper_command_parse(e->value, cwd, &cmd, why, sizeof why) != SAPPER_OK) {
        snprintf(err, errcap, "%s: [%s] command: %s", at, section, why);
        return SAPPER_ERR_PARAM;
    }
    char found[PATH_MAX], what[PATH_MAX];
    if (guarded && exposed(cfg, cmd, guarded[0] ? guarded : NULL, found, what,
                           sizeof found)) {
        int one = strcmp(cmd->cwd, cmd->program_dir) == 0;
        snprintf(err, errcap, "%s: [%s] command: the bot could read %s (%s), which is in "
                 "its directory %s%s%s: give the bot a directory of its own (`cwd = DIR`) "
                 "that holds nothing of the organiser's", at, section, found, what,
                 cmd->cwd, one ? "" : " or ", one ? "" : cmd->program_dir);
        sapper_command_free(cmd);
        return SAPPER_ERR_PARAM;
    }
    const char *family = rules_family(cfg, reg);
    char fam[16];
    snprintf(fam, sizeof fam, "%s", family ? family : "");
    sapper_command_info hello = {0};
    if (probe && probe(ctx, cmd, fam, &hello, why, sizeof why) != SAPPER_OK) {
        sapper_command_free(cmd);
        snprintf(err, errcap, "%s: [%s] command: %s", at, section, why);
        return SAPPER_ERR_PARAM;
    }
    if (hello.id[0])
        snprintf(id, sizeof id, "%s", hello.id);
    else
        default_id(cmd, id, sizeof id);
    const sapper_plugin *bot;
    st = sapper_registry_add_command(reg, cmd, id, hello.name, hello.version, hello.author,
                                     fam, &bot, err, errcap);
    if (st != SAPPER_OK)
        return st;
    sapper_setup_mark_used(cfg, section, "command");
    sapper_setup_mark_used(cfg, section, "cwd");
    return sapper_config_set(cfg, section, "bot", bot->desc.id, e->origin, e->line);
}

sapper_status sapper_setup_add_commands(sapper_config *cfg, sapper_registry *reg,
                                        sapper_command_probe probe, void *ctx,
                                        const char *const *guarded, char *err,
                                        size_t errcap)
{
    /* the sections first: adding entries moves cfg->entries */
    char sections[SAPPER_MAX_SEATS * 2][64];
    size_t n = 0;
    for (size_t i = 0; i < cfg->count && n < sizeof sections / sizeof *sections; i++) {
        const sapper_config_entry *e = &cfg->entries[i];
        if (strcmp(e->key, "command") == 0 && is_seat_section(e->section) &&
            strlen(e->section) < sizeof sections[0])
            snprintf(sections[n++], sizeof sections[0], "%s", e->section);
    }
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            seen |= strcmp(sections[i], sections[j]) == 0;
        sapper_status st = seen ? SAPPER_OK : add_one(cfg, reg, sections[i], probe, ctx, guarded, err, errcap);
        if (st != SAPPER_OK)
            return st;
    }
    return SAPPER_OK;
}
