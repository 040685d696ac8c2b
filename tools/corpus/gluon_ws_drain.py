"""Cases gluon_ws_drain_t3 / gluon_ws_drain_t3_fixed: a drain whose parity is wrong at
some trip counts only.

The pipeline of gluon_ws_deadlock (y = 2 x + 1 over BR x BC tiles; a 1-warp TMA
producer, a 4-warp consumer; the producer is that module's `_dl_producer`, its fixed
parities), with a 3-slot ring. After its loop the consumer drains slot 0 (when any tile
ran), waiting for the last TMA into it:

  BUG 1  parity (n_tiles // STAGES) & 1: one phase too many when n_tiles is a multiple of
         3, so the wait is for a phase no TMA completes: a hang at 3, 6, 9, ... tiles
         (C = 384, 768, ...) and at no other tile count.
  BUG 0  fixed twin: parity ((n_tiles - 1) // STAGES) & 1.

tscope's sweep of an unbound C (1, 2, 3, 4, 64, 128, 256) gives 0 to 2 tiles; the proof
for every trip count meets the hang at 3 tiles and adds a run at C = 384
(docs/Deadlock.md, "When the proof meets a bug").

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, fence_async_shared

from corpus_common import affine_runs, compile_for, gluon_desc_sig
from gluon_ws_deadlock import _dl_producer, _layout, R, BR, BC, NUM_WARPS

STAGES = 3
C_HANG = 384  # 3 tiles


@gluon.jit
def _drain_consumer(y_ptr, ring, ready, empty, off_r, n_tiles, C, BUG: gl.constexpr, STAGES: gl.constexpr,
                    BR: gl.constexpr, BC: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [1, 32], [gl.num_warps(), 1], [1, 0])
    rows = off_r + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    for i in range(n_tiles):
        slot = i % STAGES
        mbarrier.wait(ready.index(slot), (i // STAGES) & 1)
        v = ring.index(slot).load(layout)
        fence_async_shared()
        mbarrier.arrive(empty.index(slot))
        offs = rows[:, None] * C + (i * BC + cols)[None, :]
        gl.store(y_ptr + offs, v * 2.0 + 1.0)
    if n_tiles > 0:
        if BUG == 1:
            mbarrier.wait(ready.index(0), (n_tiles // STAGES) & 1)
        else:
            mbarrier.wait(ready.index(0), ((n_tiles - 1) // STAGES) & 1)


@gluon.jit
def ws_drain_kernel(x_desc, y_ptr, C, BUG: gl.constexpr, STAGES: gl.constexpr):
    BR: gl.constexpr = x_desc.block_type.shape[0]
    BC: gl.constexpr = x_desc.block_type.shape[1]
    ring = gl.allocate_shared_memory(x_desc.dtype, [STAGES, BR, BC], x_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        mbarrier.init(empty.index(s), count=1)
    off_r = gl.program_id(0) * BR
    n_tiles = C // BC
    gl.warp_specialize([
        (_drain_consumer, (y_ptr, ring, ready, empty, off_r, n_tiles, C, BUG, STAGES, BR, BC)),
        (_dl_producer, (x_desc, ring, ready, empty, off_r, n_tiles, 0, STAGES)),
    ], [1], [24])


def make_cpu(bug):
    def cpu(cc):
        sig = {"x_desc": gluon_desc_sig("fp32", [BR, BC], _layout()), "y_ptr": "*fp32", "C": "i32"}
        return compile_for(ws_drain_kernel, sig, {"BUG": bug, "STAGES": STAGES}, cc=cc,
                           options={"num_warps": NUM_WARPS}, gluon=True, int_values={"C": C_HANG})
    return cpu


def make_gpu(bug, cols_list):
    """One launch (per run) at each C of cols_list, in order; a hang ends the case."""
    def gpu(runs, mark_launched=None):
        from triton.experimental.gluon.nvidia.hopper import TensorDescriptor

        def launch(x, y):
            xd = TensorDescriptor.from_tensor(x, [BR, BC], _layout())
            ws_drain_kernel[(R // BR, )](xd, y, x.shape[1], bug, STAGES, num_warps=NUM_WARPS)
        return affine_runs(launch, [(cols, R, cols) for cols in cols_list], runs, mark_launched, "C")
    return gpu


def _desc(bug, cols):
    return (f"ws_drain_kernel[grid=({R // BR},)](x_desc, y, C, BUG={bug}, STAGES={STAGES}, num_warps={NUM_WARPS}) "
            f"at C = {', '.join(str(c) for c in cols)} in that order; x, y: [{R}, C] fp32; x_desc block {BR}x{BC}; "
            f"C // {BC} tiles per program; worker: 1 warp / 24 regs")


CASES = {
    "gluon_ws_drain_t3_fixed": dict(gpu=make_gpu(0, [128, 256, 384, 512, 768]), cpu=make_cpu(0), cpu_targets=[90],
                                    gpu_run=True, mlir_dump=False, ptxas_log=True,
                                    desc=_desc(0, [128, 256, 384, 512, 768]), runs=5, timeout=60),
    "gluon_ws_drain_t3": dict(gpu=make_gpu(1, [128, 256, 512, 384]), cpu=make_cpu(1), cpu_targets=[90], gpu_run=True,
                              mlir_dump=False, ptxas_log=True, desc=_desc(1, [128, 256, 512, 384]), runs=1, timeout=60,
                              note=("Launched at C = 128, 256 and 512 (1, 2 and 4 tiles: the drain's parity is "
                                    "right there) and then at C = 384 (3 tiles), where the drain waits for a "
                                    "phase no TMA completes. The process prints a line after each C that "
                                    "finished (stdout).")),
}
