"""Cases tl_attn_ws_h / tl_attn_ws_causal_h / tl_attn_ws_h_w8 / tl_attn_persistent_ws_h:
triton.language attention forwards with automatic warp specialization, built so that
Triton 3.6 specializes them on Hopper (sm_90) and they run on the H200.

The first three are the K/V-loop form of tl_attn_ws.py (`tl.range(0, hi, BLOCK_N,
warp_specialize=True)`), with O written by a plain tl.store instead of a descriptor
store (Triton 3.6.0 for sm_90 fails in NVGPUWarpSpecialization on the descriptor-store
epilogue): non-causal with num_warps=4, causal with num_warps=4, non-causal with
num_warps=8 (a different partitioning). One program computes one BLOCK_M x HEAD_DIM
tile of O = softmax(Q K^T * sm_scale) V for one (batch, head), online softmax in base 2.

tl_attn_persistent_ws_h is persistent: grid = number of SMs, each program walks
(m-block, batch*head) tiles tile_id = pid, pid + NUM_SMS, ... in a
`tl.range(..., warp_specialize=True)` tile loop, with the K/V loop inside it a plain
`range`, so the partitions live across tiles.

Q, K, V are [Z*H*N_CTX, HEAD_DIM] fp16 behind host-side TensorDescriptors; O is a
plain fp16 tensor.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import triton
import triton.language as tl

from corpus_common import compile_for, tl_desc_sig, rel_err

Z, H, N_CTX, HEAD_DIM = 2, 4, 1024, 64
BM, BN = 128, 64
NUM_STAGES = 2
DEFAULT_SMS = 132  # H200; the GPU run reads the real count


@triton.jit
def _attn_tile(q_desc, k_desc, v_desc, o_ptr, qk_scale, row0, start_m, hi, stride_om, HEAD_DIM: tl.constexpr,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, WS_INNER: tl.constexpr,
               NUM_STAGES: tl.constexpr):
    q_row = row0 + start_m * BLOCK_M
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    q = q_desc.load([q_row, 0])
    for start_n in tl.range(0, hi, BLOCK_N, num_stages=NUM_STAGES, warp_specialize=WS_INNER):
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
    cols = tl.arange(0, HEAD_DIM)
    rows = q_row + tl.arange(0, BLOCK_M)
    tl.store(o_ptr + rows[:, None] * stride_om + cols[None, :], acc.to(tl.float16))


@triton.jit
def tl_attn_ws_h_kernel(q_desc, k_desc, v_desc, o_ptr, sm_scale, N_CTX, stride_om, HEAD_DIM: tl.constexpr,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                        NUM_STAGES: tl.constexpr):
    start_m = tl.program_id(0)
    row0 = tl.program_id(1) * N_CTX
    if CAUSAL:
        hi = (start_m + 1) * BLOCK_M
    else:
        hi = N_CTX
    _attn_tile(q_desc, k_desc, v_desc, o_ptr, sm_scale * 1.4426950408889634, row0, start_m, hi, stride_om,
               HEAD_DIM, BLOCK_M, BLOCK_N, CAUSAL, True, NUM_STAGES)


@triton.jit
def tl_attn_persistent_ws_h_kernel(q_desc, k_desc, v_desc, o_ptr, sm_scale, N_CTX, ZH, stride_om,
                                   HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                                   NUM_SMS: tl.constexpr, NUM_STAGES: tl.constexpr):
    num_m = tl.cdiv(N_CTX, BLOCK_M)
    num_tiles = num_m * ZH
    for tile_id in tl.range(tl.program_id(0), num_tiles, NUM_SMS, warp_specialize=True):
        start_m = tile_id % num_m
        row0 = (tile_id // num_m) * N_CTX
        _attn_tile(q_desc, k_desc, v_desc, o_ptr, sm_scale * 1.4426950408889634, row0, start_m, N_CTX, stride_om,
                   HEAD_DIM, BLOCK_M, BLOCK_N, False, False, NUM_STAGES)


@triton.jit
def tl_attn_ws_h_dev_kernel(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, N_CTX, ROWS, stride_om, HEAD_DIM: tl.constexpr,
                            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                            NUM_STAGES: tl.constexpr):
    # The same attention with device-side descriptors: the compiler owns their block
    # shapes, so when it splits the M tile it can rewrite the Q box to match.
    q_desc = tl.make_tensor_descriptor(q_ptr, shape=[ROWS, HEAD_DIM], strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_M, HEAD_DIM])
    k_desc = tl.make_tensor_descriptor(k_ptr, shape=[ROWS, HEAD_DIM], strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_N, HEAD_DIM])
    v_desc = tl.make_tensor_descriptor(v_ptr, shape=[ROWS, HEAD_DIM], strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_N, HEAD_DIM])
    start_m = tl.program_id(0)
    row0 = tl.program_id(1) * N_CTX
    if CAUSAL:
        hi = (start_m + 1) * BLOCK_M
    else:
        hi = N_CTX
    _attn_tile(q_desc, k_desc, v_desc, o_ptr, sm_scale * 1.4426950408889634, row0, start_m, hi, stride_om,
               HEAD_DIM, BLOCK_M, BLOCK_N, CAUSAL, True, NUM_STAGES)


def _sig(persistent, dev=False):
    if dev:
        return {"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "o_ptr": "*fp16", "sm_scale": "fp32",
                "N_CTX": "i32", "ROWS": "i32", "stride_om": "i32"}
    sig = {"q_desc": tl_desc_sig("fp16", [BM, HEAD_DIM]), "k_desc": tl_desc_sig("fp16", [BN, HEAD_DIM]),
           "v_desc": tl_desc_sig("fp16", [BN, HEAD_DIM]), "o_ptr": "*fp16", "sm_scale": "fp32", "N_CTX": "i32"}
    if persistent:
        sig["ZH"] = "i32"
    sig["stride_om"] = "i32"
    return sig


def _consts(causal, persistent, num_sms=DEFAULT_SMS):
    c = {"HEAD_DIM": HEAD_DIM, "BLOCK_M": BM, "BLOCK_N": BN, "NUM_STAGES": NUM_STAGES}
    if persistent:
        c["NUM_SMS"] = num_sms
    else:
        c["CAUSAL"] = causal
    return c


def _kernel(persistent, dev=False):
    if dev:
        return tl_attn_ws_h_dev_kernel
    return tl_attn_persistent_ws_h_kernel if persistent else tl_attn_ws_h_kernel


def make_cpu(causal, num_warps, persistent=False, dev=False):
    def cpu(cc):
        ints = {"N_CTX": N_CTX, "stride_om": HEAD_DIM}
        if persistent:
            ints["ZH"] = Z * H
        if dev:
            ints["ROWS"] = Z * H * N_CTX
        return compile_for(_kernel(persistent, dev), _sig(persistent, dev), _consts(causal, persistent), cc=cc,
                           options={"num_warps": num_warps}, int_values=ints)
    return cpu


def make_gpu(causal, num_warps, persistent=False, dev=False):
    def gpu(runs, mark_launched=None):
        import torch
        from triton.tools.tensor_descriptor import TensorDescriptor
        errs, bad = [], 0
        rows = Z * H * N_CTX
        sm_scale = HEAD_DIM ** -0.5
        num_sms = torch.cuda.get_device_properties(0).multi_processor_count
        if dev:
            triton.set_allocator(lambda size, alignment, stream: torch.empty(size, device="cuda", dtype=torch.int8))
        for r in range(runs):
            q, k, v = (torch.randn(rows, HEAD_DIM, device="cuda", dtype=torch.float16) for _ in range(3))
            o = torch.full((rows, HEAD_DIM), float("nan"), device="cuda", dtype=torch.float16)
            descs = (TensorDescriptor.from_tensor(q, [BM, HEAD_DIM]), TensorDescriptor.from_tensor(k, [BN, HEAD_DIM]),
                     TensorDescriptor.from_tensor(v, [BN, HEAD_DIM]))
            if dev:
                tl_attn_ws_h_dev_kernel[(N_CTX // BM, Z * H)](q, k, v, o, sm_scale, N_CTX, rows, o.stride(0),
                                                              num_warps=num_warps, **_consts(causal, False))
            elif persistent:
                tl_attn_persistent_ws_h_kernel[(num_sms, )](*descs, o, sm_scale, N_CTX, Z * H, o.stride(0),
                                                            num_warps=num_warps,
                                                            **_consts(causal, True, num_sms))
            else:
                tl_attn_ws_h_kernel[(N_CTX // BM, Z * H)](*descs, o, sm_scale, N_CTX, o.stride(0),
                                                          num_warps=num_warps, **_consts(causal, False))
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
        out = {"runs": runs, "bad_runs": bad, "rel_err": errs, "tolerance": 1e-2}
        if persistent:
            out["num_sms"] = num_sms
        return out
    return gpu


def _desc(causal, num_warps, persistent=False, dev=False):
    if dev:
        return (f"tl_attn_ws_h_dev_kernel[grid=({N_CTX // BM}, {Z * H})](q, k, v, o, sm_scale=1/8, N_CTX={N_CTX}, "
                f"ROWS={Z * H * N_CTX}, stride_om={HEAD_DIM}, HEAD_DIM={HEAD_DIM}, BLOCK_M={BM}, BLOCK_N={BN}, "
                f"CAUSAL={causal}, NUM_STAGES={NUM_STAGES}, num_warps={num_warps}); Q/K/V [{Z * H * N_CTX}, "
                f"{HEAD_DIM}] fp16 behind device-side tl.make_tensor_descriptor (global scratch via "
                f"triton.set_allocator), O a plain fp16 tensor; K/V loop of {N_CTX // BN} blocks")
    common = (f"q_desc, k_desc, v_desc, o, sm_scale=1/8, N_CTX={N_CTX}, "
              + (f"ZH={Z * H}, " if persistent else "") + f"stride_om={HEAD_DIM}, HEAD_DIM={HEAD_DIM}, "
              f"BLOCK_M={BM}, BLOCK_N={BN}, ")
    tail = (f"NUM_STAGES={NUM_STAGES}, num_warps={num_warps}); Q/K/V [{Z * H * N_CTX}, {HEAD_DIM}] fp16 "
            f"(Z={Z}, H={H}) behind host-side TensorDescriptor.from_tensor, O a plain fp16 tensor")
    if persistent:
        return (f"tl_attn_persistent_ws_h_kernel[grid=(NUM_SMS,) (the SM count, outcome.json detail.num_sms)]("
                + common + "NUM_SMS=<SM count; 132 for compile-only>, " + tail
                + f"; {(N_CTX // BM) * Z * H} tiles, {N_CTX // BN} K/V blocks each")
    return (f"tl_attn_ws_h_kernel[grid=({N_CTX // BM}, {Z * H})](" + common + f"CAUSAL={causal}, " + tail
            + "; K/V loop of " + ("2*(start_m+1) blocks" if causal else f"{N_CTX // BN} blocks"))


_HOST_BOX = ("The kernel source has no barrier of its own: every mbarrier and SMEM ring in kernel.ttgir was placed "
             "by Triton's automatic warp specialization for Hopper. Triton 3.6 splits the 128-row M tile between "
             "two consumer warpgroups and loads Q (A) as two 64-row TMA copies, each expecting 8192 bytes, through "
             "the host-side descriptor whose box is still 128 rows (16384 bytes): each copy writes past its 8 KB "
             "slot and completes 8192 bytes more than its barrier expects. Expected tscope verdict: deadlock, with "
             "a tlx-tma-box-mismatch error on each of those copies; the fault is Triton's, not the "
             "kernel's (tl_attn_ws_h_dev is the same kernel with device-side descriptors).")
_W8 = ("tl_attn_ws_h at num_warps=8: Triton 3.6 does not specialize it (kernel.ttgir has no ttg.warp_specialize; "
       "the K/V loop is software-pipelined in one partition), so the Q tile is loaded whole, 128x64 into 128x64, "
       "and every TMA copy delivers what its barrier expects. Expected tscope verdict: clean.")
_DEV_BOX = ("tl_attn_ws_h with device-side descriptors (tl.make_tensor_descriptor): the compiler owns their box, so "
            "when automatic warp specialization splits the M tile it rewrites the Q box to 64 rows and every TMA copy "
            "delivers what its barrier expects. Expected tscope verdict: clean (no deadlock, no race); the kernel "
            "source has no barrier of its own." + "{store}")
_SPLIT_STORE = (" The same split miscompiles the O store: the second consumer partition stores rows (q_row + 64) + "
                "[64, 128), i.e. q_row + 128 .. q_row + 191, instead of q_row + 64 .. q_row + 127 (kernel.ttgir: its "
                "tt.make_range 64..128 added to q_row + 64), so half of every tile is never written, the first half "
                "of the next tile is written twice, and the last tile of the last (batch, head) writes 64 rows past "
                "the end of O: an illegal memory access. tscope's lint rule tlx-ws-store-split reports the misplaced slice; "
                "the barrier model reads no global store addresses.")
_DEV_BOX = _DEV_BOX.format(store=_SPLIT_STORE)

_DEV_W8 = ("tl_attn_ws_h_dev at num_warps=8, the control for the device-descriptor kernel: if Triton 3.6 does not "
           "specialize it, it is the same code without warp specialization.")

# What the GPU did when these kernels ran under gen.py (Triton 3.6.0, one launch per run,
# 60 s timeout). The committed sm_90 fixtures are CPU builds (byte-identical TTGIR to the GPU
# JIT's but for paths, README), since no GPU could be had when they were made.
_GPU_RUNS = {
    "tl_attn_ws_h": ("H200", "2026-12-04", "hang at run 1 (no completion within 60 s, process group killed)"),
    "tl_attn_ws_causal_h": ("H200", "2026-12-04",
                            "hang at run 1 (no completion within 60 s, process group killed)"),
    "tl_attn_ws_h_w8": ("H200", "2026-12-04", "correct in 100 of 100 runs"),
    "tl_attn_persistent_ws_h": ("H200", "2026-12-04",
                                "cuda-error at run 1 (an illegal-address/instruction CUDA error)"),
    "tl_attn_ws_h_dev": ("H100", "2026-12-05", "cuda-error at run 1 (CUDA error: an illegal memory access was "
                         "encountered)"),
}
# What o_rows_probe.py showed on an H100 (2026-12-05), O padded with 256 NaN rows.
_PROBES = {
    "tl_attn_ws_h_dev": (" o_rows_probe.py on an H100 (2026-12-05), O padded with 256 NaN rows: the kernel finished, "
                         "4096 of 8192 rows of O were never written (rows 64..127 of every 128-row tile) and 64 rows "
                         "past the end were written (8192..8255); at num_warps=8 (not specialized) every row was "
                         "written, none past the end, and gen.py's 100 of 100 runs were correct."),
    "tl_attn_persistent_ws_h": (" o_rows_probe.py --persistent on an H100 (2026-12-05), O padded with 256 rows so "
                                "the miscompiled store lands in bounds: hang in 3 of 3 launches (no completion "
                                "within 60 s), so the CUDA error above came from the O store and the barrier "
                                "protocol hangs as tscope says."),
}


def _case(causal, num_warps, persistent=False, extra="", dev=False, note=None, name=""):
    note = (note or _HOST_BOX) + extra
    ran = _GPU_RUNS.get(name)
    cpu_note = note + (f" {ran[0]} run of this kernel (gen.py, Triton 3.6.0, {ran[1]}): {ran[2]}." if ran else
                       " Not run on a GPU.") + _PROBES.get(name, "")
    return dict(gpu=make_gpu(causal, num_warps, persistent, dev), cpu=make_cpu(causal, num_warps, persistent, dev),
                cpu_targets=[90], gpu_run=True, mlir_dump=False, ptxas_log=True, runs=100,
                drop_files=["kernel.llir"], desc=_desc(causal, num_warps, persistent, dev), note=note,
                cpu_note=cpu_note)


CASES = {
    "tl_attn_ws_h": _case(False, 4, name="tl_attn_ws_h"),
    "tl_attn_ws_causal_h": _case(True, 4, name="tl_attn_ws_causal_h", extra=" CAUSAL=True: the loop bound depends on program_id(0) and the "
                                 "loop body masks with tl.where."),
    "tl_attn_ws_h_w8": _case(False, 8, name="tl_attn_ws_h_w8", note=_W8),
    "tl_attn_ws_h_dev": _case(False, 4, dev=True, note=_DEV_BOX, name="tl_attn_ws_h_dev"),
    "tl_attn_ws_h_dev_w8": _case(False, 8, dev=True, note=_DEV_W8),
    "tl_attn_persistent_ws_h": _case(False, 4, persistent=True, name="tl_attn_persistent_ws_h",
                                     extra=" Persistent: the warp-specialized loop is the tile loop; the K/V loop "
                                     "runs inside each partition." + _SPLIT_STORE),
}
