# Holds tscope races to the deadlock checker's speed budget: on the same
# kernel and bounds, exploring every interleaving, it explores the same
# states; with the reduction, in at most 3x the time (best of 3, plus 0.2 s
# of slack for a loaded machine), and each check with no more states than
# without it.
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
_, sd = best("deadlock", ["--no-proof", "--no-reduction"])
_, sr = best("races", ["--no-proof", "--no-reduction"])
td, sdr = best("deadlock", ["--no-proof"])
tr, srr = best("races", ["--no-proof"])
print("same states:", sd == sr, "within budget:", tr <= 3 * td + 0.2, "reduced:", sdr <= sd and srr <= sr)
print(f"full: deadlock {sd} states, races {sr} states; reduced: deadlock {sdr} states {td:.3f} s, "
      f"races {srr} states {tr:.3f} s", file=sys.stderr)
