#!/usr/bin/env python3
"""Measures training and decode memory and speed of Llama-style models on one GPU, for calibrating the estimator.

Builds decoders from configurations with random weights (nothing is downloaded), runs the grid of
calibration_grid.py (sizes 125M-7B, GQA and MHA, sequence length, micro-batch, full fine-tuning vs LoRA,
activation checkpointing, attention implementation, bf16 vs fp32-master mixed precision; batch-1 and batch-16
decode) and writes one JSON row per configuration with its exact configuration and what it measured:
torch.cuda.max_memory_allocated / max_memory_reserved, the memory nvidia-smi reports (CUDA context included),
step time and tokens/s after warm-up, decode tokens/s and KV-cache bytes.

    python3 tests/calibration/measure.py --dry-run            # the grid and its estimated run time (no torch needed)
    python3 tests/calibration/measure.py --output OUT.json    # measure (needs CUDA, torch, transformers, peft)

torch, transformers and peft are imported only when measuring. The run stops starting rows once the
--budget-seconds deadline (counted from process start) would be passed, records the rest as skipped-by-budget,
and a hard alarm ends a row that overruns; the output file is rewritten after every row, so a killed run
still leaves every finished row.
"""

import argparse
import gc
import json
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import time
import traceback

PROCESS_START = time.monotonic()

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibration_grid as grid  # noqa: E402

# Seconds kept after the last row for the final write; a row is started only if its predicted time fits before.
FINAL_RESERVE_SECONDS = 5.0
# The alarm fires this long after the budget: a row that overruns is ended there and the run closes.
HARD_STOP_GRACE_SECONDS = 20.0


class BudgetExceeded(BaseException):
    """Raised by the alarm when a row runs past the hard deadline (BaseException: library code must not eat it)."""


# ---------------------------------------------------------------------------------------------------------------
# Output document, rewritten atomically after every row.

class ResultWriter:
    def __init__(self, path, document):
        self.path = path
        self.document = document
        self.write()

    def append(self, row):
        self.document["rows"].append(row)
        self.write()

    def write(self):
        if not self.path:
            return
        directory = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(directory, exist_ok=True)
        temporary = self.path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump(self.document, f, indent=1, sort_keys=False)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, self.path)


def new_document(gpu_id, environment, settings):
    return {"format": grid.MEASUREMENT_FORMAT, "version": grid.MEASUREMENT_VERSION, "gpu_id": gpu_id,
            "status": "running", "environment": environment, "settings": settings, "rows": []}


# ---------------------------------------------------------------------------------------------------------------
# The run loop: independent of torch, so that the unit test drives it with a fake row runner and clock.

def _scale(ratios):
    """Observed actual / estimated seconds so far (median, 0.5-5), to predict the rows still to run."""
    if not ratios:
        return 1.0
    return min(5.0, max(0.5, statistics.median(ratios)))


def run_rows(rows, run_row, writer, budget_seconds, clock=time.monotonic, start=None, max_consecutive_errors=3,
             log=print):
    """Runs each row with run_row(row) -> result dict, skipping rows that would not finish within the budget.

    Returns the run's status: "complete", "stopped-by-budget" (some rows skipped or the alarm fired) or
    "stopped-after-errors" (max_consecutive_errors rows in a row failed: the script itself is broken here)."""
    start = PROCESS_START if start is None else start
    ratios = []
    consecutive_errors = 0
    status = "complete"
    stop_reason = None
    for index, row in enumerate(rows):
        out = dict(row)
        elapsed = clock() - start
        predicted = row["estimated_seconds"] * _scale(ratios)
        remaining = budget_seconds - elapsed - FINAL_RESERVE_SECONDS
        if stop_reason is not None:
            out["result"] = {"status": stop_reason}
        elif predicted > remaining:
            out["result"] = {"status": grid.STATUS_SKIPPED_BUDGET, "predicted_seconds": round(predicted, 2),
                             "remaining_seconds": round(remaining, 2)}
            status = "stopped-by-budget"
        else:
            began = clock()
            try:
                result = run_row(row)
            except BudgetExceeded:
                result = {"status": grid.STATUS_TIMED_OUT, "error": "row passed the hard deadline"}
                stop_reason = grid.STATUS_SKIPPED_BUDGET
                status = "stopped-by-budget"
            except Exception as e:  # one broken row must not lose the others
                result = {"status": grid.STATUS_ERROR, "error": "%s: %s" % (type(e).__name__, e),
                          "traceback": traceback.format_exc(limit=8)}
            wall = clock() - began
            result["wall_seconds"] = round(wall, 3)
            result["started_at_seconds"] = round(began - start, 3)
            if result["status"] in (grid.STATUS_OK, grid.STATUS_OOM):
                ratios.append(wall / max(row["estimated_seconds"], 1e-3))
            if result["status"] == grid.STATUS_ERROR:
                consecutive_errors += 1
                if consecutive_errors >= max_consecutive_errors:
                    stop_reason = grid.STATUS_SKIPPED_ERRORS
                    status = "stopped-after-errors"
            elif result["status"] in (grid.STATUS_OK, grid.STATUS_OOM):
                consecutive_errors = 0
            out["result"] = result
        writer.append(out)
        log(_summary_line(index, len(rows), out, clock() - start))
    return status


