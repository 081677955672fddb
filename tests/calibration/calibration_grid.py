"""The calibration grid: which models and configurations measure.py runs, and a cost model that sizes the run.

Pure Python (no torch): measure.py --dry-run, to_plans.py and the unit test import it on machines without a GPU.
Every row carries its exact configuration so that a measured file can be replayed through gpu-planner-cli.
"""

import math

MEASUREMENT_FORMAT = "gpu-planner-measurements"
MEASUREMENT_VERSION = 1

# Statuses a row's result can have.
STATUS_OK = "ok"
STATUS_OOM = "oom"
STATUS_SKIPPED_BUDGET = "skipped-by-budget"
STATUS_SKIPPED_ERRORS = "skipped-after-errors"
STATUS_UNAVAILABLE = "unavailable"
STATUS_ERROR = "error"
STATUS_TIMED_OUT = "timed-out"
STATUSES = (STATUS_OK, STATUS_OOM, STATUS_SKIPPED_BUDGET, STATUS_SKIPPED_ERRORS, STATUS_UNAVAILABLE, STATUS_ERROR,
            STATUS_TIMED_OUT)

# Datasheet figures of the GPUs the cost model knows (copied from resources/catalog/gpus.json with its sources:
# H200 SXM "stas00-accel" as of 2026-08-22, H100 SXM and A100 SXM likewise). Dense bf16 FLOP/s, HBM bytes/s.
GPU_FIGURES = {
    "h200-141gb-sxm": {"name": "NVIDIA H200 141GB SXM", "bf16_flops": 989e12, "hbm_bytes_per_second": 4.8e12},
    "h100-80gb-sxm": {"name": "NVIDIA H100 80GB SXM", "bf16_flops": 989e12, "hbm_bytes_per_second": 3.35e12},
    "a100-80gb-sxm": {"name": "NVIDIA A100 80GB SXM", "bf16_flops": 312e12, "hbm_bytes_per_second": 2.039e12},
}
DEFAULT_GPU = "h200-141gb-sxm"

# The whole run (process start to last write) must stay under this on the H200: the device tool allows one
# command of at most 10 minutes and the issue asks for under 8; 7 minutes leaves a minute for start-up slack.
RUN_LIMIT_SECONDS = 420.0

# Sizing assumptions of the cost model. They only decide how much fits in one run; they are planning guesses,
# not measurements, and measure.py rescales them by the ratio actual / estimated it observes while running.
COST_ASSUMPTIONS = {
    # Achieved fraction of the dense peak in training matmuls: peak x h / (h + 1500). Below the 38-43 % bf16
    # MFU of Llama 3 pre-training (arXiv 2407.21783, Sec. 3.3) on purpose: eager Hugging Face code, small models.
    "matmul_efficiency_peak": 0.45,
    "matmul_efficiency_hidden_half": 1500.0,
    "bandwidth_efficiency": 0.6,          # achieved / datasheet HBM bandwidth for optimizer, decode, eager softmax
    "layer_overhead_seconds": 0.0005,     # Python + kernel launches per layer per training step
    "decode_layer_overhead_seconds": 0.0003,  # per layer per decode step (eager loop, DynamicCache)
    "decode_step_overhead_seconds": 0.003,    # embedding, head, argmax, cache bookkeeping per decode step
    "build_seconds": 1.5,                 # LlamaForCausalLM construction, fixed part
    "build_seconds_per_billion": 1.0,     # random init on the GPU (two init passes) per 1e9 parameters
    "lora_wrap_seconds": 1.0,             # peft get_peft_model
    "first_step_extra_seconds": 0.5,      # cuBLAS heuristics, kernel loading on the first step of a row
    "row_cleanup_seconds": 0.5,           # gc, empty_cache, nvidia-smi queries
    "startup_seconds": 25.0,              # interpreter, torch + transformers + peft imports, CUDA context, probes
    "final_write_seconds": 2.0,
}

