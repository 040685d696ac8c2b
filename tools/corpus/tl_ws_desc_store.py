"""Case tl_ws_desc_store: a non-persistent triton.language TMA matmul whose K loop asks
for automatic warp specialization (tl.range(..., warp_specialize=True)) and whose
epilogue stores C through a tensor descriptor.

Seen with Triton 3.6.0 for sm_90: the Hopper pass NVGPUWarpSpecialization fails with
"'tt.descriptor_store' op tensor descriptor block and tensor types must match", so the
kernel never compiles (recorded as compile-error).  The same kernel with a plain tl.store
epilogue, or with warp_specialize=False, compiles.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import triton
import triton.language as tl

from corpus_common import compile_for, tl_desc_sig

M, N, K = 512, 512, 512
BM, BN, BK = 128, 128, 64
NUM_STAGES, NUM_WARPS = 3, 4


@triton.jit
def tl_ws_desc_store_kernel(a_desc, b_desc, c_desc, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                            BLOCK_K: tl.constexpr, NUM_STAGES: tl.constexpr):
    off_m = tl.program_id(0) * BLOCK_M
    off_n = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BLOCK_K), num_stages=NUM_STAGES, warp_specialize=True):
        a = a_desc.load([off_m, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, off_n])
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc.to(tl.float16))


def _consts():
    return {"BLOCK_M": BM, "BLOCK_N": BN, "BLOCK_K": BK, "NUM_STAGES": NUM_STAGES}


def cpu(cc):
    sig = {"a_desc": tl_desc_sig("fp16", [BM, BK]), "b_desc": tl_desc_sig("fp16", [BK, BN]),
           "c_desc": tl_desc_sig("fp16", [BM, BN]), "K": "i32"}
    return compile_for(tl_ws_desc_store_kernel, sig, _consts(), cc=cc, options={"num_warps": NUM_WARPS},
                       int_values={"K": K})


def gpu(runs, mark_launched=None):
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor
    from corpus_common import rel_err
    errs, bad = [], 0
    for r in range(runs):
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
        tl_ws_desc_store_kernel[(M // BM, N // BN)](TensorDescriptor.from_tensor(a, [BM, BK]),
                                                    TensorDescriptor.from_tensor(b, [BK, BN]),
                                                    TensorDescriptor.from_tensor(c, [BM, BN]), K,
                                                    num_warps=NUM_WARPS, **_consts())
        if mark_launched:
            mark_launched(r)
        torch.cuda.synchronize()
        e = rel_err(c, a.double() @ b.double())
        errs.append(e)
        bad += not (e < 1e-2)
    return {"runs": runs, "bad_runs": bad, "rel_err": errs, "tolerance": 1e-2}


CASES = {
    "tl_ws_desc_store": dict(
        gpu=gpu, cpu=cpu, cpu_targets=[90], gpu_run=True, mlir_dump=False, ptxas_log=True, runs=1,
        note=("Triton 3.6.0 bug, not ours: NVGPUWarpSpecialization (the sm_90 automatic warp specialization pass) "
              "rejects the descriptor store; only kernel.source.mlir and kernel.ttir exist because make_ttgir "
              "failed. The same loop with a plain tl.store epilogue, or the persistent kernel with a descriptor "
              "store (tl_persistent_matmul_ws), compiles."),
        desc=(f"tl_ws_desc_store_kernel[grid=({M // BM}, {N // BN})](a_desc, b_desc, c_desc, K={K}, "
              f"BLOCK_M={BM}, BLOCK_N={BN}, BLOCK_K={BK}, NUM_STAGES={NUM_STAGES}, num_warps={NUM_WARPS}); "
              "fp16 A/B/C; host-side TensorDescriptor.from_tensor")),
}
