/*
 * tournament_cmd.c - `sapper tournament CONFIG [overrides] [--jobs N]
 * [--resume] [--json FILE] [--csv FILE] [--quiet]`: runs a tournament
 * (core/runner/tournament.c) with a progress display on stderr, then
 * prints the table (with --quiet: neither, only the files and errors).
 * Ctrl-C or SIGTERM stops it cleanly: finished games are kept and
 * `--resume` plays only what is missing. Exit: 0 done, 2 bad input,
 * 3 stopped before the end, 1 other failures. Under `mpirun -np N` every
 * rank runs this command: rank 0 as here, with the other ranks playing
 * for it (tournament_mpi.c, compiled into sapper-mpi only; sapper, which
 * never links MPI, becomes sapper-mpi when mpirun starts it).
 */
#include "commands.h"
#include "config_find.h"
#include "sandbox.h"
#include "tournament_mpi.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "tournament.h"
#include "store.h"

/* The only global: a signal handler can reach nothing else. */
static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

#define STANDINGS_SECONDS 30   /* by default, the standings this often */

typedef struct progress_view {
    int tty;
    double last_line;
    const sapper_tournament_def *def;
    int verbose;             /* --verbose: a line per game */
    long games;              /* games stored by this run */
} progress_view;

/* Rate, time left and leader once there is a game to tell them by. */
static void progress_line(const sapper_progress *p, double rate, double eta)
{
    fprintf(stderr, "progress: %lld/%lld games", (long long)p->done, (long long)p->total);
    if (p->this_run > 0)
        fprintf(stderr, ", %.1f games/s, ETA %.0f s", rate, eta);
    if (p->leader[0])
        fprintf(stderr, ", leader %s %.1f%%", p->leader, 100 * p->leader_value);
    fputc('\n', stderr);
}

static void show_progress(void *ctx, const sapper_progress *p)
{
    progress_view *v = ctx;
    double rate = p->elapsed > 0 ? (double)p->this_run / p->elapsed : 0;
    double eta = rate > 0 ? (double)(p->total - p->done) / rate : 0;
    if (v->tty) {
        int filled = p->total ? (int)(30 * p->done / p->total) : 0;
        fprintf(stderr, "\r[%.*s%*s] %lld/%lld", filled, "##############################",
                30 - filled, "", (long long)p->done, (long long)p->total);
        if (p->this_run > 0)
            fprintf(stderr, "  %.1f games/s  ETA %d:%02d", rate, (int)eta / 60, (int)eta % 60);
        if (p->leader[0])
            fprintf(stderr, "  leader %s %.1f%%", p->leader, 100 * p->leader_value);
        fputs("  ", stderr);
        return;
    }
    if (p->elapsed - v->last_line < 5 && p->done != p->total && p->this_run != 0)
        return;
    v->last_line = p->elapsed;
    progress_line(p, rate, eta);
}

/* --verbose: "game 12 (board 6): simple 1, random 0" and the fault. */
static void game_line(const progress_view *v, const sapper_tgame *g,
                      const sapper_game_record *r)
{
    if (v->tty)
        fputc('\n', stderr);
    fprintf(stderr, "game %lld (board %lld):", (long long)g->index, (long long)g->board);
    for (int32_t s = 0; s < g->nseats; s++)
        fprintf(stderr, "%s %s %g", s ? "," : "", v->def->entrants[g->seats[s]].name,
                r->returns[s]);
    if (r->voided)
        fprintf(stderr, " (void: the rules failed)");
    else if (r->reason[0] && r->culprit >= 0)
        fprintf(stderr, " (%s forfeits: %s)",
                v->def->entrants[g->seats[r->culprit]].name, r->reason);
    fputc('\n', stderr);
}

/* The standings so far: the table of every game stored. */
static void standings(void *ctx)
{
    const progress_view *v = ctx;
    sapper_strbuf text = {0};
    char err[512];
    if (sapper_tournament_table(v->def, &text, NULL, err, sizeof err) == SAPPER_OK)
        fprintf(stderr, "%sstandings after %ld %s of this run:\n%s\n", v->tty ? "\n" : "",
                v->games, app_plural(v->games, "game", "games"), sapper_strbuf_str(&text));
    sapper_strbuf_free(&text);
}