# Models: Llama-style decoders built from configurations with random weights. Sources name the published
# configuration each one copies; the "-mha"/"-gqa" twins differ only in key/value heads so the pair isolates GQA.
MODELS = {
    "llama-125m-mha": {
        "source": "GPT-3 Small dimensions (Brown et al. 2020, arXiv 2005.14165, Table 2.1: 12 layers, d 768, "
                  "12 heads) in Llama form (SwiGLU 2048 = 8/3 d rounded, Llama-2 vocabulary 32000)",
        "hidden_size": 768, "num_layers": 12, "num_attention_heads": 12, "num_key_value_heads": 12,
        "intermediate_size": 2048, "vocab_size": 32000, "tie_word_embeddings": False},
    "llama-125m-gqa": {
        "source": "llama-125m-mha with 4 key/value heads",
        "hidden_size": 768, "num_layers": 12, "num_attention_heads": 12, "num_key_value_heads": 4,
        "intermediate_size": 2048, "vocab_size": 32000, "tie_word_embeddings": False},
    "llama-1b-gqa": {
        "source": "meta-llama/Llama-3.2-1B config.json (2048, 16 layers, 32 heads, 8 kv heads, 8192, 128256, tied)",
        "hidden_size": 2048, "num_layers": 16, "num_attention_heads": 32, "num_key_value_heads": 8,
        "intermediate_size": 8192, "vocab_size": 128256, "tie_word_embeddings": True},
    "llama-1b-mha": {
        "source": "llama-1b-gqa with 32 key/value heads",
        "hidden_size": 2048, "num_layers": 16, "num_attention_heads": 32, "num_key_value_heads": 32,
        "intermediate_size": 8192, "vocab_size": 128256, "tie_word_embeddings": True},
    "llama-3b-gqa": {
        "source": "meta-llama/Llama-3.2-3B config.json (3072, 28 layers, 24 heads, 8 kv heads, 8192, 128256, tied)",
        "hidden_size": 3072, "num_layers": 28, "num_attention_heads": 24, "num_key_value_heads": 8,
        "intermediate_size": 8192, "vocab_size": 128256, "tie_word_embeddings": True},
    "llama-3b-mha": {
        "source": "llama-3b-gqa with 24 key/value heads",
        "hidden_size": 3072, "num_layers": 28, "num_attention_heads": 24, "num_key_value_heads": 24,
        "intermediate_size": 8192, "vocab_size": 128256, "tie_word_embeddings": True},
    "llama-7b-mha": {
        "source": "meta-llama/Llama-2-7b-hf config.json (4096, 32 layers, 32 heads, 32 kv heads, 11008, 32000)",
        "hidden_size": 4096, "num_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 32,
        "intermediate_size": 11008, "vocab_size": 32000, "tie_word_embeddings": False},
    "llama-7b-gqa": {
        "source": "mistralai/Mistral-7B-v0.1 config.json dimensions (4096, 32 layers, 32 heads, 8 kv heads, 14336, "
                  "32000) as a Llama model (no sliding window)",
        "hidden_size": 4096, "num_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
        "intermediate_size": 14336, "vocab_size": 32000, "tie_word_embeddings": False},
}
MAX_POSITIONS = 8192
ROPE_THETA = 10000.0
RMS_NORM_EPS = 1e-5
LORA_DEFAULT = {"rank": 16, "alpha": 32, "dropout": 0.0, "target_modules": ["q_proj", "v_proj"]}
LORA_ALL_LINEAR = {"rank": 64, "alpha": 128, "dropout": 0.0, "target_modules": "all-linear"}
DECODE_PROMPT_TOKENS = 512
DECODE_OUTPUT_TOKENS = 128
DECODE_WARMUP_TOKENS = 8

