#!/usr/bin/env bash
# `gpu-planner-cli export`: PDF + CSV of the default plan in English and Chinese, checked with poppler and Python;
# the CSV's numbers equal the JSON output's exactly; a serving plan's PDF has its serving section and its serving_*
# columns equal the JSON's; a training recipe (interleaved schedule, partial recompute, bf16 optimizer states) is
# named on the PDF's configuration lines; an unwritable destination fails with status 2, leaving nothing.
# Usage: export_report.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail

BIN_DIR=$1
CLI="$BIN_DIR/gpu-planner-cli"
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

"$CLI" example >"$WORK/plan.gpuplan"
# The same plan with the configurations as written, for comparison with `estimate`.
python3 - "$WORK/plan.gpuplan" "$WORK/as-configured.gpuplan" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1], encoding="utf-8"))
plan.setdefault("search", {})["enabled"] = False
json.dump(plan, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False, indent=2)
PY
"$CLI" plan "$WORK/plan.gpuplan" --format json >"$WORK/plan.json"
"$CLI" plan "$WORK/as-configured.gpuplan" --format json >"$WORK/as-configured.json"

# check_csv CSV JSON: the CSV lists the JSON answer's candidates in the same order, and every CSV column of every
# row equals the JSON result of the same candidate.
check_csv() {
    python3 - "$1" "$2" <<'PY'
import csv, json, sys

csv_path, json_path = sys.argv[1], sys.argv[2]
with open(json_path, encoding="utf-8") as f:
    ordered = json.load(f)["results"]
    results = {r["candidate"]: r for r in ordered}
with open(csv_path, encoding="utf-8-sig", newline="") as f:
    raw = f.read()
assert "\r\n" in raw and "\n" not in raw.replace("\r\n", ""), "line ends must be CRLF"
rows = list(csv.DictReader(raw.splitlines(keepends=True)))
assert len(rows) == len(results), f"{len(rows)} CSV rows, {len(results)} JSON results"
assert [r["candidate"] for r in rows] == [r["candidate"] for r in ordered], "CSV and JSON rank differently"

def path(result, *keys):
    for key in keys:
        result = result[key]
    return result

columns = {
    "candidate": ("s", ["candidate"]), "gpu": ("s", ["gpu"]), "gpu_name": ("s", ["gpu_name"]),
    "gpus_per_node": ("i", ["gpus_per_node"]), "nodes": ("i", ["nodes"]), "gpus": ("i", ["gpus"]),
    "bottleneck": ("s", ["bottleneck"]), "fits": ("b", ["fits"]),
    "gpu_memory_bytes": ("f", ["gpu_memory"]), "usable_memory_bytes": ("f", ["usable_memory"]),
    "host_memory_per_node_bytes": ("f", ["host_memory_per_node"]),
    "memory_headroom_bytes": ("f", ["memory_headroom"]),
    "price_per_hour": ("f", ["cost", "price_per_hour"]), "break_even_days": ("f", ["cost", "break_even_days"]),
    "currency": ("s", ["cost", "currency"]), "price_source": ("s", ["cost", "price_source"]),
    "price_citation": ("s", ["cost", "price_citation"]), "warnings": ("w", ["warnings"]),
}
for key in ["zero_stage", "micro_batch_size", "gradient_accumulation_steps", "tensor", "pipeline", "data",
            "context", "virtual_stages"]:
    columns[key] = ("i", ["configuration", key])
for key in ["activation_checkpointing", "offload", "pipeline_schedule"]:
    columns[key] = ("s", ["configuration", key])
for part in ["weights", "gradients", "optimizer", "activations", "logits", "kv_cache", "buffers", "allocator",
             "runtime", "total"]:
    columns[f"memory_{part}_bytes"] = ("f", ["memory_per_gpu", part])
for part in ["compute", "communication", "communication_intra_node", "communication_network", "offload",
             "data_loading", "total"]:
    columns[f"step_{part}_seconds"] = ("f", ["step_time", part])
for key in ["tokens_per_second", "model_flops_utilization", "training_hours", "gpu_hours", "training_flops",
            "decode_tokens_per_second", "prefill_seconds"]:
    columns[key] = ("f", [key])
for mode in ["on_demand", "monthly", "reserved", "spot", "storage"]:
    columns[f"cost_{mode}"] = ("f", ["cost", mode])
for key in ["reserved_term_months", "reserved_unused_hours"]:  # the reservation behind cost_reserved
    columns[key] = ("f", ["cost", key])
columns.update({"rank": ("i", ["ranking", "rank"]), "recommended": ("b", ["ranking", "recommended"]),
                "meets_objective": ("b", ["ranking", "meets_objective"]),
                "ranking_billing_mode": ("o", ["ranking", "billing_mode"]),
                "ranking_cost": ("f", ["ranking", "cost"]), "ranking_hours": ("f", ["ranking", "hours"])})

# Serving columns: empty unless the result has a "serving" object (docs/plan-format.md "Serving results").
for key in ["kv_cache_tokens", "max_concurrency", "concurrency", "ttft_seconds", "tpot_seconds",
            "request_latency_seconds", "output_tokens_per_second", "requests_per_second", "replicas", "meets_slo",
            "limit", "cost_per_million_output_tokens", "cost_per_million_tokens", "monthly_cost", "billing_mode",
            "concurrency_cut", "decode_step_seconds", "kv_capacity_requests", "total_output_tokens_per_second",
            "curve"]:
    columns[f"serving_{key}"] = ("sv", [key])
# The serving deployment (prefill and decode apart): empty unless the result has serving.disaggregation.
columns["serving_deployment"] = ("sv", ["deployment"])
for key, keys in {"prefill_replicas": ["prefill", "replicas"], "prefill_tensor": ["prefill", "tensor"],
                  "decode_replicas": ["decode", "replicas"], "decode_tensor": ["decode", "tensor"],
                  "kv_transfer_link": ["kv_transfer", "link"], "kv_transfer_seconds": ["kv_transfer", "seconds"],
                  "decode_instance": ["decode", "instance"], "decode_nodes": ["decode", "nodes"],
                  "prefill_instance": ["prefill", "instance"], "prefill_nodes": ["prefill", "nodes"]}.items():
    columns[f"serving_{key}"] = ("dg", keys)
columns["serving_deployment_reason"] = ("dr", ["deployment_reason", "code"])
# Nested serving figures: empty unless the result has the serving object that holds them.
for name, stat in {"ttft": "ttft_seconds", "tpot": "tpot_seconds", "itl": "itl_seconds",
                   "request_latency": "request_latency_seconds"}.items():
    for q in ["p50", "p90", "p99"]:
        columns[f"serving_{name}_{q}_seconds"] = ("sn", ["percentiles", stat, q])
for key in ["slo_statistic", "kv_occupancy", "makespan_seconds"]:
    columns[f"serving_{key}"] = ("sn", [key])
for column, key in {"serving_speculative_method": "method", "serving_speculative_acceptance_rate": "acceptance_rate",
                    "serving_speculative_tokens_per_step": "tokens_per_step",
                    "serving_speculative_speedup": "speedup", "serving_speculation_pays_up_to": "pays_up_to"}.items():
    columns[column] = ("sn", ["speculative", key])
for key in ["shape", "hit_rate", "saved_prompt_tokens", "held_bytes", "offload_tokens", "transfer_seconds",
            "disk_tokens", "disk_capacity_bytes", "disk_seconds"]:
    columns[f"serving_prefix_{key}"] = ("sn", ["prefix_cache", key])
for key in ["adapters", "max_loras", "gpu_bytes", "slowdown", "miss_share"]:  # many LoRA adapters (serving.lora)
    columns[f"serving_lora_{key}"] = ("sn", ["lora", key])
unknown = set(rows[0].keys()) - set(columns) if rows else set()
assert not unknown, f"CSV columns the check does not know: {sorted(unknown)}"
checked = 0
for row in rows:
    result = results[row["candidate"]]
    for name, (kind, keys) in columns.items():
        if kind in ("dg", "dr"):
            serving = result.get("serving") or {}
            holder = serving.get("disaggregation") if kind == "dg" else serving.get("deployment_reason")
            if holder is None:
                ok = row[name] == ""
            elif kind == "dr":
                ok = row[name] == holder["code"]
            elif keys[0] == "kv_transfer" and keys[1] == "seconds":  # the transfer with its wait
                ok = float(row[name]) == holder["kv_transfer"]["seconds"] + holder["kv_transfer"]["wait_seconds"]
            else:
                value = holder[keys[0]].get(keys[1])  # a pool's instance and nodes: only on two instances
                if value is None:
                    ok = row[name] == ""
                else:
                    ok = row[name] == value if isinstance(value, str) else float(row[name]) == float(value)
            assert ok, f"{row['candidate']} {name}: CSV {row[name]!r} != JSON serving"
            checked += 1
            continue
        if kind == "sn":
            value = result.get("serving")
            for key in keys:
                value = value.get(key) if isinstance(value, dict) else None
            if value is None:
                ok = row[name] == ""
            elif isinstance(value, str):
                ok = row[name] == value
            else:
                ok = float(row[name]) == float(value)
            assert ok, f"{row['candidate']} {name}: CSV {row[name]!r} != JSON serving {keys}: {value!r}"
            checked += 1
            continue
        if kind == "sv":
            serving = result.get("serving")
            ok = text_ok = (row[name] == "") if serving is None else True
            if serving is not None and not isinstance(serving[keys[0]], (list, str, bool)) and serving[keys[0]] is not None:
                ok = float(row[name]) == float(serving[keys[0]])
            assert ok, f"{row['candidate']} {name}: CSV {row[name]!r} != JSON serving"
            checked += 1
            continue
        text, expected = row[name], path(result, *keys)
        if kind == "f":
            actual = None if text == "" else float(text)
            ok = actual == expected or (actual is None and expected is None)
        elif kind == "i":
            ok = int(text) == expected
        elif kind == "b":
            ok = text == ("true" if expected else "false")
        elif kind == "w":
            ok = text == ";".join(w["code"] for w in expected)
        elif kind == "o":  # optional string: null in JSON is an empty field
            ok = text == (expected or "")
        else:
            ok = text == expected
        assert ok, f"{row['candidate']} {name}: CSV {text!r} != JSON {expected!r}"
        checked += 1
print(f"{csv_path}: {len(rows)} rows, {checked} fields equal to the JSON output")
PY
}

