/*
 * provenance.c - provenance.h: fingerprints of plugin files and the lines
 * and JSON that record them.
 */
#include "provenance.h"

#include <sodium.h>
#include <stdio.h>
#include <string.h>

#ifndef SAPPER_ENGINE_VERSION
#define SAPPER_ENGINE_VERSION "0"
#endif

static void hash_file(const char *path, char *out, size_t cap)
{
    FILE *f = path && path[0] == '/' ? fopen(path, "rb") : NULL;
    if (!f) {
        snprintf(out, cap, "%s", path && strcmp(path, "built-in") == 0 ? "built-in"
                                                                         : "unreadable");
        return;
    }
    crypto_generichash_state st;
    unsigned char buf[65536], digest[16];
    crypto_generichash_init(&st, NULL, 0, sizeof digest);
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        crypto_generichash_update(&st, buf, n);
    int bad = ferror(f);
    fclose(f);
    crypto_generichash_final(&st, digest, sizeof digest);
    if (bad)
        snprintf(out, cap, "unreadable");
    else
        sodium_bin2hex(out, cap, digest, sizeof digest);
}

/* The fingerprint of p's file (32 hex digits): hex
   BLAKE2b-128 of the file, "built-in" for a plugin linked into the
   program, "unreadable" when the file cannot be read. Computed once per
   process and kept with the plugin. */
static const char *plugin_fingerprint(const sapper_plugin *p)
{
    if (!p->fingerprint[0]) {   /* the registry's entry, filled once */
        sapper_plugin *own = (sapper_plugin *)p;
        hash_file(p->file, own->fingerprint, sizeof own->fingerprint);
    }
    return p->fingerprint;
}

static void plugin_line(const sapper_plugin *p, sapper_strbuf *out)
{
    sapper_strbuf_printf(out, "plugin %s %s %s %s\n", sapper_kind_name(p->desc.kind),
                         p->desc.id, p->desc.version, plugin_fingerprint(p));
}

void sapper_provenance_rules_lines(const sapper_setup *s, sapper_strbuf *out)
{
    sapper_strbuf_printf(out, "engine %s abi %d.%d\n", SAPPER_ENGINE_VERSION,
                         SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
    plugin_line(s->rules, out);
}

void sapper_provenance_bot_lines(const sapper_setup *s, sapper_strbuf *out)
{
    for (int32_t i = 0; i < s->players; i++) {
        const sapper_plugin *b = s->seats[i].bot;
        int seen = 0;
        for (int32_t k = 0; b && k < i; k++)
            seen |= s->seats[k].bot == b;
        if (b && !seen)
            plugin_line(b, out);
    }
}

void sapper_provenance_plugin_json(const sapper_plugin *p, sapper_strbuf *out)
{
    sapper_strbuf_printf(out, "{\"kind\":\"%s\",\"id\":", sapper_kind_name(p->desc.kind));
    sapper_strbuf_json(out, p->desc.id);
    sapper_strbuf_printf(out, ",\"version\":");
    sapper_strbuf_json(out, p->desc.version);
    sapper_strbuf_printf(out, ",\"fingerprint\":\"%s\"", plugin_fingerprint(p));
    if (p->command) {   /* a process bot: what was run, and the file fingerprinted */
        sapper_strbuf_printf(out, ",\"command\":");
        sapper_strbuf_json(out, p->command->text);
        sapper_strbuf_printf(out, ",\"program\":");
        sapper_strbuf_json(out, p->command->program);
    }
    sapper_strbuf_printf(out, "}");
}

void sapper_provenance_json(const sapper_plugin *rules, const sapper_plugin *const *bots,
                            size_t n, sapper_strbuf *out)
{
    sapper_strbuf_printf(out, "{\"engine\":\"%s\",\"abi\":\"%d.%d\",\"plugins\":[",
                         SAPPER_ENGINE_VERSION, SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
    sapper_provenance_plugin_json(rules, out);
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t k = 0; k < i; k++)
            seen |= bots[k] == bots[i];
        if (!seen) {
            sapper_strbuf_printf(out, ",");
            sapper_provenance_plugin_json(bots[i], out);
        }
    }
    sapper_strbuf_printf(out, "]}");
}

void sapper_provenance_compare(const sapper_registry *reg, const char *line,
                               char *note, size_t notecap)
{
    char kind[16], id[128], version[64], print[64];
    note[0] = '\0';
    if (sscanf(line, "plugin %15s %127s %63s %63s", kind, id, version, print) != 4)
        return;
    int32_t k = strcmp(kind, "rules") == 0 ? SAPPER_KIND_RULES : SAPPER_KIND_BOT;
    const sapper_plugin *p = sapper_registry_find(reg, id, k);
    if (!p)
        return;
    const char *now = plugin_fingerprint(p);
    if (strcmp(p->desc.version, version) != 0 || strcmp(now, print) != 0)
        snprintf(note, notecap, "%s \"%s\" changed since the game was played: "
                 "version %s, file %.12s now; %s, %.12s then", kind, id,
                 p->desc.version, now, version, print);
}
