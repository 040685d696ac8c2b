"""Prints `gone` when the process whose id is in the file has ended (within
2 s; a zombie counts as gone), else `alive`."""
import os
import sys
import time

pid = int(open(sys.argv[1]).read())
for _ in range(40):
    try:
        with open(f"/proc/{pid}/stat") as f:
            if f.read().split(") ")[-1].startswith("Z"):
                break
        time.sleep(0.05)
    except FileNotFoundError:
        break
else:
    print("alive")
    sys.exit(0)
print("gone")
