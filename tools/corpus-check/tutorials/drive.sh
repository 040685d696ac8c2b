#!/bin/bash
# Runs Triton's tutorials on a GPU with TRITON_KERNEL_DUMP set, one dump
# folder and one log per case, and packs them into OUT/dumps.tgz for
# check.py (README.md). Each case runs under a timeout, so a hang is
# recorded as one (rc 124).
# usage: drive.sh TUTORIALS_DIR OUT      (TUTORIALS_DIR holds the tutorial .py files)
# NOTL=1 skips the tl tutorials' cases, NOGLUON=1 the Gluon tutorials' tests. TSCOPE_FAKE_CC=100 compiles for sm_100
# instead (sitecustomize.py): the Blackwell tests and cases, compile-only on a
# Hopper GPU, in folders named sm100_<case>.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
T=$1; O=$2; D=/tmp/tutorial-dumps
P=${TSCOPE_FAKE_CC:+sm${TSCOPE_FAKE_CC}_}
rm -rf "$D"; mkdir -p "$D"
export TRITON_ALWAYS_COMPILE=1 TRITON_KERNEL_DUMP=1 PYTHONUNBUFFERED=1 PYTHONPATH="$HERE${PYTHONPATH:+:$PYTHONPATH}" D P HERE
cd "$T"
# Gluon tutorials: their own pytest tests (the ones for another GPU skip themselves).
g() { n=$P${1%.py}; TRITON_DUMP_DIR=$D/$n timeout 300 python3 -m pytest -q -p no:cacheprovider -o python_files="*.py" \
        --timeout 100 "$1" > "$D/$n.log" 2>&1; echo "$n rc=$?" >> "$D/rc.txt"; }
# tl tutorials: tl_drive.py CASE, one process per case.
t() { n=$P$(echo "$1" | tr ':' '_'); TRITON_DUMP_DIR=$D/$n timeout 200 python3 "$HERE/tl_drive.py" "$1" > "$D/$n.log" 2>&1
      echo "$n rc=$?" >> "$D/rc.txt"; }
export -f g t
if [ -n "$P" ]; then
  FILES=$(ls 06-tcgen05.py 08-warp-specialization.py 09-tma-gather-scatter.py 10-tcgen05-copy.py 11-tcgen05-mma-scaled.py 12-cluster-launch-control.py 2>/dev/null)
  CASES="mm:tmap:ws:2048:2048:2048 at:nocausal:ws:1024 at:causal:ws:1024 at:nocausal:nows:1024"
else
  FILES=$(ls [0-9]*.py 2>/dev/null | grep -v -e fused-attention -e persistent-matmul)
  CASES="mm:tma:nows:2048:2048:2048 mm:tmap:ws:2048:2048:2048 mm:tmap:nows:2048:2048:2048 mm:tmap:ws:1000:1000:520
         at:nocausal:ws:1024 at:causal:nows:1024 at:nocausal:nows:1024 at:nocausal:ws:320"
fi
[ -n "${NOGLUON:-}" ] || printf '%s\n' $FILES | xargs -r -P 7 -I{} bash -c 'g {}' &
[ -n "${NOTL:-}" ] || printf '%s\n' $CASES | xargs -P 3 -I{} bash -c 't {}'
wait
cat "$D/rc.txt"
cd "$D" && find . \( -name '*.ttgir' -o -name '*.json' -o -name '*.log' -o -name rc.txt \) | tar czf "$O/dumps${TSCOPE_FAKE_CC:+-sm$TSCOPE_FAKE_CC}.tgz" -T -
