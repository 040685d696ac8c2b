#!/usr/bin/env python3
"""Fixtures of `tscope passes LOG --check` (tests/lit/passes/check-*.test), made
from one real pass log; every edit is done here, so it is reproducible:

    .venv/bin/python tools/passcheck/make_logs.py --out /tmp/pc/attn --cases tl_attn_ws:tl_attn_ws:100
    python3 tools/passcheck/make_fixtures.py --log /tmp/pc/attn/passes.log --out tests/fixtures

The log: tl_attn_ws_kernel (tools/corpus/tl_attn_ws.py, Blackwell automatic warp
specialization) compiled with pip Triton 3.6.0 for sm_100 with MLIR_ENABLE_DUMP=1.

  passcheck_attn_sm100        the real log, unedited (xz)
  passcheck_attn_cut          the real log up to the middle of one TTGIR dump (a
                              crashed or cut compile); nothing else changed
  passcheck_attn_count        EDITED: the log up to its last TTGIR dump, with the
                              arrival count of the first `ttng.init_barrier ..., 1`
                              of each dump made 2, from the dump after one pass onward
  passcheck_attn_parity       EDITED: the first `ttng.wait_barrier %X, %c0_i32` of each
                              dump waits on %c1_i32 instead, from one dump onward
  passcheck_attn_fence        EDITED: every `ttng.fence_async_shared` line removed
                              from one dump onward
  passcheck_attn_count_start  EDITED: the count edit in every dump (the bug is there
                              from the first dump that has barriers)

Written for tscope's tests; not taken from Triton's tests or tutorials.
"""
import argparse
import lzma
import os
import re

HEADER = "// -----// IR Dump Before "


def split(text):
    """(prefix, [dump text starting at its header line])."""
    starts = [m.start() for m in re.finditer(r"^// -----// IR Dump ", text, re.M)]
    return text[:starts[0]], [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def header_of(d):
    return d[:d.index("\n")]


def index_of(dumps, pass_name, occurrence):
    """The dump whose header is `IR Dump Before <pass_name> (`, occurrence-th (1-based)."""
    n = 0
    for i, d in enumerate(dumps):
        if header_of(d).startswith(HEADER + pass_name + " ("):
            n += 1
            if n == occurrence:
                return i
    raise SystemExit(f"no dump before {pass_name} #{occurrence}")


def ttgir_part(dumps):
    """Dumps up to the last TTGIR one (the one before ConvertTritonGPUToLLVM)."""
    return dumps[:index_of(dumps, "ConvertTritonGPUToLLVM", 1) + 1]


def count_edit(d):
    return re.sub(r"(ttng\.init_barrier %[\w.]+, )1( :)", r"\g<1>2\2", d, count=1)


def parity_edit(d):
    if not re.search(r"^\s*%c1_i32 = ", d, re.M):
        return d
    return re.sub(r"(ttng\.wait_barrier %[\w.]+, )%c0_i32( )", r"\1%c1_i32\2", d, count=1)


def fence_edit(d):
    return re.sub(r"^[ \t]*ttng\.fence_async_shared[^\n]*\n", "", d, flags=re.M)


def write(out, name, text, md):
    os.makedirs(os.path.join(out, name), exist_ok=True)
    with lzma.open(os.path.join(out, name, "passes.log.xz"), "wb", preset=9) as f:
        f.write(text.encode())
    with open(os.path.join(out, name, "FIXTURE.md"), "w") as f:
        f.write(f"# Fixture `{name}`\n\n" + md.strip() + "\n")
    print(name, len(text), "bytes")


COMMON = """- Generator: `tools/passcheck/make_fixtures.py` over the log of `tools/passcheck/make_logs.py --cases tl_attn_ws:tl_attn_ws:100`
- Kernel: tl_attn_ws_kernel (tools/corpus/tl_attn_ws.py): attention forward with `tl.range(..., warp_specialize=True)`, Triton's automatic warp specialization
- Triton: 3.6.0 (pip), compiled with no GPU for `GPUTarget("cuda", 100, 32)`, `MLIR_ENABLE_DUMP=1` (stderr), fresh cache, `TRITON_ALWAYS_COMPILE=1`
- GPU: none - compiled only, never run
"""


def edited(out, name, prefix, dumps, start, fn, what, expect):
    changed = 0
    new = list(dumps)
    for i in range(start, len(dumps)):
        new[i] = fn(dumps[i])
        changed += new[i] != dumps[i]
    first = header_of(dumps[start]).replace("// -----// ", "").replace(" //----- //", "")
    write(out, name, prefix + "".join(new), COMMON + f"""
- **EDITED** (not what Triton wrote): the log up to its last TTGIR dump (the one before
  ConvertTritonGPUToLLVM), then {what}, in every dump from `{first}` onward
  ({changed} dumps changed). The edit is made by the generator, not by hand.
- Expected: {expect}
""")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    text = open(a.log).read()
    prefix, dumps = split(text)
    write(a.out, "passcheck_attn_sm100", text, COMMON + """
- Files: `passes.log.xz` (the child's stderr, unedited, xz-compressed)
- Expected: every TTGIR dump from the first with barriers/arefs through the last before
  LLVM lowering checked; all clean (the kernel's barriers are Triton's own).
""")
    part = ttgir_part(dumps)
    cut_at = index_of(part, "TritonGPUReduceDataDuplication", 1)
    d = part[cut_at]
    half = d[:d.index("\n", len(d) // 2) + 1]
    write(a.out, "passcheck_attn_cut", prefix + "".join(part[:cut_at]) + half, COMMON + f"""
- Files: `passes.log.xz`: the real log cut in the middle of the dump
  `{header_of(d)[11:-10]}` (a compile that crashed or a log cut short); nothing else changed.
- Expected: the timeline up to the cut, the cut dump marked `cut`, never clean.
""")
    k = index_of(part, "TritonGPUOptimizePartitionWarps", 1)
    edited(a.out, "passcheck_attn_count", prefix, part, k, count_edit,
           "the first `ttng.init_barrier %X, 1` of each dump made `ttng.init_barrier %X, 2`",
           "a deadlock that first appears after TritonGPUPipeline (the pass whose output is the first edited dump)")
    k = index_of(part, "TritonNvidiaGPUOptimizeTMemLayoutsPass", 1)
    edited(a.out, "passcheck_attn_parity", prefix, part, k, parity_edit,
           "the first `ttng.wait_barrier %X, %c0_i32` of each dump (that defines %c1_i32) made to wait on `%c1_i32`",
           "a finding that first appears after TritonGPUCoalesceAsyncCopy")
    k = index_of(part, "SCCP", 2)
    edited(a.out, "passcheck_attn_fence", prefix, part, k, fence_edit,
           "every `ttng.fence_async_shared` line removed",
           "a missing fence that first appears after TritonNvidiaGPUMMALoweringPass")
    edited(a.out, "passcheck_attn_count_start", prefix, part, 0, count_edit,
           "the first `ttng.init_barrier %X, 1` of each dump made `ttng.init_barrier %X, 2`",
           "a deadlock present from the first dump checked: no pass named")


if __name__ == "__main__":
    main()
