#!/usr/bin/env python3
"""Runs `tscope barriers --format json` over every .mlir file under ROOT that
contains ttg.warp_specialize; reports crashes and how many barrier ops were
attributed to an allocation root (and a partition)."""
import json
import pathlib
import subprocess
import sys

root, tscope = pathlib.Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "build/src/tscope"
files = [p for p in sorted(root.rglob("*.mlir")) if "ttg.warp_specialize" in p.read_text(errors="replace")]
crashes, total, attributed, kernels, bad_input = [], 0, 0, 0, []
unattributed_files = []
for f in files:
    r = subprocess.run([tscope, "barriers", "--format", "json", str(f)], capture_output=True, text=True, timeout=120)
    if r.returncode not in (0, 2) or (r.returncode == 0 and not r.stdout.strip()):
        crashes.append((f, r.returncode, r.stderr[-300:]))
        continue
    if r.returncode == 2:
        bad_input.append(f)
        continue
    doc = json.loads(r.stdout)
    for k in doc["kernels"]:
        kernels += 1
        total += k["barrier_ops"]
        attributed += k["attributed_barrier_ops"]
        if k["barrier_ops"] != k["attributed_barrier_ops"]:
            unattributed_files.append((f, k["name"], k["barrier_ops"] - k["attributed_barrier_ops"]))
print(f"files with ttg.warp_specialize: {len(files)}; kernels: {kernels}")
print(f"crashes: {len(crashes)}; files tscope rejects as bad input: {len(bad_input)}")
for c in crashes:
    print("  CRASH", c)
print(f"barrier ops: {total}; attributed to an allocation root: {attributed}")
for u in unattributed_files:
    print("  unattributed:", u)
sys.exit(1 if crashes else 0)
