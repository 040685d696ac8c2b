#!/usr/bin/env bash
# `tscope passes` on a large pass log against `wc -l` on the same file, in one
# run: the log is the real MLIR_ENABLE_DUMP / LLVM print-after-all logs of the
# fixtures concatenated up to BENCH_MB (default 1024) megabytes. Prints the
# times of the fastest of BENCH_RUNS runs and the ratio tscope / wc.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tscope=${TSCOPE:-$root/build/src/tscope}
mb=${BENCH_MB:-1024}
runs=${BENCH_RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/passes.log
logs=("$root"/tests/fixtures/dumps_passes_ok/passes.log "$root"/tests/fixtures/dumps_passes_fail/passes.log
      "$root"/tests/fixtures/tma_oob_negative/passes.log)
cat "${logs[@]}" > "$work/one.log"
python3 - "$work/one.log" "$log" "$mb" <<'PY'
import sys
one = open(sys.argv[1], "rb").read()
want = int(sys.argv[3]) << 20
with open(sys.argv[2], "wb") as f:
    n = 0
    while n < want:
        f.write(one)
        n += len(one)
PY
bytes=$(stat -c %s "$log")
"$tscope" passes "$log" > /dev/null || [ $? -eq 1 ]  # warm the cache; exit 1 = a failed compile in the log
hyperfine -N -i -w 1 -r "$runs" --export-json "$work/t.json" \
  -n "tscope passes" "$tscope passes $log" \
  -n "tscope passes --parse-ops" "$tscope passes --parse-ops $log" \
  -n "wc -l" "wc -l $log" > /dev/null
summary=$("$tscope" passes "$log" | head -n 1 || true)
python3 - "$bytes" "$work/t.json" "$summary" <<'PY'
import json, sys
nbytes = int(sys.argv[1])
res = {r["command"]: min(r["times"]) for r in json.load(open(sys.argv[2]))["results"]}
print(f"input: {nbytes / 2**20:.0f} MiB pass log; tscope: {sys.argv[3].split(': ', 1)[-1]}; fastest of the runs")
wc = res["wc -l"]
for name in ("tscope passes", "tscope passes --parse-ops", "wc -l"):
    t = res[name]
    print(f"{name:<28} {t:7.3f} s  {nbytes / t / 1e9:6.2f} GB/s  {t / wc:6.2f}x wc -l")
PY
