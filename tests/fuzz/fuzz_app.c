/*
 * fuzz_app.c - fuzz_app.h: a frontend target's app from a config text.
 */
#include "fuzz_app.h"

#include <stdio.h>
#include <stdlib.h>

#include "bot_keep.h"
#include "fuzz_registry.h"

void fuzz_open_app(app *a, const char *ini, const char *prog)
{
    char err[2048];
    sapper_setup_options opt = {0};
    sapper_config_init(&a->cfg);
    a->prog = prog;
    a->reg = (sapper_registry *)fuzz_registry();
    a->keep = sapper_bot_keep_new();   /* as app_open: bots kept between games */
    if (sapper_config_read_string(&a->cfg, ini, prog, err, sizeof err) != SAPPER_OK ||
        sapper_setup_resolve(&a->cfg, a->reg, &opt, &a->setup, err, sizeof err) != SAPPER_OK) {
        fprintf(stderr, "%s: %s\n", prog, err);
        abort();
    }
}
