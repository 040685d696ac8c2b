"""Launch-record fixtures for `tscope tma`: TMA kernels of our own run on the GPU
under tscope's launch recorder (python/tscope_record, the same hook
`tscope record` installs), with TRITON_KERNEL_DUMP on, and their outcome.

  tma_rec_correct          tma_window_kernel, grid (8, 4) over a 256x256 tensor: every tile inside
  tma_rec_past_end         grid (10, 4): program rows 8, 9 load boxes entirely past the last row
  tma_rec_negative         SHIFT_R = -16: program row 0's box starts 16 rows above the tensor
  tma_rec_extra_programs   1-D row copy, grid 96 for 1024 rows of 32: 64 programs past the end
  tma_rec_persistent       persistent copy whose host passes num_tiles = cdiv(M, BM) + num_programs

usage: python3 tools/corpus/tma_record.py OUTDIR      (parent: runs every case in a subprocess)
       python3 tools/corpus/tma_record.py --child CASE OUTDIR
Written for tscope's corpus; not taken from Triton's tests or tutorials.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import triton
import triton.language as tl

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent


@triton.jit
def tma_window_kernel(x_desc, y_desc, SHIFT_R: tl.constexpr, BR: tl.constexpr, BC: tl.constexpr):
    pr = tl.program_id(0)
    pc = tl.program_id(1)
    tile = x_desc.load([pr * BR + SHIFT_R, pc * BC])
    y_desc.store([pr * BR, pc * BC], tile)


@triton.jit
def row_copy_kernel(x_desc, y_desc, BR: tl.constexpr):
    pid = tl.program_id(0)
    tile = x_desc.load([pid * BR, 0])
    y_desc.store([pid * BR, 0], tile)


@triton.jit
def persistent_copy_kernel(x_desc, y_desc, num_tiles, BR: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    for t in range(pid, num_tiles, nprog):
        tile = x_desc.load([t * BR, 0])
        y_desc.store([t * BR, 0], tile)


def child(case, out):
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor
    torch.manual_seed(0)
    res = {"case": case}
    try:
        if case.startswith("tma_rec_") and case in ("tma_rec_correct", "tma_rec_past_end", "tma_rec_negative"):
            R = C = 256
            BR, BC = 32, 64
            shift = -16 if case == "tma_rec_negative" else 0
            rows_prog = 10 if case == "tma_rec_past_end" else 8
            x = torch.randn(R, C, device="cuda")
            y = torch.full((rows_prog * BR, C), float("nan"), device="cuda")
            tma_window_kernel[(rows_prog, C // BC)](TensorDescriptor.from_tensor(x, [BR, BC]),
                                                    TensorDescriptor.from_tensor(y, [BR, BC]), shift, BR, BC)
            torch.cuda.synchronize()
            ref = torch.zeros_like(y)
            src = torch.arange(y.shape[0], device="cuda") + shift
            ok = (src >= 0) & (src < R)
            ref[ok] = x[src[ok]]
            zero_fill_ok = bool(torch.equal(y, ref))
            intended = torch.zeros_like(y)
            intended[:R] = x
            res.update(outcome="correct" if torch.equal(y[:R], x) else "wrong-result",
                       matches_zero_fill_reference=zero_fill_ok,
                       launch=f"tma_window_kernel[grid=({rows_prog}, {C // BC})], x [{R},{C}] fp32, y [{y.shape[0]},{C}], block {BR}x{BC}, SHIFT_R={shift}")
        elif case == "tma_rec_extra_programs":
            M, N, BR = 1024, 64, 32
            x = torch.randn(M, N, device="cuda")
            y = torch.full((M, N), float("nan"), device="cuda")
            row_copy_kernel[(96,)](TensorDescriptor.from_tensor(x, [BR, N]), TensorDescriptor.from_tensor(y, [BR, N]), BR)
            torch.cuda.synchronize()
            res.update(outcome="correct" if torch.equal(x, y) else "wrong-result",
                       launch=f"row_copy_kernel[grid=(96,)], x, y [{M},{N}] fp32, block {BR}x{N} (cdiv({M},{BR}) = {M // BR} programs needed)")
        elif case == "tma_rec_persistent":
            M, N, BR, P = 1024, 64, 32, 8
            x = torch.randn(M, N, device="cuda")
            y = torch.full((M, N), float("nan"), device="cuda")
            num_tiles = triton.cdiv(M, BR) + P  # the launcher bug
            persistent_copy_kernel[(P,)](TensorDescriptor.from_tensor(x, [BR, N]), TensorDescriptor.from_tensor(y, [BR, N]),
                                         num_tiles, BR)
            torch.cuda.synchronize()
            res.update(outcome="correct" if torch.equal(x, y) else "wrong-result",
                       launch=f"persistent_copy_kernel[grid=({P},)](x_desc, y_desc, num_tiles={num_tiles}), x, y [{M},{N}] fp32, block {BR}x{N}; cdiv({M},{BR}) = {M // BR} tiles exist")
    except Exception as e:
        res.update(outcome="cuda-error" if "CUDA" in str(e) or "cuda" in type(e).__name__.lower() else "python-error",
                   error=f"{type(e).__name__}: {e}"[:400])
    res["triton"] = triton.__version__
    try:
        import torch
        res["gpu"] = torch.cuda.get_device_name(0)
    except Exception:
        pass
    (pathlib.Path(out) / "outcome.json").write_text(json.dumps(res, indent=2) + "\n")


def parent(out):
    out = pathlib.Path(out)
    cases = ["tma_rec_correct", "tma_rec_past_end", "tma_rec_negative", "tma_rec_extra_programs", "tma_rec_persistent"]
    for case in cases:
        d = out / case
        d.mkdir(parents=True, exist_ok=True)
        dump, cache = tempfile.mkdtemp(), tempfile.mkdtemp()
        env = dict(os.environ, TRITON_KERNEL_DUMP="1", TRITON_DUMP_DIR=dump, TRITON_CACHE_DIR=cache,
                   TRITON_ALWAYS_COMPILE="1", TSCOPE_RECORD_FILE=str(d / "launches.jsonl"),
                   PYTHONPATH=f"{ROOT / 'python'}:{HERE}:{os.environ.get('PYTHONPATH', '')}")
        try:
            subprocess.run([sys.executable, __file__, "--child", case, str(d)], env=env, timeout=120)
        except subprocess.TimeoutExpired:
            (d / "outcome.json").write_text(json.dumps({"case": case, "outcome": "hang"}) + "\n")
        for p in pathlib.Path(dump).rglob("*.ttgir"):
            shutil.copy(p, d / "kernel.ttgir")
        print(case, (d / "outcome.json").read_text() if (d / "outcome.json").exists() else "no outcome")


if __name__ == "__main__":
    if sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
    else:
        parent(sys.argv[1])