static void on_game(void *ctx, const sapper_tgame *g, const sapper_game_record *r)
{
    progress_view *v = ctx;
    v->games++;
    if (v->verbose)
        game_line(v, g, r);
}

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    int ok = f && fputs(text, f) >= 0;
    ok = f && fclose(f) == 0 && ok;
    if (!ok)
        app_error("%s: cannot write: %s", path, strerror(errno));
    return ok ? 0 : 1;
}

typedef struct csv_ctx {
    const sapper_tournament_def *def;
    sapper_strbuf out;
} csv_ctx;

/* One CSV field, quoted as RFC 4180 says when it holds a ',', a quote or
   a line break. (Entrant names cannot hold the ';' that joins seats.) */
static void csv_field(sapper_strbuf *out, const char *text)
{
    if (!strpbrk(text, ",\"\r\n")) {
        sapper_strbuf_printf(out, "%s", text);
        return;
    }
    sapper_strbuf_printf(out, "\"");
    for (const char *p = text; *p; p++)
        sapper_strbuf_printf(out, *p == '"' ? "\"\"" : "%c", *p);
    sapper_strbuf_printf(out, "\"");
}

static void csv_row(void *ctx, const sapper_tgame *g, const sapper_game_record *r,
                    const int32_t *places)
{
    csv_ctx *c = ctx;
    sapper_strbuf_printf(&c->out, "%lld,%lld,%llu,", (long long)g->index,
                         (long long)g->board, (unsigned long long)g->seed);
    sapper_strbuf seats = {0};   /* one field: the names joined by ';' */
    for (int32_t s = 0; s < g->nseats; s++)
        sapper_strbuf_printf(&seats, "%s%s", s ? ";" : "",
                             c->def->entrants[g->seats[s]].name);
    csv_field(&c->out, sapper_strbuf_str(&seats));
    sapper_strbuf_free(&seats);
    sapper_strbuf_printf(&c->out, ",");
    for (int32_t s = 0; s < r->nseats; s++)
        sapper_strbuf_printf(&c->out, "%s%g", s ? ";" : "", r->returns[s]);
    sapper_strbuf_printf(&c->out, ",%s,", r->reason);
    csv_field(&c->out, r->culprit >= 0 ? c->def->entrants[g->seats[r->culprit]].name : "");
    sapper_strbuf_printf(&c->out, ",%.6f,%lld,", r->seconds, (long long)r->moves);
    for (int32_t s = 0; places && s < r->nseats; s++)
        sapper_strbuf_printf(&c->out, "%s%d", s ? ";" : "", (int)places[s]);
    sapper_strbuf_printf(&c->out, "\n");
}

static int write_csv(const sapper_tournament_def *def, const char *path)
{
    csv_ctx c = {.def = def};
    sapper_store *s;
    char err[1024];
    sapper_strbuf_printf(&c.out, "game,board,seed,seats,returns,reason,culprit,seconds,moves,places\n");
    int rc = 1;
    if (sapper_store_open_readonly(def->db, &s, err, sizeof err) == SAPPER_OK) {
        if (sapper_store_each(s, sapper_store_last_run(s), def, csv_row, &c, err,
                              sizeof err) == SAPPER_OK)
            rc = write_text(path, sapper_strbuf_str(&c.out));
        sapper_store_close(s);
    }
    if (rc && err[0])
        app_error("%s", err);
    sapper_strbuf_free(&c.out);
    return rc;
}

static int print_table(const app *a, const sapper_tournament_def *def)
{
    sapper_strbuf text = {0}, json = {0};
    char err[1024] = "";
    int rc = 0;
    if (sapper_tournament_table(def, &text, &json, err, sizeof err) != SAPPER_OK) {
        app_error("%s", err);
        rc = 1;
    } else {
        if (!a->quiet)
            fputs(sapper_strbuf_str(&text), stdout);
        if (a->json_path)
            rc |= write_text(a->json_path, sapper_strbuf_str(&json));
        if (a->csv_path)
            rc |= write_csv(def, a->csv_path);
    }
    sapper_strbuf_free(&text);
    sapper_strbuf_free(&json);
    return rc;
}

/* Each bot's seed is a one-way hash of its game's seed, but a master seed
   small enough to try every value lets a bot find it, and with it every
   board: tell the organiser. */
static void warn_small_seed(const sapper_tournament_def *def)
{
    if (def->sandbox && def->seed_given && def->seed < (1ull << 53))
        fprintf(stderr, "sapper: warning: master seed %llu is small enough for a bot to "
                "find by trying seeds until one gives its own seed, and so to know "
                "every board; for a contest leave [tournament] seed empty (a 64-bit "
                "seed is drawn and printed)\n", (unsigned long long)def->seed);
}

