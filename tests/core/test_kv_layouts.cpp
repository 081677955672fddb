// The engines' own KV cache layouts (plan/kv_layouts.h): the KV tokens a replica holds counted by hand from each
// engine's byte layout, the decode step's KV reads at the stored bytes, and the refusals naming
// workload.serving.kv_cache_precision where an engine, a model or a GPU does not run the layout.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "plan/kv_layouts.h"
#include "plan/plan_enum_tables.h"
#include "plan/precision.h"
#include "transformer/attention.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace gp
{
namespace
{

const char* const kKvLayoutField = "workload.serving.kv_cache_precision";

std::string servingPlan(const std::string& preset, const std::string& engine, const std::string& kv,
    const std::string& gpu, int tensor, const std::string& weights = "same")
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": ")" + preset
        + R"("}, "workload": {"mode": "serving", "precision": "bf16", "weight_format": ")" + weights
        + R"(", "parallelism": {"tensor": )" + std::to_string(tensor) + R"(, "pipeline": 1},
          "serving": {"prompt_tokens": 2000, "output_tokens": 200, "load": {"concurrency": 16}, "replicas": 1,
            "kv_cache_precision": ")"
        + kv + R"(", "engine": {"name": ")" + engine + R"(", "block_size": 64}}},
        "candidates": [{"gpu": ")"
        + gpu + R"(", "gpus_per_node": )" + std::to_string(tensor) + R"(, "nodes": 1}], "search": {"enabled": false}})";
}

Expected<PlanEstimate> estimateText(const std::string& text)
{
    auto plan = parsePlan(text);
    if (!plan)
        return plan.error();
    return estimatePlan(*plan, builtinCatalog());
}

// The KV tokens a vLLM replica holds by hand: whole pages of 64 tokens of `bytesPerTokenPerLayer` x layers in the
// budget the estimate gives the cache.
void expectTokensByHand(const ServingResult& s, double bytesPerTokenPerLayer, double layers)
{
    EXPECT_DOUBLE_EQ(s.kvBytesPerToken, bytesPerTokenPerLayer * layers);
    const double page = bytesPerTokenPerLayer * layers * 64;
    EXPECT_EQ(s.kvCacheTokens, static_cast<std::int64_t>(std::floor(s.kvBudgetBytes / page) * 64));
}

TEST(KvLayouts, DeepSeekMlaRecordsHoldTheirBytesPerToken)
{
    // vLLM flashmla_sparse.py: fp8_ds_mla is 512 e4m3 latent values + 4 fp32 scales + 64 bf16 rotary values = 656
    // bytes a token and layer; nvfp4_ds_mla 256 bytes of e2m1 values + 32 e4m3 scales + 64 e4m3 rotary values = 352.
    // DeepSeek-V3 keeps one latent per token in each of its 61 layers, the same on every tensor rank.
    for (const auto& [kv, perLayer] : { std::pair<const char*, double> { "fp8_ds_mla", 512 + 4 * 4 + 64 * 2 },
             { "nvfp4_ds_mla", 512 / 2 + 512 / 16 + 64 } }) {
        auto estimate = estimateText(servingPlan("deepseek-v3", "vllm", kv, "b200-180gb-sxm", 8, "fp8"));
        ASSERT_TRUE(estimate) << estimate.error().toString();
        const CandidateResult& r = estimate->results.front();
        ASSERT_TRUE(r.serving) << kv << (r.failure ? r.failure->message : "");
        expectTokensByHand(*r.serving, perLayer, 61);
        EXPECT_GT(r.serving->kvCacheTokens, 0) << kv;
    }
    EXPECT_EQ(656.0, 512 + 4 * 4 + 64 * 2);
    EXPECT_EQ(352.0, 512 / 2 + 512 / 16 + 64);
}

