/*
 * bot_escape.c - HOSTILE test bot (family mines, issue 33): every text it
 * gives the engine carries terminal escape sequences (OSC 0 sets a window
 * title, OSC 52 writes the clipboard, CSI 2J clears the screen) in its
 * name, summary, parameter help and default; with refuse=true its bot_new
 * refuses with such a text, else it plays legal[0] and logs invalid UTF-8
 * and a 400-byte line of two-byte characters (cut at 300 bytes by the
 * engine). Nothing it says may reach a terminal, an HTML page or a stored
 * row raw (tests/e2e/escapes_test.sh).
 */
#include "test_bot.h"

#include <stdio.h>
#include <string.h>

#define TITLE "\x1b]0;owned\x07"
#define CLEAR "\x1b[2J"
#define CLIPBOARD "\x1b]52;c;b3duZWQ=\x07"

static const sapper_param_spec escape_params[] = {
    {
        .key = "greeting",
        .type = SAPPER_PARAM_STRING,
        .def = CLIPBOARD "hi" CLEAR,
        .help = "a greeting " TITLE " logged " CLEAR "at the first move",
    },
    {
        .key = "refuse",
        .type = SAPPER_PARAM_BOOL,
        .def = "false",
        .help = "refuse to start " CLEAR "with an escaped reason" TITLE,
    },
};

static void log_hostile(const sapper_bot_setup *setup, const char *greeting)
{
    char wide[401];
    for (int i = 0; i < 200; i++)
        memcpy(wide + 2 * i, "\xc3\xa9", 2);   /* U+00E9, two bytes each */
    wide[400] = 0;
    if (setup->struct_size <= offsetof(sapper_bot_setup, host))
        return;
    sapper_host_log(setup->host, SAPPER_LOG_INFO, greeting ? greeting : "");
    sapper_host_log(setup->host, SAPPER_LOG_INFO, "bad \xff\xfe utf-8 \xc3 \xe2\x82 "
                    "\xed\xa0\x80 \xc0\xaf " TITLE);
    sapper_host_log(setup->host, SAPPER_LOG_WARNING, wide);
}

static sapper_status escape_new(const sapper_params *params,
                                const sapper_bot_setup *setup, void **bot,
                                char *err, size_t errcap)
{
    const char *refuse = sapper_param(params, "refuse");
    if (refuse && strcmp(refuse, "true") == 0) {
        snprintf(err, errcap, "no " TITLE CLEAR " \xff today");
        return SAPPER_ERR_PARAM;
    }
    log_hostile(setup, sapper_param(params, "greeting"));
    return test_bot_make(bot, 0);
}

TEST_BOT_PLUGIN(bot_escape, "bot_escape", "Escape " TITLE,
                CLEAR "Says escape sequences everywhere (a hostile test bot)" CLIPBOARD,
                escape_new, test_bot_first_legal, escape_params, 2)
