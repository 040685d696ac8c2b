"""Writes the IR a pass of an MLIR_ENABLE_DUMP log received and the IR it
produced (the next dump), for tests that compare verdicts across one pass:

    pass-snapshot.py LOG[.xz] PASS-ARGUMENT BEFORE.mlir AFTER.mlir

The first dump `IR Dump Before <name> (<PASS-ARGUMENT>)` is the pass's input;
the dump after it is its output."""
import lzma
import sys

log, arg, before, after = sys.argv[1:5]
text = (lzma.open if log.endswith(".xz") else open)(log, "rt").read()
dumps, cur = [], None
for line in text.splitlines(keepends=True):
    if line.startswith("// -----// IR Dump"):
        cur = [line]
        dumps.append(cur)
    elif cur is not None:
        cur.append(line)
at = next(i for i, d in enumerate(dumps) if f"({arg})" in d[0])
for path, d in ((before, dumps[at]), (after, dumps[at + 1])):
    with open(path, "w") as f:
        f.writelines(d[1:])
