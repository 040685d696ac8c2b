"""Shows that `tscope run` passes output through while the program runs: the
program prints a line, then waits (up to 60 s) for a flag file; this script
reads tscope's stdout and creates the flag only once the line has arrived.
Buffered-until-exit output would never arrive and the program would time out.
Usage: live-check.py TSCOPE WORKDIR"""
import os
import subprocess
import sys
import time

tscope, work = sys.argv[1], sys.argv[2]
flag = os.path.join(work + ".flag")
prog = ("import os, sys, time\n"
        "print('first line', flush=True)\n"
        "t = time.time()\n"
        "while not os.path.exists(sys.argv[1]) and time.time() - t < 60: time.sleep(0.05)\n"
        "print('flag seen' if os.path.exists(sys.argv[1]) else 'timed out', flush=True)\n")
p = subprocess.Popen([tscope, "run", "-o", work, "--", sys.executable, "-c", prog, flag],
                     stdout=subprocess.PIPE, text=True)
seen = None
for line in p.stdout:
    if line.strip() == "first line" and seen is None:
        seen = "seen before exit: first line"
        open(flag, "w").close()
    if line.strip() in ("flag seen", "timed out"):
        print(line.strip())
p.wait()
print(seen or "first line not seen while running")
