/*
 * store_write.c - writing the results database (see store.h): starting,
 * resuming or extending a run, the batches (transactions of up to
 * BATCH_ROWS games), adding a finished game with its replay cut into the
 * run's lines, and the hosts table (recording who plays, and reading back
 * the games each host played). It does not open the file, make or migrate
 * the schema (store.c), nor read games back (store_read.c).
 */
#include "store_internal.h"
#include "provenance.h"
#include "replay.h"

#include <stdio.h>

#define BATCH_ROWS 64

static void json_params(sapper_strbuf *b, const sapper_param_set *p)
{
    sapper_strbuf_printf(b, "{");
    for (uint32_t i = 0; i < p->count; i++) {
        sapper_strbuf_printf(b, "%s", i ? "," : "");
        sapper_strbuf_json(b, p->items[i].key);
        sapper_strbuf_printf(b, ":");
        sapper_strbuf_json(b, p->items[i].value);
    }
    sapper_strbuf_printf(b, "}");
}

static sapper_status insert_run(sapper_store *s, const sapper_tournament_def *def,
                                const char *text, int64_t *run_id, char *err,
                                size_t errcap)
{
    sqlite3_stmt *q;
    char seed[32], when[32], fmt[16];
    time_t t = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)def->seed);
    snprintf(fmt, sizeof fmt, "%d", def->format);
    if (sqlite3_prepare_v2(s->db, "INSERT INTO runs(created, definition, master_seed,"
                           " ruleset, format, total, provenance, head, params,"
                           " plugin_path) VALUES(?,?,?,?,?,?,?,?,?,?)", -1, &q, NULL) != SQLITE_OK)
        return store_db_error(s, "insert run", err, errcap);
    sapper_strbuf head = {0}, params = {0};
    sapper_replay_head(&def->base, &head);
    json_params(&params, def->stored_params.count ? &def->stored_params
                                                  : &def->base.rules_params);
    const sapper_plugin *bots[SAPPER_MAX_ENTRANTS];
    for (size_t e = 0; e < def->nentrants; e++)
        bots[e] = def->entrants[e].bot;
    sapper_strbuf prov = {0};
    sapper_provenance_json(def->base.rules, bots, def->nentrants, &prov);
    sqlite3_bind_text(q, 1, when, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 2, text, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 3, seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 4, def->base.rules->desc.id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 5, fmt, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(q, 6, sapper_schedule_count(def));
    sqlite3_bind_text(q, 7, sapper_strbuf_str(&prov), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 8, sapper_strbuf_str(&head), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 9, sapper_strbuf_str(&params), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 10, def->plugin_path, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    sapper_strbuf_free(&prov);
    sapper_strbuf_free(&head);
    sapper_strbuf_free(&params);
    if (rc != SQLITE_DONE)
        return store_db_error(s, "insert run", err, errcap);
    *run_id = sqlite3_last_insert_rowid(s->db);
    return SAPPER_OK;
}

/* N of the line "tournament.games = N" of a definition, or -1. */
static long long games_of(const char *text)
{
    const char *at = strstr(text, "\ntournament.games = ");
    return at ? atoll(at + strlen("\ntournament.games = ")) : -1;
}

/* Whether now only asks for more games than stored: the two definitions
   equal but for a larger `tournament.games`. */
static int only_more_games(const char *stored, const char *now)
{
    long long before = games_of(stored), after = games_of(now);
    if (before < 0 || after <= before)
        return 0;
    sapper_strbuf same = {0};
    char from[64], to[64];
    snprintf(from, sizeof from, "\ntournament.games = %lld\n", after);
    snprintf(to, sizeof to, "\ntournament.games = %lld\n", before);
    const char *at = strstr(now, from);
    if (at) {
        sapper_strbuf_append(&same, now, (size_t)(at - now));
        sapper_strbuf_printf(&same, "%s%s", to, at + strlen(from));
    }
    int equal = at && strcmp(sapper_strbuf_str(&same), stored) == 0;
    sapper_strbuf_free(&same);
    return equal;
}

/* A run made longer (issue 15): duplicate and free-for-all schedules
   number new boards after the stored ones, so the games stored keep their
   numbers; round robins number games pairing by pairing, so more games
   would renumber them. */
static sapper_status extend_run(sapper_store *s, const sapper_tournament_def *def,
                                int64_t run_id, const char *text, char *err,
                                size_t errcap)
{
    sqlite3_stmt *q;
    if (def->format != SAPPER_FMT_DUPLICATE && def->format != SAPPER_FMT_FFA) {
        snprintf(err, errcap, "%s: more games for run %lld: a round robin or gauntlet "
                 "numbers its games pairing by pairing, so more games would renumber "
                 "the games stored; play the extra games into another db", def->db,
                 (long long)run_id);
        return SAPPER_ERR_PARAM;
    }
    if (sqlite3_prepare_v2(s->db, "UPDATE runs SET definition = ?, total = ? WHERE id = ?",
                           -1, &q, NULL) != SQLITE_OK)
        return store_db_error(s, "extend the run", err, errcap);
    sqlite3_bind_text(q, 1, text, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, sapper_schedule_count(def));
    sqlite3_bind_int64(q, 3, run_id);
    int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? SAPPER_OK : store_db_error(s, "extend the run", err, errcap);
}

/* A resumed run keeps the plugin path it is played with now (where its
   plugins were found last); a config without one leaves the stored one. */
static sapper_status keep_plugin_path(sapper_store *s, const sapper_tournament_def *def,
                                      int64_t run_id, char *err, size_t errcap)
{
    sqlite3_stmt *q;
    if (!def->plugin_path[0])
        return SAPPER_OK;
    if (sqlite3_prepare_v2(s->db, "UPDATE runs SET plugin_path = ? WHERE id = ?", -1, &q,
                           NULL) != SQLITE_OK)
        return store_db_error(s, "keep the plugin path", err, errcap);
    sqlite3_bind_text(q, 1, def->plugin_path, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, run_id);
    int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? SAPPER_OK
                             : store_db_error(s, "keep the plugin path", err, errcap);
}

sapper_status store_resume_run(sapper_store *s, sapper_tournament_def *def,
                               int64_t run_id, const char *text, char *err,
                               size_t errcap)
{
    sqlite3_stmt *q;
    sapper_status st = SAPPER_OK;
    if (sqlite3_prepare_v2(s->db, "SELECT definition, master_seed FROM runs WHERE id = ?",
                           -1, &q, NULL) != SQLITE_OK)
        return store_db_error(s, "read run", err, errcap);
    sqlite3_bind_int64(q, 1, run_id);
    if (sqlite3_step(q) != SQLITE_ROW) {
        sqlite3_finalize(q);
        return store_db_error(s, "read run", err, errcap);
    }
    const char *stored = (const char *)sqlite3_column_text(q, 0);
    if (strcmp(stored, text) != 0 && only_more_games(stored, text)) {
        st = extend_run(s, def, run_id, text, err, errcap);
    } else if (strcmp(stored, text) != 0) {
        char diff[512];
        sapper_text_first_difference(stored, text, "stored", "now", diff, sizeof diff);
        snprintf(err, errcap, "%s: the config differs from the stored tournament "
                 "(run %lld): %s; use another db or the original config",
                 def->db, (long long)run_id, diff);
        st = SAPPER_ERR_PARAM;
    }
    if (st == SAPPER_OK && !def->seed_given)
        def->seed = strtoull((const char *)sqlite3_column_text(q, 1), NULL, 10);
    sqlite3_finalize(q);
    return st;
}

/* The stored head of run id into s->head (NULL when the run has none). */
static void load_head(sapper_store *s, int64_t id)
{
    sqlite3_stmt *q;
    free(s->head);
    s->head = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT head FROM runs WHERE id = ?", -1, &q, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_int64(q, 1, id);
    if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_type(q, 0) != SQLITE_NULL)
        s->head = strdup((const char *)sqlite3_column_text(q, 0));
    sqlite3_finalize(q);
}

