#!/usr/bin/env python3
"""Model checking at real-kernel scale: `tscope deadlock` and `tscope races` on each
warp-specialized fixture with its loop bound to 1, 2, 4, 8, 64, 1024 and 2^20 trips.

    bench/model_scale.py [--tscope build/src/tscope] [--timeout 30] [--mem-mb 8000]
                         [--trips 1,2,4,8,64,1024,1048576] [--checks deadlock,races]
                         [--fixtures a,b,...] [--no-none] [--skip-after-timeout]
                         [--reduction both|on|off]

Not a timed test: it measures, it asserts nothing. Per fixture:

1. The trip argument. Every integer argument of the kernel's public tt.func (the SSA
   name, e.g. %K, %N_CTX, %a_desc_0) is a candidate. `tscope interp` runs the kernel
   with all of them bound to 1 and counts the events of every process (the default
   region and each partition, per fork); then each candidate alone is raised until the
   counts change at v1 and change again at v2: the unit is u = v2 - v1, one more trip
   every u (K with BLOCK_K = 64 gives u = 64 whether the kernel takes cdiv(K, 64) or
   K // 64 trips; a plain range(n) gives u = 1). The candidate with the smallest unit
   is the trip argument; binding it to T * u makes that loop run T trips. Kernels that read tt.get_num_programs get
   `--grid 1` (one program walks every tile). A kernel whose count no integer argument
   changes (a loop bound set by constexprs or by tt.program_id only) has no trip
   argument: only its `none` row is run.
2. For each check and each T: `tscope CHECK --format json --arg %TRIP=T*u --arg
   %OTHER=1 ...` (the other integer arguments bound to 1, so tscope tries one binding,
   not its sweep of 1..256), in its own process group, with RLIMIT_AS set to --mem-mb
   and killed after --timeout seconds. Peak RSS is the child's ru_maxrss (os.wait4).
3. The `none` row: the same check with no --arg and no --grid, as a user runs it first.

The table: fixture, check, trips (`none` = no binding), binding, verdict, states (the sum
of "states" over the JSON runs), wall seconds, peak RSS in MB. With --reduction both (the
default) every run is made twice, with the partial-order reduction (tscope's default) and
with --no-reduction (docs/Deadlock.md, "Fewer interleavings"), side by side: states,
wall seconds and peak MB of each and the full search's figure over the reduced one
(`x`); a verdict that differs is shown as `reduced/full`. --reduction on|off runs one
of the two. A run that passes the
timeout is `timeout`; one that hits the memory limit (std::bad_alloc, or killed) is
`oom`; any other failure is `crash (rc N)` or `no-json`; the table never stops on one.
The reasons of `unknown` verdicts follow the table, one line per distinct reason.
--skip-after-timeout skips a fixture/check's larger trip counts after a timeout or oom
(`skipped`), to keep a run short.
"""
import argparse
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TRIPS = [1, 2, 4, 8, 64, 1024, 1 << 20]
# The warp-specialized fixtures: ours for model scale, and the older WS kernels.
DEFAULT_FIXTURES = [
    "tl_attn_ws_sm100", "tl_attn_ws_causal_sm100", "gluon_attn_fwd_sm100", "tl_matmul_tiles_ws_sm100",
    "gluon_bw_tcgen05_sm100", "tl_persistent_matmul_ws", "tl_persistent_matmul_ws_sm100",
]
WS_GLOBS = ("gluon_ws_", "zoo_persistent")
FUNC_RE = re.compile(r"tt\.func public @\w+\((.*?)\)\s*(?:attributes|\{)", re.S)
INT_ARG_RE = re.compile(r"(%[\w$.-]+): i(?:32|64)\b")
INTERP_LINE_RE = re.compile(r"^(@\S+): (\w+), (\d+) events", re.M)


def default_fixtures(fixtures_dir):
    names = list(DEFAULT_FIXTURES)
    for d in sorted(os.listdir(fixtures_dir)):
        if d.startswith(WS_GLOBS) and os.path.exists(os.path.join(fixtures_dir, d, "kernel.ttgir")):
            names.append(d)
    return [n for n in names if os.path.exists(os.path.join(fixtures_dir, n, "kernel.ttgir"))]


