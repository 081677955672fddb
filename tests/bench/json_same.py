#!/usr/bin/env python3
"""Whether two answers of the CLI (JSON files) are the same, field by field: every number exactly, the time the
search took (search.seconds) aside. Prints up to 20 differences and exits 1 if there are any.
   tests/bench/json_same.py OLD.json NEW.json"""
import json
import sys

a = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))
differences = []


def walk(x, y, path):
    if type(x) is not type(y):
        differences.append(f"{path}: {x!r} != {y!r}")
    elif isinstance(x, dict):
        for k in sorted(set(x) | set(y)):
            if k not in x or k not in y:
                differences.append(f"{path}.{k}: only in {'new' if k not in x else 'old'}")
            else:
                walk(x[k], y[k], f"{path}.{k}")
    elif isinstance(x, list):
        if len(x) != len(y):
            differences.append(f"{path}: {len(x)} elements != {len(y)}")
        for i, (u, v) in enumerate(zip(x, y)):
            walk(u, v, f"{path}[{i}]")
    elif x != y and path != ".search.seconds":  # the time the search took
        differences.append(f"{path}: {x!r} != {y!r}")


walk(a, b, "")
for d in differences[:20]:
    print("  " + d)
sys.exit(1 if differences else 0)
