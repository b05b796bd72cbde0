/*
 * app_record.c - the files a command writes (see app.h): --record for
 * every subcommand that plays (the session's games as one replay text,
 * checked before the first game, then written whole to a regular file
 * after each game, or sent once to a device or pipe), and the check of
 * any other output's path (--json, --csv) before the work that fills it.
 * What a replay holds is replay.c's; this file only keeps the target up
 * to date and says why one cannot take it.
 */
#include "app.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* The current game joins record_text: appended, or put in place of its
   earlier version when it was recorded before. */
static void session_add(app *a)
{
    sapper_strbuf *b = &a->record_text;
    if (a->record_game == a->game_index && b->data && a->record_keep <= b->len) {
        b->len = a->record_keep;
        b->data[b->len] = 0;
    } else {
        a->record_keep = b->len;
        a->record_game = a->game_index;
    }
    sapper_replay_text(a->match, b);
}

/* The directory that holds path's file, "." for a bare name, into buf. */
static void dir_of(const char *path, char *buf, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, cap, ".");
    else
        snprintf(buf, cap, "%.*s", slash == path ? 1 : (int)(slash - path), path);
}

/* Says why --record's target cannot take the replay (where: the path
   the error is about when not the target itself, else ""). */
static int record_refused(const app *a, const char *where, int error)
{
    const char *why = error == EISDIR ? "a directory"
                    : error == ENXIO ? "a FIFO no one reads (start its reader first)"
                    : strerror(error);
    app_error("--record %s: expected a file the replay can be written to, found "
              "%s%s%s", a->record_path, where, where[0] ? ": " : "", why);
    return EXIT_USAGE;
}

/* A regular file or none, rewritten whole (sapper_replay_write): a new
   file is made beside it, so its directory must take one; a file with
   other hard links is written in place, so it must be writable. A
   dangling symlink is left to the write itself. */
static int check_rewritable(const app *a)
{
    struct stat st;
    char dir[PATH_MAX];
    if (stat(a->record_path, &st) == 0 && st.st_nlink > 1)
        return access(a->record_path, W_OK) == 0 ? 0
               : record_refused(a, "", errno);
    if (stat(a->record_path, &st) != 0 && lstat(a->record_path, &st) == 0)
        return 0;
    char *real = realpath(a->record_path, NULL);   /* NULL: not there yet */
    dir_of(real ? real : a->record_path, dir, sizeof dir);
    free(real);
    return access(dir, W_OK | X_OK) == 0 ? 0 : record_refused(a, dir, errno);
}

int app_check_output(const char *option, const char *path)
{
    struct stat st;
    char dir[PATH_MAX];
    int error = 0;
    const char *where = "";
    if (stat(path, &st) == 0)
        error = S_ISDIR(st.st_mode) ? EISDIR : access(path, W_OK) == 0 ? 0 : errno;
    else if (errno != ENOENT)
        error = errno;
    else {
        dir_of(path, dir, sizeof dir);
        where = dir;
        error = access(dir, W_OK | X_OK) == 0 ? 0 : errno;
    }
    if (!error)
        return 0;
    app_error("%s %s: expected a file that can be written, found %s%s%s", option, path,
              where, where[0] ? ": " : "", error == EISDIR ? "a directory" : strerror(error));
    return EXIT_USAGE;
}

/* A device, FIFO or other non-regular file: opened once, without waiting
   for a FIFO's reader (none: ENXIO, refused), then written blocking. A
   zero-byte write finds a device that takes nothing (/dev/full). */
static int open_stream(app *a)
{
    int fd = open(a->record_path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    int flags = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
    if (flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 &&
        write(fd, "", 0) == 0 && (a->record_stream = fdopen(fd, "w")))
        return 0;
    int saved = errno;
    if (fd >= 0)
        close(fd);
    return record_refused(a, "", saved);
}

int app_record_open(app *a)
{
    if (!a->record_path || a->record_mode)
        return 0;
    a->record_mode = sapper_replay_rewritable(a->record_path) ? 1 : 2;
    return a->record_mode == 1 ? check_rewritable(a) : open_stream(a);
}

/* A device or pipe: opened once, each byte sent once. Only a game
   recorded again is sent again (from where it begins). */
static int record_stream(app *a)
{
    if (!a->record_stream && open_stream(a))
        return 1;
    const sapper_strbuf *b = &a->record_text;
    size_t from = a->record_sent < a->record_keep ? a->record_sent : a->record_keep;
    if (fwrite(b->data + from, 1, b->len - from, a->record_stream) != b->len - from ||
        fflush(a->record_stream) != 0) {
        app_error("%s: cannot write the replay: %s", a->record_path, strerror(errno));
        return 1;
    }
    a->record_sent = b->len;
    return 0;
}

int app_record(app *a)
{
    if (!a->record_path || !a->match)
        return 0;
    session_add(a);
    if (a->record_text.failed) {
        app_error("%s: cannot write the replay: out of memory", a->record_path);
        return 1;
    }
    if (!a->record_mode && app_record_open(a))
        return 1;
    if (a->record_mode == 2)
        return record_stream(a);
    if (sapper_replay_write(a->record_path, a->record_text.data, a->record_text.len,
                            a->err, sizeof a->err) != SAPPER_OK) {
        app_error("%s", a->err);
        return 1;
    }
    return 0;
}
