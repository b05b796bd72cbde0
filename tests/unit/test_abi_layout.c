/*
 * test_abi_layout.c - the public ABI's layout is frozen: every public
 * struct's size and every member's offset, as of ABI 1.2, checked by the
 * compiler (a change fails the build, not a test run: change the ABI by
 * appending, then update these lines with the changelog). And plugins
 * built as ABI 1.0 and 1.1 builds make them (tests/plugins/abi_old.c) are
 * loaded for real and played to the end.
 */
#include <stddef.h>

#include "helpers.h"
#include "match.h"
#include "sapper/arena.h"
#include "sapper/mines.h"

/* LP64 (the platforms Sapper builds for). Generated from the headers
   with offsetof and sizeof, then frozen. */
#include <stdint.h>
#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
_Static_assert(sizeof(sapper_param_spec) == 56, "sapper_param_spec");
_Static_assert(offsetof(sapper_param_spec, key) == 0, "sapper_param_spec.key");
_Static_assert(offsetof(sapper_param_spec, type) == 8, "sapper_param_spec.type");
_Static_assert(offsetof(sapper_param_spec, flags) == 12, "sapper_param_spec.flags");
_Static_assert(offsetof(sapper_param_spec, def) == 16, "sapper_param_spec.def");
_Static_assert(offsetof(sapper_param_spec, min) == 24, "sapper_param_spec.min");
_Static_assert(offsetof(sapper_param_spec, max) == 32, "sapper_param_spec.max");
_Static_assert(offsetof(sapper_param_spec, choices) == 40, "sapper_param_spec.choices");
_Static_assert(offsetof(sapper_param_spec, help) == 48, "sapper_param_spec.help");
_Static_assert(sizeof(sapper_kv) == 16, "sapper_kv");
_Static_assert(offsetof(sapper_kv, key) == 0, "sapper_kv.key");
_Static_assert(offsetof(sapper_kv, value) == 8, "sapper_kv.value");
_Static_assert(sizeof(sapper_params) == 16, "sapper_params");
_Static_assert(offsetof(sapper_params, items) == 0, "sapper_params.items");
_Static_assert(offsetof(sapper_params, count) == 8, "sapper_params.count");
_Static_assert(sizeof(sapper_rng) == 32, "sapper_rng");
_Static_assert(sizeof(sapper_game_info) == 32, "sapper_game_info");
_Static_assert(offsetof(sapper_game_info, struct_size) == 0, "sapper_game_info.struct_size");
_Static_assert(offsetof(sapper_game_info, min_players) == 4, "sapper_game_info.min_players");
_Static_assert(offsetof(sapper_game_info, max_players) == 8, "sapper_game_info.max_players");
_Static_assert(offsetof(sapper_game_info, turns) == 12, "sapper_game_info.turns");
_Static_assert(offsetof(sapper_game_info, max_moves) == 16, "sapper_game_info.max_moves");
_Static_assert(offsetof(sapper_game_info, max_actions) == 24, "sapper_game_info.max_actions");
_Static_assert(sizeof(sapper_rules_api) == 208, "sapper_rules_api");
_Static_assert(offsetof(sapper_rules_api, game_new) == 8, "sapper_rules_api.game_new");
_Static_assert(offsetof(sapper_rules_api, game_free) == 16, "sapper_rules_api.game_free");
_Static_assert(offsetof(sapper_rules_api, game_info) == 24, "sapper_rules_api.game_info");
_Static_assert(offsetof(sapper_rules_api, state_new) == 32, "sapper_rules_api.state_new");
_Static_assert(offsetof(sapper_rules_api, state_clone) == 40, "sapper_rules_api.state_clone");
_Static_assert(offsetof(sapper_rules_api, state_free) == 48, "sapper_rules_api.state_free");
_Static_assert(offsetof(sapper_rules_api, current_player) == 56, "sapper_rules_api.current_player");
_Static_assert(offsetof(sapper_rules_api, legal_actions) == 64, "sapper_rules_api.legal_actions");
_Static_assert(offsetof(sapper_rules_api, apply_action) == 72, "sapper_rules_api.apply_action");
_Static_assert(offsetof(sapper_rules_api, apply_joint) == 80, "sapper_rules_api.apply_joint");
_Static_assert(offsetof(sapper_rules_api, returns) == 88, "sapper_rules_api.returns");
_Static_assert(offsetof(sapper_rules_api, observe) == 96, "sapper_rules_api.observe");
_Static_assert(offsetof(sapper_rules_api, action_to_text) == 104, "sapper_rules_api.action_to_text");
_Static_assert(offsetof(sapper_rules_api, text_to_action) == 112, "sapper_rules_api.text_to_action");
_Static_assert(offsetof(sapper_rules_api, render_text) == 120, "sapper_rules_api.render_text");
_Static_assert(offsetof(sapper_rules_api, result_json) == 128, "sapper_rules_api.result_json");
_Static_assert(offsetof(sapper_rules_api, seat_json) == 136, "sapper_rules_api.seat_json");
_Static_assert(offsetof(sapper_rules_api, panel_text) == 144, "sapper_rules_api.panel_text");
_Static_assert(offsetof(sapper_rules_api, params_text) == 152, "sapper_rules_api.params_text");
_Static_assert(offsetof(sapper_rules_api, set_host) == 160, "sapper_rules_api.set_host");
_Static_assert(offsetof(sapper_rules_api, action_label) == 168, "sapper_rules_api.action_label");
_Static_assert(offsetof(sapper_rules_api, result_columns) == 176, "sapper_rules_api.result_columns");
_Static_assert(offsetof(sapper_rules_api, is_legal) == 184, "sapper_rules_api.is_legal");
_Static_assert(offsetof(sapper_rules_api, score) == 192, "sapper_rules_api.score");
_Static_assert(offsetof(sapper_rules_api, get_extension) == 200, "sapper_rules_api.get_extension");
_Static_assert(sizeof(sapper_score) == 112, "sapper_score");
_Static_assert(offsetof(sapper_score, board) == 16, "sapper_score.board");
_Static_assert(offsetof(sapper_score, label) == 80, "sapper_score.label");
_Static_assert(sizeof(sapper_bot_setup) == 56, "sapper_bot_setup");
_Static_assert(offsetof(sapper_bot_setup, seat) == 4, "sapper_bot_setup.seat");
_Static_assert(offsetof(sapper_bot_setup, players) == 8, "sapper_bot_setup.players");
_Static_assert(offsetof(sapper_bot_setup, reserved) == 12, "sapper_bot_setup.reserved");
_Static_assert(offsetof(sapper_bot_setup, seed) == 16, "sapper_bot_setup.seed");
_Static_assert(offsetof(sapper_bot_setup, rules_id) == 24, "sapper_bot_setup.rules_id");
_Static_assert(offsetof(sapper_bot_setup, rules_params) == 32, "sapper_bot_setup.rules_params");
_Static_assert(offsetof(sapper_bot_setup, info) == 40, "sapper_bot_setup.info");
_Static_assert(offsetof(sapper_bot_setup, host) == 48, "sapper_bot_setup.host");
_Static_assert(sizeof(sapper_host) == 40, "sapper_host");
_Static_assert(offsetof(sapper_host, ctx) == 8, "sapper_host.ctx");
_Static_assert(offsetof(sapper_host, log) == 16, "sapper_host.log");
_Static_assert(offsetof(sapper_host, time_left) == 24, "sapper_host.time_left");
_Static_assert(offsetof(sapper_host, cancel) == 32, "sapper_host.cancel");
_Static_assert(sizeof(sapper_bot_api) == 64, "sapper_bot_api");
_Static_assert(offsetof(sapper_bot_api, bot_new) == 8, "sapper_bot_api.bot_new");
_Static_assert(offsetof(sapper_bot_api, bot_free) == 16, "sapper_bot_api.bot_free");
_Static_assert(offsetof(sapper_bot_api, step) == 24, "sapper_bot_api.step");
_Static_assert(offsetof(sapper_bot_api, inform) == 32, "sapper_bot_api.inform");
_Static_assert(offsetof(sapper_bot_api, step_many) == 40, "sapper_bot_api.step_many");
_Static_assert(offsetof(sapper_bot_api, flags) == 48, "sapper_bot_api.flags");
_Static_assert(offsetof(sapper_bot_api, bot_reset) == 56, "sapper_bot_api.bot_reset");
_Static_assert(sizeof(sapper_descriptor) == 96, "sapper_descriptor");
_Static_assert(offsetof(sapper_descriptor, abi_major) == 4, "sapper_descriptor.abi_major");
_Static_assert(offsetof(sapper_descriptor, abi_minor) == 6, "sapper_descriptor.abi_minor");
_Static_assert(offsetof(sapper_descriptor, kind) == 8, "sapper_descriptor.kind");
_Static_assert(offsetof(sapper_descriptor, reserved) == 12, "sapper_descriptor.reserved");
_Static_assert(offsetof(sapper_descriptor, id) == 16, "sapper_descriptor.id");
_Static_assert(offsetof(sapper_descriptor, name) == 24, "sapper_descriptor.name");
_Static_assert(offsetof(sapper_descriptor, version) == 32, "sapper_descriptor.version");
_Static_assert(offsetof(sapper_descriptor, summary) == 40, "sapper_descriptor.summary");
_Static_assert(offsetof(sapper_descriptor, family) == 48, "sapper_descriptor.family");
_Static_assert(offsetof(sapper_descriptor, params) == 56, "sapper_descriptor.params");
_Static_assert(offsetof(sapper_descriptor, param_count) == 64, "sapper_descriptor.param_count");
_Static_assert(offsetof(sapper_descriptor, rules) == 72, "sapper_descriptor.rules");
_Static_assert(offsetof(sapper_descriptor, bot) == 80, "sapper_descriptor.bot");
_Static_assert(offsetof(sapper_descriptor, param_spec_size) == 88, "sapper_descriptor.param_spec_size");
_Static_assert(offsetof(sapper_descriptor, family_version) == 92, "sapper_descriptor.family_version");
_Static_assert(sizeof(sapper_manifest) == 24, "sapper_manifest");
_Static_assert(offsetof(sapper_manifest, abi_major) == 4, "sapper_manifest.abi_major");
_Static_assert(offsetof(sapper_manifest, abi_minor) == 6, "sapper_manifest.abi_minor");
_Static_assert(offsetof(sapper_manifest, count) == 8, "sapper_manifest.count");
_Static_assert(offsetof(sapper_manifest, descriptors) == 16, "sapper_manifest.descriptors");
_Static_assert(sizeof(sapper_mines_view) == 64, "sapper_mines_view");
_Static_assert(offsetof(sapper_mines_view, width) == 4, "sapper_mines_view.width");
_Static_assert(offsetof(sapper_mines_view, height) == 8, "sapper_mines_view.height");
_Static_assert(offsetof(sapper_mines_view, mines) == 12, "sapper_mines_view.mines");
_Static_assert(offsetof(sapper_mines_view, mines_exposed) == 16, "sapper_mines_view.mines_exposed");
_Static_assert(offsetof(sapper_mines_view, flags) == 20, "sapper_mines_view.flags");
_Static_assert(offsetof(sapper_mines_view, seat) == 24, "sapper_mines_view.seat");
_Static_assert(offsetof(sapper_mines_view, to_move) == 28, "sapper_mines_view.to_move");
_Static_assert(offsetof(sapper_mines_view, players) == 32, "sapper_mines_view.players");
_Static_assert(offsetof(sapper_mines_view, bombs) == 36, "sapper_mines_view.bombs");
_Static_assert(offsetof(sapper_mines_view, points) == 40, "sapper_mines_view.points");
_Static_assert(offsetof(sapper_mines_view, moves) == 48, "sapper_mines_view.moves");
_Static_assert(offsetof(sapper_mines_view, paused_us) == 56, "sapper_mines_view.paused_us");
_Static_assert(offsetof(sapper_mines_view, cells) == 64, "sapper_mines_view.cells");
_Static_assert(sizeof(sapper_arena_view) == 80, "sapper_arena_view");
_Static_assert(offsetof(sapper_arena_view, terms_offset) == 64, "sapper_arena_view.terms_offset");
_Static_assert(offsetof(sapper_arena_view, prep_bonus) == 72, "sapper_arena_view.prep_bonus");
_Static_assert(SAPPER_ARENA_VIEW_SIZE_2 == 64, "arena view of family versions 1-2");
_Static_assert(sizeof(sapper_arena_terms) == 24, "sapper_arena_terms");
_Static_assert(sizeof(sapper_arena_seat) == 88, "sapper_arena_seat");

