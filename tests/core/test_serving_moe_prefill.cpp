// MoE prefill and decode (step_time.cpp): vLLM's fused_moe sorts a chunk's tokens by expert, so each expert's GEMM has
// only the rows routed to it (chunk x k / E) and runs lower on the GEMM-M efficiency curve than the chunk's dense
// GEMMs. Every step also pays each MoE layer's latency-bound routing kernels (serving.moe_routing_us_per_layer).
#include "catalog/catalog.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

// One 8192-token prompt (one chunk of the H100's 8192-token budget) on a small MoE with `experts` experts, 2 per
// token: the same FLOPs per token whatever `experts` is.
double prefillSeconds(int experts)
{
    const std::string text = R"({"format": "gpu-planner-plan", "version": 1,
        "model": {"architecture": {"kind": "decoder", "hidden_size": 2048, "num_layers": 16, "num_attention_heads": 16,
                                   "num_key_value_heads": 4, "intermediate_size": 1024, "vocab_size": 32000,
                                   "mlp": "gated", "tie_word_embeddings": false, "num_experts": )"
        + std::to_string(experts) + R"(, "experts_per_token": 2}},
        "workload": {"mode": "serving", "precision": "bf16", "serving": {"prompt_tokens": 8192, "output_tokens": 16,
            "load": {"concurrency": 1}, "replicas": 1, "engine": {"max_num_batched_tokens": 8192}}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate) << (estimate ? "" : estimate.error().toString());
    const CandidateResult& r = estimate->results.front();
    EXPECT_TRUE(r.fits) << (r.failure ? r.failure->message : "");
    return r.serving ? r.serving->prefillSeconds : 0.0;
}

TEST(ServingMoePrefill, MoreExpertsAtTheSameFlopsPrefillSlower)
{
    const double few = prefillSeconds(8); // 8192 x 2 / 8 = 2048 rows per expert
    const double many = prefillSeconds(64); // 8192 x 2 / 64 = 256 rows per expert
    ASSERT_GT(few, 0);
    EXPECT_GT(many, few);
    // Hand calculation on the GEMM-M curve rows / (rows + 256): the experts' share of the time grows by
    // ((256 + 256) / 256) / ((2048 + 256) / 2048) = 1.78; the attention and projections, unchanged, dilute it.
    EXPECT_LT(many / few, 2.0 / 1.125);
}

// Decode at one request in flight on a small MoE of `layers` layers (8 experts, 2 per token).
double moeDecodeStepSeconds(const Catalog& catalog, int layers)
{
    const std::string text = R"({"format": "gpu-planner-plan", "version": 1,
        "model": {"architecture": {"kind": "decoder", "hidden_size": 2048, "num_layers": )"
        + std::to_string(layers) + R"(, "num_attention_heads": 16, "num_key_value_heads": 4,
                                   "intermediate_size": 1024, "vocab_size": 32000, "mlp": "gated",
                                   "tie_word_embeddings": false, "num_experts": 8, "experts_per_token": 2}},
        "workload": {"mode": "serving", "precision": "bf16", "serving": {"prompt_tokens": 512, "output_tokens": 64,
            "load": {"concurrency": 1}, "replicas": 1}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    auto estimate = estimatePlan(*plan, catalog);
    EXPECT_TRUE(estimate) << (estimate ? "" : estimate.error().toString());
    const CandidateResult& r = estimate->results.front();
    return r.serving ? r.serving->decodeStepSeconds : 0.0;
}

TEST(ServingMoeDecode, EveryMoeLayerAddsItsRoutingLatencyToTheStep)
{
    // The catalog's figure: 4.10 + 8.23 + 4.64 us of latency-bound routing kernels per MoE layer.
    const double routing = catalogDefault(builtinCatalog(), "serving.moe_routing_us_per_layer", 0, 1e5) * 1e-6;
    EXPECT_NEAR(routing, 16.97e-6, 0.1e-6);
    Catalog without = builtinCatalog();
    without.defaults["serving.moe_routing_us_per_layer"].value = 0;
    for (int layers : { 16, 32 }) {
        const double with = moeDecodeStepSeconds(builtinCatalog(), layers);
        const double bare = moeDecodeStepSeconds(without, layers);
        ASSERT_GT(bare, 0);
        // Every MoE layer's routing is added to the step, whatever the weight reads are.
        EXPECT_NEAR(with - bare, layers * routing, 1e-9) << layers << " layers";
    }
}

} // namespace
} // namespace gp
