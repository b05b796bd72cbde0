/*
 * loader.c - dlopen, handshake and validation of plugins. A plugin is
 * trusted with nothing: its manifest and descriptors are checked member by
 * member before anything is called, and a refusal always names the file and
 * says what was expected and what was found. This file does not create game
 * or bot instances (match_life.c and match_bots.c do).
 */
#include "loader.h"
#include "describe.h"
#include "params.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <dlfcn.h>
#include <stdio.h>

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
};

static int grow(void **arr, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 1;
    size_t ncap = *cap ? *cap * 2 : 8;
    while (ncap < need)
        ncap *= 2;
    void *p = realloc(*arr, ncap * size);
    if (!p)
        return 0;
    *arr = p;
    *cap = ncap;
    return 1;
}

sapper_registry *sapper_registry_new(void)
{
    return calloc(1, sizeof(sapper_registry));
}

void sapper_registry_free(sapper_registry *reg)
{
    if (!reg)
        return;
    for (size_t i = 0; i < reg->nhandles; i++)
        dlclose(reg->handles[i]);
    for (size_t i = 0; i < reg->nfiles; i++)
        free(reg->files[i]);
    for (size_t i = 0; i < reg->nproblems; i++)
        free(reg->problems[i]);
    for (size_t i = 0; i < reg->ndescs; i++)
        sapper_description_free(reg->descs[i]);
    free(reg->descs);
    for (size_t i = 0; i < reg->nspecs; i++)
        free(reg->specs[i]);
    free(reg->specs);
    free(reg->describer);
    free(reg->plugins);
    free(reg->handles);
    free(reg->files);
    free(reg->problems);
    free(reg);
}

int sapper_plugin_can_play(const sapper_plugin *bot, const sapper_plugin *rules,
                           char *why, size_t whycap)
{
    uint32_t need = bot->desc.family_version ? bot->desc.family_version : 1;
    uint32_t have = rules->desc.family_version ? rules->desc.family_version : 1;
    if (strcmp(bot->desc.family, rules->desc.family) != 0)
        snprintf(why, whycap, "\"%s\" plays the %s family, but rules \"%s\" are of "
                 "the %s family", bot->desc.id, bot->desc.family, rules->desc.id,
                 rules->desc.family);
    else if (need > have)
        snprintf(why, whycap, "\"%s\" needs the %s family at version %u, but rules "
                 "\"%s\" %s write version %u", bot->desc.id, bot->desc.family, need,
                 rules->desc.id, rules->desc.version, have);
    else
        return 1;
    return 0;
}

const char *sapper_kind_name(int32_t kind)
{
    return kind == SAPPER_KIND_RULES ? "rules"
         : kind == SAPPER_KIND_BOT   ? "bot" : "unknown";
}

static int id_is_valid(const char *id)
{
    if (!id || !*id)
        return 0;
    for (const char *p = id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
              *p == '_' || *p == '-'))
            return 0;
    return 1;
}

/* Copies a plugin-sized struct into a zeroed host-sized one. */
static void copy_sized(void *dst, size_t host_size, const void *src,
                       uint32_t plugin_size)
{
    memset(dst, 0, host_size);
    memcpy(dst, src, plugin_size < host_size ? plugin_size : host_size);
}

