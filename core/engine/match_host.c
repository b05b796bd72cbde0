/*
 * match_host.c - the host table (sapper_host) the engine lends each seat's
 * bot and the rules: log lines (to the caller's service, else the first
 * few kept for the result) and the time left. It does not decide a fault
 * or read a clock of its own; the caller's hooks do.
 */
#include "match_internal.h"
#include "escape.h"

#define LOG_KEEP_LINES 16   /* plugin log lines a result keeps */

void match_host_log(void *ctx, int32_t level, const char *line)
{
    struct host_ctx *c = ctx;
    sapper_match *m = c->m;
    const sapper_plugin *p = c->seat < 0 ? m->setup->rules : m->setup->seats[c->seat].bot;
    if (!line || !p)
        return;
    if (m->services.log) {
        m->services.log(m->services.services_ctx, c->seat, p->desc.id, level, line);
        return;
    }
    if (m->log_lines >= LOG_KEEP_LINES)
        return;   /* kept for the result: the first lines only */
    char entry[400];
    int cut = (int)sapper_utf8_cut(line, 300);   /* never inside a character */
    if (c->seat < 0)
        snprintf(entry, sizeof entry, "%s: %.*s", p->desc.id, cut, line);
    else
        snprintf(entry, sizeof entry, "%s (seat %d): %.*s", p->desc.id,
                 (int)c->seat + 1, cut, line);
    if (m->log_lines++)
        sapper_strbuf_printf(&m->log, ",");
    sapper_strbuf_json(&m->log, entry);
}

static double host_time_left(void *ctx, double *game_left)
{
    struct host_ctx *c = ctx;
    sapper_match *m = c->m;
    if (game_left)
        *game_left = -1;
    if (!m->services.time_left || c->seat < 0)
        return -1;
    return m->services.time_left(m->services.services_ctx, c->seat, game_left);
}

/* One host table per seat (and one for the rules), so each knows whose
   call it serves. */
void match_init_hosts(sapper_match *m)
{
    for (int32_t i = 0; i <= SAPPER_MAX_SEATS; i++) {
        m->host_ctx[i] = (struct host_ctx){m, i < SAPPER_MAX_SEATS ? i : -1};
        m->host[i] = (sapper_host){
            .struct_size = sizeof(sapper_host), .version = SAPPER_HOST_VERSION,
            .ctx = &m->host_ctx[i], .log = match_host_log,
            .time_left = host_time_left,
            .cancel = m->services.cancel ? m->services.cancel : &m->no_cancel,
        };
    }
}
