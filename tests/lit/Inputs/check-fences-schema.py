"""Checks a `tscope fences --format json` document against the schema in
docs/Fences.md (keys and value types of the shared findings shape and of the
kernel reports), then prints a one-line summary."""
import json
import sys

doc = json.load(open(sys.argv[1]))


def need(obj, key, types, where):
    if key not in obj:
        sys.exit(f"missing {where}.{key}")
    if not isinstance(obj[key], types):
        sys.exit(f"{where}.{key} is {type(obj[key]).__name__}")
    return obj[key]


def location(obj, where):
    loc = need(obj, "location", dict, where)
    need(loc, "file", str, where + ".location")
    need(loc, "line", int, where + ".location")
    need(loc, "col", int, where + ".location")
    src = obj.get("source", "absent")
    if src == "absent":
        sys.exit(f"missing {where}.source")
    if src is not None:
        need(src, "file", str, where + ".source")
        need(src, "line", int, where + ".source")


assert need(doc, "schema", str, "") == "tscope.fences/1"
need(doc, "file", str, "")
findings = need(doc, "findings", list, "")
for f in findings:
    if sorted(f) != sorted(["check", "severity", "message", "location", "source", "related", "notes", "trace"]):
        sys.exit(f"finding keys {sorted(f)}")
    assert need(f, "check", str, "finding") in ("missing-fence", "fence-at-lowering", "spurious-fence")
    assert need(f, "severity", str, "finding") in ("error", "warning", "note", "info")
    need(f, "message", str, "finding")
    location(f, "finding")
    for r in need(f, "related", list, "finding"):
        location(r, "related")
        need(r, "message", str, "related")
    for n in need(f, "notes", list, "finding"):
        assert isinstance(n, str)
    for t in need(f, "trace", list, "finding"):
        need(t, "actor", str, "trace")
        need(t, "action", str, "trace")
        location(t, "trace")
pairs = fences = 0
for k in need(doc, "kernels", list, ""):
    for key, t in [("name", str), ("target", str), ("checked", bool), ("skipped", str), ("verdict", str), ("not_verified", str),
                   ("threads", list), ("generic_accesses", int), ("async_accesses", int), ("pairs", list),
                   ("fences", list)]:
        need(k, key, t, "kernel")
    assert k["verdict"] in ("missing-fence", "ok", "skipped", "not-verified")
    low = need(k, "lowering", dict, "kernel")
    assert need(low, "assumed", str, "kernel.lowering") in ("upstream", "fork", "none")
    need(low, "why", str, "kernel.lowering")
    for p in k["pairs"]:
        for side in ("generic", "async"):
            s = need(p, side, dict, "pair")
            need(s, "op", str, "pair." + side)
            need(s, "partition", str, "pair." + side)
            location(s, "pair." + side)
        need(p, "buffer", str, "pair")
        assert need(p, "scope", str, "pair") in ("partition", "cross-partition")
        need(p, "ordered_by", str, "pair")
        assert need(p, "verdict", str, "pair") in ("fenced", "missing", "fence-at-lowering", "before-tma-lowering")
        for fl in need(p, "fences", list, "pair"):
            need(fl, "line", int, "pair.fences")
        pairs += 1
    for fe in k["fences"]:
        location(fe, "fence")
        need(fe, "partition", str, "fence")
        need(fe, "spurious", bool, "fence")
        need(fe, "reason", str, "fence")
        if "inserted_by" not in fe or not isinstance(fe["inserted_by"], (str, type(None))):
            sys.exit("fence.inserted_by must be a string or null")
        need(fe, "orders", list, "fence")
        fences += 1
errors = sum(f["severity"] == "error" for f in findings)
print(f"schema ok: {len(doc['kernels'])} kernels, {pairs} pairs, {fences} fences, {len(findings)} findings, "
      f"{errors} errors")
