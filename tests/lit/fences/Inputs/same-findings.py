"""Prints the findings of one check family as `tscope check` and as the
family's own command print them, and whether the two agree.

usage: same-findings.py TSCOPE COMMAND FILE ID... [-- CHECK-ARG...]
Each finding is its whole text block (the diagnostic line with its caret, the
Python line, related notes, notes, trace): the block must be the same from both
commands, line:col and wording included."""
import re
import subprocess
import sys

# Arguments after `--` go to `tscope check` only (bounds for its model
# checks, which the family compared may not take).
rest = sys.argv[4:]
extra = rest[rest.index("--") + 1:] if "--" in rest else []
rest = rest[:rest.index("--")] if "--" in rest else rest
tscope, command, path, ids = sys.argv[1], sys.argv[2], sys.argv[3], set(rest)
HEAD = re.compile(r"^\S+:\d+:\d+: (error|warning|note|info): .* \[([a-z0-9-]+)\]$")


def blocks(args):
    out = subprocess.run([tscope] + args, capture_output=True, text=True).stdout.splitlines()
    found, cur = [], None
    for line in out:
        m = HEAD.match(line)
        if m:
            cur = [line] if m.group(2) in ids else None
            if cur is not None:
                found.append(cur)
        elif line.startswith("  pairs (") or line == "  fences:":
            cur = None  # `tscope fences`' own sections follow the findings
        elif cur is not None and (line.startswith(" ") or re.match(r"^\S+:\d+(:\d+)?: note: ", line)):
            cur.append(line)
        else:
            cur = None
    return ["\n".join(b) for b in found]


# `tscope check` orders findings across analyses; compare them as sets.
own = sorted(blocks([command, path]))
check = sorted(blocks(["check"] + extra + [path]))
for b in own:
    print(b.splitlines()[0])
print(f"{len(own)} findings from {command}, {len(check)} from check: {'same' if own == check else 'DIFFERENT'}")
if own != check:
    for b in own:
        if b not in check:
            print("only in " + command + ":\n" + b)
    for b in check:
        if b not in own:
            print("only in check:\n" + b)
