#!/usr/bin/env python3
# same_games_dump.py - prints a results database's games as text for
# scripts/same_games.sh: every column that says what was played (not
# timings, hosts or the line ids, which depend on the order games
# finished in), with each game's actions decoded to its replay lines as
# docs/FORMATS.md and core/results/store_lines.c describe them.
import re
import sqlite3
import sys


def decode_all(blob, seed, lines):
    """Walk the blob by position: a literal piece's bytes are not varints."""
    out, p = [], 0
    def varint():
        nonlocal p
        v = shift = 0
        while True:
            b = blob[p]; p += 1
            v |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return v
    while p < len(blob):
        k = varint()
        if k == 0:
            n = varint()
            out.append(blob[p:p + n].decode("utf-8", "replace")); p += n
        elif k == 1:
            out.append("seed %s\n" % seed)
        else:
            out.append(lines[k - 2] + "\n")
    return "".join(out)


db = sqlite3.connect(sys.argv[1])
for run, in db.execute("SELECT id FROM runs ORDER BY id"):
    lines = dict(db.execute("SELECT id, text FROM lines WHERE run_id = ?", (run,)))
    for row in db.execute("SELECT game_index, board, seed, ruleset, params, seats, outcome,"
                          " returns, reason, culprit, moves, steps, result, actions"
                          " FROM games WHERE run_id = ? ORDER BY game_index", (run,)):
        *cols, actions = row
        replay = decode_all(bytes(actions or b""), cols[2], lines)
        print("|".join("" if c is None else str(c) for c in cols))
        # A plugin line's fingerprint hashes its .so, which holds the build's
        # paths: two builds of the same code differ there, not in play.
        replay = re.sub(r"^(plugin \S+ \S+ \S+) \S+$", r"\1", replay, flags=re.M)
        print("  " + replay.replace("\n", "\n  ").rstrip())
