#!/usr/bin/env python3
"""Runs `tscope barriers --format json` over every .mlir file under ROOT that
contains tmem_alloc; reports crashes and what the TMEM sections found:
packed owners and siblings, back-edge rows by status, accumulator init rows
by verdict, findings by check."""
import collections
import json
import pathlib
import subprocess
import sys

root, tscope = pathlib.Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "build/src/tscope"
files = [p for p in sorted(root.rglob("*.mlir")) if "tmem_alloc" in p.read_text(errors="replace")]
crashes, bad_input = [], []
owners = siblings = 0
orders, inits, findings = collections.Counter(), collections.Counter(), collections.Counter()
owner_files = set()
for f in files:
    r = subprocess.run([tscope, "barriers", "--format", "json", str(f)], capture_output=True, text=True, timeout=120)
    if r.returncode not in (0, 2) or (r.returncode == 0 and not r.stdout.strip()):
        crashes.append((f.name, r.returncode, r.stderr[-300:]))
        continue
    if r.returncode == 2:
        bad_input.append(f.name)
        continue
    doc = json.loads(r.stdout)
    for k in doc["kernels"]:
        for p in k["tmem_packing"]:
            owners += 1
            siblings += len(p["siblings"]) - 1
            owner_files.add(f.name)
            orders.update(o["status"] for o in p["orders"])
        inits.update(a["verdict"] for a in k["accumulator_init"])
    findings.update(x["check"] for x in doc["findings"])
print(f"files with tmem_alloc: {len(files)}")
print(f"crashes: {len(crashes)}; files tscope rejects as bad input: {len(bad_input)}")
for c in crashes:
    print("  CRASH", c)
print(f"packed owners: {owners} in {len(owner_files)} files; siblings: {siblings}")
print("back-edge rows: " + ", ".join(f"{k} {orders[k]}" for k in ("ordered", "missing", "before-partitioning")))
print("accumulator init rows: " + ", ".join(f"{k} {inits[k]}" for k in ("ok", "redundant", "unknown")))
print("findings: " + ", ".join(f"{k} {findings[k]}" for k in ("tmem-packed-order", "tmem-redundant-init")))
sys.exit(1 if crashes else 0)
