/*
 * bot_stall.c - DELIBERATELY HOSTILE test bot (family mines): the simple
 * bot's play wherever a cell is certainly safe, and where none is, instead
 * of guessing, it cycles the flag of one hidden cell until the game runs
 * into the ruleset's move bound. So it never loses a game it would have had
 * to guess in; before the engine charged a stall, such games were void and
 * its table showed only certain wins. The red-team test
 * (tests/e2e/redteam_test.sh) wants every game it spoils charged to it.
 */
#include "sapper/mines.h"
#include "solver.h"
#include "../../plugins/bots/simple/bot.h"

typedef struct stall_bot {
    void *simple;                   /* the honest twin's play; owned */
    sapper_mines_solver *solver;    /* owned */
    int32_t w, h;
} stall_bot;

static sapper_status stall_new(const sapper_params *params, const sapper_bot_setup *setup,
                               void **bot, char *err, size_t errcap)
{
    stall_bot *b = calloc(1, sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    sapper_status st = simple_bot_new(params, setup, &b->simple, err, errcap);
    if (st != SAPPER_OK) {
        free(b);
        return st;
    }
    *bot = b;
    return SAPPER_OK;
}

static void stall_free(void *bot)
{
    stall_bot *b = bot;
    if (!b)
        return;
    simple_bot_free(b->simple);
    sapper_mines_solver_free(b->solver);
    free(b);
}

/* Whether the position has a certainly safe cell. */
static int has_safe_cell(stall_bot *b, const sapper_mines_position *pos)
{
    if (!b->solver || b->w != pos->width || b->h != pos->height) {
        sapper_mines_solver_free(b->solver);
        b->solver = sapper_mines_solver_new(pos->width, pos->height);
        b->w = pos->width;
        b->h = pos->height;
    }
    sapper_mines_deduction d;
    return b->solver && sapper_mines_deduce(b->solver, pos, SAPPER_MINES_DEDUCE_COMPLETE,
                                            NULL, &d) == SAPPER_OK && d.safe_count > 0;
}

/* Whether the first click was made: a number shows. */
static int any_revealed(const sapper_mines_position *pos)
{
    for (int32_t i = 0; i < pos->width * pos->height; i++)
        if (pos->cells[i] <= SAPPER_CELL_0 + 8)
            return 1;
    return 0;
}

/* The flag cycle of the first listed cell that has one. */
static int64_t first_flag(const int64_t *legal, size_t nlegal, size_t cells)
{
    for (size_t i = 0; i < nlegal; i++)
        if (legal[i] / (int64_t)cells == SAPPER_MINES_FLAG)
            return legal[i];
    return -1;
}

static sapper_status stall_step(void *bot, const void *view, size_t view_size,
                                const int64_t *legal, size_t nlegal, int64_t *action)
{
    stall_bot *b = bot;
    sapper_mines_position pos;
    if (sapper_mines_position_from_view(view, view_size, &pos) != SAPPER_OK)
        return SAPPER_ERR_STATE;
    size_t cells = (size_t)pos.width * (size_t)pos.height;
    int64_t flag = first_flag(legal, nlegal, cells);
    if (any_revealed(&pos) && flag >= 0 && !has_safe_cell(b, &pos)) {
        *action = flag;
        return SAPPER_OK;
    }
    return simple_bot_step(b->simple, view, view_size, legal, nlegal, action);
}

static const sapper_bot_api stall_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = stall_new,
    .bot_free = stall_free,
    .step = stall_step,
};

static const sapper_param_spec stall_params[] = {
    {.key = "flag_mines", .type = SAPPER_PARAM_BOOL, .def = "false",
     .help = "as simple's"},
};

static const sapper_descriptor stall_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "bot_stall",
    .name = "Staller",
    .version = "1.0.0",
    .summary = "Runs out the move bound rather than guess (a hostile test bot)",
    .family = SAPPER_MINES_FAMILY,
    .params = stall_params,
    .param_count = 1,
    .bot = &stall_api,
};

static const sapper_descriptor *const stall_descriptors[] = {&stall_descriptor};

static const sapper_manifest stall_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = stall_descriptors,
};

SAPPER_PLUGIN_ENTRY(bot_stall)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &stall_manifest : NULL;
}
