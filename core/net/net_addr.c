/*
 * net_addr.c - HOST:PORT read from the command line, a socket listening on
 * exactly that address, and a connection to it with a time limit.
 */
#define _GNU_SOURCE
#include "net.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int bad_addr(const char *text, const char *what, char *err, size_t errcap)
{
    snprintf(err, errcap, "expected HOST:PORT or [IPV6]:PORT with a port from 1 to "
             "65535, found \"%.200s\" (%s)", text, what);
    return -1;
}

static int read_port(const char *s, char *port)
{
    char *end;
    errno = 0;
    long v = s[0] >= '0' && s[0] <= '9' ? strtol(s, &end, 10) : 0;
    if (v < 1 || v > 65535 || errno || *end)
        return -1;
    snprintf(port, 6, "%ld", v);
    return 0;
}

int sapper_net_parse_addr(const char *text, sapper_net_addr *out, char *err, size_t errcap)
{
    memset(out, 0, sizeof *out);
    const char *colon, *host = text;
    size_t hostlen;
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (!close || close[1] != ':')
            return bad_addr(text, "an IPv6 address needs [...]:PORT", err, errcap);
        host = text + 1;
        hostlen = (size_t)(close - host);
        colon = close + 1;
    } else {
        colon = strrchr(text, ':');
        if (!colon || memchr(text, ':', (size_t)(colon - text)))
            return bad_addr(text, colon ? "an IPv6 address goes in brackets"
                                        : "no port", err, errcap);
        hostlen = (size_t)(colon - text);
    }
    if (hostlen == 0 || hostlen >= sizeof out->host)
        return bad_addr(text, hostlen ? "the host is too long" : "no host", err, errcap);
    if (read_port(colon + 1, out->port))
        return bad_addr(text, "the port", err, errcap);
    memcpy(out->host, host, hostlen);
    return 0;
}

static struct addrinfo *resolve(const sapper_net_addr *a, int passive, char *err,
                                size_t errcap)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0)};
    struct addrinfo *res = NULL;
    int rc = getaddrinfo(a->host, a->port, &hints, &res);
    if (rc != 0) {
        snprintf(err, errcap, "%s: cannot resolve the host: %s", a->host, gai_strerror(rc));
        return NULL;
    }
    return res;
}

static void show(const struct addrinfo *ai, const char *port, char *shown, size_t cap)
{
    char host[NI_MAXHOST] = "?";
    getnameinfo(ai->ai_addr, ai->ai_addrlen, host, sizeof host, NULL, 0, NI_NUMERICHOST);
    snprintf(shown, cap, ai->ai_family == AF_INET6 ? "[%s]:%s" : "%s:%s", host, port);
}

int sapper_net_listen(const sapper_net_addr *a, char *shown, size_t showncap,
                      char *err, size_t errcap)
{
    struct addrinfo *ai = resolve(a, 1, err, errcap);
    if (!ai)
        return -1;
    int one = 1;
    int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                    ai->ai_protocol);
    if (fd >= 0) {
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (ai->ai_family == AF_INET6)
            setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    }
    show(ai, a->port, shown, showncap);
    if (fd < 0 || bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 64) != 0) {
        snprintf(err, errcap, "%s: cannot listen: %s", shown, strerror(errno));
        if (fd >= 0)
            close(fd);
        fd = -1;
    }
    freeaddrinfo(ai);
    return fd;
}

/* A connect to one address, waiting at most ms. */
static int connect_one(const struct addrinfo *ai, int ms)
{
    int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                    ai->ai_protocol);
    if (fd < 0)
        return -1;
    int rc = connect(fd, ai->ai_addr, ai->ai_addrlen);
    if (rc != 0 && errno == EINPROGRESS) {
        struct pollfd p = {.fd = fd, .events = POLLOUT};
        int soerr = ETIMEDOUT;
        socklen_t len = sizeof soerr;
        if (poll(&p, 1, ms) == 1)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &len);
        errno = soerr;
        rc = soerr ? -1 : 0;
    }
    if (rc != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

int sapper_net_connect(const sapper_net_addr *a, double seconds, char *err, size_t errcap)
{
    struct addrinfo *res = resolve(a, 0, err, errcap);
    if (!res)
        return -1;
    int fd = -1, e = ECONNREFUSED;
    for (struct addrinfo *ai = res; ai && fd < 0; ai = ai->ai_next) {
        fd = connect_one(ai, (int)(seconds * 1000));
        e = errno;
    }
    freeaddrinfo(res);
    if (fd < 0)
        snprintf(err, errcap, "%s:%s: cannot connect: %s", a->host, a->port, strerror(e));
    return fd;
}
