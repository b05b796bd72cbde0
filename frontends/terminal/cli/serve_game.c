/*
 * serve_game.c - the games of `sapper serve`: one starts when every remote
 * seat is held (in a series, SERVE_BETWEEN_SECONDS after the last, the
 * seats moved one place on, so colours swap), a client's action is played
 * only when its seat owes one and the rules find it legal, the clocks are
 * the server's (--move-time, --reconnect), and a game that ends is
 * recorded and printed as a `result` line, as `sapper play` prints it.
 */
#include "serve.h"

int32_t serve_seat_of(const server *s, int e)
{
    return (int32_t)((e + s->played) % s->players);
}

int serve_owes(const server *s, int e)
{
    sapper_match *m = s->a->match;
    if (!s->on || !m)
        return 0;
    int32_t seat = serve_seat_of(s, e), who = sapper_match_to_move(m);
    return who == seat || (who == SAPPER_SIMULTANEOUS && sapper_match_awaits(m, seat));
}

/* Every remote seat held, by a client past its handshake and done with
   the last game (its answer to `end` read). */
static int all_seated(const server *s)
{
    for (int e = 0; e < s->players; e++) {
        int i = s->entries[e].conn;
        int busy = i >= 0 && s->conns[i].kind == CONN_LINES &&
                   (s->conns[i].step == LINES_HELLO || s->conns[i].step == LINES_END);
        if (s->entries[e].remote && (i < 0 || busy))
            return 0;
    }
    return 1;
}

/* Each config seat moves one place on: entry e plays seat e + played. */
static void rotate_seats(sapper_setup *setup)
{
    int32_t n = setup->players;
    sapper_seat_setup last = setup->seats[n - 1];
    memmove(&setup->seats[1], &setup->seats[0], (size_t)(n - 1) * sizeof setup->seats[0]);
    setup->seats[0] = last;
}

void serve_maybe_start(server *s, double now)
{
    if (s->on || s->stop || (s->played > 0 && now < s->next_at) || !all_seated(s))
        return;
    app *a = s->a;
    if (s->played > 0)
        rotate_seats(&a->setup);
    for (int e = 0; e < s->players; e++)
        if (s->entries[e].remote)
            snprintf(a->setup.seats[serve_seat_of(s, e)].name, SAPPER_NAME_MAX, "%s",
                     s->entries[e].name);
    if (app_next_match(a, SAPPER_MATCH_BOT_FAULTS)) {   /* a bot that fails to start forfeits */
        s->stop = 1;
        s->status = EXIT_USAGE;
        return;
    }
    s->on = 1;
    memset(s->owes_since, 0, sizeof s->owes_since);
    serve_log(s, "game %ld of %ld begins", s->played + 1, s->games);
    sapper_match_advance(a->match);   /* local bots that move first */
    serve_settle(s);
}

int serve_move(server *s, int e, int64_t action, char *why, size_t whycap)
{
    if (!serve_owes(s, e)) {
        snprintf(why, whycap, "no move of seat %d is expected now", e + 1);
        return -1;
    }
    int32_t seat = serve_seat_of(s, e);
    if (app_play(s->a, seat, action, why, whycap) != SAPPER_OK)
        return -1;
    s->owes_since[seat] = 0;
    sapper_match_advance(s->a->match);
    return 0;
}

void serve_forfeit(server *s, int e, const char *reason)
{
    if (!s->on || sapper_match_to_move(s->a->match) == SAPPER_TERMINAL)
        return;
    serve_log(s, "seat %d (%s) forfeits: %s", serve_seat_of(s, e) + 1, s->entries[e].name,
              reason);
    sapper_match_forfeit(s->a->match, serve_seat_of(s, e), reason);
}

/* The clocks: a seat that owes starts its move clock now. */
static void note_owes(server *s, double now)
{
    for (int e = 0; e < s->players; e++) {
        int32_t seat = serve_seat_of(s, e);
        if (!s->entries[e].remote || !serve_owes(s, e))
            s->owes_since[seat] = 0;
        else if (s->owes_since[seat] == 0)
            s->owes_since[seat] = now;
    }
}

/* A seat past its move time forfeits; a program at it is cut off, as the
   sandbox kills a bot out of time (a late answer would be out of turn). */
static void time_out(server *s, int e)
{
    serve_forfeit(s, e, "timeout");
    int i = s->entries[e].conn;
    if (i >= 0 && s->conns[i].kind == CONN_LINES)
        serve_drop(s, i, "no answer within --move-time");
}

void serve_tick(server *s, double now)
{
    if (!s->on)
        return;
    note_owes(s, now);
    for (int e = 0; e < s->players; e++) {
        const serve_entry *en = &s->entries[e];
        int32_t seat = serve_seat_of(s, e);
        if (!en->remote)
            continue;
        if (en->conn < 0 && en->gone != 0 && now - en->gone > s->reconnect_seconds)
            serve_forfeit(s, e, "disconnect");
        else if (s->move_seconds > 0 && s->owes_since[seat] != 0 &&
                 now - s->owes_since[seat] > s->move_seconds)
            time_out(s, e);
    }
    if (sapper_match_to_move(s->a->match) == SAPPER_TERMINAL)
        serve_settle(s);
}

static void print_result(server *s)
{
    sapper_strbuf b = {0};
    sapper_strbuf_printf(&b, "result ");
    sapper_match_result_json(s->a->match, app_now() - s->a->started, &b);
    sapper_strbuf_printf(&b, "\n");
    serve_print(s, sapper_strbuf_str(&b));
    sapper_strbuf_free(&b);
}

/* A person at a screen is given time to see how a game ended before the
   next begins; programs are not kept waiting. */
static int screens(const server *s)
{
    for (int i = 0; i < s->max_conns; i++)
        if (s->conns[i].kind == CONN_SCREEN)
            return 1;
    return 0;
}

void serve_end_game(server *s)
{
    s->on = 0;
    s->played++;
    serve_log(s, "game %ld of %ld: %s after %zu moves", s->played, s->games,
              sapper_match_outcome(s->a->match), sapper_match_move_count(s->a->match));
    print_result(s);
    if (app_record(s->a))
        s->status = 1;
    for (int e = 0; e < s->players; e++)
        if (s->entries[e].conn < 0)
            s->entries[e].name[0] = 0;   /* gone for good: the seat is free */
    if (s->played >= s->games)
        s->stop = 1;
    s->next_at = app_now() + (screens(s) ? SERVE_BETWEEN_SECONDS : 0);
}

void serve_settle(server *s)
{
    if (!s->a->match)
        return;
    note_owes(s, app_now());
    for (int i = 0; i < s->max_conns; i++) {
        if (s->conns[i].kind == CONN_LINES)
            serve_lines_update(s, i);
        else if (s->conns[i].kind == CONN_SCREEN)
            serve_screen_update(s, i);
    }
    if (s->on && sapper_match_to_move(s->a->match) == SAPPER_TERMINAL)
        serve_end_game(s);
}
