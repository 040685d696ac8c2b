#!/usr/bin/env bash
# Checks that two tscope binaries read files alike: `tscope parse --format json`
# (the timing left out), `tscope print --generic` and their diagnostics and
# exit codes must be byte-identical. For parser speed work: the old binary is
# main's, the new one the change under test.
#
#   bench/same_parse.sh OLD_TSCOPE NEW_TSCOPE FILE...
# Prints one line per differing file and a summary; exits 1 on any difference.
set -uo pipefail
old=$1 new=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { # binary file tag
  "$1" parse --format json "$2" 2>"$tmp/$3.perr" | grep -v '"time_ms"' >"$tmp/$3.parse"
  echo "rc=${PIPESTATUS[0]}" >>"$tmp/$3.parse"
  "$1" print --generic "$2" >"$tmp/$3.print" 2>"$tmp/$3.err"
  echo "rc=$?" >>"$tmp/$3.print"
}
n=0 bad=0
for f in "$@"; do
  run "$old" "$f" a
  run "$new" "$f" b
  n=$((n + 1))
  for k in parse perr print err; do
    if ! cmp -s "$tmp/a.$k" "$tmp/b.$k"; then
      echo "DIFF $k: $f"
      bad=$((bad + 1))
      break
    fi
  done
done
echo "$n files compared, $bad differ"
[ "$bad" -eq 0 ]
