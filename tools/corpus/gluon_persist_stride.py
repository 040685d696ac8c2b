"""Cases gluon_persist_stride / gluon_persist_stride_fixed: a persistent Gluon kernel whose
strip loop strides by a constexpr (NUM_SMS, as autoWS persistent kernels and the Triton
tutorials write it), with a 2-deep strip ring that keeps the producer at most two strips
ahead of the consumer (the shape of a TMEM accumulator double buffer).

y[R, C] = 2 * x[R, C] + 1 (fp32). A strip is BR rows; program p walks strips p, p + NUM_SMS,
... (n_strips = R // BR), each in C // BC column tiles. A 1-warp producer TMA-loads tiles
into a STAGES-slot ring (`ready` with expect-tx, `empty` released by the consumer; the
ring counter runs across strips); the 4-warp consumer stores y. Before its j-th strip the
producer waits `sfree[j % 2]`, which the consumer arrives on after finishing strip j:

  BUG 1  the producer waits `sfree[j % 2]` with parity 1 at every strip: right on the ring's
         first lap (a fresh barrier passes parity 1), wrong from the third strip of a
         program on. The producer cannot get there before the consumer released strip 0
         (the `empty` ring keeps it STAGES tiles ahead, C // BC > STAGES), so the wait is for
         a phase that needs strip 2's tiles, which the producer has not loaded: a hang
         whenever a program has 3 or more strips (R > 2 * NUM_SMS * BR).
  BUG 0  fixed twin: parity ((j // 2) & 1) ^ 1.

With NUM_SMS = 132 a program gets a third strip only past 8 448 rows. tscope's sweep of
unbound inputs (1 ... 256) gives each program one strip; its coverage run (docs/Deadlock.md,
"A second use of every barrier slot") grows R until a program waits on an sfree slot twice.

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import tma, mbarrier, fence_async_shared

from corpus_common import affine_runs, compile_for, gluon_desc_sig

R, C = 32768, 1024
BR, BC, STAGES = 32, 128, 2
NUM_SMS = 132  # the H200's SM count: the GPU run launches NUM_SMS programs
NUM_WARPS = 4


@gluon.jit
def _ps_producer(x_desc, ring, ready, empty, sfree, R, C, NUM_SMS: gl.constexpr, STAGES: gl.constexpr,
                 BUG: gl.constexpr):
    BR: gl.constexpr = x_desc.block_type.shape[0]
    BC: gl.constexpr = x_desc.block_type.shape[1]
    n_k = C // BC
    n_strips = R // BR
    if n_k == 0:
        n_strips = 0  # no tiles: nothing would pace the consumer's arrives on sfree
    it = 0
    j = 0
    for strip in range(gl.program_id(0), n_strips, NUM_SMS):
        if BUG == 1:
            mbarrier.wait(sfree.index(j % 2), 1)
        else:
            mbarrier.wait(sfree.index(j % 2), ((j // 2) & 1) ^ 1)
        for k in range(n_k):
            slot = it % STAGES
            mbarrier.wait(empty.index(slot), ((it // STAGES) & 1) ^ 1)
            mbarrier.expect(ready.index(slot), x_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(x_desc, [strip * BR, k * BC], ready.index(slot), ring.index(slot))
            it += 1
        j += 1


@gluon.jit
def _ps_consumer(y_ptr, ring, ready, empty, sfree, R, C, NUM_SMS: gl.constexpr, STAGES: gl.constexpr,
                 BR: gl.constexpr, BC: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [1, 32], [gl.num_warps(), 1], [1, 0])
    n_k = C // BC
    n_strips = R // BR
    if n_k == 0:
        n_strips = 0
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    it = 0
    j = 0
    for strip in range(gl.program_id(0), n_strips, NUM_SMS):
        rows = strip * BR + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
        for k in range(n_k):
            slot = it % STAGES
            mbarrier.wait(ready.index(slot), (it // STAGES) & 1)
            v = ring.index(slot).load(layout)
            # order the generic-proxy smem read before the next TMA (async proxy) write
            fence_async_shared()
            mbarrier.arrive(empty.index(slot))
            offs = rows[:, None] * C + (k * BC + cols)[None, :]
            gl.store(y_ptr + offs, v * 2.0 + 1.0)
            it += 1
        mbarrier.arrive(sfree.index(j % 2))
        j += 1


@gluon.jit
def persist_stride_kernel(x_desc, y_ptr, R, C, NUM_SMS: gl.constexpr, STAGES: gl.constexpr, BUG: gl.constexpr):
    BR: gl.constexpr = x_desc.block_type.shape[0]
    BC: gl.constexpr = x_desc.block_type.shape[1]
    ring = gl.allocate_shared_memory(x_desc.dtype, [STAGES, BR, BC], x_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    sfree = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        mbarrier.init(empty.index(s), count=1)
    for s in gl.static_range(2):
        mbarrier.init(sfree.index(s), count=1)
    gl.warp_specialize([
        (_ps_consumer, (y_ptr, ring, ready, empty, sfree, R, C, NUM_SMS, STAGES, BR, BC)),
        (_ps_producer, (x_desc, ring, ready, empty, sfree, R, C, NUM_SMS, STAGES, BUG)),
    ], [1], [24])


def _layout():
    return gl.NVMMASharedLayout.get_default_for([BR, BC], gl.float32)


def _consts(bug):
    return {"NUM_SMS": NUM_SMS, "STAGES": STAGES, "BUG": bug}


def make_cpu(bug):
    def cpu(cc):
        sig = {"x_desc": gluon_desc_sig("fp32", [BR, BC], _layout()), "y_ptr": "*fp32", "R": "i32", "C": "i32"}
        return compile_for(persist_stride_kernel, sig, _consts(bug), cc=cc, options={"num_warps": NUM_WARPS},
                           gluon=True, int_values={"R": R, "C": C})
    return cpu


def make_gpu(bug, rows_list):
    """One launch (per run) at each R of rows_list, in order; a hang ends the case."""
    def gpu(runs, mark_launched=None):
        import torch
        from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
        sms = torch.cuda.get_device_properties(0).multi_processor_count
        if sms != NUM_SMS:
            raise RuntimeError(f"compiled for {NUM_SMS} SMs, the GPU has {sms}")

        def launch(x, y):
            xd = TensorDescriptor.from_tensor(x, [BR, BC], _layout())
            persist_stride_kernel[(NUM_SMS, )](xd, y, x.shape[0], C, num_warps=NUM_WARPS, **_consts(bug))
        return affine_runs(launch, [(rows, rows, C) for rows in rows_list], runs, mark_launched, "R")
    return gpu


def _desc(bug, rows):
    return (f"persist_stride_kernel[grid=({NUM_SMS},)](x_desc, y, R, C={C}, NUM_SMS={NUM_SMS}, STAGES={STAGES}, "
            f"BUG={bug}, num_warps={NUM_WARPS}) at R = {', '.join(str(r) for r in rows)} in that order; "
            f"x, y: [R, {C}] fp32; x_desc block {BR}x{BC}; R // {BR} strips, program p takes strips p, p + "
            f"{NUM_SMS}, ...; {C // BC} tiles per strip; worker: 1 warp / 24 regs")


# R = 4224: 132 strips, one per program; 8448: two per program; 32768: 1024 strips, 7 or 8 per program.
_ROWS_FIXED = [4224, 8448, 32768]
_ROWS_BUG = [4224, 8448, 32768]

CASES = {
    "gluon_persist_stride_fixed": dict(gpu=make_gpu(0, _ROWS_FIXED), cpu=make_cpu(0), cpu_targets=[90],
                                       gpu_run=True, mlir_dump=False, ptxas_log=True,
                                       drop_files=["kernel.llir"], desc=_desc(0, _ROWS_FIXED), runs=5, timeout=60),
    "gluon_persist_stride": dict(gpu=make_gpu(1, _ROWS_BUG), cpu=make_cpu(1), cpu_targets=[90], gpu_run=True,
                                 mlir_dump=False, ptxas_log=True, drop_files=["kernel.llir"],
                                 desc=_desc(1, _ROWS_BUG), runs=1, timeout=60,
                                 note=("Launched at R = 4224 and 8448 (one and two strips per program: the "
                                       "parity 1 is right there) and then at R = 32768 (up to 8 strips per "
                                       "program), where the third strip's wait on sfree[0] is for a phase "
                                       "that needs that strip's own tiles. The process prints a line after "
                                       "each R that finished (stdout).")),
}
