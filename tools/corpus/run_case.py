#!/usr/bin/env python3
"""Run one corpus case's GPU check in this process, with no dumps, e.g. under
compute-sanitizer or `tscope run`:

    compute-sanitizer --tool memcheck python3 tools/corpus/run_case.py gluon_ws_race [--runs N]

Prints the case's check detail as JSON; a CUDA error propagates (non-zero exit).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gen import all_cases  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case")
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    detail = all_cases()[args.case]["gpu"](args.runs)
    print(json.dumps({"case": args.case, "bad_runs": detail["bad_runs"], "runs": detail["runs"]}), flush=True)


if __name__ == "__main__":
    main()
