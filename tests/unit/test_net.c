/*
 * test_net.c - the network side of `sapper serve` and `sapper join`
 * (core/net/) and a spectator's public view (core/protocol/proto_public.c):
 * addresses read and refused, listening and connecting over 127.0.0.1 and
 * ::1 only, the join code and its check, the join line with the hostile
 * ones it must refuse, names cleaned of terminal escapes, a terminal's
 * size taken out of its keys, and the view a spectator may see.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <sys/socket.h>
#include <unistd.h>

#include "helpers.h"
#include "net.h"
#include "protocol.h"
#include "sapper/arena.h"
#include "sapper/mines.h"

static void addresses_are_read_and_bad_ones_refused(void **state)
{
    (void)state;
    sapper_net_addr a;
    char err[400];
    assert_int_equal(sapper_net_parse_addr("127.0.0.1:7000", &a, err, sizeof err), 0);
    assert_string_equal(a.host, "127.0.0.1");
    assert_string_equal(a.port, "7000");
    assert_int_equal(sapper_net_parse_addr("[::1]:65535", &a, err, sizeof err), 0);
    assert_string_equal(a.host, "::1");
    assert_string_equal(a.port, "65535");
    static const char *const bad[] = {"::1:7000", "host", "host:0", "host:70000", "[::1]7000",
                                      ":7000", "host:7x", "host:", "[::1:7000", NULL};
    for (int i = 0; bad[i]; i++) {
        err[0] = '\0';
        assert_int_equal(sapper_net_parse_addr(bad[i], &a, err, sizeof err), -1);
        test_assert_contains(err, "expected HOST:PORT", __FILE__, __LINE__);
        test_assert_contains(err, bad[i], __FILE__, __LINE__);
    }
}

/* Listens on host at a free port, connects, accepts: the bytes go through. */
static void round_trip(const char *host)
{
    char err[400], shown[300], text[300];
    int fd = -1;
    sapper_net_addr a;
    for (int port = 40000 + (int)(getpid() % 20000), tries = 0; fd < 0 && tries < 50;
         port++, tries++) {
        snprintf(text, sizeof text, host[0] == ':' ? "[%s]:%d" : "%s:%d", host, port);
        assert_int_equal(sapper_net_parse_addr(text, &a, err, sizeof err), 0);
        fd = sapper_net_listen(&a, shown, sizeof shown, err, sizeof err);
    }
    assert_true(fd >= 0);
    assert_string_equal(shown, text);   /* as a client types it */
    int c = sapper_net_connect(&a, 2.0, err, sizeof err);
    assert_true(c >= 0);
    int s = -1;
    for (int i = 0; i < 200 && s < 0; i++) {
        s = accept(fd, NULL, NULL);   /* the listener does not block */
        if (s < 0)
            usleep(5000);
    }
    assert_true(s >= 0);
    assert_int_equal(write(c, "hi\n", 3), 3);
    char buf[8] = "";
    assert_int_equal(read(s, buf, sizeof buf), 3);
    assert_memory_equal(buf, "hi\n", 3);
    close(s);
    close(c);
    close(fd);
    assert_true(sapper_net_connect(&a, 1.0, err, sizeof err) < 0);   /* nobody there */
    test_assert_contains(err, "cannot connect", __FILE__, __LINE__);
}

static void listens_and_connects_on_loopback_only(void **state)
{
    (void)state;
    round_trip("127.0.0.1");
    round_trip("::1");
}

static void join_codes_are_random_and_checked_exactly(void **state)
{
    (void)state;
    char a[SAPPER_NET_CODE_LEN + 1], b[SAPPER_NET_CODE_LEN + 1];
    sapper_net_new_code(a);
    sapper_net_new_code(b);
    assert_int_equal(strlen(a), SAPPER_NET_CODE_LEN);
    assert_int_equal(a[4], '-');
    assert_string_not_equal(a, b);   /* 36 bits each: a repeat is a broken source */
    for (int i = 0; i < SAPPER_NET_CODE_LEN; i++)
        assert_true(i == 4 || strchr("ABCDEFGHJKMNPQRTUVWXY346789", a[i]));
    assert_true(sapper_net_code_equal("ABCD-EFGH", "ABCD-EFGH"));
    assert_false(sapper_net_code_equal("ABCD-EFGH", "ABCD-EFGJ"));
    assert_false(sapper_net_code_equal("ABCD-EFGH", "ABCD-EFG"));
    assert_false(sapper_net_code_equal("ABCD-EFGH", "ABCD-EFGHX"));
    assert_false(sapper_net_code_equal("ABCD-EFGH", ""));
    assert_false(sapper_net_code_equal("ABCD-EFGH", "abcd-efgh"));
}

