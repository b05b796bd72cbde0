/*
 * bench_bots.c - how strong and how fast the mines bots are: plays classic
 * games (built-in rules and bots, the plain rules loop: observe, legal
 * actions, step, apply) and prints the win rate with its 95 % Wilson
 * interval and the speed in games per second per core.
 *
 *   bench_bots [--bot prober|simple] [--level beginner|intermediate|expert]
 *              [--size WxH/M] [--first safe|opening|any] [--games N] [--jobs J]
 *              [--seed S] [--dump FILE] [-p KEY=VALUE]...
 *
 * Game i of a run is seeded sapper_seed_derive(S, i) (the bot gets
 * sapper_seed_derive of that, 1), so two runs with the same seed and first
 * click play the same boards: --dump writes one character per game ('1'
 * won, '0' lost, 'E' an error) for a paired comparison of two settings.
 * J worker processes (fork) share the games; games per second per core is
 * games / (CPU seconds of the workers), so it does not depend on J; the
 * wall rate and the load average are printed too. "bot" is the CPU time
 * spent inside the bot's steps (thread CPU clock, so other processes on
 * the machine do not inflate it; the clock reads themselves add about
 * 0.2 us per step); the rest is the rules (mostly legal_actions) and the
 * loop.
 * It measures nothing else (no tournament runner, no replays, no dlopen).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "heap.h"
#include "sapper/mines.h"
#include "stats.h"

const sapper_manifest *sapper_builtin_classic_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_prober_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_simple_entry(uint32_t, uint32_t);

#define MAX_PARAMS 16

typedef struct options {
    const char *bot, *level, *first, *dump;
    const char *width, *height, *mines;  /* custom size, instead of level */
    int64_t games;
    int jobs;
    uint64_t seed;
    sapper_kv params[MAX_PARAMS];
    uint32_t nparams;
    int time_steps;   /* --time-steps yes: the thread CPU clock around every
                         step (a system call each on these VMs: it costs
                         what it measures), else only per game */
} options;

/* What one worker sends back after its games. */
typedef struct tally {
    int64_t games, wins, errors, steps;
    double cpu, bot;      /* seconds: worker CPU, inside bot steps */
} tally;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU time of this thread: what a bot step costs, whatever else runs. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what)
{
    fprintf(stderr, "bench_bots: %s\n", what);
    exit(1);
}

/* ---- options --------------------------------------------------------- */

static void usage(void)
{
    die("usage: bench_bots [--bot prober|simple] [--level beginner|"
        "intermediate|expert] [--size WxH/M] [--first safe|opening|any] [--games N] "
        "[--jobs J] [--seed S] [--dump FILE] [--time-steps yes|no] [-p KEY=VALUE]...");
}

static void add_param(options *o, char *kv)
{
    char *eq = strchr(kv, '=');
    if (!eq || o->nparams == MAX_PARAMS)
        usage();
    *eq = '\0';
    o->params[o->nparams++] = (sapper_kv){kv, eq + 1};
}

static options parse(int argc, char **argv)
{
    options o = {.bot = "prober", .level = "expert", .first = "safe",
                 .games = 10000, .jobs = 1, .seed = 1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc)
            usage();
        if (!strcmp(a, "--bot"))
            o.bot = argv[++i];
        else if (!strcmp(a, "--level"))
            o.level = argv[++i];
        else if (!strcmp(a, "--first"))
            o.first = argv[++i];
        else if (!strcmp(a, "--games"))
            o.games = strtoll(argv[++i], NULL, 10);
        else if (!strcmp(a, "--time-steps"))
            o.time_steps = !strcmp(argv[++i], "yes");
        else if (!strcmp(a, "--jobs"))
            o.jobs = atoi(argv[++i]);
        else if (!strcmp(a, "--seed"))
            o.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--size")) {
            static char w[16], h[16], m[16];
            if (sscanf(argv[++i], "%15[0-9]x%15[0-9]/%15[0-9]", w, h, m) != 3)
                usage();
            o.width = w;
            o.height = h;
            o.mines = m;
        } else if (!strcmp(a, "--dump"))
            o.dump = argv[++i];
        else if (!strcmp(a, "-p"))
            add_param(&o, argv[++i]);
        else
            usage();
    }
    if (o.games < 1 || o.jobs < 1 || o.jobs > 64)
        usage();
    return o;
}

