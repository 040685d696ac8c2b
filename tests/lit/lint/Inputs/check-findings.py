"""Check the shared findings JSON shape and print one line per finding."""
import json
import os
import sys

d = json.load(open(sys.argv[1]))
assert set(d) >= {"schema", "file", "findings"}, d.keys()
print(f"schema {d['schema']}: {len(d['findings'])} findings")
for f in d["findings"]:
    assert set(f) == {"check", "severity", "message", "location", "source", "related", "notes", "trace"}, f.keys()
    assert f["severity"] in ("error", "warning", "note", "info")
    assert set(f["location"]) == {"file", "line", "col"}
    src = f["source"]
    assert src is None or set(src) == {"file", "line"}
    for r in f["related"]:
        assert set(r) == {"location", "source", "message"}
    where = "None" if src is None else f"{os.path.basename(src['file'])}:{src['line']}"
    print(f"{f['check']} {f['severity']} line {f['location']['line']} col {f['location']['col']} "
          f"source {where} related {len(f['related'])} notes {len(f['notes'])} trace {len(f['trace'])}")
