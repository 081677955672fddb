#!/usr/bin/env bash
# The inputs panel stays in sections (issue #37): every file under ui/widgets/inputs/ and the panel itself
# (ui/widgets/inputs_panel.{h,cpp}) is at most 500 lines, and every section the panel composes has its own file.
# No function there (or anywhere in core/ and ui/) is over 150 lines: functions_sized.sh checks that.
# Usage: inputs_sections_sized.sh BIN_DIR TEST_DATA_DIR   (the source tree is TEST_DATA_DIR/../..)
#        inputs_sections_sized.sh --root SOURCE_DIR       (check another tree, e.g. a copy with a long file)
set -euo pipefail
if [ "${1:-}" = "--root" ]; then
    ROOT="$2"
    CHECK_ONLY=1
else
    ROOT="$(cd "$2/../.." && pwd)"
    CHECK_ONLY=0
fi
if [ "$CHECK_ONLY" = 0 ]; then
    # The rule must be able to fail: a copy with one section grown past 500 lines.
    WORK=$(mktemp -d)
    trap 'rm -rf "$WORK"' EXIT
    mkdir -p "$WORK/ui/widgets"
    cp -r "$ROOT/ui/widgets/inputs" "$WORK/ui/widgets/inputs"
    cp "$ROOT/ui/widgets/inputs_panel.h" "$ROOT/ui/widgets/inputs_panel.cpp" "$WORK/ui/widgets/"
    for _ in $(seq 1 501); do echo "// padding" >>"$WORK/ui/widgets/inputs/lora_section.cpp"; done
    if out=$("$0" --root "$WORK" 2>&1); then
        echo "FAIL: a 600-line section file was not reported" >&2
        exit 1
    fi
    grep -q "ui/widgets/inputs/lora_section.cpp: .* lines, more than 500" <<<"$out" \
        || { echo "FAIL: unexpected message for a long file: $out" >&2; exit 1; }
fi
python3 - "$ROOT" <<'PY'
import os, re, sys

root = sys.argv[1]
inputs = os.path.join(root, "ui", "widgets", "inputs")
files = [os.path.join(inputs, n) for n in sorted(os.listdir(inputs)) if n.endswith((".h", ".cpp"))]
files += [os.path.join(root, "ui", "widgets", n) for n in ("inputs_panel.h", "inputs_panel.cpp")]
problems = []
for path in files:
    rel = os.path.relpath(path, root)
    lines = open(path, encoding="utf-8").read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > 500:
        problems.append(f"{rel}: {len(lines)} lines, more than 500")
# Every section the panel composes has its own header and source.
panel = open(os.path.join(root, "ui", "widgets", "inputs_panel.cpp"), encoding="utf-8").read()
for name in re.findall(r"std::make_unique<(\w+Section)>", panel):
    stem = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
    for ext in (".h", ".cpp"):
        if not os.path.exists(os.path.join(inputs, stem + ext)):
            problems.append(f"ui/widgets/inputs/{stem}{ext}: missing (the panel composes {name})")
for p in problems:
    print(p, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"{len(files)} files of the inputs panel, each at most 500 lines")
PY
