/*
 * plugins_cmd.c - `sapper plugins [CONFIG] [overrides] [--describe ID]`:
 * what the search path holds (the config's [engine] plugin_path first, as
 * for play and run), and one plugin's declared parameters. Refused files are listed on
 * stderr with the reason, so a broken plugin is never silently missing.
 * Every text a plugin declares is shown escaped (a name could hold an
 * escape sequence that sets the window title or the clipboard).
 */
#include "commands.h"
#include "escape.h"

/* s escaped into buf (cap bytes): for a plugin's text in a printf. */
static const char *shown(const char *s, char *buf, size_t cap)
{
    sapper_config_escape(s ? s : "", buf, cap);
    return buf;
}

static void list(const sapper_registry *reg)
{
    printf("%-14s %-6s %-7s %-8s %-4s %s\n", "ID", "KIND", "FAMILY", "VERSION", "ABI",
           "FILE");
    for (size_t i = 0; i < sapper_registry_count(reg); i++) {
        const sapper_plugin *p = sapper_registry_at(reg, i);
        char abi[16], family[64], version[64], file[1024];
        snprintf(abi, sizeof abi, "%u.%u", (unsigned)p->desc.abi_major,
                 (unsigned)p->desc.abi_minor);
        printf("%-14s %-6s %-7s %-8s %-4s %s\n", p->desc.id,
               sapper_kind_name(p->desc.kind), shown(p->desc.family, family, sizeof family),
               shown(p->desc.version, version, sizeof version), abi,
               shown(p->file, file, sizeof file));
    }
}

static const char *type_name(int32_t type)
{
    switch (type) {
    case SAPPER_PARAM_INT: return "int";
    case SAPPER_PARAM_BOOL: return "bool";
    case SAPPER_PARAM_CHOICE: return "choice";
    case SAPPER_PARAM_STRING: return "string";
    case SAPPER_PARAM_REAL: return "real";
    default: return "?";
    }
}

static void describe(const sapper_plugin *p)
{
    const sapper_descriptor *d = &p->desc;
    char name[512], family[64], version[64], summary[2048], file[1024];
    printf("%s: %s (%s, %s family, version %s)\n  %s\n  file: %s\n", d->id,
           shown(d->name, name, sizeof name), sapper_kind_name(d->kind),
           shown(d->family, family, sizeof family),
           shown(d->version, version, sizeof version),
           shown(d->summary, summary, sizeof summary), shown(p->file, file, sizeof file));
    const char *section = d->kind == SAPPER_KIND_RULES ? "[rules]" : "[player.N]";
    printf("\nparameters (%s):\n", d->param_count ? section : "none");
    int width = 12;   /* the key column fits the longest key */
    for (uint32_t i = 0; i < d->param_count; i++)
        if ((int)strlen(d->params[i].key) > width)
            width = (int)strlen(d->params[i].key);
    for (uint32_t i = 0; i < d->param_count; i++) {
        const sapper_param_spec *s = &d->params[i];
        char accepts[256], def[512], help[2048], quoted[256];
        sapper_spec_expectation(s, accepts, sizeof accepts);
        printf("  %-*s %-6s default %-10s %s\n  %*s        %s\n", width, s->key,
               type_name(s->type), shown(s->def, def, sizeof def),
               shown(accepts, quoted, sizeof quoted), width, "",
               shown(s->help, help, sizeof help));
        if (s->flags & SAPPER_PARAM_SECRET)   /* issue 33 item 8 */
            printf("  %*s        secret: bots are never told it\n",
                   width, "");
    }
}

int cmd_plugins(int argc, char **argv)
{
    /* --describe ID anywhere; the rest (a config file, overrides such as
       engine.plugin_path=DIR) says where plugins are searched */
    const char *id = NULL;
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0;
    if (!rest) {
        app_error("out of memory");
        return EXIT_USAGE;
    }
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--describe") != 0) {
            rest[nrest++] = argv[i];
            continue;
        }
        if (id || i + 1 >= argc) {
            app_error("usage: sapper plugins [CONFIG] [section.key=value...] "
                      "[--describe ID]");
            free(rest);
            return EXIT_USAGE;
        }
        id = argv[++i];
    }
    app a = {.prog = "plugins"};
    int rc = app_open(&a, nrest, rest, APP_OPT_REGISTRY);
    free(rest);
    if (rc) {
        app_close(&a);
        return rc;
    }
    const sapper_registry *reg = a.reg;
    for (size_t i = 0; i < sapper_registry_problem_count(reg); i++)
        app_error("refused: %s", sapper_registry_problem(reg, i));
    if (!id) {
        list(reg);
    } else {
        /* a rules plugin and a bot may share an id: describe both */
        const sapper_plugin *rules = sapper_registry_find(reg, id, SAPPER_KIND_RULES);
        const sapper_plugin *bot = sapper_registry_find(reg, id, SAPPER_KIND_BOT);
        if (rules)
            describe(rules);
        if (rules && bot)
            printf("\n");
        if (bot)
            describe(bot);
        if (!rules && !bot) {
            app_error("no plugin with id \"%s\" (see sapper plugins)", id);
            rc = EXIT_USAGE;
        }
    }
    app_close(&a);
    return rc;
}
