#!/usr/bin/env bash
# `tscope scan` over a cache of BENCH_KERNELS (default 5000) kernel folders
# made from the fixtures' real entries, against reading every file of it
# (`find -exec cat`, the floor) in the same run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tscope=${TSCOPE:-$root/build/src/tscope}
n=${BENCH_KERNELS:-5000}
runs=${BENCH_RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/bench/make_cache.py" "$root/tests/fixtures" "$work/cache" "$n"
"$tscope" scan "$work/cache" > "$work/out.jsonl"
lines=$(wc -l < "$work/out.jsonl")
hyperfine -w 1 -r "$runs" --export-json "$work/t.json" \
  -n "tscope scan" "$tscope scan --no-progress $work/cache > /dev/null" \
  -n "tscope scan --threads 1" "$tscope scan --no-progress --threads 1 $work/cache > /dev/null" \
  -n "read every file" "find $work/cache -type f -exec cat {} + > /dev/null" > /dev/null
python3 - "$work/t.json" "$lines" "$(nproc)" <<'PY'
import json, sys
res = {r["command"]: min(r["times"]) for r in json.load(open(sys.argv[1]))["results"]}
print(f"{sys.argv[2]} kernels scanned ({sys.argv[3]} cores), fastest of the runs")
floor = res["read every file"]
for name, t in res.items():
    print(f"{name:<26} {t:7.3f} s  {t / floor:6.2f}x reading every file")
PY
