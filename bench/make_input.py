#!/usr/bin/env python3
"""Builds one large MLIR input from the fixtures' kernel.ttgir/kernel.ttir.

generic (default): one generic-form module (a single chunk, so mlir-opt can
read it without --split-input-file): each fixture's generic form (from
`tscope print --generic --opaque`) gets its aliases renamed with a per-copy
suffix, and the functions of all copies go into one builtin.module.

--pretty: the fixtures as Triton wrote them (pretty form, aliases and `#loc`
lines included), one `// -----` chunk per copy, as in a pass log.

usage: make_input.py [--pretty] TSCOPE FIXTURE_DIR OUT MEGABYTES
"""
import pathlib
import re
import subprocess
import sys

pretty = "--pretty" in sys.argv
args = [a for a in sys.argv[1:] if a != "--pretty"]
tscope, root, out, megabytes = args[0], pathlib.Path(args[1]), args[2], float(args[3])
fixtures = sorted(root.rglob("kernel.ttgir")) + sorted(root.rglob("kernel.ttir"))
if pretty:
    texts = [f.read_text() for f in fixtures]
    target, size, copy = int(megabytes * 1e6), 0, 0
    with open(out, "w") as o:
        while size < target:
            for t in texts:
                if copy:
                    o.write("\n// -----\n")
                o.write(t)
                size += len(t) + 10
                copy += 1
                if size >= target:
                    break
    print(f"{out}: {pathlib.Path(out).stat().st_size / 1e6:.1f} MB from {len(texts)} fixtures x {copy} copies")
    sys.exit(0)
ALIAS = re.compile(r'#([A-Za-z_][A-Za-z0-9_$]*)(?![.\w<])')

units = []
for f in fixtures:
    text = subprocess.run([tscope, "print", "--generic", "--opaque", str(f)],
                          capture_output=True, text=True, check=True).stdout
    head, _, body = text.partition('"builtin.module"() ({\n')
    inner, _, _tail = body.rpartition("})")
    units.append((head, inner))

target = int(megabytes * 1e6)
aliases, bodies, size, copy = [], [], 0, 0
while size < target:
    for head, inner in units:
        tag = f"_c{copy}"
        aliases.append(ALIAS.sub(lambda m: f"#{m.group(1)}{tag}", head))
        b = ALIAS.sub(lambda m: f"#{m.group(1)}{tag}", inner)
        bodies.append(b)
        size += len(b) + len(aliases[-1])
        copy += 1
        if size >= target:
            break
with open(out, "w") as o:
    o.writelines(aliases)
    o.write('"builtin.module"() ({\n')
    o.writelines(bodies)
    o.write('}) : () -> ()\n')
print(f"{out}: {pathlib.Path(out).stat().st_size / 1e6:.1f} MB from {len(units)} fixtures x {copy} copies")