/* A rank given up, its games played by others: said on its own line. */
static void show_notice(void *ctx, const char *text)
{
    progress_view *v = ctx;
    fprintf(stderr, "%ssapper: %s\n", v->tty ? "\n" : "", text);
}

static int run(app *a, sapper_tournament_def *def, const sapper_lanes *lanes, int ranks)
{
    int64_t total = sapper_schedule_count(def);
    /* The standings every N games when asked, else by the clock. */
    long every = a->report_every >= 0 ? a->report_every : 0;
    progress_view view = {.tty = isatty(STDERR_FILENO), .def = def, .verbose = a->verbose};
    sapper_run_options opt = {.resume = a->resume, .stop = &stop_requested,
                              .progress = a->quiet ? NULL : show_progress,
                              .progress_ctx = &view,
                              .on_game = on_game, .on_game_ctx = &view,
                              .standings = a->quiet ? NULL : standings,
                              .standings_every = every,
                              .standings_seconds = a->report_every < 0 ? STANDINGS_SECONDS : 0,
                              .lanes = lanes, .notice = show_notice};
    if ((a->json_path && app_check_output("--json", a->json_path)) ||
        (a->csv_path && app_check_output("--csv", a->csv_path)))
        return EXIT_USAGE;   /* before the games, not after them */
    char mpi[64] = "";
    if (ranks > 1)
        snprintf(mpi, sizeof mpi, " a rank, %d ranks", ranks);
    /* a resumed run with a drawn seed plays its stored seed, which the
       store reads (store_write.c) and the table's last line prints: not
       the one drawn for this command (issue 33 item 8) */
    int stored_seed = a->resume && !def->seed_given;
    char seed[64];
    snprintf(seed, sizeof seed, "%llu%s", (unsigned long long)def->seed,
             def->seed_given ? "" : " (drawn)");
    if (!a->quiet)
        fprintf(stderr, "sapper: %s tournament, %lld %s, %d %s%s, master seed %s, "
                "results in %s\n", def->base.rules->desc.id, (long long)total,
                app_plural(total, "game", "games"), def->jobs,
                app_plural(def->jobs, "job", "jobs"), mpi,
                stored_seed ? "the resumed run's" : seed, def->db);
    sapper_status st = sapper_tournament_run(def, &opt, a->err, sizeof a->err);
    if (view.tty && !a->quiet)
        fputc('\n', stderr);
    if (st == SAPPER_ERR_PARAM) {
        app_error("%s", a->err);
        return EXIT_USAGE;
    }
    if (st != SAPPER_OK && st != SAPPER_ERR_STATE) {
        app_error("%s", a->err);
        return 1;
    }
    /* A stopped run says so before its table: under mpirun the ranks are
       killed about a second after the signal, and the line that says how
       to go on must not be what is lost. */
    if (st == SAPPER_ERR_STATE) {
        app_error("%s; rerun the same command with --resume to play the rest", a->err);
        print_table(a, def);
        return EXIT_STOPPED;
    }
    return print_table(a, def);
}

/* Sandboxed bots: find the helper, and start every entrant's bot once so
   a bot that cannot live in the sandbox is named now, not in every game. */
static int prepare_sandbox(sapper_tournament_def *def)
{
    app_kit_dir(def->kit_dir, sizeof def->kit_dir);
    if (snprintf(def->log_dir, sizeof def->log_dir, "%s.logs", def->db) >=
              (int)sizeof def->log_dir)
        def->log_dir[0] = '\0';
    if (!def->sandbox)
        return 0;
    int rc = app_bothost(def->helper, sizeof def->helper);
    sapper_sandbox_options o = {.helper = def->helper, .memory_mb = def->memory_mb};
    for (size_t e = 0; !rc && e < def->nentrants; e++) {
        char err[1024];
        if (def->entrants[e].bot->command)
            continue;   /* started for its handshake already (app_add_commands) */
        if (sapper_sandbox_try(&o, def->entrants[e].bot, err, sizeof err) == SAPPER_OK)
            continue;
        app_error("[entrant.%s]: %s (or run it unsandboxed: [tournament] sandbox = "
                  "none, for bots you trust)", def->entrants[e].name, err);
        rc = EXIT_USAGE;
    }
    return rc;
}

/* Started as one rank of a job? MPI launchers say so in the environment:
   Open MPI's mpirun, PMIx (srun --mpi=pmix), PMI (MPICH, srun --mpi=pmi2). */
