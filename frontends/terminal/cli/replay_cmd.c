/*
 * replay_cmd.c - `sapper replay FILE`: re-executes every game recorded in a
 * replay file (from `play --record` or `run --record`) and checks each
 * reaches the outcome the file records. Exit 0 when all match, 1 when one
 * differs, 2 when the file is unreadable or malformed.
 */
#include "commands.h"

#include <errno.h>

#include "store.h"

/* The file's bytes, NUL-terminated, with their count in *len (a NUL
   inside is kept: the caller refuses it by line). */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    sapper_strbuf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sapper_strbuf_append(&b, chunk, n);
    int bad = ferror(f) || b.failed;
    fclose(f);
    *len = b.len;
    if (bad || !b.data) {
        sapper_strbuf_free(&b);
        *len = 0;
        return bad ? NULL : strdup("");
    }
    return b.data;  /* the caller frees */
}

/* Starts of the games: lines that are exactly "sapper-replay 1". Games
   are reported as "game K" (K counting from 1 in the file), or as `label`
   when it is not NULL (a stored tournament game: its index). */
static int verify_all(const char *path, char *text, sapper_registry *reg,
                      const char *label)
{
    char err[2048];
    int line = 1, start_line = 1, games = 0, differ = 0;
    char *start = text;
    for (char *p = text;; line++) {
        char *nl = strchr(p, '\n');
        char *next = nl ? nl + 1 : NULL;
        int boundary = !next || strncmp(next, "sapper-replay 1", 15) == 0;
        if (boundary && (next || *start)) {
            char saved = next ? *next : 0;
            if (next)
                *next = 0;
            sapper_replay_check c;
            if (sapper_replay_verify(start, path, start_line, reg, &c, err, sizeof err)) {
                app_error("%s", err);
                return EXIT_USAGE;
            }
            games++;
            differ += !c.matches;
            char which[64];
            if (label)
                snprintf(which, sizeof which, "%s", label);
            else
                snprintf(which, sizeof which, "game %d", games);
            if (c.matches)
                printf("%s: ok, %zu moves, %s\n", which, c.moves, c.actual);
            else
                printf("%s: MISMATCH: the file records \"%s\" but "
                       "re-execution gives \"%s\"\n", which, c.expected, c.actual);
            if (c.changed[0])   /* the likely cause of a mismatch, and worth knowing */
                printf("%s: note: %s\n", which, c.changed);
            if (next)
                *next = saved;
            start = next;
            start_line = line + 1;
        }
        if (!next)
            break;
        p = next;
    }
    if (games == 0) {
        app_error("%s: expected a replay (\"sapper-replay 1\"), found an empty file", path);
        return EXIT_USAGE;
    }
    printf("%d game(s), %d mismatch(es)\n", games, differ);
    return differ ? 1 : 0;
}

/* `replay --db FILE --game N`: the replay text stored with a tournament game. */
static char *read_from_db(int argc, char **argv, char *name, size_t namecap,
                          char *label, size_t labelcap, size_t *len)
{
    const char *db = NULL, *game_arg = NULL;
    for (int i = 0; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--db") == 0)
            db = argv[i + 1];
        else if (strcmp(argv[i], "--game") == 0)
            game_arg = argv[i + 1];
    }
    if (!db || !game_arg || argc != 4) {
        app_error("usage: sapper replay FILE | sapper replay --db FILE --game N "
                  "(N: the 0-based game index of the tournament)");
        return NULL;
    }
    char *end;
    errno = 0;
    long long game = strtoll(game_arg, &end, 10);
    if (errno || end == game_arg || *end || game < 0) {
        app_error("--game: expected a game index (a whole number from 0), "
                  "found \"%s\"", game_arg);
        return NULL;
    }
    snprintf(label, labelcap, "game %lld", game);
    sapper_store *s;
    char err[1024] = "";
    char *text = NULL;
    if (sapper_store_open_readonly(db, &s, err, sizeof err) == SAPPER_OK) {
        int64_t run = sapper_store_last_run(s);
        if (run < -1)
            sapper_store_failure(s, "read the runs", err, sizeof err);
        else
            text = sapper_store_replay(s, run, game, len, err, sizeof err);
        sapper_store_close(s);
    }
    if (!text)
        app_error("%s", err);
    snprintf(name, namecap, "%s game %lld", db, game);
    return text;
}

int cmd_replay(int argc, char **argv)
{
    char name[1200], label[64];
    char *text;
    size_t len = 0;
    int from_db = argc >= 1 && strcmp(argv[0], "--db") == 0;
    if (from_db) {
        if (!(text = read_from_db(argc, argv, name, sizeof name, label,
                                  sizeof label, &len)))
            return EXIT_USAGE;
    } else if (argc != 1 || argv[0][0] == '-') {
        app_error("usage: sapper replay FILE | sapper replay --db FILE --game N");
        return EXIT_USAGE;
    } else if (!(text = read_all(argv[0], &len))) {
        app_error("%s: cannot read: %s", argv[0], strerror(errno));
        return EXIT_USAGE;
    } else {
        snprintf(name, sizeof name, "%s", argv[0]);
    }
    char err[1400];   /* a NUL would read as the end of the text */
    if (sapper_replay_find_nul(text, len, name, err, sizeof err)) {
        app_error("%s", err);
        free(text);
        return EXIT_USAGE;
    }
    sapper_registry *reg = app_registry(NULL);
    int rc = reg ? verify_all(name, text, reg, from_db ? label : NULL) : EXIT_USAGE;
    sapper_registry_free(reg);
    free(text);
    return rc;
}