# Attention implementations: Hugging Face names, plus "sdpa-flash" = sdpa with PyTorch's flash backend forced
# (torch.nn.attention.sdpa_kernel(SDPBackend.FLASH_ATTENTION)). "flash_attention_2" needs the flash_attn package.
ATTENTION_IMPLEMENTATIONS = ("sdpa", "sdpa-flash", "eager", "flash_attention_2")

# Training rows: (model, sequence, micro-batch, technique, checkpointing, attention, precision layout, lora).
# Precision layouts: "bf16" = weights, gradients and AdamW state in bf16 (torch.optim.AdamW on bf16 parameters);
# "amp-bf16" = fp32 weights (the master copy), fp32 gradients and state, bf16 autocast compute (HF Trainer bf16=True).
_T = "training"
_TRAINING_ROWS = [
    # One full fine-tune per size and attention type first, so that an early stop still covers every size.
    ("llama-125m-mha", 2048, 8, "full", "none", "sdpa", "bf16", None),
    ("llama-1b-gqa", 2048, 4, "full", "none", "sdpa", "bf16", None),
    ("llama-3b-gqa", 2048, 2, "full", "none", "sdpa", "bf16", None),
    ("llama-7b-mha", 2048, 1, "full", "full", "sdpa", "bf16", None),
    ("llama-7b-gqa", 2048, 1, "full", "full", "sdpa", "bf16", None),
    # LoRA next to each full row.
    ("llama-125m-mha", 2048, 8, "lora", "none", "sdpa", "bf16", LORA_DEFAULT),
    ("llama-1b-gqa", 2048, 4, "lora", "none", "sdpa", "bf16", LORA_DEFAULT),
    ("llama-3b-gqa", 2048, 2, "lora", "none", "sdpa", "bf16", LORA_DEFAULT),
    ("llama-7b-mha", 2048, 1, "lora", "none", "sdpa", "bf16", LORA_DEFAULT),
    ("llama-7b-gqa", 2048, 2, "lora", "none", "sdpa", "bf16", LORA_DEFAULT),
    ("llama-1b-gqa", 2048, 4, "lora", "none", "sdpa", "bf16", LORA_ALL_LINEAR),
    # Activation checkpointing on vs off.
    ("llama-125m-mha", 2048, 8, "full", "full", "sdpa", "bf16", None),
    ("llama-1b-gqa", 2048, 4, "full", "full", "sdpa", "bf16", None),
    ("llama-3b-gqa", 2048, 2, "full", "full", "sdpa", "bf16", None),
    ("llama-7b-mha", 2048, 1, "full", "none", "sdpa", "bf16", None),
    ("llama-1b-gqa", 2048, 4, "lora", "full", "sdpa", "bf16", LORA_DEFAULT),
    ("llama-3b-gqa", 2048, 2, "lora", "full", "sdpa", "bf16", LORA_DEFAULT),
    ("llama-7b-mha", 2048, 4, "lora", "full", "sdpa", "bf16", LORA_DEFAULT),
    # Attention implementations.
    ("llama-125m-mha", 2048, 8, "full", "none", "eager", "bf16", None),
    ("llama-1b-gqa", 2048, 4, "full", "none", "eager", "bf16", None),
    ("llama-3b-gqa", 2048, 2, "full", "none", "eager", "bf16", None),
    ("llama-125m-mha", 2048, 8, "full", "none", "flash_attention_2", "bf16", None),
    ("llama-1b-gqa", 2048, 4, "full", "none", "flash_attention_2", "bf16", None),
    ("llama-1b-gqa", 2048, 4, "full", "none", "sdpa-flash", "bf16", None),
    # GQA vs MHA at equal dimensions.
    ("llama-125m-gqa", 2048, 8, "full", "none", "sdpa", "bf16", None),
    ("llama-125m-gqa", 2048, 8, "lora", "none", "sdpa", "bf16", LORA_DEFAULT),
    ("llama-1b-mha", 2048, 4, "full", "none", "sdpa", "bf16", None),
    ("llama-1b-mha", 2048, 4, "lora", "none", "sdpa", "bf16", LORA_DEFAULT),
    ("llama-3b-mha", 2048, 2, "full", "none", "sdpa", "bf16", None),
    ("llama-3b-mha", 2048, 2, "lora", "none", "sdpa", "bf16", LORA_DEFAULT),
    # Sequence length and micro-batch.
    ("llama-125m-mha", 512, 8, "full", "none", "sdpa", "bf16", None),
    ("llama-125m-mha", 4096, 4, "full", "none", "sdpa", "bf16", None),
    ("llama-125m-mha", 4096, 4, "full", "none", "eager", "bf16", None),
    ("llama-1b-gqa", 1024, 4, "full", "none", "sdpa", "bf16", None),
    ("llama-1b-gqa", 4096, 2, "full", "none", "sdpa", "bf16", None),
    ("llama-1b-gqa", 2048, 8, "full", "full", "sdpa", "bf16", None),
    ("llama-3b-gqa", 4096, 1, "full", "none", "sdpa", "bf16", None),
    ("llama-7b-mha", 4096, 1, "lora", "none", "sdpa", "bf16", LORA_DEFAULT),
    # Mixed precision with an fp32 master copy (what the estimator assumes by default).
    ("llama-125m-mha", 2048, 8, "full", "none", "sdpa", "amp-bf16", None),
    ("llama-1b-gqa", 2048, 4, "full", "none", "sdpa", "amp-bf16", None),
    ("llama-3b-gqa", 2048, 2, "full", "full", "sdpa", "amp-bf16", None),
    ("llama-7b-mha", 1024, 1, "full", "full", "sdpa", "amp-bf16", None),
]

