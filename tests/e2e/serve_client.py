#!/usr/bin/env python3
"""serve_client.py - test clients of `sapper serve` for serve_test.sh, each
speaking the network framing of docs/PROTOCOL.md ("Over a network") by
hand, as a stranger's program would.

  serve_client.py seat HOST PORT CODE NAME LOG [--silent]
      takes a seat with the seat protocol's lines and plays Mine-Seeker:
      its first answer reveals two cells (the last hidden one and the
      first), then it reveals the first hidden cell of each view. Every view goes to LOG
      as a JSON line {"moves": K, "rows": [...]}. --silent: after the
      handshake it never answers (the server's clock must end the game).
  serve_client.py snoop HOST PORT CODE LOG
      looks on (mode=watch) and sends every message a seat or a spectator
      could send, trying to learn a hidden cell: one after each view, the
      last 8 after the end (past the 32 lines a spectator may send); logs
      the views as `seat` does, and the server's lines other than views
      (its answers, `seed`, `end`) as {"said": TEXT}.
  serve_client.py hostile HOST PORT CODE KIND
      bigline (10 MB with no newline), binary (random bytes), halfopen (a
      join line cut short, then silence), nothing (connects, sends
      nothing), chatter (a spectator sending 40 lines), flood (1,000
      connections at once): prints the server's first and last lines and
      whether (and how fast) it closed the connection.
  serve_client.py compare SNOOP_LOG SEAT_LOG...
      every view the spectator had before the end is one a seat had after
      as many moves (Mine-Seeker's views hold nothing private but flags,
      which it has not): prints the views compared, exit 1 on a difference
Exit status 0 unless the connection failed to open.
"""
import json
import os
import random
import socket
import sys
import time


def connect(host, port):
    fam = socket.AF_INET6 if ":" in host else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.settimeout(30)
    s.connect((host, int(port)))
    return s


class Lines:
    def __init__(self, sock):
        self.sock, self.buf = sock, b""

    def line(self):
        while b"\n" not in self.buf:
            data = self.sock.recv(65536)
            if not data:
                return None
            self.buf += data
        out, self.buf = self.buf.split(b"\n", 1)
        return out.decode("utf-8", "replace")

    def send(self, text):
        self.sock.sendall(text.encode() + b"\n")


def read_view(c, first):
    """The rows of a `view mines W H` block whose first line was read."""
    h = int(first.split()[3])
    info = c.line()
    moves = int(info.split("moves=")[1].split()[0])
    rows = [c.line()[4:] for _ in range(h)]
    return moves, rows