TEST(KvLayouts, Fp4AndPerTokenHeadCachesHoldTheirBytesPerToken)
{
    // Llama 3.1 8B: 8 KV heads of 128, K and V: 2,048 values a token and layer, 32 layers.
    // NVFP4 (vLLM nvfp4_kv_cache_full_dim, TensorRT-LLM get_cache_bytes_per_token): 128 / 2 + 128 / 16 = 72 bytes a
    // head; SGLang's fp4_e2m1 the same (a uint8 scale per 16 values); the per-token-head dtypes one byte a value and
    // an fp32 scale per token and head for K and for V (vLLM AttentionSpec.page_size_bytes).
    struct Case {
        const char* engine;
        const char* kv;
        const char* gpu;
        double perLayer;
    };
    for (const Case& c : { Case { "vllm", "nvfp4", "b200-180gb-sxm", 2 * 8 * (64 + 8) },
             Case { "tensorrt-llm", "nvfp4", "b200-180gb-sxm", 2 * 8 * (64 + 8) },
             Case { "sglang", "fp4_e2m1", "h100-80gb-sxm", 2 * 8 * (64 + 8) },
             Case { "vllm", "int8_per_token_head", "h100-80gb-sxm", 2 * 8 * 128 + 2 * 8 * 4 },
             Case { "vllm", "fp8_per_token_head", "h100-80gb-sxm", 2 * 8 * 128 + 2 * 8 * 4 } }) {
        auto estimate = estimateText(servingPlan("llama-3.1-8b", c.engine, c.kv, c.gpu, 1));
        ASSERT_TRUE(estimate) << estimate.error().toString();
        const CandidateResult& r = estimate->results.front();
        ASSERT_TRUE(r.serving) << c.kv << (r.failure ? r.failure->message : "");
        EXPECT_DOUBLE_EQ(r.serving->kvBytesPerToken, c.perLayer * 32) << c.engine << " " << c.kv;
        if (std::string(c.engine) == "vllm") {
            expectTokensByHand(*r.serving, c.perLayer, 32);
        }
    }
}

TEST(KvLayouts, DecodeReadsTheStoredBytes)
{
    // The attention kernel reads what is stored: one sequence's cache, and so the decode step's KV reads, at the
    // layout's bytes; a quarter-size cache (NVFP4 against bf16, 0.5625 / 2) reads 28% of the bytes.
    ModelSpec spec;
    spec.preset = "llama-3.1-8b";
    auto model = resolveModel(spec);
    ASSERT_TRUE(model);
    const Architecture& a = model->architecture;
    EXPECT_DOUBLE_EQ(kvCacheBytes(a, KvPrecision::Nvfp4, 1000), 1000 * 32 * 2 * 8 * (64 + 8));
    EXPECT_DOUBLE_EQ(kvCacheBytes(a, KvPrecision::Nvfp4, 1000) / kvCacheBytes(a, KvPrecision::Bf16, 1000), 0.5625 / 2);
    EXPECT_DOUBLE_EQ(kvCacheBytes(a, KvPrecision::Int8PerTokenHead, 1000), 1000 * 32 * (2048 + 64));
    // Tensor parallelism splits the heads and their scales: 4 of 8 heads at TP 2.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerTokenPerLayer(a, KvPrecision::Fp8PerTokenHead, 2), 2 * 4 * 128 + 2 * 4 * 4);

    // The serving step: a longer decode step with the bf16 cache than with NVFP4 on the same B200 at 20k contexts.
    auto step = [](const char* kv) {
        std::string text = servingPlan("llama-3.1-8b", "vllm", kv, "b200-180gb-sxm", 1);
        const std::string from = R"("prompt_tokens": 2000)";
        text.replace(text.find(from), from.size(), R"("prompt_tokens": 20000)");
        auto estimate = estimateText(text);
        EXPECT_TRUE(estimate && estimate->results.front().serving);
        return estimate && estimate->results.front().serving ? estimate->results.front().serving->decodeStepSeconds
                                                             : 0.0;
    };
    EXPECT_GT(step("bf16"), step("nvfp4"));
}

