/*
 * serve_lines.c - a client of `sapper serve` that speaks the seat protocol
 * of docs/PROTOCOL.md over its connection: a remote bot (any program,
 * through `sapper join --bot`, or its own socket code) or a person typing
 * lines. A seat hears exactly what a process bot hears (its handshake,
 * `game` .. `start`, the others' moves, its own view, `go`, `end`) and is
 * held to the same rules: an answer that is not the one asked for, or an
 * action the rules refuse, forfeits its game. A spectator hears every
 * move and the public view (no seat's flags, no secret choice), the whole
 * board once the game is over, and may send nothing.
 */
#include "serve.h"

static const char *family_of(const server *s)
{
    const char *f = s->a->setup.rules->desc.family;
    return f ? f : "";
}

void serve_lines_begin(server *s, int i)
{
    serve_conn *c = &s->conns[i];
    sapper_strbuf o = {0};
    sapper_proto_put_greeting(&o);
    serve_send(s, i, o.data, o.len);
    sapper_strbuf_free(&o);
    c->step = c->entry >= 0 ? LINES_HELLO : LINES_IDLE;
    if (c->entry < 0)
        serve_lines_update(s, i);
}

/* `game` .. `start` of the current game, for a seat or (seat -1) a
   spectator, whose seed line says 0: it has no seat to draw for. */
static void put_game(server *s, int i, int32_t seat)
{
    serve_conn *c = &s->conns[i];
    sapper_match *m = s->a->match;
    sapper_params params = sapper_match_public_params(m);
    sapper_proto_codec_init(&c->codec, family_of(s), s->players);
    sapper_proto_game g = {
        .number = s->played + 1, .rules_id = s->a->setup.rules->desc.id,
        .family = family_of(s), .family_version = (int32_t)s->a->setup.rules->desc.family_version,
        .seat = seat, .players = s->players, .params = &params,
        .seed = seat >= 0 ? sapper_bot_seed(sapper_match_seed(m), seat) : 0,
        .move_seconds = s->move_seconds,
    };
    sapper_strbuf o = {0};
    sapper_proto_put_game(&o, &g);
    serve_send(s, i, o.data, o.len);
    sapper_strbuf_free(&o);
    c->game = s->played + 1;
    c->told = 0;
    c->over = c->shown = 0;
}

/* The view a client may see: seat's own, or (seat -1) the public one,
   which after the end is the whole board. */
static int put_view(server *s, int i, int32_t seat, sapper_strbuf *o)
{
    sapper_match *m = s->a->match;
    int over = sapper_match_to_move(m) == SAPPER_TERMINAL;
    size_t size = 0;
    const void *v = sapper_match_view(m, seat >= 0 || over ? (seat >= 0 ? seat
                                          : SAPPER_OMNISCIENT) : 0, &size);
    if (!v)
        return -1;
    void *copy = malloc(size ? size : 1);
    if (!copy)
        return -1;
    memcpy(copy, v, size);
    int bad = seat < 0 && !over &&
              sapper_proto_public_view(sapper_proto_family_bit(family_of(s)), copy, size);
    bad = bad || sapper_proto_put_view(o, &s->conns[i].codec, copy, size);
    free(copy);
    return bad ? -1 : 0;
}

/* The moves since the client last heard, but its own (seat -1: all). */
static void put_dids(server *s, int i, int32_t seat, sapper_strbuf *o)
{
    serve_conn *c = &s->conns[i];
    sapper_match *m = s->a->match;
    size_t n = sapper_match_move_count(m);
    for (; c->told < n; c->told++) {
        const sapper_move *mv = sapper_match_move(m, c->told);
        if (mv->seat != seat)
            sapper_proto_put_did(o, &c->codec, mv->seat, mv->action);
    }
}

static void put_end(server *s, int i, sapper_strbuf *o)
{
    sapper_match *m = s->a->match;
    double r[SAPPER_MAX_SEATS];
    sapper_match_returns(m, r);
    sapper_proto_put_end(o, sapper_match_fault(m) ? NULL : r, s->players);
    s->conns[i].over = 1;
}

static void update_watcher(server *s, int i)
{
    serve_conn *c = &s->conns[i];
    sapper_match *m = s->a->match;
    int over = sapper_match_to_move(m) == SAPPER_TERMINAL;
    if (c->shown && c->told == sapper_match_move_count(m) && !over)
        return;   /* nothing new */
    sapper_strbuf view = {0}, o = {0};
    if (put_view(s, i, -1, &view) == 0) {
        put_dids(s, i, -1, &o);
        sapper_strbuf_append(&o, view.data, view.len);
        if (over)
            put_end(s, i, &o);
        serve_send(s, i, o.data, o.len);
    }
    c->shown = 1;
    sapper_strbuf_free(&view);
    sapper_strbuf_free(&o);
}

/* A seat's turn: the others' moves, its view, its legal actions if it
   asked for them, `go`. */
