/*
 * test_conformance.c - the suite every rules plugin must pass, run on every
 * rules plugin the build produces (and the simultaneous test game rps):
 * random legal playouts end within the declared bound and only ever see
 * legal sets that are ascending and within max_actions; every legal action's
 * text parses back to the same id; a clone behaves exactly as the original;
 * the same seed gives the same game. Each ruleset plays on its defaults,
 * then once with each boolean parameter that is off by default turned on
 * (Mine-Seeker's bomb, classic's no-guess boards, ...). Rules with the
 * mines family's typed result record say in it what their JSON says. A new ruleset is
 * covered by adding its .so, nothing else.
 */
#include "helpers.h"
#include "sapper/mines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLAYOUTS 40

typedef struct subject {
    const sapper_plugin *p;
    void *game;
    sapper_game_info info;
    int32_t players;
    sapper_param_set params;
} subject;

/* Opens p's game on its defaults, with the boolean parameter `on` (NULL:
   none) set to true. */
static void open_subject(subject *s, const sapper_plugin *p, const char *on)
{
    char err[512] = "";
    memset(s, 0, sizeof *s);
    s->p = p;
    assert_int_equal(sapper_plugin_open(p, err, sizeof err), SAPPER_OK);
    assert_int_equal(sapper_param_set_defaults(&s->params, p->desc.params,
                                               p->desc.param_count), SAPPER_OK);
    if (on)
        assert_int_equal(sapper_param_set_put(&s->params, on, "true"), SAPPER_OK);
    sapper_params view = sapper_param_set_view(&s->params);
    if (p->rules.game_new(&view, &s->game, err, sizeof err) != SAPPER_OK)
        fail_msg("%s: game_new with defaults%s%s: %s", p->desc.id,
                 on ? " and " : "", on ? on : "", err);
    s->info.struct_size = sizeof s->info;
    p->rules.game_info(s->game, 1, &s->info);
    s->players = s->info.min_players;
    p->rules.game_info(s->game, s->players, &s->info);
    assert_true(s->info.max_moves > 0);
    assert_true(s->info.max_actions > 0);
    assert_true(s->info.max_actions <= SAPPER_MAX_ACTIONS_LIMIT);
    /* ABI 1.2: the caller sizes the output struct; the plugin keeps it */
    sapper_game_info small;
    memset(&small, 0xAB, sizeof small);
    small.struct_size = (uint32_t)offsetof(sapper_game_info, max_moves);
    p->rules.game_info(s->game, s->players, &small);
    assert_int_equal(small.struct_size, offsetof(sapper_game_info, max_moves));
    assert_int_equal(small.max_players, s->info.max_players);
    assert_true(small.max_moves == (int64_t)0xABABABABABABABABull);   /* untouched */
}

static void close_subject(subject *s)
{
    s->p->rules.game_free(s->game);
    sapper_param_set_free(&s->params);
}

static char *render(const subject *s, const void *state)
{
    char *buf = malloc(1 << 20);
    int64_t n = s->p->rules.render_text(state, SAPPER_OMNISCIENT, buf, 1 << 20);
    assert_true(n >= 0 && n < (1 << 20));
    return buf;
}

/* Legal set of seat: ascending, unique, within max_actions. */
static int64_t legal(const subject *s, const void *state, int32_t seat, int64_t *out)
{
    int64_t n = s->p->rules.legal_actions(state, seat, out, (size_t)s->info.max_actions);
    assert_true(n >= 0 && n <= s->info.max_actions);
    for (int64_t i = 1; i < n; i++)
        assert_true(out[i - 1] < out[i]);
    return n;
}

static void check_text_round_trip(const subject *s, const void *state,
                                  const int64_t *acts, int64_t n)
{
    char text[256], err[256];
    for (int64_t i = 0; i < n; i += 1 + n / 16) {  /* a sample of each set */
        int64_t back = -1;
        assert_true(s->p->rules.action_to_text(state, acts[i], text, sizeof text) <
                    (int64_t)sizeof text);
        if (s->p->rules.text_to_action(state, text, &back, err, sizeof err) != SAPPER_OK)
            fail_msg("%s: \"%s\" does not parse back: %s", s->p->desc.id, text, err);
        assert_int_equal(back, acts[i]);
    }
}

