/*
 * plugin.c - the ABI glue of the seeker rules: parameter table, rules
 * table, descriptor and manifest. No logic here; see seeker.h for the
 * rules and the other files of this directory for their code.
 */
#include "seeker.h"
#include "charts.h"

static const sapper_param_spec seeker_params[] = {
    {.key = "width", .type = SAPPER_PARAM_INT, .def = "16",
     .min = SEEKER_MIN_SIDE, .max = SEEKER_MAX_SIDE, .help = "columns"},
    {.key = "height", .type = SAPPER_PARAM_INT, .def = "16",
     .min = SEEKER_MIN_SIDE, .max = SEEKER_MAX_SIDE, .help = "rows"},
    {.key = "mines", .type = SAPPER_PARAM_INT, .def = "51",
     .min = 1, .max = SEEKER_MAX_MINES,
     .help = "mines, odd (no ties) and at most width*height; a majority "
             "wins (26 of 51)"},
    {.key = "layout", .type = SAPPER_PARAM_STRING, .flags = SAPPER_PARAM_SECRET, .def = "",
     .help = "board file of '*' and '.' fixing the mines (and the size; "
             "odd mine count); empty for a board drawn from the seed"},
    {.key = "bomb", .type = SAPPER_PARAM_BOOL, .def = "false",
     .help = "the Flags bomb: each player may once, while behind, open a "
             "5x5 square and claim its mines (\"bomb X Y\")"},
    {.key = "bomb_deficit", .type = SAPPER_PARAM_INT, .def = "1",
     .min = 1, .max = SEEKER_MAX_MINES,
     .help = "how many points behind a player must be to bomb (1: any "
             "deficit, as MSN Flags)"},
};

static const void *seeker_get_extension(const char *id)
{
    return strcmp(id, SAPPER_EXT_CHARTS) == 0 ? &sapper_mines_charts : NULL;
}

static const sapper_rules_api seeker_rules = {
    .struct_size = sizeof(sapper_rules_api),
    .game_new = seeker_game_new,
    .game_free = seeker_game_free,
    .game_info = seeker_game_info,
    .state_new = seeker_state_new,
    .state_clone = seeker_state_clone,
    .state_free = seeker_state_free,
    .current_player = seeker_current_player,
    .legal_actions = seeker_legal_actions,
    .is_legal = seeker_is_legal,
    .apply_action = seeker_apply_action,
    .apply_joint = NULL, /* never simultaneous */
    .returns = seeker_returns,
    .observe = seeker_observe,
    .action_to_text = seeker_action_to_text,
    .text_to_action = seeker_text_to_action,
    .render_text = seeker_render_text,
    .result_json = seeker_result_json,
    .result_columns = seeker_result_columns,
    .seat_json = seeker_seat_json,
    .panel_text = seeker_panel_text,
    .get_extension = seeker_get_extension,
};

static const sapper_descriptor seeker_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_RULES,
    .id = "seeker",
    .name = "Mine-Seeker",
    .version = "1.0.0",
    .summary = "Two players claim mines by revealing them; a majority wins; "
               "bonus points for blind, edge, endgame and big reveals",
    .family = SAPPER_MINES_FAMILY,
    .family_version = SAPPER_MINES_FAMILY_VERSION,
    .params = seeker_params,
    .param_count = sizeof seeker_params / sizeof seeker_params[0],
    .rules = &seeker_rules,
};

static const sapper_descriptor *const seeker_descriptors[] = {
    &seeker_descriptor,
};

static const sapper_manifest seeker_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = seeker_descriptors,
};

SAPPER_PLUGIN_ENTRY(seeker)
{
    (void)host_minor; /* minor additions are zero-extended by the host */
    return host_major == SAPPER_ABI_MAJOR ? &seeker_manifest : NULL;
}
