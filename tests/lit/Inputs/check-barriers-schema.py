"""Checks a `tscope barriers --format json` document's own sections against
docs/Barriers.md (keys and value types), then prints a one-line summary. The
findings follow the one findings schema (docs/findings.schema.json)."""
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
                   ("edges", list), ("barriers", list), ("data", list), ("aliases", list),
                   ("tmem_packing", list), ("accumulator_init", list)]:
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
def access(a, where):
    for key, t in [("partition", str), ("op", str), ("buffer", str), ("location", dict)]:
        need(a, key, t, where)
owners = orders = inits = 0
for k in kernels:
    for p in k["tmem_packing"]:
        for key, t in [("owner", str), ("columns", int), ("siblings", list), ("overwriters", list),
                       ("orders", list), ("location", dict)]:
            need(p, key, t, "tmem_packing")
        for sb in p["siblings"]:
            need(sb, "name", str, "sibling")
            assert sb["columns"] is None or len(sb["columns"]) == 2
        for w in p["overwriters"]:
            access(w, "overwriter")
        for o in p["orders"]:
            access(need(o, "reader", dict, "order"), "reader")
            access(need(o, "writer", dict, "order"), "writer")
            assert need(o, "status", str, "order") in ("ordered", "missing", "before-partitioning")
            need(o, "how", str, "order")
            orders += 1
        owners += 1
    for a in k["accumulator_init"]:
        for key, t in [("accumulator", str), ("mma", dict), ("loop", str), ("use_acc", str),
                       ("zero_stores", list), ("verdict", str), ("reason", str)]:
            need(a, key, t, "accumulator_init")
        assert a["verdict"] in ("ok", "redundant", "unknown")
        inits += 1
kinds = []
# The findings' shape is docs/findings.schema.json's, validated for every
# findings command by tests/lit/check/findings-schema.test; only count them here.
for f in doc["findings"]:
    kinds.append(f"{f['check']} {f['severity']}")
print(f"schema ok: {len(kernels)} kernels, {edges} edges, {barriers} barriers")
print(f"tmem: {owners} owners, {orders} orders, {inits} init rows, {len(doc['findings'])} findings"
      + (f" ({', '.join(sorted(set(kinds)))})" if kinds else ""))