/* An id outside the legal set is refused with SAPPER_ERR_ILLEGAL and the
   state left as it was: the engine relies on it to skip a bot's planned
   actions that are no longer legal (step_many) without the legal list. */
static void check_illegal_refused(const subject *s, void *state, int32_t who,
                                  const int64_t *legal, int64_t n, sapper_rng *rng)
{
    char err[256], before[4096], after[4096];
    int64_t a = (int64_t)sapper_rng_below(rng, (uint64_t)s->info.max_actions);
    for (int64_t i = 0; i < n; i++)
        if (legal[i] == a)
            return;   /* legal after all: nothing to check this step */
    s->p->rules.render_text(state, SAPPER_OMNISCIENT, before, sizeof before);
    if (s->p->rules.apply_action(state, who, a, err, sizeof err) != SAPPER_ERR_ILLEGAL)
        fail_msg("%s: action %lld, not legal, was not refused as illegal", s->p->desc.id,
                 (long long)a);
    s->p->rules.render_text(state, SAPPER_OMNISCIENT, after, sizeof after);
    assert_string_equal(before, after);
}

/* is_legal (ABI 1.2, optional) answers exactly as the legal set: for
   every seat, every listed action and a sample of the others. */
static void check_is_legal(const subject *s, const void *state, int64_t *buf,
                           sapper_rng *rng)
{
    if (!s->p->rules.is_legal)
        return;
    for (int32_t seat = 0; seat < s->players; seat++) {
        int64_t n = legal(s, state, seat, buf);
        for (int64_t i = 0; i < n; i++)
            if (s->p->rules.is_legal(state, seat, buf[i]) != 1)
                fail_msg("%s: is_legal says listed action %lld of seat %d is not "
                         "legal", s->p->desc.id, (long long)buf[i], seat + 1);
        for (int k = 0; k < 32; k++) {
            int64_t a = (int64_t)sapper_rng_below(rng, (uint64_t)s->info.max_actions + 8) - 4;
            int found = 0;
            for (int64_t i = 0; i < n; i++)
                found |= buf[i] == a;
            if (s->p->rules.is_legal(state, seat, a) != found)
                fail_msg("%s: is_legal(%lld) of seat %d is %d, the legal set says %d",
                         s->p->desc.id, (long long)a, seat + 1,
                         s->p->rules.is_legal(state, seat, a), found);
        }
    }
}

/* One random legal step (sequential or joint) applied to every state in
   states[0..k) alike. Returns 0 at the end of the game. */
static int step(const subject *s, void **states, int k, sapper_rng *rng, int64_t *buf)
{
    char err[512];
    int32_t who = s->p->rules.current_player(states[0]);
    check_is_legal(s, states[0], buf, rng);
    if (who == SAPPER_TERMINAL)
        return 0;
    if (who >= 0) {
        int64_t n = legal(s, states[0], who, buf);
        assert_true(n > 0);
        check_text_round_trip(s, states[0], buf, n);
        check_illegal_refused(s, states[0], who, buf, n, rng);
        int64_t a = buf[sapper_rng_below(rng, (uint64_t)n)];
        for (int i = 0; i < k; i++)
            if (s->p->rules.apply_action(states[i], who, a, err, sizeof err) != SAPPER_OK)
                fail_msg("%s: legal action refused: %s", s->p->desc.id, err);
        return 1;
    }
    assert_int_equal(who, SAPPER_SIMULTANEOUS);
    int64_t joint[SAPPER_MAX_SEATS];
    for (int32_t seat = 0; seat < s->players; seat++) {
        int64_t n = legal(s, states[0], seat, buf);
        check_text_round_trip(s, states[0], buf, n);
        joint[seat] = n ? buf[sapper_rng_below(rng, (uint64_t)n)] : SAPPER_NO_ACTION;
    }
    for (int i = 0; i < k; i++)
        if (s->p->rules.apply_joint(states[i], joint, s->players, err, sizeof err))
            fail_msg("%s: legal joint action refused: %s", s->p->desc.id, err);
    return 1;
}

