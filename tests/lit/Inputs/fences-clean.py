"""Runs `tscope fences --format json` on every FIXTURES/<glob>/kernel.ttgir and
fails if any reports a missing-fence finding. Prints one line per fixture and
a total, for FileCheck."""
import glob
import json
import os
import subprocess
import sys

tscope, root, pattern = sys.argv[1], sys.argv[2], sys.argv[3]
paths = sorted(glob.glob(os.path.join(root, pattern, "kernel.ttgir")))
missing_total = 0
for p in paths:
    r = subprocess.run([tscope, "fences", "--format", "json", p], capture_output=True, text=True, timeout=120)
    doc = json.loads(r.stdout)
    checks = [f["check"] for f in doc["findings"]]
    missing = checks.count("missing-fence")
    missing_total += missing
    pairs = [pp["verdict"] for k in doc["kernels"] for pp in k["pairs"]]
    print(f"{os.path.basename(os.path.dirname(p))}: exit {r.returncode}, {missing} missing-fence, "
          f"{pairs.count('fenced')} of {len(pairs)} pairs fenced, {checks.count('fence-at-lowering')} left to lowering, "
          f"{checks.count('spurious-fence')} spurious")
print(f"checked {len(paths)} fixtures: {missing_total} missing-fence findings")
sys.exit(1 if missing_total else 0)
