#!/usr/bin/env python3
"""Compile-only fixtures for tscope's dump/pass-log commands (no GPU needed).

    .venv/bin/python tools/corpus/dumps_cpu.py --out DIR [--cases a,b]

Cases (each a folder DIR/<case>/ with the unedited tool output and FIXTURE.md):
  dumps_passes_ok     copy_kernel (one load, one store) compiled for sm_90 with
                      MLIR_ENABLE_DUMP=1 and LLVM_IR_ENABLE_DUMP=1: stderr -> passes.log
                      (MLIR "IR Dump Before" blocks, then LLVM print-after-all and the
                      codegen's machine-IR dumps)
  dumps_passes_fail   tl_ws_desc_store (tools/corpus/tl_ws_desc_store.py) for sm_90 with
                      MLIR_ENABLE_DUMP=1: Triton 3.6.0's NVGPUWarpSpecialization fails;
                      stderr -> passes.log (dumps, the error with its Python line, the
                      reproducer, the "IR Dump After ... Failed" block, the traceback)
  dumps_autotune_cpu  the four configs of autotune_axpy.py compiled one by one (what the
                      autotuner compiles) with TRITON_KERNEL_DUMP=1, TRITON_DUMP_PTXAS_LOG=1:
                      dump/ and cache/ (cubin left out: binary), stdout.log
Each runs in a subprocess with fresh TRITON_CACHE_DIR/TRITON_DUMP_DIR and
TRITON_ALWAYS_COMPILE=1.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile

import triton
import triton.language as tl

HERE = os.path.dirname(os.path.abspath(__file__))


@triton.jit
def copy_kernel(x_ptr, y_ptr):
    pid = tl.program_id(0)
    tl.store(y_ptr + pid, tl.load(x_ptr + pid))


def compile_copy():
    sys.path.insert(0, HERE)
    from corpus_common import compile_for
    compile_for(copy_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32"}, {}, cc=90, options={"num_warps": 1})


def compile_ws_desc_store():
    sys.path.insert(0, HERE)
    import tl_ws_desc_store
    tl_ws_desc_store.cpu(90)


def compile_autotune_configs():
    sys.path.insert(0, HERE)
    import autotune_axpy
    autotune_axpy.cpu_main()


CASES = {
    "dumps_passes_ok": dict(fn="compile_copy", env={"MLIR_ENABLE_DUMP": "1", "LLVM_IR_ENABLE_DUMP": "1"},
                            stderr="passes.log",
                            what="copy_kernel[grid](x, y) (fp32 pointers, num_warps=1) compiled for sm_90; "
                                 "compiles (ttir, ttgir, llir, ptx, cubin)"),
    "dumps_passes_fail": dict(fn="compile_ws_desc_store", env={"MLIR_ENABLE_DUMP": "1"}, stderr="passes.log",
                              what="tl_ws_desc_store_kernel (BLOCK 128x128x64, NUM_STAGES=3, num_warps=4) for "
                                   "sm_90; make_ttgir fails in NVGPUWarpSpecialization with \"'tt.descriptor_store' "
                                   "op tensor descriptor block and tensor types must match\" (a Triton 3.6.0 bug, "
                                   "see tests/fixtures/tl_ws_desc_store/FIXTURE.md)"),
    "dumps_autotune_cpu": dict(fn="compile_autotune_configs",
                               env={"TRITON_KERNEL_DUMP": "1", "TRITON_DUMP_PTXAS_LOG": "1"}, stdout="stdout.log",
                               keep_dirs=True,
                               what="axpy_kernel compiled for sm_90 once per autotune config of autotune_axpy.py "
                                    "(BLOCK 256/1024/4096/4096, num_warps 1/2/4/8); not run, so no tuning"),
}


def run_case(name, case, out):
    dest = os.path.join(out, name)
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    work = tempfile.mkdtemp(prefix=name + ".")
    dump, cache = os.path.join(work, "dump"), os.path.join(work, "cache")
    os.makedirs(dump)
    os.makedirs(cache)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TRITON_", "MLIR_", "LLVM_", "NVPTX_"))}
    set_env = {"TRITON_DUMP_DIR": dump, "TRITON_CACHE_DIR": cache, "TRITON_ALWAYS_COMPILE": "1",
               "PYTHONUNBUFFERED": "1", **case["env"]}
    env.update(set_env)
    cmd = [sys.executable, os.path.abspath(__file__), "--child", case["fn"]]
    with open(os.path.join(work, "stdout"), "wb") as so, open(os.path.join(work, "stderr"), "wb") as se:
        rc = subprocess.run(cmd, stdout=so, stderr=se, env=env, cwd=HERE, timeout=600).returncode
    files = []
    for stream in ("stdout", "stderr"):
        if case.get(stream):
            shutil.copyfile(os.path.join(work, stream), os.path.join(dest, case[stream]))
            files.append(f"`{case[stream]}` (the child's {stream})")
    if case.get("keep_dirs"):
        for sub, src in (("dump", dump), ("cache", cache)):
            for root, _, fns in os.walk(src):
                for fn in sorted(fns):
                    if fn.endswith((".cubin", ".so")):
                        continue  # binaries stay out of the repository
                    rel = os.path.relpath(os.path.join(root, fn), work)
                    os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
                    shutil.copyfile(os.path.join(root, fn), os.path.join(dest, rel))
        files.append("`dump/<hash>/axpy_kernel.{ttir,ttgir,llir,ptx,sass}` and "
                     "`cache/<hash>/axpy_kernel.{source,ttir,ttgir,llir,ptx,json}`, `__grp__axpy_kernel.json` "
                     "(every `.cubin` left out: binary; the group files still list them)")
    shown = {k: ("<fresh temp dir>" if k in ("TRITON_DUMP_DIR", "TRITON_CACHE_DIR") else v) for k, v in set_env.items()}
    md = [f"# Fixture `{name}`", "",
          "- Generator: `tools/corpus/dumps_cpu.py` (kernels from `tools/corpus/`)",
          f"- Command: `.venv/bin/python tools/corpus/dumps_cpu.py --out /tmp/dumps --cases {name}` "
          f"(the case's subprocess: `python3 tools/corpus/dumps_cpu.py --child {case['fn']}`)",
          "- Environment set for the case: " + ", ".join(f"`{k}={v}`" for k, v in shown.items()),
          f"- Triton: {triton.__version__} (Python {platform.python_version()}), compiled with no GPU for "
          "`GPUTarget(\"cuda\", 90, 32)`",
          "- GPU: none - compiled only, never run",
          f"- What happened: {case['what']}; child exit status {rc}",
          "", "Files (unedited tool output): " + ", ".join(files), ""]
    open(os.path.join(dest, "FIXTURE.md"), "w").write("\n".join(md))
    shutil.rmtree(work, ignore_errors=True)
    print(f"{name:24s} exit {rc}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/dumps")
    ap.add_argument("--cases")
    ap.add_argument("--child")
    args = ap.parse_args()
    if args.child:
        globals()[args.child]()
        return
    for name, case in CASES.items():
        if args.cases and name not in args.cases.split(","):
            continue
        run_case(name, case, args.out)


if __name__ == "__main__":
    main()
