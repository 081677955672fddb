// Absurdly large but accepted inputs (1T parameters, 1M-token sequences, every limit at once) through
// estimatePlan and searchPlan: every figure is finite, or the call returns an error that names the field.
#include "test_robustness_support.h"

#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "output/results_json.h"
#include "planner/planner.h"

#include <gtest/gtest.h>

using namespace gp;
using gp::robustness::expectFiniteJson;
using gp::robustness::expectFiniteResult;
using gp::robustness::mustParse;
using gp::robustness::planText;
using nlohmann::json;

namespace
{

// Runs estimate and plan; each either succeeds with finite figures or fails with a field path.
void expectFiniteOrClearError(const Plan& plan)
{
    auto estimate = estimatePlan(plan, builtinCatalog());
    if (estimate) {
        ASSERT_FALSE(estimate->results.empty());
        for (const auto& r : estimate->results)
            expectFiniteResult(r);
        expectFiniteJson(planEstimateToJson(*estimate));
    } else {
        EXPECT_FALSE(estimate.error().field.empty()) << estimate.error().toString();
    }
    auto search = searchPlan(plan, builtinCatalog());
    if (search) {
        ASSERT_FALSE(search->candidates.empty());
        for (const auto& c : search->candidates) {
            expectFiniteResult(c.best);
            if (c.fits) { // a candidate that cannot fit ranks last with an infinite objective, by design
                EXPECT_TRUE(std::isfinite(c.objectiveValue));
            }
            for (const auto& point : c.frontier) {
                EXPECT_TRUE(std::isfinite(point.hours));
                EXPECT_TRUE(std::isfinite(point.cost));
            }
        }
        expectFiniteJson(planAnswerToJson(rankAnswer(*search, plan)));
    } else {
        EXPECT_FALSE(search.error().field.empty()) << search.error().toString();
    }
}

} // namespace

TEST(RobustnessScale, OneTrillionParametersGivenAsSizeIsFinite)
{
    const Plan plan = mustParse(planText([](json& p) { p["model"] = { { "parameters", 1e12 } }; }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    // A typical 1T architecture counts within 10 % of the size asked for (resolveModel's own tolerance).
    EXPECT_NEAR(estimate->model.parameters.total, 1e12, 0.1e12);
    // 1e12 bf16 weights alone are 2e12 bytes: on 8 x 40 GB without ZeRO sharding across nodes it cannot fit.
    ASSERT_EQ(estimate->results.size(), 1u);
    EXPECT_FALSE(estimate->results[0].fits);
    expectFiniteOrClearError(plan);
}

TEST(RobustnessScale, OneTrillionParameterArchitectureIsFinite)
{
    // Blocks: 128 x (4 x 25600^2 + 3 x 25600 x 68267) = 1.007e12; embeddings 2 x 128000 x 25600 = 6.6e9.
    const Plan plan = mustParse(planText([](json& p) {
        p["model"] = { { "architecture",
            { { "hidden_size", 25600 }, { "num_layers", 128 }, { "num_attention_heads", 200 },
                { "num_key_value_heads", 200 }, { "intermediate_size", 68267 }, { "vocab_size", 128000 },
                { "mlp", "gated" } } } };
    }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    EXPECT_GT(estimate->model.parameters.total, 1e12);
    EXPECT_LT(estimate->model.parameters.total, 1.1e12);
    expectFiniteOrClearError(plan);
}

TEST(RobustnessScale, OneMillionTokenSequenceTrainingIsFinite)
{
    const Plan plan = mustParse(planText([](json& p) { p["workload"]["sequence_length"] = 1 << 20; }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    // Even with flash attention the 1M-token activations of a 7B model exceed 40 GB per GPU.
    EXPECT_FALSE(estimate->results[0].fits);
    EXPECT_GT(estimate->results[0].memory.activations, 40e9);
    expectFiniteOrClearError(plan);
}

TEST(RobustnessScale, OneMillionTokenPromptInferenceIsFinite)
{
    const Plan plan = mustParse(planText([](json& p) {
        p["workload"] = { { "mode", "inference" },
            { "inference", { { "batch_size", 64 }, { "prompt_tokens", 1 << 20 }, { "output_tokens", 1 << 20 } } } };
    }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    // KV cache of Llama-2-7B: 2 x 32 layers x 4096 x 2 bytes = 512 KiB per token; 64 x 2M tokens = 64 TiB.
    EXPECT_GT(estimate->results[0].memory.kvCache, 1e12);
    EXPECT_FALSE(estimate->results[0].fits);
    expectFiniteOrClearError(plan);
}

TEST(RobustnessScale, EveryLimitAtOnceIsFinite)
{
    // The largest value the parser accepts for each size, all in one plan.
    const Plan plan = mustParse(planText([](json& p) {
        p["model"] = { { "parameters", 1e13 } };
        p["workload"] = { { "mode", "training" }, { "sequence_length", 1 << 24 }, { "micro_batch_size", 1 << 16 },
            { "gradient_accumulation_steps", 1 << 20 }, { "training_tokens", 1e16 },
            { "parallelism", { { "data", "auto" }, { "tensor", 1 }, { "pipeline", 1 }, { "zero_stage", 3 } } } };
        p["candidates"] = { { { "gpu", "h200-141gb-sxm" }, { "gpus_per_node", 64 }, { "nodes", 4096 },
            { "inter_node_gbps", 1e6 }, { "price_per_hour", 1e9 } } };
        p["search"] = { { "enabled", true }, { "max_nodes", 2 } };
    }));
    expectFiniteOrClearError(plan);
}

TEST(RobustnessScale, TinyModelOnHugeClusterIsFinite)
{
    // 1000 parameters (the smallest accepted) spread over 64 x 4096 GPUs: no division by a zero share.
    const Plan plan = mustParse(planText([](json& p) {
        p["model"] = { { "parameters", 1000 } };
        p["workload"]["sequence_length"] = 1;
        p["candidates"]
            = { { { "gpu", "t4-16gb" }, { "gpus_per_node", 64 }, { "nodes", 4096 }, { "inter_node_gbps", 0.001 } } };
    }));
    expectFiniteOrClearError(plan);
}

TEST(RobustnessScale, ZeroOutputTokensInferenceIsFinite)
{
    const Plan plan = mustParse(planText([](json& p) {
        p["workload"]
            = { { "mode", "inference" }, { "inference", { { "prompt_tokens", 1 }, { "output_tokens", 0 } } } };
    }));
    expectFiniteOrClearError(plan);
}
