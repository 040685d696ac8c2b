"""Run a command, pass its stdout/stderr through, then print `exit=N` so a
FileCheck line can hold the exact status (lit's `not` only knows non-zero)."""
import subprocess
import sys

r = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
sys.stdout.buffer.write(r.stdout)
print(f"exit={r.returncode}")
