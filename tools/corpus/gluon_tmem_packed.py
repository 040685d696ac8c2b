"""Cases gluon_tmem_packed_missing / gluon_tmem_packed_fixed (compile only, sm_100a):
column-packed tensor memory for `tscope barriers` (docs/Barriers.md, "Column-packed
TMEM"). An online-softmax loop in the style of attention, reduced to what the
packing needs:

  * one TMEM allocation `s_tmem` (128x128 fp32, 128 columns) is the owner;
  * `p_tmem` = s_tmem reinterpreted as 128x128 fp16 (packed, columns 0..63) and
    `alpha_tmem` = s_tmem.slice(64, 1) (column 64) are packed siblings;
  * worker "mma" (1 warp) issues S = Q @ K^T into s_tmem with use_acc=False every
    iteration (a full overwrite of columns 0..127), then O += P @ V with p_tmem as
    the MMA's TMEM operand A;
  * default "softmax" (4 warps) loads S, writes P and alpha into the siblings;
  * worker "correction" (4 warps) loads alpha and folds it into a running product.

The next iteration's S MMA overwrites alpha's column, so the correction's load of
alpha must be ordered before it. `_fixed` has that back-edge (correction arrives
`alpha_free` after its load; the MMA worker waits it, parity `(i & 1) ^ 1`, before
the S MMA). `_missing` drops both: nothing stops the MMA from clobbering alpha
before the correction read it. P's reader is the PV MMA in the MMA worker itself,
ordered before the next S MMA by tcgen05 issue order in both twins.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.blackwell import (
    TensorMemoryLayout, allocate_tensor_memory, get_tmem_reg_layout, tcgen05_mma, tcgen05_commit, mbarrier)

from corpus_common import compile_for

BM, BN, D, ITERS = 128, 128, 64, 4
NUM_WARPS = 4


@gluon.jit
def _softmax(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready,
             alpha_free, o_bar, out_o, out_alpha, n_iters):
    BM: gl.constexpr = s_tmem.shape[0]
    BN: gl.constexpr = s_tmem.shape[1]
    D: gl.constexpr = o_tmem.shape[1]
    s_layout: gl.constexpr = get_tmem_reg_layout(gl.float32, (BM, BN), s_tmem.layout, gl.num_warps())
    a_layout: gl.constexpr = get_tmem_reg_layout(gl.float32, (BM, 1), alpha_tmem.layout, gl.num_warps())
    m_i = gl.full([BM], -float("inf"), gl.float32, gl.SliceLayout(1, s_layout))
    for i in range(n_iters):
        mbarrier.wait(s_ready, i & 1)
        s = s_tmem.load(s_layout)
        m_new = gl.maximum(m_i, gl.max(s, 1))
        p = gl.exp2(s - gl.expand_dims(m_new, 1))
        p_tmem.store(p.to(gl.float16))
        mbarrier.arrive(p_ready, count=1)
        alpha = gl.convert_layout(gl.expand_dims(gl.exp2(m_i - m_new), 1), a_layout)
        alpha_tmem.store(alpha)
        mbarrier.arrive(alpha_ready, count=1)
        m_i = m_new
    o_layout: gl.constexpr = get_tmem_reg_layout(gl.float32, (BM, D), o_tmem.layout, gl.num_warps())
    mbarrier.wait(o_bar, 0)
    o = o_tmem.load(o_layout)
    rows = gl.arange(0, BM, gl.SliceLayout(1, o_layout))
    cols = gl.arange(0, D, gl.SliceLayout(0, o_layout))
    gl.store(out_o + gl.expand_dims(rows, 1) * D + gl.expand_dims(cols, 0), o)


@gluon.jit
def _correction(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready,
                alpha_free, o_bar, out_o, out_alpha, n_iters, BACK_EDGE: gl.constexpr):
    BM: gl.constexpr = s_tmem.shape[0]
    a_layout: gl.constexpr = get_tmem_reg_layout(gl.float32, (BM, 1), alpha_tmem.layout, gl.num_warps())
    prod = gl.full([BM, 1], 1.0, gl.float32, a_layout)
    for i in range(n_iters):
        mbarrier.wait(alpha_ready, i & 1)
        a = alpha_tmem.load(a_layout)
        if BACK_EDGE:
            mbarrier.arrive(alpha_free, count=1)
        prod = prod * a
    rows = gl.arange(0, BM, gl.SliceLayout(1, a_layout))
    gl.store(out_alpha + gl.expand_dims(rows, 1), prod)


@gluon.jit
def _mma(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready,
         alpha_free, o_bar, out_o, out_alpha, n_iters, BACK_EDGE: gl.constexpr):
    for i in range(n_iters):
        if BACK_EDGE:
            mbarrier.wait(alpha_free, (i & 1) ^ 1)
        tcgen05_mma(q_smem, k_smem.permute((1, 0)), s_tmem, use_acc=False, mbarriers=[s_ready])
        mbarrier.wait(p_ready, i & 1)
        tcgen05_mma(p_tmem, v_smem, o_tmem, use_acc=i > 0)
    tcgen05_commit(o_bar)


@gluon.jit
def _correction_edge(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready,
                     alpha_free, o_bar, out_o, out_alpha, n_iters):
    _correction(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready, alpha_free,
                o_bar, out_o, out_alpha, n_iters, True)


@gluon.jit
def _correction_no_edge(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready,
                        alpha_free, o_bar, out_o, out_alpha, n_iters):
    _correction(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready, alpha_free,
                o_bar, out_o, out_alpha, n_iters, False)


@gluon.jit
def _mma_edge(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready,
              alpha_free, o_bar, out_o, out_alpha, n_iters):
    _mma(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready, alpha_free,
         o_bar, out_o, out_alpha, n_iters, True)


@gluon.jit
def _mma_no_edge(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready,
                 alpha_free, o_bar, out_o, out_alpha, n_iters):
    _mma(s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready, alpha_free,
         o_bar, out_o, out_alpha, n_iters, False)


@gluon.jit
def tmem_packed_kernel(q_ptr, k_ptr, v_ptr, out_o, out_alpha, n_iters, BM: gl.constexpr, BN: gl.constexpr,
                       D: gl.constexpr, BACK_EDGE: gl.constexpr):
    ld: gl.constexpr = gl.BlockedLayout([1, 8], [4, 8], [gl.num_warps(), 1], [1, 0])
    qk_sl: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BM, D], gl.float16)
    r = gl.arange(0, BM, gl.SliceLayout(1, ld))
    c = gl.arange(0, D, gl.SliceLayout(0, ld))
    q = gl.load(q_ptr + gl.expand_dims(r, 1) * D + gl.expand_dims(c, 0))
    k = gl.load(k_ptr + gl.expand_dims(r, 1) * D + gl.expand_dims(c, 0))
    v = gl.load(v_ptr + gl.expand_dims(r, 1) * D + gl.expand_dims(c, 0))
    q_smem = gl.allocate_shared_memory(gl.float16, [BM, D], qk_sl, q)
    k_smem = gl.allocate_shared_memory(gl.float16, [BN, D], qk_sl, k)
    v_smem = gl.allocate_shared_memory(gl.float16, [BN, D], qk_sl, v)

    s_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    p_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    alpha_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    alpha_free = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    o_bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(s_ready, count=1)
    mbarrier.init(p_ready, count=1)
    mbarrier.init(alpha_ready, count=1)
    mbarrier.init(alpha_free, count=1)
    mbarrier.init(o_bar, count=1)

    s_layout: gl.constexpr = TensorMemoryLayout(block=(BM, BN), col_stride=1)
    p_layout: gl.constexpr = TensorMemoryLayout(block=(BM, BN), col_stride=1)
    o_layout: gl.constexpr = TensorMemoryLayout(block=(BM, D), col_stride=1)
    s_tmem = allocate_tensor_memory(gl.float32, [BM, BN], s_layout)
    p_tmem = s_tmem._reinterpret(gl.float16, [BM, BN], p_layout)
    alpha_tmem = s_tmem.slice(BN // 2, 1)
    o_tmem = allocate_tensor_memory(gl.float32, [BM, D], o_layout)

    # BACK_EDGE picks the partition functions: a constexpr inside the argument
    # tuple would reach the partitions as a runtime i1 (an scf.if in both twins).
    args = (s_tmem, p_tmem, alpha_tmem, o_tmem, q_smem, k_smem, v_smem, s_ready, p_ready, alpha_ready, alpha_free,
            o_bar, out_o, out_alpha, n_iters)
    if BACK_EDGE:
        gl.warp_specialize([(_softmax, args), (_correction_edge, args), (_mma_edge, args)], [4, 1], [192, 24])
    else:
        gl.warp_specialize([(_softmax, args), (_correction_no_edge, args), (_mma_no_edge, args)], [4, 1],
                           [192, 24])


def _cpu(back_edge):
    def cpu(cc):
        sig = {"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "out_o": "*fp32", "out_alpha": "*fp32",
               "n_iters": "i32"}
        return compile_for(tmem_packed_kernel, sig, {"BM": BM, "BN": BN, "D": D, "BACK_EDGE": back_edge}, cc=cc,
                           options={"num_warps": NUM_WARPS}, gluon=True, int_values={"n_iters": ITERS})
    return cpu


_DESC = (f"tmem_packed_kernel, would launch as [grid=(1,)](q[{BM},{D}], k[{BN},{D}], v[{BN},{D}] fp16, "
         f"out_o[{BM},{D}], out_alpha[{BM}] fp32, n_iters={ITERS}, num_warps={NUM_WARPS}); workers: correction "
         f"4 warps, mma 1 warp")

CASES = {
    "gluon_tmem_packed_fixed": dict(
        gpu=None, cpu=_cpu(True), cpu_targets=[100], gpu_run=False, mlir_dump=False, ptxas_log=False, desc=_DESC,
        cpu_note=("Correct by construction: the correction worker arrives `alpha_free` after loading alpha from "
                  "column 64 of `s_tmem`, and the MMA worker waits `alpha_free` (parity `(i & 1) ^ 1`, so the first "
                  "wait passes on the fresh barrier) before the next use_acc=False S MMA overwrites the column. "
                  "tscope barriers must report the packed owner `s_tmem` with its back-edge ordered.")),
    "gluon_tmem_packed_missing": dict(
        gpu=None, cpu=_cpu(False), cpu_targets=[100], gpu_run=False, mlir_dump=False, ptxas_log=False, desc=_DESC,
        cpu_note=("Wrong by construction: as `gluon_tmem_packed_fixed` without `alpha_free`. After `p_ready` the "
                  "MMA worker may issue the next S MMA (use_acc=False, all 128 columns of `s_tmem`) before the "
                  "correction worker has loaded alpha from column 64, so out_alpha can hold S values instead of "
                  "exp2(m_old - m_new). tscope barriers must report the back-edge MISSING.")),
}
