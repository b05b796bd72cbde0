/*
 * record_wire.c - a game record as a frame of bytes and back (see
 * record_wire.h), and the soundness check a receiver makes. Who sends
 * frames where (pipes, MPI) is worker.c's and mpi_player.c's business.
 */
#include "record_wire.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/** The largest replay or JSON text a record may carry. */
#define RECORD_TEXT_MAX ((uint64_t)64 << 20)

void sapper_record_pack(const sapper_game_record *r, sapper_strbuf *out)
{
    sapper_record_header h;
    memset(&h, 0, sizeof h);          /* no stale stack bytes in the padding */
    memcpy(&h.rec, r, sizeof h.rec);
    h.replay_len = r->replay ? strlen(r->replay) : 0;
    h.json_len = r->json ? strlen(r->json) : 0;
    h.rec.replay = h.rec.json = NULL;
    sapper_strbuf_append(out, (const char *)&h, sizeof h);
    sapper_strbuf_append(out, r->replay ? r->replay : "", h.replay_len);
    sapper_strbuf_append(out, r->json ? r->json : "", h.json_len);
}

int64_t sapper_record_body_len(const sapper_record_header *h)
{
    if (h->replay_len > RECORD_TEXT_MAX || h->json_len > RECORD_TEXT_MAX)
        return -1;
    return (int64_t)(h->replay_len + h->json_len);
}

static char *copy_text(const char *from, uint64_t n)
{
    char *s = malloc((size_t)n + 1);
    if (s) {
        memcpy(s, from, (size_t)n);
        s[n] = '\0';
    }
    return s;
}

sapper_status sapper_record_unpack(const sapper_record_header *h, const char *body,
                                   sapper_game_record *out)
{
    *out = h->rec;
    out->replay = copy_text(body, h->replay_len);
    out->json = copy_text(body + h->replay_len, h->json_len);
    if (out->replay && out->json)
        return SAPPER_OK;
    sapper_game_record_free(out);
    return SAPPER_ERR_NOMEM;
}

sapper_status sapper_record_next(const char *buf, size_t len, size_t *used,
                                 sapper_game_record *out)
{
    sapper_record_header h;
    if (len < sizeof h)
        return SAPPER_ERR_PARSE;
    memcpy(&h, buf, sizeof h);   /* buf need not be aligned */
    int64_t body = sapper_record_body_len(&h);
    if (body < 0 || (uint64_t)body > len - sizeof h)
        return SAPPER_ERR_PARSE;
    *used = sizeof h + (size_t)body;
    return sapper_record_unpack(&h, buf + sizeof h, out);
}

static int known_reason(const char *why)
{
    static const char *const words[] = {"", "crash", "timeout", "illegal", "exit",
        "memory", "error", "void", "sandbox", "protocol", "killed", "corrupt", "stall", "cpu"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strcmp(why, words[i]) == 0)
            return 1;
    return 0;
}

static int in_unit(double x)
{
    return x >= 0.0 && x <= 1.0;
}

/* A time the engine measured: finite and not negative (NaN is neither).
   An infinite one would be stored as JSON "inf", which no reader takes. */
static int is_time(double x)
{
    return isfinite(x) && x >= 0.0;
}

int sapper_record_is_sound(const sapper_tgame *g, const sapper_game_record *rec)
{
    if (rec->index != g->index || rec->nseats != g->nseats ||
        rec->culprit < -1 || rec->culprit >= g->nseats || (rec->voided & ~1) ||
        memchr(rec->reason, '\0', sizeof rec->reason) == NULL ||
        !known_reason(rec->reason) || rec->moves < 0 || !is_time(rec->seconds))
        return 0;
    for (int32_t s = 0; s < g->nseats; s++)
        if (!in_unit(rec->returns[s]) || !is_time(rec->think[s]) || rec->steps[s] < 0)
            return 0;
    return 1;
}
