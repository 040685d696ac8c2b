"""Compares tscope's expected-GPU-outcome line with what the GPU did, for every
fixture that ran on a GPU (FIXTURE.md's "What happened" line).

usage: expected_gpu.py TSCOPE FIXTURES_DIR [--only NAME,...] [--no-args]

The expected outcome is `tscope check`'s per kernel (`kernels[].expected_gpu`
of its JSON): the barrier model's line, completed by the other analyses'
errors that say what they do on the GPU (a store split between partitions into
slices that do not tile it: "wrong results or a fault"; an in-order race).

Each fixture is checked at its recorded launch: the integer arguments of the
Launch line that are kernel arguments of its kernel.ttgir become --arg, the
grid becomes --grid; with --no-args, as a user runs it first, with neither
(every integer argument unbound: the sweep and the proof's witness runs
decide). Prints one row per fixture: name, GPU outcome class,
tscope's verdict and expected outcome, and whether the two agree; the last
line counts agreements. An expected outcome that depends on the inputs
("hang ...; at the inputs of the runs that reach it (...), while the runs at
... finish": a sweep over unbound inputs where some finish) agrees when the
GPU did the same at its launch; when the GPU finished instead, the row is
`dep` (consistent: the launch's inputs were not given) and counted apart."""
import json
import re
import subprocess
import sys
from pathlib import Path


def gpu_class(text):
    t = text.lower()
    if t.startswith("hang"):
        return "hang"
    if "cuda-error" in t or "cuda error" in t or "illegal" in t:
        return "fault"
    if "wrong result" in t:
        return "wrong"
    if t.startswith("correct"):
        return "correct"
    return None


def expected_class(text):
    if not text:
        return "unclassified"
    if text.startswith("hang or wrong results"):
        return "hang-or-wrong"
    if text.startswith("hang") and "a fault or corrupted data may come first" in text:
        return "hang-or-fault"
    if text.startswith("hang"):
        return "hang"
    if text.startswith("fault"):
        return "fault"
    if text.startswith("wrong results or a fault"):
        return "wrong-or-fault"
    if text.startswith("wrong results"):
        return "wrong"
    if text.startswith("finishes"):
        return "correct"
    if text.startswith("usually finishes"):
        return "finishes"
    return "unclassified"


def agree(gpu, exp):
    if gpu == exp:
        return True
    # A kernel that finishes with wrong results: tscope says it finishes.
    if gpu in ("wrong", "correct") and exp in ("finishes", "correct"):
        return True
    # A hang that needs one partition to fall a whole phase behind (`drift`):
    # the GPU hangs or gives wrong results by the partitions' relative speed,
    # which tscope does not know; never a fault, never "correct".
    if exp == "hang-or-wrong" and gpu in ("hang", "wrong"):
        return True
    # A split store that misses rows and writes past its tile (lint).
    if exp == "wrong-or-fault" and gpu in ("wrong", "fault"):
        return True
    # A hang whose TMA copies also write past their buffers: the stray bytes
    # may fault or corrupt data before the hang shows; never "correct".
    return exp == "hang-or-fault" and gpu in ("hang", "fault", "wrong")


def main():
    tscope, root = sys.argv[1], Path(sys.argv[2])
    only = None
    if "--only" in sys.argv:
        only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    rows, ok = [], 0
    for d in sorted(root.iterdir()):
        fx, ir = d / "FIXTURE.md", d / "kernel.ttgir"
        if not fx.exists() or not ir.exists() or (only and d.name not in only):
            continue
        md = fx.read_text()
        what = re.search(r"^- What happened: (.*)$", md, re.M)
        if what and what.group(1).startswith("compiled"):
            # A CPU build of a kernel whose GPU run is recorded in its note
            # ("H200 run of this kernel (...): hang at run 1 ...").
            what = re.search(r"H[12]00 run of this kernel \([^)]*\): ([^.]*)", md)
        launch = re.search(r"^- Launch: (.*)$", md, re.M)
        if not what or not launch or gpu_class(what.group(1)) is None:
            continue
        sig = ir.read_text()
        args = []
        for name, value in re.findall(r"\b([A-Za-z_]\w*)=(-?\d+)(?![\w./])", launch.group(1)):
            if re.search(r"%" + re.escape(name) + r"\b\s*:", sig):
                args += ["--arg", f"{name}={value}"]
        grid = re.search(r"grid=\(([\d, ]+)\)", launch.group(1))
        if grid:
            args += ["--grid", ",".join(x.strip() for x in grid.group(1).split(",") if x.strip())]
        elif "grid=(NUM_SMS" in launch.group(1):
            args += ["--grid", "132"]  # the H200's SM count
        if "--no-args" in sys.argv:
            args = []
        if d.name.startswith("tma_"):
            # A TMA copy's fault or zero-fill is `tscope tma`'s verdict, not the barrier model's.
            rows.append((d.name, gpu_class(what.group(1)), "-", "n/a: judged by tscope tma", None))
            continue
        r = subprocess.run([tscope, "check", "--format", "json", str(ir)] + args, capture_output=True,
                           text=True, timeout=1200)
        try:
            doc = json.loads(r.stdout)
        except json.JSONDecodeError:
            rows.append((d.name, gpu_class(what.group(1)), "error", r.stderr.strip()[:80], False))
            continue
        f = doc["files"][0] if doc.get("files") else {}
        ks = f.get("kernels", [])
        k = ks[0] if ks else {}
        exp = k.get("expected_gpu") or ""
        verdict = "?"
        for a in f.get("analyses", []):
            if a["name"] == "deadlock" and a["verdicts"]:
                verdict = a["verdicts"][0].split(": ", 1)[-1].split(" ")[0]
        g = gpu_class(what.group(1))
        e = expected_class(exp)
        good = agree(g, e)
        if not good and "a launch at other inputs may finish" in exp and agree(g, "correct"):
            good = "dep"
        ok += good is True
        rows.append((d.name, g, verdict, exp or "-", good))
    judged = [r for r in rows if r[4] is not None]
    dep = sum(1 for r in rows if r[4] == "dep")
    for name, g, v, exp, good in rows:
        mark = "n/a " if good is None else "dep " if good == "dep" else "ok  " if good else "DIFF"
        print(f"{mark} {name:32} gpu={g:8} tscope={v:12} expected: {exp}")
    print(f"{ok} of {len(judged)} GPU fixtures: expected outcome agrees with the GPU"
          + (f", {dep} depend on the inputs and the GPU finished at its launch's" if dep else "")
          + f" ({len(rows) - len(judged)} TMA fixtures left to tscope tma)")


if __name__ == "__main__":
    main()
