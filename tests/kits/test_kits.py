#!/usr/bin/env python3
"""test_kits.py - the process-bot kits and examples driven without the
engine: scripted transcripts of the seat protocol (docs/PROTOCOL.md) piped
into single_py (Python kit), random_js (JavaScript kit), proto_c (compiled
with cc into a temporary folder) and two probe bots that report what the
kits parsed. Checks the handshake lines, forced single-number moves,
arena and mines answers taken from the legal list, `end`/`ok`, `quit`
and end of input (exit 0), and prints the Python kit's time per 30x16
turn (no timed assertion).

    python3 tests/kits/test_kits.py        (unittest; needs python3, and
                                            node and cc for their parts)

It does not start the engine: what the engine makes of the answers is
the engine's tests' business.
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
KITS = os.path.join(ROOT, "kits")
sys.path.insert(0, HERE)
sys.path.insert(0, KITS)

import sapper_bot  # noqa: E402
import transcript as T  # noqa: E402

NODE = shutil.which("node")
CC = shutil.which("cc")
SINGLE_PY = [sys.executable, os.path.join(ROOT, "plugins", "bots", "single_py", "single.py")]
RANDOM_JS = [NODE or "node", os.path.join(ROOT, "plugins", "bots", "random_js", "random.js")]
PROTO_C_SRC = os.path.join(ROOT, "plugins", "bots", "proto_c", "proto_c.c")

TMP = tempfile.mkdtemp(prefix="sapper-kits-")


def talk(cmd, text, timeout=30):
    """Runs cmd on the transcript: (exit status, stdout lines, stderr)."""
    p = subprocess.run(cmd, input=text.encode(), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode().splitlines(), p.stderr.decode()


def moves(lines):
    """The actions of each `move` line."""
    return [line[5:].split(";") for line in lines if line.startswith("move ")]


def classic_game(seed=11400714819323198485, players=1, rules="classic", number=1):
    params = {"width": 9, "height": 9, "mines": 10, "first_click": "safe"}
    return T.game_header(number=number, rules=rules, players=players, params=params,
                         seed=seed)


# The 9x9 board of the forced moves: after a reveal of (0, 0) the numbers
# at (3, 0) and (0, 4) each have one hidden neighbour, both mines; with
# those flagged, (1, 5) has found its mine and (0..2, 6) are safe.
LAYOUT = {(4, 0), (5, 1), (7, 2), (0, 5), (3, 6), (6, 6), (8, 8), (1, 8), (5, 4), (8, 4)}
OPENED = T.flood(9, 9, LAYOUT, (0, 0))
FORCED_ROWS = T.board_rows(9, 9, LAYOUT, OPENED)
FLAGGED_ROWS = T.board_rows(9, 9, LAYOUT, OPENED, {(4, 0): "F", (0, 5): "F"})
CLAIMED_ROWS = T.board_rows(9, 9, LAYOUT, OPENED, {(4, 0): "A", (0, 5): "B"})
SURE_SAFE = ["reveal 0 6", "reveal 1 6", "reveal 2 6"]
# A board where no number alone decides anything.
UNFORCED_ROWS = ["001??????", "001??????", "112??????"] + ["?????????"] * 6


def setUpModule():
    if CC:
        out = os.path.join(TMP, "proto_c")
        subprocess.run([CC, "-std=c11", "-O2", "-Wall", "-Wextra", "-o", out, PROTO_C_SRC],
                       check=True)


def tearDownModule():
    shutil.rmtree(TMP, ignore_errors=True)


class SingleNumber:
    """The single-number bots, in Python and in C: the same answers."""

    cmd = None
    hello = None

    def play(self, *turns, players=1, seed=11400714819323198485, quit=True):
        text = T.greeting() + classic_game(seed=seed, players=players)
        for rows in turns:
            text += T.mines_turn(9, 9, rows, legal=False, players=players,
                                 points="0,0" if players == 2 else "0")
        text += "end 1\n" + ("quit\n" if quit else "")
        status, out, err = talk(self.cmd, text)
        self.assertEqual(status, 0, err)
        self.assertEqual(out[:len(self.hello)], self.hello)
        self.assertEqual(out[len(self.hello)], "ok")
        self.assertEqual(out[-1], "ok")
        return moves(out)

    def test_handshake_lines(self):
        status, out, err = talk(self.cmd, T.greeting())
        self.assertEqual(status, 0, err)
        self.assertEqual(out, self.hello)

    def test_end_of_input_exits_0(self):
        self.assertEqual(talk(self.cmd, "")[0], 0)
        self.assertEqual(talk(self.cmd, T.greeting() + classic_game())[0], 0)

    def test_quit_exits_0_and_reads_no_further(self):
        status, out, err = talk(self.cmd, T.greeting() + "quit\n" + classic_game())
        self.assertEqual((status, out), (0, self.hello), err)

    def test_first_move_is_the_middle(self):
        self.assertEqual(self.play(["?" * 9] * 9), [["reveal 4 4"]])
        text = (T.greeting() + T.game_header(params={"width": 30, "height": 16}) +
                T.mines_turn(30, 16, ["?" * 30] * 16, legal=False, mines=99, moves=0) +
                "end 0\nquit\n")
        status, out, err = talk(self.cmd, text)
        self.assertEqual((status, moves(out)), (0, [["reveal 15 8"]]), err)

    def test_lone_hidden_neighbours_are_flagged_at_once(self):
        self.assertEqual(self.play(FORCED_ROWS), [["flag 4 0", "flag 0 5"]])

    def test_a_satisfied_number_reveals_the_rest(self):
        self.assertEqual(self.play(FLAGGED_ROWS), [SURE_SAFE])

    def test_seeker_reveals_sure_mines_instead_of_flagging(self):
        self.assertEqual(self.play(FORCED_ROWS, players=2), [["reveal 4 0", "reveal 0 5"]])

    def test_seeker_guess_avoids_the_cells_proven_safe(self):
        for seed in range(1, 6):
            (answer,) = self.play(CLAIMED_ROWS, players=2, seed=seed)
            self.assertEqual(len(answer), 1)
            self.assertNotIn(answer[0], SURE_SAFE)
            x, y = map(int, answer[0].split()[1:])
            self.assertEqual(CLAIMED_ROWS[y][x], "?")

    def test_guess_is_a_hidden_cell_drawn_from_the_seed(self):
        answers = []
        for seed in (1, 2, 3, 4, 5, 6):
            (answer,) = self.play(UNFORCED_ROWS, seed=seed)
            self.assertEqual(len(answer), 1)
            verb, x, y = answer[0].split()
            self.assertEqual((verb, UNFORCED_ROWS[int(y)][int(x)]), ("reveal", "?"))
            answers.append(answer[0])
            self.assertEqual(self.play(UNFORCED_ROWS, seed=seed), [answer], "same seed, same guess")
        self.assertGreater(len(set(answers)), 1, "different seeds, different guesses")

    def test_end_and_a_second_game(self):
        text = (T.greeting() + classic_game() + T.mines_turn(9, 9, FORCED_ROWS, legal=False) +
                "did 1 reveal 0 0\nend 1\n" + classic_game(number=2) +
                T.mines_turn(9, 9, FLAGGED_ROWS, legal=False) + "end\n")
        status, out, err = talk(self.cmd, text)   # end of input, no quit
        self.assertEqual(status, 0, err)
        self.assertEqual(out[len(self.hello):],
                         ["ok", "move flag 4 0;flag 0 5", "ok", "ok", "move " + ";".join(SURE_SAFE), "ok"])

    def test_every_sure_move_is_right_on_random_boards(self):
        text = T.greeting() + T.game_header(params={"width": 16, "height": 16, "mines": 40})
        layouts = []
        for seed in range(40):
            layout, rows = T.random_position(16, 16, 40, seed)
            layouts.append((layout, rows))
            text += T.mines_turn(16, 16, rows, legal=False, mines=40)
        status, out, err = talk(self.cmd, text + "end 0\nquit\n")
        self.assertEqual(status, 0, err)
        answers = moves(out)
        self.assertEqual(len(answers), len(layouts))
        for (layout, rows), actions in zip(layouts, answers):
            for a in actions:
                verb, x, y = a.split()
                cell = (int(x), int(y))
                self.assertEqual(rows[cell[1]][cell[0]], "?", a)
                if len(actions) > 1 or verb == "flag":
                    self.assertEqual(cell in layout, verb == "flag", a)


class TestSinglePy(SingleNumber, unittest.TestCase):
    cmd = SINGLE_PY
    hello = ["id single_py", "name Single-number deduction (Python)", "version 1.0",
             "author Sapper developers", "family mines", "ready 1"]


@unittest.skipUnless(CC, "no cc")
class TestProtoC(SingleNumber, unittest.TestCase):
    cmd = [os.path.join(TMP, "proto_c")]
    hello = ["id proto_c", "name Single-number deduction (C process)", "version 1.0",
             "author Sapper developers", "family mines", "ready 1"]

    def test_an_overlong_line_is_skipped(self):
        text = T.greeting() + "x" * 20000 + "\n" + classic_game() + \
            T.mines_turn(9, 9, FORCED_ROWS, legal=False) + "end 1\nquit\n"
        status, out, err = talk(self.cmd, text)
        self.assertEqual(status, 0, err)
        self.assertIn("move flag 4 0;flag 0 5", out)


def arena_game(seed=7, seat=1, players=4, number=1):
    return T.game_header(number=number, rules="woodsword", family="arena", version=3, seat=seat,
                         players=players, params={"rounds": 100}, seed=seed)


def arena_turn(seat=1):
    return T.arena_view(seat=seat) + T.legal_line(T.ARENA_LEGAL) + T.go(2, 100)


@unittest.skipUnless(NODE, "no node")
class TestRandomJs(unittest.TestCase):
    hello = ["id random_js", "name Random (JavaScript)", "version 1.0",
             "author Sapper developers", "family mines", "family arena", "option legal",
             "ready 1"]

    def test_handshake_lines(self):
        status, out, err = talk(RANDOM_JS, T.greeting())
        self.assertEqual((status, out), (0, self.hello), err)

    def test_end_of_input_and_quit_exit_0(self):
        self.assertEqual(talk(RANDOM_JS, "")[0], 0)
        status, out, _ = talk(RANDOM_JS, T.greeting() + "quit\n" + arena_game())
        self.assertEqual((status, out), (0, self.hello))

    def test_arena_answers_are_legal_texts_and_seeded(self):
        text = T.greeting() + arena_game() + "".join(
            "did 2 fist 3 x2\n" + arena_turn() for _ in range(30)) + "end 0.25 0.25 0.25 0.25\nquit\n"
        status, out, err = talk(RANDOM_JS, text)
        self.assertEqual(status, 0, err)
        self.assertEqual(out[len(self.hello)], "ok")
        self.assertEqual(out[-1], "ok")
        answers = moves(out)
        self.assertEqual(len(answers), 30)
        for a in answers:
            self.assertEqual(len(a), 1)
            self.assertIn(a[0], T.ARENA_LEGAL.values())
        self.assertGreater(len({a[0] for a in answers}), 3)
        self.assertEqual(talk(RANDOM_JS, text)[1], out, "same seed, same answers")
        self.assertNotEqual(talk(RANDOM_JS, text.replace("seed 7", "seed 8"))[1], out)

    def test_mines_answers_are_legal_texts(self):
        text = T.greeting() + classic_game()
        rows_list = [FORCED_ROWS, FLAGGED_ROWS, UNFORCED_ROWS]
        for rows in rows_list:
            text += T.mines_turn(9, 9, rows)
        status, out, err = talk(RANDOM_JS, text + "end 0\nquit\n")
        self.assertEqual(status, 0, err)
        for rows, (a,) in zip(rows_list, moves(out)):
            verb, x, y = a.split()
            self.assertIn(verb, ("reveal", "flag"))
            self.assertIn(rows[int(y)][int(x)], "?F")


PROBE_PY = r'''
import json, sys
sys.path.insert(0, %r)
import sapper_bot

def choose(view, legal):
    d = {"family": view.family, "seat": view.seat, "did": view.did,
         "move_seconds": view.move_seconds, "game_left": view.game_left,
         "legal": legal}
    if view.family == "mines":
        d.update(width=view.width, height=view.height, mines=view.mines,
                 mines_exposed=view.mines_exposed, flags=view.flags,
                 to_move=view.to_move, players=view.players, moves=view.moves,
                 points=view.points, bombs=view.bombs, row0=view.cells[0],
                 cell=view.cell(3, 0), corner=sorted(view.neighbours(0, 0)),
                 inner=len(view.neighbours(4, 4)), hidden=len(view.hidden()),
                 first_hidden=view.hidden()[0])
    else:
        d.update(players=view.players, to_move=view.to_move, phase=view.phase,
                 round=view.round, allocator=view.allocator, prep_bonus=view.prep_bonus,
                 terms_fist=view.terms["fist"], terms_n=len(view.terms),
                 seats=view.seats, me=view.me()["points"])
    print(json.dumps({"turn": d}))          # the kit sends print() to stderr
    return legal[:2] if legal else "reveal 0 0"

def on_game(game):
    print(json.dumps({"game": [game.number, game.rules_id, game.family,
                               game.family_version, game.seat, game.players,
                               game.params, str(game.seed), game.move_limit,
                               game.game_limit]}))
    if "refuse" in game.params:
        return "asked to refuse"

def on_end(game, returns):
    print(json.dumps({"end": returns}))

sapper_bot.run(choose, id="probe", name="Probe", families=("mines", "arena"),
               on_game=on_game, on_end=on_end)
'''

PROBE_JS = r'''
const sapper = require(%s);
sapper.run({
  id: 'probe', name: 'Probe', families: ['mines', 'arena'],
  onGame(g) {
    console.log(JSON.stringify({game: [g.number, g.rulesId, g.family, g.familyVersion, g.seat,
      g.players, g.params, g.seed.toString(), g.moveLimit, g.gameLimit]}));
    if ('refuse' in g.params) return 'asked to refuse';
  },
  onEnd(g, returns) { console.log(JSON.stringify({end: returns})); },
  choose(view, legal) {
    const d = {family: view.family, seat: view.seat, did: view.did,
      move_seconds: view.moveSeconds, game_left: view.gameLeft, legal};
    if (view.family === 'mines') {
      Object.assign(d, {width: view.width, height: view.height, mines: view.mines,
        mines_exposed: view.minesExposed, flags: view.flags, to_move: view.toMove,
        players: view.players, moves: view.moves, points: view.points, bombs: view.bombs,
        row0: view.cells[0], cell: view.cell(3, 0),
        corner: view.neighbours(0, 0).map((c) => [...c]).sort(),
        inner: view.neighbours(4, 4).length, hidden: view.hidden().length,
        first_hidden: view.hidden()[0]});
    } else {
      Object.assign(d, {players: view.players, to_move: view.to_move, phase: view.phase,
        round: view.round, allocator: view.allocator, prep_bonus: view.prep_bonus,
        terms_fist: view.terms.fist, terms_n: Object.keys(view.terms).length,
        seats: view.seats, me: view.me().points});
    }
    console.log(JSON.stringify({turn: d}));
    return legal ? legal.slice(0, 2) : 'reveal 0 0';
  },
});
'''


class Probe:
    """What a kit hands choose(): the same in both kits."""

    cmd = None

    def transcript(self):
        return (T.greeting() + classic_game() + "did 2 reveal 0 0\n" +
                T.mines_turn(9, 9, FLAGGED_ROWS, flags=2, moves=3, points="1,2", bombs="1,0",
                             players=2, did=[(2, "reveal 8 8")]) +
                "end -1 1\n" + arena_game(seat=2, number=2) + "did 1 fist 3 x2\n" + arena_turn(seat=2) +
                "end\n" + T.game_header(number=3, params={"refuse": "yes"}) + "quit\n")

    def run_probe(self):
        status, out, err = talk(self.cmd, self.transcript())
        self.assertEqual(status, 0, err)
        reports = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
        return out, reports

    def test_answers(self):
        out, _ = self.run_probe()
        self.assertEqual(out, ["id probe", "name Probe", "family mines", "family arena",
                               "option legal", "ready 1", "ok",
                               "move reveal 5 0;reveal 6 0", "ok", "ok",
                               "move gather;defense", "ok", "refuse asked to refuse"])

    def test_game_info(self):
        _, r = self.run_probe()
        self.assertEqual(r[0]["game"], [1, "classic", "mines", 2, 1, 1,
                                        {"width": "9", "height": "9", "mines": "10",
                                         "first_click": "safe"},
                                        "11400714819323198485", 1, 0])
        self.assertEqual(r[2]["end"], [-1, 1])
        self.assertEqual(r[3]["game"][:6], [2, "woodsword", "arena", 3, 2, 4])
        self.assertEqual(r[5]["end"], None)
        self.assertEqual(r[6]["game"][0], 3)

    def test_mines_view(self):
        _, r = self.run_probe()
        d = r[1]["turn"]
        legal = T.mines_legal_ids(9, 9, FLAGGED_ROWS)
        self.assertEqual(len(d["legal"]), len(legal))
        self.assertEqual(d["legal"][:2], ["reveal 5 0", "reveal 6 0"])
        self.assertIn("flag 4 0", d["legal"])
        self.assertEqual(d["did"], [[2, "reveal 0 0"], [2, "reveal 8 8"]])
        for key, value in (("width", 9), ("height", 9), ("mines", 10), ("mines_exposed", 0),
                           ("flags", 2), ("to_move", 1), ("players", 2), ("moves", 3),
                           ("points", [1, 2]), ("bombs", [1, 0]), ("seat", 1),
                           ("move_seconds", 1), ("game_left", -1), ("cell", "1"),
                           ("corner", [[0, 1], [1, 0], [1, 1]]), ("inner", 8),
                           ("hidden", sum(r.count("?") for r in FLAGGED_ROWS))):
            self.assertEqual(d[key], value, key)
        self.assertEqual(d["row0"], list(FLAGGED_ROWS[0]))
        self.assertEqual(d["first_hidden"], [5, 0])

    def test_arena_view(self):
        _, r = self.run_probe()
        d = r[4]["turn"]
        self.assertEqual(sorted(d["legal"]), sorted(T.ARENA_LEGAL.values()))
        self.assertEqual(d["did"], [[1, "fist 3 x2"]])
        for key, value in (("players", 4), ("seat", 2), ("to_move", "all"), ("phase", "choose"),
                           ("round", 3), ("allocator", 0), ("prep_bonus", 2), ("terms_n", 17),
                           ("terms_fist", {"cost": [0, 1], "damage": [0, 1], "block": [0, 0]}),
                           ("me", 6), ("move_seconds", 2), ("game_left", 100)):
            self.assertEqual(d[key], value, key)
        s1, s2 = d["seats"][0], d["seats"][1]
        self.assertEqual((s1["seat"], s1["last_action"], s1["last_target"], s1["choice"]),
                         (1, "fist 2 x3", 2, None))
        self.assertEqual((s2["seat"], s2["points"], s2["choice"], s2["alive"]), (2, 6, "gather", 1))
        self.assertEqual(len(s1), 21)   # seat and its 20 fields


class TestProbePy(Probe, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        path = os.path.join(TMP, "probe.py")
        with open(path, "w") as f:
            f.write(PROBE_PY % KITS)
        cls.cmd = [sys.executable, path]


@unittest.skipUnless(NODE, "no node")
class TestProbeJs(Probe, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        path = os.path.join(TMP, "probe.js")
        with open(path, "w") as f:
            f.write(PROBE_JS % json.dumps(os.path.join(KITS, "sapper_bot.js")))
        cls.cmd = [NODE, path]


class TestPythonKitInProcess(unittest.TestCase):
    def test_mines_ids_become_texts(self):
        words = "legal 5 3 0+2 480+1 1439+2".split()
        self.assertEqual(sapper_bot.decode_legal(words, "mines", 30, 16),
                         ["reveal 0 0", "reveal 1 0", "flag 0 0", "chord 29 15", "bomb 0 0"])

    def test_a_run_may_cross_from_one_verb_into_the_next(self):
        self.assertEqual(sapper_bot.decode_legal("legal 2 1 479+2".split(), "mines", 30, 16),
                         ["reveal 29 15", "flag 0 0"])

    def test_a_board_too_large_to_cache_is_decoded_id_by_id(self):
        self.assertEqual(sapper_bot.decode_legal("legal 2 1 999999+2".split(), "mines", 1000, 1000),
                         ["reveal 999 999", "flag 0 0"])

    def test_arena_ids_become_texts(self):
        ids = sorted(T.ARENA_LEGAL)
        words = T.legal_line(ids).split()
        self.assertEqual(sapper_bot.decode_legal(words, "arena"), [T.ARENA_LEGAL[i] for i in ids])

    def test_an_answer_keeps_at_most_256_actions(self):
        line = sapper_bot._answer(["reveal %d 0" % i for i in range(300)])
        self.assertEqual(line.count(";"), 255)
        self.assertTrue(line.startswith("move reveal 0 0;") and line.endswith("\n"))

    def test_bad_answers_and_ids_are_refused(self):
        for bad in (None, [], "", ["reveal 1 1;flag 2 2"], [3]):
            with self.assertRaises((TypeError, ValueError)):
                sapper_bot._answer(bad)
        with self.assertRaises(ValueError):
            sapper_bot._hello("Bad Id", None, None, None, ("mines",), True)
        with self.assertRaises(ValueError):
            sapper_bot._hello("ok", None, None, None, ("chess",), True)


@unittest.skipUnless(NODE, "no node")
class TestJsKitInProcess(unittest.TestCase):
    def node(self, expr):
        code = "const k = require(%s); process.stdout.write(JSON.stringify(%s));" % (
            json.dumps(os.path.join(KITS, "sapper_bot.js")), expr)
        return json.loads(subprocess.run([NODE, "-e", code], stdout=subprocess.PIPE,
                                          check=True).stdout)

    def test_mines_ids_become_texts(self):
        self.assertEqual(self.node("k.decodeLegal('legal 6 3 0+2 479+2 1439+2'.split(' '), 'mines', 30, 16)"),
                         ["reveal 0 0", "reveal 1 0", "reveal 29 15", "flag 0 0", "chord 29 15",
                          "bomb 0 0"])

    def test_arena_ids_become_texts(self):
        ids = sorted(T.ARENA_LEGAL)
        got = self.node("k.decodeLegal(%s.split(' '), 'arena', 0, 0)" % json.dumps(T.legal_line(ids).strip()))
        self.assertEqual(got, [T.ARENA_LEGAL[i] for i in ids])


def timing_transcript(turns, width=30, height=16, mines=99, legal=True):
    text = T.greeting() + T.game_header(params={"width": width, "height": height, "mines": mines})
    boards = [T.random_position(width, height, mines, seed)[1] for seed in range(20)]
    body = [T.mines_turn(width, height, boards[i % len(boards)], legal=legal, mines=mines)
            for i in range(turns)]
    return text + "".join(body) + "end 0\nquit\n"


def per_turn_us(cmd, turns, legal=True, repeats=5):
    """Microseconds per turn, the transcript read from a file and the
    answers thrown away: the best of repeats, less the start-up."""
    def best(n):
        path = os.path.join(TMP, "timing_%d_%d.txt" % (n, legal))
        if not os.path.exists(path):
            with open(path, "w") as f:
                f.write(timing_transcript(n, legal=legal))
        times = []
        for _ in range(repeats):
            with open(path, "rb") as f:
                t = time.perf_counter()
                p = subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, timeout=120)
                times.append(time.perf_counter() - t)
            if p.returncode != 0:
                raise AssertionError(p.stderr.decode())
        return min(times)
    return (best(turns) - best(0)) / turns * 1e6


NULL_PY = r'''
import sys
sys.path.insert(0, %r)
import sapper_bot
sapper_bot.run(lambda view, legal: "reveal 0 0", id="null", want_legal=%r)
'''


class TestTiming(unittest.TestCase):
    def test_python_kit_time_per_30x16_turn(self):
        print(file=sys.stderr)
        for legal in (False, True):
            path = os.path.join(TMP, "null_%d.py" % legal)
            with open(path, "w") as f:
                f.write(NULL_PY % (KITS, legal))
            kit = per_turn_us([sys.executable, path], 1000, legal=legal)
            print("  30x16 turn, Python kit alone (choose returns at once), legal %s: %.0f us"
                  % ("on" if legal else "off", kit), file=sys.stderr)
        single = per_turn_us(SINGLE_PY, 1000, legal=False)
        print("  30x16 turn, single_py (kit + deduction), legal off: %.0f us" % single,
              file=sys.stderr)
        if CC:
            c = per_turn_us([os.path.join(TMP, "proto_c")], 1000, legal=False)
            print("  30x16 turn, proto_c: %.0f us" % c, file=sys.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
