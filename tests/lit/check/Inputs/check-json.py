"""Checks `tscope check --format json` against the findings shape every
command shares (DESIGN.md, docs/Check.md) and prints a summary line per finding."""
import json
import sys

doc = json.load(open(sys.argv[1]))
assert doc["schema"] == "tscope.check/1"
assert set(doc) == {"schema", "files", "notes", "findings"}, set(doc)
for f in doc["files"]:
    assert set(f) == {"file", "launches", "analyses", "kernels"}
    for a in f["analyses"]:
        assert set(a) == {"name", "ran", "skipped", "verdicts"}
        print(f"analysis {a['name']} ran={a['ran']} {a['verdicts']}")
    for k in f["kernels"]:
        assert set(k) == {"name", "verdict", "expected_gpu", "not_verified"}, set(k)
        assert k["verdict"] in ("clean", "error", "not-verified")
        print(f"kernel {k['name']} {k['verdict']} expected_gpu={k['expected_gpu']} not_verified={len(k['not_verified'])}")
keys = {"check", "severity", "message", "location", "source", "related", "notes", "trace"}
for x in doc["findings"]:
    assert set(x) - {"fixes"} == keys, set(x) ^ keys
    assert x["severity"] in ("error", "warning", "note", "info")
    assert set(x["location"]) == {"file", "line", "col"}
    assert x["source"] is None or set(x["source"]) == {"file", "line"}
    for r in x["related"]:
        assert set(r) == {"location", "source", "message"}
    for t in x["trace"]:
        assert set(t) == {"actor", "action", "location", "source"}
    for fx in x.get("fixes", []):
        assert set(fx) - {"other"} == {"kind", "edit", "proven", "location", "source"}, set(fx)
    src = x["source"]["file"].rsplit("/", 1)[-1] + ":" + str(x["source"]["line"]) if x["source"] else "-"
    print(f"finding {x['check']} {x['severity']} {x['location']['line']}:{x['location']['col']} {src} "
          f"related={len(x['related'])} notes={len(x['notes'])} trace={len(x['trace'])}")
