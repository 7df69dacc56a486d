#!/usr/bin/env python3
"""Validates JSON files against one of our JSON Schemas with Python's jsonschema (Draft 2020-12).

Usage: tools/validate_json.py SCHEMA FILE...   Exit 0 when every file is valid, 1 otherwise
(each error printed with its file and JSON path), 3 when jsonschema is not installed.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("jsonschema is not installed (apt-get install python3-jsonschema)", file=sys.stderr)
    sys.exit(3)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    bad = 0
    for path in argv[2:]:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        for error in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
            where = "/".join(str(p) for p in error.absolute_path) or "$"
            print(f"{path}: {where}: {error.message}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
