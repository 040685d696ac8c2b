#!/usr/bin/env python3
"""Snapshot and compare tscope's verdicts over a set of IR files.

  verdicts.py snapshot --tscope BIN OUT.json PATH...   run every findings
      command with --format json on each .ttgir/.mlir under PATH and keep, per
      file and command, the exit code, the per-kernel verdicts and the findings
      as (check, severity, line, col, message)
  verdicts.py compare OLD.json NEW.json   list what changed: exit codes and
      verdicts first, then findings by (check, severity, line), then columns and
      wording

Used to hold a refactor to "every verdict unchanged" over the fixtures and a
fetched corpus (nothing of the corpus is committed)."""
import argparse
import concurrent.futures as cf
import json
import pathlib
import subprocess
import sys

COMMANDS = ["check", "deadlock", "races", "fences", "tma", "lint", "barriers"]


def verdicts_of(cmd, doc):
    """Per-kernel verdict strings of one command's JSON."""
    out = []
    if cmd == "check":
        for f in doc.get("files", []):
            for a in f.get("analyses", []):
                for v in a.get("verdicts", []):
                    out.append(f"{a.get('name')}: {v}")
        return out
    for k in doc.get("kernels", []) or []:
        if not isinstance(k, dict):
            continue
        name = k.get("name", "?")
        for key in ("verdict", "checked", "unknown", "tiles_checked"):
            if key in k:
                out.append(f"{name}.{key}={k[key]}")
        if cmd == "races":
            out.append(f"{name}.race={'yes' if k.get('race') else 'no'}")
            out.append(f"{name}.reason={k.get('reason', '')}")
    return out


def findings_of(doc):
    res = []
    for f in doc.get("findings", []) or []:
        loc = f.get("location") or {}
        res.append([f.get("check"), f.get("severity"), loc.get("line"), loc.get("col"), f.get("message")])
    return sorted(res, key=lambda r: [str(x) for x in r])


def run_one(tscope, path, cmd, timeout):
    try:
        r = subprocess.run([tscope, cmd, "--format", "json", str(path)], capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"rc": "timeout"}
    try:
        doc = json.loads(r.stdout) if r.stdout.strip() else {}
    except json.JSONDecodeError:
        return {"rc": r.returncode, "bad_json": True}
    if isinstance(doc, list):
        merged = {"findings": [], "kernels": [], "files": []}
        for d in doc:
            for k in merged:
                merged[k] += d.get(k, []) or []
        doc = merged
    return {"rc": r.returncode, "verdicts": verdicts_of(cmd, doc), "findings": findings_of(doc)}


def snapshot(a):
    files = []
    for p in a.paths:
        p = pathlib.Path(p)
        files += [p] if p.is_file() else sorted(list(p.rglob("*.ttgir")) + list(p.rglob("*.mlir")))
    jobs = [(f, c) for f in files for c in a.commands.split(",")]
    res = {}
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        for (f, c), r in zip(jobs, ex.map(lambda j: run_one(a.tscope, j[0], j[1], a.timeout), jobs)):
            res.setdefault(str(f), {})[c] = r
    pathlib.Path(a.out).write_text(json.dumps(res, indent=1, sort_keys=True))
    print(f"{len(files)} files x {len(a.commands.split(','))} commands -> {a.out}")


def compare(a):
    old = json.loads(pathlib.Path(a.old).read_text())
    new = json.loads(pathlib.Path(a.new).read_text())
    counts = {"rc": 0, "verdict": 0, "finding": 0, "col": 0, "wording": 0}
    for f in sorted(set(old) | set(new)):
        for c in sorted(set(old.get(f, {})) | set(new.get(f, {}))):
            o, n = old.get(f, {}).get(c, {}), new.get(f, {}).get(c, {})
            tag = f"{f} [{c}]"
            if o.get("rc") != n.get("rc"):
                counts["rc"] += 1
                print(f"RC       {tag}: {o.get('rc')} -> {n.get('rc')}")
            if o.get("verdicts") != n.get("verdicts"):
                counts["verdict"] += 1
                print(f"VERDICT  {tag}: {sorted(set(o.get('verdicts', [])) - set(n.get('verdicts', [])))[:4]}"
                      f" -> {sorted(set(n.get('verdicts', [])) - set(o.get('verdicts', [])))[:4]}")
            key = lambda fs: sorted(tuple(x[:3]) for x in fs)
            of, nf = o.get("findings", []), n.get("findings", [])
            if key(of) != key(nf):
                counts["finding"] += 1
                print(f"FINDING  {tag}: -{sorted(set(key(of)) - set(key(nf)))[:4]} +{sorted(set(key(nf)) - set(key(of)))[:4]}")
            elif [x[3] for x in sorted(of)] != [x[3] for x in sorted(nf)]:
                counts["col"] += 1
                if a.verbose:
                    print(f"COL      {tag}")
            elif sorted(x[4] or "" for x in of) != sorted(x[4] or "" for x in nf):
                counts["wording"] += 1
                if a.verbose:
                    print(f"WORDING  {tag}")
    print("changed:", ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 1 if counts["rc"] or counts["verdict"] or counts["finding"] else 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    s = sub.add_parser("snapshot")
    s.add_argument("--tscope", default="build/src/tscope")
    s.add_argument("--commands", default=",".join(COMMANDS))
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--timeout", type=int, default=30)
    s.add_argument("out")
    s.add_argument("paths", nargs="+")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    c.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    return snapshot(a) if a.what == "snapshot" else compare(a)


if __name__ == "__main__":
    sys.exit(main() or 0)
