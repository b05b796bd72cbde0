/*
 * replay_times.c - a replay's move times apart from its text, and back.
 * The results database keeps a game's replay as lines its run shares
 * (`move 1 reveal 9 3` recurs in thousands of games, `at 1532 move 1
 * reveal 9 3` would not) and the times in a blob of their own. Only lines
 * of the form `at MS move ...` are touched; nothing here checks a replay
 * (replay_read.c and replay_play.c do).
 */
#include "replay.h"

#include <ctype.h>
#include <stdlib.h>

/* The length of "at MS " when line (n bytes) is a timed move, else 0;
   *ms gets MS. */
static size_t time_prefix(const char *line, size_t n, int64_t *ms)
{
    if (n < 3 || memcmp(line, "at ", 3) != 0)
        return 0;
    size_t i = 3;
    int64_t v = 0;
    while (i < n && isdigit((unsigned char)line[i]) && i < 3 + 15)
        v = v * 10 + (line[i++] - '0');
    if (i == 3 || n - i < 6 || memcmp(line + i, " move ", 6) != 0)
        return 0;
    *ms = v;
    return i + 1;
}

/* The bytes of text's first line, its newline included. */
static size_t line_length(const char *text)
{
    size_t n = strcspn(text, "\n");
    return n + (text[n] == '\n');
}

int sapper_replay_cut_times(const char *text, sapper_strbuf *untimed, int64_t **ms,
                            size_t *n)
{
    size_t lines = 1;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    *n = 0;
    *ms = malloc(lines * sizeof **ms);
    if (!*ms)
        return -1;
    while (*text) {
        size_t len = line_length(text);
        size_t cut = time_prefix(text, len, &(*ms)[*n]);
        *n += cut > 0;
        sapper_strbuf_append(untimed, text + cut, len - cut);
        text += len;
    }
    return untimed->failed ? -1 : 0;
}

size_t sapper_replay_put_times(const char *text, const int64_t *ms, size_t n,
                               sapper_strbuf *out)
{
    size_t moves = 0;
    while (*text) {
        size_t len = line_length(text);
        if (len >= 5 && memcmp(text, "move ", 5) == 0 && moves++ < n)
            sapper_strbuf_printf(out, "at %lld ", (long long)ms[moves - 1]);
        sapper_strbuf_append(out, text, len);
        text += len;
    }
    return moves;
}
