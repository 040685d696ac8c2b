"""Cases tma_oob_negative / tma_oob_past_end / tma_misaligned_base: TMA loads whose
box leaves the tensor, or whose descriptor is malformed.

Kernel: each program (pr, pc) TMA-loads the x tile at
    [pr * BR + SHIFT_R, pc * BC]
and TMA-stores it to y[pr * BR : (pr+1) * BR, pc * BC : (pc+1) * BC] (tma_window_kernel);
tma_devdesc_kernel writes with plain stores instead.

  tma_oob_negative : SHIFT_R = -BR/2 (a launcher "halo" bug): program row 0's box
                     starts at row -16, half of it above the tensor.
  tma_oob_past_end : SHIFT_R = 0 but the grid has 2 extra program rows, whose boxes lie
                     entirely below the last row of x (y is allocated big enough).
  tma_misaligned_base : device-side descriptor (tl.make_tensor_descriptor) whose base is
                     x_ptr + 1 element (4 bytes: TMA wants a 16-byte-aligned base).
  tma_misaligned_stride : device-side descriptor whose row stride is C+1 elements
                     (1028 bytes: TMA wants strides that are multiples of 16 bytes).
The reference for the first two is TMA's documented zero fill of out-of-bound elements.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import triton
import triton.language as tl

from corpus_common import compile_for, tl_desc_sig

R, C = 256, 256
BR, BC = 32, 64
NUM_WARPS = 4


@triton.jit
def tma_window_kernel(x_desc, y_desc, SHIFT_R: tl.constexpr, BR: tl.constexpr, BC: tl.constexpr):
    pr = tl.program_id(0)
    pc = tl.program_id(1)
    tile = x_desc.load([pr * BR + SHIFT_R, pc * BC])
    y_desc.store([pr * BR, pc * BC], tile)


@triton.jit
def tma_devdesc_kernel(x_ptr, y_ptr, R, C, BASE_OFF: tl.constexpr, STRIDE_PAD: tl.constexpr, BR: tl.constexpr,
                       BC: tl.constexpr):
    x_desc = tl.make_tensor_descriptor(x_ptr + BASE_OFF, shape=[R, C], strides=[C + STRIDE_PAD, 1],
                                       block_shape=[BR, BC])
    pr = tl.program_id(0)
    pc = tl.program_id(1)
    tile = x_desc.load([pr * BR, pc * BC])
    rows = pr * BR + tl.arange(0, BR)
    cols = pc * BC + tl.arange(0, BC)
    tl.store(y_ptr + rows[:, None] * C + cols[None, :], tile)


def make_window_cpu(shift):
    def cpu(cc):
        sig = {"x_desc": tl_desc_sig("fp32", [BR, BC]), "y_desc": tl_desc_sig("fp32", [BR, BC])}
        return compile_for(tma_window_kernel, sig, {"SHIFT_R": shift, "BR": BR, "BC": BC}, cc=cc,
                           options={"num_warps": NUM_WARPS})
    return cpu


def make_window_gpu(shift, extra_rows):
    def gpu(runs, mark_launched=None):
        import torch
        from triton.tools.tensor_descriptor import TensorDescriptor
        bad, max_abs = 0, []
        for r in range(runs):
            x = torch.randn(R, C, device="cuda", dtype=torch.float32)
            rows_out = R + extra_rows * BR
            y = torch.full((rows_out, C), float("nan"), device="cuda", dtype=torch.float32)
            xd = TensorDescriptor.from_tensor(x, [BR, BC])
            yd = TensorDescriptor.from_tensor(y, [BR, BC])
            tma_window_kernel[(rows_out // BR, C // BC)](xd, yd, shift, BR, BC, num_warps=NUM_WARPS)
            if mark_launched:
                mark_launched(r)
            torch.cuda.synchronize()
            # zero-fill reference: y[i] = x[i + shift] where that row exists, else 0
            ref = torch.zeros_like(y)
            src = torch.arange(rows_out, device="cuda") + shift
            ok = (src >= 0) & (src < R)
            ref[ok] = x[src[ok]]
            d = (y - ref).abs()
            d = torch.where(torch.isnan(d), torch.full_like(d, float("inf")), d)
            m = d.max().item()
            max_abs.append(m)
            bad += not (m == 0.0)
        return {"runs": runs, "bad_runs": bad, "max_abs_err": max_abs, "tolerance": 0.0,
                "reference": "TMA zero fill of out-of-bound rows"}
    return gpu


def make_devdesc_cpu(base_off, stride_pad):
    def cpu(cc):
        sig = {"x_ptr": "*fp32", "y_ptr": "*fp32", "R": "i32", "C": "i32"}
        return compile_for(tma_devdesc_kernel, sig, {"BASE_OFF": base_off, "STRIDE_PAD": stride_pad, "BR": BR,
                                                     "BC": BC}, cc=cc, options={"num_warps": NUM_WARPS},
                           int_values={"R": R, "C": C})
    return cpu


def make_devdesc_gpu(base_off, stride_pad):
    def gpu(runs, mark_launched=None):
        return devdesc_gpu(runs, base_off, stride_pad, mark_launched)
    return gpu


def devdesc_gpu(runs, base_off, stride_pad, mark_launched=None):
    import torch

    def alloc(size, alignment, stream):
        return torch.empty(size, device="cuda", dtype=torch.int8)

    triton.set_allocator(alloc)
    bad, max_abs = 0, []
    ld = C + stride_pad
    for r in range(runs):
        x = torch.randn(R * ld + base_off, device="cuda", dtype=torch.float32)
        y = torch.full((R, C), float("nan"), device="cuda", dtype=torch.float32)
        tma_devdesc_kernel[(R // BR, C // BC)](x, y, R, C, base_off, stride_pad, BR, BC, num_warps=NUM_WARPS)
        if mark_launched:
            mark_launched(r)
        torch.cuda.synchronize()
        ref = x[base_off:].view(R, ld)[:, :C]
        d = (y - ref).abs()
        d = torch.where(torch.isnan(d), torch.full_like(d, float("inf")), d)
        m = d.max().item()
        max_abs.append(m)
        bad += not (m == 0.0)
    return {"runs": runs, "bad_runs": bad, "max_abs_err": max_abs, "tolerance": 0.0,
            "reference": "x[BASE_OFF:] viewed as [R, C + STRIDE_PAD], first C columns"}


CASES = {
    "tma_oob_negative": dict(
        gpu=make_window_gpu(-BR // 2, 0), cpu=make_window_cpu(-BR // 2), cpu_targets=[90], gpu_run=True,
        mlir_dump=True, ptxas_log=True, runs=3,
        note=("No trap on the H200: the box rows -16..-1 of program row 0 came back zero-filled, and y matched the "
              "zero-filled shifted-window reference exactly. Read against the copy the launcher meant (SHIFT_R=0), "
              "y is silently wrong: every row is shifted down by 16 (derived from the kernel, not a separate "
              "check). The brief's expectation of CUDA error 715 for a negative TMA coordinate did not hold."),
        desc=(f"tma_window_kernel[grid=({R // BR}, {C // BC})](x_desc, y_desc, SHIFT_R={-BR // 2}, BR={BR}, "
              f"BC={BC}, num_warps={NUM_WARPS}); x, y: [{R}, {C}] fp32; host TensorDescriptors, block {BR}x{BC}; "
              f"program row 0 loads box rows [-16, 16)")),
    "tma_oob_past_end": dict(
        gpu=make_window_gpu(0, 2), cpu=make_window_cpu(0), cpu_targets=[90], gpu_run=True,
        mlir_dump=False, ptxas_log=True, runs=3,
        note="No trap: the boxes lying entirely past the last row came back as zeros (TMA zero fill).",
        desc=(f"tma_window_kernel[grid=({R // BR + 2}, {C // BC})](x_desc, y_desc, SHIFT_R=0, BR={BR}, BC={BC}, "
              f"num_warps={NUM_WARPS}); x: [{R}, {C}] fp32, y: [{R + 2 * BR}, {C}] fp32; host TensorDescriptors, "
              f"block {BR}x{BC}; program rows "
              f"{R // BR} and {R // BR + 1} load boxes entirely past the last row of x")),
    "tma_misaligned_base": dict(
        gpu=make_devdesc_gpu(1, 0), cpu=make_devdesc_cpu(1, 0), cpu_targets=[90], gpu_run=True, mlir_dump=False,
        ptxas_log=True, runs=1,
        note=("The misaligned TMA base traps as cudaErrorMisalignedAddress (716, 'misaligned address'), not as "
              "an illegal instruction (715)."),
        desc=(f"tma_devdesc_kernel[grid=({R // BR}, {C // BC})](x, y, R={R}, C={C}, BASE_OFF=1, STRIDE_PAD=0, "
              f"BR={BR}, BC={BC}, num_warps={NUM_WARPS}); x: [{R}*{C}+1] fp32 (base x+1 is 4 bytes off 16-byte "
              f"alignment), y: [{R}, {C}] fp32; device-side tl.make_tensor_descriptor")),
    "tma_misaligned_stride": dict(
        gpu=make_devdesc_gpu(0, 1), cpu=make_devdesc_cpu(0, 1), cpu_targets=[90], gpu_run=True, mlir_dump=False,
        ptxas_log=True, runs=1,
        note=("No trap: a row stride that is not a multiple of 16 bytes gives a silently wrong result. Probable "
              "cause, not verified: the tensor map holds strides in 16-byte units, so 1028 bytes reads as 1024."),
        desc=(f"tma_devdesc_kernel[grid=({R // BR}, {C // BC})](x, y, R={R}, C={C}, BASE_OFF=0, STRIDE_PAD=1, "
              f"BR={BR}, BC={BC}, num_warps={NUM_WARPS}); x: [{R}*({C}+1)] fp32 read with row stride {C + 1} "
              f"elements = {(C + 1) * 4} bytes (TMA wants a multiple of 16), y: [{R}, {C}] fp32; "
              f"device-side tl.make_tensor_descriptor")),
}
