"""Case tl_fence_insertion: a triton.language matmul whose B operand is computed in
registers, so Triton itself must put it back into shared memory for wgmma and fence it.

C[M, N] (fp16) = A[M, K] @ (B[K, N] * 0.5) with fp16 inputs, fp32 accumulation. A and B
come through host-side tensor descriptors (TMA loads); B is scaled in registers, which
makes the TTGIR write it into SMEM with a generic-proxy store (local_alloc with a value)
that the wgmma reads through the async proxy. Triton's FenceInsertion pass
(make_ttgir) adds the fence.proxy.async before the wgmma; C is written with a TMA store
whose lowering adds its own fence. tscope must find every pair fenced.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import triton
import triton.language as tl

from corpus_common import compile_for, tl_desc_sig, rel_err

M, N, K = 512, 256, 512
BM, BN, BK = 128, 64, 64
NUM_STAGES, NUM_WARPS = 3, 4


@triton.jit
def tl_fence_insertion_kernel(a_desc, b_desc, c_desc, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                              BLOCK_K: tl.constexpr, NUM_STAGES: tl.constexpr):
    off_m = tl.program_id(0) * BLOCK_M
    off_n = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BLOCK_K), num_stages=NUM_STAGES):
        a = a_desc.load([off_m, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, off_n])
        b = (b.to(tl.float32) * 0.5).to(tl.float16)  # computed in registers: back to SMEM for wgmma
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc.to(tl.float16))


def _consts():
    return {"BLOCK_M": BM, "BLOCK_N": BN, "BLOCK_K": BK, "NUM_STAGES": NUM_STAGES}


def cpu(cc):
    sig = {"a_desc": tl_desc_sig("fp16", [BM, BK]), "b_desc": tl_desc_sig("fp16", [BK, BN]),
           "c_desc": tl_desc_sig("fp16", [BM, BN]), "K": "i32"}
    return compile_for(tl_fence_insertion_kernel, sig, _consts(), cc=cc, options={"num_warps": NUM_WARPS},
                       int_values={"K": K})


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
        tl_fence_insertion_kernel[(M // BM, N // BN)](ad, bd, cd, K, num_warps=NUM_WARPS, **_consts())
        if mark_launched:
            mark_launched(r)
        torch.cuda.synchronize()
        e = rel_err(c, a.double() @ (b.double() * 0.5))
        errs.append(e)
        bad += not (e < 1e-2)
    return {"runs": runs, "bad_runs": bad, "rel_err": errs, "tolerance": 1e-2}


CASES = {
    "tl_fence_insertion": dict(
        gpu=gpu, cpu=cpu, cpu_targets=[90], gpu_run=True, mlir_dump=False, ptxas_log=False, runs=10,
        desc=(f"tl_fence_insertion_kernel[grid=({M // BM}, {N // BN})](a_desc, b_desc, c_desc, K={K}, "
              f"BLOCK_M={BM}, BLOCK_N={BN}, BLOCK_K={BK}, NUM_STAGES={NUM_STAGES}, num_warps={NUM_WARPS}); "
              "fp16 A, B, C; B scaled by 0.5 in registers; host-side TensorDescriptor.from_tensor"),
        note=("Triton's own fences: FenceInsertion before the wgmma that reads the re-stored B, and the TMA "
              "store lowering's fence before the epilogue store."),
    ),
}
