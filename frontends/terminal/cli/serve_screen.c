/*
 * serve_screen.c - a terminal client of `sapper serve`: its connection goes
 * to a process of the server's own that draws the curses screens on it
 * (remote_curses.c), and the server's loop keeps only a socket pair with
 * that process, to tell it the games and hear its person's moves. The
 * process is started twice removed (its parent exits at once), so it is
 * never a child the server must wait for, and it ends when the pair or
 * the client closes. A slow client blocks only that process.
 */
#define _GNU_SOURCE   /* close_range */
#include "commands.h"
#include "curses_ui.h"
#include "serve.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the screen's process: only its two descriptors and the standard
   ones stay open (not the listener, the other clients or the bots'). */
static void screen_process(server *s, int client, int pair, const sapper_net_join *j,
                           int linger)
{
    signal(SIGINT, SIG_IGN);   /* the server's Ctrl-C is the server's */
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_IGN);
    if (dup2(client, 3) < 0 || dup2(pair, 4) < 0)
        _exit(1);
    close_range(5, ~0u, 0);
    fcntl(3, F_SETFL, fcntl(3, F_GETFL) & ~O_NONBLOCK);
    _exit(ui_remote_run(s->a, 3, 4, j, linger));
}

int serve_screen_begin(server *s, int i, const sapper_net_join *j)
{
    serve_conn *c = &s->conns[i];
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
        serve_drop(s, i, "the server cannot start a screen now");
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(pair[0]);
        if (fork() == 0)
            screen_process(s, c->fd, pair[1], j, i != s->local);
        _exit(0);
    }
    close(pair[1]);
    if (pid < 0) {
        close(pair[0]);
        serve_drop(s, i, "the server cannot start a screen now");
        return -1;
    }
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    close(c->fd);   /* the screen's now */
    c->fd = pair[0];
    fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
    c->kind = CONN_SCREEN;
    c->game = 0;
    serve_screen_update(s, i);
    return 0;
}

/* The fault that ended the game, in the screen's words. */
static void send_fault(server *s, int i)
{
    const sapper_fault *f = sapper_match_fault(s->a->match);
    if (!f)
        return;
    if (f->kind == SAPPER_FAULT_VOID || f->seat < 0)
        serve_sendf(s, i, "void %.500s\n", f->detail);
    else
        serve_sendf(s, i, "forfeit %d %.500s\n", (int)f->seat, f->detail);
}

void serve_screen_update(server *s, int i)
{
    serve_conn *c = &s->conns[i];
    sapper_match *m = s->a->match;
    if (!m || (!s->on && c->game != s->played))
        return;   /* no game yet, or the last one's end already told */
    if (s->on && c->game != s->played + 1) {
        for (int32_t seat = 0; seat < s->players; seat++)
            serve_sendf(s, i, "name %d %s\n", (int)seat, s->a->setup.seats[seat].name);
        serve_sendf(s, i, "game %llu %d\n", (unsigned long long)sapper_match_seed(m),
                    c->entry >= 0 ? (int)serve_seat_of(s, c->entry) : -1);
        c->game = s->played + 1;
        c->told = 0;
        c->over = 0;
    }
    for (size_t n = sapper_match_move_count(m); c->told < n; c->told++) {
        const sapper_move *mv = sapper_match_move(m, c->told);
        serve_sendf(s, i, "did %d %lld\n", (int)mv->seat, (long long)mv->action);
    }
    if (!c->over && sapper_match_to_move(m) == SAPPER_TERMINAL) {
        send_fault(s, i);
        c->over = 1;
    }
}

void serve_screen_read(server *s, int i, const char *line)
{
    serve_conn *c = &s->conns[i];
    char why[600];
    if (strncmp(line, "move ", 5) != 0 || c->entry < 0)
        return;
    if (serve_move(s, c->entry, strtoll(line + 5, NULL, 10), why, sizeof why) != 0) {
        serve_sendf(s, i, "no %.500s\n", why);
        return;
    }
    serve_send(s, i, "ok\n", 3);
    serve_settle(s);
}

/* The server's own terminal: a screen like a client's, on /dev/tty, taking
   a seat as a client's join would (its name the login's). */
int serve_local_begin(server *s, int entry)
{
    int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        app_error("--play/--watch: the server's own screen needs a terminal: %s",
                  strerror(errno));
        return -1;
    }
    sapper_net_join j = {.seat = entry, .mode = entry >= 0 ? SAPPER_NET_PLAY : SAPPER_NET_WATCH,
                         .terminal = 1};
    const char *user = getenv("USER"), *term = getenv("TERM");
    sapper_net_clean_name(user && user[0] ? user : "host", j.name);
    snprintf(j.term, sizeof j.term, "%s", term && term[0] ? term : "xterm");
    struct winsize ws = {0};
    ioctl(fd, TIOCGWINSZ, &ws);
    j.rows = ws.ws_row ? ws.ws_row : 24;
    j.cols = ws.ws_col ? ws.ws_col : 80;
    int i = serve_attach(s, fd, "this terminal");
    if (i < 0) {
        close(fd);
        return -1;
    }
    s->local = i;   /* from here the log waits for the screen to close */
    if (serve_join(s, i, &j) != 0) {
        s->local = -1;
        return -1;
    }
    return 0;
}

void serve_local_end(server *s)
{
    int i = s->local;
    if (i < 0)
        return;
    serve_conn *c = &s->conns[i];
    if (c->kind == CONN_SCREEN) {
        shutdown(c->fd, SHUT_WR);   /* the screen ends, the terminal is put back */
        fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) & ~O_NONBLOCK);
        struct pollfd p = {.fd = c->fd, .events = POLLIN};
        char buf[256];
        double until = app_now() + 2.0;
        while (app_now() < until && poll(&p, 1, 100) >= 0)
            if ((p.revents & (POLLIN | POLLHUP)) && read(c->fd, buf, sizeof buf) <= 0)
                break;
    }
    s->local = -1;
    fputs(sapper_strbuf_str(&s->held_log), s->log_out);
    fputs(sapper_strbuf_str(&s->held_out), s->result_out);
    fflush(NULL);
    sapper_strbuf_free(&s->held_log);
    sapper_strbuf_free(&s->held_out);
    serve_drop(s, i, NULL);
}
