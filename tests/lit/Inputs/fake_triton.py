"""Writes Triton-shaped output so that `tscope run` can be tested without a GPU
or Triton (CI). It is a test double for the program being run, not for any part
of tscope: it copies real Triton 3.6 files from a fixture folder to where
Triton would write them, according to the variables `tscope run` set.

    fake_triton.py FIXTURE_DIR [--hang] [--fail] [--ignore-term] [--print-env]

FIXTURE_DIR holds kernel.{ttir,ttgir,llir,ptx,json}, optionally ptxas.log and
passes.log (as in tests/fixtures/<case>/).
--hang         write the dumps, start a grandchild in the same process group,
               then wait forever (as a kernel stuck on an mbarrier does)
--ignore-term  with --hang: ignore SIGTERM and SIGINT, so only SIGKILL ends it
--fail         write TTIR only, then print an MLIR error and a traceback, exit 1
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

fx = sys.argv[1]
flags = set(sys.argv[2:])
meta = json.load(open(os.path.join(fx, "kernel.json")))
name = meta["name"]
stages = ["ttir"] if "--fail" in flags else ["ttir", "ttgir", "llir", "ptx"]

if "--print-env" in flags:
    for k in sorted(os.environ):
        if k.startswith(("TRITON_", "MLIR_", "LLVM_", "NVPTX_")):
            v = os.environ[k]
            print(f"{k}={'<abs>' if os.path.isabs(v) else v}")

if os.environ.get("TRITON_KERNEL_DUMP") == "1":
    d = os.path.join(os.environ["TRITON_DUMP_DIR"], "FAKEDUMPHASH")
    os.makedirs(d, exist_ok=True)
    for st in stages:
        if os.path.exists(os.path.join(fx, "kernel." + st)):
            shutil.copyfile(os.path.join(fx, "kernel." + st), os.path.join(d, f"{name}.{st}"))
c = os.path.join(os.environ["TRITON_CACHE_DIR"], "FAKECACHEHASH")
os.makedirs(c, exist_ok=True)
for st in stages:
    if os.path.exists(os.path.join(fx, "kernel." + st)):
        shutil.copyfile(os.path.join(fx, "kernel." + st), os.path.join(c, f"{name}.{st}"))
if "--fail" not in flags:
    shutil.copyfile(os.path.join(fx, "kernel.json"), os.path.join(c, f"{name}.json"))
    group = {"child_paths": {f"{name}.{st}": os.path.join(c, f"{name}.{st}") for st in stages + ["json", "cubin"]}}
    json.dump(group, open(os.path.join(c, f"__grp__{name}.json"), "w"))

if os.environ.get("TRITON_DUMP_PTXAS_LOG") == "1" and os.path.exists(os.path.join(fx, "ptxas.log")):
    sys.stdout.write(open(os.path.join(fx, "ptxas.log")).read())
if os.environ.get("MLIR_ENABLE_DUMP") and os.path.exists(os.path.join(fx, "passes.log")):
    sys.stderr.write(open(os.path.join(fx, "passes.log")).read())
sys.stdout.flush()
sys.stderr.flush()

if "--fail" in flags:
    sys.stderr.write(f"{fx}/k.py:3:4: error: 'tt.descriptor_store' op tensor descriptor block and tensor "
                     "types must match\nTraceback (most recent call last):\n  File \"k.py\", line 9, in <module>\n"
                     "RuntimeError: PassManager::run failed\n")
    sys.exit(1)
if "--hang" in flags:
    if "--ignore-term" in flags:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    with open(os.path.join(os.environ["TRITON_DUMP_DIR"], "..", "grandchild.pid"), "w") as f:
        p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1000)"])
        f.write(str(p.pid))
    print("launched; synchronizing", flush=True)
    while True:
        time.sleep(1)
print("done", flush=True)