def seat(host, port, code, name, log, silent):
    c = Lines(connect(host, port))
    c.send("join 1 code=%s name=%s mode=play screen=lines" % (code, name))
    out = open(log, "w")
    first = True
    while True:
        line = c.line()
        if line is None:
            return
        if line == "sapper 1":
            c.send("id %s\nfamily mines\nready 1" % name)
        elif line == "start" or line.startswith("end"):
            c.send("ok")
        elif line.startswith("view mines"):
            moves, rows = read_view(c, line)
            out.write(json.dumps({"moves": moves, "rows": rows}) + "\n")
            out.flush()
        elif line.startswith("go") and not silent:
            hidden = [(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "?"]
            if first and len(hidden) > 1:
                (fx, fy), (rx, ry) = hidden[-1], hidden[0]
                c.send("move reveal %d %d;reveal %d %d" % (fx, fy, rx, ry))
            else:
                c.send("move reveal %d %d" % hidden[0])
            first = False


PROBES = [
    "move reveal 0 0", "move flag 1 1", "view", "legal", "go", "seed", "sapper 1",
    "join 1 code=%(code)s mode=play screen=lines", "id snoop", "family mines",
    "ready 1", "ok", "start", "game 1", "did 1 reveal 0 0", "move bomb 3 3",
    "rules seeker mines 1", "param layout", "refuse peek", "end",
    "\x1b]0;title\x07", "", "seat 1 2", "limits 0 0", "info", "row ????",
    "move reveal 0 0;reveal 1 1", "welcome seat 1 of 2 x", "watch", "help",
]


def snoop(host, port, code, log):
    c = Lines(connect(host, port))
    c.send("join 1 code=%s name=snoop mode=watch screen=lines" % code)
    out = open(log, "w")
    probes = [p % {"code": code} for p in PROBES] + ["move reveal %d %d" % (i, i) for i in range(8)]
    while True:
        line = c.line()
        if line is None:
            return
        if line.startswith("view mines"):
            moves, rows = read_view(c, line)
            out.write(json.dumps({"moves": moves, "rows": rows}) + "\n")
            if len(probes) > 8:   # one probe after each view, as the game goes
                c.send(probes.pop(0))
        elif line.startswith("error") or line.startswith("seed") or line.startswith("end"):
            out.write(json.dumps({"said": line}) + "\n")
            try:   # the game over: the rest at once, past the spectator's limit
                while line.startswith("end") and probes:
                    c.send(probes.pop(0))
            except (BrokenPipeError, ConnectionResetError):
                pass
        out.flush()


def answer_and_close(s, limit):
    """The server's first and last lines and the seconds until it closed
    (None: it did not)."""
    s.settimeout(limit)
    t0, got, closed = time.time(), b"", None
    try:
        while True:
            data = s.recv(65536)
            if not data:
                closed = time.time() - t0
                break
            got += data
    except (ConnectionResetError, BrokenPipeError):
        closed = time.time() - t0   # closed with our bytes unread: a reset
    except socket.timeout:
        pass
    lines = got.decode("utf-8", "replace").strip("\n").split("\n")
    return lines[0], lines[-1], closed


def hostile(host, port, code, kind):
    if kind == "flood":
        socks, refused = [], 0
        for _ in range(1000):
            try:
                socks.append(connect(host, port))
            except OSError:
                refused += 1
        time.sleep(0.5)
        full = 0
        for s in socks:
            s.setblocking(False)
            try:
                if s.recv(200).startswith(b"error the server is full"):
                    full += 1
            except (BlockingIOError, ConnectionResetError):
                pass
        print("flood: %d opened, %d told the server is full" % (len(socks), full))
        for s in socks:
            s.close()
        return
    s = connect(host, port)
    try:
        if kind == "bigline":
            s.sendall(b"join 1 code=" + b"A" * (10 << 20))
        elif kind == "binary":
            s.sendall(bytes(random.Random(7).getrandbits(8) for _ in range(65536)))
        elif kind == "halfopen":
            s.sendall(b"join 1 code=%s mode=pl" % code.encode())
        elif kind == "chatter":
            s.sendall(b"join 1 code=%s mode=watch screen=lines\n" % code.encode() +
                      b"".join(b"line %d\n" % i for i in range(40)))
    except (BrokenPipeError, ConnectionResetError):
        pass
    first, last, closed = answer_and_close(s, 20)
    print("%s: first [%s] last [%s], closed %s" % (kind, first, last,
          "after %.1f s" % closed if closed is not None else "never"))


def compare(snoop_log, seat_logs):
    seen = {}
    for log in seat_logs:
        for rec in map(json.loads, open(log)):
            seen.setdefault(rec["moves"], []).append(rec["rows"])
    compared = 0
    for rec in map(json.loads, open(snoop_log)):
        if "said" in rec:
            if rec["said"].startswith("end"):
                break
            continue
        if rec["moves"] not in seen:
            continue
        if rec["rows"] not in seen[rec["moves"]]:
            print("after %d moves the spectator saw %s" % (rec["moves"], rec["rows"]))
            return 1
        compared += 1
    print("compared %d views" % compared)
    return 0 if compared else 1


def main(argv):
    cmd = argv[1]
    if cmd == "seat":
        args = [a for a in argv[2:] if a != "--silent"]
        seat(*args[:6], silent="--silent" in argv)
    elif cmd == "snoop":
        snoop(*argv[2:6])
    elif cmd == "hostile":
        hostile(*argv[2:6])
    elif cmd == "compare":
        return compare(argv[2], argv[3:])
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (ConnectionResetError, BrokenPipeError, socket.timeout):
        sys.exit(0)   # the server ended the connection: as it may
