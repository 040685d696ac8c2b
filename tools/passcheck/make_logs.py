#!/usr/bin/env python3
"""Real pass logs for `tscope passes LOG --check` (compile only, no GPU needed):

    .venv/bin/python tools/passcheck/make_logs.py --out DIR [--cases a:100,b:90,...]

Compiles kernels of tools/corpus/ (each module's CASES[name]["cpu"](cc)) with
MLIR_ENABLE_DUMP=1 in one subprocess (fresh TRITON_CACHE_DIR/TRITON_DUMP_DIR,
TRITON_ALWAYS_COMPILE=1) and writes its stderr to DIR/passes.log: one compile
per case and target, in the order given. A case that fails to compile stays in
the log (its traceback too); the next one still runs.

Default: every WS case of the corpus we compile for both sm_90 and sm_100, the
largest log (the measurement in docs/PassCheck.md).

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import argparse
import importlib
import os
import subprocess
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(os.path.dirname(HERE), "corpus")

# module:case:cc
DEFAULT = [
    "tl_attn_ws:tl_attn_ws:100", "tl_attn_ws:tl_attn_ws_causal:100",
    "tl_persistent_matmul:tl_persistent_matmul:90", "tl_persistent_matmul:tl_persistent_matmul:100",
    "tl_persistent_matmul:tl_persistent_matmul_ws:90", "tl_persistent_matmul:tl_persistent_matmul_ws:100",
    "tl_matmul_tiles_ws:tl_matmul_tiles_ws:100", "tl_tma_matmul:tl_tma_matmul:90",
    "tl_tma_matmul:tl_tma_matmul:100", "gluon_attn_fwd:gluon_attn_fwd:100",
    "gluon_bw_tcgen05:gluon_bw_tcgen05:100", "gluon_ws_tma:gluon_ws_tma:90",
    "gluon_ws_deadlock:gluon_ws_deadlock_fixed:90", "gluon_fences:gluon_ws_fence_fixed:90",
    "gluon_races:race_drift_fixed:90", "gluon_races:race_two_readers_fixed:90",
    "gluon_tmem_acc_init:gluon_tmem_acc_init_fixed:100", "gluon_tmem_packed:gluon_tmem_packed_fixed:100",
]


def child(cases):
    sys.path.insert(0, CORPUS)
    for spec in cases:
        mod, case, cc = spec.split(":")
        try:
            m = importlib.import_module(mod)
            m.CASES[case]["cpu"](int(cc))
            print(f"compiled {spec}", file=sys.stdout, flush=True)
        except Exception:  # a failing compile stays in the log; go on
            traceback.print_exc()
            print(f"failed {spec}", file=sys.stdout, flush=True)


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2].split(","))
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--cases", default=",".join(DEFAULT), help="module:case:cc,...")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(tmp, "cache"), TRITON_DUMP_DIR=os.path.join(tmp, "dump"),
                   TRITON_ALWAYS_COMPILE="1", PYTHONUNBUFFERED="1", MLIR_ENABLE_DUMP="1")
        with open(os.path.join(a.out, "passes.log"), "wb") as f:
            r = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", a.cases], env=env, stderr=f)
    import triton
    print(f"child exit status {r.returncode}; Triton {triton.__version__}")
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
