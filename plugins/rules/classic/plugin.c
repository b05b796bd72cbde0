/*
 * plugin.c - the ABI glue of the classic rules: parameter table, rules
 * table, descriptor and manifest. No logic here; it is in classic.c,
 * moves.c and show.c.
 */
#include "classic.h"
#include "charts.h"

static const sapper_param_spec classic_params[] = {
    {.key = "preset", .type = SAPPER_PARAM_CHOICE, .def = "custom",
     .choices = "custom|beginner|intermediate|expert",
     .help = "beginner 9x9/10, intermediate 16x16/40, expert 30x16/99; "
             "wins over width, height and mines"},
    {.key = "width", .type = SAPPER_PARAM_INT, .def = "9",
     .min = CLASSIC_MIN_SIDE, .max = CLASSIC_MAX_SIDE,
     .help = "columns (preset custom)"},
    {.key = "height", .type = SAPPER_PARAM_INT, .def = "9",
     .min = CLASSIC_MIN_SIDE, .max = CLASSIC_MAX_SIDE,
     .help = "rows (preset custom)"},
    {.key = "mines", .type = SAPPER_PARAM_INT, .def = "10",
     .min = 1, .max = CLASSIC_MAX_MINES,
     .help = "mines (preset custom); at most cells - 1, or cells - 9 for "
             "first_click opening"},
    {.key = "first_click", .type = SAPPER_PARAM_CHOICE, .def = "safe",
     .choices = "safe|opening|any",
     .help = "safe: first cell revealed is no mine; opening: nor its "
             "neighbours; any: board fixed from the start"},
    {.key = "layout", .type = SAPPER_PARAM_STRING, .flags = SAPPER_PARAM_SECRET, .def = "",
     .help = "board file of '*' and '.' fixing the mines (and the size); "
             "first_click safe moves a mine clicked first to the first "
             "free cell, any keeps the file exactly; empty for a random "
             "board"},
    {.key = "no_guess", .type = SAPPER_PARAM_BOOL, .def = "false",
     .help = "draw boards a perfect-logic player clears from the first "
             "click without guessing (first_click safe or opening)"},
    {.key = "no_guess_method", .type = SAPPER_PARAM_CHOICE, .def = "sample",
     .choices = "sample|perturb|auto",
     .help = "sample: uniform over no-guess boards, up to 25% density; "
             "perturb: move mines until solvable (denser, not uniform); "
             "auto: sample up to 25%, perturb above (result says which)"},
    {.key = "no_guess_attempts", .type = SAPPER_PARAM_INT, .def = "0",
     .min = 0, .max = 1000000000,
     .help = "play-outs tried before the first reveal fails with an error; "
             "0: 50 million / cells (at least 1000), about 5 s at worst"},
    {.key = "density", .type = SAPPER_PARAM_CHOICE, .def = "uniform",
     .choices = "uniform|clouds",
     .help = "uniform: every cell alike; clouds: mines cluster under a "
             "seeded field of Gaussian blobs (exact mine count kept)"},
    {.key = "cloud_count", .type = SAPPER_PARAM_INT, .def = "0",
     .min = 0, .max = 1000,
     .help = "clouds on the board; 0: one per 60 cells, at least 1"},
    {.key = "cloud_radius", .type = SAPPER_PARAM_REAL, .def = "0",
     .min = 0, .max = 1000,
     .help = "cloud radius (sigma) in cells, each cloud 0.75-1.25 times it; "
             "0: 0.3 * sqrt(cells / cloud_count), at least 1"},
    {.key = "cloud_strength", .type = SAPPER_PARAM_REAL, .def = "6",
     .min = 0, .max = 1000,
     .help = "a cloud's heart weighs 1 + this against 1 between clouds; "
             "0 is uniform"},
};

static const sapper_progress_ext classic_progress_ext = {
    .struct_size = sizeof(sapper_progress_ext),
    .progress = classic_progress,
};

static const sapper_mines_record_ext classic_record_ext = {
    .struct_size = sizeof(sapper_mines_record_ext),
    .record = classic_mines_record,
};

static const void *classic_get_extension(const char *id)
{
    if (strcmp(id, SAPPER_EXT_PROGRESS) == 0)
        return &classic_progress_ext;
    if (strcmp(id, SAPPER_EXT_CHARTS) == 0)
        return &sapper_mines_charts;
    return strcmp(id, SAPPER_EXT_MINES_RECORD) == 0 ? &classic_record_ext : NULL;
}

static const sapper_rules_api classic_rules = {
    .struct_size = sizeof(sapper_rules_api),
    .game_new = classic_game_new,
    .game_free = classic_game_free,
    .game_info = classic_game_info,
    .params_text = classic_params_text,
    .state_new = classic_state_new,
    .state_clone = classic_state_clone,
    .state_free = classic_state_free,
    .current_player = classic_current_player,
    .legal_actions = classic_legal_actions,
    .is_legal = classic_is_legal,
    .score = classic_score,
    .apply_action = classic_apply_action,
    .apply_joint = NULL, /* never simultaneous */
    .returns = classic_returns,
    .observe = classic_observe,
    .action_to_text = classic_action_to_text,
    .text_to_action = classic_text_to_action,
    .render_text = classic_render_text,
    .result_json = classic_result_json,
    .get_extension = classic_get_extension,
};

static const sapper_descriptor classic_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_RULES,
    .id = "classic",
    .name = "Classic Minesweeper",
    .version = "1.0.0",
    .summary = "Reveal every safe cell; flags, question marks and chords",
    .family = SAPPER_MINES_FAMILY,
    .family_version = SAPPER_MINES_FAMILY_VERSION,
    .params = classic_params,
    .param_count = sizeof classic_params / sizeof classic_params[0],
    .rules = &classic_rules,
};

static const sapper_descriptor *const classic_descriptors[] = {
    &classic_descriptor,
};

static const sapper_manifest classic_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = classic_descriptors,
};

SAPPER_PLUGIN_ENTRY(classic)
{
    (void)host_minor; /* minor additions are zero-extended by the host */
    return host_major == SAPPER_ABI_MAJOR ? &classic_manifest : NULL;
}
