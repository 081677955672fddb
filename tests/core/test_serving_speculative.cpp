// Speculative decoding in the serving model (workload.serving.speculative): the tokens per step from the acceptance
// (Leviathan et al. eq. 1), the speed-up at one request by hand, the batch where it stops paying by hand, the draft's
// memory, the plan fields, and the published speed-ups of tests/data/reference/speculative-decoding.json with errors.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/serving_defaults.h"
#include "estimate/serving/serving_model.h"
#include "estimate/serving/speculative_decoding.h"
#include "test_memory_support.h"
#include "test_serving_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace gp
{
namespace
{

std::string speculativePlanText(const std::string& speculative, const std::string& load = R"({"concurrency": 1})",
    const std::string& preset = "llama-3.1-8b", const std::string& gpu = "h100-80gb-sxm", int tensor = 1,
    const std::string& precision = "bf16", long prompt = 512, long output = 256)
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": ")" + preset + R"("},
        "workload": {"mode": "serving", "precision": ")"
        + precision + R"(", "weight_format": ")" + (precision == "fp8" ? "fp8" : "same")
        + R"(", "parallelism": {"tensor": )" + std::to_string(tensor) + R"(, "pipeline": 1},
          "serving": {"prompt_tokens": )"
        + std::to_string(prompt) + R"(, "output_tokens": )" + std::to_string(output) + R"(, "load": )" + load
        + R"(, "replicas": 1, "speculative": )" + speculative + R"(}},
        "candidates": [{"gpu": ")"
        + gpu + R"(", "gpus_per_node": )" + std::to_string(tensor) + R"(, "nodes": 1}], "search": {"enabled": false}})";
}

// The per-token acceptance that gives a mean acceptance length at k drafts (eq. 1 inverted by bisection).
double acceptanceForLength(double length, int k)
{
    double lo = 0, hi = 1;
    for (int i = 0; i < 100; ++i) {
        const double mid = (lo + hi) / 2;
        (expectedTokensPerStep(mid, k) < length ? lo : hi) = mid;
    }
    return lo;
}

TEST(ServingSpeculative, TokensPerStepIsLeviathansEquationOne)
{
    // (1 - 0.8^5) / (1 - 0.8) = (1 - 0.32768) / 0.2 = 3.3616; one draft at 0.85: 1.85 (DeepSeek-V3's second token).
    EXPECT_NEAR(expectedTokensPerStep(0.8, 4), 3.3616, 1e-9);
    EXPECT_NEAR(expectedTokensPerStep(0.85, 1), 1.85, 1e-12);
    EXPECT_DOUBLE_EQ(expectedTokensPerStep(0.0, 5), 1.0);
    EXPECT_DOUBLE_EQ(expectedTokensPerStep(1.0, 5), 6.0);
    EXPECT_DOUBLE_EQ(expectedTokensPerStep(0.7, 0), 1.0);
    // Never more than the drafts + the target's own token, and more with each draft.
    for (int k = 1; k <= 16; ++k)
        for (double a = 0; a <= 1.0; a += 0.05) {
            EXPECT_LE(expectedTokensPerStep(a, k), k + 1.0 + 1e-12);
            EXPECT_GE(expectedTokensPerStep(a, k), expectedTokensPerStep(a, k - 1) - 1e-12);
        }
}

