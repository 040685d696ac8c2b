#!/usr/bin/env bash
# Peak memory of reading a large tritonparse trace against its size: repeats the
# compilation events of tests/fixtures/tritonparse_trace/trace.ndjson.gz (each copy with its
# own hash and cache folder, so every copy is a distinct compile) until the
# uncompressed trace reaches SIZE_MB, then runs `tscope ls` on it (plain and gzip)
# under /usr/bin/time and prints the maximum resident set size.
#   TSCOPE=build/src/tscope SIZE_MB=700 bash bench/trace_rss.sh
set -euo pipefail
cd "$(dirname "$0")/.."
TSCOPE=${TSCOPE:-build/src/tscope}
SIZE_MB=${SIZE_MB:-700}
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK"
python3 - "$WORK/big.ndjson" "$SIZE_MB" <<'PY'
import gzip, json, sys
out, size_mb = sys.argv[1], int(sys.argv[2])
events = [json.loads(l) for l in gzip.open("tests/fixtures/tritonparse_trace/trace.ndjson.gz", "rt") if l.strip()]
events = [e for e in events if e["event_type"] == "compilation"]
written, i = 0, 0
with open(out, "w") as f:
    while written < size_mb << 20:
        for ev in events:
            p = ev["payload"]
            e = dict(ev, payload=dict(p, metadata=dict(p["metadata"], hash=f"{p['metadata']['hash']}{i:06d}"),
                                      file_path={k: v.replace("/cache/", f"/cache/c{i:06d}") for k, v in p["file_path"].items()}))
            line = json.dumps(e) + "\n"
            f.write(line)
            written += len(line)
        i += 1
print(f"{out}: {written / 2**20:.0f} MB, {i * len(events)} compilation events")
PY
gzip -k -1 "$WORK/big.ndjson"
for t in "$WORK/big.ndjson" "$WORK/big.ndjson.gz"; do
  export TMPDIR="$WORK/tmp-$(basename "$t")"; mkdir -p "$TMPDIR"
  /usr/bin/time -f "%M KB max RSS, %e s" "$TSCOPE" ls "$t" > "$WORK/ls.txt" 2> "$WORK/time.txt"; head -n 1 "$WORK/ls.txt"
  echo "$(basename "$t") ($(du -m "$t" | cut -f1) MB on disk): $(tail -n 1 "$WORK/time.txt")"
done
rm -rf "$WORK"