/* ---- one game -------------------------------------------------------- */

typedef struct arena {
    const sapper_rules_api *rules;
    const sapper_bot_api *bot;
    void *game;
    sapper_params bot_params, rules_params;
    sapper_game_info info;
    void *view;
    size_t view_cap;
    int64_t *legal;
    int time_steps;
} arena;

/* Plays game seed; returns 1 won, 0 lost, -1 an error. */
static int play(arena *a, uint64_t seed, tally *t)
{
    void *state = NULL, *bot = NULL;
    char err[256];
    int result = -1;
    sapper_bot_setup setup = {.struct_size = sizeof setup, .players = 1,
                              .seed = sapper_seed_derive(seed, 1),
                              .rules_id = "classic",
                              .rules_params = &a->rules_params,
                              .info = &a->info};
    if (a->rules->state_new(a->game, 1, seed, &state, err, sizeof err) ||
        a->bot->bot_new(&a->bot_params, &setup, &bot, err, sizeof err))
        goto done;
    for (int64_t m = 0; m <= a->info.max_moves; m++) {
        if (a->rules->current_player(state) == SAPPER_TERMINAL) {
            double r;
            a->rules->returns(state, &r, 1);
            result = r > 0.5;
            break;
        }
        int64_t size = a->rules->observe(state, 0, a->view, a->view_cap);
        int64_t n = a->rules->legal_actions(state, 0, a->legal,
                                            (size_t)a->info.max_actions);
        int64_t action;
        double t0 = a->time_steps ? cpu_now() : 0;
        sapper_status st = a->bot->step(bot, a->view, (size_t)size, a->legal,
                                        (size_t)n, &action);
        if (a->time_steps)
            t->bot += cpu_now() - t0;
        t->steps++;
        if (st || a->rules->apply_action(state, 0, action, err, sizeof err))
            break;
    }
done:
    a->bot->bot_free(bot);
    a->rules->state_free(state);
    return result;
}

/* ---- setting up ------------------------------------------------------ */

static const sapper_bot_api *bot_api(const char *id)
{
    sapper_entry_fn entry = !strcmp(id, "prober") ? sapper_builtin_prober_entry
                          : !strcmp(id, "simple") ? sapper_builtin_simple_entry
                                                  : NULL;
    if (!entry)
        die("--bot: expected prober or simple");
    return entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR)->descriptors[0]->bot;
}

static arena make_arena(const options *o, sapper_kv *rkv)
{
    arena a = {0};
    char err[256];
    a.rules = sapper_builtin_classic_entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR)
                  ->descriptors[0]->rules;
    a.bot = bot_api(o->bot);
    rkv[0] = (sapper_kv){"first_click", o->first};
    rkv[1] = (sapper_kv){"preset", o->width ? "custom" : o->level};
    rkv[2] = (sapper_kv){"width", o->width ? o->width : "9"};
    rkv[3] = (sapper_kv){"height", o->height ? o->height : "9"};
    rkv[4] = (sapper_kv){"mines", o->mines ? o->mines : "10"};
    a.rules_params = (sapper_params){rkv, 5};
    a.bot_params = (sapper_params){o->params, o->nparams};
    a.time_steps = o->time_steps;
    if (a.rules->game_new(&a.rules_params, &a.game, err, sizeof err))
        die(err);
    a.rules->game_info(a.game, 1, &a.info);
    a.view_cap = 1 << 20;
    a.view = malloc(a.view_cap);
    a.legal = malloc((size_t)a.info.max_actions * sizeof *a.legal);
    if (!a.view || !a.legal)
        die("out of memory");
    return a;
}

/* ---- workers ---------------------------------------------------------- */

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
           ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* Plays games j, j + jobs, ... and writes their results (one byte each,
   in that order) and then its tally to fd. */