def _summary_line(index, count, row, elapsed):
    r = row["result"]
    parts = ["[%3d/%d %6.1fs] %-62s %s" % (index + 1, count, elapsed, row["id"], r["status"])]
    if r["status"] == grid.STATUS_OK:
        parts.append("alloc %.2f GiB reserved %.2f GiB smi %s" % (
            r.get("max_memory_allocated", 0) / 2**30, r.get("max_memory_reserved", 0) / 2**30,
            "%.2f GiB" % (r["nvidia_smi_used_bytes"] / 2**30) if r.get("nvidia_smi_used_bytes") else "n/a"))
        if "tokens_per_second" in r:
            parts.append("%.0f tok/s, step %.4f s" % (r["tokens_per_second"], r["step_seconds"]))
        if "decode_tokens_per_second" in r:
            parts.append("decode %.1f tok/s, KV %.3f GiB" % (r["decode_tokens_per_second"],
                                                            r["kv_cache_bytes"] / 2**30))
    elif "error" in r:
        parts.append(r["error"][:200])
    if "wall_seconds" in r:
        parts.append("(%.1f s, est %.1f s)" % (r["wall_seconds"], row["estimated_seconds"]))
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# Everything below needs torch; it is imported only in measure().

# Seconds the last nvidia-smi call took: when it is slow, rows query the GPU total only (one call, not two).
_NVIDIA_SMI_SECONDS = [0.0]
SLOW_NVIDIA_SMI_SECONDS = 0.5


