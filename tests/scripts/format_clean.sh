#!/usr/bin/env bash
# Every C++ source and header of the project (core, ui, app, tests) is formatted to the repository's .clang-format
# by clang-format 14 (Debian 12's clang-format-14, installed by scripts/lib/common.sh). The check must be able to
# fail: a copy of one source with its indentation broken is reported first.
# Usage: format_clean.sh BIN_DIR TEST_DATA_DIR   (the source tree is TEST_DATA_DIR/../..)
set -euo pipefail
ROOT="$(cd "$2/../.." && pwd)"
CLANG_FORMAT=$(command -v clang-format-14 || true)
[[ -n "$CLANG_FORMAT" ]] || { echo "FAIL: clang-format-14 not found (apt-get install clang-format-14)" >&2; exit 1; }
cd "$ROOT"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp .clang-format "$WORK/"
printf 'int f()\n{\nreturn   1;\n}\n' >"$WORK/broken.cpp"
if (cd "$WORK" && "$CLANG_FORMAT" --dry-run --Werror broken.cpp) >/dev/null 2>&1; then
    echo "FAIL: clang-format did not report a badly formatted file" >&2
    exit 1
fi

mapfile -t files < <(find core ui app tests -type f \( -name '*.cpp' -o -name '*.h' \) -not -path 'tests/data/*' | sort)
[[ ${#files[@]} -gt 100 ]] || { echo "FAIL: only ${#files[@]} sources found under $ROOT" >&2; exit 1; }
bad=()
for f in "${files[@]}"; do
    if ! "$CLANG_FORMAT" --dry-run --Werror "$f" >/dev/null 2>&1; then
        bad+=("$f")
    fi
done
if [[ ${#bad[@]} -gt 0 ]]; then
    echo "FAIL: ${#bad[@]} of ${#files[@]} files differ from .clang-format (fix: clang-format-14 -i FILE):" >&2
    printf '  %s\n' "${bad[@]}" >&2
    exit 1
fi
echo "ok: ${#files[@]} files formatted"
