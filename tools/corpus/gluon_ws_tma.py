"""Case gluon_ws_tma: Gluon warp-specialized matmul for Hopper (sm_90a).

C[M, N] (fp16) = A[M, K] (fp16) @ B[K, N] (fp16), fp32 accumulation.

  * worker partition "loader" (1 warp, 24 regs): for each K step waits on the
    slot's `empty` mbarrier, sets expect-tx bytes on the slot's `ready` mbarrier
    and issues two TMA loads (A tile, B tile) into a STAGES-deep SMEM ring.
  * default partition "mma" (num_warps=4 = one warpgroup): waits on `ready`,
    issues an async wgmma, keeps one wgmma in flight (warpgroup_mma_wait(1)) and
    releases the slot of the previous K step by arriving on its `empty` barrier.
  * epilogue (after the warp_specialize region): acc -> fp16 -> SMEM -> TMA store.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import triton
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    tma, mbarrier, fence_async_shared, warpgroup_mma, warpgroup_mma_wait)

from corpus_common import compile_for, gluon_desc_sig, rel_err

M, N, K = 512, 512, 512
BM, BN, BK, STAGES = 128, 64, 64, 3
NUM_WARPS = 4


@gluon.jit
def _ws_loader(a_desc, b_desc, a_ring, b_ring, ready, empty, off_m, off_n, k_tiles,
               STAGES: gl.constexpr):
    BK: gl.constexpr = a_desc.block_type.shape[1]
    for kt in range(k_tiles):
        slot = kt % STAGES
        # mbarriers start "phase 1 complete": the first pass over the ring must not block.
        empty_phase = ((kt // STAGES) & 1) ^ 1
        mbarrier.wait(empty.index(slot), empty_phase)
        bar = ready.index(slot)
        mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(a_desc, [off_m, kt * BK], bar, a_ring.index(slot))
        tma.async_copy_global_to_shared(b_desc, [kt * BK, off_n], bar, b_ring.index(slot))


@gluon.jit
def _ws_mma(a_ring, b_ring, ready, empty, k_tiles, BM: gl.constexpr, BN: gl.constexpr,
            STAGES: gl.constexpr):
    acc_layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[gl.num_warps(), 1],
                                                         instr_shape=[16, BN, 16])
    acc = gl.zeros([BM, BN], gl.float32, acc_layout)
    for kt in range(k_tiles):
        slot = kt % STAGES
        mbarrier.wait(ready.index(slot), (kt // STAGES) & 1)
        acc = warpgroup_mma(a_ring.index(slot), b_ring.index(slot), acc, is_async=True)
        # leave this step's wgmma in flight; the previous one is then complete
        acc, _a, _b = warpgroup_mma_wait(num_outstanding=1, deps=(acc, a_ring.index(slot), b_ring.index(slot)))
        prev = (kt + STAGES - 1) % STAGES
        mbarrier.arrive(empty.index(prev), pred=kt > 0)
    acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc, ))
    return (acc, )  # the default partition's results must be a tuple


@gluon.jit
def ws_tma_matmul_kernel(a_desc, b_desc, c_desc, K, STAGES: gl.constexpr):
    BM: gl.constexpr = c_desc.block_type.shape[0]
    BN: gl.constexpr = c_desc.block_type.shape[1]
    BK: gl.constexpr = a_desc.block_type.shape[1]

    a_ring = gl.allocate_shared_memory(a_desc.dtype, [STAGES, BM, BK], a_desc.layout)
    b_ring = gl.allocate_shared_memory(b_desc.dtype, [STAGES, BK, BN], b_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        mbarrier.init(empty.index(s), count=1)

    off_m = gl.program_id(0) * BM
    off_n = gl.program_id(1) * BN
    k_tiles = gl.cdiv(K, BK)

    (acc, ) = gl.warp_specialize([
        (_ws_mma, (a_ring, b_ring, ready, empty, k_tiles, BM, BN, STAGES)),
        (_ws_loader, (a_desc, b_desc, a_ring, b_ring, ready, empty, off_m, off_n, k_tiles, STAGES)),
    ], [1], [24])

    for s in gl.static_range(STAGES):
        mbarrier.invalidate(ready.index(s))
        mbarrier.invalidate(empty.index(s))

    c_smem = gl.allocate_shared_memory(c_desc.dtype, [BM, BN], c_desc.layout)
    c_smem.store(acc.to(c_desc.dtype))
    fence_async_shared()
    tma.async_copy_shared_to_global(c_desc, [off_m, off_n], c_smem)
    tma.store_wait(pendings=0)


def _layouts():
    a_l = gl.NVMMASharedLayout.get_default_for([BM, BK], gl.float16)
    b_l = gl.NVMMASharedLayout.get_default_for([BK, BN], gl.float16)
    c_l = gl.NVMMASharedLayout.get_default_for([BM, BN], gl.float16)
    return a_l, b_l, c_l


def cpu(cc):
    a_l, b_l, c_l = _layouts()
    sig = {"a_desc": gluon_desc_sig("fp16", [BM, BK], a_l), "b_desc": gluon_desc_sig("fp16", [BK, BN], b_l),
           "c_desc": gluon_desc_sig("fp16", [BM, BN], c_l), "K": "i32"}
    return compile_for(ws_tma_matmul_kernel, sig, {"STAGES": STAGES}, cc=cc, options={"num_warps": NUM_WARPS},
                       gluon=True, int_values={"K": K})


def gpu(runs, mark_launched=None):
    import torch
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
    a_l, b_l, c_l = _layouts()
    errs = []
    bad = 0
    for r in range(runs):
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)  # poison
        ad = TensorDescriptor.from_tensor(a, [BM, BK], a_l)
        bd = TensorDescriptor.from_tensor(b, [BK, BN], b_l)
        cd = TensorDescriptor.from_tensor(c, [BM, BN], c_l)
        ws_tma_matmul_kernel[(M // BM, N // BN)](ad, bd, cd, K, STAGES, num_warps=NUM_WARPS)
        if mark_launched:
            mark_launched(r)
        torch.cuda.synchronize()
        ref = a.double() @ b.double()
        e = rel_err(c, ref)
        errs.append(e)
        if not (e < 1e-2):
            bad += 1
    return {"runs": runs, "bad_runs": bad, "rel_err": errs, "tolerance": 1e-2}


CASES = {
    "gluon_ws_tma": dict(
        gpu=gpu, cpu=cpu, cpu_targets=[90], gpu_run=True, mlir_dump=False, ptxas_log=True,
        note=("Gluon emits no TTIR (kernel.source.mlir is the TTGIR the frontend built). The kernel has 8 warps: "
              "4 default + the 1-warp worker rounded up to a warpgroup. ptxas warns that maxnreg is ignored and "
              "uses 255 registers."),
        desc=(f"ws_tma_matmul_kernel[grid=({M // BM}, {N // BN})](a_desc, b_desc, c_desc, K={K}, STAGES={STAGES}, "
              f"num_warps={NUM_WARPS}); A[{M},{K}] fp16, B[{K},{N}] fp16, C[{M},{N}] fp16; "
              f"blocks A {BM}x{BK}, B {BK}x{BN}, C {BM}x{BN}; worker partition: 1 warp / 24 regs (TMA loader)"),
    ),
}
