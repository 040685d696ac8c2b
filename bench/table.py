#!/usr/bin/env python3
"""The parse-speed table of docs/Performance.md in one run.

Times each command RUNS times, interleaved (run 1 of every command, then run 2,
...) so a busy machine slows them alike, and reports medians. Two clocks: CPU
time (user + system, from wait4) is the main figure, because on a shared,
overloaded machine wall time mostly measures waiting for a core; wall time is
printed too (`tscope passes` runs on all cores: its CPU time is the sum over
threads, so for it wall time on an idle machine is the figure that counts).
Peak RSS comes from wait4() on the same runs (the largest seen).

  generic   tscope parse on a generic-form module (make_input.py), against
            mlir-opt-22 (fewer runs: it is slow), the generic line-regex scan
            and wc -l
  pretty    tscope parse on the fixtures as Triton writes them, one
            `// -----` chunk per copy (make_input.py --pretty), against the
            pretty line-regex scan and wc -l (mlir-opt cannot read pretty
            Triton ops: their dialects are not registered in it)
  passes    tscope passes on a pass log of real compiles of our own kernels,
            no compile repeated (make_pass_log.py), against wc -l

usage: table.py TSCOPE WORKDIR [--mb N] [--runs N] [--pass-log PATH] [--skip-mlir]
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def run_once(cmd):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t0
    rc = os.waitstatus_to_exitcode(status)
    return dt, ru.ru_utime + ru.ru_stime, ru.ru_maxrss * 1024, rc


def measure(cmds, runs, ok_codes=(0,)):
    """cmds: name -> (argv, runs or None). Returns name -> (median cpu s, peak rss, median wall s)."""
    wall = {n: [] for n in cmds}
    cpu = {n: [] for n in cmds}
    rss = {n: 0 for n in cmds}
    for n, (argv, _) in cmds.items():  # warm the page cache, check it runs
        *_, rc = run_once(argv)
        if rc not in ok_codes:
            sys.exit(f"{n}: exit {rc}: {' '.join(argv)}")
    for r in range(runs):
        for n, (argv, own) in cmds.items():
            if own is not None and r >= own:
                continue
            dt, ct, peak, _ = run_once(argv)
            wall[n].append(dt)
            cpu[n].append(ct)
            rss[n] = max(rss[n], peak)
    return {n: (statistics.median(cpu[n]), rss[n], statistics.median(wall[n])) for n in cmds}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tscope")
    ap.add_argument("work")
    ap.add_argument("--mb", type=float, default=60)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--pass-log")
    ap.add_argument("--pass-log-mb", type=float, default=110)
    ap.add_argument("--skip-mlir", action="store_true")
    a = ap.parse_args()
    work = pathlib.Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    fixtures = ROOT / "tests" / "fixtures"
    gen, pre = work / "generic.mlir", work / "pretty.mlir"
    for path, extra in ((gen, []), (pre, ["--pretty"])):
        if not path.exists() or path.stat().st_size < a.mb * 1e6 * 0.99:
            subprocess.run([sys.executable, str(HERE / "make_input.py"), *extra, a.tscope, str(fixtures),
                            str(path), str(a.mb)], check=True, stdout=subprocess.DEVNULL)
    log = pathlib.Path(a.pass_log) if a.pass_log else work / "passes.log"
    if not log.exists():
        py = ROOT / ".venv" / "bin" / "python"
        subprocess.run([str(py if py.exists() else sys.executable), str(HERE / "make_pass_log.py"), str(log),
                        str(a.pass_log_mb)], check=True, stdout=subprocess.DEVNULL)
    rx = [sys.executable, str(HERE / "regex_scan.py")]
    mlir = ["mlir-opt-22", "--allow-unregistered-dialect", "-o", "/dev/null", str(gen)]
    g_cmds = {"tscope": ([a.tscope, "parse", str(gen)], None),
              "regex": (rx + [str(gen)], None),
              "wc -l": (["wc", "-l", str(gen)], None)}
    if not a.skip_mlir:
        g_cmds["mlir-opt-22"] = (mlir, 2)
    g = measure(g_cmds, a.runs)
    p = measure({"tscope": ([a.tscope, "parse", str(pre)], None),
                 "regex": (rx + ["--pretty", str(pre)], None),
                 "wc -l": (["wc", "-l", str(pre)], None)}, a.runs)
    ps = measure({"tscope passes": ([a.tscope, "passes", str(log)], None),
                  "wc -l": (["wc", "-l", str(log)], None)}, a.runs, ok_codes=(0, 1))

    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} cores, load average {load:.1f} at the end; medians of {a.runs} interleaved runs "
          f"(mlir-opt: at most 2); MB/s from CPU time (user+sys), wall-clock MB/s in brackets")
    print(f"{'measure':<34} {'tscope':>22} {'peer':>34} {'tscope/peer':>12}")

    def row(label, nbytes, res, peer):
        t = nbytes / res["tscope"][0] / 1e6
        v = nbytes / res[peer][0] / 1e6
        tw = nbytes / res["tscope"][2] / 1e6
        vw = nbytes / res[peer][2] / 1e6
        print(f"{label:<34} {t:8.1f} MB/s [{tw:7.1f}] {peer + ':':>13} {v:7.1f} MB/s [{vw:7.1f}] {t / v:11.2f}x")

    gb, pb, lb = gen.stat().st_size, pre.stat().st_size, log.stat().st_size
    for peer in ([] if a.skip_mlir else ["mlir-opt-22"]) + ["regex", "wc -l"]:
        row(f"parse, generic, {gb / 1e6:.0f} MB", gb, g, peer)
    for peer in ("regex", "wc -l"):
        row(f"parse, pretty, {pb / 1e6:.0f} MB", pb, p, peer)
    print(f"{'peak RSS / input, generic':<34} {g['tscope'][1] / gb:10.2f}x  "
          + ("" if a.skip_mlir else f"{'mlir-opt-22:':>13} {g['mlir-opt-22'][1] / gb:7.2f}x"))
    print(f"{'peak RSS / input, pretty':<34} {p['tscope'][1] / pb:10.2f}x")
    for clock, k in (("CPU", 0), ("wall", 2)):
        tp, tw = ps["tscope passes"][k], ps["wc -l"][k]
        print(f"{'passes, ' + f'{lb / 1e6:.0f} MB real log, ' + clock:<34} {tp:10.3f} s {'':>10} {'wc -l:':>13} "
              f"{tw:7.3f} s {'':>9} {tp / tw:11.2f}x")


if __name__ == "__main__":
    main()
