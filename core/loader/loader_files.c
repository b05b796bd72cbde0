/*
 * loader_files.c - finding and opening plugin files: a file's manifest read
 * by the describer (sapper-bothost --describe, describe.h) so none of its
 * code runs here, a file's code loaded into this process (dlopen, the entry
 * point) for sapper-bothost or when a described plugin is opened, and the
 * search path (directories of *.so in name order, refusals noted as
 * problems). It checks no descriptor itself (loader_check.c) and keeps
 * no plugin but through loader_add_manifest (loader.c).
 */
#include "loader_internal.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <dlfcn.h>
#include <stdio.h>

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
    if (!loader_grow((void **)&reg->handles, &reg->hcap, reg->nhandles + 1, sizeof(void *))) {
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
    return m ? loader_add_manifest(reg, m, path, err, errcap) : SAPPER_ERR_PARAM;
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
        !loader_grow((void **)&reg->descs, &reg->dcap, reg->ndescs + 1,
                     sizeof *reg->descs))
        st = SAPPER_ERR_NOMEM;
    size_t before = reg->count;
    if (st == SAPPER_OK)
        st = loader_add_manifest(reg, sapper_description_manifest(d), path, err, errcap);
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
    if (!d || loader_check_descriptor(reg, d, &code, why, sizeof why) != SAPPER_OK) {
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
    if (!loader_grow((void **)&reg->problems, &reg->pcap, reg->nproblems + 1,
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

/* dir after the directories already searched (reg->searched). */
static void note_searched(sapper_registry *reg, const char *dir)
{
    size_t had = reg->searched ? strlen(reg->searched) : 0, n = strlen(dir);
    char *grown = realloc(reg->searched, had + n + 2);
    if (!grown)
        return;   /* the message names fewer directories; the search goes on */
    if (had)
        grown[had++] = ':';
    memcpy(grown + had, dir, n + 1);
    reg->searched = grown;
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
            note_searched(reg, dir);
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

const char *sapper_registry_searched(const sapper_registry *reg)
{
    return reg->searched ? reg->searched : "";
}