/* The number after "key": in the rules' result members, or -1. */
static long json_number(const char *json, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *at = strstr(json, pat);
    return at && at[strlen(pat)] != 'n' ? strtol(at + strlen(pat), NULL, 10) : -1;
}

/* The cells seat 0's view shows as numbers (0-8): the safe cells the
   player revealed, what the record's revealed counts (mines never do). */
static int32_t view_numbers(const subject *s, const void *state)
{
    int64_t need = s->p->rules.observe(state, 0, NULL, 0);
    void *view = need > 0 ? malloc((size_t)need) : NULL;
    assert_non_null(view);
    assert_int_equal(s->p->rules.observe(state, 0, view, (size_t)need), need);
    const uint8_t *cells = sapper_mines_view_cells(view, (size_t)need);
    assert_non_null(cells);
    const sapper_mines_view *v = view;
    int32_t n = 0;
    for (int32_t i = 0; i < v->width * v->height; i++)
        n += cells[i] <= 8;
    free(view);
    return n;
}

/* Rules of the mines family with the typed result record (ABI 1.3,
   SAPPER_EXT_MINES_RECORD) say in it what their result JSON says. */
static void check_mines_record(const subject *s, const void *state)
{
    const sapper_mines_record_ext *x = s->p->rules.get_extension
        ? s->p->rules.get_extension(SAPPER_EXT_MINES_RECORD) : NULL;
    if (!x)
        return;
    char json[4096];
    assert_true(s->p->rules.result_json(state, json, sizeof json) < (int64_t)sizeof json);
    sapper_mines_record r = {.struct_size = sizeof r};
    x->record(state, &r);
    assert_int_equal(r.struct_size, sizeof r);
    assert_int_equal(r.width, json_number(json, "width"));
    assert_int_equal(r.height, json_number(json, "height"));
    assert_int_equal(r.mines, json_number(json, "mines"));
    assert_true(r.flags & SAPPER_MINES_REC_COUNTED);
    assert_int_equal(r.bbbv, json_number(json, "bbbv"));
    assert_int_equal(r.bbbv_solved, json_number(json, "bbbv_solved"));
    char clicks[64];
    snprintf(clicks, sizeof clicks, "\"clicks\":[%d,%d,%d]", r.clicks[0], r.clicks[1],
             r.clicks[2]);
    assert_non_null(strstr(json, clicks));
    char lost[48] = "\"lost_on\":[";
    if (r.flags & SAPPER_MINES_REC_LOST_ON)
        snprintf(lost, sizeof lost, "\"lost_on\":[%d,%d]", r.lost_x, r.lost_y);
    assert_true(!!strstr(json, lost) == !!(r.flags & SAPPER_MINES_REC_LOST_ON));
    assert_int_equal(r.flags & SAPPER_MINES_REC_FORGIVES ? r.forgiven : -1,
                     json_number(json, "forgiven"));
    assert_int_equal(!!(r.flags & SAPPER_MINES_REC_NO_GUESS),
                     strstr(json, "\"no_guess\":true") != NULL);
    assert_int_equal(!!(r.flags & SAPPER_MINES_REC_CLOUDS),
                     strstr(json, "\"density\":\"clouds\"") != NULL);
    if (json_number(json, "revealed") >= 0)
        assert_int_equal(r.revealed, json_number(json, "revealed"));
    assert_int_equal(r.revealed, view_numbers(s, state));
    /* a smaller caller's record is written only as far as it reaches */
    sapper_mines_record small;
    memset(&small, 0xAB, sizeof small);
    small.struct_size = (uint32_t)offsetof(sapper_mines_record, lost_x);
    x->record(state, &small);
    assert_int_equal(small.width, r.width);
    assert_true(small.lost_x == (int32_t)0xABABABAB);
}

/* Plays one random game; states[1] is a clone taken at move clone_at.
   Returns the final rendering of the original (caller frees). */
