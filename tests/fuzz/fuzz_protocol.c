/*
 * fuzz_protocol.c - fuzz target: the engine's reader of a process bot's
 * output (core/protocol/, docs/PROTOCOL.md), as the sandbox feeds it: the
 * bytes through the line reassembler, and each line to the handshake
 * reader until `ready 1`, then to the readers of the answers to `start`,
 * `go` (with a 9x9 mines codec and a 4-seat arena codec) and `end`.
 *
 * Input: the bytes a bot wrote, all of them (one read or many: the first
 * byte picks the chunk size, so lines split across reads are covered).
 *
 * Checks beyond the sanitizers: a line taken holds no '\n' or NUL and fits
 * the limit; every message a reader writes is NUL-terminated and quotes
 * no control byte raw; an action read is in its family's range and its
 * text reads back to the same id.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz_check.h"
#include "protocol.h"

static void check_message(const char *why)
{
    for (const unsigned char *c = (const unsigned char *)why; *c; c++)
        FUZZ_CHECK(*c >= 0x20 && *c != 0x7f, "a raw control byte 0x%02x in \"%s\"", *c, why);
}

static void check_moves(const sapper_proto_codec *c, const char *line)
{
    int64_t ids[SAPPER_PROTO_MAX_ACTIONS];
    size_t n = 0;
    char why[512] = "";
    if (sapper_proto_read_move(c, line, ids, SAPPER_PROTO_MAX_ACTIONS, &n, why, sizeof why)) {
        check_message(why);
        return;
    }
    FUZZ_CHECK(n >= 1 && n <= SAPPER_PROTO_MAX_ACTIONS, "%zu actions", n);
    for (size_t i = 0; i < n; i++) {
        char text[64];
        int64_t back = -1;
        FUZZ_CHECK(sapper_proto_action_text(c, ids[i], text, sizeof text) > 0,
                   "id %lld has no text", (long long)ids[i]);
        FUZZ_CHECK(sapper_proto_text_action(c, text, &back, why, sizeof why) == 0 &&
                   back == ids[i], "\"%s\" does not read back to %lld", text,
                   (long long)ids[i]);
    }
}

static void read_line(sapper_proto_hello *h, const char *line)
{
    char why[512] = "";
    FUZZ_CHECK(strlen(line) <= SAPPER_PROTO_LINE_MAX && !strchr(line, '\n'), "a line");
    if (!h->ready) {
        if (sapper_proto_read_hello(h, line, why, sizeof why))
            check_message(why);
        return;
    }
    if (sapper_proto_read_started(line, why, sizeof why) != 0)
        check_message(why);
    if (sapper_proto_read_ended(line, why, sizeof why) != 0)
        check_message(why);
    sapper_proto_codec mines = {.family = SAPPER_PROTO_MINES, .width = 9, .height = 9};
    sapper_proto_codec arena = {.family = SAPPER_PROTO_ARENA, .players = 4};
    check_moves(&mines, line);
    check_moves(&arena, line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sapper_proto_lines lines;
    static char line[SAPPER_PROTO_LINE_MAX + 1];
    if (size == 0)
        return 0;
    size_t chunk = (size_t)data[0] % 64 + 1;
    const char *p = (const char *)data + 1;
    size_t left = size - 1;
    sapper_proto_hello h = {0};
    memset(&lines, 0, sizeof lines);
    while (left > 0) {
        size_t take = left < chunk ? left : chunk, n = take;
        sapper_proto_feed(&lines, p, &n);
        p += take - n;
        left -= take - n;
        int got;
        while ((got = sapper_proto_take_line(&lines, line)) == 1)
            read_line(&h, line);
        if (got < 0)
            return 0;   /* the sandbox ends the bot here */
    }
    return 0;
}
