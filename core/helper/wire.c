/*
 * wire.c - building, parsing and moving the frames of wire.h. No policy:
 * what a frame means is sandbox_call.c's (engine side) and bothost.c's.
 */
#include "wire.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

void sapper_wire_clear(sapper_wire_out *o)
{
    o->len = 0;
    o->failed = 0;
}

void sapper_wire_free(sapper_wire_out *o)
{
    free(o->data);
    *o = (sapper_wire_out){0};
}

void sapper_wire_put(sapper_wire_out *o, const void *p, size_t n)
{
    if (o->failed)
        return;
    if (o->len + n > SAPPER_WIRE_MAX) {
        o->failed = 1;
        return;
    }
    if (o->len + n > o->cap) {
        size_t cap = o->cap ? o->cap : 256;
        while (cap < o->len + n)
            cap *= 2;
        unsigned char *d = realloc(o->data, cap);
        if (!d) {
            o->failed = 1;
            return;
        }
        o->data = d;
        o->cap = cap;
    }
    if (n)
        memcpy(o->data + o->len, p, n);
    o->len += n;
}

void sapper_wire_put_u32(sapper_wire_out *o, uint32_t v)
{
    sapper_wire_put(o, &v, sizeof v);
}

void sapper_wire_put_i64(sapper_wire_out *o, int64_t v)
{
    sapper_wire_put(o, &v, sizeof v);
}

void sapper_wire_put_str(sapper_wire_out *o, const char *s)
{
    size_t n = strlen(s) + 1;
    sapper_wire_put_u32(o, (uint32_t)n);
    sapper_wire_put(o, s, n);
}

const void *sapper_wire_get(sapper_wire_in *in, size_t n)
{
    if (in->bad || n > in->left) {
        in->bad = 1;
        return NULL;
    }
    const void *p = in->p;
    in->p += n;
    in->left -= n;
    return p;
}

uint32_t sapper_wire_get_u32(sapper_wire_in *in)
{
    uint32_t v = 0;
    const void *p = sapper_wire_get(in, sizeof v);
    if (p)
        memcpy(&v, p, sizeof v);
    return v;
}

int64_t sapper_wire_get_i64(sapper_wire_in *in)
{
    int64_t v = 0;
    const void *p = sapper_wire_get(in, sizeof v);
    if (p)
        memcpy(&v, p, sizeof v);
    return v;
}

const char *sapper_wire_get_str(sapper_wire_in *in)
{
    uint32_t n = sapper_wire_get_u32(in);
    const char *s = n ? sapper_wire_get(in, n) : NULL;
    if (!s || s[n - 1] != '\0' || memchr(s, '\0', n) != s + n - 1) {
        in->bad = 1;
        return "";
    }
    return s;
}

int sapper_wire_write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

int sapper_wire_read_all(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n > 0) {
        ssize_t k = read(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int sapper_wire_wait(int fd, short events, double deadline)
{
    for (;;) {
        int ms = -1;
        if (deadline > 0) {
            double left = deadline - now();
            if (left <= 0)
                return 0;
            ms = (int)(left * 1000) + 1;
        }
        struct pollfd pfd = {.fd = fd, .events = events};
        int k = poll(&pfd, 1, ms);
        if (k > 0 || (k < 0 && errno != EINTR))
            return 1;   /* ready, or an error the read or write will report */
    }
}

int sapper_wire_try_send(int fd, uint32_t type, const void *payload, size_t len)
{
    uint32_t h[2] = {type, (uint32_t)len};
    if (len > PIPE_BUF - sizeof h)
        return 0;
    struct iovec iov[2] = {{h, sizeof h}, {(void *)payload, len}};
    ssize_t k;
    do
        k = writev(fd, iov, len ? 2 : 1);
    while (k < 0 && errno == EINTR);
    if (k == (ssize_t)(sizeof h + len))
        return 1;
    return k < 0 && errno == EAGAIN ? 0 : -1;
}

int sapper_wire_send(int fd, uint32_t type, const void *payload, size_t len,
                     double deadline)
{
    uint32_t h[2] = {type, (uint32_t)len};
    if (len > SAPPER_WIRE_MAX)
        return -1;
    /* one system call, so one wake-up of the other end */
    struct iovec iov[2] = {{h, sizeof h}, {(void *)payload, len}};
    int n = len ? 2 : 1;
    size_t left = sizeof h + len;
    while (left > 0) {
        ssize_t k = writev(fd, iov, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0 && errno == EAGAIN) {   /* a non-blocking end, full */
            if (!sapper_wire_wait(fd, POLLOUT, deadline))
                return -2;
            continue;
        }
        if (k <= 0)
            return -1;
        left -= (size_t)k;
        for (int i = 0; i < n && k > 0; i++) {   /* skip what was written */
            size_t d = (size_t)k < iov[i].iov_len ? (size_t)k : iov[i].iov_len;
            iov[i].iov_base = (char *)iov[i].iov_base + d;
            iov[i].iov_len -= d;
            k -= (ssize_t)d;
        }
    }
    return 0;
}
