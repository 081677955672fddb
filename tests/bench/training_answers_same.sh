#!/usr/bin/env bash
# Whether two builds give the training search the same answers: the default plan over every catalog instance (the
# plan core_planner_bench.cpp times), and the same with an MoE model, a 32k-token sequence, an interleaved pipeline,
# FP8 MoE on Megatron and LoRA under a deadline; each planned by both CLIs, also with every scored configuration
# (--frontier) and as configured (estimate), and the serving example over every instance. The JSON is compared field
# by field (every number exactly; the time the search took, search.seconds, aside). A speed-up of the search or of
# the estimate must print "same" for every plan.
#   tests/bench/training_answers_same.sh OLD_CLI NEW_CLI
set -euo pipefail
old="$1"
new="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$old" example | jq '.candidates = []' >"$dir/all.gpuplan"
"$old" example --serving | jq '.candidates = []' >"$dir/serving.gpuplan"
jq '.model = {"preset": "qwen3-30b-a3b"}' "$dir/all.gpuplan" >"$dir/moe.gpuplan"
jq '.model = {"preset": "llama-3.1-8b"} | .workload.sequence_length = 32768' "$dir/all.gpuplan" >"$dir/long.gpuplan"
jq '.workload.parallelism.pipeline_schedule = "interleaved" | .workload.parallelism.virtual_stages = 2' \
    "$dir/all.gpuplan" >"$dir/interleaved.gpuplan"
jq '.model = {"preset": "qwen3-30b-a3b"} | .workload.framework = "megatron" | .workload.precision = "fp8"' \
    "$dir/all.gpuplan" >"$dir/fp8moe.gpuplan"
jq '.workload.technique = "lora" | .search.objective = "cost-under-deadline" | .search.deadline_hours = 20' \
    "$dir/all.gpuplan" >"$dir/lora.gpuplan"
status=0
compare() { # name, then the CLI's arguments
    local name="$1"
    shift
    "$old" "$@" >"$dir/$name.old.json"
    "$new" "$@" >"$dir/$name.new.json"
    if python3 "$(dirname "$0")/json_same.py" "$dir/$name.old.json" "$dir/$name.new.json"; then
        echo "$name: same"
    else
        echo "$name: DIFFERENT"
        status=1
    fi
}
for plan in all moe long interleaved fp8moe lora serving; do
    compare "$plan" plan "$dir/$plan.gpuplan" --format json
done
compare all_frontier plan "$dir/all.gpuplan" --frontier --format json
compare moe_frontier plan "$dir/moe.gpuplan" --frontier --format json
compare all_estimate estimate "$dir/all.gpuplan" --format json
exit $status
