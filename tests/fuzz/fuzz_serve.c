/*
 * fuzz_serve.c - fuzz target: what `sapper serve` reads from a client
 * (frontends/terminal/cli/serve_*.c), the bytes of one connection from
 * its join line on: the join line's words, then the seat protocol's
 * handshake, answers and actions, or a spectator's lines, or anything.
 *
 * Input: the first byte picks a game below (modulo their number), the
 * rest is what the client sends, fed through a socket pair in chunks of
 * 1 to 64 bytes (their sizes drawn from a generator the first byte
 * seeds, so a seed file is the game's byte and plain text), the server's loop
 * steps run between chunks as its poll loop would (read, flush, start,
 * tick, settle); the server's answers are read and dropped. A join that
 * asks for a terminal is skipped: its screen would be a process of its
 * own (serve_screen.c), outside this harness.
 *
 * The games' other seat is the hunter (in this process, as with
 * --sandbox none) or, for the second game, a spectator's game that never
 * starts. The server's log and result lines go to /dev/null.
 *
 * Checks beyond the sanitizers: after every step, each seat held is held
 * by a live connection that says it holds it, and a connection that
 * holds a seat holds a remote one.
 */
#define _GNU_SOURCE   /* memmem */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fuzz_check.h"
#include "fuzz_app.h"
#include "serve.h"

static const char *const games[] = {
    "[game]\nrules = seeker\nseed = 7\n"
    "[rules]\nwidth = 6\nheight = 6\nmines = 11\nbomb = true\n"
    "[player.1]\nbot = human\n[player.2]\nbot = hunter\nlookahead = 1\n",
    "[game]\nrules = seeker\nseed = 3\n[rules]\nwidth = 5\nheight = 5\nmines = 7\n"
    "[player.1]\nbot = human\n[player.2]\nbot = human\n",
    "[game]\nrules = woodsword\nseed = 7\n[rules]\nmax_rounds = 20\n"
    "[player.1]\nbot = human\n[player.2]\nbot = arena-random\n",
};
#define NGAMES (sizeof games / sizeof games[0])
#define NCONNS 4

static app apps[NGAMES];
static char names[NGAMES][SAPPER_MAX_SEATS][SAPPER_NAME_MAX];   /* as resolved */
static FILE *null_out;

int LLVMFuzzerInitialize(int *argc, char ***argv);   /* libFuzzer calls it */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    unsetenv("HOME");
    unsetenv("XDG_DATA_HOME");
    signal(SIGPIPE, SIG_IGN);   /* a write after the server dropped us */
    null_out = getenv("FUZZ_SERVE_LOG") ? stderr : fopen("/dev/null", "w");
    for (size_t i = 0; i < NGAMES; i++) {
        fuzz_open_app(&apps[i], games[i], "fuzz_serve");
        apps[i].games = 1;
        for (int32_t e = 0; e < apps[i].setup.players; e++)
            memcpy(names[i][e], apps[i].setup.seats[e].name, SAPPER_NAME_MAX);
    }
    return 0;
}

static void check_seats(const server *s)
{
    for (int e = 0; e < s->players; e++) {
        int i = s->entries[e].conn;
        FUZZ_CHECK(i < 0 || (i < s->max_conns && s->conns[i].kind != CONN_FREE &&
                             s->conns[i].entry == e),
                   "seat %d held by connection %d, which does not hold it", e + 1, i);
        FUZZ_CHECK(i < 0 || s->entries[e].remote, "bot seat %d held by a client", e + 1);
    }
}

static void step(server *s, int i, int peer)
{
    char sink[65536];
    if (s->conns[i].kind != CONN_FREE)
        serve_read(s, i);
    if (s->conns[i].kind != CONN_FREE)
        serve_flush(s, i);
    serve_maybe_start(s, app_now());
    serve_tick(s, app_now());
    while (read(peer, sink, sizeof sink) > 0)
        ;
    check_seats(s);
}

static void play(server *s, uint32_t chunks, const uint8_t *data, size_t size)
{
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, pair) != 0)
        return;
    int i = serve_attach(s, pair[0], "fuzz");
    for (size_t at = 0; at < size;) {
        chunks = chunks * 1103515245u + 12345u;
        size_t n = 1 + (chunks >> 16) % 64;
        if (n > size - at)
            n = size - at;
        if (write(pair[1], data + at, n) < 0)
            break;
        at += n;
        step(s, i, pair[1]);
    }
    shutdown(pair[1], SHUT_WR);   /* the client goes: its seat waits */
    step(s, i, pair[1]);
    s->reconnect_seconds = 0;
    serve_tick(s, app_now() + 1);   /* and forfeits */
    check_seats(s);
    if (s->conns[i].kind != CONN_FREE)
        serve_drop(s, i, NULL);
    close(pair[1]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);   /* libFuzzer calls it */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || memmem(data, size, "terminal", 8))
        return 0;
    size_t g = data[0] % NGAMES;
    app *a = &apps[g];
    a->game_index = 0;
    serve_conn conns[NCONNS];
    server s = {.a = a, .log_out = null_out, .result_out = null_out, .listen_fd = -1,
                .code = "FUZZ-CODE", .reconnect_seconds = 60, .max_conns = NCONNS,
                .conns = conns, .players = a->setup.players, .games = 1, .local = -1};
    for (int i = 0; i < NCONNS; i++)
        conns[i] = (serve_conn){.kind = CONN_FREE, .fd = -1, .entry = -1};
    for (int e = 0; e < s.players; e++)
        s.entries[e] = (serve_entry){.remote = a->setup.seats[e].bot == NULL, .conn = -1};
    play(&s, data[0], data + 1, size - 1);
    for (int e = 0; e < s.players; e++)   /* the joiners' names back out */
        memcpy(a->setup.seats[e].name, names[g][e], SAPPER_NAME_MAX);
    sapper_match_free(a->match);
    a->match = NULL;
    return 0;
}