static void ask_move(server *s, int i, int32_t seat)
{
    serve_conn *c = &s->conns[i];
    sapper_strbuf view = {0}, o = {0};
    if (put_view(s, i, seat, &view) == 0) {
        put_dids(s, i, seat, &o);
        sapper_strbuf_append(&o, view.data, view.len);
        if (c->hello.want_legal) {
            size_t n = 0;
            const int64_t *legal = sapper_match_legal(s->a->match, seat, &n);
            sapper_proto_put_legal(&o, legal, n);
        }
        sapper_proto_put_go(&o, s->move_seconds, -1);
        serve_send(s, i, o.data, o.len);
        c->step = LINES_GO;
    }
    sapper_strbuf_free(&view);
    sapper_strbuf_free(&o);
}

void serve_lines_update(server *s, int i)
{
    serve_conn *c = &s->conns[i];
    sapper_match *m = s->a->match;
    if (!m || c->step == LINES_HELLO || c->step == LINES_START || c->step == LINES_GO)
        return;
    if (c->game != s->played + 1 && s->on) {
        put_game(s, i, c->entry >= 0 ? serve_seat_of(s, c->entry) : -1);
        if (c->entry >= 0) {
            c->step = LINES_START;
            return;
        }
    }
    if (c->game != s->played + 1 || c->over)
        return;
    if (c->entry < 0) {
        update_watcher(s, i);
        return;
    }
    int32_t seat = serve_seat_of(s, c->entry);
    if (sapper_match_to_move(m) == SAPPER_TERMINAL) {
        sapper_strbuf o = {0};
        put_dids(s, i, seat, &o);
        put_end(s, i, &o);
        serve_send(s, i, o.data, o.len);
        sapper_strbuf_free(&o);
        c->step = LINES_END;
        c->asked = app_now();
    } else if (serve_owes(s, c->entry)) {
        ask_move(s, i, seat);
    }
}

/* A seat's answer to `go`: its actions, played in order while they are
   its to play; the first must be legal. */
static void read_move(server *s, int i, const char *line)
{
    serve_conn *c = &s->conns[i];
    int e = c->entry;
    int64_t ids[SAPPER_PROTO_MAX_ACTIONS];
    size_t n = 0;
    char why[600];
    c->step = LINES_IDLE;
    if (sapper_proto_read_move(&c->codec, line, ids, SAPPER_PROTO_MAX_ACTIONS, &n, why,
                               sizeof why)) {
        serve_sendf(s, i, "error %s\n", why);
        serve_forfeit(s, e, "protocol");
        return;
    }
    for (size_t k = 0; k < n && serve_owes(s, e); k++) {
        if (serve_move(s, e, ids[k], why, sizeof why) == 0)
            continue;
        if (k == 0) {
            serve_sendf(s, i, "error %s\n", why);
            serve_forfeit(s, e, "illegal");
        }
        break;
    }
}

static void read_hello(server *s, int i, const char *line)
{
    serve_conn *c = &s->conns[i];
    char why[600];
    if (sapper_proto_read_hello(&c->hello, line, why, sizeof why)) {
        serve_drop(s, i, why);
        return;
    }
    if (!c->hello.ready)
        return;
    if (!(c->hello.families & sapper_proto_family_bit(family_of(s)))) {
        snprintf(why, sizeof why, "this game's family is %s, which the bot does not "
                 "declare", family_of(s));
        serve_drop(s, i, why);
        return;
    }
    c->step = LINES_IDLE;
    serve_maybe_start(s, app_now());   /* it may be the seat the game waited for */
    serve_lines_update(s, i);
}

static void read_started(server *s, int i, const char *line)
{
    serve_conn *c = &s->conns[i];
    char why[600];
    int r = sapper_proto_read_started(line, why, sizeof why);
    c->step = LINES_IDLE;
    if (r != 0) {
        serve_log(s, "seat %d (%s): its answer to start: %s", c->entry + 1, c->name, why);
        serve_forfeit(s, c->entry, r > 0 ? "refused" : "protocol");
    }
}

void serve_lines_read(server *s, int i, const char *line)
{
    serve_conn *c = &s->conns[i];
    char why[600];
    if (c->entry < 0) {
        serve_sendf(s, i, "error a spectator sends nothing\n");
        if (++c->said > SERVE_WATCH_LINES)
            serve_drop(s, i, "too many lines from a spectator");
        return;
    }
    switch (c->step) {
    case LINES_HELLO:
        read_hello(s, i, line);
        return;
    case LINES_START:
        read_started(s, i, line);
        break;
    case LINES_GO:
        read_move(s, i, line);
        break;
    case LINES_END:
        c->step = LINES_IDLE;
        if (sapper_proto_read_ended(line, why, sizeof why))
            serve_log(s, "seat %d (%s): its answer to end: %s", c->entry + 1, c->name, why);
        break;
    default:
        if (s->on && sapper_match_to_move(s->a->match) != SAPPER_TERMINAL) {
            serve_sendf(s, i, "error a line before it was asked for\n");
            serve_forfeit(s, c->entry, "protocol");
            break;
        }
        serve_drop(s, i, "a line before it was asked for");
        return;
    }
    serve_settle(s);
}
