#!/usr/bin/env python3
"""The peer a kernel engineer writes today: a line regex over generic-form
MLIR that counts ops and operand uses."""
import re
import sys

OP = re.compile(rb'^\s*(?:(%[^=]+?)\s*=\s*)?"([\w.$-]+)"\(([^)]*)\)', re.M)
data = open(sys.argv[1], "rb").read()
ops = uses = 0
for m in OP.finditer(data):
    ops += 1
    uses += m.group(3).count(b"%")
print(ops, uses)
