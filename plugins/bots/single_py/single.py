#!/usr/bin/env python3
"""single.py - the single-number deduction bot, a process bot in Python
through the kit sapper_bot.py: each revealed number alone decides its
neighbours, and every sure move of the turn goes out in one answer.

- A number whose known mines (flagged, marked, exposed, claimed) already
  equal it makes its other hidden neighbours safe: reveal them.
- A number equal to its known mines plus its hidden neighbours makes those
  hidden neighbours mines: flag them (one player; a flag is the bot's
  memory, and it never flags a flagged cell, which would mark it). With
  two players (seeker) revealing a mine claims it and keeps the turn, so
  it reveals the sure mines instead, and with none it guesses a cell not
  proven safe (a safe reveal only passes the turn).
- Nothing sure: the middle cell on an untouched board, else a hidden cell
  chosen by a random.Random seeded with the game's seed.

It does not combine numbers (no subsets, no probabilities): see the simple
and prober bots for that.
"""
import os
import random
import sys


def _import_kit():
    """sapper_bot from PYTHONPATH, next to this file, the source tree's
    kits/ or an installed share/sapper/kits/."""
    here = os.path.dirname(os.path.abspath(__file__))
    for d in (here, os.path.join(here, "..", "..", "..", "kits"),
              os.path.join(os.path.dirname(sys.executable), "..", "share", "sapper"),
              "/usr/local/share/sapper/kits", "/usr/share/sapper/kits"):
        if os.path.isfile(os.path.join(d, "sapper_bot.py")):
            sys.path.append(d)
            break
    import sapper_bot
    return sapper_bot


sapper_bot = _import_kit()

DIGITS = {str(n): n for n in range(9)}
MINE_GLYPHS = sapper_bot.MINE_GLYPHS


def sure_moves(view):
    """(safe cells, mine cells, whether any cell is open), each list in
    board order without repeats; only hidden (`?`) cells are listed."""
    rows = view.rows
    safe, mines = {}, {}
    opened = False
    for y, row in enumerate(rows):
        for x, g in enumerate(row):
            n = DIGITS.get(g)
            if n is None:
                continue
            opened = True
            hidden = []
            known = 0
            for nx, ny in view.neighbours(x, y):
                c = rows[ny][nx]
                if c == "?":
                    hidden.append((nx, ny))
                elif c in MINE_GLYPHS:
                    known += 1
            if not hidden:
                continue
            if n == known:
                safe.update(dict.fromkeys(hidden))
            elif n == known + len(hidden):
                mines.update(dict.fromkeys(hidden))
    return list(safe), list(mines), opened


def reveal(cell):
    return "reveal %d %d" % cell


def flag(cell):
    return "flag %d %d" % cell


class Single:
    def __init__(self):
        self.rng = random.Random(0)

    def on_game(self, game):
        self.rng = random.Random(game.seed)

    def guess(self, view, avoid=()):
        cells = view.hidden() or view.closed()   # every cell flagged: try one
        if avoid:
            avoid = set(avoid)
            cells = [c for c in cells if c not in avoid] or cells
        return reveal(self.rng.choice(cells))

    def choose(self, view, legal):
        safe, mines, opened = sure_moves(view)
        if not opened:
            middle = (view.width // 2, view.height // 2)
            if view.cell(*middle) == "?":
                return reveal(middle)
        if view.players >= 2:
            if mines:
                return [reveal(c) for c in mines]
            return self.guess(view, avoid=safe)
        if safe or mines:
            return [reveal(c) for c in safe] + [flag(c) for c in mines]
        return self.guess(view)


def main():
    bot = Single()
    sapper_bot.run(bot.choose, id="single_py", name="Single-number deduction (Python)",
                   version="1.0", author="Sapper developers", families=("mines",),
                   want_legal=False, on_game=bot.on_game)


if __name__ == "__main__":
    main()
