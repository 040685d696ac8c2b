"""Runs `tscope fences --format json` on every FIXTURES/*/kernel.ttgir and
prints, per fixture with a spurious fence, how many; then the fences Triton
inserted that order nothing (never reported). For FileCheck."""
import glob
import json
import os
import subprocess
import sys

tscope, root = sys.argv[1], sys.argv[2]
inserted_idle = []
for p in sorted(glob.glob(os.path.join(root, "*", "kernel.ttgir"))):
    name = os.path.basename(os.path.dirname(p))
    r = subprocess.run([tscope, "fences", "--format", "json", p], capture_output=True, text=True, timeout=120)
    if r.returncode == 2:
        continue
    doc = json.loads(r.stdout)
    notes = sum(f["check"] == "spurious-fence" for f in doc["findings"])
    fences = [fe for k in doc["kernels"] for fe in k["fences"]]
    if notes != sum(fe["spurious"] for fe in fences):
        sys.exit(f"{name}: {notes} spurious-fence findings but {sum(fe['spurious'] for fe in fences)} spurious fences")
    if any(fe["spurious"] and fe["inserted_by"] for fe in fences):
        sys.exit(f"{name}: a fence Triton inserted is reported spurious")
    if notes:
        print(f"{name}: {notes} spurious")
    if any(fe["inserted_by"] and not fe["orders"] for fe in fences):
        inserted_idle.append(name)
print(f"inserted by Triton and ordering nothing: {len(inserted_idle)} ({', '.join(inserted_idle)})")
