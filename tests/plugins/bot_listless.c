/*
 * bot_listless.c - a test bot (family mines) that declines the legal list
 * (SAPPER_BOT_NO_LEGAL_LIST) and chooses from its view alone. It refuses
 * to move (SAPPER_ERR_STATE) if the engine hands it a list anyway with
 * rules that can check one action, so a game that ends normally shows the
 * list was not built. mode=hidden (default) reveals the first hidden cell;
 * mode=open reveals the first open cell once there is one, which the
 * engine must refuse as illegal without a list to look it up in.
 */
#include "test_bot.h"

static const sapper_param_spec listless_params[] = {
    {
        .key = "mode",
        .type = SAPPER_PARAM_CHOICE,
        .def = "hidden",
        .choices = "hidden|open",
        .help = "hidden: reveal the first hidden cell; open: an open one",
    },
};

static sapper_status listless_new(const sapper_params *params,
                                  const sapper_bot_setup *setup, void **bot,
                                  char *err, size_t errcap)
{
    const char *mode = sapper_param(params, "mode");
    (void)setup; (void)err; (void)errcap;
    return test_bot_make(bot, mode && strcmp(mode, "open") == 0);
}

static sapper_status listless_step(void *bot, const void *view, size_t view_size,
                                   const int64_t *legal, size_t nlegal,
                                   int64_t *action)
{
    const test_bot *b = bot;
    const uint8_t *cells = sapper_mines_view_cells(view, view_size);
    const sapper_mines_view *v = view;
    if (legal || nlegal || !cells)
        return SAPPER_ERR_STATE;
    int32_t open = -1, hidden = -1;   /* reveal: id = cell */
    for (int32_t c = v->width * v->height - 1; c >= 0; c--) {
        if (cells[c] <= 8)
            open = c;
        if (cells[c] == SAPPER_CELL_HIDDEN)
            hidden = c;
    }
    *action = b->option && open >= 0 ? open : hidden;
    return *action >= 0 ? SAPPER_OK : SAPPER_ERR_STATE;
}

TEST_BOT_PLUGIN_FLAGS(bot_listless, "bot_listless", "Listless",
                      "Chooses from its view without a legal list (a test bot)",
                      listless_new, listless_step, listless_params, 1,
                      SAPPER_BOT_NO_LEGAL_LIST)
