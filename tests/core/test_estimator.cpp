// The estimator glue: configuration from the plan, layout checks, precision fallback, prices and hours.
#include "estimate/estimator.h"
#include "plan/plan.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace
{

gp::Plan estimatorPlan(const json& patch)
{
    json document = json::parse(gp::defaultPlanText());
    document.merge_patch(patch);
    auto plan = gp::parsePlan(document.dump());
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : gp::Plan {};
}

gp::CandidateResult onlyResult(const gp::Plan& plan)
{
    auto estimate = gp::estimatePlan(plan, gp::builtinCatalog());
    EXPECT_TRUE(estimate.ok()) << (estimate.ok() ? "" : estimate.error().toString());
    EXPECT_EQ(estimate.ok() ? estimate->results.size() : 0u, 1u);
    return estimate.ok() && !estimate->results.empty() ? estimate->results.front() : gp::CandidateResult {};
}

} // namespace

TEST(Estimator, DataParallelAutoUsesEveryGpuLeft)
{
    gp::Plan plan = estimatorPlan(
        { { "candidates", json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", 2 } } }) },
            { "workload", { { "parallelism", { { "tensor", 2 }, { "pipeline", 2 } } } } } });
    gp::CandidateResult r = onlyResult(plan);
    EXPECT_EQ(r.gpus, 16);
    EXPECT_EQ(r.configuration.data, 4) << "16 GPUs / (TP 2 x PP 2)";
    // The default plan's global batch of 64 sequences: accumulation = 64 / (micro 1 x data 4).
    EXPECT_EQ(r.configuration.gradientAccumulationSteps, 16);
}

TEST(Estimator, TensorBeyondTheCandidatesGpusIsAnError)
{
    gp::Plan plan = estimatorPlan({ { "candidates", json::array({ { { "instance", "tencent:GT4.4XLARGE96" } } }) },
        { "workload", { { "parallelism", { { "tensor", 2 } } } } } });
    auto estimate = gp::estimatePlan(plan, gp::builtinCatalog());
    ASSERT_FALSE(estimate.ok()) << "TP 2 on a 1-GPU instance is invalid input";
    EXPECT_EQ(estimate.error().field, "workload.parallelism.tensor");
    EXPECT_NE(estimate.error().message.find("1 GPUs"), std::string::npos) << estimate.error().message;
}

TEST(Estimator, TensorAcrossNodesIsRefusedWithItsReason)
{
    gp::Plan plan = estimatorPlan(
        { { "candidates", json::array({ { { "instance", "tencent:GT4.8XLARGE192" }, { "nodes", 2 } } }) },
            { "workload", { { "parallelism", { { "tensor", 4 } } } } } });
    gp::CandidateResult r = onlyResult(plan);
    ASSERT_TRUE(r.failure.has_value());
    EXPECT_EQ(r.failure->code, "tensor_exceeds_node") << "2 GPUs per node cannot hold TP 4";
}

TEST(Estimator, Bf16OnVoltaRunsAsFp16WithAWarning)
{
    gp::Plan plan
        = estimatorPlan({ { "candidates", json::array({ { { "instance", "tencent:GN10Xp.20XLARGE320" } } }) } });
    gp::CandidateResult r = onlyResult(plan);
    bool warned = false;
    for (const auto& w : r.warnings)
        warned = warned || (w.code == "precision_unsupported" && w.arg("used") == "fp16");
    EXPECT_TRUE(warned) << "V100 has no bf16 tensor cores (datasheet)";
    EXPECT_GT(r.tokensPerSecond, 0);
}

TEST(Estimator, UserQuoteIsPerNodeWhenNodesAreAuto)
{
    gp::Plan one = estimatorPlan({ { "candidates",
        json::array({ { { "gpu", "a100-80gb-sxm" }, { "gpus_per_node", 8 }, { "nodes", 1 }, { "price_per_hour", 100.0 },
            { "inter_node_gbps", 800 } } }) } });
    gp::Plan two = estimatorPlan({ { "candidates",
        json::array({ { { "gpu", "a100-80gb-sxm" }, { "gpus_per_node", 8 }, { "nodes", 2 }, { "price_per_hour", 100.0 },
            { "inter_node_gbps", 800 } } }) } });
    gp::CandidateResult r1 = onlyResult(one);
    gp::CandidateResult r2 = onlyResult(two);
    ASSERT_TRUE(r1.cost.pricePerHour && r2.cost.pricePerHour);
    EXPECT_DOUBLE_EQ(*r1.cost.pricePerHour, 100.0);
    EXPECT_DOUBLE_EQ(*r2.cost.pricePerHour, 100.0) << "a fixed node count: the quote is for the whole candidate";
    auto hw = gp::resolveCandidate(
        { "", "a100-80gb-sxm", 8, std::nullopt, "", 800.0, 100.0, "", "" }, gp::builtinCatalog(), 3, "candidates[0]");
    ASSERT_TRUE(hw.ok());
    EXPECT_DOUBLE_EQ(hw->userPricePerHour.value(), 300.0) << "\"auto\" nodes: one node's quote times 3 nodes";
}

TEST(Estimator, InferenceCostCoversServingThePlansTokens)
{
    gp::Plan plan = estimatorPlan({ { "candidates", json::array({ { { "instance", "tencent:GNV7e-1GPU" } } }) },
        { "workload", { { "mode", "inference" }, { "training_tokens", 1.0e8 } } } });
    gp::CandidateResult r = onlyResult(plan);
    ASSERT_TRUE(r.decodeTokensPerSecond.has_value());
    ASSERT_GT(*r.decodeTokensPerSecond, 0);
    ASSERT_TRUE(r.cost.pricePerHour.has_value());
    ASSERT_TRUE(r.cost.total(gp::BillingMode::OnDemand).has_value());
    const double hours = 1.0e8 / *r.decodeTokensPerSecond / 3600.0;
    EXPECT_NEAR(*r.cost.total(gp::BillingMode::OnDemand), *r.cost.pricePerHour * hours,
        1e-6 * *r.cost.total(gp::BillingMode::OnDemand));
}

TEST(Estimator, PureBf16NeedsLessMemoryThanAMasterCopy)
{
    json candidates = json::array({ { { "instance", "tencent:GNV7e-8GPU" } } });
    gp::CandidateResult mixed = onlyResult(estimatorPlan({ { "candidates", candidates } }));
    gp::CandidateResult pure
        = onlyResult(estimatorPlan({ { "candidates", candidates }, { "workload", { { "master_weights", false } } } }));
    // ZeRO-3 over 8 GPUs: the fp32 master copy alone is 4 bytes per parameter / 8 GPUs = 0.5 B/param per GPU.
    const double params = 6738415616.0; // Llama-2-7B, exact count
    EXPECT_GT(mixed.memory.total - pure.memory.total, 0.9 * 4.0 * params / 8);
    EXPECT_LT(pure.memory.total, mixed.memory.total);
}

TEST(Estimator, FrameworkSwitchesRoundTripThroughThePlanFile)
{
    gp::Plan plan = estimatorPlan({ { "workload",
        { { "master_weights", false }, { "paged_optimizer", true }, { "torch_compile", true },
            { "optimizer_in_backward", true } } } });
    EXPECT_FALSE(plan.workload.masterWeights);
    auto reread = gp::parsePlan(gp::serializePlan(plan));
    ASSERT_TRUE(reread.ok());
    EXPECT_FALSE(reread->workload.masterWeights);
    EXPECT_TRUE(reread->workload.pagedOptimizer);
    EXPECT_TRUE(reread->workload.torchCompile);
    EXPECT_TRUE(reread->workload.optimizerInBackward);
}
