#!/usr/bin/env bash
# The product speaks to its users, not about its own origins: no output of gpu-planner-cli (example, validate,
# estimate and plan in every format, catalog list, export PDF text and CSV, in English and Chinese) and no message
# of either translation file contains the word "seed" or a repository path such as
# shared/seeds/001. The Tencent guides are cited by their titles instead.
# Usage: no_origin_words.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail

BIN_DIR=$1
CLI="$BIN_DIR/gpu-planner-cli"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
command -v pdftotext >/dev/null || fail "pdftotext is required (apt-get install poppler-utils)"

OUT="$WORK/out"
mkdir -p "$OUT"
"$CLI" example >"$OUT/example.gpuplan"
"$CLI" validate "$OUT/example.gpuplan" >"$OUT/validate.txt" 2>&1
# Every catalog instance as a candidate, as configured and searched: every sizing rule gets its chance to speak.
python3 - "$OUT/example.gpuplan" "$WORK/every.gpuplan" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1], encoding="utf-8"))
plan["candidates"] = []
plan["search"]["max_nodes"] = 2
json.dump(plan, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
for plan in "$OUT/example.gpuplan" "$WORK/every.gpuplan"; do
    name=$(basename "$plan" .gpuplan)
    for format in json csv table; do
        "$CLI" estimate "$plan" --format "$format" >"$OUT/$name-estimate.$format"
        "$CLI" plan "$plan" --format "$format" >"$OUT/$name-plan.$format"
    done
done
"$CLI" catalog list --format json >"$OUT/catalog.json"
"$CLI" catalog list --instances --format table >"$OUT/catalog.txt"
for lang in en zh_CN; do
    "$CLI" export "$OUT/example.gpuplan" --pdf "$WORK/report-$lang.pdf" --csv "$OUT/report-$lang.csv" --lang "$lang"
    pdftotext -enc UTF-8 "$WORK/report-$lang.pdf" "$OUT/report-$lang.txt"
    pdfinfo "$WORK/report-$lang.pdf" >"$OUT/report-$lang.info" 2>/dev/null || true
done
[[ -s "$OUT/every-plan.json" && -s "$OUT/report-en.txt" && -s "$OUT/report-zh_CN.txt" ]] || fail "an output is empty"

# The translations: every source and translation text (not the file's comments or context names).
for ts in "$ROOT"/translations/*.ts; do
    python3 - "$ts" "$OUT/$(basename "$ts").txt" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for message in root.iter("message"):
        for tag in ("source", "translation"):
            for node in message.iter(tag):
                out.write("".join(node.itertext()) + "\n")
PY
done

status=0
# "seed" as a word or part of one (seeds, seeded), any case; a repository path into the shared material.
if grep -rniE 'seed|shared/|/seeds?/' "$OUT" >"$WORK/hits.txt"; then
    echo "FAIL: origin words in the product's output:" >&2
    cut -c1-300 "$WORK/hits.txt" | head -20 >&2
    status=1
fi
# The guides are cited by title wherever sizing advice is given (the every-instance plan triggers it).
grep -q "AI训练选什么GPU型号性价比高？" "$OUT/every-estimate.json" || { echo "FAIL: sizing advice does not cite the guide's title" >&2; status=1; }
exit $status
