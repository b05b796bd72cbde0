/*
 * replay_cmd.c - `sapper replay FILE`: re-executes every game recorded in a
 * replay file (from `play --record` or `run --record`) and checks each
 * reaches the outcome the file records. Exit 0 when all match, 1 when one
 * differs, 2 when the file is unreadable or malformed.
 */
#include "commands.h"

#include <errno.h>

#include "store.h"

static char *read_all(const char *path)
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
    if (bad || !b.data) {
        sapper_strbuf_free(&b);
        return bad ? NULL : strdup("");
    }
    return b.data;  /* the caller frees */
}

/* Starts of the games: lines that are exactly "sapper-replay 1". */
static int verify_all(const char *path, char *text, sapper_registry *reg)
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
            if (c.matches)
                printf("game %d: ok, %zu moves, %s\n", games, c.moves, c.actual);
            else
                printf("game %d: MISMATCH: the file records \"%s\" but "
                       "re-execution gives \"%s\"\n", games, c.expected, c.actual);
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
static char *read_from_db(int argc, char **argv, char *name, size_t namecap)
{
    const char *db = NULL;
    long long game = -1;
    for (int i = 0; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--db") == 0)
            db = argv[i + 1];
        else if (strcmp(argv[i], "--game") == 0)
            game = strtoll(argv[i + 1], NULL, 10);
    }
    if (!db || game < 0 || argc != 4) {
        app_error("usage: sapper replay FILE | sapper replay --db FILE --game N");
        return NULL;
    }
    sapper_store *s;
    char err[1024] = "";
    char *text = NULL;
    if (sapper_store_open(db, &s, err, sizeof err) == SAPPER_OK) {
        text = sapper_store_replay(s, sapper_store_last_run(s), game, err, sizeof err);
        sapper_store_close(s);
    }
    if (!text)
        app_error("%s", err);
    snprintf(name, namecap, "%s game %lld", db, game);
    return text;
}

int cmd_replay(int argc, char **argv)
{
    char name[1200];
    char *text;
    if (argc >= 1 && strcmp(argv[0], "--db") == 0) {
        if (!(text = read_from_db(argc, argv, name, sizeof name)))
            return EXIT_USAGE;
    } else if (argc != 1 || argv[0][0] == '-') {
        app_error("usage: sapper replay FILE | sapper replay --db FILE --game N");
        return EXIT_USAGE;
    } else if (!(text = read_all(argv[0]))) {
        app_error("%s: cannot read: %s", argv[0], strerror(errno));
        return EXIT_USAGE;
    } else {
        snprintf(name, sizeof name, "%s", argv[0]);
    }
    sapper_registry *reg = app_registry(NULL);
    int rc = reg ? verify_all(name, text, reg) : EXIT_USAGE;
    sapper_registry_free(reg);
    free(text);
    return rc;
}
