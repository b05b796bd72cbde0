/*
 * serve_cmd.c - `sapper serve CONFIG --listen HOST:PORT [--code C]
 * [--games N] [--move-time S] [--reconnect S] [--max-connections N]
 * [--play N | --watch] [--record FILE]`: hosts one game, or a series, whose "human" seats are
 * taken by people and programs that join over the network (`sapper join`),
 * the other seats played by the config's bots, sandboxed as in `play`.
 * It prints the address and the join code, waits for the seats, plays,
 * prints a `result` line a game and records the games with --record.
 * With --play N its own terminal takes seat N, with --watch it looks on,
 * through the same screens as a client's (serve_screen.c).
 *
 * One thread, one poll() loop with a 100 ms tick: no read or write of a
 * client ever blocks, so no client can stall another (docs/PROTOCOL.md,
 * "Over a network", says why plain poll and not an event library).
 */
#include "commands.h"
#include "serve.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#define SERVE_TICK_MS 100
#define SERVE_CONNS_DEFAULT 64
#define SERVE_CONNS_MAX 4096

typedef struct serve_args {
    const char *listen, *code;
    double move_seconds, reconnect_seconds;
    long max_conns;
    int local;                  /* --play N: N; --watch: -1; 0: neither */
    char *rest[APP_MAX_OVERRIDES + 16];   /* for app_open */
    int nrest;
} serve_args;

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

static int number(const char *opt, const char *text, double min, double max, double *out)
{
    char *end;
    errno = 0;
    double v = text ? strtod(text, &end) : 0;
    int whole = strcmp(opt, "--play") == 0 || strcmp(opt, "--max-connections") == 0;
    if (!text || errno || end == text || *end || !(v >= min && v <= max) ||
        (whole && v != (double)(long)v)) {
        app_error("%s: expected %s from %g to %g, found \"%s\"", opt,
                  whole ? "a whole number" : "a number of seconds", min, max,
                  text ? text : "nothing");
        return EXIT_USAGE;
    }
    *out = v;
    return 0;
}

static int take_arg(serve_args *sa, int argc, char **argv, int *i)
{
    const char *o = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
    double d;
    int rc = 0;
    if (strcmp(o, "--watch") == 0) {
        sa->local = -1;
        return 0;
    }
    if (strcmp(o, "--listen") == 0)
        sa->listen = v;
    else if (strcmp(o, "--code") == 0)
        sa->code = v;
    else if (strcmp(o, "--move-time") == 0)
        rc = number(o, v, 0, 86400, &sa->move_seconds);
    else if (strcmp(o, "--reconnect") == 0)
        rc = number(o, v, 0, 86400, &sa->reconnect_seconds);
    else if (strcmp(o, "--play") == 0) {
        rc = number(o, v, 1, SAPPER_MAX_SEATS, &d);
        sa->local = (int)d;
    } else if (strcmp(o, "--max-connections") == 0) {
        rc = number(o, v, 1, SERVE_CONNS_MAX, &d);
        sa->max_conns = (long)d;
    } else {
        if (sa->nrest >= (int)(sizeof sa->rest / sizeof sa->rest[0])) {
            app_error("too many arguments");
            return EXIT_USAGE;
        }
        sa->rest[sa->nrest++] = argv[*i];
        return 0;
    }
    if (!v && !rc) {
        app_error("%s: expected a value after it, found the end of the line", o);
        return EXIT_USAGE;
    }
    ++*i;
    return rc;
}