# check_pdf PDF PLAN_JSON LANG: pages, every candidate, and the recommendation on the first page.
check_pdf() {
    local pdf=$1 json=$2 lang=$3
    local pages
    pages=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
    [ "${pages:-0}" -ge 2 ] || fail "$pdf has ${pages:-0} pages, expected at least 2"
    pdftotext -enc UTF-8 "$pdf" "$pdf.txt"
    pdftotext -enc UTF-8 -f 1 -l 1 "$pdf" "$pdf.page1.txt"
    python3 - "$pdf.txt" "$pdf.page1.txt" "$json" "$lang" <<'PY'
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
first = open(sys.argv[2], encoding="utf-8").read()
results = json.load(open(sys.argv[3], encoding="utf-8"))["results"]
lang = sys.argv[4]
for r in results:
    assert r["candidate"] in text, f"candidate {r['candidate']} missing from the {lang} PDF text"
# The report recommends the cheapest fitting candidate (objective "cost"): cheapest billing mode to finish.
def cheapest(r):
    totals = [m["total"] for m in r["cost"].get("modes", []) if m.get("total") is not None]
    if r["cost"].get("on_demand") is not None:
        totals.append(r["cost"]["on_demand"])
    return min(totals) if totals else float("inf")
fitting = [r for r in results if r["fits"]]
assert fitting, "nothing fits the default plan"
best = min(fitting, key=cheapest)
heading = {"en": "Recommendation", "zh_CN": None}[lang]
if heading:
    assert heading in first, f"no '{heading}' heading on page 1"
    after = first[first.index(heading):]
    assert best["candidate"] in after[:400], f"recommendation is not {best['candidate']}"
else:
    assert best["candidate"] in first, f"recommended {best['candidate']} not on page 1"
    assert any("\u4e00" <= c <= "\u9fff" for c in text), "the zh_CN PDF holds no Chinese text"
# Extracted text is the text drawn: no ligature glyphs standing in for letters ("fine" not "\ufb01ne"), and no
# CJK radicals standing in for the ideographs that share their glyph (月 not \u2f49).
assert not any("\ufb00" <= c <= "\ufb06" for c in text), "ligatures in the extracted text"
assert not any("\u2e80" <= c <= "\u2fdf" for c in text), "radicals instead of ideographs in the extracted text"
print(f"{sys.argv[1]}: {len(results)} candidates, recommendation {best['candidate']}")
PY
}