static void join_lines_are_read_and_hostile_ones_refused(void **state)
{
    (void)state;
    sapper_net_join j;
    char why[400];
    assert_int_equal(sapper_net_read_join("join 1 code=ABCD-EFGH name=ann seat=2 mode=play "
                                          "screen=terminal term=xterm-256color rows=40 "
                                          "cols=120", &j, why, sizeof why), 0);
    assert_string_equal(j.code, "ABCD-EFGH");
    assert_string_equal(j.name, "ann");
    assert_int_equal(j.seat, 1);
    assert_int_equal(j.mode, SAPPER_NET_PLAY);
    assert_true(j.terminal);
    assert_string_equal(j.term, "xterm-256color");
    assert_int_equal(j.rows, 40);
    assert_int_equal(j.cols, 120);
    sapper_strbuf o = {0};
    sapper_net_put_join(&o, &j);   /* what sapper join writes reads back the same */
    sapper_net_join back;
    o.data[o.len - 1] = '\0';
    assert_int_equal(sapper_net_read_join(o.data, &back, why, sizeof why), 0);
    assert_memory_equal(&back, &j, sizeof j);
    sapper_strbuf_free(&o);

    assert_int_equal(sapper_net_read_join("join 1 code=X mode=watch", &j, why, sizeof why), 0);
    assert_int_equal(j.mode, SAPPER_NET_WATCH);
    assert_int_equal(j.seat, -1);
    assert_false(j.terminal);
    static const char *const bad[] = {
        "join 1", "join 2 code=X", "hello", "join 1 code=X code=Y", "join 1 code=X seat=65",
        "join 1 code=X seat=-1", "join 1 code=X mode=god", "join 1 code=X term=\x1b]0;x",
        "join 1 code=X rows=0", "join 1 code=X cols=99999999999", "join 1 code=X what=1",
        "join 1 code=X name", "join 1code=X", NULL};
    for (int i = 0; bad[i]; i++) {
        why[0] = '\0';
        assert_int_equal(sapper_net_read_join(bad[i], &j, why, sizeof why), -1);
        test_assert_contains(why, "the join line: expected", __FILE__, __LINE__);
        assert_null(strchr(why, '\x1b'));   /* the found text is quoted, escaped */
    }
}

static void names_lose_their_escapes(void **state)
{
    (void)state;
    char out[SAPPER_NET_NAME_MAX + 1];
    sapper_net_clean_name("\x1b]0;owned\x07" "bob", out);
    assert_string_equal(out, "]0;ownedbob");
    sapper_net_clean_name("a\xc2\x9b" "31mb", out);   /* a C1 CSI */
    assert_string_equal(out, "a31mb");
    sapper_net_clean_name("x\xff\xfey", out);          /* invalid UTF-8 */
    assert_string_equal(out, "xy");
    sapper_net_clean_name("\xe4\xb8\xad\xe6\x96\x87 name", out);
    assert_string_equal(out, "\xe4\xb8\xad\xe6\x96\x87_name");
    char long_name[100];
    memset(long_name, 0, sizeof long_name);
    for (int i = 0; i < 20; i++)
        memcpy(long_name + 3 * i, "\xe4\xb8\xad", 3);
    sapper_net_clean_name(long_name, out);
    assert_int_equal(strlen(out), 30);   /* cut at a character boundary */
}

