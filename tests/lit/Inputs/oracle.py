"""Oracle: feed `tscope print --generic --opaque` of every MLIR fixture to
mlir-opt (--allow-unregistered-dialect) and check that MLIR accepts it and
that its op count and op nesting depth equal tscope's own count.

usage: oracle.py TSCOPE MLIR_OPT FIXTURE_DIR MIN_FILES
"""
import json
import pathlib
import re
import subprocess
import sys

tscope, mlir_opt, root, min_files = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3]), int(sys.argv[4])
OP_LINE = re.compile(r'^(\s*)(?:%[^"=]*=\s*)?"[^"]+"\(')

files = sorted(p for p in root.rglob("*") if p.suffix in (".ttir", ".ttgir", ".mlir"))
rejected = mismatched = 0
for f in files:
    info = json.loads(subprocess.run([tscope, "parse", "--format", "json", str(f)],
                                     capture_output=True, text=True, check=True).stdout)[0]
    gen = subprocess.run([tscope, "print", "--generic", "--opaque", str(f)],
                         capture_output=True, text=True, check=True).stdout
    out = subprocess.run([mlir_opt, "--allow-unregistered-dialect", "--split-input-file",
                          "-mlir-print-op-generic", "-"], input=gen, capture_output=True, text=True)
    if out.returncode != 0:
        rejected += 1
        print(f"REJECTED {f.name}: {out.stderr.strip().splitlines()[:2]}")
        continue
    ops = depth = 0
    for line in out.stdout.splitlines():
        m = OP_LINE.match(line)
        if m:
            ops += 1
            depth = max(depth, len(m.group(1)) // 2)
    rel = f.relative_to(root)
    if ops != info["ops"] or depth != info["max_depth"]:
        mismatched += 1
        print(f"MISMATCH {rel}: tscope ops={info['ops']} depth={info['max_depth']}, "
              f"mlir-opt ops={ops} depth={depth}")
    else:
        print(f"OK {rel} ops={ops} depth={depth}")
print(f"oracle: {len(files)} files, {rejected} rejected, {mismatched} mismatched")
sys.exit(1 if rejected or mismatched or len(files) < min_files else 0)
