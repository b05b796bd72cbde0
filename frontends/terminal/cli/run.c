/*
 * run.c - `sapper run CONFIG [--games N] [--record FILE] [--quiet]`: bots
 * only, one line per game (none with --quiet), then a summary with each
 * seat's win rate and its 95% Wilson interval. Game i plays seed
 * sapper_game_seed(master, i), so a run is reproducible from its config and
 * seed. For tournaments across processes see `sapper tournament`.
 */
#include "commands.h"
#include "bot_guard.h"
#include "stats.h"

#include <errno.h>

typedef struct run_totals {
    long games, decided, voids, faults;
    long wins[SAPPER_MAX_SEATS];
    double points[SAPPER_MAX_SEATS];
    size_t moves;
} run_totals;

static int refuse_humans(const app *a)
{
    for (int32_t i = 0; i < a->setup.players; i++) {
        if (a->setup.seats[i].bot)
            continue;
        char section[32], at[1100] = "no bot given";
        snprintf(section, sizeof section, "player.%d", i + 1);
        const sapper_config_entry *e = sapper_config_get(&a->cfg, section, "bot");
        if (e)
            sapper_config_where(e, at, sizeof at);
        app_error("sapper run plays bots only, but seat %d ([player.%d]) "
                  "is \"human\" (%s); set bot = ID there", i + 1, i + 1, at);
        return EXIT_USAGE;
    }
    return 0;
}

static void count_game(app *a, run_totals *t)
{
    double r[SAPPER_MAX_SEATS];
    sapper_match_returns(a->match, r);
    t->games++;
    t->moves += sapper_match_move_count(a->match);
    const sapper_fault *f = sapper_match_fault(a->match);
    if (f && f->kind == SAPPER_FAULT_VOID) {
        t->voids++;
        return;
    }
    t->faults += f != NULL;
    int32_t w = sapper_match_winner(a->match);
    if (w >= 0) {
        t->wins[w]++;
        t->decided++;
    }
    for (int32_t i = 0; i < a->setup.players; i++)
        t->points[i] += r[i];
}

static void print_summary(const app *a, const run_totals *t, double seconds)
{
    printf("summary: %ld %s, %zu %s, %.3f s (%.1f games/s), seed %llu\n", t->games,
           app_plural(t->games, "game", "games"), t->moves,
           app_plural((long long)t->moves, "move", "moves"), seconds,
           seconds > 0 ? (double)t->games / seconds : 0.0, (unsigned long long)a->setup.seed);
    for (int32_t i = 0; i < a->setup.players; i++) {
        const sapper_seat_setup *s = &a->setup.seats[i];
        long scored = t->games - t->voids;
        sapper_interval ci;
        sapper_wilson((uint64_t)t->wins[i], (uint64_t)scored, SAPPER_Z95, &ci);
        printf("seat %d %s (%s): wins %ld of %ld (%.1f%%, 95%% interval %.1f%% to %.1f%%), "
               "points %g\n", i + 1, s->name, s->bot->desc.id, t->wins[i], scored,
               scored ? 100.0 * (double)t->wins[i] / (double)scored : 0.0, 100 * ci.lo,
               100 * ci.hi, t->points[i]);
    }
    if (t->voids || t->faults)
        printf("void games %ld, forfeits %ld\n", t->voids, t->faults);
}

/* Appends this game's replay to the record file. */
static int record_game(app *a, FILE *rec)
{
    sapper_strbuf b = {0};
    sapper_replay_text(a->match, &b);
    errno = b.failed ? ENOMEM : 0;
    /* flushed at once: a crash in a later game loses nothing recorded */
    int ok = !b.failed && fwrite(b.data, 1, b.len, rec) == b.len && fflush(rec) == 0;
    sapper_strbuf_free(&b);
    if (!ok)
        app_error("%s: cannot write the replay: %s", a->record_path,
                  strerror(errno ? errno : EIO));
    return ok ? 0 : 1;
}

int cmd_run(int argc, char **argv)
{
    app a = {.prog = "run"};
    bot_guard_install();
    int rc = app_open(&a, argc, argv, APP_OPT_GAMES | APP_OPT_RECORD | APP_OPT_SANDBOX);
    if (!rc && !a.config_path) {
        app_error("run: expected a config file, found none (try config/classic-bots.ini)");
        rc = EXIT_USAGE;
    }
    rc = rc ? rc : refuse_humans(&a);
    FILE *rec = NULL;
    if (!rc && a.record_path && !(rec = fopen(a.record_path, "w"))) {
        app_error("%s: cannot write: %s", a.record_path, strerror(errno));
        rc = EXIT_USAGE;
    }
    run_totals t = {0};
    double t0 = app_now();
    for (long g = 0; !rc && g < a.games; g++) {
        if ((rc = app_next_match(&a, SAPPER_MATCH_BOT_FAULTS)))
            break;
        double started = app_now();
        sapper_match_advance(a.match);
        sapper_match_end_bots(a.match);   /* a fault in bot_free is its bot's */
        sapper_strbuf b = {0};
        sapper_match_result_json(a.match, app_now() - started, &b);
        if (!a.quiet)
            printf("game %ld %s\n", g + 1, sapper_strbuf_str(&b));
        sapper_strbuf_free(&b);
        if (fflush(stdout) != 0) {   /* each line as its game ends; a closed pipe stops us */
            app_error("cannot write the results: %s", strerror(errno));
            rc = 1;
            break;
        }
        count_game(&a, &t);
        if (rec)
            rc = record_game(&a, rec);
    }
    if (rec && fclose(rec) != 0 && !rc) {
        app_error("%s: cannot write the replay: %s", a.record_path, strerror(errno));
        rc = 1;
    }
    if (!rc)
        print_summary(&a, &t, app_now() - t0);
    app_close(&a);
    return rc;
}
