/*
 * command.c - a process bot's command line (loader.h sapper_command):
 * words split as a shell would without one, the executable found on PATH,
 * a script's `#!` line read, and the program file named (the one the
 * results fingerprint). Starts nothing: core/sandbox/ runs the command.
 */
#define _GNU_SOURCE
#include "loader.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_WORDS 64

void sapper_command_free(sapper_command *c)
{
    if (!c)
        return;
    for (size_t i = 0; c->argv && c->argv[i]; i++)
        free(c->argv[i]);
    free(c->argv);
    free(c->text);
    free(c->cwd);
    free(c->exec);
    free(c->program);
    free(c->program_dir);
    free(c);
}

/* The next word of *s into word (cap bytes); 1, 0 at the end, -1 on an
   unclosed quote or a word too long (err says which). */
static int next_word(const char **s, char *word, size_t cap, char *err, size_t errcap)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p)
        return 0;
    size_t n = 0;
    char quote = 0;
    for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
        char c = *p;
        if (!quote && (c == '\'' || c == '"')) {
            quote = c;
            continue;
        }
        if (quote && c == quote) {
            quote = 0;
            continue;
        }
        if (c == '\\' && quote != '\'' && p[1])
            c = *++p;
        if (n + 1 >= cap) {
            snprintf(err, errcap, "expected words of at most %zu bytes, found a longer one",
                     cap - 1);
            return -1;
        }
        word[n++] = c;
    }
    if (quote) {
        snprintf(err, errcap, "expected a closing %c, found the end of the command", quote);
        return -1;
    }
    word[n] = '\0';
    *s = p;
    return 1;
}

static int split_words(const char *text, char **words, size_t *n, char *err, size_t errcap)
{
    char word[PATH_MAX];
    int r;
    *n = 0;
    while ((r = next_word(&text, word, sizeof word, err, errcap)) == 1) {
        if (*n + 1 >= MAX_WORDS) {
            snprintf(err, errcap, "expected at most %d words, found more", MAX_WORDS - 1);
            return -1;
        }
        if (!(words[(*n)++] = strdup(word))) {
            snprintf(err, errcap, "out of memory");
            return -1;
        }
    }
    words[*n] = NULL;
    if (r == 0 && *n == 0)
        snprintf(err, errcap, "expected a program and its arguments, found no words");
    return r < 0 || *n == 0 ? -1 : 0;
}

static int is_executable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* name on PATH (or, holding a '/', relative to cwd) into out (PATH_MAX). */
static int find_program(const char *name, const char *cwd, char *out)
{
    char path[PATH_MAX];
    if (strchr(name, '/')) {
        if (snprintf(path, sizeof path, "%s%s%s", name[0] == '/' ? "" : cwd,
                     name[0] == '/' ? "" : "/", name) >= (int)sizeof path)
            return -1;
        return is_executable_file(path) && realpath(path, out) ? 0 : -1;
    }
    const char *dirs = getenv("PATH");
    dirs = dirs && *dirs ? dirs : "/usr/local/bin:/usr/bin:/bin";
    while (*dirs) {
        size_t len = strcspn(dirs, ":");
        if (snprintf(path, sizeof path, "%.*s/%s", (int)len, dirs, name) < (int)sizeof path &&
            len > 0 && is_executable_file(path) && realpath(path, out))
            return 0;
        dirs += len + (dirs[len] == ':');
    }
    return -1;
}

/* A script's `#!INTERP [ARG]` into interp and arg ("" when none); 1 for a
   script, 0 for another file, -1 when it cannot be read. */
static int read_shebang(const char *file, char *interp, char *arg, size_t cap)
{
    char line[256] = "";
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t k = read(fd, line, sizeof line - 1);
    close(fd);
    if (k < 2 || line[0] != '#' || line[1] != '!')
        return 0;
    line[k] = '\0';
    line[strcspn(line, "\n")] = '\0';
    const char *p = line + 2;
    p += strspn(p, " \t");
    size_t n = strcspn(p, " \t");
    snprintf(interp, cap, "%.*s", (int)n, p);
    p += n;
    p += strspn(p, " \t");
    snprintf(arg, cap, "%.*s", (int)strcspn(p, " \t"), p);
    return 1;
}

