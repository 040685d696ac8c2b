"""Cases for tscope races (docs/Races.md): Gluon warp-specialized kernels whose
barrier protocol does not hang but lets a buffer access go unordered, their
fixed twins, and two one-partition probes of the mbarrier over-arrival rule.

race_drift / race_drift_fixed -- y[R, C] = 2 * x[R, C] + 1 (fp32) through a
  2-slot SMEM ring.  A 1-warp producer partition gl.loads each x tile and
  local_stores it into the ring (generic proxy, so no transaction bytes), then
  arrives on `ready`; the 4-warp default partition waits `ready`, local_loads
  the slot, arrives on `empty` and stores y.
  BUG=1: the consumer's phase is `i & 1` -- the 1-slot formula kept after the
  ring grew to 2 slots -- instead of `(i // STAGES) & 1`.  Its counter drifts
  from the barrier's real phase: on slot 1 it waits for parity 1, which a
  fresh barrier (and every even phase count) already satisfies, so it reads
  the slot before (or while) the producer fills it.

race_two_readers / race_two_readers_fixed -- a 1-warp TMA producer fills a
  2-slot ring; two readers share every slot: the default partition (A,
  4 warps) writes y = 2x + 1, a worker partition (B, 4 warps) writes z = x * x
  and, after that store, reads the slot again for w = x - 1.
  BUG=1: `empty` is initialised with count 1 and only A arrives on it -- one
  release for two readers -- so the producer refills a slot B may still be
  reading.  The fixed twin inits `empty` with count 2 and B arrives too.

race_cross_barrier / race_cross_barrier_early / race_cross_barrier_fixed -- a
  1-warp TMA producer fills two tiles per round into a 2-slot ring: tile a
  into a[slot] signalled by fa[slot], then tile b into b[slot] signalled by
  fb[slot]; the default partition (4 warps) reads both and writes y = 2x + 1.
  BUG=1: the consumer waits only on fb[slot] and reads a[slot] too: the copy
  into a[slot] completes on fa[slot], which it never acquires. Issued before
  the b copy, it is done by the time fb completes when copies retire in issue
  order, so the race needs a reordered completion.
  BUG=2: as BUG=1 with the producer issuing the b copy first: the a copy is
  still in flight when fb completes, in issue order too.
  BUG=3 / BUG=4: as BUG=1 / BUG=2, and after its loop the consumer waits
  each fa slot's last phase, so no copy is in flight when the kernel exits.
  The fixed twin waits fa[slot] and fb[slot].

mbar_overarrive / mbar_overarrive_expect / mbar_arrive_ok -- one partition,
  one mbarrier (count 1), one TMA load.  `_overarrive` arrives once more
  after the expect-tx while the TMA bytes are still in flight (the pending
  count is already zero); `_expect` issues a second expect-tx + TMA into the
  same open phase (what gluon_ws_race's producer does once its consumer runs
  ahead); `_ok` is the plain hand-off.  These probe the GPU's answer to an
  arrival past the init count (gluon_ws_race's CUDA error 719).

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import tma, mbarrier, fence_async_shared

from corpus_common import compile_for, gluon_desc_sig

R, C = 2048, 2048
BR, BC, STAGES = 16, 64, 2
NUM_WARPS = 4
RUNS = 200
PDELAY_SLOW = 512  # drift: register-only loop trips that slow the producer before each fill
DELAY = 1024  # register-only loop trips in each reader between its reads (two_readers)


# ----------------------------------------------------------------------------- drift
@gluon.jit
def _drift_producer(x_ptr, ring, ready, empty, off_r, n_tiles, C, PDELAY, STAGES: gl.constexpr, BR: gl.constexpr,
                    BC: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [2, 16], [gl.num_warps(), 1], [1, 0])
    rows = off_r + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    for i in range(n_tiles):
        slot = i % STAGES
        mbarrier.wait(empty.index(slot), ((i // STAGES) & 1) ^ 1)
        v = gl.load(x_ptr + rows[:, None] * C + (i * BC + cols)[None, :])
        # PDELAY trips of register-only work slow the producer down (v is unchanged: acc stays finite)
        acc = v
        for _ in range(PDELAY):
            acc = acc * 0.5 + v
        ring.index(slot).store(v + acc * 0.0)
        mbarrier.arrive(ready.index(slot))


@gluon.jit
def _drift_consumer(y_ptr, ring, ready, empty, off_r, n_tiles, C, BUG: gl.constexpr, STAGES: gl.constexpr,
                    BR: gl.constexpr, BC: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [2, 16], [gl.num_warps(), 1], [1, 0])
    rows = off_r + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    for i in range(n_tiles):
        slot = i % STAGES
        if BUG == 1:
            ph = i & 1
        elif BUG == 3:
            ph = ((i // STAGES) & 1) ^ 1
        else:
            ph = (i // STAGES) & 1
        if BUG == 2:
            # the producer's "first pass over the ring must not block" rule, applied to the consumer
            mbarrier.wait(ready.index(slot), ph, pred=i >= STAGES)
        else:
            mbarrier.wait(ready.index(slot), ph)
        v = ring.index(slot).load(layout)
        mbarrier.arrive(empty.index(slot))
        gl.store(y_ptr + rows[:, None] * C + (i * BC + cols)[None, :], v * 2.0 + 1.0)


@gluon.jit
def drift_kernel(x_ptr, y_ptr, C, PDELAY, BUG: gl.constexpr, STAGES: gl.constexpr, BR: gl.constexpr,
                 BC: gl.constexpr):
    ring = gl.allocate_shared_memory(gl.float32, [STAGES, BR, BC], gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        mbarrier.init(empty.index(s), count=1)
    off_r = gl.program_id(0) * BR
    n_tiles = C // BC
    gl.warp_specialize([
        (_drift_consumer, (y_ptr, ring, ready, empty, off_r, n_tiles, C, BUG, STAGES, BR, BC)),
        (_drift_producer, (x_ptr, ring, ready, empty, off_r, n_tiles, C, PDELAY, STAGES, BR, BC)),
    ], [1], [96])


def drift_cpu(bug, pdelay=0):
    def cpu(cc):
        sig = {"x_ptr": "*fp32", "y_ptr": "*fp32", "C": "i32", "PDELAY": "i32"}
        return compile_for(drift_kernel, sig, {"BUG": bug, "STAGES": STAGES, "BR": BR, "BC": BC}, cc=cc,
                           options={"num_warps": NUM_WARPS}, gluon=True, int_values={"C": C, "PDELAY": pdelay})
    return cpu


def _check(outs, refs):
    """Bad elements of each output (NaN counts as bad); exact match required."""
    import torch
    bad = 0
    for o, r in zip(outs, refs):
        bad += int((~(o == r)).sum().item())
    return bad


def _runner(launch):
    """Runs `launch(seed)` -> (outs, refs) `runs` times; counts wrong runs and wrong elements."""
    def gpu(runs, mark_launched=None):
        import torch
        bad_runs, bad_elems = 0, []
        for r in range(runs):
            outs, refs = launch()
            if mark_launched:
                mark_launched(r)
            torch.cuda.synchronize()
            n = _check(outs, refs)
            bad_elems.append(n)
            bad_runs += n > 0
        return {"runs": runs, "bad_runs": bad_runs, "bad_elements_per_run": bad_elems,
                "elements_per_run": int(sum(o.numel() for o in outs)), "tolerance": 0.0}
    return gpu


def drift_gpu(bug, pdelay=0):
    def launch():
        import torch
        x = torch.randn(R, C, device="cuda", dtype=torch.float32)
        y = torch.full_like(x, float("nan"))
        drift_kernel[(R // BR, )](x, y, C, pdelay, bug, STAGES, BR, BC, num_warps=NUM_WARPS)
        return [y], [x * 2.0 + 1.0]
    return _runner(launch)


def _drift_desc(bug, pdelay=0):
    return (f"drift_kernel[grid=({R // BR},)](x, y, C={C}, PDELAY={pdelay}, BUG={bug}, STAGES={STAGES}, BR={BR}, BC={BC}, "
            f"num_warps={NUM_WARPS}); x, y: [{R}, {C}] fp32; {C // BC} tiles per program; producer worker: "
            f"1 warp / 96 regs (gl.load + local_store), consumer: default 4 warps")


# ----------------------------------------------------------------------------- two readers
@gluon.jit
def _tr_producer(x_desc, ring, ready, empty, off_r, n_tiles, STAGES: gl.constexpr):
    BC: gl.constexpr = x_desc.block_type.shape[1]
    for i in range(n_tiles):
        slot = i % STAGES
        mbarrier.wait(empty.index(slot), ((i // STAGES) & 1) ^ 1)
        mbarrier.expect(ready.index(slot), x_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(x_desc, [off_r, i * BC], ready.index(slot), ring.index(slot))


@gluon.jit
def _tr_reader_a(y_ptr, sa_ptr, ring, ready, empty, off_r, n_tiles, C, DELAY, STAGES: gl.constexpr,
                 BR: gl.constexpr, BC: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [2, 16], [gl.num_warps(), 1], [1, 0])
    rows = off_r + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    for i in range(n_tiles):
        slot = i % STAGES
        mbarrier.wait(ready.index(slot), (i // STAGES) & 1)
        v = ring.index(slot).load(layout)
        fence_async_shared()
        mbarrier.arrive(empty.index(slot))
        offs = rows[:, None] * C + (i * BC + cols)[None, :]
        gl.store(y_ptr + offs, v * 2.0 + 1.0)
        # register-only work, a little longer than B's, so that B never falls behind A
        acc = v
        for _ in range(DELAY + 64):
            acc = acc * 0.5 + v
        gl.store(sa_ptr + offs, acc)


@gluon.jit
def _tr_reader_b(z_ptr, w_ptr, sb_ptr, ring, ready, empty, off_r, n_tiles, C, DELAY, BUG: gl.constexpr,
                 STAGES: gl.constexpr, BR: gl.constexpr, BC: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [2, 16], [gl.num_warps(), 1], [1, 0])
    rows = off_r + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    for i in range(n_tiles):
        slot = i % STAGES
        mbarrier.wait(ready.index(slot), (i // STAGES) & 1)
        offs = rows[:, None] * C + (i * BC + cols)[None, :]
        v = ring.index(slot).load(layout)
        gl.store(z_ptr + offs, v * v)
        acc = v
        for _ in range(DELAY * (8 if BUG == 2 else 1)):
            acc = acc * 0.5 + v
        gl.store(sb_ptr + offs, acc)
        v2 = ring.index(slot).load(layout)
        gl.store(w_ptr + offs, v2 - 1.0)
        if BUG == 0:
            fence_async_shared()
            mbarrier.arrive(empty.index(slot))


@gluon.jit
def two_readers_kernel(x_desc, y_ptr, z_ptr, w_ptr, sa_ptr, sb_ptr, C, DELAY, BUG: gl.constexpr,
                       STAGES: gl.constexpr):
    BR: gl.constexpr = x_desc.block_type.shape[0]
    BC: gl.constexpr = x_desc.block_type.shape[1]
    ring = gl.allocate_shared_memory(x_desc.dtype, [STAGES, BR, BC], x_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        if BUG >= 1:
            mbarrier.init(empty.index(s), count=1)
        else:
            mbarrier.init(empty.index(s), count=2)
    off_r = gl.program_id(0) * BR
    n_tiles = C // BC
    gl.warp_specialize([
        (_tr_reader_a, (y_ptr, sa_ptr, ring, ready, empty, off_r, n_tiles, C, DELAY, STAGES, BR, BC)),
        (_tr_producer, (x_desc, ring, ready, empty, off_r, n_tiles, STAGES)),
        (_tr_reader_b, (z_ptr, w_ptr, sb_ptr, ring, ready, empty, off_r, n_tiles, C, DELAY, BUG, STAGES, BR, BC)),
    ], [1, 4], [24, 96])


def _tma_layout():
    return gl.NVMMASharedLayout.get_default_for([BR, BC], gl.float32)


def two_readers_cpu(bug):
    def cpu(cc):
        sig = {"x_desc": gluon_desc_sig("fp32", [BR, BC], _tma_layout()), "y_ptr": "*fp32", "z_ptr": "*fp32",
               "w_ptr": "*fp32", "sa_ptr": "*fp32", "sb_ptr": "*fp32", "C": "i32", "DELAY": "i32"}
        return compile_for(two_readers_kernel, sig, {"BUG": bug, "STAGES": STAGES}, cc=cc,
                           options={"num_warps": NUM_WARPS}, gluon=True, int_values={"C": C, "DELAY": DELAY})
    return cpu


def two_readers_gpu(bug):
    def launch():
        import torch
        from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
        x = torch.randn(R, C, device="cuda", dtype=torch.float32)
        y, z, w, sa, sb = (torch.full_like(x, float("nan")) for _ in range(5))
        xd = TensorDescriptor.from_tensor(x, [BR, BC], _tma_layout())
        two_readers_kernel[(R // BR, )](xd, y, z, w, sa, sb, C, DELAY, bug, STAGES, num_warps=NUM_WARPS)
        return [y, z, w], [x * 2.0 + 1.0, x * x, x - 1.0]
    return _runner(launch)


def _tr_desc(bug):
    return (f"two_readers_kernel[grid=({R // BR},)](x_desc, y, z, w, sa, sb, C={C}, DELAY={DELAY}, BUG={bug}, "
            f"STAGES={STAGES}, "
            f"num_warps={NUM_WARPS}); x, y, z, w: [{R}, {C}] fp32; x_desc block {BR}x{BC}; {C // BC} tiles per "
            f"program; workers: TMA producer 1 warp / 24 regs, reader B 4 warps / 96 regs; reader A: default")


# ----------------------------------------------------------------------------- cross barrier
@gluon.jit
def _cb_producer(x_desc, a, b, fa, fb, empty, off_r, n_rounds, BUG: gl.constexpr, STAGES: gl.constexpr):
    BC: gl.constexpr = x_desc.block_type.shape[1]
    for i in range(n_rounds):
        slot = i % STAGES
        mbarrier.wait(empty.index(slot), ((i // STAGES) & 1) ^ 1)
        if BUG == 2 or BUG == 4:
            mbarrier.expect(fb.index(slot), x_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(x_desc, [off_r, (2 * i + 1) * BC], fb.index(slot), b.index(slot))
            mbarrier.expect(fa.index(slot), x_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(x_desc, [off_r, 2 * i * BC], fa.index(slot), a.index(slot))
        else:
            mbarrier.expect(fa.index(slot), x_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(x_desc, [off_r, 2 * i * BC], fa.index(slot), a.index(slot))
            mbarrier.expect(fb.index(slot), x_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(x_desc, [off_r, (2 * i + 1) * BC], fb.index(slot), b.index(slot))


@gluon.jit
def _cb_consumer(y_ptr, a, b, fa, fb, empty, off_r, n_rounds, C, BUG: gl.constexpr, STAGES: gl.constexpr,
                 BR: gl.constexpr, BC: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [2, 16], [gl.num_warps(), 1], [1, 0])
    rows = off_r + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    for i in range(n_rounds):
        slot = i % STAGES
        ph = (i // STAGES) & 1
        if BUG == 0:
            mbarrier.wait(fa.index(slot), ph)
        mbarrier.wait(fb.index(slot), ph)
        va = a.index(slot).load(layout)
        vb = b.index(slot).load(layout)
        fence_async_shared()
        mbarrier.arrive(empty.index(slot))
        offs = rows[:, None] * C + (2 * i * BC + cols)[None, :]
        gl.store(y_ptr + offs, va * 2.0 + 1.0)
        gl.store(y_ptr + offs + BC, vb * 2.0 + 1.0)
    if BUG >= 3:
        # drain: wait each slot's last fa phase, so no copy is in flight at exit
        for s in gl.static_range(STAGES):
            mbarrier.wait(fa.index(s), ((n_rounds - 1 - s) // STAGES) & 1)


@gluon.jit
def cross_barrier_kernel(x_desc, y_ptr, C, BUG: gl.constexpr, STAGES: gl.constexpr):
    BR: gl.constexpr = x_desc.block_type.shape[0]
    BC: gl.constexpr = x_desc.block_type.shape[1]
    a = gl.allocate_shared_memory(x_desc.dtype, [STAGES, BR, BC], x_desc.layout)
    b = gl.allocate_shared_memory(x_desc.dtype, [STAGES, BR, BC], x_desc.layout)
    fa = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    fb = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(fa.index(s), count=1)
        mbarrier.init(fb.index(s), count=1)
        mbarrier.init(empty.index(s), count=1)
    off_r = gl.program_id(0) * BR
    n_rounds = C // (2 * BC)
    gl.warp_specialize([
        (_cb_consumer, (y_ptr, a, b, fa, fb, empty, off_r, n_rounds, C, BUG, STAGES, BR, BC)),
        (_cb_producer, (x_desc, a, b, fa, fb, empty, off_r, n_rounds, BUG, STAGES)),
    ], [1], [24])


def cross_barrier_cpu(bug):
    def cpu(cc):
        sig = {"x_desc": gluon_desc_sig("fp32", [BR, BC], _tma_layout()), "y_ptr": "*fp32", "C": "i32"}
        return compile_for(cross_barrier_kernel, sig, {"BUG": bug, "STAGES": STAGES}, cc=cc,
                           options={"num_warps": NUM_WARPS}, gluon=True, int_values={"C": C})
    return cpu


def cross_barrier_gpu(bug):
    def launch():
        import torch
        from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
        x = torch.randn(R, C, device="cuda", dtype=torch.float32)
        y = torch.full_like(x, float("nan"))
        xd = TensorDescriptor.from_tensor(x, [BR, BC], _tma_layout())
        cross_barrier_kernel[(R // BR, )](xd, y, C, bug, STAGES, num_warps=NUM_WARPS)
        return [y], [x * 2.0 + 1.0]
    return _runner(launch)


def _cb_desc(bug):
    return (f"cross_barrier_kernel[grid=({R // BR},)](x_desc, y, C={C}, BUG={bug}, STAGES={STAGES}, "
            f"num_warps={NUM_WARPS}); x, y: [{R}, {C}] fp32; x_desc block {BR}x{BC}; {C // (2 * BC)} rounds of two "
            f"tiles per program; worker: TMA producer 1 warp / 24 regs; consumer: default")


# ----------------------------------------------------------------------------- over-arrival probes
@gluon.jit
def overarrive_kernel(x_desc, y_ptr, C, BUG: gl.constexpr):
    BR: gl.constexpr = x_desc.block_type.shape[0]
    BC: gl.constexpr = x_desc.block_type.shape[1]
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [2, 16], [gl.num_warps(), 1], [1, 0])
    buf = gl.allocate_shared_memory(x_desc.dtype, [2, BR, BC], x_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    off_r = gl.program_id(0) * BR
    if BUG == 2:
        mbarrier.expect(bar, x_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(x_desc, [off_r, 0], bar, buf.index(0))
        # a second expect-tx into the same, still open phase: its arrival finds the pending count at zero
        mbarrier.expect(bar, x_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(x_desc, [off_r, BC], bar, buf.index(1))
    else:
        mbarrier.expect(bar, x_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(x_desc, [off_r, 0], bar, buf.index(0))
        if BUG == 1:
            mbarrier.arrive(bar)  # pending count 0 -> -1 while the TMA bytes are in flight
    mbarrier.wait(bar, 0)
    rows = off_r + gl.arange(0, BR, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, BC, layout=gl.SliceLayout(0, layout))
    v = buf.index(0).load(layout)
    gl.store(y_ptr + rows[:, None] * C + cols[None, :], v * 2.0 + 1.0)
    mbarrier.invalidate(bar)


def overarrive_cpu(bug):
    def cpu(cc):
        sig = {"x_desc": gluon_desc_sig("fp32", [BR, BC], _tma_layout()), "y_ptr": "*fp32", "C": "i32"}
        return compile_for(overarrive_kernel, sig, {"BUG": bug}, cc=cc, options={"num_warps": NUM_WARPS},
                           gluon=True, int_values={"C": C})
    return cpu


def overarrive_gpu(bug):
    def launch():
        import torch
        from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
        x = torch.randn(R, C, device="cuda", dtype=torch.float32)
        y = torch.full_like(x, float("nan"))
        xd = TensorDescriptor.from_tensor(x, [BR, BC], _tma_layout())
        overarrive_kernel[(R // BR, )](xd, y, C, bug, num_warps=NUM_WARPS)
        return [y[:, :BC]], [x[:, :BC] * 2.0 + 1.0]
    return _runner(launch)


def _oa_desc(bug):
    return (f"overarrive_kernel[grid=({R // BR},)](x_desc, y, C={C}, BUG={bug}, num_warps={NUM_WARPS}); "
            f"x, y: [{R}, {C}] fp32, only y[:, :{BC}] is written; x_desc block {BR}x{BC}")


def _case(gpu, cpu, desc, timeout=90, **kw):
    return dict(gpu=gpu, cpu=cpu, cpu_targets=[90], gpu_run=True, mlir_dump=False, ptxas_log=True, desc=desc,
                runs=RUNS, timeout=timeout, **kw)


_DRIFT_HANG = ("No run completed within the timeout: the first launch hung (the child was still inside its "
               "first run). A drifted parity on a 2-slot ring does not just read stale data: once the producer is "
               "a round ahead, the consumer's wait is for the parity of the phase the producer has just completed, "
               "which only the consumer's own release can follow. tscope deadlock: deadlock (that cycle); "
               "tscope races: race (the interleavings that do not hang read or overwrite the slot unordered).")

CASES = {
    "race_drift_fixed": _case(drift_gpu(0), drift_cpu(0), _drift_desc(0),
                              note="The correct twin of the drift kernels: correct in 200 of 200 runs."),
    "race_drift": _case(drift_gpu(1), drift_cpu(1), _drift_desc(1), timeout=20,
                        note="Consumer phase `i & 1` (the 1-slot formula). " + _DRIFT_HANG),
    "race_skip_first": _case(drift_gpu(2), drift_cpu(2), _drift_desc(2), timeout=20,
                             note="Consumer skips its first-round waits (pred=i >= STAGES), releasing both slots "
                                  "before they are filled. " + _DRIFT_HANG),
    "race_drift_late": _case(drift_gpu(3), drift_cpu(3), _drift_desc(3), timeout=20,
                             note="Consumer phase inverted (its counter one round late). " + _DRIFT_HANG),
    "race_drift_late_slow": _case(drift_gpu(3, PDELAY_SLOW), drift_cpu(3, PDELAY_SLOW), _drift_desc(3, PDELAY_SLOW),
                                  timeout=20,
                                  note="As race_drift_late with the producer slowed by 512 register-only trips "
                                       "per fill, to let the consumer's early waits read stale data instead: it "
                                       "still hung, because the consumer's early releases give the producer the "
                                       "credit to get a round ahead. " + _DRIFT_HANG),
    "race_two_readers_fixed": _case(two_readers_gpu(0), two_readers_cpu(0), _tr_desc(0),
                                    note="`empty` counts both readers (init count 2, both arrive): correct in 200 "
                                         "of 200 runs."),
    "race_two_readers": _case(two_readers_gpu(1), two_readers_cpu(1), _tr_desc(1),
                              note="One release for two readers: wrong result in 200 of 200 runs, 1.77-1.87 M of "
                                   "the 12.6 M checked elements (y, z, w) per run, about 14.6 %: the TMA refill "
                                   "lands in the slot before reader B's second read."),
    "race_two_readers_slow_b": _case(two_readers_gpu(2), two_readers_cpu(2), _tr_desc(2), timeout=30,
                                     note="As race_two_readers with reader B doing 8x reader A's register-only "
                                          "work per tile: B, which the producer does not wait for, falls behind."),
    "race_cross_barrier_fixed": _case(cross_barrier_gpu(0), cross_barrier_cpu(0), _cb_desc(0),
                                      note="The consumer waits fa[slot] and fb[slot] before reading."),
    "race_cross_barrier": _case(cross_barrier_gpu(1), cross_barrier_cpu(1), _cb_desc(1),
                                note="The consumer waits fb[slot] only and reads a[slot], filled by the copy "
                                     "issued before, which completes on fa[slot]."),
    "race_cross_barrier_early": _case(cross_barrier_gpu(2), cross_barrier_cpu(2), _cb_desc(2),
                                      note="As race_cross_barrier with the a copy issued after the b copy."),
    "race_cross_barrier_drained": _case(cross_barrier_gpu(3), cross_barrier_cpu(3), _cb_desc(3),
                                        note="As race_cross_barrier, and the consumer drains fa after its loop."),
    "race_cross_barrier_early_drained": _case(cross_barrier_gpu(4), cross_barrier_cpu(4), _cb_desc(4),
                                              note="As race_cross_barrier_early, and the consumer drains fa "
                                                   "after its loop."),
    "mbar_arrive_ok": _case(overarrive_gpu(0), overarrive_cpu(0), _oa_desc(0),
                            note="The plain hand-off: correct in 200 of 200 runs."),
    "mbar_overarrive": _case(overarrive_gpu(1), overarrive_cpu(1), _oa_desc(1),
                             note="CUDA error 719 (cudaErrorLaunchFailure) at the first run; compute-sanitizer "
                                  "memcheck: 'Unknown Error' at overarrive_kernel+0x320, the extra mbarrier.arrive, "
                                  "in every thread of the CTA that reported it."),
    "mbar_overarrive_expect": _case(overarrive_gpu(2), overarrive_cpu(2), _oa_desc(2),
                                    note="CUDA error 719 at the first run; compute-sanitizer memcheck: 'Unknown "
                                         "Error' at the second expect (its arrive)."),
}
