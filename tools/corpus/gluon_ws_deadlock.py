"""Cases gluon_ws_deadlock / gluon_ws_deadlock_fixed / gluon_ws_race: a small Gluon
warp-specialized TMA pipeline with a deliberate mbarrier phase bug, and its fixed twin.

Kernel: y[R, C] = 2 * x[R, C] + 1 (fp32).  Each program owns a BR-row strip and walks
it in BC-wide column tiles.  A 1-warp worker partition TMA-loads tiles into a
STAGES-deep SMEM ring (`ready` mbarriers, expect-tx); the default partition (4 warps)
waits `ready`, reads the tile into registers, arrives on `empty` and stores y with
plain global stores.

BUG selects the variant:
  0  fixed twin: producer waits `empty` with parity ((i // STAGES) & 1) ^ 1, consumer
     waits `ready` with parity (i // STAGES) & 1.
  1  deadlock: producer waits `empty` with parity (i // STAGES) & 1 (the ^1 is
     missing).  A fresh mbarrier is in phase 0, so the producer's first wait needs a
     consumer arrival that never comes (the consumer is waiting for the producer's data).
  2  race: consumer waits `ready` with the inverted parity ((i // STAGES) & 1) ^ 1, so
     on every pass its wait succeeds at once (it waits for the *previous* phase) and it
     may read a slot before the TMA has written it; TMA loads can still be in flight
     when the CTA exits.
  3  race, drained: as 2, but after its loop the consumer waits (correct parity) for
     the last TMA into each slot, so no TMA outlives the CTA; only the stale reads remain.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import tma, mbarrier, fence_async_shared

from corpus_common import compile_for, gluon_desc_sig

R, C = 512, 4096
BR, BC, STAGES = 32, 128, 2
NUM_WARPS = 4


@gluon.jit
def _dl_producer(x_desc, ring, ready, empty, off_r, n_tiles, BUG: gl.constexpr, STAGES: gl.constexpr):
    BC: gl.constexpr = x_desc.block_type.shape[1]
    for i in range(n_tiles):
        slot = i % STAGES
        if BUG == 1:
            ph = (i // STAGES) & 1
        else:
            ph = ((i // STAGES) & 1) ^ 1
        mbarrier.wait(empty.index(slot), ph)
        mbarrier.expect(ready.index(slot), x_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(x_desc, [off_r, i * BC], ready.index(slot), ring.index(slot))


@gluon.jit
def _dl_consumer(y_ptr, ring, ready, empty, off_r, n_tiles, C, BUG: gl.constexpr, STAGES: gl.constexpr,
                 BR: gl.constexpr, BC: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [1, 32], [gl.num_warps(), 1], [1, 0])
    rows = off_r + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    for i in range(n_tiles):
        slot = i % STAGES
        if BUG >= 2:
            ph = ((i // STAGES) & 1) ^ 1
        else:
            ph = (i // STAGES) & 1
        mbarrier.wait(ready.index(slot), ph)
        v = ring.index(slot).load(layout)
        # order the generic-proxy smem read before the next TMA (async proxy) write
        fence_async_shared()
        mbarrier.arrive(empty.index(slot))
        offs = rows[:, None] * C + (i * BC + cols)[None, :]
        gl.store(y_ptr + offs, v * 2.0 + 1.0)
    if BUG == 3:
        # drain: wait, with the correct parity, for the last TMA into each slot, so that
        # no TMA is still writing this CTA's shared memory when the kernel exits
        for s in gl.static_range(STAGES):
            mbarrier.wait(ready.index(s), ((n_tiles - 1 - s) // STAGES) & 1)


@gluon.jit
def ws_pipeline_kernel(x_desc, y_ptr, C, BUG: gl.constexpr, STAGES: gl.constexpr):
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
        (_dl_consumer, (y_ptr, ring, ready, empty, off_r, n_tiles, C, BUG, STAGES, BR, BC)),
        (_dl_producer, (x_desc, ring, ready, empty, off_r, n_tiles, BUG, STAGES)),
    ], [1], [24])


def _layout():
    return gl.NVMMASharedLayout.get_default_for([BR, BC], gl.float32)


def make_cpu(bug):
    def cpu(cc):
        sig = {"x_desc": gluon_desc_sig("fp32", [BR, BC], _layout()), "y_ptr": "*fp32", "C": "i32"}
        return compile_for(ws_pipeline_kernel, sig, {"BUG": bug, "STAGES": STAGES}, cc=cc,
                           options={"num_warps": NUM_WARPS}, gluon=True, int_values={"C": C})
    return cpu


def make_gpu(bug):
    def gpu(runs, mark_launched=None):
        import torch
        from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
        bad, max_abs = 0, []
        for r in range(runs):
            x = torch.randn(R, C, device="cuda", dtype=torch.float32)
            y = torch.full_like(x, float("nan"))
            xd = TensorDescriptor.from_tensor(x, [BR, BC], _layout())
            ws_pipeline_kernel[(R // BR, )](xd, y, C, bug, STAGES, num_warps=NUM_WARPS)
            if mark_launched:
                mark_launched(r)
            torch.cuda.synchronize()
            ref = x * 2.0 + 1.0
            d = (y - ref).abs()
            d = torch.where(torch.isnan(d), torch.full_like(d, float("inf")), d)
            m = d.max().item()
            max_abs.append(m)
            bad += not (m == 0.0)
        return {"runs": runs, "bad_runs": bad, "max_abs_err": max_abs, "tolerance": 0.0}
    return gpu


def _desc(bug):
    return (f"ws_pipeline_kernel[grid=({R // BR},)](x_desc, y, C={C}, BUG={bug}, STAGES={STAGES}, "
            f"num_warps={NUM_WARPS}); x, y: [{R}, {C}] fp32; x_desc block {BR}x{BC} "
            f"(gluon TensorDescriptor.from_tensor); {C // BC} tiles per program; worker: 1 warp / 24 regs")


CASES = {
    "gluon_ws_deadlock_fixed": dict(gpu=make_gpu(0), cpu=make_cpu(0), cpu_targets=[90], gpu_run=True,
                                    mlir_dump=False, ptxas_log=True, desc=_desc(0)),
    "gluon_ws_deadlock": dict(gpu=make_gpu(1), cpu=make_cpu(1), cpu_targets=[90], gpu_run=True, mlir_dump=False,
                              ptxas_log=True, desc=_desc(1), timeout=45, runs=1,
                              note=("Deterministic deadlock: the producer's first wait on `empty` needs a consumer "
                                    "arrival, the consumer waits on `ready` for the producer's first TMA. gen.py runs "
                                    "this case last; whether the GPU stayed usable after the kill was not checked.")),
    "gluon_ws_race": dict(gpu=make_gpu(2), cpu=make_cpu(2), cpu_targets=[90], gpu_run=True, mlir_dump=False,
                          ptxas_log=True, desc=_desc(2), runs=10,
                          note=("Expected a wrong result; the GPU reported cudaErrorLaunchFailure (719, 'unspecified "
                                "launch failure') on the first run instead. Cause not established; the drained "
                                "twin gluon_ws_race_drained fails the same way, so it is not only TMA writes "
                                "outliving the CTA.")),
    "gluon_ws_race_drained": dict(gpu=make_gpu(3), cpu=make_cpu(3), cpu_targets=[90], gpu_run=True,
                                  mlir_dump=False, ptxas_log=True, desc=_desc(3), runs=10,
                                  note=("Also cudaErrorLaunchFailure (719) on the first run, although every TMA "
                                        "into the ring is waited for before the CTA exits.")),
}