# Decode rows: (model, batch, attention). Prompt DECODE_PROMPT_TOKENS, then DECODE_OUTPUT_TOKENS greedy tokens.
_DECODE_ROWS = [
    ("llama-125m-mha", 1, "sdpa"), ("llama-125m-mha", 16, "sdpa"),
    ("llama-1b-gqa", 1, "sdpa"), ("llama-1b-gqa", 16, "sdpa"),
    ("llama-1b-mha", 16, "sdpa"),
    ("llama-3b-gqa", 1, "sdpa"), ("llama-3b-gqa", 16, "sdpa"),
    ("llama-7b-mha", 1, "sdpa"), ("llama-7b-mha", 16, "sdpa"),
    ("llama-7b-gqa", 1, "sdpa"), ("llama-7b-gqa", 16, "sdpa"),
]
# Where the decode rows go in the run order (after the first full and LoRA rows of every size).
_DECODE_INSERT_AT = 11


def parameter_count(m):
    """Parameters of a Llama decoder: embeddings, attention (q, k, v, o), SwiGLU MLP, RMSNorms, head."""
    h, layers = m["hidden_size"], m["num_layers"]
    head_dim = h // m["num_attention_heads"]
    attention = h * head_dim * (2 * m["num_attention_heads"] + 2 * m["num_key_value_heads"])
    mlp = 3 * h * m["intermediate_size"]
    per_layer = attention + mlp + 2 * h
    embedding = m["vocab_size"] * h
    head = 0 if m["tie_word_embeddings"] else embedding
    return embedding + layers * per_layer + h + head


def lora_parameter_count(m, lora):
    """Adapter parameters: rank x (in + out) for every targeted matrix of every layer."""
    h = m["hidden_size"]
    head_dim = h // m["num_attention_heads"]
    shapes = {
        "q_proj": (h, m["num_attention_heads"] * head_dim), "k_proj": (h, m["num_key_value_heads"] * head_dim),
        "v_proj": (h, m["num_key_value_heads"] * head_dim), "o_proj": (m["num_attention_heads"] * head_dim, h),
        "gate_proj": (h, m["intermediate_size"]), "up_proj": (h, m["intermediate_size"]),
        "down_proj": (m["intermediate_size"], h),
    }
    targets = list(shapes) if lora["target_modules"] == "all-linear" else lora["target_modules"]
    return m["num_layers"] * sum(lora["rank"] * (shapes[t][0] + shapes[t][1]) for t in targets)


