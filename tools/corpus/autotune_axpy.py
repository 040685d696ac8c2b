"""Autotuned axpy (out = a*x + y), the workload for tscope's dump-directory fixtures.

As a script, on a GPU: autotunes axpy_kernel over CONFIGS for one size, then checks
the result against torch. Run under `tscope run` (or with TRITON_KERNEL_DUMP=1,
TRITON_DUMP_DIR, TRITON_CACHE_DIR, TRITON_DUMP_PTXAS_LOG=1, TRITON_PRINT_AUTOTUNING=1
set by hand) it leaves a dump dir and a cache with one entry per config:

    tscope run --preset stages --preset regs --preset best-config -o DIR -- \
        python3 tools/corpus/autotune_axpy.py

Two configs differ only in num_warps: Triton keys TRITON_DUMP_DIR by the source hash
(function, signature, constexprs), not by the options, so they share one dump folder,
while the cache (keyed by options too) keeps both. `cpu_compile(cc, config)` compiles
one config with no GPU (used by dumps_cpu.py).

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import os
import sys

import triton
import triton.language as tl

N = 1 << 20
# num_warps differ in every config so that a ptxas entry (printed after its
# "Autotuning kernel ... with config" line) matches one cache entry.
CONFIGS = [
    triton.Config({"BLOCK": 256}, num_warps=1),
    triton.Config({"BLOCK": 1024}, num_warps=2),
    triton.Config({"BLOCK": 4096}, num_warps=4),
    triton.Config({"BLOCK": 4096}, num_warps=8),
]


@triton.jit
def axpy_kernel(x_ptr, y_ptr, out_ptr, a, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a * x + y, mask=mask)


axpy_tuned = triton.autotune(configs=CONFIGS, key=["n"])(axpy_kernel)


def cpu_compile(cc, config):
    """Compile one config for GPUTarget("cuda", cc, 32) without a GPU."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from corpus_common import compile_for
    sig = {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "a": "fp32", "n": "i32"}
    return compile_for(axpy_kernel, sig, dict(config.kwargs), cc=cc,
                       options={"num_warps": config.num_warps, "num_stages": config.num_stages},
                       int_values={"n": N})


def cpu_main():
    """Compile every config with no GPU (what the autotuner would compile)."""
    for c in CONFIGS:
        print(f"Autotuning kernel axpy_kernel with config {c}", flush=True)
        cpu_compile(90, c)
    return 0


def main():
    import torch
    x = torch.randn(N, device="cuda")
    y = torch.randn(N, device="cuda")
    out = torch.full_like(x, float("nan"))
    a = 1.5
    grid = lambda meta: (triton.cdiv(N, meta["BLOCK"]), )  # noqa: E731
    axpy_tuned[grid](x, y, out, a, N)
    torch.cuda.synchronize()
    err = (out - (a * x + y)).abs().max().item()
    print(f"axpy: n={N}, best config: {axpy_tuned.best_config}, max abs error {err:g}")
    return 0 if err <= 1e-6 else 1


if __name__ == "__main__":
    sys.exit(cpu_main() if "--cpu" in sys.argv else main())
