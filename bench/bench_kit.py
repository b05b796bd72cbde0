#!/usr/bin/env python3
"""bench_kit.py - what the Python kit (kits/sapper_bot.py) costs a bot per
turn: N synthetic 30x16 expert turns (99 mines, a board after its first
reveal) piped from a file into a bot whose choose() returns at once, and
into single_py (the kit plus the single-number deduction); the kit's share
is the first over the second. Each figure is the best of R runs less the
start-up (a run of 0 turns), so the interpreter's start is not counted.

    python3 bench/bench_kit.py [--turns N] [--repeats R] [--legal]

--legal sends a legal line every turn and has the null bot ask for it
(single_py never does). With cc on PATH, plugins/bots/proto_c is timed
too: the floor of pipes and process switches that no kit can remove.
It does not start the engine, and times nothing but whole processes.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "kits"))

import transcript as T  # noqa: E402

NULL_BOT = r'''
import sys
sys.path.insert(0, %r)
import sapper_bot
sapper_bot.run(lambda view, legal: "reveal 0 0", id="null", want_legal=%r)
'''


def write_transcript(path, turns, legal):
    boards = [T.random_position(30, 16, 99, seed)[1] for seed in range(50)]
    with open(path, "w") as f:
        f.write(T.greeting())
        f.write(T.game_header(params={"width": 30, "height": 16, "mines": 99}))
        for i in range(turns):
            f.write(T.mines_turn(30, 16, boards[i % len(boards)], legal=legal, mines=99))
        f.write("end 0\nquit\n")


def best_seconds(cmd, path, repeats):
    best = None
    for _ in range(repeats):
        with open(path, "rb") as f:
            t = time.perf_counter()
            p = subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            dt = time.perf_counter() - t
        if p.returncode != 0:
            sys.exit("bench_kit: %s exited %d: %s" % (cmd, p.returncode, p.stderr.decode()[-500:]))
        best = dt if best is None else min(best, dt)
    return best


def per_turn_us(cmd, files, turns, repeats):
    return (best_seconds(cmd, files[1], repeats) - best_seconds(cmd, files[0], repeats)) / turns * 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turns", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--legal", action="store_true")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-kit-")
    try:
        files = (os.path.join(tmp, "zero.txt"), os.path.join(tmp, "turns.txt"))
        write_transcript(files[0], 0, a.legal)
        write_transcript(files[1], a.turns, a.legal)
        null = os.path.join(tmp, "null.py")
        with open(null, "w") as f:
            f.write(NULL_BOT % (os.path.join(ROOT, "kits"), a.legal))
        single = [sys.executable, os.path.join(ROOT, "plugins", "bots", "single_py", "single.py")]
        kit = per_turn_us([sys.executable, null], files, a.turns, a.repeats)
        full = per_turn_us(single, files, a.turns, a.repeats)
        print("30x16 turns: %d, best of %d, legal line %s" % (a.turns, a.repeats,
                                                              "on" if a.legal else "off"))
        print("  kit alone (choose returns at once): %7.1f us/turn" % kit)
        print("  single_py (kit + deduction):        %7.1f us/turn" % full)
        print("  the kit's share of single_py:       %7.1f %%" % (100.0 * kit / full))
        if shutil.which("cc"):
            exe = os.path.join(tmp, "proto_c")
            subprocess.run(["cc", "-O2", "-o", exe,
                            os.path.join(ROOT, "plugins", "bots", "proto_c", "proto_c.c")],
                           check=True)
            print("  proto_c (C, no kit), for the floor: %7.1f us/turn"
                  % per_turn_us([exe], files, a.turns, a.repeats))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
