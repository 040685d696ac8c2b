"""Shared helpers for the tscope IR corpus generators (tools/corpus/).

Every kernel module in this folder exposes:
  CASES: dict  case-name -> dict(
      gpu=callable(check_runs) -> dict   (compile + launch + check on the GPU; returns outcome dict)
      cpu=callable(cc) -> None           (compile only, via triton.compile for GPUTarget("cuda", cc, 32))
      cpu_targets=[90, 100, ...]         (targets that --cpu-only compiles)
      gpu_run=True/False                 (False: case is compile-only, e.g. Blackwell)
      mlir_dump=bool, ptxas_log=bool     (what gen.py asks for)
      desc=str                           (launch description, copied to FIXTURE.md)
      drop_files=["kernel.llir", ...]    (optional: collected files too large to commit, named in FIXTURE.md)
  )
"""
import triton
from triton.backends.compiler import GPUTarget


def nvmma_repr(layout):
    # The JIT spells a Gluon tensor descriptor's signature as
    # tensordesc<dtype[block],NVMMASharedLayout(...)>; str_to_ty() eval()s the layout part.
    return repr(layout)


def gluon_desc_sig(dtype_str, block_shape, layout):
    return f"tensordesc<{dtype_str}[{','.join(str(b) for b in block_shape)}],{nvmma_repr(layout)}>"


def tl_desc_sig(dtype_str, block_shape):
    return f"tensordesc<{dtype_str}[{','.join(str(b) for b in block_shape)}]>"


def compile_for(fn, signature, constexprs=None, cc=90, options=None, gluon=False, attrs=None, int_values=None):
    """Compile a @triton.jit / @gluon.jit function without a GPU.

    int_values: the integer arguments' values at the GPU launch; like the JIT, an integer
    argument divisible by 16 gets tt.divisibility=16 (so CPU builds match GPU builds)."""
    sig = dict(signature)
    for k in (constexprs or {}):
        sig[k] = "constexpr"
    if gluon:
        from triton.experimental.gluon._runtime import GluonASTSource as Src
    else:
        from triton.compiler import ASTSource as Src
    if attrs is None:
        # what the JIT would specialise: pointer args 16-byte aligned
        attrs = {(i, ): [["tt.divisibility", 16]] for i, (k, v) in enumerate(sig.items())
                 if isinstance(v, str) and (v.startswith("*") or
                                            (v in ("i32", "i64") and (int_values or {}).get(k, 1) % 16 == 0))}
    src = Src(fn=fn, signature=sig, constexprs=constexprs or {}, attrs=attrs)
    return triton.compile(src, target=GPUTarget("cuda", cc, 32), options=options or {})


def rel_err(out, ref):
    import torch
    out = out.double()
    ref = ref.double()
    return (torch.linalg.vector_norm(out - ref) / torch.linalg.vector_norm(ref).clamp_min(1e-30)).item()
