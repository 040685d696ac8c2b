#!/usr/bin/env bash
# The parse-speed table of issue 22 in one run (see bench/table.py and
# docs/Parser.md "Memory and speed"): tscope parse on >= 50 MB generic and
# pretty inputs built from the fixtures, against mlir-opt-22, the Python line
# regex scans and wc -l, with peak RSS / input; and `tscope passes` against
# wc -l on a pass log of real compiles of our own kernels, no compile repeated.
#
#   BENCH_MB (60)        size of the generic and pretty inputs
#   BENCH_RUNS (5)       interleaved runs per command (medians reported)
#   BENCH_WORK           keep inputs there between runs (default: a temp dir)
#   PASS_LOG             an existing pass log (else built with make_pass_log.py,
#                        which needs pip triton: .venv/bin/python, minutes)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tscope=${TSCOPE:-$root/build/src/tscope}
work=${BENCH_WORK:-}
if [ -z "$work" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
args=(--mb "${BENCH_MB:-60}" --runs "${BENCH_RUNS:-5}")
[ -n "${PASS_LOG:-}" ] && args+=(--pass-log "$PASS_LOG")
python3 "$root/bench/table.py" "$tscope" "$work" "${args[@]}"
