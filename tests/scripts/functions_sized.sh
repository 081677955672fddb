#!/usr/bin/env bash
# No function in core/ or ui/ is over 150 lines (issue #37): a longer one is split into well-named steps. A file's
# functions are found as the tree formats them (.clang-format: a definition's braces on lines of their own at column
# 0), so a lambda counts toward the function it is written in, and a member function defined inside its class
# (indented) is not measured. The 500-line limit on files is the inputs panel's (inputs_sections_sized.sh).
# Usage: functions_sized.sh BIN_DIR TEST_DATA_DIR   (the source tree is TEST_DATA_DIR/../..)
#        functions_sized.sh --root SOURCE_DIR       (check another tree, e.g. a copy with a long function)
set -euo pipefail
if [ "${1:-}" = "--root" ]; then
    ROOT="$2"
    CHECK_ONLY=1
else
    ROOT="$(cd "$2/../.." && pwd)"
    CHECK_ONLY=0
fi
if [ "$CHECK_ONLY" = 0 ]; then
    # The rule must be able to fail: a tree with one 151-line function in core/ and one with a multi-line
    # signature in ui/ is refused, and both are named; a 150-line function is not.
    WORK=$(mktemp -d)
    trap 'rm -rf "$WORK"' EXIT
    mkdir -p "$WORK/core/plan" "$WORK/ui/models"
    cp "$ROOT/core/plan/billing_modes.cpp" "$WORK/core/plan/billing_modes.cpp"
    cp "$ROOT/ui/models/comparison_model.cpp" "$WORK/ui/models/comparison_model.cpp"
    { echo "void justShortEnough()"; echo "{"; for _ in $(seq 1 147); do echo "    ;"; done; echo "}"; } \
        >>"$WORK/core/plan/billing_modes.cpp"
    if ! out=$("$0" --root "$WORK" 2>&1); then
        echo "FAIL: a 150-line function was reported: $out" >&2
        exit 1
    fi
    { echo "void longFunction()"; echo "{"; for _ in $(seq 1 148); do echo "    ;"; done; echo "}"; } \
        >>"$WORK/core/plan/billing_modes.cpp"
    { echo "int ComparisonModel::longMember(int first,"; echo "    int second) const"; echo "{";
      for _ in $(seq 1 200); do echo "    ;"; done; echo "}"; } >>"$WORK/ui/models/comparison_model.cpp"
    if out=$("$0" --root "$WORK" 2>&1); then
        echo "FAIL: a 151-line function was not reported" >&2
        exit 1
    fi
    grep -q "core/plan/billing_modes.cpp:[0-9]*: void longFunction() is 151 lines, more than 150" <<<"$out" \
        || { echo "FAIL: unexpected message for a long function: $out" >&2; exit 1; }
    grep -q "ui/models/comparison_model.cpp:[0-9]*: int ComparisonModel::longMember(int first, is 204 lines" <<<"$out" \
        || { echo "FAIL: unexpected message for a long member function: $out" >&2; exit 1; }
    if grep -q "justShortEnough" <<<"$out"; then
        echo "FAIL: a 150-line function was reported: $out" >&2
        exit 1
    fi
fi
python3 - "$ROOT" <<'PY'
import os, sys

root = sys.argv[1]
problems = []
count = 0
for top in ("core", "ui"):
    for folder, dirs, names in os.walk(os.path.join(root, top)):
        dirs.sort()
        for name in sorted(n for n in names if n.endswith((".h", ".cpp"))):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            count += 1
            lines = open(path, encoding="utf-8").read().split("\n")
            start = None
            for i, line in enumerate(lines):
                if line == "{" and i > 0 and "(" in "".join(lines[max(0, i - 4) : i]):
                    start = i - 1  # the signature's first line: the one at column 0 above its indented continuations
                    while start > 0 and lines[start].startswith(" "):
                        start -= 1
                elif line == "}" and start is not None:
                    length = i - start + 1
                    if length > 150:
                        problems.append(f"{rel}:{start + 1}: {lines[start].strip()} is {length} lines, more than 150")
                    start = None
for p in problems:
    print(p, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"{count} files in core/ and ui/, no function over 150 lines")
PY