TEST(ServingSpeculative, PlanFieldsRoundTripWithCatalogDefaultsAndNameTheField)
{
    auto plan = parsePlan(speculativePlanText(R"({"method": "eagle3", "draft_tokens": 3})"));
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_EQ(plan->workload.serving.speculative.method, SpeculativeMethod::Eagle3);
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->workload.serving.speculative, plan->workload.serving.speculative);
    EXPECT_FALSE(again->workload.serving.speculative.acceptanceRate); // the catalog's, not written
    const ServingResult s = servedFirstCandidate(speculativePlanText(R"({"method": "eagle3", "draft_tokens": 3})"));
    EXPECT_EQ(s.speculativeMethod, "eagle3");
    EXPECT_EQ(s.draftTokens, 3);
    EXPECT_NEAR(s.acceptanceRate, 0.743, 1e-9); // serving.speculative.eagle3.acceptance_rate
    // Without the method nothing is written and nothing changes.
    auto none = parsePlan(speculativePlanText(R"({"method": "none"})"));
    ASSERT_TRUE(none);
    EXPECT_EQ(serializePlan(*none).find("speculative"), std::string::npos);
    auto bad = parsePlan(speculativePlanText(R"({"method": "medusa"})"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().toString().find("workload.serving.speculative.method"), std::string::npos);
    auto rate = parsePlan(speculativePlanText(R"({"method": "eagle", "acceptance_rate": 1.5})"));
    ASSERT_FALSE(rate);
    EXPECT_NE(rate.error().toString().find("acceptance_rate"), std::string::npos);
    auto drafts = parsePlan(speculativePlanText(R"({"method": "eagle", "draft_tokens": 0})"));
    ASSERT_FALSE(drafts);
    EXPECT_NE(drafts.error().toString().find("draft_tokens"), std::string::npos);
}

// Llama 3.1 8B in BF16 on one H100 SXM (3,350 GB/s at the engine's achieved 0.75), EAGLE with k = 2 at alpha 0.568,
// one request of 512 + 256 tokens (mean context 640). Both steps are HBM-bound at one request:
//  - the plain step reads the weights, 2 x 8.03e9 = 16.06 GB, and the KV of 640 tokens x 131,072 B (32 layers x 8 KV
//    heads x 128 x 2 x 2 B) = 83.9 MB, plus the 0.5 ms per-step overhead;
//  - the verification of 3 tokens reads the same (its FLOPs, 3 x 16 GFLOP, are far below);
//  - each of the 2 draft forwards reads one layer's share of the body (16.06 - 1.05 GB head) / 32 = 0.469 GB, the
//    shared head 128,256 x 4,096 x 2 B = 1.051 GB, the fc 2 x 4,096^2 x 2 B = 67 MB and one layer's KV, 2.6 MB.
// Tokens per step 1 + 0.568 + 0.568^2 = 1.891; speed-up = 1.891 x plain / (plain + 2 draft forwards).
TEST(ServingSpeculative, SpeedupAtOneRequestByHand)
{
    const ServingResult s = servedFirstCandidate(
        speculativePlanText(R"({"method": "eagle", "draft_tokens": 2, "acceptance_rate": 0.568})"));
    const double bandwidth = 3350e9 * 0.75;
    const double weights = 2 * 8.03e9, head = 128256.0 * 4096 * 2, kv = 640.0 * 131072;
    const double plain = (weights + kv) / bandwidth + 0.5e-3;
    const double draft = ((weights - head) / 32 + head + 2.0 * 4096 * 4096 * 2 + kv / 32) / bandwidth;
    const double tokens = 1 + 0.568 + 0.568 * 0.568;
    const double byHand = tokens * plain / (plain + 2 * draft);
    std::printf("\nEAGLE k=2 at one request: by hand %.3fx, model %.3fx\n", byHand, s.speculativeSpeedupAtOne);
    EXPECT_NEAR(s.tokensPerStep, tokens, 1e-9);
    EXPECT_NEAR(s.speculativeSpeedupAtOne, byHand, 0.03 * byHand);
    // The draft's memory: one layer and the fc at 2 B per parameter (the head is the target's).
    const double layer = (8.03e9 - 2 * 128256.0 * 4096) / 32; // untied embedding and head
    EXPECT_NEAR(s.draftWeightBytes, 2 * (layer + 2.0 * 4096 * 4096), 0.03 * 2 * layer);
    EXPECT_DOUBLE_EQ(s.draftKvBytesPerToken, 131072.0 / 32);
}

