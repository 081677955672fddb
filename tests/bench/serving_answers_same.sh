#!/usr/bin/env bash
# Whether two builds give the serving search the same answers: the plans core_serving_bench.cpp times (the serving
# example over every catalog instance, aggregated and with workload.serving.deployment.mode "auto", with an EAGLE-3
# draft and a multi-turn prefix cache offloaded to host memory, with 64 LoRA adapters over 8 slots, and the first 50
# catalog instances with pools on two instances), each planned by both CLIs, the JSON compared field by field (every
# number exactly, every string and array element; the time the search took, search.seconds, aside). A speed-up of the search must print "same" for every plan.
#   tests/bench/serving_answers_same.sh OLD_CLI NEW_CLI
set -euo pipefail
old="$1"
new="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$old" example --serving >"$dir/example.json"
jq '.candidates = []' "$dir/example.json" >"$dir/all.gpuplan"
jq '.workload.serving.deployment.mode = "auto"' "$dir/all.gpuplan" >"$dir/auto.gpuplan"
jq '.workload.serving.speculative.method = "eagle3"
    | .workload.serving.prefix_cache = {"shape": "multi_turn", "shared_tokens": 200, "turns": 4,
                                        "think_seconds": 60, "offload_gib": 128}' \
    "$dir/all.gpuplan" >"$dir/speculative_prefix.gpuplan"
jq '.workload.serving.lora = {"adapters": 64, "max_loras": 8}' "$dir/all.gpuplan" >"$dir/lora.gpuplan"
"$old" catalog list --instances --format json | jq -r '.instances[0:50][] | .id' >"$dir/first50.txt"
jq --rawfile ids "$dir/first50.txt" '.workload.serving.deployment.mode = "auto"
    | .workload.serving.deployment.mixed_instances = true
    | .candidates = [$ids | split("\n")[] | select(length > 0) | {"instance": ., "nodes": "auto"}]' \
    "$dir/all.gpuplan" >"$dir/mixed50.gpuplan"
status=0
for plan in all auto speculative_prefix lora mixed50; do
    "$old" plan "$dir/$plan.gpuplan" --format json >"$dir/$plan.old.json"
    "$new" plan "$dir/$plan.gpuplan" --format json >"$dir/$plan.new.json"
    if python3 "$(dirname "$0")/json_same.py" "$dir/$plan.old.json" "$dir/$plan.new.json"; then
        echo "$plan: same"
    else
        echo "$plan: DIFFERENT"
        status=1
    fi
done
exit $status
