#!/usr/bin/env python3
"""Compile-only pass log with LLVM function passes over functions that are not
the kernel (no GPU needed):

    .venv/bin/python tools/corpus/dumps_passes_helper.py --out DIR

exp_helper_kernel calls libdevice's exp2 (`__nv_exp2f`, linked in before the
LLVM pipeline) and a `noinline` helper (`define internal ... @...helper...`);
compiled for sm_100 with MLIR_ENABLE_DUMP=1 and LLVM_IR_ENABLE_DUMP=1, its
stderr (DIR/passes.log, compressed to passes.log.xz) holds `IR Dump After
... on __nv_exp2f` and `... on <helper>` dumps among the kernel's: one
compile. Fresh TRITON_CACHE_DIR/TRITON_DUMP_DIR, TRITON_ALWAYS_COMPILE=1.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import argparse
import lzma
import os
import subprocess
import sys
import tempfile

import triton
import triton.language as tl
from triton.language.extra import libdevice

HERE = os.path.dirname(os.path.abspath(__file__))


@triton.jit(noinline=True)
def scale_helper(x):
    return x * 2.0 + 1.0


@triton.jit
def exp_helper_kernel(x_ptr, y_ptr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid)
    tl.store(y_ptr + pid, scale_helper(libdevice.exp2(x)))


def child():
    sys.path.insert(0, HERE)
    from corpus_common import compile_for
    compile_for(exp_helper_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32"}, {}, cc=100, options={"num_warps": 1})


def main():
    if "--child" in sys.argv:
        child()
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    out = ap.parse_args().out
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(tmp, "cache"), TRITON_DUMP_DIR=os.path.join(tmp, "dump"),
                   TRITON_ALWAYS_COMPILE="1", PYTHONUNBUFFERED="1", MLIR_ENABLE_DUMP="1", LLVM_IR_ENABLE_DUMP="1")
        r = subprocess.run([sys.executable, os.path.abspath(__file__), "--child"], env=env, stderr=subprocess.PIPE)
    with open(os.path.join(out, "passes.log"), "wb") as f:
        f.write(r.stderr)
    with lzma.open(os.path.join(out, "passes.log.xz"), "wb", preset=9) as f:
        f.write(r.stderr)
    print(f"child exit status {r.returncode}; {len(r.stderr)} bytes of stderr; Triton {triton.__version__}")
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
