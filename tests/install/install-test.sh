#!/usr/bin/env bash
# `make install PREFIX=DIR` into a fresh temporary prefix, then `tscope --help`
# run by name (PATH) from another directory: the binary, its usage line and the
# launch recorder land where the Makefile says.
# Usage: install-test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -C "$src" install PREFIX="$tmp/prefix" BUILD="$build" > "$tmp/make.log" 2>&1 || { cat "$tmp/make.log"; exit 1; }
test -x "$tmp/prefix/bin/tscope" || { echo "FAIL: no $tmp/prefix/bin/tscope"; exit 1; }
test -f "$tmp/prefix/share/tscope/python/sitecustomize.py" || { echo "FAIL: recorder not installed"; exit 1; }
test -f "$tmp/prefix/share/tscope/python/tscope_record/__init__.py" || { echo "FAIL: recorder package not installed"; exit 1; }
mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
out=$(env PATH="$tmp/prefix/bin:/usr/bin:/bin" tscope --help)
grep -q '^tscope: see inside Triton kernels' <<<"$out" || { echo "FAIL: --help:"; echo "$out"; exit 1; }
grep -q '^Usage: tscope ' <<<"$out" || { echo "FAIL: usage line:"; echo "$out" | head -3; exit 1; }
ver=$(env PATH="$tmp/prefix/bin:/usr/bin:/bin" tscope --version)
[[ $ver == "tscope 0.1.0" ]] || { echo "FAIL: --version: $ver"; exit 1; }
echo "ok: installed into $tmp/prefix; tscope --help from $PWD"