static char *playout(const subject *s, uint64_t seed, int64_t clone_at)
{
    char err[512];
    void *st[2] = {NULL, NULL};
    int64_t *buf = malloc((size_t)s->info.max_actions * sizeof *buf);
    sapper_rng rng;
    sapper_rng_seed(&rng, seed ^ 0x5eed);
    assert_int_equal(s->p->rules.state_new(s->game, s->players, seed, &st[0], err,
                                           sizeof err), SAPPER_OK);
    int64_t moves = 0;
    for (;; moves++) {
        if (moves == clone_at)
            assert_int_equal(s->p->rules.state_clone(st[0], &st[1]), SAPPER_OK);
        if (!step(s, st, st[1] ? 2 : 1, &rng, buf))
            break;
        assert_true(moves < s->info.max_moves);
        if (st[1]) {  /* the clone must stay identical, move for move */
            char *a = render(s, st[0]), *b = render(s, st[1]);
            assert_string_equal(a, b);
            free(a);
            free(b);
        }
    }
    check_mines_record(s, st[0]);
    char *final = render(s, st[0]);
    double r[SAPPER_MAX_SEATS];
    s->p->rules.returns(st[0], r, s->players);
    for (int32_t i = 0; i < s->players; i++)
        assert_true(r[i] >= 0.0 && r[i] <= 1.0);
    s->p->rules.state_free(st[0]);
    s->p->rules.state_free(st[1]);
    free(buf);
    return final;
}

static void conform(const sapper_plugin *p, const char *on)
{
    subject s;
    print_message("conformance: %s%s%s (%s)\n", p->desc.id, on ? " " : "",
                  on ? on : "", p->file);
    open_subject(&s, p, on);
    for (uint64_t seed = 1; seed <= PLAYOUTS; seed++) {
        char *a = playout(&s, seed, (int64_t)(seed % 5));
        char *b = playout(&s, seed, -1);
        assert_string_equal(a, b);  /* same seed, same actions: same game */
        free(a);
        free(b);
    }
    close_subject(&s);
}

static void test_conformance_every_rules_plugin(void **state)
{
    (void)state;
    sapper_registry *reg = test_registry(1);
    int tested = 0;
    for (size_t i = 0; i < sapper_registry_count(reg); i++) {
        const sapper_plugin *p = sapper_registry_at(reg, i);
        if (p->desc.kind != SAPPER_KIND_RULES)
            continue;
        conform(p, NULL);
        for (uint32_t k = 0; k < p->desc.param_count; k++) {
            const sapper_param_spec *spec = &p->desc.params[k];
            if (spec->type == SAPPER_PARAM_BOOL && strcmp(spec->def, "false") == 0)
                conform(p, spec->key);
        }
        tested++;
    }
    assert_true(tested >= 2);  /* classic and rps at least */
    sapper_registry_free(reg);
}

static void test_conformance_same_seed_same_initial_board(void **state)
{
    (void)state;
    sapper_registry *reg = test_registry(0);
    const sapper_plugin *p = sapper_registry_find(reg, "classic", SAPPER_KIND_RULES);
    subject s;
    open_subject(&s, p, NULL);
    char err[256];
    void *a, *b;
    assert_int_equal(p->rules.state_new(s.game, 1, 1234, &a, err, sizeof err), SAPPER_OK);
    assert_int_equal(p->rules.state_new(s.game, 1, 1234, &b, err, sizeof err), SAPPER_OK);
    int64_t first = sapper_mines_action(SAPPER_MINES_REVEAL, 0, 0, 9, 9);
    assert_int_equal(p->rules.apply_action(a, 0, first, err, sizeof err), SAPPER_OK);
    assert_int_equal(p->rules.apply_action(b, 0, first, err, sizeof err), SAPPER_OK);
    char *ra = render(&s, a), *rb = render(&s, b);
    assert_string_equal(ra, rb);
    free(ra);
    free(rb);
    p->rules.state_free(a);
    p->rules.state_free(b);
    close_subject(&s);
    sapper_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conformance_every_rules_plugin),
        cmocka_unit_test(test_conformance_same_seed_same_initial_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
