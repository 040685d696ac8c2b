#!/usr/bin/env python3
"""Builds a Triton-cache-shaped folder of N kernel entries for `tscope scan`
benchmarks by copying the real entries of the fixtures under new hash names:
the H200 run's cache (tests/fixtures/dumps_autotune_h200/cache/*) and every
fixture folder with kernel.{json,ttgir,ptx,...} (renamed to <kernel>.<stage>).

    make_cache.py FIXTURES OUT N
"""
import json
import os
import shutil
import sys

fixtures, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
sources = []  # (dir, [(src file, dest name)])
cache = os.path.join(fixtures, "dumps_autotune_h200", "cache")
for h in sorted(os.listdir(cache)):
    d = os.path.join(cache, h)
    sources.append([(os.path.join(d, f), f) for f in sorted(os.listdir(d))])
for case in sorted(os.listdir(fixtures)):
    d = os.path.join(fixtures, case)
    meta = os.path.join(d, "kernel.json")
    if not os.path.exists(meta):
        continue
    name = json.load(open(meta))["name"]
    files = []
    for st in ("json", "ttir", "ttgir", "llir", "ptx"):
        p = os.path.join(d, "kernel." + st)
        if os.path.exists(p):
            files.append((p, f"{name}.{st}"))
    if os.path.exists(os.path.join(d, "kernel.source.mlir")):
        files.append((os.path.join(d, "kernel.source.mlir"), f"{name}.source"))
    sources.append(files)
os.makedirs(out, exist_ok=True)
total = 0
for i in range(n):
    dest = os.path.join(out, f"H{i:06d}")
    os.makedirs(dest, exist_ok=True)
    for src, name in sources[i % len(sources)]:
        shutil.copyfile(src, os.path.join(dest, name))
        total += os.path.getsize(src)
print(f"{n} kernel folders from {len(sources)} real entries, {total / 2**20:.0f} MiB")
