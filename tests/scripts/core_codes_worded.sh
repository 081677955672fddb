#!/usr/bin/env bash
# Every warning, note and failure code the core emits has words in the window (ui/core_text.cpp, or
# ui/answer_text.cpp for the answer's reasons), so no
# English core message shows through in another language. Codes are found where the core makes a diagnostic:
# push_back({"code", ...}), Diagnostic{"code", ...}, makeFailure("code", ...), FitFailure{"code", ...},
# note("code", ...) and `.code = "code"`.
# Usage: core_codes_worded.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TEXTS=("$ROOT/ui/core_text.cpp")
[[ -f "$ROOT/ui/answer_text.cpp" ]] && TEXTS+=("$ROOT/ui/answer_text.cpp")

codes=$(python3 - "$ROOT/core" <<'PY'
import pathlib, re, sys
pattern = re.compile(r'(?:push_back\(\s*\{|Diagnostic\s*\w*\s*\{|makeFailure\(|FitFailure\s*\{|note\(|code\s*=|\{(?="suggest_))'
                     r'\s*"([a-z]+(?:_[a-z0-9]+)+)"\s*[,;]')
found = set()
for path in pathlib.Path(sys.argv[1]).rglob("*.cpp"):
    found.update(pattern.findall(path.read_text(encoding="utf-8")))
print("\n".join(sorted(found)))
PY
)
# The one-sentence summary of the recommendation is worded by the recommendation panel from its own fields.
skip=" recommended_configuration "
count=0
missing=()
for code in $codes; do
    [[ "$skip" == *" $code "* ]] && continue
    count=$((count + 1))
    grep -qF "\"$code\"" "${TEXTS[@]}" || missing+=("$code")
done
(( count >= 40 )) || { echo "FAIL: found only $count codes in core/: the pattern no longer matches" >&2; exit 1; }
if (( ${#missing[@]} > 0 )); then
    echo "FAIL: core codes without words in the window's core texts: ${missing[*]}" >&2
    exit 1
fi
echo "ok: $count core codes are worded"
