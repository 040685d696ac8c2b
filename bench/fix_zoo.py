#!/usr/bin/env python3
"""The proposed fix of every hang-zoo fixture that tscope reports a finding on, next to
the edit its fixed twin made (docs/Fix.md). Runs `tscope check --format json` with the
launch's --arg/--grid from outcome.json.

    python3 bench/fix_zoo.py build/src/tscope tests/fixtures
"""
import json
import os
import subprocess
import sys
import time

# fixture -> (twin, the twin's edit in words)
TWINS = {
    "zoo_wrong_phase": ("zoo_ok", "producer's empty wait: phase -> phase ^ 1 (hangzoo.py wait in zoo_producer)"),
    "zoo_missing_arrive": ("zoo_ok", "consumer: add mbarrier.arrive(empty[slot]) after the fence"),
    "zoo_missing_arrive3": ("zoo_ok3", "consumer: add mbarrier.arrive(empty[slot]) after the fence"),
    "zoo_persistent_missing_arrive": ("zoo_persistent", "consumer: add mbarrier.arrive(empty[slot]) after the fence"),
    "zoo_persistent_wrong_phase": ("zoo_persistent3", "producer's empty wait: phase -> phase ^ 1"),
    "zoo_init_count2": ("zoo_ok", "init empty with count 1"),
    "zoo_expect_more": ("zoo_ok", "expect 16384 bytes (one tile)"),
    "zoo_cycle": ("zoo_handshake_ok", "producer: arrive hs[1] before waiting hs[0]"),
    "zoo_overwait": ("zoo_drain_ok", "drain wait on ready[0] with parity 1 (the last fill's)"),
}


def main():
    tscope, fixtures = sys.argv[1], sys.argv[2]
    rows = []
    total = 0.0
    for name in sorted(os.listdir(fixtures)):
        if not name.startswith("zoo_"):
            continue
        out = json.load(open(os.path.join(fixtures, name, "outcome.json")))
        args = out.get("tscope_args", "").split()
        t0 = time.time()
        p = subprocess.run([tscope, "check", os.path.join(fixtures, name, "kernel.ttgir"), "--format", "json"] + args,
                           capture_output=True, text=True)
        dt = time.time() - t0
        total += dt
        try:
            res = json.loads(p.stdout)
        except json.JSONDecodeError:
            rows.append((name, "?", "(no JSON: %s)" % p.stderr.strip()[:80], "", dt))
            continue
        findings = [f for f in res.get("findings", []) if f["check"] in ("deadlock", "mbarrier-overarrive", "race")]
        if not findings:
            rows.append((name, "-", "(no deadlock/fault/race finding)", "", dt))
            continue
        for f in findings:
            fixes = f.get("fixes", [])
            src = f.get("source") or {}
            primary = "IR %d, py %s" % (f["location"]["line"], src.get("line", "?"))
            fix = fixes[0]["edit"] if fixes else "(none: " + "; ".join(n for n in f["notes"] if n.startswith("fix"))[:120] + ")"
            twin = TWINS.get(name, ("", ""))
            rows.append((name, f["check"], fix, primary + (" | twin: " + twin[1] if twin[0] else ""), dt))
    for r in rows:
        print("%-32s %-20s %-90s %s  [%.1f s]" % r)
    print("total check wall time: %.1f s" % total)


if __name__ == "__main__":
    main()