/* The growth rules of 1.2: the 1.0 sizes the engine accepts stay put. */
_Static_assert(SAPPER_GAME_INFO_SIZE_1_0 == 32, "game info 1.0 size");
_Static_assert(SAPPER_PARAM_SPEC_SIZE_1_0 == 56, "param spec 1.0 stride");
_Static_assert(SAPPER_MANIFEST_SIZE_1_0 == 24, "manifest 1.0 size");
_Static_assert(offsetof(sapper_descriptor, param_spec_size) == 88, "descriptor 1.0/1.1 size");
_Static_assert(offsetof(sapper_bot_api, step_many) == 40, "bot table 1.0/1.1 size");
_Static_assert(offsetof(sapper_rules_api, seat_json) == 136, "rules table 1.0 size");
_Static_assert(offsetof(sapper_rules_api, params_text) == 152, "rules table 1.1 size");
_Static_assert(offsetof(sapper_rules_api, get_extension) == 200, "rules table 1.2 size");
_Static_assert(sizeof(sapper_progress_ext) == 16, "sapper_progress_ext");
_Static_assert(offsetof(sapper_progress_ext, progress) == 8, "sapper_progress_ext.progress");
_Static_assert(sizeof(sapper_mines_record) == 56, "sapper_mines_record");
_Static_assert(offsetof(sapper_mines_record, width) == 8, "sapper_mines_record.width");
_Static_assert(offsetof(sapper_mines_record, lost_x) == 24, "sapper_mines_record.lost_x");
_Static_assert(offsetof(sapper_mines_record, forgiven) == 32, "sapper_mines_record.forgiven");
_Static_assert(offsetof(sapper_mines_record, bbbv) == 36, "sapper_mines_record.bbbv");
_Static_assert(offsetof(sapper_mines_record, clicks) == 44, "sapper_mines_record.clicks");
_Static_assert(sizeof(sapper_mines_record_ext) == 16, "sapper_mines_record_ext");
_Static_assert(offsetof(sapper_mines_record_ext, record) == 8, "sapper_mines_record_ext.record");
#endif

