#!/usr/bin/env python3
"""The peer a kernel engineer writes today: a line regex over MLIR that counts
ops and operand uses. Generic form: `"dialect.op"(%a, %b)`; with --pretty,
the form Triton writes: `%r = dialect.op %a, %b : type`."""
import re
import sys

GENERIC = re.compile(rb'^\s*(?:(%[^=]+?)\s*=\s*)?"([\w.$-]+)"\(([^)]*)\)', re.M)
PRETTY = re.compile(rb'^\s*(?:(%[^=]+?)\s*=\s*)?([A-Za-z_][\w$]*\.[\w.$]+)\b([^\n]*)', re.M)
pretty = "--pretty" in sys.argv
path = [a for a in sys.argv[1:] if a != "--pretty"][0]
data = open(path, "rb").read()
ops = uses = 0
for m in (PRETTY if pretty else GENERIC).finditer(data):
    ops += 1
    uses += m.group(3).count(b"%")
print(ops, uses)