def kv_cache_bytes(m, batch, context_tokens, bytes_per_element=2):
    """Keys and values of every layer: 2 x layers x kv heads x head dim x context x batch x element size."""
    head_dim = m["hidden_size"] // m["num_attention_heads"]
    return 2 * m["num_layers"] * m["num_key_value_heads"] * head_dim * context_tokens * batch * bytes_per_element


def model_entry(name):
    """The exact architecture of a grid model, as written into every row."""
    m = MODELS[name]
    entry = {"name": name, "family": "llama", "hidden_size": m["hidden_size"], "num_layers": m["num_layers"],
             "num_attention_heads": m["num_attention_heads"], "num_key_value_heads": m["num_key_value_heads"],
             "head_dim": m["hidden_size"] // m["num_attention_heads"], "intermediate_size": m["intermediate_size"],
             "vocab_size": m["vocab_size"], "tie_word_embeddings": m["tie_word_embeddings"], "mlp": "gated",
             "hidden_act": "silu", "max_position_embeddings": MAX_POSITIONS, "rope_theta": ROPE_THETA,
             "rms_norm_eps": RMS_NORM_EPS, "attention_bias": False, "mlp_bias": False,
             "parameters": parameter_count(m), "source": m["source"]}
    return entry


def _row_id_training(model, seq, batch, technique, ckpt, attn, layout, lora):
    tech = technique
    if lora is not None:
        targets = "all" if lora["target_modules"] == "all-linear" else "".join(t[0] for t in lora["target_modules"])
        tech = "lora-r%d-%s" % (lora["rank"], targets)
    return "train-%s-s%d-b%d-%s-ckpt%s-%s-%s" % (model.replace("llama-", ""), seq, batch, tech, ckpt, attn, layout)


def _training_row(spec, gpu):
    model, seq, batch, technique, ckpt, attn, layout, lora = spec
    config = {
        "sequence_length": seq, "micro_batch_size": batch, "gradient_accumulation_steps": 1,
        "technique": technique,
        "lora": None if lora is None else {"rank": lora["rank"], "alpha": lora["alpha"], "dropout": lora["dropout"],
                                           "target_modules": lora["target_modules"], "adapter_dtype": "fp32",
                                           "library": "peft"},
        "activation_checkpointing": ckpt, "checkpointing_impl": "hf gradient_checkpointing_enable(use_reentrant=False)"
        if ckpt != "none" else None,
        "attn_implementation": attn,
        "dtype": "bf16", "precision_layout": layout,
        "weights_dtype": "fp32" if layout == "amp-bf16" else "bf16",
        "master_weights": layout == "amp-bf16",
        "optimizer": "adamw", "optimizer_impl": "torch.optim.AdamW(fused=True, lr=1e-5, weight_decay=0.0)",
        "optimizer_state_dtype": "fp32" if (layout == "amp-bf16" or technique == "lora") else "bf16",
        "loss": "transformers ForCausalLMLoss (logits upcast to fp32)", "labels": "input_ids",
        "zero_stage": 0, "gpus": 1,
    }
    row = {"id": _row_id_training(model, seq, batch, technique, ckpt, attn, layout, lora), "kind": "training",
           "model": model_entry(model), "config": config}
    step = training_step_seconds(row, gpu)
    # Enough timed steps for about 0.6 s of timing, 3 to 10.
    config["warmup_steps"] = 2
    config["timed_steps"] = int(min(10, max(3, math.ceil(0.6 / max(step, 1e-3)))))
    row["estimated_step_seconds"] = step
    row["estimated_seconds"] = row_seconds(row, gpu)
    return row


