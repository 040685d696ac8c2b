"""Imported by Python at start-up (drive.sh puts this folder on PYTHONPATH):
lets tutorials written against a newer Gluon API run on Triton 3.6, the
version on the device machine and in our venv. Each alias maps a newer name
onto the 3.6 function with the same arguments; nothing else changes."""
try:
    from triton.backends.compiler import GPUTarget
    if not hasattr(GPUTarget, "is_cuda_backend"):
        GPUTarget.is_cuda_backend = lambda self: self.backend == "cuda"
        GPUTarget.is_hip_backend = lambda self: self.backend == "hip"
    import triton.experimental.gluon as _g
    import triton.language.core as _c
    from triton.experimental.gluon.language.nvidia.hopper import tma as _tma
    if not hasattr(_g, "aggregate"):
        _g.aggregate = _c._aggregate
    if not hasattr(_tma, "async_load"):
        _tma.async_load = _tma.async_copy_global_to_shared
    if not hasattr(_tma, "async_store"):
        _tma.async_store = _tma.async_copy_shared_to_global
except ImportError:
    pass

# TSCOPE_FAKE_CC=100: compile for that compute capability on the GPU at hand
# (the tutorials' own is_blackwell() checks read torch's device capability, the
# JIT reads the driver's target). Kernels are compiled and dumped; their launch
# then fails (no machine code for this GPU): compile-only cases.
import os as _os

if _os.environ.get("TSCOPE_FAKE_CC"):
    _cc = int(_os.environ["TSCOPE_FAKE_CC"])
    import torch as _torch
    from triton.backends.compiler import GPUTarget as _Target
    from triton.runtime import driver as _driver
    _torch.cuda.get_device_capability = lambda *a, **k: (_cc // 10, _cc % 10)
    _driver.active.get_current_target = lambda: _Target("cuda", _cc, 32)
    # Every autotune configuration is compiled and dumped: the launch of each
    # fails (no machine code for this GPU), which the autotuner would raise at
    # the first one; here it counts as a configuration that cannot run.
    from triton.runtime import autotuner as _at
    _bench = _at.Autotuner._bench

    def _bench_or_skip(self, *args, **kwargs):
        try:
            return _bench(self, *args, **kwargs)
        except RuntimeError as e:
            if "no kernel image" not in str(e):
                raise
            return [float("inf"), float("inf"), float("inf")]

    _at.Autotuner._bench = _bench_or_skip
