"""Run `tscope lint --format json` over every fixture's kernel.ttgir and hold
the result to what the GPU did (outcome.json): a kernel that ran correctly or
compiled must give no error; for the others, print which rules fired."""
import glob
import json
import os
import re
import subprocess
import sys

tscope, fixtures = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(fixtures, "*", "kernel.ttgir")))
clean_outcomes = ("correct", "compiled")
clean = false_errors = 0
for f in files:
    d = os.path.dirname(f)
    name = os.path.basename(d)
    try:
        outcome = json.load(open(os.path.join(d, "outcome.json"))).get("outcome", "unknown")
    except (OSError, ValueError):
        outcome = "unknown"
    if outcome == "compiled":
        # A CPU build whose kernel ran on a GPU elsewhere says so in its note.
        try:
            ran = re.search(r"H[12]00 run of this kernel \([^)]*\): ([a-z-]+)", open(os.path.join(d, "FIXTURE.md")).read())
        except OSError:
            ran = None
        if ran:
            outcome = ran.group(1)
    r = subprocess.run([tscope, "lint", "--format", "json", f], stdout=subprocess.PIPE, timeout=120)
    if r.returncode not in (0, 1):
        print(f"{name}: exit {r.returncode}")
        false_errors += 1
        continue
    errors = {}
    for finding in json.loads(r.stdout)["findings"]:
        if finding["severity"] == "error":
            errors[finding["check"]] = errors.get(finding["check"], 0) + 1
            if outcome in clean_outcomes:
                print(f"FALSE ERROR {name} ({outcome}):{finding['location']['line']}: {finding['message']}")
    clean += outcome in clean_outcomes
    if outcome in clean_outcomes and errors:
        false_errors += 1
    if errors:
        ids = ", ".join(f"{k} x{v}" for k, v in sorted(errors.items()))
        print(f"{name} {outcome}: {ids}")
print(f"linted {len(files)} fixtures; {clean} correct or compiled, {false_errors} of them with an error")
