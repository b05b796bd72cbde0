/*
 * plugin.c - the ABI glue of the Wood-Sword rules: parameter table, rules
 * table, descriptor and manifest. No logic here; see woodsword.h for the
 * game and the files it names for the parts.
 */
#include "woodsword.h"

static const sapper_param_spec woodsword_params[] = {
    {.key = "lang", .type = SAPPER_PARAM_CHOICE, .def = "en",
     .choices = "en|zh",
     .help = "language of the rendering and of refusals (en English, zh "
             "Chinese); typed actions stay English"},
    {.key = "max_rounds", .type = SAPPER_PARAM_INT, .def = "200",
     .min = 1, .max = WOODSWORD_MAX_ROUNDS_LIMIT,
     .help = "the game ends with no winner after this many rounds (nothing "
             "else stops everyone defending forever)"},
};

static const sapper_rules_api woodsword_rules = {
    .struct_size = sizeof(sapper_rules_api),
    .game_new = woodsword_game_new,
    .game_free = woodsword_game_free,
    .game_info = woodsword_game_info,
    .state_new = woodsword_state_new,
    .state_clone = woodsword_state_clone,
    .state_free = woodsword_state_free,
    .current_player = woodsword_current_player,
    .legal_actions = woodsword_legal_actions,
    .is_legal = woodsword_is_legal,
    .apply_action = woodsword_apply_action,
    .apply_joint = woodsword_apply_joint,
    .returns = woodsword_returns,
    .observe = woodsword_observe,
    .action_label = woodsword_action_label,
    .action_to_text = woodsword_action_to_text,
    .text_to_action = woodsword_text_to_action,
    .render_text = woodsword_render_text,
    .result_json = woodsword_result_json,
};

static const sapper_descriptor woodsword_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_RULES,
    .id = "woodsword",
    .name = "Wood-Sword",
    .version = "1.0.0",
    .summary = "2-64 seats pick actions in secret each round; last one alive wins",
    .family = SAPPER_ARENA_FAMILY,
    .family_version = SAPPER_ARENA_FAMILY_VERSION,   /* the terms in the view */
    .params = woodsword_params,
    .param_count = sizeof woodsword_params / sizeof woodsword_params[0],
    .rules = &woodsword_rules,
};

static const sapper_descriptor *const woodsword_descriptors[] = {
    &woodsword_descriptor,
};

static const sapper_manifest woodsword_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = woodsword_descriptors,
};

SAPPER_PLUGIN_ENTRY(woodsword)
{
    (void)host_minor; /* minor additions are zero-extended by the host */
    return host_major == SAPPER_ABI_MAJOR ? &woodsword_manifest : NULL;
}
