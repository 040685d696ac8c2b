# Runs `tscope check --format json` on each fixture named, with the
# partial-order reduction (the default) and with --no-reduction, and compares
# the verdict words of every analysis of every kernel: the reduction must not
# change one (docs/Deadlock.md, "Fewer interleavings"). Prints one line per
# difference and a summary line.
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

tscope, fixtures, names = sys.argv[1], sys.argv[2], sys.argv[3:]


def verdicts(path, extra):
    r = subprocess.run([tscope, "check", *extra, "--format", "json", path], capture_output=True, text=True)
    doc = json.loads(r.stdout)
    out = [f"exit {r.returncode}"]
    for f in doc.get("files", []):
        for a in f.get("analyses", []):
            for v in a.get("verdicts", []):
                out.append(f"{a.get('name')}: {v}")
    return out


def one(name):
    path = f"{fixtures}/{name}/kernel.ttgir"
    return name, verdicts(path, []), verdicts(path, ["--no-reduction"])


with ThreadPoolExecutor(2) as ex:
    results = list(ex.map(one, names))
same = 0
for name, reduced, full in results:
    if reduced == full:
        same += 1
    else:
        print(f"{name}: differs: reduced {reduced} full {full}")
print(f"same verdicts: {same} of {len(results)} files")