static void worker(const options *o, int j, int fd)
{
    sapper_kv rkv[5];
    arena a = make_arena(o, rkv);
    tally t = {0};
    double c0 = cpu_seconds();
    size_t cap = (size_t)(o->games / o->jobs + 1);
    char *res = malloc(cap);
    size_t k = 0;
    for (int64_t g = j; g < o->games; g += o->jobs) {
        int r = play(&a, sapper_seed_derive(o->seed, (uint64_t)g), &t);
        t.games++;
        t.wins += r == 1;
        t.errors += r < 0;
        res[k++] = r < 0 ? 'E' : (char)('0' + r);
    }
    t.cpu = cpu_seconds() - c0;
    if (write(fd, res, k) != (ssize_t)k || write(fd, &t, sizeof t) != sizeof t)
        _exit(1);
    _exit(0);
}

static void read_all(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n > 0) {
        ssize_t got = read(fd, p, n);
        if (got <= 0)
            die("a worker died");
        p += got;
        n -= (size_t)got;
    }
}

/* ---- main ------------------------------------------------------------ */

static void print_result(const options *o, const tally *t, double wall,
                         double load0, double load1)
{
    sapper_interval ci;
    sapper_wilson((uint64_t)t->wins, (uint64_t)t->games, SAPPER_Z95, &ci);
    printf("bot %s", o->bot);
    for (uint32_t i = 0; i < o->nparams; i++)
        printf(" %s=%s", o->params[i].key, o->params[i].value);
    if (o->width)
        printf("  size %sx%s/%s", o->width, o->height, o->mines);
    else
        printf("  level %s", o->level);
    printf("  first_click %s  seed %llu\n", o->first,
           (unsigned long long)o->seed);
    printf("games %lld  won %lld  errors %lld  win rate %.3f %%  "
           "95%% Wilson [%.3f, %.3f]\n", (long long)t->games,
           (long long)t->wins, (long long)t->errors,
           100.0 * t->wins / t->games, 100 * ci.lo, 100 * ci.hi);
    printf("games/s/core %.0f (CPU %.1f s, %.1f steps/game)  wall %.1f s with %d "
           "jobs  load %.2f -> %.2f\n", t->games / t->cpu, t->cpu,
           (double)t->steps / t->games, wall, o->jobs, load0, load1);
    if (o->time_steps)
        printf("bot %.1f%% of the CPU, %.1f us bot per game (--time-steps: the "
               "clock reads are counted in)\n", 100 * t->bot / t->cpu,
               1e6 * t->bot / t->games);
}

int main(int argc, char **argv)
{
    sapper_keep_heap();   /* as sapper does: no page faults per game */
    options o = parse(argc, argv);
    double load[3] = {0}, load_end[3] = {0};
    getloadavg(load, 3);
    int fds[64];
    pid_t pids[64];
    double t0 = now();
    for (int j = 0; j < o.jobs; j++) {
        int p[2];
        if (pipe(p))
            die("pipe");
        fflush(stdout);
        pids[j] = fork();
        if (pids[j] < 0)
            die("fork");
        if (pids[j] == 0) {
            close(p[0]);
            worker(&o, j, p[1]);
        }
        close(p[1]);
        fds[j] = p[0];
    }
    tally all = {0};
    char *res = malloc((size_t)o.games);
    for (int j = 0; j < o.jobs; j++) {
        int64_t k = (o.games - j + o.jobs - 1) / o.jobs;
        char *mine = malloc((size_t)k);
        tally t;
        read_all(fds[j], mine, (size_t)k);
        read_all(fds[j], &t, sizeof t);
        for (int64_t i = 0; i < k; i++)
            res[j + i * o.jobs] = mine[i];
        free(mine);
        all.games += t.games;
        all.wins += t.wins;
        all.errors += t.errors;
        all.steps += t.steps;
        all.cpu += t.cpu;
        all.bot += t.bot;
        waitpid(pids[j], NULL, 0);
    }
    double wall = now() - t0;
    getloadavg(load_end, 3);
    print_result(&o, &all, wall, load[0], load_end[0]);
    if (o.dump) {
        FILE *f = fopen(o.dump, "w");
        if (!f || fwrite(res, 1, (size_t)o.games, f) != (size_t)o.games)
            die("cannot write the dump");
        fclose(f);
    }
    free(res);
    return all.errors > 0;
}
