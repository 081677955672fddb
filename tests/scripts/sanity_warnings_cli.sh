#!/usr/bin/env bash
# `gpu-planner-cli estimate` and `plan` report the sanity warnings in their results' warnings, for plans that
# trigger them: a global batch of 10M sequences on 300M tokens, 3 training tokens, a sequence past the model's context.
# Usage: sanity_warnings_cli.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail

CLI="$1/gpu-planner-cli"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}

"$CLI" example >"$WORK/default.gpuplan"
# make NAME JSON-PATCH: the default plan with the patch merged in.
make() {
    python3 - "$WORK/default.gpuplan" "$WORK/$1.gpuplan" "$2" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1], encoding="utf-8"))
for section, fields in json.loads(sys.argv[3]).items():
    plan.setdefault(section, {}).update(fields)
json.dump(plan, open(sys.argv[2], "w", encoding="utf-8"))
PY
}
make batch '{"workload": {"global_batch_size": 10000000, "training_tokens": 3e8}}'
make tokens '{"workload": {"training_tokens": 3}}'
make context '{"workload": {"sequence_length": 8192}}'

# has PLAN COMMAND CODE: every result of COMMAND's JSON output carries CODE among its warnings.
has() {
    "$CLI" "$2" "$WORK/$1.gpuplan" --format json >"$WORK/$1-$2.json" || fail "$2 $1 failed"
    python3 - "$WORK/$1-$2.json" "$3" <<'PY' || fail "$2 on the $1 plan does not report $3"
import json, sys
results = json.load(open(sys.argv[1], encoding="utf-8"))["results"]
assert results, "no results"
for r in results:
    codes = [w["code"] for w in r["warnings"]]
    assert sys.argv[2] in codes, (r["candidate"], codes)
PY
}
for command in estimate plan; do
    has batch "$command" global_batch_exceeds_dataset
    has tokens "$command" run_shorter_than_one_step
    has context "$command" sequence_exceeds_model_context
done
# The default plan asks a sensible question: none of them.
"$CLI" estimate "$WORK/default.gpuplan" --format json >"$WORK/default.json"
if grep -qE 'global_batch_exceeds_dataset|run_shorter_than_one_step|sequence_exceeds_model_context' "$WORK/default.json"; then
    fail "the default plan reports a sanity warning"
fi
echo "ok"
