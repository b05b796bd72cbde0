/*
 * test_lanes.c - the runner with other players (lanes.h) through an
 * in-process transport that plays the games it is handed right here: the
 * stored games are the ones a run alone stores, each lane's host and rank
 * are recorded with its games, a lane lost mid-run has its games played
 * by the others (none lost, none stored twice, the organiser told), a
 * record sent twice or for a game the lane no longer holds is stored once,
 * a refusal stops the run before anything is played, and batches start at
 * four games a worker. MPI itself is tested end to end (mpi_test.sh).
 */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lanes.h"
#include "store.h"
#include "tournament.h"

#define LANES 2
#define HELD_MAX 8192

typedef struct fake {
    const sapper_tournament_def *def;
    int jobs;                    /* what each lane says it has */
    int lose;                    /* this lane goes silent after its first batch (-1) */
    int refuse;                  /* this lane refuses (-1) */
    int echo;                    /* each record is sent twice */
    int started, stopping;
    int said_hello[LANES], gone[LANES], echoed[LANES];
    int64_t held[LANES][HELD_MAX];
    size_t nheld[LANES], first_batch[LANES], batches[LANES];
    sapper_game_record last[LANES];   /* for the echo */
    int notices;
    char notice[512];
} fake;

static sapper_status fake_start(void *ctx, const sapper_tournament_def *def, char *err,
                                size_t errcap)
{
    (void)err;
    (void)errcap;
    fake *f = ctx;
    f->def = def;
    f->started = 1;
    return SAPPER_OK;
}

static sapper_status fake_send(void *ctx, int lane, const int64_t *games, size_t n)
{
    fake *f = ctx;
    assert_true(f->nheld[lane] + n <= HELD_MAX);
    if (f->batches[lane]++ == 0)
        f->first_batch[lane] = n;
    memcpy(f->held[lane] + f->nheld[lane], games, n * sizeof *games);
    f->nheld[lane] += n;
    return SAPPER_OK;
}

static void fake_stop(void *ctx)
{
    ((fake *)ctx)->stopping = 1;
}

static int hello(fake *f, sapper_lane_event *ev)
{
    for (int l = 0; l < LANES; l++)
        if (!f->said_hello[l]) {
            f->said_hello[l] = 1;
            ev->lane = l;
            ev->rank = l + 1;
            ev->jobs = f->jobs;
            ev->kind = l == f->refuse ? SAPPER_LANE_REFUSED : SAPPER_LANE_JOINED;
            snprintf(ev->host, sizeof ev->host, "node%d", l + 1);
            snprintf(ev->why, sizeof ev->why, "rank %d: its plugins differ", l + 1);
            return 1;
        }
    return 0;
}

static int bye(fake *f, sapper_lane_event *ev)
{
    for (int l = 0; l < LANES; l++)
        if (!f->gone[l]) {
            f->gone[l] = 1;
            ev->lane = l;
            ev->kind = SAPPER_LANE_DONE;
            return 1;
        }
    return 0;
}

/* Plays the first game lane l holds, or sends its last record again. */
static int play_one(fake *f, int l, sapper_lane_event *ev)
{
    ev->lane = l;
    ev->kind = SAPPER_LANE_RECORD;
    if (f->echo && f->echoed[l] == 0 && f->last[l].replay) {
        f->echoed[l] = 1;
        ev->rec = f->last[l];
        ev->rec.replay = strdup(f->last[l].replay);
        ev->rec.json = f->last[l].json ? strdup(f->last[l].json) : NULL;
        return 1;
    }
    sapper_tgame g;
    sapper_schedule_game(f->def, f->held[l][0], &g);
    memmove(f->held[l], f->held[l] + 1, --f->nheld[l] * sizeof f->held[l][0]);
    sapper_play_tgame(f->def, &g, &ev->rec);
    sapper_game_record_free(&f->last[l]);
    f->last[l] = ev->rec;
    f->last[l].replay = strdup(ev->rec.replay);
    f->last[l].json = ev->rec.json ? strdup(ev->rec.json) : NULL;
    f->echoed[l] = 0;
    return 1;
}

