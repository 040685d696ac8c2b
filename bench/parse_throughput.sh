#!/usr/bin/env bash
# Parse throughput of tscope against its peers, measured side by side in one
# run on the same >=50 MB generic-form input built from the fixtures:
#   mlir-opt-22 --allow-unregistered-dialect -o /dev/null  (MLIR's own parser)
#   a Python line-regex scan                                 (what people write)
#   wc -l                                                    (the floor: reading bytes)
# Prints MB/s and the ratios, and peak memory relative to the input size.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tscope=${TSCOPE:-$root/build/src/tscope}
mb=${BENCH_MB:-60}
runs=${BENCH_RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
input=$work/input.mlir
python3 "$root/bench/make_input.py" "$tscope" "$root/tests/fixtures" "$input" "$mb"
bytes=$(stat -c %s "$input")
"$tscope" parse "$input" >/dev/null   # check it parses before timing it

hyperfine -N -w 1 -r "$runs" --export-json "$work/times.json" \
  -n tscope "$tscope parse $input" \
  -n regex "python3 $root/bench/regex_scan.py $input" \
  -n wc "wc -l $input" >/dev/null
# mlir-opt is slow: fewer runs.
hyperfine -N -w 0 -r 2 --export-json "$work/mlir.json" \
  -n mlir-opt "mlir-opt-22 --allow-unregistered-dialect -o /dev/null $input" >/dev/null

rss_tscope=$(python3 "$root/bench/peak_rss.py" "$tscope" parse "$input")
rss_mlir=$(python3 "$root/bench/peak_rss.py" mlir-opt-22 --allow-unregistered-dialect -o /dev/null "$input")

python3 - "$bytes" "$work/times.json" "$work/mlir.json" "$rss_tscope" "$rss_mlir" <<'PY'
import json, sys
nbytes = int(sys.argv[1])
res = {r["command"]: r for f in sys.argv[2:4] for r in json.load(open(f))["results"]}
def mbs(name):  # throughput from the fastest run: the least disturbed by the machine
    return nbytes / min(res[name]["times"]) / 1e6
t, rx, wc, mo = mbs("tscope"), mbs("regex"), mbs("wc"), mbs("mlir-opt")
print(f"input: {nbytes / 1e6:.1f} MB generic-form MLIR")
print(f"{'peer':<10} {'MB/s':>9}   tscope is")
for name, v in (("mlir-opt", mo), ("regex", rx), ("wc -l", wc)):
    print(f"{name:<10} {v:9.1f}   {t / v:6.2f}x its speed")
print(f"{'tscope':<10} {t:9.1f}")
rt, rm = int(sys.argv[4]), int(sys.argv[5])
print(f"peak memory / input: tscope {rt / nbytes:.2f}x, mlir-opt {rm / nbytes:.2f}x")
PY