def _nvidia_smi(*query):
    """Rows of `nvidia-smi --query-...` as lists of strings, or None when nvidia-smi is missing or fails."""
    began = time.monotonic()
    try:
        out = subprocess.run(["nvidia-smi", *query, "--format=csv,noheader,nounits"], capture_output=True,
                             text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    finally:
        _NVIDIA_SMI_SECONDS[0] = time.monotonic() - began
    if out.returncode != 0:
        return None
    return [[cell.strip() for cell in line.split(",")] for line in out.stdout.strip().splitlines() if line.strip()]


def nvidia_smi_memory(device_index):
    """MiB used on the GPU (all processes) and by this process (context included), as bytes; None if unknown."""
    used = {"nvidia_smi_used_bytes": None, "nvidia_smi_process_used_bytes": None}
    gpus = _nvidia_smi("--query-gpu=index,memory.used")
    if gpus:
        visible = os.environ.get("CUDA_VISIBLE_DEVICES", "")
        physical = str(device_index)
        if visible and visible.split(",")[0].strip().isdigit():
            physical = visible.split(",")[device_index].strip()
        if len(gpus) == 1:  # the only GPU this container sees, whatever its index
            physical = gpus[0][0]
        for index, mib in gpus:
            if index == physical and mib.replace(".", "", 1).isdigit():
                used["nvidia_smi_used_bytes"] = int(float(mib) * 2**20)
    if _NVIDIA_SMI_SECONDS[0] > SLOW_NVIDIA_SMI_SECONDS:
        return used
    apps = _nvidia_smi("--query-compute-apps=pid,used_memory")
    if apps:
        for pid, mib in apps:
            if pid == str(os.getpid()) and mib.replace(".", "", 1).isdigit():
                used["nvidia_smi_process_used_bytes"] = int(float(mib) * 2**20)
    return used


def guess_gpu_id(name):
    """Catalog id of the GPU from its CUDA device name (None when unknown; --gpu-id overrides)."""
    n = name.upper()
    table = [("H200 NVL", "h200-141gb-nvl"), ("H200", "h200-141gb-sxm"), ("H100 PCIE", "h100-80gb-pcie"),
             ("H100", "h100-80gb-sxm"), ("H800", "h800-80gb-sxm"), ("H20", "h20-96gb"),
             ("A100-SXM4-80GB", "a100-80gb-sxm"), ("A100 80GB", "a100-80gb-sxm"), ("A100", "a100-40gb-sxm"),
             ("A800", "a800-80gb-sxm"), ("L40S", "l40s-48gb"), ("L20", "l20-48gb"), ("L4", "l4-24gb"),
             ("A10", "a10-24gb"), ("RTX 4090", "rtx-4090-24gb"), ("RTX A6000", "rtx-a6000-48gb")]
    for key, gpu_id in table:
        if key in n:
            return gpu_id
    return None


def _version(module_name):
    try:
        import importlib.metadata as metadata
        return metadata.version(module_name)
    except Exception:
        return None


def flash_attention_2_available():
    """flash_attn is importable (transformers would otherwise try to fetch a kernel from the hub)."""
    import importlib.util
    if importlib.util.find_spec("flash_attn") is None:
        return False
    try:
        from transformers.utils import is_flash_attn_2_available
        return bool(is_flash_attn_2_available())
    except Exception:
        return False


def probe_environment(torch):
    """GPU, driver, library versions, and the memory the CUDA context takes before any tensor."""
    env = {"python": platform.python_version(), "platform": platform.platform(),
           "torch": torch.__version__, "cuda": torch.version.cuda,
           "cudnn": torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None,
           "transformers": _version("transformers"), "peft": _version("peft"), "flash_attn": _version("flash_attn"),
           "flash_attention_2_available": flash_attention_2_available(),
           "cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES")}
    device = torch.cuda.current_device()
    props = torch.cuda.get_device_properties(device)
    env.update({"gpu_name": props.name, "gpu_total_memory_bytes": props.total_memory,
                "compute_capability": "%d.%d" % (props.major, props.minor),
                "multiprocessors": props.multi_processor_count})
    smi = _nvidia_smi("--query-gpu=name,driver_version,memory.total")
    env["nvidia_smi_seconds"] = round(_NVIDIA_SMI_SECONDS[0], 3)
    first = (smi[0] if smi else []) + [None] * 3
    env.update({"nvidia_smi_name": first[0], "driver": first[1], "nvidia_smi_memory_total_mib": first[2]})
    # Separate query: a field this driver does not know must not lose the driver version above.
    power = _nvidia_smi("--query-gpu=power.limit,clocks.max.sm")
    first = (power[0] if power else []) + [None] * 2
    env.update({"power_limit_w": first[0], "max_sm_clock_mhz": first[1]})
    # CUDA context: what the device shows once the context exists and one tiny tensor is allocated.
    torch.zeros(1, device="cuda")
    torch.cuda.synchronize()
    free, total = torch.cuda.mem_get_info()
    env["context_mem_get_info_used_bytes"] = total - free
    env["context_reserved_bytes"] = torch.cuda.memory_reserved()
    env.update({"context_" + k: v for k, v in nvidia_smi_memory(device).items()})
    return env


def _free(torch):
    gc.collect()
    torch.cuda.synchronize()
    torch.cuda.empty_cache()


def _is_oom(torch, e):
    return isinstance(e, torch.cuda.OutOfMemoryError) or "out of memory" in str(e).lower()