for lang in en zh_CN; do
    "$CLI" export "$WORK/plan.gpuplan" --pdf "$WORK/$lang.pdf" --csv "$WORK/$lang.csv" --lang "$lang" ||
        fail "export --lang $lang failed"
    check_pdf "$WORK/$lang.pdf" "$WORK/plan.json" "$lang"
    check_csv "$WORK/$lang.csv" "$WORK/plan.json"
done
"$CLI" export "$WORK/as-configured.gpuplan" --csv "$WORK/as-configured.csv" --lang en ||
    fail "export of the plan as configured failed"
check_csv "$WORK/as-configured.csv" "$WORK/as-configured.json"

# The plan's title and notes head the report's first page, the notes with their line breaks.
python3 - "$WORK/plan.gpuplan" "$WORK/noted.gpuplan" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1], encoding="utf-8"))
plan["title"] = "Support bot fine-tune"
plan["notes"] = "Budget agreed on 30 November.\nAsk finance about the reserved term."
json.dump(plan, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
"$CLI" export "$WORK/noted.gpuplan" --pdf "$WORK/noted.pdf" --lang en || fail "export of a plan with notes failed"
pdftotext -enc UTF-8 -f 1 -l 1 "$WORK/noted.pdf" "$WORK/noted.page1.txt"
grep -q "^Budget agreed on 30 November.$" "$WORK/noted.page1.txt" || fail "the notes' first line is not on page 1"
grep -q "^Ask finance about the reserved term.$" "$WORK/noted.page1.txt" ||
    fail "the notes' second line is not on a line of its own on page 1"

# A serving plan: the PDF has the serving section (table and charts) in both languages, and every serving_* CSV
# column of every row equals the JSON result's serving figure.
"$CLI" example --serving >"$WORK/serving.gpuplan"
"$CLI" plan "$WORK/serving.gpuplan" --format json >"$WORK/serving.json"
for lang in en zh_CN; do
    "$CLI" export "$WORK/serving.gpuplan" --pdf "$WORK/serving-$lang.pdf" --csv "$WORK/serving-$lang.csv" --lang "$lang" ||
        fail "export of the serving plan (--lang $lang) failed"
    pdftotext -enc UTF-8 "$WORK/serving-$lang.pdf" "$WORK/serving-$lang.txt"
done
for heading in "Serving: throughput, latency and cost" "Throughput vs latency per replica" "Cost per million tokens" \
    "Per million output tokens" "Time per output token (ms)"; do
    grep -qF "$heading" "$WORK/serving-en.txt" || fail "the serving PDF lacks \"$heading\""
done
for heading in "推理服务：吞吐、延迟与成本" "每副本吞吐与延迟" "每百万 token 成本"; do
    grep -qF "$heading" "$WORK/serving-zh_CN.txt" || fail "the Chinese serving PDF lacks \"$heading\""
done
python3 - "$WORK/serving-en.csv" "$WORK/serving.json" "$WORK/serving-en.txt" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8-sig", newline="")))
results = json.load(open(sys.argv[2], encoding="utf-8"))["results"]
assert [r["candidate"] for r in rows] == [r["candidate"] for r in results], "serving CSV and JSON rank differently"
checked = 0
for row, result in zip(rows, results):
    serving = result.get("serving")
    if not serving:
        continue
    for key in ("replicas", "concurrency", "ttft_seconds", "tpot_seconds", "output_tokens_per_second",
                "cost_per_million_tokens", "cost_per_million_output_tokens", "monthly_cost"):
        column = "serving_" + key
        assert column in row, f"CSV has no {column}"
        want = serving.get(key)
        if want is None:
            assert row[column] == "", f"{row['candidate']} {column}: {row[column]!r}, JSON null"
        else:
            assert float(row[column]) == float(want), f"{row['candidate']} {column}: {row[column]} != {want}"
        checked += 1
assert checked >= 8 * 3, f"only {checked} serving figures checked"
# The PDF's serving table lists every candidate the answer ranks.
text = open(sys.argv[3], encoding="utf-8").read()
for result in results:
    assert result["candidate"] in text, f"{result['candidate']} is not in the serving PDF"
PY

# A training recipe the recommendation uses: the interleaved schedule, partial recompute and bf16 optimizer
# states are named on the PDF's configuration lines, in both languages (whitespace dropped: lines wrap anywhere).
python3 - "$WORK/plan.gpuplan" "$WORK/recipe.gpuplan" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1], encoding="utf-8"))
w = plan["workload"]
w.pop("global_batch_size", None)
w.update({"activation_checkpointing": "full", "activation_checkpointing_layers": 8, "bf16_optimizer_states": True,
          "gradient_accumulation_steps": 8})