def int_args(ttgir_text):
    m = FUNC_RE.search(ttgir_text)
    return INT_ARG_RE.findall(m.group(1)) if m else []


def interp_events(tscope, ttgir, binding, grid):
    """Total events over all processes, or None when a process did not finish."""
    cmd = [tscope, "interp", ttgir] + [f"--arg={k}={v}" for k, v in binding.items()]
    if grid:
        cmd.append("--grid=1")
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60, text=True)
    except subprocess.TimeoutExpired:
        return None
    lines = INTERP_LINE_RE.findall(r.stdout)
    if r.returncode != 0 or not lines or any(status != "done" for _, status, _ in lines):
        return None
    return tuple(int(n) for _, _, n in lines)


def find_trip_arg(tscope, ttgir, args, grid, limit=1 << 22):
    """(arg, unit) with the smallest unit, or (None, None)."""
    base = {a: 1 for a in args}
    ref = interp_events(tscope, ttgir, base, grid)
    if ref is None:
        return None, None
    best = (None, None)
    for a in args:
        def events(v, a=a):
            return interp_events(tscope, ttgir, dict(base, **{a: v}), grid)

        def next_change(start, at_start):
            """The least v > start whose event counts differ from at_start, or None."""
            step = 1
            while start + step <= limit and events(start + step) in (at_start, None):
                step *= 2
            if start + step > limit:
                return None
            lo, hi = start + step // 2, start + step
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if events(mid) in (at_start, None):
                    lo = mid
                else:
                    hi = mid
            return hi

        c1 = next_change(1, ref)
        if c1 is None:
            continue
        c2 = next_change(c1, events(c1))
        if c2 is None:
            continue
        unit = c2 - c1  # the period: one more trip every `unit`
        if best[1] is None or unit < best[1]:
            best = (a, unit)
    return best


