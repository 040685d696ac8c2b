#!/usr/bin/env python3
"""The cost of `tscope passes LOG --check` on a real pass log, a build against
a peer build side by side (docs/PassCheck.md, "Cost").

    bench/passcheck_cost.py LOG [--tscope build/src/tscope] [--peer OLD_TSCOPE]
                            [--twice] [--runs 1] [-- EXTRA tscope ARGS...]

LOG: an MLIR_ENABLE_DUMP=1 log of our kernels (`tools/passcheck/make_logs.py`
makes one from pip Triton's CPU compiles for sm_90 and sm_100: 1,042 dumps,
72 MB). --twice also runs the log concatenated with itself (what recompiling
every autotune configuration gives: the second copy is shared by content
hash). Each run: wall and CPU seconds and peak RSS (os.wait4), the timeline's
rows and distinct IR texts, the checking CPU summed over threads (`--timing`).
With --peer, the same rows for the peer binary and the ratio peer / build.
Not a test: it measures and asserts nothing. The issue's target: a ~130 MB
log of ~1,000 snapshots in under 30 s on 2 cores."""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time


def run(binary, log, extra):
    t0 = time.monotonic()
    p = subprocess.Popen([binary, "passes", log, "--check", "--timing", *extra], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{binary} passes {log} --check exited {code}:\n{err[-2000:]}")
    m = re.search(r"check [0-9.]+ ms \((\d+) snapshots, (\d+) distinct checked, ([0-9.]+) ms of checking", err)
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "rss": ru.ru_maxrss / 1024,
            "rows": int(m.group(1)) if m else 0, "distinct": int(m.group(2)) if m else 0,
            "checking": float(m.group(3)) / 1000 if m else 0.0}


def best(binary, log, extra, runs):
    rs = [run(binary, log, extra) for _ in range(runs)]
    return min(rs, key=lambda r: r["wall"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--tscope", default=os.path.join(os.path.dirname(__file__), "..", "build", "src", "tscope"))
    ap.add_argument("--peer")
    ap.add_argument("--twice", action="store_true")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("extra", nargs="*")
    a = ap.parse_args()
    logs = [(a.log, os.path.getsize(a.log))]
    tmp = None
    if a.twice:
        tmp = tempfile.NamedTemporaryFile(suffix=".log", delete=False)
        with open(a.log, "rb") as f:
            data = f.read()
        tmp.write(data + data)
        tmp.close()
        logs.append((tmp.name, 2 * len(data)))
    try:
        print(f"{'log':>10} {'binary':<8} {'rows':>5} {'distinct':>8} {'wall s':>7} {'CPU s':>7} {'check CPU s':>11} "
              f"{'peak MB':>8} {'ms/row':>7}")
        for path, size in logs:
            mine = best(a.tscope, path, a.extra, a.runs)
            rows = [("build", mine)]
            if a.peer:
                rows.append(("peer", best(a.peer, path, a.extra, a.runs)))
            for name, r in rows:
                per = 1000 * r["cpu"] / r["rows"] if r["rows"] else 0
                print(f"{size / 1e6:>8.1f}MB {name:<8} {r['rows']:>5} {r['distinct']:>8} {r['wall']:>7.2f} "
                      f"{r['cpu']:>7.2f} {r['checking']:>11.2f} {r['rss']:>8.0f} {per:>7.1f}")
            if a.peer:
                p = rows[1][1]
                print(f"{'':>10} {'peer/build':<8} wall {p['wall'] / mine['wall']:.2f}x, CPU "
                      f"{p['cpu'] / mine['cpu']:.2f}x, peak RSS {p['rss'] / mine['rss']:.2f}x")
    finally:
        if tmp:
            os.unlink(tmp.name)


if __name__ == "__main__":
    main()
