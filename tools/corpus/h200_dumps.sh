#!/usr/bin/env bash
# The H200 part of tscope's dump-directory fixtures, run through `tscope run`
# itself (see tools/corpus/README.md, "Dump directories"):
#   1. autotune_axpy.py with --preset stages,regs,best-config: a dump dir and a
#      cache with four autotune configs, ptxas and autotuning output on stdout;
#   2. the deliberate mbarrier deadlock (gluon_ws_deadlock) under --timeout, to
#      show how a hung run ends.
# Usage: tools/corpus/h200_dumps.sh TSCOPE OUTDIR    (OUTDIR gets at/, hang/, *.txt)
set -uo pipefail
tscope=$1
out=$2
cd "$(dirname "$0")/../.."
mkdir -p "$out"
{
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
  python3 -c 'import sys, triton, torch; print("python", sys.version.split()[0], "triton", triton.__version__, "torch", torch.__version__)'
  uname -sr
  ldd --version | head -n 1
} > "$out/env.txt" 2>&1
cat "$out/env.txt"
echo "== tscope run: autotune"
"$tscope" run -p stages -p regs -p best-config -o "$out/at" -- python3 tools/corpus/autotune_axpy.py 2>&1 | tee "$out/run_autotune.txt"
echo "rc=${PIPESTATUS[0]}" | tee -a "$out/run_autotune.txt"
echo "== tscope run: deliberate deadlock, --timeout 25"
"$tscope" run -p stages --timeout 25 -o "$out/hang" -- \
  python3 tools/corpus/gen.py --child gluon_ws_deadlock --result "$out/hang_result.json" --runs 1 2>&1 | tee "$out/run_hang.txt"
echo "rc=${PIPESTATUS[0]}" | tee -a "$out/run_hang.txt"
nvidia-smi --query-gpu=name,utilization.gpu --format=csv,noheader
