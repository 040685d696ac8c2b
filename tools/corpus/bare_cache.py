"""regs_bare_cache: a Triton cache with no ptxas log (what a user's
~/.triton/cache holds), for `tscope regs` reading registers out of the cubin.
Compiles an axpy for sm_90 on the CPU into a fresh TRITON_CACHE_DIR and prints
ptxas's own register count (TRITON_DUMP_PTXAS_LOG=1) to compare with.

    TRITON_DUMP_PTXAS_LOG=1 TRITON_CACHE_DIR=/tmp/c .venv/bin/python tools/corpus/bare_cache.py
    # keep <hash>/axpy.json and <hash>/axpy.cubin under tests/fixtures/regs_bare_cache/cache/
"""
import pathlib
import sys

import triton
import triton.language as tl

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from corpus_common import compile_for  # noqa: E402


@triton.jit
def axpy(x, y, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(y + o, 2.0 * tl.load(x + o, mask=m) + tl.load(y + o, mask=m), mask=m)


if __name__ == "__main__":
    k = compile_for(axpy, {"x": "*fp32", "y": "*fp32", "n": "i32"}, {"BLOCK": 1024}, cc=90)
    print(k.metadata.name, "compiled")
