#!/usr/bin/env python3
"""Run every example in README.md with the built tscope and write its real output
into the README (or, with --check, fail when the README differs from it).

    scripts/readme-examples.py                  # rewrite README.md in place (make readme)
    scripts/readme-examples.py --check          # exit 1 with a diff when a block is stale (ctest readme-examples)
    scripts/readme-examples.py --tscope PATH    # the binary to run (default: build/src/tscope)

An example is a fenced block right after a marker comment:

    <!-- example -->
    ```console
    $ tscope check tests/fixtures/gluon_ws_deadlock/kernel.ttgir
    (output: written by this script)
    ```

Each `$ ` line is a command (a line ending in a backslash continues it); what
follows it up to the next `$ ` line is its output, which this script replaces.
The command runs under bash with `tscope` on PATH as the binary given, in a
scratch folder that holds links to the repository's tests/ and tools/ (so
relative paths like tests/fixtures/... work and files it writes, such as
report.html, land in the scratch folder), with LC_ALL=C, NO_COLOR=1 and
stderr merged into stdout. Commands must use paths relative to the repository.

Options in the marker, space-separated: `<!-- example lines=1-12,20 cut=120 -->`;
in a block of several commands, `|` separates the options of each command
(`<!-- example lines=1-3 | lines=2 -->`; the last set applies to the rest).
  lines=RANGES  keep these lines of each command's output (1-based, after the
                normalisation below); a gap is shown as one `...` line, and so are
                lines left off at the end
  cut=N         a line longer than N characters is cut to N and ends in `...`
  exit          append the command's exit status as `(exit N)`
  times         keep durations as printed (they are data read from a fixture,
                such as a trace's recorded compile times, not measured by the run)

Normalisation (so that the output does not depend on the machine or the run):
  - the absolute path of the scratch folder and of the repository (as the
    binary or the IR may print them) is removed, leaving the relative path;
  - TMPDIR is the scratch folder's tmp/ (tscope keeps what it reads out of a
    tritonparse trace there), and the user id in `tscope-<uid>/` and the key
    of a trace's folder (`traces/NAME-<key>`: a hash of the trace's path,
    size and time) are masked;
  - durations are masked: a number followed by `ms`, `us` or `s` (as in
    `0.175 ms`, `after 9.4 s`) becomes `#.#` (`#.# ms`), whatever its digits.
Nothing else is touched: everything else in a block is the tool's real output.

A fenced `console` block without a marker must be marked
`<!-- example: recorded WHY -->` (output kept by hand, e.g. it needs a GPU);
the check fails on a console block with neither marker, so that no example
can escape the test.
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARKER = re.compile(r"^<!-- example(?P<opts>(?:\s+[^-][^>]*?)?)\s*-->\s*$")
RECORDED = re.compile(r"^<!-- example: recorded\b.*-->\s*$")
UID = re.compile(r"\btscope-\d+/")
TRACE_KEY = re.compile(r"(traces/[^/\s]+?)-[0-9a-f]{16}\b")
TIME = re.compile(r"\b\d+(?:\.\d+)?(?= ?(?:ms|us|µs|s)\b)")


def parse_opts(text):
    opts = {"lines": None, "cut": None, "exit": False, "times": False}
    for word in text.split():
        if word == "exit":
            opts["exit"] = True
        elif word == "times":
            opts["times"] = True
        elif word.startswith("lines="):
            ranges = []
            for part in word[len("lines="):].split(","):
                a, _, b = part.partition("-")
                ranges.append((int(a), int(b) if b else int(a)))
            opts["lines"] = ranges
        elif word.startswith("cut="):
            opts["cut"] = int(word[len("cut="):])
        else:
            raise ValueError(f"unknown example option '{word}'")
    return opts


# An absolute path whose tail is a file of this repository: the fixtures' loc()
# paths and the recorded pass logs name the checkout they were made in.
ABS_IN_REPO = re.compile(r"(?<![\w.])/[^\s:\"'()]*?/((?:tools|tests|docs|scripts)/[^\s:\"'()]+)")


def normalise(text, paths, keep_times=False, root=None):
    # Longest first, so that a path inside another is replaced before it.
    for p in sorted(set(paths), key=len, reverse=True):
        text = text.replace(p + "/", "").replace(p, ".")
    if root:
        text = ABS_IN_REPO.sub(lambda m: m.group(1) if os.path.exists(os.path.join(root, m.group(1)))
                               else m.group(0), text)
    text = UID.sub("tscope-<uid>/", text)
    text = TRACE_KEY.sub(r"\1-<key>", text)
    return text if keep_times else TIME.sub("#.#", text)


def select(lines, opts):
    if opts["cut"]:
        n = opts["cut"]
        lines = [l if len(l) <= n else l[:n] + "..." for l in lines]
    if not opts["lines"]:
        return lines
    out, last = [], 0
    for a, b in opts["lines"]:
        if a > len(lines):
            break
        if a != last + 1:
            out.append("...")
        out.extend(lines[a - 1:b])
        last = min(b, len(lines))
    if last < len(lines):
        out.append("...")
    return out


def run_command(cmd, opts, scratch, tscope_dir, paths):
    env = dict(os.environ)
    env.update(PATH=tscope_dir + os.pathsep + env.get("PATH", ""), LC_ALL="C", NO_COLOR="1", TERM="dumb")
    env["TMPDIR"] = os.path.join(scratch, "tmp")
    env.pop("TRITON_CACHE_DIR", None)
    env.pop("TRITON_DUMP_DIR", None)
    proc = subprocess.run(["bash", "-c", cmd], cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    text = normalise(proc.stdout.decode("utf-8", "replace"), paths, opts["times"], root=scratch)
    lines = select(text.rstrip("\n").split("\n") if text.strip() else [], opts)
    if opts["exit"]:
        lines.append(f"(exit {proc.returncode})")
    return lines


def regenerate(readme_text, scratch, tscope_dir, paths):
    """Returns (new text, errors)."""
    src = readme_text.split("\n")
    out, errors, i = [], [], 0
    while i < len(src):
        line = src[i]
        m = MARKER.match(line)
        if line.startswith("```console") and not (out and (MARKER.match(out[-1]) or RECORDED.match(out[-1]))):
            errors.append(f"README.md:{i + 1}: a console block with no `<!-- example -->` marker "
                          "(or `<!-- example: recorded WHY -->`)")
        if not m or RECORDED.match(line):
            out.append(line)
            i += 1
            continue
        try:
            optss = [parse_opts(o) for o in (m.group("opts") or "").split("|")]
        except ValueError as e:
            errors.append(f"README.md:{i + 1}: {e}")
            optss = [parse_opts("")]
        out.append(line)
        if i + 1 >= len(src) or not src[i + 1].startswith("```console"):
            errors.append(f"README.md:{i + 1}: the example marker is not followed by a ```console block")
            i += 1
            continue
        out.append(src[i + 1])
        j = i + 2
        body = []
        while j < len(src) and not src[j].startswith("```"):
            body.append(src[j])
            j += 1
        if j == len(src):
            errors.append(f"README.md:{i + 2}: the console block is not closed")
            return readme_text, errors
        # the commands: `$ ` lines, with backslash continuations
        k, cmds = 0, []
        while k < len(body):
            if body[k].startswith("$ "):
                shown = [body[k]]
                while shown[-1].endswith("\\") and k + 1 < len(body):
                    k += 1
                    shown.append(body[k])
                cmds.append(shown)
            k += 1
        if not cmds:
            errors.append(f"README.md:{i + 2}: an example block with no `$ ` command")
        for n, shown in enumerate(cmds):
            cmd = "\n".join(shown)[2:]
            out.extend(shown)
            out.extend(run_command(cmd, optss[min(n, len(optss) - 1)], scratch, tscope_dir, paths))
        out.append(src[j])
        i = j + 1
    return "\n".join(out), errors


def main():
    root_default = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=root_default, help="the repository (default: this script's)")
    ap.add_argument("--tscope", help="the tscope binary (default: ROOT/build/src/tscope)")
    ap.add_argument("--readme", help="the README to regenerate (default: ROOT/README.md)")
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 with a diff when stale")
    args = ap.parse_args()
    # The checkout as named and as resolved: the fixtures' loc() paths and the
    # pass logs name the checkout the way the shell saw it (/work/main), which
    # differs from the resolved path when a folder above it is a link.
    root_named = os.path.abspath(args.root)
    root = os.path.realpath(args.root)
    tscope = os.path.realpath(args.tscope or os.path.join(root, "build", "src", "tscope"))
    readme = args.readme or os.path.join(root, "README.md")
    if not os.access(tscope, os.X_OK):
        print(f"readme-examples: no tscope binary at {tscope} (build it, or give --tscope)", file=sys.stderr)
        return 2
    tscope_dir = tempfile.mkdtemp(prefix="tscope-readme-bin-")
    scratch = os.path.realpath(tempfile.mkdtemp(prefix="tscope-readme-"))
    try:
        os.symlink(tscope, os.path.join(tscope_dir, "tscope"))
        for d in ("tests", "tools", "docs"):
            os.symlink(os.path.join(root, d), os.path.join(scratch, d))
        os.mkdir(os.path.join(scratch, "tmp"))
        with open(readme, encoding="utf-8") as f:
            old = f.read()
        new, errors = regenerate(old, scratch, tscope_dir, [scratch, root, root_named])
    finally:
        shutil.rmtree(tscope_dir, ignore_errors=True)
        shutil.rmtree(scratch, ignore_errors=True)
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        return 1
    if args.check:
        if new != old:
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), new.splitlines(True), "README.md", "README.md (tscope's real output)"))
            print("readme-examples: README.md examples differ from tscope's output; "
                  "run `make readme` (scripts/readme-examples.py) and review the diff", file=sys.stderr)
            return 1
        print("readme-examples: every README example matches tscope's output")
        return 0
    if new != old:
        with open(readme, "w", encoding="utf-8") as f:
            f.write(new)
        print(f"readme-examples: rewrote {readme}")
    else:
        print("readme-examples: README.md already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
