/*
 * make_wire_seeds.c - writes the seed corpus of fuzz_wire: real records
 * as a worker or a rank sends them (sapper_record_pack), each after the
 * one byte fuzz_wire reads first (the game's seats less one). Game
 * GAME_INDEX of three small tournaments (classic duplicate: 1 seat, seeker
 * round robin: 2, Wood-Sword free-for-all: 4) played in this process, the
 * faults a worker reports for them (a forfeit, a voided game, a bot killed
 * from outside), and a message of two records (the played game and the
 * void one) as an MPI rank sends rank 0. The times (the game's, the bots' and each move's) are set to fixed
 * values so the seeds are the same every run.
 *
 *   make_wire_seeds DIR           writes DIR/<name>.bin
 *   make_wire_seeds --check DIR   fails (naming the file) when DIR's seeds
 *                                 are not what this build writes: the
 *                                 record layout changed, regenerate them
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_registry.h"
#include "replay.h"
#include "record_wire.h"
#include "tournament.h"

#define GAME_INDEX 5   /* as fuzz_wire.c */

static void fix_move_times(sapper_game_record *r);

static const struct {
    const char *name;
    const char *config;
} tournaments[] = {
    {"classic", "[game]\nrules = classic\n[rules]\nwidth = 8\nheight = 8\nmines = 10\n"
                "[tournament]\nformat = duplicate\ngames = 4\nseed = 7\nsandbox = none\n"
                "[entrant.simple]\nbot = simple\n[entrant.random]\nbot = random\n"},
    {"seeker", "[game]\nrules = seeker\n[rules]\nwidth = 6\nheight = 6\nmines = 11\n"
               "[tournament]\nformat = roundrobin\ngames = 2\nseed = 7\nsandbox = none\n"
               "[entrant.hunter]\nbot = hunter\n[entrant.random]\nbot = random\n"},
    {"woodsword", "[game]\nrules = woodsword\n[rules]\nmax_rounds = 20\n"
                  "[tournament]\nformat = ffa\ngames = 8\nseats = 4\nseed = 7\n"
                  "sandbox = none\n[entrant.woodsword]\nbot = woodsword\n"
                  "[entrant.random]\nbot = arena-random\n"},
};

static void die(const char *what, const char *why)
{
    fprintf(stderr, "make_wire_seeds: %s: %s\n", what, why);
    exit(1);
}

/* Plays game GAME_INDEX of the tournament config into *r. */
static void play(const char *config, sapper_game_record *r)
{
    char err[2048];
    sapper_config cfg;
    sapper_tournament_def def;
    sapper_tgame g;
    sapper_config_init(&cfg);
    if (sapper_config_read_string(&cfg, config, "make_wire_seeds", err, sizeof err) ||
        sapper_tournament_def_read(&cfg, fuzz_registry(), 1, 1, &def, err, sizeof err))
        die("config", err);
    sapper_schedule_game(&def, GAME_INDEX, &g);
    sapper_play_tgame(&def, &g, r);
    sapper_tournament_def_free(&def);
    sapper_config_free(&cfg);
    r->seconds = 0.25;
    for (int32_t s = 0; s < r->nseats; s++)
        r->think[s] = 0.125 * (s + 1);
    fix_move_times(r);
}

/* The moves' times of r's replay set to 0, 1, 2... ms: the worker's clock
   stamps them, and a seed must not depend on how fast the machine was. */
static void fix_move_times(sapper_game_record *r)
{
    sapper_strbuf untimed = {0}, timed = {0};
    int64_t *ms = NULL;
    size_t n = 0;
    if (r->replay && sapper_replay_cut_times(r->replay, &untimed, &ms, &n) == 0) {
        for (size_t i = 0; i < n; i++)
            ms[i] = (int64_t)i;
        sapper_replay_put_times(sapper_strbuf_str(&untimed), ms, n, &timed);
        char *copy = strdup(sapper_strbuf_str(&timed));
        if (copy) {
            free(r->replay);
            r->replay = copy;
        }
    }
    free(ms);
    sapper_strbuf_free(&untimed);
    sapper_strbuf_free(&timed);
}

/* Writes or compares DIR/name-kind.bin: the seats less one, then r's
   frame, then (unless NULL) then's: two frames are a message of records
   as a rank sends rank 0. */
static int emit(const char *dir, int check, const char *name, const char *kind,
                const sapper_game_record *r, const sapper_game_record *then)
{
    char path[4096];
    sapper_strbuf packed = {0};
    sapper_record_pack(r, &packed);
    if (then)
        sapper_record_pack(then, &packed);
    if (packed.failed)
        die(name, "out of memory");
    const char *frame = packed.data;
    size_t n = packed.len;
    snprintf(path, sizeof path, "%s/%s-%s.bin", dir, name, kind);
    unsigned char seats = (unsigned char)(r->nseats - 1);
    int stale = 0;
    FILE *f = fopen(path, check ? "rb" : "wb");
    if (!f)
        die(path, "cannot open");
    if (check) {
        char *old = malloc(n + 2);
        size_t got = old ? fread(old, 1, n + 2, f) : 0;
        stale = got != n + 1 || (unsigned char)old[0] != seats || memcmp(old + 1, frame, n);
        free(old);
    } else if (fwrite(&seats, 1, 1, f) != 1 || fwrite(frame, 1, n, f) != n) {
        die(path, "cannot write");
    }
    if (fclose(f) != 0)
        die(path, "cannot close");
    if (stale)
        fprintf(stderr, "%s: stale: regenerate with make_wire_seeds %s\n", path, dir);
    sapper_strbuf_free(&packed);
    return stale;
}

/* The record as played, then as the faults a worker reports make it,
   then the played and the void one in one message. */
static int emit_all(const char *dir, int check, const char *name, sapper_game_record *r)
{
    int stale = emit(dir, check, name, "played", r, NULL);
    sapper_game_record fault = *r;
    fault.culprit = r->nseats - 1;
    snprintf(fault.reason, sizeof fault.reason, "timeout");
    stale |= emit(dir, check, name, "timeout", &fault, NULL);
    snprintf(fault.reason, sizeof fault.reason, "killed");
    stale |= emit(dir, check, name, "killed", &fault, NULL);
    memset(&fault, 0, sizeof fault);   /* as play_tgame.c makes a record */
    fault.index = r->index;
    fault.nseats = r->nseats;
    fault.voided = 1;
    fault.culprit = -1;
    snprintf(fault.reason, sizeof fault.reason, "void");
    stale |= emit(dir, check, name, "void", &fault, NULL);
    return stale | emit(dir, check, name, "message", r, &fault);
}

int main(int argc, char **argv)
{
    int check = argc == 3 && strcmp(argv[1], "--check") == 0;
    if (argc != 2 + check)
        die("usage", "make_wire_seeds [--check] DIR");
    const char *dir = argv[1 + check];
    int stale = 0;
    for (size_t i = 0; i < sizeof tournaments / sizeof tournaments[0]; i++) {
        sapper_game_record r;
        play(tournaments[i].config, &r);
        stale |= emit_all(dir, check, tournaments[i].name, &r);
        sapper_game_record_free(&r);
    }
    return stale;
}
