#!/usr/bin/env python3
"""Runs a command and prints its peak resident set size in bytes (ru_maxrss)."""
import resource
import subprocess
import sys

subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