static sapper_registry *reg;

static int setup_registry(void **state)
{
    (void)state;
    char err[1024];
    reg = test_registry(1);
    for (int minor = 0; minor <= 2; minor++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/abi_old_1%d.so", SAPPER_TEST_PLUGIN_DIR, minor);
        if (sapper_registry_load_file(reg, path, err, sizeof err) != SAPPER_OK)
            fail_msg("%s", err);
    }
    return 0;
}

static int free_registry(void **state)
{
    (void)state;
    sapper_registry_free(reg);
    return 0;
}

/* Plays one game of ini to its end; returns the number of moves. */
static size_t play(const char *ini)
{
    sapper_setup s;
    char err[1024] = "";
    if (test_setup(reg, ini, NULL, &s, err, sizeof err) != SAPPER_OK)
        fail_msg("setup: %s", err);
    sapper_match *m = sapper_match_new(&s, 7, 0, err, sizeof err);
    if (!m)
        fail_msg("match: %s", err);
    sapper_match_advance(m);
    assert_int_equal(sapper_match_to_move(m), SAPPER_TERMINAL);
    assert_null(sapper_match_fault(m));
    size_t moves = sapper_match_move_count(m);
    sapper_match_free(m);
    sapper_setup_free(&s);
    return moves;
}

static void test_abi_old_bots_play_classic(void **state)
{
    (void)state;
    assert_true(play("[player.1]\nbot = abi10-bot\npatience = 3\n") > 0);
    assert_true(play("[player.1]\nbot = abi11-bot\n") > 0);
    assert_true(play("[player.1]\nbot = abi12-bot\n") > 0);
}

