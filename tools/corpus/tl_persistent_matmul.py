"""Case tl_persistent_matmul: persistent triton.language matmul.

grid = number of SMs; each program walks output tiles tile_id = pid, pid+NUM_SMS, ...
over a (tile, k) loop nest: `tl.range(..., flatten=FLATTEN, warp_specialize=WS)`;
case tl_persistent_matmul uses FLATTEN=True, WS=False, case tl_persistent_matmul_ws
FLATTEN=False, WS=True (Hopper/Blackwell automatic warp specialization).
Operands come through device-side tensor descriptors (tl.make_tensor_descriptor),
so the kernel builds its TMA descriptors in global scratch memory (triton.set_allocator).
Tiles are visited in GROUP_M-grouped order for L2 reuse.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import triton
import triton.language as tl

from corpus_common import compile_for, rel_err

M, N, K = 2048, 2048, 1024
BM, BN, BK, GROUP_M = 128, 64, 64, 8
NUM_STAGES, NUM_WARPS = 3, 4
DEFAULT_SMS = 132  # H200; the GPU run reads the real count


@triton.jit
def _tile_coords(tile_id, num_pid_m, num_pid_n, GROUP_M: tl.constexpr):
    per_group = GROUP_M * num_pid_n
    group = tile_id // per_group
    first_m = group * GROUP_M
    rows = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + (tile_id % per_group) % rows
    pid_n = (tile_id % per_group) // rows
    return pid_m, pid_n


@triton.jit
def tl_persistent_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                                GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr, NUM_STAGES: tl.constexpr,
                                FLATTEN: tl.constexpr, WS: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    num_tiles = num_pid_m * num_pid_n
    for tile_id in tl.range(tl.program_id(0), num_tiles, NUM_SMS, flatten=FLATTEN, warp_specialize=WS,
                            num_stages=NUM_STAGES):
        pid_m, pid_n = _tile_coords(tile_id, num_pid_m, num_pid_n, GROUP_M)
        off_m = pid_m * BLOCK_M
        off_n = pid_n * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for kk in range(k_tiles):
            a = a_desc.load([off_m, kk * BLOCK_K])
            b = b_desc.load([kk * BLOCK_K, off_n])
            acc = tl.dot(a, b, acc)
        c_desc.store([off_m, off_n], acc.to(tl.float16))


def _consts(num_sms, ws, cc=90):
    # Triton 3.6, seen here: on sm_90 warp_specialize=True takes effect only on the
    # non-flattened loop nest (with flatten=True the Hopper pass NVGPUWarpSpecialization
    # leaves the loop alone); on sm_100 the non-flattened nest fails in
    # TritonGPUAutomaticWarpSpecialization/NVWSInsertAref, the flattened one works.
    # So the WS variant flattens only for sm_100.
    flatten = (not ws) or cc >= 100
    return {"BLOCK_M": BM, "BLOCK_N": BN, "BLOCK_K": BK, "GROUP_M": GROUP_M, "NUM_SMS": num_sms,
            "NUM_STAGES": NUM_STAGES, "FLATTEN": flatten, "WS": ws}


def make_cpu(ws):
    def cpu(cc):
        sig = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32"}
        return compile_for(tl_persistent_matmul_kernel, sig, _consts(DEFAULT_SMS, ws, cc), cc=cc,
                           options={"num_warps": NUM_WARPS}, int_values={"M": M, "N": N, "K": K})
    return cpu


def make_gpu(ws):
    def gpu(runs, mark_launched=None):
        import torch
        num_sms = torch.cuda.get_device_properties(0).multi_processor_count

        def alloc(size, alignment, stream):
            return torch.empty(size, device="cuda", dtype=torch.int8)

        triton.set_allocator(alloc)
        errs, bad = [], 0
        for r in range(runs):
            a = torch.randn(M, K, device="cuda", dtype=torch.float16)
            b = torch.randn(K, N, device="cuda", dtype=torch.float16)
            c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
            tl_persistent_matmul_kernel[(num_sms, )](a, b, c, M, N, K, num_warps=NUM_WARPS, **_consts(num_sms, ws))
            if mark_launched:
                mark_launched(r)
            torch.cuda.synchronize()
            e = rel_err(c, a.double() @ b.double())
            errs.append(e)
            bad += not (e < 1e-2)
        return {"runs": runs, "bad_runs": bad, "rel_err": errs, "tolerance": 1e-2, "num_sms": num_sms}
    return gpu


def _desc(ws):
    return (f"tl_persistent_matmul_kernel[grid=(NUM_SMS,) (the SM count, outcome.json detail.num_sms)](a, b, c, M={M}, N={N}, K={K}, "
            f"BLOCK_M={BM}, BLOCK_N={BN}, BLOCK_K={BK}, GROUP_M={GROUP_M}, NUM_SMS=<SM count; 132 for compile-only>, "
            f"NUM_STAGES={NUM_STAGES}, FLATTEN={not ws} (sm_90; True for sm_100), WS={ws}, num_warps={NUM_WARPS}); fp16 in/out, fp32 accumulate; "
            f"device-side tl.make_tensor_descriptor (global scratch via triton.set_allocator); "
            f"{(M // BM) * (N // BN)} tiles")


CASES = {
    "tl_persistent_matmul": dict(gpu=make_gpu(False), cpu=make_cpu(False), cpu_targets=[90, 100], gpu_run=True,
                                 mlir_dump=False, ptxas_log=True, desc=_desc(False)),
    "tl_persistent_matmul_ws": dict(gpu=make_gpu(True), cpu=make_cpu(True), cpu_targets=[90, 100], gpu_run=True,
                                    mlir_dump=False, ptxas_log=True, desc=_desc(True),
                                    note=("sm_90 automatic warp specialization took effect: kernel.ttgir holds "
                                          "ttg.warp_specialize and the kernel runs 12 warps (num_warps=4 asked). "
                                          "With FLATTEN=True it does not take effect on sm_90."),
                                    cpu_note=("sm_100 build uses FLATTEN=True: the non-flattened nest fails in "
                                              "TritonGPUAutomaticWarpSpecialization / NVWSInsertAref with Triton "
                                              "3.6.0.")),
}
