"""Holds "one finding path": the findings a command reports for CHECK-ID must
be the ones `tscope check` reports for the same file, with the same line,
column, severity and message.

Usage: same-finding.py TSCOPE CHECK-ID FILE --own CMD [ARGS...] --check [ARGS...]
Runs `TSCOPE CMD --format json FILE ARGS` and `TSCOPE check --format json FILE
ARGS`, keeps the findings whose check is CHECK-ID, and prints one line
`same CHECK-ID line:col severity: message` per finding, or `differ` lines."""
import json
import subprocess
import sys


def findings(cmd, check_id):
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    doc = json.loads(out)
    docs = doc if isinstance(doc, list) else [doc]
    return sorted({(f["location"]["line"], f["location"]["col"], f["severity"], f["message"])
                   for d in docs for f in d["findings"] if f["check"] == check_id})


def main():
    tscope, check_id, path = sys.argv[1:4]
    rest = sys.argv[4:]
    own_args = rest[rest.index("--own") + 1:rest.index("--check")]
    check_args = rest[rest.index("--check") + 1:]
    own = findings([tscope, own_args[0], "--format", "json", path] + own_args[1:], check_id)
    chk = findings([tscope, "check", "--format", "json", path] + check_args, check_id)
    if not own:
        print("differ: the command reports no", check_id)
    for f in own:
        print(("same " if f in chk else "differ ") + f"{check_id} {f[0]}:{f[1]} {f[2]}: {f[3]}")
    for f in chk:
        if f not in own:
            print(f"differ: only check reports {check_id} {f[0]}:{f[1]} {f[3]}")


main()
