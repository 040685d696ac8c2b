"""triton_versions: one of our kernels (tl_persistent_matmul_ws: automatic warp
specialization, sm_90) compiled on the CPU by whichever Triton runs this script,
for `tscope diff` across Triton versions. Run it once per version, each in its
own virtual environment:

    TRITON_DUMP_PTXAS_LOG=1 /tmp/tri35/bin/python tools/corpus/triton_versions.py OUT/triton-3.5.1
    TRITON_DUMP_PTXAS_LOG=1 .venv/bin/python      tools/corpus/triton_versions.py OUT/triton-3.6.0

Each OUT folder gets kernel.ttgir and kernel.json (from a fresh TRITON_CACHE_DIR)
and ptxas.log (ptxas's own report, captured from this process's stdout).

Written for tscope's IR corpus; not taken from Triton's tests or tutorials.
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


def child():
    sys.path.insert(0, str(HERE))
    import triton
    import tl_persistent_matmul as m
    k = m.CASES["tl_persistent_matmul_ws"]["cpu"](90)
    print(f"# triton {triton.__version__} compiled {k.metadata.name}", flush=True)


def main(out):
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, TRITON_CACHE_DIR=cache, TRITON_ALWAYS_COMPILE="1", TRITON_DUMP_PTXAS_LOG="1")
        log = subprocess.run([sys.executable, __file__, "--child"], env=env, check=True, capture_output=True,
                             text=True).stdout
        (out / "ptxas.log").write_text(log)
        for f in pathlib.Path(cache).glob("*/tl_persistent_matmul_kernel.*"):
            if f.suffix in (".ttgir", ".json"):
                shutil.copy(f, out / ("kernel" + f.suffix))
    print("wrote", out)


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        child()
    else:
        main(sys.argv[1])
