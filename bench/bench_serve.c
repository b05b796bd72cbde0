/*
 * bench_serve.c - what `sapper serve` costs (issue 28): the round trip of
 * a move over loopback, and many games at once, each its own server.
 *
 *   bench_serve [GAMES] [SERVERS]
 *
 * 1. One server hosts GAMES (200) Mine-Seeker games in a series, both
 *    seats remote; this program is both clients, speaking the seat
 *    protocol by hand, each answering `go` with the first hidden cell.
 *    The round trip is the time from writing `move` to reading the next
 *    `go` (of either seat): the server reading the line, the rules
 *    applying it, the next seat's view written and read back.
 * 2. SERVERS (200) servers at once, one game each, all played by this
 *    program from one poll loop over their 2 x SERVERS connections; each
 *    server's CPU (user + sys) and peak memory come from wait4.
 *
 * A server hosts one game (or a series) at a time: concurrent games are
 * concurrent processes, so their cost per game is what part 2 measures.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_util.h"

#define CODE "BENCH-CODE"
#define MAX_ROWS 64

typedef struct client {
    int fd;
    char buf[65536];
    size_t len;
    char rows[MAX_ROWS][MAX_ROWS + 1];
    int h, row, reading;     /* a view being read: rows left */
    double sent;             /* when its last move went, 0 none */
    int done;
} client;

typedef struct lat {
    double *v;
    int n, cap;
    double *pending;         /* the move in flight, for whichever seat goes next */
} lat;

/* user + sys of a finished child */
static double cpu_of(const struct rusage *ru)
{
    return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec * 1e-6 +
           (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec * 1e-6;
}

static pid_t start_server(int port, int games)
{
    char listen[32], ngames[16];
    snprintf(listen, sizeof listen, "127.0.0.1:%d", port);
    snprintf(ngames, sizeof ngames, "%d", games);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", 1);
        dup2(null, 1);
        dup2(null, 2);
        execl(SAPPER_BINARY, "sapper", "serve", SAPPER_SOURCE "/config/seeker.ini",
              "player.2.bot=human", "--listen", listen, "--code", CODE, "--games", ngames,
              (char *)NULL);
        _exit(127);
    }
    return pid;
}

static int connect_to(int port)
{
    for (int tries = 0; tries < 200; tries++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                                .sin_addr.s_addr = htonl(0x7f000001)};
        if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0)
            return fd;
        close(fd);
        usleep(20000);   /* the server is still starting */
    }
    return -1;
}

static void say(client *c, const char *text)
{
    size_t n = strlen(text);
    if (write(c->fd, text, n) != (ssize_t)n)
        c->done = 1;
}

static void note_go(lat *l)
{
    if (l && l->pending && *l->pending != 0) {
        if (l->n == l->cap) {
            l->cap = l->cap ? 2 * l->cap : 4096;
            l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
        }
        l->v[l->n++] = (bench_now() - *l->pending) * 1e6;
        *l->pending = 0;
    }
}

static void answer_go(client *c, lat *l)
{
    note_go(l);
    for (int y = 0; y < c->h; y++)
        for (int x = 0; c->rows[y][x]; x++)
            if (c->rows[y][x] == '?') {
                char move[64];
                snprintf(move, sizeof move, "move reveal %d %d\n", x, y);
                c->sent = bench_now();
                if (l)
                    l->pending = &c->sent;
                say(c, move);
                return;
            }
}

static void on_line(client *c, char *line, lat *l)
{
    if (c->reading > 0) {
        if (c->row >= 0 && c->row < MAX_ROWS && strncmp(line, "row ", 4) == 0)
            snprintf(c->rows[c->row++], sizeof c->rows[0], "%s", line + 4);
        else if (strncmp(line, "info ", 5) == 0)
            c->row = 0;
        if (c->row == c->h)
            c->reading = 0;
        return;
    }
    if (strcmp(line, "sapper 1") == 0)
        say(c, "id bench\nfamily mines\nready 1\n");
    else if (strcmp(line, "start") == 0 || strncmp(line, "end", 3) == 0)
        say(c, "ok\n");
    else if (strncmp(line, "view mines ", 11) == 0) {
        c->h = atoi(strchr(line + 11, ' ') + 1);
        c->h = c->h > MAX_ROWS ? MAX_ROWS : c->h;
        c->reading = 1;
        c->row = -1;
    } else if (strncmp(line, "go ", 3) == 0)
        answer_go(c, l);
}