def _decode_row(spec, gpu):
    model, batch, attn = spec
    m = MODELS[model]
    context = DECODE_PROMPT_TOKENS + DECODE_OUTPUT_TOKENS
    config = {"batch_size": batch, "prompt_tokens": DECODE_PROMPT_TOKENS, "output_tokens": DECODE_OUTPUT_TOKENS,
              "warmup_tokens": DECODE_WARMUP_TOKENS, "attn_implementation": attn, "dtype": "bf16",
              "weights_dtype": "bf16", "kv_cache_dtype": "bf16", "cache": "transformers DynamicCache",
              "sampling": "greedy argmax, own loop over model.forward (no generate())",
              "prefill_logits": "last position only (logits_to_keep=1 when the model accepts it)",
              "expected_kv_cache_bytes": kv_cache_bytes(m, batch, context), "gpus": 1}
    row = {"id": "decode-%s-b%d-%s" % (model.replace("llama-", ""), batch, attn), "kind": "decode",
           "model": model_entry(model), "config": config}
    row["estimated_step_seconds"] = decode_step_seconds(row, gpu)
    row["estimated_seconds"] = row_seconds(row, gpu)
    return row


def build_grid(gpu=DEFAULT_GPU):
    """Every row of the run, in run order, each with its exact configuration and estimated seconds."""
    training = [_training_row(s, gpu) for s in _TRAINING_ROWS]
    decode = [_decode_row(s, gpu) for s in _DECODE_ROWS]
    rows = training[:_DECODE_INSERT_AT] + decode + training[_DECODE_INSERT_AT:]
    ids = [r["id"] for r in rows]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate row ids in the calibration grid")
    return rows


def matmul_efficiency(hidden):
    a = COST_ASSUMPTIONS
    return a["matmul_efficiency_peak"] * hidden / (hidden + a["matmul_efficiency_hidden_half"])


def training_flops(row):
    """FLOPs of one optimizer step: 2 per parameter and token forward (Kaplan et al. 2020, arXiv 2001.08361),
    backward twice the forward for full fine-tuning and about once (input gradients only) for LoRA, attention
    scores and weighted sum 4 x s x d per token and layer forward, halved for causal kernels, a second forward
    with checkpointing."""
    m, c = row["model"], row["config"]
    tokens = c["sequence_length"] * c["micro_batch_size"]
    dense = 2.0 * (m["parameters"] - m["vocab_size"] * m["hidden_size"] * (0 if m["tie_word_embeddings"] else 1))
    attention = 4.0 * m["num_layers"] * c["sequence_length"] * m["num_attention_heads"] * m["head_dim"]
    if c["attn_implementation"] != "eager":
        attention *= 0.5
    forward = (dense + attention) * tokens
    backward = 2.0 * forward if c["technique"] == "full" else 1.0 * forward
    recompute = forward if c["activation_checkpointing"] != "none" else 0.0
    return forward + backward + recompute


def training_step_seconds(row, gpu):
    """Estimated seconds of one training step: matmuls at the assumed efficiency, eager softmax traffic,
    the optimizer's HBM traffic and per-layer launch overhead."""
    a, fig = COST_ASSUMPTIONS, GPU_FIGURES[gpu]
    m, c = row["model"], row["config"]
    bandwidth = fig["hbm_bytes_per_second"] * a["bandwidth_efficiency"]
    seconds = training_flops(row) / (fig["bf16_flops"] * matmul_efficiency(m["hidden_size"]))
    if c["attn_implementation"] == "eager":
        # Score matrices written and read forward and backward (bf16 scores, fp32 softmax): about 24 bytes each.
        scores = c["micro_batch_size"] * m["num_attention_heads"] * c["sequence_length"] ** 2 * m["num_layers"]
        seconds += 24.0 * scores / bandwidth
    trainable = m["parameters"]
    bytes_per_parameter = 28.0 if c["precision_layout"] == "amp-bf16" else 14.0  # fused AdamW reads + writes
    if c["technique"] == "lora":
        trainable = lora_parameter_count(MODELS[m["name"]], _lora_spec(c["lora"]))
        bytes_per_parameter = 28.0
    seconds += trainable * bytes_per_parameter / bandwidth
    overhead = a["layer_overhead_seconds"] * m["num_layers"]
    if c["activation_checkpointing"] != "none":
        overhead *= 1.4
    return seconds + overhead


