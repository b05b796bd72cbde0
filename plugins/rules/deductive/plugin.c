/*
 * plugin.c - the ABI glue of the deductive rules: parameter table, rules
 * table, descriptor and manifest. No logic here (see deductive.h).
 */
#include "deductive.h"
#include "charts.h"

static const sapper_param_spec ded_params[] = {
    {.key = "preset", .type = SAPPER_PARAM_CHOICE, .def = DED_SCORED_PRESET,
     .choices = DED_SCORED_PRESET "|9x9|16x16|30x16|custom",
     .help = "board size: 25x14/70 (the only scored size), 9x9/16, "
             "16x16/51, 30x16/96, or custom (width, height, mines)"},
    {.key = "width", .type = SAPPER_PARAM_INT, .def = "25",
     .min = DED_MIN_SIDE, .max = DED_MAX_SIDE,
     .help = "columns (preset custom)"},
    {.key = "height", .type = SAPPER_PARAM_INT, .def = "14",
     .min = DED_MIN_SIDE, .max = DED_MAX_SIDE,
     .help = "rows (preset custom)"},
    {.key = "mines", .type = SAPPER_PARAM_INT, .def = "70",
     .min = 1, .max = DED_MAX_MINES,
     .help = "mines (preset custom); at most cells - 1"},
    {.key = "layout", .type = SAPPER_PARAM_STRING, .flags = SAPPER_PARAM_SECRET, .def = "",
     .help = "board file of '*' and '.' fixing the mines (and the size; "
             "never scored); empty for a board drawn from the seed"},
    {.key = "name", .type = SAPPER_PARAM_STRING, .def = "me",
     .help = "your name on the scoreboard (the first seven characters); "
             "read by the front end"},
    {.key = "scorefile", .type = SAPPER_PARAM_STRING, .flags = SAPPER_PARAM_SECRET, .def = "",
     .help = "SQLite score file; empty: $XDG_DATA_HOME/sapper/"
             "scores.db (~/.local/share/sapper/scores.db), shared with "
             "the other rulesets; read by the front end"},
};

static const sapper_progress_ext ded_progress_ext = {
    .struct_size = sizeof(sapper_progress_ext),
    .progress = ded_progress,
};

static const sapper_mines_record_ext ded_record_ext = {
    .struct_size = sizeof(sapper_mines_record_ext),
    .record = ded_mines_record,
};

static const void *ded_get_extension(const char *id)
{
    if (strcmp(id, SAPPER_EXT_PROGRESS) == 0)
        return &ded_progress_ext;
    if (strcmp(id, SAPPER_EXT_CHARTS) == 0)
        return &sapper_mines_charts;
    return strcmp(id, SAPPER_EXT_MINES_RECORD) == 0 ? &ded_record_ext : NULL;
}

static const sapper_rules_api ded_rules = {
    .struct_size = sizeof(sapper_rules_api),
    .game_new = ded_game_new,
    .game_free = ded_game_free,
    .game_info = ded_game_info,
    .params_text = ded_params_text,
    .state_new = ded_state_new,
    .state_clone = ded_state_clone,
    .state_free = ded_state_free,
    .current_player = ded_current_player,
    .legal_actions = ded_legal_actions,
    .is_legal = ded_is_legal,
    .score = ded_score,
    .apply_action = ded_apply_action,
    .apply_joint = NULL, /* never simultaneous */
    .returns = ded_returns,
    .observe = ded_observe,
    .action_to_text = ded_action_to_text,
    .text_to_action = ded_text_to_action,
    .render_text = ded_render_text,
    .result_json = ded_result_json,
    .get_extension = ded_get_extension,
};

static const sapper_descriptor ded_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_RULES,
    .id = "deductive",
    .name = "Deductive Minesweeper",
    .version = "1.0.0",
    .summary = "Expose every safe cell; a mine nobody could have deduced "
               "is forgiven",
    .family = SAPPER_MINES_FAMILY,
    .family_version = SAPPER_MINES_FAMILY_VERSION,
    .params = ded_params,
    .param_count = sizeof ded_params / sizeof ded_params[0],
    .rules = &ded_rules,
};

static const sapper_descriptor *const ded_descriptors[] = {
    &ded_descriptor,
};

static const sapper_manifest ded_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = ded_descriptors,
};

SAPPER_PLUGIN_ENTRY(deductive)
{
    (void)host_minor; /* minor additions are zero-extended by the host */
    return host_major == SAPPER_ABI_MAJOR ? &ded_manifest : NULL;
}
