"""Validates a tscope findings command's --format json output against
docs/findings.schema.json (the one findings schema), then prints
`schema-ok COMMAND-SCHEMA N findings` for FileCheck.

Usage: check-findings-schema.py SCHEMA.json OUTPUT.json
Uses the jsonschema package (draft 2020-12) when installed; otherwise a
small checker of the keywords the schema uses (type, required, properties,
additionalProperties, items, enum, pattern, minimum, minLength, $ref)."""
import json
import re
import sys


def fallback_errors(schema, root, doc, path="$"):
    """The keywords of docs/findings.schema.json, checked by hand."""
    if "$ref" in schema:
        node = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part]
        return fallback_errors(node, root, doc, path)
    errs = []
    types = {"object": dict, "array": list, "string": str, "integer": int, "null": type(None)}
    want = schema.get("type")
    if want is not None:
        names = want if isinstance(want, list) else [want]
        ok = any(isinstance(doc, types[n]) and not (n == "integer" and isinstance(doc, bool)) for n in names)
        if not ok:
            return [f"{path}: {type(doc).__name__} is not {want}"]
    if "enum" in schema and doc not in schema["enum"]:
        errs.append(f"{path}: {doc!r} is not one of {schema['enum']}")
    if isinstance(doc, str):
        if "pattern" in schema and not re.search(schema["pattern"], doc):
            errs.append(f"{path}: {doc!r} does not match {schema['pattern']}")
        if len(doc) < schema.get("minLength", 0):
            errs.append(f"{path}: too short")
    if isinstance(doc, int) and "minimum" in schema and doc < schema["minimum"]:
        errs.append(f"{path}: {doc} < {schema['minimum']}")
    if isinstance(doc, dict):
        for key in schema.get("required", []):
            if key not in doc:
                errs.append(f"{path}: missing {key}")
        props = schema.get("properties", {})
        for key, value in doc.items():
            if key in props:
                errs += fallback_errors(props[key], root, value, f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                errs.append(f"{path}: unexpected {key}")
    if isinstance(doc, list) and "items" in schema:
        for i, item in enumerate(doc):
            errs += fallback_errors(schema["items"], root, item, f"{path}[{i}]")
    return errs


def main():
    schema = json.load(open(sys.argv[1]))
    doc = json.load(open(sys.argv[2]))
    docs = doc if isinstance(doc, list) else [doc]  # lint prints one document per file
    try:
        import jsonschema
        validator = jsonschema.Draft202012Validator(schema)
        validator.check_schema(schema)
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for d in docs for e in validator.iter_errors(d)]
    except ImportError:
        errors = [e for d in docs for e in fallback_errors(schema, schema, d)]
    for e in errors[:20]:
        print("schema-error", e)
    if errors:
        sys.exit(1)
    print("schema-ok", docs[0].get("schema", "?") if docs else "?", sum(len(d["findings"]) for d in docs), "findings")


main()