def build_model(torch, row):
    """LlamaForCausalLM with random weights on the GPU, in the row's weight dtype and attention implementation."""
    from transformers import LlamaConfig, LlamaForCausalLM
    m, c = row["model"], row["config"]
    attn = c["attn_implementation"]
    hf_attn = "sdpa" if attn == "sdpa-flash" else attn
    config = LlamaConfig(vocab_size=m["vocab_size"], hidden_size=m["hidden_size"],
                         intermediate_size=m["intermediate_size"], num_hidden_layers=m["num_layers"],
                         num_attention_heads=m["num_attention_heads"], num_key_value_heads=m["num_key_value_heads"],
                         head_dim=m["head_dim"], hidden_act=m["hidden_act"],
                         max_position_embeddings=m["max_position_embeddings"], rms_norm_eps=m["rms_norm_eps"],
                         tie_word_embeddings=m["tie_word_embeddings"],
                         attention_bias=m["attention_bias"], mlp_bias=m["mlp_bias"], use_cache=False)
    dtype = torch.float32 if c.get("weights_dtype") == "fp32" else torch.bfloat16
    with torch.device("cuda"):
        try:
            model = LlamaForCausalLM._from_config(config, dtype=dtype, attn_implementation=hf_attn)
        except TypeError:  # transformers 4.x spells it torch_dtype
            model = LlamaForCausalLM._from_config(config, torch_dtype=dtype, attn_implementation=hf_attn)
    return model


def model_checks(model, row):
    """What the built model really is, and warnings where it differs from the row (recorded, not fatal)."""
    m, c = row["model"], row["config"]
    wanted = "sdpa" if c["attn_implementation"] == "sdpa-flash" else c["attn_implementation"]
    used = getattr(model.config, "_attn_implementation", None)
    parameters = sum(p.numel() for p in model.parameters())
    rope = getattr(model.config, "rope_parameters", None) or {}
    info = {"attn_implementation_used": used, "model_parameters": parameters,
            "rope_theta_used": rope.get("rope_theta") if isinstance(rope, dict) else None}
    warnings = []
    if used != wanted:
        warnings.append("asked for attention %r, model uses %r" % (wanted, used))
    if parameters != m["parameters"]:
        warnings.append("model has %d parameters, the grid says %d" % (parameters, m["parameters"]))
    if warnings:
        info["warnings"] = warnings
    return info


def _attention_context(torch, attn):
    import contextlib
    if attn != "sdpa-flash":
        return contextlib.nullcontext()
    from torch.nn.attention import SDPBackend, sdpa_kernel
    return sdpa_kernel(SDPBackend.FLASH_ATTENTION)


def _memory_stats(torch, device):
    stats = {"max_memory_allocated": torch.cuda.max_memory_allocated(),
             "max_memory_reserved": torch.cuda.max_memory_reserved(),
             "memory_allocated_at_end": torch.cuda.memory_allocated(),
             "memory_reserved_at_end": torch.cuda.memory_reserved()}
    free, total = torch.cuda.mem_get_info()
    stats["mem_get_info_used_bytes"] = total - free
    stats.update(nvidia_smi_memory(device))
    try:
        stats["allocator_num_alloc_retries"] = torch.cuda.memory_stats().get("num_alloc_retries")
    except Exception:
        pass
    return stats


