"""Case tl_tma_matmul: triton.language matmul whose operands come through TMA.

Host-side tensor descriptors (triton.tools.tensor_descriptor.TensorDescriptor) are
passed as kernel arguments; the kernel reads A/B tiles with desc.load() (lowered to
cp.async.bulk.tensor + mbarrier on sm_90) and writes C with desc.store() (TMA store).
K=520 is not a multiple of BLOCK_K=64, so the last K tile is partly out of bounds and
relies on TMA zero fill; M and N are not multiples of the tile either.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import triton
import triton.language as tl

from corpus_common import compile_for, tl_desc_sig, rel_err

M, N, K = 1000, 776, 520
BM, BN, BK = 128, 64, 64
NUM_STAGES, NUM_WARPS = 3, 4


@triton.jit
def tl_tma_matmul_kernel(a_desc, b_desc, c_desc, M, N, K,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                         NUM_STAGES: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    off_m = pid_m * BLOCK_M
    off_n = pid_n * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BLOCK_K), num_stages=NUM_STAGES):
        a = a_desc.load([off_m, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, off_n])
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc.to(tl.float16))


def _consts():
    return {"BLOCK_M": BM, "BLOCK_N": BN, "BLOCK_K": BK, "NUM_STAGES": NUM_STAGES}


def cpu(cc):
    sig = {"a_desc": tl_desc_sig("fp16", [BM, BK]), "b_desc": tl_desc_sig("fp16", [BK, BN]),
           "c_desc": tl_desc_sig("fp16", [BM, BN]), "M": "i32", "N": "i32", "K": "i32"}
    return compile_for(tl_tma_matmul_kernel, sig, _consts(), cc=cc, options={"num_warps": NUM_WARPS},
                       int_values={"M": M, "N": N, "K": K})


def gpu(runs, mark_launched=None):
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor
    errs, bad = [], 0
    for r in range(runs):
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
        ad = TensorDescriptor.from_tensor(a, [BM, BK])
        bd = TensorDescriptor.from_tensor(b, [BK, BN])
        cd = TensorDescriptor.from_tensor(c, [BM, BN])
        grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
        tl_tma_matmul_kernel[grid](ad, bd, cd, M, N, K, num_warps=NUM_WARPS, **_consts())
        if mark_launched:
            mark_launched(r)
        torch.cuda.synchronize()
        e = rel_err(c, a.double() @ b.double())
        errs.append(e)
        bad += not (e < 1e-2)
    return {"runs": runs, "bad_runs": bad, "rel_err": errs, "tolerance": 1e-2}


CASES = {
    "tl_tma_matmul": dict(
        gpu=gpu, cpu=cpu, cpu_targets=[90, 100], gpu_run=True, mlir_dump=False, ptxas_log=True,
        desc=(f"tl_tma_matmul_kernel[grid=(cdiv({M},{BM}), cdiv({N},{BN}))=({-(-M // BM)}, {-(-N // BN)})]"
              f"(a_desc, b_desc, c_desc, M={M}, N={N}, K={K}, BLOCK_M={BM}, BLOCK_N={BN}, BLOCK_K={BK}, "
              f"NUM_STAGES={NUM_STAGES}, num_warps={NUM_WARPS}); fp16 inputs/outputs, fp32 accumulate; "
              "host-side TensorDescriptor.from_tensor for A, B, C"),
    ),
}
