"""Cases tl_attn_ws / tl_attn_ws_causal (compile only, sm_100): a triton.language
attention forward whose K/V loop asks for automatic warp specialization
(`tl.range(0, hi, BLOCK_N, warp_specialize=True)`), Blackwell.

One program computes one BLOCK_M x HEAD_DIM tile of O = softmax(Q K^T * sm_scale) V for
one (batch, head): Q is loaded once, the loop walks the K/V blocks (online softmax in
base 2: running max m_i, running sum l_i, accumulator rescaled by alpha each step),
and O goes out through a tensor-descriptor store. Q, K, V, O are [Z*H*N_CTX, HEAD_DIM]
fp16 behind host-side TensorDescriptors.

CAUSAL (constexpr) stops the loop at the diagonal block (`hi = (start_m + 1) * BLOCK_M`)
and masks the scores above the diagonal inside the loop; the non-causal build runs the
loop to N_CTX. The same kernel compiled twice.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import triton
import triton.language as tl

from corpus_common import compile_for, tl_desc_sig

Z, H, N_CTX, HEAD_DIM = 1, 2, 1024, 64
BM, BN = 128, 64
NUM_STAGES, NUM_WARPS = 2, 4


@triton.jit
def tl_attn_ws_kernel(q_desc, k_desc, v_desc, o_desc, sm_scale, N_CTX, HEAD_DIM: tl.constexpr,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                      NUM_STAGES: tl.constexpr):
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    row0 = off_hz * N_CTX
    q_row = row0 + start_m * BLOCK_M
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.4426950408889634  # log2(e): exp2 below
    q = q_desc.load([q_row, 0])
    if CAUSAL:
        hi = (start_m + 1) * BLOCK_M
    else:
        hi = N_CTX
    for start_n in tl.range(0, hi, BLOCK_N, num_stages=NUM_STAGES, warp_specialize=True):
        k = k_desc.load([row0 + start_n, 0])
        qk = tl.dot(q, k.T) * qk_scale
        if CAUSAL:
            keep = offs_m[:, None] >= (start_n + offs_n)[None, :]
            qk = tl.where(keep, qk, -1.0e6)
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = v_desc.load([row0 + start_n, 0])
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    acc = acc / l_i[:, None]
    o_desc.store([q_row, 0], acc.to(tl.float16))


def _consts(causal):
    return {"HEAD_DIM": HEAD_DIM, "BLOCK_M": BM, "BLOCK_N": BN, "CAUSAL": causal, "NUM_STAGES": NUM_STAGES}


def _sig():
    return {"q_desc": tl_desc_sig("fp16", [BM, HEAD_DIM]), "k_desc": tl_desc_sig("fp16", [BN, HEAD_DIM]),
            "v_desc": tl_desc_sig("fp16", [BN, HEAD_DIM]), "o_desc": tl_desc_sig("fp16", [BM, HEAD_DIM]),
            "sm_scale": "fp32", "N_CTX": "i32"}


def make_cpu(causal):
    def cpu(cc):
        return compile_for(tl_attn_ws_kernel, _sig(), _consts(causal), cc=cc, options={"num_warps": NUM_WARPS},
                           int_values={"N_CTX": N_CTX})
    return cpu


def make_gpu(causal):
    def gpu(runs, mark_launched=None):
        import torch
        from triton.tools.tensor_descriptor import TensorDescriptor
        from corpus_common import rel_err
        errs, bad = [], 0
        rows = Z * H * N_CTX
        sm_scale = HEAD_DIM ** -0.5
        for r in range(runs):
            q, k, v = (torch.randn(rows, HEAD_DIM, device="cuda", dtype=torch.float16) for _ in range(3))
            o = torch.full((rows, HEAD_DIM), float("nan"), device="cuda", dtype=torch.float16)
            tl_attn_ws_kernel[(N_CTX // BM, Z * H)](
                TensorDescriptor.from_tensor(q, [BM, HEAD_DIM]), TensorDescriptor.from_tensor(k, [BN, HEAD_DIM]),
                TensorDescriptor.from_tensor(v, [BN, HEAD_DIM]), TensorDescriptor.from_tensor(o, [BM, HEAD_DIM]),
                sm_scale, N_CTX, num_warps=NUM_WARPS, **_consts(causal))
            if mark_launched:
                mark_launched(r)
            torch.cuda.synchronize()
            qd, kd, vd = (t.double().view(Z * H, N_CTX, HEAD_DIM) for t in (q, k, v))
            s = qd @ kd.transpose(1, 2) * sm_scale
            if causal:
                s = s.masked_fill(torch.ones(N_CTX, N_CTX, device="cuda", dtype=torch.bool).triu(1), float("-inf"))
            ref = (torch.softmax(s, -1) @ vd).view(rows, HEAD_DIM)
            e = rel_err(o, ref)
            errs.append(e)
            bad += not (e < 1e-2)
        return {"runs": runs, "bad_runs": bad, "rel_err": errs, "tolerance": 1e-2}
    return gpu


def _desc(causal):
    return (f"tl_attn_ws_kernel[grid=({N_CTX // BM}, {Z * H})](q_desc, k_desc, v_desc, o_desc, sm_scale=1/8, "
            f"N_CTX={N_CTX}, HEAD_DIM={HEAD_DIM}, BLOCK_M={BM}, BLOCK_N={BN}, CAUSAL={causal}, "
            f"NUM_STAGES={NUM_STAGES}, num_warps={NUM_WARPS}); Q/K/V/O [{Z * H * N_CTX}, {HEAD_DIM}] fp16 "
            f"(Z={Z}, H={H}) behind host-side TensorDescriptor.from_tensor; K/V loop of "
            + (f"2*(start_m+1) blocks (hi = (start_m+1)*BLOCK_M: up to and including the diagonal)" if causal
               else f"{N_CTX // BN} blocks"))


# Triton 3.6.0 for sm_90 fails in NVGPUWarpSpecialization on this kernel (the pipeline
# reproducer ends at the tt.descriptor_store epilogue, as in tl_ws_desc_store), so only sm_100.
_CLEAN = ("Expected tscope verdict: clean by construction (no deadlock, no race). The kernel source has no "
          "barrier of its own: every mbarrier, SMEM ring and TMEM buffer in kernel.ttgir was placed by Triton's "
          "automatic warp specialization (producer/consumer partitions with phases derived from the loop "
          "counter), so a hang or a race would be a Triton 3.6 bug, not a property of the kernel.")

CASES = {
    "tl_attn_ws": dict(gpu=make_gpu(False), cpu=make_cpu(False), cpu_targets=[100], gpu_run=False,
                       mlir_dump=False, ptxas_log=True, drop_files=["kernel.llir"], desc=_desc(False),
                       cpu_note=_CLEAN),
    "tl_attn_ws_causal": dict(gpu=make_gpu(True), cpu=make_cpu(True), cpu_targets=[100], gpu_run=False,
                              mlir_dump=False, ptxas_log=True, drop_files=["kernel.llir"], desc=_desc(True),
                              cpu_note=_CLEAN + " CAUSAL=True: the loop bound depends on program_id(0) and the "
                              "loop body masks with tl.where."),
}
