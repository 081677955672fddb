#!/usr/bin/env bash
# The PDF report leads with the page a manager reads: the question, the recommendation with cost and time per counted
# billing mode, the runners-up and what would change the answer, all on page 1; its title, running header and
# metadata use the plan's title; candidates that miss a deadline are marked; eleven candidates take at most 5 pages
# before the appendix ("Assumptions": the catalog's defaults, prices and sources, which grow a row per catalog figure,
# so the whole report's page count follows the catalog: 8, 9, then 10 pages as sourced figures were added).
# Usage: report_manager_page.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail

CLI="$1/gpu-planner-cli"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
for tool in pdftotext pdfinfo python3; do
    command -v "$tool" >/dev/null || fail "$tool is required (apt-get install poppler-utils python3)"
done

"$CLI" example >"$WORK/default.gpuplan"
python3 - "$WORK/default.gpuplan" "$WORK" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1], encoding="utf-8"))
plan["title"] = "Llama 2 7B for the support bot"
plan["candidates"] += [{"instance": i, "nodes": "auto"} for i in
                       ("tencent:GT4.20XLARGE474", "aws:p4d.24xlarge", "aws:p5.48xlarge", "aws:g5.48xlarge")]
assert len(plan["candidates"]) == 11
json.dump(plan, open(sys.argv[2] + "/eleven.gpuplan", "w", encoding="utf-8"), ensure_ascii=False)
plan["search"]["objective"] = "cost-under-deadline"
plan["search"]["deadline_hours"] = 8
plan["search"]["max_nodes"] = 1
json.dump(plan, open(sys.argv[2] + "/deadline.gpuplan", "w", encoding="utf-8"), ensure_ascii=False)
PY

for lang in en zh_CN; do
    "$CLI" export "$WORK/eleven.gpuplan" --pdf "$WORK/eleven-$lang.pdf" --lang "$lang"
    pages=$(pdfinfo "$WORK/eleven-$lang.pdf" | awk '/^Pages:/ {print $2}')
    heading=Assumptions
    [ "$lang" = zh_CN ] && heading=假设条件
    appendix=0
    for ((p = 1; p <= pages; p++)); do
        if pdftotext -enc UTF-8 -f "$p" -l "$p" "$WORK/eleven-$lang.pdf" - | grep -qx "$heading"; then
            appendix=$p
            break
        fi
    done
    (( appendix > 0 )) || fail "$lang: no \"$heading\" page"
    (( appendix - 1 <= 5 )) || fail "$lang: eleven candidates take $((appendix - 1)) pages before the appendix (at most 5)"
    pdfinfo "$WORK/eleven-$lang.pdf" | grep -q "^Title: *Llama 2 7B for the support bot" || fail "$lang: PDF title is not the plan's"
    pdftotext -enc UTF-8 -f 1 -l 1 "$WORK/eleven-$lang.pdf" "$WORK/page1-$lang.txt"
    pdftotext -enc UTF-8 -f 2 -l 2 "$WORK/eleven-$lang.pdf" "$WORK/page2-$lang.txt"
    grep -q "Llama 2 7B for the support bot" "$WORK/page1-$lang.txt" || fail "$lang: page 1 lacks the plan's title"
    grep -q "Llama 2 7B for the support bot" "$WORK/page2-$lang.txt" || fail "$lang: the running header lacks the title"
done
for heading in "The question" "Recommendation" "Runners-up" "What would change the answer" "Pay-as-you-go" "Monthly"; do
    grep -q "$heading" "$WORK/page1-en.txt" || fail "page 1 lacks \"$heading\""
done
for heading in "推荐" "按量计费" "包年包月"; do
    grep -q "$heading" "$WORK/page1-zh_CN.txt" || fail "Chinese page 1 lacks \"$heading\""
done
# The appendix lists the catalog's defaults by key; a key wraps at its dots and underscores, never inside a word.
pdftotext -enc UTF-8 "$WORK/eleven-en.pdf" "$WORK/all-en.txt"
python3 - "$WORK/all-en.txt" "$(cd "$2/../.." && pwd)/resources/catalog" <<'PY' || fail "a catalog key is broken inside a word"
import glob, json, re, sys
text = open(sys.argv[1], encoding="utf-8").read().replace("\u200b", "")
# The catalog's default keys: two of them on consecutive lines are two rows, not one key broken in two.
keys = set()
for path in glob.glob(sys.argv[2] + "/defaults-*.json"):
    keys.update(json.load(open(path, encoding="utf-8")).get("defaults", {}))
assert len(keys) > 50, f"only {len(keys)} catalog default keys found under {sys.argv[2]}"
# A line that ends in a letter followed by a line that starts with a lower-case letter and continues a key.
for a, b in zip(text.splitlines(), text.splitlines()[1:]):
    # Two whole dotted keys on consecutive lines are two rows (pdftotext may emit a column's cells together).
    whole = r"^[a-z0-9]+(_[a-z0-9]+)*(\.[a-z0-9]+(_[a-z0-9]+)*)+$"
    if re.match(whole, a) and re.match(whole, b) and b.split(".")[0] != a.split(".")[-1]:
        continue
    if a in keys and b in keys:
        continue
    if re.search(r"[a-z]+_[a-z]*[a-z]$", a) and re.match(r"^[a-z]+(_|\.)", b) and not a.endswith(("_", ".")):
        raise SystemExit(f"{a!r} / {b!r}")
PY
# A deadline of 8 h on one node each: candidates slower than that are marked in the table.
"$CLI" export "$WORK/deadline.gpuplan" --pdf "$WORK/deadline.pdf" --lang en
pdftotext -enc UTF-8 "$WORK/deadline.pdf" "$WORK/deadline.txt"
tr -s ' \n' '  ' <"$WORK/deadline.txt" | grep -q "misses deadline" || fail "no candidate is marked as missing the 8 h deadline"
echo "ok"