static int parse(serve_args *sa, int argc, char **argv)
{
    *sa = (serve_args){.reconnect_seconds = 60, .max_conns = SERVE_CONNS_DEFAULT};
    for (int i = 0; i < argc; i++) {
        int rc = take_arg(sa, argc, argv, &i);
        if (rc)
            return rc;
    }
    if (!sa->listen) {
        app_error("serve: expected --listen HOST:PORT (e.g. --listen 127.0.0.1:7000), "
                  "found none");
        return EXIT_USAGE;
    }
    if (sa->code && (strlen(sa->code) < 4 || strlen(sa->code) > SAPPER_NET_CODE_LEN + 6 ||
                     strspn(sa->code, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") !=
                         strlen(sa->code))) {
        app_error("--code: expected 4 to %d capital letters, digits or '-', found \"%s\"",
                  SAPPER_NET_CODE_LEN + 6, sa->code);
        return EXIT_USAGE;
    }
    return 0;
}

static int count_remote(server *s)
{
    int n = 0;
    for (int e = 0; e < s->players; e++) {
        s->entries[e].remote = s->a->setup.seats[e].bot == NULL;
        s->entries[e].conn = -1;
        n += s->entries[e].remote;
    }
    return n;
}

static int open_server(server *s, const serve_args *sa)
{
    sapper_net_addr addr;
    char err[600];
    if (sapper_net_parse_addr(sa->listen, &addr, err, sizeof err)) {
        app_error("--listen: %s", err);
        return EXIT_USAGE;
    }
    s->players = s->a->setup.players;
    if (count_remote(s) == 0) {
        app_error("serve: expected at least one seat for a remote player (bot = human in "
                  "a [player.N] section), found only bots; use sapper run for those");
        return EXIT_USAGE;
    }
    s->listen_fd = sapper_net_listen(&addr, s->shown, sizeof s->shown, err, sizeof err);
    if (s->listen_fd < 0) {
        app_error("--listen: %s", err);
        return EXIT_USAGE;
    }
    if (sa->code)
        snprintf(s->code, sizeof s->code, "%s", sa->code);
    else
        sapper_net_new_code(s->code);
    s->max_conns = (int)sa->max_conns;
    s->conns = calloc((size_t)s->max_conns, sizeof *s->conns);
    if (!s->conns) {
        app_error("out of memory");
        return 1;
    }
    for (int i = 0; i < s->max_conns; i++)
        s->conns[i].fd = -1;
    s->local = -1;
    s->move_seconds = sa->move_seconds;
    s->reconnect_seconds = sa->reconnect_seconds;
    s->games = s->a->games;
    return 0;
}

static void announce(server *s)
{
    int remote = 0;
    for (int e = 0; e < s->players; e++)
        remote += s->entries[e].remote;
    serve_log(s, "%s, %ld %s, %d of %d seats remote: listening on %s", s->a->setup.rules->desc.id,
              s->games, app_plural(s->games, "game", "games"), remote, s->players, s->shown);
    serve_log(s, "join with: sapper join %s --code %s", s->shown, s->code);
}

/* The poll set: the listener first, then every connection. */
static nfds_t poll_set(const server *s, struct pollfd *p, int *which)
{
    nfds_t n = 0;
    p[n++] = (struct pollfd){.fd = s->stop ? -1 : s->listen_fd, .events = POLLIN};
    for (int i = 0; i < s->max_conns; i++) {
        const serve_conn *c = &s->conns[i];
        if (c->kind == CONN_FREE)
            continue;
        which[n] = i;
        p[n++] = (struct pollfd){.fd = c->fd, .events = (short)(POLLIN |
                                 (c->out.len > c->sent ? POLLOUT : 0))};
    }
    return n;
}

/* Words still on their way: output not yet written, or a seat's answer
   to `end` not yet read (closing first would cut it off). */
static int unfinished(const server *s)
{
    for (int i = 0; i < s->max_conns; i++) {
        const serve_conn *c = &s->conns[i];
        if (c->kind != CONN_FREE && (c->out.len > c->sent ||
                                     (c->kind == CONN_LINES && c->step == LINES_END)))
            return 1;
    }
    return 0;
}

/* As `sapper play` after Ctrl-C: the game in progress is recorded
   unfinished (it replays so), and the server stops. */
static void interrupted(server *s)
{
    serve_log(s, "stopped by signal %d", (int)stop_signal);
    if (s->on)
        serve_end_game(s);
    s->stop = 1;
    s->status = 130;
    stop_signal = 0;
}

static void loop(server *s)
{
    struct pollfd *p = calloc((size_t)s->max_conns + 1, sizeof *p);
    int *which = calloc((size_t)s->max_conns + 1, sizeof *which);
    double done_at = 0;
    while (p && which) {
        nfds_t n = poll_set(s, p, which);
        poll(p, n, SERVE_TICK_MS);
        if (stop_signal)
            interrupted(s);
        if (p[0].revents & POLLIN)
            serve_accept(s);
        for (nfds_t k = 1; k < n; k++) {
            if (p[k].revents & (POLLIN | POLLHUP | POLLERR))
                serve_read(s, which[k]);
            if (s->conns[which[k]].kind != CONN_FREE && (p[k].revents & POLLOUT))
                serve_flush(s, which[k]);
        }
        double now = app_now();
        serve_expire(s, now);
        serve_tick(s, now);
        serve_maybe_start(s, now);
        if (s->stop && done_at == 0)
            done_at = now;
        if (s->stop && (!unfinished(s) || now - done_at > 2.0))
            break;   /* the last words written, or 2 s given to them */
    }
    free(p);
    free(which);
}

static void close_server(server *s)
{
    for (int i = 0; s->conns && i < s->max_conns; i++)
        if (s->conns[i].kind != CONN_FREE)
            serve_drop(s, i, NULL);
    free(s->conns);
    if (s->listen_fd >= 0)
        close(s->listen_fd);
}

int cmd_serve(int argc, char **argv)
{
    serve_args sa;
    int rc = parse(&sa, argc, argv);
    if (rc)
        return rc;
    app a = {.prog = "serve"};
    rc = app_open(&a, sa.nrest, sa.rest, APP_OPT_RECORD | APP_OPT_GAMES | APP_OPT_SANDBOX |
                                         APP_OPT_WIDE_SEED);
    server s = {.a = &a, .listen_fd = -1, .log_out = stderr, .result_out = stdout};
    rc = rc ? rc : open_server(&s, &sa);
    if (!rc) {
        struct sigaction act = {.sa_handler = on_stop}, old_int, old_term;
        sigemptyset(&act.sa_mask);
        sigaction(SIGINT, &act, &old_int);
        sigaction(SIGTERM, &act, &old_term);
        signal(SIGPIPE, SIG_IGN);
        announce(&s);
        if (sa.local > s.players || (sa.local > 0 && !s.entries[sa.local - 1].remote)) {
            app_error("--play %d: expected a \"human\" seat of the config, found %s", sa.local,
                      sa.local > s.players ? "no such seat" : "a bot's");
            s.status = EXIT_USAGE;
        } else if (!sa.local || serve_local_begin(&s, sa.local > 0 ? sa.local - 1 : -1) == 0) {
            loop(&s);
        } else {
            s.status = EXIT_USAGE;
        }
        serve_local_end(&s);
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGTERM, &old_term, NULL);
        rc = s.status;
    }
    close_server(&s);
    app_close(&a);
    return rc;
}