def run_training_row(torch, row, peak_flops):
    """Warm-up then timed optimizer steps of one configuration on a freshly built model."""
    c, m = row["config"], row["model"]
    device = torch.cuda.current_device()
    if c["attn_implementation"] == "flash_attention_2" and not flash_attention_2_available():
        return {"status": grid.STATUS_UNAVAILABLE, "error": "flash_attn is not installed"}
    _free(torch)
    torch.cuda.reset_peak_memory_stats()
    baseline = torch.cuda.memory_allocated()
    model = optimizer = ids = loss = trainable = generator = adapter = None
    try:
        model = build_model(torch, row)
        checks = model_checks(model, row)
        if c["activation_checkpointing"] != "none":
            model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        lora_info = None
        if c["technique"] == "lora":
            from peft import LoraConfig, get_peft_model
            lora = c["lora"]
            model = get_peft_model(model, LoraConfig(r=lora["rank"], lora_alpha=lora["alpha"],
                                                     lora_dropout=lora["dropout"],
                                                     target_modules=lora["target_modules"], bias="none",
                                                     task_type="CAUSAL_LM"))
            adapter = [p for _, p in model.named_parameters() if p.requires_grad]
            lora_info = {"adapter_dtype": str(adapter[0].dtype).replace("torch.", "") if adapter else None}
        model.train()
        trainable = [p for p in model.parameters() if p.requires_grad]
        trainable_count = sum(p.numel() for p in trainable)
        optimizer = torch.optim.AdamW(trainable, lr=1e-5, weight_decay=0.0, fused=True)
        torch.cuda.synchronize()
        after_build = torch.cuda.memory_allocated() - baseline
        generator = torch.Generator(device="cuda").manual_seed(0)
        ids = torch.randint(0, m["vocab_size"], (c["micro_batch_size"], c["sequence_length"]), device="cuda",
                            generator=generator)
        amp = c["precision_layout"] == "amp-bf16"

        def step():
            with _attention_context(torch, c["attn_implementation"]):
                with torch.autocast("cuda", dtype=torch.bfloat16, enabled=amp):
                    out = model(input_ids=ids, labels=ids, use_cache=False)
                out.loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            return out.loss.detach()

        for _ in range(c["warmup_steps"]):
            loss = step()
        torch.cuda.synchronize()
        after_warmup = torch.cuda.memory_allocated() - baseline
        times = []
        for _ in range(c["timed_steps"]):
            begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            begin.record()
            loss = step()
            end.record()
            end.synchronize()
            times.append(begin.elapsed_time(end) / 1000.0)
        result = {"status": grid.STATUS_OK}
        result.update(_memory_stats(torch, device))
        result.update(checks)
        step_seconds = statistics.median(times)
        tokens = c["micro_batch_size"] * c["sequence_length"]
        result.update({
            "step_seconds": step_seconds, "step_seconds_all": [round(t, 6) for t in times],
            "tokens_per_second": tokens / step_seconds, "loss": float(loss),
            "memory_allocated_after_build": after_build,
            "memory_allocated_after_warmup": after_warmup,
            "total_parameters": sum(p.numel() for p in model.parameters()),
            "trainable_parameters": trainable_count,
            "trainable_parameters_expected": m["parameters"] if c["technique"] == "full" else
            grid.lora_parameter_count(grid.MODELS[m["name"]], c["lora"]),
            "model_flops_per_step_6n": 6.0 * m["parameters"] * tokens,
            "mfu_6n": 6.0 * m["parameters"] * tokens / step_seconds / peak_flops if peak_flops else None,
        })
        if lora_info:
            result["lora_adapter_dtype"] = lora_info["adapter_dtype"]
        if not math.isfinite(result["loss"]):
            result["warning"] = "loss is not finite"
        return result
    except Exception as e:
        if _is_oom(torch, e):
            result = {"status": grid.STATUS_OOM, "oom": True, "error": str(e).splitlines()[0][:300]}
            result.update(_memory_stats(torch, device))
            return result
        raise
    finally:
        model = optimizer = ids = loss = trainable = generator = adapter = None  # drop the references
        _free(torch)


def _is_tensor(value):
    return hasattr(value, "element_size") and hasattr(value, "numel") and hasattr(value, "shape")


def _cache_tensors(cache):
    """Key/value tensors of a past_key_values object: DynamicCache of transformers 5.x / 4.5x (layers[i].keys and
    .values), older DynamicCache (key_cache, value_cache lists), legacy tuples, else any 4-D tensor inside."""
    tensors = []
    for layer in getattr(cache, "layers", None) or []:
        tensors.extend(t for t in (getattr(layer, "keys", None), getattr(layer, "values", None)) if _is_tensor(t))
    if not tensors:
        for name in ("key_cache", "value_cache"):
            tensors.extend(t for t in getattr(cache, name, None) or [] if _is_tensor(t))
    if not tensors:
        seen = set()

        def walk(value, depth):
            if id(value) in seen or depth > 4:
                return
            seen.add(id(value))
            if _is_tensor(value):
                if len(value.shape) == 4:
                    tensors.append(value)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    walk(item, depth + 1)
            elif isinstance(value, dict):
                for item in value.values():
                    walk(item, depth + 1)
            elif hasattr(value, "__dict__") and "cache" in type(value).__module__.lower():
                for item in vars(value).values():
                    walk(item, depth + 1)
        walk(cache, 0)
    return tensors


