# Prints the key facts of a `tscope races --format json` report for FileCheck
# (the findings' shape is docs/findings.schema.json's, validated by
# tests/lit/check/findings-schema.test).
import json
import sys

d = json.load(open(sys.argv[1]))
for key in ("schema", "file", "findings", "kernels"):
    assert key in d, key
print("schema", d["schema"], "findings", len(d["findings"]))
for f in d["findings"]:
    if f["check"] != "race":
        continue
    print(f["check"], f["severity"], f["location"]["line"], f["source"]["line"] if f["source"] else "-",
          "related", len(f["related"]), f["related"][0]["location"]["line"], "notes", len(f["notes"]),
          "trace", len(f["trace"]))
for k in d["kernels"]:
    for key in ("name", "verdict", "reason", "unbound_args", "runs", "race"):
        assert key in k, key
    r = k["race"]
    if r:
        e, l = r["earlier"], r["later"]
        print("kernel", k["name"], k["verdict"], r["slot"], "earlier", e["actor"], e["access"],
              e["location"]["line"], "later", l["actor"], l["access"], l["location"]["line"])
