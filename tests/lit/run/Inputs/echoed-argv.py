"""Reads the `tscope run: CMD...` line tscope printed and splits it as a POSIX
shell would (shlex): prints the arguments after the program, to show that the
quoting round-trips."""
import shlex
import sys

for line in open(sys.argv[1]):
    if line.startswith("tscope run: "):
        print(shlex.split(line[len("tscope run: "):])[1:])
        break
