// The NVFP4 recipe (workload.fp8_recipe "nvfp4", Transformer Engine's NVFP4BlockScaling as NVIDIA's MaxText
// recipe applies it): the MLP GEMMs run at the FP4 peak, the attention projections in tensorwise FP8, the casts
// move NVFP4's bytes; it runs on data-center Blackwell only. Checked by hand on Llama 2 7B, and the estimated
// speedups over FP8 against the four published in NVIDIA's MaxText post (tests/data/reference/nvfp4-speedups.json).
#include "catalog/gpu_precision.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/fp8_scaling.h"
#include "estimate/time/throughput_model.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gp
{
namespace
{

using namespace gp::testing;

Configuration zero3(int data)
{
    Configuration c;
    c.data = data;
    c.zeroStage = 3;
    return c;
}

const Diagnostic* findWarning(const CandidateResult& r, const std::string& code)
{
    const auto it
        = std::find_if(r.warnings.begin(), r.warnings.end(), [&](const Diagnostic& d) { return d.code == code; });
    return it == r.warnings.end() ? nullptr : &*it;
}

TEST(Nvfp4Recipe, MlpCountsOfLlama2_7bByHand)
{
    // Llama 2 7B: h 4096, MLP 11008 (gated), 32 layers: the MLPs hold 3hf = 135,266,304 weights per layer and a
    // token runs 2 x 3hf FLOPs through them per layer in forward.
    const ResolvedModel m = modelFrom(llama2_7b());
    EXPECT_DOUBLE_EQ(m.parameters.mlpLinear, 32.0 * 135266304);
    const TrainingFlopsPerToken f
        = trainingFlopsPerToken(m.architecture, m.parameters, fp8Pretraining(Fp8Recipe::Nvfp4), Checkpointing::None);
    EXPECT_DOUBLE_EQ(f.forward.mlp, 32.0 * 2 * 135266304);
    EXPECT_DOUBLE_EQ(f.mlpHardware, 3 * f.forward.mlp); // forward + two backward GEMMs, no recomputation
    const TrainingFlopsPerToken full
        = trainingFlopsPerToken(m.architecture, m.parameters, fp8Pretraining(Fp8Recipe::Nvfp4), Checkpointing::Full);
    EXPECT_DOUBLE_EQ(full.mlpHardware, 4 * full.forward.mlp); // one more forward
    EXPECT_LT(full.mlpHardware, full.linearHardware);
}

TEST(Nvfp4Recipe, CastBytesOfLlama2_7bByHand)
{
    // Per layer the MLP's linears take inputs gate h, up h, down f (2h + f = 19,200) and give outputs gate f,
    // up f, down h (2f + h = 26,112); NVFP4 moves 3.125 bytes per such element and 5.125 per weight element
    // (3hf = 135,266,304). The attention's four h x h projections (inputs and outputs 4h = 16,384 each, weights
    // 4h^2 = 67,108,864) cast as tensorwise: 4 and 8 bytes.
    const Fp8CastTraffic t = fp8CastTraffic(llama2_7b(), Fp8Recipe::Nvfp4);
    EXPECT_DOUBLE_EQ(t.bytesPerToken, 32.0 * (3.125 * (19200 + 26112) + 4.0 * (16384 + 16384)));
    EXPECT_DOUBLE_EQ(t.weightBytes, 32.0 * (5.125 * 135266304 + 8.0 * 67108864));
}

TEST(Nvfp4Recipe, MlpGemmsRunAtTheFp4PeakOnB200)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5");
    const ThroughputEstimate fp4
        = estimateThroughput(m, fp8Pretraining(Fp8Recipe::Nvfp4), zero3(8), hw, {}, {}, catalog);
    const ThroughputEstimate fp8
        = estimateThroughput(m, fp8Pretraining(Fp8Recipe::Tensorwise), zero3(8), hw, {}, {}, catalog);
    ASSERT_GT(fp4.tokensPerSecond, 0);
    EXPECT_GT(fp4.tokensPerSecond, fp8.tokensPerSecond);
    // By hand: the MLP GEMMs' time falls from FP8's peak (4,500 TFLOPS) to FP4's (9,000), at the same efficiency;
    // the rest of the compute is unchanged except the casts. 8,192 tokens per GPU and step.
    const TrainingFlopsPerToken f
        = trainingFlopsPerToken(m.architecture, m.parameters, fp8Pretraining(Fp8Recipe::Nvfp4), Checkpointing::None);
    ASSERT_DOUBLE_EQ(fp4.computeEfficiency, fp8.computeEfficiency);
    const double saved = 8192.0 * f.mlpHardware * (1 / 4500e12 - 1 / 9000e12) / fp8.computeEfficiency;
    const double fp4Busy = fp4.step.compute - fp4.fp8CastSeconds;
    const double fp8Busy = fp8.step.compute - fp8.fp8CastSeconds;
    EXPECT_NEAR(fp8Busy - fp4Busy, saved, 1e-9 * fp8Busy);
    // The casts: the recipe's traffic over the same achieved bandwidth as tensorwise.
    const Fp8CastTraffic nv = fp8CastTraffic(llama2_7b(), Fp8Recipe::Nvfp4);
    const Fp8CastTraffic tw = fp8CastTraffic(llama2_7b(), Fp8Recipe::Tensorwise);
    EXPECT_NEAR((8192.0 * nv.bytesPerToken + nv.weightBytes) / fp4.fp8CastSeconds,
        (8192.0 * tw.bytesPerToken + tw.weightBytes) / fp8.fp8CastSeconds, 1e-3);
}

TEST(Nvfp4Recipe, RunsOnDataCenterBlackwellOnly)
{
    const Catalog& catalog = builtinCatalog();
    const auto recipeOn = [&](const char* id) {
        const GpuSpec* gpu = catalog.findGpu(id);
        EXPECT_NE(gpu, nullptr) << id;
        return gpu ? fp8RecipeOnGpu(*gpu, Fp8Recipe::Nvfp4) : Fp8Recipe::Tensorwise;
    };
    for (const char* id : { "b200-180gb-sxm", "b300-270gb-sxm", "gb200-186gb", "gb300-279gb" })
        EXPECT_EQ(recipeOn(id), Fp8Recipe::Nvfp4) << id;
    EXPECT_EQ(recipeOn("rtx-5090-32gb"), Fp8Recipe::Mxfp8); // consumer Blackwell (SM 12.0): TE trains no NVFP4
    EXPECT_EQ(recipeOn("h100-80gb-sxm"), Fp8Recipe::Tensorwise);
    EXPECT_EQ(recipeOn("mi355x-288gb"), Fp8Recipe::Tensorwise); // FP4 tensor cores, but not NVIDIA's NVFP4

    // Through the estimator: the H100 says what it ran instead, the B200 runs the recipe without a word.
    auto plan = parsePlan(R"({ "format": "gpu-planner-plan", "version": 1, "model": { "preset": "llama-2-7b" },
        "workload": { "mode": "training", "precision": "fp8", "fp8_recipe": "nvfp4", "sequence_length": 4096 },
        "candidates": [ { "gpu": "h100-80gb-sxm", "gpus_per_node": 8 }, { "gpu": "b200-180gb-sxm", "gpus_per_node": 8 } ] })");
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    auto estimate = estimatePlan(*plan, catalog);
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    ASSERT_EQ(estimate->results.size(), 2u);
    const Diagnostic* hopper = findWarning(estimate->results[0], "fp8_recipe_unsupported");
    ASSERT_NE(hopper, nullptr);
    EXPECT_EQ(hopper->arg("recipe"), "nvfp4");
    EXPECT_EQ(hopper->arg("used"), "tensorwise");
    EXPECT_NE(hopper->message.find("data-center Blackwell"), std::string::npos) << hopper->message;
    EXPECT_EQ(findWarning(estimate->results[1], "fp8_recipe_unsupported"), nullptr);
    EXPECT_GT(estimate->results[1].tokensPerSecond, 0);
}