static sapper_status begin_run(sapper_store *s, sapper_tournament_def *def, int resume,
                               int64_t *run_id, char *err, size_t errcap)
{
    store_create_ruleset_view(s, def);
    sapper_strbuf text = {0};
    sapper_tournament_def_text(def, &text);
    int64_t last = sapper_store_last_run(s);
    sapper_status st;
    if (last < -1) {
        st = store_db_error(s, "read the runs", err, errcap);
    } else if (last >= 0 && resume) {
        *run_id = last;
        st = store_resume_run(s, def, last, sapper_strbuf_str(&text), err, errcap);
        if (st == SAPPER_OK)
            st = keep_plugin_path(s, def, last, err, errcap);
    } else if (last >= 0 && store_count_games(s, last) > 0) {
        snprintf(err, errcap, "%s already holds a tournament (run %lld, %lld games): "
                 "add --resume to complete it, or choose another db",
                 def->db, (long long)last, (long long)store_count_games(s, last));
        st = SAPPER_ERR_PARAM;
    } else {
        st = insert_run(s, def, sapper_strbuf_str(&text), run_id, err, errcap);
    }
    sapper_strbuf_free(&text);
    return st;
}

sapper_status sapper_store_begin_run(sapper_store *s, sapper_tournament_def *def,
                                     int resume, int64_t *run_id,
                                     char *err, size_t errcap)
{
    sapper_status st = begin_run(s, def, resume, run_id, err, errcap);
    if (st == SAPPER_OK) {
        load_head(s, *run_id);
        sapper_lines_close(s->lines);
        s->lines = NULL;
        if (sapper_lines_open(s->db, *run_id, &s->lines) != SQLITE_OK)
            st = store_db_error(s, "read the run's replay lines", err, errcap);
    }
    return st;
}

