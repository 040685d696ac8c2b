"""tscope's launch recorder: one JSON line per Triton kernel launch.

Installed by `tscope record` through PYTHONPATH (this folder's
sitecustomize.py imports it). It uses Triton's own hooks — the JIT cache hook
to attach a `launch_metadata` function to each JITFunction, which Triton calls
at every launch with the grid, the compiled kernel's metadata and the bound
arguments — and patches nothing. Format: docs/LaunchRecord.md.
"""
import json
import os
import sys

FORMAT = "tscope.launch/1"
_out = None
_count = 0


def _describe(name, value, rec):
    """Puts one bound argument into the record."""
    tname = type(value).__name__
    if isinstance(value, bool):
        rec["args"][name] = value
    elif isinstance(value, int):
        rec["args"][name] = value
    elif isinstance(value, float):
        rec["args"][name] = value
    elif hasattr(value, "block_shape") and hasattr(value, "shape") and hasattr(value, "strides"):
        base = getattr(value, "base", None)
        rec["descriptors"][name] = {
            "shape": [int(x) for x in value.shape],
            "strides": [int(x) for x in value.strides],
            "block_shape": [int(x) for x in value.block_shape],
            "dtype": str(getattr(base, "dtype", "?")).replace("torch.", ""),
            "type": tname,
        }
    elif hasattr(value, "data_ptr") and hasattr(value, "shape"):
        rec["tensors"][name] = {"shape": [int(x) for x in value.shape],
                                "dtype": str(getattr(value, "dtype", "?")).replace("torch.", "")}
    elif value is None:
        rec["args"][name] = None
    else:
        rec["other"][name] = tname


def record_launch(grid, metadata, args):
    """Triton's launch_metadata callback: writes one line, returns no extra metadata."""
    global _count
    grid = list(grid) + [1] * (3 - len(grid))
    rec = {"format": FORMAT, "kernel": getattr(metadata, "name", "?"),
           "hash": getattr(metadata, "hash", None), "grid": [int(g) for g in grid[:3]],
           "num_warps": getattr(metadata, "num_warps", None), "num_ctas": getattr(metadata, "num_ctas", None),
           "target": str(getattr(metadata, "target", "")), "args": {}, "descriptors": {}, "tensors": {},
           "other": {}}
    for name, value in args.items():
        try:
            _describe(name, value, rec)
        except Exception as e:  # a record must never break the user's launch
            rec["other"][name] = f"unreadable: {type(e).__name__}"
    _out.write(json.dumps(rec, sort_keys=True) + "\n")
    _out.flush()
    _count += 1
    return {}


def _cache_hook(*, fn, **kwargs):
    jit = getattr(fn, "jit_function", None)
    if jit is not None and getattr(jit, "launch_metadata", None) is None:
        jit.launch_metadata = record_launch
    return None


def install(path):
    """Opens the record file and installs the hooks; returns an error text or None."""
    global _out
    try:
        import triton
        from triton import knobs
    except Exception as e:
        return f"cannot import triton ({type(e).__name__}: {e}); no launches are recorded"
    version = getattr(triton, "__version__", "?")
    runtime = getattr(knobs, "runtime", None)
    if runtime is None or not hasattr(runtime, "jit_cache_hook"):
        return f"triton {version} has no knobs.runtime.jit_cache_hook (tscope record needs Triton >= 3.4)"
    _out = open(path, "a", encoding="utf-8")
    previous = runtime.jit_cache_hook

    def chained(**kwargs):
        _cache_hook(**kwargs)
        return previous(**kwargs) if previous else None

    runtime.jit_cache_hook = chained
    # Triton evaluates launch_metadata lazily, only for a launch_enter_hook
    # that reads it: read it.
    runtime.launch_enter_hook.add(_enter)
    return None


def _enter(metadata):
    getter = getattr(metadata, "get", None)
    if callable(getter):
        getter()


def _main():
    path = os.environ.get("TSCOPE_RECORD_FILE")
    if not path:
        return
    err = install(path)
    if err:
        sys.stderr.write(f"tscope record: {err}\n")
        with open(path + ".error", "w", encoding="utf-8") as f:
            f.write(err + "\n")
