#!/usr/bin/env bash
# The core's stage rule (docs/architecture.md): a file under core/ includes only core headers of its own stage
# or of a stage before it, and every source file under core/ is listed in core/CMakeLists.txt.
# Usage: core_layering.sh BIN_DIR TEST_DATA_DIR   (the source tree is TEST_DATA_DIR/../..)
#        core_layering.sh --root SOURCE_DIR       (check another tree, e.g. a copy with a deliberate bad include)
set -euo pipefail
if [ "${1:-}" = "--root" ]; then
    ROOT="$2"
    CHECK_ONLY=1
else
    ROOT="$(cd "$2/../.." && pwd)"
    CHECK_ONLY=0
fi
if [ "$CHECK_ONLY" = 0 ]; then
    # The rule must be able to fail: a copy of the core with one include pointing up the chain is refused.
    WORK=$(mktemp -d)
    trap 'rm -rf "$WORK"' EXIT
    cp -r "$ROOT/core" "$WORK/core"
    sed -i '0,/#include/s//#include "planner\/planner.h"\n#include/' "$WORK/core/base/atomic_file.cpp"
    if out=$("$0" --root "$WORK" 2>&1); then
        echo "FAIL: an upward include (base -> planner) was not reported" >&2
        exit 1
    fi
    grep -q "stage 'base' includes \"planner/planner.h\" from stage 'planner', which comes after it" <<<"$out" \
        || { echo "FAIL: unexpected message for an upward include: $out" >&2; exit 1; }
fi
python3 - "$ROOT" <<'PY'
import os, re, sys

root = sys.argv[1]
core = os.path.join(root, "core")
# The stages in the order data flows through them; one stage may include the ones before it.
# catalog and transformer are siblings: neither includes the other.
ORDER = [
    ("base",), ("plan",), ("catalog", "transformer"),
    ("estimate/common",), ("estimate/memory",), ("estimate/time",), ("estimate/cost",), ("estimate/serving",), ("estimate",), ("rl",),
    ("planner",), ("launch",), ("output",), ("budget",), ("cli",),
]
rank = {stage: i for i, group in enumerate(ORDER) for stage in group}

def stage_of(path):
    """The stage folder of a path relative to core/ (the deepest listed folder that contains it)."""
    folder = os.path.dirname(path)
    while folder and folder not in rank:
        folder = os.path.dirname(folder)
    return folder or None

errors = []
sources = []
include_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
for dirpath, _, files in os.walk(core):
    for name in sorted(files):
        if not name.endswith((".h", ".cpp")):
            continue
        rel = os.path.relpath(os.path.join(dirpath, name), core)
        sources.append(rel)
        own = stage_of(rel)
        if own is None:
            errors.append(f"core/{rel}: not inside a stage folder ({', '.join(s for g in ORDER for s in g)})")
            continue
        text = open(os.path.join(dirpath, name), encoding="utf-8").read()
        for target in include_re.findall(text):
            if not os.path.exists(os.path.join(core, target)):
                if os.path.exists(os.path.join(dirpath, target)):
                    errors.append(f"core/{rel}: includes \"{target}\" relative to its folder; "
                                  f"write the path from core/ (\"{os.path.relpath(os.path.join(dirpath, target), core)}\")")
                continue  # not a core header (generated or external)
            theirs = stage_of(target)
            if theirs == own:
                continue
            if rank[theirs] > rank[own] or (rank[theirs] == rank[own]):
                errors.append(f"core/{rel}: stage '{own}' includes \"{target}\" from stage '{theirs}', "
                              f"which comes {'after' if rank[theirs] > rank[own] else 'beside'} it")

cmake = open(os.path.join(core, "CMakeLists.txt"), encoding="utf-8").read()
listed = set(re.findall(r"^\s+([\w/]+\.(?:cpp|h))\s*$", cmake, re.M))
for rel in sources:
    if rel not in listed:
        errors.append(f"core/{rel}: not listed in core/CMakeLists.txt, so it is not built")
for rel in sorted(listed - set(sources)):
    errors.append(f"core/CMakeLists.txt: lists {rel}, which does not exist")

if errors:
    print("\n".join(errors), file=sys.stderr)
    sys.exit(1)
print(f"core layering: {len(sources)} files in {len(rank)} stages, every include points down the chain")
PY
