#!/usr/bin/env bash
# Fails when a folder under src/ is missing from docs/Overview.md's map.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=0
for d in $(find src -mindepth 1 -maxdepth 2 -type d | sort); do
  if ! grep -q "\`$d/\`" docs/Overview.md; then
    echo "docs/Overview.md does not map $d/"
    missing=1
  fi
done
[ $missing -eq 0 ] && echo "docs map: every src/ folder is described"
exit $missing