// Where speculation stops paying. A decode step of B requests lasts its attention kernel's KV reads (each request's
// kv, memory-bound at these contexts), then its GEMMs' max(weight reads W, FLOPs) (c per verified token), then the
// overhead. With k = 3 drafts each request verifies 4 tokens, so
// the verification turns compute-bound at a quarter of the batch the plain step does, and past that each output token
// costs (k + 1) / E times the plain step's FLOPs: at alpha 0.6, E = 2.176 and (k + 1) / E = 1.84 > 1. The crossover
// is the batch where E x plain(B) = spec(B); the test finds it from the step's parts (reads W + B kv, FLOPs B c, the
// draft) by scanning whole batches, and the answer names the same batch and warns beyond it.
TEST(ServingSpeculative, StopsPayingAtTheCrossoverBatchByHand)
{
    const std::string spec = R"({"method": "eagle", "draft_tokens": 3, "acceptance_rate": 0.6})";
    auto plan = parsePlan(
        speculativePlanText(spec, R"({"concurrency": 512})", "llama-3.1-8b", "h100-80gb-sxm", 1, "bf16", 128, 128));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto model = resolveModel(plan->model);
    ASSERT_TRUE(model);
    const Catalog& catalog = builtinCatalog();
    auto hw = resolveCandidate(plan->candidates.front(), catalog, 1, "candidates[0]");
    ASSERT_TRUE(hw);
    auto config = configurationFromPlan(*plan, *hw);
    ASSERT_TRUE(config);
    const Workload workload = workloadOnGpu(plan->workload, hw->gpu);
    const ServingReplica replica(*model, workload, *config, *hw, plan->assumptions, catalog);
    const ReplicaSteps& steps = replica.steps();
    const double e = expectedTokensPerStep(0.6, 3);
    EXPECT_NEAR(e, 1 + 0.6 + 0.36 + 0.216, 1e-12);
    // The parts: the per-step overhead (serving.step_overhead_ms, 0.5 ms), the weights W from an empty step, each
    // request's KV read from one more, c from the GEMMs' FLOPs of a step far into compute (less its KV reads).
    const double o = 0.5e-3;
    const double w = steps.plainStepSeconds(0, 0) - o;
    const double kv = steps.plainStepSeconds(1, 0) - o - w;
    ASSERT_TRUE(steps.computeBound(8192, 0));
    const double c = (steps.plainStepSeconds(8192, 0) - o - 8192 * kv) / 8192;
    // A decode-only step runs the CUDA graph of the next listed size (serving.engine.vllm.cuda_graph_batch_sizes:
    // 1, 2, 4, then every multiple of 8 to 512): its GEMMs multiply the padded rows; the padding holds no KV.
    const auto padded = [](double b) {
        return b > 512 ? b : b <= 4 ? std::exp2(std::ceil(std::log2(b))) : 8 * std::ceil(b / 8);
    };
    const auto plainStep = [&](double b) { return b * kv + std::max(w, padded(b) * c) + o; };
    const auto specStep = [&](double b) { return b * kv + std::max(w, 4 * padded(b) * c) + o + steps.draftSeconds(b); };
    EXPECT_NEAR(steps.plainStepSeconds(64, 0), plainStep(64), 1e-3 * plainStep(64));
    EXPECT_NEAR(steps.stepSeconds(64, 0), specStep(64), 1e-3 * specStep(64));
    int crossover = 0;
    for (int b = 1; b <= replica.capacity(); ++b)
        if (e * plainStep(b) > specStep(b))
            crossover = b;
    std::printf("\nEAGLE k=3 alpha 0.6, Llama 3.1 8B on H100: pays up to %d requests by hand (capacity %d)\n",
        crossover, replica.capacity());
    ASSERT_GT(crossover, 1);
    ASSERT_LT(crossover, replica.capacity());
    const SpeculativePayoff payoff = speculativePayoff(steps, replica.capacity(), 1);
    EXPECT_NEAR(payoff.paysUpTo, crossover, 1);
    // At 512 requests in flight the answer says it does not pay, and why.
    auto estimate = estimatePlan(*plan, catalog);
    ASSERT_TRUE(estimate && estimate->results.front().serving);
    const ServingResult& s = *estimate->results.front().serving;
    if (s.concurrency > crossover + 1) {
        EXPECT_LT(s.speculativeSpeedup, 1);
        bool warned = false;
        for (const Diagnostic& d : estimate->results.front().warnings)
            warned = warned || d.code == "serving_speculation_slower";
        EXPECT_TRUE(warned);
    }
}