static void test_abi_old_rules_play_with_a_new_bot(void **state)
{
    (void)state;
    assert_true(play("[game]\nrules = rps10\n[rules]\nrounds = 5\n[player.1]\nbot = "
                     "rps-random\n[player.2]\nbot = rps-random\n") >= 6);
    assert_true(play("[game]\nrules = rps11\n[player.1]\nbot = rps-random\n"
                     "[player.2]\nbot = rps-random\n") >= 4);
    assert_true(play("[game]\nrules = rps12\n[player.1]\nbot = rps-random\n"
                     "[player.2]\nbot = rps-random\n") >= 4);
}

/* Family versions (ABI 1.2): a bot that needs a newer family than the
   rules write is refused with both versions named. */
static void test_abi_family_version_too_old_is_refused(void **state)
{
    (void)state;
    char why[512];
    sapper_plugin bot = {0}, rules = {0};
    bot.desc.id = "needy";
    bot.desc.family = rules.desc.family = "arena";
    bot.desc.family_version = 3;
    rules.desc.id = "old-arena";
    rules.desc.version = "1.0.0";
    rules.desc.family_version = 2;
    assert_false(sapper_plugin_can_play(&bot, &rules, why, sizeof why));
    assert_string_equal(why, "\"needy\" needs the arena family at version 3, but "
                             "rules \"old-arena\" 1.0.0 write version 2");
    rules.desc.family_version = 3;
    assert_true(sapper_plugin_can_play(&bot, &rules, why, sizeof why));
    bot.desc.family_version = 0;   /* 0 means 1: plays every version */
    rules.desc.family_version = 0;
    assert_true(sapper_plugin_can_play(&bot, &rules, why, sizeof why));
}

