"""Case tl_matmul_tiles_ws (compile only, sm_100): a non-persistent triton.language
matmul in which each program computes TILES_PER_PROG consecutive output tiles, one
after the other, inside the program. The tile loop is a plain `for`; the K loop inside it
is `tl.range(0, k_tiles, warp_specialize=True)`, so Triton's automatic warp
specialization puts its `ttg.warp_specialize` inside the tile loop (one fork/join per
tile, barriers initialised per tile) rather than around a flattened persistent loop.

Tile t of program p is tile_id = p * TILES_PER_PROG + t in row-major tile order
(grid = num_tiles / TILES_PER_PROG). A and B come through host-side TensorDescriptors;
C is written with a plain masked tl.store.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import triton
import triton.language as tl

from corpus_common import compile_for, tl_desc_sig, rel_err

M, N, K = 512, 512, 512
BM, BN, BK = 128, 128, 64
TILES_PER_PROG = 4
NUM_STAGES, NUM_WARPS = 3, 4


@triton.jit
def tl_matmul_tiles_ws_kernel(a_desc, b_desc, c_ptr, M, N, K, stride_cm, BLOCK_M: tl.constexpr,
                              BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, TILES_PER_PROG: tl.constexpr,
                              NUM_STAGES: tl.constexpr):
    num_pid_n = tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    first = tl.program_id(0) * TILES_PER_PROG
    for t in range(TILES_PER_PROG):
        tile_id = first + t
        off_m = (tile_id // num_pid_n) * BLOCK_M
        off_n = (tile_id % num_pid_n) * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for kk in tl.range(0, k_tiles, num_stages=NUM_STAGES, warp_specialize=True):
            a = a_desc.load([off_m, kk * BLOCK_K])
            b = b_desc.load([kk * BLOCK_K, off_n])
            acc = tl.dot(a, b, acc)
        rows = off_m + tl.arange(0, BLOCK_M)
        cols = off_n + tl.arange(0, BLOCK_N)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc.to(tl.float16), mask=mask)


def _consts():
    return {"BLOCK_M": BM, "BLOCK_N": BN, "BLOCK_K": BK, "TILES_PER_PROG": TILES_PER_PROG, "NUM_STAGES": NUM_STAGES}


def cpu(cc):
    sig = {"a_desc": tl_desc_sig("fp16", [BM, BK]), "b_desc": tl_desc_sig("fp16", [BK, BN]), "c_ptr": "*fp16",
           "M": "i32", "N": "i32", "K": "i32", "stride_cm": "i32"}
    return compile_for(tl_matmul_tiles_ws_kernel, sig, _consts(), cc=cc, options={"num_warps": NUM_WARPS},
                       int_values={"M": M, "N": N, "K": K, "stride_cm": N})


def gpu(runs, mark_launched=None):
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor
    errs, bad = [], 0
    num_tiles = (M // BM) * (N // BN)
    for r in range(runs):
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
        tl_matmul_tiles_ws_kernel[(num_tiles // TILES_PER_PROG, )](
            TensorDescriptor.from_tensor(a, [BM, BK]), TensorDescriptor.from_tensor(b, [BK, BN]), c, M, N, K,
            c.stride(0), num_warps=NUM_WARPS, **_consts())
        if mark_launched:
            mark_launched(r)
        torch.cuda.synchronize()
        e = rel_err(c, a.double() @ b.double())
        errs.append(e)
        bad += not (e < 1e-2)
    return {"runs": runs, "bad_runs": bad, "rel_err": errs, "tolerance": 1e-2}


_SM90 = ("sm_90: the kernel source has no barrier of its own, but Triton 3.6's Hopper "
         "automatic warp specialization splits the 128-row A tile between two consumer warpgroups and loads it as "
         "two 64-row TMA copies (expect 8192 bytes each) through the host-side descriptor, whose box stays 128x64 "
         "(16384 bytes): each copy writes past its slot and over-delivers 8192 bytes. Expected tscope verdict: "
         "deadlock, with tlx-tma-box-mismatch on the A copies (a Triton bug with host descriptors, not a property "
         "of the kernel). On sm_100 the tile is not split.")

CASES = {
    "tl_matmul_tiles_ws": dict(
        gpu=gpu, cpu=cpu, cpu_targets=[100, 90], gpu_run=True, mlir_dump=False, ptxas_log=True, runs=100,
        drop_files=["kernel.llir"],
        desc=(f"tl_matmul_tiles_ws_kernel[grid=({(M // BM) * (N // BN) // TILES_PER_PROG},)](a_desc, b_desc, c, "
              f"M={M}, N={N}, K={K}, stride_cm={N}, BLOCK_M={BM}, BLOCK_N={BN}, BLOCK_K={BK}, "
              f"TILES_PER_PROG={TILES_PER_PROG}, NUM_STAGES={NUM_STAGES}, num_warps={NUM_WARPS}); fp16 A/B/C, "
              f"fp32 accumulate; host-side TensorDescriptor.from_tensor for A and B, masked tl.store for C; "
              f"{K // BK} K steps per tile"),
        note=_SM90,
        cpu_note={
            "sm_100": ("Expected tscope verdict: clean by construction (no deadlock, no race). The kernel source has "
                       "no barrier of its own: every mbarrier and SMEM slot in kernel.ttgir was placed by Triton's "
                       "automatic warp specialization around the K loop, once per output tile, so a hang or a race "
                       "would be a Triton 3.6 bug, not a property of the kernel."),
            "sm_90": (_SM90 + " H200 run of this kernel (gen.py, Triton 3.6.0, 2026-12-04): hang at run 1 (no "
                      "completion within 60 s, process group killed). This folder is the CPU build."),
        }),
}
