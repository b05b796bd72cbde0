#!/usr/bin/env python3
"""svg_geometry.py BROWSER FILE [--came-in N] [--same-start] [--lost] -
checks the geometry of the charts of a report page (FILE.html) or of a
picture (FILE.svg) as headless Chromium lays them out, not only their ink.

A copy of FILE gets a script that writes the box of every text, rect,
path and line of every <svg> (getBoundingClientRect, relative to its svg:
the boxes the fonts really make) into the page; Chromium runs it and
prints the DOM (--dump-dom); this program reads the boxes back and checks:

  - every text lies inside its svg (no title or legend cut at an edge);
  - a heat map's cell text (class "cell") lies inside the cell drawn just
    before it, and every cell of a board heat map carries its number;
  - labels, values, ticks, units and titles overlap no mark (a bar, a
    cell, a whisker) and no other text;
  - the ticks of every axis step by 1, 2 or 5 times a power of ten;
  - a pair that no board told apart (0:0) is not painted with a colour of
    the scale;
  - --came-in N: the lines of "... as games came in" end at N games on the
    x axis, and the axis reaches N;
  - --same-start: every one of those lines starts in the first fifth of
    the axis (a round robin's schedule does not delay one);
  - --lost: the picture marks a fatal cell (class "fatal") and its title
    says "lost".
Prints each failure and exits 1; exits 0 when all hold. Standard library
only."""
import html
import json
import math
import os
import re
import subprocess
import sys
import tempfile

SCRIPT = r"""
<script>
(function () {
  var out = [];
  document.querySelectorAll('svg').forEach(function (svg) {
    var o = svg.getBoundingClientRect(), items = [];
    svg.querySelectorAll('text, rect, path, line').forEach(function (e) {
      var b = e.getBoundingClientRect();
      items.push({tag: e.tagName, cls: e.getAttribute('class') || '',
                  text: e.tagName == 'text' ? e.textContent : '',
                  ax: e.getAttribute('x'), ay: e.getAttribute('y'),
                  x: b.left - o.left, y: b.top - o.top, w: b.width, h: b.height});
    });
    var t = svg.querySelector('title');
    out.push({title: t ? t.textContent : '', w: o.width, h: o.height, items: items});
  });
  var pre = document.createElement('pre');
  pre.id = 'geometry';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""

MARKS = ("mark", "nodata", "whisker", "fatal")
LABELS = ("label", "value", "tick", "unit", "title", "legend")


def classes(item):
    return item["cls"].split()


def boxes(browser, path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".svg"):
        text = "<!DOCTYPE html><html><body>" + text + SCRIPT + "</body></html>"
    else:
        text = text.replace("</body>", SCRIPT + "</body>")
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "page.html")
        open(page, "w", encoding="utf-8").write(text)
        dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                              "--dump-dom", "file://" + page], capture_output=True,
                             text=True, timeout=120).stdout
    found = re.search(r'<pre id="geometry">(.*?)</pre>', dom, re.S)
    if not found:
        sys.exit("svg_geometry: the browser wrote no geometry for " + path)
    return json.loads(html.unescape(found.group(1)))


def inside(a, b, tol=0.75):
    return (a["x"] >= b["x"] - tol and a["y"] >= b["y"] - tol and
            a["x"] + a["w"] <= b["x"] + b["w"] + tol and
            a["y"] + a["h"] <= b["y"] + b["h"] + tol)


def overlap(a, b, tol=1.0):
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return w > tol and h > tol


def number(text):
    t = text.replace("\u2212", "-").replace("%", "").replace("+", "").strip()
    try:
        return float(t)
    except ValueError:
        return None


def round_step(step):
    if step <= 0:
        return False
    mag = 10 ** math.floor(math.log10(step) + 1e-9)
    return any(abs(step - m * mag) <= 1e-6 * step for m in (1, 2, 5, 10))


def axes(svg):
    """The tick groups: (x-axis ticks, by their y), (y-axis ticks, by x)."""
    ticks = [i for i in svg["items"] if i["tag"] == "text" and "tick" in classes(i)]
    groups = {}
    for t in ticks:
        for key in (("x-axis", t["ay"]), ("y-axis", t["ax"])):
            groups.setdefault(key, []).append(t)
    return {k: v for k, v in groups.items() if len(v) >= 3}


def check_ticks(svg, fail):
    for (kind, _), ticks in axes(svg).items():
        values = [number(t["text"]) for t in ticks]
        if None in values:
            continue
        steps = [b - a for a, b in zip(values, values[1:])]
        if any(abs(s - steps[0]) > 1e-6 * max(1, abs(steps[0])) for s in steps) or \
                not round_step(abs(steps[0])):
            fail("%s: the %s ticks %s are not round steps" % (svg["title"], kind,
                                                             [t["text"] for t in ticks]))


def check_cells(svg, fail):
    last_rect = None
    cells = marks = 0
    for item in svg["items"]:
        if item["tag"] == "rect":
            last_rect = item
            marks += "mark" in classes(item)
        elif item["tag"] == "text" and "cell" in classes(item):
            cells += 1
            if last_rect is None or not inside(item, last_rect):
                fail("%s: the cell text %r is not inside its cell" % (svg["title"], item["text"]))
            if item["text"].startswith("0:0") and last_rect is not None and \
                    "mark" in classes(last_rect):
                fail("%s: a 0:0 pair is painted as a share" % svg["title"])
    board = any("board" in classes(i) for i in svg["items"])
    if board and cells < marks:
        fail("%s: %d cells carry no number" % (svg["title"], marks - cells))


def check_texts(svg, fail):
    texts = [i for i in svg["items"] if i["tag"] == "text" and i["w"] > 0]
    for t in texts:
        if not inside(t, {"x": 0, "y": 0, "w": svg["w"], "h": svg["h"]}):
            fail("%s: the text %r is cut at the edge" % (svg["title"], t["text"]))
    marks = [i for i in svg["items"] if set(classes(i)) & set(MARKS)] + \
        [t for t in texts if "cell" in classes(t)]
    labels = [t for t in texts if set(classes(t)) & set(LABELS)]
    for n, t in enumerate(labels):
        for m in marks:
            if overlap(t, m):
                fail("%s: the %s %r lies on a %s" % (svg["title"], t["cls"], t["text"],
                                                   m["cls"] or m["tag"]))
        for u in labels[n + 1:]:
            if overlap(t, u):
                fail("%s: the texts %r and %r overlap" % (svg["title"], t["text"], u["text"]))


def x_value(svg):
    """A function from pixel x to the x axis's value, from its ticks."""
    for (kind, _), ticks in axes(svg).items():
        if kind != "x-axis":
            continue
        a, b = ticks[0], ticks[-1]
        va, vb = number(a["text"]), number(b["text"])
        pa, pb = a["x"] + a["w"] / 2, b["x"] + b["w"] / 2
        return (lambda px: va + (px - pa) * (vb - va) / (pb - pa)), vb
    return None, None


