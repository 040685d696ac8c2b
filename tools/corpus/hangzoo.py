#!/usr/bin/env python3
"""Hang zoo: variants of one small Gluon warp-specialized kernel, for `tscope deadlock`.

Kernel: y[R, C] = 2 * x[R, C] + 1 (fp32).  A strip is BR rows; a program walks a strip
in n_k = C // BC column tiles.  A 1-warp worker partition (the producer) TMA-loads tiles
into a STAGES-slot SMEM ring (`ready` mbarriers with expect-tx); the default partition
(4 warps, the consumer) waits `ready`, reads the tile, arrives on `empty`, stores y.
With PERSIST the grid is smaller than the number of strips and each program loops over
strips pid, pid + nprog, ... around the k loop; the ring counter runs across strips.

V selects the variant (all constexpr; written for tscope, not taken from Triton):
  0 OK              correct pipeline (producer waits `empty` with ((it // S) & 1) ^ 1)
  1 REDUNDANT       the producer waits `empty` twice with the same parity (benign)
  2 MISSING_ARRIVE  the consumer never arrives on `empty`: the producer hangs once the ring wraps
  3 WRONG_PHASE     the producer's `empty` parity lacks the ^1: its first wait, parity 0 of a
                    fresh barrier, needs a release the consumer cannot give yet
  4 INIT2           `empty` is initialised with count 2, the consumer arrives once per phase
  5 EXPECT_MORE     barrier_expect(ready, 2 * tile bytes), the TMA delivers one tile
  6 CYCLE           handshake before the loop: each side first waits for the other's arrive
  7 HANDSHAKE_OK    as 6, but the producer arrives before it waits (correct)
  8 OVERWAIT        after its loop the consumer waits ready[0] for parity 0 again; slot 0
                    completed an even number (>= 2) of phases, so the current phase has
                    parity 0 and the wait needs a further fill that never comes
  9 DRAIN_OK        after its loop the consumer waits each slot with the parity of that
                    slot's last fill (correct)
 10 RESTART         persistent: both sides restart the ring counter at every strip; with a
                    ring depth that does not divide the loads per strip, the slots' phases
                    alias across strips (a wait passes on an old phase)

    python3 tools/corpus/hangzoo.py --gpu --out DIR [--cases a,b] [--hang-timeout 20] [--jobs 8]
    .venv/bin/python tools/corpus/hangzoo.py --cpu-only --out DIR [--cases a,b]
Each case gets DIR/zoo_<name>/{kernel.ttgir, outcome.json, FIXTURE.md}.
"""
import argparse
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from triton.experimental import gluon  # noqa: E402
from triton.experimental.gluon import language as gl  # noqa: E402
from triton.experimental.gluon.language.nvidia.hopper import tma, mbarrier, fence_async_shared  # noqa: E402

R, C = 256, 1024
BR, BC = 32, 128
NUM_WARPS = 4
N_STRIPS = R // BR      # 8
N_K = C // BC           # 8 tiles per strip
PERSIST_GRID = 2        # persistent: 2 programs, 4 strips each

OK, REDUNDANT, MISSING_ARRIVE, WRONG_PHASE, INIT2, EXPECT_MORE, CYCLE, HANDSHAKE_OK, OVERWAIT, DRAIN_OK, RESTART = \
    range(11)