w["parallelism"] = {"data": "auto", "tensor": 2, "pipeline": 4, "zero_stage": 1, "offload": "none",
                    "pipeline_schedule": "interleaved", "virtual_stages": 2}
plan["candidates"] = [{"instance": "tencent:GT4.41XLARGE948", "nodes": 1}]
plan["search"]["enabled"] = False
json.dump(plan, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
for lang in en zh_CN; do
    "$CLI" export "$WORK/recipe.gpuplan" --pdf "$WORK/recipe-$lang.pdf" --lang "$lang" ||
        fail "export of the recipe plan (--lang $lang) failed"
    pdftotext -enc UTF-8 "$WORK/recipe-$lang.pdf" "$WORK/recipe-$lang.txt"
done
python3 - "$WORK/recipe-en.txt" "$WORK/recipe-zh_CN.txt" <<'PY'
import sys
want = {sys.argv[1]: ["interleaved,2chunksperstage", "recompute8of32layers", "bf16optimizerstates"],
        sys.argv[2]: ["重计算8/32层", "bf16优化器状态"]}
for path, phrases in want.items():
    text = "".join(open(path, encoding="utf-8").read().split())
    for phrase in phrases:
        assert phrase in text, f"{path}: the recipe's \"{phrase}\" is not in the PDF"
PY

# Unwritable destinations: a missing directory, and a "directory" that is a regular file (unwritable even as root).
touch "$WORK/not-a-directory"
before=$(ls -A "$WORK" | sort)
for destination in "$WORK/missing/plan.pdf" "$WORK/not-a-directory/plan.pdf"; do
    set +e
    "$CLI" export "$WORK/plan.gpuplan" --pdf "$destination" --csv "$WORK/should-not-exist.csv" 2>"$WORK/err.txt"
    status=$?
    set -e
    [ "$status" -eq 2 ] || fail "unwritable $destination: exit status $status, expected 2"
    grep -q "plan.pdf" "$WORK/err.txt" || fail "the error does not name the file: $(cat "$WORK/err.txt")"
    rm -f "$WORK/err.txt"
    [ ! -e "$destination" ] || fail "$destination exists after a failed export"
    after=$(ls -A "$WORK" | sort)
    [ "$before" = "$after" ] || fail "a failed export left files behind: $(comm -13 <(echo "$before") <(echo "$after"))"
done
echo "export_report: ok"