def run_check(cmd, timeout, mem_mb):
    """(verdict, states, reason, wall_s, peak_mb) for one tscope run; never raises."""
    def limits():
        if mem_mb:
            resource.setrlimit(resource.RLIMIT_AS, (mem_mb << 20, mem_mb << 20))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=out, stderr=err, preexec_fn=limits, start_new_session=True)
        timed_out = False
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - t0 > timeout:
                timed_out = True
                os.killpg(p.pid, signal.SIGKILL)  # the child's own process group
                pid, status, ru = os.wait4(p.pid, 0)
                break
            time.sleep(0.01)
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        peak_mb = ru.ru_maxrss / 1024
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read().decode(errors="replace")
    if timed_out:
        return "timeout", None, f"killed after {timeout:g} s", wall, peak_mb
    rc = p.returncode
    if "bad_alloc" in stderr or (rc < 0 and -rc == signal.SIGKILL):
        return "oom", None, stderr.strip().splitlines()[-1] if stderr.strip() else f"rc {rc}", wall, peak_mb
    try:
        doc = json.loads(stdout)
    except ValueError:
        tail = stderr.strip().splitlines()[-1] if stderr.strip() else ""
        return (f"crash (rc {rc})" if rc not in (0, 1) else "no-json"), None, tail, wall, peak_mb
    verdicts, reasons, states = [], [], 0
    for k in doc.get("kernels", []):
        verdicts.append(k.get("verdict", "?"))
        if k.get("reason"):
            reasons.append(k["reason"])
        for r in k.get("runs", []):
            states += r.get("states") or 0
    verdict = "/".join(sorted(set(verdicts))) or "no-kernel"
    return verdict, states, "; ".join(reasons), wall, peak_mb


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tscope", default=os.environ.get("TSCOPE", os.path.join(ROOT, "build", "src", "tscope")))
    ap.add_argument("--fixtures-dir", default=os.path.join(ROOT, "tests", "fixtures"))
    ap.add_argument("--fixtures", help="comma-separated fixture names (default: the WS fixtures)")
    ap.add_argument("--checks", default="deadlock,races")
    ap.add_argument("--trips", default=",".join(map(str, DEFAULT_TRIPS)))
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per run (default 30)")
    ap.add_argument("--mem-mb", type=int, default=8000, help="address-space limit per run in MB (default 8000)")
    ap.add_argument("--no-none", action="store_true", help="leave out the `none` rows (no binding at all)")
    ap.add_argument("--skip-after-timeout", action="store_true",
                    help="after a timeout or oom, skip that fixture/check's larger trip counts")
    ap.add_argument("--reduction", choices=("both", "on", "off"), default="both",
                    help="with the partial-order reduction, without it (--no-reduction), or both side by side")
    args = ap.parse_args()
    both = args.reduction == "both"

    names = args.fixtures.split(",") if args.fixtures else default_fixtures(args.fixtures_dir)
    trips = [int(t) for t in args.trips.split(",")]
    checks = args.checks.split(",")
    rows, reasons = [], {}
    header = ("fixture", "check", "trips", "binding", "verdict", "states", "wall s", "peak MB")
    if both:
        header = ("fixture", "check", "trips", "binding", "verdict", "states", "full", "x", "wall s", "full", "x",
                  "peak MB", "full", "x")
    print(f"tscope: {args.tscope}; timeout {args.timeout:g} s, address-space limit {args.mem_mb} MB per run",
          flush=True)
    for name in names:
        ttgir = os.path.join(args.fixtures_dir, name, "kernel.ttgir")
        text = open(ttgir).read()
        grid = "tt.get_num_programs" in text
        iargs = int_args(text)
        trip_arg, unit = find_trip_arg(args.tscope, ttgir, iargs, grid)
        for check in checks:
            plan = [] if args.no_none else [("none", [], "-")]
            if trip_arg:
                for t in trips:
                    bind = [f"--arg={a}={t * unit if a == trip_arg else 1}" for a in iargs]
                    label = f"{trip_arg}={unit}*T" + (" others=1" if len(iargs) > 1 else "") + (" grid=1" if grid
                                                                                               else "")
                    plan.append((str(t), bind + (["--grid=1"] if grid else []), label))
            elif not args.no_none:
                plan[0] = ("none", [], "- (no integer argument sets a trip count)")
            skipping = False
            for t, extra, label in plan:
                if skipping and t != "none":
                    row = (name, check, t, label, "skipped") + ("",) * (len(header) - 5)
                else:
                    cmd = [args.tscope, check, "--format", "json", ttgir] + extra
                    modes = {"both": [[], ["--no-reduction"]], "on": [[]], "off": [["--no-reduction"]]}
                    res = []
                    for mode in modes[args.reduction]:
                        verdict, states, reason, wall, peak = run_check(cmd + mode, args.timeout, args.mem_mb)
                        if verdict in ("timeout", "oom") and t != "none" and args.skip_after_timeout:
                            skipping = True
                        if reason and verdict not in ("timeout",):
                            reasons.setdefault(reason, []).append(f"{name}/{check}/{t}" + (" (full)" if mode else ""))
                        res.append((verdict, states, wall, peak))
                    verdict, states, wall, peak = res[0]
                    row = (name, check, t, label, verdict, "" if states is None else str(states), f"{wall:.2f}",
                           f"{peak:.0f}")
                    if both:
                        fv, fs, fw, fp = res[1]

                        def ratio(full, reduced):
                            return f"{full / reduced:.1f}" if full is not None and reduced else ""

                        row = (name, check, t, label, verdict if fv == verdict else f"{verdict}/{fv}",
                               "" if states is None else str(states), "" if fs is None else str(fs),
                               ratio(fs, states), f"{wall:.2f}", f"{fw:.2f}", ratio(fw, wall), f"{peak:.0f}",
                               f"{fp:.0f}", ratio(fp, peak))
                rows.append(row)
                print("  " + " | ".join(row), file=sys.stderr, flush=True)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |")
    if reasons:
        print("\nReasons given (unknown / oom / crash):")
        for reason, where in reasons.items():
            shown = ", ".join(where[:4]) + (f", ... ({len(where)} runs)" if len(where) > 4 else "")
            print(f"- {reason[:300]}  [{shown}]")


if __name__ == "__main__":
    main()
