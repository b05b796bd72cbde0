/*
 * test_protocol.c - the seat protocol (core/protocol/, docs/PROTOCOL.md):
 * the handshake reader, the game block, the views in text, action texts
 * equal to the rules' own (classic, seeker, woodsword), the move reader
 * and the line reassembler, each with the hostile lines it must refuse.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "helpers.h"
#include "match.h"
#include "protocol.h"
#include "sapper/arena.h"
#include "sapper/mines.h"

static int hello_lines(sapper_proto_hello *h, const char *const *lines, char *why,
                       size_t cap)
{
    for (size_t i = 0; lines[i]; i++)
        if (sapper_proto_read_hello(h, lines[i], why, cap))
            return -1;
    return 0;
}

static void handshake_is_read_line_by_line(void **state)
{
    (void)state;
    static const char *const good[] = {"id single_py", "name Single number", "version 1.0",
                                       "author Ann", "family mines", "family arena",
                                       "option legal", "ready 1", NULL};
    sapper_proto_hello h = {0};
    char why[512] = "";
    assert_int_equal(hello_lines(&h, good, why, sizeof why), 0);
    assert_true(h.ready);
    assert_true(h.want_legal);
    assert_int_equal(h.families, SAPPER_PROTO_MINES | SAPPER_PROTO_ARENA);
    assert_string_equal(h.id, "single_py");
    assert_string_equal(h.name, "Single number");
    sapper_strbuf o = {0};
    sapper_proto_put_greeting(&o);
    assert_string_equal(sapper_strbuf_str(&o), "sapper 1\n");
    sapper_strbuf_free(&o);
}

static void handshake_errors_name_the_line(void **state)
{
    (void)state;
    static const char *const cases[][3] = {
        {"family mines", "ready 2", "line 2 of the bot's output: expected \"ready 1\""},
        {"ready 1", NULL, "at least one \"family F\""},
        {"id Bad Id", NULL, "line 1 of the bot's output: expected \"id ID\""},
        {"family chess", NULL, "expected \"family mines\" or \"family arena\""},
        {"hello", NULL, "found \"hello\""},
        {"name \x1b]0;x\x07", NULL, "found \"name \\x1b]0;x\\x07\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *lines[3] = {cases[i][0], cases[i][1], NULL};
        sapper_proto_hello h = {0};
        char why[512] = "";
        assert_int_equal(hello_lines(&h, lines, why, sizeof why), -1);
        assert_contains(why, cases[i][2]);
    }
}

static void game_block_is_exact(void **state)
{
    (void)state;
    sapper_kv items[] = {{"width", "9"}, {"first_click", "safe\nx"}};
    sapper_params params = {items, 2};
    sapper_proto_game g = {.number = 3, .rules_id = "classic", .family = "mines",
                           .seat = 0, .players = 1, .params = &params,
                           .seed = 18446744073709551615ull, .move_seconds = 1.5};
    sapper_strbuf o = {0};
    sapper_proto_put_game(&o, &g);
    assert_string_equal(sapper_strbuf_str(&o),
                        "game 3\nrules classic mines 2\nseat 1 1\nparam width 9\n"
                        "param first_click safe?x\nseed 18446744073709551615\n"
                        "limits 1.5 0\nstart\n");
    sapper_strbuf_free(&o);
    char why[512];
    assert_int_equal(sapper_proto_read_started("ok", why, sizeof why), 0);
    assert_int_equal(sapper_proto_read_started("refuse too big", why, sizeof why), 1);
    assert_string_equal(why, "too big");
    assert_int_equal(sapper_proto_read_started("okay", why, sizeof why), -1);
    assert_int_equal(sapper_proto_read_ended("ok", why, sizeof why), 0);
    assert_int_equal(sapper_proto_read_ended("ok ", why, sizeof why), -1);
}

static void mines_view_uses_the_board_glyphs(void **state)
{
    (void)state;
    unsigned char buf[sizeof(sapper_mines_view) + 16];
    memset(buf, 0, sizeof buf);
    sapper_mines_view *v = (sapper_mines_view *)buf;
    *v = (sapper_mines_view){.struct_size = sizeof *v, .width = 8, .height = 2, .mines = 3,
                             .mines_exposed = 2, .seat = 0, .to_move = 1, .players = 2,
                             .bombs = 2, .points = {1, 1}, .moves = 7};
    const uint8_t cells[16] = {9, 10, 11, 0, 1, 8, 12, 16, 17, 2, 3, 4, 5, 6, 7, 9};
    memcpy(buf + sizeof *v, cells, 16);
    sapper_proto_codec c;
    assert_int_equal(sapper_proto_codec_init(&c, "mines", 2), 0);
    sapper_strbuf o = {0};
    assert_int_equal(sapper_proto_put_view(&o, &c, buf, sizeof buf), 0);
    assert_string_equal(sapper_strbuf_str(&o),
                        "view mines 8 2\ninfo mines=3 mines_exposed=2 flags=0 to_move=2 "
                        "players=2 moves=7 points=1,1 bombs=0,1\nrow ?FM018*A\n"
                        "row B234567?\n");
    assert_int_equal(c.width, 8);
    sapper_strbuf_free(&o);
    sapper_strbuf none = {0};
    assert_int_equal(sapper_proto_put_view(&none, &c, buf, 20), -1);   /* cut short */
    assert_int_equal(none.len, 0);
}

