#!/usr/bin/env python3
"""Cuts a pass log at every dump boundary and in the middle of every dump and
runs `tscope passes --format json` on each cut. A cut at a boundary must give no
truncation warning and the same compiles (kernel, passes) as the full log up
to the cut; a cut inside a dump's body must warn (`log-truncated`) and mark the
last row unreliable. Prints the counts; exits 1 on any disagreement."""
import json
import re
import subprocess
import sys
import tempfile

HEADER = re.compile(r"^(// -----// IR Dump|; \*\*\* IR Dump|# \*\*\* IR Dump|\*\*\* IR Dump)")


def passes(tscope, text):
    with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
        f.write(text)
    r = subprocess.run([tscope, "passes", "--format", "json", f.name], capture_output=True, text=True)
    return json.loads(r.stdout) if r.stdout.strip() else {"compiles": [], "findings": []}


def main():
    log, tscope = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "build/src/tscope"
    lines = open(log, errors="replace").read().splitlines(keepends=True)
    heads = [i for i, l in enumerate(lines) if HEADER.match(l)]
    full = passes(tscope, "".join(lines))
    bad = 0
    counts = {"boundary": 0, "mid": 0, "mid-warned": 0, "mid-complete-ir": 0}
    for k, h in enumerate(heads[1:], 1):
        doc = passes(tscope, "".join(lines[:h]))
        counts["boundary"] += 1
        warned = any(f["check"] == "log-truncated" for f in doc["findings"])
        ncomp = len(doc["compiles"])
        same = all(doc["compiles"][c]["kernel"] == full["compiles"][c]["kernel"] for c in range(ncomp))
        if warned or not same or ncomp > len(full["compiles"]):
            bad += 1
            print(f"boundary cut at line {h + 1}: warned={warned} compiles={ncomp}")
        prev = heads[k - 1]
        mid = prev + max(1, (h - prev) // 2)
        body = "".join(lines[prev + 1:mid])
        if mid >= h or not body.strip() or body.count("{") == body.count("}"):
            counts["mid-complete-ir"] += 1
            continue
        doc = passes(tscope, "".join(lines[:mid]))
        counts["mid"] += 1
        rows = [r for c in doc["compiles"] for r in c["passes"]]
        if any(f["check"] == "log-truncated" for f in doc["findings"]) and any(r.get("unreliable") for r in rows):
            counts["mid-warned"] += 1
        else:
            bad += 1
            print(f"mid-dump cut at line {mid + 1} (dump at line {prev + 1}): no warning")
    print(f"{len(heads)} dumps; cuts at a boundary: {counts['boundary']}; inside a body: {counts['mid']}, "
          f"warned {counts['mid-warned']}; midpoints after a complete body (skipped): {counts['mid-complete-ir']}; "
          f"disagreements: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
