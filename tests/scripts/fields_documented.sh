#!/usr/bin/env bash
# Every field name gpu-planner-cli writes in JSON and every CSV column (estimate, plan, --frontier, --sensitivity, --scenarios, sweep,
# model import, model list, catalog list, example, and an RL plan's answer) appears in docs/plan-format.md or docs/plan-search.md, in code
# text (`name` or a JSON block): the documents are the contract other people's scripts use, so an undocumented
# field fails here. Plans: the default training and serving plans, a scenario, and every published reference case.
# Usage: fields_documented.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail

CLI="$1/gpu-planner-cli"
DATA=$2
DOCS="$DATA/../../docs"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
[ -x "$CLI" ] || { echo "FAIL: $CLI not found" >&2; exit 1; }

"$CLI" example >"$WORK/training.gpuplan"
"$CLI" example --serving >"$WORK/serving.gpuplan"
"$CLI" example --rl >"$WORK/rl.gpuplan"
python3 - "$WORK" "$DATA/reference/cases-2026.json" "$DATA/reference/serving-cases.json" <<'PY'
import json, sys
work = sys.argv[1]
plan = json.load(open(f"{work}/training.gpuplan", encoding="utf-8"))
plan["scenarios"] = [{"name": "mb2", "overrides": {"workload": {"micro_batch_size": 2}}}]
json.dump(plan, open(f"{work}/scenarios.gpuplan", "w", encoding="utf-8"))
n = 0
for path in sys.argv[2:]:
    document = json.load(open(path, encoding="utf-8"))
    for case in document["cases"] if isinstance(document, dict) else document:
        if isinstance(case, dict) and "plan" in case:
            json.dump(case["plan"], open(f"{work}/case{n}.gpuplan", "w", encoding="utf-8"))
            n += 1
if n < 40:
    sys.exit(f"FAIL: only {n} reference plans found")
PY

out=0
run() { # run NAME ARGS...: the CLI's standard output into NAME.json
    local name=$1
    shift
    "$CLI" "$@" >"$WORK/$name.json" 2>"$WORK/$name.err" || { echo "FAIL: gpu-planner-cli $*: $(head -c 300 "$WORK/$name.err")" >&2; exit 1; }
    out=$((out + 1))
}
cp "$WORK/training.gpuplan" "$WORK/example-training.json"
cp "$WORK/serving.gpuplan" "$WORK/example-serving.json"
for p in training serving; do
    run "plan-$p" plan "$WORK/$p.gpuplan" --format json
    run "estimate-$p" estimate "$WORK/$p.gpuplan" --format json
    run "frontier-$p" plan "$WORK/$p.gpuplan" --frontier --format json
    run "sensitivity-$p" plan "$WORK/$p.gpuplan" --sensitivity --format json
done
run scenarios plan "$WORK/scenarios.gpuplan" --scenarios --format json
run sweep sweep "$WORK/training.gpuplan" --field workload.sequence_length --values 2048,4096 --format json
run models model list --format json
for config in "$DATA"/hf-configs/*.json; do
    run "import-$(basename "$config" .json)" model import "$config"
done
run catalog catalog list --format json
# CSV headers: every column name, kept as a JSON object so the check below reads it with the rest.
header() { # header NAME ARGS...: the header of the CLI's CSV output as NAME.json
    local name=$1
    shift
    "$CLI" "$@" >"$WORK/$name.csv" 2>"$WORK/$name.err" || { echo "FAIL: gpu-planner-cli $*: $(head -c 300 "$WORK/$name.err")" >&2; exit 1; }
    python3 - "$WORK/$name.csv" >"$WORK/$name.json" <<'PY'
import csv, json, sys
with open(sys.argv[1], encoding="utf-8-sig", newline="") as f:
    json.dump({column: None for column in next(csv.reader(f))}, sys.stdout)
PY
}
for p in training serving; do
    header "csv-$p" plan "$WORK/$p.gpuplan" --format csv
    header "csv-frontier-$p" plan "$WORK/$p.gpuplan" --frontier --format csv
    header "csv-sensitivity-$p" plan "$WORK/$p.gpuplan" --sensitivity --format csv
done
header csv-scenarios plan "$WORK/scenarios.gpuplan" --scenarios --format csv
# RL plans (workload.mode "rl") print their own answer.
cp "$WORK/rl.gpuplan" "$WORK/example-rl.json"
run plan-rl plan "$WORK/rl.gpuplan" --format json
header csv-rl plan "$WORK/rl.gpuplan" --format csv
for p in "$WORK"/case*.gpuplan; do
    run "$(basename "$p" .gpuplan)" estimate "$p" --format json
done

python3 - "$WORK" "$DOCS/plan-format.md" "$DOCS/plan-search.md" <<'PY'
import glob, json, re, sys
work, docs = sys.argv[1], sys.argv[2:]
text = "".join(open(d, encoding="utf-8").read() for d in docs)
code = re.findall(r"```.*?```", text, re.S)
code += re.findall(r"`([^`]+)`", re.sub(r"```.*?```", "", text, flags=re.S))
documented = {w for block in code for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", block)}
# Objects whose keys are data, not field names.
maps = {"monthly_hours_by_family"}
missing = {}
def walk(value, path, file):
    if isinstance(value, dict):
        for key, child in value.items():
            if path.rsplit(".", 1)[-1] in maps:
                continue
            if key not in documented:
                missing.setdefault(key, f"{path}.{key} ({file})")
            walk(child, f"{path}.{key}", file)
    elif isinstance(value, list):
        for child in value:
            walk(child, f"{path}[]", file)
files = sorted(glob.glob(f"{work}/*.json"))
for f in files:
    walk(json.load(open(f, encoding="utf-8")), "", f.rsplit("/", 1)[-1])
for key, where in sorted(missing.items()):
    print(f"FAIL: field {key} is not in docs/plan-format.md or docs/plan-search.md: {where}", file=sys.stderr)
if missing:
    sys.exit(1)
print(f"{len(files)} outputs, every field documented")
PY
