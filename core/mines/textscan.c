/*
 * textscan.c - the scanner of the board text format (textscan.h): the
 * cursor, its messages, line ends, the "W H M" header, the blank lines
 * after the grid and reading a whole file. The rows are the readers' own
 * (board.c for layouts, position.c for positions); nothing here allocates
 * but mines_textscan_read_file.
 */
#include "textscan.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board.h"   /* SAPPER_BOARD_MAX_SIDE */

int mines_textscan_peek(const textscan *c)
{
    return c->pos < c->len ? (unsigned char)c->text[c->pos] : EOF;
}

void mines_textscan_advance(textscan *c)
{
    if (c->pos >= c->len)
        return;
    if (c->text[c->pos++] == '\n') {
        c->line++;
        c->col = 1;
    } else {
        c->col++;
    }
}

static void mines_textscan_skip_blanks(textscan *c)
{
    while (mines_textscan_peek(c) == ' ' || mines_textscan_peek(c) == '\t')
        mines_textscan_advance(c);
}

int mines_textscan_at_line_end(const textscan *c)
{
    int ch = mines_textscan_peek(c);
    return ch == '\n' || ch == EOF ||
           (ch == '\r' && c->pos + 1 < c->len && c->text[c->pos + 1] == '\n');
}

const char *mines_textscan_found(const textscan *c, char *buf, size_t cap)
{
    int ch = mines_textscan_peek(c);
    if (ch == EOF)
        return "end of file";
    if (ch == '\n' || (c->crlf_found && mines_textscan_at_line_end(c)))
        return "end of line";
    if (ch >= 0x20 && ch < 0x7f)
        snprintf(buf, cap, "'%c'", ch);
    else
        snprintf(buf, cap, "byte 0x%02x", (unsigned)ch);
    return buf;
}

sapper_status mines_textscan_fail(const textscan *c, int line, int col,
                            const char *fmt, ...)
{
    if (!c->err || c->errcap == 0)
        return SAPPER_ERR_PARSE;
    int n = snprintf(c->err, c->errcap, "%s:%d:%d: ", c->name, line, col);
    if (n >= 0 && (size_t)n < c->errcap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->err + n, c->errcap - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return SAPPER_ERR_PARSE;
}

sapper_status mines_textscan_end_line(textscan *c, const char *after)
{
    char fb[24];
    if (!mines_textscan_at_line_end(c))
        return mines_textscan_fail(c, c->line, c->col, "expected end of line after "
                             "%s, found %s", after,
                             mines_textscan_found(c, fb, sizeof fb));
    if (mines_textscan_peek(c) == '\r')
        mines_textscan_advance(c);
    mines_textscan_advance(c);
    return SAPPER_OK;
}

/* One header number; what names it in the message. */
static sapper_status read_number(textscan *c, const char *what, int32_t *out,
                                 int *col)
{
    char fb[24];
    mines_textscan_skip_blanks(c);
    *col = c->col;
    if (mines_textscan_peek(c) < '0' || mines_textscan_peek(c) > '9')
        return mines_textscan_fail(c, c->line, c->col, "expected %s (a whole "
                             "number), found %s", what,
                             mines_textscan_found(c, fb, sizeof fb));
    int64_t v = 0;
    while (mines_textscan_peek(c) >= '0' && mines_textscan_peek(c) <= '9') {
        if (v < 100000000)
            v = v * 10 + (mines_textscan_peek(c) - '0');
        mines_textscan_advance(c);
    }
    *out = (int32_t)v;
    return SAPPER_OK;
}

sapper_status mines_textscan_header(textscan *c, int32_t v[3], int col[3])
{
    static const char *what[3] = {"the width W", "the height H",
                                  "the mine count M"};
    for (int i = 0; i < 3; i++) {
        sapper_status st = read_number(c, what[i], &v[i], &col[i]);
        if (st != SAPPER_OK)
            return st;
    }
    mines_textscan_skip_blanks(c);
    sapper_status st = mines_textscan_end_line(c, "\"W H M\"");
    if (st != SAPPER_OK)
        return st;
    for (int i = 0; i < 2; i++)
        if (v[i] < 1 || v[i] > SAPPER_BOARD_MAX_SIDE)
            return mines_textscan_fail(c, 1, col[i], "expected %s from 1 to %d, "
                                 "found %d", what[i], SAPPER_BOARD_MAX_SIDE,
                                 (int)v[i]);
    if (v[2] > v[0] * v[1])
        return mines_textscan_fail(c, 1, col[2], "expected %s from 0 to %d (W*H), "
                             "found %d", what[2], (int)(v[0] * v[1]),
                             (int)v[2]);
    return SAPPER_OK;
}

sapper_status mines_textscan_trailer(textscan *c)
{
    char fb[24];
    for (int ch = mines_textscan_peek(c); ch != EOF; ch = mines_textscan_peek(c)) {
        if (ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n')
            return mines_textscan_fail(c, c->line, c->col, "expected end of file "
                                 "after the grid, found %s",
                                 mines_textscan_found(c, fb, sizeof fb));
        mines_textscan_advance(c);
    }
    return SAPPER_OK;
}

/* What a file that is not a regular one is, for messages. */
static const char *file_kind(mode_t mode)
{
    return S_ISDIR(mode) ? "a directory" : S_ISFIFO(mode) ? "a FIFO"
         : S_ISCHR(mode) ? "a character device" : S_ISBLK(mode) ? "a block device"
         : S_ISSOCK(mode) ? "a socket" : "a special file";
}

/* Opens path to read without blocking (a FIFO with no writer would wait
   for one forever) and refuses all but a regular file of at most max
   bytes: a file named in an untrusted replay must not hang or flood the
   reader. -1 with err. */
static int open_text(const char *path, const char *what, size_t max, char *err,
                     size_t errcap)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0)
        snprintf(err, errcap, "cannot open %s%s: %s", what, path, strerror(errno));
    else if (!S_ISREG(st.st_mode))
        snprintf(err, errcap, "cannot read %s%s: not a regular file (expected a "
                 "file, found %s)", what, path, file_kind(st.st_mode));
    else if ((uintmax_t)st.st_size > max)
        snprintf(err, errcap, "cannot read %s%s: expected at most %zu bytes, "
                 "found %jd", what, path, max, (intmax_t)st.st_size);
    else
        return fd;
    if (fd >= 0)
        close(fd);
    return -1;
}

sapper_status mines_textscan_read_file(const char *path, const char *what, size_t max,
                                 char **out, size_t *len, char *err,
                                 size_t errcap)
{
    if (!err)
        errcap = 0;   /* snprintf(NULL, 0, ...) only counts */
    int fd = open_text(path, what, max, err, errcap);
    if (fd < 0)
        return SAPPER_ERR_PARAM;
    char *buf = malloc(max + 1);
    size_t n = 0;
    ssize_t got = 1;
    while (buf && n <= max && got > 0) {   /* at most max + 1 bytes, even if
                                              the file grows meanwhile */
        got = read(fd, buf + n, max + 1 - n);
        n += got > 0 ? (size_t)got : 0;
        if (got < 0 && errno == EINTR)
            got = 1;
    }
    const char *why = !buf ? "out of memory" : got < 0 ? strerror(errno)
                    : n > max ? "it grew past the size limit" : NULL;
    close(fd);
    if (why) {
        snprintf(err, errcap, "cannot read %s%s: %s", what, path, why);
        sapper_status st = buf ? SAPPER_ERR_PARAM : SAPPER_ERR_NOMEM;
        free(buf);
        return st;
    }
    *out = buf;
    *len = n;
    return SAPPER_OK;
}