/* The executable and argument vector of the words: a script runs under its
   interpreter (env's NAME found on PATH). */
static int resolve(sapper_command *c, char **words, size_t n, char *err, size_t errcap)
{
    char exec[PATH_MAX], interp[PATH_MAX], arg[PATH_MAX];
    if (find_program(words[0], c->cwd, exec)) {
        snprintf(err, errcap, "expected a program on PATH or a path to an executable "
                 "file, found \"%s\"", words[0]);
        return -1;
    }
    int script = read_shebang(exec, interp, arg, sizeof interp);
    size_t head = 0;
    char *front[3];
    if (script == 1) {
        int env = strcmp(interp, "/usr/bin/env") == 0 || strcmp(interp, "/bin/env") == 0;
        char *via = env ? arg : interp;
        char found[PATH_MAX];
        if (!*via || find_program(via, c->cwd, found)) {
            snprintf(err, errcap, "%s: expected its #! line to name an interpreter that "
                     "exists, found \"%s%s%s\"", exec, interp, *arg ? " " : "", arg);
            return -1;
        }
        front[head++] = strdup(via);
        if (!env && *arg)
            front[head++] = strdup(arg);
        front[head++] = strdup(exec);
        snprintf(exec, sizeof exec, "%s", found);
    }
    c->exec = strdup(exec);
    c->argv = calloc(n + head + 1, sizeof *c->argv);
    if (!c->exec || !c->argv) {
        for (size_t i = 0; i < head; i++)
            free(front[i]);
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < head; i++)
        c->argv[i] = front[i];
    c->argv[head] = words[0];
    for (size_t i = 1; i < n; i++)
        c->argv[head + i] = words[i];
    words[0] = NULL;   /* taken */
    for (size_t i = 1; i < n; i++)
        words[i] = NULL;
    return 0;
}

/* The program file: the first argument after the executable that names a
   regular file (python3 bot.py: bot.py), else the executable. */
static int name_program(sapper_command *c)
{
    char path[PATH_MAX], real[PATH_MAX];
    const char *program = c->exec;
    for (size_t i = 1; c->argv[i]; i++) {
        const char *w = c->argv[i];
        struct stat st;
        if (w[0] == '-' || snprintf(path, sizeof path, "%s%s%s", w[0] == '/' ? "" : c->cwd,
                                    w[0] == '/' ? "" : "/", w) >= (int)sizeof path)
            continue;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && realpath(path, real)) {
            program = real;
            break;
        }
    }
    c->program = strdup(program);
    c->program_dir = strdup(program);
    if (!c->program || !c->program_dir)
        return -1;
    char *slash = strrchr(c->program_dir, '/');
    if (slash)
        slash[slash == c->program_dir] = '\0';   /* "/bot" keeps "/" */
    return 0;
}

sapper_status sapper_command_parse(const char *text, const char *cwd,
                                   sapper_command **out, char *err, size_t errcap)
{
    char *words[MAX_WORDS] = {0};
    size_t n = 0;
    sapper_command *c = calloc(1, sizeof *c);
    *out = NULL;
    if (!c || !(c->text = strdup(text)) || !(c->cwd = strdup(cwd))) {
        sapper_command_free(c);
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    int bad = split_words(text, words, &n, err, errcap) ||
              resolve(c, words, n, err, errcap);
    for (size_t i = 0; i < n; i++)
        free(words[i]);
    if (!bad && name_program(c)) {
        snprintf(err, errcap, "out of memory");
        bad = 1;
    }
    if (bad) {
        sapper_command_free(c);
        return SAPPER_ERR_PARAM;
    }
    *out = c;
    return SAPPER_OK;
}
