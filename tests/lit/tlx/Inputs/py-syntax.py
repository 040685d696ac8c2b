"""Translate every fixture's kernel.ttgir with `tscope tlx` (plain, --types,
--annotate, both) and require python3's ast.parse to accept each output."""
import ast
import glob
import os
import subprocess
import sys

tscope, fixtures = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(fixtures, "*", "kernel.ttgir")))
bad = 0
for f in files:
    for opts in ([], ["--types"], ["--annotate"], ["--types", "--annotate"]):
        r = subprocess.run([tscope, "tlx", *opts, f], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        name = os.path.basename(os.path.dirname(f))
        if r.returncode != 0:
            print(f"{name} {' '.join(opts)}: exit {r.returncode}: {r.stderr.decode()[:200]}")
            bad += 1
            continue
        try:
            tree = ast.parse(r.stdout.decode())
        except SyntaxError as e:
            print(f"{name} {' '.join(opts)}: {e}")
            bad += 1
            continue
        if not any(isinstance(n, ast.FunctionDef) for n in tree.body):
            print(f"{name} {' '.join(opts)}: no function")
            bad += 1
print(f"{len(files)} fixtures, {4 * len(files)} translations, {bad} rejected")
