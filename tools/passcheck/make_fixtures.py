#!/usr/bin/env python3
"""Fixtures of `tscope passes LOG --check` (tests/lit/passes/check-*.test), made
from one real pass log; every edit is done here, so it is reproducible:

    .venv/bin/python tools/passcheck/make_logs.py --out /tmp/pc/attn --cases tl_attn_ws:tl_attn_ws:100
    .venv/bin/python tools/passcheck/make_logs.py --out /tmp/pc/gl --cases gluon_ws_deadlock:gluon_ws_deadlock_fixed:90
    python3 tools/passcheck/make_fixtures.py --log /tmp/pc/attn/passes.log --gluon-log /tmp/pc/gl/passes.log \
        --out tests/fixtures

The logs: tl_attn_ws_kernel (tools/corpus/tl_attn_ws.py, Blackwell automatic warp
specialization) compiled for sm_100, and ws_pipeline_kernel (tools/corpus/
gluon_ws_deadlock.py, the correct variant: a Gluon producer/consumer ring) for
sm_90, with pip Triton 3.6.0 and MLIR_ENABLE_DUMP=1.

  passcheck_attn_sm100         the real attention log, unedited (xz)
  passcheck_attn_cut           the real attention log up to the middle of one TTGIR
                               dump (a crashed or cut compile); nothing else changed
  passcheck_gluon_sm90         the real Gluon log up to its last TTGIR dump, unedited
  passcheck_gluon_count        EDITED: that log with the arrival count of the first
                               `ttng.init_barrier %X, 1` of each dump made 2, from the
                               dump after one pass onward
  passcheck_gluon_parity       EDITED: the parity of the first `ttng.wait_barrier %X, %ph_N`
                               of each dump pinned to the constant %c1_i32, from the dump
                               after one pass onward
  passcheck_gluon_fence        EDITED: every `ttng.fence_async_shared` line removed
                               from the dump after one pass onward
  passcheck_gluon_count_start  EDITED: the count edit in every dump (the bug is there
                               from the first dump)

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
    """The phase of the first `ttng.wait_barrier %X, %ph_N` pinned to the
    constant %c1_i32 (where the dump defines it): the bug of a phase pinned to
    a constant."""
    if not re.search(r"^\s*%c1_i32 = ", d, re.M):
        return d
    return re.sub(r"(ttng\.wait_barrier %[\w.]+, )%ph_\d+", r"\1%c1_i32", d, count=1)


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

GLUON = """- Generator: `tools/passcheck/make_fixtures.py` over the log of `tools/passcheck/make_logs.py --cases gluon_ws_deadlock:gluon_ws_deadlock_fixed:90`
- Kernel: ws_pipeline_kernel, the correct variant of tools/corpus/gluon_ws_deadlock.py (a Gluon TMA producer / consumer ring with ready and empty barriers, `fence_async_shared` after the barrier inits)
- Triton: 3.6.0 (pip), compiled with no GPU for `GPUTarget("cuda", 90, 32)`, `MLIR_ENABLE_DUMP=1` (stderr), fresh cache, `TRITON_ALWAYS_COMPILE=1`
- GPU: none - compiled only, never run
"""


def edited(out, name, prefix, dumps, start, fn, what, expect, common):
    changed = 0
    new = list(dumps)
    for i in range(start, len(dumps)):
        new[i] = fn(dumps[i])
        changed += new[i] != dumps[i]
    first = header_of(dumps[start]).replace("// -----// ", "").replace(" //----- //", "")
    write(out, name, prefix + "".join(new), common + f"""
- **EDITED** (not what Triton wrote): the log up to its last TTGIR dump (the one before
  ConvertTritonGPUToLLVM), then {what}, in every dump from `{first}` onward
  ({changed} dumps changed). The edit is made by the generator, not by hand.
- Expected: {expect}
""")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("--gluon-log", required=True)
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
    gprefix, gdumps = split(open(a.gluon_log).read())
    gpart = ttgir_part(gdumps)
    write(a.out, "passcheck_gluon_sm90", gprefix + "".join(gpart), GLUON + """
- Files: `passes.log.xz`: the real log up to its last TTGIR dump (the one before
  ConvertTritonGPUToLLVM), unedited; the LLVM dialect dumps after it are left out.
- Expected: every TTGIR dump of the make_ttgir pipeline clean after GluonInline (before
  it a `tt.call` is not modelled: not verified); the make_llir pipeline's TTGIR dumps
  (after convert-scf-to-cf) not verified.
""")
    k = index_of(gpart, "TritonLoopAwareCSE", 1)
    edited(a.out, "passcheck_gluon_count", gprefix, gpart, k, count_edit,
           "the first `ttng.init_barrier %X, 1` of each dump made `ttng.init_barrier %X, 2`",
           "a deadlock that first appears after SCCP (the pass whose output is the first edited dump)", GLUON)
    k = index_of(gpart, "GluonCanonicalize", 2)
    edited(a.out, "passcheck_gluon_parity", gprefix, gpart, k, parity_edit,
           "the parity of the first `ttng.wait_barrier %X, %ph_N` of each dump (that defines %c1_i32) pinned to "
           "`%c1_i32`", "a deadlock and a race that first appear after TritonLoopAwareCSE (row 7)", GLUON)
    k = index_of(gpart, "SCCP", 1)
    edited(a.out, "passcheck_gluon_fence", gprefix, gpart, k, fence_edit,
           "every `ttng.fence_async_shared` line removed",
           "a missing fence that first appears after GluonCanonicalize (row 5)", GLUON)
    edited(a.out, "passcheck_gluon_count_start", gprefix, gpart, 0, count_edit,
           "the first `ttng.init_barrier %X, 1` of each dump made `ttng.init_barrier %X, 2`",
           "a deadlock present from the first dump checked: no pass named", GLUON)


if __name__ == "__main__":
    main()
