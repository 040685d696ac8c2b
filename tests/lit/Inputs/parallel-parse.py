"""Parallel parse = serial parse, through the command line: for every IR file
under a folder, and for joins of them large enough to be split at the default
size, `tscope parse --format json` (without `time_ms`) and `tscope print
--generic`, with their stderr and exit codes, must be byte-identical with
TSCOPE_THREADS=1 (serial) and with TSCOPE_THREADS=N (split into units).

usage: parallel-parse.py TSCOPE TESTS_DIR WORK_DIR MIN_FILES
"""
import os
import pathlib
import subprocess
import sys

tscope, root, work, min_files = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]), int(sys.argv[4])
work.mkdir(parents=True, exist_ok=True)


def run(path, env):
    """Everything observable of parse and print on `path` under `env`."""
    e = dict(os.environ, **env)
    p = subprocess.run([tscope, "parse", "--format", "json", str(path)], capture_output=True, env=e)
    q = subprocess.run([tscope, "print", "--generic", str(path)], capture_output=True, env=e)
    parse = b"\n".join(l for l in p.stdout.split(b"\n") if b'"time_ms"' not in l)
    return (parse, p.stderr, p.returncode, q.stdout, q.stderr, q.returncode)


SERIAL = {"TSCOPE_THREADS": "1"}
files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".mlir", ".ttgir", ".ttir"))

serial = {f: run(f, SERIAL) for f in files}

# Joins: every file as a chunk, repeated past the default split size (4 MiB);
# the files that print without error alone (so that `print --generic` shows
# all of the IR); each file cut at two thirds (errors mid-chunk, `#loc`
# definitions lost).
texts = [f.read_bytes() for f in files]
def join(parts, times_past):
    body = b"".join(t + b"\n// -----\n" for t in parts)
    return body * max(2, times_past // max(1, len(body)) + 1)
big = work / "joined.mlir"
big.write_bytes(join(texts, 9 << 20))
clean = work / "joined-clean.mlir"
clean.write_bytes(join([t for f, t in zip(files, texts) if serial[f][5] == 0], 9 << 20))
cut = work / "joined-cut.mlir"
cut.write_bytes(join([t[: 2 * len(t) // 3] for t in texts], 5 << 20))

# The comparison can fail: two different files read differently.
assert run(files[0], SERIAL) != run(files[-1], SERIAL), "comparer sees no difference"

differ = 0
cases = [(f, {"TSCOPE_THREADS": "4", "TSCOPE_PARSE_SPLIT_MIN": "0"}) for f in files]
for f in (big, clean, cut):
    cases.append((f, {"TSCOPE_THREADS": "2"}))   # the default split size
    cases.append((f, {"TSCOPE_THREADS": "7", "TSCOPE_PARSE_SPLIT_MIN": "0"}))
for f, env in cases:
    a, b = serial.get(f) or run(f, SERIAL), run(f, env)
    if not a[0].strip() or not a[3].strip() and a[5] == 0:
        print(f"EMPTY {f}")
        differ += 1
    elif a != b:
        names = ["parse", "parse stderr", "parse rc", "print", "print stderr", "print rc"]
        print(f"DIFF {f.name} {env}: " + ", ".join(n for n, x, y in zip(names, a, b) if x != y))
        differ += 1
for f in (big, clean, cut):
    print(f"{f.name}: {f.stat().st_size} bytes, print rc {serial.get(f, run(f, SERIAL))[5]}")
print(f"parallel parse: {len(cases)} runs over {len(files)} files, {differ} differ")
sys.exit(0 if differ == 0 and len(files) >= min_files else 1)
