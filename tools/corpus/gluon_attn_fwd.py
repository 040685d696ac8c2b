"""Case gluon_attn_fwd (compile only, sm_100a): a Gluon attention forward for Blackwell
with one partition per job, in the style of the FlashAttention-4 design but written
small and without overlap tricks, so that every hand-off is one mbarrier.

One program computes O[BM, D] = softmax(Q K^T * qk_scale) V for one Q tile of one
(batch, head), walking n_tiles = N_CTX / BN blocks of K and V.

  * worker "load"       (1 warp):  TMA of Q once (`q_bar`), then K_j and V_j into a
    2-slot SMEM ring: waits `kv_empty[s]` (parity ((j // 2) & 1) ^ 1, so the first
    round passes on the fresh barriers), expect-tx on `kv_ready[s]`, two TMA loads.
  * worker "mma"        (1 warp):  waits `q_bar`, then per block: waits `kv_ready[s]`,
    S = Q K_j^T into `s_tmem` (tcgen05, use_acc=False) completing on `s_ready`; waits
    `p_ready` (softmax wrote P_j to SMEM) and `o_scaled` (correction rescaled O), then
    O += P_j V_j into `o_tmem` (tcgen05) completing on `kv_empty[s]` (frees the slot)
    and `pv_done`.
  * worker "softmax"    (4 warps): per block: waits `s_ready`, loads S from TMEM, running
    max m_i / sum l_i, stores alpha_j = exp2(m_old - m_new) to SMEM and arrives
    `alpha_ready`; waits `pv_done` (parity (j & 1) ^ 1: PV_{j-1} has finished reading
    `p_smem`), stores P_j (fp16) to `p_smem`, fences, arrives `p_ready`. After the loop:
    l_i to SMEM, arrives `l_ready`.
  * default "correction" (4 warps): per block: waits `alpha_ready` and `pv_done`
    (parity (j & 1) ^ 1: PV_{j-1} has finished writing O), loads O from TMEM, scales it
    by alpha_j, stores it back, arrives `o_scaled`. (At j = 0 O is not yet written and
    alpha_0 = 0; PV_0 has use_acc=False, so what it stored is overwritten.) Epilogue:
    waits the last `pv_done` and `l_ready`, O / l -> SMEM -> TMA store.

Why no slot or buffer is reused early (the orderings that are not a direct wait):
S_{j+1} is issued after the MMA worker waited `p_ready` for j, which softmax arrives after
its load of S_j; softmax writes alpha_{j+1} after `s_ready` for j+1, which follows
`o_scaled` for j, which correction arrives after reading alpha_j. No mbarrier can
complete two phases ahead of a waiter, so every parity wait is exact.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.blackwell import (
    TensorMemoryLayout, allocate_tensor_memory, get_tmem_reg_layout, tcgen05_mma, mbarrier, tma,
    fence_async_shared)

from corpus_common import compile_for, gluon_desc_sig

Z_H, N_CTX, D = 2, 1024, 64
BM, BN, KV_STAGES = 128, 64, 2
NUM_WARPS = 4


@gluon.jit
def _load(q_desc, k_desc, v_desc, q_smem, k_ring, v_ring, q_bar, kv_ready, kv_empty, q_row, kv_row, n_tiles):
    BN: gl.constexpr = k_desc.block_type.shape[0]
    STAGES: gl.constexpr = k_ring.shape[0]
    mbarrier.expect(q_bar, q_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(q_desc, [q_row, 0], q_bar, q_smem)
    for j in range(n_tiles):
        s = j % STAGES
        mbarrier.wait(kv_empty.index(s), ((j // STAGES) & 1) ^ 1)
        bar = kv_ready.index(s)
        mbarrier.expect(bar, k_desc.block_type.nbytes + v_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(k_desc, [kv_row + j * BN, 0], bar, k_ring.index(s))
        tma.async_copy_global_to_shared(v_desc, [kv_row + j * BN, 0], bar, v_ring.index(s))


@gluon.jit
def _mma(q_smem, k_ring, v_ring, p_smem, s_tmem, o_tmem, q_bar, kv_ready, kv_empty, s_ready, p_ready, o_scaled,
         pv_done, n_tiles):
    STAGES: gl.constexpr = k_ring.shape[0]
    mbarrier.wait(q_bar, 0)
    for j in range(n_tiles):
        s = j % STAGES
        mbarrier.wait(kv_ready.index(s), (j // STAGES) & 1)
        tcgen05_mma(q_smem, k_ring.index(s).permute((1, 0)), s_tmem, use_acc=False, mbarriers=[s_ready])
        mbarrier.wait(p_ready, j & 1)
        mbarrier.wait(o_scaled, j & 1)
        tcgen05_mma(p_smem, v_ring.index(s), o_tmem, use_acc=j > 0, mbarriers=[kv_empty.index(s), pv_done])


@gluon.jit
def _softmax(s_tmem, p_smem, alpha_smem, l_smem, s_ready, p_ready, alpha_ready, pv_done, l_ready, qk_scale,
             n_tiles):
    BM: gl.constexpr = s_tmem.shape[0]
    BN: gl.constexpr = s_tmem.shape[1]
    s_layout: gl.constexpr = get_tmem_reg_layout(gl.float32, (BM, BN), s_tmem.layout, gl.num_warps())
    row_layout: gl.constexpr = gl.SliceLayout(1, s_layout)
    m_i = gl.full([BM], -float("inf"), gl.float32, row_layout)
    l_i = gl.full([BM], 0.0, gl.float32, row_layout)
    for j in range(n_tiles):
        mbarrier.wait(s_ready, j & 1)
        sc = s_tmem.load(s_layout) * qk_scale
        m_new = gl.maximum(m_i, gl.max(sc, 1))
        alpha = gl.exp2(m_i - m_new)
        p = gl.exp2(sc - gl.expand_dims(m_new, 1))
        l_i = l_i * alpha + gl.sum(p, 1)
        m_i = m_new
        alpha_smem.store(alpha)
        mbarrier.arrive(alpha_ready, count=1)
        mbarrier.wait(pv_done, (j & 1) ^ 1)
        p_smem.store(p.to(gl.float16))
        fence_async_shared()
        mbarrier.arrive(p_ready, count=1)
    l_smem.store(l_i)
    mbarrier.arrive(l_ready, count=1)


@gluon.jit
def _correction(o_tmem, alpha_smem, l_smem, o_desc, alpha_ready, pv_done, o_scaled, l_ready, q_row, n_tiles):
    BM: gl.constexpr = o_tmem.shape[0]
    D: gl.constexpr = o_tmem.shape[1]
    o_layout: gl.constexpr = get_tmem_reg_layout(gl.float32, (BM, D), o_tmem.layout, gl.num_warps())
    row_layout: gl.constexpr = gl.SliceLayout(1, o_layout)
    for j in range(n_tiles):
        mbarrier.wait(alpha_ready, j & 1)
        mbarrier.wait(pv_done, (j & 1) ^ 1)
        alpha = alpha_smem.load(row_layout)
        o = o_tmem.load(o_layout)
        o_tmem.store(o * gl.expand_dims(alpha, 1))
        mbarrier.arrive(o_scaled, count=1)
    mbarrier.wait(pv_done, (n_tiles - 1) & 1)
    mbarrier.wait(l_ready, 0)
    l_i = l_smem.load(row_layout)
    o = o_tmem.load(o_layout) / gl.expand_dims(l_i, 1)
    o_smem = gl.allocate_shared_memory(o_desc.dtype, [BM, D], o_desc.layout)
    o_smem.store(o.to(o_desc.dtype))
    fence_async_shared()
    tma.async_copy_shared_to_global(o_desc, [q_row, 0], o_smem)
    tma.store_wait(pendings=0)


@gluon.jit
def gluon_attn_fwd_kernel(q_desc, k_desc, v_desc, o_desc, qk_scale, N_CTX, KV_STAGES: gl.constexpr):
    BM: gl.constexpr = q_desc.block_type.shape[0]
    D: gl.constexpr = q_desc.block_type.shape[1]
    BN: gl.constexpr = k_desc.block_type.shape[0]
    q_row = gl.program_id(1) * N_CTX + gl.program_id(0) * BM
    kv_row = gl.program_id(1) * N_CTX
    n_tiles = gl.cdiv(N_CTX, BN)

    q_smem = gl.allocate_shared_memory(q_desc.dtype, [BM, D], q_desc.layout)
    k_ring = gl.allocate_shared_memory(k_desc.dtype, [KV_STAGES, BN, D], k_desc.layout)
    v_ring = gl.allocate_shared_memory(v_desc.dtype, [KV_STAGES, BN, D], v_desc.layout)
    p_layout: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BM, BN], gl.float16)
    p_smem = gl.allocate_shared_memory(gl.float16, [BM, BN], p_layout)
    row_sl: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, order=[0])
    alpha_smem = gl.allocate_shared_memory(gl.float32, [BM], row_sl)
    l_smem = gl.allocate_shared_memory(gl.float32, [BM], row_sl)

    q_bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    kv_ready = gl.allocate_shared_memory(gl.int64, [KV_STAGES, 1], mbarrier.MBarrierLayout())
    kv_empty = gl.allocate_shared_memory(gl.int64, [KV_STAGES, 1], mbarrier.MBarrierLayout())
    s_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    p_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    alpha_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    o_scaled = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    pv_done = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    l_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(q_bar, count=1)
    for s in gl.static_range(KV_STAGES):
        mbarrier.init(kv_ready.index(s), count=1)
        mbarrier.init(kv_empty.index(s), count=1)
    mbarrier.init(s_ready, count=1)
    mbarrier.init(p_ready, count=1)
    mbarrier.init(alpha_ready, count=1)
    mbarrier.init(o_scaled, count=1)
    mbarrier.init(pv_done, count=1)
    mbarrier.init(l_ready, count=1)

    s_tmem = allocate_tensor_memory(gl.float32, [BM, BN], TensorMemoryLayout(block=(BM, BN), col_stride=1))
    o_tmem = allocate_tensor_memory(gl.float32, [BM, D], TensorMemoryLayout(block=(BM, D), col_stride=1))

    gl.warp_specialize([
        (_correction, (o_tmem, alpha_smem, l_smem, o_desc, alpha_ready, pv_done, o_scaled, l_ready, q_row, n_tiles)),
        (_load, (q_desc, k_desc, v_desc, q_smem, k_ring, v_ring, q_bar, kv_ready, kv_empty, q_row, kv_row, n_tiles)),
        (_mma, (q_smem, k_ring, v_ring, p_smem, s_tmem, o_tmem, q_bar, kv_ready, kv_empty, s_ready, p_ready, o_scaled,
                pv_done, n_tiles)),
        (_softmax, (s_tmem, p_smem, alpha_smem, l_smem, s_ready, p_ready, alpha_ready, pv_done, l_ready, qk_scale,
                    n_tiles)),
    ], [1, 1, 4], [24, 24, 192])


def _layouts():
    return (gl.NVMMASharedLayout.get_default_for([BM, D], gl.float16),
            gl.NVMMASharedLayout.get_default_for([BN, D], gl.float16))


def cpu(cc):
    q_l, kv_l = _layouts()
    sig = {"q_desc": gluon_desc_sig("fp16", [BM, D], q_l), "k_desc": gluon_desc_sig("fp16", [BN, D], kv_l),
           "v_desc": gluon_desc_sig("fp16", [BN, D], kv_l), "o_desc": gluon_desc_sig("fp16", [BM, D], q_l),
           "qk_scale": "fp32", "N_CTX": "i32"}
    return compile_for(gluon_attn_fwd_kernel, sig, {"KV_STAGES": KV_STAGES}, cc=cc, options={"num_warps": NUM_WARPS},
                       gluon=True, int_values={"N_CTX": N_CTX})


CASES = {
    "gluon_attn_fwd": dict(
        gpu=None, cpu=cpu, cpu_targets=[100], gpu_run=False, mlir_dump=False, ptxas_log=True,
        drop_files=["kernel.llir"],
        desc=(f"gluon_attn_fwd_kernel, would launch as [grid=({N_CTX // BM}, {Z_H})](q_desc, k_desc, v_desc, o_desc, "
              f"qk_scale=log2(e)/8, N_CTX={N_CTX}, KV_STAGES={KV_STAGES}, num_warps={NUM_WARPS}); Q/K/V/O "
              f"[{Z_H * N_CTX}, {D}] fp16 (batch*heads={Z_H}); blocks Q/O {BM}x{D}, K/V {BN}x{D}; "
              f"{N_CTX // BN} K/V blocks per program; default partition correction (4 warps), workers: load "
              f"1 warp/24 regs, mma 1 warp/24 regs, softmax 4 warps/192 regs"),
        cpu_note=("Expected tscope verdict: clean by construction (no deadlock, no race). Each mbarrier has one "
                  "producer completing one phase per K/V block (init count 1: one arrive, one TMA expect-tx, or one "
                  "tcgen05 completion), and every waiter waits each phase exactly once in order, with parity j & 1 "
                  "(or (j & 1) ^ 1 for the waits that stand for 'the previous block is done', which pass on the "
                  "fresh barrier at j = 0). The module docstring of tools/corpus/gluon_attn_fwd.py lists, for each "
                  "shared buffer (K/V slots, p_smem, alpha_smem, s_tmem, o_tmem), the wait that orders its writer "
                  "after its last reader, directly or through a chain of waits; no barrier can run two phases "
                  "ahead of one of its waiters.")),
}
