"""Checks a `tscope barriers --format json` document against the schema in
docs/Barriers.md (keys and value types), then prints a one-line summary."""
import json
import sys

doc = json.load(open(sys.argv[1]))
def need(obj, key, types, where):
    if key not in obj:
        sys.exit(f"missing {where}.{key}")
    if not isinstance(obj[key], types):
        sys.exit(f"{where}.{key} is {type(obj[key]).__name__}")
    return obj[key]

assert need(doc, "schema", str, "") == "tscope.barriers/1"
need(doc, "file", str, "")
need(doc, "findings", list, "")
kernels = need(doc, "kernels", list, "")
edges = barriers = 0
for k in kernels:
    for key, t in [("name", str), ("target", str), ("num_warps", int), ("warp_specialized", bool),
                   ("barrier_ops", int), ("attributed_barrier_ops", int), ("partitions", list),
                   ("edges", list), ("barriers", list), ("data", list), ("aliases", list)]:
        need(k, key, t, "kernel")
    for p in k["partitions"]:
        for key, t in [("name", str), ("role", str), ("warps", int), ("key_ops", dict)]:
            need(p, key, t, "partition")
    for e in k["edges"]:
        for key, t in [("from", str), ("to", str), ("barrier", str), ("direction", str),
                       ("mechanism", str), ("data", list)]:
            need(e, key, t, "edge")
        assert e["direction"] in ("forward", "backward")
        edges += 1
    for b in k["barriers"]:
        for key, t in [("name", str), ("kind", str), ("slots", int), ("events", list), ("protects", list)]:
            need(b, key, t, "barrier")
        for ev in b["events"]:
            for key, t in [("partition", str), ("op", str), ("wait", bool), ("slot", str),
                           ("phase", str), ("location", dict), ("completed_by", list)]:
                need(ev, key, t, "event")
            need(ev["location"], "ir_line", int, "location")
        barriers += 1
    for d in k["data"]:
        for key, t in [("name", str), ("storage", str), ("writers", list), ("readers", list)]:
            need(d, key, t, "data")
    for a in k["aliases"]:
        for u in need(a, "uses", list, "alias"):
            for key, t in [("value", str), ("how", str), ("op", str), ("partition", str)]:
                need(u, key, t, "use")
print(f"schema ok: {len(kernels)} kernels, {edges} edges, {barriers} barriers")
