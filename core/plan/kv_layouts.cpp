// The KV cache layouts, each counted from the code of the engine that stores it.
#include "plan/kv_layouts.h"

#include "plan/plan.h"

namespace gp
{

namespace
{

constexpr unsigned bit(ServingEngineKind kind)
{
    return 1u << unsigned(kind);
}
constexpr unsigned kVllm = bit(ServingEngineKind::Vllm);
constexpr unsigned kSglang = bit(ServingEngineKind::Sglang);
constexpr unsigned kTrtllm = bit(ServingEngineKind::TensorRtLlm);
constexpr unsigned kLlamaCpp = bit(ServingEngineKind::LlamaCpp);
constexpr unsigned kEveryEngine = kVllm | kSglang | kTrtllm | kLlamaCpp;

// NVFP4 values (vLLM vllm/utils/torch_utils.py nvfp4_kv_cache_full_dim, vllm-project/vllm@001cabc1: head_size // 2
// bytes of E2M1 values + head_size // 16 bytes of E4M3 scales per head, K and V each; TensorRT-LLM
// tensorrt_llm/_torch/pyexecutor/resource_manager.py KVCacheManager.get_cache_bytes_per_token, NVIDIA/TensorRT-LLM PR
// #9510 "1 bytes for 2 elements, and SFs (fp8) per 16 elements": the values at 4 bits
// plus calculate_scaling_factor_size_bytes(quant_vector_size=16, FP8)): 0.5 + 1/16 bytes. SGLang's fp4_e2m1 stores
// the same bytes (sgl-project/sglang PRs #10078 MLA and #12612 MHA, refactored into memory_pool.py
// MHATokenToKVPoolFP4 / MLATokenToKVPoolFP4 by #13547: k_buffer uint8 [tokens, heads, head_dim // 2] and
// k_scale_buffer uint8 [tokens, heads x head_dim // 16], scale_block_size 16); its author's description
// (bytedance-iaas/sglang PR #296, upstreamed as #12612) states the ratios, 1.78x the tokens of an 8-bit cache and
// 3.56x a 16-bit one (1 / 0.5625, 2 / 0.5625).
constexpr double kFp4Bytes = 0.5 + 1.0 / 16.0;

KvCacheLayout plain(double valueBytes, unsigned engines)
{
    KvCacheLayout l;
    l.valueBytes = valueBytes;
    l.engines = engines;
    l.latentEngines = engines;
    return l;
}

// vLLM's per-token-head dtypes (vllm/v1/kv_cache_interface.py @001cabc1 AttentionSpec.page_size_bytes: a page adds
// 2 x block_size x num_kv_heads x 4 bytes, an fp32 scale per token and head for K and for V, to one byte per value).
// Its standard-attention backends run them (TRITON_ATTN lists them; FLASHMLA and FLASHMLA_SPARSE do not).
KvCacheLayout perTokenHead()
{
    KvCacheLayout l = plain(1, kVllm);
    l.tokenHeadScaleBytes = 4;
    l.latentEngines = 0;
    return l;
}

// vLLM's DeepSeek MLA records (vllm/v1/attention/backends/mla/flashmla_sparse.py @008a0c31, the module note; the
// FLASHMLA_SPARSE backend, head size 576 only): fp8_ds_mla is 512 e4m3 latent values, 4 fp32 scales (one per 128)
// and 64 bf16 rotary values, 656 bytes a token (MLAAttentionSpec.real_page_size_bytes: block_size x 656); nvfp4_ds_mla
// (SM100 only: supports_combination) is 512 e2m1 values (256 bytes), 32 e4m3 scales (one per 16) and 64 e4m3 rotary
// values, 352 bytes.
KvCacheLayout dsMla(double valueBytes, double scaleBytes, double tile, double ropeBytes, bool nvfp4)
{
    KvCacheLayout l = plain(valueBytes, kVllm);
    l.mlaRecord = true;
    l.latentScaleBytes = scaleBytes;
    l.latentScaleTile = tile;
    l.ropeBytes = ropeBytes;
    l.latentOnly = true;
    l.needsNvfp4Gpu = nvfp4;
    return l;
}

// vLLM sizes nvfp4 for standard attention only (FullAttentionSpec.real_page_size_bytes packs it; its
// MLAAttentionSpec does not): an MLA model takes nvfp4_ds_mla there. TensorRT-LLM sizes an MLA latent at NVFP4 too
// (get_cache_bytes_per_token over kv_lora_rank + qk_rope_head_dim).
KvCacheLayout nvfp4()
{
    KvCacheLayout l = plain(kFp4Bytes, kVllm | kTrtllm);
    l.latentEngines = kTrtllm;
    l.needsNvfp4Gpu = true;
    return l;
}

} // namespace

const KvCacheLayout& kvCacheLayout(KvPrecision precision)
{
    // int4: 4-bit values with a 16-bit scale per group of 64 (no serving engine: refused there). llama.cpp's cache
    // types (ggml-org/llama.cpp@aca2e6ce ggml/src/ggml-common.h): block_q8_0 holds QK8_0 = 32 int8 values and one
    // fp16 scale (34 bytes), block_q4_0 QK4_0 = 32 4-bit values and one fp16 scale (18 bytes).
    static const KvCacheLayout fp32 = plain(4, 0), fp16 = plain(2, kEveryEngine), bf16 = plain(2, kEveryEngine),
                               fp8 = plain(1, kEveryEngine), int8 = plain(1, kEveryEngine),
                               int4 = plain(0.5 + 2.0 / 64.0, 0), q8 = plain(34.0 / 32.0, kLlamaCpp),
                               q4 = plain(18.0 / 32.0, kLlamaCpp), tokenHead = perTokenHead(),
                               fp8DsMla = dsMla(1, 4, 128, 2, false), nvfp4DsMla = dsMla(0.5, 1, 16, 1, true),
                               nvfp4Cache = nvfp4(), fp4E2m1 = plain(kFp4Bytes, kSglang);
    switch (precision) {
    case KvPrecision::Fp32:
        return fp32;
    case KvPrecision::Fp16:
        return fp16;
    case KvPrecision::Bf16:
        return bf16;
    case KvPrecision::Fp8:
        return fp8;
    case KvPrecision::Int8:
        return int8;
    case KvPrecision::Int4:
        return int4;
    case KvPrecision::Q8_0:
        return q8;
    case KvPrecision::Q4_0:
        return q4;
    case KvPrecision::Int8PerTokenHead:
    case KvPrecision::Fp8PerTokenHead:
        return tokenHead;
    case KvPrecision::Fp8DsMla:
        return fp8DsMla;
    case KvPrecision::Nvfp4DsMla:
        return nvfp4DsMla;
    case KvPrecision::Nvfp4:
        return nvfp4Cache;
    case KvPrecision::Fp4E2m1:
        return fp4E2m1;
    }
    return bf16;
}

bool kvLayoutRunsOn(const KvCacheLayout& layout, ServingEngineKind kind, bool latent)
{
    return ((latent ? layout.latentEngines : layout.engines) & bit(kind)) != 0;
}

std::string kvLayoutEngines(KvPrecision precision, bool latent)
{
    std::string names;
    for (ServingEngineKind kind : { ServingEngineKind::Vllm, ServingEngineKind::Sglang, ServingEngineKind::TensorRtLlm,
             ServingEngineKind::LlamaCpp })
        if (kvLayoutRunsOn(kvCacheLayout(precision), kind, latent))
            names += (names.empty() ? "" : ", ") + std::string(toString(kind));
    return names;
}

} // namespace gp