def run_decode_row(torch, row):
    """Prefill the prompt, then greedy decode one token per step for the whole batch with the KV cache."""
    import inspect
    c, m = row["config"], row["model"]
    device = torch.cuda.current_device()
    _free(torch)
    torch.cuda.reset_peak_memory_stats()
    model = cache = prompt = token = out = generator = None
    try:
        model = build_model(torch, row)
        checks = model_checks(model, row)
        model.eval()
        keep = {}
        if "logits_to_keep" in inspect.signature(model.forward).parameters:
            keep = {"logits_to_keep": 1}
        generator = torch.Generator(device="cuda").manual_seed(0)
        prompt = torch.randint(0, m["vocab_size"], (c["batch_size"], c["prompt_tokens"]), device="cuda",
                               generator=generator)

        def generate(tokens):
            out = model(input_ids=prompt, use_cache=True, **keep)
            cache = out.past_key_values
            token = out.logits[:, -1:].argmax(-1)
            for _ in range(tokens):
                out = model(input_ids=token, past_key_values=cache, use_cache=True)
                cache = out.past_key_values
                token = out.logits[:, -1:].argmax(-1)
            return cache, token

        with torch.inference_mode():
            cache, token = generate(c["warmup_tokens"])
            cache = token = None
            _free(torch)
            torch.cuda.reset_peak_memory_stats()
            begin = torch.cuda.Event(enable_timing=True)
            after_prefill = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            begin.record()
            out = model(input_ids=prompt, use_cache=True, **keep)
            cache = out.past_key_values
            token = out.logits[:, -1:].argmax(-1)
            after_prefill.record()
            for _ in range(c["output_tokens"]):
                out = model(input_ids=token, past_key_values=cache, use_cache=True)
                cache = out.past_key_values
                token = out.logits[:, -1:].argmax(-1)
            end.record()
            end.synchronize()
        prefill = begin.elapsed_time(after_prefill) / 1000.0
        decode = after_prefill.elapsed_time(end) / 1000.0
        tensors = _cache_tensors(cache)
        kv_bytes = sum(t.numel() * t.element_size() for t in tensors)
        result = {"status": grid.STATUS_OK}
        result.update(_memory_stats(torch, device))
        result.update(checks)
        result.update({
            "prefill_seconds": prefill, "decode_seconds": decode,
            "decode_tokens_per_second": c["batch_size"] * c["output_tokens"] / decode,
            "per_sequence_tokens_per_second": c["output_tokens"] / decode,
            "kv_cache_bytes": kv_bytes, "kv_cache_tensors": len(tensors),
            "kv_cache_context_tokens": int(tensors[0].shape[-2]) if tensors else None,
            "kv_cache_dtype": str(tensors[0].dtype).replace("torch.", "") if tensors else None,
            "weights_bytes": sum(p.numel() * p.element_size() for p in model.parameters()),
            "logits_to_keep": bool(keep),
        })
        return result
    except Exception as e:
        if _is_oom(torch, e):
            result = {"status": grid.STATUS_OOM, "oom": True, "error": str(e).splitlines()[0][:300]}
            result.update(_memory_stats(torch, device))
            return result
        raise
    finally:
        model = cache = prompt = token = out = generator = None  # drop the references
        _free(torch)


