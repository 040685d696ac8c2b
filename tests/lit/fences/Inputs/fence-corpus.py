"""Runs `tscope fences --format json [EXTRA...]` over every .mlir of a lit
corpus and prints the golden counts: files, kernels per assumed lowering,
findings per check id and severity, same-partition versus cross-partition
missing pairs, and the kernels and pairs left undecided before TMA lowering.
For FileCheck."""
import collections
import glob
import json
import os
import subprocess
import sys

tscope, corpus, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
files = sorted(glob.glob(os.path.join(corpus, "*.mlir")))
bad = crashes = 0
lowering, findings, missing = collections.Counter(), collections.Counter(), collections.Counter()
pending_kernels = pending_pairs = 0
for path in files:
    r = subprocess.run([tscope, "fences", "--format", "json", *extra, path], capture_output=True, text=True,
                       timeout=120)
    if r.returncode < 0:
        crashes += 1
        continue
    if r.returncode == 2:
        bad += 1
        continue
    doc = json.loads(r.stdout)
    for k in doc["kernels"]:
        if k["checked"]:
            lowering[k["lowering"]["assumed"]] += 1
        pending_kernels += k["verdict"] == "not-verified"
        for p in k["pairs"]:
            if p["verdict"] == "missing":
                missing[p["scope"]] += 1
            pending_pairs += p["verdict"] == "before-tma-lowering"
    for f in doc["findings"]:
        findings[f"{f['check']} {f['severity']}"] += 1
print(f"files: {len(files)}; crashes: {crashes}; bad input: {bad}")
print("checked kernels by lowering: " + ", ".join(f"{k} {v}" for k, v in sorted(lowering.items())))
print("findings: " + ", ".join(f"{k} {v}" for k, v in sorted(findings.items())))
print("missing pairs: " + ", ".join(f"{k} {v}" for k, v in sorted(missing.items())))
print(f"not verified before TMA lowering: {pending_kernels} kernels, {pending_pairs} pairs")