/* Reads what c's server sent and answers it; 0 when the server closed. */
static int serve_client(client *c, lat *l)
{
    ssize_t n = read(c->fd, c->buf + c->len, sizeof c->buf - c->len - 1);
    if (n <= 0)
        return 0;
    c->len += (size_t)n;
    char *start = c->buf, *nl;
    while ((nl = memchr(start, '\n', c->len - (size_t)(start - c->buf)))) {
        *nl = 0;
        on_line(c, start, l);
        start = nl + 1;
    }
    c->len -= (size_t)(start - c->buf);
    memmove(c->buf, start, c->len);
    return 1;
}

static int join(client *c, int port, int seat)
{
    memset(c, 0, sizeof *c);
    c->fd = connect_to(port);
    if (c->fd < 0)
        return -1;
    char line[128];
    snprintf(line, sizeof line, "join 1 code=%s name=b%d seat=%d mode=play screen=lines\n",
             CODE, seat, seat);
    say(c, line);
    return 0;
}

/* Plays every client until each server has closed. */
static void play_all(client *cs, int n, lat *l)
{
    struct pollfd *p = calloc((size_t)n, sizeof *p);
    int open_ = n;
    while (open_ > 0) {
        for (int i = 0; i < n; i++)
            p[i] = (struct pollfd){.fd = cs[i].done ? -1 : cs[i].fd, .events = POLLIN};
        if (poll(p, (nfds_t)n, 10000) <= 0)
            break;
        for (int i = 0; i < n; i++)
            if (p[i].revents && !serve_client(&cs[i], l)) {
                cs[i].done = 1;
                close(cs[i].fd);
                open_--;
            }
    }
    free(p);
}

static void round_trips(int games, int port)
{
    pid_t pid = start_server(port, games);
    client cs[2];
    lat l = {0};
    if (join(&cs[0], port, 1) || join(&cs[1], port, 2)) {
        fprintf(stderr, "bench_serve: cannot reach the server on port %d\n", port);
        exit(1);
    }
    double t0 = bench_now();
    play_all(cs, 2, &l);
    double wall = bench_now() - t0;
    int status;
    struct rusage ru;
    wait4(pid, &status, 0, &ru);
    double cpu = cpu_of(&ru);
    int moves = l.n;
    printf("one server, %d seeker games in a series, both seats remote over 127.0.0.1:\n",
           games);
    printf("  %d moves in %.2f s; the round trip of a move: median %.1f us, p99 %.1f us\n",
           moves, wall, bench_quantile(l.v, moves, 0.5), bench_quantile(l.v, moves, 0.99));
    printf("  the server's CPU: %.1f us a move, peak memory %ld kB\n", cpu / moves * 1e6,
           ru.ru_maxrss);
    free(l.v);
}

static void concurrent(int servers, int port)
{
    pid_t *pids = calloc((size_t)servers, sizeof *pids);
    client *cs = calloc((size_t)servers * 2, sizeof *cs);
    double t0 = bench_now();
    for (int k = 0; k < servers; k++)
        pids[k] = start_server(port + k, 1);
    for (int k = 0; k < servers; k++)
        if (join(&cs[2 * k], port + k, 1) || join(&cs[2 * k + 1], port + k, 2)) {
            fprintf(stderr, "bench_serve: cannot reach server %d\n", k);
            exit(1);
        }
    play_all(cs, 2 * servers, NULL);
    double wall = bench_now() - t0, cpu = 0;
    long rss_max = 0, rss_sum = 0;
    for (int k = 0; k < servers; k++) {
        int status;
        struct rusage ru;
        wait4(pids[k], &status, 0, &ru);
        cpu += cpu_of(&ru);
        rss_sum += ru.ru_maxrss;
        rss_max = ru.ru_maxrss > rss_max ? ru.ru_maxrss : rss_max;
    }
    printf("%d servers at once, one seeker game each, 2 remote seats each (one client "
           "process, %d connections):\n", servers, 2 * servers);
    printf("  all done in %.2f s wall (start-up included); per game: %.1f ms of server CPU, "
           "peak memory %ld kB (largest %ld kB)\n",
           wall, cpu / servers * 1e3, rss_sum / servers, rss_max);
    free(pids);
    free(cs);
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 200, servers = argc > 2 ? atoi(argv[2]) : 200;
    if (servers > 2000) {
        fprintf(stderr, "bench_serve: at most 2000 servers (their ports)\n");
        return 2;
    }
    int port = 20000 + (int)(getpid() % 10000);   /* below the ephemeral ports */
    signal(SIGPIPE, SIG_IGN);
    round_trips(games > 0 ? games : 200, port);
    concurrent(servers > 0 ? servers : 200, port + 1);
    return 0;
}
