#!/usr/bin/env python3
"""Run `tscope parse` (and optionally the mlir-opt oracle) over a directory of
.mlir files, e.g. the lit tests of a fetched Triton checkout, and report every
file that fails with its first error. Nothing here is committed input."""
import argparse
import concurrent.futures as cf
import pathlib
import subprocess
import sys


def check(tscope, path, oracle):
    r = subprocess.run([tscope, "parse", str(path)], capture_output=True, text=True, timeout=60)
    errs = [l for l in r.stderr.splitlines() if ": error:" in l]
    res = {"file": str(path), "rc": r.returncode, "errors": errs, "oracle": None}
    if oracle and r.returncode == 0:
        g = subprocess.run([tscope, "print", "--generic", "--opaque", str(path)],
                           capture_output=True, text=True, timeout=60)
        o = subprocess.run(["mlir-opt-22", "--allow-unregistered-dialect", "--split-input-file",
                            "-o", "/dev/null", "-"], input=g.stdout, capture_output=True,
                           text=True, timeout=60)
        res["oracle"] = o.stderr.strip().splitlines()[:2] if o.returncode else []
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--tscope", default="build/src/tscope")
    ap.add_argument("--oracle", action="store_true", help="also feed the generic form to mlir-opt-22")
    a = ap.parse_args()
    files = sorted(pathlib.Path(a.root).rglob("*.mlir"))
    with cf.ThreadPoolExecutor(4) as ex:
        results = list(ex.map(lambda p: check(a.tscope, p, a.oracle), files))
    bad = [r for r in results if r["rc"] != 0]
    for r in bad:
        print(f"FAIL {r['file']} (exit {r['rc']})")
        for e in r["errors"][:3]:
            print("   ", e)
    if a.oracle:
        obad = [r for r in results if r["oracle"]]
        for r in obad:
            print(f"ORACLE {r['file']}")
            for e in r["oracle"]:
                print("   ", e)
        print(f"oracle: {len(results) - len(bad) - len(obad)} accepted by mlir-opt-22, {len(obad)} rejected")
    n = len(results)
    print(f"parsed: {n - len(bad)}/{n} files with no error ({100.0 * (n - len(bad)) / max(n, 1):.2f}%)")
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
