#!/usr/bin/env python3
"""A tritonparse trace of CPU compiles of our kernels (no GPU needed), and the
dump directory of the same compiles, for tscope's trace reader.

    python tools/corpus/tritonparse_trace.py --out DIR [--cases a,b] [--gzip]

Needs a Python with triton==3.6.0 and tritonparse (pip, pinned: see
tests/fixtures/tritonparse_trace/FIXTURE.md). Writes
  DIR/trace/          what tritonparse.structured_logging.init(DIR/trace) writes
                      (one NDJSON file, .ndjson.gz with --gzip)
  DIR/dump/           TRITON_KERNEL_DUMP=1 of the same compiles (TRITON_DUMP_DIR)
  DIR/cache/          the Triton cache of the same compiles (TRITON_CACHE_DIR)

tritonparse's compile listener imports torch for three things only: the
torch.compile trace id (none outside torch.compile), the rank of
torch.distributed (none here) and a stack summary. The PyPI torch wheel cannot
be imported without its CUDA libraries, so when `import torch` fails this
script puts a stand-in module under that name that answers those three
questions as torch does outside torch.compile on one process: no trace id, no
distributed rank, the Python stack, no CUDA stream capture. Every byte of the
trace is still written by tritonparse's own code. The one launch event (case
tma_rec_negative) is written by tritonparse's launch hook called as Triton's
launcher calls it, with the grid and arguments of that fixture's H200 launch;
no kernel runs.

Written for tscope's IR corpus; not taken from Triton's or tritonparse's tests.
"""
import argparse
import os
import subprocess
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))

# case name -> (module, CASES key) of the corpus; compiled for sm_90.
CASES = {
    "gluon_ws_deadlock": ("gluon_ws_deadlock", "gluon_ws_deadlock"),
    "gluon_ws_race": ("gluon_ws_deadlock", "gluon_ws_race"),
    "gluon_ws_fence_missing": ("gluon_fences", "gluon_ws_fence_missing"),
    "gluon_ws_deadlock_fixed": ("gluon_ws_deadlock", "gluon_ws_deadlock_fixed"),
    "tma_rec_negative": ("tma_record", None),  # compiled here, plus its launch event (below)
}


def tma_rec_negative_with_launch():
    """tools/corpus/tma_record.py's tma_window_kernel as tests/fixtures/tma_rec_negative
    launched it on the H200 (grid (8, 4), x and y 256x256 fp32, block 32x64,
    SHIFT_R=-16), compiled for sm_90, then the launch event tritonparse writes for
    that launch: its own add_launch_metadata() and LaunchHookImpl, called with the
    launch's grid, the compiled kernel's metadata and the bound arguments, as
    Triton's launcher calls them. No GPU runs it: the event is what the hook writes,
    not the record of a real launch (TensorDescriptor bases are host stand-ins, so
    the event has no dtype)."""
    from corpus_common import compile_for, tl_desc_sig
    import tma_record
    from triton.tools.tensor_descriptor import TensorDescriptor
    from tritonparse.structured_logging import LaunchHookImpl, add_launch_metadata
    R = C = 256
    BR, BC, shift = 32, 64, -16
    sig = {"x_desc": tl_desc_sig("fp32", [BR, BC]), "y_desc": tl_desc_sig("fp32", [BR, BC])}
    kernel = compile_for(tma_record.tma_window_kernel, sig, {"SHIFT_R": shift, "BR": BR, "BC": BC}, cc=90,
                         options={"num_warps": 4})

    class HostTensor:  # what TensorDescriptor checks of its base: a 16-byte aligned fp32 buffer
        class dtype:
            itemsize = 4
            is_floating_point = True

        def data_ptr(self):
            return 0

    args = {"x_desc": TensorDescriptor(HostTensor(), [R, C], [C, 1], [BR, BC]),
            "y_desc": TensorDescriptor(HostTensor(), [R, C], [C, 1], [BR, BC]),
            "SHIFT_R": shift, "BR": BR, "BC": BC}
    grid = (R // BR, C // BC, 1)
    launch = add_launch_metadata(grid, kernel.metadata, args)

    class LazyDict:  # Triton passes the launch hook a LazyDict; get() evaluates it
        def get(self):
            return {"name": kernel.name, "function": None, "stream": 0, **launch}

    LaunchHookImpl()(LazyDict())


def install_torch_stand_in():
    try:
        import torch  # noqa: F401
        return False
    except Exception:
        pass
    import traceback

    torch = types.ModuleType("torch")
    guards = types.ModuleType("torch._guards")

    class CompileContext:
        @staticmethod
        def current_trace_id():
            return None  # what torch returns outside torch.compile

    guards.CompileContext = CompileContext
    dist = types.ModuleType("torch.distributed")
    dist.is_available = lambda: False
    dist.is_initialized = lambda: False
    version = types.ModuleType("torch.version")
    utils = types.ModuleType("torch.utils")
    tb = types.ModuleType("torch.utils._traceback")

    class CapturedTraceback:
        def __init__(self, frames):
            self.frames = frames

        @staticmethod
        def extract(skip=0):
            return CapturedTraceback(traceback.extract_stack()[:-(skip + 1)])

        def summary(self):
            return self.frames

    tb.CapturedTraceback = CapturedTraceback

    class dtype:  # isinstance checks only
        pass

    class Tensor:
        pass

    cuda = types.ModuleType("torch.cuda")
    cuda.is_current_stream_capturing = lambda: False  # no CUDA stream here
    torch._guards, torch.distributed, torch.version, torch.utils = guards, dist, version, utils
    torch.dtype, torch.Tensor, torch.cuda = dtype, Tensor, cuda
    utils._traceback = tb
    for name, mod in {"torch": torch, "torch._guards": guards, "torch.distributed": dist,
                      "torch.version": version, "torch.utils": utils, "torch.utils._traceback": tb,
                      "torch.cuda": cuda}.items():
        sys.modules[name] = mod
    return True


def child(trace_dir, cases, gzip):
    stand_in = install_torch_stand_in()
    import tritonparse.structured_logging as sl
    sl.init(trace_dir, compression="gzip" if gzip else None)
    sys.path.insert(0, HERE)
    import importlib
    for case in cases:
        module, key = CASES[case]
        if case == "tma_rec_negative":
            tma_rec_negative_with_launch()
        else:
            importlib.import_module(module).CASES[key]["cpu"](90)
    print(f"compiled {len(cases)} kernels; torch stand-in: {stand_in}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--gzip", action="store_true")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    cases = [c for c in args.cases.split(",") if c]
    out = os.path.abspath(args.out)
    if args.child:
        child(os.path.join(out, "trace"), cases, args.gzip)
        return
    for c in cases:
        if c not in CASES:
            sys.exit(f"unknown case {c}; known: {', '.join(CASES)}")
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, TRITON_KERNEL_DUMP="1", TRITON_DUMP_DIR=os.path.join(out, "dump"),
               TRITON_CACHE_DIR=os.path.join(out, "cache"), TRITON_ALWAYS_COMPILE="1", PYTHONUNBUFFERED="1")
    cmd = [sys.executable, os.path.abspath(__file__), "--child", "--out", out, "--cases", ",".join(cases)]
    if args.gzip:
        cmd.append("--gzip")
    subprocess.run(cmd, env=env, check=True)
    import tritonparse
    import triton
    from importlib.metadata import version
    print(f"triton {triton.__version__}, tritonparse {version('tritonparse')}, python {sys.version.split()[0]}")
    for root, _, files in os.walk(os.path.join(out, "trace")):
        for f in files:
            print(os.path.join(root, f))


if __name__ == "__main__":
    main()
