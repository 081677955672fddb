// A serving engine's memory on one GPU (vLLM V1 semantics): the KV-cache budget left by the weights, the
// profiling pass's activation peak and non-torch memory, in whole pages, and how many requests it holds.
#pragma once

#include "estimate/common/hardware.h"
#include "estimate/common/results.h"
#include "estimate/serving/serving_defaults.h"
#include "transformer/model_library.h"

#include <algorithm>

namespace gp
{

// The KV cache a request of `length` tokens holds, in tokens of every cached layer (kvBytesPerToken): an engine that
// frees a sliding-window layer's blocks beyond the window charges those layers min(length, window) (vLLM V1's
// SlidingWindowManager.remove_skipped_blocks, vllm-project/vllm v1/core/single_type_kv_cache_manager.py; SGLang
// counted alike: its SWAKVPool, sized by swa_full_tokens_ratio, is not modelled); one that
// gives them as many blocks as a full layer charges the whole length (TensorRT-LLM's BlockManager: "SWA allocates
// blocks linearly, and we need as many blocks as full attention", NVIDIA/TensorRT-LLM@b35ac1b
// cpp/tensorrt_llm/batch_manager/kvCacheManager.cpp).
struct KvCharge {
    double windowShare = 0; // of kvBytesPerToken, the sliding-window layers' share the engine frees beyond the window
    double windowTokens = 0;
    double tokens(double length) const { return length - windowShare * std::max(0.0, length - windowTokens); }
};

struct EngineMemory {
    double visibleBytes = 0; // device total as CUDA reports it (driver reservation removed)
    double engineBytes = 0; // gpu_memory_utilization x visible
    double weightBytes = 0; // the target's and the speculative draft's
    double draftWeightBytes = 0; // of which the draft's (EAGLE head, MTP module)
    double draftKvBytesPerToken = 0; // of kvBytesPerToken, the draft's layers
    double loraBytes = 0; // of weightBytes, the LoRA adapters' GPU slots (serving.lora)
    double activationPeakBytes = 0;
    double nonTorchBytes = 0;
    double kvBudgetBytes = 0; // engine - weights - activation peak - non-torch (negative: does not start)
    double kvBytesPerToken = 0; // one token on one GPU (its tensor share of the heads, its pipeline stage's layers)
    double stateBytesPerRequest = 0; // a hybrid's recurrent state, one per request on one GPU
    std::int64_t kvCacheTokens = 0;
    KvCharge kvCharge; // a request's hold on kvCacheTokens
    double kvCapacityRequests = 0; // kvCacheTokens / a full-length request's charge
    std::int64_t maxConcurrency = 0;
};

// vLLM V1's profiling sampler (gpu_model_runner.py profile_run -> _dummy_sampler_run): `rows` =
// min(max_num_seqs, token budget) rows of the whole vocabulary (the head is gathered to every tensor rank) through the
// native top-k/top-p sampler, whose peak is inside logits.sort (bytes per logit from the catalog; PyTorch's stable
// sort sorts 2 to kTorchSegmentedSortMinRows - 1 rows in one full sort with more temporaries, SortStable.cu), while
// profile_run still holds the forward's hidden states at the token budget and the sampled rows, and the sampler runs
// on a rand_like copy of those rows: (token budget + 2 x rows) x hidden of 16-bit activations.
inline constexpr double kTorchSegmentedSortMinRows = 128;
double vllmSamplerPeakBytes(
    double rows, double vocabulary, double hiddenSize, double tokenBudget, const ServingDefaults& defaults);

// vLLM's paged layout of a hybrid model (its hybrid KV cache manager): the attention block is enlarged, in multiples
// of the kernel's block alignment (block_size), until one layer's page holds one recurrent layer's state
// (HybridAttentionMambaModelConfig.verify_and_update_config, vllm/model_executor/models/config.py); layers form
// groups of equal size (the smaller kind's count), every group sharing one pool of blocks of page x group bytes
// (kv_cache_utils.py _get_kv_cache_config_uniform_page_size); a request of max_model_len takes ceil(length / block)
// blocks in each attention group and, with prefix caching on (vLLM V1's default, mamba_cache_mode "align"), two in
// each recurrent group (MambaSpec.max_memory_usage_bytes: (2 + speculative blocks) pages); "Maximum concurrency" is
// blocks / blocks per request (get_max_concurrency_for_kv_cache_config) and "GPU KV cache size" that times
// max_model_len (vLLM issue #40691, its fix).
inline constexpr double kVllmStateBlocksPerRequest = 2;
struct VllmHybridPages {
    double blockTokens = 0; // the enlarged attention block
    double pageBytes = 0; // one layer's page (holds one recurrent layer's state)
    double groupLayers = 0;
    double attentionGroups = 0;
    double recurrentGroups = 0;
    double blocks = 0; // in the pool
    double blocksPerRequest = 0;
    double requests = 0; // maximum concurrency at the request's length
};
VllmHybridPages vllmHybridPages(const Architecture& architecture, const EngineSettings& engine, int tensorParallel,
    double stageShare, double budgetBytes, double requestTokens);

// `workload` is the serving workload as run on the GPU; `config` gives tensor and pipeline.
EngineMemory engineMemory(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const EngineSettings& engine, const ServingDefaults& defaults,
    const Assumptions& assumptions, const Catalog& catalog);

} // namespace gp