static void test_abi_old_tables_read_as_absent_members(void **state)
{
    (void)state;
    char err[512];
    const sapper_plugin *b = sapper_registry_find(reg, "abi10-bot", SAPPER_KIND_BOT);
    const sapper_plugin *r = sapper_registry_find(reg, "rps10", SAPPER_KIND_RULES);
    assert_non_null(b);
    assert_non_null(r);
    assert_int_equal(sapper_plugin_open(b, err, sizeof err), SAPPER_OK);
    assert_int_equal(sapper_plugin_open(r, err, sizeof err), SAPPER_OK);
    assert_non_null(b->bot.inform);
    assert_null(b->bot.step_many);      /* 1.2: not in a 1.0 table */
    assert_null(r->rules.seat_json);    /* 1.1 */
    assert_null(r->rules.params_text);  /* 1.2 */
    assert_int_equal(b->desc.param_spec_size, sizeof(sapper_param_spec));
    assert_string_equal(b->desc.params[0].key, "patience");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_abi_old_bots_play_classic),
        cmocka_unit_test(test_abi_old_rules_play_with_a_new_bot),
        cmocka_unit_test(test_abi_old_tables_read_as_absent_members),
        cmocka_unit_test(test_abi_family_version_too_old_is_refused),
    };
    return cmocka_run_group_tests(tests, setup_registry, free_registry);
}
