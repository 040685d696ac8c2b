#!/usr/bin/env python3
"""Runs `tscope deadlock --format json --trips 2` over every .mlir file under
ROOT that contains ttg.warp_specialize; reports crashes, time-outs and the
verdict counts."""
import collections
import json
import pathlib
import subprocess
import sys

root, tscope = pathlib.Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "build/src/tscope"
files = [p for p in sorted(root.rglob("*.mlir")) if "ttg.warp_specialize" in p.read_text(errors="replace")]
verdicts, crashes, timeouts, reasons = collections.Counter(), [], [], collections.Counter()
for f in files:
    try:
        r = subprocess.run([tscope, "deadlock", "--format", "json", "--trips", "2", "--max-states", "200000", str(f)],
                           capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        timeouts.append(f)
        continue
    if r.returncode not in (0, 1, 2):
        crashes.append((f, r.returncode, r.stderr[-200:]))
        continue
    if r.returncode == 2:
        verdicts["bad input"] += 1
        continue
    for k in json.loads(r.stdout)["kernels"]:
        verdicts[k["verdict"]] += 1
        if k["verdict"] == "unknown":
            reasons[k["reason"].split(":")[-1].strip()[:70]] += 1
print(f"files: {len(files)}; crashes: {len(crashes)}; time-outs (60 s): {len(timeouts)}")
for c in crashes:
    print("  CRASH", c)
for t in timeouts:
    print("  TIMEOUT", t)
print("verdicts:", dict(verdicts))
for reason, n in reasons.most_common(8):
    print(f"  unknown x{n}: {reason}")
sys.exit(1 if crashes else 0)
