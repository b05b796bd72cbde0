#!/usr/bin/env python3
# internals.py - writes docs/internals/, one page per core module in the
# manner of curl's internals docs: the module's rule (its README.md), then
# each function and type its headers declare, with the header's own
# comment. The pages are made from the headers so they cannot drift from
# them; `--check` (ctest docs_internals) fails when a page is stale, naming
# it and the command that refreshes it.
#   scripts/internals.py [--check] [SOURCE_DIR]
import os
import re
import sys

MODULES = ["core/helper", "core/loader", "core/bothost", "core/engine", "core/sandbox",
           "core/tournament", "core/results", "core/stats", "core/report", "core/runner",
           "core/runner/mpi", "core/scores", "core/mines"]

def clean_comment(text):
    lines = [re.sub(r"^\s*\*  ?", "", l) for l in text.strip("\n").split("\n")]
    return "\n".join(l.rstrip() for l in lines).strip()


def declarations(path):
    """(signature, comment) for each documented declaration of a header:
    a /** comment */ and what follows it up to its ; or { (a #define: its
    line)."""
    src = open(path, encoding="utf-8").read()
    if src.startswith("/*"):
        src = src[src.index("*/") + 2:]   # the file's own head comment
    out, at = [], 0
    while True:
        start = src.find("/**", at)
        if start < 0:
            return out
        end = src.index("*/", start)
        comment, rest = src[start + 3:end], src[end + 2:].lstrip()
        at = end + 2
        if rest.startswith("#"):
            sig = rest.split("\n", 1)[0]
        else:
            stops = [i for i in (rest.find(";"), rest.find("{"), rest.find("/*")) if i >= 0]
            sig = rest[:min(stops)] if stops else rest
        sig = " ".join(sig.split()).strip()
        if sig:
            out.append((sig, clean_comment(comment)))

def head_comment(path):
    src = open(path, encoding="utf-8").read()
    if not src.startswith("/*"):
        return ""
    return clean_comment(src[2:src.index("*/")])


def page(root, module):
    folder = os.path.join(root, module)
    readme = open(os.path.join(folder, "README.md"), encoding="utf-8").read().strip()
    parts = ["# `%s`\n" % module,
             "<!-- made by scripts/internals.py from the headers; edit them, not this -->\n",
             readme.replace("\n", " ") + "\n"]
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".h"):
            continue
        path = os.path.join(folder, name)
        parts.append("## %s\n\n%s\n" % (name, head_comment(path)))
        for sig, comment in declarations(path):
            parts.append("### `%s`\n\n%s\n" % (sig, comment))
    return "\n".join(parts)


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    out_dir = os.path.join(root, "docs", "internals")
    stale = []
    pages = {m.replace("core/", "").replace("/", "-") + ".md": page(root, m) for m in MODULES}
    index = ["# Internals\n",
             "<!-- made by scripts/internals.py; edit the headers, not this -->\n",
             "One page per core module: its rule, then every function and type its "
             "headers declare. docs/ARCHITECTURE.md shows how the modules fit.\n"]
    index += ["- [%s](%s)" % (m, m.replace("core/", "").replace("/", "-") + ".md")
              for m in MODULES]
    pages["README.md"] = "\n".join(index) + "\n"
    for name, text in pages.items():
        path = os.path.join(out_dir, name)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old == text:
            continue
        if check:
            stale.append(name)
        else:
            os.makedirs(out_dir, exist_ok=True)
            open(path, "w", encoding="utf-8").write(text)
    if check and stale:
        print("docs/internals is stale (%s): run python3 scripts/internals.py" % ", ".join(stale))
        return 1
    print("docs/internals: %d pages %s" % (len(pages), "up to date" if check else "written"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
