/*
 * report_cmd.c - `sapper report DB [--tournament ID] -o FILE`: one
 * self-contained HTML page of charts about a tournament of a results
 * database (core/report/report.h); `sapper report DB --list` lists the
 * tournaments it holds. The plugins its definition names are searched in
 * the [engine] plugin_path the run was played with (the database keeps
 * it), then as for every command. Any refusal (not a results
 * database, no such tournament, an output directory that does not exist)
 * exits 2 and writes nothing.
 */
#include "commands.h"

#include "report.h"
#include "store.h"

static const char usage[] =
    "usage: sapper report DB [--tournament ID] -o FILE.html\n"
    "       sapper report DB --list\n";

typedef struct report_args {
    const char *db, *out;
    long long run;
    int list;
} report_args;

static int take(int argc, char **argv, int *i, report_args *a)
{
    const char *s = argv[*i];
    int has_value = *i + 1 < argc;
    if ((strcmp(s, "-o") == 0 || strcmp(s, "--output") == 0) && has_value) {
        a->out = argv[++*i];
        return 0;
    }
    if (strcmp(s, "--tournament") == 0 && has_value) {
        char *end;
        a->run = strtoll(argv[++*i], &end, 10);
        if (*end || a->run < 1) {
            app_error("--tournament: expected a run id from 1, found \"%s\"", argv[*i]);
            return EXIT_USAGE;
        }
        return 0;
    }
    if (strcmp(s, "--list") == 0) {
        a->list = 1;
        return 0;
    }
    if (s[0] != '-' && !a->db) {
        a->db = s;
        return 0;
    }
    app_error("report: unexpected \"%s\"%s\n%s", s,
              s[0] == '-' && !has_value ? " (it needs a value)" : "", usage);
    return EXIT_USAGE;
}

/* --list: the tournaments of db, or why not (exit 2). */
static int list_runs(const char *db)
{
    char err[2048];
    sapper_strbuf out = {0};
    sapper_status st = sapper_report_list(db, &out, err, sizeof err);
    if (st == SAPPER_OK)
        fputs(sapper_strbuf_str(&out), stdout);
    else
        app_error("%s", err);
    sapper_strbuf_free(&out);
    return st == SAPPER_OK ? 0 : EXIT_USAGE;
}

/* The registry of the run's plugins: the plugin path it was played with
   first (so a bot found through its config is found again), then the
   usual search path. */
static sapper_registry *run_registry(const char *db, int64_t run)
{
    char path[4096];
    sapper_config cfg;
    sapper_config_init(&cfg);
    sapper_store_run_plugin_path(db, run, path, sizeof path);
    sapper_registry *reg = NULL;
    if (!path[0] || sapper_config_set(&cfg, "engine", "plugin_path", path, db, 0) == SAPPER_OK)
        reg = app_registry(&cfg);
    sapper_config_free(&cfg);
    return reg;
}

int cmd_report(int argc, char **argv)
{
    report_args a = {.run = -1};
    char err[2048];
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        int rc = take(argc, argv, &i, &a);
        if (rc)
            return rc;
    }
    if (a.db && a.list)
        return list_runs(a.db);
    if (!a.db || !a.out) {
        app_error("report: expected a results database and -o FILE\n%s", usage);
        return EXIT_USAGE;
    }
    sapper_registry *reg = run_registry(a.db, a.run);
    sapper_status st = reg ? sapper_report_write(a.db, a.run, reg, a.out, err, sizeof err)
                           : SAPPER_ERR_NOMEM;
    sapper_registry_free(reg);
    if (st != SAPPER_OK) {
        app_error("%s", st == SAPPER_ERR_NOMEM ? "out of memory" : err);
        return EXIT_USAGE;
    }
    fprintf(stderr, "sapper: report written to %s\n", a.out);
    return 0;
}
