/*
 * serve_conn.c - the connections of `sapper serve`: accepting them (at most
 * --max-connections), reading what they send without ever blocking, cut
 * into bounded lines, queueing what they are sent (bounded too), reading
 * the join line and giving its sender a seat or a spectator's place, and
 * dropping a client with a message that says why. A dropped seat waits
 * for its player to join again under the same name.
 */
#define _GNU_SOURCE   /* accept4 */
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <sys/socket.h>
#include <unistd.h>

void serve_log(server *s, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (s->local >= 0)
        sapper_strbuf_printf(&s->held_log, "sapper serve: %s\n", line);
    else
        fprintf(s->log_out, "sapper serve: %s\n", line);
}

void serve_print(server *s, const char *text)
{
    if (s->local >= 0) {
        sapper_strbuf_append(&s->held_out, text, strlen(text));
        return;
    }
    fputs(text, s->result_out);
    fflush(s->result_out);
}

static void name_peer(const struct sockaddr_storage *ss, char *out, size_t cap)
{
    char host[INET6_ADDRSTRLEN] = "?";
    int port = 0;
    if (ss->ss_family == AF_INET) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)ss;
        inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
        port = ntohs(in->sin_port);
        snprintf(out, cap, "%s:%d", host, port);
    } else if (ss->ss_family == AF_INET6) {
        const struct sockaddr_in6 *in = (const struct sockaddr_in6 *)ss;
        inet_ntop(AF_INET6, &in->sin6_addr, host, sizeof host);
        port = ntohs(in->sin6_port);
        snprintf(out, cap, "[%s]:%d", host, port);
    } else {
        snprintf(out, cap, "local");
    }
}

static int free_slot(const server *s)
{
    for (int i = 0; i < s->max_conns; i++)
        if (s->conns[i].kind == CONN_FREE)
            return i;
    return -1;
}

