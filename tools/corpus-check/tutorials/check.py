"""Runs `tscope check` on every kernel drive.sh dumped from Triton's tutorials
and compares its expected-GPU line with what the GPU did (README.md).

usage: check.py TSCOPE DUMPS_DIR      (DUMPS_DIR: dumps.tgz unpacked)

A case's GPU outcome comes from its log (none for a case compiled for another
GPU, `sm100_...`: its verdicts are listed, not judged): a gluon tutorial file whose tests
all passed (failures that are compile errors raised in Python before any
launch do not count) ran every kernel it dumped correctly; a tl case prints
`RESULT ... correct|wrong`; rc 124 is a hang. One row per kernel: case,
kernel, GPU outcome, tscope's expected outcome, agreement, CPU seconds and
peak MB of its `check`; the last lines count agreements and sum the cost."""
import json
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from expected_gpu import agree, expected_class  # noqa: E402

COMPILE_ERRORS = ("CompilationError", "AttributeError", "TypeError", "NotImplementedError")


def gpu_outcome(log: Path, rc: int):
    if re.match(r"sm\d+_", log.name):
        return None  # compiled for another GPU (drive.sh TSCOPE_FAKE_CC): no run
    text = log.read_text(errors="replace") if log.exists() else ""
    if rc == 124:
        return "hang"
    m = re.search(r"^RESULT \S+ rel_err=\S+ (correct|wrong)$", text, re.M)
    if m:
        return m.group(1)
    if "passed" not in text:
        return None  # nothing ran
    failed = re.findall(r"^FAILED \S+ - (\w[\w.]*)", text, re.M)
    if any(not f.split(".")[-1].startswith(COMPILE_ERRORS) for f in failed):
        return "wrong"
    return "correct"


def main():
    tscope, root = sys.argv[1], Path(sys.argv[2])
    rcs = {}
    rc_file = root / "rc.txt"
    for line in rc_file.read_text().splitlines() if rc_file.exists() else []:
        name, rc = line.rsplit(" rc=", 1)
        rcs[name] = int(rc)
    rows, cpu, peak = [], 0.0, 0
    for case in sorted(p for p in root.iterdir() if p.is_dir()):
        gpu = gpu_outcome(root / f"{case.name}.log", rcs.get(case.name, 0))
        for ir in sorted(case.rglob("*.ttgir")):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.time()
            r = subprocess.run([tscope, "check", "--format", "json", str(ir)], capture_output=True, text=True,
                               timeout=1200)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            secs = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            cpu += secs
            peak = max(peak, after.ru_maxrss)
            try:
                f = json.loads(r.stdout)["files"][0]
                k = f["kernels"][0]
                exp = k.get("expected_gpu") or ""
                name = k.get("name", ir.stem)
            except (json.JSONDecodeError, KeyError, IndexError):
                rows.append((case.name, ir.parent.name[:8], ir.stem, gpu, "error: " + r.stderr.strip()[:60], False,
                             secs, time.time() - t0))
                continue
            good = None if gpu is None else agree(gpu, expected_class(exp))
            rows.append((case.name, ir.parent.name[:8], name, gpu, exp, good, secs, time.time() - t0))
    for case, h, name, gpu, exp, good, secs, wall in rows:
        mark = "n/a " if good is None else "ok  " if good else "DIFF"
        print(f"{mark} {case:28} {h} {name:40} gpu={str(gpu):8} {secs:6.2f} s  expected: {exp[:70]}")
    judged = [r for r in rows if r[5] is not None]
    print(f"{sum(1 for r in judged if r[5])} of {len(judged)} kernels: tscope's expected outcome agrees with the GPU "
          f"({len(rows) - len(judged)} without a GPU outcome)")
    print(f"check: {cpu:.1f} s CPU in all, the slowest kernel {max((r[6] for r in rows), default=0):.2f} s, "
          f"peak {peak / 1024:.0f} MB (the largest one check)")


if __name__ == "__main__":
    main()
