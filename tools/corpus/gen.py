#!/usr/bin/env python3
"""tscope IR corpus driver: compile (and, on a GPU, run and check) our own Triton kernels,
and collect the IR Triton dumps for each into one folder per case.

    python3 tools/corpus/gen.py --out DIR [--tar FILE] [--cases a,b] [--runs N]   # GPU: compile+run+check
    python3 tools/corpus/gen.py --cpu-only --out DIR [--cases a,b] [--targets 100] # no GPU: compile sm_90 + sm_100
    python3 tools/corpus/gen.py --remake-md DIR       # rewrite DIR/*/FIXTURE.md from outcome.json + case notes

Each case runs in its own subprocess (own process group, killed on timeout) with
    TRITON_KERNEL_DUMP=1 TRITON_DUMP_DIR=<fresh> TRITON_CACHE_DIR=<fresh> TRITON_ALWAYS_COMPILE=1
    [MLIR_ENABLE_DUMP=1]  (pass log on stderr -> passes.log)
    [TRITON_DUMP_PTXAS_LOG=1]  (ptxas -v output on stdout -> ptxas.log)
and gets an outcome:
    correct | wrong-result | hang | illegal-instruction | cuda-error | compile-error | python-error
    (--cpu-only: compiled | compile-error)
Per case DIR/<case>/ gets kernel.{source.mlir,ttir,ttgir,llir,ptx,json}, passes.log, ptxas.log,
stderr.log (when not empty), outcome.json and FIXTURE.md.  No cubin, no SASS.
"""
import argparse
import importlib
import inspect
import json
import os
import platform
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

MODULES = ["gluon_ws_tma", "tl_tma_matmul", "tl_persistent_matmul", "tl_ws_desc_store", "gluon_bw_tcgen05",
           "gluon_ws_deadlock", "tma_oob"]
MODULES += ["gluon_fences", "tl_fence_insertion"]  # tscope fences (docs/Fences.md)
MODULES += ["gluon_tmem_packed", "gluon_tmem_acc_init"]  # tscope barriers TMEM sections (docs/Barriers.md)
MODULES += ["gluon_races"]  # tscope races (docs/Races.md)
MODULES += ["tl_attn_ws", "gluon_attn_fwd", "tl_matmul_tiles_ws"]  # model-scale WS kernels (bench/model_scale.py)
MODULES += ["tl_hopper_ws"]  # Hopper automatic warp specialization, run on the H200
MODULES += ["gluon_ws_drain"]  # a hang at some trip counts only (docs/Deadlock.md, "When the proof meets a bug")
MODULES += ["gluon_persist_stride"]  # a hang from a program's third strip on (docs/Deadlock.md, "A second use")
# GPU order: cases that may trap or hang go last, the deliberate hang very last.
GPU_ORDER = ["gluon_ws_tma", "tl_tma_matmul", "tl_persistent_matmul", "tl_persistent_matmul_ws",
             "gluon_ws_deadlock_fixed", "tma_oob_past_end", "tma_oob_negative", "tl_ws_desc_store",
             "gluon_ws_race_drained", "gluon_ws_race", "tma_misaligned_base", "tma_misaligned_stride",
             "gluon_ws_drain_t3_fixed", "gluon_ws_drain_t3", "gluon_persist_stride_fixed", "gluon_persist_stride",
             "gluon_ws_deadlock"]
DEFAULT_RUNS = 5
DEFAULT_TIMEOUT = 60
IR_EXTS = {".ttir": "kernel.ttir", ".ttgir": "kernel.ttgir", ".llir": "kernel.llir",
           ".ptx": "kernel.ptx"}


def all_cases():
    cases = {}
    for m in MODULES:
        mod = importlib.import_module(m)
        for name, c in mod.CASES.items():
            c = dict(c)
            c["module"] = m
            cases[name] = c
    return cases


