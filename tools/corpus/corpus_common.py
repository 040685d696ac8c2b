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


def affine_error(x, y):
    """The largest |y - (2 x + 1)| of the y = 2 x + 1 kernels, an element left NaN counting as infinite."""
    import torch
    d = (y - (x * 2.0 + 1.0)).abs()
    return torch.where(torch.isnan(d), torch.full_like(d, float("inf")), d).max().item()


def affine_runs(launch, shapes, runs, mark_launched, label):
    """The GPU check of the y = 2 x + 1 kernels (exact in fp32): for each (value, rows, cols) of `shapes`, in
    order, `runs` launches of launch(x, y) on fresh random x [rows, cols] and a NaN-poisoned y, each compared
    exactly; prints "<label>=<value>: N runs finished" after each shape (a hang shows which one never did).
    Returns the outcome detail with bad runs counted per value under "bad_per_<label>"."""
    import torch
    bad, max_abs, per = 0, [], {}
    for value, rows, cols in shapes:
        for r in range(runs):
            x = torch.randn(rows, cols, device="cuda", dtype=torch.float32)
            y = torch.full_like(x, float("nan"))
            launch(x, y)
            if mark_launched:
                mark_launched(r)
            torch.cuda.synchronize()
            m = affine_error(x, y)
            max_abs.append(m)
            bad += not (m == 0.0)
            per[str(value)] = per.get(str(value), 0) + (not (m == 0.0))
        print(f"{label}={value}: {runs} runs finished", flush=True)
    return {"runs": runs * len(shapes), "bad_runs": bad, "max_abs_err": max_abs, "tolerance": 0.0,
            f"bad_per_{label}": per}