static int fake_next(void *ctx, double wait, sapper_lane_event *ev)
{
    (void)wait;
    fake *f = ctx;
    memset(ev, 0, sizeof *ev);
    if (f->started && hello(f, ev))
        return 1;
    for (int l = 0; l < LANES; l++) {
        if (f->gone[l] || f->nheld[l] == 0)
            continue;
        if (l == f->lose) {
            f->gone[l] = 1;
            ev->lane = l;
            ev->kind = SAPPER_LANE_LOST;
            snprintf(ev->why, sizeof ev->why, "rank %d stopped answering", l + 1);
            return 1;
        }
        return play_one(f, l, ev);
    }
    return f->stopping ? bye(f, ev) : 0;
}

static void on_notice(void *ctx, const char *text)
{
    fake *f = ctx;
    f->notices++;
    snprintf(f->notice, sizeof f->notice, "%s", text);
}

static void read_def(const sapper_registry *reg, const char *db, const char *extra,
                     sapper_tournament_def *def)
{
    sapper_config cfg;
    char err[1024] = "", ini[1024];
    snprintf(ini, sizeof ini, "[game]\nrules = classic\n[rules]\nwidth = 9\nheight = 9\n"
             "mines = 10\n[tournament]\nformat = duplicate\ngames = 150\nseed = 8\n"
             "jobs = 1\nsandbox = none\ndb = %s\n%s[entrant.simple]\nbot = simple\n"
             "[entrant.random]\nbot = random\n", db, extra);
    sapper_config_init(&cfg);
    assert_int_equal(sapper_config_read_string(&cfg, ini, "t.ini", err, sizeof err),
                     SAPPER_OK);
    if (sapper_tournament_def_read(&cfg, reg, 1, 1, def, err, sizeof err) != SAPPER_OK)
        fail_msg("def: %s", err);
    sapper_config_free(&cfg);
}

static void temp_db(char *path, size_t cap, const char *name)
{
    snprintf(path, cap, "/tmp/sapper-lanes-%d-%s.db", (int)getpid(), name);
    unlink(path);
}

