#!/usr/bin/env python3
"""Turns a measured file of measure.py into gpu-planner plan files, and optionally compares the estimates.

    to_plans.py MEASURED.json OUT_DIR                          # one .gpuplan per measured row + expectations.json
    to_plans.py MEASURED.json OUT_DIR --cli build/bin/gpu-planner-cli [--check] [--report FILE]

Each row with a result of "ok" or "oom" becomes OUT_DIR/<row id>.gpuplan: the row's architecture under
model.architecture, its workload exactly as measured, and the GPU as a bare-GPU candidate (1 GPU, 1 node), with
the plan's search disabled so that `gpu-planner-cli estimate` evaluates the configuration as given.
expectations.json lists, per plan, which measured figure is compared with which part of the estimate
(plan-format.md: total - runtime ~ peak reserved, total ~ nvidia-smi) and the error bound it is held to.

With --cli the estimates are computed and every comparison printed with its relative error
(estimate - measured) / measured; --check exits 1 when a case or a group median is outside its bound.
Exit status: 0 success, 1 invalid measured file or a failed check, 2 usage or I/O error.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibration_grid as grid  # noqa: E402

EXPECTATIONS_FORMAT = "gpu-planner-calibration-expectations"

# Error bounds, the same as the estimator's reference tests hold published measurements to:
# memory tests/core/test_memory_reference.cpp (35 % per case, median 15 %), training time
# tests/core/test_throughput_reference.cpp (40 %, median 20 %), decode
# tests/core/test_inference_speed_reference.cpp (35 %, median 15 %).
BOUNDS = {
    "memory": {"case": 0.35, "median": 0.15},
    "training_time": {"case": 0.40, "median": 0.20},
    "decode": {"case": 0.35, "median": 0.15},
    # A configuration that ran out of memory: the estimate must not be far below the GPU's memory.
    "oom": {"case": 0.35, "median": None, "one_sided": "estimate_not_below"},
}

# Estimates as sums of result fields of `gpu-planner-cli estimate --format json` (results[0]).
ESTIMATE_ALLOCATED = [["+", "memory_per_gpu.total"], ["-", "memory_per_gpu.runtime"],
                      ["-", "memory_per_gpu.allocator"]]
ESTIMATE_RESERVED = [["+", "memory_per_gpu.total"], ["-", "memory_per_gpu.runtime"]]
ESTIMATE_DEVICE = [["+", "memory_per_gpu.total"]]


class InvalidMeasurement(ValueError):
    """The measured file does not have the shape measure.py writes; the message names the field."""


def _require(obj, key, path, kind=None):
    if not isinstance(obj, dict) or key not in obj:
        raise InvalidMeasurement("%s.%s: missing" % (path, key))
    value = obj[key]
    if kind is not None and not isinstance(value, kind):
        raise InvalidMeasurement("%s.%s: expected %s, got %s" % (path, key, getattr(kind, "__name__", kind),
                                                                type(value).__name__))
    return value


def _positive_int(obj, key, path):
    value = _require(obj, key, path)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidMeasurement("%s.%s: must be a positive integer, got %r" % (path, key, value))
    return value


def validate_document(document):
    """Checks the fields to_plans reads; raises InvalidMeasurement naming the first bad field."""
    if not isinstance(document, dict):
        raise InvalidMeasurement("(root): expected an object")
    if document.get("format") != grid.MEASUREMENT_FORMAT:
        raise InvalidMeasurement("format: expected %r, got %r" % (grid.MEASUREMENT_FORMAT, document.get("format")))
    if document.get("version") != grid.MEASUREMENT_VERSION:
        raise InvalidMeasurement("version: expected %d, got %r" % (grid.MEASUREMENT_VERSION, document.get("version")))
    _require(document, "gpu_id", "(root)", str)
    _require(document, "environment", "(root)", dict)
    rows = _require(document, "rows", "(root)", list)
    seen = set()
    for i, row in enumerate(rows):
        path = "rows[%d]" % i
        row_id = _require(row, "id", path, str)
        if row_id in seen:
            raise InvalidMeasurement("%s.id: duplicate %r" % (path, row_id))
        seen.add(row_id)
        kind = _require(row, "kind", path, str)
        if kind not in ("training", "decode"):
            raise InvalidMeasurement("%s.kind: expected training or decode, got %r" % (path, kind))
        model = _require(row, "model", path, dict)
        for key in ("hidden_size", "num_layers", "num_attention_heads", "num_key_value_heads", "head_dim",
                    "intermediate_size", "vocab_size"):
            _positive_int(model, key, path + ".model")
        _require(model, "tie_word_embeddings", path + ".model", bool)
        config = _require(row, "config", path, dict)
        _require(config, "attn_implementation", path + ".config", str)
        if kind == "training":
            for key in ("sequence_length", "micro_batch_size"):
                _positive_int(config, key, path + ".config")
            technique = _require(config, "technique", path + ".config", str)
            if technique not in ("full", "lora"):
                raise InvalidMeasurement("%s.config.technique: expected full or lora, got %r" % (path, technique))
            if technique == "lora":
                lora = _require(config, "lora", path + ".config", dict)
                _positive_int(lora, "rank", path + ".config.lora")
                _require(lora, "target_modules", path + ".config.lora", (str, list))
            checkpointing = _require(config, "activation_checkpointing", path + ".config", str)
            if checkpointing not in ("none", "selective", "full"):
                raise InvalidMeasurement("%s.config.activation_checkpointing: got %r" % (path, checkpointing))
            _require(config, "master_weights", path + ".config", bool)
        else:
            for key in ("batch_size", "prompt_tokens", "output_tokens"):
                _positive_int(config, key, path + ".config")
        result = _require(row, "result", path, dict)
        status = _require(result, "status", path + ".result", str)
        if status not in grid.STATUSES:
            raise InvalidMeasurement("%s.result.status: unknown %r" % (path, status))
    return rows


def _positive_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 and value < float("inf")


def result_problem(row, index):
    """Why an "ok" row's result cannot be compared (a needed figure missing or not positive), else None.
    Such a row is listed under not_converted instead of failing the whole file."""
    if row["result"]["status"] != grid.STATUS_OK:
        return None
    needed = ["max_memory_allocated", "max_memory_reserved"]
    needed += ["tokens_per_second"] if row["kind"] == "training" else ["decode_tokens_per_second"]
    for key in needed:
        value = row["result"].get(key)
        if not _positive_number(value):
            return "rows[%d].result.%s: must be a positive number, got %r" % (index, key, value)
    return None


def _architecture(model):
    return {"kind": "decoder", "hidden_size": model["hidden_size"], "num_layers": model["num_layers"],
            "num_attention_heads": model["num_attention_heads"], "num_key_value_heads": model["num_key_value_heads"],
            "head_dim": model["head_dim"], "intermediate_size": model["intermediate_size"],
            "vocab_size": model["vocab_size"], "mlp": "gated", "tie_word_embeddings": model["tie_word_embeddings"],
            "attention_bias": bool(model.get("attention_bias", False)), "mlp_bias": bool(model.get("mlp_bias", False)),
            "num_experts": 1, "experts_per_token": 1}


def _attention_used(row):
    return row["result"].get("attn_implementation_used") or row["config"]["attn_implementation"]


def plan_for_row(row, gpu_id, source_name):
    """The plan file that describes one measured row (search off: estimate evaluates it as configured)."""
    model, config = row["model"], row["config"]
    parallelism = {"data": 1, "tensor": 1, "pipeline": 1, "zero_stage": 0, "offload": "none"}
    flash = _attention_used(row) != "eager"
    if row["kind"] == "training":
        lora = config.get("lora") or {}
        targets = lora.get("target_modules", ["q_proj", "v_proj"])
        tokens = config["sequence_length"] * config["micro_batch_size"]
        workload = {
            "mode": "training", "objective": "language-modeling", "technique": config["technique"],
            "precision": "bf16", "weight_format": "same", "optimizer": "adamw",
            "lora": {"rank": lora.get("rank", 16),
                     "target_modules": [targets] if isinstance(targets, str) else targets},
            "activation_checkpointing": config["activation_checkpointing"], "flash_attention": flash,
            "loss_implementation": "fp32-logits", "sequence_length": config["sequence_length"],
            "micro_batch_size": config["micro_batch_size"], "gradient_accumulation_steps": 1,
            "global_batch_size": config["micro_batch_size"], "training_tokens": float(tokens * 1000),
            # Extension field (kept by the plan reader): false = pure bf16 weights, gradients and AdamW state,
            # no fp32 master copy. The estimator's plan path assumes a master copy until it reads this field.
            "master_weights": config["master_weights"],
            "parallelism": parallelism,
        }
    else:
        workload = {
            "mode": "inference", "objective": "language-modeling", "precision": "bf16", "weight_format": "same",
            "flash_attention": flash, "parallelism": parallelism,
            "inference": {"batch_size": config["batch_size"], "prompt_tokens": config["prompt_tokens"],
                          "output_tokens": config["output_tokens"], "kv_cache_precision": "bf16"},
        }
    return {
        "format": "gpu-planner-plan", "version": 1, "title": "calibration: %s on %s" % (row["id"], gpu_id),
        "model": {"name": model.get("name", row["id"]), "architecture": _architecture(model)},
        "workload": workload,
        "candidates": [{"gpu": gpu_id, "gpus_per_node": 1, "nodes": 1}],
        "assumptions": {"compute_efficiency": None, "cuda_context_gib": None},
        "search": {"enabled": False},
        "calibration": {"row_id": row["id"], "measured_file": source_name, "kind": row["kind"],
                        "status": row["result"]["status"], "attn_implementation": _attention_used(row)},
    }


def _device_memory(result):
    """What nvidia-smi showed for this process (context included), else for the GPU, else mem_get_info."""
    for key in ("nvidia_smi_process_used_bytes", "nvidia_smi_used_bytes", "mem_get_info_used_bytes"):
        if result.get(key):
            return key, result[key]
    return None, None


def comparisons_for_row(row, environment):
    """Measured figure vs estimate expression, with the bound group, for one converted row."""
    result = row["result"]
    out = []

    def add(name, group, field, measured, estimate, tolerance_group=None):
        if measured is None:
            return
        bound = BOUNDS.get(tolerance_group or group) if group != "informational" else None
        out.append({"name": name, "group": group, "measured_field": field, "measured": measured,
                    "estimate": estimate, "tolerance": bound["case"] if bound else None})

    if result["status"] == grid.STATUS_OOM:
        add("oom", "oom", "environment.gpu_total_memory_bytes", environment.get("gpu_total_memory_bytes"),
            ESTIMATE_DEVICE)
        return out
    device_field, device_bytes = _device_memory(result)
    if row["kind"] == "training":
        add("allocated", "memory", "max_memory_allocated", result["max_memory_allocated"], ESTIMATE_ALLOCATED)
        add("reserved", "memory", "max_memory_reserved", result["max_memory_reserved"], ESTIMATE_RESERVED)
        add("device", "memory", device_field, device_bytes, ESTIMATE_DEVICE)
        add("tokens_per_second", "training_time", "tokens_per_second", result["tokens_per_second"],
            [["+", "tokens_per_second"]])
    else:
        add("reserved", "memory", "max_memory_reserved", result["max_memory_reserved"], ESTIMATE_RESERVED)
        add("device", "memory", device_field, device_bytes, ESTIMATE_DEVICE)
        if _positive_number(result.get("kv_cache_bytes")):
            add("kv_cache", "memory", "kv_cache_bytes", result["kv_cache_bytes"], [["+", "memory_per_gpu.kv_cache"]])
        add("decode_tokens_per_second", "decode", "decode_tokens_per_second", result["decode_tokens_per_second"],
            [["+", "decode_tokens_per_second"]])
        add("prefill_seconds", "informational", "prefill_seconds", result.get("prefill_seconds"),
            [["+", "prefill_seconds"]])
    return out


def convert(document, out_dir, source_name, gpu_id=None, exclude=None):
    """Writes the plans and expectations.json; returns the expectations document. Rows whose id matches the
    regular expression `exclude` are listed under not_converted with status "excluded"."""
    rows = validate_document(document)
    gpu = gpu_id or document["gpu_id"]
    if not gpu or gpu == "unknown":
        raise InvalidMeasurement("gpu_id: unknown GPU; pass --gpu-id with a catalog id")
    os.makedirs(out_dir, exist_ok=True)
    cases, not_converted = [], []
    for index, row in enumerate(rows):
        status = row["result"]["status"]
        if status not in (grid.STATUS_OK, grid.STATUS_OOM):
            not_converted.append({"id": row["id"], "status": status})
            continue
        if exclude and re.search(exclude, row["id"]):
            not_converted.append({"id": row["id"], "status": "excluded"})
            continue
        problem = result_problem(row, index)
        if problem:
            not_converted.append({"id": row["id"], "status": status, "problem": problem})
            continue
        plan_name = row["id"] + ".gpuplan"
        with open(os.path.join(out_dir, plan_name), "w", encoding="utf-8") as f:
            json.dump(plan_for_row(row, gpu, source_name), f, indent=1)
            f.write("\n")
        cases.append({"id": row["id"], "plan": plan_name, "kind": row["kind"], "status": status,
                      "comparisons": comparisons_for_row(row, document["environment"])})
    expectations = {"format": EXPECTATIONS_FORMAT, "version": 1, "measured_file": source_name, "gpu_id": gpu,
                    "environment": document["environment"], "bounds": BOUNDS, "cases": cases,
                    "not_converted": not_converted}
    with open(os.path.join(out_dir, "expectations.json"), "w", encoding="utf-8") as f:
        json.dump(expectations, f, indent=1)
        f.write("\n")
    return expectations


def _field(result, path):
    value = result
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def evaluate_expression(result, expression):
    """Sum of signed result fields; None when one is missing or null."""
    total = 0.0
    for sign, path in expression:
        value = _field(result, path)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return None
        total += value if sign == "+" else -value
    return total


def run_estimates(expectations, out_dir, cli):
    """Runs `cli estimate` on every plan and fills estimate_value, error and passed into each comparison."""
    for case in expectations["cases"]:
        plan = os.path.join(out_dir, case["plan"])
        run = subprocess.run([cli, "estimate", plan, "--format", "json"], capture_output=True, text=True,
                             check=False)
        if run.returncode != 0:
            case["cli_error"] = run.stderr.strip() or "exit status %d" % run.returncode
            continue
        try:
            result = json.loads(run.stdout)["results"][0]
        except (ValueError, KeyError, IndexError) as e:
            case["cli_error"] = "unreadable estimate output: %s" % e
            continue
        case["estimate_fits"] = result.get("fits")
        for comparison in case["comparisons"]:
            estimate = evaluate_expression(result, comparison["estimate"])
            comparison["estimate_value"] = estimate
            measured = comparison["measured"]
            if estimate is None or not measured:
                comparison["error"] = None
                comparison["passed"] = comparison["tolerance"] is None
                continue
            error = (estimate - measured) / measured
            comparison["error"] = error
            tolerance = comparison["tolerance"]
            if tolerance is None:
                comparison["passed"] = True
            elif BOUNDS.get(comparison["group"], {}).get("one_sided") == "estimate_not_below":
                comparison["passed"] = error >= -tolerance
            else:
                comparison["passed"] = abs(error) <= tolerance
    return expectations


def summarize(expectations):
    """Per group: count, median and worst absolute error, the median measured / estimate ratio (the factor an
    efficiency default would have to be multiplied by to remove the median error), and the bound failures."""
    groups = {}
    ratios = {}
    failures = []
    for case in expectations["cases"]:
        if "cli_error" in case:
            failures.append("%s: estimate failed: %s" % (case["id"], case["cli_error"]))
            continue
        for c in case["comparisons"]:
            if c.get("error") is not None:
                groups.setdefault(c["group"], []).append(abs(c["error"]))
                if c.get("estimate_value"):
                    ratios.setdefault(c["group"], []).append(c["measured"] / c["estimate_value"])
            if not c.get("passed", True):
                failures.append("%s %s: error %s outside +-%s" % (
                    case["id"], c["name"], "n/a" if c.get("error") is None else "%+.1f%%" % (100 * c["error"]),
                    "%.0f%%" % (100 * c["tolerance"]) if c["tolerance"] is not None else "-"))
    summary = {}
    for group, errors in sorted(groups.items()):
        median = statistics.median(errors)
        bound = BOUNDS.get(group, {}).get("median")
        summary[group] = {"count": len(errors), "median_abs_error": median, "worst_abs_error": max(errors),
                          "median_bound": bound,
                          "median_measured_over_estimate": statistics.median(ratios[group]) if group in ratios
                          else None}
        if bound is not None and median > bound:
            failures.append("%s: median |error| %.1f%% above %.0f%%" % (group, 100 * median, 100 * bound))
    return summary, failures


def print_table(expectations, summary, stream=sys.stdout):
    stream.write("%-62s %-24s %14s %14s %8s %6s\n" % ("case", "comparison", "measured", "estimate", "error",
                                                     "bound"))
    for case in expectations["cases"]:
        if "cli_error" in case:
            stream.write("%-62s estimate failed: %s\n" % (case["id"], case["cli_error"][:200]))
            continue
        for c in case["comparisons"]:
            estimate = c.get("estimate_value")
            stream.write("%-62s %-24s %14.5g %14s %8s %6s%s\n" % (
                case["id"], c["name"], c["measured"], "n/a" if estimate is None else "%.5g" % estimate,
                "n/a" if c.get("error") is None else "%+.1f%%" % (100 * c["error"]),
                "-" if c["tolerance"] is None else "%.0f%%" % (100 * c["tolerance"]),
                "" if c.get("passed", True) else "  FAIL"))
    for group, s in summary.items():
        stream.write("%s: %d comparisons, median |error| %.1f%%, worst %.1f%%%s%s\n" % (
            group, s["count"], 100 * s["median_abs_error"], 100 * s["worst_abs_error"],
            "" if s["median_bound"] is None else " (median bound %.0f%%)" % (100 * s["median_bound"]),
            "" if s["median_measured_over_estimate"] is None else ", median measured/estimate %.3f"
            % s["median_measured_over_estimate"]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("measured", help="measured JSON written by measure.py")
    parser.add_argument("out_dir", help="directory for the .gpuplan files and expectations.json")
    parser.add_argument("--gpu-id", help="catalog GPU id (default: the measured file's gpu_id)")
    parser.add_argument("--cli", help="gpu-planner-cli to compute the estimates with")
    parser.add_argument("--check", action="store_true", help="with --cli: exit 1 when an error bound is missed")
    parser.add_argument("--report", help="with --cli: write the compared expectations and summary as JSON here")
    parser.add_argument("--exclude", help="regular expression: rows whose id matches are not converted")
    args = parser.parse_args(argv)
    if args.check and not args.cli:
        parser.error("--check needs --cli")
    if args.exclude:
        try:
            re.compile(args.exclude)
        except re.error as e:
            parser.error("--exclude: %s" % e)
    try:
        with open(args.measured, encoding="utf-8") as f:
            document = json.load(f)
    except OSError as e:
        print("to_plans.py: cannot read %s: %s" % (args.measured, e), file=sys.stderr)
        return 2
    except ValueError as e:
        print("to_plans.py: %s is not JSON: %s" % (args.measured, e), file=sys.stderr)
        return 1
    try:
        expectations = convert(document, args.out_dir, os.path.basename(args.measured), args.gpu_id, args.exclude)
    except InvalidMeasurement as e:
        print("to_plans.py: %s: %s" % (args.measured, e), file=sys.stderr)
        return 1
    except OSError as e:
        print("to_plans.py: cannot write %s: %s" % (args.out_dir, e), file=sys.stderr)
        return 2
    print("%d plans written to %s (%d rows not converted)" % (len(expectations["cases"]), args.out_dir,
                                                              len(expectations["not_converted"])))
    for row in expectations["not_converted"]:
        if "problem" in row:
            print("not converted: %s" % row["problem"])
    if not args.cli:
        return 0
    run_estimates(expectations, args.out_dir, args.cli)
    summary, failures = summarize(expectations)
    print_table(expectations, summary)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            json.dump({"expectations": expectations, "summary": summary, "failures": failures}, f, indent=1)
            f.write("\n")
    for failure in failures:
        print("FAIL: " + failure)
    if args.check and failures:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
