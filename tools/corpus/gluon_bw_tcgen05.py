"""Case gluon_bw_tcgen05 (compile only, sm_100a): Gluon warp-specialized matmul for
Blackwell, the case-1 design moved onto tcgen05 + tensor memory.

C[M, N] (fp16) = A[M, K] (fp16) @ B[K, N] (fp16), fp32 accumulator in TMEM.

  * worker "loader"  (1 warp, 24 regs): TMA loads of A/B tiles into a STAGES-deep
    SMEM ring, gated by `empty` mbarriers, completing on `ready` mbarriers.
  * worker "mma"     (1 warp, 24 regs): waits `ready[s]`, issues tcgen05_mma into
    the TMEM accumulator with mbarriers=[empty[s]] (the MMA's completion frees the
    slot), then tcgen05_commit(acc_bar) after the last K step.
  * default "epilogue" (4 warps): waits acc_bar, TMEM -> registers -> SMEM -> TMA store.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.blackwell import (
    TensorMemoryLayout, allocate_tensor_memory, get_tmem_reg_layout, tcgen05_mma, tcgen05_commit,
    mbarrier, tma, fence_async_shared)

from corpus_common import compile_for, gluon_desc_sig

M, N, K = 512, 512, 512
BM, BN, BK, STAGES = 128, 128, 64, 3
NUM_WARPS = 4


@gluon.jit
def _bw_loader(a_desc, b_desc, a_ring, b_ring, ready, empty, acc_tmem, acc_bar, off_m, off_n, k_tiles,
               STAGES: gl.constexpr):
    BK: gl.constexpr = a_desc.block_type.shape[1]
    for kt in range(k_tiles):
        slot = kt % STAGES
        mbarrier.wait(empty.index(slot), ((kt // STAGES) & 1) ^ 1)
        bar = ready.index(slot)
        mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(a_desc, [off_m, kt * BK], bar, a_ring.index(slot))
        tma.async_copy_global_to_shared(b_desc, [kt * BK, off_n], bar, b_ring.index(slot))


@gluon.jit
def _bw_mma(a_desc, b_desc, a_ring, b_ring, ready, empty, acc_tmem, acc_bar, off_m, off_n, k_tiles,
            STAGES: gl.constexpr):
    for kt in range(k_tiles):
        slot = kt % STAGES
        mbarrier.wait(ready.index(slot), (kt // STAGES) & 1)
        tcgen05_mma(a_ring.index(slot), b_ring.index(slot), acc_tmem, use_acc=kt > 0,
                    mbarriers=[empty.index(slot)])
    tcgen05_commit(acc_bar)


@gluon.jit
def _bw_epilogue(acc_tmem, acc_bar, c_desc, off_m, off_n, BM: gl.constexpr, BN: gl.constexpr):
    reg_layout: gl.constexpr = get_tmem_reg_layout(gl.float32, (BM, BN), acc_tmem.layout, gl.num_warps())
    mbarrier.wait(acc_bar, 0)
    acc = acc_tmem.load(reg_layout)
    c_smem = gl.allocate_shared_memory(c_desc.dtype, [BM, BN], c_desc.layout)
    c_smem.store(acc.to(c_desc.dtype))
    fence_async_shared()
    tma.async_copy_shared_to_global(c_desc, [off_m, off_n], c_smem)
    tma.store_wait(pendings=0)


@gluon.jit
def bw_ws_matmul_kernel(a_desc, b_desc, c_desc, K, STAGES: gl.constexpr):
    BM: gl.constexpr = c_desc.block_type.shape[0]
    BN: gl.constexpr = c_desc.block_type.shape[1]
    BK: gl.constexpr = a_desc.block_type.shape[1]
    a_ring = gl.allocate_shared_memory(a_desc.dtype, [STAGES, BM, BK], a_desc.layout)
    b_ring = gl.allocate_shared_memory(b_desc.dtype, [STAGES, BK, BN], b_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    acc_bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        mbarrier.init(empty.index(s), count=1)
    mbarrier.init(acc_bar, count=1)

    tmem_layout: gl.constexpr = TensorMemoryLayout(block=(BM, BN), col_stride=1)
    acc_tmem = allocate_tensor_memory(gl.float32, [BM, BN], tmem_layout)

    off_m = gl.program_id(0) * BM
    off_n = gl.program_id(1) * BN
    k_tiles = gl.cdiv(K, BK)
    worker_args = (a_desc, b_desc, a_ring, b_ring, ready, empty, acc_tmem, acc_bar, off_m, off_n, k_tiles, STAGES)
    gl.warp_specialize([
        (_bw_epilogue, (acc_tmem, acc_bar, c_desc, off_m, off_n, BM, BN)),
        (_bw_loader, worker_args),
        (_bw_mma, worker_args),
    ], [1, 1], [24, 24])


def _layouts():
    return (gl.NVMMASharedLayout.get_default_for([BM, BK], gl.float16),
            gl.NVMMASharedLayout.get_default_for([BK, BN], gl.float16),
            gl.NVMMASharedLayout.get_default_for([BM, BN], gl.float16))


def cpu(cc):
    a_l, b_l, c_l = _layouts()
    sig = {"a_desc": gluon_desc_sig("fp16", [BM, BK], a_l), "b_desc": gluon_desc_sig("fp16", [BK, BN], b_l),
           "c_desc": gluon_desc_sig("fp16", [BM, BN], c_l), "K": "i32"}
    return compile_for(bw_ws_matmul_kernel, sig, {"STAGES": STAGES}, cc=cc, options={"num_warps": NUM_WARPS},
                       gluon=True, int_values={"K": K})


CASES = {
    "gluon_bw_tcgen05": dict(
        gpu=None, cpu=cpu, cpu_targets=[100], gpu_run=False, mlir_dump=False, ptxas_log=True,
        desc=(f"bw_ws_matmul_kernel, would launch as [grid=({M // BM}, {N // BN})](a_desc, b_desc, c_desc, K={K}, "
              f"STAGES={STAGES}, num_warps={NUM_WARPS}); A[{M},{K}] B[{K},{N}] C[{M},{N}] fp16; blocks "
              f"{BM}x{BK}, {BK}x{BN}, {BM}x{BN}; workers: loader 1 warp/24 regs, mma 1 warp/24 regs"),
    ),
}