static int launched_by_mpi(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                       "PMI_SIZE"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (getenv(vars[i]))
            return 1;
    return 0;
}

#ifdef SAPPER_HAVE_MPI
static int start_ranks(tournament_mpi *mpi, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return tournament_mpi_begin(mpi, launched_by_mpi());
}
#else
/* sapper without MPI under mpirun: this rank becomes sapper-mpi (beside
   this executable, in the build and when installed), with the same
   arguments and the launcher's environment. Returns only when there is
   none to become. */
static void become_sapper_mpi(int argc, char **argv)
{
    char dir[4096], exe[4200];
    char **args = calloc((size_t)argc + 3, sizeof *args);
    config_exe_dir(dir, sizeof dir);
    snprintf(exe, sizeof exe, "%s/sapper-mpi", dir);
    if (!args || access(exe, X_OK) != 0) {
        free(args);
        return;
    }
    args[0] = exe;
    args[1] = "tournament";
    for (int i = 0; i < argc; i++)
        args[i + 2] = argv[i];
    fflush(NULL);
    execv(exe, args);
    free(args);   /* exec failed: refuse below */
}

/* Without MPI under mpirun every rank would play the whole tournament
   into the same database: hand over to sapper-mpi, or refuse. */
static int start_ranks(tournament_mpi *mpi, int argc, char **argv)
{
    *mpi = (tournament_mpi){.rank = 0, .size = 1};
    const char *size = getenv("OMPI_COMM_WORLD_SIZE");
    if (!size)
        size = getenv("PMI_SIZE");
    if (!launched_by_mpi() || (size && strcmp(size, "1") == 0))
        return 0;
    become_sapper_mpi(argc, argv);
    app_error("tournament: under mpirun each rank would play the whole tournament, "
              "and this sapper has no MPI and no sapper-mpi beside it: install the "
              "sapper-mpi package (or build with libopenmpi-dev), or run it "
              "without mpirun");
    return EXIT_USAGE;
}
#endif

/* What a rank does once its setup is over (rc its outcome so far). */
static int play_part(app *a, sapper_tournament_def *def, tournament_mpi *mpi, int rc)
{
#ifdef SAPPER_HAVE_MPI
    if (!rc)
        tournament_mpi_check_binding(mpi, def->jobs);
    if (mpi->rank > 0)
        return tournament_mpi_serve(mpi, rc ? NULL : def, &stop_requested);
    const sapper_lanes *lanes = rc ? NULL : tournament_mpi_lanes(mpi, def->rank_timeout);
    if (!lanes)   /* cannot set up, or no memory for the others: alone */
        tournament_mpi_dismiss(mpi);
    return rc ? rc : run(a, def, lanes, lanes ? mpi->size : 1);
#else
    return rc ? rc : run(a, def, NULL, mpi->size);
#endif
}

static int end_ranks(tournament_mpi *mpi, int rc)
{
#ifdef SAPPER_HAVE_MPI
    return tournament_mpi_end(mpi, rc);
#else
    (void)mpi;
    return rc;
#endif
}

int cmd_tournament(int argc, char **argv)
{
    app a = {.prog = "tournament"};
    tournament_mpi mpi;
    int started = start_ranks(&mpi, argc, argv);
    if (started)
        return started;
    struct sigaction sa = {.sa_handler = on_signal};
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    int rc = app_open(&a, argc, argv, APP_OPT_TOURNAMENT);
    if (!rc && !a.config_path) {
        app_error("tournament: expected a config file (see config/tournament-*.ini)");
        rc = EXIT_USAGE;
    }
    sapper_tournament_def def;
    memset(&def, 0, sizeof def);
    if (!rc && sapper_tournament_def_read(&a.cfg, a.reg, app_draw_seed(1),
                                          (int)sysconf(_SC_NPROCESSORS_ONLN), &def,
                                          a.err, sizeof a.err) != SAPPER_OK) {
        app_error("%s", a.err);
        rc = EXIT_USAGE;
    }
    if (!rc && a.jobs > 0)
        def.jobs = (int)a.jobs;
    if (!rc && mpi.rank == 0)
        warn_small_seed(&def);
    if (!rc)
        rc = prepare_sandbox(&def);
    rc = play_part(&a, &def, &mpi, rc);
    sapper_tournament_def_free(&def);
    app_close(&a);
    return end_ranks(&mpi, rc);
}