static void arena_view_names_every_field(void **state)
{
    (void)state;
    size_t size = sapper_arena_view_size(3);
    unsigned char *buf = calloc(1, size);
    sapper_arena_view *v = (sapper_arena_view *)buf;
    *v = (sapper_arena_view){.struct_size = sizeof *v, .seat_size = sizeof(sapper_arena_seat),
                             .seat = 1, .players = 3, .to_move = SAPPER_SIMULTANEOUS,
                             .match = 1, .round = 2, .alive = 3, .winner = -1,
                             .allocator = -1, .terms_size = sizeof(sapper_arena_terms),
                             .terms_offset = (uint32_t)(sizeof *v +
                                                        3 * sizeof(sapper_arena_seat))};
    sapper_arena_seat *s = (sapper_arena_seat *)(buf + sizeof *v);
    for (int i = 0; i < 3; i++)
        s[i] = (sapper_arena_seat){.alive = 1, .choice = SAPPER_NO_ACTION, .alloc_turn = -1,
                                   .last_target = -1, .last_duel = -1,
                                   .last_action = SAPPER_NO_ACTION};
    s[0].last_action = sapper_arena_action(SAPPER_ARENA_WOOD_SWORD, 2, 1);
    s[0].last_target = 2;
    s[1].points = 3;
    sapper_proto_codec c;
    sapper_proto_codec_init(&c, "arena", 3);
    sapper_strbuf o = {0};
    assert_int_equal(sapper_proto_put_view(&o, &c, buf, size), 0);
    const char *t = sapper_strbuf_str(&o);
    assert_contains(t, "view arena 3\ninfo seat=2 to_move=all phase=choose ");
    assert_contains(t, " winner=0 ");
    assert_contains(t, "\nterms gather cost=0,0 damage=0,0 block=0,0\n");
    assert_contains(t, "\nseat 1 alive=1 points=0 shields=0 prep=0 choice=- ");
    assert_contains(t, " last_action=wood_sword,3 last_target=3 ");
    assert_contains(t, "\nseat 2 alive=1 points=3 ");
    sapper_strbuf_free(&o);
    free(buf);
}

/* Every legal action of the rules' first positions: the protocol's text is
   the rules' own, and it reads back to the same id. */
static void action_texts_are_the_rules_own(void **state)
{
    (void)state;
    static const char *const inis[] = {
        "[game]\nrules = classic\nseed = 5\n",
        "[game]\nrules = seeker\nseed = 5\n[rules]\nbomb = true\n[player.2]\nname = b\n",
        "[game]\nrules = woodsword\nseed = 5\n[player.3]\nname = c\n",
    };
    sapper_registry *reg = test_registry(0);
    for (size_t k = 0; k < sizeof inis / sizeof *inis; k++) {
        sapper_setup s;
        char err[1024];
        assert_int_equal(test_setup(reg, inis[k], NULL, &s, err, sizeof err), SAPPER_OK);
        sapper_match *m = sapper_match_new(&s, 5, 0, err, sizeof err);
        if (!m)
            fail_msg("%s", err);
        const sapper_rules_api *r = &s.rules->rules;
        const void *st = sapper_match_state(m);
        int64_t legal[8192];
        int32_t seat = r->current_player(st) >= 0 ? r->current_player(st) : 0;
        int64_t n = r->legal_actions(st, seat, legal, 8192);
        assert_true(n > 0 && n <= 8192);
        unsigned char view[65536];
        int64_t vsize = r->observe(st, seat, view, sizeof view);
        sapper_proto_codec c;
        sapper_proto_codec_init(&c, s.rules->desc.family, s.players);
        sapper_strbuf o = {0};
        assert_int_equal(sapper_proto_put_view(&o, &c, view, (size_t)vsize), 0);
        sapper_strbuf_free(&o);
        for (int64_t i = 0; i < n; i++) {
            char ours[64], theirs[64], why[512];
            int64_t back = -1;
            assert_true(sapper_proto_action_text(&c, legal[i], ours, sizeof ours) > 0);
            r->action_to_text(st, legal[i], theirs, sizeof theirs);
            assert_string_equal(ours, theirs);
            assert_int_equal(sapper_proto_text_action(&c, ours, &back, why, sizeof why), 0);
            assert_true(back == legal[i]);
        }
        sapper_match_free(m);
        sapper_setup_free(&s);
    }
    sapper_registry_free(reg);
}

