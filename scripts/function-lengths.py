#!/usr/bin/env python3
"""Lists the longest C++ functions under a folder (default src/): lines from
the opening to the closing brace of each function body defined at namespace or
class scope. `--max N` exits 1 when any function is longer than N lines (the
"walls" rule of CONVENTIONS.md). A brace-matching scan, not a C++ parser:
comments, strings and character literals are blanked first."""
import argparse
import pathlib
import re
import sys

SCOPE = re.compile(r"\b(namespace|class|struct|enum|union)\b")


def blank(text):
    """Comments, string and char literals replaced by spaces (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = text.find(")" + (m.group(1) if m else "") + '"', i)
            j = n if end < 0 else end + len(m.group(1) if m else "") + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + c); i = j + 1
        else:
            out.append(c); i += 1
    return "".join(out)


def functions(path):
    text = blank(path.read_text(errors="replace"))
    text = re.sub(r"(?m)^[ \t]*#.*$", lambda m: " " * len(m.group(0)), text)
    stack = []  # (kind, start line, name) kind: scope|func|block
    last = 0    # index after the last ; { or } at the current level
    for i, c in enumerate(text):
        if c == "{":
            head = re.sub(r"template\s*<[^;{]*?>\s*(?=[\w~])", " ", text[last:i])
            inside_func = any(k == "func" for k, _, _ in stack)
            if inside_func:
                kind = "block"
            elif SCOPE.search(head) and "(" not in head.split("{")[-1].split(SCOPE.search(head).group(0))[0]:
                kind = "scope"
            elif "(" in head and not head.strip().endswith("="):
                kind = "func"
            else:
                kind = "block"
            name = ""
            if kind == "func":
                m = re.findall(r"([~\w:]+(?:operator\s*[^\s(]+)?)\s*\(", head)
                name = m[0] if m else "?"
            stack.append((kind, text.count("\n", 0, i) + 1, name))
            last = i + 1
        elif c == "}":
            if stack:
                kind, start, name = stack.pop()
                if kind == "func":
                    end = text.count("\n", 0, i) + 1
                    yield name, start, end - start + 1
            last = i + 1
        elif c == ";":
            last = i + 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default="src")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--max", type=int, default=0, help="exit 1 if a function is longer")
    a = ap.parse_args()
    rows = []
    for p in sorted(pathlib.Path(a.root).rglob("*")):
        if p.suffix in (".cpp", ".h", ".cc", ".hpp"):
            rows += [(n, str(p), s, name) for name, s, n in functions(p)]
    rows.sort(reverse=True)
    for n, f, s, name in rows[: a.top]:
        print(f"{n:5d}  {f}:{s}  {name}")
    if a.max:
        over = [r for r in rows if r[0] > a.max]
        print(f"{len(over)} functions over {a.max} lines")
        return 1 if over else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
