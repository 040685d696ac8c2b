"""Copies IR file IN to OUT with unrelated lines inserted before each given
line number (a blank line and a `//` comment each), so every later line moves.
usage: move-lines.py IN OUT LINE..."""
import sys

src, dst, *at = sys.argv[1:]
at = {int(a) for a in at}
out = []
for n, line in enumerate(open(src, encoding="utf-8").read().split("\n"), 1):
    if n in at:
        out += ["", "    // an unrelated comment line"]
    out.append(line)
open(dst, "w", encoding="utf-8").write("\n".join(out))
