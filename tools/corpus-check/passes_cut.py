#!/usr/bin/env python3
"""Cuts a pass log at every dump boundary and in the middle of every dump and
runs `tscope passes --format json` on each cut. Every cut must give the same
compiles as the full log up to the cut: the same kernels, each compile before
the last with the same passes, the last with a prefix of its passes. A cut at
a boundary must give no truncation warning; a cut that leaves a dump's IR
incomplete must warn (`log-truncated`) and mark the last row unreliable; a cut
after the last IR line of a dump (in the pass manager's trace lines that
follow it) must not. Prints the counts; exits 1 on any disagreement.

Usage: passes_cut.py LOG [TSCOPE]"""
import json
import re
import subprocess
import sys
import tempfile

HEADER = re.compile(r"^(// -----// (.* )?IR Dump|// -----// NVPTX Dump|; \*\*\* IR Dump|# \*\*\* IR Dump|\*\*\* IR Dump)")
# Lines between dumps that are not IR: LLVM's pass-manager trace, blank lines.
NOT_IR = re.compile(r"^(Running (pass|analysis)|Invalidating (analysis|all)|Clearing all analysis|Skipping pass|\s*$)")


def passes(tscope, text):
    with tempfile.NamedTemporaryFile("w", suffix=".log") as f:
        f.write(text)
        f.flush()
        r = subprocess.run([tscope, "passes", "--format", "json", f.name], capture_output=True, text=True)
    return json.loads(r.stdout) if r.stdout.strip() else {"compiles": [], "findings": []}


def rows(compile_):
    return [(p["pass"], p["arg"], p["scope"]) for p in compile_["passes"]]


def same_prefix(doc, full):
    """Why `doc`'s compiles are not those of `full` up to the cut, or None."""
    comps, whole = doc["compiles"], full["compiles"]
    if len(comps) > len(whole):
        return f"{len(comps)} compiles, the full log has {len(whole)}"
    for i, c in enumerate(comps):
        if c["kernel"] != whole[i]["kernel"]:
            return f"compile {i + 1} is {c['kernel']}, the full log's is {whole[i]['kernel']}"
        mine, theirs = rows(c), rows(whole[i])
        if i + 1 < len(comps) and mine != theirs:
            return f"compile {i + 1} has {len(mine)} passes, the full log's {len(theirs)}"
        if i + 1 == len(comps) and mine != theirs[:len(mine)]:
            return f"compile {i + 1}'s passes are not a prefix of the full log's"
    return None


def main():
    log, tscope = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "build/src/tscope"
    lines = open(log, errors="replace").read().splitlines(keepends=True)
    heads = [i for i, l in enumerate(lines) if HEADER.match(l)]
    if not heads:
        print(f"{log}: no IR dumps")
        return 2
    full = passes(tscope, "".join(lines))
    bad = 0
    counts = {"boundary": 0, "mid": 0, "mid-warned": 0, "mid-after-ir": 0}
    for k, h in enumerate(heads[1:] + [len(lines)], 1):
        if h < len(lines):
            doc = passes(tscope, "".join(lines[:h]))
            counts["boundary"] += 1
            warned = any(f["check"] == "log-truncated" for f in doc["findings"])
            why = same_prefix(doc, full)
            if warned or why:
                bad += 1
                print(f"boundary cut at line {h + 1}: " + ("warned" if warned else why))
        prev = heads[k - 1]
        mid = prev + max(1, (h - prev) // 2)
        if mid >= h or not "".join(lines[prev + 1:mid]).strip():
            continue
        ir_end = max((i for i in range(prev + 1, h) if not NOT_IR.match(lines[i])), default=prev)
        doc = passes(tscope, "".join(lines[:mid]))
        warned = any(f["check"] == "log-truncated" for f in doc["findings"])
        unreliable = any(r.get("unreliable") for c in doc["compiles"] for r in c["passes"])
        why = same_prefix(doc, full)
        if mid > ir_end:
            counts["mid-after-ir"] += 1
            if warned or unreliable or why:
                bad += 1
                print(f"cut at line {mid + 1} after the IR of the dump at line {prev + 1}: "
                      + ("warned" if warned or unreliable else why))
            continue
        counts["mid"] += 1
        if warned and unreliable and not why:
            counts["mid-warned"] += 1
        else:
            bad += 1
            print(f"mid-dump cut at line {mid + 1} (dump at line {prev + 1}): "
                  + (why if warned and unreliable else "no warning"))
    print(f"{len(heads)} dumps, {len(full['compiles'])} compiles; cuts at a boundary: {counts['boundary']}; "
          f"inside a dump's IR: {counts['mid']}, warned {counts['mid-warned']}; "
          f"after a dump's IR: {counts['mid-after-ir']}; disagreements: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
