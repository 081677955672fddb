// The KV cache layouts a plan can state (workload.serving.kv_cache_precision, workload.inference.kv_cache_precision):
// the bytes each stores per value, per token and head, or per token of a DeepSeek MLA record, and which engines, models
// and GPUs run it. One table (kv_layouts.cpp): the KV bytes (transformer/attention.cpp), the parser's and the
// estimate's refusals and the launch files read it.
#pragma once

#include "plan/plan_enums.h"
#include "plan/serving_spec.h"

#include <string>

namespace gp
{

struct KvCacheLayout {
    // Bytes per cached value: the packed data plus the block scales stored along the head dimension (NVFP4: 4 bits
    // and one byte per 16 values).
    double valueBytes = 2;
    // Per token and KV head, for K and for V each: a scale beside the values (vLLM's *_per_token_head dtypes).
    double tokenHeadScaleBytes = 0;
    // A DeepSeek MLA record per token (vLLM's *_ds_mla): the latent at valueBytes, one scale of latentScaleBytes
    // per latentScaleTile latent values, the rotary part at ropeBytes per value. Only for a 512 + 64 latent.
    bool mlaRecord = false;
    double latentScaleBytes = 0;
    double latentScaleTile = 1;
    double ropeBytes = 0;
    // Who runs it: the serving engines (none: no serving engine; a bit per ServingEngineKind), those of them that run
    // it for a model with multi-head latent attention, whether only such a model keeps it (the *_ds_mla records),
    // and whether its kernels need a GPU with the catalog's "nvfp4" tensor format (data-center Blackwell).
    unsigned engines = 0;
    unsigned latentEngines = 0;
    bool latentOnly = false;
    bool needsNvfp4Gpu = false;
};

// The layout of `precision`.
const KvCacheLayout& kvCacheLayout(KvPrecision precision);
// Whether a serving engine of `kind` runs the layout (for a model with latent attention where `latent`).
bool kvLayoutRunsOn(const KvCacheLayout& layout, ServingEngineKind kind, bool latent = false);
// The engines that run `precision` (for a latent-attention model where `latent`), as the plan names them
// ("vllm, tensorrt-llm"); empty where none does.
std::string kvLayoutEngines(KvPrecision precision, bool latent = false);

} // namespace gp
