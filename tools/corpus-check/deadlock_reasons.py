#!/usr/bin/env python3
"""deadlock_reasons.py ROOT TSCOPE [OUT.json] [JOBS]: runs `tscope deadlock
--format json --timeout 20` on every .mlir file under ROOT (JOBS at a time,
default 2) and prints the verdict counts and the unknown reasons grouped
(IR lines, SSA names and numbers folded to N). OUT.json keeps every kernel's
verdict and reason, to compare two builds. Budget reasons depend on the
machine's load (--timeout is wall-clock)."""
import collections
import concurrent.futures as cf
import json
import pathlib
import re
import subprocess
import sys

root, tscope = pathlib.Path(sys.argv[1]), sys.argv[2]
out = sys.argv[3] if len(sys.argv) > 3 else None
jobs = int(sys.argv[4]) if len(sys.argv) > 4 else 2


def run(f):
    try:
        r = subprocess.run([tscope, "deadlock", "--format", "json", "--timeout", "20", str(f)],
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return f.name, "time-out", []
    if r.returncode not in (0, 1):
        return f.name, f"exit {r.returncode}", []
    return f.name, "ok", [(k["name"], k["verdict"], k.get("reason", "")) for k in json.loads(r.stdout)["kernels"]]


res = {}
with cf.ThreadPoolExecutor(jobs) as ex:
    for name, status, kernels in ex.map(run, sorted(root.rglob("*.mlir"))):
        res[name] = {"status": status, "kernels": kernels}
if out:
    json.dump(res, open(out, "w"), indent=0)
statuses, verdicts, reasons = collections.Counter(), collections.Counter(), collections.Counter()
for r in res.values():
    statuses[r["status"]] += 1
    for _, verdict, reason in r["kernels"]:
        verdicts[verdict] += 1
        if verdict == "unknown":
            reasons[re.sub(r"IR line \d+|%[\w#.]+|\d+", "N", reason.split(": ", 1)[-1])[:110]] += 1
print("files:", dict(statuses))
print("verdicts:", dict(verdicts))
for reason, n in reasons.most_common():
    print(f"{n:4d}  {reason}")
