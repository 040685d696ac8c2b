#!/usr/bin/env python3
"""Old against new tscope on `tscope parse FILE`: CPU time (user + sys), wall
time and peak RSS from wait4, runs interleaved (bench/table.py's measure),
medians. The new binary also runs with TSCOPE_THREADS=1 (its serial parse).
MB/s from CPU time is what one core does; MB/s from wall time is what the
parallel parse improves (on an idle machine).

usage: parse_old_new.py OLD NEW FILE... [--runs N] [--threads 2,4,...]
(--threads adds rows for the new binary under TSCOPE_THREADS=n)
"""
import argparse
import os
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from table import measure  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--threads", default="")
    a = ap.parse_args()
    print(f"{'input':<16} {'binary':<11} {'MB/s cpu':>9} {'MB/s wall':>10} {'cpu s':>7} {'wall s':>7} {'RSS/input':>9}")
    for f in a.files:
        mb = os.path.getsize(f) / 1e6
        cmds = {
            "old": ([a.old, "parse", f], None),
            "new": ([a.new, "parse", f], None),
            "new serial": (["env", "TSCOPE_THREADS=1", a.new, "parse", f], None),
        }
        for t in filter(None, a.threads.split(",")):
            cmds[f"new T={t}"] = (["env", f"TSCOPE_THREADS={t}", a.new, "parse", f], None)
        res = measure(cmds, a.runs)
        for n, (cpu, rss, wall) in res.items():
            print(f"{pathlib.Path(f).name:<16} {n:<11} {mb / cpu:>9.1f} {mb / wall:>10.1f} {cpu:>7.3f} {wall:>7.3f} "
                  f"{rss / (mb * 1e6):>8.2f}x")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