/* digits: 17 keeps every double exact (returns); 6 keep a time to the
   microsecond below a second, and 11 bytes fewer a seat and row. */
static void json_numbers(sapper_strbuf *b, const double *v, int32_t n,
                         int digits)
{
    sapper_strbuf_printf(b, "[");
    for (int32_t i = 0; i < n; i++)
        sapper_strbuf_printf(b, "%s%.*g", i ? "," : "", digits, v[i]);
    sapper_strbuf_printf(b, "]");
}

static void json_seats(sapper_strbuf *b, const sapper_tournament_def *def,
                       const sapper_tgame *g)
{
    sapper_strbuf_printf(b, "[");
    for (int32_t i = 0; i < g->nseats; i++) {
        sapper_strbuf_printf(b, "%s", i ? "," : "");
        sapper_strbuf_json(b, def->entrants[g->seats[i]].name);
    }
    sapper_strbuf_printf(b, "]");
}

static const char *outcome_of(const sapper_game_record *r)
{
    if (r->voided)
        return "void";
    if (r->reason[0])
        return "forfeit";
    return "played";
}

static sapper_status begin_batch(sapper_store *s, char *err, size_t errcap)
{
    if (s->in_batch)
        return SAPPER_OK;
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return store_db_error(s, "begin", err, errcap);
    s->in_batch = 1;
    s->batch_rows = 0;
    clock_gettime(CLOCK_MONOTONIC, &s->batch_started);
    return SAPPER_OK;
}

double sapper_store_pending_age(const sapper_store *s)
{
    struct timespec now;
    if (!s->in_batch)
        return -1;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - s->batch_started.tv_sec) +
           (double)(now.tv_nsec - s->batch_started.tv_nsec) / 1e9;
}

sapper_status sapper_store_commit(sapper_store *s, char *err, size_t errcap)
{
    if (!s->in_batch)
        return SAPPER_OK;
    s->in_batch = 0;
    if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        return store_db_error(s, "commit", err, errcap);
    return SAPPER_OK;
}

static void bind_text(sqlite3_stmt *q, int i, const char *v)
{
    if (v)
        sqlite3_bind_text(q, i, v, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(q, i);
}

/* Binds a game's replay to the insert's actions and times: after the run's
   head, its lines numbered (sapper_lines_encode) and its moves' times
   apart; NULL actions for a game with none (its worker died), NULL times
   for a replay without them. An SQLite result code. */
static int bind_replay(sapper_store *s, sqlite3_stmt *q, const char *replay,
                       const char *seed)
{
    if (!replay) {
        sqlite3_bind_null(q, 17);
        sqlite3_bind_null(q, 18);
        return SQLITE_OK;
    }
    size_t cut = s->head && strncmp(replay, s->head, strlen(s->head)) == 0
                 ? strlen(s->head) : 0;
    sapper_strbuf untimed = {0}, actions = {0}, times = {0};
    int64_t *ms = NULL;
    size_t n = 0;
    int rc = sapper_replay_cut_times(replay + cut, &untimed, &ms, &n) ? SQLITE_NOMEM
                                                                      : SQLITE_OK;
    sapper_strbuf_append(&actions, "", 0);   /* an empty blob, not NULL */
    if (rc == SQLITE_OK)
        rc = sapper_lines_encode(s->lines, sapper_strbuf_str(&untimed), seed, &actions);
    if (rc == SQLITE_OK && n > 0)
        rc = sapper_lines_encode_times(ms, n, &times);
    if (rc == SQLITE_OK) {
        sqlite3_bind_blob(q, 17, actions.data, (int)actions.len, SQLITE_TRANSIENT);
        if (n > 0)
            sqlite3_bind_blob(q, 18, times.data, (int)times.len, SQLITE_TRANSIENT);
        else
            sqlite3_bind_null(q, 18);
    }
    free(ms);
    sapper_strbuf_free(&untimed);
    sapper_strbuf_free(&actions);
    sapper_strbuf_free(&times);
    return rc;
}

sapper_status sapper_store_add(sapper_store *s, int64_t run_id,
                               const sapper_tournament_def *def,
                               const sapper_tgame *g,
                               const sapper_game_record *r, int64_t host,
                               char *err, size_t errcap)
{
    sapper_status st = begin_batch(s, err, errcap);
    if (st != SAPPER_OK)
        return st;
    sapper_strbuf params = {0}, seats = {0}, returns = {0}, think = {0}, steps = {0};
    double nsteps[SAPPER_MAX_SEATS];
    for (int32_t i = 0; i < r->nseats; i++)
        nsteps[i] = (double)r->steps[i];
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)g->seed);
    json_seats(&seats, def, g);
    json_numbers(&returns, r->returns, r->nseats, 17);
    json_numbers(&think, r->think, r->nseats, 6);
    json_numbers(&steps, nsteps, r->nseats, 17);
    sqlite3_stmt *q = s->insert;
    sqlite3_bind_int64(q, 1, run_id);
    sqlite3_bind_int64(q, 2, g->index);
    sqlite3_bind_int64(q, 3, g->board);
    bind_text(q, 4, seed);
    bind_text(q, 5, def->base.rules->desc.id);
    if (!s->head)   /* a run from before schema 3: the row keeps its parameters */
        json_params(&params, def->stored_params.count ? &def->stored_params
                                                      : &def->base.rules_params);
    bind_text(q, 6, sapper_strbuf_str(&params));
    bind_text(q, 7, sapper_strbuf_str(&seats));
    bind_text(q, 8, outcome_of(r));
    bind_text(q, 9, sapper_strbuf_str(&returns));
    bind_text(q, 10, r->reason);
    bind_text(q, 11, r->culprit >= 0 ? def->entrants[g->seats[r->culprit]].name : NULL);
    sqlite3_bind_double(q, 12, r->seconds);
    sqlite3_bind_int64(q, 13, r->moves);
    bind_text(q, 14, sapper_strbuf_str(&think));
    bind_text(q, 15, sapper_strbuf_str(&steps));
    bind_text(q, 16, r->json);
    sqlite3_bind_int64(q, 19, host);
    int rc = bind_replay(s, q, r->replay, seed);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(q);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    sapper_strbuf_free(&params);
    sapper_strbuf_free(&seats);
    sapper_strbuf_free(&returns);
    sapper_strbuf_free(&think);
    sapper_strbuf_free(&steps);
    if (rc != SQLITE_DONE)
        return store_db_error(s, "insert game", err, errcap);
    if (++s->batch_rows >= BATCH_ROWS)
        return sapper_store_commit(s, err, errcap);
    return SAPPER_OK;
}