# ----------------------------------------------------------------------------- child
def child(args):
    """Runs inside the per-case subprocess.  Writes its verdict to args.result."""
    res = {"case": args.child, "phase": "import"}
    launched = {"n": 0}

    def save():
        with open(args.result, "w") as f:
            json.dump(res, f, indent=1)

    def mark_launched(r):
        launched["n"] = r + 1
        res["phase"] = f"launched run {r + 1}, synchronizing"
        save()

    save()
    try:
        case = all_cases()[args.child]
        if args.cc:
            res["phase"] = f"compiling for sm_{args.cc}"
            save()
            k = case["cpu"](args.cc)
            res.update(phase="done", outcome="compiled", shared=k.metadata.shared, num_warps=k.metadata.num_warps,
                       target=str(k.metadata.target))
        else:
            import torch
            res["phase"] = "compile + run"
            save()
            fn = case["gpu"]
            kw = {"mark_launched": mark_launched} if "mark_launched" in inspect.signature(fn).parameters else {}
            detail = fn(args.runs, **kw)
            res["detail"] = detail
            res["phase"] = "done"
            res["outcome"] = "correct" if detail["bad_runs"] == 0 else "wrong-result"
            if detail["bad_runs"]:
                res["wrong_in"] = f"{detail['bad_runs']} of {detail['runs']} runs"
    except BaseException as e:  # noqa: BLE001 - classify everything
        text = f"{type(e).__name__}: {e}"
        res["error_type"] = type(e).__name__
        res["error_text"] = text[-4000:]
        res["traceback"] = traceback.format_exc()[-8000:]
        low = text.lower()
        if "illegal instruction" in low:
            res["outcome"] = "illegal-instruction"
        elif "cuda error" in low or "acceleratorerror" in type(e).__name__.lower():
            res["outcome"] = "cuda-error"
        elif launched["n"] == 0 and ("compil" in type(e).__name__.lower() or "passmanager" in low
                                     or "ptxas" in low or "compilationerror" in low):
            res["outcome"] = "compile-error"
        elif launched["n"] == 0 and args.cc:
            res["outcome"] = "compile-error"
        else:
            res["outcome"] = "python-error"
        res["failed_after_launches"] = launched["n"]
    save()
    sys.stdout.flush()
    # exit hard: after a sticky CUDA error, interpreter teardown can itself hang
    os._exit(0)


# ----------------------------------------------------------------------------- parent
def env_info(cpu_only):
    info = {"python": sys.version.split()[0], "host": platform.node(), "machine": platform.machine()}
    try:
        import triton
        info["triton"] = triton.__version__
        info["triton_path"] = os.path.dirname(triton.__file__)
    except Exception as e:  # noqa: BLE001
        info["triton"] = f"unavailable: {e}"
    if not cpu_only:
        try:
            import torch
            info["torch"] = torch.__version__
            info["torch_cuda"] = torch.version.cuda
        except Exception as e:  # noqa: BLE001
            info["torch"] = f"unavailable: {e}"
        try:
            out = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,compute_cap", "--format=csv,noheader"],
                                 capture_output=True, text=True, timeout=30).stdout.strip()
            info["nvidia_smi"] = out
        except Exception as e:  # noqa: BLE001
            info["nvidia_smi"] = f"unavailable: {e}"
    return info


def collect(dump_dir, cache_dir, dest):
    """Copy IR from TRITON_DUMP_DIR and the metadata JSON from TRITON_CACHE_DIR, short names."""
    got = {}
    hashes = set()
    for root, _, files in os.walk(dump_dir):
        for fn in sorted(files):
            ext = os.path.splitext(fn)[1]
            if ext in IR_EXTS:
                shutil.copyfile(os.path.join(root, fn), os.path.join(dest, IR_EXTS[ext]))
                got[IR_EXTS[ext]] = fn
                hashes.add(os.path.basename(root))
    for root, _, files in os.walk(cache_dir):
        for fn in sorted(files):
            if fn.endswith(".json") and not fn.startswith("__grp__"):
                shutil.copyfile(os.path.join(root, fn), os.path.join(dest, "kernel.json"))
                got["kernel.json"] = fn
            elif fn.endswith(".source"):
                # the module as the frontend built it, before any pass (TTIR for tl, TTGIR for Gluon)
                shutil.copyfile(os.path.join(root, fn), os.path.join(dest, "kernel.source.mlir"))
                got["kernel.source.mlir"] = fn
    got["_dump_hashes"] = sorted(hashes)
    return got


