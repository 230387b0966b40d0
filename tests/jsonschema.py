#!/usr/bin/env python3
"""tests/jsonschema.py SCHEMA FILE... - check JSON documents against a
JSON Schema (docs/schema/, docs/json.md) with the standard library only.

The subset of JSON Schema (draft 2020-12) the project's schemas use:
type (one or a list: object, array, string, number, integer, boolean,
null), properties, required, additionalProperties (false or a schema),
items, enum, const, minimum, pattern, anyOf, $ref to "#/$defs/NAME",
and the annotations ($schema, $id, title, description), which are not
checked.  Any other keyword is an error in the schema, so that a schema
cannot say more than is checked.  One line per fault, "FILE: PATH:
what"; status 1 when any, 2 for a bad schema or unreadable file.
"""
import json
import re
import sys

KNOWN = {"type", "properties", "required", "additionalProperties", "items", "enum",
         "const", "minimum", "pattern", "anyOf", "$ref", "$defs", "$schema", "$id",
         "title", "description"}
TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool)) or
                         (isinstance(v, float) and v.is_integer()),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


class BadSchema(Exception):
    pass


def check(v, s, root, path, out):
    if not isinstance(s, dict):
        raise BadSchema("%s: a schema must be an object" % path)
    unknown = set(s) - KNOWN
    if unknown:
        raise BadSchema("%s: keywords not checked here: %s" % (path, ", ".join(sorted(unknown))))
    if "$ref" in s:
        ref = s["$ref"]
        if not ref.startswith("#/$defs/") or ref[8:] not in root.get("$defs", {}):
            raise BadSchema("%s: bad $ref %s" % (path, ref))
        check(v, root["$defs"][ref[8:]], root, path, out)
    if "type" in s:
        types = s["type"] if isinstance(s["type"], list) else [s["type"]]
        for t in types:
            if t not in TYPES:
                raise BadSchema("%s: unknown type %s" % (path, t))
        if not any(TYPES[t](v) for t in types):
            out.append("%s: %s is not %s" % (path, json.dumps(v)[:40], " or ".join(types)))
            return
    if "enum" in s and v not in s["enum"]:
        out.append("%s: %s is not one of %s" % (path, json.dumps(v)[:40], s["enum"]))
    if "const" in s and v != s["const"]:
        out.append("%s: %s is not %s" % (path, json.dumps(v)[:40], json.dumps(s["const"])))
    if "minimum" in s and TYPES["number"](v) and v < s["minimum"]:
        out.append("%s: %s is below %s" % (path, v, s["minimum"]))
    if "pattern" in s and isinstance(v, str) and not re.search(s["pattern"], v):
        out.append("%s: %s does not match %s" % (path, json.dumps(v)[:40], s["pattern"]))
    if "anyOf" in s:
        if not any(not check_all(v, a, root, path) for a in s["anyOf"]):
            out.append("%s: matches none of anyOf" % path)
    if isinstance(v, dict):
        props = s.get("properties", {})
        for k in s.get("required", []):
            if k not in v:
                out.append("%s: no %s" % (path, k))
        for k, x in v.items():
            if k in props:
                check(x, props[k], root, "%s.%s" % (path, k), out)
            elif s.get("additionalProperties") is False:
                out.append("%s: %s is not in the schema" % (path, k))
            elif isinstance(s.get("additionalProperties"), dict):
                check(x, s["additionalProperties"], root, "%s.%s" % (path, k), out)
    if isinstance(v, list) and "items" in s:
        for i, x in enumerate(v):
            check(x, s["items"], root, "%s[%d]" % (path, i), out)


def check_all(v, s, root, path):
    out = []
    check(v, s, root, path, out)
    return out


def main(argv):
    if len(argv) < 3:
        print("usage: jsonschema.py SCHEMA FILE...", file=sys.stderr)
        return 2
    try:
        schema = json.load(open(argv[1]))
    except (OSError, ValueError) as e:
        print("%s: %s" % (argv[1], e), file=sys.stderr)
        return 2
    faults = 0
    for f in argv[2:]:
        try:
            doc = json.load(open(f))
        except (OSError, ValueError) as e:
            print("%s: not JSON: %s" % (f, e))
            faults += 1
            continue
        try:
            out = check_all(doc, schema, schema, "$")
        except BadSchema as e:
            print("%s: bad schema: %s" % (argv[1], e), file=sys.stderr)
            return 2
        for line in out[:20]:
            print("%s: %s" % (f, line))
        faults += len(out)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
