/*
 * fuzz_tmp.c - the fuzz targets' private temporary directory (see
 * fuzz_tmp.h). Only files directly in it are removed: the harnesses make
 * no subdirectory.
 */
#include "fuzz_tmp.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[4096];

static void remove_dir(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096 + 256];
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

const char *fuzz_tmp_dir(void)
{
    if (dir[0])
        return dir;
    const char *base = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/sapper-fuzz-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(dir)) {
        perror(dir);
        abort();
    }
    atexit(remove_dir);
    return dir;
}