TEST(Nvfp4Recipe, Fp8AllGatherDoesNotApplyAndSaysWhy)
{
    auto plan = parsePlan(R"({ "format": "gpu-planner-plan", "version": 1, "model": { "preset": "llama-2-7b" },
        "workload": { "mode": "training", "precision": "fp8", "fp8_recipe": "nvfp4", "fp8_all_gather": true,
                      "sequence_length": 4096, "parallelism": { "data": 8, "zero_stage": 3 } },
        "candidates": [ { "gpu": "b200-180gb-sxm", "gpus_per_node": 8 }, { "gpu": "h100-80gb-sxm", "gpus_per_node": 8 } ] })");
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    auto estimate = estimatePlan(*plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    const Diagnostic* blackwell = findWarning(estimate->results[0], "fp8_all_gather_unused");
    ASSERT_NE(blackwell, nullptr);
    EXPECT_EQ(blackwell->arg("reason"), "recipe");
    // On the H100 the plan runs tensorwise FP8, so the all-gather applies there.
    EXPECT_EQ(findWarning(estimate->results[1], "fp8_all_gather_unused"), nullptr);
}

TEST(Nvfp4Recipe, CachedWeightCastsHoldTwoNvfp4CopiesOfTheMlps)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5");
    const MemoryBreakdown fp8 = estimateMemory(m, fp8Pretraining(Fp8Recipe::Tensorwise), zero3(8), hw, {}, catalog);
    const MemoryBreakdown fp4 = estimateMemory(m, fp8Pretraining(Fp8Recipe::Nvfp4), zero3(8), hw, {}, catalog);
    // Weights per parameter: 2 bytes + a 1-byte FP8 cast; NVFP4's MLP weights cache 2 x 0.5625 bytes instead.
    const double mlpShare = m.parameters.mlpLinear / m.parameters.total;
    ASSERT_GT(fp8.weights, 0);
    EXPECT_NEAR(fp4.weights / fp8.weights, (3.0 + 0.125 * mlpShare) / 3.0, 1e-9);
}

