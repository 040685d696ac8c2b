#!/usr/bin/env bash
# Runs the parser fuzzer for N seconds, seeded with the fixtures and lit inputs.
# usage: run.sh FUZZER SECONDS
set -euo pipefail
fuzzer=$1
seconds=${2:-60}
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
find "$root/tests/fixtures" "$root/tests/lit" -type f \( -name '*.ttgir' -o -name '*.ttir' -o -name '*.mlir' \) \
  -size -200k -exec cp -t "$corpus" {} + 2>/dev/null || true
echo "fuzz: $(ls "$corpus" | wc -l) seeds, ${seconds}s"
"$fuzzer" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=262144 -print_final_stats=1 -dict="$root/tools/fuzz/mlir.dict" 2>&1 | tail -n 25
