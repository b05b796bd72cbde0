/*
 * fuzz_app.h - the `app` a frontend fuzz target plays in (fuzz_line,
 * fuzz_serve): a config text resolved against the built-in plugins, with
 * bots kept between games as app_open keeps them. Frontend targets only
 * (it needs sapper_frontend's app.h).
 */
#ifndef SAPPER_FUZZ_APP_H
#define SAPPER_FUZZ_APP_H

#include "app.h"

/** Fills a (zeroed by the caller) from ini, its messages naming prog;
 *  aborts when the config is refused: no input could be fuzzed without
 *  it. The registry and the keep are never freed (no app_close). */
void fuzz_open_app(app *a, const char *ini, const char *prog);

#endif