def check_came_in(svgs, games, same_start, fail):
    charts = [s for s in svgs if "as games came in" in s["title"]]
    if not charts:
        fail("no chart of the rates as games came in")
    for svg in charts:
        value, top = x_value(svg)
        lines = [i for i in svg["items"] if "line" in classes(i) and i["tag"] == "path"]
        if value is None or not lines:
            fail("%s: no x axis or no lines" % svg["title"])
            continue
        if games is not None and top < games:
            fail("%s: the x axis ends at %g, before the %d games" % (svg["title"], top, games))
        for ln in lines:
            end, start = value(ln["x"] + ln["w"]), value(ln["x"])
            if games is not None and abs(end - games) > max(1.0, 0.01 * games):
                fail("%s: a line ends at %.1f games, not at %d" % (svg["title"], end, games))
            if same_start and start > 0.2 * top:
                fail("%s: a line starts at %.1f of %g games" % (svg["title"], start, top))


def main(argv):
    browser, path = argv[1], argv[2]
    games = int(argv[argv.index("--came-in") + 1]) if "--came-in" in argv else None
    errors = []
    svgs = boxes(browser, path)
    for svg in svgs:
        check_texts(svg, errors.append)
        check_ticks(svg, errors.append)
        check_cells(svg, errors.append)
    if games is not None or "--same-start" in argv:
        check_came_in(svgs, games, "--same-start" in argv, errors.append)
    if "--lost" in argv:
        last = svgs[-1] if svgs else {"items": [], "title": ""}
        if not any("fatal" in classes(i) for i in last["items"]):
            errors.append("%s: no fatal cell marked" % last["title"])
        if "lost" not in last["title"]:
            errors.append("%s: the title does not say lost" % last["title"])
    for e in errors[:40]:
        print(e)
    print("svg_geometry: %d charts of %s, %d failures" % (len(svgs), path, len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