def measure(args, rows):
    """The real run: probes the machine, then runs every row within the budget."""
    try:
        import torch
    except ImportError:
        print("measure.py: torch is not installed; use --dry-run on this machine", file=sys.stderr)
        return 2
    if not torch.cuda.is_available():
        print("measure.py: CUDA is not available; use --dry-run on a machine without a GPU", file=sys.stderr)
        return 2
    environment = probe_environment(torch)
    gpu_id = args.gpu_id or guess_gpu_id(environment["gpu_name"]) or "unknown"
    figures = grid.GPU_FIGURES.get(gpu_id)
    peak = figures["bf16_flops"] if figures else None
    print("GPU %s (%s), driver %s, CUDA %s, torch %s, transformers %s, peft %s, flash_attn %s" % (
        environment["gpu_name"], gpu_id, environment.get("driver"), environment["cuda"], environment["torch"],
        environment["transformers"], environment["peft"], environment["flash_attn"]), flush=True)
    print("CUDA context: %.0f MiB by mem_get_info, %s by nvidia-smi" % (
        environment["context_mem_get_info_used_bytes"] / 2**20,
        "%.0f MiB" % (environment["context_nvidia_smi_process_used_bytes"] / 2**20)
        if environment.get("context_nvidia_smi_process_used_bytes") else "n/a"), flush=True)
    settings = {"budget_seconds": args.budget_seconds, "command": " ".join(sys.argv),
                "cost_gpu": args.cost_gpu, "cost_assumptions": grid.COST_ASSUMPTIONS,
                "estimated_total_seconds": round(grid.estimated_total_seconds(rows), 1),
                "seconds_before_first_row": round(time.monotonic() - PROCESS_START, 2),
                "started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    writer = ResultWriter(args.output, new_document(gpu_id, environment, settings))

    def run_row(row):
        if row["kind"] == "training":
            return run_training_row(torch, row, peak)
        return run_decode_row(torch, row)

    def alarm(signum, frame):
        raise BudgetExceeded()

    hard_stop = args.budget_seconds + HARD_STOP_GRACE_SECONDS - (time.monotonic() - PROCESS_START)
    if hasattr(signal, "SIGALRM"):
        signal.signal(signal.SIGALRM, alarm)
        signal.alarm(max(1, int(hard_stop)))
    try:
        status = run_rows(rows, run_row, writer, args.budget_seconds,
                          max_consecutive_errors=args.max_consecutive_errors,
                          log=lambda line: print(line, flush=True))
    except BudgetExceeded:  # the alarm fired between rows: the rows written so far stand
        status = "stopped-by-budget"
    finally:
        if hasattr(signal, "SIGALRM"):
            signal.alarm(0)
    writer.document["status"] = status
    writer.document["settings"]["wall_seconds"] = round(time.monotonic() - PROCESS_START, 2)
    writer.write()
    counts = {}
    for r in writer.document["rows"]:
        counts[r["result"]["status"]] = counts.get(r["result"]["status"], 0) + 1
    print("done: %s in %.1f s; %s; written to %s" % (status, time.monotonic() - PROCESS_START,
                                                       ", ".join("%d %s" % (n, s) for s, n in sorted(counts.items())),
                                                       args.output), flush=True)
    return 0 if status != "stopped-after-errors" else 1


def select_rows(rows, only, max_rows):
    if only:
        wanted = [s.strip() for s in only.split(",") if s.strip()]
        rows = [r for r in rows if any(w in r["id"] for w in wanted)]
    if max_rows is not None:
        rows = rows[:max_rows]
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", help="JSON file the results are written to (rewritten after every row)")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the grid with estimated seconds per row and in total; needs no torch")
    parser.add_argument("--budget-seconds", type=float, default=grid.RUN_LIMIT_SECONDS,
                        help="deadline from process start; rows that would pass it are skipped (default 420)")
    parser.add_argument("--gpu-id", help="catalog GPU id for the output (default: guessed from the device name)")
    parser.add_argument("--cost-gpu", default=grid.DEFAULT_GPU, choices=sorted(grid.GPU_FIGURES),
                        help="GPU whose datasheet figures the cost model uses (default h200-141gb-sxm)")
    parser.add_argument("--only", help="comma-separated substrings; run only rows whose id contains one")
    parser.add_argument("--max-rows", type=int, help="run at most this many rows (after --only)")
    parser.add_argument("--max-consecutive-errors", type=int, default=3,
                        help="stop after this many rows in a row fail with an error (default 3)")
    args = parser.parse_args(argv)

    rows = select_rows(grid.build_grid(args.cost_gpu), args.only, args.max_rows)
    if args.dry_run:
        document = grid.dry_run_document(rows, args.cost_gpu, args.budget_seconds)
        json.dump(document, sys.stdout, indent=1)
        sys.stdout.write("\n")
        total = document["estimated_total_seconds"]
        if total > grid.RUN_LIMIT_SECONDS:
            print("measure.py: estimated %.0f s exceeds the %.0f s limit" % (total, grid.RUN_LIMIT_SECONDS),
                  file=sys.stderr)
            return 1
        return 0
    if not args.output:
        parser.error("--output is required unless --dry-run")
    return measure(args, rows)


if __name__ == "__main__":
    sys.exit(main())