// The draft's weights and KV come out of the KV cache's budget: fewer tokens fit with it than without.
TEST(ServingSpeculative, DraftMemoryComesOutOfTheKvCache)
{
    const ServingResult plain = servedFirstCandidate(speculativePlanText(R"({"method": "none"})"));
    const ServingResult eagle = servedFirstCandidate(speculativePlanText(R"({"method": "eagle"})"));
    EXPECT_NEAR(eagle.weightBytes - plain.weightBytes, eagle.draftWeightBytes, 1);
    EXPECT_NEAR(eagle.kvBytesPerToken, plain.kvBytesPerToken * 33.0 / 32, 1e-6 * plain.kvBytesPerToken);
    EXPECT_LT(eagle.kvCacheTokens, plain.kvCacheTokens);
    // DeepSeek-V3's own MTP module: one MoE layer and its projection, as the parameter count holds it.
    auto plan = parsePlan(speculativePlanText(
        R"({"method": "mtp"})", R"({"concurrency": 1})", "deepseek-v3", "h200-141gb-sxm", 8, "fp8"));
    ASSERT_TRUE(plan);
    auto model = resolveModel(plan->model);
    ASSERT_TRUE(model);
    const ServingResult mtp = servedFirstCandidate(speculativePlanText(
        R"({"method": "mtp"})", R"({"concurrency": 1})", "deepseek-v3", "h200-141gb-sxm", 8, "fp8"));
    EXPECT_NEAR(mtp.draftWeightBytes / mtp.weightBytes,
        model->parameters.mtp / (model->parameters.total + model->parameters.mtp), 0.01);
}

TEST(ServingSpeculative, PublishedSpeedupsWithError)
{
    const auto data = nlohmann::json::parse(
        test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/speculative-decoding.json"));
    double worst = 0;
    int cases = 0;
    for (const auto& c : data.at("cases")) {
        const auto& p = c.at("plan");
        const int k = p.at("draft_tokens").get<int>();
        const double alpha = p.contains("acceptance_rate")
            ? p.at("acceptance_rate").get<double>()
            : acceptanceForLength(p.at("acceptance_length").get<double>(), k);
        const std::string spec = R"({"method": ")" + p.at("method").get<std::string>() + R"(", "draft_tokens": )"
            + std::to_string(k) + R"(, "acceptance_rate": )" + std::to_string(alpha) + "}";
        const ServingResult s = servedFirstCandidate(
            speculativePlanText(spec, R"({"concurrency": )" + std::to_string(p.at("concurrency").get<int>()) + "}",
                p.at("preset").get<std::string>(), p.at("gpu").get<std::string>(), p.value("tensor", 1),
                p.value("precision", std::string("bf16")), p.at("prompt_tokens").get<long>(),
                p.at("output_tokens").get<long>()));
        const double measured = c.at("measured").at("speedup").get<double>();
        const double error = s.speculativeSpeedup / measured - 1;
        std::printf("%-34s alpha %.3f k %d: model %.3fx, published %.3fx, error %+.1f%%\n",
            c.at("id").get<std::string>().c_str(), alpha, k, s.speculativeSpeedup, measured, 100 * error);
        worst = std::max(worst, std::fabs(error));
        ++cases;
    }
    EXPECT_EQ(cases, 3);
    EXPECT_LT(worst, 0.35); // a regression guard at what the model reaches, not a fit
}

} // namespace
} // namespace gp