#define REQUIRE_FN(table, member)                                          \
    do {                                                                   \
        if (!(table).member) {                                             \
            snprintf(err, errcap, "%s \"%s\" lacks required function %s", \
                     sapper_kind_name(d->kind), d->id, #member);           \
            return SAPPER_ERR_PARAM;                                       \
        }                                                                  \
    } while (0)

static sapper_status check_rules(const sapper_descriptor *d, sapper_plugin *p,
                                 char *err, size_t errcap)
{
    if (!d->rules || d->rules->struct_size < offsetof(sapper_rules_api, game_new)) {
        snprintf(err, errcap, "rules \"%s\" has no rules table", d->id);
        return SAPPER_ERR_PARAM;
    }
    copy_sized(&p->rules, sizeof p->rules, d->rules, d->rules->struct_size);
    REQUIRE_FN(p->rules, game_new);
    REQUIRE_FN(p->rules, game_free);
    REQUIRE_FN(p->rules, game_info);
    REQUIRE_FN(p->rules, state_new);
    REQUIRE_FN(p->rules, state_clone);
    REQUIRE_FN(p->rules, state_free);
    REQUIRE_FN(p->rules, current_player);
    REQUIRE_FN(p->rules, legal_actions);
    REQUIRE_FN(p->rules, returns);
    REQUIRE_FN(p->rules, observe);
    REQUIRE_FN(p->rules, action_to_text);
    REQUIRE_FN(p->rules, text_to_action);
    REQUIRE_FN(p->rules, render_text);
    if (!p->rules.apply_action && !p->rules.apply_joint) {
        snprintf(err, errcap,
                 "rules \"%s\" lacks required function apply_action "
                 "(or apply_joint)", d->id);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

static sapper_status check_bot(const sapper_descriptor *d, sapper_plugin *p,
                               char *err, size_t errcap)
{
    if (!d->bot || d->bot->struct_size < offsetof(sapper_bot_api, bot_new)) {
        snprintf(err, errcap, "bot \"%s\" has no bot table", d->id);
        return SAPPER_ERR_PARAM;
    }
    copy_sized(&p->bot, sizeof p->bot, d->bot, d->bot->struct_size);
    REQUIRE_FN(p->bot, bot_new);
    REQUIRE_FN(p->bot, bot_free);
    REQUIRE_FN(p->bot, step);
    return SAPPER_OK;
}

/* A plugin built with another sapper_param_spec size: its table copied
   into one of this host's stride, each entry zero-extended; the registry
   owns the copy. */
static sapper_status host_stride_params(sapper_registry *reg, sapper_plugin *p,
                                        char *err, size_t errcap)
{
    uint32_t stride = p->desc.param_spec_size ? p->desc.param_spec_size
                                              : SAPPER_PARAM_SPEC_SIZE_1_0;
    if (stride == sizeof(sapper_param_spec) || !p->desc.params || !p->desc.param_count) {
        p->desc.param_spec_size = sizeof(sapper_param_spec);
        return SAPPER_OK;
    }
    if (stride < SAPPER_PARAM_SPEC_SIZE_1_0 || p->desc.param_count > 4096) {
        snprintf(err, errcap, "\"%s\": param_spec_size %u: expected at least %u",
                 p->desc.id, stride, SAPPER_PARAM_SPEC_SIZE_1_0);
        return SAPPER_ERR_PARAM;
    }
    sapper_param_spec *host = calloc(p->desc.param_count, sizeof *host);
    if (!host || !grow((void **)&reg->specs, &reg->scap, reg->nspecs + 1, sizeof *reg->specs)) {
        free(host);
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_PARAM;
    }
    for (uint32_t i = 0; i < p->desc.param_count; i++)
        copy_sized(&host[i], sizeof host[i],
                   (const char *)p->desc.params + (size_t)i * stride, stride);
    reg->specs[reg->nspecs++] = host;
    p->desc.params = host;
    p->desc.param_spec_size = sizeof *host;
    return SAPPER_OK;
}

static sapper_status check_descriptor(sapper_registry *reg, const sapper_descriptor *d,
                                      sapper_plugin *p, char *err, size_t errcap)
{
    if (!d || d->struct_size < offsetof(sapper_descriptor, params)) {
        snprintf(err, errcap, "descriptor is missing or too small");
        return SAPPER_ERR_PARAM;
    }
    copy_sized(&p->desc, sizeof p->desc, d, d->struct_size);
    d = &p->desc;
    if (d->abi_major != SAPPER_ABI_MAJOR) {
        snprintf(err, errcap,
                 "descriptor \"%s\" was built for ABI %u.%u, this host has "
                 "ABI %d.%d (the major versions must match)",
                 d->id ? d->id : "?", d->abi_major, d->abi_minor,
                 SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
        return SAPPER_ERR_PARAM;
    }
    if (!id_is_valid(d->id)) {
        snprintf(err, errcap, "descriptor id \"%s\" is not [a-z0-9_-]+",
                 d->id ? d->id : "(null)");
        return SAPPER_ERR_PARAM;
    }
    if (!d->name || !d->version || !d->summary || !d->family || !*d->family) {
        snprintf(err, errcap, "\"%s\" lacks a name, version, summary or family",
                 d->id);
        return SAPPER_ERR_PARAM;
    }
    if (host_stride_params(reg, p, err, errcap) != SAPPER_OK)
        return SAPPER_ERR_PARAM;
    if (sapper_spec_check(d->params, d->param_count, err, errcap) != SAPPER_OK) {
        char why[256];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errcap, "\"%s\" has a bad parameter spec: %s", d->id, why);
        return SAPPER_ERR_PARAM;
    }
    if (d->kind == SAPPER_KIND_RULES)
        return check_rules(d, p, err, errcap);
    if (d->kind == SAPPER_KIND_BOT)
        return check_bot(d, p, err, errcap);
    snprintf(err, errcap, "\"%s\" has unknown kind %d (expected 1 rules or 2 bot)",
             d->id, (int)d->kind);
    return SAPPER_ERR_PARAM;
}

static const char *keep_file(sapper_registry *reg, const char *file)
{
    if (!grow((void **)&reg->files, &reg->fcap, reg->nfiles + 1, sizeof(char *)))
        return NULL;
    char *copy = strdup(file);
    if (copy)
        reg->files[reg->nfiles++] = copy;
    return copy;
}

/* Validates a whole manifest; accepts all of it or none of it. */
static sapper_status add_manifest(sapper_registry *reg, const sapper_manifest *m,
                                  const char *origin, char *err, size_t errcap)
{
    char why[512] = "";
    if (!m) {
        snprintf(err, errcap, "%s: the plugin refused this host (ABI %d.%d)",
                 origin, SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
        return SAPPER_ERR_PARAM;
    }
    if (m->struct_size < SAPPER_MANIFEST_SIZE_1_0 || m->abi_major != SAPPER_ABI_MAJOR) {
        snprintf(err, errcap,
                 "%s: plugin built for ABI %u.%u, this host has ABI %d.%d "
                 "(the major versions must match)", origin, m->abi_major,
                 m->abi_minor, SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
        return SAPPER_ERR_PARAM;
    }
    if (m->count == 0 || !m->descriptors) {
        snprintf(err, errcap, "%s: the manifest lists no plugins", origin);
        return SAPPER_ERR_PARAM;
    }
    if (!grow((void **)&reg->plugins, &reg->cap, reg->count + m->count,
              sizeof(sapper_plugin)))
        return SAPPER_ERR_NOMEM;
    const char *file = keep_file(reg, origin);
    if (!file)
        return SAPPER_ERR_NOMEM;
    for (uint32_t i = 0; i < m->count; i++) {
        sapper_plugin *p = &reg->plugins[reg->count + i];
        if (check_descriptor(reg, m->descriptors[i], p, why, sizeof why) != SAPPER_OK) {
            snprintf(err, errcap, "%s: %s", origin, why);
            return SAPPER_ERR_PARAM;
        }
        /* ids are unique per kind: the woodsword rules and the woodsword
           bot may share a name, two bots may not */
        const sapper_plugin *other = sapper_registry_find(reg, p->desc.id, p->desc.kind);
        for (uint32_t j = 0; !other && j < i; j++)
            if (strcmp(reg->plugins[reg->count + j].desc.id, p->desc.id) == 0 &&
                reg->plugins[reg->count + j].desc.kind == p->desc.kind)
                other = &reg->plugins[reg->count + j];
        if (other) {
            snprintf(err, errcap, "%s: duplicate %s id \"%s\" (already loaded from %s)",
                     origin, sapper_kind_name(p->desc.kind), p->desc.id,
                     other->file ? other->file : origin);
            return SAPPER_ERR_PARAM;
        }
        p->file = file;
        p->owner = reg;
        p->opened = 1;
        p->fingerprint[0] = '\0';
    }
    reg->count += m->count;
    return SAPPER_OK;
}

sapper_status sapper_registry_add_entry(sapper_registry *reg,
                                        sapper_entry_fn entry,
                                        const char *origin,
                                        char *err, size_t errcap)
{
    return add_manifest(reg, entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR), origin,
                        err, errcap);
}

static sapper_status check_regular(const char *path, char *err, size_t errcap)
{
    struct stat info;   /* dlopen would block on a FIFO: regular files only */
    errno = 0;
    if (stat(path, &info) != 0 || !S_ISREG(info.st_mode)) {
        snprintf(err, errcap, "%s: cannot load: %s", path,
                 errno == ENOENT ? strerror(errno) : "not a regular file");
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

/* dlopen and the entry point; the handle is kept by the registry. */
static const sapper_manifest *load_entry(sapper_registry *reg, const char *path,
                                         char *err, size_t errcap)
{
    if (!grow((void **)&reg->handles, &reg->hcap, reg->nhandles + 1, sizeof(void *))) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(err, errcap, "%s: cannot load: %s", path, dlerror());
        return NULL;
    }
    sapper_entry_fn entry;
    *(void **)&entry = dlsym(h, SAPPER_ENTRY_SYMBOL);
    if (!entry) {
        snprintf(err, errcap, "%s: no entry symbol %s (is it a Sapper plugin, "
                 "built with SAPPER_PLUGIN_ENTRY?)", path, SAPPER_ENTRY_SYMBOL);
        dlclose(h);
        return NULL;
    }
    reg->handles[reg->nhandles++] = h;   /* closed with the registry */
    const sapper_manifest *m = entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
    if (!m)
        snprintf(err, errcap, "%s: the plugin refused this host (ABI %d.%d)",
                 path, SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
    return m;
}

sapper_status sapper_registry_load_code(sapper_registry *reg, const char *path,
                                        char *err, size_t errcap)
{
    sapper_status st = check_regular(path, err, errcap);
    if (st != SAPPER_OK)
        return st;
    const sapper_manifest *m = load_entry(reg, path, err, errcap);
    return m ? add_manifest(reg, m, path, err, errcap) : SAPPER_ERR_PARAM;
}

sapper_status sapper_registry_set_describer(sapper_registry *reg, const char *helper)
{
    char *copy = strdup(helper);
    if (!copy)
        return SAPPER_ERR_NOMEM;
    free(reg->describer);
    reg->describer = copy;
    return SAPPER_OK;
}

/* A registry that was never told its manifest reader reads no file: there
   is no other way to read one that keeps the plugin's code out of this
   process's memory. */
static sapper_status check_describer(const sapper_registry *reg, const char *path,
                                     char *err, size_t errcap)
{
    if (reg->describer)
        return SAPPER_OK;
    snprintf(err, errcap, "%s: cannot load: no manifest reader (sapper-bothost) was "
             "set to read it with", path);
    return SAPPER_ERR_STATE;
}

sapper_status sapper_registry_load_file(sapper_registry *reg, const char *path,
                                        char *err, size_t errcap)
{
    sapper_description *d = NULL;
    sapper_status st = check_describer(reg, path, err, errcap);
    if (st == SAPPER_OK)
        st = check_regular(path, err, errcap);
    if (st == SAPPER_OK)
        st = sapper_describe_file(reg->describer, path, &d, err, errcap);
    if (st == SAPPER_OK &&
        !grow((void **)&reg->descs, &reg->dcap, reg->ndescs + 1, sizeof *reg->descs))
        st = SAPPER_ERR_NOMEM;
    size_t before = reg->count;
    if (st == SAPPER_OK)
        st = add_manifest(reg, sapper_description_manifest(d), path, err, errcap);
    if (st != SAPPER_OK) {
        sapper_description_free(d);
        return st;
    }
    reg->descs[reg->ndescs++] = d;
    for (size_t i = before; i < reg->count; i++) {   /* described, not loaded */
        sapper_plugin *p = &reg->plugins[i];
        uint32_t flags = p->bot.flags;   /* a fact, not code: kept */
        memset(&p->rules, 0, sizeof p->rules);
        memset(&p->bot, 0, sizeof p->bot);
        p->bot.flags = flags;
        p->opened = 0;
    }
    return SAPPER_OK;
}

/* The descriptor of the loaded manifest that is the described plugin p. */
static const sapper_descriptor *same_plugin(const sapper_manifest *m, const sapper_plugin *p)
{
    for (uint32_t i = 0; m->descriptors && i < m->count; i++) {
        const sapper_descriptor *d = m->descriptors[i];
        if (d && d->id && d->kind == p->desc.kind && strcmp(d->id, p->desc.id) == 0 &&
            d->version && strcmp(d->version, p->desc.version) == 0)
            return d;
    }
    return NULL;
}

sapper_status sapper_plugin_open(const sapper_plugin *p, char *err, size_t errcap)
{
    if (p->opened)
        return SAPPER_OK;
    sapper_registry *reg = p->owner;
    const sapper_manifest *m = load_entry(reg, p->file, err, errcap);
    const sapper_descriptor *d = m ? same_plugin(m, p) : NULL;
    if (m && !d) {
        snprintf(err, errcap, "%s: no longer holds %s \"%s\" %s (the file changed "
                 "since it was read)", p->file, sapper_kind_name(p->desc.kind),
                 p->desc.id, p->desc.version);
        return SAPPER_ERR_PARAM;
    }
    sapper_plugin code;
    char why[512];
    if (!d || check_descriptor(reg, d, &code, why, sizeof why) != SAPPER_OK) {
        if (d)
            snprintf(err, errcap, "%s: %s", p->file, why);
        return SAPPER_ERR_PARAM;
    }
    /* the registry's own entry: it was never const to its owner */
    sapper_plugin *own = (sapper_plugin *)p;
    own->rules = code.rules;
    own->bot = code.bot;
    own->opened = 1;
    return SAPPER_OK;
}

static void note_problem(sapper_registry *reg, const char *msg)
{
    if (!grow((void **)&reg->problems, &reg->pcap, reg->nproblems + 1,
              sizeof(char *)))
        return;
    char *copy = strdup(msg);
    if (copy)
        reg->problems[reg->nproblems++] = copy;
}

static int ends_with_so(const char *name)
{
    size_t n = strlen(name);
    return n > 3 && strcmp(name + n - 3, ".so") == 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int keep_so(const struct dirent *e)
{
    return ends_with_so(e->d_name);
}

size_t sapper_registry_load_dir(sapper_registry *reg, const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, keep_so, by_name);
    size_t before = reg->count;
    char path[4096], err[1024];
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (sapper_registry_load_file(reg, path, err, sizeof err) != SAPPER_OK)
            note_problem(reg, err);
        free(names[i]);
    }
    if (n > 0)
        free(names);
    return reg->count - before;
}

static void load_list(sapper_registry *reg, const char *list)
{
    if (!list)
        return;
    char dir[4096];
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > 0 && n < sizeof dir) {
            memcpy(dir, p, n);
            dir[n] = 0;
            sapper_registry_load_dir(reg, dir);
        }
        p = end ? end + 1 : p + n;
    }
}

void sapper_registry_load_path(sapper_registry *reg, const char *path_list,
                               const char *env_list, const char *default_dir)
{
    load_list(reg, path_list);
    load_list(reg, env_list);
    load_list(reg, default_dir);
}

size_t sapper_registry_count(const sapper_registry *reg)
{
    return reg->count;
}

const sapper_plugin *sapper_registry_at(const sapper_registry *reg, size_t i)
{
    return i < reg->count ? &reg->plugins[i] : NULL;
}

const sapper_plugin *sapper_registry_find(const sapper_registry *reg,
                                          const char *id, int32_t kind)
{
    for (size_t i = 0; i < reg->count; i++)
        if (strcmp(reg->plugins[i].desc.id, id) == 0 &&
            (kind == 0 || reg->plugins[i].desc.kind == kind))
            return &reg->plugins[i];
    return NULL;
}

size_t sapper_registry_problem_count(const sapper_registry *reg)
{
    return reg->nproblems;
}

const char *sapper_registry_problem(const sapper_registry *reg, size_t i)
{
    return i < reg->nproblems ? reg->problems[i] : NULL;
}

const char *sapper_registry_suggest(const sapper_registry *reg, const char *id,
                                    int32_t kind)
{
    const char *best = NULL;
    size_t best_d = 3;   /* only near misses */
    for (size_t i = 0; i < sapper_registry_count(reg); i++) {
        const sapper_plugin *p = sapper_registry_at(reg, i);
        size_t d = p->desc.kind == kind ? sapper_edit_distance(id, p->desc.id) : 99;
        if (d < best_d) {
            best_d = d;
            best = p->desc.id;
        }
    }
    return best;
}