@gluon.jit
def zoo_producer(x_desc, ring, ready, empty, hs, n_strips, n_k, V: gl.constexpr, STAGES: gl.constexpr,
                 PERSIST: gl.constexpr):
    BR: gl.constexpr = x_desc.block_type.shape[0]
    BC: gl.constexpr = x_desc.block_type.shape[1]
    if V == CYCLE_V:
        mbarrier.wait(hs.index(0), 0)
        mbarrier.arrive(hs.index(1))
    if V == HANDSHAKE_OK_V:
        mbarrier.arrive(hs.index(1))
        mbarrier.wait(hs.index(0), 0)
    if PERSIST:
        start = gl.program_id(0)
        step = gl.num_programs(0)
    else:
        start = gl.program_id(0)
        step = n_strips
    it = 0
    for strip in range(start, n_strips, step):
        if V == RESTART_V:
            it = 0
        for k in range(n_k):
            slot = it % STAGES
            if V == WRONG_PHASE_V:
                ph = (it // STAGES) & 1
            else:
                ph = ((it // STAGES) & 1) ^ 1
            mbarrier.wait(empty.index(slot), ph)
            if V == REDUNDANT_V:
                mbarrier.wait(empty.index(slot), ph)
            if V == EXPECT_MORE_V:
                mbarrier.expect(ready.index(slot), 2 * x_desc.block_type.nbytes)
            else:
                mbarrier.expect(ready.index(slot), x_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(x_desc, [strip * BR, k * BC], ready.index(slot), ring.index(slot))
            it += 1


@gluon.jit
def zoo_consumer(y_ptr, ring, ready, empty, hs, n_strips, n_k, C, V: gl.constexpr, STAGES: gl.constexpr,
                 PERSIST: gl.constexpr, BR: gl.constexpr, BC: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [1, 32], [gl.num_warps(), 1], [1, 0])
    if V == CYCLE_V or V == HANDSHAKE_OK_V:
        mbarrier.wait(hs.index(1), 0)
        mbarrier.arrive(hs.index(0))
    if PERSIST:
        start = gl.program_id(0)
        step = gl.num_programs(0)
    else:
        start = gl.program_id(0)
        step = n_strips
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    it = 0
    for strip in range(start, n_strips, step):
        if V == RESTART_V:
            it = 0
        rows = strip * BR + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
        for k in range(n_k):
            slot = it % STAGES
            ph = (it // STAGES) & 1
            mbarrier.wait(ready.index(slot), ph)
            v = ring.index(slot).load(layout)
            # order the generic-proxy smem read before the next TMA (async proxy) write
            fence_async_shared()
            if V != MISSING_ARRIVE_V:
                mbarrier.arrive(empty.index(slot))
            offs = rows[:, None] * C + (k * BC + cols)[None, :]
            gl.store(y_ptr + offs, v * 2.0 + 1.0)
            it += 1
    if V == OVERWAIT_V:
        mbarrier.wait(ready.index(0), 0)
    if V == DRAIN_OK_V:
        for s in gl.static_range(STAGES):
            mbarrier.wait(ready.index(s), ((n_k - 1 - s) // STAGES) & 1)


@gluon.jit
def zoo_kernel(x_desc, y_ptr, C, n_strips, V: gl.constexpr, STAGES: gl.constexpr, PERSIST: gl.constexpr):
    BR: gl.constexpr = x_desc.block_type.shape[0]
    BC: gl.constexpr = x_desc.block_type.shape[1]
    ring = gl.allocate_shared_memory(x_desc.dtype, [STAGES, BR, BC], x_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    hs = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        if V == INIT2_V:
            mbarrier.init(empty.index(s), count=2)
        else:
            mbarrier.init(empty.index(s), count=1)
    if V == CYCLE_V or V == HANDSHAKE_OK_V:
        mbarrier.init(hs.index(0), count=1)
        mbarrier.init(hs.index(1), count=1)
    n_k = C // BC
    gl.warp_specialize([
        (zoo_consumer, (y_ptr, ring, ready, empty, hs, n_strips, n_k, C, V, STAGES, PERSIST, BR, BC)),
        (zoo_producer, (x_desc, ring, ready, empty, hs, n_strips, n_k, V, STAGES, PERSIST)),
    ], [1], [24])


# constexpr globals the jitted code compares against
REDUNDANT_V = gl.constexpr(REDUNDANT)
MISSING_ARRIVE_V = gl.constexpr(MISSING_ARRIVE)
WRONG_PHASE_V = gl.constexpr(WRONG_PHASE)
INIT2_V = gl.constexpr(INIT2)
EXPECT_MORE_V = gl.constexpr(EXPECT_MORE)
CYCLE_V = gl.constexpr(CYCLE)
HANDSHAKE_OK_V = gl.constexpr(HANDSHAKE_OK)
OVERWAIT_V = gl.constexpr(OVERWAIT)
DRAIN_OK_V = gl.constexpr(DRAIN_OK)
RESTART_V = gl.constexpr(RESTART)

# name -> (V, STAGES, PERSIST, expected, what)
CASES = {
    "ok":                  (OK, 2, 0, "correct", "correct 2-slot pipeline"),
    "ok3":                 (OK, 3, 0, "correct", "correct 3-slot pipeline (multi-buffered ring)"),
    "redundant_wait":      (REDUNDANT, 2, 0, "correct", "producer waits `empty` twice with the same parity"),
    "persistent":          (OK, 2, 1, "correct", "persistent: strips loop around the k loop, ring counter carried"),
    "persistent3":         (OK, 3, 1, "correct", "persistent, 3-slot ring (8 tiles per strip, not a multiple of 3)"),
    "handshake_ok":        (HANDSHAKE_OK, 2, 0, "correct", "producer arrives on hs[1] before waiting hs[0]"),
    "drain_ok":            (DRAIN_OK, 2, 0, "correct", "consumer drains each slot with its last fill's parity"),
    "wrong_phase":         (WRONG_PHASE, 2, 0, "hang", "producer's first wait: parity 0 of a fresh `empty`"),
    "missing_arrive":      (MISSING_ARRIVE, 2, 0, "hang", "consumer never arrives on `empty`"),
    "missing_arrive3":     (MISSING_ARRIVE, 3, 0, "hang", "consumer never arrives on `empty`, 3-slot ring"),
    "persistent_missing_arrive": (MISSING_ARRIVE, 2, 1, "hang", "persistent, consumer never arrives on `empty`"),
    "persistent_wrong_phase": (WRONG_PHASE, 3, 1, "hang", "persistent 3-slot, producer's `empty` parity lacks ^1"),
    "init_count2":         (INIT2, 2, 0, "hang", "`empty` initialised with count 2, one arrive per phase"),
    "expect_more":         (EXPECT_MORE, 2, 0, "hang", "barrier_expect twice the bytes the TMA delivers"),
    "cycle":               (CYCLE, 2, 0, "hang", "handshake: each side waits for the other's arrive first"),
    "overwait":            (OVERWAIT, 2, 0, "hang", "consumer re-waits parity 0 of ready[0] after 4 completions"),
    "persistent_restart3": (RESTART, 3, 1, "wrong", "persistent 3-slot ring whose counter restarts every strip "
                            "(8 loads per strip): phases alias across strips"),
    "persistent_restart":  (RESTART, 2, 1, "correct", "as persistent_restart3 with 2 slots: 8 loads per strip "
                            "leave every slot's parity where it started, so the restart is harmless"),
    # An odd number of loads per strip through 2 slots (C = 3 * BC): after a strip, slot 1 has completed one
    # phase fewer than slot 0, so the restarted consumer's wait on ready[1] passes on the old phase and reads
    # the previous strip's tile (stale data, every access ordered: no hang, no fault, wrong results).
    "persistent_restart_odd": (RESTART, 2, 1, "wrong", "persistent 2-slot ring whose counter restarts every strip, "
                               "3 loads per strip: ready[1]'s parity aliases the previous strip's fill", 3 * BC),
    "persistent_odd":      (OK, 2, 1, "correct", "carried twin of persistent_restart_odd: the counter runs across "
                            "strips, 3 loads per strip through 2 slots", 3 * BC),
}


def case_of(name):
    """(V, STAGES, PERSIST, expected, what, C): C, the columns, is 1024 unless the case sets it."""
    t = CASES[name]
    return t if len(t) == 6 else t + (C,)


def _layout():
    return gl.NVMMASharedLayout.get_default_for([BR, BC], gl.float32)


def grid_of(persist):
    return PERSIST_GRID if persist else N_STRIPS


def launch_desc(name):
    v, st, p, _, _, c = case_of(name)
    return (f"zoo_kernel[grid=({grid_of(p)},)](x_desc, y, C={c}, n_strips={N_STRIPS}, V={v}, STAGES={st}, "
            f"PERSIST={p}, num_warps={NUM_WARPS}); x, y: [{R}, {c}] fp32; x_desc block {BR}x{BC} "
            f"(gluon TensorDescriptor.from_tensor); {c // BC} tiles per strip; worker: 1 warp / 24 regs")


def tscope_args(name):
    v, st, p, _, _, c = case_of(name)
    # x_desc_0/1: the descriptor's shape, x_desc_2/3: its strides (elements), as the launch passes them
    return (f"--arg C={c} --arg n_strips={N_STRIPS} --arg x_desc_0={R} --arg x_desc_1={c} "
            f"--arg x_desc_2={c} --arg x_desc_3=1 --grid {grid_of(p)},1,1")


def cpu_compile(name, cc=90):
    from corpus_common import compile_for, gluon_desc_sig
    v, st, p, _, _, c = case_of(name)
    sig = {"x_desc": gluon_desc_sig("fp32", [BR, BC], _layout()), "y_ptr": "*fp32", "C": "i32", "n_strips": "i32"}
    return compile_for(zoo_kernel, sig, {"V": v, "STAGES": st, "PERSIST": p}, cc=cc,
                       options={"num_warps": NUM_WARPS}, gluon=True, int_values={"C": c, "n_strips": N_STRIPS})


def gpu_run(name, runs, mark):
    import torch
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
    from corpus_common import affine_error
    v, st, p, _, _, c = case_of(name)
    bad, max_abs = 0, []
    for r in range(runs):
        x = torch.randn(R, c, device="cuda", dtype=torch.float32)
        y = torch.full_like(x, float("nan"))
        xd = TensorDescriptor.from_tensor(x, [BR, BC], _layout())
        if r == 0:
            # the hang clock starts here (it includes the JIT compile of run 1, a few seconds)
            mark("compiling, launching run 1")
        zoo_kernel[(grid_of(p), )](xd, y, c, N_STRIPS, v, st, p, num_warps=NUM_WARPS)
        mark(f"launched run {r + 1}, synchronizing")
        torch.cuda.synchronize()
        m = affine_error(x, y)
        max_abs.append(m)
        bad += not (m == 0.0)
    return {"runs": runs, "bad_runs": bad, "max_abs_err": max_abs, "tolerance": 0.0}


def child(args):
    res = {"case": args.child, "phase": "import", "t_launch": None}

    def save():
        with open(args.result, "w") as f:
            json.dump(res, f, indent=1)

    def mark(phase):
        res["phase"] = phase
        if phase.startswith("compiling") and res["t_launch"] is None:
            res["t_launch"] = time.time()
        save()

    save()
    try:
        detail = gpu_run(args.child, args.runs, mark)
        res.update(detail=detail, phase="done", outcome="correct" if detail["bad_runs"] == 0 else "wrong-result")
    except BaseException as e:  # noqa: BLE001
        text = f"{type(e).__name__}: {e}"
        res.update(error_text=text[-4000:], traceback=traceback.format_exc()[-6000:],
                   outcome="cuda-error" if "cuda" in text.lower() else "python-error")
    save()
    sys.stdout.flush()
    os._exit(0)


def env_info(gpu):
    import triton
    info = {"python": sys.version.split()[0], "host": platform.node(), "machine": platform.machine(),
            "triton": triton.__version__}
    if gpu:
        try:
            import torch
            info["torch"] = torch.__version__
        except Exception as e:  # noqa: BLE001
            info["torch"] = f"unavailable: {e}"
        try:
            info["nvidia_smi"] = subprocess.run(
                ["nvidia-smi", "--query-gpu=name,driver_version,compute_cap", "--format=csv,noheader"],
                capture_output=True, text=True, timeout=30).stdout.strip()
        except Exception as e:  # noqa: BLE001
            info["nvidia_smi"] = f"unavailable: {e}"
    return info


def fixture_md(rec):
    env = rec["env"]
    r = rec["child_result"]
    name = rec["case"]
    lines = [f"# Fixture `{name}` (hang zoo)", ""]
    lines.append(f"- Generator: `tools/corpus/hangzoo.py`, case `{rec['zoo_case']}`: {rec['what']}")
    lines.append(f"- Command: `{rec['driver_command']}` (each case in its own process and process group; "
                 f"up to --jobs cases, default 8, ran at once on the one GPU)")
    lines.append(f"- Triton: {env.get('triton')} (Python {env.get('python')}"
                 + (f", PyTorch {env.get('torch')}" if env.get("torch") else "") + ")")
    if rec["mode"] == "compile-only":
        lines.append("- GPU: none - compiled only for sm_90 (`GPUTarget(\"cuda\", 90, 32)`), never run")
    else:
        lines.append(f"- GPU: {env.get('nvidia_smi', '?')} (target sm_90a)")
    lines.append(f"- Launch: {rec['launch']}")
    lines.append(f"- tscope: `tscope deadlock kernel.ttgir {rec['tscope_args']}`")
    o = rec["outcome"]
    if o == "hang":
        what = (f"hang: no completion within {rec['hang_timeout_s']} s of the launch; the case's process group "
                f"was killed (last phase reported: {r.get('phase')!r})")
    elif o == "correct":
        d = r.get("detail", {})
        what = f"correct in {d.get('runs')} of {d.get('runs')} runs (fresh random inputs, output poisoned with NaN)"
    elif o == "wrong-result":
        d = r.get("detail", {})
        errs = d.get("max_abs_err") or [0.0]
        what = (f"wrong result in {d.get('bad_runs')} of {d.get('runs')} runs, never a hang or a fault (largest "
                f"absolute error per run {min(errs):.3g} to {max(errs):.3g}; fresh random inputs, output poisoned "
                f"with NaN)")
    elif o == "compiled":
        what = "compiled; not run"
    else:
        what = f"{o}: `{(r.get('error_text') or '').strip()[:300]}`"
    lines.append(f"- What happened: {what}")
    lines.append(f"- Expected by design: {rec['expected']}")
    lines.append(f"- Wall time of the case subprocess: {rec['wall_s']} s")
    lines.append("")
    lines.append("Files: `kernel.ttgir` (TRITON_KERNEL_DUMP output, renamed), `outcome.json` (the full record).")
    return "\n".join(lines) + "\n"


def start_case(name, scratch, runs):
    work = tempfile.mkdtemp(prefix=name + ".", dir=scratch)
    dump = os.path.join(work, "dump")
    cache = os.path.join(work, "cache")
    os.makedirs(dump)
    os.makedirs(cache)
    env = dict(os.environ)
    env.update({"TRITON_KERNEL_DUMP": "1", "TRITON_DUMP_DIR": dump, "TRITON_CACHE_DIR": cache,
                "TRITON_ALWAYS_COMPILE": "1", "PYTHONUNBUFFERED": "1"})
    result = os.path.join(work, "result.json")
    cmd = [sys.executable, os.path.abspath(__file__), "--child", name, "--result", result, "--runs", str(runs)]
    so = open(os.path.join(work, "log"), "wb")
    p = subprocess.Popen(cmd, stdout=so, stderr=subprocess.STDOUT, env=env, cwd=HERE, start_new_session=True)
    return dict(name=name, p=p, work=work, dump=dump, result=result, t0=time.time(), log=so)


def read_result(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def copy_ttgir(dump, dest):
    for root, _, files in os.walk(dump):
        for fn in files:
            if fn.endswith(".ttgir"):
                shutil.copyfile(os.path.join(root, fn), os.path.join(dest, "kernel.ttgir"))
                return fn
    return None


def finish(job, out, env, timed_out, hang_timeout, gen_cmd):
    name = job["name"]
    folder = "zoo_" + name
    dest = os.path.join(out, folder)
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    res = read_result(job["result"])
    outcome = "hang" if timed_out else (res.get("outcome") or "python-error")
    src = copy_ttgir(job["dump"], dest)
    v, st, p, exp, what, _ = case_of(name)
    rec = {"case": folder, "zoo_case": name, "outcome": outcome, "expected": exp, "what": what,
           "timed_out": timed_out, "hang_timeout_s": hang_timeout, "wall_s": round(time.time() - job["t0"], 2),
           "child_returncode": job["p"].returncode, "mode": "compile+run", "generator": "tools/corpus/hangzoo.py",
           "driver_command": gen_cmd, "launch": launch_desc(name), "tscope_args": tscope_args(name),
           "constexprs": {"V": v, "STAGES": st, "PERSIST": p}, "ttgir_from": src, "child_result": res, "env": env}
    if not src:
        rec["child_log_tail"] = open(os.path.join(job["work"], "log"), errors="replace").read()[-3000:]
    with open(os.path.join(dest, "outcome.json"), "w") as f:
        json.dump(rec, f, indent=1)
    with open(os.path.join(dest, "FIXTURE.md"), "w") as f:
        f.write(fixture_md(rec))
    print(f"{folder:32s} {outcome:14s} (expected {exp:8s}) {rec['wall_s']:6.1f}s", flush=True)
    return folder, outcome


def gpu_main(args, names, gen_cmd):
    env = env_info(True)
    scratch = tempfile.mkdtemp(prefix="hangzoo.")
    pending = list(names)
    running = []
    summary = {}
    while pending or running:
        while pending and len(running) < args.jobs:
            n = pending.pop(0)
            running.append(start_case(n, scratch, 1 if CASES[n][3] == "hang" else args.runs))
        time.sleep(0.25)
        for job in list(running):
            p = job["p"]
            res = read_result(job["result"])
            now = time.time()
            t_l = res.get("t_launch")
            timed_out = (p.poll() is None and
                         ((t_l is not None and now - t_l > args.hang_timeout) or now - job["t0"] > args.max_case_s))
            if timed_out:
                os.killpg(p.pid, signal.SIGKILL)  # that case's own process group only
                p.wait()
            if timed_out or p.poll() is not None:
                job["log"].close()
                folder, o = finish(job, args.out, env, timed_out, args.hang_timeout, gen_cmd)
                summary[folder] = o
                running.remove(job)
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump({"env": env, "command": gen_cmd, "cases": summary}, f, indent=1)


def cpu_main(args, names, gen_cmd):
    env = env_info(False)
    for n in names:
        dest = os.path.join(args.out, "zoo_" + n)
        os.makedirs(dest, exist_ok=True)
        k = cpu_compile(n)
        with open(os.path.join(dest, "kernel.ttgir"), "w") as f:
            f.write(k.asm["ttgir"])
        print(f"zoo_{n:28s} compiled (shared {k.metadata.shared})", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--child")
    ap.add_argument("--result")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--gpu", action="store_true")
    ap.add_argument("--cpu-only", action="store_true")
    ap.add_argument("--out", default="hangzoo_out")
    ap.add_argument("--cases")
    ap.add_argument("--hang-timeout", type=float, default=20.0, help="seconds after the launch")
    ap.add_argument("--max-case-s", type=float, default=90.0, help="cap from the case's start (import+compile)")
    ap.add_argument("--jobs", type=int, default=8, help="cases run at once (separate processes)")
    ap.add_argument("--remake-md", metavar="DIR", help="rewrite DIR/zoo_*/FIXTURE.md from outcome.json")
    ap.add_argument("--tscope-table", action="store_true", help="print each case's tscope arguments")
    args = ap.parse_args()
    if args.child:
        return child(args)
    names = args.cases.split(",") if args.cases else list(CASES)
    if args.remake_md:
        for folder in sorted(os.listdir(args.remake_md)):
            path = os.path.join(args.remake_md, folder, "outcome.json")
            if folder.startswith("zoo_") and os.path.exists(path):
                rec = json.load(open(path))
                rec["tscope_args"] = tscope_args(rec["zoo_case"])  # not a GPU observation: kept current
                json.dump(rec, open(path, "w"), indent=1)
                open(os.path.join(args.remake_md, folder, "FIXTURE.md"), "w").write(fixture_md(rec))
        return
    if args.tscope_table:
        for n in names:
            print(f"zoo_{n} {CASES[n][3]} {tscope_args(n)}")
        return
    gen_cmd = "python3 tools/corpus/hangzoo.py " + " ".join(sys.argv[1:])
    os.makedirs(args.out, exist_ok=True)
    if args.cpu_only:
        return cpu_main(args, names, gen_cmd)
    return gpu_main(args, names, gen_cmd)


if __name__ == "__main__":
    main()