def run_case(name, case, cc, out_root, scratch, runs, timeout, gen_cmd):
    folder = name if cc is None else f"{name}_sm{cc}"
    dest = os.path.join(out_root, folder)
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    work = tempfile.mkdtemp(prefix=folder + ".", dir=scratch)
    dump_dir, cache_dir = os.path.join(work, "dump"), os.path.join(work, "cache")
    os.makedirs(dump_dir)
    os.makedirs(cache_dir)
    result_path = os.path.join(work, "result.json")
    env = dict(os.environ)
    for k in ("MLIR_ENABLE_DUMP", "TRITON_DUMP_PTXAS_LOG", "TRITON_KERNEL_OVERRIDE", "TRITON_INTERPRET"):
        env.pop(k, None)
    set_env = {"TRITON_KERNEL_DUMP": "1", "TRITON_DUMP_DIR": dump_dir, "TRITON_CACHE_DIR": cache_dir,
               "TRITON_ALWAYS_COMPILE": "1", "PYTHONUNBUFFERED": "1"}
    if case.get("mlir_dump"):
        set_env["MLIR_ENABLE_DUMP"] = "1"
    if case.get("ptxas_log"):
        set_env["TRITON_DUMP_PTXAS_LOG"] = "1"
    env.update(set_env)
    runs = case.get("runs", runs) if cc is None else 0
    timeout = case.get("timeout", timeout)
    cmd = [sys.executable, os.path.abspath(__file__), "--child", name, "--result", result_path, "--runs", str(runs)]
    if cc is not None:
        cmd += ["--cc", str(cc)]
    t0 = time.time()
    with open(os.path.join(work, "stdout"), "wb") as so, open(os.path.join(work, "stderr"), "wb") as se:
        p = subprocess.Popen(cmd, stdout=so, stderr=se, env=env, cwd=HERE, start_new_session=True)
        try:
            rc = p.wait(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(p.pid, signal.SIGKILL)  # the child's own process group only
            rc = p.wait()
    wall = time.time() - t0
    res = {}
    if os.path.exists(result_path):
        try:
            with open(result_path) as f:
                res = json.load(f)
        except ValueError:
            res = {}
    if timed_out:
        outcome = "hang"
        res["hang_phase"] = res.get("phase")
    else:
        outcome = res.get("outcome") or ("python-error" if rc else "unknown")
    files = collect(dump_dir, cache_dir, dest)
    so_txt = open(os.path.join(work, "stdout"), "rb").read()
    se_txt = open(os.path.join(work, "stderr"), "rb").read()
    if case.get("ptxas_log") and so_txt.strip():
        open(os.path.join(dest, "ptxas.log"), "wb").write(so_txt)
        files["ptxas.log"] = "child stdout (TRITON_DUMP_PTXAS_LOG=1)"
    if se_txt.strip():
        fn = "passes.log" if case.get("mlir_dump") else "stderr.log"
        open(os.path.join(dest, fn), "wb").write(se_txt)
        files[fn] = "child stderr" + (" (MLIR_ENABLE_DUMP=1)" if case.get("mlir_dump") else "")
    for fn in case.get("drop_files", []):  # too large to commit; say so in FIXTURE.md
        if os.path.exists(os.path.join(dest, fn)):
            os.remove(os.path.join(dest, fn))
            files.setdefault("_dropped", []).append(f"{fn} ({files.pop(fn)})")
    if outcome != "hang":
        res.pop("phase", None)
    record = {
        "case": folder, "outcome": outcome, "timed_out": timed_out, "timeout_s": timeout, "wall_s": round(wall, 2),
        "child_returncode": rc, "mode": "compile-only" if cc is not None else "compile+run",
        "target": f"sm_{cc}" if cc is not None else "GPU (see env)",
        "generator": f"tools/corpus/{case['module']}.py", "driver_command": gen_cmd,
        "child_command": " ".join(["python3", "tools/corpus/gen.py", "--child", name, "--result", "<tmp>/result.json"]
                                  + cmd[6:]),
        "env_set": {k: (v if k not in ("TRITON_DUMP_DIR", "TRITON_CACHE_DIR") else "<fresh temp dir>")
                    for k, v in set_env.items()},
        "launch": case.get("desc"), "files": files, "child_result": res,
    }
    return folder, record


def first_error_line(folder):
    for fn in ("stderr.log", "passes.log"):
        p = os.path.join(folder, fn) if folder else None
        if p and os.path.exists(p):
            for line in open(p, errors="replace"):
                if " error: " in line:
                    return fn, line.strip()
    return None, None


def fixture_md(rec, env, folder=None):
    r = rec["child_result"]
    lines = [f"# Fixture `{rec['case']}`", ""]
    lines.append(f"- Generator: `{rec['generator']}` driven by `tools/corpus/gen.py`")
    lines.append(f"- Command: `{rec['driver_command']}` (this case's subprocess: `{rec['child_command']}`)")
    lines.append("- Environment set for the case: " + ", ".join(f"`{k}={v}`" for k, v in rec["env_set"].items()))
    lines.append(f"- Triton: {env.get('triton')} (Python {env.get('python')}"
                 + (f", PyTorch {env.get('torch')}" if env.get("torch") else "") + ")")
    lines.append(f"- Host: `{env.get('host')}` ({env.get('machine')}), Triton package at `{env.get('triton_path')}`")
    if rec["mode"] == "compile-only":
        lines.append(f"- GPU: none - compiled only for {rec['target']} "
                     f"(`GPUTarget(\"cuda\", {rec['target'][3:]}, 32)`), never run")
    else:
        lines.append(f"- GPU: {env.get('nvidia_smi', '?')} (target sm_90a)")
    lines.append(f"- Launch: {rec['launch']}")
    o = rec["outcome"]
    if o == "hang":
        what = (f"hang: no completion within the {rec['timeout_s']} s timeout; the process group was killed "
                f"(last phase reported by the child: {r.get('hang_phase')!r})")
    elif o == "correct":
        d = r.get("detail", {})
        what = f"correct in {d.get('runs')} of {d.get('runs')} runs (fresh random inputs each run, output poisoned with NaN)"
    elif o == "wrong-result":
        d = r.get("detail", {})
        what = f"wrong result in {d.get('bad_runs')} of {d.get('runs')} runs"
    elif o == "compiled":
        what = f"compiled (shared memory {r.get('shared')} bytes, {r.get('num_warps')} warps); not run"
    else:
        what = f"{o}: `{(r.get('error_text') or '').strip().splitlines()[0] if r.get('error_text') else ''}`"
        if r.get("failed_after_launches") is not None:
            what += f" (after {r.get('failed_after_launches')} launch(es))"
        fn, err = first_error_line(folder)
        if o == "compile-error" and err:
            what += f"; first MLIR diagnostic in `{fn}`: `{err}`"
    lines.append(f"- What happened: {what}")
    if rec.get("note"):
        lines.append(f"- Note: {rec['note']}")
    if r.get("detail"):
        lines.append(f"- Check detail: `{json.dumps(r['detail'])}`")
    lines.append(f"- Wall time of the case subprocess: {rec['wall_s']} s")
    lines.append("")
    lines.append("Files (unedited tool output, renamed): " + ", ".join(
        f"`{k}` (from `{v}`)" for k, v in rec["files"].items() if not k.startswith("_")))
    if rec["files"].get("_dropped"):
        lines.append("")
        lines.append("Left out to keep the fixture small (regenerate to get them): "
                     + ", ".join(f"`{d}`" for d in rec["files"]["_dropped"]))
    lines.append("")
    lines.append("`outcome.json` holds the full record (error text, traceback, per-run errors).")
    return "\n".join(lines) + "\n"


def case_note(case, mode, target=None):
    """A case's `note` describes its GPU outcome, `cpu_note` its compile-only build; a
    `cpu_note` dict gives one note per target ("sm_90", "sm_100")."""
    if mode == "compile+run":
        return case.get("note")
    note = case.get("cpu_note")
    return note.get(target) if isinstance(note, dict) else note


def remake_md(root):
    cases = all_cases()
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder, "outcome.json")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            rec = json.load(f)
        if "child_result" not in rec:  # not made by gen.py (e.g. the tma_rec_* launch records)
            continue
        name = rec["child_result"].get("case") or folder
        if name in cases:
            rec.pop("note", None)
            note = case_note(cases[name], rec["mode"], rec.get("target"))
            if note:
                rec["note"] = note  # FIXTURE.md only; outcome.json stays as the run wrote it
        with open(os.path.join(root, folder, "FIXTURE.md"), "w") as f:
            f.write(fixture_md(rec, rec.get("env", {}), os.path.join(root, folder)))
        print("rewrote", os.path.join(root, folder, "FIXTURE.md"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--child")
    ap.add_argument("--result")
    ap.add_argument("--cc", type=int)
    ap.add_argument("--runs", type=int, default=DEFAULT_RUNS)
    ap.add_argument("--cpu-only", action="store_true")
    ap.add_argument("--out", default="corpus_out")
    ap.add_argument("--tar")
    ap.add_argument("--cases")
    ap.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT)
    ap.add_argument("--targets", help="--cpu-only: comma-separated compute capabilities to keep, e.g. 100")
    ap.add_argument("--remake-md", metavar="DIR",
                    help="rewrite FIXTURE.md in every DIR/<case>/ from its outcome.json (no compiling)")
    args = ap.parse_args()
    if args.child:
        return child(args)
    if args.remake_md:
        return remake_md(args.remake_md)

    gen_cmd = "python3 tools/corpus/gen.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    cases = all_cases()
    wanted = args.cases.split(",") if args.cases else None
    env = env_info(args.cpu_only)
    os.makedirs(args.out, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="tscope_corpus.")
    jobs = []
    if args.cpu_only:
        for name, c in cases.items():
            if wanted and name not in wanted:
                continue
            for cc in c["cpu_targets"]:
                if args.targets and str(cc) not in args.targets.split(","):
                    continue
                jobs.append((name, c, cc))
    else:
        order = GPU_ORDER + [n for n in cases if n not in GPU_ORDER]
        for name in order:
            c = cases[name]
            if (wanted and name not in wanted) or not c.get("gpu_run"):
                continue
            jobs.append((name, c, None))
    summary = {"env": env, "command": gen_cmd, "cases": {}}
    for name, c, cc in jobs:
        folder, rec = run_case(name, c, cc, args.out, scratch, args.runs, args.timeout, gen_cmd)
        rec["env"] = env
        note = case_note(c, rec["mode"], rec.get("target"))
        if note:
            rec["note"] = note
        with open(os.path.join(args.out, folder, "outcome.json"), "w") as f:
            json.dump(rec, f, indent=1)
        with open(os.path.join(args.out, folder, "FIXTURE.md"), "w") as f:
            f.write(fixture_md(rec, env, os.path.join(args.out, folder)))
        summary["cases"][folder] = {"outcome": rec["outcome"], "wall_s": rec["wall_s"]}
        print(f"{folder:34s} {rec['outcome']:20s} {rec['wall_s']:7.1f}s", flush=True)
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    if args.tar:
        with tarfile.open(args.tar, "w:gz") as t:
            t.add(args.out, arcname="corpus")
        print("wrote", args.tar, os.path.getsize(args.tar), "bytes")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
