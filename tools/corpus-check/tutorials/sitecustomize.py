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
