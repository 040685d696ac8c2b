#!/usr/bin/env python3
"""Builds a large pass log from real compiles of our own kernels, no compile
repeated: every corpus case of tools/corpus (gen.py's cases) is compiled on the
CPU once per target of its cpu_targets, in a fresh subprocess with
MLIR_ENABLE_DUMP=1 and LLVM_IR_ENABLE_DUMP=1, fresh TRITON_CACHE_DIR and
TRITON_ALWAYS_COMPILE=1; each compile's stderr is appended to OUT, in case
order, until OUT holds MEGABYTES (or every case has been compiled). A case
whose compile fails still contributes its log (a failed pass is real input).

usage: .venv/bin/python bench/make_pass_log.py OUT MEGABYTES

Needs pip triton (3.6 was used); no GPU. The log is not committed: rebuild it.
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "tools", "corpus")


def child(name, cc):
    sys.path.insert(0, CORPUS)
    from gen import all_cases
    all_cases()[name]["cpu"](int(cc))


def main():
    if sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
        return
    out, want = sys.argv[1], float(sys.argv[2]) * 1e6
    sys.path.insert(0, CORPUS)
    from gen import all_cases
    cases = all_cases()
    size, n = 0, 0
    with open(out, "wb") as log:
        for name, case in cases.items():
            for cc in case.get("cpu_targets") or []:
                if size >= want:
                    break
                with tempfile.TemporaryDirectory() as work:
                    env = {k: v for k, v in os.environ.items()
                           if not k.startswith(("TRITON_", "MLIR_", "LLVM_", "NVPTX_"))}
                    env.update(TRITON_CACHE_DIR=os.path.join(work, "cache"), TRITON_DUMP_DIR=os.path.join(work, "d"),
                               TRITON_ALWAYS_COMPILE="1", MLIR_ENABLE_DUMP="1", LLVM_IR_ENABLE_DUMP="1",
                               PYTHONUNBUFFERED="1")
                    err = os.path.join(work, "stderr")
                    with open(err, "wb") as se:
                        rc = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", name, str(cc)],
                                            stdout=subprocess.DEVNULL, stderr=se, env=env, cwd=CORPUS,
                                            timeout=900).returncode
                    data = open(err, "rb").read()
                    log.write(data)
                    size += len(data)
                    n += 1
                    print(f"{name} sm_{cc}: exit {rc}, {len(data) / 1e6:.1f} MB (total {size / 1e6:.1f} MB)",
                          flush=True)
    print(f"{out}: {size / 1e6:.1f} MB from {n} distinct compiles")


if __name__ == "__main__":
    main()
