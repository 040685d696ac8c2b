#!/usr/bin/env python3
"""Builds one large generic-form MLIR module (a single chunk, so mlir-opt can
read it without --split-input-file) from the fixtures: each fixture's generic
form (from `tscope print --generic --opaque`) gets its aliases renamed with a
per-copy suffix, and the functions of all copies go into one builtin.module.

usage: make_input.py TSCOPE FIXTURE_DIR OUT MEGABYTES
"""
import pathlib
import re
import subprocess
import sys

tscope, root, out, megabytes = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3], float(sys.argv[4])
ALIAS = re.compile(r'#([A-Za-z_][A-Za-z0-9_$]*)(?![.\w<])')

units = []
for f in sorted(root.rglob("kernel.ttgir")) + sorted(root.rglob("kernel.ttir")):
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