static void window_sizes_come_out_of_the_keys(void **state)
{
    (void)state;
    sapper_net_keys k = {0};
    char out[128];
    int rows = 0, cols = 0;
    size_t n = sapper_net_keys_filter(&k, "ab\x1b[8;40;120tc", 14, out, &rows, &cols);
    assert_int_equal(n, 3);
    assert_memory_equal(out, "abc", 3);
    assert_int_equal(rows, 40);
    assert_int_equal(cols, 120);
    n = sapper_net_keys_filter(&k, "\x1b[8;3", 5, out, &rows, &cols);   /* cut in two */
    assert_int_equal(n, 0);
    n = sapper_net_keys_filter(&k, "0;99999t\x1b[A", 11, out, &rows, &cols);
    assert_int_equal(rows, 30);
    assert_int_equal(cols, SAPPER_NET_COLS_MAX);   /* clamped */
    assert_int_equal(n, 3);
    assert_memory_equal(out, "\x1b[A", 3);         /* an arrow key passes */
    n = sapper_net_keys_filter(&k, "q\x1b", 2, out, &rows, &cols);
    assert_int_equal(n, 2);                          /* Esc alone is a key */
    n = sapper_net_keys_filter(&k, "\x1b[8;x", 5, out, &rows, &cols);
    assert_int_equal(n, 5);                          /* not a size: passes whole */
}

static void spectators_see_no_flags_and_no_secret_choice(void **state)
{
    (void)state;
    unsigned char buf[sizeof(sapper_mines_view) + 4];
    sapper_mines_view *v = (sapper_mines_view *)buf;
    *v = (sapper_mines_view){.struct_size = sizeof *v, .width = 2, .height = 2, .mines = 1,
                             .flags = 1, .players = 2};
    const uint8_t cells[4] = {SAPPER_CELL_FLAGGED, SAPPER_CELL_MARKED, 1, SAPPER_CELL_HIDDEN};
    memcpy(buf + sizeof *v, cells, 4);
    assert_int_equal(sapper_proto_public_view(SAPPER_PROTO_MINES, buf, sizeof buf), 0);
    const uint8_t want[4] = {SAPPER_CELL_HIDDEN, SAPPER_CELL_HIDDEN, 1, SAPPER_CELL_HIDDEN};
    assert_memory_equal(buf + sizeof *v, want, 4);
    assert_int_equal(v->flags, 0);
    assert_int_equal(sapper_proto_public_view(SAPPER_PROTO_MINES, buf, 10), -1);

    size_t size = sapper_arena_view_size(2);
    unsigned char *ab = calloc(1, size);
    sapper_arena_view *av = (sapper_arena_view *)ab;
    *av = (sapper_arena_view){.struct_size = sizeof *av, .seat_size = sizeof(sapper_arena_seat),
                              .seat = 0, .players = 2, .phase = SAPPER_ARENA_PHASE_CHOOSE};
    sapper_arena_seat *s = (sapper_arena_seat *)(ab + sizeof *av);
    s[0].choice = sapper_arena_action(SAPPER_ARENA_GATHER, 0, 1);
    s[1].dealt_to_viewer = 4;
    assert_int_equal(sapper_proto_public_view(SAPPER_PROTO_ARENA, ab, size), 0);
    assert_int_equal(s[0].choice, SAPPER_NO_ACTION);
    assert_int_equal(s[1].dealt_to_viewer, 0);
    av->phase = SAPPER_ARENA_PHASE_ALLOCATE;   /* revealed to all: kept */
    s[1].choice = sapper_arena_action(SAPPER_ARENA_MISSILE, 0, 1);
    assert_int_equal(sapper_proto_public_view(SAPPER_PROTO_ARENA, ab, size), 0);
    assert_int_equal(s[1].choice, sapper_arena_action(SAPPER_ARENA_MISSILE, 0, 1));
    assert_int_equal(sapper_proto_public_view(0, ab, size), -1);   /* unknown family */
    free(ab);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(addresses_are_read_and_bad_ones_refused),
        cmocka_unit_test(listens_and_connects_on_loopback_only),
        cmocka_unit_test(join_codes_are_random_and_checked_exactly),
        cmocka_unit_test(join_lines_are_read_and_hostile_ones_refused),
        cmocka_unit_test(names_lose_their_escapes),
        cmocka_unit_test(window_sizes_come_out_of_the_keys),
        cmocka_unit_test(spectators_see_no_flags_and_no_secret_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
