#!/usr/bin/env bash
# Every C++ source of the repository is formatted to .clang-format (clang-format 14): a file that is not is named,
# with the first lines clang-format would change. The check must be able to fail: a copy of one source with its
# indentation broken is refused first.
# Usage: format_clean.sh BIN_DIR TEST_DATA_DIR   (the source tree is TEST_DATA_DIR/../..)
set -euo pipefail
ROOT="$(cd "$2/../.." && pwd)"
FORMAT=$(command -v clang-format-14 || true)
[[ -n "$FORMAT" ]] || { echo "FAIL: clang-format-14 not found (scripts/lib/common.sh installs clang-format-14)" >&2; exit 1; }
cd "$ROOT"
mapfile -t files < <(find core ui app tests -type f \( -name '*.cpp' -o -name '*.h' \) -not -path 'tests/data/*' | sort)
[[ ${#files[@]} -gt 100 ]] || { echo "FAIL: only ${#files[@]} sources found under $ROOT" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp .clang-format "$WORK/"
sed 's/^    \([a-z]\)/  \1/' core/base/atomic_file.cpp > "$WORK/misformatted.cpp"
if "$FORMAT" --dry-run -Werror "$WORK/misformatted.cpp" 2>/dev/null; then
    echo "FAIL: a source with two-space indentation was not reported" >&2
    exit 1
fi

if ! out=$("$FORMAT" --dry-run -Werror "${files[@]}" 2>&1); then
    mapfile -t bad < <(grep -oE '^[^:]+\.(cpp|h):[0-9]+:[0-9]+: error' <<<"$out" | cut -d: -f1 | sort -u)
    echo "FAIL: ${#bad[@]} of ${#files[@]} sources are not formatted to .clang-format (run: clang-format-14 -i FILE):" >&2
    printf '  %s\n' "${bad[@]}" >&2
    head -20 <<<"$out" >&2
    exit 1
fi
echo "format: ${#files[@]} sources formatted to .clang-format"