TEST(Nvfp4Recipe, FieldIsReadAndWritten)
{
    auto plan = parsePlan(R"({ "format": "gpu-planner-plan", "version": 1, "model": { "preset": "llama-2-7b" },
        "workload": { "mode": "training", "precision": "fp8", "fp8_recipe": "nvfp4" } })");
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    EXPECT_EQ(plan->workload.fp8Recipe, Fp8Recipe::Nvfp4);
    EXPECT_EQ(planToJson(*plan)["workload"]["fp8_recipe"], "nvfp4");
    auto reread = planFromJson(planToJson(*plan));
    ASSERT_TRUE(reread.ok());
    EXPECT_EQ(reread->workload.fp8Recipe, Fp8Recipe::Nvfp4);
}

// NVIDIA's MaxText post: NVFP4 on the MLPs over the FP8 baseline, 1.31x to 1.73x per GPU. Each case's two plans
// differ only in the recipe; the estimated ratio is compared with the published one (the post gives no layout,
// so the absolute speeds are not compared). Nothing is fitted to these four numbers.
TEST(Nvfp4Recipe, SpeedupsOverFp8AsPublished)
{
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/nvfp4-speedups.json"));
    std::vector<double> errors;
    for (const auto& c : doc["cases"]) {
        auto fp8 = planFromJson(c["plans"]["fp8"]);
        auto fp4 = planFromJson(c["plans"]["nvfp4"]);
        ASSERT_TRUE(fp8.ok() && fp4.ok()) << c["id"];
        ASSERT_EQ(fp4->workload.fp8Recipe, Fp8Recipe::Nvfp4);
        auto slow = estimatePlan(*fp8, builtinCatalog());
        auto fast = estimatePlan(*fp4, builtinCatalog());
        ASSERT_TRUE(slow.ok() && fast.ok()) << c["id"];
        ASSERT_GT(slow->results.front().tokensPerSecond, 0) << c["id"];
        const double ratio = fast->results.front().tokensPerSecond / slow->results.front().tokensPerSecond;
        const double published = c["measured"]["value"].get<double>();
        const double error = ratio / published - 1;
        std::printf("%-50s estimated %.3f published %.3f error %+.1f%%\n", c["id"].get<std::string>().c_str(), ratio,
            published, 100 * error);
        errors.push_back(std::abs(error));
    }
    ASSERT_EQ(errors.size(), 4u);
    std::sort(errors.begin(), errors.end());
    const double median = (errors[1] + errors[2]) / 2;
    std::printf("NVFP4 over FP8: median |error| %.1f%%, worst %.1f%%\n", 100 * median, 100 * errors.back());
    EXPECT_LE(median, 0.10);
    EXPECT_LE(errors.back(), 0.20);
}

} // namespace
} // namespace gp
