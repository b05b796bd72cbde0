/*
 * corpus_main.c - main() of a fuzz target built without libFuzzer (the
 * ordinary gcc test build): runs LLVMFuzzerTestOneInput once on each file
 * of the directories named on the command line, in name order, so ctest
 * replays every seed corpus and every crashing input kept there. It does
 * not mutate anything: fuzzing is `make fuzz` (clang, libFuzzer).
 * A directory that cannot be read or holds no file fails the run, so a
 * corpus that lost its files cannot pass unnoticed.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* The bytes of the file at path (malloc'd, at least one byte so that an
   empty file is a valid buffer), or NULL. */
static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    uint8_t *data = NULL;
    size_t cap = 0, n = 0, got;
    do {
        if (n == cap) {
            cap = cap ? 2 * cap : 4096;
            uint8_t *more = realloc(data, cap);
            if (!more)
                break;
            data = more;
        }
        got = fread(data + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    int bad = ferror(f) || n == cap;
    fclose(f);
    if (bad) {
        free(data);
        return NULL;
    }
    *size = n;
    return data;
}

static int not_hidden(const struct dirent *d)
{
    return d->d_name[0] != '.';
}

/* Runs every file of dir; returns how many, or -1 after saying why. */
static int run_dir(const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, not_hidden, alphasort);
    if (n < 0) {
        perror(dir);
        return -1;
    }
    int done = 0, failed = 0;
    for (int i = 0; i < n; i++) {
        char path[4096];
        size_t size = 0;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        uint8_t *data = read_file(path, &size);
        if (data) {
            LLVMFuzzerTestOneInput(data, size);
            done++;
        } else {
            fprintf(stderr, "%s: cannot read\n", path);
            failed = 1;
        }
        free(data);
        free(names[i]);
    }
    free(names);
    return failed ? -1 : done;
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    if (argc < 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        int n = run_dir(argv[i]);
        if (n <= 0) {
            fprintf(stderr, "%s: %s\n", argv[i], n == 0 ? "no input" : "failed");
            return 1;
        }
        printf("%s: %d inputs, every check passed\n", argv[i], n);
    }
    return 0;
}
