/*
 * config_find.c - configs by name (config_find.h): the search directories
 * (installed, relative to the executable; the source tree's config/ for a
 * build), a name with or without ".ini", and the list of what there is
 * when nothing matches. Reads directories only; never a config's text.
 */
#include "config_find.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_DIRS 2

void config_exe_dir(char *buf, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", buf, cap - 1);
    buf[n > 0 ? n : 0] = 0;
    char *slash = strrchr(buf, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(buf, cap, ".");
}

int config_build_tree(void)
{
    char exe[PATH_MAX], cache[PATH_MAX + 32];
    config_exe_dir(exe, sizeof exe);
    snprintf(cache, sizeof cache, "%.4000s/CMakeCache.txt", exe);
    return access(cache, F_OK) == 0;
}

/* The candidate directories into dirs (PATH_MAX each); returns how many
   exist. */
static int search_dirs(char dirs[MAX_DIRS][PATH_MAX])
{
    char exe[PATH_MAX], want[MAX_DIRS][PATH_MAX];
    int n = 0;
    config_exe_dir(exe, sizeof exe);
    snprintf(want[0], sizeof want[0], "%.4000s/../share/sapper/config", exe);
    want[1][0] = 0;
#ifdef SAPPER_SOURCE_CONFIG_DIR
    if (config_build_tree())   /* an installed copy never reads the sources */
        snprintf(want[1], sizeof want[1], "%s", SAPPER_SOURCE_CONFIG_DIR);
#endif
    for (int i = 0; i < MAX_DIRS; i++)
        if (want[i][0] && realpath(want[i], dirs[n]))
            n++;
    return n;
}

void config_search_dirs(char *buf, size_t cap)
{
    char dirs[MAX_DIRS][PATH_MAX];
    int n = search_dirs(dirs);
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ":" : "", dirs[i]);
}

static int ends_with_ini(const char *s)
{
    size_t n = strlen(s);
    return n > 4 && strcmp(s + n - 4, ".ini") == 0;
}

static int is_ini(const struct dirent *e)
{
    return ends_with_ini(e->d_name);
}

/* The configs of dir as " a, b, c" (sorted) appended to out. */
static void list_dir(const char *dir, char *out, size_t cap)
{
    struct dirent **names;
    size_t len = strlen(out);
    int n = scandir(dir, &names, is_ini, alphasort);
    if (n < 0)
        return;
    len += (size_t)snprintf(out + len, len < cap ? cap - len : 0, "\n  in %s:", dir);
    for (int i = 0; i < n; i++) {
        if (len < cap)
            len += (size_t)snprintf(out + len, cap - len, "%s %.*s", i ? "," : "",
                                    (int)strlen(names[i]->d_name) - 4, names[i]->d_name);
        free(names[i]);
    }
    free(names);
}

int config_find(const char *given, char *out, size_t cap, char *msg,
                size_t msgcap)
{
    char dirs[MAX_DIRS][PATH_MAX];
    int n = search_dirs(dirs);
    msg[0] = 0;
    snprintf(out, cap, "%s", given);
    if (access(given, F_OK) == 0 || strchr(given, '/'))
        return 0;   /* a file, or a path: read as it is (errors say why) */
    for (int i = 0; i < n; i++) {
        snprintf(out, cap, "%s/%s%s", dirs[i], given, ends_with_ini(given) ? "" : ".ini");
        if (access(out, R_OK) == 0) {
            snprintf(msg, msgcap, "config \"%s\": using %s", given, out);
            return 1;
        }
    }
    snprintf(out, cap, "%s", given);
    snprintf(msg, msgcap, "config \"%s\": no such file here, and no config of "
             "that name%s", given, n ? "; the configs there are:" : " (no "
             "config directory is installed next to sapper)");
    for (int i = 0; i < n; i++)
        list_dir(dirs[i], msg, msgcap);
    return -1;
}