/* Runs sql with ?1 run_id, ?2 name, ?3 rank and returns its first
   column's integer, -1 without a row, -2 on an error. */
static int64_t host_query(sapper_store *s, const char *sql, int64_t run_id,
                          const char *name, int rank)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) != SQLITE_OK)
        return -2;
    sqlite3_bind_int64(q, 1, run_id);
    sqlite3_bind_text(q, 2, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q, 3, rank);
    int rc = sqlite3_step(q);
    int64_t v = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : rc == SQLITE_DONE ? -1 : -2;
    sqlite3_finalize(q);
    return v;
}

sapper_status sapper_store_host(sapper_store *s, int64_t run_id, const char *name,
                                int rank, int64_t *id, char *err, size_t errcap)
{
    static const char find[] =
        "SELECT id FROM hosts WHERE run_id = ?1 AND name = ?2 AND rank = ?3";
    *id = host_query(s, find, run_id, name, rank);
    if (*id == -1 &&
        host_query(s, "INSERT INTO hosts(run_id, id, name, rank) SELECT ?1, "
                   "coalesce(max(id) + 1, 0), ?2, ?3 FROM hosts WHERE run_id = ?1",
                   run_id, name, rank) == -1)
        *id = host_query(s, find, run_id, name, rank);
    return *id >= 0 ? SAPPER_OK : store_db_error(s, "record the host", err, errcap);
}

sapper_status sapper_store_placement(sapper_store *s, int64_t run_id,
                                     sapper_store_host_fn fn, void *ctx,
                                     char *err, size_t errcap)
{
    if (!store_has_column(s->db, "games", "host") || !store_has_column(s->db, "hosts", "rank"))
        return SAPPER_OK;   /* a file from before schema 6, read as it is */
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "SELECT h.name, h.rank, count(*) FROM games g JOIN hosts h"
                           " ON h.run_id = g.run_id AND h.id = g.host WHERE g.run_id = ?"
                           " GROUP BY h.name, h.rank ORDER BY h.rank, h.name", -1, &q,
                           NULL) != SQLITE_OK)
        return store_db_error(s, "read hosts", err, errcap);
    sqlite3_bind_int64(q, 1, run_id);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        fn(ctx, (const char *)sqlite3_column_text(q, 0), sqlite3_column_int(q, 1),
           sqlite3_column_int64(q, 2));
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? SAPPER_OK : store_db_error(s, "read hosts", err, errcap);
}

