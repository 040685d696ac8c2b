# Holds tscope races to the deadlock checker's speed budget: on the same
# kernel and bounds it explores the same states, in at most 3x the time
# (best of 3, plus 0.2 s of slack for a loaded machine).
import re
import subprocess
import sys
import time

tscope, args = sys.argv[1], sys.argv[2:]


def best(cmd, extra=()):
    t, out = 1e9, ""
    for _ in range(3):
        s = time.perf_counter()
        out = subprocess.run([tscope, cmd, *extra] + args, capture_output=True, text=True).stdout
        t = min(t, time.perf_counter() - s)
    return t, sum(int(n) for n in re.findall(r"\((\d+) states", out))


# The bounded runs only (both checks try a proof for every trip count
# first; --no-proof leaves the runs the two share).
td, sd = best("deadlock", ["--no-proof"])
tr, sr = best("races", ["--no-proof"])
print("same states:", sd == sr, "within budget:", tr <= 3 * td + 0.2)
print(f"deadlock {sd} states {td:.3f} s, races {sr} states {tr:.3f} s", file=sys.stderr)