static void moves_are_read_and_hostile_ones_refused(void **state)
{
    (void)state;
    sapper_proto_codec c = {.family = SAPPER_PROTO_MINES, .width = 9, .height = 9};
    int64_t ids[4];
    size_t n;
    char why[512];
    assert_int_equal(sapper_proto_read_move(&c, "move reveal 3 4;flag 0 8", ids, 4, &n, why,
                                            sizeof why), 0);
    assert_int_equal(n, 2);
    assert_true(ids[0] == sapper_mines_action(SAPPER_MINES_REVEAL, 3, 4, 9, 9));
    assert_true(ids[1] == sapper_mines_action(SAPPER_MINES_FLAG, 0, 8, 9, 9));
    static const char *const bad[] = {
        "reveal 3 4", "move reveal3 4", "move reveal 3 4;", "move reveal 03 4",
        "move reveal 9 0", "move reveal -1 0", "move reveal 3  4", "move reveal 3 4 ",
        "move reveal 99999999999999999999 1", "move a;b;c;d;e", "move reveal\t3 4",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int r = sapper_proto_read_move(&c, bad[i], ids, 4, &n, why, sizeof why);
        if (r != -1)
            fail_msg("accepted \"%s\"", bad[i]);
    }
    assert_int_equal(sapper_proto_read_move(&c, "move reveal3 4", ids, 4, &n, why,
                                            sizeof why), -1);
    assert_contains(why, "found \"reveal3 4\"");
    sapper_proto_codec a = {.family = SAPPER_PROTO_ARENA, .players = 4};
    assert_int_equal(sapper_proto_read_move(&a, "move fist 2 x3", ids, 4, &n, why,
                                            sizeof why), 0);
    assert_true(ids[0] == sapper_arena_action(SAPPER_ARENA_FIST, 1, 3));
    assert_int_equal(sapper_proto_read_move(&a, "move fist 5", ids, 4, &n, why, sizeof why),
                     -1);   /* seat 5 of 4 */
    assert_int_equal(sapper_proto_read_move(&a, "move gather 1", ids, 4, &n, why,
                                            sizeof why), -1);
}

static void lines_are_reassembled(void **state)
{
    (void)state;
    sapper_proto_lines *l = calloc(1, sizeof *l);
    char line[SAPPER_PROTO_LINE_MAX + 1];
    size_t n = 9;
    sapper_proto_feed(l, "ok\r\nmove ", &n);
    assert_int_equal(n, 0);
    assert_int_equal(sapper_proto_take_line(l, line), 1);
    assert_string_equal(line, "ok");
    assert_int_equal(sapper_proto_take_line(l, line), 0);
    assert_true(sapper_proto_pending(l));
    n = 4;
    sapper_proto_feed(l, "a\0b\n", &n);
    assert_int_equal(sapper_proto_take_line(l, line), -1);   /* a NUL byte */
    free(l);
    l = calloc(1, sizeof *l);
    static char big[SAPPER_PROTO_LINE_MAX + 10];
    memset(big, 'x', sizeof big);
    n = sizeof big;
    sapper_proto_feed(l, big, &n);
    assert_int_equal(n, 10);
    assert_int_equal(sapper_proto_take_line(l, line), -1);   /* too long */
    free(l);
    sapper_strbuf q = {0};
    sapper_proto_quote(&q, "a\\\x1b\xff\xc3\xa9", 100);
    assert_string_equal(sapper_strbuf_str(&q), "a\\\\\\x1b\\xff\xc3\xa9");
    sapper_strbuf_free(&q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(handshake_is_read_line_by_line),
        cmocka_unit_test(handshake_errors_name_the_line),
        cmocka_unit_test(game_block_is_exact),
        cmocka_unit_test(mines_view_uses_the_board_glyphs),
        cmocka_unit_test(arena_view_names_every_field),
        cmocka_unit_test(action_texts_are_the_rules_own),
        cmocka_unit_test(moves_are_read_and_hostile_ones_refused),
        cmocka_unit_test(lines_are_reassembled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