TEST(KvLayouts, RefusalsNameTheField)
{
    // An engine whose kernels do not store the layout: refused when the plan is read.
    for (const auto& [engine, kv] : { std::pair<const char*, const char*> { "vllm", "fp4_e2m1" }, { "sglang", "nvfp4" },
             { "tensorrt-llm", "fp8_ds_mla" }, { "llama.cpp", "nvfp4" } }) {
        auto plan = parsePlan(servingPlan("llama-3.1-8b", engine, kv, "b200-180gb-sxm", 1));
        ASSERT_FALSE(plan) << engine << " " << kv;
        EXPECT_NE(plan.error().toString().find(kKvLayoutField), std::string::npos) << plan.error().toString();
        EXPECT_NE(plan.error().toString().find(kv), std::string::npos) << plan.error().toString();
    }
    // A model the layout does not fit: the *_ds_mla records need DeepSeek's latent, vLLM's nvfp4 and per-token-head
    // dtypes standard attention.
    for (const auto& [preset, kv] :
        { std::pair<const char*, const char*> { "llama-3.1-8b", "fp8_ds_mla" }, { "llama-3.1-8b", "nvfp4_ds_mla" },
            { "deepseek-v3", "nvfp4" }, { "deepseek-v3", "int8_per_token_head" } }) {
        const int tensor = std::string(preset) == "deepseek-v3" ? 8 : 1;
        auto estimate = estimateText(servingPlan(preset, "vllm", kv, "b200-180gb-sxm", tensor, "fp8"));
        ASSERT_FALSE(estimate) << preset << " " << kv;
        EXPECT_EQ(estimate.error().field, kKvLayoutField) << estimate.error().toString();
    }
    // The inference mode's cache: a DeepSeek MLA record on a model without the latent, refused naming its field.
    {
        auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
            "workload": {"mode": "inference", "precision": "bf16", "inference": {"kv_cache_precision": "fp8_ds_mla"}},
            "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})");
        ASSERT_TRUE(plan) << plan.error().toString();
        auto estimate = estimatePlan(*plan, builtinCatalog());
        ASSERT_FALSE(estimate);
        EXPECT_EQ(estimate.error().field, "workload.inference.kv_cache_precision") << estimate.error().toString();
    }
    // TensorRT-LLM sizes a latent at NVFP4: DeepSeek-V3 with an nvfp4 cache is estimated there.
    auto trtllm = estimateText(servingPlan("deepseek-v3", "tensorrt-llm", "nvfp4", "b200-180gb-sxm", 8, "fp8"));
    ASSERT_TRUE(trtllm) << trtllm.error().toString();
    ASSERT_TRUE(trtllm->results.front().serving);
    EXPECT_DOUBLE_EQ(trtllm->results.front().serving->kvBytesPerToken, 61 * (512 + 64) * 0.5625);
    // An FP4 cache on a GPU without NVFP4 tensor cores: the candidate is refused, naming the field and the GPU.
    for (const char* kv : { "nvfp4" }) {
        auto estimate = estimateText(servingPlan("llama-3.1-8b", "vllm", kv, "h100-80gb-sxm", 1));
        ASSERT_TRUE(estimate) << estimate.error().toString();
        const CandidateResult& r = estimate->results.front();
        EXPECT_FALSE(r.fits);
        ASSERT_TRUE(r.failure);
        EXPECT_EQ(r.failure->code, "kv_cache_precision_unsupported");
        EXPECT_NE(r.failure->message.find(kKvLayoutField), std::string::npos) << r.failure->message;
    }
    auto dsMlaOnHopper = estimateText(servingPlan("deepseek-v3", "vllm", "nvfp4_ds_mla", "h200-141gb-sxm", 8, "fp8"));
    ASSERT_TRUE(dsMlaOnHopper) << dsMlaOnHopper.error().toString();
    ASSERT_TRUE(dsMlaOnHopper->results.front().failure);
    EXPECT_EQ(dsMlaOnHopper->results.front().failure->code, "kv_cache_precision_unsupported");
}

TEST(KvLayouts, EveryPlanNameHasALayoutAndEveryServingLayoutAnEngine)
{
    for (const auto& [name, kv] : detail::kKvPrecisions) {
        const KvCacheLayout& layout = kvCacheLayout(kv);
        EXPECT_GT(layout.valueBytes, 0) << name;
        EXPECT_DOUBLE_EQ(bytesPerElement(kv), layout.valueBytes) << name;
        if (kv != KvPrecision::Fp32 && kv != KvPrecision::Int4) {
            EXPECT_FALSE(kvLayoutEngines(kv).empty()) << name;
        }
    }
    EXPECT_EQ(kvLayoutEngines(KvPrecision::Nvfp4), "vllm, tensorrt-llm");
    EXPECT_EQ(kvLayoutEngines(KvPrecision::Nvfp4, true), "tensorrt-llm");
}

} // namespace
} // namespace gp