def _lora_spec(lora):
    return {"rank": lora["rank"], "target_modules": lora["target_modules"]}


def decode_step_seconds(row, gpu):
    """Estimated seconds of one decode step of the whole batch: weights and the average KV cache read at the
    assumed bandwidth, or the eager loop's per-layer overhead, whichever is larger."""
    a, fig = COST_ASSUMPTIONS, GPU_FIGURES[gpu]
    m, c = row["model"], row["config"]
    average_context = c["prompt_tokens"] + c["output_tokens"] / 2
    read = 2.0 * m["parameters"] + kv_cache_bytes(MODELS[m["name"]], c["batch_size"], average_context)
    memory = read / (fig["hbm_bytes_per_second"] * a["bandwidth_efficiency"])
    overhead = a["decode_layer_overhead_seconds"] * m["num_layers"] + a["decode_step_overhead_seconds"]
    return max(memory, overhead)


def _build_seconds(row):
    a = COST_ASSUMPTIONS
    m, c = row["model"], row["config"]
    seconds = a["build_seconds"] + a["build_seconds_per_billion"] * m["parameters"] / 1e9
    if c.get("weights_dtype") == "fp32":
        seconds += a["build_seconds_per_billion"] * m["parameters"] / 1e9
    if row["kind"] == "training" and c["technique"] == "lora":
        seconds += a["lora_wrap_seconds"]
    return seconds


def row_seconds(row, gpu):
    """Estimated wall-clock seconds of one row: model build, warm-up, timed work and clean-up."""
    a, fig = COST_ASSUMPTIONS, GPU_FIGURES[gpu]
    m, c = row["model"], row["config"]
    seconds = _build_seconds(row) + a["first_step_extra_seconds"] + a["row_cleanup_seconds"]
    if row["kind"] == "training":
        seconds += training_step_seconds(row, gpu) * (c["warmup_steps"] + c["timed_steps"])
    else:
        prefill_flops = 2.0 * m["parameters"] * c["prompt_tokens"] * c["batch_size"]
        prefill = prefill_flops / (fig["bf16_flops"] * matmul_efficiency(m["hidden_size"]))
        prefill = max(prefill, a["layer_overhead_seconds"] * m["num_layers"])
        step = decode_step_seconds(row, gpu)
        seconds += 2 * prefill + step * (c["warmup_tokens"] + c["output_tokens"])
    return seconds


def estimated_total_seconds(rows):
    """Whole run: start-up, every row and the final write."""
    a = COST_ASSUMPTIONS
    return a["startup_seconds"] + sum(r["estimated_seconds"] for r in rows) + a["final_write_seconds"]


def dry_run_document(rows, gpu, budget_seconds):
    """What measure.py --dry-run prints: the grid with estimates, totals and the limits they are held to."""
    total = estimated_total_seconds(rows)
    return {
        "format": MEASUREMENT_FORMAT + "-dry-run", "version": MEASUREMENT_VERSION, "gpu_id": gpu,
        "gpu_figures": GPU_FIGURES[gpu], "cost_assumptions": COST_ASSUMPTIONS,
        "budget_seconds": budget_seconds, "run_limit_seconds": RUN_LIMIT_SECONDS,
        "row_count": len(rows), "training_rows": sum(1 for r in rows if r["kind"] == "training"),
        "decode_rows": sum(1 for r in rows if r["kind"] == "decode"),
        "estimated_total_seconds": round(total, 1), "within_limit": total <= RUN_LIMIT_SECONDS,
        "rows": rows,
    }