static void remove_db(const char *path)
{
    char side[1100];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

/* The games of db as text: index, returns, reason, moves (what must not
   depend on who played). */
static void rows(void *ctx, const sapper_tgame *g, const sapper_game_record *r,
                 const int32_t *places)
{
    (void)places;
    sapper_strbuf *out = ctx;
    sapper_strbuf_printf(out, "%lld %g %s %lld\n", (long long)g->index, r->returns[0],
                         r->reason, (long long)r->moves);
}

static char *games_of(const sapper_tournament_def *def)
{
    sapper_store *s;
    char err[512];
    sapper_strbuf out = {0};
    assert_int_equal(sapper_store_open_readonly(def->db, &s, err, sizeof err), SAPPER_OK);
    assert_int_equal(sapper_store_each(s, sapper_store_last_run(s), def, rows, &out, err,
                                       sizeof err), SAPPER_OK);
    sapper_store_close(s);
    return out.data;
}

static void count_host(void *ctx, const char *name, int rank, int64_t games)
{
    sapper_strbuf *out = ctx;
    sapper_strbuf_printf(out, "%s/%d:%lld ", rank == 0 ? "local" : name, rank,
                         (long long)games);
}

static char *hosts_of(const sapper_tournament_def *def)
{
    sapper_store *s;
    char err[512];
    sapper_strbuf out = {0};
    assert_int_equal(sapper_store_open_readonly(def->db, &s, err, sizeof err), SAPPER_OK);
    assert_int_equal(sapper_store_placement(s, sapper_store_last_run(s), count_host, &out,
                                            err, sizeof err), SAPPER_OK);
    sapper_store_close(s);
    return out.data ? out.data : strdup("");
}

/* Plays def alone, then again with the fake lanes f: the same games. */
static sapper_status run_both(const sapper_registry *reg, fake *f, char **alone,
                              char **with_lanes, sapper_tournament_def *def, char *err)
{
    char db[256];
    sapper_tournament_def solo;
    temp_db(db, sizeof db, "alone");
    read_def(reg, db, "", &solo);
    sapper_run_options plain = {0};
    assert_int_equal(sapper_tournament_run(&solo, &plain, err, 1024), SAPPER_OK);
    *alone = games_of(&solo);
    remove_db(db);
    sapper_tournament_def_free(&solo);
    temp_db(db, sizeof db, "lanes");
    read_def(reg, db, "", def);
    sapper_lanes lanes = {.ctx = f, .count = LANES, .start = fake_start, .send = fake_send,
                          .next = fake_next, .stop = fake_stop};
    sapper_run_options opt = {.lanes = &lanes, .notice = on_notice, .progress_ctx = f};
    sapper_status st = sapper_tournament_run(def, &opt, err, 1024);
    *with_lanes = st == SAPPER_OK ? games_of(def) : NULL;
    return st;
}

static void free_fake(fake *f)
{
    for (int l = 0; l < LANES; l++)
        sapper_game_record_free(&f->last[l]);
}

static void test_lanes_store_the_games_a_run_alone_stores(void **unused)
{
    (void)unused;
    sapper_registry *reg = test_registry(0);
    fake f = {.jobs = 3, .lose = -1, .refuse = -1};
    char err[1024] = "", *alone, *shared;
    sapper_tournament_def def;
    assert_int_equal(run_both(reg, &f, &alone, &shared, &def, err), SAPPER_OK);
    assert_string_equal(shared, alone);
    char *hosts = hosts_of(&def);
    assert_contains(hosts, "node1/1:");      /* each lane under its host and rank */
    assert_contains(hosts, "node2/2:");
    assert_contains(hosts, "local/0:");      /* and this process's own workers */
    assert_int_equal(f.first_batch[0], 4 * 3);   /* four games a worker to start */
    assert_int_equal(f.notices, 0);
    free(alone);
    free(shared);
    free(hosts);
    remove_db(def.db);
    free_fake(&f);
    sapper_tournament_def_free(&def);
    sapper_registry_free(reg);
}

static void test_a_lost_lane_s_games_are_played_by_the_others(void **unused)
{
    (void)unused;
    sapper_registry *reg = test_registry(0);
    fake f = {.jobs = 2, .lose = 1, .refuse = -1};
    char err[1024] = "", *alone, *shared;
    sapper_tournament_def def;
    assert_int_equal(run_both(reg, &f, &alone, &shared, &def, err), SAPPER_OK);
    assert_string_equal(shared, alone);          /* every game once, as alone */
    assert_int_equal(f.notices, 1);
    assert_contains(f.notice, "rank 2 stopped answering; its 8 unfinished games will "
                              "be played by the others");
    char *hosts = hosts_of(&def);
    assert_null(strstr(hosts, "node2"));         /* the lost lane stored nothing */
    free(alone);
    free(shared);
    free(hosts);
    remove_db(def.db);
    free_fake(&f);
    sapper_tournament_def_free(&def);
    sapper_registry_free(reg);
}

static void test_a_record_sent_twice_is_stored_once(void **unused)
{
    (void)unused;
    sapper_registry *reg = test_registry(0);
    fake f = {.jobs = 1, .lose = -1, .refuse = -1, .echo = 1};
    char err[1024] = "", *alone, *shared;
    sapper_tournament_def def;
    assert_int_equal(run_both(reg, &f, &alone, &shared, &def, err), SAPPER_OK);
    assert_string_equal(shared, alone);
    free(alone);
    free(shared);
    remove_db(def.db);
    free_fake(&f);
    sapper_tournament_def_free(&def);
    sapper_registry_free(reg);
}

static void test_a_refusing_lane_stops_the_run_before_any_game(void **unused)
{
    (void)unused;
    sapper_registry *reg = test_registry(0);
    fake f = {.jobs = 1, .lose = -1, .refuse = 0};
    char err[1024] = "", *alone, *shared;
    sapper_tournament_def def;
    assert_int_equal(run_both(reg, &f, &alone, &shared, &def, err), SAPPER_ERR_PARAM);
    assert_string_equal(err, "rank 1: its plugins differ");
    assert_true(f.stopping);                     /* the others were stopped */
    assert_int_equal(f.batches[1], 0);           /* and given nothing */
    char *stored = games_of(&def);
    assert_null(stored);                         /* nothing was played */
    free(alone);
    remove_db(def.db);
    free_fake(&f);
    sapper_tournament_def_free(&def);
    sapper_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lanes_store_the_games_a_run_alone_stores),
        cmocka_unit_test(test_a_lost_lane_s_games_are_played_by_the_others),
        cmocka_unit_test(test_a_record_sent_twice_is_stored_once),
        cmocka_unit_test(test_a_refusing_lane_stops_the_run_before_any_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
