"""Compares two SARIF logs result by result (same order): how many results
keep their partialFingerprints, and how many IR lines (the related location
"IR: ...") moved. usage: compare-fingerprints.py A.sarif B.sarif"""
import json
import sys

a, b = (json.load(open(p))["runs"][0]["results"] for p in sys.argv[1:3])
print(f"results: {len(a)} and {len(b)}")


def ir_line(r):
    for x in r.get("relatedLocations", []):
        if x["message"]["text"].startswith("IR: "):
            return x["physicalLocation"]["region"]["startLine"]
    return r["locations"][0]["physicalLocation"]["region"]["startLine"]


same = sum(x["partialFingerprints"] == y["partialFingerprints"] for x, y in zip(a, b))
moved = sum(ir_line(x) != ir_line(y) for x, y in zip(a, b))
print(f"same fingerprints: {same} of {len(a)}")
print(f"IR lines moved: {moved} of {len(a)}")
for x, y in zip(a, b):
    print(f"  {x['ruleId']}: IR {ir_line(x)} -> {ir_line(y)}, "
          f"{'same' if x['partialFingerprints'] == y['partialFingerprints'] else 'CHANGED'} fingerprint")