void serve_accept(server *s)
{
    for (;;) {
        struct sockaddr_storage ss;
        socklen_t len = sizeof ss;
        int fd = accept4(s->listen_fd, (struct sockaddr *)&ss, &len,
                         SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0)
            return;   /* EAGAIN: no more now; anything else: next time */
        char peer[80];
        name_peer(&ss, peer, sizeof peer);
        if (serve_attach(s, fd, peer) < 0) {
            static const char full[] = "error the server is full (--max-connections)\n";
            (void)!send(fd, full, sizeof full - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
            close(fd);
        }
    }
}

int serve_attach(server *s, int fd, const char *peer)
{
    int i = free_slot(s);
    if (i < 0)
        return -1;
    serve_conn *c = &s->conns[i];
    memset(c, 0, sizeof *c);
    c->kind = CONN_JOINING;
    c->fd = fd;
    c->entry = -1;
    c->since = app_now();
    snprintf(c->peer, sizeof c->peer, "%s", peer);
    return i;
}

void serve_flush(server *s, int i)
{
    serve_conn *c = &s->conns[i];
    while (c->sent < c->out.len) {
        ssize_t n = send(c->fd, c->out.data + c->sent, c->out.len - c->sent,
                         MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
                serve_drop(s, i, NULL);
            return;
        }
        c->sent += (size_t)n;
    }
    sapper_strbuf_clear(&c->out);
    c->sent = 0;
    if (c->closing)
        serve_drop(s, i, NULL);
}

void serve_send(server *s, int i, const char *text, size_t n)
{
    serve_conn *c = &s->conns[i];
    if (c->kind == CONN_FREE || c->closing)
        return;
    if (c->out.len - c->sent + n > SERVE_OUT_MAX) {
        serve_log(s, "%s (%s): dropped, it reads too slowly (%u bytes waiting)", c->peer,
                  c->name, SERVE_OUT_MAX);
        serve_drop(s, i, NULL);
        return;
    }
    sapper_strbuf_append(&c->out, text, n);
}

void serve_sendf(server *s, int i, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n > 0)
        serve_send(s, i, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* The seat held by i lets go: during a game it waits for a reconnect
   (serve_tick forfeits it later); between games it is free again. */
static void release_entry(server *s, int i)
{
    int e = s->conns[i].entry;
    if (e < 0 || s->entries[e].conn != i)
        return;
    s->entries[e].conn = -1;
    if (s->on)
        s->entries[e].gone = app_now();
    else if (s->played == 0)
        s->entries[e].name[0] = 0;
}

void serve_drop(server *s, int i, const char *why)
{
    serve_conn *c = &s->conns[i];
    if (c->kind == CONN_FREE)
        return;
    if (why) {   /* after what was queued for it, as far as it takes it now */
        serve_log(s, "%s%s%s: dropped: %s", c->peer, c->name[0] ? " " : "", c->name, why);
        sapper_strbuf_printf(&c->out, "error %.500s\n", why);
        if (c->out.len > c->sent)
            (void)!send(c->fd, c->out.data + c->sent, c->out.len - c->sent,
                        MSG_NOSIGNAL | MSG_DONTWAIT);
    } else if (c->name[0]) {
        serve_log(s, "%s %s: left", c->peer, c->name);
    }
    release_entry(s, i);
    close(c->fd);
    sapper_strbuf_free(&c->out);
    memset(c, 0, sizeof *c);
    c->kind = CONN_FREE;
    c->fd = -1;
    c->entry = -1;
}

void serve_expire(server *s, double now)
{
    for (int i = 0; i < s->max_conns; i++) {
        const serve_conn *c = &s->conns[i];
        if (c->kind == CONN_JOINING && now - c->since > SERVE_JOIN_SECONDS)
            serve_drop(s, i, "no join line within 10 seconds");
        else if (c->kind == CONN_LINES && c->step == LINES_HELLO &&
                 now - c->since > SERVE_JOIN_SECONDS + SAPPER_PROTO_START_SECONDS)
            serve_drop(s, i, "no handshake (up to `ready 1`) within 10 seconds of the join");
        else if (c->kind == CONN_LINES && c->step == LINES_END &&
                 now - c->asked > SAPPER_PROTO_START_SECONDS)
            serve_drop(s, i, "no answer to `end` within 10 seconds");
    }
}

/* The entry a player asks for: the seat given, else the seat kept for the
   same name (a reconnect), else the first free one. -1 with why. */
static int pick_entry(server *s, const sapper_net_join *j, char *why, size_t whycap)
{
    if (j->seat >= s->players) {
        snprintf(why, whycap, "seat %d: expected a seat from 1 to %d", (int)j->seat + 1,
                 s->players);
        return -1;
    }
    for (int e = 0; e < s->players; e++) {
        const serve_entry *en = &s->entries[e];
        if (j->seat >= 0 && e != j->seat)
            continue;
        if (!en->remote) {
            if (j->seat >= 0)
                snprintf(why, whycap, "seat %d is a bot's", e + 1);
            continue;
        }
        if (en->conn >= 0) {
            if (j->seat >= 0)
                snprintf(why, whycap, "seat %d is taken", e + 1);
            continue;
        }
        if (!en->name[0] || strcmp(en->name, j->name) == 0)
            return e;
        if (j->seat >= 0)
            snprintf(why, whycap, "seat %d is kept for %s", e + 1, en->name);
    }
    if (j->seat < 0)
        snprintf(why, whycap, "no free seat (join with --watch to look on)");
    return -1;
}

static void take_entry(server *s, int i, const sapper_net_join *j)
{
    serve_conn *c = &s->conns[i];
    char why[200];
    int e = pick_entry(s, j, why, sizeof why);
    if (e < 0) {
        serve_drop(s, i, why);
        return;
    }
    serve_entry *en = &s->entries[e];
    if (!en->name[0]) {
        if (j->name[0])
            snprintf(en->name, sizeof en->name, "%s", j->name);
        else
            snprintf(en->name, sizeof en->name, "anon_%d", e + 1);
    }
    snprintf(c->name, sizeof c->name, "%s", en->name);
    en->conn = i;
    en->gone = 0;
    c->entry = e;
    serve_log(s, "%s %s: takes seat %d", c->peer, c->name, e + 1);
}

/* A spectator's place: every bundled family has a public view; a
   ruleset without one is never shown to one. */
static int watchable(const server *s)
{
    const char *f = s->a->setup.rules->desc.family;
    return sapper_proto_family_bit(f ? f : "") != 0;
}

int serve_join(server *s, int i, const sapper_net_join *j)
{
    serve_conn *c = &s->conns[i];
    if (j->mode == SAPPER_NET_WATCH && !watchable(s)) {
        serve_drop(s, i, "this ruleset's positions cannot be shown to a spectator");
        return -1;
    }
    if (j->mode == SAPPER_NET_PLAY)
        take_entry(s, i, j);
    else
        snprintf(c->name, sizeof c->name, "%s", j->name[0] ? j->name : "spectator");
    if (c->kind == CONN_FREE)
        return -1;
    if (c->entry >= 0)
        serve_sendf(s, i, "welcome seat %d of %d %s\n", c->entry + 1, s->players, c->name);
    else
        serve_sendf(s, i, "welcome watch %d\n", s->players);
    if (j->terminal) {
        if (s->local != i)
            serve_flush(s, i);
        sapper_strbuf_clear(&c->out);   /* the server's own screen: no welcome */
        c->sent = 0;
        return s->conns[i].kind == CONN_FREE ? -1 : serve_screen_begin(s, i, j);
    }
    c->kind = CONN_LINES;
    serve_lines_begin(s, i);
    return 0;
}

static void read_join(server *s, int i, const char *line)
{
    sapper_net_join j;
    char why[400];
    if (sapper_net_read_join(line, &j, why, sizeof why)) {
        serve_drop(s, i, why);
        return;
    }
    if (!sapper_net_code_equal(s->code, j.code)) {
        serve_drop(s, i, "wrong join code");
        return;
    }
    serve_join(s, i, &j);
}

static void take_lines(server *s, int i)
{
    char line[SAPPER_PROTO_LINE_MAX + 1];
    for (;;) {
        serve_conn *c = &s->conns[i];
        if (c->kind == CONN_FREE || c->closing)
            return;
        int r = sapper_proto_take_line(&c->in, line);
        if (r == 0)
            return;
        if (r < 0) {
            serve_drop(s, i, "a line over 8192 bytes or with a NUL byte");
            return;
        }
        if (c->kind == CONN_JOINING) {
            read_join(s, i, line);
            if (s->conns[i].kind == CONN_SCREEN) {
                s->conns[i].in.len = 0;   /* what came with the join line was the
                                             client's, never our screen's words */
                return;
            }
        } else if (c->kind == CONN_LINES)
            serve_lines_read(s, i, line);
        else
            serve_screen_read(s, i, line);
    }
}

void serve_read(server *s, int i)
{
    char buf[16384];
    for (int rounds = 0; rounds < 16; rounds++) {   /* then the others' turn */
        serve_conn *c = &s->conns[i];
        if (c->kind == CONN_FREE)
            return;
        ssize_t n = recv(c->fd, buf, sizeof buf, MSG_DONTWAIT);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0) {
            serve_drop(s, i, NULL);
            return;
        }
        size_t left = (size_t)n;
        int was = s->conns[i].kind;
        while (left > 0 && s->conns[i].kind != CONN_FREE &&
               !(was == CONN_JOINING && s->conns[i].kind == CONN_SCREEN)) {
            sapper_proto_feed(&s->conns[i].in, buf + ((size_t)n - left), &left);
            take_lines(s, i);
        }
    }
}
