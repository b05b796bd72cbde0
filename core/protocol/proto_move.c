/*
 * proto_move.c - a seat's answer to `go` (PROTOCOL.md "A turn": `move A`
 * or `move A;B;...`), and the family codec each line of a game goes
 * through: action ids to texts and back, `did` lines and views, for the
 * mines family (proto_mines.c) or the arena family (proto_arena.c).
 */
#include "proto_internal.h"

#include <stdio.h>
#include <string.h>

#include "sapper/plugin.h"

int sapper_proto_codec_init(sapper_proto_codec *c, const char *family, int32_t players)
{
    *c = (sapper_proto_codec){.family = sapper_proto_family_bit(family), .players = players};
    return c->family ? 0 : -1;
}

int sapper_proto_action_text(const sapper_proto_codec *c, int64_t id, char *buf, size_t cap)
{
    int n = c->family == SAPPER_PROTO_MINES ? proto_mines_text(c, id, buf, cap)
          : c->family == SAPPER_PROTO_ARENA ? proto_arena_text(id, buf, cap) : -1;
    return n >= 0 && (size_t)n < cap ? n : -1;
}

int sapper_proto_text_action(const sapper_proto_codec *c, const char *text, int64_t *id,
                             char *why, size_t whycap)
{
    if (c->family == SAPPER_PROTO_MINES)
        return proto_mines_action(c, text, id, why, whycap);
    if (c->family == SAPPER_PROTO_ARENA)
        return proto_arena_action(c, text, id, why, whycap);
    return proto_expected(why, whycap, "a family the protocol knows", text);
}

void sapper_proto_put_did(sapper_strbuf *o, const sapper_proto_codec *c, int32_t actor,
                          int64_t id)
{
    char text[64];
    if (sapper_proto_action_text(c, id, text, sizeof text) < 0)
        snprintf(text, sizeof text, "?");
    sapper_strbuf_printf(o, "did %d %s\n", (int)actor + 1, text);
}

int sapper_proto_put_view(sapper_strbuf *o, sapper_proto_codec *c, const void *view,
                          size_t size)
{
    size_t before = o->len;
    int rc = c->family == SAPPER_PROTO_MINES ? proto_mines_view(o, c, view, size)
           : c->family == SAPPER_PROTO_ARENA ? proto_arena_view(o, c, view, size) : -1;
    if (rc != 0 && o->data) {   /* nothing of a malformed view stays */
        o->len = before;
        o->data[before] = '\0';
    }
    return rc;
}

int sapper_proto_read_move(const sapper_proto_codec *c, const char *line, int64_t *ids,
                           size_t cap, size_t *n, char *why, size_t whycap)
{
    *n = 0;
    if (strncmp(line, "move ", 5) != 0)
        return proto_expected(why, whycap, "\"move ACTION\" or \"move ACTION;ACTION;...\"",
                              line);
    char action[128], what[512];
    for (const char *p = line + 5;;) {
        size_t len = strcspn(p, ";");
        if (*n == cap) {
            snprintf(what, sizeof what, "at most %zu actions in one answer", cap);
            return proto_expected(why, whycap, what, line);
        }
        if (len == 0)
            return proto_expected(why, whycap, "\"move ACTION\" or \"move ACTION;ACTION;"
                                  "...\" with no empty action", line);
        if (len >= sizeof action)
            return proto_expected(why, whycap, "actions of at most 127 bytes", p);
        memcpy(action, p, len);
        action[len] = '\0';
        if (sapper_proto_text_action(c, action, &ids[*n], what, sizeof what)) {
            snprintf(why, whycap, "action %zu of \"move\": %s", *n + 1, what);
            return -1;
        }
        (*n)++;
        if (!p[len])
            return 0;
        p += len + 1;
    }
}
